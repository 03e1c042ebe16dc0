//! The same tests for every MILP solver compiled in (`Milp::compiled()`): solving,
//! infeasibility, counting by exclusion cuts, limits and fixed-variable substitution. Every grid
//! a solver returns is checked with the independent checker, and solvers must agree.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use sudoku_ip_milp::Milp;
use sudoku_ip_model::{
    check, Backend, Cancel, Cell, Geometry, Grid, Limits, Model, Objective, Progress, Puzzle, SearchEnd, SearchRequest,
    SearchResult, StartUse,
};

mod common;

use common::{puzzle, SEED_000};

/// A full 4x4 grid whose top-left 2x2 digits 1 and 2 can swap with rows 3's (a "deadly
/// pattern"): blanking those four cells leaves exactly two solutions.
const FULL_4X4: [u8; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];

fn two_solution_puzzle() -> Puzzle {
    let mut values = FULL_4X4.to_vec();
    for k in [0, 1, 8, 9] {
        values[k] = 0;
    }
    Puzzle::new(Geometry::new(4, None).expect("4x4"), Grid::from_values(4, values).expect("grid"))
}

fn backends() -> Vec<Milp> {
    let solvers = Milp::compiled();
    assert!(!solvers.is_empty(), "no MILP solver compiled in");
    solvers
}

fn search(backend: &Milp, model: &Model, request: SearchRequest) -> SearchResult {
    backend.search(model, &request).unwrap_or_else(|e| panic!("{}: {e}", backend.name()))
}

/// Check every returned grid against the puzzle and that they are distinct.
fn assert_valid(backend: &Milp, puzzle: &Puzzle, result: &SearchResult) {
    for grid in &result.solutions {
        let violations = check::verify(puzzle, grid);
        assert!(violations.is_empty(), "{}: wrong grid {violations:?}", backend.name());
    }
    let distinct: HashSet<&Grid> = result.solutions.iter().collect();
    assert_eq!(distinct.len(), result.solutions.len(), "{}: repeated solution", backend.name());
}

/// Reference count by plain backtracking over cells (small grids only).
fn brute_force_count(puzzle: &Puzzle) -> u64 {
    fn fill(p: &Puzzle, grid: &mut Grid, k: usize) -> u64 {
        let n = p.n();
        if k == n * n {
            return u64::from(check::verify(p, grid).is_empty());
        }
        let cell = Cell::from_index(k, n);
        if grid.get(cell) != 0 {
            return fill(p, grid, k + 1);
        }
        let mut total = 0;
        for d in 1..=n {
            grid.set(cell, d);
            // Prune on row and column clashes; boxes are left to the final check.
            let clash = (0..n).any(|i| {
                (i != cell.col as usize && grid.get(Cell::new(cell.row as usize, i)) == d)
                    || (i != cell.row as usize && grid.get(Cell::new(i, cell.col as usize)) == d)
            });
            if !clash {
                total += fill(p, grid, k + 1);
            }
        }
        grid.set(cell, 0);
        total
    }
    fill(puzzle, &mut puzzle.givens().clone(), 0)
}

#[test]
fn solves_a_4x4() {
    let p = puzzle(4, &[(1, 1, 1), (2, 3, 1), (3, 2, 1), (4, 4, 1), (1, 2, 2), (4, 3, 2)]);
    let model = Model::build(&p);
    for b in backends() {
        let r = search(&b, &model, SearchRequest::solve());
        assert_eq!((r.count, r.solutions.len()), (1, 1), "{}", b.name());
        assert_eq!(r.end, SearchEnd::ReachedMax, "{}", b.name());
        assert_valid(&b, &p, &r);
        assert_eq!(r.stats.backend, b.name());
        assert_eq!(r.stats.solver_calls, Some(1));
    }
}

#[test]
fn solves_the_seed_000_puzzle_and_proves_it_unique() {
    let p = puzzle(9, &SEED_000);
    let model = Model::build(&p);
    let mut answers = Vec::new();
    for b in backends() {
        let r = search(&b, &model, SearchRequest::count(2, 2));
        assert_eq!((r.count, r.end.clone()), (1, SearchEnd::Exhausted), "{}", b.name());
        assert_valid(&b, &p, &r);
        // The full model is 729 x 324; the 21 givens never reach the solver.
        let (full, given) = (r.stats.model, r.stats.presolved.expect("presolved size"));
        assert_eq!((full.variables, full.rows, full.fixed), (729, 324, 21));
        assert_eq!((given.variables, given.fixed), (729 - 21, 0));
        assert_eq!(r.stats.solver_calls, Some(2), "one solve, one infeasible re-solve");
        answers.push(r.solutions[0].clone());
    }
    assert!(answers.windows(2).all(|w| w[0] == w[1]), "solvers disagree");
}

#[test]
fn an_infeasible_puzzle_is_exhausted_with_no_solution() {
    // r1c1 sees 2 and 3 in its row and 1 and 4 in its column: no digit fits, though no two
    // givens clash.
    let p = puzzle(4, &[(1, 2, 2), (1, 3, 3), (3, 1, 1), (4, 1, 4)]);
    assert!(check::given_conflicts(&p).is_empty());
    let model = Model::build(&p);
    for b in backends() {
        let r = search(&b, &model, SearchRequest::count(2, 2));
        assert_eq!((r.count, r.solutions.len(), r.end.clone()), (0, 0, SearchEnd::Exhausted), "{}", b.name());
        assert_eq!(r.stats.solver_calls, Some(1));
    }
}

#[test]
fn a_row_broken_by_fixed_values_is_infeasible_without_a_solver_call() {
    // Two 1s in row 1, and the row's other cells excluded from 1: row1_d1 reads 2 = 1.
    let p = puzzle(4, &[(1, 1, 1), (1, 4, 1)]);
    let mut model = Model::build(&p);
    for c in 1..3 {
        model.set_fixed(model.var(Cell::new(0, c), 1), Some(false));
    }
    for b in backends() {
        let r = search(&b, &model, SearchRequest::solve());
        assert_eq!((r.count, r.end.clone()), (0, SearchEnd::Exhausted), "{}", b.name());
        assert_eq!(r.stats.solver_calls, Some(0), "{}", b.name());
    }
}

#[test]
fn a_puzzle_with_two_solutions_counts_two() {
    let p = two_solution_puzzle();
    assert_eq!(brute_force_count(&p), 2);
    let model = Model::build(&p);
    for b in backends() {
        let r = search(&b, &model, SearchRequest::count(10, 10));
        assert_eq!((r.count, r.solutions.len(), r.end.clone()), (2, 2, SearchEnd::Exhausted), "{}", b.name());
        assert_valid(&b, &p, &r);
        assert!(r.solutions.contains(&Grid::from_values(4, FULL_4X4.to_vec()).expect("grid")));
        // keep = 1 still counts both.
        let r = search(&b, &model, SearchRequest::count(10, 1));
        assert_eq!((r.count, r.solutions.len()), (2, 1), "{}", b.name());
        // Uniqueness check (max 2) stops at the second solution.
        let r = search(&b, &model, SearchRequest::count(2, 0));
        assert_eq!((r.count, r.end), (2, SearchEnd::ReachedMax), "{}", b.name());
    }
}

#[test]
fn a_watched_count_notes_its_solutions_and_the_nodes_reported() {
    // The CLI's progress line reads what the search notes in its stop token's Progress.
    let p = two_solution_puzzle();
    let model = Model::build(&p);
    for b in backends() {
        let progress = Progress::shared();
        let limits = Limits { cancel: Cancel::new().with_progress(Arc::clone(&progress)), ..Default::default() };
        // Two solutions, and no infeasible last call (whose nodes microlp does not report).
        let r = search(&b, &model, SearchRequest { limits, ..SearchRequest::count(2, 0) });
        assert_eq!((r.count, progress.solutions()), (2, 2), "{}", b.name());
        // Nodes as the backend reports them (microlp), none noted where it reports none (HiGHS).
        assert_eq!(progress.nodes(), r.stats.nodes.unwrap_or(0), "{}", b.name());
    }
}

#[test]
fn counting_stops_at_the_maximum() {
    let p = Puzzle::blank(Geometry::new(4, None).expect("4x4"));
    let model = Model::build(&p);
    for b in backends() {
        let r = search(&b, &model, SearchRequest::count(5, 3));
        assert_eq!((r.count, r.solutions.len(), r.end.clone()), (5, 3, SearchEnd::ReachedMax), "{}", b.name());
        assert_valid(&b, &p, &r);
        assert_eq!(r.stats.solver_calls, Some(5));
    }
}

#[test]
fn counts_agree_with_brute_force() {
    // Two givens in a 4x4 leave a dozen or so solutions.
    let p = puzzle(4, &[(1, 1, 1), (2, 3, 2), (4, 4, 3)]);
    let expected = brute_force_count(&p);
    assert!((2..=40).contains(&expected), "expected a small count, got {expected}");
    let model = Model::build(&p);
    for b in backends() {
        let r = search(&b, &model, SearchRequest::count(u64::MAX, usize::MAX));
        assert_eq!((r.count, r.end.clone()), (expected, SearchEnd::Exhausted), "{}", b.name());
        assert_eq!(r.solutions.len() as u64, expected);
        assert_valid(&b, &p, &r);
        assert_eq!(r.stats.solver_calls, Some(expected + 1), "the last call proves there are no more");
    }
}

#[test]
fn a_zero_time_limit_stops_without_an_answer() {
    let model = Model::build(&puzzle(9, &SEED_000));
    let limits = Limits { time: Some(Duration::ZERO), nodes: None, ..Default::default() };
    for b in backends() {
        let r = search(&b, &model, SearchRequest::solve().with_limits(limits.clone()));
        assert_eq!((r.count, r.solutions.len()), (0, 0), "{}", b.name());
        assert!(
            matches!(&r.end, SearchEnd::Stopped { reason } if reason.contains("time limit")),
            "{}: {:?}",
            b.name(),
            r.end
        );
        // Stopped before the model is reduced for the solver (a large model takes a while):
        // no call, no reduced size.
        assert_eq!((r.stats.solver_calls, r.stats.presolved), (Some(0), None), "{}", b.name());
    }
}

#[test]
fn a_tiny_time_limit_gives_a_checked_solution_or_stops() {
    let p = puzzle(9, &SEED_000);
    let model = Model::build(&p);
    let limits = Limits { time: Some(Duration::from_micros(50)), nodes: None, ..Default::default() };
    for b in backends() {
        let r = search(&b, &model, SearchRequest::count(2, 2).with_limits(limits.clone()));
        assert_valid(&b, &p, &r);
        assert!(r.count <= 1, "{}", b.name());
        match &r.end {
            SearchEnd::Stopped { reason } => assert!(!reason.is_empty()),
            SearchEnd::Exhausted => assert_eq!(r.count, 1),
            SearchEnd::ReachedMax => panic!("{}: only one solution exists", b.name()),
        }
    }
}

#[test]
fn fixing_variables_to_false_gives_the_same_answers_on_a_smaller_problem() {
    let p = puzzle(9, &SEED_000);
    let model = Model::build(&p);
    for b in backends() {
        let plain = search(&b, &model, SearchRequest::count(2, 1));
        let solution = plain.solutions[0].clone();
        // What a presolve would do: exclude, in the first three rows, every digit other than
        // the solution's.
        let mut presolved = model.clone();
        let mut excluded = 0;
        for k in 0..27 {
            for d in 1..=9 {
                if d != solution.values()[k] as usize {
                    presolved.set_fixed(model.var(Cell::from_index(k, 9), d), Some(false));
                    excluded += 1;
                }
            }
        }
        let r = search(&b, &presolved, SearchRequest::count(2, 1));
        assert_eq!((r.count, r.end.clone(), r.solutions.clone()), (1, SearchEnd::Exhausted, vec![solution.clone()]));
        let (before, after) = (plain.stats.presolved.expect("size"), r.stats.presolved.expect("size"));
        // Givens fix only their own digit, so all the excluded variables were free before.
        assert_eq!(after.variables, before.variables - excluded, "{}", b.name());
        assert!(after.nonzeros < before.nonzeros && after.rows <= before.rows);
        assert_eq!(r.stats.model, presolved.size());

        // Excluding a digit the solution needs leaves no solution.
        let mut wrong = model.clone();
        wrong.set_fixed(model.var(Cell::new(0, 0), solution.values()[0] as usize), Some(false));
        let r = search(&b, &wrong, SearchRequest::count(2, 1));
        assert_eq!((r.count, r.end), (0, SearchEnd::Exhausted), "{}", b.name());
    }
}

#[test]
fn a_full_grid_needs_one_call_and_a_fully_fixed_model_none() {
    let full = Grid::from_values(4, FULL_4X4.to_vec()).expect("grid");
    let p = Puzzle::new(Geometry::new(4, None).expect("4x4"), full.clone());
    let mut model = Model::build(&p);
    for b in backends() {
        // Givens fix only their digit: the solver still sets the other 48 variables to 0, and
        // the exclusion cut, all over fixed variables, ends the count without a second call.
        let r = search(&b, &model, SearchRequest::count(2, 2));
        assert_eq!((r.count, r.end.clone(), r.solutions.clone()), (1, SearchEnd::Exhausted, vec![full.clone()]));
        assert_eq!(r.stats.solver_calls, Some(1), "{}", b.name());
    }
    for v in 0..model.num_vars() as u32 {
        if model.fixed()[v as usize].is_none() {
            model.set_fixed(v, Some(false));
        }
    }
    for b in backends() {
        let r = search(&b, &model, SearchRequest::count(2, 2));
        assert_eq!((r.count, r.end.clone(), r.solutions.clone()), (1, SearchEnd::Exhausted, vec![full.clone()]));
        assert_eq!(r.stats.solver_calls, Some(0), "{}", b.name());
        assert_eq!(r.stats.presolved.map(|s| s.variables), Some(0));
    }
}

/// Every solution of `puzzle`, by the native engine (small grids only).
fn all_solutions(puzzle: &Puzzle) -> Vec<Grid> {
    let model = Model::build(puzzle);
    sudoku_ip_native::Native.search(&model, &SearchRequest::count(u64::MAX, usize::MAX)).expect("native").solutions
}

/// `grid` with its digits renamed d → d mod n + 1: another solution of a blank grid.
fn renamed(grid: &Grid) -> Grid {
    let n = grid.n() as u8;
    Grid::from_values(grid.n(), grid.values().iter().map(|&d| d % n + 1).collect()).expect("grid")
}

#[test]
fn a_start_is_the_first_answer_and_is_reported_kept() {
    // A blank 4x4 has 288 solutions: a solver that ignored the start would answer with the
    // grid it finds on its own, which the start is chosen to differ from.
    let p = Puzzle::blank(Geometry::new(4, None).expect("4x4"));
    for objective in [Objective::Zero, Objective::Seed] {
        let model = Model::build(&p).with_objective(objective);
        for b in backends() {
            let own = search(&b, &model, SearchRequest::solve());
            assert_eq!(own.stats.start, None, "{}: no start, none reported", b.name());
            let start = renamed(&own.solutions[0]);
            assert_ne!(start, own.solutions[0]);
            let r = search(&b, &model, SearchRequest { start: Some(start.clone()), ..SearchRequest::solve() });
            assert_valid(&b, &p, &r);
            assert_eq!(r.solutions, vec![start.clone()], "{}, {objective:?}", b.name());
            assert_eq!(r.stats.start, Some(StartUse::Kept), "{}, {objective:?}", b.name());
            // Proven optimal: the seeds' objective takes one value on every solution, which
            // enumeration confirms is the least.
            let least = all_solutions(&p).iter().map(|g| objective.grid_value(g)).min();
            assert_eq!(r.stats.objective, least, "{}, {objective:?}", b.name());
            assert!(r.stats.mip_gap.is_some_and(|g| g <= 1e-4), "{}: gap {:?}", b.name(), r.stats.mip_gap);
            // A count from a start still finds every solution once: the start is the first call's.
            let r = search(&b, &model, SearchRequest { start: Some(start.clone()), ..SearchRequest::count(3, 3) });
            assert_valid(&b, &p, &r);
            assert_eq!((r.count, r.solutions[0].clone()), (3, start.clone()), "{}", b.name());
        }
    }
}

#[test]
fn a_start_that_breaks_the_model_is_not_passed() {
    let p = two_solution_puzzle();
    let model = Model::build(&p);
    // A solution of the blank 4x4 that breaks the givens: rejected, and the answers unchanged.
    let wrong = renamed(&Grid::from_values(4, FULL_4X4.to_vec()).expect("grid"));
    for b in backends() {
        let r = search(&b, &model, SearchRequest { start: Some(wrong.clone()), ..SearchRequest::count(10, 10) });
        assert_valid(&b, &p, &r);
        assert_eq!((r.count, r.stats.start), (2, Some(StartUse::Rejected)), "{}", b.name());
        let small = Grid::from_values(2, vec![1, 2, 2, 1]);
        if let Some(small) = small {
            let r = search(&b, &model, SearchRequest { start: Some(small), ..SearchRequest::solve() });
            assert_eq!((r.count, r.stats.start), (1, Some(StartUse::Rejected)), "{}: wrong size", b.name());
        }
    }
}

#[test]
fn a_start_under_a_zero_time_limit_stops_without_an_answer() {
    let p = Puzzle::blank(Geometry::new(4, None).expect("4x4"));
    let model = Model::build(&p).with_objective(Objective::Seed);
    let start = all_solutions(&p).pop().expect("a solution");
    let limits = Limits { time: Some(Duration::ZERO), ..Default::default() };
    for b in backends() {
        let request =
            SearchRequest { start: Some(start.clone()), ..SearchRequest::solve().with_limits(limits.clone()) };
        let r = search(&b, &model, request);
        assert_eq!((r.count, r.solutions.len(), r.stats.start), (0, 0, None), "{}", b.name());
        assert!(matches!(&r.end, SearchEnd::Stopped { reason } if reason.contains("time limit")), "{}", b.name());
    }
}

/// Every MILP solver compiled in solves the root LP relaxation (issue 35: `model` and
/// `compare`'s root LP column): on seed 000 under the seeds' objective the LP bound is the
/// integer optimum, 29565, over the 708 free variables; a model whose givens fix everything is
/// an LP of no columns, solved at once (HiGHS calls it an empty model).
#[test]
fn every_solver_solves_the_root_lp_and_an_lp_with_nothing_left() {
    let seed = puzzle(9, &SEED_000);
    let model = Model::build(&seed).with_objective(Objective::Seed);
    let solution = Model::build(&seed);
    for backend in backends() {
        assert!(backend.has_root_lp(), "{}", backend.name());
        let lp = backend
            .root_lp(&model, Some(Duration::from_secs(20)))
            .unwrap_or_else(|e| panic!("{}: {e}", backend.name()));
        assert_eq!((lp.solver, lp.columns), (backend.name(), 708));
        assert!((lp.value - 29565.0).abs() < 1e-6, "{}: {}", backend.name(), lp.value);
        assert!(lp.fractional <= lp.columns && lp.iterations.is_some_and(|i| i > 0), "{lp:?}");
        // Every variable fixed to the solution's values: nothing left for the LP.
        let full = search(&backend, &solution, SearchRequest::count(1, 1));
        let grid = full.solutions.first().expect("a solution").clone();
        let mut done = Model::build(&Puzzle::new(seed.geometry().clone(), grid.clone()));
        for cell in (0..81).map(|k| Cell::new(k / 9, k % 9)) {
            for digit in 1..=9 {
                done.set_fixed(done.var(cell, digit), Some(grid.get(cell) == digit));
            }
        }
        let lp = backend.root_lp(&done, None).unwrap_or_else(|e| panic!("{}: {e}", backend.name()));
        assert_eq!((lp.columns, lp.fractional), (0, 0), "{}", backend.name());
    }
}

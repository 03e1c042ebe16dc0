//! Every backend compiled in solves, counts and refuses the same puzzles, and every answer is
//! checked. Run with `--all-features` to include HiGHS.

mod common;

use common::*;
use sudoku_ip::{
    check, count, solve, Geometry, Limits, MipStart, Objective, Options, Outcome, Presolve, Puzzle, Report, SearchEnd,
    Solver, StartUse,
};

fn options(solver: Solver) -> Options {
    Options { solver, ..Options::default() }
}

fn solved(report: &Report) -> sudoku_ip::Grid {
    match report.solution() {
        Some(g) => g.clone(),
        None => panic!("expected a solution, got {:?}", report.outcome),
    }
}

#[test]
fn native_is_the_default_and_microlp_is_compiled_in() {
    let kinds = Solver::available();
    assert_eq!(kinds[0], Solver::Native);
    assert_eq!(Options::default().solver, Solver::Native);
    assert!(kinds.contains(&Solver::Microlp));
    assert_eq!(kinds.contains(&Solver::Highs), cfg!(feature = "highs"));
}

#[test]
fn seed000_gives_the_seeds_objective_on_every_backend() {
    let puzzle = example("seed000.txt");
    let mut answers = Vec::new();
    for kind in Solver::available() {
        let report = solve(&puzzle, &options(kind)).unwrap();
        let g = solved(&report);
        assert!(check::verify(&puzzle, &g).is_empty());
        assert_eq!(seed000_objective(&g), 29565, "{kind}");
        answers.push(g);
    }
    assert!(answers.windows(2).all(|w| w[0] == w[1]));
}

#[test]
fn milp_backends_report_the_seeds_objective_value_and_gap() {
    // Issue 14 §11: intlinprog's report of seed 000 shows the objective (29565) and the gap.
    let puzzle = example("seed000.txt");
    for kind in Solver::available().into_iter().filter(|k| k.is_milp()) {
        for presolve in Presolve::ALL {
            let opts = Options { presolve, objective: Objective::Seed, ..options(kind) };
            let report = solve(&puzzle, &opts).unwrap();
            let g = solved(&report);
            assert_eq!(report.stats.objective, Some(seed000_objective(&g) as i64), "{kind}, presolve {presolve}");
            assert_eq!(report.stats.objective, Some(29565), "{kind}, presolve {presolve}");
            // microlp stops at a proven optimum; HiGHS within its default relative gap of 1e-4.
            // A gap is the solver's: none when presolve decided everything and it was not called.
            let gap = report.stats.mip_gap;
            if report.solver_not_called().is_some() {
                assert_eq!(gap, None, "{kind}, presolve {presolve}: the solver was not called");
                assert_eq!(report.stats.lp_iterations, None, "{kind}, presolve {presolve}");
            } else {
                assert!(gap.is_some_and(|g| (0.0..=1e-4).contains(&g)), "{kind}, presolve {presolve}: gap {gap:?}");
            }
        }
        let zero = solve(&puzzle, &options(kind)).unwrap();
        assert_eq!(zero.stats.objective, Some(0), "{kind}");
    }
    // The native engine does not optimise, and need not: the objective is one value on every
    // grid, so it reports that value at its solution — the plain 9x9 fast path, a 6x6 and the
    // seed's Latin-square killer alike — the same as the MILP solvers; there is no gap to give.
    for (puzzle, name) in [
        (puzzle, "seed000.txt"),
        (example("6x6.txt"), "6x6.txt"),
        (example("seed004-killer.json"), "seed004-killer.json"),
    ] {
        let seed = |kind| solve(&puzzle, &Options { objective: Objective::Seed, ..options(kind) }).unwrap();
        let native = seed(Solver::Native);
        assert!(native.stats.objective.is_some(), "{name}");
        assert_eq!(native.stats.mip_gap, None, "{name}");
        assert_eq!(native.stats.objective, seed(Solver::Microlp).stats.objective, "{name}");
        let zero = solve(&puzzle, &options(Solver::Native)).unwrap();
        assert_eq!(zero.stats.objective, None, "{name}: no objective asked, none reported");
    }
}

#[test]
fn seed004_gives_the_printed_solution_on_every_backend() {
    let puzzle = example("seed004.txt");
    let expected = grid(SEED004_SOLUTION);
    for kind in Solver::available() {
        for presolve in Presolve::ALL {
            let report = solve(&puzzle, &Options { presolve, ..options(kind) }).unwrap();
            assert_eq!(solved(&report), expected, "{kind}, presolve {presolve}");
        }
    }
}

#[test]
fn backends_agree_that_the_seed_puzzles_are_unique() {
    for name in ["seed000.txt", "seed004.txt"] {
        let puzzle = example(name);
        for kind in Solver::available() {
            let report = count(&puzzle, &options(kind), 2, 2).unwrap();
            assert_eq!((report.count, &report.end), (1, &SearchEnd::Exhausted), "{name} {kind}");
            assert!(report.is_unique());
        }
    }
}

#[test]
fn a_deadly_rectangle_has_two_solutions_on_every_backend() {
    let base = example("seed004.txt");
    let puzzle = two_solution_puzzle(&grid(SEED004_SOLUTION), &base);
    for kind in Solver::available() {
        let report = count(&puzzle, &options(kind), 10, 10).unwrap();
        assert_eq!(report.count, 2, "{kind}");
        assert_eq!(report.end, SearchEnd::Exhausted, "{kind}");
        assert_ne!(report.solutions[0], report.solutions[1]);
        for g in &report.solutions {
            assert!(check::verify(&puzzle, g).is_empty());
        }
        // Stopping at the first of the two says "at least", not "exactly".
        let report = count(&puzzle, &options(kind), 1, 1).unwrap();
        assert_eq!((report.count, &report.end), (1, &SearchEnd::ReachedMax), "{kind}");
    }
}

#[test]
fn clashing_givens_are_refused_with_the_reason() {
    let mut puzzle = example("seed004.txt");
    // r1c3 is 5; another 5 at r1c8 breaks row 1 and the puzzle.
    puzzle.givens_mut().set(sudoku_ip::Cell::new(0, 7), 5);
    // A plain 9x9: the native engine's fast path searches it before the givens are listed.
    assert!(puzzle.plain_9x9_givens().is_some());
    for kind in Solver::available() {
        let report = solve(&puzzle, &options(kind)).unwrap();
        assert_eq!(report.outcome, Outcome::Infeasible { reason: "row 1 has two 5s: r1c3, r1c8".into() }, "{kind}");
    }
}

#[test]
fn a_puzzle_without_solution_but_without_clashes_is_infeasible_everywhere() {
    // Each given is legal on its own, but r1c1 can hold nothing: 1-3 in its row, 4 in its column.
    let puzzle = sudoku_ip::formats::parse_puzzle(".123\n....\n4...\n....\n", &Default::default()).unwrap();
    assert!(check::given_conflicts(&puzzle).is_empty());
    for kind in Solver::available() {
        for presolve in Presolve::ALL {
            let report = solve(&puzzle, &Options { presolve, ..options(kind) }).unwrap();
            assert!(matches!(report.outcome, Outcome::Infeasible { .. }), "{kind}: {:?}", report.outcome);
            assert_eq!(report.count, 0);
        }
    }
}

#[test]
fn all_288_four_by_four_grids_are_counted_by_native_and_milp_agrees_on_a_slice() {
    let empty = sudoku_ip::Puzzle::blank(sudoku_ip::model::Geometry::new(4, None).unwrap());
    let report = count(&empty, &options(Solver::Native), u64::MAX, 0).unwrap();
    assert_eq!((report.count, report.end), (288, SearchEnd::Exhausted));
    // With the first row given, 288 / 4! = 12 grids remain: small enough for cut-based counting.
    let first_row = sudoku_ip::formats::parse_puzzle("1234\n....\n....\n....\n", &Default::default()).unwrap();
    for kind in Solver::available() {
        let report = count(&first_row, &options(kind), 100, 100).unwrap();
        assert_eq!((report.count, &report.end), (12, &SearchEnd::Exhausted), "{kind}");
        let mut lines: Vec<String> = report.solutions.iter().map(|g| g.to_line()).collect();
        lines.sort();
        lines.dedup();
        assert_eq!(lines.len(), 12, "{kind}: solutions must be distinct");
    }
}

#[test]
fn a_time_limit_of_zero_ends_as_unknown_not_as_a_wrong_answer() {
    let puzzle = sudoku_ip::Puzzle::blank(sudoku_ip::model::Geometry::new(16, None).unwrap());
    for kind in Solver::available() {
        let opts = Options {
            limits: sudoku_ip::Limits { time: Some(std::time::Duration::ZERO), nodes: None, ..Default::default() },
            ..options(kind)
        };
        let report = count(&puzzle, &opts, u64::MAX, 0).unwrap();
        assert!(matches!(report.end, SearchEnd::Stopped { .. }), "{kind}: {:?}", report.end);
    }
}

#[test]
fn an_untimed_search_gives_the_same_checked_answers_with_zero_times_on_the_plain_path() {
    let plain = example("seed004.txt");
    let mut clash = plain.clone();
    clash.givens_mut().set(sudoku_ip::Cell::new(0, 7), 5);
    let killer = example("seed004-killer.json");
    for kind in Solver::available() {
        for puzzle in [&plain, &clash, &killer] {
            let timed = count(puzzle, &options(kind), 2, 2).unwrap();
            let untimed = count(puzzle, &Options { timed: false, ..options(kind) }, 2, 2).unwrap();
            assert_eq!((&untimed.outcome, untimed.count, &untimed.end), (&timed.outcome, timed.count, &timed.end));
            assert_eq!(untimed.solutions, timed.solutions, "{kind}");
        }
        // The plain 9x9 on the native engine reads no clock untimed; the others are measured.
        let untimed = solve(&plain, &Options { timed: false, ..options(kind) }).unwrap();
        let fast = kind == Solver::Native;
        assert_eq!(untimed.total_time.is_zero(), fast, "{kind}");
        assert_eq!(untimed.stats.elapsed.is_zero(), fast, "{kind}");
    }
}

#[test]
fn a_milp_solver_with_an_objective_starts_from_a_native_solution() {
    // A blank 4x4: presolve leaves it open, so the solver is called, with the start.
    let puzzle = Puzzle::blank(Geometry::new(4, None).expect("4x4"));
    for kind in Solver::available().into_iter().filter(|k| k.is_milp()) {
        let seed = Options { objective: Objective::Seed, ..options(kind) };
        let report = solve(&puzzle, &seed).unwrap();
        let g = solved(&report);
        assert!(check::verify(&puzzle, &g).is_empty(), "{kind}");
        assert_eq!((report.stats.start, report.start_time.is_some()), (Some(StartUse::Kept), true), "{kind}");
        assert_eq!(report.stats.objective, Some(Objective::Seed.grid_value(&g)), "{kind}");
        // Zero objective: a start only when asked for; never when turned off.
        let zero = solve(&puzzle, &options(kind)).unwrap();
        assert_eq!((zero.stats.start, zero.start_time), (None, None), "{kind}");
        let forced = solve(&puzzle, &Options { mip_start: MipStart::Native, ..options(kind) }).unwrap();
        assert_eq!(forced.stats.start, Some(StartUse::Kept), "{kind}");
        let off = solve(&puzzle, &Options { mip_start: MipStart::Off, ..seed.clone() }).unwrap();
        assert_eq!((off.stats.start, off.start_time), (None, None), "{kind}");
        assert!(check::verify(&puzzle, &solved(&off)).is_empty(), "{kind}");
        // No time: neither the start's search nor the solver runs, and nothing unchecked comes out.
        let limits = Limits { time: Some(std::time::Duration::ZERO), ..Limits::default() };
        let none = solve(&puzzle, &Options { limits, ..seed }).unwrap();
        assert!(matches!(none.outcome, Outcome::Unknown { .. }) && none.solutions.is_empty(), "{kind}");
    }
    // The native engine takes no start.
    let native = solve(&puzzle, &Options { objective: Objective::Seed, ..options(Solver::Native) }).unwrap();
    assert_eq!((native.stats.start, native.start_time), (None, None));
}

#[test]
fn presolve_proves_the_seeds_objective_constant_and_the_answer_has_that_value() {
    // Open models (presolve leaves free variables, so a solver is called) and decided ones.
    let puzzles = [
        ("blank 4x4", Puzzle::blank(Geometry::new(4, None).expect("4x4"))),
        ("blank 6x6", Puzzle::blank(Geometry::new(6, None).expect("6x6"))),
        ("6x6.txt", example("6x6.txt")),
        ("seed000.txt", example("seed000.txt")),
        ("seed004-killer.json", example("seed004-killer.json")),
    ];
    for kind in Solver::available().into_iter().filter(|k| k.is_milp()) {
        for (name, puzzle) in &puzzles {
            let seed = Options { objective: Objective::Seed, ..options(kind) };
            for mip_start in [MipStart::Auto, MipStart::Off] {
                let report = solve(puzzle, &Options { mip_start, ..seed.clone() }).unwrap();
                let g = solved(&report);
                let value = Objective::Seed.grid_value(&g);
                assert_eq!(report.objective_reduced, Some(value), "{name} {kind} {mip_start:?}");
                assert_eq!(report.stats.objective, Some(value), "{name} {kind} {mip_start:?}");
            }
            // Every solution of an enumeration has the one value.
            let counted = count(puzzle, &seed, 4, 4).unwrap();
            let k = counted.objective_reduced.expect("constant");
            assert!(!counted.solutions.is_empty(), "{name} {kind}");
            assert!(counted.solutions.iter().all(|g| Objective::Seed.grid_value(g) == k), "{name} {kind}");
            // Without presolve the solver gets the objective itself; with none there is nothing to reduce.
            let unreduced = solve(puzzle, &Options { presolve: Presolve::None, ..seed.clone() }).unwrap();
            assert_eq!(unreduced.objective_reduced, None, "{name} {kind}");
            assert_eq!(unreduced.stats.objective, Some(Objective::Seed.grid_value(&solved(&unreduced))), "{name}");
            assert_eq!(solve(puzzle, &options(kind)).unwrap().objective_reduced, None, "{name} {kind}");
        }
    }
    // The native engine hands nothing to a solver.
    let native = solve(&puzzles[0].1, &Options { objective: Objective::Seed, ..options(Solver::Native) }).unwrap();
    assert_eq!(native.objective_reduced, None);
}

#[test]
fn a_named_milp_solver_is_called_at_the_default_presolve_and_reports_its_own_work() {
    // Issue 35: seed 000 was decided by probing, so `--solver microlp` never called microlp. At
    // the default level (givens and root propagation) the solver has something to decide.
    let puzzle = example("seed000.txt");
    for kind in Solver::available().into_iter().filter(|k| k.is_milp()) {
        let report = solve(&puzzle, &options(kind)).unwrap();
        assert_eq!(report.presolve, Some(Presolve::Light), "{kind}");
        assert!(report.stats.solver_calls.is_some_and(|c| c >= 1), "{kind}: {:?}", report.stats);
        assert!(report.stats.presolved.is_some_and(|p| p.variables > 0), "{kind}: {:?}", report.stats);
        // Every MILP solver reports its own nodes and simplex iterations (HiGHS's node count
        // is a 64-bit info value, read through its C API).
        assert!(report.stats.nodes.is_some(), "{kind}: {:?}", report.stats);
        // (HiGHS's own presolve may finish a small model without a simplex iteration.)
        assert!(
            report.stats.lp_iterations.is_some_and(|i| i > 0 || kind == Solver::Highs),
            "{kind}: {:?}",
            report.stats
        );
        assert_eq!(report.solver_not_called(), None, "{kind}");
        // The seed's model as written: only the 21 givens leave it.
        let none = solve(&puzzle, &Options { presolve: Presolve::None, ..options(kind) }).unwrap();
        assert_eq!(none.stats.presolved.map(|p| (p.variables, p.rows)), Some((729 - 21, 324)), "{kind}");
        assert!(none.stats.solver_calls.is_some_and(|c| c >= 1), "{kind}");
        // Probing decides seed 000 outright, and the report says so in words.
        let probe = solve(&puzzle, &Options { presolve: Presolve::Probe, ..options(kind) }).unwrap();
        assert_eq!(probe.stats.solver_calls, Some(0), "{kind}");
        let why = probe.solver_not_called().expect("not called");
        assert!(why.contains("decided by presolve (probe") && why.contains("the MILP solver was not called"), "{why}");
        assert_eq!(solved(&none), solved(&report), "{kind}");
        assert_eq!(solved(&probe), solved(&report), "{kind}");
    }
    // The native engine is not a MILP solver: no level, nothing to say.
    let native = solve(&puzzle, &options(Solver::Native)).unwrap();
    assert_eq!((native.presolve, native.solver_not_called()), (None, None));
}

#[test]
fn no_mip_start_is_reported_when_presolve_decided_everything() {
    // Issue 30 item 7: `--objective seed --stats` said "MIP start … none found, the solver
    // searched on its own" beside "solver calls 0".
    let puzzle = example("seed000.txt");
    for kind in Solver::available().into_iter().filter(|k| k.is_milp()) {
        let opts = Options { presolve: Presolve::Probe, objective: Objective::Seed, ..options(kind) };
        let report = solve(&puzzle, &opts).unwrap();
        assert_eq!(report.stats.solver_calls, Some(0), "{kind}");
        assert_eq!((report.start_time, report.stats.start), (None, None), "{kind}");
        assert_eq!(report.stats.objective, Some(29565), "{kind}");
    }
}

#[test]
fn presolve_levels_are_read_by_the_names_they_print() {
    for level in Presolve::ALL {
        assert_eq!(level.name().parse::<Presolve>(), Ok(level));
    }
    assert_eq!(" PROBE ".parse::<Presolve>(), Ok(Presolve::Probe));
    let err = "deep".parse::<Presolve>().unwrap_err();
    assert!(err.contains("\"deep\"") && err.contains("none, light or probe"), "{err}");
    assert_eq!(Presolve::default(), Presolve::Light);
}

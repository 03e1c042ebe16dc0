//! Property tests: random 4×4 and 6×6 puzzles cut from random full grids — some unique, some
//! with many solutions, some with a clashing given — solved by the native engine and by the
//! naive reference. Every solution must satisfy the model, and the solution sets must agree.

mod common;

use common::{full_grid, is_valid_solution, model, remove_cells, Rng};
use proptest::prelude::*;
use sudoku_ip_model::rules::killer::sum_range;
use sudoku_ip_model::rules::Cage;
use sudoku_ip_model::rules::Killer;
use sudoku_ip_model::{Backend, Cell, Geometry, Grid, Model, Puzzle, Rule, SearchEnd, SearchRequest};
use sudoku_ip_native::{presolve, reference, Native, Presolve};

/// Box shape, the seed of the grid, how many cells to empty, and whether to plant a clash.
fn puzzle() -> impl Strategy<Value = ((usize, usize), u64, usize, bool)> {
    prop_oneof![Just((2usize, 2usize)), Just((2, 3))].prop_flat_map(|(br, bc)| {
        let cells = br * bc * br * bc;
        // 6x6 puzzles keep at least 12 givens so the reference stays quick.
        let max_holes: usize = if cells == 16 { 16 } else { 24 };
        (Just((br, bc)), any::<u64>(), 0usize..=max_holes, proptest::bool::weighted(0.15))
    })
}

fn build(((br, bc), seed, holes, clash): ((usize, usize), u64, usize, bool)) -> (Vec<u8>, Vec<u8>) {
    let mut rng = Rng(seed);
    let solution = full_grid(&mut rng, br, bc);
    let mut values = remove_cells(&mut rng, &solution, holes);
    if clash {
        // Copy a given into another empty cell of its row: a contradiction, sometimes deep.
        let n = br * bc;
        if let Some(k) = (0..n * n).find(|&k| values[k] == 0) {
            let r = k / n;
            if let Some(j) = (0..n).map(|c| r * n + c).find(|&j| values[j] != 0) {
                values[k] = values[j];
            }
        }
    }
    (solution, values)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn native_and_reference_find_the_same_solutions(case in puzzle()) {
        let (br, bc) = case.0;
        let (solution, values) = build(case);
        prop_assert!(is_valid_solution(br, bc, &solution));
        let m = model(br, bc, &values);
        let expected = reference::solutions(&m, 20_000);
        prop_assume!(expected.complete);

        let r = Native.search(&m, &SearchRequest::count(u64::MAX, usize::MAX)).expect("search");
        prop_assert_eq!(r.count, expected.count);
        prop_assert_eq!(&r.end, &SearchEnd::Exhausted);
        let mut got: Vec<Vec<bool>> = r.solutions.iter().map(|g| m.ones_from_grid(g)).collect();
        for ones in &got {
            prop_assert!(m.is_feasible(ones));
        }
        got.sort();
        let mut want = expected.solutions.clone();
        want.sort();
        prop_assert_eq!(got, want);

        // Without the clash the planted grid is always among the solutions.
        if !case.3 {
            prop_assert!(r.solutions.iter().any(|g| g.values() == &solution[..]));
        }

        // Uniqueness and solve requests agree with the full count.
        let two = Native.search(&m, &SearchRequest::count(2, 1)).expect("search");
        prop_assert_eq!(two.count, expected.count.min(2));
        let end = if expected.count >= 2 { SearchEnd::ReachedMax } else { SearchEnd::Exhausted };
        prop_assert_eq!(two.end, end);

        // Presolve never contradicts a solution, and reports infeasible only when there is none.
        match presolve(&m) {
            Presolve::Infeasible { .. } => prop_assert_eq!(expected.count, 0),
            Presolve::Reduced { fixed, .. } => {
                for s in &expected.solutions {
                    prop_assert!(fixed.iter().zip(s).all(|(f, &x)| f.is_none_or(|f| f == x)));
                }
            }
        }
    }
}

/// A random 6×6 killer cut from a random grid: cages of 2–5 orthogonally connected cells with
/// distinct digits, each with its sum (one nudged by one when `nudge` and the nudged sum still
/// exists: then usually no solution), and `holes` givens emptied. Returns the solution too.
fn killer_6x6(seed: u64, holes: usize, nudge: bool, distinct: bool) -> (Vec<u8>, Model) {
    let mut rng = Rng(seed);
    let n = 6;
    let solution = full_grid(&mut rng, 2, 3);
    let mut owner = vec![usize::MAX; n * n];
    let mut cages: Vec<Cage> = Vec::new();
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    for &start in &order {
        if owner[start] != usize::MAX {
            continue;
        }
        // A third of the cells stay out of cages; a one-cell cage would be a given.
        if rng.below(3) == 0 {
            continue;
        }
        let (id, size) = (cages.len(), 2 + rng.below(4));
        let mut cells = vec![start];
        owner[start] = id;
        while cells.len() < size {
            let from = cells[rng.below(cells.len())];
            let (r, c) = (from / n, from % n);
            let next = [(r.wrapping_sub(1), c), (r + 1, c), (r, c.wrapping_sub(1)), (r, c + 1)][rng.below(4)];
            if next.0 >= n || next.1 >= n {
                break;
            }
            let k = next.0 * n + next.1;
            if owner[k] != usize::MAX {
                break;
            }
            if cells.iter().any(|&j| solution[j] == solution[k]) {
                break;
            }
            owner[k] = id;
            cells.push(k);
        }
        if cells.len() < 2 {
            owner[start] = usize::MAX;
            continue;
        }
        let sum = cells.iter().map(|&k| solution[k] as u32).sum();
        cages.push(Cage { cells: cells.iter().map(|&k| Cell::from_index(k, n)).collect(), sum: Some(sum) });
    }
    if nudge {
        let i = rng.below(cages.len());
        let k = cages[i].cells.len();
        let (lo, hi) = sum_range(n, k, true).expect("k <= n");
        let sum = cages[i].sum.expect("a sum");
        cages[i].sum = Some(if sum < hi {
            sum + 1
        } else if sum > lo {
            sum - 1
        } else {
            sum
        });
    }
    let givens = remove_cells(&mut rng, &solution, holes);
    let geometry = Geometry::new(n, Some((2, 3))).expect("2x3 boxes");
    let grid = Grid::from_values(n, givens).expect("6x6 values");
    let puzzle = Puzzle::new(geometry, grid).with_rules(vec![Rule::Killer(Killer { cages, distinct })]);
    (solution, Model::build(&puzzle))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Killer cages bring linear rows that are sums of distinct digits, which the engine reasons
    /// about by combinations: on random 6×6 killers — unique, with many solutions, or with a
    /// nudged sum — it finds exactly the reference's solutions, and presolve cuts none of them.
    #[test]
    fn killer_combinations_keep_every_solution(
        seed in any::<u64>(),
        holes in 24usize..=36,
        nudge in proptest::bool::weighted(0.2),
        distinct in proptest::bool::weighted(0.8),
    ) {
        let (solution, m) = killer_6x6(seed, holes, nudge, distinct);
        let expected = reference::solutions(&m, 5_000);
        prop_assume!(expected.complete);
        let r = Native.search(&m, &SearchRequest::count(u64::MAX, usize::MAX)).expect("search");
        prop_assert_eq!(&r.end, &SearchEnd::Exhausted);
        let mut got: Vec<Vec<bool>> = r.solutions.iter().map(|g| m.ones_from_grid(g)).collect();
        got.sort();
        let mut want = expected.solutions.clone();
        want.sort();
        prop_assert_eq!(got, want);
        if !nudge {
            prop_assert!(r.solutions.iter().any(|g| g.values() == &solution[..]));
        }
        if let Presolve::Reduced { fixed, .. } = presolve(&m) {
            for s in &expected.solutions {
                prop_assert!(fixed.iter().zip(s).all(|(f, &x)| f.is_none_or(|f| f == x)));
            }
        }
    }
}

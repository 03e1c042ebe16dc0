//! Probing (`probe`) against every solution: it never fixes a variable against a solution, is
//! infeasible only when there is none, and decides at least what root propagation decides.

mod common;

use common::{full_grid, model, random_linear_row, remove_cells, Rng};
use sudoku_ip_model::{Backend, Cancel, Model, SearchRequest};
use sudoku_ip_native::{presolve, probe, reference, Presolve, PROBE_BUDGET};

fn decided(p: &Presolve) -> usize {
    match p {
        Presolve::Infeasible { .. } => usize::MAX,
        Presolve::Reduced { fixed, .. } => fixed.iter().filter(|f| f.is_some()).count(),
    }
}

/// Probing keeps every solution and decides at least what root propagation decides.
fn check(m: &Model) -> usize {
    let all = reference::solutions(m, 100_000);
    assert!(all.complete);
    let probed = probe(m, PROBE_BUDGET, &Cancel::default());
    match &probed {
        Presolve::Infeasible { reason } => assert_eq!(all.count, 0, "{reason}"),
        Presolve::Reduced { fixed, solved, .. } => {
            for s in &all.solutions {
                assert!(fixed.iter().zip(s).all(|(f, &x)| f.is_none_or(|f| f == x)), "a solution was cut off");
            }
            assert_eq!(*solved, fixed.iter().all(Option::is_some));
        }
    }
    let root = decided(&presolve(m));
    assert!(decided(&probed) >= root, "probing decided less than root propagation");
    decided(&probed) - root.min(decided(&probed))
}

#[test]
fn probing_keeps_every_solution_of_random_puzzles_and_decides_more() {
    let mut rng = Rng(17);
    let mut gained = 0;
    for case in 0..40 {
        // Few enough holes that the reference enumerates every solution quickly.
        let (br, bc, holes) = if case % 2 == 0 { (2, 2, 6 + rng.below(7)) } else { (2, 3, 14 + rng.below(8)) };
        let grid = full_grid(&mut rng, br, bc);
        gained += check(&model(br, bc, &remove_cells(&mut rng, &grid, holes)));
    }
    // Some of these puzzles need more than singles: probing must have decided something.
    assert!(gained > 0, "probing never decided more than root propagation");
}

#[test]
fn probing_keeps_every_solution_with_linear_rows() {
    let mut rng = Rng(5);
    for _ in 0..40 {
        let grid = full_grid(&mut rng, 2, 2);
        let mut m = model(2, 2, &remove_cells(&mut rng, &grid, 10));
        let ones = m.ones_from_grid(&sudoku_ip_model::Grid::from_values(4, grid.clone()).expect("4x4 grid"));
        for k in 0..3 {
            m.push_row(random_linear_row(&mut rng, k, &ones, 6));
        }
        check(&m);
    }
}

#[test]
fn a_budget_of_zero_probes_is_root_propagation() {
    let mut rng = Rng(3);
    let grid = full_grid(&mut rng, 2, 3);
    let m = model(2, 3, &remove_cells(&mut rng, &grid, 24));
    assert_eq!(probe(&m, 0, &Cancel::default()), presolve(&m));
}

#[test]
fn a_fired_stop_token_ends_probing_before_the_model_is_compiled() {
    // Compiling a large model takes a while (a 64x64 with a whole-grid cage: hundreds of
    // milliseconds): a token that has fired gives the model back as it is, nothing fixed, where
    // root propagation alone fixes much of this half-given grid.
    let mut rng = Rng(5);
    let grid = full_grid(&mut rng, 2, 3);
    let m = model(2, 3, &remove_cells(&mut rng, &grid, 18));
    assert!(decided(&presolve(&m)) > m.fixed().iter().filter(|f| f.is_some()).count());
    let cancel = Cancel::new();
    cancel.cancel();
    let Presolve::Reduced { newly_fixed, solved, fixed } = probe(&m, PROBE_BUDGET, &cancel) else {
        panic!("a stopped probe is no proof of infeasibility")
    };
    assert_eq!((newly_fixed, solved, fixed.as_slice()), (0, false, m.fixed()));
}

#[test]
fn the_second_level_decides_a_forum_11_plus_puzzle_that_the_first_leaves_open() {
    // The first puzzle of forum_hardest_1905_11+: root propagation leaves 218 variables, the
    // first level of probing fixes none of them (every one of these puzzles resists it), and
    // the second level decides all, each as the puzzle's one solution has it.
    let line = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";
    let values: Vec<u8> = line.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
    let m = model(3, 3, &values);
    let root = decided(&presolve(&m));
    assert_eq!(m.num_vars() - root, 218);
    let found = sudoku_ip_native::Native.search(&m, &SearchRequest::count(2, 1)).expect("native search");
    assert_eq!(found.count, 1, "the puzzle has one solution");
    let solution = m.ones_from_grid(&found.solutions[0]);
    let Presolve::Reduced { fixed, solved, .. } = probe(&m, PROBE_BUDGET, &Cancel::default()) else {
        panic!("a puzzle with a solution reported infeasible")
    };
    assert!(solved, "{} variables left open", fixed.iter().filter(|f| f.is_none()).count());
    assert!(fixed.iter().zip(&solution).all(|(f, &x)| *f == Some(x)), "probing fixed a value against the solution");
}

//! Solve times of each compiled-in MILP solver, model build included, on the seed 000 puzzle
//! and a 16x16 with half its cells empty. A measurement, not a benchmark suite:
//!
//! ```text
//! cargo run --release -p sudoku-ip-milp --example solve_times [--features highs] [-- RUNS]
//! ```

use std::time::{Duration, Instant};

use sudoku_ip_milp::{Milp, MilpSolver};
use sudoku_ip_model::{check, Backend, Cell, Geometry, Grid, Limits, Model, Puzzle, SearchRequest};

#[path = "../tests/common/mod.rs"]
mod common;

/// A deterministic 16x16: the standard pattern grid with digits, rows within bands and columns
/// within stacks shuffled, then every other cell (chosen pseudo-randomly) emptied.
fn sixteen() -> Puzzle {
    let mut state: u64 = 0x5eed_1616;
    let mut next = move |bound: usize| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((state >> 33) as usize) % bound
    };
    let mut shuffle = |v: &mut Vec<usize>| {
        for i in (1..v.len()).rev() {
            let j = next(i + 1);
            v.swap(i, j);
        }
    };
    let mut digits: Vec<usize> = (1..=16).collect();
    shuffle(&mut digits);
    let mut rows = Vec::new();
    let mut cols = Vec::new();
    for band in 0..4 {
        let mut r: Vec<usize> = (0..4).map(|i| band * 4 + i).collect();
        shuffle(&mut r);
        rows.extend(r);
        let mut c: Vec<usize> = (0..4).map(|i| band * 4 + i).collect();
        shuffle(&mut c);
        cols.extend(c);
    }
    let mut cells: Vec<usize> = (0..256).collect();
    shuffle(&mut cells);
    let mut givens = Grid::empty(16);
    for &k in &cells[..128] {
        let (r, c) = (rows[k / 16], cols[k % 16]);
        let pattern = (4 * (r % 4) + r / 4 + c) % 16;
        givens.set(Cell::new(k / 16, k % 16), digits[pattern]);
    }
    Puzzle::new(Geometry::new(16, None).expect("16x16"), givens)
}

fn main() {
    let runs: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(5);
    let limits = Limits { time: Some(Duration::from_secs(300)), nodes: None };
    for (name, puzzle) in [("seed 000 (9x9, 21 givens)", common::seed_000()), ("16x16, 128 givens", sixteen())] {
        for (solver, (task, request)) in MilpSolver::available()
            .into_iter()
            .flat_map(|s| [(s, ("solve", SearchRequest::solve())), (s, ("count<=2", SearchRequest::count(2, 1)))])
        {
            let backend = Milp::new(solver).expect("compiled in");
            let mut times = Vec::new();
            let mut last = None;
            for _ in 0..runs {
                let start = Instant::now();
                let model = Model::build(&puzzle);
                let result = backend.search(&model, &request.with_limits(limits)).expect("search");
                times.push(start.elapsed());
                let solved = result.solutions.first().is_some_and(|g| check::verify(&puzzle, g).is_empty());
                last = Some((solved, result.count, result.end, result.stats));
            }
            times.sort();
            let (solved, count, end, stats) = last.expect("at least one run");
            println!(
                "{name:26} {solver:8} {task:9} median {:>9.1?} max {:>9.1?}  verified {solved} count {count} {end:?} \
                 calls {:?} nodes {:?}  solver got {}",
                times[times.len() / 2],
                times[times.len() - 1],
                stats.solver_calls,
                stats.nodes,
                stats.presolved.map(|s| s.to_string()).unwrap_or_default(),
            );
        }
    }
}

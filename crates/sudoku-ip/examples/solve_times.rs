//! Median and maximum solve time (model build, presolve and checking included) per backend,
//! for the example puzzles — the figures the README reports.
//!
//! ```sh
//! cargo run --release --example solve_times -- [RUNS] [--features highs]
//! ```

use std::time::Duration;

use sudoku_ip::formats::{parse_puzzle, ParseOptions};
use sudoku_ip::{solve, Limits, Options, Outcome, SolverKind};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let runs: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(5);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    println!("{:<14} {:<8} {:>5} {:>12} {:>12}", "puzzle", "solver", "runs", "median", "max");
    for name in ["seed000.txt", "seed004.txt", "6x6.txt", "16x16.txt", "25x25.txt"] {
        let text = std::fs::read_to_string(dir.join(name))?;
        let puzzle = parse_puzzle(&text, &ParseOptions::default())?;
        for solver in SolverKind::available() {
            // MILP on the largest example is slow; a few runs are enough for a median.
            let runs = if solver.is_milp() && puzzle.n() > 16 { runs.min(3) } else { runs };
            let limits = Limits { time: Some(Duration::from_secs(300)), nodes: None };
            let mut times = Vec::with_capacity(runs);
            for _ in 0..runs {
                let report = solve(&puzzle, &Options { solver, limits, presolve: true })?;
                if !matches!(report.outcome, Outcome::Solved(_)) {
                    println!("{name:<14} {solver:<8} not solved: {:?}", report.outcome);
                    break;
                }
                times.push(report.total_time);
            }
            if times.is_empty() {
                continue;
            }
            times.sort();
            println!(
                "{:<14} {:<8} {:>5} {:>12} {:>12}",
                name,
                solver.name(),
                times.len(),
                format!("{:.3} ms", times[times.len() / 2].as_secs_f64() * 1e3),
                format!("{:.3} ms", times[times.len() - 1].as_secs_f64() * 1e3)
            );
        }
    }
    Ok(())
}

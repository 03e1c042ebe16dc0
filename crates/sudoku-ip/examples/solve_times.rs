//! Median and maximum solve time (model build, presolve and checking included) per backend,
//! for the example puzzles — the figures the README reports. `variant_times` does the same
//! for the variant examples.
//!
//! ```sh
//! cargo run --release --example solve_times -- [RUNS] [--features highs]
//! ```

mod timing;

use std::time::Duration;

use sudoku_ip::formats::{parse_puzzle, ParseOptions};
use sudoku_ip::Solver;
use timing::{examples_dir, ms, runs_arg, time_solves};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let runs = runs_arg(5);
    println!("{:<14} {:<8} {:>5} {:>12} {:>12}", "puzzle", "solver", "runs", "median", "max");
    for name in ["seed000.txt", "seed004.txt", "6x6.txt", "16x16.txt", "25x25.txt"] {
        let text = std::fs::read_to_string(examples_dir().join(name))?;
        let puzzle = parse_puzzle(&text, &ParseOptions::default())?;
        for solver in Solver::available() {
            // MILP on the largest example is slow; a few runs are enough for a median.
            let runs = if solver.is_milp() && puzzle.n() > 16 { runs.min(3) } else { runs };
            let timing = time_solves(&puzzle, solver, runs, Duration::from_secs(300), |_| {})?;
            match (timing.median(), timing.max()) {
                (Some(median), Some(max)) => println!(
                    "{:<14} {:<8} {:>5} {:>12} {:>12}",
                    name,
                    solver.name(),
                    timing.times.len(),
                    ms(median),
                    ms(max)
                ),
                _ => {
                    let why = timing.stopped.map_or_else(|| "no runs".to_string(), |s| s.to_string());
                    println!("{name:<14} {solver:<8} not solved: {why}");
                }
            }
        }
    }
    Ok(())
}

//! Timing shared by the `solve_times` and `variant_times` examples: `sudoku_ip::solve` (model
//! build, presolve and the independent check included) run several times on one backend, under
//! a per-run time limit, summarised as median and maximum.
#![allow(dead_code)] // each example uses part of it

use std::time::Duration;

use sudoku_ip::{solve, Grid, Limits, Options, Outcome, Puzzle, Solver};

/// Why a backend's runs stopped before the number asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// A run reached the time limit; further runs would too.
    Limit,
    /// A run ended without a solution (infeasible, or the solver stopped for another reason).
    NotSolved(String),
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::Limit => f.write_str("time limit reached"),
            Stop::NotSolved(why) => f.write_str(why),
        }
    }
}

/// The runs of one backend on one puzzle.
#[derive(Clone, Debug)]
pub struct Timing {
    /// Total time of each finished run, sorted.
    pub times: Vec<Duration>,
    /// Set when a run did not give a solution (no further runs were made).
    pub stopped: Option<Stop>,
}

impl Timing {
    /// The median run (the upper one for an even count), when every run solved.
    pub fn median(&self) -> Option<Duration> {
        self.complete().then(|| self.times[self.times.len() / 2])
    }

    /// The slowest run, when every run solved.
    pub fn max(&self) -> Option<Duration> {
        self.complete().then(|| self.times[self.times.len() - 1])
    }

    fn complete(&self) -> bool {
        self.stopped.is_none() && !self.times.is_empty()
    }
}

/// Solve `puzzle` with `solver` `runs` times (`limit` per run; MILP backends after native
/// presolve unless `--no-presolve` is on the command line), passing each
/// solution to `check`. Stops at the first run without a solution: a time limit reached is
/// [`Stop::Limit`], so a backend known to be slow on a puzzle costs one limit, not `runs`.
pub fn time_solves(
    puzzle: &Puzzle,
    solver: Solver,
    runs: usize,
    limit: Duration,
    mut check: impl FnMut(&Grid),
) -> Result<Timing, sudoku_ip::Error> {
    let options = Options {
        solver,
        limits: Limits { time: Some(limit), nodes: None, ..Default::default() },
        presolve: presolve_arg(),
        ..Options::default()
    };
    let mut times = Vec::with_capacity(runs);
    let mut stopped = None;
    for _ in 0..runs {
        let report = solve(puzzle, &options)?;
        match (&report.outcome, report.solution()) {
            (Outcome::Solved, Some(grid)) => check(grid),
            (Outcome::Unknown { reason }, _) if reason.to_lowercase().contains("time limit") => {
                stopped = Some(Stop::Limit);
                break;
            }
            (other, _) => {
                stopped = Some(Stop::NotSolved(format!("{other:?}")));
                break;
            }
        }
        times.push(report.total_time);
    }
    times.sort();
    Ok(Timing { times, stopped })
}

/// A duration in milliseconds, as the tables print it.
pub fn ms(d: Duration) -> String {
    format!("{} ms", millis(d))
}

/// The number of milliseconds alone, three decimals.
pub fn millis(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64() * 1e3)
}

/// The first numeric command-line argument (runs per backend), or `default`.
pub fn runs_arg(default: usize) -> usize {
    std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(default)
}

/// The presolve level MILP backends get: `--presolve LEVEL` (none, light, probe; default
/// light), `--no-presolve` being `--presolve none`.
pub fn presolve_arg() -> sudoku_ip::Presolve {
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--no-presolve") {
        return sudoku_ip::Presolve::None;
    }
    let named = args.windows(2).find(|w| w[0] == "--presolve").map(|w| w[1].clone());
    named.map_or(sudoku_ip::Presolve::default(), |n| {
        n.parse().unwrap_or_else(|e| {
            eprintln!("--presolve: {e}");
            std::process::exit(2)
        })
    })
}

/// The repository's `examples/` directory.
pub fn examples_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples")
}

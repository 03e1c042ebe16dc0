//! # sudoku-ip
//!
//! Solve Sudoku and its variants by writing the rules as a 0-1 integer program — the binary
//! cube `x[row, col, digit]` of the MATLAB/JuMP/Gurobi examples this project grew from — and
//! solving it with the native engine or a MILP solver.
//!
//! This crate wires the others together: [`model`] (puzzles, formats, the 0-1 model, the
//! checker), the native engine and the MILP backends. It owns the one rule every caller relies
//! on: **no grid leaves this crate unless [`check::verify`](model::check::verify) accepted it**
//! against the puzzle (not the model), whatever backend produced it.
//!
//! The high-level path — parse, solve, get a checked grid and a report:
//!
//! ```
//! use sudoku_ip::{formats, solve, Options, Outcome};
//!
//! let puzzle = formats::parse_puzzle(
//!     "1,2,2\n1,5,3\n1,8,4\n2,1,6\n2,9,3\n3,3,4\n3,7,5\n4,4,8\n4,6,6\n5,1,8\n5,5,1\n\
//!      5,9,6\n6,4,7\n6,6,5\n7,3,7\n7,7,6\n8,1,4\n8,9,8\n9,2,3\n9,5,4\n9,8,2\n",
//!     &formats::ParseOptions::default(),
//! )?;
//! let report = solve(&puzzle, &Options::default())?;
//! match &report.outcome {
//!     Outcome::Solved(grid) => assert_eq!(grid.filled(), 81),
//!     other => panic!("{other:?}"),
//! }
//! println!("{} in {:?}", report.stats.backend, report.total_time);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The seeds' "solver-based" path — the raw model as sparse rows, right-hand sides and bounds,
//! for users who hand it to their own solver:
//!
//! ```
//! use sudoku_ip::{formats, Model};
//!
//! let puzzle = formats::parse_puzzle("[1,2,2; 1,5,3; 1,8,4]", &Default::default())?;
//! let sparse = Model::build(&puzzle).sparse();
//! assert_eq!(sparse.num_vars, 729);          // x(i,j,k): 9 x 9 x 9 binaries
//! assert_eq!(sparse.beq.len(), 324);         // Aeq x = beq, 4 x 81 rows
//! assert_eq!(sparse.lb.iter().filter(|&&b| b == 1.0).count(), 3); // clues as lower bounds
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use serde::Serialize;
use thiserror::Error;

pub use sudoku_ip_generate as generate;
pub use sudoku_ip_model as model;
pub use sudoku_ip_model::{
    check, export, formats, Backend, Cell, Geometry, Grid, Limits, Model, Puzzle, SearchEnd, Stats,
};
use sudoku_ip_model::{BackendError, SearchRequest, Violation};
pub use sudoku_ip_render as render;

/// The solvers this build can use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SolverKind {
    /// The native propagation + search engine (exact, fastest).
    Native,
    /// MILP through good_lp's pure-Rust microlp.
    Microlp,
    /// MILP through HiGHS (cargo feature `highs`).
    Highs,
}

impl SolverKind {
    /// Every solver compiled into this build, best first.
    pub fn available() -> Vec<SolverKind> {
        let mut out = vec![SolverKind::Native];
        for s in sudoku_ip_milp::MilpSolver::available() {
            out.push(match s {
                sudoku_ip_milp::MilpSolver::Highs => SolverKind::Highs,
                sudoku_ip_milp::MilpSolver::Microlp => SolverKind::Microlp,
            });
        }
        out.sort_by_key(|s| match s {
            SolverKind::Native => 0,
            SolverKind::Highs => 1,
            SolverKind::Microlp => 2,
        });
        out
    }

    /// Name as on the command line.
    pub fn name(self) -> &'static str {
        match self {
            SolverKind::Native => "native",
            SolverKind::Microlp => "microlp",
            SolverKind::Highs => "highs",
        }
    }

    /// Whether this is an integer-programming solver (presolve applies, counting adds cuts).
    pub fn is_milp(self) -> bool {
        !matches!(self, SolverKind::Native)
    }

    /// The backend, or an error naming the cargo feature that would compile it in.
    pub fn backend(self) -> Result<Box<dyn Backend>, Error> {
        Ok(match self {
            SolverKind::Native => Box::new(sudoku_ip_native::Native),
            SolverKind::Microlp => Box::new(sudoku_ip_milp::Milp::new(sudoku_ip_milp::MilpSolver::Microlp)?),
            SolverKind::Highs => Box::new(sudoku_ip_milp::Milp::new(sudoku_ip_milp::MilpSolver::Highs)?),
        })
    }
}

impl Default for SolverKind {
    fn default() -> Self {
        SolverKind::available()[0]
    }
}

impl fmt::Display for SolverKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SolverKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "native" => Ok(SolverKind::Native),
            "microlp" => Ok(SolverKind::Microlp),
            "highs" => Ok(SolverKind::Highs),
            _ => Err(format!("unknown solver {s:?} (expected native, microlp or highs)")),
        }
    }
}

/// How to solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Which solver.
    pub solver: SolverKind,
    /// Time and node limits.
    pub limits: Limits,
    /// Run native propagation before a MILP solver and hand it only what is left.
    pub presolve: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { solver: SolverKind::default(), limits: Limits::default(), presolve: true }
    }
}

/// What a solve found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Outcome {
    /// A checked solution.
    Solved(Grid),
    /// No solution exists; `reason` says why where it can.
    Infeasible {
        /// Why, e.g. "row 3 has two 5s: r3c2, r3c7".
        reason: String,
    },
    /// The solver stopped before knowing (time limit, node limit, solver status).
    Unknown {
        /// Why it stopped.
        reason: String,
    },
}

/// A solve or count, with its checked solutions and measurements.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The first solution, or why there is none.
    pub outcome: Outcome,
    /// Checked solutions (up to what was asked to keep).
    pub solutions: Vec<Grid>,
    /// Solutions found.
    pub count: u64,
    /// How the search ended (exact count, limit reached, stopped).
    pub end: SearchEnd,
    /// The backend's measurements.
    pub stats: Stats,
    /// Time to build the model.
    pub build_time: Duration,
    /// Time of native presolve, when it ran.
    pub presolve_time: Option<Duration>,
    /// Everything: build, presolve, search and checking.
    pub total_time: Duration,
}

impl Report {
    /// True when the search proved there is exactly one solution.
    pub fn is_unique(&self) -> bool {
        self.count == 1 && self.end == SearchEnd::Exhausted
    }
}

/// Failures that are not "no solution".
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum Error {
    /// The backend failed or is not compiled in.
    #[error(transparent)]
    Backend(#[from] BackendError),
    /// A backend returned a grid the independent checker rejects. Never shown as a solution.
    #[error("the {backend} solver returned a grid that breaks the rules ({}); this is a bug, please report it", first_violation(.violations))]
    InvalidSolution {
        /// Backend name.
        backend: String,
        /// What the checker found.
        violations: Vec<Violation>,
    },
}

fn first_violation(v: &[Violation]) -> String {
    v.first().map(ToString::to_string).unwrap_or_default()
}

/// Solve a puzzle: one checked solution, or why there is none.
pub fn solve(puzzle: &Puzzle, options: &Options) -> Result<Report, Error> {
    search(puzzle, options, 1, 1)
}

/// Count solutions up to `max` (2 proves uniqueness), keeping the first `keep` of them.
pub fn count(puzzle: &Puzzle, options: &Options, max: u64, keep: usize) -> Result<Report, Error> {
    search(puzzle, options, max, keep)
}

/// Plain 9×9 on the native engine goes straight to the bit-parallel solver: building the
/// 729-variable model would cost more than solving. Same answers, same checks.
fn plain9_fast(
    puzzle: &Puzzle,
    options: &Options,
    max: u64,
    keep: usize,
    start: Instant,
) -> Result<Option<Report>, Error> {
    if options.solver != SolverKind::Native {
        return Ok(None);
    }
    let Some(givens) = puzzle.plain_9x9_givens() else { return Ok(None) };
    let request = SearchRequest { max_solutions: max.max(1), keep, limits: options.limits, presolve: false };
    let Some(result) = sudoku_ip_native::search_plain9(&givens, &request) else { return Ok(None) };
    finish(puzzle, "native", result, Duration::ZERO, None, start).map(Some)
}

/// Check every solution against the puzzle and turn a search result into a report.
fn finish(
    puzzle: &Puzzle,
    backend: &str,
    result: sudoku_ip_model::SearchResult,
    build_time: Duration,
    presolve_time: Option<Duration>,
    start: Instant,
) -> Result<Report, Error> {
    for grid in &result.solutions {
        let violations = check::verify(puzzle, grid);
        if !violations.is_empty() {
            return Err(Error::InvalidSolution { backend: backend.to_string(), violations });
        }
    }
    let outcome = match (result.solutions.first(), &result.end) {
        (Some(g), _) => Outcome::Solved(g.clone()),
        (None, SearchEnd::Stopped { reason }) => Outcome::Unknown { reason: reason.clone() },
        (None, _) if result.count > 0 => Outcome::Unknown { reason: "solutions were counted but none kept".into() },
        (None, _) => {
            Outcome::Infeasible { reason: "no grid satisfies every rule with these givens (search exhausted)".into() }
        }
    };
    Ok(Report {
        outcome,
        solutions: result.solutions,
        count: result.count,
        end: result.end,
        stats: result.stats,
        build_time,
        presolve_time,
        total_time: start.elapsed(),
    })
}

/// Search for up to `max` solutions with the chosen backend and check every one returned.
pub fn search(puzzle: &Puzzle, options: &Options, max: u64, keep: usize) -> Result<Report, Error> {
    let start = Instant::now();
    let backend = options.solver.backend()?;
    let empty_stats = || Stats { backend: backend.name().to_string(), ..Stats::default() };
    // Givens that already break a rule are the clearest reason there is no solution.
    let conflicts = check::given_conflicts(puzzle);
    if let Some(first) = conflicts.first() {
        return Ok(Report {
            outcome: Outcome::Infeasible { reason: first.to_string() },
            solutions: Vec::new(),
            count: 0,
            end: SearchEnd::Exhausted,
            stats: empty_stats(),
            build_time: Duration::ZERO,
            presolve_time: None,
            total_time: start.elapsed(),
        });
    }
    if let Some(report) = plain9_fast(puzzle, options, max, keep, start)? {
        return Ok(report);
    }
    let mut model = Model::build(puzzle);
    let build_time = start.elapsed();
    let original_size = model.size();
    let mut presolve_time = None;
    if options.solver.is_milp() && options.presolve {
        let t = Instant::now();
        match sudoku_ip_native::presolve(&model) {
            sudoku_ip_native::Presolve::Infeasible { reason } => {
                return Ok(Report {
                    outcome: Outcome::Infeasible { reason: format!("propagation proves no solution: {reason}") },
                    solutions: Vec::new(),
                    count: 0,
                    end: SearchEnd::Exhausted,
                    stats: Stats { model: model.size(), ..empty_stats() },
                    build_time,
                    presolve_time: Some(t.elapsed()),
                    total_time: start.elapsed(),
                });
            }
            sudoku_ip_native::Presolve::Reduced { fixed, .. } => {
                for (v, f) in fixed.into_iter().enumerate() {
                    if f.is_some() {
                        model.set_fixed(v as u32, f);
                    }
                }
            }
        }
        presolve_time = Some(t.elapsed());
    }
    let request = SearchRequest { max_solutions: max.max(1), keep, limits: options.limits, presolve: options.presolve };
    let mut result = backend.search(&model, &request)?;
    // Report the puzzle's model; what the solver actually received is `stats.presolved`.
    result.stats.model = original_size;
    finish(puzzle, backend.name(), result, build_time, presolve_time, start)
}

//! # sudoku-ip-milp
//!
//! The seeds' way of solving: hand the 0-1 [`Model`] to a mixed-integer solver through
//! [good_lp](https://docs.rs/good_lp). One file per solver, as in good_lp: `microlp.rs` (pure
//! Rust, default feature `microlp`) and `highs.rs` (feature `highs`, C++ HiGHS); `problem.rs`
//! turns a model into the solver's problem. Which solvers exist is decided at run time from
//! the ones compiled in ([`MilpSolver::available`]).
//!
//! How a search runs ([`Milp`] implements [`Backend`]):
//! - **Fixed variables are substituted**, not passed: givens and anything a caller's presolve
//!   fixed move to the right-hand sides; rows left without variables are dropped, or, when
//!   broken, prove the puzzle infeasible without a solver call. [`Stats::presolved`] is the
//!   size the solver actually got.
//! - **Zero objective**: a feasibility problem.
//! - **Answers are not trusted**: values are rounded at 0.5 and the assignment must satisfy
//!   every row and bound of the model ([`Model::is_feasible`]); otherwise the search stops with
//!   a reason and no grid.
//! - **Counting and enumeration by integer programming** (the seeds' uniqueness question):
//!   after each solution the cut "not this assignment" ([`Model::exclusion_cut`]) is added and
//!   the solver runs again, until it says infeasible (the count is exact), `max_solutions` is
//!   reached, or the one time limit for the whole search runs out.
//!
//! ```
//! use sudoku_ip_milp::{Milp, MilpSolver};
//! use sudoku_ip_model::{Backend, Geometry, Model, Puzzle, SearchEnd, SearchRequest};
//!
//! let puzzle = Puzzle::blank(Geometry::new(4, None).unwrap());
//! let solver = MilpSolver::available()[0];
//! let result = Milp::new(solver).unwrap().search(&Model::build(&puzzle), &SearchRequest::count(3, 3)).unwrap();
//! assert_eq!((result.count, result.end), (3, SearchEnd::ReachedMax));
//! ```
#![forbid(unsafe_code)]

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use sudoku_ip_model::{Backend, BackendError, Model, SearchEnd, SearchRequest, SearchResult, Stats};

use crate::problem::Reduced;

#[cfg(feature = "highs")]
mod highs;
#[cfg(feature = "microlp")]
mod microlp;
mod problem;

/// A MILP solver reachable through good_lp.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MilpSolver {
    /// microlp: pure Rust, always in the default build.
    Microlp,
    /// HiGHS: C++, cargo feature `highs`; much faster on large grids.
    Highs,
}

impl MilpSolver {
    /// Every solver this crate knows, best first.
    pub const ALL: [MilpSolver; 2] = [MilpSolver::Highs, MilpSolver::Microlp];

    /// The name used on the command line and in reports (`microlp`, `highs`).
    pub fn name(self) -> &'static str {
        match self {
            MilpSolver::Microlp => "microlp",
            MilpSolver::Highs => "highs",
        }
    }

    /// Whether this build contains the solver.
    pub fn is_available(self) -> bool {
        match self {
            MilpSolver::Microlp => cfg!(feature = "microlp"),
            MilpSolver::Highs => cfg!(feature = "highs"),
        }
    }

    /// The solvers compiled in, best first (the first one is the natural default).
    pub fn available() -> Vec<MilpSolver> {
        MilpSolver::ALL.into_iter().filter(|s| s.is_available()).collect()
    }
}

impl fmt::Display for MilpSolver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// A solver name that is not `microlp` or `highs`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownSolver {
    /// What was asked for.
    pub name: String,
}

impl fmt::Display for UnknownSolver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown MILP solver {:?} (known: microlp, highs)", self.name)
    }
}

impl std::error::Error for UnknownSolver {}

impl FromStr for MilpSolver {
    type Err = UnknownSolver;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        MilpSolver::ALL
            .into_iter()
            .find(|solver| solver.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownSolver { name: s.to_string() })
    }
}

/// A MILP backend: one [`MilpSolver`] behind the [`Backend`] trait.
///
/// It reads the model as given: [`SearchRequest::presolve`] is for the caller, who runs native
/// propagation on a copy of the model first and passes the result here. A node limit applies to
/// each solver call, and only where the solver takes one (HiGHS).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Milp {
    solver: MilpSolver,
}

impl Milp {
    /// A backend for `solver`, or [`BackendError::Unsupported`] when this build lacks it.
    pub fn new(solver: MilpSolver) -> Result<Milp, BackendError> {
        if solver.is_available() {
            Ok(Milp { solver })
        } else {
            Err(not_compiled_in(solver))
        }
    }

    /// The solver behind this backend.
    pub fn solver(&self) -> MilpSolver {
        self.solver
    }

    /// One solver call on the reduced problem.
    fn call(&self, reduced: &Reduced, limits: CallLimits) -> Result<Attempt, BackendError> {
        match self.solver {
            #[cfg(feature = "microlp")]
            MilpSolver::Microlp => Ok(microlp::solve(reduced, limits)),
            #[cfg(feature = "highs")]
            MilpSolver::Highs => Ok(highs::solve(reduced, limits)),
            #[allow(unreachable_patterns)]
            other => Err(not_compiled_in(other)),
        }
    }
}

fn not_compiled_in(solver: MilpSolver) -> BackendError {
    BackendError::Unsupported {
        backend: solver.name().to_string(),
        reason: format!("this build does not include it (enable the cargo feature `{}`)", solver.name()),
    }
}

/// Limits for one solver call: what is left of the search's budget.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CallLimits {
    /// Time left.
    pub time: Option<Duration>,
    /// Node limit (per call); good_lp gives microlp no way to take one.
    #[cfg_attr(not(feature = "highs"), allow(dead_code))]
    pub nodes: Option<u64>,
}

/// What one solver call gave.
#[derive(Clone, Debug)]
pub(crate) enum Attempt {
    /// Column values of a point the solver calls feasible (still to be checked).
    Values { values: Vec<f64>, nodes: Option<u64> },
    /// The solver proved there is no solution.
    Infeasible { nodes: Option<u64> },
    /// No answer: limit reached or solver trouble, in the solver's words.
    Stopped { reason: String, nodes: Option<u64> },
}

impl Attempt {
    fn nodes(&self) -> Option<u64> {
        match self {
            Attempt::Values { nodes, .. } | Attempt::Infeasible { nodes } | Attempt::Stopped { nodes, .. } => *nodes,
        }
    }
}

impl Backend for Milp {
    fn name(&self) -> &'static str {
        self.solver.name()
    }

    fn search(&self, model: &Model, request: &SearchRequest) -> Result<SearchResult, BackendError> {
        let start = Instant::now();
        let deadline = request.limits.time.and_then(|t| start.checked_add(t));
        let mut result = SearchResult {
            solutions: Vec::new(),
            count: 0,
            end: SearchEnd::Exhausted,
            stats: Stats {
                backend: self.name().to_string(),
                solver_calls: Some(0),
                nodes: Some(0),
                model: model.size(),
                ..Stats::default()
            },
        };
        let mut reduced = match Reduced::new(model) {
            Ok(reduced) => reduced,
            Err(_conflict) => {
                // Fixed values alone break a row: infeasible, no solver needed.
                result.stats.presolved = Some(Default::default());
                result.stats.elapsed = start.elapsed();
                return Ok(result);
            }
        };
        result.stats.presolved = Some(reduced.size());
        // The model plus the cuts so far: every answer must satisfy all of it.
        let mut check = model.clone();
        result.end = loop {
            if result.count >= request.max_solutions {
                break SearchEnd::ReachedMax;
            }
            let time = match deadline {
                Some(d) => match d.checked_duration_since(Instant::now()).filter(|left| !left.is_zero()) {
                    Some(left) => Some(left),
                    None => break time_up(result.count),
                },
                None => None,
            };
            let attempt = if reduced.num_columns() == 0 {
                // Everything is fixed: the only candidate is the fixed assignment.
                Attempt::Values { values: Vec::new(), nodes: Some(0) }
            } else {
                result.stats.solver_calls = result.stats.solver_calls.map(|c| c + 1);
                self.call(&reduced, CallLimits { time, nodes: request.limits.nodes })?
            };
            result.stats.nodes = result.stats.nodes.zip(attempt.nodes()).map(|(a, b)| a + b);
            let values = match attempt {
                Attempt::Values { values, .. } => values,
                Attempt::Infeasible { .. } => break SearchEnd::Exhausted,
                Attempt::Stopped { reason, .. } => {
                    let expired = deadline.is_some_and(|d| Instant::now() >= d);
                    break if expired && !reason.to_lowercase().contains("time limit") {
                        SearchEnd::Stopped { reason: format!("time limit reached ({reason})") }
                    } else {
                        SearchEnd::Stopped { reason }
                    };
                }
            };
            let ones = reduced.assignment(&values);
            let grid = match check.grid_from_ones(&ones).filter(|_| check.is_feasible(&ones)) {
                Some(grid) => grid,
                None => {
                    break SearchEnd::Stopped {
                        reason: format!(
                            "{} returned a point that is not a solution of the model (after {} solutions); \
                             it was discarded",
                            self.name(),
                            result.count
                        ),
                    }
                }
            };
            let cut = model.exclusion_cut(&grid, result.count as usize);
            result.count += 1;
            if result.solutions.len() < request.keep {
                result.solutions.push(grid);
            }
            check.push_row(cut.clone());
            if reduced.add_row(&cut).is_err() {
                // The cut has no free variable: that solution was the only assignment left.
                break SearchEnd::Exhausted;
            }
        };
        result.stats.elapsed = start.elapsed();
        Ok(result)
    }
}

fn time_up(count: u64) -> SearchEnd {
    SearchEnd::Stopped { reason: format!("time limit reached after {count} solution(s)") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_are_errors() {
        for s in MilpSolver::ALL {
            assert_eq!(s.name().parse::<MilpSolver>(), Ok(s));
        }
        assert_eq!(" HiGHS ".parse::<MilpSolver>(), Ok(MilpSolver::Highs));
        let err = "cplex".parse::<MilpSolver>().expect_err("not a solver here");
        assert!(err.to_string().contains("cplex"));
    }

    #[test]
    fn available_is_exactly_what_is_compiled_in() {
        let available = MilpSolver::available();
        assert_eq!(available.contains(&MilpSolver::Microlp), cfg!(feature = "microlp"));
        assert_eq!(available.contains(&MilpSolver::Highs), cfg!(feature = "highs"));
        for s in MilpSolver::ALL {
            match Milp::new(s) {
                Ok(milp) => assert!(available.contains(&s) && milp.name() == s.name()),
                Err(BackendError::Unsupported { backend, reason }) => {
                    assert!(!available.contains(&s) && backend == s.name() && reason.contains("feature"))
                }
                Err(other) => panic!("unexpected error {other}"),
            }
        }
    }
}

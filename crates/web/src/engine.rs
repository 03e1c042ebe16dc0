//! The thin glue between a request and a backend: pick a solver, build the model, search, and
//! **check every grid with [`check::verify`] against the puzzle before it may leave**.
//!
//! This crate cannot use the `sudoku-ip` facade (the facade's binary depends on this crate for
//! `sudoku-ip serve`), so it keeps the few lines of the facade's search path it needs; the
//! checker is the shared, independent one from the model crate.

use std::time::{Duration, Instant};

use sudoku_ip_milp::{Milp, MilpSolver};
use sudoku_ip_model::{check, Backend, Grid, Limits, Model, Puzzle, SearchEnd, SearchRequest, SearchResult, Stats};
use sudoku_ip_native::{Native, Presolve};

use crate::error::AppError;

/// A solver compiled into this build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solver {
    /// The native propagation + search engine.
    Native,
    /// A MILP solver through good_lp.
    Milp(MilpSolver),
}

impl Solver {
    /// Every solver this build has, the default (native) first.
    pub fn available() -> Vec<Solver> {
        let mut out = vec![Solver::Native];
        out.extend(MilpSolver::available().into_iter().map(Solver::Milp));
        out
    }

    /// The name used in requests and reports.
    pub fn name(self) -> &'static str {
        match self {
            Solver::Native => "native",
            Solver::Milp(s) => s.name(),
        }
    }

    /// The solver called `name`, or a 400 naming the `solver` field and what is available.
    pub fn from_name(name: &str) -> Result<Solver, AppError> {
        let available = Solver::available();
        let names = available.iter().map(|s| s.name()).collect::<Vec<_>>().join(", ");
        let key = name.trim().to_ascii_lowercase();
        if let Some(s) = available.iter().find(|s| s.name() == key) {
            return Ok(*s);
        }
        let message = match key.parse::<MilpSolver>() {
            Ok(s) => format!("the {s} solver is not compiled into this server (available: {names})"),
            Err(_) => format!("unknown solver {name:?} (available: {names})"),
        };
        Err(AppError::bad("solver", message))
    }

    fn backend(self) -> Result<Box<dyn Backend>, AppError> {
        Ok(match self {
            Solver::Native => Box::new(Native),
            Solver::Milp(s) => Box::new(Milp::new(s).map_err(|e| AppError::Unavailable(e.to_string()))?),
        })
    }
}

/// What a search found: only checked grids.
#[derive(Clone, Debug)]
pub struct Answer {
    /// Checked solutions, up to `keep`.
    pub solutions: Vec<Grid>,
    /// Solutions found.
    pub count: u64,
    /// How the search ended.
    pub end: SearchEnd,
    /// Why there is no solution, when the givens or propagation prove it before any search.
    pub infeasible_reason: Option<String>,
    /// The backend's measurements (`model` is the puzzle's full model).
    pub stats: Stats,
    /// Everything: model build, presolve, search, checking.
    pub total: Duration,
}

/// Search `puzzle` for up to `max` solutions with `solver`, keeping `keep`, and verify each
/// kept grid against the puzzle. A grid the checker rejects is an internal error, never an
/// answer.
pub fn search(puzzle: &Puzzle, solver: Solver, limits: Limits, max: u64, keep: usize) -> Result<Answer, AppError> {
    let start = Instant::now();
    let backend = solver.backend()?;
    let proven_empty = |reason: String, stats: Stats| Answer {
        solutions: Vec::new(),
        count: 0,
        end: SearchEnd::Exhausted,
        infeasible_reason: Some(reason),
        stats,
        total: start.elapsed(),
    };
    // Givens that already clash name the clearest reason; no model needed.
    if let Some(first) = check::given_conflicts(puzzle).first() {
        let stats = Stats { backend: backend.name().to_string(), ..Stats::default() };
        return Ok(proven_empty(first.to_string(), stats));
    }
    let request = SearchRequest::count(max.max(1), keep).with_limits(limits);
    let result = match plain9_givens(puzzle, solver) {
        // Building the 729-variable model costs more than solving a plain 9x9 (~0.5 ms
        // against tens of µs): the bit-parallel fast path takes the givens directly.
        Some(givens) => sudoku_ip_native::search_plain9(&givens, &request)
            .ok_or_else(|| AppError::Internal("the 9x9 fast path returned a malformed grid".into()))?,
        None => match search_model(puzzle, solver, &*backend, &request)? {
            Ok(result) => result,
            Err((reason, stats)) => return Ok(proven_empty(reason, stats)),
        },
    };
    for grid in &result.solutions {
        if let Some(v) = check::verify(puzzle, grid).first() {
            return Err(AppError::Internal(format!(
                "the {} solver returned a grid that breaks the rules ({v}); it was not shown",
                backend.name()
            )));
        }
    }
    Ok(Answer {
        solutions: result.solutions,
        count: result.count,
        end: result.end,
        infeasible_reason: None,
        stats: result.stats,
        total: start.elapsed(),
    })
}

/// The givens of a plain 9x9 puzzle (3x3 boxes, no rules) for the native engine, else `None`.
fn plain9_givens(puzzle: &Puzzle, solver: Solver) -> Option<[u8; 81]> {
    let plain = solver == Solver::Native && puzzle.rules().is_empty() && puzzle.geometry().box_shape() == Some((3, 3));
    plain.then(|| <[u8; 81]>::try_from(puzzle.givens().values()).ok()).flatten()
}

/// Build the model (native presolve first for MILP solvers) and search it. The inner `Err` is
/// a proof of no solution found before the search, with its stats.
fn search_model(
    puzzle: &Puzzle,
    solver: Solver,
    backend: &dyn Backend,
    request: &SearchRequest,
) -> Result<Result<SearchResult, (String, Stats)>, AppError> {
    let mut model = Model::build(puzzle);
    let full_size = model.size();
    // MILP solvers get what native propagation leaves, as on the command line.
    if let Solver::Milp(_) = solver {
        match sudoku_ip_native::presolve(&model) {
            Presolve::Infeasible { reason } => {
                let stats = Stats { backend: backend.name().to_string(), model: full_size, ..Stats::default() };
                return Ok(Err((format!("propagation proves no solution: {reason}"), stats)));
            }
            Presolve::Reduced { fixed, .. } => {
                for (v, f) in fixed.into_iter().enumerate() {
                    if f.is_some() {
                        model.set_fixed(v as u32, f);
                    }
                }
            }
        }
    }
    let mut result = backend.search(&model, request).map_err(|e| AppError::Internal(e.to_string()))?;
    result.stats.model = full_size;
    Ok(Ok(result))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solver_names_round_trip_and_unknown_names_say_what_exists() {
        for s in Solver::available() {
            assert_eq!(Solver::from_name(s.name()).ok(), Some(s));
        }
        let err = Solver::from_name("cplex").expect_err("not a solver");
        assert!(matches!(&err, AppError::BadRequest { field, .. } if field == "solver"), "{err:?}");
        assert!(err.to_string().contains("native"), "{err}");
    }
}

//! What every backend implements, and what it reports.
//!
//! A backend reads only the [`Model`]. It returns grids; the caller checks each one with
//! [`check::verify`](crate::check::verify) before anybody sees it.

use std::time::Duration;

use serde::Serialize;
use thiserror::Error;

use crate::cancel::Cancel;
use crate::grid::Grid;
use crate::model::{Model, ModelSize};

/// Limits on one search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock limit, from the start of the search.
    pub time: Option<Duration>,
    /// Branch-and-bound / search node limit, where the backend supports one.
    pub nodes: Option<u64>,
    /// The job's stop flag and overall deadline (shared with the caller, who may cancel it);
    /// the search stops at whichever of it and [`time`](Self::time) comes first.
    pub cancel: Cancel,
}

impl Limits {
    /// The search's token: [`cancel`](Self::cancel) with [`time`](Self::time) from now added
    /// as a deadline. Backends call it once, at the start of a search.
    pub fn start(&self) -> Cancel {
        self.cancel.with_time_limit(self.time)
    }
}

/// What to look for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchRequest {
    /// Stop after this many solutions (1 = solve, 2 = prove uniqueness, `u64::MAX` = all).
    pub max_solutions: u64,
    /// How many of the solutions found to return (counting all 6×6 grids keeps none).
    pub keep: usize,
    /// Time and node limits.
    pub limits: Limits,
    /// Run native propagation before a MILP solver (MILP backends only).
    pub presolve: bool,
    /// A solution to start from (MILP backends: the first solver call's incumbent, its MIP
    /// start; the native engine ignores it). A backend uses it only when it satisfies the
    /// model, and says what became of it in [`Stats::start`].
    pub start: Option<Grid>,
}

impl SearchRequest {
    /// Find one solution.
    pub fn solve() -> SearchRequest {
        SearchRequest { max_solutions: 1, keep: 1, limits: Limits::default(), presolve: true, start: None }
    }

    /// Count up to `max` solutions, keeping `keep` of them.
    pub fn count(max: u64, keep: usize) -> SearchRequest {
        SearchRequest { max_solutions: max, keep, ..SearchRequest::solve() }
    }

    /// With limits.
    pub fn with_limits(mut self, limits: Limits) -> SearchRequest {
        self.limits = limits;
        self
    }
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "end", rename_all = "snake_case")]
pub enum SearchEnd {
    /// Every solution was found: the count is exact.
    Exhausted,
    /// Stopped on reaching `max_solutions`: there are at least that many.
    ReachedMax,
    /// Stopped before the answer was known (time limit, node limit, solver status).
    Stopped {
        /// Why, in words.
        reason: String,
    },
}

/// Measured facts about a search.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Stats {
    /// Backend name (a backend's [`Backend::name`]; static, so a search's stats allocate
    /// nothing for it).
    pub backend: &'static str,
    /// Wall time of the search (model build excluded; the caller adds it).
    pub elapsed: Duration,
    /// Search / branch-and-bound nodes, where known.
    pub nodes: Option<u64>,
    /// Guesses (branching decisions), where known.
    pub guesses: Option<u64>,
    /// Solver calls (MILP enumeration solves once per solution).
    pub solver_calls: Option<u64>,
    /// MILP backends: simplex iterations over all calls, where the solver reports them.
    pub lp_iterations: Option<u64>,
    /// Size of the model as handed to the backend.
    pub model: ModelSize,
    /// Size after presolve, when there was one.
    pub presolved: Option<ModelSize>,
    /// MILP backends: the objective's value at the last solution found ([`crate::Objective`]).
    pub objective: Option<i64>,
    /// MILP backends: the relative gap between that value and the solver's bound when it
    /// stopped (0 for a proven optimum).
    pub mip_gap: Option<f64>,
    /// MILP backends given a [`SearchRequest::start`]: what became of it.
    pub start: Option<StartUse>,
}

/// What a MILP solver did with the solution it was given to start from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StartUse {
    /// Passed as the incumbent, and the solver's first answer is that very grid: the grid came
    /// from the start, the solver certified it (a proven optimum when the gap is 0).
    Kept,
    /// Passed, and the solver answered with another grid.
    Replaced,
    /// Passed, and the solver stopped with no answer.
    NoAnswer,
    /// Not passed: the grid does not satisfy the model.
    Rejected,
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SearchResult {
    /// Up to `keep` solutions, in the order found.
    pub solutions: Vec<Grid>,
    /// Solutions found (may exceed `solutions.len()`).
    pub count: u64,
    /// How it ended.
    pub end: SearchEnd,
    /// Measurements.
    pub stats: Stats,
}

/// A failure of the backend itself (not "no solution", which is a result).
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum BackendError {
    /// The backend is not compiled in or cannot take this model.
    #[error("backend {backend} cannot solve this: {reason}")]
    Unsupported {
        /// Backend name.
        backend: String,
        /// Why.
        reason: String,
    },
    /// The solver failed.
    #[error("backend {backend} failed: {reason}")]
    Failed {
        /// Backend name.
        backend: String,
        /// Why.
        reason: String,
    },
}

/// A solver for the 0-1 model.
pub trait Backend: Send + Sync {
    /// Short name (`native`, `microlp`, `highs`).
    fn name(&self) -> &'static str;

    /// Search the model for solutions.
    fn search(&self, model: &Model, request: &SearchRequest) -> Result<SearchResult, BackendError>;
}

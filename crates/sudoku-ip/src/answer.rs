//! The one JSON shape of a solve or count answer, written by `sudoku-ip solve -O json`,
//! `sudoku-ip count --json` and the HTTP API's `/api/solve` and `/api/count` alike:
//!
//! ```json
//! {"status": "solved", "solution": {"line": "1453…", "rows": [[1,4,5,…],…]},
//!  "count": 1, "count_exact": true, "unique": true,
//!  "stats": {"solver": "native", "model": {"variables": 729, …}, "presolved": null,
//!            "time_ms": 0.06, "build_ms": 0.0, "presolve_ms": null, "search_ms": 0.05,
//!            "nodes": 35, "guesses": 35, "solver_calls": null, "time_limit_s": 5.0}}
//! ```
//!
//! `status` is `solved`, `counted` (a count), `infeasible` or `unknown`; `reason` says why for the
//! last two (and, for `solved` with `unique` asked, why uniqueness is unknown); `unique` and
//! `other_solution` appear when uniqueness was asked; `solutions` when all were asked for;
//! `warnings` when the puzzle has something allowed but probably not meant.

use std::time::Duration;

use serde::Serialize;
use sudoku_ip_model::{Grid, ModelSize, SearchEnd, StartUse, Warning};

use crate::pipeline::{Outcome, Presolve, Report};

/// A grid as JSON: the one-line form and the rows of integers (0 = empty).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GridJson {
    /// `n²` characters, `.` for an empty cell.
    pub line: String,
    /// Row by row.
    pub rows: Vec<Vec<u8>>,
}

impl From<&Grid> for GridJson {
    fn from(g: &Grid) -> Self {
        let n = g.n().max(1);
        GridJson { line: g.to_line(), rows: g.values().chunks(n).map(<[u8]>::to_vec).collect() }
    }
}

/// What the answer says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum AnswerStatus {
    /// A checked solution.
    Solved,
    /// Solutions were counted (a count answer with at least one solution).
    Counted,
    /// No solution exists.
    Infeasible,
    /// A limit stopped the search before the answer was known.
    Unknown,
}

/// The solver's measurements, in milliseconds.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StatsJson {
    /// Solver name.
    pub solver: String,
    /// The puzzle's 0-1 model.
    pub model: ModelSize,
    /// What a MILP solver received after native presolve.
    pub presolved: Option<ModelSize>,
    /// Everything: model, presolve, search and checking.
    pub time_ms: f64,
    /// Building the model.
    pub build_ms: f64,
    /// Native presolve, when it ran.
    pub presolve_ms: Option<f64>,
    /// MILP: the presolve level the solver's model went through (`none`, `light`, `probe`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub presolve: Option<Presolve>,
    /// MILP: why the solver was not called, in words ("decided by presolve (…); the MILP solver
    /// was not called"). Absent when it was called, and for the native engine.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solver_not_called: Option<String>,
    /// The search alone.
    pub search_ms: f64,
    /// Search / branch-and-bound nodes.
    pub nodes: Option<u64>,
    /// Branching decisions.
    pub guesses: Option<u64>,
    /// MILP solver calls (one per solution found, plus the last).
    pub solver_calls: Option<u64>,
    /// MILP: the solver's simplex iterations over all its calls, where it reports them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lp_iterations: Option<u64>,
    /// MILP: the objective's value at the last solution (`--objective`; 29565 for any 9x9
    /// solution under the seeds' objective).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub objective: Option<i64>,
    /// MILP with presolve: the constant the presolve proved the objective equal to on every
    /// solution, when it did; the solver was then given the zero objective, and `objective` is
    /// still the objective's value at the answer (equal to it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub objective_reduced: Option<i64>,
    /// MILP: the relative gap the solver reported when it stopped (0 for a proven optimum).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mip_gap: Option<f64>,
    /// MILP with a MIP start ([`crate::MipStart`]): what the solver did with the native
    /// engine's grid — `kept` (the answer is that grid, the solver certified it), `replaced`,
    /// `no_answer` or `rejected`. Absent when no start was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mip_start: Option<StartUse>,
    /// The native search for that start, when it ran.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mip_start_ms: Option<f64>,
    /// The time limit that applied, in seconds.
    pub time_limit_s: Option<f64>,
}

/// A solve or count answer, as JSON (see the module docs).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Answer {
    /// What it says.
    pub status: AnswerStatus,
    /// Why there is no solution, or why the answer is unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The first solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<GridJson>,
    /// A second solution, when uniqueness was asked and there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other_solution: Option<GridJson>,
    /// Every solution kept, when all were asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions: Option<Vec<GridJson>>,
    /// Solutions found.
    pub count: u64,
    /// Whether `count` is every solution there is.
    pub count_exact: bool,
    /// Whether the solution is unique, when that was asked and is known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unique: Option<bool>,
    /// Measurements, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<StatsJson>,
    /// What the puzzle has that is allowed but probably not meant ([`sudoku_ip_model::warnings`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

impl StatsJson {
    /// The measurements of a report, with the time limit that applied.
    pub fn of(report: &Report, time_limit: Option<Duration>) -> StatsJson {
        let s = &report.stats;
        StatsJson {
            solver: s.backend.to_string(),
            model: s.model,
            presolved: s.presolved,
            time_ms: ms(report.total_time),
            build_ms: ms(report.build_time),
            presolve_ms: report.presolve_time.map(ms),
            presolve: report.presolve,
            solver_not_called: report.solver_not_called(),
            search_ms: ms(s.elapsed),
            nodes: s.nodes,
            guesses: s.guesses,
            solver_calls: s.solver_calls,
            lp_iterations: s.lp_iterations,
            objective: s.objective,
            objective_reduced: report.objective_reduced,
            mip_gap: s.mip_gap,
            mip_start: s.start,
            mip_start_ms: report.start_time.map(ms),
            time_limit_s: time_limit.map(|t| t.as_secs_f64()),
        }
    }
}

impl Answer {
    fn base(report: &Report, status: AnswerStatus, reason: Option<String>) -> Answer {
        Answer {
            status,
            reason,
            solution: None,
            other_solution: None,
            solutions: None,
            count: report.count,
            count_exact: report.end == SearchEnd::Exhausted,
            unique: None,
            stats: None,
            warnings: Vec::new(),
        }
    }

    /// The answer to "solve this" (`unique`: and is the solution the only one?), from a search
    /// for up to 2 solutions when `unique`, else 1.
    pub fn solve(report: &Report, unique: bool) -> Answer {
        let stopped = match &report.end {
            SearchEnd::Stopped { reason } => Some(reason.clone()),
            _ => None,
        };
        let (status, reason, uniqueness) = match (&report.outcome, &stopped) {
            (Outcome::Solved, None) => (AnswerStatus::Solved, None, unique.then_some(report.count == 1)),
            (Outcome::Solved, Some(r)) => {
                (AnswerStatus::Solved, unique.then(|| format!("uniqueness unknown: {r}")), None)
            }
            (Outcome::Infeasible { reason }, _) => {
                (AnswerStatus::Infeasible, Some(reason.clone()), unique.then_some(false))
            }
            (Outcome::Unknown { reason }, _) => (AnswerStatus::Unknown, Some(reason.clone()), None),
        };
        let mut answer = Answer::base(report, status, reason);
        answer.solution = report.solutions.first().map(GridJson::from);
        answer.unique = uniqueness;
        if unique {
            answer.other_solution = report.solutions.get(1).map(GridJson::from);
        }
        answer
    }

    /// The answer to "how many solutions" (a search with `keep` = 0).
    pub fn count(report: &Report) -> Answer {
        let (status, reason) = match (&report.end, report.count, &report.outcome) {
            (SearchEnd::Stopped { reason }, _, _) => {
                (AnswerStatus::Unknown, Some(format!("{reason}; at least {} found", report.count)))
            }
            (_, 0, Outcome::Infeasible { reason }) => (AnswerStatus::Infeasible, Some(reason.clone())),
            (_, 0, _) => (AnswerStatus::Infeasible, None),
            _ => (AnswerStatus::Counted, None),
        };
        let mut answer = Answer::base(report, status, reason);
        let exact = answer.count_exact;
        answer.unique = (exact || report.count >= 2).then_some(report.count == 1);
        answer
    }

    /// With every kept solution listed.
    pub fn with_solutions(mut self, report: &Report) -> Answer {
        self.solutions = Some(report.solutions.iter().map(GridJson::from).collect());
        self
    }

    /// With the measurements.
    pub fn with_stats(mut self, report: &Report, time_limit: Option<Duration>) -> Answer {
        self.stats = Some(StatsJson::of(report, time_limit));
        self
    }

    /// With the puzzle's warnings (a killer cage whose cells do not touch, …).
    pub fn with_warnings(mut self, warnings: &[Warning]) -> Answer {
        self.warnings = warnings.iter().map(ToString::to_string).collect();
        self
    }
}

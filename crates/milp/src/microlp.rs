//! The microlp backend: pure Rust branch and bound, through good_lp. Always buildable; fine for
//! small grids and presolved models, slow on large open ones.
//!
//! good_lp does not pass a node limit to microlp, so [`Limits::nodes`](sudoku_ip_model::Limits)
//! is not applied here; the time limit is.

use good_lp::{ResolutionError, Solution, SolverModel, WithInitialSolution, WithTimeLimit};

use crate::problem::{GoodLp, Reduced};
use crate::{Attempt, CallLimits, LpAnswer, Work};

/// One solve of the reduced problem; a start is microlp's warm start (its first incumbent).
pub(crate) fn solve(reduced: &Reduced, limits: CallLimits, start: Option<&[f64]>) -> Attempt {
    let GoodLp { problem, columns, constraints } = reduced.to_good_lp();
    let mut model = problem.using(good_lp::microlp);
    if let Some(time) = limits.time {
        model = model.with_time_limit(time.as_secs_f64());
    }
    if let Some(start) = start {
        model = model.with_initial_solution(columns.iter().copied().zip(start.iter().copied()));
    }
    for c in constraints {
        model.add_constraint(c);
    }
    match model.solve() {
        Ok(solution) => {
            let values = columns.iter().map(|&c| solution.value(c)).collect();
            let stats = solution.into_inner().stats();
            let work = Work { nodes: Some(stats.nodes_solved), lp_iterations: Some(stats.lp_iterations) };
            // microlp's branch and bound returns only a proven optimum.
            Attempt::Values { values, work, gap: Some(0.0) }
        }
        // good_lp's error drops microlp's statistics.
        Err(ResolutionError::Infeasible) => Attempt::Infeasible { work: Work::UNKNOWN },
        Err(e) => Attempt::Stopped { reason: format!("microlp: {}", words(&e)), work: Work::UNKNOWN },
    }
}

/// The solver's own words, without good_lp's wrapping sentence.
fn words(e: &ResolutionError) -> String {
    match e {
        ResolutionError::Other(s) => s.to_string(),
        ResolutionError::Str(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The LP relaxation of the reduced problem, solved once by microlp's simplex: the column values
/// and the simplex iterations.
pub(crate) fn solve_lp(reduced: &Reduced, time: Option<std::time::Duration>) -> Result<LpAnswer, String> {
    let GoodLp { problem, columns, constraints } = reduced.to_good_lp_as(false);
    let mut model = problem.using(good_lp::microlp);
    if let Some(time) = time {
        model = model.with_time_limit(time.as_secs_f64());
    }
    for c in constraints {
        model.add_constraint(c);
    }
    match model.solve() {
        Ok(solution) => {
            let values = columns.iter().map(|&c| solution.value(c)).collect();
            let iterations = solution.into_inner().stats().lp_iterations;
            Ok(LpAnswer { values, iterations: Some(iterations) })
        }
        Err(ResolutionError::Infeasible) => Err("the LP relaxation is infeasible".into()),
        Err(e) => Err(format!("microlp: {}", words(&e))),
    }
}

//! The microlp backend: pure Rust branch and bound, through good_lp. Always buildable; fine for
//! small grids and presolved models, slow on large open ones.
//!
//! good_lp does not pass a node limit to microlp, so [`Limits::nodes`](sudoku_ip_model::Limits)
//! is not applied here; the time limit is.

use good_lp::{ResolutionError, Solution, SolverModel, WithInitialSolution, WithTimeLimit};

use crate::problem::{GoodLp, Reduced};
use crate::{Attempt, CallLimits};

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
            let nodes = solution.into_inner().stats().nodes_solved;
            // microlp's branch and bound returns only a proven optimum.
            Attempt::Values { values, nodes: Some(nodes), gap: Some(0.0) }
        }
        Err(ResolutionError::Infeasible) => Attempt::Infeasible { nodes: None },
        Err(e) => Attempt::Stopped { reason: format!("microlp: {}", words(&e)), nodes: None },
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

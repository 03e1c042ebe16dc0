//! The HiGHS backend (cargo feature `highs`): good_lp builds the problem, and the `highs` crate
//! runs it so that the exact model status reaches the report ("time limit reached" rather than
//! good_lp's "no solution found"). Output is silenced. Each call reports HiGHS's own work: its
//! simplex iterations (over every LP of the branch and bound) and its branch-and-bound nodes, a
//! 64-bit info value read by `highs_info.rs`, since the safe wrapper reads only 32-bit ones.

use ::highs::{HighsModelStatus, HighsSolutionStatus};

use good_lp::SolverModel;

use crate::highs_info;
use crate::problem::{GoodLp, Reduced};
use crate::{Attempt, CallLimits, LpAnswer, Work};

/// HiGHS options for this model class, measured on hard 9×9 and generated 16×16 puzzles with
/// highspy (`benches/peers/README.md`): HiGHS solves them at the root node, and its time goes
/// into root heuristics, symmetry detection, restarts and cut rounds, which find nothing a
/// set-partitioning Sudoku needs; without them the median solve is about 1.6–2× faster. One
/// thread: the problems are small, and a batch runs one solve per core. RENS runs at the root
/// even at heuristic effort 0: on 25×25 grids with many solutions (rand25) its sub-MIP kept
/// HiGHS at the root node for the whole 20 s; without it branch and bound finds a grid in
/// 9–20 s. An option an older HiGHS does not know is skipped (they only tune).
const OPTIONS: [(&str, OptionValue); 9] = [
    ("threads", OptionValue::Int(1)),
    ("mip_detect_symmetry", OptionValue::Bool(false)),
    ("mip_allow_restart", OptionValue::Bool(false)),
    ("mip_heuristic_effort", OptionValue::Float(0.0)),
    ("mip_heuristic_run_feasibility_jump", OptionValue::Bool(false)),
    ("mip_heuristic_run_rens", OptionValue::Bool(false)),
    ("mip_allow_cut_separation_at_nodes", OptionValue::Bool(false)),
    ("mip_pool_soft_limit", OptionValue::Int(10)),
    ("mip_lp_age_limit", OptionValue::Int(0)),
];

#[derive(Clone, Copy)]
enum OptionValue {
    Int(i32),
    Bool(bool),
    Float(f64),
}

/// Set one of [`OPTIONS`]: `false` when this HiGHS does not take it.
fn set(model: &mut ::highs::Model, name: &str, value: OptionValue) -> bool {
    match value {
        OptionValue::Int(v) => model.try_set_option(name, v),
        OptionValue::Bool(v) => model.try_set_option(name, v),
        OptionValue::Float(v) => model.try_set_option(name, v),
    }
    .is_ok()
}

fn tune(model: &mut ::highs::Model) {
    for (name, value) in OPTIONS {
        // Tuning only: an option this HiGHS lacks changes nothing about the answer.
        set(model, name, value);
    }
}

/// Build the HiGHS model of `reduced` with our options (and presolve on or off) and run it:
/// `Err` when it cannot be set up, `Ok(Err(status))` when the run fails.
fn run(
    reduced: &Reduced,
    limits: CallLimits,
    start: Option<&[f64]>,
    presolve: bool,
) -> Result<Result<::highs::SolvedModel, ::highs::HighsStatus>, String> {
    run_as(reduced, limits, start, presolve, true)
}

/// [`run`], with the columns binary (`integer`) or relaxed to `0 <= x <= 1` (the LP).
fn run_as(
    reduced: &Reduced,
    limits: CallLimits,
    start: Option<&[f64]>,
    presolve: bool,
    integer: bool,
) -> Result<Result<::highs::SolvedModel, ::highs::HighsStatus>, String> {
    let GoodLp { problem, columns: _, constraints } = reduced.to_good_lp_as(integer);
    let mut builder = problem.using(good_lp::highs);
    for c in constraints {
        builder.add_constraint(c);
    }
    let mut model = builder.try_into_inner().map_err(|e| e.to_string())?;
    model.make_quiet();
    tune(&mut model);
    // The start's row activities are left to HiGHS (it computes them from the columns).
    if let Some(start) = start {
        if model.try_set_solution(Some(start), None, None, None).is_err() {
            return Err("cannot set the start".into());
        }
    }
    if !presolve && model.try_set_option("presolve", "off").is_err() {
        return Err("cannot set presolve".into());
    }
    if let Some(time) = limits.time {
        if model.try_set_option("time_limit", time.as_secs_f64()).is_err() {
            return Err("cannot set time_limit".into());
        }
    }
    if let Some(nodes) = limits.nodes {
        let nodes = i32::try_from(nodes).unwrap_or(i32::MAX);
        if model.try_set_option("mip_max_nodes", nodes).is_err() {
            return Err("cannot set mip_max_nodes".into());
        }
    }
    Ok(model.try_solve())
}

/// One solve of the reduced problem. HiGHS's MIP presolve has known faults that it catches
/// itself after postsolve ("MIP solver claims optimality, but with ... infeasibilities", run
/// status Error; ERGO-Code/HiGHS#2782): a 4×4 sandwich model being counted met one. The call is
/// then made again without presolve, which solves the same model directly.
pub(crate) fn solve(reduced: &Reduced, limits: CallLimits, start: Option<&[f64]>) -> Attempt {
    let stopped = |reason: String| Attempt::Stopped { reason: format!("HiGHS: {reason}"), work: Work::UNKNOWN };
    let began = std::time::Instant::now();
    let solved = match run(reduced, limits, start, true) {
        Ok(Err(::highs::HighsStatus::Error)) => {
            let time = limits.time.map(|t| t.saturating_sub(began.elapsed()));
            run(reduced, CallLimits { time, ..limits }, start, false)
        }
        other => other,
    };
    let solved = match solved {
        Err(reason) => return stopped(reason),
        Ok(Err(status)) => return stopped(format!("run failed ({status:?})")),
        Ok(Ok(solved)) => solved,
    };
    let status = solved.status();
    let work = work_of(&solved);
    if solved.primal_solution_status() == HighsSolutionStatus::Feasible {
        let values = match columns(&solved, reduced) {
            Ok(values) => values,
            Err(reason) => return stopped(reason),
        };
        let gap = solved.mip_gap();
        return Attempt::Values { values, work, gap: gap.is_finite().then_some(gap) };
    }
    let stopped = |reason: String| Attempt::Stopped { reason: format!("HiGHS: {reason}"), work };
    match status {
        // Every variable is bounded, so "unbounded or infeasible" can only be infeasible.
        HighsModelStatus::Infeasible | HighsModelStatus::UnboundedOrInfeasible => Attempt::Infeasible { work },
        HighsModelStatus::ReachedTimeLimit => stopped("time limit reached before a solution was found".into()),
        other => stopped(format!("no solution, model status {other:?}")),
    }
}

/// HiGHS's own count of its work in a call: branch-and-bound nodes (none when HiGHS decided the
/// model in its presolve, which reports 0) and simplex iterations over every LP it solved.
fn work_of(solved: &::highs::SolvedModel) -> Work {
    let iterations = solved.int_info_value(c"simplex_iteration_count").ok().and_then(|n| u64::try_from(n).ok());
    Work { nodes: highs_info::mip_nodes(solved), lp_iterations: iterations }
}

/// The LP relaxation of the reduced problem (every column in `[0, 1]`), solved once by HiGHS's
/// simplex: the column values and the simplex iterations.
pub(crate) fn solve_lp(reduced: &Reduced, time: Option<std::time::Duration>) -> Result<LpAnswer, String> {
    let limits = CallLimits { time, nodes: None };
    let solved = match run_as(reduced, limits, None, true, false)? {
        Ok(solved) => solved,
        Err(status) => return Err(format!("HiGHS: the LP run failed ({status:?})")),
    };
    match solved.status() {
        HighsModelStatus::Optimal => {}
        // Presolve decided every variable: an LP of no columns, solved by no iteration.
        HighsModelStatus::ModelEmpty if reduced.num_columns() == 0 => {
            return Ok(LpAnswer { values: Vec::new(), iterations: Some(0) })
        }
        HighsModelStatus::Infeasible | HighsModelStatus::UnboundedOrInfeasible => {
            return Err("the LP relaxation is infeasible".into())
        }
        other => return Err(format!("HiGHS: no LP optimum, model status {other:?}")),
    }
    let values = columns(&solved, reduced).map_err(|reason| format!("HiGHS: {reason}"))?;
    Ok(LpAnswer { values, iterations: work_of(&solved).lp_iterations })
}

/// The solved model's column values, one a column of `reduced` (good_lp adds one HiGHS column
/// per variable, in creation order), or why not.
fn columns(solved: &::highs::SolvedModel, reduced: &Reduced) -> Result<Vec<f64>, String> {
    let values = solved.get_solution().columns().to_vec();
    if values.len() != reduced.num_columns() {
        return Err(format!("{} values for {} columns", values.len(), reduced.num_columns()));
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tuning_option_is_one_this_highs_takes() {
        // `tune` skips an option HiGHS refuses, so a misspelt name would tune nothing, silently.
        let mut model = ::highs::RowProblem::default().optimise(::highs::Sense::Minimise);
        for (name, value) in OPTIONS {
            assert!(set(&mut model, name, value), "HiGHS does not take {name}");
        }
        assert!(!set(&mut model, "mip_heuristic_run_renz", OptionValue::Bool(false)));
    }
}

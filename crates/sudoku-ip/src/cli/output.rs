//! How results are written: grid, line or JSON on stdout; stats on stderr.

use serde_json::{json, Value};
use sudoku_ip::{formats, Grid, Outcome, Puzzle, Report, SearchEnd};

use super::args::OutputFormat;

/// A solution in the chosen format (no trailing newline for `line`/`json`).
pub fn grid_text(grid: &Grid, puzzle: &Puzzle, format: OutputFormat) -> String {
    match format {
        OutputFormat::Grid => formats::to_grid_text(grid, puzzle.geometry()),
        OutputFormat::Line => format!("{}\n", grid.to_line()),
        OutputFormat::Json => format!("{}\n", grid_json(grid)),
    }
}

/// A grid as JSON: the line form and the rows of integers.
pub fn grid_json(grid: &Grid) -> Value {
    let n = grid.n();
    let rows: Vec<&[u8]> = grid.values().chunks(n).collect();
    json!({ "line": grid.to_line(), "rows": rows })
}

/// `exactly 1`, `at least 2`, `at least 5 (stopped: time limit of 1s reached)`.
pub fn count_text(report: &Report) -> String {
    match &report.end {
        SearchEnd::Exhausted => format!("{}", report.count),
        SearchEnd::ReachedMax => format!("at least {}", report.count),
        SearchEnd::Stopped { reason } => format!("at least {} (unknown: {reason})", report.count),
    }
}

/// The stats of a report, one line, for stderr.
pub fn stats_line(report: &Report) -> String {
    let s = &report.stats;
    let status = match &report.outcome {
        Outcome::Solved(_) => "solved".to_string(),
        Outcome::Infeasible { .. } => "infeasible".to_string(),
        Outcome::Unknown { reason } => format!("unknown ({reason})"),
    };
    let mut parts = vec![format!("solver {}", s.backend), format!("status {status}"), format!("model {}", s.model)];
    if let Some(p) = &s.presolved {
        parts.push(format!("after presolve {p}"));
    }
    parts.push(format!(
        "time {} (build {}, {}search {})",
        ms(report.total_time),
        ms(report.build_time),
        report.presolve_time.map(|t| format!("presolve {}, ", ms(t))).unwrap_or_default(),
        ms(s.elapsed)
    ));
    if let Some(n) = s.nodes {
        parts.push(format!("nodes {n}"));
    }
    if let Some(g) = s.guesses {
        parts.push(format!("guesses {g}"));
    }
    if let Some(c) = s.solver_calls {
        parts.push(format!("solver calls {c}"));
    }
    parts.push(format!("solutions {}", count_text(report)));
    format!("stats: {}", parts.join("; "))
}

fn ms(d: std::time::Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}

/// The stats as JSON.
pub fn stats_json(report: &Report) -> Value {
    let s = &report.stats;
    json!({
        "solver": s.backend,
        "model": s.model,
        "presolved": s.presolved,
        "build_ms": report.build_time.as_secs_f64() * 1e3,
        "presolve_ms": report.presolve_time.map(|t| t.as_secs_f64() * 1e3),
        "search_ms": s.elapsed.as_secs_f64() * 1e3,
        "total_ms": report.total_time.as_secs_f64() * 1e3,
        "nodes": s.nodes,
        "guesses": s.guesses,
        "solver_calls": s.solver_calls,
    })
}

/// A whole report as JSON (the solve output with `--output json`).
pub fn report_json(report: &Report, with_stats: bool) -> Value {
    let mut v = match &report.outcome {
        Outcome::Solved(g) => json!({ "status": "solved", "solution": grid_json(g) }),
        Outcome::Infeasible { reason } => json!({ "status": "infeasible", "reason": reason }),
        Outcome::Unknown { reason } => json!({ "status": "unknown", "reason": reason }),
    };
    v["count"] = json!(report.count);
    v["count_exact"] = json!(report.end == SearchEnd::Exhausted);
    if with_stats {
        v["stats"] = stats_json(report);
    }
    v
}

//! `sudoku-ip compare`: seed 002's experiment as one command. The JuMP write-up solves the same
//! puzzle with a MILP model (the 0-1 cube, handed to HiGHS as written) and a constraint-programming
//! model (`AllDifferent`) and checks that they agree. Here the CP side is the native engine
//! (propagation and search over all-different units), and every MILP backend compiled in
//! (microlp, HiGHS) gets the model at each presolve level asked for: `none` by default, the
//! model as the seed writes it, so the MILP figures are the solver's own work. Each puzzle is
//! solved and its uniqueness proved (a count to 2); the table says whether every checked
//! solution agrees, how often the MILP solver was called at all, its own nodes and simplex
//! iterations, and how many variables are fractional in the LP relaxation at the root.

use std::io::Write;
use std::time::Duration;

use anyhow::anyhow;
use clap::Args;
use serde::Serialize;
use sudoku_ip::formats::Document;
use sudoku_ip::{Limits, Options, Presolve, Puzzle, Report, Solver};

use super::args::{parse_presolve, parse_seconds, InputArgs};
use super::commands::read_document;
use super::{Failure, Status};

#[derive(Debug, Args)]
pub struct CompareArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Time limit of each backend on each puzzle, in seconds.
    #[arg(long, value_name = "SECONDS", default_value = "20", value_parser = parse_seconds, allow_negative_numbers = true)]
    pub time_limit: Duration,
    /// Print JSON (one object a row) instead of the table.
    #[arg(long)]
    pub json: bool,
    /// The presolve levels the MILP backends run at, one row each (none = the model as the
    /// seed writes it; light = givens and root propagation; probe = probing to a fixed point).
    #[arg(long, value_name = "LEVELS", value_delimiter = ',', default_value = "none", value_parser = parse_presolve)]
    pub presolve: Vec<Presolve>,
    /// Skip the LP relaxation at the root (one LP solve a puzzle, a backend and a level).
    #[arg(long)]
    pub no_root_lp: bool,
}

/// One backend at one presolve level, over all the puzzles.
#[derive(Debug, Serialize)]
struct Row {
    solver: &'static str,
    /// MILP: the presolve level (`none` is the seed's model); `null` for the native engine.
    presolve: Option<Presolve>,
    /// Puzzles solved and proved unique / with another ending.
    solved: usize,
    other: usize,
    /// Whole solve + uniqueness proof a puzzle (model build, presolve and checking included).
    median_ms: f64,
    max_ms: f64,
    /// MILP: puzzles on which the solver was called at least once (the others were decided
    /// before it: by presolve, or by the givens).
    solver_called: Option<usize>,
    /// Total search / branch-and-bound nodes, where the backend counts them.
    nodes: Option<u64>,
    /// MILP: total simplex iterations, where the solver reports them.
    lp_iterations: Option<u64>,
    /// MILP: the median number of fractional variables in the LP relaxation at the root (the
    /// model the solver got, zero objective), solved by the same solver.
    root_lp_fractional_median: Option<usize>,
    /// MILP: the median number of columns of that LP (free variables).
    root_lp_columns_median: Option<usize>,
    /// Model size the solver got (the first puzzle's; after presolve for MILP).
    variables: usize,
    rows: usize,
}

pub fn run(a: CompareArgs) -> Result<Status, Failure> {
    let (doc, name) = read_document(&a.input)?;
    let puzzles: Vec<Puzzle> = match doc {
        Document::Single(p) => vec![p],
        Document::Batch(items) => items
            .into_iter()
            .map(|(line, p)| p.map_err(|e| Failure::bad_input(anyhow!("{name}: line {line}: {e}"))))
            .collect::<Result<_, _>>()?,
    };
    let mut runs: Vec<(Solver, Option<Presolve>)> = vec![(Solver::Native, None)];
    for solver in Solver::available().into_iter().filter(|s| s.is_milp()) {
        runs.extend(a.presolve.iter().map(|&level| (solver, Some(level))));
    }
    let mut table = Vec::new();
    // answers[r][p]: run r's solution of puzzle p (None: not solved).
    let mut answers: Vec<Vec<Option<String>>> = Vec::new();
    for &(solver, level) in &runs {
        let options = Options {
            solver,
            limits: Limits { time: Some(a.time_limit), nodes: None, ..Default::default() },
            presolve: level.unwrap_or_default(),
            ..Options::default()
        };
        let mut times = Vec::new();
        let (mut solved, mut other, mut called) = (0, 0, 0);
        let (mut nodes, mut iterations) = (None, None);
        let (mut fractional, mut columns) = (Vec::new(), Vec::new());
        let mut size = None;
        let mut lines = Vec::new();
        for puzzle in &puzzles {
            let report: Report = sudoku_ip::count(puzzle, &options, 2, 2).map_err(Failure::solver)?;
            times.push(report.total_time.as_secs_f64() * 1e3);
            nodes = add(nodes, report.stats.nodes);
            iterations = add(iterations, report.stats.lp_iterations);
            called += usize::from(report.stats.solver_calls.is_some_and(|c| c > 0));
            let got = report.stats.presolved.unwrap_or(report.stats.model);
            size.get_or_insert((got.variables, got.rows));
            match report.solution() {
                Some(g) if report.is_unique() => {
                    solved += 1;
                    lines.push(Some(g.to_line()));
                }
                _ => {
                    other += 1;
                    lines.push(None);
                }
            }
            if let (Some(level), false) = (level, a.no_root_lp) {
                let lp =
                    sudoku_ip::root_lp(puzzle, solver, level, a.time_limit).map_err(|e| Failure::solver(e.into()))?;
                fractional.extend(lp.fractional);
                columns.extend(lp.columns);
            }
        }
        let (variables, rows) = size.unwrap_or_default();
        table.push(Row {
            solver: solver.name(),
            presolve: level,
            solved,
            other,
            median_ms: median(&mut times).unwrap_or(0.0),
            max_ms: times.last().copied().unwrap_or(0.0),
            solver_called: level.map(|_| called),
            nodes,
            lp_iterations: iterations,
            root_lp_fractional_median: median(&mut fractional),
            root_lp_columns_median: median(&mut columns),
            variables,
            rows,
        });
        answers.push(lines);
    }
    // Agreement: on every puzzle, every backend that solved it gave the same grid.
    let disagree: Vec<usize> = (0..puzzles.len())
        .filter(|&p| {
            let mut solved = answers.iter().filter_map(|a| a[p].as_ref());
            solved.next().is_some_and(|first| solved.any(|other| other != first))
        })
        .collect();
    let all_solved = table.iter().all(|r| r.other == 0);
    let mut w = std::io::stdout().lock();
    if a.json {
        for row in &table {
            writeln!(w, "{}", serde_json::to_string(row)?)?;
        }
        writeln!(
            w,
            "{}",
            serde_json::json!({ "puzzles": puzzles.len(), "agree": disagree.is_empty(), "all_solved": all_solved })
        )?;
    } else {
        writeln!(
            w,
            "{} puzzle(s), each solved and its uniqueness proved by the native engine (CP) and by every MILP \
             backend compiled in, at presolve {} ({} s limit each)",
            puzzles.len(),
            a.presolve.iter().map(|p| p.name()).collect::<Vec<_>>().join(", "),
            a.time_limit.as_secs_f64()
        )?;
        writeln!(
            w,
            "{:<8} {:<8} {:>6} {:>5} {:>10} {:>10} {:>7} {:>9} {:>9} {:>12} {:>14}",
            "backend",
            "presolve",
            "unique",
            "other",
            "median ms",
            "max ms",
            "called",
            "nodes",
            "LP iter",
            "root LP frac",
            "model var/row"
        )?;
        let dash = |v: Option<String>| v.unwrap_or_else(|| "-".into());
        for r in &table {
            let root = r.root_lp_fractional_median.zip(r.root_lp_columns_median).map(|(f, c)| format!("{f}/{c}"));
            writeln!(
                w,
                "{:<8} {:<8} {:>6} {:>5} {:>10.3} {:>10.3} {:>7} {:>9} {:>9} {:>12} {:>14}",
                r.solver,
                dash(r.presolve.map(|p| p.name().to_string())),
                r.solved,
                r.other,
                r.median_ms,
                r.max_ms,
                dash(r.solver_called.map(|c| c.to_string())),
                dash(r.nodes.map(|n| n.to_string())),
                dash(r.lp_iterations.map(|n| n.to_string())),
                dash(root),
                format!("{}/{}", r.variables, r.rows)
            )?;
        }
        writeln!(
            w,
            "called: puzzles on which the MILP solver ran (the others were decided by presolve); nodes, LP iter: \
             totals as each solver reports them; root LP frac: median fractional/free variables of the LP relaxation"
        )?;
        if disagree.is_empty() {
            writeln!(w, "all backends agree on every solution")?;
        } else {
            writeln!(
                w,
                "the backends DISAGREE on {} puzzle(s), the first is number {}",
                disagree.len(),
                disagree[0] + 1
            )?;
        }
    }
    Ok(if disagree.is_empty() && all_solved { Status::Ok } else { Status::NoSolution })
}

/// A total over puzzles of what the backend reports (unknown only when no puzzle reports it).
fn add(total: Option<u64>, part: Option<u64>) -> Option<u64> {
    match (total, part) {
        (Some(a), Some(b)) => Some(a + b),
        (known, None) | (None, known) => known,
    }
}

/// The median (the upper one of an even count), sorting `values`; `None` when empty.
fn median<T: Copy + PartialOrd>(values: &mut [T]) -> Option<T> {
    values.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    values.get(values.len() / 2).copied()
}

//! `sudoku-ip compare`: seed 002's experiment as one command. The JuMP write-up solves the same
//! puzzle with a MILP model and a constraint-programming model (`AllDifferent`) and checks
//! that they agree; here every backend compiled in — the native engine (the CP formulation:
//! propagation and search over all-different units), microlp, HiGHS — solves the puzzle (and
//! proves it unique), and the table says whether all their checked solutions agree.

use std::io::Write;
use std::time::Duration;

use anyhow::anyhow;
use clap::Args;
use serde::Serialize;
use sudoku_ip::formats::Document;
use sudoku_ip::{Limits, Options, Puzzle, Report, Solver};

use super::args::{parse_seconds, InputArgs};
use super::commands::read_document;
use super::{Failure, Status};

#[derive(Debug, Args)]
pub struct CompareArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Time limit of each backend on each puzzle, in seconds.
    #[arg(long, value_name = "SECONDS", default_value = "20", value_parser = parse_seconds, allow_negative_numbers = true)]
    pub time_limit: Duration,
    /// Print JSON (one object a backend) instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// One backend over all the puzzles.
#[derive(Debug, Serialize)]
struct Row {
    solver: &'static str,
    /// Puzzles solved and proved unique / with another ending.
    solved: usize,
    other: usize,
    median_ms: f64,
    max_ms: f64,
    /// Total search nodes, where the backend counts them.
    nodes: Option<u64>,
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
    let solvers = Solver::available();
    let mut table = Vec::new();
    // answers[s][p]: backend s's solution of puzzle p (None: not solved).
    let mut answers: Vec<Vec<Option<String>>> = Vec::new();
    for &solver in &solvers {
        let options = Options {
            solver,
            limits: Limits { time: Some(a.time_limit), nodes: None, ..Default::default() },
            presolve: true,
            ..Options::default()
        };
        let mut times = Vec::new();
        let (mut solved, mut other, mut nodes) = (0, 0, Some(0u64));
        let mut size = None;
        let mut lines = Vec::new();
        for puzzle in &puzzles {
            let report: Report = sudoku_ip::count(puzzle, &options, 2, 2).map_err(Failure::solver)?;
            times.push(report.total_time.as_secs_f64() * 1e3);
            nodes = nodes.zip(report.stats.nodes).map(|(a, b)| a + b);
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
        }
        times.sort_by(f64::total_cmp);
        let (variables, rows) = size.unwrap_or_default();
        table.push(Row {
            solver: solver.name(),
            solved,
            other,
            median_ms: times.get(times.len() / 2).copied().unwrap_or(0.0),
            max_ms: times.last().copied().unwrap_or(0.0),
            nodes,
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
            "{} puzzle(s), each solved and its uniqueness proved by every backend compiled in ({} s limit each)",
            puzzles.len(),
            a.time_limit.as_secs_f64()
        )?;
        writeln!(
            w,
            "{:<8} {:>7} {:>6} {:>11} {:>11} {:>10} {:>16}",
            "backend", "unique", "other", "median ms", "max ms", "nodes", "model (var/row)"
        )?;
        for r in &table {
            let nodes = r.nodes.map_or("-".to_string(), |n| n.to_string());
            writeln!(
                w,
                "{:<8} {:>7} {:>6} {:>11.3} {:>11.3} {:>10} {:>16}",
                r.solver,
                r.solved,
                r.other,
                r.median_ms,
                r.max_ms,
                nodes,
                format!("{}/{}", r.variables, r.rows)
            )?;
        }
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

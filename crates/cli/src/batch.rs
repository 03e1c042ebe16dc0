//! Batch mode: a file of puzzles one a line (one-line puzzles, or JSON objects as `generate
//! --count K -O json` writes them) gives one result per line, in input order, solved in
//! parallel, with a progress bar on stderr when stderr is a terminal.

use std::io::{IsTerminal, Write};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use serde_json::json;
use sudoku_ip::model::ParseError;
use sudoku_ip::{Answer, Options, Outcome, Puzzle, Report};

use super::args::{OutputFormat, SolveArgs};
use super::commands::status_of;
use super::{Failure, Status};

/// A batch line's answer: the input line number, then the answer's fields.
#[derive(Serialize)]
struct BatchLine {
    line: usize,
    #[serde(flatten)]
    answer: Answer,
}

type Item = (usize, Result<Puzzle, ParseError>);
/// A batch line's result: the input was bad, or the search failed, or a report.
type LineResult = (usize, Result<Result<Report, sudoku_ip::Error>, ParseError>);

pub fn solve_batch(items: Vec<Item>, a: &SolveArgs, opts: &Options) -> Result<Status, Failure> {
    let format = a.output.output.unwrap_or(OutputFormat::Line);
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::with_draw_target(Some(items.len() as u64), ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles  {per_sec}  eta {eta}") {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    let (max, keep) = if a.unique { (2, 2) } else { (1, 1) };
    let solve_all = || -> Vec<LineResult> {
        items
            .into_par_iter()
            .map(|(line, parsed)| {
                let r = parsed.map(|p| sudoku_ip::search(&p, opts, max, keep));
                bar.inc(1);
                (line, r)
            })
            .collect()
    };
    let results = match a.jobs {
        Some(j) => rayon::ThreadPoolBuilder::new()
            .num_threads(j.max(1))
            .build()
            .map_err(|e| Failure::bad_input(anyhow::anyhow!("cannot start {j} threads: {e}")))?
            .install(solve_all),
        None => solve_all(),
    };
    bar.finish_and_clear();
    let mut worst = Status::Ok;
    let mut w = std::io::stdout().lock();
    let (mut solved, mut failed) = (0usize, 0usize);
    for (line, result) in results {
        let status = match &result {
            Ok(Ok(report)) => status_of(report, a.unique),
            Ok(Err(_)) => Status::NoSolution,
            Err(_) => Status::BadInput,
        };
        worst = worst.max(status);
        if status == Status::Ok {
            solved += 1;
        } else {
            failed += 1;
        }
        match format {
            OutputFormat::Json => {
                let v = match &result {
                    Ok(Ok(report)) => {
                        let mut answer = Answer::solve(report, a.unique);
                        if a.output.stats {
                            answer = answer.with_stats(report, opts.limits.time);
                        }
                        json!(BatchLine { line, answer })
                    }
                    Ok(Err(e)) => json!({ "line": line, "status": "error", "error": e.to_string() }),
                    Err(e) => json!({ "line": line, "status": "bad_input", "error": e.to_string() }),
                };
                writeln!(w, "{v}")?;
            }
            OutputFormat::Line | OutputFormat::Grid => {
                let text = match &result {
                    Ok(Ok(report)) => match &report.outcome {
                        Outcome::Solved(g) if status == Status::Ok => g.to_line(),
                        Outcome::Solved(_) => format!("not unique: {} solutions", super::output::count_text(report)),
                        Outcome::Infeasible { reason } => format!("no solution: {reason}"),
                        Outcome::Unknown { reason } => format!("unknown: {reason}"),
                    },
                    Ok(Err(e)) => format!("error: {e}"),
                    Err(e) => format!("bad input: {e}"),
                };
                writeln!(w, "{text}")?;
                if status != Status::Ok {
                    eprintln!("line {line}: {text}");
                }
                if a.output.stats {
                    if let Ok(Ok(report)) = &result {
                        eprintln!("line {line}: {}", super::output::stats_line(report));
                    }
                }
            }
        }
    }
    eprintln!("{solved} solved, {failed} not solved");
    Ok(worst)
}

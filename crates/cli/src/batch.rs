//! Batch mode: a file of puzzles one a line (one-line puzzles, or JSON objects as `generate
//! --count K -O json` writes them) gives one result per line, in input order, solved in
//! parallel, with a progress bar on stderr when stderr is a terminal.

use std::io::Write;

use rayon::prelude::*;
use serde::Serialize;
use serde_json::json;
use sudoku_ip::model::ParseError;
use sudoku_ip::{Answer, Options, Outcome, Report};

use super::args::{OutputFormat, SolveArgs};
use super::commands::status_of;
use super::stream::Item;
use super::{Failure, Status};

/// A batch line's answer: the input line number, then the answer's fields.
#[derive(Serialize)]
struct BatchLine {
    line: usize,
    #[serde(flatten)]
    answer: Answer,
}

/// A batch line's result: the input was bad, or the search failed, or a report.
type LineResult = (usize, Result<Result<Report, sudoku_ip::Error>, ParseError>);

/// Lines solved together: big enough to keep every core busy, small enough that memory stays
/// flat whatever the length of the file.
const CHUNK: usize = 4096;

/// Solve a batch as it is read: chunk by chunk, each chunk in parallel, results printed in input
/// order as soon as their chunk is done.
pub fn solve_batch(items: impl Iterator<Item = Item>, a: &SolveArgs, opts: &Options) -> Result<Status, Failure> {
    let pool = match a.jobs {
        Some(1) => None,
        Some(j) => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(j)
                .build()
                .map_err(|e| Failure::bad_input(anyhow::anyhow!("cannot start {j} threads: {e}")))?,
        ),
        None => None,
    };
    let bar = super::progress::bar(None, "puzzles");
    let (max, keep) = if a.unique { (2, 2) } else { (1, 1) };
    let mut printer = Printer::new(a);
    // Times are printed only with --stats: without, easy 9x9 lines read no clock.
    let untimed;
    let opts = if a.output.stats {
        opts
    } else {
        untimed = Options { timed: false, ..opts.clone() };
        &untimed
    };
    if a.jobs == Some(1) {
        // One thread: each line is solved and printed in turn, with no chunk collected and no
        // pool to hand it to (the same answers, in the same order).
        // Even a hidden bar reads the clock on every `inc`: a line's worth on easy puzzles.
        let shown = !bar.is_hidden();
        for (line, parsed) in items {
            printer.print((line, parsed.map(|p| sudoku_ip::search(&p, opts, max, keep))), opts)?;
            if shown {
                bar.inc(1);
            }
        }
        bar.finish_and_clear();
        return printer.finish();
    }
    let mut items = items.peekable();
    while items.peek().is_some() {
        let chunk: Vec<Item> = items.by_ref().take(CHUNK).collect();
        let solve = || -> Vec<LineResult> {
            chunk
                .into_par_iter()
                .map(|(line, parsed)| (line, parsed.map(|p| sudoku_ip::search(&p, opts, max, keep))))
                .collect()
        };
        let results = match &pool {
            Some(pool) => pool.install(solve),
            None => solve(),
        };
        bar.inc(results.len() as u64);
        for result in results {
            printer.print(result, opts)?;
        }
    }
    bar.finish_and_clear();
    printer.finish()
}

/// Writes each line's result, and keeps the tally and the worst status.
struct Printer<'a> {
    a: &'a SolveArgs,
    format: OutputFormat,
    out: std::io::BufWriter<std::io::StdoutLock<'static>>,
    /// What goes to stderr (a line's failure, its stats, the tally).
    notes: super::output::Notes,
    worst: Status,
    solved: usize,
    failed: usize,
}

impl<'a> Printer<'a> {
    fn new(a: &'a SolveArgs) -> Printer<'a> {
        Printer {
            a,
            format: a.output.output.unwrap_or(OutputFormat::Line),
            out: std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock()),
            notes: super::output::Notes::new(),
            worst: Status::Ok,
            solved: 0,
            failed: 0,
        }
    }

    fn finish(mut self) -> Result<Status, Failure> {
        self.notes.say(format_args!("{} solved, {} not solved", self.solved, self.failed), &mut self.out)?;
        self.out.flush()?;
        self.notes.flush()?;
        Ok(self.worst)
    }

    fn print(&mut self, (line, result): LineResult, opts: &Options) -> Result<(), Failure> {
        let (a, format) = (self.a, self.format);
        let status = match &result {
            Ok(Ok(report)) => status_of(report, a.unique),
            Ok(Err(_)) => Status::NoSolution,
            Err(_) => Status::BadInput,
        };
        self.worst = self.worst.max(status);
        if status == Status::Ok {
            self.solved += 1;
        } else {
            self.failed += 1;
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
                writeln!(self.out, "{v}")?;
            }
            OutputFormat::Line | OutputFormat::Grid => {
                let plain = match (&result, status, a.output.stats) {
                    (Ok(Ok(report)), Status::Ok, false) => report.solution(),
                    _ => None,
                };
                if let Some(g) = plain {
                    // The common line: the solution, written as it is, with no string built.
                    g.write_line(&mut self.out)?;
                    self.out.write_all(b"\n")?;
                    return Ok(());
                }
                let text = match &result {
                    Ok(Ok(report)) => match (&report.outcome, report.solution()) {
                        (Outcome::Solved, Some(g)) if status == Status::Ok => g.to_line(),
                        (Outcome::Solved, _) => {
                            format!("not unique: {} solutions", super::output::count_text(report))
                        }
                        (Outcome::Infeasible { reason }, _) => format!("no solution: {reason}"),
                        (Outcome::Unknown { reason }, _) => format!("unknown: {reason}"),
                    },
                    Ok(Err(e)) => format!("error: {e}"),
                    Err(e) => format!("bad input: {e}"),
                };
                writeln!(self.out, "{text}")?;
                if status != Status::Ok {
                    self.notes.say(format_args!("line {line}: {text}"), &mut self.out)?;
                }
                if a.output.stats {
                    if let Ok(Ok(report)) = &result {
                        let stats = super::output::stats_line(report);
                        self.notes.say(format_args!("line {line}: {stats}"), &mut self.out)?;
                    }
                }
            }
        }
        Ok(())
    }
}

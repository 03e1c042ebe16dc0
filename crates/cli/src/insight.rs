//! `sudoku-ip hint` and `sudoku-ip explain`: the next logical step and why, or the whole path,
//! from the rater's techniques (`sudoku_ip::generate::{next_step, steps}`). Every step is
//! checked against the engine's solution before it is shown.

use std::io::Write;

use anyhow::anyhow;
use clap::{Args, ValueEnum};
use serde_json::json;
use sudoku_ip::generate::{self, parse_candidates, Candidate, Step};
use sudoku_ip::Puzzle;

use super::args::InputArgs;
use super::commands::{read_document, read_text, single};
use super::{Failure, Status};

/// How the answer is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum InsightFormat {
    /// Sentences a person reads.
    Text,
    /// One JSON object.
    Json,
}

#[derive(Debug, Args)]
pub struct InsightArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Continue from these candidates instead of the givens: a file (or `-`) holding a
    /// candidate string of n³ characters, n per cell row by row, each the digit of its place
    /// or '.' (they must keep every digit of the solution).
    #[arg(long, value_name = "FILE")]
    pub candidates: Option<std::path::PathBuf>,
    /// Output: text (default) or json.
    #[arg(long = "output", short = 'O', value_enum, default_value = "text")]
    pub output: InsightFormat,
}

/// The puzzle, its file name, and the candidates to start from (`--candidates`), if any.
fn load(a: &InsightArgs) -> Result<(Puzzle, String, Option<Vec<u64>>), Failure> {
    let (doc, name) = read_document(&a.input)?;
    let puzzle = single(doc, &name)?;
    let Some(path) = &a.candidates else { return Ok((puzzle, name, None)) };
    let (text, file) = read_text(Some(path))?;
    let start = parse_candidates(&text, puzzle.n()).map_err(|e| Failure::bad_input(anyhow!("{file}: {e}")))?;
    Ok((puzzle, name, Some(start)))
}

fn puzzle_error(name: &str, e: generate::GenerateError) -> Failure {
    Failure { status: Status::NoSolution, error: anyhow!("{name}: {e}") }
}

fn list(cands: &[Candidate]) -> String {
    cands.iter().map(|c| format!("r{}c{}={}", c.cell.row + 1, c.cell.col + 1, c.digit)).collect::<Vec<_>>().join(" ")
}

fn step_lines(step: &Step) -> String {
    let mut out = step.text.clone();
    if !step.placements.is_empty() {
        out.push_str(&format!("\n  places: {}", list(&step.placements)));
    }
    if !step.eliminations.is_empty() {
        out.push_str(&format!("\n  removes: {}", list(&step.eliminations)));
    }
    if step.uses_uniqueness {
        out.push_str("\n  (relies on the puzzle having one solution)");
    }
    out
}

/// `hint`: the next step.
pub fn hint(a: InsightArgs) -> Result<Status, Failure> {
    let (puzzle, name, start) = load(&a)?;
    let step = generate::next_step(&puzzle, start.as_deref()).map_err(|e| puzzle_error(&name, e))?;
    let mut w = std::io::stdout().lock();
    match (a.output, &step) {
        (InsightFormat::Json, Some(step)) => writeln!(w, "{}", json!({ "status": "step", "step": step }))?,
        (InsightFormat::Json, None) => writeln!(w, "{}", json!({ "status": "none" }))?,
        (InsightFormat::Text, Some(step)) => writeln!(w, "{}", step_lines(step))?,
        (InsightFormat::Text, None) => {
            writeln!(w, "no technique applies: the puzzle is solved, or it needs search from here")?
        }
    }
    Ok(if step.is_some() { Status::Ok } else { Status::NoSolution })
}

/// `explain`: the whole path.
pub fn explain(a: InsightArgs) -> Result<Status, Failure> {
    let (puzzle, name, start) = load(&a)?;
    let path = generate::steps(&puzzle, start.as_deref()).map_err(|e| puzzle_error(&name, e))?;
    let mut w = std::io::stdout().lock();
    match a.output {
        InsightFormat::Json => writeln!(w, "{}", serde_json::to_string(&path)?)?,
        InsightFormat::Text => {
            for (i, step) in path.steps.iter().enumerate() {
                writeln!(w, "{:>3}. {}", i + 1, step_lines(step))?;
            }
            if path.stuck_empty == 0 {
                writeln!(w, "solved by logic in {} steps", path.steps.len())?;
            } else {
                writeln!(
                    w,
                    "stuck with {} empty cells after {} steps: search is needed (the engine guesses {} times)",
                    path.stuck_empty,
                    path.steps.len(),
                    path.guesses
                )?;
            }
        }
    }
    Ok(Status::Ok)
}

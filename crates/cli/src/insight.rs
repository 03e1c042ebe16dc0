//! `sudoku-ip hint` and `sudoku-ip explain`: the next logical step and why, or the whole path,
//! from the rater's techniques (`sudoku_ip::generate::{next_step, steps}`). Every step is
//! checked against the engine's solution before it is shown.

use std::io::Write;

use anyhow::anyhow;
use clap::{Args, ValueEnum};
use sudoku_ip::formats::Document;
use sudoku_ip::generate::{self, parse_candidates, Candidate, Position, Step};
use sudoku_ip::{Cancel, Puzzle};

use super::args::InputArgs;
use super::commands::{read_document, read_text, single};
use super::render::{check_picture, notes_picture, refuse_batch, steps_picture, PictureArgs};
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
    /// Stop after this many seconds (the whole run; in a batch, the puzzles not done by then
    /// are errors): "time limit … reached", exit 1.
    #[arg(long, value_name = "SECONDS", value_parser = super::args::parse_seconds)]
    pub time_limit: Option<std::time::Duration>,
    /// `-o FILE.svg|png|pdf`: hint draws the step, explain one small grid a step (six to an
    /// A4 page).
    #[command(flatten)]
    pub picture: PictureArgs,
}

/// One puzzle, or a batch (one a line) when the file holds several.
enum Loaded {
    One(Puzzle, String, Option<Position>),
    Batch(Vec<(usize, Result<Puzzle, String>)>, String),
}

/// The puzzle, its file name, and the candidates to start from (`--candidates`), if any; or a
/// batch (without `--candidates`: a candidate string belongs to one puzzle).
fn load_any(a: &InsightArgs) -> Result<Loaded, Failure> {
    let (doc, name) = read_document(&a.input)?;
    match doc {
        Document::Batch(items) if a.candidates.is_none() => {
            Ok(Loaded::Batch(items.into_iter().map(|(line, p)| (line, p.map_err(|e| e.to_string()))).collect(), name))
        }
        doc => {
            let (p, name, start) = load(a, doc, name)?;
            Ok(Loaded::One(p, name, start))
        }
    }
}

/// Run `job` on every puzzle of a batch in parallel and write, in order, one JSON object a line
/// (the single-puzzle JSON with its `line`), or one line of text (`line N: …`); a puzzle that
/// fails gives `{"line": N, "error": …}` and exit 1.
fn run_batch<T: serde::Serialize + Send>(
    items: Vec<(usize, Result<Puzzle, String>)>,
    name: &str,
    output: InsightFormat,
    job: impl Fn(&Puzzle) -> Result<T, String> + Sync,
    text: impl Fn(&T) -> String,
) -> Result<Status, Failure> {
    use rayon::prelude::*;
    let bar = super::progress::bar(Some(items.len() as u64), "puzzles");
    let results: Vec<(usize, Result<T, String>)> = items
        .into_par_iter()
        .map(|(line, p)| {
            let r = p.and_then(|p| job(&p));
            bar.inc(1);
            (line, r)
        })
        .collect();
    bar.finish_and_clear();
    let mut w = std::io::BufWriter::new(std::io::stdout().lock());
    let mut status = Status::Ok;
    for (line, r) in results {
        match (r, output) {
            (Ok(v), InsightFormat::Json) => {
                let mut v = serde_json::to_value(&v)?;
                v["line"] = serde_json::json!(line);
                writeln!(w, "{v}")?;
            }
            (Ok(v), InsightFormat::Text) => writeln!(w, "line {line}: {}", text(&v))?,
            (Err(e), format) => {
                eprintln!("{name}:{line}: {e}");
                status = Status::NoSolution;
                match format {
                    InsightFormat::Json => writeln!(w, "{}", serde_json::json!({ "line": line, "error": e }))?,
                    InsightFormat::Text => writeln!(w, "line {line}: error: {e}")?,
                }
            }
        }
    }
    w.flush()?;
    Ok(status)
}

/// The puzzle, its file name, and the candidates to start from (`--candidates`), if any.
fn load(a: &InsightArgs, doc: Document, name: String) -> Result<(Puzzle, String, Option<Position>), Failure> {
    let puzzle = single(doc, &name)?;
    let Some(path) = &a.candidates else { return Ok((puzzle, name, None)) };
    let (text, file) = read_text(Some(path))?;
    let start = parse_candidates(&text, puzzle.n()).map_err(|e| Failure::bad_input(anyhow!("{file}: {e}")))?;
    // A candidate string holds a filled cell as its digit alone (HoDoKu's convention).
    Ok((puzzle, name, Some(Position::from_candidates(start))))
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
    check_picture(&a.picture)?;
    let cancel = Cancel::default().with_time_limit(a.time_limit);
    let (puzzle, name, start) = match load_any(&a)? {
        Loaded::One(p, name, start) => (p, name, start),
        Loaded::Batch(items, name) => {
            refuse_batch(&a.picture)?;
            let job = |p: &Puzzle| sudoku_ip::hint_with(p, None, &cancel).map_err(|e| e.to_string());
            let text = |h: &sudoku_ip::Hint| h.step.as_ref().map_or_else(|| "no step".to_string(), |s| s.text.clone());
            return run_batch(items, &name, a.output, job, text);
        }
    };
    let hint = sudoku_ip::hint_with(&puzzle, start.as_ref(), &cancel).map_err(|e| puzzle_error(&name, e))?;
    if a.picture.picture.is_some() {
        let position =
            sudoku_ip::read_position(&puzzle, &hint.position, &hint.placed).map_err(|e| anyhow!("{name}: {e}"))?;
        let (filled, notes) = sudoku_ip::position_picture(&puzzle, &position, hint.step.as_ref());
        notes_picture(&a.picture, &puzzle, &filled, &notes)?;
    }
    let mut w = std::io::stdout().lock();
    match (a.output, &hint.step) {
        (InsightFormat::Json, _) => writeln!(w, "{}", serde_json::to_string(&hint)?)?,
        (InsightFormat::Text, Some(step)) => writeln!(w, "{}", step_lines(step))?,
        (InsightFormat::Text, None) => {
            writeln!(w, "no technique applies: the puzzle is solved, or it needs search from here")?
        }
    }
    Ok(if hint.step.is_some() { Status::Ok } else { Status::NoSolution })
}

/// `explain`: the whole path.
pub fn explain(a: InsightArgs) -> Result<Status, Failure> {
    check_picture(&a.picture)?;
    let cancel = Cancel::default().with_time_limit(a.time_limit);
    let (puzzle, name, start) = match load_any(&a)? {
        Loaded::One(p, name, start) => (p, name, start),
        Loaded::Batch(items, name) => {
            refuse_batch(&a.picture)?;
            let job = |p: &Puzzle| sudoku_ip::explain_with(p, None, &cancel).map_err(|e| e.to_string());
            let text = |p: &sudoku_ip::Path| {
                let status = match p.status {
                    sudoku_ip::PathStatus::Solved => "solved",
                    sudoku_ip::PathStatus::Stuck => "stuck",
                };
                format!("{status} in {} steps, SE rating {}", p.explanation.steps.len(), p.rating)
            };
            return run_batch(items, &name, a.output, job, text);
        }
    };
    let mut answer = if a.picture.picture.is_some() {
        sudoku_ip::explain_positions_with(&puzzle, start.as_ref(), &cancel)
    } else {
        sudoku_ip::explain_with(&puzzle, start.as_ref(), &cancel)
    }
    .map_err(|e| puzzle_error(&name, e))?;
    steps_picture(&a.picture, &puzzle, &answer)?;
    // The same JSON with or without a picture.
    answer.positions = None;
    answer.placed = None;
    let path = &answer.explanation;
    let mut w = std::io::stdout().lock();
    match a.output {
        InsightFormat::Json => writeln!(w, "{}", serde_json::to_string(&answer)?)?,
        InsightFormat::Text => {
            for (i, step) in path.steps.iter().enumerate() {
                writeln!(w, "{:>3}. {}", i + 1, step_lines(step))?;
            }
            if path.stuck_empty == 0 {
                writeln!(w, "solved by logic in {} steps (SE rating {})", path.steps.len(), answer.rating)?;
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

#[derive(Debug, Args)]
pub struct CandidatesArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Count the solutions of each candidate up to this many (1–1000); beyond shows as "K+".
    #[arg(long, default_value_t = 10, value_name = "K")]
    pub max: u64,
    /// Give up after this many seconds (the counts found so far are lower bounds; exit 1).
    #[arg(long, value_name = "SECONDS", value_parser = super::args::parse_seconds, allow_negative_numbers = true)]
    pub time_limit: Option<std::time::Duration>,
    /// Output: text (default) or json.
    #[arg(long = "output", short = 'O', value_enum, default_value = "text")]
    pub output: InsightFormat,
    /// `-o FILE.svg|png|pdf`: draw the true candidates, green when one solution uses them,
    /// orange when fewer than K do.
    #[command(flatten)]
    pub picture: PictureArgs,
}

/// `candidates`: the true candidates and how many solutions use each.
pub fn candidates(a: CandidatesArgs) -> Result<Status, Failure> {
    check_picture(&a.picture)?;
    let (doc, name) = read_document(&a.input)?;
    let limits = sudoku_ip::Limits { time: a.time_limit, nodes: None, ..Default::default() };
    if a.max == 0 || a.max > sudoku_ip::MAX_COUNT_CAP {
        return Err(Failure::bad_input(sudoku_ip::CapError { found: a.max }));
    }
    if let Document::Batch(items) = doc {
        refuse_batch(&a.picture)?;
        let items = items.into_iter().map(|(line, p)| (line, p.map_err(|e| e.to_string()))).collect();
        let job = |p: &Puzzle| sudoku_ip::candidates(p, a.max, limits.clone()).map_err(|e| e.to_string());
        let text = |c: &sudoku_ip::TrueCandidates| c.candidates.clone();
        return run_batch(items, &name, a.output, job, text);
    }
    let puzzle = single(doc, &name)?;
    let found = sudoku_ip::candidates(&puzzle, a.max, limits).map_err(|e| match e {
        sudoku_ip::Error::Cap(e) => Failure::bad_input(e),
        e => Failure::solver(e),
    })?;
    notes_picture(&a.picture, &puzzle, puzzle.givens(), &sudoku_ip::candidates_notes(&found))?;
    let mut w = std::io::stdout().lock();
    match a.output {
        InsightFormat::Json => writeln!(w, "{}", serde_json::to_string(&found)?)?,
        InsightFormat::Text => w.write_all(candidates_text(&found, &puzzle, super::output::use_color()).as_bytes())?,
    }
    Ok(if found.complete && found.solutions_seen > 0 { Status::Ok } else { Status::NoSolution })
}

/// The pencil-mark grid (each cell a block of its possible digits, laid out like a box) with
/// the counts below the cap listed after it; with `color`, digits used by one solution are
/// green and those used by fewer than the cap yellow.
pub fn candidates_text(found: &sudoku_ip::TrueCandidates, puzzle: &Puzzle, color: bool) -> String {
    let n = found.n;
    let (br, bc) =
        puzzle.geometry().box_shape().or_else(|| sudoku_ip::model::geometry::inferred_box(n)).unwrap_or((1, n));
    let boxes = puzzle.geometry().box_shape();
    // One character a digit up to 35 (1-9, A..), else right-aligned numbers with a space.
    let (width, gap) = if n <= 35 { (1, "") } else { (n.to_string().len(), " ") };
    let digit = |d: usize| match sudoku_ip::model::geometry::symbol(d) {
        Some(ch) if n <= 35 => ch.to_string(),
        _ => d.to_string(),
    };
    if found.is_empty() {
        return "no solution: no digit fits anywhere\n".into();
    }
    let cell_width = bc * width + (bc - 1) * gap.len();
    let box_edge = |c: usize| c > 0 && boxes.is_some_and(|(_, cols)| c.is_multiple_of(cols));
    let mut out = String::new();
    for r in 0..n {
        if r > 0 && (boxes.is_some_and(|(rows, _)| r.is_multiple_of(rows)) || br > 1) {
            // Between boxes a rule; between cell rows inside a box a blank line with the bars.
            let rule = boxes.is_some_and(|(rows, _)| r.is_multiple_of(rows));
            let mut line = String::new();
            for c in 0..n {
                if box_edge(c) {
                    line.push_str(if rule { "-+-" } else { " | " });
                } else if c > 0 {
                    line.push_str(if rule { "-" } else { " " });
                }
                line.push_str(&(if rule { "-" } else { " " }).repeat(cell_width));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        for sub in 0..br {
            let mut line = String::new();
            for c in 0..n {
                if box_edge(c) {
                    line.push_str(" | ");
                } else if c > 0 {
                    line.push(' ');
                }
                let counts = &found.counts[r * n + c];
                let mut parts = Vec::with_capacity(bc);
                for col in 0..bc {
                    let d = sub * bc + col + 1;
                    let k = counts.get(d - 1).copied().unwrap_or(0);
                    let text = if k > 0 { format!("{:>width$}", digit(d)) } else { format!("{:>width$}", ".") };
                    parts.push(match (color, k) {
                        (true, 1) => format!("\x1b[1;32m{text}\x1b[0m"),
                        (true, k) if k > 1 && k < found.max => format!("\x1b[33m{text}\x1b[0m"),
                        _ => text,
                    });
                }
                line.push_str(&parts.join(gap));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    let cands = found.counts.iter().flatten().filter(|&&k| k > 0).count();
    let total = if found.complete && (found.solutions_seen as u64) < found.max {
        format!("exactly {} solution{}", found.solutions_seen, if found.solutions_seen == 1 { "" } else { "s" })
    } else {
        format!("{} solutions seen", found.solutions_seen)
    };
    out.push_str(&format!(
        "{cands} true candidates; {total}; counts up to {max} solutions each ({max}+ = at least {max}); {} searches, {:.1} ms\n",
        found.searches,
        found.time.as_secs_f64() * 1000.0,
        max = found.max,
    ));
    if let Some(reason) = &found.reason {
        out.push_str(&format!("stopped ({reason}): counts are lower bounds, and a '.' may still be possible\n"));
    }
    if found.complete && found.solutions_seen == 1 {
        return out;
    }
    let below: Vec<String> = (0..n * n)
        .filter_map(|k| {
            let parts: Vec<String> = (1..=n)
                .filter_map(|d| {
                    let c = found.counts[k][d - 1];
                    (c > 0 && c < found.max).then(|| format!("{}x{c}", digit(d)))
                })
                .collect();
            (!parts.is_empty()).then(|| format!("{}: {}", sudoku_ip::Cell::from_index(k, n), parts.join(" ")))
        })
        .collect();
    if below.is_empty() {
        out.push_str(&format!("every candidate is in at least {} solutions\n", found.max));
    } else {
        out.push_str(&format!("in fewer than {} solutions (digit x solutions):\n", found.max));
        for chunk in below.chunks(6) {
            out.push_str(&format!("  {}\n", chunk.join("   ")));
        }
    }
    out
}

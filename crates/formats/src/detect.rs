//! Format auto-detection: the text's shape decides, never the digits that happen to be in it.
//!
//! In order, on the meaningful lines (comments and blank lines dropped):
//! 1. `{` first: JSON (one object, or one a line). A Python `name = [[` / `name = {`: seed 004's
//!    Killer layout. A `[` or `;`: a MATLAB clue matrix.
//!    Every line an f-puzzles / SudokuPad link or bare payload (`N4Ig…`): f-puzzles.
//! 2. Every line three integers: clue triplets (a 3×3 grid is not a puzzle).
//! 3. `n` rows (border lines such as `---+---` aside) of `n` cells each, for `n` from 4 to 64:
//!    a grid, whatever the cells are — single characters or whitespace-separated integers.
//! 4. Every line one puzzle of the same side `n` (`n²` characters, or `n²` integers): one line
//!    puzzle, or a batch. A batch of exactly `n` puzzles of side `√n` is also `n` rows of `n`:
//!    step 3 reads it as a grid (force `--format line`).
//! 5. Otherwise the text fits no format exactly. The closest shape — most lines of the right
//!    form — is read when more than half fits, and its errors say how the text was read and
//!    how to force another format ([`ParseError::Guessed`]); when none comes close, the error
//!    lists each format and why it does not fit ([`ParseError::NoFormat`]).
//!
//! Sides below 4 (which have no box shape to infer) count only when a size or box is given.

use super::{
    grid_lines, grid_side, killer_text, line_form, meaningful_lines, starts_as_json, Format, Line, ParseOptions,
    RowShape,
};
use sudoku_ip_model::error::{GeometryError, ParseError, Position};
use sudoku_ip_model::geometry::MAX_SIDE;
use sudoku_ip_model::plural;

/// What auto-detection made of a text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Detection {
    /// The format.
    pub format: Format,
    /// The side the shape implies (a grid's rows, a batch's lines), when it implies one.
    pub side: Option<usize>,
    /// How the text was read, when its shape does not fit the format exactly; errors in that
    /// format carry it.
    pub note: Option<String>,
}

impl Detection {
    fn exact(format: Format, side: Option<usize>) -> Detection {
        Detection { format, side, note: None }
    }
}

/// The format of a text, judged from its shape (see the module docs). `opts.size` and
/// `opts.box_shape` narrow the sides that count; `opts.format` is not looked at.
pub fn detect_format(text: &str, opts: &ParseOptions) -> Result<Detection, ParseError> {
    if starts_as_json(text) {
        return Ok(Detection::exact(Format::Json, None));
    }
    let lines = meaningful_lines(text);
    if lines.is_empty() {
        return Err(ParseError::Empty);
    }
    if lines.iter().all(|l| super::fpuzzles::looks_like_link(l.text)) {
        return Ok(Detection::exact(Format::FPuzzles, None));
    }
    // `grid = [[...]]` and `grid_sum = {...}`: seed 004's Python, before '[' means MATLAB.
    if killer_text::looks_like(text) {
        return Ok(Detection::exact(Format::KillerLayout, None));
    }
    if lines.iter().any(|l| l.text.contains('[') || l.text.contains(';')) {
        return Ok(Detection::exact(Format::Triplets, None));
    }
    if lines.iter().all(|l| triplet_entries(l.text) == Some(3)) {
        return Ok(Detection::exact(Format::Triplets, None));
    }
    let min_side = if opts.size.is_some() || opts.box_shape.is_some() { 1 } else { 4 };
    if let Some(n) = opts.size.filter(|n| !(1..=MAX_SIDE).contains(n)) {
        return Err(GeometryError::UnsupportedSide { n }.into());
    }
    let side_ok = |n: usize| (min_side..=MAX_SIDE).contains(&n) && opts.size.is_none_or(|s| s == n);

    let rows: Vec<RowShape> = grid_lines(text).iter().map(|l| RowShape::of(l.text)).collect();
    let r = rows.len();
    if r > 1 && side_ok(r) && rows.iter().all(|s| s.fits(r)) {
        return Ok(Detection::exact(Format::Grid, Some(r)));
    }
    let sides: Vec<Option<usize>> =
        lines.iter().map(|l| line_form(l.text, opts.size).map(|(k, _)| k).filter(|&k| side_ok(k))).collect();
    if let Some(k) = sides[0] {
        if sides.iter().all(|s| *s == Some(k)) {
            return Ok(Detection::exact(Format::Line, Some(k)));
        }
    }

    // No exact fit: score each shape by the share of lines that fit it.
    let total = lines.len();
    let (n, grid_rows) = grid_side(&rows, side_ok);
    let grid_score = if side_ok(n) && r > 1 { grid_rows as f64 / r.max(n) as f64 } else { 0.0 };
    let (k, batch_lines) = most_common(sides.iter().flatten().copied()).unwrap_or((0, 0));
    let batch_score = batch_lines as f64 / total as f64;
    let triplet_score = lines
        .iter()
        .map(|l| match triplet_entries(l.text) {
            Some(3) => 1.0,
            Some(_) if l.text.contains(',') => 0.5,
            _ => 0.0,
        })
        .sum::<f64>()
        / total as f64;

    let grid_wins = grid_score > batch_score || (grid_score == batch_score && r == n);
    if grid_score >= 0.5 && grid_wins && grid_score >= triplet_score {
        let note = format!(
            "read as a {n}x{n} grid because {grid_rows} of its {r} rows have {n} cells; \
             if these are one-line puzzles, use --format line"
        );
        return Ok(Detection { format: Format::Grid, side: Some(n), note: Some(note) });
    }
    if batch_score >= 0.5 && batch_score >= triplet_score {
        let note = format!(
            "read as a batch of one-line puzzles because {batch_lines} of {total} lines are {k}x{k} puzzles \
             ({} cells); if this is one grid, use --format grid",
            k * k
        );
        return Ok(Detection { format: Format::Line, side: Some(k), note: Some(note) });
    }
    if triplet_score >= 0.5 {
        let note = "read as clue triplets row,col,digit because its lines are integers separated by commas";
        return Ok(Detection { format: Format::Triplets, side: None, note: Some(note.into()) });
    }
    Err(no_format(text, &lines, &rows, &sides, min_side))
}

/// The format of a text, or [`Format::Line`] when no format fits (parsing then says why).
/// [`detect_format`] tells more; parsing goes through [`super::parse_document`].
pub fn detect(text: &str) -> Format {
    detect_format(text, &ParseOptions::default()).map_or(Format::Line, |d| d.format)
}

/// The number of entries of a line of integers separated by commas or whitespace; `None` if
/// an entry is not a number.
fn triplet_entries(text: &str) -> Option<usize> {
    let mut count = 0;
    for t in text.split(|c: char| c == ',' || c.is_whitespace()).filter(|t| !t.is_empty()) {
        t.parse::<f64>().ok()?;
        count += 1;
    }
    Some(count)
}

/// The most frequent value and its count (the largest value on a tie).
fn most_common(values: impl Iterator<Item = usize>) -> Option<(usize, usize)> {
    let mut counts = std::collections::BTreeMap::new();
    for v in values {
        *counts.entry(v).or_insert(0usize) += 1;
    }
    counts.into_iter().max_by_key(|&(v, c)| (c, v))
}

/// The error for a text no format fits: each format considered and why it was rejected.
fn no_format(
    text: &str,
    lines: &[Line<'_>],
    rows: &[RowShape],
    sides: &[Option<usize>],
    min_side: usize,
) -> ParseError {
    let mut tried = Vec::new();
    // A JSON value that is not an object (`null`, `true`, `"text"`; digits are cells).
    let kind = match serde_json::from_str::<serde_json::Value>(text.trim_start_matches('\u{feff}')) {
        Ok(serde_json::Value::Null) => Some("null"),
        Ok(serde_json::Value::Bool(_)) => Some("a boolean"),
        Ok(serde_json::Value::String(_)) => Some("a string"),
        _ => None,
    };
    if let Some(kind) = kind {
        tried.push(("JSON".to_string(), format!("it is {kind}, not a puzzle object {{\"size\": 9, \"givens\": ...}}")));
    }
    let r = rows.len();
    let grid = match rows.iter().position(|s| !s.fits(r)) {
        _ if r < min_side.max(2) => {
            format!("it has {}; a grid has n rows of n cells, n from {min_side} to {MAX_SIDE}", plural(r, "row"))
        }
        _ if r > MAX_SIDE => format!("it has {r} rows; a grid has at most {MAX_SIDE}"),
        Some(i) => {
            let s = rows[i];
            let cells = if s.tokens.abs_diff(r) < s.chars.abs_diff(r) { s.tokens } else { s.chars };
            format!("it has {r} rows but row {} has {}", i + 1, plural(cells, "cell"))
        }
        None => format!("its {r} rows do not make a {r}x{r} grid"),
    };
    tried.push(("a grid".to_string(), grid));
    let line = match sides.iter().position(Option::is_none) {
        Some(i) => {
            let len = lines[i].text.chars().filter(|c| !c.is_whitespace()).count();
            format!(
                "line {} has {}; a one-line puzzle has n² (81 for 9x9, 256 for 16x16, n from {min_side})",
                lines[i].no,
                plural(len, "character")
            )
        }
        None => "its lines are puzzles of different sizes".to_string(),
    };
    tried.push(("one-line puzzles".to_string(), line));
    let triplet = match lines.iter().find(|l| triplet_entries(l.text) != Some(3)) {
        Some(l) => match triplet_entries(l.text) {
            Some(k) => format!("line {} has {}, expected three integers row,col,digit", l.no, plural(k, "entry")),
            None => format!("line {} is not integers, expected three integers row,col,digit", l.no),
        },
        None => "expected three integers row,col,digit a line".to_string(),
    };
    tried.push(("clue triplets".to_string(), triplet));
    ParseError::NoFormat { at: Position { line: lines[0].no, column: 0 }, tried }
}

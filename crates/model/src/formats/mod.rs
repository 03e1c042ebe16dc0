//! Text formats, auto-detected (or forced with [`Format`]):
//!
//! | format     | looks like                                                        |
//! |------------|-------------------------------------------------------------------|
//! | `triplets` | `1,2,2` per line, or the MATLAB matrix `[1,2,2; 1,5,3; ...]` (seed 000) — 1-based row, column, digit |
//! | `grid`     | `n` lines of `n` entries: `1`-`9`, `A`.. for 10.., `.` `0` `*` `_` empty; `|` and `---+---` ignored; or whitespace-separated integers for any size |
//! | `line`     | one line of `n²` characters; a file of such lines is a batch       |
//! | `json`     | the documented JSON puzzle (variants, regions, cages)             |
//! | `killer`   | seed 004's Killer layout in Python: `grid = [[1, 1, 2, ...], ...]` cage ids and `grid_sum = {1: 3, ...}` sums ([`killer_text`]) |
//!
//! `#` starts a comment to the end of the line in every text format. Errors name the line and
//! column and say what was expected.

pub mod json;
pub mod killer_text;

use crate::error::ParseError;
use crate::geometry::{symbol_value, Cell, Geometry, MAX_SIDE};
use crate::grid::Grid;
use crate::puzzle::Puzzle;

/// An input format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Format {
    /// Detect from the text.
    #[default]
    Auto,
    /// `i,j,k` clue triplets, one per line or as a MATLAB matrix.
    Triplets,
    /// A grid of `n` rows.
    Grid,
    /// One puzzle per line, `n²` characters.
    Line,
    /// The JSON puzzle format.
    Json,
    /// Seed 004's Killer layout in Python: a grid of cage ids and a map of sums.
    KillerLayout,
}

impl std::str::FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s {
            "auto" => Format::Auto,
            "triplets" | "matrix" => Format::Triplets,
            "grid" => Format::Grid,
            "line" | "lines" => Format::Line,
            "json" => Format::Json,
            "killer" | "killer-layout" | "python" => Format::KillerLayout,
            _ => return Err(format!("unknown format {s:?} (expected auto, triplets, grid, line, json or killer)")),
        })
    }
}

/// How to read a puzzle.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParseOptions {
    /// Force a format instead of detecting one.
    pub format: Format,
    /// Side of the grid, for triplets (default: 9, or the smallest size that fits the entries).
    pub size: Option<usize>,
    /// Box shape `rows × cols`, overriding the inferred one.
    pub box_shape: Option<(usize, usize)>,
}

/// A parsed input: one puzzle, or a batch — one-line puzzles, or JSON puzzles one a line — each
/// with its 1-based line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Document {
    /// A single puzzle.
    Single(Puzzle),
    /// Several puzzles, one per line; a bad one does not stop the others.
    Batch(Vec<(usize, Result<Puzzle, ParseError>)>),
}

/// One meaningful line: 1-based number and text without its comment.
#[derive(Clone, Copy, Debug)]
struct Line<'a> {
    no: usize,
    text: &'a str,
}

fn meaningful_lines(text: &str) -> Vec<Line<'_>> {
    text.lines()
        .enumerate()
        .map(|(i, l)| Line { no: i + 1, text: l.split('#').next().unwrap_or("").trim_end() })
        .filter(|l| !l.text.trim().is_empty())
        .collect()
}

fn geometry(n: usize, opts: &ParseOptions) -> Result<Geometry, ParseError> {
    Ok(Geometry::new(n, opts.box_shape)?)
}

/// Parse exactly one puzzle (a batch of several is an error naming the second puzzle's line).
pub fn parse_puzzle(text: &str, opts: &ParseOptions) -> Result<Puzzle, ParseError> {
    match parse_document(text, opts)? {
        Document::Single(p) => Ok(p),
        Document::Batch(mut items) => {
            if items.len() == 1 {
                let (_, first) = items.remove(0);
                return first;
            }
            let line = items.get(1).map_or(0, |(l, _)| *l);
            Err(ParseError::shape(
                line,
                format!("expected one puzzle, found {} puzzles, one a line (use a batch command)", items.len()),
            ))
        }
    }
}

/// Parse a puzzle file: one puzzle in any format, or a batch of one-line puzzles.
pub fn parse_document(text: &str, opts: &ParseOptions) -> Result<Document, ParseError> {
    let format = match opts.format {
        Format::Auto => detect(text),
        f => f,
    };
    match format {
        Format::Json => json::parse_json_document(text),
        Format::KillerLayout => Ok(Document::Single(killer_text::parse_killer_text(text, opts)?)),
        Format::Triplets => Ok(Document::Single(parse_triplets(text, opts)?)),
        Format::Grid => Ok(Document::Single(parse_grid(text, opts)?)),
        Format::Line | Format::Auto => parse_lines(text, opts),
    }
}

/// Guess the format of a text.
pub fn detect(text: &str) -> Format {
    // A byte-order mark (Windows editors) comes before the text, not in it.
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    if trimmed.starts_with('{') {
        return Format::Json;
    }
    let lines = meaningful_lines(text);
    if lines.is_empty() {
        return Format::Line;
    }
    // `grid = [[...]]` and `grid_sum = {...}`: seed 004's Python, before '[' means MATLAB.
    if killer_text::looks_like(text) {
        return Format::KillerLayout;
    }
    // Look past comments: "# 55% empty; unique" is not a MATLAB matrix.
    if lines.iter().any(|l| l.text.contains('[') || l.text.contains(';')) {
        return Format::Triplets;
    }
    let triplet_like = |l: &Line| {
        let toks: Vec<&str> = l.text.split(|c: char| c == ',' || c.is_whitespace()).filter(|t| !t.is_empty()).collect();
        toks.len() == 3 && toks.iter().all(|t| t.parse::<f64>().is_ok())
    };
    // A 3×3 grid is not a puzzle we support, so three integers on a line are a clue triplet.
    if lines.iter().all(triplet_like) {
        return Format::Triplets;
    }
    let compact_len = |l: &Line| l.text.chars().filter(|c| !c.is_whitespace()).count();
    if lines.len() == 1 {
        return Format::Line;
    }
    // One-line puzzles are n² long; a grid has as many rows as cells per row (a batch of
    // 16 one-line 4x4 puzzles reads as a 16x16 grid: force --format line for that).
    let first = compact_len(&lines[0]);
    let square = (4..=35).any(|k| k * k == first);
    if square && !lines[0].text.contains('|') && (first != lines.len() || lines.len() > MAX_SIDE) {
        return Format::Line;
    }
    Format::Grid
}

fn value_of_char(ch: char, n: usize, line: usize, column: usize) -> Result<u8, ParseError> {
    if matches!(ch, '.' | '0' | '*' | '_') {
        return Ok(0);
    }
    let expected = || expected_digits(n);
    match symbol_value(ch) {
        Some(v) if v <= n => Ok(v as u8),
        _ => Err(ParseError::unexpected(line, column, ch.to_string(), expected())),
    }
}

fn expected_digits(n: usize) -> String {
    let top = match n {
        1..=9 => n.to_string(),
        _ => format!("9 or a letter A-{}", crate::geometry::symbol(n).unwrap_or('?')),
    };
    format!("a digit 1-{top} for a {n}x{n} grid, or '.', '0' for an empty cell")
}

/// One-line puzzles: a single line, or a batch of lines.
fn parse_lines(text: &str, opts: &ParseOptions) -> Result<Document, ParseError> {
    let lines = meaningful_lines(text);
    if lines.is_empty() {
        return Err(ParseError::Empty);
    }
    let parsed: Vec<(usize, Result<Puzzle, ParseError>)> =
        lines.iter().map(|l| (l.no, parse_one_line(l, opts))).collect();
    if parsed.len() == 1 {
        let (_, only) = parsed.into_iter().next().ok_or(ParseError::Empty)?;
        return Ok(Document::Single(only?));
    }
    Ok(Document::Batch(parsed))
}

fn parse_one_line(line: &Line, opts: &ParseOptions) -> Result<Puzzle, ParseError> {
    let chars: Vec<(usize, char)> =
        line.text.chars().enumerate().filter(|(_, c)| !c.is_whitespace()).map(|(i, c)| (i + 1, c)).collect();
    let len = chars.len();
    let n = match opts.size {
        Some(n) => n,
        None => (1..=35).find(|n| n * n == len).ok_or_else(|| {
            ParseError::shape(
                line.no,
                format!("a one-line puzzle needs n² characters (81 for 9x9, 256 for 16x16); this line has {len}"),
            )
        })?,
    };
    if n * n != len {
        return Err(ParseError::shape(
            line.no,
            format!("expected {} characters for a {n}x{n} puzzle, found {len}", n * n),
        ));
    }
    let geometry = geometry(n, opts)?;
    let mut values = Vec::with_capacity(len);
    for (col, ch) in chars {
        values.push(value_of_char(ch, n, line.no, col)?);
    }
    let grid = Grid::from_values(n, values).ok_or(ParseError::Empty)?;
    Ok(Puzzle::new(geometry, grid))
}

/// Rows of cells as `(value, column)`; separators dropped.
fn parse_grid(text: &str, opts: &ParseOptions) -> Result<Puzzle, ParseError> {
    let lines: Vec<Line> = meaningful_lines(text)
        .into_iter()
        .filter(|l| !l.text.chars().all(|c| matches!(c, '-' | '+' | '=' | '|') || c.is_whitespace()))
        .collect();
    if lines.is_empty() {
        return Err(ParseError::Empty);
    }
    let n = opts.size.unwrap_or(lines.len());
    if !(1..=MAX_SIDE).contains(&n) {
        return Err(ParseError::shape(lines[0].no, format!("a grid of {n} rows is not supported (1 to {MAX_SIDE})")));
    }
    // Tokens with their 1-based column; `|` is a box separator, not a cell.
    let tokenised: Vec<Vec<(usize, &str)>> = lines
        .iter()
        .map(|l| {
            let mut toks = Vec::new();
            let mut start = None;
            for (i, ch) in l.text.char_indices() {
                let sep = ch.is_whitespace() || ch == '|' || ch == ',';
                match (sep, start) {
                    (true, Some(s)) => {
                        toks.push((s, &l.text[s..i]));
                        start = None;
                    }
                    (false, None) => start = Some(i),
                    _ => {}
                }
            }
            if let Some(s) = start {
                toks.push((s, &l.text[s..]));
            }
            toks
        })
        .collect();
    // Whitespace-separated integers: every row has exactly n tokens and some are multi-digit
    // (`10 0 3 ...`); `530 070 000` is three groups of single-character cells instead.
    let n_rows = lines.len();
    let integer_mode = tokenised.iter().all(|t| t.len() == opts.size.unwrap_or(n_rows))
        && tokenised.iter().flatten().any(|(_, t)| t.chars().count() > 1 && t.chars().all(|c| c.is_ascii_digit()));
    let mut values = Vec::with_capacity(n * n);
    for (line, toks) in lines.iter().zip(&tokenised) {
        let cells: Vec<(usize, String)> = if integer_mode {
            toks.iter().map(|&(col, t)| (col + 1, t.to_string())).collect()
        } else {
            toks.iter()
                .flat_map(|&(col, t)| t.char_indices().map(move |(i, ch)| (col + i + 1, ch.to_string())))
                .collect()
        };
        if cells.len() != n {
            return Err(ParseError::shape(
                line.no,
                format!(
                    "row {} has {} cells, expected {n} (a {n}x{n} grid has {n} rows of {n} cells)",
                    values.len() / n + 1,
                    cells.len()
                ),
            ));
        }
        for (col, tok) in cells {
            let v = if integer_mode {
                match tok.as_str() {
                    "." | "*" | "_" => 0,
                    t => match t.parse::<usize>() {
                        Ok(v) if v <= n => v as u8,
                        _ => {
                            return Err(ParseError::unexpected(
                                line.no,
                                col,
                                t,
                                format!("an integer from 1 to {n}, or 0 or '.' for an empty cell"),
                            ))
                        }
                    },
                }
            } else {
                let ch = tok.chars().next().unwrap_or('?');
                value_of_char(ch, n, line.no, col)?
            };
            values.push(v);
        }
        if values.len() > n * n {
            break;
        }
    }
    if lines.len() != n {
        let at = lines.get(n).map_or(lines[lines.len() - 1].no, |l| l.no);
        return Err(ParseError::shape(at, format!("found {} rows, expected {n} for a {n}x{n} grid", lines.len())));
    }
    let geometry = geometry(n, opts)?;
    let grid = Grid::from_values(n, values).ok_or(ParseError::Empty)?;
    Ok(Puzzle::new(geometry, grid))
}

/// Clue triplets `i,j,k` (1-based): one per line, or a MATLAB matrix `[1,2,2; 1,5,3]`. A matrix
/// of `n` rows of `n` entries is read as a grid (the seeds accept a 9-by-9 matrix too).
fn parse_triplets(text: &str, opts: &ParseOptions) -> Result<Puzzle, ParseError> {
    // Rows of integer tokens, each with its position.
    struct Tok {
        line: usize,
        col: usize,
        text: String,
    }
    let mut rows: Vec<Vec<Tok>> = vec![Vec::new()];
    for l in meaningful_lines(text) {
        let mut body = l.text;
        let mut offset = 0;
        // `B = [` prefix and the closing `];`
        if let Some(i) = body.find('[') {
            offset = i + 1;
            body = &body[i + 1..];
        }
        let mut tok_start: Option<usize> = None;
        let chars: Vec<(usize, char)> = body.char_indices().collect();
        let push_tok = |rows: &mut Vec<Vec<Tok>>, s: usize, e: usize| {
            if let Some(row) = rows.last_mut() {
                row.push(Tok { line: l.no, col: offset + s + 1, text: body[s..e].to_string() });
            }
        };
        for &(i, ch) in &chars {
            let sep = ch.is_whitespace() || ch == ',' || ch == ';' || ch == ']';
            if sep {
                if let Some(s) = tok_start.take() {
                    push_tok(&mut rows, s, i);
                }
                if ch == ';' && rows.last().is_some_and(|r| !r.is_empty()) {
                    rows.push(Vec::new());
                }
            } else if tok_start.is_none() {
                tok_start = Some(i);
            }
        }
        if let Some(s) = tok_start {
            push_tok(&mut rows, s, body.len());
        }
        // A newline ends a matrix row too.
        if rows.last().is_some_and(|r| !r.is_empty()) {
            rows.push(Vec::new());
        }
        if body.contains(']') {
            break;
        }
    }
    rows.retain(|r| !r.is_empty());
    if rows.is_empty() {
        return Err(ParseError::Empty);
    }
    let mut ints: Vec<Vec<(usize, usize, i64)>> = Vec::with_capacity(rows.len());
    for row in &rows {
        let mut out = Vec::with_capacity(row.len());
        for t in row {
            let v: i64 = match t.text.parse::<f64>() {
                Ok(f) if f.fract() == 0.0 && f.abs() < 1e9 => f as i64,
                _ => {
                    return Err(ParseError::unexpected(
                        t.line,
                        t.col,
                        &t.text,
                        "an integer (entries must be integers)",
                    ));
                }
            };
            out.push((t.line, t.col, v));
        }
        ints.push(out);
    }
    let width = ints[0].len();
    // An n-by-n matrix is a grid, as in sudokuEngine ("N-by-3 or 9-by-9").
    if width != 3 || (ints.len() == 3 && opts.size == Some(3)) {
        let n = ints.len();
        if ints.iter().all(|r| r.len() == n) && n > 3 {
            let geometry = geometry(n, opts)?;
            let mut grid = Grid::empty(n);
            for (r, row) in ints.iter().enumerate() {
                for (c, &(line, col, v)) in row.iter().enumerate() {
                    if v < 0 || v as usize > n {
                        return Err(ParseError::unexpected(
                            line,
                            col,
                            v.to_string(),
                            format!("an integer from 0 to {n}"),
                        ));
                    }
                    grid.set(Cell::new(r, c), v as usize);
                }
            }
            return Ok(Puzzle::new(geometry, grid));
        }
    }
    if let Some(bad) = ints.iter().find(|r| r.len() != 3) {
        let (line, _, _) = bad[0];
        return Err(ParseError::shape(
            line,
            format!(
                "the clue matrix must be N-by-3 (row, column, digit) or n-by-n; this row has {} entries",
                bad.len()
            ),
        ));
    }
    // Clue triplets are 9x9 unless told otherwise (the seeds check "integers from 1 to 9").
    let n = opts.size.unwrap_or(9);
    let hint = if opts.size.is_none() { " (for a bigger grid give --size N)" } else { "" };
    let geometry = geometry(n, opts)?;
    let mut grid = Grid::empty(n);
    for row in &ints {
        let names = ["row i", "column j", "digit k"];
        for (&(line, col, v), name) in row.iter().zip(names) {
            if v < 1 || v as usize > n {
                return Err(ParseError::unexpected(
                    line,
                    col,
                    v.to_string(),
                    format!("{name}: entries must be integers from 1 to {n}{hint}"),
                ));
            }
        }
        let (line, _, _) = row[0];
        let cell = Cell::new(row[0].2 as usize - 1, row[1].2 as usize - 1);
        let digit = row[2].2 as usize;
        let previous = grid.get(cell);
        if previous != 0 && previous != digit {
            return Err(ParseError::ClashingGivens {
                at: crate::error::Position { line, column: 0 },
                cell: cell.to_string(),
                first: previous,
                second: digit,
            });
        }
        grid.set(cell, digit);
    }
    Ok(Puzzle::new(geometry, grid))
}

/// The givens as `i,j,k` lines (1-based), the seeds' clue list.
pub fn to_triplets(puzzle: &Puzzle) -> String {
    puzzle.triplets().iter().map(|(i, j, k)| format!("{i},{j},{k}\n")).collect()
}

/// A readable grid for a person and for [`parse_puzzle`] (box separators included).
pub fn to_grid_text(grid: &Grid, geometry: &Geometry) -> String {
    grid.to_pretty(geometry)
}

#[cfg(test)]
mod tests;

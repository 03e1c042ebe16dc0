//! # sudoku-ip-formats
//!
//! The text a puzzle is read from and written to. It depends on the model
//! (`sudoku-ip-model`: the [`Puzzle`], its rules and its canonical JSON form,
//! [`sudoku_ip_model::json`]), and the model never on it.
//!
//! ```
//! use sudoku_ip_formats::{parse_puzzle, ParseOptions};
//!
//! let puzzle = parse_puzzle(
//!     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
//!     &ParseOptions::default(),
//! ).unwrap();
//! assert_eq!(puzzle.givens().filled(), 23);
//! ```
//!
//! Text formats, auto-detected (or forced with [`Format`]):
//!
//! | format     | looks like                                                        |
//! |------------|-------------------------------------------------------------------|
//! | `triplets` | `1,2,2` per line, or the MATLAB matrix `[1,2,2; 1,5,3; ...]` (seed 000) — 1-based row, column, digit |
//! | `grid`     | `n` lines of `n` cells: single characters (`1`-`9`, `A`.. for 10.., `.` `0` `*` `_` empty) or whitespace-separated integers; `|` and `---+---` ignored |
//! | `line`     | one line of `n²` characters (or `n²` whitespace-separated integers); a file of such lines is a batch |
//! | `json`     | the documented JSON puzzle (variants, regions, cages)             |
//! | `killer`   | seed 004's Killer layout in Python: `grid = [[1, 1, 2, ...], ...]` cage ids and `grid_sum = {1: 3, ...}` sums ([`killer_text`]) |
//!
//! `#` starts a comment to the end of the line in every text format. Three comment lines are
//! headers that carry what the text itself cannot: `# size: 16` (for triplets), `# box: 2x3`
//! (`# box: none`: no boxes, a Latin square) and `# rules: diagonal,anti-knight` (the rules that need no data, [`sudoku_ip_model::rules::switchable_names`]).
//! [`write_text`] writes them and every text reader honours them, so a puzzle written as text
//! reads back as the same puzzle; a puzzle text cannot carry (jigsaw regions, cages) is refused
//! by the writer instead.
//!
//! Auto-detection ([`detect_format`]) decides on the shape of the text, never on the digits in
//! it. Errors name the line and column and say what was expected.

pub mod detect;
pub mod fpuzzles;
pub mod json;
pub mod killer_text;
pub mod lz;
mod write;

pub use detect::{detect, detect_format, Detection};
pub use sudoku_ip_model::error::elide;
pub use write::{write_text, TextForm, WriteError};

use sudoku_ip_model::error::{ParseError, Position};
use sudoku_ip_model::geometry::{is_empty_mark, symbol_value, BoxShape, Cell, Geometry, MAX_SIDE};
use sudoku_ip_model::grid::Grid;
use sudoku_ip_model::puzzle::Puzzle;
use sudoku_ip_model::rules;

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
    /// f-puzzles / SudokuPad: a link, its bare payload, or the decoded f-puzzles JSON
    /// ([`fpuzzles`]); links one a line are a batch.
    FPuzzles,
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
            "fpuzzles" | "f-puzzles" | "sudokupad" | "link" => Format::FPuzzles,
            _ => {
                return Err(format!(
                    "unknown format {s:?} (expected auto, triplets, grid, line, json, killer or fpuzzles)"
                ))
            }
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
    /// Box shape `rows × cols`, or no boxes (a Latin square), overriding the inferred one.
    pub box_shape: Option<BoxShape>,
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
    // A byte-order mark (Windows editors) comes before the text, not in it.
    text.trim_start_matches('\u{feff}')
        .lines()
        .enumerate()
        .map(|(i, l)| Line { no: i + 1, text: l.split('#').next().unwrap_or("").trim_end() })
        .filter(|l| !l.text.trim().is_empty())
        .collect()
}

/// At most 40 characters of what was found, for an error message (a 1 MB token is not echoed).
pub fn excerpt(found: &str) -> String {
    const MAX: usize = 40;
    match found.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}…", &found[..cut]),
        None => found.to_string(),
    }
}

fn geometry(n: usize, opts: &ParseOptions) -> Result<Geometry, ParseError> {
    Ok(Geometry::with_boxes(n, opts.box_shape)?)
}

/// Whether the text starts like a JSON object (after a byte-order mark and blank space).
fn starts_as_json(text: &str) -> bool {
    text.trim_start_matches('\u{feff}').trim_start().starts_with('{')
}

/// A JSON text: JSON Lines ([`json_lines`]) when it is, else one JSON value or a stream of
/// them as the JSON reader takes it (an object spread over several lines).
fn json_document(text: &str) -> Result<Document, ParseError> {
    match json_lines(text) {
        Some(doc) => Ok(doc),
        None => json::parse_json_document(text),
    }
}

/// JSON Lines: a JSON object complete on each line (blank lines and `#` lines skipped), each
/// line read on its own, so a bad line — broken JSON, or a puzzle the format refuses — is that
/// line's error and never drops the lines after it. `None` when the text is not JSON Lines:
/// its first line is not a whole object, or there is only one line.
fn json_lines(text: &str) -> Option<Document> {
    let mut lines = text
        .trim_start_matches('\u{feff}')
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .peekable();
    let (_, first) = *lines.peek()?;
    // A line that does not end an object is not one: no parse, whose error would cost more
    // than the check (serde_json locates it, and memchr detects the CPU on its first use).
    if !first.ends_with('}') || !serde_json::from_str::<serde_json::Value>(first).is_ok_and(|v| v.is_object()) {
        return None;
    }
    let items: Vec<(usize, Result<Puzzle, ParseError>)> = lines.map(|(no, line)| (no, json_line(line))).collect();
    (items.len() > 1).then_some(Document::Batch(items))
}

/// One line of JSON Lines: a puzzle object or an envelope; broken JSON is located by column.
fn json_line(line: &str) -> Result<Puzzle, ParseError> {
    let value: serde_json::Value = serde_json::from_str(line).map_err(|e| ParseError::Json {
        path: "$".into(),
        message: format!("not valid JSON at column {}: {}", e.column(), json_error_kind(&e)),
    })?;
    json::parse_envelope(&value)
}

/// serde_json's message without its "at line L column C" (a line of a batch is line 1 to it).
fn json_error_kind(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.rfind(" at line ") {
        Some(cut) => text[..cut].to_string(),
        None => text,
    }
}

/// Parse exactly one puzzle (a batch of several is an error naming the second puzzle's line).
///
/// This and [`parse_document`] are the one entry point for text of any format: the CLI, the
/// web API's `text` field and the web page's import box all read through them.
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

/// Parse a puzzle file: one puzzle in any format, or a batch of one-line puzzles (or of JSON
/// objects, one a line). The format is detected from the text's shape ([`detect_format`])
/// unless `opts` forces one; `# size:`, `# box:` and `# rules:` headers are honoured (options
/// given explicitly win over headers).
pub fn parse_document(text: &str, opts: &ParseOptions) -> Result<Document, ParseError> {
    if opts.format == Format::FPuzzles || (opts.format == Format::Auto && fpuzzles_links(text)) {
        return fpuzzles_document(text);
    }
    if opts.format == Format::Json || (opts.format == Format::Auto && starts_as_json(text)) {
        return json_document(text);
    }
    let headers = Headers::read(text)?;
    let opts = ParseOptions {
        format: opts.format,
        size: opts.size.or(headers.size),
        box_shape: opts.box_shape.or(headers.box_shape),
    };
    let (format, opts, note) = match opts.format {
        Format::Auto => {
            let d = detect_format(text, &opts)?;
            (d.format, ParseOptions { size: d.side.or(opts.size), ..opts }, d.note)
        }
        f => (f, opts, None),
    };
    let doc = match format {
        Format::Json => json_document(text),
        Format::KillerLayout => killer_text::parse_killer_text(text, &opts).map(Document::Single),
        Format::Triplets => parse_triplets(text, &opts).map(Document::Single),
        Format::Grid => parse_grid(text, &opts).map(Document::Single),
        Format::FPuzzles => fpuzzles_document(text),
        Format::Line | Format::Auto => parse_lines(text, &opts),
    };
    let finish = |p: Result<Puzzle, ParseError>| {
        p.and_then(|p| headers.add_rules(p)).map_err(|error| match &note {
            Some(note) => ParseError::Guessed { error: Box::new(error), note: note.clone() },
            None => error,
        })
    };
    match doc {
        Ok(Document::Single(p)) => finish(Ok(p)).map(Document::Single),
        Ok(Document::Batch(items)) => {
            Ok(Document::Batch(items.into_iter().map(|(line, p)| (line, finish(p))).collect()))
        }
        Err(e) => finish(Err(e)).map(Document::Single),
    }
}

/// How many lines a reader of a long batch reads before it decides how to read the rest
/// ([`BatchLines`]): its headers must be within them.
pub const BATCH_START_LINES: usize = 256;

/// The later lines of a long batch, read one at a time exactly as [`parse_document`] reads a
/// whole batch: with the format and the `# size:`, `# box:` and `# rules:` headers decided on
/// the batch's start (its first [`BATCH_START_LINES`] lines). A streamed `solve` reads a file of
/// a million puzzles with it and never holds more than a line.
#[derive(Clone, Debug)]
pub struct BatchLines {
    kind: LineKind,
    opts: ParseOptions,
    headers: Headers,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LineKind {
    FPuzzles,
    Json,
    Text,
}

impl BatchLines {
    /// How to read the lines after `start`, the batch's first lines (which [`parse_document`]
    /// reads), with the caller's `opts` (which win over headers).
    pub fn new(start: &str, opts: &ParseOptions) -> Result<BatchLines, ParseError> {
        let plain = |kind| Ok(BatchLines { kind, opts: opts.clone(), headers: Headers::default() });
        if opts.format == Format::FPuzzles || (opts.format == Format::Auto && fpuzzles_links(start)) {
            return plain(LineKind::FPuzzles);
        }
        if opts.format == Format::Json || (opts.format == Format::Auto && starts_as_json(start)) {
            return plain(LineKind::Json);
        }
        let headers = Headers::read(start)?;
        let mut opts = ParseOptions {
            format: opts.format,
            size: opts.size.or(headers.size),
            box_shape: opts.box_shape.or(headers.box_shape),
        };
        if opts.format == Format::Auto {
            opts.size = detect_format(start, &opts)?.side.or(opts.size);
        }
        Ok(BatchLines { kind: LineKind::Text, opts, headers })
    }

    /// Line `no` of the batch: `None` for a blank or comment line, else the puzzle on it or why
    /// it is not one (also a header comment that the batch's start did not have, or that says
    /// something else than it).
    pub fn line(&self, raw: &str, no: usize) -> Option<Result<Puzzle, ParseError>> {
        if self.kind != LineKind::Text {
            let text = raw.trim();
            if text.is_empty() || text.starts_with('#') {
                return None;
            }
            let parsed = match self.kind {
                LineKind::FPuzzles => fpuzzles::parse_fpuzzles(text),
                _ => json_line(text),
            };
            return Some(parsed.map_err(|e| e.from_line(no)));
        }
        if let Err(e) = self.headers.check_later(raw, no) {
            return Some(Err(e));
        }
        let line = Line { no, text: raw.split('#').next().unwrap_or("").trim_end() };
        if line.text.trim().is_empty() {
            return None;
        }
        Some(parse_one_line(&line, &self.opts).and_then(|p| self.headers.add_rules(p)))
    }
}

/// Whether the text's first meaningful line is an f-puzzles / SudokuPad link or payload.
fn fpuzzles_links(text: &str) -> bool {
    meaningful_lines(text).first().is_some_and(|l| fpuzzles::looks_like_link(l.text))
}

/// f-puzzles input: JSON text is one puzzle; links or payloads one a line are one puzzle, or a
/// batch when there are several.
fn fpuzzles_document(text: &str) -> Result<Document, ParseError> {
    if starts_as_json(text) {
        return fpuzzles::parse_fpuzzles(text).map(Document::Single);
    }
    // `#` may not start a comment here: it is part of no payload, but links can carry it.
    let lines: Vec<(usize, &str)> = text
        .trim_start_matches('\u{feff}')
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect();
    match lines[..] {
        [] => Err(ParseError::Empty),
        [(_, only)] => fpuzzles::parse_fpuzzles(only).map(Document::Single),
        _ => Ok(Document::Batch(lines.into_iter().map(|(no, l)| (no, fpuzzles::parse_fpuzzles(l))).collect())),
    }
}

/// The header comments of a text puzzle: `# size: 16`, `# box: 2x3`, `# rules: diagonal,...`
/// (whole-line comments; keys in any case). Other comments are left alone.
#[derive(Clone, Debug, Default)]
struct Headers {
    size: Option<usize>,
    box_shape: Option<BoxShape>,
    /// Rule names with their line and column.
    rules: Vec<(String, Position)>,
    /// Each header key met, with its value and line (a second one must say the same).
    seen: Vec<(String, String, usize)>,
}

/// A header comment line: its key (lower case), its value (trimmed) and the value's 1-based
/// column; `None` for any other line.
fn header_of(raw: &str) -> Option<(String, &str, usize)> {
    let comment = raw.trim_start().strip_prefix('#')?;
    let (key, value) = comment.split_once(':')?;
    let key = key.trim().to_ascii_lowercase();
    if !matches!(key.as_str(), "size" | "box" | "rules") {
        return None;
    }
    let value_at = raw.len() - value.trim_start().len();
    let column = raw[..value_at].chars().count() + 1;
    Some((key, value.trim(), column))
}

impl Headers {
    fn read(text: &str) -> Result<Headers, ParseError> {
        let mut h = Headers::default();
        for (i, raw) in text.trim_start_matches('\u{feff}').lines().enumerate() {
            let no = i + 1;
            let Some((key, value, column)) = header_of(raw) else { continue };
            // The same header twice (a file of several generated grids) must say the same.
            if h.repeated(&key, value, no)? {
                continue;
            }
            h.seen.push((key.clone(), value.to_string(), no));
            let bad = |expected: &str| ParseError::unexpected(no, column, excerpt(value), expected);
            match key.as_str() {
                "size" => {
                    let n = value.parse::<usize>().ok().filter(|n| (1..=MAX_SIDE).contains(n));
                    h.size = Some(n.ok_or_else(|| bad(&format!("the side of the grid, 1 to {MAX_SIDE}")))?);
                }
                "box" => {
                    h.box_shape =
                        Some(BoxShape::parse(value).ok_or_else(|| bad("a box shape such as 3x3 or 2x3, or none"))?)
                }
                _ => {
                    let mut offset = 0;
                    for name in value.split(',') {
                        let at =
                            Position { line: no, column: column + offset + (name.len() - name.trim_start().len()) };
                        offset += name.chars().count() + 1;
                        if !name.trim().is_empty() {
                            h.rules.push((name.trim().to_string(), at));
                        }
                    }
                }
            }
        }
        Ok(h)
    }

    /// Whether header `key` was met before (then `value` must be the same, or an error).
    fn repeated(&self, key: &str, value: &str, no: usize) -> Result<bool, ParseError> {
        match self.seen.iter().find(|(k, _, _)| k == key) {
            None => Ok(false),
            Some((_, first, _)) if first == value => Ok(true),
            Some((_, first, first_line)) => Err(ParseError::shape(
                no,
                format!(
                    "a second `# {key}:` header says {:?}, the first (line {first_line}) {:?}",
                    excerpt(value),
                    excerpt(first)
                ),
            )),
        }
    }

    /// A comment line met after the headers were read (a streamed batch's later lines): a
    /// header there must repeat one already read, since the lines before it were read without it.
    fn check_later(&self, raw: &str, no: usize) -> Result<(), ParseError> {
        let Some((key, value, _)) = header_of(raw) else { return Ok(()) };
        if self.repeated(&key, value, no)? {
            return Ok(());
        }
        Err(ParseError::shape(
            no,
            format!(
                "a `# {key}:` header after the puzzles it would apply to: a long batch is read as it goes, \
                 with the headers found in its first {BATCH_START_LINES} lines; put the header at the top"
            ),
        ))
    }

    /// The puzzle with the header's rules added (after any it has), each checked for its grid.
    fn add_rules(&self, puzzle: Puzzle) -> Result<Puzzle, ParseError> {
        if self.rules.is_empty() {
            return Ok(puzzle);
        }
        let n = puzzle.n();
        let mut added = Vec::with_capacity(self.rules.len());
        for (name, at) in &self.rules {
            // No rule name is 40 characters long: an excerpt is the same name, or an unknown
            // one that the error quotes without echoing a megabyte.
            let rule = rules::rule_from_name(&excerpt(name), n)
                .map_err(|e| ParseError::Shape { at: *at, message: format!("# rules: {e}") })?;
            added.push((rule, *at));
        }
        let before = puzzle.rules().len();
        let puzzle = puzzle.with_rules(added.iter().map(|(r, _)| r.clone()));
        rules::validate_rules(puzzle.geometry(), puzzle.rules()).map_err(|e| {
            // Name the header entry the error is about, when it is one.
            let at = e
                .path
                .strip_prefix("rules[")
                .and_then(|rest| rest.split(']').next())
                .and_then(|i| i.parse::<usize>().ok())
                .and_then(|i| i.checked_sub(before))
                .and_then(|i| added.get(i))
                .map_or(added[0].1, |(_, at)| *at);
            ParseError::Shape { at, message: format!("# rules: {e}") }
        })?;
        Ok(puzzle)
    }
}

fn value_of_char(ch: char, n: usize, line: usize, column: usize) -> Result<u8, ParseError> {
    if is_empty_mark(ch) {
        return Ok(0);
    }
    let expected = || expected_digits(n);
    match symbol_value(ch) {
        Some(v) if v <= n => Ok(v as u8),
        _ => Err(ParseError::unexpected(line, column, ch.to_string(), expected())),
    }
}

/// A cell written as a token: one character ([`value_of_char`]) or an integer `0..=n`.
fn value_of_token(token: &str, n: usize, line: usize, column: usize) -> Result<u8, ParseError> {
    let mut chars = token.chars();
    if let (Some(ch), None) = (chars.next(), chars.next()) {
        return value_of_char(ch, n, line, column);
    }
    match token.parse::<usize>() {
        Ok(v) if v <= n => Ok(v as u8),
        _ => Err(ParseError::unexpected(
            line,
            column,
            excerpt(token),
            format!("an integer from 1 to {n}, or 0 or '.' for an empty cell"),
        )),
    }
}

fn expected_digits(n: usize) -> String {
    let top = match n {
        1..=9 => n.to_string(),
        _ => format!("9 or a letter A-{}", sudoku_ip_model::geometry::symbol(n).unwrap_or('?')),
    };
    format!("a digit 1-{top} for a {n}x{n} grid, or '.', '0' for an empty cell")
}

/// `n × n` for a side the caller has not checked yet (`None` above [`MAX_SIDE`]).
fn cells_of(n: usize) -> Option<usize> {
    (n <= MAX_SIDE).then(|| n * n)
}

// ---------------------------------------------------------------------------------------------
// One-line puzzles.

/// How a one-line puzzle writes its cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LineForm {
    /// `n²` characters (whitespace ignored), `n <= 35`.
    Chars,
    /// `n²` whitespace-separated integers `0..=n` (or `.` `*` `_`), as written for `n > 35`.
    Integers,
}

/// The side of a one-line puzzle and how its cells are written, when the line has that shape
/// (and, with `size`, that side). Integers first: for single-digit tokens both forms agree.
fn line_form(text: &str, size: Option<usize>) -> Option<(usize, LineForm)> {
    let fits = |k: usize, count: usize| (1..=MAX_SIDE).contains(&k) && k * k == count && size.is_none_or(|s| s == k);
    let (mut count, mut max, mut integers) = (0usize, 0usize, true);
    for token in text.split_whitespace() {
        count += 1;
        if integers && !matches!(token, "." | "*" | "_") {
            match token.parse::<u8>() {
                Ok(v) if token.bytes().all(|b| b.is_ascii_digit()) => max = max.max(v as usize),
                _ => integers = false,
            }
        }
    }
    let k = count.isqrt();
    if integers && count > 1 && fits(k, count) && max <= k {
        return Some((k, LineForm::Integers));
    }
    let chars = text.chars().filter(|c| !c.is_whitespace()).count();
    let k = chars.isqrt();
    (fits(k, chars) && k <= 35).then_some((k, LineForm::Chars))
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
    if let Some((n, values)) = plain_char_line(line.text, opts.size) {
        if let Some(grid) = Grid::from_values(n, values) {
            return Ok(Puzzle::new(geometry(n, opts)?, grid));
        }
    }
    general_one_line(line, opts)
}

/// [`parse_one_line`] for every form a line may take, with the error that says what is wrong.
fn general_one_line(line: &Line, opts: &ParseOptions) -> Result<Puzzle, ParseError> {
    let Some((n, form)) = line_form(line.text, opts.size) else {
        let len = line.text.chars().filter(|c| !c.is_whitespace()).count();
        let message = match opts.size {
            Some(n) => match cells_of(n) {
                Some(cells) => format!(
                    "expected {cells} characters (or {cells} whitespace-separated integers) for a {n}x{n} puzzle, \
                     found {len} characters"
                ),
                None => format!("a side of {n} is not supported (1 to {MAX_SIDE})"),
            },
            None => format!(
                "a one-line puzzle needs n² characters (81 for 9x9, 256 for 16x16); this line has {len} characters"
            ),
        };
        return Err(ParseError::shape(line.no, message));
    };
    let geometry = geometry(n, opts)?;
    let mut values = Vec::with_capacity(n * n);
    match form {
        LineForm::Chars => {
            for (i, ch) in line.text.chars().enumerate() {
                if !ch.is_whitespace() {
                    values.push(value_of_char(ch, n, line.no, i + 1)?);
                }
            }
        }
        LineForm::Integers => {
            for (column, token) in tokens(line.text, char::is_whitespace) {
                values.push(value_of_token(token, n, line.no, column)?);
            }
        }
    }
    let grid = Grid::from_values(n, values).ok_or(ParseError::Empty)?;
    Ok(Puzzle::new(geometry, grid))
}

/// The common one-line puzzle read byte by byte: `n²` cells with no whitespace (so one token,
/// the character form of [`line_form`]), each `.` `0` `*` `_` or a symbol up to `n`. `None` for
/// anything else, which the general reader reads (and explains when it is wrong).
fn plain_char_line(text: &str, size: Option<usize>) -> Option<(usize, Vec<u8>)> {
    let bytes = text.as_bytes();
    let n = bytes.len().isqrt();
    if n * n != bytes.len() || !(2..=35).contains(&n) || size.is_some_and(|s| s != n) {
        return None;
    }
    // Bytes that are no cell map to 255, above every side. Maps and folds with no early exit
    // vectorise: most lines are good.
    if n == 9 {
        // The common line, digits and dots only, by arithmetic the compiler vectorises (a
        // table look-up a byte does not); any other byte sends the line to the table.
        let values: Vec<u8> = bytes.iter().map(|&b| if b == b'.' { 0 } else { b.wrapping_sub(b'0') }).collect();
        if values.iter().fold(0u8, |m, &v| m.max(v)) <= 9 {
            return Some((n, values));
        }
    }
    let values: Vec<u8> = bytes.iter().map(|&b| CELL_BYTES[usize::from(b)]).collect();
    let largest = values.iter().fold(0u8, |m, &v| m.max(v));
    (usize::from(largest) <= n).then_some((n, values))
}

/// A one-line puzzle's cell by its byte: `.` `0` `*` `_` are empty, `1`-`9`, `A`-`Z` and `a`-`z`
/// are 1 to 35 (as [`symbol_value`] reads them); 255 for any other byte.
const CELL_BYTES: [u8; 256] = {
    let mut table = [255u8; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = match b as u8 {
            e if is_empty_mark(e as char) => 0,
            d @ b'1'..=b'9' => d - b'0',
            u @ b'A'..=b'Z' => u - b'A' + 10,
            l @ b'a'..=b'z' => l - b'a' + 10,
            _ => 255,
        };
        b += 1;
    }
    table
};

/// The tokens of a line between separators, each with its 1-based (character) column.
fn tokens(text: &str, is_sep: impl Fn(char) -> bool) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (column, (i, ch)) in text.char_indices().enumerate() {
        match (is_sep(ch), start) {
            (true, Some((s, col))) => {
                out.push((col, &text[s..i]));
                start = None;
            }
            (false, None) => start = Some((i, column + 1)),
            _ => {}
        }
    }
    if let Some((s, col)) = start {
        out.push((col, &text[s..]));
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Grids.

fn is_grid_separator(ch: char) -> bool {
    ch.is_whitespace() || ch == '|' || ch == ','
}

/// A line of box borders only (`------+-------`, a jigsaw's ` +---+`): not a row.
fn is_border_line(text: &str) -> bool {
    text.chars().all(|c| matches!(c, '-' | '+' | '=' | '|') || c.is_whitespace())
}

/// The rows of a grid: meaningful lines that are not border lines.
fn grid_lines(text: &str) -> Vec<Line<'_>> {
    meaningful_lines(text).into_iter().filter(|l| !is_border_line(l.text)).collect()
}

/// A grid row's cells counted both ways a row may write them: tokens between separators
/// (whitespace, `|`, `,`) and single characters.
#[derive(Clone, Copy, Debug)]
struct RowShape {
    tokens: usize,
    chars: usize,
}

impl RowShape {
    fn of(text: &str) -> RowShape {
        RowShape {
            tokens: tokens(text, is_grid_separator).len(),
            chars: text.chars().filter(|&c| !is_grid_separator(c)).count(),
        }
    }

    fn fits(self, n: usize) -> bool {
        self.tokens == n || self.chars == n
    }
}

/// The side a grid of these rows has: the number of rows when every row has that many cells,
/// else the row length (a side `side_ok` accepts) most rows agree on. With the number of rows
/// that fit it.
fn grid_side(rows: &[RowShape], side_ok: impl Fn(usize) -> bool) -> (usize, usize) {
    let r = rows.len();
    let fitting = |n: usize| rows.iter().filter(|s| s.fits(n)).count();
    if fitting(r) == r {
        return (r, r);
    }
    let mut candidates: Vec<usize> = rows.iter().flat_map(|s| [s.tokens, s.chars]).filter(|&n| side_ok(n)).collect();
    candidates.sort_unstable();
    candidates.dedup();
    candidates.into_iter().map(|n| (n, fitting(n))).max_by_key(|&(n, k)| (k, n == r, n)).unwrap_or((r, fitting(r)))
}

/// The cells of a grid row of side `n`: `n` tokens, or `n` single characters.
fn row_cells(text: &str, n: usize) -> Option<Vec<(usize, &str)>> {
    let toks = tokens(text, is_grid_separator);
    if toks.len() == n {
        return Some(toks);
    }
    let chars: Vec<(usize, &str)> = text
        .char_indices()
        .enumerate()
        .filter(|(_, (_, c))| !is_grid_separator(*c))
        .map(|(column, (i, c))| (column + 1, &text[i..i + c.len_utf8()]))
        .collect();
    (chars.len() == n).then_some(chars)
}

/// `n` rows of `n` cells; border lines dropped. The side is `opts.size`, else what the rows
/// say ([`grid_side`]), so a missing row is named as missing.
fn parse_grid(text: &str, opts: &ParseOptions) -> Result<Puzzle, ParseError> {
    let lines = grid_lines(text);
    if lines.is_empty() {
        return Err(ParseError::Empty);
    }
    let shapes: Vec<RowShape> = lines.iter().map(|l| RowShape::of(l.text)).collect();
    let n = opts.size.unwrap_or_else(|| grid_side(&shapes, |n| (2..=MAX_SIDE).contains(&n)).0);
    if !(1..=MAX_SIDE).contains(&n) {
        return Err(ParseError::shape(lines[0].no, format!("a grid of {n} rows is not supported (1 to {MAX_SIDE})")));
    }
    let mut values = Vec::with_capacity(n * n);
    for (row, (line, shape)) in lines.iter().zip(&shapes).enumerate().take(n) {
        let Some(cells) = row_cells(line.text, n) else {
            let found = if shape.tokens.abs_diff(n) < shape.chars.abs_diff(n) { shape.tokens } else { shape.chars };
            return Err(ParseError::shape(
                line.no,
                format!("row {} has {found} cells, expected {n} (a {n}x{n} grid has {n} rows of {n} cells)", row + 1),
            ));
        };
        for (column, token) in cells {
            values.push(value_of_token(token, n, line.no, column)?);
        }
    }
    let rows = lines.len();
    if rows < n {
        let last = lines[rows - 1].no;
        let missing =
            if n - rows == 1 { format!("row {n} is missing") } else { format!("rows {}-{n} are missing", rows + 1) };
        return Err(ParseError::shape(
            last,
            format!("the grid ends after row {rows}: {missing} (a {n}x{n} grid has {n} rows of {n} cells)"),
        ));
    }
    if rows > n {
        return Err(ParseError::shape(
            lines[n].no,
            format!("row {} is one too many: found {rows} rows, a {n}x{n} grid has {n}", n + 1),
        ));
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
                        excerpt(&t.text),
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
        let entries = if bad.len() == 1 { "1 entry".to_string() } else { format!("{} entries", bad.len()) };
        return Err(ParseError::shape(
            line,
            format!(
                "expected row,col,digit: a clue triplet is three integers (e.g. 1,2,5; the matrix is N-by-3, \
                 or n-by-n for a grid); this row has {entries}"
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
                at: sudoku_ip_model::error::Position { line, column: 0 },
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

//! f-puzzles / SudokuPad links and JSON, read and written.
//!
//! Setters share variant puzzles as links that carry the whole puzzle:
//!
//! ```text
//! https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOAvkA…
//! https://sudokupad.app/fpuzzlesN4IgzglgXgpiBcBOAvkA…
//! ```
//!
//! The payload is lz-string's *standard* base64 (`A–Z a–z 0–9 + /`, `=` padding) of the
//! f-puzzles JSON (`{"size": 9, "grid": [[{"value": 5, "given": true}, …], …], "killercage":
//! […], …}`). Chat apps damage links: `+` becomes a space and URL normalisers collapse `//` to
//! `/`; both are repaired (a collapsed slash in one pass, see [`lz`]). The payload is
//! decompressed with a budget ([`lz::MAX_DECOMPRESSED`] characters): a few kilobytes of
//! lz-string can ask for gigabytes. SudokuPad's `?puzzle=fpuzzles…` carries the puzzle too,
//! and settings after a link (`?setting-nogrid=1`, `&theme=dark`) are not part of it. Links
//! that hold only a server id (`?id=…`, `sudokupad.app/abc12`) cannot be read offline.
//!
//! Reading keeps what has meaning: the size, the givens (`given: true` only — other values are
//! a player's entries), region overrides (jigsaw), `givenPencilMarks` (the [`Candidates`]
//! rule), a cell's `parity` (`"Odd"` / `"Even"`, as the `odd` / `even` lists), `title` /
//! `author` / `ruleset` and `solution` ([`Meta`]), and every rule key in [`SUPPORTED`]. Real
//! exports write `null` for "none" and numbers as strings; both read. A number beyond what
//! it counts (a cage total above 2^32) is an error at its path, never wrapped. Cosmetic keys
//! ([`COSMETIC`]) are ignored by name. Any other key is an error naming it and its JSON path:
//! a dropped rule would make a wrong "unique" answer.
//!
//! Writing ([`to_fpuzzles`], [`to_link`]) is the inverse for every rule with an f-puzzles form;
//! a puzzle with a rule f-puzzles cannot say is refused, never written without it. The payload
//! is padded as the JavaScript lz-string writes it, so a link read and written again is the
//! same bytes.

use serde_json::{json, Map, Value};

use super::json::{array, err, key_path, kind, object};
use super::lz::{self, LzError};
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry, Layout, MAX_SIDE};
use crate::grid::Grid;
use crate::puzzle::{Meta, Puzzle};
use crate::rules::between::Between;
use crate::rules::clone::{ClonePair, Clones};
use crate::rules::digital_root::{DigitalRoot, RootCage};
use crate::rules::disjoint_groups::DisjointGroups;
use crate::rules::double_arrow::DoubleArrow;
use crate::rules::entropic::Entropic;
use crate::rules::indexer::Indexer;
use crate::rules::kropki_values::{Dot as KDot, KropkiValues};
use crate::rules::little_killer::{Clue, LittleKiller};
use crate::rules::min_max::MinMax;
use crate::rules::modular::Modular;
use crate::rules::outside::OutsideClue;
use crate::rules::palindrome::Palindrome;
use crate::rules::pill_arrow::{PillArrow, PillArrows};
use crate::rules::quadruple::{Quad, Quadruple};
use crate::rules::region_sum::RegionSum;
use crate::rules::renban::Renban;
use crate::rules::sandwich::Sandwich;
use crate::rules::skyscraper::Skyscraper;
use crate::rules::slow_thermometer::SlowThermometer;
use crate::rules::whispers::Whispers;
use crate::rules::x_sum::XSum;
use crate::rules::zipper::Zipper;
use crate::rules::{
    AntiKing, AntiKnight, Arrow, Arrows, Cage, Candidates, Diagonal, ExtraRegions, Killer, Kropki, NegativeDiagonal,
    NonConsecutive, OddEven, PositiveDiagonal, Rule, Thermometer, Xv,
};

type Res<T> = Result<T, ParseError>;

/// Longest payload read, in characters. Real links are a few thousand; lz-string output can
/// grow with the square of its input, so the cap bounds the work a hostile link can ask for.
pub const MAX_PAYLOAD: usize = 64 * 1024;

/// The f-puzzles link prefix ([`LinkKind::FPuzzles`]).
pub const FPUZZLES_URL: &str = "https://www.f-puzzles.com/?load=";
/// The SudokuPad link prefix ([`LinkKind::SudokuPad`]).
pub const SUDOKUPAD_URL: &str = "https://sudokupad.app/fpuzzles";

/// The top-level keys read as rules.
pub const SUPPORTED: &[&str] = &[
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "nonconsecutive",
    "negative",
    "killercage",
    "thermometer",
    "arrow",
    "difference",
    "ratio",
    "xv",
    "odd",
    "even",
    "extraregion",
    "whispers",
    "renban",
    "palindrome",
    "betweenline",
    "littlekillersum",
    "quadruple",
    "sandwichsum",
    "xsum",
    "skyscraper",
    "disjointgroups",
    "minimum",
    "maximum",
    "clone",
    "zipperline",
    "regionsumline",
    "entropicline",
    "modularline",
    "slowthermometer",
    "rowindexer",
    "columnindexer",
    "boxindexer",
    "doublearrow",
];

/// Keys that only draw or steer other programs; ignored by name.
pub const COSMETIC: &[&str] =
    &["line", "text", "circle", "rectangle", "cage", "disabledlogic", "truecandidatesoptions", "highlightConflicts"];

/// Keys of the puzzle itself (not rules).
const BASE: &[&str] = &["size", "grid", "title", "author", "ruleset", "solution"];

/// Keys of a cell object that are read.
const CELL_KEYS: &[&str] = &["value", "given", "region", "givenPencilMarks", "parity"];

/// Keys of a cell object that are a player's state or colour, not the puzzle.
const CELL_STATE: &[&str] = &["centerPencilMarks", "cornerPencilMarks", "c", "cArray", "highlight"];

/// Which site a written link opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LinkKind {
    /// `https://www.f-puzzles.com/?load=…`
    FPuzzles,
    /// `https://sudokupad.app/fpuzzles…`
    SudokuPad,
}

impl std::str::FromStr for LinkKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "fpuzzles" | "f-puzzles" => Ok(LinkKind::FPuzzles),
            "sudokupad" => Ok(LinkKind::SudokuPad),
            _ => Err(format!("unknown link kind {s:?} (expected fpuzzles or sudokupad)")),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Links and payloads.

/// Whether a line is an f-puzzles / SudokuPad link or a bare payload (for format detection).
pub fn looks_like_link(line: &str) -> bool {
    let t = line.trim();
    let lower = t.to_ascii_lowercase();
    let site = ["f-puzzles.com", "sudokupad", "crackingthecryptic.com"].iter().any(|s| lower.contains(s));
    t.starts_with("N4Ig")
        || lower.starts_with("fpuzzlesn4ig")
        || (site && !lower.contains(char::is_whitespace))
        || (site && (lower.starts_with("http") || lower.starts_with("www.")))
}

/// Whether a decoded JSON object is f-puzzles JSON rather than the JSON puzzle format: it has
/// a `grid` of rows and no `givens`.
pub fn is_fpuzzles_value(value: &Value) -> bool {
    value.as_object().is_some_and(|top| {
        top.get("grid").is_some_and(Value::is_array) && !top.contains_key("givens") && !top.contains_key("rules")
    })
}

/// Read one puzzle from a link, a bare payload or f-puzzles JSON text.
pub fn parse_fpuzzles(text: &str) -> Res<Puzzle> {
    let t = text.trim_start_matches('\u{feff}').trim();
    if t.is_empty() {
        return Err(ParseError::Empty);
    }
    if t.starts_with('{') {
        let value: Value = serde_json::from_str(t).map_err(|e| err("$", format!("not valid JSON: {e}")))?;
        return from_value(&value);
    }
    from_value(&decode_link(t)?)
}

/// The f-puzzles JSON a link or bare payload carries.
pub fn decode_link(link: &str) -> Res<Value> {
    let payload = payload_of(link)?;
    decode_payload(&payload)
}

fn link_error(message: impl Into<String>) -> ParseError {
    err("link", message)
}

/// The payload of a link (or the text itself when it is one), repaired for chat apps: spaces
/// back to `+`, `%XX` decoded.
fn payload_of(link: &str) -> Res<String> {
    let t: String = link.trim().replace(' ', "+");
    let lower = t.to_ascii_lowercase();
    let server_id = || {
        link_error(
            "this link is a server id, not the puzzle itself; open it and use 'copy f-puzzles link' \
             (SudokuPad: share menu; f-puzzles: Export), then give that link",
        )
    };
    // The payload ends where a link's settings start (`…==?setting-nogrid=1`, `&theme=dark`):
    // none of `?`, `&`, `#` is base64.
    let cut = |text: &str| text.split(['?', '&', '#']).next().unwrap_or("").to_string();
    let raw = if let Some(v) = query_value(&t, "load") {
        cut(v)
    } else if query_value(&t, "id").is_some() {
        return Err(server_id());
    } else if let Some(at) = host_end(&lower) {
        // SudokuPad: the puzzle is the path (`/fpuzzles…`, `/sudoku/fpuzzles…`) or a query
        // value (`?puzzle=fpuzzles…`, `?puzzleid=…`).
        let path = &t[at..];
        let id = match query_value(path, "puzzle").or_else(|| query_value(path, "puzzleid")) {
            Some(v) => cut(v),
            None => cut(path.trim_start_matches('/')),
        };
        let id = id.strip_prefix("sudoku/").unwrap_or(&id);
        let id_lower = id.to_ascii_lowercase();
        if let Some(rest) = strip_prefix_ci(id, "fpuzzles").or_else(|| strip_prefix_ci(id, "fpuz")) {
            rest.to_string()
        } else if id_lower.starts_with("scl") || id_lower.starts_with("ctc") {
            return Err(link_error(
                "this is a SudokuPad drawing link (scl/ctc), which says how the puzzle looks, not its rules; \
                 open it in SudokuPad and share it as an f-puzzles link, or open it in f-puzzles",
            ));
        } else {
            return Err(server_id());
        }
    } else {
        cut(strip_prefix_ci(&t, "fpuzzles").unwrap_or(&t))
    };
    let decoded = percent_decode(&raw);
    if decoded.is_empty() {
        return Err(link_error("the link holds no puzzle after its prefix; copy the whole link"));
    }
    Ok(decoded)
}

/// The value of the query parameter `name` (`?name=…` or `&name=…`, any case), up to the
/// next parameter.
fn query_value<'t>(text: &'t str, name: &str) -> Option<&'t str> {
    let lower = text.to_ascii_lowercase();
    ['?', '&'].iter().find_map(|sep| {
        let at = lower.find(&format!("{sep}{name}="))? + name.len() + 2;
        Some(text[at..].split(['&', '#']).next().unwrap_or(""))
    })
}

/// Byte offset where a URL's path starts, when the text is a URL of a site we know.
fn host_end(lower: &str) -> Option<usize> {
    let start = lower.find("://").map_or(0, |i| i + 3);
    let host_len = lower[start..].find(['/', '?']).unwrap_or(lower.len() - start);
    let host = &lower[start..start + host_len];
    let known = ["sudokupad", "crackingthecryptic.com", "f-puzzles.com"].iter().any(|s| host.contains(s));
    known.then_some(start + host_len)
}

fn strip_prefix_ci<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix).then(|| &text[prefix.len()..])
}

/// `%2B` → `+` and so on; anything that is not a valid escape stays as it is.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
        match (bytes[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).unwrap_or_else(|_| text.to_string())
}

/// Decode an lz-string base64 payload to the f-puzzles JSON object it holds, within
/// [`lz::MAX_DECOMPRESSED`] units, repairing collapsed `//` ([`lz`]).
fn decode_payload(payload: &str) -> Res<Value> {
    if payload.len() > MAX_PAYLOAD {
        return Err(link_error(format!(
            "the payload has {} characters; at most {MAX_PAYLOAD} are read",
            payload.len()
        )));
    }
    if let Some((i, ch)) =
        payload.char_indices().find(|&(_, c)| !(c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '=')))
    {
        return Err(link_error(format!(
            "found {ch:?} at character {} of the payload, expected lz-string base64 (A-Z a-z 0-9 + / =)",
            payload[..i].chars().count() + 1
        )));
    }
    lz::decode_json(payload).map_err(|e| match e {
        LzError::TooLarge { limit } => link_error(format!(
            "the payload decompresses to more than {limit} characters; a real puzzle's JSON is far smaller \
             (a 64x64 puzzle's is under 1 MB), so the link is refused"
        )),
        LzError::TooDeep { at } => link_error(format!(
            "the puzzle's JSON in the link nests deeper than {} levels (at character {}); f-puzzles JSON nests \
             four deep",
            lz::MAX_DEPTH,
            at + 1
        )),
        LzError::NotBase64 { at } => {
            link_error(format!("found a character that is not base64 at character {}", at + 1))
        }
        LzError::Undecodable | LzError::GaveUp => link_error(
            "the payload does not decode to an f-puzzles puzzle (lz-string base64 of its JSON), not even with \
             collapsed '//' repaired; the link may be cut short: copy the whole link",
        ),
    })
}

/// lz-string base64 of `json`, padded as the JavaScript library pads (`=` × (4 − len mod 4),
/// none when len mod 4 is 0); the `lz-str` crate writes one `=` more.
pub fn encode_payload(json: &str) -> String {
    let mut out = lz_str::compress_to_base64(json);
    let body = out.trim_end_matches('=').len();
    out.truncate(body);
    let pad = match body % 4 {
        0 => 0,
        r => 4 - r,
    };
    out.extend(std::iter::repeat_n('=', pad));
    out
}

// ---------------------------------------------------------------------------------------------
// Reading the JSON.

/// f-puzzles' default regions: boxes of `h × w`, `h` the largest divisor of `n` not above √n
/// (1 × n rows for a prime).
fn default_box(n: usize) -> (usize, usize) {
    let h = (1..=n).take_while(|h| h * h <= n).filter(|h| n.is_multiple_of(*h)).last().unwrap_or(1);
    (h, n / h)
}

/// A string or integer field holding a number (`"value": "15"` — f-puzzles writes strings).
fn number(v: &Value, path: &str, what: &str) -> Res<u64> {
    let parsed = match v {
        Value::String(s) => s.trim().parse::<u64>().ok(),
        Value::Number(x) => x.as_u64(),
        _ => None,
    };
    parsed.ok_or_else(|| err(path, format!("expected {what} (a whole number, e.g. \"15\"), found {v}")))
}

/// A [`number`] that must fit `T`: a larger one is refused naming its path, never wrapped (a
/// cage total of 2^32 + 3 read as 3 would be a wrong answer).
fn bounded<T: TryFrom<u64>>(v: &Value, path: &str, what: &str) -> Res<T> {
    let x = number(v, path, what)?;
    T::try_from(x).map_err(|_| err(path, format!("expected {what}, found {x}, which is too large")))
}

/// A cell's number (`"value"`, `"region"`, a pencil mark): a whole number or one written as a
/// string; `None` for null or an empty string (nothing there).
fn cell_number(v: &Value, path: &str, what: &str) -> Res<Option<u64>> {
    match v {
        Value::Null => Ok(None),
        Value::String(s) if s.trim().is_empty() => Ok(None),
        v => number(v, path, what).map(Some),
    }
}

fn fcell(v: &Value, path: &str, n: usize) -> Res<Cell> {
    let text = v.as_str().ok_or_else(|| err(path, format!("expected a cell like \"R1C1\", found {v}")))?;
    match Cell::parse(text, MAX_SIDE) {
        Some(c) if (c.row as usize) < n && (c.col as usize) < n => Ok(c),
        Some(c) => Err(err(path, format!("{c} is outside the {n}x{n} grid"))),
        None => Err(err(path, format!("expected a cell like \"R1C1\" (row, column from 1), found {text:?}"))),
    }
}

fn fcells(v: &Value, path: &str, n: usize) -> Res<Vec<Cell>> {
    array(v, path, "a list of cells")?.iter().enumerate().map(|(i, c)| fcell(c, &format!("{path}[{i}]"), n)).collect()
}

/// The `lines` of an entry: a list of cell lists.
fn flines(entry: &Map<String, Value>, path: &str, n: usize) -> Res<Vec<Vec<Cell>>> {
    let lines = entry.get("lines").ok_or_else(|| err(path, "expected \"lines\": [[cells…]]"))?;
    let path = format!("{path}.lines");
    array(lines, &path, "a list of lines")?
        .iter()
        .enumerate()
        .map(|(i, l)| fcells(l, &format!("{path}[{i}]"), n))
        .collect()
}

/// The entries of a constraint array, each an object, with their paths.
fn entries<'v>(top: &'v Map<String, Value>, key: &str) -> Res<Vec<(String, &'v Map<String, Value>)>> {
    let Some(v) = top.get(key).filter(|v| !v.is_null()) else { return Ok(Vec::new()) };
    let path = key_path("$", key);
    array(v, &path, &format!("a list of {key} entries"))?
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let at = format!("{path}[{i}]");
            object(e, &at, "an entry").map(|o| (at, o))
        })
        .collect()
}

fn field<'v>(entry: &'v Map<String, Value>, path: &str, key: &str, shape: &str) -> Res<&'v Value> {
    entry.get(key).ok_or_else(|| err(path, format!("expected a {key:?} key ({shape})")))
}

fn flag(top: &Map<String, Value>, key: &str) -> Res<bool> {
    match top.get(key) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(v) => Err(err(&key_path("$", key), format!("expected true or false, found {v}"))),
    }
}

fn text(top: &Map<String, Value>, key: &str) -> Res<Option<String>> {
    match top.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(v) => Err(err(&key_path("$", key), format!("expected a string, found {}", kind(v)))),
    }
}

/// A puzzle from decoded f-puzzles JSON.
pub fn from_value(value: &Value) -> Res<Puzzle> {
    let top = object(value, "$", "an f-puzzles puzzle")?;
    for (key, v) in top {
        if BASE.contains(&key.as_str()) || SUPPORTED.contains(&key.as_str()) || COSMETIC.contains(&key.as_str()) {
            continue;
        }
        // An empty list or `false` asks nothing.
        let empty = matches!(v, Value::Null | Value::Bool(false)) || v.as_array().is_some_and(Vec::is_empty);
        if !empty {
            let path = match v.as_array() {
                Some(_) => format!("{}[0]", key_path("$", key)),
                None => key_path("$", key),
            };
            return Err(err(
                &path,
                format!(
                    "the f-puzzles rule {key:?} is not supported by sudoku-ip, and the puzzle \
                     cannot be solved without it (supported: {})",
                    SUPPORTED.join(", ")
                ),
            ));
        }
    }
    let n_value = top.get("size").ok_or_else(|| err("$", "expected a \"size\" key (the side of the grid)"))?;
    let n: usize = bounded(n_value, "$.size", "the side of the grid")?;
    if !(1..=MAX_SIDE).contains(&n) {
        return Err(err("$.size", format!("a side of {n} is not supported (1 to {MAX_SIDE})")));
    }
    let (geometry, givens, marks, parity) = read_grid(top, n)?;
    let mut puzzle = Puzzle::new(geometry, givens);
    let meta = Meta {
        title: text(top, "title")?,
        author: text(top, "author")?,
        ruleset: text(top, "ruleset")?,
        solution: read_solution(top, n)?,
        ..Meta::default()
    };
    puzzle.set_meta(meta);
    let rules = read_rules(top, n, parity)?;
    let mut puzzle = puzzle.with_rules(rules);
    if !marks.is_empty() {
        puzzle = puzzle.with_rule(Candidates { cells: marks });
    }
    crate::rules::validate_rules(puzzle.geometry(), puzzle.rules())
        .map_err(|e| err("$", format!("{e} (in the puzzle read from f-puzzles)")))?;
    Ok(puzzle)
}

type CellMarks = Vec<(Cell, Vec<usize>)>;

/// What the cells of the grid say: the geometry, the givens, given pencil marks, and odd and
/// even cells written as a cell's `"parity"`.
type GridRead = (Geometry, Grid, CellMarks, OddEven);

fn read_grid(top: &Map<String, Value>, n: usize) -> Res<GridRead> {
    let grid_v = top.get("grid").ok_or_else(|| err("$", "expected a \"grid\" key (rows of cells)"))?;
    let rows = array(grid_v, "$.grid", "rows of cells")?;
    if rows.len() != n {
        return Err(err("$.grid", format!("found {} rows, expected {n} (the size)", rows.len())));
    }
    let (h, w) = default_box(n);
    let mut givens = Grid::empty(n);
    let mut owner: Vec<usize> = (0..n * n).map(|k| (k / n) / h * h + (k % n) / w).collect();
    let mut overridden = false;
    let mut no_region: Vec<(Cell, String)> = Vec::new();
    let mut marks = Vec::new();
    let mut parity = OddEven { odd: Vec::new(), even: Vec::new() };
    for (r, row) in rows.iter().enumerate() {
        let rpath = format!("$.grid[{r}]");
        let cells = array(row, &rpath, "a row of cells")?;
        if cells.len() != n {
            return Err(err(&rpath, format!("found {} cells, expected {n}", cells.len())));
        }
        for (c, cv) in cells.iter().enumerate() {
            let path = format!("{rpath}[{c}]");
            let cell = Cell::new(r, c);
            let obj = match cv {
                Value::Null => continue,
                v => object(v, &path, "a cell")?,
            };
            for key in obj.keys() {
                if !CELL_KEYS.contains(&key.as_str()) && !CELL_STATE.contains(&key.as_str()) {
                    return Err(err(
                        &key_path(&path, key),
                        format!(
                            "unknown cell key {key:?} (read: {}; ignored: {})",
                            CELL_KEYS.join(", "),
                            CELL_STATE.join(", ")
                        ),
                    ));
                }
            }
            // f-puzzles writes null (and SudokuPad an empty string) for "none" anywhere in a
            // cell; numbers may be written as strings.
            let given = matches!(obj.get("given"), Some(Value::Bool(true)));
            let vpath = format!("{path}.value");
            let value = obj.get("value").map(|v| cell_number(v, &vpath, "a digit")).transpose()?.flatten();
            if let (true, Some(v)) = (given, value) {
                let digit = usize::try_from(v).ok().filter(|d| (1..=n).contains(d));
                let digit = digit.ok_or_else(|| err(&vpath, format!("a given must be a digit 1 to {n}, found {v}")))?;
                givens.set(cell, digit);
            }
            match obj.get("region") {
                None => {}
                // Every cell in no region is a Latin square; only some of them is an error.
                Some(Value::Null) => no_region.push((cell, format!("{path}.region"))),
                Some(v) => {
                    let rpath = format!("{path}.region");
                    let bad = || err(&rpath, format!("expected a region number 0 to {}, found {v}", n - 1));
                    let id = cell_number(v, &rpath, "a region number")?.ok_or_else(bad)?;
                    let id = usize::try_from(id).ok().filter(|&id| id < n).ok_or_else(bad)?;
                    overridden |= owner[cell.index(n)] != id;
                    owner[cell.index(n)] = id;
                }
            }
            match obj.get("givenPencilMarks") {
                None | Some(Value::Null) => {}
                Some(v) => {
                    let mpath = format!("{path}.givenPencilMarks");
                    let mut digits = Vec::new();
                    for (i, d) in array(v, &mpath, "a list of digits")?.iter().enumerate() {
                        let dpath = format!("{mpath}[{i}]");
                        let digit = cell_number(d, &dpath, "a digit")?.and_then(|d| usize::try_from(d).ok());
                        let digit = digit
                            .filter(|d| (1..=n).contains(d))
                            .ok_or_else(|| err(&dpath, format!("expected a digit 1 to {n}, found {d}")))?;
                        if !digits.contains(&digit) {
                            digits.push(digit);
                        }
                    }
                    if !digits.is_empty() {
                        digits.sort_unstable();
                        marks.push((cell, digits));
                    }
                }
            }
            match obj.get("parity") {
                None | Some(Value::Null) => {}
                Some(Value::String(p)) if p.trim().is_empty() => {}
                Some(Value::String(p)) if p.trim().eq_ignore_ascii_case("odd") => parity.odd.push(cell),
                Some(Value::String(p)) if p.trim().eq_ignore_ascii_case("even") => parity.even.push(cell),
                Some(v) => {
                    return Err(err(&format!("{path}.parity"), format!("expected \"Odd\" or \"Even\", found {v}")))
                }
            }
        }
    }
    if let Some((cell, path)) = no_region.first().filter(|_| no_region.len() != n * n) {
        return Err(err(
            path,
            format!(
                "{cell} is in no region (null); sudoku-ip needs every cell in one of {n} regions of {n} cells, \
                 or every cell in none (no boxes)"
            ),
        ));
    }
    let geometry = if !no_region.is_empty() {
        Geometry::latin(n)?
    } else if overridden {
        // Regions that are boxes of another shape (f-puzzles writes 3x2 boxes of a 6x6 that
        // way) are those boxes, not a jigsaw.
        let canonical = first_appearance(&owner);
        let boxes = (1..=n).filter(|r| n.is_multiple_of(*r)).find_map(|r| {
            let g = Geometry::new(n, Some((r, n / r))).ok()?;
            (first_appearance(&g.region_of_cells()) == canonical).then_some(g)
        });
        match boxes {
            Some(g) => g,
            None => {
                let mut regions = vec![Vec::new(); n];
                for (k, &o) in owner.iter().enumerate() {
                    regions[o].push(k);
                }
                Geometry::with_regions(n, regions).map_err(|e| err("$.grid", format!("the cells' regions: {e}")))?
            }
        }
    } else {
        Geometry::new(n, Some((h, w)))?
    };
    Ok((geometry, givens, marks, parity))
}

/// Region labels renumbered by first appearance (row-major), so two labellings of one
/// partition compare equal.
fn first_appearance(owner: &[usize]) -> Vec<usize> {
    let mut seen: Vec<usize> = Vec::new();
    owner
        .iter()
        .map(|o| {
            seen.iter().position(|s| s == o).unwrap_or_else(|| {
                seen.push(*o);
                seen.len() - 1
            })
        })
        .collect()
}

fn read_solution(top: &Map<String, Value>, n: usize) -> Res<Option<Grid>> {
    let Some(v) = top.get("solution") else { return Ok(None) };
    if v.is_null() {
        return Ok(None);
    }
    let list = array(v, "$.solution", "the solution, n² digits row by row")?;
    if list.len() != n * n {
        return Err(err("$.solution", format!("found {} digits, expected {}", list.len(), n * n)));
    }
    let mut values = Vec::with_capacity(n * n);
    for (i, d) in list.iter().enumerate() {
        let d = match d {
            Value::String(s) if s.is_empty() || s == "." => Some(0),
            Value::String(s) => s.parse::<u64>().ok(),
            other => other.as_u64(),
        };
        match d.filter(|&d| d <= n as u64) {
            Some(d) => values.push(d as u8),
            None => {
                return Err(err(&format!("$.solution[{i}]"), format!("expected a digit 0 to {n} (0: unknown)")));
            }
        }
    }
    Ok(Grid::from_values(n, values))
}

fn read_rules(top: &Map<String, Value>, n: usize, parity: OddEven) -> Res<Vec<Rule>> {
    let mut out: Vec<Rule> = Vec::new();
    match (flag(top, "diagonal+")?, flag(top, "diagonal-")?) {
        (true, true) => out.push(Diagonal.into()),
        (true, false) => out.push(PositiveDiagonal.into()),
        (false, true) => out.push(NegativeDiagonal.into()),
        (false, false) => {}
    }
    if flag(top, "antiknight")? {
        out.push(AntiKnight.into());
    }
    if flag(top, "antiking")? {
        out.push(AntiKing.into());
    }
    if flag(top, "disjointgroups")? {
        out.push(DisjointGroups.into());
    }
    let negative = read_negative(top)?;
    let nonconsecutive = flag(top, "nonconsecutive")?;

    // Kropki dots: white = difference 1, black = ratio 2; other values are `kropki-values`.
    let (mut white, mut black) = (Vec::new(), Vec::new());
    let (mut differences, mut ratios) = (Vec::new(), Vec::new());
    for (key, usual) in [("difference", 1), ("ratio", 2)] {
        for (path, e) in entries(top, key)? {
            let p = pair(e, &path, n)?;
            let value = match e.get("value") {
                None | Some(Value::Null) => usual,
                Some(Value::String(s)) if s.trim().is_empty() => usual,
                Some(v) => bounded::<usize>(v, &format!("{path}.value"), "the dot's value")?,
            };
            match (key, value == usual) {
                ("difference", true) => white.push(p),
                (_, true) => black.push(p),
                ("difference", false) => differences.push(KDot { cells: p, value }),
                (_, false) => ratios.push(KDot { cells: p, value }),
            }
        }
    }
    // Each negative constraint on its own: `nonconsecutive` = all white dots given,
    // `negative: ["ratio"]` = all black dots given; a dot of any value exempts its pair and
    // "all black" forbids the ratios the black dots show (the kropki rule file, after R).
    // Without a kropki dot or the black negative, `nonconsecutive` is the plain
    // non-consecutive rule: the valued dots it would exempt never join consecutive digits
    // (a difference of 2+, or d and v·d with v ≥ 3), so that reading is the same.
    let all_black = negative.contains(&"ratio");
    let dotted = !white.is_empty() || !black.is_empty();
    if nonconsecutive && !dotted && !all_black {
        out.push(NonConsecutive.into());
    } else if dotted || nonconsecutive || all_black {
        out.push(Kropki { white, black, all_white: nonconsecutive, all_black }.into());
    }
    if !differences.is_empty() || !ratios.is_empty() {
        out.push(KropkiValues { differences, ratios }.into());
    }

    let (mut x, mut v) = (Vec::new(), Vec::new());
    for (path, e) in entries(top, "xv")? {
        let p = pair(e, &path, n)?;
        let value = field(e, &path, "value", "\"X\" or \"V\"")?;
        match value.as_str().map(str::to_ascii_uppercase).as_deref() {
            Some("X") => x.push(p),
            Some("V") => v.push(p),
            _ => return Err(err(&format!("{path}.value"), format!("expected \"X\" or \"V\", found {value}"))),
        }
    }
    let all_xv = negative.contains(&"xv");
    if !x.is_empty() || !v.is_empty() || all_xv {
        out.push(Xv { x, v, all_given: all_xv }.into());
    }

    let mut cages = Vec::new();
    for (path, e) in entries(top, "killercage")? {
        let cells = fcells(field(e, &path, "cells", "the cage's cells")?, &format!("{path}.cells"), n)?;
        let sum = match e.get("value") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) if s.trim().is_empty() => None,
            Some(v) => Some(bounded::<u32>(v, &format!("{path}.value"), "the cage total")?),
        };
        cages.push(Cage { cells, sum });
    }
    if !cages.is_empty() {
        out.push(Killer { cages, distinct: true }.into());
    }
    // A `cage` is drawing only, unless its value is `DR<n>`: a digital-root cage.
    let mut roots = Vec::new();
    for (path, e) in entries(top, "cage")? {
        let Some(Value::String(s)) = e.get("value") else { continue };
        let t = s.trim();
        let Some(digits) = strip_prefix_ci(t, "DR") else { continue };
        let vpath = format!("{path}.value");
        let root = digits.trim().parse::<u32>().map_err(|_| {
            err(&vpath, format!("expected a digital root like \"DR5\" (DR and a digit 1 to 9), found {s:?}"))
        })?;
        let cells = fcells(field(e, &path, "cells", "the cage's cells")?, &format!("{path}.cells"), n)?;
        roots.push(RootCage { cells, root });
    }
    if !roots.is_empty() {
        out.push(DigitalRoot { cages: roots }.into());
    }

    // Indexers: every entry's cells, one list a kind.
    let mut indexers = [Vec::new(), Vec::new(), Vec::new()];
    for (list, key) in indexers.iter_mut().zip(["rowindexer", "columnindexer", "boxindexer"]) {
        for (path, e) in entries(top, key)? {
            list.extend(fcells(field(e, &path, "cells", "the indexer cells")?, &format!("{path}.cells"), n)?);
        }
    }
    if indexers.iter().any(|l| !l.is_empty()) {
        let [rows, columns, boxes] = indexers;
        out.push(Indexer { rows, columns, boxes }.into());
    }

    let mut thermometers = Vec::new();
    for (path, e) in entries(top, "thermometer")? {
        thermometers.extend(flines(e, &path, n)?);
    }
    if !thermometers.is_empty() {
        out.push(Thermometer { thermometers }.into());
    }

    // An arrow's circle of one cell is an arrow; of more, a pill read as a number. Each line
    // starts at a circle cell.
    let (mut arrows, mut pills) = (Vec::new(), Vec::new());
    for (path, e) in entries(top, "arrow")? {
        let circle = fcells(field(e, &path, "cells", "the circle's cells")?, &format!("{path}.cells"), n)?;
        if circle.is_empty() {
            return Err(err(&format!("{path}.cells"), "an arrow needs its circle's cells"));
        }
        for (i, line) in flines(e, &path, n)?.into_iter().enumerate() {
            let Some(start) = line.first().filter(|c| circle.contains(c)) else {
                return Err(err(
                    &format!("{path}.lines[{i}][0]"),
                    format!(
                        "an arrow's line starts at its circle ({})",
                        circle.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ")
                    ),
                ));
            };
            match circle[..] {
                [_] => arrows.push(Arrow { circle: *start, cells: line[1..].to_vec() }),
                _ => pills.push(PillArrow { pill: circle.clone(), cells: line[1..].to_vec() }),
            }
        }
    }
    if !arrows.is_empty() {
        out.push(Arrows { arrows }.into());
    }
    if !pills.is_empty() {
        out.push(PillArrows { arrows: pills }.into());
    }

    let one_cells = |key: &str| -> Res<Vec<Cell>> {
        entries(top, key)?
            .iter()
            .map(|(path, e)| fcell(field(e, path, "cell", "\"R1C1\"")?, &format!("{path}.cell"), n))
            .collect()
    };
    // Odd and even cells: the `odd` / `even` lists, then the cells' own `"parity"`.
    let (mut odd, mut even) = (one_cells("odd")?, one_cells("even")?);
    for (list, more) in [(&mut odd, parity.odd), (&mut even, parity.even)] {
        for cell in more {
            if !list.contains(&cell) {
                list.push(cell);
            }
        }
    }
    if !odd.is_empty() || !even.is_empty() {
        out.push(OddEven { odd, even }.into());
    }

    let mut regions = Vec::new();
    for (path, e) in entries(top, "extraregion")? {
        regions.push(fcells(field(e, &path, "cells", "the region's cells")?, &format!("{path}.cells"), n)?);
    }
    if !regions.is_empty() {
        out.push(ExtraRegions { regions }.into());
    }

    // Whispers: one rule, so every line shares one least difference.
    let mut whispers: Option<Whispers> = None;
    for (path, e) in entries(top, "whispers")? {
        let difference = match e.get("value") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) if s.trim().is_empty() => None,
            Some(v) => Some(bounded::<usize>(v, &format!("{path}.value"), "the least difference")?),
        };
        let lines = flines(e, &path, n)?;
        match &mut whispers {
            None => whispers = Some(Whispers { lines, difference }),
            Some(w) if w.least(n) == difference.unwrap_or(n.div_ceil(2)) => w.lines.extend(lines),
            Some(w) => {
                return Err(err(
                    &format!("{path}.value"),
                    format!(
                        "whispers lines with different least differences ({} and {}) are not supported; \
                         sudoku-ip reads one difference for all whispers lines",
                        w.least(n),
                        difference.unwrap_or(n.div_ceil(2))
                    ),
                ))
            }
        }
    }
    out.extend(whispers.map(Rule::from));

    // The line rules read alike: every line under one key, one rule holding them all, in
    // this order (the writer's one `write_lines` a rule is the other half).
    let line_rules: [(&str, LineRule); 9] = [
        ("renban", |lines| Renban { lines }.into()),
        ("palindrome", |lines| Palindrome { lines }.into()),
        ("betweenline", |lines| Between { lines }.into()),
        ("zipperline", |lines| Zipper { lines }.into()),
        ("regionsumline", |lines| RegionSum { lines }.into()),
        ("entropicline", |lines| Entropic { lines }.into()),
        ("modularline", |lines| Modular { lines }.into()),
        ("slowthermometer", |thermometers| SlowThermometer { thermometers }.into()),
        ("doublearrow", |lines| DoubleArrow { lines }.into()),
    ];
    for (key, rule) in line_rules {
        let lines = all_lines(top, key, n)?;
        if !lines.is_empty() {
            out.push(rule(lines));
        }
    }

    let mut clues = Vec::new();
    for (path, e) in entries(top, "littlekillersum")? {
        let sum = match e.get("value") {
            // A clue without a number asks nothing.
            None | Some(Value::Null) => continue,
            Some(Value::String(s)) if s.trim().is_empty() => continue,
            Some(v) => bounded::<u32>(v, &format!("{path}.value"), "the diagonal's sum")?,
        };
        let at = outside_cell(
            field(e, &path, "cell", "the clue's place outside the grid, \"R0C4\"")?,
            &format!("{path}.cell"),
            n,
        )?;
        let dir = field(e, &path, "direction", "\"UL\", \"UR\", \"DL\" or \"DR\"")?;
        let step = match dir.as_str() {
            Some("UL") => (-1, -1),
            Some("UR") => (-1, 1),
            Some("DL") => (1, -1),
            Some("DR") => (1, 1),
            _ => {
                return Err(err(
                    &format!("{path}.direction"),
                    format!("expected \"UL\", \"UR\", \"DL\" or \"DR\", found {dir}"),
                ))
            }
        };
        let cells = Clue::diagonal(n, at, step);
        if cells.len() < 2 {
            return Err(err(
                &format!("{path}.cell"),
                "the clue's diagonal holds fewer than two cells of the grid (sudoku-ip reads diagonals of two or more)",
            ));
        }
        clues.push(Clue { cells, sum });
    }
    if !clues.is_empty() {
        out.push(LittleKiller { clues }.into());
    }

    let sandwich = outside_clues(top, "sandwichsum", n, "the sum between the 1 and the n")?;
    if !sandwich.is_empty() {
        out.push(Sandwich { clues: sandwich }.into());
    }
    let xsum = outside_clues(top, "xsum", n, "the sum of the first X digits")?;
    if !xsum.is_empty() {
        out.push(XSum { clues: xsum }.into());
    }
    let skyscraper = outside_clues(top, "skyscraper", n, "how many buildings are seen")?;
    if !skyscraper.is_empty() {
        out.push(Skyscraper { clues: skyscraper }.into());
    }

    let (minimum, maximum) = (one_cells("minimum")?, one_cells("maximum")?);
    if !minimum.is_empty() || !maximum.is_empty() {
        out.push(MinMax { minimum, maximum }.into());
    }

    let mut clones = Vec::new();
    for (path, e) in entries(top, "clone")? {
        let cells = fcells(field(e, &path, "cells", "the area")?, &format!("{path}.cells"), n)?;
        let copy = fcells(field(e, &path, "cloneCells", "its copy")?, &format!("{path}.cloneCells"), n)?;
        clones.push(ClonePair { cells, copy });
    }
    if !clones.is_empty() {
        out.push(Clones { clones }.into());
    }

    let mut quads = Vec::new();
    for (path, e) in entries(top, "quadruple")? {
        let cells = fcells(field(e, &path, "cells", "the four cells")?, &format!("{path}.cells"), n)?;
        let vpath = format!("{path}.values");
        let digits = array(field(e, &path, "values", "the digits in the circle")?, &vpath, "a list of digits")?
            .iter()
            .enumerate()
            .map(|(i, v)| bounded::<usize>(v, &format!("{vpath}[{i}]"), "a digit"))
            .collect::<Res<Vec<usize>>>()?;
        quads.push(Quad { cells, digits });
    }
    if !quads.is_empty() {
        out.push(Quadruple { quads }.into());
    }

    Ok(out)
}

/// Every line of every entry of a line rule's key.
/// A line rule made from its lines, as [`read_rules`]' table of line keys holds them.
type LineRule = fn(Vec<Vec<Cell>>) -> Rule;

fn all_lines(top: &Map<String, Value>, key: &str, n: usize) -> Res<Vec<Vec<Cell>>> {
    let mut out = Vec::new();
    for (path, e) in entries(top, key)? {
        out.extend(flines(e, &path, n)?);
    }
    Ok(out)
}

/// The clues of an outside-clue key (`sandwichsum`, `xsum`, `skyscraper`): `{cell: "R0C4",
/// value: "15"}`, the cell beside a row or column outside the grid. A clue without a number
/// asks nothing.
fn outside_clues(top: &Map<String, Value>, key: &str, n: usize, what: &str) -> Res<Vec<OutsideClue>> {
    let mut out = Vec::new();
    for (path, e) in entries(top, key)? {
        let value = match e.get("value") {
            None | Some(Value::Null) => continue,
            Some(Value::String(s)) if s.trim().is_empty() => continue,
            Some(v) => bounded::<u32>(v, &format!("{path}.value"), what)?,
        };
        let cpath = format!("{path}.cell");
        let at = outside_cell(field(e, &path, "cell", "the clue's place outside the grid, \"R0C4\"")?, &cpath, n)?;
        let clue = OutsideClue::at(n, at, value).ok_or_else(|| {
            err(
                &cpath,
                format!("expected a place beside a row or a column, outside the grid (row or column 0 or {})", n + 1),
            )
        })?;
        out.push(clue);
    }
    Ok(out)
}

/// An outside clue's place, `"R0C4"` (rows and columns 0 and n+1 are outside), as 0-based
/// `(row, col)` from −1 to `n`.
fn outside_cell(v: &Value, path: &str, n: usize) -> Res<(i64, i64)> {
    let bad = || err(path, format!("expected a place like \"R0C4\" (row and column 0 to {}), found {v}", n + 1));
    let text = v.as_str().ok_or_else(bad)?.to_ascii_uppercase();
    let (r, c) = text.strip_prefix('R').and_then(|t| t.split_once('C')).ok_or_else(bad)?;
    let (r, c) = (r.parse::<i64>().map_err(|_| bad())?, c.parse::<i64>().map_err(|_| bad())?);
    let limit = n as i64 + 1;
    if !(0..=limit).contains(&r) || !(0..=limit).contains(&c) {
        return Err(bad());
    }
    Ok((r - 1, c - 1))
}

fn read_negative(top: &Map<String, Value>) -> Res<Vec<&'static str>> {
    let Some(v) = top.get("negative").filter(|v| !v.is_null()) else { return Ok(Vec::new()) };
    let mut out = Vec::new();
    for (i, item) in array(v, "$.negative", "a list of \"ratio\", \"xv\"")?.iter().enumerate() {
        match item.as_str() {
            Some("ratio") => out.push("ratio"),
            Some("xv") => out.push("xv"),
            _ => {
                return Err(err(
                    &format!("$.negative[{i}]"),
                    format!("expected \"ratio\" or \"xv\" (the negative constraints sudoku-ip reads), found {item}"),
                ))
            }
        }
    }
    Ok(out)
}

fn pair(e: &Map<String, Value>, path: &str, n: usize) -> Res<(Cell, Cell)> {
    let cells = fcells(field(e, path, "cells", "the two cells")?, &format!("{path}.cells"), n)?;
    match cells[..] {
        [a, b] => Ok((a, b)),
        _ => Err(err(&format!("{path}.cells"), format!("expected two cells, found {}", cells.len()))),
    }
}

// ---------------------------------------------------------------------------------------------
// Writing.

/// A puzzle f-puzzles cannot carry.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot write this puzzle for f-puzzles / SudokuPad: {0}")]
pub struct FPuzzlesWriteError(pub String);

fn rc(c: Cell) -> Value {
    Value::String(format!("R{}C{}", c.row + 1, c.col + 1))
}

fn rcs(cells: &[Cell]) -> Value {
    Value::Array(cells.iter().map(|&c| rc(c)).collect())
}

/// The puzzle as f-puzzles JSON; [`from_value`] reads it back to an equal puzzle.
pub fn to_fpuzzles(puzzle: &Puzzle) -> Result<Value, FPuzzlesWriteError> {
    let g = puzzle.geometry();
    let n = g.n();
    let (h, w) = default_box(n);
    let write_regions = match g.layout() {
        Layout::Boxes { rows, cols } => (*rows, *cols) != (h, w),
        Layout::Regions(_) | Layout::Latin => true,
    };
    let owner = g.region_of_cells();
    let marks: Vec<(Cell, Vec<usize>)> = puzzle
        .rules()
        .iter()
        .find_map(|r| match r {
            Rule::Candidates(c) => Some(c.cells.clone()),
            _ => None,
        })
        .unwrap_or_default();
    let mut grid = Vec::with_capacity(n);
    for r in 0..n {
        let mut row = Vec::with_capacity(n);
        for c in 0..n {
            let cell = Cell::new(r, c);
            let mut o = Map::new();
            let v = puzzle.givens().get(cell);
            if v != 0 {
                o.insert("value".into(), json!(v));
                o.insert("given".into(), json!(true));
            }
            if g.is_latin() {
                o.insert("region".into(), Value::Null);
            } else if write_regions {
                o.insert("region".into(), json!(owner[cell.index(n)]));
            }
            if let Some((_, digits)) = marks.iter().find(|(m, _)| *m == cell) {
                o.insert("givenPencilMarks".into(), json!(digits));
            }
            row.push(Value::Object(o));
        }
        grid.push(Value::Array(row));
    }
    let mut m = Map::new();
    m.insert("size".into(), json!(n));
    m.insert("grid".into(), Value::Array(grid));
    let meta = puzzle.meta();
    for (key, value) in [("title", &meta.title), ("author", &meta.author), ("ruleset", &meta.ruleset)] {
        if let Some(t) = value {
            m.insert(key.into(), json!(t));
        }
    }
    if let Some(s) = &meta.solution {
        m.insert("solution".into(), json!(s.values()));
    }
    let push = |m: &mut Map<String, Value>, key: &str, entry: Value| {
        if let Value::Array(list) = m.entry(key).or_insert_with(|| json!([])) {
            list.push(entry);
        }
    };
    let mut negative: Vec<&str> = Vec::new();
    for rule in puzzle.rules() {
        match rule {
            Rule::Diagonal(_) => {
                m.insert("diagonal+".into(), json!(true));
                m.insert("diagonal-".into(), json!(true));
            }
            Rule::PositiveDiagonal(_) => {
                m.insert("diagonal+".into(), json!(true));
            }
            Rule::NegativeDiagonal(_) => {
                m.insert("diagonal-".into(), json!(true));
            }
            Rule::AntiKnight(_) => {
                m.insert("antiknight".into(), json!(true));
            }
            Rule::AntiKing(_) => {
                m.insert("antiking".into(), json!(true));
            }
            Rule::NonConsecutive(_) => {
                if puzzle
                    .rules()
                    .iter()
                    .any(|r| matches!(r, Rule::Kropki(k) if !k.white.is_empty() || !k.black.is_empty()))
                {
                    return Err(FPuzzlesWriteError(
                        "non-consecutive together with Kropki dots has no f-puzzles form".into(),
                    ));
                }
                m.insert("nonconsecutive".into(), json!(true));
            }
            Rule::Kropki(k) => {
                for &(a, b) in &k.white {
                    push(&mut m, "difference", json!({"cells": [rc(a), rc(b)]}));
                }
                for &(a, b) in &k.black {
                    push(&mut m, "ratio", json!({"cells": [rc(a), rc(b)]}));
                }
                if k.all_white {
                    m.insert("nonconsecutive".into(), json!(true));
                }
                if k.all_black {
                    negative.push("ratio");
                }
            }
            Rule::Xv(x) => {
                for &(a, b) in &x.x {
                    push(&mut m, "xv", json!({"cells": [rc(a), rc(b)], "value": "X"}));
                }
                for &(a, b) in &x.v {
                    push(&mut m, "xv", json!({"cells": [rc(a), rc(b)], "value": "V"}));
                }
                if x.all_given {
                    negative.push("xv");
                }
            }
            Rule::Killer(k) => {
                if !k.distinct {
                    return Err(FPuzzlesWriteError(
                        "killer cages whose digits may repeat (\"distinct\": false) have no f-puzzles form".into(),
                    ));
                }
                for cage in &k.cages {
                    let mut e = Map::new();
                    e.insert("cells".into(), rcs(&cage.cells));
                    if let Some(s) = cage.sum {
                        e.insert("value".into(), json!(s.to_string()));
                    }
                    push(&mut m, "killercage", Value::Object(e));
                }
            }
            Rule::DigitalRoot(dr) => {
                for cage in &dr.cages {
                    push(&mut m, "cage", json!({"cells": rcs(&cage.cells), "value": format!("DR{}", cage.root)}));
                }
            }
            Rule::Indexer(ix) => {
                for (key, cells) in
                    [("rowindexer", &ix.rows), ("columnindexer", &ix.columns), ("boxindexer", &ix.boxes)]
                {
                    if !cells.is_empty() {
                        push(&mut m, key, json!({"cells": rcs(cells)}));
                    }
                }
            }
            Rule::Thermometer(t) => {
                for line in &t.thermometers {
                    push(&mut m, "thermometer", json!({"lines": [rcs(line)]}));
                }
            }
            Rule::Arrow(a) => {
                for arrow in &a.arrows {
                    let mut line = vec![arrow.circle];
                    line.extend(&arrow.cells);
                    push(&mut m, "arrow", json!({"cells": [rc(arrow.circle)], "lines": [rcs(&line)]}));
                }
            }
            Rule::PillArrow(p) => {
                for arrow in &p.arrows {
                    let Some(start) = arrow.start().or(arrow.pill.first().copied()) else { continue };
                    let mut line = vec![start];
                    line.extend(&arrow.cells);
                    push(&mut m, "arrow", json!({"cells": rcs(&arrow.pill), "lines": [rcs(&line)]}));
                }
            }
            Rule::OddEven(oe) => {
                for &c in &oe.odd {
                    push(&mut m, "odd", json!({"cell": rc(c)}));
                }
                for &c in &oe.even {
                    push(&mut m, "even", json!({"cell": rc(c)}));
                }
            }
            Rule::ExtraRegions(e) => {
                for region in &e.regions {
                    push(&mut m, "extraregion", json!({"cells": rcs(region)}));
                }
            }
            Rule::Windows(_) => {
                for window in crate::rules::windows::windows(n).unwrap_or_default() {
                    push(&mut m, "extraregion", json!({"cells": rcs(&window)}));
                }
            }
            Rule::Candidates(_) => {}
            Rule::Renban(r) => write_lines(&mut m, "renban", &r.lines),
            Rule::Palindrome(p) => write_lines(&mut m, "palindrome", &p.lines),
            Rule::Between(b) => write_lines(&mut m, "betweenline", &b.lines),
            Rule::Zipper(z) => write_lines(&mut m, "zipperline", &z.lines),
            Rule::DoubleArrow(d) => write_lines(&mut m, "doublearrow", &d.lines),
            Rule::RegionSum(r) => write_lines(&mut m, "regionsumline", &r.lines),
            Rule::Entropic(e) => write_lines(&mut m, "entropicline", &e.lines),
            Rule::Modular(md) => write_lines(&mut m, "modularline", &md.lines),
            Rule::SlowThermometer(t) => write_lines(&mut m, "slowthermometer", &t.thermometers),
            Rule::KropkiValues(k) => {
                for (key, dots) in [("difference", &k.differences), ("ratio", &k.ratios)] {
                    for dot in dots {
                        let (a, b) = dot.cells;
                        push(&mut m, key, json!({"cells": [rc(a), rc(b)], "value": dot.value.to_string()}));
                    }
                }
            }
            Rule::LittleKiller(lk) => {
                for clue in &lk.clues {
                    let (Some((r, c)), Some((dr, dc))) = (clue.place(), clue.step()) else {
                        return Err(FPuzzlesWriteError("a little killer clue of fewer than two cells".into()));
                    };
                    let direction = match (dr, dc) {
                        (-1, -1) => "UL",
                        (-1, 1) => "UR",
                        (1, -1) => "DL",
                        _ => "DR",
                    };
                    push(
                        &mut m,
                        "littlekillersum",
                        json!({"cell": format!("R{}C{}", r + 1, c + 1), "direction": direction,
                               "value": clue.sum.to_string(), "cells": rcs(&clue.cells)}),
                    );
                }
            }
            Rule::Quadruple(q) => {
                for quad in &q.quads {
                    push(&mut m, "quadruple", json!({"cells": rcs(&quad.cells), "values": quad.digits}));
                }
            }
            Rule::Sandwich(r) => write_outside(&mut m, "sandwichsum", &r.clues, n),
            Rule::XSum(r) => write_outside(&mut m, "xsum", &r.clues, n),
            Rule::Skyscraper(r) => write_outside(&mut m, "skyscraper", &r.clues, n),
            Rule::DisjointGroups(_) => {
                m.insert("disjointgroups".into(), json!(true));
            }
            Rule::MinMax(mm) => {
                for &c in &mm.minimum {
                    push(&mut m, "minimum", json!({"cell": rc(c)}));
                }
                for &c in &mm.maximum {
                    push(&mut m, "maximum", json!({"cell": rc(c)}));
                }
            }
            Rule::Clones(cl) => {
                for clone in &cl.clones {
                    push(&mut m, "clone", json!({"cells": rcs(&clone.cells), "cloneCells": rcs(&clone.copy)}));
                }
            }
            Rule::Whispers(wh) => {
                for line in &wh.lines {
                    let mut e = Map::new();
                    e.insert("lines".into(), json!([rcs(line)]));
                    if let Some(d) = wh.difference {
                        e.insert("value".into(), json!(d.to_string()));
                    }
                    push(&mut m, "whispers", Value::Object(e));
                }
            }
            // Rules added later have no f-puzzles form until they are given one here.
            #[allow(unreachable_patterns)]
            other => {
                return Err(FPuzzlesWriteError(format!("the {} rule has no f-puzzles form", other.name())));
            }
        }
    }
    if !negative.is_empty() {
        m.insert("negative".into(), json!(negative));
    }
    Ok(Value::Object(m))
}

/// Append one `{lines: [line]}` entry a line to `key`'s list.
fn write_lines(m: &mut Map<String, Value>, key: &str, lines: &[Vec<Cell>]) {
    if let Value::Array(list) = m.entry(key).or_insert_with(|| json!([])) {
        list.extend(lines.iter().map(|line| json!({"lines": [rcs(line)]})));
    }
}

/// Append outside clues to `key`'s list, each `{cell: "R0C4", value: "15"}`.
fn write_outside(m: &mut Map<String, Value>, key: &str, clues: &[OutsideClue], n: usize) {
    let entries = clues.iter().map(|clue| {
        let (r, c) = clue.place(n);
        json!({"cell": format!("R{}C{}", r + 1, c + 1), "value": clue.value.to_string()})
    });
    if let Value::Array(list) = m.entry(key).or_insert_with(|| json!([])) {
        list.extend(entries);
    }
}

/// The puzzle as a link that opens it in f-puzzles or SudokuPad.
pub fn to_link(puzzle: &Puzzle, kind: LinkKind) -> Result<String, FPuzzlesWriteError> {
    let json = to_fpuzzles(puzzle)?.to_string();
    let payload = encode_payload(&json);
    Ok(match kind {
        LinkKind::FPuzzles => format!("{FPUZZLES_URL}{payload}"),
        LinkKind::SudokuPad => format!("{SUDOKUPAD_URL}{payload}"),
    })
}

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
//! `author` / `ruleset` and `solution` ([`Meta`]), and every rule key in [`supported`]. Real
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

use super::lz::{self, LzError};
use sudoku_ip_model::error::ParseError;
use sudoku_ip_model::geometry::{Cell, Geometry, Layout, MAX_SIDE};
use sudoku_ip_model::grid::Grid;
use sudoku_ip_model::json_read::{array, err, key_path, kind, object};
use sudoku_ip_model::puzzle::{Meta, Puzzle};
pub use sudoku_ip_model::rules::FPuzzlesWriteError;
use sudoku_ip_model::rules::{FRead, FWrite, REGISTRY};

type Res<T> = Result<T, ParseError>;

/// Longest payload read, in characters. Real links are a few thousand; lz-string output can
/// grow with the square of its input, so the cap bounds the work a hostile link can ask for.
pub const MAX_PAYLOAD: usize = 64 * 1024;

/// The f-puzzles link prefix ([`LinkKind::FPuzzles`]).
pub const FPUZZLES_URL: &str = "https://www.f-puzzles.com/?load=";
/// The SudokuPad link prefix ([`LinkKind::SudokuPad`]).
pub const SUDOKUPAD_URL: &str = "https://sudokupad.app/fpuzzles";

/// The top-level keys read as rules: every rule file's `RuleKind::FPUZZLES_KEYS`, in
/// registry order, each once.
pub fn supported() -> Vec<&'static str> {
    let mut keys: Vec<&'static str> = Vec::new();
    for key in REGISTRY.iter().flat_map(|e| e.fpuzzles_keys) {
        if !keys.contains(key) {
            keys.push(key);
        }
    }
    keys
}

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
    let supported = supported();
    for (key, v) in top {
        if BASE.contains(&key.as_str()) || supported.contains(&key.as_str()) || COSMETIC.contains(&key.as_str()) {
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
                    supported.join(", ")
                ),
            ));
        }
    }
    let n_value = top.get("size").ok_or_else(|| err("$", "expected a \"size\" key (the side of the grid)"))?;
    let n: usize = bounded(n_value, "$.size", "the side of the grid")?;
    if !(1..=MAX_SIDE).contains(&n) {
        return Err(err("$.size", format!("a side of {n} is not supported (1 to {MAX_SIDE})")));
    }
    let (geometry, givens) = read_grid(top, n)?;
    let mut puzzle = Puzzle::new(geometry, givens);
    let meta = Meta {
        title: text(top, "title")?,
        author: text(top, "author")?,
        ruleset: text(top, "ruleset")?,
        solution: read_solution(top, n)?,
        ..Meta::default()
    };
    puzzle.set_meta(meta);
    // Every rule file reads its own keys, in registry order.
    let reader = FRead::new(top, n);
    let mut rules = Vec::new();
    for e in REGISTRY {
        rules.extend(e.from_fpuzzles(&reader)?);
    }
    let puzzle = puzzle.with_rules(rules);
    sudoku_ip_model::rules::validate_rules(puzzle.geometry(), puzzle.rules())
        .map_err(|e| err("$", format!("{e} (in the puzzle read from f-puzzles)")))?;
    Ok(puzzle)
}

/// The geometry and the givens; a cell's `givenPencilMarks` and `parity` are the candidates
/// and odd-even rules', which read them themselves.
type GridRead = (Geometry, Grid);

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
    Ok((geometry, givens))
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

// ---------------------------------------------------------------------------------------------
// Writing.

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
    // Every rule file writes its own keys (the grid first: the candidates rule writes into it).
    let mut writer = FWrite::new(&mut m, n, puzzle.rules());
    for rule in puzzle.rules() {
        rule.to_fpuzzles(&mut writer)?;
    }
    writer.finish();
    Ok(Value::Object(m))
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

//! The JSON puzzle format, the canonical form of a [`Puzzle`] (its serde goes through here):
//! size, boxes or jigsaw regions, givens and variant rules, cells written `r1c1`. Every error
//! names the JSON path of what is wrong (`$.rules[2].cells[0]`). This module reads and writes
//! decoded JSON values ([`parse_value`], [`to_json`]); reading JSON *text* — one puzzle, JSON
//! Lines batches, envelopes, f-puzzles objects — is the formats crate's (`sudoku_ip_formats::json`).
//!
//! ```json
//! {
//!   "size": 9,
//!   "box": "3x3",
//!   "givens": ["9..1.5..8", ".........", "....4....", "..5...8..", ".........",
//!              "69.....34", ".........", "47..5..23", ".627.148."],
//!   "rules": [
//!     {"type": "diagonal"},
//!     {"type": "killer", "cages": [{"sum": 3, "cells": ["r1c1", "r1c2"]}]},
//!     {"type": "thermometer", "thermometers": [["r4c4", "r4c5", "r5c6"]]}
//!   ]
//! }
//! ```
//!
//! Top-level keys (all optional but one way to know the size):
//! - `size`: the side `n`; otherwise inferred from `givens`, `regions` or `killer_layout`.
//! - `box`: `"RxC"` or `[R, C]`; default the inferred shape (3x3, 2x3, …); `"none"` for no
//!   boxes (a Latin square: rows, columns and the rules only). Not with `regions`.
//! - `regions`: jigsaw regions replacing the boxes — a grid of region labels (`n` strings of `n`
//!   characters, or `n` arrays of `n` integers), or a list of `n` regions of `n` cells each.
//! - `givens`: one string of `n²` characters, `n` row strings, `n` arrays of `n` integers (0 =
//!   empty), or an object `{"r1c3": 5, …}`. In strings `.` `0` `*` `_` `-` are empty, `A`.. is 10..;
//!   spaces and `|` are ignored.
//! - `rules`: a list of rules, at most one of each `type`:
//!   `windows`, `diagonal`, `anti-knight`, `anti-king`, `non-consecutive` (no data);
//!   `killer` (`cages`: `[{"cells": [..], "sum": 15}]`, sum optional; `distinct`, default true);
//!   `odd-even` (`odd`, `even`: cell lists); `thermometer` (`thermometers`: cell lists, bulb
//!   first); `arrow` (`arrows`: `[{"circle": "r1c1", "cells": [..]}]`); `kropki` (`white`,
//!   `black`: lists of cell pairs; `all_given`); `xv` (`x`, `v`: pairs; `all_given`);
//!   `extra-regions` (`regions`: cell lists).
//! - `killer_layout`: seed 004's cages as a grid of cage ids plus sums,
//!   `{"grid": [[1,1,2,..],..], "sums": {"1": 3, "2": 15, ..}}`; id 0 is "no cage"; an id with no
//!   sum is a cage without a total. Becomes a `killer` rule (so not together with one).
//! - `title`, `author`, `source`, `notes`, `solution`: kept for people, ignored by the parser.
//!
//! [`to_json`] writes the canonical form (`size`, `box` or `regions`, row strings of givens,
//! `rules`), which [`parse_value`] reads back to an equal puzzle.

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use crate::error::ParseError;
use crate::geometry::{is_empty_mark, symbol, symbol_value, BoxShape, Cell, Geometry, Layout, MAX_SIDE};
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::rules::{self, Cage, Fields, Killer, Rule, RuleError};

type Res<T> = Result<T, ParseError>;

use crate::json_read::{array, boolean, cell, cell_lists, err, key_path, kind, known_keys, object, uint};

const TOP_KEYS: &[&str] = &[
    "size",
    "box",
    "regions",
    "givens",
    "rules",
    "killer_layout",
    "title",
    "author",
    "ruleset",
    "source",
    "notes",
    "solution",
];

/// A rule error whose path starts at the top level (`rules[2]...`).
fn rule_error(e: RuleError) -> ParseError {
    err(&format!("$.{}", e.path), e.message)
}

/// Parse an already decoded JSON value in the puzzle format.
pub fn parse_value(value: &Value) -> Result<Puzzle, ParseError> {
    let top = object(value, "$", "a puzzle")?;
    known_keys(top, "$", TOP_KEYS)?;
    let n = infer_size(top)?;
    let geometry = parse_geometry(top, n)?;
    let givens = match top.get("givens") {
        Some(g) => parse_givens(g, "$.givens", n)?,
        None => Grid::empty(n),
    };
    let mut rules_list = Vec::new();
    if let Some(list) = top.get("rules") {
        for (i, r) in array(list, "$.rules", "a list of rules")?.iter().enumerate() {
            rules_list.push(parse_rule(r, &format!("$.rules[{i}]"), n)?);
        }
    }
    rules::validate_rules(&geometry, &rules_list).map_err(rule_error)?;
    if let Some(layout) = top.get("killer_layout") {
        if let Some(j) = rules_list.iter().position(|r| r.name() == "killer") {
            return Err(err(
                "$.killer_layout",
                format!("a killer rule is also given at $.rules[{j}]; use one of them"),
            ));
        }
        rules_list.push(parse_killer_layout(layout, Some(n), "$.killer_layout")?);
    }
    let mut puzzle = Puzzle::new(geometry, givens).with_rules(rules_list);
    let text = |key: &str| top.get(key).and_then(Value::as_str).map(str::to_string);
    puzzle.set_meta(crate::puzzle::Meta {
        title: text("title"),
        author: text("author"),
        ruleset: text("ruleset"),
        source: text("source"),
        notes: text("notes"),
        solution: None,
    });
    Ok(puzzle)
}

fn infer_size(top: &Map<String, Value>) -> Res<usize> {
    let n = if let Some(v) = top.get("size") {
        uint(v, "$.size", "the side of the grid")? as usize
    } else if let Some(g) = top.get("givens") {
        match g {
            Value::String(s) => {
                let len = s.chars().filter(|c| !c.is_whitespace() && *c != '|').count();
                let n = (1..=MAX_SIDE).find(|k| k * k == len);
                n.ok_or_else(|| {
                    err("$.givens", format!("{len} characters is not a square number of cells; add \"size\""))
                })?
            }
            Value::Array(rows) => rows.len(),
            _ => return Err(err("$.size", "no \"size\", and \"givens\" as an object does not tell it")),
        }
    } else if let Some(Value::Array(r)) = top.get("regions") {
        r.len()
    } else if let Some(grid) = top.get("killer_layout").and_then(|k| k.get("grid")).and_then(Value::as_array) {
        grid.len()
    } else {
        return Err(err(
            "$",
            "no \"size\" and nothing to infer it from (\"givens\", \"regions\" or \"killer_layout\")",
        ));
    };
    if !(1..=MAX_SIDE).contains(&n) {
        return Err(err("$.size", format!("a side of {n} is not supported (1 to {MAX_SIDE})")));
    }
    Ok(n)
}

fn parse_geometry(top: &Map<String, Value>, n: usize) -> Res<Geometry> {
    match (top.get("box"), top.get("regions")) {
        (Some(_), Some(_)) => Err(err("$.regions", "give either \"box\" or \"regions\", not both")),
        (None, Some(r)) => {
            let regions = parse_regions(r, "$.regions", n)?;
            Geometry::with_regions(n, regions).map_err(|e| err("$.regions", e.to_string()))
        }
        (b, None) => {
            let shape = b.map(|b| parse_box(b, n)).transpose()?;
            Geometry::with_boxes(n, shape).map_err(|e| err(if b.is_some() { "$.box" } else { "$.size" }, e.to_string()))
        }
    }
}

fn parse_box(v: &Value, n: usize) -> Res<BoxShape> {
    let path = "$.box";
    let bad =
        || err(path, format!("expected a box shape like \"3x3\" or [3, 3] for a {n}x{n} grid, or \"none\", found {v}"));
    match v {
        Value::String(s) if s.trim().eq_ignore_ascii_case("none") => Ok(BoxShape::Latin),
        Value::String(s) => {
            let (r, c) = s
                .to_ascii_lowercase()
                .split_once('x')
                .map(|(r, c)| (r.trim().to_string(), c.trim().to_string()))
                .ok_or_else(bad)?;
            Ok((r.parse().map_err(|_| bad())?, c.parse::<usize>().map_err(|_| bad())?).into())
        }
        Value::Array(a) if a.len() == 2 => {
            Ok((uint(&a[0], "$.box[0]", "box rows")? as usize, uint(&a[1], "$.box[1]", "box columns")? as usize).into())
        }
        _ => Err(bad()),
    }
}

/// Regions from a label grid (strings or integer rows) or from cell lists, as row-major cell
/// indices; label grids number regions by first appearance, row-major.
fn parse_regions(v: &Value, path: &str, n: usize) -> Res<Vec<Vec<usize>>> {
    let rows = array(v, path, "regions")?;
    if rows.len() != n {
        return Err(err(path, format!("expected {n} rows of region labels or {n} regions, found {}", rows.len())));
    }
    let is_cell_list = rows.first().and_then(Value::as_array).and_then(|r| r.first()).is_some_and(Value::is_string);
    if is_cell_list {
        return Ok(cell_lists(v, path, n)?.into_iter().map(|r| r.into_iter().map(|c| c.index(n)).collect()).collect());
    }
    let mut labels: Vec<String> = Vec::with_capacity(n * n);
    for (i, row) in rows.iter().enumerate() {
        let at = format!("{path}[{i}]");
        let row_labels: Vec<String> = match row {
            Value::String(s) => s.chars().filter(|c| !c.is_whitespace() && *c != '|').map(String::from).collect(),
            Value::Array(a) => a
                .iter()
                .enumerate()
                .map(|(j, x)| uint(x, &format!("{at}[{j}]"), "a region label").map(|k| k.to_string()))
                .collect::<Res<_>>()?,
            other => return Err(err(&at, format!("expected a row of region labels, found {}", kind(other)))),
        };
        if row_labels.len() != n {
            return Err(err(&at, format!("row {} has {} region labels, expected {n}", i + 1, row_labels.len())));
        }
        labels.extend(row_labels);
    }
    let mut order: Vec<&String> = Vec::new();
    let mut regions: Vec<Vec<usize>> = Vec::new();
    for (k, label) in labels.iter().enumerate() {
        let i = match order.iter().position(|l| *l == label) {
            Some(i) => i,
            None => {
                order.push(label);
                regions.push(Vec::new());
                order.len() - 1
            }
        };
        regions[i].push(k);
    }
    if regions.len() != n {
        return Err(err(path, format!("found {} different region labels, expected {n}", regions.len())));
    }
    if let Some(i) = regions.iter().position(|r| r.len() != n) {
        return Err(err(path, format!("region {:?} has {} cells, expected {n}", order[i], regions[i].len())));
    }
    Ok(regions)
}

fn value_of_char(ch: char, n: usize) -> Option<u8> {
    match ch {
        _ if is_empty_mark(ch) => Some(0),
        _ => symbol_value(ch).filter(|&v| v <= n).map(|v| v as u8),
    }
}

fn parse_givens(v: &Value, path: &str, n: usize) -> Res<Grid> {
    let mut values = vec![0u8; n * n];
    let row_of_chars = |s: &str, at: &str, expect: usize| -> Res<Vec<u8>> {
        let chars: Vec<char> = s.chars().filter(|c| !c.is_whitespace() && *c != '|').collect();
        if chars.len() != expect {
            return Err(err(at, format!("found {} entries, expected {expect}", chars.len())));
        }
        chars
            .iter()
            .enumerate()
            .map(|(k, &ch)| {
                value_of_char(ch, n).ok_or_else(|| {
                    err(at, format!("entry {} is {ch:?}, expected a digit 1..{n} (A.. for 10..) or '.'", k + 1))
                })
            })
            .collect()
    };
    match v {
        Value::String(s) => values = row_of_chars(s, path, n * n)?,
        Value::Array(rows) => {
            if rows.len() != n {
                return Err(err(path, format!("found {} rows, expected {n}", rows.len())));
            }
            for (r, row) in rows.iter().enumerate() {
                let at = format!("{path}[{r}]");
                let line = match row {
                    Value::String(s) => row_of_chars(s, &at, n)?,
                    Value::Array(a) => {
                        if a.len() != n {
                            return Err(err(&at, format!("found {} entries, expected {n}", a.len())));
                        }
                        a.iter()
                            .enumerate()
                            .map(|(c, x)| {
                                let at = format!("{at}[{c}]");
                                let d = uint(x, &at, "a digit or 0")?;
                                if d as usize > n {
                                    return Err(err(&at, format!("{d} is not a digit of 1..{n} (0 is empty)")));
                                }
                                Ok(d as u8)
                            })
                            .collect::<Res<_>>()?
                    }
                    other => return Err(err(&at, format!("expected a row (string or array), found {}", kind(other)))),
                };
                values[r * n..(r + 1) * n].copy_from_slice(&line);
            }
        }
        Value::Object(map) => {
            for (k, x) in map {
                let at = key_path(path, k);
                let c = cell(&Value::String(k.clone()), &at, n)?;
                let d = uint(x, &at, "a digit")?;
                if !(1..=n as u64).contains(&d) {
                    return Err(err(&at, format!("{d} is not a digit of 1..{n}")));
                }
                values[c.index(n)] = d as u8;
            }
        }
        other => {
            return Err(err(path, format!("expected givens as a string, rows or an object, found {}", kind(other))))
        }
    }
    Grid::from_values(n, values).ok_or_else(|| err(path, "givens out of range"))
}

/// One rule: its `type` looked up in the rule registry (names and aliases), then its fields
/// read by the rule's own file; keys it does not read are refused.
fn parse_rule(v: &Value, path: &str, n: usize) -> Res<Rule> {
    let names = || rules::rule_names().join(", ");
    let obj = object(v, path, "a rule")?;
    let t = obj.get("type").ok_or_else(|| err(path, format!("a rule needs a \"type\" ({})", names())))?;
    let t = t.as_str().ok_or_else(|| err(&format!("{path}.type"), format!("expected a rule name, found {t}")))?;
    let entry = rules::entry(t)
        .ok_or_else(|| err(&key_path(path, "type"), format!("unknown rule {t:?} (expected one of: {})", names())))?;
    let mut fields = Fields::new(obj, path, n, &format!("a {t} rule"));
    fields.allow("type");
    let rule = entry.read(&mut fields)?;
    fields.finish()?;
    Ok(rule)
}

/// Seed 004's Killer layout — a grid of cage ids and a map of sums — as a `killer` rule.
///
/// `layout` is `{"grid": [[1, 1, 2, ...], ...], "sums": {"1": 3, ...}, "distinct": true}`:
/// `n` rows of `n` integer cage ids (0 = no cage), sums keyed by id (an id without a sum is a
/// cage without a total), `distinct` optional (default true, the standard rule; seed 004's own
/// model only constrains sums). Cages are numbered by increasing id, cells row-major. `n` is
/// the grid's side when known (it must match); `path` prefixes error paths.
pub fn parse_killer_layout(layout: &Value, n: Option<usize>, path: &str) -> Result<Rule, ParseError> {
    let obj = object(layout, path, "a killer layout {\"grid\": [[...]], \"sums\": {...}}")?;
    known_keys(obj, path, &["grid", "sums", "distinct"])?;
    let grid_path = key_path(path, "grid");
    let rows = array(
        obj.get("grid").ok_or_else(|| err(path, "a killer layout needs a \"grid\" of cage ids"))?,
        &grid_path,
        "rows of cage ids",
    )?;
    let side = n.unwrap_or(rows.len());
    if rows.len() != side {
        return Err(err(&grid_path, format!("found {} rows, expected {side}", rows.len())));
    }
    let mut by_id: BTreeMap<u64, Vec<Cell>> = BTreeMap::new();
    for (r, row) in rows.iter().enumerate() {
        let at = format!("{grid_path}[{r}]");
        let ids = array(row, &at, "a row of cage ids")?;
        if ids.len() != side {
            return Err(err(&at, format!("found {} cage ids, expected {side}", ids.len())));
        }
        for (c, id) in ids.iter().enumerate() {
            let id = uint(id, &format!("{at}[{c}]"), "a cage id (0 = no cage)")?;
            if id != 0 {
                by_id.entry(id).or_default().push(Cell::new(r, c));
            }
        }
    }
    let sums_path = key_path(path, "sums");
    let mut sums: BTreeMap<u64, u32> = BTreeMap::new();
    if let Some(s) = obj.get("sums") {
        for (k, v) in object(s, &sums_path, "cage sums keyed by id")? {
            let at = key_path(&sums_path, k);
            let id: u64 = k.trim().parse().map_err(|_| err(&at, format!("expected a cage id as key, found {k:?}")))?;
            if !by_id.contains_key(&id) {
                return Err(err(&at, format!("no cage {id} in the grid")));
            }
            let sum = uint(v, &at, "the cage total")?;
            sums.insert(id, u32::try_from(sum).map_err(|_| err(&at, "sum too large"))?);
        }
    }
    let distinct = obj.get("distinct").map_or(Ok(LAYOUT_DISTINCT), |d| boolean(d, &key_path(path, "distinct")))?;
    killer_from_layout(by_id, &sums, distinct, side).map_err(|e| match e.id {
        // The rule's paths (`cages[i].sum`) become the layout's (`sums["id"]`).
        Some(id) if e.on_sum => err(&key_path(&sums_path, &id.to_string()), e.message),
        Some(_) => err(&grid_path, e.message),
        None => err(path, e.message),
    })
}

/// The `distinct` of a Killer layout that does not say — the JSON `killer_layout` and seed
/// 004's Python text alike: the standard rule (digits do not repeat in a cage). Seed 004's own
/// model only constrains the sums; its puzzle has the same unique solution either way.
pub const LAYOUT_DISTINCT: bool = true;

/// A layout's cage the killer rule rejects, for the caller to place in its input.
#[derive(Debug)]
pub struct CageError {
    /// The cage's id; `None` when the whole layout is wrong (e.g. its side).
    pub id: Option<u64>,
    /// Whether the cage's sum is to blame (rather than its cells).
    pub on_sum: bool,
    /// What is wrong, naming the cage.
    pub message: String,
}

/// The killer rule of a layout: the cells of each cage id (row-major), and the sums by id (an
/// id without a sum is a cage without a total), checked for a `side`×`side` grid. Cages are
/// numbered by increasing id. Shared by the JSON `killer_layout` and seed 004's Python text.
pub fn killer_from_layout(
    by_id: BTreeMap<u64, Vec<Cell>>,
    sums: &BTreeMap<u64, u32>,
    distinct: bool,
    side: usize,
) -> Result<Rule, CageError> {
    let whole = |message: String| CageError { id: None, on_sum: false, message };
    let ids: Vec<u64> = by_id.keys().copied().collect();
    let cages: Vec<Cage> = by_id.into_iter().map(|(id, cells)| Cage { cells, sum: sums.get(&id).copied() }).collect();
    let rule = Rule::from(Killer { cages, distinct });
    let geometry = Geometry::new(side, Some((1, side))).map_err(|e| whole(e.to_string()))?;
    rule.validate(&geometry).map_err(|e| {
        let i: Option<usize> =
            e.path.strip_prefix("cages[").and_then(|s| s.split(']').next()).and_then(|s| s.parse().ok());
        match i.map(|i| ids[i]) {
            Some(id) => CageError {
                id: Some(id),
                on_sum: e.path.ends_with(".sum"),
                message: format!("cage {id}: {}", e.message),
            },
            None => whole(e.message),
        }
    })?;
    Ok(rule)
}

// ---------------------------------------------------------------------------------------------
// Writing.

/// The puzzle in the JSON format: `size`, `box` or `regions`, `givens` (row strings up to
/// 35×35, integer rows beyond), `rules`. [`parse_value`] reads it back to an equal puzzle.
pub fn to_json(puzzle: &Puzzle) -> Value {
    let g = puzzle.geometry();
    let n = g.n();
    let mut m = Map::new();
    m.insert("size".into(), json!(n));
    match g.layout() {
        Layout::Boxes { rows, cols } => {
            m.insert("box".into(), json!(format!("{rows}x{cols}")));
        }
        Layout::Regions(regions) => {
            m.insert("regions".into(), regions_value(regions, n));
        }
        Layout::Latin => {
            m.insert("box".into(), json!("none"));
        }
    }
    let givens = puzzle.givens();
    let rows: Vec<Value> = (0..n)
        .map(|r| {
            let row = &givens.values()[r * n..(r + 1) * n];
            if givens.has_char_form() {
                json!(row
                    .iter()
                    .map(|&v| if v == 0 { '.' } else { symbol(v as usize).unwrap_or('?') })
                    .collect::<String>())
            } else {
                json!(row)
            }
        })
        .collect();
    m.insert("givens".into(), Value::Array(rows));
    m.insert("rules".into(), Value::Array(puzzle.rules().iter().map(Rule::to_json).collect()));
    let meta = puzzle.meta();
    for (key, value) in [
        ("title", &meta.title),
        ("author", &meta.author),
        ("ruleset", &meta.ruleset),
        ("source", &meta.source),
        ("notes", &meta.notes),
    ] {
        if let Some(v) = value {
            m.insert(key.into(), json!(v));
        }
    }
    Value::Object(m)
}

/// A label grid when it reads back to the same regions (numbered by first appearance, cells
/// row-major), otherwise the exact cell lists.
fn regions_value(regions: &[Vec<usize>], n: usize) -> Value {
    let mut owner = vec![0usize; n * n];
    for (i, r) in regions.iter().enumerate() {
        for &k in r {
            owner[k] = i;
        }
    }
    let canonical = {
        let mut seen = Vec::new();
        for &o in &owner {
            if !seen.contains(&o) {
                seen.push(o);
            }
        }
        seen.iter().enumerate().all(|(i, &o)| o == i) && regions.iter().all(|r| r.windows(2).all(|w| w[0] < w[1]))
    };
    if canonical {
        Value::Array(
            (0..n).map(|r| json!(owner[r * n..(r + 1) * n].iter().map(|o| o + 1).collect::<Vec<_>>())).collect(),
        )
    } else {
        Value::Array(
            regions
                .iter()
                .map(|r| rules::fields::cells_json(&r.iter().map(|&k| Cell::from_index(k, n)).collect::<Vec<_>>()))
                .collect(),
        )
    }
}

/// [`to_json`] as text for people: two-space indent, and any array or object that fits in
/// about 100 columns on one line.
pub fn to_json_pretty(puzzle: &Puzzle) -> String {
    let mut out = String::new();
    pretty(&to_json(puzzle), 0, &mut out);
    out.push('\n');
    out
}

/// One-line JSON with a space after `,` and `:`, as people write it.
fn flat(v: &Value) -> String {
    match v {
        Value::Array(a) => format!("[{}]", a.iter().map(flat).collect::<Vec<_>>().join(", ")),
        Value::Object(o) => {
            let items: Vec<String> =
                o.iter().map(|(k, x)| format!("{}: {}", Value::String(k.clone()), flat(x))).collect();
            format!("{{{}}}", items.join(", "))
        }
        scalar => scalar.to_string(),
    }
}

fn pretty(v: &Value, indent: usize, out: &mut String) {
    let flat = flat(v);
    let (open, close, items): (char, char, Vec<(Option<&String>, &Value)>) = match v {
        Value::Array(a) => ('[', ']', a.iter().map(|x| (None, x)).collect()),
        Value::Object(o) => ('{', '}', o.iter().map(|(k, x)| (Some(k), x)).collect()),
        _ => {
            out.push_str(&flat);
            return;
        }
    };
    if indent + flat.len() <= 100 || items.is_empty() {
        out.push_str(&flat);
        return;
    }
    out.push(open);
    for (i, (k, x)) in items.iter().enumerate() {
        out.push('\n');
        out.push_str(&" ".repeat(indent + 2));
        if let Some(k) = k {
            out.push_str(&Value::String((*k).clone()).to_string());
            out.push_str(": ");
        }
        pretty(x, indent + 2, out);
        if i + 1 < items.len() {
            out.push(',');
        }
    }
    out.push('\n');
    out.push_str(&" ".repeat(indent));
    out.push(close);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// JSON text to a puzzle through [`parse_value`] (reading text — batches, envelopes, a
    /// byte-order mark — is the formats crate's).
    fn parse_json(text: &str) -> Result<Puzzle, ParseError> {
        let value: Value = serde_json::from_str(text).map_err(|e| err("$", format!("not valid JSON: {e}")))?;
        parse_value(&value)
    }

    fn path_of(e: ParseError) -> (String, String) {
        match e {
            ParseError::Json { path, message } => (path, message),
            other => panic!("not a JSON error: {other}"),
        }
    }

    fn fails(text: &str) -> (String, String) {
        path_of(parse_json(text).expect_err("must fail"))
    }

    #[test]
    fn a_plain_puzzle_round_trips() {
        let p = parse_json(
            r#"{"givens": "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."}"#,
        )
        .expect("parses");
        assert_eq!(p.n(), 9);
        assert_eq!(p.givens().filled(), 23);
        assert_eq!(parse_value(&to_json(&p)).expect("round trip"), p);
        assert_eq!(parse_json(&to_json_pretty(&p)).expect("pretty round trip"), p);
    }

    #[test]
    fn givens_in_every_shape_agree() {
        let a = parse_json(r#"{"size": 4, "givens": "1... .2.. ..3. ...4"}"#).expect("string");
        let b = parse_json(r#"{"givens": ["1...", ".2..", "..3.", "...4"]}"#).expect("rows");
        let c = parse_json(r#"{"givens": [[1,0,0,0],[0,2,0,0],[0,0,3,0],[0,0,0,4]]}"#).expect("ints");
        let d = parse_json(r#"{"size": 4, "givens": {"r1c1": 1, "r2c2": 2, "r3c3": 3, "r4c4": 4}}"#).expect("object");
        assert_eq!(a, b);
        assert_eq!(b, c);
        assert_eq!(c, d);
    }

    #[test]
    fn errors_name_the_path() {
        assert_eq!(fails(r#"{"size": 9, "givens": {"r10c1": 5}}"#).0, "$.givens.r10c1");
        assert_eq!(
            fails(r#"{"size": 9, "rules": [{"type": "killer", "cages": [{"sum": 3, "cells": ["r1c1", "r10c1"]}]}]}"#),
            ("$.rules[0].cages[0].cells[1]".into(), "r10c1 is outside the 9x9 grid (r1c1 to r9c9)".into())
        );
        let (path, msg) = fails(
            r#"{"size": 9, "rules": [{"type": "diagonal"}, {"type": "killer", "cages": [
                {"sum": 3, "cells": ["r1c1", "r1c2"]}, {"sum": 4, "cells": ["r2c1", "r1c2"]}]}]}"#,
        );
        assert_eq!(path, "$.rules[1].cages[1].cells[1]");
        assert!(msg.contains("already in cage 1"), "{msg}");
        let (path, msg) =
            fails(r#"{"size": 9, "rules": [{"type": "killer", "cages": [{"sum": 2, "cells": ["r1c1", "r1c2"]}]}]}"#);
        assert_eq!(
            (path.as_str(), msg.as_str()),
            ("$.rules[0].cages[0].sum", "a cage of 2 cells with distinct digits of 1..9 sums to 3..17, not 2")
        );
        let (path, msg) = fails(
            r#"{"size": 9, "rules": [{"type": "thermometer", "thermometers": [["r1c1", "r1c2"], ["r5c5", "r5c6", "r7c6"]]}]}"#,
        );
        assert_eq!(path, "$.rules[0].thermometers[1][2]");
        assert!(msg.contains("connected path"), "{msg}");
        assert_eq!(
            fails(r#"{"size": 9, "rules": [{"type": "kropki", "white": [["r1c1", "r2c2"]]}]}"#).0,
            "$.rules[0].white[0]"
        );
        assert_eq!(
            fails(r#"{"size": 9, "rules": [{"type": "xv", "x": [["r1c1", "r1c2", "r1c3"]]}]}"#).0,
            "$.rules[0].x[0]"
        );
        assert_eq!(fails(r#"{"size": 9, "rules": [{"type": "chaos-construction"}]}"#).0, "$.rules[0].type");
        assert_eq!(fails(r#"{"size": 9, "rules": [{"type": "killer", "cages": [], "cels": 1}]}"#).0, "$.rules[0].cels");
        assert_eq!(fails(r#"{"size": 9, "rules": [{"type": "diagonal"}, {"type": "diagonal"}]}"#).0, "$.rules[1]");
        assert_eq!(fails(r#"{"size": 6, "rules": [{"type": "windows"}]}"#).0, "$.rules[0]");
        assert_eq!(fails(r#"{"size": 9, "givens": ["........."]}"#).0, "$.givens");
        assert_eq!(fails(r#"{"size": 4, "givens": ["1...", ".5..", "....", "...."]}"#).0, "$.givens[1]");
        assert_eq!(fails(r#"{"size": 9, "box": "2x4"}"#).0, "$.box");
        assert_eq!(fails(r#"{"size": 9, "titel": "x"}"#).0, "$.titel");
        assert_eq!(fails(r#"{"size": 9,"#).0, "$");
        assert_eq!(fails(r#"{}"#).0, "$");
    }

    #[test]
    fn jigsaw_regions_in_three_shapes() {
        let labels = r#"{"regions": ["AABB", "AABB", "CCDD", "CCDD"], "givens": "1..............."}"#;
        let ints = r#"{"regions": [[1,1,2,2],[1,1,2,2],[3,3,4,4],[3,3,4,4]], "givens": "1..............."}"#;
        let a = parse_json(labels).expect("labels");
        let b = parse_json(ints).expect("ints");
        assert_eq!(a, b);
        assert_eq!(a.geometry().regions()[1], vec![2, 3, 6, 7]);
        assert_eq!(parse_value(&to_json(&a)).expect("round trip"), a);
        let cells = r#"{"size": 4, "regions": [["r1c1","r1c2","r2c1","r2c2"],["r1c3","r1c4","r2c3","r2c4"],
            ["r3c1","r3c2","r4c1","r4c2"],["r4c4","r3c3","r3c4","r4c3"]]}"#;
        let c = parse_json(cells).expect("cell lists");
        // Not canonical (last region's cells out of order): written back as cell lists.
        assert!(to_json(&c)["regions"][3][0].is_string());
        assert_eq!(parse_value(&to_json(&c)).expect("round trip"), c);
        let (path, msg) = fails(r#"{"regions": ["AAAA", "ABBB", "CCDB", "CCDD"]}"#);
        assert_eq!(path, "$.regions");
        assert!(msg.contains("region \"A\" has 5 cells, expected 4"), "{msg}");
        assert_eq!(fails(r#"{"size": 4, "regions": ["AABB", "AABB", "CCDD"]}"#).0, "$.regions");
    }

    #[test]
    fn killer_layout_imports_and_errors_point_into_it() {
        let text = r#"{"killer_layout": {"grid": [[1,1,2,2],[1,1,2,2],[3,4,5,6],[3,4,5,6]],
                        "sums": {"1": 10, "2": 10, "3": 5, "4": 5, "5": 5, "6": 5}}}"#;
        let p = parse_json(text).expect("seed 004's 4x4 demo");
        let Rule::Killer(crate::rules::Killer { cages, distinct }) = &p.rules()[0] else { panic!("not a killer rule") };
        assert!(distinct);
        assert_eq!(cages.len(), 6);
        assert_eq!(cages[0].sum, Some(10));
        assert_eq!(cages[2].cells, vec![Cell::new(2, 0), Cell::new(3, 0)]);
        assert_eq!(parse_value(&to_json(&p)).expect("round trip"), p);
        let bad = r#"{"killer_layout": {"grid": [[1,1,2,2],[1,1,2,2],[3,4,5,6],[3,4,5,6]], "sums": {"3": 9}}}"#;
        let (path, msg) = fails(bad);
        assert_eq!(path, "$.killer_layout.sums[\"3\"]");
        assert!(msg.starts_with("cage 3: a cage of 2 cells"), "{msg}");
        let bad = r#"{"killer_layout": {"grid": [[1,1,2,2],[1,1,2,2],[3,4,5,6],[3,4,5,6]], "sums": {"7": 9}}}"#;
        assert_eq!(fails(bad), ("$.killer_layout.sums[\"7\"]".into(), "no cage 7 in the grid".into()));
        let both = r#"{"size": 4, "rules": [{"type": "killer", "cages": []}], "killer_layout": {"grid": [[1,1,2,2],[1,1,2,2],[3,4,5,6],[3,4,5,6]]}}"#;
        assert_eq!(fails(both).0, "$.killer_layout");
    }

    #[test]
    fn every_rule_round_trips() {
        let text = r#"{"size": 9, "givens": ".........", "rules": []}"#;
        assert!(parse_json(text).is_err(), "one row of givens for a 9x9");
        let text = r#"{
          "size": 9,
          "rules": [
            {"type": "windows"}, {"type": "diagonal"}, {"type": "anti_knight"}, {"type": "anti-king"},
            {"type": "non-consecutive"},
            {"type": "killer", "distinct": false, "cages": [{"cells": ["r1c1", "r1c2"], "sum": 10}, {"cells": ["r9c9", "r8c9"]}]},
            {"type": "odd-even", "odd": ["r5c5"], "even": ["r5c6", "r6c6"]},
            {"type": "thermometer", "thermometers": [["r2c2", "r3c3", "r3c4"], ["r2c2", "r2c3"]]},
            {"type": "arrow", "arrows": [{"circle": "r7c1", "cells": ["r8c2", "r9c3"]}]},
            {"type": "kropki", "white": [["r1c5", "r1c6"]], "black": [["r2c5", "r2c6"]], "all_given": true},
            {"type": "xv", "x": [["r4c1", "r5c1"]], "v": [["r4c2", "r4c3"]]},
            {"type": "extra-regions", "regions": [["r1c9", "r2c8", "r3c7"]]}
          ]
        }"#;
        let p = parse_json(text).expect("all rules");
        assert_eq!(p.rules().len(), 12);
        let back = parse_value(&to_json(&p)).expect("round trip");
        assert_eq!(back, p);
        assert_eq!(parse_json(&to_json_pretty(&p)).expect("pretty"), p);
        let pretty = to_json_pretty(&p);
        assert!(pretty.lines().all(|l| l.len() <= 110), "{pretty}");
        assert!(pretty.contains(r#"{"type": "windows"}"#), "{pretty}");
    }
}

//! JSON values read with their path: the typed readers the JSON puzzle format
//! ([`crate::json`]), the rule files ([`crate::rules::Fields`]) and the formats crate's
//! f-puzzles reader share, each error naming the JSON path of what is wrong and what was
//! expected. Here, in the model, so that the rules never import a format (the formats import
//! the rules).

use serde_json::{Map, Value};

use crate::error::ParseError;
use crate::geometry::{Cell, MAX_SIDE};

type Res<T> = Result<T, ParseError>;

/// A JSON error at `path`.
pub fn err(path: &str, message: impl Into<String>) -> ParseError {
    ParseError::Json { path: path.to_string(), message: message.into() }
}

/// `base.key`, or `base["key"]` when the key is not a plain identifier.
pub fn key_path(base: &str, key: &str) -> String {
    let plain = key.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if plain {
        format!("{base}.{key}")
    } else {
        format!("{base}[{}]", Value::String(key.to_string()))
    }
}

/// What a value is, for messages: `null`, `a number`, `an array`, …
pub fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The value as an array, or an error naming `path` and `what` was expected.
pub fn array<'v>(v: &'v Value, path: &str, what: &str) -> Res<&'v Vec<Value>> {
    v.as_array().ok_or_else(|| err(path, format!("expected {what} (an array), found {}", kind(v))))
}

/// The value as an object, or an error naming `path` and `what` was expected.
pub fn object<'v>(v: &'v Value, path: &str, what: &str) -> Res<&'v Map<String, Value>> {
    v.as_object().ok_or_else(|| err(path, format!("expected {what} (an object), found {}", kind(v))))
}

/// The value as a non-negative integer, or an error naming `path` and `what` was expected.
pub fn uint(v: &Value, path: &str, what: &str) -> Res<u64> {
    v.as_u64().ok_or_else(|| err(path, format!("expected {what} (a whole number >= 0), found {v}")))
}

/// The value as a boolean, or an error naming `path`.
pub fn boolean(v: &Value, path: &str) -> Res<bool> {
    v.as_bool().ok_or_else(|| err(path, format!("expected true or false, found {v}")))
}

/// Refuse keys outside `allowed`, so a typo (`"cels"`) is not silently ignored.
pub fn known_keys(obj: &Map<String, Value>, path: &str, allowed: &[&str]) -> Res<()> {
    match obj.keys().find(|k| !allowed.contains(&k.as_str())) {
        Some(k) => Err(err(&key_path(path, k), format!("unknown key {k:?} (expected one of: {})", allowed.join(", ")))),
        None => Ok(()),
    }
}

/// A cell written `r1c1`, inside an `n`×`n` grid.
pub fn cell(v: &Value, path: &str, n: usize) -> Res<Cell> {
    let text = v.as_str().ok_or_else(|| err(path, format!("expected a cell like \"r1c1\", found {v}")))?;
    match Cell::parse(text, MAX_SIDE) {
        Some(c) if (c.row as usize) < n && (c.col as usize) < n => Ok(c),
        Some(c) => Err(err(path, format!("{c} is outside the {n}x{n} grid (r1c1 to r{n}c{n})"))),
        None => Err(err(path, format!("expected a cell like \"r1c1\" (row, column from 1), found {text:?}"))),
    }
}

/// A list of cells written `r1c1`, inside an `n`×`n` grid.
pub fn cells(v: &Value, path: &str, n: usize) -> Res<Vec<Cell>> {
    array(v, path, "a list of cells")?.iter().enumerate().map(|(i, c)| cell(c, &format!("{path}[{i}]"), n)).collect()
}

/// A list of cell lists (lines, cages, regions), inside an `n`×`n` grid.
pub fn cell_lists(v: &Value, path: &str, n: usize) -> Res<Vec<Vec<Cell>>> {
    array(v, path, "a list of cell lists")?
        .iter()
        .enumerate()
        .map(|(i, c)| cells(c, &format!("{path}[{i}]"), n))
        .collect()
}

/// A list of cell pairs (dots, X and V), inside an `n`×`n` grid.
pub fn pairs(v: &Value, path: &str, n: usize) -> Res<Vec<(Cell, Cell)>> {
    let list = array(v, path, "a list of cell pairs")?;
    let mut out = Vec::with_capacity(list.len());
    for (i, p) in list.iter().enumerate() {
        let at = format!("{path}[{i}]");
        let two = cells(p, &at, n)?;
        match two[..] {
            [a, b] => out.push((a, b)),
            _ => {
                return Err(err(
                    &at,
                    format!("expected a pair of cells [\"r1c1\", \"r1c2\"], found {} cells", two.len()),
                ))
            }
        }
    }
    Ok(out)
}

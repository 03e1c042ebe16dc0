//! A rule's f-puzzles / SudokuPad form, as its file reads and writes it through
//! [`RuleKind::from_fpuzzles`](super::RuleKind::from_fpuzzles) and
//! [`RuleKind::to_fpuzzles`](super::RuleKind::to_fpuzzles): [`FRead`] hands a rule the
//! decoded f-puzzles object with typed getters that name the JSON path of what is wrong
//! (`$.killercage[2].cells[0]`), [`FWrite`] the object being written. The link format itself
//! (lz-string payloads, the grid, regions, givens) is `formats::fpuzzles`', which calls these
//! hooks in registry order and has no code of its own for any rule.
//!
//! f-puzzles keeps some rules under one key (`difference` holds kropki's white dots and the
//! valued dots of `kropki-values`; `arrow` holds arrows and pill arrows): each rule reads the
//! entries that are its own and leaves the others.

use serde_json::{json, Map, Value};

use crate::error::ParseError;
use crate::geometry::{Cell, MAX_SIDE};
use crate::json_read::{array, err, key_path, object};

type Res<T> = Result<T, ParseError>;

/// A puzzle f-puzzles cannot carry.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot write this puzzle for f-puzzles / SudokuPad: {0}")]
pub struct FPuzzlesWriteError(pub String);

impl FPuzzlesWriteError {
    /// The error of a rule that f-puzzles cannot say.
    pub fn no_form(rule: &str) -> FPuzzlesWriteError {
        FPuzzlesWriteError(format!("the {rule} rule has no f-puzzles form"))
    }
}

/// An entry of a constraint list: its JSON path (`$.killercage[2]`) and its object.
pub type FEntry<'v> = (String, &'v Map<String, Value>);

/// The decoded f-puzzles object, as a rule file reads it.
pub struct FRead<'v> {
    top: &'v Map<String, Value>,
    n: usize,
}

impl<'v> FRead<'v> {
    /// The reader of `top`, the f-puzzles object of a side-`n` puzzle.
    pub fn new(top: &'v Map<String, Value>, n: usize) -> FRead<'v> {
        FRead { top, n }
    }

    /// The side of the grid.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The top-level value under `key`.
    pub fn get(&self, key: &str) -> Option<&'v Value> {
        self.top.get(key)
    }

    /// A true/false key (`"antiknight": true`); absent or null is false.
    pub fn flag(&self, key: &str) -> Res<bool> {
        match self.top.get(key) {
            None | Some(Value::Null) => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(v) => Err(err(&key_path("$", key), format!("expected true or false, found {v}"))),
        }
    }

    /// The entries of a constraint list, each an object, with their paths; none when absent.
    pub fn entries(&self, key: &str) -> Res<Vec<FEntry<'v>>> {
        let Some(v) = self.top.get(key).filter(|v| !v.is_null()) else { return Ok(Vec::new()) };
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

    /// The negative constraints listed under `negative` (`"ratio"`, `"xv"`).
    pub fn negative(&self) -> Res<Vec<&'static str>> {
        let Some(v) = self.top.get("negative").filter(|v| !v.is_null()) else { return Ok(Vec::new()) };
        let mut out = Vec::new();
        for (i, item) in array(v, "$.negative", "a list of \"ratio\", \"xv\"")?.iter().enumerate() {
            match item.as_str() {
                Some("ratio") => out.push("ratio"),
                Some("xv") => out.push("xv"),
                _ => {
                    return Err(err(
                        &format!("$.negative[{i}]"),
                        format!(
                            "expected \"ratio\" or \"xv\" (the negative constraints sudoku-ip reads), found {item}"
                        ),
                    ))
                }
            }
        }
        Ok(out)
    }

    /// A cell `"R1C1"` of the grid.
    pub fn cell(&self, v: &Value, path: &str) -> Res<Cell> {
        let n = self.n;
        let text = v.as_str().ok_or_else(|| err(path, format!("expected a cell like \"R1C1\", found {v}")))?;
        match Cell::parse(text, MAX_SIDE) {
            Some(c) if (c.row as usize) < n && (c.col as usize) < n => Ok(c),
            Some(c) => Err(err(path, format!("{c} is outside the {n}x{n} grid"))),
            None => Err(err(path, format!("expected a cell like \"R1C1\" (row, column from 1), found {text:?}"))),
        }
    }

    /// A list of cells.
    pub fn cells(&self, v: &Value, path: &str) -> Res<Vec<Cell>> {
        array(v, path, "a list of cells")?
            .iter()
            .enumerate()
            .map(|(i, c)| self.cell(c, &format!("{path}[{i}]")))
            .collect()
    }

    /// The cells under `key` of an entry (`"cells": ["R1C1", …]`), `shape` saying what they are.
    pub fn cells_of(&self, (path, e): &FEntry<'_>, key: &str, shape: &str) -> Res<Vec<Cell>> {
        self.cells(field(e, path, key, shape)?, &format!("{path}.{key}"))
    }

    /// The one cell under `"cell"` of each entry of `key` (`odd`, `minimum`, …).
    pub fn one_cells(&self, key: &str) -> Res<Vec<Cell>> {
        self.entries(key)?
            .iter()
            .map(|(path, e)| self.cell(field(e, path, "cell", "\"R1C1\"")?, &format!("{path}.cell")))
            .collect()
    }

    /// The two cells of an entry (a dot, an XV mark).
    pub fn pair(&self, entry: &FEntry<'_>) -> Res<(Cell, Cell)> {
        let cells = self.cells_of(entry, "cells", "the two cells")?;
        match cells[..] {
            [a, b] => Ok((a, b)),
            _ => Err(err(&format!("{}.cells", entry.0), format!("expected two cells, found {}", cells.len()))),
        }
    }

    /// The `lines` of an entry: a list of cell lists.
    pub fn lines(&self, (path, e): &FEntry<'_>) -> Res<Vec<Vec<Cell>>> {
        let lines = e.get("lines").ok_or_else(|| err(path, "expected \"lines\": [[cells…]]"))?;
        let path = format!("{path}.lines");
        array(lines, &path, "a list of lines")?
            .iter()
            .enumerate()
            .map(|(i, l)| self.cells(l, &format!("{path}[{i}]")))
            .collect()
    }

    /// Every line of every entry of a line rule's key (`renban`, `palindrome`, …).
    pub fn all_lines(&self, key: &str) -> Res<Vec<Vec<Cell>>> {
        let mut out = Vec::new();
        for entry in self.entries(key)? {
            out.extend(self.lines(&entry)?);
        }
        Ok(out)
    }

    /// An entry's `value` as a number that must fit `T` (f-puzzles writes strings: `"15"`; a
    /// larger one is refused naming its path, never wrapped); `None` when absent, null or
    /// blank, which f-puzzles writes for a clue without a number.
    pub fn value<T: TryFrom<u64>>(&self, (path, e): &FEntry<'_>, what: &str) -> Res<Option<T>> {
        match e.get("value") {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
            Some(v) => bounded(v, &format!("{path}.value"), what).map(Some),
        }
    }

    /// An outside clue's place, `"R0C4"` (rows and columns 0 and n+1 are outside), as 0-based
    /// `(row, col)` from −1 to `n`.
    pub fn outside_cell(&self, v: &Value, path: &str) -> Res<(i64, i64)> {
        let n = self.n;
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
}

/// An entry's value under `key`, or an error naming the key and its `shape`.
pub fn field<'e>(entry: &'e Map<String, Value>, path: &str, key: &str, shape: &str) -> Res<&'e Value> {
    entry.get(key).ok_or_else(|| err(path, format!("expected a {key:?} key ({shape})")))
}

/// A [`number`] that must fit `T`: a larger one is refused naming its path, never wrapped (a
/// cage total of 2^32 + 3 read as 3 would be a wrong answer).
pub fn bounded<T: TryFrom<u64>>(v: &Value, path: &str, what: &str) -> Res<T> {
    let x = number(v, path, what)?;
    T::try_from(x).map_err(|_| err(path, format!("expected {what}, found {x}, which is too large")))
}

/// A cell's number (a pencil mark): a whole number or one written as a string; `None` for
/// null or an empty string.
pub fn cell_number(v: &Value, path: &str, what: &str) -> Res<Option<u64>> {
    match v {
        Value::Null => Ok(None),
        Value::String(s) if s.trim().is_empty() => Ok(None),
        v => number(v, path, what).map(Some),
    }
}

/// A string or integer holding a whole number (`"value": "15"` — f-puzzles writes strings).
pub fn number(v: &Value, path: &str, what: &str) -> Res<u64> {
    let parsed = match v {
        Value::String(s) => s.trim().parse::<u64>().ok(),
        Value::Number(x) => x.as_u64(),
        _ => None,
    };
    parsed.ok_or_else(|| err(path, format!("expected {what} (a whole number, e.g. \"15\"), found {v}")))
}

/// The f-puzzles object being written, as a rule file writes its part of it.
pub struct FWrite<'a> {
    m: &'a mut Map<String, Value>,
    n: usize,
    rules: &'a [super::Rule],
    negative: Vec<&'static str>,
}

impl<'a> FWrite<'a> {
    /// A writer into `m`, the object of a side-`n` puzzle that holds `rules`.
    pub fn new(m: &'a mut Map<String, Value>, n: usize, rules: &'a [super::Rule]) -> FWrite<'a> {
        FWrite { m, n, rules, negative: Vec::new() }
    }

    /// The side of the grid.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Every rule of the puzzle (a rule whose form depends on another's reads it here).
    pub fn rules(&self) -> &'a [super::Rule] {
        self.rules
    }

    /// Set a true/false key (`"antiknight": true`).
    pub fn flag(&mut self, key: &str) {
        self.m.insert(key.into(), json!(true));
    }

    /// Append an entry to a constraint list.
    pub fn push(&mut self, key: &str, entry: Value) {
        if let Value::Array(list) = self.m.entry(key).or_insert_with(|| json!([])) {
            list.push(entry);
        }
    }

    /// One `{lines: [line]}` entry a line, under `key`.
    pub fn lines(&mut self, key: &str, lines: &[Vec<Cell>]) {
        for line in lines {
            self.push(key, json!({"lines": [rcs(line)]}));
        }
    }

    /// Add a negative constraint (`"ratio"`, `"xv"`) to the `negative` list.
    pub fn negative(&mut self, what: &'static str) {
        self.negative.push(what);
    }

    /// The grid cell object at `cell` (the grid is written before the rules).
    pub fn cell_mut(&mut self, cell: Cell) -> Option<&mut Map<String, Value>> {
        self.m.get_mut("grid")?.get_mut(cell.row as usize)?.get_mut(cell.col as usize)?.as_object_mut()
    }

    /// Write the `negative` list, once every rule is written.
    pub fn finish(self) {
        if !self.negative.is_empty() {
            self.m.insert("negative".into(), json!(self.negative));
        }
    }
}

/// A cell as f-puzzles writes it, `"R1C1"`.
pub fn rc(c: Cell) -> Value {
    Value::String(format!("R{}C{}", c.row + 1, c.col + 1))
}

/// Cells as f-puzzles writes them.
pub fn rcs(cells: &[Cell]) -> Value {
    Value::Array(cells.iter().map(|&c| rc(c)).collect())
}

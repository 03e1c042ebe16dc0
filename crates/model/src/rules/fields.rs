//! A rule's JSON object as its file reads and writes it: typed getters that name the JSON path
//! of what is wrong (`$.rules[2].cages[0].cells[1]`) and remember which keys were read, so a key
//! no rule reads (`"cels"`) is refused instead of silently ignored.

use serde_json::{Map, Value};

use crate::error::ParseError;
use crate::geometry::Cell;
use crate::json_read::{array, boolean, cell, cell_lists, cells, err, key_path, known_keys, object, pairs, uint};

type Res<T> = Result<T, ParseError>;

/// The fields of one JSON object (a rule, or an item of a rule's list such as a cage), for a
/// side-`n` grid.
pub struct Fields<'v> {
    obj: &'v Map<String, Value>,
    path: String,
    n: usize,
    /// What the object is, for "{what} needs …" messages (`a killer rule`, `a cage`).
    what: String,
    /// Keys allowed so far: the ones read, plus `type` for a rule.
    known: Vec<&'static str>,
}

impl<'v> Fields<'v> {
    /// The fields of `obj` at `path`; `what` names it in messages ("a killer rule", "a cage").
    pub(crate) fn new(obj: &'v Map<String, Value>, path: &str, n: usize, what: &str) -> Fields<'v> {
        Fields { obj, path: path.to_string(), n, what: what.to_string(), known: Vec::new() }
    }

    /// Allow `key` without reading it (`type`).
    pub(crate) fn allow(&mut self, key: &'static str) {
        self.known.push(key);
    }

    /// Side of the grid.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The object's JSON path.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The path of `key` in this object.
    pub fn at(&self, key: &str) -> String {
        key_path(&self.path, key)
    }

    /// An error at `key`'s path.
    pub fn error(&self, key: &str, message: impl Into<String>) -> ParseError {
        err(&self.at(key), message)
    }

    /// The raw value of `key`, if present (and `key` counts as known).
    pub fn get(&mut self, key: &'static str) -> Option<&'v Value> {
        self.known.push(key);
        self.obj.get(key)
    }

    /// The value of `key`, or an error saying that the object needs it (`what`: what it is).
    pub fn required(&mut self, key: &'static str, what: &str) -> Res<&'v Value> {
        let what = if what.is_empty() { String::new() } else { format!(" ({what})") };
        let obj = self.obj;
        let known = &self.known;
        // A key nobody has read yet is likely a typo of the missing one: say so.
        let typo = obj.keys().find(|k| k.as_str() != key && !known.contains(&k.as_str()) && k.as_str() != "type");
        let typo = typo.map_or(String::new(), |k| format!("; found the unknown key {k:?}"));
        self.get(key).ok_or_else(|| err(&self.path, format!("{} needs {key:?}{what}{typo}", self.what)))
    }

    /// A boolean, `default` when absent.
    pub fn flag(&mut self, key: &'static str, default: bool) -> Res<bool> {
        match self.get(key) {
            Some(v) => boolean(v, &self.at(key)),
            None => Ok(default),
        }
    }

    /// A whole number >= 0, if present.
    pub fn uint(&mut self, key: &'static str, what: &str) -> Res<Option<u64>> {
        match self.get(key) {
            Some(v) => uint(v, &self.at(key), what).map(Some),
            None => Ok(None),
        }
    }

    /// One cell (`"r1c1"`), required.
    pub fn cell(&mut self, key: &'static str, what: &str) -> Res<Cell> {
        let v = self.required(key, what)?;
        cell(v, &self.at(key), self.n)
    }

    /// A list of cells, empty when absent.
    pub fn cells(&mut self, key: &'static str) -> Res<Vec<Cell>> {
        match self.get(key) {
            Some(v) => cells(v, &self.at(key), self.n),
            None => Ok(Vec::new()),
        }
    }

    /// A list of cells, required.
    pub fn required_cells(&mut self, key: &'static str, what: &str) -> Res<Vec<Cell>> {
        let v = self.required(key, what)?;
        cells(v, &self.at(key), self.n)
    }

    /// A list of cell lists, required.
    pub fn cell_lists(&mut self, key: &'static str, what: &str) -> Res<Vec<Vec<Cell>>> {
        let v = self.required(key, what)?;
        cell_lists(v, &self.at(key), self.n)
    }

    /// A list of cell pairs (`[["r1c1", "r1c2"], …]`), empty when absent.
    pub fn pairs(&mut self, key: &'static str) -> Res<Vec<(Cell, Cell)>> {
        match self.get(key) {
            Some(v) => pairs(v, &self.at(key), self.n),
            None => Ok(Vec::new()),
        }
    }

    /// A required list of objects, each read by `item` from its own fields (`each` names one in
    /// messages, `shape` shows one: `a cage {"cells": [...], "sum": 15}`); unknown keys of each
    /// are refused.
    pub fn objects<T>(
        &mut self,
        key: &'static str,
        what: &str,
        (each, shape): (&str, &str),
        mut item: impl FnMut(&mut Fields<'v>) -> Res<T>,
    ) -> Res<Vec<T>> {
        let v = self.required(key, what)?;
        let list_path = self.at(key);
        let list = array(v, &list_path, what)?;
        let mut out = Vec::with_capacity(list.len());
        for (i, x) in list.iter().enumerate() {
            let at = format!("{list_path}[{i}]");
            let obj = object(x, &at, &format!("{each} {shape}"))?;
            let mut fields = Fields::new(obj, &at, self.n, each);
            let value = item(&mut fields)?;
            fields.finish()?;
            out.push(value);
        }
        Ok(out)
    }

    /// Refuse the keys nobody read.
    pub(crate) fn finish(self) -> Res<()> {
        known_keys(self.obj, &self.path, &self.known)
    }
}

/// A cell as JSON (`"r1c1"`).
pub fn cell_json(c: Cell) -> Value {
    Value::String(c.to_string())
}

/// A list of cells as JSON.
pub fn cells_json(cells: &[Cell]) -> Value {
    Value::Array(cells.iter().map(|&c| cell_json(c)).collect())
}

/// A list of cell lists as JSON.
pub fn cell_lists_json(lists: &[Vec<Cell>]) -> Value {
    Value::Array(lists.iter().map(|l| cells_json(l)).collect())
}

/// A list of cell pairs as JSON.
pub fn pairs_json(pairs: &[(Cell, Cell)]) -> Value {
    Value::Array(pairs.iter().map(|&(a, b)| cells_json(&[a, b])).collect())
}

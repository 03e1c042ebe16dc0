//! Readers of the LP and MPS files [`export`](sudoku_ip_model::export) writes, written from the
//! format descriptions (not from the writer), so a test can read a file back and compare it
//! with the model. Shared by the export module's unit tests and the fuzz round trip
//! (`tests/fuzzing`); the including module provides `Model` and `MpsFormat`.

use std::collections::{HashMap, HashSet};

use super::{Model, MpsFormat};

/// The objective row's name in every file.
const OBJECTIVE: &str = "obj";

/// A row read back: terms sorted by variable name, sense symbol, right-hand side.
pub type RowBack = (Vec<(String, i64)>, String, i64);

/// A model read back from a file: rows by name, bounds by variable name, and the set of
/// integer variables.
#[derive(Debug, PartialEq)]
pub struct ReadBack {
    pub rows: HashMap<String, RowBack>,
    pub bounds: HashMap<String, (i64, i64)>,
    pub integers: HashSet<String>,
}

/// What reading the model's file back must give, with the file's row and column names.
pub fn expected(model: &Model, names: &[String], cols: &[String]) -> ReadBack {
    let rows = model
        .rows()
        .iter()
        .zip(names)
        .map(|(r, name)| {
            let mut terms: Vec<(String, i64)> =
                r.terms.iter().map(|&(v, a)| (cols[v as usize].clone(), a as i64)).collect();
            terms.sort();
            (name.clone(), (terms, r.sense.symbol().to_string(), r.rhs as i64))
        })
        .collect();
    let bounds = model
        .fixed()
        .iter()
        .enumerate()
        .map(|(v, f)| {
            let b = match f {
                Some(true) => (1, 1),
                Some(false) => (0, 0),
                None => (0, 1),
            };
            (cols[v].clone(), b)
        })
        .collect();
    ReadBack { rows, bounds, integers: cols.iter().cloned().collect() }
}

/// Read an LP file (asserting the layout rules the writer promises).
pub fn read_lp(text: &str) -> ReadBack {
    let mut section = "";
    let mut rows = HashMap::new();
    let mut bounds = HashMap::new();
    let mut integers = HashSet::new();
    let mut binaries = HashSet::new();
    let mut current = String::new();
    let mut statements = Vec::new();
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with('\\') || t.is_empty() {
            continue;
        }
        match t {
            "Minimize" | "Subject To" | "Bounds" | "General" | "Binary" | "End" => {
                if !current.is_empty() {
                    statements.push((section, std::mem::take(&mut current)));
                }
                section = t;
                continue;
            }
            _ => {}
        }
        assert!(line.starts_with(' '), "data lines are indented: {line:?}");
        assert!(line.len() <= 100, "line too long: {} chars", line.len());
        match section {
            "Subject To" | "Minimize" => {
                // A row continues until its sense and right-hand side.
                let starts_row = t.contains(':');
                if starts_row && !current.is_empty() {
                    statements.push((section, std::mem::take(&mut current)));
                }
                current.push(' ');
                current.push_str(t);
            }
            "Bounds" => statements.push((section, t.to_string())),
            "General" => integers.extend(t.split_whitespace().map(String::from)),
            "Binary" => binaries.extend(t.split_whitespace().map(String::from)),
            other => panic!("data in section {other:?}"),
        }
    }
    for (section, s) in statements {
        match section {
            "Minimize" => assert!(s.trim().starts_with("obj: 0 x_")),
            "Subject To" => {
                let (name, body) = s.trim().split_once(':').expect("row name");
                let tokens: Vec<&str> = body.split_whitespace().collect();
                let (sense, rhs) = (tokens[tokens.len() - 2], tokens[tokens.len() - 1]);
                let mut terms = Vec::new();
                let mut sign = 1i64;
                let mut coef = None;
                for tok in &tokens[..tokens.len() - 2] {
                    match *tok {
                        "+" => sign = 1,
                        "-" => sign = -1,
                        t if t.parse::<i64>().is_ok() => coef = t.parse::<i64>().ok(),
                        var => {
                            // `0 x` is how an empty row is written.
                            if coef != Some(0) {
                                terms.push((var.to_string(), sign * coef.unwrap_or(1)));
                            }
                            sign = 1;
                            coef = None;
                        }
                    }
                }
                terms.sort();
                let rhs: i64 = rhs.parse().expect("rhs");
                rows.insert(name.to_string(), (terms, sense.to_string(), rhs));
            }
            "Bounds" => {
                let (var, value) = s.split_once(" = ").expect("fixed bound");
                let value: i64 = value.parse().expect("bound value");
                bounds.insert(var.to_string(), (value, value));
            }
            _ => unreachable!(),
        }
    }
    assert!(integers.is_disjoint(&binaries), "a variable is both general and binary");
    for b in binaries {
        assert!(!bounds.contains_key(&b), "binary {b} has bounds");
        bounds.insert(b.clone(), (0, 1));
        integers.insert(b);
    }
    ReadBack { rows, bounds, integers }
}

/// Fields of a fixed-format line, read strictly by column.
fn fixed_fields(line: &str) -> Vec<String> {
    let cols = [(1, 3), (4, 12), (14, 22), (24, 36), (39, 47), (49, 61)];
    assert!(line.len() <= 61, "fixed line too long: {line:?}");
    cols.iter()
        .map(|&(a, b)| line.get(a..b.min(line.len())).unwrap_or("").trim().to_string())
        .filter(|f| !f.is_empty())
        .collect()
}

/// Read a free or fixed MPS file (asserting the layout rules the writer promises).
pub fn read_mps(text: &str, format: MpsFormat) -> ReadBack {
    let mut section = "";
    let mut senses: HashMap<String, String> = HashMap::new();
    let mut terms: HashMap<String, Vec<(String, i64)>> = HashMap::new();
    let mut rhs: HashMap<String, i64> = HashMap::new();
    let mut bounds = HashMap::new();
    let mut integers = HashSet::new();
    let mut in_int = false;
    for line in text.lines() {
        assert!(line.len() <= 80, "MPS record longer than 80 characters: {line:?}");
        if line.starts_with('*') {
            continue;
        }
        if !line.starts_with(' ') {
            section = line.split_whitespace().next().unwrap_or("");
            continue;
        }
        let f: Vec<String> = match format {
            MpsFormat::Free => line.split_whitespace().map(String::from).collect(),
            MpsFormat::Fixed => fixed_fields(line),
        };
        if format == MpsFormat::Fixed {
            for name in &f {
                assert!(name.len() <= 12, "field too long for fixed MPS: {name}");
            }
        }
        match section {
            "ROWS" => {
                let sense = match f[0].as_str() {
                    "N" => continue,
                    "E" => "=",
                    "L" => "<=",
                    "G" => ">=",
                    other => panic!("row type {other}"),
                };
                senses.insert(f[1].clone(), sense.to_string());
                terms.insert(f[1].clone(), Vec::new());
            }
            "COLUMNS" => {
                if f[1] == "'MARKER'" {
                    in_int = f[2] == "'INTORG'";
                    continue;
                }
                assert!(in_int, "column {} outside the integer markers", f[0]);
                integers.insert(f[0].clone());
                for pair in f[1..].chunks(2) {
                    let a: i64 = pair[1].parse().expect("coefficient");
                    if pair[0] != OBJECTIVE {
                        terms.get_mut(&pair[0]).expect("declared row").push((f[0].clone(), a));
                    }
                }
            }
            "RHS" => {
                for pair in f[1..].chunks(2) {
                    rhs.insert(pair[0].clone(), pair[1].parse().expect("rhs"));
                }
            }
            "BOUNDS" => {
                let value: i64 = f[3].parse().expect("bound");
                let b = match f[0].as_str() {
                    "UP" => (0, value),
                    "FX" => (value, value),
                    other => panic!("bound type {other}"),
                };
                assert!(bounds.insert(f[2].clone(), b).is_none(), "two bounds on {}", f[2]);
            }
            other => panic!("data in section {other:?}"),
        }
    }
    assert!(!in_int, "INTORG without INTEND");
    let rows = terms
        .into_iter()
        .map(|(name, mut t)| {
            t.sort();
            let r = rhs.get(&name).copied().unwrap_or(0);
            let sense = senses[&name].clone();
            (name, (t, sense, r))
        })
        .collect();
    ReadBack { rows, bounds, integers }
}

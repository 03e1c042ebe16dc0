//! Candidates left after the native engine's root propagation, per cell, as one JSON line a
//! puzzle: `{"slug", "total", "cells": ["123", …]}` (digits 1-9 then A..), the form
//! `benches/variants/iss-root.mjs` prints for ISS, so that the two can be compared cell by cell
//! (where ISS removes a candidate we keep, a rule misses a deduction). Root propagation here is
//! presolve's: line automata run beside the rows they restate, which searches leave out.
//!
//! ```sh
//! cargo run --release -p sudoku-ip-native --example root_candidates -- benches/variants/puzzles/*.json
//! ```

use sudoku_ip_formats::{parse_puzzle, ParseOptions};
use sudoku_ip_model::Model;
use sudoku_ip_native::{presolve, Presolve};

fn main() -> Result<(), String> {
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
        let puzzle = parse_puzzle(&text, &ParseOptions::default()).map_err(|e| format!("{path}: {e}"))?;
        let n = puzzle.geometry().n();
        let model = Model::build(&puzzle);
        let slug = std::path::Path::new(&path).file_stem().map_or(String::new(), |s| s.to_string_lossy().into_owned());
        let Presolve::Reduced { fixed, .. } = presolve(&model) else {
            println!("{{\"slug\":\"{slug}\",\"infeasible\":true}}");
            continue;
        };
        let digit = |d: usize| char::from_digit(d as u32 + 1, 36).map_or('?', |c| c.to_ascii_uppercase());
        let cells: Vec<String> =
            (0..n * n).map(|k| (0..n).filter(|&d| fixed[k * n + d] != Some(false)).map(digit).collect()).collect();
        let total: usize = cells.iter().map(String::len).sum();
        let list: Vec<String> = cells.iter().map(|c| format!("\"{c}\"")).collect();
        println!("{{\"slug\":\"{slug}\",\"total\":{total},\"cells\":[{}]}}", list.join(","));
    }
    Ok(())
}

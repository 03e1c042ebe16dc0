//! Little killer: a number outside the grid, with an arrow along a diagonal, is the sum of the
//! digits on that diagonal (digits may repeat).
//!
//! A clue is its diagonal, listed from the cell nearest the clue to the far edge, and its sum:
//!
//! ```text
//!   little_killer{i}_sum :  Σ_{c on the diagonal} Σ_d d·x[c, d] = sum
//! ```
//!
//! The native engine bounds the sum row over the groups of one cell's terms: with most cells
//! of a diagonal known, the last ones get exactly the digits the rest of the sum leaves.

use serde_json::{Map, Value};

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::model::Sense;

use super::draw::Width;
use super::fields::cells_json;
use super::{check_cells, inside, Emit, Fields, Mark, RuleError, RuleKind};

/// One little killer clue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clue {
    /// The diagonal, from the cell next to the clue to the grid's edge.
    pub cells: Vec<Cell>,
    /// The sum of its digits.
    pub sum: u32,
}

impl Clue {
    /// The step along the diagonal, `(rows, cols)`, each ±1; `None` for fewer than two cells.
    pub fn step(&self) -> Option<(i64, i64)> {
        let (a, b) = (self.cells.first()?, self.cells.get(1)?);
        Some((i64::from(b.row) - i64::from(a.row), i64::from(b.col) - i64::from(a.col)))
    }

    /// The diagonal of a side-`n` grid entered from outside: from `(row, col)` (0-based, may be
    /// −1 or `n`, the clue's place) one step at a time while inside.
    pub fn diagonal(n: usize, (row, col): (i64, i64), (dr, dc): (i64, i64)) -> Vec<Cell> {
        let n = n as i64;
        let mut out = Vec::new();
        let (mut r, mut c) = (row + dr, col + dc);
        while (0..n).contains(&r) && (0..n).contains(&c) {
            out.push(Cell::new(r as usize, c as usize));
            r += dr;
            c += dc;
        }
        out
    }

    /// Where the clue stands: one step before the first cell, outside the grid.
    pub fn place(&self) -> Option<(i64, i64)> {
        let (dr, dc) = self.step()?;
        let first = self.cells.first()?;
        Some((i64::from(first.row) - dr, i64::from(first.col) - dc))
    }
}

/// Little killer clues.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LittleKiller {
    /// The clues.
    pub clues: Vec<Clue>,
}

impl RuleKind for LittleKiller {
    const FPUZZLES_KEYS: &'static [&'static str] = &["littlekillersum"];

    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let mut clues = Vec::new();
        for entry in f.entries("littlekillersum")? {
            let path = &entry.0;
            // A clue without a number asks nothing.
            let Some(sum) = f.value::<u32>(&entry, "the diagonal's sum")? else { continue };
            let place = super::fpuzzles::field(entry.1, path, "cell", "the clue's place outside the grid, \"R0C4\"")?;
            let at = f.outside_cell(place, &format!("{path}.cell"))?;
            let dir = super::fpuzzles::field(entry.1, path, "direction", "\"UL\", \"UR\", \"DL\" or \"DR\"")?;
            let step = match dir.as_str() {
                Some("UL") => (-1, -1),
                Some("UR") => (-1, 1),
                Some("DL") => (1, -1),
                Some("DR") => (1, 1),
                _ => {
                    return Err(crate::json_read::err(
                        &format!("{path}.direction"),
                        format!("expected \"UL\", \"UR\", \"DL\" or \"DR\", found {dir}"),
                    ))
                }
            };
            let cells = Clue::diagonal(f.n(), at, step);
            if cells.len() < 2 {
                return Err(crate::json_read::err(
                    &format!("{path}.cell"),
                    "the clue's diagonal holds fewer than two cells of the grid (sudoku-ip reads diagonals of two or more)",
                ));
            }
            clues.push(Clue { cells, sum });
        }
        Ok((!clues.is_empty()).then_some(LittleKiller { clues }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        for clue in &self.clues {
            let (Some((r, c)), Some((dr, dc))) = (clue.place(), clue.step()) else {
                return Err(super::FPuzzlesWriteError("a little killer clue of fewer than two cells".into()));
            };
            let direction = match (dr, dc) {
                (-1, -1) => "UL",
                (-1, 1) => "UR",
                (1, -1) => "DL",
                _ => "DR",
            };
            let entry = serde_json::json!({"cell": format!("R{}C{}", r + 1, c + 1), "direction": direction,
                                           "value": clue.sum.to_string(), "cells": super::fpuzzles::rcs(&clue.cells)});
            f.push("littlekillersum", entry);
        }
        Ok(())
    }

    const NAME: &'static str = "little-killer";
    const SUMMARY: &'static str = "a number outside the grid is the sum of its diagonal (digits may repeat)";

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        let shape = ("a clue", r#"{"cells": ["r1c4", "r2c3", "r3c2", "r4c1"], "sum": 17}"#);
        let clues = f.objects("clues", "a list of clues", shape, |g| {
            let cells = g.required_cells("cells", "the diagonal, from the clue to the far edge")?;
            let sum = g.required("sum", "the diagonal's sum").and_then(|v| {
                v.as_u64().and_then(|s| u32::try_from(s).ok()).ok_or_else(|| g.error("sum", format!("expected a whole number, found {v}")))
            })?;
            Ok(Clue { cells, sum })
        })?;
        Ok(LittleKiller { clues })
    }

    fn write(&self, out: &mut Map<String, Value>) {
        let clues = self.clues.iter().map(|c| serde_json::json!({"cells": cells_json(&c.cells), "sum": c.sum}));
        out.insert("clues".into(), clues.collect());
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        let n = geometry.n();
        for (i, clue) in self.clues.iter().enumerate() {
            let path = format!("clues[{i}]");
            check_cells(n, &clue.cells, |j| format!("{path}.cells[{j}]"))?;
            let full = clue
                .step()
                .filter(|(dr, dc)| dr.abs() == 1 && dc.abs() == 1)
                .and_then(|step| clue.place().map(|p| Clue::diagonal(n, p, step)));
            let outside = clue.place().is_some_and(|(r, c)| {
                let n = n as i64;
                !((0..n).contains(&r) && (0..n).contains(&c))
            });
            if full.as_ref() != Some(&clue.cells) || !outside {
                return Err(RuleError::new(
                    format!("{path}.cells"),
                    "expected a whole diagonal, from a cell on the grid's edge to the far edge (at least two cells)",
                ));
            }
            let len = clue.cells.len() as u32;
            if clue.sum < len || clue.sum > len * n as u32 {
                return Err(RuleError::new(
                    format!("{path}.sum"),
                    format!("{len} digits of 1..{n} cannot sum to {}", clue.sum),
                ));
            }
        }
        Ok(())
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        let n = b.n();
        for (i, clue) in self.clues.iter().enumerate() {
            b.clue(
                format!("the little killer {} along {}", clue.sum, super::path_text(&clue.cells)),
                clue.cells.iter().copied(),
            );
            let mut terms = Vec::new();
            for &c in &clue.cells {
                terms.extend((1..=n).map(|d| (b.var(c, d), d as i32)));
            }
            b.row(format_args!("little_killer{}_sum", i + 1), terms, Sense::Eq, clue.sum as i32);
        }
    }

    fn check(&self, _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        let mut out = Vec::new();
        for (i, clue) in self.clues.iter().enumerate() {
            let total: usize = clue.cells.iter().map(|&c| grid.get(c)).sum();
            let empty = clue.cells.iter().filter(|&&c| grid.get(c) == 0).count();
            let sum = clue.sum as usize;
            // The filled cells alone overshoot, or all are filled and miss.
            if total + empty > sum || (empty == 0 && total != sum) {
                out.push(Violation::Rule {
                    rule: format!("little killer {}", i + 1),
                    message: format!("the diagonal sums to {total}{}, not {sum}", if empty > 0 { " so far" } else { "" }),
                    cells: clue.cells.iter().copied().filter(|&c| grid.get(c) != 0).collect(),
                });
            }
        }
        out
    }

    fn draw(&self, geometry: &Geometry) -> Vec<Mark> {
        let n = geometry.n();
        let mut marks = Vec::new();
        for clue in &self.clues {
            let (Some((r, c)), Some((dr, dc))) = (clue.place(), clue.step()) else { continue };
            if clue.cells.iter().any(|&c| !inside(c, n)) {
                continue;
            }
            let (r, c, dr, dc) = (r as f64 + 0.5, c as f64 + 0.5, dr as f64, dc as f64);
            marks.push(Mark::Text { at: (r - 0.05 * dr, c - 0.05 * dc), text: clue.sum.to_string(), size: 0.26 });
            // A short arrow from the number towards the diagonal.
            let (tip, tail) = ((r + 0.48 * dr, c + 0.48 * dc), (r + 0.28 * dr, c + 0.28 * dc));
            let (h1, h2) = ((tip.0 - 0.1 * dr, tip.1), (tip.0, tip.1 - 0.1 * dc));
            marks.push(Mark::Line { points: vec![tail, tip], colour: "#000000", width: Width::Lines(1.2) });
            marks.push(Mark::Line { points: vec![h1, tip, h2], colour: "#000000", width: Width::Lines(1.2) });
        }
        marks
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{agreement4, c};

    fn clue(cells: Vec<Cell>, sum: u32) -> Clue {
        Clue { cells, sum }
    }

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        let rule = LittleKiller {
            clues: vec![clue(vec![c(1, 2), c(2, 3), c(3, 4)], 6), clue(vec![c(4, 2), c(3, 1)], 5)],
        };
        let (yes, no) = agreement4(rule.into());
        assert!(yes > 0 && no > 0, "{yes} {no}");
    }

    #[test]
    fn a_clue_is_a_whole_diagonal_from_outside() {
        let g = Geometry::new(4, None).expect("4x4");
        assert_eq!(Clue::diagonal(4, (-1, 0), (1, 1)), vec![c(1, 2), c(2, 3), c(3, 4)]);
        let ok = LittleKiller { clues: vec![clue(vec![c(1, 2), c(2, 3), c(3, 4)], 6)] };
        assert!(ok.validate(&g).is_ok());
        for bad in [
            clue(vec![c(1, 2), c(2, 3)], 4),                 // stops short of the edge
            clue(vec![c(2, 3), c(3, 4)], 4),                 // starts inside
            clue(vec![c(1, 2), c(2, 2), c(3, 2)], 6),        // not diagonal
            clue(vec![c(1, 1)], 1),                          // one cell
        ] {
            let e = LittleKiller { clues: vec![bad.clone()] }.validate(&g).expect_err("bad");
            assert_eq!(e.path, "clues[0].cells", "{bad:?}");
        }
        let e = LittleKiller { clues: vec![clue(vec![c(1, 2), c(2, 3), c(3, 4)], 13)] }.validate(&g).expect_err("sum");
        assert_eq!(e.path, "clues[0].sum");
    }
}

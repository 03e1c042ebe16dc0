//! Quadruples: a circle where four cells meet lists digits that appear among those four cells
//! (a digit listed twice appears twice).
//!
//! ```text
//!   quad{i}_d{d} :  Σ_{c in the 2×2} x[c, d] >= k      (d listed k times)
//! ```
//!
//! A covering row: once three of the four cells hold other digits, the last one must hold the
//! missing digit, and a listed digit gone from three cells is placed in the fourth.
//!
//! With `K` digits listed (repeats counted), the other digits fill at most `4 − K` of the four
//! cells — the sum of the covering rows, taken from the four cells' rows:
//!
//! ```text
//!   quad{i}_others :  Σ_{c in the 2×2} Σ_{d not listed} x[c, d] <= 4 − K     (K < 4)
//!   x[c, d] = 0      for the digits not listed                                  (K = 4)
//! ```
//!
//! Four listed digits leave the cells nothing else from the start, and three make the other
//! digits one clique (a cell with an unlisted digit leaves the other three to the listed ones),
//! where the covering rows alone wait until cells are decided: on a puzzle of quadruples and
//! disjoint groups the search took 34,062 guesses without them.

use serde_json::{Map, Value};

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::model::Sense;

use super::fields::cells_json;
use super::{check_cells, Emit, Fields, Mark, RuleError, RuleKind};

/// One quadruple clue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quad {
    /// The four cells around the vertex.
    pub cells: Vec<Cell>,
    /// The digits that appear among them (repeated: that many times), at most four.
    pub digits: Vec<usize>,
}

impl Quad {
    /// Each listed digit with how many times it is listed, in digit order.
    fn counts(&self) -> Vec<(usize, usize)> {
        let mut sorted = self.digits.clone();
        sorted.sort_unstable();
        let mut out: Vec<(usize, usize)> = Vec::new();
        for d in sorted {
            match out.last_mut() {
                Some((e, k)) if *e == d => *k += 1,
                _ => out.push((d, 1)),
            }
        }
        out
    }

    /// The top-left cell of the 2×2 block, when the cells are one.
    fn corner(&self) -> Option<Cell> {
        let top = *self.cells.iter().min()?;
        let mut want: Vec<Cell> = [(0, 0), (0, 1), (1, 0), (1, 1)]
            .iter()
            .map(|&(dr, dc)| Cell::new(top.row as usize + dr, top.col as usize + dc))
            .collect();
        let mut have = self.cells.clone();
        want.sort();
        have.sort();
        (want == have).then_some(top)
    }
}

/// Quadruple clues.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quadruple {
    /// The clues.
    pub quads: Vec<Quad>,
}

impl RuleKind for Quadruple {
    const FPUZZLES_KEYS: &'static [&'static str] = &["quadruple"];

    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let mut quads = Vec::new();
        for entry in f.entries("quadruple")? {
            let cells = f.cells_of(&entry, "cells", "the four cells")?;
            let vpath = format!("{}.values", entry.0);
            let values = super::fpuzzles::field(entry.1, &entry.0, "values", "the digits in the circle")?;
            let digits = crate::json_read::array(values, &vpath, "a list of digits")?
                .iter()
                .enumerate()
                .map(|(i, v)| super::fpuzzles::bounded::<usize>(v, &format!("{vpath}[{i}]"), "a digit"))
                .collect::<Result<Vec<usize>, _>>()?;
            quads.push(Quad { cells, digits });
        }
        Ok((!quads.is_empty()).then_some(Quadruple { quads }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        for quad in &self.quads {
            f.push("quadruple", serde_json::json!({"cells": super::fpuzzles::rcs(&quad.cells), "values": quad.digits}));
        }
        Ok(())
    }

    const NAME: &'static str = "quadruple";
    const ALIASES: &'static [&'static str] = &["quad", "quadruples"];
    const SUMMARY: &'static str = "the digits in a circle where four cells meet appear among those cells";

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        let shape = ("a quadruple", r#"{"cells": ["r1c1", "r1c2", "r2c1", "r2c2"], "digits": [1, 2]}"#);
        let n = f.n();
        let quads = f.objects("quads", "a list of quadruples", shape, |g| {
            let cells = g.required_cells("cells", "the four cells around the circle")?;
            let list = g.required("digits", "the digits in the circle")?;
            let items = list.as_array().ok_or_else(|| g.error("digits", format!("expected a list of digits, found {list}")))?;
            let digits = items
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    v.as_u64()
                        .filter(|d| (1..=n as u64).contains(d))
                        .map(|d| d as usize)
                        .ok_or_else(|| g.error("digits", format!("item {i}: expected a digit 1 to {n}, found {v}")))
                })
                .collect::<Result<_, _>>()?;
            Ok(Quad { cells, digits })
        })?;
        Ok(Quadruple { quads })
    }

    fn write(&self, out: &mut Map<String, Value>) {
        let quads = self.quads.iter().map(|q| serde_json::json!({"cells": cells_json(&q.cells), "digits": q.digits}));
        out.insert("quads".into(), quads.collect());
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        let n = geometry.n();
        for (i, q) in self.quads.iter().enumerate() {
            let path = format!("quads[{i}]");
            check_cells(n, &q.cells, |j| format!("{path}.cells[{j}]"))?;
            if q.cells.len() != 4 || q.corner().is_none() {
                return Err(RuleError::new(format!("{path}.cells"), "expected the four cells of a 2x2 block"));
            }
            if q.digits.is_empty() || q.digits.len() > 4 {
                return Err(RuleError::new(
                    format!("{path}.digits"),
                    format!("expected 1 to 4 digits, found {}", q.digits.len()),
                ));
            }
            if let Some(&d) = q.digits.iter().find(|&&d| d == 0 || d > n) {
                return Err(RuleError::new(format!("{path}.digits"), format!("{d} is not a digit of 1..{n}")));
            }
        }
        Ok(())
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        for (i, q) in self.quads.iter().enumerate() {
            b.clue(format!("the quadruple {}", super::cells_text(&q.cells)), q.cells.iter().copied());
            for (d, k) in q.counts() {
                let terms = q.cells.iter().map(|&c| (b.var(c, d), 1)).collect();
                b.row(format_args!("quad{}_d{d}", i + 1), terms, Sense::Ge, k as i32);
            }
            let n = b.n();
            let listed = q.digits.len().min(4);
            let others: Vec<usize> = (1..=n).filter(|d| !q.digits.contains(d)).collect();
            if listed == 4 {
                for &c in &q.cells {
                    for &d in &others {
                        b.exclude(c, d, format!("quad{}_others", i + 1));
                    }
                }
            } else {
                let terms: Vec<(u32, i32)> =
                    q.cells.iter().flat_map(|&c| others.iter().map(move |&d| (c, d))).map(|(c, d)| (b.var(c, d), 1)).collect();
                if !terms.is_empty() {
                    b.row(format_args!("quad{}_others", i + 1), terms, Sense::Le, (4 - listed) as i32);
                }
            }
        }
    }

    fn check(&self, _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        let mut out = Vec::new();
        for (i, q) in self.quads.iter().enumerate() {
            let empty = q.cells.iter().filter(|&&c| grid.get(c) == 0).count();
            // Listed digits still missing, counted with their repeats, against the free cells.
            let mut missing = Vec::new();
            for &d in &q.digits {
                let listed = q.digits.iter().filter(|&&e| e == d).count();
                let found = q.cells.iter().filter(|&&c| grid.get(c) == d).count();
                if found < listed && !missing.contains(&d) {
                    missing.extend(std::iter::repeat_n(d, listed - found));
                }
            }
            if missing.len() > empty {
                let digits: Vec<String> = missing.iter().map(ToString::to_string).collect();
                out.push(Violation::Rule {
                    rule: format!("quadruple {}", i + 1),
                    message: format!("the four cells lack {} of the circle's digits", digits.join(", ")),
                    cells: q.cells.clone(),
                });
            }
        }
        out
    }

    fn draw(&self, _geometry: &Geometry) -> Vec<Mark> {
        let mut marks = Vec::new();
        for q in &self.quads {
            let Some(top) = q.corner() else { continue };
            let centre = (f64::from(top.row) + 1.0, f64::from(top.col) + 1.0);
            marks.push(Mark::Circle { centre, radius: 0.25, fill: "#ffffff", stroke: "#000000" });
            let text: String = q.digits.iter().map(|d| if *d < 10 { d.to_string() } else { format!(" {d}") }).collect();
            let size = if q.digits.len() > 2 { 0.11 } else { 0.16 };
            marks.push(Mark::Text { at: centre, text: text.trim().to_string(), size });
        }
        marks
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{agreement4, c};

    fn quad(r: usize, col: usize, digits: Vec<usize>) -> Quad {
        Quad { cells: vec![c(r, col), c(r, col + 1), c(r + 1, col), c(r + 1, col + 1)], digits }
    }

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        let (yes, no) = agreement4(Quadruple { quads: vec![quad(2, 2, vec![1, 2]), quad(2, 1, vec![4, 4])] }.into());
        assert!(yes > 0 && no > 0, "{yes} {no}");
        let (yes, no) = agreement4(Quadruple { quads: vec![quad(1, 1, vec![1, 2, 3, 4])] }.into());
        assert_eq!((yes, no), (288, 0), "a box holds every digit");
    }

    #[test]
    fn the_cells_are_a_block_and_repeats_count() {
        let g = Geometry::new(4, None).expect("4x4");
        let bad = Quadruple { quads: vec![Quad { cells: vec![c(1, 1), c(1, 2), c(2, 1), c(3, 3)], digits: vec![1] }] };
        assert_eq!(bad.validate(&g).expect_err("shape").path, "quads[0].cells");
        assert_eq!(quad(1, 1, vec![3, 1, 3]).counts(), vec![(1, 1), (3, 2)]);
        let mut grid = Grid::empty(4);
        grid.set(c(2, 2), 4);
        grid.set(c(2, 3), 1);
        grid.set(c(3, 2), 2);
        let rule = Quadruple { quads: vec![quad(2, 2, vec![3, 3])] };
        assert_eq!(rule.check(&g, &grid).len(), 1, "two 3s cannot fit in one free cell");
    }
}

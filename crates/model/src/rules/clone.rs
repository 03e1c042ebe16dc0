//! Clones: two shaded areas of the same shape hold the same digits in corresponding cells
//! (f-puzzles `clone`: `cells` and `cloneCells`, matched in order).
//!
//! ```text
//!   clone{i}_{a}_{b}_d{d} :  x[a, d] − x[b, d] = 0     for each corresponding pair (a, b)
//! ```
//!
//! Equalities: a digit placed or removed in one cell is placed or removed in its copy at once.

use serde_json::{Map, Value};

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::model::Sense;

use super::fields::cells_json;
use super::{check_cells, Emit, Fields, Mark, RuleError, RuleKind};

/// Clone areas are shaded.
const SHADE: &str = "#e4e4e4";

/// One clone: an area and its copy, cell by cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClonePair {
    /// The area.
    pub cells: Vec<Cell>,
    /// Its copy: `copy[j]` holds the digit of `cells[j]`.
    pub copy: Vec<Cell>,
}

/// Clones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clones {
    /// The clones.
    pub clones: Vec<ClonePair>,
}

impl RuleKind for Clones {
    const FPUZZLES_KEYS: &'static [&'static str] = &["clone"];

    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let mut clones = Vec::new();
        for entry in f.entries("clone")? {
            let cells = f.cells_of(&entry, "cells", "the area")?;
            let copy = f.cells_of(&entry, "cloneCells", "its copy")?;
            clones.push(ClonePair { cells, copy });
        }
        Ok((!clones.is_empty()).then_some(Clones { clones }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        use super::fpuzzles::rcs;
        for clone in &self.clones {
            f.push("clone", serde_json::json!({"cells": rcs(&clone.cells), "cloneCells": rcs(&clone.copy)}));
        }
        Ok(())
    }

    const NAME: &'static str = "clone";
    const ALIASES: &'static [&'static str] = &["clones"];
    const SUMMARY: &'static str = "an area and its clone hold the same digits in corresponding cells";

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        let shape = ("a clone", r#"{"cells": ["r1c1", "r1c2"], "copy": ["r5c5", "r5c6"]}"#);
        let clones = f.objects("clones", "a list of clones", shape, |g| {
            let cells = g.required_cells("cells", "the area")?;
            let copy = g.required_cells("copy", "its copy, cell by cell")?;
            Ok(ClonePair { cells, copy })
        })?;
        Ok(Clones { clones })
    }

    fn write(&self, out: &mut Map<String, Value>) {
        let list = self.clones.iter().map(|c| serde_json::json!({"cells": cells_json(&c.cells), "copy": cells_json(&c.copy)}));
        out.insert("clones".into(), list.collect());
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        let n = geometry.n();
        for (i, clone) in self.clones.iter().enumerate() {
            check_cells(n, &clone.cells, |j| format!("clones[{i}].cells[{j}]"))?;
            check_cells(n, &clone.copy, |j| format!("clones[{i}].copy[{j}]"))?;
            if clone.cells.is_empty() || clone.cells.len() != clone.copy.len() {
                return Err(RuleError::new(
                    format!("clones[{i}].copy"),
                    format!("expected a copy of the area's {} cells, found {}", clone.cells.len(), clone.copy.len()),
                ));
            }
            if let Some(j) = clone.cells.iter().zip(&clone.copy).position(|(a, b)| a == b) {
                return Err(RuleError::new(format!("clones[{i}].copy[{j}]"), format!("{} is its own copy", clone.copy[j])));
            }
        }
        Ok(())
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        let n = b.n();
        for (i, clone) in self.clones.iter().enumerate() {
            b.clue(
                format!("the clone of {} at {}", super::cells_text(&clone.cells), super::cells_text(&clone.copy)),
                clone.cells.iter().chain(&clone.copy).copied(),
            );
            for (&a, &c) in clone.cells.iter().zip(&clone.copy) {
                for d in 1..=n {
                    let terms = vec![(b.var(a, d), 1), (b.var(c, d), -1)];
                    b.row(format_args!("clone{}_{a}_{c}_d{d}", i + 1), terms, Sense::Eq, 0);
                }
            }
        }
    }

    fn check(&self, _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        let mut out = Vec::new();
        for (i, clone) in self.clones.iter().enumerate() {
            for j in 0..clone.cells.len().min(clone.copy.len()) {
                let (a, c) = (clone.cells[j], clone.copy[j]);
                let (v, w) = (grid.get(a), grid.get(c));
                if v != 0 && w != 0 && v != w {
                    out.push(Violation::Rule {
                        rule: format!("clone {}", i + 1),
                        message: format!("{a} ({v}) and its copy {c} ({w}) differ"),
                        cells: vec![a, c],
                    });
                }
            }
        }
        out
    }

    fn draw(&self, _geometry: &Geometry) -> Vec<Mark> {
        let cells = self.clones.iter().flat_map(|c| c.cells.iter().chain(&c.copy)).copied().collect();
        vec![Mark::Shade { cells, colour: SHADE }]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{agreement4, c, grid4};

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        let rule = Clones {
            clones: vec![ClonePair { cells: vec![c(1, 1), c(1, 2)], copy: vec![c(3, 3), c(3, 4)] }],
        };
        let (yes, no) = agreement4(rule.into());
        assert!(yes > 0 && no > 0, "{yes} {no}");
    }

    #[test]
    fn validation_and_checker_name_the_clone() {
        let g = Geometry::new(4, None).expect("4x4");
        let short = Clones { clones: vec![ClonePair { cells: vec![c(1, 1), c(1, 2)], copy: vec![c(3, 3)] }] };
        assert_eq!(short.validate(&g).expect_err("short").path, "clones[0].copy");
        let grid = grid4([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
        let v = Clones { clones: vec![ClonePair { cells: vec![c(1, 1)], copy: vec![c(2, 3)] }] }.check(&g, &grid);
        assert!(v.is_empty(), "1 and 1");
        let v = Clones { clones: vec![ClonePair { cells: vec![c(1, 1)], copy: vec![c(2, 1)] }] }.check(&g, &grid);
        assert!(v[0].to_string().contains("clone 1"), "{}", v[0]);
    }
}

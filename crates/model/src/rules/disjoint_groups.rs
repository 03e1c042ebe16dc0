//! Disjoint groups: the cells at the same place in every box (the top-left cell of each box,
//! …) hold different digits (f-puzzles `disjointgroups`). Needs boxes: a jigsaw has no "same
//! place".
//!
//! ```text
//!   disjoint{k}_d{d} :  Σ_{boxes B} x[cell k of B, d] = 1      (n groups of n cells)
//! ```
//!
//! Each group has `n` cells, so these are exact-cover rows like the boxes: the native engine's
//! singles and locked candidates work on them as on any region.

use crate::check::{duplicates, Unit, Violation};
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;

use super::{Emit, RuleError, RuleKind};

/// Disjoint groups: the same place in every box holds different digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DisjointGroups;

impl RuleKind for DisjointGroups {
    const FPUZZLES_KEYS: &'static [&'static str] = &["disjointgroups"];

    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        Ok(f.flag("disjointgroups")?.then_some(DisjointGroups))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        f.flag("disjointgroups");
        Ok(())
    }

    const NAME: &'static str = "disjoint-groups";
    const ALIASES: &'static [&'static str] = &["disjointgroups", "disjoint"];
    const SUMMARY: &'static str = "cells at the same place in every box hold different digits";

    fn switch() -> Option<Self> {
        Some(DisjointGroups)
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        match geometry.box_shape() {
            Some(_) => Ok(()),
            None => Err(RuleError::new("", "disjoint groups need boxes (a jigsaw's regions have no \"same place\")")),
        }
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        let Some((rows, cols)) = b.geometry().box_shape() else { return };
        let n = b.n();
        // Group k: the k-th cell (row-major) of every box.
        for k in 0..n {
            let (dr, dc) = (k / cols, k % cols);
            let group: Vec<Cell> = (0..n).map(|bx| Cell::new(bx / (n / cols) * rows + dr, bx % (n / cols) * cols + dc)).collect();
            b.all_different(format!("disjoint{}", k + 1), &group);
        }
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        let Some((rows, cols)) = geometry.box_shape() else { return Vec::new() };
        let n = geometry.n();
        let mut groups: Vec<Vec<Cell>> = vec![Vec::new(); n];
        for r in 0..n {
            for c in 0..n {
                groups[(r % rows) * cols + c % cols].push(Cell::new(r, c));
            }
        }
        let mut out = Vec::new();
        for (k, cells) in groups.iter().enumerate() {
            out.extend(duplicates(&Unit::Named(format!("disjoint group {}", k + 1)), cells, grid));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::agreement4;
    use crate::{Model, Puzzle};

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        let (yes, no) = agreement4(DisjointGroups.into());
        assert!(yes > 0 && no > 0, "{yes} {no}");
    }

    #[test]
    fn groups_of_a_6x6_with_2x3_boxes_are_the_same_place_in_each_box() {
        let p = Puzzle::blank(Geometry::new(6, Some((2, 3))).expect("6x6")).with_rule(DisjointGroups);
        let m = Model::build(&p);
        // Group 4 is each box's second-row first cell: rows 2, 4, 6 and columns 1, 4.
        let row = m.rows().iter().find(|r| r.name == "disjoint4_d1").expect("row");
        let mut cells: Vec<String> = row.terms.iter().map(|&(v, _)| m.var_name(v)).collect();
        cells.sort();
        let mut want: Vec<String> = [(2, 1), (2, 4), (4, 1), (4, 4), (6, 1), (6, 4)]
            .iter()
            .map(|&(r, c)| m.var_name(m.var(Cell::new(r - 1, c - 1), 1)))
            .collect();
        want.sort();
        assert_eq!(cells, want);
        let jigsaw = Geometry::latin(4).expect("latin");
        assert!(DisjointGroups.validate(&jigsaw).is_err());
    }
}

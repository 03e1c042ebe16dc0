//! Row, column and box indexers (the "1-5-9" rule): the digit in an indexer cell says where in
//! its column, row or box the indexer cell's own position number stands.
//!
//! - row indexer at `r{i}c{j}` holding `v`: row `v` of column `j` holds `i`;
//! - column indexer at `r{i}c{j}` holding `v`: column `v` of row `i` holds `j`;
//! - box indexer at position `p` of its box holding `v`: position `v` of that box holds `p`
//!   (positions 1 to `n` in reading order, also in jigsaw regions).
//!
//! Both directions hold (R's and f-puzzles' reading): the target cell holds the number exactly
//! when the indexer cell holds the target's position, so each pair is an equality:
//!
//! ```text
//!   indexer_row{k}_d{v}  :  x[a, v] − x[t(a, v), pos(a)] = 0      t(a, v) ≠ a
//! ```
//!
//! Why it propagates: an equality of two binaries is the strongest row there is — either side
//! fixed fixes the other (a one-cell arrow's rows), so the native engine carries every
//! candidate removed at the target to the indexer cell and back, as a setter does.

use serde_json::{Map, Value};

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::model::Sense;

use super::fields::cells_json;
use super::{check_cells, Emit, Fields, Mark, RuleError, RuleKind};

/// Row indexers are red, column indexers blue, box indexers green (shaded cells).
const COLOURS: [&str; 3] = ["#f4c7c3", "#c3d7f4", "#c8ecc8"];

/// Indexer cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Indexer {
    /// Row indexers: the digit is the row, within the cell's column, that holds the cell's row.
    pub rows: Vec<Cell>,
    /// Column indexers: the digit is the column, within the cell's row, that holds the cell's
    /// column.
    pub columns: Vec<Cell>,
    /// Box indexers: the digit is the position, within the cell's box, that holds the cell's
    /// position.
    pub boxes: Vec<Cell>,
}

/// Which way an indexer looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Row,
    Column,
    Box,
}

const KINDS: [(Kind, &str); 3] = [(Kind::Row, "rows"), (Kind::Column, "columns"), (Kind::Box, "boxes")];

impl Indexer {
    fn cells(&self, kind: Kind) -> &[Cell] {
        match kind {
            Kind::Row => &self.rows,
            Kind::Column => &self.columns,
            Kind::Box => &self.boxes,
        }
    }
}

impl RuleKind for Indexer {
    const FPUZZLES_KEYS: &'static [&'static str] = &["rowindexer", "columnindexer", "boxindexer"];

    /// Every entry's cells, one list a kind.
    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let mut lists = [Vec::new(), Vec::new(), Vec::new()];
        for (list, key) in lists.iter_mut().zip(Self::FPUZZLES_KEYS) {
            for entry in f.entries(key)? {
                list.extend(f.cells_of(&entry, "cells", "the indexer cells")?);
            }
        }
        let [rows, columns, boxes] = lists;
        Ok((!rows.is_empty() || !columns.is_empty() || !boxes.is_empty()).then_some(Indexer { rows, columns, boxes }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        for (key, cells) in Self::FPUZZLES_KEYS.iter().zip([&self.rows, &self.columns, &self.boxes]) {
            if !cells.is_empty() {
                f.push(key, serde_json::json!({"cells": super::fpuzzles::rcs(cells)}));
            }
        }
        Ok(())
    }

    const NAME: &'static str = "indexer";
    const ALIASES: &'static [&'static str] = &["indexers", "index", "159"];
    const SUMMARY: &'static str =
        "an indexer cell's digit is where, in its column (row indexer), row (column indexer) or box, its own position number stands";

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        Ok(Indexer { rows: f.cells("rows")?, columns: f.cells("columns")?, boxes: f.cells("boxes")? })
    }

    fn write(&self, out: &mut Map<String, Value>) {
        for (kind, key) in KINDS {
            let cells = self.cells(kind);
            if !cells.is_empty() {
                out.insert(key.into(), cells_json(cells));
            }
        }
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        let n = geometry.n();
        for (kind, key) in KINDS {
            check_cells(n, self.cells(kind), |j| format!("{key}[{j}]"))?;
        }
        if !self.boxes.is_empty() && geometry.is_latin() {
            return Err(RuleError::new("boxes", "box indexers need boxes or regions; this grid has none"));
        }
        Ok(())
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        let n = b.n();
        // Box positions: each region's cells in reading order.
        let mut regions = b.geometry().regions();
        for region in &mut regions {
            region.sort_unstable();
        }
        let mut place = vec![(0usize, 0usize); n * n];
        for (k, region) in regions.iter().enumerate() {
            for (p, &cell) in region.iter().enumerate() {
                place[cell] = (k, p);
            }
        }
        for (kind, key) in KINDS {
            for (i, &a) in self.cells(kind).iter().enumerate() {
                let (r, c) = (a.row as usize, a.col as usize);
                let what = match kind {
                    Kind::Row => "row",
                    Kind::Column => "column",
                    Kind::Box => "box",
                };
                b.clue(format!("the {what} indexer {a}"), [a]);
                for v in 1..=n {
                    let (target, number) = match kind {
                        Kind::Row => (Cell::new(v - 1, c), r + 1),
                        Kind::Column => (Cell::new(r, v - 1), c + 1),
                        Kind::Box => {
                            let (k, p) = place[a.index(n)];
                            (Cell::from_index(regions[k][v - 1], n), p + 1)
                        }
                    };
                    if target == a {
                        continue;
                    }
                    let terms = vec![(b.var(a, v), 1), (b.var(target, number), -1)];
                    b.row(format_args!("indexer_{key}{}_d{v}", i + 1), terms, Sense::Eq, 0);
                }
            }
        }
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        let n = grid.n();
        let owner = geometry.region_of_cells();
        // The cells of `a`'s column, row or box, in reading order, and `a`'s position among them.
        let unit = |kind: Kind, a: Cell| -> Vec<Cell> {
            (0..n * n)
                .map(|k| Cell::from_index(k, n))
                .filter(|c| match kind {
                    Kind::Row => c.col == a.col,
                    Kind::Column => c.row == a.row,
                    Kind::Box => owner[c.index(n)] == owner[a.index(n)],
                })
                .collect()
        };
        let mut out = Vec::new();
        for (kind, _) in KINDS {
            let word = match kind {
                Kind::Row => "row",
                Kind::Column => "column",
                Kind::Box => "box",
            };
            let within = match kind {
                Kind::Row => "column",
                Kind::Column => "row",
                Kind::Box => geometry.region_word(),
            };
            for &a in self.cells(kind) {
                let v = grid.get(a);
                if v == 0 {
                    continue;
                }
                let cells = unit(kind, a);
                let Some(p) = cells.iter().position(|&c| c == a) else { continue };
                let Some(&target) = cells.get(v - 1) else { continue };
                // The number `p + 1` belongs at `target`: a different digit there, or that
                // number already elsewhere in the unit, breaks the rule.
                let there = grid.get(target);
                let elsewhere = cells.iter().find(|&&c| c != target && grid.get(c) == p + 1);
                let broken = if there != 0 && there != p + 1 {
                    Some((target, format!("{target} holds {there}")))
                } else {
                    elsewhere.map(|&c| (c, format!("{c} holds it")))
                };
                if let Some((cell, what)) = broken {
                    out.push(Violation::Rule {
                        rule: format!("{word} indexer {a}"),
                        message: format!(
                            "{a} holds {v}, so position {v} of its {within} ({target}) must hold {}, but {what}",
                            p + 1
                        ),
                        cells: vec![a, cell],
                    });
                }
            }
        }
        out
    }

    fn draw(&self, _geometry: &Geometry) -> Vec<Mark> {
        let mut out: Vec<Mark> = KINDS
            .iter()
            .zip(COLOURS)
            .filter(|((kind, _), _)| !self.cells(*kind).is_empty())
            .map(|((kind, _), colour)| Mark::Shade { cells: self.cells(*kind).to_vec(), colour })
            .collect();
        let names: Vec<&str> = KINDS
            .iter()
            .zip(["red: row", "blue: column", "green: box"])
            .filter(|((kind, _), _)| !self.cells(*kind).is_empty())
            .map(|(_, name)| name)
            .collect();
        if !names.is_empty() {
            out.push(Mark::Caption(format!("indexer cells ({})", names.join(", "))));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{agreement4, c, grid4};

    fn rule(rows: Vec<Cell>, columns: Vec<Cell>, boxes: Vec<Cell>) -> Indexer {
        Indexer { rows, columns, boxes }
    }

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        for r in [
            rule(vec![c(1, 1), c(3, 2)], vec![], vec![]),
            rule(vec![], vec![c(2, 1), c(4, 4)], vec![]),
            rule(vec![], vec![], vec![c(1, 2), c(4, 3)]),
            rule(vec![c(2, 2)], vec![c(2, 2)], vec![c(3, 1)]),
        ] {
            let (yes, no) = agreement4(r.into());
            assert!(yes > 0 && no > 0, "{yes} {no}");
        }
    }

    #[test]
    fn the_checker_says_where_the_number_belongs() {
        let g = Geometry::new(4, None).expect("4x4");
        // 1 2 3 4 / 3 4 1 2 / 2 1 4 3 / 4 3 2 1
        let grid = grid4([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
        // r1c1 = 1: row 1 of column 1 holds 1, itself. r2c1 = 3: row 3 of column 1 holds 2.
        assert!(rule(vec![c(1, 1), c(2, 1)], vec![], vec![]).check(&g, &grid).is_empty());
        // r1c2 = 2: row 2 of column 2 (4) should hold 1.
        let v = rule(vec![c(1, 2)], vec![], vec![]).check(&g, &grid);
        assert_eq!(
            v[0].to_string(),
            "row indexer r1c2: r1c2 holds 2, so position 2 of its column (r2c2) must hold 1, but r2c2 holds 4 (r1c2, r2c2)"
        );
        // r3c2 = 1: column 1 of row 3 holds 2. Box: r2c2 is position 4 of box 1 and holds 4.
        assert!(rule(vec![], vec![c(3, 2)], vec![c(2, 2)]).check(&g, &grid).is_empty());
        let mut partial = Grid::empty(4);
        partial.set(c(1, 1), 3);
        partial.set(c(2, 1), 1);
        let v = rule(vec![c(1, 1)], vec![], vec![]).check(&g, &partial);
        assert!(v[0].to_string().contains("but r2c1 holds it"), "{}", v[0]);
        let latin = Geometry::latin(4).expect("latin");
        assert_eq!(rule(vec![], vec![], vec![c(1, 1)]).validate(&latin).expect_err("no boxes").path, "boxes");
        assert_eq!(rule(vec![c(1, 1), c(1, 1)], vec![], vec![]).validate(&g).expect_err("twice").path, "rows[1]");
    }
}

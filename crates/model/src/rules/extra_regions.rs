//! Extra regions: any groups of cells whose digits are distinct (a region of `n` cells holds
//! every digit once).
//!
//! ```text
//!   extra{i}_d{d} :  Σ_{c ∈ region i} x[c, d] = 1      (|region| = n: exact cover)
//!   extra{i}_d{d} :  Σ_{c ∈ region i} x[c, d] <= 1     (smaller regions)
//! ```

use crate::check::{duplicates, Unit, Violation};
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;

use super::fields::cell_lists_json;
use super::{check_cells, Emit, Fields, Mark, RuleError, RuleKind};

/// Shades of extra regions, in turn.
const PASTELS: [&str; 6] = ["#cfe3f7", "#fbe0c4", "#d7efcf", "#e6dbf5", "#fbf3b5", "#f7d4de"];

/// Extra regions: any groups of cells whose digits are distinct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtraRegions {
    /// The regions.
    pub regions: Vec<Vec<Cell>>,
}

impl RuleKind for ExtraRegions {
    const FPUZZLES_KEYS: &'static [&'static str] = &["extraregion"];

    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let regions = f.entries("extraregion")?.iter().map(|e| f.cells_of(e, "cells", "the region's cells")).collect::<Result<Vec<_>, _>>()?;
        Ok((!regions.is_empty()).then_some(ExtraRegions { regions }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        for region in &self.regions {
            f.push("extraregion", serde_json::json!({"cells": super::fpuzzles::rcs(region)}));
        }
        Ok(())
    }

    const NAME: &'static str = "extra-regions";
    const ALIASES: &'static [&'static str] = &["extra-region", "extra"];
    const SUMMARY: &'static str = "each shaded region holds distinct digits";

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        Ok(ExtraRegions { regions: f.cell_lists("regions", "a list of cell lists")? })
    }

    fn write(&self, out: &mut serde_json::Map<String, serde_json::Value>) {
        out.insert("regions".into(), cell_lists_json(&self.regions));
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        validate(geometry.n(), &self.regions)
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        emit(b, &self.regions);
    }

    fn check(&self, _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        check(grid, &self.regions)
    }

    fn draw(&self, _geometry: &Geometry) -> Vec<Mark> {
        let shade = |(i, cells): (usize, &Vec<Cell>)| Mark::Shade { cells: cells.clone(), colour: PASTELS[i % 6] };
        self.regions.iter().enumerate().map(shade).collect()
    }
}

fn validate(n: usize, regions: &[Vec<Cell>]) -> Result<(), RuleError> {
    for (i, cells) in regions.iter().enumerate() {
        let path = format!("regions[{i}]");
        check_cells(n, cells, |j| format!("{path}[{j}]"))?;
        if cells.len() < 2 || cells.len() > n {
            return Err(RuleError::new(
                path,
                format!("an extra region has 2 to {n} cells, this one has {}", cells.len()),
            ));
        }
    }
    Ok(())
}

fn emit(b: &mut Emit<'_, '_>, regions: &[Vec<Cell>]) {
    let n = b.n();
    for (i, cells) in regions.iter().enumerate() {
        let name = format!("extra{}", i + 1);
        if cells.len() == n {
            b.all_different(name, cells);
        } else {
            b.at_most_once(name, cells);
        }
    }
}

fn check(grid: &Grid, regions: &[Vec<Cell>]) -> Vec<Violation> {
    let mut out = Vec::new();
    for (i, cells) in regions.iter().enumerate() {
        out.extend(duplicates(&Unit::Named(format!("extra region {}", i + 1)), cells, grid));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{agreement4, c};
    use crate::rules::Rule;

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        let regions = vec![vec![c(1, 1), c(2, 2), c(3, 3), c(4, 4)], vec![c(1, 4), c(4, 1), c(2, 3)]];
        let (yes, no) = agreement4(Rule::ExtraRegions(crate::rules::ExtraRegions { regions }));
        assert!(yes > 0 && no > 0, "{yes} {no}");
    }

    #[test]
    fn sizes_are_checked() {
        assert_eq!(validate(4, &[vec![c(1, 1)]]).expect_err("one cell").path, "regions[0]");
        let five = vec![c(1, 1), c(1, 2), c(1, 3), c(1, 4), c(2, 1)];
        assert!(validate(4, &[five]).is_err());
        assert_eq!(validate(4, &[vec![c(1, 1), c(1, 1)]]).expect_err("twice").path, "regions[0][1]");
    }
}

//! Given candidates: a setter's pencil marks that restrict what a cell may hold (f-puzzles
//! `givenPencilMarks`). Each listed cell holds one of its listed digits.
//!
//! ```text
//!   x[c, d] = 0    for every listed cell c and digit d not in its list
//! ```
//!
//! Fixing variables is the strongest form there is: every backend starts without them.

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;

use super::fields::cell_json;
use super::{check_cells, Emit, Fields, Mark, RuleError, RuleKind};

/// Cells limited to a set of digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidates {
    /// Each cell with the digits it may hold (ascending, no repeats).
    pub cells: Vec<(Cell, Vec<usize>)>,
}

impl RuleKind for Candidates {
    /// The grid's `givenPencilMarks` (the grid itself is the link format's).
    const FPUZZLES_KEYS: &'static [&'static str] = &[];

    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let n = f.n();
        let mut cells = Vec::new();
        let rows = f.get("grid").and_then(serde_json::Value::as_array).map_or(&[][..], Vec::as_slice);
        for (r, row) in rows.iter().enumerate() {
            for (c, cell) in row.as_array().map_or(&[][..], Vec::as_slice).iter().enumerate() {
                let Some(v) = cell.get("givenPencilMarks").filter(|v| !v.is_null()) else { continue };
                let path = format!("$.grid[{r}][{c}].givenPencilMarks");
                let mut digits = Vec::new();
                for (i, d) in crate::json_read::array(v, &path, "a list of digits")?.iter().enumerate() {
                    let dpath = format!("{path}[{i}]");
                    let digit = super::fpuzzles::cell_number(d, &dpath, "a digit")?.and_then(|d| usize::try_from(d).ok());
                    let digit = digit.filter(|d| (1..=n).contains(d)).ok_or_else(|| {
                        crate::json_read::err(&dpath, format!("expected a digit 1 to {n}, found {d}"))
                    })?;
                    if !digits.contains(&digit) {
                        digits.push(digit);
                    }
                }
                if !digits.is_empty() {
                    digits.sort_unstable();
                    cells.push((Cell::new(r, c), digits));
                }
            }
        }
        Ok((!cells.is_empty()).then_some(Candidates { cells }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        for (cell, digits) in &self.cells {
            if let Some(o) = f.cell_mut(*cell) {
                o.insert("givenPencilMarks".into(), serde_json::json!(digits));
            }
        }
        Ok(())
    }

    const NAME: &'static str = "candidates";
    const ALIASES: &'static [&'static str] = &["given-candidates", "pencil-marks"];
    const SUMMARY: &'static str = "a cell with given pencil marks holds one of those digits";

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        let shape = ("an entry", "{\"cell\": \"r1c1\", \"digits\": [1, 2]}");
        let cells = f.objects("cells", "a list of cells with their digits", shape, |e| {
            let cell = e.cell("cell", "the cell")?;
            let at = e.at("digits");
            let list = e.required("digits", "the digits the cell may hold")?;
            let list = crate::json_read::array(list, &at, "a list of digits")?;
            let mut digits = Vec::with_capacity(list.len());
            for (i, d) in list.iter().enumerate() {
                let d = crate::json_read::uint(d, &format!("{at}[{i}]"), "a digit")?;
                digits.push(usize::try_from(d).unwrap_or(usize::MAX));
            }
            Ok((cell, digits))
        })?;
        Ok(Candidates { cells })
    }

    fn write(&self, out: &mut serde_json::Map<String, serde_json::Value>) {
        let list = self.cells.iter().map(|(c, d)| serde_json::json!({"cell": cell_json(*c), "digits": d}));
        out.insert("cells".into(), serde_json::Value::Array(list.collect()));
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        let n = geometry.n();
        let cells: Vec<Cell> = self.cells.iter().map(|(c, _)| *c).collect();
        check_cells(n, &cells, |i| format!("cells[{i}].cell"))?;
        for (i, (_, digits)) in self.cells.iter().enumerate() {
            if digits.is_empty() {
                return Err(RuleError::new(format!("cells[{i}].digits"), "a cell needs at least one candidate"));
            }
            for (j, &d) in digits.iter().enumerate() {
                if !(1..=n).contains(&d) {
                    return Err(RuleError::new(
                        format!("cells[{i}].digits[{j}]"),
                        format!("{d} is not a digit 1 to {n}"),
                    ));
                }
                if digits[..j].contains(&d) {
                    return Err(RuleError::new(format!("cells[{i}].digits[{j}]"), format!("{d} is listed twice")));
                }
            }
        }
        Ok(())
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        for (cell, digits) in &self.cells {
            for d in (1..=b.n()).filter(|d| !digits.contains(d)) {
                b.exclude(*cell, d, "candidates");
            }
        }
    }

    fn check(&self, _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        let mut out = Vec::new();
        for (cell, digits) in &self.cells {
            let v = grid.get(*cell);
            if v != 0 && !digits.contains(&v) {
                let list: Vec<String> = digits.iter().map(ToString::to_string).collect();
                out.push(Violation::Rule {
                    rule: "given candidates".into(),
                    message: format!("{cell} holds {v}, not one of its candidates {}", list.join(", ")),
                    cells: vec![*cell],
                });
            }
        }
        out
    }

    fn draw(&self, _geometry: &Geometry) -> Vec<Mark> {
        let text = self
            .cells
            .iter()
            .map(|(c, d)| format!("{c}: {}", d.iter().map(ToString::to_string).collect::<Vec<_>>().join("")))
            .collect::<Vec<_>>()
            .join(", ");
        vec![Mark::Caption(format!("candidates {text}"))]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{agreement4, c};

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        let rule = Candidates { cells: vec![(c(1, 1), vec![1, 3]), (c(2, 3), vec![2]), (c(4, 4), vec![1, 2, 4])] };
        let (yes, no) = agreement4(rule.into());
        assert!(yes > 0 && no > 0, "{yes} {no}");
    }

    #[test]
    fn validation_names_the_digit() {
        let g = Geometry::new(4, None).expect("4x4");
        let bad = Candidates { cells: vec![(c(1, 1), vec![1, 5])] };
        assert_eq!(bad.validate(&g).expect_err("5 on 4x4").path, "cells[0].digits[1]");
        let bad = Candidates { cells: vec![(c(1, 1), vec![])] };
        assert_eq!(bad.validate(&g).expect_err("empty").path, "cells[0].digits");
    }
}

//! Low before high: in each listed row, the 1 stands left of the `n` (the 9 on a 9×9). A small
//! rule that shows the model's auxiliary binaries at work: one indicator a row,
//! `y_r = [the 1 stands left of the n in row r]`, tied to the cube by two big-M rows over the
//! columns of the two digits, and forced to 1 in the listed rows:
//!
//! ```text
//!   pos(d) = Σ_c (c+1)·x[r c, d]                  (the column of digit d, 1..n)
//!   low_before_high_r{r}_if_y     :  pos(n) − pos(1) − n·y_r >= 1 − n
//!   low_before_high_r{r}_if_not_y :  pos(n) − pos(1) − n·y_r <= −1
//!   low_before_high_r{r}_holds    :  y_r >= 1                     (listed rows only)
//! ```
//!
//! `y_r = 1` allows only `pos(n) > pos(1)`, `y_r = 0` only `pos(n) < pos(1)`: the indicator is
//! decided by the grid, so every grid is counted once.

use serde_json::{Map, Value};

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::model::Sense;

use super::{Emit, Fields, Mark, RuleError, RuleKind};

/// In each listed row (numbered from 1), the 1 stands left of the n.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LowBeforeHigh {
    /// The rows, numbered from 1.
    pub rows: Vec<usize>,
}

impl RuleKind for LowBeforeHigh {
    const FPUZZLES_KEYS: &'static [&'static str] = &[];

    fn from_fpuzzles(_: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        Ok(None)
    }

    fn to_fpuzzles(&self, _: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        Err(super::FPuzzlesWriteError::no_form(Self::NAME))
    }

    const NAME: &'static str = "low-before-high";
    const SUMMARY: &'static str = "in each listed row the 1 stands left of the highest digit";

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        let list = f.required("rows", "a list of row numbers from 1")?;
        let items = list.as_array().ok_or_else(|| f.error("rows", format!("expected a list of row numbers, found {list}")))?;
        let rows = items
            .iter()
            .enumerate()
            .map(|(i, v)| {
                v.as_u64()
                    .and_then(|r| usize::try_from(r).ok())
                    .ok_or_else(|| f.error("rows", format!("item {i}: expected a row number from 1, found {v}")))
            })
            .collect::<Result<_, _>>()?;
        Ok(LowBeforeHigh { rows })
    }

    fn write(&self, out: &mut Map<String, Value>) {
        out.insert("rows".into(), self.rows.iter().map(|&r| Value::from(r)).collect());
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        let n = geometry.n();
        for (i, &r) in self.rows.iter().enumerate() {
            if r == 0 || r > n {
                return Err(RuleError::new(format!("rows[{i}]"), format!("row {r} is not a row of 1..{n}")));
            }
            if self.rows[..i].contains(&r) {
                return Err(RuleError::new(format!("rows[{i}]"), format!("row {r} is listed twice")));
            }
        }
        if n < 2 && !self.rows.is_empty() {
            return Err(RuleError::new("rows", "a 1x1 grid has no two digits to order"));
        }
        Ok(())
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        let n = b.n();
        if n < 2 {
            return;
        }
        for r in 1..=n {
            let y = b.aux(format!("low_before_high_r{r}"));
            let mut terms: Vec<(u32, i32)> = Vec::new();
            for c in 0..n {
                terms.push((b.var(Cell::new(r - 1, c), n), c as i32 + 1));
                terms.push((b.var(Cell::new(r - 1, c), 1), -(c as i32 + 1)));
            }
            terms.push((y, -(n as i32)));
            b.row(format_args!("low_before_high_r{r}_if_y"), terms.clone(), Sense::Ge, 1 - n as i32);
            b.row(format_args!("low_before_high_r{r}_if_not_y"), terms, Sense::Le, -1);
            if self.rows.contains(&r) {
                b.row(format_args!("low_before_high_r{r}_holds"), vec![(y, 1)], Sense::Ge, 1);
            }
        }
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        let n = geometry.n();
        let mut out = Vec::new();
        for &r in &self.rows {
            let cells: Vec<Cell> = (0..n).map(|c| Cell::new(r - 1, c)).collect();
            let low = cells.iter().find(|&&c| grid.get(c) == 1);
            let high = cells.iter().find(|&&c| grid.get(c) == n);
            if let (Some(&low), Some(&high)) = (low, high) {
                if high.col < low.col {
                    out.push(Violation::Rule {
                        rule: "low before high".into(),
                        message: format!("in row {r} the {n} ({high}) stands left of the 1 ({low})"),
                        cells: vec![low, high],
                    });
                }
            }
        }
        out
    }

    fn draw(&self, _geometry: &Geometry) -> Vec<Mark> {
        let rows: Vec<String> = self.rows.iter().map(ToString::to_string).collect();
        vec![Mark::Caption(format!("low before high: in rows {} the 1 stands left of the highest digit", rows.join(", ")))]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::agreement4;
    use crate::{Model, Puzzle};

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid_and_the_model_has_one_indicator_a_row() {
        let (yes, no) = agreement4(LowBeforeHigh { rows: vec![1, 3] }.into());
        assert!(yes > 0 && no > 0, "{yes} {no}");
        let m = Model::build(&Puzzle::blank(Geometry::new(4, None).expect("4x4")).with_rule(LowBeforeHigh { rows: vec![2] }));
        assert_eq!((m.num_vars(), m.num_cube_vars()), (64 + 4, 64));
        assert_eq!(m.aux_names()[1], "low_before_high_r2");
    }

    #[test]
    fn rows_outside_the_grid_are_named() {
        let g = Geometry::new(4, None).expect("4x4");
        assert_eq!(LowBeforeHigh { rows: vec![1, 5] }.validate(&g).expect_err("5").path, "rows[1]");
        assert_eq!(LowBeforeHigh { rows: vec![2, 2] }.validate(&g).expect_err("twice").path, "rows[1]");
    }
}

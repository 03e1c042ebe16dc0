//! One diagonal only: the positive diagonal (bottom-left to top-right, r9c1 to r1c9 on a 9x9) holds every digit once (f-puzzles `diagonal+`).
//! Both diagonals together are the [`Diagonal`](super::Diagonal) rule (X-Sudoku).
//!
//! ```text
//!   positive_diagonal_d{d} :  Σ_{c on the diagonal} x[c, d] = 1     (n rows)
//! ```

use crate::check::{duplicates, Unit, Violation};
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;

use super::draw::Width;
use super::{Emit, Mark, RuleKind};

/// The positive diagonal (bottom-left to top-right, r9c1 to r1c9 on a 9x9) holds each digit once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PositiveDiagonal;

/// The diagonal's cells, found by walking it (the rows and the checker share nothing else).
fn cells(n: usize) -> Vec<Cell> {
    (0..n).map(|i| Cell::new(n - 1 - i, i)).collect()
}

impl RuleKind for PositiveDiagonal {
    const FPUZZLES_KEYS: &'static [&'static str] = &["diagonal+"];

    /// `diagonal+` alone (both diagonals are the `diagonal` rule).
    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        Ok((f.flag("diagonal+")? && !f.flag("diagonal-")?).then_some(PositiveDiagonal))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        f.flag("diagonal+");
        Ok(())
    }

    const NAME: &'static str = "positive-diagonal";
    const ALIASES: &'static [&'static str] = &["diagonal+", "anti-diagonal"];
    const SUMMARY: &'static str =
        "the positive diagonal (bottom-left to top-right, r9c1 to r1c9 on a 9x9) holds each digit once";

    fn switch() -> Option<Self> {
        Some(PositiveDiagonal)
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        let line = cells(b.n());
        b.all_different("positive_diagonal", &line);
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        let n = geometry.n();
        let line: Vec<Cell> = super::all_cells(n).filter(|c| c.row as usize + c.col as usize == n - 1).collect();
        duplicates(&Unit::Named("positive-diagonal".into()), &line, grid)
    }

    fn draw(&self, geometry: &Geometry) -> Vec<Mark> {
        let n = geometry.n() as f64;
        vec![Mark::Line { points: vec![(n, 0.0), (0.0, n)], colour: "#8c8c8c", width: Width::Lines(1.5) }]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::agreement4;

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        let (yes, no) = agreement4(PositiveDiagonal.into());
        assert!(yes > 0 && no > 0, "{yes} {no}");
    }
}

//! X-Sudoku (seed 004's diagonal Sudoku): both main diagonals hold every digit once.
//!
//! ```text
//!   diag_d{d}     :  Σ_i x[r_i c_i, d]         = 1      (n rows)
//!   antidiag_d{d} :  Σ_i x[r_i c_{n+1−i}, d]   = 1      (n rows)
//! ```
//!
//! As in the seed: `quicksum(vars[i, i, v]) == 1` and `quicksum(vars[i, n−1−i, v]) == 1`.

use crate::check::{duplicates, Unit, Violation};
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;

use super::{Emit, Mark, RuleKind};

/// Lines of the diagonals.
const LINE: &str = "#8c8c8c";

/// X-Sudoku: both main diagonals hold each digit once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Diagonal;

impl RuleKind for Diagonal {
    const FPUZZLES_KEYS: &'static [&'static str] = &["diagonal+", "diagonal-"];

    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        Ok((f.flag("diagonal+")? && f.flag("diagonal-")?).then_some(Diagonal))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        f.flag("diagonal+");
        f.flag("diagonal-");
        Ok(())
    }

    const NAME: &'static str = "diagonal";
    const ALIASES: &'static [&'static str] = &["diagonals", "x-sudoku", "x"];
    const SUMMARY: &'static str = "both main diagonals hold each digit once";

    fn switch() -> Option<Self> {
        Some(Diagonal)
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        emit(b);
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        check(geometry, grid)
    }

    fn draw(&self, geometry: &Geometry) -> Vec<Mark> {
        let n = geometry.n() as f64;
        let line = |points| Mark::Line { points, colour: LINE, width: super::draw::Width::Lines(1.5) };
        vec![line(vec![(0.0, 0.0), (n, n)]), line(vec![(0.0, n), (n, 0.0)])]
    }
}

/// The main diagonal (r1c1 → rNcN) and the anti-diagonal (r1cN → rNc1).
pub fn diagonals(n: usize) -> [Vec<Cell>; 2] {
    [(0..n).map(|i| Cell::new(i, i)).collect(), (0..n).map(|i| Cell::new(i, n - 1 - i)).collect()]
}

fn emit(b: &mut Emit<'_, '_>) {
    let [main, anti] = diagonals(b.n());
    b.all_different("diag", &main);
    b.all_different("antidiag", &anti);
}

fn check(geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
    let [main, anti] = diagonals(geometry.n());
    let mut out = duplicates(&Unit::Named("main diagonal".into()), &main, grid);
    out.extend(duplicates(&Unit::Named("anti-diagonal".into()), &anti, grid));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{agreement4, c, grid4};

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        let (yes, no) = agreement4(Diagonal.into());
        assert!(yes > 0 && no > 0, "{yes} {no}");
    }

    #[test]
    fn a_repeat_on_the_anti_diagonal_is_named() {
        // Valid Sudoku; anti-diagonal r1c4, r2c3, r3c2, r4c1 = 4, 1, 1, 4.
        let g = grid4([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
        let v = check(&Geometry::new(4, None).expect("4x4"), &g);
        let text: Vec<String> = v.iter().map(ToString::to_string).collect();
        assert!(text.contains(&"anti-diagonal has two 1s: r2c3, r3c2".to_string()), "{text:?}");
        assert!(text.contains(&"anti-diagonal has two 4s: r1c4, r4c1".to_string()), "{text:?}");
        assert_eq!(diagonals(4)[1][0], c(1, 4));
    }
}

//! Anti-king: no two cells a chess king's move apart hold the same digit.
//!
//! Orthogonal neighbours already differ (same row or column), so the rule is about diagonal
//! neighbours, and each diagonal pair lies in exactly one 2×2 square. Given the row and column
//! rows, "anti-king" is therefore "every 2×2 square holds distinct digits", a 4-cell clique:
//!
//! ```text
//!   king_{tl}_d{d} :  Σ_{cells c of the 2×2 square at top-left tl} x[c, d] <= 1
//! ```
//!
//! for every square not inside one box or region (those are forbidden already). One 4-term
//! row replaces two pairwise rows and is tighter in the LP relaxation.

use crate::check::Violation;
use crate::geometry::Cell;
use crate::grid::Grid;

use crate::geometry::Geometry;

use super::{Emit, RuleKind};

/// No two cells a king's move apart (diagonally touching) hold the same digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AntiKing;

impl RuleKind for AntiKing {
    const FPUZZLES_KEYS: &'static [&'static str] = &["antiking"];

    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        Ok(f.flag("antiking")?.then_some(AntiKing))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        f.flag("antiking");
        Ok(())
    }

    const NAME: &'static str = "anti-king";
    const ALIASES: &'static [&'static str] = &["antiking"];
    const SUMMARY: &'static str = "equal digits never touch diagonally";

    fn switch() -> Option<Self> {
        Some(AntiKing)
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        emit(b);
    }

    fn check(&self, _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        check(grid)
    }
}

/// The cells of the 2×2 square with top-left corner `(r, c)`, 0-based.
fn square(r: usize, c: usize) -> [Cell; 4] {
    [Cell::new(r, c), Cell::new(r, c + 1), Cell::new(r + 1, c), Cell::new(r + 1, c + 1)]
}

fn emit(b: &mut Emit<'_, '_>) {
    let n = b.n();
    let region = b.geometry().region_of_cells();
    for r in 0..n.saturating_sub(1) {
        for c in 0..n - 1 {
            let cells = square(r, c);
            if cells.iter().all(|x| region[x.index(n)] == region[cells[0].index(n)]) {
                continue;
            }
            b.at_most_once(format!("king_{}", cells[0]), &cells);
        }
    }
}

fn check(grid: &Grid) -> Vec<Violation> {
    let n = grid.n();
    let mut out = Vec::new();
    for r in 0..n.saturating_sub(1) {
        for c in 0..n - 1 {
            let [tl, tr, bl, br] = square(r, c);
            for (p, q) in [(tl, br), (tr, bl)] {
                if grid.get(p) != 0 && grid.get(p) == grid.get(q) {
                    out.push(Violation::Rule {
                        rule: "anti-king".into(),
                        message: format!("{p} and {q} touch diagonally and both hold {}", grid.get(p)),
                        cells: vec![p, q],
                    });
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Geometry;
    use crate::model::Model;
    use crate::puzzle::Puzzle;
    use crate::rules::testing::{agreement4, grid4};
    use crate::rules::Rule;
    #[allow(unused_imports)]
    use crate::rules::*;

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        // No 4x4 Sudoku is anti-king (the middle 2x2 square would need a fifth digit next to
        // its box neighbours), so both must reject all 288; 9x9 grids that pass are in
        // tests/variants.rs.
        assert_eq!(agreement4(Rule::AntiKing(AntiKing)), (0, 288));
    }

    #[test]
    fn squares_inside_a_box_are_skipped() {
        // 9x9: 64 squares, 4 per box (36) inside boxes, 28 crossing a border.
        let m = Model::build(&Puzzle::blank(Geometry::new(9, None).expect("9x9")).with_rule(Rule::AntiKing(AntiKing)));
        assert_eq!(m.rows().len(), 324 + 28 * 9);
    }

    #[test]
    fn diagonal_touch_is_reported_once() {
        let g = grid4([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
        let v = check(&g);
        // r2c2=4 and r3c3=4; r2c3=1 and r3c2=1.
        assert_eq!(v.len(), 2, "{v:?}");
        assert_eq!(v[0].to_string(), "anti-king: r2c2 and r3c3 touch diagonally and both hold 4 (r2c2, r3c3)");
    }
}

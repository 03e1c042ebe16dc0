//! Non-consecutive: orthogonally adjacent cells never hold consecutive digits.
//!
//! For neighbours `a`, `b` and each `d` in `1..n−1`, the four variables `x[a,d]`, `x[a,d+1]`,
//! `x[b,d]`, `x[b,d+1]` are pairwise incompatible: within a cell by its cell row, equal digits
//! by the shared row or column, and `d`/`d+1` across the pair by this rule. So one clique row
//!
//! ```text
//!   noncon_{a}_{b}_d{d} :  x[a,d] + x[a,d+1] + x[b,d] + x[b,d+1] <= 1
//! ```
//!
//! replaces the two pairwise rows `x[a,d] + x[b,d+1] <= 1`, `x[a,d+1] + x[b,d] <= 1` and is
//! tighter in the LP relaxation. Valid for every grid whose rows and columns are right.

use crate::check::Violation;
use crate::grid::Grid;
use crate::model::Sense;

use crate::geometry::{Cell, Geometry};

use super::{orthogonal_pairs, pair_violation, Emit, RuleKind};

/// Orthogonally adjacent cells never hold consecutive digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NonConsecutive;

impl RuleKind for NonConsecutive {
    const FPUZZLES_KEYS: &'static [&'static str] = &["nonconsecutive"];

    /// `nonconsecutive` without Kropki dots or the black negative constraint (with them it
    /// is kropki's "all white dots given").
    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let dots = super::kropki::Dots::read(f)?;
        let plain = !dots.any_kropki() && !f.negative()?.contains(&"ratio");
        Ok((f.flag("nonconsecutive")? && plain).then_some(NonConsecutive))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        let dotted = |r: &super::Rule| matches!(r, super::Rule::Kropki(k) if !k.white.is_empty() || !k.black.is_empty());
        if f.rules().iter().any(dotted) {
            return Err(super::FPuzzlesWriteError(
                "non-consecutive together with Kropki dots has no f-puzzles form".into(),
            ));
        }
        f.flag("nonconsecutive");
        Ok(())
    }

    const NAME: &'static str = "non-consecutive";
    const ALIASES: &'static [&'static str] = &["nonconsecutive"];
    const SUMMARY: &'static str = "neighbours never hold consecutive digits";

    fn switch() -> Option<Self> {
        Some(NonConsecutive)
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        emit(b);
    }

    fn check(&self, _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        check(grid)
    }
}

fn emit(b: &mut Emit<'_, '_>) {
    let n = b.n();
    for (p, q) in orthogonal_pairs(n) {
        b.clue(format!("the neighbours {p} and {q} (not consecutive)"), [p, q]);
        for d in 1..n {
            let terms = vec![(b.var(p, d), 1), (b.var(p, d + 1), 1), (b.var(q, d), 1), (b.var(q, d + 1), 1)];
            b.row(format_args!("noncon_{p}_{q}_d{d}"), terms, Sense::Le, 1);
        }
    }
}

/// The checker looks right and down from every cell itself (the rows use
/// [`orthogonal_pairs`]).
fn check(grid: &Grid) -> Vec<Violation> {
    let n = grid.n();
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let p = Cell::new(r, c);
            for q in [(r, c + 1), (r + 1, c)].into_iter().filter(|&(r2, c2)| r2 < n && c2 < n) {
                let q = Cell::new(q.0, q.1);
                let (a, b) = (grid.get(p), grid.get(q));
                if a != 0 && b != 0 && a.abs_diff(b) == 1 {
                    out.push(pair_violation("non-consecutive", (p, q), grid, "are consecutive neighbours"));
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
    use crate::rules::testing::{all_grids4, c};
    use crate::rules::Rule;
    #[allow(unused_imports)]
    use crate::rules::*;
    use crate::{check, Model, Puzzle};

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        // No 4x4 Sudoku is non-consecutive: a row can only be 2413 or 3142, and four rows from
        // two patterns repeat a column. Both must reject all 288 (9x9 grids that pass are in
        // tests/variants.rs).
        let puzzle =
            Puzzle::blank(Geometry::new(4, None).expect("4x4")).with_rule(Rule::NonConsecutive(NonConsecutive));
        let model = Model::build(&puzzle);
        for g in all_grids4() {
            assert!(!check::verify(&puzzle, g).is_empty());
            assert!(!model.is_feasible(&model.ones_from_grid(g)));
        }
    }

    #[test]
    fn partial_grids_only_report_filled_pairs() {
        let mut g = Grid::empty(4);
        g.set(c(1, 1), 2);
        g.set(c(1, 2), 3);
        g.set(c(2, 2), 0);
        let v = check(&g);
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].to_string(), "non-consecutive: r1c1 (2) and r1c2 (3) are consecutive neighbours (r1c1, r1c2)");
    }
}

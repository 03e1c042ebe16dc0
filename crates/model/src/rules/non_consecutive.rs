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

use super::{orthogonal_pairs, pair_violation, Emit};

pub(crate) fn emit(b: &mut Emit<'_, '_>) {
    let n = b.n();
    for (p, q) in orthogonal_pairs(n) {
        for d in 1..n {
            let terms = vec![(b.var(p, d), 1), (b.var(p, d + 1), 1), (b.var(q, d), 1), (b.var(q, d + 1), 1)];
            b.row(format!("noncon_{p}_{q}_d{d}"), terms, Sense::Le, 1);
        }
    }
}

pub(crate) fn check(grid: &Grid) -> Vec<Violation> {
    orthogonal_pairs(grid.n())
        .filter(|&(p, q)| grid.get(p) != 0 && grid.get(q) != 0 && grid.get(p).abs_diff(grid.get(q)) == 1)
        .map(|pair| pair_violation("non-consecutive", pair, grid, "are consecutive neighbours"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Geometry;
    use crate::rules::testing::{all_grids4, c};
    use crate::rules::Rule;
    use crate::{check, Model, Puzzle};

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        // No 4x4 Sudoku is non-consecutive: a row can only be 2413 or 3142, and four rows from
        // two patterns repeat a column. Both must reject all 288 (9x9 grids that pass are in
        // tests/variants.rs).
        let puzzle = Puzzle::blank(Geometry::new(4, None).expect("4x4")).with_rule(Rule::NonConsecutive);
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

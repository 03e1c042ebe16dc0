//! Anti-knight: no two cells a chess knight's move apart hold the same digit.
//!
//! ```text
//!   knight_{a}_{b}_d{d} :  x[a, d] + x[b, d] <= 1     for every knight pair {a, b} and digit d
//! ```
//!
//! The knight graph has no triangles, so pairwise rows are already its largest cliques. Pairs
//! inside one box (or jigsaw region) are skipped: the region rows forbid the repeat already.
//! On 9×9 that leaves 152 pairs, 1368 rows.

use crate::check::Violation;
use crate::geometry::Cell;
use crate::grid::Grid;
use crate::model::Sense;

use super::{all_cells, Emit};

/// Every pair of cells a knight's move apart, each once (the first cell earlier row-major).
pub fn knight_pairs(n: usize) -> Vec<(Cell, Cell)> {
    const STEPS: [(isize, isize); 4] = [(1, -2), (1, 2), (2, -1), (2, 1)];
    let mut out = Vec::new();
    for a in all_cells(n) {
        for (dr, dc) in STEPS {
            let (r, c) = (a.row as isize + dr, a.col as isize + dc);
            if (0..n as isize).contains(&r) && (0..n as isize).contains(&c) {
                out.push((a, Cell::new(r as usize, c as usize)));
            }
        }
    }
    out
}

pub(crate) fn emit(b: &mut Emit<'_, '_>) {
    let n = b.n();
    let region = b.geometry().region_of_cells();
    for (p, q) in knight_pairs(n) {
        if region[p.index(n)] == region[q.index(n)] {
            continue;
        }
        for d in 1..=n {
            let terms = vec![(b.var(p, d), 1), (b.var(q, d), 1)];
            b.row(format!("knight_{p}_{q}_d{d}"), terms, Sense::Le, 1);
        }
    }
}

pub(crate) fn check(grid: &Grid) -> Vec<Violation> {
    knight_pairs(grid.n())
        .into_iter()
        .filter(|&(p, q)| grid.get(p) != 0 && grid.get(p) == grid.get(q))
        .map(|(p, q)| Violation::Rule {
            rule: "anti-knight".into(),
            message: format!("{p} and {q} are a knight's move apart and both hold {}", grid.get(p)),
            cells: vec![p, q],
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Geometry;
    use crate::model::Model;
    use crate::puzzle::Puzzle;
    use crate::rules::testing::{agreement4, c};
    use crate::rules::Rule;

    #[test]
    fn knight_pairs_are_counted_right() {
        // 4·(n−1)·(n−2) unordered knight pairs on an n×n board.
        assert_eq!(knight_pairs(9).len(), 4 * 8 * 7);
        assert_eq!(knight_pairs(4).len(), 4 * 3 * 2);
        assert!(knight_pairs(9).contains(&(c(1, 1), c(2, 3))));
    }

    #[test]
    fn same_box_pairs_are_left_to_the_boxes() {
        let m = Model::build(&Puzzle::blank(Geometry::new(9, None).expect("9x9")).with_rule(Rule::AntiKnight));
        assert_eq!(m.rows().len(), 324 + 152 * 9);
    }

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        let (yes, no) = agreement4(Rule::AntiKnight);
        assert!(yes > 0 && no > 0, "{yes} {no}");
    }
}

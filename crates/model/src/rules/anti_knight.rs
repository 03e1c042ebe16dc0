//! Anti-knight: no two cells a chess knight's move apart hold the same digit.
//!
//! The pairwise form `x[a,d] + x[b,d] <= 1` is weak in the LP relaxation (the knight graph has
//! no triangles). Combined with the unit rows it has larger cliques: the knight neighbours of
//! `a` that lie in one row, column or box `U` cannot repeat `d` among themselves, and each
//! conflicts with `a`, so
//!
//! ```text
//!   knight_{a}_{k}_d{d} :  x[a, d] + Σ_{b ∈ N(a) ∩ U_k} x[b, d] <= 1
//! ```
//!
//! for each maximal such group `N(a) ∩ U_k` (duplicates and subsets dropped; every knight pair
//! lies in at least one). Neighbours in `a`'s own box or region are left out: its row forbids
//! the repeat already. Valid for every grid whose rows, columns and regions are right.

use crate::check::Violation;
use crate::geometry::Cell;
use crate::grid::Grid;
use crate::model::Sense;

use crate::geometry::Geometry;

use super::{all_cells, Emit, RuleKind};

/// No two cells a chess knight's move apart hold the same digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AntiKnight;

impl RuleKind for AntiKnight {
    const FPUZZLES_KEYS: &'static [&'static str] = &["antiknight"];

    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        Ok(f.flag("antiknight")?.then_some(AntiKnight))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        f.flag("antiknight");
        Ok(())
    }

    const NAME: &'static str = "anti-knight";
    const ALIASES: &'static [&'static str] = &["antiknight"];
    const SUMMARY: &'static str = "equal digits are never a knight's move apart";

    fn switch() -> Option<Self> {
        Some(AntiKnight)
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        emit(b);
    }

    fn check(&self, _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        check(grid)
    }
}

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

fn emit(b: &mut Emit<'_, '_>) {
    let n = b.n();
    let region = b.geometry().region_of_cells();
    let mut neighbours: Vec<Vec<Cell>> = vec![Vec::new(); n * n];
    for (p, q) in knight_pairs(n) {
        if region[p.index(n)] != region[q.index(n)] {
            neighbours[p.index(n)].push(q);
            neighbours[q.index(n)].push(p);
        }
    }
    // A cell's units: row, column, region (distinct ids).
    let units = |c: Cell| [c.row as usize, n + c.col as usize, 2 * n + region[c.index(n)]];
    for a in all_cells(n) {
        let near = &neighbours[a.index(n)];
        let mut groups: Vec<Vec<Cell>> = Vec::new();
        for u in near.iter().flat_map(|&q| units(q)) {
            let group: Vec<Cell> = near.iter().copied().filter(|&q| units(q).contains(&u)).collect();
            if !groups.contains(&group) {
                groups.push(group);
            }
        }
        let maximal: Vec<&Vec<Cell>> = groups
            .iter()
            .filter(|g| !groups.iter().any(|h| h.len() > g.len() && g.iter().all(|x| h.contains(x))))
            .collect();
        for (k, group) in maximal.into_iter().enumerate() {
            for d in 1..=n {
                let mut terms = vec![(b.var(a, d), 1)];
                terms.extend(group.iter().map(|&q| (b.var(q, d), 1)));
                b.row(format_args!("knight_{a}_{}_d{d}", k + 1), terms, Sense::Le, 1);
            }
        }
    }
}

/// The checker walks every cell's knight moves itself (the rows use [`knight_pairs`]), and
/// reports each pair once, from its upper (then left) cell.
fn check(grid: &Grid) -> Vec<Violation> {
    let n = grid.n() as isize;
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let p = Cell::new(r as usize, c as usize);
            let v = grid.get(p);
            for (dr, dc) in [(1, 2), (2, 1), (2, -1), (1, -2)] {
                let (r2, c2) = (r + dr, c + dc);
                if v == 0 || r2 >= n || c2 < 0 || c2 >= n {
                    continue;
                }
                let q = Cell::new(r2 as usize, c2 as usize);
                if grid.get(q) == v {
                    out.push(Violation::Rule {
                        rule: "anti-knight".into(),
                        message: format!("{p} and {q} are a knight's move apart and both hold {v}"),
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
    use crate::rules::testing::{agreement4, c};

    #[test]
    fn knight_pairs_are_every_pair_a_knight_move_apart() {
        for n in [4, 6, 9] {
            let mut brute = Vec::new();
            for a in all_cells(n) {
                for b in all_cells(n) {
                    let (dr, dc) = (a.row.abs_diff(b.row), a.col.abs_diff(b.col));
                    if a < b && ((dr, dc) == (1, 2) || (dr, dc) == (2, 1)) {
                        brute.push((a, b));
                    }
                }
            }
            let mut pairs: Vec<_> = knight_pairs(n).into_iter().map(|(a, b)| (a.min(b), a.max(b))).collect();
            pairs.sort();
            brute.sort();
            assert_eq!(pairs, brute, "{n}");
        }
    }

    #[test]
    fn knight_pairs_are_counted_right() {
        // 4·(n−1)·(n−2) unordered knight pairs on an n×n board.
        assert_eq!(knight_pairs(9).len(), 4 * 8 * 7);
        assert_eq!(knight_pairs(4).len(), 4 * 3 * 2);
        assert!(knight_pairs(9).contains(&(c(1, 1), c(2, 3))));
    }

    #[test]
    fn every_knight_pair_across_regions_is_in_a_clique_row() {
        let m = Model::build(&Puzzle::blank(Geometry::new(9, None).expect("9x9")).with_rule(AntiKnight));
        let region = Geometry::new(9, None).expect("9x9").region_of_cells();
        let rows: Vec<_> = m.rows().iter().filter(|r| r.name.starts_with("knight_")).collect();
        for (p, q) in knight_pairs(9) {
            let (vp, vq) = (m.var(p, 5), m.var(q, 5));
            let covered = rows.iter().any(|r| r.terms.iter().any(|t| t.0 == vp) && r.terms.iter().any(|t| t.0 == vq));
            assert_eq!(covered, region[p.index(9)] != region[q.index(9)], "{p} {q}");
        }
    }

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        let (yes, no) = agreement4(AntiKnight.into());
        assert!(yes > 0 && no > 0, "{yes} {no}");
    }
}

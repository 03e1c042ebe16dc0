//! Jigsaw leftovers: where a jigsaw piece and the grid's rows or columns overlap, what each has
//! outside the other holds the same digits, as implied rows.
//!
//! A row and a piece each hold every digit once. Take away the cells they share and the rest
//! of the row (`A`) and the rest of the piece (`B`) hold the same digits: the law of leftovers a
//! jigsaw setter reads first. The same holds for the first `k` rows (or columns, from either
//! side) against the `k` pieces that lie mostly inside them, when they are `k` pieces: each side
//! holds every digit `k` times, so what is left of each holds every digit equally often.
//!
//! ```text
//!   jigsaw{j}_d{d} :  Σ_{c∈A} x[c,d] − Σ_{c∈B} x[c,d] = 0      0 < |A| = |B| <= MAX_SIDE
//! ```
//!
//! Each row is the difference of house rows the model has (implied, never cutting a
//! solution). The native engine reads `A` and `B` as groups of their house: a digit placed in
//! `A` must be in `B`, and a piece that can no longer put a digit in `B` takes it out of `A`.
//! The Interactive Sudoku Solver's optimizer adds the same sets (`_makeJigsawIntersections`,
//! `_makeJigsawLawOfLeftoverHandlers`) as handlers that compare the sets' candidates.

use std::collections::HashSet;

use crate::model::{Row, RowKind, Sense};

/// Most cells on each side of a row: larger leftovers hold too many digits to say much, and
/// cost more than they save. Ten generated 9×9 jigsaws and the corpus's three, guesses and
/// search time summed: no rows 429 guesses, 38.7 ms (three runs); sides up to 4: 190, 42.2 ms;
/// up to 6 (ISS's bound): 226, 84.5 ms.
const MAX_SIDE: usize = 4;

/// Most pairs of sides kept, per unit of the grid's side: at most `8n` pairs of `n` rows of at
/// most `2·MAX_SIDE` terms, a bounded share of the model whatever the pieces.
const MAX_PAIRS_PER_SIDE: usize = 8;

/// The implied rows of a grid of side `n` cut into `regions` (row-major cell indices; the
/// jigsaw pieces), cube variables numbered `cell·n + d − 1`.
pub(crate) fn jigsaw_leftovers(n: usize, regions: &[Vec<usize>]) -> Vec<Row> {
    if regions.len() != n || regions.iter().any(|r| r.len() != n) {
        return Vec::new();
    }
    let mut region_of = vec![usize::MAX; n * n];
    for (i, region) in regions.iter().enumerate() {
        for &c in region {
            region_of[c] = i;
        }
    }
    let lines: [Vec<Vec<usize>>; 2] = [
        (0..n).map(|r| (0..n).map(|c| r * n + c).collect()).collect(),
        (0..n).map(|c| (0..n).map(|r| r * n + c).collect()).collect(),
    ];
    let mut pairs: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
    // One line against one piece.
    for line in lines.iter().flatten() {
        for (i, region) in regions.iter().enumerate() {
            let shared = line.iter().filter(|&&c| region_of[c] == i).count();
            if shared >= 2 && shared < n {
                let a: Vec<usize> = line.iter().copied().filter(|&c| region_of[c] != i).collect();
                let b: Vec<usize> = region.iter().copied().filter(|c| !line.contains(c)).collect();
                pairs.push((a, b));
            }
        }
    }
    // The first k lines from each side against the pieces mostly inside them.
    for side in &lines {
        for order in [side.clone(), side.iter().rev().cloned().collect()] {
            let mut inside = vec![false; n * n];
            let mut taken = vec![false; n];
            for (k, line) in order.iter().enumerate().take(n - 1) {
                line.iter().for_each(|&c| inside[c] = true);
                for (i, region) in regions.iter().enumerate() {
                    if !taken[i] && 2 * region.iter().filter(|&&c| inside[c]).count() > n {
                        taken[i] = true;
                    }
                }
                if k == 0 || taken.iter().filter(|&&t| t).count() != k + 1 {
                    continue; // one line is the intersections above; sides of unequal size
                }
                let a: Vec<usize> = (0..n * n).filter(|&c| inside[c] && !taken[region_of[c]]).collect();
                let b: Vec<usize> = (0..n * n).filter(|&c| !inside[c] && taken[region_of[c]]).collect();
                pairs.push((a, b));
            }
        }
    }
    let mut seen = HashSet::new();
    let mut rows = Vec::new();
    for (a, b) in pairs {
        if a.is_empty() || a.len() > MAX_SIDE || a.len() != b.len() {
            continue;
        }
        if seen.len() >= MAX_PAIRS_PER_SIDE * n {
            break;
        }
        let key = if a < b { (a.clone(), b.clone()) } else { (b.clone(), a.clone()) };
        if !seen.insert(key) {
            continue;
        }
        let j = seen.len();
        for d in 1..=n {
            let var = |c: usize| (c * n + d - 1) as u32;
            let mut terms: Vec<(u32, i32)> = a.iter().map(|&c| (var(c), 1)).collect();
            terms.extend(b.iter().map(|&c| (var(c), -1)));
            rows.push(Row {
                name: format!("jigsaw{j}_d{d}"),
                kind: RowKind::Implied("jigsaw"),
                terms,
                sense: Sense::Eq,
                rhs: 0,
            });
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 4×4 jigsaw
    /// ```text
    ///   A A A B
    ///   A B B B
    ///   C C C D
    ///   C D D D
    /// ```
    fn pieces() -> Vec<Vec<usize>> {
        vec![vec![0, 1, 2, 4], vec![3, 5, 6, 7], vec![8, 9, 10, 12], vec![11, 13, 14, 15]]
    }

    /// Every grid of the 4×4 jigsaw (rows, columns and pieces hold 1-4 once).
    fn grids() -> Vec<Vec<usize>> {
        let perms: Vec<Vec<usize>> = (0..256)
            .map(|k| (0..4).map(|i| (k >> (2 * i)) & 3).map(|d| d + 1).collect::<Vec<usize>>())
            .filter(|p| (1..=4).all(|d| p.contains(&d)))
            .collect();
        let mut out = Vec::new();
        for a in &perms {
            for b in &perms {
                for c in &perms {
                    for d in &perms {
                        let g: Vec<usize> = [a, b, c, d].iter().flat_map(|r| r.iter().copied()).collect();
                        let ok = |cells: Vec<usize>| {
                            let mut seen = [false; 5];
                            cells.into_iter().all(|k| !std::mem::replace(&mut seen[g[k]], true))
                        };
                        if (0..4).all(|col| ok((0..4).map(|r| r * 4 + col).collect())) && pieces().into_iter().all(ok) {
                            out.push(g);
                        }
                    }
                }
            }
        }
        out
    }

    #[test]
    fn what_a_row_leaves_of_a_piece_holds_the_digits_the_piece_leaves_of_the_row() {
        let rows = jigsaw_leftovers(4, &pieces());
        // Row 1 shares three cells with piece A: r1c4 and r2c1 hold the same digit.
        let r1c4_is_r2c1 = rows.iter().any(|r| {
            let mut t = r.terms.clone();
            t.sort_unstable();
            t == vec![(3 * 4, 1), (4 * 4, -1)] || t == vec![(3 * 4, -1), (4 * 4, 1)]
        });
        assert!(r1c4_is_r2c1, "{:?}", rows.iter().map(|r| &r.terms).collect::<Vec<_>>());
        // Every row holds in every grid, and no grid is cut.
        let grids = grids();
        assert_eq!(grids.len(), 144);
        for g in &grids {
            for row in &rows {
                let sum: i32 =
                    row.terms.iter().map(|&(v, a)| if g[v as usize / 4] == v as usize % 4 + 1 { a } else { 0 }).sum();
                assert_eq!(sum, row.rhs, "{} on {g:?}", row.name);
            }
        }
    }

    #[test]
    fn pieces_that_do_not_cut_the_grid_into_houses_give_no_rows() {
        assert!(jigsaw_leftovers(4, &pieces()[..3]).is_empty(), "three pieces of a 4x4");
        let mut odd = pieces();
        odd[0].pop();
        assert!(jigsaw_leftovers(4, &odd).is_empty(), "a piece of three cells");
    }
}

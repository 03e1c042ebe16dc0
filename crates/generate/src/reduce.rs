//! Clue removal: clear orbits of clues one at a time, keeping each removal only when the
//! puzzle is still proved unique.
//!
//! One pass over every orbit leaves a puzzle from which no orbit can be removed: if removing
//! an orbit broke uniqueness when it was tried, removing it later, from a puzzle with fewer
//! clues, breaks it too (fewer clues never means fewer solutions). With single-cell orbits that
//! is a minimal puzzle.
//!
//! Most removals are decided without the engine:
//! - a clue whose digit the other givens force by a naked or hidden single in the rows,
//!   columns and regions is implied by them, whatever the rules (rules only add constraints, so
//!   a single of the plain relaxation is a single of the variant): the removal is kept.
//!   [`Givens`] keeps the digits given in each unit to see that in a few mask operations;
//! - a removal that empties an [unavoidable set](crate::unavoidable) is refused.
//!
//! Only the rest (about half of the removals of a minimal 9×9 puzzle) costs a search.

use sudoku_ip_model::Geometry;

use crate::oracle::{Oracle, Verdict};
use crate::unavoidable::Unavoidable;
use crate::GenerateError;

/// Givens with the digits each row, column and region holds, for the single tests.
pub(crate) struct Givens {
    n: usize,
    values: Vec<u8>,
    /// Per cell: its row, column and region unit.
    units_of: Vec<[u32; 3]>,
    /// Per unit: its cells.
    cells: Vec<Vec<u32>>,
    /// Per unit: digits given in it, bit `d − 1`.
    mask: Vec<u64>,
}

impl Givens {
    pub(crate) fn new(geometry: &Geometry, values: Vec<u8>) -> Givens {
        let n = geometry.n();
        let region = geometry.region_of_cells();
        let mut cells = vec![Vec::with_capacity(n); 3 * n];
        let units_of: Vec<[u32; 3]> =
            (0..n * n).map(|k| [(k / n) as u32, (n + k % n) as u32, (2 * n + region[k]) as u32]).collect();
        for (k, us) in units_of.iter().enumerate() {
            for &u in us {
                cells[u as usize].push(k as u32);
            }
        }
        let mut g = Givens { n, values: vec![0; n * n], units_of, cells, mask: vec![0; 3 * n] };
        for (k, v) in values.into_iter().enumerate() {
            g.set(k, v);
        }
        g
    }

    pub(crate) fn values(&self) -> &[u8] {
        &self.values
    }

    fn set(&mut self, k: usize, v: u8) {
        let old = self.values[k];
        for &u in &self.units_of[k] {
            let m = &mut self.mask[u as usize];
            if old != 0 {
                *m &= !(1u64 << (old - 1));
            }
            if v != 0 {
                *m |= 1u64 << (v - 1);
            }
        }
        self.values[k] = v;
    }

    /// Digits the givens rule out of cell `k` by its row, column and region.
    fn seen(&self, k: usize) -> u64 {
        self.units_of[k].iter().fold(0, |m, &u| m | self.mask[u as usize])
    }

    /// Whether the givens force digit `d` into the empty cell `k` by a single.
    fn forces(&self, k: usize, d: u8) -> bool {
        let bit = 1u64 << (d - 1);
        if (self.seen(k) & !bit).count_ones() as usize == self.n - 1 {
            return true; // naked single
        }
        self.units_of[k].iter().any(|&u| {
            self.mask[u as usize] & bit == 0
                && self.cells[u as usize]
                    .iter()
                    .all(|&e| e as usize == k || self.values[e as usize] != 0 || self.seen(e as usize) & bit != 0)
        })
    }
}

impl Givens {
    /// Whether naked and hidden singles in the rows, columns and regions, repeated until they
    /// place nothing more, fill the whole grid from these givens. Then the plain puzzle has
    /// one solution, and so has the variant (its rules only add constraints), so the givens
    /// are unique without a search. Unit masks and per-unit "seen once / twice" bit sets keep a
    /// sweep to a few mask operations a cell.
    fn solved_by_singles(&self) -> bool {
        let n = self.n;
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut values = self.values.clone();
        let mut mask = self.mask.clone();
        let mut empty = values.iter().filter(|&&v| v == 0).count();
        let place = |values: &mut Vec<u8>, mask: &mut Vec<u64>, k: usize, bit: u64| {
            values[k] = bit.trailing_zeros() as u8 + 1;
            for &u in &self.units_of[k] {
                mask[u as usize] |= bit;
            }
        };
        while empty > 0 {
            let before = empty;
            // Naked singles.
            for k in 0..n * n {
                if values[k] != 0 {
                    continue;
                }
                let seen = self.units_of[k].iter().fold(0, |m, &u| m | mask[u as usize]);
                let candidates = full & !seen;
                if candidates.count_ones() == 1 {
                    place(&mut values, &mut mask, k, candidates);
                    empty -= 1;
                } else if candidates == 0 {
                    return false;
                }
            }
            // Hidden singles: digits that fit exactly one empty cell of a unit.
            for u in 0..3 * n {
                let (mut once, mut twice) = (0u64, 0u64);
                for &e in &self.cells[u] {
                    let e = e as usize;
                    if values[e] == 0 {
                        let c = full & !self.units_of[e].iter().fold(0, |m, &w| m | mask[w as usize]);
                        twice |= once & c;
                        once |= c;
                    }
                }
                let hidden = once & !twice & !mask[u];
                if hidden == 0 {
                    continue;
                }
                for &e in &self.cells[u] {
                    let e = e as usize;
                    if values[e] != 0 {
                        continue;
                    }
                    let c = full & !self.units_of[e].iter().fold(0, |m, &w| m | mask[w as usize]);
                    let bit = c & hidden & !mask[u];
                    if bit != 0 {
                        place(&mut values, &mut mask, e, bit & bit.wrapping_neg());
                        empty -= 1;
                    }
                }
            }
            if empty == before {
                return false;
            }
        }
        true
    }
}

/// How far a removal pass got.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Pass {
    /// Every orbit was tried (none skipped for the target) and decided (no search stopped by
    /// the node limit): no orbit can be removed.
    pub complete: bool,
    /// Clues left.
    pub clues: usize,
    /// Why the pass stopped before trying every orbit (time limit, cancelled).
    pub stopped: Option<String>,
}

/// Remove clues of `givens` (whose unique solution is `solution`) orbit by orbit, in the order
/// given, stopping once `stop_at` clues are left (never going below it). `unavoidable` must be
/// sets of this solution that the puzzle's rules allow to change. `nodes` bounds each search;
/// a removal whose search stops there is not made, so the puzzle stays proved unique. When the
/// oracle's job is told to stop, the pass ends there with the clues removed so far (still a
/// unique puzzle).
pub(crate) fn remove_clues(
    oracle: &mut Oracle,
    givens: &mut Givens,
    solution: &[u8],
    unavoidable: Option<&Unavoidable>,
    orbits: &[Vec<usize>],
    stop_at: Option<usize>,
    nodes: Option<u64>,
) -> Result<Pass, GenerateError> {
    let mut clues = givens.values.iter().filter(|&&v| v != 0).count();
    let mut complete = true;
    let mut filled: Vec<usize> = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    let total = orbits.len() as u64;
    for (tried, orbit) in (0..).zip(orbits) {
        oracle.cancel().note_steps(tried, total);
        if let Some(reason) = oracle.stop_reason() {
            return Ok(Pass { complete: false, clues, stopped: Some(reason) });
        }
        filled.clear();
        filled.extend(orbit.iter().copied().filter(|&k| givens.values[k] != 0));
        if filled.is_empty() {
            continue;
        }
        if let Some(target) = stop_at {
            if clues <= target {
                return Ok(Pass { complete: false, clues, stopped: None });
            }
            if clues - filled.len() < target {
                complete = false;
                continue;
            }
        }
        for &k in &filled {
            givens.set(k, 0);
        }
        let keep = if unavoidable.is_some_and(|u| u.emptied(&givens.values, &filled)) {
            false
        } else {
            // Put back, one at a time, the clues the others force; what is left to prove is
            // whether the rest can go.
            open.clear();
            open.extend_from_slice(&filled);
            while let Some(i) = open.iter().position(|&k| givens.forces(k, solution[k])) {
                let k = open.swap_remove(i);
                givens.set(k, solution[k]);
            }
            for &k in &filled {
                givens.set(k, 0);
            }
            // Every solution agrees with `solution` on the forced cells, so another one would
            // differ in `open`.
            open.is_empty()
                || (!oracle.is_plain9() && givens.solved_by_singles())
                || match oracle.still_unique(&givens.values, &open, solution, nodes)? {
                    Verdict::Unique => true,
                    Verdict::NotUnique => false,
                    Verdict::Unknown => {
                        complete = false;
                        false
                    }
                }
        };
        if keep {
            clues -= filled.len();
        } else {
            for &k in &filled {
                givens.set(k, solution[k]);
            }
        }
    }
    oracle.cancel().note_steps(total, total);
    Ok(Pass { complete, clues, stopped: None })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn givens4(values: [u8; 16]) -> Givens {
        Givens::new(&Geometry::new(4, None).expect("4x4"), values.to_vec())
    }

    #[test]
    fn singles_fill_a_grid_only_when_they_decide_every_cell() {
        // Solution 1234/3412/2143/4321.
        let solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        assert!(givens4(solution).solved_by_singles());
        // One cell short of each row: naked singles.
        assert!(givens4([1, 2, 3, 0, 3, 4, 0, 2, 2, 0, 4, 3, 0, 3, 2, 1]).solved_by_singles());
        // A whole empty row: each of its cells' columns leaves one digit.
        assert!(givens4([0, 0, 0, 0, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).solved_by_singles());
        // An empty grid has many solutions; a deadly pattern (two ways to swap 1 and 2) too.
        assert!(!givens4([0; 16]).solved_by_singles());
        assert!(!givens4([0, 0, 3, 4, 3, 4, 0, 0, 0, 0, 4, 3, 4, 3, 0, 0]).solved_by_singles());
    }
}

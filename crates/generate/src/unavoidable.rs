//! Unavoidable sets of a full grid: cells of which every unique puzzle with this solution must
//! give at least one, because the grid can be changed inside them alone. The generator refuses,
//! without a search, a removal that would leave one of them empty — about half of the refused
//! removals of a minimal 9×9 puzzle, which are otherwise the most expensive searches.
//!
//! Two cheap families, valid for puzzles without variant rules (a rule could forbid the swap):
//! - two digits `a`, `b`: link the cells holding `a` and `b` in every row, column and region;
//!   swapping `a` and `b` inside one connected component keeps every unit valid;
//! - two rows of one band (or two columns of one stack) of a boxed grid: the positions where
//!   they hold the same digits form the cycles of a permutation, and swapping the two rows'
//!   cells along one cycle keeps rows, columns and boxes (each box holds both rows) valid.
//!
//! ```text
//!   sets   cells: [s0 cells][s1 cells]…   start: offsets into cells
//!   index  of:    [sets of cell 0][sets of cell 1]…   of_start: offsets into of
//! ```

use sudoku_ip_model::Geometry;

/// The unavoidable sets found, with an index from cells to sets.
pub(crate) struct Unavoidable {
    cells: Vec<u32>,
    start: Vec<u32>,
    of: Vec<u32>,
    of_start: Vec<u32>,
}

impl Unavoidable {
    /// The two-digit and band-swap sets of `solution` (row-major, full).
    pub(crate) fn of_grid(geometry: &Geometry, solution: &[u8]) -> Unavoidable {
        let n = geometry.n();
        let mut sets = Unavoidable { cells: Vec::new(), start: vec![0], of: Vec::new(), of_start: Vec::new() };
        sets.digit_pairs(geometry, solution);
        if let Some((rows, cols)) = geometry.box_shape() {
            sets.band_swaps(n, rows, cols, solution);
        }
        sets.index(n * n);
        sets
    }

    fn push(&mut self, cells: impl IntoIterator<Item = u32>) {
        self.cells.extend(cells);
        self.start.push(self.cells.len() as u32);
    }

    fn digit_pairs(&mut self, geometry: &Geometry, solution: &[u8]) {
        let n = geometry.n();
        let region = geometry.region_of_cells();
        // place[unit·n + digit]: the cell of the unit holding the digit; units are rows,
        // columns, then regions.
        let mut place = vec![0u32; 3 * n * n];
        for (k, &v) in solution.iter().enumerate() {
            let d = v as usize - 1;
            for u in [k / n, n + k % n, 2 * n + region[k]] {
                place[u * n + d] = k as u32;
            }
        }
        // A member is (side, row): side 0 is the cell of `a` in that row, side 1 that of `b`.
        let mut seen = vec![[false; 2]; n];
        let mut component: Vec<u32> = Vec::with_capacity(2 * n);
        let mut queue: Vec<(usize, usize)> = Vec::with_capacity(2 * n);
        for a in 0..n {
            for b in a + 1..n {
                let digit = [a, b];
                seen.iter_mut().for_each(|s| *s = [false; 2]);
                for first in 0..n {
                    if seen[first][0] {
                        continue;
                    }
                    component.clear();
                    queue.clear();
                    queue.push((0, first));
                    seen[first][0] = true;
                    while let Some((side, row)) = queue.pop() {
                        let k = place[row * n + digit[side]] as usize;
                        component.push(k as u32);
                        let other = 1 - side;
                        // The other digit in the same row, column and region.
                        for u in [row, n + k % n, 2 * n + region[k]] {
                            let r = place[u * n + digit[other]] as usize / n;
                            if !seen[r][other] {
                                seen[r][other] = true;
                                queue.push((other, r));
                            }
                        }
                    }
                    // One component is the whole relabelling of a and b: too big to matter.
                    if component.len() < 2 * n {
                        component.sort_unstable();
                        self.push(component.iter().copied());
                    }
                }
            }
        }
    }

    fn band_swaps(&mut self, n: usize, box_rows: usize, box_cols: usize, solution: &[u8]) {
        let mut pos2 = vec![0usize; n + 1];
        let mut seen = vec![false; n];
        for (transpose, per_band) in [(false, box_rows), (true, box_cols)] {
            let at = |line: usize, pos: usize| if transpose { pos * n + line } else { line * n + pos };
            for l1 in 0..n {
                for l2 in l1 + 1..(l1 / per_band + 1) * per_band {
                    for p in 0..n {
                        pos2[solution[at(l2, p)] as usize] = p;
                    }
                    seen.fill(false);
                    for first in 0..n {
                        let mut len = 0;
                        let mut p = first;
                        while !seen[p] {
                            seen[p] = true;
                            len += 1;
                            p = pos2[solution[at(l1, p)] as usize];
                        }
                        // 2-cycles are rectangles, which the digit pairs already found.
                        if len >= 3 {
                            let mut cycle = Vec::with_capacity(2 * len);
                            let mut p = first;
                            for _ in 0..len {
                                cycle.extend([at(l1, p) as u32, at(l2, p) as u32]);
                                p = pos2[solution[at(l1, p)] as usize];
                            }
                            self.push(cycle);
                        }
                    }
                }
            }
        }
    }

    /// Build the cell → sets index.
    fn index(&mut self, cells: usize) {
        let mut count = vec![0u32; cells + 1];
        for &k in &self.cells {
            count[k as usize + 1] += 1;
        }
        for k in 0..cells {
            count[k + 1] += count[k];
        }
        self.of_start = count.clone();
        self.of = vec![0; self.cells.len()];
        for s in 0..self.start.len() - 1 {
            for i in self.start[s]..self.start[s + 1] {
                let k = self.cells[i as usize] as usize;
                self.of[count[k] as usize] = s as u32;
                count[k] += 1;
            }
        }
    }

    /// Whether some set through a cell of `orbit` has no given left in `values`.
    pub(crate) fn emptied(&self, values: &[u8], orbit: &[usize]) -> bool {
        orbit.iter().any(|&k| {
            self.of[self.of_start[k] as usize..self.of_start[k + 1] as usize].iter().any(|&s| {
                let (a, b) = (self.start[s as usize] as usize, self.start[s as usize + 1] as usize);
                self.cells[a..b].iter().all(|&j| values[j as usize] == 0)
            })
        })
    }

    /// Number of sets.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.start.len() - 1
    }

    /// The cells of set `s`.
    #[cfg(test)]
    pub(crate) fn set(&self, s: usize) -> &[u32] {
        &self.cells[self.start[s] as usize..self.start[s + 1] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_ip_model::{check, Grid, Puzzle};

    const GRID: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    /// Every set is unavoidable: some other valid grid differs from the solution only inside it.
    /// Found by brute force over the permutations of the set's digits within the set.
    #[test]
    fn every_set_can_be_changed_on_its_own() {
        let solution: Vec<u8> = GRID.bytes().map(|b| b - b'0').collect();
        let geometry = Geometry::new(9, None).expect("9x9");
        let sets = Unavoidable::of_grid(&geometry, &solution);
        assert!(sets.len() > 0);
        let blank = Puzzle::blank(geometry);
        for s in 0..sets.len() {
            let cells = sets.set(s);
            assert!((4..=18).contains(&cells.len()), "{cells:?}");
            // The swap that defines the set: for a two-digit set, exchange the two digits; for
            // a band swap, exchange the cells of the two lines (the same thing cell by cell:
            // each cell takes the other line's digit in its column or row).
            let mut digits: Vec<u8> = cells.iter().map(|&k| solution[k as usize]).collect();
            digits.sort_unstable();
            digits.dedup();
            let mut other = solution.clone();
            if digits.len() == 2 {
                for &k in cells {
                    let v = solution[k as usize];
                    other[k as usize] = if v == digits[0] { digits[1] } else { digits[0] };
                }
            } else {
                // Pairs (l1 cell, l2 cell) are consecutive in the set.
                for pair in cells.chunks(2) {
                    other[pair[0] as usize] = solution[pair[1] as usize];
                    other[pair[1] as usize] = solution[pair[0] as usize];
                }
            }
            let grid = Grid::from_values(9, other.clone()).expect("grid");
            assert!(check::verify(&blank, &grid).is_empty(), "set {cells:?} does not swap to a valid grid");
            assert_ne!(other, solution);
        }
    }
}

//! Random killer cages over a full grid: orthogonally connected groups of cells with no digit
//! repeated in the solution, summed from it.
//!
//! Cages grow from random unassigned cells toward random unassigned neighbours whose digit is
//! not yet in the cage, up to a random size in the requested range. A cell left alone (all its
//! neighbours taken or clashing) joins a neighbouring cage it does not clash with and that is not
//! past the largest size already, even if it then is; only when none exists does it stay a
//! one-cell cage, which is as good as a given.

use rand::seq::SliceRandom;
use rand::Rng;
use sudoku_ip_model::rules::Cage;
use sudoku_ip_model::Cell;

/// Cages covering the grid, sorted by their first cell (row-major), cells sorted.
pub(crate) fn random_cages(solution: &[u8], n: usize, sizes: (usize, usize), rng: &mut impl Rng) -> Vec<Cage> {
    let (min, max) = (sizes.0.max(1), sizes.1.max(sizes.0.max(1)));
    const FREE: usize = usize::MAX;
    let mut owner = vec![FREE; n * n];
    let mut cages: Vec<Vec<usize>> = Vec::new();
    let neighbours = |k: usize| {
        let (r, c) = (k / n, k % n);
        let mut out = Vec::with_capacity(4);
        if r > 0 {
            out.push(k - n);
        }
        if r + 1 < n {
            out.push(k + n);
        }
        if c > 0 {
            out.push(k - 1);
        }
        if c + 1 < n {
            out.push(k + 1);
        }
        out
    };
    let clashes = |cage: &[usize], k: usize| cage.iter().any(|&j| solution[j] == solution[k]);
    let mut order: Vec<usize> = (0..n * n).collect();
    order.shuffle(rng);
    for &start in &order {
        if owner[start] != FREE {
            continue;
        }
        let target = rng.gen_range(min..=max);
        let id = cages.len();
        let mut cage = vec![start];
        owner[start] = id;
        while cage.len() < target {
            let mut frontier: Vec<usize> =
                cage.iter().flat_map(|&k| neighbours(k)).filter(|&j| owner[j] == FREE && !clashes(&cage, j)).collect();
            frontier.sort_unstable();
            frontier.dedup();
            let Some(&next) = frontier.choose(rng) else { break };
            owner[next] = id;
            cage.push(next);
        }
        cages.push(cage);
    }
    // Merge cages smaller than `min` into a neighbour that takes their digits and is not past
    // `max` already (so no cage ends above `max + min - 1`: two lone cells never pile onto one
    // full cage).
    for id in 0..cages.len() {
        if cages[id].is_empty() || cages[id].len() >= min {
            continue;
        }
        let mut options: Vec<usize> = cages[id]
            .iter()
            .flat_map(|&k| neighbours(k))
            .map(|j| owner[j])
            .filter(|&o| o != id && cages[o].len() <= max && cages[id].iter().all(|&k| !clashes(&cages[o], k)))
            .collect();
        options.sort_unstable();
        options.dedup();
        // Prefer the smallest neighbour, so merged cages stay near the requested sizes.
        let Some(&into) = options.iter().min_by_key(|&&o| (cages[o].len(), o)) else { continue };
        let moved = std::mem::take(&mut cages[id]);
        for &k in &moved {
            owner[k] = into;
        }
        cages[into].extend(moved);
    }
    let mut out: Vec<Cage> = cages
        .into_iter()
        .filter(|c| !c.is_empty())
        .map(|mut cells| {
            cells.sort_unstable();
            let sum = cells.iter().map(|&k| solution[k] as u32).sum();
            Cage { cells: cells.iter().map(|&k| Cell::from_index(k, n)).collect(), sum: Some(sum) }
        })
        .collect();
    out.sort_by_key(|c| c.cells[0]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    const GRID: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn cages_cover_the_grid_once_are_connected_and_distinct() {
        let solution: Vec<u8> = GRID.bytes().map(|b| b - b'0').collect();
        for seed in 0..20 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let cages = random_cages(&solution, 9, (2, 5), &mut rng);
            let mut seen = [0; 81];
            for cage in &cages {
                let cells: Vec<usize> = cage.cells.iter().map(|c| c.index(9)).collect();
                for &k in &cells {
                    seen[k] += 1;
                }
                let mut digits: Vec<u8> = cells.iter().map(|&k| solution[k]).collect();
                digits.sort_unstable();
                digits.dedup();
                assert_eq!(digits.len(), cells.len(), "repeated digit in {cage:?}");
                assert_eq!(cage.sum, Some(digits.iter().map(|&d| d as u32).sum()));
                // Connected: a flood fill from the first cell reaches them all.
                let mut reached = vec![cells[0]];
                let mut i = 0;
                while i < reached.len() {
                    let k = reached[i];
                    for &j in &cells {
                        let adjacent = (k / 9 == j / 9 && k.abs_diff(j) == 1) || k.abs_diff(j) == 9;
                        if adjacent && !reached.contains(&j) {
                            reached.push(j);
                        }
                    }
                    i += 1;
                }
                assert_eq!(reached.len(), cells.len(), "disconnected {cage:?}");
            }
            assert!(seen.iter().all(|&s| s == 1));
            assert!(cages.iter().filter(|c| c.cells.len() == 1).count() <= 2, "seed {seed}: many singletons");
        }
    }
}

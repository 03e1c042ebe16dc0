//! Combined sums: two sums over disjoint cells that see each other, added up into one implied
//! row when the whole is tighter than its parts.
//!
//! A sum row over cells `C` (`Σ_{c∈C} Σ_d d·x[c,d] = s`: a killer cage, a little killer's
//! diagonal, a region-sum segment) can be bounded by splitting `C` into groups of cells that see
//! each other: a group of `k` cells holds `k` distinct digits, so it sums to between
//! `1 + … + k` and `(n−k+1) + … + n`. A long diagonal alone leaves much room (its cells see
//! each other only in pairs of a box), but three parallel diagonals of a 9×9 (22, 28 and 26,
//! 24 cells) fall into groups whose least total is 75: their total of 76 leaves one unit of
//! slack, and most of the corner follows. No single clue says so.
//!
//! ```text
//!  record (C, s):  groups G of C (greedy cliques of cells that exclude each other)
//!                  lo = Σ k(k+1)/2,  hi = lo + Σ k(n−k),  slack = min(s − lo, hi − s)
//!                  score = Σ_g (k_g(n − k_g) − slack)          (higher: tighter for its size)
//!  merge two records when they are disjoint, at least 6 cells of the smaller see a cell of
//!  the larger, and the merged score beats both (or their sum); best merge first, each record
//!  merged at most once, merged records merge again.
//! ```
//!
//! The merged records that are not one of the model's own rows become [`RowKind::Implied`]
//! rows: the sum of two equalities, implied by them, never cutting a solution. Backends may
//! propagate them (the native engine bounds them block by block); the rater derives its own
//! steps instead. The greedy, bounded merge follows the Interactive Sudoku Solver's optimizer
//! (`_makeCombinedSumHandlers`); the cells a row bounds are read from the rows alone.
//!
//! Bounded for any input: at most 64 sums of 6 to 42 cells are looked at, over at most 1,024
//! cells, and a merge is kept under 48 cells (finding a sum's groups is cubic in its cells).

use std::collections::{HashMap, HashSet};

use crate::model::{Row, RowKind, Sense};

/// Fewest cells of the smaller record that must see the larger one for a merge.
const MIN_SEEN: usize = 6;
/// Most distinct cells in the sums looked at: the pairwise table is their square.
const MAX_CELLS: usize = 1024;
/// Most sum rows looked at: candidate pairs are their square.
const MAX_SUMS: usize = 64;
/// Most cells of a sum looked at or made: finding a sum's groups is cubic in its cells.
const MAX_MERGED: usize = 48;

/// The implied rows that combine the sum rows of `rows` (variables `cell·n + d − 1`).
pub(crate) fn combined_sums(n: usize, rows: &[Row]) -> Vec<Row> {
    if n > 64 {
        return Vec::new();
    }
    let mut sums: Vec<(Vec<usize>, i64)> = rows
        .iter()
        .filter(|r| !matches!(r.kind, RowKind::Implied(_)) && r.sense == Sense::Eq)
        .filter_map(|r| r.summed_cells(n).map(|cells| (cells, r.rhs as i64)))
        .filter(|(cells, _)| (MIN_SEEN..=MAX_MERGED - MIN_SEEN).contains(&cells.len()))
        .collect();
    sums.sort();
    sums.dedup_by(|a, b| a.0 == b.0);
    if sums.len() < 2 || sums.len() > MAX_SUMS {
        return Vec::new();
    }
    // Local numbering of the cells the sums cover, in the grid's order.
    let mut cell_of: Vec<usize> = sums.iter().flat_map(|(cells, _)| cells.iter().copied()).collect();
    cell_of.sort_unstable();
    cell_of.dedup();
    let local: HashMap<usize, usize> = cell_of.iter().enumerate().map(|(l, &c)| (c, l)).collect();
    let m = cell_of.len();
    if m > MAX_CELLS {
        return Vec::new();
    }
    let seen = Seen::of(n, m, &local, rows);
    let mut pool: Vec<Record> = Vec::new();
    for (cells, sum) in &sums {
        let cells: Vec<usize> = cells.iter().map(|c| local[c]).collect(); // sorted: numbering keeps order
        if let Some(r) = Record::new(&seen, cells, *sum, true) {
            pool.push(r);
        }
    }
    let mut alive: Vec<bool> = vec![true; pool.len()];
    let mut alive_cells: HashSet<Vec<usize>> = pool.iter().map(|r| r.cells.clone()).collect();
    let mut candidates: Vec<(i64, usize, usize, Record)> = Vec::new();
    for i in 0..pool.len() {
        for j in i + 1..pool.len() {
            if let Some(c) = merge(&seen, &pool[i], &pool[j]) {
                candidates.push((c.score, i, j, c));
            }
        }
    }
    loop {
        candidates.retain(|(_, i, j, c)| alive[*i] && alive[*j] && !alive_cells.contains(&c.cells));
        let Some(best) = (0..candidates.len()).max_by_key(|&k| (candidates[k].0, std::cmp::Reverse(k))) else { break };
        let (_, i, j, record) = candidates.swap_remove(best);
        alive[i] = false;
        alive[j] = false;
        alive_cells.remove(&pool[i].cells);
        alive_cells.remove(&pool[j].cells);
        alive_cells.insert(record.cells.clone());
        pool.push(record);
        alive.push(true);
        let new = pool.len() - 1;
        for other in 0..new {
            if alive[other] {
                if let Some(c) = merge(&seen, &pool[new], &pool[other]) {
                    candidates.push((c.score, new, other, c));
                }
            }
        }
    }
    let mut out = Vec::new();
    for (r, _) in pool.iter().zip(&alive).filter(|(r, &a)| a && !r.original && r.score > 0) {
        let terms = r
            .cells
            .iter()
            .map(|&l| cell_of[l])
            .flat_map(|c| (1..=n).map(move |d| ((c * n + d - 1) as u32, d as i32)))
            .collect();
        out.push(Row {
            name: format!("combined_sum{}", out.len() + 1),
            kind: RowKind::Implied("combined"),
            terms,
            sense: Sense::Eq,
            rhs: r.sum as i32,
        });
    }
    out
}

/// Which of the sums' cells see each other: for every digit, some row with right-hand side 1
/// and unit coefficients holds both cells' variables of that digit.
struct Seen {
    n: usize,
    m: usize,
    /// Per pair of local cells, the digits (bit `d − 1`) they cannot share.
    digits: Vec<u64>,
    full: u64,
}

impl Seen {
    fn of(n: usize, m: usize, local: &HashMap<usize, usize>, rows: &[Row]) -> Seen {
        let mut digits = vec![0u64; m * m];
        let cube = n * n * n;
        let mut by_digit: Vec<Vec<usize>> = vec![Vec::new(); n];
        for row in rows {
            let unit =
                row.rhs == 1 && matches!(row.sense, Sense::Eq | Sense::Le) && row.terms.iter().all(|&(_, a)| a == 1);
            if !unit || row.terms.len() < 2 {
                continue;
            }
            for list in &mut by_digit {
                list.clear();
            }
            for &(v, _) in &row.terms {
                let v = v as usize;
                if v < cube {
                    if let Some(&l) = local.get(&(v / n)) {
                        by_digit[v % n].push(l);
                    }
                }
            }
            for (d, list) in by_digit.iter().enumerate() {
                for (i, &a) in list.iter().enumerate() {
                    for &b in &list[i + 1..] {
                        digits[a * m + b] |= 1 << d;
                        digits[b * m + a] |= 1 << d;
                    }
                }
            }
        }
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        Seen { n, m, digits, full }
    }

    fn see(&self, a: usize, b: usize) -> bool {
        self.digits[a * self.m + b] == self.full
    }
}

/// A sum over cells (local numbers, sorted), with its bounds from groups of cells that see each
/// other.
struct Record {
    cells: Vec<usize>,
    sum: i64,
    score: i64,
    original: bool,
}

impl Record {
    /// `None` when the groups' bounds already exclude `sum` (another part of the engine finds it).
    fn new(seen: &Seen, cells: Vec<usize>, sum: i64, original: bool) -> Option<Record> {
        let n = seen.n as i64;
        let groups = groups(seen, &cells);
        let sizes = || groups.iter().map(|&k| k as i64);
        let lo: i64 = sizes().map(|k| k * (k + 1) / 2).sum();
        let hi = lo + sizes().map(|k| k * (n - k)).sum::<i64>();
        if sum < lo || sum > hi {
            return None;
        }
        let slack = (sum - lo).min(hi - sum);
        let score = sizes().map(|k| k * (n - k) - slack).sum();
        Some(Record { cells, sum, score, original })
    }
}

/// Sizes of groups of `cells` that see each other, largest first: each time, the largest clique grown
/// greedily from any cell left (a clique takes, in order, every cell left that sees all its
/// members; candidates that see more of the others first). Three parallel diagonals of a 9×9
/// fall into their three boxes of six and two triples; taking cells in the grid's order would
/// split them along rows into threes.
fn groups(seen: &Seen, cells: &[usize]) -> Vec<usize> {
    let mut left: Vec<usize> = cells.to_vec();
    let mut out = Vec::new();
    while !left.is_empty() {
        let mut best: Vec<usize> = Vec::new();
        for &start in &left {
            let mut near: Vec<usize> = left.iter().copied().filter(|&c| c != start && seen.see(start, c)).collect();
            if near.len() < best.len() {
                continue; // cannot beat the best
            }
            let degree = |c: usize| near.iter().filter(|&&o| o != c && seen.see(c, o)).count();
            let mut ranked: Vec<(usize, usize)> = near.iter().map(|&c| (degree(c), c)).collect();
            ranked.sort_by_key(|&(d, c)| (std::cmp::Reverse(d), c));
            near = ranked.into_iter().map(|(_, c)| c).collect();
            let mut clique = vec![start];
            for c in near {
                if clique.iter().all(|&g| seen.see(g, c)) {
                    clique.push(c);
                }
            }
            if clique.len() > best.len() {
                best = clique;
            }
        }
        left.retain(|c| !best.contains(c));
        out.push(best.len());
    }
    out
}

/// The merge of `a` and `b`, if they are disjoint, related and the merge is worth keeping.
fn merge(seen: &Seen, a: &Record, b: &Record) -> Option<Record> {
    let (small, big) = if a.cells.len() < b.cells.len() { (a, b) } else { (b, a) };
    if small.cells.len() < MIN_SEEN
        || a.cells.len() + b.cells.len() > MAX_MERGED
        || small.cells.iter().any(|c| big.cells.binary_search(c).is_ok())
    {
        return None;
    }
    let related = small.cells.iter().filter(|&&c| big.cells.iter().any(|&d| seen.see(c, d))).take(MIN_SEEN).count();
    if related < MIN_SEEN {
        return None;
    }
    let mut cells: Vec<usize> = a.cells.iter().chain(&b.cells).copied().collect();
    cells.sort_unstable();
    let merged = Record::new(seen, cells, a.sum + b.sum, false)?;
    if (merged.score <= a.score || merged.score <= b.score) && merged.score <= a.score + b.score {
        return None;
    }
    Some(merged)
}

#[cfg(test)]
mod tests {
    use crate::model::{Model, RowKind};
    use crate::Cell;

    /// "Little Killer Sudoku" (sudokupad.app/nQHjr7Ggpg, in `benches/variants/puzzles`): its
    /// three parallel diagonals 22, 28 and 26 and four others, with its solution.
    const LITTLE_KILLER: &str = r#"{"size": 9,
        "givens": [".........", ".........", ".5....2..", ".........", "...37....", ".........", ".........", ".........", "........."],
        "rules": [{"type": "little-killer", "clues": [
            {"cells": ["r1c1", "r2c2", "r3c3", "r4c4", "r5c5", "r6c6", "r7c7", "r8c8", "r9c9"], "sum": 22},
            {"cells": ["r2c1", "r3c2", "r4c3", "r5c4", "r6c5", "r7c6", "r8c7", "r9c8"], "sum": 28},
            {"cells": ["r3c1", "r4c2", "r5c3", "r6c4", "r7c5", "r8c6", "r9c7"], "sum": 26},
            {"cells": ["r1c5", "r2c4", "r3c3", "r4c2", "r5c1"], "sum": 23},
            {"cells": ["r1c7", "r2c6", "r3c5", "r4c4", "r5c3", "r6c2", "r7c1"], "sum": 34},
            {"cells": ["r1c8", "r2c7", "r3c6", "r4c5", "r5c4", "r6c3", "r7c2", "r8c1"], "sum": 40},
            {"cells": ["r1c9", "r2c8", "r3c7", "r4c6", "r5c5", "r6c4", "r7c3", "r8c2", "r9c1"], "sum": 42}]}]}"#;
    const SOLUTION: &str = "198235764427968531653714289732186945541379826986542173865421397279653418314897652";

    fn model(text: &str) -> Model {
        let value: serde_json::Value = serde_json::from_str(text).expect("test JSON");
        Model::build(&crate::json::parse_value(&value).expect("a valid puzzle"))
    }

    /// The three parallel diagonals make one row of 76 over their 24 cells, which the solution
    /// satisfies: the boxes they cross hold six of them each (at least 21), the two triples
    /// between at least 6, so 75 is the least and one unit is left. The other diagonals cross
    /// them and stay alone.
    #[test]
    fn three_parallel_diagonals_are_one_row_of_76() {
        let m = model(LITTLE_KILLER);
        let combined: Vec<_> = m.rows().iter().filter(|r| r.name.starts_with("combined_sum")).collect();
        assert_eq!(combined.len(), 1, "{:?}", combined.iter().map(|r| &r.name).collect::<Vec<_>>());
        let row = combined[0];
        assert_eq!(row.kind, RowKind::Implied("combined"));
        assert_eq!(row.rhs, 76);
        let mut cells: Vec<usize> = row.terms.iter().map(|&(v, _)| v as usize / 9).collect();
        cells.dedup();
        assert_eq!(cells.len(), 24);
        let diagonal = |r0: usize| (r0..9).map(move |r| Cell::new(r, r - r0).index(9));
        let mut expected: Vec<usize> = (0..3).flat_map(diagonal).collect();
        expected.sort_unstable();
        cells.sort_unstable();
        assert_eq!(cells, expected);
        // Every term is a cell's digit times that digit, and the solution satisfies the row.
        let digit = |cell: usize| (SOLUTION.as_bytes()[cell] - b'0') as usize;
        let total: i32 =
            row.terms.iter().filter(|&&(v, _)| v as usize % 9 + 1 == digit(v as usize / 9)).map(|&(_, a)| a).sum();
        assert_eq!(total, 76);
        assert!(row.terms.iter().all(|&(v, a)| a as usize == v as usize % 9 + 1));
    }

    /// Cages under six cells are left alone: six cells of the smaller sum must see the other.
    /// These two would gain (7 and 14 in one box: 21, the six smallest digits, no slack).
    #[test]
    fn small_cages_are_not_combined() {
        let killer = r#"{"size": 9, "rules": [{"type": "killer", "cages": [
            {"cells": ["r1c1", "r1c2", "r1c3"], "sum": 7}, {"cells": ["r2c1", "r2c2", "r2c3"], "sum": 14}]}]}"#;
        assert!(!model(killer).rows().iter().any(|r| r.name.starts_with("combined_sum")));
    }
}

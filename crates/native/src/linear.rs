//! Linear rows: compiled into groups, and bounded group by group.
//!
//! Plain bound propagation treats every variable alone: a cage cell with candidates 1–9 may
//! contribute anything from 0 to 9, so a two-cell cage summing to 3 only loses the digits above
//! 3. But the terms of a linear row usually come in groups that share an exactly-one row (the
//! digits of one cell), and at most one term of such a group is 1 — exactly one when the group
//! holds every live variable of that row. Bounding each group by its smallest and largest live
//! coefficient is still exact (sound: no solution is ever cut) and much stronger: the cage
//! above is reduced to {1, 2} at once.
//!
//! ```text
//!  group g ⊆ exactly-one row R      free variables F, coefficients a_v
//!   a variable of g at 1 (a):        lo_g = hi_g = a
//!   F = all live variables of R:     lo_g = min a_v          hi_g = max a_v
//!   otherwise:                       lo_g = min(0, min a_v)  hi_g = max(0, max a_v)
//! ```
//!
//! Fixing a free `v` to 1 turns its group's contribution into `a_v`; fixing it to 0 turns it
//! into the bound over `F \ {v}`, for which the two smallest and two largest coefficients are
//! kept. If either makes the row's bounds exclude its right-hand side, `v` takes the other value.

use sudoku_ip_model::Row;

/// Linear rows, terms stored group after group.
pub(crate) struct Grouped {
    /// Row → first term.
    pub lin_start: Vec<u32>,
    /// `(variable, coefficient)`: duplicates merged, zero coefficients dropped.
    pub lin_terms: Vec<(u32, i64)>,
    /// Row → first group.
    pub lin_groups: Vec<u32>,
    /// Group → first term.
    pub group_start: Vec<u32>,
    /// Group → the exactly-one row containing all its variables (`None`: a lone variable in
    /// no such row).
    pub group_eo: Vec<Option<u32>>,
}

/// Split each row's terms into groups that lie in one exactly-one row, greedily taking for each
/// ungrouped term the exactly-one row of its variable whose ungrouped terms gain most from being
/// bounded together ([`grouping_gain`]; with unit coefficients, the one covering most). Rows
/// mention variables below `num_vars` only (checked when the model is compiled).
///
/// Linear in the terms times the rows per variable times their length: a term's position in
/// its row is looked up in a dense array over the variables (a whole-grid cage on a 64×64 has
/// 262,144 terms), reset after each row.
pub(crate) fn group_rows<'a, 'b>(
    rows: impl Iterator<Item = &'a Row>,
    num_vars: usize,
    eo_rows_of: impl Fn(u32) -> &'b [u32],
    eo_vars_of: impl Fn(u32) -> &'b [u32],
) -> Grouped {
    let mut out = Grouped {
        lin_start: vec![0],
        lin_terms: Vec::new(),
        lin_groups: vec![0],
        group_start: vec![0],
        group_eo: Vec::new(),
    };
    // Position of each variable among the current row's terms.
    let mut index: Vec<Option<u32>> = vec![None; num_vars];
    let mut terms: Vec<(u32, i64)> = Vec::new();
    let mut members: Vec<usize> = Vec::new();
    let mut best: Vec<usize> = Vec::new();
    let (mut grouped, mut sorted): (Vec<bool>, Vec<i64>) = (Vec::new(), Vec::new());
    for row in rows {
        // Duplicates merged, zero coefficients dropped, in variable order.
        terms.clear();
        terms.extend(row.terms.iter().map(|&(v, a)| (v, a as i64)));
        terms.sort_unstable_by_key(|&(v, _)| v);
        terms.dedup_by(|next, kept| {
            let same = next.0 == kept.0;
            if same {
                kept.1 += next.1;
            }
            same
        });
        terms.retain(|&(_, a)| a != 0);
        for (i, &(v, _)) in terms.iter().enumerate() {
            index[v as usize] = Some(i as u32);
        }
        grouped.clear();
        grouped.resize(terms.len(), false);
        for i in 0..terms.len() {
            if grouped[i] {
                continue;
            }
            let mut best_row = None;
            let mut best_gain = (false, i64::MIN);
            best.clear();
            best.push(i);
            for &r in eo_rows_of(terms[i].0) {
                members.clear();
                members.extend(
                    eo_vars_of(r)
                        .iter()
                        .filter_map(|&u| index.get(u as usize).copied().flatten())
                        .map(|j| j as usize)
                        .filter(|&j| !grouped[j]),
                );
                let gain = grouping_gain(members.iter().map(|&j| terms[j].1), &mut sorted);
                if best_row.is_none() || gain > best_gain {
                    best_row = Some(r);
                    best_gain = gain;
                    std::mem::swap(&mut best, &mut members);
                }
            }
            for &j in &best {
                grouped[j] = true;
                out.lin_terms.push(terms[j]);
            }
            out.group_start.push(out.lin_terms.len() as u32);
            out.group_eo.push(best_row);
        }
        for &(v, _) in &terms {
            index[v as usize] = None;
        }
        out.lin_start.push(out.lin_terms.len() as u32);
        out.lin_groups.push(out.group_eo.len() as u32);
    }
    out
}

/// How much grouping terms with coefficients `coefs` narrows their bounds, as a key to
/// maximise: first whether they are two or more of pairwise distinct coefficients (a value
/// read from one exactly-one row, a cell's digit: what blocks of distinct values in
/// `distinct.rs` are made of), then the narrowing itself: alone, each term ranges over `0..a`;
/// together, at most one is 1, so they range over `min(0, min a)..max(0, max a)` (even before
/// the group is known to be complete). Counting terms instead split a pill's hundreds digit
/// (1–6 only: six terms) into its row's digit rows (nine terms each), which bounded each by
/// −1..100; counting the narrowing alone took a long diagonal's nines (a group worth exactly
/// 9) before its cells, and lost the cells' block.
/// `sorted` is scratch (a row's terms ask this once per exactly-one row of each).
fn grouping_gain(coefs: impl Iterator<Item = i64>, sorted: &mut Vec<i64>) -> (bool, i64) {
    let (mut sum, mut lo, mut hi, mut len) = (0i64, 0i64, 0i64, 0usize);
    sorted.clear();
    for a in coefs {
        sum += a.abs();
        lo = lo.min(a);
        hi = hi.max(a);
        len += 1;
        sorted.push(a);
    }
    sorted.sort_unstable();
    let distinct = len >= 2 && sorted.windows(2).all(|w| w[0] != w[1]);
    (distinct, sum - (hi - lo))
}

/// Activity bounds of a whole row and what it must satisfy.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RowBounds {
    /// Lowest reachable activity.
    pub lo: i64,
    /// Highest reachable activity.
    pub hi: i64,
    /// Right-hand side.
    pub rhs: i64,
    /// `activity <= rhs` must hold (`<=` and `=` rows).
    pub upper: bool,
    /// `activity >= rhs` must hold (`>=` and `=` rows).
    pub lower: bool,
    /// False when a block has fewer live values than groups (`distinct.rs`).
    pub room: bool,
    /// Most that fixing one free variable can raise `lo` or lower `hi` by (`i64::MAX` when a
    /// group's last free variable of a complete exactly-one row must be 1).
    pub reach: i64,
}

impl RowBounds {
    /// Whether these bounds already exclude the right-hand side.
    pub fn broken(&self) -> bool {
        !self.room || (self.upper && self.lo > self.rhs) || (self.lower && self.hi < self.rhs)
    }

    /// Whether no free variable can be forced: the slack on each side the row must hold
    /// exceeds `reach`, so neither value of any variable breaks the row (then
    /// [`GroupBounds::forced`] and [`GroupBounds::forced_in`] say `(false, false)` for all).
    pub fn nothing_forced(&self) -> bool {
        (!self.upper || self.lo.saturating_add(self.reach) <= self.rhs)
            && (!self.lower || self.hi.saturating_sub(self.reach) >= self.rhs)
    }

    /// Whether bounds moved to `lo + dlo`, `hi + dhi` would exclude the right-hand side.
    pub fn broken_with(&self, lo: i64, hi: i64) -> bool {
        (self.upper && lo > self.rhs) || (self.lower && hi < self.rhs)
    }
}

/// The state of one group of a linear row.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GroupBounds {
    /// Coefficient of the variable at 1, if any (then all others of the group are 0).
    pub one: Option<i64>,
    /// Number of free variables.
    pub free: u32,
    /// Whether the free variables are all the live variables of the group's exactly-one row.
    pub complete: bool,
    // The two smallest and two largest coefficients of the free variables (±∞ while there are
    // fewer), and the variables with the smallest and the largest.
    min1: i64,
    min2: i64,
    argmin: Option<u32>,
    max1: i64,
    max2: i64,
    argmax: Option<u32>,
    /// Lowest contribution of the group.
    pub lo: i64,
    /// Highest contribution of the group.
    pub hi: i64,
}

impl GroupBounds {
    /// A group with no variables seen yet.
    pub const EMPTY: GroupBounds = GroupBounds {
        one: None,
        free: 0,
        complete: false,
        min1: i64::MAX,
        min2: i64::MAX,
        argmin: None,
        max1: i64::MIN,
        max2: i64::MIN,
        argmax: None,
        lo: 0,
        hi: 0,
    };

    /// Count a free variable with coefficient `a`.
    #[inline]
    pub fn add_free(&mut self, v: u32, a: i64) {
        self.free += 1;
        if a < self.min1 {
            self.min2 = self.min1;
            self.min1 = a;
            self.argmin = Some(v);
        } else if a < self.min2 {
            self.min2 = a;
        }
        if a > self.max1 {
            self.max2 = self.max1;
            self.max1 = a;
            self.argmax = Some(v);
        } else if a > self.max2 {
            self.max2 = a;
        }
    }

    /// Compute `lo` and `hi` once all variables are seen and `complete` is set.
    #[inline]
    pub fn settle(&mut self) {
        (self.lo, self.hi) = match self.one {
            Some(a) => (a, a),
            None if self.free == 0 => (0, 0),
            None if self.complete => (self.min1, self.max1),
            None => (self.min1.min(0), self.max1.max(0)),
        };
    }

    /// The group's bounds with free variable `v` at 0.
    #[inline]
    fn without(&self, v: u32) -> (i64, i64) {
        let min = if Some(v) == self.argmin { self.min2 } else { self.min1 };
        let max = if Some(v) == self.argmax { self.max2 } else { self.max1 };
        // Without v, a complete group still has a free variable, so min and max are finite;
        // an incomplete one may be left empty, where min(0, ∞) = max(0, −∞) = 0.
        if self.complete {
            (min, max)
        } else {
            (min.min(0), max.max(0))
        }
    }

    /// For free variable `v` (coefficient `a`) of this group: whether `v = 1`, and whether
    /// `v = 0`, would break the row.
    #[inline]
    pub fn forced(&self, v: u32, a: i64, row: &RowBounds) -> (bool, bool) {
        let (lo_rest, hi_rest) = (row.lo - self.lo, row.hi - self.hi);
        let one_breaks = row.broken_with(lo_rest + a, hi_rest + a);
        let zero_breaks = if self.complete && self.free == 1 {
            true // v is the last live variable of an exactly-one row
        } else {
            let (lo0, hi0) = self.without(v);
            row.broken_with(lo_rest + lo0, hi_rest + hi0)
        };
        (one_breaks, zero_breaks)
    }

    /// [`GroupBounds::forced`] for a group of block `blk` (`distinct.rs`): the block's bounds
    /// move, not the group's alone.
    #[inline]
    pub fn forced_in(&self, blk: &BlockBounds, v: u32, a: i64, row: &RowBounds) -> (bool, bool) {
        let (lo_rest, hi_rest) = (row.lo - blk.lo, row.hi - blk.hi);
        let (glo, ghi) = (blk.glo - self.lo, blk.ghi - self.hi);
        let lo1 = (glo + a).max(if a <= blk.kth_small { blk.small_k } else { a + blk.small_km1 });
        let hi1 = (ghi + a).min(if a >= blk.kth_large { blk.large_k } else { a + blk.large_km1 });
        let one_breaks = row.broken_with(lo_rest + lo1, hi_rest + hi1);
        let zero_breaks = if self.complete && self.free == 1 {
            true
        } else {
            let (lo0, hi0) = self.without(v);
            row.broken_with(lo_rest + (glo + lo0).max(blk.small_k), hi_rest + (ghi + hi0).min(blk.large_k))
        };
        (one_breaks, zero_breaks)
    }
}

/// The bounds of a block: `k` groups of one row that take `k` distinct values (`distinct.rs`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct BlockBounds {
    /// Groups in the block.
    pub k: u32,
    /// Live values of its groups (bits of value indices).
    pub union: u64,
    /// Sums of the groups' own bounds.
    pub glo: i64,
    pub ghi: i64,
    /// The block's bounds: the tighter of the group sums and the distinct-value sums.
    pub lo: i64,
    pub hi: i64,
    /// Sums of the k and k − 1 smallest live values, and the k-th smallest.
    small_k: i64,
    small_km1: i64,
    kth_small: i64,
    /// The same from the top.
    large_k: i64,
    large_km1: i64,
    kth_large: i64,
}

impl BlockBounds {
    /// A block of `k` groups with nothing seen yet.
    pub fn new(k: u32) -> BlockBounds {
        BlockBounds {
            k,
            union: 0,
            glo: 0,
            ghi: 0,
            lo: 0,
            hi: 0,
            small_k: 0,
            small_km1: 0,
            kth_small: 0,
            large_k: 0,
            large_km1: 0,
            kth_large: 0,
        }
    }

    /// Add a group's bounds and live values.
    #[inline]
    pub fn add(&mut self, g: &GroupBounds, values: u64) {
        self.glo += g.lo;
        self.ghi += g.hi;
        self.union |= values;
    }

    /// Compute the bounds once every group is added, `values` being the row's distinct
    /// coefficients by index. False when the groups have fewer live values than members.
    pub fn settle(&mut self, values: &[i64]) -> bool {
        let k = self.k;
        if self.union.count_ones() < k {
            return false;
        }
        let (mut bits, mut sum) = (self.union, 0i64);
        for _ in 0..k {
            let a = values[bits.trailing_zeros() as usize];
            bits &= bits - 1;
            (self.small_km1, self.kth_small) = (sum, a);
            sum += a;
        }
        self.small_k = sum;
        let (mut bits, mut sum) = (self.union, 0i64);
        for _ in 0..k {
            let top = 63 - bits.leading_zeros();
            let a = values[top as usize];
            bits &= !(1u64 << top);
            (self.large_km1, self.kth_large) = (sum, a);
            sum += a;
        }
        self.large_k = sum;
        self.lo = self.glo.max(self.small_k);
        self.hi = self.ghi.min(self.large_k);
        true
    }

    /// Beyond its groups' own ranges, the most that fixing one free variable of a settled block
    /// can raise its `lo` or lower its `hi` by: a value above the `k`-th smallest, or below the
    /// `k`-th largest, taken by one group ([`GroupBounds::forced_in`]).
    pub fn reach(&self, values: &[i64]) -> i64 {
        let (min, max) =
            (values[self.union.trailing_zeros() as usize], values[63 - self.union.leading_zeros() as usize]);
        (max - self.kth_small).max(self.kth_large - min)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use sudoku_ip_model::{Cell, Model};

    use crate::compile::Compiled;

    /// The model of a corpus puzzle, compiled.
    fn compiled(text: &str) -> (Model, Compiled) {
        let puzzle = sudoku_ip_formats::parse_puzzle(text, &Default::default()).expect("a corpus puzzle");
        let model = Model::build(&puzzle);
        let compiled = Compiled::new(&model);
        (model, compiled)
    }

    /// The cell of every cube variable.
    fn cells(model: &Model) -> HashMap<u32, Cell> {
        let n = model.n();
        (0..n * n)
            .flat_map(|k| (1..=n).map(move |d| (Cell::from_index(k, n), d)))
            .map(|(cell, d)| (model.var(cell, d), cell))
            .collect()
    }

    /// Named after what broke: `i-bet-someone-did-this-already`, a three-cell pill whose arrow
    /// runs through all 78 other cells. The rule leaves the hundreds digits 7–9 out of the row
    /// (six terms in that cell), while each digit of the pill's row has nine terms there, so
    /// grouping by most terms split the pill into its row's digit rows, bounded by −1..100
    /// each; the search took 1,522 guesses instead of 30.
    #[test]
    fn a_pills_digits_stay_grouped_by_cell_when_the_rule_leaves_some_out() {
        let text = include_str!("../../../benches/variants/puzzles/i-bet-someone-did-this-already.json");
        let (model, c) = compiled(text);
        let cell_of = cells(&model);
        let pill = (0..c.lin_rows())
            .find(|&l| model.rows()[c.lin_row[l] as usize].name.starts_with("pill"))
            .expect("the pill's row");
        let groups = c.lin_groups[pill] as usize..c.lin_groups[pill + 1] as usize;
        assert_eq!(groups.len(), 81, "one group a cell");
        for g in groups {
            let terms = &c.lin_terms[c.group_start[g] as usize..c.group_start[g + 1] as usize];
            let first = cell_of[&terms[0].0];
            assert!(terms.iter().all(|&(v, _)| cell_of[&v] == first), "group {g} spans cells: {terms:?}");
        }
    }

    #[test]
    fn grouping_gain_prefers_a_cells_distinct_values() {
        let gain = |coefs: &[i64]| super::grouping_gain(coefs.iter().copied(), &mut Vec::new());
        // A pill's hundreds (six digits) against its row's ones (nine, mixed signs).
        let hundreds = gain(&[100, 200, 300, 400, 500, 600]);
        let row_digit = gain(&[100, 10, 1, -1, -1, -1, -1, -1, -1]);
        assert!(hundreds > row_digit);
        // A long diagonal's nines (all equal) against a cell's digits.
        let nines = gain(&[9; 9]);
        let cell = gain(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        assert!(cell > nines, "{cell:?} {nines:?}");
        // Unit coefficients: the row covering most terms, as before.
        assert!(gain(&[1; 5]) > gain(&[1; 4]));
        // A lone term gains nothing.
        assert_eq!(gain(&[7]), (false, 0));
    }
}

//! Arithmetic of variant rows: bounds of any linear row ("rule arithmetic") and the digit
//! combinations of sums of distinct digits ("cage combinations").

use sudoku_ip_model::Sense;

use super::step::Step;
use super::{bit, digits, Logic, Technique};

/// A variant row grouped by cell: with each cell taking one candidate, the row's activity is
/// the sum over its cells of `coef[cell][digit − 1]`.
pub(super) struct CellRow {
    pub(super) cells: Vec<(u32, Vec<i64>)>,
    pub(super) sense: Sense,
    pub(super) rhs: i64,
    /// What the row's free auxiliary variables (a rule's own binaries, past the cube) can add
    /// to its activity: (lowest, highest).
    pub(super) free: (i64, i64),
    /// Those variables (their index among the auxiliary variables) and coefficients: what they
    /// can still take is derived from the candidates ([`Logic::aux_domains`]).
    pub(super) aux: Vec<(u32, i64)>,
    /// For people: "the cage r1c1 and r1c2", or what the 45 rule derived it from.
    pub(super) label: String,
    /// It is one of a clue's rows (`clue_logic.rs`), which explains it better unless it is a
    /// plain sum.
    pub(super) in_clue: bool,
    /// It is a row of a pair clue ([`super::clue_logic::ClueRows::pair`]), whose table reads
    /// it exactly: forcing chains leave it to the clue.
    pub(super) paired: bool,
}

/// What makes a [`CellRow`] a sum of distinct digits (a killer cage): the combinations of its
/// coefficients that satisfy it (`sudoku_ip_native::combinations`).
pub(super) struct SumRow {
    /// Per cell of the row, per digit − 1: the position of its coefficient among the row's
    /// distinct coefficients.
    pub(super) value: Vec<Vec<u8>>,
    pub(super) combos: Vec<u64>,
    /// The row's distinct coefficients, in order (a combination's bit `j` is `values[j]`).
    pub(super) values: Vec<i64>,
}

impl Logic {
    /// `row` as a sum of distinct digits, if it is one: within a cell no coefficient repeats,
    /// and equal coefficients in two cells belong to one digit, for which the cells share a unit.
    pub(super) fn sum_row(&self, row: &CellRow) -> Option<SumRow> {
        if row.free != (0, 0) {
            return None;
        }
        let cells = &row.cells;
        for (i, (a, ca)) in cells.iter().enumerate() {
            let mut own = ca.clone();
            own.sort_unstable();
            if own.windows(2).any(|w| w[0] == w[1]) {
                return None;
            }
            for (b, cb) in &cells[i + 1..] {
                for (da, x) in ca.iter().enumerate() {
                    let Some(db) = cb.iter().position(|y| y == x) else { continue };
                    let d = da as u8 + 1;
                    let (ua, ub) = (&self.units_of[self.var(*a as usize, d)], &self.units_of[self.var(*b as usize, d)]);
                    if da != db || !ua.iter().any(|u| ub.contains(u)) {
                        return None;
                    }
                }
            }
        }
        let mut values: Vec<i64> = cells.iter().flat_map(|(_, c)| c.iter().copied()).collect();
        values.sort_unstable();
        values.dedup();
        let combos = sudoku_ip_native::combinations(&values, cells.len(), row.sense, row.rhs)?;
        let position = |x: &i64| values.binary_search(x).map_or(u8::MAX, |p| p as u8);
        let value = cells.iter().map(|(_, c)| c.iter().map(position).collect()).collect();
        Some(SumRow { value, combos, values })
    }

    /// One variant row removes the candidates that cannot fit its bounds.
    pub(super) fn rule_arithmetic(&mut self) -> Option<Step> {
        let aux = self.aux_domains().ok()?;
        for r in 0..self.rows.len() {
            if self.rows[r].in_clue && !plain_sum(&self.rows[r]) {
                continue; // clue logic says it with the clue's fillings
            }
            let removed = self.bounds_removals(&self.rows[r], &aux);
            let text = |s: &Self| s.bound_text(&s.rows[r]);
            if let Some(step) = self.removal_step(Some(removed), Technique::RuleArithmetic, text) {
                return Some(self.row_pattern(step, &self.rows[r]));
            }
        }
        None
    }

    /// Why a row's bounds remove candidates. A plain sum (each cell adds its digit, nothing
    /// else in the row) says its total and what its cells' candidates can add: "the cage r9c6
    /// and r9c7 must total 3, and its cells' candidates add 3 to 17"; any other row (an arrow's
    /// circle against its digits, a thermometer's pair) that it cannot reach its bound otherwise.
    fn bound_text(&self, row: &CellRow) -> String {
        if !plain_sum(row) {
            return format!("Rule arithmetic: {} cannot reach its bound otherwise", row.label);
        }
        let (lo, hi, _) = self.cell_bounds(row);
        let total = match row.sense {
            Sense::Eq => format!("must total {}", row.rhs),
            Sense::Le => format!("must total at most {}", row.rhs),
            Sense::Ge => format!("must total at least {}", row.rhs),
        };
        format!("Rule arithmetic: {} {total}, and its cells' candidates add {lo} to {hi}", row.label)
    }

    /// The row's cells and their candidates as the step's pattern.
    pub(super) fn row_pattern(&self, step: Step, row: &CellRow) -> Step {
        let cells: Vec<usize> = row.cells.iter().map(|&(k, _)| k as usize).collect();
        step.with_cells(cells.iter().map(|&k| self.cell(k))).with_candidates(
            cells.iter().flat_map(|&k| digits(self.cand[k]).map(move |d| (k, d))).map(|(k, d)| self.candidate(k, d)),
        )
    }

    /// One sum of distinct digits keeps the candidates its fitting combinations offer.
    pub(super) fn cage_combinations(&mut self) -> Option<Step> {
        for s in 0..self.sums.len() {
            let (r, sum) = &self.sums[s];
            let r = *r;
            let removed = self.combination_removals(&self.rows[r], sum);
            let text = |l: &Self| {
                let row = &l.rows[r];
                format!("Cage combinations: {} {}", row.label, l.combinations_text(row, &l.sums[s].1))
            };
            if let Some(step) = self.removal_step(removed, Technique::CageCombinations, text) {
                return Some(self.row_pattern(step, &self.rows[r]));
            }
            if self.broken {
                return None;
            }
        }
        None
    }

    /// "(total 10) can only be 1+2+7 or 1+3+6": the combinations of sum row `row` that still
    /// fit its cells' candidates, listed up to six.
    pub(super) fn combinations_text(&self, row: &CellRow, sum: &SumRow) -> String {
        let cells = &row.cells;
        let live: Vec<u64> = (0..cells.len())
            .map(|i| match self.value[cells[i].0 as usize] {
                0 => digits(self.cand[cells[i].0 as usize]).fold(0, |m, d| m | 1 << sum.value[i][d as usize - 1]),
                d => 1 << sum.value[i][d as usize - 1],
            })
            .collect();
        let mut keep = vec![0u64; cells.len()];
        let fits: Vec<u64> = sum
            .combos
            .iter()
            .copied()
            .filter(|&c| sudoku_ip_native::fitting(&[c], &live, &mut keep).is_some())
            .collect();
        let total = match row.sense {
            Sense::Eq => format!("total {}", row.rhs),
            Sense::Le => format!("total at most {}", row.rhs),
            Sense::Ge => format!("total at least {}", row.rhs),
        };
        // "1+2+7"; a row with negative terms (a double arrow's ends) as "4+7-5-6", its added
        // digits first, each as the digit a cell holds.
        let combo = |c: u64| {
            let picked: Vec<i64> = (0..64).filter(|j| c >> j & 1 == 1).map(|j| sum.values[j]).collect();
            let mut text: String =
                picked.iter().filter(|&&v| v >= 0).map(|v| v.to_string()).collect::<Vec<_>>().join("+");
            let mut minus: Vec<i64> = picked.iter().filter(|&&v| v < 0).map(|v| -v).collect();
            minus.sort_unstable();
            for v in minus {
                text.push_str(&format!("-{v}"));
            }
            text
        };
        match fits.len() {
            0 => format!("({total}) has no combination left"),
            1 => format!("({total}) can only be {}", combo(fits[0])),
            2..=6 => {
                let list: Vec<String> = fits.iter().map(|&c| combo(c)).collect();
                let (last, rest) = list.split_last().map_or((String::new(), &[][..]), |(l, r)| (l.clone(), r));
                format!("({total}) can only be {} or {last}", rest.join(", "))
            }
            many => format!("({total}) has {many} combinations left"),
        }
    }

    /// The lowest and highest activity `row`'s cells can give, with each open cell's
    /// (index in the row, lowest, highest); a cell with no candidate counts nothing.
    fn cell_bounds(&self, row: &CellRow) -> (i64, i64, Vec<(usize, i64, i64)>) {
        let (mut lo, mut hi) = (0, 0);
        let mut bounds = Vec::with_capacity(row.cells.len());
        for (i, (cell, coef)) in row.cells.iter().enumerate() {
            let k = *cell as usize;
            let (a, b) = if self.value[k] != 0 {
                let c = coef[self.value[k] as usize - 1];
                (c, c)
            } else {
                let mut it = digits(self.cand[k]).map(|d| coef[d as usize - 1]);
                let Some(first) = it.next() else { continue };
                it.fold((first, first), |(a, b), c| (a.min(c), b.max(c)))
            };
            bounds.push((i, a, b));
            lo += a;
            hi += b;
        }
        (lo, hi, bounds)
    }

    /// What each auxiliary variable (a rule's own binary: a renban's window, a sandwich's
    /// crust) can still be, given the candidates: bit 0 set when it can be 0, bit 1 when it
    /// can be 1, narrowed by every row's bounds until nothing changes. `Err(r)`: row `r` can no
    /// longer hold.
    pub(super) fn aux_domains(&self) -> Result<Vec<u8>, usize> {
        let mut dom = vec![3u8; self.aux_count];
        // A work list of rows: a row whose variable narrowed is looked at again.
        let mut queue: std::collections::VecDeque<usize> = self.aux_rows.iter().map(|&r| r as usize).collect();
        let mut queued = vec![false; self.rows.len()];
        for &r in &queue {
            queued[r] = true;
        }
        while let Some(r) = queue.pop_front() {
            queued[r] = false;
            let row = &self.rows[r];
            let (le, ge) = senses(row.sense);
            let (mut lo, mut hi, _) = self.cell_bounds(row);
            for &(j, a) in &row.aux {
                let (low, high) = aux_range(dom[j as usize], a);
                lo += low;
                hi += high;
            }
            for &(j, a) in &row.aux {
                let (low, high) = aux_range(dom[j as usize], a);
                let before = dom[j as usize];
                for (value, mask) in [(0, 1u8), (a, 2u8)] {
                    if before & mask != 0 && ((le && lo - low + value > row.rhs) || (ge && hi - high + value < row.rhs))
                    {
                        dom[j as usize] &= !mask;
                    }
                }
                if dom[j as usize] == 0 {
                    return Err(r);
                }
                if dom[j as usize] != before {
                    for &q in &self.rows_of_aux[j as usize] {
                        if !std::mem::replace(&mut queued[q as usize], true) {
                            queue.push_back(q as usize);
                        }
                    }
                }
            }
        }
        Ok(dom)
    }

    /// The candidates that cannot fit `row`'s bounds whatever its other cells take, its
    /// auxiliary variables taking what `aux` ([`Logic::aux_domains`]) leaves them.
    pub(super) fn bounds_removals(&self, row: &CellRow, aux: &[u8]) -> Vec<(usize, u8)> {
        let (mut lo, mut hi, bounds) = self.cell_bounds(row);
        for &(j, a) in &row.aux {
            let (low, high) = aux.get(j as usize).map_or((a.min(0), a.max(0)), |&d| aux_range(d, a));
            lo += low;
            hi += high;
        }
        let (le, ge) = senses(row.sense);
        let mut removed = Vec::new();
        for &(i, a, b) in &bounds {
            let (cell, coef) = &row.cells[i];
            let k = *cell as usize;
            if self.value[k] != 0 {
                continue;
            }
            for d in digits(self.cand[k]) {
                let c = coef[d as usize - 1];
                if (le && lo - a + c > row.rhs) || (ge && hi - b + c < row.rhs) {
                    removed.push((k, d));
                }
            }
        }
        removed
    }

    /// The candidates no fitting combination of sum row `row` offers their cell, and, for a
    /// digit every combination holds, the other cells of any unit that contains all the row's
    /// cells that can take it (one cell: it keeps only that digit). `None`: nothing fits.
    pub(super) fn combination_removals(&self, row: &CellRow, sum: &SumRow) -> Option<Vec<(usize, u8)>> {
        let cells = &row.cells;
        let value_of = |i: usize, d: u8| sum.value[i][d as usize - 1];
        let live: Vec<u64> = (0..cells.len())
            .map(|i| match self.value[cells[i].0 as usize] {
                0 => digits(self.cand[cells[i].0 as usize]).fold(0, |m, d| m | 1 << value_of(i, d)),
                d => 1 << value_of(i, d),
            })
            .collect();
        let mut keep = vec![0u64; cells.len()];
        let mut required = sudoku_ip_native::fitting(&sum.combos, &live, &mut keep)?;
        let mut removed: Vec<(usize, u8)> = Vec::new();
        for (i, &(cell, _)) in cells.iter().enumerate() {
            let k = cell as usize;
            removed.extend(digits(self.cand[k]).filter(|&d| keep[i] >> value_of(i, d) & 1 == 0).map(|d| (k, d)));
        }
        while required != 0 {
            let j = required.trailing_zeros() as u8;
            required &= required - 1;
            // The cells that can still take value j, and its digit (one digit per value).
            let mut holders: Vec<usize> = Vec::new();
            let mut digit = 0;
            for (i, &(cell, _)) in cells.iter().enumerate() {
                let k = cell as usize;
                let d = (1..=self.n as u8).find(|&d| value_of(i, d) == j).unwrap_or(0);
                if d != 0 && (self.value[k] == d || (self.value[k] == 0 && self.cand[k] & bit(d) != 0)) {
                    holders.push(k);
                    digit = d;
                }
            }
            if digit == 0 || holders.iter().any(|&k| self.value[k] != 0) {
                continue;
            }
            if let [k] = holders[..] {
                removed.extend(digits(self.cand[k]).filter(|&d| d != digit).map(|d| (k, d)));
            }
            for &u in &self.units_of[self.var(holders[0], digit)] {
                let unit = &self.units[u as usize];
                if holders.iter().all(|&k| unit.cells.contains(&(k as u32))) {
                    removed.extend(
                        unit.cells
                            .iter()
                            .map(|&k| k as usize)
                            .filter(|&k| !holders.contains(&k) && self.cand[k] & bit(digit) != 0)
                            .map(|k| (k, digit)),
                    );
                }
            }
        }
        Some(removed)
    }
}

/// Whether `row` is a plain sum: each cell adds its digit, nothing else in the row.
fn plain_sum(row: &CellRow) -> bool {
    row.free == (0, 0)
        && row.aux.is_empty()
        && row.cells.iter().all(|(_, coef)| coef.iter().enumerate().all(|(i, &c)| c == i as i64 + 1))
}

/// Whether a row of sense `sense` bounds its activity from above and from below.
fn senses(sense: Sense) -> (bool, bool) {
    match sense {
        Sense::Le => (true, false),
        Sense::Ge => (false, true),
        Sense::Eq => (true, true),
    }
}

/// What an auxiliary binary of coefficient `a` and domain `dom` (see [`Logic::aux_domains`])
/// can add: (lowest, highest).
fn aux_range(dom: u8, a: i64) -> (i64, i64) {
    match dom {
        1 => (0, 0),
        2 => (a, a),
        _ => (a.min(0), a.max(0)),
    }
}

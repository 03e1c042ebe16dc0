//! Sums of distinct values: the combinations a linear row allows, found from the rows alone.
//!
//! A killer cage is the common case: `Σ d·x[c,d] = 15` over three cells that see each other.
//! Bounds (`linear.rs`) treat the cells one by one, so a two-cell cage of 4 keeps 1, 2 and 3
//! in both cells although {2, 2} repeats. A setter reasons with combinations instead: 4 is
//! {1, 3}, so the 2s go. This module does that for any linear row of the right shape, without
//! knowing what a cage is:
//!
//! ```text
//!  row  Σ a_v·x_v  (sense)  rhs, its terms in groups g1..gk (linear.rs)
//!   - every group is a whole exactly-one row: exactly one of its variables is 1, so the group
//!     "takes" the coefficient of that variable — its value;
//!   - a coefficient appears at most once in a group;
//!   - two groups never take the same value: variables of equal coefficient in different groups
//!     share an exactly-one row or an at-most-one row (Σ x <= 1, all coefficients 1).
//!  Then the values taken are k distinct coefficients whose sum satisfies the row: a
//!  combination, from a list made once when the model is compiled.
//! ```
//!
//! Propagation, with `live[g]` the values group `g` can still take:
//! - a combination `M` fits when every group can take a value of `M` and together they can
//!   cover `M` (`live[g] ∩ M ≠ ∅` for all `g`, `∪ (live[g] ∩ M) = M`); a group keeps only the
//!   values some fitting combination offers it; no fitting combination is a conflict;
//! - a value in every fitting combination is taken by exactly one group: if only one variable
//!   can take it, that variable is 1; if all that can lie in one exactly-one row, the row's
//!   other variables are 0 (a cage of 3 in two cells {1, 2} empties the rest of its row of 1s
//!   and 2s).
//!
//! Both are sound: the values of any solution form a fitting combination.

use sudoku_ip_model::Sense;

/// Most value combinations kept for one row; a row with more is left to bounds alone.
const MAX_COMBOS: usize = 4096;
/// Most `k`-subsets looked at while listing a row's combinations.
const MAX_SUBSETS: u64 = 1 << 20;

/// The compiled sum rows.
#[derive(Default)]
pub(crate) struct Sums {
    /// Linear row → its index into `rows`, if it is a sum row.
    pub of_lin: Vec<Option<u32>>,
    pub rows: Vec<SumRow>,
    /// Most groups in one sum row.
    pub max_groups: usize,
}

/// One linear row that is a sum of distinct values.
pub(crate) struct SumRow {
    /// Per term of the row (in `lin_terms` order), the index of its coefficient among the
    /// row's distinct coefficients.
    pub value: Vec<u8>,
    /// Fitting-candidate combinations: sets of value indices (`k` of them) whose coefficients
    /// satisfy the row.
    pub combos: Vec<u64>,
    /// The row's terms (offsets in `value`'s order) by value: value `j`'s are
    /// `by_value[by_value_start[j]..by_value_start[j + 1]]`, where a required value can go.
    pub by_value_start: Vec<u32>,
    pub by_value: Vec<u32>,
    /// The combinations as a family of value sets (`sumsets.rs`), when the row has at most
    /// [`sumsets::MAX_VALUES`](crate::sumsets::MAX_VALUES) values: the row is then propagated
    /// to its own consistency from them, in place of bounds and the covering test.
    pub sets: Option<crate::sumsets::SumSets>,
}

impl SumRow {
    /// How many distinct values (coefficients) the row has.
    pub(crate) fn values(&self) -> usize {
        self.by_value_start.len() - 1
    }
}

/// What the compiler knows that detection needs.
pub(crate) struct Layout<'a> {
    pub lin_terms: &'a [(u32, i64)],
    pub lin_groups: &'a [u32],
    pub group_start: &'a [u32],
    pub group_eo: &'a [Option<u32>],
    pub lin_sense: &'a [Sense],
    pub lin_rhs: &'a [i64],
    pub eo_start: &'a [u32],
    pub var_eo_start: &'a [u32],
    pub var_eo_row: &'a [u32],
    /// The model's at-most-one rows.
    pub amo: &'a AmoRows,
}

/// The model's at-most-one rows (`Σ x <= 1` over two or more variables, all coefficients 1),
/// which sums and blocks read as cliques beside the exactly-one rows; CSR both ways.
#[derive(Default)]
pub(crate) struct AmoRows {
    /// Row `q`'s variables: `vars[start[q]..start[q + 1]]`.
    start: Vec<u32>,
    vars: Vec<u32>,
    /// Variable `v`'s rows, in increasing order: `rows[var_start[v]..var_start[v + 1]]`.
    var_start: Vec<u32>,
    rows: Vec<u32>,
}

impl AmoRows {
    /// The at-most-one rows among `rows`.
    pub(crate) fn of<'r>(rows: impl Iterator<Item = &'r sudoku_ip_model::Row>) -> AmoRows {
        let (mut start, mut vars) = (vec![0u32], Vec::new());
        for row in rows {
            if row.sense == Sense::Le && row.rhs == 1 && row.terms.len() >= 2 && row.terms.iter().all(|&(_, a)| a == 1)
            {
                vars.extend(row.terms.iter().map(|&(v, _)| v));
                start.push(vars.len() as u32);
            }
        }
        let num_vars = vars.iter().max().map_or(0, |&v| v as usize + 1);
        let (var_start, rows, _) = crate::compile::transpose(num_vars, &start, |i| vars[i]);
        AmoRows { start, vars, var_start, rows }
    }

    /// The at-most-one rows of variable `v`.
    pub(crate) fn rows_of(&self, v: u32) -> &[u32] {
        match (self.var_start.get(v as usize), self.var_start.get(v as usize + 1)) {
            (Some(&s), Some(&e)) => &self.rows[s as usize..e as usize],
            _ => &[],
        }
    }

    /// The variables of at-most-one row `q`.
    pub(crate) fn vars_of(&self, q: usize) -> &[u32] {
        &self.vars[self.start[q] as usize..self.start[q + 1] as usize]
    }
}

impl Layout<'_> {
    /// Variables in exactly-one row `r`.
    pub(crate) fn eo_len(&self, r: u32) -> usize {
        (self.eo_start[r as usize + 1] - self.eo_start[r as usize]) as usize
    }

    /// The exactly-one rows of variable `v`.
    pub(crate) fn eo_rows_of(&self, v: u32) -> &[u32] {
        &self.var_eo_row[self.var_eo_start[v as usize] as usize..self.var_eo_start[v as usize + 1] as usize]
    }
}

/// Find the sum rows among the linear rows.
pub(crate) fn detect(layout: &Layout) -> Sums {
    let lin_rows = layout.lin_groups.len() - 1;
    let exclusive = |u: u32, w: u32| {
        let (ru, rw) = (layout.eo_rows_of(u), layout.eo_rows_of(w));
        ru.iter().any(|r| rw.contains(r)) || layout.amo.rows_of(u).iter().any(|r| layout.amo.rows_of(w).contains(r))
    };
    let mut sums = Sums { of_lin: vec![None; lin_rows], ..Sums::default() };
    for l in 0..lin_rows {
        if let Some(row) = sum_row(l, layout, &exclusive) {
            let groups = (layout.lin_groups[l + 1] - layout.lin_groups[l]) as usize;
            sums.max_groups = sums.max_groups.max(groups);
            sums.of_lin[l] = Some(sums.rows.len() as u32);
            sums.rows.push(row);
        }
    }
    sums
}

/// Linear row `l` as a sum row, if it is one and its combinations say more than bounds do.
fn sum_row(l: usize, layout: &Layout, exclusive: &dyn Fn(u32, u32) -> bool) -> Option<SumRow> {
    let groups = layout.lin_groups[l] as usize..layout.lin_groups[l + 1] as usize;
    let k = groups.len();
    if k < 2 {
        return None;
    }
    let terms_of = |g: usize| &layout.lin_terms[layout.group_start[g] as usize..layout.group_start[g + 1] as usize];
    let mut values: Vec<i64> = Vec::new();
    for g in groups.clone() {
        let terms = terms_of(g);
        // The group is its whole exactly-one row, and no coefficient repeats inside it.
        if layout.group_eo[g].is_none_or(|r| layout.eo_len(r) != terms.len()) {
            return None;
        }
        let mut seen: Vec<i64> = terms.iter().map(|&(_, a)| a).collect();
        seen.sort_unstable();
        if seen.windows(2).any(|w| w[0] == w[1]) {
            return None;
        }
        values.extend(seen);
    }
    values.sort_unstable();
    values.dedup();
    // No two groups can take the same value.
    for (i, g1) in groups.clone().enumerate() {
        for g2 in groups.clone().skip(i + 1) {
            for &(u, a) in terms_of(g1) {
                if let Some(&(w, _)) = terms_of(g2).iter().find(|&&(_, b)| b == a) {
                    if !exclusive(u, w) {
                        return None;
                    }
                }
            }
        }
    }
    // `combinations` refuses more than 64 values, so the indices below fit a `u8`.
    let combos = combinations(&values, k, layout.lin_sense[l], layout.lin_rhs[l])?;
    // Every coefficient is among `values`: its index is the number of smaller ones.
    let index = |a: i64| values.partition_point(|&b| b < a) as u8;
    let value: Vec<u8> = groups.flat_map(|g| terms_of(g).iter().map(|&(_, a)| index(a))).collect();
    let mut by_value: Vec<u32> = (0..value.len() as u32).collect();
    by_value.sort_by_key(|&i| value[i as usize]);
    let mut by_value_start = vec![0u32; values.len() + 1];
    for &j in &value {
        by_value_start[j as usize + 1] += 1;
    }
    for j in 0..values.len() {
        by_value_start[j + 1] += by_value_start[j];
    }
    let sets = crate::sumsets::SumSets::new(values.len(), &combos);
    Some(SumRow { value, combos, by_value_start, by_value, sets })
}

/// The `k`-subsets of `values` (sorted, distinct, at most 64) whose sum satisfies
/// `sum sense rhs`, as bit sets over the positions in `values`. `None` when they say nothing
/// (every subset fits: distinctness alone is the other rows' job) or are too many to be worth
/// keeping.
pub fn combinations(values: &[i64], k: usize, sense: Sense, rhs: i64) -> Option<Vec<u64>> {
    if values.len() > 64 || k == 0 || k > values.len() {
        return None;
    }
    let (lo, hi) = bounds(sense, rhs);
    let total = binomial(values.len() as u64, k as u64);
    if total > MAX_SUBSETS {
        return None;
    }
    let mut combos = Vec::new();
    subsets_within(values, k, (lo, hi), &mut |mask| {
        combos.push(mask);
        combos.len() <= MAX_COMBOS
    });
    (combos.len() <= MAX_COMBOS && (combos.len() as u64) < total).then_some(combos)
}

/// Call `visit(mask)` for every `k`-subset of `values` (sorted ascending) whose sum lies in
/// `lo..=hi`, in the order [`subsets`] visits all of them, until it returns false. A branch
/// whose smallest completion exceeds `hi` ends the loop (the next values are larger), one whose
/// largest completion falls short of `lo` is skipped: a killer's 47 cages and leftover rows
/// were 82M instructions of enumerating every subset, nearly all of which miss the total.
fn subsets_within(values: &[i64], k: usize, (lo, hi): (i64, i64), visit: &mut dyn FnMut(u64) -> bool) {
    struct Walk<'a> {
        values: &'a [i64],
        /// `prefix[i]`: the sum of `values[..i]`.
        prefix: Vec<i64>,
        lo: i64,
        hi: i64,
    }
    impl Walk<'_> {
        /// Returns false if stopped.
        fn go(&self, from: usize, need: usize, mask: u64, sum: i64, visit: &mut dyn FnMut(u64) -> bool) -> bool {
            let n = self.values.len();
            if need == 0 {
                return !(self.lo..=self.hi).contains(&sum) || visit(mask);
            }
            // The largest `need − 1` values, all after any `i` the loop takes.
            let top = self.prefix[n] - self.prefix[n - (need - 1)];
            for i in from..=n - need {
                let smallest = sum + self.prefix[i + need] - self.prefix[i];
                if smallest > self.hi {
                    break;
                }
                if sum + self.values[i] + top < self.lo {
                    continue;
                }
                if !self.go(i + 1, need - 1, mask | 1 << i, sum + self.values[i], visit) {
                    return false;
                }
            }
            true
        }
    }
    let mut prefix = vec![0i64];
    prefix.extend(values.iter().scan(0i64, |s, &v| {
        *s += v;
        Some(*s)
    }));
    let walk = Walk { values, prefix, lo, hi };
    walk.go(0, k, 0, 0, visit);
}

/// The sums `sum sense rhs` allows, as `lo..=hi`.
pub(crate) fn bounds(sense: Sense, rhs: i64) -> (i64, i64) {
    match sense {
        Sense::Le => (i64::MIN, rhs),
        Sense::Eq => (rhs, rhs),
        Sense::Ge => (rhs, i64::MAX),
    }
}

/// `n` choose `k`, saturating.
fn binomial(n: u64, k: u64) -> u64 {
    let k = k.min(n - k);
    (0..k).fold(1u64, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

/// Call `visit(mask, sum)` for every `k`-subset of `values[from..]` added to `chosen`, until it
/// returns false. Returns false if stopped. The reference [`subsets_within`] is tested against.
#[cfg(test)]
fn subsets(
    values: &[i64],
    k: usize,
    from: usize,
    mask: u64,
    chosen: &mut Vec<i64>,
    visit: &mut dyn FnMut(u64, i64) -> bool,
) -> bool {
    if chosen.len() == k {
        return visit(mask, chosen.iter().sum());
    }
    for i in from..values.len() {
        if values.len() - i < k - chosen.len() {
            break;
        }
        chosen.push(values[i]);
        let go_on = subsets(values, k, i + 1, mask | 1 << i, chosen, visit);
        chosen.pop();
        if !go_on {
            return false;
        }
    }
    true
}

/// What the combinations of a sum row leave, given each group's live values (`live`, bit sets
/// over value positions): a combination fits when every group can take one of its values and
/// together they can cover it. Fills `keep` with the values fitting combinations offer each
/// group, and returns the values every fitting combination holds; `None` when none fits.
pub fn fitting(combos: &[u64], live: &[u64], keep: &mut [u64]) -> Option<u64> {
    keep.fill(0);
    let mut required = u64::MAX;
    let mut any = false;
    'combos: for &m in combos {
        let mut union = 0;
        for &l in live {
            let here = l & m;
            if here == 0 {
                continue 'combos;
            }
            union |= here;
        }
        if union != m {
            continue;
        }
        any = true;
        required &= m;
        for (k, &l) in keep.iter_mut().zip(live) {
            *k |= l & m;
        }
    }
    any.then_some(required)
}

/// [`fitting`] over the combinations still alive on this path, `combos` (a row's alive
/// prefix): the ones that do not fit are moved past the returned count (they cannot fit again
/// while the live values only shrink, so a caller may drop them until it backtracks). The
/// count is unchanged when nothing fits.
///
/// `res` (two words a value, kept by the caller across calls) holds residues, as in table
/// constraints' GAC: `res[j]` a combination seen fitting that holds value `j`, `res[n + j]`
/// one that lacks it (`n = res.len() / 2`; 0 for none). A combination that fits now fits at
/// every ancestor of this path, so a residue stays worth trying after a backtrack. When each
/// live value's two residues still fit, every live value is kept and none is required: the
/// answer, found without the scan (most calls during a search, which wake a row on any of its
/// candidates' removal). `known` are values found required before on this path: they still
/// are, so they need no residue that lacks them (a cage's 9 would otherwise send every call to
/// the scan). The scan also stops once that holds, the rest of the combinations left within
/// the count unchecked. The answer is [`fitting`]'s, however the residues stand.
pub(crate) fn fitting_alive(
    combos: &mut [u64],
    live: &[u64],
    keep: &mut [u64],
    res: &mut [u64],
    known: u64,
) -> (Option<u64>, usize) {
    let n = res.len() / 2;
    let all = live.iter().fold(0, |a, &l| a | l);
    let fits = |m: u64| {
        if m == 0 || m & !all != 0 {
            return false;
        }
        let mut union = 0;
        for &l in live {
            let here = l & m;
            if here == 0 {
                return false;
            }
            union |= here;
        }
        union == m
    };
    // `has`: values some fitting combination holds; `lacks`: values some fitting one lacks.
    let (mut has, mut lacks) = (0u64, 0u64);
    let mut todo = all;
    while todo != 0 {
        let (j, bit) = (todo.trailing_zeros() as usize, todo & todo.wrapping_neg());
        todo &= todo - 1;
        for (m, seen) in [(res[j], has), (res[n + j], lacks | known)] {
            if seen & bit == 0 && fits(m) {
                (has, lacks) = (has | m, lacks | (all & !m));
            }
        }
        if has & (lacks | known) & bit == 0 {
            break;
        }
    }
    let done = |has: u64, lacks: u64| all != 0 && has & (lacks | known) & all == all;
    if done(has, lacks) {
        keep.copy_from_slice(live);
        return (Some(all & !lacks), combos.len());
    }
    // A residue that fits is alive, so the scan meets it again.
    let mut found = false;
    let mut len = combos.len();
    let mut i = 0;
    while i < len {
        let m = combos[i];
        if !fits(m) {
            len -= 1;
            combos.swap(i, len);
            continue;
        }
        found = true;
        let mut new = m & !has;
        while new != 0 {
            res[new.trailing_zeros() as usize] = m;
            new &= new - 1;
        }
        let mut new = all & !m & !lacks;
        while new != 0 {
            res[n + new.trailing_zeros() as usize] = m;
            new &= new - 1;
        }
        (has, lacks) = (has | m, lacks | (all & !m));
        i += 1;
        if done(has, lacks) {
            break;
        }
    }
    if !found {
        return (None, combos.len());
    }
    for (k, &l) in keep.iter_mut().zip(live) {
        *k = l & has;
    }
    (Some(all & !lacks), len)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::Compiled;
    use sudoku_ip_model::rules::Cage;
    use sudoku_ip_model::{Cell, Geometry, Model, Puzzle, Rule};

    fn compiled(cages: Vec<Cage>, distinct: bool) -> Compiled {
        compiled_with_model(cages, distinct).1
    }

    fn compiled_with_model(cages: Vec<Cage>, distinct: bool) -> (Model, Compiled) {
        let puzzle = Puzzle::blank(Geometry::new(9, None).expect("9x9"))
            .with_rules(vec![Rule::Killer(sudoku_ip_model::rules::Killer { cages, distinct })]);
        let model = Model::build(&puzzle);
        let mut c = Compiled::new(&model);
        // The cages' own rows only: the killer rule's leftover rows (houses minus cages) are
        // sum rows too, tested with the rule.
        for l in 0..c.lin_rows() {
            if !model.rows()[c.lin_row[l] as usize].name.ends_with("_sum") {
                c.sums.of_lin[l] = None;
            }
        }
        (model, c)
    }

    /// The sum rows left in `c`, in row order.
    fn cage_rows(c: &Compiled) -> Vec<(usize, &SumRow)> {
        (0..c.lin_rows()).filter_map(|l| c.sums.of_lin[l].map(|s| (l, &c.sums.rows[s as usize]))).collect()
    }

    fn cage(cells: &[(usize, usize)], sum: u32) -> Cage {
        Cage { cells: cells.iter().map(|&(r, c)| Cell::new(r, c)).collect(), sum: Some(sum) }
    }

    #[test]
    fn killer_cages_are_found_with_their_combinations() {
        // 4 in two cells: {1, 3}. 10 in four cells: {1, 2, 3, 4}. 15 in three cells: eight
        // combinations of 1..9. 45 in nine cells: every digit — the sum excludes nothing.
        let c = compiled(
            vec![
                cage(&[(0, 0), (0, 1)], 4),
                cage(&[(1, 0), (1, 1), (2, 0), (2, 1)], 10),
                cage(&[(4, 4), (4, 5), (5, 5)], 15),
                cage(&(0..9).map(|r| (r, 8)).collect::<Vec<_>>(), 45),
            ],
            true,
        );
        let combos: Vec<Vec<u64>> = cage_rows(&c).iter().map(|(_, r)| r.combos.clone()).collect();
        assert_eq!(combos.len(), 3, "the nine-cell cage is left to the other rows");
        assert_eq!(combos[0], vec![0b101]);
        assert_eq!(combos[1], vec![0b1111]);
        assert_eq!(combos[2].len(), 8);
        assert!(combos[2].iter().all(|&m| m.count_ones() == 3));
        let groups = cage_rows(&c).iter().map(|&(l, _)| (c.lin_groups[l + 1] - c.lin_groups[l]) as usize).max();
        assert_eq!(groups, Some(4));
    }

    #[test]
    fn a_sum_only_cage_counts_only_where_its_cells_see_each_other() {
        // Seed 004's formulation has no "digits differ" rows: a cage across two boxes, rows and
        // columns may repeat a digit, so it is no sum of distinct values; inside one box it is.
        let (model, c) = compiled_with_model(vec![cage(&[(2, 2), (3, 3)], 4), cage(&[(0, 0), (1, 1)], 4)], false);
        let rows = cage_rows(&c);
        assert_eq!(rows.len(), 1);
        assert!(model.rows()[c.lin_row[rows[0].0] as usize].name.ends_with("cage2_sum"));
    }

    #[test]
    fn binomials_and_subsets() {
        assert_eq!((binomial(9, 2), binomial(9, 5), binomial(25, 12)), (36, 126, 5_200_300));
        let mut seen = Vec::new();
        subsets(&[1, 2, 3, 4], 2, 0, 0, &mut Vec::new(), &mut |m, s| {
            seen.push((m, s));
            true
        });
        assert_eq!(seen, vec![(0b0011, 3), (0b0101, 4), (0b1001, 5), (0b0110, 5), (0b1010, 6), (0b1100, 7)]);
    }

    #[test]
    fn pruned_subsets_are_the_fitting_ones_in_the_same_order() {
        // Every window of totals over a few value sets (negative values included): the pruned
        // walk visits exactly the subsets the full one finds within the window, in its order.
        let sets: [&[i64]; 4] = [&[1, 2, 3, 4, 5, 6, 7, 8, 9], &[-9, -7, -4, -1, 0, 2, 5], &[1, 3, 9, 27], &[5]];
        for values in sets {
            for k in 1..=values.len() {
                let mut all = Vec::new();
                subsets(values, k, 0, 0, &mut Vec::new(), &mut |m, s| {
                    all.push((m, s));
                    true
                });
                let (min, max) = (all.iter().map(|a| a.1).min().unwrap(), all.iter().map(|a| a.1).max().unwrap());
                for lo in min - 1..=max + 1 {
                    for hi in [lo, lo + 3, i64::MAX] {
                        let want: Vec<u64> =
                            all.iter().filter(|&&(_, s)| (lo..=hi).contains(&s)).map(|&(m, _)| m).collect();
                        let mut got = Vec::new();
                        subsets_within(values, k, (lo, hi), &mut |m| {
                            got.push(m);
                            true
                        });
                        assert_eq!(got, want, "{values:?} k {k} {lo}..={hi}");
                    }
                    let want: Vec<u64> = all.iter().filter(|&&(_, s)| s <= lo).map(|&(m, _)| m).collect();
                    let mut got = Vec::new();
                    subsets_within(values, k, (i64::MIN, lo), &mut |m| {
                        got.push(m);
                        true
                    });
                    assert_eq!(got, want, "{values:?} k {k} ..={lo}");
                }
            }
        }
    }

    #[test]
    fn a_cage_of_4_in_two_cells_is_1_and_3() {
        // Values 1..=9 are indices 0..=8; combinations of two summing to 4: {1, 3} only.
        let combos = [0b101];
        let live = [0x1ff, 0x1ff];
        let mut keep = [0; 2];
        assert_eq!(fitting(&combos, &live, &mut keep), Some(0b101));
        assert_eq!(keep, [0b101, 0b101]);
        // One cell already without 1 and 3: nothing fits.
        assert_eq!(fitting(&combos, &[0b010, 0x1ff], &mut keep), None);
    }

    #[test]
    fn alive_combinations_keep_those_that_fit_in_front() {
        // Two cells of 10 from values 1..=9 (indices 0..=8): {1,9} {2,8} {3,7} {4,6}.
        let mut combos = [0b1_0000_0001, 0b0_1000_0010, 0b0_0100_0100, 0b0_0010_1000];
        let mut res = [0; 18];
        let live = [0b0_0000_1111, 0x1ff];
        let mut keep = [0; 2];
        let all = fitting(&combos, &live, &mut keep);
        let kept = keep;
        let (required, len) = fitting_alive(&mut combos, &live, &mut keep, &mut res, 0);
        assert_eq!((required, keep, len), (all, kept, 4), "every one fits");
        let live = [0b0_0000_0011, 0x1ff];
        let all = fitting(&combos, &live, &mut keep);
        let kept = keep;
        let (required, len) = fitting_alive(&mut combos, &live, &mut keep, &mut res, 0);
        assert_eq!((required, keep, len), (all, kept, 2));
        let mut front = combos[..2].to_vec();
        front.sort_unstable();
        assert_eq!(front, vec![0b0_1000_0010, 0b1_0000_0001]);
        assert_eq!(fitting_alive(&mut combos[..2], &[0b100, 0x1ff], &mut keep, &mut res, 0), (None, 2));
        // Live {1, 2, 8, 9} in both cells: {1,9} and {2,8} keep everything and require
        // nothing, so the scan stops there, {3,7} and {4,6} left in front unchecked.
        let mut combos = [0b1_0000_0001, 0b0_1000_0010, 0b0_0100_0100, 0b0_0010_1000];
        let mut res = [0; 18];
        let live = [0b1_1000_0011, 0b1_1000_0011];
        let all = fitting(&combos, &live, &mut keep);
        let kept = keep;
        let (required, len) = fitting_alive(&mut combos, &live, &mut keep, &mut res, 0);
        assert_eq!((required, keep, len), (all, kept, 4));
        // The residues now answer the same question without the scan: a list that has lost
        // its combinations (here, emptied) shows that none was read.
        assert_eq!(res[0], 0b1_0000_0001, "{{1,9}} holds 1");
        let (required, len) = fitting_alive(&mut [], &live, &mut keep, &mut res, 0);
        assert_eq!((required, keep, len), (Some(0), live, 0));
    }

    #[test]
    fn a_required_value_known_on_the_path_spares_the_scan() {
        // Three cells of 24 from 1..=9: only {7, 8, 9}, so each value is required.
        let combos = [0b1_1100_0000u64];
        let mut res = [0; 18];
        let mut keep = [0; 3];
        let live = [0b1_1100_0000; 3];
        let (required, _) = fitting_alive(&mut combos.clone(), &live, &mut keep, &mut res, 0);
        assert_eq!(required, Some(0b1_1100_0000));
        // Known required, they need no residue lacking them: no scan (no list) and the same
        // answer.
        let (required, _) = fitting_alive(&mut [], &live, &mut keep, &mut res, 0b1_1100_0000);
        assert_eq!((required, keep), (Some(0b1_1100_0000), live));
        // Not known: the scan is needed, and an empty list means none fits.
        assert_eq!(fitting_alive(&mut [], &live, &mut keep, &mut res, 0).0, None);
    }

    proptest::proptest! {
        /// Along a path of shrinking live values with backtracks, as a search calls it, the
        /// residue version answers as [`fitting`] on every combination does.
        #[test]
        fn residues_and_the_alive_prefix_answer_as_the_full_scan(
            k in 2usize..5,
            rhs in 6i64..30,
            steps in proptest::collection::vec((0usize..5, 0u32..9, proptest::bool::ANY), 1..40),
        ) {
            let values: Vec<i64> = (1..=9).collect();
            let Some(all_combos) = combinations(&values, k, Sense::Eq, rhs) else { return Ok(()) };
            let mut combos = all_combos.clone();
            let mut res = vec![0u64; 18];
            // Stack of (live, alive count, known required) a level.
            let mut path = vec![(vec![0x1ffu64; k], combos.len(), 0u64)];
            let (mut keep, mut want) = (vec![0; k], vec![0; k]);
            for (g, j, back) in steps {
                if back && path.len() > 1 {
                    path.pop();
                    continue;
                }
                let (mut live, alive, known) = path.last().cloned().expect("root");
                live[g % k] &= !(1 << j);
                let expected = fitting(&all_combos, &live, &mut want);
                let (required, now) = fitting_alive(&mut combos[..alive], &live, &mut keep, &mut res, known);
                proptest::prop_assert_eq!(required, expected);
                if let Some(required) = required {
                    proptest::prop_assert_eq!(&keep, &want);
                    // The engine removes what is not kept, which wakes the row again: now the
                    // residues answer, with the required values known.
                    let live = keep.clone();
                    let expected = fitting(&all_combos, &live, &mut want);
                    let again = fitting_alive(&mut combos[..now], &live, &mut keep, &mut res, known | required);
                    proptest::prop_assert_eq!((again.0, &keep), (expected, &want));
                    path.push((live, again.1, known | required));
                }
            }
        }
    }

    #[test]
    fn a_combination_fits_only_if_the_groups_cover_it() {
        // Three cells, sum 6 = {1, 2, 3}; two cells can only be 1 or 2... and so can the
        // third: three cells cannot cover {1, 2, 3} with values from {1, 2}.
        let combos = [0b111];
        let mut keep = [0; 3];
        assert_eq!(fitting(&combos, &[0b011, 0b011, 0b011], &mut keep), None);
        assert_eq!(fitting(&combos, &[0b011, 0b011, 0b111], &mut keep), Some(0b111));
    }
}

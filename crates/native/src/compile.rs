//! The model compiled into the flat, read-only arrays the engine runs on.
//!
//! ```text
//!  exactly-one rows   eo_start[r]..eo_start[r+1]   → eo_vars          (position p in the row)
//!                     eo_word[r]..eo_word[r+1]     → words of the row's live mask
//!  variable v         var_eo_start[v]..[v+1]       → inc: row r, mask word and bit of v in r
//!  partners of r      part_start[r]..[r+1]         → rows sharing ≥ 2 variables with r,
//!                                                    as masks over both rows' positions
//!  at-most-one rows   amo_start[a]..amo_start[a+1] → amo_vars; var_amo_start[v]..[v+1] → var_amo
//!                     (Σ x <= 1 over distinct variables: a variable at 1 kills the others)
//!  supports           see `support.rs`: per exactly-one row, the variables that need one of
//!                     its live variables
//!  linear rows        see `linear.rs`: terms grouped by exactly-one row
//!  sum rows           see `sums.rs`: linear rows that are sums of distinct values, with the
//!                     value combinations they allow
//!  exact rows         see `exact.rs`: the other equality rows, whose sums are few enough
//!                     to be kept as bitsets
//!  line automata      see `lines.rs`: the model's automata, with the variables each reads
//! ```
//!
//! Compiling is linear in the number of nonzeros (times the rows per variable for partners),
//! with no hashing on the Sudoku-shaped part. Puzzles of one shape share their rows, so a
//! caller that searches many of them keeps one compilation in a [`Prepared`](crate::Prepared)
//! handle; there is no hidden process-wide cache.

use sudoku_ip_model::{Cancel, Model, Sense};

use crate::distinct::{self, Blocks};
use crate::exact::Exact;
use crate::linear;
use crate::lines::Lines;
use crate::sums::{self, AmoRows, Sums};
use crate::support::Supports;

/// Two exactly-one rows `a` (the owner) and `b` that share at least two variables.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Partner {
    /// The other row.
    pub b: u32,
    /// Positions in `a` of the shared variables.
    pub in_a: u64,
    /// Positions in `b` of the shared variables.
    pub in_b: u64,
}

/// Variable `v` lies in exactly-one row `row`, at bit `bit` of the row's mask word `word`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Incidence {
    pub row: u32,
    /// Absolute index into the engine's mask words.
    pub word: u32,
    pub bit: u8,
    /// [`HAS_PARTNERS`], [`HAS_LINEAR`] and [`SINGLE_WORD`] of the row, so that a kill only
    /// looks those up when there is something to find.
    pub flags: u8,
    /// The most variables the row shares with one partner: with more live variables than
    /// that, no locked candidates can show.
    pub lock_max: u16,
}

/// The row has partners for locked candidates.
pub(crate) const HAS_PARTNERS: u8 = 1;
/// Some linear row has a group in the row.
pub(crate) const HAS_LINEAR: u8 = 2;
/// The row has at most 64 variables (one mask word).
pub(crate) const SINGLE_WORD: u8 = 4;
/// Variables outside the row need one of its live variables (`support.rs`).
pub(crate) const HAS_SUPPORT: u8 = 8;

/// Most terms of a tiny linear row whose terms are groups of their own (`Compiled::lin_tiny`).
pub(crate) const TINY: usize = 4;

/// Most terms of a tiny linear row that is a clause (`Compiled::lin_tiny`).
pub(crate) const TINY_CLAUSE: usize = 16;

/// The read-only part of the engine: everything derived from the rows. Puzzles of one shape
/// share it (through a [`Prepared`](crate::Prepared) handle).
#[derive(Default)]
pub(crate) struct Compiled {
    pub num_vars: usize,
    /// Cube variables `0..cube_vars`; the auxiliary ones follow.
    pub cube_vars: usize,
    // Exactly-one rows.
    pub eo_start: Vec<u32>,
    pub eo_vars: Vec<u32>,
    pub eo_word: Vec<u32>,
    /// Index of each exactly-one row in `Model::rows()`.
    pub eo_row: Vec<u32>,
    /// Model row → its index among exactly-one rows (`None`: a linear row).
    pub row_eo: Vec<Option<u32>>,
    /// Model row → its linear row, if it is one.
    pub row_lin: Vec<Option<u32>>,
    pub var_eo_start: Vec<u32>,
    pub var_eo_row: Vec<u32>,
    /// The same incidences, ready for the hot loop (indexed like `var_eo_row`).
    pub inc: Vec<Incidence>,
    pub part_start: Vec<u32>,
    pub part: Vec<Partner>,
    // At-most-one rows (anti-knight, non-consecutive, the conflict cliques of variants): kept
    // out of the linear rows, whose bounds would say the same at many times the cost.
    pub amo_start: Vec<u32>,
    pub amo_vars: Vec<u32>,
    /// Index of each at-most-one row in `Model::rows()`.
    pub amo_row: Vec<u32>,
    pub var_amo_start: Vec<u32>,
    pub var_amo: Vec<u32>,
    // Linear rows.
    /// Terms of linear rows, stored group after group.
    pub lin_terms: Vec<(u32, i64)>,
    /// Row → first group; group → first term; group → its exactly-one row, if any.
    pub lin_groups: Vec<u32>,
    pub group_start: Vec<u32>,
    pub group_eo: Vec<Option<u32>>,
    /// Group → positions of its variables in its exactly-one row, when that row has at most
    /// 64 variables (one mask word) and the group's terms follow its order; 0 otherwise. The
    /// group's live terms are then the row's live mask under this one, the `k`-th set bit
    /// being the group's `k`-th term: bounding a group reads the live ones alone.
    pub group_pos: Vec<u64>,
    /// Group → where its ranks start in `pos_rank`: the rank among the group's terms of the
    /// variable at each position of its exactly-one row (for groups with a `group_pos`).
    pub rank_start: Vec<u32>,
    pub pos_rank: Vec<u8>,
    pub lin_sense: Vec<Sense>,
    pub lin_rhs: Vec<i64>,
    /// Index of each linear row in `Model::rows()`.
    pub lin_row: Vec<u32>,
    pub var_lin_start: Vec<u32>,
    pub var_lin: Vec<u32>,
    /// Exactly-one row → linear rows with a group in it: a group's bounds depend on the row's
    /// live count, which changes with variables outside the linear row.
    pub eo_lin_start: Vec<u32>,
    pub eo_lin: Vec<u32>,
    /// Largest number of groups in one linear row.
    pub max_groups: usize,
    /// Whether any variable lies in a linear row.
    pub any_linear: bool,
    /// Per linear row, whether it is tiny: no blocks, combinations or exact sums, and either at
    /// most [`TINY`] terms, each its own group (the pair rows of zipper and region-sum lines,
    /// the thermometers' steps), or a clause of at most [`TINY_CLAUSE`] terms ([`is_clause`]:
    /// the support rows of kropki, whisper and XV dots). The engine bounds those term by term,
    /// without the general analysis.
    pub lin_tiny: Vec<bool>,
    /// Linear rows that are sums of distinct values, with their combinations (`sums.rs`).
    pub sums: Sums,
    /// Equality rows reasoned over their reachable sums (`exact.rs`).
    pub exact: Exact,
    /// Groups of linear rows that take distinct values, and rows those make redundant
    /// (`distinct.rs`).
    pub blocks: Blocks,
    /// Variables that need a live variable of an exactly-one row they conflict with in part
    /// (`support.rs`).
    pub supports: Supports,
    /// The model's line automata (`lines.rs`).
    pub lines: Lines,
}

/// Why a model cannot be compiled: a row mentions a variable the model does not have.
pub(crate) fn check_model(model: &Model) -> Result<(), String> {
    let num_vars = model.num_vars();
    for row in model.rows() {
        if let Some(&(v, _)) = row.terms.iter().find(|&&(v, _)| v as usize >= num_vars) {
            return Err(format!("row {} mentions variable {v}, beyond the model's {num_vars}", row.name));
        }
    }
    Ok(())
}

/// Whether `row` says "at most one of these distinct variables is 1".
fn is_at_most_one(row: &sudoku_ip_model::Row) -> bool {
    let mut vars: Vec<u32> = row.terms.iter().map(|&(v, _)| v).collect();
    vars.sort_unstable();
    row.sense == Sense::Le
        && row.rhs == 1
        && row.terms.len() >= 2
        && row.terms.iter().all(|&(_, a)| a == 1)
        && vars.windows(2).all(|w| w[0] != w[1])
}

/// [`Compiled::group_pos`]: for each group in an exactly-one row of at most 64 variables, the
/// positions of its terms' variables there (`position(v, row)`), when they increase term by
/// term; 0 for the others.
fn group_positions(
    lin_terms: &[(u32, i64)],
    group_start: &[u32],
    group_eo: &[Option<u32>],
    eo_start: &[u32],
    position: impl Fn(u32, u32) -> Option<u32>,
) -> Vec<u64> {
    let group = |g: usize| -> Option<u64> {
        let r = group_eo[g]?;
        if eo_start[r as usize + 1] - eo_start[r as usize] > 64 {
            return None;
        }
        let (mut mask, mut last) = (0u64, None);
        for &(v, _) in &lin_terms[group_start[g] as usize..group_start[g + 1] as usize] {
            let p = position(v, r)?;
            if last.is_some_and(|q| q >= p) {
                return None;
            }
            last = Some(p);
            mask |= 1 << p;
        }
        Some(mask)
    };
    (0..group_eo.len()).map(|g| group(g).unwrap_or(0)).collect()
}

/// Prefix sums in place: `counts[k + 1]` holds the size of bucket `k` on entry.
fn prefix(counts: &mut [u32]) {
    for k in 1..counts.len() {
        counts[k] += counts[k - 1];
    }
}

/// The CSR lists `start`/`list` with only the entries `keep` accepts.
fn keep_rows(start: &[u32], list: &[u32], keep: impl Fn(u32) -> bool) -> (Vec<u32>, Vec<u32>) {
    let (mut out_start, mut out) = (vec![0u32], Vec::with_capacity(list.len()));
    for w in start.windows(2) {
        out.extend(list[w[0] as usize..w[1] as usize].iter().copied().filter(|&x| keep(x)));
        out_start.push(out.len() as u32);
    }
    (out_start, out)
}

/// For `rows` given as CSR (`starts`, `keys`), the rows of each of `num_keys` keys, with the
/// position of the key inside each row.
pub(crate) fn transpose(
    num_keys: usize,
    starts: &[u32],
    keys: impl Fn(usize) -> u32,
) -> (Vec<u32>, Vec<u32>, Vec<u32>) {
    let rows = starts.len() - 1;
    let mut start = vec![0u32; num_keys + 1];
    for i in 0..starts[rows] as usize {
        start[keys(i) as usize + 1] += 1;
    }
    prefix(&mut start);
    let mut fill = start.clone();
    let mut row_of = vec![0u32; starts[rows] as usize];
    let mut pos_of = vec![0u32; starts[rows] as usize];
    for r in 0..rows {
        for i in starts[r] as usize..starts[r + 1] as usize {
            let k = keys(i) as usize;
            row_of[fill[k] as usize] = r as u32;
            pos_of[fill[k] as usize] = i as u32 - starts[r];
            fill[k] += 1;
        }
    }
    (start, row_of, pos_of)
}

impl Compiled {
    /// Compile `model` (whose variables [`check_model`] has checked).
    pub fn new(model: &Model) -> Compiled {
        // A token that never stops: the default (empty) compilation is never what comes back.
        Compiled::new_until(model, &Cancel::default(), false).unwrap_or_default()
    }

    /// [`Compiled::new`], given up (`None`) when `stop` says so between its phases: a 64×64
    /// with a whole-grid cage takes a few hundred milliseconds to compile, so a time limit
    /// that runs out meanwhile is kept to a phase (tens of milliseconds) rather than all of it.
    /// With `drop_replaced`, the rows of the auxiliary variables that line automata replace
    /// are left out (`lines.rs`): for searches, which answer grids, never for presolve.
    pub fn new_until(model: &Model, stop: &Cancel, drop_replaced: bool) -> Option<Compiled> {
        let num_vars = model.num_vars();
        let (mut eo_start, mut eo_vars, mut eo_row, mut eo_word) = (vec![0u32], Vec::new(), Vec::new(), vec![0u32]);
        let (mut lin_sense, mut lin_rhs, mut lin_row) = (Vec::new(), Vec::new(), Vec::new());
        let (mut amo_start, mut amo_vars, mut amo_row) = (vec![0u32], Vec::new(), Vec::new());
        let mut replaced = vec![false; if drop_replaced { num_vars } else { 0 }];
        let mut replaced_rows = vec![false; if drop_replaced { model.rows().len() } else { 0 }];
        for a in model.automata().iter().filter(|_| drop_replaced) {
            for &v in a.replaces.iter().filter(|&&v| (v as usize) < num_vars) {
                replaced[v as usize] = true;
            }
            for &r in &a.replaces_rows {
                if let Some(slot) = replaced_rows.get_mut(r as usize) {
                    *slot = true;
                }
            }
        }
        for (i, row) in model.rows().iter().enumerate() {
            if drop_replaced && (replaced_rows[i] || row.terms.iter().any(|&(v, _)| replaced[v as usize])) {
                continue;
            }
            if row.is_exactly_one() {
                eo_vars.extend(row.terms.iter().map(|&(v, _)| v));
                eo_start.push(eo_vars.len() as u32);
                eo_word.push(eo_word[eo_word.len() - 1] + row.terms.len().div_ceil(64) as u32);
                eo_row.push(i as u32);
            } else if is_at_most_one(row) {
                amo_vars.extend(row.terms.iter().map(|&(v, _)| v));
                amo_start.push(amo_vars.len() as u32);
                amo_row.push(i as u32);
            } else {
                lin_sense.push(row.sense);
                lin_rhs.push(row.rhs as i64);
                lin_row.push(i as u32);
            }
        }
        let mut row_eo = vec![None; model.rows().len()];
        for (r, &i) in eo_row.iter().enumerate() {
            row_eo[i as usize] = Some(r as u32);
        }
        let mut row_lin = vec![None; model.rows().len()];
        for (l, &i) in lin_row.iter().enumerate() {
            row_lin[i as usize] = Some(l as u32);
        }
        let (var_eo_start, var_eo_row, var_eo_pos) = transpose(num_vars, &eo_start, |i| eo_vars[i]);
        let (var_amo_start, var_amo, _) = transpose(num_vars, &amo_start, |i| amo_vars[i]);
        let (part_start, part) = partners(&eo_start, &eo_vars, &var_eo_start, &var_eo_row, &var_eo_pos);
        if stop.should_stop() {
            return None;
        }

        let grouped = linear::group_rows(
            lin_row.iter().map(|&i| &model.rows()[i as usize]),
            num_vars,
            |v| &var_eo_row[var_eo_start[v as usize] as usize..var_eo_start[v as usize + 1] as usize],
            |r| &eo_vars[eo_start[r as usize] as usize..eo_start[r as usize + 1] as usize],
        );
        let linear::Grouped { lin_start, lin_terms, lin_groups, group_start, group_eo } = grouped;
        let max_groups = lin_groups.windows(2).map(|w| (w[1] - w[0]) as usize).max().unwrap_or(0);
        let group_pos = group_positions(&lin_terms, &group_start, &group_eo, &eo_start, |v, r| {
            let k = (var_eo_start[v as usize]..var_eo_start[v as usize + 1]).find(|&k| var_eo_row[k as usize] == r)?;
            Some(var_eo_pos[k as usize])
        });
        let (mut rank_start, mut pos_rank) = (Vec::with_capacity(group_pos.len()), Vec::new());
        for &pos in &group_pos {
            rank_start.push(pos_rank.len() as u32);
            let len = 64 - pos.leading_zeros();
            pos_rank.extend((0..len).map(|p| (pos & ((1u64 << p) - 1)).count_ones() as u8));
        }
        if stop.should_stop() {
            return None;
        }
        // Read only for linear rows: a model without any (anti-knight, kropki pairs) skips them.
        let amo = AmoRows::of(model.rows().iter().filter(|_| !lin_row.is_empty()));
        let layout = sums::Layout {
            lin_terms: &lin_terms,
            lin_groups: &lin_groups,
            group_start: &group_start,
            group_eo: &group_eo,
            lin_sense: &lin_sense,
            lin_rhs: &lin_rhs,
            eo_start: &eo_start,
            var_eo_start: &var_eo_start,
            var_eo_row: &var_eo_row,
            amo: &amo,
        };
        let blocks = distinct::detect(&layout, &eo_vars);
        if stop.should_stop() {
            return None;
        }
        // Implied rows are never propagated: no variable or exactly-one row leads to them.
        let (var_lin_start, var_lin) = {
            let (start, rows, _) = transpose(num_vars, &lin_start, |i| lin_terms[i].0);
            keep_rows(&start, &rows, |l| !blocks.implied[l as usize])
        };
        let (eo_lin_start, eo_lin) = {
            let mut pairs: Vec<(u32, u32)> = Vec::new();
            for l in (0..lin_row.len()).filter(|&l| !blocks.implied[l]) {
                for r in group_eo[lin_groups[l] as usize..lin_groups[l + 1] as usize].iter().flatten() {
                    pairs.push((*r, l as u32));
                }
            }
            pairs.sort_unstable();
            pairs.dedup();
            let mut starts = vec![0u32; eo_row.len() + 1];
            for &(r, _) in &pairs {
                starts[r as usize + 1] += 1;
            }
            prefix(&mut starts);
            (starts, pairs.into_iter().map(|(_, l)| l).collect::<Vec<u32>>())
        };
        let inc = (0..var_eo_row.len())
            .map(|k| {
                let (r, p) = (var_eo_row[k] as usize, var_eo_pos[k]);
                let mut flags = 0;
                if part_start[r] != part_start[r + 1] {
                    flags |= HAS_PARTNERS;
                }
                if eo_lin_start[r] != eo_lin_start[r + 1] {
                    flags |= HAS_LINEAR;
                }
                if eo_start[r + 1] - eo_start[r] <= 64 {
                    flags |= SINGLE_WORD;
                }
                let lock_max = part[part_start[r] as usize..part_start[r + 1] as usize]
                    .iter()
                    .map(|q| q.in_a.count_ones() as u16)
                    .max()
                    .unwrap_or(0);
                Incidence { row: r as u32, word: eo_word[r] + p / 64, bit: (p % 64) as u8, flags, lock_max }
            })
            .collect();
        let any_linear = !var_lin.is_empty();
        let sums = sums::detect(&layout);
        let exact = Exact::detect(&lin_terms, &lin_groups, &group_start, &lin_sense, |l| sums.of_lin[l].is_some());
        let lin_tiny: Vec<bool> = (0..lin_sense.len())
            .map(|l| {
                let (g0, g1) = (lin_groups[l] as usize, lin_groups[l + 1] as usize);
                let (t0, t1) = (group_start[g0] as usize, group_start[g1] as usize);
                let terms = t1 - t0;
                let alone = terms == g1 - g0 && terms <= TINY;
                let clause = terms <= TINY_CLAUSE && is_clause(&lin_terms[t0..t1], lin_sense[l], lin_rhs[l]);
                (alone || clause)
                    && blocks.row_blocks[l] == blocks.row_blocks[l + 1]
                    && sums.of_lin[l].is_none()
                    && exact.words[l] == 0
            })
            .collect();
        let mut compiled = Compiled {
            num_vars,
            cube_vars: model.num_cube_vars().min(num_vars),
            eo_start,
            eo_vars,
            eo_word,
            eo_row,
            row_eo,
            row_lin,
            var_eo_start,
            var_eo_row,
            inc,
            part_start,
            part,
            amo_start,
            amo_vars,
            amo_row,
            var_amo_start,
            var_amo,
            lin_terms,
            lin_groups,
            group_start,
            group_eo,
            group_pos,
            rank_start,
            pos_rank,
            lin_sense,
            lin_rhs,
            lin_row,
            var_lin_start,
            var_lin,
            eo_lin_start,
            eo_lin,
            max_groups,
            any_linear,
            lin_tiny,
            sums,
            exact,
            blocks,
            supports: Supports::default(),
            lines: Lines::default(),
        };
        if stop.should_stop() {
            return None;
        }
        compiled.supports = Supports::detect(&compiled);
        compiled.lines = Lines::compile(model, drop_replaced);
        for k in 0..compiled.inc.len() {
            if compiled.supports.watched(compiled.inc[k].row as usize) {
                compiled.inc[k].flags |= HAS_SUPPORT;
            }
        }
        Some(compiled)
    }

    /// Number of exactly-one rows.
    pub fn eo_rows(&self) -> usize {
        self.eo_row.len()
    }

    /// Number of linear rows.
    pub fn lin_rows(&self) -> usize {
        self.lin_row.len()
    }

    /// The variables of exactly-one row `r`.
    #[inline]
    pub fn eo_vars_of(&self, r: usize) -> &[u32] {
        &self.eo_vars[self.eo_start[r] as usize..self.eo_start[r + 1] as usize]
    }

    /// The variables of at-most-one row `a`.
    #[inline]
    pub fn amo_vars_of(&self, a: usize) -> &[u32] {
        &self.amo_vars[self.amo_start[a] as usize..self.amo_start[a + 1] as usize]
    }

    /// The at-most-one rows of variable `v`.
    #[inline]
    pub fn amo_rows_of(&self, v: u32) -> &[u32] {
        &self.var_amo[self.var_amo_start[v as usize] as usize..self.var_amo_start[v as usize + 1] as usize]
    }

    /// The `(row, position)` incidences of variable `v` in exactly-one rows, as an index range.
    #[inline]
    pub fn incidences(&self, v: u32) -> std::ops::Range<usize> {
        self.var_eo_start[v as usize] as usize..self.var_eo_start[v as usize + 1] as usize
    }
}

/// For every exactly-one row of at most 64 variables, the other such rows it shares two or more
/// variables with, where the other row also has variables of its own (else there is nothing to
/// remove). Uses a stamp per row instead of a hash map: each incidence is touched once per
/// other row of its variable.
fn partners(
    eo_start: &[u32],
    eo_vars: &[u32],
    var_eo_start: &[u32],
    var_eo_row: &[u32],
    var_eo_pos: &[u32],
) -> (Vec<u32>, Vec<Partner>) {
    let rows = eo_start.len() - 1;
    let len = |r: usize| (eo_start[r + 1] - eo_start[r]) as usize;
    // The row `a` that last met each row `b`, so that `b`'s slot is fresh for the current `a`.
    let mut stamp: Vec<Option<u32>> = vec![None; rows];
    let mut slot = vec![0u32; rows];
    let mut shared: Vec<(Partner, u32)> = Vec::new();
    let mut part_start = vec![0u32];
    let mut part = Vec::new();
    for a in 0..rows {
        if len(a) <= 64 {
            shared.clear();
            for (pa, &v) in eo_vars[eo_start[a] as usize..eo_start[a + 1] as usize].iter().enumerate() {
                for k in var_eo_start[v as usize] as usize..var_eo_start[v as usize + 1] as usize {
                    let b = var_eo_row[k] as usize;
                    if b == a || len(b) > 64 {
                        continue;
                    }
                    if stamp[b] != Some(a as u32) {
                        stamp[b] = Some(a as u32);
                        slot[b] = shared.len() as u32;
                        shared.push((Partner { b: b as u32, in_a: 0, in_b: 0 }, 0));
                    }
                    let (p, n) = &mut shared[slot[b] as usize];
                    p.in_a |= 1 << pa;
                    p.in_b |= 1 << var_eo_pos[k];
                    *n += 1;
                }
            }
            part.extend(shared.iter().filter(|&&(p, n)| n >= 2 && (n as usize) < len(p.b as usize)).map(|&(p, _)| p));
        }
        part_start.push(part.len() as u32);
    }
    (part_start, part)
}

/// Whether a row of 0-1 terms is a clause: coefficients ±1 and the bound that lets every
/// term but one take its "wrong" value (`Σ pos − Σ neg <= |pos| − 1`: not all of `pos` at 1
/// without one of `neg`). Its bounds taken term by term are exact: the most the other terms
/// can give is reached only when all of them give it, whatever exactly-one rows they share.
/// With `Engine::clause_needs_group` for the one inference that reads the groups, the tiny
/// path fixes what the general analysis fixes from this row alone.
fn is_clause(terms: &[(u32, i64)], sense: Sense, rhs: i64) -> bool {
    if terms.iter().any(|&(_, a)| a != 1 && a != -1) {
        return false;
    }
    let pos = terms.iter().filter(|&&(_, a)| a == 1).count() as i64;
    let neg = terms.len() as i64 - pos;
    match sense {
        Sense::Le => rhs == pos - 1,
        Sense::Ge => rhs == 1 - neg,
        Sense::Eq => false,
    }
}

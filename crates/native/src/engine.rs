//! The generic exact engine's state and propagation, reading nothing but the model's rows and
//! fixed variables (compiled by `compile.rs`).
//!
//! ```text
//!  state, undone through the trail
//!  ───────────────────────────────
//!  live  : bitset over variables (not fixed to 0)      count : live variables per exactly-one row
//!  ones  : bitset over variables (fixed to 1)          xsum  : XOR of their indices
//!  mask  : per exactly-one row, its live positions     trail : kills and assignments, in order
//! ```
//!
//! Rules, run from queues to a fixed point:
//! - **Singles.** An exactly-one row whose count drops to one names its last variable through
//!   `xsum` (the XOR of one index is the index); it is fixed to 1, which kills the other live
//!   variables of all its exactly-one rows, found through their masks. A count of zero is a
//!   contradiction. In Sudoku words: naked singles (cell rows) and hidden singles (the others).
//! - **At-most-one rows** (`Σ x <= 1` over distinct variables, coefficients 1): a variable
//!   fixed to 1 kills the others at once, in `assign`. They never enter the linear queue, whose
//!   bounds would find the same at many times the cost (an empty 9×9 anti-knight: 9 µs a node
//!   against 270).
//! - **Locked candidates.** When every live variable of a row lies in a partner row (one that
//!   shares at least two variables with it), the partner's other variables are killed.
//! - **Pairs**, once a search proves long ([`Engine::pairs`]): two rows of two candidates
//!   inside two disjoint rows own those rows (naked and hidden pairs, X-wings).
//! - **Sum rows**, linear rows that are sums of distinct values (killer cages), by the value
//!   combinations they allow (`sums.rs`), after their bounds; those of at most ten values
//!   (a cage of digits) to their own consistency from the value sets each prefix of their
//!   cells can take (`sumsets.rs`), which holds all the bounds would find.
//! - **Exact sums**: the other equality rows whose sums are few enough, by the sums their
//!   groups can still make (`exact.rs`), after their bounds.
//! - **Line automata**, to domain consistency by a forward and a backward pass over their
//!   states (`lines.rs`), woken like linear rows when a variable of their line is killed.
//! - **Linear rows**, by activity bounds per group (`linear.rs`), and per block of groups that
//!   take distinct values (`distinct.rs`); rows that blocks prove redundant are never queued. They keep no search state and
//!   are re-evaluated when a variable of theirs, or the count of a row one of their groups lies
//!   in, changes. State only tightens between two undos, so a bound computed a moment ago is
//!   still a valid bound: deductions made from it stay sound.

use sudoku_ip_model::{Cancel, Model, Sense};

use std::sync::Arc;

use crate::compile::{Compiled, HAS_LINEAR, HAS_SUPPORT, SINGLE_WORD};
use crate::exact::{self, ExactScratch};
use crate::linear::{BlockBounds, GroupBounds, RowBounds};
use crate::lines;
use crate::lookahead::LookAhead;
use crate::nogoods::Nogoods;
use crate::sums;
use crate::sumsets;

/// Marks an assignment to 1 in the trail (a plain entry is a kill).
pub(crate) const ASSIGNED: u32 = 1 << 31;

/// Why propagation failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ConflictKind {
    /// An exactly-one row has no live variable left.
    Empty,
    /// An exactly-one row would get two variables at 1.
    TwoOnes,
    /// A linear row cannot hold whatever the free variables do.
    Linear,
    /// A nogood recorded from an earlier run has all its variables at 1 (`nogoods.rs`).
    Nogood,
    /// Line automaton `k` (`lines.rs`) has no accepting path left.
    Line(u32),
}

/// A contradiction, named by the model row where it showed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Conflict {
    /// Index into `Model::rows()`; `None` when no row is to blame (a decision or a given
    /// fixed against a variable already decided).
    pub row: Option<usize>,
    /// What went wrong there.
    pub kind: ConflictKind,
}

/// Counters of one exactly-one row, side by side since a kill updates both.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct RowState {
    /// Live variables.
    pub count: u32,
    /// XOR of the live variables' indices.
    pub xsum: u32,
}

/// Queue linear row `l` unless it is queued already.
#[inline]
fn queue_linear(queued: &mut [bool], queue: &mut Vec<u32>, l: u32) {
    if !queued[l as usize] {
        queued[l as usize] = true;
        queue.push(l);
    }
}

/// The compiled model and the search state over it.
pub(crate) struct Engine {
    pub(crate) c: Arc<Compiled>,
    /// The model's own fixed variables, applied at the root.
    model_fixed: Vec<Option<bool>>,
    live: Vec<u64>,
    ones: Vec<u64>,
    pub(crate) mask: Vec<u64>,
    pub(crate) rows: Vec<RowState>,
    /// Undecided exactly-one rows (count ≥ 2) are `open[..open_len]`: a sparse set whose
    /// removals are undone by growing `open_len` again, since undo runs in reverse order.
    pub(crate) open: Vec<u32>,
    pub(crate) open_len: usize,
    open_pos: Vec<u32>,
    pub(crate) trail: Vec<u32>,
    eo_queue: Vec<u32>,
    sub_queue: Vec<u32>,
    sub_queued: Vec<bool>,
    /// Exactly-one rows with watches (`support.rs`) that lost a variable.
    sup_queue: Vec<u32>,
    sup_queued: Vec<bool>,
    /// Exactly-one rows whose count just dropped to two (see [`Engine::pairs`]).
    pair_queue: Vec<u32>,
    /// Whether the pair rule runs: search turns it on once a puzzle proves hard, since on
    /// easy ones it costs more than it saves.
    pub(crate) pairs_on: bool,
    lin_queue: Vec<u32>,
    lin_queued: Vec<bool>,
    /// Line automata woken by a kill (`lines.rs`), and the scratch of their passes.
    line_queue: Vec<u32>,
    line_queued: Vec<bool>,
    line_scratch: lines::Scratch,
    /// Per automaton, what its last pass left (`Line::supported_from`).
    line_memo: Vec<lines::Memo>,
    /// Memos an automaton's pass replaced, with the trail's length after that pass, so that
    /// an undo gives the automaton back the memo of the position it returns to.
    line_saved: Vec<(usize, u32, lines::Memo)>,
    /// Memos' buffers for reuse.
    line_spare: Vec<lines::Memo>,
    /// Per-group bounds of the linear row being propagated (sized for the largest row).
    scratch: Vec<GroupBounds>,
    /// Per-block bounds of that row (`distinct.rs`).
    block_scratch: Vec<BlockBounds>,
    /// Per-group live values, and values kept, of the sum row being propagated (`sums.rs`).
    sum_live: Vec<u64>,
    sum_keep: Vec<u64>,
    /// The variables that can take a required value of a sum row.
    holders: Vec<u32>,
    /// Every sum row's combinations (`sums.rs`), row `s` from `combo_start[s]`, the first
    /// `combo_alive[s]` of them still fitting on this path (the others moved behind them).
    combos: Vec<u64>,
    combo_start: Vec<u32>,
    combo_alive: Vec<u32>,
    /// Where a sum row's alive count shrank: (trail length then, row, count before), undone
    /// with the trail.
    combo_trail: Vec<(u32, u32, u32, u64)>,
    /// Per sum row, values found in every fitting combination on this path (they stay so
    /// below), restored with `combo_alive` from `combo_trail`.
    combo_required: Vec<u64>,
    /// Per sum row, its residues (`sums::fitting_alive`): two words a value, row `s` from
    /// `residue_start[s]`. Never undone: a residue is only a first guess.
    residues: Vec<u64>,
    residue_start: Vec<u32>,
    /// Per group of a sum row, the value index of each position of its exactly-one row, whose
    /// live mask then gives the group's live values directly (`None` when some row's group is
    /// wider than one word).
    sum_pos: Option<SumPositions>,
    /// Scratch of exact sums (`exact.rs`): the bitsets `P` and `R`, each group's contributions
    /// and where they start.
    exact: ExactScratch,
    /// Conflicts seen per exactly-one row over the whole search (never undone): branching
    /// prefers rows that keep failing (dom/wdeg).
    pub(crate) weight: Vec<u32>,
    /// Restarted runs see an exactly-one row with more live variables than this as no more
    /// open than one with this many (`u32::MAX`: no cap): [`WIDE_CAP`] on wide models (an
    /// exactly-one row longer than [`WIDE_ROW`]), none on the others.
    pub(crate) count_cap: u32,
    /// Nogoods recorded from the restarts of the current search (`nogoods.rs`).
    pub(crate) ng: Nogoods,
    /// Preferred values (a phase), laid out like `mask`: bit set for each variable of an
    /// exactly-one row that branching tries first at 1 when it is live ([`Engine::set_phase`]).
    /// Empty: no preference.
    pub(crate) phase: Vec<u64>,
    /// When searches look ahead (`lookahead.rs`): in restarted runs on models without linear
    /// rows or line automata ([`LookAhead::for_model`]), but for tests.
    pub(crate) lookahead: LookAhead,
    /// Candidates of the look-ahead (`lookahead.rs`; scratch).
    pub(crate) la_candidates: Vec<u32>,
    /// Variables the look-ahead fixed because one side failed (over the engine's life).
    pub(crate) la_failed: u64,
    /// Values the look-ahead fixed because both sides of a candidate fixed them (over the
    /// engine's life).
    pub(crate) la_implied: u64,
    /// Per literal (`2v` for `v = 0`, `2v + 1` for `v = 1`), the look-ahead side that last
    /// fixed it, and that side's number (`lookahead.rs`; scratch).
    pub(crate) la_stamp: Vec<u32>,
    pub(crate) la_side: u32,
}

/// [`Engine::sum_pos`].
struct SumPositions {
    /// Group `g`'s positions' value indices are `pos[start[g]..]` (empty for groups of other
    /// rows).
    start: Vec<u32>,
    pos: Vec<u8>,
    /// Per group, `k` when position `p`'s value index is `p + k` for every position (a cage's
    /// cell, whose digit `d` is the row's value `d − 1`: `k` is 0), so the live values are the
    /// live mask shifted up by `k`; [`NO_SHIFT`] otherwise. Value indices are never negative,
    /// so neither is `k`.
    shift: Vec<u8>,
}

/// [`SumPositions::shift`] of a group whose values are not its positions shifted.
const NO_SHIFT: u8 = u8::MAX;

/// [`Engine::sum_pos`]: for each group of a sum row, its exactly-one row's positions as value
/// indices; `None` when a group is not its whole row of at most 64 variables.
fn sum_positions(c: &Compiled) -> Option<SumPositions> {
    let groups = c.group_eo.len();
    let mut start = vec![0u32; groups + 1];
    let mut shift = vec![NO_SHIFT; groups];
    let mut pos: Vec<u8> = Vec::new();
    for l in 0..c.lin_rows() {
        let Some(s) = c.sums.of_lin[l] else { continue };
        let row = &c.sums.rows[s as usize];
        let first = c.group_start[c.lin_groups[l] as usize] as usize;
        let (g0, g1) = (c.lin_groups[l] as usize, c.lin_groups[l + 1] as usize);
        for (g, at) in (g0..g1).zip(&mut start[g0..g1]) {
            let r = c.group_eo[g]? as usize;
            let (e0, e1) = (c.eo_start[r] as usize, c.eo_start[r + 1] as usize);
            let (t0, t1) = (c.group_start[g] as usize, c.group_start[g + 1] as usize);
            if e1 - e0 > 64 || e1 - e0 != t1 - t0 || c.eo_word[r + 1] != c.eo_word[r] + 1 {
                return None;
            }
            *at = pos.len() as u32;
            for &u in &c.eo_vars[e0..e1] {
                let i = (t0..t1).find(|&i| c.lin_terms[i].0 == u)?;
                pos.push(row.value[i - first]);
            }
            let k = pos[*at as usize];
            if k < 64 && pos[*at as usize..].iter().enumerate().all(|(p, &j)| usize::from(j) == p + usize::from(k)) {
                shift[g] = k;
            }
        }
    }
    start[groups] = pos.len() as u32;
    Some(SumPositions { start, pos, shift })
}

/// Exactly-one rows longer than this make a model wide (grids from 25×25 up, where restarted
/// runs cap the counts they branch on at [`WIDE_CAP`]); narrower models (9×9, 16×16) branch as
/// they always did.
pub(crate) const WIDE_ROW: usize = 16;
/// The count cap of restarted runs on wide models (see `Engine::best_row`).
pub(crate) const WIDE_CAP: u32 = 8;

impl Engine {
    /// Compile a model (checked by `compile::check_model`); nothing is decided yet.
    pub fn new(model: &Model) -> Engine {
        Engine::with(Arc::new(Compiled::new(model)), model.fixed())
    }

    /// [`Engine::new`], given up (`None`) when `stop` says so while the model is compiled.
    pub fn new_until(model: &Model, stop: &Cancel) -> Option<Engine> {
        Some(Engine::with(Arc::new(Compiled::new_until(model, stop, false)?), model.fixed()))
    }

    /// An engine over rows compiled before, with `fixed` (one entry per variable) as the fixed
    /// variables applied at the root.
    pub fn with(c: Arc<Compiled>, fixed: &[Option<bool>]) -> Engine {
        debug_assert_eq!(fixed.len(), c.num_vars);
        let words = c.num_vars.div_ceil(64);
        let (eo_rows, lin_rows) = (c.eo_rows(), c.lin_rows());
        // Two residue words a value of each sum row (`sums::fitting_alive`).
        let residue_start: Vec<u32> = std::iter::once(0)
            .chain(c.sums.rows.iter().scan(0u32, |n, r| {
                *n += 2 * r.values() as u32;
                Some(*n)
            }))
            .collect();
        let mut e = Engine {
            live: vec![0; words],
            ones: vec![0; words],
            mask: vec![0; c.eo_word[eo_rows] as usize],
            rows: vec![RowState::default(); eo_rows],
            open: (0..eo_rows as u32).collect(),
            open_len: 0,
            open_pos: (0..eo_rows as u32).collect(),
            // Each variable is killed or assigned at most once on a path.
            trail: Vec::with_capacity(c.num_vars + 1),
            // One push per count decrement at most, between two clears.
            eo_queue: Vec::with_capacity(c.eo_vars.len() + 1),
            sub_queue: Vec::with_capacity(eo_rows),
            sub_queued: vec![false; eo_rows],
            sup_queue: Vec::with_capacity(eo_rows),
            sup_queued: vec![false; eo_rows],
            pair_queue: Vec::with_capacity(eo_rows),
            pairs_on: false,
            lin_queue: Vec::with_capacity(lin_rows),
            lin_queued: vec![false; lin_rows],
            line_queue: Vec::with_capacity(c.lines.lines.len()),
            line_queued: vec![false; c.lines.lines.len()],
            line_scratch: lines::Scratch::default(),
            line_memo: (0..c.lines.lines.len()).map(|_| lines::Memo::default()).collect(),
            line_saved: Vec::new(),
            line_spare: Vec::new(),
            scratch: Vec::with_capacity(c.max_groups),
            block_scratch: Vec::with_capacity(c.blocks.max_blocks),
            sum_live: Vec::with_capacity(c.sums.max_groups),
            sum_keep: Vec::with_capacity(c.sums.max_groups),
            holders: Vec::with_capacity(c.sums.max_groups),
            combos: c.sums.rows.iter().flat_map(|r| r.combos.iter().copied()).collect(),
            combo_start: std::iter::once(0)
                .chain(c.sums.rows.iter().scan(0u32, |n, r| {
                    *n += r.combos.len() as u32;
                    Some(*n)
                }))
                .collect(),
            combo_alive: c.sums.rows.iter().map(|r| r.combos.len() as u32).collect(),
            combo_trail: Vec::new(),
            combo_required: vec![0; c.sums.rows.len()],
            residues: vec![0; residue_start.last().map_or(0, |&e| e as usize)],
            residue_start,
            sum_pos: sum_positions(&c),
            exact: ExactScratch::default(),
            weight: vec![0; eo_rows],
            count_cap: if c.eo_start.windows(2).any(|w| (w[1] - w[0]) as usize > WIDE_ROW) {
                WIDE_CAP
            } else {
                u32::MAX
            },
            ng: Nogoods::default(),
            phase: Vec::new(),
            lookahead: LookAhead::for_model(c.any_linear, c.lines.lines.len()),
            la_candidates: Vec::new(),
            la_failed: 0,
            la_implied: 0,
            la_stamp: Vec::new(),
            la_side: 0,
            model_fixed: fixed.to_vec(),
            c,
        };
        e.reset();
        e
    }

    /// Back to "every variable live, none at 1", queues empty.
    fn reset(&mut self) {
        self.live.fill(u64::MAX);
        if !self.c.num_vars.is_multiple_of(64) {
            if let Some(last) = self.live.last_mut() {
                *last = (1u64 << (self.c.num_vars % 64)) - 1;
            }
        }
        self.ones.fill(0);
        for r in 0..self.c.eo_rows() {
            let vars = self.c.eo_vars_of(r);
            self.rows[r].count = vars.len() as u32;
            self.rows[r].xsum = vars.iter().fold(0, |x, &v| x ^ v);
            let (w0, w1) = (self.c.eo_word[r] as usize, self.c.eo_word[r + 1] as usize);
            for w in w0..w1 {
                let bits = vars.len() - (w - w0) * 64;
                self.mask[w] = if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 };
            }
        }
        // Undecided rows first.
        self.open.sort_by_key(|&r| (self.rows[r as usize].count < 2, r));
        for (i, &r) in self.open.iter().enumerate() {
            self.open_pos[r as usize] = i as u32;
        }
        self.open_len = self.rows.iter().filter(|s| s.count >= 2).count();
        self.trail.clear();
        for (s, r) in self.c.sums.rows.iter().enumerate() {
            self.combo_alive[s] = r.combos.len() as u32;
        }
        self.combo_required.fill(0);
        self.combo_trail.clear();
        self.line_spare.extend(self.line_saved.drain(..).map(|(_, _, memo)| memo));
        for memo in &mut self.line_memo {
            memo.clear();
        }
        self.clear_queues();
    }

    /// Prefer the variables `prefer` (a known solution's ones, say): in every exactly-one row
    /// branched on, a live one of them is tried at 1 first. An empty list: no preference.
    pub(crate) fn set_phase(&mut self, prefer: &[u32]) {
        if prefer.is_empty() {
            self.phase.clear();
            return;
        }
        let mut wanted = vec![false; self.c.num_vars];
        for &v in prefer {
            if let Some(w) = wanted.get_mut(v as usize) {
                *w = true;
            }
        }
        self.phase = vec![0; self.mask.len()];
        for r in 0..self.c.eo_rows() {
            let w0 = self.c.eo_word[r] as usize;
            for (p, &v) in self.c.eo_vars_of(r).iter().enumerate() {
                if wanted[v as usize] {
                    self.phase[w0 + p / 64] |= 1u64 << (p % 64);
                }
            }
        }
    }

    /// The first live preferred variable of exactly-one row `r` ([`Engine::set_phase`]).
    pub(crate) fn phase_live(&self, r: usize) -> Option<u32> {
        if self.phase.is_empty() {
            return None;
        }
        let (w0, w1) = (self.c.eo_word[r] as usize, self.c.eo_word[r + 1] as usize);
        (w0..w1).find(|&w| self.mask[w] & self.phase[w] != 0).map(|w| {
            let p = (w - w0) * 64 + (self.mask[w] & self.phase[w]).trailing_zeros() as usize;
            self.c.eo_vars[self.c.eo_start[r] as usize + p]
        })
    }

    /// Number of variables.
    pub fn num_vars(&self) -> usize {
        self.c.num_vars
    }

    #[inline]
    pub(crate) fn is_live(&self, v: u32) -> bool {
        self.live[(v >> 6) as usize] >> (v & 63) & 1 != 0
    }

    #[inline]
    pub(crate) fn is_one(&self, v: u32) -> bool {
        self.ones[(v >> 6) as usize] >> (v & 63) & 1 != 0
    }

    /// The value propagation has given a variable so far.
    pub fn value(&self, v: u32) -> Option<bool> {
        if self.is_one(v) {
            Some(true)
        } else if self.is_live(v) {
            None
        } else {
            Some(false)
        }
    }

    /// The first live variable of exactly-one row `r`, if any.
    pub(crate) fn first_live(&self, r: usize) -> Option<u32> {
        let (w0, w1) = (self.c.eo_word[r] as usize, self.c.eo_word[r + 1] as usize);
        (w0..w1).find(|&w| self.mask[w] != 0).map(|w| {
            let p = (w - w0) * 64 + self.mask[w].trailing_zeros() as usize;
            self.c.eo_vars[self.c.eo_start[r] as usize + p]
        })
    }

    /// The live variable of exactly-one row `r` at rank `j` among its live ones, if any.
    pub(crate) fn nth_live(&self, r: usize, mut j: u32) -> Option<u32> {
        let w0 = self.c.eo_word[r] as usize;
        for w in w0..self.c.eo_word[r + 1] as usize {
            let mut bits = self.mask[w];
            let ones = bits.count_ones();
            if j >= ones {
                j -= ones;
                continue;
            }
            for _ in 0..j {
                bits &= bits - 1;
            }
            let p = (w - w0) * 64 + bits.trailing_zeros() as usize;
            return Some(self.c.eo_vars[self.c.eo_start[r] as usize + p]);
        }
        None
    }

    /// The first free variable (live, not at 1), if any.
    pub(crate) fn first_free(&self) -> Option<u32> {
        self.live
            .iter()
            .zip(&self.ones)
            .position(|(l, o)| l & !o != 0)
            .map(|w| (w * 64) as u32 + (self.live[w] & !self.ones[w]).trailing_zeros())
    }

    /// Whether every cube variable is decided (fixed to 0 or at 1): what is left free is
    /// auxiliary.
    pub(crate) fn cube_decided(&self) -> bool {
        let cube = self.c.cube_vars;
        let (full, rest) = (cube / 64, cube % 64);
        let free = |w: usize| self.live[w] & !self.ones[w];
        (0..full).all(|w| free(w) == 0) && (rest == 0 || free(full) & ((1u64 << rest) - 1) == 0)
    }

    /// The variables at 1.
    pub(crate) fn ones_list(&self) -> Vec<u32> {
        let mut out = Vec::new();
        for (w, &word) in self.ones.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                out.push((w * 64) as u32 + bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
        out
    }

    /// Queue the linear rows of variable `v`.
    #[inline]
    fn touch_linear(&mut self, v: u32) {
        let (c, v) = (&*self.c, v as usize);
        for &l in &c.var_lin[c.var_lin_start[v] as usize..c.var_lin_start[v + 1] as usize] {
            queue_linear(&mut self.lin_queued, &mut self.lin_queue, l);
        }
    }

    /// Fix `v` to 0. `cause` is the model row blamed if `v` is already at 1 (`None` for a
    /// decision or a given).
    #[inline]
    pub(crate) fn kill(&mut self, v: u32, cause: Option<usize>) -> Result<(), Conflict> {
        if !self.is_live(v) {
            return Ok(());
        }
        if self.is_one(v) {
            return Err(Conflict { row: cause, kind: ConflictKind::TwoOnes });
        }
        self.live[(v >> 6) as usize] &= !(1u64 << (v & 63));
        self.trail.push(v);
        let c = &*self.c;
        for inc in &c.inc[c.incidences(v)] {
            let r = inc.row as usize;
            self.mask[inc.word as usize] &= !(1u64 << inc.bit);
            if inc.flags & HAS_SUPPORT != 0 && !self.sup_queued[r] {
                self.sup_queued[r] = true;
                self.sup_queue.push(r as u32);
            }
            let state = &mut self.rows[r];
            state.count -= 1;
            state.xsum ^= v;
            if state.count <= 1 {
                self.eo_queue.push(r as u32);
                if state.count == 1 {
                    // Decided (or about to be): out of the open set.
                    let (i, last) = (self.open_pos[r] as usize, self.open_len - 1);
                    let moved = self.open[last];
                    self.open.swap(i, last);
                    self.open_pos[moved as usize] = i as u32;
                    self.open_pos[r] = last as u32;
                    self.open_len = last;
                }
            } else {
                if state.count <= inc.lock_max as u32 && !self.sub_queued[r] {
                    self.sub_queued[r] = true;
                    self.sub_queue.push(r as u32);
                }
                // Counts only fall between two clears, so each row enters at most once.
                if state.count == 2 && inc.flags & SINGLE_WORD != 0 && self.pairs_on {
                    self.pair_queue.push(r as u32);
                }
            }
            if inc.flags & HAS_LINEAR != 0 {
                for &l in &c.eo_lin[c.eo_lin_start[r] as usize..c.eo_lin_start[r + 1] as usize] {
                    queue_linear(&mut self.lin_queued, &mut self.lin_queue, l);
                }
            }
        }
        if c.lines.any() {
            for &k in c.lines.of(v) {
                if !self.line_queued[k as usize] {
                    self.line_queued[k as usize] = true;
                    self.line_queue.push(k);
                }
            }
        }
        if self.c.any_linear {
            self.touch_linear(v);
        }
        Ok(())
    }

    /// Kill the variables of exactly-one row `r` at the positions set in `bits` (one word: rows
    /// of at most 64 variables), blaming model row `cause`.
    #[inline]
    fn kill_positions(&mut self, r: usize, mut bits: u64, cause: Option<usize>) -> Result<(), Conflict> {
        let base = self.c.eo_start[r] as usize;
        while bits != 0 {
            let u = self.c.eo_vars[base + bits.trailing_zeros() as usize];
            bits &= bits - 1;
            self.kill(u, cause)?;
        }
        Ok(())
    }

    /// Fix `v` to 1 and kill the other live variables of its exactly-one rows.
    #[inline]
    pub(crate) fn assign(&mut self, v: u32, cause: Option<usize>) -> Result<(), Conflict> {
        if self.is_one(v) {
            return Ok(());
        }
        if !self.is_live(v) {
            return Err(Conflict { row: cause, kind: ConflictKind::Empty });
        }
        self.ones[(v >> 6) as usize] |= 1u64 << (v & 63);
        self.trail.push(v | ASSIGNED);
        if self.ng.active {
            self.ng.queue.push(v);
        }
        for k in self.c.incidences(v) {
            let inc = self.c.inc[k];
            let r = inc.row as usize;
            if self.rows[r].count == 1 {
                continue; // v is the only live variable: nothing to kill
            }
            let row = Some(self.c.eo_row[r] as usize);
            let w0 = self.c.eo_word[r] as usize;
            for w in w0..self.c.eo_word[r + 1] as usize {
                let mut bits = self.mask[w];
                if w == inc.word as usize {
                    bits &= !(1u64 << inc.bit);
                }
                let base = self.c.eo_start[r] as usize + (w - w0) * 64;
                while bits != 0 {
                    let u = self.c.eo_vars[base + bits.trailing_zeros() as usize];
                    bits &= bits - 1;
                    self.kill(u, row)?;
                }
            }
        }
        // At-most-one rows: the others are 0 (indices, so that `kill` may borrow `self`).
        for i in self.c.var_amo_start[v as usize] as usize..self.c.var_amo_start[v as usize + 1] as usize {
            let a = self.c.var_amo[i] as usize;
            let cause = Some(self.c.amo_row[a] as usize);
            for j in self.c.amo_start[a] as usize..self.c.amo_start[a + 1] as usize {
                let u = self.c.amo_vars[j];
                if u != v {
                    self.kill(u, cause)?;
                }
            }
        }
        if self.c.any_linear {
            self.touch_linear(v);
        }
        Ok(())
    }

    /// Undo the trail down to `mark`.
    pub(crate) fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let Some(e) = self.trail.pop() else { break };
            if e & ASSIGNED != 0 {
                let v = e & !ASSIGNED;
                self.ones[(v >> 6) as usize] &= !(1u64 << (v & 63));
            } else {
                let v = e;
                self.live[(v >> 6) as usize] |= 1u64 << (v & 63);
                for k in self.c.incidences(v) {
                    let inc = self.c.inc[k];
                    self.mask[inc.word as usize] |= 1u64 << inc.bit;
                    let state = &mut self.rows[inc.row as usize];
                    state.count += 1;
                    state.xsum ^= v;
                    if state.count == 2 {
                        self.open_len += 1; // the row removed last is back at the end
                    }
                }
            }
        }
        if self.line_saved.last().is_some_and(|&(at, _, _)| at > mark) {
            self.undo_lines(mark);
        }
        while let Some(&(at, s, alive, required)) = self.combo_trail.last() {
            if (at as usize) < mark {
                break;
            }
            self.combo_alive[s as usize] = alive;
            self.combo_required[s as usize] = required;
            self.combo_trail.pop();
        }
    }

    /// Empty the queues (after a conflict, or before a fresh start).
    pub(crate) fn clear_queues(&mut self) {
        self.eo_queue.clear();
        for &r in &self.sub_queue {
            self.sub_queued[r as usize] = false;
        }
        self.sub_queue.clear();
        for &r in &self.sup_queue {
            self.sup_queued[r as usize] = false;
        }
        self.sup_queue.clear();
        self.pair_queue.clear();
        self.ng.queue.clear();
        for &l in &self.lin_queue {
            self.lin_queued[l as usize] = false;
        }
        self.lin_queue.clear();
        for &k in &self.line_queue {
            self.line_queued[k as usize] = false;
        }
        self.line_queue.clear();
    }

    /// Fix `v` to `value` and propagate. On a conflict: empty the queues, add to the weight of
    /// the row that failed, and return false (the caller undoes).
    pub(crate) fn try_fix(&mut self, v: u32, value: bool) -> bool {
        let fixed = if value { self.assign(v, None) } else { self.kill(v, None) };
        match fixed.and_then(|()| self.propagate()) {
            Ok(()) => true,
            Err(conflict) => {
                self.clear_queues();
                if let Some(r) = conflict.row.and_then(|row| self.c.row_eo[row]) {
                    self.weight[r as usize] = self.weight[r as usize].saturating_add(1);
                } else if let Some(l) = conflict.row.and_then(|row| self.c.row_lin[row]) {
                    // A linear row that failed weighs on the open rows of its groups, its
                    // cells (wdeg: a constraint's weight counts for its unfixed variables).
                    // Without this, the stronger a sum row's propagation, the fewer conflicts
                    // reach a cell and the less dom/wdeg learns: exact sums alone tripled the
                    // guesses on killers.
                    let c = &self.c;
                    for g in c.lin_groups[l as usize] as usize..c.lin_groups[l as usize + 1] as usize {
                        if let Some(r) = c.group_eo[g].filter(|&r| self.rows[r as usize].count >= 2) {
                            self.weight[r as usize] = self.weight[r as usize].saturating_add(1);
                        }
                    }
                }
                // A failed line automaton weighs on nothing: its kills empty cell rows, whose
                // conflicts weigh there. Weighing its open cells as well (as a failed linear
                // row weighs on its groups) was measured worse: skyscraper-all-5 574 guesses
                // against 161, x-sum 206 against 104, renban-skyscrapers 112 against 87;
                // weighing only its first open cell: 135, 260 and 87.
                false
            }
        }
    }

    /// Run the queues to a fixed point. On a conflict the queues are emptied; the caller undoes.
    pub(crate) fn propagate(&mut self) -> Result<(), Conflict> {
        let result = self.propagate_inner();
        if result.is_err() {
            self.clear_queues();
        }
        #[cfg(debug_assertions)]
        if result.is_ok() {
            self.debug_check_from_scratch();
            self.debug_check_nogoods();
        }
        result
    }

    fn propagate_inner(&mut self) -> Result<(), Conflict> {
        loop {
            // Cheapest rules first: singles, then linear rows, then locked candidates.
            if let Some(r) = self.eo_queue.pop() {
                let r = r as usize;
                match self.rows[r].count {
                    0 => return Err(Conflict { row: Some(self.c.eo_row[r] as usize), kind: ConflictKind::Empty }),
                    1 => self.assign(self.rows[r].xsum, Some(self.c.eo_row[r] as usize))?,
                    _ => {}
                }
                continue;
            }
            if let Some(v) = self.ng.queue.pop() {
                self.propagate_nogoods(v)?;
                continue;
            }
            if let Some(r) = self.sup_queue.pop() {
                self.sup_queued[r as usize] = false;
                self.supports(r as usize)?;
                continue;
            }
            if let Some(l) = self.lin_queue.pop() {
                self.lin_queued[l as usize] = false;
                self.propagate_linear(l as usize)?;
                continue;
            }
            if let Some(k) = self.line_queue.pop() {
                self.line_queued[k as usize] = false;
                self.propagate_line(k as usize)?;
                continue;
            }
            if let Some(r) = self.sub_queue.pop() {
                self.sub_queued[r as usize] = false;
                self.locked(r as usize)?;
                continue;
            }
            if let Some(r) = self.pair_queue.pop() {
                self.pairs(r as usize)?;
                continue;
            }
            return Ok(());
        }
    }

    /// Give the automata back the memos of the position at trail length `mark`.
    #[inline(never)]
    fn undo_lines(&mut self, mark: usize) {
        while self.line_saved.last().is_some_and(|&(at, _, _)| at > mark) {
            let Some((_, k, memo)) = self.line_saved.pop() else { break };
            let newer = std::mem::replace(&mut self.line_memo[k as usize], memo);
            self.line_spare.push(newer);
        }
    }

    /// Line automaton `k` (`lines.rs`): kill every live digit of its cells that lies on no
    /// accepting path; a digit at 1 that does is a conflict, and so is no path at all.
    #[inline(never)]
    fn propagate_line(&mut self, k: usize) -> Result<(), Conflict> {
        let conflict = Conflict { row: None, kind: ConflictKind::Line(k as u32) };
        // Its own kills need not wake it again: one pass reaches its fixed point.
        self.line_queued[k] = true;
        let mut scratch = std::mem::take(&mut self.line_scratch);
        let c = Arc::clone(&self.c);
        let line = &c.lines.lines[k];
        let mut result = Ok(());
        let mut memo = std::mem::take(&mut self.line_memo[k]);
        let saved = memo.is_valid().then(|| {
            let mut copy = self.line_spare.pop().unwrap_or_default();
            copy.copy_from(&memo);
            copy
        });
        let held = line.supported_from(&mut memo, &mut scratch, |v| self.is_live(v));
        #[cfg(debug_assertions)]
        {
            let mut whole = lines::Scratch::default();
            let also = line.supported(&mut whole, |v| self.is_live(v));
            assert_eq!(held, also, "automaton {k}: the memo's pass and the whole passes differ");
            if held {
                assert_eq!(scratch.keep, whole.keep, "automaton {k}: the memo's pass keeps other digits");
            }
        }
        if held {
            'cells: for (i, cell) in line.vars.chunks(line.n).enumerate() {
                let mut out = scratch.live[i] & !scratch.keep[i];
                while out != 0 {
                    let v = cell[out.trailing_zeros() as usize];
                    out &= out - 1;
                    if self.is_one(v) {
                        result = Err(conflict);
                        break 'cells;
                    }
                    if let Err(e) = self.kill(v, None) {
                        result = Err(e);
                        break 'cells;
                    }
                }
            }
        } else {
            result = Err(conflict);
        }
        if result.is_err() {
            memo.clear();
        }
        if let Some(copy) = saved {
            if memo.same && result.is_ok() {
                self.line_spare.push(copy);
            } else {
                self.line_saved.push((self.trail.len(), k as u32, copy));
            }
        }
        self.line_memo[k] = memo;
        self.line_scratch = scratch;
        self.line_queued[k] = false;
        result
    }

    /// Supports (`support.rs`): kill each watching variable none of whose compatible
    /// positions in row `r` is live.
    fn supports(&mut self, r: usize) -> Result<(), Conflict> {
        let live = self.mask[self.c.eo_word[r] as usize];
        let cause = Some(self.c.eo_row[r] as usize);
        for i in self.c.supports.start[r] as usize..self.c.supports.start[r + 1] as usize {
            let g = self.c.supports.groups[i];
            // The row only loses variables until the next undo: a stale `live` is a superset.
            if live & g.compat == 0 {
                for k in g.first as usize..g.end as usize {
                    let v = self.c.supports.vars[k];
                    if self.is_live(v) {
                        self.kill(v, cause)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Locked candidates, stated for any exactly-one rows: when every live variable of row `a`
    /// also lies in a partner row `b`, whichever of them is 1 satisfies `b`, so the variables
    /// of `b` outside `a` are 0 (Sudoku's pointing and claiming: a digit confined to one line
    /// of a box, or to one box along a line).
    fn locked(&mut self, a: usize) -> Result<(), Conflict> {
        if self.rows[a].count < 2 {
            return Ok(()); // decided, or a conflict the singles queue reports
        }
        let live = self.mask[self.c.eo_word[a] as usize];
        for i in self.c.part_start[a] as usize..self.c.part_start[a + 1] as usize {
            let p = self.c.part[i];
            if live & !p.in_a == 0 {
                let b = p.b as usize;
                let outside = self.mask[self.c.eo_word[b] as usize] & !p.in_b;
                self.kill_positions(b, outside, Some(self.c.eo_row[b] as usize))?;
            }
        }
        Ok(())
    }

    /// Whether exactly-one row `r` contains variable `v`.
    #[inline]
    fn in_row(&self, v: u32, r: usize) -> bool {
        self.c.incidences(v).any(|k| self.c.inc[k].row as usize == r)
    }

    /// The variable at position `p` of exactly-one row `r`.
    #[inline]
    fn var_at(&self, r: usize, p: u32) -> u32 {
        self.c.eo_vars[self.c.eo_start[r] as usize + p as usize]
    }

    /// Whether rows `b1` and `b2` (one mask word each) share no live variable.
    fn live_disjoint(&self, b1: usize, b2: usize) -> bool {
        let mut bits = self.mask[self.c.eo_word[b1] as usize];
        while bits != 0 {
            let u = self.var_at(b1, bits.trailing_zeros());
            bits &= bits - 1;
            if self.in_row(u, b2) {
                return false;
            }
        }
        true
    }

    /// Pairs, stated for any exactly-one rows: `a1` has two live variables `x ∈ b1`,
    /// `y ∈ b2`, where rows `b1` and `b2` share no live variable; if another row `a2`, with two
    /// live variables of its own, also lies within `b1 ∪ b2`, then `a1` and `a2` supply two
    /// different 1s to `b1 ∪ b2`, which holds exactly two: the other variables of `b1` and `b2`
    /// are 0. In Sudoku words: naked pairs (`a` cells, `b` digits of a house), hidden pairs
    /// (`a` digits of a house, `b` cells) and X-wings (`a` and `b` one digit in rows and
    /// columns). Rows of one mask word only.
    fn pairs(&mut self, a1: usize) -> Result<(), Conflict> {
        if self.rows[a1].count != 2 {
            return Ok(());
        }
        let x = self.var_at(a1, self.mask[self.c.eo_word[a1] as usize].trailing_zeros());
        let y = self.rows[a1].xsum ^ x;
        for kx in self.c.incidences(x) {
            let ix = self.c.inc[kx];
            let b1 = ix.row as usize;
            if b1 == a1 || ix.flags & SINGLE_WORD == 0 || self.in_row(y, b1) {
                continue;
            }
            for ky in self.c.incidences(y) {
                let b2 = self.c.inc[ky].row as usize;
                if b2 == a1 || b2 == b1 || self.c.inc[ky].flags & SINGLE_WORD == 0 || self.in_row(x, b2) {
                    continue;
                }
                if self.rows[b1].count + self.rows[b2].count <= 4 {
                    continue; // nothing beyond the two pairs to remove
                }
                let mut bits = self.mask[ix.word as usize] & !(1u64 << ix.bit);
                while bits != 0 {
                    let z = self.var_at(b1, bits.trailing_zeros());
                    bits &= bits - 1;
                    for kz in self.c.incidences(z) {
                        let a2 = self.c.inc[kz].row as usize;
                        if a2 == a1 || a2 == b1 || a2 == b2 || self.rows[a2].count != 2 {
                            continue;
                        }
                        let w = self.rows[a2].xsum ^ z;
                        if w == x || w == y || !(self.in_row(w, b1) || self.in_row(w, b2)) {
                            continue;
                        }
                        if !self.live_disjoint(b1, b2) {
                            continue;
                        }
                        let keep = [x, y, z, w];
                        for b in [b1, b2] {
                            let mut live = self.mask[self.c.eo_word[b] as usize];
                            let cause = Some(self.c.eo_row[b] as usize);
                            while live != 0 {
                                let u = self.var_at(b, live.trailing_zeros());
                                live &= live - 1;
                                if !keep.contains(&u) {
                                    self.kill(u, cause)?;
                                }
                            }
                        }
                        // The rows changed under the loops: later pairs come back as events.
                        return Ok(());
                    }
                }
            }
        }
        Ok(())
    }

    /// Fill `scratch` with the bounds of each group of linear row `l`, and `blocks` with those
    /// of its blocks, and return the bounds of the row's activity. A group is a set of terms
    /// inside one exactly-one row, so at most one of them is 1; when the group holds every live
    /// variable of that row, exactly one is. A block's groups take distinct values.
    fn analyse_linear(&self, l: usize, scratch: &mut Vec<GroupBounds>, blocks: &mut Vec<BlockBounds>) -> RowBounds {
        let c = &*self.c;
        scratch.clear();
        blocks.clear();
        let (b0, b1) = (c.blocks.row_blocks[l] as usize, c.blocks.row_blocks[l + 1] as usize);
        blocks.extend(c.blocks.block_len[b0..b1].iter().map(|&k| BlockBounds::new(k)));
        let (mut lo, mut hi, mut reach) = (0i64, 0i64, 0i64);
        for g in c.lin_groups[l] as usize..c.lin_groups[l + 1] as usize {
            let mut b = GroupBounds::EMPTY;
            let mut values = 0u64;
            let (t0, pos) = (c.group_start[g] as usize, c.group_pos[g]);
            if let (Some(r), true) = (c.group_eo[g], pos != 0) {
                // The live terms only, from the row's mask (`Compiled::group_pos`). A variable
                // at 1 has killed the rest of its row, so it is alone there.
                let mut live = self.mask[c.eo_word[r as usize] as usize] & pos;
                let single = live != 0 && live & (live - 1) == 0;
                let rank = &c.pos_rank[c.rank_start[g] as usize..];
                while live != 0 {
                    let i = t0 + rank[live.trailing_zeros() as usize] as usize;
                    live &= live - 1;
                    let (v, a) = c.lin_terms[i];
                    debug_assert!(single || !self.is_one(v));
                    if single && self.is_one(v) {
                        b.one = Some(a);
                    } else {
                        b.add_free(v, a);
                    }
                    if b0 != b1 {
                        values |= 1 << c.blocks.value[i];
                    }
                }
            } else {
                for i in t0..c.group_start[g + 1] as usize {
                    let (v, a) = c.lin_terms[i];
                    if self.is_one(v) {
                        b.one = Some(a);
                    } else if self.is_live(v) {
                        b.add_free(v, a);
                    } else {
                        continue;
                    }
                    if b0 != b1 {
                        values |= 1 << c.blocks.value[i];
                    }
                }
            }
            let r = c.group_eo[g];
            b.complete = b.free > 0 && r.is_some_and(|r| self.rows[r as usize].count == b.free);
            b.settle();
            if b.one.is_none() && b.free > 0 {
                reach = if b.complete && b.free == 1 { i64::MAX } else { reach.max(b.hi - b.lo) };
            }
            match c.blocks.group_block[g] {
                None => {
                    lo += b.lo;
                    hi += b.hi;
                }
                Some(k) => blocks[k as usize - b0].add(&b, values),
            }
            scratch.push(b);
        }
        let values = &c.blocks.values[c.blocks.values_start[l] as usize..c.blocks.values_start[l + 1] as usize];
        let mut room = true;
        for blk in blocks.iter_mut() {
            let settled = blk.settle(values);
            room &= settled;
            if settled {
                reach = reach.max(blk.reach(values));
            }
            lo += blk.lo;
            hi += blk.hi;
        }
        RowBounds {
            lo,
            hi,
            rhs: c.lin_rhs[l],
            upper: c.lin_sense[l] != Sense::Ge,
            lower: c.lin_sense[l] != Sense::Le,
            room,
            reach,
        }
    }

    /// Whether fixing free variable `v` (coefficient `a`, in group `g`, whose bounds are `b`)
    /// to 1, and to 0, would break linear row `l` (bounds `bounds`, blocks `blocks`).
    #[inline]
    fn forced(
        &self,
        l: usize,
        g: usize,
        b: &GroupBounds,
        blocks: &[BlockBounds],
        (v, a): (u32, i64),
        bounds: &RowBounds,
    ) -> (bool, bool) {
        match self.c.blocks.group_block[g] {
            None => b.forced(v, a, bounds),
            Some(k) => b.forced_in(&blocks[k as usize - self.c.blocks.row_blocks[l] as usize], v, a, bounds),
        }
    }

    /// Bound propagation on one linear row: fail if the bounds exclude the right-hand side,
    /// else fix every free variable whose other value would.
    fn propagate_linear(&mut self, l: usize) -> Result<(), Conflict> {
        if self.c.lin_tiny[l] {
            return self.propagate_tiny(l);
        }
        if let Some(s) = self.c.sums.of_lin[l].filter(|&s| self.c.sums.rows[s as usize].sets.is_some()) {
            // Its own consistency holds all that bounds would find.
            return self.propagate_sum(l, s as usize);
        }
        // Moved out and back so that `kill`/`assign` can borrow `self`; no allocation.
        let (mut scratch, mut blocks) = (std::mem::take(&mut self.scratch), std::mem::take(&mut self.block_scratch));
        let result = self.propagate_linear_with(l, &mut scratch, &mut blocks);
        (self.scratch, self.block_scratch) = (scratch, blocks);
        result?;
        match self.c.sums.of_lin[l] {
            None if self.c.exact.words[l] != 0 => self.propagate_exact(l),
            None => Ok(()),
            Some(s) => self.propagate_sum(l, s as usize),
        }
    }

    /// Bounds on tiny linear row `l` (`Compiled::lin_tiny`): what `propagate_linear_with`
    /// does, for rows whose terms bound alone say all (each may be 0: a group alone in its
    /// exactly-one row is settled by singles first), without its scratch and analysis.
    fn propagate_tiny(&mut self, l: usize) -> Result<(), Conflict> {
        let c = &*self.c;
        let (g0, g1) = (c.lin_groups[l] as usize, c.lin_groups[l + 1] as usize);
        let (t0, t1) = (c.group_start[g0] as usize, c.group_start[g1] as usize);
        let row = Some(c.lin_row[l] as usize);
        let (mut lo, mut hi) = (0i64, 0i64);
        for &(v, a) in &c.lin_terms[t0..t1] {
            if self.is_one(v) {
                (lo, hi) = (lo + a, hi + a);
            } else if self.is_live(v) {
                if a > 0 {
                    hi += a;
                } else {
                    lo += a;
                }
            }
        }
        let bounds = RowBounds {
            lo,
            hi,
            rhs: c.lin_rhs[l],
            upper: c.lin_sense[l] != Sense::Ge,
            lower: c.lin_sense[l] != Sense::Le,
            room: true,
            reach: 0,
        };
        let broken = |(lo, hi): (i64, i64)| bounds.broken_with(lo, hi);
        if broken((lo, hi)) {
            return Err(Conflict { row, kind: ConflictKind::Linear });
        }
        // By index: `kill` and `assign` borrow the engine.
        for t in t0..t1 {
            let (v, a) = self.c.lin_terms[t];
            if !self.is_live(v) || self.is_one(v) {
                continue;
            }
            // At 1 the term adds `a` for sure; at 0 it adds nothing.
            let (one, zero) = if a > 0 { ((lo + a, hi), (lo, hi - a)) } else { ((lo, hi + a), (lo - a, hi)) };
            match (broken(one), broken(zero)) {
                (true, true) => return Err(Conflict { row, kind: ConflictKind::Linear }),
                (true, false) => self.kill(v, row)?,
                (false, true) => self.assign(v, row)?,
                (false, false) => {}
            }
        }
        if g1 - g0 < t1 - t0 {
            self.clause_needs_group(l)?;
        }
        Ok(())
    }

    /// A tiny clause row (`compile::is_clause`) whose terms of one sign are all at 1 needs a
    /// term of the other sign at 1 (`x[a,3] − x[b,2] − x[b,4] <= 0` with cell a at 3 needs b at
    /// 2 or 4). When those left live lie in one group of two or more, its exactly-one row takes
    /// one of them and the rest of that row is 0: what the general analysis says of a group
    /// the row cannot do without (a quadruple's digit that only one box can take).
    fn clause_needs_group(&mut self, l: usize) -> Result<(), Conflict> {
        let c = &*self.c;
        let need = if c.lin_sense[l] == Sense::Ge { 1 } else { -1 };
        let mut only: Option<usize> = None;
        for g in c.lin_groups[l] as usize..c.lin_groups[l + 1] as usize {
            for &(v, a) in &c.lin_terms[c.group_start[g] as usize..c.group_start[g + 1] as usize] {
                let (one, live) = (self.is_one(v), self.is_live(v));
                if a != need && !one || a == need && one {
                    return Ok(()); // a term that may still satisfy the row, or does
                }
                if a == need && live && only.is_some_and(|h| h != g) {
                    return Ok(()); // two groups may
                }
                if a == need && live {
                    only = Some(g);
                }
            }
        }
        // Groups without positions (rows of more than 64 variables) are left to the others.
        let (Some(g), row) = (only, Some(c.lin_row[l] as usize)) else { return Ok(()) };
        match (c.group_eo[g], c.group_pos[g]) {
            (Some(r), pos) if pos != 0 => {
                let outside = self.mask[c.eo_word[r as usize] as usize] & !pos;
                self.kill_positions(r as usize, outside, row)
            }
            _ => Ok(()),
        }
    }

    /// Exact sums on equality row `l` (`exact.rs`): kill every variable whose coefficient no
    /// sum of the other groups' contributions completes to the right-hand side.
    fn propagate_exact(&mut self, l: usize) -> Result<(), Conflict> {
        let mut x = std::mem::take(&mut self.exact);
        let result = self.propagate_exact_with(l, &mut x);
        self.exact = x;
        result
    }

    /// The live terms of group `g` as `(term, contribution above the group's offset, value
    /// index)`, appended to `out`; returns the offset (`exact.rs`).
    fn exact_terms(&self, g: usize, out: &mut Vec<(u32, u32, u8)>) -> i64 {
        let c = &*self.c;
        let off = c.exact.off[g];
        let (t0, pos) = (c.group_start[g] as usize, c.group_pos[g]);
        if let (Some(r), true) = (c.group_eo[g], pos != 0) {
            // The live terms only, from the row's mask (`Compiled::group_pos`), in the group's
            // order, as `analyse_linear` reads them; a variable at 1 has killed the rest of its
            // row, so it is alone there.
            let mut live = self.mask[c.eo_word[r as usize] as usize] & pos;
            let rank = &c.pos_rank[c.rank_start[g] as usize..];
            while live != 0 {
                let i = t0 + rank[live.trailing_zeros() as usize] as usize;
                live &= live - 1;
                out.push((i as u32, (c.lin_terms[i].1 - off) as u32, c.blocks.value[i]));
            }
            return off;
        }
        let before = out.len();
        for i in t0..c.group_start[g + 1] as usize {
            let (v, a) = c.lin_terms[i];
            if self.is_one(v) {
                out.truncate(before);
                out.push((i as u32, (a - off) as u32, c.blocks.value[i]));
                break;
            }
            if self.is_live(v) {
                out.push((i as u32, (a - off) as u32, c.blocks.value[i]));
            }
        }
        off
    }

    /// Block `k` of row `l` as one item of the knapsack (`exact.rs`): its groups' live terms
    /// into `x.terms`, and the sums of the ways they take distinct values into `x.vals`.
    /// Returns the block's offset, or `None` (nothing kept) when the ways would be more than
    /// [`exact::MAX_WAYS`].
    fn exact_block(&self, l: usize, k: u32, words: usize, x: &mut ExactScratch) -> Option<i64> {
        let c = &*self.c;
        let (t0, a0) = (x.terms.len(), x.group_at.len());
        let mut off = 0i64;
        let mut ways = 1usize;
        // The block's live masks, which decide its sums: the last ones computed are reused.
        x.sig.clear();
        for g in c.lin_groups[l] as usize..c.lin_groups[l + 1] as usize {
            if c.blocks.group_block[g] == Some(k) {
                let before = x.terms.len();
                x.group_at.push(before as u32);
                off += self.exact_terms(g, &mut x.terms);
                ways = ways.saturating_mul(x.terms.len() - before);
                let live = c.group_eo[g].map_or(0, |r| self.mask[c.eo_word[r as usize] as usize]);
                x.sig.push(live & c.group_pos[g]);
            }
        }
        if ways > exact::MAX_WAYS {
            x.terms.truncate(t0);
            x.group_at.truncate(a0);
            return None;
        }
        x.group_at.push(x.terms.len() as u32);
        let k = k as usize;
        if x.cache.len() <= k {
            x.cache.resize_with(k + 1, Default::default);
        }
        let ExactScratch { terms, group_at, path, sums, vals, sig, cache, .. } = x;
        // Masks of 0 (groups without positions) say nothing: no reuse then.
        let known = &mut cache[k];
        if known.sig.is_empty() || known.sig != *sig || sig.contains(&0) {
            sums.clear();
            sums.resize(words, 0);
            path.clear();
            path.resize(group_at.len() - a0 - 1, 0);
            exact::ways(terms, &group_at[a0..], path, (0, 0, 0), &mut |sum, _| {
                if let Some(w) = sums.get_mut(sum as usize / 64) {
                    *w |= 1 << (sum % 64);
                }
            });
            known.sig.clone_from(sig);
            known.sums.clear();
            known.terms.clear();
            exact::push_bits(sums, &mut known.sums);
        }
        vals.extend_from_slice(&known.sums);
        let k = k as u32;
        let groups = (x.group_at.len() - a0 - 1) as u32;
        let item =
            exact::Item { block: Some(k), group: 0, terms: t0 as u32..x.terms.len() as u32, at: a0 as u32, groups };
        x.items.push(item);
        Some(off)
    }

    fn propagate_exact_with(&mut self, l: usize, x: &mut ExactScratch) -> Result<(), Conflict> {
        let row = Some(self.c.lin_row[l] as usize);
        let conflict = Conflict { row, kind: ConflictKind::Linear };
        let c = Arc::clone(&self.c);
        let words = c.exact.words[l] as usize;
        let (g0, g1) = (c.lin_groups[l] as usize, c.lin_groups[l + 1] as usize);
        let b0 = c.blocks.row_blocks[l];
        x.vals.clear();
        x.start.clear();
        x.items.clear();
        x.terms.clear();
        x.group_at.clear();
        x.seen.clear();
        x.seen.resize((c.blocks.row_blocks[l + 1] - b0) as usize, exact::Seen::No);
        let mut rhs = c.lin_rhs[l];
        for g in g0..g1 {
            // A block is one item (its groups' values differ) unless it has too many ways.
            if let Some(k) = c.blocks.group_block[g] {
                match x.seen[(k - b0) as usize] {
                    exact::Seen::Item => continue,
                    exact::Seen::Groups => {}
                    exact::Seen::No => {
                        x.start.push(x.vals.len() as u32);
                        if let Some(off) = self.exact_block(l, k, words, x) {
                            rhs -= off;
                            x.seen[(k - b0) as usize] = exact::Seen::Item;
                            continue;
                        }
                        x.start.pop();
                        x.seen[(k - b0) as usize] = exact::Seen::Groups;
                    }
                }
            }
            x.start.push(x.vals.len() as u32);
            let t0 = x.terms.len();
            let off = self.exact_terms(g, &mut x.terms);
            rhs -= off;
            x.vals.extend(x.terms[t0..].iter().map(|t| t.1));
            let free = (x.terms.len() - t0) as u32;
            let complete = free > 0
                && (self.is_one(c.lin_terms[x.terms[t0].0 as usize].0)
                    || c.group_eo[g].is_some_and(|e| self.rows[e as usize].count == free));
            if !complete {
                x.vals.push((-off) as u32);
            }
            x.terms.truncate(t0);
            x.items.push(exact::Item { block: None, group: g as u32, terms: 0..0, at: 0, groups: 0 });
        }
        x.start.push(x.vals.len() as u32);
        let m = x.items.len();
        if rhs < 0 || rhs as usize >= 64 * words {
            return Err(conflict);
        }
        let (p, r, vals, start) = (&mut x.p, &mut x.r, &x.vals, &x.start);
        p.clear();
        p.resize((m + 1) * words, 0);
        r.clear();
        r.resize((m + 1) * words, 0);
        p[0] = 1;
        for i in 0..m {
            let (before, after) = p.split_at_mut((i + 1) * words);
            let src = &before[i * words..];
            for &a in &vals[start[i] as usize..start[i + 1] as usize] {
                exact::shl_or(&mut after[..words], src, a as usize);
            }
        }
        let rhs = rhs as usize;
        if p[m * words + rhs / 64] >> (rhs % 64) & 1 == 0 {
            return Err(conflict);
        }
        r[m * words + rhs / 64] |= 1 << (rhs % 64);
        for i in (0..m).rev() {
            let (before, after) = r.split_at_mut((i + 1) * words);
            let dst = &mut before[i * words..];
            for &a in &vals[start[i] as usize..start[i + 1] as usize] {
                exact::shr_or(dst, &after[..words], a as usize);
            }
        }
        for i in 0..m {
            let item = x.items[i].clone();
            let (pi, ri) = (&x.p[i * words..(i + 1) * words], &x.r[(i + 1) * words..(i + 2) * words]);
            let Some(k) = item.block else {
                let g = item.group as usize;
                let (t0, t1) = (c.group_start[g] as usize, c.group_start[g + 1] as usize);
                let off = c.exact.off[g];
                for t in t0..t1 {
                    let (v, a) = c.lin_terms[t];
                    if self.is_live(v) && !self.is_one(v) && !exact::shl_meets(pi, (a - off) as usize, ri) {
                        self.kill(v, row)?;
                    }
                }
                continue;
            };
            // A block: the terms of the ways whose sums complete the row.
            let ExactScratch { terms, group_at, path, sums, vals, start, held, cache, by_sum, .. } = x;
            sums.clear();
            sums.resize(words, 0);
            let mut every = true;
            for &s in &vals[start[i] as usize..start[i + 1] as usize] {
                if exact::shl_meets(pi, s as usize, ri) {
                    sums[s as usize / 64] |= 1 << (s % 64);
                } else {
                    every = false;
                }
            }

            let (t0, t1) = (item.terms.start as usize, item.terms.end as usize);
            let groups = &group_at[item.at as usize..=(item.at + item.groups) as usize];
            // Every way completes the row, and every term is in some way (each group has as
            // many live terms as the block has groups, so the others can always avoid a
            // term's value and each other's): nothing to take away.
            if every && groups.windows(2).all(|w| w[1] - w[0] >= item.groups) {
                continue;
            }
            held.clear();
            held.resize(t1 - t0, false);
            if t1 - t0 > 64 {
                path.clear();
                path.resize(item.groups as usize, 0);
                exact::ways(terms, groups, path, (0, 0, 0), &mut |sum, path| {
                    if sums.get(sum as usize / 64).is_some_and(|w| w >> (sum % 64) & 1 != 0) {
                        for &p in path {
                            held[p as usize - t0] = true;
                        }
                    }
                });
            } else {
                // The terms of the sums that complete the row (`exact::BlockWays`), found by
                // one walk over the ways while the block's masks stay as they are.
                let known = &mut cache[k as usize];
                if known.terms.is_empty() {
                    by_sum.clear();
                    by_sum.resize(known.sums.last().map_or(0, |&s| s as usize + 1), 0);
                    path.clear();
                    path.resize(item.groups as usize, 0);
                    exact::ways(terms, groups, path, (0, 0, 0), &mut |sum, path| {
                        for &p in path {
                            by_sum[sum as usize] |= 1 << (p as usize - t0);
                        }
                    });
                    known.terms.extend(known.sums.iter().map(|&s| by_sum[s as usize]));
                }
                let mut kept = 0u64;
                for (&s, &t) in known.sums.iter().zip(&known.terms) {
                    if sums[s as usize / 64] >> (s % 64) & 1 != 0 {
                        kept |= t;
                    }
                }
                for (j, h) in held.iter_mut().enumerate() {
                    *h = kept >> j & 1 != 0;
                }
            }
            for j in t0..t1 {
                let v = c.lin_terms[x.terms[j].0 as usize].0;
                if !x.held[j - t0] && self.is_live(v) && !self.is_one(v) {
                    self.kill(v, row)?;
                }
            }
        }
        Ok(())
    }

    /// Each group's live values (bits of value indices) of sum row `s`, linear row `l`, into
    /// `live`.
    fn sum_live_values(&self, l: usize, s: usize, live: &mut Vec<u64>) {
        let (c, row) = (&*self.c, &self.c.sums.rows[s]);
        let first = c.group_start[c.lin_groups[l] as usize] as usize;
        live.clear();
        if let Some(SumPositions { start, pos, shift }) = &self.sum_pos {
            for g in c.lin_groups[l] as usize..c.lin_groups[l + 1] as usize {
                // Sum rows' groups are whole exactly-one rows (`sums.rs`) of at most 64.
                let r = c.group_eo[g].map_or(0, |r| r as usize);
                let (mut bits, mut values) = (self.mask[c.eo_word[r] as usize], 0u64);
                if shift[g] != NO_SHIFT {
                    live.push(bits << shift[g]);
                    continue;
                }
                let pos = &pos[start[g] as usize..];
                while bits != 0 {
                    values |= 1 << pos[bits.trailing_zeros() as usize];
                    bits &= bits - 1;
                }
                live.push(values);
            }
            return;
        }
        for g in c.lin_groups[l] as usize..c.lin_groups[l + 1] as usize {
            let mut values = 0u64;
            for i in c.group_start[g] as usize..c.group_start[g + 1] as usize {
                let v = c.lin_terms[i].0;
                if self.is_one(v) {
                    values = 1 << row.value[i - first];
                    break;
                }
                if self.is_live(v) {
                    values |= 1 << row.value[i - first];
                }
            }
            live.push(values);
        }
    }

    /// Combinations on sum row `s` (linear row `l`, see `sums.rs`): drop the values no fitting
    /// combination offers a group; place a value every fitting combination holds when one
    /// variable can take it, or clear the rest of an exactly-one row that holds all that can.
    fn propagate_sum(&mut self, l: usize, s: usize) -> Result<(), Conflict> {
        let (mut live, mut keep, mut holders) =
            (std::mem::take(&mut self.sum_live), std::mem::take(&mut self.sum_keep), std::mem::take(&mut self.holders));
        let result = self.propagate_sum_with(l, s, &mut live, &mut keep, &mut holders);
        (self.sum_live, self.sum_keep, self.holders) = (live, keep, holders);
        result
    }

    fn propagate_sum_with(
        &mut self,
        l: usize,
        s: usize,
        live: &mut Vec<u64>,
        keep: &mut Vec<u64>,
        holders: &mut Vec<u32>,
    ) -> Result<(), Conflict> {
        let row = Some(self.c.lin_row[l] as usize);
        let conflict = Conflict { row, kind: ConflictKind::Linear };
        self.sum_live_values(l, s, live);
        keep.resize(live.len(), 0);
        let required = if let Some(sets) = &self.c.sums.rows[s].sets {
            sumsets::consistent(sets, live, keep)
        } else {
            let (start, alive) = (self.combo_start[s] as usize, self.combo_alive[s] as usize);
            let res = &mut self.residues[self.residue_start[s] as usize..self.residue_start[s + 1] as usize];
            let known = self.combo_required[s];
            let (required, now) = sums::fitting_alive(&mut self.combos[start..start + alive], live, keep, res, known);
            if let Some(required) = required {
                if now < alive || required & !known != 0 {
                    self.combo_trail.push((self.trail.len() as u32, s as u32, alive as u32, known));
                    self.combo_alive[s] = now as u32;
                    self.combo_required[s] = known | required;
                }
            }
            required
        };
        let Some(mut required) = required else {
            return Err(conflict);
        };
        // A value a group has alone is placed there and gone from the others (groups of a
        // sum row take distinct values through shared rows): nothing to confine.
        required &= !keep.iter().filter(|&&k| k & k.wrapping_sub(1) == 0).fold(0, |a, &k| a | k);
        let (groups, first) =
            (self.c.lin_groups[l] as usize, self.c.group_start[self.c.lin_groups[l] as usize] as usize);
        for (k, (&has, &kept)) in live.iter().zip(keep.iter()).enumerate() {
            let g = groups + k;
            if has & !kept == 0 {
                continue;
            }
            for i in self.c.group_start[g] as usize..self.c.group_start[g + 1] as usize {
                if kept >> self.c.sums.rows[s].value[i - first] & 1 == 0 {
                    self.kill(self.c.lin_terms[i].0, row)?;
                }
            }
        }
        while required != 0 {
            let j = required.trailing_zeros() as usize;
            required &= required - 1;
            holders.clear();
            let sum = &self.c.sums.rows[s];
            let places = sum.by_value_start[j] as usize..sum.by_value_start[j + 1] as usize;
            for &i in &sum.by_value[places] {
                let v = self.c.lin_terms[first + i as usize].0;
                if self.is_live(v) {
                    holders.push(v);
                }
            }
            match holders[..] {
                [] => return Err(conflict),
                [v] => self.assign(v, row)?,
                _ => self.confine(holders, row)?,
            }
        }
        Ok(())
    }

    /// One of `holders` (two or more live variables) is 1: every exactly-one row that holds
    /// them all loses its other variables.
    fn confine(&mut self, holders: &[u32], cause: Option<usize>) -> Result<(), Conflict> {
        for k in self.c.incidences(holders[0]) {
            let r = self.c.var_eo_row[k] as usize;
            if holders[1..].iter().all(|&u| self.in_row(u, r)) {
                for p in self.c.eo_start[r] as usize..self.c.eo_start[r + 1] as usize {
                    let u = self.c.eo_vars[p];
                    if self.is_live(u) && !holders.contains(&u) {
                        self.kill(u, cause)?;
                    }
                }
            }
        }
        Ok(())
    }

    fn propagate_linear_with(
        &mut self,
        l: usize,
        scratch: &mut Vec<GroupBounds>,
        blocks: &mut Vec<BlockBounds>,
    ) -> Result<(), Conflict> {
        let bounds = self.analyse_linear(l, scratch, blocks);
        let row = Some(self.c.lin_row[l] as usize);
        if bounds.broken() {
            return Err(Conflict { row, kind: ConflictKind::Linear });
        }
        let first = self.c.lin_groups[l] as usize;
        if bounds.nothing_forced() {
            // The pass below would fix nothing: checked in debug builds.
            #[cfg(debug_assertions)]
            for g in first..self.c.lin_groups[l + 1] as usize {
                let b = scratch[g - first];
                for &(v, a) in &self.c.lin_terms[self.c.group_start[g] as usize..self.c.group_start[g + 1] as usize] {
                    if b.one.is_none() && self.is_live(v) && !self.is_one(v) {
                        let forced = self.forced(l, g, &b, blocks, (v, a), &bounds);
                        assert_eq!(forced, (false, false), "linear row {l} skipped but fixes variable {v}");
                    }
                }
            }
            return Ok(());
        }
        for g in first..self.c.lin_groups[l + 1] as usize {
            let b = scratch[g - first];
            if b.one.is_some() || b.free == 0 {
                continue;
            }
            let (t0, t1, pos) =
                (self.c.group_start[g] as usize, self.c.group_start[g + 1] as usize, self.c.group_pos[g]);
            if let (Some(r), false, true, None) =
                (self.c.group_eo[g], b.complete, pos != 0, self.c.blocks.group_block[g])
            {
                // The row cannot do without this group: one of its variables is 1, so the rest
                // of its exactly-one row is 0 (a quadruple's digit in a box leaves the rest of
                // the box; locked candidates then take it from any other row that holds what
                // is left of the group).
                if b.free >= 2 && bounds.broken_with(bounds.lo - b.lo, bounds.hi - b.hi) {
                    let outside = self.mask[self.c.eo_word[r as usize] as usize] & !pos;
                    self.kill_positions(r as usize, outside, row)?;
                }
            }
            // The terms live at the analysis (`Compiled::group_pos`), or all of them.
            let mut live = match self.c.group_eo[g] {
                Some(r) if pos != 0 => self.mask[self.c.eo_word[r as usize] as usize] & pos,
                _ => 0,
            };
            let mut next = t0;
            loop {
                let i = if pos != 0 {
                    if live == 0 {
                        break;
                    }
                    let i =
                        t0 + self.c.pos_rank[self.c.rank_start[g] as usize + live.trailing_zeros() as usize] as usize;
                    live &= live - 1;
                    i
                } else if next < t1 {
                    next += 1;
                    next - 1
                } else {
                    break;
                };
                let (v, a) = self.c.lin_terms[i];
                // Fixing earlier variables may have fixed this one since the analysis.
                if !self.is_live(v) || self.is_one(v) {
                    continue;
                }
                match self.forced(l, g, &b, blocks, (v, a), &bounds) {
                    (true, true) => return Err(Conflict { row, kind: ConflictKind::Linear }),
                    (true, false) => self.kill(v, row)?,
                    (false, true) => self.assign(v, row)?,
                    (false, false) => {}
                }
            }
        }
        Ok(())
    }

    /// Apply the model's fixed variables and propagate everything once.
    pub fn root(&mut self) -> Result<(), Conflict> {
        self.reset();
        for r in 0..self.c.eo_rows() {
            if self.rows[r].count <= 1 {
                self.eo_queue.push(r as u32);
            }
            if self.c.part_start[r] != self.c.part_start[r + 1] {
                self.sub_queued[r] = true;
                self.sub_queue.push(r as u32);
            }
            if self.c.supports.watched(r) {
                self.sup_queued[r] = true;
                self.sup_queue.push(r as u32);
            }
        }
        for l in 0..self.c.lin_rows() {
            if !self.c.blocks.implied[l] {
                queue_linear(&mut self.lin_queued, &mut self.lin_queue, l as u32);
            }
        }
        for k in 0..self.c.lines.lines.len() {
            self.line_queued[k] = true;
            self.line_queue.push(k as u32);
        }
        // Nothing is propagated yet, so a variable fixed to 0 cannot be at 1 and only
        // assignments can fail: a given already killed by another given of one of its rows.
        for v in 0..self.c.num_vars as u32 {
            let result = match self.model_fixed[v as usize] {
                Some(true) if !self.is_live(v) => Err(Conflict { row: self.blame(v), kind: ConflictKind::TwoOnes }),
                Some(true) => self.assign(v, None),
                Some(false) => self.kill(v, None),
                None => Ok(()),
            };
            if let Err(c) = result {
                self.clear_queues();
                return Err(c);
            }
        }
        // The variables whose rows were left out for an automaton (`lines.rs`): in no row now,
        // so 0 (unless the caller fixed one to 1: it stays, harmless).
        let c = Arc::clone(&self.c);
        for &v in &c.lines.dropped {
            if !self.is_one(v) {
                if let Err(e) = self.kill(v, None) {
                    self.clear_queues();
                    return Err(e);
                }
            }
        }
        self.propagate()
    }

    /// The exactly-one or at-most-one row that killed variable `v`: one where another
    /// variable is at 1.
    fn blame(&self, v: u32) -> Option<usize> {
        let c = &self.c;
        let eo = c.incidences(v).map(|k| c.var_eo_row[k] as usize);
        let eo = { eo }.find(|&r| c.eo_vars_of(r).iter().any(|&u| self.is_one(u))).map(|r| c.eo_row[r] as usize);
        eo.or_else(|| {
            let mut amo = c.amo_rows_of(v).iter().map(|&a| a as usize);
            amo.find(|&a| c.amo_vars_of(a).iter().any(|&u| self.is_one(u))).map(|a| c.amo_row[a] as usize)
        })
    }

    /// Recompute the per-row state from the variable bitsets and check that the state is a
    /// fixed point of singles and linear rows (pumpkin's "propagate from scratch" check).
    /// Debug builds run it after every successful propagation.
    #[cfg(debug_assertions)]
    fn debug_check_from_scratch(&self) {
        for r in 0..self.c.eo_rows() {
            let vars = self.c.eo_vars_of(r);
            let live: Vec<u32> = vars.iter().copied().filter(|&v| self.is_live(v)).collect();
            assert_eq!(self.rows[r].count as usize, live.len(), "count of exactly-one row {r}");
            assert_eq!(self.rows[r].xsum, live.iter().fold(0, |x, &v| x ^ v), "xsum of row {r}");
            let w0 = self.c.eo_word[r] as usize;
            for (p, &v) in vars.iter().enumerate() {
                let bit = self.mask[w0 + p / 64] >> (p % 64) & 1 != 0;
                assert_eq!(bit, self.is_live(v), "mask of row {r}, position {p}");
            }
            let ones = live.iter().filter(|&&v| self.is_one(v)).count();
            assert!(!live.is_empty(), "row {r} empty at a fixed point");
            assert!(ones <= 1 && (ones == 0 || live.len() == 1), "row {r} not propagated");
            assert!(live.len() != 1 || ones == 1, "row {r} has one live variable not at 1");
        }
        for a in 0..self.c.amo_row.len() {
            let vars = self.c.amo_vars_of(a);
            let ones = vars.iter().filter(|&&v| self.is_one(v)).count();
            assert!(ones <= 1, "at-most-one row {a} has {ones} variables at 1");
            assert!(ones == 0 || vars.iter().all(|&v| self.is_one(v) || !self.is_live(v)), "at-most-one row {a}");
        }
        let mut open: Vec<u32> = self.open[..self.open_len].to_vec();
        open.sort_unstable();
        let undecided: Vec<u32> = (0..self.c.eo_rows() as u32).filter(|&r| self.rows[r as usize].count >= 2).collect();
        assert_eq!(open, undecided, "open rows");
        for a in 0..self.c.eo_rows() {
            let live = self.mask[self.c.eo_word[a] as usize];
            for p in &self.c.part[self.c.part_start[a] as usize..self.c.part_start[a + 1] as usize] {
                let outside = self.mask[self.c.eo_word[p.b as usize] as usize] & !p.in_b;
                let locked = self.rows[a].count >= 2 && live & !p.in_a == 0;
                assert!(!locked || outside == 0, "row {a} locks candidates of row {}", p.b);
            }
        }
        for r in 0..self.c.eo_rows() {
            let live = self.mask[self.c.eo_word[r] as usize];
            for w in &self.c.supports.of(r) {
                assert!(!self.is_live(w.v) || live & w.compat != 0, "variable {} has no support in row {r}", w.v);
            }
        }
        let mut scratch = lines::Scratch::default();
        for (k, line) in self.c.lines.lines.iter().enumerate() {
            assert!(line.supported(&mut scratch, |v| self.is_live(v)), "automaton {k} has no accepting path");
            assert_eq!(scratch.live, scratch.keep, "automaton {k} keeps digits on no accepting path");
        }
        let (mut live, mut keep) = (Vec::new(), Vec::new());
        for l in 0..self.c.lin_rows() {
            let Some(s) = self.c.sums.of_lin[l] else { continue };
            self.sum_live_values(l, s as usize, &mut live);
            keep.resize(live.len(), 0);
            let required = sums::fitting(&self.c.sums.rows[s as usize].combos, &live, &mut keep);
            assert!(required.is_some(), "sum row {l} has no fitting combination");
            assert_eq!(live, keep, "sum row {l} keeps values no combination offers");
        }
        let (mut scratch, mut blocks) = (Vec::new(), Vec::new());
        for l in (0..self.c.lin_rows()).filter(|&l| !self.c.blocks.implied[l]) {
            let bounds = self.analyse_linear(l, &mut scratch, &mut blocks);
            assert!(!bounds.broken(), "linear row {l} violated");
            let first = self.c.lin_groups[l] as usize;
            for g in first..self.c.lin_groups[l + 1] as usize {
                let b = scratch[g - first];
                for &(v, a) in &self.c.lin_terms[self.c.group_start[g] as usize..self.c.group_start[g + 1] as usize] {
                    if self.is_live(v) && !self.is_one(v) {
                        let forced = self.forced(l, g, &b, &blocks, (v, a), &bounds);
                        assert_eq!(forced, (false, false), "linear row {l} can still fix variable {v}");
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use sudoku_ip_model::{Cell, Geometry, Model, Puzzle, Row, RowKind, Sense};

    use super::Engine;

    /// A tiny row `x + y − z <= 1` ("x and y force z", as a zipper's or region-sum line's pair
    /// rows say) is bounded by the tiny path: both ways of its implication, at once.
    #[test]
    fn a_tiny_row_forces_its_third_term_and_refuses_its_second() {
        let mut m = Model::build(&Puzzle::blank(Geometry::new(4, None).expect("4x4")));
        let (x, y, z) = (m.var(Cell::new(0, 0), 1), m.var(Cell::new(0, 1), 2), m.var(Cell::new(2, 2), 3));
        m.push_row(Row {
            name: "pair".into(),
            kind: RowKind::Rule("test"),
            terms: vec![(x, 1), (y, 1), (z, -1)],
            sense: Sense::Le,
            rhs: 1,
        });
        let mut e = Engine::new(&m);
        let l = (0..e.c.lin_rows()).find(|&l| m.rows()[e.c.lin_row[l] as usize].name == "pair").expect("row");
        assert!(e.c.lin_tiny[l]);
        assert!(e.root().is_ok());
        let mark = e.trail.len();
        assert!(e.try_fix(x, true) && e.try_fix(y, true));
        assert_eq!(e.value(z), Some(true), "x and y force z");
        e.undo(mark);
        assert!(e.try_fix(x, true) && e.try_fix(z, false));
        assert_eq!(e.value(y), Some(false), "x without z refuses y");
        e.undo(mark);
        assert!(e.try_fix(z, false) && e.try_fix(y, true));
        assert_eq!(e.value(x), Some(false), "y without z refuses x");
    }

    /// A clause whose second side lies in one cell (`x[a,3] <= x[b,2] + x[b,4]`, a kropki
    /// dot's row) is tiny, and with a at 3 it leaves b 2 or 4: the rest of b's cell is 0 at
    /// once, as the general analysis says of a group the row cannot do without.
    #[test]
    fn a_tiny_clause_confines_the_cell_it_needs() {
        let mut m = Model::build(&Puzzle::blank(Geometry::new(4, None).expect("4x4")));
        let (a, b) = (Cell::new(0, 0), Cell::new(3, 3));
        let terms = vec![(m.var(a, 3), 1), (m.var(b, 2), -1), (m.var(b, 4), -1)];
        m.push_row(Row { name: "dot".into(), kind: RowKind::Rule("test"), terms, sense: Sense::Le, rhs: 0 });
        let mut e = Engine::new(&m);
        let l = (0..e.c.lin_rows()).find(|&l| m.rows()[e.c.lin_row[l] as usize].name == "dot").expect("row");
        assert!(e.c.lin_tiny[l], "a clause of three terms");
        assert!(e.root().is_ok());
        let mark = e.trail.len();
        assert!(e.try_fix(m.var(a, 3), true));
        assert_eq!((e.value(m.var(b, 1)), e.value(m.var(b, 3))), (Some(false), Some(false)), "b is 2 or 4");
        assert_eq!((e.value(m.var(b, 2)), e.value(m.var(b, 4))), (None, None));
        e.undo(mark);
        assert!(e.try_fix(m.var(b, 2), false) && e.try_fix(m.var(b, 4), false));
        assert_eq!(e.value(m.var(a, 3)), Some(false), "without b at 2 or 4, a is not 3");
    }

    /// An exact row's block (`exact::BlockWays`): the terms each sum's ways take are found once
    /// for the block's masks and read again while they stay, so what is kept must follow the
    /// sums that complete the row at each call. `a + b + c = 7`, a and b in one box (distinct),
    /// c elsewhere: with c 1 or 4, a + b is 6 (2 + 4) or 3 (1 + 2), so neither is 3, which
    /// bounds keep (3 + 4 − 1 is 6, within 1 + 1 .. 4 + 4).
    #[test]
    fn an_exact_block_keeps_what_the_completing_sums_take_as_they_change() {
        let mut m = Model::build(&Puzzle::blank(Geometry::new(4, None).expect("4x4")));
        let (a, b, c) = (Cell::new(0, 0), Cell::new(0, 1), Cell::new(2, 2));
        let terms = [a, b, c].into_iter().flat_map(|cell| (1..=4).map(move |d| (cell, d)));
        let terms = terms.map(|(cell, d)| (m.var(cell, d), d as i32)).collect();
        m.push_row(Row { name: "sum".into(), kind: RowKind::Rule("test"), terms, sense: Sense::Eq, rhs: 7 });
        let mut e = Engine::new(&m);
        let l = (0..e.c.lin_rows()).find(|&l| m.rows()[e.c.lin_row[l] as usize].name == "sum").expect("row");
        assert!(e.c.exact.words[l] != 0 && e.c.sums.of_lin[l].is_none(), "an exact row, not a sum of distinct values");
        assert!(e.root().is_ok());
        let live = |e: &Engine, cell: Cell| (1..=4).filter(|&d| e.value(m.var(cell, d)).is_none()).collect::<Vec<_>>();
        assert_eq!((live(&e, a), live(&e, b)), (vec![1, 2, 3, 4], vec![1, 2, 3, 4]), "a + b is 3 to 6");
        let mark = e.trail.len();
        assert!(e.try_fix(m.var(c, 2), false));
        assert_eq!((live(&e, a), live(&e, b)), (vec![1, 2, 3, 4], vec![1, 2, 3, 4]), "a + b is 3, 4 or 6");
        assert!(e.try_fix(m.var(c, 3), false));
        assert_eq!((live(&e, a), live(&e, b)), (vec![1, 2, 4], vec![1, 2, 4]), "a + b is 3 or 6");
        e.undo(mark);
        assert!(e.try_fix(m.var(c, 1), false) && e.try_fix(m.var(c, 4), false));
        assert_eq!((live(&e, a), live(&e, b)), (vec![1, 2, 3, 4], vec![1, 2, 3, 4]), "a + b is 4 or 5");
        assert!(e.try_fix(m.var(c, 2), false));
        assert_eq!((live(&e, a), live(&e, b)), (vec![1, 3], vec![1, 3]), "a + b is 4");
    }
}

//! The generic exact engine: propagation to a fixed point and depth-first search over the 0-1
//! model, reading nothing but its rows and fixed variables.
//!
//! ```text
//!  compiled once per model                    changed by search, undone through the trail
//!  ───────────────────────                    ──────────────────────────────────────────
//!  exactly-one rows  row → vars  (CSR)        live  : bitset over variables (not fixed to 0)
//!                    var → rows  (CSR)        ones  : bitset over variables (fixed to 1)
//!  linear rows       row → (var, coef)        count : live variables of each exactly-one row
//!                    var → rows               xsum  : XOR of those variables' indices
//! ```
//!
//! An exactly-one row whose count drops to one names its last variable in O(1) through `xsum`
//! (the XOR of one index is the index); that variable is fixed to 1, which kills the other
//! variables of all its exactly-one rows (naked and hidden singles, in Sudoku words). A count of
//! zero is a contradiction. Linear rows keep no search state: when one of their variables
//! changes they are queued, and their activity bounds are recomputed from the live and fixed
//! variables ([`Engine::propagate_linear`]). Because state only ever tightens between two
//! undos, a bound computed a moment ago stays a valid bound, which keeps every deduction sound.
//!
//! Search is binary: pick the exactly-one row with the fewest live variables, try its first
//! live variable at 1, and on return from that subtree fix it to 0 and continue (so later
//! siblings profit from the refutation). The trail records each change; backtracking replays
//! it backwards. All stacks are allocated once, so the hot loop never allocates.

use std::time::{Duration, Instant};

use sudoku_ip_model::{Model, Sense};

use crate::linear::{self, GroupBounds, RowBounds, NO_ROW};

/// Rows with at most this many live variables are tested for locked candidates.
const LOCKED_MAX: u32 = 8;

/// Marks an assignment to 1 in the trail (a plain entry is a kill).
const ASSIGNED: u32 = 1 << 31;

/// Why propagation failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ConflictKind {
    /// An exactly-one row has no live variable left.
    Empty,
    /// An exactly-one row would get two variables at 1.
    TwoOnes,
    /// A linear row cannot hold whatever the free variables do.
    Linear,
}

/// A contradiction, named by the model row where it showed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Conflict {
    /// Index into `Model::rows()`.
    pub row: usize,
    /// What went wrong there.
    pub kind: ConflictKind,
}

/// How a search ended (mapped to `SearchEnd` by the backend).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum End {
    Exhausted,
    ReachedMax,
    Stopped(String),
}

/// What a search found.
#[derive(Clone, Debug)]
pub(crate) struct Outcome {
    pub count: u64,
    /// Kept solutions as the set of variables at 1, one `Vec<u32>` each (sorted).
    pub solutions: Vec<Vec<u32>>,
    pub end: End,
    pub nodes: u64,
    pub guesses: u64,
}

/// Limits and targets of one search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Goal {
    pub max_solutions: u64,
    pub keep: usize,
    pub time: Option<Duration>,
    pub nodes: Option<u64>,
}

/// One decision on the search stack.
#[derive(Clone, Copy, Debug)]
struct Frame {
    /// Trail length before the decision.
    mark: u32,
    /// The branching variable.
    var: u32,
    /// False while the `var = 1` subtree runs; true once `var = 0` was taken.
    second: bool,
}

/// The compiled model and the search state over it.
pub(crate) struct Engine {
    num_vars: usize,
    // Exactly-one rows.
    eo_start: Vec<u32>,
    eo_vars: Vec<u32>,
    eo_row: Vec<u32>,
    var_eo_start: Vec<u32>,
    var_eo: Vec<u32>,
    // Linear rows.
    /// Terms of linear rows, stored group after group.
    lin_terms: Vec<(u32, i64)>,
    /// Row → first group; group → first term; group → its exactly-one row (or `NO_ROW`).
    lin_groups: Vec<u32>,
    group_start: Vec<u32>,
    group_eo: Vec<u32>,
    lin_sense: Vec<Sense>,
    lin_rhs: Vec<i64>,
    lin_row: Vec<u32>,
    var_lin_start: Vec<u32>,
    var_lin: Vec<u32>,
    /// Exactly-one row → linear rows with a group in it: a group's bounds depend on the
    /// row's live count, which changes with variables outside the linear row.
    eo_lin_start: Vec<u32>,
    eo_lin: Vec<u32>,
    model_fixed: Vec<Option<bool>>,
    // State.
    live: Vec<u64>,
    ones: Vec<u64>,
    count: Vec<u32>,
    xsum: Vec<u32>,
    trail: Vec<u32>,
    eo_queue: Vec<u32>,
    /// Exactly-one rows to test for locked candidates (see [`Engine::locked`]).
    sub_queue: Vec<u32>,
    sub_queued: Vec<bool>,
    lin_queue: Vec<u32>,
    lin_queued: Vec<bool>,
    /// Per-group bounds of the linear row being propagated (sized for the largest row).
    scratch: Vec<GroupBounds>,
}

/// Build a CSR transpose: for each of `num_keys` keys, the rows that mention it.
fn transpose(num_keys: usize, starts: &[u32], keys: impl Fn(usize) -> u32) -> (Vec<u32>, Vec<u32>) {
    let rows = starts.len() - 1;
    let mut start = vec![0u32; num_keys + 1];
    for i in 0..starts[rows] as usize {
        start[keys(i) as usize + 1] += 1;
    }
    for k in 0..num_keys {
        start[k + 1] += start[k];
    }
    let mut fill = start.clone();
    let mut out = vec![0u32; starts[rows] as usize];
    for r in 0..rows {
        for i in starts[r] as usize..starts[r + 1] as usize {
            let k = keys(i) as usize;
            out[fill[k] as usize] = r as u32;
            fill[k] += 1;
        }
    }
    (start, out)
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

impl Engine {
    /// Compile a model (checked by [`check_model`]) and set the state to "nothing decided" (model bounds not yet applied).
    pub fn new(model: &Model) -> Engine {
        let num_vars = model.num_vars();
        let (mut eo_start, mut eo_vars, mut eo_row) = (vec![0u32], Vec::new(), Vec::new());
        let (mut lin_sense, mut lin_rhs, mut lin_row) = (Vec::new(), Vec::new(), Vec::new());
        for (i, row) in model.rows().iter().enumerate() {
            if row.is_exactly_one() {
                eo_vars.extend(row.terms.iter().map(|&(v, _)| v));
                eo_start.push(eo_vars.len() as u32);
                eo_row.push(i as u32);
            } else {
                lin_sense.push(row.sense);
                lin_rhs.push(row.rhs as i64);
                lin_row.push(i as u32);
            }
        }
        let (var_eo_start, var_eo) = transpose(num_vars, &eo_start, |i| eo_vars[i]);
        let linear = linear::group_rows(
            lin_row.iter().map(|&i| &model.rows()[i as usize]),
            |v| &var_eo[var_eo_start[v as usize] as usize..var_eo_start[v as usize + 1] as usize],
            |r| &eo_vars[eo_start[r as usize] as usize..eo_start[r as usize + 1] as usize],
        );
        let linear::Grouped { lin_start, lin_terms, lin_groups, group_start, group_eo } = linear;
        let max_groups = lin_groups.windows(2).map(|w| (w[1] - w[0]) as usize).max().unwrap_or(0);
        let (var_lin_start, var_lin) = transpose(num_vars, &lin_start, |i| lin_terms[i].0);
        let (eo_lin_start, eo_lin) = {
            // Only groups that are not every live variable of their row can change that way,
            // but knowing which is a run-time matter; listing each (row, linear row) once is cheap.
            let mut pairs: Vec<(u32, u32)> = Vec::new();
            for l in 0..lin_row.len() {
                for g in lin_groups[l] as usize..lin_groups[l + 1] as usize {
                    if group_eo[g] != NO_ROW {
                        pairs.push((group_eo[g], l as u32));
                    }
                }
            }
            pairs.sort_unstable();
            pairs.dedup();
            let mut starts = vec![0u32; eo_row.len() + 1];
            for &(r, _) in &pairs {
                starts[r as usize + 1] += 1;
            }
            for r in 0..eo_row.len() {
                starts[r + 1] += starts[r];
            }
            (starts, pairs.into_iter().map(|(_, l)| l).collect::<Vec<u32>>())
        };
        let eo_rows = eo_row.len();
        let eo_nonzeros = eo_vars.len();
        let lin_rows = lin_row.len();
        let words = num_vars.div_ceil(64);
        let mut e = Engine {
            num_vars,
            eo_start,
            eo_vars,
            eo_row,
            var_eo_start,
            var_eo,
            lin_terms,
            lin_groups,
            group_start,
            group_eo,
            lin_sense,
            lin_rhs,
            lin_row,
            var_lin_start,
            var_lin,
            eo_lin_start,
            eo_lin,
            model_fixed: model.fixed().to_vec(),
            live: vec![0; words],
            ones: vec![0; words],
            count: vec![0; eo_rows],
            xsum: vec![0; eo_rows],
            // Each variable is killed or assigned at most once on a path.
            trail: Vec::with_capacity(num_vars + 1),
            // One push per count decrement at most, between two clears.
            eo_queue: Vec::with_capacity(eo_nonzeros + 1),
            sub_queue: Vec::with_capacity(eo_rows),
            sub_queued: vec![false; eo_rows],
            lin_queue: Vec::with_capacity(lin_rows.max(16)),
            lin_queued: vec![false; lin_rows],
            scratch: Vec::with_capacity(max_groups),
        };
        e.reset();
        e
    }

    /// Back to "every variable live, none at 1".
    fn reset(&mut self) {
        self.live.fill(u64::MAX);
        if self.num_vars % 64 != 0 {
            if let Some(last) = self.live.last_mut() {
                *last = (1u64 << (self.num_vars % 64)) - 1;
            }
        }
        self.ones.fill(0);
        for r in 0..self.eo_row.len() {
            let vars = &self.eo_vars[self.eo_start[r] as usize..self.eo_start[r + 1] as usize];
            self.count[r] = vars.len() as u32;
            self.xsum[r] = vars.iter().fold(0, |x, &v| x ^ v);
        }
        self.trail.clear();
        self.eo_queue.clear();
        self.sub_queue.clear();
        self.sub_queued.fill(false);
        self.lin_queue.clear();
        self.lin_queued.fill(false);
    }

    /// Number of variables.
    pub fn num_vars(&self) -> usize {
        self.num_vars
    }

    #[inline]
    fn is_live(&self, v: u32) -> bool {
        self.live[(v >> 6) as usize] >> (v & 63) & 1 != 0
    }

    #[inline]
    fn is_one(&self, v: u32) -> bool {
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

    #[inline]
    fn queue_linear(&mut self, l: u32) {
        if !self.lin_queued[l as usize] {
            self.lin_queued[l as usize] = true;
            self.lin_queue.push(l);
        }
    }

    #[inline]
    fn touch_linear(&mut self, v: u32) {
        let v = v as usize;
        for i in self.var_lin_start[v] as usize..self.var_lin_start[v + 1] as usize {
            self.queue_linear(self.var_lin[i]);
        }
    }

    /// Fix `v` to 0. `cause` is the model row blamed if `v` is already at 1.
    #[inline]
    fn kill(&mut self, v: u32, cause: usize) -> Result<(), Conflict> {
        if !self.is_live(v) {
            return Ok(());
        }
        if self.is_one(v) {
            return Err(Conflict { row: cause, kind: ConflictKind::TwoOnes });
        }
        self.live[(v >> 6) as usize] &= !(1u64 << (v & 63));
        self.trail.push(v);
        let vu = v as usize;
        for i in self.var_eo_start[vu] as usize..self.var_eo_start[vu + 1] as usize {
            let r = self.var_eo[i] as usize;
            self.count[r] -= 1;
            self.xsum[r] ^= v;
            if self.count[r] <= 1 {
                self.eo_queue.push(r as u32);
            } else if self.count[r] <= LOCKED_MAX && !self.sub_queued[r] {
                self.sub_queued[r] = true;
                self.sub_queue.push(r as u32);
            }
            for j in self.eo_lin_start[r] as usize..self.eo_lin_start[r + 1] as usize {
                self.queue_linear(self.eo_lin[j]);
            }
        }
        self.touch_linear(v);
        Ok(())
    }

    /// Fix `v` to 1 and kill the other variables of its exactly-one rows.
    #[inline]
    fn assign(&mut self, v: u32, cause: usize) -> Result<(), Conflict> {
        if self.is_one(v) {
            return Ok(());
        }
        if !self.is_live(v) {
            return Err(Conflict { row: cause, kind: ConflictKind::Empty });
        }
        self.ones[(v >> 6) as usize] |= 1u64 << (v & 63);
        self.trail.push(v | ASSIGNED);
        let vu = v as usize;
        for i in self.var_eo_start[vu] as usize..self.var_eo_start[vu + 1] as usize {
            let r = self.var_eo[i] as usize;
            if self.count[r] == 1 {
                continue; // v is the only live variable: nothing to kill
            }
            let row = self.eo_row[r] as usize;
            for j in self.eo_start[r] as usize..self.eo_start[r + 1] as usize {
                let u = self.eo_vars[j];
                if u != v {
                    self.kill(u, row)?;
                }
            }
        }
        self.touch_linear(v);
        Ok(())
    }

    /// Undo the trail down to `mark`.
    fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let Some(e) = self.trail.pop() else { break };
            if e & ASSIGNED != 0 {
                let v = e & !ASSIGNED;
                self.ones[(v >> 6) as usize] &= !(1u64 << (v & 63));
            } else {
                let v = e;
                self.live[(v >> 6) as usize] |= 1u64 << (v & 63);
                let vu = v as usize;
                for i in self.var_eo_start[vu] as usize..self.var_eo_start[vu + 1] as usize {
                    let r = self.var_eo[i] as usize;
                    self.count[r] += 1;
                    self.xsum[r] ^= v;
                }
            }
        }
    }

    fn clear_queues(&mut self) {
        self.eo_queue.clear();
        for &r in &self.sub_queue {
            self.sub_queued[r as usize] = false;
        }
        self.sub_queue.clear();
        for &l in &self.lin_queue {
            self.lin_queued[l as usize] = false;
        }
        self.lin_queue.clear();
    }

    /// Run the queues to a fixed point. On a conflict the queues are emptied; the caller undoes.
    fn propagate(&mut self) -> Result<(), Conflict> {
        let result = self.propagate_inner();
        if result.is_err() {
            self.clear_queues();
        }
        #[cfg(debug_assertions)]
        if result.is_ok() {
            self.debug_check_from_scratch();
        }
        result
    }

    fn propagate_inner(&mut self) -> Result<(), Conflict> {
        loop {
            if let Some(r) = self.eo_queue.pop() {
                let r = r as usize;
                match self.count[r] {
                    0 => return Err(Conflict { row: self.eo_row[r] as usize, kind: ConflictKind::Empty }),
                    1 => {
                        let u = self.xsum[r];
                        self.assign(u, self.eo_row[r] as usize)?;
                    }
                    _ => {}
                }
                continue;
            }
            if let Some(l) = self.lin_queue.pop() {
                self.lin_queued[l as usize] = false;
                self.propagate_linear(l as usize)?;
                continue;
            }
            if let Some(r) = self.sub_queue.pop() {
                self.sub_queued[r as usize] = false;
                self.locked(r as usize)?;
                continue;
            }
            return Ok(());
        }
    }

    /// Fill `scratch` with the bounds of each group of linear row `l` and return the bounds of
    /// the row's activity. A group is a set of terms inside one exactly-one row, so at most one
    /// of them is 1; when the group holds every live variable of that row, exactly one is.
    fn analyse_linear(&self, l: usize, scratch: &mut Vec<GroupBounds>) -> RowBounds {
        scratch.clear();
        let (mut lo, mut hi) = (0i64, 0i64);
        for g in self.lin_groups[l] as usize..self.lin_groups[l + 1] as usize {
            let mut b = GroupBounds::EMPTY;
            for &(v, a) in &self.lin_terms[self.group_start[g] as usize..self.group_start[g + 1] as usize] {
                if self.is_one(v) {
                    b.one = Some(a);
                } else if self.is_live(v) {
                    b.add_free(v, a);
                }
            }
            let r = self.group_eo[g];
            b.complete = b.free > 0 && r != NO_ROW && self.count[r as usize] == b.free;
            b.settle();
            lo += b.lo;
            hi += b.hi;
            scratch.push(b);
        }
        RowBounds {
            lo,
            hi,
            rhs: self.lin_rhs[l],
            upper: self.lin_sense[l] != Sense::Ge,
            lower: self.lin_sense[l] != Sense::Le,
        }
    }

    /// Whether exactly-one row `r` contains variable `v`.
    #[inline]
    fn in_row(&self, v: u32, r: u32) -> bool {
        let v = v as usize;
        self.var_eo[self.var_eo_start[v] as usize..self.var_eo_start[v + 1] as usize].contains(&r)
    }

    /// Locked candidates, stated for any exactly-one rows: when every live variable of row `a`
    /// also lies in row `b`, the one of them that will be 1 satisfies `b`, so the variables of
    /// `b` outside `a` are 0. (Sudoku's pointing and claiming: a digit confined to one line of
    /// a box, or to one box along a line.) Rows with more than [`LOCKED_MAX`] live variables
    /// are not tried: in Sudoku the pattern needs at most a box side of candidates, and the
    /// test would cost more than it finds.
    fn locked(&mut self, a: usize) -> Result<(), Conflict> {
        if self.count[a] < 2 || self.count[a] > LOCKED_MAX {
            return Ok(());
        }
        let (start, end) = (self.eo_start[a] as usize, self.eo_start[a + 1] as usize);
        let Some(first) = (start..end).find(|&i| self.is_live(self.eo_vars[i])) else {
            return Ok(());
        };
        let v0 = self.eo_vars[first] as usize;
        for k in self.var_eo_start[v0] as usize..self.var_eo_start[v0 + 1] as usize {
            let b = self.var_eo[k];
            if b as usize == a || self.count[b as usize] <= self.count[a] {
                continue; // b has nothing outside a (count equal means b's live set is a's)
            }
            let all_in_b = (first + 1..end).all(|i| {
                let u = self.eo_vars[i];
                !self.is_live(u) || self.in_row(u, b)
            });
            if !all_in_b {
                continue;
            }
            let row_b = self.eo_row[b as usize] as usize;
            for i in self.eo_start[b as usize] as usize..self.eo_start[b as usize + 1] as usize {
                let w = self.eo_vars[i];
                if self.is_live(w) && !self.in_row(w, a as u32) {
                    self.kill(w, row_b)?;
                }
            }
        }
        Ok(())
    }

    /// Bound propagation on one linear row: fail if the bounds exclude the right-hand side,
    /// else fix every free variable whose other value would.
    fn propagate_linear(&mut self, l: usize) -> Result<(), Conflict> {
        // Moved out and back so that `kill`/`assign` can borrow `self`; no allocation.
        let mut scratch = std::mem::take(&mut self.scratch);
        let result = self.propagate_linear_with(l, &mut scratch);
        self.scratch = scratch;
        result
    }

    fn propagate_linear_with(&mut self, l: usize, scratch: &mut Vec<GroupBounds>) -> Result<(), Conflict> {
        let bounds = self.analyse_linear(l, scratch);
        let row = self.lin_row[l] as usize;
        if bounds.broken() {
            return Err(Conflict { row, kind: ConflictKind::Linear });
        }
        let first = self.lin_groups[l] as usize;
        for g in first..self.lin_groups[l + 1] as usize {
            let b = scratch[g - first];
            if b.one.is_some() || b.free == 0 {
                continue;
            }
            for i in self.group_start[g] as usize..self.group_start[g + 1] as usize {
                let (v, a) = self.lin_terms[i];
                // Fixing earlier variables may have fixed this one since the analysis.
                if !self.is_live(v) || self.is_one(v) {
                    continue;
                }
                match b.forced(v, a, &bounds) {
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
        for r in 0..self.eo_row.len() {
            if self.count[r] <= 1 {
                self.eo_queue.push(r as u32);
            }
        }
        for l in 0..self.lin_row.len() {
            self.lin_queued[l] = true;
            self.lin_queue.push(l as u32);
        }
        for r in 0..self.eo_row.len() {
            self.sub_queued[r] = true;
            self.sub_queue.push(r as u32);
        }
        // A variable fixed to 0 cannot be at 1 here (nothing else is propagated yet), so only
        // assignments can fail: a given killed by another given of one of its rows.
        let result = (0..self.num_vars as u32).try_for_each(|v| match self.model_fixed[v as usize] {
            Some(true) if !self.is_live(v) => Err(Conflict { row: self.blame(v), kind: ConflictKind::TwoOnes }),
            Some(true) => self.assign(v, usize::MAX),
            Some(false) => self.kill(v, usize::MAX),
            None => Ok(()),
        });
        match result {
            Ok(()) => self.propagate(),
            Err(c) => {
                self.clear_queues();
                Err(c)
            }
        }
    }

    /// The exactly-one row that killed variable `v`: one where another variable is at 1.
    fn blame(&self, v: u32) -> usize {
        let vu = v as usize;
        (self.var_eo_start[vu] as usize..self.var_eo_start[vu + 1] as usize)
            .map(|i| self.var_eo[i] as usize)
            .find(|&r| self.eo_vars[self.eo_start[r] as usize..self.eo_start[r + 1] as usize].iter().any(|&u| self.is_one(u)))
            .map_or(usize::MAX, |r| self.eo_row[r] as usize)
    }

    /// The branching variable: the first live variable of the undecided exactly-one row with
    /// the fewest live variables; failing that, any free variable; `None` when all are fixed.
    fn choose(&self) -> Option<u32> {
        let mut best = u32::MAX;
        let mut best_row = usize::MAX;
        for (r, &c) in self.count.iter().enumerate() {
            // After propagation a row with count 1 holds its variable at 1: it is decided.
            if c >= 2 && c < best {
                best = c;
                best_row = r;
                if c == 2 {
                    break;
                }
            }
        }
        if best_row != usize::MAX {
            let vars = &self.eo_vars[self.eo_start[best_row] as usize..self.eo_start[best_row + 1] as usize];
            return vars.iter().copied().find(|&v| self.is_live(v));
        }
        self.live
            .iter()
            .zip(&self.ones)
            .enumerate()
            .find(|(_, (l, o))| *l & !*o != 0)
            .map(|(w, (l, o))| (w * 64) as u32 + (l & !o).trailing_zeros())
    }

    /// The variables at 1, once everything is fixed.
    fn ones_list(&self) -> Vec<u32> {
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

    /// Depth-first search for up to `goal.max_solutions` solutions.
    pub fn search(&mut self, goal: &Goal, start: Instant) -> Outcome {
        let mut out = Outcome { count: 0, solutions: Vec::new(), end: End::Exhausted, nodes: 1, guesses: 0 };
        if goal.max_solutions == 0 {
            out.end = End::ReachedMax;
            return out;
        }
        if self.root().is_err() {
            return out;
        }
        let deadline = goal.time.map(|t| start + t);
        let mut frames: Vec<Frame> = Vec::with_capacity(self.num_vars + 1);
        // At the top of the loop the state is a consistent fixed point.
        'search: loop {
            match self.choose() {
                None => {
                    out.count += 1;
                    if out.solutions.len() < goal.keep {
                        out.solutions.push(self.ones_list());
                    }
                    if out.count >= goal.max_solutions {
                        out.end = End::ReachedMax;
                        break 'search;
                    }
                }
                Some(v) => {
                    if let Some(reason) = self.limit_reached(goal, deadline, out.nodes) {
                        out.end = End::Stopped(reason);
                        break 'search;
                    }
                    out.nodes += 1;
                    out.guesses += 1;
                    frames.push(Frame { mark: self.trail.len() as u32, var: v, second: false });
                    if self.assign(v, usize::MAX).and_then(|()| self.propagate()).is_ok() {
                        continue 'search;
                    }
                    self.clear_queues();
                }
            }
            // Backtrack to the latest decision whose `var = 0` side is still open.
            loop {
                let Some(f) = frames.pop() else {
                    out.end = End::Exhausted;
                    break 'search;
                };
                self.undo(f.mark as usize);
                if f.second {
                    continue;
                }
                if let Some(reason) = self.limit_reached(goal, deadline, out.nodes) {
                    out.end = End::Stopped(reason);
                    break 'search;
                }
                frames.push(Frame { second: true, ..f });
                out.nodes += 1;
                if self.kill(f.var, usize::MAX).and_then(|()| self.propagate()).is_ok() {
                    continue 'search;
                }
                self.clear_queues();
            }
        }
        out
    }

    /// A stop reason when a node or time limit is reached. The clock is read every 4096 nodes.
    fn limit_reached(&self, goal: &Goal, deadline: Option<Instant>, nodes: u64) -> Option<String> {
        if let Some(max) = goal.nodes {
            if nodes >= max {
                return Some(format!("node limit of {max} reached"));
            }
        }
        if let (Some(deadline), Some(limit)) = (deadline, goal.time) {
            if nodes % 4096 == 0 && Instant::now() >= deadline {
                return Some(format!("time limit of {limit:?} reached"));
            }
        }
        None
    }

    /// Recompute the per-row counters from the bitsets and check that the state is a fixed
    /// point: no exactly-one row empty or with a single undecided variable, no linear row able
    /// to fix anything. Debug builds run it after every successful propagation.
    #[cfg(debug_assertions)]
    fn debug_check_from_scratch(&self) {
        for r in 0..self.eo_row.len() {
            let vars = &self.eo_vars[self.eo_start[r] as usize..self.eo_start[r + 1] as usize];
            let live: Vec<u32> = vars.iter().copied().filter(|&v| self.is_live(v)).collect();
            assert_eq!(self.count[r] as usize, live.len(), "count of exactly-one row {r}");
            assert_eq!(self.xsum[r], live.iter().fold(0, |x, &v| x ^ v), "xsum of row {r}");
            let ones = live.iter().filter(|&&v| self.is_one(v)).count();
            assert!(!live.is_empty(), "row {r} empty at a fixed point");
            assert!(ones <= 1 && (ones == 0 || live.len() == 1), "row {r} not propagated");
            assert!(live.len() != 1 || ones == 1, "row {r} has one live variable not at 1");
        }
        let copy = self;
        let mut scratch = Vec::new();
        for l in 0..copy.lin_row.len() {
            let bounds = copy.analyse_linear(l, &mut scratch);
            assert!(!bounds.broken(), "linear row {l} violated");
            let first = copy.lin_groups[l] as usize;
            for g in first..copy.lin_groups[l + 1] as usize {
                let b = scratch[g - first];
                for &(v, a) in &copy.lin_terms[copy.group_start[g] as usize..copy.group_start[g + 1] as usize] {
                    if copy.is_live(v) && !copy.is_one(v) {
                        let forced = b.forced(v, a, &bounds);
                        assert_eq!(forced, (false, false), "linear row {l} can still fix variable {v}");
                    }
                }
            }
        }
    }
}

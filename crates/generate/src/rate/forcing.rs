//! Forcing chains and nets, the last logical resort before search: assume a candidate,
//! propagate singles (naked and hidden, over every unit and at-most-one row of the model, so
//! across variants) and, when they stall, what each variant row's bounds and each sum's
//! combinations rule out (rule arithmetic and cage combinations, inside the chain); if that
//! reaches a contradiction, the candidate goes (SE's dynamic forcing
//! chain, contradiction). A net assumes each candidate of a cell, or each place of a unit's
//! digit, in turn; what every branch leads to holds (SE's dynamic cell and region forcing
//! chains).
//!
//! A step shows its chain with every node: the propagation is run once more with a [`Trace`]
//! that records why each digit was placed (naked single, hidden single in a named house) and
//! which earlier placements caused it, and the step lists the placements the conclusion
//! depends on, in order. Its weight is SE's dynamic chain base, 8.5, plus SE's length bonus
//! over those nodes (all branches together for a net).

use std::collections::HashMap;

use super::aic::length_bonus;
use super::step::{cell_list, digit_set, removals_text, Step};
use super::Candidate;
use super::{bit, digits, Logic, SeRating, Technique};

/// SE's dynamic forcing chain base (8.5), in tenths.
const DYNAMIC_BASE: u16 = 85;

/// Why a placement of a propagation happened.
#[derive(Clone, Copy)]
enum Why {
    Assumed,
    NakedSingle,
    /// Hidden single in unit `u`.
    HiddenSingle(usize),
    /// The event's digit removed from its cell by variant row `r` of [`Logic::rows`]: its
    /// bounds, or the combinations of a sum of distinct digits.
    Row(usize),
    /// The event's digit removed from its cell by clue `c` of [`Logic::clues`] read as a whole.
    Clue(usize),
    /// The event's digit removed from its cell because in unit `u` it lies only in unit `h`
    /// (locked candidates, in the "plus" chains only).
    Locked(usize, usize),
    /// The event's digit removed from its cell by an inner chain or net, `Trace::inner[i]`
    /// (nested chains only, `nested.rs`).
    Inner(usize),
}

/// One placement of a traced propagation (or a candidate a variant row removes) and the
/// earlier events it follows from.
#[derive(Clone)]
struct Event {
    cell: usize,
    digit: u8,
    why: Why,
    causes: Vec<usize>,
}

/// The placements of one propagation, and per variable removed during it, the placement that
/// removed it; in a nested chain, what each inner chain or net proved.
#[derive(Clone, Default)]
pub(super) struct Trace {
    events: Vec<Event>,
    removed_by: HashMap<usize, usize>,
    inner: Vec<InnerProof>,
}

/// What an inner chain or net of a nested chain showed, for people, and its nodes (SE counts
/// them in the outer chain's length).
#[derive(Clone)]
pub(super) struct InnerProof {
    pub(super) text: String,
    pub(super) nodes: usize,
}

/// What a propagation ran into: a sentence, and the placements it follows from.
pub(super) struct Contradiction {
    pub(super) text: String,
    pub(super) causes: Vec<usize>,
}

impl Trace {
    /// The placements that removed candidate `v` during the propagation (none: it was gone
    /// before the assumption).
    fn cause_of(&self, v: usize) -> Option<usize> {
        self.removed_by.get(&v).copied()
    }

    /// The chain's length as SE counts it: its events, and the nodes of every inner chain or
    /// net among them.
    pub(super) fn complexity(&self, events: &[usize]) -> usize {
        let inner: usize = events
            .iter()
            .filter_map(|&e| match self.events[e].why {
                Why::Inner(i) => Some(self.inner[i].nodes),
                _ => None,
            })
            .sum();
        events.len() + inner
    }

    /// Note that `k` loses `d` by what an inner chain or net proved (`proof`, shared by the
    /// removals it makes), following from the events `causes`.
    pub(super) fn note_inner(&mut self, var: usize, k: usize, d: u8, proof: usize, causes: Vec<usize>) {
        let e = self.events.len();
        self.removed_by.entry(var).or_insert(e);
        self.events.push(Event { cell: k, digit: d, why: Why::Inner(proof), causes });
    }

    /// Keep an inner proof; its index for [`Trace::note_inner`].
    pub(super) fn add_proof(&mut self, proof: InnerProof) -> usize {
        self.inner.push(proof);
        self.inner.len() - 1
    }

    /// How many events the trace holds (an inner chain's trace starts with its outer chain's).
    pub(super) fn len(&self) -> usize {
        self.events.len()
    }

    /// `causes` and every placement they follow from, in order.
    pub(super) fn ancestors(&self, causes: &[usize]) -> Vec<usize> {
        let mut keep = vec![false; self.events.len()];
        let mut stack = causes.to_vec();
        while let Some(e) = stack.pop() {
            if !std::mem::replace(&mut keep[e], true) {
                stack.extend(&self.events[e].causes);
            }
        }
        (0..self.events.len()).filter(|&e| keep[e]).collect()
    }
}

impl Logic {
    /// Place `d` in `k` as a step of a propagation, noting it in `trace` with its reason.
    fn place_traced(&mut self, k: usize, d: u8, why: Why, causes: Vec<usize>, trace: &mut Option<&mut Trace>) {
        let Some(t) = trace else {
            self.place(k, d);
            return;
        };
        let before = self.cand.clone();
        self.place(k, d);
        let e = t.events.len();
        for (cell, (&was, &now)) in before.iter().zip(&self.cand).enumerate() {
            for gone in digits(was & !now) {
                t.removed_by.entry(self.var(cell, gone)).or_insert(e);
            }
        }
        t.events.push(Event { cell: k, digit: d, why, causes });
    }

    /// Remove `d` from `k` as a step of a propagation, for reason `why`, noting it in `trace`.
    fn remove_traced(&mut self, k: usize, d: u8, why: Why, causes: Vec<usize>, trace: &mut Option<&mut Trace>) {
        self.cand[k] &= !bit(d);
        let Some(t) = trace else { return };
        let e = t.events.len();
        t.removed_by.entry(self.var(k, d)).or_insert(e);
        t.events.push(Event { cell: k, digit: d, why, causes });
    }

    /// The events that removed candidates from the cells of variant row `r` (placements in
    /// them included: a placement removes its cell's other digits).
    fn row_causes(&self, r: usize, trace: &Option<&mut Trace>) -> Vec<usize> {
        self.cells_causes(self.rows[r].cells.iter().map(|&(k, _)| k as usize), trace)
    }

    /// The events that removed candidates from `cells` (placements in them included).
    fn cells_causes(&self, cells: impl Iterator<Item = usize>, trace: &Option<&mut Trace>) -> Vec<usize> {
        let Some(t) = trace else { return Vec::new() };
        let mut causes: Vec<usize> = cells
            .flat_map(|k| (1..=self.n as u8).map(move |d| (k, d)))
            .filter_map(|(k, d)| t.cause_of(self.var(k, d)))
            .collect();
        causes.sort_unstable();
        causes.dedup();
        causes
    }

    /// With singles stalled, every variant row removes the candidates it rules out (its
    /// bounds, then the combinations of the sums of distinct digits), traced: `Ok(true)` when
    /// one did, a contradiction when a row can no longer hold or a sum has no combination left. This is what makes forcing
    /// chains reach across every rule's rows, not only houses and at-most-one rows.
    fn propagate_rows(&mut self, trace: &mut Option<&mut Trace>) -> Result<bool, Contradiction> {
        let aux = match self.aux_domains() {
            Ok(aux) => aux,
            Err(r) => {
                let causes = self.row_causes(r, trace);
                let text = format!("{} could not hold", self.rows[r].label);
                return Err(Contradiction { text, causes });
            }
        };
        // Every row in one pass (the auxiliary variables' domains are worked out once a pass),
        // but those of this propagation's last pass whose cells have not changed since: they
        // would remove nothing more (rows with auxiliary variables are always read).
        let seen = std::mem::take(&mut self.rows_seen);
        let changed: Vec<bool> = if seen.is_empty() {
            vec![true; self.cand.len()]
        } else {
            self.position().iter().zip(&seen).map(|(a, b)| a != b).collect()
        };
        // A pair clue's rows are left to its table, read with the clues below.
        let stale = |row: &super::arithmetic::CellRow| {
            !row.paired && (!row.aux.is_empty() || row.cells.iter().any(|&(k, _)| changed[k as usize]))
        };
        let mut any = false;
        for r in 0..self.rows.len() {
            if !stale(&self.rows[r]) {
                continue;
            }
            let removed = self.bounds_removals(&self.rows[r], &aux);
            any |= self.remove_by_row(r, removed, trace);
        }
        for s in 0..self.sums.len() {
            let r = self.sums[s].0;
            if !stale(&self.rows[r]) {
                continue;
            }
            let Some(removed) = self.combination_removals(&self.rows[r], &self.sums[s].1) else {
                let causes = self.row_causes(r, trace);
                let text = format!("{} would have no combination left", self.rows[r].label);
                return Err(Contradiction { text, causes });
            };
            any |= self.remove_by_row(r, removed, trace);
        }
        self.rows_seen = self.position();
        if any {
            return Ok(true);
        }
        // Clues read as a whole, once the rows alone stall; a clue whose cells are as they
        // were after it was last read (in any propagation) has nothing more to say.
        for c in 0..self.clues.len() {
            if self.clue_unchanged(c) {
                continue;
            }
            let Some(mut removed) = self.clue_removals(c, true) else {
                let causes = self.cells_causes(self.clues[c].cells.iter().map(|&k| k as usize), trace);
                let text = format!("{} would have no filling left", self.clues[c].label);
                return Err(Contradiction { text, causes });
            };
            removed.retain(|&(k, d)| self.value[k] == 0 && self.cand[k] & bit(d) != 0);
            if !removed.is_empty() {
                let causes = self.cells_causes(self.clues[c].cells.iter().map(|&k| k as usize), trace);
                for (k, d) in removed {
                    self.remove_traced(k, d, Why::Clue(c), causes.clone(), trace);
                }
                any = true;
            }
            self.clue_read(c);
        }
        Ok(any)
    }

    /// With singles and rows stalled, in the "plus" chains: the first exactly-once unit whose
    /// digit lies only in another unit removes it from the rest of that unit (pointing or
    /// claiming), traced; whether one did.
    fn propagate_locked(&mut self, trace: &mut Option<&mut Trace>) -> bool {
        let mut cells = std::mem::take(&mut self.holders);
        let found = self.first_locked(&mut cells, trace);
        self.holders = cells;
        found
    }

    /// [`Logic::propagate_locked`] with `cells` as the buffer for a unit's holders.
    fn first_locked(&mut self, cells: &mut Vec<usize>, trace: &mut Option<&mut Trace>) -> bool {
        for u in 0..self.units.len() {
            if self.done[u] || !self.units[u].exact {
                continue;
            }
            let d = self.units[u].digit;
            cells.clear();
            cells.extend(self.units[u].cells.iter().map(|&k| k as usize).filter(|&k| self.cand[k] & bit(d) != 0));
            if cells.len() > self.max_overlap[u] {
                continue; // too many to lie in another unit
            }
            if let Some((h, targets)) = self.locked_in(u, cells).into_iter().next() {
                let causes = self.unit_causes(u, d, usize::MAX, trace);
                for k in targets {
                    self.cand[k] &= !bit(d);
                    if let Some(t) = trace {
                        let e = t.events.len();
                        t.removed_by.entry(self.var(k, d)).or_insert(e);
                        t.events.push(Event { cell: k, digit: d, why: Why::Locked(u, h), causes: causes.clone() });
                    }
                }
                return true;
            }
        }
        false
    }

    /// Remove `removed` (those still candidates of open cells) as row `r`'s events; whether
    /// any was.
    fn remove_by_row(&mut self, r: usize, mut removed: Vec<(usize, u8)>, trace: &mut Option<&mut Trace>) -> bool {
        removed.retain(|&(k, d)| self.value[k] == 0 && self.cand[k] & bit(d) != 0);
        removed.sort_unstable();
        removed.dedup();
        if removed.is_empty() {
            return false;
        }
        let causes = self.row_causes(r, trace);
        for (k, d) in removed {
            self.remove_traced(k, d, Why::Row(r), causes.clone(), trace);
        }
        true
    }

    /// The placements that removed `d` from the cells of unit `u` other than `except`.
    fn unit_causes(&self, u: usize, d: u8, except: usize, trace: &Option<&mut Trace>) -> Vec<usize> {
        let Some(t) = trace else { return Vec::new() };
        self.units[u]
            .cells
            .iter()
            .map(|&k| k as usize)
            .filter(|&k| k != except)
            .filter_map(|k| t.cause_of(self.var(k, d)))
            .collect()
    }

    /// The placements that removed the candidates of cell `k` other than `keep`.
    fn cell_causes(&self, k: usize, keep: u8, trace: &Option<&mut Trace>) -> Vec<usize> {
        let Some(t) = trace else { return Vec::new() };
        (1..=self.n as u8).filter(|&d| d != keep).filter_map(|d| t.cause_of(self.var(k, d))).collect()
    }

    /// Singles until nothing changes, or the contradiction reached.
    fn propagate_singles(&mut self, mut trace: Option<&mut Trace>) -> Result<(), Contradiction> {
        loop {
            if self.broken {
                let causes = trace.as_ref().map_or(Vec::new(), |t| (0..t.events.len()).collect());
                return Err(Contradiction { text: "two singles would clash".into(), causes });
            }
            let mut progress = false;
            for k in 0..self.cand.len() {
                if self.value[k] != 0 {
                    continue;
                }
                let c = self.cand[k];
                if c == 0 {
                    let causes = self.cell_causes(k, 0, &trace);
                    return Err(Contradiction {
                        text: format!("{} would have no candidate left", self.cell(k)),
                        causes,
                    });
                }
                if c & (c - 1) == 0 {
                    let d = c.trailing_zeros() as u8 + 1;
                    let causes = self.cell_causes(k, d, &trace);
                    self.place_traced(k, d, Why::NakedSingle, causes, &mut trace);
                    progress = true;
                }
            }
            self.scan += 1;
            for u in 0..self.units.len() {
                if self.done[u] || !self.units[u].exact || self.many_holders(u) {
                    continue;
                }
                let d = self.units[u].digit;
                let mut holders =
                    self.units[u].cells.iter().map(|&k| k as usize).filter(|&k| self.cand[k] & bit(d) != 0);
                match (holders.next(), holders.next()) {
                    (None, _) => {
                        let causes = self.unit_causes(u, d, usize::MAX, &trace);
                        let text = format!("{d} would have no place left in {}", self.units[u].label);
                        return Err(Contradiction { text, causes });
                    }
                    (Some(k), None) => {
                        let causes = self.unit_causes(u, d, k, &trace);
                        self.place_traced(k, d, Why::HiddenSingle(u), causes, &mut trace);
                        self.scan += 1; // the placement changed the houses' candidates
                        progress = true;
                    }
                    _ => {}
                }
            }
            // Singles first; when they stall, the rows; then (plus chains) locked candidates;
            // then (nested chains) the inner chains and nets.
            let progress = progress
                || self.propagate_rows(&mut trace)?
                || (self.plus && self.propagate_locked(&mut trace))
                || (self.nested.is_some() && self.propagate_inner(&mut trace));
            if !progress {
                return Ok(());
            }
        }
    }

    /// Assume `d` in `k` and propagate, tracing each event: the contradiction reached, if any.
    /// The position is restored.
    pub(super) fn assume(&mut self, k: usize, d: u8, trace: &mut Trace) -> Result<(), Contradiction> {
        self.propagated(k, d, Some(trace), |_| ())
    }

    /// Assume `d` in `k` and propagate, untraced: whether no contradiction is reached, and if
    /// none is, the position reached or-ed into `kept`. The position is restored. Only this
    /// takes the queue ([`Logic::quick`]); a caller that wants a yes or no passes no `kept`,
    /// and no position is copied.
    pub(super) fn possible(&mut self, k: usize, d: u8, kept: Option<&mut [u64]>) -> bool {
        if self.quick {
            return self.quick_assume(k, d, kept);
        }
        self.propagated(k, d, None, |s| {
            if let Some(kept) = kept {
                s.keep_position(kept);
            }
        })
        .is_ok()
    }

    /// `d` placed in `k` and propagated by the scan; `reached` sees the position reached when
    /// it holds, before the position is restored.
    fn propagated(
        &mut self,
        k: usize,
        d: u8,
        trace: Option<&mut Trace>,
        reached: impl FnOnce(&Self),
    ) -> Result<(), Contradiction> {
        let saved = self.save();
        // This propagation's own record of the rows' last pass (an enclosing one keeps its).
        let seen = std::mem::take(&mut self.rows_seen);
        let mut trace = trace;
        self.place_traced(k, d, Why::Assumed, Vec::new(), &mut trace);
        let outcome = self.propagate_singles(trace).map(|()| reached(self));
        self.restore(saved);
        self.rows_seen = seen;
        outcome
    }

    /// "r2c3 = 4 (naked single), r5c3 = 7 (hidden single in column 3), r6c3 ≠ 2 (the arrow
    /// r6c1 to r6c3)": the events `events` of `trace`, the assumption left out.
    pub(super) fn nodes_text(&self, trace: &Trace, events: &[usize]) -> String {
        let mut parts: Vec<String> = Vec::new();
        // Removals one row (or one locked pattern) makes one after another are said together:
        // "r1c5 and r2c6 cannot be 2 or 7 (the arrow r2c6, r1c5 and r1c4)".
        let mut removed: Vec<Candidate> = Vec::new();
        let mut reason = String::new();
        for e in events.iter().map(|&e| &trace.events[e]).filter(|e| !matches!(e.why, Why::Assumed)) {
            let why = match e.why {
                Why::NakedSingle => "naked single".to_string(),
                Why::HiddenSingle(u) => format!("hidden single in {}", self.units[u].label),
                Why::Row(r) => self.rows[r].label.clone(),
                Why::Clue(c) => self.clues[c].label.clone(),
                Why::Locked(u, h) => format!("{} of {} lies in {}", e.digit, self.units[u].label, self.units[h].label),
                Why::Inner(i) => format!("[{}]", trace.inner[i].text),
                Why::Assumed => String::new(),
            };
            let removal = matches!(e.why, Why::Row(_) | Why::Clue(_) | Why::Locked(..) | Why::Inner(_));
            if !removed.is_empty() && (why != reason || !removal) {
                parts.push(format!("{} ({reason})", removals_text(&removed)));
                removed.clear();
            }
            if removal {
                removed.push(self.candidate(e.cell, e.digit));
                reason = why;
            } else {
                parts.push(format!("{} = {} ({why})", self.cell(e.cell), e.digit));
            }
        }
        if !removed.is_empty() {
            parts.push(format!("{} ({reason})", removals_text(&removed)));
        }
        parts.join(", ")
    }

    /// The first candidate (cells with fewest candidates first) whose assumption leads, by
    /// singles, to a contradiction.
    pub(super) fn forcing_chain(&mut self) -> Option<Step> {
        self.with_quick(Self::first_forcing_chain)
    }

    fn first_forcing_chain(&mut self) -> Option<Step> {
        let mut cells: Vec<usize> = (0..self.cand.len()).filter(|&k| self.value[k] == 0).collect();
        cells.sort_by_key(|&k| self.cand[k].count_ones());
        // Digits an assumption tried before placed without a contradiction hold too.
        let mut implied = self.no_implied();
        for k in cells {
            if self.stopped.is_some() {
                return None; // a nested chain read the cancel token
            }
            for d in digits(self.cand[k]) {
                if self.holds_marking(k, d, &mut implied) {
                    continue;
                }
                let mut trace = Trace::default();
                let Err(why) = self.assume(k, d, &mut trace) else { continue };
                let nodes = trace.ancestors(&why.causes);
                let chain = self.nodes_text(&trace, &nodes);
                let length = trace.complexity(&nodes) + 1;
                let text = |s: &Self| {
                    let then = if chain.is_empty() { String::new() } else { format!(" {chain}, and") };
                    format!("Forcing chain: if {} were {d}, then{then} {}", s.cell(k), why.text)
                };
                if let Some(mut step) = self.removal_step(Some(vec![(k, d)]), Technique::ForcingChain, text) {
                    step.rating = SeRating(DYNAMIC_BASE + length_bonus(length));
                    let mut cells = vec![self.cell(k)];
                    cells.extend(nodes.iter().map(|&e| self.cell(trace.events[e].cell)));
                    return Some(step.with_cells(cells).with_candidates([self.candidate(k, d)]));
                }
            }
        }
        None
    }
}

/// SE's dynamic forcing chains "plus" (9.0): chains and nets whose propagation also takes
/// locked candidates, in tenths.
const PLUS_BASE: u16 = 90;

impl Logic {
    /// A forcing chain or net whose propagation also takes locked candidates (pointing and
    /// claiming), tried when the plain ones find nothing: "Forcing chain (+): …".
    pub(super) fn forcing_plus(&mut self) -> Option<Step> {
        self.plus = true;
        let found = self.forcing_chain().or_else(|| self.forcing_net());
        self.plus = false;
        let mut step = found?;
        step.technique = Technique::ForcingPlus;
        step.rating = SeRating(step.rating.0 - DYNAMIC_BASE + PLUS_BASE);
        for name in ["Forcing chain", "Forcing net"] {
            if let Some(rest) = step.text.strip_prefix(&format!("{name}:")) {
                step.text = format!("{name} (+):{rest}");
            }
        }
        Some(step)
    }
}

/// Cell nets look at cells with at most this many candidates, unit nets at units whose digit
/// has at most this many places left.
const NET_BRANCHES: u32 = 4;

impl Logic {
    /// Forcing nets, when no single assumption contradicts: every way a cell can be filled
    /// (a cell net), or every place a unit's digit can go (a unit net), is assumed in turn and
    /// propagated by singles; what all branches agree on holds (a cell that ends with the same
    /// digit in every branch takes it, a candidate no branch keeps goes).
    pub(super) fn forcing_net(&mut self) -> Option<Step> {
        self.with_quick(Self::first_forcing_net)
    }

    fn first_forcing_net(&mut self) -> Option<Step> {
        for (branches, what) in self.nets() {
            if self.stopped.is_some() {
                return None; // a nested chain read the cancel token
            }
            if let Some(step) = self.net(&branches, &what) {
                return Some(step);
            }
        }
        None
    }

    /// The nets of the position in the order they are tried, each as its branches and what it
    /// is for people: the cells with 2 to [`NET_BRANCHES`] candidates (fewest first), then the
    /// exactly-once units whose digit has 2 to [`NET_BRANCHES`] places.
    pub(super) fn nets(&self) -> Vec<(Vec<(usize, u8)>, String)> {
        let mut cells: Vec<usize> = (0..self.cand.len())
            .filter(|&k| self.value[k] == 0 && (2..=NET_BRANCHES).contains(&self.cand[k].count_ones()))
            .collect();
        cells.sort_by_key(|&k| self.cand[k].count_ones());
        let mut nets: Vec<(Vec<(usize, u8)>, String)> = cells
            .into_iter()
            .map(|k| {
                let what = format!("whichever of {} {} takes", digit_set(self.cand[k]), self.cell(k));
                (digits(self.cand[k]).map(|d| (k, d)).collect(), what)
            })
            .collect();
        for u in (0..self.units.len()).filter(|&u| !self.done[u] && self.units[u].exact) {
            let d = self.units[u].digit;
            let branches: Vec<(usize, u8)> = self.units[u]
                .cells
                .iter()
                .map(|&k| k as usize)
                .filter(|&k| self.value[k] == 0 && self.cand[k] & bit(d) != 0)
                .map(|k| (k, d))
                .collect();
            if (2..=NET_BRANCHES as usize).contains(&branches.len()) {
                let places = cell_list(branches.iter().map(|&(k, _)| self.cell(k)));
                nets.push((branches, format!("wherever {d} goes in {} ({places})", self.units[u].label)));
            }
        }
        nets
    }

    /// What every branch (a candidate assumed true, then singles) agrees on, as a step: a
    /// placement if some cell ends with one digit in every branch, else the candidates none
    /// keeps. Branches that reach a contradiction cannot happen and are left out. The step
    /// shows each branch's chain to the conclusion.
    fn net(&mut self, branches: &[(usize, u8)], what: &str) -> Option<Step> {
        let mut kept = vec![0u64; self.cand.len()];
        let mut possible = 0;
        for &(k, d) in branches {
            if self.possible(k, d, Some(&mut kept)) {
                possible += 1;
            }
        }
        if possible == 0 {
            return None;
        }
        let open = |s: &Self, i: usize| s.value[i] == 0 && branches.iter().all(|&(k, _)| k != i);
        let pattern: Vec<_> = branches.iter().map(|&(k, d)| self.candidate(k, d)).collect();
        let cells: Vec<_> = branches.iter().map(|&(k, _)| self.cell(k)).collect();
        if let Some(i) = (0..self.cand.len()).find(|&i| open(self, i) && kept[i].count_ones() == 1) {
            let d = kept[i].trailing_zeros() as u8 + 1;
            // In each branch, the other candidates of cell i go: show what removes them.
            let others: Vec<(usize, u8)> = digits(self.cand[i]).filter(|&e| e != d).map(|e| (i, e)).collect();
            let (shown, nodes) = self.branches_text(branches, &others);
            let text = format!("Forcing net: {what}, {} = {d}: {shown}", self.cell(i));
            let mut step = Step::new(Technique::ForcingNet, text);
            step.rating = SeRating(DYNAMIC_BASE + length_bonus(nodes));
            step.placements = vec![self.candidate(i, d)];
            return Some(step.with_cells(cells).with_candidates(pattern));
        }
        let removed: Vec<(usize, u8)> = (0..self.cand.len())
            .filter(|&i| open(self, i))
            .flat_map(|i| digits(self.cand[i] & !kept[i]).map(move |d| (i, d)))
            .collect();
        if removed.is_empty() {
            return None; // the branches agree on nothing: no text to trace
        }
        let first: Vec<(usize, u8)> = removed.iter().copied().take(1).collect();
        let (shown, nodes) = self.branches_text(branches, &first);
        let text = |_: &Self| format!("Forcing net: {what}, these candidates go in every case ({shown})");
        let mut step = self.removal_step(Some(removed), Technique::ForcingNet, text)?;
        step.rating = SeRating(DYNAMIC_BASE + length_bonus(nodes));
        Some(step.with_cells(cells).with_candidates(pattern))
    }

    /// Each branch's chain to the removal of `targets` (or to its contradiction), as text
    /// ("if r1c1 = 2: r2c3 = 4 (naked single), so r3c3 cannot be 5; if …"), and the number of
    /// nodes shown.
    fn branches_text(&mut self, branches: &[(usize, u8)], targets: &[(usize, u8)]) -> (String, usize) {
        let (text, nodes, _) = self.branches_text_from(&Trace::default(), branches, targets);
        (text, nodes)
    }

    /// [`Logic::branches_text`] inside an outer chain whose trace is `base`: each branch's trace
    /// starts from it, and the events of `base` the branches rely on are returned too (they are
    /// not shown or counted as the branches' nodes).
    pub(super) fn branches_text_from(
        &mut self,
        base: &Trace,
        branches: &[(usize, u8)],
        targets: &[(usize, u8)],
    ) -> (String, usize, Vec<usize>) {
        let mut parts = Vec::new();
        let mut nodes = 0;
        let mut outer = Vec::new();
        let from = base.len();
        for &(k, d) in branches {
            let mut trace = base.clone();
            let outcome = self.assume(k, d, &mut trace);
            let head = format!("if {} = {d}", self.cell(k));
            match outcome {
                Err(why) => {
                    let all = trace.ancestors(&why.causes);
                    let (before, events): (Vec<usize>, Vec<usize>) = all.into_iter().partition(|&e| e < from);
                    outer.extend(before);
                    nodes += trace.complexity(&events);
                    let chain = self.nodes_text(&trace, &events);
                    let then = if chain.is_empty() { String::new() } else { format!(" {chain}, and") };
                    parts.push(format!("{head}, then{then} {}, impossible", why.text));
                }
                Ok(_) => {
                    let causes: Vec<usize> =
                        targets.iter().filter_map(|&(i, e)| trace.cause_of(self.var(i, e))).collect();
                    let all = trace.ancestors(&causes);
                    let (before, events): (Vec<usize>, Vec<usize>) = all.into_iter().partition(|&e| e < from);
                    outer.extend(before);
                    nodes += trace.complexity(&events);
                    let chain = self.nodes_text(&trace, &events);
                    let gone: Vec<String> = targets.iter().map(|&(i, e)| format!("{} ≠ {e}", self.cell(i))).collect();
                    let chain = if chain.is_empty() { String::new() } else { format!("{chain}, ") };
                    parts.push(format!("{head}: {chain}so {}", gone.join(", ")));
                }
            }
        }
        outer.sort_unstable();
        outer.dedup();
        (parts.join("; "), nodes, outer)
    }
}

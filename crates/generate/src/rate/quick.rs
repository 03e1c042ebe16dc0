//! Singles by a queue, for assumptions whose chain is not shown.
//!
//! Forcing chains and nets try every candidate of a position and keep the chain of only the
//! one that contradicts; nested chains' inner technique tries every candidate at every stall of
//! every outer assumption and shows none. [`Logic::assume`]'s scan looks at every cell and every
//! exactly-once unit on each pass until nothing changes: on a 25×25 that is 625 cells and
//! 1,875 units of 25 cells, a few times over, for an assumption that places a handful of
//! digits. Here the same singles are found from what changed: a removed candidate wakes its
//! cell (a naked single or an empty cell) and its units (a hidden single or a digit with no
//! place), and a placement is undone from a trail.
//!
//! Singles reach one fixpoint, or a contradiction, in whatever order they are taken (each
//! removal only ever allows more of them), so the outcome is the scan's: the same position or
//! a contradiction, and so the same rating and the same steps (a test holds the two to it).
//! The queue starts from the assumption alone, which is right only where the scan would find
//! no single before it: [`Logic::quick_ready`] checks that once for a position, and the
//! callers set [`Logic::quick`] around their loop over its candidates.

use super::logic::Logic;
use super::{bit, digits};

/// What one queued assumption changed, to undo it.
#[derive(Default)]
pub(super) struct Trail {
    /// Cells whose candidates changed, with their candidates before (oldest first).
    cand: Vec<(u32, u64)>,
    /// Cells placed.
    placed: Vec<u32>,
    /// Units whose digit was placed.
    done: Vec<u32>,
    /// Candidates removed and not yet looked at: their cell and units.
    removed: Vec<(u32, u8)>,
    /// Placements to make.
    queue: Vec<(u32, u8)>,
    /// Units whose holders changed, for locked candidates ("plus" chains).
    dirty: Vec<u32>,
    /// A buffer for a unit's holders.
    cells: Vec<usize>,
    /// Per unit: how many of its cells hold its digit (counted by [`Logic::quick_ready`], kept
    /// by each removal and its undoing).
    count: Vec<u32>,
}

impl Logic {
    /// Whether untraced assumptions of this position may take the queue: nothing but houses,
    /// units, cliques and (with [`Logic::plus`]) locked candidates to propagate (no rows,
    /// clues or line automata, no inner technique of a nested chain), and no single or locked
    /// candidate left to find (the queue starts from the assumption).
    pub(super) fn quick_ready(&mut self) -> bool {
        let propagated = !self.rows.is_empty() || !self.clues.is_empty() || !self.automata.is_empty();
        if self.broken || propagated || self.nested.is_some() {
            return false;
        }
        if (0..self.cand.len()).any(|k| self.value[k] == 0 && self.cand[k].count_ones() <= 1) {
            return false;
        }
        let mut count = std::mem::take(&mut self.trail.count);
        count.clear();
        count.extend(
            self.units.iter().map(|unit| {
                unit.cells.iter().filter(|&&k| self.cand[k as usize] & bit(unit.digit) != 0).count() as u32
            }),
        );
        let stalled = (0..self.units.len()).all(|u| self.done[u] || !self.units[u].exact || count[u] >= 2);
        self.trail.count = count;
        stalled && !(self.plus && (0..self.units.len()).any(|u| self.locks(u)))
    }

    /// `f` with untraced assumptions on the queue where [`Logic::quick_ready`] (`f` loops
    /// over the candidates of the position it starts from, which each assumption restores).
    pub(super) fn with_quick<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        let ready = self.quick_ready();
        let before = std::mem::replace(&mut self.quick, ready);
        let found = f(self);
        self.quick = before;
        found
    }

    /// [`Logic::possible`] by the queue: whether no contradiction is reached, and if none is,
    /// the position reached or-ed into `kept`; the position is restored. Only where
    /// [`Logic::quick_ready`].
    pub(super) fn quick_assume(&mut self, k: usize, d: u8, kept: Option<&mut [u64]>) -> bool {
        self.quick_assume_with(k, d, |s, _| {
            if let Some(kept) = kept {
                s.keep_position(kept);
            }
        })
    }

    /// [`Logic::quick_assume`] that, where no contradiction is reached, sets in `implied` (a
    /// bit per variable) every digit the assumption placed. Each of those holds too: its own
    /// assumption's propagation only removes what every position closed under the rules that
    /// places it lacks, and the position this one reached is such a position, with a candidate
    /// in every cell and a place for every unit's digit.
    fn quick_assume_implied(&mut self, k: usize, d: u8, implied: &mut [u64]) -> bool {
        self.quick_assume_with(k, d, |s, t| {
            for &j in &t.placed {
                let v = s.var(j as usize, s.value[j as usize]);
                implied[v / 64] |= 1 << (v % 64);
            }
        })
    }

    /// Whether `k = d` holds (no contradiction) in this position: known where `implied` (a bit
    /// per variable, for this position only) says so, else assumed, the digits its
    /// propagation places then set in `implied` where it takes the queue.
    pub(super) fn holds_marking(&mut self, k: usize, d: u8, implied: &mut [u64]) -> bool {
        let v = self.var(k, d);
        if implied[v / 64] >> (v % 64) & 1 == 1 {
            return true;
        }
        if self.quick {
            self.quick_assume_implied(k, d, implied)
        } else {
            self.possible(k, d, None)
        }
    }

    /// A bit per variable, none set, for [`Logic::holds_marking`].
    pub(super) fn no_implied(&self) -> Vec<u64> {
        vec![0; (self.cand.len() * self.n).div_ceil(64)]
    }

    /// The queue from `k = d`; `reached` sees the position and the trail when no contradiction
    /// is reached, before both are undone.
    fn quick_assume_with(&mut self, k: usize, d: u8, reached: impl FnOnce(&Self, &Trail)) -> bool {
        let mut t = std::mem::take(&mut self.trail);
        t.queue.push((k as u32, d));
        let consistent = self.quick_singles(&mut t);
        if consistent {
            reached(self, &t);
        }
        for &(k, c) in t.cand.iter().rev() {
            let k = k as usize;
            for e in digits(c & !self.cand[k]) {
                for &u in &self.units_of[self.var(k, e)] {
                    t.count[u as usize] += 1;
                }
            }
            self.cand[k] = c;
        }
        for &k in &t.placed {
            self.value[k as usize] = 0;
        }
        for &u in &t.done {
            self.done[u as usize] = false;
        }
        t.cand.clear();
        t.placed.clear();
        t.done.clear();
        t.removed.clear();
        t.queue.clear();
        t.dirty.clear();
        self.trail = t;
        consistent
    }

    /// The queued placements and the singles they lead to (and with [`Logic::plus`], locked
    /// candidates); false at a contradiction.
    fn quick_singles(&mut self, t: &mut Trail) -> bool {
        loop {
            if let Some((k, d)) = t.queue.pop() {
                let k = k as usize;
                if self.value[k] != 0 {
                    if self.value[k] != d {
                        return false; // two singles in one cell
                    }
                    continue;
                }
                if self.cand[k] & bit(d) == 0 {
                    return false; // two singles of one digit in a unit
                }
                self.quick_place(k, d, t);
            } else if let Some(u) = t.dirty.pop() {
                self.quick_locked(u as usize, t);
            } else {
                return true;
            }
            if !self.quick_look(t) {
                return false;
            }
        }
    }

    /// The removed candidates' cells and units: the singles they leave are queued; false when
    /// one leaves a cell or a unit's digit no place.
    fn quick_look(&mut self, t: &mut Trail) -> bool {
        while let Some((j, e)) = t.removed.pop() {
            let j = j as usize;
            if self.value[j] == 0 {
                let c = self.cand[j];
                if c == 0 {
                    return false;
                }
                if c & (c - 1) == 0 {
                    t.queue.push((j as u32, c.trailing_zeros() as u8 + 1));
                }
            }
            for &u in &self.units_of[self.var(j, e)] {
                let (unit, u) = (&self.units[u as usize], u as usize);
                if !unit.exact || self.done[u] || t.count[u] >= 2 {
                    continue;
                }
                match unit.cells.iter().find(|&&c| self.cand[c as usize] & bit(e) != 0) {
                    None => return false,
                    Some(&c) => t.queue.push((c, e)),
                }
            }
        }
        true
    }

    /// The locked candidates of unit `u`: where its digit's places all lie in another unit,
    /// that unit's other places lose it (every such unit at once: `u`'s places do not change,
    /// so it is not looked at again).
    fn quick_locked(&mut self, u: usize, t: &mut Trail) {
        let mut cells = std::mem::take(&mut t.cells);
        if self.locked_holders(u, &t.count, &mut cells) {
            let d = self.units[u].digit;
            for (_, targets) in self.locked_in(u, &cells) {
                for k in targets {
                    self.quick_remove(k, d, t);
                }
            }
        }
        t.cells = cells;
    }

    /// Whether unit `u` is open with 2 to `max_overlap` places for its digit (`count` of them),
    /// and those places, in `cells`: where a locked candidate may be.
    fn locked_holders(&self, u: usize, count: &[u32], cells: &mut Vec<usize>) -> bool {
        let (unit, n) = (&self.units[u], count[u] as usize);
        if self.done[u] || !unit.exact || n < 2 || n > self.max_overlap[u] {
            return false;
        }
        cells.clear();
        cells.extend(unit.cells.iter().map(|&k| k as usize).filter(|&k| self.cand[k] & bit(unit.digit) != 0));
        true
    }

    /// Whether unit `u` has a locked candidate now.
    fn locks(&self, u: usize) -> bool {
        let mut cells = Vec::new();
        self.locked_holders(u, &self.trail.count, &mut cells) && !self.locked_in(u, &cells).is_empty()
    }

    /// [`Logic::place`], with what it changes on the trail and the candidates it removes
    /// (the cell's other digits among them) to look at.
    fn quick_place(&mut self, k: usize, d: u8, t: &mut Trail) {
        let had = self.cand[k];
        t.cand.push((k as u32, had));
        t.placed.push(k as u32);
        self.cand[k] = 0;
        self.value[k] = d;
        for e in digits(had) {
            self.uncount(k, e, t);
            if e != d {
                t.removed.push((k as u32, e));
            }
        }
        let v = self.var(k, d);
        for i in 0..self.units_of[v].len() {
            let u = self.units_of[v][i] as usize;
            if !self.done[u] {
                self.done[u] = true;
                t.done.push(u as u32);
            }
            for j in 0..self.units[u].cells.len() {
                self.quick_remove(self.units[u].cells[j] as usize, d, t);
            }
        }
        for i in 0..self.cliques_of[v].len() {
            let q = self.cliques_of[v][i] as usize;
            for j in 0..self.cliques[q].len() {
                let w = self.cliques[q][j] as usize;
                if w != v {
                    self.quick_remove(w / self.n, (w % self.n) as u8 + 1, t);
                }
            }
        }
    }

    /// Candidate `e` of cell `j` goes, if it is there: on the trail, and to look at.
    fn quick_remove(&mut self, j: usize, e: u8, t: &mut Trail) {
        let c = self.cand[j];
        if c & bit(e) != 0 {
            t.cand.push((j as u32, c));
            self.cand[j] = c & !bit(e);
            self.uncount(j, e, t);
            t.removed.push((j as u32, e));
        }
    }

    /// Candidate `e` of cell `j` is gone: one holder less in each of its units.
    fn uncount(&self, j: usize, e: u8, t: &mut Trail) {
        for &u in &self.units_of[self.var(j, e)] {
            t.count[u as usize] -= 1;
            if self.plus {
                t.dirty.push(u);
            }
        }
    }
}

/// The cells, and the units by their digit, whose candidates differ between two positions
/// (one bit each).
pub(super) struct Touched {
    cells: Vec<u64>,
    units: Vec<u64>,
}

impl Touched {
    fn between(logic: &Logic, root: &[u64], now: &[u64]) -> Touched {
        let mut touched =
            Touched { cells: vec![0; root.len().div_ceil(64)], units: vec![0; logic.units.len().div_ceil(64)] };
        for (k, (&was, &is)) in root.iter().zip(now).enumerate() {
            if was == is {
                continue;
            }
            touched.cells[k / 64] |= 1 << (k % 64);
            for e in digits(was & !is) {
                for &u in &logic.units_of[logic.var(k, e)] {
                    touched.units[u as usize / 64] |= 1 << (u % 64);
                }
            }
        }
        touched
    }

    fn meets(&self, other: &Touched) -> bool {
        let any = |a: &[u64], b: &[u64]| a.iter().zip(b).any(|(x, y)| x & y != 0);
        any(&self.cells, &other.cells) || any(&self.units, &other.units)
    }
}

/// What each candidate's assumption reaches from the root of a nested search (the position
/// where it starts), for its inner technique's chains.
///
/// At a position `Q` that the outer chain reached from the root `R` (a narrower one, where
/// singles stall), a candidate `c` whose own propagation from `R` (to `F`) touches no cell
/// and no unit's digit that `R → Q` touched cannot contradict: the position that takes each
/// cell from `F` where `F` touched it and from `Q` elsewhere holds `c`, lies inside `Q`, leaves
/// every cell a candidate and every unit's digit a place, and has no single left (each cell,
/// and each unit's digit, is as in `F` or as in `Q`, where none was); propagation from `Q`
/// with `c` never removes a candidate of that position (by induction over its singles), so
/// never reaches a contradiction. Where both touched a cell or a unit's digit, the position
/// of their common candidates is the witness if it passes the same tests there (without
/// locked candidates, which that check does not cover). Such a candidate is not tried: what
/// the chains find is the same, for less.
pub(super) struct Reach {
    root: Vec<u64>,
    /// Per variable (cell × size + digit − 1): the position its assumption reached and what
    /// it touched (`None`: not a candidate at the root, or its assumption contradicted there).
    of: Vec<Option<(Vec<u64>, Touched)>>,
    /// The inner technique's propagation takes locked candidates: only the coarse test.
    plus: bool,
}

impl Reach {
    /// What the position `now` differs from the root in.
    pub(super) fn changes(&self, logic: &Logic, now: &[u64]) -> Touched {
        Touched::between(logic, &self.root, now)
    }

    /// Whether variable `v`'s assumption cannot contradict at position `now`, which
    /// `changed` says how it differs from the root in: its reach from the root touched
    /// nothing of `changed`, or (without locked candidates) where both touched a cell or a
    /// unit's digit, their common candidates leave the cell a candidate and the digit a place,
    /// and no single that neither had.
    pub(super) fn apart(&self, logic: &Logic, v: usize, now: &[u64], changed: &Touched) -> bool {
        let Some((reached, touched)) = &self.of[v] else { return false };
        if !touched.meets(changed) {
            return true;
        }
        if self.plus {
            return false;
        }
        let single = |x: u64| x != 0 && x & (x - 1) == 0;
        let cells_agree = bits(&touched.cells, &changed.cells).all(|k| {
            let both = now[k] & reached[k];
            both != 0 && (!single(both) || both == now[k] || both == reached[k])
        });
        cells_agree
            && bits(&touched.units, &changed.units).all(|u| {
                let unit = &logic.units[u];
                if !unit.exact {
                    return true;
                }
                let e = bit(unit.digit);
                let mut holders = unit.cells.iter().map(|&k| k as usize).filter(|&k| now[k] & reached[k] & e != 0);
                match (holders.next(), holders.next()) {
                    (None, _) => false,
                    (Some(k), None) => now[k] == e || reached[k] == e,
                    _ => true,
                }
            })
    }
}

/// The indices of the bits set in both `a` and `b`.
fn bits<'a>(a: &'a [u64], b: &'a [u64]) -> impl Iterator<Item = usize> + 'a {
    a.iter().zip(b).enumerate().flat_map(|(i, (x, y))| {
        let mut w = x & y;
        std::iter::from_fn(move || {
            (w != 0).then(|| {
                let j = w.trailing_zeros() as usize;
                w &= w - 1;
                i * 64 + j
            })
        })
    })
}

impl Logic {
    /// At the root of a nested search with inner technique `inner`: what each candidate's
    /// assumption reaches by the inner technique's propagation, where that is the queue's
    /// (`None` elsewhere: every candidate is tried). These assumptions are not counted in the
    /// nested chains' budget of work, which counts every candidate the inner technique looks
    /// at, skipped or tried, so that a rating does not depend on how many are skipped.
    pub(super) fn inner_reach(&mut self, inner: super::nested::Inner) -> Option<Reach> {
        let (plus, nested) = (self.plus, self.nested.take());
        self.plus = inner == super::nested::Inner::PlusNets;
        let reach = self.quick_ready().then(|| {
            let root = self.position();
            let of = (0..root.len() * self.n)
                .map(|v| {
                    let (k, d) = (v / self.n, (v % self.n) as u8 + 1);
                    if self.value[k] != 0 || self.cand[k] & bit(d) == 0 {
                        return None;
                    }
                    let mut now = vec![0; root.len()];
                    if !self.quick_assume(k, d, Some(&mut now)) {
                        return None;
                    }
                    let touched = Touched::between(self, &root, &now);
                    Some((now, touched))
                })
                .collect();
            Reach { root, of, plus: self.plus }
        });
        self.plus = plus;
        self.nested = nested;
        reach
    }
}

#[cfg(test)]
mod tests {
    use super::super::logic::Logic;
    use sudoku_ip_model::Model;

    /// The rater's path through `line`, a `size`×`size` puzzle: at every position where the
    /// queue may run, without and with locked candidates, `f` gets the position, whether locked
    /// candidates are on, and the position's open candidates.
    fn each_queue_position(line: &str, size: usize, mut f: impl FnMut(&mut Logic, bool, Vec<(usize, u8)>)) {
        let puzzle = sudoku_ip_formats::parse_puzzle(line, &Default::default()).expect("puzzle");
        assert_eq!(puzzle.n(), size);
        let mut logic = Logic::new(&Model::build(&puzzle), true);
        while let Some(step) = logic.next_step() {
            for plus in [false, true] {
                logic.plus = plus;
                if logic.quick_ready() {
                    let open = logic.open_candidates();
                    f(&mut logic, plus, open);
                }
            }
            logic.plus = false;
            logic.take(&step);
        }
    }

    /// Every candidate of every position where the queue may run, assumed by the scan and by the
    /// queue, without and with locked candidates: the same position or the same contradiction.
    fn queue_agrees_with_scan(line: &str, size: usize) {
        let (mut positions, mut compared) = (0, 0);
        each_queue_position(line, size, |logic, plus, open| {
            positions += 1;
            for (k, d) in open {
                let before = logic.position();
                let (mut scan, mut queue) = (vec![0; before.len()], vec![0; before.len()]);
                let scan_holds = logic.possible(k, d, Some(&mut scan));
                let queue_holds = logic.quick_assume(k, d, Some(&mut queue));
                let at = format!("r{}c{} = {d}, plus {plus}", k / size + 1, k % size + 1);
                assert_eq!((scan_holds, scan), (queue_holds, queue), "{at}");
                assert_eq!(logic.position(), before, "the queue restores the position");
                compared += 1;
            }
        });
        assert!(positions >= 10 && compared >= 1_000, "{positions} positions, {compared} assumptions");
    }

    /// Every candidate of every stalled position of a forum puzzle and of the 16×16 example,
    /// with and without locked candidates: the candidates that `holds_marking` says contradict,
    /// in order, are those the scan finds contradicting, and many are not assumed at all.
    #[test]
    fn digits_an_assumption_places_are_not_tried_and_nothing_changes() {
        let lines = [
            ("12.3....435....1....4........54..2..6...7.........8.9...31..5.......9.7.....6...8", 9),
            (include_str!("../../../../examples/16x16.txt"), 16),
        ];
        for (line, size) in lines {
            let (mut marked, mut failed) = (0, 0);
            each_queue_position(line, size, |logic, plus, open| {
                let scan: Vec<(usize, u8)> =
                    open.iter().copied().filter(|&(k, d)| !logic.possible(k, d, None)).collect();
                logic.quick = true;
                let mut implied = logic.no_implied();
                let mut queue = Vec::new();
                for &(k, d) in &open {
                    let v = logic.var(k, d);
                    marked += usize::from(implied[v / 64] >> (v % 64) & 1 == 1);
                    if !logic.holds_marking(k, d, &mut implied) {
                        queue.push((k, d));
                    }
                }
                logic.quick = false;
                assert_eq!(queue, scan, "{size}×{size}, plus {plus}");
                failed += scan.len();
            });
            assert!(marked >= 100 && failed >= 10, "{size}×{size}: {marked} not assumed, {failed} contradicting");
        }
    }

    /// What each candidate reaches from one stalled position, held against every later one
    /// (narrower, stalled too): a candidate said not to contradict there does not.
    #[test]
    fn a_candidate_kept_apart_from_the_changes_does_not_contradict() {
        let line = "12.3....435....1....4........54..2..6...7.........8.9...31..5.......9.7.....6...8";
        let puzzle = sudoku_ip_formats::parse_puzzle(line, &Default::default()).expect("puzzle");
        let mut logic = Logic::new(&Model::build(&puzzle), true);
        let mut reach = None;
        let (mut apart, mut tried, mut contradicted) = (0, 0, 0);
        while let Some(step) = logic.next_step() {
            if logic.quick_ready() {
                let Some(root) = &reach else {
                    reach = logic.inner_reach(super::super::nested::Inner::Chains);
                    assert!(reach.is_some());
                    logic.take(&step);
                    continue;
                };
                let now = logic.position();
                let changed = root.changes(&logic, &now);
                for v in 0..now.len() * 9 {
                    let (k, d) = (v / 9, (v % 9) as u8 + 1);
                    if logic.value[k] != 0 || logic.cand[k] & super::super::bit(d) == 0 {
                        continue;
                    }
                    let fails = !logic.possible(k, d, None);
                    if root.apart(&logic, v, &now, &changed) {
                        assert!(!fails, "r{}c{} = {d} was kept apart but contradicts", k / 9 + 1, k % 9 + 1);
                        apart += 1;
                    } else {
                        tried += 1;
                        contradicted += usize::from(fails);
                    }
                }
            }
            logic.take(&step);
        }
        assert!(
            apart >= 100 && tried >= 100 && contradicted >= 5,
            "{apart} kept apart, {tried} tried, {contradicted} contradicted"
        );
    }

    #[test]
    fn the_queue_reaches_what_the_scan_reaches_on_a_hard_9x9() {
        // The forum's hardest list, as in `mod.rs`: forcing chains, nets and nested chains.
        queue_agrees_with_scan("12.3....435....1....4........54..2..6...7.........8.9...31..5.......9.7.....6...8", 9);
    }

    #[test]
    fn the_queue_reaches_what_the_scan_reaches_on_a_16x16() {
        queue_agrees_with_scan(include_str!("../../../../examples/16x16.txt"), 16);
    }
}

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

    /// [`Logic::assume`] without a trace, by the queue: the position reached, or `None` at a
    /// contradiction; the position is restored. Only where [`Logic::quick_ready`].
    pub(super) fn quick_assume(&mut self, k: usize, d: u8) -> Option<Vec<u64>> {
        let mut t = std::mem::take(&mut self.trail);
        t.queue.push((k as u32, d));
        let consistent = self.quick_singles(&mut t);
        let position = consistent.then(|| self.position());
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
        position
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

#[cfg(test)]
mod tests {
    use super::super::logic::Logic;
    use sudoku_ip_model::Model;

    /// Every candidate of every position where the queue may run, assumed by the scan and by the
    /// queue, without and with locked candidates: the same position or the same contradiction.
    fn queue_agrees_with_scan(line: &str, size: usize) {
        let puzzle = sudoku_ip_formats::parse_puzzle(line, &Default::default()).expect("puzzle");
        assert_eq!(puzzle.n(), size);
        let mut logic = Logic::new(&Model::build(&puzzle), true);
        let (mut positions, mut compared) = (0, 0);
        while let Some(step) = logic.next_step() {
            for plus in [false, true] {
                logic.plus = plus;
                if !logic.quick_ready() {
                    continue;
                }
                positions += 1;
                let open: Vec<(usize, u8)> = (0..logic.cand.len())
                    .filter(|&k| logic.value[k] == 0)
                    .flat_map(|k| super::digits(logic.cand[k]).map(move |d| (k, d)))
                    .collect();
                for (k, d) in open {
                    let before = logic.position();
                    let scan = logic.assume(k, d, None).ok();
                    let queue = logic.quick_assume(k, d);
                    assert_eq!(scan, queue, "r{}c{} = {d}, plus {plus}", k / size + 1, k % size + 1);
                    assert_eq!(logic.position(), before, "the queue restores the position");
                    compared += 1;
                }
            }
            logic.plus = false;
            logic.take(&step);
        }
        assert!(positions >= 10 && compared >= 1_000, "{positions} positions, {compared} assumptions");
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

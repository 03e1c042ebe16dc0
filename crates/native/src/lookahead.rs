//! Look-ahead branching (Satz's unit-propagation heuristic, Li & Anbulagan 1997, carried over
//! to exactly-one rows): before branching, each candidate variable of the narrowest open rows is
//! tried at 1 and at 0, propagated and undone. A side that fails fixes the variable the other
//! way at this node (a failed literal); otherwise the variable whose two sides fix the most
//! variables, weighted to their product (a variable that settles much either way), is branched
//! on.
//!
//! In an open row of two, `v = 0` is the other variable at 1: that side is tried once for both.
//!
//! The candidates are tried round and round: a failed literal is fixed where it is found, and
//! the look-ahead goes on with the next candidate, until every candidate has been tried since
//! the last failed literal. Starting over from the first candidate after each one tried each
//! candidate again for every failed literal: on `bicycle-race` (benches/variants) 36,929 trials
//! for 967 failed literals, against 23,726 round and round.
//!
//! A value that both sides of a candidate fix (`v = 1` and `v = 0` alike imply `u = 0`) holds at
//! this node too, and is fixed there (necessary assignments, as look-ahead SAT solvers do): the
//! first side stamps what it fixed, the second collects what it fixed the same way. Such a fix
//! does not send the look-ahead round again (the scores tried before it are kept; a candidate it
//! decided is not branched on): round again after each, `bicycle-race` took 25% more
//! instructions and a 16×16 X from the stress set 10% more. Together, against starting over:
//! `bicycle-race` 672M → 293M instructions, `i-want-to-break-free` (stress) 14.3G → 7.0G,
//! `generate --size 25 --minimal` seeds 2 and 4 0.76 and 0.73 of the CPU time (the same
//! puzzles).
//!
//! Exact: a failed side is refuted by propagation alone, so fixing the other side removes no
//! solution; the branching variable only orders the search.

use crate::engine::{Engine, ASSIGNED};

/// When a search looks ahead before it branches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LookAhead {
    /// Never: models with linear rows or line automata ([`LookAhead::for_model`]), and tests
    /// of what the restarts themselves do.
    Never,
    /// In restarted runs: the search's policy on models of exactly-one and at-most-one rows.
    Restarted,
    /// At every node (tests).
    #[cfg_attr(not(test), allow(dead_code))]
    Always,
}

impl LookAhead {
    /// The policy for a compiled model: [`LookAhead::Restarted`] when its rows are exactly-one
    /// and at-most-one rows alone, [`LookAhead::Never`] when it has linear rows or line
    /// automata. Look-ahead was measured on big plain grids (`generate --size 25 --minimal`:
    /// 79 s → 32 s), where a trial is a few kills. On variants each trial also wakes the sum
    /// rows, blocks and automata of every cell it touches: the 68 puzzles of
    /// `benches/variants/puzzles` took 17.5 s of CPU with it against 1.2 s without
    /// (`little-killer-slow` 11.9 s against 0.07 s, the killers 0.9 s against 0.14 s), and
    /// fewer candidates (8 instead of 64) sent `triple-digits` to 992,426 guesses.
    pub(crate) fn for_model(any_linear: bool, lines: usize) -> LookAhead {
        if any_linear || lines > 0 {
            LookAhead::Never
        } else {
            LookAhead::Restarted
        }
    }
}

/// Satz's score of a variable whose two sides fixed `one` and `zero` variables.
fn score(one: u64, zero: u64) -> u64 {
    one * zero * 1024 + one + zero
}

impl Engine {
    /// Look ahead on up to `max` candidates. `Err` when the node fails (both sides of some
    /// candidate fail); `Ok(None)` when there is no candidate (no open row of eight variables
    /// or fewer): the caller then branches by dom/wdeg.
    pub(crate) fn lookahead(&mut self, max: usize) -> Result<Option<u32>, ()> {
        let mut candidates = std::mem::take(&mut self.la_candidates);
        let result = self.lookahead_with(max, &mut candidates);
        self.la_candidates = candidates;
        result
    }

    fn lookahead_with(&mut self, max: usize, candidates: &mut Vec<u32>) -> Result<Option<u32>, ()> {
        if self.open_len == 0 {
            return Ok(None);
        }
        self.narrow_candidates(max, candidates);
        let n = candidates.len();
        // Sides tried since the last fix, as (variable, value 1 holds, variables it fixed).
        let mut ones: Vec<(u32, bool, u64)> = Vec::new();
        // Each candidate's score as last tried, `None` for one fixed since.
        let mut scores: Vec<Option<u64>> = vec![None; n];
        // Round and round the candidates until every one has been tried since the last failed
        // literal was fixed (scores taken before a value both sides fix are kept).
        let (mut i, mut clean) = (0, 0);
        let mut implied: Vec<u32> = Vec::new();
        while clean < n {
            let v = candidates[i];
            scores[i] = None;
            clean += 1;
            if self.is_live(v) && !self.is_one(v) {
                let tried = |ones: &[(u32, bool, u64)], u: u32| ones.iter().find(|e| e.0 == u).map(|e| (e.1, e.2));
                // Both sides tried here: what the first fixed is stamped, and what the second
                // fixes the same way is fixed at this node (it holds either way).
                let known = tried(&ones, v);
                let fresh = known.is_none();
                let (one, fixed_one) = known.unwrap_or_else(|| {
                    let r = self.trial_stamped(v, true, None);
                    ones.push((v, r.0, r.1));
                    r
                });
                // In an open row of two, `v = 0` is its partner at 1: tried once for both.
                let partner = self.binary_partner(v);
                let cached = partner.and_then(|w| tried(&ones, w));
                implied.clear();
                let (zero, fixed_zero) = cached.unwrap_or_else(|| {
                    let r = match partner {
                        Some(w) => self.trial_stamped(w, true, fresh.then_some(&mut implied)),
                        None => self.trial_stamped(v, false, fresh.then_some(&mut implied)),
                    };
                    if let Some(w) = partner {
                        ones.push((w, r.0, r.1));
                    }
                    r
                });
                match (one, zero) {
                    (false, false) => return Err(()),
                    (false, true) | (true, false) => {
                        // A failed literal: the other side holds at this node, and every other
                        // candidate is tried again from the new state.
                        self.la_failed += 1;
                        if !self.try_fix(v, one) {
                            return Err(());
                        }
                        ones.clear();
                        clean = 1;
                    }
                    (true, true) => {
                        if !implied.is_empty() {
                            // Necessary values: fixed at this node; the scores taken so far
                            // are kept (going round again for them cost more than it saved).
                            self.la_implied += implied.len() as u64;
                            if !self.fix_all(&implied) {
                                return Err(());
                            }
                            ones.clear();
                        }
                        scores[i] = Some(score(fixed_one, fixed_zero));
                    }
                }
            }
            i = (i + 1) % n;
        }
        let mut best: Option<(u64, u32)> = None;
        for (&v, &s) in candidates.iter().zip(&scores) {
            // A value both sides of a later candidate fixed may have decided it since.
            if !self.is_live(v) || self.is_one(v) {
                continue;
            }
            if let Some(s) = s.filter(|&s| best.is_none_or(|(b, _)| s > b)) {
                best = Some((s, v));
            }
        }
        Ok(best.map(|(_, v)| v))
    }

    /// Fix `v` to `value`, propagate and undo: whether it held, and how many variables it fixed.
    /// Without `implied`, it stamps the values it fixed as a new side; with it, the values it
    /// fixed that the last side fixed the same way go there (when it held).
    fn trial_stamped(&mut self, v: u32, value: bool, implied: Option<&mut Vec<u32>>) -> (bool, u64) {
        let mark = self.trail.len();
        let held = self.try_fix(v, value);
        let fixed = (self.trail.len() - mark) as u64;
        if held {
            let key = |e: u32| if e & ASSIGNED != 0 { 2 * (e & !ASSIGNED) as usize + 1 } else { 2 * e as usize };
            match implied {
                None => {
                    self.la_side = self.la_side.wrapping_add(1);
                    if self.la_side == 0 {
                        self.la_stamp.fill(0);
                        self.la_side = 1;
                    }
                    self.la_stamp.resize(2 * self.num_vars(), 0);
                    for &e in &self.trail[mark..] {
                        self.la_stamp[key(e)] = self.la_side;
                    }
                }
                Some(out) => {
                    let side = self.la_side;
                    out.extend(self.trail[mark..].iter().filter(|&&e| self.la_stamp.get(key(e)) == Some(&side)));
                }
            }
        }
        self.undo(mark);
        (held, fixed)
    }

    /// Fix every value of `lits` (trail entries) and propagate; false on a conflict.
    fn fix_all(&mut self, lits: &[u32]) -> bool {
        for &e in lits {
            let fixed = if e & ASSIGNED != 0 { self.assign(e & !ASSIGNED, None) } else { self.kill(e, None) };
            if fixed.is_err() {
                self.clear_queues();
                return false;
            }
        }
        // `propagate` empties the queues on a conflict.
        self.propagate().is_ok()
    }

    /// The other live variable of an open exactly-one row of two that holds `v`: there `v = 0`
    /// forces it to 1, so a failure of that side is a failure of `v = 0`.
    fn binary_partner(&self, v: u32) -> Option<u32> {
        self.c
            .incidences(v)
            .map(|k| self.c.inc[k].row as usize)
            .find(|&r| self.rows[r].count == 2)
            .map(|r| self.rows[r].xsum ^ v)
    }

    /// The live variables of the open rows with the fewest live variables, up to about `max`.
    /// Rows wider than eight are never looked at: on wide-open grids every candidate fixes
    /// little either way, and branching stays with dom/wdeg (`Engine::next_step`).
    fn narrow_candidates(&self, max: usize, out: &mut Vec<u32>) {
        out.clear();
        let mut hist = [0usize; 9];
        for &r in &self.open[..self.open_len] {
            let c = self.rows[r as usize].count as usize;
            hist[c.min(8)] += c;
        }
        let mut limit = 8;
        let mut total = 0;
        for (c, &vars) in hist.iter().enumerate().skip(2) {
            total += vars;
            if total >= max {
                limit = c;
                break;
            }
        }
        for &r in &self.open[..self.open_len] {
            let r = r as usize;
            if self.rows[r].count as usize > limit {
                continue;
            }
            let mut j = 0;
            while let Some(v) = self.nth_live(r, j) {
                if !out.contains(&v) {
                    out.push(v);
                }
                j += 1;
                if j >= self.rows[r].count {
                    break;
                }
            }
            if out.len() >= max {
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! Look-ahead only orders the search and fixes what propagation refutes: every count must
    //! match the naive reference, from the root on and with restarts.

    use std::time::Instant;

    use sudoku_ip_model::Cancel;

    use super::LookAhead;
    use crate::engine::Engine;
    use crate::reference;
    use crate::search::common::{add_random_differences, full_grid, model, remove_cells, Rng};
    use crate::search::{End, Goal};

    #[test]
    fn look_ahead_keeps_every_count_exact() {
        let mut rng = Rng(34);
        let (mut fixed_by_failed, mut implied) = (0, 0);
        for (br, bc, holes) in [(2, 2, 10), (2, 2, 14), (2, 3, 18), (2, 3, 24), (3, 2, 26)] {
            for _ in 0..16 {
                let solution = full_grid(&mut rng, br, bc);
                let mut m = model(br, bc, &remove_cells(&mut rng, &solution, holes));
                // Random pairs of cells that must differ: dead ends that plain propagation
                // walks into and a look-ahead sees.
                add_random_differences(&mut rng, &mut m, br * bc);
                let expected = reference::solutions(&m, 20_000);
                assert!(expected.complete);
                for (max, restart) in [(u64::MAX, None), (1, Some((1, 1))), (2, Some((2, 1)))] {
                    for policy in [LookAhead::Restarted, LookAhead::Always] {
                        let mut engine = Engine::new(&m);
                        engine.lookahead = policy;
                        let goal = Goal { max_solutions: max, keep: 0, stop: Cancel::default(), nodes: None, restart };
                        let got = engine.search(&goal, Instant::now());
                        assert_eq!(got.count, expected.count.min(max), "{br}x{bc}, {holes} holes, {policy:?}");
                        let end = if expected.count >= max { End::ReachedMax } else { End::Exhausted };
                        assert_eq!(got.end, end);
                        fixed_by_failed += engine.la_failed;
                        implied += engine.la_implied;
                    }
                }
            }
        }
        // 9 when written: a count broken by a wrong fix would fail the asserts above.
        assert!(fixed_by_failed >= 5, "failed literals must show ({fixed_by_failed})");
        assert!(implied >= 5, "values both sides fix must show ({implied})");
    }

    /// The branch a look-ahead returns is a live, open candidate. When no value was fixed for
    /// both sides of a candidate, the round of failed literals is the state's own: no candidate
    /// fails either way in the state it leaves (every failed literal found is fixed, and the
    /// candidates tried before a fix are tried again after it), and the branch has the best
    /// score there, the first of the best in candidate order. A look-ahead that kept a score
    /// from before a failed literal, or stopped going round after one, fails this.
    #[test]
    fn the_branch_is_the_best_in_the_state_the_look_ahead_leaves() {
        let mut rng = Rng(52);
        let (mut checked, mut fixed, mut implied) = (0, 0, 0);
        for (br, bc, holes) in [(2, 3, 22), (2, 3, 26), (3, 2, 28), (3, 3, 60)] {
            for _ in 0..12 {
                let solution = full_grid(&mut rng, br, bc);
                let mut m = model(br, bc, &remove_cells(&mut rng, &solution, holes));
                add_random_differences(&mut rng, &mut m, br * bc);
                let mut engine = Engine::new(&m);
                if engine.root().is_err() {
                    continue;
                }
                let Ok(Some(v)) = engine.lookahead(64) else { continue };
                fixed += engine.la_failed;
                let candidates = engine.la_candidates.clone();
                assert!(candidates.contains(&v) && engine.is_live(v) && !engine.is_one(v), "{br}x{bc}: branch {v}");
                if engine.la_implied > 0 {
                    implied += 1;
                    continue;
                }
                let mut best: Option<(u64, u32)> = None;
                for &u in &candidates {
                    if !engine.is_live(u) || engine.is_one(u) {
                        continue;
                    }
                    let (one, fixed_one) = engine.trial_stamped(u, true, None);
                    let (zero, fixed_zero) = match engine.binary_partner(u) {
                        Some(w) => engine.trial_stamped(w, true, None),
                        None => engine.trial_stamped(u, false, None),
                    };
                    assert!(one && zero, "{br}x{bc}: candidate {u} fails a side after the look-ahead");
                    let s = super::score(fixed_one, fixed_zero);
                    if best.is_none_or(|(b, _)| s > b) {
                        best = Some((s, u));
                    }
                }
                assert_eq!(best.map(|(_, u)| u), Some(v), "{br}x{bc}: not the best branch of the state");
                checked += 1;
            }
        }
        assert!(checked >= 20, "too few look-aheads branched without values implied ({checked}, {implied} with)");
        assert!(fixed >= 3, "failed literals must show ({fixed})");
    }
}

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
//! the last fix (so every score is the final state's). Starting over from the first candidate
//! after each fix tried each candidate again for every failed literal: on `bicycle-race`
//! (benches/variants) 36,929 trials for 967 failed literals, against 23,726 now; 31% fewer
//! instructions there, 37% on `i-want-to-break-free` (benches/variants/stress).
//!
//! Exact: a failed side is refuted by propagation alone, so fixing the other side removes no
//! solution; the branching variable only orders the search.

use crate::engine::Engine;

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
        // literal was fixed: then every score is the state's own.
        let (mut i, mut clean) = (0, 0);
        while clean < n {
            let v = candidates[i];
            scores[i] = None;
            clean += 1;
            if self.is_live(v) && !self.is_one(v) {
                let tried = |ones: &[(u32, bool, u64)], u: u32| ones.iter().find(|e| e.0 == u).map(|e| (e.1, e.2));
                let (one, fixed_one) = tried(&ones, v).unwrap_or_else(|| {
                    let r = self.trial(v, true);
                    ones.push((v, r.0, r.1));
                    r
                });
                // In an open row of two, `v = 0` is its partner at 1: tried once for both.
                let partner = self.binary_partner(v);
                let (zero, fixed_zero) = partner.and_then(|w| tried(&ones, w)).unwrap_or_else(|| {
                    let r = self.trial(v, false);
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
                    (true, true) => scores[i] = Some(score(fixed_one, fixed_zero)),
                }
            }
            i = (i + 1) % n.max(1);
        }
        let mut best: Option<(u64, u32)> = None;
        for (&v, &s) in candidates.iter().zip(&scores) {
            if let Some(s) = s.filter(|&s| best.is_none_or(|(b, _)| s > b)) {
                best = Some((s, v));
            }
        }
        Ok(best.map(|(_, v)| v))
    }

    /// Fix `v` to `value`, propagate and undo: whether it held, and how many variables it fixed.
    fn trial(&mut self, v: u32, value: bool) -> (bool, u64) {
        let mark = self.trail.len();
        let held = self.try_fix(v, value);
        let fixed = (self.trail.len() - mark) as u64;
        self.undo(mark);
        (held, fixed)
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
        let mut fixed_by_failed = 0;
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
                    }
                }
            }
        }
        // 9 when written: a count broken by a wrong fix would fail the asserts above.
        assert!(fixed_by_failed >= 5, "failed literals must show ({fixed_by_failed})");
    }

    /// What a look-ahead returns is the state's own: no candidate fails either way in the
    /// state it leaves (every failed literal found is fixed, and the candidates tried before a
    /// fix are tried again after it), and the variable returned has the best score there, the
    /// first of the best in candidate order. A look-ahead that kept a score from before a fix,
    /// or stopped going round after one, fails this.
    #[test]
    fn the_branch_is_the_best_in_the_state_the_look_ahead_leaves() {
        let mut rng = Rng(52);
        let (mut checked, mut fixed) = (0, 0);
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
                let mut best: Option<(u64, u32)> = None;
                for &u in &candidates {
                    if !engine.is_live(u) || engine.is_one(u) {
                        continue;
                    }
                    let (one, fixed_one) = engine.trial(u, true);
                    let (zero, fixed_zero) = match engine.binary_partner(u) {
                        Some(w) => engine.trial(w, true),
                        None => engine.trial(u, false),
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
        assert!(checked >= 20, "too few look-aheads branched ({checked})");
        assert!(fixed >= 3, "failed literals must show ({fixed})");
    }
}

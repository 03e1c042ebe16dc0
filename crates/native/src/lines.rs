//! Line automata (the model's `LineAutomaton`s), propagated to domain consistency: every digit
//! left in a cell of the line lies on some path of the automaton from the start to an
//! accepting state through the digits still live in the line's cells.
//!
//! ```text
//!  layer i = before cell i (0..=L); each layer a bitset over the automaton's states
//!  F_0 = {start}          F_{i+1} = { next(s, d) : s ∈ F_i, d live in cell i }
//!  B_L = F_L ∩ accepting  B_i     = { s ∈ F_i : next(s, d) ∈ B_{i+1} for some live d }
//!  d is kept in cell i  iff  next(s, d) ∈ B_{i+1} for some s ∈ B_i;   B_L = ∅ is a conflict
//! ```
//!
//! Like linear rows, an automaton keeps no search state: it is woken (queued) when one of its
//! variables is killed, and recomputed from the live bitsets, so undoing the trail undoes it.
//! A conflict weighs on no row in dom/wdeg (see `Engine::try_fix`).
//!
//! **Replaced rows.** With `drop_replaced`, the rows an automaton replaces
//! (`LineAutomaton::replaces_rows`) and those that mention an auxiliary variable it replaces
//! (`LineAutomaton::replaces`) are not compiled, and those variables are fixed to 0 at the
//! root: the automaton says on the grid what the rows said, so the grids found are the same.
//! Presolve and probing never drop them (MILP solvers get their values).

use sudoku_ip_model::automaton::NO_STATE;
use sudoku_ip_model::Model;

/// One compiled automaton.
#[derive(Debug, Default)]
pub(crate) struct Line {
    /// Digits per cell.
    pub n: usize,
    /// Cells of the line.
    pub len: usize,
    /// Words of a layer's state bitset.
    pub words: usize,
    /// `vars[i·n + d − 1]`: the variable of digit `d` in cell `i`.
    pub vars: Vec<u32>,
    /// `next[s·n + d − 1]` as in the model.
    pub next: Vec<u32>,
    /// Per state, the digits that lead somewhere from it (bit `d − 1`): the passes read only
    /// those (a zipper line's state "total 10, first digit 3" has one).
    pub leads: Vec<u64>,
    /// Accepting states, as a bitset.
    pub accepting: Vec<u64>,
    /// Per layer (`0..=len`), the states some path from the start to an accepting state
    /// passes through there whatever the cells hold: the forward pass keeps to them, so dead
    /// ends (a skyscraper line whose tallest building came too early) are never expanded.
    pub useful: Vec<u64>,
    /// Accepting states that every digit leads back to (a skyscraper line whose count is
    /// met by its tallest building, an X-sum past its first `X` cells): once the forward pass
    /// reaches only these, the rest of the line keeps every live digit and is not expanded.
    pub free: Vec<u64>,
}

/// Every automaton of a model and the automata of each variable.
#[derive(Debug, Default)]
pub(crate) struct Lines {
    pub lines: Vec<Line>,
    /// Automata of variable `v`: `of_var[var_start[v]..var_start[v + 1]]`.
    pub var_start: Vec<u32>,
    pub of_var: Vec<u32>,
    /// Auxiliary variables whose rows were left out (fixed to 0 at the root).
    pub dropped: Vec<u32>,
}

impl Lines {
    /// Compile the model's automata.
    pub(crate) fn compile(model: &Model, drop_replaced: bool) -> Lines {
        let num_vars = model.num_vars();
        let mut lines = Vec::new();
        let mut dropped = Vec::new();
        for a in model.automata() {
            let n = a.n();
            if n != model.n() || n > 64 || a.cells.iter().any(|c| c.row as usize >= n || c.col as usize >= n) {
                // Not over this model's cube: an empty line that accepts (conflicts name
                // automata by their index in the model).
                lines.push(Line { n, words: 1, accepting: vec![1], useful: vec![1], free: vec![0], ..Line::default() });
                continue;
            }
            let vars: Vec<u32> = a.cells.iter().flat_map(|&c| (1..=n).map(move |d| model.var(c, d))).collect();
            let states = a.states();
            let words = states.div_ceil(64);
            let next: Vec<u32> = (0..states as u32).flat_map(|s| (1..=n).map(move |d| a.next(s, d))).collect();
            let leads = next
                .chunks(n)
                .map(|row| row.iter().enumerate().filter(|&(_, &t)| t != NO_STATE).fold(0u64, |m, (d, _)| m | 1 << d))
                .collect();
            let mut accepting = vec![0u64; words];
            for s in (0..states).filter(|&s| a.is_accepting(s as u32)) {
                accepting[s / 64] |= 1 << (s % 64);
            }
            let mut free = vec![0u64; words];
            for s in 0..states {
                if a.is_accepting(s as u32) && (1..=n).all(|d| a.next(s as u32, d) == s as u32) {
                    free[s / 64] |= 1 << (s % 64);
                }
            }
            let mut line =
                Line { n, len: a.cells.len(), words, vars, next, leads, accepting, useful: Vec::new(), free };
            line.useful = vec![u64::MAX; (line.len + 1) * words];
            let mut scratch = Scratch::default();
            // Every digit live: the passes leave the useful states in `bwd`.
            if line.passes(&mut scratch, |_| true, false) {
                line.useful = scratch.bwd;
            } else {
                line.useful = vec![0; (line.len + 1) * words];
            }
            lines.push(line);
            if drop_replaced {
                dropped.extend(a.replaces.iter().copied().filter(|&v| (v as usize) < num_vars));
            }
        }
        dropped.sort_unstable();
        dropped.dedup();
        let mut var_start = vec![0u32; num_vars + 1];
        for line in &lines {
            for &v in &line.vars {
                var_start[v as usize + 1] += 1;
            }
        }
        for v in 0..num_vars {
            var_start[v + 1] += var_start[v];
        }
        let mut fill = var_start.clone();
        let mut of_var = vec![0u32; var_start[num_vars] as usize];
        for (k, line) in lines.iter().enumerate() {
            for &v in &line.vars {
                of_var[fill[v as usize] as usize] = k as u32;
                fill[v as usize] += 1;
            }
        }
        Lines { lines, var_start, of_var, dropped }
    }

    /// The automata variable `v` is read by.
    #[inline]
    pub(crate) fn of(&self, v: u32) -> &[u32] {
        &self.of_var[self.var_start[v as usize] as usize..self.var_start[v as usize + 1] as usize]
    }

    /// Whether there is any automaton.
    pub(crate) fn any(&self) -> bool {
        !self.lines.is_empty()
    }
}

/// Scratch of one pass: the layers' forward and backward state sets, and each cell's live
/// and supported digits.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    fwd: Vec<u64>,
    bwd: Vec<u64>,
    pub live: Vec<u64>,
    pub keep: Vec<u64>,
    /// One layer's states, built by the backward pass of [`Line::supported_from`].
    layer: Vec<u64>,
}

/// What one line's last successful pass left, for [`Line::supported_from`]: each cell's digits
/// after the line's own kills (its supported ones) and the layers' states on accepting paths
/// (`B` in the module's notation), exact for those digits.
#[derive(Debug, Default)]
pub(crate) struct Memo {
    valid: bool,
    /// The last call left it as it was (nothing lost since).
    pub same: bool,
    live: Vec<u64>,
    on_path: Vec<u64>,
}

impl Memo {
    /// Forget the last pass (after a conflict).
    pub(crate) fn clear(&mut self) {
        self.valid = false;
    }

    /// Whether it holds a pass (one worth keeping for an undo).
    pub(crate) fn is_valid(&self) -> bool {
        self.valid
    }

    /// Become a copy of `other`, in this memo's own buffers.
    pub(crate) fn copy_from(&mut self, other: &Memo) {
        self.valid = other.valid;
        self.live.clone_from(&other.live);
        self.on_path.clone_from(&other.on_path);
    }
}

impl Line {
    /// [`Line::supported`], from what the last call left in `memo` when every cell's live
    /// digits are still among those it left (only kills since; an undo shows as a cell with
    /// more, and takes the whole passes again unless the caller gave back the memo of the
    /// position it returned to, as the engine does). The result is exactly the whole passes'.
    ///
    /// Let cells `lo..=hi` be those that lost digits since, and `B` the memo's layers. The
    /// states on accepting paths can only shrink, so the forward pass keeps to them: `X_lo =
    /// B_lo` (no earlier cell changed), `X_{i+1} = next(X_i, live_i) ∩ B_{i+1}`, and once past
    /// `hi` a layer equal to `B` stays equal to the end (the cells past it are unchanged, and
    /// `B` reached itself through them). Every `X_i` holds the new `B_i`, and its other states
    /// lead nowhere, so the backward pass over `X` gives the new `B` exactly; it starts where
    /// the forward pass met `B` again and stops below `lo` where it meets `B` too. A cell
    /// outside the layers recomputed keeps every live digit, as it did.
    pub(crate) fn supported_from(&self, memo: &mut Memo, scratch: &mut Scratch, live: impl Fn(u32) -> bool) -> bool {
        let (len, words) = (self.len, self.words);
        memo.same = false;
        let held = if memo.valid {
            self.live_digits(scratch, &live);
            let now = &scratch.live;
            // An undo gives a cell digits back: the memo's layers say nothing then.
            if now.iter().zip(&memo.live).all(|(a, b)| a & !b == 0) {
                let changed = |i: &usize| now[*i] != memo.live[*i];
                match ((0..len).find(changed), (0..len).rev().find(changed)) {
                    (Some(lo), Some(hi)) => Some(self.narrow(memo, scratch, lo, hi)),
                    _ => {
                        scratch.keep.clone_from(&scratch.live);
                        memo.same = true;
                        return true;
                    }
                }
            } else {
                None
            }
        } else {
            None
        };
        let held = held.unwrap_or_else(|| {
            let ok = self.passes(scratch, &live, true);
            if ok {
                memo.on_path.clone_from(&scratch.bwd);
            }
            ok
        });
        memo.valid = held && self.free.iter().all(|&w| w == 0) && memo.on_path.len() == (len + 1) * words;
        if memo.valid {
            memo.live.clone_from(&scratch.keep);
        }
        held
    }

    /// Each cell's live digits into `scratch.live` (bit `d − 1`).
    fn live_digits(&self, scratch: &mut Scratch, live: impl Fn(u32) -> bool) {
        scratch.live.clear();
        for cell in self.vars.chunks(self.n) {
            let mut m = 0u64;
            for (d, &v) in cell.iter().enumerate() {
                if live(v) {
                    m |= 1 << d;
                }
            }
            scratch.live.push(m);
        }
    }

    /// Each state `s` of one layer's bitset `src`, in order, with its row of next states and
    /// the digits of `live` that lead somewhere from it.
    #[inline(always)]
    fn each_state(&self, src: &[u64], live: u64, mut f: impl FnMut(usize, &[u32], u64)) {
        let n = self.n;
        for (w, &word) in src.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let s = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                f(s, &self.next[s * n..(s + 1) * n], live & self.leads[s]);
            }
        }
    }

    /// One cell forward: `dst ∪= { next(s, d) : s ∈ src, d ∈ live }`.
    #[inline(always)]
    fn step(&self, src: &[u64], live: u64, dst: &mut [u64]) {
        self.each_state(src, live, |_, row, mut ds| {
            while ds != 0 {
                let t = row[ds.trailing_zeros() as usize];
                ds &= ds - 1;
                dst[t as usize / 64] |= 1 << (t % 64);
            }
        });
    }

    /// One cell backward: the states of `src` that a digit of `live` leads into `goal` go into
    /// `dst` (`|=`); returns those digits.
    #[inline(always)]
    fn step_back(&self, src: &[u64], live: u64, goal: &[u64], dst: &mut [u64]) -> u64 {
        let mut kept = 0u64;
        self.each_state(src, live, |s, row, mut ds| {
            let mut on = false;
            while ds != 0 {
                let d = ds.trailing_zeros() as usize;
                ds &= ds - 1;
                let t = row[d];
                if goal[t as usize / 64] >> (t % 64) & 1 != 0 {
                    kept |= 1 << d;
                    on = true;
                }
            }
            if on {
                dst[s / 64] |= 1 << (s % 64);
            }
        });
        kept
    }

    /// The passes of [`Line::supported_from`] over cells `lo..=hi` changed since `memo`, which
    /// they bring up to date (`memo.on_path`; the caller sets `memo.live`); `scratch.live`
    /// holds the cells' live digits.
    fn narrow(&self, memo: &mut Memo, scratch: &mut Scratch, lo: usize, hi: usize) -> bool {
        let (len, words) = (self.len, self.words);
        let Scratch { fwd, live: live_digits, keep, layer, .. } = scratch;
        let b = &mut memo.on_path;
        layer.resize(words, 0);
        fwd.clear();
        fwd.resize((len + 1) * words, 0);
        fwd[lo * words..(lo + 1) * words].copy_from_slice(&b[lo * words..(lo + 1) * words]);
        // The first layer past `hi` where the forward pass meets the memo's states again.
        let mut stop = len;
        for i in lo..len {
            let (before, after) = fwd.split_at_mut((i + 1) * words);
            let (src, dst) = (&before[i * words..], &mut after[..words]);
            self.step(src, live_digits[i], dst);
            let old = &b[(i + 1) * words..(i + 2) * words];
            let (mut any, mut same) = (false, true);
            for (word, &o) in dst.iter_mut().zip(old) {
                *word &= o;
                any |= *word != 0;
                same &= *word == o;
            }
            if !any {
                return false;
            }
            if same && i >= hi {
                stop = i + 1;
                break;
            }
        }
        // Layer `stop` is exact: the memo's where the pass met it, else the last layer (whose
        // states are all accepting, being the memo's ones).
        b[stop * words..(stop + 1) * words].copy_from_slice(&fwd[stop * words..(stop + 1) * words]);
        keep.clear();
        keep.extend_from_slice(live_digits);
        for i in (0..stop).rev() {
            let (before, after) = b.split_at_mut((i + 1) * words);
            let (dst, goal) = (&mut before[i * words..], &after[..words]);
            let src = if i >= lo { &fwd[i * words..(i + 1) * words] } else { &*dst };
            layer.fill(0);
            keep[i] = self.step_back(src, live_digits[i], goal, layer);
            let same = layer.iter().zip(dst.iter()).all(|(a, b)| a == b);
            dst.copy_from_slice(layer);
            if same && i <= lo {
                break;
            }
        }
        true
    }

    /// The forward and backward passes over the digits `live(var)` allows: fills
    /// `scratch.keep` with each cell's digits on an accepting path (bit `d − 1`) and
    /// `scratch.live` with its live ones; false when no accepting path is left.
    #[cfg(any(test, debug_assertions))]
    pub(crate) fn supported(&self, scratch: &mut Scratch, live: impl Fn(u32) -> bool) -> bool {
        self.passes(scratch, live, true)
    }

    /// [`Line::supported`]; with `cut`, the forward pass stops at the first layer whose
    /// states are all free (then `bwd` is left empty past it).
    fn passes(&self, scratch: &mut Scratch, live: impl Fn(u32) -> bool, cut: bool) -> bool {
        let (len, words) = (self.len, self.words);
        self.live_digits(scratch, live);
        let Scratch { fwd, bwd, live: live_digits, keep, .. } = scratch;
        keep.clear();
        keep.resize(len, 0);
        fwd.clear();
        fwd.resize((len + 1) * words, 0);
        fwd[0] = 1;
        let mut end = len;
        for i in 0..len {
            let (before, after) = fwd.split_at_mut((i + 1) * words);
            let (src, dst) = (&before[i * words..], &mut after[..words]);
            self.step(src, live_digits[i], dst);
            let (mut any, mut all_free) = (false, true);
            for (w, word) in dst.iter_mut().enumerate() {
                *word &= self.useful[(i + 1) * words + w];
                any |= *word != 0;
                all_free &= *word & !self.free[w] == 0;
            }
            if !any {
                return false;
            }
            if cut && all_free {
                end = i + 1;
                break;
            }
        }
        // Past `end` every state is free: every live digit is kept (a cell with none left
        // has no path).
        for i in end..len {
            if live_digits[i] == 0 {
                return false;
            }
            keep[i] = live_digits[i];
        }
        bwd.clear();
        bwd.resize((len + 1) * words, 0);
        let mut any = false;
        for w in 0..words {
            bwd[end * words + w] = fwd[end * words + w] & self.accepting[w];
            any |= bwd[end * words + w] != 0;
        }
        if !any {
            return false;
        }
        for i in (0..end).rev() {
            let (before, after) = bwd.split_at_mut((i + 1) * words);
            let (dst, goal) = (&mut before[i * words..], &after[..words]);
            keep[i] = self.step_back(&fwd[i * words..(i + 1) * words], live_digits[i], goal, dst);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_ip_model::{Cell, Geometry, LineAutomaton, Puzzle};

    /// A 4×4 model with one automaton over row 1: "the digits climb" (state: last digit).
    fn climbing() -> (Model, Lines) {
        let mut m = Model::build(&Puzzle::blank(Geometry::new(4, None).expect("4x4")));
        let cells: Vec<Cell> = (0..3).map(|c| Cell::new(0, c)).collect();
        let a = LineAutomaton::from_fn("climb".into(), cells, 4, 0usize, |&s, d| (d > s).then_some(d), |_| true, 99);
        m.push_automaton(a.expect("small"));
        let lines = Lines::compile(&m, false);
        (m, lines)
    }

    /// A 6×6 model with one automaton over row 1: "the digits sum to 20" (state: the sum so
    /// far, which many digits reach: a cell can lose a digit and its layer keep its states).
    fn summing() -> (Model, Lines) {
        let mut m = Model::build(&Puzzle::blank(Geometry::new(6, None).expect("6x6")));
        let cells: Vec<Cell> = (0..6).map(|c| Cell::new(0, c)).collect();
        let next = |&sum: &usize, d: usize| (sum + d <= 20).then_some(sum + d);
        let a = LineAutomaton::from_fn("sum".into(), cells, 6, 0usize, next, |&sum| sum == 20, 999);
        m.push_automaton(a.expect("small"));
        let lines = Lines::compile(&m, false);
        (m, lines)
    }

    proptest::proptest! {
        /// The memo's passes give exactly what the whole passes give, along random searches:
        /// kills (the line's own kills applied after each pass, as the engine does) and undos
        /// back to an earlier position (which give digits back).
        #[test]
        fn the_memo_gives_what_the_whole_passes_give(
            steps in proptest::collection::vec((0u8..4, proptest::collection::vec(0usize..64, 1..4)), 1..40),
        ) {
            for (model, lines) in [climbing(), summing()] {
                let line = &lines.lines[0];
                let mut live = vec![true; model.num_vars()];
                let mut saved: Vec<Vec<bool>> = Vec::new();
                let (mut memo, mut a, mut b) = (Memo::default(), Scratch::default(), Scratch::default());
                for (kind, picks) in &steps {
                    if *kind == 0 && !saved.is_empty() {
                        live = saved[picks[0] % saved.len()].clone();
                    } else {
                        saved.push(live.clone());
                        for &p in picks {
                            live[line.vars[p % line.vars.len()] as usize] = false;
                        }
                    }
                    let held = line.supported_from(&mut memo, &mut a, |v| live[v as usize]);
                    proptest::prop_assert_eq!(held, line.supported(&mut b, |v| live[v as usize]));
                    if !held {
                        memo.clear();
                        continue;
                    }
                    proptest::prop_assert_eq!(&a.keep, &b.keep);
                    for (i, cell) in line.vars.chunks(line.n).enumerate() {
                        for (d, &v) in cell.iter().enumerate() {
                            live[v as usize] &= a.keep[i] >> d & 1 == 1;
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn three_climbing_cells_of_four_digits_keep_what_a_climb_allows() {
        let (m, lines) = climbing();
        let mut s = Scratch::default();
        assert!(lines.lines[0].supported(&mut s, |_| true));
        // c1 ∈ {1, 2}, c2 ∈ {2, 3}, c3 ∈ {3, 4}.
        assert_eq!(s.keep, vec![0b0011, 0b0110, 0b1100]);
        // Without a 3 in c2: c2 = 2, so c1 = 1.
        let no3 = m.var(Cell::new(0, 1), 3);
        assert!(lines.lines[0].supported(&mut s, |v| v != no3));
        assert_eq!(s.keep, vec![0b0001, 0b0010, 0b1100]);
        // The passes read only the digits that lead on: after a 2, a 3 or a 4; after a 4,
        // nothing; from the start, every digit.
        let line = &lines.lines[0];
        let after = |d: usize| line.next[d - 1] as usize;
        assert_eq!((line.leads[0], line.leads[after(2)], line.leads[after(4)]), (0b1111, 0b1100, 0));
        // A 4 first leaves no climb.
        assert!(!lines.lines[0].supported(&mut s, |v| m.cell_digit(v).is_none_or(|(k, d)| k != 0 || d == 4)));
    }
}

//! Depth-first search over the engine's fixed points.
//!
//! Binary branching: in the undecided exactly-one row with the fewest live variables relative
//! to the conflicts it has caused (dom/wdeg, [`Engine::best_row`]), try its first live variable
//! (on models with at-most-one rows: its least constraining one) at 1; when that subtree is done, fix it to 0 and carry on from the new
//! fixed point (later siblings profit from the refutation, and the branching row may change).
//! Every change goes on the trail; backtracking replays it backwards. The frame stack and the
//! trail are allocated once, so the loop never allocates except to keep a solution.
//!
//! A search for few solutions that runs into more than [`FIRST_RUN`] conflicts restarts from
//! the root with growing budgets and a random value order, keeping its dom/wdeg weights and
//! every grid found so far, so that counts stay exact (see [`Restarts`]), and the subtrees
//! each run refuted as nogoods the later runs propagate (`nogoods.rs`). On wide models
//! restarted runs cap the counts they compare, so wide-open rows go in model order
//! ([`Engine::best_row`]). Restarted runs look ahead before they branch (`lookahead.rs`): a
//! search that got that far is hard, and there failed literals and Satz's branching save more
//! nodes than they cost, on models of exactly-one and at-most-one rows alone; models with
//! linear rows or line automata never look ahead ([`LookAhead::for_model`]).
//!
//! Solutions are grids. Auxiliary variables are ordinary variables of the rows, branched on
//! like any other when a row leaves them open; but once every cube variable is decided, the
//! branches left only look for auxiliary values that fit the grid, and the first fit ends
//! them (a grid is counted once, whatever auxiliary values it admits).

use std::time::{Duration, Instant};

use sudoku_ip_model::Cancel;

use crate::engine::{Conflict, Engine};
use crate::lookahead::LookAhead;
use crate::nogoods;

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
    /// Kept solutions as the sorted list of their variables at 1.
    pub solutions: Vec<Vec<u32>>,
    pub end: End,
    /// Fixed points computed: the root, and one per branch taken either way.
    pub nodes: u64,
    /// Branching decisions (each `var = 1` tried; its `var = 0` sibling is not counted again).
    pub guesses: u64,
    /// Runs started again from the root (see [`Restarts`]).
    pub restarts: u64,
}

/// Targets and limits of one search.
#[derive(Clone, Debug)]
pub(crate) struct Goal {
    pub max_solutions: u64,
    pub keep: usize,
    /// The stop flag and the deadline (the time limit already added: [`Limits::start`]).
    ///
    /// [`Limits::start`]: sudoku_ip_model::Limits::start
    pub stop: Cancel,
    pub nodes: Option<u64>,
    /// Restarts: conflicts of the first run and the unit of later ones ([`FIRST_RUN`],
    /// [`RESTART_UNIT`]); `None`: one run.
    pub restart: Option<(u64, u64)>,
}

/// Conflicts after which the pair rule is turned on (`Engine::pairs`), provided they also
/// outnumber the solutions found fourfold: puzzles that fail less are easy, or enumerations
/// with few dead ends (counting 6×6 grids), where the rule costs more than it saves; hard
/// refutations (near-minimal 25×25) shrink 2–3× with it.
const PAIRS_AFTER: u64 = 300;

/// Candidates a look-ahead tries at a node of a restarted run (`lookahead.rs`). `generate
/// --size 25 --minimal --seed 2` took 79 s of CPU without look-ahead, and with it 57, 36, 32
/// and 32 s with 16, 32, 64 and 128 candidates (single runs). 64 against 32 side by side:
/// seeds 2 and 4 in 0.92 of the time, an empty 49×49 (`count --max 2`) in 1.12 (0.63 s).
/// From the first node on, look-ahead made seed 2 slower than without (over 174 s) and the
/// empty 49×49 5.8 s.
const LOOKAHEAD: usize = 64;

/// What to do from a fixed point.
enum Step {
    /// Every variable is fixed: a solution.
    Solution,
    /// Branch on this variable.
    Branch(u32),
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
    /// Taken with every cube variable decided: a search for auxiliary values that fit the grid,
    /// abandoned at its first solution (the grid counts once).
    completion: bool,
}

impl Engine {
    /// The branching row: among undecided exactly-one rows, the one with the smallest ratio
    /// of live variables to (1 + conflicts seen in it) — dom/wdeg. Rows that keep failing are
    /// decided early, which cuts the long refutations fewest-candidates-first alone runs into
    /// on large grids (25×25: 100× fewer nodes).
    ///
    /// In `restarted` runs on wide models, counts above `count_cap` (8) count as 8: rows that
    /// are still wide open tie, and ties go to the first row of the model, so the grid fills in
    /// model order (cell by cell, row by row) while the rows are wide open and fewest-first
    /// once some are narrow. With random values and plain dom/wdeg a restarted run fills big
    /// grids all over and ends with two empty cells a row that no digits fit (a 64×64 with 6
    /// givens: runs get 96% of the way, none finishes in 60 s); in model order such a run fills
    /// it in a few thousand nodes. First runs keep plain dom/wdeg: with their fixed value
    /// order, it fills empty grids in a pattern that model order breaks.
    fn best_row(&self, restarted: bool) -> Option<usize> {
        // count / (1 + w) < best_count / (1 + best_w), cross-multiplied.
        let (&first, rest) = self.open[..self.open_len].split_first()?;
        let cap = if restarted { self.count_cap } else { u32::MAX };
        let ratio = |r: usize| (self.rows[r].count.min(cap) as u64, 1 + self.weight[r] as u64);
        let mut best_row = first as usize;
        let (mut best_c, mut best_w) = ratio(best_row);
        for &r in rest {
            let r = r as usize;
            let (c, w) = ratio(r);
            // Ties go to the first row of the model (cells come first in Sudoku models, and
            // that order matters: the open set itself is in no useful order).
            let (lhs, rhs) = (c * best_w, best_c * w);
            if lhs < rhs || (lhs == rhs && r < best_row) {
                (best_c, best_w) = (c, w);
                best_row = r;
            }
        }
        Some(best_row)
    }

    /// From a fixed point, what to do next: report a solution or branch on a variable (the
    /// branching row's preferred one if it has a live one ([`Engine::set_phase`]), else its
    /// first, or with `rng` a random one of its live variables).
    fn next_step(&self, rng: Option<&mut SplitMix>) -> Step {
        let row = self.best_row(rng.is_some());
        if let Some(v) = row.and_then(|r| self.phase_live(r)) {
            return Step::Branch(v);
        }
        let var = match (row, rng) {
            (Some(r), None) if !self.c.amo_row.is_empty() => self.least_constraining(r),
            (Some(r), None) => self.first_live(r),
            (Some(r), Some(rng)) => self.nth_live(r, rng.below(self.rows[r].count)),
            (None, _) => self.first_free(), // variables outside every exactly-one row
        };
        var.map_or(Step::Solution, Step::Branch)
    }

    /// What to do from a fixed point in a run: restarted runs look ahead first
    /// ([`Engine::lookahead`]; see [`LookAhead`] for the others); `None` when that refutes the
    /// node.
    fn step(&mut self, runs: &mut Restarts) -> Option<Step> {
        let look = match self.lookahead {
            LookAhead::Never => false,
            LookAhead::Restarted => runs.rng.is_some(),
            LookAhead::Always => true,
        };
        if look {
            match self.lookahead(LOOKAHEAD) {
                Err(()) => return None,
                Ok(Some(v)) => return Some(Step::Branch(v)),
                Ok(None) => {}
            }
        }
        Some(self.next_step(runs.rng.as_mut()))
    }

    /// The live variable of row `r` whose assignment kills the fewest live variables (least
    /// constraining value), ties to the first: the value order of first runs on models with
    /// at-most-one rows, whose side rows break the symmetry of the grid (an empty 9×9
    /// anti-knight: 563 nodes against 6,125 in row order). Plain grids keep the row order,
    /// which fills empty grids in a pattern (an empty 36×36: 1,880 nodes against 116,660).
    fn least_constraining(&self, r: usize) -> Option<u32> {
        let mut best: Option<(u32, u64)> = None;
        let mut bits_at = self.c.eo_word[r] as usize;
        let base = self.c.eo_start[r] as usize;
        let end = self.c.eo_start[r + 1] as usize;
        let mut p = base;
        while p < end {
            let word = self.mask[bits_at];
            let mut bits = word;
            while bits != 0 {
                let u = self.c.eo_vars[p + bits.trailing_zeros() as usize];
                bits &= bits - 1;
                let mut score = 0u64;
                for k in self.c.incidences(u) {
                    let q = self.c.inc[k].row as usize;
                    if q != r {
                        score += self.rows[q].count as u64 - 1;
                    }
                }
                for &a in self.c.amo_rows_of(u) {
                    score +=
                        self.c.amo_vars_of(a as usize).iter().filter(|&&w| w != u && self.is_live(w)).count() as u64;
                }
                if best.is_none_or(|(_, s)| score < s) {
                    best = Some((u, score));
                }
            }
            p += 64;
            bits_at += 1;
        }
        best.map(|(u, _)| u)
    }

    /// Depth-first search for up to `goal.max_solutions` solutions, keeping `goal.keep`.
    #[cfg(test)]
    pub fn search(&mut self, goal: &Goal, start: Instant) -> Outcome {
        self.search_each(goal, start, None)
    }

    /// [`Engine::search`], handing each solution (its variables at 1) to `each` as it is found
    /// instead of keeping it, when given; `each` returning false ends the search there. One
    /// run, then, if it grows long while looking for few solutions, restarted runs (see
    /// [`Restarts`]); a grid found again in a later run is not handed over again.
    pub fn search_each(
        &mut self,
        goal: &Goal,
        start: Instant,
        mut each: Option<&mut dyn FnMut(Vec<u32>) -> bool>,
    ) -> Outcome {
        let mut out =
            Outcome { count: 0, solutions: Vec::new(), end: End::Exhausted, nodes: 1, guesses: 0, restarts: 0 };
        if goal.max_solutions == 0 {
            out.end = End::ReachedMax;
            return out;
        }
        // Nogoods hold for the search that recorded them (they may hide the grids it found).
        self.ng.clear();
        if self.root().is_err() {
            return out;
        }
        let mut clock = Clock::new(&goal.stop, start);
        let mut frames: Vec<Frame> = Vec::with_capacity(self.num_vars() + 1);
        let mut runs = Restarts::new(goal);
        let root = self.trail.len();
        while let Run::Restart = self.run(goal, &mut clock, &mut frames, &mut runs, &mut out, &mut each) {
            self.record_nogoods(&frames);
            self.undo(root);
            frames.clear();
            runs.next_run();
            if self.kill_units().is_err() {
                // The nogoods refute the whole tree: every grid there is was found.
                out.end = End::Exhausted;
                break;
            }
        }
        out.restarts = runs.run - 1;
        out
    }

    /// Record the nogoods of a run cut off by its budget with `frames` its branch (see
    /// `nogoods.rs`): for each decision `x = 0` (its `x = 1` subtree searched to the end), the
    /// positive decisions above it and `x`, watched first on `x` and the deepest of them.
    fn record_nogoods(&mut self, frames: &[Frame]) {
        let mut above: Vec<u32> = Vec::new();
        let mut clause: Vec<u32> = Vec::new();
        for f in frames {
            if !f.second {
                above.push(f.var);
                if above.len() >= nogoods::MAX_LEN {
                    break; // every later clause would be longer
                }
                continue;
            }
            clause.clear();
            clause.push(f.var);
            clause.extend(above.iter().rev());
            self.ng.add(&clause, self.c.num_vars);
        }
    }

    /// At the root of a restarted run: kill the variables of the nogoods of one variable, and
    /// propagate.
    fn kill_units(&mut self) -> Result<(), Conflict> {
        for i in 0..self.ng.units.len() {
            if let Err(conflict) = self.kill(self.ng.units[i], None) {
                self.clear_queues();
                return Err(conflict);
            }
        }
        self.propagate()
    }

    /// One depth-first run from the root fixed point, until it is done, a limit stops it, or
    /// its node budget is spent (then the caller restarts).
    fn run(
        &mut self,
        goal: &Goal,
        clock: &mut Clock,
        frames: &mut Vec<Frame>,
        runs: &mut Restarts,
        out: &mut Outcome,
        each: &mut Option<&mut dyn FnMut(Vec<u32>) -> bool>,
    ) -> Run {
        // At the top of the loop the state is a consistent fixed point.
        'search: loop {
            match self.step(runs) {
                // A look-ahead refuted this node.
                None => runs.conflicts += 1,
                Some(Step::Solution) => {
                    if runs.is_new(self) {
                        // What is left is mostly a proof: this run goes on to the end.
                        runs.until = None;
                        out.count += 1;
                        goal.stop.note_solutions(out.count);
                        if let Some(each) = each.as_mut() {
                            if !each(self.ones_list()) {
                                out.end = End::Stopped("stopped by the caller".into());
                                return Run::Done;
                            }
                        } else if out.solutions.len() < goal.keep {
                            out.solutions.push(self.ones_list());
                        }
                        if out.count >= goal.max_solutions {
                            out.end = End::ReachedMax;
                            return Run::Done;
                        }
                    }
                    // Other auxiliary values for this grid would count it again.
                    while let Some(f) = frames.pop_if(|f| f.completion) {
                        self.undo(f.mark as usize);
                    }
                }
                Some(Step::Branch(v)) => {
                    if let Some(halt) = runs.halt(goal, clock, out.nodes) {
                        return halt.end(out);
                    }
                    // Failing often, and not merely enumerating many solutions: a hard search.
                    self.pairs_on |= runs.conflicts >= PAIRS_AFTER && runs.conflicts >= 4 * out.count;
                    out.nodes += 1;
                    out.guesses += 1;
                    let completion = v as usize >= self.c.cube_vars && self.cube_decided();
                    frames.push(Frame { mark: self.trail.len() as u32, var: v, second: false, completion });
                    if self.try_fix(v, true) {
                        continue 'search;
                    }
                    runs.conflicts += 1;
                }
            }
            // Backtrack to the latest decision whose `var = 0` side is still open.
            loop {
                let Some(f) = frames.pop() else {
                    out.end = End::Exhausted;
                    return Run::Done;
                };
                self.undo(f.mark as usize);
                if f.second {
                    continue;
                }
                // On the stack before a restart, so that the refuted `var = 1` is recorded.
                frames.push(Frame { second: true, ..f });
                if let Some(halt) = runs.halt(goal, clock, out.nodes) {
                    return halt.end(out);
                }
                out.nodes += 1;
                if self.try_fix(f.var, false) {
                    continue 'search;
                }
                runs.conflicts += 1;
            }
        }
    }
}

/// How a run ended.
enum Run {
    /// The search is over (`Outcome::end` says how).
    Done,
    /// The run's budget is spent: start another from the root.
    Restart,
}

/// Why a run stops before it is done.
enum Halt {
    Limit(String),
    Budget,
}

impl Halt {
    fn end(self, out: &mut Outcome) -> Run {
        match self {
            Halt::Limit(reason) => {
                out.end = End::Stopped(reason);
                Run::Done
            }
            Halt::Budget => Run::Restart,
        }
    }
}

/// Fewest conflicts of the first run before a search counts as long and restarts (when it may;
/// the backend scales it with the model).
/// Budgets count conflicts, not nodes: a run that fills a 64×64 grid without a dead end
/// takes thousands of nodes and no conflict.
pub(crate) const FIRST_RUN: u64 = 100;
/// Smallest unit of a restarted run's conflicts: the unit times the next term of the Luby
/// sequence (1 1 2 1 1 2 4 …).
pub(crate) const RESTART_UNIT: u64 = 20;
/// Searches for more solutions than this never restart (each found grid is kept to be
/// recognised when a later run finds it again).
const MAX_RESTART_SOLUTIONS: u64 = 16;

/// Restarts, for searches that look for few solutions and run long before they find one
/// (once a run finds a grid it runs to the end: what is left is mostly a proof of uniqueness,
/// which restarts would only repeat): dom/wdeg's weights carry
/// over from run to run, and restarted runs try the values of the branching row in random
/// order, so one early wrong decision no longer costs the whole search (the heavy tail of
/// depth-first search: an empty 9×9 anti-knight took 542k nodes in one run).
///
/// Counts stay exact: every grid found is remembered, and one found again in a later run is
/// not counted again; a run that ends without hitting its budget has searched the whole tree
/// (a complete depth-first search, in its own order), so it found every solution and the
/// distinct ones seen are all of them. Budgets grow without bound (Luby), so some run does.
struct Restarts {
    /// Whether this search may restart.
    on: bool,
    /// The current run, from 1.
    run: u64,
    /// The conflict count at which the current run's budget is spent (`None`: the run goes
    /// on to the end).
    until: Option<u64>,
    /// Value order of restarted runs (`None` in the first: the deterministic order).
    rng: Option<SplitMix>,
    /// The grids found so far (cube variables at 1), while restarts are on.
    seen: Vec<Vec<u32>>,
    /// Conflicts over all runs.
    conflicts: u64,
    /// Conflicts of a restarted run per Luby term.
    unit: u64,
}

impl Restarts {
    fn new(goal: &Goal) -> Restarts {
        let on = goal.max_solutions <= MAX_RESTART_SOLUTIONS && goal.restart.is_some();
        let (until, unit) = match goal.restart {
            Some((first_run, unit)) if on => (Some(first_run), unit),
            _ => (None, 0),
        };
        Restarts { on, run: 1, until, rng: None, seen: Vec::new(), conflicts: 0, unit }
    }

    /// Set up the next run.
    fn next_run(&mut self) {
        self.run += 1;
        self.until = Some(self.conflicts.saturating_add(self.unit.saturating_mul(luby(self.run - 1))));
        self.rng.get_or_insert(SplitMix(0x9E37_79B9_7F4A_7C15));
    }

    /// A limit reached, or this run's budget spent.
    fn halt(&self, goal: &Goal, clock: &mut Clock, nodes: u64) -> Option<Halt> {
        if let Some(reason) = limit_reached(goal, clock, nodes) {
            return Some(Halt::Limit(reason));
        }
        self.until.is_some_and(|until| self.conflicts >= until).then_some(Halt::Budget)
    }

    /// Whether the solution at hand was not found before (always, when restarts are off).
    fn is_new(&mut self, engine: &Engine) -> bool {
        if !self.on {
            return true;
        }
        let cube = engine.c.cube_vars as u32;
        let mut grid = engine.ones_list();
        grid.retain(|&v| v < cube);
        if self.seen.contains(&grid) {
            return false;
        }
        self.seen.push(grid);
        true
    }
}

/// Term `i` (from 1) of the Luby sequence: 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 …
fn luby(mut i: u64) -> u64 {
    loop {
        // The smallest k with 2^k − 1 ≥ i.
        let k = 64 - i.leading_zeros();
        if i == (1u64 << k) - 1 {
            return 1u64 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

/// A small seeded generator (SplitMix64): restarted runs are random but reproducible.
pub(crate) struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n ≥ 1), up to a negligible bias.
    pub(crate) fn below(&mut self, n: u32) -> u32 {
        (((self.next() >> 32) * n as u64) >> 32) as u32
    }
}

/// The stop flag, read at every decision (one atomic load), and the deadline, read often enough to be kept within a few milliseconds and rarely enough to
/// cost nothing: at the first decision, then every `every` nodes, where `every` doubles while
/// the nodes between two reads took under [`CLOCK_QUICK`] and halves when they took over
/// [`CLOCK_SLOW`]. Easy nodes (a 9×9: about a microsecond) are read every few hundred, slow
/// ones (a 64×64 with a whole-grid cage: milliseconds each) every node.
struct Clock<'a> {
    stop: &'a Cancel,
    /// `None`: no limit, or one too large to add to the clock (which is no limit either).
    deadline: Option<Instant>,
    every: u64,
    /// The node count at which to read the clock next.
    next: u64,
    last: Instant,
}

/// Node work between two clock reads that is cheap enough to read less often.
const CLOCK_QUICK: Duration = Duration::from_micros(250);
/// Node work between two clock reads that is too long to wait for twice.
const CLOCK_SLOW: Duration = Duration::from_millis(1);
/// Most nodes between two reads.
const CLOCK_MAX_EVERY: u64 = 1024;

impl<'a> Clock<'a> {
    fn new(stop: &'a Cancel, start: Instant) -> Clock<'a> {
        Clock { stop, deadline: stop.deadline(), every: 1, next: 0, last: start }
    }

    /// Whether the job was cancelled, or the deadline has passed (the clock is read only when
    /// it is due at `nodes`).
    #[inline]
    fn expired(&mut self, nodes: u64) -> bool {
        if self.stop.is_cancelled() {
            return true;
        }
        let Some(deadline) = self.deadline else {
            // No clock to read: a watched job notes its nodes every `CLOCK_MAX_EVERY`.
            if nodes >= self.next && self.stop.progress().is_some() {
                self.stop.note_nodes(nodes);
                self.next = nodes + CLOCK_MAX_EVERY;
            }
            return false;
        };
        if nodes < self.next {
            return false;
        }
        self.stop.note_nodes(nodes);
        let now = Instant::now();
        let took = now.saturating_duration_since(self.last);
        if took < CLOCK_QUICK {
            self.every = (self.every * 2).min(CLOCK_MAX_EVERY);
        } else if took > CLOCK_SLOW {
            self.every = (self.every / 2).max(1);
        }
        self.last = now;
        self.next = nodes + self.every;
        now >= deadline
    }
}

/// A stop reason when a node or time limit is reached.
fn limit_reached(goal: &Goal, clock: &mut Clock, nodes: u64) -> Option<String> {
    if let Some(max) = goal.nodes {
        if nodes >= max {
            return Some(format!("node limit of {max} reached"));
        }
    }
    if clock.expired(nodes) {
        return Some(clock.stop.stop_reason().unwrap_or_else(|| "stopped".to_string()));
    }
    None
}

#[cfg(test)]
#[path = "../tests/common/mod.rs"]
pub(crate) mod common;

#[cfg(test)]
mod tests {
    //! The optional rules (pairs) only switch on in long searches; here they run from the
    //! root, and counts must still match the naive reference exactly.

    use std::sync::Arc;
    use std::time::Instant;

    use sudoku_ip_model::{check, Geometry, Grid, Puzzle};

    use super::common::{add_random_differences, full_grid, model, remove_cells, Rng};
    use super::*;
    use crate::reference;

    fn count_with_pairs(m: &sudoku_ip_model::Model) -> Outcome {
        let mut engine = Engine::new(m);
        engine.pairs_on = true;
        let goal = Goal { max_solutions: u64::MAX, keep: 0, stop: Cancel::default(), nodes: None, restart: None };
        engine.search(&goal, Instant::now())
    }

    #[test]
    fn pairs_from_the_root_keep_every_count_exact() {
        assert_eq!(count_with_pairs(&model(2, 2, &[0; 16])).count, 288);
        let mut rng = Rng(3);
        for (br, bc, holes) in [(2, 2, 12), (2, 3, 20), (2, 3, 23), (3, 2, 22)] {
            for _ in 0..8 {
                let solution = full_grid(&mut rng, br, bc);
                let m = model(br, bc, &remove_cells(&mut rng, &solution, holes));
                let expected = reference::solutions(&m, 20_000);
                assert!(expected.complete);
                let got = count_with_pairs(&m);
                assert_eq!((got.count, got.end), (expected.count, End::Exhausted));
            }
        }
    }

    #[test]
    fn pairs_cut_hard_9x9_searches() {
        // Five of the forum's hardest 9x9 puzzles (unique): with pairs from the root the count
        // stays 1 and the search shrinks, or the rule never fires.
        const HARD: [&str; 5] = [
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
            "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........",
            "..2...7...1.....6.5......18....37.......49.....41.23....3.2.9...8.....5.6.......2",
            "........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6.",
            "..4..3....7..8....2.81....6..3....9..8..2....1..7....3......45....8..9....9..5..8",
        ];
        let (mut plain_nodes, mut pair_nodes) = (0, 0);
        for line in HARD {
            let values: Vec<u8> = line.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
            let m = model(3, 3, &values);
            let goal = Goal { max_solutions: u64::MAX, keep: 0, stop: Cancel::default(), nodes: None, restart: None };
            let plain = Engine::new(&m).search(&goal, Instant::now());
            let with = count_with_pairs(&m);
            assert_eq!((plain.count, with.count), (1, 1));
            plain_nodes += plain.nodes;
            pair_nodes += with.nodes;
        }
        assert!(pair_nodes < plain_nodes, "pairs {pair_nodes} nodes, without {plain_nodes}");
    }

    /// Search with restarts after `first` conflicts and then runs of `unit` × Luby conflicts.
    fn with_restarts(m: &sudoku_ip_model::Model, max: u64, first: u64, unit: u64) -> Outcome {
        with_restarts_capped(m, max, first, unit, None)
    }

    /// [`with_restarts`], with the count cap of restarted runs set to `cap` when given (in
    /// place of the model's own: none below 25×25).
    fn with_restarts_capped(m: &sudoku_ip_model::Model, max: u64, first: u64, unit: u64, cap: Option<u32>) -> Outcome {
        with_restarts_fired(m, max, first, unit, cap).0
    }

    /// [`with_restarts_capped`], and how often the recorded nogoods killed a variable or found
    /// a conflict.
    fn with_restarts_fired(
        m: &sudoku_ip_model::Model,
        max: u64,
        first: u64,
        unit: u64,
        cap: Option<u32>,
    ) -> (Outcome, u64) {
        with_restarts_fired_supports(m, max, first, unit, cap, true)
    }

    /// [`with_restarts_fired`], with the supports (`support.rs`) left out when `supports` is
    /// false.
    fn with_restarts_fired_supports(
        m: &sudoku_ip_model::Model,
        max: u64,
        first: u64,
        unit: u64,
        cap: Option<u32>,
        supports: bool,
    ) -> (Outcome, u64) {
        let goal = Goal {
            max_solutions: max,
            keep: usize::MAX,
            stop: Cancel::default(),
            nodes: None,
            restart: Some((first, unit)),
        };
        let mut engine = Engine::new(m);
        // The restarts and nogoods themselves are under test: look-ahead, which ends many of
        // these searches in fewer conflicts (104 restarts instead of 404), stays out.
        engine.lookahead = LookAhead::Never;
        if !supports {
            let c = Arc::get_mut(&mut engine.c).expect("a fresh engine owns its compiled model");
            c.supports = crate::support::Supports { start: vec![0; c.eo_rows() + 1], ..Default::default() };
        }
        if let Some(cap) = cap {
            engine.count_cap = cap;
        }
        let out = engine.search(&goal, Instant::now());
        (out, engine.ng.fired)
    }

    #[test]
    fn luby_sequence() {
        let got: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(got, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn restarts_never_lose_or_double_count_a_solution() {
        // Budgets of a node or two: runs restart all the time, find the same grids again and
        // again, and only a run that completes may say "exhausted".
        let mut rng = Rng(5);
        let (mut restarted, mut fired) = (0, 0);
        for (br, bc, holes) in [(2, 2, 10), (2, 2, 13), (2, 2, 16), (2, 3, 18), (2, 3, 22), (2, 3, 26)] {
            for _ in 0..6 {
                let solution = full_grid(&mut rng, br, bc);
                let mut m = model(br, bc, &remove_cells(&mut rng, &solution, holes));
                // Random pairs of cells that must differ (like anti-king): dead ends to fail in.
                add_random_differences(&mut rng, &mut m, br * bc);
                let expected = reference::solutions(&m, 20_000);
                assert!(expected.complete);
                let mut want = expected.solutions.clone();
                want.sort();
                // Cap 2: restarted runs branch in model order until rows are down to two
                // candidates (what wide grids do at 8).
                for (max, cap) in [1, 2, 3, 16].into_iter().flat_map(|max| [(max, None), (max, Some(2))]) {
                    for ((first, unit), supports) in
                        [(1, 1), (2, 1), (3, 2)].into_iter().flat_map(|fu| [(fu, true), (fu, false)])
                    {
                        let (got, f) = with_restarts_fired_supports(&m, max, first, unit, cap, supports);
                        if !supports {
                            restarted += got.restarts;
                            fired += f;
                        }
                        assert_eq!(got.count, expected.count.min(max));
                        let end = if expected.count >= max { End::ReachedMax } else { End::Exhausted };
                        assert_eq!(got.end, end);
                        let mut grids: Vec<Vec<bool>> = got
                            .solutions
                            .iter()
                            .map(|ones| {
                                let mut x = vec![false; m.num_vars()];
                                ones.iter().for_each(|&v| x[v as usize] = true);
                                x
                            })
                            .collect();
                        grids.sort();
                        grids.dedup();
                        assert_eq!(grids.len() as u64, got.count, "a grid counted twice");
                        assert!(grids.iter().all(|g| want.binary_search(g).is_ok()), "not a solution");
                    }
                }
            }
        }
        // Counted on the runs without supports: the supports' pair reasoning leaves these small
        // grids (nearly) no dead end before their first solution, so those runs never restart
        // (0 restarts), and restarts and nogoods would go untested.
        // 404 restarts (nogoods end some searches early: without them 500 and more).
        assert!(restarted > 300, "the budgets must make runs restart ({restarted})");
        // Recorded nogoods prune later runs (a store that drops its clauses, or kills the
        // wrong variable, fails the counts above or this).
        assert!(fired > 100, "nogoods must fire ({fired}; 236 when written)");
    }

    #[test]
    fn only_wide_models_cap_the_counts_of_restarted_runs() {
        assert_eq!(Engine::new(&model(2, 2, &[0; 16])).count_cap, u32::MAX);
        assert_eq!(Engine::new(&model(3, 3, &[0; 81])).count_cap, u32::MAX);
        assert_eq!(Engine::new(&model(4, 4, &[0; 256])).count_cap, u32::MAX);
        assert_eq!(Engine::new(&model(5, 5, &[0; 625])).count_cap, crate::engine::WIDE_CAP);
    }

    #[test]
    fn restarted_runs_on_wide_models_branch_in_model_order_while_rows_are_wide() {
        // One given in the last cell of a 25x25: the rows it touches are down to 20 or 24
        // (the 25s of the boxes of its band and stack: 20).
        let mut values = vec![0u8; 625];
        values[624] = 25;
        let mut engine = Engine::new(&model(5, 5, &values));
        assert!(engine.root().is_ok());
        let plain = engine.best_row(false).expect("an open row");
        assert_eq!(engine.rows[plain].count, 20);
        // Capped, 20 and 25 candidates are alike: the first open row of the model.
        let capped = engine.best_row(true).expect("an open row");
        assert_eq!((capped, engine.rows[capped].count), (0, 25));
    }

    #[test]
    fn capped_restarts_fill_wide_grids() {
        // A 25x25 with 6 givens of a random full grid, restarted after its first conflict, so
        // every run but the first branches with capped counts: 946 nodes; with the plain
        // dom/wdeg ratio in restarted runs, 3,841. The grid is checked by the independent
        // checker.
        let mut rng = Rng(1);
        let solution = full_grid(&mut rng, 5, 5);
        let mut values = vec![0u8; 625];
        for _ in 0..6 {
            let k = rng.below(625);
            values[k] = solution[k];
        }
        let geometry = Geometry::new(25, Some((5, 5))).expect("25x25");
        let puzzle = Puzzle::new(geometry, Grid::from_values(25, values).expect("grid"));
        let m = sudoku_ip_model::Model::build(&puzzle);
        let got = with_restarts(&m, 1, 1, 50);
        assert_eq!((got.count, &got.end), (1, &End::ReachedMax));
        assert!(got.restarts > 0);
        let mut grid = vec![0u8; 625];
        for (k, d) in got.solutions[0].iter().filter_map(|&v| m.cell_digit(v)) {
            grid[k] = d as u8;
        }
        let grid = Grid::from_values(25, grid).expect("grid");
        assert_eq!(check::verify(&puzzle, &grid), vec![]);
        assert!(got.nodes < 2_000, "{} nodes", got.nodes);
    }

    #[test]
    fn searches_for_many_solutions_never_restart() {
        let m = model(2, 2, &[0; 16]);
        let got = with_restarts(&m, u64::MAX, 1, 1);
        assert_eq!((got.count, got.restarts, got.end), (288, 0, End::Exhausted));
    }

    /// Look-ahead is for models whose trials are cheap: a sum row turns it off (on the variant
    /// corpus it cost 15 times the CPU), a plain grid or at-most-one rows keep it.
    #[test]
    fn look_ahead_is_left_to_models_without_linear_rows() {
        use sudoku_ip_model::{Cell, Row, RowKind, Sense};
        let mut m = model(2, 2, &[0; 16]);
        assert_eq!(Engine::new(&m).lookahead, LookAhead::Restarted, "plain grid");
        let (a, b) = (m.var(Cell::new(0, 0), 1), m.var(Cell::new(1, 2), 1));
        m.push_row(Row {
            name: "amo".into(),
            kind: RowKind::Other,
            terms: vec![(a, 1), (b, 1)],
            sense: Sense::Le,
            rhs: 1,
        });
        assert_eq!(Engine::new(&m).lookahead, LookAhead::Restarted, "at-most-one row");
        let terms =
            (1..=4).flat_map(|d| [(m.var(Cell::new(0, 0), d), d as i32), (m.var(Cell::new(3, 3), d), d as i32)]);
        m.push_row(Row { name: "sum".into(), kind: RowKind::Other, terms: terms.collect(), sense: Sense::Eq, rhs: 5 });
        assert_eq!(Engine::new(&m).lookahead, LookAhead::Never, "sum row");
    }
}

//! Depth-first search over the engine's fixed points.
//!
//! Binary branching: in the undecided exactly-one row with the fewest live variables relative
//! to the conflicts it has caused (dom/wdeg, [`Engine::best_row`]), try its first live variable
//! at 1; when that subtree is done, fix it to 0 and carry on from the new
//! fixed point (later siblings profit from the refutation, and the branching row may change).
//! Every change goes on the trail; backtracking replays it backwards. The frame stack and the
//! trail are allocated once, so the loop never allocates except to keep a solution.
//!
//! Solutions are grids. Auxiliary variables are ordinary variables of the rows, branched on
//! like any other when a row leaves them open; but once every cube variable is decided, the
//! branches left only look for auxiliary values that fit the grid, and the first fit ends
//! them (a grid is counted once, whatever auxiliary values it admits).

use std::time::{Duration, Instant};

use crate::engine::Engine;

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
}

/// Targets and limits of one search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Goal {
    pub max_solutions: u64,
    pub keep: usize,
    pub time: Option<Duration>,
    pub nodes: Option<u64>,
}

/// Conflicts after which the pair rule is turned on (`Engine::pairs`), provided they also
/// outnumber the solutions found fourfold: puzzles that fail less are easy, or enumerations
/// with few dead ends (counting 6×6 grids), where the rule costs more than it saves; hard
/// refutations (near-minimal 25×25) shrink 2–3× with it.
const PAIRS_AFTER: u64 = 300;

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
    fn best_row(&self) -> Option<usize> {
        // count / (1 + w) < best_count / (1 + best_w), cross-multiplied.
        let (mut best_c, mut best_w) = (0u64, 1u64);
        let mut best_row = usize::MAX;
        for &r in &self.open[..self.open_len] {
            let r = r as usize;
            let (c, w) = (self.rows[r].count as u64, 1 + self.weight[r] as u64);
            // Ties go to the first row of the model (cells come first in Sudoku models, and
            // that order matters: the open set itself is in no useful order).
            let (lhs, rhs) = (c * best_w, best_c * w);
            if best_row == usize::MAX || lhs < rhs || (lhs == rhs && r < best_row) {
                (best_c, best_w) = (c, w);
                best_row = r;
            }
        }
        (best_row != usize::MAX).then_some(best_row)
    }

    /// From a fixed point, what to do next: report a solution or branch on a variable.
    fn next_step(&self) -> Step {
        let var = match self.best_row() {
            Some(r) => self.first_live(r),
            None => self.first_free(), // variables outside every exactly-one row
        };
        var.map_or(Step::Solution, Step::Branch)
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
        let mut clock = Clock::new(goal.time, start);
        let mut frames: Vec<Frame> = Vec::with_capacity(self.num_vars() + 1);
        let mut conflicts = 0u64;
        // At the top of the loop the state is a consistent fixed point.
        'search: loop {
            match self.next_step() {
                Step::Solution => {
                    out.count += 1;
                    if out.solutions.len() < goal.keep {
                        out.solutions.push(self.ones_list());
                    }
                    if out.count >= goal.max_solutions {
                        out.end = End::ReachedMax;
                        break 'search;
                    }
                    // Other auxiliary values for this grid would count it again.
                    while let Some(f) = frames.pop_if(|f| f.completion) {
                        self.undo(f.mark as usize);
                    }
                }
                Step::Branch(v) => {
                    if let Some(reason) = limit_reached(goal, &mut clock, out.nodes) {
                        out.end = End::Stopped(reason);
                        break 'search;
                    }
                    // Failing often, and not merely enumerating many solutions: a hard search.
                    self.pairs_on |= conflicts >= PAIRS_AFTER && conflicts >= 4 * out.count;
                    out.nodes += 1;
                    out.guesses += 1;
                    let completion = v as usize >= self.c.cube_vars && self.cube_decided();
                    frames.push(Frame { mark: self.trail.len() as u32, var: v, second: false, completion });
                    if self.try_fix(v, true) {
                        continue 'search;
                    }
                    conflicts += 1;
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
                if let Some(reason) = limit_reached(goal, &mut clock, out.nodes) {
                    out.end = End::Stopped(reason);
                    break 'search;
                }
                frames.push(Frame { second: true, ..f });
                out.nodes += 1;
                if self.try_fix(f.var, false) {
                    continue 'search;
                }
                conflicts += 1;
            }
        }
        out
    }
}

/// The time limit, read often enough to be kept within a few milliseconds and rarely enough to
/// cost nothing: at the first decision, then every `every` nodes, where `every` doubles while
/// the nodes between two reads took under [`CLOCK_QUICK`] and halves when they took over
/// [`CLOCK_SLOW`]. Easy nodes (a 9×9: about a microsecond) are read every few hundred, slow
/// ones (a 64×64 with a whole-grid cage: milliseconds each) every node.
struct Clock {
    /// `None`: no limit, or one too large to add to the clock (which is no limit either).
    deadline: Option<Instant>,
    limit: Option<Duration>,
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

impl Clock {
    fn new(limit: Option<Duration>, start: Instant) -> Clock {
        let deadline = limit.and_then(|t| start.checked_add(t));
        Clock { deadline, limit, every: 1, next: 0, last: start }
    }

    /// Whether the deadline has passed, reading the clock only when it is due at `nodes`.
    #[inline]
    fn expired(&mut self, nodes: u64) -> bool {
        let Some(deadline) = self.deadline else { return false };
        if nodes < self.next {
            return false;
        }
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
        let limit = clock.limit.unwrap_or_default();
        return Some(format!("time limit of {limit:?} reached"));
    }
    None
}

#[cfg(test)]
#[path = "../tests/common/mod.rs"]
mod common;

#[cfg(test)]
mod tests {
    //! The optional rules (pairs) only switch on in long searches; here they run from the
    //! root, and counts must still match the naive reference exactly.

    use std::time::Instant;

    use super::common::{full_grid, model, remove_cells, Rng};
    use super::*;
    use crate::reference;

    fn count_with_pairs(m: &sudoku_ip_model::Model) -> Outcome {
        let mut engine = Engine::new(m);
        engine.pairs_on = true;
        let goal = Goal { max_solutions: u64::MAX, keep: 0, time: None, nodes: None };
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
            let goal = Goal { max_solutions: u64::MAX, keep: 0, time: None, nodes: None };
            let plain = Engine::new(&m).search(&goal, Instant::now());
            let with = count_with_pairs(&m);
            assert_eq!((plain.count, with.count), (1, 1));
            plain_nodes += plain.nodes;
            pair_nodes += with.nodes;
        }
        assert!(pair_nodes < plain_nodes, "pairs {pair_nodes} nodes, without {plain_nodes}");
    }
}

//! Depth-first search over the engine's fixed points.
//!
//! Binary branching: in the undecided exactly-one row with the fewest live variables, try its
//! first live variable at 1; when that subtree is done, fix it to 0 and carry on from the new
//! fixed point (later siblings profit from the refutation, and the branching row may change).
//! Every change goes on the trail; backtracking replays it backwards. The frame stack and the
//! trail are allocated once, so the loop never allocates except to keep a solution.

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

/// Rows with at least this many candidates are probed before branching.
const PROBE_MIN: u32 = 3;
fn wdeg() -> bool { static P: std::sync::OnceLock<bool> = std::sync::OnceLock::new(); *P.get_or_init(|| std::env::var("WDEG").is_ok()) }
fn probe_min() -> u32 { static P: std::sync::OnceLock<u32> = std::sync::OnceLock::new(); *P.get_or_init(|| std::env::var("PROBE_MIN").ok().and_then(|s| s.parse().ok()).unwrap_or(PROBE_MIN)) }

/// What to do from a fixed point.
enum Step {
    /// Every variable is fixed: a solution.
    Solution,
    /// Branch on this variable.
    Branch(u32),
    /// Probing proved this node infeasible.
    Fail,
    /// A limit was reached.
    Stop(String),
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

impl Engine {
    /// The undecided exactly-one row with the fewest live variables (the first such row).
    fn best_row(&self) -> Option<usize> {
        if wdeg() {
            // Smallest count / (1 + weight), compared as count·(1 + w_best) < c_best·(1 + w).
            let (mut best_c, mut best_w) = (u64::MAX, 0u64);
            let mut best_row = None;
            for (r, c) in self.rows.iter().map(|s| s.count).enumerate() {
                if c >= 2 {
                    let (c, w) = (c as u64, 1 + self.weight[r] as u64);
                    if c * best_w < best_c * w {
                        (best_c, best_w) = (c, w);
                        best_row = Some(r);
                    }
                }
            }
            return best_row;
        }
        let mut best = u32::MAX;
        let mut best_row = None;
        for (r, c) in self.rows.iter().map(|s| s.count).enumerate() {
            // At a fixed point a row with count 1 holds its variable at 1: it is decided.
            if c >= 2 && c < best {
                best = c;
                best_row = Some(r);
                if c == 2 {
                    break;
                }
            }
        }
        best_row
    }

    /// From a fixed point, what to do next: report a solution, branch on a variable, or fail.
    ///
    /// Before branching in row `r`, each of its candidates is probed (fixed to 1 and
    /// propagated, then undone); a candidate whose probe fails is fixed to 0 here, for the
    /// whole subtree, and the choice starts over from the new fixed point. Rows of two
    /// candidates are not probed: branching on them costs the same.
    fn next_step(&mut self, goal: &Goal, deadline: Option<Instant>, out: &mut Outcome) -> Step {
        'restart: loop {
            let Some(r) = self.best_row() else {
                return self.first_free().map_or(Step::Solution, Step::Branch);
            };
            if self.rows[r].count >= probe_min() {
                for i in self.c.eo_start[r] as usize..self.c.eo_start[r + 1] as usize {
                    let u = self.c.eo_vars[i];
                    if !self.is_live(u) {
                        continue;
                    }
                    if let Some(reason) = limit_reached(goal, deadline, out.nodes) {
                        return Step::Stop(reason);
                    }
                    out.nodes += 1;
                    let mark = self.trail.len();
                    let ok = self.try_fix(u, true);
                    self.undo(mark);
                    if !ok {
                        if !self.try_fix(u, false) {
                            return Step::Fail;
                        }
                        continue 'restart;
                    }
                }
            }
            return self.first_live(r).map_or(Step::Fail, Step::Branch);
        }
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
        let mut frames: Vec<Frame> = Vec::with_capacity(self.num_vars() + 1);
        // At the top of the loop the state is a consistent fixed point.
        'search: loop {
            match self.next_step(goal, deadline, &mut out) {
                Step::Solution => {
                    out.count += 1;
                    if out.solutions.len() < goal.keep {
                        out.solutions.push(self.ones_list());
                    }
                    if out.count >= goal.max_solutions {
                        out.end = End::ReachedMax;
                        break 'search;
                    }
                }
                Step::Stop(reason) => {
                    out.end = End::Stopped(reason);
                    break 'search;
                }
                Step::Fail => {}
                Step::Branch(v) => {
                    if let Some(reason) = limit_reached(goal, deadline, out.nodes) {
                        out.end = End::Stopped(reason);
                        break 'search;
                    }
                    out.nodes += 1;
                    out.guesses += 1;
                    frames.push(Frame { mark: self.trail.len() as u32, var: v, second: false });
                    if self.try_fix(v, true) {
                        continue 'search;
                    }
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
                if let Some(reason) = limit_reached(goal, deadline, out.nodes) {
                    out.end = End::Stopped(reason);
                    break 'search;
                }
                frames.push(Frame { second: true, ..f });
                out.nodes += 1;
                if self.try_fix(f.var, false) {
                    continue 'search;
                }
            }
        }
        out
    }
}

/// A stop reason when a node or time limit is reached. The clock is read every 4096 nodes.
fn limit_reached(goal: &Goal, deadline: Option<Instant>, nodes: u64) -> Option<String> {
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

//! # sudoku-ip-milp
//!
//! The seeds' way of solving: hand the 0-1 [`Model`] to a mixed-integer solver through
//! [good_lp](https://docs.rs/good_lp). One file per solver, as in good_lp: `microlp.rs` (pure
//! Rust, default feature `microlp`) and `highs.rs` (feature `highs`, C++ HiGHS); `problem.rs`
//! turns a model into the solver's problem. Which solvers exist is decided at run time from
//! the ones compiled in ([`Milp::compiled`]).
//!
//! How a search runs ([`Milp`] implements [`Backend`]):
//! - **Fixed variables are substituted**, not passed: givens and anything a caller's presolve
//!   fixed move to the right-hand sides; rows left without variables are dropped, or, when
//!   broken, prove the puzzle infeasible without a solver call. [`Stats::presolved`] is the
//!   size the solver actually got.
//! - **The model's objective** ([`Model::objective`]): zero by default, a feasibility problem;
//!   or the seeds' `(1:N)'`. [`Stats::objective`] is its value at the last solution and
//!   [`Stats::mip_gap`] the gap the solver reported (HiGHS) or 0 (microlp stops only at a
//!   proven optimum).
//! - **A start** ([`SearchRequest::start`], the facade's MIP start from a native solution):
//!   when the grid satisfies the model, its values are the first call's starting incumbent
//!   (HiGHS `setSolution`, microlp's warm start); [`Stats::start`] says whether the first
//!   answer is that grid (`kept`), another, or none.
//! - **Answers are not trusted**: values are rounded at 0.5 and the assignment must satisfy
//!   every row and bound of the model ([`Model::is_feasible`]); otherwise the search stops with
//!   a reason and no grid.
//! - **Counting and enumeration by integer programming** (the seeds' uniqueness question):
//!   after each solution the cut "not this assignment" ([`Model::exclusion_cut`]) is added and
//!   the solver runs again, until it says infeasible (the count is exact), `max_solutions` is
//!   reached, or the one time limit for the whole search runs out.
//! - **Stopping on time**: the request's [`Cancel`] (its flag, and its deadline with the time
//!   limit added) is read before every call, and each call gets the time left as the solver's
//!   own limit. A solver cannot be interrupted from outside (microlp checks its clock only
//!   between simplex iterations and branch-and-bound nodes; HiGHS through good_lp takes no
//!   interrupt), so a call that may have to stop runs on its own thread and the search waits
//!   for it only until the deadline or the flag: then it answers "stopped" at once, and the
//!   abandoned call ends in the background at the solver's next clock check
//!   ([`background_calls`] counts those still running; a call abandoned by the flag alone,
//!   with no deadline, runs to its end).
//!
//! ```
//! use sudoku_ip_milp::Milp;
//! use sudoku_ip_model::{Backend, Geometry, Model, Puzzle, SearchEnd, SearchRequest};
//!
//! let puzzle = Puzzle::blank(Geometry::new(4, None).unwrap());
//! let solver = Milp::compiled()[0];
//! let result = solver.search(&Model::build(&puzzle), &SearchRequest::count(3, 3)).unwrap();
//! assert_eq!((result.count, result.end), (3, SearchEnd::ReachedMax));
//! ```
// Unsafe code is denied everywhere but in `highs_info.rs`, the one audited module that reads
// HiGHS's 64-bit info values through its C API (its doc says why each call is sound).
#![deny(unsafe_code)]

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use sudoku_ip_model::{Backend, BackendError, Cancel, Model, SearchEnd, SearchRequest, SearchResult, StartUse, Stats};

use crate::problem::Reduced;

#[cfg(feature = "highs")]
mod highs;
#[cfg(feature = "highs")]
mod highs_info;
#[cfg(feature = "microlp")]
mod microlp;
mod problem;

/// One solver call on the reduced problem, from a start (one value a column) when there is
/// one: what each solver file (`microlp.rs`, `highs.rs`) provides.
type SolveFn = fn(&Reduced, CallLimits, Option<&[f64]>) -> Attempt;

/// One solve of the reduced problem's LP relaxation (every column in [0, 1]).
type LpFn = fn(&Reduced, Option<Duration>) -> Result<LpAnswer, String>;

/// What an LP relaxation solve gave: one value a column, and the simplex iterations where the
/// solver reports them.
pub(crate) struct LpAnswer {
    values: Vec<f64>,
    iterations: Option<u64>,
}

/// The LP relaxation of a model at the root of branch and bound, as one solver solved it: every
/// binary relaxed to `0 <= x <= 1`, the fixed variables substituted (as in a search), the
/// model's objective. What the seeds' solvers start from; on Sudoku it is often integral.
#[derive(Clone, Debug, PartialEq)]
pub struct RootLp {
    /// The solver that solved it.
    pub solver: &'static str,
    /// The LP optimum, the fixed variables' share of the objective included: the bound branch
    /// and bound starts from (0 under the zero objective).
    pub value: f64,
    /// The LP's columns (the model's free variables).
    pub columns: usize,
    /// Columns whose value at the optimum the solver returned is further than 1e-6 from 0 and 1.
    pub fractional: usize,
    /// Simplex iterations, where the solver reports them.
    pub iterations: Option<u64>,
}

/// A MILP backend: one solver reachable through good_lp, behind the [`Backend`] trait.
///
/// Which solvers exist is decided by the cargo features; the facade's solver registry asks
/// [`Milp::compiled`] (or the constructors) rather than keeping its own list of features.
///
/// It reads the model as given: [`SearchRequest::presolve`] is for the caller, who runs native
/// propagation on a copy of the model first and passes the result here. A node limit applies to
/// each solver call, and only where the solver takes one (HiGHS).
#[derive(Clone, Copy, Debug)]
pub struct Milp {
    name: &'static str,
    call: SolveFn,
    /// Its LP relaxation solve (microlp, HiGHS).
    lp: Option<LpFn>,
}

impl Milp {
    /// microlp: pure Rust, in the default build (feature `microlp`).
    #[cfg(feature = "microlp")]
    pub fn microlp() -> Milp {
        Milp { name: "microlp", call: microlp::solve, lp: Some(microlp::solve_lp) }
    }

    /// HiGHS: C++, feature `highs`; much faster on large grids.
    #[cfg(feature = "highs")]
    pub fn highs() -> Milp {
        Milp { name: "highs", call: highs::solve, lp: Some(highs::solve_lp) }
    }

    /// Whether [`Milp::root_lp`] can solve the LP relaxation with this solver.
    pub fn has_root_lp(&self) -> bool {
        self.lp.is_some()
    }

    /// Every MILP solver compiled into this build, best first.
    pub fn compiled() -> Vec<Milp> {
        [
            #[cfg(feature = "highs")]
            Milp::highs(),
            #[cfg(feature = "microlp")]
            Milp::microlp(),
        ]
        .to_vec()
    }

    /// The compiled-in solver called `name` (`microlp`, `highs`; case and spaces ignored).
    pub fn by_name(name: &str) -> Option<Milp> {
        Milp::compiled().into_iter().find(|m| m.name.eq_ignore_ascii_case(name.trim()))
    }

    /// The LP relaxation of `model` at the root ([`RootLp`]), solved once by this solver within
    /// `time`; `Err` says why not (the fixed values break a row, the LP is infeasible, the
    /// solver stopped).
    pub fn root_lp(&self, model: &Model, time: Option<Duration>) -> Result<RootLp, String> {
        let reduced = Reduced::new(model)
            .map_err(|conflict| format!("the fixed values break row {} before any LP", conflict.row))?;
        let lp = self.lp.ok_or_else(|| format!("{}: no LP relaxation solve in this build", self.name))?;
        let answer = lp(&reduced, time)?;
        let cost: f64 = reduced.column_costs().iter().zip(&answer.values).map(|(&c, &x)| c as f64 * x).sum::<f64>();
        Ok(RootLp {
            solver: self.name,
            value: cost + reduced.fixed_cost(model) as f64,
            columns: reduced.num_columns(),
            fractional: answer.values.iter().filter(|&&x| x.min(1.0 - x) > 1e-6).count(),
            iterations: answer.iterations,
        })
    }

    /// One solver call on the reduced problem, given up when `stop` says so (see the crate
    /// doc): on a thread of its own whenever `stop` can stop at all.
    fn call(&self, reduced: &Reduced, limits: CallLimits, start: Option<&[f64]>, stop: &Cancel) -> Attempt {
        if !stop.can_stop() {
            return (self.call)(reduced, limits, start);
        }
        let (call, mine, name) = (self.call, reduced.clone(), self.name);
        let my_start = start.map(<[f64]>::to_vec);
        let (tx, rx) = mpsc::channel();
        BACKGROUND.fetch_add(1, Ordering::SeqCst);
        let spawned =
            std::thread::Builder::new().name(format!("{name} call")).stack_size(CALL_STACK).spawn(move || {
                let attempt = call(&mine, limits, my_start.as_deref());
                BACKGROUND.fetch_sub(1, Ordering::SeqCst);
                // The receiver is gone when the search gave up on this call: nothing to do.
                let _ = tx.send(attempt);
            });
        if spawned.is_err() {
            BACKGROUND.fetch_sub(1, Ordering::SeqCst);
            return (self.call)(reduced, limits, start);
        }
        loop {
            // The flag is read every `POLL`; the deadline is the longest wait.
            let wait = stop.remaining().map_or(POLL, |left| left.min(POLL));
            match rx.recv_timeout(wait) {
                Ok(attempt) => return attempt,
                Err(RecvTimeoutError::Disconnected) => {
                    return Attempt::Stopped {
                        reason: format!("{name}: the solver call failed (panicked)"),
                        work: Work::UNKNOWN,
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    if let Some(reason) = stop.stop_reason() {
                        return Attempt::Stopped {
                            reason: format!("{reason} (the {name} call was abandoned)"),
                            work: Work::UNKNOWN,
                        };
                    }
                }
            }
        }
    }
}

/// How often a search waiting on a solver call reads its stop flag.
const POLL: Duration = Duration::from_millis(10);

/// Stack of a solver call's thread (the main thread's usual size).
const CALL_STACK: usize = 8 << 20;

/// Solver calls running on their own threads (see the crate doc).
static BACKGROUND: AtomicUsize = AtomicUsize::new(0);

/// Solver calls still running on their own thread, including calls a search gave up on when
/// its time ran out or it was cancelled: each ends at its solver's next clock check.
pub fn background_calls() -> usize {
    BACKGROUND.load(Ordering::SeqCst)
}

/// Limits for one solver call: what is left of the search's budget.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CallLimits {
    /// Time left.
    pub time: Option<Duration>,
    /// Node limit (per call); good_lp gives microlp no way to take one.
    #[cfg_attr(not(feature = "highs"), allow(dead_code))]
    pub nodes: Option<u64>,
}

/// What a solver reports of its own work in one call, where it reports it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Work {
    /// Branch-and-bound nodes.
    pub nodes: Option<u64>,
    /// Simplex iterations (the root LP's included).
    pub lp_iterations: Option<u64>,
}

impl Work {
    /// Nothing measured (a call abandoned, or a solver that reports nothing).
    const UNKNOWN: Work = Work { nodes: None, lp_iterations: None };
}

/// What one solver call gave.
#[derive(Clone, Debug)]
pub(crate) enum Attempt {
    /// Column values of a point the solver calls feasible (still to be checked), and the
    /// relative gap to its bound when it stopped.
    Values { values: Vec<f64>, work: Work, gap: Option<f64> },
    /// The solver proved there is no solution.
    Infeasible { work: Work },
    /// No answer: limit reached or solver trouble, in the solver's words.
    Stopped { reason: String, work: Work },
}

impl Attempt {
    fn work(&self) -> Work {
        match self {
            Attempt::Values { work, .. } | Attempt::Infeasible { work } | Attempt::Stopped { work, .. } => *work,
        }
    }
}

/// A sum over the calls that report their part (microlp reports nothing for a call that
/// proves infeasibility, such as the last call of a count; an abandoned call reports nothing).
fn add(total: Option<u64>, part: Option<u64>) -> Option<u64> {
    match (total, part) {
        (Some(a), Some(b)) => Some(a + b),
        (known, None) | (None, known) => known,
    }
}

impl Backend for Milp {
    fn name(&self) -> &'static str {
        self.name
    }

    fn search(&self, model: &Model, request: &SearchRequest) -> Result<SearchResult, BackendError> {
        let start = Instant::now();
        let stop = request.limits.start();
        let mut result = SearchResult {
            solutions: Vec::new(),
            count: 0,
            end: SearchEnd::Exhausted,
            stats: Stats { backend: self.name(), solver_calls: Some(0), model: model.size(), ..Stats::default() },
        };
        // A limit already passed (zero, or spent building and presolving the model): stop
        // before reducing a model that may be large.
        if let Some(reason) = stop.stop_reason() {
            result.end = SearchEnd::Stopped { reason: format!("{reason} after 0 solution(s)") };
            result.stats.nodes = Some(0);
            result.stats.elapsed = start.elapsed();
            return Ok(result);
        }
        let mut reduced = match Reduced::new(model) {
            Ok(reduced) => reduced,
            Err(_conflict) => {
                // Fixed values alone break a row: infeasible, no solver needed.
                result.stats.presolved = Some(Default::default());
                result.stats.nodes = Some(0);
                result.stats.elapsed = start.elapsed();
                return Ok(result);
            }
        };
        result.stats.presolved = Some(reduced.size());
        // The start goes to the first solver call only (later calls exclude its grid), and
        // only when it solves the model; with no column left there is no call to give it to.
        let mut mip_start = match &request.start {
            Some(grid) if reduced.num_columns() > 0 => {
                let ones = (grid.n() == model.n()).then(|| model.ones_from_grid(grid));
                match ones.filter(|ones| model.is_feasible(ones)) {
                    Some(ones) => Some((grid, reduced.values(&ones))),
                    None => {
                        result.stats.start = Some(StartUse::Rejected);
                        None
                    }
                }
            }
            _ => None,
        };
        // The model plus the cuts so far: every answer must satisfy all of it.
        let mut check = model.clone();
        result.end = loop {
            if result.count >= request.max_solutions {
                break SearchEnd::ReachedMax;
            }
            if let Some(reason) = stop.stop_reason() {
                break SearchEnd::Stopped { reason: format!("{reason} after {} solution(s)", result.count) };
            }
            let time = stop.remaining();
            let given = mip_start.take();
            let attempt = if reduced.num_columns() == 0 {
                // Everything is fixed: the only candidate is the fixed assignment. No solver ran,
                // so there is no LP and no gap to report.
                Attempt::Values { values: Vec::new(), work: Work { nodes: Some(0), lp_iterations: None }, gap: None }
            } else {
                result.stats.solver_calls = result.stats.solver_calls.map(|c| c + 1);
                let limits = CallLimits { time, nodes: request.limits.nodes };
                self.call(&reduced, limits, given.as_ref().map(|(_, values)| values.as_slice()), &stop)
            };
            if given.is_some() {
                result.stats.start = Some(StartUse::NoAnswer);
            }
            let work = attempt.work();
            result.stats.nodes = add(result.stats.nodes, work.nodes);
            result.stats.lp_iterations = add(result.stats.lp_iterations, work.lp_iterations);
            // A watched count (the CLI's progress line) sees the nodes where the backend reports
            // them.
            if let Some(nodes) = result.stats.nodes {
                stop.note_nodes(nodes);
            }
            let (values, gap) = match attempt {
                Attempt::Values { values, gap, .. } => (values, gap),
                // The start satisfies the model: a solver that calls it infeasible is wrong.
                Attempt::Infeasible { .. } if given.is_some() => {
                    break SearchEnd::Stopped {
                        reason: format!("{} called the model infeasible although its start solves it", self.name()),
                    }
                }
                Attempt::Infeasible { .. } => break SearchEnd::Exhausted,
                Attempt::Stopped { reason, .. } => {
                    let expired = stop.deadline().is_some_and(|d| Instant::now() >= d);
                    break if expired && !reason.to_lowercase().contains("time limit") {
                        SearchEnd::Stopped { reason: format!("time limit reached ({reason})") }
                    } else {
                        SearchEnd::Stopped { reason }
                    };
                }
            };
            let ones = reduced.assignment(&values);
            let grid = match check.grid_from_ones(&ones).filter(|_| check.is_feasible(&ones)) {
                Some(grid) => grid,
                None => {
                    break SearchEnd::Stopped {
                        reason: format!(
                            "{} returned a point that is not a solution of the model (after {} solutions); \
                             it was discarded",
                            self.name(),
                            result.count
                        ),
                    }
                }
            };
            if let Some((start_grid, _)) = given {
                result.stats.start = Some(if *start_grid == grid { StartUse::Kept } else { StartUse::Replaced });
            }
            result.stats.objective = Some(model.objective_value(&ones));
            result.stats.mip_gap = gap;
            let cut = model.exclusion_cut(&grid, result.count as usize);
            result.count += 1;
            stop.note_solutions(result.count);
            if result.solutions.len() < request.keep {
                result.solutions.push(grid);
            }
            check.push_row(cut.clone());
            if reduced.add_row(&cut).is_err() {
                // The cut has no free variable: that solution was the only assignment left.
                break SearchEnd::Exhausted;
            }
        };
        result.stats.elapsed = start.elapsed();
        Ok(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compiled_is_exactly_what_the_features_give() {
        let names: Vec<&str> = Milp::compiled().iter().map(|m| m.name()).collect();
        assert_eq!(names.contains(&"microlp"), cfg!(feature = "microlp"));
        assert_eq!(names.contains(&"highs"), cfg!(feature = "highs"));
        for name in &names {
            assert_eq!(Milp::by_name(&format!(" {} ", name.to_uppercase())).map(|m| m.name()), Some(*name));
        }
        assert!(Milp::by_name("cplex").is_none());
    }
}

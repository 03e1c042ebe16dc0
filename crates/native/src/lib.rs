//! # sudoku-ip-native
//!
//! The native backend: an exact solver for the model class of sudoku-ip — "exactly one" rows
//! (cells, rows, columns, regions of the binary cube `x[cell, digit]`) plus arbitrary linear
//! side rows — reading only the [`Model`], never the [`Puzzle`](sudoku_ip_model::Puzzle).
//!
//! - [`Native`] implements [`Backend`]: solve, count up to `max_solutions`, enumerate, prove
//!   uniqueness, under node and time limits.
//! - The generic engine ([`search_generic`]) propagates to a fixed point — exactly-one rows by
//!   counters (naked and hidden singles), at-most-one rows (`Σ x <= 1`: anti-knight,
//!   non-consecutive, conflict cliques) by killing the others of a variable at 1, by locked candidates between rows sharing
//!   variables and, in long searches, by pairs; linear rows by activity bounds over groups of terms that lie in one
//!   exactly-one row (`linear.rs`), with groups that must take distinct values bounded together
//!   (`distinct.rs`: a cage over a whole grid has one possible total), and those that are sums of distinct values (killer cages)
//!   by the value combinations they allow (`sums.rs`), to the row's own consistency when
//!   they have few values (`sumsets.rs`); the model's line automata to domain
//!   consistency, by a forward and a backward pass over their states (`lines.rs`; a search
//!   leaves out the rows of the auxiliary variables an automaton replaces) — and searches depth-first with a trail, branching in the
//!   exactly-one row with the fewest candidates relative to the conflicts it has caused
//!   (dom/wdeg), restarting with a random value order when a search for few solutions runs
//!   long (Luby budgets of conflicts; every grid found is remembered so counts stay exact;
//!   on grids from 25×25 up, restarted runs take wide-open rows in model order; the subtrees
//!   a run refuted are recorded as nogoods that later runs propagate, `nogoods.rs`; restarted
//!   runs on models without linear rows or line automata look ahead before they branch,
//!   `lookahead.rs`). It assumes nothing about where rows come from, so every variant that compiles
//!   to rows runs on it unchanged. Auxiliary variables are ordinary variables of its rows;
//!   solutions are decoded to grids from the cube variables alone, and each grid counts once.
//! - [`Native::prepare`] compiles a model once into a [`Prepared`] handle that the caller keeps
//!   for many searches over the same rows (the generator, batches of one shape).
//!
//! ```text
//!   Model ──compile.rs──▶ Compiled (CSR rows, incidences, partners, linear groups; Prepared)
//!                              │
//!   fixed variables ──▶ Engine (engine.rs: bitsets, row counters, trail, queues)
//!                              │ propagate to a fixed point
//!                              ▼
//!                        search.rs: pick row (dom/wdeg) → x = 1 │ backtrack → x = 0
//! ```
//! - [`presolve`] runs the root propagation alone, for MILP backends to substitute what it
//!   decides before calling their solver; [`probe`] adds failed-literal probing and what
//!   every candidate of a row implies, to a fixed point (the facade's MILP presolve).
//! - Plain 9×9 models (recognised by [`is_plain_9x9`]) may take a bit-parallel fast path
//!   ([`fast9`]); the generic engine stays the reference the fast path is tested against.
//! - [`reference`] is a deliberately naive solver used only to cross-check counts in tests.
#![forbid(unsafe_code)]

mod compile;
mod distinct;
mod engine;
mod exact;
pub mod fast9;
mod linear;
mod lines;
mod lookahead;
mod nogoods;
mod plain9;
mod presolve;
mod probe;
pub mod reference;
mod search;
mod sums;
mod sumsets;
mod support;

use std::sync::Arc;
use std::time::Instant;

use sudoku_ip_model::{
    Backend, BackendError, Cancel, Cell, Grid, Model, ModelSize, SearchEnd, SearchRequest, SearchResult, Stats,
};

pub use plain9::is_plain_9x9;
pub use presolve::{presolve, Presolve};
pub use probe::{probe, PROBE_BUDGET};
pub use sums::{combinations, fitting};

/// The native exact engine as a [`Backend`] named `native`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Native;

/// Hook for specialised solvers of common model shapes (plain 9×9 → [`fast9`]); `None` hands the
/// model to the generic engine.
fn fast_path(model: &Model, request: &SearchRequest) -> Option<SearchResult> {
    // The plain 9×9 model has 729 variables in 4·81 rows: anything else is a variant, which
    // need not pay for building the blank model `is_plain_9x9` compares with (a tenth of an
    // easy variant's whole process).
    if model.n() != 9 || model.num_vars() != 729 || model.rows().len() != 4 * 81 {
        return None;
    }
    let givens = is_plain_9x9(model)?;
    let mut result = search_plain9(&givens, request)?;
    result.stats.model = model.size();
    Some(result)
}

/// Search a plain 9×9 puzzle (row-major givens, 0 = empty) with the bit-parallel fast path,
/// without building a [`Model`] first — what callers that already know the puzzle is plain
/// 9×9 use to skip the model's construction. `None` only if a solution is malformed (a bug).
/// The reported model size is the plain 9×9 model's (729 variables, 324 rows).
pub fn search_plain9(givens: &[u8; 81], request: &SearchRequest) -> Option<SearchResult> {
    search_plain9_since(givens, request, Some(Instant::now()))
}

/// [`search_plain9`], its time counted from `start`: a caller that has just read the clock
/// passes its reading, and one that measures nothing passes `None` (the elapsed time is then
/// zero): a batch of easy puzzles spends a measurable share reading clocks.
pub fn search_plain9_since(givens: &[u8; 81], request: &SearchRequest, start: Option<Instant>) -> Option<SearchResult> {
    let limits = &request.limits;
    let stop = limits.start();
    let out = fast9::search9(givens, request.max_solutions, request.keep, limits.nodes, &stop);
    let solutions = out.solutions.iter().map(|s| Grid::from_values(9, s.to_vec())).collect::<Option<Vec<Grid>>>()?;
    let end = if out.complete {
        SearchEnd::Exhausted
    } else if out.stopped {
        let reason = match limits.nodes {
            Some(max) if out.guesses >= max => format!("node limit of {max} reached"),
            _ => stop.stop_reason().or_else(|| stop.time_reason()).unwrap_or_else(|| "stopped".to_string()),
        };
        SearchEnd::Stopped { reason }
    } else {
        SearchEnd::ReachedMax
    };
    Some(SearchResult {
        solutions,
        count: out.count,
        end,
        stats: Stats {
            backend: "native",
            elapsed: start.map(|s| s.elapsed()).unwrap_or_default(),
            // The fast path's nodes are its guesses: each opens one branch.
            nodes: Some(out.guesses),
            guesses: Some(out.guesses),
            solver_calls: None,
            model: sudoku_ip_model::ModelSize {
                variables: 729,
                rows: 324,
                nonzeros: 2916,
                fixed: givens.iter().filter(|&&v| v != 0).count(),
            },
            presolved: None,
            ..Stats::default()
        },
    })
}

impl Backend for Native {
    fn name(&self) -> &'static str {
        "native"
    }

    fn search(&self, model: &Model, request: &SearchRequest) -> Result<SearchResult, BackendError> {
        if let Some(result) = fast_path(model, request) {
            return Ok(result);
        }
        search_generic(model, request)
    }
}

impl Native {
    /// Compile `model` once for many searches: see [`Prepared`]. Fails like
    /// [`Backend::search`] when a row mentions a variable the model does not have.
    pub fn prepare(model: &Model) -> Result<Prepared, BackendError> {
        compile::check_model(model).map_err(unsupported)?;
        Ok(Prepared {
            compiled: Arc::new(compile::Compiled::new_until(model, &Cancel::default(), true).unwrap_or_default()),
            plain9: plain9::rows_are_plain_9x9(model),
            model: model.clone(),
        })
    }
}

/// A model compiled once and kept by the caller for many searches over the same rows with
/// different fixed variables: the generator's removal tests, a batch of puzzles of one shape.
/// Compiling costs about as much as an easy search; a handle pays it once. It is `Sync`: batch
/// workers can share one and search it with their own bounds ([`Prepared::search_with`]).
#[derive(Clone)]
pub struct Prepared {
    model: Model,
    compiled: Arc<compile::Compiled>,
    /// The rows are a plain 9×9's: searches whose bounds are givens take the fast path.
    plain9: bool,
}

impl std::fmt::Debug for Prepared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Prepared").field("size", &self.model.size()).field("plain9", &self.plain9).finish()
    }
}

impl Prepared {
    /// The model, with the fixed variables as last set.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// Fix or free a variable for the next searches (the rows stay as compiled).
    pub fn set_fixed(&mut self, var: u32, value: Option<bool>) {
        self.model.set_fixed(var, value);
    }

    /// Search the model with its fixed variables: the contract of [`Native`]'s
    /// [`Backend::search`], fast path included.
    pub fn search(&self, request: &SearchRequest) -> Result<SearchResult, BackendError> {
        self.search_with(self.model.fixed(), request)
    }

    /// Search the prepared rows with `fixed` (one entry per variable) in place of the model's
    /// fixed variables.
    pub fn search_with(&self, fixed: &[Option<bool>], request: &SearchRequest) -> Result<SearchResult, BackendError> {
        if self.plain9 {
            if let Some(mut result) = plain9::givens_of(fixed).and_then(|g| search_plain9(&g, request)) {
                result.stats.model = self.size_with(fixed);
                return Ok(result);
            }
        }
        self.search_generic_with(fixed, request)
    }

    /// [`Prepared::search`] on the generic engine, guided by `guide`: in each row it branches
    /// on, the search tries a live variable of [`Guide::prefer`] at 1 first. The answer is the same as unguided (counts stay exact);
    /// only the order, and so the effort, changes. What the generator's removal tests use: a
    /// second solution of a puzzle just short of a clue mostly agrees with the known one, so
    /// trying the known digits first finds it in few nodes.
    pub fn search_guided(&self, request: &SearchRequest, guide: &Guide) -> Result<SearchResult, BackendError> {
        let fixed = self.model.fixed();
        let start = Instant::now();
        let mut engine = engine::Engine::with(Arc::clone(&self.compiled), fixed);
        engine.set_phase(&guide.prefer);
        let mut result = run_engine(&self.model, engine, request, start, None)?;
        result.stats.model = self.size_with(fixed);
        Ok(result)
    }

    /// [`Prepared::search_with`] on the generic engine only, never a fast path.
    pub fn search_generic_with(
        &self,
        fixed: &[Option<bool>],
        request: &SearchRequest,
    ) -> Result<SearchResult, BackendError> {
        if fixed.len() != self.model.num_vars() {
            return Err(unsupported(format!(
                "{} fixed values for a model of {} variables",
                fixed.len(),
                self.model.num_vars()
            )));
        }
        let mut result = run_generic(&self.model, Arc::clone(&self.compiled), fixed, request)?;
        result.stats.model = self.size_with(fixed);
        Ok(result)
    }

    fn size_with(&self, fixed: &[Option<bool>]) -> ModelSize {
        ModelSize { fixed: fixed.iter().filter(|f| f.is_some()).count(), ..self.model.size() }
    }
}

/// Hints a caller carries from one search of a [`Prepared`] model to the next
/// ([`Prepared::search_guided`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Guide {
    /// Variables to try at 1 first, in every exactly-one row the search branches on (a known
    /// solution's variables at 1).
    pub prefer: Vec<u32>,
}

fn unsupported(reason: String) -> BackendError {
    BackendError::Unsupported { backend: "native".to_string(), reason }
}

/// Search with the generic engine only, never a fast path: the reference that specialised
/// solvers are tested against. Same contract as [`Native`]'s [`Backend::search`].
pub fn search_generic(model: &Model, request: &SearchRequest) -> Result<SearchResult, BackendError> {
    compile::check_model(model).map_err(unsupported)?;
    let Some(compiled) = compile_until(model, request) else { return Ok(stopped_while_compiling(model, request)) };
    run_generic(model, Arc::new(compiled), model.fixed(), request)
}

/// Search with the generic engine, handing each solution to `each` as it is found (nothing is
/// kept: `solutions` comes back empty); `each` returning false stops the search there. What
/// `solve --all` uses to print solutions as they come, in constant memory. A solution of the
/// model that is not a grid ends the search with an error.
pub fn search_each(
    model: &Model,
    request: &SearchRequest,
    mut each: impl FnMut(Grid) -> bool,
) -> Result<SearchResult, BackendError> {
    compile::check_model(model).map_err(unsupported)?;
    let Some(compiled) = compile_until(model, request) else { return Ok(stopped_while_compiling(model, request)) };
    let mut bad = None;
    let mut sink = |ones: Vec<u32>| match grid_of_ones(model, &ones) {
        Ok(grid) => each(grid),
        Err(e) => {
            bad = Some(e);
            false
        }
    };
    let result = run_generic_each(model, Arc::new(compiled), model.fixed(), request, Some(&mut sink));
    match bad {
        Some(e) => Err(e),
        None => result,
    }
}

/// `model` compiled, unless the request's limit passes first (a limit of zero, a caller's
/// deadline spent before the search, or one that runs out while compiling: a 64×64 with a
/// whole-grid cage takes a few hundred milliseconds to compile, more than the time-limit
/// guarantee's 50 ms).
fn compile_until(model: &Model, request: &SearchRequest) -> Option<compile::Compiled> {
    let stop = request.limits.start();
    if stop.should_stop() {
        return None;
    }
    compile::Compiled::new_until(model, &stop, true)
}

/// The result of a search stopped before its model was compiled ([`compile_until`]).
fn stopped_while_compiling(model: &Model, request: &SearchRequest) -> SearchResult {
    let stop = request.limits.start();
    let reason = stop.stop_reason().or_else(|| stop.time_reason()).unwrap_or_else(|| "stopped".to_string());
    SearchResult {
        solutions: Vec::new(),
        count: 0,
        end: SearchEnd::Stopped { reason },
        stats: Stats { backend: "native", nodes: Some(0), guesses: Some(0), model: model.size(), ..Stats::default() },
    }
}

/// The generic engine on compiled rows (of `model`, whose variables are checked) under `fixed`.
fn run_generic(
    model: &Model,
    compiled: Arc<compile::Compiled>,
    fixed: &[Option<bool>],
    request: &SearchRequest,
) -> Result<SearchResult, BackendError> {
    run_generic_each(model, compiled, fixed, request, None)
}

/// [`run_generic`], with solutions handed to `each` instead of kept when it is given.
fn run_generic_each(
    model: &Model,
    compiled: Arc<compile::Compiled>,
    fixed: &[Option<bool>],
    request: &SearchRequest,
    each: Option<&mut dyn FnMut(Vec<u32>) -> bool>,
) -> Result<SearchResult, BackendError> {
    let start = Instant::now();
    let engine = engine::Engine::with(compiled, fixed);
    run_engine(model, engine, request, start, each)
}

/// Search with `engine` (built over `model`'s compiled rows), started at `start`.
fn run_engine(
    model: &Model,
    mut engine: engine::Engine,
    request: &SearchRequest,
    start: Instant,
    each: Option<&mut dyn FnMut(Vec<u32>) -> bool>,
) -> Result<SearchResult, BackendError> {
    let compiled_vars = engine.c.num_vars;
    let goal = search::Goal {
        max_solutions: request.max_solutions,
        keep: request.keep,
        stop: request.limits.start(),
        nodes: request.limits.nodes,
        restart: Some(restart_budgets(compiled_vars)),
    };
    let outcome = engine.search_each(&goal, start, each);
    let solutions =
        outcome.solutions.iter().map(|ones| grid_of_ones(model, ones)).collect::<Result<Vec<Grid>, BackendError>>()?;
    let end = match outcome.end {
        search::End::Exhausted => SearchEnd::Exhausted,
        search::End::ReachedMax => SearchEnd::ReachedMax,
        search::End::Stopped(reason) => SearchEnd::Stopped { reason },
    };
    Ok(SearchResult {
        solutions,
        count: outcome.count,
        end,
        stats: Stats {
            backend: "native",
            elapsed: start.elapsed(),
            nodes: Some(outcome.nodes),
            guesses: Some(outcome.guesses),
            solver_calls: None,
            model: model.size(),
            presolved: None,
            ..Stats::default()
        },
    })
}

/// Restart budgets for a model of `vars` variables: conflicts of the first run, and the unit
/// of the Luby budgets of later runs. Big grids fill thousands of cells through many harmless
/// conflicts, so both grow with the model: a first run of one conflict per eight variables
/// keeps their deterministic order (restarting an empty 64x64 early made it unsolvable within
/// 20 s; one run takes 14k nodes), and a unit of one conflict per 64 variables lets a restarted
/// run get as deep as a grid needs (with a unit of 20, a 25x25 half given took 18,003 nodes and
/// an empty 49x49 never finished; now 6,845 and 47,674).
fn restart_budgets(vars: usize) -> (u64, u64) {
    let vars = vars as u64;
    (search::FIRST_RUN.max(vars / 8), search::RESTART_UNIT.max(vars / 64))
}

/// The grid of a solution given as its variables at 1 (auxiliary variables ignored). A model
/// without cell rows can have solutions that are not grids; those are reported, not returned.
fn grid_of_ones(model: &Model, ones: &[u32]) -> Result<Grid, BackendError> {
    let n = model.n();
    let mut values = vec![0u8; n * n];
    let not_a_grid = |k: usize, what: &str| BackendError::Unsupported {
        backend: "native".to_string(),
        reason: format!("a solution of the model puts {what} in cell {}", Cell::from_index(k, n)),
    };
    for (k, d) in ones.iter().filter_map(|&v| model.cell_digit(v)) {
        if values[k] != 0 {
            return Err(not_a_grid(k, "two digits"));
        }
        values[k] = d as u8;
    }
    if let Some(k) = values.iter().position(|&x| x == 0) {
        return Err(not_a_grid(k, "no digit"));
    }
    Grid::from_values(n, values).ok_or_else(|| BackendError::Failed {
        backend: "native".to_string(),
        reason: "solution grid has the wrong size".to_string(),
    })
}

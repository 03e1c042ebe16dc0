//! The one checked pipeline: build the model, presolve for MILP solvers, search with the chosen
//! backend, and check every grid with the independent checker before it is returned.
//!
//! The CLI, the web server and the Python package all call [`search`] (or [`solve`] /
//! [`count`]); none keeps a solve path of its own.

use std::time::{Duration, Instant};

use sudoku_ip_model::{
    check, BackendError, Grid, Limits, Model, Objective, Puzzle, SearchEnd, SearchRequest, Stats, Violation,
};
use thiserror::Error;

use crate::solver::{BackendChoiceError, Solver};

/// How to solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Which solver.
    pub solver: Solver,
    /// Time and node limits, and the job's stop flag ([`Limits::cancel`]).
    pub limits: Limits,
    /// What a MILP solver's model is presolved with before the solver gets it ([`Presolve`]).
    pub presolve: Presolve,
    /// What a MILP solver minimises (the native engine only looks for solutions).
    pub objective: Objective,
    /// When a MILP solver starts from a native solution (its MIP start).
    pub mip_start: MipStart,
    /// Measure the report's times (true by default). A batch that prints no times turns it off:
    /// a plain 9×9 then reads no clock at all (its times are zero), which on easy puzzles is a
    /// few percent of the whole command. Other puzzles are measured either way.
    pub timed: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            solver: Solver::Native,
            limits: Limits::default(),
            presolve: Presolve::Light,
            objective: Objective::Zero,
            mip_start: MipStart::Auto,
            timed: true,
        }
    }
}

/// How much of a MILP solver's work native propagation does first. Only the variables it
/// decides leave the model (they are exact: every solution agrees on them); the solver gets
/// the rest. The native engine ignores it (propagation is its own first step).
///
/// ```text
///   none   the seed's model as written: only the givens are substituted (they are bounds)
///   light  givens + root propagation (singles, locked candidates, linear bounds): what a MILP
///          presolve does before branching. The default for a named MILP solver.
///   probe  light, then probing to a fixed point (failed literals, two levels): decides most
///          puzzles outright, so the solver is often not called at all
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Presolve {
    /// Hand the solver the model as the seeds write it (givens as fixed bounds).
    None,
    /// Givens and root propagation: what a MILP presolve would do.
    #[default]
    Light,
    /// Root propagation, then probing to a fixed point ([`sudoku_ip_native::probe`]).
    Probe,
}

impl Presolve {
    /// Every level, weakest first (the order the help and `compare` list them).
    pub const ALL: [Presolve; 3] = [Presolve::None, Presolve::Light, Presolve::Probe];

    /// The name on the command line and in the API: `none`, `light`, `probe`.
    pub fn name(self) -> &'static str {
        match self {
            Presolve::None => "none",
            Presolve::Light => "light",
            Presolve::Probe => "probe",
        }
    }

    /// What the level does, in words (for stats and help).
    pub fn describe(self) -> &'static str {
        match self {
            Presolve::None => "none: the model as the seeds write it",
            Presolve::Light => "light: givens and root propagation",
            Presolve::Probe => "probe: root propagation and probing to a fixed point",
        }
    }
}

impl std::fmt::Display for Presolve {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.name())
    }
}

impl std::str::FromStr for Presolve {
    type Err = String;

    /// The level called `name` (case and surrounding spaces ignored), or an error that lists
    /// the names there are.
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        sudoku_ip_model::model::by_name("presolve level", Presolve::ALL, Presolve::name, name)
    }
}

impl serde::Serialize for Presolve {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// When a MILP solver is handed a solution found by the native engine as its starting
/// incumbent (its MIP start). The native search runs on the presolved model, within half the
/// time left; the solver then has the start to improve or prove optimal, and the report says
/// what became of it ([`Stats::start`](sudoku_ip_model::Stats::start), [`Report::start_time`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MipStart {
    /// When an objective is set (not [`Objective::Zero`]): the solver certifies the start or
    /// improves it; the start is optimal by the solver's bound, or by the presolve's proof that
    /// the objective is constant ([`Report::objective_reduced`]), which hands the solver zero.
    #[default]
    Auto,
    /// With the zero objective too, where any solution is optimal: the solver only confirms
    /// the native engine's grid (a kept start is the native engine's answer, not the solver's).
    Native,
    /// Never: the solver searches on its own.
    Off,
}

impl MipStart {
    /// Every choice, in the order the help lists them.
    pub const ALL: [MipStart; 3] = [MipStart::Auto, MipStart::Native, MipStart::Off];

    /// Whether a search with `objective` gets a start.
    pub fn applies(self, objective: Objective) -> bool {
        match self {
            MipStart::Auto => objective != Objective::Zero,
            MipStart::Native => true,
            MipStart::Off => false,
        }
    }

    /// The name on the command line and in the API: `auto`, `native`, `off`.
    pub fn name(self) -> &'static str {
        match self {
            MipStart::Auto => "auto",
            MipStart::Native => "native",
            MipStart::Off => "off",
        }
    }
}

impl std::str::FromStr for MipStart {
    type Err = String;

    /// The choice called `name` (case and surrounding spaces ignored), or an error that lists
    /// the names there are.
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        sudoku_ip_model::model::by_name("MIP start", MipStart::ALL, MipStart::name, name)
    }
}

/// What a solve found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A checked solution: the report's first, [`Report::solution`] (kept once, in
    /// [`Report::solutions`]).
    Solved,
    /// No solution exists; `reason` says why where it can.
    Infeasible {
        /// Why, e.g. "row 3 has two 5s: r3c2, r3c7".
        reason: String,
    },
    /// The solver stopped before knowing (time limit, node limit, solver status).
    Unknown {
        /// Why it stopped.
        reason: String,
    },
}

/// A solve or count, with its checked solutions and measurements.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// Solved (the first of `solutions`), or why there is none.
    pub outcome: Outcome,
    /// Checked solutions (up to what was asked to keep, and at least one when solved).
    pub solutions: Vec<Grid>,
    /// Solutions found.
    pub count: u64,
    /// How the search ended (exact count, limit reached, stopped).
    pub end: SearchEnd,
    /// The backend's measurements.
    pub stats: Stats,
    /// Time to build the model.
    pub build_time: Duration,
    /// Time of native presolve, when it ran.
    pub presolve_time: Option<Duration>,
    /// MILP solvers: the presolve level the model went through ([`Options::presolve`]);
    /// `None` for the native engine.
    pub presolve: Option<Presolve>,
    /// Time of the native search for a MIP start ([`MipStart`]), when it ran.
    pub start_time: Option<Duration>,
    /// The constant the presolve proved the objective equal to on every solution
    /// ([`constant_objective`](sudoku_ip_model::constant_objective)), when it did: the MILP
    /// solver was then handed the zero objective (a feasibility problem), the optimality proof
    /// being the presolve's certificate. [`Stats::objective`] is still the objective's value at
    /// the answer, checked equal to this constant.
    pub objective_reduced: Option<i64>,
    /// Everything: build, presolve, search and checking.
    pub total_time: Duration,
}

impl Report {
    /// A report with no grid: `outcome` says why (infeasible, or unknown for a search that
    /// stopped), `end` how the search ended, and nothing found.
    pub fn unanswered(
        outcome: Outcome,
        end: SearchEnd,
        stats: Stats,
        build_time: Duration,
        presolve_time: Option<Duration>,
        total_time: Duration,
    ) -> Report {
        Report {
            outcome,
            solutions: Vec::new(),
            count: 0,
            end,
            stats,
            build_time,
            presolve_time,
            presolve: None,
            start_time: None,
            objective_reduced: None,
            total_time,
        }
    }

    /// A MILP solver that was not called, and why, in words: everything was decided before
    /// it (by the givens, or by presolve, which may also prove there is no solution). `None`
    /// when the solver was called, and for the native engine.
    pub fn solver_not_called(&self) -> Option<String> {
        let level = self.presolve?;
        if self.stats.solver_calls.is_some_and(|c| c > 0) {
            return None;
        }
        let by = match level {
            Presolve::None => "decided by the givens".to_string(),
            level => format!("decided by presolve ({})", level.describe()),
        };
        let what = match self.outcome {
            Outcome::Infeasible { .. } => format!("no solution, {by}"),
            Outcome::Unknown { .. } => return Some("stopped before the MILP solver was called".into()),
            Outcome::Solved => by,
        };
        Some(format!("{what}; the MILP solver was not called"))
    }

    /// The first checked solution: `Some` exactly when the outcome is [`Outcome::Solved`].
    pub fn solution(&self) -> Option<&Grid> {
        match self.outcome {
            Outcome::Solved => self.solutions.first(),
            _ => None,
        }
    }

    /// The first checked solution, taken out of the report (`None` unless solved).
    pub fn into_solution(self) -> Option<Grid> {
        match self.outcome {
            Outcome::Solved => self.solutions.into_iter().next(),
            _ => None,
        }
    }

    /// True when the search proved there is exactly one solution.
    pub fn is_unique(&self) -> bool {
        self.count == 1 && self.end == SearchEnd::Exhausted
    }
}

/// Failures that are not "no solution".
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum Error {
    /// The backend failed.
    #[error(transparent)]
    Backend(#[from] BackendError),
    /// The solver is unknown or not compiled in.
    #[error(transparent)]
    Solver(#[from] BackendChoiceError),
    /// A bad cap on true-candidate counts.
    #[error(transparent)]
    Cap(#[from] crate::candidates::CapError),
    /// An answer's objective value differs from the constant the presolve proved it to be.
    #[error("the objective is {value} at the answer, not the constant {constant} the presolve proved; this is a bug, please report it")]
    ObjectiveNotConstant {
        /// The presolve's constant.
        constant: i64,
        /// The value at the answer.
        value: i64,
    },
    /// A backend returned a grid the independent checker rejects. Never shown as a solution.
    #[error("the {backend} solver returned a grid that breaks the rules ({}); this is a bug, please report it", first_violation(.violations))]
    InvalidSolution {
        /// Backend name.
        backend: String,
        /// What the checker found.
        violations: Vec<Violation>,
    },
}

fn first_violation(v: &[Violation]) -> String {
    v.first().map(ToString::to_string).unwrap_or_default()
}

/// Solve a puzzle: one checked solution, or why there is none.
pub fn solve(puzzle: &Puzzle, options: &Options) -> Result<Report, Error> {
    search(puzzle, options, 1, 1)
}

/// Count solutions up to `max` (2 proves uniqueness), keeping the first `keep` of them.
pub fn count(puzzle: &Puzzle, options: &Options, max: u64, keep: usize) -> Result<Report, Error> {
    search(puzzle, options, max, keep)
}

/// Plain 9×9 on the native engine goes straight to the bit-parallel solver: building the
/// 729-variable model would cost more than solving. Same answers, same checks.
fn plain9_fast(
    puzzle: &Puzzle,
    options: &Options,
    max: u64,
    keep: usize,
    start: Option<Instant>,
) -> Result<Option<Report>, Error> {
    if options.solver != Solver::Native {
        return Ok(None);
    }
    let Some(givens) = puzzle.plain_9x9_givens() else { return Ok(None) };
    let request =
        SearchRequest { max_solutions: max.max(1), keep, limits: options.limits.clone(), presolve: false, start: None };
    let Some(result) = sudoku_ip_native::search_plain9_since(&givens, &request, start) else { return Ok(None) };
    finish(puzzle, "native", result, options.objective, Duration::ZERO, None, start).map(Some)
}

/// Check every solution against the puzzle and turn a search result into a report.
fn finish(
    puzzle: &Puzzle,
    backend: &str,
    mut result: sudoku_ip_model::SearchResult,
    objective: Objective,
    build_time: Duration,
    presolve_time: Option<Duration>,
    start: Option<Instant>,
) -> Result<Report, Error> {
    for grid in &result.solutions {
        let violations = check::verify(puzzle, grid);
        if !violations.is_empty() {
            return Err(Error::InvalidSolution { backend: backend.to_string(), violations });
        }
    }
    // The native engine does not optimise and need not: the objective is one value on every
    // grid (see `Objective`), so its value at the solution is the optimum a MILP solver reports.
    if objective != Objective::Zero && result.stats.objective.is_none() {
        result.stats.objective = result.solutions.first().map(|g| objective.grid_value(g));
    }
    let outcome = match (result.solutions.first(), &result.end) {
        (Some(_), _) => Outcome::Solved,
        (None, SearchEnd::Stopped { reason }) => Outcome::Unknown { reason: reason.clone() },
        (None, _) if result.count > 0 => Outcome::Unknown { reason: "solutions were counted but none kept".into() },
        (None, _) => {
            Outcome::Infeasible { reason: "no grid satisfies every rule with these givens (search exhausted)".into() }
        }
    };
    Ok(Report {
        outcome,
        solutions: result.solutions,
        count: result.count,
        end: result.end,
        stats: result.stats,
        build_time,
        presolve_time,
        presolve: None,
        start_time: None,
        objective_reduced: None,
        total_time: start.map(|s| s.elapsed()).unwrap_or_default(),
    })
}

/// Search for up to `max` solutions and hand each one, checked, to `each` as it is found
/// (`each` returning false stops the search); the report keeps only the first. The native engine
/// streams (constant memory: what `solve --all` prints as it goes); a MILP solver finds every
/// solution first, then hands them over.
pub fn search_each(
    puzzle: &Puzzle,
    options: &Options,
    max: u64,
    mut each: impl FnMut(&Grid) -> bool,
) -> Result<Report, Error> {
    if options.solver != Solver::Native {
        let mut report = search(puzzle, options, max, usize::try_from(max).unwrap_or(usize::MAX))?;
        for grid in &report.solutions {
            if !each(grid) {
                break;
            }
        }
        report.solutions.truncate(1);
        return Ok(report);
    }
    let start = Instant::now();
    let options = &started(options);
    let conflicts = check::given_conflicts(puzzle);
    if !conflicts.is_empty() {
        return search(puzzle, options, max, 0);
    }
    if let Some(reason) = options.limits.cancel.stop_reason() {
        let stats = Stats { backend: "native", ..Stats::default() };
        return Ok(stopped_early(reason, stats, Duration::ZERO, None, start));
    }
    let model = Model::build(puzzle);
    let build_time = start.elapsed();
    let request = SearchRequest {
        max_solutions: max.max(1),
        keep: 0,
        limits: options.limits.clone(),
        presolve: false,
        start: None,
    };
    let (mut invalid, mut first) = (None, None);
    let mut result = sudoku_ip_native::search_each(&model, &request, |grid| {
        let violations = check::verify(puzzle, &grid);
        if violations.is_empty() {
            let more = each(&grid);
            first.get_or_insert(grid);
            more
        } else {
            invalid = Some(violations);
            false
        }
    })?;
    if let Some(violations) = invalid {
        return Err(Error::InvalidSolution { backend: "native".into(), violations });
    }
    result.solutions.extend(first);
    finish(puzzle, "native", result, options.objective, build_time, None, Some(start))
}

/// The options with the job's stop token started now: the time limit counts from the start of
/// the whole search (building the model and the presolve included), not from the backend's
/// start. A backend's own [`Limits::start`] keeps this earlier deadline.
fn started(options: &Options) -> Options {
    let mut started = options.clone();
    started.limits.cancel = options.limits.start();
    started
}

/// The report of a search whose stop token fired before the backend ran (a time limit of
/// zero, or one that ran out while the model was built or presolved): nothing is built or
/// searched after that, so the limit holds however large the model.
fn stopped_early(
    reason: String,
    stats: Stats,
    build_time: Duration,
    presolve_time: Option<Duration>,
    start: Instant,
) -> Report {
    let outcome = Outcome::Unknown { reason: reason.clone() };
    let stats = Stats { nodes: Some(0), ..stats };
    Report::unanswered(outcome, SearchEnd::Stopped { reason }, stats, build_time, presolve_time, start.elapsed())
}

/// Search for up to `max` solutions with the chosen backend and check every one returned.
pub fn search(puzzle: &Puzzle, options: &Options, max: u64, keep: usize) -> Result<Report, Error> {
    // Untimed (see `Options::timed`), a plain 9x9 reads no clock; other searches always do.
    let clock = options.timed.then(Instant::now);
    let options = &started(options);
    let backend = options.solver.backend()?;
    let empty_stats = || Stats { backend: backend.name(), ..Stats::default() };
    // A plain 9x9 is searched first: givens that break a rule leave it no solution, so they
    // are listed only when it found none (most puzzles of a batch have a solution).
    let fast = match plain9_fast(puzzle, options, max, keep, clock)? {
        Some(report) if report.count > 0 || !report.solutions.is_empty() => return Ok(report),
        fast => fast,
    };
    let start = clock.unwrap_or_else(Instant::now);
    // Givens that already break a rule are the clearest reason there is no solution.
    let conflicts = check::given_conflicts(puzzle);
    if let Some(first) = conflicts.first() {
        let outcome = Outcome::Infeasible { reason: first.to_string() };
        let stats = empty_stats();
        return Ok(Report::unanswered(outcome, SearchEnd::Exhausted, stats, Duration::ZERO, None, start.elapsed()));
    }
    if let Some(report) = fast {
        return Ok(report);
    }
    if let Some(reason) = options.limits.cancel.stop_reason() {
        return Ok(stopped_early(reason, empty_stats(), Duration::ZERO, None, start));
    }
    let mut model = Model::build(puzzle).with_objective(options.objective);
    let build_time = start.elapsed();
    let original_size = model.size();
    let mut presolve_time = None;
    if let Some(reason) = options.limits.cancel.stop_reason() {
        return Ok(stopped_early(reason, Stats { model: original_size, ..empty_stats() }, build_time, None, start));
    }
    let level = options.solver.is_milp().then_some(options.presolve);
    if let Some(level @ (Presolve::Light | Presolve::Probe)) = level {
        let t = Instant::now();
        if let Err(reason) = presolve_into(&mut model, level, &options.limits.cancel) {
            let outcome = Outcome::Infeasible { reason };
            let stats = Stats { model: model.size(), solver_calls: Some(0), ..empty_stats() };
            let (presolve_time, total_time) = (Some(t.elapsed()), start.elapsed());
            let mut report =
                Report::unanswered(outcome, SearchEnd::Exhausted, stats, build_time, presolve_time, total_time);
            report.presolve = Some(level);
            return Ok(report);
        }
        presolve_time = Some(t.elapsed());
    }
    let objective_reduced = constant_objective(&model, options);
    if objective_reduced.is_some() {
        model = model.with_objective(Objective::Zero);
    }
    // Nothing left to decide: no solver call, so no start to give it (and none to report).
    let open = !model.fixed().iter().all(Option::is_some);
    let (mip_start, start_time) = if options.solver.is_milp() && open && options.mip_start.applies(options.objective) {
        let t = Instant::now();
        (native_start(&model, &options.limits), Some(t.elapsed()))
    } else {
        (None, None)
    };
    let request = SearchRequest {
        max_solutions: max.max(1),
        keep,
        limits: options.limits.clone(),
        presolve: options.presolve != Presolve::None,
        start: mip_start,
    };
    let mut result = backend.search(&model, &request)?;
    // Report the puzzle's model; what the solver actually received is `stats.presolved`.
    result.stats.model = original_size;
    if let Some(constant) = objective_reduced {
        // The solver minimised zero; the objective's value is the constant, at every answer.
        result.stats.objective = (result.count > 0).then_some(constant);
        if let Some(value) = result.solutions.iter().map(|g| options.objective.grid_value(g)).find(|&v| v != constant) {
            return Err(Error::ObjectiveNotConstant { constant, value });
        }
    }
    let mut report = finish(puzzle, backend.name(), result, options.objective, build_time, presolve_time, Some(start))?;
    report.start_time = start_time;
    report.objective_reduced = objective_reduced;
    report.presolve = level;
    Ok(report)
}

/// Presolve `model` at `level`: fix every variable it decides. `Err` when propagation proves
/// there is no solution (in words). A stop token that fires ends probing early, keeping what it
/// fixed (each fixing holds in every solution).
fn presolve_into(model: &mut Model, level: Presolve, cancel: &sudoku_ip_model::Cancel) -> Result<(), String> {
    let presolved = match level {
        Presolve::None => return Ok(()),
        Presolve::Light => sudoku_ip_native::presolve(model),
        Presolve::Probe => sudoku_ip_native::probe(model, sudoku_ip_native::PROBE_BUDGET, cancel),
    };
    match presolved {
        sudoku_ip_native::Presolve::Infeasible { reason } => Err(format!("propagation proves no solution: {reason}")),
        sudoku_ip_native::Presolve::Reduced { fixed, .. } => {
            for (v, f) in fixed.into_iter().enumerate() {
                if f.is_some() {
                    model.set_fixed(v as u32, f);
                }
            }
            Ok(())
        }
    }
}

/// The model a MILP solver gets for `puzzle` at presolve `level` with `objective` (what
/// `compare` and `sudoku-ip model` hand to an LP), or why presolve proves there is no solution.
pub fn milp_model(puzzle: &Puzzle, level: Presolve, objective: Objective) -> Result<Model, String> {
    let mut model = Model::build(puzzle).with_objective(objective);
    presolve_into(&mut model, level, &sudoku_ip_model::Cancel::default())?;
    Ok(model)
}

/// With presolve (light or probe) and an objective set, look for a proof that the objective is constant on
/// every solution of the presolved model ([`constant_objective`](sudoku_ip_model::constant_objective));
/// when there is one, the caller hands the solver the zero objective instead (every solution is
/// optimal, and a feasibility problem is what it finds fastest). The constant, or `None`.
fn constant_objective(model: &Model, options: &Options) -> Option<i64> {
    if !options.solver.is_milp() || options.presolve == Presolve::None || options.objective == Objective::Zero {
        return None;
    }
    let costs: Vec<i64> = (0..model.num_vars() as u32).map(|v| model.cost(v)).collect();
    sudoku_ip_model::constant_objective(model, &costs).map(|certificate| certificate.value)
}

/// A MIP start ([`MipStart`]): one solution of the (presolved) model by the native engine, in
/// half the time left (the solver gets the rest), or `None` when it finds none in that time,
/// or proves there is none (the caller asks only when presolve left something to search). The
/// MILP backend checks it against the model before using it, and the pipeline checks whatever
/// grid comes back.
fn native_start(model: &Model, limits: &Limits) -> Option<Grid> {
    let limits =
        Limits { time: limits.cancel.remaining().map(|left| left / 2), nodes: None, cancel: limits.cancel.clone() };
    let request = SearchRequest { limits, presolve: false, ..SearchRequest::solve() };
    let result = sudoku_ip_native::search_generic(model, &request).ok()?;
    result.solutions.into_iter().next()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mip_start_choices_are_read_by_the_names_they_print() {
        for m in MipStart::ALL {
            assert_eq!(m.name().parse::<MipStart>(), Ok(m));
        }
        assert_eq!("OFF".parse::<MipStart>(), Ok(MipStart::Off));
        let err = "always".parse::<MipStart>().unwrap_err();
        assert!(err.contains("\"always\"") && err.contains("auto, native or off"), "{err}");
    }
}

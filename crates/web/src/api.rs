//! The JSON API handlers. Each one reads its request (puzzle + options), runs the work on a
//! blocking thread inside a solver slot and under a time limit, and answers with checked grids
//! and the solver's report.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{OriginalUri, State};
use axum::http::{header, Method};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use sudoku_ip::formats::fpuzzles::{self, FPuzzlesWriteError, LinkKind};
use sudoku_ip::formats::json::{parse_value, to_json, to_json_pretty};
use sudoku_ip::generate::Position;
use sudoku_ip::model::cancel::CancelOnDrop;
use sudoku_ip::model::rules::{rule_from_name, Input, REGISTRY};
use sudoku_ip::model::{warnings, Cell, Warning};
use sudoku_ip::{
    Answer, Cancel, Geometry, Grid, Limits, Options, Outcome, Presolve, Puzzle, Report, SearchEnd, Solver,
};

use crate::adapters::{self, GenerateSpec, ImageFormat};
use crate::error::AppError;
use crate::extract::{ApiJson, Fields, WithPuzzle};
use crate::input::{parse_box, PuzzleInput};
use crate::{AppState, ServerLimits};

/// Extra time a blocking job gets past its own limit before the request answers "unknown"
/// without it (every job reads its stop flag and deadline, but a rater step or a microlp call
/// may take a moment to reach its next check).
pub(crate) const GRACE: Duration = Duration::from_secs(2);

// ---------------------------------------------------------------------------------------------
// Responses.

// The answers of `/api/solve` and `/api/count` are the facade's [`Answer`]: one JSON shape for
// the API and `sudoku-ip solve -O json`.

// ---------------------------------------------------------------------------------------------
// Requests.

/// `/api/solve` options.
#[derive(Debug, Default, Deserialize)]
pub struct SolveOptions {
    solver: Option<String>,
    time_limit: Option<f64>,
    /// Also prove the solution unique (search for a second one).
    unique: Option<bool>,
    /// MILP: what the solver minimises, `zero` (default) or `seed`.
    objective: Option<String>,
    /// MILP: when the solver starts from the native engine's grid, `auto` (default), `native`
    /// or `off`.
    mip_start: Option<String>,
    /// MILP: the presolve level, `none`, `light` (default) or `probe`; `true` and `false`
    /// (the older form) are `light` and `none`.
    presolve: Option<serde_json::Value>,
}

impl Fields for SolveOptions {
    const FIELDS: &'static [&'static str] = &["solver", "time_limit", "unique", "objective", "mip_start", "presolve"];
}

impl SolveOptions {
    /// The pipeline's options (limits aside), or a 400 naming the field that is wrong.
    fn options(&self) -> Result<Options, AppError> {
        let objective = parse_field("objective", self.objective.as_deref())?;
        let mip_start = parse_field("mip_start", self.mip_start.as_deref())?;
        let presolve = match &self.presolve {
            None | Some(serde_json::Value::Null) => Presolve::default(),
            Some(serde_json::Value::Bool(on)) => {
                if *on {
                    Presolve::Light
                } else {
                    Presolve::None
                }
            }
            Some(serde_json::Value::String(name)) => parse_field("presolve", Some(name))?,
            Some(other) => {
                return Err(AppError::bad("presolve", format!("expected none, light or probe, found {other}")))
            }
        };
        Ok(Options { solver: solver_of(self.solver.as_deref())?, presolve, objective, mip_start, ..Options::default() })
    }
}

/// A named choice (an objective, a MIP start): its default when absent, a 400 naming `field`
/// and the names there are otherwise.
fn parse_field<T: Default + std::str::FromStr<Err = String>>(field: &str, name: Option<&str>) -> Result<T, AppError> {
    name.map_or(Ok(T::default()), |n| n.parse().map_err(|e: String| AppError::bad(field, e)))
}

/// `/api/count` options.
#[derive(Debug, Default, Deserialize)]
pub struct CountOptions {
    solver: Option<String>,
    time_limit: Option<f64>,
    /// Stop counting here (default 1000).
    max: Option<u64>,
}

impl Fields for CountOptions {
    const FIELDS: &'static [&'static str] = &["solver", "time_limit", "max"];
}

/// `/api/generate` request (no puzzle: it makes one).
#[derive(Debug, Default, Deserialize)]
pub struct GenerateRequest {
    size: Option<usize>,
    #[serde(rename = "box")]
    box_shape: Option<String>,
    rules: Option<Vec<String>>,
    /// Jigsaw regions replacing the boxes, written as in the JSON puzzle format.
    regions: Option<Value>,
    symmetry: Option<String>,
    difficulty: Option<String>,
    seed: Option<u64>,
    /// Add killer cages.
    killer: Option<bool>,
    time_limit: Option<f64>,
}

impl Fields for GenerateRequest {
    const FIELDS: &'static [&'static str] =
        &["size", "box", "rules", "regions", "symmetry", "difficulty", "seed", "killer", "time_limit"];
}

/// `/api/rate` options: none beyond the puzzle.
#[derive(Debug, Default, Deserialize)]
pub struct RateOptions {
    time_limit: Option<f64>,
}

impl Fields for RateOptions {
    const FIELDS: &'static [&'static str] = &["time_limit"];
}

/// `/api/hint` and `/api/explain` options.
#[derive(Debug, Default, Deserialize)]
pub struct InsightOptions {
    time_limit: Option<f64>,
    /// Continue from these candidates: a candidate string of n³ characters (n per cell, the
    /// digit of its place or '.').
    candidates: Option<String>,
    /// With `candidates`: the cells filled beyond the givens (as a hint's `placed` names
    /// them); the other cells are open, even with one candidate. Without it a cell with one
    /// candidate is filled.
    placed: Option<Vec<String>>,
}

impl Fields for InsightOptions {
    const FIELDS: &'static [&'static str] = &["time_limit", "candidates", "placed"];
}

/// `/api/explain` options: those of `/api/hint`, and `positions`.
#[derive(Debug, Default, Deserialize)]
pub struct ExplainOptions {
    time_limit: Option<f64>,
    candidates: Option<String>,
    placed: Option<Vec<String>>,
    /// Add `positions` (the candidate string before each step and after the last) and
    /// `placed` (the cells filled beyond the givens in each).
    positions: Option<bool>,
}

impl Fields for ExplainOptions {
    const FIELDS: &'static [&'static str] = &["time_limit", "candidates", "placed", "positions"];
}

/// `/api/candidates` options.
#[derive(Debug, Default, Deserialize)]
pub struct CandidatesOptions {
    time_limit: Option<f64>,
    /// Count solutions per candidate up to this many (default 10, at most 1000).
    max: Option<u64>,
}

impl Fields for CandidatesOptions {
    const FIELDS: &'static [&'static str] = &["time_limit", "max"];
}

/// `/api/parse` options: none beyond the puzzle.
#[derive(Debug, Default, Deserialize)]
pub struct NoOptions {}

impl Fields for NoOptions {
    const FIELDS: &'static [&'static str] = &[];
}

/// `/api/export` options.
#[derive(Debug, Default, Deserialize)]
pub struct ExportOptions {
    /// `json` (default: the JSON puzzle format), `fpuzzles` (f-puzzles JSON) or `link`.
    format: Option<String>,
    /// The site a `link` opens: `sudokupad` (default) or `fpuzzles`.
    link: Option<String>,
}

impl Fields for ExportOptions {
    const FIELDS: &'static [&'static str] = &["format", "link"];
}

/// `/api/render` options.
#[derive(Debug, Default, Deserialize)]
pub struct RenderOptions {
    /// `svg` (default) or `png`.
    format: Option<String>,
    /// Digits to draw in the empty cells (one line of `n²` characters), e.g. a solution.
    solution: Option<String>,
    /// Solve the puzzle (native engine) and draw the checked solution.
    solve: Option<bool>,
    /// Width and height of the picture in pixels (default 900).
    pixels: Option<u32>,
}

impl Fields for RenderOptions {
    const FIELDS: &'static [&'static str] = &["format", "solution", "solve", "pixels"];
}

/// Picture sizes the server draws: a PNG is `pixels² × 4` bytes in memory while it is made.
const PIXELS: std::ops::RangeInclusive<u32> = 16..=4096;

// ---------------------------------------------------------------------------------------------
// Running work within the limits.

/// The time limit of a request: its own (seconds, > 0) lowered to the server's maximum, or the
/// server's default.
fn time_limit(asked: Option<f64>, limits: &ServerLimits) -> Result<Duration, AppError> {
    match asked {
        None => Ok(limits.default_time.min(limits.max_time)),
        Some(s) if s.is_finite() && s > 0.0 => Ok(Duration::from_secs_f64(s.min(1e6)).min(limits.max_time)),
        Some(s) => Err(AppError::bad("time_limit", format!("time_limit: expected a number of seconds > 0, found {s}"))),
    }
}

/// A request's share of the server: one solver slot, and one deadline for everything it does
/// — reading its puzzle (a link may decompress, within its cap), then the work. Every blocking
/// job of the request gets the request's one [`Cancel`]: its deadline is the time limit from
/// when the slot was taken, and its flag is set as soon as the `Slot` is dropped for any reason
/// (the answer is sent, or the client went away and the server dropped the request). Each job
/// holds the slot until it returns, so told to stop, it ends at its next check and only then
/// frees the slot: the jobs running ([`AppState`] counts them) never outnumber the slots.
pub(crate) struct Slot {
    state: AppState,
    permit: Arc<tokio::sync::OwnedSemaphorePermit>,
    cancel: Cancel,
    time: Duration,
    _stop: CancelOnDrop,
}

impl Slot {
    /// Wait for a free slot (a `503` after [`ServerLimits::queue_wait`]); the deadline `time`
    /// starts now.
    pub(crate) async fn take(state: &AppState, time: Duration) -> Result<Slot, AppError> {
        let limits = &state.config.limits;
        let permit = match tokio::time::timeout(limits.queue_wait, state.slots.clone().acquire_owned()).await {
            Ok(Ok(permit)) => permit,
            Ok(Err(_closed)) => return Err(AppError::Internal("the solver slots are closed".into())),
            Err(_) => return Err(AppError::Busy { slots: limits.concurrent_solves, waited: limits.queue_wait }),
        };
        let cancel = Cancel::new().with_time_limit(Some(time));
        let stop = cancel.cancel_on_drop();
        Ok(Slot { state: state.clone(), permit: Arc::new(permit), cancel, time, _stop: stop })
    }

    /// Run `job` on a blocking thread in this slot with the request's [`Cancel`]; `Ok(None)`
    /// when it overran the deadline by more than [`GRACE`] (it is told to stop when the request
    /// is answered, and holds the slot until it does).
    pub(crate) async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce(Cancel) -> T + Send + 'static,
    ) -> Result<Option<T>, AppError> {
        let cancel = self.cancel.clone();
        let held = (Arc::clone(&self.permit), self.state.job_started());
        let task = tokio::task::spawn_blocking(move || {
            let _held = held;
            job(cancel)
        });
        let left = self.cancel.remaining().unwrap_or(self.time);
        match tokio::time::timeout(left + GRACE, task).await {
            Ok(Ok(value)) => Ok(Some(value)),
            Ok(Err(e)) => Err(AppError::Internal(format!("the solver stopped unexpectedly: {e}"))),
            Err(_) => Ok(None),
        }
    }

    /// The request's puzzle, read on a blocking thread in this slot and within its deadline.
    pub(crate) async fn puzzle(&self, input: PuzzleInput, action: &'static str) -> Result<Puzzle, AppError> {
        let limits = self.state.config.limits;
        let read = self.run(move |_| input.puzzle(limits.solve_side, limits.model_nonzeros, action)).await?;
        read.unwrap_or_else(|| Err(self.overran("reading the puzzle")))
    }

    /// A `422` for a part of the request that took longer than the time limit.
    fn overran(&self, what: &str) -> AppError {
        AppError::Unprocessable(format!("{what} took longer than the time limit of {:?}", self.time))
    }

    /// Search inside the limits with the facade's checked pipeline (`options` with the
    /// request's time and the job's stop flag as its limits); an overrun becomes a report that
    /// says the search stopped.
    async fn search(&self, puzzle: Puzzle, options: Options, max: u64, keep: usize) -> Result<Report, AppError> {
        let solver = options.solver;
        let time = self.time;
        let job = move |cancel: Cancel| {
            let options = Options { limits: Limits { time: Some(time), nodes: None, cancel }, ..options };
            sudoku_ip::search(&puzzle, &options, max, keep)
        };
        match self.run(job).await? {
            Some(result) => result.map_err(pipeline_error),
            None => {
                let reason = format!("time limit of {time:?} reached (the solver did not stop in time)");
                let outcome = Outcome::Unknown { reason: reason.clone() };
                let stats = sudoku_ip::Stats { backend: solver.name(), ..Default::default() };
                Ok(Report::unanswered(
                    outcome,
                    SearchEnd::Stopped { reason },
                    stats,
                    Duration::ZERO,
                    None,
                    time + GRACE,
                ))
            }
        }
    }
}

fn solver_of(name: Option<&str>) -> Result<Solver, AppError> {
    name.map_or(Ok(Solver::Native), |n| Solver::from_name(n).map_err(|e| AppError::bad("solver", e.to_string())))
}

/// A failure of the pipeline: a solver missing from the build is the server's limitation (501);
/// anything else (a backend failure, a grid the checker refused) is a bug (500), never shown as
/// an answer.
fn pipeline_error(e: sudoku_ip::Error) -> AppError {
    match e {
        sudoku_ip::Error::Solver(e) => AppError::Unavailable(e.to_string()),
        other => AppError::Internal(other.to_string()),
    }
}

// ---------------------------------------------------------------------------------------------
// Handlers.

/// How the page draws a rule's data ([`Input`]): `{"shape": "line", "key": "lines", "min": 2}`,
/// or null when the registry gives it no tool.
fn input_json(input: Input) -> Value {
    match input {
        Input::Line { key, min } => json!({"shape": "line", "key": key, "min": min}),
        _ => Value::Null,
    }
}

/// `GET /api/health`: what this server offers.
pub async fn health(State(state): State<AppState>) -> Json<Value> {
    let l = &state.config.limits;
    Json(json!({
        "status": "ok",
        "name": "sudoku-ip",
        "version": env!("CARGO_PKG_VERSION"),
        "solvers": Solver::available().iter().map(|s| s.name()).collect::<Vec<_>>(),
        "default_solver": Solver::Native.name(),
        "rules": REGISTRY.iter().filter(|e| e.switchable()).map(|e| e.name).collect::<Vec<_>>(),
        "data_rules": REGISTRY.iter().filter(|e| !e.switchable()).map(|e| e.name).collect::<Vec<_>>(),
        "rule_kinds": REGISTRY
            .iter()
            .map(|e| {
                json!({"name": e.name, "summary": e.summary, "aliases": e.aliases, "switchable": e.switchable(),
                       "input": input_json(e.input)})
            })
            .collect::<Vec<_>>(),
        "generate": {
            "available": true,
            "symmetries": adapters::symmetries(),
            "difficulties": adapters::difficulties(),
            "killer": true,
        },
        "render": { "available": true, "formats": ["svg", "png"] },
        "limits": {
            "body_bytes": l.body_bytes,
            "solve_side": l.solve_side,
            "model_nonzeros": l.model_nonzeros,
            "generate_side": l.generate_side,
            "default_time_s": l.default_time.as_secs_f64(),
            "max_time_s": l.max_time.as_secs_f64(),
            "concurrent_solves": l.concurrent_solves,
            "queue_wait_s": l.queue_wait.as_secs_f64(),
            "max_connections": l.max_connections,
            "header_timeout_s": l.header_timeout.as_secs_f64(),
        },
        "jobs_running": state.jobs_running(),
    }))
}

/// `POST /api/parse`: any puzzle text (grid, line, clue triplets, MATLAB matrix, JSON) in the
/// canonical JSON puzzle format, for the page's import box.
/// The reading runs in a solver slot like any work: a link that decompresses is work.
pub async fn parse(State(state): State<AppState>, req: WithPuzzle<NoOptions>) -> Result<Json<Value>, AppError> {
    let limits = state.config.limits;
    let slot = Slot::take(&state, limits.default_time.min(limits.max_time)).await?;
    let answer = slot.run(move |_| parsed(&req.input, &limits)).await?;
    answer.unwrap_or_else(|| Err(slot.overran("reading the puzzle"))).map(Json)
}

/// `POST /api/marks`: what the puzzle's rules draw (each rule file's `draw`), drawn by the
/// picture's own code and cut into the layers the page stacks around its cells: SVG fragments
/// in units of 100 a cell from the grid's top-left corner, each rule a `<g data-rule="NAME">`.
/// The page draws the rules it holds as JSON from it, with no drawing or colour of its own for
/// them.
pub async fn marks(State(state): State<AppState>, req: WithPuzzle<NoOptions>) -> Result<Json<Value>, AppError> {
    let limits = state.config.limits;
    let slot = Slot::take(&state, limits.default_time.min(limits.max_time)).await?;
    let puzzle = slot.puzzle(req.input, "draw").await?;
    let Some(answer) = slot.run(move |_| marks_answer(&puzzle)).await? else {
        return Err(slot.overran("drawing the marks"));
    };
    Ok(Json(answer))
}

/// The answer of `/api/marks` for a puzzle.
fn marks_answer(puzzle: &Puzzle) -> Value {
    let layers = sudoku_ip::render::rule_layers(puzzle);
    let names = |cells: &[Cell]| cells.iter().map(ToString::to_string).collect::<Vec<_>>();
    json!({
        "status": "drawn",
        "size": puzzle.n(),
        "unit": 100,
        "defs": layers.defs,
        "under": layers.under,
        "over": layers.over,
        "outside": layers.outside,
        "cages": layers.cages.iter().map(|c| json!({"cells": names(&c.cells), "labelled": c.labelled})).collect::<Vec<_>>(),
        "captions": layers.captions,
    })
}

/// The answer of `/api/parse` to a request's puzzle fields.
pub(crate) fn parsed(input: &PuzzleInput, limits: &ServerLimits) -> Result<Value, AppError> {
    let puzzle = input.puzzle(limits.solve_side, limits.model_nonzeros, "solve")?;
    let conflicts: Vec<String> =
        sudoku_ip::model::check::given_conflicts(&puzzle).iter().map(ToString::to_string).collect();
    let mut v = json!({
        "status": "parsed",
        "puzzle": to_json(&puzzle),
        "line": puzzle.givens().to_line(),
        "conflicts": conflicts,
    });
    add_warnings(&mut v, &warnings(&puzzle));
    Ok(v)
}

/// `POST /api/export`: the puzzle written as `sudoku-ip export` writes it — the JSON puzzle
/// format (as people write it), f-puzzles JSON (`--fpuzzles`) or a SudokuPad / f-puzzles link
/// (`--link`), for the page's Copy link and Download buttons. A puzzle with a rule f-puzzles
/// cannot say is refused (422, naming the rule), never written without it.
pub async fn export(State(state): State<AppState>, req: WithPuzzle<ExportOptions>) -> Result<Json<Value>, AppError> {
    let limits = state.config.limits;
    let slot = Slot::take(&state, limits.default_time.min(limits.max_time)).await?;
    let puzzle = slot.puzzle(req.input, "export").await?;
    drop(slot);
    let o = req.options;
    let kind = |text: Option<&str>| -> Result<LinkKind, AppError> {
        text.map_or(Ok(LinkKind::SudokuPad), |t| {
            t.parse().map_err(|e: String| AppError::bad("link", format!("link: {e}")))
        })
    };
    let format = o.format.as_deref().unwrap_or("json");
    if o.link.is_some() && format != "link" {
        return Err(AppError::bad("link", "\"link\" goes with \"format\": \"link\""));
    }
    let cannot = |e: FPuzzlesWriteError| AppError::Unprocessable(e.to_string());
    let text = match format {
        "json" => to_json_pretty(&puzzle),
        "fpuzzles" => fpuzzles::to_fpuzzles(&puzzle).map_err(cannot)?.to_string(),
        "link" => fpuzzles::to_link(&puzzle, kind(o.link.as_deref())?).map_err(cannot)?,
        other => {
            return Err(AppError::bad(
                "format",
                format!("format: expected \"json\", \"fpuzzles\" or \"link\", found {other:?}"),
            ))
        }
    };
    let mut v = json!({ "status": "exported", "format": format, "text": text });
    add_warnings(&mut v, &warnings(&puzzle));
    Ok(Json(v))
}

/// `"warnings"` in an answer, when the puzzle has any (a killer cage whose cells do not touch,
/// …): the request is answered as given, but the person should know.
fn add_warnings(answer: &mut Value, warnings: &[Warning]) {
    if let (false, Value::Object(m)) = (warnings.is_empty(), answer) {
        m.insert("warnings".into(), json!(warnings.iter().map(ToString::to_string).collect::<Vec<_>>()));
    }
}

/// `POST /api/solve`: one checked solution, or why there is none; with `unique`, also whether
/// it is the only one.
pub async fn solve(State(state): State<AppState>, req: WithPuzzle<SolveOptions>) -> Result<Json<Answer>, AppError> {
    let limits = state.config.limits;
    let o = req.options;
    let options = o.options()?;
    let time = time_limit(o.time_limit, &limits)?;
    let unique = o.unique.unwrap_or(false);
    let (max, keep) = if unique { (2, 2) } else { (1, 1) };
    let slot = Slot::take(&state, time).await?;
    let puzzle = slot.puzzle(req.input, "solve").await?;
    let warned = warnings(&puzzle);
    let report = slot.search(puzzle, options, max, keep).await?;
    Ok(Json(Answer::solve(&report, unique).with_stats(&report, Some(time)).with_warnings(&warned)))
}

/// `POST /api/count`: how many solutions, up to `max`.
pub async fn count(State(state): State<AppState>, req: WithPuzzle<CountOptions>) -> Result<Json<Answer>, AppError> {
    let limits = state.config.limits;
    let o = req.options;
    let solver = solver_of(o.solver.as_deref())?;
    let time = time_limit(o.time_limit, &limits)?;
    let max = match o.max {
        Some(0) => return Err(AppError::bad("max", "max: expected a positive number of solutions")),
        Some(m) => m,
        None => 1000,
    };
    let slot = Slot::take(&state, time).await?;
    let puzzle = slot.puzzle(req.input, "count").await?;
    let warned = warnings(&puzzle);
    let report = slot.search(puzzle, Options { solver, ..Options::default() }, max, 0).await?;
    Ok(Json(Answer::count(&report).with_stats(&report, Some(time)).with_warnings(&warned)))
}

/// The geometry of `regions` (rows of region labels, or lists of cells) on an `n`-grid, read
/// by the JSON puzzle format's own rules; a 400 naming `regions` otherwise.
fn jigsaw(n: usize, regions: &Value) -> Result<Geometry, AppError> {
    let puzzle = parse_value(&json!({ "size": n, "regions": regions }))
        .map_err(|e| AppError::bad("regions", e.to_string().replacen("$.regions", "regions", 1)))?;
    Ok(puzzle.geometry().clone())
}

/// `POST /api/generate`: a new puzzle, proved unique and its solution checked by the facade's
/// pipeline ([`sudoku_ip::generate`]), in its one JSON shape ([`sudoku_ip::GenerationJson`]).
pub async fn generate(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<GenerateRequest>,
) -> Result<Json<Value>, AppError> {
    let limits = state.config.limits;
    let n = req.size.unwrap_or(9);
    if n > limits.generate_side {
        return Err(AppError::GridTooLarge { n, max: limits.generate_side, action: "generate" });
    }
    let box_shape = req.box_shape.as_deref().map(parse_box).transpose()?;
    let regions = match &req.regions {
        Some(regions) => Some(jigsaw(n, regions)?),
        None => None,
    };
    let mut rules = Vec::new();
    for (i, name) in req.rules.iter().flatten().enumerate() {
        rules.push(rule_from_name(name, n).map_err(|e| AppError::bad(format!("rules[{i}]"), e))?);
    }
    let time = time_limit(req.time_limit, &limits)?;
    let spec = GenerateSpec {
        size: n,
        box_shape,
        regions,
        rules,
        symmetry: req.symmetry,
        difficulty: req.difficulty,
        seed: req.seed.unwrap_or_else(fresh_seed),
        killer: req.killer.unwrap_or(false),
    };
    adapters::check_generate_spec(&spec)?;
    // The facade's generate: the generator, then the pipeline's proof of uniqueness and
    // checked solution, within the job's time limit.
    let job = move |cancel: Cancel| adapters::generate(&spec, &cancel);
    let unknown = |reason: String| {
        Json(
            json!({ "status": "unknown", "reason": format!("{reason}; try a smaller size, fewer rules or no difficulty") }),
        )
    };
    let slot = Slot::take(&state, time).await?;
    match slot.run(job).await? {
        None => Ok(unknown(format!("time limit of {time:?} reached before a puzzle was made"))),
        Some(Err(e)) => Err(e),
        Some(Ok(Err(reason))) => Ok(unknown(reason)),
        Some(Ok(Ok(made))) => Ok(Json(
            serde_json::to_value(made.json(true))
                .map_err(|e| AppError::Internal(format!("cannot write the generated puzzle: {e}")))?,
        )),
    }
}

/// A seed for a request that gives none: different on every call, reproducible once reported.
fn fresh_seed() -> u64 {
    static CALLS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
    let k = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    // Keep seeds small enough to type back into the page's seed box.
    (nanos ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15)) % 1_000_000_000
}

/// `POST /api/rate`: the logical difficulty of a puzzle.
pub async fn rate(State(state): State<AppState>, req: WithPuzzle<RateOptions>) -> Result<Json<Value>, AppError> {
    let limits = state.config.limits;
    let time = time_limit(req.options.time_limit, &limits)?;
    let slot = Slot::take(&state, time).await?;
    let puzzle = slot.puzzle(req.input, "rate").await?;
    let warned = warnings(&puzzle);
    let Some(rating) = slot.run(move |cancel| adapters::rate(&puzzle, &cancel)).await? else {
        return Ok(Json(json!({ "status": "unknown", "reason": format!("time limit of {time:?} reached") })));
    };
    let mut v = match rating? {
        Ok(mut v) => {
            v["status"] = json!("rated");
            v
        }
        Err(reason) => json!({ "status": "unknown", "reason": reason }),
    };
    add_warnings(&mut v, &warned);
    Ok(Json(v))
}

/// The position to start from, read from the `candidates` and `placed` fields.
fn start_position(
    text: Option<&str>,
    placed: Option<&[String]>,
    puzzle: &Puzzle,
) -> Result<Option<Position>, AppError> {
    let Some(text) = text else {
        return match placed {
            Some(_) => Err(AppError::bad("placed", "placed: goes with candidates (the cells filled among them)")),
            None => Ok(None),
        };
    };
    let n = puzzle.n();
    let bad = |e| AppError::bad("candidates", format!("candidates: {e}"));
    let masks = sudoku_ip::generate::parse_candidates(text, n).map_err(bad)?;
    let Some(placed) = placed else { return Ok(Some(Position::from_candidates(masks))) };
    let mut cells = Vec::with_capacity(placed.len());
    for (i, name) in placed.iter().enumerate() {
        let cell = Cell::parse(name, n).ok_or_else(|| {
            AppError::bad(
                format!("placed[{i}]"),
                format!("placed[{i}]: {name:?} is not a cell of a {n}x{n} grid (r1c1 … r{n}c{n})"),
            )
        })?;
        let found = masks[cell.index(n)].count_ones();
        if found != 1 {
            let e = sudoku_ip::generate::CandidatesError::PlacedNotSingle { cell, found };
            return Err(AppError::bad(format!("placed[{i}]"), format!("placed[{i}]: {e}")));
        }
        cells.push(cell);
    }
    sudoku_ip::read_position(puzzle, text, &cells).map(Some).map_err(bad)
}

/// `POST /api/hint`: the next logical step (the JSON of `sudoku-ip hint -O json`).
pub async fn hint(State(state): State<AppState>, req: WithPuzzle<InsightOptions>) -> Result<Json<Value>, AppError> {
    let limits = state.config.limits;
    let time = time_limit(req.options.time_limit, &limits)?;
    let slot = Slot::take(&state, time).await?;
    let puzzle = slot.puzzle(req.input, "hint").await?;
    let warned = warnings(&puzzle);
    let start = start_position(req.options.candidates.as_deref(), req.options.placed.as_deref(), &puzzle)?;
    let Some(hint) = slot.run(move |cancel| adapters::hint(&puzzle, start.as_ref(), &cancel)).await? else {
        return Ok(Json(json!({ "status": "unknown", "reason": format!("time limit of {time:?} reached") })));
    };
    let mut v = hint?;
    add_warnings(&mut v, &warned);
    Ok(Json(v))
}

/// `POST /api/explain`: the whole logical path (the JSON of `sudoku-ip explain -O json`).
pub async fn explain(State(state): State<AppState>, req: WithPuzzle<ExplainOptions>) -> Result<Json<Value>, AppError> {
    let limits = state.config.limits;
    let time = time_limit(req.options.time_limit, &limits)?;
    let slot = Slot::take(&state, time).await?;
    let puzzle = slot.puzzle(req.input, "explain").await?;
    let warned = warnings(&puzzle);
    let start = start_position(req.options.candidates.as_deref(), req.options.placed.as_deref(), &puzzle)?;
    let positions = req.options.positions.unwrap_or(false);
    let job = move |cancel: Cancel| adapters::explain(&puzzle, start.as_ref(), positions, &cancel);
    let Some(path) = slot.run(job).await? else {
        return Ok(Json(json!({ "status": "unknown", "reason": format!("time limit of {time:?} reached") })));
    };
    let mut v = path?;
    add_warnings(&mut v, &warned);
    Ok(Json(v))
}

/// `POST /api/candidates`: the true candidates and how many solutions use each (the JSON of
/// `sudoku-ip candidates -O json`).
pub async fn candidates(
    State(state): State<AppState>,
    req: WithPuzzle<CandidatesOptions>,
) -> Result<Json<Value>, AppError> {
    let limits = state.config.limits;
    let max = req.options.max.unwrap_or(10);
    if !(1..=sudoku_ip::MAX_COUNT_CAP).contains(&max) {
        return Err(AppError::bad("max", format!("max: expected 1..={}, found {max}", sudoku_ip::MAX_COUNT_CAP)));
    }
    let time = time_limit(req.options.time_limit, &limits)?;
    let slot = Slot::take(&state, time).await?;
    let puzzle = slot.puzzle(req.input, "candidates").await?;
    let warned = warnings(&puzzle);
    let Some(found) = slot.run(move |cancel| adapters::candidates(&puzzle, max, time, cancel)).await? else {
        return Ok(Json(json!({ "status": "unknown", "reason": format!("time limit of {time:?} reached") })));
    };
    let mut v = found?;
    add_warnings(&mut v, &warned);
    Ok(Json(v))
}

/// `POST /api/render`: the picture of a puzzle, optionally with digits or its solution.
pub async fn render(State(state): State<AppState>, req: WithPuzzle<RenderOptions>) -> Result<Response, AppError> {
    let limits = state.config.limits;
    let time = limits.default_time.min(limits.max_time);
    let slot = Slot::take(&state, time).await?;
    let puzzle = slot.puzzle(req.input, "render").await?;
    let o = req.options;
    let format = match o.format.as_deref().map(str::to_ascii_lowercase).as_deref() {
        None | Some("svg") => ImageFormat::Svg,
        Some("png") => ImageFormat::Png,
        Some(other) => {
            return Err(AppError::bad("format", format!("format: expected \"svg\" or \"png\", found {other:?}")))
        }
    };
    let pixels = o.pixels.unwrap_or(900);
    if !PIXELS.contains(&pixels) {
        return Err(AppError::bad(
            "pixels",
            format!("pixels: expected {}..={}, found {pixels}", PIXELS.start(), PIXELS.end()),
        ));
    }
    let n = puzzle.n();
    let fill = match (o.solution, o.solve.unwrap_or(false)) {
        (Some(_), true) => return Err(AppError::bad("solve", "give either \"solution\" or \"solve\": true, not both")),
        (Some(line), false) => Some(fill_from_line(&line, n)?),
        (None, true) => {
            let report = slot.search(puzzle.clone(), Options::default(), 1, 1).await?;
            match &report.outcome {
                Outcome::Solved => report.into_solution(),
                Outcome::Infeasible { .. } => {
                    return Err(AppError::bad("solve", "cannot draw the solution: it has no solution"))
                }
                Outcome::Unknown { reason } => {
                    return Err(AppError::bad("solve", format!("cannot draw the solution: {reason}")))
                }
            }
        }
        (None, false) => None,
    };
    let Some(image) = slot.run(move |_| adapters::render(&puzzle, fill.as_ref(), format, pixels)).await? else {
        return Err(AppError::Unavailable("drawing took longer than the time limit".into()));
    };
    let bytes = image?;
    let (content_type, name) = match format {
        ImageFormat::Svg => ("image/svg+xml", "inline; filename=\"sudoku.svg\""),
        ImageFormat::Png => ("image/png", "inline; filename=\"sudoku.png\""),
    };
    Ok(([(header::CONTENT_TYPE, content_type), (header::CONTENT_DISPOSITION, name)], bytes).into_response())
}

/// Digits for the empty cells, from a line of `n²` characters (`.` or `0` for none).
fn fill_from_line(line: &str, n: usize) -> Result<Grid, AppError> {
    let chars: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
    if chars.len() != n * n {
        return Err(AppError::bad(
            "solution",
            format!("solution: expected {} characters for a {n}x{n} grid, found {}", n * n, chars.len()),
        ));
    }
    let mut values = Vec::with_capacity(n * n);
    for (i, ch) in chars.into_iter().enumerate() {
        let v = match ch {
            _ if sudoku_ip::model::geometry::is_empty_mark(ch) => 0,
            _ => match sudoku_ip::model::geometry::symbol_value(ch).filter(|&v| v <= n) {
                Some(v) => v as u8,
                None => {
                    return Err(AppError::bad(
                        "solution",
                        format!("solution: character {} is {ch:?}, expected a digit of 1..{n} or '.'", i + 1),
                    ))
                }
            },
        };
        values.push(v);
    }
    Grid::from_values(n, values).ok_or_else(|| AppError::bad("solution", "solution: values out of range"))
}

/// Unknown `/api/...` routes.
pub async fn not_found(method: Method, OriginalUri(uri): OriginalUri) -> AppError {
    AppError::NotFound { method: method.to_string(), path: uri.path().to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_limits_default_cap_and_refuse_nonsense() {
        let l = ServerLimits {
            default_time: Duration::from_secs(3),
            max_time: Duration::from_secs(5),
            ..Default::default()
        };
        assert_eq!(time_limit(None, &l).ok(), Some(Duration::from_secs(3)));
        assert_eq!(time_limit(Some(0.5), &l).ok(), Some(Duration::from_millis(500)));
        assert_eq!(time_limit(Some(60.0), &l).ok(), Some(Duration::from_secs(5)));
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            assert!(
                matches!(time_limit(Some(bad), &l), Err(AppError::BadRequest { field, .. }) if field == "time_limit")
            );
        }
    }

    #[test]
    fn fill_lines_are_checked() {
        assert_eq!(fill_from_line("1...", 2).map(|g| g.filled()).ok(), Some(1));
        assert!(fill_from_line("1..", 2).is_err());
        assert!(fill_from_line("3...", 2).is_err());
    }
}

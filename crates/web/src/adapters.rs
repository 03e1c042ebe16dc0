//! The generator and the renderer as the API sees them: small functions over the
//! `sudoku-ip-generate` and `sudoku-ip-render` crates, so a change in their API is a change
//! here only, and their errors become [`AppError`]s with the right status.

use serde_json::Value;
use sudoku_ip::generate::{self as gen, GenerateError, Grade, KillerSpec, Position, Symmetry};
use sudoku_ip::model::rules::Rule;
use sudoku_ip::model::{BoxShape, Cancel, Geometry, Grid, Puzzle};
use sudoku_ip::render::RenderOptions;
use sudoku_ip::Generation;

use crate::error::AppError;

/// Picture formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageFormat {
    /// Scalable vector graphics (text).
    Svg,
    /// A raster image.
    Png,
}

/// Full grids the generator may try for a difficulty before giving up: a web request must
/// end well within its time limit, so fewer than the library's default.
const MAX_ATTEMPTS: usize = 20;

/// What to generate, as the request gives it.
#[derive(Clone, Debug)]
pub struct GenerateSpec {
    /// Side.
    pub size: usize,
    /// Box shape (or none: a Latin square), or the inferred one.
    pub box_shape: Option<BoxShape>,
    /// Jigsaw regions instead of boxes.
    pub regions: Option<Geometry>,
    /// Rules without data.
    pub rules: Vec<Rule>,
    /// Symmetry name (see [`symmetries`]).
    pub symmetry: Option<String>,
    /// Difficulty name (see [`difficulties`]).
    pub difficulty: Option<String>,
    /// Seed: the same seed and settings give the same puzzle.
    pub seed: u64,
    /// Add killer cages (and drop the givens they make redundant).
    pub killer: bool,
}

/// Symmetry names the generator takes.
pub fn symmetries() -> Vec<&'static str> {
    Symmetry::ALL.iter().map(|s| s.name()).collect()
}

/// Difficulty names the generator takes.
pub fn difficulties() -> Vec<&'static str> {
    Grade::ALL.iter().map(|g| g.name()).collect()
}

/// The library's spec, or a 400 naming the request field at fault.
fn library_spec(spec: &GenerateSpec) -> Result<gen::GenerateSpec, AppError> {
    let field = if spec.box_shape.is_some() { "box" } else { "size" };
    let geometry = match &spec.regions {
        Some(jigsaw) => jigsaw.clone(),
        None => Geometry::with_boxes(spec.size, spec.box_shape)
            .map_err(|e| AppError::bad(field, format!("{field}: {e}")))?,
    };
    let mut out = gen::GenerateSpec::new(geometry);
    out.rules = spec.rules.clone();
    out.seed = spec.seed;
    out.rate = true;
    out.max_attempts = MAX_ATTEMPTS;
    if let Some(name) = &spec.symmetry {
        out.symmetry = name.parse().map_err(|e: String| AppError::bad("symmetry", format!("symmetry: {e}")))?;
    }
    if let Some(name) = spec.difficulty.as_deref().filter(|d| !d.is_empty() && *d != "any") {
        out.difficulty =
            Some(name.parse().map_err(|e: String| AppError::bad("difficulty", format!("difficulty: {e}")))?);
    }
    if spec.killer {
        out.killer = Some(KillerSpec::for_side(out.geometry.n()));
    }
    Ok(out)
}

/// Refuse bad settings before the request waits for a solver slot.
pub fn check_generate_spec(spec: &GenerateSpec) -> Result<(), AppError> {
    library_spec(spec).map(|_| ())
}

/// A puzzle made by the facade's [`sudoku_ip::generate`] (proved unique by the pipeline, its
/// solution checked) until `cancel` says stop; `Ok(Err(reason))` when it stopped before it had
/// a puzzle proved unique.
pub fn generate(spec: &GenerateSpec, cancel: &Cancel) -> Result<Result<Generation, String>, AppError> {
    let spec = gen::GenerateSpec { cancel: cancel.clone(), ..library_spec(spec)? };
    match sudoku_ip::generate(&spec) {
        Ok(made) => Ok(Ok(made)),
        Err(GenerateError::Stopped { reason }) => Ok(Err(reason)),
        Err(e) => Err(generate_error(e)),
    }
}

/// The difficulty of a puzzle, as JSON (`grade`, `hardest`, `techniques`, …), or why the
/// rater stopped before it knew (`cancel`: time limit, client gone).
pub fn rate(puzzle: &Puzzle, cancel: &Cancel) -> Result<Result<Value, String>, AppError> {
    let rating = match gen::rate_with(puzzle, cancel) {
        Ok(rating) => rating,
        Err(GenerateError::Stopped { reason }) => return Ok(Err(reason)),
        Err(e) => return Err(generate_error(e)),
    };
    serde_json::to_value(rating).map(Ok).map_err(|e| AppError::Internal(format!("cannot write the rating: {e}")))
}

/// The next logical step, as JSON (`status`, `step`, `position`, `placed`).
pub fn hint(puzzle: &Puzzle, start: Option<&Position>, cancel: &Cancel) -> Result<Value, AppError> {
    match sudoku_ip::hint_with(puzzle, start, cancel) {
        Err(GenerateError::Stopped { reason }) => Ok(serde_json::json!({ "status": "unknown", "reason": reason })),
        hint => to_value(hint.map_err(generate_error)?),
    }
}

/// The whole logical path, as JSON (`status`, `steps`, `stuck_empty`, `guesses`, `rating`,
/// and with `positions` the candidate string before each step and after the last, and the
/// cells filled in each: `placed`).
pub fn explain(puzzle: &Puzzle, start: Option<&Position>, positions: bool, cancel: &Cancel) -> Result<Value, AppError> {
    let path = if positions {
        sudoku_ip::explain_positions_with(puzzle, start, cancel)
    } else {
        sudoku_ip::explain_with(puzzle, start, cancel)
    };
    match path {
        Err(GenerateError::Stopped { reason }) => Ok(serde_json::json!({ "status": "unknown", "reason": reason })),
        path => to_value(path.map_err(generate_error)?),
    }
}

/// The true candidates with their solution counts up to `max`, as JSON, until `cancel` says stop.
pub fn candidates(puzzle: &Puzzle, max: u64, time: std::time::Duration, cancel: Cancel) -> Result<Value, AppError> {
    let limits = sudoku_ip::Limits { time: Some(time), nodes: None, cancel };
    let found = sudoku_ip::candidates(puzzle, max, limits).map_err(|e| AppError::Internal(e.to_string()))?;
    to_value(found)
}

fn to_value(answer: impl serde::Serialize) -> Result<Value, AppError> {
    serde_json::to_value(answer).map_err(|e| AppError::Internal(format!("cannot write the answer: {e}")))
}

fn generate_error(e: GenerateError) -> AppError {
    match e {
        GenerateError::InvalidSpec { .. } | GenerateError::Rule(_) => AppError::bad("rules", e.to_string()),
        GenerateError::Candidates(_) => AppError::bad("candidates", format!("candidates: {e}")),
        GenerateError::NoGrid
        | GenerateError::NoSolution
        | GenerateError::NotUnique { .. }
        | GenerateError::DifficultyNotReached { .. }
        | GenerateError::RatingNotReached { .. }
        | GenerateError::Stopped { .. } => AppError::Unprocessable(e.to_string()),
        other => AppError::Internal(other.to_string()),
    }
}

/// The picture of a puzzle, `pixels` wide, with `fill` digits drawn in its empty cells.
pub fn render(puzzle: &Puzzle, fill: Option<&Grid>, format: ImageFormat, pixels: u32) -> Result<Vec<u8>, AppError> {
    let opts = RenderOptions { size: pixels, ..RenderOptions::default() };
    match format {
        ImageFormat::Svg => Ok(sudoku_ip::render::svg(puzzle, fill, &opts).into_bytes()),
        ImageFormat::Png => {
            sudoku_ip::render::png(puzzle, fill, &opts).map_err(|e| AppError::Internal(format!("cannot draw: {e}")))
        }
    }
}

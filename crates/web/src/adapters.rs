//! The generator and the renderer as the API sees them: small functions over the
//! `sudoku-ip-generate` and `sudoku-ip-render` crates, so their API can change in one place.

use std::time::Duration;

use serde_json::Value;
use sudoku_ip_model::rules::Rule;
use sudoku_ip_model::{Grid, Puzzle};

use crate::error::AppError;

/// Picture formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageFormat {
    /// Scalable vector graphics (text).
    Svg,
    /// A raster image.
    Png,
}

/// What to generate.
#[derive(Clone, Debug)]
pub struct GenerateSpec {
    /// Side.
    pub size: usize,
    /// Box shape, or the inferred one.
    pub box_shape: Option<(usize, usize)>,
    /// Rules without data.
    pub rules: Vec<Rule>,
    /// Symmetry name (see [`symmetries`]).
    pub symmetry: Option<String>,
    /// Difficulty name (see [`difficulties`]).
    pub difficulty: Option<String>,
    /// Seed, for the same puzzle again.
    pub seed: Option<u64>,
    /// Time budget.
    pub time: Duration,
}

/// A generated puzzle.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The generator's rating, as JSON.
    pub rating: Option<Value>,
    /// The seed that reproduces it.
    pub seed: Option<u64>,
    /// Time taken.
    pub elapsed: Duration,
}

/// Whether this build can generate.
pub fn generate_available() -> bool {
    false
}

/// Symmetry names the generator takes.
pub fn symmetries() -> Vec<&'static str> {
    Vec::new()
}

/// Difficulty names the generator takes.
pub fn difficulties() -> Vec<&'static str> {
    Vec::new()
}

/// Refuse unknown symmetry and difficulty names before any work.
pub fn check_generate_spec(spec: &GenerateSpec) -> Result<(), AppError> {
    let _ = spec;
    Ok(())
}

/// A puzzle with a unique solution.
pub fn generate(spec: &GenerateSpec) -> Result<Generated, AppError> {
    let _ = spec;
    Err(AppError::Unavailable("this build has no generator".into()))
}

/// The difficulty of a puzzle, as JSON.
pub fn rate(puzzle: &Puzzle) -> Result<Value, AppError> {
    let _ = puzzle;
    Err(AppError::Unavailable("this build has no rater".into()))
}

/// Whether this build can draw.
pub fn render_available() -> bool {
    false
}

/// The picture of a puzzle, with `fill` digits drawn in its empty cells.
pub fn render(puzzle: &Puzzle, fill: Option<&Grid>, format: ImageFormat) -> Result<Vec<u8>, AppError> {
    let _ = (puzzle, fill, format);
    Err(AppError::Unavailable("this build cannot draw".into()))
}

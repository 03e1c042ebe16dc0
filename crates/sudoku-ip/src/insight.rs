//! The answers of `hint` and `explain` as one JSON shape for `sudoku-ip hint/explain -O json`
//! and the API's `/api/hint` and `/api/explain`:
//!
//! ```json
//! {"status": "step", "step": {"technique": "hidden-single", "text": "Hidden single: …",
//!   "rating": 1.2, "cells": ["r5c6"], "candidates": [...], "placements": [{"cell": "r5c6",
//!   "digit": 7}], "eliminations": [], "uses_uniqueness": false}}
//! {"status": "solved", "steps": [...], "stuck_empty": 0, "guesses": 3, "rating": 4.2}
//! ```
//!
//! `hint`'s status is `step` or `none` (solved, or no technique applies: search is needed);
//! `explain`'s is `solved` (logic finished the puzzle) or `stuck` (`stuck_empty` cells left).

use serde::Serialize;
use sudoku_ip_generate::{self as generate, Explanation, GenerateError, SeRating, Step, SEARCH_RATING};
use sudoku_ip_model::Puzzle;

/// What `hint` found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum HintStatus {
    /// A step.
    Step,
    /// No step: the puzzle is solved, or no technique applies.
    None,
}

/// The next step, if any.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hint {
    /// `step` or `none`.
    pub status: HintStatus,
    /// The step (checked against the solution).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<Step>,
}

/// How the path ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PathStatus {
    /// Logic filled every cell.
    Solved,
    /// No technique applied any more.
    Stuck,
}

/// The whole logical path.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Path {
    /// `solved` or `stuck`.
    pub status: PathStatus,
    /// The steps, the empty cells left, the engine's guesses.
    #[serde(flatten)]
    pub explanation: Explanation,
    /// The hardest step's weight on the Sudoku Explainer scale (1.0 for no step), at least
    /// [`SEARCH_RATING`] when stuck, as `rate` gives it.
    pub rating: SeRating,
}

/// The next logical step of a unique puzzle, from its givens or from `start` (a person's
/// candidates, one mask per cell).
pub fn hint(puzzle: &Puzzle, start: Option<&[u64]>) -> Result<Hint, GenerateError> {
    let step = generate::next_step(puzzle, start)?;
    Ok(Hint { status: if step.is_some() { HintStatus::Step } else { HintStatus::None }, step })
}

/// The whole logical path of a unique puzzle, each step checked against the solution.
pub fn explain(puzzle: &Puzzle, start: Option<&[u64]>) -> Result<Path, GenerateError> {
    let explanation = generate::steps(puzzle, start)?;
    let mut rating = explanation.steps.iter().map(|s| s.rating).max().unwrap_or(SeRating(10));
    let status = if explanation.stuck_empty == 0 { PathStatus::Solved } else { PathStatus::Stuck };
    if status == PathStatus::Stuck {
        rating = rating.max(SEARCH_RATING);
    }
    Ok(Path { status, explanation, rating })
}

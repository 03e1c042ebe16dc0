//! The answers of `hint` and `explain` as one JSON shape for `sudoku-ip hint/explain -O json`
//! and the API's `/api/hint` and `/api/explain`:
//!
//! ```json
//! {"status": "step", "step": {"technique": "hidden-single", "text": "Hidden single: …",
//!   "rating": 1.2, "cells": ["r5c6"], "candidates": [...], "placements": [{"cell": "r5c6",
//!   "digit": 7}], "eliminations": [], "uses_uniqueness": false}, "position": "1........"}
//! {"status": "solved", "steps": [...], "stuck_empty": 0, "guesses": 3, "rating": 4.2}
//! ```
//!
//! `hint`'s status is `step` or `none` (solved, or no technique applies: search is needed),
//! and `position` is the candidate string the step starts from (a placed cell holds its digit
//! alone): what a person's pencil marks should be, and what `--candidates` reads back.
//! `explain`'s is `solved` (logic finished the puzzle) or `stuck` (`stuck_empty` cells left);
//! [`explain_positions`] adds `positions`, the candidate string before each step and after
//! the last (for a step-through or a picture of each step).

use serde::Serialize;
use sudoku_ip_generate::{self as generate, Explanation, GenerateError, SeRating, Step, SEARCH_RATING};
use sudoku_ip_model::{Cell, Grid, Puzzle};
use sudoku_ip_render::{Notes, Pencil};

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
    /// The candidates the step starts from, as a candidate string (a placed cell holds its
    /// digit alone).
    pub position: String,
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
    /// With [`explain_positions`]: the candidate string before each step and after the last.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub positions: Option<Vec<String>>,
}

/// The next logical step of a unique puzzle, from its givens or from `start` (a person's
/// candidates, one mask per cell).
pub fn hint(puzzle: &Puzzle, start: Option<&[u64]>) -> Result<Hint, GenerateError> {
    let (step, position) = generate::next_step(puzzle, start)?;
    let status = if step.is_some() { HintStatus::Step } else { HintStatus::None };
    Ok(Hint { status, step, position: generate::format_candidates(&position, puzzle.n()) })
}

/// The whole logical path of a unique puzzle, each step checked against the solution.
pub fn explain(puzzle: &Puzzle, start: Option<&[u64]>) -> Result<Path, GenerateError> {
    Ok(path(generate::steps(puzzle, start)?, None))
}

/// [`explain`], with the candidates before each step and after the last (`positions`).
pub fn explain_positions(puzzle: &Puzzle, start: Option<&[u64]>) -> Result<Path, GenerateError> {
    let (explanation, positions) = generate::steps_with_positions(puzzle, start)?;
    let n = puzzle.n();
    Ok(path(explanation, Some(positions.iter().map(|p| generate::format_candidates(p, n)).collect())))
}

fn path(explanation: Explanation, positions: Option<Vec<String>>) -> Path {
    let mut rating = explanation.steps.iter().map(|s| s.rating).max().unwrap_or(SeRating(10));
    let status = if explanation.stuck_empty == 0 { PathStatus::Solved } else { PathStatus::Stuck };
    if status == PathStatus::Stuck {
        rating = rating.max(SEARCH_RATING);
    }
    Path { status, explanation, rating, positions }
}

/// What a picture of a position shows: the digits placed so far (the cells, not given, that
/// hold one candidate) and the notes: every other open cell's candidates pencilled in, and,
/// with a step, its pattern cells shaded, its candidates on green discs, what it removes on red
/// ones and its sentence under the grid.
pub fn position_picture(puzzle: &Puzzle, position: &[u64], step: Option<&Step>) -> (Grid, Notes) {
    let n = puzzle.n();
    let mut filled = Grid::empty(n);
    let mut notes = Notes { candidates: vec![0; n * n], ..Notes::default() };
    for (k, &mask) in position.iter().enumerate().take(n * n) {
        let cell = Cell::from_index(k, n);
        if puzzle.givens().get(cell) != 0 {
            continue;
        }
        if mask.count_ones() == 1 && step.is_none_or(|s| !s.placements.iter().any(|p| p.cell == cell)) {
            filled.set(cell, mask.trailing_zeros() as usize + 1);
        } else {
            notes.candidates[k] = mask;
        }
    }
    if let Some(step) = step {
        notes.cells = step.cells.clone();
        for (list, pencil) in [
            (&step.candidates, Pencil::Pattern),
            (&step.placements, Pencil::Pattern),
            (&step.eliminations, Pencil::Removed),
        ] {
            notes.marks.extend(list.iter().map(|c| (c.cell, c.digit, pencil)));
        }
        notes.caption.push(step.text.clone());
    }
    (filled, notes)
}

/// The true candidates as notes: each pencilled in, green and bold when one solution uses it,
/// orange when fewer than the cap do.
pub fn candidates_notes(found: &crate::TrueCandidates) -> Notes {
    let n = found.n;
    let mut notes = Notes { candidates: found.masks(), ..Notes::default() };
    for (k, counts) in found.counts.iter().enumerate() {
        for (i, &count) in counts.iter().enumerate() {
            let pencil = match count {
                0 => continue,
                1 => Pencil::OneSolution,
                c if c < found.max => Pencil::FewSolutions,
                _ => continue,
            };
            notes.marks.push((Cell::from_index(k, n), i as u8 + 1, pencil));
        }
    }
    notes
}

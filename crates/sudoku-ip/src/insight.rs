//! The answers of `hint` and `explain` as one JSON shape for `sudoku-ip hint/explain -O json`
//! and the API's `/api/hint` and `/api/explain`:
//!
//! ```json
//! {"status": "step", "step": {"technique": "hidden-single", "text": "Hidden single: …",
//!   "rating": 1.2, "cells": ["r5c6"], "candidates": [...], "placements": [{"cell": "r5c6",
//!   "digit": 7}], "eliminations": [], "uses_uniqueness": false}, "position": "1........",
//!   "placed": ["r1c1"]}
//! {"status": "solved", "steps": [...], "stuck_empty": 0, "guesses": 3, "rating": 4.2}
//! ```
//!
//! `hint`'s status is `step` or `none` (solved, or no technique applies: search is needed),
//! `position` is the candidate string the step starts from (a placed cell holds its digit
//! alone): what a person's pencil marks should be, and what `--candidates` reads back; and
//! `placed` names the cells filled so far beyond the givens. A cell with one candidate that
//! is not in `placed` is open: a naked single no step has taken yet.
//! `explain`'s is `solved` (logic finished the puzzle) or `stuck` (`stuck_empty` cells left);
//! [`explain_positions`] adds `positions`, the candidate string before each step and after
//! the last (for a step-through or a picture of each step), and `placed`, the cells filled
//! beyond the givens in each of them.

use serde::Serialize;
use sudoku_ip_generate::{self as generate, Explanation, GenerateError, Position, SeRating, Step, SEARCH_RATING};
use sudoku_ip_model::{Cancel, Cell, Grid, Puzzle};
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
    /// The cells of `position` filled beyond the givens (by steps, or in the candidates the
    /// hint started from): the others are open, even with one candidate.
    #[serde(serialize_with = "cell_names")]
    pub placed: Vec<Cell>,
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
    /// With [`explain_positions`]: for each of `positions`, the cells filled beyond the givens.
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "cell_name_lists")]
    pub placed: Option<Vec<Vec<Cell>>>,
}

fn cell_names<S: serde::Serializer>(cells: &[Cell], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(cells.iter().map(Cell::to_string))
}

fn cell_name_lists<S: serde::Serializer>(lists: &Option<Vec<Vec<Cell>>>, s: S) -> Result<S::Ok, S::Error> {
    let names = lists.iter().flatten().map(|cells| cells.iter().map(Cell::to_string).collect::<Vec<_>>());
    s.collect_seq(names)
}

/// The next logical step of a unique puzzle, from its givens or from `start` (a person's
/// candidates and filled cells).
pub fn hint(puzzle: &Puzzle, start: Option<&Position>) -> Result<Hint, GenerateError> {
    hint_with(puzzle, start, &Cancel::default())
}

/// [`hint`] until `cancel` says stop (its flag or deadline): the uniqueness search and the
/// step's techniques read it, and a stopped hint is [`GenerateError::Stopped`].
pub fn hint_with(puzzle: &Puzzle, start: Option<&Position>, cancel: &Cancel) -> Result<Hint, GenerateError> {
    let (step, position) = generate::next_step_with(puzzle, start, cancel)?;
    let status = if step.is_some() { HintStatus::Step } else { HintStatus::None };
    let n = puzzle.n();
    let placed = position.placed(puzzle.givens().values(), n);
    Ok(Hint { status, step, position: generate::format_candidates(&position.candidates, n), placed })
}

/// The position of a [`Hint`] or of a [`Path`]'s `positions[i]`: its candidate string read
/// back, with the cells of `placed` and the givens filled.
pub fn read_position(
    puzzle: &Puzzle,
    candidates: &str,
    placed: &[Cell],
) -> Result<Position, generate::CandidatesError> {
    let n = puzzle.n();
    let candidates = generate::parse_candidates(candidates, n)?;
    let mut filled: Vec<bool> = puzzle.givens().values().iter().map(|&v| v != 0).collect();
    for cell in placed {
        filled[cell.index(n)] = true;
    }
    Ok(Position { candidates, filled })
}

/// The whole logical path of a unique puzzle, each step checked against the solution.
pub fn explain(puzzle: &Puzzle, start: Option<&Position>) -> Result<Path, GenerateError> {
    explain_with(puzzle, start, &Cancel::default())
}

/// [`explain`] until `cancel` says stop (see [`hint_with`]).
pub fn explain_with(puzzle: &Puzzle, start: Option<&Position>, cancel: &Cancel) -> Result<Path, GenerateError> {
    Ok(path(generate::steps_with(puzzle, start, cancel)?, None))
}

/// [`explain`], with the candidates before each step and after the last (`positions`) and the
/// cells filled in each (`placed`).
pub fn explain_positions(puzzle: &Puzzle, start: Option<&Position>) -> Result<Path, GenerateError> {
    explain_positions_with(puzzle, start, &Cancel::default())
}

/// [`explain_positions`] until `cancel` says stop (see [`hint_with`]).
pub fn explain_positions_with(
    puzzle: &Puzzle,
    start: Option<&Position>,
    cancel: &Cancel,
) -> Result<Path, GenerateError> {
    let (explanation, positions) = generate::steps_with_positions_within(puzzle, start, cancel)?;
    let n = puzzle.n();
    let mut answer =
        path(explanation, Some(positions.iter().map(|p| generate::format_candidates(&p.candidates, n)).collect()));
    answer.placed = Some(positions.iter().map(|p| p.placed(puzzle.givens().values(), n)).collect());
    Ok(answer)
}

fn path(explanation: Explanation, positions: Option<Vec<String>>) -> Path {
    let mut rating = explanation.steps.iter().map(|s| s.rating).max().unwrap_or(SeRating(10));
    let status = if explanation.stuck_empty == 0 { PathStatus::Solved } else { PathStatus::Stuck };
    if status == PathStatus::Stuck {
        rating = rating.max(SEARCH_RATING);
    }
    Path { status, explanation, rating, positions, placed: None }
}

/// What a picture of a position shows: the digits placed so far (the filled cells, not given)
/// and the notes: every open cell's candidates pencilled in (a lone one too: no step has
/// placed it yet), and, with a step, its pattern cells shaded, its candidates on green discs,
/// what it removes on red ones and its sentence under the grid.
pub fn position_picture(puzzle: &Puzzle, position: &Position, step: Option<&Step>) -> (Grid, Notes) {
    let n = puzzle.n();
    let mut filled = Grid::empty(n);
    let mut notes = Notes { candidates: vec![0; n * n], ..Notes::default() };
    for (k, (&mask, &placed)) in position.candidates.iter().zip(&position.filled).enumerate().take(n * n) {
        let cell = Cell::from_index(k, n);
        if puzzle.givens().get(cell) != 0 {
            continue;
        }
        if placed && mask.count_ones() == 1 {
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

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_ip_formats::{parse_puzzle, ParseOptions};

    /// Issue 16: a cell that eliminations left with one candidate is not placed, in the JSON
    /// and in the picture, until a step places it.
    #[test]
    fn a_lone_candidate_not_yet_placed_is_open_in_the_json_and_pencilled_in_the_picture() {
        // Needs locked candidates: its eliminations leave lone candidates before the singles.
        let line = ".1..7...6...8.5...3.4......625.8..7......68..83...4..9..7............5.1....6.28.";
        let puzzle = parse_puzzle(line, &ParseOptions::default()).expect("a puzzle");
        let path = explain_positions(&puzzle, None).expect("unique");
        let json = serde_json::to_value(&path).expect("JSON");
        let (positions, placed) = (path.positions.as_ref().expect("positions"), path.placed.as_ref().expect("placed"));
        assert_eq!(json["placed"].as_array().map(Vec::len), Some(positions.len()));
        let mut lone = None;
        for (i, (text, cells)) in positions.iter().zip(placed).enumerate() {
            let at = read_position(&puzzle, text, cells).expect("reads back");
            let open = (0..81).find(|&k| !at.filled[k] && at.candidates[k].count_ones() == 1);
            if let Some(k) = open {
                lone = Some((i, k, at));
                break;
            }
        }
        let (i, k, at) = lone.expect("a lone candidate before the step that places it");
        let cell = Cell::from_index(k, 9);
        let names: Vec<&str> = json["placed"][i].as_array().expect("cells").iter().filter_map(|c| c.as_str()).collect();
        assert!(!names.contains(&cell.to_string().as_str()), "{cell} is not placed in position {i}: {names:?}");
        assert_eq!(names.len(), placed[i].len());
        // The picture pencils it in; the cells the steps placed are drawn as digits.
        let (filled, notes) = position_picture(&puzzle, &at, None);
        assert_eq!(filled.get(cell), 0, "{cell} drawn as placed");
        assert_eq!(notes.candidates[k], at.candidates[k]);
        for c in &placed[i] {
            assert_eq!(filled.get(*c), at.candidates[c.index(9)].trailing_zeros() as usize + 1, "{c}");
        }
        // The hint from there (the same candidates and placed cells) is the path's step.
        let hint = hint(&puzzle, Some(&at)).expect("unique");
        assert_eq!(hint.step.as_ref(), path.explanation.steps.get(i));
        assert_eq!(&hint.placed, &placed[i]);
    }
}

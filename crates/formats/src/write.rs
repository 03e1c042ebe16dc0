//! Writing a puzzle as text that reads back as the same puzzle.
//!
//! The text forms carry the givens, and in header comments what the givens cannot say:
//!
//! ```text
//! # size: 16                       (triplets only, when the side is not 9)
//! # box: 2x3                       (when the boxes are not the shape inferred from the side;
//!                                   `none` for a Latin square)
//! # rules: diagonal,anti-knight    (rules that need no data)
//! ```
//!
//! Jigsaw regions and rules with data (cages, thermometers, …) have no place in these forms:
//! the writer refuses them ([`WriteError`]) rather than write a different puzzle; JSON
//! ([`super::json::to_json`]) carries everything.

use thiserror::Error;

use super::to_triplets;
use sudoku_ip_model::geometry::{inferred_box, Layout};
use sudoku_ip_model::puzzle::Puzzle;
use sudoku_ip_model::rules;

/// A text form of a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextForm {
    /// `n` rows with box separators ([`sudoku_ip_model::Grid::to_pretty`]).
    Grid,
    /// One line of `n²` characters (`n²` integers above 35).
    Line,
    /// `row,col,digit` clue triplets, one a line.
    Triplets,
}

impl TextForm {
    fn name(self) -> &'static str {
        match self {
            TextForm::Grid => "grid",
            TextForm::Line => "line",
            TextForm::Triplets => "triplets",
        }
    }
}

/// A puzzle a text form cannot represent.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum WriteError {
    /// Something the puzzle has that the form has no place for.
    #[error("{what} cannot be written as {form} text; write it as JSON")]
    Unrepresentable {
        /// The form asked for (`grid`, `line`, `triplets`).
        form: &'static str,
        /// What cannot be written, e.g. "the killer rule (its cages)".
        what: String,
    },
}

/// The puzzle as text in `form`, headers first, which [`super::parse_puzzle`] reads back (with
/// default options) as an equal puzzle. Refuses jigsaw regions, rules with data, and (as
/// triplets) a puzzle with no givens.
pub fn write_text(puzzle: &Puzzle, form: TextForm) -> Result<String, WriteError> {
    let refuse = |what: String| WriteError::Unrepresentable { form: form.name(), what };
    let n = puzzle.n();
    let mut out = String::new();
    if form == TextForm::Triplets && n != 9 {
        out.push_str(&format!("# size: {n}\n"));
    }
    match puzzle.geometry().layout() {
        Layout::Regions(_) => return Err(refuse("a jigsaw (irregular regions)".into())),
        &Layout::Boxes { rows, cols } => {
            if inferred_box(n) != Some((rows, cols)) {
                out.push_str(&format!("# box: {rows}x{cols}\n"));
            }
        }
        Layout::Latin => out.push_str("# box: none\n"),
    }
    if !puzzle.rules().is_empty() {
        let mut names = Vec::with_capacity(puzzle.rules().len());
        for rule in puzzle.rules() {
            // A rule is written by name only when its name alone gives it back.
            if rules::rule_from_name(rule.name(), n).as_ref() != Ok(rule) {
                return Err(refuse(format!("the {} rule (its data)", rule.name())));
            }
            names.push(rule.name());
        }
        out.push_str(&format!("# rules: {}\n", names.join(",")));
    }
    if form == TextForm::Triplets && puzzle.givens().filled() == 0 {
        return Err(refuse("a puzzle with no givens".into()));
    }
    match form {
        TextForm::Grid => out.push_str(&puzzle.givens().to_pretty(puzzle.geometry())),
        TextForm::Line => {
            out.push_str(&puzzle.givens().to_line());
            out.push('\n');
        }
        TextForm::Triplets => out.push_str(&to_triplets(puzzle)),
    }
    Ok(out)
}

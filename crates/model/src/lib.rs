//! # sudoku-ip-model
//!
//! Everything about a puzzle that is not a solver: its [`Geometry`], givens and variant
//! [`Rule`]s ([`Puzzle`]) and its canonical [`json`] form; the one 0-1 integer program of the seeds ([`Model`]: a binary `x[cell, digit]` per cell and digit,
//! "exactly one" rows, linear rows for variants, givens as fixed variables); LP and MPS
//! [`export`]; and the independent [`check`]er.
//!
//! The text formats a puzzle is read from and written to (grid, line, triplets, Killer text,
//! JSON text, f-puzzles / SudokuPad links, detection) are the `sudoku-ip-formats` crate's, which
//! depends on this one, never the other way round.
//!
//! This crate has no solver and no C dependency. Backends depend on it through the
//! [`Backend`] trait and read only the [`Model`]; their answers come back as [`Grid`]s that the
//! checker verifies against the [`Puzzle`] — never against the model — before they are shown.
//!
//! ```
//! use sudoku_ip_model::{json, Model, check};
//!
//! let puzzle = json::parse_value(&serde_json::json!({
//!     "givens": "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
//! })).unwrap();
//! let model = Model::build(&puzzle);
//! assert_eq!(model.size().variables, 729);
//! assert_eq!(model.size().rows, 324);
//! assert!(check::given_conflicts(&puzzle).is_empty());
//! ```
#![forbid(unsafe_code)]

pub mod automaton;
pub mod cancel;
pub mod check;
mod combined;
pub mod constant;
pub mod error;
pub mod export;
pub mod geometry;
pub mod grid;
mod jigsaw;
pub mod json;
pub mod json_read;
pub mod model;
pub mod puzzle;
pub mod rules;
pub mod solve;
pub mod warnings;

pub use automaton::{LineAutomaton, Replaces};
pub use cancel::{Cancel, Progress};
pub use check::{verify, Violation};
pub use constant::{constant_objective, ConstantObjective};
pub use error::{GeometryError, ParseError};
pub use geometry::{BoxShape, Cell, Geometry, Layout};
pub use grid::Grid;
pub use model::{Clue, Model, ModelSize, ModelTooLarge, Objective, Row, RowKind, Sense, SparseModel};
pub use puzzle::Puzzle;
pub use rules::Rule;
pub use solve::{Backend, BackendError, Limits, SearchEnd, SearchRequest, SearchResult, StartUse, Stats};
pub use warnings::{warnings, Warning};

/// A count and its noun, for messages: `1 row`, `2 rows`; `1 entry`, `2 entries`.
pub fn plural(count: usize, word: &str) -> String {
    match (count, word.strip_suffix('y')) {
        (1, _) => format!("1 {word}"),
        (_, Some(stem)) => format!("{count} {stem}ies"),
        _ => format!("{count} {word}s"),
    }
}

//! Typed errors with the position of what is wrong and what was expected.

use thiserror::Error;

/// A geometry that cannot be built.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum GeometryError {
    /// Side out of the supported range.
    #[error("grid side {n} is not supported (expected 1 to {max})", max = crate::geometry::MAX_SIDE)]
    UnsupportedSide {
        /// The side asked for.
        n: usize,
    },
    /// `n` has no natural box shape (it is prime).
    #[error("a {n}x{n} grid has no rectangular box shape to infer ({n} is prime): give a box shape (rows x columns), or none")]
    NoBoxShape {
        /// The side.
        n: usize,
    },
    /// A box shape that does not tile the grid.
    #[error("box shape {rows}x{cols} does not fit a {n}x{n} grid (rows x cols must equal {n})")]
    BadBox {
        /// The side.
        n: usize,
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// Jigsaw regions that do not partition the grid.
    #[error("bad regions: {reason}")]
    BadRegions {
        /// What is wrong.
        reason: String,
    },
}

/// Where in the input text something went wrong (1-based; column 0 when it is the whole line).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, 0 if unknown.
    pub column: usize,
}

impl std::fmt::Display for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.column > 0 {
            write!(f, "line {}, column {}", self.line, self.column)
        } else {
            write!(f, "line {}", self.line)
        }
    }
}

/// Input that cannot be read as a puzzle.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseError {
    /// Nothing to read.
    #[error(
        "the input is empty (expected a puzzle: a grid, an {cells}-character line or i,j,k clue triplets)",
        cells = 81
    )]
    Empty,
    /// A token that is not what was expected at this place.
    #[error("{at}: found {found:?}, expected {expected}")]
    Unexpected {
        /// Where.
        at: Position,
        /// The text found.
        found: String,
        /// What would have been accepted.
        expected: String,
    },
    /// The input has a shape no format accepts.
    #[error("{at}: {message}")]
    Shape {
        /// Where (the first offending line).
        at: Position,
        /// What is wrong and what was expected.
        message: String,
    },
    /// The geometry implied by the input cannot be built.
    #[error("{0}")]
    Geometry(#[from] GeometryError),
    /// Two givens for the same cell disagree.
    #[error("{at}: cell {cell} is given twice, as {first} and as {second}")]
    ClashingGivens {
        /// Where the second one is.
        at: Position,
        /// The cell, written r1c1.
        cell: String,
        /// First value.
        first: usize,
        /// Second value.
        second: usize,
    },
    /// Text whose shape fits no input format: every format considered, and why it was rejected.
    #[error("{at}: no input format fits this text: {}; force one with --format", rejected_list(.tried))]
    NoFormat {
        /// The first meaningful line.
        at: Position,
        /// `(format, why it does not fit)`, e.g. `("a grid", "1 row of 4 cells; …")`.
        tried: Vec<(String, String)>,
    },
    /// An error in text whose format was guessed from a shape it does not fit exactly: the
    /// error, and how the text was read (so a user can force another format).
    #[error("{error} ({note})")]
    Guessed {
        /// The error in the guessed format.
        error: Box<ParseError>,
        /// How and why the text was read that way.
        note: String,
    },
    /// A JSON puzzle file with an error at a JSON path. Shown elided: keys and values the
    /// message quotes may be as long as the file.
    #[error("{}: {}", elide(path, 120), elide(message, 600))]
    Json {
        /// JSON path, e.g. `$.rules[2].cells[0]`.
        path: String,
        /// What is wrong.
        message: String,
    },
}

fn rejected_list(tried: &[(String, String)]) -> String {
    tried.iter().map(|(format, why)| format!("as {format}, {why}")).collect::<Vec<_>>().join("; ")
}

impl ParseError {
    /// The same error for text that starts on line `first` of a larger input (a line of a batch
    /// read on its own): every position moves down by `first - 1`.
    pub fn from_line(self, first: usize) -> ParseError {
        let shift = |at: Position| Position { line: at.line + first.saturating_sub(1), ..at };
        match self {
            ParseError::Unexpected { at, found, expected } => ParseError::Unexpected { at: shift(at), found, expected },
            ParseError::Shape { at, message } => ParseError::Shape { at: shift(at), message },
            ParseError::ClashingGivens { at, cell, first: a, second } => {
                ParseError::ClashingGivens { at: shift(at), cell, first: a, second }
            }
            ParseError::NoFormat { at, tried } => ParseError::NoFormat { at: shift(at), tried },
            ParseError::Guessed { error, note } => {
                ParseError::Guessed { error: Box::new(error.from_line(first)), note }
            }
            other => other,
        }
    }

    /// Shorthand for [`ParseError::Unexpected`].
    pub fn unexpected(line: usize, column: usize, found: impl Into<String>, expected: impl Into<String>) -> Self {
        ParseError::Unexpected { at: Position { line, column }, found: found.into(), expected: expected.into() }
    }

    /// Shorthand for [`ParseError::Shape`].
    pub fn shape(line: usize, message: impl Into<String>) -> Self {
        ParseError::Shape { at: Position { line, column: 0 }, message: message.into() }
    }

    /// The error itself, without the note of a [`ParseError::Guessed`] format.
    pub fn inner(&self) -> &ParseError {
        match self {
            ParseError::Guessed { error, .. } => error.inner(),
            other => other,
        }
    }
}

/// `text` itself when it has at most `max` characters, else its start and its end around
/// " … ": for messages that quote input someone else's code put in them (serde's `invalid
/// type: string "<1 MB>", expected usize`), so they stay short and keep how they end.
/// Where a space is near a cut (within 30 characters), the cut moves to it, so that words are
/// not split ("… jointgroups" was the end of "disjointgroups").
pub fn elide(text: &str, max: usize) -> String {
    const NEAR: usize = 30;
    let count = text.chars().count();
    if count <= max {
        return text.to_string();
    }
    let keep = max / 2;
    let chars: Vec<char> = text.chars().collect();
    let head_end = (keep.saturating_sub(NEAR)..keep).rev().find(|&i| chars[i] == ' ').unwrap_or(keep);
    let tail_start =
        (count - keep..(count - keep + NEAR).min(count)).find(|&i| chars[i] == ' ').map_or(count - keep, |i| i + 1);
    let head: String = chars[..head_end].iter().collect();
    let tail: String = chars[tail_start..].iter().collect();
    format!("{} … {}", head.trim_end_matches([',', ' ']), tail)
}

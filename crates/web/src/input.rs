//! Where a request's puzzle comes from: a JSON puzzle object (`puzzle`; f-puzzles JSON is told
//! apart by its `grid`, as the command line tells it), or text in any format the command line
//! reads (`line`, `text`: also SudokuPad / f-puzzles links), with the command line's `box`,
//! `size` and `rules`.

use serde::Deserialize;
use serde_json::Value;
use sudoku_ip::formats::{self, fpuzzles, json, Format, ParseOptions};
use sudoku_ip::model::{BoxShape, ParseError, Puzzle};
use sudoku_ip::InputError;

use crate::error::AppError;
use crate::extract::Fields;

/// The puzzle fields of a request; exactly one of `puzzle`, `line`, `text`.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct PuzzleInput {
    /// The JSON puzzle format or f-puzzles JSON (an object), or a string read like `text`.
    pub puzzle: Option<Value>,
    /// One line of `n²` characters.
    pub line: Option<String>,
    /// Any text format: grid, triplets, MATLAB matrix, line, or JSON.
    pub text: Option<String>,
    /// Box shape `RxC` for text input.
    #[serde(rename = "box")]
    pub box_shape: Option<String>,
    /// Side, for clue triplets of grids bigger than 9x9.
    pub size: Option<usize>,
    /// Rules without data switched on by name (`diagonal`, `windows`, `anti-knight`, …).
    pub rules: Option<Vec<String>>,
}

impl Fields for PuzzleInput {
    const FIELDS: &'static [&'static str] = &["puzzle", "line", "text", "box", "size", "rules"];
}

impl PuzzleInput {
    /// The puzzle, refused when its side exceeds `max_side` (`action` says what for), when a
    /// rule repeats a shape (400), or when its model has more than `max_nonzeros` nonzero
    /// coefficients (422, with the size and the bound).
    pub fn puzzle(&self, max_side: usize, max_nonzeros: usize, action: &'static str) -> Result<Puzzle, AppError> {
        let given: Vec<&str> =
            [("puzzle", self.puzzle.is_some()), ("line", self.line.is_some()), ("text", self.text.is_some())]
                .into_iter()
                .filter_map(|(k, present)| present.then_some(k))
                .collect();
        let puzzle = match (given.as_slice(), &self.puzzle) {
            (["puzzle"], Some(Value::Object(_))) => {
                if let Some(field) = self.text_only_field() {
                    return Err(AppError::bad(
                        field,
                        format!("{field:?} is for text input; a JSON puzzle carries its own \"size\" and \"box\""),
                    ));
                }
                let value = self.puzzle.as_ref().unwrap_or(&Value::Null);
                let read = if fpuzzles::is_fpuzzles_value(value) { fpuzzles::from_value } else { json::parse_value };
                read(value).map_err(|e| parse_error("puzzle", e))?
            }
            (["puzzle"], Some(Value::String(s))) => self.parse_text("puzzle", s, Format::Auto)?,
            (["puzzle"], Some(other)) => {
                return Err(AppError::bad(
                    "puzzle",
                    format!("expected a JSON puzzle object or a string, found {other}"),
                ))
            }
            (["line"], _) => self.parse_text("line", self.line.as_deref().unwrap_or(""), Format::Line)?,
            (["text"], _) => self.parse_text("text", self.text.as_deref().unwrap_or(""), Format::Auto)?,
            ([], _) => {
                return Err(AppError::bad(
                    "puzzle",
                    "no puzzle: give \"puzzle\" (a JSON puzzle object), \"line\" (81 characters for 9x9) or \"text\"",
                ))
            }
            _ => return Err(AppError::bad(given[1], format!("give only one of {}", given.join(", ")))),
        };
        if puzzle.n() > max_side {
            return Err(AppError::GridTooLarge { n: puzzle.n(), max: max_side, action });
        }
        let puzzle = self.with_rules(puzzle)?;
        match sudoku_ip::vet(&puzzle, max_nonzeros) {
            Ok(()) => Ok(puzzle),
            Err(e @ sudoku_ip::InputError::ModelTooLarge(_)) => Err(AppError::Unprocessable(e.to_string())),
            Err(e) => Err(AppError::bad("puzzle", format!("puzzle: {e}"))),
        }
    }

    fn text_only_field(&self) -> Option<&'static str> {
        if self.box_shape.is_some() {
            Some("box")
        } else if self.size.is_some() {
            Some("size")
        } else {
            None
        }
    }

    fn parse_text(&self, field: &'static str, text: &str, format: Format) -> Result<Puzzle, AppError> {
        let box_shape = self.box_shape.as_deref().map(parse_box).transpose()?;
        let opts = ParseOptions { format, size: self.size, box_shape };
        formats::parse_puzzle(text, &opts).map_err(|e| parse_error(field, e))
    }

    fn with_rules(&self, puzzle: Puzzle) -> Result<Puzzle, AppError> {
        let names = self.rules.as_deref().unwrap_or_default();
        sudoku_ip::with_rules(puzzle, names).map_err(|e| match e {
            InputError::RuleName { index, message } => AppError::bad(format!("rules[{index}]"), message),
            other => AppError::bad("rules", other.to_string()),
        })
    }
}

/// `RxC` (or `R*C`), or `none` for no boxes, as on the command line; a 400 naming `box`
/// otherwise.
pub fn parse_box(text: &str) -> Result<BoxShape, AppError> {
    sudoku_ip::parse_box(text).map_err(|e| AppError::bad("box", format!("box: {e}")))
}

/// A parse error as a 400 on `field`; JSON paths (`$.givens[1]`) become request paths
/// (`puzzle.givens[1]`).
fn parse_error(field: &str, e: ParseError) -> AppError {
    match e {
        ParseError::Json { path, message } => {
            // Paths and messages quote keys and values, which may be as long as the body. A
            // path without `$` is no place in JSON (a link that cannot be read: `link`): the
            // field itself is at fault.
            let inner = path.strip_prefix('$').unwrap_or_default();
            let field = formats::elide(&format!("{field}{inner}"), 120);
            AppError::BadRequest { message: format!("{field}: {}", formats::elide(&message, 400)), field }
        }
        other => AppError::bad(field, format!("{field}: {other}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(v: Value) -> PuzzleInput {
        serde_json::from_value(v).expect("input fields")
    }

    fn field_of(e: AppError) -> String {
        match e {
            AppError::BadRequest { field, .. } => field,
            other => panic!("not a 400: {other:?}"),
        }
    }

    #[test]
    fn json_paths_become_request_paths() {
        let e = input(serde_json::json!({"puzzle": {"size": 4, "givens": ["1...", ".5..", "....", "...."]}}))
            .puzzle(25, usize::MAX, "solve")
            .expect_err("5 in a 4x4");
        assert_eq!(field_of(e), "puzzle.givens[1]");
    }

    #[test]
    fn text_input_takes_box_and_rules() {
        let p = input(
            serde_json::json!({"line": "1.....2.....3.....4.....5.....6...", "box": "2x3", "rules": ["diagonal"]}),
        )
        .puzzle(25, usize::MAX, "solve");
        assert!(p.is_err(), "34 characters is no square");
        let six = "1.....".repeat(6);
        let p = input(serde_json::json!({"line": six, "box": "3x2", "rules": ["diagonal"]}))
            .puzzle(25, usize::MAX, "solve")
            .expect("6x6 with 3x2 boxes");
        assert_eq!(p.geometry().box_shape(), Some((3, 2)));
        assert_eq!(p.rules().len(), 1);
        let e =
            input(serde_json::json!({"line": six, "rules": ["diagonal", "sandwich"]})).puzzle(25, usize::MAX, "solve");
        assert_eq!(field_of(e.expect_err("unknown rule")), "rules[1]");
    }

    #[test]
    fn one_source_only_and_sides_are_capped() {
        let line = ".".repeat(81);
        let e = input(serde_json::json!({"line": line, "text": line})).puzzle(25, usize::MAX, "solve");
        assert_eq!(field_of(e.expect_err("two sources")), "text");
        assert_eq!(field_of(input(serde_json::json!({})).puzzle(25, usize::MAX, "solve").expect_err("none")), "puzzle");
        let e =
            input(serde_json::json!({"puzzle": {"size": 36}})).puzzle(25, usize::MAX, "solve").expect_err("too big");
        assert!(matches!(e, AppError::GridTooLarge { n: 36, max: 25, .. }), "{e:?}");
    }
}

//! Text formats. (In progress.)
use crate::{ParseError, Puzzle};
/// Options for parsing.
#[derive(Clone, Debug, Default)]
pub struct ParseOptions {}
/// Parse one puzzle.
pub fn parse_puzzle(_text: &str, _opts: &ParseOptions) -> Result<Puzzle, ParseError> { Err(ParseError::Empty) }

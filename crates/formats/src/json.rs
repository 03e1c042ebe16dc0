//! JSON text: one puzzle, a JSON Lines batch, an envelope (`{"puzzle": {..}, ..}`) or an
//! f-puzzles object, read through the model's canonical JSON form
//! ([`sudoku_ip_model::json`], re-exported here: [`parse_value`], [`to_json`], …), which
//! documents the format. Every error names the JSON path of what is wrong
//! (`$.rules[2].cells[0]`).

use serde_json::Value;

pub use sudoku_ip_model::json::{
    killer_from_layout, parse_killer_layout, parse_value, to_json, to_json_pretty, CageError, LAYOUT_DISTINCT,
};
use sudoku_ip_model::json_read::err;

use crate::Document;
use sudoku_ip_model::error::ParseError;
use sudoku_ip_model::puzzle::Puzzle;

/// Parse one puzzle in the JSON format: a puzzle object, or an object that carries one under
/// `"puzzle"` (see [`parse_envelope`]).
pub fn parse_json(text: &str) -> Result<Puzzle, ParseError> {
    match parse_json_document(text)? {
        Document::Single(p) => Ok(p),
        Document::Batch(items) => {
            let line = items.get(1).map_or(0, |(l, _)| *l);
            Err(err("$", format!("expected one JSON puzzle, found {} (the second on line {line})", items.len())))
        }
    }
}

/// Parse a JSON text holding one puzzle, or a stream of them — one object a line (JSON Lines),
/// as `generate --count K -O json` writes — which is a batch. Each object is a puzzle or an
/// envelope ([`parse_envelope`]); a bad object does not stop the others, but invalid JSON ends
/// the stream there.
pub fn parse_json_document(text: &str) -> Result<Document, ParseError> {
    // A byte-order mark (Windows editors) is not JSON; skip it.
    let text = text.trim_start_matches('\u{feff}');
    if text.trim().is_empty() {
        return Err(ParseError::Empty);
    }
    // serde's message ends "at line L column C".
    let not_json = |e: serde_json::Error| err("$", format!("not valid JSON: {e}"));
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<Value>();
    let mut items = Vec::new();
    // Line numbers counted as the stream moves on: `line` is that of byte `counted`.
    let (mut line, mut counted) = (1, 0);
    loop {
        let before = stream.byte_offset();
        let Some(next) = stream.next() else { break };
        match next {
            Ok(value) => {
                // The object starts after the whitespace that separates it from the previous one.
                let start = before + text[before..].len() - text[before..].trim_start().len();
                line += text[counted..start].matches('\n').count();
                counted = start;
                items.push((line, parse_envelope(&value)));
            }
            Err(e) if items.is_empty() => return Err(not_json(e)),
            Err(e) => {
                items.push((e.line(), Err(not_json(e))));
                break;
            }
        }
    }
    if items.len() == 1 {
        let (_, only) = items.remove(0);
        return Ok(Document::Single(only?));
    }
    Ok(Document::Batch(items))
}

/// Keys only a puzzle object has: an object with `"puzzle"` and none of these is an envelope.
const PUZZLE_ONLY_KEYS: &[&str] = &["size", "box", "regions", "givens", "rules", "killer_layout"];

/// Parse a puzzle object, or an envelope: an object that carries the puzzle under `"puzzle"`
/// beside other keys, as `generate -O json` writes and the web API takes (`{"puzzle": {..},
/// "seed": 7, "solution": ..}`). The other keys of an envelope are not read; errors inside it
/// name their path from the envelope (`$.puzzle.rules[0]`).
pub fn parse_envelope(value: &Value) -> Result<Puzzle, ParseError> {
    let inner = value
        .as_object()
        .filter(|top| !PUZZLE_ONLY_KEYS.iter().any(|k| top.contains_key(*k)))
        .and_then(|top| top.get("puzzle"));
    match inner {
        Some(puzzle) => parse_value(puzzle).map_err(|e| match e {
            ParseError::Json { path, message } => ParseError::Json { path: path.replacen('$', "$.puzzle", 1), message },
            other => other,
        }),
        None if crate::fpuzzles::is_fpuzzles_value(value) => crate::fpuzzles::from_value(value),
        None => parse_value(value),
    }
}

/// Seed 004's Killer demo as printed there (Python): `grid = [[1, 1, 2, ...], ...]` and
/// `grid_sum = {1: 3, 2: 15, ...}`, `#` comments ignored. A blank puzzle with boxes and the
/// standard (distinct) killer rule; errors give the line and column. The format and its checks:
/// [`crate::killer_text`].
pub fn parse_killer_layout_text(text: &str) -> Result<Puzzle, ParseError> {
    crate::killer_text::parse_killer_text(text, &crate::ParseOptions::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_004_python_layout_text_imports() {
        let text = "# 4x4 demo\n# grid = [[9]]\ngrid = [[1, 1, 2, 2], [1, 1, 2, 2], [3, 4, 5, 6], [3, 4, 5, 6]]\n\
                    grid_sum = {1: 10, 2: 10, 3: 5, 4: 5, 5: 5, 6: 5}\n";
        let p = parse_killer_layout_text(text).expect("imports");
        let q = parse_json(
            r#"{"killer_layout": {"grid": [[1,1,2,2],[1,1,2,2],[3,4,5,6],[3,4,5,6]], "sums": {"1": 10, "2": 10, "3": 5, "4": 5, "5": 5, "6": 5}}}"#,
        )
        .expect("json");
        assert_eq!(p, q);
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let p = parse_json(r#"{"size": 4, "rules": [{"type": "diagonal"}]}"#).expect("plain");
        assert_eq!(parse_json(&format!("\u{feff}{}", to_json_pretty(&p))).expect("with a BOM"), p);
    }
}

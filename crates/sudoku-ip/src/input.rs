//! What every front end (CLI, web, Python) does to a puzzle before solving it: box shapes written
//! `RxC`, and rules switched on by name.

use sudoku_ip_model::rules::{rule_from_name, validate_rules, RuleError};
use sudoku_ip_model::Puzzle;
use thiserror::Error;

/// A box shape or a rule name that cannot be used.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum InputError {
    /// A box shape that is not `RxC`.
    #[error("{0}")]
    BoxShape(String),
    /// The `index`-th rule name is unknown or cannot hold in this grid.
    #[error("{message}")]
    RuleName {
        /// Position in the list of names.
        index: usize,
        /// What is wrong and which names exist.
        message: String,
    },
    /// The rules together do not make sense for the puzzle (e.g. two rules of one kind).
    #[error(transparent)]
    Rules(#[from] RuleError),
}

/// A box shape written `RxC` (or `R*C`, `RXC`): rows by columns of one box.
pub fn parse_box(text: &str) -> Result<(usize, usize), InputError> {
    let bad = |why: String| InputError::BoxShape(why);
    let (r, c) = text
        .split_once(['x', 'X', '*'])
        .ok_or_else(|| bad(format!("expected ROWSxCOLS such as 2x3, found {text:?}")))?;
    let r = r.trim().parse().map_err(|_| bad(format!("box rows {r:?} is not a number")))?;
    let c = c.trim().parse().map_err(|_| bad(format!("box columns {c:?} is not a number")))?;
    Ok((r, c))
}

/// `puzzle` with the rules called `names` added (blank names skipped, rules it already has not
/// added twice), each checked for the puzzle's geometry.
pub fn with_rules<S: AsRef<str>>(puzzle: Puzzle, names: &[S]) -> Result<Puzzle, InputError> {
    let n = puzzle.n();
    let mut rules = Vec::with_capacity(names.len());
    for (index, name) in names.iter().enumerate() {
        let name = name.as_ref();
        if name.trim().is_empty() {
            continue;
        }
        let rule = rule_from_name(name, n).map_err(|message| InputError::RuleName { index, message })?;
        if !puzzle.rules().iter().chain(&rules).any(|r| r == &rule) {
            rules.push(rule);
        }
    }
    let puzzle = puzzle.with_rules(rules);
    validate_rules(puzzle.geometry(), puzzle.rules())?;
    Ok(puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_ip_model::Geometry;

    #[test]
    fn box_shapes_are_read_and_bad_ones_named() {
        assert_eq!(parse_box("2x3"), Ok((2, 3)));
        assert_eq!(parse_box(" 3 * 2 "), Ok((3, 2)));
        assert!(parse_box("23").expect_err("no x").to_string().contains("ROWSxCOLS"));
        assert!(parse_box("ax3").expect_err("rows").to_string().contains("\"a\""));
    }

    #[test]
    fn rules_by_name_are_added_once_and_unknown_names_are_located() {
        let blank = Puzzle::blank(Geometry::new(9, None).expect("9x9"));
        let p = with_rules(blank.clone(), &["diagonal", " ", "diagonal", "anti-knight"]).expect("rules");
        assert_eq!(p.rules().len(), 2);
        let again = with_rules(p, &["diagonal"]).expect("already there");
        assert_eq!(again.rules().len(), 2);
        match with_rules(blank, &["diagonal", "sandwich"]) {
            Err(InputError::RuleName { index: 1, message }) => assert!(message.contains("sandwich"), "{message}"),
            other => panic!("{other:?}"),
        }
    }
}

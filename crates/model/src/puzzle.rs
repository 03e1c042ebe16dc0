//! A puzzle: geometry, givens and variant rules. It knows nothing of solvers.

use serde::{Deserialize, Serialize};

use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::rules::Rule;

/// Geometry + givens + the extra rules of a variant. Serde reads and writes it in the JSON
/// format ([`crate::json`]), with its checks.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(try_from = "serde_json::Value", into = "serde_json::Value")]
pub struct Puzzle {
    geometry: Geometry,
    givens: Grid,
    rules: Vec<Rule>,
    /// Boxed, and absent when empty: most puzzles carry none, and a `Puzzle` of a batch costs
    /// no allocation for it.
    meta: Option<Box<Meta>>,
}

/// Two puzzles are equal when they ask the same: geometry, givens and rules. Their [`Meta`]
/// (title, author, …) is for people and does not count.
impl PartialEq for Puzzle {
    fn eq(&self, other: &Puzzle) -> bool {
        (&self.geometry, &self.givens, &self.rules) == (&other.geometry, &other.givens, &other.rules)
    }
}

impl Eq for Puzzle {}

impl Puzzle {
    /// A plain puzzle. Panics if the grid side differs from the geometry's: both come from the
    /// same parser, so a mismatch is a bug, not bad input.
    pub fn new(geometry: Geometry, givens: Grid) -> Puzzle {
        assert_eq!(geometry.n(), givens.n(), "geometry and givens disagree on the side");
        Puzzle { geometry, givens, rules: Vec::new(), meta: None }
    }

    /// An empty puzzle (no givens) of a geometry.
    pub fn blank(geometry: Geometry) -> Puzzle {
        let n = geometry.n();
        Puzzle::new(geometry, Grid::empty(n))
    }

    /// Add a variant rule.
    pub fn with_rule(mut self, rule: impl Into<Rule>) -> Puzzle {
        let rule = rule.into();
        self.rules.push(rule);
        self
    }

    /// Add variant rules.
    pub fn with_rules(mut self, rules: impl IntoIterator<Item = Rule>) -> Puzzle {
        self.rules.extend(rules);
        self
    }

    /// Title, author, rules text, solution: what the puzzle says about itself for people.
    pub fn meta(&self) -> &Meta {
        static NONE: Meta =
            Meta { title: None, author: None, ruleset: None, source: None, notes: None, solution: None };
        self.meta.as_deref().unwrap_or(&NONE)
    }

    /// Replace the puzzle's [`Meta`].
    pub fn set_meta(&mut self, meta: Meta) {
        self.meta = (meta != Meta::default()).then(|| Box::new(meta));
    }

    /// The geometry.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// Side.
    pub fn n(&self) -> usize {
        self.geometry.n()
    }

    /// The givens (0 = empty).
    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// Mutable givens (for generators and editors).
    pub fn givens_mut(&mut self) -> &mut Grid {
        &mut self.givens
    }

    /// Variant rules beyond rows, columns and regions.
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// `true` for a plain 9×9 Sudoku: 3×3 boxes and no variant rule. The one place that decides
    /// whether a puzzle may take the native engine's bit-parallel 9×9 fast path (the facade's
    /// solve pipeline and the generator's oracle both ask here).
    pub fn is_plain_9x9(&self) -> bool {
        self.n() == 9 && self.rules.is_empty() && self.geometry.box_shape() == Some((3, 3))
    }

    /// The givens of a plain 9×9 puzzle (see [`Puzzle::is_plain_9x9`]), row-major with 0 for an
    /// empty cell, as the fast path takes them; `None` for any other puzzle.
    pub fn plain_9x9_givens(&self) -> Option<[u8; 81]> {
        if !self.is_plain_9x9() {
            return None;
        }
        <[u8; 81]>::try_from(self.givens.values()).ok()
    }

    /// The givens as 1-based `(row, col, digit)` triplets, as in the seeds' clue matrix `B`.
    pub fn triplets(&self) -> Vec<(usize, usize, usize)> {
        let n = self.n();
        (0..n * n)
            .map(|i| Cell::from_index(i, n))
            .filter_map(|c| {
                let v = self.givens.get(c);
                (v != 0).then(|| (c.row as usize + 1, c.col as usize + 1, v))
            })
            .collect()
    }
}

impl TryFrom<serde_json::Value> for Puzzle {
    type Error = crate::error::ParseError;

    fn try_from(value: serde_json::Value) -> Result<Puzzle, Self::Error> {
        crate::json::parse_value(&value)
    }
}

impl From<Puzzle> for serde_json::Value {
    fn from(puzzle: Puzzle) -> serde_json::Value {
        crate::json::to_json(&puzzle)
    }
}

/// What a puzzle says about itself for people — title, author, the rules in words, where it
/// comes from, the setter's solution. Kept through reading and writing, shown by `--stats`,
/// pictures and the web page; never used to solve.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Meta {
    /// The puzzle's title.
    pub title: Option<String>,
    /// Who set it.
    pub author: Option<String>,
    /// The rules as the setter wrote them (f-puzzles `ruleset`).
    pub ruleset: Option<String>,
    /// Where it comes from.
    pub source: Option<String>,
    /// Anything else.
    pub notes: Option<String>,
    /// The setter's solution (0 = not given), when the puzzle carries one: `solve` says
    /// whether it agrees.
    pub solution: Option<Grid>,
}

impl Meta {
    /// A one-line caption: `"Title" by Author`, or whichever of the two there is.
    pub fn caption(&self) -> Option<String> {
        match (&self.title, &self.author) {
            (Some(t), Some(a)) => Some(format!("{t} by {a}")),
            (Some(t), None) => Some(t.clone()),
            (None, Some(a)) => Some(format!("by {a}")),
            (None, None) => None,
        }
    }

    /// Where `grid` differs from the carried solution (cells both fill), as `r1c1 (3, not 4)`;
    /// `None` when there is no solution to compare.
    pub fn disagreements(&self, grid: &Grid) -> Option<Vec<(crate::geometry::Cell, usize, usize)>> {
        let solution = self.solution.as_ref().filter(|s| s.n() == grid.n())?;
        let n = grid.n();
        Some(
            (0..n * n)
                .map(|k| crate::geometry::Cell::from_index(k, n))
                .filter_map(|c| {
                    let (a, b) = (solution.get(c), grid.get(c));
                    (a != 0 && b != 0 && a != b).then_some((c, a, b))
                })
                .collect(),
        )
    }
}

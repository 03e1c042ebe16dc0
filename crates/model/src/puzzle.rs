//! A puzzle: geometry, givens and variant rules. It knows nothing of solvers.

use serde::{Deserialize, Serialize};

use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::rules::Rule;

/// Geometry + givens + the extra rules of a variant. Serde reads and writes it in the JSON
/// format ([`crate::formats::json`]), with its checks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "serde_json::Value", into = "serde_json::Value")]
pub struct Puzzle {
    geometry: Geometry,
    givens: Grid,
    rules: Vec<Rule>,
}

impl Puzzle {
    /// A plain puzzle. Panics if the grid side differs from the geometry's: both come from the
    /// same parser, so a mismatch is a bug, not bad input.
    pub fn new(geometry: Geometry, givens: Grid) -> Puzzle {
        assert_eq!(geometry.n(), givens.n(), "geometry and givens disagree on the side");
        Puzzle { geometry, givens, rules: Vec::new() }
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
        crate::formats::json::parse_value(&value)
    }
}

impl From<Puzzle> for serde_json::Value {
    fn from(puzzle: Puzzle) -> serde_json::Value {
        crate::formats::json::to_json(&puzzle)
    }
}

//! Variant rules. Each rule lives in its own file, emits rows of the one [`Model`](crate::Model)
//! and checks a grid on its own, independently of the model.
//!
//! Adding a variant: a file here, one variant in [`Rule`], one arm in each match below.

use serde::{Deserialize, Serialize};

use crate::check::Violation;
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::model::ModelBuilder;

/// A rule beyond the plain rows, columns and regions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Rule {}

impl Rule {
    /// Short name, as used by `--rules` and the JSON format.
    pub fn name(&self) -> &'static str {
        match *self {}
    }

    /// Emit this rule's rows into the model.
    pub fn emit(&self, _builder: &mut ModelBuilder<'_>) {
        match *self {}
    }

    /// Check a grid against this rule; `partial` grids (with empty cells) only report rules
    /// already broken by the filled cells.
    pub fn check(&self, _geometry: &Geometry, _grid: &Grid, _partial: bool) -> Vec<Violation> {
        match *self {}
    }
}

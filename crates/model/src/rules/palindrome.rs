//! Palindromes: a grey line reads the same from either end: the `j`-th cell from one end and
//! the `j`-th from the other hold the same digit.
//!
//! ```text
//!   palindrome{i}_{a}_{b}_d{d} :  x[a, d] − x[b, d] = 0     for each mirrored pair (a, b)
//! ```
//!
//! Equalities between two cells' variables: a digit placed in one cell is placed in its mirror,
//! and a digit gone from one is gone from the other, at once.

use serde_json::{Map, Value};

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::model::Sense;

use super::fields::cell_lists_json;
use super::{check_lines, line_mark, Emit, Fields, Input, Mark, RuleError, RuleKind};

/// Palindrome lines are grey.
const GREY: &str = "#b4b4b4";

/// Palindrome lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Palindrome {
    /// Each line's cells, in order along the line.
    pub lines: Vec<Vec<Cell>>,
}

/// The mirrored pairs of a line: first with last, second with second to last, …
fn mirrored(cells: &[Cell]) -> impl Iterator<Item = (Cell, Cell)> + '_ {
    (0..cells.len() / 2).map(move |j| (cells[j], cells[cells.len() - 1 - j]))
}

impl RuleKind for Palindrome {
    const FPUZZLES_KEYS: &'static [&'static str] = &["palindrome"];

    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let lines = f.all_lines("palindrome")?;
        Ok((!lines.is_empty()).then_some(Palindrome { lines }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        f.lines("palindrome", &self.lines);
        Ok(())
    }

    const NAME: &'static str = "palindrome";
    const SUMMARY: &'static str = "a grey line reads the same from either end";
    const INPUT: Input = Input::Line { key: "lines", min: 2 };

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        Ok(Palindrome { lines: f.cell_lists("lines", "a list of cell lists, in order along each line")? })
    }

    fn write(&self, out: &mut Map<String, Value>) {
        out.insert("lines".into(), cell_lists_json(&self.lines));
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        check_lines(geometry.n(), &self.lines, 2)
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        let n = b.n();
        for (i, cells) in self.lines.iter().enumerate() {
            b.clue(format!("the palindrome {}", super::path_text(cells)), cells.iter().copied());
            for (a, c) in mirrored(cells) {
                for d in 1..=n {
                    let terms = vec![(b.var(a, d), 1), (b.var(c, d), -1)];
                    b.row(format_args!("palindrome{}_{a}_{c}_d{d}", i + 1), terms, Sense::Eq, 0);
                }
            }
        }
    }

    fn check(&self, _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        let mut out = Vec::new();
        for (i, cells) in self.lines.iter().enumerate() {
            // Read from both ends independently of `mirrored`.
            for (j, &a) in cells.iter().enumerate() {
                let b = cells[cells.len() - 1 - j];
                let (x, y) = (grid.get(a), grid.get(b));
                if j < cells.len() / 2 && x != 0 && y != 0 && x != y {
                    out.push(Violation::Rule {
                        rule: format!("palindrome line {}", i + 1),
                        message: format!("{a} ({x}) and its mirror {b} ({y}) differ"),
                        cells: vec![a, b],
                    });
                }
            }
        }
        out
    }

    fn draw(&self, _geometry: &Geometry) -> Vec<Mark> {
        self.lines.iter().map(|cells| line_mark(cells, GREY, 0.22)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{agreement4, c};

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        let rule = Palindrome { lines: vec![vec![c(1, 1), c(2, 2), c(3, 3), c(4, 4)], vec![c(1, 3), c(2, 4), c(3, 4)]] };
        let (yes, no) = agreement4(rule.into());
        assert!(yes > 0 && no > 0, "{yes} {no}");
    }

    #[test]
    fn odd_lines_leave_the_middle_cell_free_and_paths_are_named() {
        let line = vec![c(1, 1), c(1, 2), c(1, 3)];
        assert_eq!(mirrored(&line).collect::<Vec<_>>(), vec![(c(1, 1), c(1, 3))]);
        let g = Geometry::new(4, None).expect("4x4");
        let bad = Palindrome { lines: vec![vec![c(1, 1)]] };
        assert_eq!(bad.validate(&g).expect_err("short").path, "lines[0]");
    }
}

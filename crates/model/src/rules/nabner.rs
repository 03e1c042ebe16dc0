//! Nabner lines: no two digits on a line are consecutive, and no digit repeats on it — any two
//! cells of the line, not only neighbours (a line of 3 may hold 1 5 3, never 1 5 4 or 1 5 1).
//! A line holds at most `⌈n/2⌉` cells (1 3 5 7 9 on a 9×9).
//!
//! Both halves are one clique a pair of consecutive digits: a line holds at most one cell
//! with `d` or `d+1`, which forbids a repeated `d`, a repeated `d+1` and the two together:
//!
//! ```text
//!   nabner{i}_d{d}  :  Σ_{c on line} (x[c, d] + x[c, d+1]) <= 1      for d = 1 … n−1
//! ```
//!
//! f-puzzles has no Nabner line of its own; the constraint scripts setters use with it
//! (dclamage's, read by SudokuPad and his SudokuSolver) write `"nabner": [{"lines": [[…]]}]`.

use serde_json::{Map, Value};

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::model::Sense;

use super::fields::cell_lists_json;
use super::{check_lines, line_mark, Emit, Fields, Input, Mark, RuleError, RuleKind};

/// Nabner lines are drawn yellow-brown.
const OCHRE: &str = "#c9a227";

/// Nabner lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nabner {
    /// Each line's cells, in order along the line.
    pub lines: Vec<Vec<Cell>>,
}

impl RuleKind for Nabner {
    const NAME: &'static str = "nabner";
    const SUMMARY: &'static str = "no two digits on a yellow line are consecutive or equal";
    const INPUT: Input = Input::Line { key: "lines", min: 2 };
    const FPUZZLES_KEYS: &'static [&'static str] = &["nabner"];

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        Ok(Nabner { lines: f.cell_lists("lines", "a list of cell lists, in order along each line")? })
    }

    fn write(&self, out: &mut Map<String, Value>) {
        out.insert("lines".into(), cell_lists_json(&self.lines));
    }

    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, ParseError> {
        let lines = f.all_lines("nabner")?;
        Ok((!lines.is_empty()).then_some(Nabner { lines }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        f.lines("nabner", &self.lines);
        Ok(())
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        let n = geometry.n();
        check_lines(n, &self.lines, 2)?;
        let most = n.div_ceil(2);
        if let Some(i) = self.lines.iter().position(|l| l.len() > most) {
            return Err(RuleError::new(
                format!("lines[{i}]"),
                format!(
                    "a nabner line of {} cells cannot hold digits of 1..{n} no two of them consecutive (at most {most})",
                    self.lines[i].len()
                ),
            ));
        }
        Ok(())
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        let n = b.n();
        for (i, cells) in self.lines.iter().enumerate() {
            b.clue(format!("the nabner line {}", super::path_text(cells)), cells.iter().copied());
            for d in 1..n {
                let terms = cells.iter().flat_map(|&c| [(b.var(c, d), 1), (b.var(c, d + 1), 1)]).collect();
                b.row(format_args!("nabner{}_d{d}", i + 1), terms, Sense::Le, 1);
            }
        }
    }

    fn check(&self, _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        let mut out = Vec::new();
        for (i, cells) in self.lines.iter().enumerate() {
            let filled: Vec<(Cell, usize)> =
                cells.iter().map(|&c| (c, grid.get(c))).filter(|&(_, v)| v != 0).collect();
            let close = filled.iter().enumerate().find_map(|(j, &(a, va))| {
                filled[..j].iter().find(|&&(_, vb)| va.abs_diff(vb) <= 1).map(|&(b, vb)| (b, vb, a, va))
            });
            if let Some((a, va, b, vb)) = close {
                let what = if va == vb { format!("both hold {va}") } else { format!("hold {va} and {vb}, consecutive") };
                out.push(Violation::Rule {
                    rule: format!("nabner line {}", i + 1),
                    message: format!("{a} and {b} {what}"),
                    cells: vec![a, b],
                });
            }
        }
        out
    }

    fn draw(&self, _geometry: &Geometry) -> Vec<Mark> {
        self.lines.iter().map(|cells| line_mark(cells, OCHRE, 0.22)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{agreement4, c, grid4};

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        let rule = Nabner { lines: vec![vec![c(1, 1), c(2, 2)], vec![c(3, 4), c(4, 4)]] };
        let (yes, no) = agreement4(rule.into());
        assert!(yes > 0 && no > 0, "{yes} {no}");
    }

    #[test]
    fn any_two_cells_count_not_only_neighbours() {
        let g = Geometry::new(4, None).expect("4x4");
        // Row 1 holds 1 2 3 4: r1c1 and r1c3 (1 and 3) are fine, r1c1 and r1c2 (1 and 2) not.
        let grid = grid4([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
        assert!(Nabner { lines: vec![vec![c(1, 1), c(2, 2)]] }.check(&g, &grid).is_empty(), "1 and 4");
        let v = Nabner { lines: vec![vec![c(1, 3), c(2, 2), c(1, 1)]] }.check(&g, &grid);
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].to_string(), "nabner line 1: r1c3 and r2c2 hold 3 and 4, consecutive (r1c3, r2c2)");
    }

    #[test]
    fn lines_longer_than_half_the_digits_are_refused() {
        let g = Geometry::new(4, None).expect("4x4");
        let long = Nabner { lines: vec![vec![c(1, 1), c(1, 2), c(1, 3)]] };
        let e = long.validate(&g).expect_err("3 cells on a 4x4");
        assert_eq!(e.path, "lines[0]");
        assert!(e.message.contains("at most 2"), "{e}");
    }
}

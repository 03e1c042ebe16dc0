//! Minimum and maximum cells (f-puzzles `minimum` / `maximum`, "fortress" cells): a minimum
//! cell holds a digit smaller than each of its unmarked orthogonal neighbours, a maximum cell
//! one greater.
//!
//! Marked cells next to each other are not compared: that is the setters' convention (and how
//! f-puzzles, SudokuPad and the Interactive Sudoku Solver read them), so a fortress of shaded
//! cells is compared only along its border. Two touching minimum cells would otherwise have to
//! be each smaller than the other.
//!
//! For a minimum cell `a` and each unmarked neighbour `b`, cliques of the conflict graph (the `x[b,·]`
//! are exclusive by the cell row), and the mirror image for a maximum:
//!
//! ```text
//!   min{i}_{b}_d{d} :  x[a, d] + Σ_{e<=d} x[b, e] <= 1
//!   max{i}_{b}_d{d} :  x[a, d] + Σ_{e>=d} x[b, e] <= 1
//! ```
//!
//! A digit placed in `a` clears every digit not above it (below it) from the neighbours, and a
//! neighbour's digit clears `a` of every digit not below (above) it: on a 9×9 a minimum cell
//! with four neighbours never holds 7, 8 or 9 once the neighbours' digits are known to differ.

use serde_json::{Map, Value};

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::model::Sense;

use super::fields::cells_json;
use super::{check_cells, Emit, Fields, Mark, RuleError, RuleKind};

/// The shade of a minimum cell.
const MIN_SHADE: &str = "#dbe7f5";
/// The shade of a maximum cell.
const MAX_SHADE: &str = "#f8e1cc";

/// Minimum and maximum cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MinMax {
    /// Cells smaller than every unmarked orthogonal neighbour.
    pub minimum: Vec<Cell>,
    /// Cells greater than every unmarked orthogonal neighbour.
    pub maximum: Vec<Cell>,
}

impl MinMax {
    /// Whether `c` is a minimum or a maximum cell.
    fn marked(&self, c: Cell) -> bool {
        self.minimum.contains(&c) || self.maximum.contains(&c)
    }

    /// The neighbours a marked cell `a` is compared with: the unmarked ones.
    fn compared(&self, a: Cell, n: usize) -> Vec<Cell> {
        neighbours(a, n).into_iter().filter(|&b| !self.marked(b)).collect()
    }
}

/// The orthogonal neighbours of `a` inside a side-`n` grid, found by the four steps.
fn neighbours(a: Cell, n: usize) -> Vec<Cell> {
    let (r, c) = (a.row as i64, a.col as i64);
    [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
        .into_iter()
        .filter(|&(r, c)| (0..n as i64).contains(&r) && (0..n as i64).contains(&c))
        .map(|(r, c)| Cell::new(r as usize, c as usize))
        .collect()
}

impl RuleKind for MinMax {
    const FPUZZLES_KEYS: &'static [&'static str] = &["minimum", "maximum"];

    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let (minimum, maximum) = (f.one_cells("minimum")?, f.one_cells("maximum")?);
        Ok((!minimum.is_empty() || !maximum.is_empty()).then_some(MinMax { minimum, maximum }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        for (key, cells) in [("minimum", &self.minimum), ("maximum", &self.maximum)] {
            for &c in cells {
                f.push(key, serde_json::json!({"cell": super::fpuzzles::rc(c)}));
            }
        }
        Ok(())
    }

    const NAME: &'static str = "min-max";
    const ALIASES: &'static [&'static str] = &["minimum", "maximum", "minmax"];
    const SUMMARY: &'static str =
        "a minimum cell is smaller than its unmarked orthogonal neighbours, a maximum cell greater";

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        Ok(MinMax { minimum: f.cells("minimum")?, maximum: f.cells("maximum")? })
    }

    fn write(&self, out: &mut Map<String, Value>) {
        out.insert("minimum".into(), cells_json(&self.minimum));
        out.insert("maximum".into(), cells_json(&self.maximum));
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        let n = geometry.n();
        let all: Vec<Cell> = self.minimum.iter().chain(&self.maximum).copied().collect();
        let k = self.minimum.len();
        let path = |i: usize| if i < k { format!("minimum[{i}]") } else { format!("maximum[{}]", i - k) };
        check_cells(n, &all, path)
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        let n = b.n();
        for (list, cells, low) in [("min", &self.minimum, true), ("max", &self.maximum, false)] {
            for (i, &a) in cells.iter().enumerate() {
                let what = if low { "minimum" } else { "maximum" };
                b.clue(format!("the {what} {a}, against its unmarked neighbours"), [a]);
                for nb in self.compared(a, n) {
                    for d in 1..=n {
                        let mut terms = vec![(b.var(a, d), 1)];
                        let clash = |e: &usize| if low { *e <= d } else { *e >= d };
                        terms.extend((1..=n).filter(clash).map(|e| (b.var(nb, e), 1)));
                        b.row(format_args!("{list}{}_{nb}_d{d}", i + 1), terms, Sense::Le, 1);
                    }
                }
            }
        }
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        let n = geometry.n();
        let mut out = Vec::new();
        for (cells, low) in [(&self.minimum, true), (&self.maximum, false)] {
            for &a in cells.iter() {
                let v = grid.get(a);
                if v == 0 {
                    continue;
                }
                // Every cell of the grid, so as to share no code with the rows.
                for r in 0..n {
                    for c in 0..n {
                        let b = Cell::new(r, c);
                        let w = grid.get(b);
                        let near = a.row.abs_diff(b.row) + a.col.abs_diff(b.col) == 1;
                        let unmarked = !self.minimum.contains(&b) && !self.maximum.contains(&b);
                        if near && unmarked && w != 0 && (if low { w <= v } else { w >= v }) {
                            out.push(Violation::Rule {
                                rule: if low { "minimum".into() } else { "maximum".into() },
                                message: format!(
                                    "{a} ({v}) is not {} than its neighbour {b} ({w})",
                                    if low { "smaller" } else { "greater" }
                                ),
                                cells: vec![a, b],
                            });
                        }
                    }
                }
            }
        }
        out
    }

    fn draw(&self, _geometry: &Geometry) -> Vec<Mark> {
        // A minimum cell shaded blue, a maximum cell orange, each with a small "min" / "max"
        // above where its digit goes (setters also draw chevrons; a label reads the same).
        let label = |c: &Cell, text: &str| Mark::Text {
            at: (f64::from(c.row) + 0.13, f64::from(c.col) + 0.5),
            text: text.to_string(),
            size: 0.14,
        };
        let mut out = Vec::new();
        for (cells, colour, text) in [(&self.minimum, MIN_SHADE, "min"), (&self.maximum, MAX_SHADE, "max")] {
            if !cells.is_empty() {
                out.push(Mark::Shade { cells: cells.clone(), colour });
            }
            out.extend(cells.iter().map(|c| label(c, text)));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{agreement4, c, grid4};

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        let rule = MinMax { minimum: vec![c(1, 1), c(3, 3)], maximum: vec![c(2, 3), c(4, 1)] };
        let (yes, no) = agreement4(rule.into());
        assert!(yes > 0 && no > 0, "{yes} {no}");
    }

    #[test]
    fn model_and_checker_agree_on_fortresses_of_touching_marked_cells() {
        // Two minimum cells side by side, a maximum below one of them, and a lone maximum.
        let rule = MinMax { minimum: vec![c(1, 1), c(1, 2)], maximum: vec![c(2, 2), c(4, 4)] };
        let (yes, no) = agreement4(rule.into());
        assert!(yes > 0 && no > 0, "{yes} {no}");
    }

    #[test]
    fn touching_marked_cells_are_compared_only_with_unmarked_neighbours() {
        let g = Geometry::new(4, None).expect("4x4");
        let fortress = MinMax { minimum: vec![c(1, 1), c(1, 2)], maximum: vec![c(2, 2)] };
        fortress.validate(&g).expect("touching marked cells are the setters' fortress");
        // r1c1 = 1 and r1c2 = 2 touch: both minimum, not compared. r1c2 (2) is below its
        // unmarked neighbour r1c3 (3); r2c2 (4) is above its unmarked r2c1 (3) and r2c3 (1)
        // and is not compared with r1c2 above it.
        let grid = grid4([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
        assert!(fortress.check(&g, &grid).is_empty(), "{:?}", fortress.check(&g, &grid));
        // Two touching minimum cells are not compared with each other, only with the rest:
        // r1c2 (2) is above r1c1 (1), r2c2 (4) above r2c1 (3), r2c3 (1) and r3c2 (1).
        let v = MinMax { minimum: vec![c(1, 2), c(2, 2)], maximum: vec![] }.check(&g, &grid);
        let pairs: Vec<Vec<Cell>> = v
            .iter()
            .map(|v| match v {
                Violation::Rule { cells, .. } => cells.clone(),
                other => panic!("{other}"),
            })
            .collect();
        assert_eq!(
            pairs,
            [vec![c(1, 2), c(1, 1)], vec![c(2, 2), c(2, 1)], vec![c(2, 2), c(2, 3)], vec![c(2, 2), c(3, 2)]]
        );
    }

    #[test]
    fn validation_and_messages() {
        let g = Geometry::new(4, None).expect("4x4");
        let e = MinMax { minimum: vec![c(1, 1)], maximum: vec![c(1, 1)] }.validate(&g).expect_err("both");
        assert_eq!(e.path, "maximum[0]");
        let grid = grid4([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
        assert!(MinMax { minimum: vec![c(1, 1)], maximum: vec![c(2, 2)] }.check(&g, &grid).is_empty());
        let v = MinMax { minimum: vec![c(2, 2)], maximum: vec![] }.check(&g, &grid);
        assert_eq!(v.len(), 4, "4 is above its four neighbours 2, 1, 3, 1");
        assert!(v[0].to_string().contains("is not smaller than its neighbour"), "{}", v[0]);
    }
}

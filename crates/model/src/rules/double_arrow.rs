//! Double arrows: a line with a circle at each end; the two circled digits sum to the digits
//! on the line between them (which may repeat, unless another rule forbids it).
//!
//! For line `i` with ends `a`, `z` and between them the cells `B` (`k = |B| >= 1`):
//!
//! ```text
//!   double_arrow{i}_sum :  Σ_d d·x[a,d] + Σ_d d·x[z,d] − Σ_{c ∈ B} Σ_d d·x[c,d] = 0
//!   x[a,d] = x[z,d] = 0  for d < k − n           (the other end holds n at most)
//!   x[c,d] = 0           for c ∈ B, d > 2n − (k − 1)
//! ```
//!
//! Why it propagates: each cell's digits lie in its exactly-one row, so the native engine
//! bounds the row cell by cell (`linear.rs`): a high middle forces high ends and low ends cap
//! the middle, as a setter reads the line. The fixings are the bounds before any digit is
//! placed.

use serde_json::{Map, Value};

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::model::Sense;

use super::fields::cell_lists_json;
use super::{check_lines, line_mark, Emit, Fields, Input, Mark, RuleError, RuleKind};

/// Double arrows are grey, as arrows.
const GREY: &str = "#8c8c8c";

/// Double arrows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DoubleArrow {
    /// Each line's cells in order, the two circles first and last.
    pub lines: Vec<Vec<Cell>>,
}

impl RuleKind for DoubleArrow {
    const FPUZZLES_KEYS: &'static [&'static str] = &["doublearrow"];

    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let lines = f.all_lines("doublearrow")?;
        Ok((!lines.is_empty()).then_some(DoubleArrow { lines }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        f.lines("doublearrow", &self.lines);
        Ok(())
    }

    const NAME: &'static str = "double-arrow";
    const ALIASES: &'static [&'static str] = &["doublearrow", "double-arrows"];
    const SUMMARY: &'static str = "the digits in the two circles at the ends of a line sum to the digits between them";
    const INPUT: Input = Input::Line { key: "lines", min: 3 };

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        Ok(DoubleArrow { lines: f.cell_lists("lines", "a list of cell lists, circle to circle")? })
    }

    fn write(&self, out: &mut Map<String, Value>) {
        out.insert("lines".into(), cell_lists_json(&self.lines));
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        let n = geometry.n();
        check_lines(n, &self.lines, 3)?;
        for (i, line) in self.lines.iter().enumerate() {
            let k = line.len() - 2;
            if k > 2 * n {
                return Err(RuleError::new(
                    format!("lines[{i}]"),
                    format!("{k} cells between the circles sum to at least {k}, more than two circles hold ({})", 2 * n),
                ));
            }
        }
        Ok(())
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        let n = b.n();
        for (i, line) in self.lines.iter().enumerate() {
            let name = format!("double_arrow{}", i + 1);
            b.clue(format!("the double arrow {}", super::path_text(line)), line.iter().copied());
            let (ends, middle) = ([line[0], line[line.len() - 1]], &line[1..line.len() - 1]);
            let k = middle.len();
            let mut terms = b.digit_terms(&name, &ends, 1, |d| d + n >= k);
            terms.extend(b.digit_terms(&name, middle, -1, |d| d + k <= 2 * n + 1));
            b.row(format_args!("{name}_sum"), terms, Sense::Eq, 0);
        }
    }

    fn check(&self, _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        let n = grid.n();
        let mut out = Vec::new();
        for (i, line) in self.lines.iter().enumerate() {
            // Each side's filled total and its empty cells: a side reaches total + empty ..=
            // total + empty·n, and the two ranges must meet.
            let side = |cells: &[Cell]| {
                let filled: Vec<usize> = cells.iter().map(|&c| grid.get(c)).filter(|&v| v != 0).collect();
                let total: usize = filled.iter().sum();
                let empty = cells.len() - filled.len();
                (total, empty, total + empty, total + empty * n)
            };
            let ends = [line[0], line[line.len() - 1]];
            let (ends_total, ends_empty, ends_lo, ends_hi) = side(&ends);
            let (mid_total, mid_empty, mid_lo, mid_hi) = side(&line[1..line.len() - 1]);
            let message = if ends_empty == 0 && mid_empty == 0 && ends_total != mid_total {
                format!("the circles sum to {ends_total} but the line between them to {mid_total}")
            } else if ends_hi < mid_lo || mid_hi < ends_lo {
                format!(
                    "the circles can sum to {ends_lo}..{ends_hi} but the line between them to {mid_lo}..{mid_hi}"
                )
            } else {
                continue;
            };
            out.push(Violation::Rule { rule: format!("double arrow {}", i + 1), message, cells: line.clone() });
        }
        out
    }

    fn draw(&self, _geometry: &Geometry) -> Vec<Mark> {
        let mut out = Vec::new();
        for line in &self.lines {
            out.push(line_mark(line, GREY, 0.05));
            for end in [line[0], line[line.len() - 1]] {
                let centre = (f64::from(end.row) + 0.5, f64::from(end.col) + 0.5);
                out.push(Mark::Circle { centre, radius: 0.38, fill: "#ffffff", stroke: GREY });
            }
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
        for lines in [
            vec![vec![c(1, 1), c(2, 2), c(3, 3)]],
            vec![vec![c(1, 1), c(1, 2), c(1, 3), c(1, 4)], vec![c(4, 1), c(3, 2), c(4, 3)]],
            vec![vec![c(2, 1), c(3, 1), c(3, 2), c(2, 2), c(2, 3)]],
        ] {
            let (yes, no) = agreement4(DoubleArrow { lines }.into());
            assert!(yes > 0 && no > 0, "{yes} {no}");
        }
    }

    #[test]
    fn the_checker_compares_the_two_sides() {
        let g = Geometry::new(4, None).expect("4x4");
        // 1 2 3 4 / 3 4 1 2 / 2 1 4 3 / 4 3 2 1
        let grid = grid4([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
        // r1c1 (1) + r2c2 (4) = 5 = r1c2 (2) + r1c3 (3); r1c1 (1) + r2c3 (1) is not r2c2 (4).
        assert!(DoubleArrow { lines: vec![vec![c(1, 1), c(1, 2), c(1, 3), c(2, 2)]] }.check(&g, &grid).is_empty());
        let v = DoubleArrow { lines: vec![vec![c(1, 1), c(2, 2), c(2, 3)]] }.check(&g, &grid);
        assert_eq!(v[0].to_string(), "double arrow 1: the circles sum to 2 but the line between them to 4 (r1c1, r2c2, r2c3)");
        let mut partial = Grid::empty(9);
        partial.set(c(1, 1), 1);
        partial.set(c(1, 2), 9);
        partial.set(c(1, 3), 9);
        let nine = Geometry::new(9, None).expect("9x9");
        let v = DoubleArrow { lines: vec![vec![c(1, 1), c(1, 2), c(1, 3), c(1, 4)]] }.check(&nine, &partial);
        assert!(v[0].to_string().contains("can sum to 2..10 but the line between them to 18..18"), "{}", v[0]);
        let e = DoubleArrow { lines: vec![vec![c(1, 1), c(1, 2)]] }.validate(&g).expect_err("short");
        assert_eq!(e.path, "lines[0]");
    }
}

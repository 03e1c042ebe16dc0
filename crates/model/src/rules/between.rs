//! Between lines: the digits on a line lie strictly between the digits of the two circles at
//! its ends (in either order: the circles may rise or fall along the line).
//!
//! One auxiliary binary a line, `up = [first circle < last circle]`. For each middle cell `m`
//! and digit `d`, with `A` the first circle and `B` the last:
//!
//! ```text
//!   between{i}_{m}_d{d}_up_a   :  x[m,d] + Σ_{e ≥ d} x[A,e] + up ≤ 2     (up: A < m)
//!   between{i}_{m}_d{d}_up_b   :  x[m,d] + Σ_{e ≤ d} x[B,e] + up ≤ 2     (up: m < B)
//!   between{i}_{m}_d{d}_down_a :  x[m,d] + Σ_{e ≤ d} x[A,e] − up ≤ 1     (down: A > m)
//!   between{i}_{m}_d{d}_down_b :  x[m,d] + Σ_{e ≥ d} x[B,e] − up ≤ 1     (down: m > B)
//!   x[m,1] = x[m,n] = 0
//! ```
//!
//! Each row is a clique once `up` is decided, so a decided direction prunes every middle cell
//! against the circles at once; a line has at least one middle cell, which decides `up` from
//! the grid, so each grid counts once.
//!
//! Before `up` is decided, two more rows a middle cell and digit say the same without it: the
//! circles are not both at or above `d`, nor both at or below it.
//!
//! ```text
//!   between{i}_{m}_d{d}_above :  x[m,d] + Σ_{e ≥ d} x[A,e] + Σ_{e ≥ d} x[B,e] ≤ 2
//!   between{i}_{m}_d{d}_below :  x[m,d] + Σ_{e ≤ d} x[A,e] + Σ_{e ≤ d} x[B,e] ≤ 2
//! ```
//!
//! They carry the circles' ranges into the middle cells from the start (two circles known to
//! be 6 or more leave a middle cell nothing above 6), where the rows with `up` wait for a middle
//! cell to decide the direction: on a puzzle of between lines, thermometers and kropki dots that
//! was most of the 45,463 guesses the search took.
//!
//! The circles themselves are more than `g` apart, `g` the most middle cells in one row,
//! column or region (they hold `g` distinct digits strictly between), as cliques a pair of
//! digits (ISS's between handler says the same):
//!
//! ```text
//!   between{i}_ends_a_d{d}     :  x[A,d] + Σ_{|e − d| <= g} x[B,e] ≤ 1      (and _b_ the other way)
//! ```
//!
//! Ten generated 9×9 between-line puzzles: 91 guesses before, 45 with them;
//! `examples/between-line.json` 11 → 1.

use serde_json::{Map, Value};

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::model::Sense;

use super::fields::cell_lists_json;
use super::{check_lines, line_mark, Emit, Fields, Input, Mark, RuleError, RuleKind};

/// Between lines are grey, their circles white with a grey rim.
const GREY: &str = "#a8a8a8";

/// Between lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Between {
    /// Each line's cells, circle to circle.
    pub lines: Vec<Vec<Cell>>,
}

impl RuleKind for Between {
    const FPUZZLES_KEYS: &'static [&'static str] = &["betweenline"];

    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let lines = f.all_lines("betweenline")?;
        Ok((!lines.is_empty()).then_some(Between { lines }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        f.lines("betweenline", &self.lines);
        Ok(())
    }

    const NAME: &'static str = "between-line";
    const ALIASES: &'static [&'static str] = &["between", "betweenline"];
    const SUMMARY: &'static str = "digits on a line lie strictly between the digits in the circles at its ends";
    const INPUT: Input = Input::Line { key: "lines", min: 3 };

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        Ok(Between { lines: f.cell_lists("lines", "a list of cell lists, circle to circle")? })
    }

    fn write(&self, out: &mut Map<String, Value>) {
        out.insert("lines".into(), cell_lists_json(&self.lines));
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        check_lines(geometry.n(), &self.lines, 3)
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        let n = b.n();
        let owner = b.geometry().region_of_cells();
        for (i, cells) in self.lines.iter().enumerate() {
            let (Some(&first), Some(&last)) = (cells.first(), cells.last()) else { continue };
            b.clue(format!("the between line {}", super::path_text(cells)), cells.iter().copied());
            let up = b.aux(format!("between{}_up", i + 1));
            for &m in &cells[1..cells.len() - 1] {
                b.exclude(m, 1, format!("between{}", i + 1));
                b.exclude(m, n, format!("between{}", i + 1));
                for d in 2..n {
                    let name = format!("between{}_{m}_d{d}", i + 1);
                    let side = |circle: Cell, above: bool, b: &Emit<'_, '_>| -> Vec<(u32, i32)> {
                        let mut t = vec![(b.var(m, d), 1)];
                        t.extend((1..=n).filter(|&e| if above { e >= d } else { e <= d }).map(|e| (b.var(circle, e), 1)));
                        t
                    };
                    for (tag, circle, above) in [("up_a", first, true), ("up_b", last, false)] {
                        let mut t = side(circle, above, b);
                        t.push((up, 1));
                        b.row(format_args!("{name}_{tag}"), t, Sense::Le, 2);
                    }
                    for (tag, circle, above) in [("down_a", first, false), ("down_b", last, true)] {
                        let mut t = side(circle, above, b);
                        t.push((up, -1));
                        b.row(format_args!("{name}_{tag}"), t, Sense::Le, 1);
                    }
                    for (tag, above) in [("above", true), ("below", false)] {
                        let mut t = side(first, above, b);
                        t.extend(side(last, above, b).into_iter().skip(1));
                        b.row(format_args!("{name}_{tag}"), t, Sense::Le, 2);
                    }
                }
            }
            // The circles hold digits more than `g` apart, `g` the most middle cells in one
            // row, column or region (they take `g` distinct digits strictly between).
            let mids = &cells[1..cells.len() - 1];
            let most = |key: &dyn Fn(Cell) -> usize| {
                let mut count = std::collections::HashMap::new();
                mids.iter().map(|&m| *count.entry(key(m)).and_modify(|k| *k += 1).or_insert(1)).max().unwrap_or(0)
            };
            let g = most(&|c| c.row as usize).max(most(&|c| c.col as usize)).max(most(&|c| owner[c.index(n)]));
            b.conflicts(&format!("between{}_ends", i + 1), (first, last), |a, c| a.abs_diff(c) <= g);
        }
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        let n = geometry.n();
        let mut out = Vec::new();
        for (i, cells) in self.lines.iter().enumerate() {
            let (Some(&a), Some(&b)) = (cells.first(), cells.last()) else { continue };
            let (x, y) = (grid.get(a), grid.get(b));
            let rule = format!("between line {}", i + 1);
            let middle = &cells[1..cells.len().saturating_sub(1).max(1)];
            for &m in middle {
                let v = grid.get(m);
                if v == 0 {
                    continue;
                }
                // 1 and n are never strictly between; a middle digit equal to a known circle is
                // not either; with both circles known, it lies strictly between them.
                let broken = v == 1 || v == n || match (x, y) {
                    (0, 0) => false,
                    (0, k) | (k, 0) => v == k,
                    (x, y) => !(x.min(y) < v && v < x.max(y)),
                };
                if broken {
                    out.push(Violation::Rule {
                        rule: rule.clone(),
                        message: format!("{m} ({v}) is not strictly between the circles {a} ({x}) and {b} ({y})"),
                        cells: vec![a, m, b],
                    });
                }
            }
        }
        out
    }

    fn draw(&self, _geometry: &Geometry) -> Vec<Mark> {
        let mut marks = Vec::new();
        for cells in &self.lines {
            marks.push(line_mark(cells, GREY, 0.14));
            for end in [cells.first(), cells.last()].into_iter().flatten() {
                let centre = (f64::from(end.row) + 0.5, f64::from(end.col) + 0.5);
                marks.push(Mark::Circle { centre, radius: 0.4, fill: "#ffffff", stroke: GREY });
            }
        }
        marks
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{agreement4, c};
    use crate::{Model, Puzzle};

    #[test]
    fn circles_of_a_line_with_three_middle_cells_in_a_row_are_more_than_three_apart() {
        let line: Vec<Cell> = (0..5).map(|col| Cell::new(0, col)).collect();
        let p = Puzzle::blank(Geometry::new(9, None).expect("9x9")).with_rule(Between { lines: vec![line.clone()] });
        let m = Model::build(&p);
        let row = m.rows().iter().find(|r| r.name == "between1_ends_a_d2").expect("row");
        let mut far: Vec<u32> = row.terms.iter().map(|&(v, _)| v).filter(|&v| v != m.var(line[0], 2)).collect();
        far.sort_unstable();
        // 2 at r1c1 leaves r1c5 nothing from 1 to 5.
        assert_eq!(far, (1..=5).map(|e| m.var(line[4], e)).collect::<Vec<_>>());
    }

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        for lines in [
            vec![vec![c(1, 1), c(2, 2), c(3, 3)], vec![c(4, 1), c(4, 2), c(3, 2)]],
            vec![vec![c(1, 4), c(2, 3), c(3, 3), c(4, 4)]],
        ] {
            let (yes, no) = agreement4(Between { lines }.into());
            assert!(yes > 0 && no > 0, "{yes} {no}");
        }
    }

    #[test]
    fn the_checker_reads_a_falling_line_and_a_half_known_one() {
        let g = Geometry::new(4, None).expect("4x4");
        let rule = Between { lines: vec![vec![c(1, 1), c(1, 2), c(1, 3)]] };
        let mut grid = Grid::empty(4);
        grid.set(c(1, 1), 4);
        grid.set(c(1, 2), 2);
        grid.set(c(1, 3), 1);
        assert!(rule.check(&g, &grid).is_empty(), "4 > 2 > 1 falls");
        grid.set(c(1, 3), 0);
        grid.set(c(1, 2), 4);
        assert_eq!(rule.check(&g, &grid).len(), 1, "a middle digit equal to a circle");
        let bad = Between { lines: vec![vec![c(1, 1), c(1, 2)]] };
        assert_eq!(bad.validate(&g).expect_err("short").path, "lines[0]");
    }
}

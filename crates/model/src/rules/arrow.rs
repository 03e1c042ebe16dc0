//! Arrows: the digit in the circle equals the sum of the digits along its arrow (which may
//! repeat, unless another rule forbids it).
//!
//! For arrow `i` with circle `o` and cells `A` (`L = |A|`):
//!
//! ```text
//!   arrow{i}_sum  :  Σ_d d·x[o, d] − Σ_{c ∈ A} Σ_d d·x[c, d] = 0          (L >= 2)
//!   arrow{i}_d{d} :  x[o, d] − x[c, d] = 0                                (L = 1, A = {c})
//!   x[o, d] = 0 for d < L;   x[c, d] = 0 for c ∈ A and d > n − (L − 1)
//! ```
//!
//! A one-cell arrow copies the digit: `n` equalities propagate fully where a sum row would
//! only propagate bounds.

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::model::Sense;

use super::fields::{cell_json, cells_json};
use super::{check_cells, king_step, Emit, Fields, Mark, RuleError, RuleKind};

/// Arrows are drawn in grey.
const LINE: &str = "#8c8c8c";

/// Arrows: the digit in the circle is the sum of the digits on its arrow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrows {
    /// The arrows.
    pub arrows: Vec<Arrow>,
}

impl RuleKind for Arrows {
    const FPUZZLES_KEYS: &'static [&'static str] = &["arrow"];

    /// The `arrow` entries whose circle is one cell (a longer one is a pill arrow).
    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let arrows: Vec<Arrow> = read_fpuzzles_arrows(f)?
            .into_iter()
            .filter_map(|(circle, start, cells)| (circle.len() == 1).then_some(Arrow { circle: start, cells }))
            .collect();
        Ok((!arrows.is_empty()).then_some(Arrows { arrows }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        use super::fpuzzles::{rc, rcs};
        for arrow in &self.arrows {
            let mut line = vec![arrow.circle];
            line.extend(&arrow.cells);
            f.push("arrow", serde_json::json!({"cells": [rc(arrow.circle)], "lines": [rcs(&line)]}));
        }
        Ok(())
    }

    const NAME: &'static str = "arrow";
    const ALIASES: &'static [&'static str] = &["arrows"];
    const SUMMARY: &'static str = "the digit in a circle is the sum of the digits along its arrow";

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        let shape = ("an arrow", "{\"circle\": \"r1c1\", \"cells\": [...]}");
        let arrows = f.objects("arrows", "a list of arrows", shape, |a| {
            Ok(Arrow { circle: a.cell("circle", "")?, cells: a.required_cells("cells", "")? })
        })?;
        Ok(Arrows { arrows })
    }

    fn write(&self, out: &mut serde_json::Map<String, serde_json::Value>) {
        let list = self.arrows.iter().map(|a| {
            let mut o = serde_json::Map::new();
            o.insert("circle".into(), cell_json(a.circle));
            o.insert("cells".into(), cells_json(&a.cells));
            serde_json::Value::Object(o)
        });
        out.insert("arrows".into(), serde_json::Value::Array(list.collect()));
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        validate(geometry.n(), &self.arrows)
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        emit(b, &self.arrows);
    }

    fn check(&self, _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        check(grid, &self.arrows)
    }

    fn draw(&self, _geometry: &Geometry) -> Vec<Mark> {
        self.arrows.iter().map(|a| Mark::Arrow { circle: a.circle, cells: a.cells.clone(), colour: LINE }).collect()
    }
}

/// One arrow: a circle and the cells of its shaft, in order from the circle.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Arrow {
    /// The circled cell, holding the sum.
    pub circle: Cell,
    /// The arrow's cells, starting next to the circle.
    pub cells: Vec<Cell>,
}

fn validate(n: usize, arrows: &[Arrow]) -> Result<(), RuleError> {
    for (i, arrow) in arrows.iter().enumerate() {
        let path = format!("arrows[{i}]");
        check_cells(n, &[arrow.circle], |_| format!("{path}.circle"))?;
        if arrow.cells.is_empty() {
            return Err(RuleError::new(format!("{path}.cells"), "an arrow needs at least one cell"));
        }
        check_cells(n, &arrow.cells, |j| format!("{path}.cells[{j}]"))?;
        if let Some(j) = arrow.cells.iter().position(|&c| c == arrow.circle) {
            return Err(RuleError::new(
                format!("{path}.cells[{j}]"),
                format!("{} is the arrow's circle", arrow.circle),
            ));
        }
        let mut prev = arrow.circle;
        for (j, &c) in arrow.cells.iter().enumerate() {
            if !king_step(prev, c) {
                return Err(RuleError::new(
                    format!("{path}.cells[{j}]"),
                    format!("{c} does not touch {prev}: an arrow is a connected path from its circle"),
                ));
            }
            prev = c;
        }
        if arrow.cells.len() > n {
            return Err(RuleError::new(
                format!("{path}.cells"),
                format!("{} arrow cells sum to more than {n}, the largest circle", arrow.cells.len()),
            ));
        }
    }
    Ok(())
}

fn emit(b: &mut Emit<'_, '_>, arrows: &[Arrow]) {
    let n = b.n();
    for (i, arrow) in arrows.iter().enumerate() {
        let name = format!("arrow{}", i + 1);
        b.clue(
            format!("the arrow from {} along {}", arrow.circle, super::path_text(&arrow.cells)),
            std::iter::once(arrow.circle).chain(arrow.cells.iter().copied()),
        );
        let len = arrow.cells.len();
        let shaft_max = n + 1 - len.max(1);
        if let [c] = arrow.cells[..] {
            for d in 1..=n {
                let terms = vec![(b.var(arrow.circle, d), 1), (b.var(c, d), -1)];
                b.row(format_args!("{name}_d{d}"), terms, Sense::Eq, 0);
            }
            continue;
        }
        // The circle holds at least the shaft's length, each shaft cell at most what leaves the
        // others 1 each; whole cells, excluded digits too (see `Emit::digit_terms`).
        let mut terms = b.digit_terms(&name, &[arrow.circle], 1, |d| d >= len);
        terms.extend(b.digit_terms(&name, &arrow.cells, -1, |d| d <= shaft_max));
        b.row(format_args!("{name}_sum"), terms, Sense::Eq, 0);
    }
}

fn check(grid: &Grid, arrows: &[Arrow]) -> Vec<Violation> {
    let n = grid.n();
    let mut out = Vec::new();
    for (i, arrow) in arrows.iter().enumerate() {
        let filled: Vec<usize> = arrow.cells.iter().map(|&c| grid.get(c)).filter(|&v| v != 0).collect();
        let total: usize = filled.iter().sum();
        let empty = arrow.cells.len() - filled.len();
        let (lo, hi) = (total + empty, total + empty * n);
        let o = arrow.circle;
        let v = grid.get(o);
        let message = if v != 0 && empty == 0 && v != total {
            format!("circle {o} holds {v} but its arrow sums to {total}")
        } else if v != 0 && !(lo..=hi).contains(&v) {
            format!("circle {o} holds {v} but its arrow's filled cells sum to {total} with {empty} still empty")
        } else if v == 0 && lo > n {
            format!("the arrow of circle {o} already sums to at least {lo}, more than {n}")
        } else {
            continue;
        };
        let mut cells = vec![o];
        cells.extend(&arrow.cells);
        out.push(Violation::Rule { rule: format!("arrow {}", i + 1), message, cells });
    }
    out
}

/// One f-puzzles `arrow` entry as `(circle, start, cells)`: the circle's cells (one for an
/// arrow, more for a pill arrow), the circle cell the line starts at, the line after it.
pub(super) type FArrow = (Vec<Cell>, Cell, Vec<Cell>);

/// The f-puzzles `arrow` entries ([`FArrow`]).
pub(super) fn read_fpuzzles_arrows(f: &super::FRead<'_>) -> Result<Vec<FArrow>, ParseError> {
    let mut out = Vec::new();
    for entry in f.entries("arrow")? {
        let circle = f.cells_of(&entry, "cells", "the circle's cells")?;
        if circle.is_empty() {
            return Err(crate::json_read::err(&format!("{}.cells", entry.0), "an arrow needs its circle's cells"));
        }
        for (i, line) in f.lines(&entry)?.into_iter().enumerate() {
            let Some(&start) = line.first().filter(|c| circle.contains(c)) else {
                let circle_text = circle.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ");
                return Err(crate::json_read::err(
                    &format!("{}.lines[{i}][0]", entry.0),
                    format!("an arrow's line starts at its circle ({circle_text})"),
                ));
            };
            out.push((circle.clone(), start, line[1..].to_vec()));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{agreement4, c};
    use crate::rules::Rule;

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        let arrows = vec![
            Arrow { circle: c(1, 1), cells: vec![c(2, 2), c(3, 3)] },
            Arrow { circle: c(2, 3), cells: vec![c(3, 2)] },
        ];
        let (yes, no) = agreement4(Rule::Arrow(crate::rules::Arrows { arrows }));
        assert!(yes > 0 && no > 0, "{yes} {no}");
        let (yes, no) = agreement4(Rule::Arrow(crate::rules::Arrows {
            arrows: vec![Arrow { circle: c(1, 4), cells: vec![c(2, 4), c(3, 4)] }],
        }));
        assert!(yes > 0 && no > 0, "{yes} {no}");
        // One-cell arrow: the circle copies the cell, a diagonal neighbour in another box.
        let (yes, no) = agreement4(Rule::Arrow(crate::rules::Arrows {
            arrows: vec![Arrow { circle: c(2, 3), cells: vec![c(3, 2)] }],
        }));
        assert!(yes > 0 && no > 0, "{yes} {no}");
    }

    #[test]
    fn validation() {
        let a = |circle, cells| vec![Arrow { circle, cells }];
        assert!(validate(9, &a(c(1, 1), vec![c(1, 2), c(2, 3)])).is_ok());
        let e = validate(9, &a(c(1, 1), vec![c(1, 2), c(3, 3)])).expect_err("gap");
        assert_eq!(e.path, "arrows[0].cells[1]");
        let e = validate(9, &a(c(1, 1), vec![c(1, 3)])).expect_err("not from the circle");
        assert_eq!(e.path, "arrows[0].cells[0]");
        assert!(validate(9, &a(c(1, 1), vec![])).is_err());
        let e = validate(9, &a(c(1, 1), vec![c(1, 2), c(1, 1)])).expect_err("circle in shaft");
        assert_eq!(e.to_string(), "arrows[0].cells[1]: r1c1 is the arrow's circle");
        assert_eq!(validate(9, &a(Cell::new(9, 9), vec![c(1, 1)])).expect_err("outside").path, "arrows[0].circle");
    }

    #[test]
    fn partial_check() {
        let arrows = vec![Arrow { circle: c(1, 1), cells: vec![c(1, 2), c(1, 3)] }];
        let mut g = Grid::empty(9);
        g.set(c(1, 2), 5);
        g.set(c(1, 3), 6);
        assert_eq!(
            check(&g, &arrows)[0].to_string(),
            "arrow 1: the arrow of circle r1c1 already sums to at least 11, more than 9 (r1c1, r1c2, r1c3)"
        );
        g.set(c(1, 3), 0);
        g.set(c(1, 1), 5);
        assert_eq!(
            check(&g, &arrows)[0].to_string(),
            "arrow 1: circle r1c1 holds 5 but its arrow's filled cells sum to 5 with 1 still empty (r1c1, r1c2, r1c3)"
        );
        g.set(c(1, 1), 8);
        assert!(check(&g, &arrows).is_empty());
        g.set(c(1, 3), 2);
        assert_eq!(
            check(&g, &arrows)[0].to_string(),
            "arrow 1: circle r1c1 holds 8 but its arrow sums to 7 (r1c1, r1c2, r1c3)"
        );
    }
}

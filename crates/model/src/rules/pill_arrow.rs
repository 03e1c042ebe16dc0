//! Pill arrows: the digits in a pill (an oblong circle over two or more cells in a row or a
//! column), read in order as one decimal number, equal the sum of the digits along its arrow
//! (which may repeat, unless another rule forbids it). f-puzzles writes them as an `arrow`
//! whose `cells` (the circle) hold more than one cell, read in the order given; so do we.
//!
//! For arrow `i` with pill cells `p_0 … p_{k−1}` (place values `w_j = 10^{k−1−j}`) and arrow
//! cells `A` (`L = |A|`):
//!
//! ```text
//!   pill{i}_sum :  Σ_j w_j Σ_d d·x[p_j,d] − Σ_{c ∈ A} Σ_d d·x[c,d] = 0
//!   x[p_j,d] = 0  when the smallest pill number with d at p_j exceeds L·n (the longest sum)
//!   x[c,d] = 0    for c ∈ A when d + (L − 1) exceeds the largest pill number
//! ```
//!
//! Why it propagates: the pill's cells are groups of the sum row like any cell's digits, so the
//! native engine bounds the row group by group (`linear.rs`) with the place values as
//! weights: a short arrow caps the pill's leading digit at once (two cells of 1..9 sum to 17
//! at most, so a two-cell pill on them starts with 1), and the pill's live numbers bound the
//! arrow. Decimal digits need a side of 9 or less.

use serde_json::{Map, Value};

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::model::Sense;

use super::draw::{Point, Width};
use super::fields::cells_json;
use super::{check_cells, king_step, orthogonal, Emit, Fields, Mark, RuleError, RuleKind};

/// Pill arrows are grey, as arrows.
const GREY: &str = "#8c8c8c";
/// Half the pill's width, in cells.
const PILL_HALF: f64 = 0.38;

/// Pill arrows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PillArrows {
    /// The arrows; several may share one pill.
    pub arrows: Vec<PillArrow>,
}

/// One pill arrow.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PillArrow {
    /// The pill's cells, most significant digit first.
    pub pill: Vec<Cell>,
    /// The arrow's cells, starting next to the pill.
    pub cells: Vec<Cell>,
}

impl PillArrow {
    /// Place values of the pill's digits, most significant first.
    fn weights(&self) -> Vec<usize> {
        let k = self.pill.len();
        (0..k).map(|j| 10usize.pow((k - 1 - j) as u32)).collect()
    }

    /// The pill cell the arrow leaves from: the first that touches the arrow's first cell.
    pub fn start(&self) -> Option<Cell> {
        let first = *self.cells.first()?;
        let touching = |c: &&Cell| king_step(**c, first);
        let straight = self.pill.iter().find(|c| orthogonal(**c, first));
        straight.or_else(|| self.pill.iter().find(touching)).copied()
    }
}

impl RuleKind for PillArrows {
    const FPUZZLES_KEYS: &'static [&'static str] = &["arrow"];

    /// The `arrow` entries whose circle holds more than one cell, read in the order given.
    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let arrows: Vec<PillArrow> = super::arrow::read_fpuzzles_arrows(f)?
            .into_iter()
            .filter_map(|(pill, _, cells)| (pill.len() > 1).then_some(PillArrow { pill, cells }))
            .collect();
        Ok((!arrows.is_empty()).then_some(PillArrows { arrows }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        use super::fpuzzles::rcs;
        for arrow in &self.arrows {
            let Some(start) = arrow.start().or(arrow.pill.first().copied()) else { continue };
            let mut line = vec![start];
            line.extend(&arrow.cells);
            f.push("arrow", serde_json::json!({"cells": rcs(&arrow.pill), "lines": [rcs(&line)]}));
        }
        Ok(())
    }

    const NAME: &'static str = "pill-arrow";
    const ALIASES: &'static [&'static str] = &["pill-arrows", "pill"];
    const SUMMARY: &'static str = "the digits in a pill, read as one number, are the sum of the digits along its arrow";

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        let shape = ("a pill arrow", "{\"pill\": [\"r1c1\", \"r1c2\"], \"cells\": [...]}");
        let arrows = f.objects("arrows", "a list of pill arrows", shape, |a| {
            Ok(PillArrow {
                pill: a.required_cells("pill", "the pill's cells, in reading order")?,
                cells: a.required_cells("cells", "the arrow's cells")?,
            })
        })?;
        Ok(PillArrows { arrows })
    }

    fn write(&self, out: &mut Map<String, Value>) {
        let list = self.arrows.iter().map(|a| {
            let mut o = Map::new();
            o.insert("pill".into(), cells_json(&a.pill));
            o.insert("cells".into(), cells_json(&a.cells));
            Value::Object(o)
        });
        out.insert("arrows".into(), Value::Array(list.collect()));
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        let n = geometry.n();
        if n > 9 && !self.arrows.is_empty() {
            return Err(RuleError::new(
                "arrows",
                format!("a pill reads its digits as one decimal number, so needs a side of 9 or less, not {n}"),
            ));
        }
        for (i, arrow) in self.arrows.iter().enumerate() {
            let path = format!("arrows[{i}]");
            let (pill, cells) = (&arrow.pill, &arrow.cells);
            if pill.len() < 2 {
                return Err(RuleError::new(
                    format!("{path}.pill"),
                    "a pill covers two cells or more (a one-cell circle is the arrow rule)",
                ));
            }
            check_cells(n, pill, |j| format!("{path}.pill[{j}]"))?;
            let straight = pill.iter().all(|c| c.row == pill[0].row) || pill.iter().all(|c| c.col == pill[0].col);
            if let Some(j) = (1..pill.len()).find(|&j| !orthogonal(pill[j - 1], pill[j]) || !straight) {
                return Err(RuleError::new(
                    format!("{path}.pill[{j}]"),
                    "a pill is a straight run of neighbouring cells in one row or one column",
                ));
            }
            if cells.is_empty() {
                return Err(RuleError::new(format!("{path}.cells"), "an arrow needs at least one cell"));
            }
            check_cells(n, cells, |j| format!("{path}.cells[{j}]"))?;
            if let Some(j) = cells.iter().position(|c| pill.contains(c)) {
                return Err(RuleError::new(format!("{path}.cells[{j}]"), format!("{} is in the pill", cells[j])));
            }
            if arrow.start().is_none() {
                return Err(RuleError::new(
                    format!("{path}.cells[0]"),
                    format!("{} does not touch the pill: an arrow leaves from its pill", cells[0]),
                ));
            }
            if let Some(j) = (1..cells.len()).find(|&j| !king_step(cells[j - 1], cells[j])) {
                return Err(RuleError::new(
                    format!("{path}.cells[{j}]"),
                    format!("{} does not touch {}: an arrow is a path of touching cells", cells[j], cells[j - 1]),
                ));
            }
            let smallest: usize = arrow.weights().iter().sum();
            if smallest > cells.len() * n {
                return Err(RuleError::new(
                    format!("{path}.pill"),
                    format!(
                        "a {}-cell pill reads {smallest} at least, more than {} arrow cells can sum to ({})",
                        pill.len(),
                        cells.len(),
                        cells.len() * n
                    ),
                ));
            }
        }
        Ok(())
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        let n = b.n();
        for (i, arrow) in self.arrows.iter().enumerate() {
            let name = format!("pill{}", i + 1);
            b.clue(
                format!(
                    "the pill arrow from {} along {}",
                    super::cells_text(&arrow.pill),
                    super::path_text(&arrow.cells)
                ),
                arrow.pill.iter().chain(&arrow.cells).copied(),
            );
            let weights = arrow.weights();
            let len = arrow.cells.len();
            let ones: usize = weights.iter().sum();
            let largest_pill: usize = weights.iter().map(|w| w * n).sum::<usize>().min(len * n);
            let mut terms = Vec::new();
            for (&p, &w) in arrow.pill.iter().zip(&weights) {
                // The smallest number with d here: every other pill digit 1.
                terms.extend(b.digit_terms(&name, &[p], w as i32, |d| ones - w + w * d <= len * n));
            }
            terms.extend(b.digit_terms(&name, &arrow.cells, -1, |d| d + len - 1 <= largest_pill));
            b.row(format_args!("{name}_sum"), terms, Sense::Eq, 0);
        }
    }

    fn check(&self, _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        let n = grid.n();
        let mut out = Vec::new();
        for (i, arrow) in self.arrows.iter().enumerate() {
            // The pill as text, its empty cells as the lowest and highest digit.
            let read = |empty: usize| -> usize {
                let text: String = arrow
                    .pill
                    .iter()
                    .map(|&c| match grid.get(c) {
                        0 => char::from(b'0' + empty as u8),
                        v => char::from(b'0' + v as u8),
                    })
                    .collect();
                text.parse().unwrap_or(0)
            };
            let (pill_lo, pill_hi) = (read(1), read(n));
            let full_pill = arrow.pill.iter().all(|&c| grid.get(c) != 0);
            let filled: Vec<usize> = arrow.cells.iter().map(|&c| grid.get(c)).filter(|&v| v != 0).collect();
            let total: usize = filled.iter().sum();
            let empty = arrow.cells.len() - filled.len();
            let (lo, hi) = (total + empty, total + empty * n);
            let message = if full_pill && empty == 0 && pill_lo != total {
                format!("the pill reads {pill_lo} but its arrow sums to {total}")
            } else if pill_hi < lo || hi < pill_lo {
                format!("the pill can read {pill_lo}..{pill_hi} but its arrow can sum to {lo}..{hi}")
            } else {
                continue;
            };
            let mut cells = arrow.pill.clone();
            cells.extend(&arrow.cells);
            out.push(Violation::Rule { rule: format!("pill arrow {}", i + 1), message, cells });
        }
        out
    }

    fn draw(&self, _geometry: &Geometry) -> Vec<Mark> {
        let centre = |c: Cell| (f64::from(c.row) + 0.5, f64::from(c.col) + 0.5);
        let mut out = Vec::new();
        let mut pills: Vec<&Vec<Cell>> = Vec::new();
        for arrow in &self.arrows {
            if !pills.contains(&&arrow.pill) {
                pills.push(&arrow.pill);
            }
        }
        // Each arrow's shaft leaves the pill's rim and ends in a head short of its last cell.
        for arrow in &self.arrows {
            let Some(start) = arrow.start() else { continue };
            let mut points: Vec<Point> = vec![centre(start)];
            points.extend(arrow.cells.iter().map(|&c| centre(c)));
            let toward = |(ar, ac): Point, (br, bc): Point, by: f64| {
                let len = ((br - ar).powi(2) + (bc - ac).powi(2)).sqrt().max(f64::EPSILON);
                (ar + (br - ar) / len * by, ac + (bc - ac) / len * by)
            };
            points[0] = toward(points[0], points[1], PILL_HALF);
            let last = points.len() - 1;
            let end = points[last];
            points[last] = toward(end, points[last - 1], 0.3);
            let tip = points[last];
            let (dr, dc) = {
                let back = toward(tip, points[last - 1], 1.0);
                (back.0 - tip.0, back.1 - tip.1)
            };
            let (cos, sin, head) = (0.766, 0.643, 0.3);
            let wing = |s: f64| (tip.0 + head * (dr * cos - s * dc * sin), tip.1 + head * (dc * cos + s * dr * sin));
            out.push(Mark::Line { points, colour: GREY, width: Width::Cells(0.05) });
            out.push(Mark::Line { points: vec![wing(1.0), tip, wing(-1.0)], colour: GREY, width: Width::Cells(0.05) });
        }
        // The pill: a grey rounded band with a white one inside, over the shafts' starts.
        for pill in pills {
            let points: Vec<Point> = pill.iter().map(|&c| centre(c)).collect();
            out.push(Mark::Line { points: points.clone(), colour: GREY, width: Width::Cells(2.0 * PILL_HALF + 0.05) });
            out.push(Mark::Line { points, colour: "#ffffff", width: Width::Cells(2.0 * PILL_HALF - 0.05) });
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{agreement4, c, grid4};

    fn arrow(pill: Vec<Cell>, cells: Vec<Cell>) -> PillArrow {
        PillArrow { pill, cells }
    }

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        // 4x4 pills read 11..44; arrows of 3 or more cells reach them.
        for arrows in [
            vec![arrow(vec![c(1, 1), c(1, 2)], vec![c(2, 1), c(3, 1), c(4, 1), c(4, 2)])],
            vec![arrow(vec![c(2, 4), c(3, 4)], vec![c(3, 3), c(2, 2), c(1, 3), c(1, 4)])],
            vec![arrow(vec![c(4, 3), c(4, 4)], vec![c(3, 3), c(3, 2), c(2, 2), c(2, 3), c(1, 3)])],
        ] {
            let (yes, no) = agreement4(PillArrows { arrows }.into());
            assert!(yes > 0 && no > 0, "{yes} {no}");
        }
    }

    #[test]
    fn the_checker_reads_the_pill_as_a_number() {
        let g = Geometry::new(4, None).expect("4x4");
        // 1 2 3 4 / 3 4 1 2 / 2 1 4 3 / 4 3 2 1: pill r1c1 r1c2 reads 12.
        let grid = grid4([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
        let rule = |cells| PillArrows { arrows: vec![arrow(vec![c(1, 1), c(1, 2)], cells)] };
        // 3 + 2 + 4 + 3 = 12.
        assert!(rule(vec![c(2, 1), c(3, 1), c(4, 1), c(4, 2)]).check(&g, &grid).is_empty());
        let v = rule(vec![c(2, 1), c(3, 1), c(4, 1)]).check(&g, &grid);
        assert_eq!(
            v[0].to_string(),
            "pill arrow 1: the pill reads 12 but its arrow sums to 9 (r1c1, r1c2, r2c1, r3c1, r4c1)"
        );
        let mut partial = Grid::empty(9);
        partial.set(c(1, 1), 3);
        let v = rule(vec![c(2, 1), c(3, 1)]).check(&Geometry::new(9, None).expect("9x9"), &partial);
        assert!(v[0].to_string().contains("can read 31..39 but its arrow can sum to 2..18"), "{}", v[0]);
    }

    #[test]
    fn validation_names_the_place() {
        let nine = Geometry::new(9, None).expect("9x9");
        let check = |pill, cells| PillArrows { arrows: vec![arrow(pill, cells)] }.validate(&nine);
        assert!(check(vec![c(1, 1), c(1, 2)], vec![c(2, 2), c(3, 3)]).is_ok());
        assert_eq!(check(vec![c(1, 1)], vec![c(2, 2)]).expect_err("one").path, "arrows[0].pill");
        assert_eq!(check(vec![c(1, 1), c(2, 2)], vec![c(3, 3)]).expect_err("bent").path, "arrows[0].pill[1]");
        assert_eq!(check(vec![c(1, 1), c(1, 2)], vec![c(3, 3)]).expect_err("away").path, "arrows[0].cells[0]");
        let e = check(vec![c(1, 1), c(1, 2), c(1, 3)], vec![c(2, 1), c(3, 1)]).expect_err("111 > 18");
        assert_eq!(
            e.to_string(),
            "arrows[0].pill: a 3-cell pill reads 111 at least, more than 2 arrow cells can sum to (18)"
        );
        let big = Geometry::new(16, None).expect("16x16");
        let e = PillArrows { arrows: vec![arrow(vec![c(1, 1), c(1, 2)], vec![c(2, 2)])] }.validate(&big);
        assert_eq!(e.expect_err("16").path, "arrows");
    }

    #[test]
    fn a_short_arrow_caps_the_leading_digit() {
        // Two arrow cells sum to 17 at most: a two-cell pill reads 1x.
        let puzzle = crate::Puzzle::blank(Geometry::new(9, None).expect("9x9"))
            .with_rule(PillArrows { arrows: vec![arrow(vec![c(1, 1), c(1, 2)], vec![c(2, 2), c(3, 3)])] });
        let m = crate::Model::build(&puzzle);
        let open: Vec<usize> = (1..=9).filter(|&d| m.fixed()[m.var(c(1, 1), d) as usize].is_none()).collect();
        assert_eq!(open, vec![1]);
    }
}

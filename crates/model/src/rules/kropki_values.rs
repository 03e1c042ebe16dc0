//! Kropki dots with other values: a white dot with value `v` joins orthogonal neighbours that
//! differ by `v`, a black dot with value `v` neighbours where one is `v` times the other
//! (f-puzzles `difference` / `ratio` with a `value`). The usual values, difference 1 and
//! ratio 2, are the [`super::kropki`] rule's.
//!
//! The negative constraints ("all white / all black dots given") are the kropki rule's flags;
//! with them, a dot of this rule exempts its pair, and "all black dots given" forbids the
//! ratios these black dots show (the kropki file says how, after dclamage's SudokuSolver).
//!
//! Each digit of one cell needs a partner in the other, both ways, as the Kropki rows:
//!
//! ```text
//!   diff{v}_{a}_{b}_a_d{d}  :  x[a,d] − Σ_{|d−e| = v} x[b,e] <= 0          (and _b_)
//!   ratio{v}_{a}_{b}_a_d{d} :  x[a,d] − Σ_{d = v·e or e = v·d} x[b,e] <= 0
//!   x[a,d] = 0  when d has no partner (the middle digits under a large difference)
//! ```

use serde_json::{json, Map, Value};

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;

use super::fields::cells_json;
use super::{check_pairs, pair_violation, Emit, Fields, Mark, RuleError, RuleKind};

/// One dot: the pair it joins and its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dot {
    /// The two orthogonal neighbours.
    pub cells: (Cell, Cell),
    /// The difference (white) or the ratio (black).
    pub value: usize,
}

/// Kropki dots with values other than difference 1 and ratio 2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KropkiValues {
    /// White dots: the neighbours differ by the value.
    pub differences: Vec<Dot>,
    /// Black dots: one neighbour is the value times the other.
    pub ratios: Vec<Dot>,
}

/// Whether `d` and `e` differ by `v` (white) or stand in ratio `v` (black).
fn joined(black: bool, v: usize, d: usize, e: usize) -> bool {
    if black {
        d == v.saturating_mul(e) || e == v.saturating_mul(d)
    } else {
        d.abs_diff(e) == v
    }
}

fn read_dots(f: &mut Fields<'_>, key: &'static str, what: &str) -> Result<Vec<Dot>, ParseError> {
    if f.get(key).is_none() {
        return Ok(Vec::new());
    }
    let shape = ("a dot", r#"{"cells": ["r1c1", "r1c2"], "value": 3}"#);
    f.objects(key, what, shape, |g| {
        let cells = g.required_cells("cells", "the two neighbours")?;
        let value = g.uint("value", "the dot's value")?.ok_or_else(|| g.error("value", "a dot needs its \"value\""))?;
        let [a, b] = cells[..] else {
            return Err(g.error("cells", format!("expected two cells, found {}", cells.len())));
        };
        Ok(Dot { cells: (a, b), value: usize::try_from(value).unwrap_or(usize::MAX) })
    })
}

fn dots_json(dots: &[Dot]) -> Value {
    dots.iter().map(|d| json!({"cells": cells_json(&[d.cells.0, d.cells.1]), "value": d.value})).collect()
}

impl RuleKind for KropkiValues {
    const FPUZZLES_KEYS: &'static [&'static str] = &["difference", "ratio"];

    /// The `difference` and `ratio` dots of other values than kropki's 1 and 2.
    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let dots = super::kropki::Dots::read(f)?;
        let (differences, ratios) = (dots.differences, dots.ratios);
        Ok((!differences.is_empty() || !ratios.is_empty()).then_some(KropkiValues { differences, ratios }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        use super::fpuzzles::rc;
        for (key, dots) in [("difference", &self.differences), ("ratio", &self.ratios)] {
            for dot in dots {
                let (a, b) = dot.cells;
                f.push(key, serde_json::json!({"cells": [rc(a), rc(b)], "value": dot.value.to_string()}));
            }
        }
        Ok(())
    }

    const NAME: &'static str = "kropki-values";
    const ALIASES: &'static [&'static str] = &["difference-ratio-dots", "valued-dots"];
    const SUMMARY: &'static str =
        "a white dot with value v joins neighbours that differ by v, a black dot neighbours in ratio v";

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        let differences = read_dots(f, "differences", "a list of white dots")?;
        let ratios = read_dots(f, "ratios", "a list of black dots")?;
        Ok(KropkiValues { differences, ratios })
    }

    fn write(&self, out: &mut Map<String, Value>) {
        out.insert("differences".into(), dots_json(&self.differences));
        out.insert("ratios".into(), dots_json(&self.ratios));
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        let n = geometry.n();
        let mut seen = Vec::new();
        for (list, dots, black) in [("differences", &self.differences, false), ("ratios", &self.ratios, true)] {
            let pairs: Vec<(Cell, Cell)> = dots.iter().map(|d| d.cells).collect();
            check_pairs(n, list, &pairs, &mut seen).map_err(|e| RuleError { path: format!("{}.cells", e.path), ..e })?;
            for (i, dot) in dots.iter().enumerate() {
                let usual = if black { 2 } else { 1 };
                let path = format!("{list}[{i}].value");
                if dot.value == usual {
                    return Err(RuleError::new(path, format!("a {} dot of {usual} is the kropki rule's", if black { "black" } else { "white" })));
                }
                let possible = dot.value <= n && (1..=n).any(|d| (1..=n).any(|e| d != e && joined(black, dot.value, d, e)));
                if !possible {
                    let how = if black { "in ratio" } else { "differ by" };
                    return Err(RuleError::new(path, format!("no two different digits of 1..{n} {how} {}", dot.value)));
                }
            }
        }
        Ok(())
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        for (word, dots, black) in [("diff", &self.differences, false), ("ratio", &self.ratios, true)] {
            for dot in dots {
                let (a, c) = dot.cells;
                let v = dot.value;
                let what = if black { "ratio" } else { "difference" };
                b.clue(format!("the {what} {v} dot between {a} and {c}"), [a, c]);
                b.implications(&format!("{word}{v}_{a}_{c}"), (a, c), |d, e| joined(black, v, d, e));
            }
        }
    }

    fn check(&self, _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        let mut out = Vec::new();
        for dot in &self.differences {
            let (x, y) = (grid.get(dot.cells.0), grid.get(dot.cells.1));
            if x != 0 && y != 0 && x.abs_diff(y) != dot.value {
                let what = format!("do not differ by {}", dot.value);
                out.push(pair_violation("white dot", dot.cells, grid, &what));
            }
        }
        for dot in &self.ratios {
            let (x, y) = (grid.get(dot.cells.0), grid.get(dot.cells.1));
            let (lo, hi) = (x.min(y), x.max(y));
            if lo != 0 && Some(hi) != lo.checked_mul(dot.value) {
                let what = format!("are not in ratio {}", dot.value);
                out.push(pair_violation("black dot", dot.cells, grid, &what));
            }
        }
        out
    }

    fn draw(&self, _geometry: &Geometry) -> Vec<Mark> {
        // A dot large enough to hold its value: white, or grey for black so the digit shows.
        let mut out = Vec::new();
        for (dots, fill) in [(&self.differences, "#ffffff"), (&self.ratios, "#9a9a9a")] {
            for dot in dots {
                let (a, b) = dot.cells;
                let centre = (
                    (f64::from(a.row) + f64::from(b.row)) / 2.0 + 0.5,
                    (f64::from(a.col) + f64::from(b.col)) / 2.0 + 0.5,
                );
                out.push(Mark::Circle { centre, radius: 0.17, fill, stroke: "#000000" });
                out.push(Mark::Text { at: centre, text: dot.value.to_string(), size: 0.2 });
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{agreement4, c, grid4};

    fn dot(a: Cell, b: Cell, value: usize) -> Dot {
        Dot { cells: (a, b), value }
    }

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        let rules = [
            KropkiValues { differences: vec![dot(c(1, 1), c(1, 2), 2), dot(c(3, 3), c(4, 3), 3)], ratios: vec![] },
            KropkiValues { differences: vec![], ratios: vec![dot(c(2, 2), c(2, 3), 3), dot(c(1, 4), c(2, 4), 4)] },
            KropkiValues { differences: vec![dot(c(4, 1), c(4, 2), 2)], ratios: vec![dot(c(2, 1), c(3, 1), 3)] },
        ];
        for rule in rules {
            let (yes, no) = agreement4(rule.into());
            assert!(yes > 0 && no > 0, "{yes} {no}");
        }
    }

    #[test]
    fn usual_and_impossible_values_are_refused_and_breaks_named() {
        let g = Geometry::new(4, None).expect("4x4");
        let usual = KropkiValues { differences: vec![dot(c(1, 1), c(1, 2), 1)], ratios: vec![] };
        assert_eq!(usual.validate(&g).expect_err("1").path, "differences[0].value");
        let big = KropkiValues { differences: vec![], ratios: vec![dot(c(1, 1), c(1, 2), 5)] };
        assert_eq!(big.validate(&g).expect_err("5").to_string(), "ratios[0].value: no two different digits of 1..4 in ratio 5");
        let apart = KropkiValues { differences: vec![dot(c(1, 1), c(2, 2), 2)], ratios: vec![] };
        assert_eq!(apart.validate(&g).expect_err("diagonal").path, "differences[0].cells");
        let grid = grid4([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
        let rule = KropkiValues { differences: vec![dot(c(1, 2), c(2, 2), 2)], ratios: vec![dot(c(1, 1), c(2, 1), 3)] };
        assert!(rule.check(&g, &grid).is_empty(), "2 and 4 differ by 2, 1 and 3 in ratio 3");
        let rule = KropkiValues { differences: vec![dot(c(1, 1), c(1, 2), 2)], ratios: vec![dot(c(1, 2), c(2, 2), 3)] };
        let v: Vec<String> = rule.check(&g, &grid).iter().map(ToString::to_string).collect();
        assert_eq!(v, ["white dot: r1c1 (1) and r1c2 (2) do not differ by 2 (r1c1, r1c2)", "black dot: r1c2 (2) and r2c2 (4) are not in ratio 3 (r1c2, r2c2)"]);
    }
}

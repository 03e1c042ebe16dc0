//! XV: an X joins orthogonal neighbours summing to 10, a V neighbours summing to 5. With
//! `all_given`, pairs without a mark sum to neither.
//!
//! A marked pair `{a, b}` with sum `s` pins each digit to its complement, so equalities replace
//! the sum row (they imply it and propagate fully):
//!
//! ```text
//!   x_{a}_{b}_d{d} :  x[a, d] − x[b, s−d] = 0      for d with 1 <= s−d <= n, s−d ≠ d
//!   x[a, d] = 0, x[b, d] = 0                       for the other d (5 under an X, …)
//! ```
//!
//! (`v_…` rows for V.) Unmarked pairs under `all_given`, cliques of the conflict graph:
//!
//! ```text
//!   noxv_{a}_{b}_a_d{d} :  x[a, d] + x[b, 10−d] + x[b, 5−d] <= 1     (terms in range; and _b_)
//! ```

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::model::Sense;

use super::fields::pairs_json;
use super::{check_pairs, pair_violation, pairs_without_mark, unmarked_pairs, Emit, Fields, Mark, RuleError, RuleKind};

/// XV: X marks neighbours that sum to 10, V neighbours that sum to 5.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Xv {
    /// Pairs summing to 10.
    pub x: Vec<(Cell, Cell)>,
    /// Pairs summing to 5.
    pub v: Vec<(Cell, Cell)>,
    /// All marks are given: neighbours without a mark sum to neither 10 nor 5.
    pub all_given: bool,
}

impl RuleKind for Xv {
    const FPUZZLES_KEYS: &'static [&'static str] = &["xv", "negative"];

    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let (mut x, mut v) = (Vec::new(), Vec::new());
        for entry in f.entries("xv")? {
            let p = f.pair(&entry)?;
            let path = &entry.0;
            let value = super::fpuzzles::field(entry.1, path, "value", "\"X\" or \"V\"")?;
            match value.as_str().map(str::to_ascii_uppercase).as_deref() {
                Some("X") => x.push(p),
                Some("V") => v.push(p),
                _ => {
                    return Err(crate::json_read::err(
                        &format!("{path}.value"),
                        format!("expected \"X\" or \"V\", found {value}"),
                    ))
                }
            }
        }
        let all_given = f.negative()?.contains(&"xv");
        Ok((!x.is_empty() || !v.is_empty() || all_given).then_some(Xv { x, v, all_given }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        use super::fpuzzles::rc;
        for &(a, b) in &self.x {
            f.push("xv", serde_json::json!({"cells": [rc(a), rc(b)], "value": "X"}));
        }
        for &(a, b) in &self.v {
            f.push("xv", serde_json::json!({"cells": [rc(a), rc(b)], "value": "V"}));
        }
        if self.all_given {
            f.negative("xv");
        }
        Ok(())
    }

    const NAME: &'static str = "xv";
    const SUMMARY: &'static str = "neighbours joined by an X sum to 10, by a V to 5";

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        Ok(Xv { x: f.pairs("x")?, v: f.pairs("v")?, all_given: f.flag("all_given", false)? })
    }

    fn write(&self, out: &mut serde_json::Map<String, serde_json::Value>) {
        out.insert("x".into(), pairs_json(&self.x));
        out.insert("v".into(), pairs_json(&self.v));
        out.insert("all_given".into(), self.all_given.into());
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        validate(geometry.n(), &self.x, &self.v)
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        emit(b, &self.x, &self.v, self.all_given);
    }

    fn check(&self, _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        check(grid, &self.x, &self.v, self.all_given)
    }

    fn draw(&self, _geometry: &Geometry) -> Vec<Mark> {
        let x = self.x.iter().map(|&between| Mark::EdgeText { between, text: "X".into() });
        let mut out: Vec<Mark> =
            x.chain(self.v.iter().map(|&between| Mark::EdgeText { between, text: "V".into() })).collect();
        if self.all_given {
            out.push(Mark::Caption("XV: all X and V are given".into()));
        }
        out
    }
}

/// Whether `d + e` is 10 or 5, the sums an unmarked pair may not have.
fn marked_sum(d: usize, e: usize) -> bool {
    d + e == 10 || d + e == 5
}

/// The complement of `d` for sum `s` in a side-`n` grid, if it is another digit.
fn partner(n: usize, s: usize, d: usize) -> Option<usize> {
    let e = s.checked_sub(d)?;
    (1..=n).contains(&e).then_some(e).filter(|&e| e != d)
}

fn validate(n: usize, x: &[(Cell, Cell)], v: &[(Cell, Cell)]) -> Result<(), RuleError> {
    let mut seen = Vec::new();
    check_pairs(n, "x", x, &mut seen)?;
    check_pairs(n, "v", v, &mut seen)?;
    for (list, pairs, s) in [("x", x, 10), ("v", v, 5)] {
        if !pairs.is_empty() && (1..=n).all(|d| partner(n, s, d).is_none()) {
            return Err(RuleError::new(format!("{list}[0]"), format!("no two different digits of 1..{n} sum to {s}")));
        }
    }
    Ok(())
}

fn emit(b: &mut Emit<'_, '_>, x: &[(Cell, Cell)], v: &[(Cell, Cell)], all_given: bool) {
    let n = b.n();
    for (word, pairs, s) in [("x", x, 10), ("v", v, 5)] {
        for &(p, q) in pairs {
            let name = format!("{word}_{p}_{q}");
            b.clue(format!("the {} between {p} and {q}", word.to_uppercase()), [p, q]);
            for d in 1..=n {
                match partner(n, s, d) {
                    Some(e) => {
                        let terms = vec![(b.var(p, d), 1), (b.var(q, e), -1)];
                        b.row(format_args!("{name}_d{d}"), terms, Sense::Eq, 0);
                    }
                    None => {
                        b.exclude(p, d, &name);
                        b.exclude(q, d, &name);
                    }
                }
            }
        }
    }
    b.end_clue();
    if all_given {
        for (p, q) in unmarked_pairs(n, &[x, v]) {
            b.clue(format!("the neighbours {p} and {q} (no X or V between them)"), [p, q]);
            b.conflicts(&format!("noxv_{p}_{q}"), (p, q), marked_sum);
        }
    }
}

fn check(grid: &Grid, x: &[(Cell, Cell)], v: &[(Cell, Cell)], all_given: bool) -> Vec<Violation> {
    let both = |(p, q): (Cell, Cell)| grid.get(p) != 0 && grid.get(q) != 0;
    let sum = |(p, q): (Cell, Cell)| grid.get(p) + grid.get(q);
    let mut out = Vec::new();
    for (rule, pairs, s) in [("X", x, 10), ("V", v, 5)] {
        for &pair in pairs.iter().filter(|&&p| both(p)) {
            if sum(pair) != s {
                out.push(pair_violation(rule, pair, grid, &format!("do not sum to {s}")));
            }
        }
    }
    if all_given {
        for pair in pairs_without_mark(grid.n(), &[x, v]).into_iter().filter(|&p| both(p)) {
            if matches!(sum(pair), 5 | 10) {
                let what = format!("have no mark but sum to {}", sum(pair));
                out.push(pair_violation("XV (all marks given)", pair, grid, &what));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::orthogonal_pairs;
    use crate::rules::testing::{agreement4, c, grid4};
    use crate::rules::Rule;

    #[test]
    fn partners() {
        assert_eq!(partner(9, 10, 5), None);
        assert_eq!(partner(9, 10, 1), Some(9));
        assert_eq!(partner(9, 5, 7), None);
        assert_eq!(partner(6, 10, 3), None);
        assert_eq!(partner(6, 10, 4), Some(6));
    }

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        let g = grid4([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
        let v: Vec<(Cell, Cell)> = orthogonal_pairs(4).filter(|&(p, q)| g.get(p) + g.get(q) == 5).collect();
        assert!(v.len() > 2);
        for all_given in [false, true] {
            let (yes, no) = agreement4(Rule::Xv(crate::rules::Xv { x: vec![], v: v.clone(), all_given }));
            assert!(yes > 0 && no > 0, "{all_given}: {yes} {no}");
        }
    }

    #[test]
    fn an_x_needs_room() {
        let e = validate(4, &[(c(1, 1), c(1, 2))], &[]).expect_err("4x4 has no 10");
        assert_eq!(e.to_string(), "x[0]: no two different digits of 1..4 sum to 10");
        assert!(validate(6, &[(c(1, 1), c(1, 2))], &[]).is_ok());
        assert!(validate(9, &[(c(1, 1), c(1, 2))], &[(c(2, 1), c(1, 1))]).is_ok());
        assert!(validate(9, &[(c(1, 1), c(1, 2))], &[(c(1, 2), c(1, 1))]).is_err());
    }
}

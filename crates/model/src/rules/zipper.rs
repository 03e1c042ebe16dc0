//! Zipper lines: cells the same distance from the middle of a line sum to the same total; on a
//! line of odd length the total is the digit in the middle cell.
//!
//! Each line has its total as one-hot binaries `T_s`: on an odd line the middle cell's own
//! variables `x[m, s]`, on an even line auxiliary binaries `t_s` (`s` in `2..=2n`: the two
//! cells of a pair may hold one digit when they do not see each other), exactly one chosen.
//! For every mirrored pair `(a, b)`:
//!
//! ```text
//!   zipper{i}_total                 :  Σ_s t_s = 1                          (even lines)
//!   zipper{i}_{a}_{b}_sum           :  Σ_d d·x[a,d] + Σ_d d·x[b,d] − Σ_s s·T_s = 0
//!   zipper{i}_{a}_{b}_a_d{d}        :  x[a,d] − Σ_{s: 1 <= s−d <= n} T_s <= 0
//!   zipper{i}_{a}_{b}_a_d{d}_s{s}   :  x[a,d] + T_s − x[b,s−d] <= 1         (no x[b,·] term
//!                                                                             when s−d is no digit)
//! ```
//!
//! (and the `_b_` rows the other way round). The three-variable rows make the pair's digits
//! mirror each other once the total is known, and a placed pair fixes the total; the support
//! rows drop a digit no total can complete (on an odd line, every digit at least the middle
//! one). The sum row is implied in integers and tightens the LP relaxation.

use serde_json::{Map, Value};

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::model::Sense;

use super::fields::cell_lists_json;
use super::{check_lines, line_mark, Emit, Fields, Input, Mark, RuleError, RuleKind};

/// Zipper lines are a light violet, apart from renban's purple.
const VIOLET: &str = "#e6a8e0";

/// Zipper lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zipper {
    /// Each line's cells, in order along the line.
    pub lines: Vec<Vec<Cell>>,
}

impl RuleKind for Zipper {
    const FPUZZLES_KEYS: &'static [&'static str] = &["zipperline"];

    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let lines = f.all_lines("zipperline")?;
        Ok((!lines.is_empty()).then_some(Zipper { lines }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        f.lines("zipperline", &self.lines);
        Ok(())
    }

    const NAME: &'static str = "zipper-line";
    const ALIASES: &'static [&'static str] = &["zipper", "zipperline", "zipper-lines"];
    const SUMMARY: &'static str =
        "cells as far from a zipper line's middle sum to one total, the middle digit on an odd line";
    const INPUT: Input = Input::Line { key: "lines", min: 2 };

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        Ok(Zipper { lines: f.cell_lists("lines", "a list of cell lists, in order along each line")? })
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
            let len = cells.len();
            let name = format!("zipper{}", i + 1);
            b.clue(format!("the zipper line {}", super::path_text(cells)), cells.iter().copied());
            let first = b.rows_len();
            // The total's one-hot variables, as (value, variable).
            let totals: Vec<(usize, u32)> = if len % 2 == 1 {
                (1..=n).map(|s| (s, b.var(cells[len / 2], s))).collect()
            } else {
                let t: Vec<(usize, u32)> = (2..=2 * n).map(|s| (s, b.aux(format!("{name}_t{s}")))).collect();
                b.row(format_args!("{name}_total"), t.iter().map(|&(_, v)| (v, 1)).collect(), Sense::Eq, 1);
                t
            };
            for j in 0..len / 2 {
                let (a, c) = (cells[j], cells[len - 1 - j]);
                let pair = format!("{name}_{a}_{c}");
                let mut sum: Vec<(u32, i32)> = Vec::new();
                for cell in [a, c] {
                    sum.extend((1..=n).map(|d| (b.var(cell, d), d as i32)));
                }
                sum.extend(totals.iter().map(|&(s, v)| (v, -(s as i32))));
                b.row(format_args!("{pair}_sum"), sum, Sense::Eq, 0);
                for (side, (p, q)) in [("a", (a, c)), ("b", (c, a))] {
                    for d in 1..=n {
                        let x = b.var(p, d);
                        let mut support = vec![(x, 1)];
                        for &(s, t) in &totals {
                            let rest = s.checked_sub(d).filter(|e| (1..=n).contains(e));
                            let mut terms = vec![(x, 1), (t, 1)];
                            if let Some(e) = rest {
                                support.push((t, -1));
                                terms.push((b.var(q, e), -1));
                            }
                            b.row(format_args!("{pair}_{side}_d{d}_s{s}"), terms, Sense::Le, 1);
                        }
                        b.row(format_args!("{pair}_{side}_d{d}"), support, Sense::Le, 0);
                    }
                }
            }
            // The same line as an automaton reading the middle (odd lines), then each pair's
            // two cells in turn, over (total, first digit of the pair): it says what the rows
            // above say, so it replaces them and the total's auxiliaries.
            let mut order: Vec<Cell> = Vec::with_capacity(len);
            if len % 2 == 1 {
                order.push(cells[len / 2]);
            }
            for j in 0..len / 2 {
                order.extend([cells[j], cells[len - 1 - j]]);
            }
            let aux: Vec<u32> = if len % 2 == 1 { Vec::new() } else { totals.iter().map(|&(_, v)| v).collect() };
            let start = if len % 2 == 1 { ZipState::Middle } else { ZipState::Total { total: None, first: None, pair: 0 } };
            // Which pairs' two cells share a row, column or region, so hold different digits
            // (an even total is no twice its half there): the automaton then counts pairs, when
            // the states stay well under the model's cap (a line of up to some 40 cells).
            let geometry = b.geometry();
            let owner = geometry.region_of_cells();
            let sees = |a: Cell, c: Cell| a.row == c.row || a.col == c.col || owner[a.index(n)] == owner[c.index(n)];
            let pairs = len / 2;
            let distinct: Vec<bool> = if pairs * (2 * n + 1) * (n + 1) <= 4000 {
                (0..pairs).map(|j| sees(cells[j], cells[len - 1 - j])).collect()
            } else {
                Vec::new()
            };
            let replaces = crate::automaton::Replaces { aux: &aux, rows_from: Some(first) };
            b.automaton(&name, &order, start, |&s, d| s.next(d, n, &distinct), |&s| s.accepts(), replaces);
        }
    }

    fn check(&self, _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        let mut out = Vec::new();
        for (i, cells) in self.lines.iter().enumerate() {
            let rule = format!("zipper line {}", i + 1);
            // Walk in from both ends at once; the first complete pair sets the total unless
            // the line has a middle cell.
            let (mut lo, mut hi) = (0, cells.len() - 1);
            let middle = (cells.len() % 2 == 1).then(|| cells[cells.len() / 2]);
            let mut total: Option<(usize, Vec<Cell>)> =
                middle.filter(|&m| grid.get(m) != 0).map(|m| (grid.get(m), vec![m]));
            while lo < hi {
                let (a, c) = (cells[lo], cells[hi]);
                let (x, y) = (grid.get(a), grid.get(c));
                if x != 0 && y != 0 {
                    match &total {
                        None => total = Some((x + y, vec![a, c])),
                        Some((t, by)) if *t != x + y => {
                            let mut involved = vec![a, c];
                            involved.extend(by);
                            out.push(Violation::Rule {
                                rule: rule.clone(),
                                message: format!("{a} ({x}) and {c} ({y}) sum to {}, not {t}", x + y),
                                cells: involved,
                            });
                        }
                        Some(_) => {}
                    }
                }
                lo += 1;
                hi -= 1;
            }
        }
        out
    }

    fn draw(&self, _geometry: &Geometry) -> Vec<Mark> {
        self.lines.iter().map(|cells| line_mark(cells, VIOLET, 0.22)).collect()
    }
}

/// Where the automaton of a zipper line stands: before the middle cell (odd lines), or with
/// the total known or not yet (an even line's first pair sets it), the first digit of the
/// pair being read, and which pair that is (counted only when some pair's cells see each
/// other).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum ZipState {
    Middle,
    Total { total: Option<usize>, first: Option<usize>, pair: usize },
}

impl ZipState {
    /// The state after digit `d` (digits `1..=n`); `distinct[j]`: pair `j`'s cells see each
    /// other (empty: pairs are not counted).
    fn next(self, d: usize, n: usize, distinct: &[bool]) -> Option<ZipState> {
        let after = |pair: usize| if distinct.is_empty() { 0 } else { pair + 1 };
        let differ = |pair: usize, a: usize| a != d || !distinct.get(pair).copied().unwrap_or(false);
        match self {
            ZipState::Middle => Some(ZipState::Total { total: Some(d), first: None, pair: 0 }),
            ZipState::Total { total, first: None, pair } => {
                // A digit the total cannot pair with any digit ends every path.
                let fits = total.is_none_or(|t| t > d && t - d <= n);
                fits.then_some(ZipState::Total { total, first: Some(d), pair })
            }
            ZipState::Total { total: None, first: Some(a), pair } => {
                differ(pair, a).then_some(ZipState::Total { total: Some(a + d), first: None, pair: after(pair) })
            }
            ZipState::Total { total: Some(t), first: Some(a), pair } => (a + d == t && differ(pair, a))
                .then_some(ZipState::Total { total: Some(t), first: None, pair: after(pair) }),
        }
    }

    /// Whether a line may end here: every pair read whole.
    fn accepts(self) -> bool {
        matches!(self, ZipState::Total { first: None, .. })
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
            vec![vec![c(1, 1), c(1, 2), c(2, 2), c(2, 1)], vec![c(4, 1), c(4, 2), c(4, 3), c(3, 4), c(2, 4)]],
            vec![vec![c(3, 1), c(4, 2), c(3, 3), c(4, 4)]],
        ] {
            let (yes, no) = agreement4(Zipper { lines }.into());
            assert!(yes > 0 && no > 0, "{yes} {no}");
        }
    }

    #[test]
    fn the_automaton_accepts_exactly_the_lines_whose_pairs_share_one_total_with_distinct_digits_in_a_row() {
        use crate::{Model, Puzzle};
        for len in [2, 3, 5, 6] {
            let line: Vec<Cell> = (0..len).map(|k| Cell::new(0, k)).collect();
            let p = Puzzle::blank(Geometry::new(6, None).expect("6x6")).with_rule(Zipper { lines: vec![line.clone()] });
            let m = Model::build(&p);
            assert_eq!(m.automata().len(), 1);
            let a = &m.automata()[0];
            let at: Vec<usize> = a.cells.iter().map(|c| line.iter().position(|l| l == c).expect("on the line")).collect();
            for word in 0..6usize.pow(len as u32) {
                let digits: Vec<usize> = (0..len).map(|i| 1 + word / 6usize.pow(i as u32) % 6).collect();
                let total = if len % 2 == 1 { digits[len / 2] } else { digits[0] + digits[len - 1] };
                // The line lies in one row: each pair's digits also differ.
                let yes = (0..len / 2).all(|j| digits[j] + digits[len - 1 - j] == total && digits[j] != digits[len - 1 - j]);
                let read: Vec<usize> = at.iter().map(|&k| digits[k]).collect();
                assert_eq!(a.accepts(&read), yes, "{digits:?}");
            }
        }
    }

    #[test]
    fn the_automaton_refuses_a_pair_of_equal_digits_only_where_its_cells_see_each_other() {
        use crate::{Model, Puzzle};
        // 6×6 (boxes of 2×3): r1c1 and r2c2 share a box, r1c1 and r3c4 share nothing.
        for (other, sees) in [(Cell::new(1, 1), true), (Cell::new(2, 3), false)] {
            let line = vec![Cell::new(0, 0), other];
            let p = Puzzle::blank(Geometry::new(6, None).expect("6x6")).with_rule(Zipper { lines: vec![line] });
            let m = Model::build(&p);
            let a = &m.automata()[0];
            assert_eq!(a.accepts(&[3, 3]), !sees, "{other}");
            assert!(a.accepts(&[2, 4]), "{other}");
        }
    }

    #[test]
    fn the_checker_names_the_pair_that_misses_the_total() {
        let g = Geometry::new(4, None).expect("4x4");
        let grid = grid4([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
        // r1c1 + r1c3 = 1 + 3 = 4 = r1c2? No: the middle is 2.
        let v = Zipper { lines: vec![vec![c(1, 1), c(1, 2), c(1, 3)]] }.check(&g, &grid);
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].to_string(), "zipper line 1: r1c1 (1) and r1c3 (3) sum to 4, not 2 (r1c1, r1c3, r1c2)");
        // r2c1 + r1c2 = 3 + 2 = 5 and r1c1 + r2c2 = 1 + 4 = 5: an even line with one total.
        assert!(Zipper { lines: vec![vec![c(2, 1), c(1, 1), c(2, 2), c(1, 2)]] }.check(&g, &grid).is_empty());
        let mut partial = grid.clone();
        partial.set(c(1, 2), 0);
        assert!(Zipper { lines: vec![vec![c(1, 1), c(1, 2), c(1, 3)]] }.check(&g, &partial).is_empty());
        let bad = Zipper { lines: vec![vec![c(1, 1)]] };
        assert_eq!(bad.validate(&g).expect_err("short").path, "lines[0]");
    }
}

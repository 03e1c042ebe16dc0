//! Entropic lines: any three cells in a row along an orange line hold one low (1–3), one
//! middle (4–6) and one high (7–9) digit. On an `n`×`n` grid (`n` a multiple of 3) the sets
//! are the thirds of `1..=n`; a line of two cells holds digits of two different sets.
//!
//! For every run `W` of three consecutive cells on a line and every set `S`:
//!
//! ```text
//!   entropic{i}_w{j}_set{k} :  Σ_{c in W} Σ_{d in S} x[c,d] = 1       (<= 1 on a 2-cell line)
//! ```
//!
//! Three cells, three sets, each set once: a placed low digit removes the low digits from the
//! run's other two cells, and a cell left with one set fixes that set there. Along the line the
//! set repeats every third cell, which the rows of overlapping runs carry. Modular lines
//! ([`super::modular`]) are the same rows over the digits' remainders mod 3
//! ([`emit_sets`], [`check_sets`]).

use serde_json::{Map, Value};

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::model::Sense;

use super::fields::cell_lists_json;
use super::{check_lines, line_mark, Emit, Fields, Input, Mark, RuleError, RuleKind};

/// Entropic lines are orange.
const ORANGE: &str = "#f3a64a";

/// Entropic lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entropic {
    /// Each line's cells, in order along the line.
    pub lines: Vec<Vec<Cell>>,
}

/// The rows of a rule whose runs of three cells hold one digit of each of three sets:
/// `set(d)` in `0..3` for each digit. `prefix` names the rows (`entropic1_w2_set0`).
pub(crate) fn emit_sets(b: &mut Emit<'_, '_>, prefix: &str, lines: &[Vec<Cell>], set: impl Fn(usize) -> usize) {
    let n = b.n();
    for (i, cells) in lines.iter().enumerate() {
        b.clue(format!("the {prefix} line {}", super::path_text(cells)), cells.iter().copied());
        let (width, sense) = if cells.len() < 3 { (cells.len(), Sense::Le) } else { (3, Sense::Eq) };
        for (j, run) in cells.windows(width).enumerate() {
            for k in 0..3 {
                let terms: Vec<(u32, i32)> = run
                    .iter()
                    .flat_map(|&c| (1..=n).filter(|&d| set(d) == k).map(move |d| (c, d)))
                    .map(|(c, d)| (b.var(c, d), 1))
                    .collect();
                b.row(format_args!("{prefix}{}_w{}_set{k}", i + 1, j + 1), terms, sense, 1);
            }
        }
    }
}

/// The checker of such a rule: two filled cells one or two steps apart on a line never share a
/// set. `same(d, e)` says whether two digits share one; `what` names the sets in messages.
pub(crate) fn check_sets(
    rule: &str,
    lines: &[Vec<Cell>],
    grid: &Grid,
    same: impl Fn(usize, usize) -> bool,
    what: &str,
) -> Vec<Violation> {
    let mut out = Vec::new();
    for (i, cells) in lines.iter().enumerate() {
        for (j, &a) in cells.iter().enumerate() {
            for &c in cells.iter().skip(j + 1).take(2) {
                let (x, y) = (grid.get(a), grid.get(c));
                if x != 0 && y != 0 && same(x, y) {
                    out.push(Violation::Rule {
                        rule: format!("{rule} {}", i + 1),
                        message: format!("{a} ({x}) and {c} ({y}) are within three cells and {what}"),
                        cells: vec![a, c],
                    });
                }
            }
        }
    }
    out
}

impl RuleKind for Entropic {
    const FPUZZLES_KEYS: &'static [&'static str] = &["entropicline"];

    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let lines = f.all_lines("entropicline")?;
        Ok((!lines.is_empty()).then_some(Entropic { lines }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        f.lines("entropicline", &self.lines);
        Ok(())
    }

    const NAME: &'static str = "entropic-line";
    const ALIASES: &'static [&'static str] = &["entropic", "entropicline", "entropic-lines"];
    const SUMMARY: &'static str = "any three cells in a row on an orange line hold a low, a middle and a high digit";
    const INPUT: Input = Input::Line { key: "lines", min: 2 };

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        Ok(Entropic { lines: f.cell_lists("lines", "a list of cell lists, in order along each line")? })
    }

    fn write(&self, out: &mut Map<String, Value>) {
        out.insert("lines".into(), cell_lists_json(&self.lines));
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        let n = geometry.n();
        if !n.is_multiple_of(3) && !self.lines.is_empty() {
            return Err(RuleError::new(
                "lines",
                format!("entropic lines need a grid side divisible by 3 (low, middle, high thirds); this one is {n}"),
            ));
        }
        check_lines(n, &self.lines, 2)
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        let third = b.n() / 3;
        emit_sets(b, "entropic", &self.lines, |d| (d - 1) / third);
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        let n = geometry.n();
        let band = |d: usize| [d * 3 <= n, d * 3 <= 2 * n, true].iter().position(|&b| b);
        check_sets("entropic line", &self.lines, grid, |x, y| band(x) == band(y), "both low, middle or high")
    }

    fn draw(&self, _geometry: &Geometry) -> Vec<Mark> {
        self.lines.iter().map(|cells| line_mark(cells, ORANGE, 0.22)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::c;
    use crate::{Model, Puzzle};

    #[test]
    fn model_and_checker_agree_on_6x6_grids() {
        // 4x4 has no thirds: the 6x6 rows against the checker on every relabelling of the
        // digits of one 6x6 Sudoku (720 grids).
        let g = Geometry::new(6, None).expect("6x6");
        let base: Vec<usize> = "123456456123231564564231312645645312".bytes().map(|b| usize::from(b - b'0')).collect();
        let mut grids = Vec::new();
        let mut perm = [0usize; 6];
        for k in 0..720 {
            // The k-th permutation of 1..=6 (factorial base).
            let (mut rest, mut code): (Vec<usize>, usize) = ((1..=6).collect(), k);
            for (i, slot) in perm.iter_mut().enumerate() {
                let f = (1..6 - i).product::<usize>();
                *slot = rest.remove(code / f);
                code %= f;
            }
            let values: Vec<u8> = base.iter().map(|&d| perm[d - 1] as u8).collect();
            grids.push(Grid::from_values(6, values).expect("6x6"));
        }
        let rule = Entropic { lines: vec![vec![c(1, 1), c(1, 2), c(1, 3), c(2, 3)], vec![c(6, 1), c(6, 2)]] };
        let puzzle = Puzzle::blank(g.clone()).with_rule(rule.clone());
        let model = Model::build(&puzzle);
        let (mut yes, mut no) = (0, 0);
        for grid in &grids {
            let checker = rule.check(&g, grid).is_empty();
            assert_eq!(checker, model.is_feasible(&model.ones_from_grid(grid)), "{grid}");
            if checker {
                yes += 1;
            } else {
                no += 1;
            }
        }
        assert!(yes > 0 && no > 0, "{yes} {no}");
    }

    #[test]
    fn the_sets_are_thirds_and_the_side_must_divide() {
        let g = Geometry::new(9, None).expect("9x9");
        let mut grid = Grid::empty(9);
        let line = vec![c(1, 1), c(1, 2), c(1, 3), c(1, 4)];
        let rule = Entropic { lines: vec![line] };
        for (cell, d) in [(c(1, 1), 3), (c(1, 2), 4), (c(1, 3), 7), (c(1, 4), 1)] {
            grid.set(cell, d);
        }
        assert!(rule.check(&g, &grid).is_empty());
        grid.set(c(1, 4), 6);
        let v = rule.check(&g, &grid);
        assert_eq!(v.len(), 1);
        assert_eq!(
            v[0].to_string(),
            "entropic line 1: r1c2 (4) and r1c4 (6) are within three cells and both low, middle or high (r1c2, r1c4)"
        );
        let four = Geometry::new(4, None).expect("4x4");
        assert_eq!(rule.validate(&four).expect_err("4x4").path, "lines");
    }
}

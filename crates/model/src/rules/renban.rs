//! Renban: the digits on a purple line are distinct and form a run of consecutive digits, in
//! any order (a line of 4 may hold 6 3 5 4, never 6 3 5 2).
//!
//! A line of `L` cells holds the window `{s, …, s+L−1}` for one start `s` in `1..=n−L+1`: one
//! auxiliary binary `w_s` a window, exactly one chosen; each digit is on the line once when
//! the chosen window holds it and not at all when it does not, so for each digit exactly one of
//! "on this cell of the line" and "a window without it" holds:
//!
//! ```text
//!   renban{i}_window            :  Σ_s w_s = 1
//!   renban{i}_d{d}              :  Σ_{c on line} x[c, d] + Σ_{s: d ∉ s..s+L−1} w_s = 1
//!   renban{i}_c{j}_w{s}         :  w_s + Σ_{d ∉ s..s+L−1} x[c_j, d] <= 1
//! ```
//!
//! The digit rows make the line's digits distinct and fill the window exactly. They propagate a
//! setter's "window of digits": a digit no window around it can hold is gone (on a 9×9 a line
//! of 6 always holds 4, 5 and 6, the digits every window shares), and a placed digit rules out
//! the windows that miss it. The window is decided by the grid (its lowest digit), so each grid
//! counts once.
//!
//! Written as exactly-one rows (rather than `Σ x[c, d] = Σ_{s ∋ d} w_s`, the same set of
//! solutions given the window row), the digit rows are rows the native engine reasons with as
//! it does with houses: once every window left holds a digit, the row is over the line's cells
//! alone, so a digit the line must hold that lies in one box of the line leaves the rest of the
//! box (locked candidates), and one its cells all see leaves the cells that see them (supports:
//! ISS's "required values" of a renban). The cell rows are implied by the others but say per
//! cell what the digit rows say for the whole line: a cell left with {1, 9} on a line of 4
//! rules out the windows 2–5 and, with them, 5 from every other cell of the line (the pairwise
//! reading ISS's renban handler makes: within 3 of 1 or of 9). On the corpus, guesses before
//! both → cell rows → both: `leven` 984 → 537 → 114 (ISS 162), `indexing-parade` 423 → 135 →
//! 143 (ISS 460), `renban-skyscrapers` 87 → 41 → 15 (ISS 28); the digit rows alone, without
//! the cell rows, 280, 143 and 43.

use serde_json::{Map, Value};

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::model::Sense;

use super::fields::cell_lists_json;
use super::{check_lines, line_mark, Emit, Fields, Input, Mark, RuleError, RuleKind};

/// Renban lines are purple.
const PURPLE: &str = "#c78ef0";

/// Renban lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Renban {
    /// Each line's cells, in order along the line.
    pub lines: Vec<Vec<crate::geometry::Cell>>,
}

impl RuleKind for Renban {
    const FPUZZLES_KEYS: &'static [&'static str] = &["renban"];

    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let lines = f.all_lines("renban")?;
        Ok((!lines.is_empty()).then_some(Renban { lines }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        f.lines("renban", &self.lines);
        Ok(())
    }

    const NAME: &'static str = "renban";
    const SUMMARY: &'static str = "the digits on a purple line are a run of consecutive digits, in any order";
    const INPUT: Input = Input::Line { key: "lines", min: 2 };

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        Ok(Renban { lines: f.cell_lists("lines", "a list of cell lists, in order along each line")? })
    }

    fn write(&self, out: &mut Map<String, Value>) {
        out.insert("lines".into(), cell_lists_json(&self.lines));
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        let n = geometry.n();
        check_lines(n, &self.lines, 2)?;
        if let Some(i) = self.lines.iter().position(|l| l.len() > n) {
            return Err(RuleError::new(
                format!("lines[{i}]"),
                format!("a renban line of {} cells cannot hold distinct digits of 1..{n}", self.lines[i].len()),
            ));
        }
        Ok(())
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        let n = b.n();
        for (i, cells) in self.lines.iter().enumerate() {
            b.clue(format!("the renban line {}", super::path_text(cells)), cells.iter().copied());
            let len = cells.len();
            let windows: Vec<u32> = (1..=n + 1 - len).map(|s| b.aux(format!("renban{}_w{s}", i + 1))).collect();
            b.row(format_args!("renban{}_window", i + 1), windows.iter().map(|&w| (w, 1)).collect(), Sense::Eq, 1);
            for d in 1..=n {
                // The digit on a line cell, or a window without it: exactly one.
                let mut terms: Vec<(u32, i32)> = cells.iter().map(|&c| (b.var(c, d), 1)).collect();
                terms.extend((1..=n + 1 - len).filter(|&s| d < s || d >= s + len).map(|s| (windows[s - 1], 1)));
                b.row(format_args!("renban{}_d{d}", i + 1), terms, Sense::Eq, 1);
            }
            // A cell's digit lies in the chosen window: each window and the digits it lacks
            // are one clique a cell. The digit rows say it only for the line as a whole, so
            // bounds never saw that a cell left with {1, 9} rules out the windows between.
            for (j, &c) in cells.iter().enumerate() {
                for s in 1..=n + 1 - len {
                    let mut terms = vec![(windows[s - 1], 1)];
                    terms.extend((1..=n).filter(|&d| d < s || d >= s + len).map(|d| (b.var(c, d), 1)));
                    if terms.len() == 1 {
                        break; // a line of n cells: its one window holds every digit
                    }
                    b.row(format_args!("renban{}_c{}_w{s}", i + 1, j + 1), terms, Sense::Le, 1);
                }
            }
        }
    }

    fn check(&self, _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        let mut out = Vec::new();
        for (i, cells) in self.lines.iter().enumerate() {
            let filled: Vec<_> = cells.iter().copied().filter(|&c| grid.get(c) != 0).collect();
            let rule = format!("renban line {}", i + 1);
            let repeat = filled.iter().enumerate().find_map(|(j, &a)| {
                filled[..j].iter().find(|&&b| grid.get(b) == grid.get(a)).map(|&b| (b, a))
            });
            if let Some((a, b)) = repeat {
                out.push(Violation::Rule {
                    rule,
                    message: format!("{a} and {b} both hold {}", grid.get(a)),
                    cells: vec![a, b],
                });
                continue;
            }
            let lo = filled.iter().min_by_key(|&&c| grid.get(c));
            let hi = filled.iter().max_by_key(|&&c| grid.get(c));
            if let (Some(&lo), Some(&hi)) = (lo, hi) {
                let (l, h) = (grid.get(lo), grid.get(hi));
                if h - l >= cells.len() {
                    out.push(Violation::Rule {
                        rule,
                        message: format!(
                            "{lo} ({l}) and {hi} ({h}) are too far apart for a run of {} digits",
                            cells.len()
                        ),
                        cells: vec![lo, hi],
                    });
                }
            }
        }
        out
    }

    fn draw(&self, _geometry: &Geometry) -> Vec<Mark> {
        self.lines.iter().map(|cells| line_mark(cells, PURPLE, 0.22)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{agreement4, c};
    use crate::{Model, Puzzle};

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        let rule = Renban { lines: vec![vec![c(1, 1), c(2, 2), c(2, 3)], vec![c(3, 4), c(4, 4)]] };
        let (yes, no) = agreement4(rule.into());
        assert!(yes > 0 && no > 0, "{yes} {no}");
        let (yes, no) = agreement4(Renban { lines: vec![vec![c(1, 1), c(1, 2), c(1, 3), c(1, 4)]] }.into());
        assert_eq!((yes, no), (288, 0), "a whole row is always a run");
    }

    #[test]
    fn a_long_line_keeps_only_the_middle_digits_every_window_shares() {
        let line: Vec<_> = (1..=6).map(|col| c(1, col)).collect();
        let p = Puzzle::blank(Geometry::new(9, None).expect("9x9")).with_rule(Renban { lines: vec![line] });
        let m = Model::build(&p);
        // Windows 1-6 .. 4-9: all four hold 5 (its row has no window: 5 is on the line), only
        // 1-6 holds 1 (its row has the other three).
        let row = m.rows().iter().find(|r| r.name == "renban1_d5").expect("row");
        assert_eq!((row.terms.len(), row.sense, row.rhs), (6, Sense::Eq, 1));
        let row = m.rows().iter().find(|r| r.name == "renban1_d1").expect("row");
        assert_eq!(row.terms.len(), 6 + 3);
        // Each cell: one row a window (every window lacks some digit).
        let cell_rows = m.rows().iter().filter(|r| r.name.starts_with("renban1_c1_")).count();
        assert_eq!(cell_rows, 4);
    }

    #[test]
    fn validation_and_checker_messages_name_the_line() {
        let g = Geometry::new(4, None).expect("4x4");
        let bad = Renban { lines: vec![vec![c(1, 1), c(1, 3)]] };
        assert_eq!(bad.validate(&g).expect_err("gap").path, "lines[0][1]");
        let grid = crate::rules::testing::grid4([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
        let v = Renban { lines: vec![vec![c(1, 1), c(2, 2)]] }.check(&g, &grid);
        assert_eq!(v.len(), 1, "1 and 4 are not a run of 2");
        assert!(v[0].to_string().contains("renban line 1"), "{}", v[0]);
    }
}

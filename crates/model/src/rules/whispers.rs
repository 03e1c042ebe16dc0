//! German whispers: neighbouring cells along a green line differ by at least `difference`
//! (5 on a 9×9, `⌈n/2⌉` in general; Dutch whispers are the same rule with 4).
//!
//! For each pair `{a, b}` of neighbours on a line, each digit of one cell needs a partner far
//! enough away in the other, both ways (a digit with none is excluded: 5 on a 9×9 line):
//!
//! ```text
//!   whisper{i}_{a}_{b}_a_d{d} :  x[a, d] − Σ_{e: |d−e| >= k} x[b, e] <= 0     (and _b_)
//!   x[a, d] = 0  when no e has |d − e| >= k
//! ```
//!
//! The implications propagate what a solver of whispers uses first: the middle digits go, and
//! a cell next to a low digit must be high.

use serde_json::{Map, Value};

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;

use super::fields::cell_lists_json;
use super::{check_walks, line_mark, Emit, Fields, Input, Mark, RuleError, RuleKind};

/// Whispers lines are green.
const GREEN: &str = "#7cc47f";

/// German whispers lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Whispers {
    /// Each line's cells, in order along the line.
    pub lines: Vec<Vec<Cell>>,
    /// The least difference of neighbours on a line; `None`: `⌈n/2⌉` (5 on a 9×9).
    pub difference: Option<usize>,
}

impl Whispers {
    /// The least difference on a side-`n` grid.
    pub fn least(&self, n: usize) -> usize {
        self.difference.unwrap_or(n.div_ceil(2))
    }
}

impl RuleKind for Whispers {
    const FPUZZLES_KEYS: &'static [&'static str] = &["whispers"];

    /// One rule, so every line shares one least difference.
    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let n = f.n();
        let mut whispers: Option<Whispers> = None;
        for entry in f.entries("whispers")? {
            let difference = f.value::<usize>(&entry, "the least difference")?;
            let lines = f.lines(&entry)?;
            match &mut whispers {
                None => whispers = Some(Whispers { lines, difference }),
                Some(w) if w.least(n) == difference.unwrap_or(n.div_ceil(2)) => w.lines.extend(lines),
                Some(w) => {
                    return Err(crate::json_read::err(
                        &format!("{}.value", entry.0),
                        format!(
                            "whispers lines with different least differences ({} and {}) are not supported; \
                             sudoku-ip reads one difference for all whispers lines",
                            w.least(n),
                            difference.unwrap_or(n.div_ceil(2))
                        ),
                    ))
                }
            }
        }
        Ok(whispers)
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        for line in &self.lines {
            let mut e = serde_json::Map::new();
            e.insert("lines".into(), serde_json::json!([super::fpuzzles::rcs(line)]));
            if let Some(d) = self.difference {
                e.insert("value".into(), serde_json::json!(d.to_string()));
            }
            f.push("whispers", serde_json::Value::Object(e));
        }
        Ok(())
    }

    const NAME: &'static str = "german-whispers";
    const ALIASES: &'static [&'static str] = &["whispers", "german-whisper"];
    const SUMMARY: &'static str = "neighbours along a green line differ by at least 5 (on a 9x9)";
    const INPUT: Input = Input::Line { key: "lines", min: 2 };

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        let lines = f.cell_lists("lines", "a list of cell lists, in order along each line")?;
        let difference = f.uint("difference", "the least difference of neighbours")?;
        let difference = difference.map(|d| usize::try_from(d).unwrap_or(usize::MAX));
        Ok(Whispers { lines, difference })
    }

    fn write(&self, out: &mut Map<String, Value>) {
        out.insert("lines".into(), cell_lists_json(&self.lines));
        if let Some(d) = self.difference {
            out.insert("difference".into(), d.into());
        }
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        let n = geometry.n();
        let k = self.least(n);
        if k == 0 || k >= n {
            return Err(RuleError::new("difference", format!("no two digits of 1..{n} differ by {k}: expected 1..{}", n.saturating_sub(1))));
        }
        check_walks(n, &self.lines, 2)?;
        Ok(())
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        let k = self.least(b.n());
        // A line that comes back (a loop) may pass one pair of neighbours twice: its rows once.
        let mut done = std::collections::HashSet::new();
        for (i, cells) in self.lines.iter().enumerate() {
            b.clue(format!("the {} line {}", Self::NAME.replace('-', " "), super::path_text(cells)), cells.iter().copied());
            for w in cells.windows(2) {
                if !done.insert((w[0].min(w[1]), w[0].max(w[1]))) {
                    continue;
                }
                let name = format!("whisper{}_{}_{}", i + 1, w[0], w[1]);
                b.implications(&name, (w[0], w[1]), |d, e| d.abs_diff(e) >= k);
            }
        }
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        let k = self.least(geometry.n());
        let mut out = Vec::new();
        for (i, cells) in self.lines.iter().enumerate() {
            for j in 1..cells.len() {
                let (a, b) = (cells[j - 1], cells[j]);
                let (x, y) = (grid.get(a), grid.get(b));
                if x != 0 && y != 0 && x.abs_diff(y) < k {
                    out.push(Violation::Rule {
                        rule: format!("whispers line {}", i + 1),
                        message: format!("{a} ({x}) and {b} ({y}) differ by less than {k}"),
                        cells: vec![a, b],
                    });
                }
            }
        }
        out
    }

    fn draw(&self, _geometry: &Geometry) -> Vec<Mark> {
        self.lines.iter().map(|cells| line_mark(cells, GREEN, 0.22)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{agreement4, c};
    use crate::{Model, Puzzle};

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        // On 4x4 the default difference is 2.
        let rule = Whispers { lines: vec![vec![c(1, 1), c(1, 2), c(2, 3)], vec![c(3, 1), c(4, 1)]], difference: None };
        let (yes, no) = agreement4(rule.into());
        assert!(yes > 0 && no > 0, "{yes} {no}");
        let rule = Whispers { lines: vec![vec![c(1, 1), c(1, 2)], vec![c(2, 3), c(3, 3)]], difference: Some(3) };
        let (yes, no) = agreement4(rule.into());
        assert!(yes > 0 && no > 0, "{yes} {no}");
    }

    #[test]
    fn five_never_sits_on_a_9x9_german_whisper() {
        let p = Puzzle::blank(Geometry::new(9, None).expect("9x9"))
            .with_rule(Whispers { lines: vec![vec![c(1, 1), c(1, 2)]], difference: None });
        let m = Model::build(&p);
        assert_eq!(m.fixed()[m.var(c(1, 1), 5) as usize], Some(false));
        assert_eq!(m.fixed()[m.var(c(1, 2), 5) as usize], Some(false));
        assert_eq!(m.fixed()[m.var(c(1, 1), 4) as usize], None);
    }

    #[test]
    fn a_line_may_come_back_to_a_cell_as_setters_draw_loops() {
        // r1c1 r1c2 r2c3, then back to r1c2: rows and checker agree on every 4x4 grid, and the
        // pair r1c2-r2c3, passed twice, is emitted once (row names stay unique).
        let six = vec![c(1, 1), c(1, 2), c(2, 3), c(1, 2)];
        let rule = Whispers { lines: vec![six.clone()], difference: None };
        assert_eq!(rule.validate(&Geometry::new(4, None).expect("4x4")), Ok(()));
        let (yes, no) = agreement4(rule.clone().into());
        assert!(yes > 0 && no > 0, "{yes} {no}");
        let m = Model::build(&Puzzle::blank(Geometry::new(4, None).expect("4x4")).with_rule(rule));
        let mut names: Vec<&str> = m.rows().iter().map(|r| r.name.as_str()).collect();
        let all = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), all, "row names repeat");
        // Standing still is no step of a line.
        let still = Whispers { lines: vec![vec![c(1, 1), c(1, 2), c(1, 2)]], difference: None };
        assert_eq!(still.validate(&Geometry::new(4, None).expect("4x4")).expect_err("same cell").path, "lines[0][2]");
    }

    #[test]
    fn validation_names_the_cell() {
        let g = Geometry::new(9, None).expect("9x9");
        let bad = Whispers { lines: vec![vec![c(1, 1), c(3, 1)]], difference: None };
        assert_eq!(bad.validate(&g).expect_err("gap").path, "lines[0][1]");
        let bad = Whispers { lines: vec![vec![c(1, 1), c(1, 2)]], difference: Some(9) };
        assert_eq!(bad.validate(&g).expect_err("too far").path, "difference");
    }
}

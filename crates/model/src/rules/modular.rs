//! Modular lines: any three cells in a row along a teal line hold digits with three different
//! remainders mod 3 (one of 1 4 7, one of 2 5 8, one of 3 6 9 on a 9×9); a line of two cells
//! holds two remainders.
//!
//! The rows are entropic lines' ([`super::entropic::emit_sets`]) over the remainders:
//!
//! ```text
//!   modular{i}_w{j}_set{k} :  Σ_{c in W} Σ_{d ≡ k mod 3} x[c,d] = 1    (<= 1 on a 2-cell line)
//! ```

use serde_json::{Map, Value};

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;

use super::entropic::{check_sets, emit_sets};
use super::fields::cell_lists_json;
use super::{check_lines, line_mark, Emit, Fields, Input, Mark, RuleError, RuleKind};

/// Modular lines are teal.
const TEAL: &str = "#45b8a8";

/// Modular lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Modular {
    /// Each line's cells, in order along the line.
    pub lines: Vec<Vec<Cell>>,
}

impl RuleKind for Modular {
    const FPUZZLES_KEYS: &'static [&'static str] = &["modularline"];

    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let lines = f.all_lines("modularline")?;
        Ok((!lines.is_empty()).then_some(Modular { lines }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        f.lines("modularline", &self.lines);
        Ok(())
    }

    const NAME: &'static str = "modular-line";
    const ALIASES: &'static [&'static str] = &["modular", "modularline", "modular-lines"];
    const SUMMARY: &'static str = "any three cells in a row on a teal line hold digits of three different remainders mod 3";
    const INPUT: Input = Input::Line { key: "lines", min: 2 };

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        Ok(Modular { lines: f.cell_lists("lines", "a list of cell lists, in order along each line")? })
    }

    fn write(&self, out: &mut Map<String, Value>) {
        out.insert("lines".into(), cell_lists_json(&self.lines));
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        let n = geometry.n();
        if n < 3 && !self.lines.is_empty() {
            return Err(RuleError::new("lines", format!("modular lines need digits of three remainders; 1..{n} has fewer")));
        }
        check_lines(n, &self.lines, 2)
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        emit_sets(b, "modular", &self.lines, |d| d % 3);
    }

    fn check(&self, _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        check_sets("modular line", &self.lines, grid, |x, y| x.abs_diff(y) % 3 == 0, "equal mod 3")
    }

    fn draw(&self, _geometry: &Geometry) -> Vec<Mark> {
        self.lines.iter().map(|cells| line_mark(cells, TEAL, 0.22)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{agreement4, c, grid4};

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        // 1..4 mod 3: {3}, {1, 4}, {2}.
        for lines in [
            vec![vec![c(1, 1), c(2, 2), c(3, 3), c(4, 4)]],
            vec![vec![c(1, 1), c(1, 2)], vec![c(4, 1), c(3, 2), c(4, 3)]],
        ] {
            let (yes, no) = agreement4(Modular { lines }.into());
            assert!(yes > 0 && no > 0, "{yes} {no}");
        }
    }

    #[test]
    fn the_checker_names_two_digits_equal_mod_3() {
        let g = Geometry::new(4, None).expect("4x4");
        let grid = grid4([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
        let rule = Modular { lines: vec![vec![c(1, 1), c(1, 2), c(2, 2)]] };
        let v = rule.check(&g, &grid);
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].to_string(), "modular line 1: r1c1 (1) and r2c2 (4) are within three cells and equal mod 3 (r1c1, r2c2)");
        assert!(Modular { lines: vec![vec![c(1, 1), c(1, 2), c(1, 3)]] }.check(&g, &grid).is_empty());
        let two = Geometry::latin(2).expect("2x2");
        assert_eq!(rule.validate(&two).expect_err("2x2").path, "lines");
    }
}

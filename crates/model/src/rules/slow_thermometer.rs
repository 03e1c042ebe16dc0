//! Slow thermometers: digits never decrease from the bulb (first cell) along the path; a digit
//! may repeat where the two cells do not see each other.
//!
//! For each step `a → b` and each digit `d`, the clique of the thermometer's rows with `≤`
//! turned into `<`:
//!
//! ```text
//!   slowthermo{t}_{a}_{b}_d{d} :  x[a, d] + Σ_{e < d} x[b, e] <= 1
//! ```
//!
//! "If `a` holds `d`, `b` holds at least `d`", tight in the LP relaxation and propagating both
//! ways: a low `b` caps `a`, a high `a` lifts `b`, and along the path step by step. (A cell
//! seeing the one before, in the same row, column or region, is strictly above it; the plain
//! rows say so with these.)

use serde_json::{Map, Value};

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::model::Sense;

use super::fields::cell_lists_json;
use super::{check_lines, Emit, Fields, Input, Mark, RuleError, RuleKind};

/// Slow thermometers are a blue grey, apart from the plain thermometers' grey.
const BLUE_GREY: &str = "#a9b8cc";

/// Slow thermometers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlowThermometer {
    /// Each thermometer's cells, bulb first.
    pub thermometers: Vec<Vec<Cell>>,
}

impl RuleKind for SlowThermometer {
    const FPUZZLES_KEYS: &'static [&'static str] = &["slowthermometer"];

    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let thermometers = f.all_lines("slowthermometer")?;
        Ok((!thermometers.is_empty()).then_some(SlowThermometer { thermometers }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        f.lines("slowthermometer", &self.thermometers);
        Ok(())
    }

    const NAME: &'static str = "slow-thermometer";
    const ALIASES: &'static [&'static str] = &["slow-thermo", "slowthermometer", "slow-thermometers"];
    const SUMMARY: &'static str = "digits never decrease from the bulb along a slow thermometer (equal digits may repeat)";
    const INPUT: Input = Input::Line { key: "thermometers", min: 2 };

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        Ok(SlowThermometer { thermometers: f.cell_lists("thermometers", "a list of cell lists, bulb first")? })
    }

    fn write(&self, out: &mut Map<String, Value>) {
        out.insert("thermometers".into(), cell_lists_json(&self.thermometers));
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        check_lines(geometry.n(), &self.thermometers, 2).map_err(|e| RuleError {
            path: e.path.replacen("lines", "thermometers", 1),
            message: e.message.replace("a line", "a slow thermometer"),
        })
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        let n = b.n();
        for (t, cells) in self.thermometers.iter().enumerate() {
            b.clue(format!("the slow thermometer {}", super::path_text(cells)), cells.iter().copied());
            for step in cells.windows(2) {
                let (a, c) = (step[0], step[1]);
                for d in 2..=n {
                    let mut terms = vec![(b.var(a, d), 1)];
                    terms.extend((1..d).map(|e| (b.var(c, e), 1)));
                    b.row(format_args!("slowthermo{}_{a}_{c}_d{d}", t + 1), terms, Sense::Le, 1);
                }
            }
        }
    }

    fn check(&self, _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        let mut out = Vec::new();
        for (t, cells) in self.thermometers.iter().enumerate() {
            // The highest filled cell so far, against each later filled cell.
            let mut top: Option<Cell> = None;
            for &c in cells {
                let v = grid.get(c);
                if v == 0 {
                    continue;
                }
                match top {
                    Some(p) if grid.get(p) > v => {
                        out.push(Violation::Rule {
                            rule: format!("slow thermometer {}", t + 1),
                            message: format!("{c} ({v}) is below {p} ({}) nearer the bulb", grid.get(p)),
                            cells: vec![p, c],
                        });
                    }
                    _ => top = Some(c),
                }
            }
        }
        out
    }

    fn draw(&self, _geometry: &Geometry) -> Vec<Mark> {
        let mut marks: Vec<Mark> = self
            .thermometers
            .iter()
            .map(|cells| Mark::Thermometer { cells: cells.clone(), colour: BLUE_GREY })
            .collect();
        marks.push(Mark::Caption("slow thermometers (blue grey): digits never decrease from the bulb".into()));
        marks
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{agreement4, c, grid4};

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        for thermometers in [
            vec![vec![c(1, 1), c(2, 2), c(3, 3), c(4, 4)]],
            vec![vec![c(2, 1), c(3, 2), c(4, 3)], vec![c(1, 4), c(1, 3)]],
        ] {
            let (yes, no) = agreement4(SlowThermometer { thermometers }.into());
            assert!(yes > 0 && no > 0, "{yes} {no}");
        }
    }

    #[test]
    fn equal_digits_pass_and_a_drop_is_named() {
        let g = Geometry::new(4, None).expect("4x4");
        let grid = grid4([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
        // r1c2 2, r2c3 1: a drop.
        let rule = SlowThermometer { thermometers: vec![vec![c(1, 2), c(2, 3), c(3, 4)]] };
        let v = rule.check(&g, &grid);
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].to_string(), "slow thermometer 1: r2c3 (1) is below r1c2 (2) nearer the bulb (r1c2, r2c3)");
        // r1c1 1, r2c2 4, r3c3 4: up, then equal (two boxes apart).
        let ok = SlowThermometer { thermometers: vec![vec![c(1, 1), c(2, 2), c(3, 3)]] };
        assert!(ok.check(&g, &grid).is_empty());
        let bad = SlowThermometer { thermometers: vec![vec![c(1, 1), c(3, 3)]] };
        assert_eq!(bad.validate(&g).expect_err("gap").path, "thermometers[0][1]");
    }
}

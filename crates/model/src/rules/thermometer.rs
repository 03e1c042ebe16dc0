//! Thermometers: digits strictly increase along the path from the bulb (first cell).
//!
//! For a thermometer of `L` cells, the cell at position `i` (bulb = 0) holds a digit in
//! `i+1 ..= n−(L−1−i)`; other digits are fixed to 0. For each step `a → b` and each digit `d`
//! left to `a`, the strong formulation
//!
//! ```text
//!   thermo{t}_{a}_{b}_d{d} :  x[a, d] + Σ_{e <= d} x[b, e] <= 1
//! ```
//!
//! says "if `a` holds `d`, `b` holds more than `d`": a clique (the `x[b,·]` exclude each other
//! by the cell row), tight in the LP relaxation and propagating both ways — a small `b` caps
//! `a`, a large `a` lifts `b`. (The weak form `Σ d·x[b,d] − Σ d·x[a,d] >= 1` is implied and
//! omitted.)

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::model::Sense;

use super::fields::cell_lists_json;
use super::{check_cells, king_step, Emit, Fields, Mark, RuleError, RuleKind};

/// Thermometers are grey.
const GREY: &str = "#c8c8c8";

/// Thermometers: digits strictly increase from the bulb (first cell) along the path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermometer {
    /// Each thermometer's cells, bulb first.
    pub thermometers: Vec<Vec<Cell>>,
}

impl RuleKind for Thermometer {
    const FPUZZLES_KEYS: &'static [&'static str] = &["thermometer"];

    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let thermometers = f.all_lines("thermometer")?;
        Ok((!thermometers.is_empty()).then_some(Thermometer { thermometers }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        f.lines("thermometer", &self.thermometers);
        Ok(())
    }

    const NAME: &'static str = "thermometer";
    const ALIASES: &'static [&'static str] = &["thermometers", "thermo"];
    const SUMMARY: &'static str = "digits strictly increase from the bulb along the thermometer";

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        Ok(Thermometer { thermometers: f.cell_lists("thermometers", "a list of cell lists, bulb first")? })
    }

    fn write(&self, out: &mut serde_json::Map<String, serde_json::Value>) {
        out.insert("thermometers".into(), cell_lists_json(&self.thermometers));
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        validate(geometry.n(), &self.thermometers)
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        emit(b, &self.thermometers);
    }

    fn check(&self, _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        check(grid, &self.thermometers)
    }

    fn draw(&self, _geometry: &Geometry) -> Vec<Mark> {
        self.thermometers.iter().map(|cells| Mark::Thermometer { cells: cells.clone(), colour: GREY }).collect()
    }
}

/// Digits the cell at `pos` of an `len`-cell thermometer can hold.
fn range(n: usize, len: usize, pos: usize) -> std::ops::RangeInclusive<usize> {
    pos + 1..=(n + pos + 1).saturating_sub(len)
}

fn validate(n: usize, thermometers: &[Vec<Cell>]) -> Result<(), RuleError> {
    for (t, cells) in thermometers.iter().enumerate() {
        let path = format!("thermometers[{t}]");
        if cells.len() < 2 {
            return Err(RuleError::new(path, "a thermometer needs at least two cells (bulb first)"));
        }
        check_cells(n, cells, |j| format!("{path}[{j}]"))?;
        if let Some(j) = (1..cells.len()).find(|&j| !king_step(cells[j - 1], cells[j])) {
            return Err(RuleError::new(
                format!("{path}[{j}]"),
                format!(
                    "{} does not touch {}: a thermometer is a connected path of touching cells",
                    cells[j],
                    cells[j - 1]
                ),
            ));
        }
        if cells.len() > n {
            return Err(RuleError::new(
                path,
                format!("a thermometer of {} cells cannot strictly increase within 1..{n}", cells.len()),
            ));
        }
    }
    Ok(())
}

fn emit(b: &mut Emit<'_, '_>, thermometers: &[Vec<Cell>]) {
    let n = b.n();
    for (t, cells) in thermometers.iter().enumerate() {
        let name = format!("thermo{}", t + 1);
        b.clue(format!("the thermometer {}", super::path_text(cells)), cells.iter().copied());
        let len = cells.len();
        for (i, &c) in cells.iter().enumerate() {
            for d in (1..=n).filter(|d| !range(n, len, i).contains(d)) {
                b.exclude(c, d, &name);
            }
        }
        for i in 1..len {
            let (a, c) = (cells[i - 1], cells[i]);
            let next = range(n, len, i);
            for d in range(n, len, i - 1) {
                let mut terms = vec![(b.var(a, d), 1)];
                terms.extend((*next.start()..=d.min(*next.end())).map(|e| (b.var(c, e), 1)));
                if terms.len() > 1 {
                    b.row(format_args!("{name}_{a}_{c}_d{d}"), terms, Sense::Le, 1);
                }
            }
        }
    }
}

fn check(grid: &Grid, thermometers: &[Vec<Cell>]) -> Vec<Violation> {
    let n = grid.n();
    let mut out = Vec::new();
    for (t, cells) in thermometers.iter().enumerate() {
        let rule = format!("thermometer {}", t + 1);
        let len = cells.len();
        let filled: Vec<(usize, Cell, usize)> =
            cells.iter().enumerate().map(|(i, &c)| (i, c, grid.get(c))).filter(|&(_, _, v)| v != 0).collect();
        let mut push =
            |message: String, cells: Vec<Cell>| out.push(Violation::Rule { rule: rule.clone(), message, cells });
        // Only the ends of the filled stretch can break the bounds: in between, the step
        // checks below carry them.
        if let Some(&(i, c, v)) = filled.first() {
            if v < i + 1 {
                push(
                    format!("{c} holds {v}, but as cell {} from the bulb it must be at least {}", i + 1, i + 1),
                    vec![c],
                );
            }
        }
        if let Some(&(i, c, v)) = filled.last() {
            let above = len - 1 - i;
            if v + above > n {
                let after = if above == 1 { "1 cell".to_string() } else { format!("{above} cells") };
                push(format!("{c} holds {v}, but with {after} after it it can be at most {}", n - above), vec![c]);
            }
        }
        for w in filled.windows(2) {
            let ((i, a, va), (j, c, vc)) = (w[0], w[1]);
            if vc < va + (j - i) {
                let message = if j == i + 1 {
                    format!("{c} ({vc}) is not greater than {a} ({va})")
                } else {
                    format!(
                        "{a} ({va}) and {c} ({vc}) are {} steps apart, so {c} must be at least {}",
                        j - i,
                        va + j - i
                    )
                };
                push(message, vec![a, c]);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{agreement4, c};
    use crate::rules::Rule;

    #[test]
    fn bounds_follow_the_position() {
        assert_eq!(range(9, 4, 0), 1..=6);
        assert_eq!(range(9, 4, 3), 4..=9);
        assert_eq!(range(9, 9, 4), 5..=5);
    }

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        // A bent thermometer and one along a diagonal step.
        let thermometers = vec![vec![c(1, 1), c(2, 2), c(3, 3)], vec![c(4, 1), c(3, 2)]];
        let (yes, no) = agreement4(Rule::Thermometer(crate::rules::Thermometer { thermometers }));
        assert!(yes > 0 && no > 0, "{yes} {no}");
    }

    #[test]
    fn validation_wants_a_connected_path() {
        let e = validate(9, &[vec![c(1, 1), c(1, 2), c(3, 2)]]).expect_err("gap");
        assert_eq!(e.path, "thermometers[0][2]");
        assert!(e.message.contains("connected path"), "{e}");
        assert!(validate(9, &[vec![c(1, 1)]]).is_err());
        assert!(validate(4, &[vec![c(1, 1), c(1, 2), c(1, 3), c(1, 4), c(2, 4)]]).is_err());
        assert!(validate(9, &[vec![c(1, 1), c(2, 2), c(1, 1)]]).is_err());
        assert!(validate(9, &[vec![c(1, 1), c(2, 2), c(3, 2)]]).is_ok());
    }

    #[test]
    fn partial_grids_report_gaps_and_bounds() {
        let t = vec![vec![c(1, 1), c(1, 2), c(1, 3), c(1, 4)]];
        let mut g = Grid::empty(9);
        g.set(c(1, 1), 3);
        g.set(c(1, 4), 5);
        assert_eq!(
            check(&g, &t)[0].to_string(),
            "thermometer 1: r1c1 (3) and r1c4 (5) are 3 steps apart, so r1c4 must be at least 6 (r1c1, r1c4)"
        );
        let mut g = Grid::empty(9);
        g.set(c(1, 3), 9);
        assert_eq!(
            check(&g, &t)[0].to_string(),
            "thermometer 1: r1c3 holds 9, but with 1 cell after it it can be at most 8 (r1c3)"
        );
        g.set(c(1, 3), 2);
        assert_eq!(
            check(&g, &t)[0].to_string(),
            "thermometer 1: r1c3 holds 2, but as cell 3 from the bulb it must be at least 3 (r1c3)"
        );
        g.set(c(1, 3), 4);
        assert!(check(&g, &t).is_empty());
    }
}

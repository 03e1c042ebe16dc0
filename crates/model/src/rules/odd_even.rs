//! Odd and even cells (shaded circles and squares): the digit's parity is given.
//!
//! ```text
//!   x[c, d] = 0   for every odd cell c and even d, and every even cell c and odd d
//! ```
//!
//! No rows: the variables are fixed, which every backend reads as bounds. A given of the wrong
//! parity gets an explicit infeasible row instead (see `Emit::exclude`).

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;

use super::fields::cells_json;
use super::{check_cells, Emit, Fields, Mark, RuleError, RuleKind};

/// Shapes of odd and even cells.
const GREY: &str = "#c8c8c8";

/// Cells that hold an odd or an even digit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OddEven {
    /// Cells with an odd digit.
    pub odd: Vec<Cell>,
    /// Cells with an even digit.
    pub even: Vec<Cell>,
}

impl RuleKind for OddEven {
    const FPUZZLES_KEYS: &'static [&'static str] = &["odd", "even"];

    /// The `odd` / `even` lists, then the grid cells' own `"parity"` (`"Odd"` / `"Even"`).
    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let (mut odd, mut even) = (f.one_cells("odd")?, f.one_cells("even")?);
        let rows = f.get("grid").and_then(serde_json::Value::as_array).map_or(&[][..], Vec::as_slice);
        for (r, row) in rows.iter().enumerate() {
            for (c, cell) in row.as_array().map_or(&[][..], Vec::as_slice).iter().enumerate() {
                let list = match cell.get("parity") {
                    None | Some(serde_json::Value::Null) => continue,
                    Some(serde_json::Value::String(p)) if p.trim().is_empty() => continue,
                    Some(serde_json::Value::String(p)) if p.trim().eq_ignore_ascii_case("odd") => &mut odd,
                    Some(serde_json::Value::String(p)) if p.trim().eq_ignore_ascii_case("even") => &mut even,
                    Some(v) => {
                        let path = format!("$.grid[{r}][{c}].parity");
                        return Err(crate::json_read::err(&path, format!("expected \"Odd\" or \"Even\", found {v}")));
                    }
                };
                if !list.contains(&Cell::new(r, c)) {
                    list.push(Cell::new(r, c));
                }
            }
        }
        Ok((!odd.is_empty() || !even.is_empty()).then_some(OddEven { odd, even }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        for (key, cells) in [("odd", &self.odd), ("even", &self.even)] {
            for &c in cells {
                f.push(key, serde_json::json!({"cell": super::fpuzzles::rc(c)}));
            }
        }
        Ok(())
    }

    const NAME: &'static str = "odd-even";
    const ALIASES: &'static [&'static str] = &["parity"];
    const SUMMARY: &'static str = "circled cells hold odd digits, squared cells even ones";

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        Ok(OddEven { odd: f.cells("odd")?, even: f.cells("even")? })
    }

    fn write(&self, out: &mut serde_json::Map<String, serde_json::Value>) {
        out.insert("odd".into(), cells_json(&self.odd));
        out.insert("even".into(), cells_json(&self.even));
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        validate(geometry.n(), &self.odd, &self.even)
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        emit(b, &self.odd, &self.even);
    }

    fn check(&self, _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        check(grid, &self.odd, &self.even)
    }

    fn draw(&self, _geometry: &Geometry) -> Vec<Mark> {
        let odd = self.odd.iter().map(|&cell| Mark::Disc { cell, radius: 0.36, colour: GREY });
        odd.chain(self.even.iter().map(|&cell| Mark::Square { cell, side: 0.68, colour: GREY })).collect()
    }
}

fn validate(n: usize, odd: &[Cell], even: &[Cell]) -> Result<(), RuleError> {
    check_cells(n, odd, |i| format!("odd[{i}]"))?;
    check_cells(n, even, |i| format!("even[{i}]"))?;
    for (j, c) in even.iter().enumerate() {
        if let Some(i) = odd.iter().position(|o| o == c) {
            return Err(RuleError::new(format!("even[{j}]"), format!("{c} is also marked odd (odd[{i}])")));
        }
    }
    if n < 2 && !even.is_empty() {
        return Err(RuleError::new("even[0]", format!("a {n}x{n} grid has no even digit")));
    }
    Ok(())
}

fn emit(b: &mut Emit<'_, '_>, odd: &[Cell], even: &[Cell]) {
    let n = b.n();
    for (cells, name, keep) in [(odd, "odd", 1), (even, "even", 0)] {
        for &c in cells {
            for d in (1..=n).filter(|d| d % 2 != keep) {
                b.exclude(c, d, name);
            }
        }
    }
}

fn check(grid: &Grid, odd: &[Cell], even: &[Cell]) -> Vec<Violation> {
    let mut out = Vec::new();
    for (cells, word, keep) in [(odd, "odd", 1), (even, "even", 0)] {
        for &c in cells {
            let v = grid.get(c);
            if v != 0 && v % 2 != keep {
                out.push(Violation::Rule {
                    rule: format!("{word} cell"),
                    message: format!("{c} holds {v}, expected an {word} digit"),
                    cells: vec![c],
                });
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
    fn model_and_checker_agree_on_every_4x4_grid() {
        let rule =
            Rule::OddEven(crate::rules::OddEven { odd: vec![c(1, 1), c(2, 3), c(4, 4)], even: vec![c(1, 2), c(3, 1)] });
        let (yes, no) = agreement4(rule);
        assert!(yes > 0 && no > 0, "{yes} {no}");
    }

    #[test]
    fn a_cell_cannot_be_both() {
        let e = validate(9, &[c(1, 1)], &[c(2, 2), c(1, 1)]).expect_err("both");
        assert_eq!(e.to_string(), "even[1]: r1c1 is also marked odd (odd[0])");
    }

    #[test]
    fn a_given_of_the_wrong_parity_makes_the_model_infeasible() {
        use crate::geometry::Geometry;
        use crate::{Model, Puzzle};
        let mut givens = Grid::empty(4);
        givens.set(c(1, 1), 2);
        let p = Puzzle::new(Geometry::new(4, None).expect("4x4"), givens)
            .with_rule(Rule::OddEven(crate::rules::OddEven { odd: vec![c(1, 1)], even: vec![] }));
        let m = Model::build(&p);
        let row = m.rows().iter().find(|r| r.name == "odd_r1c1_d2").expect("explicit row");
        assert_eq!(row.rhs, 0);
        let g = crate::rules::testing::grid4([2, 1, 3, 4, 3, 4, 1, 2, 1, 2, 4, 3, 4, 3, 2, 1]);
        assert!(!m.is_feasible(&m.ones_from_grid(&g)));
        assert_eq!(crate::check::given_conflicts(&p).len(), 1);
    }
}

//! Odd and even cells (shaded circles and squares): the digit's parity is given.
//!
//! ```text
//!   x[c, d] = 0   for every odd cell c and even d, and every even cell c and odd d
//! ```
//!
//! No rows: the variables are fixed, which every backend reads as bounds. A given of the wrong
//! parity gets an explicit infeasible row instead (see `Emit::exclude`).

use crate::check::Violation;
use crate::geometry::Cell;
use crate::grid::Grid;

use super::{check_cells, Emit, RuleError};

pub(crate) fn validate(n: usize, odd: &[Cell], even: &[Cell]) -> Result<(), RuleError> {
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

pub(crate) fn emit(b: &mut Emit<'_, '_>, odd: &[Cell], even: &[Cell]) {
    let n = b.n();
    for (cells, name, keep) in [(odd, "odd", 1), (even, "even", 0)] {
        for &c in cells {
            for d in (1..=n).filter(|d| d % 2 != keep) {
                b.exclude(c, d, name);
            }
        }
    }
}

pub(crate) fn check(grid: &Grid, odd: &[Cell], even: &[Cell]) -> Vec<Violation> {
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
        let rule = Rule::OddEven { odd: vec![c(1, 1), c(2, 3), c(4, 4)], even: vec![c(1, 2), c(3, 1)] };
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
            .with_rule(Rule::OddEven { odd: vec![c(1, 1)], even: vec![] });
        let m = Model::build(&p);
        let row = m.rows().iter().find(|r| r.name == "odd_r1c1_d2").expect("explicit row");
        assert_eq!(row.rhs, 0);
        let g = crate::rules::testing::grid4([2, 1, 3, 4, 3, 4, 1, 2, 1, 2, 4, 3, 4, 3, 2, 1]);
        assert!(!m.is_feasible(&m.ones_from_grid(&g)));
        assert_eq!(crate::check::given_conflicts(&p).len(), 1);
    }
}

//! Native propagation as a presolve for MILP backends.
//!
//! [`presolve`] runs the engine's root propagation only — the model's fixed variables, then
//! singles on exactly-one rows and bound propagation on linear rows to a fixed point — and
//! reports the value of every variable it decided. A MILP backend substitutes those values
//! (fixing bounds or dropping columns and satisfied rows) before it builds its problem, so the
//! solver sees only what propagation could not settle; on a typical Sudoku that is most of the
//! model. Propagation is exact: it never excludes a solution, so the presolved problem has the
//! same solutions as the original (`--no-presolve` skips it, for comparison).

use sudoku_ip_model::Model;

use crate::compile;
use crate::engine::{Conflict, ConflictKind, Engine};

/// What root propagation decided about a model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Presolve {
    /// Propagation alone proves that the model has no solution (or the model is malformed: a
    /// row mentions a variable it does not have).
    Infeasible {
        /// Which row broke, in words (row names are the model's).
        reason: String,
    },
    /// The model may have solutions; these variables have the same value in all of them.
    Reduced {
        /// Per variable: `Some(value)` when decided (the model's own fixed variables included),
        /// `None` when still free.
        fixed: Vec<Option<bool>>,
        /// How many variables are decided beyond the ones the model fixed itself.
        newly_fixed: usize,
        /// Whether every variable is decided (propagation alone solved the model).
        solved: bool,
    },
}

/// Root propagation of `model`: decide what can be decided without search.
pub fn presolve(model: &Model) -> Presolve {
    if let Err(reason) = compile::check_model(model) {
        return Presolve::Infeasible { reason };
    }
    let mut engine = Engine::new(model);
    if let Err(conflict) = engine.root() {
        return Presolve::Infeasible { reason: describe(model, &conflict) };
    }
    let fixed: Vec<Option<bool>> = (0..engine.num_vars() as u32).map(|v| engine.value(v)).collect();
    let before = model.fixed().iter().filter(|f| f.is_some()).count();
    let decided = fixed.iter().filter(|f| f.is_some()).count();
    Presolve::Reduced { newly_fixed: decided - before, solved: decided == fixed.len(), fixed }
}

/// A propagation conflict in words (row names are the model's).
pub(crate) fn describe(model: &Model, conflict: &Conflict) -> String {
    let name = conflict.row.and_then(|r| model.rows().get(r)).map_or("(a given)", |r| r.name.as_str());
    match conflict.kind {
        ConflictKind::Empty => format!("row {name} has no candidate left"),
        ConflictKind::TwoOnes => format!("row {name} would need two variables at 1"),
        ConflictKind::Linear => format!("row {name} cannot be satisfied"),
        // Only searches record nogoods; the presolve's engine has none.
        ConflictKind::Nogood => "a nogood of the search is violated".to_string(),
        ConflictKind::Line(k) => match model.automata().get(k as usize) {
            Some(a) => format!("line {} has no digits left that its rule allows", a.name),
            None => "a line automaton has no accepting path".to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_ip_model::{Cell, Geometry, Grid, Puzzle, Row, Sense};

    fn model4(values: [u8; 16]) -> Model {
        let g = Geometry::new(4, None).expect("4x4 has 2x2 boxes");
        let grid = Grid::from_values(4, values.to_vec()).expect("16 values up to 4");
        Model::build(&Puzzle::new(g, grid))
    }

    #[test]
    fn a_puzzle_solved_by_singles_is_fully_decided() {
        // Solution 1234/3412/2143/4321 with four cells removed, each a naked single.
        let m = model4([1, 2, 3, 0, 3, 4, 0, 2, 2, 0, 4, 3, 0, 3, 2, 1]);
        let Presolve::Reduced { fixed, newly_fixed, solved } = presolve(&m) else {
            panic!("feasible puzzle reported infeasible");
        };
        assert!(solved);
        assert_eq!(newly_fixed, 64 - 12);
        assert_eq!(fixed[m.var(Cell::new(0, 3), 4) as usize], Some(true));
        assert_eq!(fixed[m.var(Cell::new(3, 0), 4) as usize], Some(true));
        assert_eq!(fixed[m.var(Cell::new(3, 0), 1) as usize], Some(false));
    }

    #[test]
    fn two_equal_givens_in_a_row_are_infeasible_and_named() {
        let m = model4([1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        let Presolve::Infeasible { reason } = presolve(&m) else { panic!("conflict not found") };
        assert!(reason.contains("row1_d1") || reason.contains("box1_d1"), "{reason}");
    }

    #[test]
    fn a_violated_linear_row_is_named() {
        let mut m = model4([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        let v = m.var(Cell::new(0, 0), 1);
        m.push_row(Row {
            name: "no_one_here".into(),
            kind: sudoku_ip_model::RowKind::Other,
            terms: vec![(v, 1)],
            sense: Sense::Le,
            rhs: 0,
        });
        assert_eq!(presolve(&m), Presolve::Infeasible { reason: "row no_one_here cannot be satisfied".into() });
    }

    #[test]
    fn an_empty_model_decides_nothing() {
        let m = model4([0; 16]);
        let Presolve::Reduced { fixed, newly_fixed, solved } = presolve(&m) else { panic!() };
        assert_eq!((newly_fixed, solved), (0, false));
        assert!(fixed.iter().all(Option::is_none));
    }
}

//! The model as the MILP solver sees it: fixed variables substituted out, then a good_lp problem.
//!
//! ```text
//!   model row   Σ a·x  ≷  b        fixed x = 1 → b −= a;  fixed x = 0 → term dropped
//!   solver row  Σ a·y  ≷  b'       over the free variables y only (one solver column each)
//!   no terms left: 0 ≷ b' holds → row dropped;  fails → the model is infeasible, no solve
//! ```
//!
//! Givens and everything a caller's presolve fixed never reach the solver, which is why a native
//! presolve turns into far less MILP work.

use good_lp::variable::UnsolvedProblem;
use good_lp::{variable, Constraint, Expression, ProblemVariables, Variable};
use sudoku_ip_model::{Model, ModelSize, Row, Sense};

/// A row whose terms were all fixed and whose fixed activity breaks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Conflict {
    /// The model row's name.
    pub row: String,
}

/// A row over solver columns.
#[derive(Clone, Debug)]
pub(crate) struct ReducedRow {
    terms: Vec<(usize, i32)>,
    sense: Sense,
    rhs: i64,
}

/// The free part of a model.
#[derive(Clone, Debug)]
pub(crate) struct Reduced {
    /// Model variable of each solver column.
    free: Vec<u32>,
    /// Solver column of each model variable, `None` when fixed.
    column: Vec<Option<usize>>,
    /// Value of each fixed model variable (free ones `false`).
    fixed_ones: Vec<bool>,
    /// The objective's cost of each solver column.
    costs: Vec<i64>,
    rows: Vec<ReducedRow>,
}

impl Reduced {
    /// Substitute the fixed variables of `model`.
    pub fn new(model: &Model) -> Result<Reduced, Conflict> {
        let mut free = Vec::new();
        let mut column = vec![None; model.num_vars()];
        for (v, f) in model.fixed().iter().enumerate() {
            if f.is_none() {
                column[v] = Some(free.len());
                free.push(v as u32);
            }
        }
        let fixed_ones = model.fixed().iter().map(|f| *f == Some(true)).collect();
        let costs = free.iter().map(|&v| model.cost(v)).collect();
        let mut reduced = Reduced { free, column, fixed_ones, costs, rows: Vec::with_capacity(model.rows().len()) };
        for row in model.rows() {
            reduced.add_row(row)?;
        }
        Ok(reduced)
    }

    /// Add a model row (e.g. an exclusion cut), substituting fixed variables.
    pub fn add_row(&mut self, row: &Row) -> Result<(), Conflict> {
        let mut rhs = row.rhs as i64;
        let mut terms = Vec::with_capacity(row.terms.len());
        for &(v, a) in &row.terms {
            match self.column[v as usize] {
                Some(col) => terms.push((col, a)),
                None if self.fixed_ones[v as usize] => rhs -= a as i64,
                None => {}
            }
        }
        if terms.is_empty() {
            let holds = match row.sense {
                Sense::Le => 0 <= rhs,
                Sense::Eq => 0 == rhs,
                Sense::Ge => 0 >= rhs,
            };
            return if holds { Ok(()) } else { Err(Conflict { row: row.name.clone() }) };
        }
        self.rows.push(ReducedRow { terms, sense: row.sense, rhs });
        Ok(())
    }

    /// Solver columns.
    pub fn num_columns(&self) -> usize {
        self.free.len()
    }

    /// What the solver is given.
    pub fn size(&self) -> ModelSize {
        ModelSize {
            variables: self.free.len(),
            rows: self.rows.len(),
            nonzeros: self.rows.iter().map(|r| r.terms.len()).sum(),
            fixed: 0,
        }
    }

    /// The full 0-1 assignment from solver column values, rounded at 0.5.
    pub fn assignment(&self, values: &[f64]) -> Vec<bool> {
        let mut ones = self.fixed_ones.clone();
        for (&v, &x) in self.free.iter().zip(values) {
            ones[v as usize] = x > 0.5;
        }
        ones
    }

    /// The solver column values of a full 0-1 assignment (a start).
    pub fn values(&self, ones: &[bool]) -> Vec<f64> {
        self.free.iter().map(|&v| if ones[v as usize] { 1.0 } else { 0.0 }).collect()
    }

    /// The objective's cost of each solver column.
    pub fn column_costs(&self) -> &[i64] {
        &self.costs
    }

    /// The objective's value of the fixed variables (a constant the solver never sees).
    pub fn fixed_cost(&self, model: &Model) -> i64 {
        self.fixed_ones.iter().enumerate().filter(|(_, &one)| one).map(|(v, _)| model.cost(v as u32)).sum()
    }

    /// The good_lp problem: one binary per solver column, the model's objective over them (the
    /// fixed variables' part is a constant and left out), and the rows.
    pub fn to_good_lp(&self) -> GoodLp {
        self.to_good_lp_as(true)
    }

    /// [`Reduced::to_good_lp`] with every column binary (`integral`), or continuous in [0, 1]
    /// (the LP relaxation).
    pub fn to_good_lp_as(&self, integral: bool) -> GoodLp {
        let mut vars = ProblemVariables::new();
        let kind = || if integral { variable().binary() } else { variable().min(0).max(1) };
        let columns: Vec<Variable> = self.free.iter().map(|_| vars.add(kind())).collect();
        let constraints = self
            .rows
            .iter()
            .map(|row| {
                let mut lhs = Expression::with_capacity(row.terms.len());
                for &(col, a) in &row.terms {
                    lhs.add_mul(a, columns[col]);
                }
                let rhs = row.rhs as f64;
                match row.sense {
                    Sense::Le => lhs.leq(rhs),
                    Sense::Eq => lhs.eq(rhs),
                    Sense::Ge => lhs.geq(rhs),
                }
            })
            .collect();
        let mut objective = Expression::with_capacity(self.costs.iter().filter(|&&c| c != 0).count());
        for (&cost, &column) in self.costs.iter().zip(&columns) {
            if cost != 0 {
                objective.add_mul(cost as f64, column);
            }
        }
        GoodLp { problem: vars.minimise(objective), columns, constraints }
    }
}

/// A reduced model in good_lp terms, ready for `problem.using(solver)`.
pub(crate) struct GoodLp {
    /// Variables and the objective.
    pub problem: UnsolvedProblem,
    /// The variable of each solver column.
    pub columns: Vec<Variable>,
    /// The rows.
    pub constraints: Vec<Constraint>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_ip_model::{Cell, Geometry, Grid, Puzzle};

    fn model_with_given() -> Model {
        let mut givens = Grid::empty(4);
        givens.set(Cell::new(0, 0), 1);
        Model::build(&Puzzle::new(Geometry::new(4, None).expect("4x4"), givens))
    }

    #[test]
    fn givens_leave_the_solver_problem_and_their_rows_move_to_the_right() {
        let m = model_with_given();
        let r = Reduced::new(&m).expect("no conflict");
        // One variable fixed; the cell row and the row/col/box rows of digit 1 through r1c1
        // still hold other free variables, so no row is dropped.
        assert_eq!(r.size(), ModelSize { variables: 63, rows: 64, nonzeros: 256 - 4, fixed: 0 });
        let rhs0: Vec<i64> = r.rows.iter().filter(|row| row.rhs == 0).map(|row| row.rhs).collect();
        assert_eq!(rhs0.len(), 4, "cell_r1c1, row1_d1, col1_d1, box1_d1 now say 'the rest is 0'");
    }

    #[test]
    fn emptied_rows_are_dropped_or_reported() {
        let mut m = model_with_given();
        for d in 2..=4 {
            m.set_fixed(m.var(Cell::new(0, 0), d), Some(false));
        }
        let r = Reduced::new(&m).expect("no conflict");
        assert_eq!(r.size().rows, 63, "cell_r1c1 is satisfied by its fixed variables and dropped");
        m.set_fixed(m.var(Cell::new(0, 0), 1), Some(false));
        assert_eq!(Reduced::new(&m).map(|_| ()), Err(Conflict { row: "cell_r1c1".into() }));
    }

    #[test]
    fn assignment_rounds_and_keeps_fixed_values() {
        let m = model_with_given();
        let r = Reduced::new(&m).expect("no conflict");
        let mut values = vec![0.0; r.num_columns()];
        values[0] = 0.9999; // x_r1c1_d2 (x_r1c1_d1 is fixed)
        values[1] = 0.4;
        let ones = r.assignment(&values);
        assert!(ones[0] && ones[1] && !ones[2]);
        assert_eq!(ones.iter().filter(|&&x| x).count(), 2);
    }
}

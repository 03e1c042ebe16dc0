//! A deliberately naive solver: the from-scratch reference the engine is tested against.
//!
//! It branches on the variables in index order (value 0, then 1, honouring the model's fixed
//! variables) and, after each assignment, re-evaluates from scratch every row that mentions the
//! variable: with the undecided variables free, can the row still hold? Complete assignments
//! are accepted only if [`Model::is_feasible`] agrees. No propagation, no counters, no
//! heuristics — slow, but small enough to be obviously right. For models of a few hundred
//! variables with a modest number of solutions (tests of 4×4 and 6×6 puzzles).
//!
//! Solutions are grids: auxiliary variables come after the cube in index order, so once one
//! completion of the cube's values is accepted the search takes no other completion of the
//! same cube values (a grid counts once however many auxiliary values fit it).

use sudoku_ip_model::{Model, Row, Sense};

/// What the reference found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    /// Solutions found, at most the limit.
    pub count: u64,
    /// Every solution found, as a 0-1 assignment (in lexicographic order of the variables).
    pub solutions: Vec<Vec<bool>>,
    /// True when the search finished (the count is exact), false when it hit the limit.
    pub complete: bool,
}

/// Whether `row` can still hold when the `None` variables of `values` take any 0-1 values.
fn can_hold(row: &Row, values: &[Option<bool>]) -> bool {
    let (mut lo, mut hi) = (0i64, 0i64);
    for &(v, a) in &row.terms {
        let a = a as i64;
        match values[v as usize] {
            Some(true) => {
                lo += a;
                hi += a;
            }
            Some(false) => {}
            None => {
                lo += a.min(0);
                hi += a.max(0);
            }
        }
    }
    let rhs = row.rhs as i64;
    match row.sense {
        Sense::Le => lo <= rhs,
        Sense::Eq => lo <= rhs && rhs <= hi,
        Sense::Ge => hi >= rhs,
    }
}

struct Search<'a> {
    model: &'a Model,
    rows_of: Vec<Vec<usize>>,
    values: Vec<Option<bool>>,
    limit: u64,
    found: Reference,
    /// Cube variables `0..cube`; the rest are auxiliary.
    cube: usize,
    /// Set when a solution is accepted, until the search is back among the cube variables:
    /// other auxiliary values for the same grid are not tried.
    grid_done: bool,
}

impl Search<'_> {
    /// Returns false once the limit is reached.
    fn visit(&mut self, v: usize) -> bool {
        if v == self.values.len() {
            let ones: Vec<bool> = self.values.iter().map(|x| *x == Some(true)).collect();
            if self.model.is_feasible(&ones) {
                self.grid_done = true;
                self.found.count += 1;
                self.found.solutions.push(ones);
                return self.found.count < self.limit;
            }
            return true;
        }
        let choices: &[bool] = match self.model.fixed()[v] {
            Some(false) => &[false],
            Some(true) => &[true],
            None => &[false, true],
        };
        for &x in choices {
            if self.grid_done {
                if v >= self.cube {
                    break; // this grid is counted: no other auxiliary values
                }
                self.grid_done = false;
            }
            self.values[v] = Some(x);
            let ok = self.rows_of[v].iter().all(|&r| can_hold(&self.model.rows()[r], &self.values));
            if ok && !self.visit(v + 1) {
                self.values[v] = None;
                return false;
            }
        }
        self.values[v] = None;
        true
    }
}

/// All solutions of `model`, up to `limit` of them.
pub fn solutions(model: &Model, limit: u64) -> Reference {
    let mut rows_of = vec![Vec::new(); model.num_vars()];
    for (i, row) in model.rows().iter().enumerate() {
        for &(v, _) in &row.terms {
            rows_of[v as usize].push(i);
        }
    }
    let mut s = Search {
        model,
        rows_of,
        values: vec![None; model.num_vars()],
        limit,
        found: Reference { count: 0, solutions: Vec::new(), complete: false },
        cube: model.num_cube_vars(),
        grid_done: false,
    };
    // Rows that fail with every variable free (an empty `= 1` row, say) fail before branching.
    let satisfiable = model.rows().iter().all(|r| can_hold(r, &s.values));
    s.found.complete = limit > 0 && (!satisfiable || s.visit(0));
    s.found
}

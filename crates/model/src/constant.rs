//! Proving an objective constant on every solution of a model, so that a solver can be handed
//! the zero objective instead ([`constant_objective`]).
//!
//! The certificate is a multiplier `λ_r` on some equality rows with unit coefficients such
//! that every free variable's cost is the sum of the multipliers of the rows that hold it:
//!
//! ```text
//!   c_v = Σ_{r ∋ v} λ_r   for every free v   ⇒   f(x) = Σ_{fixed v = 1} c_v + Σ_r λ_r·b'_r
//! ```
//!
//! where `b'_r` is row `r`'s right-hand side less its variables fixed at 1. Every point that
//! satisfies those rows, the LP relaxation's included, then has the same objective value `K`:
//! any solution is optimal, and the proof is integer arithmetic on the model, checked by
//! [`ConstantObjective::holds`] before it is returned.
//!
//! The multipliers are looked for on two families of rows, each holding every free variable at
//! most once (cells; the digit-rows of grid rows, of grid columns, or of the other regions):
//! `c_v = λ_a + λ_b` over the pairs of rows a variable lies in is a system of potentials on a
//! bipartite graph, solved exactly by one walk of each connected piece. The seeds' objective
//! `(1:N)'` is such a sum (`1 + r + n·c` a cell, `n²(d−1)` a digit in a row); an objective
//! that needs other rows gets no certificate, which only means the solver keeps it.

use std::collections::VecDeque;

use crate::model::{Model, Sense};

/// A proof that an objective takes one value on every solution of a model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConstantObjective {
    /// The objective's value at every solution (and at every point of the LP relaxation that
    /// satisfies the model's equality rows and fixed variables).
    pub value: i64,
    /// `(row index in the model, λ)`, nonzero multipliers only.
    pub multipliers: Vec<(usize, i64)>,
}

impl ConstantObjective {
    /// Check the certificate from scratch against `model` and `costs` (one a variable): every
    /// multiplier is on an equality row with unit coefficients, every free variable's cost is
    /// the sum of its rows' multipliers, and `value` is the constant they imply. Exact integer
    /// arithmetic; `false` on overflow.
    pub fn holds(&self, model: &Model, costs: &[i64]) -> bool {
        implied_value(model, costs, &self.multipliers) == Some(self.value)
    }
}

/// The constant that `multipliers` (row index, λ) prove the objective `costs` equal to on every
/// solution of `model`, or `None` when they prove nothing: a multiplier on a row that is not an
/// equality with unit coefficients, a free variable whose cost is not the sum of its rows'
/// multipliers, or an overflow. The one place the certificate's value is computed, so a found
/// certificate and [`ConstantObjective::holds`] agree by construction.
fn implied_value(model: &Model, costs: &[i64], multipliers: &[(usize, i64)]) -> Option<i64> {
    if costs.len() != model.num_vars() {
        return None;
    }
    let fixed = model.fixed();
    let mut sum = vec![0i64; costs.len()];
    let mut value = 0i64;
    for (v, f) in fixed.iter().enumerate() {
        if *f == Some(true) {
            value = value.checked_add(costs[v])?;
        }
    }
    for &(r, lambda) in multipliers {
        let row = model.rows().get(r)?;
        if row.sense != Sense::Eq || row.terms.iter().any(|&(_, a)| a != 1) {
            return None;
        }
        let ones = row.terms.iter().filter(|&&(v, _)| fixed[v as usize] == Some(true)).count() as i64;
        value = value.checked_add(lambda.checked_mul(row.rhs as i64 - ones)?)?;
        for &(v, _) in &row.terms {
            sum[v as usize] = sum[v as usize].checked_add(lambda)?;
        }
    }
    (0..costs.len()).all(|v| fixed[v].is_some() || sum[v] == costs[v]).then_some(value)
}

/// Which family a row of the cube belongs to (see the module doc); the value indexes
/// [`constant_objective`]'s lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    /// One cell's digits.
    Cell = 0,
    /// One digit along one grid row.
    GridRow = 1,
    /// One digit down one grid column.
    GridColumn = 2,
    /// One digit in another set of cells (boxes, regions, windows, diagonals).
    Region = 3,
}

/// The family of an equality row with unit coefficients over two or more cube variables, read
/// from all its variables (fixed ones included, so presolve does not change it).
fn family(model: &Model, terms: &[(u32, i32)]) -> Option<Family> {
    let n = model.n();
    let mut cells = Vec::with_capacity(terms.len());
    for &(v, a) in terms {
        cells.push(model.cell_digit(v).filter(|_| a == 1)?);
    }
    let &(cell0, digit0) = cells.first()?;
    if cells.len() < 2 {
        return None;
    }
    let (row0, col0) = (cell0 / n, cell0 % n);
    if cells.iter().all(|&(cell, _)| cell == cell0) {
        Some(Family::Cell)
    } else if cells.iter().any(|&(_, digit)| digit != digit0) {
        None
    } else if cells.iter().all(|&(cell, _)| cell / n == row0) {
        Some(Family::GridRow)
    } else if cells.iter().all(|&(cell, _)| cell % n == col0) {
        Some(Family::GridColumn)
    } else {
        Some(Family::Region)
    }
}

/// A certificate that `costs` (one a variable) is constant on every solution of `model` (its
/// fixed variables included: call it after presolve), or `None` when none is found on two row
/// families (see the module doc). A returned certificate [`holds`](ConstantObjective::holds).
pub fn constant_objective(model: &Model, costs: &[i64]) -> Option<ConstantObjective> {
    if costs.len() != model.num_vars() {
        return None;
    }
    let fixed = model.fixed();
    let free = |v: u32| fixed[v as usize].is_none();
    // The rows of each family that still hold a free variable.
    let mut families: [Vec<usize>; 4] = Default::default();
    for (r, row) in model.rows().iter().enumerate() {
        if row.sense != Sense::Eq || !row.terms.iter().any(|&(v, _)| free(v)) {
            continue;
        }
        if let Some(f) = family(model, &row.terms) {
            families[f as usize].push(r);
        }
    }
    for a in 0..families.len() {
        for b in a + 1..families.len() {
            if let Some(multipliers) = potentials(model, costs, &families[a], &families[b]) {
                if let Some(value) = implied_value(model, costs, &multipliers) {
                    return Some(ConstantObjective { value, multipliers });
                }
            }
        }
    }
    None
}

/// No row: a variable outside a family, or the node of the fixed potential 0.
const NONE: u32 = u32::MAX;

/// Solve `c_v = λ_a + λ_b` for every free variable `v`, `a` its row in `first` and `b` its
/// row in `second` (a missing one counts 0), when each family holds every free variable at
/// most once. Node 0 is "no row" (λ = 0); nodes `1..` are the rows of `first`, then `second`.
/// Returns the nonzero multipliers `(row index, λ)`, unchecked ([`implied_value`] checks them).
fn potentials(model: &Model, costs: &[i64], first: &[usize], second: &[usize]) -> Option<Vec<(usize, i64)>> {
    let fixed = model.fixed();
    let rows = model.rows();
    // Each free variable's node in each family.
    let mut node = [vec![0u32; costs.len()], vec![0u32; costs.len()]];
    let mut row_of = vec![NONE];
    for (side, family) in [first, second].into_iter().enumerate() {
        for &r in family {
            let id = row_of.len() as u32;
            row_of.push(r as u32);
            for &(v, _) in &rows[r].terms {
                if fixed[v as usize].is_none() {
                    if node[side][v as usize] != 0 {
                        return None; // the family holds v twice: not a partition
                    }
                    node[side][v as usize] = id;
                }
            }
        }
    }
    // Edges a–b of cost c_v, as adjacency lists.
    let mut adjacent: Vec<Vec<(u32, i64)>> = vec![Vec::new(); row_of.len()];
    for v in 0..costs.len() {
        if fixed[v].is_some() {
            continue;
        }
        let (a, b) = (node[0][v], node[1][v]);
        if a == b {
            // In neither family (a == b == 0): the cost must be 0, which `holds` checks.
            continue;
        }
        adjacent[a as usize].push((b, costs[v]));
        adjacent[b as usize].push((a, costs[v]));
    }
    // Walk each connected piece from a root at 0 (node 0 first: its potential is fixed).
    let mut lambda: Vec<Option<i64>> = vec![None; row_of.len()];
    let mut queue = VecDeque::new();
    for root in 0..row_of.len() {
        if lambda[root].is_some() {
            continue;
        }
        lambda[root] = Some(0);
        queue.push_back(root);
        while let Some(x) = queue.pop_front() {
            let lx = lambda[x]?;
            for &(y, c) in &adjacent[x] {
                if lambda[y as usize].is_none() {
                    lambda[y as usize] = Some(c.checked_sub(lx)?);
                    queue.push_back(y as usize);
                }
            }
        }
    }
    let mut multipliers = Vec::new();
    for (id, l) in lambda.iter().enumerate().skip(1) {
        let l = (*l)?;
        if l != 0 {
            multipliers.push((row_of[id] as usize, l));
        }
    }
    Some(multipliers)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Cell, Geometry};
    use crate::grid::Grid;
    use crate::model::Objective;
    use crate::puzzle::Puzzle;

    fn model(n: usize, values: &[u8]) -> Model {
        let g = Geometry::new(n, None).expect("square boxes");
        Model::build(&Puzzle::new(g, Grid::from_values(n, values.to_vec()).expect("values up to n")))
    }

    fn costs(m: &Model) -> Vec<i64> {
        (0..m.num_vars() as u32).map(|v| m.cost(v)).collect()
    }

    /// Every solution of a 4x4 model: each grid whose rows, columns and boxes hold 1-4 once,
    /// kept when it satisfies the model (givens and fixed variables included).
    fn solutions4(m: &Model) -> Vec<Vec<bool>> {
        fn fill(values: &mut Vec<u8>, m: &Model, out: &mut Vec<Vec<bool>>) {
            let k = values.len();
            if k == 16 {
                let ones = m.ones_from_grid(&Grid::from_values(4, values.clone()).expect("digits 1-4"));
                if m.is_feasible(&ones) {
                    out.push(ones);
                }
                return;
            }
            let (r, c) = (k / 4, k % 4);
            for d in 1..=4u8 {
                let clash = (0..k).any(|j| {
                    let (r2, c2) = (j / 4, j % 4);
                    values[j] == d && (r2 == r || c2 == c || (r2 / 2 == r / 2 && c2 / 2 == c / 2))
                });
                if !clash {
                    values.push(d);
                    fill(values, m, out);
                    values.pop();
                }
            }
        }
        let mut out = Vec::new();
        fill(&mut Vec::with_capacity(16), m, &mut out);
        out
    }

    fn value(costs: &[i64], ones: &[bool]) -> i64 {
        costs.iter().zip(ones).filter(|(_, &x)| x).map(|(c, _)| c).sum()
    }

    #[test]
    fn the_seed_objective_is_constant_on_a_blank_grid_and_its_value_is_every_solutions() {
        let m = model(4, &[0; 16]).with_objective(Objective::Seed);
        let c = costs(&m);
        let cert = constant_objective(&m, &c).expect("the seed objective decomposes");
        assert!(cert.holds(&m, &c));
        let all = solutions4(&m);
        assert_eq!(all.len(), 288);
        assert!(all.iter().all(|ones| value(&c, ones) == cert.value), "K = {}", cert.value);
    }

    #[test]
    fn a_made_up_sum_of_cell_and_row_digit_costs_is_constant_after_givens_are_fixed() {
        let mut m = model(4, &[1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2]);
        for d in 2..=4 {
            m.set_fixed(m.var(Cell::new(0, 0), d), Some(false));
        }
        // c(cell, d) = a(cell) + b(grid row, d), with arbitrary integers.
        let c: Vec<i64> = (0..m.num_vars())
            .map(|v| {
                let (cell, d) = m.cell_digit(v as u32).expect("cube");
                (cell as i64 * 7919) % 23 - 11 + ((cell / 4 * 4 + d) as i64 * 104_729) % 31
            })
            .collect();
        let cert = constant_objective(&m, &c).expect("a cell + row-digit sum decomposes");
        let all = solutions4(&m);
        assert!(!all.is_empty());
        assert!(all.iter().all(|ones| value(&c, ones) == cert.value));
    }

    #[test]
    fn a_cost_that_differs_between_solutions_gets_no_certificate() {
        let m = model(4, &[0; 16]);
        // x(r1c1, 1) costs 1, everything else 0: solutions with and without it differ.
        let mut c = vec![0i64; m.num_vars()];
        c[m.var(Cell::new(0, 0), 1) as usize] = 1;
        let all = solutions4(&m);
        assert!(all.iter().any(|o| value(&c, o) == 0) && all.iter().any(|o| value(&c, o) == 1));
        assert_eq!(constant_objective(&m, &c), None);
        // The seed objective with one cost bumped is not constant either.
        let seed = m.clone().with_objective(Objective::Seed);
        let mut c = costs(&seed);
        c[seed.var(Cell::new(1, 2), 3) as usize] += 1;
        assert_eq!(constant_objective(&seed, &c), None);
    }

    #[test]
    fn a_wrong_certificate_does_not_hold() {
        let m = model(4, &[0; 16]).with_objective(Objective::Seed);
        let c = costs(&m);
        let cert = constant_objective(&m, &c).expect("decomposes");
        let off_by_one = ConstantObjective { value: cert.value + 1, ..cert.clone() };
        assert!(!off_by_one.holds(&m, &c));
        let mut one_dropped = cert.clone();
        one_dropped.multipliers.pop();
        assert!(!one_dropped.holds(&m, &c));
    }
}

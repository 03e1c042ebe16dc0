//! The 0-1 program of a puzzle as the seeds write it, for someone learning integer programming
//! from them (`sudoku-ip model`, Python `Puzzle.model()`): how many variables, how many rows of
//! each family (cell, row, column, box, each rule), one row of each family in algebraic form,
//! the seed 000 objective, and the LP relaxation at the root as a MILP solver sees it.
//!
//! The families come from how the model is built, not from row names: the base rows are built
//! without the rules, then the rules are added one at a time and each one's rows are the new
//! ones.

use std::time::Duration;

use serde::Serialize;
use sudoku_ip_milp::Milp;
use sudoku_ip_model::{Backend, Model, Objective, Puzzle, Row};

use crate::pipeline::{milp_model, Presolve};
use crate::solver::{BackendChoiceError, Solver};

/// A puzzle's 0-1 program, explained ([`explain_model`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct IpModel {
    /// The side: digits per cell.
    pub n: usize,
    /// Binary variables: the cube `x(i,j,k)` (1 when cell (i,j) holds k) and the rules' own.
    pub variables: usize,
    /// The cube's `n³` variables.
    pub cube_variables: usize,
    /// Auxiliary variables some rules declare (indicators), named by the rule.
    pub aux_variables: usize,
    /// Variables the givens fix (at 1: the given digit; the seeds write them as lower bounds).
    pub givens: usize,
    /// Further variables the model fixes before any solver runs: digits a rule's bounds rule out
    /// (a Killer cage's total, an odd-even cell), fixed at 0. Not givens.
    pub fixed_by_rules: usize,
    /// Rows, all families.
    pub rows: usize,
    /// Nonzero coefficients.
    pub nonzeros: usize,
    /// The rows by family, in the order the model is built.
    pub families: Vec<Family>,
    /// The seed 000 objective.
    pub objective: ObjectiveText,
    /// The LP relaxation of this model (givens as bounds, seed objective), solved once; `None`
    /// when it was not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub root_lp: Option<RootLpJson>,
}

/// One family of rows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Family {
    /// `cell`, `row`, `column`, `box` (or `region`), or a rule's name (`killer`, …).
    pub family: String,
    /// What its rows say.
    pub meaning: String,
    /// How many rows.
    pub rows: usize,
    /// Their nonzero coefficients.
    pub nonzeros: usize,
    /// The first row, written out: `cell_r1c1: x_r1c1_d1 + x_r1c1_d2 + … + x_r1c1_d9 = 1`.
    pub example: String,
}

/// The seed 000 objective `f = (1:N)'`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ObjectiveText {
    /// The formula.
    pub formula: String,
    /// Its value at every solution (it is constant on them: see `note`).
    pub value_on_every_solution: i64,
    /// Why it is constant.
    pub note: String,
}

/// The LP relaxation at the root ([`sudoku_ip_milp::RootLp`]), as data.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RootLpJson {
    /// The solver that solved it.
    pub solver: String,
    /// `ok`, or why there is no LP value.
    pub status: String,
    /// The LP optimum (the seed objective, the givens' share included).
    pub value: Option<f64>,
    /// The LP's columns (variables the givens leave free).
    pub columns: Option<usize>,
    /// Columns at a fractional value in the optimum the solver returned.
    pub fractional: Option<usize>,
    /// Simplex iterations, where the solver reports them.
    pub iterations: Option<u64>,
}

/// How long the LP relaxation may take.
const LP_TIME: Duration = Duration::from_secs(60);

/// The 0-1 program of `puzzle` as the seeds write it, and, with `lp_solver`, its LP relaxation
/// at the root solved by that MILP solver ([`Solver::Native`], which solves no LP: the best MILP
/// solver compiled in).
pub fn explain_model(puzzle: &Puzzle, lp_solver: Option<Solver>) -> Result<IpModel, BackendChoiceError> {
    let milp = lp_solver.map(Solver::lp_backend).transpose()?;
    let model = Model::build(puzzle).with_objective(Objective::Seed);
    let n = puzzle.n();
    let base = Model::build(&Puzzle::new(puzzle.geometry().clone(), puzzle.givens().clone()));
    let mut families = Vec::new();
    let word = puzzle.geometry().region_word();
    let base_families = [
        ("cell", "each cell holds exactly one digit: Σ_k x(i,j,k) = 1".to_string()),
        ("row", "each digit exactly once in each row: Σ_j x(i,j,k) = 1".to_string()),
        ("column", "each digit exactly once in each column: Σ_i x(i,j,k) = 1".to_string()),
        (word, format!("each digit exactly once in each {word}: Σ_(i,j) in {word} x(i,j,k) = 1")),
    ];
    let mut at = 0;
    for (k, (family, meaning)) in base_families.into_iter().enumerate() {
        // n² rows each for cells, rows and columns; the rest are the regions' (none for a Latin square).
        let end = if k < 3 { (at + n * n).min(base.rows().len()) } else { base.rows().len() };
        push_family(&mut families, &model, family.to_string(), meaning, &base.rows()[at..end]);
        at = end;
    }
    let mut with = Puzzle::new(puzzle.geometry().clone(), puzzle.givens().clone());
    for rule in puzzle.rules() {
        with = with.with_rule(rule.clone());
        let rows = Model::build(&with).rows().len();
        push_family(
            &mut families,
            &model,
            rule.name().to_string(),
            rule.entry().summary.to_string(),
            &model.rows()[at..rows],
        );
        at = rows;
    }
    let size = model.size();
    let cube = model.num_cube_vars();
    let value = constant_value(n);
    let objective = ObjectiveText {
        formula: format!(
            "minimise f'x, f = (1:{})': x(i,j,k) costs its MATLAB linear index i + {n}(j-1) + {}(k-1)",
            cube,
            n * n
        ),
        value_on_every_solution: value,
        note: format!(
            "constant on every solution and on the LP relaxation too: each cell holds one digit and each \
             row each digit once, so f'x = {value} whatever x is (the seeds use it to give intlinprog an \
             objective; any solution is optimal)"
        ),
    };
    let root_lp = milp.map(|m| root_lp_of(m, &model, LP_TIME));
    Ok(IpModel {
        n,
        variables: size.variables,
        cube_variables: cube,
        aux_variables: size.variables - cube,
        // The givens are the bounds of the plain model; the rules may fix more (at 0).
        givens: base.size().fixed,
        fixed_by_rules: size.fixed.saturating_sub(base.size().fixed),
        rows: size.rows,
        nonzeros: size.nonzeros,
        families,
        objective,
        root_lp,
    })
}

/// The LP relaxation of what `solver` gets for `puzzle` at presolve `level` (objective zero),
/// solved once by that solver within `time` (for the native engine: by the best MILP solver).
pub fn root_lp(
    puzzle: &Puzzle,
    solver: Solver,
    level: Presolve,
    time: Duration,
) -> Result<RootLpJson, BackendChoiceError> {
    let milp = solver.lp_backend()?;
    Ok(match milp_model(puzzle, level, Objective::Zero) {
        Ok(model) => root_lp_of(milp, &model, time),
        Err(reason) => RootLpJson::failed(milp, reason),
    })
}

fn root_lp_of(milp: Milp, model: &Model, time: Duration) -> RootLpJson {
    match milp.root_lp(model, Some(time)) {
        Ok(lp) => RootLpJson {
            solver: lp.solver.to_string(),
            status: "ok".into(),
            value: Some(lp.value),
            columns: Some(lp.columns),
            fractional: Some(lp.fractional),
            iterations: lp.iterations,
        },
        Err(reason) => RootLpJson::failed(milp, reason),
    }
}

impl RootLpJson {
    fn failed(milp: Milp, reason: String) -> RootLpJson {
        RootLpJson {
            solver: milp.name().to_string(),
            status: reason,
            value: None,
            columns: None,
            fractional: None,
            iterations: None,
        }
    }
}

/// `f'x` on any filled grid: Σ over cells of the cell's index part, plus Σ over digits placed.
fn constant_value(n: usize) -> i64 {
    let n = n as i64;
    // Each (i,j) once: Σ (i + n(j-1)) = Σ_{m=1..n²} m; each digit k appears n times: n·n²·Σ(k-1).
    let cells = n * n * (n * n + 1) / 2;
    let digits = n * n * n * (n * (n - 1) / 2);
    cells + digits
}

fn push_family(families: &mut Vec<Family>, model: &Model, family: String, meaning: String, rows: &[Row]) {
    let Some(first) = rows.first() else { return };
    families.push(Family {
        family,
        meaning,
        rows: rows.len(),
        nonzeros: rows.iter().map(|r| r.terms.len()).sum(),
        example: algebraic(model, first),
    });
}

/// One row in algebraic form, its long sums shortened: `name: a + b + … + z = 1`.
pub fn algebraic(model: &Model, row: &Row) -> String {
    let term = |&(v, a): &(u32, i32)| match a {
        1 => model.var_name(v),
        -1 => format!("-{}", model.var_name(v)),
        a => format!("{a} {}", model.var_name(v)),
    };
    let terms: Vec<String> = if row.terms.len() <= 5 {
        row.terms.iter().map(term).collect()
    } else {
        let mut t: Vec<String> = row.terms[..3].iter().map(term).collect();
        t.push("…".into());
        t.extend(row.terms.last().map(term));
        t
    };
    let sum = terms.join(" + ").replace("+ -", "- ");
    let count = if row.terms.len() > 5 { format!("  ({} terms)", row.terms.len()) } else { String::new() };
    format!("{}: {sum} {} {}{count}", row.name, row.sense.symbol(), row.rhs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_ip_model::Geometry;

    #[test]
    fn the_seeds_objective_has_its_intlinprog_value() {
        assert_eq!(constant_value(9), 29565);
    }

    #[test]
    fn a_blank_4x4_has_four_families_of_sixteen_rows() {
        let puzzle = Puzzle::blank(Geometry::new(4, None).expect("4x4"));
        let ip = explain_model(&puzzle, None).expect("no solver asked");
        assert_eq!((ip.variables, ip.rows, ip.givens), (64, 64, 0));
        let f: Vec<(&str, usize)> = ip.families.iter().map(|f| (f.family.as_str(), f.rows)).collect();
        assert_eq!(f, [("cell", 16), ("row", 16), ("column", 16), ("box", 16)]);
        assert_eq!(ip.families[0].example, "cell_r1c1: x_r1c1_d1 + x_r1c1_d2 + x_r1c1_d3 + x_r1c1_d4 = 1");
        assert_eq!(ip.objective.value_on_every_solution, constant_value(4));
    }
}

//! `sudoku-ip model`: the 0-1 program of a puzzle as the seeds write it (the facade's
//! [`sudoku_ip::explain_model`]): variables, rows by family with one row of each written out, the
//! seed 000 objective, and the LP relaxation at the root as a MILP solver sees it.

use std::io::Write;

use anyhow::anyhow;
use clap::Args;
use sudoku_ip::formats::Document;
use sudoku_ip::{IpModel, Solver};

use super::args::InputArgs;
use super::commands::read_document;
use super::{Failure, Status};

#[derive(Debug, Args)]
pub struct ModelArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The MILP solver that solves the LP relaxation at the root: microlp or highs (default:
    /// the best compiled in).
    #[arg(long, default_value_t = Solver::Native, value_parser = |s: &str| Solver::from_name(s).map_err(|e| e.to_string()))]
    pub solver: Solver,
    /// Skip the LP relaxation.
    #[arg(long)]
    pub no_lp: bool,
    /// Print the explanation as one JSON object (what Python's `Puzzle.model()` returns).
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: ModelArgs) -> Result<Status, Failure> {
    let (doc, name) = read_document(&a.input)?;
    let puzzle = match doc {
        Document::Single(p) => p,
        Document::Batch(_) => {
            return Err(Failure::bad_input(anyhow!("{name}: `model` explains one puzzle, not a batch")))
        }
    };
    let ip =
        sudoku_ip::explain_model(&puzzle, (!a.no_lp).then_some(a.solver)).map_err(|e| Failure::solver(e.into()))?;
    let mut w = std::io::stdout().lock();
    if a.json {
        writeln!(w, "{}", serde_json::to_string(&ip)?)?;
    } else {
        write!(w, "{}", text(&ip))?;
    }
    Ok(Status::Ok)
}

/// The explanation for people.
fn text(ip: &IpModel) -> String {
    let n = ip.n;
    let mut out = format!(
        "The 0-1 program of this {n}x{n} puzzle, as the seeds write it\n\n\
         variables  {} binaries: x(i,j,k) = 1 when cell (i,j) holds digit k ({} = {n}^3){}\n\
         givens     {} variables fixed at 1 (the seeds write them as lower bounds){}\n\
         rows       {} equality and inequality rows, {} nonzero coefficients\n\n",
        ip.variables,
        ip.cube_variables,
        if ip.aux_variables > 0 {
            format!(", plus {} auxiliary binaries of the rules", ip.aux_variables)
        } else {
            String::new()
        },
        ip.givens,
        if ip.fixed_by_rules > 0 {
            format!(
                "\n           {} more fixed at 0 by the rules' bounds (digits a cell cannot hold)",
                ip.fixed_by_rules
            )
        } else {
            String::new()
        },
        ip.rows,
        ip.nonzeros,
    );
    let width = ip.families.iter().map(|f| f.family.len()).max().unwrap_or(0);
    for f in &ip.families {
        out += &format!(
            "{:<width$}  {:>6} rows  {}\n{:<width$}  {:>6}       e.g. {}\n",
            f.family, f.rows, f.meaning, "", "", f.example
        );
    }
    out += &format!(
        "\nobjective  {}\n           {} on every solution: {}\n",
        ip.objective.formula, ip.objective.value_on_every_solution, ip.objective.note
    );
    if let Some(lp) = &ip.root_lp {
        out += &match (lp.value, lp.fractional, lp.columns) {
            (Some(value), Some(fractional), Some(columns)) => format!(
                "\nLP relaxation at the root (0 <= x <= 1, givens as bounds, this objective; solved by {}{}):\n\
                 value {value}, {fractional} of {columns} free variables fractional{}\n",
                lp.solver,
                lp.iterations.map(|i| format!(" in {i} simplex iterations")).unwrap_or_default(),
                if fractional == 0 {
                    " - the LP optimum the solver found is already integral: a solution, with no branching"
                } else {
                    " - branch and bound (or cuts) must settle them"
                }
            ),
            _ => format!("\nLP relaxation at the root ({}): {}\n", lp.solver, lp.status),
        };
    }
    out
}

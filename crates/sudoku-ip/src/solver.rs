//! The solver registry: the one list of solvers, by name, with what this build compiled in.
//!
//! Adding a backend: its file in its crate (the native engine, or one file per MILP solver in
//! `sudoku-ip-milp`), one variant here and one arm in [`Solver::backend`].

use std::fmt;
use std::str::FromStr;

use serde::Serialize;
use sudoku_ip_milp::Milp;
use sudoku_ip_model::Backend;
use thiserror::Error;

/// A solver for the 0-1 model.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Solver {
    /// The native propagation + search engine (exact, fastest): the default.
    #[default]
    Native,
    /// MILP through HiGHS (cargo feature `highs`).
    Highs,
    /// MILP through good_lp's pure-Rust microlp (cargo feature `microlp`, on by default).
    Microlp,
}

/// A solver name that is unknown, or known but not compiled into this build.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum BackendChoiceError {
    /// Not a solver sudoku-ip knows.
    #[error("unknown solver {name:?} (available: {available})")]
    Unknown {
        /// What was asked for.
        name: String,
        /// The solvers of this build, comma-separated.
        available: String,
    },
    /// A solver this build does not contain.
    #[error("the {name} solver is not compiled into this build (rebuild with `--features {feature}`; available: {available})")]
    NotCompiledIn {
        /// The solver's name.
        name: &'static str,
        /// The cargo feature that compiles it in.
        feature: &'static str,
        /// The solvers of this build, comma-separated.
        available: String,
    },
}

impl Solver {
    /// Every solver sudoku-ip knows, best first.
    pub const ALL: [Solver; 3] = [Solver::Native, Solver::Highs, Solver::Microlp];

    /// The name used on the command line, in requests and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Solver::Native => "native",
            Solver::Highs => "highs",
            Solver::Microlp => "microlp",
        }
    }

    /// The MILP backend of this solver, when it is one and is compiled in.
    fn milp(self) -> Option<Milp> {
        match self {
            Solver::Native => None,
            Solver::Highs | Solver::Microlp => Milp::by_name(self.name()),
        }
    }

    /// The MILP solver that solves LPs for this choice: itself, or for the native engine the
    /// first MILP solver compiled in that solves LP relaxations.
    pub(crate) fn lp_backend(self) -> Result<Milp, BackendChoiceError> {
        match self {
            Solver::Native => {
                Milp::compiled().into_iter().find(Milp::has_root_lp).ok_or_else(|| Solver::Microlp.not_compiled_in())
            }
            s => s.milp().ok_or_else(|| s.not_compiled_in()),
        }
    }

    /// Whether this build contains the solver.
    pub fn is_available(self) -> bool {
        self == Solver::Native || self.milp().is_some()
    }

    /// Every solver compiled into this build, best first (the native engine always).
    pub fn available() -> Vec<Solver> {
        Solver::ALL.into_iter().filter(|s| s.is_available()).collect()
    }

    /// The solver called `name` (case and surrounding spaces ignored), or an error that says
    /// what exists and, for a known solver left out of this build, which feature adds it.
    /// `auto` is the default choice, which may use any technique: today the native engine. A
    /// MILP solver named by the user is held to solving what a MILP presolve leaves it
    /// (`Presolve`); `auto` is not.
    pub fn from_name(name: &str) -> Result<Solver, BackendChoiceError> {
        let key = name.trim().to_ascii_lowercase();
        if key == "auto" {
            return Ok(Solver::default());
        }
        match Solver::ALL.into_iter().find(|s| s.name() == key) {
            Some(s) if s.is_available() => Ok(s),
            Some(s) => Err(s.not_compiled_in()),
            None => Err(BackendChoiceError::Unknown { name: name.to_string(), available: available_names() }),
        }
    }

    fn not_compiled_in(self) -> BackendChoiceError {
        BackendChoiceError::NotCompiledIn { name: self.name(), feature: self.name(), available: available_names() }
    }

    /// Whether this is an integer-programming solver (native presolve applies first).
    pub fn is_milp(self) -> bool {
        self != Solver::Native
    }

    /// The backend, or the error that names the feature that would compile it in.
    pub fn backend(self) -> Result<Box<dyn Backend>, BackendChoiceError> {
        match (self, self.milp()) {
            (Solver::Native, _) => Ok(Box::new(sudoku_ip_native::Native)),
            (_, Some(milp)) => Ok(Box::new(milp)),
            (_, None) => Err(self.not_compiled_in()),
        }
    }
}

fn available_names() -> String {
    Solver::available().iter().map(|s| s.name()).collect::<Vec<_>>().join(", ")
}

impl fmt::Display for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for Solver {
    type Err = BackendChoiceError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Solver::from_name(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_errors_say_what_exists() {
        for s in Solver::available() {
            assert_eq!(Solver::from_name(&format!(" {} ", s.name().to_uppercase())), Ok(s));
            assert_eq!(s.backend().map(|b| b.name()).ok(), Some(s.name()));
        }
        assert_eq!(Solver::from_name(" Auto "), Ok(Solver::Native));
        let err = Solver::from_name("cplex").expect_err("not a solver");
        assert!(err.to_string().contains("cplex") && err.to_string().contains("native"), "{err}");
        assert_eq!(Solver::available()[0], Solver::Native);
        assert_eq!(Solver::Highs.is_available(), cfg!(feature = "highs"));
        assert_eq!(Solver::Microlp.is_available(), cfg!(feature = "microlp"));
        for s in Solver::ALL.into_iter().filter(|s| !s.is_available()) {
            let err = Solver::from_name(s.name()).expect_err("not compiled in");
            assert!(err.to_string().contains(&format!("--features {}", s.name())), "{err}");
            assert!(s.backend().is_err());
        }
    }
}

//! # sudoku-ip-python
//!
//! The Python module `sudoku_ip`: a thin pyo3 layer over the facade crate `sudoku-ip` (renamed
//! `facade` here, since this library *is* `sudoku_ip` to Python). Every solve goes through the
//! facade's one checked pipeline, so a grid Python sees has passed the independent checker,
//! exactly as on the command line and in the web API; results carry the facade's one answer
//! shape ([`facade::Answer`], what `sudoku-ip solve -O json` prints).
//!
//! - [`puzzle`]: the `Puzzle` class (parse, from_grid, solve, count, solutions, rate,
//!   minimize, export, render, notebook reprs).
//! - [`results`]: what calls return (`SolveResult`, `Rating`, `Generated`).
//! - [`batch`]: `solve_many` and `generate` / `generate_many`, which release the GIL and run
//!   on rayon's thread pool.
//!
//! Errors: bad input is a `ValueError` carrying the CLI's message (line and column, the cell,
//! the JSON path); a solver that fails is a `sudoku_ip.SolveError`. "No solution" is not an
//! error: it is a result whose `status` is `"infeasible"`.

mod batch;
mod interrupt;
mod puzzle;
mod results;

use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

pyo3::create_exception!(
    sudoku_ip,
    SolveError,
    PyException,
    "A solver failed (an engine error, a solver not compiled in, a generator that found no puzzle). \
     Bad input raises ValueError instead, and 'no solution' is a result, not an error."
);

/// A `ValueError` with the message of `e` (the CLI prints the same after `error: `).
pub(crate) fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// The error of a solve: a solver that is unknown or not compiled in is bad input; the rest
/// is a `SolveError`.
pub(crate) fn solve_error(e: facade::Error) -> PyErr {
    match e {
        facade::Error::Solver(e) => value_error(e),
        other => SolveError::new_err(other.to_string()),
    }
}

/// The error of the generator, rater or minimiser: settings or rules that do not fit are bad
/// input, anything else (not unique, no puzzle of that grade, a stopped search) a `SolveError`
/// whose message starts with `context` (e.g. "seed 7: ").
pub(crate) fn generate_error(e: facade::generate::GenerateError, context: &str) -> PyErr {
    use facade::generate::GenerateError as G;
    match e {
        G::InvalidSpec { .. } | G::Rule(_) | G::Candidates(_) => value_error(e),
        other => SolveError::new_err(format!("{context}{other}")),
    }
}

/// JSON text as Python objects (dicts, lists, numbers), through the standard `json` module: the
/// one JSON shape of the facade, given to Python unchanged.
pub(crate) fn json_to_py<'py>(py: Python<'py>, value: &impl serde::Serialize) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(value).map_err(|e| SolveError::new_err(e.to_string()))?;
    py.import("json")?.call_method1("loads", (text,))
}

/// Rows of a grid as a numpy array of `uint8` (numpy is imported only when this is asked for).
pub(crate) fn numpy_array<'py>(py: Python<'py>, rows: results::Rows) -> PyResult<Bound<'py, PyAny>> {
    let numpy = py
        .import("numpy")
        .map_err(|_| pyo3::exceptions::PyImportError::new_err("numpy is not installed (pip install numpy)"))?;
    let kwargs = PyDict::new(py);
    kwargs.set_item("dtype", "uint8")?;
    numpy.call_method("array", (rows,), Some(&kwargs))
}

/// The solver names of this build, best first (`native` always; `microlp`; `highs` when built
/// with it).
#[pyfunction]
fn solvers() -> Vec<&'static str> {
    facade::Solver::available().into_iter().map(facade::Solver::name).collect()
}

/// Solve Sudoku and its variants as a 0-1 integer program.
///
/// Parse with `Puzzle.parse(text)` or `Puzzle.from_grid(rows)`, then `solve()`, `count()`,
/// `solutions()`, `rate()`, `export_lp()`, `render()`. Batches: `solve_many(lines)` and
/// `generate_many(count, ...)` run in parallel without the GIL.
#[pymodule]
fn sudoku_ip(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("SolveError", m.py().get_type::<SolveError>())?;
    m.add_class::<puzzle::Puzzle>()?;
    m.add_class::<puzzle::SolutionIter>()?;
    m.add_class::<results::SolveResult>()?;
    m.add_class::<results::Rating>()?;
    m.add_class::<results::Generated>()?;
    m.add_function(wrap_pyfunction!(solvers, m)?)?;
    m.add_function(wrap_pyfunction!(batch::solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(batch::generate, m)?)?;
    m.add_function(wrap_pyfunction!(batch::generate_many, m)?)?;
    Ok(())
}

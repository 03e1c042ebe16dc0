//! The `Puzzle` class: one puzzle (geometry, givens, rules), and what can be done with it.

use facade::formats::{self, Format, ParseOptions};
use facade::render::RenderOptions;
use facade::{export, Limits, MipStart, Model, Objective, Options, Presolve, Solver};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString, PyType};

use crate::interrupt::interruptible;
use crate::results::{grid_rows, Rating, Rows, SolveResult};
use crate::{generate_error, json_to_py, numpy_array, solve_error, value_error, SolveError};

/// A Sudoku puzzle or variant: size, boxes or jigsaw regions, givens and rules.
///
/// Make one with `Puzzle.parse(text)` (every format the CLI reads: a grid, an n²-character
/// line, i,j,k triplets, MATLAB matrices, JSON, seed 004's killer layout) or
/// `Puzzle.from_grid(rows)` (a list of lists or a numpy array, 0 for an empty cell).
/// In a notebook a puzzle shows as a picture.
#[pyclass(frozen, eq, skip_from_py_object, module = "sudoku_ip")]
#[derive(Clone, PartialEq)]
pub struct Puzzle {
    pub(crate) inner: facade::Puzzle,
}

/// The `presolve=` keyword: "none", "light" (the default) or "probe", as the CLI's
/// `--presolve`; `True` and `False` (the older form) are "light" and "none".
pub(crate) fn presolve_arg(value: Option<&Bound<'_, PyAny>>) -> PyResult<Presolve> {
    let Some(value) = value.filter(|v| !v.is_none()) else { return Ok(Presolve::default()) };
    if let Ok(on) = value.extract::<bool>() {
        return Ok(if on { Presolve::Light } else { Presolve::None });
    }
    match value.extract::<String>() {
        Ok(name) => name.parse().map_err(value_error),
        Err(_) => Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "presolve is \"none\", \"light\" or \"probe\" (or True / False), found {}",
            value.get_type().name().map_or_else(|_| "another type".to_string(), |n| n.to_string())
        ))),
    }
}

/// Solve options from the keyword arguments every solving method takes.
/// `max` of `count` and `solutions`: at least 1, as the command line's `--max` and the API's
/// `max` (0 used to count to 1).
fn positive_max(max: u64) -> PyResult<()> {
    if max == 0 {
        return Err(value_error("max: expected a positive number of solutions, found 0"));
    }
    Ok(())
}

pub(crate) fn options(
    solver: &str,
    time_limit: Option<f64>,
    node_limit: Option<u64>,
    presolve: Presolve,
) -> PyResult<Options> {
    let solver = Solver::from_name(solver).map_err(value_error)?;
    let time = time_limit.map(facade::time_limit).transpose().map_err(value_error)?;
    Ok(Options {
        solver,
        limits: Limits { time, nodes: node_limit, ..Limits::default() },
        presolve,
        ..Options::default()
    })
}

/// `options` with what a MILP solver minimises (`objective`: "zero" or "seed") and when it
/// starts from the native engine's grid (`mip_start`: "auto", "native" or "off"): the keyword
/// arguments of `solve` and `solve_many`, which give one solution (a count has no objective).
pub(crate) fn solve_options(
    solver: &str,
    time_limit: Option<f64>,
    node_limit: Option<u64>,
    presolve: Presolve,
    objective: &str,
    mip_start: &str,
) -> PyResult<Options> {
    let objective: Objective = objective.parse().map_err(value_error)?;
    let mip_start: MipStart = mip_start.parse().map_err(value_error)?;
    Ok(Options { objective, mip_start, ..options(solver, time_limit, node_limit, presolve)? })
}

/// Parse options from `format`, `size` and `box` keyword arguments.
pub(crate) fn parse_options(format: &str, size: Option<usize>, box_shape: Option<&str>) -> PyResult<ParseOptions> {
    let format: Format = format.parse().map_err(value_error)?;
    let box_shape = box_shape.map(facade::parse_box).transpose().map_err(value_error)?;
    Ok(ParseOptions { format, size, box_shape })
}

/// `puzzle` with the rules named in `rules` switched on.
pub(crate) fn add_rules(puzzle: facade::Puzzle, rules: Option<Vec<String>>) -> PyResult<facade::Puzzle> {
    match rules {
        Some(names) if !names.is_empty() => facade::with_rules(puzzle, &names).map_err(value_error),
        _ => Ok(puzzle),
    }
}

/// Rows of integers from a list of lists, a flat list of n² integers, or anything with
/// `tolist()` (a numpy array).
fn rows_of(grid: &Bound<'_, PyAny>) -> PyResult<Vec<Vec<i64>>> {
    let list = if grid.hasattr("tolist")? { grid.call_method0("tolist")? } else { grid.clone() };
    if let Ok(rows) = list.extract::<Vec<Vec<i64>>>() {
        return Ok(rows);
    }
    let flat: Vec<i64> = list.extract().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(
            "expected n rows of n integers (a list of lists or a 2-D numpy array of ints), or a flat list of n*n ints; 0 is an empty cell",
        )
    })?;
    let n = (1..=64usize).find(|n| n * n == flat.len()).ok_or_else(|| {
        value_error(format!("a flat grid needs n*n integers for some n from 1 to 64, found {}", flat.len()))
    })?;
    Ok(flat.chunks(n).map(<[i64]>::to_vec).collect())
}

impl Puzzle {
    /// A search that Ctrl-C stops ([`interruptible`]).
    fn search(&self, py: Python<'_>, opts: Options, max: u64, keep: usize) -> PyResult<facade::Report> {
        let puzzle = &self.inner;
        interruptible(py, |cancel| {
            let mut opts = opts;
            opts.limits.cancel = cancel.clone();
            facade::search(puzzle, &opts, max, keep)
        })?
        .map_err(solve_error)
    }

    fn svg(&self, solution: Option<&facade::Grid>, size: u32) -> PyResult<String> {
        check_size(size)?;
        Ok(facade::render::svg(&self.inner, solution, &RenderOptions { size, ..RenderOptions::default() }))
    }
}

fn check_size(size: u32) -> PyResult<()> {
    use facade::render::{MAX_SIZE, MIN_SIZE};
    if (MIN_SIZE..=MAX_SIZE).contains(&size) {
        Ok(())
    } else {
        Err(value_error(facade::render::RenderError::BadSize { size }))
    }
}

/// A picture of `puzzle` (with `solution` in blue when given): `"svg"` gives a string,
/// `"png"` bytes.
pub(crate) fn picture<'py>(
    py: Python<'py>,
    puzzle: &facade::Puzzle,
    solution: Option<&facade::Grid>,
    format: &str,
    size: u32,
) -> PyResult<Bound<'py, PyAny>> {
    check_size(size)?;
    let opts = RenderOptions { size, ..RenderOptions::default() };
    match format.to_ascii_lowercase().as_str() {
        "svg" => Ok(PyString::new(py, &facade::render::svg(puzzle, solution, &opts)).into_any()),
        "png" => {
            let png = py.detach(|| facade::render::png(puzzle, solution, &opts)).map_err(value_error)?;
            Ok(PyBytes::new(py, &png).into_any())
        }
        other => Err(value_error(format!("unknown picture format {other:?} (expected \"svg\" or \"png\")"))),
    }
}

#[pymethods]
impl Puzzle {
    /// Parse a puzzle from text in any format the CLI reads (auto-detected unless `format` is
    /// given: "auto", "grid", "line", "triplets", "json", "killer").
    ///
    /// `size` is the side for clue triplets, `box` a box shape such as "2x3", `rules` a list of
    /// rule names to switch on ("diagonal", "windows", "anti-knight", "anti-king",
    /// "non-consecutive"). Bad input raises ValueError with the CLI's message, naming the line
    /// and column and what was expected.
    #[classmethod]
    #[pyo3(signature = (text, *, format = "auto", size = None, r#box = None, rules = None))]
    fn parse(
        _cls: &Bound<'_, PyType>,
        text: &str,
        format: &str,
        size: Option<usize>,
        r#box: Option<&str>,
        rules: Option<Vec<String>>,
    ) -> PyResult<Puzzle> {
        let opts = parse_options(format, size, r#box)?;
        let puzzle = formats::parse_puzzle(text, &opts).map_err(value_error)?;
        Ok(Puzzle { inner: add_rules(puzzle, rules)? })
    }

    /// A puzzle from a grid of integers: n rows of n (a list of lists or a 2-D numpy array),
    /// or a flat list of n*n; 0 is an empty cell. `box` and `rules` as in `parse`.
    ///
    /// A row of the wrong length or a value that is not a digit raises ValueError naming the
    /// row or the cell (r1c1).
    #[classmethod]
    #[pyo3(signature = (grid, *, r#box = None, rules = None))]
    fn from_grid(
        _cls: &Bound<'_, PyType>,
        grid: &Bound<'_, PyAny>,
        r#box: Option<&str>,
        rules: Option<Vec<String>>,
    ) -> PyResult<Puzzle> {
        let rows = rows_of(grid)?;
        let box_shape = r#box.map(facade::parse_box).transpose().map_err(value_error)?;
        let puzzle = facade::puzzle_from_rows(&rows, box_shape).map_err(value_error)?;
        Ok(Puzzle { inner: add_rules(puzzle, rules)? })
    }

    /// Side of the grid (9 for a classic Sudoku).
    #[getter]
    fn size(&self) -> usize {
        self.inner.n()
    }

    /// Box shape as (rows, columns), or None for jigsaw regions and for no boxes.
    #[getter]
    fn r#box(&self) -> Option<(usize, usize)> {
        self.inner.geometry().box_shape()
    }

    /// The givens, row by row (0 = empty).
    #[getter]
    fn givens(&self) -> Rows {
        grid_rows(self.inner.givens())
    }

    /// Number of givens.
    #[getter]
    fn clues(&self) -> usize {
        self.inner.givens().filled()
    }

    /// The givens as one line of n*n characters ('.' = empty).
    #[getter]
    fn line(&self) -> String {
        self.inner.givens().to_line()
    }

    /// Names of the variant rules (empty for a classic Sudoku).
    #[getter]
    fn rules(&self) -> Vec<&'static str> {
        self.inner.rules().iter().map(|r| r.name()).collect()
    }

    /// The givens as a numpy array of uint8 (n x n, 0 = empty).
    fn to_numpy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        numpy_array(py, grid_rows(self.inner.givens()))
    }

    /// The puzzle in the JSON puzzle format (what `Puzzle.parse` reads back), as a string.
    fn to_json(&self) -> String {
        formats::json::to_json(&self.inner).to_string()
    }

    /// Solve: one checked solution, and with `unique=True` (the default) proof that it is the
    /// only one.
    ///
    /// `solver` is "native" (default), "microlp" or "highs" (see `sudoku_ip.solvers()`);
    /// `time_limit` is in seconds, `node_limit` in search nodes; `presolve` is what a MILP
    /// solver's model goes through first: "light" (default: givens and root propagation, what a
    /// MILP presolve does), "probe" (probing to a fixed point as well) or "none" (the seed's model
    /// as written; `False` is the same, `True` is "light"); `stats["solver_not_called"]` says when
    /// presolve decided everything. `objective` is what a MILP solver minimises: "zero" (default,
    /// a feasibility problem) or "seed" (the seeds' intlinprog objective f = (1:N)'; `stats`
    /// then has `objective` and `mip_gap`). `mip_start` is when a MILP solver starts from the
    /// native engine's grid: "auto" (default: when an objective is set), "native" (always; with
    /// the zero objective the solver then only confirms that grid) or "off"; `stats["mip_start"]`
    /// says what became of it. Returns a SolveResult: `status` is "solved", "infeasible" or
    /// "unknown" (a limit stopped it); "no solution" is not an exception. Raises SolveError if
    /// the solver fails, ValueError for an unknown solver, objective or start, or a bad limit.
    #[pyo3(signature = (*, solver = "native", unique = true, time_limit = None, node_limit = None, presolve = None, objective = "zero", mip_start = "auto"))]
    #[allow(clippy::too_many_arguments)]
    fn solve(
        &self,
        py: Python<'_>,
        solver: &str,
        unique: bool,
        time_limit: Option<f64>,
        node_limit: Option<u64>,
        presolve: Option<&Bound<'_, PyAny>>,
        objective: &str,
        mip_start: &str,
    ) -> PyResult<SolveResult> {
        let opts = solve_options(solver, time_limit, node_limit, presolve_arg(presolve)?, objective, mip_start)?;
        let (max, keep) = if unique { (2, 2) } else { (1, 1) };
        let report = self.search(py, opts.clone(), max, keep)?;
        Ok(SolveResult::new(&self.inner, &report, unique, &opts))
    }

    /// Count solutions, stopping at `max`: returns the number found (`max` itself means "at
    /// least max"). Raises SolveError when a time or node limit stops the count before it is
    /// known.
    #[pyo3(signature = (*, max = 1000, solver = "native", time_limit = None, node_limit = None))]
    fn count(
        &self,
        py: Python<'_>,
        max: u64,
        solver: &str,
        time_limit: Option<f64>,
        node_limit: Option<u64>,
    ) -> PyResult<u64> {
        positive_max(max)?;
        let opts = options(solver, time_limit, node_limit, Presolve::default())?;
        let report = self.search(py, opts, max, 0)?;
        match &report.end {
            facade::SearchEnd::Stopped { reason } => {
                Err(SolveError::new_err(format!("unknown: {reason}; at least {} found", report.count)))
            }
            _ => Ok(report.count),
        }
    }

    /// Iterate over the solutions, at most `max` of them, each as rows of integers. The
    /// iterator is lazy: the search runs on a thread of its own and finds the next solution
    /// while the last is used (a few ahead at most), so the first comes at once whatever `max`;
    /// dropping the iterator stops the search. With a time or node limit it ends with what was
    /// found before the limit. Ctrl-C while it waits for the next solution stops the search
    /// and raises KeyboardInterrupt.
    #[pyo3(signature = (*, max = 1000, solver = "native", time_limit = None, node_limit = None))]
    fn solutions(
        &self,
        max: u64,
        solver: &str,
        time_limit: Option<f64>,
        node_limit: Option<u64>,
    ) -> PyResult<SolutionIter> {
        positive_max(max)?;
        let mut opts = options(solver, time_limit, node_limit, Presolve::default())?;
        let cancel = facade::Cancel::new();
        opts.limits.cancel = cancel.clone();
        let (tx, rx) = std::sync::mpsc::sync_channel::<facade::Grid>(SOLUTIONS_AHEAD);
        let puzzle = self.inner.clone();
        let worker = std::thread::Builder::new()
            .name("sudoku-ip solutions".into())
            .spawn(move || facade::search_each(&puzzle, &opts, max.max(1), |g| tx.send(g.clone()).is_ok()))
            .map_err(|e| SolveError::new_err(format!("cannot start the search: {e}")))?;
        Ok(SolutionIter { grids: std::sync::Mutex::new(rx), worker: Some(worker), cancel })
    }

    /// Rate the puzzle as a person would solve it: grade (easy, medium, hard, expert), the
    /// Sudoku Explainer rating, the hardest technique, the engine's guesses. The puzzle must
    /// have exactly one solution (SolveError otherwise).
    fn rate(&self, py: Python<'_>) -> PyResult<Rating> {
        let puzzle = &self.inner;
        let rating = interruptible(py, |cancel| facade::generate::rate_with(puzzle, cancel))?
            .map_err(|e| generate_error(e, ""))?;
        Ok(Rating { inner: rating })
    }

    /// The same puzzle with every clue it does not need removed (still unique, and minimal).
    fn minimize(&self, py: Python<'_>) -> PyResult<Puzzle> {
        let puzzle = &self.inner;
        let minimized = interruptible(py, |cancel| facade::generate::minimize_with(puzzle, cancel))?
            .map_err(|e| generate_error(e, ""))?;
        Ok(Puzzle { inner: minimized.puzzle })
    }

    /// The 0-1 program as the seeds write it, as a dict (what `sudoku-ip model --json` prints):
    /// `variables`, `cube_variables`, `aux_variables`, `givens`, `fixed_by_rules` (fixed at 0 by
    /// the rules' bounds, not givens), `rows`, `nonzeros`; `families`,
    /// one dict a family (`family`: cell, row, column, box or a rule's name; `rows`,
    /// `nonzeros`, `meaning`, and `example`, its first row written out); `objective` (the seed
    /// 000 objective: `formula`, `value_on_every_solution`, `note`); and `root_lp`, the LP
    /// relaxation at the root solved by `lp_solver` ("native" picks the best MILP solver compiled
    /// in; None skips it): `value`, `columns`, `fractional` (how many are not 0 or 1),
    /// `iterations`, `status`.
    #[pyo3(signature = (*, lp_solver = Some("native")))]
    fn model<'py>(&self, py: Python<'py>, lp_solver: Option<&str>) -> PyResult<Bound<'py, PyAny>> {
        let solver = lp_solver.map(Solver::from_name).transpose().map_err(value_error)?;
        let puzzle = &self.inner;
        let ip = py.detach(|| facade::explain_model(puzzle, solver)).map_err(value_error)?;
        json_to_py(py, &ip)
    }

    /// The 0-1 model in CPLEX-LP format, for HiGHS, CBC, GLPK, Gurobi, PuLP...
    fn export_lp(&self) -> String {
        export::to_lp(&Model::build(&self.inner))
    }

    /// The 0-1 model in MPS format: free MPS with readable names, or with `fixed=True`
    /// fixed-column MPS with 8-character names.
    #[pyo3(signature = (*, fixed = false))]
    fn export_mps(&self, fixed: bool) -> String {
        let format = if fixed { export::MpsFormat::Fixed } else { export::MpsFormat::Free };
        export::to_mps(&Model::build(&self.inner), format)
    }

    /// A picture of the puzzle: format "svg" (a string) or "png" (bytes), `size` pixels wide;
    /// `solution` (rows of integers, or a SolveResult) draws the solved digits in blue.
    #[pyo3(signature = (format = "svg", *, solution = None, size = 450))]
    fn render<'py>(
        &self,
        py: Python<'py>,
        format: &str,
        solution: Option<&Bound<'py, PyAny>>,
        size: u32,
    ) -> PyResult<Bound<'py, PyAny>> {
        let solution = match solution {
            None => None,
            Some(s) => Some(match s.cast::<SolveResult>() {
                Ok(r) => r.get().solution_grid().ok_or_else(|| value_error("the result has no solution to draw"))?,
                Err(_) => {
                    let rows = rows_of(s)?;
                    facade::puzzle_from_rows(&rows, self.inner.geometry().boxes())
                        .map_err(value_error)?
                        .givens()
                        .clone()
                }
            }),
        };
        picture(py, &self.inner, solution.as_ref(), format, size)
    }

    /// SVG for notebooks (Jupyter shows the puzzle as a picture).
    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg(None, 360)
    }

    /// HTML for notebooks: the picture and a one-line description.
    fn _repr_html_(&self) -> PyResult<String> {
        Ok(figure_html(&self.svg(None, 360)?, &self.__repr__()))
    }

    /// The givens as a grid of text (what the CLI prints).
    fn __str__(&self) -> String {
        formats::to_grid_text(self.inner.givens(), self.inner.geometry())
    }

    fn __repr__(&self) -> String {
        let n = self.inner.n();
        let rules = self.rules();
        let rules = if rules.is_empty() { String::new() } else { format!(", rules: {}", rules.join(", ")) };
        format!("<sudoku_ip.Puzzle {n}x{n}, {} givens{rules}>", self.clues())
    }

    /// Pickling (for multiprocessing, Dask, Ray): the puzzle as its JSON text.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let parse = py.get_type::<Puzzle>().getattr("parse")?;
        Ok((parse, (self.to_json(),)))
    }
}

/// A notebook figure: a picture over its caption (`_repr_html_` of puzzles, results and
/// generated puzzles).
pub(crate) fn figure_html(svg: &str, caption: &str) -> String {
    format!("<figure style=\"margin:0\">{svg}<figcaption>{}</figcaption></figure>", html_escape(caption))
}

fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Solutions found ahead of the one being used.
const SOLUTIONS_AHEAD: usize = 4;

/// An iterator over solutions (rows of integers), from `Puzzle.solutions()`: the search runs
/// on a worker thread and hands each solution over as it is found.
#[pyclass(module = "sudoku_ip")]
pub struct SolutionIter {
    grids: std::sync::Mutex<std::sync::mpsc::Receiver<facade::Grid>>,
    worker: Option<std::thread::JoinHandle<Result<facade::Report, facade::Error>>>,
    cancel: facade::Cancel,
}

#[pymethods]
impl SolutionIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Rows>> {
        use std::sync::mpsc::RecvTimeoutError;
        // Solutions may come faster than any wait: signals are looked at on every call too
        // (`list(it)` loops in C, where Python itself would not look).
        if let Err(e) = py.check_signals() {
            self.stop();
            return Err(e);
        }
        loop {
            let grids = &self.grids;
            match py.detach(|| crate::interrupt::wait(grids)) {
                Ok(grid) => return Ok(Some(grid_rows(&grid))),
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(e) = py.check_signals() {
                        self.stop();
                        return Err(e);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    // The search ended: its error, if any, is raised once; then the end.
                    return match self.worker.take().map(|w| py.detach(|| w.join())) {
                        Some(Ok(Err(e))) => Err(solve_error(e)),
                        Some(Err(_)) => Err(SolveError::new_err("the search thread panicked")),
                        _ => Ok(None),
                    };
                }
            }
        }
    }
}

impl SolutionIter {
    /// Stop the search (the worker ends at its next check of the token).
    fn stop(&mut self) {
        self.cancel.cancel();
        self.worker = None;
    }
}

impl Drop for SolutionIter {
    fn drop(&mut self) {
        // The worker's next send fails once the receiver is gone; the token stops it sooner.
        self.cancel.cancel();
    }
}

//! What the module's calls return: a solve's result, a rating, a generated puzzle.

use facade::generate::Rating as RatingData;
use facade::Generation;
use facade::{Answer, AnswerStatus, Grid, GridJson, Options, Report};
use pyo3::prelude::*;

use crate::puzzle::{figure_html, picture, Puzzle};
use crate::{json_to_py, numpy_array};

/// Rows as Python lists of ints (pyo3 would turn a `Vec<u8>` into `bytes`).
pub(crate) type Rows = Vec<Vec<u32>>;

/// Rows of a grid (0 = empty).
pub(crate) fn grid_rows(grid: &Grid) -> Rows {
    rows_of_json(&GridJson::from(grid))
}

fn rows_of_json(grid: &GridJson) -> Rows {
    grid.rows.iter().map(|r| r.iter().map(|&v| u32::from(v)).collect()).collect()
}

/// The result of `Puzzle.solve()` or of one puzzle of `solve_many()`.
///
/// `status` is "solved", "infeasible" (no solution; `reason` says why) or "unknown" (a limit
/// stopped the search). With `unique=True`, `unique` says whether the solution is the only
/// one and `other_solution` shows a second one when it is not. `to_dict()` is the JSON answer
/// of `sudoku-ip solve -O json --stats`. True in a boolean context when solved (and unique,
/// when that was asked).
#[pyclass(frozen, module = "sudoku_ip")]
pub struct SolveResult {
    answer: Answer,
    puzzle: facade::Puzzle,
    solution: Option<Grid>,
}

impl SolveResult {
    /// The facade's answer to "solve this" for `report`.
    pub(crate) fn new(puzzle: &facade::Puzzle, report: &Report, unique: bool, opts: &Options) -> SolveResult {
        let answer = Answer::solve(report, unique).with_stats(report, opts.limits.time);
        SolveResult { answer, puzzle: puzzle.clone(), solution: report.solutions.first().cloned() }
    }

    /// The first solution, when there is one.
    pub(crate) fn solution_grid(&self) -> Option<Grid> {
        self.solution.clone()
    }
}

#[pymethods]
impl SolveResult {
    /// "solved", "infeasible" or "unknown".
    #[getter]
    fn status(&self) -> &'static str {
        match self.answer.status {
            AnswerStatus::Solved => "solved",
            AnswerStatus::Counted => "counted",
            AnswerStatus::Infeasible => "infeasible",
            AnswerStatus::Unknown => "unknown",
        }
    }

    /// Why there is no solution, why the answer is unknown, or why uniqueness is unknown.
    #[getter]
    fn reason(&self) -> Option<String> {
        self.answer.reason.clone()
    }

    /// The solution, row by row, or None.
    #[getter]
    fn solution(&self) -> Option<Rows> {
        self.answer.solution.as_ref().map(rows_of_json)
    }

    /// The solution as one line of n*n characters, or None.
    #[getter]
    fn line(&self) -> Option<String> {
        self.answer.solution.as_ref().map(|g| g.line.clone())
    }

    /// A second solution (rows), when uniqueness was asked and the puzzle has two.
    #[getter]
    fn other_solution(&self) -> Option<Rows> {
        self.answer.other_solution.as_ref().map(rows_of_json)
    }

    /// True / False when uniqueness was asked and is known, else None.
    #[getter]
    fn unique(&self) -> Option<bool> {
        self.answer.unique
    }

    /// Solutions found (at most 2 when uniqueness was asked).
    #[getter]
    fn count(&self) -> u64 {
        self.answer.count
    }

    /// The solver's measurements: solver, model size, times in ms, nodes, guesses...
    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(py, &self.answer.stats)
    }

    /// The solution as a numpy array of uint8 (n x n), or None.
    fn to_numpy<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.solution().map(|rows| numpy_array(py, rows)).transpose()
    }

    /// The answer as `sudoku-ip solve -O json --stats` prints it (a dict).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(py, &self.answer)
    }

    /// The puzzle that was solved.
    #[getter]
    fn puzzle(&self) -> Puzzle {
        Puzzle { inner: self.puzzle.clone() }
    }

    /// A picture of the puzzle with its solution in blue: "svg" (str) or "png" (bytes).
    #[pyo3(signature = (format = "svg", *, size = 450))]
    fn render<'py>(&self, py: Python<'py>, format: &str, size: u32) -> PyResult<Bound<'py, PyAny>> {
        picture(py, &self.puzzle, self.solution.as_ref(), format, size)
    }

    /// SVG for notebooks: the puzzle with its solution.
    fn _repr_svg_(&self) -> String {
        let opts = facade::render::RenderOptions { size: 360, ..Default::default() };
        facade::render::svg(&self.puzzle, self.solution.as_ref(), &opts)
    }

    /// HTML for notebooks: the picture and the result in one line.
    fn _repr_html_(&self) -> String {
        figure_html(&self._repr_svg_(), &self.__repr__())
    }

    fn __bool__(&self) -> bool {
        self.answer.status == AnswerStatus::Solved && self.answer.unique != Some(false)
    }

    fn __repr__(&self) -> String {
        let unique = match self.answer.unique {
            Some(true) => ", unique",
            Some(false) => ", not unique",
            None => "",
        };
        match (&self.answer.solution, &self.answer.reason) {
            (Some(g), _) => format!("<SolveResult {}{unique}: {}>", self.status(), g.line),
            (None, Some(r)) => format!("<SolveResult {}: {r}>", self.status()),
            (None, None) => format!("<SolveResult {}>", self.status()),
        }
    }
}

/// How hard a puzzle is for a person, from `Puzzle.rate()` or a generated puzzle.
///
/// `grade` is "easy", "medium", "hard" or "expert"; `rating` the Sudoku Explainer scale
/// (1.2 to 11.0); `hardest` the hardest technique used; `guesses` the native engine's
/// branching decisions; `to_dict()` what `sudoku-ip rate --json` prints.
#[pyclass(frozen, module = "sudoku_ip")]
pub struct Rating {
    pub(crate) inner: RatingData,
}

#[pymethods]
impl Rating {
    /// "easy", "medium", "hard" or "expert".
    #[getter]
    fn grade(&self) -> &'static str {
        self.inner.grade.name()
    }

    /// The Sudoku Explainer rating (the hardest step of the logical path; 11.0 when the
    /// techniques do not finish the puzzle).
    #[getter]
    fn rating(&self) -> f64 {
        self.inner.rating.value()
    }

    /// The hardest technique used, or None when the givens fill the grid.
    #[getter]
    fn hardest(&self) -> Option<&'static str> {
        self.inner.hardest.map(|t| t.name())
    }

    /// True when the techniques alone do not finish the puzzle.
    #[getter]
    fn needs_search(&self) -> bool {
        self.inner.needs_search
    }

    /// Branching decisions of the native engine to solve the puzzle and prove it unique.
    #[getter]
    fn guesses(&self) -> u64 {
        self.inner.guesses
    }

    /// The techniques that made progress, with how often, easiest first.
    #[getter]
    fn techniques(&self) -> Vec<(&'static str, u32)> {
        self.inner.techniques.iter().map(|t| (t.technique.name(), t.count)).collect()
    }

    /// The rating as `sudoku-ip rate --json` prints it (a dict).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(py, &self.inner)
    }

    fn __repr__(&self) -> String {
        format!("<Rating {} {:.1} ({})>", self.grade(), self.rating(), self.hardest().unwrap_or("no technique"))
    }
}

/// A generated puzzle: the puzzle, its unique solution, the seed that makes it again, and its
/// rating (unless generated with `rate=False`).
#[pyclass(frozen, module = "sudoku_ip")]
pub struct Generated {
    pub(crate) inner: Generation,
}

#[pymethods]
impl Generated {
    /// The puzzle.
    #[getter]
    fn puzzle(&self) -> Puzzle {
        Puzzle { inner: self.inner.made.puzzle.clone() }
    }

    /// Its unique solution, row by row.
    #[getter]
    fn solution(&self) -> Rows {
        grid_rows(&self.inner.made.solution)
    }

    /// The puzzle's givens as one line ('.' = empty).
    #[getter]
    fn line(&self) -> String {
        self.inner.made.puzzle.givens().to_line()
    }

    /// The solution as one line.
    #[getter]
    fn solution_line(&self) -> String {
        self.inner.made.solution.to_line()
    }

    /// The seed that generates exactly this puzzle with the same settings.
    #[getter]
    fn seed(&self) -> u64 {
        self.inner.made.seed
    }

    /// Number of givens.
    #[getter]
    fn clues(&self) -> usize {
        self.inner.made.clues
    }

    /// The rating, or None when generated with `rate=False`.
    #[getter]
    fn rating(&self) -> Option<Rating> {
        self.inner.made.rating.clone().map(|inner| Rating { inner })
    }

    /// The grade ("easy" ... "expert"), or None when not rated.
    #[getter]
    fn grade(&self) -> Option<&'static str> {
        self.inner.made.rating.as_ref().map(|r| r.grade.name())
    }

    /// The answer as a dict, in the one JSON shape the CLI's `generate -O json` and the web
    /// API's `/api/generate` print (`status`, `puzzle`, `line`, `clues`, `seed`, `unique`,
    /// `minimal`, `rating`, `solution`, `stats`, …).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(py, &self.inner.json(true))
    }

    /// The puzzle in the JSON puzzle format (cages and other rules included).
    fn to_json(&self) -> String {
        facade::formats::json::to_json(&self.inner.made.puzzle).to_string()
    }

    /// SVG for notebooks: the puzzle.
    fn _repr_svg_(&self) -> String {
        let opts = facade::render::RenderOptions { size: 360, ..Default::default() };
        facade::render::svg(&self.inner.made.puzzle, None, &opts)
    }

    /// HTML for notebooks: the picture and its seed, clues and grade in one line.
    fn _repr_html_(&self) -> String {
        figure_html(&self._repr_svg_(), &self.__repr__())
    }

    fn __repr__(&self) -> String {
        let grade = self.grade().map_or(String::new(), |g| format!(", {g}"));
        format!("<Generated seed {}, {} clues{grade}: {}>", self.inner.made.seed, self.inner.made.clues, self.line())
    }
}

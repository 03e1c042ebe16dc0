//! Batches: `solve_many` and `generate` / `generate_many`. The work runs without the GIL on
//! rayon's thread pool (or a pool of `jobs` threads), so other Python threads go on meanwhile.

use facade::generate::{GenerateSpec, Grade, KillerSpec, Symmetry};
use facade::{Cancel, Geometry, Limits, Options};
use pyo3::prelude::*;
use pyo3::types::PyList;
use rayon::prelude::*;

use crate::interrupt::interruptible;
use crate::puzzle::{add_rules, parse_options, solve_options, Puzzle};
use crate::results::{Generated, SolveResult};
use crate::{generate_error, solve_error, value_error, SolveError};

/// Run `work` on a pool of `jobs` threads (at most [`facade::JOBS_PER_CORE`] a core, as
/// the CLI's `--jobs`), or on rayon's global pool (one thread a core); Ctrl-C cancels the
/// token `work` is given ([`interruptible`]).
fn on_pool<T: Send>(py: Python<'_>, jobs: Option<usize>, work: impl FnOnce(&Cancel) -> T + Send) -> PyResult<T> {
    let pool = match jobs {
        None => None,
        Some(j) => {
            let j = facade::jobs(j).map_err(|e| value_error(format!("jobs: {e}")))?;
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(j)
                .build()
                .map_err(|e| SolveError::new_err(format!("cannot start {j} threads: {e}")))?;
            Some(pool)
        }
    };
    interruptible(py, |cancel| match &pool {
        None => work(cancel),
        Some(pool) => pool.install(|| work(cancel)),
    })
}

/// A batch item before parsing: text (a line of a batch file) or a parsed puzzle.
enum Item {
    Text(String),
    Parsed(facade::Puzzle),
}

/// Solve many puzzles in parallel: `puzzles` is a list of one-line puzzles or JSON objects
/// (the lines of a batch file, as `sudoku-ip solve FILE` reads them) and/or Puzzle objects.
///
/// Returns one SolveResult per puzzle, in order. The options are those of `Puzzle.solve`;
/// `jobs` is the number of threads (default: one a core). The GIL is released while solving.
/// A puzzle that cannot be read raises ValueError naming its line (1-based, as in a file) and
/// column, before anything is solved.
#[pyfunction]
#[pyo3(signature = (puzzles, *, solver = "native", unique = true, time_limit = None, node_limit = None, presolve = None, objective = "zero", mip_start = "auto", format = "auto", size = None, r#box = None, rules = None, jobs = None))]
#[allow(clippy::too_many_arguments)]
pub fn solve_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    solver: &str,
    unique: bool,
    time_limit: Option<f64>,
    node_limit: Option<u64>,
    presolve: Option<&Bound<'_, PyAny>>,
    objective: &str,
    mip_start: &str,
    format: &str,
    size: Option<usize>,
    r#box: Option<&str>,
    rules: Option<Vec<String>>,
    jobs: Option<usize>,
) -> PyResult<Vec<SolveResult>> {
    let opts = solve_options(solver, time_limit, node_limit, crate::puzzle::presolve_arg(presolve)?, objective, mip_start)?;
    let parse = parse_options(format, size, r#box)?;
    let mut items = Vec::new();
    for item in puzzles.try_iter()? {
        let item = item?;
        items.push(match item.cast::<Puzzle>() {
            Ok(p) => Item::Parsed(p.get().inner.clone()),
            Err(_) => Item::Text(item.extract::<String>().map_err(|_| {
                pyo3::exceptions::PyTypeError::new_err(format!(
                    "solve_many takes puzzles as strings (one-line puzzles or JSON) or Puzzle objects, found {}",
                    item.get_type().name().map(|n| n.to_string()).unwrap_or_default()
                ))
            })?),
        });
    }
    let rule_names = rules.unwrap_or_default();
    let parsed: Vec<facade::Puzzle> = on_pool(py, jobs, |cancel| {
        items
            .into_par_iter()
            .enumerate()
            .map(|(i, item)| match item {
                // Ctrl-C: the rest is not read (the call raises KeyboardInterrupt).
                _ if cancel.is_cancelled() => Err("cancelled".to_string()),
                Item::Parsed(p) => Ok(p),
                Item::Text(text) => {
                    let p = facade::parse_batch_line(&text, i + 1, &parse).map_err(|e| {
                        // Errors without a position (an empty line) still name the line.
                        let message = e.to_string();
                        if message.starts_with("line ") {
                            message
                        } else {
                            format!("line {}: {message}", i + 1)
                        }
                    })?;
                    facade::with_rules(p, &rule_names).map_err(|e| format!("line {}: {e}", i + 1))
                }
            })
            .collect::<Result<Vec<_>, String>>()
    })?
    .map_err(value_error)?;
    let results = solve_parsed(py, parsed, opts, unique, jobs)?;
    Ok(results)
}

fn solve_parsed(
    py: Python<'_>,
    puzzles: Vec<facade::Puzzle>,
    opts: Options,
    unique: bool,
    jobs: Option<usize>,
) -> PyResult<Vec<SolveResult>> {
    let (max, keep) = if unique { (2, 2) } else { (1, 1) };
    on_pool(py, jobs, |cancel| {
        let opts = Options { limits: Limits { cancel: cancel.clone(), ..opts.limits.clone() }, ..opts.clone() };
        puzzles
            .par_iter()
            .map(|p| facade::search(p, &opts, max, keep).map(|report| SolveResult::new(p, &report, unique, &opts)))
            .collect::<Result<Vec<_>, _>>()
    })?
    .map_err(solve_error)
}

/// What to generate, from the keyword arguments of `generate` / `generate_many`.
#[allow(clippy::too_many_arguments)]
fn spec(
    size: usize,
    box_shape: Option<&str>,
    like: Option<&Puzzle>,
    rules: Option<Vec<String>>,
    difficulty: Option<&str>,
    seed: u64,
    clues: Option<usize>,
    minimal: bool,
    symmetry: &str,
    killer: bool,
    rate: bool,
    attempts: Option<usize>,
) -> PyResult<GenerateSpec> {
    let template = match like {
        Some(p) => p.inner.clone(),
        None => {
            let box_shape = box_shape.map(facade::parse_box).transpose().map_err(value_error)?;
            facade::Puzzle::blank(Geometry::with_boxes(size, box_shape).map_err(value_error)?)
        }
    };
    let template = add_rules(template, rules)?;
    let mut spec = GenerateSpec::new(template.geometry().clone());
    spec.rules = template.rules().to_vec();
    spec.clues = clues;
    spec.minimal = minimal;
    spec.symmetry = symmetry.parse::<Symmetry>().map_err(value_error)?;
    spec.seed = seed;
    spec.difficulty = difficulty.map(str::parse::<Grade>).transpose().map_err(value_error)?;
    spec.killer = killer.then(|| KillerSpec::for_side(spec.geometry.n()));
    if let Some(k) = attempts {
        spec.max_attempts = k.max(1);
    }
    spec.rate = rate || spec.difficulty.is_some();
    Ok(spec)
}

fn generate_batch(py: Python<'_>, spec: &GenerateSpec, count: usize, jobs: Option<usize>) -> PyResult<Vec<Generated>> {
    let made = on_pool(py, jobs, |cancel| {
        let spec = GenerateSpec { cancel: cancel.clone(), ..spec.clone() };
        facade::generate_many(&spec, count)
    })?;
    made.into_iter()
        .enumerate()
        .map(|(i, g)| {
            let seed = spec.seed.wrapping_add(i as u64);
            g.map(|inner| Generated { inner }).map_err(|e| generate_error(e, &format!("seed {seed}: ")))
        })
        .collect()
}

/// A random seed from Python's `random` module, for calls without one.
fn random_seed(py: Python<'_>) -> PyResult<u64> {
    py.import("random")?.call_method1("getrandbits", (64,))?.extract()
}

/// Generate unique puzzles (the CLI's `generate`): one Generated, or a list of `count`.
///
/// `size` and `box` give the geometry (or `like`, a Puzzle whose geometry and rules are
/// copied); `rules` switches rules on by name; `difficulty` keeps only "easy", "medium",
/// "hard" or "expert" puzzles; `clues` is a clue target, `minimal=True` removes every clue
/// that can go, `symmetry` is "none", "rot180", "rot90", "mirror" or "diagonal"; `killer=True`
/// adds killer cages. The same seed and settings give the same puzzle; puzzle i of a batch
/// is the puzzle of seed `seed + i`, whatever the number of threads. Each puzzle is rated
/// unless `rate=False`.
#[pyfunction]
#[pyo3(signature = (*, size = 9, r#box = None, like = None, rules = None, difficulty = None, seed = None, count = None, clues = None, minimal = false, symmetry = "none", killer = false, rate = true, attempts = None, jobs = None))]
#[allow(clippy::too_many_arguments)]
pub fn generate(
    py: Python<'_>,
    size: usize,
    r#box: Option<&str>,
    like: Option<PyRef<'_, Puzzle>>,
    rules: Option<Vec<String>>,
    difficulty: Option<&str>,
    seed: Option<u64>,
    count: Option<usize>,
    clues: Option<usize>,
    minimal: bool,
    symmetry: &str,
    killer: bool,
    rate: bool,
    attempts: Option<usize>,
    jobs: Option<usize>,
) -> PyResult<Py<PyAny>> {
    let seed = match seed {
        Some(s) => s,
        None => random_seed(py)?,
    };
    let spec =
        spec(size, r#box, like.as_deref(), rules, difficulty, seed, clues, minimal, symmetry, killer, rate, attempts)?;
    let mut made = generate_batch(py, &spec, count.unwrap_or(1), jobs)?;
    match count {
        Some(_) => Ok(PyList::new(py, made)?.into_any().unbind()),
        None => match made.pop() {
            Some(g) => Ok(Py::new(py, g)?.into_any()),
            None => Err(SolveError::new_err("no puzzle was generated")),
        },
    }
}

/// Generate `count` unique puzzles in parallel (GIL released): puzzle i is the puzzle of seed
/// `seed + i`, so a batch is reproducible and can be split into seed ranges over many
/// machines. Keyword arguments as in `generate`; `seed` defaults to 0 here.
#[pyfunction]
#[pyo3(signature = (count, *, size = 9, r#box = None, like = None, rules = None, difficulty = None, seed = 0, clues = None, minimal = false, symmetry = "none", killer = false, rate = true, attempts = None, jobs = None))]
#[allow(clippy::too_many_arguments)]
pub fn generate_many(
    py: Python<'_>,
    count: usize,
    size: usize,
    r#box: Option<&str>,
    like: Option<PyRef<'_, Puzzle>>,
    rules: Option<Vec<String>>,
    difficulty: Option<&str>,
    seed: u64,
    clues: Option<usize>,
    minimal: bool,
    symmetry: &str,
    killer: bool,
    rate: bool,
    attempts: Option<usize>,
    jobs: Option<usize>,
) -> PyResult<Vec<Generated>> {
    let spec =
        spec(size, r#box, like.as_deref(), rules, difficulty, seed, clues, minimal, symmetry, killer, rate, attempts)?;
    generate_batch(py, &spec, count, jobs)
}

//! What every front end (CLI, web, Python) does to a puzzle before solving it: box shapes written
//! `RxC`, rules switched on by name, time limits in seconds, one line of a batch, a grid given as
//! rows of integers (the Python package's lists and numpy arrays), and [`vet`]: no shape repeated
//! in a rule, and a model no larger than the front end's bound.

use std::collections::HashMap;
use std::time::Duration;

use sudoku_ip_formats::json::to_json;
use sudoku_ip_formats::{self as formats, excerpt, Format, ParseOptions};
use sudoku_ip_model::rules::{rule_from_name, validate_rules, RuleError};
use sudoku_ip_model::{BoxShape, Geometry, GeometryError, Grid, Model, ModelTooLarge, ParseError, Puzzle};
use thiserror::Error;

/// The CLI's bound on a model's nonzero coefficients (`--max-nonzeros`): about 300 MB of rows,
/// twenty times a 64×64 grid's model. The web server's is lower (`ServerLimits`).
pub const CLI_MAX_NONZEROS: usize = 20_000_000;

/// A box shape or a rule name that cannot be used.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum InputError {
    /// A box shape that is not `RxC` or `none`.
    #[error("{0}")]
    BoxShape(String),
    /// The `index`-th rule name is unknown or cannot hold in this grid.
    #[error("{message}")]
    RuleName {
        /// Position in the list of names.
        index: usize,
        /// What is wrong and which names exist.
        message: String,
    },
    /// The rules together do not make sense for the puzzle (e.g. two rules of one kind).
    #[error(transparent)]
    Rules(#[from] RuleError),
    /// A time limit that is not a usable number of seconds.
    #[error("{0}")]
    TimeLimit(String),
    /// A number of threads that is zero or more than [`JOBS_PER_CORE`] a core.
    #[error("{0}")]
    Jobs(String),
    /// A grid given as rows of integers that is not a square of digits.
    #[error("{0}")]
    Rows(String),
    /// The grid's side or box shape cannot be built.
    #[error(transparent)]
    Geometry(#[from] GeometryError),
    /// A rule lists the same shape (thermometer, cage, arrow, dot, region…) twice.
    #[error("{path}: the same {rule} shape as {first}; a repeated shape adds nothing but work, remove one")]
    DuplicateShape {
        /// JSON path of the repeat in the puzzle's JSON form, e.g. `$.rules[0].thermometers[7]`.
        path: String,
        /// JSON path of its first occurrence.
        first: String,
        /// The rule's name.
        rule: String,
    },
    /// The puzzle's model is above the front end's bound (its size and the bound are named).
    #[error(transparent)]
    ModelTooLarge(#[from] ModelTooLarge),
}

/// Most threads a batch may ask for (`--jobs`, Python's `jobs=`), per core: more only adds
/// switching (1,000 threads made a batch 75× slower) and 100,000 would exhaust the process.
pub const JOBS_PER_CORE: usize = 8;

/// A number of threads for a batch: at least 1, at most [`JOBS_PER_CORE`] a core.
pub fn jobs(threads: usize) -> Result<usize, InputError> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let max = cores * JOBS_PER_CORE;
    match threads {
        0 => Err(InputError::Jobs("expected a positive number of threads, found 0".into())),
        j if j > max => Err(InputError::Jobs(format!(
            "{j} threads is too many for {cores} cores (at most {max}, {JOBS_PER_CORE} a core)"
        ))),
        j => Ok(j),
    }
}

/// A time limit of `seconds`: any non-negative number a clock can hold (`1e30` is refused).
pub fn time_limit(seconds: f64) -> Result<Duration, InputError> {
    if !(seconds.is_finite() && seconds >= 0.0) {
        return Err(InputError::TimeLimit(format!(
            "the time limit must be a non-negative number of seconds, found {seconds}"
        )));
    }
    Duration::try_from_secs_f64(seconds).map_err(|_| {
        // Not "at most u64::MAX s": that number, read as a float, is 2^64 and itself too large.
        InputError::TimeLimit(format!(
            "the time limit {seconds:e} s is too large (a clock holds less than 2^64 s, about 585 billion years)"
        ))
    })
}

/// One line of a batch read on its own — a JSON object, or a one-line puzzle — with its errors
/// placed on `line` of the batch (what `sudoku-ip solve FILE` and the Python `solve_many` read).
pub fn parse_batch_line(text: &str, line: usize, opts: &ParseOptions) -> Result<Puzzle, ParseError> {
    let format = if text.trim_start().starts_with('{') { Format::Json } else { Format::Line };
    formats::parse_puzzle(text, &ParseOptions { format, ..opts.clone() }).map_err(|e| e.from_line(line))
}

/// A puzzle from `n` rows of `n` integers, 0 for an empty cell (a list of lists or a numpy
/// array in Python). Errors name the row or the cell (r1c1) and what was expected.
pub fn puzzle_from_rows(rows: &[Vec<i64>], box_shape: Option<BoxShape>) -> Result<Puzzle, InputError> {
    let n = rows.len();
    let bad = |why: String| InputError::Rows(why);
    if n == 0 {
        return Err(bad("the grid has no rows (expected n rows of n integers, 0 for an empty cell)".into()));
    }
    let geometry = Geometry::with_boxes(n, box_shape)?;
    let mut values = Vec::with_capacity(n * n);
    for (r, row) in rows.iter().enumerate() {
        if row.len() != n {
            return Err(bad(format!(
                "row {} has {} cells, expected {n} (a grid of {n} rows has {n} cells a row)",
                r + 1,
                row.len()
            )));
        }
        for (c, &v) in row.iter().enumerate() {
            let digit = u8::try_from(v).ok().filter(|&d| usize::from(d) <= n).ok_or_else(|| {
                bad(format!(
                    "r{}c{}: {v} is not a digit of a {n}x{n} grid (expected 0 for empty, or 1 to {n})",
                    r + 1,
                    c + 1
                ))
            })?;
            values.push(digit);
        }
    }
    let givens = Grid::from_values(n, values).ok_or_else(|| bad(format!("not a {n}x{n} grid")))?;
    Ok(Puzzle::new(geometry, givens))
}

/// A box shape written `RxC` (or `R*C`, `RXC`): rows by columns of one box; or `none` for no
/// boxes (a Latin square).
pub fn parse_box(text: &str) -> Result<BoxShape, InputError> {
    let bad = |why: String| InputError::BoxShape(why);
    if text.trim().eq_ignore_ascii_case("none") {
        return Ok(BoxShape::Latin);
    }
    let (r, c) = text
        .split_once(['x', 'X', '*'])
        .ok_or_else(|| bad(format!("expected ROWSxCOLS such as 2x3, or none, found {:?}", excerpt(text))))?;
    let r = r.trim().parse().map_err(|_| bad(format!("box rows {:?} is not a number", excerpt(r))))?;
    let c = c.trim().parse().map_err(|_| bad(format!("box columns {:?} is not a number", excerpt(c))))?;
    Ok(BoxShape::Rect { rows: r, cols: c })
}

/// `puzzle` with the rules called `names` added (blank names skipped, rules it already has not
/// added twice), each checked for the puzzle's geometry.
pub fn with_rules<S: AsRef<str>>(puzzle: Puzzle, names: &[S]) -> Result<Puzzle, InputError> {
    let n = puzzle.n();
    let mut rules = Vec::with_capacity(names.len());
    for (index, name) in names.iter().enumerate() {
        let name = name.as_ref();
        if name.trim().is_empty() {
            continue;
        }
        // An unknown name is quoted by the error: 40 characters of it (no rule name is longer).
        let rule = rule_from_name(&excerpt(name), n).map_err(|message| InputError::RuleName { index, message })?;
        if !puzzle.rules().iter().chain(&rules).any(|r| r == &rule) {
            rules.push(rule);
        }
    }
    let puzzle = puzzle.with_rules(rules);
    validate_rules(puzzle.geometry(), puzzle.rules())?;
    Ok(puzzle)
}

/// Refuse a puzzle whose rules repeat a shape, or whose model has more than `max_nonzeros`
/// nonzero coefficients (counted row by row, keeping none past the bound: no more memory than
/// the bound however large; a model within it is kept for the solve that follows, see
/// [`Model::vet`]). What the web server and the CLI do to every puzzle they read.
pub fn vet(puzzle: &Puzzle, max_nonzeros: usize) -> Result<(), InputError> {
    duplicate_shapes(puzzle)?;
    // Cell, row, column and region rows: 4n rows of n terms per digit... 4n³ in all.
    let n = puzzle.n();
    let plain = n.checked_pow(3).and_then(|c| c.checked_mul(4)).unwrap_or(usize::MAX);
    if puzzle.rules().is_empty() && plain <= max_nonzeros {
        return Ok(());
    }
    Ok(Model::vet(puzzle, max_nonzeros)?)
}

/// The first shape a rule of `puzzle` lists twice, by the JSON paths of both. Read from the
/// puzzle's JSON form, so it holds for every rule with data, whatever its fields: two equal
/// items of a rule's list (cell lists, or objects such as a cage with its sum) are a repeat.
pub fn duplicate_shapes(puzzle: &Puzzle) -> Result<(), InputError> {
    if puzzle.rules().is_empty() {
        return Ok(());
    }
    let json = to_json(puzzle);
    let Some(rules) = json.get("rules").and_then(|r| r.as_array()) else { return Ok(()) };
    for (i, rule) in rules.iter().enumerate() {
        let Some(fields) = rule.as_object() else { continue };
        for (key, list) in fields {
            let Some(items) = list.as_array() else { continue };
            let mut seen: HashMap<String, usize> = HashMap::with_capacity(items.len());
            for (k, item) in items.iter().enumerate().filter(|(_, x)| x.is_array() || x.is_object()) {
                if let Some(&j) = seen.get(&item.to_string()) {
                    return Err(InputError::DuplicateShape {
                        path: format!("$.rules[{i}].{key}[{k}]"),
                        first: format!("$.rules[{i}].{key}[{j}]"),
                        rule: fields.get("type").and_then(|t| t.as_str()).unwrap_or("rule").to_string(),
                    });
                }
                seen.insert(item.to_string(), k);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_ip_model::Geometry;

    fn thermometers(list: &str) -> Puzzle {
        let text = format!(r#"{{"size": 9, "rules": [{{"type": "thermometer", "thermometers": {list}}}]}}"#);
        sudoku_ip_formats::json::parse_json(&text).expect("a thermometer puzzle")
    }

    #[test]
    fn a_repeated_shape_is_refused_with_both_paths() {
        let twice = thermometers(r#"[["r1c1","r1c2"], ["r5c5","r5c6","r5c7"], ["r1c1","r1c2"]]"#);
        match vet(&twice, CLI_MAX_NONZEROS) {
            Err(InputError::DuplicateShape { path, first, rule }) => {
                assert_eq!(
                    (path.as_str(), first.as_str(), rule.as_str()),
                    ("$.rules[0].thermometers[2]", "$.rules[0].thermometers[0]", "thermometer")
                );
            }
            other => panic!("expected a duplicate shape, got {other:?}"),
        }
        // The same cells in another order are another thermometer.
        assert_eq!(vet(&thermometers(r#"[["r1c1","r1c2"], ["r1c2","r1c1"]]"#), CLI_MAX_NONZEROS), Ok(()));
    }

    #[test]
    fn a_model_above_the_bound_is_refused_with_its_size() {
        let p = thermometers(r#"[["r1c1","r1c2","r1c3"]]"#);
        let size = Model::build(&p).size();
        assert_eq!(vet(&p, size.nonzeros), Ok(()));
        match vet(&p, size.nonzeros - 1) {
            Err(InputError::ModelTooLarge(e)) => {
                assert_eq!((e.rows, e.nonzeros, e.max), (size.rows, size.nonzeros, size.nonzeros - 1));
                assert!(e.to_string().contains(&format!("{} nonzero", size.nonzeros)), "{e}");
            }
            other => panic!("expected too large, got {other:?}"),
        }
        // Plain grids are measured too when the bound is below their size.
        let blank = Puzzle::blank(Geometry::new(9, None).expect("9x9"));
        assert!(matches!(vet(&blank, 1000), Err(InputError::ModelTooLarge(e)) if e.nonzeros == 4 * 729));
    }

    #[test]
    fn box_shapes_are_read_and_bad_ones_named() {
        assert_eq!(parse_box("2x3"), Ok((2, 3).into()));
        assert_eq!(parse_box(" 3 * 2 "), Ok((3, 2).into()));
        assert_eq!(parse_box(" None"), Ok(BoxShape::Latin));
        assert!(parse_box("23").expect_err("no x").to_string().contains("ROWSxCOLS"));
        assert!(parse_box("ax3").expect_err("rows").to_string().contains("\"a\""));
    }

    #[test]
    fn time_limits_are_non_negative_and_fit_the_clock() {
        assert_eq!(time_limit(1.5), Ok(Duration::from_millis(1500)));
        assert!(time_limit(-1.0).expect_err("negative").to_string().contains("non-negative"));
        assert!(time_limit(f64::NAN).is_err());
        // Regression: `Duration::from_secs_f64` panicked above ~1.8e19 s.
        assert!(time_limit(1e30).expect_err("too large").to_string().contains("too large"));
    }

    #[test]
    fn a_batch_line_is_json_or_a_line_and_its_errors_keep_the_line_number() {
        let opts = ParseOptions::default();
        let p = parse_batch_line(&".".repeat(81), 3, &opts).expect("empty 9x9");
        assert_eq!(p.n(), 9);
        let json = parse_batch_line(r#"{"size": 4, "givens": "1..............."}"#, 1, &opts).expect("json");
        assert_eq!(json.n(), 4);
        let err = parse_batch_line(&format!("{}x", ".".repeat(80)), 7, &opts).expect_err("bad cell");
        assert!(err.to_string().starts_with("line 7"), "{err}");
    }

    #[test]
    fn rows_of_integers_make_a_puzzle_and_bad_ones_name_the_cell() {
        let mut rows = vec![vec![0i64; 4]; 4];
        rows[1][2] = 3;
        let p = puzzle_from_rows(&rows, None).expect("4x4");
        assert_eq!(p.givens().to_line(), "......3.........");
        rows[2][3] = 5;
        let err = puzzle_from_rows(&rows, None).expect_err("5 in a 4x4");
        assert!(err.to_string().starts_with("r3c4: 5 is not a digit"), "{err}");
        rows[2][3] = -1;
        assert!(puzzle_from_rows(&rows, None).is_err());
        rows[2].pop();
        assert!(puzzle_from_rows(&rows, None).expect_err("short").to_string().contains("row 3 has 3 cells"));
        assert!(puzzle_from_rows(&[], None).is_err());
        let err = puzzle_from_rows(&vec![vec![0; 6]; 6], Some((2, 2).into())).expect_err("2x2 boxes in 6x6");
        assert!(err.to_string().contains("box shape 2x2"), "{err}");
    }

    #[test]
    fn long_box_shapes_and_rule_names_are_quoted_not_echoed() {
        // Fuzzing (api_parse): `"box": "2x<1 KB>"` gave a 1 KB message.
        let e = parse_box(&format!("2x{}", "9a".repeat(500))).expect_err("not a number");
        assert!(e.to_string().starts_with("box columns \"9a9a") && e.to_string().len() < 100, "{e}");
        let e = parse_box(&"2".repeat(1_000)).expect_err("no x");
        assert!(e.to_string().len() < 100, "{e}");
        // `--rules`, the API's `rules` with a 100 KB name gave a 100 KB message.
        let blank = Puzzle::blank(Geometry::new(9, None).expect("9x9"));
        let e = with_rules(blank, &["y".repeat(100_000)]).expect_err("unknown");
        assert!(e.to_string().contains("unknown rule \"yyy") && e.to_string().len() < 300, "{e}");
    }

    #[test]
    fn rules_by_name_are_added_once_and_unknown_names_are_located() {
        let blank = Puzzle::blank(Geometry::new(9, None).expect("9x9"));
        let p = with_rules(blank.clone(), &["diagonal", " ", "diagonal", "anti-knight"]).expect("rules");
        assert_eq!(p.rules().len(), 2);
        let again = with_rules(p, &["diagonal"]).expect("already there");
        assert_eq!(again.rules().len(), 2);
        match with_rules(blank, &["diagonal", "sandwich"]) {
            Err(InputError::RuleName { index: 1, message }) => assert!(message.contains("sandwich"), "{message}"),
            other => panic!("{other:?}"),
        }
    }
}

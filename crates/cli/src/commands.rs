//! The subcommands.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{anyhow, Context};
use serde_json::json;
use sudoku_ip::formats::{self, fpuzzles, Document, ParseOptions};
use sudoku_ip::{check, export, Answer, Limits, Model, Options, Outcome, Puzzle, Report};

use super::args::{CheckArgs, Command, CountArgs, ExportArgs, InputArgs, OutputFormat, SolveArgs, SolverArgs};
use super::output::{count_text, grid_text, json_line, solution_note, stats_line};
use super::{batch, bench, Cli, Failure, Status};

pub fn dispatch(cli: Cli) -> Result<Status, Failure> {
    match cli.command {
        Command::Solve(a) => solve(a),
        Command::Count(a) => count(a),
        Command::Check(a) => check_cmd(a),
        Command::Export(a) => export_cmd(a),
        Command::Bench(a) => bench::run(a),
        Command::Render(a) => super::render::run(a),
        Command::Serve(a) => super::serve::run(a),
        Command::Generate(a) => super::generate::generate_cmd(a),
        Command::Rate(a) => super::generate::rate_cmd(a),
        Command::Minimize(a) => super::generate::minimize_cmd(a),
        Command::Compare(a) => super::compare::run(a),
        Command::Model(a) => super::ip::run(a),
        Command::Hint(a) => super::insight::hint(a),
        Command::Explain(a) => super::insight::explain(a),
        Command::Candidates(a) => super::insight::candidates(a),
    }
}

/// Read a file, or standard input for `-` / nothing, or the argument itself when it is no file
/// but a puzzle written on the command line (a link, or a one-line puzzle: [`inline_puzzle`]).
pub fn read_text(path: Option<&Path>) -> Result<(String, String), Failure> {
    match path {
        None => read_stdin(),
        Some(p) if p == Path::new("-") => read_stdin(),
        Some(p) => match inline_puzzle(p) {
            Some(text) => Ok((text, ARGUMENT.to_string())),
            None => {
                let text = std::fs::read_to_string(p).with_context(|| format!("cannot read {}", p.display()))?;
                Ok((text, p.display().to_string()))
            }
        },
    }
}

/// How errors name a puzzle given as the argument itself.
pub const ARGUMENT: &str = "<argument>";

/// The argument as puzzle text, when it names no file and reads as a puzzle: a SudokuPad or
/// f-puzzles link (`https://…`, or the bare `fpuzzles…` / `scl…` payload), or one line of
/// digits and empty-cell marks whose length is a square grid's (`..53.....8…`, 81 for 9×9).
/// A name that could be a mistyped file (`puzle.txt`) is left for the file error.
pub fn inline_puzzle(arg: &Path) -> Option<String> {
    if arg.exists() {
        return None;
    }
    let text = arg.to_str()?.trim();
    let link = ["http://", "https://", "fpuzzles", "scl", "ctc"].iter().any(|p| text.starts_with(p));
    let cells = text.chars().count();
    let side = (cells as f64).sqrt().round() as usize;
    let line = cells >= 16
        && side * side == cells
        && text.chars().all(|c| c.is_ascii_alphanumeric() || ".*_".contains(c))
        && text.chars().any(|c| c.is_ascii_digit() || ".*_".contains(c));
    (link || line).then(|| format!("{text}\n"))
}

fn read_stdin() -> Result<(String, String), Failure> {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).context("cannot read standard input")?;
    Ok((text, "<stdin>".into()))
}

pub fn parse_options(input: &InputArgs) -> ParseOptions {
    ParseOptions { format: input.format, size: input.size, box_shape: input.boxes.shape() }
}

pub fn read_document(input: &InputArgs) -> Result<(Document, String), Failure> {
    let (text, name) = read_text(input.file.as_deref())?;
    let doc = formats::parse_document(&text, &parse_options(input))
        .map_err(|e| Failure::bad_input(anyhow!("{name}: {e}")))?;
    match &doc {
        Document::Single(p) => warn(p, &name),
        Document::Batch(items) => {
            for (line, p) in items {
                if let Ok(p) = p {
                    warn(p, format_args!("{name}:{line}"));
                }
            }
        }
    }
    let doc = match doc {
        Document::Single(p) => Document::Single(prepare(p, input).map_err(|f| f.context(&name))?),
        Document::Batch(items) => Document::Batch(
            items
                .into_iter()
                .map(|(line, p)| (line, p.and_then(|p| prepare(p, input).map_err(|f| f.into_parse_error(line)))))
                .collect(),
        ),
    };
    Ok((doc, name))
}

/// The puzzle's warnings on stderr (a killer cage whose cells do not touch, …): read as
/// given, but more often a typo ([`sudoku_ip::model::warnings`]).
pub fn warn(puzzle: &Puzzle, name: impl std::fmt::Display) {
    for w in sudoku_ip::model::warnings(puzzle) {
        eprintln!("warning: {name}: {w}");
    }
}

/// Add `--rules` to a parsed puzzle (the facade's [`sudoku_ip::with_rules`]).
pub fn with_rules(puzzle: Puzzle, names: &[String]) -> Result<Puzzle, Failure> {
    sudoku_ip::with_rules(puzzle, names).map_err(|e| Failure::bad_input(anyhow!("--rules: {e}")))
}

/// A puzzle as read, made ready: `--rules` added, then vetted ([`sudoku_ip::vet`]: no shape
/// repeated in a rule, a model within `--max-nonzeros`).
pub fn prepare(puzzle: Puzzle, input: &InputArgs) -> Result<Puzzle, Failure> {
    let puzzle = with_rules(puzzle, &input.rules)?;
    sudoku_ip::vet(&puzzle, input.max_nonzeros).map_err(|e| match e {
        sudoku_ip::InputError::ModelTooLarge(_) => Failure::bad_input(anyhow!("{e} (raise it with --max-nonzeros)")),
        e => Failure::bad_input(anyhow!("{e}")),
    })?;
    Ok(puzzle)
}

pub fn options(s: &SolverArgs) -> Options {
    Options {
        solver: s.solver,
        limits: Limits { time: s.time_limit, nodes: s.node_limit, ..Default::default() },
        presolve: s.presolve(),
        objective: s.objective.into(),
        mip_start: s.mip_start.into(),
        timed: true,
    }
}

fn out() -> std::io::StdoutLock<'static> {
    std::io::stdout().lock()
}

fn solve(a: SolveArgs) -> Result<Status, Failure> {
    let batch_opts = options(&a.solver);
    // One puzzle: its time limit counts from here, reading and vetting it included (a batch
    // gives each puzzle its own limit).
    let mut opts = batch_opts.clone();
    opts.limits.cancel = opts.limits.start();
    let (stream, name) = super::stream::open(a.input.file.as_deref(), &parse_options(&a.input))?;
    let puzzle = match stream {
        super::stream::Stream::Single(p) => {
            warn(&p, &name);
            prepare(p, &a.input).map_err(|f| f.context(&name))?
        }
        super::stream::Stream::Batch(items) => {
            super::render::refuse_batch(&a.picture)?;
            let input = a.input.clone();
            let items = items.map(move |(line, p)| {
                if let Ok(p) = &p {
                    warn(p, format_args!("{name}:{line}"));
                }
                (line, p.and_then(|p| prepare(p, &input).map_err(|f| f.into_parse_error(line))))
            });
            return batch::solve_batch(items, &a, &batch_opts);
        }
    };
    let format = a.output.output.unwrap_or(OutputFormat::Grid);
    if a.all && format != OutputFormat::Json {
        return solve_all(&a, &puzzle, &opts, format);
    }
    let (max, keep) = if a.all {
        (a.max, usize::try_from(a.max).unwrap_or(usize::MAX).min(1_000_000))
    } else if a.unique {
        (2, 2)
    } else {
        (1, 1)
    };
    let report = sudoku_ip::search(&puzzle, &opts, max, keep).map_err(Failure::solver)?;
    super::render::solution_picture(&a.picture, &puzzle, &report)?;
    if let Some(note) = solution_note(&puzzle, &report) {
        eprintln!("{note}");
    }
    if a.output.stats && format != OutputFormat::Json {
        if let Some(caption) = puzzle.meta().caption() {
            eprintln!("puzzle: {caption}");
        }
        eprintln!("{}", stats_line(&report));
    }
    let mut w = out();
    if format == OutputFormat::Json {
        let mut answer = Answer::solve(&report, a.unique);
        if a.all {
            answer = answer.with_solutions(&report);
        }
        if a.output.stats {
            answer = answer.with_stats(&report, opts.limits.time);
        }
        writeln!(w, "{}", json_line(&answer)?)?;
        return Ok(status_of(&report, a.unique));
    }
    match (&report.outcome, report.solution()) {
        (Outcome::Solved, Some(grid)) => {
            if a.all {
                for (i, g) in report.solutions.iter().enumerate() {
                    if i > 0 && format == OutputFormat::Grid {
                        writeln!(w)?;
                    }
                    write!(w, "{}", grid_text(g, &puzzle, format))?;
                }
                eprintln!(
                    "{} solution(s){}",
                    count_text(&report),
                    if report.end == sudoku_ip::SearchEnd::Exhausted { "" } else { " (stopped)" }
                );
            } else {
                write!(w, "{}", grid_text(grid, &puzzle, format))?;
            }
            if a.unique && !report.is_unique() {
                eprintln!("not unique: {} solutions", count_text(&report));
                if let Some(second) = report.solutions.get(1) {
                    eprintln!("another solution: {}", second.to_line());
                }
            }
        }
        // A solved report has its solution (`Report::solution`).
        (Outcome::Solved, None) => {}
        (Outcome::Infeasible { reason }, _) => eprintln!("no solution: {reason}"),
        (Outcome::Unknown { reason }, _) => eprintln!("unknown: {reason}"),
    }
    Ok(status_of(&report, a.unique))
}

/// `solve --all` as text: every solution printed (checked) as the search finds it, so memory
/// stays flat however many there are; then on stderr how many, and why it stopped.
fn solve_all(a: &SolveArgs, puzzle: &Puzzle, opts: &Options, format: OutputFormat) -> Result<Status, Failure> {
    let mut w = std::io::BufWriter::new(out());
    let mut written: u64 = 0;
    let mut failed = None;
    let report = sudoku_ip::search_each(puzzle, opts, a.max, |g| {
        let sep = if written > 0 && format == OutputFormat::Grid { "\n" } else { "" };
        match write!(w, "{sep}{}", grid_text(g, puzzle, format)) {
            Ok(()) => {
                written += 1;
                true
            }
            Err(e) => {
                failed = Some(e);
                false
            }
        }
    })
    .map_err(Failure::solver)?;
    if let Some(e) = failed {
        return Err(e.into());
    }
    w.flush()?;
    super::render::solution_picture(&a.picture, puzzle, &report)?;
    if a.output.stats {
        eprintln!("{}", stats_line(&report));
    }
    match &report.end {
        sudoku_ip::SearchEnd::Exhausted => eprintln!("{written} solution(s), all of them"),
        sudoku_ip::SearchEnd::ReachedMax => {
            eprintln!("{written} solution(s): stopped at the cap (--max {}); there may be more", a.max)
        }
        sudoku_ip::SearchEnd::Stopped { reason } => {
            eprintln!("{written} solution(s) printed, then stopped ({reason}); there may be more")
        }
    }
    if let Outcome::Infeasible { reason } = &report.outcome {
        eprintln!("no solution: {reason}");
    }
    Ok(if written == 0 { Status::NoSolution } else { Status::Ok })
}

pub fn status_of(report: &Report, unique: bool) -> Status {
    match report.outcome {
        Outcome::Solved if !unique || report.is_unique() => Status::Ok,
        _ => Status::NoSolution,
    }
}

fn count(a: CountArgs) -> Result<Status, Failure> {
    let (doc, name) = read_document(&a.input)?;
    let puzzle = single(doc, &name)?;
    let mut opts = options(&a.solver);
    let (cancel, watch) = super::progress::watch(super::progress::Job::Count, &opts.limits.cancel);
    opts.limits.cancel = cancel;
    let report = sudoku_ip::count(&puzzle, &opts, a.max, 0).map_err(Failure::solver);
    drop(watch);
    let report = report?;
    if a.stats {
        eprintln!("{}", stats_line(&report));
    }
    let mut w = out();
    if a.json {
        let answer = Answer::count(&report).with_stats(&report, a.solver.time_limit);
        writeln!(w, "{}", json_line(&answer)?)?;
    } else {
        writeln!(w, "{}", count_text(&report))?;
    }
    Ok(if report.count > 0 && !matches!(report.end, sudoku_ip::SearchEnd::Stopped { .. }) {
        Status::Ok
    } else {
        Status::NoSolution
    })
}

pub fn single(doc: Document, name: &str) -> Result<Puzzle, Failure> {
    match doc {
        Document::Single(p) => Ok(p),
        Document::Batch(items) => Err(Failure::bad_input(anyhow!(
            "{name}: expected one puzzle, found {} (one a line); `solve`, `rate`, `minimize` and `render --sheet` take batches",
            items.len()
        ))),
    }
}

fn check_cmd(a: CheckArgs) -> Result<Status, Failure> {
    let opts = ParseOptions { format: a.format, size: None, box_shape: a.boxes.shape() };
    let (ptext, pname) = read_text(Some(&a.puzzle))?;
    let puzzle = formats::parse_puzzle(&ptext, &opts).map_err(|e| Failure::bad_input(anyhow!("{pname}: {e}")))?;
    let (stext, sname) = read_text(Some(&a.solution))?;
    let sopts = ParseOptions { size: Some(puzzle.n()), box_shape: puzzle.geometry().boxes(), ..opts };
    let solution = formats::parse_puzzle(&stext, &sopts).map_err(|e| Failure::bad_input(anyhow!("{sname}: {e}")))?;
    let violations = check::verify(&puzzle, solution.givens());
    let mut w = out();
    if a.json {
        writeln!(
            w,
            "{}",
            json!({ "valid": violations.is_empty(), "violations": violations.iter().map(ToString::to_string).collect::<Vec<_>>() })
        )?;
    } else if violations.is_empty() {
        writeln!(w, "valid: the grid solves the puzzle")?;
    } else {
        writeln!(w, "invalid: {} problem(s)", violations.len())?;
        for v in &violations {
            writeln!(w, "  {v}")?;
        }
    }
    Ok(if violations.is_empty() { Status::Ok } else { Status::NoSolution })
}

fn export_cmd(a: ExportArgs) -> Result<Status, Failure> {
    let (doc, name) = read_document(&a.input)?;
    let mut puzzle = single(doc, &name)?;
    if a.solution && !(a.fpuzzles || a.link.is_some()) {
        return Err(Failure::bad_input(anyhow!("--solution goes with --fpuzzles or --link")));
    }
    if a.fpuzzles || a.link.is_some() {
        if a.solution {
            let solution = unique_solution(&puzzle, &name)?;
            let mut meta = puzzle.meta().clone();
            meta.solution = Some(solution);
            puzzle.set_meta(meta);
        }
        let written = match a.link {
            Some(kind) => fpuzzles::to_link(&puzzle, kind),
            None => fpuzzles::to_fpuzzles(&puzzle).map(|v| v.to_string()),
        };
        let text = written.map_err(|e| Failure::bad_input(anyhow!("{name}: {e}")))? + "\n";
        match a.out {
            Some(path) => write_file(&path, &text)?,
            None => out().write_all(text.as_bytes())?,
        }
        return Ok(Status::Ok);
    }
    let model = Model::build(&puzzle).with_objective(a.objective.into());
    let text = if a.lp {
        export::to_lp(&model)
    } else {
        export::to_mps(&model, if a.fixed { export::MpsFormat::Fixed } else { export::MpsFormat::Free })
    };
    match a.out {
        Some(path) => write_file(&path, &text)?,
        None => out().write_all(text.as_bytes())?,
    }
    Ok(Status::Ok)
}

/// The puzzle's one solution (native search, checked by the pipeline), or exit 1 saying why not.
fn unique_solution(puzzle: &Puzzle, name: &str) -> Result<sudoku_ip::Grid, Failure> {
    let mut report = sudoku_ip::search(puzzle, &Options::default(), 2, 1).map_err(Failure::solver)?;
    let unique = report.is_unique();
    let first = std::mem::take(&mut report.solutions).into_iter().next();
    match (&report.outcome, first) {
        (Outcome::Solved, Some(grid)) if unique => Ok(grid),
        (Outcome::Solved, _) => {
            Err(no_answer(anyhow!("{name}: --solution: the puzzle has {} solutions, not one", count_text(&report))))
        }
        (Outcome::Infeasible { reason }, _) => Err(no_answer(anyhow!("{name}: --solution: no solution: {reason}"))),
        (Outcome::Unknown { reason }, _) => Err(no_answer(anyhow!("{name}: --solution: unknown: {reason}"))),
    }
}

fn no_answer(error: anyhow::Error) -> Failure {
    Failure { status: Status::NoSolution, error }
}

fn write_file(path: &PathBuf, text: &str) -> Result<(), Failure> {
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

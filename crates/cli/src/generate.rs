//! The generator's subcommands: `generate`, `rate`, and `minimize` (alias `reduce`).

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::anyhow;
use clap::{Args, ValueEnum};
use indicatif::ProgressBar;
use rayon::prelude::*;
use serde_json::{json, Value};
use sudoku_ip::formats::{self, Document, TextForm};
use sudoku_ip::generate::{
    self, GenerateError, GenerateSpec, Generated, Grade, KillerSpec, Rating, SeRating, Symmetry,
};
use sudoku_ip::{Cancel, Generation, Geometry, Puzzle};

use super::args::{parse_seconds, BoxArgs, InputArgs, OutputFormat};
use super::commands::{read_document, read_text, with_rules};
use super::progress::Job;
use super::{Failure, Status};

/// `generate`: unique puzzles.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Grid side.
    #[arg(long, value_name = "N", default_value_t = 9)]
    pub size: usize,
    #[command(flatten)]
    pub boxes: BoxArgs,
    /// Take the geometry (jigsaw regions too) and rules from this puzzle file instead; its
    /// givens are ignored.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["size", "box_shape", "no_boxes"])]
    pub like: Option<PathBuf>,
    // Extra rules: the help lists the rule registry.
    #[arg(long, value_name = "LIST", value_delimiter = ',', help = crate::args::rules_help())]
    pub rules: Vec<String>,
    /// Killer: random cages of 2-5 cells with their sums, and as few givens as stay unique
    /// (often none). Written as JSON.
    #[arg(long)]
    pub killer: bool,
    /// Stop removing clues at N (best effort: the clue count reached is reported when higher).
    /// With --minimal: retry until a minimal puzzle has at most N clues.
    #[arg(long, value_name = "N")]
    pub clues: Option<usize>,
    /// Remove every clue that can go (with --symmetry: every symmetric group of clues), deciding
    /// every removal exactly — slow beyond 16x16.
    #[arg(long)]
    pub minimal: bool,
    /// Symmetry of the clue pattern.
    #[arg(long, value_enum, default_value_t = SymmetryArg::None)]
    pub symmetry: SymmetryArg,
    /// Random seed: the same seed and options give the same puzzles (default: a random seed,
    /// printed in the grid header, in JSON and with --stats).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Number of puzzles, made in parallel; puzzle i is the puzzle of seed S+i.
    #[arg(long, short = 'n', value_name = "K", default_value_t = 1)]
    pub count: usize,
    /// Keep only puzzles of this grade (see `rate`).
    #[arg(long, value_enum)]
    pub difficulty: Option<GradeArg>,
    /// Keep only puzzles rated at least this on the Sudoku Explainer scale (see `rate`), e.g. 6.6.
    #[arg(long, value_name = "SE", value_parser = parse_rating)]
    pub rating_min: Option<SeRating>,
    /// Keep only puzzles rated at most this on the Sudoku Explainer scale, e.g. 4.5.
    #[arg(long, value_name = "SE", value_parser = parse_rating)]
    pub rating_max: Option<SeRating>,
    /// Full grids to try per puzzle for --clues or --difficulty (default: 1000 up to 9x9, 20 up
    /// to 16x16, 3 beyond).
    #[arg(long, value_name = "N")]
    pub attempts: Option<usize>,
    /// Node limit of each uniqueness search while removing clues; undecided clues stay
    /// ("none": decide every removal; default: none up to 16x16, 50 beyond, 1000 for --killer).
    #[arg(long, value_name = "N", value_parser = parse_nodes)]
    pub check_nodes: Option<NodeLimit>,
    /// Also print each puzzle's solution.
    #[arg(long)]
    pub solution: bool,
    /// Output format (default: grid for one puzzle, line for several, json for killer).
    #[arg(long, short = 'O', value_enum)]
    pub output: Option<GenerateOutput>,
    /// Print seed, time, clues and rating of each puzzle to stderr.
    #[arg(long)]
    pub stats: bool,
    /// Threads for --count (default: all cores).
    #[arg(long, short = 'j', value_name = "N", value_parser = super::args::parse_jobs)]
    pub jobs: Option<usize>,
    /// Stop after this many seconds (the whole run): each puzzle made so far is printed as
    /// reached (unique, said on stderr and in JSON to be cut short); one not begun is an error.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, allow_negative_numbers = true)]
    pub time_limit: Option<Duration>,
    // -o FILE: the puzzles (with --solution, their solutions too) as a picture; with --count
    // above 1, on printable A4 sheets, six a page.
    #[command(flatten)]
    pub picture: super::render::PictureArgs,
}

/// `generate --output` values: the puzzle formats, and links.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GenerateOutput {
    /// A readable grid with box lines (the default for one puzzle).
    Grid,
    /// One line of n*n characters (the default for several).
    Line,
    /// A JSON object, one a line.
    Json,
    /// A SudokuPad link, one a line, with the solution in it (SudokuPad checks answers
    /// against it; the player does not see it).
    Link,
}

impl GenerateOutput {
    /// The puzzle format, or `None` for links.
    fn format(self) -> Option<OutputFormat> {
        match self {
            GenerateOutput::Grid => Some(OutputFormat::Grid),
            GenerateOutput::Line => Some(OutputFormat::Line),
            GenerateOutput::Json => Some(OutputFormat::Json),
            GenerateOutput::Link => None,
        }
    }
}

/// `rate`: the grade of a puzzle. A file of puzzles one a line (one-line or JSON) gives one line per puzzle:
/// grade, hardest technique, engine guesses.
#[derive(Debug, Args)]
pub struct RateArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Print JSON (one object per puzzle).
    #[arg(long)]
    pub json: bool,
    /// Stop after this many seconds (the whole run); puzzles not rated by then are errors
    /// ("time limit … reached", exit 1).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, allow_negative_numbers = true)]
    pub time_limit: Option<Duration>,
}

/// `minimize`: drop the clues a unique puzzle does not need. A file of puzzles one a line
/// (one-line or JSON) gives one line per puzzle.
#[derive(Debug, Args)]
pub struct MinimizeArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format (default: grid for one puzzle, line for a file of puzzles).
    #[arg(long, short = 'O', value_enum)]
    pub output: Option<OutputFormat>,
    /// Stop after this many seconds (the whole run): the clues removed by then (still unique,
    /// said on stderr not to be minimal); a puzzle whose uniqueness was not proved in time is
    /// an error (exit 1).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, allow_negative_numbers = true)]
    pub time_limit: Option<Duration>,
}

/// `--symmetry` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SymmetryArg {
    /// Any clue pattern.
    None,
    /// Half-turn symmetric.
    Rot180,
    /// Quarter-turn symmetric.
    Rot90,
    /// Left-right mirror.
    Mirror,
    /// Symmetric about the main diagonal.
    Diagonal,
}

impl From<SymmetryArg> for Symmetry {
    fn from(s: SymmetryArg) -> Symmetry {
        match s {
            SymmetryArg::None => Symmetry::None,
            SymmetryArg::Rot180 => Symmetry::Rot180,
            SymmetryArg::Rot90 => Symmetry::Rot90,
            SymmetryArg::Mirror => Symmetry::Mirror,
            SymmetryArg::Diagonal => Symmetry::Diagonal,
        }
    }
}

/// `--difficulty` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GradeArg {
    /// Singles only.
    Easy,
    /// Locked candidates, pairs.
    Medium,
    /// Triples, X-wing, swordfish.
    Hard,
    /// Needs search.
    Expert,
}

impl From<GradeArg> for Grade {
    fn from(g: GradeArg) -> Grade {
        match g {
            GradeArg::Easy => Grade::Easy,
            GradeArg::Medium => Grade::Medium,
            GradeArg::Hard => Grade::Hard,
            GradeArg::Expert => Grade::Expert,
        }
    }
}

/// `--check-nodes`: a limit, or none. (A newtype: clap reads `Option<Option<_>>` as a flag
/// with an optional value.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NodeLimit(Option<u64>);

fn parse_nodes(s: &str) -> Result<NodeLimit, String> {
    match s {
        "none" => Ok(NodeLimit(None)),
        _ => match s.parse::<u64>() {
            Ok(k) if k > 0 => Ok(NodeLimit(Some(k))),
            _ => Err(format!("expected a positive number of nodes or \"none\", found {s:?}")),
        },
    }
}

/// `--rating-min` / `--rating-max`: a number 1.0–12.0 with at most one decimal.
fn parse_rating(s: &str) -> Result<SeRating, String> {
    match s.parse::<f64>() {
        Ok(x) if (1.0..=12.0).contains(&x) && ((x * 10.0).round() - x * 10.0).abs() < 1e-6 => {
            Ok(SeRating((x * 10.0).round() as u16))
        }
        _ => Err(format!("expected a rating from 1.0 to 12.0 with one decimal (e.g. 6.6), found {s:?}")),
    }
}

/// A seed from the clock and the process's hash keys, for runs without `--seed`.
fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos()));
    h.finish()
}

fn spec_of(a: &GenerateArgs) -> Result<GenerateSpec, Failure> {
    let template = match &a.like {
        Some(path) => {
            let (text, name) = read_text(Some(path))?;
            formats::parse_puzzle(&text, &formats::ParseOptions::default())
                .map_err(|e| Failure::bad_input(anyhow!("{name}: {e}")))?
        }
        None => {
            let geometry = Geometry::with_boxes(a.size, a.boxes.shape()).map_err(|e| match e {
                // The library's words, with this command's flags for the two ways out.
                sudoku_ip::model::GeometryError::NoBoxShape { .. } => {
                    Failure::bad_input(anyhow!("{e} (--box RxC, or --no-boxes)"))
                }
                e => Failure::bad_input(anyhow!("{e}")),
            })?;
            Puzzle::blank(geometry)
        }
    };
    let template = with_rules(template, &a.rules)?;
    let cells = template.n() * template.n();
    if let Some(clues) = a.clues.filter(|&c| c > cells) {
        // A target above the cell count would remove nothing and print the full grid.
        let n = template.n();
        return Err(Failure::bad_input(anyhow!(
            "--clues {clues}: a {n}x{n} grid has {cells} cells; ask for at most {cells} clues"
        )));
    }
    let mut spec = GenerateSpec::new(template.geometry().clone());
    spec.rules = template.rules().to_vec();
    spec.clues = a.clues;
    spec.minimal = a.minimal;
    spec.symmetry = a.symmetry.into();
    spec.seed = a.seed.unwrap_or_else(fresh_seed);
    spec.difficulty = a.difficulty.map(Grade::from);
    if a.rating_min.is_some() || a.rating_max.is_some() {
        let (min, max) = (a.rating_min.unwrap_or(SeRating(0)), a.rating_max.unwrap_or(SeRating(u16::MAX)));
        if min > max {
            return Err(Failure::bad_input(anyhow!("--rating-min {min} is above --rating-max {max}")));
        }
        spec.rating = Some(min..=max);
    }
    spec.killer = a.killer.then(|| KillerSpec::for_side(spec.geometry.n()));
    if let Some(k) = a.attempts {
        spec.max_attempts = k.max(1);
    }
    if let Some(NodeLimit(nodes)) = a.check_nodes {
        spec.check_nodes = nodes;
        if let Some(k) = spec.killer.as_mut() {
            k.check_nodes = nodes;
        }
    }
    spec.rate = a.stats || spec.difficulty.is_some() || spec.rating.is_some();
    spec.cancel = Cancel::default().with_time_limit(a.time_limit);
    Ok(spec)
}

/// The text form of an output format; `None` for JSON.
fn text_form(format: OutputFormat) -> Option<TextForm> {
    match format {
        OutputFormat::Grid => Some(TextForm::Grid),
        OutputFormat::Line => Some(TextForm::Line),
        OutputFormat::Json => None,
    }
}

/// The format to write puzzles like `sample` in, so that they read back as the same puzzles:
/// the one asked for, or `text` by default; JSON by default when the text form cannot carry
/// them (jigsaw regions, rules with data), and an error naming what cannot be written when a
/// text form was asked for. `cages` says the puzzles will have killer cages `sample` lacks.
fn output_format(
    asked: Option<OutputFormat>,
    text: OutputFormat,
    sample: &Puzzle,
    cages: bool,
) -> Result<OutputFormat, Failure> {
    let want = asked.unwrap_or(text);
    let Some(form) = text_form(want) else { return Ok(OutputFormat::Json) };
    let refusal = if cages {
        Some(format!(
            "killer cages cannot be written as {} text; write them as JSON",
            if want == OutputFormat::Grid { "grid" } else { "line" }
        ))
    } else {
        formats::write_text(sample, form).err().map(|e| e.to_string())
    };
    match (refusal, asked) {
        (None, _) => Ok(want),
        (Some(_), None) => Ok(OutputFormat::Json),
        (Some(why), Some(_)) => Err(Failure::bad_input(anyhow!(
            "--output {}: {why} (--output json)",
            if want == OutputFormat::Grid { "grid" } else { "line" }
        ))),
    }
}

/// `puzzle` as text in `form`, headers (`# box:`, `# rules:`) first; `output_format` has
/// checked that the form carries it.
fn puzzle_text(puzzle: &Puzzle, form: TextForm) -> Result<String, Failure> {
    formats::write_text(puzzle, form).map_err(|e| Failure::bad_input(anyhow!("{e}")))
}

pub fn generate_cmd(a: GenerateArgs) -> Result<Status, Failure> {
    if a.count == 0 {
        return Err(Failure::bad_input(anyhow!("--count must be at least 1")));
    }
    super::render::check_picture(&a.picture)?;
    let spec = spec_of(&a)?;
    let sample = Puzzle::blank(spec.geometry.clone()).with_rules(spec.rules.clone());
    let text = if a.count > 1 { OutputFormat::Line } else { OutputFormat::Grid };
    let link = a.output == Some(GenerateOutput::Link);
    if link {
        // Refused before any work when the rules have no f-puzzles form.
        formats::fpuzzles::to_fpuzzles(&sample).map_err(|e| Failure::bad_input(anyhow!("--output link: {e}")))?;
    }
    let format = output_format(a.output.and_then(GenerateOutput::format), text, &sample, spec.killer.is_some())?;
    let start = Instant::now();
    // One puzzle: a line of its attempt and clues; several: a bar of puzzles made.
    let (spec, watch, bar) = if a.count == 1 {
        let (cancel, watch) = super::progress::watch(Job::Generate, &spec.cancel);
        (GenerateSpec { cancel, ..spec }, Some(watch), ProgressBar::hidden())
    } else {
        (spec, None, super::progress::bar(Some(a.count as u64), "puzzles"))
    };
    let run = || -> Vec<_> {
        // generate_many's seeds (puzzle i is seed + i), one at a time so the bar moves.
        (0..a.count as u64)
            .into_par_iter()
            .map(|i| {
                let made = sudoku_ip::generate(&spec.with_seed(spec.seed.wrapping_add(i)));
                bar.inc(1);
                made
            })
            .collect()
    };
    let results = match a.jobs {
        Some(j) => rayon::ThreadPoolBuilder::new()
            .num_threads(j.max(1))
            .build()
            .map_err(|e| Failure::bad_input(anyhow!("cannot start {j} threads: {e}")))?
            .install(run),
        None => run(),
    };
    bar.finish_and_clear();
    drop(watch);
    let mut w = std::io::stdout().lock();
    let mut status = Status::Ok;
    let mut drawn = Vec::new();
    let mut not_minimal = 0;
    for (i, result) in results.into_iter().enumerate() {
        let generation = match result {
            Ok(g) => g,
            Err(e) => {
                let seed = spec.seed.wrapping_add(i as u64);
                eprintln!("puzzle {} (seed {seed}): {e}", i + 1);
                status = status.max(match e {
                    GenerateError::InvalidSpec { .. } | GenerateError::Rule(_) => Status::BadInput,
                    _ => Status::NoSolution,
                });
                continue;
            }
        };
        let g = &generation.made;
        if let Some(reason) = &g.stopped {
            eprintln!(
                "puzzle {} (seed {}): {reason}: {} clues, unique but not proved minimal, {} attempt(s)",
                i + 1,
                g.seed,
                g.clues,
                g.attempts
            );
        } else if !g.target_reached {
            eprintln!(
                "puzzle {} (seed {}): {} clues, above the target of {} after {} attempts",
                i + 1,
                g.seed,
                g.clues,
                spec.clues.unwrap_or(0),
                g.attempts
            );
        }
        // Without a clue target, a puzzle comes out not minimal only when some removal test
        // stopped at the node limit (plain generation beyond 16x16): say so, not only in
        // --stats and JSON.
        if g.stopped.is_none() && spec.clues.is_none() && g.minimality == generate::Minimality::NotMinimal {
            not_minimal += 1;
        }
        if a.stats {
            eprintln!("{}", stats_text(g));
        }
        if link {
            writeln!(w, "{}", link_text(g)?)?;
        } else {
            write_generated(&mut w, &generation, format, a.solution, i > 0)?;
        }
        if a.picture.picture.is_some() {
            drawn.push((g.puzzle.clone(), a.solution.then(|| g.solution.clone())));
        }
    }
    super::render::puzzles_picture(&a.picture, &drawn)?;
    if not_minimal > 0 {
        let limit = spec.killer.map_or(spec.check_nodes, |k| k.check_nodes).map_or(String::new(), |l| format!(" {l}"));
        eprintln!(
            "note: {not_minimal} puzzle(s) unique but not proved minimal: some removal tests stopped at the node \
             limit{limit} (--minimal decides every removal; --check-nodes sets the limit)"
        );
    }
    if a.stats {
        eprintln!("{} puzzle(s) in {:.3} s", a.count, start.elapsed().as_secs_f64());
    }
    Ok(status)
}

/// The generated puzzle as a SudokuPad link carrying its solution.
fn link_text(g: &Generated) -> Result<String, Failure> {
    let mut puzzle = g.puzzle.clone();
    let mut meta = puzzle.meta().clone();
    meta.solution = Some(g.solution.clone());
    puzzle.set_meta(meta);
    formats::fpuzzles::to_link(&puzzle, formats::fpuzzles::LinkKind::SudokuPad)
        .map_err(|e| Failure::bad_input(anyhow!("--output link: {e}")))
}

fn stats_text(g: &Generated) -> String {
    let rating = g.rating.as_ref().map_or(String::new(), |r| {
        format!(", {} ({}), {} guesses", r.grade, r.hardest.map_or("no technique applies", |t| t.name()), r.guesses)
    });
    let minimal = match g.minimality {
        generate::Minimality::Cells => "minimal",
        generate::Minimality::Orbits => "minimal by symmetric groups",
        generate::Minimality::NotMinimal => "not minimal",
    };
    format!("seed {}: {} clues, {minimal}, {} attempt(s){rating}", g.seed, g.clues, g.attempts)
}

fn write_generated(
    w: &mut impl Write,
    generation: &Generation,
    format: OutputFormat,
    solution: bool,
    after_first: bool,
) -> Result<(), Failure> {
    let g = &generation.made;
    let puzzle = &g.puzzle;
    match format {
        OutputFormat::Grid => {
            if after_first {
                writeln!(w)?;
            }
            write!(w, "# seed {}, {} clues\n{}", g.seed, g.clues, puzzle_text(puzzle, TextForm::Grid)?)?;
            if solution {
                write!(w, "\n# solution\n{}", formats::to_grid_text(&g.solution, puzzle.geometry()))?;
            }
        }
        OutputFormat::Line => {
            // The headers once, above the first line: they hold for the whole batch.
            let text = puzzle_text(puzzle, TextForm::Line)?;
            let (headers, line) = text.trim_end().rsplit_once('\n').unwrap_or(("", text.trim_end()));
            if !after_first && !headers.is_empty() {
                writeln!(w, "{headers}")?;
            }
            if solution {
                writeln!(w, "{line} # solution {}", g.solution.to_line())?;
            } else {
                writeln!(w, "{line}")?;
            }
        }
        // The facade's one JSON shape, as the API answers it.
        OutputFormat::Json => writeln!(w, "{}", serde_json::to_string(&generation.json(solution))?)?,
    }
    Ok(())
}

/// The rating as the API's `/api/rate` answers it: the rating's fields and `status` "rated".
fn rating_json(r: &Rating) -> Value {
    let mut v = serde_json::to_value(r).unwrap_or(Value::Null);
    v["status"] = json!("rated");
    v
}

fn rating_text(r: &Rating) -> String {
    let techniques: Vec<String> = r.techniques.iter().map(|t| format!("{} {}", t.technique, t.count)).collect();
    format!(
        "grade: {}\nSE rating: {}\nhardest technique: {}\ntechniques: {}\nneeds search: {}\nengine guesses: {}\n",
        r.grade,
        r.rating,
        r.hardest.map_or("none", |t| t.name()),
        if techniques.is_empty() { "none".to_string() } else { techniques.join(", ") },
        if r.needs_search { format!("yes ({} cells left by the techniques)", r.stuck_empty) } else { "no".to_string() },
        r.guesses
    )
}

/// A failure of `rate` or `minimize` on one puzzle: exit 1, except for bad input.
fn puzzle_failure(e: GenerateError) -> Failure {
    let status = match e {
        GenerateError::Rule(_) | GenerateError::InvalidSpec { .. } => Status::BadInput,
        _ => Status::NoSolution,
    };
    Failure { status, error: e.into() }
}

pub fn rate_cmd(a: RateArgs) -> Result<Status, Failure> {
    let cancel = Cancel::default().with_time_limit(a.time_limit);
    let (doc, name) = read_document(&a.input)?;
    let items = match doc {
        Document::Single(p) => {
            let (cancel, watch) = super::progress::watch(Job::Rate, &cancel);
            let r = generate::rate_with(&p, &cancel);
            drop(watch);
            let r = r.map_err(|e| Failure { error: anyhow!("{name}: {e}"), ..puzzle_failure(e) })?;
            let mut w = std::io::stdout().lock();
            if a.json {
                writeln!(w, "{}", rating_json(&r))?;
            } else {
                write!(w, "{}", rating_text(&r))?;
            }
            return Ok(Status::Ok);
        }
        Document::Batch(items) => items,
    };
    let bar = super::progress::bar(Some(items.len() as u64), "puzzles rated");
    let results: Vec<_> = items
        .into_par_iter()
        .map(|(line, p)| {
            let r =
                p.map_err(|e| e.to_string()).and_then(|p| generate::rate_with(&p, &cancel).map_err(|e| e.to_string()));
            bar.inc(1);
            (line, r)
        })
        .collect();
    bar.finish_and_clear();
    let mut w = std::io::stdout().lock();
    let mut status = Status::Ok;
    for (line, r) in results {
        match r {
            Ok(r) if a.json => writeln!(w, "{}", rating_json(&r))?,
            Ok(r) => writeln!(
                w,
                "{} {} {} {}",
                r.grade,
                r.rating,
                r.hardest.map_or("none", |t| t.name()).replace(' ', "-"),
                r.guesses
            )?,
            Err(e) => {
                eprintln!("{name}:{line}: {e}");
                status = Status::NoSolution;
                if a.json {
                    writeln!(w, "{}", json!({ "line": line, "error": e }))?;
                } else {
                    writeln!(w, "error")?;
                }
            }
        }
    }
    Ok(status)
}

/// A minimized batch, one puzzle a line in input order, written so that it reads back as the
/// same puzzles: one-line puzzles under their `# box:` / `# rules:` headers (once, when every
/// puzzle has the same), else JSON objects (jigsaw regions, rules with data, or headers that
/// differ between lines). `-O line` for puzzles a line cannot carry is refused with the reason;
/// `-O grid` writes grids, each with its headers, a blank line apart. A puzzle that failed is
/// `error` (JSON: `{"line": N, "error": "…"}`) and makes the exit status 1.
fn write_minimized_batch(
    w: &mut impl Write,
    results: Vec<(usize, Result<Puzzle, String>)>,
    asked: Option<OutputFormat>,
    name: &str,
) -> Result<Status, Failure> {
    // Each puzzle as a line and the headers above it, or why a line cannot carry it.
    let lines: Vec<Result<(String, String), String>> = results
        .iter()
        .filter_map(|(_, r)| r.as_ref().ok())
        .map(|p| {
            let text = formats::write_text(p, TextForm::Line).map_err(|e| e.to_string())?;
            let (headers, line) = text.trim_end().rsplit_once('\n').unwrap_or(("", text.trim_end()));
            Ok((headers.to_string(), line.to_string()))
        })
        .collect();
    let unwritable = lines.iter().find_map(|l| l.as_ref().err().cloned());
    let mixed = || {
        let mut headers = lines.iter().flatten().map(|(h, _)| h);
        let first = headers.next()?;
        headers.find(|h| *h != first).map(|other| {
            format!(
                "the puzzles need different headers ({first:?} and {other:?}) above their lines; write them as JSON"
            )
        })
    };
    let format = match (asked, unwritable.or_else(mixed)) {
        (Some(OutputFormat::Grid), _) => {
            let mut puzzles = results.iter().filter_map(|(_, r)| r.as_ref().ok());
            if let Some(why) = puzzles.find_map(|p| formats::write_text(p, TextForm::Grid).err()) {
                return Err(Failure::bad_input(anyhow!("--output grid: {why} (--output json)")));
            }
            OutputFormat::Grid
        }
        (Some(OutputFormat::Line), Some(why)) => {
            return Err(Failure::bad_input(anyhow!("--output line: {why} (--output json)")))
        }
        (Some(f), _) => f,
        (None, Some(_)) => OutputFormat::Json,
        (None, None) => OutputFormat::Line,
    };
    if let (OutputFormat::Line, Some(Ok((headers, _)))) = (format, lines.first()) {
        if !headers.is_empty() {
            writeln!(w, "{headers}")?;
        }
    }
    let mut status = Status::Ok;
    let mut lines = lines.into_iter();
    for (i, (line, r)) in results.into_iter().enumerate() {
        match (r, format) {
            (Ok(_), OutputFormat::Line) => {
                let (_, text) = lines.next().and_then(Result::ok).unwrap_or_default();
                writeln!(w, "{text}")?;
            }
            (Ok(p), OutputFormat::Json) => writeln!(w, "{}", formats::json::to_json(&p))?,
            (Ok(p), OutputFormat::Grid) => {
                if i > 0 {
                    writeln!(w)?;
                }
                write!(w, "{}", puzzle_text(&p, TextForm::Grid)?)?;
            }
            (Err(e), format) => {
                eprintln!("{name}:{line}: {e}");
                status = Status::NoSolution;
                match format {
                    OutputFormat::Json => writeln!(w, "{}", json!({ "line": line, "error": e }))?,
                    _ => writeln!(w, "error")?,
                }
            }
        }
    }
    Ok(status)
}

pub fn minimize_cmd(a: MinimizeArgs) -> Result<Status, Failure> {
    let cancel = Cancel::default().with_time_limit(a.time_limit);
    let (doc, name) = read_document(&a.input)?;
    let mut w = std::io::stdout().lock();
    let puzzle = match doc {
        Document::Single(p) => p,
        Document::Batch(items) => {
            let bar = super::progress::bar(Some(items.len() as u64), "puzzles minimized");
            let results: Vec<_> = items
                .into_par_iter()
                .map(|(line, p)| {
                    let r = p
                        .map_err(|e| e.to_string())
                        .and_then(|p| generate::minimize_with(&p, &cancel).map_err(|e| e.to_string()));
                    bar.inc(1);
                    (line, r)
                })
                .collect();
            bar.finish_and_clear();
            let results = results
                .into_iter()
                .map(|(line, r)| {
                    let r = r.map(|m| {
                        if let Some(reason) = &m.stopped {
                            eprintln!("{name}:{line}: {reason}: unique but not proved minimal");
                        }
                        m.puzzle
                    });
                    (line, r)
                })
                .collect();
            return write_minimized_batch(&mut w, results, a.output, &name);
        }
    };
    let before = puzzle.givens().filled();
    let (cancel, watch) = super::progress::watch(Job::Minimize, &cancel);
    let minimized = generate::minimize_with(&puzzle, &cancel);
    drop(watch);
    let minimized = minimized.map_err(|e| Failure { error: anyhow!("{name}: {e}"), ..puzzle_failure(e) })?;
    let reduced = minimized.puzzle;
    let after = reduced.givens().filled();
    match &minimized.stopped {
        None => eprintln!("removed {} of {before} clues ({after} left)", before - after),
        Some(reason) => eprintln!(
            "removed {} of {before} clues ({after} left, unique but not proved minimal: {reason})",
            before - after
        ),
    }
    match output_format(a.output, OutputFormat::Grid, &reduced, false)? {
        OutputFormat::Grid => write!(w, "{}", puzzle_text(&reduced, TextForm::Grid)?)?,
        OutputFormat::Line => write!(w, "{}", puzzle_text(&reduced, TextForm::Line)?)?,
        OutputFormat::Json => writeln!(w, "{}", formats::json::to_json(&reduced))?,
    }
    Ok(Status::Ok)
}

//! Command-line arguments.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use sudoku_ip::formats::fpuzzles::LinkKind;
use sudoku_ip::formats::Format;
use sudoku_ip::model::BoxShape;
use sudoku_ip::{Presolve, Solver};

const AFTER_HELP: &str = "\
Input formats (auto-detected; force one with --format):
  triplets  1-based clue triplets 'row,col,digit', one per line, or a MATLAB matrix
            [1,2,2; 1,5,3; ...] as in MATLAB's sudokuEngine
  grid      n lines of n cells: 1-9, A.. for 10.., '.' '0' '*' '_' for empty; '|' and
            '---+---' separators are ignored; or whitespace-separated integers (any size)
  line      one puzzle of n*n characters per line ('#' comments); many lines = a batch
  json      the JSON puzzle format (see README), or an object carrying one under \"puzzle\"
            (what generate -O json writes); one object per line = a batch
  killer    seed 004's Killer layout in Python: grid = [[1, 1, 2, ...], ...] cage ids and
            grid_sum = {1: 3, ...} sums (see docs/json-format.md)

Exit status: 0 solved / valid / done; 1 no solution, not unique (with --unique), invalid
(check) or unknown (limit reached); 2 bad input or usage.";

/// Solve Sudoku and its variants as a 0-1 integer program.
#[derive(Debug, Parser)]
#[command(name = "sudoku-ip", version, about, long_about = None, after_help = AFTER_HELP)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

impl Cli {
    /// The command line. `solve`, which scripts and the variant benchmarks run once a puzzle,
    /// builds only its own subcommand: the whole tree (16 subcommands, some 180 arguments) is
    /// about half the instructions of solving an easy 9×9 in a fresh process (classic sudoku:
    /// 1.33M of them, 0.78M in clap). Help, the version, and anything the short path refuses
    /// go through the whole tree, so they read exactly as before.
    pub fn parse_args() -> Result<Cli, clap::Error> {
        Cli::parse_from_args(std::env::args_os().collect())
    }

    fn parse_from_args(args: Vec<std::ffi::OsString>) -> Result<Cli, clap::Error> {
        let asks_help =
            |a: &std::ffi::OsString| matches!(a.to_str(), Some("-h" | "--help" | "-V" | "--version" | "help"));
        if args.get(1).is_some_and(|a| a == "solve") && !args.iter().skip(1).any(asks_help) {
            let solve = SolveArgs::augment_args(clap::Command::new("solve"));
            let short = clap::Command::new("sudoku-ip").subcommand(solve);
            let parsed =
                short.try_get_matches_from(&args).and_then(|m| <Cli as clap::FromArgMatches>::from_arg_matches(&m));
            if let Ok(cli) = parsed {
                return Ok(cli);
            }
        }
        Cli::try_parse_from(args)
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve a puzzle, or every puzzle of a batch file (one result per line, in order).
    Solve(SolveArgs),
    /// Count solutions, up to --max.
    Count(CountArgs),
    /// Check that a filled grid is a valid solution of a puzzle.
    Check(CheckArgs),
    /// Write the 0-1 model as CPLEX-LP or MPS, for HiGHS, CBC, GLPK, Gurobi, MATLAB...
    Export(ExportArgs),
    /// Measure solve + prove-unique throughput over puzzle files (one puzzle per line), in the
    /// solving thread's CPU time; --process also times the whole command in a child process.
    Bench(BenchArgs),
    /// Draw a puzzle (and with --solution its solution) as SVG, PNG or PDF; --sheet puts a
    /// file of puzzles on printable A4 pages.
    Render(super::render::RenderArgs),
    /// Serve the web page (editor and solver) and the JSON API on a local address.
    Serve(super::serve::ServeArgs),
    /// Generate unique puzzles: any size, rules, killer cages; clue target, minimal,
    /// symmetric, difficulty; reproducible with --seed.
    Generate(super::generate::GenerateArgs),
    /// Grade a puzzle by the hardest technique a person needs (easy, medium, hard, expert) and
    /// the engine's guesses.
    Rate(super::generate::RateArgs),
    /// Remove the clues a unique puzzle does not need (the result is minimal).
    #[command(alias = "reduce")]
    Minimize(super::generate::MinimizeArgs),
    /// Seed 002's MILP-vs-CP experiment: the native engine (the CP side) and every MILP backend
    /// compiled in, given the seed's whole model (--presolve none,light,probe adds rows), solve
    /// and prove unique; says whether they agree, with median/max time, the solver's nodes and
    /// LP iterations, and the LP relaxation at the root.
    Compare(super::compare::CompareArgs),
    /// Show the 0-1 program as the seeds write it: variables, rows by family (cell, row,
    /// column, box, each rule) with one row of each written out, the seed 000 objective, and
    /// the LP relaxation at the root (value, fractional variables).
    Model(super::ip::ModelArgs),
    /// The next logical step and why ("Hidden single: in box 5, 7 fits only in r5c6"), from the
    /// givens or from your candidates (--candidates).
    Hint(super::insight::InsightArgs),
    /// The whole logical path, step by step, each step checked against the solution.
    Explain(super::insight::InsightArgs),
    /// True candidates: every digit that is in at least one solution, with how many solutions
    /// use it (up to --max); for puzzles with any number of solutions.
    Candidates(super::insight::CandidatesArgs),
}

/// Where the puzzle comes from and how to read it.
#[derive(Debug, Args, Clone)]
pub struct InputArgs {
    /// Puzzle file; '-' or nothing reads standard input.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Input format.
    #[arg(long, default_value = "auto", value_parser = parse_format)]
    pub format: Format,
    /// Grid side for clue triplets (default: 9, or the smallest size that fits).
    #[arg(long, value_name = "N", alias = "side")]
    pub size: Option<usize>,
    #[command(flatten)]
    pub boxes: BoxArgs,
    // Extra rules: the help lists the rule registry.
    #[arg(long, value_name = "LIST", value_delimiter = ',', help = rules_help())]
    pub rules: Vec<String>,
    /// Refuse a puzzle whose model has more nonzero coefficients than this (rows x terms: what
    /// its memory grows with).
    #[arg(long, value_name = "N", default_value_t = sudoku_ip::CLI_MAX_NONZEROS)]
    pub max_nonzeros: usize,
}

/// The boxes: `--box RxC`, or `--no-boxes` (a Latin square).
#[derive(Debug, Args, Clone, Default)]
pub struct BoxArgs {
    /// Box shape ROWSxCOLS, e.g. 2x3, or none (default: inferred, wider than tall).
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    pub box_shape: Option<BoxShape>,
    /// No boxes: a Latin square, where only rows, columns and the puzzle's rules hold
    /// (seed 004's Killer model); the same as --box none.
    #[arg(long, conflicts_with = "box_shape")]
    pub no_boxes: bool,
}

impl BoxArgs {
    /// The boxes asked for; `None` for the inferred (or the file's own) shape.
    pub fn shape(&self) -> Option<BoxShape> {
        if self.no_boxes {
            Some(BoxShape::Latin)
        } else {
            self.box_shape
        }
    }
}

/// Which solver and its limits.
#[derive(Debug, Args, Clone)]
pub struct SolverArgs {
    /// Solver: native (default), microlp, or highs (when built with --features highs).
    #[arg(long, default_value_t = Solver::Native, value_parser = parse_solver)]
    pub solver: Solver,
    /// Give up after this many seconds (ends as "unknown", exit 1).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, allow_negative_numbers = true)]
    pub time_limit: Option<std::time::Duration>,
    /// Give up after this many search nodes (native engine).
    #[arg(long, value_name = "N")]
    pub node_limit: Option<u64>,
    /// MILP: what native propagation decides before the solver gets the model. none = the
    /// model as the seeds write it (givens as bounds); light = givens and root propagation,
    /// what a MILP presolve does (the default); probe = probing to a fixed point as well, which
    /// decides most puzzles outright. --stats says when presolve decided everything and the
    /// solver was not called. The native engine ignores it.
    #[arg(long, value_name = "LEVEL", default_value_t = Presolve::Light, value_parser = parse_presolve)]
    pub presolve: Presolve,
    /// The same as --presolve none (the older spelling).
    #[arg(long, hide = true, conflicts_with = "presolve")]
    pub no_presolve: bool,
    /// What the MILP solver minimises: zero (a feasibility problem) or seed (the seeds'
    /// intlinprog objective f = (1:N)'); --stats shows its value and the MIP gap. With presolve
    /// light or probe, an objective that presolve proves constant on every solution (seed is)
    /// reaches the solver as zero, the optimality proof being presolve's (--stats says so);
    /// --presolve none hands the solver f itself.
    #[arg(long, value_enum, default_value_t = ObjectiveArg::Zero)]
    pub objective: ObjectiveArg,
    /// MILP: start the solver from a solution the native engine finds (in half the time
    /// left): auto = when --objective is set (the solver certifies it; it is optimal by the
    /// solver's bound, or by presolve's proof that the objective is constant), native = with
    /// the zero objective too (the solver only confirms the native grid), off = never.
    /// --stats says what the solver did with it.
    #[arg(long, value_enum, default_value_t = MipStartArg::Auto)]
    pub mip_start: MipStartArg,
}

/// `--mip-start`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MipStartArg {
    /// When an objective is set.
    Auto,
    /// Always.
    Native,
    /// Never.
    Off,
}

impl From<MipStartArg> for sudoku_ip::MipStart {
    fn from(m: MipStartArg) -> Self {
        match m {
            MipStartArg::Auto => sudoku_ip::MipStart::Auto,
            MipStartArg::Native => sudoku_ip::MipStart::Native,
            MipStartArg::Off => sudoku_ip::MipStart::Off,
        }
    }
}

/// `--objective`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ObjectiveArg {
    /// No objective: any solution is optimal.
    Zero,
    /// x(i,j,k) costs its MATLAB linear index i + n(j-1) + n^2(k-1), as in seeds 000/003.
    Seed,
}

impl From<ObjectiveArg> for sudoku_ip::Objective {
    fn from(o: ObjectiveArg) -> Self {
        match o {
            ObjectiveArg::Zero => sudoku_ip::Objective::Zero,
            ObjectiveArg::Seed => sudoku_ip::Objective::Seed,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// A readable grid with box lines (the default for one puzzle).
    Grid,
    /// One line of n*n characters (the default for batches).
    Line,
    /// A JSON object (one per line for batches).
    Json,
}

#[derive(Debug, Args, Clone)]
pub struct OutputArgs {
    /// Output format.
    #[arg(long, short = 'O', value_enum)]
    pub output: Option<OutputFormat>,
    /// Print the model size, solver status, time and nodes (to stderr; inside JSON output).
    #[arg(long)]
    pub stats: bool,
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub solver: SolverArgs,
    #[command(flatten)]
    pub output: OutputArgs,
    /// Print every solution (up to --max).
    #[arg(long, conflicts_with = "unique")]
    pub all: bool,
    /// Prove the solution is unique; exit 1 if it is not.
    #[arg(long)]
    pub unique: bool,
    /// With --all: stop after this many solutions ("all" for no limit).
    #[arg(long, value_name = "K", default_value = "all", value_parser = parse_max)]
    pub max: u64,
    /// Puzzles solved in parallel for a batch file (default: all cores).
    #[arg(long, short = 'j', value_name = "N", value_parser = parse_jobs)]
    pub jobs: Option<usize>,
    #[command(flatten)]
    pub picture: super::render::PictureArgs,
}

#[derive(Debug, Args)]
pub struct CountArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub solver: SolverArgs,
    /// Stop counting at K solutions ("all" for no limit).
    #[arg(long, value_name = "K", default_value = "1000", value_parser = parse_max)]
    pub max: u64,
    /// Print the count as JSON with the stats.
    #[arg(long)]
    pub json: bool,
    /// Print the model size, solver status, time and nodes to stderr.
    #[arg(long)]
    pub stats: bool,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The puzzle.
    #[arg(value_name = "PUZZLE")]
    pub puzzle: PathBuf,
    /// The filled grid to check ('-' for standard input), in any grid format.
    #[arg(value_name = "SOLUTION")]
    pub solution: PathBuf,
    /// Input format of both files.
    #[arg(long, default_value = "auto", value_parser = parse_format)]
    pub format: Format,
    #[command(flatten)]
    pub boxes: BoxArgs,
    /// Report as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("kind").required(true).args(["lp", "mps", "fpuzzles", "link"])))]
pub struct ExportArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// CPLEX-LP format.
    #[arg(long)]
    pub lp: bool,
    /// MPS format (free MPS with readable names, unless --fixed).
    #[arg(long)]
    pub mps: bool,
    /// With --mps: fixed-column MPS, 8-character names C1../R1.. (readable names in comments).
    #[arg(long, requires = "mps")]
    pub fixed: bool,
    /// The puzzle as f-puzzles JSON (what f-puzzles and SudokuPad read; title, author and
    /// rules text kept).
    #[arg(long)]
    pub fpuzzles: bool,
    /// The puzzle as a link that opens it in SudokuPad (`--link`, `--link=sudokupad`) or
    /// f-puzzles (`--link=fpuzzles`).
    #[arg(long, value_name = "SITE", num_args = 0..=1, require_equals = true, default_missing_value = "sudokupad",
          value_parser = parse_link_kind)]
    pub link: Option<LinkKind>,
    /// With --fpuzzles or --link: solve the puzzle and add its solution (SudokuPad checks
    /// answers against it); refused when the puzzle has no unique solution.
    #[arg(long)]
    pub solution: bool,
    /// The objective written: zero, or seed (the seeds' f = (1:N)' over x(i,j,k)).
    #[arg(long, value_enum, default_value_t = ObjectiveArg::Zero)]
    pub objective: ObjectiveArg,
    /// Write to this file instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub out: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Files with one puzzle per line: 81 (or n*n) characters, or a JSON puzzle (variants, as
    /// `generate --count K -O json` writes them); '#' comments are skipped.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub solver: SolverArgs,
    /// Only the first N puzzles of each file.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Print one JSON object per file.
    #[arg(long)]
    pub json: bool,
    /// Also time the whole command a user runs: `sudoku-ip solve --unique --jobs 1 -O line` on
    /// the same puzzles in a child process, repeated until the runs add up to a second of CPU;
    /// its CPU time a puzzle (start-up, reading, checking and printing included) goes in the
    /// `cmd us/puzzle` column.
    #[arg(long)]
    pub process: bool,
}

pub(super) fn parse_link_kind(s: &str) -> Result<LinkKind, String> {
    s.parse()
}

pub(super) fn parse_format(s: &str) -> Result<Format, String> {
    s.parse()
}

pub(super) fn parse_presolve(s: &str) -> Result<Presolve, String> {
    s.parse()
}

impl SolverArgs {
    /// The presolve level asked for (`--no-presolve` is `--presolve none`).
    pub fn presolve(&self) -> Presolve {
        if self.no_presolve {
            Presolve::None
        } else {
            self.presolve
        }
    }
}

fn parse_solver(s: &str) -> Result<Solver, String> {
    Solver::from_name(s).map_err(|e| e.to_string())
}

pub(super) fn parse_box(s: &str) -> Result<BoxShape, String> {
    sudoku_ip::parse_box(s).map_err(|e| e.to_string())
}

pub(super) fn parse_seconds(s: &str) -> Result<std::time::Duration, String> {
    // Whole seconds exactly, up to u64::MAX (as f64, 18446744073709551615 rounds up to 2^64).
    if let Ok(whole) = s.trim().parse::<u64>() {
        return Ok(std::time::Duration::from_secs(whole));
    }
    let secs: f64 = s.parse().map_err(|_| format!("expected a number of seconds, found {s:?}"))?;
    sudoku_ip::time_limit(secs).map_err(|e| e.to_string())
}

pub(super) fn parse_jobs(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Err(_) => Err(format!("expected a positive number of threads, found {s:?}")),
        Ok(j) => sudoku_ip::jobs(j).map_err(|e| e.to_string()),
    }
}

fn parse_max(s: &str) -> Result<u64, String> {
    if s == "all" {
        return Ok(u64::MAX);
    }
    match s.parse::<u64>() {
        Ok(0) | Err(_) => Err(format!("expected a positive number or \"all\", found {s:?}")),
        Ok(k) => Ok(k),
    }
}

/// `--rules`' help, from the rule registry: the rules a name turns on, and the ones that need
/// data from a JSON puzzle.
pub fn rules_help() -> String {
    use sudoku_ip::model::rules::REGISTRY;
    let names = |switchable: bool| {
        REGISTRY.iter().filter(|e| e.switchable() == switchable).map(|e| e.name).collect::<Vec<_>>().join(", ")
    };
    format!(
        "Extra rules, comma-separated: {} (rules with data — {} — come from a JSON puzzle file)",
        names(true),
        names(false)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    /// `solve` parsed through its own subcommand alone reads every argument as the whole
    /// command tree does, and what the short path refuses still fails as before.
    #[test]
    fn solve_parses_alike_through_the_short_path() {
        let lines = [
            "sudoku-ip solve --unique -O json --stats p.json",
            "sudoku-ip solve p.txt",
            "sudoku-ip solve --rules anti-knight,anti-king --box 2x3 -",
            "sudoku-ip solve --solver native --max 2 --format line p.txt",
            "sudoku-ip solve",
        ];
        for line in lines {
            let args: Vec<std::ffi::OsString> = line.split(' ').map(Into::into).collect();
            let short = Cli::parse_from_args(args.clone()).map(|c| format!("{c:?}")).map_err(|e| e.kind());
            let whole = Cli::try_parse_from(args).map(|c| format!("{c:?}")).map_err(|e| e.kind());
            assert_eq!(short, whole, "{line}");
            assert!(line.ends_with("solve") || short.is_ok(), "{line}: {short:?}");
        }
        for line in [
            "sudoku-ip solve --no-such-flag p.json",
            "sudoku-ip solve --box 23 p.json",
            "sudoku-ip solve --all --unique p",
        ] {
            let args: Vec<std::ffi::OsString> = line.split(' ').map(Into::into).collect();
            let short = Cli::parse_from_args(args.clone()).map_err(|e| e.to_string());
            let whole = Cli::try_parse_from(args).map_err(|e| e.to_string());
            assert!(short.is_err(), "{line}");
            assert_eq!(short.err(), whole.err(), "{line}");
        }
    }

    #[test]
    fn values_are_validated() {
        assert_eq!(parse_box("2x3"), Ok((2, 3).into()));
        assert_eq!(parse_box("none"), Ok(BoxShape::Latin));
        assert!(parse_box("23").is_err());
        assert_eq!(parse_max("all"), Ok(u64::MAX));
        // Regression: --jobs 100000 started ~100k threads.
        assert!(parse_jobs("100000").expect_err("too many").contains("too many"));
        assert!(parse_jobs("0").is_err());
        assert_eq!(parse_jobs("2"), Ok(2));
        assert!(parse_max("0").is_err());
        assert!(parse_seconds("-1").is_err());
        assert_eq!(parse_seconds("1.5"), Ok(std::time::Duration::from_millis(1500)));
        // Regression: `Duration::from_secs_f64` panicked above ~1.8e19 s (exit 101).
        assert!(parse_seconds("1e30").expect_err("too large").contains("too large"));
    }
}

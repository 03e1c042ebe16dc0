//! `sudoku-ip bench`: solve AND prove unique every puzzle of each file, single-threaded, and
//! print puzzles/s, µs/puzzle (the solving thread's CPU time) and guesses/puzzle; with
//! `--process` also the whole command (`solve --unique --jobs 1 -O line` in a child process:
//! start-up, reading, checking and printing included). Peers are compared in the criterion
//! bench and `benches/peers/`.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{anyhow, Context};
use serde_json::json;
use sudoku_ip::formats::{self, Document, Format, ParseOptions};
use sudoku_ip::SearchEnd;

use super::args::{BenchArgs, MipStartArg, ObjectiveArg, SolverArgs};
use super::commands::{options, read_text};
use super::{Failure, Status};

#[derive(Default)]
struct Tally {
    puzzles: u64,
    unique: u64,
    multiple: u64,
    none: u64,
    unknown: u64,
    guesses: u64,
    time: Duration,
}

/// The whole command's time: runs of the child process, each one's CPU time (user + system,
/// when the platform tells it) and wall time, averaged.
struct WholeProcess {
    runs: u32,
    cpu: Option<Duration>,
    wall: Duration,
}

/// The in-process clock: the solving thread's CPU time where the platform has one (a loaded
/// machine stretches wall time, not CPU time), else the wall clock.
enum Clock {
    #[cfg(unix)]
    Cpu(Duration),
    #[cfg_attr(unix, allow(dead_code))]
    Wall(Instant),
}

impl Clock {
    fn start() -> Clock {
        #[cfg(unix)]
        {
            Clock::Cpu(thread_cpu())
        }
        #[cfg(not(unix))]
        {
            Clock::Wall(Instant::now())
        }
    }

    fn elapsed(&self) -> Duration {
        match self {
            #[cfg(unix)]
            Clock::Cpu(start) => thread_cpu().saturating_sub(*start),
            Clock::Wall(start) => start.elapsed(),
        }
    }

    fn name(&self) -> &'static str {
        match self {
            #[cfg(unix)]
            Clock::Cpu(_) => "cpu",
            Clock::Wall(_) => "wall",
        }
    }
}

#[cfg(unix)]
fn thread_cpu() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Duration::new(u64::try_from(t.tv_sec).unwrap_or(0), u32::try_from(t.tv_nsec).unwrap_or(0))
}

/// CPU time the whole-command runs of one file add up to before they stop (at least one run):
/// the kernel counts children's CPU time in ticks of 10 ms, so a second keeps the rounding
/// near 1%.
const PROCESS_CPU_BUDGET: Duration = Duration::from_secs(1);
/// Runs of one file at most, and the wall time after which no new run starts.
const PROCESS_MAX_RUNS: u32 = 200;
const PROCESS_MAX_WALL: Duration = Duration::from_secs(10);

pub fn run(a: BenchArgs) -> Result<Status, Failure> {
    let opts = options(&a.solver);
    let mut w = std::io::stdout().lock();
    if !a.json {
        writeln!(
            w,
            "{:<40} {:>8} {:>12} {:>11} {:>13} {:>9} {:>8} {:>8} {:>6}",
            "file", "puzzles", "puzzles/s", "us/puzzle", "cmd us/puzzle", "guesses", "unique", "multiple", "none"
        )?;
    }
    for path in &a.files {
        let (text, name) = read_text(Some(path))?;
        // One-line puzzles, or JSON puzzles one a line (variants).
        let format = if formats::detect(&text) == Format::Json { Format::Json } else { Format::Line };
        let parse = ParseOptions { format, ..ParseOptions::default() };
        let (items, batch) =
            match formats::parse_document(&text, &parse).map_err(|e| Failure::bad_input(anyhow!("{name}: {e}")))? {
                Document::Single(p) => (vec![(1, Ok(p))], false),
                Document::Batch(items) => (items, true),
            };
        let mut puzzles = Vec::with_capacity(items.len());
        let mut last_line = 0;
        for (line, parsed) in items.into_iter().take(a.limit.unwrap_or(usize::MAX)) {
            puzzles.push(parsed.map_err(|e| Failure::bad_input(anyhow!("{name}: {e}")))?);
            last_line = line;
        }
        let mut t = Tally::default();
        let start = Clock::start();
        for p in &puzzles {
            let report = sudoku_ip::count(p, &opts, 2, 1).map_err(Failure::solver)?;
            t.puzzles += 1;
            t.guesses += report.stats.guesses.unwrap_or(0);
            match (&report.end, report.count) {
                (SearchEnd::Stopped { .. }, _) => t.unknown += 1,
                (_, 0) => t.none += 1,
                (_, 1) => t.unique += 1,
                _ => t.multiple += 1,
            }
        }
        t.time = start.elapsed();
        let whole = if !a.process {
            None
        } else {
            // With --limit the child reads a batch's first lines on its standard input; else the file.
            let head = a.limit.filter(|_| batch).map(|_| first_lines(&text, last_line));
            // A failing child is no fault of the input: exit 1, as a failing solver.
            let run = whole_process(&a.solver, path, head);
            Some(run.map_err(|error| Failure { status: Status::NoSolution, error })?)
        };
        let secs = t.time.as_secs_f64().max(1e-12);
        let n = t.puzzles.max(1) as f64;
        let per_puzzle = |d: Duration| d.as_secs_f64() * 1e6 / n;
        let cmd_us = whole.as_ref().map(|wp| per_puzzle(wp.cpu.unwrap_or(wp.wall)));
        let short = path.file_name().map(|f| f.to_string_lossy().to_string()).unwrap_or(name);
        if a.json {
            writeln!(
                w,
                "{}",
                json!({
                    "file": short, "solver": opts.solver.name(), "puzzles": t.puzzles,
                    "puzzles_per_s": t.puzzles as f64 / secs, "us_per_puzzle": per_puzzle(t.time), "clock": start.name(),
                    "guesses_per_puzzle": t.guesses as f64 / n, "unique": t.unique,
                    "multiple": t.multiple, "none": t.none, "unknown": t.unknown,
                    "process": whole.as_ref().map(|wp| json!({
                        "runs": wp.runs,
                        "cpu_us_per_puzzle": wp.cpu.map(per_puzzle),
                        "wall_us_per_puzzle": per_puzzle(wp.wall),
                    })),
                })
            )?;
        } else {
            let cmd = cmd_us.map_or_else(|| "-".to_string(), |us| format!("{us:.2}"));
            writeln!(
                w,
                "{:<40} {:>8} {:>12.0} {:>11.2} {:>13} {:>9.2} {:>8} {:>8} {:>6}",
                short,
                t.puzzles,
                t.puzzles as f64 / secs,
                per_puzzle(t.time),
                cmd,
                t.guesses as f64 / n,
                t.unique,
                t.multiple,
                t.none
            )?;
        }
        if t.unknown > 0 {
            eprintln!("{short}: {} puzzle(s) stopped by a limit", t.unknown);
        }
    }
    Ok(Status::Ok)
}

/// The text up to and including line `last` (1-based).
fn first_lines(text: &str, last: usize) -> String {
    text.split_inclusive('\n').take(last).collect()
}

/// The flags that make the child solve as the in-process bench does.
fn solver_flags(s: &SolverArgs) -> Vec<String> {
    let mut f = vec!["--solver".to_string(), s.solver.name().to_string()];
    if let Some(t) = s.time_limit {
        f.extend(["--time-limit".to_string(), t.as_secs_f64().to_string()]);
    }
    if let Some(n) = s.node_limit {
        f.extend(["--node-limit".to_string(), n.to_string()]);
    }
    if s.presolve() != sudoku_ip::Presolve::default() {
        f.extend(["--presolve".to_string(), s.presolve().name().to_string()]);
    }
    if s.objective == ObjectiveArg::Seed {
        f.extend(["--objective".to_string(), "seed".to_string()]);
    }
    if s.mip_start != MipStartArg::Auto {
        f.extend(["--mip-start".to_string(), sudoku_ip::MipStart::from(s.mip_start).name().to_string()]);
    }
    f
}

/// Runs `sudoku-ip solve --unique --jobs 1 -O line` (this very binary) on the file, or on
/// `head` through its standard input, until the runs have used PROCESS_CPU_BUDGET of CPU.
fn whole_process(s: &SolverArgs, path: &Path, head: Option<String>) -> anyhow::Result<WholeProcess> {
    let exe = std::env::current_exe().context("cannot find the sudoku-ip binary for the whole-command run")?;
    let mut args: Vec<String> = ["solve", "--unique", "--jobs", "1", "-O", "line"].map(String::from).to_vec();
    args.extend(solver_flags(s));
    args.push(if head.is_some() { "-".to_string() } else { path.display().to_string() });
    let mut runs = 0;
    let mut wall = Duration::ZERO;
    let cpu_before = children_cpu();
    loop {
        let started = Instant::now();
        let mut child = Command::new(&exe)
            .args(&args)
            .stdin(if head.is_some() { Stdio::piped() } else { Stdio::null() })
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start {}", exe.display()))?;
        if let (Some(text), Some(mut stdin)) = (&head, child.stdin.take()) {
            stdin.write_all(text.as_bytes()).context("cannot write the puzzles to the child")?;
        }
        let status = child.wait().context("the whole-command run did not finish")?;
        wall += started.elapsed();
        runs += 1;
        // 0: every puzzle unique; 1: some not (or stopped by a limit); anything else is a failure.
        if !matches!(status.code(), Some(0 | 1)) {
            return Err(anyhow!("the whole-command run `sudoku-ip {}` failed: {status}", args.join(" ")));
        }
        let cpu = cpu_before.zip(children_cpu()).map(|(a, b)| b.saturating_sub(a));
        if cpu.unwrap_or(wall) >= PROCESS_CPU_BUDGET || runs >= PROCESS_MAX_RUNS || wall >= PROCESS_MAX_WALL {
            return Ok(WholeProcess { runs, cpu: cpu.map(|c| c / runs), wall: wall / runs });
        }
    }
}

/// User + system CPU time of this process's finished children, from `/proc/self/stat`
/// (fields 16 and 17, in ticks of 1/100 s); `None` where there is no such file.
fn children_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    parse_children_cpu(&stat)
}

fn parse_children_cpu(stat: &str) -> Option<Duration> {
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // rest starts at field 3 (state): cutime is field 16, cstime field 17.
    let ticks = fields.get(13)?.parse::<u64>().ok()? + fields.get(14)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn children_cpu_reads_fields_16_and_17_past_a_name_with_spaces() {
        let stat = "1234 (a b) c) S 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18";
        // fields: 3=S, 4..=15 = 1..=12, 16 = 13, 17 = 14
        assert_eq!(parse_children_cpu(stat), Some(Duration::from_millis((13 + 14) * 10)));
        assert_eq!(parse_children_cpu("1 (x) S 1 2"), None);
        assert_eq!(parse_children_cpu("garbage"), None);
    }

    #[test]
    fn first_lines_keeps_the_lines_up_to_the_last_puzzle() {
        assert_eq!(first_lines("a\nb\nc\n", 2), "a\nb\n");
        assert_eq!(first_lines("a\nb", 5), "a\nb");
    }

    #[test]
    fn the_child_gets_the_same_solver_and_limits() {
        let s = SolverArgs {
            solver: sudoku_ip::Solver::Native,
            time_limit: Some(Duration::from_millis(1500)),
            node_limit: Some(7),
            presolve: sudoku_ip::Presolve::Light,
            no_presolve: true,
            objective: ObjectiveArg::Seed,
            mip_start: MipStartArg::Native,
        };
        assert_eq!(
            solver_flags(&s).join(" "),
            "--solver native --time-limit 1.5 --node-limit 7 --presolve none --objective seed --mip-start native"
        );
        let probe = SolverArgs { presolve: sudoku_ip::Presolve::Probe, no_presolve: false, ..s };
        assert!(solver_flags(&probe).join(" ").contains("--presolve probe"));
    }
}

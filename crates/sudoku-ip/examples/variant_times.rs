//! Solve time per backend for every variant example (`examples/*.json`: one puzzle per rule,
//! the Killer one seed 004's), as a markdown table: median and maximum of RUNS runs of
//! `sudoku_ip::solve` — model build, presolve for MILP and the independent check included —
//! and the MILP/native ratio of the medians. Each run has a time limit (default 20 s); a
//! backend that reaches it shows "limit" and is not run again on that puzzle. Every solution
//! must equal the `solution` written in the example: this is a check as well as a timer.
//!
//! ```sh
//! cargo run --release -p sudoku-ip --example variant_times [--features highs] -- [RUNS] [--limit SECONDS] [--no-presolve]
//! ```
//!
//! `--no-presolve` hands MILP solvers the whole model (by default native propagation fixes what
//! it can first, and on easy puzzles leaves them nothing to do); native is the same either way.

mod timing;

use std::time::Duration;

use sudoku_ip::formats::json::parse_json;
use sudoku_ip::formats::{parse_puzzle, ParseOptions};
use sudoku_ip::{Puzzle, Solver};
use timing::{examples_dir, millis, presolve_arg, runs_arg, time_solves, Stop, Timing};

fn limit_arg() -> Result<Duration, String> {
    let args: Vec<String> = std::env::args().collect();
    let Some(i) = args.iter().position(|a| a == "--limit") else { return Ok(Duration::from_secs(20)) };
    let secs: f64 = args.get(i + 1).and_then(|s| s.parse().ok()).ok_or("--limit needs a number of seconds")?;
    Ok(Duration::from_secs_f64(secs))
}

/// The example's rules as named in the JSON format; "jigsaw" for irregular regions.
fn rule_names(puzzle: &Puzzle) -> String {
    let mut names: Vec<&str> = puzzle.rules().iter().map(|r| r.name()).collect();
    if puzzle.geometry().box_shape().is_none() {
        names.insert(0, "jigsaw");
    }
    if names.is_empty() {
        names.push("classic");
    }
    names.join(", ")
}

fn cell(t: &Timing, limit: Duration) -> String {
    match (&t.stopped, t.median(), t.max()) {
        (Some(Stop::Limit), _, _) => format!("limit ({} s)", limit.as_secs_f64()),
        (Some(stop), _, _) => format!("not solved: {stop}"),
        (None, Some(median), Some(max)) => format!("{} / {}", millis(median), millis(max)),
        _ => "-".into(),
    }
}

fn ratio(milp: &Timing, native: &Timing, limit: Duration) -> String {
    match (milp.median(), native.median(), &milp.stopped) {
        (Some(m), Some(n), _) => times(m.as_secs_f64() / n.as_secs_f64()),
        (None, Some(n), Some(Stop::Limit)) => format!("> {}", times(limit.as_secs_f64() / n.as_secs_f64())),
        _ => "-".into(),
    }
}

fn times(r: f64) -> String {
    if r < 10.0 {
        format!("{r:.1}×")
    } else {
        format!("{r:.0}×")
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let runs = runs_arg(5);
    let limit = limit_arg()?;
    let solvers = Solver::available();
    let milp: Vec<Solver> = solvers.iter().copied().filter(|s| s.is_milp()).collect();

    let mut names: Vec<String> = std::fs::read_dir(examples_dir())?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();

    let presolve = format!("presolve {}", presolve_arg());
    println!(
        "{runs} runs per backend, limit {} s per run; times are median / max of `solve`; MILP {presolve}.\n",
        limit.as_secs_f64()
    );
    let mut header = vec!["puzzle".to_string(), "rule(s)".into(), "givens".into()];
    header.extend(solvers.iter().map(|s| format!("{s} (ms)")));
    header.extend(milp.iter().map(|s| format!("{s}/native")));
    println!("| {} |", header.join(" | "));
    println!("|{}|", vec!["---"; header.len()].join("|"));
    for name in &names {
        let text = std::fs::read_to_string(examples_dir().join(name))?;
        let puzzle = parse_puzzle(&text, &ParseOptions::default())?;
        assert_eq!(puzzle, parse_json(&text)?, "{name}: auto-detected as JSON");
        let value: serde_json::Value = serde_json::from_str(&text)?;
        let rows: Vec<&str> = value["solution"]
            .as_array()
            .ok_or_else(|| format!("{name}: no \"solution\""))?
            .iter()
            .filter_map(|r| r.as_str())
            .collect();
        let expected = parse_puzzle(&rows.join("\n"), &ParseOptions::default())?.givens().clone();

        let mut timings = Vec::with_capacity(solvers.len());
        for &solver in &solvers {
            let timing = time_solves(&puzzle, solver, runs, limit, |grid| {
                assert_eq!(*grid, expected, "{name}: {solver} differs from the written solution");
            })?;
            timings.push(timing);
        }
        let mut row = vec![name.trim_end_matches(".json").to_string(), rule_names(&puzzle)];
        row.push(puzzle.givens().filled().to_string());
        row.extend(timings.iter().map(|t| cell(t, limit)));
        row.extend(milp.iter().map(|s| {
            let i = solvers.iter().position(|x| x == s).unwrap_or(0);
            ratio(&timings[i], &timings[0], limit)
        }));
        println!("| {} |", row.join(" | "));
    }
    Ok(())
}

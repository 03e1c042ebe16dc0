//! `sudoku-ip bench`: solve AND prove unique every puzzle of each file, single-threaded, and
//! print puzzles/s, µs/puzzle and guesses/puzzle. Peers are compared in the criterion bench.

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::anyhow;
use serde_json::json;
use sudoku_ip::formats::{self, Document, Format, ParseOptions};
use sudoku_ip::SearchEnd;

use super::args::BenchArgs;
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

pub fn run(a: BenchArgs) -> Result<Status, Failure> {
    let opts = options(&a.solver);
    let mut w = std::io::stdout().lock();
    if !a.json {
        writeln!(
            w,
            "{:<40} {:>8} {:>12} {:>11} {:>9} {:>8} {:>8} {:>6}",
            "file", "puzzles", "puzzles/s", "us/puzzle", "guesses", "unique", "multiple", "none"
        )?;
    }
    for path in &a.files {
        let (text, name) = read_text(Some(path))?;
        // One-line puzzles, or JSON puzzles one a line (variants).
        let format = if formats::detect(&text) == Format::Json { Format::Json } else { Format::Line };
        let parse = ParseOptions { format, ..ParseOptions::default() };
        let items =
            match formats::parse_document(&text, &parse).map_err(|e| Failure::bad_input(anyhow!("{name}: {e}")))? {
                Document::Single(p) => vec![(1, Ok(p))],
                Document::Batch(items) => items,
            };
        let mut puzzles = Vec::with_capacity(items.len());
        for (line, parsed) in items.into_iter().take(a.limit.unwrap_or(usize::MAX)) {
            puzzles.push(parsed.map_err(|e| Failure::bad_input(anyhow!("{name}: line {line}: {e}")))?);
        }
        let mut t = Tally::default();
        let start = Instant::now();
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
        let secs = t.time.as_secs_f64().max(1e-12);
        let n = t.puzzles.max(1) as f64;
        let short = path.file_name().map(|f| f.to_string_lossy().to_string()).unwrap_or(name);
        if a.json {
            writeln!(
                w,
                "{}",
                json!({
                    "file": short, "solver": opts.solver.name(), "puzzles": t.puzzles,
                    "puzzles_per_s": t.puzzles as f64 / secs, "us_per_puzzle": secs * 1e6 / n,
                    "guesses_per_puzzle": t.guesses as f64 / n, "unique": t.unique,
                    "multiple": t.multiple, "none": t.none, "unknown": t.unknown,
                })
            )?;
        } else {
            writeln!(
                w,
                "{:<40} {:>8} {:>12.0} {:>11.2} {:>9.2} {:>8} {:>8} {:>6}",
                short,
                t.puzzles,
                t.puzzles as f64 / secs,
                secs * 1e6 / n,
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

//! Timing of the generic engine on large grids: solve and prove unique (`max_solutions` 2).
//!
//! ```text
//! cargo run --release -p sudoku-ip-native --example big_grids -- [N] [PUZZLES] [EMPTY%] [unique|random] [SEED]
//! ```
//!
//! Puzzles are cut from random full grids (a pattern grid shuffled by the Sudoku symmetries).
//! `unique` removes cells greedily in random order, keeping a removal only while the puzzle
//! stays unique (checked with the engine itself); `random` removes cells blindly, so puzzles
//! may have many solutions; `fill` removes cells blindly, then puts givens back where a second
//! solution differs from the planted grid until the puzzle is unique; `file:PATH` reads puzzles from a file (one line each, `.` empty,
//! `1`–`9` then `A`… for 10…; `OUT=PATH` appends generated puzzles to such a file). Each puzzle is solved `REPS` times (default 3) and the fastest wall
//! time kept, since the machine may be shared; `NODES` sets a node limit. Prints per-puzzle and
//! summary figures (median, mean, max).

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use common::{full_grid, model, Rng};
use sudoku_ip_model::geometry::{inferred_box, symbol, symbol_value};
use sudoku_ip_model::{Backend, SearchEnd, SearchRequest};
use sudoku_ip_native::Native;

/// Unique, as far as the engine can tell within 50,000 nodes (a puzzle it cannot settle that
/// fast keeps the cell).
fn unique(box_rows: usize, box_cols: usize, values: &[u8]) -> bool {
    let limits = sudoku_ip_model::Limits { time: None, nodes: Some(50_000), ..Default::default() };
    let request = SearchRequest::count(2, 0).with_limits(limits);
    let start = Instant::now();
    let r = Native.search(&model(box_rows, box_cols, values), &request);
    if std::env::var("VERBOSE").is_ok() {
        if let Ok(r) = &r {
            let holes = values.iter().filter(|&&v| v == 0).count();
            eprintln!(
                "  {holes} holes: {} {:?} {} nodes {:.2?}",
                r.count,
                r.end,
                r.stats.nodes.unwrap_or(0),
                start.elapsed()
            );
        }
    }
    matches!(r, Ok(r) if r.count == 1 && r.end == SearchEnd::Exhausted)
}

/// CPU time of this thread (from `/proc/thread-self/schedstat`, nanoseconds on CPU), so that
/// figures hold on a loaded machine; wall time when that file is missing.
fn cpu_time() -> Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|t| t.parse().ok()))
        .map_or_else(|| EPOCH.with(|e| e.elapsed()), Duration::from_nanos)
}

thread_local! {
    static EPOCH: Instant = Instant::now();
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.to_string());
    let n: usize = arg(0, "16").parse().unwrap_or(16);
    let puzzles: usize = arg(1, "20").parse().unwrap_or(20);
    let empty: f64 = arg(2, "58").parse().unwrap_or(58.0);
    let mode = arg(3, "unique");
    let seed: u64 = arg(4, "1").parse().unwrap_or(1);
    let reps: usize = std::env::var("REPS").ok().and_then(|s| s.parse().ok()).unwrap_or(3);
    let Some((box_rows, box_cols)) = inferred_box(n) else {
        eprintln!("no box shape for n = {n}");
        return;
    };
    let holes = ((n * n) as f64 * empty / 100.0).round() as usize;
    let mut rng = Rng(seed);
    let mut times = Vec::new();
    let (mut total_nodes, mut total_guesses) = (0u64, 0u64);
    for p in 0..puzzles {
        let solution = full_grid(&mut rng, box_rows, box_cols);
        let gen_start = Instant::now();
        let values = if let Some(path) = mode.strip_prefix("file:") {
            let Some(line) = std::fs::read_to_string(path).ok().and_then(|t| t.lines().nth(p).map(str::to_string))
            else {
                break;
            };
            line.chars().map(|ch| symbol_value(ch).unwrap_or(0) as u8).collect()
        } else if mode == "fill" {
            // Random holes, then givens put back where a second solution differs from the
            // planted grid, until the puzzle is unique: close to the requested emptiness.
            let mut values = common::remove_cells(&mut rng, &solution, holes);
            loop {
                let m = model(box_rows, box_cols, &values);
                let r = Native.search(&m, &SearchRequest::count(2, 2)).expect("native search");
                let Some(other) = r.solutions.iter().find(|g| g.values() != &solution[..]) else { break };
                let differ: Vec<usize> = (0..n * n).filter(|&k| other.values()[k] != solution[k]).collect();
                let k = differ[rng.below(differ.len())];
                values[k] = solution[k];
            }
            values
        } else if mode == "unique" {
            let mut values = solution.clone();
            let mut order: Vec<usize> = (0..n * n).collect();
            rng.shuffle(&mut order);
            let mut removed = 0;
            for &k in &order {
                if removed == holes {
                    break;
                }
                let keep = values[k];
                values[k] = 0;
                if unique(box_rows, box_cols, &values) {
                    removed += 1;
                } else {
                    values[k] = keep;
                }
            }
            values
        } else {
            common::remove_cells(&mut rng, &solution, holes)
        };
        let gen_time = gen_start.elapsed();
        if let Ok(out) = std::env::var("OUT") {
            use std::io::Write;
            let line: String = values.iter().map(|&v| symbol(v as usize).unwrap_or('.')).collect();
            if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(out) {
                let _ = writeln!(f, "{line}");
            }
        }
        let m = model(box_rows, box_cols, &values);
        let empty_cells = values.iter().filter(|&&v| v == 0).count();
        let limits = sudoku_ip_model::Limits {
            time: None,
            nodes: std::env::var("NODES").ok().and_then(|s| s.parse().ok()),
            ..Default::default()
        };
        // The machine is shared: the fastest of a few runs is the least disturbed one.
        let mut best: Option<(Duration, Duration)> = None;
        let mut result = None;
        for _ in 0..reps {
            let (start, cpu0) = (Instant::now(), cpu_time());
            let r = Native.search(&m, &SearchRequest::count(2, 1).with_limits(limits.clone())).expect("native search");
            let (wall, cpu) = (start.elapsed(), cpu_time().saturating_sub(cpu0));
            if best.is_none_or(|(w, _)| wall < w) {
                best = Some((wall, cpu));
            }
            result = Some(r);
        }
        let (Some((t, cpu)), Some(r)) = (best, result) else { return };
        if (mode == "unique" || mode == "fill") && !matches!(r.end, SearchEnd::Stopped { .. }) {
            assert_eq!((r.count, &r.end), (1, &SearchEnd::Exhausted), "puzzle {p} not unique");
            assert_eq!(r.solutions[0].values(), &solution[..], "puzzle {p}: wrong solution");
        }
        let (nodes, guesses) = (r.stats.nodes.unwrap_or(0), r.stats.guesses.unwrap_or(0));
        total_nodes += nodes;
        total_guesses += guesses;
        println!(
            "puzzle {p:3}: {empty_cells} empty ({:.1}%), {} solution(s) {:?}, {t:>10.3?} (cpu {cpu:>10.3?})  nodes {nodes:>8}  guesses {guesses:>8}  (generated in {gen_time:.2?})",
            100.0 * empty_cells as f64 / (n * n) as f64,
            r.count,
            r.end,
        );
        times.push(t);
    }
    times.sort();
    let total: Duration = times.iter().sum();
    let k = times.len().max(1) as u32;
    println!(
        "{n}x{n}, {} {mode} puzzles at {empty}% empty (fastest of {reps} runs each): median {:.3?}, mean {:.3?}, max {:.3?}; mean nodes {}, mean guesses {}",
        times.len(),
        times.get(times.len() / 2).copied().unwrap_or_default(),
        total / k,
        times.last().copied().unwrap_or_default(),
        total_nodes / k as u64,
        total_guesses / k as u64
    );
}

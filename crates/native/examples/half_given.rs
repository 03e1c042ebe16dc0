//! Issue 34 goal 4's table: random half-given big grids (half of a random full grid's cells
//! kept), each solved with its uniqueness decided (a count to two) within a time limit, one
//! line a grid with its CPU time and nodes, then a summary a size.
//!
//! ```text
//! cargo run --release -p sudoku-ip-native --example half_given -- LIMIT_S GRIDS BOX… [--percent P] [--dump DIR]
//! ```
//!
//! `BOX` is a box side (5 6 7 8: 25×25 to 64×64); `--percent` the share of cells kept (50).
//! The grids are `half_sweep`'s (full grid of seed `1000 + i`, the same cells emptied), and
//! `--dump DIR` writes them to `DIR/half{P}-{n}x{n}.txt` for the peers
//! (`benches/peers/cpsat_grids.py --unique`). Box 0 makes the next size's
//! grid the empty grid, searched once (`0 5 6`: the empty 25×25, then half-given 36×36). Every solution found is checked against
//! every row of the model. Times and the limit are the search thread's CPU time (the machine is
//! shared): a watcher thread cancels the search at the limit.

#[path = "../tests/common/mod.rs"]
mod common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use common::{full_grid, median, model, remove_cells, Rng};
use sudoku_ip_model::{Backend, Cancel, Limits, SearchEnd, SearchRequest};
use sudoku_ip_native::Native;

/// A thread's CPU time, from its `schedstat` (nanoseconds on CPU).
fn cpu_time_of(path: &str) -> Duration {
    std::fs::read_to_string(path)
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|t| t.parse().ok()))
        .map_or(Duration::ZERO, Duration::from_nanos)
}

/// This thread's `schedstat` path, readable from other threads.
fn own_schedstat() -> String {
    let tid = std::fs::read_link("/proc/thread-self").map(|p| p.to_string_lossy().into_owned()).unwrap_or_default();
    format!("/proc/{tid}/schedstat")
}

/// Search `m` for two solutions, cancelled by a watcher once this thread has spent `limit` of
/// CPU time (the engine's own limit is wall time, which a shared machine stretches).
fn count_two(m: &sudoku_ip_model::Model, limit: Duration) -> (sudoku_ip_model::SearchResult, Duration) {
    let stat = own_schedstat();
    let cancel = Cancel::new();
    let done = Arc::new(AtomicBool::new(false));
    let t0 = cpu_time_of(&stat);
    let watcher = {
        let (cancel, done, stat) = (cancel.clone(), done.clone(), stat.clone());
        std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                if cpu_time_of(&stat) - t0 >= limit {
                    cancel.cancel();
                    return;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        })
    };
    let request = SearchRequest::count(2, 2).with_limits(Limits { cancel, ..Limits::default() });
    let r = Native.search(m, &request).expect("search");
    let took = cpu_time_of(&stat) - t0;
    done.store(true, Ordering::Relaxed);
    watcher.join().expect("watcher");
    (r, took)
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let dump = common::take_dump_dir(&mut args);
    let percent = match args.iter().position(|a| a == "--percent") {
        Some(i) => {
            let p: usize = args[i + 1].parse().expect("--percent P");
            args.drain(i..i + 2);
            p
        }
        None => 50,
    };
    let number = |i: usize, what: &str| -> f64 {
        args.get(i).and_then(|s| s.parse().ok()).unwrap_or_else(|| panic!("{what} expected (see the doc)"))
    };
    let limit = number(0, "LIMIT_S");
    let count = number(1, "GRIDS") as u64;
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("# limit {limit} s, {count} grids a size, {percent}% kept, load {}", load.trim());
    let mut empty = false;
    for a in 2..args.len() {
        let b = number(a, "BOX") as usize;
        if b == 0 {
            empty = true;
            continue;
        }
        let n = b * b;
        let (mut times, mut nodes, mut decided, mut grids) = (Vec::new(), Vec::new(), 0, Vec::new());
        let runs = if empty { 1 } else { count };
        for i in 0..runs {
            let values = if empty {
                vec![0u8; n * n]
            } else {
                let mut rng = Rng(1000 + i);
                let solution = full_grid(&mut rng, b, b);
                remove_cells(&mut rng, &solution, n * n * (100 - percent) / 100)
            };
            grids.push(values.clone());
            if limit <= 0.0 {
                continue;
            }
            let m = model(b, b, &values);
            let (r, took) = count_two(&m, Duration::from_secs_f64(limit));
            let ms = took.as_secs_f64() * 1e3;
            for g in &r.solutions {
                assert!(m.is_feasible(&m.ones_from_grid(g)), "a solution breaks a row");
            }
            let what = match (&r.end, r.count) {
                (SearchEnd::Stopped { .. }, _) => "stopped".to_string(),
                (_, 0) => "no solution".to_string(),
                (_, 1) => "unique".to_string(),
                _ => "2+ solutions".to_string(),
            };
            if !matches!(r.end, SearchEnd::Stopped { .. }) {
                decided += 1;
            }
            let nd = r.stats.nodes.unwrap_or(0);
            println!(
                "{n}x{n} {:<6} grid {i}: {what:<12} {ms:>9.1} ms CPU {nd:>9} nodes",
                if empty { "empty" } else { "" }
            );
            times.push(ms);
            nodes.push(nd as f64);
        }
        if let Some(dir) = &dump {
            if !empty {
                std::fs::write(format!("{dir}/half{percent}-{n}x{n}.txt"), common::values_lines(&grids))
                    .expect("write the dump");
            }
        }
        if limit > 0.0 {
            println!(
                "{n}x{n} {}: {decided}/{runs} decided, median {:.1} ms {} nodes, max {:.1} ms",
                if empty { "empty" } else { "half" },
                median(times.clone()),
                median(nodes.clone()),
                times.iter().cloned().fold(0.0, f64::max)
            );
        }
        empty = false;
    }
}

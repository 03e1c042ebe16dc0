//! Throughput of the generic engine on 9×9 puzzle files (solve and prove unique), bypassing
//! the 9×9 fast path: the reference figure the fast path is compared with.
//!
//! ```text
//! cargo run --release -p sudoku-ip-native --example generic9 -- FILE [LIMIT]
//! ```

use std::time::Instant;

use sudoku_ip_model::{Geometry, Grid, Model, Puzzle, SearchEnd, SearchRequest};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: generic9 FILE [LIMIT]");
        return;
    };
    let limit: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(usize::MAX);
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("cannot read {path}");
        return;
    };
    let Ok(geometry) = Geometry::new(9, None) else { return };
    let models: Vec<Model> = text
        .lines()
        .map(str::trim)
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .take(limit)
        .filter_map(|l| {
            let values = l.bytes().take(81).map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 }).collect();
            Grid::from_values(9, values).map(|g| Model::build(&Puzzle::new(geometry.clone(), g)))
        })
        .collect();
    // One shape: compiled once, as a batch caller does; each puzzle brings its own givens.
    let Some(prepared) = models.first().and_then(|m| sudoku_ip_native::Native::prepare(m).ok()) else { return };
    let (mut guesses, mut nodes, mut unique) = (0u64, 0u64, 0usize);
    let start = Instant::now();
    for m in &models {
        let Ok(r) = prepared.search_generic_with(m.fixed(), &SearchRequest::count(2, 1)) else { continue };
        guesses += r.stats.guesses.unwrap_or(0);
        nodes += r.stats.nodes.unwrap_or(0);
        unique += usize::from(r.count == 1 && r.end == SearchEnd::Exhausted);
    }
    let t = start.elapsed();
    let k = models.len().max(1);
    println!(
        "{path}: {} puzzles ({unique} unique) in {t:.2?}: {:.0} puzzles/s, {:.1} µs/puzzle, {:.2} guesses/puzzle, {:.2} nodes/puzzle",
        models.len(),
        k as f64 / t.as_secs_f64(),
        t.as_secs_f64() * 1e6 / k as f64,
        guesses as f64 / k as f64,
        nodes as f64 / k as f64
    );
}

//! How hard partly given big grids are for the generic engine, by the share of cells given:
//! for each percentage, `SEEDS` puzzles cut from random full grids (`SEEDS` different grids),
//! each searched for one solution within `LIMIT_S` seconds. Prints, per percentage, how many
//! finished, the median time and nodes, and their totals over the puzzles (a search stopped by
//! the limit counts at the limit; the totals show the long searches the medians hide).
//!
//! ```text
//! cargo run --release -p sudoku-ip-native --example half_sweep -- LIMIT_S BOX SEEDS PERCENT… [--dump DIR]
//! ```
//!
//! `BOX` is the box side (6: 36×36 grids). With `--dump DIR`, each percentage's puzzles are also
//! written to `DIR/{n}x{n}-{percent}.txt`, one puzzle a line, its n² values comma-separated (0:
//! empty), for peers (`benches/peers/cpsat_grids.py`); `--dump DIR` with `LIMIT_S` 0 only writes.
//! Every solution found is checked against every row of the model.

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use common::{full_grid, median, model, remove_cells, Rng};
use sudoku_ip_model::{Backend, Limits, SearchEnd, SearchRequest};
use sudoku_ip_native::Native;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let dump = common::take_dump_dir(&mut args);
    let number = |i: usize, what: &str| -> f64 {
        args.get(i).and_then(|s| s.parse().ok()).unwrap_or_else(|| panic!("{what} expected (see the doc)"))
    };
    let limit = number(0, "LIMIT_S");
    let b = number(1, "BOX") as usize;
    let seeds = number(2, "SEEDS") as u64;
    let n = b * b;
    for p in 3..args.len() {
        let percent = number(p, "PERCENT") as usize;
        let (mut times, mut nodes, mut finished, mut grids) = (Vec::new(), Vec::new(), 0, Vec::new());
        for seed in 0..seeds {
            let mut rng = Rng(1000 + seed);
            let solution = full_grid(&mut rng, b, b);
            let values = remove_cells(&mut rng, &solution, n * n * (100 - percent) / 100);
            grids.push(values.clone());
            if limit <= 0.0 {
                continue;
            }
            let m = model(b, b, &values);
            let request = SearchRequest::solve()
                .with_limits(Limits { time: Some(Duration::from_secs_f64(limit)), ..Limits::default() });
            let start = Instant::now();
            let r = Native.search(&m, &request).expect("search");
            times.push(start.elapsed().as_secs_f64() * 1e3);
            nodes.push(r.stats.nodes.unwrap_or(0) as f64);
            for g in &r.solutions {
                assert!(m.is_feasible(&m.ones_from_grid(g)), "a solution breaks a row");
            }
            if !matches!(r.end, SearchEnd::Stopped { .. }) {
                assert_eq!(r.count, 1, "a satisfiable puzzle");
                finished += 1;
            }
        }
        if let Some(dir) = &dump {
            std::fs::write(format!("{dir}/{n}x{n}-{percent}.txt"), common::values_lines(&grids))
                .expect("write the dump");
        }
        if limit > 0.0 {
            println!(
                "{n}x{n} {percent:>3}% given: {finished}/{seeds} finished, median {:>9.1} ms {:>9} nodes, total {:>7.2} s {:>10} nodes",
                median(times.clone()),
                median(nodes.clone()),
                times.iter().sum::<f64>() / 1e3,
                nodes.iter().sum::<f64>()
            );
        }
    }
}

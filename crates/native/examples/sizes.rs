//! The generic engine on the cases that used to defeat it, and on empty and half-given grids of
//! every square size from 9 to 64: time and nodes to find one solution.
//!
//! ```text
//! cargo run --release -p sudoku-ip-native --example sizes -- [LIMIT_S] [SIZES…] [--dump DIR]
//! ```
//!
//! `LIMIT_S` (default 60) is the time limit of each search; `SIZES` (default 9 16 25 36 49 64)
//! the sides of the table. Rows:
//! - `cage 406`: an empty 9×9 whose 81 cells form one cage of 406 (the true total is 405):
//!   must be refuted;
//! - `anti-knight`: an empty 9×9 with the anti-knight rule: any solution;
//! - `64x64, 6 givens`: six cells of a random full 64×64 grid given: any solution;
//! - `N empty`, `N half`: an empty grid, and one with half its cells (random) given from a
//!   random full grid: any solution.
//!
//! Each solution found is checked against every row of the model. With `--dump DIR`, each
//! half-given grid is also written to `DIR/half-{n}x{n}.txt` (its n² values comma-separated, 0:
//! empty) for peers (`benches/peers/cpsat_grids.py`).

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use common::{full_grid, model, Rng};
use sudoku_ip_model::geometry::inferred_box;
use sudoku_ip_model::rules::rule_from_name;
use sudoku_ip_model::{Backend, Cell, Geometry, Limits, Model, Puzzle, Row, SearchRequest, Sense};
use sudoku_ip_native::Native;

fn run(name: &str, m: &Model, limit: Duration) {
    let nodes = std::env::var("NODES").ok().and_then(|s| s.parse().ok());
    let request = SearchRequest::solve().with_limits(Limits { time: Some(limit), nodes, ..Limits::default() });
    let start = Instant::now();
    let r = match Native.search(m, &request) {
        Ok(r) => r,
        Err(e) => {
            println!("{name:<22} error: {e}");
            return;
        }
    };
    let t = start.elapsed();
    for g in &r.solutions {
        assert!(m.is_feasible(&m.ones_from_grid(g)), "{name}: a solution breaks a row");
    }
    let what = match (&r.end, r.count) {
        (sudoku_ip_model::SearchEnd::Stopped { .. }, _) => "stopped (limit)".to_string(),
        (_, 0) => "no solution".to_string(),
        (_, k) => format!("{k} solution"),
    };
    println!("{name:<22} {what:<16} {:>12.3} ms {:>12} nodes", t.as_secs_f64() * 1e3, r.stats.nodes.unwrap_or(0));
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let dump = common::take_dump_dir(&mut args);
    let limit = Duration::from_secs_f64(args.first().and_then(|s| s.parse().ok()).unwrap_or(60.0));
    let sizes: Vec<usize> = match args.get(1..) {
        Some(rest) if !rest.is_empty() => rest.iter().filter_map(|s| s.parse().ok()).collect(),
        _ => vec![9, 16, 25, 36, 49, 64],
    };

    // One cage over the whole 9x9 grid, one above the true total.
    let mut cage = model(3, 3, &[0; 81]);
    let terms: Vec<(u32, i32)> = (0..81)
        .flat_map(|k| (1..=9).map(move |d| (k, d)))
        .map(|(k, d)| (cage.var(Cell::new(k / 9, k % 9), d), d as i32))
        .collect();
    cage.push_row(Row {
        name: "cage".into(),
        kind: sudoku_ip_model::RowKind::Other,
        terms,
        sense: Sense::Eq,
        rhs: 406,
    });
    run("cage 406", &cage, limit);

    let geometry = Geometry::new(9, None).expect("9x9");
    let rule = rule_from_name("anti-knight", 9).expect("anti-knight rule");
    let knight = Model::build(&Puzzle::blank(geometry).with_rules(vec![rule]));
    run("anti-knight", &knight, limit);

    let mut rng = Rng(2026);
    if sizes.contains(&64) {
        let solution = full_grid(&mut rng, 8, 8);
        let mut values = vec![0u8; 64 * 64];
        for _ in 0..6 {
            let k = rng.below(64 * 64);
            values[k] = solution[k];
        }
        run("64x64, 6 givens", &model(8, 8, &values), limit);
    }

    for &n in &sizes {
        let Some((br, bc)) = inferred_box(n) else { continue };
        run(&format!("{n}x{n} empty"), &model(br, bc, &vec![0; n * n]), limit);
        let solution = full_grid(&mut rng, br, bc);
        let half = common::remove_cells(&mut rng, &solution, n * n / 2);
        if let Some(dir) = &dump {
            std::fs::write(format!("{dir}/half-{n}x{n}.txt"), common::values_lines(std::slice::from_ref(&half)))
                .expect("write the dump");
        }
        run(&format!("{n}x{n} half"), &model(br, bc, &half), limit);
    }
}

//! Plain 9×9 throughput, solve + prove unique (count up to 2), of the bit-parallel fast path
//! ([`search9`]) side by side with the `sudoku` crate (a JCZSolve-family solver) in the same run.
//!
//! Reads the tdoku benchmark sets from `../shared/data/sudoku9/` next to the repository (or the
//! directory in `SUDOKU9_DATA`); a missing file is skipped with a message. Large files are
//! sampled evenly (every k-th puzzle, at most [`SAMPLE`]) to keep a run short. Both solvers get
//! the puzzles already parsed, so only solving is timed. Before timing, the two counts are
//! compared puzzle by puzzle, and our guesses per puzzle are printed.
//!
//! The `generic` group times the generic engine (never the fast path) on the same task: every
//! variant example of `examples/*.json` and the first puzzles of top1465, each compiled once
//! into a [`Prepared`] handle, so changes to the general path are measured too.
//!
//! `cargo bench -p sudoku-ip-native --bench sudoku9`; compare the two `thrpt` lines per group.
// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sudoku_ip_formats::{parse_puzzle, ParseOptions};
use sudoku_ip_model::Cancel;
use sudoku_ip_model::{Model, Puzzle, SearchRequest};
use sudoku_ip_native::fast9::search9;
use sudoku_ip_native::{Native, Prepared};

const FILES: [&str; 5] = [
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles6_forum_hardest_1106",
    "puzzles5_forum_hardest_1905_11+",
    // Every puzzle has two solutions or more: the counting path.
    "puzzles7_serg_benchmark",
];

/// Most puzzles taken from one file.
const SAMPLE: usize = 2000;

fn data_dir() -> PathBuf {
    std::env::var_os("SUDOKU9_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/sudoku9"))
}

/// Puzzles of one file, evenly sampled; `None` if the file cannot be read.
fn load(name: &str) -> Option<Vec<[u8; 81]>> {
    let path = data_dir().join(name);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("skipping {name}: cannot read {}: {e}", path.display());
            return None;
        }
    };
    let lines: Vec<&str> = text.lines().filter(|l| l.len() >= 81 && !l.starts_with('#')).collect();
    let step = lines.len().div_ceil(SAMPLE).max(1);
    let puzzles = lines
        .iter()
        .step_by(step)
        .map(|line| {
            let mut g = [0u8; 81];
            for (cell, ch) in g.iter_mut().zip(line.bytes()) {
                *cell = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
            }
            g
        })
        .collect();
    Some(puzzles)
}

fn bench_file(c: &mut Criterion, name: &str) {
    let Some(ours) = load(name) else { return };
    let theirs: Vec<sudoku::Sudoku> = ours.iter().filter_map(|g| sudoku::Sudoku::from_bytes(*g).ok()).collect();
    assert_eq!(theirs.len(), ours.len(), "{name}: the sudoku crate rejected a puzzle");

    let mut guesses = 0;
    for (k, (g, s)) in ours.iter().zip(&theirs).enumerate() {
        let out = search9(g, 2, 0, None, &Cancel::default());
        guesses += out.guesses;
        assert_eq!(out.count, s.solutions_count_up_to(2) as u64, "{name}: puzzle {k} counts differ");
    }
    eprintln!("{name}: {} puzzles, {:.2} guesses/puzzle (ours)", ours.len(), guesses as f64 / ours.len() as f64);

    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(ours.len() as u64));
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(4));
    group.bench_function("sudoku-ip fast9", |b| {
        b.iter(|| {
            let mut total = 0;
            for g in &ours {
                total += search9(black_box(g), 2, 0, None, &Cancel::default()).count;
            }
            total
        })
    });
    group.bench_function("sudoku crate", |b| {
        b.iter(|| {
            let mut total = 0;
            for s in &theirs {
                total += black_box(*s).solutions_count_up_to(2);
            }
            total
        })
    });
    group.finish();
}

/// Puzzles of the top1465 set searched by the generic engine.
const GENERIC_9X9: usize = 100;

/// Prepared models of the variant examples and of the first top1465 puzzles.
fn generic_cases() -> (Vec<Prepared>, Vec<Prepared>) {
    let examples = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&examples)
        .map(|dir| dir.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    paths.retain(|p| p.extension().is_some_and(|e| e == "json"));
    paths.sort();
    let prepare = |puzzle: &Puzzle| Native::prepare(&Model::build(puzzle)).expect("the model compiles");
    let variants = paths
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p).expect("example readable");
            prepare(&parse_puzzle(&text, &ParseOptions::default()).expect("example parses"))
        })
        .collect();
    let plain = load(FILES[1])
        .unwrap_or_default()
        .iter()
        .take(GENERIC_9X9)
        .map(|g| {
            let line: String = g.iter().map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) }).collect();
            prepare(&parse_puzzle(&line, &ParseOptions::default()).expect("a 9x9 line"))
        })
        .collect();
    (variants, plain)
}

fn bench_generic(c: &mut Criterion) {
    let (variants, plain) = generic_cases();
    let request = SearchRequest::count(2, 0);
    let run = |cases: &[Prepared]| {
        let mut total = 0;
        for p in cases {
            let r = p.search_generic_with(p.model().fixed(), black_box(&request)).expect("search");
            total += r.count;
        }
        total
    };
    assert_eq!(run(&variants), variants.len() as u64, "every example is unique");
    let mut group = c.benchmark_group("generic");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(4));
    group.throughput(Throughput::Elements(variants.len() as u64));
    group.bench_function("variants (examples/*.json)", |b| b.iter(|| run(&variants)));
    if !plain.is_empty() {
        group.throughput(Throughput::Elements(plain.len() as u64));
        group.bench_function("top1465 first 100", |b| b.iter(|| run(&plain)));
    }
    group.finish();
}

fn sudoku9(c: &mut Criterion) {
    for name in FILES {
        bench_file(c, name);
    }
    bench_generic(c);
}

criterion_group!(benches, sudoku9);
criterion_main!(benches);

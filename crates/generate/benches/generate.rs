//! Generator throughput: unique minimal 9×9 puzzles side by side with the `sudoku` crate's
//! generator in the same run, and the time of one 16×16 puzzle.
//!
//! - `generate9_minimal`: no symmetry; ours is cell-minimal, as is
//!   `sudoku::Sudoku::generate_with_symmetry(Symmetry::None)`.
//! - `generate9_rot180`: half-turn symmetric, minimal by symmetric pairs on both sides
//!   (`sudoku::Sudoku::generate()`).
//! - `generate16`: one unique, minimal 16×16 puzzle (a new seed each iteration).
//!
//! The `sudoku` crate is AGPL-3.0: it is a dev-dependency of this bench only. 25×25 puzzles take
//! seconds each and are measured with the CLI instead (`sudoku-ip generate --size 25 --stats`).
//!
//! `cargo bench -p sudoku-ip-generate --bench generate`; compare the `thrpt` lines per group.
// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sudoku_ip_generate::{generate, GenerateSpec, Symmetry};
use sudoku_ip_model::Geometry;

fn spec(n: usize, symmetry: Symmetry) -> GenerateSpec {
    GenerateSpec { symmetry, ..GenerateSpec::new(Geometry::new(n, None).expect("boxed geometry")) }
}

/// Ours with a fresh seed per iteration, so the timing covers many different grids.
fn ours(spec: &GenerateSpec) -> impl FnMut() -> usize + '_ {
    let mut seed = 0u64;
    move || {
        seed += 1;
        generate(&spec.with_seed(seed)).map(|g| g.clues).unwrap_or(0)
    }
}

fn bench9(c: &mut Criterion) {
    for (name, symmetry, peer) in [
        ("generate9_minimal", Symmetry::None, sudoku::Symmetry::None),
        ("generate9_rot180", Symmetry::Rot180, sudoku::Symmetry::HalfRotation),
    ] {
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(1));
        group.measurement_time(Duration::from_secs(5));
        let spec = spec(9, symmetry);
        let mut next = ours(&spec);
        group.bench_function("sudoku-ip", |b| b.iter(|| black_box(next())));
        group.bench_function("sudoku crate", |b| b.iter(|| black_box(sudoku::Sudoku::generate_with_symmetry(peer))));
        group.finish();
    }
}

fn bench16(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate16");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    let spec = spec(16, Symmetry::None);
    let mut next = ours(&spec);
    group.bench_function("sudoku-ip minimal", |b| b.iter(|| black_box(next())));
    group.finish();
}

criterion_group!(benches, bench9, bench16);
criterion_main!(benches);

//! The fast path's rate on whole 9×9 files, in the shape of tdoku's `run_benchmark` table, so
//! the two can be run one after the other on the same files (`benches/peers/tdoku.sh`).
//!
//! Solve and prove unique (count up to 2) every puzzle of each file, for at least `--secs`
//! seconds (whole passes over the file, puzzles parsed beforehand), then print puzzles per CPU second,
//! µs/puzzle, the share solved without a guess and guesses per puzzle. One thread. With
//! `--crate`, the `sudoku` crate (a dev-dependency, JCZSolve-family) is timed the same way
//! after each file (its guesses are not reported: 0 in the table).
//!
//! `cargo run --release -p sudoku-ip-native --example fast9_rate -- [--secs S] [--crate] FILE...`
use std::time::{Duration, Instant};

use sudoku_ip_model::Cancel;
use sudoku_ip_native::fast9::search9;

fn main() {
    let stop = Cancel::default();
    let mut secs = 3.0f64;
    let mut crate_too = false;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--crate" {
            crate_too = true;
        } else if a == "--secs" {
            secs = args.next().and_then(|s| s.parse().ok()).unwrap_or_else(|| usage());
        } else {
            files.push(a);
        }
    }
    if files.is_empty() {
        usage();
    }
    println!("|{:<46} |  puzzles/sec|  usec/puzzle|   %no_guess|  guesses/puzzle|", "file (engine)");
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap_or_else(|e| {
            eprintln!("{file}: {e}");
            std::process::exit(2)
        });
        let puzzles: Vec<[u8; 81]> = text
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .map(|l| {
                let mut g = [0u8; 81];
                for (cell, ch) in g.iter_mut().zip(l.bytes()) {
                    *cell = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
                }
                g
            })
            .collect();
        if puzzles.is_empty() {
            eprintln!("{file}: no puzzles");
            std::process::exit(2);
        }
        // One untimed pass: warms the caches and checks that every puzzle has a solution and
        // that the two engines count alike.
        let theirs: Vec<sudoku::Sudoku> = puzzles.iter().filter_map(|g| sudoku::Sudoku::from_bytes(*g).ok()).collect();
        if theirs.len() != puzzles.len() {
            eprintln!("{file}: the sudoku crate rejected a puzzle");
            std::process::exit(1);
        }
        for (g, s) in puzzles.iter().zip(&theirs) {
            let count = search9(g, 2, 0, None, &stop).count;
            if count == 0 || count != s.solutions_count_up_to(2) as u64 {
                eprintln!("{file}: a puzzle has no solution, or the two engines count it differently");
                std::process::exit(1);
            }
        }
        let name = std::path::Path::new(&file).file_name().map_or(file.clone(), |f| f.to_string_lossy().into_owned());
        let ours = rate(secs, &puzzles, |g| search9(std::hint::black_box(g), 2, 0, None, &stop).guesses);
        print_row(&format!("{name} (fast9)"), ours, puzzles.len());
        if crate_too {
            let theirs = rate(secs, &theirs, |s| {
                std::hint::black_box(std::hint::black_box(*s).solutions_count_up_to(2));
                0
            });
            print_row(&format!("{name} (sudoku crate)"), Rate { guesses: u64::MAX, ..theirs }, puzzles.len());
        }
    }
}

/// What [`rate`] measured: CPU seconds, passes over the file, guesses (`u64::MAX`: not known),
/// puzzles solved without one.
struct Rate {
    seconds: f64,
    passes: u64,
    guesses: u64,
    no_guess: u64,
}

/// Whole passes of `solve` over the puzzles for at least `secs` seconds (`solve` returns its
/// guesses).
fn rate<T>(secs: f64, puzzles: &[T], mut solve: impl FnMut(&T) -> u64) -> Rate {
    let (mut passes, mut guesses, mut no_guess) = (0u64, 0u64, 0u64);
    let start = Instant::now();
    let cpu_start = cpu_time();
    while start.elapsed() < Duration::from_secs_f64(secs) {
        for g in puzzles {
            let n = solve(g);
            guesses += n;
            no_guess += u64::from(n == 0);
        }
        passes += 1;
    }
    // CPU time where the kernel tells it (the machine is shared), else wall time.
    let seconds = match (cpu_start, cpu_time()) {
        (Some(a), Some(b)) => (b - a).as_secs_f64(),
        _ => start.elapsed().as_secs_f64(),
    };
    Rate { seconds, passes, guesses, no_guess }
}

fn print_row(name: &str, r: Rate, size: usize) {
    let solved = (r.passes * size as u64) as f64;
    let (no_guess, guesses) = if r.guesses == u64::MAX {
        ("N/A".to_string(), "N/A".to_string())
    } else {
        (format!("{:.1}%", 100.0 * r.no_guess as f64 / solved), format!("{:.2}", r.guesses as f64 / solved))
    };
    println!(
        "|{:<46} |{:>12.1} |{:>12.2} |{:>11} |{:>15} |",
        name,
        solved / r.seconds,
        r.seconds * 1e6 / solved,
        no_guess,
        guesses
    );
}

/// This thread's CPU time so far (Linux: the first field of `/proc/thread-self/schedstat`, ns).
fn cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    Some(Duration::from_nanos(text.split_whitespace().next()?.parse().ok()?))
}

fn usage() -> ! {
    eprintln!("usage: fast9_rate [--secs S] [--crate] FILE...");
    std::process::exit(2)
}

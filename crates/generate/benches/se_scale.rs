//! How the rater's number follows Sudoku Explainer's scale, and how long it takes: not a
//! timed test, a benchmark that prints figures.
//!
//! ```text
//! cargo bench -p sudoku-ip-generate --bench se_scale                 # the SE-rated sample
//! cargo bench -p sudoku-ip-generate --bench se_scale -- --hardest 200  # + forum 11+ list
//! cargo bench -p sudoku-ip-generate --bench se_scale -- --hardest 1000 --every 48   # spread over it
//! ```
//!
//! - `benches/se-rated/sudoku-exchange-sample.txt` (in the repository): 980 puzzles rated
//!   2.5–9.2 by Sukaku Explainer (see the README there). For them: Spearman's rank correlation
//!   and the mean absolute error between our rating and SE's, and the mean of ours per SE
//!   rating.
//! - with `--hardest N`: the first N puzzles of `../shared/data/sudoku9/
//!   puzzles5_forum_hardest_1905_11+` (SE ≥ 11; outside the repository: this part reads
//!   `../shared`): how many the techniques finish (no search), how many are rated ≥ 10.0,
//!   the spread of ratings and which technique was the hardest of each path. `--every K`
//!   takes every K-th puzzle of the list instead (a sample spread over all of it).
//!
//! Times are the CPU time of `rate` in this thread, one puzzle at a time (a hint, not a
//! comparison).

use std::time::Duration;

use sudoku_ip_formats as formats;
use sudoku_ip_generate::{rate, Rating};
use sudoku_ip_model::Puzzle;

fn puzzle(line: &str) -> Option<Puzzle> {
    formats::parse_puzzle(line, &formats::ParseOptions::default()).ok()
}

/// The rating and the CPU time it took (this thread's), so that a loaded machine does not
/// lengthen it.
fn timed(p: &Puzzle) -> (Option<Rating>, Duration) {
    let start = cpu_time::ThreadTime::now();
    let r = rate(p).ok();
    (r, start.elapsed())
}

/// Ranks with ties given their mean rank.
fn ranks(x: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..x.len()).collect();
    order.sort_by(|&a, &b| x[a].total_cmp(&x[b]));
    let mut r = vec![0.0; x.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && x[order[j + 1]] == x[order[i]] {
            j += 1;
        }
        let mean = (i + j) as f64 / 2.0 + 1.0;
        for &o in &order[i..=j] {
            r[o] = mean;
        }
        i = j + 1;
    }
    r
}

fn pearson(a: &[f64], b: &[f64]) -> f64 {
    let n = a.len() as f64;
    let (ma, mb) = (a.iter().sum::<f64>() / n, b.iter().sum::<f64>() / n);
    let cov: f64 = a.iter().zip(b).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = a.iter().map(|x| (x - ma) * (x - ma)).sum();
    let vb: f64 = b.iter().map(|y| (y - mb) * (y - mb)).sum();
    cov / (va * vb).sqrt()
}

fn median(mut t: Vec<Duration>) -> Duration {
    t.sort();
    t.get(t.len() / 2).copied().unwrap_or_default()
}

fn se_sample() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../benches/se-rated/sudoku-exchange-sample.txt");
    let text = std::fs::read_to_string(&path).expect("benches/se-rated/sudoku-exchange-sample.txt");
    let (mut ours, mut theirs, mut times) = (Vec::new(), Vec::new(), Vec::new());
    let mut by_se: std::collections::BTreeMap<u32, Vec<f64>> = Default::default();
    for line in text.lines() {
        let mut parts = line.split_whitespace();
        let (Some(grid), Some(se)) = (parts.next(), parts.next()) else { continue };
        let (Some(p), Ok(se)) = (puzzle(grid), se.parse::<f64>()) else { continue };
        let (r, t) = timed(&p);
        let Some(r) = r else { continue };
        ours.push(r.rating.value());
        theirs.push(se);
        times.push(t);
        by_se.entry((se * 10.0).round() as u32).or_default().push(r.rating.value());
    }
    let n = ours.len();
    let spearman = pearson(&ranks(&ours), &ranks(&theirs));
    let mae = ours.iter().zip(&theirs).map(|(a, b)| (a - b).abs()).sum::<f64>() / n as f64;
    println!("SE-rated sample: {n} puzzles, Spearman {spearman:.3}, mean absolute error {mae:.2}");
    println!(
        "  rating time: median {:?}, max {:?}",
        median(times.clone()),
        times.iter().max().copied().unwrap_or_default()
    );
    println!("  SE  | ours (mean)  | n");
    for (se, v) in &by_se {
        let mean = v.iter().sum::<f64>() / v.len() as f64;
        println!("  {:.1} | {mean:5.2}        | {}", f64::from(*se) / 10.0, v.len());
    }
}

fn hardest(count: usize, every: usize) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/sudoku9/puzzles5_forum_hardest_1905_11+");
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("forum 11+ list: {} not found (it lives outside the repository)", path.display());
        return;
    };
    let puzzles: Vec<Puzzle> =
        text.lines().filter(|l| !l.starts_with('#')).step_by(every.max(1)).filter_map(puzzle).take(count).collect();
    let (mut finished, mut ten, mut times, mut ratings) = (0, 0, Vec::new(), Vec::new());
    let mut by_hardest: std::collections::BTreeMap<String, usize> = Default::default();
    for p in &puzzles {
        let (r, t) = timed(p);
        times.push(t);
        let Some(r) = r else { continue };
        finished += usize::from(!r.needs_search);
        ten += usize::from(!r.needs_search && r.rating.value() >= 10.0);
        ratings.push(r.rating.0);
        let hardest = if r.needs_search { "needs search".to_string() } else { format!("{:?}", r.hardest) };
        *by_hardest.entry(hardest).or_default() += 1;
    }
    ratings.sort_unstable();
    let at = |q: usize| ratings.get(q * ratings.len().saturating_sub(1) / 100).map_or(0.0, |&r| f64::from(r) / 10.0);
    println!(
        "forum 11+ list, {} (every {every}th): {finished} finished by logic, {ten} rated >= 10.0 by logic; rating min {} / median {} / max {}; time median {:?}, max {:?}",
        puzzles.len(),
        at(0),
        at(50),
        at(100),
        median(times.clone()),
        times.iter().max().copied().unwrap_or_default()
    );
    println!("  hardest technique: {by_hardest:?}");
    let mut spread: std::collections::BTreeMap<u16, usize> = Default::default();
    for &r in &ratings {
        *spread.entry(r).or_default() += 1;
    }
    let spread: Vec<String> = spread.iter().map(|(r, n)| format!("{}.{}: {n}", r / 10, r % 10)).collect();
    println!("  ratings: {}", spread.join(", "));
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    se_sample();
    if let Some(i) = args.iter().position(|a| a == "--hardest") {
        let count = args.get(i + 1).and_then(|c| c.parse().ok()).unwrap_or(100);
        let every = args.iter().position(|a| a == "--every").and_then(|j| args.get(j + 1)?.parse().ok()).unwrap_or(1);
        hardest(count, every);
    }
}

//! Property tests: on random puzzles of sizes 4, 6, 9 and 16 — unique, with several solutions,
//! and contradictory — every backend agrees on solvable / unsolvable, every solution passes the
//! checker, and solution counts from the native engine and from MILP-with-cuts agree.

use proptest::prelude::*;
use sudoku_ip::{check, count, Cell, Geometry, Grid, Objective, Options, Outcome, Puzzle, SearchEnd, Solver, StartUse};

/// A full grid: the pattern grid with digits, rows in bands, bands, columns in stacks and
/// stacks permuted by `perm` (a stream of random numbers).
fn full_grid(n: usize, perm: &[usize]) -> (Geometry, Grid) {
    let geometry = Geometry::new(n, None).expect("boxed size");
    let (br, bc) = geometry.box_shape().expect("boxed");
    let mut stream = perm.iter().copied().cycle();
    let mut shuffle = |v: &mut Vec<usize>| {
        for i in (1..v.len()).rev() {
            let j = stream.next().unwrap_or(0) % (i + 1);
            v.swap(i, j);
        }
    };
    let mut digits: Vec<usize> = (1..=n).collect();
    shuffle(&mut digits);
    let mut bands: Vec<usize> = (0..n / br).collect();
    shuffle(&mut bands);
    let mut rows = Vec::new();
    for b in bands {
        let mut inner: Vec<usize> = (0..br).map(|i| b * br + i).collect();
        shuffle(&mut inner);
        rows.extend(inner);
    }
    let mut stacks: Vec<usize> = (0..n / bc).collect();
    shuffle(&mut stacks);
    let mut cols = Vec::new();
    for s in stacks {
        let mut inner: Vec<usize> = (0..bc).map(|i| s * bc + i).collect();
        shuffle(&mut inner);
        cols.extend(inner);
    }
    let mut grid = Grid::empty(n);
    for (r, &rr) in rows.iter().enumerate() {
        for (c, &cc) in cols.iter().enumerate() {
            grid.set(Cell::new(r, c), digits[(bc * (rr % br) + rr / br + cc) % n]);
        }
    }
    assert!(check::verify(&Puzzle::blank(geometry.clone()), &grid).is_empty());
    (geometry, grid)
}

#[derive(Debug, Clone)]
enum Kind {
    /// Cells removed from a full grid: one or more solutions.
    Holes,
    /// Then one given changed to another digit: usually no solution.
    Corrupted,
}

fn puzzle_strategy(sizes: &'static [usize], max_holes: f64) -> impl Strategy<Value = (Puzzle, Kind)> {
    (
        proptest::sample::select(sizes),
        proptest::collection::vec(0usize..1_000_000, 64),
        proptest::collection::vec(0usize..1_000_000, 256),
        0.0..max_holes,
        prop_oneof![3 => Just(Kind::Holes), 1 => Just(Kind::Corrupted)],
        0usize..1000,
    )
        .prop_map(|(n, perm, order, holes, kind, tweak)| {
            let (geometry, full) = full_grid(n, &perm);
            let mut givens = full.clone();
            let cells = n * n;
            let remove = ((cells as f64) * holes) as usize;
            let mut idx: Vec<usize> = (0..cells).collect();
            for i in (1..cells).rev() {
                idx.swap(i, order[i % order.len()] % (i + 1));
            }
            for &k in &idx[..remove] {
                givens.set(Cell::from_index(k, n), 0);
            }
            if let Kind::Corrupted = kind {
                // Change a remaining given to another digit.
                if let Some(&k) = idx[remove..].first() {
                    let cell = Cell::from_index(k, n);
                    let v = givens.get(cell);
                    givens.set(cell, (v + tweak % (n - 1)) % n + 1);
                }
            }
            (Puzzle::new(geometry, givens), kind)
        })
}

fn opts(solver: Solver) -> Options {
    Options { solver, ..Options::default() }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Small grids: exact counts (up to 6) agree between native search and MILP with cuts.
    #[test]
    fn counts_agree_on_small_grids((puzzle, _kind) in puzzle_strategy(&[4, 6], 0.75)) {
        let native = count(&puzzle, &opts(Solver::Native), 6, 6).unwrap();
        for g in &native.solutions {
            prop_assert!(check::verify(&puzzle, g).is_empty());
        }
        for kind in Solver::available().into_iter().filter(|k| k.is_milp()) {
            let milp = count(&puzzle, &opts(kind), 6, 6).unwrap();
            prop_assert_eq!(milp.count, native.count, "{}", kind);
            prop_assert_eq!(&milp.end, &native.end, "{}", kind);
            let mut a: Vec<String> = native.solutions.iter().map(|g| g.to_line()).collect();
            let mut b: Vec<String> = milp.solutions.iter().map(|g| g.to_line()).collect();
            a.sort();
            b.sort();
            // Below the cap the counts are exact, so the solution sets must be the same.
            if native.end == SearchEnd::Exhausted {
                prop_assert_eq!(a, b, "{} finds the same solutions", kind);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    /// 9x9: solvable / unsolvable agree, and counts up to 3 agree.
    #[test]
    fn nine_by_nine_backends_agree((puzzle, _kind) in puzzle_strategy(&[9], 0.6)) {
        let native = count(&puzzle, &opts(Solver::Native), 3, 3).unwrap();
        for kind in Solver::available().into_iter().filter(|k| k.is_milp()) {
            let milp = count(&puzzle, &opts(kind), 3, 3).unwrap();
            prop_assert_eq!((milp.count, &milp.end), (native.count, &native.end), "{}", kind);
            for g in &milp.solutions {
                prop_assert!(check::verify(&puzzle, g).is_empty());
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4, ..ProptestConfig::default() })]

    /// 16x16: every backend finds a checked solution exactly when native does.
    #[test]
    fn sixteen_by_sixteen_solvability_agrees((puzzle, _kind) in puzzle_strategy(&[16], 0.45)) {
        let native = sudoku_ip::solve(&puzzle, &opts(Solver::Native)).unwrap();
        for kind in Solver::available().into_iter().filter(|k| k.is_milp()) {
            let milp = sudoku_ip::solve(&puzzle, &opts(kind)).unwrap();
            match (&native.outcome, &milp.outcome, milp.solution()) {
                (Outcome::Solved, Outcome::Solved, Some(g)) => prop_assert!(check::verify(&puzzle, g).is_empty()),
                (Outcome::Infeasible { .. }, Outcome::Infeasible { .. }, _) => {}
                (a, b, _) => prop_assert!(false, "native {:?} vs {} {:?}", a, kind, b),
            }
        }
        let stopped = matches!(native.end, SearchEnd::Stopped { .. });
        prop_assert!(!stopped);
    }
}

/// Every 4x4 grid (288 of them), found by brute force over rows and the checker alone: the
/// oracle the random rule sets below are counted against, independent of model and engines.
fn all_4x4_grids() -> &'static [Grid] {
    static GRIDS: std::sync::OnceLock<Vec<Grid>> = std::sync::OnceLock::new();
    GRIDS.get_or_init(|| {
        let mut rows = Vec::new();
        for a in 1..=4u8 {
            for b in 1..=4u8 {
                for c in 1..=4u8 {
                    for d in 1..=4u8 {
                        let row = [a, b, c, d];
                        if (0..4).all(|i| (0..i).all(|j| row[i] != row[j])) {
                            rows.push(row);
                        }
                    }
                }
            }
        }
        let blank = Puzzle::blank(Geometry::new(4, None).expect("4x4"));
        let mut grids = Vec::new();
        for r0 in &rows {
            for r1 in &rows {
                for r2 in &rows {
                    for r3 in &rows {
                        let values: Vec<u8> = [r0, r1, r2, r3].iter().flat_map(|r| r.iter().copied()).collect();
                        let grid = Grid::from_values(4, values).expect("4x4 values");
                        if check::verify(&blank, &grid).is_empty() {
                            grids.push(grid);
                        }
                    }
                }
            }
        }
        assert_eq!(grids.len(), 288, "the number of 4x4 Sudoku grids");
        grids
    })
}

fn name(k: usize) -> String {
    format!("r{}c{}", k / 4 + 1, k % 4 + 1)
}

/// A random rule set on a 4x4 whose data is read off `grid` (so `grid` keeps every data rule),
/// plus random switchable rules that `grid` may break.
fn random_rules(grid: &Grid, switches: u8, picks: &[usize]) -> Vec<serde_json::Value> {
    use serde_json::json;
    let v = |k: usize| grid.values()[k] as usize;
    let mut pick = picks.iter().copied().cycle();
    let mut rules = Vec::new();
    // Each switchable rule one time in five: most of them leave a 4x4 few solutions or none.
    for rule in ["diagonal", "anti-king", "anti-knight", "non-consecutive"] {
        if pick.next().unwrap_or(0) % 5 == 0 {
            rules.push(json!({ "type": rule }));
        }
    }
    // Orthogonal neighbours, shuffled.
    let mut pairs: Vec<(usize, usize)> =
        (0..16).flat_map(|k| [(k % 4 < 3).then_some((k, k + 1)), (k < 12).then_some((k, k + 4))]).flatten().collect();
    for i in (1..pairs.len()).rev() {
        pairs.swap(i, pick.next().unwrap_or(0) % (i + 1));
    }
    let (mut cages, mut thermos, mut white, mut black, mut vs, mut odd, mut even) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut caged = [false; 16];
    let take = pick.next().unwrap_or(0) % 8;
    for &(a, b) in &pairs[..take] {
        match pick.next().unwrap_or(0) % 5 {
            0 if !caged[a] && !caged[b] => {
                caged[a] = true;
                caged[b] = true;
                cages.push(json!({ "sum": v(a) + v(b), "cells": [name(a), name(b)] }));
            }
            1 => thermos.push(if v(a) < v(b) { json!([name(a), name(b)]) } else { json!([name(b), name(a)]) }),
            2 if v(a).abs_diff(v(b)) == 1 => white.push(json!([name(a), name(b)])),
            2 if v(a) == 2 * v(b) || v(b) == 2 * v(a) => black.push(json!([name(a), name(b)])),
            3 if v(a) + v(b) == 5 => vs.push(json!([name(a), name(b)])),
            4 if odd.contains(&name(a)) || even.contains(&name(a)) => {}
            4 if v(a) % 2 == 1 => odd.push(name(a)),
            4 => even.push(name(a)),
            _ => {}
        }
    }
    let kropki_all = switches & 16 != 0;
    if kropki_all {
        // Every dot given: white on each consecutive pair, black on each other ratio-2 pair.
        (white, black) = (Vec::new(), Vec::new());
        for &(a, b) in &pairs {
            if v(a).abs_diff(v(b)) == 1 {
                white.push(json!([name(a), name(b)]));
            } else if v(a) == 2 * v(b) || v(b) == 2 * v(a) {
                black.push(json!([name(a), name(b)]));
            }
        }
    }
    if !cages.is_empty() {
        rules.push(json!({ "type": "killer", "cages": cages }));
    }
    if !thermos.is_empty() {
        rules.push(json!({ "type": "thermometer", "thermometers": thermos }));
    }
    if kropki_all || !white.is_empty() || !black.is_empty() {
        rules.push(json!({ "type": "kropki", "white": white, "black": black, "all_given": kropki_all }));
    }
    if !vs.is_empty() {
        rules.push(json!({ "type": "xv", "x": [], "v": vs }));
    }
    if !odd.is_empty() || !even.is_empty() {
        rules.push(json!({ "type": "odd-even", "odd": odd, "even": even }));
    }
    // An arrow: a circle whose digit is the sum of the next two cells of a straight line.
    if switches & 32 != 0 {
        // Three consecutive cells of a row or a column, either way round.
        let mut lines: Vec<(usize, usize, usize)> = Vec::new();
        for r in 0..4 {
            for c in 0..2 {
                let (row, col) = ((4 * r + c, 4 * r + c + 1, 4 * r + c + 2), (4 * c + r, 4 * c + r + 4, 4 * c + r + 8));
                lines.extend([row, (row.2, row.1, row.0), col, (col.2, col.1, col.0)]);
            }
        }
        if let Some(&(p, q, s)) = lines.iter().find(|&&(p, q, s)| v(p) == v(q) + v(s)) {
            rules.push(json!({ "type": "arrow", "arrows": [{ "circle": name(p), "cells": [name(q), name(s)] }] }));
        }
    }
    // Extra region: cells in random order, kept while their digits stay distinct.
    if switches & 64 != 0 {
        let mut seen = [false; 5];
        let cells: Vec<String> = (0..16)
            .map(|_| pick.next().unwrap_or(0) % 16)
            .filter(|&k| !std::mem::replace(&mut seen[v(k)], true))
            .map(name)
            .collect();
        if cells.len() >= 2 {
            rules.push(json!({ "type": "extra-regions", "regions": [cells] }));
        }
    }
    rules
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Random rule sets on 4x4 (switchable rules, and cages, thermometers, kropki with and
    /// without "all dots given", XV, odd/even, arrows, extra regions read off a random grid):
    /// every backend's count and solutions equal the checker-only oracle's (all 288 grids
    /// filtered by the checker).
    #[test]
    fn random_rule_sets_agree_with_the_checker_oracle(
        index in 0usize..288,
        switches in 0u8..128,
        picks in proptest::collection::vec(0usize..1_000_000, 64),
        holes in proptest::collection::vec(proptest::bool::weighted(0.7), 16),
    ) {
        let grid = &all_4x4_grids()[index];
        let givens: Vec<String> = (0..4)
            .map(|r| (0..4).map(|c| if holes[4 * r + c] { '.' } else { (b'0' + grid.values()[4 * r + c]) as char }).collect())
            .collect();
        let text = serde_json::json!({ "size": 4, "givens": givens, "rules": random_rules(grid, switches, &picks) });
        let puzzle = sudoku_ip::formats::json::parse_json(&text.to_string())
            .map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        let mut oracle: Vec<String> =
            all_4x4_grids().iter().filter(|g| check::verify(&puzzle, g).is_empty()).map(|g| g.to_line()).collect();
        oracle.sort();
        let cap = 20;
        // The MILP solvers also with the seeds' objective, so from a native start: one the
        // model rejects (its auxiliary variables left unsatisfiable) would be a bug.
        let runs = Solver::available().into_iter().flat_map(|kind| {
            let seed = kind.is_milp().then_some(Options { objective: Objective::Seed, ..opts(kind) });
            std::iter::once(opts(kind)).chain(seed)
        });
        for options in runs {
            let kind = options.solver;
            let report = count(&puzzle, &options, cap, cap as usize).unwrap();
            prop_assert_ne!(report.stats.start, Some(StartUse::Rejected), "{}: {}", kind, text);
            let mut found: Vec<String> = report.solutions.iter().map(|g| g.to_line()).collect();
            found.sort();
            for g in &report.solutions {
                prop_assert!(oracle.contains(&g.to_line()), "{}: {} is not a solution of {}", kind, g, text);
            }
            if (oracle.len() as u64) < cap {
                prop_assert_eq!(&report.end, &SearchEnd::Exhausted, "{}: {}", kind, text);
                prop_assert_eq!(&found, &oracle, "{}: {}", kind, text);
            } else {
                prop_assert_eq!(report.count, cap, "{}: {}", kind, text);
            }
        }
    }
}

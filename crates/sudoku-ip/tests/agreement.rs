//! Property tests: on random puzzles of sizes 4, 6, 9 and 16 — unique, with several solutions,
//! and contradictory — every backend agrees on solvable / unsolvable, every solution passes the
//! checker, and solution counts from the native engine and from MILP-with-cuts agree.

use proptest::prelude::*;
use sudoku_ip::{check, count, Cell, Geometry, Grid, Options, Outcome, Puzzle, SearchEnd, SolverKind};

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

fn opts(solver: SolverKind) -> Options {
    Options { solver, ..Options::default() }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Small grids: exact counts (up to 6) agree between native search and MILP with cuts.
    #[test]
    fn counts_agree_on_small_grids((puzzle, _kind) in puzzle_strategy(&[4, 6], 0.75)) {
        let native = count(&puzzle, &opts(SolverKind::Native), 6, 6).unwrap();
        for g in &native.solutions {
            prop_assert!(check::verify(&puzzle, g).is_empty());
        }
        for kind in SolverKind::available().into_iter().filter(|k| k.is_milp()) {
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
        let native = count(&puzzle, &opts(SolverKind::Native), 3, 3).unwrap();
        for kind in SolverKind::available().into_iter().filter(|k| k.is_milp()) {
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
        let native = sudoku_ip::solve(&puzzle, &opts(SolverKind::Native)).unwrap();
        for kind in SolverKind::available().into_iter().filter(|k| k.is_milp()) {
            let milp = sudoku_ip::solve(&puzzle, &opts(kind)).unwrap();
            match (&native.outcome, &milp.outcome) {
                (Outcome::Solved(_), Outcome::Solved(g)) => prop_assert!(check::verify(&puzzle, g).is_empty()),
                (Outcome::Infeasible { .. }, Outcome::Infeasible { .. }) => {}
                (a, b) => prop_assert!(false, "native {:?} vs {} {:?}", a, kind, b),
            }
        }
        let stopped = matches!(native.end, SearchEnd::Stopped { .. });
        prop_assert!(!stopped);
    }
}

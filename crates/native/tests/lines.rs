//! Line automata (`lines.rs`): a skyscraper line propagated by its automaton, and searches
//! that leave the rows the automata replace out (skyscrapers, sandwiches, X-sums) must find
//! the grids the rows alone find.

mod common;

use common::{full_grid, Rng};
use sudoku_ip_formats::json::parse_json;
use sudoku_ip_model::{Backend, Cell, Grid, Model, Puzzle, SearchRequest};
use sudoku_ip_native::{presolve, reference, Native, Presolve};

/// Buildings seen along `digits`.
fn seen(digits: &[u8]) -> u32 {
    let (mut tallest, mut count) = (0, 0);
    for &d in digits {
        if d > tallest {
            (tallest, count) = (d, count + 1);
        }
    }
    count
}

/// The line of a clue, from its side inwards (written apart from the rule's own).
fn line(values: &[u8], n: usize, side: &str, index: usize) -> Vec<u8> {
    let at = |r: usize, c: usize| values[r * n + c];
    match side {
        "left" => (0..n).map(|c| at(index, c)).collect(),
        "right" => (0..n).rev().map(|c| at(index, c)).collect(),
        "top" => (0..n).map(|r| at(r, index)).collect(),
        _ => (0..n).rev().map(|r| at(r, index)).collect(),
    }
}

/// A skyscraper puzzle: `givens` (0: empty) and clues `(side, 0-based index, count)`.
fn puzzle(n: usize, shape: (usize, usize), givens: &[u8], clues: &[(&str, usize, u32)]) -> Puzzle {
    outside_puzzle("skyscraper", "count", n, shape, givens, clues)
}

/// The clue of `kind` a line of digits has: buildings seen, the sum between the 1 and the
/// `n`, the sum of the first `X`.
fn clue_of(kind: &str, digits: &[u8]) -> u32 {
    let n = digits.len() as u8;
    match kind {
        "skyscraper" => seen(digits),
        "sandwich" => {
            let (i, j) = (digits.iter().position(|&d| d == 1), digits.iter().position(|&d| d == n));
            let (i, j) = (i.unwrap_or(0), j.unwrap_or(0));
            digits[i.min(j) + 1..i.max(j)].iter().map(|&d| d as u32).sum()
        }
        _ => digits[..digits[0] as usize].iter().map(|&d| d as u32).sum(),
    }
}

/// A puzzle of one outside rule `kind`, its clues' number under `key`.
fn outside_puzzle(
    kind: &str,
    key: &str,
    n: usize,
    (br, bc): (usize, usize),
    givens: &[u8],
    clues: &[(&str, usize, u32)],
) -> Puzzle {
    let rows: Vec<String> = givens
        .chunks(n)
        .map(|r| {
            format!("\"{}\"", r.iter().map(|&v| if v == 0 { '.' } else { (b'0' + v) as char }).collect::<String>())
        })
        .collect();
    let clues: Vec<String> = clues
        .iter()
        .map(|(side, index, count)| format!(r#"{{"side": "{side}", "index": {}, "{key}": {count}}}"#, index + 1))
        .collect();
    let rules = if clues.is_empty() {
        String::new()
    } else {
        format!(r#"{{"type": "{kind}", "clues": [{}]}}"#, clues.join(", "))
    };
    let text = format!(r#"{{"size": {n}, "box": "{br}x{bc}", "givens": [{}], "rules": [{rules}]}}"#, rows.join(", "));
    parse_json(&text).expect("a valid puzzle")
}

/// Every grid of `model` the native engine finds (up to `max`), sorted.
fn grids(model: &Model, max: u64) -> (u64, Vec<Grid>) {
    let got = Native.search(model, &SearchRequest::count(max, usize::MAX)).expect("search");
    let mut grids = got.solutions;
    grids.sort_by_key(|g| g.to_line());
    (got.count, grids)
}

#[test]
fn a_climb_forced_by_its_count_fills_the_line_at_the_root() {
    // 4×4, houses and one automaton only (not the rule's rows): three buildings seen from the
    // left of row 1, whose last cell holds 2. The 2 is not seen (only a line of 1s in front of
    // it would let it be), so the first three cells, over {1, 3, 4} (the row's 2 is taken),
    // climb: 1 3 4. The houses alone decide none of it.
    let mut givens = [0u8; 16];
    givens[3] = 2;
    let automata = Model::build(&puzzle(4, (2, 2), &givens, &[("left", 0, 3)])).take_automata();
    assert_eq!(automata.len(), 1);
    let mut m = Model::build(&puzzle(4, (2, 2), &givens, &[]));
    assert!(m.automata().is_empty());
    let vars: Vec<Vec<u32>> = (0..4).map(|c| (1..=4).map(|d| m.var(Cell::new(0, c), d)).collect()).collect();
    let value = |fixed: &[Option<bool>], c: usize, d: usize| fixed[vars[c][d - 1] as usize];
    let Presolve::Reduced { fixed: houses, .. } = presolve(&m) else { panic!("feasible") };
    assert_eq!((value(&houses, 0, 1), value(&houses, 0, 3)), (None, None), "the houses leave r1c1 open");
    for a in automata {
        m.push_automaton(a);
    }
    let Presolve::Reduced { fixed, .. } = presolve(&m) else { panic!("feasible") };
    for (c, d) in [(0, 1), (1, 3), (2, 4), (3, 2)] {
        assert_eq!(value(&fixed, c, d), Some(true), "r1c{} = {d}", c + 1);
    }
}

#[test]
fn an_impossible_count_fails_at_the_root() {
    // Two seen from the left with 3 second: the first is 1 or 2, then 3, and the 4 would be
    // a third building wherever it stands.
    let mut givens = [0u8; 16];
    givens[1] = 3;
    let p = puzzle(4, (2, 2), &givens, &[("left", 0, 2)]);
    let got = Native.search(&Model::build(&p), &SearchRequest::count(10, 10)).expect("search");
    assert_eq!(got.count, 0);
}

#[test]
fn counts_with_automata_agree_with_the_rows_alone_and_the_reference() {
    // Skyscrapers and sandwiches leave the rows of their auxiliary variables out, X-sums
    // their own rows.
    for kind in ["skyscraper", "sandwich", "x-sum"] {
        agree(kind);
    }
}

fn agree(kind: &str) {
    let key = if kind == "skyscraper" { "count" } else { "sum" };
    let mut rng = Rng(3636);
    let mut mattered = 0;
    for case in 0..60 {
        let (n, shape) = if case % 3 == 2 { (6, (2, 3)) } else { (4, (2, 2)) };
        let solution = full_grid(&mut rng, shape.0, shape.1);
        let mut givens = solution.clone();
        let holes = if n == 4 { 10 + rng.below(6) } else { 20 + rng.below(8) };
        let mut order: Vec<usize> = (0..n * n).collect();
        rng.shuffle(&mut order);
        for &k in order.iter().take(holes) {
            givens[k] = 0;
        }
        let mut clues = Vec::new();
        for _ in 0..1 + rng.below(4) {
            let side = ["left", "right", "top", "bottom"][rng.below(4)];
            let index = rng.below(n);
            if clues.iter().any(|&(s, i, _)| (s, i) == (side, index)) {
                continue; // one clue a place
            }
            // Mostly the solution's own clue, sometimes another one (maybe none fits).
            let truth = clue_of(kind, &line(&solution, n, side, index));
            let count = if rng.below(4) == 0 && truth > 1 { truth - 1 } else { truth };
            clues.push((side, index, count));
        }
        let p = outside_puzzle(kind, key, n, shape, &givens, &clues);
        let with = Model::build(&p);
        assert_eq!(with.automata().len(), clues.len());
        let mut without = with.clone();
        without.take_automata();
        let (count, found) = grids(&with, 2000);
        let (count_rows, found_rows) = grids(&without, 2000);
        assert_eq!((count, &found), (count_rows, &found_rows), "{kind} case {case}: {clues:?}");
        if n == 4 {
            let want = reference::solutions(&without, 2000);
            assert!(want.complete);
            assert_eq!(count, want.count, "{kind} case {case}: the reference");
        }
        // Every grid found keeps every clue.
        for g in &found {
            for &(side, index, want) in &clues {
                assert_eq!(clue_of(kind, &line(g.values(), n, side, index)), want, "{kind} case {case}");
            }
        }
        mattered += (count > 0 && count < 2000) as usize;
    }
    assert!(mattered > 20, "{kind}: only {mattered} cases had a countable set of solutions");
}

#[test]
fn the_automaton_accepts_exactly_the_lines_with_the_count() {
    // The automaton alone (no rows) against the count of buildings, over every line of digits.
    // Of the lines that repeat a digit it also refuses what the row (a house) refuses anyway:
    // the tallest so far again, and p cells all below p.
    let p = puzzle(4, (2, 2), &[0; 16], &[("left", 0, 2)]);
    let m = Model::build(&p);
    let a = &m.automata()[0];
    let mut distinct_lines = 0;
    for word in 0..256usize {
        let digits: Vec<usize> = (0..4).map(|i| 1 + (word >> (2 * i) & 3)).collect();
        let bytes: Vec<u8> = digits.iter().map(|&d| d as u8).collect();
        let (mut tallest, mut house) = (0, true);
        for (p, &d) in digits.iter().enumerate() {
            house &= d != tallest;
            tallest = tallest.max(d);
            house &= tallest > p;
        }
        let distinct = (1..=4).all(|d| digits.contains(&d));
        distinct_lines += usize::from(distinct);
        assert!(!distinct || house, "a row's digits are a line the automaton may read: {digits:?}");
        assert_eq!(a.accepts(&digits), house && seen(&bytes) == 2, "{digits:?}");
    }
    assert_eq!(distinct_lines, 24);
}

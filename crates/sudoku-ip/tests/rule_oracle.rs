//! The setters' rules (issue 15) against an oracle: on small 4×4 and 6×6 puzzles, the grids
//! every backend finds (`count`, all solutions) are exactly the completions of the givens that
//! a plain backtracking enumeration finds and the rule's own checker accepts. The enumeration
//! knows only rows, columns and boxes; the rule enters through the checker alone, so a row
//! that cuts a valid grid or lets a wrong one through shows up as a difference in the sets.
//!
//! Each case must matter: the checker keeps some completions and drops others.

mod common;

use sudoku_ip::formats::json::parse_json;
use sudoku_ip::{check, count, Cell, Grid, Options, Puzzle, SearchEnd, Solver};

/// Every completion of `puzzle`'s givens under rows, columns and boxes only, by backtracking.
fn completions(puzzle: &Puzzle) -> Vec<Grid> {
    let n = puzzle.geometry().n();
    let (br, bc) = puzzle.geometry().box_shape().expect("the oracle's puzzles have boxes");
    let mut grid = puzzle.givens().clone();
    let mut out = Vec::new();
    fn fits(grid: &Grid, n: usize, (br, bc): (usize, usize), cell: Cell, d: usize) -> bool {
        let (r, c) = (cell.row as usize, cell.col as usize);
        (0..n).all(|k| {
            let (box_r, box_c) = (r / br * br + k / bc, c / bc * bc + k % bc);
            grid.get(Cell::new(r, k)) != d && grid.get(Cell::new(k, c)) != d && grid.get(Cell::new(box_r, box_c)) != d
        })
    }
    fn fill(grid: &mut Grid, n: usize, shape: (usize, usize), at: usize, out: &mut Vec<Grid>) {
        if at == n * n {
            out.push(grid.clone());
            return;
        }
        let cell = Cell::from_index(at, n);
        if grid.get(cell) != 0 {
            return fill(grid, n, shape, at + 1, out);
        }
        for d in 1..=n {
            if fits(grid, n, shape, cell, d) {
                grid.set(cell, d);
                fill(grid, n, shape, at + 1, out);
                grid.set(cell, 0);
            }
        }
    }
    fill(&mut grid, n, (br, bc), 0, &mut out);
    out
}

/// Sorted one-line forms, to compare sets of grids.
fn lines(grids: &[Grid]) -> Vec<String> {
    let mut out: Vec<String> = grids.iter().map(|g| g.to_line()).collect();
    out.sort();
    out
}

/// The oracle over candidate puzzles (one rule, different clues): those on which the rule
/// matters (the checker keeps some completions and drops others) go to every backend, whose
/// full solution set must equal the kept completions. At most three are run, the first, a
/// middle and the last, to keep the MILP backends' counting short. Returns how many mattered.
fn agrees_where_it_matters(name: &str, candidates: &[String]) -> usize {
    let mut matter = Vec::new();
    for json in candidates {
        let puzzle = parse_json(json).unwrap_or_else(|e| panic!("{name}: {e}\n{json}"));
        let all = completions(&puzzle);
        let kept: Vec<Grid> = all.iter().filter(|g| check::verify(&puzzle, g).is_empty()).cloned().collect();
        if !kept.is_empty() && kept.len() < all.len() {
            matter.push((json, puzzle, kept, all.len()));
        }
    }
    let picks = [0, matter.len() / 2, matter.len().saturating_sub(1)];
    for (i, (json, puzzle, kept, all)) in matter.iter().enumerate() {
        if !picks.contains(&i) {
            continue;
        }
        let want = lines(kept);
        for kind in Solver::available() {
            let report = count(puzzle, &Options { solver: kind, ..Options::default() }, 1000, 1000)
                .unwrap_or_else(|e| panic!("{name}, {kind}: {e}"));
            assert_eq!(report.end, SearchEnd::Exhausted, "{name}, {kind}");
            assert_eq!(report.count as usize, report.solutions.len(), "{name}, {kind}: every solution kept");
            assert_eq!(lines(&report.solutions), want, "{name}, {kind}: {} of {all} completions\n{json}", kept.len());
        }
    }
    matter.len()
}

/// [`agrees_where_it_matters`], and the rule must matter on at least one candidate.
fn agrees(name: &str, candidates: &[String]) {
    let matter = agrees_where_it_matters(name, candidates);
    assert!(matter > 0, "{name}: no candidate where the rule keeps some completions and drops others");
}

/// A 4×4 puzzle with the first row given (12 completions) and `rule`.
fn four(rule: &str) -> String {
    format!(r#"{{"size": 4, "givens": ["1234", "....", "....", "...."], "rules": [{rule}]}}"#)
}

/// A 6×6 puzzle with rows 1 and 5 and column 1 given (48 completions) and `rule`.
fn six(rule: &str) -> String {
    format!(
        r#"{{"size": 6, "givens": ["123456", "4.....", "2.....", "5.....", "312645", "6....."], "rules": [{rule}]}}"#
    )
}

/// `template` with `{v}` replaced by each value of `values`, in the puzzle `shape` makes.
fn each_value(shape: fn(&str) -> String, template: &str, values: std::ops::RangeInclusive<u32>) -> Vec<String> {
    values.map(|v| shape(&template.replace("{v}", &v.to_string()))).collect()
}

/// Outside clues of `kind` (`key` their number), each value tried on every line of each size:
/// the lines where the rule matters (on these givens some lines' clues are forced) go to the
/// backends; every side must matter somewhere, and at least three lines of each size.
fn outside(kind: &str, key: &str, most4: u32, most6: u32) {
    let template = |side: &str, index: usize| {
        format!(r#"{{"type": "{kind}", "clues": [{{"side": "{side}", "index": {index}, "{key}": {{v}}}}]}}"#)
    };
    let lo = u32::from(kind != "sandwich");
    let mut sides = Vec::new();
    for (n, shape, most) in [(4, four as fn(&str) -> String, most4), (6, six, most6)] {
        for side in ["top", "bottom", "left", "right"] {
            for index in 1..=n {
                let candidates = each_value(shape, &template(side, index), lo..=most);
                if agrees_where_it_matters(&format!("{kind} {n}x{n} {side} {index}"), &candidates) > 0 {
                    sides.push((n, side));
                }
            }
        }
    }
    for side in ["top", "bottom", "left", "right"] {
        assert!(sides.iter().any(|&(_, s)| s == side), "{kind}: no {side} clue matters on these givens");
    }
    for n in [4, 6] {
        assert!(sides.iter().filter(|&&(m, _)| m == n).count() >= 3, "{kind}: {n}x{n}: {sides:?}");
    }
}

#[test]
fn sandwich_sums_agree_with_the_enumeration() {
    outside("sandwich", "sum", 5, 14);
}

#[test]
fn x_sums_agree_with_the_enumeration() {
    outside("x-sum", "sum", 10, 21);
}

#[test]
fn skyscrapers_agree_with_the_enumeration() {
    outside("skyscraper", "count", 4, 6);
}

/// Rules without a number: each candidate puzzle of each size.
fn shapes(name: &str, rules4: &[&str], rules6: &[&str]) {
    agrees(&format!("{name} 4x4"), &rules4.iter().map(|r| four(r)).collect::<Vec<_>>());
    agrees(&format!("{name} 6x6"), &rules6.iter().map(|r| six(r)).collect::<Vec<_>>());
}

/// The orthogonal neighbour pairs of the grid `rows` whose digits satisfy `rel`, as JSON pairs.
fn pairs_of(rows: &[&str], rel: impl Fn(u32, u32) -> bool) -> Vec<String> {
    let digit = |r: usize, c: usize| rows[r].as_bytes()[c] as u32 - u32::from(b'0');
    let n = rows.len();
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                if r2 < n && c2 < n && rel(digit(r, c), digit(r2, c2)) {
                    out.push(format!(r#"["r{}c{}", "r{}c{}"]"#, r + 1, c + 1, r2 + 1, c2 + 1));
                }
            }
        }
    }
    out
}

#[test]
fn kropki_negative_constraints_alone_agree_with_the_enumeration() {
    // Dots read off a grid that completes the givens, so that at least that grid can keep the
    // negative constraints: all its dots, its white dots only, its black dots only, and all
    // its dots but one white.
    let grid4 = ["1234", "3412", "2143", "4321"];
    let grid6 = ["123456", "456123", "231564", "564231", "312645", "645312"];
    let consecutive = |a: u32, b: u32| a.abs_diff(b) == 1;
    let ratio = |a: u32, b: u32| a == 2 * b || b == 2 * a;
    let candidates = |grid: &[&str], flag: &str| -> Vec<String> {
        let white = pairs_of(grid, consecutive);
        let black = pairs_of(grid, |a, b| ratio(a, b) && !consecutive(a, b));
        let kropki = |w: &[String], b: &[String]| {
            format!(r#"{{"type": "kropki", "white": [{}], "black": [{}], "{flag}": true}}"#, w.join(", "), b.join(", "))
        };
        vec![kropki(&white, &black), kropki(&white, &[]), kropki(&[], &black), kropki(&white[1..], &black)]
    };
    for flag in ["all_white", "all_black", "all_given"] {
        let (rules4, rules6) = (candidates(&grid4, flag), candidates(&grid6, flag));
        shapes(
            &format!("kropki {flag}"),
            &rules4.iter().map(String::as_str).collect::<Vec<_>>(),
            &rules6.iter().map(String::as_str).collect::<Vec<_>>(),
        );
    }
}

#[test]
fn minimum_and_maximum_cells_agree_with_the_enumeration() {
    shapes(
        "min-max",
        &[
            r#"{"type": "min-max", "minimum": ["r3c2"], "maximum": []}"#,
            r#"{"type": "min-max", "minimum": [], "maximum": ["r4c4"]}"#,
            r#"{"type": "min-max", "minimum": ["r2c3"], "maximum": ["r3c2", "r4c4"]}"#,
            r#"{"type": "min-max", "minimum": ["r4c2", "r2c4"], "maximum": ["r3c3"]}"#,
            // Fortresses: touching marked cells, compared only with unmarked neighbours.
            r#"{"type": "min-max", "minimum": ["r2c2", "r2c3"], "maximum": ["r3c2", "r3c3"]}"#,
        ],
        &[
            r#"{"type": "min-max", "minimum": ["r2c3"], "maximum": ["r3c5"]}"#,
            r#"{"type": "min-max", "minimum": [], "maximum": ["r4c3"]}"#,
            r#"{"type": "min-max", "minimum": ["r6c4"], "maximum": []}"#,
            r#"{"type": "min-max", "minimum": ["r3c3", "r6c5"], "maximum": ["r2c5", "r4c4"]}"#,
            r#"{"type": "min-max", "minimum": [], "maximum": ["r3c3", "r3c4", "r4c3", "r4c4"]}"#,
        ],
    );
}

#[test]
fn disjoint_groups_agree_with_the_enumeration() {
    shapes("disjoint-groups", &[r#"{"type": "disjoint-groups"}"#], &[r#"{"type": "disjoint-groups"}"#]);
}

#[test]
fn clones_agree_with_the_enumeration() {
    let clones = [
        r#"{"type": "clone", "clones": [{"cells": ["r2c1", "r2c2"], "copy": ["r3c3", "r3c4"]}]}"#,
        r#"{"type": "clone", "clones": [{"cells": ["r2c2", "r3c2"], "copy": ["r3c4", "r4c4"]}]}"#,
        r#"{"type": "clone", "clones": [{"cells": ["r4c2"], "copy": ["r2c3"]}]}"#,
    ];
    shapes("clone", &clones, &clones);
}

/// A line rule `kind` (JSON key `key`) over each set of lines, as candidates for `size`.
fn line_rules(kind: &str, key: &str, shape: fn(&str) -> String, lines: &[&str]) -> Vec<String> {
    lines.iter().map(|l| shape(&format!(r#"{{"type": "{kind}", "{key}": [{l}]}}"#))).collect()
}

/// Line sets for the 4×4 puzzle (first row given) and the 6×6 one (rows 1 and 5, column 1).
const LINES4: &[&str] = &[
    r#"["r2c1", "r2c2", "r3c3"]"#,
    r#"["r3c1", "r4c2", "r3c3", "r4c4"]"#,
    r#"["r2c2", "r3c2", "r4c2"], ["r2c4", "r3c4"]"#,
    r#"["r2c1", "r3c2", "r2c3", "r3c4"]"#,
];
const LINES6: &[&str] = &[
    r#"["r2c2", "r2c3", "r2c4", "r3c5"]"#,
    r#"["r3c2", "r4c3", "r3c4"]"#,
    r#"["r2c6", "r3c6", "r3c5", "r4c4"]"#,
    r#"["r6c2", "r6c3", "r6c4", "r6c5"], ["r3c3", "r4c2"]"#,
];

#[test]
fn zipper_lines_agree_with_the_enumeration() {
    agrees("zipper 4x4", &line_rules("zipper-line", "lines", four, LINES4));
    agrees("zipper 6x6", &line_rules("zipper-line", "lines", six, LINES6));
}

#[test]
fn region_sum_lines_agree_with_the_enumeration() {
    agrees("region-sum 4x4", &line_rules("region-sum-line", "lines", four, LINES4));
    agrees("region-sum 6x6", &line_rules("region-sum-line", "lines", six, LINES6));
}

#[test]
fn entropic_lines_agree_with_the_enumeration() {
    // Thirds need a side divisible by 3: 6x6 only (low 1-2, middle 3-4, high 5-6).
    agrees("entropic 6x6", &line_rules("entropic-line", "lines", six, LINES6));
}

#[test]
fn modular_lines_agree_with_the_enumeration() {
    agrees("modular 4x4", &line_rules("modular-line", "lines", four, LINES4));
    agrees("modular 6x6", &line_rules("modular-line", "lines", six, LINES6));
}

#[test]
fn slow_thermometers_agree_with_the_enumeration() {
    agrees("slow thermometer 4x4", &line_rules("slow-thermometer", "thermometers", four, LINES4));
    agrees("slow thermometer 6x6", &line_rules("slow-thermometer", "thermometers", six, LINES6));
}

#[test]
fn xv_negative_constraint_alone_agrees_with_the_enumeration() {
    // f-puzzles `negative: ["xv"]`: pairs without a mark sum to neither 10 nor 5, with no
    // marks at all, with every mark a completing grid has, and with one V left off.
    let grid4 = ["1234", "3412", "2143", "4321"];
    let grid6 = ["123456", "456123", "231564", "564231", "312645", "645312"];
    let candidates = |grid: &[&str]| -> Vec<String> {
        let x = pairs_of(grid, |a, b| a + b == 10);
        let v = pairs_of(grid, |a, b| a + b == 5);
        let xv = |x: &[String], v: &[String]| {
            format!(r#"{{"type": "xv", "x": [{}], "v": [{}], "all_given": true}}"#, x.join(", "), v.join(", "))
        };
        vec![xv(&[], &[]), xv(&x, &v), xv(&x, &v[1..])]
    };
    let (rules4, rules6) = (candidates(&grid4), candidates(&grid6));
    shapes(
        "xv all_given",
        &rules4.iter().map(String::as_str).collect::<Vec<_>>(),
        &rules6.iter().map(String::as_str).collect::<Vec<_>>(),
    );
}

#[test]
fn kropki_dots_with_other_values_agree_with_the_enumeration() {
    // Dots read off a grid that completes the givens: white dots of difference 2 (and 3 on
    // the 6x6), black dots of ratio 3 (a pair with both keeps the black one); all of them, or
    // a few.
    let grid4 = ["1234", "3412", "2143", "4321"];
    let grid6 = ["123456", "456123", "231564", "564231", "312645", "645312"];
    let dots = |pairs: Vec<String>, value: u32| -> Vec<String> {
        pairs.iter().map(|p| format!(r#"{{"cells": {p}, "value": {value}}}"#)).collect()
    };
    let candidates = |grid: &[&str], white: u32| -> Vec<String> {
        let third = |a: u32, b: u32| a == 3 * b || b == 3 * a;
        let differences = dots(pairs_of(grid, |a, b| a.abs_diff(b) == white && !third(a, b)), white);
        let ratios = dots(pairs_of(grid, third), 3);
        let rule = |d: &[String], r: &[String]| {
            format!(r#"{{"type": "kropki-values", "differences": [{}], "ratios": [{}]}}"#, d.join(", "), r.join(", "))
        };
        vec![
            rule(&differences, &ratios),
            rule(&differences[..2], &[]),
            rule(&[], &ratios[..1]),
            rule(&differences[1..3], &ratios[..1]),
        ]
    };
    let (rules4, rules6) = (candidates(&grid4, 2), candidates(&grid6, 3));
    shapes(
        "kropki-values",
        &rules4.iter().map(String::as_str).collect::<Vec<_>>(),
        &rules6.iter().map(String::as_str).collect::<Vec<_>>(),
    );
}

#[test]
fn kropki_negative_constraints_with_valued_dots_agree_with_the_enumeration() {
    // Issue 15: "all white / all black dots given" beside dots of other values, which exempt
    // their pairs, while "all black" forbids every ratio a black dot shows (2 when none).
    // Dots read off a grid that completes the givens, no pair dotted twice: kropki white and
    // black dots, white dots of difference 3, black dots of ratio 3; all of them, the valued
    // dots alone (all black then forbids ratio 3, not 2), white with valued differences, and
    // black dots of both ratios.
    let grid4 = ["1234", "3412", "2143", "4321"];
    let grid6 = ["123456", "456123", "231564", "564231", "312645", "645312"];
    let consecutive = |a: u32, b: u32| a.abs_diff(b) == 1;
    let ratio = |v: u32| move |a: u32, b: u32| a == v * b || b == v * a;
    let some = |list: &[String], k: usize| list[..list.len().min(k)].to_vec();
    let candidates = |grid: &[&str], flag: &str| -> Vec<String> {
        let white = pairs_of(grid, consecutive);
        let black = pairs_of(grid, |a, b| ratio(2)(a, b) && !consecutive(a, b));
        let valued = |pairs: Vec<String>, v: u32| -> Vec<String> {
            pairs.iter().map(|p| format!(r#"{{"cells": {p}, "value": {v}}}"#)).collect()
        };
        let diff3 = valued(pairs_of(grid, |a, b| a.abs_diff(b) == 3 && !ratio(2)(a, b)), 3);
        let ratio3 = valued(pairs_of(grid, ratio(3)), 3);
        assert!(!ratio3.is_empty());
        let both = |w: &[String], b: &[String], d: &[String], r: &[String]| {
            format!(
                r#"{{"type": "kropki", "white": [{}], "black": [{}], "{flag}": true}}, {{"type": "kropki-values", "differences": [{}], "ratios": [{}]}}"#,
                w.join(", "),
                b.join(", "),
                d.join(", "),
                r.join(", ")
            )
        };
        vec![
            both(&white, &black, &diff3, &ratio3),
            both(&[], &[], &some(&diff3, 2), &some(&ratio3, 1)),
            both(&white, &[], &diff3, &[]),
            both(&some(&white, 3), &black, &[], &ratio3),
        ]
    };
    for flag in ["all_white", "all_black", "all_given"] {
        let (rules4, rules6) = (candidates(&grid4, flag), candidates(&grid6, flag));
        shapes(
            &format!("kropki {flag} with kropki-values"),
            &rules4.iter().map(String::as_str).collect::<Vec<_>>(),
            &rules6.iter().map(String::as_str).collect::<Vec<_>>(),
        );
    }
}

#[test]
fn digital_root_cages_agree_with_the_enumeration() {
    // Every root on a few cages of each size (roots no total can have are left out).
    let cages4 = [r#"["r2c1", "r3c1"]"#, r#"["r3c1", "r4c1", "r4c2"]"#, r#"["r2c3", "r3c3", "r3c4", "r2c4"]"#];
    let cages6 = [r#"["r2c2", "r3c2"]"#, r#"["r3c4", "r4c4", "r4c5"]"#, r#"["r6c2", "r6c3", "r6c4", "r6c5"]"#];
    let template =
        |cells: &str| format!(r#"{{"type": "digital-root", "cages": [{{"cells": {cells}, "root": {{v}}}}]}}"#);
    for (n, shape, cages) in [(4, four as fn(&str) -> String, cages4), (6, six, cages6)] {
        for cells in cages {
            let candidates: Vec<String> = each_value(shape, &template(cells), 1..=9)
                .into_iter()
                .filter(|json| parse_json(json).is_ok())
                .collect();
            agrees(&format!("digital-root {n}x{n} {cells}"), &candidates);
        }
    }
}

#[test]
fn indexers_agree_with_the_enumeration() {
    let rules4 = [
        r#"{"type": "indexer", "rows": ["r2c1"]}"#,
        r#"{"type": "indexer", "columns": ["r3c2", "r4c4"]}"#,
        r#"{"type": "indexer", "boxes": ["r2c2"]}"#,
        r#"{"type": "indexer", "rows": ["r3c3"], "columns": ["r3c3"], "boxes": ["r4c1"]}"#,
    ];
    let rules6 = [
        r#"{"type": "indexer", "rows": ["r2c3", "r4c5"]}"#,
        r#"{"type": "indexer", "columns": ["r3c2"]}"#,
        r#"{"type": "indexer", "boxes": ["r2c5", "r6c3"]}"#,
        r#"{"type": "indexer", "rows": ["r3c4"], "columns": ["r2c2"], "boxes": ["r4c6"]}"#,
    ];
    shapes("indexer", &rules4, &rules6);
}

#[test]
fn double_arrows_agree_with_the_enumeration() {
    let lines4 = [
        r#"["r2c1", "r2c2", "r3c3"]"#,
        r#"["r3c1", "r4c2", "r3c3", "r4c4"]"#,
        r#"["r2c2", "r3c2", "r4c2"], ["r2c4", "r3c4", "r4c4"]"#,
        r#"["r2c1", "r3c2", "r2c3", "r3c4"]"#,
    ];
    let lines6 = [
        r#"["r2c2", "r2c3", "r2c4", "r3c5"]"#,
        r#"["r3c2", "r4c3", "r3c4"]"#,
        r#"["r2c6", "r3c6", "r3c5", "r4c4"]"#,
        r#"["r6c2", "r6c3", "r6c4", "r6c5"], ["r3c3", "r4c2", "r4c3"]"#,
    ];
    agrees("double arrow 4x4", &line_rules("double-arrow", "lines", four, &lines4));
    agrees("double arrow 6x6", &line_rules("double-arrow", "lines", six, &lines6));
}

#[test]
fn pill_arrows_agree_with_the_enumeration() {
    // Two-cell pills read 11..44 (4x4) or 11..66 (6x6); arrows of three cells or more reach them.
    let arrow = |pill: &str, cells: &str| {
        format!(r#"{{"type": "pill-arrow", "arrows": [{{"pill": {pill}, "cells": {cells}}}]}}"#)
    };
    let rules4 = [
        arrow(r#"["r2c1", "r2c2"]"#, r#"["r3c1", "r4c1", "r4c2", "r3c2"]"#),
        arrow(r#"["r2c4", "r3c4"]"#, r#"["r3c3", "r2c2", "r2c3"]"#),
        arrow(r#"["r4c3", "r4c4"]"#, r#"["r3c3", "r3c2", "r2c2", "r2c3", "r2c4"]"#),
    ];
    let rules6 = [
        arrow(r#"["r2c2", "r2c3"]"#, r#"["r3c2", "r4c2", "r4c3"]"#),
        arrow(r#"["r3c5", "r4c5"]"#, r#"["r4c4", "r3c3", "r2c4", "r2c5"]"#),
        arrow(r#"["r6c4", "r6c5"]"#, r#"["r6c3", "r6c2", "r5c2"]"#),
        arrow(r#"["r3c3", "r4c3"]"#, r#"["r3c4", "r4c4", "r4c5", "r3c5", "r2c6"]"#),
        arrow(r#"["r2c4", "r3c4"]"#, r#"["r2c5", "r2c6", "r3c6", "r4c6", "r4c5"]"#),
    ];
    shapes(
        "pill-arrow",
        &rules4.iter().map(String::as_str).collect::<Vec<_>>(),
        &rules6.iter().map(String::as_str).collect::<Vec<_>>(),
    );
}

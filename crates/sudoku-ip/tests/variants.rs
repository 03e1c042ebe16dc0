//! Variant rules solved by every backend compiled in: seed 004's diagonal and Killer examples
//! give the solutions printed in the seed, seed 001's Hyper puzzle is unique only with its
//! windows, and each rule's small puzzle (`crates/model/tests/variants_6x6.json`, whose counts
//! the model crate's tests establish with the checker alone) is unique with the rule and has
//! the recorded number of solutions without it. Backends must agree on every count.
//!

mod common;

use common::*;
use sudoku_ip::formats::json::{parse_json, parse_value};
use sudoku_ip::{check, count, solve, Grid, Options, Outcome, Puzzle, SearchEnd, Solver};

fn options(solver: Solver) -> Options {
    Options { solver, ..Options::default() }
}

/// An `examples/*.json` puzzle and the `solution` written in it.
fn json_example(name: &str) -> (Puzzle, Grid) {
    let text = std::fs::read_to_string(examples_dir().join(name)).expect("example file");
    let puzzle = parse_json(&text).expect("example parses");
    let value: serde_json::Value = serde_json::from_str(&text).expect("json");
    let rows: Vec<&str> =
        value["solution"].as_array().expect("solution rows").iter().map(|r| r.as_str().expect("row")).collect();
    (puzzle, grid(&rows.join("\n")))
}

/// The same givens and geometry without the variant rules.
fn plain(puzzle: &Puzzle) -> Puzzle {
    Puzzle::new(puzzle.geometry().clone(), puzzle.givens().clone())
}

/// Count up to `max` with `kind`; every kept solution is checked against the puzzle.
fn counted(puzzle: &Puzzle, kind: Solver, max: u64) -> (u64, SearchEnd, Vec<Grid>) {
    let report = count(puzzle, &options(kind), max, max as usize).expect("search runs");
    for g in &report.solutions {
        assert!(check::verify(puzzle, g).is_empty(), "{kind} returned a grid that breaks the rules");
    }
    (report.count, report.end, report.solutions)
}

#[test]
fn seed004_diagonal_and_killer_give_the_printed_solutions_on_every_backend() {
    for name in ["diagonal.json", "killer.json"] {
        let (puzzle, expected) = json_example(name);
        for kind in Solver::available() {
            let report = solve(&puzzle, &options(kind)).expect("solve runs");
            match report.solution() {
                Some(g) => assert_eq!(*g, expected, "{name}, {kind}"),
                None => panic!("{name}, {kind}: {:?}", report.outcome),
            }
            let (n, end, sols) = counted(&puzzle, kind, 2);
            assert_eq!((n, end, sols), (1, SearchEnd::Exhausted, vec![expected.clone()]), "{name}, {kind}");
        }
    }
}

/// The solution seed 004 prints for its Killer demo (after "用 gurobi 求解："), as printed.
const SEED004_KILLER_SOLUTION: &str = "
2 1 5 6 4 7 3 9 8 
3 6 8 9 5 2 1 7 4 
7 9 4 3 8 1 6 5 2 
5 8 6 2 7 4 9 3 1 
1 4 2 5 9 3 8 6 7 
9 7 3 8 1 6 4 2 5 
8 2 1 7 3 9 5 4 6 
6 5 9 4 2 8 7 1 3 
4 3 7 1 6 5 2 8 9 
";

#[test]
fn seed004_killer_python_text_gives_the_printed_solution_on_every_backend() {
    // examples/seed004-killer.txt is the seed's Python, comments and the 4x4 demo included,
    // read by the format auto-detection like any other puzzle file.
    let puzzle = example("seed004-killer.txt");
    let expected = grid(SEED004_KILLER_SOLUTION);
    assert_eq!(puzzle, json_example("killer.json").0, "the same puzzle as the JSON import");
    for kind in Solver::available() {
        let report = solve(&puzzle, &options(kind)).expect("solve runs");
        match report.solution() {
            Some(g) => assert_eq!(*g, expected, "{kind}"),
            None => panic!("{kind}: {:?}", report.outcome),
        }
        assert_eq!(counted(&puzzle, kind, 2), (1, SearchEnd::Exhausted, vec![expected.clone()]), "{kind}: unique");
    }
}

#[test]
fn seed001_hyper_is_unique_with_windows_and_not_as_plain_sudoku() {
    let (hyper, expected) = json_example("hyper.json");
    for kind in Solver::available() {
        assert_eq!(counted(&hyper, kind, 2), (1, SearchEnd::Exhausted, vec![expected.clone()]), "{kind}");
        let (n, end, sols) = counted(&plain(&hyper), kind, 2);
        assert_eq!((n, end), (2, SearchEnd::ReachedMax), "{kind}: several plain solutions");
        assert!(sols.iter().any(|g| *g != expected));
    }
}

#[test]
fn each_rule_changes_the_solution_count_of_its_small_puzzle() {
    let cases: serde_json::Value =
        serde_json::from_str(include_str!("../../model/tests/variants_6x6.json")).expect("fixture");
    for case in cases.as_array().expect("list") {
        let rule = case["rule"].as_str().expect("rule");
        let puzzle = parse_value(&case["puzzle"]).expect("puzzle");
        let solution = grid(case["solution"].as_str().expect("solution"));
        let plain_count = case["plain_count"].as_u64().expect("count");
        for kind in Solver::available() {
            assert_eq!(
                counted(&puzzle, kind, 10),
                (1, SearchEnd::Exhausted, vec![solution.clone()]),
                "{rule}, {kind}: unique with the rule"
            );
            let (n, end, sols) = counted(&plain(&puzzle), kind, 10);
            assert_eq!((n, end), (plain_count, SearchEnd::Exhausted), "{rule}, {kind}: count without the rule");
            assert!(sols.contains(&solution), "{rule}, {kind}");
        }
    }
}

#[test]
fn every_json_example_is_unique_with_the_written_solution_on_native() {
    let mut seen = 0;
    for entry in std::fs::read_dir(examples_dir()).expect("examples dir") {
        let path = entry.expect("entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        let name = path.file_name().and_then(|f| f.to_str()).expect("name").to_string();
        let (puzzle, expected) = json_example(&name);
        let got = counted(&puzzle, Solver::Native, 2);
        assert_eq!(got, (1, SearchEnd::Exhausted, vec![expected]), "{name}");
        seen += 1;
    }
    assert!(seen >= 12, "{seen} JSON examples");
}

/// `name` solved by every MILP backend, with and without native presolve as asked.
fn milp_gives_the_written_solution(name: &str, presolve_settings: &[bool]) {
    milp_kinds_give_the_written_solution(name, presolve_settings, |_| true);
}

/// `name` solved by the MILP backends `pick` keeps.
fn milp_kinds_give_the_written_solution(name: &str, presolve_settings: &[bool], pick: impl Fn(Solver) -> bool) {
    let (puzzle, expected) = json_example(name);
    for kind in Solver::available().into_iter().filter(|&k| k.is_milp() && pick(k)) {
        for &presolved in presolve_settings {
            // `true`: the deepest presolve (probing), as before the levels; `false`: none.
            let presolve = if presolved { sudoku_ip::Presolve::Probe } else { sudoku_ip::Presolve::None };
            let report = solve(&puzzle, &Options { presolve, ..options(kind) }).expect("solve runs");
            match report.solution() {
                Some(g) => assert_eq!(*g, expected, "{name}, {kind}, presolve {presolve}"),
                None => panic!("{name}, {kind}, presolve {presolve}: {:?}", report.outcome),
            }
        }
    }
}

#[test]
fn json_examples_give_the_written_solution_on_every_milp_backend() {
    // microlp takes well under a second on these with presolve (measured under load)...
    for name in ["anti-king", "diagonal", "extra-regions", "hyper", "jigsaw", "killer", "odd-even", "thermometer", "xv"]
    {
        milp_gives_the_written_solution(&format!("{name}.json"), &[true]);
    }
    // ...and on these without it too.
    for name in ["diagonal", "hyper", "killer", "odd-even", "xv"] {
        milp_gives_the_written_solution(&format!("{name}.json"), &[false]);
    }
}

#[test]
#[ignore = "slow on microlp: anti-knight and non-consecutive take over a minute, kropki ~40 s, arrow without presolve over a minute"]
fn every_json_example_gives_the_written_solution_on_every_milp_backend() {
    for entry in std::fs::read_dir(examples_dir()).expect("examples dir") {
        let path = entry.expect("entry").path();
        if path.extension().and_then(|e| e.to_str()) == Some("json") {
            let name = path.file_name().and_then(|f| f.to_str()).expect("name").to_string();
            milp_gives_the_written_solution(&name, &[true, false]);
        }
    }
}

/// Every example through HiGHS, when it is built in (`--all-features`, as CI runs the tests): it
/// takes seconds where microlp takes minutes (non-consecutive ~5 s, the slowest). Compiled only
/// with the `highs` feature: without HiGHS it would assert nothing.
#[cfg(feature = "highs")]
#[test]
fn every_json_example_gives_the_written_solution_on_highs() {
    for entry in std::fs::read_dir(examples_dir()).expect("examples dir") {
        let path = entry.expect("entry").path();
        if path.extension().and_then(|e| e.to_str()) == Some("json") {
            let name = path.file_name().and_then(|f| f.to_str()).expect("name").to_string();
            milp_kinds_give_the_written_solution(&name, &[true], |k| k == Solver::Highs);
        }
    }
}

#[test]
fn a_given_that_breaks_a_rule_is_infeasible_on_every_backend() {
    // A thermometer bulb given 6 (caught from the givens), and a cage {r1c1 = 2, r2c2} of 3
    // whose r2c2 would need the 1 already given in its column (only a search finds that).
    let bulb = parse_json(
        r#"{"size": 6, "givens": {"r1c1": 6}, "rules": [{"type": "thermometer", "thermometers": [["r1c1", "r2c2"]]}]}"#,
    )
    .expect("puzzle");
    let cage = parse_json(
        r#"{"size": 6, "givens": {"r1c1": 2, "r3c2": 1}, "rules": [{"type": "killer", "cages": [{"sum": 3, "cells": ["r1c1", "r2c2"]}]}]}"#,
    )
    .expect("puzzle");
    for kind in Solver::available() {
        for puzzle in [&bulb, &cage] {
            let report = solve(puzzle, &options(kind)).expect("solve runs");
            assert!(matches!(report.outcome, Outcome::Infeasible { .. }), "{kind}: {:?}", report.outcome);
        }
    }
}

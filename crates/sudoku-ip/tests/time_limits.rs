//! Issue 13 §4–§5: every backend keeps its time limit on the hard cases (generous bounds: a
//! 0.3 s limit must end well before 3 s, whatever the machine's load), and a set stop flag ends
//! a search that has no deadline at all.

use std::time::{Duration, Instant};

use sudoku_ip::formats::json::parse_json;
use sudoku_ip::{count, Cancel, Limits, Options, Progress, SearchEnd, Solver};

/// The issue's hard cases: an empty 25x25 anti-knight (no backend finds two solutions soon) and
/// a plain empty 9x9 counted to the end (the bit-parallel fast path).
fn hard_cases() -> Vec<(&'static str, sudoku_ip::Puzzle)> {
    vec![
        ("25x25 anti-knight", parse_json(r#"{"size": 25, "rules": [{"type": "anti-knight"}]}"#).expect("25x25")),
        ("empty 9x9", parse_json(r#"{"size": 9}"#).expect("9x9")),
    ]
}

#[test]
fn every_backend_stops_within_its_time_limit_on_the_hard_cases() {
    let limit = Duration::from_millis(300);
    for solver in Solver::available() {
        for (name, puzzle) in hard_cases() {
            let options =
                Options { solver, limits: Limits { time: Some(limit), ..Limits::default() }, ..Options::default() };
            let start = Instant::now();
            let report = count(&puzzle, &options, u64::MAX, 0).expect("a search");
            let took = start.elapsed();
            assert!(matches!(report.end, SearchEnd::Stopped { .. }), "{solver} on {name}: {:?}", report.end);
            assert!(took < Duration::from_secs(3), "{solver} on {name}: a 0.3 s limit ended after {took:?}");
        }
    }
}

/// An empty 64x64 whose 4,096 cells form one cage (not distinct) of the grid's true total: the
/// largest model a puzzle makes (262,144 variables, 1.3M nonzeros), which takes longer to build
/// and compile than the time-limit guarantee allows.
fn whole_grid_cage_64() -> sudoku_ip::Puzzle {
    let cells: Vec<String> = (1..=64).flat_map(|r| (1..=64).map(move |c| format!("r{r}c{c}"))).collect();
    let cage = serde_json::json!({ "cells": cells, "sum": 64 * 64 * 65 / 2 });
    let json = serde_json::json!({ "size": 64, "rules": [{ "type": "killer", "distinct": false, "cages": [cage] }] });
    parse_json(&json.to_string()).expect("64x64 cage")
}

/// Issue 13 §5: a limit of zero (or one already spent when the search starts) builds nothing:
/// no model, no presolve, no node, on every backend, however large the puzzle.
#[test]
fn a_zero_limit_stops_before_the_model_is_built() {
    let puzzle = whole_grid_cage_64();
    for solver in Solver::available() {
        let options = Options {
            solver,
            limits: Limits { time: Some(Duration::ZERO), ..Limits::default() },
            ..Options::default()
        };
        let start = Instant::now();
        let report = count(&puzzle, &options, 1, 0).expect("a search");
        let took = start.elapsed();
        assert_eq!(report.end, SearchEnd::Stopped { reason: "time limit of 0ns reached".into() }, "{solver}");
        assert_eq!((report.build_time, report.presolve_time, report.stats.nodes), (Duration::ZERO, None, Some(0)));
        assert!(took < Duration::from_secs(3), "{solver}: a zero limit ended after {took:?}");
    }
}

/// A MILP call abandoned by the flag alone runs on to its end in the background (it has no
/// deadline to stop at: see the milp crate's doc), so MILP solvers get only the 9x9 here,
/// whose calls are short.
#[test]
fn a_set_stop_flag_ends_a_search_without_a_deadline() {
    for solver in Solver::available() {
        for (name, puzzle) in hard_cases().into_iter().filter(|(n, _)| solver == Solver::Native || n.contains("9x9")) {
            let cancel = Cancel::new();
            let stopper = cancel.clone();
            let options = Options { solver, limits: Limits { cancel, ..Limits::default() }, ..Options::default() };
            let flag = std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(200));
                stopper.cancel();
            });
            let start = Instant::now();
            let report = count(&puzzle, &options, u64::MAX, 0).expect("a search");
            let took = start.elapsed();
            flag.join().expect("the stopping thread");
            let reason = match &report.end {
                SearchEnd::Stopped { reason } => reason.clone(),
                other => panic!("{solver} on {name}: {other:?}"),
            };
            assert!(reason.starts_with("cancelled"), "{solver} on {name}: {reason}");
            assert!(took < Duration::from_secs(3), "{solver} on {name}: stopped {took:?} after the start");
        }
    }
}

/// A watched count notes how far it got, which `count`'s progress line shows: the generic
/// engine each solution and its nodes every 1024, the plain 9x9 path both every 1024 guesses.
#[test]
fn a_watched_count_notes_its_solutions_and_nodes_as_it_goes() {
    let watched = |progress: &std::sync::Arc<Progress>, nodes| Options {
        limits: Limits { nodes, cancel: Cancel::new().with_progress(progress.clone()), ..Limits::default() },
        ..Options::default()
    };
    let progress = Progress::shared();
    let six = parse_json(r#"{"size": 6}"#).expect("6x6");
    let report = count(&six, &watched(&progress, Some(1500)), u64::MAX, 0).expect("a search");
    assert!(report.count > 0 && matches!(report.end, SearchEnd::Stopped { .. }), "{:?}", report.end);
    assert_eq!(progress.solutions(), report.count, "every solution is noted");
    let nodes = progress.nodes();
    assert!((1024..1500).contains(&nodes), "nodes are noted every 1024 of the 1500: {nodes} noted last");

    let progress = Progress::shared();
    let nine = parse_json(r#"{"size": 9}"#).expect("9x9");
    let report = count(&nine, &watched(&progress, None), 20_000, 0).expect("a search");
    assert_eq!((report.count, &report.end), (20_000, &SearchEnd::ReachedMax));
    assert!((1..=20_000).contains(&progress.solutions()), "{} noted", progress.solutions());
    assert!(progress.nodes() >= 1024 && progress.nodes().is_multiple_of(1024), "{} guesses noted", progress.nodes());
    // Nobody watching: nothing to note, and the same count.
    assert_eq!(count(&nine, &Options::default(), 20_000, 0).expect("a search").count, 20_000);
}

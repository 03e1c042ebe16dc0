//! Issue 13 §4–§5: every backend keeps its time limit on the hard cases (generous bounds: a
//! 0.3 s limit must end well before 3 s, whatever the machine's load), and a set stop flag ends
//! a search that has no deadline at all.

use std::time::{Duration, Instant};

use sudoku_ip::model::formats::json::parse_json;
use sudoku_ip::{count, Cancel, Limits, Options, SearchEnd, Solver};

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

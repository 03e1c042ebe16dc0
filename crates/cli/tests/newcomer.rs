//! What a newcomer met first (issue 30): a puzzle or link given as the argument, `render`'s
//! size flags, a negative time limit, and messages that read badly.

mod common;

use common::*;

/// A fresh scratch directory for this test.
fn tempdir(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoku-ip-newcomer-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

const HARD_LINE: &str = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";
const HARD_SOLVED: &str = "145327698839654127672918543496185372218473956753296481367542819984761235521839764";

#[test]
fn a_one_line_puzzle_given_as_the_argument_is_read_as_the_puzzle() {
    // It was read as a file name: "cannot read ..53....: No such file or directory".
    let out = run(&["solve", "-O", "line", HARD_LINE], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).trim(), HARD_SOLVED);
    for command in [&["count"][..], &["rate"], &["hint"], &["explain"]] {
        let mut args = command.to_vec();
        args.push(HARD_LINE);
        let out = run(&args, "");
        assert!(matches!(out.status.code(), Some(0 | 1)), "{command:?}: {}", text(&out.stderr));
        assert!(!text(&out.stderr).contains("cannot read"), "{command:?}: {}", text(&out.stderr));
    }
    let out = run(&["count", HARD_LINE], "");
    assert_eq!(text(&out.stdout).trim(), "1");
}

#[test]
fn a_link_given_as_the_argument_is_read_as_the_puzzle() {
    let out = run(&["export", "--link", &example_path("renban.json")], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let link = text(&out.stdout).trim().to_string();
    assert!(link.starts_with("https://sudokupad.app/"), "{link}");
    let from_link = run(&["solve", "-O", "line", &link], "");
    let from_file = run(&["solve", "-O", "line", &example_path("renban.json")], "");
    assert_eq!(from_link.status.code(), Some(0), "{}", text(&from_link.stderr));
    assert_eq!(text(&from_link.stdout), text(&from_file.stdout));
    let dir = tempdir("link-render");
    let picture = dir.join("link.svg");
    let out = run(&["render", &link, "-o", picture.to_str().expect("utf-8 path")], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(std::fs::read_to_string(&picture).expect("picture").starts_with("<svg"));
}

#[test]
fn a_mistyped_file_name_is_still_a_missing_file() {
    for name in ["puzle.txt", "examples/nope.json", "./1234"] {
        let out = run(&["solve", name], "");
        assert_eq!(out.status.code(), Some(2));
        assert!(text(&out.stderr).contains(&format!("cannot read {name}")), "{}", text(&out.stderr));
    }
}

#[test]
fn render_takes_size_as_the_grid_side_like_solve_and_picture_size_as_pixels() {
    // `render` had --side for the grid and --size for pixels, the reverse of solve.
    let dir = tempdir("render-size");
    let picture = dir.join("p.svg");
    let out =
        run(&["render", "--size", "4", "-o", picture.to_str().expect("path"), "--picture-size", "320", "-"], "1,1,1\n");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let svg = std::fs::read_to_string(&picture).expect("picture");
    assert!(svg.contains("width=\"320\""), "{}", &svg[..200.min(svg.len())]);
    // The old spelling of the grid side is kept, hidden.
    let out = run(&["render", "--side", "4", "-o", picture.to_str().expect("path"), "-"], "1,1,1\n");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let help = text(&run(&["render", "--help"], "").stdout);
    assert!(help.contains("--picture-size") && !help.contains("--side"), "{help}");
}

#[test]
fn a_negative_time_limit_gets_our_message_not_a_tip_about_dashes() {
    let out = run(&["solve", "--time-limit", "-1", &example_path("seed000.txt")], "");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("non-negative number of seconds"), "{err}");
    assert!(!err.contains("-- -1"), "{err}");
}

#[test]
fn a_cage_of_one_cell_is_not_a_cage_of_1_cells() {
    let puzzle = r#"{"size": 4, "rules": [{"type": "killer", "cages": [{"sum": 9, "cells": ["r1c1"]}]}]}"#;
    let out = run(&["solve", "-"], puzzle);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("a cage of 1 cell "), "{err}");
    assert!(!err.contains("1 cells"), "{err}");
}

#[test]
fn stats_do_not_say_the_solver_searched_when_it_was_not_called() {
    // "MIP start ... none found, the solver searched on its own" stood beside "solver calls 0".
    let seed000 = example_path("seed000.txt");
    let args = ["solve", "--solver", "microlp", "--objective", "seed", "--presolve", "probe", "--stats", &seed000];
    let out = run(&args, "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    // Probing decides seed 000 whole: the solver is not called, and nothing of its work (a MIP
    // start, a gap, simplex iterations) is reported.
    assert!(err.contains("solver calls 0"), "{err}");
    assert!(err.contains("decided by presolve (probe") && err.contains("the MILP solver was not called"), "{err}");
    assert!(!err.contains("searched on its own") && !err.contains("MIP start"), "{err}");
    assert!(!err.contains("MIP gap") && !err.contains("LP iterations"), "{err}");
    assert!(err.contains("objective proved constant (29565) by presolve;"), "{err}");
    // At the default level (light) microlp is called, and says so.
    let out = run(&["solve", "--solver", "microlp", "--objective", "seed", "--stats", &seed000], "");
    let err = text(&out.stderr);
    assert!(err.contains("presolve light") && !err.contains("not called"), "{err}");
    assert!(!err.contains("solver calls 0") && err.contains("MIP gap"), "{err}");
}

//! SudokuPad / f-puzzles links out of the real binary: `export --link` / `--fpuzzles`
//! (`--solution`), `generate -O link`, and what `solve` says about a link's own solution.

mod common;

use common::*;
use sudoku_ip::formats::{fpuzzles, parse_puzzle, ParseOptions};
use sudoku_ip::Grid;

/// The `solution` rows of an example file as one line.
fn written_solution(name: &str) -> String {
    let text = std::fs::read_to_string(examples_dir().join(name)).expect("example");
    let v: serde_json::Value = serde_json::from_str(&text).expect("json");
    v["solution"].as_array().expect("rows").iter().map(|r| r.as_str().expect("row")).collect()
}

fn read(text: &str) -> sudoku_ip::Puzzle {
    parse_puzzle(text.trim(), &ParseOptions::default()).expect("reads back")
}

#[test]
fn every_new_rule_example_goes_out_as_a_link_and_solves_from_it() {
    for name in [
        "renban.json",
        "palindrome.json",
        "between-line.json",
        "little-killer.json",
        "quadruple.json",
        "sandwich.json",
        "x-sum.json",
        "skyscraper.json",
        "min-max.json",
        "disjoint-groups.json",
        "clone.json",
        "zipper-line.json",
        "region-sum-line.json",
        "entropic-line.json",
        "modular-line.json",
        "slow-thermometer.json",
        "kropki-values.json",
        "kropki-values-all-given.json",
        "digital-root.json",
        "indexer.json",
        "double-arrow.json",
        "pill-arrow.json",
    ] {
        let path = example_path(name);
        let out = run(&["export", "--link", &path], "");
        assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out.stderr));
        let link = text(&out.stdout);
        assert!(link.starts_with("https://sudokupad.app/fpuzzles"), "{link}");
        assert_eq!(read(&link), example(name), "{name}: the link is the puzzle");
        let out = run(&["solve", "-O", "line", "-"], &link);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout).trim(), written_solution(name), "{name}");
    }
    let out = run(&["export", "--link=fpuzzles", &example_path("renban.json")], "");
    assert!(text(&out.stdout).starts_with("https://www.f-puzzles.com/?load=N4Ig"), "{}", text(&out.stdout));
}

#[test]
fn a_file_of_links_is_a_batch_solved_line_by_line() {
    // SudokuPad and f-puzzles links, one with the damage chat apps do ('+' as a space, '//'
    // collapsed), and a bare payload: each line one puzzle, answered in order.
    let names = ["sandwich.json", "skyscraper.json", "x-sum.json", "clone.json"];
    let link = |name: &str, kind: &str| {
        let out = run(&["export", &format!("--link={kind}"), &example_path(name)], "");
        assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out.stderr));
        text(&out.stdout).trim().to_string()
    };
    let sudokupad = link(names[0], "sudokupad");
    let fpuzzles = link(names[1], "fpuzzles");
    let clean = link(names[2], "sudokupad");
    let payload_at = clean.find("fpuzzles").expect("prefix") + "fpuzzles".len();
    let damaged = format!("{}{}", &clean[..payload_at], clean[payload_at..].replace('+', " ").replace("//", "/"));
    assert!(damaged.contains(' '), "the damage changes the link: {clean}");
    let payload = link(names[3], "fpuzzles");
    let bare = payload.split("?load=").nth(1).expect("payload").to_string();
    assert!(bare.starts_with("N4Ig"), "{bare}");
    let batch = [sudokupad, fpuzzles, damaged, bare].join("\n") + "\n";
    let out = run(&["solve", "-O", "line", "-"], &batch);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_string).collect();
    let want: Vec<String> = names.iter().map(|n| written_solution(n)).collect();
    assert_eq!(lines, want);
}

#[test]
fn export_with_the_solution_and_solve_says_whether_it_agrees() {
    let path = example_path("quadruple.json");
    let out = run(&["export", "--fpuzzles", "--solution", &path], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_str(&text(&out.stdout)).expect("f-puzzles JSON");
    let digits: String = json["solution"].as_array().expect("solution").iter().map(|d| d.to_string()).collect();
    assert_eq!(digits, written_solution("quadruple.json"));
    let out = run(&["solve", "--stats", "-"], &json.to_string());
    assert_eq!(out.status.code(), Some(0));
    let err = text(&out.stderr);
    assert!(err.contains("the puzzle's own solution agrees with ours"), "{err}");
    assert!(err.contains("puzzle: Quadruple (generated"), "the title in --stats: {err}");

    // A wrong digit in the carried solution: it breaks a rule as we read the puzzle.
    let mut bad = json.clone();
    let first = bad["solution"][0].as_u64().expect("digit");
    let second = bad["solution"][1].as_u64().expect("digit");
    bad["solution"][0] = second.into();
    bad["solution"][1] = first.into();
    let err = text(&run(&["solve", "-"], &bad.to_string()).stderr);
    assert!(err.contains("warning: the puzzle's own solution breaks a rule"), "{err}");
    // A partial one that differs in a cell: named with both digits.
    let mut partial = json.clone();
    let wrong = if first == 1 { 2 } else { 1 };
    let list = partial["solution"].as_array_mut().expect("list");
    for d in list.iter_mut().skip(1) {
        *d = 0.into();
    }
    list[0] = wrong.into();
    let err = text(&run(&["solve", "-"], &partial.to_string()).stderr);
    assert!(err.contains(&format!("differs from ours in 1 cell(s): r1c1 ({wrong}, ours {first})")), "{err}");
}

#[test]
fn export_refuses_what_it_cannot_write() {
    let path = example_path("renban.json");
    let out = run(&["export", "--solution", "--lp", &path], "");
    assert_eq!(out.status.code(), Some(2), "--solution needs --fpuzzles or --link");
    // Not unique: no solution to carry (exit 1, saying so).
    let out = run(&["export", "--fpuzzles", "--solution", "-"], &".".repeat(81));
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("not one"), "{}", text(&out.stderr));
    // A rule f-puzzles cannot say is refused, never dropped.
    let lbh = example_path("low-before-high.json");
    let out = run(&["export", "--link", &lbh], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("low-before-high rule has no f-puzzles form"), "{}", text(&out.stderr));
    let out = run(&["export", "--link=myspace", &path], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn generate_writes_links_that_carry_their_solution() {
    let out = run(&["generate", "--seed", "5", "--count", "2", "-O", "link", "--rules", "diagonal"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let links: Vec<&str> = stdout.lines().collect();
    assert_eq!(links.len(), 2);
    for link in links {
        let puzzle = read(link);
        assert_eq!(puzzle.rules()[0].name(), "diagonal");
        let carried: &Grid = puzzle.meta().solution.as_ref().expect("the link carries its solution");
        let report = sudoku_ip::count(&puzzle, &Default::default(), 2, 2).expect("solves");
        assert_eq!(report.count, 1);
        assert_eq!(&report.solutions[0], carried);
        assert_eq!(fpuzzles::to_link(&puzzle, fpuzzles::LinkKind::SudokuPad).expect("link"), link, "byte-identical");
    }
    let out = run(&["generate", "--seed", "5", "-O", "link", "--like", &example_path("low-before-high.json")], "");
    assert_eq!(out.status.code(), Some(2), "refused before any work");
}

/// A kept link bomb (`crates/formats/tests/fuzz-corpus/format_fpuzzles/`, written by the formats
/// crate's bomb writer).
fn bomb_path(name: &str) -> String {
    format!("{}/../formats/tests/fuzz-corpus/format_fpuzzles/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Issue 33: a 64 KB link that decompresses to 400 million characters took the command line to
/// 2.17 GB and 3 s of CPU; a payload with ten '/' after its data was decompressed 1,024 times.
/// Both are now refused at once (exit 2) with what is wrong.
#[test]
fn link_bombs_are_refused_with_exit_2() {
    for (name, says) in [
        ("bomb-title-64k", "decompresses to more than 1048576 characters"),
        ("bomb-unclosed-slashes-after", "does not decode to an f-puzzles puzzle"),
        ("bomb-slash-runs", "does not decode to an f-puzzles puzzle"),
        ("bomb-nested-200", "nests deeper than 127 levels"),
    ] {
        let out = run(&["solve", &bomb_path(name)], "");
        assert_eq!(out.status.code(), Some(2), "{name}: {}", text(&out.stderr));
        assert!(text(&out.stderr).contains(says), "{name}: {}", text(&out.stderr));
    }
}

/// Issue 33: a cage total of 2^32 + 3 was read as 3, solved, and `check` called it valid.
#[test]
fn a_cage_total_beyond_32_bits_is_refused_not_solved_as_its_remainder() {
    let row = r#"[{},{},{},{}]"#;
    let json = format!(
        r#"{{"size":4,"grid":[{row},{row},{row},{row}],"killercage":[{{"cells":["R1C1","R1C2"],"value":"4294967299"}}]}}"#
    );
    let out = run(&["solve", "-"], &json);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    assert!(text(&out.stderr).contains("$.killercage[0].value"), "{}", text(&out.stderr));
}

/// Issue 33: `hint` and `explain` had no `--time-limit` (a half-empty 36x36 ran past 90 s); and
/// `--time-limit 18446744073709551615` was refused as above "at most 18446744073709551615 s".
#[test]
fn hint_and_explain_stop_at_their_time_limit() {
    let empty = r#"{"size": 25, "rules": [{"type": "anti-knight"}]}"#;
    for command in ["hint", "explain"] {
        let out = run(&[command, "--time-limit", "0.3", "-"], empty);
        assert_eq!(out.status.code(), Some(1), "{command}: {}", text(&out.stderr));
        assert!(text(&out.stderr).contains("time limit of 300ms reached"), "{command}: {}", text(&out.stderr));
    }
    let out = run(&["solve", "--time-limit", "18446744073709551615", "-"], &".".repeat(81));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = run(&["solve", "--time-limit", "1e30", "-"], &".".repeat(81));
    assert_eq!(out.status.code(), Some(2));
    assert!(!text(&out.stderr).contains("at most 18446744073709551615"), "{}", text(&out.stderr));
}

/// Issue 33: `generate --size 4 --killer` asked for cages of 2 to 5 cells on a 4x4.
#[test]
fn a_killer_4x4_is_generated_with_cages_that_fit() {
    let out = run(&["generate", "--size", "4", "--killer", "--seed", "1", "-O", "json"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let p = sudoku_ip::formats::json::parse_value(&v["puzzle"]).expect("puzzle JSON");
    assert_eq!(p.n(), 4);
    assert!(p.rules().iter().any(|r| r.name() == "killer"), "{}", text(&out.stdout));
}

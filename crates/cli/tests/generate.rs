//! Generated puzzles re-checked by a second backend (MILP through microlp), and the
//! `generate`, `rate` and `minimize` commands of the real binary.

mod common;

use common::*;
use sudoku_ip::formats::{self, ParseOptions};
use sudoku_ip::generate::{generate, GenerateSpec, Symmetry};
use sudoku_ip::model::Rule;
use sudoku_ip::{Geometry, Options, Puzzle, SearchEnd, Solver};

/// Solutions counted up to two by `solver`, every one returned checked by the facade.
fn count_with(puzzle: &Puzzle, solver: Solver) -> (u64, bool) {
    let options = Options { solver, ..Options::default() };
    let report = sudoku_ip::count(puzzle, &options, 2, 2).expect("search runs");
    (report.count, report.end == SearchEnd::Exhausted)
}

/// Unique for native and for a second backend: HiGHS when built in checks any puzzle; microlp
/// checks plain puzzles up to 9x9 (it takes minutes on 16x16 and fails with "Singular matrix"
/// on some killer models; `generated_puzzles_are_unique_for_the_milp_backend_too` gives it
/// variants it handles).
fn assert_unique(puzzle: &Puzzle) {
    assert_eq!(count_with(puzzle, Solver::Native), (1, true), "{}", puzzle.givens());
    let plain_small = puzzle.rules().is_empty() && puzzle.n() <= 9 && puzzle.geometry().box_shape().is_some();
    for kind in Solver::available().into_iter().filter(|k| k.is_milp()) {
        if kind != Solver::Microlp || plain_small {
            assert_eq!(count_with(puzzle, kind), (1, true), "{kind}: {}", puzzle.givens());
        }
    }
}

#[test]
fn generated_puzzles_are_unique_for_the_milp_backend_too() {
    let jigsaw = example("jigsaw.json").geometry().clone();
    let specs = [
        GenerateSpec::new(Geometry::new(4, None).expect("4x4")),
        GenerateSpec { symmetry: Symmetry::Rot180, ..GenerateSpec::new(Geometry::new(6, None).expect("6x6")) },
        GenerateSpec::new(Geometry::new(9, None).expect("9x9")),
        GenerateSpec {
            rules: vec![Rule::Diagonal(sudoku_ip::model::rules::Diagonal)],
            ..GenerateSpec::new(Geometry::new(6, None).expect("6x6"))
        },
        GenerateSpec { clues: Some(30), ..GenerateSpec::new(jigsaw) },
    ];
    for spec in specs {
        let g = generate(&spec.with_seed(17)).expect("generated");
        assert_eq!(count_with(&g.puzzle, Solver::Microlp), (1, true), "{}", g.puzzle.givens());
        assert_eq!(count_with(&g.puzzle, Solver::Native), (1, true));
    }
}

#[test]
fn a_generated_16x16_puzzle_is_unique() {
    let g = generate(&GenerateSpec::new(Geometry::new(16, None).expect("16x16")).with_seed(3)).expect("generated");
    assert_unique(&g.puzzle);
    assert!(sudoku_ip::check::verify(&g.puzzle, &g.solution).is_empty());
}

fn parse(text: &str) -> Puzzle {
    formats::parse_puzzle(text, &ParseOptions::default()).expect("output parses back")
}

const EASY: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// From ../shared/data/sudoku9/puzzles6_forum_hardest_1106.
const HARDEST: &str = "12.3....435....1....4........54..2..6...7.........8.9...31..5.......9.7.....6...8";

#[test]
fn generate_prints_a_unique_puzzle_that_parses_back_and_repeats_with_its_seed() {
    let out = run(&["generate", "--seed", "7", "--size", "6"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let printed = text(&out.stdout);
    assert!(printed.starts_with("# seed 7, "), "{printed}");
    let puzzle = parse(&printed);
    assert_eq!(puzzle.n(), 6);
    assert_unique(&puzzle);
    let again = run(&["generate", "--seed", "7", "--size", "6"], "");
    assert_eq!(text(&again.stdout), printed);
}

#[test]
fn generate_count_writes_one_line_per_puzzle_with_its_solution() {
    let out = run(&["generate", "--seed", "1", "-n", "3", "--solution", "--symmetry", "rot180"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    assert_eq!(lines.len(), 3);
    for line in &lines {
        let (puzzle, solution) = line.split_once(" # solution ").expect("solution comment");
        let puzzle = parse(puzzle);
        assert!(Symmetry::Rot180.holds(9, puzzle.givens().values()));
        let solution = parse(solution).givens().clone();
        assert!(sudoku_ip::check::verify(&puzzle, &solution).is_empty());
        assert_unique(&puzzle);
    }
    // Puzzle 2 of seed 1 is the puzzle of seed 2.
    let second = run(&["generate", "--seed", "2", "-O", "line", "--solution", "--symmetry", "rot180"], "");
    assert_eq!(text(&second.stdout).trim(), lines[1]);
}

#[test]
fn generate_json_has_the_puzzle_solution_and_rating() {
    let out =
        run(&["generate", "--seed", "4", "--clues", "30", "--difficulty", "easy", "-O", "json", "--solution"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!((v["clues"].as_u64(), v["seed"].as_u64()), (Some(30), Some(4)));
    assert_eq!(v["rating"]["grade"], "easy");
    assert_eq!(v["minimal"], "no");
    let puzzle = formats::json::parse_value(&v["puzzle"]).expect("puzzle JSON");
    assert_eq!(puzzle.givens().filled(), 30);
    assert_eq!(v["line"].as_str(), Some(puzzle.givens().to_line().as_str()));
    let solution = parse(v["solution"]["line"].as_str().expect("line"));
    assert!(sudoku_ip::check::verify(&puzzle, solution.givens()).is_empty());
    assert_unique(&puzzle);
}

#[test]
fn generate_killer_writes_cages_as_json_and_variants_keep_their_rules() {
    let out = run(&["generate", "--killer", "--seed", "2"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let puzzle = formats::json::parse_value(&v["puzzle"]).expect("puzzle JSON");
    assert!(matches!(puzzle.rules(), [Rule::Killer(..)]));
    assert_unique(&puzzle);
    let out = run(&["generate", "--killer", "-O", "line"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--output json"), "{}", text(&out.stderr));
    // --like: the jigsaw regions of an example file, and a rule on top.
    let like = examples_dir().join("jigsaw.json");
    let out =
        run(&["generate", "--like", &like.to_string_lossy(), "--rules", "diagonal", "-O", "json", "--seed", "3"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let puzzle = formats::json::parse_value(&v["puzzle"]).expect("puzzle JSON");
    assert_eq!(puzzle.geometry(), example("jigsaw.json").geometry());
    assert_eq!(puzzle.rules(), &[Rule::Diagonal(sudoku_ip::model::rules::Diagonal)]);
    assert_unique(&puzzle);
}

#[test]
fn a_node_limit_on_removal_keeps_the_puzzle_unique() {
    // Exact removal gives a minimal puzzle; a tiny limit keeps the clues it cannot decide.
    let exact = run(&["generate", "--size", "16", "--seed", "5", "-O", "json", "--check-nodes", "none"], "");
    let limited = run(&["generate", "--size", "16", "--seed", "5", "-O", "json", "--check-nodes", "1"], "");
    let exact: serde_json::Value = serde_json::from_slice(&exact.stdout).expect("JSON");
    let limited: serde_json::Value = serde_json::from_slice(&limited.stdout).expect("JSON");
    assert_eq!(exact["minimal"], "cells");
    assert_eq!(limited["minimal"], "no");
    assert!(limited["clues"].as_u64() > exact["clues"].as_u64(), "{limited} {exact}");
    let puzzle = formats::json::parse_value(&limited["puzzle"]).expect("puzzle JSON");
    assert_unique(&puzzle);
}

#[test]
fn generate_says_on_stderr_when_a_puzzle_is_not_proved_minimal() {
    // Removal tests stopped at a node limit (the default beyond 16x16; forced here on 16x16
    // to keep the test fast) leave clues that might go: stderr says so without --stats.
    let limited = run(&["generate", "--size", "16", "--seed", "5", "--check-nodes", "1"], "");
    assert_eq!(limited.status.code(), Some(0), "{}", text(&limited.stderr));
    let said = text(&limited.stderr);
    assert!(said.contains("1 puzzle(s) unique but not proved minimal"), "{said}");
    assert!(said.contains("node limit 1"), "{said}");
    // Exact removal (the default up to 16x16): minimal, nothing said.
    let exact = run(&["generate", "--size", "16", "--seed", "5"], "");
    assert_eq!(exact.status.code(), Some(0), "{}", text(&exact.stderr));
    assert!(!text(&exact.stderr).contains("not proved minimal"), "{}", text(&exact.stderr));
}

#[test]
fn generate_refuses_bad_options() {
    for args in [
        &["generate", "--size", "7"][..],
        &["generate", "--difficulty", "fiendish"],
        &["generate", "--symmetry", "rot45"],
        &["generate", "--rules", "windows", "--size", "6"],
        &["generate", "--count", "0"],
        &["generate", "--check-nodes", "0"],
    ] {
        let out = run(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", text(&out.stderr));
    }
    // Issue 14 §10: more clues than cells printed the full grid with exit 0 and no word.
    let out = run(&["generate", "--clues", "200"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "", "nothing printed");
    assert!(text(&out.stderr).contains("--clues 200: a 9x9 grid has 81 cells"), "{}", text(&out.stderr));
    // No expert 4x4 exists: exit 1, saying what was seen.
    let out = run(&["generate", "--size", "4", "--difficulty", "expert", "--attempts", "3"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("no expert puzzle in 3 attempts"), "{}", text(&out.stderr));
}

#[test]
fn generate_keeps_puzzles_within_the_rating_range() {
    // At most 2.0 on the SE scale: hidden singles only (1.2 and 1.5); rate agrees.
    let out = run(&["generate", "--seed", "5", "--rating-max", "2.0", "-O", "line"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let line = text(&out.stdout);
    let out = run(&["rate", "--json"], &line);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert!(v["rating"].as_f64().is_some_and(|r| r <= 2.0), "{v}");
    let out = run(&["generate", "--rating-min", "3.0", "--rating-max", "2.0"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("above --rating-max"), "{}", text(&out.stderr));
    let out = run(&["generate", "--rating-min", "0.5"], "");
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["generate", "--size", "4", "--rating-min", "6.6", "--attempts", "3"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("no puzzle rated 6.6 to"), "{}", text(&out.stderr));
}

#[test]
fn hint_explain_and_candidates_take_batches_one_json_object_a_line() {
    let batch = format!("{EASY}\n{}\n", ".".repeat(81));
    for cmd in ["hint", "explain", "candidates"] {
        let out = run(&[cmd, "-O", "json", "-"], &batch);
        let lines: Vec<serde_json::Value> =
            text(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("JSON line")).collect();
        assert_eq!(lines.len(), 2, "{cmd}");
        assert_eq!(lines[0]["line"], 1);
        assert_eq!(lines[1]["line"], 2);
        match cmd {
            "hint" => assert_eq!(lines[0]["status"], "step"),
            "explain" => assert_eq!(lines[0]["status"], "solved"),
            _ => assert_eq!(lines[1]["status"], "found"),
        }
        // hint and explain need a unique puzzle: the empty grid is an error line (exit 1);
        // candidates answer it.
        if cmd == "candidates" {
            assert_eq!(out.status.code(), Some(0));
        } else {
            assert!(lines[1]["error"].as_str().is_some_and(|e| e.contains("not unique")), "{}", lines[1]);
            assert_eq!(out.status.code(), Some(1));
        }
    }
}

#[test]
fn rate_grades_easy_and_hardest_puzzles() {
    let out = run(&["rate"], EASY);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let printed = text(&out.stdout);
    assert!(printed.starts_with("grade: easy\n"), "{printed}");
    assert!(printed.contains("needs search: no"), "{printed}");
    assert!(printed.contains("SE rating: 1.") || printed.contains("SE rating: 2."), "{printed}");
    let out = run(&["rate", "--json"], HARDEST);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    // Nested forcing chains finish it (SE 10.0 + the length bonus); the engine still guesses.
    assert_eq!((v["grade"].as_str(), v["needs_search"].as_bool()), (Some("expert"), Some(false)));
    assert!(v["guesses"].as_u64().is_some_and(|g| g > 0));
    assert_eq!((v["status"].as_str(), v["rating"].as_f64()), (Some("rated"), Some(11.4)), "{v}");
    // A batch: one line per puzzle, grade then SE rating.
    let out = run(&["rate"], &format!("{EASY}\n{HARDEST}\n"));
    let firsts: Vec<(String, String)> = text(&out.stdout)
        .lines()
        .map(|l| {
            let mut w = l.split(' ');
            (w.next().unwrap_or("").to_string(), w.next().unwrap_or("").to_string())
        })
        .collect();
    assert_eq!((firsts[0].0.as_str(), firsts[1].0.as_str(), firsts[1].1.as_str()), ("easy", "expert", "11.4"));
    assert!(firsts[0].1.parse::<f64>().is_ok_and(|r| r < 2.5), "{firsts:?}");
    // Batch JSON: one object a line with the API's fields.
    let out = run(&["rate", "--json"], &format!("{EASY}\n{HARDEST}\n"));
    let lines: Vec<serde_json::Value> =
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("JSON line")).collect();
    assert_eq!(lines.len(), 2);
    assert!(lines.iter().all(|v| v["status"] == "rated" && v["rating"].is_number() && v["grade"].is_string()));
    // Two solutions: exit 1.
    let out = run(&["rate"], &".".repeat(81));
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("not unique"), "{}", text(&out.stderr));
}

#[test]
fn minimize_and_its_alias_leave_a_minimal_unique_puzzle() {
    for cmd in ["minimize", "reduce"] {
        let out = run(&[cmd, "-O", "line"], EASY);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let reduced = parse(text(&out.stdout).trim());
        assert!(reduced.givens().filled() < 30);
        assert!(text(&out.stderr).contains(&format!("({} left)", reduced.givens().filled())));
        assert_eq!(count_with(&reduced, Solver::Native), (1, true));
        for k in (0..81).filter(|&k| reduced.givens().values()[k] != 0) {
            let mut less = reduced.clone();
            less.givens_mut().set(sudoku_ip::Cell::from_index(k, 9), 0);
            assert_eq!(count_with(&less, Solver::Native).0, 2, "clue {k} was not needed");
        }
    }
    let out = run(&["minimize"], &".".repeat(81));
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn generate_json_output_feeds_solve_and_render_as_it_is() {
    // One killer puzzle: its envelope is read as the puzzle, and solve gives the solution the
    // generator wrote beside it.
    let made = run(&["generate", "--killer", "--seed", "9", "--solution"], "");
    assert_eq!(made.status.code(), Some(0), "{}", text(&made.stderr));
    let v: serde_json::Value = serde_json::from_slice(&made.stdout).expect("JSON");
    let solved = run(&["solve", "--unique", "-O", "line", "-"], &text(&made.stdout));
    assert_eq!(solved.status.code(), Some(0), "{}", text(&solved.stderr));
    assert_eq!(text(&solved.stdout).trim(), v["solution"]["line"].as_str().expect("solution line"));
    let picture = std::env::temp_dir().join(format!("sudoku-ip-envelope-{}.svg", std::process::id()));
    let drawn = run(&["render", "-", "-o", &picture.to_string_lossy()], &text(&made.stdout));
    assert_eq!(drawn.status.code(), Some(0), "{}", text(&drawn.stderr));
    let svg = std::fs::read_to_string(&picture).expect("the picture is written");
    let _ = std::fs::remove_file(&picture);
    assert!(svg.contains("<svg") && svg.contains("stroke-dasharray"), "a picture with dashed cages");
    // Three puzzles, one JSON object a line: a batch, solved one line each, in order.
    let made = run(&["generate", "--rules", "diagonal", "--count", "3", "--seed", "1", "-O", "json", "--solution"], "");
    let expected: Vec<String> = text(&made.stdout)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("a JSON line")["solution"]["line"].to_string())
        .collect();
    assert_eq!(expected.len(), 3);
    let solved = run(&["solve", "--unique", "-O", "line", "-"], &text(&made.stdout));
    assert_eq!(solved.status.code(), Some(0), "{}", text(&solved.stderr));
    let got: Vec<String> = text(&solved.stdout).lines().map(|l| format!("{l:?}")).collect();
    assert_eq!(got, expected);
}

/// `solve --unique -O line` of `text`, given as a file as a user would: the solution line.
fn solve_file(text_in: &str, name: &str) -> String {
    let path = std::env::temp_dir().join(format!("sudoku-ip-written-{}-{name}", std::process::id()));
    std::fs::write(&path, text_in).expect("write the puzzle file");
    let solved = run(&["solve", "--unique", "-O", "line", &path.to_string_lossy()], "");
    let _ = std::fs::remove_file(&path);
    assert_eq!(solved.status.code(), Some(0), "{name}: {}\n{text_in}", text(&solved.stderr));
    text(&solved.stdout).trim().to_string()
}

#[test]
fn generated_variants_read_back_as_the_puzzle_generated() {
    // Issue 14 §7: `generate --like examples/jigsaw.json --seed 3 > p.txt; solve p.txt` solved a
    // plain puzzle (the regions were not written); `--rules diagonal,anti-knight` wrote its rules
    // as a comment the reader ignored.
    let like = examples_dir().join("jigsaw.json");
    let like = like.to_string_lossy();
    let made = run(&["generate", "--like", &like, "--seed", "3", "--solution"], "");
    assert_eq!(made.status.code(), Some(0), "{}", text(&made.stderr));
    let v: serde_json::Value = serde_json::from_slice(&made.stdout).expect("a jigsaw is written as JSON");
    let puzzle = formats::json::parse_value(&v["puzzle"]).expect("puzzle JSON");
    assert_eq!(puzzle.geometry(), example("jigsaw.json").geometry());
    assert_eq!(solve_file(&text(&made.stdout), "jigsaw"), v["solution"]["line"].as_str().expect("solution"));
    for form in ["grid", "line"] {
        let out = run(&["generate", "--like", &like, "-O", form], "");
        assert_eq!(out.status.code(), Some(2), "-O {form}");
        assert!(
            text(&out.stderr).contains(&format!("a jigsaw (irregular regions) cannot be written as {form} text")),
            "{}",
            text(&out.stderr)
        );
    }

    let made = run(&["generate", "--rules", "diagonal,anti-knight", "--seed", "5", "--size", "8"], "");
    assert_eq!(made.status.code(), Some(0), "{}", text(&made.stderr));
    let written = text(&made.stdout);
    let puzzle = parse(&written);
    assert_eq!(
        puzzle.rules(),
        &[Rule::Diagonal(sudoku_ip::model::rules::Diagonal), Rule::AntiKnight(sudoku_ip::model::rules::AntiKnight)],
        "{written}"
    );
    assert_unique(&puzzle);
    let solution = parse(&solve_file(&written, "rules")).givens().clone();
    assert!(sudoku_ip::check::verify(&puzzle, &solution).is_empty(), "solved without the rules:\n{written}");

    // A batch of lines: the headers once on top, holding for every line.
    let made = run(&["generate", "--rules", "diagonal", "--box", "3x2", "--size", "6", "-n", "3", "--seed", "1"], "");
    assert_eq!(made.status.code(), Some(0), "{}", text(&made.stderr));
    let written = text(&made.stdout);
    assert_eq!(written.lines().filter(|l| l.starts_with('#')).count(), 2, "{written}");
    assert!(written.starts_with("# box: 3x2\n# rules: diagonal\n"), "{written}");
    let Ok(formats::Document::Batch(items)) = formats::parse_document(&written, &ParseOptions::default()) else {
        panic!("a batch: {written}")
    };
    assert_eq!(items.len(), 3);
    let solved = solve_file(&written, "batch");
    let solved: Vec<&str> = solved.lines().collect();
    assert_eq!(solved.len(), 3, "{solved:?}");
    for ((line, p), solution) in items.into_iter().zip(solved) {
        let p = p.unwrap_or_else(|e| panic!("line {line}: {e}"));
        assert_eq!(
            (p.geometry().box_shape(), p.rules()),
            (Some((3, 2)), &[Rule::Diagonal(sudoku_ip::model::rules::Diagonal)][..]),
            "line {line}"
        );
        assert_unique(&p);
        let solution = parse(&format!("# box: 3x2\n{solution}")).givens().clone();
        assert!(sudoku_ip::check::verify(&p, &solution).is_empty(), "line {line} solved without its rules");
    }
}

#[test]
fn a_minimized_batch_keeps_each_puzzles_rules_and_geometry() {
    // Batch `minimize` wrote bare 81-character lines: a batch of diagonal 3x2-box puzzles came
    // back as plain puzzles, and killers lost their cages.
    let made = run(&["generate", "--rules", "diagonal", "--box", "3x2", "--size", "6", "-n", "3", "--seed", "4"], "");
    assert_eq!(made.status.code(), Some(0), "{}", text(&made.stderr));
    let out = run(&["minimize", "-"], &text(&made.stdout));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let written = text(&out.stdout);
    assert!(written.starts_with("# box: 3x2\n# rules: diagonal\n"), "{written}");
    let Ok(formats::Document::Batch(items)) = formats::parse_document(&written, &ParseOptions::default()) else {
        panic!("a batch: {written}")
    };
    assert_eq!(items.len(), 3);
    for (line, p) in items {
        let p = p.unwrap_or_else(|e| panic!("line {line}: {e}"));
        assert_eq!(p.geometry().box_shape(), Some((3, 2)), "line {line}");
        assert_eq!(p.rules(), &[Rule::Diagonal(sudoku_ip::model::rules::Diagonal)][..], "line {line}");
        assert_unique(&p);
    }

    // Killers one JSON object a line minimize to killers, one JSON object a line.
    let made = run(&["generate", "--killer", "-n", "2", "--seed", "2", "-O", "json"], "");
    assert_eq!(made.status.code(), Some(0), "{}", text(&made.stderr));
    let out = run(&["minimize", "-"], &text(&made.stdout));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    for line in &lines {
        let p = parse(line);
        assert!(p.rules().iter().any(|r| r.name() == "killer"), "{line}");
        assert_eq!(count_with(&p, Solver::Native), (1, true), "{line}");
    }
    let out = run(&["minimize", "-O", "line", "-"], &text(&made.stdout));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("the killer rule (its data) cannot be written as line text"),
        "{}",
        text(&out.stderr)
    );
    assert!(out.stdout.is_empty(), "nothing half-written");

    // Puzzles that need different headers go out as JSON rather than under one header.
    let full = "1234341243212143"; // a full 4x4 grid that also keeps both diagonals
    let mixed = format!(
        "{{\"size\": 4, \"givens\": \"{full}\", \"rules\": [{{\"type\": \"diagonal\"}}]}}\n{{\"size\": 4, \"givens\": \"{full}\"}}\n"
    );
    let out = run(&["minimize", "-"], &mixed);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let back: Vec<Puzzle> = text(&out.stdout).lines().map(parse).collect();
    assert_eq!(back.iter().map(|p| p.rules().len()).collect::<Vec<_>>(), vec![1, 0]);
}

#[test]
fn generate_with_no_boxes_makes_a_latin_square_puzzle_that_reads_back() {
    // Issue 14 §13: a prime side needs no box shape with --no-boxes.
    let made = run(&["generate", "--no-boxes", "--size", "7", "--seed", "2"], "");
    assert_eq!(made.status.code(), Some(0), "{}", text(&made.stderr));
    let written = text(&made.stdout);
    assert!(written.contains("# box: none\n") && !written.contains('|'), "{written}");
    let p = parse(&written);
    assert!(p.geometry().is_latin());
    assert_unique(&p);
    let solution = parse(&format!("# box: none\n{}", solve_file(&written, "latin"))).givens().clone();
    assert!(sudoku_ip::check::verify(&p, &solution).is_empty());
    let out = run(&["generate", "--size", "7"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--no-boxes"), "{}", text(&out.stderr));
    let out = run(&["generate", "--no-boxes", "--box", "3x3"], "");
    assert_eq!(out.status.code(), Some(2));
}

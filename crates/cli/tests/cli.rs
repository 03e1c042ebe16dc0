//! The real `sudoku-ip` binary: outputs, exit codes and error messages.

mod common;

use common::*;
use sudoku_ip::check;

#[test]
fn solve_prints_a_checked_grid_that_parses_back() {
    let out = run(&["solve", &example_path("seed000.txt")], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let printed = grid(&text(&out.stdout));
    assert!(check::verify(&example("seed000.txt"), &printed).is_empty());
    assert_eq!(seed000_objective(&printed), 29565);
    assert!(text(&out.stdout).contains("-+-"), "grid output has box lines");
}

#[test]
fn every_output_format_and_solver_gives_the_same_solution() {
    let expected = grid(SEED004_SOLUTION).to_line();
    for solver in sudoku_ip::Solver::available() {
        let out =
            run(&["solve", "--solver", solver.name(), "--output", "line", "--stats", &example_path("seed004.txt")], "");
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(text(&out.stdout).trim(), expected, "{solver}");
        let err = text(&out.stderr);
        assert!(err.contains(&format!("solver {solver}")) && err.contains("729 variables"), "{err}");
    }
    let out = run(
        &["solve", "-O", "json", "--stats", "-"],
        &std::fs::read_to_string(examples_dir().join("seed004.txt")).unwrap(),
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON output");
    assert_eq!(v["status"], "solved");
    assert_eq!(v["solution"]["line"], expected.as_str());
    assert_eq!(v["stats"]["model"]["rows"], 324);
}

#[test]
fn bad_input_exits_2_and_names_the_place() {
    let out = run(&["solve"], "1234\n3412\n2153\n4321\n");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("line 3, column 3") && err.contains("a digit 1-4"), "{err}");
    let out = run(&["solve"], "1,2,2\n1,2,7\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("r1c2 is given twice"), "{}", text(&out.stderr));
    let out = run(&["solve", "/no/such/file"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot read /no/such/file"));
    let out = run(&["solve", "--solver", "cplex", "-"], "");
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["solve", "-"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("empty"));
}

#[test]
fn an_unsolvable_puzzle_exits_1_and_says_why() {
    let line = "..53....58......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";
    let out = run(&["solve", "-"], line);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("row 1 has two 5s: r1c3, r1c9"), "{}", text(&out.stderr));
}

#[test]
fn unique_and_count_tell_one_from_many() {
    let base = example("seed004.txt");
    let two = two_solution_puzzle(&grid(SEED004_SOLUTION), &base).givens().to_line();
    let out = run(&["solve", "--unique", "-"], &two);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("not unique"));
    let out = run(&["solve", "--unique", &example_path("seed004.txt")], "");
    assert_eq!(out.status.code(), Some(0));
    let out = run(&["count", "-"], &two);
    assert_eq!(text(&out.stdout).trim(), "2");
    let out = run(&["count", "--max", "1", "-"], &two);
    assert_eq!(text(&out.stdout).trim(), "at least 1");
    let out = run(&["count", "--max", "all", "-"], "....\n....\n....\n....\n");
    assert_eq!(text(&out.stdout).trim(), "288");
    let out = run(&["solve", "--all", "-O", "line", "-"], &two);
    let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    assert_eq!(lines.len(), 2);
    assert_ne!(lines[0], lines[1]);
}

#[test]
fn check_accepts_the_solution_and_names_what_is_wrong_otherwise() {
    let dir = std::env::temp_dir().join(format!("sudoku-ip-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.txt");
    std::fs::write(&good, SEED004_SOLUTION).unwrap();
    let out = run(&["check", &example_path("seed004.txt"), good.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    // Swap two cells of row 1 (r1c1=1, r1c2=4): columns 1 and 2 now repeat digits.
    let bad = SEED004_SOLUTION.replacen("1 4 5", "4 1 5", 1);
    let out = run(&["check", &example_path("seed004.txt"), "-"], &bad);
    assert_eq!(out.status.code(), Some(1));
    let report = text(&out.stdout);
    assert!(report.contains("column 1 has two 4s: r1c1, r4c1"), "{report}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn export_writes_named_lp_and_mps() {
    let out = run(&["export", "--lp", &example_path("seed000.txt")], "");
    assert_eq!(out.status.code(), Some(0));
    let lp = text(&out.stdout);
    assert!(lp.contains("x_r1c2_d2") && lp.contains("row1_d1") && lp.contains("Binar"), "{}", &lp[..200.min(lp.len())]);
    let out = run(&["export", "--mps", &example_path("seed000.txt")], "");
    let mps = text(&out.stdout);
    assert!(mps.contains("ROWS") && mps.contains("COLUMNS") && mps.contains("x_r9c8_d2"));
    let out = run(&["export", &example_path("seed000.txt")], "");
    assert_eq!(out.status.code(), Some(2), "one of --lp/--mps is required");
}

#[test]
fn a_batch_gives_one_result_per_line_in_order() {
    let solution = grid(SEED004_SOLUTION);
    let first = example("seed004.txt").givens().to_line();
    let bad_clash = format!("5{}", &first[1..]);
    let input = format!("# a batch\n{first}\n{bad_clash}\nnot a puzzle\n{first}\n");
    // One thread solves and prints each line in turn; more solve chunks in parallel: the same.
    for jobs in ["1", "2"] {
        let out = run(&["solve", "--jobs", jobs, "-"], &input);
        let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
        assert_eq!(lines.len(), 4, "{lines:?}");
        assert_eq!(lines[0], solution.to_line());
        assert!(lines[1].starts_with("no solution: row 1 has two 5s"), "{}", lines[1]);
        assert!(lines[2].starts_with("bad input: line 4"), "{}", lines[2]);
        assert_eq!(lines[3], solution.to_line());
        assert_eq!(out.status.code(), Some(2), "the worst line decides the exit code");
        assert!(text(&out.stderr).contains("2 solved, 2 not solved"), "{}", text(&out.stderr));
    }
    // A batch that prints no times measures none; with --stats each line has its time.
    let out = run(&["solve", "--jobs", "1", "-O", "json", "--stats", "-"], &format!("{first}\n"));
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).expect("one JSON line");
    assert!(v["stats"]["time_ms"].as_f64().is_some_and(|t| t > 0.0), "{v}");
    let out = run(&["solve", "-O", "json", "-"], &format!("{first}\n{first}\n"));
    for l in text(&out.stdout).lines() {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        assert_eq!(v["status"], "solved");
    }
}

#[test]
fn a_long_batch_is_read_as_it_goes_and_bad_lines_past_the_start_keep_their_place() {
    // Longer than the lines read before the format is decided (256): the rest is streamed.
    let solution = grid(SEED004_SOLUTION).to_line();
    let first = example("seed004.txt").givens().to_line();
    let json = format!("{{\"size\": 9, \"givens\": \"{first}\"}}");
    for (puzzle, bad, head) in
        [(first.clone(), "not a puzzle", "# 600 puzzles\n"), (json, "{\"size\": 9, \"givens\": 7}", "\n")]
    {
        let mut input = String::from(head);
        for i in 0..600 {
            input.push_str(if i == 400 { bad } else { &puzzle });
            input.push('\n');
        }
        let out = run(&["solve", "--jobs", "2", "-"], &input);
        let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
        assert_eq!(lines.len(), 600, "one result a puzzle line");
        for (i, l) in lines.iter().enumerate() {
            if i == 400 {
                // Input line numbers count the comment line: puzzle 400 is on line 402.
                assert!(l.starts_with("bad input:") && (l.contains("line 402") || l.contains("givens")), "{l}");
            } else {
                assert_eq!(l, &solution, "line {i}");
            }
        }
        assert!(text(&out.stderr).contains("599 solved, 1 not solved"), "{}", text(&out.stderr));
        assert_eq!(out.status.code(), Some(2));
    }
}

#[test]
fn batch_notes_kept_for_stderr_come_out_whole_and_in_order() {
    // Lines with many solutions each say so on stderr. Off a terminal the notes are kept and
    // written together (a write per line cost more than the search on such sets, issue 34):
    // past the 64 KiB kept at once and at the end, every note must still come out, whole, in
    // line order, with the tally last, and stdout must keep one line per puzzle.
    let empty = ".".repeat(81);
    let solution = grid(SEED004_SOLUTION).to_line();
    let first = example("seed004.txt").givens().to_line();
    let mut input = String::new();
    for i in 0..2500 {
        input.push_str(if i % 500 == 7 { &first } else { &empty });
        input.push('\n');
    }
    // From a file: through stdin, the test's writer and the binary's output would fill both
    // pipes and wait on each other.
    let file = std::env::temp_dir().join(format!("sudoku-ip-notes-{}.txt", std::process::id()));
    std::fs::write(&file, &input).unwrap();
    let out = run(&["solve", "--unique", "--jobs", "1", file.to_str().unwrap()], "");
    let _ = std::fs::remove_file(&file);
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2500);
    let err = text(&out.stderr);
    let notes: Vec<&str> = err.lines().collect();
    assert!(err.len() > 1 << 16, "enough notes to fill the kept text: {} bytes", err.len());
    assert_eq!(notes.len(), 2500 - 5 + 1, "a note per line with many solutions, then the tally");
    let mut at = 0;
    for (i, line) in lines.iter().enumerate() {
        if i % 500 == 7 {
            assert_eq!(*line, solution);
            continue;
        }
        assert_eq!(*line, "not unique: at least 2 solutions");
        assert_eq!(notes[at], format!("line {}: not unique: at least 2 solutions", i + 1));
        at += 1;
    }
    assert_eq!(notes[at], "5 solved, 2495 not solved");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn help_explains_formats_and_exit_codes() {
    let out = run(&["--help"], "");
    assert_eq!(out.status.code(), Some(0));
    let help = text(&out.stdout);
    for word in ["solve", "count", "check", "export", "bench", "Exit status", "triplets"] {
        assert!(help.contains(word), "--help lacks {word}");
    }
}

#[test]
fn compare_runs_every_backend_and_says_whether_they_agree() {
    let out = run(&["compare", &example_path("seed000.txt")], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let table = text(&out.stdout);
    for solver in sudoku_ip::Solver::available() {
        let row = table.lines().find(|l| l.starts_with(solver.name())).unwrap_or_else(|| panic!("{table}"));
        // backend, presolve, unique = 1, other = 0
        let cols: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(&cols[2..4], &["1", "0"], "{row}");
    }
    assert!(table.contains("all backends agree"), "{table}");
    // Two solutions: no backend proves it unique, and the exit status says so.
    let out = run(&["compare", "--json", "-"], "....\n....\n....\n....\n");
    assert_eq!(out.status.code(), Some(1));
    let last: serde_json::Value =
        serde_json::from_str(text(&out.stdout).lines().last().expect("summary")).expect("JSON");
    assert_eq!((last["agree"].as_bool(), last["all_solved"].as_bool()), (Some(true), Some(false)), "{last}");
}

#[test]
fn compare_hands_every_milp_backend_the_seeds_model_and_the_solver_is_called() {
    // Issue 35: compare's MILP column timed the native presolve (the solver got 0/0). By default
    // each MILP backend gets the model as the seed writes it; a row a presolve level.
    let out = run(&["compare", "--json", "--presolve", "none,light,probe", &example_path("seed000.txt")], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let rows: Vec<serde_json::Value> =
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    let milp: Vec<&serde_json::Value> = rows.iter().filter(|r| r["presolve"].is_string()).collect();
    let backends = sudoku_ip::Solver::available().into_iter().filter(|s| s.is_milp()).count();
    assert_eq!(milp.len(), 3 * backends, "{rows:?}");
    for row in &milp {
        let level = row["presolve"].as_str().expect("level");
        // No presolve: the 729 - 21 free variables, all 324 rows; the solver ran on the puzzle.
        let called = row["solver_called"].as_u64();
        match level {
            "none" => {
                assert_eq!((row["variables"].as_u64(), row["rows"].as_u64()), (Some(708), Some(324)), "{row}");
                assert_eq!(called, Some(1), "{row}");
                // Every MILP backend solves the LP relaxation (microlp and HiGHS alike).
                assert_eq!(row["root_lp_columns_median"].as_u64(), Some(708), "{row}");
            }
            "light" => assert_eq!(called, Some(1), "{row}"),
            _ => assert_eq!(called, Some(0), "{row}"),
        }
        if called > Some(0) {
            assert!(row["lp_iterations"].is_u64() && row["nodes"].is_u64(), "{row}");
        }
        if called == Some(0) {
            // No solver ran: no simplex iterations to report, not zero of them.
            assert!(row["lp_iterations"].is_null(), "{row}");
        }
        assert_eq!(row["solved"].as_u64(), Some(1), "{row}");
    }
    let summary = rows.last().expect("summary");
    assert_eq!(summary["agree"].as_bool(), Some(true), "{summary}");
}

#[test]
fn model_shows_the_seeds_ip_by_family_with_its_lp_relaxation() {
    let out = run(&["model", &example_path("seed000.txt")], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    for line in [
        "variables  729 binaries",
        "givens     21 variables",
        "rows       324 ",
        "cell_r1c1: x_r1c1_d1 + x_r1c1_d2 + x_r1c1_d3 + … + x_r1c1_d9 = 1  (9 terms)",
        "f = (1:729)'",
        "29565 on every solution",
        "LP relaxation at the root",
    ] {
        assert!(shown.contains(line), "missing {line:?} in\n{shown}");
    }
    let out = run(&["model", "--json", &example_path("seed004-killer.json")], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let families: Vec<&str> =
        v["families"].as_array().expect("families").iter().filter_map(|f| f["family"].as_str()).collect();
    assert!(families.starts_with(&["cell", "row", "column"]) && families.contains(&"killer"), "{v}");
    let total: u64 = v["families"].as_array().expect("families").iter().filter_map(|f| f["rows"].as_u64()).sum();
    assert_eq!(Some(total), v["rows"].as_u64(), "every row in one family: {v}");
    // Seed 004's Killer has no givens: what its cages rule out is fixed at 0, and not a given.
    assert_eq!(v["givens"].as_u64(), Some(0), "{v}");
    let free = v["variables"].as_u64().unwrap_or(0) - v["fixed_by_rules"].as_u64().unwrap_or(0);
    assert_eq!(v["root_lp"]["columns"].as_u64(), Some(free), "the LP's columns are the variables left free: {v}");
    let lp = &v["root_lp"];
    assert_eq!(lp["status"], "ok", "{v}");
    assert!(lp["fractional"].as_u64().is_some_and(|f| f <= lp["columns"].as_u64().unwrap_or(0)), "{v}");
}

#[test]
fn presolve_levels_on_the_command_line_and_the_stats_say_when_the_solver_was_not_called() {
    let seed = example_path("seed000.txt");
    let solve = |extra: &[&str]| {
        let mut args = vec!["solve", "--solver", "microlp", "--stats", "-O", "json"];
        args.extend_from_slice(extra);
        args.push(&seed);
        let out = run(&args, "");
        assert_eq!(out.status.code(), Some(0), "{extra:?}: {}", text(&out.stderr));
        serde_json::from_slice::<serde_json::Value>(&out.stdout).expect("JSON")
    };
    let light = solve(&[]);
    assert_eq!(light["stats"]["presolve"], "light", "{light}");
    assert!(light["stats"]["solver_calls"].as_u64().is_some_and(|c| c >= 1), "{light}");
    assert!(light["stats"].get("solver_not_called").is_none(), "{light}");
    assert!(light["stats"]["lp_iterations"].as_u64().is_some_and(|i| i > 0), "{light}");
    let probe = solve(&["--presolve", "probe"]);
    assert_eq!(probe["stats"]["solver_calls"], 0, "{probe}");
    let why = probe["stats"]["solver_not_called"].as_str().expect("said in words");
    assert!(why.contains("decided by presolve") && why.contains("the MILP solver was not called"), "{why}");
    // The older spelling is `--presolve none`, and the two do not go together.
    assert_eq!(solve(&["--no-presolve"])["stats"]["presolve"], "none");
    assert_eq!(solve(&["--presolve", "none"])["stats"]["presolved"]["variables"], 729 - 21);
    let out = run(&["solve", "--presolve", "none", "--no-presolve", &seed], "");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let out = run(&["solve", "--presolve", "deep", &seed], "");
    assert!(text(&out.stderr).contains("none, light or probe"), "{}", text(&out.stderr));
    // Issue 30 item 7: no "MIP start … none found, the solver searched on its own" beside
    // "solver calls 0".
    let out =
        run(&["solve", "--solver", "microlp", "--objective", "seed", "--presolve", "probe", "--stats", &seed], "");
    let stats = text(&out.stderr);
    assert!(stats.contains("solver calls 0") && stats.contains("the MILP solver was not called"), "{stats}");
    assert!(!stats.contains("MIP start"), "{stats}");
}

#[test]
fn hint_gives_the_next_checked_step_and_explain_the_whole_path() {
    let out = run(&["hint", &example_path("seed000.txt")], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let hint = text(&out.stdout);
    assert!(hint.starts_with("Hidden single:") || hint.starts_with("Naked single:"), "{hint}");
    assert!(hint.contains("places: r"), "{hint}");
    let out = run(&["hint", "-O", "json", &example_path("seed000.txt")], "");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["placed"], serde_json::json!([]), "no cell placed before the first step: {v}");
    let placed = &v["step"]["placements"][0];
    // The step's digit is the solution's digit in that cell.
    let cell = placed["cell"].as_str().expect("cell");
    let solved = text(&run(&["solve", "-O", "line", &example_path("seed000.txt")], "").stdout);
    let (r, c): (usize, usize) = {
        let (r, c) = cell.trim_start_matches('r').split_once('c').expect("rNcM");
        (r.parse().expect("row"), c.parse().expect("col"))
    };
    let digit = solved.as_bytes()[(r - 1) * 9 + (c - 1)] - b'0';
    assert_eq!(placed["digit"].as_u64(), Some(u64::from(digit)), "{v}");
    let out = run(&["explain", &example_path("seed000.txt")], "");
    let path = text(&out.stdout);
    assert!(path.trim_end().lines().last().is_some_and(|l| l.starts_with("solved by logic")), "{path}");
}

#[test]
fn explain_on_a_batch_says_each_lines_end_and_its_se_rating() {
    // One line a puzzle: how the path ended, its length and "SE rating" as `rate` writes it
    // (the whole sentence was lower-cased: "se rating").
    let batch = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n\
                 12.3....435....1....4........54..2..6...7.........8.9...31..5.......9.7.....6...8\n";
    let out = run(&["explain", "-"], batch);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "line 1: solved in 51 steps, SE rating 1.2\nline 2: solved in 93 steps, SE rating 11.4\n"
    );
}

#[test]
fn candidates_of_a_unique_puzzle_are_its_solution() {
    let out = run(&["candidates", "-O", "json", &example_path("seed000.txt")], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!((v["status"].as_str(), v["solutions_seen"].as_u64()), (Some("found"), Some(1)), "{v}");
    let solved = text(&run(&["solve", "-O", "line", &example_path("seed000.txt")], "").stdout);
    // The candidate string holds exactly the solution's digit in every cell.
    let cands = v["candidates"].as_str().expect("candidate string");
    for (k, d) in solved.trim().bytes().enumerate() {
        let cell = &cands[k * 9..k * 9 + 9];
        let want: String = (1..=9u8).map(|e| if e == d - b'0' { char::from(b'0' + e) } else { '.' }).collect();
        assert_eq!(cell, want, "cell {k}");
    }
    let out = run(&["candidates", &example_path("seed000.txt")], "");
    assert!(text(&out.stdout).contains("exactly 1 solution"), "{}", text(&out.stdout));
}

#[test]
fn candidates_count_solutions_per_digit_up_to_the_cap() {
    // 4x4 with three givens: the counts of each cell add up to the solution count (below the
    // cap), and a cap of 2 shows every count as at most 2.
    let line = "1...........3..2\n";
    let total = text(&run(&["count", "--max", "1000", "-"], line).stdout);
    let total: u64 = total.split_whitespace().find_map(|w| w.parse().ok()).expect("a count");
    let v: serde_json::Value =
        serde_json::from_slice(&run(&["candidates", "--max", "1000", "-O", "json", "-"], line).stdout).expect("JSON");
    for cell in v["counts"].as_array().expect("counts") {
        let sum: u64 = cell.as_array().expect("digits").iter().filter_map(serde_json::Value::as_u64).sum();
        assert_eq!(sum, total, "{v}");
    }
    let capped: serde_json::Value =
        serde_json::from_slice(&run(&["candidates", "--max", "2", "-O", "json", "-"], line).stdout).expect("JSON");
    let expect: Vec<Vec<u64>> = v["counts"]
        .as_array()
        .expect("counts")
        .iter()
        .map(|c| c.as_array().expect("digits").iter().map(|k| k.as_u64().unwrap_or(0).min(2)).collect())
        .collect();
    assert_eq!(capped["counts"], serde_json::json!(expect));
    let out = run(&["candidates", "--max", "0", "-"], line);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("between 1 and 1000"), "{}", text(&out.stderr));
    let out = run(&["candidates", "-"], "11..............\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("no solution"));
}

#[test]
fn a_killer_cage_whose_cells_do_not_touch_is_read_with_a_warning() {
    // Issue 14 §10: accepted silently. Some setters allow such cages: a warning, not an error.
    let scattered = r#"{"size": 4, "givens": "................", "rules": [{"type": "killer", "cages": [
        {"cells": ["r1c1", "r1c2"], "sum": 3}, {"cells": ["r2c1", "r2c3", "r3c3"], "sum": 9}]}]}"#;
    let picture = std::env::temp_dir().join(format!("sudoku-ip-scattered-{}.svg", std::process::id()));
    let picture = picture.to_string_lossy().into_owned();
    for args in [&["solve", "-"][..], &["count", "-"], &["render", "-", "-o", &picture]] {
        let out = run(args, scattered);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", text(&out.stderr));
        let err = text(&out.stderr);
        assert!(
            err.contains("warning: <stdin>: killer cage 2 (r2c1 r2c3 r3c3) is 2 pieces whose cells do not touch"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("cage 1"), "{err}");
    }
    let _ = std::fs::remove_file(&picture);
    let touching = scattered.replace("\"r2c1\", ", "\"r2c2\", ");
    let out = run(&["solve", "-"], &touching);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(!text(&out.stderr).contains("warning"), "{}", text(&out.stderr));
}

#[test]
fn the_seeds_objective_reaches_the_milp_solver_the_export_and_the_stats() {
    // Issue 14 §11: intlinprog minimises f = (1:N)' and reports the objective and the gap.
    let seed000 = examples_dir().join("seed000.txt");
    let seed000 = seed000.to_string_lossy();
    let out = run(&["solve", &seed000, "--solver", "microlp", "--objective", "seed", "--stats"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("objective 29565; MIP gap 0"), "{}", text(&out.stderr));
    let out = run(&["solve", &seed000, "--solver", "microlp", "--stats"], "");
    assert!(text(&out.stderr).contains("objective 0; MIP gap 0"), "{}", text(&out.stderr));
    let out = run(&["solve", &seed000, "--solver", "microlp", "--objective", "seed", "-O", "json", "--stats"], "");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!((v["stats"]["objective"].as_i64(), v["stats"]["mip_gap"].as_f64()), (Some(29565), Some(0.0)), "{v}");
    // x(i,j,k) costs i + 9(j-1) + 81(k-1): x_r1c1_d1 1, x_r1c1_d2 82, x_r1c2_d1 10.
    let lp = run(&["export", "--lp", "--objective", "seed", &seed000], "");
    let lp = text(&lp.stdout);
    assert!(lp.contains("Minimize\n obj: 1 x_r1c1_d1 + 82 x_r1c1_d2 + 163 x_r1c1_d3"), "{lp}");
    // Each variable's first appearance is in the objective, after its cost.
    let tokens: Vec<&str> = lp.split_whitespace().collect();
    let cost = |var: &str| tokens.iter().position(|t| *t == var).map(|i| tokens[i - 1]);
    assert_eq!((cost("x_r1c2_d1"), cost("x_r5c7_d4"), cost("x_r9c9_d9")), (Some("10"), Some("302"), Some("729")));
    let mps = run(&["export", "--mps", "--objective", "seed", &seed000], "");
    let mps = text(&mps.stdout);
    let costs: Vec<&str> = mps
        .lines()
        .filter(|l| l.split_whitespace().count() == 3 && l.split_whitespace().nth(1) == Some("obj"))
        .collect();
    assert_eq!(costs.len(), 729, "every variable has a cost");
    assert!(costs.iter().any(|l| l.split_whitespace().collect::<Vec<_>>() == ["x_r1c1_d2", "obj", "82"]), "{mps}");
    let zero = text(&run(&["export", "--lp", &seed000], "").stdout);
    assert!(zero.contains("Minimize\n obj: 0 x_r1c1_d1\n"), "{zero}");
}

#[test]
fn a_streamed_batch_warns_about_a_killer_cage_whose_cells_do_not_touch_with_its_line() {
    // Issue 14 §10: the warning reached single puzzles only, not the lines of `solve FILE`.
    let touching = r#"{"size": 4, "givens": "1234341243212...", "rules": [{"type": "killer", "cages": [{"sum": 7, "cells": ["r4c3", "r4c4"]}]}]}"#;
    let scattered = r#"{"size": 4, "givens": "1234341243212...", "rules": [{"type": "killer", "cages": [{"sum": 4, "cells": ["r4c2", "r4c4"]}]}]}"#;
    let out = run(&["solve", "-O", "line", "-"], &format!("{touching}\n{scattered}\n"));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).lines().count(), 2);
    let warnings: Vec<String> =
        text(&out.stderr).lines().filter(|l| l.starts_with("warning")).map(str::to_string).collect();
    assert_eq!(
        warnings,
        ["warning: <stdin>:2: killer cage 1 (r4c2 r4c4) is 2 pieces whose cells do not touch; read as one cage"]
    );
}

#[test]
fn a_streamed_batch_keeps_its_header_rules_past_the_lines_read_first() {
    // Issue 14: lines after the first 256 were read with the command line's options only, so a
    // `# box: 3x2` / `# rules: diagonal` batch lost both there (46 of 300 grids broke them).
    let head = "# box: 3x2\n# rules: diagonal\n";
    let empty = ".".repeat(36);
    let mut input = String::from(head);
    for i in 0..320 {
        if i == 290 {
            input.push_str("# rules: diagonal\n"); // the same header again: allowed
        }
        input.push_str(&empty);
        input.push('\n');
    }
    let out = run(&["solve", "-O", "line", "-"], &input);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 320, "one result a puzzle line");
    let rules = sudoku_ip::formats::parse_puzzle(&format!("{head}{empty}\n"), &Default::default()).expect("parses");
    for (i, l) in lines.iter().enumerate() {
        let violations = check::verify(&rules, &grid(l));
        assert!(violations.is_empty(), "puzzle {i}: {l}: {violations:?}");
    }

    // A header that first appears after the start cannot apply to the lines already solved.
    let mut late = String::from(head);
    for _ in 0..300 {
        late.push_str(&empty);
        late.push('\n');
    }
    late.push_str("# box: 2x3\n");
    late.push_str(&empty);
    late.push('\n');
    let out = run(&["solve", "-O", "line", "-"], &late);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let bad: Vec<&str> = stdout.lines().filter(|l| l.starts_with("bad input")).collect();
    assert_eq!(bad.len(), 1, "{stdout}");
    assert!(
        bad[0].contains("line 303")
            && bad[0].contains("a second `# box:` header says \"2x3\", the first (line 1) \"3x2\""),
        "{}",
        bad[0]
    );
}

#[test]
fn the_messages_issue_14_quoted_say_where_and_what_was_expected() {
    // Issue 14 §10: each of these was unclear; now each names its line (or option) and what was
    // expected, and exits 2.
    let cases: [(&[&str], String, &[&str]); 4] = [
        // A malformed triplet, not a one-line puzzle "needing n² characters".
        (&["solve", "-"], "1,1\n".into(), &["line 1", "row,col,digit", "this row has 2 entries"]),
        // Eight rows of nine cells: the missing row is named, not row 1.
        (&["solve", "-"], "123456789\n".repeat(8), &["line 8", "row 9 is missing", "9 rows of 9 cells"]),
        // `echo null`: JSON null is not a puzzle object (not "a 2x2 grid has no box shape").
        (&["solve", "-"], "null\n".into(), &["line 1", "null, not a puzzle object", "--format"]),
        // More clues than cells: refused, not a full grid printed with exit 0.
        (&["generate", "--clues", "200", "--seed", "1"], String::new(), &["--clues 200", "81 cells", "at most 81"]),
    ];
    for (args, stdin, words) in cases {
        let out = run(args, &stdin);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?} {stdin:?}: {err}");
        assert!(text(&out.stdout).is_empty(), "{args:?}: nothing on stdout");
        for w in words {
            assert!(err.contains(w), "{args:?} {stdin:?}: {err:?} lacks {w:?}");
        }
        assert!(!err.contains("n² characters") && !err.contains("2x2"), "{err}");
    }
}

/// Issue 14 §6: a long single `count` shows on a terminal's stderr how far it got (solutions and
/// search nodes so far, refreshed as it goes) and clears the line before its answer; with stderr
/// piped nothing of it is written. The terminal is a pseudo-terminal made by util-linux's
/// `script` (part of every Debian and Ubuntu base system).
#[test]
fn a_long_count_shows_its_progress_on_a_terminal_only() {
    let dir = std::env::temp_dir().join(format!("sudoku-ip-progress-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("empty6.txt");
    std::fs::write(&file, "......\n".repeat(6)).expect("write the puzzle");
    let file = file.to_str().expect("a UTF-8 path");
    // The native engine notes nodes as it goes; a MILP count notes its solutions after each
    // solver call (microlp's nodes as it reports them).
    // microlp's first solution comes after its first LP solves: on a loaded machine 1.5 s of
    // wall clock can pass before it, so it is given longer (the answer still stops at the limit).
    for (solver, limit) in [("native", "1.5"), ("microlp", "6")] {
        let args = ["count", file, "--solver", solver, "--max", "100000000", "--time-limit", limit];
        let command = format!("{} {}", env!("CARGO_BIN_EXE_sudoku-ip"), args.join(" "));
        let out = std::process::Command::new("script")
            .args(["-qec", &command, "/dev/null"])
            .stdin(std::process::Stdio::null())
            .output()
            .expect("util-linux `script` runs (it makes the pseudo-terminal)");
        let shown = text(&out.stdout);
        // Each refresh redraws "counting: N solutions so far[, M nodes]"; the counts only grow.
        let counts: Vec<u64> = shown
            .split("counting: ")
            .skip(1)
            .map(|s| s.split(' ').next().and_then(|n| n.parse().ok()).expect("a count"))
            .collect();
        assert!(counts.windows(2).all(|w| w[0] <= w[1]), "{solver}: {counts:?}");
        assert!(counts.last().is_some_and(|&c| c > 0), "{solver}: a refresh with solutions found: {shown:?}");
        // Then the line is cleared and the answer written: stopped at the limit, exit 1.
        let answer = shown.rsplit("\x1b[2K").next().unwrap_or_default();
        assert!(answer.trim_start().starts_with("at least "), "{solver}: {answer:?}");
        assert_eq!(out.status.code(), Some(1), "{solver}: {shown}");

        let piped = run(&args, "");
        assert!(text(&piped.stdout).starts_with("at least "), "{}", text(&piped.stdout));
        let err = text(&piped.stderr);
        assert!(!err.contains("counting") && !err.contains('\r') && !err.contains('\x1b'), "{err:?}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bench_times_the_whole_command_on_the_same_puzzles_when_asked() {
    let dir = std::env::temp_dir().join(format!("sudoku-ip-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("two.txt");
    // Two good lines, then one the solver must refuse: the child may only read the first two.
    let good = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    std::fs::write(&file, format!("{good}\n{good}\nnot a puzzle\n")).unwrap();
    let path = file.to_str().unwrap();
    let out = run(&["bench", "--json", "--process", "--limit", "2", path], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!((v["puzzles"].as_u64(), v["unique"].as_u64()), (Some(2), Some(2)), "{v}");
    let runs = v["process"]["runs"].as_u64().expect("runs");
    assert!((1..=200).contains(&runs), "{v}");
    assert!(v["process"]["wall_us_per_puzzle"].as_f64().is_some_and(|us| us > 0.0), "{v}");
    if cfg!(target_os = "linux") {
        assert_eq!(v["clock"], "cpu");
        assert!(v["process"]["cpu_us_per_puzzle"].is_number(), "{v}");
    }
    // Without --limit the child reads the whole file, the bad line too: that run fails, and
    // bench says which command failed (exit 2: bench itself refuses the file first).
    let out = run(&["bench", "--process", path], "");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    assert!(text(&out.stderr).contains("line 3"), "{}", text(&out.stderr));
    // Without --process there is no child and no figure.
    let out = run(&["bench", "--json", "--limit", "2", path], "");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert!(v["process"].is_null(), "{v}");
    let out = run(&["bench", "--limit", "2", path], "");
    let table = text(&out.stdout);
    assert!(table.lines().next().is_some_and(|h| h.contains("cmd us/puzzle")), "{table}");
    assert!(table.lines().nth(1).is_some_and(|row| row.split_whitespace().nth(4) == Some("-")), "{table}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_objective_gives_the_milp_solver_a_native_start_and_the_stats_say_so() {
    // A blank 4x4: presolve leaves it open, so the solver is called with the start.
    let blank = ".".repeat(16) + "\n";
    let json = |extra: &[&str]| {
        let mut args = vec!["solve", "-", "--solver", "microlp", "--stats", "-O", "json"];
        args.extend_from_slice(extra);
        let out = run(&args, &blank);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        serde_json::from_slice::<serde_json::Value>(&out.stdout).expect("JSON")
    };
    let v = json(&["--objective", "seed"]);
    assert_eq!(v["stats"]["mip_start"].as_str(), Some("kept"), "{v}");
    // The presolve proves the objective constant (the solver gets zero), and the answer has it.
    assert_eq!(v["stats"]["objective_reduced"].as_i64(), v["stats"]["objective"].as_i64(), "{v}");
    assert!(v["stats"]["objective"].as_i64().is_some_and(|k| k > 0), "{v}");
    let unreduced = json(&["--objective", "seed", "--no-presolve"]);
    assert!(unreduced["stats"].get("objective_reduced").is_none(), "{unreduced}");
    assert_eq!(unreduced["stats"]["objective"], v["stats"]["objective"], "{unreduced}");
    assert!(v["stats"]["mip_start_ms"].as_f64().is_some(), "{v}");
    for extra in [&["--objective", "zero"][..], &["--objective", "seed", "--mip-start", "off"]] {
        let v = json(extra);
        assert!(v["stats"].get("mip_start").is_none() && v["stats"].get("mip_start_ms").is_none(), "{extra:?}: {v}");
    }
    assert_eq!(json(&["--mip-start", "native"])["stats"]["mip_start"].as_str(), Some("kept"));
    let out = run(&["solve", "-", "--solver", "microlp", "--objective", "seed", "--stats"], &blank);
    let stats = text(&out.stderr);
    assert!(
        stats.contains("MIP start from the native engine (") && stats.contains("the answer is that grid"),
        "{stats}"
    );
    assert!(stats.contains("objective proved constant ("), "{stats}");
}

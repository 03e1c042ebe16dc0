//! No panic, ever: `rate`, `explain` (`steps`) and `hint` (`next_step`) on every example of
//! `examples/` and on generated puzzles of every rule, with every step of every path checked
//! here against the solution the native engine finds (independently of the rater's own check):
//! a placement is the solution's digit, an elimination never is, and a path that claims to
//! finish fills the grid with the solution.
//!
//! Regression: `rate examples/sandwich.json` (and digital-root, region-sum-line, renban,
//! skyscraper, zipper-line) indexed the candidates with a rule's auxiliary variable, past the
//! 729 cell-digit variables, and panicked; between-line and low-before-high did with a cell
//! index past the grid.

use std::path::{Path, PathBuf};

use sudoku_ip_formats as formats;
use sudoku_ip_generate::{generate, next_step, rate, steps, Explanation, GenerateSpec, Technique};
use sudoku_ip_model::rules::{rule_from_name, switchable_names};
use sudoku_ip_model::{Backend, Geometry, Model, Puzzle, Rule, SearchEnd, SearchRequest};
use sudoku_ip_native::Native;

fn examples() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("examples/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json" || x == "txt"))
        .collect();
    files.sort();
    files
}

/// The puzzles of an example file: the file itself, or the first two lines of a batch.
fn puzzles_of(path: &Path) -> Vec<Puzzle> {
    let text = std::fs::read_to_string(path).expect("example reads");
    let options = formats::ParseOptions::default();
    if let Ok(p) = formats::parse_puzzle(&text, &options) {
        return vec![p];
    }
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).take(2).collect();
    let puzzles: Vec<Puzzle> = lines.iter().filter_map(|l| formats::parse_puzzle(l, &options).ok()).collect();
    assert!(!puzzles.is_empty(), "{} reads as a puzzle or a batch", path.display());
    puzzles
}

/// The unique solution, one value a cell.
fn solution(puzzle: &Puzzle) -> Vec<u8> {
    let result = Native.search(&Model::build(puzzle), &SearchRequest::count(2, 1)).expect("search");
    assert!(matches!(result.end, SearchEnd::Exhausted), "{:?}", result.end);
    assert_eq!(result.count, 1, "the puzzle is unique");
    result.solutions[0].values().to_vec()
}

/// Every step of `path` against `solution`; a finished path fills the grid with it.
fn assert_path_sound(what: &str, puzzle: &Puzzle, path: &Explanation, solution: &[u8]) {
    let n = puzzle.n();
    let mut grid = puzzle.givens().values().to_vec();
    for (i, step) in path.steps.iter().enumerate() {
        assert!(!step.placements.is_empty() || !step.eliminations.is_empty(), "{what}: step {i} does nothing");
        assert!(!step.text.is_empty(), "{what}: step {i} says nothing");
        for c in &step.placements {
            let k = c.cell.index(n);
            assert_eq!(c.digit, solution[k], "{what}: step {i} ({}) places {} in {}", step.text, c.digit, c.cell);
            grid[k] = c.digit;
        }
        for c in &step.eliminations {
            let k = c.cell.index(n);
            assert_ne!(c.digit, solution[k], "{what}: step {i} ({}) removes {} from {}", step.text, c.digit, c.cell);
        }
    }
    let empty = grid.iter().filter(|&&v| v == 0).count();
    assert_eq!(empty, path.stuck_empty, "{what}: the path leaves {empty} cells empty");
    if empty == 0 {
        assert_eq!(grid, solution, "{what}: the finished path is the solution");
    }
}

/// Rate, explain and hint `puzzle` and check them all; its rating.
fn assert_insight_sound(what: &str, puzzle: &Puzzle) -> sudoku_ip_generate::Rating {
    let solution = solution(puzzle);
    let rating = rate(puzzle).unwrap_or_else(|e| panic!("{what}: rate: {e}"));
    let path = steps(puzzle, None).unwrap_or_else(|e| panic!("{what}: explain: {e}"));
    assert_path_sound(what, puzzle, &path, &solution);
    assert_eq!(rating.stuck_empty, path.stuck_empty, "{what}");
    assert_eq!(rating.needs_search, path.stuck_empty > 0, "{what}");
    let (hint, _) = next_step(puzzle, None).unwrap_or_else(|e| panic!("{what}: hint: {e}"));
    assert_eq!(hint.as_ref(), path.steps.first(), "{what}: the hint is the path's first step");
    rating
}

#[test]
fn every_example_is_rated_explained_and_hinted_without_a_panic() {
    let mut seen = 0;
    for path in examples() {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?").to_string();
        if name == "25x25.txt" {
            continue; // its rating is a benchmark's business, not a debug-build test's
        }
        for (i, puzzle) in puzzles_of(&path).iter().enumerate() {
            let rating = assert_insight_sound(&format!("{name} #{i}"), puzzle);
            // Issue 32's goal: every example rated without search. `non-consecutive.json`
            // (six givens) needs sixteen nested chains, in budget once its pair clues' tables
            // stand for their rows.
            assert!(!rating.needs_search, "{name} #{i} needs search: {rating:?}");
            seen += 1;
        }
    }
    assert!(seen >= 45, "{seen} example puzzles");
}

/// A unique puzzle with `rules` on `geometry`, from the generator (removals decided within a
/// node budget, so the puzzle is unique but perhaps not minimal); the generator's error when
/// it makes none (a rule no grid of that size satisfies, or a generator bug: not the rater's
/// to judge here, but named in the test's output).
fn generated(geometry: Geometry, rules: Vec<Rule>, seed: u64) -> Result<Puzzle, String> {
    let spec = GenerateSpec { rules, check_nodes: Some(200), max_attempts: 3, ..GenerateSpec::new(geometry) };
    generate(&spec.with_seed(seed)).map(|g| g.puzzle).map_err(|e| format!("{e:?}"))
}

#[test]
fn generated_puzzles_of_every_rule_without_data_are_rated_soundly_at_several_sizes() {
    let mut seen = 0;
    for name in switchable_names() {
        for n in [4, 6, 9] {
            let Ok(rule) = rule_from_name(name, n) else { continue };
            let Ok(geometry) = Geometry::new(n, None) else { continue };
            if rule.validate(&geometry).is_err() {
                continue; // windows need room
            }
            match generated(geometry, vec![rule], 7) {
                Ok(puzzle) => {
                    assert_insight_sound(&format!("generated {name} {n}x{n}"), &puzzle);
                    seen += 1;
                }
                Err(e) => eprintln!("no generated {name} {n}x{n}: {e}"),
            }
        }
    }
    assert!(seen >= 20, "{seen} generated puzzles");
}

#[test]
fn generated_puzzles_of_every_example_rule_are_rated_soundly() {
    // The rules with data (cages, lines, clues outside the grid) come from the examples; the
    // generator gives them new givens.
    let mut rules_seen = std::collections::BTreeSet::new();
    for path in examples().into_iter().filter(|p| p.extension().is_some_and(|x| x == "json")) {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?").to_string();
        let example = &puzzles_of(&path)[0];
        if example.rules().is_empty() {
            continue;
        }
        match generated(example.geometry().clone(), example.rules().to_vec(), 3) {
            Ok(puzzle) => {
                assert_insight_sound(&format!("generated from {name}"), &puzzle);
                rules_seen.extend(example.rules().iter().map(|r| r.name()));
            }
            Err(e) => eprintln!("no puzzle generated from {name}: {e}"),
        }
    }
    assert!(rules_seen.len() >= 30, "{} rules: {rules_seen:?}", rules_seen.len());
}

/// Forcing chains reach across every rule's rows: when singles stall inside a chain, a variant
/// row's bounds and a sum's combinations go on propagating it, each removal a node of the
/// chain shown; rows that hold a rule's own variables (a renban's window, an x-sum's count)
/// take part through what those variables can still be. These examples needed search before
/// that (and jigsaw before the "plus" chains, which propagate locked candidates too); each is
/// now finished by logic, every step checked against the solution.
#[test]
fn forcing_chains_through_rule_rows_finish_examples_that_needed_search() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let mut row_nodes = 0;
    for name in [
        "arrow",
        "between-line",
        "clone",
        "double-arrow",
        "indexer",
        "killer-hard",
        "kropki",
        "pill-arrow",
        "quadruple",
        "whispers",
        "jigsaw",
        "renban",
        "x-sum",
        "zipper-line",
        "region-sum-line",
        "digital-root",
        "low-before-high",
    ] {
        let puzzle = puzzles_of(&dir.join(format!("{name}.json"))).remove(0);
        let path = steps(&puzzle, None).expect("unique");
        assert_eq!(path.stuck_empty, 0, "{name}: stuck after {} steps", path.steps.len());
        assert_path_sound(name, &puzzle, &path, &solution(&puzzle));
        let rating = rate(&puzzle).expect("unique");
        assert!(!rating.needs_search && rating.rating < sudoku_ip_generate::SeRating(110), "{name}: {rating:?}");
        // A chain node a rule's row removed ("r1c5 and r2c6 cannot be 2 or 7 (the arrow …)"),
        // besides the chain's own conclusion ("so r1c4 cannot be 8").
        row_nodes += path
            .steps
            .iter()
            .filter(|s| s.technique == Technique::ForcingChain && s.text.matches("cannot be").count() > 1)
            .count();
        if name == "jigsaw" {
            let plus = path.steps.iter().find(|s| s.technique == Technique::ForcingPlus).expect("a plus chain");
            assert!(
                plus.text.starts_with("Forcing chain (+): ") || plus.text.starts_with("Forcing net (+): "),
                "{}",
                plus.text
            );
            assert!(plus.rating >= Technique::ForcingPlus.se_rating(), "{}", plus.rating);
        }
    }
    assert!(row_nodes > 0, "no chain showed a node a rule's row removed");
}

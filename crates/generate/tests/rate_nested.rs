//! Nested forcing chains (SE 9.5 to 11+) on puzzles that need them: the Golden Nugget and
//! puzzles of the forum's SE 11+ list (`../shared/data/sudoku9/puzzles5_forum_hardest_1905_11+`,
//! the lines copied here: tests do not read `../shared`). Every step's placements and
//! removals are checked against the solution found by an independent solver (the `sudoku`
//! crate), the path must finish, and the rating must land in SE's band.

use std::time::{Duration, Instant};

use sudoku_ip_formats as formats;
use sudoku_ip_generate::{rate, rate_with, steps, GenerateError, Grade, SeRating, Step, Technique};
use sudoku_ip_model::{check, Cancel, Grid, Puzzle};

/// SE 11.9.
const GOLDEN_NUGGET: &str = "000000039000001005003050800008090006070002000100400000009080050020000600400700000";

/// The first lines of the forum's SE 11+ list.
const FORUM_11: &[&str] = &[
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
    "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2",
];

const NESTED: [Technique; 3] =
    [Technique::NestedForcingChain, Technique::NestedMultipleChain, Technique::NestedDynamicChain];

fn puzzle(line: &str) -> Puzzle {
    formats::parse_puzzle(line, &formats::ParseOptions::default()).expect("puzzle parses")
}

/// The solution, from the `sudoku` crate's solver (not the rater's engine).
fn solution(line: &str) -> Vec<u8> {
    let s = sudoku::Sudoku::from_str_line(line).expect("the sudoku crate reads it");
    s.solution().expect("solvable").to_bytes().to_vec()
}

/// Every step places only the solution's digits into open cells and removes none of them;
/// the path finishes and the grid it fills is a solution. Returns the nested steps.
fn checked_path(line: &str) -> Vec<Step> {
    let p = puzzle(line);
    let want = solution(line);
    let path = steps(&p, None).expect("unique, every step sound");
    let mut values = p.givens().values().to_vec();
    for s in &path.steps {
        for c in &s.placements {
            let k = c.cell.index(9);
            assert_eq!(c.digit, want[k], "{} places a wrong digit", s.text);
            assert_eq!(values[k], 0, "{} places into a filled cell", s.text);
            values[k] = c.digit;
        }
        for c in &s.eliminations {
            assert_ne!(c.digit, want[c.cell.index(9)], "{} removes the solution's digit", s.text);
        }
        assert!(!s.placements.is_empty() || !s.eliminations.is_empty(), "{} changes nothing", s.text);
    }
    assert_eq!(path.stuck_empty, 0, "{line}: the path should finish without search");
    let grid = Grid::from_values(9, values).expect("9x9");
    assert!(check::verify(&p, &grid).is_empty(), "{line}");
    path.steps.into_iter().filter(|s| NESTED.contains(&s.technique)).collect()
}

#[test]
fn the_golden_nugget_is_rated_by_nested_chains_at_the_top_of_the_scale() {
    let nested = checked_path(GOLDEN_NUGGET);
    assert!(!nested.is_empty(), "no nested step");
    let r = rate(&puzzle(GOLDEN_NUGGET)).expect("unique");
    assert!(!r.needs_search, "{r:?}");
    assert_eq!(r.grade, Grade::Expert);
    // SE says 11.9; the rater, 11.5 (10.0 and the length bonus over every node).
    assert!(r.rating >= SeRating(110), "{r:?}");
    assert!(NESTED.contains(&r.hardest.expect("a hardest technique")), "{r:?}");
}

#[test]
fn forum_11_plus_puzzles_get_a_logical_path_rated_10_or_more() {
    for line in FORUM_11 {
        let nested = checked_path(line);
        assert!(!nested.is_empty(), "{line}: no nested step");
        let r = rate(&puzzle(line)).expect("unique");
        assert!(!r.needs_search && r.rating >= SeRating(100), "{line}: {r:?}");
    }
}

#[test]
fn a_nested_step_shows_its_outer_chain_and_what_each_inner_chain_proved() {
    let nested = checked_path(GOLDEN_NUGGET);
    for s in &nested {
        // Its weight: the level's base, plus the length bonus.
        assert!(s.rating >= s.technique.se_rating(), "{} {}", s.rating, s.text);
        let head = s.text.split(':').next().unwrap_or("");
        assert!(head.starts_with("Nested "), "{}", s.text);
        // Somewhere an inner chain or net proved a removal: "[if r1c2 were 4, then …]".
        assert!(s.text.contains("[if ") || s.text.contains("[net: "), "{}", s.text);
        let changed = s.eliminations.first().or(s.placements.first()).expect("a change");
        assert!(s.text.contains(&changed.cell.to_string()), "{}", s.text);
    }
}

#[test]
fn a_nested_steps_text_golden() {
    // The forum 11+ list, line 5: its one nested step, the outer chain from r3c1 = 6 with every
    // node, the first removal an inner chain proved (in brackets, with its own nodes), and the
    // conclusion. The middle is long (the inner chains of every removal the contradiction
    // needs); its start and end are held here.
    let line = "98.7..6..7.5.......4..5....3..8..9......2..1......13.42...8..93.7....2....92...6.";
    let nested = checked_path(line);
    let [step] = nested.as_slice() else { panic!("one nested step, found {}", nested.len()) };
    assert_eq!((step.technique, step.rating), (Technique::NestedForcingChain, SeRating(112)));
    let start = "Nested forcing chain: if r3c1 were 6, then r7c2, r7c3 and r9c2 cannot be 1 (1 of column 1 \
                 lies in box 7), r5c1 cannot be 5 ([if r5c1 were 5, then r6c1 = 8 (naked single), r8c3 = 8 \
                 (hidden single in column 3), r9c2 = 3 (hidden single in box 7), r7c2 = 5 (hidden single in box \
                 7), r7c3 = 6 (hidden single in box 7), r9c7 = 5 (hidden single in column 7), r9c9 = 8 (hidden \
                 single in box 9), r8c8 = 4 (naked single), r8c9 = 1 (naked single), r7c4 = 1 (hidden single in \
                 row 7), r7c6 = 4 (hidden single in row 7), r9c1 = 1 (hidden single in row 9), and 4 would have \
                 no place left in row 9]), ";
    assert!(step.text.starts_with(start), "{}", step.text);
    assert!(step.text.ends_with("so r3c1 cannot be 6"), "{}", step.text);
    let names: Vec<String> = step.eliminations.iter().map(|c| format!("{}={}", c.cell, c.digit)).collect();
    assert_eq!(names, ["r3c1=6"]);
}

#[test]
fn a_time_limit_stops_a_nested_search() {
    // The Golden Nugget needs long nested searches: a 50 ms limit must stop it well before it
    // finishes (the nested search reads the token at every stall, not only between steps).
    let cancel = Cancel::new().with_time_limit(Some(Duration::from_millis(50)));
    let t = Instant::now();
    let e = rate_with(&puzzle(GOLDEN_NUGGET), &cancel).expect_err("stopped");
    assert!(matches!(e, GenerateError::Stopped { .. }), "{e:?}");
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
}

//! Variant rules against the seeds and against each other: every rule's model rows and its
//! independent checker must agree — a grid the checker accepts satisfies the rows, and a grid
//! that breaks the rule fails both. Solutions that pass are found here by a small backtracking
//! search driven by the checker alone, never by the model.

use sudoku_ip_model::check::{verify, verify_partial};
use sudoku_ip_model::json::{parse_killer_layout, parse_value, to_json};
use sudoku_ip_model::rules::{rule_from_name, Arrow, Cage};
use sudoku_ip_model::rules::{
    AntiKing, AntiKnight, Arrows, Diagonal, ExtraRegions, Killer, Kropki, NonConsecutive, OddEven, Thermometer,
    Windows, Xv,
};
use sudoku_ip_model::{Cell, Geometry, Grid, Model, ParseError, Puzzle, Rule, Violation};

/// A puzzle from JSON text through the model's canonical JSON reader.
fn parse_json(text: &str) -> Result<Puzzle, ParseError> {
    let value =
        serde_json::from_str(text).map_err(|e| ParseError::Json { path: "$".into(), message: e.to_string() })?;
    parse_value(&value)
}

/// Seed 004's Killer layout ([`KILLER_LAYOUT`]) on a blank 9x9 with boxes, as the seed's Python
/// text reads (the text reader itself is the formats crate's, tested there).
fn seed_killer() -> Puzzle {
    let layout = serde_json::from_str(KILLER_LAYOUT).expect("JSON");
    Puzzle::blank(nine()).with_rule(parse_killer_layout(&layout, Some(9), "$").expect("seed layout"))
}

fn grid(text: &str) -> Grid {
    let values: Vec<u8> =
        text.chars().filter(|c| !c.is_whitespace()).map(|c| c.to_digit(10).map_or(0, |d| d as u8)).collect();
    let n = (1..=64).find(|k| k * k == values.len()).expect("square grid");
    Grid::from_values(n, values).expect("valid values")
}

fn c(row: usize, col: usize) -> Cell {
    Cell::new(row - 1, col - 1)
}

fn nine() -> Geometry {
    Geometry::new(9, None).expect("9x9")
}

fn feasible(puzzle: &Puzzle, g: &Grid) -> bool {
    let m = Model::build(puzzle);
    m.is_feasible(&m.ones_from_grid(g))
}

/// The checker and the model both accept `g`.
fn assert_passes(puzzle: &Puzzle, g: &Grid) {
    let v = verify(puzzle, g);
    assert!(v.is_empty(), "checker rejects {g}: {}", v[0]);
    assert!(feasible(puzzle, g), "model rejects {g}, which the checker accepts");
}

/// The checker and the model both reject `g`, and the checker blames the variant rule (not a
/// row, column or box, which `g` keeps).
fn assert_breaks(puzzle: &Puzzle, g: &Grid) {
    let plain = Puzzle::new(puzzle.geometry().clone(), puzzle.givens().clone());
    assert!(verify(&plain, g).is_empty(), "test grid {g} is not a valid plain Sudoku");
    let v = verify(puzzle, g);
    assert!(!v.is_empty(), "checker accepts {g}");
    assert!(
        v.iter().all(|x| matches!(
            x,
            Violation::Rule { .. } | Violation::Duplicate { unit: sudoku_ip_model::check::Unit::Named(_), .. }
        )),
        "{v:?}"
    );
    assert!(!feasible(puzzle, g), "model accepts {g}, which the checker rejects: {}", v[0]);
}

/// Solutions of `puzzle` found by the checker alone: depth-first, the empty cell with the
/// fewest digits free in its row, column and region first, each try kept only if
/// `verify_partial` finds nothing broken. Up to `limit` solutions.
fn checker_solutions(puzzle: &Puzzle, limit: usize) -> Vec<Grid> {
    fn free(puzzle: &Puzzle, g: &Grid, k: usize, owner: &[usize]) -> Vec<usize> {
        let n = g.n();
        let mut used = vec![false; n + 1];
        for j in 0..n * n {
            let same = j / n == k / n || j % n == k % n || owner[j] == owner[k];
            if same {
                used[g.values()[j] as usize] = true;
            }
        }
        let _ = puzzle;
        (1..=n).filter(|&d| !used[d]).collect()
    }
    fn go(puzzle: &Puzzle, g: &mut Grid, owner: &[usize], out: &mut Vec<Grid>, limit: usize) {
        let n = g.n();
        let mut best: Option<(usize, Vec<usize>)> = None;
        for k in (0..n * n).filter(|&k| g.values()[k] == 0) {
            let cand = free(puzzle, g, k, owner);
            if best.as_ref().is_none_or(|(_, b)| cand.len() < b.len()) {
                let done = cand.len() <= 1;
                best = Some((k, cand));
                if done {
                    break;
                }
            }
        }
        let Some((k, cand)) = best else {
            out.push(g.clone());
            return;
        };
        let cell = Cell::from_index(k, n);
        for d in cand {
            g.set(cell, d);
            if verify_partial(puzzle, g).is_empty() {
                go(puzzle, g, owner, out, limit);
                if out.len() >= limit {
                    g.set(cell, 0);
                    return;
                }
            }
        }
        g.set(cell, 0);
    }
    let owner = puzzle.geometry().region_of_cells();
    let mut g = puzzle.givens().clone();
    let mut out = Vec::new();
    if verify_partial(puzzle, &g).is_empty() {
        go(puzzle, &mut g, &owner, &mut out, limit);
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Seed 004: the diagonal and Killer examples with their printed solutions.

const DIAGONAL_PUZZLE: &str = "
    9..1.5..8 ......... ....4.... ..5...8.. ......... 69.....34 ......... 47..5..23 .627.148.";
const DIAGONAL_SOLUTION: &str = "
    924135678 516287349 783649152 135472896 248963517 697518234 859324761 471856923 362791485";

/// Seed 004's `grid` and `grid_sum`, as a JSON `killer_layout`.
const KILLER_LAYOUT: &str = r#"{
"grid": [[ 1,  1,  2,  2,  2,  3,  4,  5,  6],
        [ 7,  7,  8,  8,  3,  3,  4,  5,  6],
        [ 7,  7,  9,  9,  3, 10, 11, 11,  6],
        [12, 13, 13,  9, 14, 10, 11, 15,  6],
        [12, 16, 16, 17, 14, 10, 15, 15, 18],
        [19, 16, 20, 17, 14, 21, 22, 22, 18],
        [19, 20, 20, 17, 23, 21, 21, 24, 24],
        [19, 25, 26, 23, 23, 27, 27, 24, 24],
        [19, 25, 26, 23, 28, 28, 28, 29, 29]],
"sums": {"1": 3, "2": 15, "3": 22, "4": 4, "5": 16, "6": 15, "7": 25, "8": 17, "9": 9, "10": 8, "11": 20, "12": 6,
         "13": 14, "14": 17, "15": 17, "16": 13, "17": 20, "18": 12, "19": 27, "20": 6, "21": 20, "22": 6, "23": 10,
         "24": 14, "25": 8, "26": 16, "27": 15, "28": 13, "29": 17}
}"#;
const KILLER_SOLUTION: &str = "
    215647398 368952174 794381652 586274931 142593867 973816425 821739546 659428713 437165289";

fn diagonal_puzzle() -> Puzzle {
    Puzzle::new(nine(), grid(DIAGONAL_PUZZLE)).with_rule(Rule::Diagonal(Diagonal))
}

#[test]
fn seed_004_diagonal_solution_passes_checker_and_model() {
    let p = diagonal_puzzle();
    assert_eq!(p.givens().filled(), 22);
    assert_passes(&p, &grid(DIAGONAL_SOLUTION));
    let m = Model::build(&p);
    assert_eq!(m.size().rows, 324 + 18);
    assert_eq!(m.size().fixed, 22);
}

#[test]
fn seed_004_diagonal_is_the_only_solution_the_checker_finds() {
    let found = checker_solutions(&diagonal_puzzle(), 2);
    assert_eq!(found, vec![grid(DIAGONAL_SOLUTION)]);
}

#[test]
fn a_valid_sudoku_off_the_diagonals_fails_both() {
    // Swapping columns 1 and 2 (one stack) keeps rows, columns and boxes; the diagonals break.
    let s = grid(DIAGONAL_SOLUTION);
    let mut t = s.clone();
    for r in 0..9 {
        t.set(Cell::new(r, 0), s.get(Cell::new(r, 1)));
        t.set(Cell::new(r, 1), s.get(Cell::new(r, 0)));
    }
    assert_breaks(&Puzzle::blank(nine()).with_rule(Rule::Diagonal(Diagonal)), &t);
}

#[test]
fn seed_004_killer_layout_imports_and_its_solution_passes() {
    let p = seed_killer();
    let Rule::Killer(Killer { cages, distinct }) = &p.rules()[0] else { panic!("killer") };
    assert!(distinct);
    assert_eq!(cages.len(), 29);
    assert_eq!(cages.iter().map(|c| c.cells.len()).sum::<usize>(), 81);
    assert_eq!(cages.iter().filter_map(|c| c.sum).sum::<u32>(), 405, "sums of a full grid");
    assert_passes(&p, &grid(KILLER_SOLUTION));
    // The seed's own formulation (sums only) accepts it too.
    let sums_only = Puzzle::blank(nine()).with_rule(Rule::Killer(Killer { cages: cages.clone(), distinct: false }));
    assert_passes(&sums_only, &grid(KILLER_SOLUTION));
    // Another valid Sudoku breaks the cages.
    assert_breaks(&p, &grid(DIAGONAL_SOLUTION));
    // The same layout through the JSON format.
    let json = to_json(&p);
    assert_eq!(parse_json(&json.to_string()).expect("round trip"), p);
}

#[test]
fn a_cage_with_a_repeat_fails_both_under_the_standard_rule_only() {
    // A cage across two boxes holding 1 twice (r1c1 and r2c3) with the right total.
    let g = grid("1234 3412 2143 4321");
    let cage = Cage { cells: vec![c(1, 1), c(1, 2), c(2, 2), c(2, 3)], sum: Some(1 + 2 + 4 + 1) };
    let four = Geometry::new(4, None).expect("4x4");
    let standard =
        Puzzle::blank(four.clone()).with_rule(Rule::Killer(Killer { cages: vec![cage.clone()], distinct: true }));
    assert_breaks(&standard, &g);
    let sums_only = Puzzle::blank(four).with_rule(Rule::Killer(Killer { cages: vec![cage], distinct: false }));
    assert_passes(&sums_only, &g);
}

// ---------------------------------------------------------------------------------------------
// Seed 001: Hyper Sudoku. The seed's clue list is garbled by translation; this is the Wikipedia
// Hyper Sudoku it shows, as the MATLAB post's B2 triplets (its tokens are the same multiset as
// the garbled list). The tests below are what make the reconstruction trustworthy: a unique
// Hyper solution, several plain ones.

const HYPER_B2: [(usize, usize, usize); 18] = [
    (1, 8, 1),
    (2, 3, 2),
    (2, 8, 3),
    (2, 9, 4),
    (3, 5, 5),
    (3, 6, 1),
    (4, 6, 6),
    (4, 7, 5),
    (5, 2, 7),
    (5, 4, 3),
    (5, 8, 8),
    (6, 3, 3),
    (7, 5, 8),
    (8, 1, 5),
    (8, 2, 8),
    (8, 7, 9),
    (9, 1, 6),
    (9, 2, 9),
];
const HYPER_SOLUTION: &str = "
    946832715 152697834 738451296 819726543 475319682 263548179 327985461 584163927 691274358";

fn hyper_givens() -> Grid {
    let mut g = Grid::empty(9);
    for (r, col, d) in HYPER_B2 {
        g.set(c(r, col), d);
    }
    g
}

#[test]
fn seed_001_hyper_is_unique_with_windows_and_not_without() {
    let hyper = Puzzle::new(nine(), hyper_givens()).with_rule(Rule::Windows(Windows));
    let found = checker_solutions(&hyper, 2);
    assert_eq!(found, vec![grid(HYPER_SOLUTION)]);
    assert_passes(&hyper, &found[0]);
    let plain = Puzzle::new(nine(), hyper_givens());
    let plain_found = checker_solutions(&plain, 3);
    assert_eq!(plain_found.len(), 3, "several plain solutions");
    for g in plain_found.iter().filter(|g| **g != grid(HYPER_SOLUTION)) {
        assert!(!verify(&hyper, g).is_empty());
        assert!(!feasible(&hyper, g), "model accepts a plain solution that breaks the windows");
    }
    let m = Model::build(&hyper);
    assert_eq!(m.size().rows, 324 + 36);
    assert!(m.rows().iter().all(|r| r.is_exactly_one()), "windows are exact-cover rows");
}

// ---------------------------------------------------------------------------------------------
// The switchable rules on 9x9: a grid the checker builds under the rule passes the model, and
// the seed solutions (which ignore the rule) fail both.

#[test]
fn switchable_rules_by_name() {
    for name in ["diagonal", "windows", "anti-knight", "anti_king", "non-consecutive"] {
        assert!(rule_from_name(name, 9).is_ok(), "{name}");
    }
    assert!(rule_from_name("windows", 6).expect_err("6 is not a square").contains("square"));
    assert!(rule_from_name("sandwich", 9).expect_err("unknown").contains("anti-knight"));
}

/// 9x9 grids that keep each rule, found once by a separate backtracking search; the checker
/// (not the search) is what vouches for them here.
const ANTI_KNIGHT: &str = "872593146195846372643712859467358291521967438389124765736285914214639587958471623";
const ANTI_KING: &str = "872593146463817295915426837347685921529341768681279453754938612196752384238164579";
const NON_CONSECUTIVE: &str = "869247513531869247274135869948572631726318495153694728385926174617483952492751386";

#[test]
fn anti_knight_anti_king_and_non_consecutive_grids_agree() {
    for (rule, keeps) in [
        (Rule::AntiKnight(AntiKnight), ANTI_KNIGHT),
        (Rule::AntiKing(AntiKing), ANTI_KING),
        (Rule::NonConsecutive(NonConsecutive), NON_CONSECUTIVE),
    ] {
        let p = Puzzle::blank(nine()).with_rule(rule.clone());
        assert_passes(&p, &grid(keeps));
        assert_breaks(&p, &grid(KILLER_SOLUTION));
        // Each grid keeps only its own rule (among these), so the others fail both too.
        for other in [ANTI_KNIGHT, ANTI_KING, NON_CONSECUTIVE].into_iter().filter(|g| *g != keeps) {
            assert_breaks(&p, &grid(other));
        }
    }
}

#[test]
fn the_checker_search_finds_an_anti_king_grid_the_model_accepts() {
    // The search on an empty 6x6 (9x9 takes seconds with this naive search).
    let p = Puzzle::blank(Geometry::new(6, None).expect("6x6")).with_rule(Rule::AntiKing(AntiKing));
    let found = checker_solutions(&p, 1);
    assert_eq!(found.len(), 1);
    assert_passes(&p, &found[0]);
}

#[test]
fn windows_on_16x16() {
    let p = Puzzle::blank(Geometry::new(16, None).expect("16x16")).with_rule(Rule::Windows(Windows));
    assert_eq!(Model::build(&p).size().rows, 4 * 256 + 9 * 16);
    // The shifted-pattern grid keeps rows, columns and boxes but not the windows.
    let values: Vec<u8> = (0..256).map(|k| ((4 * (k / 16 % 4) + k / 64 + k % 16) % 16 + 1) as u8).collect();
    assert_breaks(&p, &Grid::from_values(16, values).expect("16x16"));
}

// ---------------------------------------------------------------------------------------------
// Rules with data, on 9x9, built around the Killer solution S: S passes, and the diagonal
// solution T (another valid Sudoku) fails.

fn s() -> Grid {
    grid(KILLER_SOLUTION)
}

fn t() -> Grid {
    grid(DIAGONAL_SOLUTION)
}

fn check_rule(rule: Rule) {
    let p = Puzzle::blank(nine()).with_rule(rule);
    p.rules()[0].validate(p.geometry()).expect("sane rule");
    assert_passes(&p, &s());
    assert_breaks(&p, &t());
}

#[test]
fn thermometers_agree() {
    // S: r1c2=1 < r1c1=2 < r2c1=3 < r2c2=6 < r3c2=9 (king steps).
    check_rule(Rule::Thermometer(Thermometer {
        thermometers: vec![vec![c(1, 2), c(1, 1), c(2, 1), c(2, 2), c(3, 2)]],
    }));
}

#[test]
fn arrows_agree() {
    // S: r3c2 (9) = r2c1 (3) + r2c2 (6), and r5c5 (9) = r6c4 (8) + r7c3 (1).
    let arrows = vec![
        Arrow { circle: c(3, 2), cells: vec![c(2, 1), c(2, 2)] },
        Arrow { circle: c(5, 5), cells: vec![c(6, 4), c(7, 3)] },
    ];
    assert_eq!(s().get(c(3, 2)), s().get(c(2, 1)) + s().get(c(2, 2)));
    assert_eq!(s().get(c(5, 5)), s().get(c(6, 4)) + s().get(c(7, 3)));
    check_rule(Rule::Arrow(Arrows { arrows }));
}

#[test]
fn odd_even_agree() {
    let odd: Vec<Cell> = (1..=9).map(|k| c(k, k)).filter(|&x| s().get(x) % 2 == 1).collect();
    let even: Vec<Cell> = (1..=9).map(|k| c(k, k)).filter(|&x| s().get(x).is_multiple_of(2)).collect();
    check_rule(Rule::OddEven(OddEven { odd, even }));
}

fn orthogonal_pairs() -> Vec<(Cell, Cell)> {
    let mut out = Vec::new();
    for r in 1..=9 {
        for col in 1..=9 {
            if col < 9 {
                out.push((c(r, col), c(r, col + 1)));
            }
            if r < 9 {
                out.push((c(r, col), c(r + 1, col)));
            }
        }
    }
    out
}

#[test]
fn kropki_agree_with_and_without_the_negative_constraint() {
    let g = s();
    let white: Vec<_> = orthogonal_pairs().into_iter().filter(|&(p, q)| g.get(p).abs_diff(g.get(q)) == 1).collect();
    let black: Vec<_> = orthogonal_pairs()
        .into_iter()
        .filter(|&(p, q)| g.get(p).abs_diff(g.get(q)) != 1 && (g.get(p) == 2 * g.get(q) || g.get(q) == 2 * g.get(p)))
        .collect();
    check_rule(Rule::Kropki(Kropki { white: white.clone(), black: black.clone(), all_white: true, all_black: true }));
    check_rule(Rule::Kropki(Kropki { white, black, all_white: false, all_black: false }));
}

#[test]
fn xv_agree_with_and_without_the_negative_constraint() {
    let g = s();
    let sum = |p: Cell, q: Cell| g.get(p) + g.get(q);
    let x: Vec<_> = orthogonal_pairs().into_iter().filter(|&(p, q)| sum(p, q) == 10).collect();
    let v: Vec<_> = orthogonal_pairs().into_iter().filter(|&(p, q)| sum(p, q) == 5).collect();
    check_rule(Rule::Xv(Xv { x: x.clone(), v: v.clone(), all_given: true }));
    check_rule(Rule::Xv(Xv { x, v, all_given: false }));
}

#[test]
fn extra_regions_agree() {
    // Row k's cell holding k in S: distinct in S by construction; T repeats 2 and 6 there.
    let g = s();
    let shape: Vec<Cell> =
        (1..=9).map(|r| (1..=9).map(|col| c(r, col)).find(|&x| g.get(x) == r).expect("digit r in row r")).collect();
    assert_eq!(shape, [c(1, 2), c(2, 6), c(3, 4), c(4, 6), c(5, 4), c(6, 6), c(7, 4), c(8, 6), c(9, 9)]);
    check_rule(Rule::ExtraRegions(ExtraRegions { regions: vec![shape, vec![c(1, 9), c(2, 8), c(3, 7)]] }));
}

#[test]
fn killer_cages_from_the_seed_agree_on_plain_grids() {
    let p = seed_killer();
    check_rule(p.rules()[0].clone());
}

#[test]
fn a_given_that_breaks_a_rule_is_a_given_conflict_and_infeasible() {
    // A thermometer whose bulb is given 9.
    let mut givens = Grid::empty(9);
    givens.set(c(1, 1), 9);
    let p = Puzzle::new(nine(), givens)
        .with_rule(Rule::Thermometer(Thermometer { thermometers: vec![vec![c(1, 1), c(1, 2)]] }));
    assert_eq!(sudoku_ip_model::check::given_conflicts(&p).len(), 1);
    let m = Model::build(&p);
    let v = m.var(c(1, 1), 9);
    assert_eq!(m.fixed()[v as usize], Some(true));
    // The explicit row keeps the clash visible to every backend.
    assert!(m.rows().iter().any(|r| r.terms == vec![(v, 1)] && r.rhs == 0));
}

#[test]
fn jigsaw_regions_from_json_replace_the_boxes() {
    // A 6x6 jigsaw; the checker finds a solution, the model agrees, and a boxed solution that
    // breaks a region fails both.
    let text = r#"{"regions": ["AAABBB", "AACCBB", "ACCCDB", "ECDDDF", "EEEDFF", "EEEFFF"]}"#;
    let err = parse_json(text).expect_err("region D has 5 cells");
    assert!(err.to_string().contains("region \"D\" has 5 cells"), "{err}");
    let text = r#"{"regions": ["AAABBB", "AACCBB", "ACCCDB", "ECDDDF", "EEDDFF", "EEEFFF"]}"#;
    let p = parse_json(text).expect("jigsaw");
    assert_eq!(p.geometry().box_shape(), None);
    let found = checker_solutions(&p, 1);
    assert_eq!(found.len(), 1);
    let m = Model::build(&p);
    assert!(m.is_feasible(&m.ones_from_grid(&found[0])));
    let boxed = checker_solutions(&Puzzle::blank(Geometry::new(6, None).expect("6x6")), 1);
    assert!(!verify(&p, &boxed[0]).is_empty());
    assert!(!m.is_feasible(&m.ones_from_grid(&boxed[0])));
}

/// Every `examples/*.json`, parsed, with its `solution` grid if it has one.
fn examples() -> Vec<(String, Puzzle, Option<Grid>)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("examples dir") {
        let path = entry.expect("entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        let name = path.display().to_string();
        let text = std::fs::read_to_string(&path).expect("read");
        let p = parse_json(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let value: serde_json::Value = serde_json::from_str(&text).expect("json");
        let solution = value.get("solution").map(|sol| {
            let rows: Vec<&str> = sol.as_array().expect("rows").iter().map(|r| r.as_str().expect("row")).collect();
            grid(&rows.join(""))
        });
        out.push((name, p, solution));
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn example_files_parse_round_trip_and_their_solutions_pass() {
    let all = examples();
    assert!(all.len() >= 12, "example files found: {}", all.len());
    for (name, p, solution) in all {
        assert_eq!(parse_json(&to_json(&p).to_string()).expect("round trip"), p, "{name}");
        let g = solution.unwrap_or_else(|| panic!("{name} has no solution"));
        assert_passes(&p, &g);
    }
}

#[test]
#[ignore = "slow: the checker-only search takes about a minute over all examples (kropki has no givens)"]
fn example_solutions_are_unique_by_the_checker_search() {
    for (name, p, solution) in examples() {
        assert_eq!(checker_solutions(&p, 2), solution.into_iter().collect::<Vec<_>>(), "{name}");
    }
}

// ---------------------------------------------------------------------------------------------
// One small puzzle per rule (tests/variants_6x6.json, shared with the solve-level tests): unique
// with the rule, `plain_count` solutions without it — counted here by the checker alone.

#[test]
fn each_rule_changes_the_count_of_its_6x6_puzzle() {
    let text = include_str!("variants_6x6.json");
    let cases: serde_json::Value = serde_json::from_str(text).expect("fixture is JSON");
    let cases = cases.as_array().expect("a list");
    assert_eq!(cases.len(), 11);
    for case in cases {
        let rule = case["rule"].as_str().expect("rule name");
        let p = parse_value(&case["puzzle"]).expect("puzzle");
        assert_eq!(p.rules()[0].name(), rule);
        let solution = grid(case["solution"].as_str().expect("solution"));
        assert_eq!(checker_solutions(&p, 2), vec![solution.clone()], "{rule}: unique");
        assert_passes(&p, &solution);
        let plain = Puzzle::new(p.geometry().clone(), p.givens().clone());
        let all = checker_solutions(&plain, 100);
        assert_eq!(all.len() as u64, case["plain_count"].as_u64().expect("count"), "{rule}: count without the rule");
        for other in all.iter().filter(|g| **g != solution) {
            assert!(!feasible(&p, other), "{rule}: the model accepts {other}, which breaks the rule");
            assert!(!verify(&p, other).is_empty());
        }
    }
}

//! f-puzzles / SudokuPad links: reading real-shaped payloads, the errors, and round trips
//! (every supported rule parsed → written → parsed is the same puzzle; links byte-identical).

use proptest::prelude::*;
use sudoku_ip_formats::fpuzzles::{self, LinkKind};
use sudoku_ip_formats::{parse_document, parse_puzzle, Document, Format, ParseOptions};
use sudoku_ip_model::geometry::{Cell, Geometry};
use sudoku_ip_model::puzzle::Meta;
use sudoku_ip_model::rules::between::Between;
use sudoku_ip_model::rules::clone::{ClonePair, Clones};
use sudoku_ip_model::rules::digital_root::{DigitalRoot, RootCage};
use sudoku_ip_model::rules::disjoint_groups::DisjointGroups;
use sudoku_ip_model::rules::double_arrow::DoubleArrow;
use sudoku_ip_model::rules::entropic::Entropic;
use sudoku_ip_model::rules::indexer::Indexer;
use sudoku_ip_model::rules::kropki_values::{Dot as KDot, KropkiValues};
use sudoku_ip_model::rules::little_killer::{Clue, LittleKiller};
use sudoku_ip_model::rules::min_max::MinMax;
use sudoku_ip_model::rules::modular::Modular;
use sudoku_ip_model::rules::outside::{OutsideClue, Side};
use sudoku_ip_model::rules::palindrome::Palindrome;
use sudoku_ip_model::rules::pill_arrow::{PillArrow, PillArrows};
use sudoku_ip_model::rules::quadruple::{Quad, Quadruple};
use sudoku_ip_model::rules::region_sum::RegionSum;
use sudoku_ip_model::rules::renban::Renban;
use sudoku_ip_model::rules::sandwich::Sandwich;
use sudoku_ip_model::rules::skyscraper::Skyscraper;
use sudoku_ip_model::rules::slow_thermometer::SlowThermometer;
use sudoku_ip_model::rules::whispers::Whispers;
use sudoku_ip_model::rules::x_sum::XSum;
use sudoku_ip_model::rules::zipper::Zipper;
use sudoku_ip_model::rules::{
    AntiKing, AntiKnight, Arrow, Arrows, Cage, Candidates, Diagonal, ExtraRegions, Killer, Kropki, NegativeDiagonal,
    NonConsecutive, OddEven, PositiveDiagonal, Rule, Thermometer, Xv, REGISTRY,
};
use sudoku_ip_model::{Grid, Puzzle};

fn c(r: usize, col: usize) -> Cell {
    Cell::new(r - 1, col - 1)
}

/// A run of `len` cells along row `r` from column `c0` (0-based), clipped to the grid.
fn run(n: usize, r: usize, c0: usize, len: usize) -> Vec<Cell> {
    (c0..(c0 + len).min(n)).map(|col| Cell::new(r % n, col)).collect()
}

/// A random puzzle: side 4, 6 or 9, some givens, and a random set of the rules f-puzzles can
/// carry, each built from random rows of the grid (rules that do not validate are left out).
fn arb_puzzle() -> impl Strategy<Value = Puzzle> {
    (prop::sample::select(vec![4usize, 6, 9]), any::<u64>()).prop_map(|(n, seed)| {
        let mut rng = seed;
        let mut next = move |k: usize| {
            rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((rng >> 33) as usize) % k.max(1)
        };
        let mut givens = Grid::empty(n);
        for _ in 0..next(n * 2) {
            givens.set(Cell::new(next(n), next(n)), 1 + next(n));
        }
        let geometry = Geometry::new(n, None).expect("geometry");
        let mut rules: Vec<Rule> = Vec::new();
        match next(4) {
            0 => rules.push(Diagonal.into()),
            1 => rules.push(PositiveDiagonal.into()),
            2 => rules.push(NegativeDiagonal.into()),
            _ => {}
        }
        if next(3) == 0 {
            rules.push(AntiKnight.into());
        }
        if next(3) == 0 {
            rules.push(AntiKing.into());
        }
        if next(4) == 0 {
            rules.push(DisjointGroups.into());
        }
        let pairs = |next: &mut dyn FnMut(usize) -> usize, k: usize| -> Vec<(Cell, Cell)> {
            let mut out: Vec<(Cell, Cell)> = Vec::new();
            for _ in 0..k {
                let a = Cell::new(next(n), next(n - 1));
                let b = Cell::new(a.row as usize, a.col as usize + 1);
                if !out.iter().any(|&(p, q)| (p, q) == (a, b)) {
                    out.push((a, b));
                }
            }
            out
        };
        match next(3) {
            0 => rules.push(NonConsecutive.into()),
            1 => {
                let mut dots = pairs(&mut next, 4);
                let black = dots.split_off(dots.len() / 2);
                // One negative constraint alone, both, or none (a dotless Kropki with only
                // "all white" is NonConsecutive, read back as that rule).
                let (all_white, all_black) = match next(4) {
                    0 => (true, true),
                    1 if !(dots.is_empty() && black.is_empty()) => (true, false),
                    2 => (false, true),
                    _ => (false, false),
                };
                rules.push(Kropki { white: dots, black, all_white, all_black }.into());
            }
            _ => {}
        }
        // Valued dots also with the negative constraints (issue 15): both are written and read.
        if next(3) == 0 {
            let mut dots = pairs(&mut next, 3).into_iter();
            let differences = dots.next().map(|cells| KDot { cells, value: 2 + next(n - 2) }).into_iter().collect();
            let ratios = dots.map(|cells| KDot { cells, value: 3 + next(n - 2) }).collect();
            rules.push(KropkiValues { differences, ratios }.into());
        }
        if next(3) == 0 {
            let mut marks = pairs(&mut next, 4);
            let v = marks.split_off(marks.len() / 2);
            rules.push(Xv { x: marks, v, all_given: next(2) == 0 }.into());
        }
        if next(2) == 0 {
            let mut cages = Vec::new();
            for r in 0..1 + next(3) {
                let cells = run(n, r * 2, next(n - 1), 2);
                let sum = (next(2) == 0).then(|| 3 + next(2 * n - 4) as u32);
                cages.push(Cage { cells, sum });
            }
            rules.push(Killer { cages, distinct: true }.into());
        }
        if next(3) == 0 {
            let cage = RootCage { cells: run(n, next(n), next(n - 1), 1 + next(3)), root: 1 + next(9) as u32 };
            rules.push(DigitalRoot { cages: vec![cage] }.into());
        }
        if next(3) == 0 {
            let mut lists = [Vec::new(), Vec::new(), Vec::new()];
            for _ in 0..1 + next(4) {
                let cell = Cell::new(next(n), next(n));
                let list = &mut lists[next(3)];
                if !list.contains(&cell) {
                    list.push(cell);
                }
            }
            let [rows, columns, boxes] = lists;
            rules.push(Indexer { rows, columns, boxes }.into());
        }
        if next(3) == 0 {
            rules.push(Thermometer { thermometers: vec![run(n, 1, next(n - 2), 3)] }.into());
        }
        if next(3) == 0 {
            let r = 3 % n;
            rules.push(Arrows { arrows: vec![Arrow { circle: Cell::new(r, 0), cells: run(n, r, 1, 1) }] }.into());
        }
        if next(3) == 0 && n <= 9 {
            // A two-cell pill in column 1 with an arrow down column 2: 11..19 from three cells.
            let r = next(n - 2);
            let pill = vec![Cell::new(r, 0), Cell::new(r + 1, 0)];
            let cells = (0..3).map(|k| Cell::new((r + k) % n, 1)).collect();
            rules.push(PillArrows { arrows: vec![PillArrow { pill, cells }] }.into());
        }
        if next(3) == 0 {
            rules.push(OddEven { odd: vec![Cell::new(next(n), 0)], even: vec![Cell::new(next(n), n - 1)] }.into());
        }
        if next(3) == 0 {
            rules.push(ExtraRegions { regions: vec![run(n, next(n), 0, 3)] }.into());
        }
        if next(3) == 0 {
            let difference = (next(2) == 0).then(|| 1 + next(n - 1));
            rules.push(Whispers { lines: vec![run(n, next(n), 0, 3)], difference }.into());
        }
        if next(3) == 0 {
            rules.push(Renban { lines: vec![run(n, next(n), next(2), 3)] }.into());
        }
        if next(3) == 0 {
            rules.push(Palindrome { lines: vec![run(n, next(n), 0, 4)] }.into());
        }
        if next(3) == 0 {
            rules.push(Between { lines: vec![run(n, next(n), 1, 3)] }.into());
        }
        if next(3) == 0 {
            rules.push(Zipper { lines: vec![run(n, next(n), next(2), 2 + next(3))] }.into());
        }
        if next(3) == 0 {
            // Two cells across a box border: segments of one cell each.
            let col = geometry.box_shape().map_or(0, |(_, w)| w - 1);
            rules.push(RegionSum { lines: vec![run(n, next(n), col, 2)] }.into());
        }
        if next(3) == 0 && n.is_multiple_of(3) {
            rules.push(Entropic { lines: vec![run(n, next(n), 0, 3 + next(2))] }.into());
        }
        if next(3) == 0 {
            rules.push(Modular { lines: vec![run(n, next(n), 1, 2 + next(2))] }.into());
        }
        if next(3) == 0 {
            rules.push(SlowThermometer { thermometers: vec![run(n, next(n), 0, 2 + next(3))] }.into());
        }
        if next(3) == 0 {
            rules.push(DoubleArrow { lines: vec![run(n, next(n), next(2), 3 + next(2))] }.into());
        }
        if next(3) == 0 {
            // The diagonal entered from above column `k`, going down-right.
            let k = next(n - 1) as i64;
            let cells = Clue::diagonal(n, (-1, k - 1), (1, 1));
            let sum = cells.len() as u32 * (1 + next(n) as u32);
            rules.push(LittleKiller { clues: vec![Clue { cells, sum }] }.into());
        }
        // Outside clues: one or two of sandwich, X-sum, skyscraper, on random lines.
        let clues = |next: &mut dyn FnMut(usize) -> usize, most: usize| -> Vec<OutsideClue> {
            let sides = [Side::Top, Side::Bottom, Side::Left, Side::Right];
            let mut out: Vec<OutsideClue> = Vec::new();
            for _ in 0..1 + next(2) {
                let clue = OutsideClue { side: sides[next(4)], index: next(n), value: next(most + 1) as u32 };
                if !out.iter().any(|c| (c.side, c.index) == (clue.side, clue.index)) {
                    out.push(clue);
                }
            }
            out
        };
        if next(3) == 0 {
            rules.push(Sandwich { clues: clues(&mut next, n * (n + 1) / 2 - n - 1) }.into());
        }
        if next(3) == 0 {
            rules.push(XSum { clues: clues(&mut next, n * (n + 1) / 2) }.into());
        }
        if next(3) == 0 {
            rules.push(Skyscraper { clues: clues(&mut next, n) }.into());
        }
        if next(3) == 0 {
            let (minimum, maximum) = (vec![Cell::new(next(n), 1)], vec![Cell::new(next(n), n - 2)]);
            rules.push(MinMax { minimum, maximum }.into());
        }
        if next(3) == 0 {
            let clone = ClonePair { cells: run(n, 0, next(2), 2), copy: run(n, n - 1, next(2), 2) };
            rules.push(Clones { clones: vec![clone] }.into());
        }
        if next(3) == 0 {
            let (r, col) = (next(n - 1), next(n - 1));
            let cells =
                vec![Cell::new(r, col), Cell::new(r, col + 1), Cell::new(r + 1, col), Cell::new(r + 1, col + 1)];
            rules.push(Quadruple { quads: vec![Quad { cells, digits: vec![1 + next(n), 1 + next(n)] }] }.into());
        }
        if next(3) == 0 {
            let cell = Cell::new(next(n), next(n));
            rules.push(Candidates { cells: vec![(cell, vec![1, n])] }.into());
        }
        // Keep the rules that make sense here (a random cage sum may be impossible).
        rules.retain(|r| r.validate(&geometry).is_ok());
        // f-puzzles keeps no order between its keys: a link reads back in registry order.
        rules.sort_by_key(|r| REGISTRY.iter().position(|e| std::ptr::eq(e, r.entry())));
        let mut puzzle = Puzzle::new(geometry, givens).with_rules(rules);
        if next(2) == 0 {
            let solution = Grid::from_values(n, (0..n * n).map(|k| (1 + (k + k / n) % n) as u8).collect());
            puzzle.set_meta(Meta {
                title: Some("Tést \"quoted\" ✓".into()),
                author: Some("Setter".into()),
                ruleset: Some("Normal sudoku rules apply.\nLine two.".into()),
                solution,
                ..Meta::default()
            });
        }
        puzzle
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn written_then_read_is_the_same_puzzle(p in arb_puzzle()) {
        let json = fpuzzles::to_fpuzzles(&p).expect("every generated rule has an f-puzzles form");
        let back = fpuzzles::from_value(&json).expect("reads back");
        prop_assert_eq!(&back, &p);
        prop_assert_eq!(back.meta(), p.meta());
        for kind in [LinkKind::FPuzzles, LinkKind::SudokuPad] {
            let link = fpuzzles::to_link(&p, kind).expect("link");
            let read = parse_puzzle(&link, &ParseOptions::default()).expect("the link auto-detects and reads");
            prop_assert_eq!(&read, &p);
            prop_assert_eq!(read.meta(), p.meta());
            prop_assert_eq!(fpuzzles::to_link(&read, kind).expect("again"), link);
        }
    }

    #[test]
    fn random_payloads_are_refused_not_panics(s in "N4Ig[A-Za-z0-9+/]{0,200}={0,3}") {
        prop_assert!(fpuzzles::parse_fpuzzles(&s).is_err());
    }
}

/// A 4x4 with one given, a cage and a thermometer, as f-puzzles writes it (extra cosmetic keys,
/// values as strings, player marks).
const SMALL: &str = r##"{"size":4,"title":"Small","author":"Me","ruleset":"Cage sums.",
 "grid":[[{"value":1,"given":true},{"value":3,"centerPencilMarks":[3]},{},{}],
         [{},{},{"c":"#FF0000"},{}],[{},{},{},{"givenPencilMarks":[2,4]}],[{},{},{},{}]],
 "killercage":[{"cells":["R1C2","R2C2"],"value":"7","outlineC":"#000"}],
 "thermometer":[{"lines":[["R4C1","R4C2","R4C3"]],"outlineC":"#CCC"}],
 "line":[{"lines":[["R1C1","R2C2"]]}],"highlightConflicts":true}"##;

#[test]
fn reads_f_puzzles_json_links_and_payloads_alike() {
    let from_json = parse_puzzle(SMALL, &ParseOptions::default()).expect("f-puzzles JSON auto-detected");
    assert_eq!(from_json.givens().get(c(1, 1)), 1);
    assert_eq!(from_json.givens().get(c(1, 2)), 0, "a player's value is not a given");
    assert_eq!(from_json.meta().title.as_deref(), Some("Small"));
    assert_eq!(from_json.meta().ruleset.as_deref(), Some("Cage sums."));
    let names: Vec<&str> = from_json.rules().iter().map(|r| r.name()).collect();
    assert_eq!(names, ["killer", "thermometer", "candidates"]);
    let compact: String =
        serde_json::to_string(&serde_json::from_str::<serde_json::Value>(SMALL).expect("json")).expect("text");
    let payload = fpuzzles::encode_payload(&compact);
    assert!(payload.starts_with("N4Ig"), "{payload}");
    for text in [
        format!("https://www.f-puzzles.com/?load={payload}"),
        format!("https://sudokupad.app/fpuzzles{payload}"),
        format!("https://sudokupad.app/fpuzzles{}", payload.replace('+', " ")),
        format!("  {payload}\n"),
        format!("fpuzzles{payload}"),
    ] {
        let p = parse_puzzle(&text, &ParseOptions::default()).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(p, from_json, "{text}");
    }
    // Forced format reads the same.
    let forced = ParseOptions { format: Format::FPuzzles, ..ParseOptions::default() };
    assert_eq!(parse_puzzle(SMALL, &forced).expect("forced"), from_json);
}

#[test]
fn a_collapsed_double_slash_is_repaired() {
    // Find a payload with a "//" in it by varying the title.
    let (payload, collapsed) = (0..2_000u64)
        .find_map(|i| {
            // Characters with many one bits make runs of '/' (63) in base64.
            let t: String = format!("{i}\u{fffd}\u{fbff}\u{ff7f}");
            let json = format!(r#"{{"size":4,"title":"{t}","grid":[[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}]]}}"#);
            let p = fpuzzles::encode_payload(&json);
            p.contains("//").then(|| (p.clone(), p.replace("//", "/")))
        })
        .expect("some payload holds //");
    let link = format!("https://sudokupad.app/fpuzzles{collapsed}");
    let p = parse_puzzle(&link, &ParseOptions::default()).expect("repaired");
    let original = parse_puzzle(&format!("https://sudokupad.app/fpuzzles{payload}"), &ParseOptions::default());
    assert_eq!(p, original.expect("original"));
    assert!(p.meta().title.as_deref().is_some_and(|t| t.ends_with('\u{ff7f}')));
}

#[test]
fn a_file_of_links_is_a_batch() {
    let one =
        fpuzzles::to_link(&parse_puzzle(SMALL, &ParseOptions::default()).expect("p"), LinkKind::FPuzzles).expect("l");
    let text = format!("{one}\nhttps://sudokupad.app/abc12\n{one}\n");
    match parse_document(&text, &ParseOptions::default()).expect("batch") {
        Document::Batch(items) => {
            assert_eq!(items.len(), 3);
            assert!(items[0].1.is_ok() && items[2].1.is_ok());
            let e = items[1].1.as_ref().expect_err("short id").to_string();
            assert!(e.contains("server id") && e.contains("copy f-puzzles link"), "{e}");
            assert_eq!(items[1].0, 2);
        }
        other => panic!("expected a batch, got {other:?}"),
    }
}

fn error_of(json: &str) -> String {
    parse_puzzle(json, &ParseOptions::default()).expect_err(json).to_string()
}

#[test]
fn unsupported_keys_and_bad_values_name_their_path() {
    let base = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#;
    let cases = [
        (
            r#","lockoutline":[{"lines":[["R1C1","R1C2"]]}]}"#,
            "$.lockoutline[0]: the f-puzzles rule \"lockoutline\" is not supported",
        ),
        (
            r#","sandwichsum":[{"cell":"R1C1","value":"5"}]}"#,
            "$.sandwichsum[0].cell: expected a place beside a row or a column, outside the grid",
        ),
        (r#","xsum":[{"cell":"R0C0","value":"5"}]}"#, "$.xsum[0].cell: expected a place beside a row or a column"),
        (r#","skyscraper":[{"cell":"R0C2","value":"9"}]}"#, "$: rules[0].clues[0]: a skyscraper count of 9"),
        (r#","clone":[{"cells":["R1C1"]}]}"#, "$.clone[0]: expected a \"cloneCells\" key"),
        (
            r#","difference":[{"cells":["R1C1","R1C2"],"value":"4"}]}"#,
            "$: rules[0].differences[0].value: no two different digits of 1..4 differ by 4",
        ),
        (r#","ratio":[{"cells":["R1C1","R1C2"],"value":"x"}]}"#, "$.ratio[0].value: expected the dot's value"),
        (
            r#","arrow":[{"cells":["R1C1","R1C2"],"lines":[["R2C1","R3C1"]]}]}"#,
            "$.arrow[0].lines[0][0]: an arrow's line starts at its circle (r1c1, r1c2)",
        ),
        (
            r#","arrow":[{"cells":["R1C1","R2C2"],"lines":[["R1C1","R2C1"]]}]}"#,
            "$: rules[0].arrows[0].pill[1]: a pill is a straight run",
        ),
        (r#","doublearrow":[{"lines":[["R1C1","R1C2"]]}]}"#, "$: rules[0].lines[0]: a line needs at least 3 cells"),
        (r#","cage":[{"cells":["R1C1","R1C2"],"value":"DRx"}]}"#, "$.cage[0].value: expected a digital root like"),
        (
            r#","cage":[{"cells":["R1C1","R1C2"],"value":"DR0"}]}"#,
            "$: rules[0].cages[0].root: a digital root is 1 to 9",
        ),
        (
            r#","killercage":[{"cells":["R1C1","R9C2"],"value":"5"}]}"#,
            "$.killercage[0].cells[1]: r9c2 is outside the 4x4 grid",
        ),
        (r#","rowindexer":[{"cells":["R1C1","R1C1"]}]}"#, "$: rules[0].rows[1]: r1c1 is listed twice"),
        (r#","boxindexer":[{"cell":"R1C1"}]}"#, "$.boxindexer[0]: expected a \"cells\" key"),
        (r#","xv":[{"cells":["R1C1","R1C2"],"value":"Y"}]}"#, "$.xv[0].value: expected \"X\" or \"V\""),
        (
            r#","entropicline":[{"lines":[["R1C1","R1C2"]]}]}"#,
            "$: rules[0].lines: entropic lines need a grid side divisible by 3",
        ),
        (
            r#","regionsumline":[{"lines":[["R1C2","R1C3","R1C4","R2C4","R2C3"]]}]}"#,
            "$: rules[0].lines[0]: the line's segments cannot have one sum",
        ),
        (r#","zipperline":[{"lines":[["R1C1","R3C1"]]}]}"#, "$: rules[0].lines[0][1]: r3c1 does not touch r1c1"),
        (r#","slowthermometer":[{"lines":[["R1C1"]]}]}"#, "$: rules[0].thermometers[0]: a slow thermometer needs"),
        (r#","modularline":[{"lines":"R1C1"}]}"#, "$.modularline[0].lines: expected a list of lines"),
    ];
    for (tail, expected) in cases {
        let e = error_of(&format!("{base}{tail}"));
        assert!(e.starts_with(expected), "{tail}: {e}");
    }
    let e = error_of(r#"{"size":4,"grid":[[{"region":null},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#);
    assert!(e.starts_with("$.grid[0][0].region: r1c1 is in no region"), "{e}");
    let e = error_of(
        r#"{"size":4,"grid":[[{"value":7,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#,
    );
    assert!(e.starts_with("$.grid[0][0].value: a given must be a digit 1 to 4, found 7"), "{e}");
    // Cosmetic keys and empty lists of unsupported rules are fine.
    assert!(parse_puzzle(
        &format!(r#"{base},"text":[{{"cells":["R1C1"],"value":"hi"}}],"lockoutline":[],"disabledlogic":["tuples"]}}"#),
        &ParseOptions::default()
    )
    .is_ok());
}

#[test]
fn valued_dots_read_with_the_negative_constraints() {
    let base = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#;
    let read = |tail: &str| -> Vec<Rule> {
        let p = parse_puzzle(&format!("{base}{tail}"), &ParseOptions::default()).expect(tail);
        p.rules().to_vec()
    };
    let three = |value| KropkiValues { differences: vec![], ratios: vec![KDot { cells: (c(1, 1), c(1, 2)), value }] };
    let blank = |all_white, all_black| Kropki { white: vec![], black: vec![], all_white, all_black };
    // All black dots given with only a ratio-3 dot: the kropki flag, the dot in kropki-values.
    assert_eq!(
        read(r#","ratio":[{"cells":["R1C1","R1C2"],"value":"3"}],"negative":["ratio"]}"#),
        [blank(false, true).into(), three(3).into()]
    );
    // `nonconsecutive` with valued dots only stays the plain rule (those dots never join
    // consecutive digits); with a kropki dot it is the kropki flag, which the dots exempt.
    let diff3 = KropkiValues { differences: vec![KDot { cells: (c(1, 1), c(1, 2)), value: 3 }], ratios: vec![] };
    assert_eq!(
        read(r#","difference":[{"cells":["R1C1","R1C2"],"value":"3"}],"nonconsecutive":true}"#),
        [NonConsecutive.into(), Rule::from(diff3.clone())]
    );
    let tail =
        r#","difference":[{"cells":["R1C1","R1C2"],"value":"3"},{"cells":["R2C1","R2C2"]}],"nonconsecutive":true}"#;
    let white = Kropki { white: vec![(c(2, 1), c(2, 2))], ..blank(true, false) };
    assert_eq!(read(tail), [white.into(), Rule::from(diff3)]);
    // Written back, each reads the same.
    for tail in [
        r#","ratio":[{"cells":["R1C1","R1C2"],"value":"3"}],"negative":["ratio"],"nonconsecutive":true}"#,
        r#","ratio":[{"cells":["R1C1","R1C2"],"value":"4"},{"cells":["R3C1","R3C2"]}],"negative":["ratio"]}"#,
    ] {
        let p = parse_puzzle(&format!("{base}{tail}"), &ParseOptions::default()).expect(tail);
        let back = fpuzzles::from_value(&fpuzzles::to_fpuzzles(&p).expect("write")).expect("read");
        assert_eq!(back, p, "{tail}");
    }
}

#[test]
fn short_ids_and_cut_links_are_explained() {
    for link in ["https://f-puzzles.com/?id=abc123", "https://sudokupad.app/abc12", "sudokupad.app/psxczr0jpr"] {
        let e = parse_puzzle(link, &ParseOptions::default()).expect_err(link).to_string();
        assert!(e.contains("this link is a server id") && e.contains("copy f-puzzles link"), "{link}: {e}");
    }
    let e = parse_puzzle("https://www.f-puzzles.com/?load=N4IgzglgXgpiBcB", &ParseOptions::default())
        .expect_err("cut")
        .to_string();
    assert!(e.contains("does not decode") && e.contains("copy the whole link"), "{e}");
    let e = parse_puzzle("https://sudokupad.app/fpuzzlesN4Ig$$$", &ParseOptions::default())
        .expect_err("bad char")
        .to_string();
    assert!(e.contains("found '$' at character 5 of the payload"), "{e}");
}

#[test]
fn jigsaw_regions_read_and_write_back() {
    // 4x4 with regions: two L shapes and two others.
    let ids = [[0, 0, 0, 1], [0, 2, 1, 1], [2, 2, 3, 1], [2, 3, 3, 3]];
    let grid: Vec<String> = ids
        .iter()
        .map(|row| format!("[{}]", row.iter().map(|r| format!(r#"{{"region":{r}}}"#)).collect::<Vec<_>>().join(",")))
        .collect();
    let json = format!(r#"{{"size":4,"grid":[{}]}}"#, grid.join(","));
    let p = parse_puzzle(&json, &ParseOptions::default()).expect("jigsaw");
    assert_eq!(p.geometry().box_shape(), None);
    assert_eq!(p.geometry().region_of_cells()[c(2, 2).index(4)], p.geometry().region_of_cells()[c(3, 1).index(4)]);
    let back = fpuzzles::from_value(&fpuzzles::to_fpuzzles(&p).expect("write")).expect("read");
    assert_eq!(back, p);
    // Writing a 6x6 with 3x2 boxes (not f-puzzles' default 2x3) writes the regions.
    let tall = Puzzle::blank(Geometry::new(6, Some((3, 2))).expect("3x2"));
    let v = fpuzzles::to_fpuzzles(&tall).expect("write");
    assert_eq!(v["grid"][2][0]["region"], 0);
    assert_eq!(fpuzzles::from_value(&v).expect("read").geometry().regions(), tall.geometry().regions());
}

#[test]
fn padding_is_the_javascript_one() {
    // lz-string (JS) pads to a multiple of 4 with at most three '='.
    for text in ["a", "ab", "abc", "{\"size\":9}", "abcd"] {
        let p = fpuzzles::encode_payload(text);
        assert_eq!(p.len() % 4, 0, "{p}");
        assert!(!p.ends_with("===="), "{p}");
    }
    assert_eq!(fpuzzles::encode_payload("a"), "IZA=");
    assert_eq!(fpuzzles::encode_payload("ab"), "IYIyA===");
}

#[test]
fn the_formats_page_link_is_the_diagonal_example() {
    // Read when the test is compiled: the page is part of the test, wherever the copy is run.
    let readme = include_str!("../../../docs/formats.md");
    let start = readme.find("https://sudokupad.app/fpuzzlesN4Ig").expect("a link in docs/formats.md");
    let link: String = readme[start..].chars().take_while(|&ch| ch != '\'' && !ch.is_whitespace()).collect();
    let p = parse_puzzle(&link, &ParseOptions::default()).expect("the README link reads");
    let example = include_str!("../../../examples/diagonal.json");
    let example = parse_puzzle(example, &ParseOptions::default()).expect("example reads");
    assert_eq!(p, example);
    assert_eq!(p.meta().title.as_deref(), Some("Diagonal Sudoku (seed 004)"));
}

/// A 4x4 f-puzzles JSON with `tail` (`,"key": …}`) after its grid.
fn four(tail: &str) -> String {
    format!(
        r#"{{"size":4,"grid":[[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}]]{tail}"#
    )
}

/// Issue 33: totals were read `as u32`, so 2^32 + 3 was a cage of 3 and 2^32 + 36 a diagonal
/// of 36, solved and "checked" as such. Every number is now refused beyond its type, at its
/// JSON path.
#[test]
fn totals_beyond_32_bits_are_refused_at_their_path_not_wrapped() {
    let cases = [
        (r#","killercage":[{"cells":["R1C1","R1C2"],"value":"4294967299"}]}"#, "$.killercage[0].value"),
        (r#","killercage":[{"cells":["R1C1","R1C2"],"value":4294967299}]}"#, "$.killercage[0].value"),
        (
            r#","littlekillersum":[{"cell":"R0C1","direction":"DR","value":"4294967332"}]}"#,
            "$.littlekillersum[0].value",
        ),
        (r#","sandwichsum":[{"cell":"R0C1","value":"4294967296"}]}"#, "$.sandwichsum[0].value"),
        (r#","xsum":[{"cell":"R0C1","value":"18446744073709551616"}]}"#, "$.xsum[0].value"),
    ];
    for (tail, path) in cases {
        let e = error_of(&four(tail));
        assert!(e.starts_with(path), "{tail}: {e}");
        assert!(e.contains("too large") || e.contains("a whole number"), "{tail}: {e}");
    }
    // The largest 32-bit total is read as itself, then refused as no sum of two digits.
    let e = error_of(&four(r#","killercage":[{"cells":["R1C1","R1C2"],"value":"4294967295"}]}"#));
    assert!(e.contains("sums to 3..7, not 4294967295"), "{e}");
}

/// Issue 30 item 6: a SudokuPad link holding the puzzle in `?puzzle=` was called a server id,
/// and settings after a link (`?setting-nogrid=1`, `&theme=dark`) were read as payload.
#[test]
fn sudokupad_puzzle_queries_and_settings_after_a_link_are_read() {
    let p = parse_puzzle(SMALL, &ParseOptions::default()).expect("small");
    let link = fpuzzles::to_link(&p, LinkKind::SudokuPad).expect("link");
    let payload = link.strip_prefix(fpuzzles::SUDOKUPAD_URL).expect("prefix");
    assert!(payload.ends_with('='), "{payload}");
    for text in [
        format!("https://sudokupad.app/?puzzle=fpuzzles{payload}"),
        format!("https://sudokupad.app/?puzzle=fpuzzles{payload}&setting-nogrid=1"),
        format!("{link}?setting-nogrid=1"),
        format!("{link}&theme=dark"),
        format!("{link}?setting-nogrid=1&theme=dark#top"),
        format!("https://sudokupad.app/sudoku/fpuzzles{payload}?theme=dark"),
        format!("https://www.f-puzzles.com/?load={payload}&theme=dark"),
    ] {
        let read = parse_puzzle(&text, &ParseOptions::default()).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(read, p, "{text}");
    }
    let e = parse_puzzle("https://sudokupad.app/?puzzle=abc12", &ParseOptions::default()).expect_err("id").to_string();
    assert!(e.contains("server id"), "{e}");
}

/// Issue 36 goal 3: real exports write null for "none" (`givenPencilMarks`, a rule's list),
/// odd/even as a cell's `"parity"`, and numbers as strings; all read. A key that would change
/// the puzzle is still refused at its path.
#[test]
fn real_exports_with_nulls_parity_and_numbers_as_strings_read() {
    let grid = r#"[[{"value":"1","given":true,"givenPencilMarks":null,"centerPencilMarks":null},{"parity":"Odd"},{"value":null,"given":false},{"parity":"Even","region":"1"}],
                   [{"givenPencilMarks":["2","4"]},{"parity":null},{"parity":""},{}],[{},{},{},{}],[{},{},{},{"parity":"odd"}]]"#;
    let json = format!(
        r#"{{"size":"4","grid":{grid},"killercage":null,"negative":null,"odd":[{{"cell":"R4C4"}}],"title":null}}"#
    );
    let p = parse_puzzle(&json, &ParseOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(p.givens().get(c(1, 1)), 1);
    assert_eq!(p.givens().filled(), 1);
    assert_eq!(
        p.rules(),
        [
            Rule::from(OddEven { odd: vec![c(4, 4), c(1, 2)], even: vec![c(1, 4)] }),
            Rule::from(Candidates { cells: vec![(c(2, 1), vec![2, 4])] }),
        ]
    );
    // Written back and read again: the same puzzle.
    let back = fpuzzles::from_value(&fpuzzles::to_fpuzzles(&p).expect("write")).expect("read");
    assert_eq!(back, p);
    for (tail, path) in [
        (r#","grid2":[{"cells":["R1C1"]}]}"#, "$.grid2[0]: the f-puzzles rule \"grid2\" is not supported"),
        (r#","thermometer":[{"lines":null}]}"#, "$.thermometer[0].lines: expected a list of lines"),
    ] {
        let e = error_of(&four(tail));
        assert!(e.starts_with(path), "{tail}: {e}");
    }
    let bad_parity = r#"{"size":4,"grid":[[{"parity":"Prime"},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#;
    let e = error_of(bad_parity);
    assert!(e.starts_with("$.grid[0][0].parity: expected \"Odd\" or \"Even\""), "{e}");
    let unknown =
        r#"{"size":4,"grid":[[{"colour":"red","given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#;
    assert!(error_of(unknown).starts_with("$.grid[0][0].colour: unknown cell key"), "{}", error_of(unknown));
}

/// Issue 36 goal 3: fortress-style minimum/maximum cells next to each other were refused as
/// contradictory; setters compare a marked cell only with its unmarked neighbours.
#[test]
fn fortress_cells_next_to_each_other_read_and_solve_by_the_convention() {
    let tail = r#","minimum":[{"cell":"R1C1"},{"cell":"R1C2"}],"maximum":[{"cell":"R2C2"}]}"#;
    let p = parse_puzzle(&four(tail), &ParseOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(p.rules(), [Rule::from(MinMax { minimum: vec![c(1, 1), c(1, 2)], maximum: vec![c(2, 2)] })]);
    let grid = Grid::from_values(4, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).expect("grid");
    let violations = sudoku_ip_model::check::verify(&p, &grid);
    assert!(violations.is_empty(), "{violations:?}");
}

/// Every example puzzle goes out as f-puzzles JSON and comes back as the same rules: a rule
/// whose file has an f-puzzles form (`FPUZZLES_KEYS`) is read back as itself, and its example's
/// solution still checks against the puzzle read back. A rule without one is refused by name
/// when written, never dropped.
#[test]
fn every_example_round_trips_through_its_rules_own_fpuzzles_form() {
    let dir = format!("{}/../../examples", env!("CARGO_MANIFEST_DIR"));
    let mut puzzles = Vec::new();
    for file in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{dir}: {e}")) {
        let path = file.expect("dir entry").path();
        if path.extension().is_some_and(|x| x == "json") {
            let text = std::fs::read_to_string(&path).expect("example");
            let p = sudoku_ip_formats::json::parse_json(&text).unwrap_or_else(|m| panic!("{}: {m}", path.display()));
            puzzles.push((path.display().to_string(), p));
        }
    }
    // The rules that need no data, each on its own on an empty 9x9.
    for e in REGISTRY.iter().filter(|e| e.switchable()) {
        let rule = sudoku_ip_model::rules::rule_from_name(e.name, 9).expect("switchable");
        let geometry = Geometry::new(9, None).expect("9x9");
        puzzles.push((e.name.to_string(), Puzzle::new(geometry, Grid::empty(9)).with_rules(vec![rule])));
    }
    let mut written = std::collections::BTreeSet::new();
    for (path, p) in &puzzles {
        let json = match fpuzzles::to_fpuzzles(p) {
            Ok(json) => json,
            Err(e) => {
                // Refused, naming the rule (a rule with no form, or data its form cannot say:
                // killer cages whose digits may repeat).
                let names: Vec<&str> = p.rules().iter().map(|r| r.name()).collect();
                let named = names.iter().any(|n| e.to_string().contains(n));
                assert!(named, "{}: {e} names none of {names:?}", path);
                continue;
            }
        };
        let back = fpuzzles::from_value(&json).unwrap_or_else(|m| panic!("{path}: {m}"));
        for rule in p.rules().iter().filter(|r| !r.entry().fpuzzles_keys.is_empty()) {
            assert!(back.rules().contains(rule), "{}: {} did not come back as itself", path, rule.name());
            written.insert(rule.name());
        }
        if let Some(solution) = p.meta().solution.as_ref() {
            let wrong = sudoku_ip_model::check::verify(&back, solution);
            assert!(wrong.is_empty(), "{}: the solution breaks the puzzle read back: {wrong:?}", path);
        }
    }
    let with_form: Vec<_> = REGISTRY.iter().filter(|e| !e.fpuzzles_keys.is_empty()).map(|e| e.name).collect();
    let missing: Vec<_> = with_form.iter().filter(|n| !written.contains(*n)).collect();
    assert!(missing.is_empty(), "no example wrote {missing:?} through f-puzzles");
}

/// docs/formats.md lists the f-puzzles keys that are read by hand; every key a rule file reads
/// (its `FPUZZLES_KEYS`) must be there, so a new rule's form cannot be left out of the page.
#[test]
fn the_formats_page_names_every_f_puzzles_key_a_rule_reads() {
    let page = include_str!("../../../docs/formats.md");
    let start = page.find("What is read:").expect("the paragraph of what is read");
    let end = start + page[start..].find("Drawing-only keys").expect("the paragraph's end");
    let read = &page[start..end];
    let mut missing = Vec::new();
    for entry in REGISTRY.iter().filter(|e| !e.fpuzzles_keys.is_empty()) {
        for key in entry.fpuzzles_keys {
            if !read.contains(&format!("`{key}`")) {
                missing.push(format!("{key} ({})", entry.name));
            }
        }
    }
    assert!(missing.is_empty(), "docs/formats.md does not name: {missing:?}");
}

/// Issue 36 goal 3: a setter's whispers line may come back to a cell it passed (a loop, as in
/// "Merry X/V-mas"); it was refused as "listed twice". Each step still has to touch the cell
/// before it.
#[test]
fn a_whispers_line_that_comes_back_to_a_cell_reads() {
    let tail = r#","whispers":[{"lines":[["R1C1","R1C2","R2C3","R1C2"]],"value":"2"}]}"#;
    let p = parse_puzzle(&four(tail), &ParseOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    let line = vec![c(1, 1), c(1, 2), c(2, 3), c(1, 2)];
    assert_eq!(p.rules(), [Rule::from(Whispers { lines: vec![line], difference: Some(2) })]);
    let stays = r#","whispers":[{"lines":[["R1C1","R1C2","R1C2"]]}]}"#;
    let e = error_of(&four(stays));
    assert!(e.contains("lines[0][2]") && e.contains("does not touch"), "{e}");
}

//! Issue 14 §7: a puzzle written by sudoku-ip reads back as the same puzzle. For random rule
//! sets over random geometries (box shapes of every side, and the examples' jigsaw and variant
//! puzzles with a random part of their rules and givens), every output form either writes text
//! that reads back as exactly the puzzle, or refuses with a message saying what it cannot carry
//! — never a different puzzle. JSON carries every puzzle. Latin squares (no boxes, §13) are
//! among the geometries, prime sides too.

use proptest::prelude::*;
use sudoku_ip_formats::{self as formats, fpuzzles, json, write_text, ParseOptions, TextForm};
use sudoku_ip_model::geometry::Layout;
use sudoku_ip_model::rules::{rule_from_name, switchable_names};
use sudoku_ip_model::{Geometry, Grid, Puzzle};

/// The examples with regions or rules with data (killer, thermometer, arrow, …).
const EXAMPLES: &[&str] = &[
    "jigsaw.json",
    "killer.json",
    "thermometer.json",
    "arrow.json",
    "kropki.json",
    "xv.json",
    "odd-even.json",
    "extra-regions.json",
    "hyper.json",
    "diagonal.json",
    "seed004-killer.json",
];

fn example(name: &str) -> Puzzle {
    let path = format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    formats::parse_puzzle(&text, &ParseOptions::default()).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A geometry, its rules and its givens: an example's, or a box shape of a random side.
fn puzzle_strategy() -> impl Strategy<Value = Puzzle> {
    let from_example = (0..EXAMPLES.len()).prop_map(|i| example(EXAMPLES[i]));
    let from_boxes = prop_oneof![Just(4usize), Just(6), Just(8), Just(9), Just(12), Just(16)].prop_flat_map(|n| {
        let shapes: Vec<(usize, usize)> = (1..=n).filter(|r| n % r == 0).map(|r| (r, n / r)).collect();
        proptest::sample::select(shapes)
            .prop_map(move |shape| Puzzle::blank(Geometry::new(n, Some(shape)).expect("a box shape of n")))
    });
    let latin = (2usize..=16).prop_map(|n| Puzzle::blank(Geometry::latin(n).expect("a Latin square")));
    prop_oneof![from_example, from_boxes, latin]
        .prop_flat_map(|base| {
            let n = base.n();
            (
                Just(base.clone()),
                proptest::collection::vec(any::<bool>(), base.rules().len()),
                proptest::collection::vec(any::<bool>(), switchable_names().len()),
                proptest::collection::vec((1..=n as u8, 0..4u8), n * n),
            )
        })
        .prop_map(|(base, keep, add, cells)| {
            let n = base.n();
            let mut rules: Vec<_> = base.rules().iter().zip(keep).filter(|(_, k)| *k).map(|(r, _)| r.clone()).collect();
            for (name, _) in switchable_names().into_iter().zip(add).filter(|(_, on)| *on) {
                if let Ok(rule) = rule_from_name(name, n) {
                    if rule.validate(base.geometry()).is_ok() && !rules.iter().any(|r| r.name() == rule.name()) {
                        rules.push(rule);
                    }
                }
            }
            // The example's givens, a quarter of them dropped; a blank grid gets random digits.
            let values: Vec<u8> = if base.givens().filled() > 0 {
                base.givens().values().iter().zip(&cells).map(|(&v, &(_, k))| if k == 0 { 0 } else { v }).collect()
            } else {
                cells.iter().map(|&(v, k)| if k == 0 { v } else { 0 }).collect()
            };
            let givens = Grid::from_values(n, values).expect("values of the grid");
            Puzzle::new(base.geometry().clone(), givens).with_rules(rules)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]
    #[test]
    fn every_form_writes_a_puzzle_that_reads_back_the_same_or_refuses_it(p in puzzle_strategy()) {
        let back = json::parse_value(&json::to_json(&p)).expect("JSON reads back");
        prop_assert_eq!(&back, &p, "JSON");
        let jigsaw = matches!(p.geometry().layout(), Layout::Regions(_));
        let data = p.rules().iter().any(|r| !r.entry().switchable());
        for form in [TextForm::Grid, TextForm::Line, TextForm::Triplets] {
            match write_text(&p, form) {
                Ok(text) => {
                    prop_assert!(!jigsaw && !data, "{:?} wrote a puzzle it cannot carry:\n{}", form, text);
                    let back = formats::parse_puzzle(&text, &ParseOptions::default());
                    prop_assert_eq!(back.as_ref().ok(), Some(&p), "{:?}:\n{}\n{:?}", form, text, back.as_ref().err());
                }
                Err(e) => {
                    let why = e.to_string();
                    let empty_triplets = form == TextForm::Triplets && p.givens().filled() == 0;
                    prop_assert!(jigsaw || data || empty_triplets, "{:?} refused a puzzle it can carry: {}", form, why);
                    prop_assert!(why.ends_with("write it as JSON"), "{}", why);
                    if jigsaw {
                        prop_assert!(why.contains("jigsaw"), "{}", why);
                    }
                }
            }
        }
        // f-puzzles / SudokuPad keeps the geometry (boxes of any shape, jigsaw, none) and the
        // givens. Its rules map onto its own keys (windows become extra regions, both
        // diagonals one `diagonal`), so they are left to tests/fpuzzles.rs.
        if let Ok(v) = fpuzzles::to_fpuzzles(&p) {
            let back = fpuzzles::from_value(&v);
            let kept = back.as_ref().ok().map(|b| (b.geometry(), b.givens()));
            prop_assert_eq!(kept, Some((p.geometry(), p.givens())), "f-puzzles:\n{}\n{:?}", v, back.as_ref().err());
        }
    }
}

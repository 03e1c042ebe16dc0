//! Sample puzzles, one per kind, for the snapshot tests and the `gallery` example. The variant
//! samples (killer, thermometer, arrow, kropki, XV, odd/even, extra regions) are built around
//! one known grid, [`SOLUTION`], so their marks are true of it and the solution can be drawn.
#![allow(dead_code)]

use sudoku_ip_formats as formats;
use sudoku_ip_model::rules::between::Between;
use sudoku_ip_model::rules::clone::{ClonePair, Clones};
use sudoku_ip_model::rules::digital_root::{DigitalRoot, RootCage};
use sudoku_ip_model::rules::disjoint_groups::DisjointGroups;
use sudoku_ip_model::rules::double_arrow::DoubleArrow;
use sudoku_ip_model::rules::entropic::Entropic;
use sudoku_ip_model::rules::indexer::Indexer;
use sudoku_ip_model::rules::kropki_values::{Dot, KropkiValues};
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
use sudoku_ip_model::rules::x_sum::XSum;
use sudoku_ip_model::rules::zipper::Zipper;
use sudoku_ip_model::rules::{
    AntiKing, AntiKnight, Arrows, Diagonal, ExtraRegions, Killer, Kropki, NonConsecutive, OddEven, Thermometer,
    Windows, Xv,
};
use sudoku_ip_model::rules::{Arrow, Cage};
use sudoku_ip_model::{Cell, Geometry, Grid, Puzzle, Rule};

/// The classic puzzle's solution.
pub const SOLUTION: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// The classic puzzle.
pub const CLASSIC: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// `r{row}c{col}`, 1-based.
pub fn c(row: usize, col: usize) -> Cell {
    Cell::new(row - 1, col - 1)
}

pub fn parse(line: &str) -> Puzzle {
    formats::parse_puzzle(line, &Default::default()).expect("sample parses")
}

pub fn solution() -> Grid {
    parse(SOLUTION).givens().clone()
}

pub fn classic() -> Puzzle {
    parse(CLASSIC)
}

/// The solution's digits in a few cells, as givens of a blank 9×9.
fn with_givens(geometry: Geometry, cells: &[Cell]) -> Puzzle {
    let s = solution();
    let mut p = Puzzle::blank(geometry);
    for &cell in cells {
        p.givens_mut().set(cell, s.get(cell));
    }
    p
}

fn nine() -> Geometry {
    Geometry::new(9, None).expect("9x9")
}

fn sum(cells: &[Cell]) -> u32 {
    let s = solution();
    cells.iter().map(|&x| s.get(x) as u32).sum()
}

/// A 16×16 puzzle: a valid pattern grid with every third cell given.
pub fn sixteen() -> Puzzle {
    let n = 16;
    let mut p = Puzzle::blank(Geometry::new(n, None).expect("16x16"));
    for r in 0..n {
        for col in 0..n {
            if (r * n + col) % 3 == 0 {
                // (4(r mod 4) + r/4 + col) mod 16 is a valid 16x16 Sudoku.
                p.givens_mut().set(Cell::new(r, col), (4 * (r % 4) + r / 4 + col) % n + 1);
            }
        }
    }
    p
}

/// A jigsaw: the boxes with cells traded across each border.
pub fn jigsaw() -> Puzzle {
    let map = "000012222000111222031111122033345555333444555334444485666678885666777888667777788";
    let mut regions = vec![Vec::new(); 9];
    for (i, ch) in map.chars().enumerate() {
        regions[ch.to_digit(10).expect("region digit") as usize].push(i);
    }
    let geometry = Geometry::with_regions(9, regions).expect("jigsaw regions");
    let mut p = Puzzle::blank(geometry);
    for (cell, v) in [(c(1, 1), 3), (c(2, 5), 7), (c(5, 5), 1), (c(9, 9), 4), (c(6, 8), 2)] {
        p.givens_mut().set(cell, v);
    }
    p
}

/// One sample per rule, named after the rule.
pub fn rule_samples() -> Vec<(&'static str, Puzzle)> {
    let few = [c(1, 1), c(2, 5), c(5, 5), c(7, 3), c(9, 9)];
    let cages = vec![
        vec![c(1, 1), c(1, 2)],
        vec![c(1, 3), c(2, 3), c(3, 3)],
        vec![c(2, 1), c(3, 1), c(3, 2)],
        vec![c(2, 2)],
        vec![c(4, 4), c(4, 5), c(5, 4)],
        vec![c(5, 5), c(5, 6), c(6, 5), c(6, 6)],
        vec![c(8, 9), c(9, 8), c(9, 9)],
    ];
    let killer = Rule::Killer(Killer {
        cages: cages.into_iter().map(|cells| Cage { sum: Some(sum(&cells)), cells }).collect(),
        distinct: true,
    });
    vec![
        ("windows", with_givens(nine(), &few).with_rule(Rule::Windows(Windows))),
        ("diagonal", with_givens(nine(), &few).with_rule(Rule::Diagonal(Diagonal))),
        ("anti_knight", with_givens(nine(), &few).with_rule(Rule::AntiKnight(AntiKnight))),
        ("anti_king", with_givens(nine(), &few).with_rule(Rule::AntiKing(AntiKing))),
        ("non_consecutive", with_givens(nine(), &few).with_rule(Rule::NonConsecutive(NonConsecutive))),
        ("killer", with_givens(nine(), &[c(5, 5), c(9, 1)]).with_rule(killer)),
        (
            "odd_even",
            with_givens(nine(), &[c(2, 5)]).with_rule(Rule::OddEven(OddEven {
                odd: vec![c(1, 1), c(3, 2), c(5, 5)],
                even: vec![c(2, 3), c(7, 9), c(9, 6)],
            })),
        ),
        (
            "thermometer",
            with_givens(nine(), &[c(1, 1)]).with_rule(Rule::Thermometer(Thermometer {
                thermometers: vec![
                    vec![c(1, 2), c(1, 3), c(1, 4), c(1, 5), c(1, 6), c(1, 7)],
                    vec![c(6, 2), c(5, 2), c(4, 2), c(4, 3)],
                    vec![c(7, 3), c(8, 4), c(9, 5)],
                ],
            })),
        ),
        (
            "arrow",
            with_givens(nine(), &[c(1, 1)]).with_rule(Rule::Arrow(Arrows {
                arrows: vec![
                    Arrow { circle: c(6, 4), cells: vec![c(7, 4), c(8, 4)] },
                    Arrow { circle: c(5, 8), cells: vec![c(6, 8), c(7, 9)] },
                ],
            })),
        ),
        (
            "kropki",
            with_givens(nine(), &[c(9, 9)]).with_rule(Rule::Kropki(Kropki {
                white: vec![(c(1, 2), c(1, 3)), (c(4, 4), c(4, 5)), (c(6, 8), c(6, 9))],
                black: vec![(c(2, 4), c(2, 3)), (c(3, 6), c(3, 5)), (c(5, 1), c(5, 2))],
                all_white: false,
                all_black: false,
            })),
        ),
        (
            "xv",
            with_givens(nine(), &[c(9, 9)]).with_rule(Rule::Xv(Xv {
                x: vec![(c(1, 3), c(1, 4)), (c(3, 1), c(3, 2)), (c(8, 1), c(8, 2))],
                v: vec![(c(1, 8), c(2, 8)), (c(4, 6), c(4, 7)), (c(8, 5), c(8, 4))],
                all_given: false,
            })),
        ),
        (
            "extra_regions",
            with_givens(nine(), &[c(5, 5)]).with_rule(Rule::ExtraRegions(ExtraRegions {
                regions: vec![
                    vec![c(2, 2), c(2, 3), c(3, 2), c(3, 3)],
                    vec![c(6, 6), c(6, 7), c(7, 6), c(7, 7), c(8, 8)],
                ],
            })),
        ),
        (
            "renban",
            with_givens(nine(), &[c(5, 5)]).with_rule(Renban {
                lines: vec![vec![c(2, 1), c(1, 1), c(1, 2), c(1, 3)], vec![c(8, 8), c(7, 7), c(6, 6)]],
            }),
        ),
        (
            "palindrome",
            with_givens(nine(), &[c(5, 5)]).with_rule(Palindrome {
                lines: vec![vec![c(2, 6), c(2, 7), c(3, 7)], vec![c(8, 6), c(7, 5), c(6, 4)]],
            }),
        ),
        (
            "between_line",
            with_givens(nine(), &[c(5, 5)]).with_rule(Between {
                lines: vec![vec![c(7, 1), c(7, 2), c(8, 3), c(8, 4)], vec![c(2, 8), c(3, 8), c(3, 9)]],
            }),
        ),
        (
            "little_killer",
            with_givens(nine(), &[c(5, 5)]).with_rule(LittleKiller {
                clues: vec![
                    Clue { cells: Clue::diagonal(9, (-1, 2), (1, 1)), sum: 36 },
                    Clue { cells: Clue::diagonal(9, (9, 4), (-1, -1)), sum: 22 },
                    Clue { cells: Clue::diagonal(9, (5, 9), (1, -1)), sum: 8 },
                ],
            }),
        ),
        (
            "quadruple",
            with_givens(nine(), &[c(5, 5)]).with_rule(Quadruple {
                quads: vec![
                    Quad { cells: vec![c(2, 2), c(2, 3), c(3, 2), c(3, 3)], digits: vec![2, 7] },
                    Quad { cells: vec![c(6, 6), c(6, 7), c(7, 6), c(7, 7)], digits: vec![2, 4, 7, 8] },
                ],
            }),
        ),
        (
            // Row 4 holds 9 7 6 1 (13 between); column 1 holds 1 8 4 7 9 (19 between).
            "sandwich",
            with_givens(nine(), &[c(5, 5)])
                .with_rule(Sandwich { clues: vec![outside(Side::Left, 4, 13), outside(Side::Top, 1, 19)] }),
        ),
        (
            // Row 1 from the left: 5 3 4 6 7; column 1 from the top: 5 6 1 8 4; row 9 from the right: all 9.
            "x_sum",
            with_givens(nine(), &[c(5, 5)]).with_rule(XSum {
                clues: vec![outside(Side::Left, 1, 25), outside(Side::Top, 1, 24), outside(Side::Right, 9, 45)],
            }),
        ),
        (
            // Row 1 sees 5 6 7 8 9 from the left and 2 9 from the right; column 1 sees 5 6 8 9.
            "skyscraper",
            with_givens(nine(), &[c(5, 5)]).with_rule(Skyscraper {
                clues: vec![outside(Side::Left, 1, 5), outside(Side::Right, 1, 2), outside(Side::Top, 1, 4)],
            }),
        ),
        ("disjoint_groups", with_givens(nine(), &[c(5, 5)]).with_rule(DisjointGroups)),
        (
            // r2c4 = 1 and r8c5 = 1 below their neighbours; r6c4 = 9 above them.
            "min_max",
            with_givens(nine(), &[c(5, 5)])
                .with_rule(MinMax { minimum: vec![c(2, 4), c(8, 5)], maximum: vec![c(6, 4)] }),
        ),
        (
            // r1c1 r1c2 = 5 3 = r7c4 r7c5.
            "clone",
            with_givens(nine(), &[c(5, 5)]).with_rule(Clones {
                clones: vec![ClonePair { cells: vec![c(1, 1), c(1, 2)], copy: vec![c(7, 4), c(7, 5)] }],
            }),
        ),
        (
            // 6 + 3 = 1 + 8 = 9 in the middle; 4 + 3 = 5 + 2.
            "zipper_line",
            with_givens(nine(), &[c(5, 5)]).with_rule(Zipper {
                lines: vec![
                    vec![c(7, 2), c(7, 3), c(6, 4), c(5, 4), c(6, 3)],
                    vec![c(2, 8), c(3, 7), c(3, 6), c(2, 7)],
                ],
            }),
        ),
        (
            // 7 | 3 + 4 | 7 across three boxes.
            "region_sum_line",
            with_givens(nine(), &[c(5, 5)])
                .with_rule(RegionSum { lines: vec![vec![c(5, 7), c(5, 6), c(6, 6), c(7, 6)]] }),
        ),
        (
            // 6 8 2 4 7: middle, high, low, middle, high.
            "entropic_line",
            with_givens(nine(), &[c(5, 5)])
                .with_rule(Entropic { lines: vec![vec![c(8, 7), c(7, 8), c(7, 7), c(6, 6), c(5, 7)]] }),
        ),
        (
            // 8 9 7 5 3: remainders 2 0 1 2 0.
            "modular_line",
            with_givens(nine(), &[c(5, 5)])
                .with_rule(Modular { lines: vec![vec![c(4, 1), c(3, 2), c(2, 2), c(1, 1), c(1, 2)]] }),
        ),
        (
            // 1 5 8 8: up, up, level.
            "slow_thermometer",
            with_givens(nine(), &[c(5, 5)])
                .with_rule(SlowThermometer { thermometers: vec![vec![c(5, 9), c(6, 8), c(6, 7), c(7, 8)]] }),
        ),
        (
            // 8 | 5 differ by 3, 5 | 9 by 4; 2 | 6 in ratio 3, 1 | 4 in ratio 4.
            "kropki_values",
            with_givens(nine(), &[c(5, 5)]).with_rule(KropkiValues {
                differences: vec![
                    Dot { cells: (c(4, 1), c(4, 2)), value: 3 },
                    Dot { cells: (c(4, 2), c(4, 3)), value: 4 },
                ],
                ratios: vec![Dot { cells: (c(7, 7), c(8, 7)), value: 3 }, Dot { cells: (c(1, 8), c(2, 8)), value: 4 }],
            }),
        ),
        (
            // 5 + 3 = 8; 3 + 7 + 9 = 19, root 1.
            "digital_root",
            with_givens(nine(), &[c(5, 5)]).with_rule(DigitalRoot {
                cages: vec![
                    RootCage { cells: vec![c(1, 1), c(1, 2)], root: 8 },
                    RootCage { cells: vec![c(7, 5), c(7, 6), c(8, 6)], root: 1 },
                ],
            }),
        ),
        (
            // r1c7 = 9: r9c7 = 1. r4c3 = 9: r4c9 = 3. r2c9 = 8 (position 6 of box 3): r3c8 = 6.
            "indexer",
            with_givens(nine(), &[c(5, 5)]).with_rule(Indexer {
                rows: vec![c(1, 7), c(2, 3)],
                columns: vec![c(4, 3), c(5, 2)],
                boxes: vec![c(2, 9), c(4, 1)],
            }),
        ),
        (
            // 3 + 7 = 4 + 6; 5 + 3 = 8.
            "double_arrow",
            with_givens(nine(), &[c(5, 5)]).with_rule(DoubleArrow {
                lines: vec![vec![c(1, 2), c(1, 3), c(1, 4), c(1, 5)], vec![c(6, 8), c(7, 8), c(8, 8)]],
            }),
        ),
        (
            // 12 = 4 + 6 + 2; 16 = 5 + 8 + 3.
            "pill_arrow",
            with_givens(nine(), &[c(5, 5)]).with_rule(PillArrows {
                arrows: vec![
                    PillArrow { pill: vec![c(1, 8), c(1, 9)], cells: vec![c(2, 8), c(3, 8), c(4, 8)] },
                    PillArrow { pill: vec![c(5, 9), c(6, 9)], cells: vec![c(6, 8), c(7, 8), c(8, 8)] },
                ],
            }),
        ),
    ]
}

/// An outside clue beside row or column `index` (1-based).
fn outside(side: Side, index: usize, value: u32) -> OutsideClue {
    OutsideClue { side, index: index - 1, value }
}

/// Every rule name the model knows, from the samples' side: the snapshot tests check that
/// each has a sample.
pub fn sample_names() -> Vec<&'static str> {
    rule_samples().iter().map(|(name, _)| *name).collect()
}

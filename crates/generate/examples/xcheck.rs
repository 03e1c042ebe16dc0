// Scratch: cross-check the rater's "solved logically" against the sudoku crate's StrategySolver.
use sudoku::strategy::{Strategy, StrategySolver};
use sudoku_ip_generate::*;
use sudoku_ip_model::*;
fn main() {
    let strategies = [
        Strategy::NakedSingles,
        Strategy::HiddenSingles,
        Strategy::LockedCandidates,
        Strategy::NakedPairs,
        Strategy::HiddenPairs,
        Strategy::NakedTriples,
        Strategy::HiddenTriples,
        Strategy::XWing,
        Strategy::Swordfish,
    ];
    let spec = GenerateSpec::new(Geometry::new(9, None).unwrap());
    let mut disagree = 0;
    let (mut mine, mut theirs) = (0, 0);
    for s in 0..300u64 {
        let g = generate(&spec.with_seed(s)).unwrap();
        let r = rate(&g.puzzle).unwrap();
        let line = g.puzzle.givens().to_line();
        let sd = sudoku::Sudoku::from_str_line(&line).unwrap();
        let ok = StrategySolver::from_sudoku(sd).solve(&strategies).is_ok();
        if !r.needs_search {
            mine += 1;
        }
        if ok {
            theirs += 1;
        }
        if ok == r.needs_search {
            disagree += 1;
            if disagree < 4 {
                println!("{line} mine needs_search={} theirs solved={} {:?}", r.needs_search, ok, r.techniques);
            }
        }
    }
    println!("solved: mine {mine} theirs {theirs} disagree {disagree}");
}

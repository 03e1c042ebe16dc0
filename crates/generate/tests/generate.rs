//! The generator against the native engine and the independent checker: uniqueness, clue
//! targets, symmetry, minimality, seeds, difficulty, variants, killer cages, minimize.
//! Every generated puzzle is also proved unique by a second backend, MILP after native presolve
//! as the facade runs it: HiGHS when built in (`--all-features`, as CI runs it) checks every
//! puzzle; microlp alone checks the plain puzzles up to 9x9 (it takes minutes on 16x16 and on
//! anti-knight rows, and fails with "Singular matrix" on some killer models).

use sudoku_ip_formats as formats;
use sudoku_ip_generate::{
    generate, generate_many, minimize, minimize_with, rate, rate_with, GenerateError, GenerateSpec, Generated, Grade,
    KillerSpec, Minimality, Symmetry, Technique,
};
use sudoku_ip_milp::Milp;
use sudoku_ip_model::rules::{AntiKnight, Diagonal, Killer, NonConsecutive, Windows};
use sudoku_ip_model::{
    check, Backend, Cancel, Cell, Geometry, Grid, Model, Progress, Puzzle, Rule, SearchEnd, SearchRequest,
};
use sudoku_ip_native::{presolve, Native, Presolve};

fn spec(n: usize) -> GenerateSpec {
    GenerateSpec::new(Geometry::new(n, None).expect("boxed geometry"))
}

/// Solutions of a puzzle, counted by the native engine up to two: `(count, exact)`.
fn count(puzzle: &Puzzle) -> (u64, bool) {
    let r = Native.search(&Model::build(puzzle), &SearchRequest::count(2, 0)).expect("native search");
    (r.count, r.end == SearchEnd::Exhausted)
}

/// The same count by the second backend: MILP on the model native presolve leaves (`None`
/// where only microlp is built in and the puzzle is beyond it, see above).
fn milp_count(puzzle: &Puzzle) -> Option<(u64, bool)> {
    let solver = *Milp::compiled().first().expect("a MILP solver");
    let plain_small = puzzle.rules().is_empty() && puzzle.n() <= 9 && puzzle.geometry().box_shape().is_some();
    if solver.name() == "microlp" && !plain_small {
        return None;
    }
    let mut model = Model::build(puzzle);
    match presolve(&model) {
        Presolve::Infeasible { .. } => return Some((0, true)),
        Presolve::Reduced { fixed, .. } => {
            for (v, f) in fixed.into_iter().enumerate().filter(|(_, f)| f.is_some()) {
                model.set_fixed(v as u32, f);
            }
        }
    }
    let r = solver.search(&model, &SearchRequest::count(2, 2)).expect("MILP search");
    for grid in &r.solutions {
        assert!(check::verify(puzzle, grid).is_empty(), "{} returned a grid that breaks the rules", solver.name());
    }
    Some((r.count, r.end == SearchEnd::Exhausted))
}

/// Unique (for both backends), its solution checked, and every given is the solution's digit.
fn assert_sound(g: &Generated) {
    assert_eq!(count(&g.puzzle), (1, true), "not unique: {}", g.puzzle.givens());
    if let Some(milp) = milp_count(&g.puzzle) {
        assert_eq!(milp, (1, true), "not unique for MILP: {}", g.puzzle.givens());
    }
    assert!(check::verify(&g.puzzle, &g.solution).is_empty());
    let (givens, solution) = (g.puzzle.givens().values(), g.solution.values());
    assert!(givens.iter().zip(solution).all(|(&v, &s)| v == 0 || v == s));
    assert_eq!(g.clues, g.puzzle.givens().filled());
}

/// Removing any one clue gives a second solution.
fn assert_minimal(puzzle: &Puzzle) {
    let n = puzzle.n();
    for k in (0..n * n).filter(|&k| puzzle.givens().values()[k] != 0) {
        let mut less = puzzle.clone();
        less.givens_mut().set(Cell::from_index(k, n), 0);
        assert_eq!(count(&less).0, 2, "clue {} can go", Cell::from_index(k, n));
    }
}

#[test]
fn puzzles_of_every_size_are_unique_and_minimal() {
    for n in [4, 6, 8, 9, 12] {
        for seed in 0..3 {
            let g = generate(&spec(n).with_seed(seed)).expect("generated");
            assert_sound(&g);
            assert_eq!(g.minimality, Minimality::Cells);
            assert!(g.target_reached);
            assert_minimal(&g.puzzle);
        }
    }
}

#[test]
fn a_16x16_puzzle_is_unique_and_minimal() {
    let g = generate(&spec(16).with_seed(7)).expect("generated");
    assert_sound(&g);
    assert_eq!(g.minimality, Minimality::Cells);
    assert!(g.clues < 256 / 2, "{} clues", g.clues);
    // The removal tests try the solution's digits first (the oracle's guided search): each
    // clue left must still be needed, by an unguided count.
    assert_minimal(&g.puzzle);
}

#[test]
fn the_same_seed_gives_the_same_puzzle() {
    for s in [spec(9), spec(6), { GenerateSpec { rules: vec![Rule::NonConsecutive(NonConsecutive)], ..spec(6) } }] {
        let a = generate(&s.with_seed(42)).expect("generated");
        let b = generate(&s.with_seed(42)).expect("generated");
        assert_eq!(a, b);
        let c = generate(&s.with_seed(43)).expect("generated");
        assert_ne!(a.puzzle.givens(), c.puzzle.givens());
        assert_sound(&a);
        assert_sound(&c);
    }
}

#[test]
fn a_batch_is_the_puzzles_of_consecutive_seeds_whatever_the_threads() {
    let s = spec(9).with_seed(1000);
    let one_thread = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("pool");
    let two_threads = rayon::ThreadPoolBuilder::new().num_threads(2).build().expect("pool");
    let a = one_thread.install(|| generate_many(&s, 6));
    let b = two_threads.install(|| generate_many(&s, 6));
    assert_eq!(a, b);
    for (i, g) in a.into_iter().enumerate() {
        let g = g.expect("generated");
        assert_sound(&g);
        assert_eq!(g, generate(&s.with_seed(1000 + i as u64)).expect("generated"));
    }
}

#[test]
fn clue_patterns_have_the_asked_symmetry() {
    for n in [6, 9] {
        for sym in Symmetry::ALL {
            let g = generate(&GenerateSpec { symmetry: sym, ..spec(n) }.with_seed(5)).expect("generated");
            assert_sound(&g);
            assert!(sym.holds(n, g.puzzle.givens().values()), "{sym} {n}: {}", g.puzzle.givens());
            let expected = if sym == Symmetry::None { Minimality::Cells } else { Minimality::Orbits };
            assert_eq!(g.minimality, expected);
        }
    }
}

#[test]
fn a_clue_target_is_met_exactly_when_it_can_be() {
    let g = generate(&GenerateSpec { clues: Some(40), ..spec(9) }.with_seed(3)).expect("generated");
    assert_sound(&g);
    assert_eq!((g.clues, g.target_reached, g.minimality), (40, true, Minimality::NotMinimal));
    // Pairs of a half-turn: never below the target, at most one above.
    let g = generate(&GenerateSpec { clues: Some(35), symmetry: Symmetry::Rot180, ..spec(9) }.with_seed(3))
        .expect("generated");
    assert_sound(&g);
    assert!(g.clues == 35 || g.clues == 36, "{}", g.clues);
    assert!(Symmetry::Rot180.holds(9, g.puzzle.givens().values()));
    // 9×9 puzzles with 16 clues do not exist: best effort, reported.
    let g = generate(&GenerateSpec { clues: Some(16), max_attempts: 3, ..spec(9) }.with_seed(3)).expect("generated");
    assert_sound(&g);
    assert!(!g.target_reached && g.clues > 16);
    assert_eq!((g.attempts, g.minimality), (3, Minimality::Cells));
    // With --minimal the target is a bound on a minimal puzzle, tried over several grids.
    let g = generate(&GenerateSpec { clues: Some(25), minimal: true, ..spec(9) }.with_seed(3)).expect("generated");
    assert_sound(&g);
    assert!(g.target_reached && g.clues <= 25);
    assert_eq!(g.minimality, Minimality::Cells);
    assert_minimal(&g.puzzle);
}

#[test]
fn the_difficulty_filter_keeps_only_that_grade() {
    for grade in Grade::ALL {
        let g = generate(&GenerateSpec { difficulty: Some(grade), ..spec(9) }.with_seed(11)).expect("generated");
        assert_sound(&g);
        assert_eq!(g.rating.as_ref().map(|r| r.grade), Some(grade));
        assert_eq!(rate(&g.puzzle).expect("rated").grade, grade);
    }
    // 4×4 puzzles are all easy: asking for expert fails after the attempts, saying what it saw.
    let e = generate(&GenerateSpec { difficulty: Some(Grade::Expert), max_attempts: 5, ..spec(4) }).expect_err("none");
    assert_eq!(e, GenerateError::DifficultyNotReached { wanted: Grade::Expert, attempts: 5, seen: [5, 0, 0, 0] });
}

#[test]
fn variants_are_generated_through_their_rows() {
    let jigsaw = [
        "122223333",
        "124425553",
        "122444453",
        "124464553",
        "116666553",
        "711686653",
        "717688889",
        "777889999",
        "777889999",
    ];
    let mut regions = vec![Vec::new(); 9];
    for (r, row) in jigsaw.iter().enumerate() {
        for (c, ch) in row.bytes().enumerate() {
            regions[(ch - b'1') as usize].push(r * 9 + c);
        }
    }
    let jigsaw = Geometry::with_regions(9, regions).expect("jigsaw");
    let cases = [
        GenerateSpec { rules: vec![Rule::Diagonal(Diagonal)], ..spec(9) },
        GenerateSpec { rules: vec![Rule::Windows(Windows), Rule::AntiKnight(AntiKnight)], ..spec(9) },
        GenerateSpec { rules: vec![Rule::NonConsecutive(NonConsecutive)], ..spec(6) },
        GenerateSpec::new(jigsaw),
    ];
    for s in cases {
        let g = generate(&s.with_seed(2)).expect("generated");
        assert_sound(&g);
        assert_eq!(g.puzzle.rules(), &s.rules[..]);
        assert_eq!(g.puzzle.geometry(), &s.geometry);
        assert_minimal(&g.puzzle);
    }
}

#[test]
fn killer_cages_replace_most_givens() {
    for seed in 0..3 {
        let g = generate(&GenerateSpec { killer: Some(KillerSpec::default()), ..spec(9) }.with_seed(seed))
            .expect("generated");
        assert_sound(&g);
        let Some(Rule::Killer(Killer { cages, distinct: true })) = g.puzzle.rules().first() else {
            panic!("no cages: {:?}", g.puzzle.rules())
        };
        let covered: usize = cages.iter().map(|c| c.cells.len()).sum();
        assert_eq!(covered, 81);
        assert!(cages.iter().all(|c| c.cells.len() <= 6), "cages of 2-5 cells (6 after a merge)");
        assert!(g.clues <= 10, "{} givens", g.clues);
    }
    let killer = Rule::Killer(Killer { cages: Vec::new(), distinct: true });
    let e = generate(&GenerateSpec { killer: Some(KillerSpec::default()), rules: vec![killer], ..spec(9) });
    assert!(matches!(e, Err(GenerateError::InvalidSpec { .. })), "{e:?}");
}

#[test]
fn bad_rules_are_refused() {
    let e = generate(&GenerateSpec { rules: vec![Rule::Windows(Windows)], ..spec(6) });
    assert!(matches!(e, Err(GenerateError::Rule(_))), "{e:?}");
}

#[test]
fn minimize_keeps_the_solution_and_leaves_a_minimal_puzzle() {
    let g = generate(&spec(9).with_seed(8)).expect("generated");
    assert_sound(&g);
    // From the full grid: every clue is a candidate for removal.
    let full = Puzzle::new(Geometry::new(9, None).expect("9x9"), g.solution.clone());
    let m = minimize(&full).expect("unique");
    assert_eq!(count(&m), (1, true));
    assert_eq!(milp_count(&m), Some((1, true)), "MILP proves the minimized puzzle unique too");
    assert!(check::verify(&m, &g.solution).is_empty());
    assert_minimal(&m);
    // A minimal puzzle comes back unchanged.
    assert_eq!(minimize(&g.puzzle).expect("unique"), g.puzzle);
    // Not unique, or no solution: refused.
    let blank = Puzzle::blank(Geometry::new(9, None).expect("9x9"));
    assert_eq!(minimize(&blank), Err(GenerateError::NotUnique { solutions: 2 }));
    let mut clash = Grid::empty(9);
    clash.set(Cell::new(0, 0), 5);
    clash.set(Cell::new(0, 1), 5);
    let clash = Puzzle::new(Geometry::new(9, None).expect("9x9"), clash);
    assert_eq!(minimize(&clash), Err(GenerateError::NoSolution));
}

/// A watched job notes how far it got (what the CLI's progress line shows): the minimiser its
/// clues tried of the puzzle's clues, the generator its attempt and the clues of its pass.
#[test]
fn the_minimiser_and_the_generator_note_their_progress() {
    let g = generate(&spec(9).with_seed(8)).expect("generated");
    let full = Puzzle::new(Geometry::new(9, None).expect("9x9"), g.solution.clone());
    let progress = Progress::shared();
    let m = minimize_with(&full, &Cancel::new().with_progress(progress.clone())).expect("unique");
    assert_eq!(m.stopped, None);
    assert_eq!(progress.steps(), (81, 81), "every clue of the full grid tried");

    let progress = Progress::shared();
    let mut s = GenerateSpec { difficulty: Some(Grade::Hard), max_attempts: 50, ..spec(9).with_seed(3) };
    s.cancel = Cancel::new().with_progress(progress.clone());
    let g = generate(&s).expect("generated");
    assert_eq!(progress.attempts(), g.attempts as u64, "the attempt that made the puzzle is the last noted");
    let (done, total) = progress.steps();
    assert!(done == total && total > 0, "its removal pass noted to its end: {done} of {total}");
}

/// A watched rating notes the steps of its path as it finds them: at the end, all of them.
#[test]
fn the_rater_notes_its_steps() {
    let read = |text: &str| formats::parse_puzzle(text, &formats::ParseOptions::default()).expect("puzzle");
    let puzzle = read("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........");
    let progress = Progress::shared();
    let r = rate_with(&puzzle, &Cancel::new().with_progress(progress.clone())).expect("rated");
    let steps: u64 = r.techniques.iter().map(|t| u64::from(t.count)).sum();
    assert!(steps > 50, "{steps}");
    assert_eq!(progress.steps(), (steps, 0));
}

/// A generated killer (3 givens) that logic finishes only with the 45 rule (once).
const KILLER_45: &str = r#"{"box":"3x3","givens":[".........","1......4.",".........",".........",".........",".......8.",".........",".........","........."],"rules":[{"cages":[{"cells":["r1c1","r1c2","r1c3","r2c3","r3c3"],"sum":26},{"cells":["r1c4","r2c4"],"sum":15},{"cells":["r1c5","r1c6","r1c7","r2c6","r2c7"],"sum":20},{"cells":["r1c8","r1c9","r2c8","r2c9","r3c8","r3c9"],"sum":31},{"cells":["r2c1","r2c2","r3c1","r3c2","r4c1"],"sum":23},{"cells":["r2c5","r3c5","r3c6","r3c7","r4c6"],"sum":27},{"cells":["r3c4","r4c3","r4c4","r4c5","r5c4"],"sum":29},{"cells":["r4c2","r5c2","r6c2"],"sum":16},{"cells":["r4c7","r4c8","r4c9","r5c9"],"sum":13},{"cells":["r5c1","r6c1"],"sum":10},{"cells":["r5c3","r6c3"],"sum":8},{"cells":["r5c5","r5c6","r6c5"],"sum":10},{"cells":["r5c7","r5c8","r6c8","r6c9"],"sum":23},{"cells":["r6c4","r7c3","r7c4"],"sum":13},{"cells":["r6c6","r6c7"],"sum":16},{"cells":["r7c1","r7c2"],"sum":13},{"cells":["r7c5","r7c6"],"sum":10},{"cells":["r7c7","r7c8","r7c9","r8c9"],"sum":13},{"cells":["r8c1","r8c2","r8c3","r9c1","r9c2","r9c3"],"sum":31},{"cells":["r8c4","r8c5","r9c4"],"sum":7},{"cells":["r8c6","r9c5","r9c6"],"sum":19},{"cells":["r8c7","r9c7"],"sum":13},{"cells":["r8c8","r9c8","r9c9"],"sum":19}],"type":"killer"}],"size":9}"#;

#[test]
fn killers_are_rated_with_cage_combinations_and_the_45_rule() {
    let read = |text: &str| formats::parse_puzzle(text, &formats::ParseOptions::default()).expect("puzzle");
    let seed004 = read(include_str!("../../../examples/killer.json"));
    let r = rate(&seed004).expect("rated");
    assert_eq!((r.grade, r.hardest, r.needs_search), (Grade::Easy, Some(Technique::CageCombinations), false));
    let r = rate(&read(KILLER_45)).expect("rated");
    assert_eq!((r.grade, r.hardest, r.needs_search), (Grade::Medium, Some(Technique::InniesOuties), false));
    // Generated killers: whatever the techniques place is the solution's digit (rate checks
    // every placement against the engine's solution and fails otherwise).
    let mut used = std::collections::BTreeSet::new();
    for seed in 0..6 {
        let g = generate(&GenerateSpec { killer: Some(KillerSpec::default()), ..spec(9) }.with_seed(seed))
            .expect("generated");
        let r = rate(&g.puzzle).expect("every placement agrees with the solution");
        used.extend(r.techniques.iter().map(|t| t.technique));
    }
    assert!(used.contains(&Technique::CageCombinations), "{used:?}");
}

/// The oracle placed random givens by fixing their variables at 1, over the rules' own fixings
/// at 0: a between line's middle cell given 9 lost the line's "never 1 or n" bound, the engine
/// completed the grid, and the checker refused the generated solution ("r7c2 (9) is not
/// strictly between the circles", `generate --like examples/between-line.json --seed 5`). A
/// given the rules rule out now has no solution, and every generated puzzle checks.
#[test]
fn random_givens_never_override_what_the_rules_rule_out() {
    let template =
        formats::parse_puzzle(include_str!("../../../examples/between-line.json"), &formats::ParseOptions::default())
            .expect("puzzle");
    for seed in 1..=8 {
        let spec = GenerateSpec { rules: template.rules().to_vec(), ..GenerateSpec::new(template.geometry().clone()) };
        let g = generate(&spec.with_seed(seed)).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert!(sudoku_ip_model::check::verify(&g.puzzle, &g.solution).is_empty(), "seed {seed}");
    }
}

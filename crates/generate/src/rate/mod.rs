//! A logical rater: solve the puzzle the way a person does, one step at a time with the
//! easiest technique that applies, and grade it by the hardest technique it needed.
//!
//! This file is the driver: it proves the puzzle unique, walks the path of steps (checking
//! each against the solution) and sums it up. The techniques are one file each, listed with
//! their name, grade, Sudoku Explainer weight and function in one table (`technique.rs`); the
//! position and the model's structure they read live in `logic.rs`.
//!
//! | grade    | hardest technique needed                                               |
//! |----------|------------------------------------------------------------------------|
//! | easy     | full house, hidden and naked singles, SE's direct techniques (locked candidates and hidden pairs or triples that end in a hidden single), single-row arithmetic of variant rules, cage combinations |
//! | medium   | locked candidates (pointing, claiming), naked and hidden pairs, innies and outies, set sums |
//! | hard     | naked and hidden triples and quads, X-wing, swordfish, jellyfish, skyscraper, 2-string kite, turbot fish, empty rectangle, XY-wing, XYZ-wing, unique rectangles, BUG+1 |
//! | expert   | W-wing, simple and multi-colouring, finned and sashimi fish, X-chains, remote pairs, XY-chains, Sue de Coq, alternating inference chains, ALS-XZ, ALS-XY-wing, forcing chains, forcing nets, nested forcing chains, or search |
//!
//! Next to the grade, [`Rating::rating`] is a number on the Sudoku Explainer scale: each step
//! weighs what SE publishes for its technique (see `technique.rs`), and the puzzle's rating is
//! the maximum over its path. The techniques are tried by weight, as SE takes the easiest hint
//! at every step. A puzzle that still needs search after the nested forcing chains
//! (`nested.rs`, SE 9.5 to 11+) is put at [`SEARCH_RATING`] (11.0).
//!
//! After every step the rater starts again from the easiest technique, so each technique is
//! only used where nothing easier applies; the counts say how often each one made progress.
//! Every step is compared with the engine's solution when it is taken: a placement must be the
//! solution's digit and an elimination must not be (see [`steps`]). Uniqueness techniques
//! (unique rectangles) run only for puzzles without variant rules, whose uniqueness the rater
//! has proved, and their steps say that they rely on it. The native engine's guess count (its
//! branching decisions when solving and proving uniqueness) is reported next to the grade as a
//! measure of search effort.
//!
//! ## Variants, generically
//!
//! The rater reads the puzzle's [`Model`], not its rule list, so every variant is rated by the
//! same code:
//! - every row "digit `d` exactly once / at most once in cells `C`" is a *unit* for `d`: rows,
//!   columns, boxes or jigsaw regions, windows, diagonals, extra regions, the no-repeat rows of
//!   killer cages, anti-knight and anti-king pairs. Hidden singles use the exactly-once units;
//!   locked candidates use an exactly-once unit against any unit that contains all its
//!   candidates; naked subsets work in any cell set whose units cover every digit, hidden
//!   subsets in those that are exactly-once for every digit; fish use the grid's rows and
//!   columns; wings and chains link two candidates of a digit when they share a unit for it
//!   (a strong link when the unit is exactly-once and they are its only two);
//! - every other row (cage and arrow sums, thermometers, kropki and XV implications,
//!   non-consecutive cliques) is used one row at a time by bounds: with each cell taking one of
//!   its candidates, a candidate that cannot fit the row's bounds whatever the other cells take
//!   is removed ("rule arithmetic", graded with the singles);
//! - rows that are sums of distinct digits (killer cages: every two cells share a unit for each
//!   digit) are also reduced by the digit combinations that make the sum, as a killer solver
//!   does ("cage combinations", graded with the singles: it is a killer's basic step): a candidate no fitting
//!   combination offers its cell goes, and a digit every combination holds leaves the rest of
//!   any unit that contains all the cage's cells that can take it;
//! - the 45 rule ("innies and outies", graded with locked candidates): a house, or two disjoint
//!   houses, sums to a known total, so the few cells its inside cages leave, or the few its
//!   crossing cages add, form a new sum row, reduced by bounds and combinations. Larger
//!   unions of houses and chains of such rows are not attempted, so a killer may still rate
//!   harder than an expert setter would find it;
//! - set sums (graded with innies and outies): the sums the model adds up from several clues
//!   (three parallel little killers: `combined_sum` rows), bounded house by house, since the
//!   cells of one house hold distinct digits (`set_sums.rs`);
//! - chains (X-chains, XY-chains, AIC with grouped nodes) take their weak links from every
//!   at-most-one row of the model and their strong links from every exactly-one row with two
//!   open variables, so a chain may pass through a variant's rows (see `aic.rs`);
//! - forcing chains assume a candidate and propagate singles over all units and every
//!   at-most-one row of the model (so across any variant): a contradiction removes it;
//!   forcing nets assume each candidate of a cell (at most 4) or each place of a unit's digit
//!   (at most 4) in turn and keep what every branch agrees on;
//! - almost locked sets and Sue de Coq use any house of the model and its "sees" (see
//!   `als.rs`; the ALS techniques on grids of up to 128 cells).

mod aic;
mod als;
mod als_wings;
mod arithmetic;
mod bug;
mod chains;
mod clue_logic;
mod colouring;
mod fish;
mod forcing;
mod innies_outies;
mod intersections;
mod logic;
mod memo;
mod nested;
mod quick;
mod remote_pair;
mod set_sums;
mod singles;
mod step;
mod subsets;
mod technique;
mod unique_loop;
mod uniqueness;
mod wings;

use serde::Serialize;
use sudoku_ip_model::{Backend, Cancel, Grid, Limits, Model, Puzzle, SearchEnd, SearchRequest};
use sudoku_ip_native::Native;

use self::arithmetic::CellRow;
use self::logic::{any_bit_subset, any_narrow_subset, any_subset, bit, digits, is_line, is_region, Logic};
pub use self::step::{format_candidates, parse_candidates, Candidate, CandidatesError, Explanation, Position, Step};
pub use self::technique::{Grade, SeRating, Technique};
use crate::GenerateError;

/// The rating of a puzzle that the techniques (nested forcing chains included) do not
/// finish: it needs deeper nesting than the rater tries, the top of SE's scale.
pub const SEARCH_RATING: SeRating = SeRating(110);

/// How often a technique made progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TechniqueCount {
    /// The technique.
    pub technique: Technique,
    /// Steps that placed a digit or removed candidates with it.
    pub count: u32,
}

/// The difficulty of a unique puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Rating {
    /// The grade.
    pub grade: Grade,
    /// The difficulty on the Sudoku Explainer scale: the hardest step of the path, or
    /// [`SEARCH_RATING`] when the techniques do not finish the puzzle.
    pub rating: SeRating,
    /// The hardest technique used (`None` when the givens already fill the grid).
    pub hardest: Option<Technique>,
    /// Techniques that made progress, in the order they are tried, with counts.
    pub techniques: Vec<TechniqueCount>,
    /// True when the techniques alone do not finish the puzzle.
    pub needs_search: bool,
    /// Empty cells left when the techniques got stuck (0 when solved).
    pub stuck_empty: usize,
    /// Branching decisions of the native engine to solve the puzzle and prove it unique.
    pub guesses: u64,
    /// Number of givens.
    pub givens: usize,
}

/// Rate a puzzle. It must have exactly one solution (checked with the native engine), since
/// logic alone never finishes a puzzle with two.
pub fn rate(puzzle: &Puzzle) -> Result<Rating, GenerateError> {
    rate_with(puzzle, &Cancel::default())
}

/// [`rate`] until `cancel` says stop: the uniqueness search and the path of steps read it (the
/// path between steps), and a stopped rating is [`GenerateError::Stopped`]. The steps found so
/// far are noted in its progress record (what `rate`'s progress line shows).
pub fn rate_with(puzzle: &Puzzle, cancel: &Cancel) -> Result<Rating, GenerateError> {
    rating(puzzle, cancel, true)
}

/// [`rate_with`] for a job that notes its own progress in `cancel` (the generator): the steps
/// are not noted.
pub(crate) fn rate_quietly(puzzle: &Puzzle, cancel: &Cancel) -> Result<Rating, GenerateError> {
    rating(puzzle, cancel, false)
}

fn rating(puzzle: &Puzzle, cancel: &Cancel, note: bool) -> Result<Rating, GenerateError> {
    let explained = walk(puzzle, None, false, note, cancel)?.0;
    let mut counts = [0u32; Technique::ALL.len()];
    for s in &explained.steps {
        counts[s.technique as usize] += 1;
    }
    let techniques: Vec<TechniqueCount> = Technique::ALL
        .iter()
        .zip(counts)
        .filter(|(_, c)| *c > 0)
        .map(|(&technique, count)| TechniqueCount { technique, count })
        .collect();
    let hardest = techniques.iter().map(|t| t.technique).max();
    let needs_search = explained.stuck_empty > 0;
    let grade = if needs_search {
        Grade::Expert
    } else {
        techniques.iter().map(|t| t.technique.grade()).max().unwrap_or(Grade::Easy)
    };
    let path_rating = explained.steps.iter().map(|s| s.rating).max().unwrap_or(SeRating(10));
    Ok(Rating {
        grade,
        rating: if needs_search { path_rating.max(SEARCH_RATING) } else { path_rating },
        hardest,
        techniques,
        needs_search,
        stuck_empty: explained.stuck_empty,
        guesses: explained.guesses,
        givens: puzzle.givens().filled(),
    })
}

/// The unique solution of `puzzle` and the engine's guesses to find and prove it.
fn unique_solution(model: &Model, cancel: &Cancel) -> Result<(Vec<u8>, u64), GenerateError> {
    let limits = Limits { cancel: cancel.clone(), ..Limits::default() };
    let result = Native.search(model, &SearchRequest::count(2, 1).with_limits(limits))?;
    match (&result.end, result.count) {
        (SearchEnd::Stopped { reason }, _) => return Err(GenerateError::Stopped { reason: reason.clone() }),
        (_, 0) => return Err(GenerateError::NoSolution),
        (_, 1) => {}
        (_, count) => return Err(GenerateError::NotUnique { solutions: count }),
    }
    let solution: &Grid = result.solutions.first().ok_or(GenerateError::NoSolution)?;
    Ok((solution.values().to_vec(), result.stats.guesses.unwrap_or(0)))
}

/// The logic of a unique puzzle at its starting position (its givens, or the candidates a
/// person has left: `start`), with the engine's solution and its guesses; the uniqueness
/// search reads `cancel` at every decision.
fn begin(puzzle: &Puzzle, start: Option<&Position>, cancel: &Cancel) -> Result<(Logic, Vec<u8>, u64), GenerateError> {
    let model = Model::build(puzzle);
    let (solution, guesses) = unique_solution(&model, cancel)?;
    let mut logic = Logic::new(&model, puzzle.rules().is_empty());
    logic.cancel = cancel.clone();
    if let Some(start) = start {
        logic.restrict(start, &solution)?;
    }
    Ok((logic, solution, guesses))
}

/// The whole logical path, and with `record` the position before each step and the last one;
/// `cancel` is read before each step, and with `note` the steps found are noted in its progress
/// record.
fn walk(
    puzzle: &Puzzle,
    start: Option<&Position>,
    record: bool,
    note: bool,
    cancel: &Cancel,
) -> Result<(Explanation, Vec<Position>), GenerateError> {
    let (mut logic, solution, guesses) = begin(puzzle, start, cancel)?;
    let mut path = Vec::new();
    let mut positions = Vec::new();
    loop {
        if record {
            positions.push(logic.snapshot());
        }
        let Some(step) = logic.next_step() else { break };
        logic.check(&step, &solution)?;
        logic.take(&step);
        path.push(step);
        // A watcher's progress line shows the steps found so far (no total: the path's length
        // is not known before it ends).
        if note {
            cancel.note_steps(path.len() as u64, 0);
        }
    }
    if let Some(reason) = logic.stopped.take() {
        return Err(GenerateError::Stopped { reason });
    }
    if logic.broken {
        return Err(GenerateError::InvalidSolution {
            violation: "the rater reached a contradiction on a unique puzzle".into(),
        });
    }
    let stuck_empty = logic.value.iter().filter(|&&v| v == 0).count();
    Ok((Explanation { steps: path, stuck_empty, guesses }, positions))
}

/// [`steps`] until `cancel` says stop (the uniqueness search, and each step between its
/// techniques, read it): a stopped path is [`GenerateError::Stopped`].
pub fn steps_with(puzzle: &Puzzle, start: Option<&Position>, cancel: &Cancel) -> Result<Explanation, GenerateError> {
    Ok(walk(puzzle, start, false, false, cancel)?.0)
}

/// The whole logical path of a unique puzzle, from its givens or from the candidates a person
/// has left (`start`, as [`parse_candidates`] reads them: they must keep every digit of the
/// solution). Every step is checked against the engine's solution as it is taken.
pub fn steps(puzzle: &Puzzle, start: Option<&Position>) -> Result<Explanation, GenerateError> {
    steps_with(puzzle, start, &Cancel::default())
}

/// [`steps`], with the candidates before each step and after the last one (`steps.len() + 1`
/// positions; see [`position`]): what a step-through or a picture of each step shows.
pub fn steps_with_positions(
    puzzle: &Puzzle,
    start: Option<&Position>,
) -> Result<(Explanation, Vec<Position>), GenerateError> {
    steps_with_positions_within(puzzle, start, &Cancel::default())
}

/// [`steps_with_positions`] until `cancel` says stop (see [`steps_with`]).
pub fn steps_with_positions_within(
    puzzle: &Puzzle,
    start: Option<&Position>,
    cancel: &Cancel,
) -> Result<(Explanation, Vec<Position>), GenerateError> {
    walk(puzzle, start, true, false, cancel)
}

/// The candidates and filled cells after the first `upto` steps of the path from the givens or
/// from `start`: what a step-through shows before step `upto`; [`format_candidates`] writes
/// its candidates as a candidate string.
pub fn position(puzzle: &Puzzle, start: Option<&Position>, upto: usize) -> Result<Position, GenerateError> {
    let (mut logic, solution, _) = begin(puzzle, start, &Cancel::default())?;
    for _ in 0..upto {
        let Some(step) = logic.next_step() else { break };
        logic.check(&step, &solution)?;
        logic.take(&step);
    }
    Ok(logic.snapshot())
}

/// The next step of a unique puzzle from its givens or from `start` (see [`steps`]), `None`
/// when the puzzle is solved or no technique applies (it needs search from here), and the
/// position it starts from (see [`position`]).
pub fn next_step(puzzle: &Puzzle, start: Option<&Position>) -> Result<(Option<Step>, Position), GenerateError> {
    next_step_with(puzzle, start, &Cancel::default())
}

/// [`next_step`] until `cancel` says stop (see [`steps_with`]).
pub fn next_step_with(
    puzzle: &Puzzle,
    start: Option<&Position>,
    cancel: &Cancel,
) -> Result<(Option<Step>, Position), GenerateError> {
    let (mut logic, solution, _) = begin(puzzle, start, cancel)?;
    let position = logic.snapshot();
    let step = logic.next_step();
    if let Some(reason) = logic.stopped.take() {
        return Err(GenerateError::Stopped { reason });
    }
    if let Some(step) = &step {
        logic.check(step, &solution)?;
    }
    Ok((step, position))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_ip_formats as formats;

    /// Generated puzzles, cross-checked with the sudoku crate's strategy solver: singles do not
    /// finish them, and adding locked candidates (resp. up to X-wing) does.
    const MEDIUM: &str = ".1..7...6...8.5...3.4......625.8..7......68..83...4..9..7............5.1....6.28.";
    const X_WING: &str = "..61....837........5..2..1..4....5....5.4692.6.2.......3.2.7....2..6...4...9..8..";

    fn puzzle(line: &str) -> Puzzle {
        formats::parse_puzzle(line, &formats::ParseOptions::default()).expect("puzzle parses")
    }

    #[test]
    fn a_singles_puzzle_is_easy() {
        // The classic Wikipedia example: singles all the way.
        let r = rate(&puzzle("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"))
            .expect("unique");
        assert_eq!(r.grade, Grade::Easy, "{r:?}");
        assert!(!r.needs_search);
        assert_eq!(r.stuck_empty, 0);
        assert!(r.techniques.iter().all(|t| t.technique.grade() == Grade::Easy));
        assert_eq!(r.techniques.iter().map(|t| t.count).sum::<u32>(), 81 - 30, "one single per empty cell");
    }

    #[test]
    fn locked_candidates_make_a_puzzle_medium() {
        // A puzzle the sudoku crate's strategy solver also needs locked candidates for; it is
        // rated medium with locked candidates its hardest technique, and every technique
        // counted is used at least once.
        let r = rate(&puzzle(MEDIUM)).expect("unique");
        assert_eq!((r.grade, r.hardest), (Grade::Medium, Some(Technique::LockedCandidates)), "{r:?}");
        assert!(r.techniques.iter().all(|t| t.count > 0));
    }

    #[test]
    fn an_x_wing_makes_a_puzzle_hard() {
        // The sudoku crate's strategy solver needs an X-wing for this one too (and fails with
        // singles, locked candidates, pairs and triples).
        let r = rate(&puzzle(X_WING)).expect("unique");
        assert_eq!((r.grade, r.hardest), (Grade::Hard, Some(Technique::XWing)), "{r:?}");
        assert!(!r.needs_search);
    }

    #[test]
    fn a_hardest_forum_puzzle_needs_nested_chains() {
        // From ../shared/data/sudoku9/puzzles6_forum_hardest_1106: the plain and "plus"
        // forcing chains stall on it; the nested ones finish it, above 10.
        let r = rate(&puzzle("12.3....435....1....4........54..2..6...7.........8.9...31..5.......9.7.....6...8"))
            .expect("unique");
        assert_eq!(r.grade, Grade::Expert, "{r:?}");
        assert!(!r.needs_search && r.stuck_empty == 0 && r.guesses > 0, "{r:?}");
        assert!(r.rating >= SeRating(100), "{r:?}");
        assert!(r.techniques.iter().any(|t| t.technique == Technique::NestedForcingChain), "{r:?}");
    }

    #[test]
    fn two_solutions_are_refused() {
        let e = rate(&puzzle(&".".repeat(81))).expect_err("not unique");
        assert_eq!(e, GenerateError::NotUnique { solutions: 2 });
    }
}

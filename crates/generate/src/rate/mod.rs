//! A logical rater: solve the puzzle the way a person does, one step at a time with the
//! easiest technique that applies, and grade it by the hardest technique it needed.
//!
//! | grade    | hardest technique needed                                               |
//! |----------|------------------------------------------------------------------------|
//! | easy     | hidden and naked singles (and single-row arithmetic of variant rules, cage combinations) |
//! | medium   | locked candidates (pointing, claiming), naked and hidden pairs, innies and outies |
//! | hard     | naked and hidden triples and quads, X-wing, swordfish, jellyfish, XY-wing, XYZ-wing, unique rectangles, BUG+1 |
//! | expert   | single-digit patterns (skyscraper, 2-string kite, turbot fish, empty rectangle, finned and sashimi fish), W-wing, simple and multi-colouring, X-chains, remote pairs, XY-chains, Sue de Coq, alternating inference chains, ALS-XZ, ALS-XY-wing, forcing chains, forcing nets, or search |
//!
//! Next to the grade, [`Rating::rating`] is a number on the Sudoku Explainer scale: each step
//! weighs what SE publishes for its technique ("Difficulty ratings in Sudoku Explainer v1.2.1":
//! hidden single 1.2 in a box and 1.5 in a line, naked single 2.3, pointing 2.6, claiming 2.8,
//! naked pair 3.0, X-wing 3.2, hidden pair 3.4, naked triple 3.6, swordfish 3.8, hidden triple
//! 4.0, XY-wing 4.2, XYZ-wing 4.4, unique rectangle 4.5 (type 3: + the size of its naked set),
//! naked quad 5.0, jellyfish 5.2, hidden quad 5.4, BUG+1 5.6, forcing X- and Y-chains 6.6,
//! forcing chains (AIC) 7.0, dynamic forcing chains 8.8–9.6, nested ones up to 11+), and the
//! puzzle's rating is the maximum over its path. Where SE has no technique (the variant steps,
//! HoDoKu's single-digit patterns) the weight is ours and says so in [`Technique::se_rating`].
//! Chains found by the chain engine (X-chains, remote pairs, XY-chains, AIC) add SE's length
//! bonus to their base: +0.1 past each of 4, 6, 8, 12, 16, 24, … nodes. A puzzle that still needs
//! search after the forcing chains is put at [`SEARCH_RATING`] (11.0): it needs nested chains
//! at least, the top of SE's scale.
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
mod arithmetic;
mod chains;
mod colouring;
mod fish;
mod forcing;
mod innies_outies;
mod intersections;
mod memo;
mod singles;
mod step;
mod subsets;
mod uniqueness;
mod wings;

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize, Serializer};
use sudoku_ip_model::{Backend, Cancel, Cell, Grid, Limits, Model, Puzzle, SearchEnd, SearchRequest, Sense};
use sudoku_ip_native::Native;

use self::arithmetic::{CellRow, SumRow};
use self::step::removals_text;
pub use self::step::{format_candidates, parse_candidates, Candidate, CandidatesError, Explanation, Position, Step};
use crate::GenerateError;

/// The rating of a puzzle that the techniques (forcing chains included) do not finish: it
/// needs at least SE's nested forcing chains, the top of the scale.
pub const SEARCH_RATING: SeRating = SeRating(110);

/// How hard a puzzle is for a person.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Grade {
    /// Singles only.
    Easy,
    /// Locked candidates, pairs.
    Medium,
    /// Triples and quads, X-wing to jellyfish, XY- and XYZ-wings, unique rectangles.
    Hard,
    /// Chains, forcing chains, or search beyond them.
    Expert,
}

impl Grade {
    /// Every grade, easiest first.
    pub const ALL: [Grade; 4] = [Grade::Easy, Grade::Medium, Grade::Hard, Grade::Expert];

    /// Name as on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Grade::Easy => "easy",
            Grade::Medium => "medium",
            Grade::Hard => "hard",
            Grade::Expert => "expert",
        }
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Grade {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        crate::by_name(s, &Grade::ALL, Grade::name, "difficulty")
    }
}

/// A difficulty on the Sudoku Explainer scale, in tenths (`SeRating(23)` is 2.3); written and
/// serialized as the decimal number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SeRating(pub u16);

impl SeRating {
    /// The rating as a number (2.3).
    pub fn value(self) -> f64 {
        f64::from(self.0) / 10.0
    }
}

impl fmt::Display for SeRating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

impl Serialize for SeRating {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.value())
    }
}

/// A solving technique, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Technique {
    /// The only cell of a unit that can hold a digit.
    HiddenSingle,
    /// A cell with one candidate left.
    NakedSingle,
    /// A variant row (sum, thermometer, dot…) rules a candidate out on its own.
    RuleArithmetic,
    /// A sum of distinct digits (a killer cage) keeps the digits of its fitting combinations.
    CageCombinations,
    /// A unit's candidates for a digit all lie in another unit (pointing, claiming).
    LockedCandidates,
    /// The "45 rule": a house's digits sum to n(n+1)/2, so the cells its inside cages leave
    /// (innies), or the cells its crossing cages add (outies), have a known sum.
    InniesOuties,
    /// Two cells of a unit with the same two candidates.
    NakedPair,
    /// Two digits confined to the same two cells of a unit.
    HiddenPair,
    /// Three cells of a unit with three candidates between them.
    NakedTriple,
    /// Three digits confined to the same three cells of a unit.
    HiddenTriple,
    /// A digit confined to the same two columns in two rows (or the transpose).
    XWing,
    /// A digit confined to the same three columns in three rows (or the transpose).
    Swordfish,
    /// A bivalue pivot {x,y} sees pincers {x,z} and {y,z}: cells seeing both pincers lose z.
    XyWing,
    /// A pivot {x,y,z} sees pincers {x,z} and {y,z}: cells seeing all three lose z.
    XyzWing,
    /// Unique rectangle types 1–4: four cells in two rows, columns and boxes hold {x,y} and
    /// must not be left with only those (relies on the puzzle being unique).
    UniqueRectangle,
    /// Four cells of a unit with four candidates between them.
    NakedQuad,
    /// A digit confined to the same four columns in four rows (or the transpose).
    Jellyfish,
    /// Four digits confined to the same four cells of a unit.
    HiddenQuad,
    /// Bivalue universal grave + 1: every open cell holds two candidates but one, which holds
    /// three; that cell takes the digit that appears three times in its units (relies on the
    /// puzzle being unique).
    BugPlusOne,
    /// Two strong links of a digit in parallel lines whose ends share a line.
    Skyscraper,
    /// Two strong links of a digit, in a row and a column, whose ends share a box.
    TwoStringKite,
    /// Two strong links of a digit joined by a weak link (any other units).
    TurbotFish,
    /// A box whose candidates of a digit lie in one row and one column, and a strong link of
    /// the digit that starts in that row (or column).
    EmptyRectangle,
    /// Two bivalue cells {x,y} joined by a strong link on y: cells seeing both lose x.
    WWing,
    /// The strong links of a digit, coloured in two alternating colours: a colour that sees
    /// itself is false, a cell that sees both colours loses the digit.
    SimpleColouring,
    /// Two clusters of a digit's strong links: when a colour of one sees a colour of the other,
    /// one of the two opposite colours holds the digit.
    MultiColouring,
    /// A fish whose base lines have extra candidates (fins) in one box: cells of the cover lines
    /// in that box lose the digit (sashimi: a base line is left with one cover cell).
    FinnedFish,
    /// An alternating chain of strong and weak links on one digit.
    XChain,
    /// An XY-chain of bivalue cells that all hold the same two digits.
    RemotePair,
    /// A chain of bivalue cells, each linked to the next on a shared digit.
    XyChain,
    /// Cells where two houses cross, with cells of each house outside the other, hold as many
    /// digits as cells (no digit in both outer parts): each digit is there once.
    SueDeCoq,
    /// An alternating inference chain over any links of the model (digits, cells, grouped
    /// nodes, variant rows): one of its ends is true.
    Aic,
    /// Two almost locked sets (m cells, m + 1 digits, in one house) with a restricted common
    /// digit: one of them holds each other digit they share.
    AlsXz,
    /// An almost locked set linked to two others by two restricted common digits: one of those
    /// two holds each other digit they share.
    AlsXyWing,
    /// Assuming a candidate leads, by singles, to a contradiction: it goes.
    ForcingChain,
    /// Every candidate of a cell, or every place of a unit's digit, assumed in turn: what all
    /// of them lead to by singles holds.
    ForcingNet,
}

impl Technique {
    /// Every technique, in the order they are tried.
    pub const ALL: [Technique; 36] = [
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::RuleArithmetic,
        Technique::CageCombinations,
        Technique::LockedCandidates,
        Technique::InniesOuties,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::XWing,
        Technique::Swordfish,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::UniqueRectangle,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::BugPlusOne,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::TurbotFish,
        Technique::EmptyRectangle,
        Technique::WWing,
        Technique::SimpleColouring,
        Technique::MultiColouring,
        Technique::FinnedFish,
        Technique::XChain,
        Technique::RemotePair,
        Technique::XyChain,
        Technique::SueDeCoq,
        Technique::Aic,
        Technique::AlsXz,
        Technique::AlsXyWing,
        Technique::ForcingChain,
        Technique::ForcingNet,
    ];

    /// Name for people.
    pub fn name(self) -> &'static str {
        match self {
            Technique::HiddenSingle => "hidden single",
            Technique::NakedSingle => "naked single",
            Technique::RuleArithmetic => "rule arithmetic",
            Technique::LockedCandidates => "locked candidates",
            Technique::CageCombinations => "cage combinations",
            Technique::InniesOuties => "innies and outies",
            Technique::NakedPair => "naked pair",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::HiddenTriple => "hidden triple",
            Technique::XWing => "x-wing",
            Technique::Swordfish => "swordfish",
            Technique::XyWing => "xy-wing",
            Technique::XyzWing => "xyz-wing",
            Technique::UniqueRectangle => "unique rectangle",
            Technique::NakedQuad => "naked quad",
            Technique::Jellyfish => "jellyfish",
            Technique::HiddenQuad => "hidden quad",
            Technique::BugPlusOne => "bug+1",
            Technique::EmptyRectangle => "empty rectangle",
            Technique::MultiColouring => "multi-colouring",
            Technique::FinnedFish => "finned fish",
            Technique::XChain => "x-chain",
            Technique::RemotePair => "remote pair",
            Technique::XyChain => "xy-chain",
            Technique::Aic => "alternating inference chain",
            Technique::Skyscraper => "skyscraper",
            Technique::TwoStringKite => "2-string kite",
            Technique::TurbotFish => "turbot fish",
            Technique::WWing => "w-wing",
            Technique::SimpleColouring => "simple colouring",
            Technique::ForcingChain => "forcing chain",
            Technique::SueDeCoq => "sue de coq",
            Technique::AlsXz => "als-xz",
            Technique::AlsXyWing => "als-xy-wing",
            Technique::ForcingNet => "forcing net",
        }
    }

    /// The grade of a puzzle whose hardest technique this is.
    pub fn grade(self) -> Grade {
        match self {
            Technique::HiddenSingle
            | Technique::NakedSingle
            | Technique::RuleArithmetic
            | Technique::CageCombinations => Grade::Easy,
            Technique::LockedCandidates | Technique::InniesOuties | Technique::NakedPair | Technique::HiddenPair => {
                Grade::Medium
            }
            Technique::NakedTriple
            | Technique::HiddenTriple
            | Technique::XWing
            | Technique::Swordfish
            | Technique::XyWing
            | Technique::XyzWing
            | Technique::UniqueRectangle
            | Technique::NakedQuad
            | Technique::Jellyfish
            | Technique::HiddenQuad
            | Technique::BugPlusOne => Grade::Hard,
            Technique::Skyscraper
            | Technique::TwoStringKite
            | Technique::TurbotFish
            | Technique::WWing
            | Technique::SimpleColouring
            | Technique::EmptyRectangle
            | Technique::MultiColouring
            | Technique::FinnedFish
            | Technique::XChain
            | Technique::RemotePair
            | Technique::XyChain
            | Technique::Aic
            | Technique::SueDeCoq
            | Technique::AlsXz
            | Technique::AlsXyWing
            | Technique::ForcingChain
            | Technique::ForcingNet => Grade::Expert,
        }
    }

    /// The technique's weight on the Sudoku Explainer scale (its base weight; a step may weigh
    /// a little less, as a hidden single in a box (1.2) or a pointing (2.6)). SE has no variant
    /// steps: rule arithmetic and cage combinations weigh as a naked single, innies and outies
    /// as claiming. SE finds skyscrapers, kites, turbot fish, empty rectangles, finned fish,
    /// W-wings and colourings as its forcing X-chains; we give them 6.6, the chain engine's
    /// X-chains, remote pairs and XY-chains 6.6 and its AIC 7.0 plus the length bonus (see
    /// `aic.rs`), SE's forcing X/Y-chain and forcing chain bases; our forcing chain (a
    /// contradiction reached by singles from one assumption) SE's dynamic forcing chain base,
    /// 8.8. SE has no ALS or Sue de Coq: we weigh them by HoDoKu's order (Sue de Coq with the
    /// X-chains at 6.6, ALS-XZ with AIC at 7.0, ALS-XY-wing 7.2), and forcing nets (several
    /// assumptions that agree) 9.0, SE's dynamic forcing chains (+).
    pub fn se_rating(self) -> SeRating {
        SeRating(match self {
            Technique::HiddenSingle => 15,
            Technique::NakedSingle | Technique::RuleArithmetic | Technique::CageCombinations => 23,
            Technique::LockedCandidates | Technique::InniesOuties => 28,
            Technique::NakedPair => 30,
            Technique::XWing => 32,
            Technique::HiddenPair => 34,
            Technique::NakedTriple => 36,
            Technique::Swordfish => 38,
            Technique::HiddenTriple => 40,
            Technique::XyWing => 42,
            Technique::XyzWing => 44,
            Technique::UniqueRectangle => 45,
            Technique::NakedQuad => 50,
            Technique::Jellyfish => 52,
            Technique::HiddenQuad => 54,
            Technique::BugPlusOne => 56,
            Technique::Skyscraper
            | Technique::TwoStringKite
            | Technique::TurbotFish
            | Technique::EmptyRectangle
            | Technique::WWing
            | Technique::SimpleColouring
            | Technique::MultiColouring
            | Technique::FinnedFish
            | Technique::XChain
            | Technique::RemotePair
            | Technique::XyChain
            | Technique::SueDeCoq => 66,
            Technique::Aic | Technique::AlsXz => 70,
            Technique::AlsXyWing => 72,
            Technique::ForcingChain => 88,
            Technique::ForcingNet => 90,
        })
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

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
    let grade = if needs_search { Grade::Expert } else { hardest.map_or(Grade::Easy, Technique::grade) };
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

/// "Digit `d` at most (`exact`: exactly) once in `cells`".
struct Unit {
    digit: u8,
    cells: Vec<u32>,
    exact: bool,
    /// For people: "row 3", "box 5", "cage2".
    label: String,
}

/// A cell set in which all digits differ (`full`: each digit exactly once).
struct House {
    cells: Vec<u32>,
    full: bool,
    label: String,
}

/// Candidates and placements, and the structure of the model they live in.
#[derive(Clone)]
struct State {
    /// Per cell: candidate digits, bit `d − 1` (0 once placed).
    cand: Vec<u64>,
    /// Per cell: the placed digit, 0 if none.
    value: Vec<u8>,
    /// Per unit: its digit is placed in one of its cells.
    done: Vec<bool>,
    broken: bool,
}

/// Candidates and placements, and the structure of the model they live in.
struct Logic {
    n: usize,
    /// Per cell: candidate digits, bit `d − 1` (0 once placed).
    cand: Vec<u64>,
    /// Per cell: the placed digit, 0 if none.
    value: Vec<u8>,
    units: Vec<Unit>,
    /// Per variable: the units that contain it.
    units_of: Vec<Vec<u32>>,
    /// Per unit: its digit is placed in one of its cells.
    done: Vec<bool>,
    /// Rows "at most one of these variables", over several digits: placements rule out the rest.
    cliques: Vec<Vec<u32>>,
    /// Per clique: exactly one (an `=` row), so its last two open variables are a strong link.
    clique_exact: Vec<bool>,
    cliques_of: Vec<Vec<u32>>,
    houses: Vec<House>,
    rows: Vec<CellRow>,
    /// Rows of `rows` that are sums of distinct digits.
    sums: Vec<(usize, SumRow)>,
    /// Rows the 45 rule derives from houses and cages, each with its combinations when its cells
    /// all see each other.
    derived: Vec<(CellRow, Option<SumRow>)>,
    /// No variant rule: swapping two digits in a rectangle keeps a solution a solution, which
    /// the uniqueness techniques rely on.
    plain: bool,
    broken: bool,
    /// Per variable: the cells whose same digit it excludes (a bit per cell; empty until the
    /// ALS techniques first need it, on grids of at most 128 cells).
    peers: Vec<u128>,
    /// The ALS of the last position the ALS techniques looked at.
    als_cache: Option<als::AlsCache>,
    /// Exactly-once units of one digit that share two cells or more (see
    /// [`Logic::unit_crossings`]).
    crossings: Vec<(u32, u32)>,
    /// Per digit `d` (at `d`): its exactly-once units, in order.
    exact_units: Vec<Vec<u32>>,
    /// What the techniques that search digit by digit found nothing in (see `memo.rs`).
    memo: memo::Memo,
    /// The digits (bit `d − 1`) such a technique is to search now: all but those [`memo::Memo`]
    /// knows to give nothing.
    scope: u64,
    /// Read before each technique: one step of a big grid can take seconds.
    cancel: Cancel,
    /// Why the last [`Logic::next_step`] stopped before it found a step, if it did.
    stopped: Option<String>,
}

fn bit(d: u8) -> u64 {
    1u64 << (d - 1)
}

fn digits(mask: u64) -> impl Iterator<Item = u8> {
    let mut m = mask;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let d = m.trailing_zeros() as u8 + 1;
            m &= m - 1;
            d
        })
    })
}

/// Calls `f` on each `k`-subset of `0..len` (as sorted indices) until it returns true.
fn any_subset(len: usize, k: usize, f: &mut impl FnMut(&[usize]) -> bool) -> bool {
    fn go(start: usize, len: usize, k: usize, pick: &mut Vec<usize>, f: &mut impl FnMut(&[usize]) -> bool) -> bool {
        if pick.len() == k {
            return f(pick);
        }
        for i in start..len {
            pick.push(i);
            if go(i + 1, len, k, pick, f) {
                return true;
            }
            pick.pop();
        }
        false
    }
    go(0, len, k, &mut Vec::with_capacity(k), f)
}

/// Calls `f` on each `k`-subset of `0..masks.len()` (as sorted indices, in the order of
/// [`any_subset`]) whose masks together have at most `most` bits, until it returns true;
/// a partial subset whose masks' union `hopeless` rejects is not extended (`f` must fail on
/// every subset whose union holds it).
fn any_narrow_subset(
    masks: &[u64],
    k: usize,
    most: u32,
    hopeless: &impl Fn(u64) -> bool,
    f: &mut impl FnMut(&[usize]) -> bool,
) -> bool {
    struct Search<'a, H, F> {
        masks: &'a [u64],
        k: usize,
        most: u32,
        hopeless: &'a H,
        f: &'a mut F,
        pick: Vec<usize>,
    }
    impl<H: Fn(u64) -> bool, F: FnMut(&[usize]) -> bool> Search<'_, H, F> {
        fn go(&mut self, start: usize, union: u64) -> bool {
            if self.pick.len() == self.k {
                return (self.f)(&self.pick);
            }
            for i in start..self.masks.len() {
                let wider = union | self.masks[i];
                if wider.count_ones() > self.most {
                    continue;
                }
                self.pick.push(i);
                if !(self.hopeless)(wider) && self.go(i + 1, wider) {
                    return true;
                }
                self.pick.pop();
            }
            false
        }
    }
    Search { masks, k, most, hopeless, f, pick: Vec::with_capacity(k) }.go(0, 0)
}

/// Calls `f` on each `k`-subset of the bits of `mask` (as a mask), in the order [`any_subset`]
/// visits them (lowest bits first), until it returns true.
fn any_bit_subset(mask: u64, k: usize, f: &mut impl FnMut(u64) -> bool) -> bool {
    fn go(rest: u64, k: usize, acc: u64, f: &mut impl FnMut(u64) -> bool) -> bool {
        if k == 0 {
            return f(acc);
        }
        let mut m = rest;
        while m.count_ones() as usize >= k {
            let low = m & m.wrapping_neg();
            m &= m - 1;
            if go(m, k - 1, acc | low, f) {
                return true;
            }
        }
        false
    }
    go(mask, k, 0, f)
}

/// "row3_d5" → "row 3"; "box5_d1" → "box 5"; other names lose their digit suffix.
fn unit_label(row_name: &str) -> String {
    let base = match row_name.rsplit_once("_d") {
        Some((b, d)) if !d.is_empty() && d.bytes().all(|c| c.is_ascii_digit()) => b,
        _ => row_name,
    };
    let split = base.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let (word, number) = base.split_at(split);
    let word = if word == "col" { "column" } else { word };
    if number.is_empty() || word.is_empty() || word.contains('_') {
        base.replace('_', " ")
    } else {
        format!("{word} {number}")
    }
}

/// A box or jigsaw region (SE weighs a hidden single there lower than in a line).
fn is_region(label: &str) -> bool {
    label.starts_with("box") || label.starts_with("region")
}

fn is_line(label: &str) -> bool {
    label.starts_with("row ") || label.starts_with("column ")
}

impl Logic {
    fn new(model: &Model, plain: bool) -> Logic {
        let n = model.n();
        let cells = n * n;
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut logic = Logic {
            n,
            cand: vec![full; cells],
            value: vec![0; cells],
            units: Vec::new(),
            units_of: vec![Vec::new(); cells * n],
            done: Vec::new(),
            cliques: Vec::new(),
            clique_exact: Vec::new(),
            cliques_of: vec![Vec::new(); cells * n],
            houses: Vec::new(),
            rows: Vec::new(),
            sums: Vec::new(),
            derived: Vec::new(),
            plain,
            broken: false,
            peers: Vec::new(),
            als_cache: None,
            crossings: Vec::new(),
            exact_units: vec![Vec::new(); n + 1],
            memo: memo::Memo::default(),
            scope: u64::MAX,
            cancel: Cancel::default(),
            stopped: None,
        };
        // Cell sets of units → (digits with a unit there, all of them exact, label).
        let mut sets: HashMap<Vec<u32>, (u64, bool, String)> = HashMap::new();
        for row in model.rows() {
            let cell_of = |v: u32| v / n as u32;
            let digit_of = |v: u32| (v % n as u32) as u8 + 1;
            let first = row.terms.first().map(|&(v, _)| v);
            let one_cell = first.is_some_and(|f| row.terms.iter().all(|&(v, _)| cell_of(v) == cell_of(f)));
            let clique = row.rhs == 1 && row.sense != Sense::Ge && row.terms.iter().all(|&(_, a)| a == 1);
            if one_cell && clique && row.terms.len() == n && row.sense == Sense::Eq {
                continue; // a cell row: implicit in the candidates
            }
            let one_digit = first.is_some_and(|f| row.terms.iter().all(|&(v, _)| digit_of(v) == digit_of(f)));
            if clique && one_digit && !one_cell {
                let id = logic.units.len() as u32;
                let mut unit_cells: Vec<u32> = row.terms.iter().map(|&(v, _)| cell_of(v)).collect();
                unit_cells.sort_unstable();
                for &(v, _) in &row.terms {
                    logic.units_of[v as usize].push(id);
                }
                let digit = first.map_or(1, digit_of);
                let exact = row.sense == Sense::Eq;
                let label = unit_label(&row.name);
                let entry = sets.entry(unit_cells.clone()).or_insert((0, true, label.clone()));
                entry.0 |= bit(digit);
                entry.1 &= exact;
                logic.units.push(Unit { digit, cells: unit_cells, exact, label });
                continue;
            }
            if clique {
                let id = logic.cliques.len() as u32;
                for &(v, _) in &row.terms {
                    logic.cliques_of[v as usize].push(id);
                }
                logic.cliques.push(row.terms.iter().map(|&(v, _)| v).collect());
                logic.clique_exact.push(row.sense == Sense::Eq);
            }
            let mut by_cell: Vec<(u32, Vec<i64>)> = Vec::new();
            for &(v, a) in &row.terms {
                let c = cell_of(v);
                let slot = match by_cell.iter().position(|(k, _)| *k == c) {
                    Some(i) => i,
                    None => {
                        by_cell.push((c, vec![0; n]));
                        by_cell.len() - 1
                    }
                };
                by_cell[slot].1[(digit_of(v) - 1) as usize] += a as i64;
            }
            logic.rows.push(CellRow {
                cells: by_cell,
                sense: row.sense,
                rhs: row.rhs as i64,
                label: unit_label(&row.name),
            });
        }
        let mut houses: Vec<House> = sets
            .into_iter()
            .filter(|(_, (mask, _, _))| *mask == full)
            .map(|(cells, (_, exact, label))| House { full: exact && cells.len() == n, cells, label })
            .collect();
        // HashMap order is arbitrary; sort so the rating does not depend on it.
        houses.sort_by(|a, b| a.cells.cmp(&b.cells));
        logic.houses = houses;
        logic.done = vec![false; logic.units.len()];
        logic.crossings = logic.unit_crossings();
        for (u, unit) in logic.units.iter().enumerate() {
            if unit.exact {
                logic.exact_units[unit.digit as usize].push(u as u32);
            }
        }
        logic.sums = (0..logic.rows.len()).filter_map(|r| Some((r, logic.sum_row(&logic.rows[r])?))).collect();
        logic.derived = logic
            .derived_rows()
            .into_iter()
            .map(|row| {
                let sum = logic.sum_row(&row);
                (row, sum)
            })
            .collect();
        for (v, f) in model.fixed().iter().enumerate() {
            if *f == Some(false) {
                logic.cand[v / n] &= !(1u64 << (v % n));
            }
        }
        for (v, f) in model.fixed().iter().enumerate() {
            if *f == Some(true) && logic.value[v / n] == 0 {
                logic.place(v / n, (v % n) as u8 + 1);
            }
        }
        logic
    }

    fn var(&self, cell: usize, d: u8) -> usize {
        cell * self.n + d as usize - 1
    }

    fn cell(&self, k: usize) -> Cell {
        Cell::from_index(k, self.n)
    }

    fn candidate(&self, k: usize, d: u8) -> Candidate {
        Candidate { cell: self.cell(k), digit: d }
    }

    /// True when the candidates `d` of cells `a` and `b` exclude each other (they share a unit
    /// for `d`).
    fn sees(&self, a: usize, b: usize, d: u8) -> bool {
        a != b && {
            let (ua, ub) = (&self.units_of[self.var(a, d)], &self.units_of[self.var(b, d)]);
            ua.iter().any(|u| ub.contains(u))
        }
    }

    fn place(&mut self, cell: usize, d: u8) {
        if self.cand[cell] & bit(d) == 0 && self.value[cell] == 0 {
            self.broken = true;
        }
        self.value[cell] = d;
        self.cand[cell] = 0;
        let v = self.var(cell, d);
        for i in 0..self.units_of[v].len() {
            let u = self.units_of[v][i] as usize;
            self.done[u] = true;
            for j in 0..self.units[u].cells.len() {
                let k = self.units[u].cells[j] as usize;
                self.cand[k] &= !bit(d);
            }
        }
        for i in 0..self.cliques_of[v].len() {
            let q = self.cliques_of[v][i] as usize;
            for j in 0..self.cliques[q].len() {
                let w = self.cliques[q][j] as usize;
                if w != v {
                    self.cand[w / self.n] &= !(1u64 << (w % self.n));
                }
            }
        }
    }

    /// The candidates, a placed cell holding its digit's bit.
    fn position(&self) -> Vec<u64> {
        self.cand.iter().zip(&self.value).map(|(&c, &v)| if v == 0 { c } else { bit(v) }).collect()
    }

    /// The candidates and which cells are filled.
    fn snapshot(&self) -> Position {
        Position { candidates: self.position(), filled: self.value.iter().map(|&v| v != 0).collect() }
    }

    fn save(&self) -> State {
        State { cand: self.cand.clone(), value: self.value.clone(), done: self.done.clone(), broken: self.broken }
    }

    fn restore(&mut self, s: State) {
        self.cand = s.cand;
        self.value = s.value;
        self.done = s.done;
        self.broken = s.broken;
    }

    /// Start from a person's position: keep only the candidates of `start`, after checking
    /// that they keep the solution's digits, and fill the cells it says are filled (each must
    /// hold one candidate); an open cell with one candidate stays open, a naked single to find.
    fn restrict(&mut self, start: &Position, solution: &[u8]) -> Result<(), GenerateError> {
        let (masks, filled) = (&start.candidates, &start.filled);
        if masks.len() != self.cand.len() || filled.len() != self.cand.len() {
            let found = if masks.len() != self.cand.len() { masks.len() } else { filled.len() };
            return Err(CandidatesError::Length { expected: self.cand.len(), found }.into());
        }
        for (k, &mask) in masks.iter().enumerate() {
            let d = solution[k];
            if mask & bit(d) == 0 {
                return Err(CandidatesError::RemovesSolution { cell: self.cell(k), digit: d }.into());
            }
            if self.value[k] == 0 {
                self.cand[k] &= mask;
            }
        }
        for (k, &mask) in masks.iter().enumerate() {
            if !filled[k] || self.value[k] != 0 {
                continue;
            }
            if mask.count_ones() != 1 {
                return Err(CandidatesError::PlacedNotSingle { cell: self.cell(k), found: mask.count_ones() }.into());
            }
            self.place(k, solution[k]);
        }
        Ok(())
    }

    /// Fails when `step` places a digit that is not the solution's or removes one that is.
    fn check(&self, step: &Step, solution: &[u8]) -> Result<(), GenerateError> {
        let n = self.n;
        for c in &step.placements {
            if solution[c.cell.index(n)] != c.digit {
                return Err(GenerateError::InvalidSolution {
                    violation: format!("the rater's {} placed {} in {}", step.technique, c.digit, c.cell),
                });
            }
        }
        for c in &step.eliminations {
            if solution[c.cell.index(n)] == c.digit {
                return Err(GenerateError::InvalidSolution {
                    violation: format!("the rater's {} removed {} from {}", step.technique, c.digit, c.cell),
                });
            }
        }
        Ok(())
    }

    /// Take a step: its placements and eliminations.
    fn take(&mut self, step: &Step) {
        let n = self.n;
        for c in &step.eliminations {
            self.cand[c.cell.index(n)] &= !bit(c.digit);
        }
        for c in &step.placements {
            let k = c.cell.index(n);
            if self.value[k] == 0 {
                self.place(k, c.digit);
            }
        }
    }

    /// The easiest step that makes progress, `None` when solved or stuck (or contradictory:
    /// `broken`).
    fn next_step(&mut self) -> Option<Step> {
        if self.broken || self.value.iter().all(|&v| v != 0) {
            return None;
        }
        if self.cand.iter().zip(&self.value).any(|(&c, &v)| c == 0 && v == 0) {
            self.broken = true;
            return None;
        }
        for t in Technique::ALL {
            if let Some(reason) = self.cancel.stop_reason() {
                self.stopped = Some(reason);
                return None;
            }
            let step = self.find_remembering(t);
            if self.broken {
                return None;
            }
            if step.is_some() {
                return step;
            }
        }
        None
    }

    fn find(&mut self, t: Technique) -> Option<Step> {
        match t {
            Technique::HiddenSingle => self.hidden_single(),
            Technique::NakedSingle => self.naked_single(),
            Technique::RuleArithmetic => self.rule_arithmetic(),
            Technique::CageCombinations => self.cage_combinations(),
            Technique::LockedCandidates => self.locked_candidates(),
            Technique::InniesOuties => self.innies_outies(),
            Technique::NakedPair => self.naked_subset(2, t),
            Technique::HiddenPair => self.hidden_subset(2, t),
            Technique::NakedTriple => self.naked_subset(3, t),
            Technique::HiddenTriple => self.hidden_subset(3, t),
            Technique::NakedQuad => self.naked_subset(4, t),
            Technique::HiddenQuad => self.hidden_subset(4, t),
            Technique::XWing => self.fish(2, t),
            Technique::Swordfish => self.fish(3, t),
            Technique::Jellyfish => self.fish(4, t),
            Technique::XyWing => self.xy_wing(),
            Technique::XyzWing => self.xyz_wing(),
            Technique::UniqueRectangle => self.unique_rectangle(),
            Technique::Skyscraper | Technique::TwoStringKite | Technique::TurbotFish => self.turbot(t),
            Technique::WWing => self.w_wing(),
            Technique::SimpleColouring => self.simple_colouring(),
            Technique::MultiColouring => self.multi_colouring(),
            Technique::EmptyRectangle => self.empty_rectangle(),
            Technique::FinnedFish => self.finned_fish(),
            Technique::BugPlusOne => self.bug_plus_one(),
            Technique::XChain => self.x_chain(),
            Technique::RemotePair => self.remote_pair(),
            Technique::XyChain => self.xy_chain(),
            Technique::Aic => self.aic(),
            Technique::ForcingChain => self.forcing_chain(),
            Technique::SueDeCoq => self.sue_de_coq(),
            Technique::AlsXz => self.als_xz(),
            Technique::AlsXyWing => self.als_xy_wing(),
            Technique::ForcingNet => self.forcing_net(),
        }
    }

    /// A step that removes `removed` (those still candidates), or `None` when none is;
    /// `removed` `None` is a contradiction (`broken`).
    fn removal_step(
        &mut self,
        removed: Option<Vec<(usize, u8)>>,
        technique: Technique,
        text: impl FnOnce(&Self) -> String,
    ) -> Option<Step> {
        let Some(mut list) = removed else {
            self.broken = true;
            return None;
        };
        list.retain(|&(k, d)| self.cand[k] & bit(d) != 0);
        list.sort_unstable();
        list.dedup();
        if list.is_empty() {
            return None;
        }
        let eliminations: Vec<Candidate> = list.iter().map(|&(k, d)| self.candidate(k, d)).collect();
        let sentence = format!("{}, so {}", text(self), removals_text(&eliminations));
        let mut step = Step::new(technique, sentence);
        step.eliminations = eliminations;
        Some(step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_ip_model::formats;

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
    fn a_hardest_forum_puzzle_needs_search() {
        // From ../shared/data/sudoku9/puzzles6_forum_hardest_1106.
        let r = rate(&puzzle("12.3....435....1....4........54..2..6...7.........8.9...31..5.......9.7.....6...8"))
            .expect("unique");
        assert_eq!(r.grade, Grade::Expert, "{r:?}");
        assert!(r.needs_search && r.stuck_empty > 0 && r.guesses > 0);
    }

    #[test]
    fn two_solutions_are_refused() {
        let e = rate(&puzzle(&".".repeat(81))).expect_err("not unique");
        assert_eq!(e, GenerateError::NotUnique { solutions: 2 });
    }
}

//! # sudoku-ip-generate
//!
//! Unique puzzles for every geometry and rule set the model supports, a logical difficulty
//! rater, and a clue minimiser — all on the native engine, reading only the 0-1
//! [`Model`](sudoku_ip_model::Model) of a puzzle, so a new variant rule is generated and rated
//! without changes here.
//!
//! - [`generate`]: a random full grid (the `fill` module explains where the randomness
//!   comes from), then clues removed in random order, one symmetry orbit at a time, each
//!   removal kept only when the engine proves the puzzle still has exactly one solution.
//!   Options: a clue target, minimality, [`Symmetry`], a seed (same seed, same puzzle: a
//!   ChaCha8 stream, nothing depends on threads or time), a [`Grade`] to filter on, and killer
//!   cages that replace most givens ([`KillerSpec`]).
//! - [`generate_many`]: `count` puzzles in parallel (rayon); puzzle `i` is the puzzle of seed
//!   `seed + i`, so a batch is reproducible and each of its puzzles can be regenerated alone.
//! - [`rate`]: the hardest human technique a puzzle needs, and the engine's search effort.
//! - [`minimize`]: drop every clue a unique puzzle does not need.
//!
//! Every long loop here reads one [`Cancel`] (its stop flag and deadline): the generator's
//! attempts, placements and removals ([`GenerateSpec::cancel`]), the rater's steps
//! ([`rate_with`]) and the minimiser's removals ([`minimize_with`]). Stopped early, the
//! generator and the minimiser return the unique puzzle they have, saying why it is not
//! minimal; the rater returns [`GenerateError::Stopped`].
//!
//! This crate knows no text format and no command line; the `sudoku-ip` binary wires it in.
#![forbid(unsafe_code)]

mod fill;
mod killer;
mod oracle;
mod rate;
mod reduce;
mod symmetry;
mod unavoidable;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::Serialize;
use sudoku_ip_model::rules::{validate_rules, RuleError};
use sudoku_ip_model::{check, BackendError, Cancel, Geometry, Grid, Puzzle, Rule};
use thiserror::Error;

pub use rate::{
    format_candidates, next_step, next_step_with, parse_candidates, position, rate, rate_with, steps, steps_with,
    steps_with_positions, steps_with_positions_within, Candidate, CandidatesError, Explanation, Grade, Position,
    Rating, SeRating, Step, Technique, TechniqueCount, SEARCH_RATING,
};
pub use symmetry::Symmetry;

use oracle::Oracle;
use unavoidable::Unavoidable;

/// The item of `all` whose `name` is `s` (case and surrounding space ignored), or an error
/// that lists the names: the `FromStr` of [`Grade`] and [`Symmetry`].
fn by_name<T: Copy>(s: &str, all: &[T], name: fn(T) -> &'static str, what: &str) -> Result<T, String> {
    let key = s.trim().to_ascii_lowercase();
    all.iter().copied().find(|&x| name(x) == key).ok_or_else(|| {
        let names: Vec<&str> = all.iter().map(|&x| name(x)).collect();
        format!("unknown {what} {s:?} (expected one of: {})", names.join(", "))
    })
}

/// What to generate. Start from [`GenerateSpec::new`] and change fields, or use struct update
/// syntax: `GenerateSpec { clues: Some(30), ..GenerateSpec::new(geometry) }`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateSpec {
    /// Size and regions (boxes or jigsaw).
    pub geometry: Geometry,
    /// Variant rules the puzzle has (besides generated killer cages).
    pub rules: Vec<Rule>,
    /// Stop removing clues at this many (best effort: the puzzle may need more; see
    /// [`Generated::target_reached`]). With [`minimal`](Self::minimal), the target is instead
    /// an upper bound the minimal puzzle must meet, tried over several grids.
    pub clues: Option<usize>,
    /// Remove every clue that can go (with a symmetry: every orbit that can go).
    pub minimal: bool,
    /// Symmetry of the clue pattern.
    pub symmetry: Symmetry,
    /// Seed of the random stream.
    pub seed: u64,
    /// Only accept puzzles the rater gives this grade.
    pub difficulty: Option<Grade>,
    /// Only accept puzzles whose Sudoku Explainer rating lies in this range.
    pub rating: Option<std::ops::RangeInclusive<SeRating>>,
    /// Add random killer cages and remove givens they make redundant.
    pub killer: Option<KillerSpec>,
    /// Full grids to try before giving up on the clue target or the difficulty (a hard 9×9
    /// puzzle turns up about once in a hundred).
    pub max_attempts: usize,
    /// Rate the puzzle even without a difficulty filter.
    pub rate: bool,
    /// Node limit of each uniqueness search during clue removal: a clue whose removal cannot
    /// be decided within it stays, so the puzzle is still proved unique but may not be
    /// minimal. `None` decides every removal. Ignored when [`minimal`](Self::minimal) is set.
    pub check_nodes: Option<u64>,
    /// The job's stop flag and deadline (default: never). Once it says stop, the generator
    /// returns the best puzzle it has (unique, with [`Generated::stopped`] saying why it may
    /// not be minimal), or [`GenerateError::Stopped`] when it has none yet.
    pub cancel: Cancel,
}

impl GenerateSpec {
    /// Defaults: no rules, as few clues as possible, no symmetry, seed 0, any difficulty, no
    /// cages, not rated; up to 1 000 attempts up to 9×9, 20 up to 16×16, 3 beyond. Up to 16×16 every removal is decided (the puzzle
    /// is minimal); beyond, removal searches stop at 50 nodes, which keeps a 25×25 puzzle well
    /// under a second: the last few hundred searches of an exact 25×25 pass take seconds each,
    /// and the limit hardly changes what is removed (`generate --size 25`, seeds 1–7: 274.4
    /// clues on average at 50 nodes, 273.6 at 200, in 0.37 s of CPU median against 0.89 s).
    pub fn new(geometry: Geometry) -> GenerateSpec {
        let n = geometry.n();
        let check_nodes = (n > 16).then_some(50);
        GenerateSpec {
            check_nodes,
            geometry,
            rules: Vec::new(),
            clues: None,
            minimal: false,
            symmetry: Symmetry::None,
            seed: 0,
            difficulty: None,
            rating: None,
            killer: None,
            max_attempts: match n {
                0..=9 => 1_000,
                10..=16 => 20,
                _ => 3,
            },
            rate: false,
            cancel: Cancel::default(),
        }
    }

    /// The same spec with another seed.
    pub fn with_seed(&self, seed: u64) -> GenerateSpec {
        GenerateSpec { seed, ..self.clone() }
    }
}

/// Killer cages to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KillerSpec {
    /// Smallest cage (cells).
    pub min_cage: usize,
    /// Largest cage (a cell with no room may join a full neighbour).
    pub max_cage: usize,
    /// Node limit of each uniqueness search while removing givens (replaces
    /// [`GenerateSpec::check_nodes`]; ignored with [`GenerateSpec::minimal`]). Cage sums
    /// propagate weakly, so proving the last givens redundant can take minutes on 9×9; at
    /// 1 000 nodes a 9×9 killer keeps 3–7 givens in about 0.1 s (20 seeds measured; exact:
    /// 1–6 givens, but up to 80 s).
    pub check_nodes: Option<u64>,
}

impl Default for KillerSpec {
    fn default() -> Self {
        KillerSpec { min_cage: 2, max_cage: 5, check_nodes: Some(1_000) }
    }
}

impl KillerSpec {
    /// The default cages (2 to 5 cells) made to fit a side-`n` grid: no cage larger than a
    /// house (a 4×4 gets cages of 2 to 4 cells, a 1×1 one cell).
    pub fn for_side(n: usize) -> KillerSpec {
        let d = KillerSpec::default();
        let max_cage = d.max_cage.min(n).max(1);
        KillerSpec { min_cage: d.min_cage.min(max_cage), max_cage, ..d }
    }
}

/// How minimal a generated puzzle is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Minimality {
    /// Removing any clue makes the puzzle ambiguous.
    Cells,
    /// Removing any symmetry orbit of clues makes it ambiguous (single clues may still go).
    Orbits,
    /// Removal stopped at the clue target, or some removals were not decided within the node
    /// limit ([`GenerateSpec::check_nodes`]).
    NotMinimal,
}

/// A generated puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle: geometry, givens, rules (with the generated cages).
    pub puzzle: Puzzle,
    /// Its unique solution, checked against the puzzle.
    pub solution: Grid,
    /// Number of givens.
    pub clues: usize,
    /// False when a clue target was asked and not met within the attempts.
    pub target_reached: bool,
    /// How minimal it is.
    pub minimality: Minimality,
    /// The rating, when a difficulty or rating was asked.
    pub rating: Option<Rating>,
    /// The seed that generates exactly this puzzle with the same spec.
    pub seed: u64,
    /// Full grids tried.
    pub attempts: usize,
    /// Why the generator stopped early ([`GenerateSpec::cancel`]: a time limit, a cancelled
    /// job); the puzzle is still proved unique, but may be neither minimal nor of the grade or
    /// clue count asked.
    pub stopped: Option<String>,
}

/// Why no puzzle came out.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum GenerateError {
    /// The settings contradict each other.
    #[error("invalid generator settings: {reason}")]
    InvalidSpec {
        /// What is wrong.
        reason: String,
    },
    /// A rule does not fit the geometry.
    #[error("invalid rule: {0}")]
    Rule(#[from] RuleError),
    /// No full grid satisfies the rules.
    #[error("no full grid satisfies these rules")]
    NoGrid,
    /// The puzzle has no solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The puzzle has several solutions.
    #[error("the puzzle is not unique (at least {solutions} solutions)")]
    NotUnique {
        /// Solutions found (the search stops at two).
        solutions: u64,
    },
    /// A search was stopped before it knew.
    #[error("the search stopped: {reason}")]
    Stopped {
        /// Why.
        reason: String,
    },
    /// No puzzle of the wanted grade within the attempts.
    #[error("no {wanted} puzzle in {attempts} attempts (grades seen: {})", seen_text(.seen))]
    DifficultyNotReached {
        /// The grade asked for.
        wanted: Grade,
        /// Attempts made.
        attempts: usize,
        /// Puzzles seen of each grade, easiest first.
        seen: [usize; 4],
    },
    /// No puzzle rated within the wanted range within the attempts.
    #[error("no puzzle rated {min} to {max} in {attempts} attempts (grades seen: {})", seen_text(.seen))]
    RatingNotReached {
        /// The lowest rating accepted.
        min: SeRating,
        /// The highest rating accepted.
        max: SeRating,
        /// Attempts made.
        attempts: usize,
        /// Puzzles seen of each grade, easiest first.
        seen: [usize; 4],
    },
    /// The engine failed.
    #[error(transparent)]
    Backend(#[from] BackendError),
    /// A person's candidates do not fit the puzzle.
    #[error(transparent)]
    Candidates(#[from] CandidatesError),
    /// A generated solution failed the independent checker (a bug).
    #[error("generated solution breaks the rules: {violation}; this is a bug")]
    InvalidSolution {
        /// The first violation.
        violation: String,
    },
}

fn seen_text(seen: &[usize; 4]) -> String {
    Grade::ALL.iter().zip(seen).map(|(g, k)| format!("{k} {g}")).collect::<Vec<_>>().join(", ")
}

/// Generate one puzzle.
pub fn generate(spec: &GenerateSpec) -> Result<Generated, GenerateError> {
    validate(spec)?;
    let mut rng = ChaCha8Rng::seed_from_u64(spec.seed);
    let base = Puzzle::blank(spec.geometry.clone()).with_rules(spec.rules.clone());
    let mut oracle = Oracle::new(&base, &spec.cancel)?;
    let mut seen = [0usize; 4];
    let mut best: Option<Generated> = None;
    let mut fallback: Option<Generated> = None;
    let attempts = spec.max_attempts.max(1);
    let mut made = 0;
    for attempt in 1..=attempts {
        oracle.cancel().note_attempt(attempt as u64);
        oracle.cancel().note_steps(0, 0);
        if let Some(reason) = oracle.stop_reason() {
            // Best effort: the best puzzle so far, or any, said to be cut short.
            return match best.or(fallback) {
                Some(mut b) => {
                    b.attempts = made;
                    b.stopped = Some(reason);
                    Ok(b)
                }
                None => Err(GenerateError::Stopped { reason }),
            };
        }
        let mut g = attempt_once(spec, &base, &mut oracle, &mut rng)?;
        g.attempts = attempt;
        made = attempt;
        if spec.difficulty.is_some() || spec.rating.is_some() || spec.rate {
            match rate::rate_quietly(&g.puzzle, oracle.cancel()) {
                Ok(rating) => {
                    seen[rating.grade as usize] += 1;
                    g.rating = Some(rating);
                }
                Err(GenerateError::Stopped { reason }) => {
                    g.stopped = Some(reason);
                    fallback.get_or_insert(g);
                    continue;
                }
                Err(e) => return Err(e),
            }
        }
        if spec.difficulty.is_some_and(|want| g.rating.as_ref().is_some_and(|r| r.grade != want)) {
            fallback.get_or_insert(g);
            continue;
        }
        if spec.rating.as_ref().is_some_and(|range| g.rating.as_ref().is_some_and(|r| !range.contains(&r.rating))) {
            fallback.get_or_insert(g);
            continue;
        }
        if g.target_reached && g.stopped.is_none() {
            return Ok(g);
        }
        if best.as_ref().is_none_or(|b| g.clues < b.clues) {
            best = Some(g);
        }
    }
    match (best, spec.difficulty) {
        (Some(mut b), _) => {
            b.attempts = attempts;
            Ok(b)
        }
        (None, Some(wanted)) => Err(GenerateError::DifficultyNotReached { wanted, attempts, seen }),
        (None, None) => match &spec.rating {
            Some(range) => {
                Err(GenerateError::RatingNotReached { min: *range.start(), max: *range.end(), attempts, seen })
            }
            None => Err(GenerateError::InvalidSpec { reason: "no attempt was made".into() }),
        },
    }
}

/// Generate `count` puzzles in parallel; puzzle `i` uses seed `spec.seed + i` (wrapping), so it
/// is the puzzle [`generate`] makes with that seed, whatever the thread count.
pub fn generate_many(spec: &GenerateSpec, count: usize) -> Vec<Result<Generated, GenerateError>> {
    (0..count as u64).into_par_iter().map(|i| generate(&spec.with_seed(spec.seed.wrapping_add(i)))).collect()
}

/// A unique puzzle with the clues it does not need removed (in row-major order): still unique,
/// and minimal — removing any remaining clue gives a second solution.
pub fn minimize(puzzle: &Puzzle) -> Result<Puzzle, GenerateError> {
    minimize_with(puzzle, &Cancel::default()).map(|m| m.puzzle)
}

/// What [`minimize_with`] reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Minimized {
    /// The puzzle with the clues removed so far: unique, and minimal unless `stopped`.
    pub puzzle: Puzzle,
    /// Why the minimiser stopped before trying every clue (time limit, cancelled).
    pub stopped: Option<String>,
}

/// [`minimize`] until `cancel` says stop: then the clues removed so far (still unique).
/// Uniqueness of the input must be proved first; stopped before that, it is an error.
pub fn minimize_with(puzzle: &Puzzle, cancel: &Cancel) -> Result<Minimized, GenerateError> {
    let mut oracle = Oracle::new(puzzle, cancel)?;
    let givens = puzzle.givens().values().to_vec();
    let (count, mut solutions) = oracle.count2(&givens)?;
    match count {
        0 => return Err(GenerateError::NoSolution),
        1 => {}
        c => return Err(GenerateError::NotUnique { solutions: c }),
    }
    let solution = solutions.remove(0);
    let orbits: Vec<Vec<usize>> = (0..givens.len()).filter(|&k| givens[k] != 0).map(|k| vec![k]).collect();
    let mut givens = reduce::Givens::new(puzzle.geometry(), givens);
    let unavoidable = puzzle.rules().is_empty().then(|| Unavoidable::of_grid(puzzle.geometry(), &solution));
    let pass = reduce::remove_clues(&mut oracle, &mut givens, &solution, unavoidable.as_ref(), &orbits, None, None)?;
    let mut out = puzzle.clone();
    *out.givens_mut() = grid(puzzle.n(), givens.values().to_vec())?;
    // A removal stopped halfway is not made, but say so even when the last orbit's was.
    let stopped = pass.stopped.or_else(|| (!pass.complete).then(|| oracle.stop_reason()).flatten());
    Ok(Minimized { puzzle: out, stopped })
}

fn validate(spec: &GenerateSpec) -> Result<(), GenerateError> {
    validate_rules(&spec.geometry, &spec.rules)?;
    if let Some(k) = spec.killer {
        if spec.rules.iter().any(|r| matches!(r, Rule::Killer(..))) {
            return Err(GenerateError::InvalidSpec {
                reason: "the rules already have killer cages; generated cages would be a second killer rule".into(),
            });
        }
        if k.min_cage == 0 || k.min_cage > k.max_cage || k.max_cage > spec.geometry.n() {
            return Err(GenerateError::InvalidSpec {
                reason: format!(
                    "killer cage sizes {}..{} must satisfy 1 <= min <= max <= {}",
                    k.min_cage,
                    k.max_cage,
                    spec.geometry.n()
                ),
            });
        }
    }
    Ok(())
}

fn grid(n: usize, values: Vec<u8>) -> Result<Grid, GenerateError> {
    Grid::from_values(n, values).ok_or_else(|| GenerateError::InvalidSolution {
        violation: "the engine returned a grid of the wrong size".into(),
    })
}

/// One full grid and one removal pass.
fn attempt_once(
    spec: &GenerateSpec,
    base: &Puzzle,
    oracle: &mut Oracle,
    rng: &mut ChaCha8Rng,
) -> Result<Generated, GenerateError> {
    let n = spec.geometry.n();
    let solution = fill::random_grid(oracle, &spec.geometry, &spec.rules, rng)?;
    let mut puzzle = base.clone();
    let mut caged: Oracle;
    let oracle = match spec.killer {
        Some(k) => {
            let cages = killer::random_cages(&solution, n, (k.min_cage, k.max_cage), rng);
            puzzle = puzzle.with_rule(Rule::Killer(sudoku_ip_model::rules::Killer { cages, distinct: true }));
            caged = Oracle::new(&puzzle, oracle.cancel())?;
            &mut caged
        }
        None => oracle,
    };
    let mut orbits = spec.symmetry.orbits(n);
    orbits.shuffle(rng);
    let stop_at = if spec.minimal { None } else { spec.clues };
    let mut givens = reduce::Givens::new(&spec.geometry, solution.clone());
    let unavoidable = puzzle.rules().is_empty().then(|| Unavoidable::of_grid(&spec.geometry, &solution));
    let nodes = match (spec.minimal, spec.killer) {
        (true, _) => None,
        (false, Some(k)) => k.check_nodes,
        (false, None) => spec.check_nodes,
    };
    let pass = reduce::remove_clues(oracle, &mut givens, &solution, unavoidable.as_ref(), &orbits, stop_at, nodes)?;
    let minimality = match (pass.complete, spec.symmetry) {
        (false, _) => Minimality::NotMinimal,
        (true, Symmetry::None) => Minimality::Cells,
        (true, _) => Minimality::Orbits,
    };
    *puzzle.givens_mut() = grid(n, givens.values().to_vec())?;
    let solution = grid(n, solution)?;
    // Trust nothing: the solution must satisfy the puzzle by the independent checker.
    if let Some(v) = check::verify(&puzzle, &solution).first() {
        return Err(GenerateError::InvalidSolution { violation: v.to_string() });
    }
    Ok(Generated {
        clues: pass.clues,
        target_reached: spec.clues.is_none_or(|t| pass.clues <= t),
        puzzle,
        solution,
        minimality,
        rating: None,
        seed: spec.seed,
        attempts: 1,
        stopped: pass.stopped.or_else(|| (!pass.complete).then(|| oracle.stop_reason()).flatten()),
    })
}

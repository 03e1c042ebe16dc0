//! Random full grids for any geometry and rule set.
//!
//! The engine's search is deterministic, so randomness goes into the givens it starts from:
//!
//! 1. A random seed pattern the rules are known to allow. Plain boxed grids get random
//!    permutations in the boxes of the main diagonal (they share no row, column or box, so they
//!    are independent — the classic trick, always completable for 9×9); other rule sets that
//!    do not care which digit is which (jigsaw, windows, diagonals, anti-knight, anti-king,
//!    extra regions) get a random permutation in their first region: relabelling the digits of
//!    any solution puts any permutation there, so that seed is completable whenever some grid
//!    exists. Rule sets that tell digits apart (sums, thermometers, non-consecutive, …) start
//!    with no seed.
//! 2. The engine completes the seed to a solution `S`.
//! 3. Unless the seed was the diagonal boxes, `n` random placements follow: pick a random empty
//!    cell and digit; if `S` already has that digit there it is free, otherwise ask the engine
//!    for a solution with it (bounded by a node limit) and move `S` there, or keep `S`'s digit
//!    when there is none. `S` is always a solution of the givens so far, so nothing is ever
//!    undone.

use rand::seq::SliceRandom;
use rand::Rng;
use sudoku_ip_model::{Geometry, Layout, Rule};

use crate::oracle::{Found, Oracle};
use crate::GenerateError;

/// Node limit of one placement search: a digit the engine cannot place quickly is replaced by
/// the one the current solution has.
const PLACEMENT_NODES: u64 = 2_000;

/// Whether a rule stays true when the digits are relabelled.
fn digit_blind(rule: &Rule) -> bool {
    matches!(
        rule,
        Rule::Windows(sudoku_ip_model::rules::Windows)
            | Rule::Diagonal(sudoku_ip_model::rules::Diagonal)
            | Rule::AntiKnight(sudoku_ip_model::rules::AntiKnight)
            | Rule::AntiKing(sudoku_ip_model::rules::AntiKing)
            | Rule::ExtraRegions(..)
    )
}

/// A random full grid (row-major values) for the oracle's geometry and rules.
pub(crate) fn random_grid(
    oracle: &mut Oracle,
    geometry: &Geometry,
    rules: &[Rule],
    rng: &mut impl Rng,
) -> Result<Vec<u8>, GenerateError> {
    let n = oracle.n();
    let mut givens = vec![0u8; n * n];
    let plain_boxes = rules.is_empty() && matches!(geometry.layout(), Layout::Boxes { .. });
    let seeded = if plain_boxes {
        seed_diagonal_boxes(geometry, &mut givens, rng);
        true
    } else if rules.iter().all(digit_blind) {
        // Digit-blind rules allow any relabelling of the digits, so one house (the first
        // region, or the first row when there are none) can start as a random permutation.
        let house = geometry.regions().into_iter().next().unwrap_or_else(|| (0..n).collect());
        seed_region(&house, &mut givens, rng);
        true
    } else {
        false
    };
    let mut solution = match (seeded, oracle.find(&givens, None, Some(PLACEMENT_NODES * 10))?) {
        (_, Found::Solution(s)) => s,
        // The diagonal seed is only known completable for 9×9; fall back to an empty start.
        (true, _) => {
            givens.fill(0);
            first_solution(oracle, &givens)?
        }
        (false, _) => first_solution(oracle, &givens)?,
    };
    if plain_boxes && seeded {
        return Ok(solution);
    }
    let mut empty: Vec<usize> = (0..n * n).filter(|&k| givens[k] == 0).collect();
    empty.shuffle(rng);
    for &cell in empty.iter().take(n) {
        if oracle.stop_reason().is_some() {
            break; // `solution` is a full grid already; the placements only add randomness
        }
        let digit = rng.gen_range(1..=n) as u8;
        if solution[cell] != digit {
            givens[cell] = digit;
            match oracle.find(&givens, None, Some(PLACEMENT_NODES))? {
                Found::Solution(s) => solution = s,
                Found::None | Found::Unknown => {}
            }
        }
        givens[cell] = solution[cell];
    }
    Ok(solution)
}

/// A solution of `givens` without a node limit, or why there is none.
fn first_solution(oracle: &mut Oracle, givens: &[u8]) -> Result<Vec<u8>, GenerateError> {
    match oracle.find(givens, None, None)? {
        Found::Solution(s) => Ok(s),
        Found::Unknown => match oracle.stop_reason() {
            Some(reason) => Err(GenerateError::Stopped { reason }),
            None => Err(GenerateError::NoGrid),
        },
        Found::None => Err(GenerateError::NoGrid),
    }
}

/// A random permutation of `1..=n` in the cells of `region`.
fn seed_region(region: &[usize], givens: &mut [u8], rng: &mut impl Rng) {
    let mut digits: Vec<u8> = (1..=region.len() as u8).collect();
    digits.shuffle(rng);
    for (&k, &d) in region.iter().zip(&digits) {
        givens[k] = d;
    }
}

/// Random permutations in the boxes `(i, i)` (band `i`, stack `i`).
fn seed_diagonal_boxes(geometry: &Geometry, givens: &mut [u8], rng: &mut impl Rng) {
    let Some((rows, cols)) = geometry.box_shape() else { return };
    let n = geometry.n();
    let (bands, stacks) = (n / rows, n / cols);
    let regions = geometry.regions();
    for i in 0..bands.min(stacks) {
        seed_region(&regions[i * stacks + i], givens, rng);
    }
}

//! Clue removal: clear orbits of clues one at a time, keeping each removal only when the
//! puzzle is still proved unique.
//!
//! One pass over every orbit leaves a puzzle from which no orbit can be removed: if removing
//! an orbit broke uniqueness when it was tried, removing it later, from a puzzle with fewer
//! clues, breaks it too (fewer clues never means fewer solutions). With single-cell orbits that
//! is a minimal puzzle.

use crate::oracle::Oracle;
use crate::GenerateError;

/// How far a removal pass got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pass {
    /// Every orbit was tried (none skipped for the target): no orbit can be removed.
    pub complete: bool,
    /// Clues left.
    pub clues: usize,
}

/// Remove clues of `givens` (whose unique solution is `solution`) orbit by orbit, in the order
/// given, stopping once `stop_at` clues are left (never going below it).
pub(crate) fn remove_clues(
    oracle: &mut Oracle,
    givens: &mut [u8],
    solution: &[u8],
    orbits: &[Vec<usize>],
    stop_at: Option<usize>,
) -> Result<Pass, GenerateError> {
    let mut clues = givens.iter().filter(|&&v| v != 0).count();
    let mut complete = true;
    for orbit in orbits {
        let filled: Vec<usize> = orbit.iter().copied().filter(|&k| givens[k] != 0).collect();
        if filled.is_empty() {
            continue;
        }
        if let Some(target) = stop_at {
            if clues <= target {
                return Ok(Pass { complete: false, clues });
            }
            if clues - filled.len() < target {
                complete = false;
                continue;
            }
        }
        for &k in &filled {
            givens[k] = 0;
        }
        if oracle.still_unique(givens, &filled, solution, None)? {
            clues -= filled.len();
        } else {
            for &k in &filled {
                givens[k] = solution[k];
            }
        }
    }
    Ok(Pass { complete, clues })
}

//! True candidates: every digit that appears in at least one solution of a puzzle, with how
//! many solutions use it, counted up to a cap `K` ("K+" beyond). Puzzles with many solutions
//! are fine: nothing enumerates all their solutions.
//!
//! The work is shared. The model is compiled once and propagated once (a candidate that
//! propagation removes is in no solution and needs no search). Every solution found is kept
//! once (checked by the independent checker first) and counts for each of its n² candidates.
//! Then each candidate still counted below `K` gets one search with it fixed, for up to `K`
//! solutions: that search either reaches `K` or finds all the solutions that use it, so its
//! count is exact, and its solutions count for every other candidate they hold. On an empty
//! grid the first few searches already lift most candidates to `K`.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use serde::Serialize;
use sudoku_ip_generate::format_candidates;
use sudoku_ip_model::{check, Cell, Limits, Model, Puzzle, SearchEnd, SearchRequest};
use sudoku_ip_native::{presolve, Native, Presolve};

use crate::pipeline::Error;

/// The largest cap on the per-candidate count: each search keeps up to `K` solutions.
pub const MAX_COUNT_CAP: u64 = 1000;

/// How the search for true candidates ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CandidatesStatus {
    /// Every candidate was decided: the counts are exact up to the cap.
    Found,
    /// The puzzle has no solution: no candidate.
    Infeasible,
    /// A time limit stopped the work: the counts are lower bounds.
    Unknown,
}

/// The true candidates of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TrueCandidates {
    /// `found`, `infeasible` or `unknown`.
    pub status: CandidatesStatus,
    /// Grid side.
    pub n: usize,
    /// The cap `K`: a count of `K` means "at least `K` solutions".
    pub max: u64,
    /// Per cell (row by row), per digit `1..=n` (index `d − 1`): how many solutions put that
    /// digit there, capped at `max`; 0 when none does.
    pub counts: Vec<Vec<u64>>,
    /// The candidates as a candidate string (n characters per cell, the digit or '.'), what
    /// `hint --candidates` reads.
    pub candidates: String,
    /// Distinct solutions found along the way (each checked).
    pub solutions_seen: usize,
    /// Searches run (one per candidate that shared solutions left below the cap).
    pub searches: usize,
    /// False when a time limit stopped the work: counts are then lower bounds, and a
    /// candidate with 0 may still be in a solution.
    pub complete: bool,
    /// Why the work stopped, when it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Wall-clock time.
    #[serde(serialize_with = "millis", rename = "time_ms")]
    pub time: Duration,
}

fn millis<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64() * 1000.0)
}

impl TrueCandidates {
    /// The candidates as masks, one per cell (bit `d − 1`): what a candidate string holds.
    pub fn masks(&self) -> Vec<u64> {
        self.counts
            .iter()
            .map(|c| c.iter().enumerate().filter(|(_, &k)| k > 0).fold(0, |m, (d, _)| m | 1 << d))
            .collect()
    }

    /// How many solutions put `digit` (`1..=n`) in `cell`, capped at [`TrueCandidates::max`].
    pub fn count(&self, cell: Cell, digit: usize) -> u64 {
        self.counts.get(cell.index(self.n)).and_then(|c| c.get(digit.wrapping_sub(1))).copied().unwrap_or(0)
    }

    fn finish(mut self, start: Instant) -> TrueCandidates {
        self.candidates = format_candidates(&self.masks(), self.n);
        self.status = match (self.complete, self.solutions_seen) {
            (false, _) => CandidatesStatus::Unknown,
            (true, 0) => CandidatesStatus::Infeasible,
            (true, _) => CandidatesStatus::Found,
        };
        self.time = start.elapsed();
        self
    }

    /// True when the puzzle has no solution (and the work was complete).
    pub fn is_empty(&self) -> bool {
        self.status == CandidatesStatus::Infeasible
    }
}

/// A bad cap.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the count cap must be between 1 and {MAX_COUNT_CAP}; found {found}")]
pub struct CapError {
    /// The cap asked for.
    pub found: u64,
}

/// The true candidates of `puzzle`, each with its number of solutions up to `max` (1 ≤ `max`
/// ≤ [`MAX_COUNT_CAP`]), under `limits.time` for the whole work (node limits apply to each
/// search). Every solution is checked before it counts.
pub fn candidates(puzzle: &Puzzle, max: u64, limits: Limits) -> Result<TrueCandidates, Error> {
    if !(1..=MAX_COUNT_CAP).contains(&max) {
        return Err(Error::Cap(CapError { found: max }));
    }
    let start = Instant::now();
    let n = puzzle.n();
    let mut out = TrueCandidates {
        status: CandidatesStatus::Found,
        n,
        max,
        counts: vec![vec![0; n]; n * n],
        candidates: String::new(),
        solutions_seen: 0,
        searches: 0,
        complete: true,
        reason: None,
        time: Duration::ZERO,
    };
    if !check::given_conflicts(puzzle).is_empty() {
        return Ok(out.finish(start));
    }
    let model = Model::build(puzzle);
    let possible = match presolve(&model) {
        Presolve::Infeasible { .. } => return Ok(out.finish(start)),
        Presolve::Reduced { fixed, .. } => fixed,
    };
    let prepared = Native::prepare(&model)?;
    let deadline = limits.time.and_then(|t| start.checked_add(t));
    let mut seen: HashSet<Vec<u8>> = HashSet::new();
    let mut fixed = model.fixed().to_vec();
    for v in 0..n * n * n {
        if possible[v] == Some(false) {
            continue;
        }
        let (k, d) = (v / n, v % n);
        if out.counts[k][d] >= max {
            continue;
        }
        let time = match deadline {
            Some(deadline) => match deadline.checked_duration_since(Instant::now()) {
                Some(left) => Some(left),
                None => {
                    out.complete = false;
                    out.reason = limits.time.map(|t| format!("time limit of {t:?} reached"));
                    break;
                }
            },
            None => None,
        };
        let before = fixed[v];
        fixed[v] = Some(true);
        let request = SearchRequest::count(max, max as usize).with_limits(Limits {
            time,
            nodes: limits.nodes,
            cancel: limits.cancel.clone(),
        });
        let result = prepared.search_with(&fixed, &request);
        fixed[v] = before;
        let result = result?;
        out.searches += 1;
        for grid in result.solutions {
            let violations = check::verify(puzzle, &grid);
            if !violations.is_empty() {
                return Err(Error::InvalidSolution { backend: "native".into(), violations });
            }
            let values = grid.values();
            if seen.contains(values) {
                continue;
            }
            for (cell, &digit) in values.iter().enumerate() {
                if let Some(c) = out.counts[cell].get_mut(usize::from(digit).wrapping_sub(1)) {
                    *c = (*c + 1).min(max);
                }
            }
            seen.insert(values.to_vec());
        }
        if let SearchEnd::Stopped { reason } = result.end {
            out.complete = false;
            out.reason = Some(reason);
            break;
        }
    }
    out.solutions_seen = seen.len();
    Ok(out.finish(start))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_ip_formats as formats;

    fn puzzle(text: &str) -> Puzzle {
        formats::parse_puzzle(text, &formats::ParseOptions::default()).expect("parses")
    }

    /// Every 4×4 solution of `p`, by brute force over the facade's full count.
    fn brute_counts(p: &Puzzle) -> Vec<Vec<u64>> {
        let report = crate::count(p, &crate::Options::default(), u64::MAX, usize::MAX).expect("counts");
        let n = p.n();
        let mut counts = vec![vec![0; n]; n * n];
        for g in &report.solutions {
            for (k, &d) in g.values().iter().enumerate() {
                counts[k][d as usize - 1] += 1;
            }
        }
        counts
    }

    #[test]
    fn counts_match_a_full_enumeration_on_4x4_puzzles_below_and_above_the_cap() {
        // 4×4 grids with 0, 3 and 6 givens: full enumeration (288 grids at most) gives the
        // exact count of every candidate; the shared search must agree once capped.
        for text in ["................", "1...........3..2", "1..4.3....2..1.."] {
            let p = puzzle(text);
            let exact = brute_counts(&p);
            for max in [1, 2, 5, 1000] {
                let got = candidates(&p, max, Limits::default()).expect("runs");
                assert!(got.complete);
                let capped: Vec<Vec<u64>> = exact.iter().map(|c| c.iter().map(|&k| k.min(max)).collect()).collect();
                assert_eq!(got.counts, capped, "{text} max {max}");
            }
        }
    }

    #[test]
    fn a_unique_puzzle_has_its_solution_as_only_candidates() {
        let p = puzzle("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
        let got = candidates(&p, 10, Limits::default()).expect("runs");
        let solution = crate::solve(&p, &crate::Options::default()).expect("solves").solutions[0].clone();
        assert_eq!(got.solutions_seen, 1);
        for (k, &d) in solution.values().iter().enumerate() {
            let want: Vec<u64> = (1..=9).map(|e| u64::from(e == d)).collect();
            assert_eq!(got.counts[k], want, "cell {k}");
        }
    }

    #[test]
    fn an_empty_9x9_has_every_candidate_at_the_cap() {
        let got =
            candidates(&Puzzle::blank(sudoku_ip_model::Geometry::new(9, None).expect("9x9")), 3, Limits::default())
                .expect("runs");
        assert!(got.counts.iter().all(|c| c.iter().all(|&k| k == 3)));
        assert!(got.searches < 729, "solutions are shared: {} searches", got.searches);
    }

    #[test]
    fn contradictory_givens_have_no_candidates() {
        let got = candidates(&puzzle("11..............".trim()), 5, Limits::default()).expect("runs");
        assert!(got.is_empty() && got.masks().iter().all(|&m| m == 0));
    }

    #[test]
    fn a_cap_outside_the_range_is_refused() {
        let p = puzzle("................");
        assert!(matches!(candidates(&p, 0, Limits::default()), Err(Error::Cap(CapError { found: 0 }))));
        assert!(matches!(candidates(&p, 1001, Limits::default()), Err(Error::Cap(_))));
    }
}

//! Generation through the pipeline: the generator makes a puzzle, and the pipeline's own
//! checked count proves it unique again and hands back its solution, which the independent
//! checker accepted. The CLI (`generate`), the web API (`/api/generate`) and Python
//! (`generate`, `generate_many`) all call [`generate`] and print its one JSON shape,
//! [`Generation::json`]:
//!
//! ```json
//! {"status": "generated", "puzzle": {"size": 9, "box": "3x3", "givens": […], "rules": []},
//!  "line": ".5..7….", "clues": 28, "seed": 42, "unique": true, "minimal": "cells",
//!  "target_reached": true, "attempts": 1, "rating": {"grade": "medium", …},
//!  "solution": {"line": "854279316…", "rows": […]}, "time_ms": 31.2,
//!  "stats": {"solver": "native", "model": {…}, "time_ms": 0.1, …}}
//! ```
//!
//! `stopped` says why the generator stopped early (the puzzle is unique, but may be neither
//! minimal nor of the grade asked); `rating` is there when the puzzle was rated, `solution`
//! when asked for; `stats` are the proof's. The object is an envelope the puzzle readers take
//! (the puzzle under `"puzzle"`), so what `generate -O json` prints reads back as the puzzle.

use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde::Serialize;
use serde_json::Value;
use sudoku_ip_formats::json::to_json;
use sudoku_ip_generate::{GenerateError, GenerateSpec, Generated, Minimality, Rating};
use sudoku_ip_model::{Limits, SearchEnd};

use crate::answer::{GridJson, StatsJson};
use crate::pipeline::{count, Options, Report};

/// The share of a time limit the generator gets; the proof has what is left.
const GENERATOR_SHARE: f64 = 0.8;

/// A generated puzzle the pipeline proved unique, with its checked solution.
#[derive(Clone, Debug)]
pub struct Generation {
    /// What the generator made: the puzzle, its solution (equal to the proof's), clues,
    /// minimality, rating, seed, attempts, and why it stopped early.
    pub made: Generated,
    /// The pipeline's count (up to two solutions) that proved the puzzle unique again.
    pub proof: Report,
    /// Generation and proof together.
    pub time: Duration,
}

/// How minimal a puzzle is, as JSON: `cells`, `orbits` (by symmetric groups) or `no`.
pub fn minimality_name(m: Minimality) -> &'static str {
    match m {
        Minimality::Cells => "cells",
        Minimality::Orbits => "orbits",
        Minimality::NotMinimal => "no",
    }
}

/// The one JSON shape of a generated puzzle (see the module docs).
#[derive(Clone, Debug, Serialize)]
pub struct GenerationJson {
    /// Always `generated`.
    pub status: &'static str,
    /// The puzzle in the JSON puzzle format.
    pub puzzle: Value,
    /// Its givens as one line.
    pub line: String,
    /// Number of givens.
    pub clues: usize,
    /// The seed that makes this puzzle again with the same settings.
    pub seed: u64,
    /// Proved unique (always true: a puzzle that is not is never answered).
    pub unique: bool,
    /// `cells`, `orbits` or `no`.
    pub minimal: &'static str,
    /// False when a clue target was asked and not met.
    pub target_reached: bool,
    /// Full grids tried.
    pub attempts: usize,
    /// Why the generator stopped early.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
    /// The rater's verdict, when rated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating: Option<Rating>,
    /// The unique solution, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<GridJson>,
    /// Generation and proof, in milliseconds.
    pub time_ms: f64,
    /// The proof's measurements.
    pub stats: StatsJson,
}

impl Generation {
    /// The one JSON shape, with the solution when `solution` is set.
    pub fn json(&self, solution: bool) -> GenerationJson {
        let made = &self.made;
        GenerationJson {
            status: "generated",
            puzzle: to_json(&made.puzzle),
            line: made.puzzle.givens().to_line(),
            clues: made.clues,
            seed: made.seed,
            unique: true,
            minimal: minimality_name(made.minimality),
            target_reached: made.target_reached,
            attempts: made.attempts,
            stopped: made.stopped.clone(),
            rating: made.rating.clone(),
            solution: solution.then(|| GridJson::from(&made.solution)),
            time_ms: self.time.as_secs_f64() * 1e3,
            stats: StatsJson::of(&self.proof, None),
        }
    }
}

/// Generate one puzzle and prove it unique through the pipeline. The generator gets four
/// fifths of the time left on `spec.cancel` (a time limit, a stop flag), the proof the rest.
/// A puzzle the proof finds not unique, or whose solution differs from the generator's, is a
/// bug and an error ([`GenerateError::InvalidSolution`]). Stopped before a puzzle was made,
/// or before the proof ended, it is [`GenerateError::Stopped`], saying which.
pub fn generate(spec: &GenerateSpec) -> Result<Generation, GenerateError> {
    let start = Instant::now();
    let cancel = spec.cancel.clone();
    let share = cancel.remaining().map(|left| left.mul_f64(GENERATOR_SHARE));
    let made = sudoku_ip_generate::generate(&GenerateSpec { cancel: cancel.with_time_limit(share), ..spec.clone() })
        .map_err(|e| match e {
            GenerateError::Stopped { reason } => {
                GenerateError::Stopped { reason: format!("{reason} before a puzzle was made") }
            }
            other => other,
        })?;
    let options = Options { limits: Limits { time: None, nodes: None, cancel }, ..Options::default() };
    let proof = count(&made.puzzle, &options, 2, 1).map_err(|e| match e {
        crate::Error::Backend(e) => GenerateError::Backend(e),
        other => GenerateError::InvalidSolution { violation: other.to_string() },
    })?;
    if let SearchEnd::Stopped { reason } = &proof.end {
        return Err(GenerateError::Stopped { reason: format!("uniqueness of the new puzzle unknown: {reason}") });
    }
    let bug = |what: String| GenerateError::InvalidSolution { violation: what };
    if !proof.is_unique() {
        return Err(bug(format!("the pipeline counts {} solutions of the generated puzzle", proof.count)));
    }
    if proof.solutions.first() != Some(&made.solution) {
        return Err(bug("the pipeline's solution differs from the generator's".into()));
    }
    Ok(Generation { made, proof, time: start.elapsed() })
}

/// `count` puzzles in parallel (rayon): puzzle `i` is the puzzle [`generate`] makes with seed
/// `spec.seed + i` (wrapping), whatever the thread count.
pub fn generate_many(spec: &GenerateSpec, count: usize) -> Vec<Result<Generation, GenerateError>> {
    (0..count as u64).into_par_iter().map(|i| generate(&spec.with_seed(spec.seed.wrapping_add(i)))).collect()
}

#[cfg(test)]
mod tests {
    use sudoku_ip_formats::json::parse_envelope;
    use sudoku_ip_generate::GenerateSpec;
    use sudoku_ip_model::{check, Cancel, Geometry};

    use super::*;

    #[test]
    fn a_generation_is_proved_unique_and_its_json_reads_back_as_the_puzzle() {
        let spec = GenerateSpec { seed: 7, rate: true, ..GenerateSpec::new(Geometry::new(6, None).expect("6x6")) };
        let g = generate(&spec).expect("a 6x6 puzzle");
        assert!(g.proof.is_unique());
        assert!(check::verify(&g.made.puzzle, &g.made.solution).is_empty());
        let json = serde_json::to_value(g.json(true)).expect("JSON");
        assert_eq!(
            (json["status"].as_str(), json["seed"].as_u64(), json["unique"].as_bool()),
            (Some("generated"), Some(7), Some(true))
        );
        assert_eq!(json["clues"].as_u64(), Some(g.made.puzzle.givens().filled() as u64));
        assert_eq!(json["solution"]["line"].as_str(), Some(g.made.solution.to_line().as_str()));
        assert!(json["rating"]["grade"].is_string(), "{json}");
        assert_eq!(parse_envelope(&json).expect("an envelope"), g.made.puzzle);
        assert!(serde_json::to_value(g.json(false)).expect("JSON").get("solution").is_none());
    }

    #[test]
    fn generate_many_makes_the_puzzle_of_each_seed() {
        let spec = GenerateSpec { seed: 11, ..GenerateSpec::new(Geometry::new(4, None).expect("4x4")) };
        let many = generate_many(&spec, 3);
        for (i, g) in many.into_iter().enumerate() {
            let one = generate(&spec.with_seed(11 + i as u64)).expect("one");
            assert_eq!(g.expect("many").made.puzzle, one.made.puzzle);
        }
    }

    #[test]
    fn a_stopped_generation_is_an_error_not_a_puzzle() {
        let cancel = Cancel::new();
        cancel.cancel();
        let spec = GenerateSpec { cancel, ..GenerateSpec::new(Geometry::new(9, None).expect("9x9")) };
        assert!(matches!(generate(&spec), Err(GenerateError::Stopped { .. })));
    }
}

//! Find test positions: for each puzzle line of a file (one 81-character puzzle a line), the
//! position where the rater's path first needs a technique, printed as a `Position` entry of
//! `tests/rate_steps.rs` (puzzle, candidate string before the step, its eliminations).
//!
//! `cargo run --release -p sudoku-ip-generate --example technique_positions -- FILE [LIMIT]`
//! prints the first position found for each technique among the first LIMIT lines (all by
//! default), with the line number.

use std::collections::BTreeMap;

use sudoku_ip_formats as formats;
use sudoku_ip_generate::{format_candidates, next_step, position, steps, Position, Technique};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: technique_positions FILE [LIMIT]");
        std::process::exit(2);
    };
    let limit: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(usize::MAX);
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("cannot read {path}: {e}");
        std::process::exit(2)
    });
    let mut first: BTreeMap<(Technique, String), String> = BTreeMap::new();
    let mut failed = 0;
    for (i, line) in text.lines().enumerate().take(limit) {
        let line = line.trim();
        if line.len() != 81 {
            continue;
        }
        let Ok(puzzle) = formats::parse_puzzle(line, &formats::ParseOptions::default()) else { continue };
        let path = match steps(&puzzle, None) {
            Ok(path) => path,
            Err(e) => {
                eprintln!("line {}: {e}", i + 1);
                failed += 1;
                continue;
            }
        };
        for (k, step) in path.steps.iter().enumerate() {
            // Variants of a technique (unique rectangle types) count apart.
            let variant = match step.technique {
                Technique::UniqueRectangle => step.text.split(" (").next().unwrap_or("").to_string(),
                _ => String::new(),
            };
            let key = (step.technique, variant);
            if first.contains_key(&key) {
                continue;
            }
            let Ok(masks) = position(&puzzle, None, k) else { continue };
            // The test starts from the candidate string, which marks every cell with one
            // candidate filled: keep only positions where that start gives the same step.
            let start = Position::from_candidates(masks.candidates.clone());
            match next_step(&puzzle, Some(&start)) {
                Ok((Some(again), _)) if again == *step => {}
                _ => continue,
            }
            let elims: Vec<String> =
                step.eliminations.iter().map(|c| format!("(\"{}\", {})", c.cell, c.digit)).collect();
            let places: Vec<String> =
                step.placements.iter().map(|c| format!("(\"{}\", {})", c.cell, c.digit)).collect();
            let entry = format!(
                "    Position {{\n        technique: Technique::{:?},\n        // {} line {}, where the rater's path first needs it.\n        // {}\n        puzzle: \"{line}\",\n        candidates: \"{}\",\n        placements: &[{}],\n        eliminations: &[{}],\n    }},",
                step.technique,
                path_name(path_of(&args)),
                i + 1,
                step.text,
                format_candidates(&masks.candidates, 9),
                places.join(", "),
                elims.join(", ")
            );
            first.insert(key, entry);
        }
    }
    for entry in first.values() {
        println!("{entry}");
    }
    if failed > 0 {
        eprintln!("{failed} puzzles failed");
        std::process::exit(1);
    }
}

fn path_of(args: &[String]) -> &str {
    args.get(1).map_or("", String::as_str)
}

fn path_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

//! What a puzzle may have but more often has by mistake. Readers accept it (some setters mean
//! it); every front end says so: the CLI on stderr (single puzzles and each line of a batch),
//! the HTTP API in a `"warnings"` list.

use std::collections::HashMap;
use std::fmt;

use crate::geometry::Cell;
use crate::puzzle::Puzzle;
use crate::rules::{Killer, Rule};

/// Something accepted but probably not meant.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Warning {
    /// A killer cage whose cells fall into `pieces` groups that do not touch side by side: some
    /// setters allow such cages, but it is more often a typo in a cell.
    ScatteredCage {
        /// 1-based number of the cage in its rule.
        cage: usize,
        /// The cage's cells.
        cells: Vec<Cell>,
        /// How many groups of side-by-side cells they make (at least 2).
        pieces: usize,
    },
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::ScatteredCage { cage, cells, pieces } => {
                let cells: Vec<String> = cells.iter().map(Cell::to_string).collect();
                write!(
                    f,
                    "killer cage {cage} ({}) is {pieces} pieces whose cells do not touch; read as one cage",
                    cells.join(" ")
                )
            }
        }
    }
}

/// The puzzle's warnings, in rule and cage order; empty for most puzzles.
pub fn warnings(puzzle: &Puzzle) -> Vec<Warning> {
    let mut out = Vec::new();
    for rule in puzzle.rules() {
        let Rule::Killer(Killer { cages, .. }) = rule else { continue };
        for (k, cage) in cages.iter().enumerate() {
            let pieces = pieces(&cage.cells);
            if pieces > 1 {
                out.push(Warning::ScatteredCage { cage: k + 1, cells: cage.cells.clone(), pieces });
            }
        }
    }
    out
}

/// How many groups of side-by-side cells `cells` falls into. Linear in the cells (a cage over a
/// whole 64×64 grid has 4,096): each cell looks up its four neighbours.
fn pieces(cells: &[Cell]) -> usize {
    let at: HashMap<Cell, usize> = cells.iter().enumerate().map(|(i, &c)| (c, i)).collect();
    let mut seen = vec![false; cells.len()];
    let mut count = 0;
    let mut stack = Vec::new();
    for start in 0..cells.len() {
        if seen[start] {
            continue;
        }
        count += 1;
        seen[start] = true;
        stack.push(start);
        while let Some(i) = stack.pop() {
            let Cell { row, col } = cells[i];
            let steps = [
                row.checked_sub(1).map(|r| (r, col)),
                row.checked_add(1).map(|r| (r, col)),
                col.checked_sub(1).map(|c| (row, c)),
                col.checked_add(1).map(|c| (row, c)),
            ];
            for (row, col) in steps.into_iter().flatten() {
                if let Some(&j) = at.get(&Cell { row, col }) {
                    if !seen[j] {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    fn killer(cages: &str) -> Puzzle {
        let text = format!(r#"{{"size": 4, "rules": [{{"type": "killer", "cages": [{cages}]}}]}}"#);
        crate::json::parse_value(&serde_json::from_str(&text).expect("JSON")).expect("a killer puzzle")
    }

    #[test]
    fn cages_whose_cells_do_not_touch_are_warned_about_and_others_are_not() {
        // Diagonal neighbours do not touch side by side; an L does.
        let p = killer(
            r#"{"sum": 3, "cells": ["r1c1", "r1c2"]}, {"sum": 7, "cells": ["r2c1", "r3c2"]},
                          {"sum": 9, "cells": ["r3c3", "r3c4", "r4c4"]}, {"cells": ["r4c1", "r4c3", "r2c4"]}"#,
        );
        let w = warnings(&p);
        assert_eq!(
            w,
            vec![
                Warning::ScatteredCage { cage: 2, cells: vec![Cell::new(1, 0), Cell::new(2, 1)], pieces: 2 },
                Warning::ScatteredCage {
                    cage: 4,
                    cells: vec![Cell::new(3, 0), Cell::new(3, 2), Cell::new(1, 3)],
                    pieces: 3
                },
            ]
        );
        assert_eq!(
            w[0].to_string(),
            "killer cage 2 (r2c1 r3c2) is 2 pieces whose cells do not touch; read as one cage"
        );
        assert!(warnings(&killer(r#"{"sum": 3, "cells": ["r1c1", "r1c2"]}"#)).is_empty());
    }
}

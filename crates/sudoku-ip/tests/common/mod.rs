//! Puzzles and helpers shared by the integration tests.
#![allow(dead_code)]

use sudoku_ip::formats::{parse_puzzle, ParseOptions};
use sudoku_ip::{Cell, Grid, Puzzle};

pub fn examples_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples")
}

pub fn example(name: &str) -> Puzzle {
    let text = std::fs::read_to_string(examples_dir().join(name)).expect("example file");
    parse_puzzle(&text, &ParseOptions::default()).expect("example parses")
}

/// The solution printed in seed 004 (Gurobi write-up) for its standard puzzle.
pub const SEED004_SOLUTION: &str = "
1 4 5 3 2 7 6 9 8
8 3 9 6 5 4 1 2 7
6 7 2 9 1 8 5 4 3
4 9 6 1 8 5 3 7 2
2 1 8 4 7 3 9 5 6
7 5 3 2 9 6 4 8 1
3 6 7 5 4 2 8 1 9
9 8 4 7 6 1 2 3 5
5 2 1 8 3 9 7 6 4
";

pub fn grid(text: &str) -> Grid {
    parse_puzzle(text, &ParseOptions::default()).expect("grid parses").givens().clone()
}

/// Seed 000 (MATLAB, solver-based) prints the objective of its solution: with f = 1..729 over
/// MATLAB's column-major x(i,j,k), Σ f·x = 29565. Any valid solution of that puzzle with this
/// objective is the seed's.
pub fn seed000_objective(g: &Grid) -> usize {
    let mut total = 0;
    for i in 0..9 {
        for j in 0..9 {
            let k = g.get(Cell::new(i, j));
            total += 1 + i + 9 * j + 81 * (k - 1);
        }
    }
    total
}

/// A puzzle with exactly two solutions: the full `solution` with the four cells of a "deadly
/// rectangle" emptied (two rows, two columns, two boxes, digits a/b swapped).
pub fn two_solution_puzzle(solution: &Grid, base: &Puzzle) -> Puzzle {
    let n = solution.n();
    let (br, bc) = base.geometry().box_shape().expect("boxed");
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            if r1 / br != r2 / br {
                continue;
            }
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    if c1 / bc == c2 / bc {
                        continue;
                    }
                    let v = |r, c| solution.get(Cell::new(r, c));
                    if v(r1, c1) == v(r2, c2) && v(r1, c2) == v(r2, c1) {
                        let mut givens = solution.clone();
                        for (r, c) in [(r1, c1), (r1, c2), (r2, c1), (r2, c2)] {
                            givens.set(Cell::new(r, c), 0);
                        }
                        return Puzzle::new(base.geometry().clone(), givens);
                    }
                }
            }
        }
    }
    panic!("no deadly rectangle in this grid");
}

/// The path of an `examples/` file, as a command-line argument.
pub fn example_path(name: &str) -> String {
    examples_dir().join(name).to_string_lossy().into_owned()
}

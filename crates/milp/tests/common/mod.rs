//! Puzzles shared by this crate's tests.
#![allow(dead_code)]

use sudoku_ip_model::{Cell, Geometry, Grid, Puzzle};

/// The seed 000 puzzle, as its 1-based (row, column, digit) triplets.
pub const SEED_000: [(usize, usize, usize); 21] = [
    (1, 2, 2),
    (1, 5, 3),
    (1, 8, 4),
    (2, 1, 6),
    (2, 9, 3),
    (3, 3, 4),
    (3, 7, 5),
    (4, 4, 8),
    (4, 6, 6),
    (5, 1, 8),
    (5, 5, 1),
    (5, 9, 6),
    (6, 4, 7),
    (6, 6, 5),
    (7, 3, 7),
    (7, 7, 6),
    (8, 1, 4),
    (8, 9, 8),
    (9, 2, 3),
    (9, 5, 4),
    (9, 8, 2),
];

/// An `n`x`n` puzzle with inferred boxes from 1-based (row, column, digit) triplets.
pub fn puzzle(n: usize, triplets: &[(usize, usize, usize)]) -> Puzzle {
    let mut givens = Grid::empty(n);
    for &(r, c, d) in triplets {
        givens.set(Cell::new(r - 1, c - 1), d);
    }
    Puzzle::new(Geometry::new(n, None).expect("valid size"), givens)
}

/// The seed 000 puzzle.
pub fn seed_000() -> Puzzle {
    puzzle(9, &SEED_000)
}

//! Exact sums (`exact.rs`): equality rows whose groups may repeat values are propagated by the
//! sums the groups can still make, not by bounds alone. Root propagation must find what only
//! the sums say, and the engine must count the same solutions as the naive reference on grids
//! with such rows (mixed signs included: arrows, innies and outies).

mod common;

use common::Rng;
use sudoku_ip_model::{Backend, Cell, Geometry, Model, Puzzle, Row, RowKind, SearchRequest, Sense};
use sudoku_ip_native::{presolve, reference, Native, Presolve};

fn digits_row(m: &Model, cells: &[(Cell, i32)], rhs: i32, name: &str) -> Row {
    let n = m.n();
    let terms = cells
        .iter()
        .flat_map(|&(c, w)| (1..=n).map(move |d| (c, d, w)))
        .map(|(c, d, w)| (m.var(c, d), w * d as i32))
        .collect();
    Row { name: name.into(), kind: RowKind::Other, terms, sense: Sense::Eq, rhs }
}

#[test]
fn a_sum_with_holes_keeps_only_the_values_it_can_complete() {
    // 4×4: a = r1c1 and b = r2c3 hold 1 or 3, c = r3c2 is free; none of them shares a house.
    // a + b + c = 7: a + b is 2, 4 or 6, so c is 5, 3 or 1 — not 2 or 4, though both lie
    // within the bounds (7 − 6 .. 7 − 2).
    let mut m = Model::build(&Puzzle::blank(Geometry::new(4, None).unwrap()));
    let (a, b, c) = (Cell::new(0, 0), Cell::new(1, 2), Cell::new(2, 1));
    for cell in [a, b] {
        for d in [2, 4] {
            m.set_fixed(m.var(cell, d), Some(false));
        }
    }
    m.push_row(digits_row(&m, &[(a, 1), (b, 1), (c, 1)], 7, "sum"));
    let Presolve::Reduced { fixed, .. } = presolve(&m) else { panic!("feasible") };
    for d in [2, 4] {
        assert_eq!(fixed[m.var(c, d) as usize], Some(false), "c = {d}");
    }
    for d in [1, 3] {
        assert_eq!(fixed[m.var(c, d) as usize], None, "c = {d}");
    }
}

/// Random 4×4 models, each with `1 + below(rows)` equality rows over the cells and
/// coefficients `pick` chooses, a right-hand side some digits reach (or one off), and a few
/// digits taken away (`below(holes)`): every count must be the reference enumerator's.
/// Returns how many models had solutions.
fn counts_agree(
    rng: &mut Rng,
    cases: usize,
    (rows, holes): (usize, usize),
    mut pick: impl FnMut(&mut Rng) -> Vec<(Cell, i32)>,
) -> usize {
    let mut checked = 0;
    for case in 0..cases {
        let mut m = Model::build(&Puzzle::blank(Geometry::new(4, None).unwrap()));
        for r in 0..1 + rng.below(rows) {
            let cells = pick(rng);
            let rhs: i32 =
                cells.iter().map(|&(_, w)| w * (1 + rng.below(4) as i32)).sum::<i32>() + rng.below(3) as i32 - 1;
            m.push_row(digits_row(&m, &cells, rhs, &format!("eq{case}_{r}")));
        }
        for _ in 0..rng.below(holes) {
            let cell = Cell::new(rng.below(4), rng.below(4));
            m.set_fixed(m.var(cell, 1 + rng.below(4)), Some(false));
        }
        let want = reference::solutions(&m, 1000);
        assert!(want.complete);
        let got = Native.search(&m, &SearchRequest::count(u64::MAX, usize::MAX)).expect("search");
        assert_eq!(got.count, want.count, "case {case}");
        checked += (want.count > 0) as usize;
    }
    checked
}

#[test]
fn counts_with_equality_rows_agree_with_the_reference() {
    // Random equality rows over cells that need not see each other, some with a negative term
    // (an arrow's circle, an outie), on 4×4 grids with a few givens: every count must match.
    let checked = counts_agree(&mut Rng(36), 120, (3, 3), |rng| {
        let k = 2 + rng.below(4);
        let mut cells: Vec<(Cell, i32)> = Vec::new();
        while cells.len() < k {
            let cell = Cell::new(rng.below(4), rng.below(4));
            if cells.iter().all(|&(c, _)| c != cell) {
                let w = if rng.below(4) == 0 { -1 } else { 1 + rng.below(2) as i32 };
                cells.push((cell, w));
            }
        }
        cells
    });
    assert!(checked > 20, "only {checked} cases had solutions");
}

#[test]
fn an_arrow_whose_two_cells_see_each_other_skips_the_half_of_what_they_make() {
    // 9×9: the circle c = r5c5 holds 9, its arrow a = r1c1, b = r1c2 (one row, one box) and
    // d = r9c9, which holds 1 and sees neither (so the row is no sum of distinct values). So
    // a + b = 8: the knapsack over cells keeps a = b = 4 (4 + 4), and the bounds of the block
    // {a, b} (3..17) do not reach inside; taking the block's ways, whose digits differ,
    // removes 4 from both.
    let mut m = Model::build(&Puzzle::blank(Geometry::new(9, None).unwrap()));
    let (a, b, c, d) = (Cell::new(0, 0), Cell::new(0, 1), Cell::new(4, 4), Cell::new(8, 8));
    m.set_fixed(m.var(c, 9), Some(true));
    m.set_fixed(m.var(d, 1), Some(true));
    m.push_row(digits_row(&m, &[(a, 1), (b, 1), (d, 1), (c, -1)], 0, "arrow"));
    let Presolve::Reduced { fixed, .. } = presolve(&m) else { panic!("feasible") };
    for cell in [a, b] {
        assert_eq!(fixed[m.var(cell, 4) as usize], Some(false), "{cell} = 4");
        for d in [1, 2, 3, 5, 6, 7] {
            assert_eq!(fixed[m.var(cell, d) as usize], None, "{cell} = {d}");
        }
    }
}

#[test]
fn counts_with_equality_rows_over_cells_that_see_each_other_agree_with_the_reference() {
    // As above, but the cells of a row come from one row and one column, so that its groups
    // form blocks of distinct values (the knapsack takes a block's ways as one item).
    let checked = counts_agree(&mut Rng(3636), 150, (2, 4), |rng| {
        let (row, col) = (rng.below(4), rng.below(4));
        let house: Vec<Cell> = (0..4).map(|k| Cell::new(row, k)).chain((0..4).map(|k| Cell::new(k, col))).collect();
        let k = 2 + rng.below(3);
        let sign = if rng.below(3) == 0 { -1 } else { 1 };
        let mut cells: Vec<(Cell, i32)> = Vec::new();
        while cells.len() < k {
            let cell = house[rng.below(house.len())];
            if cells.iter().all(|&(c, _)| c != cell) {
                // Mostly one sign a row; now and then a circle of the other.
                let w = if cells.is_empty() || rng.below(4) != 0 { sign } else { -sign };
                cells.push((cell, w));
            }
        }
        cells
    });
    assert!(checked > 30, "only {checked} cases had solutions");
}

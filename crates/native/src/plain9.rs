//! Recognising a plain 9×9 model, for the bit-parallel fast path.
//!
//! A model qualifies when its rows are, as sets of variables, exactly the 324 rows of a blank
//! 9×9 Sudoku (cells, rows, columns, 3×3 boxes; names and order irrelevant) and its only
//! fixed variables are givens (at 1, at most one per cell). Anything else — a variant row, a
//! digit excluded by a bound — goes to the generic engine.

use std::sync::OnceLock;

use sudoku_ip_model::{Geometry, Model, Puzzle, Row};

/// The variable sets of the blank 9×9 rows: in `Model::build` order, and sorted.
struct Blank {
    in_order: Vec<Vec<u32>>,
    sorted: Vec<Vec<u32>>,
}

fn blank() -> &'static Blank {
    static BLANK: OnceLock<Blank> = OnceLock::new();
    BLANK.get_or_init(|| {
        let in_order: Vec<Vec<u32>> = match Geometry::new(9, None) {
            Ok(g) => {
                Model::build(&Puzzle::blank(g)).rows().iter().map(|r| r.terms.iter().map(|t| t.0).collect()).collect()
            }
            Err(_) => Vec::new(),
        };
        let mut sorted: Vec<Vec<u32>> = in_order
            .iter()
            .map(|r| {
                let mut r = r.clone();
                r.sort_unstable();
                r
            })
            .collect();
        sorted.sort_unstable();
        Blank { in_order, sorted }
    })
}

/// `Some(givens)` (row-major, 0 = empty) when `model` is a plain 9×9 Sudoku: its rows are the
/// standard rows (compared as sets of variables, all `= 1` with unit coefficients), every fixed
/// variable is fixed to 1, and no cell has two.
pub fn is_plain_9x9(model: &Model) -> Option<[u8; 81]> {
    if rows_are_plain_9x9(model) {
        givens_of(model.fixed())
    } else {
        None
    }
}

/// The half of [`is_plain_9x9`] that depends on the rows only (a [`Prepared`](crate::Prepared)
/// handle decides it once): the model has the 729 cube variables and no other, and its rows
/// are the standard ones.
pub(crate) fn rows_are_plain_9x9(model: &Model) -> bool {
    let blank = blank();
    let rows = model.rows();
    if model.n() != 9
        || model.num_vars() != 729
        || rows.len() != blank.in_order.len()
        || !rows.iter().all(Row::is_exactly_one)
    {
        return false;
    }
    // Models built by `Model::build` list the rows in the blank order: compare without sorting.
    let same_order = rows.iter().zip(&blank.in_order).all(|(r, b)| r.terms.iter().map(|t| t.0).eq(b.iter().copied()));
    if !same_order {
        let mut sorted: Vec<Vec<u32>> = rows
            .iter()
            .map(|r| {
                let mut vars: Vec<u32> = r.terms.iter().map(|t| t.0).collect();
                vars.sort_unstable();
                vars
            })
            .collect();
        sorted.sort_unstable();
        if sorted != blank.sorted {
            return false;
        }
    }
    true
}

/// The givens (row-major, 0 = empty) that the fixed variables of a plain 9×9 model spell:
/// `None` when one is fixed to 0 or a cell has two.
pub(crate) fn givens_of(fixed: &[Option<bool>]) -> Option<[u8; 81]> {
    if fixed.len() != 729 {
        return None;
    }
    let mut givens = [0u8; 81];
    for (v, f) in fixed.iter().enumerate() {
        match f {
            None => {}
            Some(false) => return None,
            Some(true) => {
                let cell = &mut givens[v / 9];
                if *cell != 0 {
                    return None;
                }
                *cell = (v % 9 + 1) as u8;
            }
        }
    }
    Some(givens)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_ip_model::{Cell, Grid, Sense};

    fn model9(line: &str) -> Model {
        let values: Vec<u8> = line.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
        let grid = Grid::from_values(9, values).expect("81 digits");
        Model::build(&Puzzle::new(Geometry::new(9, None).expect("9x9"), grid))
    }

    const PUZZLE: &str = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";

    #[test]
    fn a_built_9x9_model_is_plain_and_its_givens_come_back() {
        let m = model9(PUZZLE);
        let givens = is_plain_9x9(&m).expect("plain");
        let expected: Vec<u8> = PUZZLE.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
        assert_eq!(givens.to_vec(), expected);
    }

    #[test]
    fn boxes_given_as_jigsaw_regions_in_another_order_are_still_plain() {
        // Same variable sets, but named `region…`, listed in reverse and with reversed cells:
        // only the sorted comparison can recognise them.
        let boxes = Geometry::new(9, None).expect("9x9").regions();
        let regions: Vec<Vec<usize>> = boxes.into_iter().rev().map(|b| b.into_iter().rev().collect()).collect();
        let jigsaw = Geometry::with_regions(9, regions).expect("the boxes tile the grid");
        let plain = model9(PUZZLE);
        let m = Model::build(&Puzzle::new(jigsaw, Grid::empty(9)));
        let mut m = m;
        for (v, f) in plain.fixed().iter().enumerate() {
            m.set_fixed(v as u32, *f);
        }
        assert_ne!(m.rows(), plain.rows());
        assert_eq!(is_plain_9x9(&m), is_plain_9x9(&plain));
        assert!(is_plain_9x9(&m).is_some());

        // A true jigsaw (two cells swapped between boxes 1 and 2) is not plain.
        let mut regions = Geometry::new(9, None).expect("9x9").regions();
        regions[0][2] = 3;
        regions[1][0] = 2;
        let jigsaw = Geometry::with_regions(9, regions).expect("still a tiling");
        assert_eq!(is_plain_9x9(&Model::build(&Puzzle::blank(jigsaw))), None);
    }

    #[test]
    fn variants_bounds_and_double_givens_are_not_plain() {
        let base = model9(PUZZLE);
        let mut extra = base.clone();
        let v = extra.var(Cell::new(0, 0), 1);
        extra.push_row(Row {
            name: "x".into(),
            kind: sudoku_ip_model::RowKind::Other,
            terms: vec![(v, 1)],
            sense: Sense::Le,
            rhs: 1,
        });
        assert_eq!(is_plain_9x9(&extra), None);

        let mut zero = base.clone();
        zero.set_fixed(v, Some(false));
        assert_eq!(is_plain_9x9(&zero), None);

        let mut double = base.clone();
        double.set_fixed(base.var(Cell::new(0, 2), 1), Some(true)); // r1c3 already holds 5
        assert_eq!(is_plain_9x9(&double), None);

        let blank16 = Model::build(&Puzzle::blank(Geometry::new(16, None).expect("16x16")));
        assert_eq!(is_plain_9x9(&blank16), None);
    }
}

//! Auxiliary variables on the native engine: the test rule "in rows 1 and 3 the 1 stands left
//! of the n" with one indicator per row (tests/common), counted against the naive reference and
//! against a filter over every grid; grids count once however many auxiliary values fit them;
//! presolve and the prepared handle see the auxiliary variables too.

use sudoku_ip_model::{Backend, Cell, Geometry, Grid, Model, Puzzle, Row, SearchEnd, SearchRequest};
use sudoku_ip_native::{presolve, reference, search_generic, Native, Presolve};

mod common;

use common::{one_before_last, one_left_of_last};

/// The rows the rule constrains in these tests.
const ROWS: [usize; 2] = [0, 2];

fn holds(g: &Grid) -> bool {
    ROWS.iter().all(|&r| one_left_of_last(g, r))
}

fn blank4() -> Model {
    Model::build(&Puzzle::blank(Geometry::new(4, None).expect("4x4")))
}

fn all_grids(model: &Model) -> Vec<Grid> {
    let r = Native.search(model, &SearchRequest::count(u64::MAX, usize::MAX)).expect("search");
    assert_eq!(r.end, SearchEnd::Exhausted);
    r.solutions
}

#[test]
fn the_rule_keeps_exactly_the_grids_its_checker_accepts() {
    let plain = all_grids(&blank4());
    assert_eq!(plain.len(), 288);
    let wanted: Vec<&Grid> = plain.iter().filter(|g| holds(g)).collect();
    assert!(!wanted.is_empty() && wanted.len() < plain.len());
    let mut m = blank4();
    let aux = one_before_last(&mut m, &ROWS);
    assert_eq!((m.num_vars(), m.num_cube_vars()), (64 + 4, 64));
    assert_eq!(m.var_name(aux[2]), "one_left_of_4_in_row3");
    let got = all_grids(&m);
    assert_eq!(got.len(), wanted.len());
    assert!(got.iter().all(holds));
    // The generic engine and the naive reference agree on the count.
    let generic = search_generic(&m, &SearchRequest::count(u64::MAX, 0)).expect("search");
    let reference = reference::solutions(&m, 10_000);
    assert!(reference.complete);
    assert_eq!((generic.count, reference.count), (wanted.len() as u64, wanted.len() as u64));
    // Every solution, completed with its indicators, satisfies the model; the grid alone is
    // decoded from the cube.
    for g in &got {
        let ones = m.ones_from_grid(g);
        assert!(m.is_feasible(&ones));
        for (r, &y) in aux.iter().enumerate() {
            assert_eq!(ones[y as usize], one_left_of_last(g, r), "indicator of row {}", r + 1);
        }
        assert_eq!(m.grid_from_ones(&ones).as_ref(), Some(g));
    }
}

#[test]
fn indicators_alone_change_no_count() {
    // y_r is decided by the grid: 288 grids, each once, with either value of y allowed by the
    // rows (the engine must still branch or propagate its way to a value for it).
    let mut m = blank4();
    one_before_last(&mut m, &[]);
    let r = Native.search(&m, &SearchRequest::count(u64::MAX, 0)).expect("search");
    assert_eq!((r.count, r.end), (288, SearchEnd::Exhausted));
    assert_eq!(reference::solutions(&m, 10_000).count, 288);
}

#[test]
fn a_grid_with_two_fitting_auxiliary_values_counts_once() {
    // An auxiliary variable in no exactly-one row and no binding row: free in every solution.
    // Counting assignments would give 2 × 288; solutions are grids.
    let mut m = blank4();
    let z = m.add_aux("loose");
    let w = m.add_aux("loose"); // a repeated name is made unique
    assert_eq!((m.var_name(z), m.var_name(w)), ("loose".to_string(), "loose_2".to_string()));
    m.push_row(Row {
        name: "loose".into(),
        kind: sudoku_ip_model::RowKind::Other,
        terms: vec![(z, 1), (w, 1)],
        sense: sudoku_ip_model::Sense::Le,
        rhs: 2,
    });
    let r = Native.search(&m, &SearchRequest::count(u64::MAX, 0)).expect("search");
    assert_eq!((r.count, r.end), (288, SearchEnd::Exhausted));
    assert_eq!(reference::solutions(&m, 10_000).count, 288);
    // With the two bound to differ and tied to r1c1 = 1, every grid still fits once.
    let x = m.var(Cell::new(0, 0), 1);
    m.push_row(Row {
        name: "differ".into(),
        kind: sudoku_ip_model::RowKind::Other,
        terms: vec![(z, 1), (w, 1)],
        sense: sudoku_ip_model::Sense::Eq,
        rhs: 1,
    });
    m.push_row(Row {
        name: "tie".into(),
        kind: sudoku_ip_model::RowKind::Other,
        terms: vec![(z, 1), (x, -1)],
        sense: sudoku_ip_model::Sense::Eq,
        rhs: 0,
    });
    let r = Native.search(&m, &SearchRequest::count(u64::MAX, 0)).expect("search");
    assert_eq!((r.count, r.end), (288, SearchEnd::Exhausted));
}

#[test]
fn no_grid_fits_when_the_auxiliary_rows_cannot_hold() {
    let mut m = blank4();
    let z = m.add_aux("never");
    m.push_row(Row {
        name: "z_is_2".into(),
        kind: sudoku_ip_model::RowKind::Other,
        terms: vec![(z, 1)],
        sense: sudoku_ip_model::Sense::Ge,
        rhs: 2,
    });
    let r = Native.search(&m, &SearchRequest::count(2, 2)).expect("search");
    assert_eq!((r.count, r.end), (0, SearchEnd::Exhausted));
    assert!(matches!(presolve(&m), Presolve::Infeasible { .. }));
}

#[test]
fn presolve_decides_forced_indicators() {
    let mut m = blank4();
    let aux = one_before_last(&mut m, &ROWS);
    let Presolve::Reduced { fixed, .. } = presolve(&m) else { panic!("feasible model called infeasible") };
    assert_eq!(fixed.len(), m.num_vars());
    assert!(ROWS.iter().all(|&r| fixed[aux[r] as usize] == Some(true)));
}

#[test]
fn a_prepared_model_searches_like_a_fresh_one_under_changing_bounds() {
    let mut m = blank4();
    one_before_last(&mut m, &ROWS);
    let mut prepared = Native::prepare(&m).expect("valid model");
    let request = SearchRequest::count(u64::MAX, 0);
    let total = prepared.search(&request).expect("search").count;
    for d in 1..=4 {
        let var = m.var(Cell::new(0, 0), d);
        prepared.set_fixed(var, Some(true));
        let mut fresh = m.clone();
        fresh.set_fixed(var, Some(true));
        let a = prepared.search(&request).expect("search");
        let b = Native.search(&fresh, &request).expect("search");
        assert_eq!((a.count, a.end, a.stats.model), (b.count, b.end, b.stats.model), "r1c1 = {d}");
        // r1c1 holds 4 in no solution: row 1's 1 must stand left of it.
        assert_eq!(a.count == 0, d == 4, "r1c1 = {d}");
        prepared.set_fixed(var, None);
    }
    assert_eq!(prepared.search(&request).expect("search").count, total);
    // Bounds of the wrong length are an error, not a panic.
    assert!(prepared.search_with(&[None; 3], &request).is_err());
}

#[test]
fn a_guided_search_finds_what_an_unguided_one_does() {
    // Counts are the same whatever the preferred values; the first grid found is the preferred
    // one when it is a solution.
    let mut m = blank4();
    one_before_last(&mut m, &ROWS);
    let prepared = Native::prepare(&m).expect("valid model");
    let all = SearchRequest::count(u64::MAX, usize::MAX);
    let grids = prepared.search(&all).expect("search").solutions;
    assert!(grids.len() > 1);
    for grid in &grids {
        let prefer = (0..16).map(|k| m.var(Cell::from_index(k, 4), grid.values()[k] as usize)).collect::<Vec<u32>>();
        let guide = sudoku_ip_native::Guide { prefer };
        assert_eq!(prepared.search_guided(&all, &guide).expect("search").count, grids.len() as u64);
        let first = prepared.search_guided(&SearchRequest::count(1, 1), &guide).expect("search");
        assert_eq!(first.solutions.first(), Some(grid));
    }
}

//! Auxiliary variables on every MILP solver compiled in: the test rule "in rows 1 and 3 the 1
//! stands left of the n" with one indicator per row (shared with the native engine's tests),
//! with and without native presolve, and an auxiliary variable the grid leaves free.

use sudoku_ip_milp::Milp;
use sudoku_ip_model::{Backend, Cell, Geometry, Model, Puzzle, Row, SearchEnd, SearchRequest, Sense};
use sudoku_ip_native::{presolve, Native, Presolve};

// The rule's rows and its checker live with the native tests until the rule registry has it.
#[path = "../../native/tests/common/mod.rs"]
mod native_common;

use native_common::{one_before_last, one_left_of_last};

fn blank4() -> Model {
    Model::build(&Puzzle::blank(Geometry::new(4, None).expect("4x4")))
}

fn backends() -> Vec<Milp> {
    Milp::compiled()
}

/// The model with what native presolve decided substituted, as the facade does.
fn presolved(model: &Model) -> Model {
    let Presolve::Reduced { fixed, .. } = presolve(model) else { panic!("feasible model called infeasible") };
    let mut m = model.clone();
    for (v, f) in fixed.into_iter().enumerate() {
        m.set_fixed(v as u32, f);
    }
    m
}

#[test]
fn every_solver_counts_the_rule_like_the_native_engine() {
    let mut m = blank4();
    let aux = one_before_last(&mut m, &[0, 2]);
    let expected = Native.search(&m, &SearchRequest::count(u64::MAX, 0)).expect("native").count;
    assert!(expected > 0 && expected < 288);
    for backend in backends() {
        for (what, model) in [("as built", m.clone()), ("presolved", presolved(&m))] {
            let r = backend.search(&model, &SearchRequest::count(u64::MAX, usize::MAX)).expect("search");
            assert_eq!((r.count, &r.end), (expected, &SearchEnd::Exhausted), "{} {what}", backend.name());
            assert!(
                r.solutions.iter().all(|g| one_left_of_last(g, 0) && one_left_of_last(g, 2)),
                "{} {what}",
                backend.name()
            );
        }
        // Without presolve the solver got the indicators as columns.
        let r = backend.search(&m, &SearchRequest::solve()).expect("search");
        assert_eq!(r.stats.presolved.map(|s| s.variables), Some(64 + aux.len()), "{}", backend.name());
    }
}

#[test]
fn a_free_auxiliary_variable_does_not_multiply_the_count() {
    // The exclusion cut is over the grid, so a grid with two fitting values of z counts once.
    // First row 1 2 3 4: 288 / 24 = 12 grids.
    let mut m = blank4();
    for c in 0..4 {
        m.set_fixed(m.var(Cell::new(0, c), c + 1), Some(true));
    }
    let z = m.add_aux("loose");
    m.push_row(Row {
        name: "loose".into(),
        kind: sudoku_ip_model::RowKind::Other,
        terms: vec![(z, 1)],
        sense: Sense::Le,
        rhs: 1,
    });
    for backend in backends() {
        let r = backend.search(&m, &SearchRequest::count(30, 0)).expect("search");
        assert_eq!((r.count, r.end), (12, SearchEnd::Exhausted), "{}", backend.name());
    }
}

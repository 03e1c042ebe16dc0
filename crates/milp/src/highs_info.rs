//! HiGHS's 64-bit info values, read through its C API: the one module of this crate with
//! `unsafe` code (feature `highs`).
//!
//! The `highs` crate reads HiGHS's 32-bit (`HighsInt`) and double info values safely
//! (`SolvedModel::int_info_value`, `simplex_iteration_count`), but not the 64-bit ones, and the
//! branch-and-bound node count (`mip_node_count`) is one of them. So this module calls
//! `Highs_getInt64InfoValue` itself.
//!
//! Why the call is sound, audited line by line below:
//! - the pointer is the live HiGHS instance a `SolvedModel` owns (borrowed for the call, so it
//!   cannot be freed meanwhile), and HiGHS only reads it (`const void*` in the C API);
//! - the name is a NUL-terminated C string literal (`&CStr`), alive for the call;
//! - the value is written through a pointer to a local `i64` (`int64_t*` in the C API), which
//!   HiGHS writes at most once and never keeps;
//! - HiGHS answers an unknown name, or a name of another type, with an error status and does
//!   not write the value: we then return `None`, never the untouched local.
#![allow(unsafe_code)]

use std::ffi::CStr;

use ::highs::SolvedModel;

/// HiGHS's `kHighsStatusOk`.
const OK: i32 = 0;

/// The 64-bit info value `name` of a solved model, or `None` when HiGHS does not know it as a
/// 64-bit value (or answers with a warning or an error).
pub(crate) fn int64(solved: &SolvedModel, name: &CStr) -> Option<i64> {
    let mut value: i64 = -1;
    // SAFETY: see the module doc: a live instance read only, a NUL-terminated name, a valid
    // `*mut i64` to a local, nothing kept by HiGHS after the call.
    let status = unsafe { highs_sys::Highs_getInt64InfoValue(solved.as_ptr(), name.as_ptr(), &mut value) };
    (status == OK).then_some(value)
}

/// The branch-and-bound nodes HiGHS's MIP solver explored (`mip_node_count`); `None` when the
/// model was not solved as a MIP (HiGHS reports -1 then) or the value cannot be read.
pub(crate) fn mip_nodes(solved: &SolvedModel) -> Option<u64> {
    int64(solved, c"mip_node_count").and_then(|n| u64::try_from(n).ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ::highs::{RowProblem, Sense};

    /// max x + y with x, y integer, 2x + 2y <= 3: the LP optimum (1.5) is fractional, so the
    /// MIP solver has work to do beyond the LP.
    fn small_mip() -> SolvedModel {
        let mut p = RowProblem::default();
        let x = p.add_integer_column(1.0, 0..=1);
        let y = p.add_integer_column(1.0, 0..=1);
        p.add_row(..=3.0, [(x, 2.0), (y, 2.0)]);
        let mut model = p.optimise(Sense::Maximise);
        model.make_quiet();
        // Without presolve the MIP solver itself meets the fractional root.
        model.set_option("presolve", "off");
        model.solve()
    }

    #[test]
    fn a_solved_mip_reports_its_nodes_and_an_unknown_name_reads_as_none() {
        let solved = small_mip();
        assert!((solved.objective_value() - 1.0).abs() < 1e-9);
        let nodes = mip_nodes(&solved).expect("a MIP solve reports mip_node_count");
        assert!(nodes >= 1, "HiGHS counts the root as a node: {nodes}");
        assert_eq!(int64(&solved, c"no_such_info_value"), None);
        // A 32-bit value is not a 64-bit one: HiGHS refuses the type, and we do not read -1.
        assert_eq!(int64(&solved, c"simplex_iteration_count"), None);
    }

    #[test]
    fn an_lp_reports_no_mip_nodes() {
        let mut p = RowProblem::default();
        let x = p.add_column(1.0, 0..=1);
        p.add_row(..=0.5, [(x, 1.0)]);
        let mut model = p.optimise(Sense::Maximise);
        model.make_quiet();
        let solved = model.solve();
        assert_eq!(mip_nodes(&solved), None);
    }
}

//! The exported LP and MPS files, read back by the real HiGHS through its C API, give the same
//! grid as the MILP backend (feature `highs`).
//!
//! This is the crate's only unsafe code: a small wrapper over `Highs_create` / `Highs_readModel`
//! / `Highs_run` / `Highs_getSolution` / `Highs_getColName`, in a test.
#![cfg(feature = "highs")]
#![allow(unsafe_code)]

use std::collections::HashMap;
use std::ffi::{c_void, CStr, CString};
use std::os::raw::c_char;
use std::path::PathBuf;

use highs_sys::{
    kHighsMaximumStringLength, HighsInt, Highs_create, Highs_destroy, Highs_getColName, Highs_getModelStatus,
    Highs_getNumCol, Highs_getNumRow, Highs_getSolution, Highs_readModel, Highs_run, Highs_setBoolOptionValue,
    MODEL_STATUS_INFEASIBLE, MODEL_STATUS_OPTIMAL, STATUS_ERROR,
};
use sudoku_ip_milp::Milp;
use sudoku_ip_model::export::{self, MpsFormat};
use sudoku_ip_model::{check, Backend, Cell, Geometry, Grid, Model, Puzzle, SearchRequest};

mod common;

/// A HiGHS instance that owns its pointer.
struct Highs(*mut c_void);

/// What HiGHS made of a file.
struct FileSolve {
    status: HighsInt,
    rows: usize,
    /// Column names and values, in HiGHS's column order.
    columns: Vec<(String, f64)>,
}

impl Highs {
    fn new() -> Highs {
        // SAFETY: Highs_create has no preconditions; the pointer is destroyed once, in Drop.
        let ptr = unsafe { Highs_create() };
        assert!(!ptr.is_null());
        // SAFETY: valid instance and a NUL-terminated option name.
        unsafe { Highs_setBoolOptionValue(ptr, c"output_flag".as_ptr(), 0) };
        Highs(ptr)
    }

    fn solve_file(self, path: &std::path::Path) -> FileSolve {
        let path = CString::new(path.to_string_lossy().as_bytes()).expect("path without NUL");
        // SAFETY: valid instance and NUL-terminated path; HiGHS copies what it reads.
        let read = unsafe { Highs_readModel(self.0, path.as_ptr()) };
        assert_ne!(read, STATUS_ERROR, "HiGHS could not read {path:?}");
        // SAFETY: valid instance with a model loaded.
        let (ncol, nrow, status) = unsafe {
            assert_ne!(Highs_run(self.0), STATUS_ERROR, "HiGHS run failed");
            (Highs_getNumCol(self.0), Highs_getNumRow(self.0), Highs_getModelStatus(self.0))
        };
        let (ncol, nrow) = (usize::try_from(ncol).expect("columns"), usize::try_from(nrow).expect("rows"));
        let mut values = vec![0.0; ncol];
        let mut col_dual = vec![0.0; ncol];
        let mut row_value = vec![0.0; nrow];
        let mut row_dual = vec![0.0; nrow];
        let mut columns = Vec::with_capacity(ncol);
        // SAFETY: the four buffers have the lengths HiGHS reports for this model.
        unsafe {
            Highs_getSolution(
                self.0,
                values.as_mut_ptr(),
                col_dual.as_mut_ptr(),
                row_value.as_mut_ptr(),
                row_dual.as_mut_ptr(),
            )
        };
        for (col, &value) in values.iter().enumerate() {
            let mut buf = vec![0 as c_char; kHighsMaximumStringLength as usize + 1];
            // SAFETY: col < ncol and buf holds the longest name HiGHS writes, plus its NUL.
            let got = unsafe { Highs_getColName(self.0, col as HighsInt, buf.as_mut_ptr()) };
            assert_ne!(got, STATUS_ERROR);
            // SAFETY: HiGHS wrote a NUL-terminated string into buf.
            let name = unsafe { CStr::from_ptr(buf.as_ptr()) }.to_string_lossy().into_owned();
            columns.push((name, value));
        }
        FileSolve { status, rows: nrow, columns }
    }
}

impl Drop for Highs {
    fn drop(&mut self) {
        // SAFETY: created by Highs_create and destroyed only here.
        unsafe { Highs_destroy(self.0) }
    }
}

/// The three exports of `model`, written to temporary files.
fn exports(model: &Model, tag: &str) -> Vec<(PathBuf, MpsFormat, String)> {
    let dir = std::env::temp_dir();
    let pid = std::process::id();
    [
        ("lp", None, export::to_lp(model)),
        ("free.mps", Some(MpsFormat::Free), export::to_mps(model, MpsFormat::Free)),
        ("fixed.mps", Some(MpsFormat::Fixed), export::to_mps(model, MpsFormat::Fixed)),
    ]
    .into_iter()
    .map(|(ext, format, text)| {
        let path = dir.join(format!("sudoku-ip-milp-{pid}-{tag}.{ext}"));
        std::fs::write(&path, text).expect("write temp file");
        (path, format.unwrap_or_default(), ext.to_string())
    })
    .collect()
}

/// The 0-1 assignment HiGHS found, decoding columns by name (`x_r1c2_d5` or an auxiliary
/// variable's name, or `C{k}` in fixed MPS).
fn ones_by_name(model: &Model, solve: &FileSolve, fixed: bool) -> Vec<bool> {
    let by_name: HashMap<String, usize> = (0..model.num_vars()).map(|v| (model.var_name(v as u32), v)).collect();
    let mut ones = vec![false; model.num_vars()];
    for (name, value) in &solve.columns {
        let var = if fixed {
            name.strip_prefix('C').and_then(|k| k.parse::<usize>().ok()).expect("C<k> name") - 1
        } else {
            by_name[name]
        };
        ones[var] = *value > 0.5;
    }
    ones
}

/// The grid HiGHS found.
fn grid_by_name(model: &Model, solve: &FileSolve, fixed: bool) -> Grid {
    model.grid_from_ones(&ones_by_name(model, solve, fixed)).expect("one digit per cell")
}

#[test]
fn highs_reads_every_export_and_finds_the_backend_grid() {
    let puzzle = common::seed_000();
    let model = Model::build(&puzzle);
    let backend = Milp::highs();
    let result = backend.search(&model, &SearchRequest::solve()).expect("search");
    let expected = result.solutions.first().expect("a solution").clone();
    assert!(check::verify(&puzzle, &expected).is_empty());
    for (path, format, ext) in exports(&model, "seed") {
        let solve = Highs::new().solve_file(&path);
        std::fs::remove_file(&path).ok();
        assert_eq!(solve.status, MODEL_STATUS_OPTIMAL, "{ext}");
        assert_eq!((solve.columns.len(), solve.rows), (729, 324), "{ext}");
        assert_eq!(grid_by_name(&model, &solve, format == MpsFormat::Fixed), expected, "{ext}");
    }
}

#[test]
fn highs_keeps_the_exported_fixings() {
    // Four open cells with two solutions; excluding 1 from r1c1 leaves only the one with a 2.
    let full = [1u8, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    let mut values = full.to_vec();
    for k in [0, 1, 8, 9] {
        values[k] = 0;
    }
    let puzzle = Puzzle::new(Geometry::new(4, None).expect("4x4"), Grid::from_values(4, values).expect("grid"));
    let mut model = Model::build(&puzzle);
    model.set_fixed(model.var(Cell::new(0, 0), 1), Some(false));
    for (path, format, ext) in exports(&model, "fixings") {
        let solve = Highs::new().solve_file(&path);
        std::fs::remove_file(&path).ok();
        assert_eq!(solve.status, MODEL_STATUS_OPTIMAL, "{ext}");
        let grid = grid_by_name(&model, &solve, format == MpsFormat::Fixed);
        assert_eq!(grid.get(Cell::new(0, 0)), 2, "{ext}: the x = 0 bound was lost");
        assert!(check::verify(&puzzle, &grid).is_empty());
    }
    // And with r1c1 = 1 and = 2 both excluded, nothing is left.
    model.set_fixed(model.var(Cell::new(0, 0), 2), Some(false));
    for (path, _, ext) in exports(&model, "infeasible") {
        let solve = Highs::new().solve_file(&path);
        std::fs::remove_file(&path).ok();
        assert_eq!(solve.status, MODEL_STATUS_INFEASIBLE, "{ext}");
    }
}

#[path = "../../native/tests/common/mod.rs"]
mod native_common;

#[test]
fn highs_reads_auxiliary_variables_by_name_with_their_bounds() {
    // The test rule with one indicator per row, and one indicator fixed by a bound: HiGHS must
    // see every auxiliary column (named, binary, bounded) and return a point of the model.
    let mut model = Model::build(&Puzzle::blank(Geometry::new(4, None).expect("4x4")));
    let aux = native_common::one_before_last(&mut model, &[]);
    model.set_fixed(aux[1], Some(false)); // row 2: the 4 left of the 1
    for (path, format, ext) in exports(&model, "aux") {
        let text = std::fs::read_to_string(&path).expect("read back");
        let solve = Highs::new().solve_file(&path);
        std::fs::remove_file(&path).ok();
        assert_eq!(solve.status, MODEL_STATUS_OPTIMAL, "{ext}");
        assert_eq!(solve.columns.len(), 64 + aux.len(), "{ext}");
        if format == MpsFormat::Free {
            assert!(text.contains("one_left_of_4_in_row1"), "{ext}: auxiliary names are written");
        }
        let ones = ones_by_name(&model, &solve, format == MpsFormat::Fixed);
        assert!(model.is_feasible(&ones), "{ext}: HiGHS's point breaks the model");
        let grid = model.grid_from_ones(&ones).expect("one digit per cell");
        let row2 = &grid.values()[4..8];
        assert!(row2.iter().position(|&x| x == 4) < row2.iter().position(|&x| x == 1), "{ext}: y2 = 0 lost");
        let holds = |r: usize| {
            let row = &grid.values()[4 * r..4 * r + 4];
            row.iter().position(|&x| x == 1) < row.iter().position(|&x| x == 4)
        };
        for (r, &y) in aux.iter().enumerate() {
            assert_eq!(ones[y as usize], holds(r), "{ext}: indicator of row {}", r + 1);
        }
    }
}

//! Hyper Sudoku (Windoku), seed 001: extra windows that hold every digit once. On 9×9 they are
//! the four 3×3 squares at rows and columns 2–4 and 6–8.
//!
//! General form, for `n = k²` with `k >= 2`: `k`×`k` windows whose top-left corners sit at the
//! 1-based rows and columns `2 + i·(k+1)`, `i = 0..k−2` — one box-width apart with a one-cell
//! gutter — so there are `(k−1)²` windows (4×4: one, 9×9: four, 16×16: nine).
//!
//! ```text
//!   window{w}_d{d} :  Σ_{cells c of window w} x[c, d] = 1        ((k−1)²·n rows)
//! ```
//!
//! Each window has `n` cells, so these are exact-cover rows like the boxes.

use crate::check::{duplicates, Unit, Violation};
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;

use super::{Emit, Mark, RuleError, RuleKind};

/// Shade of window cells.
const SHADE: &str = "#d9d9d9";

/// Hyper Sudoku / Windoku: extra windows, each holding every digit once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Windows;

impl RuleKind for Windows {
    /// f-puzzles has no windows: they are written as extra regions (and read back as those).
    const FPUZZLES_KEYS: &'static [&'static str] = &[];

    fn from_fpuzzles(_: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        Ok(None)
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        for window in windows(f.n()).unwrap_or_default() {
            f.push("extraregion", serde_json::json!({"cells": super::fpuzzles::rcs(&window)}));
        }
        Ok(())
    }

    const NAME: &'static str = "windows";
    const ALIASES: &'static [&'static str] = &["hyper", "windoku"];
    const SUMMARY: &'static str = "extra windows (9x9: rows and columns 2-4 and 6-8) hold each digit once";

    fn switch() -> Option<Self> {
        Some(Windows)
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        validate(geometry.n())
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        emit(b);
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        check(geometry, grid)
    }

    fn draw(&self, geometry: &Geometry) -> Vec<Mark> {
        let cells = windows(geometry.n()).unwrap_or_default().into_iter().flatten().collect();
        vec![Mark::Shade { cells, colour: SHADE }]
    }
}

/// The windows of a side-`n` grid, numbered row-major; `None` unless `n = k²`, `k >= 2`.
pub fn windows(n: usize) -> Option<Vec<Vec<Cell>>> {
    let k = (2..=n).find(|k| k * k >= n).filter(|k| k * k == n)?;
    let starts: Vec<usize> = (0..k - 1).map(|i| 1 + i * (k + 1)).collect();
    let mut out = Vec::new();
    for &r0 in &starts {
        for &c0 in &starts {
            out.push((r0..r0 + k).flat_map(|r| (c0..c0 + k).map(move |c| Cell::new(r, c))).collect());
        }
    }
    Some(out)
}

pub(crate) fn validate(n: usize) -> Result<(), RuleError> {
    windows(n)
        .map(|_| ())
        .ok_or_else(|| RuleError::new("", format!("windows need a side that is a square (4, 9, 16, 25…), not {n}")))
}

fn emit(b: &mut Emit<'_, '_>) {
    for (w, cells) in windows(b.n()).unwrap_or_default().iter().enumerate() {
        b.all_different(format!("window{}", w + 1), cells);
    }
}

fn check(geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
    let mut out = Vec::new();
    for (w, cells) in windows(geometry.n()).unwrap_or_default().iter().enumerate() {
        out.extend(duplicates(&Unit::Named(format!("window {}", w + 1)), cells, grid));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{agreement4, c};

    #[test]
    fn nine_by_nine_windows_are_the_seed_ones() {
        let w = windows(9).expect("9 is a square");
        assert_eq!(w.len(), 4);
        // Rows/cols 2-4 and 6-8 (1-based).
        assert_eq!(w[0].first(), Some(&c(2, 2)));
        assert_eq!(w[0].last(), Some(&c(4, 4)));
        assert_eq!(w[3].first(), Some(&c(6, 6)));
        assert_eq!(w[3].last(), Some(&c(8, 8)));
        assert_eq!(w[1].first(), Some(&c(2, 6)));
        assert!(w.iter().all(|cells| cells.len() == 9));
    }

    #[test]
    fn general_windows_fit_with_a_gutter() {
        assert_eq!(windows(4).map(|w| w.len()), Some(1));
        assert_eq!(windows(16).map(|w| w.len()), Some(9));
        assert_eq!(windows(25).map(|w| w.len()), Some(16));
        let w16 = windows(16).expect("16");
        assert_eq!(w16[8].last(), Some(&c(15, 15)));
        assert!(windows(6).is_none() && windows(1).is_none() && windows(12).is_none());
        assert!(validate(6).is_err());
    }

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        let (yes, no) = agreement4(Windows.into());
        assert!(yes > 0 && no > 0, "{yes} {no}");
    }
}

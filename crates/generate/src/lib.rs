//! # sudoku-ip-generate
//!
//! Work in progress.
#![forbid(unsafe_code)]

//! f-puzzles / SudokuPad links, payloads and f-puzzles JSON read with `Format::FPuzzles`, and
//! every puzzle read written back as a link that reads as the same puzzle (see
//! `crates/model/tests/fuzzing`).
#![no_main]

#[path = "../../crates/model/tests/fuzzing/mod.rs"]
mod fuzzing;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzzing::fpuzzles(data));

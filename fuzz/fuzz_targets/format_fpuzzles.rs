//! f-puzzles / SudokuPad links, payloads and f-puzzles JSON read with `Format::FPuzzles`, and
//! every puzzle read written back as a link that reads as the same puzzle (see
//! `crates/formats/tests/fuzzing`).
#![no_main]

#[path = "../../crates/formats/tests/fuzzing/mod.rs"]
mod fuzzing;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzzing::fpuzzles(data));

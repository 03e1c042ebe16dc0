//! Every input read with `Format::Line` (see `crates/formats/tests/fuzzing`).
#![no_main]

#[path = "../../crates/formats/tests/fuzzing/mod.rs"]
mod fuzzing;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzzing::parse(data, sudoku_ip_formats::Format::Line));

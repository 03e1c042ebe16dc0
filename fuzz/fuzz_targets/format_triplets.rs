//! Every input read with `Format::Triplets` (see `crates/model/tests/fuzzing`).
#![no_main]

#[path = "../../crates/model/tests/fuzzing/mod.rs"]
mod fuzzing;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzzing::parse(data, sudoku_ip_model::formats::Format::Triplets));

//! Parse → text forms and JSON → parse, model → LP / MPS → read back, model vs checker (see
//! `crates/formats/tests/fuzzing`).
#![no_main]

#[path = "../../crates/formats/tests/fuzzing/mod.rs"]
mod fuzzing;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzzing::round_trip(data));

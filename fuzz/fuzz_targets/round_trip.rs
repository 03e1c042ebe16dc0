//! Parse → text forms and JSON → parse, model → LP / MPS → read back, model vs checker (see
//! `crates/model/tests/fuzzing`).
#![no_main]

#[path = "../../crates/model/tests/fuzzing/mod.rs"]
mod fuzzing;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzzing::round_trip(data));

//! A `POST /api/parse` body, read as the server reads it, without a server (see
//! `crates/web/tests/fuzzing`).
#![no_main]

#[path = "../../crates/web/tests/fuzzing/mod.rs"]
mod fuzzing;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzzing::api_parse(data));

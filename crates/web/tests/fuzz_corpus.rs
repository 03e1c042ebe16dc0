//! Replays the kept fuzz corpus of the API's request parser (`tests/fuzz-corpus/api_parse/`:
//! minimised inputs the fuzzer found interesting, and every crash it found) through the fuzz
//! target's own body (`tests/fuzzing`), on stable and in every `cargo test`.

mod fuzzing;

use std::path::Path;

#[test]
fn the_request_parser_reads_its_fuzz_corpus_without_a_panic_and_with_client_errors() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz-corpus/api_parse");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("corpus {}: {e}", dir.display()))
        .map(|entry| entry.expect("corpus entry").path())
        .collect();
    paths.sort();
    assert!(paths.len() >= 10, "corpus {} has only {} files", dir.display(), paths.len());
    for path in paths {
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if std::panic::catch_unwind(|| fuzzing::api_parse(&bytes)).is_err() {
            let path = path.display();
            panic!("fuzz input {path} fails (replay it: cargo +nightly fuzz run api_parse {path})");
        }
    }
}

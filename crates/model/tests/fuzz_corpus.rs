//! Replays the kept fuzz corpus (`tests/fuzz-corpus/<target>/`, minimised inputs the fuzzers
//! found interesting, and every crash they found) through the fuzz targets' own bodies
//! (`tests/fuzzing`), on stable and in every `cargo test`: none may panic, every error is a
//! clean message, every round trip gives back what went in.

mod fuzzing;

use std::path::{Path, PathBuf};

fn corpus(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz-corpus").join(target);
    let mut files: Vec<(PathBuf, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("corpus {}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.expect("corpus entry").path();
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (path, bytes)
        })
        .collect();
    files.sort();
    assert!(files.len() >= 10, "corpus {} has only {} files", dir.display(), files.len());
    files
}

/// Run `body` on every file of `target`'s corpus; a panic names the file.
fn replay(target: &str, body: impl Fn(&[u8]) + std::panic::RefUnwindSafe) {
    for (path, bytes) in corpus(target) {
        if std::panic::catch_unwind(|| body(&bytes)).is_err() {
            let path = path.display();
            panic!("fuzz input {path} fails (replay it: cargo +nightly fuzz run {target} {path})");
        }
    }
}

#[test]
fn every_format_reader_reads_its_corpus_without_a_panic_and_with_clean_errors() {
    for &(target, format) in fuzzing::FORMAT_TARGETS {
        replay(target, |data| fuzzing::parse(data, format));
    }
}

#[test]
fn the_fpuzzles_corpus_reads_and_every_puzzle_read_writes_back_as_the_same_link() {
    replay("format_fpuzzles", fuzzing::fpuzzles);
}

#[test]
fn the_round_trip_corpus_reads_writes_exports_and_checks_back_the_same() {
    replay("round_trip", fuzzing::round_trip);
}

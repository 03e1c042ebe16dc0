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

/// The fuzzers' dictionary (`fuzz/links.dict`, passed as `-dict=`) as libFuzzer reads it: each
/// entry `name="…"` with only `\\`, `\"` and `\xHH` escapes (libFuzzer stops at a bad line and
/// runs without a dictionary), and it holds the link prefixes the reader knows, so the mutator
/// can make links and not only bytes.
#[test]
fn the_link_dictionary_is_what_libfuzzer_reads() {
    let text = include_str!("../../../fuzz/links.dict");
    let mut entries = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (name, value) = line.split_once('=').unwrap_or_else(|| panic!("line {}: no '=': {line}", k + 1));
        assert!(name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'), "line {}: name {name:?}", k + 1);
        let inner = value
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .unwrap_or_else(|| panic!("line {}: the value is not quoted: {value}", k + 1));
        let mut bytes = Vec::new();
        let mut chars = inner.chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' => match chars.next() {
                    Some('\\') => bytes.push(b'\\'),
                    Some('"') => bytes.push(b'"'),
                    Some('x') => {
                        let hex: String = chars.by_ref().take(2).collect();
                        bytes.push(u8::from_str_radix(&hex, 16).unwrap_or_else(|_| panic!("line {}: \\x{hex}", k + 1)));
                    }
                    other => panic!("line {}: escape \\{other:?} is not libFuzzer's", k + 1),
                },
                '"' => panic!("line {}: an unescaped quote inside the value", k + 1),
                c => bytes.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
            }
        }
        entries.push(String::from_utf8(bytes).expect("utf-8 entry"));
    }
    assert!(entries.len() >= 50, "{} entries", entries.len());
    for prefix in ["https://sudokupad.app/fpuzzles", "https://www.f-puzzles.com/?load=", "N4Ig", "\"killercage\":"] {
        assert!(entries.iter().any(|e| e == prefix), "the dictionary lacks {prefix:?}");
    }
}

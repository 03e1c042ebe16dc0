//! Issue 33: links that cost far more to read than their size. A 64 KB SudokuPad link of
//! repeated-phrase codes decompressed to 400 million characters (2 GB on the command line,
//! 2.5 GB on the server); a payload that did not decode was decompressed again for each of up
//! to 1,023 ways of doubling its slashes (15 s of CPU for 4 KB). Each is kept as a file beside
//! the f-puzzles fuzz corpus (which the fuzzer starts from and `fuzz_corpus.rs` replays, and
//! which the command line, server and Python tests read): this test writes them again with
//! the bomb writer and checks the files are what it writes (`SUDOKU_IP_BLESS=1` rewrites
//! them), then that each is refused with what is wrong.

#[path = "support/lz_bomb.rs"]
mod lz_bomb;

use std::path::PathBuf;

use sudoku_ip_formats::fpuzzles::{self, SUDOKUPAD_URL};
use sudoku_ip_formats::lz::{self, LzError, MAX_DECOMPRESSED};
use sudoku_ip_formats::{parse_puzzle, ParseOptions};

fn corpus(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz-corpus/format_fpuzzles").join(name)
}

/// The bombs: file name and link.
fn bombs() -> Vec<(&'static str, String)> {
    // `{"title":"aaa…"}`: valid JSON of some 300 million characters, in a 64 KB payload.
    let title = lz_bomb::largest_title_bomb(fpuzzles::MAX_PAYLOAD);
    // The slash amplification: a payload that decodes to text that is no JSON object
    // (a string never closed), with ten '/' after its data.
    let unclosed = format!("{}//////////", lz_bomb::bomb("{\"title\":\"a", 1_300, ""));
    // A 64 KB payload of '/' runs, never a JSON object: thousands of places to double.
    let runs = lz_bomb::slash_runs(12_000);
    // Valid JSON nested 200 deep.
    let deep = fpuzzles::encode_payload(&format!("{{\"size\":9,\"title\":{}1{}}}", "[".repeat(200), "]".repeat(200)));
    vec![
        ("bomb-title-64k", format!("{SUDOKUPAD_URL}{title}")),
        ("bomb-unclosed-slashes-after", format!("{SUDOKUPAD_URL}{unclosed}")),
        ("bomb-slash-runs", format!("https://www.f-puzzles.com/?load={runs}")),
        ("bomb-nested-200", format!("{SUDOKUPAD_URL}{deep}")),
    ]
}

#[test]
fn the_kept_link_bombs_are_what_the_bomb_writer_writes() {
    let bless = std::env::var_os("SUDOKU_IP_BLESS").is_some();
    for (name, link) in bombs() {
        let path = corpus(name);
        if bless {
            std::fs::write(&path, &link).expect("write the bomb");
        }
        let kept = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(kept == link, "{name} is not what the writer writes (SUDOKU_IP_BLESS=1 rewrites it)");
    }
}

fn error(name: &str) -> String {
    let link = std::fs::read_to_string(corpus(name)).expect("kept bomb");
    parse_puzzle(&link, &ParseOptions::default()).expect_err(name).to_string()
}

#[test]
fn a_link_that_decompresses_beyond_the_cap_is_refused_not_decompressed() {
    let link = std::fs::read_to_string(corpus("bomb-title-64k")).expect("kept bomb");
    let payload = link.strip_prefix(SUDOKUPAD_URL).expect("a SudokuPad link");
    assert!(payload.len() > 60_000 && payload.len() <= fpuzzles::MAX_PAYLOAD, "{}", payload.len());
    // What it would decompress to: the writer's codes, each one unit longer than the last.
    let e = error("bomb-title-64k");
    assert!(e.contains(&format!("decompresses to more than {MAX_DECOMPRESSED} characters")), "{e}");
    assert_eq!(lz::decompress_base64(payload, MAX_DECOMPRESSED), Err(LzError::TooLarge { limit: MAX_DECOMPRESSED }));
}

#[test]
fn slashes_after_the_data_do_not_multiply_the_decoding() {
    // One decode: the reading ends at the close code, before any '/', so there is nothing to
    // repair. (The old reader decompressed the 845,000 characters 1,024 times.)
    let e = error("bomb-unclosed-slashes-after");
    assert!(e.contains("does not decode to an f-puzzles puzzle"), "{e}");
    let link = std::fs::read_to_string(corpus("bomb-unclosed-slashes-after")).expect("kept");
    let payload = link.strip_prefix(SUDOKUPAD_URL).expect("link");
    let units = lz::decompress_base64(payload, MAX_DECOMPRESSED).expect("under the cap").expect("decodes");
    assert!(units.len() > 800_000, "{}", units.len());
}

#[test]
fn a_payload_of_slash_runs_is_refused_within_its_repair_budget() {
    let link = std::fs::read_to_string(corpus("bomb-slash-runs")).expect("kept");
    assert!(link.matches('/').count() > 10_000, "{}", link.matches('/').count());
    let e = error("bomb-slash-runs");
    assert!(e.contains("does not decode to an f-puzzles puzzle"), "{e}");
}

#[test]
fn a_valid_link_nesting_deeper_than_serde_reads_is_named_not_called_cut_short() {
    let e = error("bomb-nested-200");
    assert!(e.contains("nests deeper than 127 levels (at character 145)"), "{e}");
    assert!(!e.contains("cut short"), "{e}");
}

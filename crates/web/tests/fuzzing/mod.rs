//! The body of the fuzz target over the API's request parser, shared by
//! `fuzz/fuzz_targets/api_parse.rs` (`cargo +nightly fuzz run api_parse`, which includes this
//! file by path) and the stable replay test `tests/fuzz_corpus.rs`.

use sudoku_ip_web::{parse_request, ServerLimits};

/// An error message longer than this echoes the request instead of pointing into it.
const MAX_MESSAGE: usize = 1_000;

/// Read `data` as the body of `POST /api/parse` (its headers accepted): the answer is a puzzle
/// that reads back within the server's limits, or a client error (4xx) with a short message —
/// never a panic (a 500 through the server's panic catcher, or an aborted worker).
pub fn api_parse(data: &[u8]) {
    let limits = ServerLimits::default();
    if data.len() > limits.body_bytes {
        // The server refuses such a body before reading it (413).
        return;
    }
    match parse_request(data, &limits) {
        Ok(answer) => {
            assert_eq!(answer["status"], "parsed");
            let puzzle = sudoku_ip_formats::json::parse_value(&answer["puzzle"])
                .unwrap_or_else(|e| panic!("the answer's puzzle does not read back: {e}"));
            assert!(puzzle.n() <= limits.solve_side, "a {0}x{0} puzzle past the limit", puzzle.n());
            assert_eq!(answer["line"].as_str().map(|l| l.chars().count()), Some(puzzle.n() * puzzle.n()));
        }
        Err(e) => {
            assert!(e.status().is_client_error(), "{} for a bad request: {e}", e.status());
            let message = e.to_string();
            assert!(!message.trim().is_empty(), "empty error message: {e:?}");
            assert!(message.len() <= MAX_MESSAGE, "error message of {} bytes: {message:.200}", message.len());
        }
    }
}

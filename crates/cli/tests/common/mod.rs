//! Helpers of the CLI tests: the puzzles shared with the facade's tests, and running the binary.
#![allow(dead_code)]

#[path = "../../../sudoku-ip/tests/common/mod.rs"]
mod puzzles;

pub use puzzles::*;

/// Run the real `sudoku-ip` binary with `args`, feeding `stdin`.
pub fn run(args: &[&str], stdin: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-ip"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    // A command that refuses its arguments exits without reading its input: the pipe may then
    // be closed before the input is written, which is no failure of the test.
    if let Err(e) = child.stdin.take().expect("stdin").write_all(stdin.as_bytes()) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "write stdin: {e}");
    }
    child.wait_with_output().expect("binary finishes")
}

/// Bytes a command wrote, as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

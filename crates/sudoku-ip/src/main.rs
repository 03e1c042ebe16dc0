//! The `sudoku-ip` command-line tool. All the work is in the library crates; this file only
//! maps the outcome to an exit code: 0 solved/done, 1 no solution (or not unique where
//! uniqueness was asked, or unknown), 2 bad input or usage.

use std::process::ExitCode;

mod cli;

fn main() -> ExitCode {
    cli::run()
}

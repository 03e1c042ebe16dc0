//! # sudoku-ip-cli
//!
//! The `sudoku-ip` command-line tool: clap parsing, reading files, printing. All the work is in
//! the library crates — above all the facade `sudoku-ip`, whose one checked pipeline (solver
//! registry, solve / count / search, presolve, independent check) the CLI, the web server and
//! the Python package share. This crate only maps outcomes to text and exit codes: 0
//! solved/done, 1 no solution (or not unique where uniqueness was asked, or unknown), 2 bad
//! input or usage.
//!
//! Kept apart from the facade as ripgrep keeps `rg` in `crates/core`: the binary depends on the
//! web crate (`sudoku-ip serve`), and the web crate depends on the facade.
#![forbid(unsafe_code)]

mod args;
mod batch;
mod bench;
mod commands;
mod compare;
mod generate;
mod insight;
mod ip;
mod output;
mod progress;
mod render;
mod serve;
mod stream;

use std::io::Write;
use std::process::ExitCode;

use args::Cli;

/// Exit status of a command, as documented in `--help`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Solved / done.
    Ok = 0,
    /// No solution, not unique where uniqueness was asked, or unknown (limit reached).
    NoSolution = 1,
    /// Bad input or usage.
    BadInput = 2,
}

/// An error that ends the command, with its exit status.
#[derive(Debug)]
pub struct Failure {
    /// The exit status it ends with.
    pub status: Status,
    /// What went wrong, with its context.
    pub error: anyhow::Error,
}

impl Failure {
    /// Bad input or usage (exit 2).
    pub fn bad_input(error: impl Into<anyhow::Error>) -> Failure {
        Failure { status: Status::BadInput, error: error.into() }
    }

    /// This failure as a parse error of a batch line.
    /// The same failure, its message prefixed with `what` (the file name).
    pub fn context(self, what: &str) -> Failure {
        Failure { status: self.status, error: anyhow::anyhow!("{what}: {:#}", self.error) }
    }

    /// The failure as the parse error of batch line `line`.
    pub fn into_parse_error(self, line: usize) -> sudoku_ip::model::ParseError {
        sudoku_ip::model::ParseError::shape(line, format!("{:#}", self.error))
    }

    /// The solver failed: there is no answer, but the input was fine.
    pub fn solver(error: sudoku_ip::Error) -> Failure {
        Failure { status: Status::NoSolution, error: error.into() }
    }
}

impl<E: Into<anyhow::Error>> From<E> for Failure {
    fn from(e: E) -> Self {
        Failure { status: Status::BadInput, error: e.into() }
    }
}

fn main() -> ExitCode {
    let cli = match Cli::parse_args() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { Status::BadInput as u8 } else { 0 });
        }
    };
    match commands::dispatch(cli) {
        Ok(status) => ExitCode::from(status as u8),
        Err(f) => {
            if is_broken_pipe(&f.error) {
                return ExitCode::SUCCESS;
            }
            let _ = writeln!(std::io::stderr(), "error: {:#}", f.error);
            ExitCode::from(f.status as u8)
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| c.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe))
}

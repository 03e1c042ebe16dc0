//! The whole-process peer of `sudoku-ip solve --unique --jobs 1 -O line FILE` (issue 17 goal 1):
//! the `sudoku` crate (a dev-dependency, JCZSolve-family) reading a file of 81-character lines,
//! solving each with a limit of two solutions and printing the unique solution as a line (or
//! `no solution` / `not unique`), through one buffered writer. Time both processes with
//! `time` (user + sys CPU seconds) on the same file.
//!
//! `cargo build --release -p sudoku-ip-native --example crate_lines &&
//!  time target/release/examples/crate_lines FILE > /dev/null`
use std::io::{BufRead, BufWriter, Write};

fn main() -> std::io::Result<()> {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: crate_lines FILE");
        std::process::exit(2);
    };
    let file = std::fs::File::open(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2)
    });
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut buffer = [[0u8; 81]; 2];
    for (k, line) in std::io::BufReader::new(file).lines().enumerate() {
        let line = line?;
        let line = line.trim_end();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let puzzle = match sudoku::Sudoku::from_str_line(line) {
            Ok(puzzle) => puzzle,
            Err(e) => {
                eprintln!("{path}:{}: {e}", k + 1);
                std::process::exit(2);
            }
        };
        match puzzle.solutions_up_to_buffer(&mut buffer, 2) {
            1 => {
                let solution: Vec<u8> = buffer[0].iter().map(|&d| b'0' + d).collect();
                out.write_all(&solution)?;
                out.write_all(b"\n")?;
            }
            0 => writeln!(out, "no solution")?,
            _ => writeln!(out, "not unique")?,
        }
    }
    out.flush()
}

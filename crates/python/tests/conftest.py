"""Shared paths and helpers of the Python package's tests.

The tests find the repository from this file, and the CLI binary at $SUDOKU_IP_BIN or in the
repository's target/ (CI builds it with `cargo test`). They need nothing outside the
repository: the few lines they take from the seeds and the 9x9 benchmark sets are copied into
`tests/data/` and `crates/native/testdata/`. A missing file fails the test that needs it, with
the path: nothing is skipped silently.
"""

import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
EXAMPLES = REPO / "examples"
DATA = Path(__file__).resolve().parent / "data"
# The first 200 puzzles of the 17-clue benchmark set, kept for the Rust tests too.
SEVENTEEN = REPO / "crates" / "native" / "testdata" / "sudoku9" / "puzzles2_17_clue"


def cli_binary() -> Path:
    env = os.environ.get("SUDOKU_IP_BIN")
    candidates = [Path(env)] if env else []
    target = Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))
    candidates += [target / "debug" / "sudoku-ip", target / "release" / "sudoku-ip"]
    for c in candidates:
        if c.is_file():
            return c
    pytest.fail(
        "the sudoku-ip binary is not built (looked at "
        + ", ".join(map(str, candidates))
        + "); run `cargo build` or set SUDOKU_IP_BIN"
    )


def run_cli(*args, stdin=None):
    """Run the CLI; returns (exit code, stdout, stderr)."""
    proc = subprocess.run(
        [str(cli_binary()), *map(str, args)], input=stdin, capture_output=True, text=True, timeout=600
    )
    return proc.returncode, proc.stdout, proc.stderr


def check_sudoku(puzzle_rows, solution_rows, box):
    """An independent check that `solution_rows` is a full grid of digits 1..n with each digit
    once per row, column and box, and keeps every given of `puzzle_rows`."""
    n = len(solution_rows)
    digits = set(range(1, n + 1))
    assert all(len(r) == n for r in solution_rows)
    for r in range(n):
        assert set(solution_rows[r]) == digits, f"row {r + 1}: {solution_rows[r]}"
        assert {solution_rows[i][r] for i in range(n)} == digits, f"column {r + 1}"
    if box is not None:
        br, bc = box
        for top in range(0, n, br):
            for left in range(0, n, bc):
                cells = {solution_rows[top + i][left + j] for i in range(br) for j in range(bc)}
                assert cells == digits, f"box at r{top + 1}c{left + 1}"
    for r in range(n):
        for c in range(n):
            if puzzle_rows[r][c]:
                assert solution_rows[r][c] == puzzle_rows[r][c], f"given r{r + 1}c{c + 1} changed"

"""What the big-grid peers (`cpsat_grids.py`, `sat_grids.py`) share: their command line, the
puzzle files the native examples write with `--dump DIR` (one puzzle a line, its n^2 values
comma-separated, 0 for empty, n = box^2), the houses of a grid, and the check of a grid found."""

import argparse
import os


def houses(n, b):
    """The rows, columns and b x b boxes of an n x n grid, each a list of (row, column)."""
    for r in range(n):
        yield [(r, c) for c in range(n)]
    for c in range(n):
        yield [(r, c) for r in range(n)]
    for br in range(0, n, b):
        for bc in range(0, n, b):
            yield [(br + i, bc + j) for i in range(b) for j in range(b)]


def check(values, grid, n, b):
    """Fails unless `grid` keeps every given of `values` and each house holds n distinct digits."""
    assert all(values[r * n + c] in (0, grid[r][c]) for r in range(n) for c in range(n)), "a given changed"
    assert all(len({grid[r][c] for r, c in house}) == n for house in houses(n, b)), "a house repeats"


def puzzles(doc):
    """Reads the command line (FILE --box B --time-limit S) and yields (line number, values, box,
    limit) for each puzzle of the file; a puzzle of the wrong length stops the run."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--box", type=int, required=True, help="box side (6 for 36x36)")
    ap.add_argument("--time-limit", type=float, default=60.0, help="seconds per puzzle")
    ap.add_argument("--unique", action="store_true", help="also decide uniqueness (cpsat_grids.py)")
    args = ap.parse_args()
    n = args.box * args.box
    print(f"# {args.file}, load {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    with open(args.file, encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            if line.strip():
                values = [int(v) for v in line.strip().split(",")]
                if len(values) != n * n:
                    raise SystemExit(f"line {i}: {len(values)} values, expected {n * n} for --box {args.box}")
                yield i, values, args.box, args.time_limit, args.unique

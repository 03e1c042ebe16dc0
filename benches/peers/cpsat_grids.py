#!/usr/bin/env python3
"""OR-Tools CP-SAT on big grids, the peer of the native engine's `sizes` and `half_sweep`
examples: each puzzle solved (one solution) with AllDifferent rows, columns and boxes, one
worker, a time limit per puzzle. Prints status, seconds, conflicts and branches per puzzle.

    pip install ortools
    cargo run --release -p sudoku-ip-native --example half_sweep -- 0 6 3 50 --dump target/peers
    python3 benches/peers/cpsat_grids.py target/peers/36x36-50.txt --box 6 --time-limit 60

Puzzle files: one puzzle a line, its n^2 values comma-separated (0: empty), n = box^2, as the
examples' `--dump DIR` writes them. A grid found is checked against the givens and every house.
"""

import argparse
import time

from ortools.sat.python import cp_model


def houses(n, b):
    for r in range(n):
        yield [(r, c) for c in range(n)]
    for c in range(n):
        yield [(r, c) for r in range(n)]
    for br in range(0, n, b):
        for bc in range(0, n, b):
            yield [(br + i, bc + j) for i in range(b) for j in range(b)]


def solve(values, b, limit):
    n = b * b
    if len(values) != n * n:
        raise SystemExit(f"a puzzle has {len(values)} values, expected {n * n}")
    m = cp_model.CpModel()
    x = [[m.NewIntVar(1, n, f"x{r}_{c}") for c in range(n)] for r in range(n)]
    for r in range(n):
        for c in range(n):
            if values[r * n + c]:
                m.Add(x[r][c] == values[r * n + c])
    for house in houses(n, b):
        m.AddAllDifferent([x[r][c] for r, c in house])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = limit
    start = time.time()
    status = solver.Solve(m)
    took = time.time() - start
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        grid = [[solver.Value(x[r][c]) for c in range(n)] for r in range(n)]
        assert all(values[r * n + c] in (0, grid[r][c]) for r in range(n) for c in range(n)), "a given changed"
        assert all(len({grid[r][c] for r, c in house}) == n for house in houses(n, b)), "a house repeats"
    return solver.StatusName(status), took, solver.NumConflicts(), solver.NumBranches()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--box", type=int, required=True, help="box side (6 for 36x36)")
    ap.add_argument("--time-limit", type=float, default=60.0, help="seconds per puzzle")
    args = ap.parse_args()
    with open(args.file, encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            if line.strip():
                values = [int(v) for v in line.strip().split(",")]
                status, took, conflicts, branches = solve(values, args.box, args.time_limit)
                print(f"line {i}: {status} {took:.2f} s, {conflicts} conflicts, {branches} branches", flush=True)


if __name__ == "__main__":
    main()

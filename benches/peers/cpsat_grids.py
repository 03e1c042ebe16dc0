#!/usr/bin/env python3
"""OR-Tools CP-SAT on big grids, the peer of the native engine's `sizes` and `half_sweep`
examples: each puzzle solved (one solution) with AllDifferent rows, columns and boxes, one
worker, a time limit per puzzle. Prints status, CPU seconds (this process's, user + sys: the
machine is shared), conflicts and branches per puzzle, after a line with the load.

    pip install ortools
    cargo run --release -p sudoku-ip-native --example half_sweep -- 0 6 3 50 --dump target/peers
    python3 benches/peers/cpsat_grids.py target/peers/36x36-50.txt --box 6 --time-limit 60

Puzzle files: one puzzle a line, its n^2 values comma-separated (0: empty), n = box^2, as the
examples' `--dump DIR` writes them. A grid found is checked against the givens and every house.
"""

import time

from grids import check, houses, puzzles
from ortools.sat.python import cp_model


def solve(values, b, limit):
    n = b * b
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
    start = time.process_time()
    status = solver.Solve(m)
    took = time.process_time() - start
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        grid = [[solver.Value(x[r][c]) for c in range(n)] for r in range(n)]
        check(values, grid, n, b)
    return solver.StatusName(status), took, solver.NumConflicts(), solver.NumBranches()


def main():
    for i, values, box, limit in puzzles(__doc__):
        status, took, conflicts, branches = solve(values, box, limit)
        print(f"line {i}: {status} {took:.2f} s CPU, {conflicts} conflicts, {branches} branches", flush=True)


if __name__ == "__main__":
    main()

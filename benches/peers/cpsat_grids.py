#!/usr/bin/env python3
"""OR-Tools CP-SAT on big grids, the peer of the native engine's `sizes` and `half_sweep`
examples: each puzzle solved (one solution; with `--unique`, a second solve that excludes the
first grid decides uniqueness, within the same time limit) with AllDifferent rows, columns and boxes, one
worker, a CPU-time limit per puzzle. Prints status, CPU seconds (this process's, user + sys: the
machine is shared), conflicts and branches per puzzle, after a line with the load.

    pip install ortools
    cargo run --release -p sudoku-ip-native --example half_sweep -- 0 6 3 50 --dump target/peers
    python3 benches/peers/cpsat_grids.py target/peers/36x36-50.txt --box 6 --time-limit 60
    cargo run --release -p sudoku-ip-native --example half_given -- 0 10 5 6 7 8 --dump target/peers
    python3 benches/peers/cpsat_grids.py target/peers/half50-36x36.txt --box 6 --time-limit 10 --unique

Puzzle files: one puzzle a line, its n^2 values comma-separated (0: empty), n = box^2, as the
examples' `--dump DIR` writes them. A grid found is checked against the givens and every house.
"""

import threading
import time

from grids import check, houses, puzzles
from ortools.sat.python import cp_model


def solve_within(solver, m, until):
    """`solver.Solve(m)`, stopped by a watcher thread when this process's CPU time reaches
    `until` (CP-SAT's own limits are wall or deterministic time)."""
    done = threading.Event()

    def watch():
        while not done.wait(0.02):
            if time.process_time() >= until:
                solver.StopSearch()
                return

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    status = solver.Solve(m)
    done.set()
    watcher.join()
    return status


def solve(values, b, limit, unique=False):
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
    # The limit is CPU time (the machine is shared): a watcher stops the search once this
    # process has spent it; the wall-time limit is only a backstop.
    solver.parameters.max_time_in_seconds = 20 * limit
    start = time.process_time()
    status = solve_within(solver, m, start + limit)
    took = time.process_time() - start
    conflicts, branches = solver.NumConflicts(), solver.NumBranches()
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return solver.StatusName(status), took, conflicts, branches
    grid = [[solver.Value(x[r][c]) for c in range(n)] for r in range(n)]
    check(values, grid, n, b)
    if not unique:
        return solver.StatusName(status), took, conflicts, branches
    # Uniqueness: the same model, with some empty cell off the first grid's digit.
    differs = []
    for r in range(n):
        for c in range(n):
            if not values[r * n + c]:
                d = m.NewBoolVar(f"d{r}_{c}")
                m.Add(x[r][c] != grid[r][c]).OnlyEnforceIf(d)
                m.Add(x[r][c] == grid[r][c]).OnlyEnforceIf(d.Not())
                differs.append(d)
    m.AddBoolOr(differs)
    status = solve_within(solver, m, start + limit)
    took = time.process_time() - start
    conflicts, branches = conflicts + solver.NumConflicts(), branches + solver.NumBranches()
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        second = [[solver.Value(x[r][c]) for c in range(n)] for r in range(n)]
        check(values, second, n, b)
        assert second != grid, "the second grid is the first"
        return "2+ solutions", took, conflicts, branches
    if status == cp_model.INFEASIBLE:
        return "unique", took, conflicts, branches
    return "unknown (2nd)", took, conflicts, branches


def main():
    for i, values, box, limit, unique in puzzles(__doc__):
        status, took, conflicts, branches = solve(values, box, limit, unique)
        print(f"line {i}: {status} {took:.2f} s CPU, {conflicts} conflicts, {branches} branches", flush=True)


if __name__ == "__main__":
    main()

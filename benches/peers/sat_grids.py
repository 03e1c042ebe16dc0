#!/usr/bin/env python3
"""A CDCL SAT solver (CaDiCaL 1.5.3 through PySAT) on big grids, beside `cpsat_grids.py`: the
peer that learns clauses from its conflicts, for the half-given grids at the peak of hardness
(README, "Half-given grids from 36x36 up"). Each puzzle is solved for one solution with a time
limit; prints status, CPU seconds of the solve (the child process's, user + sys; the limit is
wall time), conflicts and decisions per puzzle, after a line with the load.

    pip install python-sat
    cargo run --release -p sudoku-ip-native --example half_sweep -- 0 6 3 50 --dump target/peers
    python3 benches/peers/sat_grids.py target/peers/36x36-50.txt --box 6 --time-limit 20

The encoding is the seeds' 0-1 model as clauses: x[r, c, d] for the candidates the givens leave
(a given's row, column and box lose its digit), for each cell and each digit of each house one
clause "at least one" over its candidates and the pairwise "at most one" clauses. Puzzle files
are those of `cpsat_grids.py`. A grid found is checked against the givens and every house.
"""

import multiprocessing
import time

from grids import check, houses, puzzles
from pysat.solvers import Cadical153


def clauses(values, n, b):
    """The candidates the givens leave, numbered from 1, and the clauses over them."""
    live = [[set(range(1, n + 1)) if not values[r * n + c] else {values[r * n + c]} for c in range(n)] for r in range(n)]
    for house in houses(n, b):
        given = {values[r * n + c] for r, c in house if values[r * n + c]}
        for r, c in house:
            if not values[r * n + c]:
                live[r][c] -= given
    var = {}
    for r in range(n):
        for c in range(n):
            for d in sorted(live[r][c]):
                var[r, c, d] = len(var) + 1
    groups = [[var[r, c, d] for d in sorted(live[r][c])] for r in range(n) for c in range(n)]
    for house in houses(n, b):
        for d in range(1, n + 1):
            groups.append([var[r, c, d] for r, c in house if (r, c, d) in var])
    out = []
    for group in groups:
        out.append(group)  # an empty group is an empty clause: the puzzle has no solution
        out.extend([-a, -group[j]] for i, a in enumerate(group) for j in range(i + 1, len(group)))
    return var, out


def solve(values, b, answer):
    """Solves in this (child) process and sends what it found through `answer`, a pipe (a
    queue's feeder thread would wait for the GIL, which the solver holds while it runs)."""
    n = b * b
    var, cnf = clauses(values, n, b)
    with Cadical153(bootstrap_with=cnf) as solver:
        answer.send("solving")
        start = time.process_time()
        status = solver.solve()
        took = time.process_time() - start
        stats = solver.accum_stats()
        if status:
            true = {v for v in solver.get_model() if v > 0}
            grid = [[0] * n for _ in range(n)]
            for (r, c, d), v in var.items():
                if v in true:
                    assert not grid[r][c], f"r{r + 1}c{c + 1} holds two digits"
                    grid[r][c] = d
            check(values, grid, n, b)
    name = "FEASIBLE" if status else "INFEASIBLE"
    answer.send((name, took, stats.get("conflicts", 0), stats.get("decisions", 0), len(var), len(cnf)))


def solve_within(values, b, limit):
    """CaDiCaL as PySAT builds it does not stop when interrupted from another thread, so each
    puzzle is solved in a child process that is ended at the limit."""
    answer, sender = multiprocessing.Pipe(duplex=False)
    child = multiprocessing.Process(target=solve, args=(values, b, sender))
    child.start()
    assert answer.recv() == "solving"  # the clauses are built and loaded: the limit starts now
    start = time.time()
    if not answer.poll(limit):
        child.terminate()
        child.join()
        return "UNKNOWN", time.time() - start, 0, 0, 0, 0
    found = answer.recv()
    child.join()
    return found


def main():
    for i, values, box, limit, _ in puzzles(__doc__):
        status, took, conflicts, decisions, nvars, nclauses = solve_within(values, box, limit)
        print(
            f"line {i}: {status} {took:.2f} s{' wall' if status == 'UNKNOWN' else ' CPU'}, {conflicts} conflicts, {decisions} decisions "
            f"({nvars} variables, {nclauses} clauses)",
            flush=True,
        )


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""A CDCL SAT solver (CaDiCaL 1.5.3 through PySAT) on big grids, beside `cpsat_grids.py`: the
peer that learns clauses from its conflicts, for the half-given grids at the peak of hardness
(README, "Half-given grids from 36x36 up"). Each puzzle is solved for one solution with a time
limit; prints status, seconds, conflicts and decisions per puzzle.

    pip install python-sat
    cargo run --release -p sudoku-ip-native --example half_sweep -- 0 6 3 50 --dump target/peers
    python3 benches/peers/sat_grids.py target/peers/36x36-50.txt --box 6 --time-limit 20

The encoding is the seeds' 0-1 model as clauses: x[r, c, d] for the candidates the givens leave
(a given's row, column and box lose its digit), for each cell and each digit of each house one
clause "at least one" over its candidates and the pairwise "at most one" clauses. Puzzle files
are those of `cpsat_grids.py`. A grid found is checked against the givens and every house.
"""

import argparse
import multiprocessing
import time

from pysat.solvers import Cadical153


def houses(n, b):
    for r in range(n):
        yield [(r, c) for c in range(n)]
    for c in range(n):
        yield [(r, c) for r in range(n)]
    for br in range(0, n, b):
        for bc in range(0, n, b):
            yield [(br + i, bc + j) for i in range(b) for j in range(b)]


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
        start = time.time()
        status = solver.solve()
        took = time.time() - start
        stats = solver.accum_stats()
        if status:
            true = {v for v in solver.get_model() if v > 0}
            grid = [[0] * n for _ in range(n)]
            for (r, c, d), v in var.items():
                if v in true:
                    assert not grid[r][c], f"r{r + 1}c{c + 1} holds two digits"
                    grid[r][c] = d
            assert all(values[r * n + c] in (0, grid[r][c]) for r in range(n) for c in range(n)), "a given changed"
            assert all(len({grid[r][c] for r, c in house}) == n for house in houses(n, b)), "a house repeats"
    name = "FEASIBLE" if status else "INFEASIBLE"
    answer.send((name, took, stats.get("conflicts", 0), stats.get("decisions", 0), len(var), len(cnf)))


def solve_within(values, b, limit):
    """CaDiCaL as PySAT builds it does not stop when interrupted from another thread, so each
    puzzle is solved in a child process that is ended at the limit."""
    n = b * b
    if len(values) != n * n:
        raise SystemExit(f"a puzzle has {len(values)} values, expected {n * n}")
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
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--box", type=int, required=True, help="box side (6 for 36x36)")
    ap.add_argument("--time-limit", type=float, default=60.0, help="seconds per puzzle")
    args = ap.parse_args()
    with open(args.file, encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            if line.strip():
                values = [int(v) for v in line.strip().split(",")]
                status, took, conflicts, decisions, nvars, nclauses = solve_within(values, args.box, args.time_limit)
                print(
                    f"line {i}: {status} {took:.2f} s, {conflicts} conflicts, {decisions} decisions "
                    f"({nvars} variables, {nclauses} clauses)",
                    flush=True,
                )


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Side by side, in one run: `sudoku_ip.solve_many` on a puzzle file vs the CLI's `bench`, vs
what a Python user would otherwise write — the seeds' 0-1 model in PuLP solved by CBC, and
OR-Tools CP-SAT with AllDifferent — as puzzles per second and ratios.

    python examples/python/bench_peers.py ../shared/data/sudoku9/puzzles2_17_clue \
        --cli target/release/sudoku-ip --limit 5000 --peer-limit 200

Build the package with `pip install ./crates/python` (release) and the CLI with
`cargo build --release` first. sudoku_ip is measured proving uniqueness (as `bench` does) and
solving only; the peers solve only (one solution), so the "solve only" ratio is the fair one
for them. Every peer solution is checked against sudoku_ip's.
"""

import argparse
import json
import subprocess
import time

import sudoku_ip


def read_lines(path, limit):
    lines = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                lines.append(line)
                if len(lines) == limit:
                    break
    return lines


def rate(count, seconds):
    return count / seconds if seconds > 0 else float("inf")


def timed(function):
    start = time.perf_counter()
    value = function()
    return value, time.perf_counter() - start


def pulp_cbc(line):
    """The seeds' model: x[r][c][d] binaries, one digit a cell, each digit once per row,
    column and box, givens as lower bounds; CBC through PuLP."""
    import pulp

    rng = range(9)
    prob = pulp.LpProblem("sudoku", pulp.LpMinimize)
    x = pulp.LpVariable.dicts("x", (rng, rng, rng), cat="Binary")
    prob += 0
    for r in rng:
        for c in rng:
            prob += pulp.lpSum(x[r][c][d] for d in rng) == 1
    for d in rng:
        for i in rng:
            prob += pulp.lpSum(x[i][c][d] for c in rng) == 1
            prob += pulp.lpSum(x[r][i][d] for r in rng) == 1
            br, bc = 3 * (i // 3), 3 * (i % 3)
            prob += pulp.lpSum(x[br + a][bc + b][d] for a in range(3) for b in range(3)) == 1
    for k, ch in enumerate(line):
        if ch not in ".0":
            x[k // 9][k % 9][int(ch) - 1].lowBound = 1
    prob.solve(pulp.PULP_CBC_CMD(msg=False))
    return "".join(str(1 + max(rng, key=lambda d: x[k // 9][k % 9][d].value())) for k in range(81))


def cp_sat(line):
    """OR-Tools CP-SAT: an integer a cell, AllDifferent per row, column and box."""
    from ortools.sat.python import cp_model

    m = cp_model.CpModel()
    v = [[m.NewIntVar(1, 9, f"v{r}{c}") for c in range(9)] for r in range(9)]
    for i in range(9):
        m.AddAllDifferent(v[i])
        m.AddAllDifferent([v[r][i] for r in range(9)])
        br, bc = 3 * (i // 3), 3 * (i % 3)
        m.AddAllDifferent([v[br + a][bc + b] for a in range(3) for b in range(3)])
    for k, ch in enumerate(line):
        if ch not in ".0":
            m.Add(v[k // 9][k % 9] == int(ch))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    status = solver.Solve(m)
    assert status in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    return "".join(str(solver.Value(v[k // 9][k % 9])) for k in range(81))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file")
    parser.add_argument("--cli", help="the sudoku-ip binary for `bench` (release build)")
    parser.add_argument("--limit", type=int, default=10**9, help="puzzles for sudoku_ip and bench")
    parser.add_argument("--peer-limit", type=int, default=200, help="puzzles for PuLP and CP-SAT")
    parser.add_argument("--jobs", type=int, default=1, help="threads for solve_many (default 1, as bench)")
    args = parser.parse_args()

    lines = read_lines(args.file, args.limit)
    rows = []
    results, s = timed(lambda: sudoku_ip.solve_many(lines, unique=True, jobs=args.jobs))
    assert all(results), "every puzzle solves uniquely"
    rows.append(("sudoku_ip.solve_many, unique", len(lines), s))
    answers = {l: r.line for l, r in zip(lines, results)}
    results, s = timed(lambda: sudoku_ip.solve_many(lines, unique=False, jobs=args.jobs))
    rows.append(("sudoku_ip.solve_many, solve only", len(lines), s))
    if args.cli:
        out = subprocess.run(
            [args.cli, "bench", "--json", "--limit", str(len(lines)), args.file],
            capture_output=True, text=True, check=True,
        ).stdout
        bench = json.loads(out.splitlines()[0])
        rows.append(("sudoku-ip bench (in-process, unique)", bench["puzzles"], bench["puzzles"] / bench["puzzles_per_s"]))
    peers = lines[: args.peer_limit]
    for name, solve in (("PuLP + CBC (same 0-1 model)", pulp_cbc), ("OR-Tools CP-SAT (AllDifferent)", cp_sat)):
        solutions, s = timed(lambda: [solve(l) for l in peers])
        assert solutions == [answers[l] for l in peers], f"{name} disagrees"
        rows.append((name, len(peers), s))
    base = rate(rows[1][1], rows[1][2])
    print(f"{'':42} {'puzzles':>8} {'seconds':>9} {'puzzles/s':>11} {'solve-only sudoku_ip / this':>28}")
    for name, n, s in rows:
        print(f"{name:42} {n:8d} {s:9.3f} {rate(n, s):11.1f} {base / rate(n, s):27.1f}x")


if __name__ == "__main__":
    main()

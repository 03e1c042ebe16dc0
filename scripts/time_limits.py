#!/usr/bin/env python3
"""How far past --time-limit `sudoku-ip solve` ends, on issue 13's hard cases: the wall clock of
the whole process (reading the puzzle, building, searching, printing, exiting) and its CPU time.

    cargo build --release && python3 scripts/time_limits.py target/release/sudoku-ip [RUNS]

Prints the Markdown table of README's "Limits and guarantees"; the goal is 10% + 50 ms.
"""
import json, os, random, statistics, subprocess, sys, tempfile, time

BIN = sys.argv[1]
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 5
EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples")


def write_cases(d):
    """The 64x64 whole-grid cage (empty, and with 6 givens of a valid grid) and the 25x25 anti-knight."""
    n, b = 64, 8
    rng = random.Random(2026)
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    grid = [[digits[(b * (r % b) + r // b + c) % n] for c in range(n)] for r in range(n)]
    cells = [f"r{r + 1}c{c + 1}" for r in range(n) for c in range(n)]
    cage = {"type": "killer", "distinct": False, "cages": [{"cells": cells, "sum": n * n * (n + 1) // 2}]}
    givens = [[0] * n for _ in range(n)]
    for k in rng.sample(range(n * n), 6):
        givens[k // n][k % n] = grid[k // n][k % n]
    files = {
        "cage64.json": {"size": n, "rules": [cage]},
        "cage64-g6.json": {"size": n, "givens": givens, "rules": [cage]},
        "aknight25.json": {"size": 25, "rules": [{"type": "anti-knight"}]},
    }
    for name, puzzle in files.items():
        with open(os.path.join(d, name), "w") as f:
            json.dump(puzzle, f)


def main():
    d = tempfile.mkdtemp()
    write_cases(d)
    cases = [
        ("64×64 whole-grid cage", f"{d}/cage64.json", "native", [0, 1], []),
        ("64×64 cage, 6 givens", f"{d}/cage64-g6.json", "native", [0, 1, 5], []),
        ("64×64 whole-grid cage", f"{d}/cage64.json", "microlp", [0, 1, 3], []),
        ("25×25 anti-knight", f"{d}/aknight25.json", "microlp", [0, 1, 3], []),
        ("25×25 anti-knight, `--unique`", f"{d}/aknight25.json", "native", [0], ["--unique"]),
        ("9×9 plain (seed 000)", f"{EXAMPLES}/seed000.txt", "native", [0], []),
        ("9×9 killer (seed 004)", f"{EXAMPLES}/seed004-killer.json", "native", [0], []),
        ("9×9 killer-hard", f"{EXAMPLES}/killer-hard.json", "native", [0], []),
    ]
    print("| case | solver | limit | wall median / max | CPU median | within 10% + 50 ms |")
    print("|---|---|---|---|---|---|")
    for name, path, solver, limits, extra in cases:
        for limit in limits:
            walls, cpus = [], []
            for _ in range(RUNS):
                start = time.perf_counter()
                p = subprocess.Popen([BIN, "solve", "--solver", solver, "--time-limit", str(limit), "-O", "line", *extra, path],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                _, _, usage = os.wait4(p.pid, 0)
                walls.append(time.perf_counter() - start)
                cpus.append(usage.ru_utime + usage.ru_stime)
            goal = 0.1 * limit + 0.05
            median = statistics.median(walls)
            print(f"| {name} | {solver} | {limit} s | {median:.3f} / {max(walls):.3f} s | {statistics.median(cpus):.3f} s | "
                  f"median {'yes' if median - limit <= goal else 'no'}, max {'yes' if max(walls) - limit <= goal else 'no'} |",
                  flush=True)


main()

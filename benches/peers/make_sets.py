#!/usr/bin/env python3
"""The 16x16 and 25x25 sets of the MILP table, made reproducibly by our generator:

- `gen16.txt`: 10 unique minimal 16x16 puzzles (`generate --size 16 --seed 1..10`);
- `gen25.txt`: 3 unique 25x25 puzzles (`generate --size 25 --seed 1..3`);
- `rand25.txt`: 3 grids of gen25.txt's solutions with 55-65% of the cells emptied at random
  (Python's `random` seeded 25; usually many solutions).

    python3 benches/peers/make_sets.py --cli target/release/sudoku-ip --out target/peers
"""

import argparse
import os
import random
import subprocess

DIGITS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def generate(cli, size, seed):
    out = subprocess.run(
        [cli, "generate", "--size", str(size), "--seed", str(seed), "-O", "line"],
        check=True, capture_output=True, text=True,
    ).stdout
    return [l for l in out.splitlines() if l and not l.startswith("#")][0]


def solve(cli, line):
    out = subprocess.run([cli, "solve", "-O", "line", "-"], input=line + "\n", check=True,
                         capture_output=True, text=True).stdout
    return [l for l in out.splitlines() if l and not l.startswith("#")][0]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", default="target/release/sudoku-ip")
    ap.add_argument("--out", default="target/peers")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    gen16 = [generate(a.cli, 16, s) for s in range(1, 11)]
    gen25 = [generate(a.cli, 25, s) for s in range(1, 4)]
    rng = random.Random(25)
    rand25 = []
    for line in gen25:
        full = list(solve(a.cli, line))
        empty = rng.uniform(0.55, 0.65)
        for k in rng.sample(range(len(full)), round(empty * len(full))):
            full[k] = "."
        rand25.append("".join(full))
    for name, lines in [("gen16.txt", gen16), ("gen25.txt", gen25), ("rand25.txt", rand25)]:
        with open(os.path.join(a.out, name), "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        print(os.path.join(a.out, name), len(lines))


if __name__ == "__main__":
    main()

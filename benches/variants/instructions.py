#!/usr/bin/env python3
"""Instructions each corpus puzzle takes, whole process, under valgrind's callgrind.

CPU times on a shared 2-core machine move by 10-20% from run to run; the count of
instructions a process executes does not move at all, so a change to the engine that keeps
the search the same (the same guesses) is measured exactly by it. Runs `BIN solve --unique
FILE` for every puzzle of benches/variants/puzzles (or --only slugs) under `valgrind
--tool=callgrind` and prints millions of instructions per puzzle and the total; with two
binaries, both side by side and the ratio. Needs valgrind (Debian: `apt install valgrind`).

    python3 benches/variants/instructions.py BIN [BIN2] [--only slug,slug]
"""
import argparse, re, subprocess
from pathlib import Path

p = argparse.ArgumentParser()
p.add_argument("bins", nargs="+")
p.add_argument("--only")
a = p.parse_args()
if len(a.bins) > 2:
    p.error("one or two binaries")
files = sorted((Path(__file__).resolve().parent / "puzzles").glob("*.json"))
if a.only:
    files = [f for f in files if f.stem in a.only.split(",")]


def instructions(binary, puzzle):
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", binary, "solve", "--unique", str(puzzle)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True,
    ).stderr
    m = re.search(r"refs:\s+([\d,]+)", out)
    if not m:
        raise SystemExit(f"{puzzle.stem}: no instruction count in valgrind's output:\n{out}")
    return int(m.group(1).replace(",", "")) / 1e6


totals = [0.0] * len(a.bins)
print("puzzle".ljust(40) + "".join(f"{'M instr ' + str(i + 1):>14}" for i in range(len(a.bins))) + ("     ratio" if len(a.bins) == 2 else ""))
for f in files:
    counts = [instructions(b, f) for b in a.bins]
    totals = [t + c for t, c in zip(totals, counts)]
    ratio = f"{counts[1] / counts[0]:10.3f}" if len(counts) == 2 else ""
    print(f.stem.ljust(40) + "".join(f"{c:14.1f}" for c in counts) + ratio, flush=True)
ratio = f"{totals[1] / totals[0]:10.3f}" if len(totals) == 2 else ""
print("total".ljust(40) + "".join(f"{t:14.1f}" for t in totals) + ratio)

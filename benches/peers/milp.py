#!/usr/bin/env python3
"""The MILP route side by side with its peers, in one run: per puzzle, milliseconds to solve
(one solution) for

- `highs-direct`: HiGHS (highspy) given the seeds' full 0-1 model (n^3 binaries, 4n^2
  "exactly one" rows, givens as lower bounds), one thread, its own presolve;
- `cp-sat`: OR-Tools CP-SAT with AllDifferent rows, columns and boxes, one worker;
- `ours-highs presolve=L`: `sudoku-ip solve --solver highs --presolve L` for each level L of
  `--presolve` (default `none,light`): none = the seeds' model as written (givens as bounds),
  light = givens and root propagation, probe = probing to a fixed point; the `called` column
  counts the puzzles on which HiGHS was called at all (with probe most are decided before it);
- `ours-microlp`, `ours-native` (optional, `--ours`);
- with `--mip-start`: each MILP solver of ours again, given `--mip-start native` (the native
  engine's grid as the solver's MIP start, zero objective included).

`--objective seed` gives ours and highs-direct the seeds' objective f = (1:N)' (ours then
starts from a native solution by default, `--mip-start auto`; `ours-X --mip-start off` is the
same run without it); CP-SAT keeps no objective (f is one value on every solution).

Every time is in-process (model building included, process start excluded): the peers in CPU
time (this process's, user + sys) around their build + solve calls; ours is the `time_ms` that
`solve --stats -O json` reports for each puzzle (model, presolve, solver and the independent
check), which is wall time inside the process, so on a loaded machine it can only overstate
ours; the whole `solve` process's CPU time (start-up included) is printed beside it, with the
load. Each peer's grid is
compared with ours. Prints median / max per tool, how many puzzles each left unsolved and
answered with a grid other than ours (right or wrong: unchecked), and the ratios of the medians.

    pip install highspy ortools
    cargo build --release --features highs
    python3 benches/peers/milp.py ../shared/data/sudoku9/puzzles5_forum_hardest_1905_11+ \
        --limit 100 --cli target/release/sudoku-ip

Puzzle files: one puzzle a line, n^2 characters (`.` or `0` empty, 1-9 then A-Z for 10..35),
as `sudoku-ip generate -O line` writes them. See README.md beside this file.
"""

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time

DIGITS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def read_puzzles(path, limit):
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            n = int(round(len(line) ** 0.5))
            if n * n != len(line):
                sys.exit(f"{path}: a line of {len(line)} characters is not an n x n puzzle")
            cells = [0 if ch in ".0" else DIGITS.index(ch.upper()) + 1 for ch in line]
            out.append((line, n, cells))
            if len(out) == limit:
                break
    return out


def box_shape(n):
    """The CLI's default box for side n: the most square r x c with r <= c."""
    r = int(n**0.5)
    while r > 1 and n % r:
        r -= 1
    return r, n // r


def highs_direct(n, cells, time_limit, objective):
    import highspy
    import numpy as np

    br, bc = box_shape(n)
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("threads", 1)
    h.setOptionValue("time_limit", float(time_limit))
    nv, nr = n**3, 4 * n * n
    lp = highspy.HighsLp()
    lp.num_col_, lp.num_row_ = nv, nr
    v = np.arange(nv)
    d, cell = v % n, v // n
    r, c = cell // n, cell % n
    # The seeds' f: x(i,j,k) costs its MATLAB linear index i + n(j-1) + n^2(k-1).
    lp.col_cost_ = (1 + r + n * c + n * n * d).astype(float) if objective == "seed" else np.zeros(nv)
    lower = np.zeros(nv)
    for k, given in enumerate(cells):
        if given:
            lower[k * n + given - 1] = 1.0
    lp.col_lower_, lp.col_upper_ = lower, np.ones(nv)
    lp.row_lower_ = lp.row_upper_ = np.ones(nr)
    b = (r // br) * (n // bc) + c // bc
    index = np.stack([cell, n * n + r * n + d, 2 * n * n + c * n + d, 3 * n * n + b * n + d], axis=1)
    lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
    lp.a_matrix_.start_ = np.arange(0, 4 * nv + 1, 4, dtype=np.int32)
    lp.a_matrix_.index_ = np.sort(index, axis=1).reshape(-1).astype(np.int32)
    lp.a_matrix_.value_ = np.ones(4 * nv)
    lp.integrality_ = [highspy.HighsVarType.kInteger] * nv
    h.passModel(lp)
    h.run()
    if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        return None
    x = h.getSolution().col_value
    return "".join(DIGITS[max(range(n), key=lambda dd: x[k * n + dd])] for k in range(n * n))


def cp_sat(n, cells, time_limit, _objective):
    from ortools.sat.python import cp_model

    br, bc = box_shape(n)
    m = cp_model.CpModel()
    x = [m.new_int_var(d or 1, d or n, f"c{k}") for k, d in enumerate(cells)]
    for i in range(n):
        m.add_all_different([x[i * n + j] for j in range(n)])
        m.add_all_different([x[j * n + i] for j in range(n)])
        r0, c0 = (i // (n // bc)) * br, (i % (n // bc)) * bc
        m.add_all_different([x[(r0 + a) * n + c0 + b] for a in range(br) for b in range(bc)])
    s = cp_model.CpSolver()
    s.parameters.num_workers = 1
    s.parameters.max_time_in_seconds = float(time_limit)
    if s.solve(m) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return "".join(DIGITS[s.value(v) - 1] for v in x)


def timed(f, *args):
    t = time.process_time()
    out = f(*args)
    return out, (time.process_time() - t) * 1000.0, True


def children_cpu_seconds():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def ours(cli, solver, lines, time_limit, extra):
    """One `solve` run over the puzzles; per puzzle (grid, in-process ms, solver called)."""
    cmd = [cli, "solve", "--solver", solver, "--jobs", "1", "--time-limit", str(time_limit), "--stats", "-O", "json"]
    cmd += extra + ["-"]
    before = children_cpu_seconds()
    p = subprocess.run(cmd, input="\n".join(lines) + "\n", capture_output=True, text=True)
    cpu = children_cpu_seconds() - before
    print(f"# ours ({solver}{' ' + ' '.join(extra) if extra else ''}): the process took {cpu * 1e3:.0f} ms CPU "
          f"for {len(lines)} puzzles ({cpu * 1e3 / len(lines):.2f} ms a puzzle, start-up included)", flush=True)
    out = []
    for line in p.stdout.splitlines():
        if not line.strip():
            continue
        a = json.loads(line)
        grid = (a.get("solution") or {}).get("line")
        calls = a["stats"].get("solver_calls")
        out.append((grid, a["stats"]["time_ms"], calls is None or calls > 0))
    if len(out) != len(lines):
        sys.exit(f"{' '.join(cmd)}: {len(out)} answers for {len(lines)} puzzles\n{p.stderr}")
    return out


def summary(name, times, misses, other, called, base):
    med, top = statistics.median(times), max(times)
    ratio = f"{med / base:8.2f}x" if base else ""
    print(f"{name:<30} {med:10.2f} {top:10.2f} {misses:>8} {other:>6} {called:>6} {ratio}")
    return med


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file")
    ap.add_argument("--limit", type=int, default=100)
    ap.add_argument("--cli", default="target/release/sudoku-ip")
    ap.add_argument("--time-limit", type=float, default=60.0)
    ap.add_argument("--peers", default="highs-direct,cp-sat", help="comma-separated: highs-direct, cp-sat")
    ap.add_argument("--ours", default="highs", help="comma-separated solvers of ours: highs, microlp, native")
    ap.add_argument("--presolve", default="none,light",
                    help="comma-separated presolve levels for ours' MILP solvers: none, light, probe")
    ap.add_argument("--no-presolve", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--objective", choices=["zero", "seed"], default="zero", help="what ours and highs-direct minimise")
    ap.add_argument("--mip-start", action="store_true",
                    help="also run ours' MILP solvers with --mip-start native (zero objective) or off (seed)")
    a = ap.parse_args()

    print(f"# load {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    puzzles = read_puzzles(a.file, a.limit)
    lines = [p[0] for p in puzzles]
    results = {}
    objective = ["--objective", a.objective]
    levels = [p for p in a.presolve.split(",") if p]
    if a.no_presolve and "none" not in levels:
        levels.append("none")
    for solver in [s for s in a.ours.split(",") if s]:
        for level in levels if solver != "native" else [None]:
            name = f"ours-{solver}" + (f" presolve={level}" if level else "")
            extra = objective + (["--presolve", level] if level else [])
            results[name] = ours(a.cli, solver, lines, a.time_limit, extra)
        if a.mip_start and solver != "native":
            other = "off" if a.objective == "seed" else "native"
            results[f"ours-{solver} --mip-start {other}"] = ours(a.cli, solver, lines, a.time_limit,
                                                                 objective + ["--mip-start", other])
    reference = next(iter(results.values()))
    peers = {"highs-direct": highs_direct, "cp-sat": cp_sat}
    for name in [s for s in a.peers.split(",") if s]:
        results[name] = [timed(peers[name], n, cells, a.time_limit, a.objective) for _, n, cells in puzzles]

    print(f"{a.file}: {len(puzzles)} puzzles, ms per puzzle (solve, one solution), objective {a.objective}")
    first = next(iter(results))
    print(f"{'tool':<30} {'median':>10} {'max':>10} {'unsolved':>8} {'other':>6} {'called':>6} vs {first}")
    base = None
    for name, res in results.items():
        # "other": a grid unlike ours, which on a puzzle with many solutions can be right.
        misses = sum(grid is None for grid, _, _ in res)
        other = sum(grid is not None and grid != ref for (grid, _, _), (ref, _, _) in zip(res, reference))
        called = sum(c for _, _, c in res)
        med = summary(name, [t for _, t, _ in res], misses, other, called, base)
        base = base or med
    print("called: puzzles on which the MILP solver ran (ours: solver_calls > 0; peers always)")


if __name__ == "__main__":
    main()

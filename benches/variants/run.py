#!/usr/bin/env python3
"""The variant corpus, sudoku-ip beside sigh's Interactive Sudoku Solver (ISS).

    python3 benches/variants/run.py --iss ISS_CHECKOUT [--bin target/release/sudoku-ip]
        [--runs 3] [--only SLUG,...] [--generated K] [--json OUT]

For every puzzle of benches/variants/puzzles/ (converted from ISS's public collections by
convert.mjs, each with its source): ISS headless in node (bench-iss.mjs: warm JIT, solve and
prove unique, median of --runs) and `sudoku-ip solve --unique -O json --stats FILE`, one process a
run, median of --runs. Per puzzle it prints:

  ISS ms       ISS's CPU time in-process (warm; node's start-up and loading not counted)
  ISS guesses  ISS's guess counter
  ours proc    our whole process's CPU time (user + system of the child, from wait4)
  ours in      our in-process CPU time: `sudoku-ip bench --json` on the puzzle (the solving
               thread's CPU: model build, search to a second solution, check)
  guesses      our engine's guesses
  ratio        ours proc / ISS ms

and checks both answers against the puzzle's expected solution. Then the goal lines (every
puzzle within 50 ms of CPU; our total below ISS's warm total; guesses no more than ISS's on at
least 90% of the puzzles).

--generated K also generates K puzzles for every rule of the registry (`generate --rules R` for
rules without data, `generate --like examples/R.json` for the others) and prints our CPU time
per puzzle, median and max, per rule. Needs node 20 and an ISS checkout
(https://github.com/sigh/Interactive-Sudoku-Solver).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
GOAL_MS = 50.0


def run_child(cmd):
    """Run `cmd`; return (stdout, exit code, CPU seconds of the child: user + system)."""
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        return out.read().decode(), proc.returncode, usage.ru_utime + usage.ru_stime


def ours(binary, path, runs):
    """Median whole-process CPU ms, median in-process CPU ms, and the report of one run."""
    cpu, inproc, report = [], [], None
    with tempfile.TemporaryDirectory() as tmp:
        line = Path(tmp) / "puzzle.jsonl"
        line.write_text(json.dumps(json.loads(Path(path).read_text())) + "\n")
        for _ in range(runs):
            text, code, seconds = run_child([binary, "solve", "--unique", "-O", "json", "--stats", str(path)])
            cpu.append(seconds * 1000)
            try:
                report = json.loads(text)
            except json.JSONDecodeError:
                report = {"status": f"exit {code}", "error": text[:200]}
            text, _, _ = run_child([binary, "bench", "--json", str(line)])
            try:
                inproc.append(json.loads(text)["us_per_puzzle"] / 1000)
            except (json.JSONDecodeError, KeyError):
                pass
    return statistics.median(cpu), (statistics.median(inproc) if inproc else None), report


def expected(puzzle):
    s = puzzle.get("solution")
    if isinstance(s, list):
        s = "".join(s)
    return s


def iss_results(iss, runs, only):
    cmd = ["node", str(HERE / "bench-iss.mjs"), iss, "--runs", str(runs)]
    if only:
        cmd += ["--only", ",".join(only)]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return {r["slug"]: r for r in map(json.loads, out.splitlines())}


def corpus(args):
    files = sorted((HERE / args.set).glob("*.json"))
    if args.only:
        files = [f for f in files if f.stem in args.only.split(",")]
    iss = iss_results(args.iss, args.runs, [f.stem for f in files]) if args.iss else {}
    rows = []
    head = f"{'puzzle':44} {'n':>2} {'ISS ms':>8} {'ISS g':>7} {'ours proc':>9} {'ours in':>8} {'guesses':>8} {'ratio':>7}  check"
    print(head)
    print("-" * len(head))
    for f in files:
        puzzle = json.loads(f.read_text())
        want = expected(puzzle)
        proc_ms, in_ms, report = ours(args.bin, f, args.runs)
        stats = report.get("stats", {})
        got = (report.get("solution") or {}).get("line")
        i = iss.get(f.stem, {})
        problems = []
        if got != want or not report.get("unique"):
            problems.append("OURS WRONG")
        if i and (i.get("solution") != want or not i.get("unique")):
            problems.append("ISS WRONG")
        row = {
            "slug": f.stem,
            "n": puzzle.get("size"),
            "rules": [r["type"] for r in puzzle.get("rules", [])],
            "iss_ms": i.get("cpu_ms"),
            "iss_guesses": i.get("guesses"),
            "proc_ms": proc_ms,
            "in_ms": in_ms,
            "guesses": stats.get("guesses"),
            "ok": not problems,
        }
        row["ratio"] = proc_ms / row["iss_ms"] if row["iss_ms"] else None
        rows.append(row)
        fmt = lambda x, spec: format(x, spec) if x is not None else "-"
        print(
            f"{f.stem[:44]:44} {row['n']:>2} {fmt(row['iss_ms'], '8.2f')} {fmt(row['iss_guesses'], '7d')} "
            f"{proc_ms:9.2f} {fmt(row['in_ms'], '8.2f')} {fmt(row['guesses'], '8d')} {fmt(row['ratio'], '7.2f')}  "
            f"{' '.join(problems) or 'ok'}",
            flush=True,
        )
    summary(rows)
    return rows


def summary(rows):
    print()
    n = len(rows)
    within = sum(r["proc_ms"] <= GOAL_MS for r in rows)
    print(f"puzzles: {n}; answers checked: {sum(r['ok'] for r in rows)} right")
    print(f"within {GOAL_MS:.0f} ms of CPU (whole process): {within}/{n}; max {max(r['proc_ms'] for r in rows):.1f} ms")
    timed = [r for r in rows if r["iss_ms"] is not None]
    if timed:
        ours_total = sum(r["proc_ms"] for r in timed)
        ours_in = sum(r["in_ms"] or 0 for r in timed)
        iss_total = sum(r["iss_ms"] for r in timed)
        fewer = sum((r["guesses"] or 0) <= r["iss_guesses"] for r in timed)
        ratios = [r["ratio"] for r in timed if r["ratio"]]
        geo = statistics.geometric_mean(ratios) if ratios else float("nan")
        print(f"total CPU: ours {ours_total:.0f} ms whole process ({ours_in:.0f} ms in-process), ISS {iss_total:.0f} ms warm in-process")
        print(f"guesses <= ISS's: {fewer}/{len(timed)} ({100 * fewer / len(timed):.0f}%)")
        print(f"ratio ours (whole process) / ISS (warm): geometric mean {geo:.2f}, max {max(ratios):.1f}")


# Data rules generate from the example of the rule (its geometry and rules), the others by name.
EXAMPLE = {"windows": "hyper", "german-whispers": "whispers"}


def generated(args):
    rules = rule_names(args.bin)
    print()
    head = f"{'rule':20} {'puzzles':>7} {'median ms':>9} {'max ms':>8} {'max/med':>7} {'med guesses':>11} {'max guesses':>11}"
    print("generated puzzles: our whole-process CPU ms solving each (solve --unique)")
    print(head)
    print("-" * len(head))
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for rule in rules:
            example = ROOT / "examples" / f"{EXAMPLE.get(rule, rule)}.json"
            base = [args.bin, "generate", "--count", str(args.generated), "--seed", "1", "-O", "json"]
            gen = base + (["--like", str(example)] if example.exists() else ["--rules", rule])
            text, code, _ = run_child(gen)
            puzzles = [line for line in text.splitlines() if line.strip()]
            if code != 0 or not puzzles:
                print(f"{rule:20} generate failed (exit {code})")
                continue
            times, guesses = [], []
            for k, line in enumerate(puzzles):
                path = Path(tmp) / f"{rule}-{k}.json"
                path.write_text(line)
                ms, _, report = ours(args.bin, path, 1)
                times.append(ms)
                guesses.append((report.get("stats") or {}).get("guesses") or 0)
            med, mx = statistics.median(times), max(times)
            print(
                f"{rule:20} {len(times):7d} {med:9.2f} {mx:8.2f} {mx / med:7.1f} {statistics.median(guesses):11.0f} {max(guesses):11d}",
                flush=True,
            )
            out.append({"rule": rule, "median_ms": med, "max_ms": mx, "guesses": guesses})
    return out


def rule_names(binary):
    """The registry's rule names, in its order: `solve --help` lists them all under --rules."""
    text = subprocess.run([binary, "solve", "--help"], capture_output=True, text=True).stdout
    start = text.index("--rules")
    block = text[start : text.index("--", start + 8)]
    block = block.replace("(rules with data —", ",").replace("— come from a JSON puzzle file)", "")
    block = block.split(":", 1)[1]
    return [w.strip(" ,\n()") for w in block.replace("\n", " ").split(",") if w.strip(" ,\n()")]


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--iss", help="ISS checkout (omit to time sudoku-ip alone)")
    p.add_argument("--bin", default=str(ROOT / "target" / "release" / "sudoku-ip"))
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--set", default="puzzles", choices=["puzzles", "stress"], help="the corpus (default) or the stress set")
    p.add_argument("--only", help="comma-separated puzzle names (file stems)")
    p.add_argument("--generated", type=int, default=0, metavar="K", help="also K generated puzzles per rule")
    p.add_argument("--json", help="write the per-puzzle figures here")
    args = p.parse_args()
    rows = corpus(args)
    gen = generated(args) if args.generated else []
    if args.json:
        Path(args.json).write_text(json.dumps({"corpus": rows, "generated": gen}, indent=1))
    return 0 if all(r["ok"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())

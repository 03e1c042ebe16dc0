#!/usr/bin/env python3
"""The corpus under a time cap per puzzle: our whole process beside ISS's figures from a file.

run.py has no cap, and a puzzle we do not finish stops the whole run. This script runs
`sudoku-ip solve --unique -O json --stats FILE` on each puzzle of benches/variants/puzzles
(CPU: user + system of the child from wait4, as run.py's `ours proc`; median of --runs),
stops it after --cap seconds of wall time (TIMEOUT: the CPU shown is what it used until then),
checks the answer against the file's solution (ok / WRONG; a file without one against ISS's unique
solution, "ok (ISS)") and prints ISS's CPU ms and guesses
from the JSON lines `node benches/variants/bench-iss.mjs ISS --runs 3` printed (--iss-jsonl).
Columns: puzzle, ISS ms, ISS guesses, our process ms, our guesses, ratio, check.
"""
import json, os, subprocess, sys, tempfile, time, statistics
from pathlib import Path
import argparse
p = argparse.ArgumentParser()
p.add_argument("--bin", default=str(Path(__file__).resolve().parents[2] / "target" / "release" / "sudoku-ip")); p.add_argument("--iss-jsonl", required=True)
p.add_argument("--cap", type=float, default=20); p.add_argument("--runs", type=int, default=1)
p.add_argument("--only"); p.add_argument("--json")
a = p.parse_args()
HERE = Path(__file__).resolve().parent / "puzzles"
iss = {}
for line in open(a.iss_jsonl):
    try: r = json.loads(line); iss[r["slug"]] = r
    except Exception: pass
def run(cmd, cap):
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        t0 = time.time()
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid: break
            if time.time() - t0 > cap:
                proc.kill(); pid, status, usage = os.wait4(proc.pid, 0)
                return None, usage.ru_utime + usage.ru_stime
            time.sleep(0.002)
        out.seek(0); return out.read().decode(), usage.ru_utime + usage.ru_stime
rows = []
files = sorted(HERE.glob("*.json"))
if a.only: files = [f for f in files if f.stem in a.only.split(",")]
for f in files:
    pz = json.loads(f.read_text()); want = pz.get("solution")
    if isinstance(want, list): want = "".join(want)
    cpus, rep = [], None
    for _ in range(a.runs):
        text, s = run([a.bin, "solve", "--unique", "-O", "json", "--stats", str(f)], a.cap)
        cpus.append(s * 1000)
        if text is None: rep = {"status": "timeout"}; break
        try: rep = json.loads(text)
        except Exception: rep = {"status": "bad", "error": text[:100]}
    i = iss.get(f.stem, {})
    got = (rep.get("solution") or {}).get("line")
    # A file without a published solution is checked against ISS's unique one ("ok (ISS)").
    mark = "ok"
    if want is None and i.get("unique") and i.get("solution"):
        want, mark = i["solution"], "ok (ISS)"
    if rep.get("status") == "timeout":
        ok = "TIMEOUT"
    elif want is None:
        ok = "unchecked" if rep.get("unique") else "WRONG"
    else:
        ok = mark if (got == want and rep.get("unique")) else "WRONG"
    row = dict(slug=f.stem, iss_ms=i.get("cpu_ms"), iss_g=i.get("guesses"), proc_ms=statistics.median(cpus),
               guesses=(rep.get("stats") or {}).get("guesses"), ok=ok)
    rows.append(row)
    r = row["proc_ms"] / row["iss_ms"] if row["iss_ms"] else None
    print(f"{f.stem[:44]:44} {row['iss_ms'] or 0:8.2f} {row['iss_g'] if row['iss_g'] is not None else '-':>7} {row['proc_ms']:9.2f} {row['guesses'] if row['guesses'] is not None else '-':>8} {r or 0:7.2f} {ok}", flush=True)
if a.json: json.dump(rows, open(a.json, "w"), indent=1)

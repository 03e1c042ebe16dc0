#!/usr/bin/env python3
"""What the kept link bombs cost on each surface (issue 33's goal: refused within 1 s of CPU and
200 MB, the server reachable throughout): the command line, the web server and Python.

    cargo build --release && python3 scripts/link_bombs.py target/release/sudoku-ip [cli|server|python ...]

The bombs are the files `crates/formats/tests/fuzz-corpus/format_fpuzzles/bomb-*` (written by the
formats crate's test bomb writer). For each it prints:
- CLI: `sudoku-ip solve BOMB`'s exit code, CPU time (user + system) and peak memory (max RSS);
- server: one `POST /api/parse` of each bomb, then all four at once while `/api/health` is
  probed every 50 ms: the answers' statuses, the server's CPU and peak memory (VmHWM) over the
  whole run, and how many probes answered;
- Python (when the `sudoku_ip` package is installed): `Puzzle.parse(bomb)` in a fresh
  interpreter, its error and the child's CPU and peak memory, against a bare import.
"""
import json, os, socket, subprocess, sys, threading, time, urllib.error, urllib.request

BIN = os.path.abspath(sys.argv[1])
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
CORPUS = os.path.join(ROOT, "crates/formats/tests/fuzz-corpus/format_fpuzzles")
BOMBS = sorted(f for f in os.listdir(CORPUS) if f.startswith("bomb-"))


def run_measured(args):
    """Run `args` to its end: (exit code, stdout, stderr, CPU seconds, peak RSS in MB) of that
    child alone (`wait4`'s own usage, not the largest of every child so far)."""
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out, err = [], []
    readers = [threading.Thread(target=lambda s=s, b=b: b.append(s.read())) for s, b in ((proc.stdout, out), (proc.stderr, err))]
    for r in readers:
        r.start()
    _, status, usage = os.wait4(proc.pid, 0)
    for r in readers:
        r.join()
    proc.returncode = os.waitstatus_to_exitcode(status)
    return proc.returncode, "".join(out), "".join(err), usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def cli():
    print("## CLI: sudoku-ip solve BOMB\n")
    print("| bomb | bytes | exit | CPU s | peak MB | message |")
    print("|---|---|---|---|---|---|")
    for name in BOMBS:
        path = os.path.join(CORPUS, name)
        code, _, err, cpu, rss = run_measured([BIN, "solve", path])
        message = err.strip().replace(path, name).splitlines()[0][:100] if err.strip() else ""
        print(f"| {name} | {os.path.getsize(path)} | {code} | {cpu:.3f} | {rss:.1f} | {message} |")
    print()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def proc_cpu_and_peak(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    cpu = (int(fields[11]) + int(fields[12])) / ticks
    status = dict(line.split(":", 1) for line in open(f"/proc/{pid}/status") if ":" in line)
    return cpu, int(status["VmHWM"].split()[0]) / 1024, int(status["VmRSS"].split()[0]) / 1024


def post(port, body, timeout=30):
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/parse", data=body, headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def server():
    port = free_port()
    proc = subprocess.Popen([BIN, "serve", "--addr", f"127.0.0.1:{port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=1).read()
                break
            except OSError:
                time.sleep(0.05)
        cpu0, _, rss0 = proc_cpu_and_peak(proc.pid)
        print("## Server: POST /api/parse {\"text\": BOMB}\n")
        print(f"Idle server: {rss0:.1f} MB.\n")
        print("| bomb | status | wall s | message |")
        print("|---|---|---|---|")
        bodies = {name: json.dumps({"text": open(os.path.join(CORPUS, name)).read()}).encode() for name in BOMBS}
        for name, body in bodies.items():
            t = time.monotonic()
            status, answer = post(port, body)
            wall = time.monotonic() - t
            message = json.loads(answer).get("error", "")[:90] if answer.startswith(b"{") else answer[:60]
            print(f"| {name} | {status} | {wall:.3f} | {message} |")
        cpu1, peak1, _ = proc_cpu_and_peak(proc.pid)
        print(f"\nThe four one after another: server CPU {cpu1 - cpu0:.3f} s, peak {peak1:.1f} MB.\n")

        # All four at once, three times over, while health is probed.
        probes, answered, stop = [], [], threading.Event()

        def probe():
            while not stop.is_set():
                t = time.monotonic()
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=2).read()
                    answered.append(time.monotonic() - t)
                except OSError:
                    pass
                probes.append(1)
                time.sleep(0.05)

        prober = threading.Thread(target=probe)
        prober.start()
        statuses = []
        threads = [
            threading.Thread(target=lambda b=b: statuses.append(post(port, b)[0]))
            for _ in range(3)
            for b in bodies.values()
        ]
        t = time.monotonic()
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        wall = time.monotonic() - t
        time.sleep(0.5)
        stop.set()
        prober.join()
        cpu2, peak2, rss2 = proc_cpu_and_peak(proc.pid)
        print(
            f"12 at once (each bomb 3 times): statuses {sorted(statuses)}, {wall:.2f} s wall, "
            f"server CPU {cpu2 - cpu1:.3f} s, peak {peak2:.1f} MB, {rss2:.1f} MB after; "
            f"health answered {len(answered)} of {len(probes)} probes, slowest {max(answered, default=0) * 1e3:.0f} ms.\n"
        )
    finally:
        proc.terminate()
        proc.wait()


def python():
    try:
        import sudoku_ip  # noqa: F401
    except ImportError:
        print("## Python: the sudoku_ip package is not installed; skipped\n")
        return
    print("## Python: sudoku_ip.Puzzle.parse(BOMB) in a fresh interpreter\n")
    base = "import sudoku_ip, sys\n"
    _, _, _, cpu0, rss0 = run_measured([sys.executable, "-c", base])
    print(f"A bare `import sudoku_ip`: {cpu0:.3f} s CPU, {rss0:.1f} MB.\n")
    print("| bomb | CPU s | peak MB | error |")
    print("|---|---|---|---|")
    code = base + (
        "text = open(sys.argv[1]).read()\n"
        "try:\n    sudoku_ip.Puzzle.parse(text)\n    print('read')\n"
        "except Exception as e:\n    print(type(e).__name__ + ': ' + str(e).splitlines()[0][:80])\n"
    )
    for name in BOMBS:
        path = os.path.join(CORPUS, name)
        _, out, err, cpu, rss = run_measured([sys.executable, "-c", code, path])
        print(f"| {name} | {cpu:.3f} | {rss:.1f} | {out.strip() or err.strip()[-80:]} |")
    print()


if __name__ == "__main__":
    surfaces = {"cli": cli, "server": server, "python": python}
    for name in sys.argv[2:] or surfaces:
        surfaces[name]()

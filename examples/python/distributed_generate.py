#!/usr/bin/env python3
"""Puzzle datasets across a Dask cluster: generate N rated unique puzzles, or solve and rate a
corpus, and write Parquet.

    # generate: 10,000 unique 9x9 puzzles, chunks of 200 seeds, on a local 2-worker cluster
    python distributed_generate.py generate -n 10000 --seed 1 --chunk 200 --local-workers 2 -o puzzles.parquet
    # the same on a running cluster (dask scheduler / dask worker on each machine)
    python distributed_generate.py generate -n 10000 --seed 1 --scheduler tcp://10.0.0.5:8786 -o puzzles.parquet
    # solve and rate a corpus: a text file of one-line (or JSON) puzzles, or a Parquet file
    # with a `puzzle` column
    python distributed_generate.py solve corpus.txt --chunk 500 --local-workers 2 -o solved.parquet

Without --scheduler or --local-workers everything runs in this process: the reference the
cluster's output is compared with (tests/test_distributed.py).

Reproducible whatever the number of workers: each task is one chunk of the seed range
(`sudoku_ip.generate_many(count, seed=start)`: puzzle i of a chunk is the puzzle of seed
start + i), chunks are put back in seed order, and duplicates are dropped keeping the lowest
seed. If duplicates leave fewer than N puzzles, the next chunks of the seed range are
generated, so the output is always "the first N distinct puzzles from seed S on".

Every worker needs the `sudoku_ip` package (pip install ./crates/python) and pyarrow.
"""

import argparse
import sys
import time
from typing import Optional

import pyarrow as pa
import pyarrow.parquet as pq

import sudoku_ip

GENERATED_SCHEMA = pa.schema(
    [
        ("puzzle", pa.string()),  # one line, or the JSON puzzle for rules a line cannot carry
        ("solution", pa.string()),
        ("grade", pa.string()),
        ("rating", pa.float64()),  # Sudoku Explainer scale
        ("seed", pa.uint64()),
        ("clues", pa.int32()),
        ("hardest", pa.string()),
    ]
)

SOLVED_SCHEMA = pa.schema(
    [
        ("index", pa.int64()),  # 0-based position in the corpus
        ("puzzle", pa.string()),
        ("status", pa.string()),  # solved / infeasible / unknown / error
        ("unique", pa.bool_()),
        ("solution", pa.string()),
        ("grade", pa.string()),
        ("rating", pa.float64()),
        ("error", pa.string()),
    ]
)

# Rules whose puzzles a one-line grid can carry; anything else is written as JSON.
LINE_RULES = {"diagonal", "windows", "anti-knight", "anti-king", "non-consecutive"}


# --- the tasks (run on the workers) -------------------------------------------------------


def generate_chunk(start_seed: int, count: int, settings: dict) -> list:
    """Puzzles of seeds start_seed .. start_seed + count - 1, as rows. A seed that yields no
    puzzle (say, no puzzle of the asked grade within the attempts) is left out."""
    try:
        made = sudoku_ip.generate_many(count, seed=start_seed, **settings)
    except sudoku_ip.SolveError:
        made = []
        for seed in range(start_seed, start_seed + count):
            try:
                made.append(sudoku_ip.generate(seed=seed, **settings))
            except sudoku_ip.SolveError:
                pass
    rows = []
    for g in made:
        line_form = set(g.puzzle.rules) <= LINE_RULES
        rating = g.rating
        rows.append(
            {
                "puzzle": g.line if line_form else g.to_json(),
                "solution": g.solution_line,
                "grade": rating.grade if rating else None,
                "rating": rating.rating if rating else None,
                "seed": g.seed,
                "clues": g.clues,
                "hardest": rating.hardest if rating else None,
            }
        )
    return rows


def solve_chunk(first_index: int, texts: list, settings: dict) -> list:
    """Solve (proving uniqueness) and rate a chunk of puzzles given as text."""
    rows = []
    for offset, text in enumerate(texts):
        row = {"index": first_index + offset, "puzzle": text, "status": None, "unique": None,
               "solution": None, "grade": None, "rating": None, "error": None}
        try:
            puzzle = sudoku_ip.Puzzle.parse(text)
            result = puzzle.solve(**settings)
            row.update(status=result.status, unique=result.unique, solution=result.line)
            if result.unique:
                rating = puzzle.rate()
                row.update(grade=rating.grade, rating=rating.rating)
        except (ValueError, sudoku_ip.SolveError) as e:
            row.update(status="error", error=str(e))
        rows.append(row)
    return rows


# --- scheduling ---------------------------------------------------------------------------


def run_tasks(client, function, calls: list) -> list:
    """function(*args) for each args of calls, on the cluster when there is one, results in
    the order of calls."""
    if client is None:
        return [function(*args) for args in calls]
    futures = [client.submit(function, *args, pure=False) for args in calls]
    return client.gather(futures)


def generate_table(n: int, seed: int, chunk: int, settings: dict, client=None) -> pa.Table:
    """The first n distinct puzzles from `seed` on (puzzle text as the key, lowest seed kept)."""
    if n < 1 or chunk < 1:
        raise ValueError("n and chunk must be at least 1")
    seen, rows, next_seed = set(), [], seed
    while len(rows) < n:
        missing = n - len(rows)
        chunks = [(next_seed + k * chunk, chunk, settings) for k in range(-(-missing // chunk))]
        next_seed += len(chunks) * chunk
        for chunk_rows in run_tasks(client, generate_chunk, chunks):
            for row in chunk_rows:
                if row["puzzle"] not in seen and len(rows) < n:
                    seen.add(row["puzzle"])
                    rows.append(row)
    return pa.Table.from_pylist(rows, schema=GENERATED_SCHEMA)


def read_corpus(path: str) -> list:
    """Puzzle texts of a Parquet file (its `puzzle` column) or a text file (one a line;
    blank lines and # comments skipped)."""
    if path.endswith(".parquet"):
        return pq.read_table(path, columns=["puzzle"]).column("puzzle").to_pylist()
    with open(path, encoding="utf-8") as f:
        return [line.strip() for line in f if line.strip() and not line.lstrip().startswith("#")]


def solve_table(texts: list, chunk: int, settings: dict, client=None) -> pa.Table:
    calls = [(start, texts[start : start + chunk], settings) for start in range(0, len(texts), chunk)]
    rows = [row for chunk_rows in run_tasks(client, solve_chunk, calls) for row in chunk_rows]
    return pa.Table.from_pylist(rows, schema=SOLVED_SCHEMA)


def connect(scheduler: Optional[str], local_workers: Optional[int], threads: int):
    """A Dask client: to a running scheduler, or to a local cluster on loopback, or None."""
    if scheduler is None and local_workers is None:
        return None, None
    from dask.distributed import Client, LocalCluster

    if scheduler is not None:
        return Client(scheduler), None
    cluster = LocalCluster(
        n_workers=local_workers,
        threads_per_worker=threads,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    )
    return Client(cluster), cluster


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    cluster_options = argparse.ArgumentParser(add_help=False)
    cluster_options.add_argument("--scheduler", help="address of a running Dask scheduler (tcp://host:8786)")
    cluster_options.add_argument("--local-workers", type=int,
                                 help="start a local cluster of this many workers on 127.0.0.1")
    cluster_options.add_argument("--threads", type=int,
                                 help="threads per task (and per local worker): default 1 on a cluster, every core in-process")
    sub = parser.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("generate", parents=[cluster_options], help="generate N rated unique puzzles")
    gen.add_argument("-n", type=int, required=True, help="number of distinct puzzles")
    gen.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    gen.add_argument("--chunk", type=int, default=200, help="seeds per task (default 200)")
    gen.add_argument("--size", type=int, default=9)
    gen.add_argument("--box", help="box shape RxC")
    gen.add_argument("--rules", default="", help="comma-separated rule names (diagonal, windows, ...)")
    gen.add_argument("--difficulty", choices=["easy", "medium", "hard", "expert"])
    gen.add_argument("--killer", action="store_true")
    gen.add_argument("-o", "--out", required=True, help="Parquet file to write")
    solve = sub.add_parser("solve", parents=[cluster_options], help="solve and rate a corpus (text or Parquet)")
    solve.add_argument("corpus")
    solve.add_argument("--chunk", type=int, default=500, help="puzzles per task (default 500)")
    solve.add_argument("--time-limit", type=float, help="seconds per puzzle")
    solve.add_argument("-o", "--out", required=True, help="Parquet file to write")
    args = parser.parse_args(argv)

    on_cluster = args.scheduler is not None or args.local_workers is not None
    threads = args.threads or (1 if on_cluster else None)
    client, cluster = connect(args.scheduler, args.local_workers, threads or 1)
    try:
        start = time.perf_counter()
        if args.command == "generate":
            settings = {"size": args.size, "box": args.box, "difficulty": args.difficulty, "killer": args.killer,
                        "rules": [r for r in args.rules.split(",") if r], "jobs": threads}
            table = generate_table(args.n, args.seed, args.chunk, settings, client)
        else:
            table = solve_table(read_corpus(args.corpus), args.chunk, {"time_limit": args.time_limit}, client)
        seconds = time.perf_counter() - start
        pq.write_table(table, args.out)
        print(f"{table.num_rows} rows in {seconds:.2f} s ({table.num_rows / seconds:.1f}/s) -> {args.out}", file=sys.stderr)
    finally:
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

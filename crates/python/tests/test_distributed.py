"""examples/python/distributed_generate.py on a local Dask cluster that the test starts itself
(two worker processes on 127.0.0.1, no dashboard, closed at the end): the cluster's Parquet
equals the single-process result for the same seeds and corpus.

dask.distributed and pyarrow are required: CI installs them, and a missing one fails here
(an ImportError), never a silent skip.
"""

import importlib.util
import json
import subprocess
import sys

import pyarrow.parquet as pq
import pytest
from dask.distributed import Client, LocalCluster

import sudoku_ip

from conftest import EXAMPLES

SCRIPT = EXAMPLES / "python" / "distributed_generate.py"


def load_script():
    spec = importlib.util.spec_from_file_location("distributed_generate", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


dg = load_script()


@pytest.fixture(scope="module")
def client():
    # Bounded: two single-threaded worker processes on loopback, torn down after the module.
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    ) as cluster, Client(cluster, timeout="60s") as c:
        c.wait_for_workers(2, timeout=60)
        yield c


SETTINGS = {"size": 9, "rules": [], "jobs": 1}


def test_generated_table_on_the_cluster_equals_the_single_process_table(client):
    local = dg.generate_table(30, seed=500, chunk=7, settings=SETTINGS)
    on_cluster = dg.generate_table(30, seed=500, chunk=7, settings=SETTINGS, client=client)
    assert on_cluster.equals(local)
    assert local.num_rows == 30 and len(set(local.column("puzzle").to_pylist())) == 30
    # Chunking does not change the rows either: one chunk of 30 seeds.
    assert dg.generate_table(30, seed=500, chunk=30, settings=SETTINGS).equals(local)
    # Each row is the puzzle of its seed, unique, with its solution and rating.
    for row in local.to_pylist()[:5]:
        g = sudoku_ip.generate(seed=row["seed"])
        assert (g.line, g.solution_line, g.grade, g.rating.rating) == (
            row["puzzle"], row["solution"], row["grade"], row["rating"])


def test_duplicates_are_dropped_keeping_the_lowest_seed_and_the_next_seeds_fill_the_table(monkeypatch):
    real = dg.generate_chunk

    def every_puzzle_twice(start, count, settings):
        # Seeds 2k and 2k+1 both give the puzzle of seed 450 + k.
        rows = []
        for seed in range(start, start + count):
            row = dict(real(450 + (seed - 900) // 2, 1, settings)[0])
            row["seed"] = seed
            rows.append(row)
        return rows

    monkeypatch.setattr(dg, "generate_chunk", every_puzzle_twice)
    table = dg.generate_table(7, seed=900, chunk=4, settings=SETTINGS)
    assert table.column("seed").to_pylist() == [900 + 2 * i for i in range(7)]
    assert table.column("puzzle").to_pylist() == [g.line for g in sudoku_ip.generate_many(7, seed=450)]


def test_variant_puzzles_are_written_as_json_when_a_line_cannot_carry_them(client):
    settings = {"size": 9, "rules": [], "killer": True, "rate": False, "jobs": 1}
    local = dg.generate_table(4, seed=3, chunk=2, settings=settings)
    assert local.equals(dg.generate_table(4, seed=3, chunk=2, settings=settings, client=client))
    for text, solution in zip(local.column("puzzle").to_pylist(), local.column("solution").to_pylist()):
        puzzle = sudoku_ip.Puzzle.parse(text)
        assert "killer" in json.loads(text) or puzzle.rules
        assert puzzle.solve().line == solution


def test_solving_a_corpus_on_the_cluster_equals_solving_it_here(client, tmp_path):
    texts = dg.read_corpus(str(EXAMPLES / "top100.txt"))[:40]
    texts += ["." * 81, "55" + "." * 79, "not a puzzle"]
    local = dg.solve_table(texts, chunk=9, settings={})
    assert dg.solve_table(texts, chunk=9, settings={}, client=client).equals(local)
    rows = local.to_pylist()
    assert [r["index"] for r in rows] == list(range(len(texts)))
    expected = [r.line for r in sudoku_ip.solve_many(texts[:40])]
    assert [r["solution"] for r in rows[:40]] == expected
    assert all(r["unique"] and r["grade"] for r in rows[:40])
    assert [(r["status"], r["unique"]) for r in rows[40:42]] == [("solved", False), ("infeasible", False)]
    assert rows[42]["status"] == "error" and "line 1" in rows[42]["error"]
    # A Parquet corpus (the generator's output) reads back through its puzzle column.
    path = tmp_path / "corpus.parquet"
    pq.write_table(dg.generate_table(5, seed=1, chunk=5, settings=SETTINGS), path)
    assert len(dg.read_corpus(str(path))) == 5


def test_the_command_line_writes_parquet_in_process(tmp_path):
    out = tmp_path / "p.parquet"
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), "generate", "-n", "6", "--seed", "11", "--chunk", "4", "-o", str(out)],
        capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    table = pq.read_table(out)
    assert table.equals(dg.generate_table(6, seed=11, chunk=4, settings={"size": 9, "rules": []}))
    assert "6 rows" in proc.stderr

"""The Python package against the seeds' puzzles, the example files, numpy, and the CLI."""

import json
import os
import pickle
import re
import threading
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import sudoku_ip
from sudoku_ip import Puzzle, SolveError

from conftest import DATA, EXAMPLES, SEVENTEEN, check_sudoku, cli_binary, run_cli


def read(name):
    return (EXAMPLES / name).read_text()


def rows_of(solution):
    """A recorded solution (one line, rows as strings, or rows of ints) as rows of ints."""
    if isinstance(solution, str):
        n = int(len(solution) ** 0.5)
        solution = [solution[i : i + n] for i in range(0, n * n, n)]
    return [[int(c) for c in row] if isinstance(row, str) else row for row in solution]


# --- the seeds' puzzles -------------------------------------------------------------------


def test_seed_003s_clue_matrix_read_from_the_seed_document_solves_uniquely():
    # The MATLAB page (seed 003) writes its puzzle as B = [1,2,2; 1,5,3; ...]; read it as the
    # document writes it (its lines, copied into tests/data).
    seed = (DATA / "seed003_B.txt").read_text()
    matrix = re.search(r"B = (\[1,2,2;[^\]]*\])", seed).group(1)
    puzzle = Puzzle.parse(matrix)
    assert puzzle.size == 9 and puzzle.clues == 21
    result = puzzle.solve()
    assert result.status == "solved" and result.unique is True and bool(result)
    check_sudoku(puzzle.givens, result.solution, (3, 3))
    # The same puzzle as the repository's example file (the CLI's README example).
    assert Puzzle.parse(read("seed000.txt")) == puzzle


@pytest.mark.parametrize("name", ["seed000.txt", "seed004.txt"])
def test_seed_text_examples_solve_to_a_checked_unique_grid(name):
    puzzle = Puzzle.parse(read(name))
    result = puzzle.solve()
    assert (result.status, result.unique, result.count) == ("solved", True, 1)
    check_sudoku(puzzle.givens, result.solution, (3, 3))
    assert result.line == "".join(str(d) for row in result.solution for d in row)


def test_seed_004s_killer_layout_solves_to_the_killer_examples_solution():
    killer = Puzzle.parse(read("seed004-killer.txt"))
    expected = rows_of(json.loads(read("killer.json"))["solution"])
    assert killer.rules == ["killer"]
    result = killer.solve()
    assert result.unique is True
    assert result.solution == expected


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.stem)
def test_every_example_variant_solves_to_its_recorded_solution_natively(path):
    data = json.loads(path.read_text())
    puzzle = Puzzle.parse(path.read_text())
    result = puzzle.solve(time_limit=60)
    assert result.status == "solved" and result.unique is True, result.reason
    assert result.solution == rows_of(data["solution"])


def test_the_microlp_solver_agrees_with_the_native_engine_on_the_seed_puzzle():
    puzzle = Puzzle.parse(read("seed000.txt"))
    native = puzzle.solve(solver="native")
    milp = puzzle.solve(solver="microlp")
    assert milp.stats["solver"] == "microlp" and native.stats["solver"] == "native"
    assert milp.solution == native.solution and milp.unique is True


def seed_objective(rows):
    """The seeds' f = (1:N)' at a filled grid: x(i,j,k) costs i + n(j-1) + n^2(k-1) (1-based)."""
    n = len(rows)
    return sum(1 + i + n * j + n * n * (d - 1) for i, row in enumerate(rows) for j, d in enumerate(row))


def test_presolve_levels_say_what_a_milp_solver_got_and_whether_it_was_called():
    # Issue 35: seed 000 at each level. none hands microlp the seed's model (only the 21 givens
    # leave it), light root propagation's leftovers; probe decides it, and microlp never runs.
    seed000 = Puzzle.parse(read("seed000.txt"))
    none = seed000.solve(solver="microlp", presolve="none")
    assert none.stats["presolve"] == "none"
    assert (none.stats["presolved"]["variables"], none.stats["presolved"]["rows"]) == (729 - 21, 324)
    light = seed000.solve(solver="microlp")
    assert light.stats["presolve"] == "light"
    assert 0 < light.stats["presolved"]["variables"] < 729 - 21
    for called in (none, light):
        assert called.stats["solver_calls"] >= 1 and "solver_not_called" not in called.stats
        assert called.stats["lp_iterations"] > 0
    probe = seed000.solve(solver="microlp", presolve="probe")
    assert probe.stats["solver_calls"] == 0
    assert "decided by presolve (probe" in probe.stats["solver_not_called"]
    assert probe.stats["solver_not_called"].endswith("the MILP solver was not called")
    # No solver ran: no gap and no simplex iterations are reported for it.
    assert "mip_gap" not in probe.stats and "lp_iterations" not in probe.stats
    assert none.solution == light.solution == probe.solution
    check_sudoku(seed000.givens, probe.solution, (3, 3))
    # The older spelling: True is light, False is none.
    assert seed000.solve(solver="microlp", presolve=False).stats["presolve"] == "none"
    assert seed000.solve(solver="microlp", presolve=True).stats["presolve"] == "light"
    with pytest.raises(ValueError, match="bogus"):
        seed000.solve(solver="microlp", presolve="bogus")
    with pytest.raises(TypeError, match="presolve"):
        seed000.solve(solver="microlp", presolve=3)
    with pytest.raises(ValueError, match="bogus"):
        sudoku_ip.solve_many([read("seed000.txt")], solver="microlp", presolve="bogus")


def test_model_gives_the_seeds_ip_as_data():
    ip = Puzzle.parse(read("seed000.txt")).model()
    assert (ip["variables"], ip["cube_variables"], ip["aux_variables"]) == (729, 729, 0)
    assert (ip["givens"], ip["rows"], ip["nonzeros"]) == (21, 324, 4 * 729)
    families = {f["family"]: f for f in ip["families"]}
    assert list(families) == ["cell", "row", "column", "box"]
    for f in families.values():
        assert (f["rows"], f["nonzeros"]) == (81, 729)
        assert f["example"].endswith("= 1  (9 terms)")
    assert families["cell"]["example"].startswith("cell_r1c1: x_r1c1_d1 + x_r1c1_d2")
    assert ip["objective"]["value_on_every_solution"] == 29565
    lp = ip["root_lp"]
    # The seed objective is constant on the relaxation too; the 708 free columns are not all
    # integral at the root: branch and bound has work to do.
    assert lp["status"] == "ok" and abs(lp["value"] - 29565) < 1e-6
    assert lp["columns"] == 729 - 21 and 0 < lp["fractional"] <= lp["columns"]
    assert "root_lp" not in Puzzle.parse(read("seed000.txt")).model(lp_solver=None)
    with pytest.raises(ValueError):
        Puzzle.parse(read("seed000.txt")).model(lp_solver="gurobi")


def test_the_model_notebook_runs_and_shows_what_it_says():
    # crates/python/examples/model.ipynb: its code cells, run in order in one namespace.
    notebook = EXAMPLES.parent / "crates" / "python" / "examples" / "model.ipynb"
    cells = json.loads(notebook.read_text())["cells"]
    namespace = {}
    for cell in cells:
        if cell["cell_type"] == "code":
            exec("".join(cell["source"]), namespace)
    assert namespace["ip"]["rows"] == 324 and namespace["lp"]["fractional"] > 0
    levels = namespace["levels"]
    assert levels["none"]["presolved"]["variables"] == 708 and "solver_not_called" not in levels["none"]
    assert "the MILP solver was not called" in levels["probe"]["solver_not_called"]


def test_a_milp_objective_and_its_start_are_keyword_arguments():
    # A blank 4x4: presolve leaves it open, so microlp is called (and gets the native start).
    blank = Puzzle.from_grid([[0] * 4] * 4)
    seed = blank.solve(solver="microlp", objective="seed", unique=False)
    assert seed.status == "solved"
    assert seed.stats["objective"] == seed_objective(seed.solution)
    assert seed.stats["mip_gap"] == 0 and seed.stats["mip_start"] == "kept"
    # Presolve proves the objective constant (the solver minimises zero); without it, no proof.
    assert seed.stats["objective_reduced"] == seed.stats["objective"]
    whole = blank.solve(solver="microlp", objective="seed", presolve=False, unique=False)
    assert "objective_reduced" not in whole.stats
    assert whole.stats["objective"] == seed_objective(whole.solution)
    off = blank.solve(solver="microlp", objective="seed", mip_start="off", unique=False)
    assert off.status == "solved" and "mip_start" not in off.stats
    assert off.stats["objective"] == seed_objective(off.solution)
    zero = blank.solve(solver="microlp", unique=False)
    assert "mip_start" not in zero.stats and zero.stats["objective"] == 0
    forced = blank.solve(solver="microlp", mip_start="native", unique=False)
    assert forced.stats["mip_start"] == "kept"
    [many] = sudoku_ip.solve_many([blank], solver="microlp", objective="seed", unique=False)
    assert many.stats["objective"] == seed_objective(many.solution) and many.stats["mip_start"] == "kept"
    with pytest.raises(ValueError, match='unknown objective "max".*zero or seed'):
        blank.solve(solver="microlp", objective="max")
    with pytest.raises(ValueError, match='unknown MIP start "always".*auto, native or off'):
        sudoku_ip.solve_many([blank], mip_start="always")


# --- numpy and lists ----------------------------------------------------------------------


def test_numpy_round_trips_keep_the_puzzle_and_the_solution():
    puzzle = Puzzle.parse(read("seed004.txt"))
    array = puzzle.to_numpy()
    assert array.dtype == np.uint8 and array.shape == (9, 9)
    assert array.tolist() == puzzle.givens
    for dtype in (np.int64, np.int32, np.uint8):
        assert Puzzle.from_grid(array.astype(dtype)) == puzzle
    assert Puzzle.from_grid(array.ravel()) == puzzle  # a flat array of 81
    assert Puzzle.from_grid(puzzle.givens) == puzzle  # a list of lists
    solved = puzzle.solve().to_numpy()
    assert solved.shape == (9, 9) and (solved[array > 0] == array[array > 0]).all()
    full = Puzzle.from_grid(solved)
    assert full.clues == 81 and full.solve().solution == solved.tolist()


def test_grids_of_other_sizes_and_box_shapes_come_from_lists():
    six = Puzzle.from_grid([[0] * 6 for _ in range(6)], box="2x3")
    assert six.size == 6 and six.box == (2, 3)
    result = six.solve(unique=False)
    check_sudoku(six.givens, result.solution, (2, 3))
    assert Puzzle.from_grid([[0] * 4] * 4).count() == 288  # every 4x4 grid


def test_a_bad_grid_raises_naming_the_row_or_the_cell():
    rows = [[0] * 9 for _ in range(9)]
    rows[1][2] = 10
    with pytest.raises(ValueError, match=r"^r2c3: 10 is not a digit of a 9x9 grid"):
        Puzzle.from_grid(rows)
    with pytest.raises(ValueError, match=r"^row 9 has 8 cells, expected 9"):
        Puzzle.from_grid([[0] * 9] * 8 + [[0] * 8])
    with pytest.raises(TypeError, match="rows of n integers"):
        Puzzle.from_grid(np.zeros((9, 9)))  # floats are not digits
    with pytest.raises(ValueError, match="box shape 2x2 does not fit a 6x6 grid"):
        Puzzle.from_grid([[0] * 6] * 6, box="2x2")


# --- errors carry the CLI's messages ------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x",
        "1,2,2\n1,5,x\n",
        "5 3 . . 7 . . . .\n6 . . 1 9 5 . . .\n",
        '{"size": 9, "givens": 5}',
    ],
    ids=["line", "triplets", "short-grid", "json"],
)
def test_bad_input_raises_value_error_with_the_clis_message(tmp_path, text):
    with pytest.raises(ValueError) as raised:
        Puzzle.parse(text)
    path = tmp_path / "bad.txt"
    path.write_text(text)
    code, _, stderr = run_cli("solve", path)
    assert code == 2
    assert stderr.strip() == f"error: {path}: {raised.value}"


def test_solver_choice_and_limits_are_checked():
    puzzle = Puzzle.parse(read("seed000.txt"))
    assert sudoku_ip.solvers() == ["native", "microlp"]  # the wheel's default features
    with pytest.raises(ValueError, match="not compiled into this build.*--features highs"):
        puzzle.solve(solver="highs")
    with pytest.raises(ValueError, match="unknown solver"):
        puzzle.solve(solver="cplex")
    with pytest.raises(ValueError, match="non-negative"):
        puzzle.solve(time_limit=-1)
    with pytest.raises(ValueError, match="too large"):
        puzzle.solve(time_limit=1e30)


def test_no_solution_is_a_result_and_rating_an_ambiguous_puzzle_is_a_solve_error():
    clash = Puzzle.parse("55" + "." * 79)
    result = clash.solve()
    assert result.status == "infeasible" and not result and result.solution is None
    assert "row 1 has two 5s" in result.reason
    blank = Puzzle.from_grid([[0] * 9] * 9)
    ambiguous = blank.solve()
    assert ambiguous.status == "solved" and ambiguous.unique is False and not ambiguous
    assert ambiguous.other_solution is not None and ambiguous.other_solution != ambiguous.solution
    with pytest.raises(SolveError, match="not unique"):
        blank.rate()
    assert issubclass(SolveError, Exception) and not issubclass(SolveError, ValueError)


def test_a_node_limit_gives_an_unknown_result_and_a_count_error():
    hard = Puzzle.parse(batch_lines(EXAMPLES / "top100.txt")[0][1])
    stopped = hard.solve(node_limit=1)
    assert stopped.status == "unknown" and "node limit" in stopped.reason
    with pytest.raises(SolveError, match="unknown"):
        Puzzle.from_grid([[0] * 9] * 9).count(max=10**9, node_limit=50)


# --- counting and enumerating -------------------------------------------------------------


def test_solutions_iterates_over_distinct_valid_grids_up_to_max():
    blank4 = Puzzle.from_grid([[0] * 4] * 4)
    grids = list(blank4.solutions(max=1000))
    assert len(grids) == 288
    assert len({json.dumps(g) for g in grids}) == 288
    for g in grids[:20]:
        check_sudoku(blank4.givens, g, (2, 2))
    assert len(list(blank4.solutions(max=5))) == 5
    assert Puzzle.from_grid([[0] * 9] * 9).count(max=7) == 7


# --- generator and rater ------------------------------------------------------------------


def test_generation_is_reproducible_by_seed_and_batch_index():
    one = sudoku_ip.generate(seed=42)
    again = sudoku_ip.generate(seed=42, rate=False)
    assert one.line == again.line and again.rating is None
    batch = sudoku_ip.generate_many(4, seed=40)
    assert [g.seed for g in batch] == [40, 41, 42, 43]
    assert batch[2].line == one.line
    assert [g.line for g in sudoku_ip.generate_many(4, seed=40, jobs=1)] == [g.line for g in batch]
    assert [g.line for g in sudoku_ip.generate(seed=40, count=4)] == [g.line for g in batch]


def test_generated_puzzles_are_unique_and_rated_as_rate_rates_them():
    for g in sudoku_ip.generate_many(3, seed=7, rules=["diagonal"]):
        assert g.puzzle.rules == ["diagonal"]
        result = g.puzzle.solve()
        assert result.unique is True and result.solution == g.solution
        assert g.rating.to_dict() == g.puzzle.rate().to_dict()
        assert g.grade == g.rating.grade in ("easy", "medium", "hard", "expert")


def test_generate_matches_the_cli_for_the_same_seed():
    code, out, _ = run_cli("generate", "--seed", "42", "-O", "line")
    assert code == 0
    assert out.strip() == sudoku_ip.generate(seed=42).line


def test_generated_to_dict_is_the_cli_json_for_the_same_seed():
    code, out, _ = run_cli("generate", "--seed", "5", "--size", "6", "--stats", "-O", "json", "--solution")
    assert code == 0
    cli = json.loads(out)
    mine = sudoku_ip.generate(seed=5, size=6).to_dict()
    timed = ("time_ms", "stats")
    assert {k: v for k, v in mine.items() if k not in timed} == {k: v for k, v in cli.items() if k not in timed}
    assert mine["status"] == "generated" and mine["unique"] is True
    assert mine["stats"]["solver"] == "native"


def test_difficulty_and_killer_generation():
    easy = sudoku_ip.generate(seed=3, difficulty="easy")
    assert easy.grade == "easy"
    killer = sudoku_ip.generate(seed=3, killer=True, rate=False)
    assert "killer" in killer.puzzle.rules and killer.puzzle.solve().unique is True
    with pytest.raises(ValueError, match="unknown difficulty"):
        sudoku_ip.generate(difficulty="impossible")


# --- export and pictures ------------------------------------------------------------------


def test_lp_and_mps_exports_are_the_clis():
    path = EXAMPLES / "seed000.txt"
    puzzle = Puzzle.parse(path.read_text())
    assert puzzle.export_lp() == run_cli("export", "--lp", path)[1]
    assert puzzle.export_mps() == run_cli("export", "--mps", path)[1]
    assert puzzle.export_mps(fixed=True) == run_cli("export", "--mps", "--fixed", path)[1]


def test_svg_repr_draws_the_givens_and_a_result_draws_every_digit():
    puzzle = Puzzle.parse(read("seed004.txt"))
    svg = puzzle._repr_svg_()
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    # Each drawn digit is one glyph use.
    uses = root.iter("{http://www.w3.org/2000/svg}use")
    assert sum(1 for _ in uses) == puzzle.clues == 23
    solved = ET.fromstring(puzzle.solve()._repr_svg_())
    assert sum(1 for _ in solved.iter("{http://www.w3.org/2000/svg}use")) == 81
    html = puzzle._repr_html_()
    assert html.startswith("<figure") and "<svg" in html and "9x9, 23 givens" in html


def test_render_is_the_clis_picture(tmp_path):
    path = EXAMPLES / "killer.json"
    puzzle = Puzzle.parse(path.read_text())
    out = tmp_path / "k.svg"
    assert run_cli("render", path, "-o", out, "--picture-size", "500")[0] == 0
    assert puzzle.render("svg", size=500) == out.read_text()
    png = puzzle.render("png", size=64)
    assert isinstance(png, bytes) and png.startswith(b"\x89PNG\r\n\x1a\n")
    with pytest.raises(ValueError, match="unknown picture format"):
        puzzle.render("gif")


def test_puzzles_pickle_for_multiprocessing():
    for name in ("seed000.txt", "killer.json", "jigsaw.json"):
        puzzle = Puzzle.parse(read(name))
        assert pickle.loads(pickle.dumps(puzzle)) == puzzle


# --- batches ------------------------------------------------------------------------------


def batch_lines(path):
    """The puzzles of a batch file with their line numbers, as the CLI reads them."""
    return [
        (no, line.strip())
        for no, line in enumerate(path.read_text().splitlines(), 1)
        if line.strip() and not line.strip().startswith("#")
    ]


def comparable(answer):
    """An answer without what differs between runs (times)."""
    answer = dict(answer)
    stats = dict(answer.pop("stats"))
    for key in ("time_ms", "build_ms", "presolve_ms", "search_ms"):
        stats.pop(key, None)
    answer["stats"] = stats
    answer.pop("line", None)
    return answer


def test_solve_many_gives_the_clis_answers_on_a_batch(tmp_path):
    lines = [l for _, l in batch_lines(EXAMPLES / "top100.txt")]
    lines += [l for _, l in batch_lines(SEVENTEEN)][:200]
    lines += ["." * 81, "55" + "." * 79]  # not unique; no solution
    path = tmp_path / "batch.txt"
    path.write_text("\n".join(lines) + "\n")
    code, out, _ = run_cli("solve", "--unique", "-O", "json", "--stats", path)
    assert code == 1  # the last two lines are not solved uniquely
    cli = [json.loads(l) for l in out.splitlines()]
    results = sudoku_ip.solve_many(lines)
    assert len(results) == len(cli) == len(lines)
    assert [comparable(r.to_dict()) for r in results] == [comparable(c) for c in cli]
    assert [r.status for r in results[-2:]] == ["solved", "infeasible"]
    assert sum(1 for r in results if r) == len(lines) - 2


def test_solve_many_reads_json_lines_and_puzzle_objects_like_the_cli(tmp_path):
    texts = [json.dumps(json.loads(p.read_text())) for p in sorted(EXAMPLES.glob("*.json"))]
    path = tmp_path / "variants.jsonl"
    path.write_text("\n".join(texts) + "\n")
    code, out, _ = run_cli("solve", "--unique", "-O", "json", "--stats", path)
    assert code == 0
    cli = [comparable(json.loads(l)) for l in out.splitlines()]
    from_text = sudoku_ip.solve_many(texts, jobs=2)
    from_objects = sudoku_ip.solve_many([Puzzle.parse(t) for t in texts])
    assert [comparable(r.to_dict()) for r in from_text] == cli
    assert [comparable(r.to_dict()) for r in from_objects] == cli


def test_a_bad_batch_line_raises_the_message_the_cli_prints_for_it(tmp_path):
    lines = [l for _, l in batch_lines(EXAMPLES / "top100.txt")][:5]
    lines[3] = lines[3][:40] + "x" + lines[3][41:]
    path = tmp_path / "bad.txt"
    path.write_text("\n".join(lines) + "\n")
    _, out, _ = run_cli("solve", "-O", "json", path)
    bad = json.loads(out.splitlines()[3])
    assert bad["status"] == "bad_input"
    with pytest.raises(ValueError) as raised:
        sudoku_ip.solve_many(lines)
    assert str(raised.value) == bad["error"]
    assert str(raised.value).startswith("line 4, column 41:")
    with pytest.raises(ValueError, match="^line 2: the input is empty"):
        sudoku_ip.solve_many([lines[0], ""])
    with pytest.raises(TypeError, match="strings .* or Puzzle objects"):
        sudoku_ip.solve_many([lines[0], 42])


def test_solve_many_lets_other_python_threads_run():
    # Once the worker is about to call solve_many, this thread counts until it returns: with
    # the GIL released the counter moves all along; held, it could move only afterwards.
    lines = [l for _, l in batch_lines(EXAMPLES / "top100.txt")] * 50
    started, done = threading.Event(), threading.Event()
    results = []

    def work():
        started.set()
        results.extend(sudoku_ip.solve_many(lines, jobs=1))
        done.set()

    worker = threading.Thread(target=work)
    worker.start()
    started.wait()
    ticks_while_running = 0
    while not done.is_set():
        ticks_while_running += 1
        done.wait(0.001)
    worker.join()
    assert len(results) == len(lines) and all(results)
    assert ticks_while_running > 20


def test_the_readmes_python_examples_run():
    readme = (EXAMPLES.parent / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", readme, re.S)
    assert blocks, "the README has a Python example"
    cwd = os.getcwd()
    os.chdir(EXAMPLES.parent)  # the examples open files relative to the repository
    try:
        for block in blocks:
            exec(compile(block, "README.md", "exec"), {})
    finally:
        os.chdir(cwd)


# --- issue 33: limits kept in Python too ----------------------------------------------------


def test_count_and_solutions_refuse_max_0_as_the_cli_and_the_api_do():
    blank4 = Puzzle.from_grid([[0] * 4] * 4)
    with pytest.raises(ValueError, match="max: expected a positive number"):
        blank4.count(max=0)
    with pytest.raises(ValueError, match="max: expected a positive number"):
        blank4.solutions(max=0)


def test_link_bombs_are_refused_at_once_not_decompressed():
    # A 64 KB link that decompresses to 300 million characters took Puzzle.parse 9.5 s.
    corpus = EXAMPLES.parent / "crates" / "formats" / "tests" / "fuzz-corpus" / "format_fpuzzles"
    for name, says in [
        ("bomb-title-64k", "decompresses to more than 1048576 characters"),
        ("bomb-slash-runs", "does not decode to an f-puzzles puzzle"),
    ]:
        with pytest.raises(ValueError, match=says):
            Puzzle.parse((corpus / name).read_text())

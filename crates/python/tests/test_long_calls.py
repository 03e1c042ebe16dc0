"""Long calls as a user meets them: Ctrl-C stops them, `solutions()` is lazy, `jobs` is capped,
and results show as pictures in a notebook (issue 30, item 4)."""

import signal
import subprocess
import sys

import pytest

import sudoku_ip
from sudoku_ip import Puzzle

EMPTY = "." * 81

# Each of these ran on for 10 s and more after SIGINT: none of them ends by itself in minutes.
LONG_CALLS = {
    "count": "Puzzle.parse('.' * 81).count(max=10**15)",
    "solutions": "list(Puzzle.parse('.' * 81).solutions(max=10**15))",
    "generate_many": "sudoku_ip.generate_many(100000, jobs=1)",
    "solve_many": "sudoku_ip.solve_many(['.' * 81] * 1_000_000, jobs=1)",
}


@pytest.mark.parametrize("name", sorted(LONG_CALLS))
def test_ctrl_c_stops_a_long_call_with_keyboard_interrupt(name):
    # Python leaves SIGINT ignored when it starts with it ignored (a runner started in the
    # background by a shell without job control), and Ctrl-C would then do nothing: the child
    # turns it back into KeyboardInterrupt, as an interactive Python has it.
    script = (
        "import signal\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "import sudoku_ip\n"
        "from sudoku_ip import Puzzle\n"
        "print('started', flush=True)\n"
        "try:\n"
        f"    {LONG_CALLS[name]}\n"
        "    print('finished', flush=True)\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "started"
        # Into the call (a signal before it would be handled by Python itself).
        try:
            proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            pass
        proc.send_signal(signal.SIGINT)
        # A bound on liveness, not a measurement: the call was stopped, not finished.
        out, _ = proc.communicate(timeout=120)
    finally:
        proc.kill()
    assert out.strip() == "interrupted", out


def test_solutions_is_lazy_the_first_comes_before_the_rest_are_searched():
    # With 10^15 solutions asked for, an iterator that searched them all first never yields:
    # run it in a child process with a bound, so that such a bug fails instead of hanging.
    script = (
        "from sudoku_ip import Puzzle\n"
        "it = Puzzle.parse('.' * 81).solutions(max=10**15)\n"
        "first, second = next(it), next(it)\n"
        "print(''.join(str(d) for row in first for d in row))\n"
        "print(''.join(str(d) for row in second for d in row))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    first, second = out.stdout.split()
    assert first != second
    for line in (first, second):
        rows = [[int(c) for c in line[9 * r : 9 * r + 9]] for r in range(9)]
        assert Puzzle.parse(line).clues == 81
        assert all(sorted(row) == list(range(1, 10)) for row in rows)


def test_solutions_ends_with_what_a_limit_left_and_counts_agree():
    p = Puzzle.parse("1234341221434321", format="line")
    assert list(p.solutions()) == [[[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]]
    blank = Puzzle.parse("." * 16)
    assert len(list(blank.solutions(max=1000))) == blank.count() == 288


def test_jobs_beyond_eight_a_core_are_refused_as_the_cli_refuses_them():
    # jobs=100000 spawned 6,839 threads and never finished.
    with pytest.raises(ValueError, match="too many"):
        sudoku_ip.solve_many([EMPTY], jobs=100000)
    with pytest.raises(ValueError, match="too many"):
        sudoku_ip.generate_many(2, jobs=100000)
    with pytest.raises(ValueError, match="positive"):
        sudoku_ip.solve_many([EMPTY], jobs=0)
    assert len(sudoku_ip.solve_many([EMPTY], jobs=2)) == 1


def test_results_and_generated_puzzles_show_as_figures_in_a_notebook():
    result = Puzzle.parse(EMPTY).solve(unique=False)
    html = result._repr_html_()
    assert html.startswith("<figure") and "<svg" in html and "solved" in html
    generated = sudoku_ip.generate(seed=1, rate=False)
    html = generated._repr_html_()
    assert html.startswith("<figure") and "<svg" in html and "seed 1" in html


def test_a_prime_size_is_explained_in_python_terms_not_cli_flags():
    # generate(size=7) suggested "--box 1x7" and "--no-boxes".
    with pytest.raises(ValueError) as e:
        sudoku_ip.generate(size=7)
    assert "prime" in str(e.value) and "--" not in str(e.value), str(e.value)
    assert sudoku_ip.generate(size=7, box="none", seed=1, rate=False).puzzle.size == 7

"""Type stubs of the `sudoku_ip` extension module (pyo3, over the sudoku-ip Rust facade)."""

from typing import Any, Iterator, Literal, Optional, Sequence, Union, overload

__version__: str

Grid = list[list[int]]
"""Rows of integers, 0 for an empty cell."""

class SolveError(Exception):
    """A solver failed (engine error, no puzzle of the asked grade, puzzle not unique for
    `rate`). Bad input raises ValueError; "no solution" is a result, not an error."""

def solvers() -> list[str]:
    """The solvers of this build, best first: "native", "microlp", and "highs" when built with it."""

class Puzzle:
    """A Sudoku puzzle or variant: size, boxes or jigsaw regions, givens and rules."""

    @classmethod
    def parse(
        cls,
        text: str,
        *,
        format: Literal["auto", "grid", "line", "triplets", "matrix", "json", "killer"] = "auto",
        size: Optional[int] = None,
        box: Optional[str] = None,
        rules: Optional[Sequence[str]] = None,
    ) -> "Puzzle":
        """Parse any format the CLI reads; ValueError with line and column on bad input."""
    @classmethod
    def from_grid(
        cls, grid: Any, *, box: Optional[str] = None, rules: Optional[Sequence[str]] = None
    ) -> "Puzzle":
        """From n rows of n ints (list of lists or 2-D numpy array) or a flat list of n*n; 0 = empty."""
    @property
    def size(self) -> int: ...
    @property
    def box(self) -> Optional[tuple[int, int]]: ...
    @property
    def givens(self) -> Grid: ...
    @property
    def clues(self) -> int: ...
    @property
    def line(self) -> str: ...
    @property
    def rules(self) -> list[str]: ...
    def to_numpy(self) -> Any:
        """The givens as an n x n numpy array of uint8."""
    def to_json(self) -> str:
        """The puzzle in the JSON puzzle format (parse reads it back)."""
    def solve(
        self,
        *,
        solver: str = "native",
        unique: bool = True,
        time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
        presolve: Union[bool, str] = "light",
        objective: Literal["zero", "seed"] = "zero",
        mip_start: Literal["auto", "native", "off"] = "auto",
    ) -> "SolveResult":
        """One checked solution (and with unique=True proof it is the only one)."""
    def count(
        self,
        *,
        max: int = 1000,
        solver: str = "native",
        time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
    ) -> int:
        """Solutions up to max; SolveError if a limit stops the count."""
    def solutions(
        self,
        *,
        max: int = 1000,
        solver: str = "native",
        time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
    ) -> "SolutionIter":
        """Iterate over at most max solutions (rows of ints)."""
    def rate(self) -> "Rating":
        """Grade, Sudoku Explainer rating, hardest technique; the puzzle must be unique."""
    def minimize(self) -> "Puzzle":
        """The puzzle without the clues it does not need (still unique, minimal)."""
    def model(self, *, lp_solver: Optional[str] = "native") -> dict[str, Any]:
        """The 0-1 program as the seeds write it (`sudoku-ip model --json`): variables, rows by
        family with one row of each written out, the seed 000 objective, and the LP relaxation at
        the root solved by `lp_solver` (None skips it)."""
    def export_lp(self) -> str:
        """The 0-1 model as CPLEX-LP text."""
    def export_mps(self, *, fixed: bool = False) -> str:
        """The 0-1 model as free (or fixed) MPS text."""
    @overload
    def render(
        self, format: Literal["svg"] = "svg", *, solution: Union[Grid, "SolveResult", Any, None] = None, size: int = 450
    ) -> str: ...
    @overload
    def render(
        self, format: Literal["png"], *, solution: Union[Grid, "SolveResult", Any, None] = None, size: int = 450
    ) -> bytes: ...
    def _repr_svg_(self) -> str: ...
    def _repr_html_(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...

class SolutionIter(Iterator[Grid]):
    def __iter__(self) -> "SolutionIter": ...
    def __next__(self) -> Grid: ...

class SolveResult:
    """What a solve found; to_dict() is the CLI's `solve -O json --stats` answer."""

    @property
    def status(self) -> Literal["solved", "infeasible", "unknown"]: ...
    @property
    def reason(self) -> Optional[str]: ...
    @property
    def solution(self) -> Optional[Grid]: ...
    @property
    def line(self) -> Optional[str]: ...
    @property
    def other_solution(self) -> Optional[Grid]: ...
    @property
    def unique(self) -> Optional[bool]: ...
    @property
    def count(self) -> int: ...
    @property
    def stats(self) -> dict[str, Any]: ...
    @property
    def puzzle(self) -> Puzzle: ...
    def to_numpy(self) -> Any: ...
    def to_dict(self) -> dict[str, Any]: ...
    @overload
    def render(self, format: Literal["svg"] = "svg", *, size: int = 450) -> str: ...
    @overload
    def render(self, format: Literal["png"], *, size: int = 450) -> bytes: ...
    def _repr_svg_(self) -> str: ...
    def _repr_html_(self) -> str: ...
    def __bool__(self) -> bool: ...

class Rating:
    @property
    def grade(self) -> Literal["easy", "medium", "hard", "expert"]: ...
    @property
    def rating(self) -> float:
        """Sudoku Explainer scale, 1.2 to 11.0."""
    @property
    def hardest(self) -> Optional[str]: ...
    @property
    def needs_search(self) -> bool: ...
    @property
    def guesses(self) -> int: ...
    @property
    def techniques(self) -> list[tuple[str, int]]: ...
    def to_dict(self) -> dict[str, Any]: ...

class Generated:
    @property
    def puzzle(self) -> Puzzle: ...
    @property
    def solution(self) -> Grid: ...
    @property
    def line(self) -> str: ...
    @property
    def solution_line(self) -> str: ...
    @property
    def seed(self) -> int: ...
    @property
    def clues(self) -> int: ...
    @property
    def rating(self) -> Optional[Rating]: ...
    @property
    def grade(self) -> Optional[str]: ...
    def to_dict(self) -> dict[str, Any]:
        """The one JSON shape of `generate -O json --solution` and `/api/generate`."""
    def to_json(self) -> str: ...
    def _repr_svg_(self) -> str: ...
    def _repr_html_(self) -> str: ...

def solve_many(
    puzzles: Sequence[Union[str, Puzzle]],
    *,
    solver: str = "native",
    unique: bool = True,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    presolve: Union[bool, str] = "light",
    objective: Literal["zero", "seed"] = "zero",
    mip_start: Literal["auto", "native", "off"] = "auto",
    format: str = "auto",
    size: Optional[int] = None,
    box: Optional[str] = None,
    rules: Optional[Sequence[str]] = None,
    jobs: Optional[int] = None,
) -> list[SolveResult]:
    """Solve in parallel without the GIL; ValueError names the first unreadable line."""

@overload
def generate(
    *,
    size: int = 9,
    box: Optional[str] = None,
    like: Optional[Puzzle] = None,
    rules: Optional[Sequence[str]] = None,
    difficulty: Optional[str] = None,
    seed: Optional[int] = None,
    count: None = None,
    clues: Optional[int] = None,
    minimal: bool = False,
    symmetry: str = "none",
    killer: bool = False,
    rate: bool = True,
    attempts: Optional[int] = None,
    jobs: Optional[int] = None,
) -> Generated: ...
@overload
def generate(
    *,
    size: int = 9,
    box: Optional[str] = None,
    like: Optional[Puzzle] = None,
    rules: Optional[Sequence[str]] = None,
    difficulty: Optional[str] = None,
    seed: Optional[int] = None,
    count: int,
    clues: Optional[int] = None,
    minimal: bool = False,
    symmetry: str = "none",
    killer: bool = False,
    rate: bool = True,
    attempts: Optional[int] = None,
    jobs: Optional[int] = None,
) -> list[Generated]: ...
def generate_many(
    count: int,
    *,
    size: int = 9,
    box: Optional[str] = None,
    like: Optional[Puzzle] = None,
    rules: Optional[Sequence[str]] = None,
    difficulty: Optional[str] = None,
    seed: int = 0,
    clues: Optional[int] = None,
    minimal: bool = False,
    symmetry: str = "none",
    killer: bool = False,
    rate: bool = True,
    attempts: Optional[int] = None,
    jobs: Optional[int] = None,
) -> list[Generated]:
    """Puzzle i is the puzzle of seed + i, whatever the number of threads or machines."""

//! The independent checker: does a grid satisfy a puzzle? It reads the puzzle's geometry and
//! rules directly and never looks at the [`Model`](crate::Model), so a bug in the model or in a
//! backend cannot hide behind it.

use std::fmt;

use serde::Serialize;

use crate::geometry::{symbol, Cell, Layout};
use crate::grid::Grid;
use crate::puzzle::Puzzle;

/// A group of cells that must hold distinct digits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "unit", content = "index", rename_all = "snake_case")]
pub enum Unit {
    /// 1-based row.
    Row(usize),
    /// 1-based column.
    Column(usize),
    /// 1-based box (row-major).
    Box(usize),
    /// 1-based jigsaw region.
    Region(usize),
    /// A rule's unit, by name (e.g. "main diagonal", "cage 3").
    Named(String),
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(i) => write!(f, "row {i}"),
            Unit::Column(i) => write!(f, "column {i}"),
            Unit::Box(i) => write!(f, "box {i}"),
            Unit::Region(i) => write!(f, "region {i}"),
            Unit::Named(s) => f.write_str(s),
        }
    }
}

/// One broken rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Violation {
    /// A digit repeats in a unit.
    Duplicate {
        /// Where.
        unit: Unit,
        /// The repeated digit.
        digit: usize,
        /// All cells of the unit holding it.
        cells: Vec<Cell>,
    },
    /// A cell of the solution differs from the given.
    GivenChanged {
        /// The cell.
        cell: Cell,
        /// The given.
        given: usize,
        /// What the grid holds.
        found: usize,
    },
    /// A solution with an empty cell.
    Empty {
        /// The cell.
        cell: Cell,
    },
    /// The grid has another side than the puzzle.
    WrongSize {
        /// The puzzle's side.
        expected: usize,
        /// The grid's side.
        found: usize,
    },
    /// A variant rule is broken.
    Rule {
        /// The rule and its instance, e.g. "cage 3" or "thermometer 1".
        rule: String,
        /// What is wrong.
        message: String,
        /// The cells involved.
        cells: Vec<Cell>,
    },
}

fn count_word(k: usize) -> String {
    match k {
        2 => "two".into(),
        3 => "three".into(),
        4 => "four".into(),
        _ => k.to_string(),
    }
}

fn cell_list(cells: &[Cell]) -> String {
    cells.iter().map(Cell::to_string).collect::<Vec<_>>().join(", ")
}

fn digit_text(d: usize) -> String {
    if d <= 9 {
        d.to_string()
    } else {
        format!("{d}{}", symbol(d).map(|c| format!(" ({c})")).unwrap_or_default())
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Duplicate { unit, digit, cells } => {
                write!(f, "{unit} has {} {}s: {}", count_word(cells.len()), digit_text(*digit), cell_list(cells))
            }
            Violation::GivenChanged { cell, given, found } => {
                write!(f, "{cell} is given as {given} but holds {found}")
            }
            Violation::Empty { cell } => write!(f, "{cell} is empty"),
            Violation::WrongSize { expected, found } => {
                write!(f, "the grid is {found}x{found}, the puzzle is {expected}x{expected}")
            }
            Violation::Rule { rule, message, cells } => {
                write!(f, "{rule}: {message}")?;
                if !cells.is_empty() {
                    write!(f, " ({})", cell_list(cells))?;
                }
                Ok(())
            }
        }
    }
}

/// Repeated digits among `cells` of `grid`, as violations of `unit`.
pub fn duplicates(unit: &Unit, cells: &[Cell], grid: &Grid) -> Vec<Violation> {
    let mut by_digit: Vec<Vec<Cell>> = vec![Vec::new(); grid.n() + 1];
    for &c in cells {
        let v = grid.get(c);
        if v != 0 {
            by_digit[v].push(c);
        }
    }
    by_digit
        .into_iter()
        .enumerate()
        .filter(|(_, cs)| cs.len() > 1)
        .map(|(digit, cells)| Violation::Duplicate { unit: unit.clone(), digit, cells })
        .collect()
}

/// The units every puzzle has: rows, columns, and boxes or regions. Read from the layout
/// itself, not from [`Geometry::regions`](crate::Geometry::regions), which the model's rows are
/// built from: a wrong box there cannot hide here.
fn units(puzzle: &Puzzle) -> Vec<(Unit, Vec<Cell>)> {
    let n = puzzle.n();
    let mut out: Vec<(Unit, Vec<Cell>)> = Vec::with_capacity(3 * n);
    for r in 0..n {
        out.push((Unit::Row(r + 1), (0..n).map(|c| Cell::new(r, c)).collect()));
    }
    for c in 0..n {
        out.push((Unit::Column(c + 1), (0..n).map(|r| Cell::new(r, c)).collect()));
    }
    match puzzle.geometry().layout() {
        &Layout::Boxes { rows, cols } => {
            let mut boxes = vec![Vec::new(); n];
            for r in 0..n {
                for c in 0..n {
                    boxes[r / rows * (n / cols) + c / cols].push(Cell::new(r, c));
                }
            }
            out.extend(boxes.into_iter().enumerate().map(|(i, cells)| (Unit::Box(i + 1), cells)));
        }
        Layout::Regions(regions) => out.extend(
            regions
                .iter()
                .enumerate()
                .map(|(i, region)| (Unit::Region(i + 1), region.iter().map(|&k| Cell::from_index(k, n)).collect())),
        ),
        Layout::Latin => {}
    }
    out
}

/// The checker: every violation, listed plainly: the cells one by one, the repeats of every
/// unit, then each rule's own check. This is what decides; [`clean9_whole`] only saves time.
fn general_violations(puzzle: &Puzzle, grid: &Grid, partial: bool) -> Vec<Violation> {
    let n = puzzle.n();
    if grid.n() != n {
        return vec![Violation::WrongSize { expected: n, found: grid.n() }];
    }
    let mut out = Vec::new();
    for k in 0..n * n {
        let cell = Cell::from_index(k, n);
        let (given, found) = (puzzle.givens().get(cell), grid.get(cell));
        if found == 0 && !partial {
            out.push(Violation::Empty { cell });
        } else if given != 0 && found != 0 && given != found {
            out.push(Violation::GivenChanged { cell, given, found });
        }
    }
    for (unit, cells) in units(puzzle) {
        out.extend(duplicates(&unit, &cells, grid));
    }
    for rule in puzzle.rules() {
        out.extend(rule.check(puzzle.rules(), puzzle.geometry(), grid, partial));
    }
    out
}

/// A cell's bit in [`clean9_whole`]: `1 << v` for the digits 1 to 9, bit 0 for an empty cell
/// and for any byte that is no 9×9 digit (no unit's mask can then be whole).
const BIT9: [u16; 256] = {
    let mut table = [1u16; 256];
    let mut v = 1;
    while v <= 9 {
        table[v] = 1 << v;
        v += 1;
    }
    table
};

/// The one fast pass, for what a batch checks most: a whole solution of a plain 9×9 (3×3
/// boxes, no rules). Each row, column and box must hold the digits 1 to 9 exactly, which is its
/// 16-bit mask of [`BIT9`] bits being bits 1 to 9 (nine cells, nine different digits, none
/// empty), and no given changed. Indices are constants: the loops unroll, the masks stay in
/// registers. `None` for any other puzzle or grid.
fn clean9_whole(puzzle: &Puzzle, grid: &Grid) -> Option<bool> {
    let plain9 = puzzle.rules().is_empty() && *puzzle.geometry().layout() == Layout::Boxes { rows: 3, cols: 3 };
    let values = <&[u8; 81]>::try_from(grid.values()).ok().filter(|_| plain9)?;
    let givens = <&[u8; 81]>::try_from(puzzle.givens().values()).ok()?;
    const WHOLE: u16 = 0x3fe;
    let (mut cols, mut boxes) = ([0u16; 9], [0u16; 9]);
    let (mut rows_whole, mut changed) = (true, false);
    for r in 0..9 {
        let mut row = 0u16;
        for c in 0..9 {
            let (v, g) = (values[r * 9 + c], givens[r * 9 + c]);
            let bit = BIT9[usize::from(v)];
            row |= bit;
            cols[c] |= bit;
            boxes[r / 3 * 3 + c / 3] |= bit;
            changed |= (g != 0) & (g != v);
        }
        rows_whole &= row == WHOLE;
    }
    let whole = |masks: &[u16; 9]| masks.iter().fold(true, |ok, &m| ok & (m == WHOLE));
    Some(!changed && rows_whole && whole(&cols) && whole(&boxes))
}

/// The general pass decides. The fast pass may only save it on a clean grid; debug builds
/// (every test) run both and assert they agree, so a bug in the fast pass fails the tests
/// instead of accepting a wrong grid.
fn violations(puzzle: &Puzzle, grid: &Grid, partial: bool) -> Vec<Violation> {
    let fast = if partial { None } else { clean9_whole(puzzle, grid) };
    if fast == Some(true) && !cfg!(debug_assertions) {
        return Vec::new();
    }
    let listed = general_violations(puzzle, grid, partial);
    if let Some(clean) = fast {
        debug_assert_eq!(clean, listed.is_empty(), "the 9x9 fast pass disagrees on {}: {listed:?}", grid.to_line());
    }
    listed
}

/// Every way in which `grid` fails to be a solution of `puzzle` (empty when it is one).
pub fn verify(puzzle: &Puzzle, grid: &Grid) -> Vec<Violation> {
    violations(puzzle, grid, false)
}

/// Rules the givens already break (two equal givens in a row, …): a reason a puzzle has no
/// solution that can be told without solving it.
pub fn given_conflicts(puzzle: &Puzzle) -> Vec<Violation> {
    violations(puzzle, puzzle.givens(), true)
}

/// A partly filled grid (e.g. a solving step) breaks nothing yet, and agrees with the givens.
pub fn verify_partial(puzzle: &Puzzle, grid: &Grid) -> Vec<Violation> {
    violations(puzzle, grid, true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Geometry;

    fn solved4() -> Grid {
        Grid::from_values(4, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).unwrap()
    }

    #[test]
    fn a_valid_grid_passes() {
        let p = Puzzle::blank(Geometry::new(4, None).unwrap());
        assert!(verify(&p, &solved4()).is_empty());
    }

    #[test]
    fn a_swap_is_caught_and_named() {
        let p = Puzzle::blank(Geometry::new(4, None).unwrap());
        let mut g = solved4();
        // Swapping r1c1 and r2c1 keeps rows valid but breaks columns? No: it breaks rows.
        g.set(Cell::new(0, 0), 3);
        g.set(Cell::new(1, 0), 1);
        let v = verify(&p, &g);
        let text: Vec<String> = v.iter().map(ToString::to_string).collect();
        assert!(text.contains(&"row 1 has two 3s: r1c1, r1c3".to_string()), "{text:?}");
        assert!(text.contains(&"row 2 has two 1s: r2c1, r2c3".to_string()), "{text:?}");
    }

    #[test]
    fn changed_givens_and_empty_cells_are_caught() {
        let mut givens = Grid::empty(4);
        givens.set(Cell::new(3, 3), 2);
        let p = Puzzle::new(Geometry::new(4, None).unwrap(), givens);
        let v = verify(&p, &solved4());
        assert_eq!(v, vec![Violation::GivenChanged { cell: Cell::new(3, 3), given: 2, found: 1 }]);
        let v = verify(&p, &Grid::empty(4));
        assert_eq!(v.len(), 16);
    }

    #[test]
    fn given_conflicts_name_the_cells() {
        let mut givens = Grid::empty(9);
        givens.set(Cell::new(2, 1), 5);
        givens.set(Cell::new(2, 6), 5);
        let p = Puzzle::new(Geometry::new(9, None).unwrap(), givens);
        let v = given_conflicts(&p);
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].to_string(), "row 3 has two 5s: r3c2, r3c7");
    }

    /// A solved grid of side `rows * cols` with `rows`×`cols` boxes (the shifted pattern).
    fn pattern(rows: usize, cols: usize) -> Grid {
        let n = rows * cols;
        let values = (0..n * n)
            .map(|k| {
                let (r, c) = (k / n, k % n);
                ((cols * (r % rows) + r / rows + c) % n + 1) as u8
            })
            .collect();
        Grid::from_values(n, values).expect("pattern")
    }

    /// The fast pass and the general one agree on `grid`: the same verdict on a whole grid,
    /// and `verify`, `verify_partial` list exactly what the general pass lists.
    fn agree(puzzle: &Puzzle, grid: &Grid) {
        let general = general_violations(puzzle, grid, false);
        assert_eq!(clean9_whole(puzzle, grid), Some(general.is_empty()), "{}", grid.to_line());
        assert_eq!(verify(puzzle, grid), general);
        assert_eq!(verify_partial(puzzle, grid), general_violations(puzzle, grid, true));
    }

    /// A 9x9 with givens on a diagonal (a change there is also a changed given), and its solution.
    fn plain9() -> (Puzzle, Grid) {
        let solved = pattern(3, 3);
        let mut givens = Grid::empty(9);
        for k in (0..81).step_by(10) {
            let cell = Cell::from_index(k, 9);
            givens.set(cell, solved.get(cell));
        }
        (Puzzle::new(Geometry::new(9, Some((3, 3))).expect("geometry"), givens), solved)
    }

    #[test]
    fn the_whole_9x9_pass_agrees_on_every_one_cell_change_and_every_swap() {
        let (puzzle, solved) = plain9();
        agree(&puzzle, &solved);
        for k in 0..81 {
            for v in 0..=9 {
                let mut grid = solved.clone();
                grid.set(Cell::from_index(k, 9), v);
                agree(&puzzle, &grid);
            }
            for j in k + 1..81 {
                let mut grid = solved.clone();
                let (a, b) = (Cell::from_index(k, 9), Cell::from_index(j, 9));
                grid.set(a, solved.get(b));
                grid.set(b, solved.get(a));
                agree(&puzzle, &grid);
            }
        }
    }

    #[test]
    fn the_fast_pass_leaves_every_other_puzzle_to_the_general_pass() {
        let (puzzle, solved) = plain9();
        assert_eq!(clean9_whole(&puzzle, &Grid::empty(4)), None, "another side");
        let oblong = Puzzle::blank(Geometry::new(6, Some((2, 3))).expect("geometry"));
        assert_eq!(clean9_whole(&oblong, &pattern(2, 3)), None, "6x6");
        let latin = Puzzle::blank(Geometry::latin(9).expect("latin"));
        assert_eq!(clean9_whole(&latin, &solved), None, "no boxes");
        let rows = (0..9).map(|r| (r * 9..r * 9 + 9).collect()).collect();
        let jigsaw = Puzzle::blank(Geometry::with_regions(9, rows).expect("regions"));
        assert_eq!(clean9_whole(&jigsaw, &solved), None, "regions");
        assert_eq!(verify(&puzzle, &Grid::empty(4)), vec![Violation::WrongSize { expected: 9, found: 4 }]);
    }

    /// The general pass reads boxes from the layout: on 2x3 boxes (six boxes of two rows and
    /// three columns, numbered row-major) the shifted pattern is clean and a swap inside a row
    /// breaks exactly the two boxes and two columns it should; rows as jigsaw regions instead
    /// make a 9x9 with its boxes broken and its regions whole.
    #[test]
    fn the_general_pass_numbers_oblong_boxes_and_regions_from_the_layout() {
        let oblong = Puzzle::blank(Geometry::new(6, Some((2, 3))).expect("geometry"));
        let mut grid = pattern(2, 3);
        assert!(verify(&oblong, &grid).is_empty());
        // r3c3 and r3c4 sit in boxes 3 and 4; swapping them keeps row 3 whole.
        let (a, b) = (Cell::new(2, 2), Cell::new(2, 3));
        let (va, vb) = (grid.get(a), grid.get(b));
        grid.set(a, vb);
        grid.set(b, va);
        let units: Vec<String> = verify(&oblong, &grid)
            .iter()
            .map(|v| match v {
                Violation::Duplicate { unit, .. } => unit.to_string(),
                other => other.to_string(),
            })
            .collect();
        assert_eq!(units, ["column 3", "column 4", "box 3", "box 4"]);
        let plain = Puzzle::blank(Geometry::new(9, None).expect("9x9"));
        let rows_solved = pattern(1, 9);
        assert!(!verify(&plain, &rows_solved).is_empty(), "a Latin square breaks boxes");
        let rows = (0..9).map(|r| (r * 9..r * 9 + 9).collect()).collect();
        let jigsaw = Puzzle::blank(Geometry::with_regions(9, rows).expect("regions"));
        assert!(verify(&jigsaw, &rows_solved).is_empty());
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config::with_cases(512))]
        /// Random changes (digits, emptied cells), random givens (some of them changed too) on
        /// a 9x9: the fast and general passes agree on every grid, broken or not.
        #[test]
        fn the_fast_pass_agrees_with_the_general_checker(
            changes in proptest::collection::vec((0usize..81, 0usize..=9), 0..4),
            given_cells in proptest::collection::vec(0usize..81, 0..12),
            given_changes in proptest::collection::vec((0usize..81, 0usize..=9), 0..2),
            swap in proptest::option::of((0usize..81, 0usize..81)),
        ) {
            let solved = pattern(3, 3);
            let cell = |k: usize| Cell::from_index(k, 9);
            let mut givens = Grid::empty(9);
            for &k in &given_cells {
                givens.set(cell(k), solved.get(cell(k)));
            }
            for &(k, v) in &given_changes {
                givens.set(cell(k), v);
            }
            let mut grid = solved.clone();
            for &(k, v) in &changes {
                grid.set(cell(k), v);
            }
            if let Some((a, b)) = swap {
                let (va, vb) = (grid.get(cell(a)), grid.get(cell(b)));
                grid.set(cell(a), vb);
                grid.set(cell(b), va);
            }
            let puzzle = Puzzle::new(Geometry::new(9, None).expect("9x9"), givens);
            agree(&puzzle, &grid);
            agree(&puzzle, &solved);
        }
    }
}

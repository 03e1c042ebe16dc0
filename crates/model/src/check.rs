//! The independent checker: does a grid satisfy a puzzle? It reads the puzzle's geometry and
//! rules directly and never looks at the [`Model`](crate::Model), so a bug in the model or in a
//! backend cannot hide behind it.

use std::fmt;

use serde::Serialize;

use crate::geometry::{symbol, Cell};
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

/// The units every puzzle has: rows, columns, and boxes or regions.
fn units(puzzle: &Puzzle) -> Vec<(Unit, Vec<Cell>)> {
    let n = puzzle.n();
    let mut out = Vec::with_capacity(3 * n);
    for r in 0..n {
        out.push((Unit::Row(r + 1), (0..n).map(|c| Cell::new(r, c)).collect()));
    }
    for c in 0..n {
        out.push((Unit::Column(c + 1), (0..n).map(|r| Cell::new(r, c)).collect()));
    }
    let boxed = puzzle.geometry().box_shape().is_some();
    for (i, region) in puzzle.geometry().regions().into_iter().enumerate() {
        let unit = if boxed { Unit::Box(i + 1) } else { Unit::Region(i + 1) };
        out.push((unit, region.into_iter().map(|k| Cell::from_index(k, n)).collect()));
    }
    out
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

/// Whether some row, column or region holds a digit twice (no allocation for boxed grids).
fn has_repeat(puzzle: &Puzzle, grid: &Grid) -> bool {
    let n = puzzle.n();
    let owner = match puzzle.geometry().layout() {
        crate::geometry::Layout::Regions(_) => Some(puzzle.geometry().region_of_cells()),
        crate::geometry::Layout::Boxes { .. } | crate::geometry::Layout::Latin => None,
    };
    // A Latin square has no boxes: 1xn "boxes" are its rows again, which changes nothing.
    let (br, bc) = puzzle.geometry().box_shape().unwrap_or((1, n));
    let (mut rows, mut cols, mut regions) = ([0u64; 64], [0u64; 64], [0u64; 64]);
    for (k, &v) in grid.values().iter().enumerate() {
        if v == 0 {
            continue;
        }
        let (r, c) = (k / n, k % n);
        let g = owner.as_ref().map_or((r / br) * (n / bc) + c / bc, |o| o[k]);
        let bit = 1u64 << (v - 1);
        if (rows[r] | cols[c] | regions[g]) & bit != 0 {
            return true;
        }
        rows[r] |= bit;
        cols[c] |= bit;
        regions[g] |= bit;
    }
    false
}

/// Whether a grid breaks nothing, told by bitmasks over the grid, the givens and the box
/// shape alone (rows, columns and boxes of up to 64 digits, or a Latin square), without listing
/// anything: most grids checked are clean, and then there is nothing to list. `None` when the
/// puzzle has variant rules or irregular regions, or the grid has another side: the general
/// pass decides those.
fn plain_clean(puzzle: &Puzzle, grid: &Grid, partial: bool) -> Option<bool> {
    let n = puzzle.n();
    if !puzzle.rules().is_empty() || grid.n() != n || n > 64 {
        return None;
    }
    let (rows, cols) = match puzzle.geometry().layout() {
        &crate::geometry::Layout::Boxes { rows, cols } => (rows, cols),
        // A Latin square's 1xn "boxes" are its rows again, which changes nothing.
        crate::geometry::Layout::Latin => (1, n),
        crate::geometry::Layout::Regions(_) => return None,
    };
    let (values, givens) = (grid.values(), puzzle.givens().values());
    if values.len() != n * n || givens.len() != n * n || rows * cols != n {
        return None;
    }
    Some(if (n, rows, cols) == (9, 3, 3) {
        match (<&[u8; 81]>::try_from(values), <&[u8; 81]>::try_from(givens), partial) {
            (Ok(values), Ok(givens), false) => clean9_whole(values, givens),
            // Constant bounds for the common grid: the loops unroll, the masks are 9 words.
            _ => clean_boxes::<9>(values, givens, 9, 3, 3, partial),
        }
    } else {
        clean_boxes::<64>(values, givens, n, rows, cols, partial)
    })
}

/// The bitmask pass of [`plain_clean`]: every cell filled (unless `partial`), every given kept,
/// no digit twice in a row, a column or a `rows`×`cols` box. No digit repeats in a unit exactly
/// when the unit's mask of digits has as many bits as it has filled cells, so the pass only
/// ORs bits (no branch a cell) and compares counts at the end. Rows are walked a box width at
/// a time, so no cell index is divided. `M` is at least `n`: the number of column and box masks.
#[inline(always)]
fn clean_boxes<const M: usize>(
    values: &[u8],
    givens: &[u8],
    n: usize,
    rows: usize,
    cols: usize,
    partial: bool,
) -> bool {
    let (mut col_seen, mut box_seen) = ([0u64; M], [0u64; M]);
    let (mut filled, mut row_digits, mut changed) = (0u32, 0u32, false);
    for (r, (row, row_givens)) in values.chunks_exact(n).zip(givens.chunks_exact(n)).enumerate() {
        let first_box = (r / rows) * (n / cols);
        let mut row_seen = 0u64;
        for (b, (part, part_givens)) in row.chunks_exact(cols).zip(row_givens.chunks_exact(cols)).enumerate() {
            let mut box_part = 0u64;
            for (i, (&v, &g)) in part.iter().zip(part_givens).enumerate() {
                let bit = if v == 0 { 0 } else { 1u64 << (v - 1) };
                filled += u32::from(v != 0);
                changed |= g != 0 && v != 0 && g != v;
                row_seen |= bit;
                box_part |= bit;
                col_seen[b * cols + i] |= bit;
            }
            box_seen[first_box + b] |= box_part;
        }
        row_digits += row_seen.count_ones();
    }
    let digits = |masks: &[u64]| masks.iter().map(|m| m.count_ones()).sum::<u32>();
    !changed
        && (partial || filled as usize == n * n)
        && row_digits == filled
        && digits(&col_seen[..n]) == filled
        && digits(&box_seen[..n]) == filled
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

/// [`plain_clean`] for the grid a batch checks most, a whole 9×9 with 3×3 boxes: each row,
/// column and box must hold the digits 1 to 9 exactly, which is its 16-bit mask of
/// [`BIT9`] bits being bits 1 to 9 (nine cells, nine different digits, none empty), and no
/// given changed. Indices are constants: the loops unroll, the masks stay in registers.
fn clean9_whole(values: &[u8; 81], givens: &[u8; 81]) -> bool {
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
    !changed && rows_whole && whole(&cols) && whole(&boxes)
}

fn violations(puzzle: &Puzzle, grid: &Grid, partial: bool) -> Vec<Violation> {
    if plain_clean(puzzle, grid, partial) == Some(true) {
        return Vec::new();
    }
    general_violations(puzzle, grid, partial)
}

/// Every violation, listed: the cells one by one, the units when some digit repeats, then each
/// rule's own check.
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
    // Listing the repeats allocates; most grids checked have none, and a bitmask pass says so.
    if has_repeat(puzzle, grid) {
        for (unit, cells) in units(puzzle) {
            out.extend(duplicates(&unit, &cells, grid));
        }
    }
    for rule in puzzle.rules() {
        out.extend(rule.check(puzzle.rules(), puzzle.geometry(), grid, partial));
    }
    out
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

    /// The bitmask pass and the general one agree on `grid`: the same verdict, and `verify`,
    /// `verify_partial` list exactly what the general pass lists.
    fn agree(puzzle: &Puzzle, grid: &Grid) {
        for partial in [false, true] {
            let general = general_violations(puzzle, grid, partial);
            assert_eq!(plain_clean(puzzle, grid, partial), Some(general.is_empty()), "{partial} {}", grid.to_line());
            assert_eq!(violations(puzzle, grid, partial), general);
        }
    }

    /// Box shapes the bitmask pass covers: 9x9, oblong boxes both ways, 4x4, 8x8, 16x16, the
    /// largest (64 digits) and a Latin square.
    fn shapes() -> Vec<(Geometry, Grid)> {
        let mut out: Vec<(Geometry, Grid)> = [(3, 3), (2, 2), (2, 3), (3, 2), (2, 4), (4, 4), (8, 8)]
            .into_iter()
            .map(|(r, c)| (Geometry::new(r * c, Some((r, c))).expect("geometry"), pattern(r, c)))
            .collect();
        // 5x5 Latin square: the 1x5 pattern has cyclic rows and columns.
        out.push((Geometry::latin(5).expect("latin"), pattern(1, 5)));
        out
    }

    #[test]
    fn the_bitmask_pass_agrees_on_every_one_and_two_cell_change_of_a_4x4() {
        let (geometry, solved) = (Geometry::new(4, Some((2, 2))).expect("geometry"), pattern(2, 2));
        // Givens on cells 0, 5, 10, 15: a change there is also a changed given.
        let mut givens = Grid::empty(4);
        for k in [0, 5, 10, 15] {
            let cell = Cell::from_index(k, 4);
            givens.set(cell, solved.get(cell));
        }
        let puzzle = Puzzle::new(geometry, givens);
        let changes: Vec<(usize, usize)> = (0..16).flat_map(|k| (0..=4).map(move |v| (k, v))).collect();
        for &(k1, v1) in &changes {
            for &(k2, v2) in &changes {
                let mut grid = solved.clone();
                grid.set(Cell::from_index(k1, 4), v1);
                grid.set(Cell::from_index(k2, 4), v2);
                agree(&puzzle, &grid);
                // The givens themselves, as `given_conflicts` checks them.
                let own = Puzzle::new(puzzle.geometry().clone(), grid.clone());
                agree(&own, &grid);
            }
        }
    }

    #[test]
    fn the_whole_9x9_pass_agrees_on_every_one_cell_change_and_every_swap() {
        let (geometry, solved) = (Geometry::new(9, Some((3, 3))).expect("geometry"), pattern(3, 3));
        // Givens on a diagonal: a change there is also a changed given.
        let mut givens = Grid::empty(9);
        for k in (0..81).step_by(10) {
            let cell = Cell::from_index(k, 9);
            givens.set(cell, solved.get(cell));
        }
        let puzzle = Puzzle::new(geometry, givens);
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
    fn the_general_pass_decides_what_the_bitmask_pass_does_not_cover() {
        let (geometry, solved) = (Geometry::new(4, Some((2, 2))).expect("geometry"), pattern(2, 2));
        let puzzle = Puzzle::blank(geometry);
        assert_eq!(plain_clean(&puzzle, &Grid::empty(9), false), None, "another side");
        let regions = vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7], vec![8, 9, 10, 11], vec![12, 13, 14, 15]];
        let jigsaw = Puzzle::blank(Geometry::with_regions(4, regions).expect("regions"));
        assert_eq!(plain_clean(&jigsaw, &solved, false), None, "regions");
        assert_eq!(verify(&puzzle, &Grid::empty(9)), vec![Violation::WrongSize { expected: 4, found: 9 }]);
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config::with_cases(512))]
        /// Random changes (digits, emptied cells), random givens (some of them changed too) on
        /// every covered shape: the fast and general checkers agree on every grid, broken or not.
        #[test]
        fn the_bitmask_pass_agrees_with_the_general_checker(
            shape in 0usize..8,
            changes in proptest::collection::vec((0usize..4096, 0usize..=64), 0..4),
            given_cells in proptest::collection::vec(0usize..4096, 0..12),
            given_changes in proptest::collection::vec((0usize..4096, 0usize..=64), 0..2),
            swap in proptest::option::of((0usize..4096, 0usize..4096)),
        ) {
            let (geometry, solved) = shapes().swap_remove(shape);
            let n = geometry.n();
            let cell = |k: usize| Cell::from_index(k % (n * n), n);
            let mut givens = Grid::empty(n);
            for &k in &given_cells {
                givens.set(cell(k), solved.get(cell(k)));
            }
            for &(k, v) in &given_changes {
                givens.set(cell(k), v % (n + 1));
            }
            let mut grid = solved.clone();
            for &(k, v) in &changes {
                grid.set(cell(k), v % (n + 1));
            }
            if let Some((a, b)) = swap {
                let (va, vb) = (grid.get(cell(a)), grid.get(cell(b)));
                grid.set(cell(a), vb);
                grid.set(cell(b), va);
            }
            let puzzle = Puzzle::new(geometry, givens);
            agree(&puzzle, &grid);
            agree(&puzzle, &solved);
            agree(&puzzle, puzzle.givens());
        }
    }
}

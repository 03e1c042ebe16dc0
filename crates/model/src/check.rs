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

fn violations(puzzle: &Puzzle, grid: &Grid, partial: bool) -> Vec<Violation> {
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
        out.extend(rule.check(puzzle.geometry(), grid, partial));
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
}

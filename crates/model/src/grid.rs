//! A filled or partly filled grid of values (0 = empty).

use std::fmt;

use serde::Serialize;

use crate::geometry::{symbol, Cell, Geometry, MAX_SIDE};

/// Values of an `n`×`n` grid, row-major; 0 is an empty cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Grid {
    n: usize,
    cells: Vec<u8>,
}

impl Grid {
    /// An empty grid. Panics above [`MAX_SIDE`]: the side comes from a checked [`Geometry`] (a
    /// side read from input is checked by `Geometry::new` first), so a larger one is a bug.
    pub fn empty(n: usize) -> Grid {
        assert!(n <= MAX_SIDE, "a grid side of {n} is above the maximum, {MAX_SIDE}");
        Grid { n, cells: vec![0; n * n] }
    }

    /// A grid from row-major values (0 = empty). `None` if `n` is above [`MAX_SIDE`], the length
    /// is not `n²` or a value exceeds `n`.
    pub fn from_values(n: usize, values: Vec<u8>) -> Option<Grid> {
        // The largest value, by a fold with no early exit (it vectorises: a batch builds a grid
        // a line, and a scalar scan was a measurable share of reading easy puzzles).
        let largest = values.iter().fold(0u8, |m, &v| m.max(v));
        (n <= MAX_SIDE && values.len() == n * n && usize::from(largest) <= n).then_some(Grid { n, cells: values })
    }

    /// Side.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Value at a cell (0 = empty).
    pub fn get(&self, cell: Cell) -> usize {
        self.cells[cell.index(self.n)] as usize
    }

    /// Set a value (0 clears). Panics if `value > n`: callers pass checked digits.
    pub fn set(&mut self, cell: Cell, value: usize) {
        assert!(value <= self.n, "value {value} out of range for a {0}x{0} grid", self.n);
        self.cells[cell.index(self.n)] = value as u8;
    }

    /// Row-major values.
    pub fn values(&self) -> &[u8] {
        &self.cells
    }

    /// Number of filled cells.
    pub fn filled(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// True when no cell is empty.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// Whether single characters can write every value (`n <= 35`).
    pub fn has_char_form(&self) -> bool {
        self.n <= 35
    }

    /// The one-line form: `n²` characters, `.` for empty. For `n > 35`, space-separated integers
    /// (0 for empty) on one line.
    pub fn to_line(&self) -> String {
        if self.has_char_form() {
            self.cells.iter().map(|&v| if v == 0 { '.' } else { symbol(v as usize).unwrap_or('?') }).collect()
        } else {
            self.cells.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ")
        }
    }

    /// [`to_line`](Grid::to_line) written to `out`, without building a string for the common
    /// character form (a batch writes one a puzzle).
    pub fn write_line(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        if !self.has_char_form() {
            return out.write_all(self.to_line().as_bytes());
        }
        // At most 35 x 35 cells, each one ASCII byte.
        let mut bytes = [0u8; 35 * 35];
        for (b, &v) in bytes.iter_mut().zip(&self.cells) {
            *b = match v {
                0 => b'.',
                1..=9 => b'0' + v,
                10..=35 => b'A' + (v - 10),
                _ => b'?',
            };
        }
        out.write_all(&bytes[..self.cells.len()])
    }

    /// A readable grid with box separators (`|` and `-+-`) when the geometry has boxes, and the
    /// borders of its regions (`|` between cells, `-` under them, `+` where they meet) for a
    /// jigsaw. Values are single characters up to 35, right-aligned integers beyond. The grid
    /// text formats (`sudoku_ip_formats`) read it back: separators are not cells.
    pub fn to_pretty(&self, geometry: &Geometry) -> String {
        self.to_pretty_with(geometry, |_, text| text.to_string())
    }

    /// Like [`Grid::to_pretty`], with a hook to decorate each cell's text (used for colour).
    pub fn to_pretty_with(&self, geometry: &Geometry, mut paint: impl FnMut(Cell, &str) -> String) -> String {
        let n = self.n;
        let width = if self.has_char_form() { 1 } else { n.to_string().len() };
        let mut cell_text = |r: usize, c: usize| {
            let v = self.cells[r * n + c] as usize;
            let text = if v == 0 {
                format!("{:>width$}", ".")
            } else if self.has_char_form() {
                symbol(v).unwrap_or('?').to_string()
            } else {
                format!("{v:>width$}")
            };
            paint(Cell::new(r, c), &text)
        };
        let Some((box_rows, box_cols)) = geometry.box_shape() else {
            // A Latin square is a jigsaw of one piece: no borders at all.
            let owner = if geometry.is_latin() { vec![0; n * n] } else { geometry.region_of_cells() };
            return jigsaw_pretty(n, width, &owner, cell_text);
        };
        let mut out = String::new();
        let seg = "-".repeat(box_cols * width + box_cols - 1);
        let rule = vec![seg; n / box_cols].join("-+-");
        for r in 0..n {
            if r > 0 && r % box_rows == 0 {
                out.push_str(&rule);
                out.push('\n');
            }
            let mut line = String::new();
            for c in 0..n {
                if c > 0 && c % box_cols == 0 {
                    line.push_str(" |");
                }
                if c > 0 {
                    line.push(' ');
                }
                line.push_str(&cell_text(r, c));
            }
            out.push_str(&line);
            out.push('\n');
        }
        out
    }
}

/// [`Grid::to_pretty_with`] for irregular regions: one character between cells, `|` where
/// the region changes; between rows, `-` under a cell whose region changes below it, `+`, `-`
/// or `|` where borders meet. A border line with no border is left out.
fn jigsaw_pretty(
    n: usize,
    width: usize,
    region: &[usize],
    mut cell_text: impl FnMut(usize, usize) -> String,
) -> String {
    let reg = |r: usize, c: usize| region[r * n + c];
    let mut out = String::new();
    for r in 0..n {
        if r > 0 {
            let mut border = String::new();
            for c in 0..n {
                if c > 0 {
                    let across = reg(r - 1, c - 1) != reg(r, c - 1) || reg(r - 1, c) != reg(r, c);
                    let down = reg(r - 1, c - 1) != reg(r - 1, c) || reg(r, c - 1) != reg(r, c);
                    border.push(match (across, down) {
                        (true, true) => '+',
                        (true, false) => '-',
                        (false, true) => '|',
                        (false, false) => ' ',
                    });
                }
                border.push_str(&(if reg(r - 1, c) != reg(r, c) { "-" } else { " " }).repeat(width));
            }
            if border.contains('-') {
                out.push_str(border.trim_end());
                out.push('\n');
            }
        }
        for c in 0..n {
            if c > 0 {
                out.push(if reg(r, c - 1) != reg(r, c) { '|' } else { ' ' });
            }
            out.push_str(&cell_text(r, c));
        }
        out.push('\n');
    }
    out
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_line_writes_what_to_line_says() {
        for n in [1, 4, 9, 16, 25, 35, 36, 64] {
            // Every value 0..=n, empty cells included, spread over the grid.
            let values = (0..n * n).map(|k| ((k * 7 + k / n) % (n + 1)) as u8).collect();
            let grid = Grid::from_values(n, values).expect("grid");
            let mut out = Vec::new();
            grid.write_line(&mut out).expect("write");
            assert_eq!(String::from_utf8(out).expect("utf-8"), grid.to_line(), "side {n}");
        }
    }
}

//! Outside clues (sandwich sums, X-sums, skyscrapers): a number beside a row or a column,
//! outside the grid, read from its side inwards. Shared by those rule files: the clue's data,
//! its JSON shape (`{"side": "left", "index": 3, "sum": 15}`), its place in the picture, and
//! the line it looks along.
//!
//! The rows take the line's cells from [`OutsideClue::cells`]; the checkers read the digits
//! from the grid with [`digits_from`], written separately (the tests hold both to a brute-force
//! definition), so a rule's checker does not share with its rows the code that finds the line.

use serde_json::{json, Value};

use crate::error::ParseError;
use crate::geometry::Cell;
use crate::grid::Grid;

use super::{Fields, Mark, RuleError};

/// Which side of the grid a clue stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Above a column, read downwards.
    Top,
    /// Below a column, read upwards.
    Bottom,
    /// Left of a row, read rightwards.
    Left,
    /// Right of a row, read leftwards.
    Right,
}

impl Side {
    /// The name in JSON (`top`, `bottom`, `left`, `right`).
    pub fn name(self) -> &'static str {
        match self {
            Side::Top => "top",
            Side::Bottom => "bottom",
            Side::Left => "left",
            Side::Right => "right",
        }
    }

    fn parse(text: &str) -> Option<Side> {
        match text.to_ascii_lowercase().as_str() {
            "top" => Some(Side::Top),
            "bottom" => Some(Side::Bottom),
            "left" => Some(Side::Left),
            "right" => Some(Side::Right),
            _ => None,
        }
    }

    /// Whether the clue reads along a row (left or right) rather than a column.
    pub fn along_row(self) -> bool {
        matches!(self, Side::Left | Side::Right)
    }
}

/// A number outside the grid, beside row or column `index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutsideClue {
    /// The side it stands on.
    pub side: Side,
    /// The row (left, right) or column (top, bottom), 0-based.
    pub index: usize,
    /// The number.
    pub value: u32,
}

impl OutsideClue {
    /// For people: "the sandwich clue 12 left of row 3" (`what` is "sandwich").
    pub fn label(&self, what: &str) -> String {
        let (place, line) = match self.side {
            Side::Top => ("above", "column"),
            Side::Bottom => ("below", "column"),
            Side::Left => ("left of", "row"),
            Side::Right => ("right of", "row"),
        };
        format!("the {what} clue {} {place} {line} {}", self.value, self.index + 1)
    }

    /// The line's cells, from the clue's side inwards (rows use this).
    pub fn cells(&self, n: usize) -> Vec<Cell> {
        let i = self.index;
        match self.side {
            Side::Top => (0..n).map(|r| Cell::new(r, i)).collect(),
            Side::Bottom => (0..n).rev().map(|r| Cell::new(r, i)).collect(),
            Side::Left => (0..n).map(|c| Cell::new(i, c)).collect(),
            Side::Right => (0..n).rev().map(|c| Cell::new(i, c)).collect(),
        }
    }

    /// Where the clue stands, 0-based `(row, col)` with −1 or `n` outside the grid.
    pub fn place(&self, n: usize) -> (i64, i64) {
        let (i, n) = (self.index as i64, n as i64);
        match self.side {
            Side::Top => (-1, i),
            Side::Bottom => (n, i),
            Side::Left => (i, -1),
            Side::Right => (i, n),
        }
    }

    /// The clue standing at `(row, col)` (0-based, one of them −1 or `n`, the other inside).
    pub fn at(n: usize, (row, col): (i64, i64), value: u32) -> Option<OutsideClue> {
        let n = n as i64;
        let inside = |v: i64| (0..n).contains(&v);
        let (side, index) = match (row, col) {
            (-1, c) if inside(c) => (Side::Top, c),
            (r, c) if r == n && inside(c) => (Side::Bottom, c),
            (r, -1) if inside(r) => (Side::Left, r),
            (r, c) if c == n && inside(r) => (Side::Right, r),
            _ => return None,
        };
        Some(OutsideClue { side, index: index as usize, value })
    }

    /// Its JSON object, the number under `key`.
    pub fn json(&self, key: &str) -> Value {
        let mut v = json!({"side": self.side.name(), "index": self.index + 1});
        if let Value::Object(m) = &mut v {
            m.insert(key.to_string(), json!(self.value));
        }
        v
    }

    /// The number drawn at the clue's place.
    pub fn mark(&self, n: usize) -> Mark {
        let (r, c) = self.place(n);
        Mark::Text { at: (r as f64 + 0.5, c as f64 + 0.5), text: self.value.to_string(), size: 0.3 }
    }
}

/// The clues' numbers drawn at their places (every outside-clue rule's picture).
pub(crate) fn marks(clues: &[OutsideClue], n: usize) -> Vec<Mark> {
    clues.iter().map(|c| c.mark(n)).collect()
}

/// A clue, for tests.
/// The clues of an f-puzzles outside-clue key (`sandwichsum`, `xsum`, `skyscraper`):
/// `{cell: "R0C4", value: "15"}`, the place beside a row or column outside the grid. A clue
/// without a number asks nothing.
pub(super) fn read_fpuzzles(f: &super::FRead<'_>, key: &str, what: &str) -> Result<Vec<OutsideClue>, ParseError> {
    let mut out = Vec::new();
    for entry in f.entries(key)? {
        let path = &entry.0;
        let Some(value) = f.value::<u32>(&entry, what)? else { continue };
        let cpath = format!("{path}.cell");
        let place = super::fpuzzles::field(entry.1, path, "cell", "the clue's place outside the grid, \"R0C4\"")?;
        let at = f.outside_cell(place, &cpath)?;
        let clue = OutsideClue::at(f.n(), at, value).ok_or_else(|| {
            crate::json_read::err(
                &cpath,
                format!(
                    "expected a place beside a row or a column, outside the grid (row or column 0 or {})",
                    f.n() + 1
                ),
            )
        })?;
        out.push(clue);
    }
    Ok(out)
}

/// Outside clues under an f-puzzles key, each `{cell: "R0C4", value: "15"}`.
pub(super) fn write_fpuzzles(f: &mut super::FWrite<'_>, key: &str, clues: &[OutsideClue]) {
    for clue in clues {
        let (r, c) = clue.place(f.n());
        f.push(key, json!({"cell": format!("R{}C{}", r + 1, c + 1), "value": clue.value.to_string()}));
    }
}

#[cfg(test)]
pub(crate) fn clue(side: Side, index: usize, value: u32) -> OutsideClue {
    OutsideClue { side, index, value }
}

/// Read the `clues` list of an outside-clue rule, each `{"side", "index", value_key}`.
pub(crate) fn read_clues(
    f: &mut Fields<'_>,
    value_key: &'static str,
    what: &str,
) -> Result<Vec<OutsideClue>, ParseError> {
    let shape = format!(r#"{{"side": "left", "index": 3, "{value_key}": 15}}"#);
    f.objects("clues", "a list of clues outside the grid", ("a clue", &shape), |g| {
        let side_v = g.required("side", "top, bottom, left or right")?;
        let side = side_v.as_str().and_then(Side::parse).ok_or_else(|| {
            g.error("side", format!("expected \"top\", \"bottom\", \"left\" or \"right\", found {side_v}"))
        })?;
        let index = g.required("index", "the row or column, from 1")?;
        let index = index
            .as_u64()
            .filter(|&i| i >= 1)
            .ok_or_else(|| g.error("index", format!("expected a row or column number from 1, found {index}")))?;
        let value = g.required(value_key, what)?;
        let value = value
            .as_u64()
            .and_then(|v| u32::try_from(v).ok())
            .ok_or_else(|| g.error(value_key, format!("expected a whole number, found {value}")))?;
        Ok(OutsideClue { side, index: (index - 1) as usize, value })
    })
}

/// The `clues` list as JSON.
pub(crate) fn clues_json(clues: &[OutsideClue], key: &str) -> Value {
    Value::Array(clues.iter().map(|c| c.json(key)).collect())
}

/// Each clue inside the grid's lines, no two at one place, each value in `range` (`what` says
/// what the value is).
pub(crate) fn validate_clues(
    n: usize,
    clues: &[OutsideClue],
    range: std::ops::RangeInclusive<u32>,
    what: &str,
) -> Result<(), RuleError> {
    for (i, clue) in clues.iter().enumerate() {
        if clue.index >= n {
            return Err(RuleError::new(
                format!("clues[{i}].index"),
                format!("the grid has {n} rows and columns; {} is outside it", clue.index + 1),
            ));
        }
        if let Some(j) = clues[..i].iter().position(|c| (c.side, c.index) == (clue.side, clue.index)) {
            return Err(RuleError::new(
                format!("clues[{i}]"),
                format!(
                    "a second clue at the {} of line {} (the first is clues[{j}])",
                    clue.side.name(),
                    clue.index + 1
                ),
            ));
        }
        if !range.contains(&clue.value) {
            return Err(RuleError::new(
                format!("clues[{i}]"),
                format!(
                    "{what} of {} is impossible on a {n}x{n} grid ({} to {})",
                    clue.value,
                    range.start(),
                    range.end()
                ),
            ));
        }
    }
    Ok(())
}

/// Whether `k` distinct digits of `digits` can sum to `total` (a subset-sum table, for the
/// rows' "which placements allow the sum").
pub(crate) fn can_sum(digits: &[usize], k: usize, total: usize) -> bool {
    if k > digits.len() {
        return false;
    }
    // reach[j]: the sums j distinct digits seen so far can make, a bit per sum 0..=total; a
    // digit d adds reach[j − 1] shifted by d to reach[j]. Bitsets: an X-sum or sandwich clue
    // asks this a hundred times while its rows are written.
    let words = total / 64 + 1;
    let mut reach = vec![0u64; (k + 1) * words];
    reach[0] = 1;
    for &d in digits {
        for j in (1..=k).rev() {
            let (lower, upper) = reach.split_at_mut(j * words);
            let (from, to) = (&lower[(j - 1) * words..], &mut upper[..words]);
            let (skip, shift) = (d / 64, d % 64);
            for w in (skip..words).rev() {
                let low = from[w - skip] << shift;
                let carry = if shift > 0 && w > skip { from[w - skip - 1] >> (64 - shift) } else { 0 };
                to[w] |= low | carry;
            }
        }
    }
    reach[k * words + total / 64] >> (total % 64) & 1 == 1
}

/// The digits a clue looks along, read from the grid in the clue's reading order (checkers
/// use this; 0 = empty).
pub fn digits_from(grid: &Grid, side: Side, index: usize) -> Vec<usize> {
    let n = grid.n();
    let mut out = Vec::with_capacity(n);
    for k in 0..n {
        let far = n - 1 - k;
        let cell = match side {
            Side::Top => Cell::new(k, index),
            Side::Bottom => Cell::new(far, index),
            Side::Left => Cell::new(index, k),
            Side::Right => Cell::new(index, far),
        };
        out.push(grid.get(cell));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{c, grid4};

    #[test]
    fn cells_and_digits_read_the_line_from_the_clue_inwards() {
        let g = grid4([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
        for side in [Side::Top, Side::Bottom, Side::Left, Side::Right] {
            for index in 0..4 {
                let clue = OutsideClue { side, index, value: 0 };
                let cells = clue.cells(4);
                // Brute force: the cell next to the clue's place, then step away from it.
                let (r, col) = clue.place(4);
                let (dr, dc) = match side {
                    Side::Top => (1, 0),
                    Side::Bottom => (-1, 0),
                    Side::Left => (0, 1),
                    Side::Right => (0, -1),
                };
                let want: Vec<Cell> =
                    (1..=4).map(|k| Cell::new((r + k * dr) as usize, (col + k * dc) as usize)).collect();
                assert_eq!(cells, want, "{side:?} {index}");
                let digits: Vec<usize> = cells.iter().map(|&x| g.get(x)).collect();
                assert_eq!(digits_from(&g, side, index), digits, "{side:?} {index}");
                assert_eq!(OutsideClue::at(4, clue.place(4), 0), Some(clue));
            }
        }
        assert_eq!(OutsideClue { side: Side::Right, index: 1, value: 0 }.cells(4)[0], c(2, 4));
        assert_eq!(OutsideClue::at(4, (-1, -1), 0), None, "a corner is no line's clue");
        assert_eq!(OutsideClue::at(4, (1, 1), 0), None, "inside the grid");
    }

    #[test]
    fn validation_names_the_clue() {
        let clue = |side, index, value| OutsideClue { side, index, value };
        assert!(validate_clues(4, &[clue(Side::Top, 0, 3), clue(Side::Bottom, 0, 3)], 1..=4, "x").is_ok());
        let e = validate_clues(4, &[clue(Side::Top, 4, 3)], 1..=4, "x").expect_err("outside");
        assert_eq!(e.path, "clues[0].index");
        let e = validate_clues(4, &[clue(Side::Top, 1, 3), clue(Side::Top, 1, 2)], 1..=4, "x").expect_err("twice");
        assert_eq!(e.path, "clues[1]");
        let e = validate_clues(4, &[clue(Side::Left, 1, 5)], 1..=4, "a count").expect_err("range");
        assert!(e.message.contains("a count of 5 is impossible"), "{}", e.message);
    }

    #[test]
    fn can_sum_is_the_subsets_sums() {
        let digits = [1, 3, 4];
        for k in 0..=4 {
            for total in 0..=10 {
                let brute = (0u32..8).any(|m| {
                    m.count_ones() as usize == k
                        && digits.iter().enumerate().filter(|(i, _)| m & (1 << i) != 0).map(|(_, d)| d).sum::<usize>()
                            == total
                });
                assert_eq!(can_sum(&digits, k, total), brute, "{k} {total}");
            }
        }
    }

    /// Sums past the first word of the bitsets, against the plain table.
    #[test]
    fn can_sum_agrees_with_the_table_across_words() {
        fn table(digits: &[usize], k: usize, total: usize) -> bool {
            let mut reach = vec![vec![false; total + 1]; k + 1];
            reach[0][0] = true;
            for &d in digits {
                for j in (1..=k).rev() {
                    for s in (d..=total).rev() {
                        reach[j][s] |= reach[j - 1][s - d];
                    }
                }
            }
            reach[k][total]
        }
        for digits in
            [(2..36).collect::<Vec<usize>>(), vec![5, 63, 64, 65, 70, 128, 129], (1..=64).step_by(3).collect()]
        {
            for k in [0, 1, 2, 3, 7, 12, 30, digits.len(), digits.len() + 1] {
                for total in (0..700).step_by(7).chain([63, 64, 65, 127, 128, 129, 192]) {
                    assert_eq!(can_sum(&digits, k, total), table(&digits, k, total), "{digits:?} {k} {total}");
                }
            }
        }
    }
}

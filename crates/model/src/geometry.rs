//! Grid geometry: the side `n`, cells, digits and the regions (boxes, jigsaw pieces, or none).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::GeometryError;

/// Largest supported side. Candidate sets are one `u64` per cell.
pub const MAX_SIDE: usize = 64;

/// A cell, 0-based internally and written `r1c1` (1-based) everywhere a person sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Cell {
    /// 0-based row.
    pub row: u8,
    /// 0-based column.
    pub col: u8,
}

impl Cell {
    /// A cell from 0-based coordinates.
    pub fn new(row: usize, col: usize) -> Self {
        debug_assert!(row < MAX_SIDE && col < MAX_SIDE);
        Cell { row: row as u8, col: col as u8 }
    }

    /// Row-major index in an `n`×`n` grid.
    pub fn index(self, n: usize) -> usize {
        self.row as usize * n + self.col as usize
    }

    /// The cell at a row-major index.
    pub fn from_index(index: usize, n: usize) -> Self {
        Cell::new(index / n, index % n)
    }

    /// Parse `r3c7` / `R3C7` (1-based) within an `n`×`n` grid.
    pub fn parse(text: &str, n: usize) -> Option<Cell> {
        let t = text.trim().to_ascii_lowercase();
        let rest = t.strip_prefix('r')?;
        let (r, c) = rest.split_once('c')?;
        let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
        (1..=n).contains(&r).then_some(())?;
        (1..=n).contains(&c).then_some(())?;
        Some(Cell::new(r - 1, c - 1))
    }
}

impl fmt::Display for Cell {
    /// `r3c12`, written at once: models name their rows by cells, thousands of rows a puzzle.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn digits(mut x: usize, out: &mut [u8; 24], mut at: usize) -> usize {
            let start = at;
            loop {
                out[at] = b'0' + (x % 10) as u8;
                at += 1;
                x /= 10;
                if x == 0 {
                    break;
                }
            }
            out[start..at].reverse();
            at
        }
        let mut out = [0u8; 24];
        out[0] = b'r';
        let at = digits(self.row as usize + 1, &mut out, 1);
        out[at] = b'c';
        let end = digits(self.col as usize + 1, &mut out, at + 1);
        f.write_str(std::str::from_utf8(&out[..end]).map_err(|_| fmt::Error)?)
    }
}

/// How the grid is cut into the regions that each hold every digit once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Layout {
    /// Rectangular boxes, `rows` × `cols` cells each.
    Boxes {
        /// Rows per box.
        rows: usize,
        /// Columns per box.
        cols: usize,
    },
    /// Irregular (jigsaw) regions: `n` regions of `n` cells each, row-major cell indices.
    Regions(Vec<Vec<usize>>),
    /// No regions at all (`--no-boxes`, JSON `"box": "none"`): a Latin square, where only rows,
    /// columns and the puzzle's rules constrain the digits, as in seed 004's Killer model.
    Latin,
}

/// The boxes a person asks for (`--box`, `# box:`, JSON `"box"`): a shape, or none at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoxShape {
    /// Boxes of `rows × cols` cells.
    Rect {
        /// Rows per box.
        rows: usize,
        /// Columns per box.
        cols: usize,
    },
    /// No boxes: a Latin square ([`Layout::Latin`]).
    Latin,
}

impl From<(usize, usize)> for BoxShape {
    fn from((rows, cols): (usize, usize)) -> Self {
        BoxShape::Rect { rows, cols }
    }
}

impl BoxShape {
    /// `none` (also `no`, `0`, `latin`), or a shape written `RxC` as [`parse_box_shape`] reads it.
    pub fn parse(text: &str) -> Option<BoxShape> {
        match text.trim().to_ascii_lowercase().as_str() {
            "none" | "no" | "0" | "latin" => Some(BoxShape::Latin),
            _ => parse_box_shape(text).map(BoxShape::from),
        }
    }
}

impl fmt::Display for BoxShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoxShape::Rect { rows, cols } => write!(f, "{rows}x{cols}"),
            BoxShape::Latin => f.write_str("none"),
        }
    }
}

/// Side, and the layout of regions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Geometry {
    n: usize,
    layout: Layout,
}

/// The box shape inferred for a side `n`: `r`×`c` with `r` the largest divisor of `n` not above
/// √n, so boxes are square or wider than tall (2×3, 2×4, 3×4, …). `None` for primes (and 1),
/// where the only shape is a whole row and the user has to say so.
pub fn inferred_box(n: usize) -> Option<(usize, usize)> {
    let r = (1..=n).take_while(|r| r * r <= n).filter(|r| n.is_multiple_of(*r)).last()?;
    (r >= 2).then_some((r, n / r))
}

impl Geometry {
    /// Boxed geometry for side `n`; `box_shape` overrides the inferred `rows×cols`.
    pub fn new(n: usize, box_shape: Option<(usize, usize)>) -> Result<Geometry, GeometryError> {
        if !(1..=MAX_SIDE).contains(&n) {
            return Err(GeometryError::UnsupportedSide { n });
        }
        let (rows, cols) = match box_shape {
            Some((r, c)) => {
                // Checked: 125 x 147573952589676413 wraps to 9 in u64.
                if r == 0 || c == 0 || r.checked_mul(c) != Some(n) {
                    return Err(GeometryError::BadBox { n, rows: r, cols: c });
                }
                (r, c)
            }
            None => inferred_box(n).ok_or(GeometryError::NoBoxShape { n })?,
        };
        Ok(Geometry { n, layout: Layout::Boxes { rows, cols } })
    }

    /// Geometry for side `n` with the boxes a person asked for: a shape, none (a Latin square),
    /// or (`None`) the inferred shape.
    pub fn with_boxes(n: usize, boxes: Option<BoxShape>) -> Result<Geometry, GeometryError> {
        match boxes {
            Some(BoxShape::Latin) => Geometry::latin(n),
            Some(BoxShape::Rect { rows, cols }) => Geometry::new(n, Some((rows, cols))),
            None => Geometry::new(n, None),
        }
    }

    /// A Latin square of side `n`: rows and columns, no boxes or regions.
    pub fn latin(n: usize) -> Result<Geometry, GeometryError> {
        if !(1..=MAX_SIDE).contains(&n) {
            return Err(GeometryError::UnsupportedSide { n });
        }
        Ok(Geometry { n, layout: Layout::Latin })
    }

    /// Irregular regions (jigsaw). Each region must hold `n` distinct in-grid cells and together
    /// they must cover the grid once.
    pub fn with_regions(n: usize, regions: Vec<Vec<usize>>) -> Result<Geometry, GeometryError> {
        if !(1..=MAX_SIDE).contains(&n) {
            return Err(GeometryError::UnsupportedSide { n });
        }
        if regions.len() != n {
            return Err(GeometryError::BadRegions { reason: format!("expected {n} regions, found {}", regions.len()) });
        }
        let mut owner = vec![usize::MAX; n * n];
        for (i, region) in regions.iter().enumerate() {
            if region.len() != n {
                return Err(GeometryError::BadRegions {
                    reason: format!("region {} has {} cells, expected {n}", i + 1, region.len()),
                });
            }
            for &cell in region {
                if cell >= n * n {
                    return Err(GeometryError::BadRegions {
                        reason: format!("region {} has a cell outside the grid", i + 1),
                    });
                }
                if owner[cell] != usize::MAX {
                    return Err(GeometryError::BadRegions {
                        reason: format!(
                            "cell {} is in regions {} and {}",
                            Cell::from_index(cell, n),
                            owner[cell] + 1,
                            i + 1
                        ),
                    });
                }
                owner[cell] = i;
            }
        }
        Ok(Geometry { n, layout: Layout::Regions(regions) })
    }

    /// Side of the grid, which is also the number of digits.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Number of cells, `n²`.
    pub fn cells(&self) -> usize {
        self.n * self.n
    }

    /// The layout of regions.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// `(rows, cols)` of a box, when the layout is boxed.
    pub fn box_shape(&self) -> Option<(usize, usize)> {
        match self.layout {
            Layout::Boxes { rows, cols } => Some((rows, cols)),
            Layout::Regions(_) | Layout::Latin => None,
        }
    }

    /// The boxes as a person gives them (a shape, or none); `None` for jigsaw regions.
    pub fn boxes(&self) -> Option<BoxShape> {
        match self.layout {
            Layout::Boxes { rows, cols } => Some(BoxShape::Rect { rows, cols }),
            Layout::Latin => Some(BoxShape::Latin),
            Layout::Regions(_) => None,
        }
    }

    /// Whether this is a Latin square (no boxes or regions).
    pub fn is_latin(&self) -> bool {
        self.layout == Layout::Latin
    }

    /// The regions (boxes, numbered row-major, or the jigsaw pieces), as row-major cell indices;
    /// none for a Latin square.
    pub fn regions(&self) -> Vec<Vec<usize>> {
        match &self.layout {
            Layout::Regions(r) => r.clone(),
            Layout::Latin => Vec::new(),
            &Layout::Boxes { rows, cols } => {
                let n = self.n;
                let mut out = Vec::with_capacity(n);
                for band in 0..n / rows {
                    for stack in 0..n / cols {
                        let mut region = Vec::with_capacity(n);
                        for r in band * rows..(band + 1) * rows {
                            for c in stack * cols..(stack + 1) * cols {
                                region.push(r * n + c);
                            }
                        }
                        out.push(region);
                    }
                }
                out
            }
        }
    }

    /// Region number (0-based, below `n`) of every cell, row-major. A Latin square has no
    /// regions: each cell gets its row's number, so that code treating a region as one more
    /// unit whose digits differ stays right (a row's digits differ already) — but only
    /// [`Geometry::regions`] says which regions exist, and borders are drawn from the layout.
    pub fn region_of_cells(&self) -> Vec<usize> {
        if self.is_latin() {
            return (0..self.cells()).map(|k| k / self.n).collect();
        }
        let mut owner = vec![0; self.cells()];
        for (i, region) in self.regions().iter().enumerate() {
            for &c in region {
                owner[c] = i;
            }
        }
        owner
    }

    /// Word a person reads for a region: "box" or "region".
    pub fn region_word(&self) -> &'static str {
        match self.layout {
            Layout::Boxes { .. } => "box",
            Layout::Regions(_) | Layout::Latin => "region",
        }
    }
}

/// A box shape written `RxC` (`3x3`, `2x3`; `X`, `*` and `×` also separate): `(rows, cols)`,
/// each at least 1 and at most [`MAX_SIDE`]. Whether it fits a grid is [`Geometry::new`]'s call.
pub fn parse_box_shape(text: &str) -> Option<(usize, usize)> {
    let (r, c) = text.trim().split_once(['x', 'X', '*', '×'])?;
    let side = |s: &str| s.trim().parse::<usize>().ok().filter(|v| (1..=MAX_SIDE).contains(v));
    Some((side(r)?, side(c)?))
}

/// Text symbol of a value in single-character formats: `1`–`9`, then `A`.. for 10.. (up to 35).
pub fn symbol(value: usize) -> Option<char> {
    match value {
        1..=9 => char::from_digit(value as u32, 10),
        10..=35 => Some((b'A' + (value - 10) as u8) as char),
        _ => None,
    }
}

/// Whether a character marks an empty cell in every single-character format (text grids, one-line
/// puzzles, JSON `givens` rows, the API's `solution`): `.`, `0`, `*` or `_`. (`-` is not one: a
/// text line of dashes is a separator between bands.)
pub const fn is_empty_mark(ch: char) -> bool {
    matches!(ch, '.' | '0' | '*' | '_')
}

/// Value of a single-character symbol: `1`–`9`, `A`/`a`.. for 10..; `None` if not a digit symbol.
pub fn symbol_value(ch: char) -> Option<usize> {
    match ch {
        '1'..='9' => Some(ch as usize - '0' as usize),
        'A'..='Z' => Some(ch as usize - 'A' as usize + 10),
        'a'..='z' => Some(ch as usize - 'a' as usize + 10),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_named_by_row_and_column_from_one() {
        assert_eq!(Cell::new(0, 0).to_string(), "r1c1");
        assert_eq!(Cell::new(8, 9).to_string(), "r9c10");
        assert_eq!(Cell::new(63, 62).to_string(), "r64c63");
        assert_eq!(format!("<{}>", Cell::new(2, 11)), "<r3c12>");
        assert_eq!(Cell::parse(&Cell::new(24, 3).to_string(), 25), Some(Cell::new(24, 3)));
    }

    #[test]
    fn inferred_boxes_are_wider_than_tall() {
        assert_eq!(inferred_box(4), Some((2, 2)));
        assert_eq!(inferred_box(6), Some((2, 3)));
        assert_eq!(inferred_box(8), Some((2, 4)));
        assert_eq!(inferred_box(9), Some((3, 3)));
        assert_eq!(inferred_box(12), Some((3, 4)));
        assert_eq!(inferred_box(16), Some((4, 4)));
        assert_eq!(inferred_box(25), Some((5, 5)));
        assert_eq!(inferred_box(64), Some((8, 8)));
        assert_eq!(inferred_box(7), None);
        assert_eq!(inferred_box(1), None);
    }

    #[test]
    fn boxes_cover_the_grid_once() {
        for n in [4, 6, 8, 9, 12, 16] {
            let g = Geometry::new(n, None).unwrap();
            let mut seen = vec![0; n * n];
            for region in g.regions() {
                assert_eq!(region.len(), n);
                for c in region {
                    seen[c] += 1;
                }
            }
            assert!(seen.iter().all(|&k| k == 1), "n={n}");
        }
        // 2x3 boxes: first box is rows 1-2, cols 1-3.
        let g = Geometry::new(6, None).unwrap();
        assert_eq!(g.regions()[0], vec![0, 1, 2, 6, 7, 8]);
    }

    #[test]
    fn bad_shapes_are_refused() {
        assert!(matches!(Geometry::new(7, None), Err(GeometryError::NoBoxShape { n: 7 })));
        assert!(Geometry::new(6, Some((4, 2))).is_err());
        assert!(Geometry::new(65, None).is_err());
        assert!(Geometry::new(6, Some((3, 2))).is_ok());
    }

    #[test]
    fn a_box_shape_whose_product_wraps_is_refused() {
        // 125 * 147573952589676413 = 2^64 + 9: unchecked, it passed as a 9x9 box shape.
        let huge = Geometry::new(9, Some((125, 147_573_952_589_676_413)));
        assert!(matches!(huge, Err(GeometryError::BadBox { n: 9, .. })), "{huge:?}");
        assert!(Geometry::new(9, Some((usize::MAX, usize::MAX))).is_err());
        assert!(Geometry::new(64, Some((1 << 32, 1 << 32))).is_err());
    }

    #[test]
    fn box_shapes_parse_and_stay_in_range() {
        assert_eq!(parse_box_shape("2x3"), Some((2, 3)));
        assert_eq!(parse_box_shape(" 3 X 3 "), Some((3, 3)));
        assert_eq!(parse_box_shape("1*7"), Some((1, 7)));
        assert_eq!(parse_box_shape("125x147573952589676413"), None);
        assert_eq!(parse_box_shape("0x9"), None);
        assert_eq!(parse_box_shape("3"), None);
    }

    #[test]
    fn a_latin_square_has_no_regions_and_parses_as_none() {
        let g = Geometry::latin(7).unwrap();
        assert!(g.is_latin());
        assert!(g.regions().is_empty());
        assert_eq!((g.box_shape(), g.boxes()), (None, Some(BoxShape::Latin)));
        // Each cell's "region" is its row: never two cells of different rows together.
        let owner = g.region_of_cells();
        assert_eq!(owner.len(), 49);
        assert!((0..49).all(|k| owner[k] == k / 7));
        assert!(Geometry::latin(65).is_err());
        for text in ["none", " None ", "latin", "0"] {
            assert_eq!(BoxShape::parse(text), Some(BoxShape::Latin), "{text}");
        }
        assert_eq!(BoxShape::parse("2x3"), Some(BoxShape::Rect { rows: 2, cols: 3 }));
        assert_eq!(BoxShape::parse("nothing"), None);
        assert_eq!(BoxShape::Latin.to_string(), "none");
        assert_eq!(Geometry::with_boxes(9, Some(BoxShape::Latin)).unwrap(), Geometry::latin(9).unwrap());
        assert_eq!(Geometry::with_boxes(6, Some((3, 2).into())).unwrap().box_shape(), Some((3, 2)));
        assert_eq!(Geometry::with_boxes(6, None).unwrap().box_shape(), Some((2, 3)));
    }

    #[test]
    fn cell_names_round_trip() {
        let c = Cell::new(2, 6);
        assert_eq!(c.to_string(), "r3c7");
        assert_eq!(Cell::parse("r3c7", 9), Some(c));
        assert_eq!(Cell::parse("R3C7", 9), Some(c));
        assert_eq!(Cell::parse("r10c1", 9), None);
        assert_eq!(Cell::parse("r0c1", 9), None);
    }

    #[test]
    fn symbols_round_trip() {
        for v in 1..=35 {
            assert_eq!(symbol_value(symbol(v).unwrap()), Some(v));
        }
        assert_eq!(symbol(36), None);
        assert_eq!(symbol_value('.'), None);
    }
}

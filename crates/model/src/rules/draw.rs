//! What a rule draws, as data: the few shapes setters' pictures are made of. A rule file says
//! which shapes its rule is ([`RuleKind::draw`](super::RuleKind::draw)); the renderer paints
//! them, so a new rule that is made of these shapes needs no change in the renderer.
//!
//! Coordinates are in cells from the grid's top-left corner: a [`Point`] `(row, col)` of
//! `(0.0, 0.0)` is that corner, `(r + 0.5, c + 0.5)` the centre of cell `(r, c)`. Colours are
//! CSS colours (`#rrggbb`). The layers, bottom to top: shading, then cell lines, then lines and
//! shapes, then region borders, then edge marks, then digits; captions go under the grid.

use crate::geometry::Cell;

/// A point in grid coordinates: `(row, col)` in cells.
pub type Point = (f64, f64);

/// How wide a line is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Width {
    /// A multiple of the picture's thin cell line.
    Lines(f64),
    /// A share of a cell's side.
    Cells(f64),
}

/// One shape of a rule's picture.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Mark {
    /// Cells filled with a colour, under everything else (windows, extra regions).
    Shade {
        /// The cells.
        cells: Vec<Cell>,
        /// Their colour.
        colour: &'static str,
    },
    /// A straight polyline through points (diagonals, lines).
    Line {
        /// The points, in grid coordinates.
        points: Vec<Point>,
        /// Its colour.
        colour: &'static str,
        /// Its width.
        width: Width,
    },
    /// A thermometer: a thick rounded line through the cells' centres and a round bulb on the
    /// first cell.
    Thermometer {
        /// The cells, bulb first.
        cells: Vec<Cell>,
        /// Its colour.
        colour: &'static str,
    },
    /// An arrow: a ring on the circle cell, a shaft through the cells from its rim, and a head
    /// on the last cell.
    Arrow {
        /// The circled cell.
        circle: Cell,
        /// The shaft's cells, from the circle on.
        cells: Vec<Cell>,
        /// Its colour.
        colour: &'static str,
    },
    /// A disc in a cell's centre (odd cells).
    Disc {
        /// The cell.
        cell: Cell,
        /// Radius, in cells.
        radius: f64,
        /// Its colour.
        colour: &'static str,
    },
    /// A filled square in a cell's centre (even cells).
    Square {
        /// The cell.
        cell: Cell,
        /// Side, in cells.
        side: f64,
        /// Its colour.
        colour: &'static str,
    },
    /// A killer cage: a dashed outline inset from the cell borders, the label small in the
    /// corner of its top-left cell.
    Cage {
        /// The cells.
        cells: Vec<Cell>,
        /// The total, or `None` for a cage without one.
        label: Option<String>,
    },
    /// A Kropki dot on the edge between two neighbours: white (hollow) or black.
    Dot {
        /// The two cells.
        between: (Cell, Cell),
        /// Black (`true`) or white.
        filled: bool,
    },
    /// A short bold text on the edge between two neighbours (X, V).
    EdgeText {
        /// The two cells.
        between: (Cell, Cell),
        /// The text.
        text: String,
    },
    /// A circle with a centre anywhere (a cell's centre, a vertex), over the region borders:
    /// between lines' end circles, quadruples' vertex circles.
    Circle {
        /// Its centre, in grid coordinates.
        centre: Point,
        /// Radius, in cells.
        radius: f64,
        /// Its fill colour.
        fill: &'static str,
        /// Its outline colour.
        stroke: &'static str,
    },
    /// Text centred on a point, over the region borders. A point outside the grid (an outside
    /// clue: little killer, sandwich) grows the picture's margin to hold it.
    Text {
        /// Its centre, in grid coordinates (row −0.5 is just above the grid).
        at: Point,
        /// The text.
        text: String,
        /// Capital height, in cells.
        size: f64,
    },
    /// A line of text under the grid, for what has no shape (anti-knight, "all dots given").
    Caption(String),
}

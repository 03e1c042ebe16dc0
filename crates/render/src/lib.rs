//! # sudoku-ip-render
//!
//! Pictures of puzzles and solutions: [`svg`], [`png`], and printable A4 [`sheet`]s (SVG, and
//! [`pdf`] with one sheet per page). Thin cell lines, thick box or jigsaw-region borders, givens
//! in bold black and solved digits in blue, and every variant rule drawn the way setters draw
//! it (the table is in the `rules` module: shaded windows, diagonal lines, dashed killer cages
//! with their sums, thermometers, arrows, kropki dots, X/V, odd/even shapes, shaded extra
//! regions; rules with no mark get a caption under the grid). Any side from 1 to 64: values are
//! `1`–`9` and `A`.. up to 35, as in the text formats, and decimal numbers beyond.
//!
//! This crate only draws: it reads a [`Puzzle`] and a [`Grid`] from `sudoku-ip-model` and
//! knows nothing of solvers.
//!
//! ## Text without fonts
//!
//! Digits and letters are drawn as vector paths, never as SVG `<text>`. The glyph outlines come
//! from a font compiled into the binary (Hack Regular, through the `epaint_default_fonts`
//! crate: MIT + Bitstream Vera licences) and are written once into the SVG's `<defs>`; every
//! digit is a `<use>` of one. We chose this over handing the font to resvg's font database
//! because it makes every output self-contained:
//!
//! - the SVG file shows the same digits in any browser or editor, on a machine with no fonts;
//! - PNG rendering needs no text shaping and no font database (resvg is built without its
//!   `text` feature), so there is nothing to find, fall back on or get wrong on a fresh machine;
//! - the PDF is plain vector paths, with no font to embed or subset;
//! - the output is byte-for-byte stable, which the snapshot tests rely on.
//!
//! What it costs: the text in an SVG cannot be selected or searched, which a puzzle picture
//! does not need.
//!
//! ```
//! use sudoku_ip_formats as formats;
//! use sudoku_ip_model::Grid;
//! use sudoku_ip_render::{png, svg, RenderOptions};
//!
//! let puzzle = formats::parse_puzzle(
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
//!     &Default::default(),
//! )?;
//! let picture = svg(&puzzle, None, &RenderOptions::default());
//! assert!(picture.starts_with("<svg") && !picture.contains("<text"));
//! let image = png(&puzzle, None, &RenderOptions { size: 300, ..Default::default() })?;
//! assert_eq!(&image[1..4], b"PNG");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]

mod draw;
mod glyphs;
mod layers;
mod notes;
mod raster;
mod rules;
mod sheet;
mod svg;

use std::path::Path;

use sudoku_ip_model::{Grid, Puzzle};
use thiserror::Error;

pub use layers::{rule_layers, CageOutline, RuleLayers};
pub use notes::{Notes, Pencil};
pub use raster::{pdf, svg_to_png};
pub use sheet::{sheet, sheet_layout, sheets, tile_sheets, SheetLayout, Tile};

/// How to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderOptions {
    /// Width and height of a single picture in pixels (the SVG's `width`/`height`, the PNG's
    /// size); for a sheet, the PNG's width. Between [`MIN_SIZE`] and [`MAX_SIZE`].
    pub size: u32,
    /// Write a caption under the grid for rules that have no mark on it (anti-knight,
    /// non-consecutive, "all dots given", …).
    pub captions: bool,
}

/// Smallest picture size, in pixels.
pub const MIN_SIZE: u32 = 16;
/// Largest picture size, in pixels (a 8192² RGBA image is 256 MiB).
pub const MAX_SIZE: u32 = 8192;

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions { size: 900, captions: true }
    }
}

/// Why a picture could not be made.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RenderError {
    /// The requested pixel size is out of range.
    #[error("picture size {size} px is out of range ({MIN_SIZE}..={MAX_SIZE})")]
    BadSize {
        /// The size asked for.
        size: u32,
    },
    /// The solution grid is not the puzzle's size.
    #[error("the solution is {found}x{found} but the puzzle is {expected}x{expected}")]
    SolutionSize {
        /// The puzzle's side.
        expected: usize,
        /// The solution's side.
        found: usize,
    },
    /// An SVG could not be read back (a bug for SVG we drew; bad input for SVG passed in).
    #[error("cannot read the SVG: {message}")]
    Svg {
        /// usvg's message.
        message: String,
    },
    /// PNG encoding failed.
    #[error("cannot encode the PNG: {message}")]
    Png {
        /// The encoder's message.
        message: String,
    },
    /// PDF conversion failed.
    #[error("cannot convert page {page} to PDF: {message}")]
    Pdf {
        /// 1-based page.
        page: usize,
        /// svg2pdf's message.
        message: String,
    },
    /// A sheet with no puzzle on it.
    #[error("a sheet needs at least one puzzle")]
    EmptySheet,
}

/// The kinds of picture file, by extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ImageFormat {
    /// `.svg`
    Svg,
    /// `.png`
    Png,
    /// `.pdf`
    Pdf,
}

impl ImageFormat {
    /// The format a file name asks for (`.svg`, `.png`, `.pdf`, any case).
    pub fn from_path(path: &Path) -> Option<ImageFormat> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "svg" => Some(ImageFormat::Svg),
            "png" => Some(ImageFormat::Png),
            "pdf" => Some(ImageFormat::Pdf),
            _ => None,
        }
    }
}

/// The puzzle as an SVG document: givens in bold black, and the non-given cells of `solution`
/// (when it is given and has the puzzle's size; otherwise it is ignored) in blue.
pub fn svg(puzzle: &Puzzle, solution: Option<&Grid>, opts: &RenderOptions) -> String {
    let mut canvas = svg::Canvas::default();
    let picture = draw::picture(&mut canvas, puzzle, solution, opts.captions, None);
    let px = opts.size.to_string();
    svg::document(&px, &px, (picture.side, picture.side), canvas)
}

/// The puzzle with the digits of `filled` (in blue where not given) and the pencil marks,
/// highlights and caption of `notes`, as an SVG document: a position of a solving path, a
/// step, or the true candidates.
pub fn svg_with_notes(puzzle: &Puzzle, filled: Option<&Grid>, notes: &Notes, opts: &RenderOptions) -> String {
    let mut canvas = svg::Canvas::default();
    let picture = draw::picture(&mut canvas, puzzle, filled, opts.captions, Some(notes));
    let px = opts.size.to_string();
    svg::document(&px, &px, (picture.side, picture.side), canvas)
}

/// The puzzle as a PNG image of `opts.size` × `opts.size` pixels.
pub fn png(puzzle: &Puzzle, solution: Option<&Grid>, opts: &RenderOptions) -> Result<Vec<u8>, RenderError> {
    if let Some(s) = solution.filter(|s| s.n() != puzzle.n()) {
        return Err(RenderError::SolutionSize { expected: puzzle.n(), found: s.n() });
    }
    svg_to_png(&svg(puzzle, solution, opts), opts.size)
}

/// The puzzle as a one-page PDF (the picture on a page of its own size).
pub fn pdf_picture(puzzle: &Puzzle, solution: Option<&Grid>, opts: &RenderOptions) -> Result<Vec<u8>, RenderError> {
    if let Some(s) = solution.filter(|s| s.n() != puzzle.n()) {
        return Err(RenderError::SolutionSize { expected: puzzle.n(), found: s.n() });
    }
    pdf(&[svg(puzzle, solution, opts)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_come_from_the_extension() {
        assert_eq!(ImageFormat::from_path(Path::new("a/b.SVG")), Some(ImageFormat::Svg));
        assert_eq!(ImageFormat::from_path(Path::new("b.png")), Some(ImageFormat::Png));
        assert_eq!(ImageFormat::from_path(Path::new("b.pdf")), Some(ImageFormat::Pdf));
        assert_eq!(ImageFormat::from_path(Path::new("b.jpg")), None);
        assert_eq!(ImageFormat::from_path(Path::new("svg")), None);
    }
}

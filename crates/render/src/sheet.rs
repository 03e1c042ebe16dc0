//! Printable sheets: several puzzles on one A4 page, in millimetres, each under a numbered
//! label that names its size and rules.

use sudoku_ip_model::{Grid, Layout, Puzzle};

use crate::draw;
use crate::notes::Notes;
use crate::svg::{self, num, Anchor, Canvas, Ink};
use crate::RenderOptions;

/// A4 portrait, in millimetres.
const PAGE: (f64, f64) = (210.0, 297.0);
const MARGIN: f64 = 12.0;
const GAP: f64 = 8.0;
/// Height of a label line above each puzzle, and its capitals.
const LABEL: f64 = 6.0;
const LABEL_CAP: f64 = 3.2;

/// How puzzles are arranged on a sheet.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SheetLayout {
    /// Puzzles across.
    pub columns: usize,
    /// Puzzles down.
    pub rows: usize,
    /// Side of each puzzle, in millimetres.
    pub tile_mm: f64,
}

/// The arrangement that makes `count` puzzles largest on an A4 page: 1 → 1×1, 2 → 1×2 (one
/// above the other), 3–4 → 2×2, 5–6 → 2×3, and so on.
pub fn sheet_layout(count: usize) -> SheetLayout {
    let count = count.max(1);
    let (w, h) = (PAGE.0 - 2.0 * MARGIN, PAGE.1 - 2.0 * MARGIN);
    (1..=count)
        .map(|columns| {
            let rows = count.div_ceil(columns);
            let across = (w - (columns - 1) as f64 * GAP) / columns as f64;
            let down = (h - (rows - 1) as f64 * GAP) / rows as f64 - LABEL;
            SheetLayout { columns, rows, tile_mm: across.min(down) }
        })
        .fold(None, |best: Option<SheetLayout>, l| match best {
            Some(b) if b.tile_mm >= l.tile_mm => Some(b),
            _ => Some(l),
        })
        .unwrap_or(SheetLayout { columns: 1, rows: 1, tile_mm: w })
}

/// What a puzzle is, for its label: `9x9`, `9x9 jigsaw`, `9x9 no boxes, killer`, `9x9 killer, diagonal`.
fn description(puzzle: &Puzzle) -> String {
    let n = puzzle.n();
    let mut kinds: Vec<&str> = Vec::new();
    match puzzle.geometry().layout() {
        Layout::Regions(_) => kinds.push("jigsaw"),
        Layout::Latin => kinds.push("no boxes"),
        Layout::Boxes { .. } => {}
    }
    kinds.extend(puzzle.rules().iter().map(|r| r.name()));
    if kinds.is_empty() {
        format!("{n}x{n}")
    } else {
        format!("{n}x{n} {}", kinds.join(", "))
    }
}

/// One picture on a sheet: a puzzle, the digits filled in, its notes, and the label above it.
#[derive(Clone, Copy, Debug)]
pub struct Tile<'a> {
    /// The puzzle.
    pub puzzle: &'a Puzzle,
    /// Digits drawn in blue in its empty cells.
    pub filled: Option<&'a Grid>,
    /// Pencil marks, highlights and caption.
    pub notes: Option<&'a Notes>,
    /// The label above it.
    pub label: &'a str,
}

/// An A4 page (SVG, 210×297 mm) with all `puzzles` on it, solutions drawn where given, laid
/// out by [`sheet_layout`]. For many puzzles, see [`sheets`].
pub fn sheet(puzzles: &[(Puzzle, Option<Grid>)], opts: &RenderOptions) -> String {
    let labels = labels(puzzles);
    page(&tiles(puzzles, &labels), opts)
}

/// A4 pages of at most `per_page` puzzles each (at least one), numbered on across pages;
/// [`pdf`](crate::pdf()) makes one document of them. Six a page print well.
pub fn sheets(puzzles: &[(Puzzle, Option<Grid>)], per_page: usize, opts: &RenderOptions) -> Vec<String> {
    let labels = labels(puzzles);
    tile_sheets(&tiles(puzzles, &labels), per_page, opts)
}

/// "1. 9x9", "2. 9x9 killer", … numbered on across pages.
fn labels(puzzles: &[(Puzzle, Option<Grid>)]) -> Vec<String> {
    puzzles.iter().enumerate().map(|(i, (p, _))| format!("{}. {}", i + 1, description(p))).collect()
}

fn tiles<'a>(puzzles: &'a [(Puzzle, Option<Grid>)], labels: &'a [String]) -> Vec<Tile<'a>> {
    puzzles
        .iter()
        .zip(labels)
        .map(|((puzzle, solution), label)| Tile { puzzle, filled: solution.as_ref(), notes: None, label })
        .collect()
}

/// A4 pages of at most `per_page` tiles each (at least one), each under its own label: the
/// steps of a solving path, one small grid a step.
pub fn tile_sheets(tiles: &[Tile<'_>], per_page: usize, opts: &RenderOptions) -> Vec<String> {
    tiles.chunks(per_page.max(1)).map(|chunk| page(chunk, opts)).collect()
}

/// One page of tiles.
fn page(tiles: &[Tile<'_>], opts: &RenderOptions) -> String {
    let layout = sheet_layout(tiles.len());
    let t = layout.tile_mm;
    let block_w = layout.columns as f64 * t + (layout.columns - 1) as f64 * GAP;
    let block_h = layout.rows as f64 * (t + LABEL) + (layout.rows - 1) as f64 * GAP;
    let (x0, y0) = ((PAGE.0 - block_w) / 2.0, (PAGE.1 - block_h) / 2.0);
    let mut page = Canvas::default();
    page.push(format!(r#"<rect width="{}" height="{}" fill="{}"/>"#, num(PAGE.0), num(PAGE.1), draw::PAPER));
    for (i, tile) in tiles.iter().enumerate() {
        let (row, col) = (i / layout.columns, i % layout.columns);
        let x = x0 + col as f64 * (t + GAP);
        let y = y0 + row as f64 * (t + LABEL + GAP);
        let label = tile.label;
        let cap = LABEL_CAP.min(LABEL_CAP * t / Canvas::text_width(label, LABEL_CAP).max(f64::EPSILON));
        page.text(label, (x, y + (LABEL - cap) / 2.0 - 0.8), cap, Anchor::TopLeft, Ink::plain("#333333"));
        let mut canvas = Canvas::default();
        let picture = draw::picture(&mut canvas, tile.puzzle, tile.filled, opts.captions, tile.notes);
        let (body, glyphs) = canvas.finish();
        page.use_glyphs(&glyphs);
        page.push(format!(
            r#"<g transform="translate({} {}) scale({})">"#,
            num(x),
            num(y + LABEL),
            svg::fixed(t / picture.side, 6)
        ));
        page.push(body.trim_end());
        page.push("</g>");
    }
    svg::document("210mm", "297mm", PAGE, page)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_fill_the_page() {
        let shape = |k| {
            let l = sheet_layout(k);
            (l.columns, l.rows)
        };
        assert_eq!(shape(1), (1, 1));
        assert_eq!(shape(2), (1, 2));
        assert_eq!(shape(4), (2, 2));
        assert_eq!(shape(6), (2, 3));
        let l = sheet_layout(6);
        assert!(l.tile_mm > 75.0 && 2.0 * l.tile_mm + GAP <= PAGE.0 - 2.0 * MARGIN + 1e-9, "{l:?}");
        assert!(3.0 * (l.tile_mm + LABEL) + 2.0 * GAP <= PAGE.1 - 2.0 * MARGIN + 1e-9, "{l:?}");
    }

    #[test]
    fn pages_are_numbered_on() {
        let p = Puzzle::blank(sudoku_ip_model::Geometry::new(4, None).expect("4x4"));
        let puzzles = vec![(p, None); 5];
        let pages = sheets(&puzzles, 2, &RenderOptions::default());
        assert_eq!(pages.len(), 3);
        // "5. 4x4" on the last page: glyphs 5 (g35), '.', space, 4, x, 4.
        assert!(pages[2].contains(r##"<use xlink:href="#g35"/><use xlink:href="#g2e""##), "{}", pages[2]);
        assert!(!pages[0].contains(r##"#g35""##));
    }
}

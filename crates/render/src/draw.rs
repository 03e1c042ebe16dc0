//! One puzzle as SVG elements: shading, cell lines, rule marks, region borders, digits.
//!
//! Units: a cell is [`CELL`] = 100 units wide, so almost every coordinate is an integer. The
//! picture is a square of [`Picture::side`] units with the grid in it, and a caption strip under
//! the grid when some rule has no mark on the grid (anti-knight, all-dots-given kropki, …).
//!
//! Layers, bottom to top — the order setters use, so marks never hide digits and thick borders
//! are never broken by a mark:
//!
//! ```text
//!   background · cell shading (windows, extra regions) · thin cell lines
//!   · rule overlays (odd/even shapes, thermometers, arrows, diagonals, killer cages + sums)
//!   · thick region borders · edge marks (kropki dots, X/V) · digits · caption
//! ```

use sudoku_ip_model::geometry::symbol;
use sudoku_ip_model::{Cell, Grid, Puzzle};

use crate::notes::{self, Notes};
use crate::rules;
use crate::svg::{num, Anchor, Canvas, Ink, BOLD};

/// Width of one cell in user units.
pub(crate) const CELL: f64 = 100.0;
/// Space around the grid.
pub(crate) const MARGIN: f64 = 25.0;
/// Capital height of a digit, in cells.
const DIGIT_CAP: f64 = 0.5;
/// Capital height of a digit in a killer puzzle, in cells: its top stays below the cage sum.
pub(crate) const KILLER_DIGIT_CAP: f64 = 0.4;
/// Widest a digit's text may be, in cells (two-digit numbers beyond 35).
const DIGIT_WIDTH: f64 = 0.8;

/// Colour of given digits.
pub(crate) const GIVEN: &str = "#000000";
/// Colour of solved (non-given) digits.
pub(crate) const SOLVED: &str = "#1f5fbf";
/// Page background.
pub(crate) const PAPER: &str = "#ffffff";

/// Where the grid sits in user units, and the line widths for its size.
pub(crate) struct Frame {
    /// Side.
    pub n: usize,
    /// Top-left corner of the grid.
    pub origin: (f64, f64),
    /// Width of cell lines.
    pub thin: f64,
    /// Width of region borders.
    pub thick: f64,
}

impl Frame {
    /// A grid point: the top-left corner of cell (`row`, `col`), fractions allowed.
    pub fn point(&self, row: f64, col: f64) -> (f64, f64) {
        (self.origin.0 + col * CELL, self.origin.1 + row * CELL)
    }

    /// Centre of a cell.
    pub fn centre(&self, cell: Cell) -> (f64, f64) {
        self.point(f64::from(cell.row) + 0.5, f64::from(cell.col) + 0.5)
    }

    /// Midpoint of the edge between two neighbouring cells.
    pub fn between(&self, a: Cell, b: Cell) -> (f64, f64) {
        let (p, q) = (self.centre(a), self.centre(b));
        ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0)
    }

    /// Whether a cell lies in the grid (rules built in code are not validated).
    pub fn inside(&self, cell: Cell) -> bool {
        (cell.row as usize) < self.n && (cell.col as usize) < self.n
    }

    /// Side of the grid in user units.
    pub fn width(&self) -> f64 {
        self.n as f64 * CELL
    }
}

/// A drawn puzzle: its square side in user units.
pub(crate) struct Picture {
    pub side: f64,
}

/// The text of a value: `1`–`9`, `A`.. for 10..=35 as in the text formats; decimal numbers
/// when the grid is larger than 35.
pub(crate) fn label(value: usize, n: usize) -> String {
    match symbol(value) {
        Some(ch) if n <= 35 => ch.to_string(),
        _ => value.to_string(),
    }
}

/// Draw `puzzle` (and the non-given digits of `solution`, and the pencil marks and highlights
/// of `notes`) with the picture's top-left corner at the canvas origin.
pub(crate) fn picture(
    canvas: &mut Canvas,
    puzzle: &Puzzle,
    solution: Option<&Grid>,
    captions: bool,
    notes: Option<&Notes>,
) -> Picture {
    let n = puzzle.n();
    let scale = (n as f64 / 9.0).sqrt().max(1.0);
    let thin = 1.5 * scale;
    let width = n as f64 * CELL;

    let marks = rules::marks_of(puzzle.rules(), puzzle.geometry());
    let mut lines: Vec<String> = if captions { rules::captions(&marks) } else { Vec::new() };
    if captions && puzzle.geometry().is_latin() {
        // Missing box lines would otherwise look like a printing fault.
        lines.insert(0, "no boxes: each row and column holds every digit once".into());
    }
    if let Some(caption) = puzzle.meta().caption().filter(|_| captions) {
        lines.insert(0, caption);
    }
    if let Some(notes) = notes {
        // As many characters a line as fit the grid at the captions' usual size.
        let per_line = (width / Canvas::text_width("0", caption_size(&[], width))).floor().max(8.0) as usize;
        lines.extend(notes.caption.iter().flat_map(|text| notes::wrap(text, per_line)));
    }
    let caption_cap = caption_size(&lines, width);
    let strip = if lines.is_empty() { 0.0 } else { lines.len() as f64 * 1.6 * caption_cap + 0.4 * caption_cap };
    // Outside clues widen the margin on every side (the picture stays square and centred).
    let margin = MARGIN + rules::reach_outside(&marks, n) * CELL;
    let side = width + 2.0 * margin + strip;
    let frame = Frame { n, origin: (margin + strip / 2.0, margin), thin, thick: (thin * 3.3).round() };

    canvas.push(format!(r#"<rect width="{0}" height="{0}" fill="{PAPER}"/>"#, num(side)));

    let mut shade: Vec<Option<&'static str>> = vec![None; n * n];
    rules::shading(&marks, n, &mut shade);
    if let Some(notes) = notes {
        notes::shading(notes, n, &mut shade);
    }
    shading(canvas, &frame, &shade);
    // A cell under two rules' shades shows each in a strip (unless a step's pattern shades it).
    for (i, colours) in rules::shared_shades(&marks, n) {
        if shade[i] != colours.last().copied() {
            continue;
        }
        rules::strips(canvas, &frame, i, &colours);
    }
    thin_lines(canvas, &frame);
    rules::overlay(&marks, &frame, canvas);
    // A Latin square has no boxes: one owner for every cell, so only the frame is thick.
    let owner = if puzzle.geometry().is_latin() { vec![0; n * n] } else { puzzle.geometry().region_of_cells() };
    thick_borders(canvas, &frame, &owner);
    rules::edge_marks(&marks, &frame, canvas, &shade);
    // Digits make room for cage sums in the corner.
    let cap = if rules::has_corner_labels(&marks) { KILLER_DIGIT_CAP } else { DIGIT_CAP };
    let solution = solution.filter(|s| s.n() == n);
    digits(canvas, &frame, cap, puzzle.givens(), solution);
    if let Some(notes) = notes {
        let mut shown = puzzle.givens().clone();
        for (k, &v) in solution.map(Grid::values).unwrap_or(&[]).iter().enumerate() {
            if v != 0 && shown.values()[k] == 0 {
                shown.set(Cell::from_index(k, n), usize::from(v));
            }
        }
        notes::pencil_marks(canvas, &frame, notes, pencil_block(puzzle), &shown);
    }

    let (x, mut y) = frame.point(n as f64, 0.0);
    y += margin - MARGIN / 2.0;
    for line in &lines {
        y += 0.6 * caption_cap;
        canvas.text(line, (x, y), caption_cap, Anchor::TopLeft, Ink::plain("#333333"));
        y += caption_cap;
    }
    Picture { side }
}

/// Pencil marks sit like the digits of a box (3×3 for a 9×9); without boxes, in the squarest
/// block that holds `n`.
fn pencil_block(puzzle: &Puzzle) -> (usize, usize) {
    let n = puzzle.n();
    puzzle.geometry().box_shape().or_else(|| sudoku_ip_model::geometry::inferred_box(n)).unwrap_or_else(|| {
        let rows = (1..=n).find(|r| r * r >= n).unwrap_or(1);
        (rows, n.div_ceil(rows))
    })
}

/// Capital height of caption lines: a fixed share of the grid, smaller if a line is too long.
fn caption_size(lines: &[String], width: f64) -> f64 {
    let mut cap = (0.028 * width).max(0.26 * CELL);
    for line in lines {
        let w = Canvas::text_width(line, cap);
        if w > width {
            cap *= width / w;
        }
    }
    cap
}

/// Filled cells, one path per colour.
fn shading(canvas: &mut Canvas, f: &Frame, shade: &[Option<&'static str>]) {
    let mut colours: Vec<&str> = shade.iter().flatten().copied().collect();
    colours.sort_unstable();
    colours.dedup();
    for colour in colours {
        let mut d = String::new();
        for (i, _) in shade.iter().enumerate().filter(|(_, s)| **s == Some(colour)) {
            let (x, y) = f.point((i / f.n) as f64, (i % f.n) as f64);
            d.push_str(&format!("M{} {}h{CELL}v{CELL}h-{CELL}Z", num(x), num(y)));
        }
        canvas.push(format!(r#"<path d="{d}" fill="{colour}"/>"#));
    }
}

fn thin_lines(canvas: &mut Canvas, f: &Frame) {
    let w = f.width();
    let mut d = String::new();
    for k in 1..f.n {
        let (x, y) = f.point(0.0, k as f64);
        d.push_str(&format!("M{} {}v{}", num(x), num(y), num(w)));
        let (x, y) = f.point(k as f64, 0.0);
        d.push_str(&format!("M{} {}h{}", num(x), num(y), num(w)));
    }
    if !d.is_empty() {
        canvas.push(format!(r##"<path d="{d}" fill="none" stroke="#7a7a7a" stroke-width="{}"/>"##, num(f.thin)));
    }
}

/// Thick lines wherever two neighbouring cells lie in different regions (boxes and jigsaw
/// pieces alike), merged into runs, and the outer border.
fn thick_borders(canvas: &mut Canvas, f: &Frame, owner: &[usize]) {
    let n = f.n;
    let mut d = String::new();
    // Vertical lines at column k between cells (r, k-1) and (r, k); horizontal ones likewise.
    for vertical in [true, false] {
        for k in 1..n {
            let mut r = 0;
            while r < n {
                let differs = |r: usize| {
                    let (a, b) = if vertical { (r * n + k - 1, r * n + k) } else { ((k - 1) * n + r, k * n + r) };
                    owner.get(a) != owner.get(b)
                };
                if !differs(r) {
                    r += 1;
                    continue;
                }
                let start = r;
                while r < n && differs(r) {
                    r += 1;
                }
                let len = (r - start) as f64 * CELL;
                if vertical {
                    let (x, y) = f.point(start as f64, k as f64);
                    d.push_str(&format!("M{} {}v{}", num(x), num(y), num(len)));
                } else {
                    let (x, y) = f.point(k as f64, start as f64);
                    d.push_str(&format!("M{} {}h{}", num(x), num(y), num(len)));
                }
            }
        }
    }
    let w = num(f.thick);
    if !d.is_empty() {
        canvas.push(format!(
            r##"<path d="{d}" fill="none" stroke="#000000" stroke-width="{w}" stroke-linecap="square"/>"##
        ));
    }
    let (x, y) = f.origin;
    canvas.push(format!(
        r##"<rect x="{}" y="{}" width="{2}" height="{2}" fill="none" stroke="#000000" stroke-width="{w}"/>"##,
        num(x),
        num(y),
        num(f.width())
    ));
}

fn digits(canvas: &mut Canvas, f: &Frame, cap: f64, givens: &Grid, solution: Option<&Grid>) {
    let n = f.n;
    let widest = (1..=n).map(|v| Canvas::text_width(&label(v, n), 1.0)).fold(0.0, f64::max);
    let cap = (cap * CELL).min(DIGIT_WIDTH * CELL / widest.max(f64::EPSILON));
    for i in 0..n * n {
        let cell = Cell::from_index(i, n);
        let given = givens.get(cell);
        let (value, ink) = match (given, solution.map(|s| s.get(cell))) {
            (0, Some(v)) if v != 0 => (v, Ink::plain(SOLVED)),
            (0, _) => continue,
            (g, _) => (g, Ink { fill: GIVEN, weight: BOLD, halo: None }),
        };
        canvas.text(&label(value, n), f.centre(cell), cap, Anchor::Centre, ink);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_follow_the_text_formats() {
        assert_eq!(label(9, 9), "9");
        assert_eq!(label(10, 16), "A");
        assert_eq!(label(35, 35), "Z");
        assert_eq!(label(10, 36), "10");
        assert_eq!(label(64, 64), "64");
    }
}

//! Pencil marks and highlights over a puzzle: the candidates of a position (small digits laid
//! out like the digits of a box), the cells of a step's pattern shaded, and single candidates
//! marked as HoDoKu marks them: the candidates that make a deduction on a green disc, the ones
//! it removes on a red disc, true candidates coloured by how many solutions use them. What a
//! `candidates` picture, a hint or each step of `explain -o` draws.

use sudoku_ip_model::{Cell, Grid};

use crate::draw::{label, Frame, CELL};
use crate::svg::{num, Anchor, Canvas, Ink, BOLD};

/// Shade of a pattern cell.
pub(crate) const PATTERN_CELL: &str = "#cfe0ff";
/// Disc behind a candidate that makes the deduction (or is placed).
const PATTERN_DISC: &str = "#7fd67f";
/// Disc behind a removed candidate.
const REMOVED_DISC: &str = "#ff8a80";
/// Ink of plain pencil marks.
const PENCIL: &str = "#3d4650";
/// Ink of a true candidate that one solution uses.
const ONE_SOLUTION: &str = "#1e7a3a";
/// Ink of a true candidate that a few solutions use.
const FEW_SOLUTIONS: &str = "#b86e00";

/// How one pencil mark is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Pencil {
    /// Plain grey.
    Plain,
    /// On a green disc: a candidate that makes the deduction, or the digit placed.
    Pattern,
    /// On a red disc: a candidate the step removes.
    Removed,
    /// Green and bold: a true candidate that exactly one solution uses.
    OneSolution,
    /// Orange: a true candidate that fewer solutions use than the count's cap.
    FewSolutions,
}

/// What a picture marks beyond the puzzle and its digits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Notes {
    /// Per cell, row by row, the candidates to pencil in (bit `d − 1`); empty for none. Cells
    /// that show a digit (a given, or one of the picture's filled digits) get none.
    pub candidates: Vec<u64>,
    /// Cells shaded as the pattern of a step.
    pub cells: Vec<Cell>,
    /// Pencil marks drawn other than plain (a candidate not in `candidates` is drawn too).
    pub marks: Vec<(Cell, u8, Pencil)>,
    /// Lines of text under the grid (a step's sentence), wrapped to the grid's width.
    pub caption: Vec<String>,
}

impl Notes {
    /// The style of candidate `d` of cell `k` (the last mark given for it wins).
    fn pencil(&self, cell: Cell, d: u8) -> Option<Pencil> {
        self.marks.iter().rev().find(|(c, digit, _)| *c == cell && *digit == d).map(|m| m.2)
    }
}

/// Shade the pattern's cells (under the grid lines, as rule shading is).
pub(crate) fn shading(notes: &Notes, n: usize, shade: &mut [Option<&'static str>]) {
    for cell in notes.cells.iter().filter(|c| (c.row as usize) < n && (c.col as usize) < n) {
        shade[cell.index(n)] = Some(PATTERN_CELL);
    }
}

/// Pencil marks: each digit `d` in its place of a `rows`×`cols` block inside the cell.
pub(crate) fn pencil_marks(canvas: &mut Canvas, f: &Frame, notes: &Notes, box_shape: (usize, usize), shown: &Grid) {
    let n = f.n;
    let (rows, cols) = box_shape;
    let slot = CELL / rows.max(cols) as f64;
    let widest = (1..=n).map(|v| Canvas::text_width(&label(v, n), 1.0)).fold(0.0, f64::max);
    let cap = (0.5 * slot).min(0.8 * slot / widest.max(f64::EPSILON));
    let mut wanted: Vec<(Cell, u8)> = Vec::new();
    for (k, &mask) in notes.candidates.iter().enumerate().take(n * n) {
        for d in 1..=n.min(64) {
            if mask >> (d - 1) & 1 == 1 {
                wanted.push((Cell::from_index(k, n), d as u8));
            }
        }
    }
    wanted.extend(notes.marks.iter().map(|&(c, d, _)| (c, d)));
    wanted.retain(|&(c, d)| f.inside(c) && (1..=n).contains(&(d as usize)) && shown.get(c) == 0);
    wanted.sort_unstable();
    wanted.dedup();
    for (cell, d) in wanted {
        let i = usize::from(d) - 1;
        let (x0, y0) = f.point(f64::from(cell.row), f64::from(cell.col));
        let centre =
            (x0 + ((i % cols) as f64 + 0.5) * CELL / cols as f64, y0 + ((i / cols) as f64 + 0.5) * CELL / rows as f64);
        let style = notes.pencil(cell, d).unwrap_or(Pencil::Plain);
        let disc = match style {
            Pencil::Pattern => Some(PATTERN_DISC),
            Pencil::Removed => Some(REMOVED_DISC),
            _ => None,
        };
        if let Some(fill) = disc {
            canvas.push(format!(
                r#"<circle cx="{}" cy="{}" r="{}" fill="{fill}"/>"#,
                num(centre.0),
                num(centre.1),
                num(0.45 * slot)
            ));
        }
        let ink = match style {
            Pencil::OneSolution => Ink { fill: ONE_SOLUTION, weight: BOLD, halo: None },
            Pencil::FewSolutions => Ink::plain(FEW_SOLUTIONS),
            _ => Ink::plain(PENCIL),
        };
        canvas.text(&label(usize::from(d), n), centre, cap, Anchor::Centre, ink);
    }
}

/// `text` broken into lines of at most `width` characters, at spaces.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_words_whole_and_lines_short() {
        assert_eq!(
            wrap("Hidden single: in box 5, 7 fits only in r5c6", 20),
            ["Hidden single: in", "box 5, 7 fits only", "in r5c6"]
        );
        assert_eq!(wrap("  ", 10), Vec::<String>::new());
        assert_eq!(wrap("averyveryverylongword x", 5), ["averyveryverylongword", "x"]);
    }
}

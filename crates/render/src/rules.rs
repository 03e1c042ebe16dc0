//! How rules are drawn: each rule file in the model says which shapes its rule is
//! ([`Rule::draw`], [`Mark`]); this module paints them the way setters draw them:
//!
//! | mark | drawing |
//! | --- | --- |
//! | shade | the cells filled (windows grey, extra regions one pastel each); a cell under shades of two or more colours shows each in a strip |
//! | line | a polyline (the diagonals) |
//! | thermometer | a thick grey line through the cells, a round bulb on the first |
//! | arrow | a circle on the sum cell, a line through the arrow's cells, an arrowhead |
//! | disc, square | a grey circle (odd) or square (even) in the cell |
//! | cage | a dashed outline inset from the cell borders; the sum small in the top-left corner, over every line |
//! | dot | a white or black dot on the edge between the two cells |
//! | edge text | an X or a V on the edge between the two cells |
//! | circle | a circle anywhere, over the region borders (between-line ends, quadruples) |
//! | text | text centred on a point, over the region borders; outside the grid it widens the margin (little killer) |
//! | caption | a line under the grid (anti-knight, "all dots given", any rule without a shape) |
//!
//! Jigsaw regions are not a rule but the geometry: [`draw`](crate::draw) draws their borders
//! thick like boxes.

use std::collections::HashMap;

use sudoku_ip_model::rules::draw::Width;
use sudoku_ip_model::rules::Mark;
use sudoku_ip_model::{Cell, Geometry, Rule};

use crate::draw::{Frame, CELL, GIVEN, PAPER};
use crate::svg::{num, Anchor, Canvas, Ink, BOLD};

/// Every rule's marks, in rule order.
pub(crate) fn marks_of(rules: &[Rule], geometry: &Geometry) -> Vec<Mark> {
    rules.iter().flat_map(|r| r.draw(geometry)).collect()
}

/// Colours of the cells the marks shade; a later shade wins.
pub(crate) fn shading(marks: &[Mark], n: usize, shade: &mut [Option<&'static str>]) {
    for mark in marks {
        if let Mark::Shade { cells, colour } = mark {
            for cell in cells.iter().filter(|c| (c.row as usize) < n && (c.col as usize) < n) {
                shade[cell.index(n)] = Some(colour);
            }
        }
    }
}

/// Cells that shades of two or more colours cover (a row and a column indexer at once), with
/// their colours in mark order: drawn side by side in strips, so that no shade hides another.
pub(crate) fn shared_shades(marks: &[Mark], n: usize) -> Vec<(usize, Vec<&'static str>)> {
    let mut colours: Vec<Vec<&'static str>> = vec![Vec::new(); n * n];
    for mark in marks {
        if let Mark::Shade { cells, colour } = mark {
            for cell in cells.iter().filter(|c| (c.row as usize) < n && (c.col as usize) < n) {
                let here = &mut colours[cell.index(n)];
                if !here.contains(colour) {
                    here.push(colour);
                }
            }
        }
    }
    colours.into_iter().enumerate().filter(|(_, here)| here.len() > 1).collect()
}

/// Cell `i` filled with `colours` side by side, in strips of equal width.
pub(crate) fn strips(canvas: &mut Canvas, f: &Frame, i: usize, colours: &[&str]) {
    let (x, y) = f.point((i / f.n) as f64, (i % f.n) as f64);
    let w = CELL / colours.len() as f64;
    for (k, colour) in colours.iter().enumerate() {
        canvas.push(format!(
            r#"<rect x="{}" y="{}" width="{}" height="{CELL}" fill="{colour}"/>"#,
            num(x + k as f64 * w),
            num(y),
            num(w)
        ));
    }
}

/// Shapes drawn over the cell lines and under the region borders.
pub(crate) fn overlay(marks: &[Mark], f: &Frame, canvas: &mut Canvas) {
    for mark in marks {
        match mark {
            Mark::Line { points, colour, width } => {
                let points: Vec<(f64, f64)> = points.iter().map(|&(r, c)| f.point(r, c)).collect();
                let d = polyline(&points);
                canvas.push(match *width {
                    // A thin straight line, as the grid's own.
                    Width::Lines(k) => format!(r#"<path d="{d}" stroke="{colour}" stroke-width="{}"/>"#, num(f.thin * k)),
                    // A setter's line: thick, with round ends and joints.
                    Width::Cells(k) => format!(
                        r#"<path d="{d}" fill="none" stroke="{colour}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round"/>"#,
                        num(k * CELL)
                    ),
                });
            }
            Mark::Disc { cell, radius, colour } if f.inside(*cell) => {
                let (x, y) = f.centre(*cell);
                canvas.push(format!(
                    r#"<circle cx="{}" cy="{}" r="{}" fill="{colour}"/>"#,
                    num(x),
                    num(y),
                    num(radius * CELL)
                ));
            }
            Mark::Square { cell, side, colour } if f.inside(*cell) => {
                let (x, y) = f.centre(*cell);
                let s = side * CELL;
                canvas.push(format!(
                    r#"<rect x="{}" y="{}" width="{2}" height="{2}" fill="{colour}"/>"#,
                    num(x - s / 2.0),
                    num(y - s / 2.0),
                    num(s)
                ));
            }
            Mark::Thermometer { cells, colour } => thermometer(f, canvas, cells, colour),
            Mark::Arrow { circle, cells, colour } => arrow(f, canvas, *circle, cells, colour),
            Mark::Cage { cells, .. } => killer_cage(f, canvas, cells),
            _ => {}
        }
    }
}

/// Whether any cage has a label in its corner (digits then make room for it).
pub(crate) fn has_corner_labels(marks: &[Mark]) -> bool {
    marks.iter().any(|m| matches!(m, Mark::Cage { label: Some(_), .. }))
}

/// Marks drawn over the region borders: on the edges between cells, and cage sums (over the
/// diagonals and every other line, whatever the rules' order).
pub(crate) fn edge_marks(marks: &[Mark], f: &Frame, canvas: &mut Canvas, shade: &[Option<&'static str>]) {
    let on_grid = |(a, b): (Cell, Cell)| f.inside(a) && f.inside(b);
    for mark in marks {
        match mark {
            Mark::Dot { between, filled } if on_grid(*between) => {
                let (x, y) = f.between(between.0, between.1);
                let r = num(0.13 * CELL);
                if *filled {
                    canvas.push(format!(r#"<circle cx="{}" cy="{}" r="{r}" fill="{GIVEN}"/>"#, num(x), num(y)));
                } else {
                    let w = num(0.03 * CELL);
                    canvas.push(format!(
                        r#"<circle cx="{}" cy="{}" r="{r}" fill="{PAPER}" stroke="{GIVEN}" stroke-width="{w}"/>"#,
                        num(x),
                        num(y)
                    ));
                }
            }
            Mark::EdgeText { between, text } if on_grid(*between) => {
                let ink = Ink { fill: GIVEN, weight: BOLD, halo: Some(PAPER) };
                canvas.text(text, f.between(between.0, between.1), 0.34 * CELL, Anchor::Centre, ink);
            }
            Mark::Cage { cells, label: Some(label) } => cage_sum(f, canvas, cells, label, shade),
            Mark::Circle { centre: (r, c), radius, fill, stroke } => {
                let (x, y) = f.point(*r, *c);
                canvas.push(format!(
                    r#"<circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="{stroke}" stroke-width="{}"/>"#,
                    num(x),
                    num(y),
                    num(radius * CELL),
                    num(0.03 * CELL)
                ));
            }
            Mark::Text { at: (r, c), text, size } => {
                let ink = Ink { fill: GIVEN, weight: 0.0, halo: None };
                canvas.text(text, f.point(*r, *c), size * CELL, Anchor::Centre, ink);
            }
            _ => {}
        }
    }
}

/// How far the marks reach outside the grid, in cells (0 when they stay inside): outside
/// clues need that much more margin.
pub(crate) fn reach_outside(marks: &[Mark], n: usize) -> f64 {
    let out = |v: f64| (-v).max(v - n as f64).max(0.0);
    marks
        .iter()
        .filter_map(|m| match m {
            Mark::Text { at: (r, c), size, .. } => Some(out(*r).max(out(*c)) + size),
            _ => None,
        })
        .fold(0.0, f64::max)
}

/// The captions among the marks.
pub(crate) fn captions(marks: &[Mark]) -> Vec<String> {
    marks
        .iter()
        .filter_map(|m| match m {
            Mark::Caption(text) => Some(text.clone()),
            _ => None,
        })
        .collect()
}

fn polyline(points: &[(f64, f64)]) -> String {
    let mut d = String::new();
    for (i, (x, y)) in points.iter().enumerate() {
        d.push(if i == 0 { 'M' } else { 'L' });
        d.push_str(&format!("{} {}", num(*x), num(*y)));
    }
    d
}

fn thermometer(f: &Frame, canvas: &mut Canvas, cells: &[Cell], colour: &str) {
    let Some(&bulb) = cells.first().filter(|c| f.inside(**c)) else { return };
    let points: Vec<(f64, f64)> = cells.iter().filter(|c| f.inside(**c)).map(|&c| f.centre(c)).collect();
    if points.len() > 1 {
        canvas.push(format!(
            r#"<path d="{}" fill="none" stroke="{colour}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round"/>"#,
            polyline(&points),
            num(0.28 * CELL)
        ));
    }
    let (x, y) = f.centre(bulb);
    canvas.push(format!(r#"<circle cx="{}" cy="{}" r="{}" fill="{colour}"/>"#, num(x), num(y), num(0.38 * CELL)));
}

/// How far an arrow's tip stops before the centre of its last cell, in cells: past the half
/// width of a digit.
const ARROW_TIP_SHORT: f64 = 0.3;

fn arrow(f: &Frame, canvas: &mut Canvas, circle: Cell, cells: &[Cell], colour: &str) {
    if !f.inside(circle) {
        return;
    }
    let r = 0.38 * CELL;
    let w = num(0.05 * CELL);
    let (cx, cy) = f.centre(circle);
    canvas.push(format!(
        r#"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{colour}" stroke-width="{w}"/>"#,
        num(cx),
        num(cy),
        num(r)
    ));
    let centres: Vec<(f64, f64)> = cells.iter().filter(|c| f.inside(**c)).map(|&c| f.centre(c)).collect();
    let Some(&first) = centres.first() else { return };
    // The shaft leaves the circle's rim towards the first cell and ends in a head on the last.
    let unit = |(ax, ay): (f64, f64), (bx, by): (f64, f64)| {
        let len = ((bx - ax).powi(2) + (by - ay).powi(2)).sqrt().max(f64::EPSILON);
        ((bx - ax) / len, (by - ay) / len)
    };
    let (ux, uy) = unit((cx, cy), first);
    let mut points = vec![(cx + ux * r, cy + uy * r)];
    points.extend(&centres);
    // The tip stops short of the last cell's centre, so the head shows beside its digit.
    let end = points[points.len() - 1];
    let (dx, dy) = unit(points[points.len() - 2], end);
    let tip = (end.0 - dx * ARROW_TIP_SHORT * CELL, end.1 - dy * ARROW_TIP_SHORT * CELL);
    let last = points.len() - 1;
    points[last] = tip;
    let head = 0.3 * CELL;
    let (cos, sin) = (0.766, 0.643); // 40 degrees either side of the shaft
    let back = |s: f64| (tip.0 - head * (dx * cos - s * dy * sin), tip.1 - head * (dy * cos + s * dx * sin));
    let (l, rr) = (back(1.0), back(-1.0));
    canvas.push(format!(
        r#"<path d="{}M{} {}L{} {}L{} {}" fill="none" stroke="{colour}" stroke-width="{w}" stroke-linecap="round" stroke-linejoin="round"/>"#,
        polyline(&points),
        num(l.0),
        num(l.1),
        num(tip.0),
        num(tip.1),
        num(rr.0),
        num(rr.1)
    ));
}

/// Inset of a cage outline from the cell borders, in cells.
const CAGE_INSET: f64 = 0.1;

/// The cage's outline shrunk by [`CAGE_INSET`], as closed loops of points (corners only).
///
/// Every cell side on the cage's boundary gives one segment, parallel to it and inset, walked
/// clockwise. Its ends depend on the next cell along the side and the cell diagonally beyond:
///
/// ```text
///   next cell out of the cage   → stop short by the inset   (outer corner)
///   next in, diagonal out       → run to the cell border    (straight on)
///   next in, diagonal in        → run past it by the inset  (inner corner)
/// ```
///
/// so consecutive segments meet end to start exactly and chain into loops, and the dashes run
/// on unbroken around each loop.
fn cage_loops(n: usize, cells: &[Cell]) -> Vec<Vec<(i64, i64)>> {
    let inside: std::collections::HashSet<(i64, i64)> = cells
        .iter()
        .filter(|c| (c.row as usize) < n && (c.col as usize) < n)
        .map(|c| (i64::from(c.row), i64::from(c.col)))
        .collect();
    let is_in = |r: i64, c: i64| inside.contains(&(r, c));
    // Integer coordinates in hundredths of a cell, (x, y).
    let (half, inset) = (50_i64, (CAGE_INSET * 100.0).round() as i64);
    // Outward normal and clockwise direction of each side, as (dr, dc).
    const SIDES: [((i64, i64), (i64, i64)); 4] =
        [((-1, 0), (0, 1)), ((0, 1), (1, 0)), ((1, 0), (0, -1)), ((0, -1), (-1, 0))];
    let mut next: HashMap<(i64, i64), (i64, i64)> = HashMap::new();
    let mut sorted: Vec<(i64, i64)> = inside.iter().copied().collect();
    sorted.sort_unstable();
    for &(r, c) in &sorted {
        for &((or, oc), (tr, tc)) in &SIDES {
            if is_in(r + or, c + oc) {
                continue;
            }
            let reach = |s: i64| {
                let (nr, nc) = (r + s * tr, c + s * tc);
                match (is_in(nr, nc), is_in(nr + or, nc + oc)) {
                    (false, _) => half - inset,
                    (true, false) => half,
                    (true, true) => half + inset,
                }
            };
            let (cx, cy) = (c * 100 + half, r * 100 + half);
            let (ex, ey) = (cx + oc * (half - inset), cy + or * (half - inset));
            let start = (ex - tc * reach(-1), ey - tr * reach(-1));
            let end = (ex + tc * reach(1), ey + tr * reach(1));
            next.insert(start, end);
        }
    }
    let mut loops = Vec::new();
    let mut starts: Vec<(i64, i64)> = next.keys().copied().collect();
    starts.sort_unstable();
    for s in starts {
        let mut p = s;
        let mut points = Vec::new();
        while let Some(q) = next.remove(&p) {
            points.push(p);
            p = q;
        }
        if points.len() < 2 {
            continue;
        }
        // Keep corners only: drop points where the line goes straight on.
        let k = points.len();
        let corners: Vec<(i64, i64)> = (0..k)
            .filter(|&i| {
                let (a, b, c) = (points[(i + k - 1) % k], points[i], points[(i + 1) % k]);
                (b.0 - a.0) * (c.1 - b.1) != (b.1 - a.1) * (c.0 - b.0)
            })
            .map(|i| points[i])
            .collect();
        loops.push(corners);
    }
    loops
}

fn killer_cage(f: &Frame, canvas: &mut Canvas, cells: &[Cell]) {
    let mut d = String::new();
    for points in cage_loops(f.n, cells) {
        for (i, &(x, y)) in points.iter().enumerate() {
            let (px, py) = f.point(y as f64 / 100.0, x as f64 / 100.0);
            d.push(if i == 0 { 'M' } else { 'L' });
            d.push_str(&format!("{} {}", num(px), num(py)));
        }
        d.push('Z');
    }
    if d.is_empty() {
        return;
    }
    canvas.push(format!(
        r##"<path d="{d}" fill="none" stroke="#000000" stroke-width="{}" stroke-dasharray="{} {}"/>"##,
        num(0.022 * CELL),
        num(0.07 * CELL),
        num(0.05 * CELL)
    ));
}

/// Capital height of a cage sum, in cells: large enough to read on a six-a-page sheet (7 pt
/// type there), and clear of a digit of [`crate::draw::KILLER_DIGIT_CAP`] in the same cell.
pub(crate) const CAGE_SUM_CAP: f64 = 0.21;
/// Offset of a cage sum from its cell's top-left corner, in cells.
const CAGE_SUM_AT: f64 = 0.045;

fn cage_sum(f: &Frame, canvas: &mut Canvas, cells: &[Cell], text: &str, shade: &[Option<&'static str>]) {
    let Some(&corner) = cells.iter().filter(|c| f.inside(**c)).min() else {
        return;
    };
    // The sum sits in the top-left cell's corner on a patch of the cell's own colour, which
    // cuts the dashed line the way printed killers do.
    let cap = CAGE_SUM_CAP * CELL;
    let (x0, y0) = f.point(f64::from(corner.row), f64::from(corner.col));
    let (x, y) = (x0 + CAGE_SUM_AT * CELL, y0 + CAGE_SUM_AT * CELL);
    let pad = 0.025 * CELL;
    let bg = shade.get(corner.index(f.n)).copied().flatten().unwrap_or(PAPER);
    canvas.push(format!(
        r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{bg}"/>"#,
        num(x - pad),
        num(y - pad),
        num(Canvas::text_width(text, cap) + 2.0 * pad),
        num(cap + 2.0 * pad)
    ));
    canvas.text(text, (x, y), cap, Anchor::TopLeft, Ink::plain(GIVEN));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(r: usize, col: usize) -> Cell {
        Cell::new(r - 1, col - 1)
    }

    #[test]
    fn cage_sums_print_in_seven_point_type_six_a_page_and_stay_above_the_digit() {
        // A 9x9 picture is 9 cells and two margins wide; capitals are about 0.7 of the type size.
        let cell_mm = crate::sheet::sheet_layout(6).tile_mm * CELL / (9.0 * CELL + 2.0 * crate::draw::MARGIN);
        let points = CAGE_SUM_CAP * cell_mm / 0.7 / (25.4 / 72.0);
        assert!(points >= 7.0, "a 9x9 cage sum prints in {points:.1} pt type");
        // A gap of 0.04 cells at least: round digits overshoot their capital height.
        let digit_top = 0.5 - crate::draw::KILLER_DIGIT_CAP / 2.0;
        assert!(CAGE_SUM_AT + CAGE_SUM_CAP + 0.04 <= digit_top, "the sum reaches down to the digit");
    }

    #[test]
    fn a_single_cell_cage_is_an_inset_square() {
        let loops = cage_loops(9, &[c(1, 1)]);
        assert_eq!(loops, vec![vec![(10, 10), (90, 10), (90, 90), (10, 90)]]);
    }

    #[test]
    fn an_l_shaped_cage_has_one_loop_with_an_inner_corner() {
        // r1c1, r2c1, r2c2: six corners, the inner one at (110, 90).
        let loops = cage_loops(9, &[c(1, 1), c(2, 1), c(2, 2)]);
        assert_eq!(loops.len(), 1);
        let mut l = loops[0].clone();
        l.sort_unstable();
        let mut expected = vec![(10, 10), (90, 10), (90, 110), (190, 110), (190, 190), (10, 190)];
        expected.sort_unstable();
        assert_eq!(l, expected);
    }

    #[test]
    fn cells_touching_at_a_corner_make_two_loops() {
        assert_eq!(cage_loops(9, &[c(1, 1), c(2, 2)]).len(), 2);
        // A ring around a hole: an outer and an inner loop.
        let ring: Vec<Cell> = (1..=3).flat_map(|r| (1..=3).map(move |k| c(r, k))).filter(|&x| x != c(2, 2)).collect();
        let loops = cage_loops(9, &ring);
        assert_eq!(loops.len(), 2);
        assert!(loops.iter().all(|l| l.len() == 4), "{loops:?}");
    }

    #[test]
    fn every_rule_without_a_mark_has_a_caption() {
        use sudoku_ip_model::rules::{AntiKnight, Diagonal, Killer};
        let g = Geometry::new(9, None).expect("9x9");
        let caption = |rule: Rule| captions(&marks_of(&[rule], &g));
        assert_eq!(caption(AntiKnight.into()), ["anti-knight: equal digits are never a knight's move apart"]);
        assert!(caption(Diagonal.into()).is_empty());
        assert_eq!(caption(Killer { cages: vec![], distinct: false }.into()).len(), 1);
        assert!(caption(Killer { cages: vec![], distinct: true }.into()).is_empty());
    }
}

//! The rules' marks alone, for a page that draws its own grid, digits and editor: the same
//! drawing as the pictures' ([`crate::rules`]), cut into the layers a board stacks around its
//! cells, with no background, cell lines, region borders or digits.
//!
//! Units: a cell is 100 units and the grid's top-left corner is the origin, so a
//! page whose layers count one unit a cell scales the fragments by `0.01`. Each rule's marks
//! are one `<g data-rule="NAME">` (the rule's registry name) in each layer where it draws, and
//! each text (drawn as glyph paths) says what it reads in a `data-text` attribute.

use std::collections::BTreeSet;

use sudoku_ip_model::rules::Mark;
use sudoku_ip_model::{Cell, Puzzle};

use crate::draw::Frame;
use crate::glyphs;
use crate::rules;
use crate::svg::Canvas;

/// A cage outline among the marks: its cells, and whether it has a label in its corner (a
/// page keeps its pencil marks clear of it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CageOutline {
    /// The cage's cells.
    pub cells: Vec<Cell>,
    /// Whether a label (a total) sits in the top-left cell's corner.
    pub labelled: bool,
}

/// The rules' marks as SVG fragments (elements, no root), in grid units of 100 a cell.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RuleLayers {
    /// Glyph definitions (`<path id=…>`) the text of the other fragments uses: put them once
    /// in the document, before or beside the layers.
    pub defs: String,
    /// Under the digits: shading, lines, thermometers, arrows, odd/even shapes, cage outlines,
    /// and circles and text inside a cell (line ends, labels).
    pub under: String,
    /// Over the cells and region borders: what sits on the grid's lines — edge dots, X/V,
    /// circles and text on an edge or a vertex — and cage totals.
    pub over: String,
    /// Text outside the grid (outside clues: little killer, sandwich, …), in the same units:
    /// negative or beyond `n × CELL`.
    pub outside: String,
    /// The cage outlines drawn.
    pub cages: Vec<CageOutline>,
    /// Lines of text for rules without a shape on the grid (anti-knight, "all dots given").
    pub captions: Vec<String>,
}

/// Whether a mark stands outside the grid: a text, or a line all of whose points are.
fn outside(mark: &Mark, n: usize) -> bool {
    let beyond = |&(r, c): &(f64, f64)| [r, c].iter().any(|&v| v < 0.0 || v > n as f64);
    match mark {
        Mark::Text { at, .. } => beyond(at),
        Mark::Line { points, .. } => !points.is_empty() && points.iter().all(beyond),
        _ => false,
    }
}

/// Whether a mark sits on the grid's lines, over a page's cells: a dot or X/V on an edge, a
/// circle or text centred on an edge or a vertex (quadruples, valued dots), a cage (its total
/// on a patch of paper). Circles and text inside a cell (line ends, labels) lie under the
/// digits, as in the pictures.
fn on_lines(mark: &Mark) -> bool {
    let on = |v: f64| (v - v.round()).abs() < 1e-9;
    match mark {
        Mark::Dot { .. } | Mark::EdgeText { .. } | Mark::Cage { .. } => true,
        Mark::Circle { centre: (r, c), .. } | Mark::Text { at: (r, c), .. } => on(*r) || on(*c),
        _ => false,
    }
}

/// Each rule's marks of `puzzle`, drawn as the pictures draw them, in layers.
pub fn rule_layers(puzzle: &Puzzle) -> RuleLayers {
    let n = puzzle.n();
    let scale = (n as f64 / 9.0).sqrt().max(1.0);
    let thin = 1.5 * scale;
    let frame = Frame { n, origin: (0.0, 0.0), thin, thick: (thin * 3.3).round() };
    let mut out = RuleLayers::default();
    let mut used: BTreeSet<char> = BTreeSet::new();
    let mut group = |layer: &mut String, name: &str, canvas: Canvas| {
        let (body, glyphs) = canvas.finish();
        used.extend(glyphs);
        if !body.is_empty() {
            layer.push_str(&format!("<g data-rule=\"{name}\">\n{body}</g>\n"));
        }
    };
    for rule in puzzle.rules() {
        let marks = rule.draw(puzzle.geometry());
        let name = rule.name();
        let (far, near): (Vec<Mark>, Vec<Mark>) = marks.into_iter().partition(|m| outside(m, n));
        // Under: the rule's shading (a cell under shades of two colours in strips), then its shapes.
        let mut under = Canvas::tagged();
        let mut shade: Vec<Option<&'static str>> = vec![None; n * n];
        rules::shading(&near, n, &mut shade);
        let shared = rules::shared_shades(&near, n);
        for (i, colour) in shade.iter().enumerate() {
            let Some(colour) = colour else { continue };
            let strips: Vec<&str> =
                shared.iter().find(|(k, _)| *k == i).map_or_else(|| vec![*colour], |(_, c)| c.clone());
            rules::strips(&mut under, &frame, i, &strips);
        }
        rules::overlay(&near, &frame, &mut under);
        let (over_lines, in_cells): (Vec<Mark>, Vec<Mark>) = near.iter().cloned().partition(on_lines);
        rules::edge_marks(&in_cells, &frame, &mut under, &shade);
        group(&mut out.under, name, under);
        let mut over = Canvas::tagged();
        rules::edge_marks(&over_lines, &frame, &mut over, &shade);
        group(&mut out.over, name, over);
        let mut beyond = Canvas::tagged();
        rules::overlay(&far, &frame, &mut beyond);
        rules::edge_marks(&far, &frame, &mut beyond, &shade);
        group(&mut out.outside, name, beyond);
        for mark in &near {
            if let Mark::Cage { cells, label } = mark {
                out.cages.push(CageOutline { cells: cells.clone(), labelled: label.is_some() });
            }
        }
        out.captions.extend(rules::captions(&near));
    }
    out.defs = glyphs::defs(&used);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_ip_formats::parse_puzzle;

    #[test]
    fn each_rule_is_a_group_in_the_layers_it_draws_in() {
        let text = r#"{"size": 9, "rules": [
            {"type": "renban", "lines": [["r1c1", "r1c2", "r1c3"]]},
            {"type": "killer", "cages": [{"cells": ["r5c5", "r5c6"], "sum": 12}]},
            {"type": "little-killer", "clues": [{"cells": ["r1c2", "r2c1"], "sum": 7}]},
            {"type": "anti-knight"}]}"#;
        let puzzle = parse_puzzle(text, &Default::default()).expect("a puzzle");
        let layers = rule_layers(&puzzle);
        assert!(layers.under.contains("<g data-rule=\"renban\">"), "{}", layers.under);
        assert!(layers.under.contains("<g data-rule=\"killer\">"), "{}", layers.under);
        assert!(layers.over.contains("<g data-rule=\"killer\">"), "the total: {}", layers.over);
        assert!(layers.over.contains("data-text=\"12\""), "the total says what it reads: {}", layers.over);
        assert!(!layers.over.contains("renban"), "a renban has nothing over the borders: {}", layers.over);
        assert!(layers.outside.contains("<g data-rule=\"little-killer\">"), "{}", layers.outside);
        assert_eq!(layers.cages, vec![CageOutline { cells: vec![Cell::new(4, 4), Cell::new(4, 5)], labelled: true }]);
        assert_eq!(layers.captions.len(), 1, "anti-knight's caption");
        for digit in ['1', '2', '7'] {
            assert!(layers.defs.contains(&format!("id=\"{}\"", glyphs::glyph_id(digit))), "{digit}: {}", layers.defs);
        }
    }
}

//! Glyph outlines of the embedded font, as SVG path data.
//!
//! Text in our pictures is never SVG `<text>`: each character used is one `<path>` in `<defs>`
//! (in font units, y pointing down, baseline at 0) and every occurrence is a `<use>` scaled into
//! place. The picture then needs no font anywhere — not in a browser, not in resvg, not in the
//! PDF — and draws the same on every machine.
//!
//! The font is Hack Regular (shipped by `epaint_default_fonts`): monospaced, so digits line
//! up, with unambiguous 0/O and 1/I/l. Givens get their weight from a stroke in the fill colour
//! rather than from a second, bold font file.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::sync::OnceLock;

use ttf_parser::{Face, GlyphId, OutlineBuilder};

/// The parsed font and the metrics layout needs.
pub(crate) struct Font {
    face: Face<'static>,
    /// Height of capital letters and digits above the baseline, in font units.
    pub cap: f64,
}

/// The embedded font, parsed once.
pub(crate) fn font() -> &'static Font {
    static FONT: OnceLock<Font> = OnceLock::new();
    FONT.get_or_init(|| {
        // The bytes are compiled in; a parse failure is a broken build, not bad input.
        let face = Face::parse(epaint_default_fonts::HACK_REGULAR, 0).expect("the embedded Hack font parses");
        let cap =
            face.capital_height().map(f64::from).filter(|&h| h > 0.0).unwrap_or(0.7 * f64::from(face.units_per_em()));
        Font { face, cap }
    })
}

impl Font {
    /// The glyph drawn for `ch`: its own, or `?` when the font lacks it.
    fn glyph(&self, ch: char) -> Option<GlyphId> {
        self.face.glyph_index(ch).or_else(|| self.face.glyph_index('?'))
    }

    /// Horizontal advance of `ch`, in font units.
    pub fn advance(&self, ch: char) -> f64 {
        self.glyph(ch).and_then(|g| self.face.glyph_hor_advance(g)).map_or(0.0, f64::from)
    }

    /// Advance of a whole string, in font units.
    pub fn width(&self, text: &str) -> f64 {
        text.chars().map(|c| self.advance(c)).sum()
    }

    /// SVG path data of `ch` in font units, y down, origin on the baseline; empty for blank
    /// glyphs (space).
    pub fn path(&self, ch: char) -> String {
        let mut out = PathData(String::new());
        if let Some(g) = self.glyph(ch) {
            self.face.outline_glyph(g, &mut out);
        }
        out.0.trim_end().to_string()
    }
}

/// Collects outline commands as path data. TrueType coordinates are integers, so the data is
/// exact and stable.
struct PathData(String);

impl PathData {
    fn pt(&mut self, x: f32, y: f32) {
        let _ = write!(self.0, "{} {} ", crate::svg::num(f64::from(x)), crate::svg::num(-f64::from(y)));
    }
}

impl OutlineBuilder for PathData {
    fn move_to(&mut self, x: f32, y: f32) {
        self.0.push('M');
        self.pt(x, y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.0.push('L');
        self.pt(x, y);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.0.push('Q');
        self.pt(x1, y1);
        self.pt(x, y);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.0.push('C');
        self.pt(x1, y1);
        self.pt(x2, y2);
        self.pt(x, y);
    }
    fn close(&mut self) {
        self.0.push_str("Z ");
    }
}

/// The `id` of a character's glyph in `<defs>`.
pub(crate) fn glyph_id(ch: char) -> String {
    format!("g{:x}", ch as u32)
}

/// `<defs>` content for the characters used, in a stable order.
pub(crate) fn defs(used: &BTreeSet<char>) -> String {
    let font = font();
    let mut out = String::new();
    for &ch in used {
        let d = font.path(ch);
        if !d.is_empty() {
            let _ = writeln!(out, r#"<path id="{}" d="{d}"/>"#, glyph_id(ch));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_symbol_has_an_outline() {
        let f = font();
        for ch in ('0'..='9').chain('A'..='Z') {
            assert!(f.path(ch).starts_with('M'), "{ch} has no outline");
            assert!(f.advance(ch) > 0.0);
        }
        assert!(f.path(' ').is_empty());
        assert!(f.cap > 0.0);
    }

    #[test]
    fn the_font_is_monospaced_for_digits() {
        let f = font();
        let w = f.advance('1');
        assert!(('0'..='9').chain('A'..='Z').all(|c| f.advance(c) == w));
        assert_eq!(f.width("12"), 2.0 * w);
    }
}

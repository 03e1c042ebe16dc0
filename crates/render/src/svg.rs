//! A small SVG writer: the body of a picture, the glyphs it uses, and number formatting that
//! keeps the output stable (snapshot tests compare it byte for byte).

use std::collections::BTreeSet;
use std::fmt::Write as _;

use crate::glyphs::{self, font};

/// `v` with at most 2 decimals, no trailing zeros, never `-0`.
pub(crate) fn num(v: f64) -> String {
    fixed(v, 2)
}

/// `v` with at most `decimals` decimals, no trailing zeros, never `-0`.
pub(crate) fn fixed(v: f64, decimals: usize) -> String {
    let mut s = format!("{v:.decimals$}");
    if s.contains('.') {
        while s.ends_with('0') {
            s.pop();
        }
        if s.ends_with('.') {
            s.pop();
        }
    }
    if s == "-0" {
        s = "0".into();
    }
    s
}

/// Where a text's reference point is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Anchor {
    /// The point is the middle of the text: half its advance, half the capital height.
    Centre,
    /// The point is the top-left corner of the capitals.
    TopLeft,
}

/// How a text is painted.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ink<'a> {
    /// Fill colour.
    pub fill: &'a str,
    /// Extra weight: a stroke of this many font units in the fill colour (0: none).
    pub weight: f64,
    /// A halo of this colour drawn under the text, to cut through lines it sits on.
    pub halo: Option<&'a str>,
}

impl<'a> Ink<'a> {
    pub fn plain(fill: &'a str) -> Ink<'a> {
        Ink { fill, weight: 0.0, halo: None }
    }
}

/// Font units of stroke that make Hack Regular read as bold.
pub(crate) const BOLD: f64 = 110.0;

/// The body of a picture being drawn, in user units, and the glyphs it uses.
#[derive(Default)]
pub(crate) struct Canvas {
    body: String,
    glyphs: BTreeSet<char>,
    /// Say each text in a `data-text` attribute too (a page's fragments: the glyphs are paths).
    pub tag_text: bool,
}

impl Canvas {
    /// A canvas whose texts say what they read in `data-text` (a page's fragments).
    pub fn tagged() -> Canvas {
        Canvas { tag_text: true, ..Canvas::default() }
    }

    /// Append one element (a line of SVG).
    pub fn push(&mut self, element: impl AsRef<str>) {
        self.body.push_str(element.as_ref());
        self.body.push('\n');
    }

    /// Width of `text` at capital height `cap`, in user units.
    pub fn text_width(text: &str, cap: f64) -> f64 {
        let f = font();
        f.width(text) * cap / f.cap
    }

    /// Draw `text` with capitals `cap` units high.
    pub fn text(&mut self, text: &str, (x, y): (f64, f64), cap: f64, anchor: Anchor, ink: Ink<'_>) {
        let f = font();
        let k = cap / f.cap;
        let (x0, baseline) = match anchor {
            Anchor::Centre => (x - f.width(text) * k / 2.0, y + cap / 2.0),
            Anchor::TopLeft => (x, y + cap),
        };
        let mut uses = String::new();
        let mut advance = 0.0;
        for ch in text.chars() {
            if !ch.is_whitespace() {
                self.glyphs.insert(ch);
                let dx = if advance == 0.0 { String::new() } else { format!(r#" x="{}""#, num(advance)) };
                let _ = write!(uses, r##"<use xlink:href="#{}"{dx}/>"##, glyphs::glyph_id(ch));
            }
            advance += f.advance(ch);
        }
        if uses.is_empty() {
            return;
        }
        let place = format!("translate({} {}) scale({})", num(x0), num(baseline), fixed(k, 5));
        if let Some(halo) = ink.halo {
            let w = num(ink.weight + 260.0);
            self.push(format!(
                r#"<g transform="{place}" fill="{halo}" stroke="{halo}" stroke-width="{w}" stroke-linejoin="round">{uses}</g>"#
            ));
        }
        let tag = if self.tag_text { format!(r#" data-text="{}""#, attribute(text)) } else { String::new() };
        if ink.weight > 0.0 {
            let (fill, w) = (ink.fill, num(ink.weight));
            self.push(format!(
                r#"<g transform="{place}"{tag} fill="{fill}" stroke="{fill}" stroke-width="{w}" stroke-linejoin="round">{uses}</g>"#
            ));
        } else {
            self.push(format!(r#"<g transform="{place}"{tag} fill="{}">{uses}</g>"#, ink.fill));
        }
    }

    /// Take the body and the glyph definitions it needs.
    pub fn finish(self) -> (String, BTreeSet<char>) {
        (self.body, self.glyphs)
    }

    /// Add glyphs used by a body drawn elsewhere (sheets merge several pictures).
    pub fn use_glyphs(&mut self, glyphs: &BTreeSet<char>) {
        self.glyphs.extend(glyphs);
    }
}

/// `text` escaped for an attribute value in double quotes.
fn attribute(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// A whole SVG document: the root element with its size and view box, the glyph `<defs>`, then
/// the body.
pub(crate) fn document(width: &str, height: &str, view: (f64, f64), canvas: Canvas) -> String {
    let (body, glyphs) = canvas.finish();
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{width}" height="{height}" viewBox="0 0 {} {}">"#,
        num(view.0),
        num(view.1)
    );
    if !glyphs.is_empty() {
        let _ = write!(out, "<defs>\n{}</defs>\n", glyphs::defs(&glyphs));
    }
    out.push_str(&body);
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(100.0), "100");
        assert_eq!(num(12.5), "12.5");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(-0.001), "0");
        assert_eq!(fixed(0.0244140625, 5), "0.02441");
    }

    #[test]
    fn text_uses_one_glyph_per_distinct_character() {
        let mut c = Canvas::default();
        c.text("11 2", (50.0, 50.0), 20.0, Anchor::Centre, Ink::plain("#000"));
        let (body, glyphs) = c.finish();
        assert_eq!(glyphs.into_iter().collect::<String>(), "12");
        assert_eq!(body.matches("<use").count(), 3, "{body}");
    }
}

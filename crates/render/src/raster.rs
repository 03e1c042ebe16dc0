//! SVG to PNG (resvg, tiny-skia) and to PDF (svg2pdf, one page per SVG).
//!
//! Neither needs a font: our SVG has no `<text>` (see the crate docs), so usvg is used without
//! a font database.

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{Options, Tree};

use crate::{RenderError, MAX_SIZE, MIN_SIZE};

fn parse(svg: &str) -> Result<Tree, RenderError> {
    Tree::from_str(svg, &Options::default()).map_err(|e| RenderError::Svg { message: e.to_string() })
}

/// Rasterise an SVG document to a PNG `width` pixels wide, keeping its aspect ratio.
pub fn svg_to_png(svg: &str, width: u32) -> Result<Vec<u8>, RenderError> {
    if !(MIN_SIZE..=MAX_SIZE).contains(&width) {
        return Err(RenderError::BadSize { size: width });
    }
    let tree = parse(svg)?;
    let size = tree.size();
    let scale = width as f32 / size.width();
    let height = (size.height() * scale).round().clamp(1.0, MAX_SIZE as f32) as u32;
    let mut pixmap = Pixmap::new(width, height).ok_or(RenderError::BadSize { size: width })?;
    resvg::render(&tree, Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| RenderError::Png { message: e.to_string() })
}

/// A PDF with one page per SVG document, each page the size of its SVG (an A4 [`sheet`] gives
/// an A4 page).
///
/// [`sheet`]: crate::sheet()
pub fn pdf(pages: &[String]) -> Result<Vec<u8>, RenderError> {
    use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref};

    if pages.is_empty() {
        return Err(RenderError::EmptySheet);
    }
    let mut alloc = Ref::new(1);
    let catalog = alloc.bump();
    let tree_id = alloc.bump();
    let mut out = Pdf::new();
    let mut page_ids = Vec::new();
    let options = svg2pdf::ConversionOptions { embed_text: false, ..Default::default() };
    for (i, svg) in pages.iter().enumerate() {
        let tree = parse(svg)?;
        let (chunk, xobject) =
            svg2pdf::to_chunk(&tree, options).map_err(|e| RenderError::Pdf { page: i + 1, message: e.to_string() })?;
        // svg2pdf numbers its objects from 1; give them fresh numbers in the whole document.
        let mut map = std::collections::HashMap::new();
        let chunk = chunk.renumber(|old| *map.entry(old).or_insert_with(|| alloc.bump()));
        let xobject = map
            .get(&xobject)
            .copied()
            .ok_or(RenderError::Pdf { page: i + 1, message: "svg2pdf returned no picture object".into() })?;
        // usvg sizes are CSS pixels (96 per inch); PDF points are 72 per inch.
        let (w, h) = (tree.size().width() * 0.75, tree.size().height() * 0.75);
        let (page_id, content_id) = (alloc.bump(), alloc.bump());
        let name = Name(b"P");
        let mut page = out.page(page_id);
        page.media_box(Rect::new(0.0, 0.0, w, h));
        page.parent(tree_id);
        page.contents(content_id);
        page.resources().x_objects().pair(name, xobject);
        page.finish();
        let mut content = Content::new();
        // The picture object is one point square: scale it to the page.
        content.transform([w, 0.0, 0.0, h, 0.0, 0.0]).x_object(name);
        out.stream(content_id, &content.finish());
        out.extend(&chunk);
        page_ids.push(page_id);
    }
    out.catalog(catalog).pages(tree_id);
    out.pages(tree_id).count(page_ids.len() as i32).kids(page_ids);
    Ok(out.finish())
}

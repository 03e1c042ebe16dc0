//! Pictures: SVG snapshots of a plain 9×9, a 16×16, a jigsaw and one puzzle per rule; the SVG
//! parses; PNGs decode at the requested size with ink where digits are and paper where cells
//! are empty; sheets and PDFs.

mod common;

use common::*;
use resvg::tiny_skia::Pixmap;
use resvg::usvg;
use sudoku_ip_model::{check, Cell, Geometry, Grid, Puzzle};
use sudoku_ip_render::{pdf, png, sheet, svg, svg_to_png, RenderError, RenderOptions};

fn opts(size: u32) -> RenderOptions {
    RenderOptions { size, ..Default::default() }
}

/// Parse with usvg as resvg will: the document must be valid SVG with the given pixel size.
fn parses(svg: &str) -> usvg::Tree {
    usvg::Tree::from_str(svg, &usvg::Options::default()).expect("the SVG parses")
}

#[test]
fn snapshot_plain_9x9() {
    insta::assert_snapshot!("plain_9x9", svg(&classic(), None, &opts(900)));
}

#[test]
fn snapshot_9x9_with_solution() {
    insta::assert_snapshot!("solved_9x9", svg(&classic(), Some(&solution()), &opts(900)));
}

#[test]
fn snapshot_16x16() {
    insta::assert_snapshot!("plain_16x16", svg(&sixteen(), None, &opts(900)));
}

#[test]
fn snapshot_jigsaw() {
    insta::assert_snapshot!("jigsaw", svg(&jigsaw(), None, &opts(900)));
}

#[test]
fn snapshot_every_rule() {
    for (name, puzzle) in rule_samples() {
        insta::assert_snapshot!(format!("rule_{name}"), svg(&puzzle, None, &opts(900)));
    }
}

#[test]
fn samples_are_named_after_their_rule() {
    // Thirty-three rule kinds have a sample; a new one needs a sample (and a drawing) here.
    let mut names: Vec<String> = rule_samples().iter().map(|(_, p)| p.rules()[0].name().replace('-', "_")).collect();
    names.sort();
    let mut expected = sample_names();
    expected.sort();
    assert_eq!(names, expected);
    assert_eq!(names.len(), 33);
}

#[test]
fn variant_samples_hold_for_their_solution() {
    for (name, puzzle) in rule_samples() {
        if ["windows", "diagonal", "anti_knight", "anti_king", "non_consecutive", "disjoint_groups"].contains(&name) {
            continue;
        }
        let v = check::verify(&puzzle, &solution());
        assert!(v.is_empty(), "{name}: {v:?}");
    }
}

#[test]
fn every_picture_parses_and_has_no_text_elements() {
    let mut puzzles: Vec<Puzzle> = rule_samples().into_iter().map(|(_, p)| p).collect();
    puzzles.extend([classic(), sixteen(), jigsaw()]);
    for n in [4, 6, 8, 12, 25, 36, 64] {
        let mut p = Puzzle::blank(Geometry::new(n, None).expect("boxed size"));
        p.givens_mut().set(Cell::new(0, 0), n);
        puzzles.push(p);
    }
    for p in &puzzles {
        let s = svg(p, None, &opts(500));
        assert!(!s.contains("<text"), "text needs fonts; glyphs must be paths");
        let tree = parses(&s);
        assert_eq!((tree.size().width(), tree.size().height()), (500.0, 500.0));
    }
}

#[test]
fn values_are_written_as_in_the_text_formats() {
    // 16 is G on a 16x16 (glyph id is the code point in hex); 36 is "36" beyond 35.
    let s = svg(&sixteen(), None, &opts(300));
    assert!(s.contains(r#"<path id="g47""#) && !s.contains(r#"id="g30""#), "G drawn, no 0");
    let mut p = Puzzle::blank(Geometry::new(36, None).expect("36x36"));
    p.givens_mut().set(Cell::new(0, 0), 36);
    let s = svg(&p, None, &opts(300));
    assert!(s.contains(r#"id="g33""#) && s.contains(r#"id="g36""#), "36 as two digits");
    assert!(!s.contains(r#"id="g5a""#), "no Z for 35+");
}

#[test]
fn givens_and_solved_digits_look_different() {
    let s = svg(&classic(), Some(&solution()), &opts(300));
    let given = s.lines().filter(|l| l.contains(r##"fill="#000000" stroke="#000000""##) && l.contains("<use")).count();
    let solved = s.lines().filter(|l| l.contains(r##"fill="#1f5fbf""##)).count();
    assert_eq!(given, classic().givens().filled());
    assert_eq!(solved, 81 - given);
    // A solution of another size is ignored by svg and refused by png.
    let wrong = Grid::empty(4);
    assert_eq!(svg(&classic(), Some(&wrong), &opts(300)), svg(&classic(), None, &opts(300)));
    assert_eq!(png(&classic(), Some(&wrong), &opts(300)), Err(RenderError::SolutionSize { expected: 9, found: 4 }));
}

#[test]
fn rule_marks_are_counted_right() {
    let samples = rule_samples();
    let get = |name: &str| svg(&samples.iter().find(|(n, _)| *n == name).expect("sample").1, None, &opts(300));
    assert_eq!(get("killer").matches("stroke-dasharray").count(), 7, "one dashed outline per cage");
    let kropki = get("kropki");
    assert_eq!(kropki.matches("<circle").count(), 6);
    assert_eq!(kropki.matches(r##"<circle"##).count() - kropki.matches(r##"fill="#ffffff" stroke"##).count(), 3);
    assert_eq!(get("thermometer").matches("<circle").count(), 3, "one bulb per thermometer");
    assert_eq!(get("arrow").matches("<circle").count(), 2, "one circle per arrow");
    let odd_even = get("odd_even");
    assert_eq!(odd_even.matches("<circle").count(), 3);
    assert_eq!(odd_even.matches("<rect").count(), 3 + 2, "3 even squares, the paper and the border");
    // X and V, each drawn with a halo and ink.
    let xv = get("xv");
    assert_eq!(xv.matches(r##"xlink:href="#g58""##).count(), 6);
    assert_eq!(xv.matches(r##"xlink:href="#g56""##).count(), 6);
    assert!(get("anti_knight").contains(r##"href="#g6b""##), "the caption spells anti-knight");
}

/// Pixels of a decoded PNG, and the square around a cell's centre (a fifth of a cell wide).
struct Image {
    pixmap: Pixmap,
    n: usize,
}

impl Image {
    fn decode(bytes: &[u8], n: usize) -> Image {
        Image { pixmap: Pixmap::decode_png(bytes).expect("PNG decodes"), n }
    }

    /// (r, g, b) of every pixel within a tenth of a cell of the centre of (row, col).
    fn around(&self, row: usize, col: usize) -> Vec<(u8, u8, u8)> {
        // The picture is n cells plus a 25-unit margin each side, cells 100 units wide.
        let scale = self.pixmap.width() as f64 / (self.n as f64 * 100.0 + 50.0);
        let (cx, cy) = ((25.0 + 100.0 * col as f64 + 50.0) * scale, (25.0 + 100.0 * row as f64 + 50.0) * scale);
        let h = 10.0 * scale;
        let mut out = Vec::new();
        for y in (cy - h) as u32..=(cy + h) as u32 {
            for x in (cx - h) as u32..=(cx + h) as u32 {
                if let Some(p) = self.pixmap.pixel(x, y) {
                    out.push((p.red(), p.green(), p.blue()));
                }
            }
        }
        out
    }
}

#[test]
fn png_has_the_size_asked_and_ink_where_digits_are() {
    let puzzle = classic();
    let bytes = png(&puzzle, None, &opts(360)).expect("PNG renders");
    let img = Image::decode(&bytes, 9);
    assert_eq!((img.pixmap.width(), img.pixmap.height()), (360, 360));
    let dark = |p: &(u8, u8, u8)| p.0 < 100 && p.1 < 100 && p.2 < 100;
    let paper = |p: &(u8, u8, u8)| *p == (255, 255, 255);
    for r in 0..9 {
        for col in 0..9 {
            let px = img.around(r, col);
            assert!(!px.is_empty());
            if puzzle.givens().get(Cell::new(r, col)) != 0 {
                assert!(px.iter().filter(|p| dark(p)).count() >= 3, "given r{}c{} shows ink", r + 1, col + 1);
            } else {
                assert!(px.iter().all(paper), "empty r{}c{} is blank", r + 1, col + 1);
            }
        }
    }
}

#[test]
fn png_draws_solved_digits_in_blue() {
    let bytes = png(&classic(), Some(&solution()), &opts(360)).expect("PNG renders");
    let img = Image::decode(&bytes, 9);
    // r1c3 is solved (4): bluish ink; r1c1 is given (5): black ink.
    let blue = |p: &(u8, u8, u8)| p.2 > 150 && p.0 < 100;
    let black = |p: &(u8, u8, u8)| p.0 < 60 && p.1 < 60 && p.2 < 60;
    assert!(img.around(0, 2).iter().filter(|p| blue(p)).count() >= 3);
    assert!(!img.around(0, 2).iter().any(black));
    assert!(img.around(0, 0).iter().filter(|p| black(p)).count() >= 3);
}

#[test]
fn png_works_from_4x4_to_25x25() {
    for n in [4, 6, 16, 25] {
        let mut p = Puzzle::blank(Geometry::new(n, None).expect("boxed size"));
        p.givens_mut().set(Cell::new(n - 1, n - 1), n);
        let img = Image::decode(&png(&p, None, &opts(600)).expect("PNG renders"), n);
        assert_eq!(img.pixmap.width(), 600);
        let ink = |p: &(u8, u8, u8)| p.0 < 128;
        assert!(img.around(n - 1, n - 1).iter().any(ink), "{n}x{n}: the given shows");
        assert!(!img.around(0, 0).iter().any(ink), "{n}x{n}: r1c1 is empty");
    }
}

#[test]
fn bad_sizes_are_refused() {
    assert_eq!(png(&classic(), None, &opts(3)), Err(RenderError::BadSize { size: 3 }));
    assert_eq!(png(&classic(), None, &opts(100_000)), Err(RenderError::BadSize { size: 100_000 }));
}

#[test]
fn sheets_put_puzzles_on_a4() {
    let puzzles: Vec<(Puzzle, Option<Grid>)> =
        rule_samples().into_iter().take(5).map(|(_, p)| (p, None)).chain([(classic(), Some(solution()))]).collect();
    let page = sheet(&puzzles, &opts(900));
    let tree = parses(&page);
    // 210 x 297 mm in CSS pixels.
    assert!((tree.size().width() - 793.7).abs() < 0.1 && (tree.size().height() - 1122.5).abs() < 0.1);
    assert!(page.starts_with("<svg") && page.contains(r#"viewBox="0 0 210 297""#));
    let tiles = page.lines().filter(|l| l.starts_with("<g transform=\"translate(") && l.ends_with(")\">")).count();
    assert_eq!(tiles, 6, "one scaled group per puzzle");
    let bytes = svg_to_png(&page, 420).expect("sheet PNG");
    let img = Pixmap::decode_png(&bytes).expect("decodes");
    assert_eq!((img.width(), img.height()), (420, 594));
    insta::assert_snapshot!("sheet_of_two", sheet(&[(classic(), None), (jigsaw(), None)], &opts(900)));
}

#[test]
fn pdf_has_one_a4_page_per_sheet() {
    let one = sheet(&[(classic(), None)], &opts(900));
    let two = sheet(&[(sixteen(), None), (jigsaw(), None)], &opts(900));
    let bytes = pdf(&[one, two]).expect("PDF");
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.starts_with("%PDF-"));
    assert!(text.contains("/Count 2"), "two pages");
    assert_eq!(text.matches("/MediaBox [0 0 595.2").count(), 2, "A4 pages");
    assert!(!text.contains("/Font"), "no fonts: glyphs are paths");
    assert_eq!(pdf(&[]), Err(RenderError::EmptySheet));
}

/// Every arrowhead's tip in an SVG picture: the point the two strokes of the head meet, i.e. the
/// second point of the second subpath of an arrow's path (`M shaft… M left L tip L right`).
fn arrow_tips(svg: &str) -> Vec<(f64, f64)> {
    svg.split("<path d=\"")
        .skip(1)
        .filter(|p| p.contains("stroke-linecap=\"round\"") && p[..p.find('"').unwrap_or(0)].matches('M').count() == 2)
        .filter_map(|p| {
            let d = &p[..p.find('"')?];
            let head = d.rsplit('M').next()?;
            let tip = head.split('L').nth(1)?;
            let mut xy = tip.split_whitespace().map(|v| v.parse::<f64>().ok());
            Some((xy.next()??, xy.next()??))
        })
        .collect()
}

#[test]
fn arrowheads_stop_short_of_the_digit_in_their_last_cell() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/arrow.json")).expect("example");
    let mut puzzle = sudoku_ip_formats::parse_puzzle(&text, &Default::default()).expect("the arrow example");
    // Without its title, whose caption would move the grid sideways.
    puzzle.set_meta(Default::default());
    let picture = svg(&puzzle, None, &opts(900));
    let tips = arrow_tips(&picture);
    assert_eq!(tips.len(), 6, "six arrows in the example");
    // The grid starts 25 units in, a cell is 100: a digit covers about 0.2 cells around a centre.
    for (x, y) in tips {
        let (cx, cy) = (((x - 25.0) / 100.0).floor() * 100.0 + 75.0, ((y - 25.0) / 100.0).floor() * 100.0 + 75.0);
        let from_centre = ((x - cx).powi(2) + (y - cy).powi(2)).sqrt();
        assert!(from_centre >= 25.0, "an arrowhead ends {from_centre:.0} units from a cell's centre, on its digit");
    }
}

#[test]
fn cage_sums_are_drawn_over_the_diagonals_whatever_the_rules_order() {
    let json = r#"{"size": 9, "givens": ".................................................................................",
        "rules": [{"type": "killer", "cages": [{"cells": ["r1c1", "r1c2"], "sum": 3}]}, {"type": "diagonal"}]}"#;
    let puzzle = sudoku_ip_formats::parse_puzzle(json, &Default::default()).expect("a killer diagonal");
    let picture = svg(&puzzle, None, &opts(900));
    let diagonal = picture.find("stroke=\"#8c8c8c\" stroke-width").expect("a diagonal");
    let patch = picture.rfind("fill=\"#ffffff\"/>").expect("the sum's patch of paper");
    assert!(diagonal < patch, "the diagonal is drawn after the cage sum's patch, across the sum");
}

#[test]
fn notes_pencil_in_candidates_shade_the_pattern_and_put_removals_on_red_and_the_pattern_on_green() {
    use sudoku_ip_render::{svg_with_notes, Notes, Pencil};
    let puzzle = classic();
    // r1c3 holds 1, 5, 9; r1c4 holds 2, 5; r1c1 is given, so its pencil marks are not drawn.
    let mut candidates = vec![0u64; 81];
    candidates[0] = 0b1_1111_1111;
    candidates[2] = 0b1_0001_0001;
    candidates[3] = 0b1_0010;
    let notes = Notes {
        candidates,
        cells: vec![Cell::new(0, 5)],
        marks: vec![(Cell::new(0, 2), 5, Pencil::Removed), (Cell::new(0, 3), 5, Pencil::Pattern)],
        caption: Vec::new(),
    };
    let drawn = svg_with_notes(&puzzle, None, &notes, &opts(900));
    parses(&drawn);
    assert_eq!(drawn.matches(r##"fill="#ff8a80""##).count(), 1, "one red disc");
    assert_eq!(drawn.matches(r##"fill="#7fd67f""##).count(), 1, "one green disc");
    assert_eq!(drawn.matches(r##"fill="#cfe0ff""##).count(), 1, "one shading path");
    // Five pencil marks (1, 5, 9 and 2, 5) on top of the 30 givens: one glyph use each.
    let plain = svg(&puzzle, None, &opts(900));
    assert_eq!(drawn.matches("<use").count() - plain.matches("<use").count(), 5);
    let img = Image::decode(&svg_to_png(&drawn, 360).expect("PNG"), 9);
    let red = |p: &(u8, u8, u8)| p.0 > 200 && p.1 < 170 && p.2 < 160;
    let green = |p: &(u8, u8, u8)| p.1 > 180 && p.0 < 160 && p.2 < 160;
    let pale_blue = |p: &(u8, u8, u8)| *p == (0xcf, 0xe0, 0xff);
    // Digit 5 sits in the middle of its cell, where `around` looks.
    assert!(img.around(0, 2).iter().filter(|p| red(p)).count() >= 10, "r1c3's 5 on red");
    assert!(img.around(0, 3).iter().filter(|p| green(p)).count() >= 10, "r1c4's 5 on green");
    assert!(img.around(0, 5).iter().all(pale_blue), "r1c6 shaded");
    assert!(!img.around(0, 4).iter().any(|p| red(p) || green(p)), "r1c5 is not marked");
}

#[test]
fn a_caption_is_wrapped_under_the_grid_and_tiles_carry_their_own_labels() {
    use sudoku_ip_render::{svg_with_notes, tile_sheets, Notes, Tile};
    let puzzle = classic();
    let long = "Alternating inference chain (5)r1c2 = (5)r1c7 − (5)r4c7 = (5)r4c3 − (7)r4c3 = (7)r6c1: \
                one of them is true, so r1c1 cannot be 7"
        .to_string();
    let notes = Notes { caption: vec![long], ..Notes::default() };
    let drawn = svg_with_notes(&puzzle, None, &notes, &opts(900));
    parses(&drawn);
    let plain = svg(&puzzle, None, &opts(900));
    let side = |svg: &str| -> f64 {
        let view = svg.split("viewBox=\"0 0 ").nth(1).and_then(|v| v.split(' ').next()).expect("a view box");
        view.parse().expect("a number")
    };
    assert!(side(&drawn) > side(&plain) + 100.0, "a strip under the grid for the caption");
    // One text group a line: the sentence (about 110 characters) takes three lines or more.
    let lines = drawn.matches("<g transform=").count() - plain.matches("<g transform=").count();
    assert!((3..=5).contains(&lines), "{lines} caption lines");
    let labels = ["1. hidden single (1.2)", "2. x-wing (3.2)", "3. end"];
    let tiles: Vec<Tile<'_>> =
        labels.iter().map(|label| Tile { puzzle: &puzzle, filled: None, notes: Some(&notes), label }).collect();
    let pages = tile_sheets(&tiles, 2, &opts(900));
    assert_eq!(pages.len(), 2, "three tiles two a page");
    let bytes = pdf(&pages).expect("PDF");
    assert!(String::from_utf8_lossy(&bytes).contains("/Count 2"));
}

#[test]
fn a_title_and_author_are_a_caption_and_outside_clues_widen_the_margin() {
    let plain = r#"{"size": 4, "givens": "................"}"#;
    let titled = r#"{"size": 4, "givens": "................", "title": "Small", "author": "Setter"}"#;
    let clue = r#"{"size": 4, "givens": "................",
        "rules": [{"type": "little-killer", "clues": [{"cells": ["r1c2", "r2c3", "r3c4"], "sum": 6}]}]}"#;
    let view = |json: &str| {
        let puzzle = sudoku_ip_formats::parse_puzzle(json, &Default::default()).expect("puzzle");
        let picture = svg(&puzzle, None, &opts(900));
        let at = picture.find("viewBox=\"0 0 ").expect("a viewBox") + "viewBox=\"0 0 ".len();
        let side: f64 = picture[at..].split([' ', '"']).next().and_then(|w| w.parse().ok()).expect("a side");
        (side, picture)
    };
    let (plain_side, _) = view(plain);
    let (titled_side, picture) = view(titled);
    assert!(titled_side > plain_side, "the caption strip: {titled_side} vs {plain_side}");
    // "Small by Setter" in glyphs: the S, m, a, l, b, y, e, t, r glyphs.
    assert!(picture.matches("<use").count() >= 13, "{picture}");
    let (clue_side, picture) = view(clue);
    // The number sits half a cell outside the grid: the margin grows to hold it.
    assert!(clue_side >= plain_side + 2.0 * 50.0, "{clue_side} vs {plain_side}");
    assert!(picture.contains("<circle") || picture.contains("<use"), "the clue is drawn");
}

#[test]
fn a_cell_that_is_a_row_and_a_column_indexer_shows_both_shades_side_by_side() {
    // Before, the later shade covered the earlier: r2c1 showed only the column indexer's blue.
    use sudoku_ip_model::rules::indexer::Indexer;
    let puzzle = Puzzle::blank(Geometry::new(9, None).expect("9x9")).with_rule(Indexer {
        rows: vec![c(2, 1)],
        columns: vec![c(2, 1), c(3, 5)],
        boxes: vec![],
    });
    let picture = svg(&puzzle, None, &opts(900));
    let strip = |fill: &str| -> Vec<f64> {
        picture
            .lines()
            .filter(|l| l.starts_with("<rect x=") && l.contains(r#"width="50" height="100""#) && l.contains(fill))
            .filter_map(|l| l.split('"').nth(1).and_then(|x| x.parse().ok()))
            .collect()
    };
    let (red, blue) = (strip("#f4c7c3"), strip("#c3d7f4"));
    assert_eq!((red.len(), blue.len()), (1, 1), "one half-cell strip each, only at r2c1:\n{picture}");
    assert_eq!(blue[0] - red[0], 50.0, "red on the left, blue on the right");
}

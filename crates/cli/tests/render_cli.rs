//! The real binary's pictures: `render` to SVG, PNG and PDF sheets, `solve -o` and `generate -o`.

mod common;

use std::path::PathBuf;

use common::*;

/// Colour of solved digits in pictures; givens are black.
const SOLVED: &str = r##"fill="#1f5fbf""##;

fn run(args: &[&str]) -> std::process::Output {
    common::run(args, "")
}

/// A fresh folder for one test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("render_cli").join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

fn path(p: &std::path::Path) -> &str {
    p.to_str().expect("UTF-8 path")
}

/// Width and height from a PNG's IHDR chunk.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG signature");
    assert_eq!(&bytes[12..16], b"IHDR");
    let be = |b: &[u8]| u32::from_be_bytes([b[0], b[1], b[2], b[3]]);
    (be(&bytes[16..20]), be(&bytes[20..24]))
}

#[test]
fn render_writes_an_svg_of_the_puzzle() {
    let dir = scratch("svg");
    let out = dir.join("p.svg");
    let o = run(&["render", &example_path("seed004.txt"), "-o", path(&out)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let svg = std::fs::read_to_string(&out).expect("SVG written");
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(!svg.contains(SOLVED), "no solution unless asked");
    assert!(!svg.contains("<text"), "digits are paths, no font needed");
    // It parses: the library rasterises it.
    assert!(sudoku_ip::render::svg_to_png(&svg, 100).is_ok());
    let givens = example("seed004.txt").givens().filled();
    assert_eq!(svg.matches(r##"stroke-width="110""##).count(), givens, "one bold digit per given");
}

#[test]
fn render_solution_png_has_the_size_asked() {
    let dir = scratch("png");
    let (plain, solved, solved_svg) = (dir.join("plain.png"), dir.join("solved.png"), dir.join("solved.svg"));
    let puzzle = example_path("seed004.txt");
    for (out, extra) in [(&plain, None), (&solved, Some("--solution")), (&solved_svg, Some("--solution"))] {
        let mut args = vec!["render", puzzle.as_str(), "-o", path(out), "--picture-size", "320"];
        args.extend(extra);
        let o = run(&args);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    }
    let (a, b) = (std::fs::read(&plain).expect("png"), std::fs::read(&solved).expect("png"));
    assert_eq!(png_size(&a), (320, 320));
    assert_eq!(png_size(&b), (320, 320));
    assert_ne!(a, b, "the solution adds digits");
    let givens = example("seed004.txt").givens().filled();
    let svg = std::fs::read_to_string(&solved_svg).expect("svg");
    assert_eq!(svg.matches(SOLVED).count(), 81 - givens, "every other cell solved, in blue");
}

#[test]
fn solve_draws_its_solution_with_o() {
    let dir = scratch("solve");
    let out = dir.join("s.svg");
    let o = run(&["solve", &example_path("seed004.txt"), "-o", path(&out), "--output", "line"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout).trim(), grid(SEED004_SOLUTION).to_line(), "the normal output is unchanged");
    let svg = std::fs::read_to_string(&out).expect("picture written");
    assert_eq!(svg.matches(SOLVED).count(), 81 - example("seed004.txt").givens().filled());
    let png = dir.join("s.png");
    let o = run(&["solve", &example_path("seed004.txt"), "-o", path(&png), "--picture-size", "200"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(png_size(&std::fs::read(&png).expect("png")), (200, 200));
}

#[test]
fn generate_draws_its_puzzles_with_o() {
    let dir = scratch("generate");
    let out = dir.join("g.svg");
    let o = run(&["generate", "--seed", "5", "--solution", "-O", "line", "-o", path(&out)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let line = text(&o.stdout);
    let clues = line.split_whitespace().next().expect("puzzle").bytes().filter(u8::is_ascii_digit).count();
    let svg = std::fs::read_to_string(&out).expect("picture written");
    assert_eq!(svg.matches(r##"stroke-width="110""##).count(), clues, "one bold digit per clue");
    assert_eq!(svg.matches(SOLVED).count(), 81 - clues, "the solution drawn in the other cells");
    // Several puzzles go on A4 sheets; without --solution only the clues are drawn.
    let pdf = dir.join("g.pdf");
    let o = run(&["generate", "--seed", "5", "--count", "7", "-o", path(&pdf)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let pdf = std::fs::read(&pdf).expect("PDF written");
    assert!(String::from_utf8_lossy(&pdf).contains("/Count 2"), "7 puzzles at 6 a page");
    // A bad extension is refused before any puzzle is made.
    let o = run(&["generate", "--size", "16", "--minimal", "-o", "x.gif"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains(".svg, .png or .pdf"), "{}", text(&o.stderr));
    assert!(o.stdout.is_empty());
}

#[test]
fn render_sheet_makes_a_pdf_of_a4_pages() {
    let dir = scratch("sheet");
    let batch = dir.join("batch.txt");
    let line = example("seed004.txt").givens().to_line();
    std::fs::write(&batch, format!("{line}\n").repeat(8)).expect("batch file");
    let out = dir.join("sheet.pdf");
    let o = run(&["render", path(&batch), "--sheet", "--solution", "-o", path(&out)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let pdf = std::fs::read(&out).expect("PDF written");
    let pdf = String::from_utf8_lossy(&pdf);
    assert!(pdf.starts_with("%PDF-"));
    assert!(pdf.contains("/Count 2"), "8 puzzles at 6 a page");
    // SVG sheets: one file per page.
    let o = run(&["render", path(&batch), "--sheet", "--per-page", "4", "-o", path(&dir.join("s.svg"))]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    for page in ["s-1.svg", "s-2.svg"] {
        let svg = std::fs::read_to_string(dir.join(page)).expect("page written");
        assert!(svg.contains(r#"width="210mm" height="297mm""#));
    }
}

#[test]
fn pictures_refuse_what_they_cannot_do() {
    let dir = scratch("refuse");
    let batch = dir.join("batch.txt");
    let line = example("seed004.txt").givens().to_line();
    std::fs::write(&batch, format!("{line}\n{line}\n")).expect("batch file");
    let cases: Vec<(Vec<String>, &str)> = vec![
        (vec!["render".into(), example_path("seed004.txt"), "-o".into(), "x.jpg".into()], ".svg, .png or .pdf"),
        (vec!["render".into(), path(&batch).into(), "-o".into(), "x.svg".into()], "--sheet"),
        (vec!["solve".into(), path(&batch).into(), "-o".into(), "x.svg".into()], "render --sheet"),
        (
            vec![
                "render".into(),
                example_path("seed004.txt"),
                "-o".into(),
                "x.png".into(),
                "--size".into(),
                "5".into(),
            ],
            "5",
        ),
    ];
    for (args, expected) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(text(&o.stderr).contains(expected), "{args:?}: {}", text(&o.stderr));
    }
}

/// Red discs (removed candidates) and green discs (the pattern) in a picture.
fn discs(svg: &str) -> (usize, usize) {
    (svg.matches(r##"fill="#ff8a80""##).count(), svg.matches(r##"fill="#7fd67f""##).count())
}

#[test]
fn hint_explain_and_candidates_draw_what_they_find_with_o() {
    let dir = scratch("insight");
    // Its path starts with singles and needs locked candidates later (the rater's tests).
    let medium = dir.join("medium.txt");
    std::fs::write(&medium, ".1..7...6...8.5...3.4......625.8..7......68..83...4..9..7............5.1....6.28.\n")
        .expect("puzzle file");
    // The hint: a single, its placement on a green disc, nothing red.
    let hint = dir.join("hint.svg");
    let o = run(&["hint", path(&medium), "-o", path(&hint)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let svg = std::fs::read_to_string(&hint).expect("hint picture");
    assert_eq!(discs(&svg), (0, 1), "a placement on green");
    assert!(svg.contains(r##"fill="#cfe0ff""##), "the pattern's cells shaded");
    // The path: one small grid a step and one for the end, six to a page.
    let json = run(&["explain", "-O", "json", path(&medium)]);
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    let steps = v["steps"].as_array().expect("steps");
    assert!(v.get("positions").is_none(), "positions only on request");
    let removals: usize = steps.iter().map(|s| s["eliminations"].as_array().map_or(0, Vec::len)).sum();
    assert!(removals > 0, "the path removes candidates");
    let pages = (steps.len() + 1).div_ceil(6);
    let o = run(&["explain", path(&medium), "-o", path(&dir.join("steps.svg"))]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let mut red = 0;
    for page in 1..=pages {
        let svg = std::fs::read_to_string(dir.join(format!("steps-{page}.svg"))).expect("a page per six steps");
        red += discs(&svg).0;
    }
    assert!(!dir.join(format!("steps-{}.svg", pages + 1)).exists());
    assert_eq!(red, removals, "every removal of the path drawn on red, once");
    let o = run(&["explain", path(&medium), "-o", path(&dir.join("steps.pdf"))]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let pdf = String::from_utf8_lossy(&std::fs::read(dir.join("steps.pdf")).expect("PDF")).into_owned();
    assert!(pdf.contains(&format!("/Count {pages}")), "{pages} pages");
    // True candidates of a puzzle with two solutions: the cells that differ hold two digits,
    // each used by one solution, drawn bold green.
    let two = dir.join("two.txt");
    std::fs::write(&two, format!("{}{}\n", ".".repeat(9), &CLASSIC[9..])).expect("puzzle file");
    let cands = dir.join("cands.svg");
    let o = run(&["candidates", path(&two), "-o", path(&cands)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let svg = std::fs::read_to_string(&cands).expect("candidates picture");
    assert!(svg.contains(r##"fill="#1e7a3a""##), "candidates of one solution in green");
    let png = dir.join("cands.png");
    let o = run(&["candidates", path(&two), "-o", path(&png), "--picture-size", "300"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(png_size(&std::fs::read(&png).expect("PNG")), (300, 300));
    // A batch has no one picture.
    let batch = dir.join("batch.txt");
    std::fs::write(&batch, format!("{}\n{}\n", CLASSIC, CLASSIC)).expect("batch");
    let o = run(&["explain", path(&batch), "-o", path(&dir.join("x.pdf"))]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
}

const CLASSIC: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

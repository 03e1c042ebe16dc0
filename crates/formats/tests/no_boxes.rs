//! Issue 14 §13: no boxes (`--no-boxes`, `# box: none`, JSON `"box": "none"`) — a Latin square
//! with the puzzle's rules, as seed 004's Killer model writes it. Every reader takes it, every
//! writer writes it so that it reads back, the model has no box rows, and the checker asks
//! nothing of boxes.

use sudoku_ip_formats::{self as formats, fpuzzles, json, write_text, ParseOptions, TextForm};
use sudoku_ip_model::check::verify;
use sudoku_ip_model::{BoxShape, Geometry, Grid, Model, Puzzle, RowKind};

fn read(text: &str) -> Result<Puzzle, String> {
    formats::parse_puzzle(text, &ParseOptions::default()).map_err(|e| e.to_string())
}

fn example(name: &str) -> String {
    let path = format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A 4x4 Latin square that is no Sudoku: its top-left 2x2 box holds 1 twice.
const LATIN4: &str = "1234\n2143\n3412\n4321\n";

#[test]
fn seed_004s_killer_is_its_model_row_for_row() {
    // The seed's Gurobi model: 81 cell rows, 81 row rows, 81 column rows, one sum row per cage
    // (29), no box rows and no distinct rows in a cage ("distinct": false). Beside them the
    // killer adds rows the others imply (its innies and outies, `RowKind::Implied`), for
    // propagation only.
    let stated = |m: &Model| m.rows().iter().filter(|r| !matches!(r.kind, RowKind::Implied(_))).count();
    let p = read(&example("seed004-killer.json")).expect("the example");
    assert!(p.geometry().is_latin());
    let m = Model::build(&p);
    assert_eq!((m.size().variables, stated(&m)), (729, 81 * 3 + 29));
    assert!(m.rows().iter().any(|r| r.kind == RowKind::Implied("killer")));
    // With boxes the same cages add 81 box rows.
    let boxed = Puzzle::new(Geometry::new(9, None).expect("9x9"), p.givens().clone()).with_rules(p.rules().to_vec());
    assert_eq!(stated(&Model::build(&boxed)), 81 * 4 + 29);
    // The seed's printed solution satisfies the rows and the checker.
    let solution = Grid::from_values(
        9,
        "215647398368952174794381652586274931142593867973816425821739546659428713437165289"
            .bytes()
            .map(|b| b - b'0')
            .collect(),
    )
    .expect("a grid");
    assert!(verify(&p, &solution).is_empty());
    assert!(m.is_feasible(&m.ones_from_grid(&solution)));
    // The seed's Python text, read with no boxes, is the same geometry and cages (distinct).
    let opts = ParseOptions { box_shape: Some(BoxShape::Latin), ..ParseOptions::default() };
    let text = formats::parse_puzzle(&example("seed004-killer.txt"), &opts).expect("the seed's text");
    assert_eq!(text.geometry(), p.geometry());
}

#[test]
fn the_checker_asks_nothing_of_boxes() {
    let latin = read(&format!("# box: none\n{LATIN4}")).expect("a Latin square");
    assert!(verify(&latin, latin.givens()).is_empty(), "rows and columns hold each digit once");
    let sudoku = read(LATIN4).expect("the same grid with 2x2 boxes");
    let broken = verify(&sudoku, sudoku.givens());
    assert!(broken.iter().any(|v| v.to_string().contains("box 1")), "{broken:?}");
    // Rows and columns still count.
    let bad = read("# box: none\n1234\n2143\n3412\n4312\n").expect("read");
    assert!(!verify(&bad, bad.givens()).is_empty());
}

#[test]
fn every_text_form_writes_no_boxes_and_reads_it_back() {
    // A prime side has no box shape to infer: without `# box: none` it is an error.
    let mut values = vec![0u8; 49];
    values[0] = 7;
    values[48] = 1;
    let p = Puzzle::new(Geometry::latin(7).expect("7x7"), Grid::from_values(7, values).expect("grid"));
    for form in [TextForm::Grid, TextForm::Line, TextForm::Triplets] {
        let text = write_text(&p, form).expect("written");
        assert!(text.contains("# box: none\n"), "{form:?}: {text}");
        assert!(!text.contains('|') && !text.contains('-'), "{form:?} draws no box lines: {text}");
        assert_eq!(read(&text).as_ref(), Ok(&p), "{form:?}: {text}");
        let without: String = text.lines().filter(|l| !l.starts_with("# box")).map(|l| format!("{l}\n")).collect();
        let e = read(&without).expect_err("a 7x7 without a box shape");
        // The library's words name no front end's flags (the CLI adds its own).
        assert!(e.contains("no rectangular box shape") && e.contains("or none") && !e.contains("--"), "{form:?}: {e}");
    }
    // JSON writes "none" and reads it back; a bad value says what it expects.
    let v = json::to_json(&p);
    assert_eq!(v["box"], "none");
    assert_eq!(json::parse_value(&v).as_ref(), Ok(&p));
    let e = read(r#"{"size": 4, "box": "nothing"}"#).expect_err("a bad box");
    assert!(e.starts_with("$.box: expected a box shape like \"3x3\" or [3, 3] for a 4x4 grid, or \"none\""), "{e}");
    // Options win over the file's header, as for any box shape.
    let opts = ParseOptions { box_shape: Some((2, 2).into()), ..ParseOptions::default() };
    let boxed = formats::parse_puzzle(&format!("# box: none\n{LATIN4}"), &opts).expect("read");
    assert_eq!(boxed.geometry().box_shape(), Some((2, 2)));
}

#[test]
fn f_puzzles_writes_every_cell_in_no_region_and_reads_that_back_as_no_boxes() {
    let p = read(&format!("# box: none\n{LATIN4}")).expect("a Latin square");
    let v = fpuzzles::to_fpuzzles(&p).expect("written");
    assert!(v["grid"]
        .as_array()
        .expect("rows")
        .iter()
        .flat_map(|r| r.as_array().expect("cells"))
        .all(|c| c["region"].is_null()));
    assert_eq!(fpuzzles::from_value(&v).as_ref(), Ok(&p));
    // Some cells in no region and others in one is still refused, naming the first.
    let e = read(r#"{"size":4,"grid":[[{},{"region":null},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#)
        .expect_err("one cell in no region");
    assert!(e.starts_with("$.grid[0][1].region: r1c2 is in no region (null)"), "{e}");
    // Regions that are boxes of a shape other than f-puzzles' default read back as those boxes.
    let tall = Puzzle::blank(Geometry::new(6, Some((3, 2))).expect("3x2"));
    let back = fpuzzles::from_value(&fpuzzles::to_fpuzzles(&tall).expect("written")).expect("read");
    assert_eq!(back.geometry().box_shape(), Some((3, 2)));
}

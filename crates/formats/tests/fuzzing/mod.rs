//! The bodies of the fuzz targets over this crate, shared by `fuzz/fuzz_targets/*.rs`
//! (`cargo +nightly fuzz run <target>`, which includes this file by path) and the stable
//! replay test `tests/fuzz_corpus.rs`, so the kept corpus runs through exactly the code the
//! fuzzer ran. Each function takes the raw bytes of one input and panics only when the code
//! under test does something wrong: a panic inside the parser, an error that is not a clean
//! message, or a round trip that does not give back what went in.
#![allow(dead_code)]

use sudoku_ip_formats::fpuzzles::{self, LinkKind};
use sudoku_ip_formats::json::{parse_value, to_json};
use sudoku_ip_formats::{self as formats, Document, Format, ParseOptions, TextForm};
use sudoku_ip_model::export::{self, MpsFormat};
use sudoku_ip_model::geometry::{Cell, Layout, MAX_SIDE};
use sudoku_ip_model::{check, Grid, Model, ParseError, Puzzle};

#[path = "../../../model/tests/support/readback.rs"]
mod readback;

/// The format targets: name (also the corpus directory) and the `--format` it forces.
pub const FORMAT_TARGETS: &[(&str, Format)] = &[
    ("format_auto", Format::Auto),
    ("format_triplets", Format::Triplets),
    ("format_grid", Format::Grid),
    ("format_line", Format::Line),
    ("format_json", Format::Json),
    ("format_killer", Format::KillerLayout),
];

/// Largest side the round trip builds and exports a model for: a 64x64 model has 262,144
/// variables and a million nonzeros, which would slow the fuzzer a hundredfold; the parsers
/// are fuzzed at every size by the format targets.
pub const ROUND_TRIP_MAX_SIDE: usize = 16;

/// An error message longer than this echoes the input instead of pointing into it.
const MAX_MESSAGE: usize = 1_000;

/// Read `data` as the command line reads a file (UTF-8 text, else refused before parsing) in
/// `format`: the result is puzzles that are well formed, or clean errors.
pub fn parse(data: &[u8], format: Format) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let opts = ParseOptions { format, ..ParseOptions::default() };
    match formats::parse_document(text, &opts) {
        Ok(Document::Single(p)) => well_formed(&p),
        Ok(Document::Batch(items)) => {
            let lines = text.lines().count();
            for (line, item) in items {
                match item {
                    Ok(p) => {
                        assert!((1..=lines).contains(&line), "a puzzle on line {line} of {lines}");
                        well_formed(&p);
                    }
                    // The end of a text that ends with a newline is on the line after the last.
                    Err(e) => {
                        assert!((1..=lines + 1).contains(&line), "an error on line {line} of {lines}");
                        clean(&e, text);
                    }
                }
            }
        }
        Err(e) => clean(&e, text),
    }
}

/// f-puzzles / SudokuPad input (a link, a bare payload, f-puzzles JSON; links one a line are a
/// batch) read as `--format fpuzzles` reads it, then every puzzle read is written as a link
/// that must read back as the same puzzle, with the same metadata, and write the same link
/// again (or be refused by the writer with a message).
pub fn fpuzzles(data: &[u8]) {
    parse(data, Format::FPuzzles);
    let Ok(text) = std::str::from_utf8(data) else { return };
    let opts = ParseOptions { format: Format::FPuzzles, ..ParseOptions::default() };
    let puzzles = match formats::parse_document(text, &opts) {
        Ok(Document::Single(p)) => vec![p],
        Ok(Document::Batch(items)) => items.into_iter().filter_map(|(_, item)| item.ok()).collect(),
        Err(_) => return,
    };
    for p in puzzles {
        let link = match fpuzzles::to_link(&p, LinkKind::SudokuPad) {
            Ok(link) => link,
            Err(e) => {
                assert!(!e.to_string().trim().is_empty(), "empty writer error");
                continue;
            }
        };
        let back = formats::parse_puzzle(&link, &opts).unwrap_or_else(|e| panic!("{link} does not read back: {e}"));
        assert_eq!(back, p, "link round trip through {link}");
        assert_eq!(back.meta(), p.meta(), "metadata round trip through {link}");
        assert_eq!(fpuzzles::to_link(&back, LinkKind::SudokuPad).as_ref(), Ok(&link), "the link written again");
    }
}

/// A puzzle any reader may return: a supported side, givens of that side and in range, and
/// the checker can look at it.
pub fn well_formed(p: &Puzzle) {
    let n = p.n();
    assert!((1..=MAX_SIDE).contains(&n), "side {n}");
    assert_eq!(p.givens().n(), n);
    assert_eq!(p.givens().values().len(), n * n);
    assert!(p.givens().values().iter().all(|&v| (v as usize) <= n), "a given above {n}");
    let _ = check::given_conflicts(p);
}

/// A clean error: a message of bounded length (it quotes, never echoes, the input) whose
/// position is inside the text.
pub fn clean(e: &ParseError, text: &str) {
    let message = e.to_string();
    assert!(!message.trim().is_empty(), "empty error message: {e:?}");
    assert!(message.chars().count() <= MAX_MESSAGE, "error message of {} bytes: {message:.200}", message.len());
    if let ParseError::Unexpected { at, .. } | ParseError::Shape { at, .. } | ParseError::ClashingGivens { at, .. } =
        e.inner()
    {
        let lines = text.lines().count().max(1);
        assert!(at.line <= lines + 1, "error on line {} of a {lines}-line text: {message}", at.line);
    }
}

/// Parse (auto-detected) → every text form and JSON → parse again must give the same puzzle;
/// the model's LP, free MPS and fixed MPS files must read back as the model; and the model and
/// the independent checker must agree on whether grids derived from the puzzle solve it.
pub fn round_trip(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(puzzle) = formats::parse_puzzle(text, &ParseOptions::default()) else { return };
    if puzzle.n() > ROUND_TRIP_MAX_SIDE {
        return;
    }
    assert_eq!(parse_value(&to_json(&puzzle)).as_ref(), Ok(&puzzle), "JSON round trip");
    for form in [TextForm::Grid, TextForm::Line, TextForm::Triplets] {
        if let Ok(written) = formats::write_text(&puzzle, form) {
            let back = formats::parse_puzzle(&written, &ParseOptions::default());
            assert_eq!(back.as_ref(), Ok(&puzzle), "{form:?} round trip through:\n{written}");
        }
    }

    let model = Model::build(&puzzle);
    let vars: Vec<String> = (0..model.num_vars()).map(|v| model.var_name(v as u32)).collect();
    let want = readback::expected(&model, &export::row_names(&model), &vars);
    assert_eq!(readback::read_lp(&export::to_lp(&model)), want, "LP read back");
    assert_eq!(readback::read_mps(&export::to_mps(&model, MpsFormat::Free), MpsFormat::Free), want, "free MPS");
    let cols: Vec<String> = (1..=model.num_vars()).map(|k| format!("C{k}")).collect();
    let rows: Vec<String> = (1..=model.rows().len()).map(|k| format!("R{k}")).collect();
    let fixed = readback::read_mps(&export::to_mps(&model, MpsFormat::Fixed), MpsFormat::Fixed);
    assert_eq!(fixed, readback::expected(&model, &rows, &cols), "fixed MPS");

    let shift = data.iter().fold(0usize, |h, &b| h.wrapping_mul(31).wrapping_add(b as usize));
    let pattern = pattern_grid(&puzzle, shift);
    let mut with_givens = pattern.clone();
    for (k, &v) in puzzle.givens().values().iter().enumerate() {
        if v != 0 {
            with_givens.set(Cell::from_index(k, puzzle.n()), v as usize);
        }
    }
    for grid in [pattern, with_givens] {
        let violations = check::verify(&puzzle, &grid);
        let feasible = model.is_feasible(&model.ones_from_grid(&grid));
        assert_eq!(feasible, violations.is_empty(), "model and checker disagree on {}: {violations:?}", grid.to_line());
    }
}

/// A full grid that keeps rows, columns and boxes (for a box layout) distinct: the shifted
/// pattern `(cols·(r mod rows) + r div rows + c + shift) mod n`.
fn pattern_grid(puzzle: &Puzzle, shift: usize) -> Grid {
    let n = puzzle.n();
    let (rows, cols) = match puzzle.geometry().layout() {
        &Layout::Boxes { rows, cols } => (rows, cols),
        Layout::Regions(_) | Layout::Latin => (1, n),
    };
    let mut grid = Grid::empty(n);
    for r in 0..n {
        for c in 0..n {
            grid.set(Cell::new(r, c), (cols * (r % rows) + r / rows + c + shift) % n + 1);
        }
    }
    grid
}

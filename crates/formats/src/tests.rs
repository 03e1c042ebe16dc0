use proptest::prelude::*;

use super::*;
use sudoku_ip_model::error::Position;
use sudoku_ip_model::geometry::MAX_SIDE;

const SEED000: &str = "B = [1,2,2;
1,5,3;
1,8,4;
2,1,6;
2,9,3;
3,3,4;
3,7,5;
4,4,8;
4,6,6;
5,1,8;
5,5,1;
5,9,6;
6,4,7;
6,6,5;
7,3,7;
7,7,6;
8,1,4;
8,9,8;
9,2,3;
9,5,4;
9,8,2];";

const SEED004: &str = "\
* * 5 3 * * * * *
8 * * * * * * 2 *
* 7 * * 1 * 5 * *
4 * * * * 5 3 * *
* 1 * * 7 * * * 6
* * 3 2 * * * 8 *
* 6 * 5 * * * * 9
* * 4 * * * * 3 *
* * * * * 9 7 * *
";

fn parse(text: &str) -> Result<Puzzle, ParseError> {
    parse_puzzle(text, &ParseOptions::default())
}

#[test]
fn seed000_matlab_matrix_gives_its_21_clues() {
    assert_eq!(detect(SEED000), Format::Triplets);
    let p = parse(SEED000).unwrap();
    assert_eq!(p.n(), 9);
    assert_eq!(p.givens().filled(), 21);
    assert_eq!(p.givens().get(Cell::new(0, 1)), 2);
    assert_eq!(p.givens().get(Cell::new(8, 7)), 2);
    assert_eq!(p.triplets()[0], (1, 2, 2));
    // The same clues one per line, and the one-line MATLAB form.
    let per_line: String = SEED000.replace("B = [", "").replace("];", "").replace(';', "");
    assert_eq!(parse(&per_line).unwrap(), p);
    let one_line = SEED000.replace('\n', " ");
    assert_eq!(parse(&one_line).unwrap(), p);
    assert_eq!(parse(&to_triplets(&p)).unwrap(), p);
}

#[test]
fn seed004_star_grid_reads_as_a_grid() {
    assert_eq!(detect(SEED004), Format::Grid);
    let p = parse(SEED004).unwrap();
    assert_eq!(
        p.givens().to_line(),
        "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."
    );
}

#[test]
fn grid_with_box_separators_round_trips() {
    let p = parse(SEED004).unwrap();
    let text = to_grid_text(p.givens(), p.geometry());
    assert!(text.contains('|') && text.contains("-+-"), "{text}");
    assert_eq!(parse(&text).unwrap(), p);
}

#[test]
fn nine_by_nine_matrix_is_a_grid_as_in_sudoku_engine() {
    let rows: Vec<String> = SEED004.lines().map(|l| l.replace('*', "0").replace(' ', ",")).collect();
    let text = format!("[{}]", rows.join(";\n"));
    assert_eq!(parse(&text).unwrap(), parse(SEED004).unwrap());
}

#[test]
fn sixteen_by_sixteen_letters_and_integers() {
    let line: String = (0..256).map(|i| if i % 3 == 0 { 'G' } else { '.' }).collect();
    // Not a valid puzzle (repeated G), but a valid shape: parsing does not solve.
    let p = parse(&line).unwrap();
    assert_eq!(p.n(), 16);
    assert_eq!(p.geometry().box_shape(), Some((4, 4)));
    assert_eq!(p.givens().get(Cell::new(0, 0)), 16);
    let ints: String = (0..16)
        .map(|r| {
            (0..16).map(|c| if c == r { "16".to_string() } else { "0".into() }).collect::<Vec<_>>().join(" ") + "\n"
        })
        .collect();
    let q = parse(&ints).unwrap();
    assert_eq!(q.givens().get(Cell::new(5, 5)), 16);
    assert_eq!(q.givens().filled(), 16);
}

#[test]
fn batches_keep_line_numbers_and_bad_lines() {
    let text = "# header\n..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..\n\n123\n";
    match parse_document(text, &ParseOptions::default()).unwrap() {
        Document::Batch(items) => {
            assert_eq!(items.len(), 2);
            assert_eq!(items[0].0, 2);
            assert!(items[0].1.is_ok());
            assert_eq!(items[1].0, 4);
            assert!(items[1].1.is_err());
        }
        other => panic!("expected a batch, got {other:?}"),
    }
}

#[test]
fn a_digit_out_of_range_names_line_and_column() {
    let text = "1234\n3412\n2153\n4321\n";
    let err = parse(text).unwrap_err();
    assert_eq!(
        err,
        ParseError::Unexpected {
            at: Position { line: 3, column: 3 },
            found: "5".into(),
            expected: "a digit 1-4 for a 4x4 grid, or '.', '0' for an empty cell".into()
        }
    );
    assert!(err.to_string().starts_with("line 3, column 3: found \"5\""), "{err}");
}

#[test]
fn wrong_shapes_say_what_was_expected() {
    let short = SEED004.replacen("* * 5 3 * * * * *", "* * 5 3 * * * *", 1);
    let err = parse(&short).unwrap_err().to_string();
    assert!(err.contains("line 1") && err.contains("has 8 cells, expected 9"), "{err}");
    let err = parse(&"1".repeat(80)).unwrap_err().to_string();
    assert!(err.contains("line 1 has 80 characters"), "{err}");
    assert_eq!(
        parse_puzzle(&"1".repeat(80), &ParseOptions { format: Format::Line, ..Default::default() })
            .unwrap_err()
            .to_string(),
        "line 1: a one-line puzzle needs n² characters (81 for 9x9, 256 for 16x16); this line has 80 characters"
    );
}

#[test]
fn eight_rows_of_nine_blame_the_missing_ninth_row_not_row_one() {
    let eight_rows: String = SEED004.lines().take(8).map(|l| format!("{l}\n")).collect();
    let err = parse(&eight_rows).unwrap_err();
    assert_eq!(
        err.inner().to_string(),
        "line 8: the grid ends after row 8: row 9 is missing (a 9x9 grid has 9 rows of 9 cells)"
    );
    // Forced as a grid, the same.
    let forced = parse_puzzle(&eight_rows, &ParseOptions { format: Format::Grid, ..Default::default() });
    assert_eq!(forced.unwrap_err().to_string(), err.inner().to_string());
    // One row too many, and a short row among nine, are named too.
    let ten_rows = format!("{SEED004}* * * * * * * * *\n");
    assert!(parse(&ten_rows).unwrap_err().to_string().starts_with("line 10: row 10 is one too many"));
    let short = SEED004.replacen("* 1 * * 7 * * * 6", "* 1 * * 7 * * *", 1);
    assert_eq!(
        parse(&short).unwrap_err().inner().to_string(),
        "line 5: row 5 has 8 cells, expected 9 (a 9x9 grid has 9 rows of 9 cells)"
    );
}

#[test]
fn one_comma_pair_is_a_malformed_triplet_not_a_line() {
    let err = parse("1,1\n").unwrap_err();
    let inner = err.inner().to_string();
    assert!(inner.starts_with("line 1: expected row,col,digit"), "{err}");
    assert!(inner.contains("this row has 2 entries"), "{err}");
    assert!(err.to_string().contains("read as clue triplets"), "{err}");
}

#[test]
fn null_says_what_was_expected_not_that_a_2x2_has_no_boxes() {
    let err = parse("null\n").unwrap_err();
    let text = err.to_string();
    assert!(matches!(err, ParseError::NoFormat { .. }), "{err:?}");
    assert!(!text.contains("2x2"), "{text}");
    assert!(text.contains("as JSON, it is null, not a puzzle object"), "{text}");
    assert!(text.contains("as a grid, it has 1 row"), "{text}");
    assert!(text.contains("as one-line puzzles, line 1 has 4 characters"), "{text}");
    assert!(text.contains("as clue triplets, line 1 is not integers"), "{text}");
}

/// `n` rows of `n` whitespace-separated integers, `empty` for an empty cell.
fn integer_rows(grid: &Grid, empty: &str) -> String {
    let n = grid.n();
    grid.values()
        .chunks(n)
        .map(|row| {
            row.iter().map(|&v| if v == 0 { empty.to_string() } else { v.to_string() }).collect::<Vec<_>>().join(" ")
                + "\n"
        })
        .collect()
}

#[test]
fn a_half_empty_36x36_integer_grid_is_one_grid_not_a_batch() {
    // Issue 19: read as 36 one-line puzzles because the first row happened to be 49 characters.
    let n = 36;
    let mut values = vec![0u8; n * n];
    for (i, v) in values.iter_mut().enumerate() {
        if (i * 7 + i / n) % 2 == 0 {
            *v = ((i * 5) % n + 1) as u8;
        }
    }
    let grid = Grid::from_values(n, values).unwrap();
    let text = integer_rows(&grid, "0");
    let first_len = text.lines().next().unwrap().chars().filter(|c| !c.is_whitespace()).count();
    assert_eq!(first_len.isqrt().pow(2), first_len, "the first row must look like a one-line puzzle");
    let d = detect_format(&text, &ParseOptions::default()).unwrap();
    assert_eq!((d.format, d.side, d.note), (Format::Grid, Some(36), None));
    assert_eq!(parse(&text).unwrap().givens(), &grid);
}

#[test]
fn a_batch_with_one_bad_line_says_how_it_was_read() {
    let good = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";
    let text = format!("{good}\n{good}\n{}\n{good}\n", &good[1..]);
    let Ok(Document::Batch(items)) = parse_document(&text, &ParseOptions::default()) else { panic!("a batch") };
    assert_eq!(items.iter().filter(|(_, p)| p.is_ok()).count(), 3);
    let err = items[2].1.as_ref().unwrap_err().to_string();
    assert!(err.starts_with("line 3: expected 81 characters"), "{err}");
    assert!(
        err.contains("read as a batch of one-line puzzles because 3 of 4 lines are 9x9 puzzles (81 cells); if this is one grid, use --format grid"),
        "{err}"
    );
}

#[test]
fn a_sixteen_row_grid_with_a_short_row_is_a_grid_error_not_sixteen_4x4_puzzles() {
    let row = "1234567890ABCDEF";
    let mut rows: Vec<String> = (0..16).map(|_| row.replace(['1', '2'], ".")).collect();
    rows[6].pop();
    let err = parse(&rows.join("\n")).unwrap_err();
    assert_eq!(
        err.inner().to_string(),
        "line 7: row 7 has 15 cells, expected 16 (a 16x16 grid has 16 rows of 16 cells)"
    );
    assert!(err.to_string().contains("if these are one-line puzzles, use --format line"), "{err}");
}

/// Every text form sudoku-ip writes or documents for a puzzle, with the options to read it.
fn written_forms(p: &Puzzle) -> Vec<(&'static str, String, ParseOptions)> {
    let n = p.n();
    // Sides without an inferred box shape (primes) need one: headers carry it in what the
    // writer writes, options in the rest.
    let box_opts = ParseOptions {
        box_shape: sudoku_ip_model::geometry::inferred_box(n).is_none().then_some((1, n).into()),
        ..Default::default()
    };
    let mut forms = vec![
        ("grid with separators", write_text(p, TextForm::Grid).unwrap(), ParseOptions::default()),
        ("line", write_text(p, TextForm::Line).unwrap(), ParseOptions::default()),
        ("integers, 0 empty", integer_rows(p.givens(), "0"), box_opts.clone()),
        ("integers, . empty", integer_rows(p.givens(), "."), box_opts.clone()),
    ];
    if p.givens().filled() > 0 {
        forms.push(("triplets", write_text(p, TextForm::Triplets).unwrap(), ParseOptions::default()));
        forms.push(("triplets with --size", to_triplets(p), ParseOptions { size: Some(n), ..box_opts }));
    }
    forms
}

#[test]
fn every_size_and_text_form_reads_back_by_detection_as_the_puzzle_written() {
    use proptest::test_runner::{Config, TestRunner};
    for n in 4..=MAX_SIDE {
        let shape = sudoku_ip_model::geometry::inferred_box(n).unwrap_or((1, n));
        let geometry = Geometry::new(n, Some(shape)).unwrap();
        // Fewer cases for big grids keeps the test quick; every size is covered.
        let cases = match n {
            4..=16 => 12,
            17..=36 => 4,
            _ => 2,
        };
        let cells = n * n;
        let strategy = (0u32..=90, proptest::collection::vec((1..=n as u8, 0u32..100), cells));
        let mut runner = TestRunner::new(Config { cases, failure_persistence: None, ..Config::default() });
        let result = runner.run(&strategy, |(empty_pct, cells)| {
            let values: Vec<u8> = cells.iter().map(|&(v, roll)| if roll < empty_pct { 0 } else { v }).collect();
            let p = Puzzle::new(geometry.clone(), Grid::from_values(n, values).unwrap());
            for (form, text, opts) in written_forms(&p) {
                let back = parse_puzzle(&text, &opts)
                    .map_err(|e| proptest::test_runner::TestCaseError::fail(format!("{n}x{n} {form}: {e}\n{text}")))?;
                prop_assert_eq!(&back, &p, "{}x{} {}:\n{}", n, n, form, text);
            }
            Ok(())
        });
        if let Err(e) = result {
            panic!("side {n}: {e}");
        }
    }
}

#[test]
fn a_prime_size_needs_a_box_shape() {
    let text: String = (0..7).map(|_| ".......\n").collect();
    assert!(matches!(parse(&text), Err(ParseError::Geometry(sudoku_ip_model::GeometryError::NoBoxShape { n: 7 }))));
    let opts = ParseOptions { box_shape: Some((1, 7).into()), ..Default::default() };
    assert_eq!(parse_puzzle(&text, &opts).unwrap().n(), 7);
}

#[test]
fn triplet_checks_are_the_seeds_and_more() {
    let err = parse("1,2,10\n").unwrap_err().to_string();
    assert!(err.contains("must be integers from 1 to 9") || err.contains("digit k"), "{err}");
    let err = parse("1,2,2\n1,0,3\n").unwrap_err().to_string();
    assert!(err.starts_with("line 2, column 3") && err.contains("from 1 to 9"), "{err}");
    let err = parse("1,2,2.5\n").unwrap_err().to_string();
    assert!(err.contains("integer"), "{err}");
    let err = parse("[1,2,2,4; 1,5,3,4]").unwrap_err().to_string();
    assert!(err.contains("N-by-3"), "{err}");
    let err = parse("1,2,2\n3,3,3\n1,2,7\n").unwrap_err();
    assert_eq!(err.to_string(), "line 3: cell r1c2 is given twice, as 2 and as 7");
    // The same clue twice is harmless.
    assert_eq!(parse("1,2,2\n1,2,2\n").unwrap().givens().filled(), 1);
}

#[test]
fn triplets_beyond_nine_pick_a_bigger_grid() {
    let err = parse("1,1,16\n16,16,1\n").unwrap_err().to_string();
    assert!(err.contains("from 1 to 9 (for a bigger grid give --size N)"), "{err}");
    let opts = ParseOptions { size: Some(16), ..Default::default() };
    assert_eq!(parse_puzzle("1,1,16\n16,16,1\n", &opts).unwrap().n(), 16);
    let opts = ParseOptions { size: Some(12), ..Default::default() };
    let p = parse_puzzle("1,1,12\n", &opts).unwrap();
    assert_eq!(p.geometry().box_shape(), Some((3, 4)));
}

#[test]
fn empty_input_is_an_error() {
    assert_eq!(parse(""), Err(ParseError::Empty));
    assert_eq!(parse("# only a comment\n\n"), Err(ParseError::Empty));
}

#[test]
fn bad_characters_are_named() {
    let mut line = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..".to_string();
    line.replace_range(10..11, "x");
    let err = parse(&line).unwrap_err().to_string();
    assert!(err.starts_with("line 1, column 11: found \"x\""), "{err}");
}

fn grid_strategy() -> impl Strategy<Value = (usize, Vec<u8>)> {
    prop_oneof![Just(4usize), Just(6), Just(9), Just(12), Just(16), Just(25)]
        .prop_flat_map(|n| (Just(n), proptest::collection::vec(0..=n as u8, n * n)))
}

proptest! {
    #[test]
    fn printing_then_parsing_gives_the_same_puzzle((n, values) in grid_strategy()) {
        let geometry = Geometry::new(n, None).unwrap();
        let grid = Grid::from_values(n, values).unwrap();
        let p = Puzzle::new(geometry.clone(), grid.clone());
        prop_assert_eq!(&parse(&grid.to_line()).unwrap(), &p);
        prop_assert_eq!(&parse(&to_grid_text(&grid, &geometry)).unwrap(), &p);
        if grid.filled() > 0 {
            let opts = ParseOptions { size: Some(n), ..Default::default() };
            prop_assert_eq!(&parse_puzzle(&to_triplets(&p), &opts).unwrap(), &p);
        }
    }
}

#[test]
fn a_semicolon_in_a_comment_does_not_make_a_matrix() {
    let text = format!("# 9x9; from seed 004\n{SEED004}");
    assert_eq!(detect(&text), Format::Grid);
    assert_eq!(parse(&text).unwrap(), parse(SEED004).unwrap());
}

#[test]
fn a_jigsaw_grid_shows_its_region_borders_and_reads_back() {
    // Regions of a 4x4: an L, its mirror, and two more; cells are row-major indices.
    let regions = vec![vec![0, 1, 2, 4], vec![3, 7, 11, 15], vec![5, 6, 9, 10], vec![8, 12, 13, 14]];
    let geometry = Geometry::with_regions(4, regions).expect("regions");
    let grid = Grid::from_values(4, vec![1, 2, 3, 4, 3, 4, 2, 1, 4, 1, 2, 3, 2, 3, 1, 4]).expect("grid");
    let text = to_grid_text(&grid, &geometry);
    assert_eq!(text, "1 2 3|4\n +---+\n3|4 2|1\n-+   |\n4|1 2|3\n +---+\n2 3 1|4\n");
    let back = parse_puzzle(&text, &ParseOptions::default()).expect("reads back");
    assert_eq!(back.givens(), &grid);
}

/// Seed 004's Killer demo, copied from the seed with its comments and commented-out 4x4 demo.
const SEED004_KILLER: &str = include_str!("../../../examples/seed004-killer.txt");

/// The seed's 4x4 demo, uncommented.
const SEED004_KILLER_4X4: &str = "\
# 4x4 demo
grid = [[1, 1, 2, 2], [1, 1, 2, 2], [3, 4, 5, 6], [3, 4, 5, 6]]
grid_sum = {1: 10, 2: 10, 3: 5, 4: 5, 5: 5, 6: 5}
";

fn cages(p: &Puzzle) -> (&[sudoku_ip_model::rules::Cage], bool) {
    match p.rules() {
        [sudoku_ip_model::rules::Rule::Killer(sudoku_ip_model::rules::Killer { cages, distinct })] => {
            (cages, *distinct)
        }
        other => panic!("expected one killer rule, got {other:?}"),
    }
}

#[test]
fn seed004_python_killer_layout_is_detected_and_read_as_the_json_import_reads_it() {
    assert_eq!(detect(SEED004_KILLER), Format::KillerLayout);
    let p = parse(SEED004_KILLER).unwrap();
    assert_eq!((p.n(), p.givens().filled(), p.geometry().box_shape()), (9, 0, Some((3, 3))));
    let (list, distinct) = cages(&p);
    assert_eq!(distinct, json::LAYOUT_DISTINCT);
    assert_eq!(list.len(), 29);
    assert_eq!((list[0].cells.clone(), list[0].sum), (vec![Cell::new(0, 0), Cell::new(0, 1)], Some(3)));
    assert_eq!(list[18].cells, (5..9).map(|r| Cell::new(r, 0)).collect::<Vec<_>>(), "cage 19");
    assert_eq!(list.iter().filter_map(|c| c.sum).sum::<u32>(), 405);
    // Exactly what examples/killer.json's `killer_layout` gives.
    let json = include_str!("../../../examples/killer.json");
    assert_eq!(p, json::parse_json(json).unwrap());
    assert_eq!(json::parse_killer_layout_text(SEED004_KILLER).unwrap(), p);
    assert_eq!(
        parse_puzzle(SEED004_KILLER, &ParseOptions { format: Format::KillerLayout, ..Default::default() }),
        Ok(p)
    );
    assert_eq!("killer".parse::<Format>(), Ok(Format::KillerLayout));
}

#[test]
fn seed004_python_killer_4x4_demo_and_variations_in_layout() {
    assert_eq!(detect(SEED004_KILLER_4X4), Format::KillerLayout);
    let p = parse(SEED004_KILLER_4X4).unwrap();
    assert_eq!((p.n(), p.geometry().box_shape()), (4, Some((2, 2))));
    let (list, _) = cages(&p);
    assert_eq!(list.iter().map(|c| (c.cells.len(), c.sum)).collect::<Vec<_>>(), {
        let mut v = vec![(4, Some(10)); 2];
        v.extend([(2, Some(5)); 4]);
        v
    });
    // Quoted keys, trailing commas, other names, `[` alone on its line, imports and a later
    // assignment replacing an earlier one are Python too.
    let varied = "from gurobipy import *\ncages = [[9]]\ncages = [\n  [1, 1, 2, 2], [1, 1, 2, 2],\n  \
                  [3, 4, 5, 6], [3, 4, 5, 6],\n]\ntotals = {'1': 10, \"2\": 10, 3: 5, 4: 5, 5: 5, 6: 5,}\n";
    assert_eq!(detect(varied), Format::KillerLayout);
    assert_eq!(parse(varied).unwrap(), p);
    // Boxes and size follow the options.
    let opts = ParseOptions { box_shape: Some((1, 4).into()), ..Default::default() };
    assert_eq!(parse_puzzle(SEED004_KILLER_4X4, &opts).unwrap().geometry().box_shape(), Some((1, 4)));
    let opts = ParseOptions { size: Some(9), ..Default::default() };
    let err = parse_puzzle(SEED004_KILLER_4X4, &opts).unwrap_err().to_string();
    assert_eq!(err, "line 2, column 8: grid has 4 rows; expected 9 (1 to 64)");
}

#[test]
fn seed004_python_killer_errors_name_line_and_column() {
    let err = |text: &str| parse(text).unwrap_err().to_string();
    let demo = SEED004_KILLER_4X4;
    // A cage id without a sum: at its first cell.
    let e = err(&demo.replace("[3, 4, 5, 6]]", "[3, 4, 5, 7]]"));
    assert_eq!(e, "line 2, column 61: cage 7 (first cell r4c4) has no sum in grid_sum (line 3, column 1)");
    // A sum for no cage: at its key.
    let e = err(&demo.replace("6: 5}", "6: 5, 8: 2}"));
    assert_eq!(e, "line 3, column 51: grid_sum gives a sum for cage 8, but no cell of grid is in cage 8");
    // A ragged grid: at the row.
    let e = err(&demo.replace("[1, 1, 2, 2], [3", "[1, 1, 2], [3"));
    assert_eq!(e, "line 2, column 23: row 2 of grid has 3 cage ids, expected 4 (4 rows of 4)");
    // A sum the cage cannot have, through the shared killer checks: at its key.
    let e = err(&demo.replace("3: 5,", "3: 2,"));
    assert!(e.starts_with("line 3, column 27: cage 3: a cage of 2 cells"), "{e}");
    // Tokens that are not what Python or the layout allows.
    let e = err(&demo.replace("[3, 4, 5, 6]]", "[3, 4, x5, 6]]"));
    assert_eq!(e, "line 2, column 58: found \"x5\", expected a cage id: an integer, 0 for no cage");
    let e = err(&demo.replace("1: 10,", "1 10,"));
    assert_eq!(e, "line 3, column 15: found \"10\", expected ':' between a cage id and its sum");
    let e = err(&demo.replace("6]]", "6]"));
    assert_eq!(e, "line 3, column 1: found \"grid_sum\", expected ',' or ] to close the [ at line 2, column 8");
    let e = err(&demo.replace("6: 5}", "6: 5"));
    assert_eq!(e, "line 3, column 12: this { is never closed by }");
    let e = err(&demo.replace("grid_sum", "def f(): grid_sum"));
    assert!(e.starts_with("line 3, column 5: found \"f\", expected '=' after the name"), "{e}");
    let e = err(&demo.replace("1: 10, 2: 10,", "1: 10, 1: 10,"));
    assert_eq!(e, "line 3, column 20: cage 1's sum is given twice in grid_sum (first at line 3, column 13)");
    let e = err(&format!("{demo}grid = [[1, 2], [2, 1]] grid_sum = {{}}\n"));
    assert_eq!(e, "line 4, column 25: found \"grid_sum\", expected the end of the line after a value");
    let e = err("grid = [[1, 1], [2, 2]]\n");
    assert_eq!(
        e,
        "line 1, column 1: no map of cage sums `grid_sum = {id: sum, ...}`; seed 004's Killer layout needs both"
    );
    let e = err("grid_sum = {1: 3}\n");
    assert_eq!(e, "line 1, column 1: no grid of cage ids `grid = [[...], ...]`; seed 004's Killer layout needs both");
    let e = err(&format!("{demo}other = [[1]]\n"));
    assert!(
        e.starts_with("line 4, column 1: a second grid of cage ids, other (the first is grid, line 2, column 1)"),
        "{e}"
    );
}

#[test]
fn the_killer_layout_detection_leaves_the_other_formats_alone() {
    assert_eq!(detect(SEED000), Format::Triplets);
    assert_eq!(detect("B = [\n1,2,2;\n1,5,3];\n"), Format::Triplets);
    assert_eq!(detect("# grid = [[1, 2]]\n1,2,2\n"), Format::Triplets);
    assert_eq!(detect("{\"size\": 4}"), Format::Json);
    // A byte-order mark before the JSON: still JSON, and it parses.
    assert_eq!(detect("\u{feff}{\"size\": 4}"), Format::Json);
    assert_eq!(parse("\u{feff}{\"size\": 4}").map(|p| p.n()), Ok(4));
    assert_eq!(detect(SEED004), Format::Grid);
}

#[test]
fn a_json_envelope_carries_its_puzzle_and_errors_point_inside_it() {
    let bare = r#"{"size": 4, "givens": "1...............", "rules": [{"type": "diagonal"}]}"#;
    let wrapped = format!(r#"{{"seed": 7, "line": "1...............", "puzzle": {bare}, "solution": null}}"#);
    assert_eq!(parse(&wrapped).unwrap(), parse(bare).unwrap());
    let bad = r#"{"seed": 7, "puzzle": {"size": 4, "rules": [{"type": "nope"}]}}"#;
    match parse(bad) {
        Err(ParseError::Json { path, .. }) => assert_eq!(path, "$.puzzle.rules[0].type"),
        other => panic!("{other:?}"),
    }
    // A puzzle object with a stray "puzzle" key is not an envelope: the key is refused.
    let stray = r#"{"size": 4, "puzzle": {"size": 4}}"#;
    match parse(stray) {
        Err(ParseError::Json { path, .. }) => assert_eq!(path, "$.puzzle"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn json_objects_one_a_line_are_a_batch_with_their_lines() {
    let text = "{\"size\": 4}\n\n{\"puzzle\": {\"size\": 4, \"givens\": \"12..............\"}}\n  {\"size\": 4, \"givens\": \"1234\"}\n{\"size\"";
    let Ok(Document::Batch(items)) = parse_document(text, &ParseOptions::default()) else {
        panic!("a batch");
    };
    let lines: Vec<usize> = items.iter().map(|(l, _)| *l).collect();
    assert_eq!(lines, vec![1, 3, 4, 5]);
    assert_eq!(items[1].1.as_ref().map(|p| p.givens().filled()), Ok(2));
    assert!(matches!(&items[2].1, Err(ParseError::Json { path, .. }) if path == "$.givens"));
    assert!(matches!(&items[3].1, Err(ParseError::Json { message, .. }) if message.contains("not valid JSON")));
    // One puzzle is asked for: the second object is named.
    let two = "{\"size\": 4}\n{\"size\": 4}\n";
    assert!(parse_puzzle(two, &ParseOptions::default()).is_err());
    assert!(json::parse_json(two).unwrap_err().to_string().contains("line 2"));
}

/// One megabyte on one line, in the shape of every format, for the parsers' limits.
fn megabyte_lines() -> Vec<(&'static str, String)> {
    const MB: usize = 1 << 20;
    vec![
        ("killer list brackets", format!("grid = {}", "[".repeat(MB))),
        ("killer map braces", format!("g = {}", "{".repeat(MB))),
        ("killer nested both", format!("grid = [{}", "[{1: ".repeat(MB / 5))),
        ("killer long row", format!("grid = [[{}]]\ngrid_sum = {{1: 5}}", "1, ".repeat(MB / 3))),
        ("killer unclosed quote", format!("grid_sum = {{'{}", "x".repeat(MB))),
        ("line of digits", "1".repeat(MB)),
        ("line of dots", ".".repeat(MB)),
        ("line of integers", "12 ".repeat(MB / 3)),
        ("grid row", format!("{}\n", "1 ".repeat(MB / 2)).repeat(2)),
        ("one huge token", format!("1 2 3 4\n2 3 4 1\n3 4 1 2\n4 1 2 {}\n", "9".repeat(MB))),
        ("matlab matrix", format!("B = [{}]", "1,2,3; ".repeat(MB / 7))),
        ("matlab brackets", format!("B = {}", "[".repeat(MB))),
        ("triplets", "1,2,3,".repeat(MB / 6)),
        ("json arrays", format!("{{\"size\": 9, \"givens\": {}", "[".repeat(MB))),
        ("json objects", format!("{{\"size\": {}", "{\"a\": ".repeat(MB / 6))),
        ("json long string", format!("{{\"size\": 9, \"givens\": \"{}\"}}", "1".repeat(MB))),
        ("headers", format!("# rules: {}\n{}\n", "diagonal,".repeat(MB / 9), ".".repeat(81))),
    ]
}

#[test]
fn a_megabyte_on_one_line_in_any_format_is_read_or_refused_never_an_abort() {
    for (what, text) in megabyte_lines() {
        // Run where a server worker would: a thread with a 2 MiB stack.
        let result = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || parse_document(&text, &ParseOptions::default()).map(|_| ()).map_err(|e| e.to_string()))
            .expect("thread")
            .join()
            .unwrap_or_else(|_| panic!("{what}: the parser panicked"));
        // The MATLAB matrix is 150,000 times the same clue: a puzzle.
        if what == "matlab matrix" {
            assert_eq!(result, Ok(()), "{what}");
            continue;
        }
        let err = result.expect_err(what);
        assert!(err.len() < 2000, "{what}: the error echoes the input ({} bytes)", err.len());
        assert!(err.starts_with("line ") || err.starts_with('$'), "{what}: {err}");
    }
}

#[test]
fn killer_text_nested_16000_deep_names_the_line_and_the_limit() {
    let text = format!("# seed 004\ngrid = {}", "[".repeat(16_000));
    let err = parse(&text).unwrap_err().to_string();
    assert_eq!(
        err,
        format!(
            "line 2, column {}: lists and maps nested deeper than 16 levels (the limit); a Killer layout needs \
             two: [[cage ids], ...] and {{id: sum}}",
            8 + killer_text::MAX_DEPTH
        )
    );
}

#[test]
fn a_size_whose_square_wraps_is_refused_not_wrapped() {
    // `n * n` wrapped to 0 for 2^32: "expected 0 characters for a 4294967296x4294967296 puzzle".
    for size in [1usize << 32, 65, usize::MAX] {
        for format in [Format::Line, Format::Grid, Format::Triplets, Format::Auto] {
            let opts = ParseOptions { format, size: Some(size), ..Default::default() };
            let err = parse_puzzle("1,1,1\n", &opts).unwrap_err().to_string();
            assert!(
                err.contains("not supported (1 to 64)") || err.contains("(expected 1 to 64)"),
                "{size} {format:?}: {err}"
            );
        }
    }
    let opts = ParseOptions { box_shape: Some((125, 147_573_952_589_676_413).into()), ..Default::default() };
    let err = parse_puzzle(SEED004, &opts).unwrap_err().to_string();
    assert!(err.contains("does not fit a 9x9 grid"), "{err}");
}

// ---------------------------------------------------------------------------------------------
// Writing text that reads back.

#[test]
fn headers_carry_box_shape_rules_and_size() {
    let p =
        parse("# box: 3x2\n# rules: diagonal, anti-knight\n1.....\n......\n......\n......\n......\n.....2\n").unwrap();
    assert_eq!(p.geometry().box_shape(), Some((3, 2)));
    assert_eq!(
        p.rules(),
        &[
            sudoku_ip_model::Rule::Diagonal(sudoku_ip_model::rules::Diagonal),
            sudoku_ip_model::Rule::AntiKnight(sudoku_ip_model::rules::AntiKnight)
        ]
    );
    let t = parse("# size: 16\n1,1,16\n").unwrap();
    assert_eq!(t.n(), 16);
    // Explicit options win over headers.
    let opts = ParseOptions { box_shape: Some((2, 3).into()), ..Default::default() };
    assert_eq!(
        parse_puzzle("# box: 3x2\n......\n......\n......\n......\n......\n......\n", &opts)
            .unwrap()
            .geometry()
            .box_shape(),
        Some((2, 3))
    );
    // Bad headers are named.
    let err = parse(&format!("# rules: diagonal,chaos\n{}\n", ".".repeat(81))).unwrap_err().to_string();
    assert!(err.starts_with("line 1, column 19: # rules: unknown rule \"chaos\""), "{err}");
    let err = parse("# box: 3 by 3\n").unwrap_err().to_string();
    assert_eq!(err, "line 1, column 8: found \"3 by 3\", expected a box shape such as 3x3 or 2x3, or none");
    let err = parse("# rules: diagonal\n# rules: windows\n").unwrap_err().to_string();
    assert!(err.starts_with("line 2: a second `# rules:` header"), "{err}");
    let err = parse(&format!("# rules: diagonal, diagonal\n{}\n", ".".repeat(16))).unwrap_err().to_string();
    assert!(err.starts_with("line 1, column 20: # rules: rules[1]: a second \"diagonal\" rule"), "{err}");
    // A comment that is not a header is left alone.
    assert_eq!(parse(&format!("# note: hard\n# seed 3, 25 clues\n{SEED004}")).unwrap(), parse(SEED004).unwrap());
}

#[test]
fn a_puzzle_with_rules_written_as_text_reads_back_with_its_rules() {
    // Issue 14 §7: `generate --rules diagonal,anti-knight > p.txt; solve p.txt` lost the rules.
    let p = parse(SEED004).unwrap().with_rules([
        sudoku_ip_model::Rule::Diagonal(sudoku_ip_model::rules::Diagonal),
        sudoku_ip_model::Rule::AntiKnight(sudoku_ip_model::rules::AntiKnight),
    ]);
    for form in [TextForm::Grid, TextForm::Line, TextForm::Triplets] {
        let text = write_text(&p, form).unwrap();
        assert!(text.starts_with("# rules: diagonal,anti-knight\n"), "{form:?}: {text}");
        assert_eq!(parse(&text).unwrap(), p, "{form:?}: {text}");
    }
}

#[test]
fn text_forms_refuse_what_they_cannot_carry() {
    let regions = vec![vec![0, 1, 2, 4], vec![3, 7, 11, 15], vec![5, 6, 9, 10], vec![8, 12, 13, 14]];
    let jigsaw = Puzzle::blank(Geometry::with_regions(4, regions).unwrap());
    let killer = parse(SEED004_KILLER_4X4).unwrap();
    for form in [TextForm::Grid, TextForm::Line, TextForm::Triplets] {
        let err = write_text(&jigsaw, form).unwrap_err().to_string();
        assert!(
            err.starts_with("a jigsaw (irregular regions) cannot be written as") && err.ends_with("write it as JSON"),
            "{err}"
        );
        let err = write_text(&killer, form).unwrap_err().to_string();
        assert!(err.contains("the killer rule (its data) cannot be written"), "{err}");
    }
    let blank = Puzzle::blank(Geometry::new(9, None).unwrap());
    assert!(write_text(&blank, TextForm::Triplets).is_err());
    assert_eq!(parse(&write_text(&blank, TextForm::Grid).unwrap()).unwrap(), blank);
}

/// A side, one of its box shapes, some rules that need no data and the givens.
fn variant_strategy() -> impl Strategy<Value = Puzzle> {
    let sides = prop_oneof![
        Just(4usize),
        Just(6),
        Just(8),
        Just(9),
        Just(10),
        Just(12),
        Just(15),
        Just(16),
        Just(25),
        Just(36)
    ];
    sides
        .prop_flat_map(|n| {
            let shapes: Vec<(usize, usize)> = (1..=n).filter(|r| n % r == 0).map(|r| (r, n / r)).collect();
            (
                Just(n),
                proptest::sample::select(shapes),
                proptest::collection::vec(any::<bool>(), sudoku_ip_model::rules::switchable_names().len()),
                proptest::collection::vec((0..=n as u8, any::<bool>()), n * n),
            )
        })
        .prop_map(|(n, shape, pick, cells)| {
            let geometry = Geometry::new(n, Some(shape)).unwrap();
            let rules: Vec<sudoku_ip_model::Rule> = sudoku_ip_model::rules::switchable_names()
                .into_iter()
                .zip(pick)
                .filter(|(_, on)| *on)
                .filter_map(|(name, _)| sudoku_ip_model::rules::rule_from_name(name, n).ok())
                .filter(|rule| rule.validate(&geometry).is_ok())
                .collect();
            let values = cells.into_iter().map(|(v, keep)| if keep { v } else { 0 }).collect();
            Puzzle::new(geometry, Grid::from_values(n, values).unwrap()).with_rules(rules)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]
    #[test]
    fn random_rules_and_box_shapes_round_trip_through_every_text_form(p in variant_strategy()) {
        for form in [TextForm::Grid, TextForm::Line, TextForm::Triplets] {
            match write_text(&p, form) {
                Ok(text) => prop_assert_eq!(&parse(&text).unwrap(), &p, "{:?}:\n{}", form, text),
                Err(e) => {
                    // Only an empty puzzle has no triplets.
                    prop_assert!(form == TextForm::Triplets && p.givens().filled() == 0, "{:?}: {}", form, e);
                }
            }
        }
    }
}

#[test]
fn sixteen_lines_of_sixteen_cells_are_a_grid_unless_line_is_forced() {
    // The one shape two formats share: 16 one-line 4x4 puzzles are also 16 rows of 16 cells.
    let text = "1234341221434321\n".repeat(16);
    let d = detect_format(&text, &ParseOptions::default()).unwrap();
    assert_eq!((d.format, d.side, d.note), (Format::Grid, Some(16), None));
    let opts = ParseOptions { format: Format::Line, ..Default::default() };
    let Ok(Document::Batch(items)) = parse_document(&text, &opts) else { panic!("a batch when forced") };
    assert_eq!(items.len(), 16);
    assert!(items.iter().all(|(_, p)| p.as_ref().is_ok_and(|p| p.n() == 4)));
    assert_eq!(detect(&text), Format::Grid);
    assert_eq!(detect("null"), Format::Line, "no fit: parsing says why");
}

#[test]
fn long_header_values_are_quoted_not_echoed() {
    // Fuzzing (format_auto, format_grid): an unknown 1,000-character rule name, or two long
    // `# rules:` headers that differ, made errors of 1–2 KB that repeated the input.
    let long = "z".repeat(1_000);
    let err = parse(&format!("# rules: {long}\n{}\n", ".".repeat(81))).unwrap_err().to_string();
    // The message lists the rule names (which grow with the registry), never the 1,000 z.
    assert!(err.contains("unknown rule \"zzzz") && err.len() < 400, "{err}");
    let err = parse(&format!("# rules: a{long}\n# rules: b{long}\n")).unwrap_err().to_string();
    assert!(err.starts_with("line 2: a second `# rules:` header says \"bzzz") && err.len() < 200, "{err}");
}

#[test]
fn json_errors_are_shown_elided_with_their_ends() {
    // Fuzzing (api_parse, format_json): JSON errors quote keys and values whole.
    let key = "k".repeat(5_000);
    let err = parse(&format!("{{\"size\": 4, \"{key}\": 1}}")).unwrap_err();
    let shown = err.to_string();
    assert!(shown.chars().count() < 800, "{} characters", shown.chars().count());
    assert!(shown.starts_with("$.kkk") && shown.contains(" … ") && shown.ends_with(')'), "{shown}");
    assert_eq!(elide("short", 10), "short");
    assert_eq!(elide("abcdefghij", 4), "ab … ij");
}

#[test]
fn elided_messages_cut_between_words_not_inside_them() {
    // The API and the page showed "… jointgroups" for the end of a list of supported rules.
    let list = (0..60).map(|i| format!("rule{i}")).collect::<Vec<_>>().join(", ") + ", disjointgroups";
    let shown = elide(&list, 100);
    assert!(shown.ends_with("… disjointgroups") || shown.contains(" … rule"), "{shown}");
    let words =
        |t: &str| t.split([' ', ',']).filter(|w| !w.is_empty() && *w != "…").map(String::from).collect::<Vec<_>>();
    let whole = words(&list);
    assert!(words(&shown).iter().all(|w| whole.contains(w)), "a word was cut: {shown}");
    assert!(shown.chars().count() <= 100 + 3, "{shown}");
}

#[test]
fn batch_lines_reads_each_line_as_the_whole_document_does() {
    // Text with headers, JSON lines and f-puzzles-free text: every line read alone equals the
    // same line of the whole document, headers' box and rules included.
    let empty = ".".repeat(36);
    let text_batch = format!("# box: 3x2\n# rules: diagonal\n{empty}\n1{}\n\n{empty} # note\n", &empty[1..]);
    let json_batch = "{\"size\": 4, \"givens\": \"1...............\"}\n# c\n{\"size\": 4, \"givens\": 7}\n";
    for (batch, opts) in [
        (text_batch.as_str(), ParseOptions::default()),
        (json_batch, ParseOptions::default()),
        (text_batch.as_str(), ParseOptions { box_shape: BoxShape::parse("2x3"), ..ParseOptions::default() }),
    ] {
        let Ok(Document::Batch(whole)) = parse_document(batch, &opts) else { panic!("a batch: {batch}") };
        let reader = BatchLines::new(batch, &opts).expect("reader");
        let alone: Vec<(usize, Result<Puzzle, ParseError>)> =
            batch.lines().enumerate().filter_map(|(i, l)| reader.line(l, i + 1).map(|p| (i + 1, p))).collect();
        assert_eq!(alone.len(), whole.len(), "{batch}");
        for ((la, a), (lw, w)) in alone.iter().zip(&whole) {
            assert_eq!(la, lw);
            match (a, w) {
                (Ok(a), Ok(w)) => assert_eq!(a, w, "line {la}"),
                (Err(_), Err(_)) => {}
                _ => panic!("line {la}: {a:?} vs {w:?}"),
            }
        }
    }
    let reader = BatchLines::new(&text_batch, &ParseOptions::default()).expect("reader");
    assert!(reader.line("# rules: diagonal", 9).is_none(), "the same header again");
    let late = reader.line("# size: 6", 9).expect("an error item").expect_err("refused");
    assert!(late.to_string().contains("after the puzzles it would apply to"), "{late}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]
    /// The byte-by-byte reader of plain one-line puzzles reads every line as the general reader
    /// does: the same puzzle, or the same error (it hands every line it cannot read over).
    #[test]
    fn the_fast_line_reader_reads_as_the_general_one(
        side in prop::sample::select(vec![1usize, 2, 3, 4, 6, 7, 9, 16, 25, 35, 36]),
        extra in -2i32..=2,
        cells in prop::collection::vec(
            prop::sample::select(vec!['.', '0', '*', '_', '1', '2', '4', '9', 'A', 'g', 'P', 'z', 'Z', ' ', '-', 'é']),
            0..1400,
        ),
        size in prop::option::of(prop::sample::select(vec![4usize, 9, 16])),
        box_shape in prop::option::of(prop::sample::select(vec![BoxShape::Latin, BoxShape::Rect { rows: 2, cols: 2 }])),
        no in 1usize..1000,
    ) {
        let len = usize::try_from((side * side) as i32 + extra).unwrap_or(0);
        let text: String = cells.iter().cycle().take(if cells.is_empty() { 0 } else { len }).collect();
        let text = text.trim_end();
        let opts = ParseOptions { size, box_shape, ..ParseOptions::default() };
        let line = Line { no, text };
        prop_assert_eq!(parse_one_line(&line, &opts), general_one_line(&line, &opts));
    }
}

#[test]
fn the_fast_line_reader_takes_plain_lines() {
    let opts = ParseOptions::default();
    for text in [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "1234341221434321",
        format!("123456789ABCDEFg{}", ".".repeat(240)).as_str(),
    ] {
        let text: &str = text;
        assert!(plain_char_line(text, None).is_some(), "{text}");
        let line = Line { no: 1, text };
        assert_eq!(parse_one_line(&line, &opts), general_one_line(&line, &opts));
        assert!(parse_one_line(&line, &opts).is_ok(), "{text}");
    }
}

#[test]
fn the_9x9_digit_reader_reads_every_character_as_the_general_one() {
    // The 9x9 line's arithmetic reader must take exactly the digits and dots, and leave every
    // other character (other empty marks, letters, signs, non-ASCII) to the table or the errors.
    let opts = ParseOptions::default();
    for b in 0..=255u8 {
        for at in [0, 40, 80] {
            let mut text: Vec<char> = "1".repeat(81).chars().collect();
            text[at] = char::from(b);
            let text: String = text.into_iter().collect();
            let line = Line { no: 3, text: &text };
            assert_eq!(parse_one_line(&line, &opts), general_one_line(&line, &opts), "byte {b} at {at}");
        }
    }
}

#[test]
fn the_cell_byte_table_reads_as_value_of_char() {
    for b in 0..=255u8 {
        let expected = value_of_char(char::from(b), 35, 1, 1).unwrap_or(255);
        assert_eq!(CELL_BYTES[usize::from(b)], expected, "byte {b}");
    }
}

/// The text grid, the one-line puzzle and the JSON `givens` read the same characters as an
/// empty cell (one definition, `geometry::is_empty_mark`), and refuse the same others.
#[test]
fn every_reader_takes_the_same_empty_cell_marks() {
    let opts = ParseOptions::default();
    for ch in ['.', '0', '*', '_', '-', '?', 'x'] {
        let line = format!("{ch}234341221434321");
        let grid = format!("{ch}234\n3412\n2143\n4321\n");
        let json = format!(r#"{{"size": 4, "givens": ["{ch}234", "3412", "2143", "4321"]}}"#);
        let read = [
            parse_puzzle(&line, &opts).map(|p| p.givens().get(Cell::new(0, 0))),
            parse_puzzle(&grid, &opts).map(|p| p.givens().get(Cell::new(0, 0))),
            parse_puzzle(&json, &opts).map(|p| p.givens().get(Cell::new(0, 0))),
        ];
        let empty = sudoku_ip_model::geometry::is_empty_mark(ch);
        for (how, r) in ["one line", "text grid", "JSON givens"].iter().zip(&read) {
            match r {
                Ok(v) => assert!(empty && *v == 0, "{how} read {ch:?} as {v}"),
                Err(e) => assert!(!empty, "{how} refused the empty mark {ch:?}: {e}"),
            }
        }
    }
}

//! Shared helpers for the native engine's tests and examples: a small seeded random generator,
//! random full grids (a pattern grid shuffled by the Sudoku symmetries) and puzzles cut from
//! them.
#![allow(dead_code)]

use sudoku_ip_model::{Geometry, Grid, Model, Puzzle, Row, Sense};

/// SplitMix64: tiny, seeded, good enough to shuffle grids reproducibly.
pub struct Rng(pub u64);

impl Rng {
    /// Next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// Fisher–Yates.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// A random permutation of `0..n`.
    pub fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut p: Vec<usize> = (0..n).collect();
        self.shuffle(&mut p);
        p
    }
}

/// A permutation of `0..bands·size` that shuffles the bands and the lines inside each band.
fn band_permutation(rng: &mut Rng, bands: usize, size: usize) -> Vec<usize> {
    let order = rng.permutation(bands);
    let mut out = Vec::with_capacity(bands * size);
    for &b in &order {
        let inner = rng.permutation(size);
        out.extend(inner.iter().map(|&i| b * size + i));
    }
    out
}

/// A random full grid with `box_rows`×`box_cols` boxes: the pattern grid
/// `(box_cols·(r mod box_rows) + r / box_rows + c) mod n`, with rows permuted within and across
/// bands, columns within and across stacks, and digits relabelled.
pub fn full_grid(rng: &mut Rng, box_rows: usize, box_cols: usize) -> Vec<u8> {
    let n = box_rows * box_cols;
    let rows = band_permutation(rng, box_cols, box_rows); // n / box_rows = box_cols bands
    let cols = band_permutation(rng, box_rows, box_cols);
    let digits = rng.permutation(n);
    let mut values = vec![0u8; n * n];
    for r in 0..n {
        for c in 0..n {
            let (pr, pc) = (rows[r], cols[c]);
            let v = (box_cols * (pr % box_rows) + pr / box_rows + pc) % n;
            values[r * n + c] = digits[v] as u8 + 1;
        }
    }
    values
}

/// The value of `--dump DIR` in the examples' arguments, taken out of them.
pub fn take_dump_dir(args: &mut Vec<String>) -> Option<String> {
    let i = args.iter().position(|a| a == "--dump")?;
    let dir = args.get(i + 1).cloned().expect("--dump DIR");
    args.drain(i..i + 2);
    Some(dir)
}

/// Grids as lines of comma-separated values (0: empty), the examples' `--dump` format.
pub fn values_lines(grids: &[Vec<u8>]) -> String {
    grids.iter().map(|g| g.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(",") + "\n").collect()
}

/// `values` with `holes` random cells emptied.
pub fn remove_cells(rng: &mut Rng, values: &[u8], holes: usize) -> Vec<u8> {
    let mut out = values.to_vec();
    let mut order: Vec<usize> = (0..values.len()).collect();
    rng.shuffle(&mut order);
    for &k in order.iter().take(holes) {
        out[k] = 0;
    }
    out
}

/// Random pairs of cells of `m` (an n×n grid's model) that must hold different digits, like
/// anti-king: up to `3n` pairs, each an at-most-one row per digit. They make dead ends that
/// plain propagation walks into, for tests of what the search does there.
pub fn add_random_differences(rng: &mut Rng, m: &mut Model, n: usize) {
    for _ in 0..rng.below(3 * n) {
        let (a, b) = (rng.below(n * n), rng.below(n * n));
        for d in 0..n {
            if a != b {
                m.push_row(Row {
                    name: format!("x{a}_{b}_{d}"),
                    kind: sudoku_ip_model::RowKind::Other,
                    terms: vec![((a * n + d) as u32, 1), ((b * n + d) as u32, 1)],
                    sense: Sense::Le,
                    rhs: 1,
                });
            }
        }
    }
}

/// The median of `xs` (the upper one of an even count).
pub fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// The plain model of a puzzle with `box_rows`×`box_cols` boxes.
pub fn model(box_rows: usize, box_cols: usize, values: &[u8]) -> Model {
    let n = box_rows * box_cols;
    let geometry = Geometry::new(n, Some((box_rows, box_cols))).expect("valid box shape");
    let grid = Grid::from_values(n, values.to_vec()).expect("n² values up to n");
    Model::build(&Puzzle::new(geometry, grid))
}

/// Whether a full grid is a valid Sudoku solution with these boxes (independent of the model).
pub fn is_valid_solution(box_rows: usize, box_cols: usize, values: &[u8]) -> bool {
    let n = box_rows * box_cols;
    let all = |cells: &mut dyn Iterator<Item = usize>| {
        let mut seen = 0u64;
        for k in cells {
            let v = values[k];
            if v == 0 || v as usize > n {
                return false;
            }
            seen |= 1 << v;
        }
        seen.count_ones() as usize == n
    };
    (0..n).all(|r| all(&mut (0..n).map(|c| r * n + c)))
        && (0..n).all(|c| all(&mut (0..n).map(|r| r * n + c)))
        && (0..n).all(|b| {
            let (r0, c0) = (b / box_rows * box_rows, b % box_rows * box_cols);
            all(&mut (0..n).map(|i| (r0 + i / box_cols) * n + c0 + i % box_cols))
        })
}

/// The auxiliary-variable test rule, until the rule registry has it: "in the rows `rows` the 1
/// stands left of the n". Every row gets an auxiliary indicator `y_r` (returned), `y_r = 1`
/// exactly when its 1 stands left of its n (`d` = column of the n minus column of the 1, never
/// 0): `d − n·y_r >= 1 − n` (y_r = 1 ⇒ d ≥ 1) and `d − n·y_r <= −1` (y_r = 0 ⇒ d ≤ −1); the
/// rows in `rows` also get `y_r >= 1`. (Not every row can: the 1s and the ns fill the columns
/// alike, so their columns sum the same.) With `rows` empty the indicators change nothing.
pub fn one_before_last(model: &mut Model, rows: &[usize]) -> Vec<u32> {
    use sudoku_ip_model::{Cell, Row, Sense};
    let n = model.n();
    let mut aux = Vec::new();
    for r in 0..n {
        let y = model.add_aux(&format!("one_left_of_{n}_in_row{}", r + 1));
        let mut terms: Vec<(u32, i32)> = Vec::new();
        for c in 0..n {
            terms.push((model.var(Cell::new(r, c), n), c as i32 + 1));
            terms.push((model.var(Cell::new(r, c), 1), -(c as i32 + 1)));
        }
        terms.push((y, -(n as i32)));
        let name = |what: &str| format!("one_before_last_r{}_{what}", r + 1);
        model.push_row(Row {
            name: name("if_y"),
            kind: sudoku_ip_model::RowKind::Other,
            terms: terms.clone(),
            sense: Sense::Ge,
            rhs: 1 - n as i32,
        });
        model.push_row(Row {
            name: name("if_not_y"),
            kind: sudoku_ip_model::RowKind::Other,
            terms,
            sense: Sense::Le,
            rhs: -1,
        });
        if rows.contains(&r) {
            model.push_row(Row {
                name: name("holds"),
                kind: sudoku_ip_model::RowKind::Other,
                terms: vec![(y, 1)],
                sense: Sense::Ge,
                rhs: 1,
            });
        }
        aux.push(y);
    }
    aux
}

/// Whether row `r` of `grid` holds its 1 left of its n (the test rule's own checker).
pub fn one_left_of_last(grid: &Grid, r: usize) -> bool {
    let n = grid.n();
    let row = &grid.values()[r * n..(r + 1) * n];
    row.iter().position(|&x| x == 1) < row.iter().position(|&x| x as usize == n)
}

/// Row `r{k}`: a few random terms (2 to `1 + max_terms`, distinct variables of a 4×4 cube) with
/// coefficients in −3..=3, and a right-hand side within one of the planted solution's activity
/// (`ones`), so that some rows bind and some cut the solution off.
pub fn random_linear_row(rng: &mut Rng, k: usize, ones: &[bool], max_terms: usize) -> Row {
    let mut terms: Vec<(u32, i32)> = Vec::new();
    for _ in 0..2 + rng.below(max_terms) {
        let v = rng.below(64) as u32;
        if terms.iter().all(|t| t.0 != v) {
            terms.push((v, rng.below(7) as i32 - 3));
        }
    }
    let row = Row { name: format!("r{k}"), kind: sudoku_ip_model::RowKind::Other, terms, sense: Sense::Eq, rhs: 0 };
    let act = row.activity(ones) as i32;
    let sense = [Sense::Le, Sense::Eq, Sense::Ge][rng.below(3)];
    let rhs = act + rng.below(3) as i32 - 1;
    Row { sense, rhs, ..row }
}

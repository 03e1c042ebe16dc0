//! Variant rules. Each rule lives in its own file, emits rows of the one [`Model`](crate::Model)
//! and checks a grid on its own, independently of the model.
//!
//! Adding a variant: a file here, one variant in [`Rule`], one arm in each match below.
//!
//! Every rule only adds rows (and fixes variables to 0) on top of the plain cell, row, column
//! and region rows, so every backend handles every rule. The formulations prefer what
//! propagates: small "at most one" cliques and implications `x[a,d] <= Σ x[b,e]` rather than
//! big sums; only cage and arrow sums need a weighted sum row. Each file's doc gives its rows.
//!
//! Jigsaw (irregular regions) is not a rule: the regions replace the boxes in the
//! [`Geometry`] ([`Geometry::with_regions`]), and the JSON format reads them.
//!
//! A puzzle holds at most one rule of each kind; a kind with many instances (cages,
//! thermometers, arrows, dots) holds them all, numbered from 1 in row names and messages
//! (`cage3_sum`, "cage 3"). [`validate_rules`] enforces this and each rule's own sanity checks.

pub mod anti_king;
pub mod anti_knight;
pub mod arrow;
pub mod diagonal;
pub mod extra_regions;
pub mod killer;
pub mod kropki;
pub mod non_consecutive;
pub mod odd_even;
pub mod thermometer;
pub mod windows;
pub mod xv;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::check::Violation;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::model::{ModelBuilder, Row, Sense};

pub use arrow::Arrow;
pub use killer::Cage;

/// A rule beyond the plain rows, columns and regions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Rule {
    /// Hyper Sudoku / Windoku: extra `k`×`k` windows (9×9: rows and columns 2–4 and 6–8).
    Windows,
    /// X-Sudoku: both main diagonals hold each digit once.
    Diagonal,
    /// No two cells a chess knight's move apart hold the same digit.
    AntiKnight,
    /// No two cells a chess king's move apart (diagonally touching) hold the same digit.
    AntiKing,
    /// Orthogonally adjacent cells never hold consecutive digits.
    NonConsecutive,
    /// Killer cages.
    Killer {
        /// The cages, numbered from 1 in the order given.
        cages: Vec<Cage>,
        /// Digits in a cage do not repeat (the standard rule; `false` is seed 004's sum-only
        /// formulation).
        distinct: bool,
    },
    /// Cells that hold an odd or an even digit.
    OddEven {
        /// Cells with an odd digit.
        odd: Vec<Cell>,
        /// Cells with an even digit.
        even: Vec<Cell>,
    },
    /// Thermometers: digits strictly increase from the bulb (first cell) along the path.
    Thermometer {
        /// Each thermometer's cells, bulb first.
        thermometers: Vec<Vec<Cell>>,
    },
    /// Arrows: the digit in the circle is the sum of the digits on its arrow.
    Arrow {
        /// The arrows.
        arrows: Vec<Arrow>,
    },
    /// Kropki dots between orthogonal neighbours.
    Kropki {
        /// White dots: the two digits are consecutive.
        white: Vec<(Cell, Cell)>,
        /// Black dots: one digit is twice the other.
        black: Vec<(Cell, Cell)>,
        /// All dots are given: neighbours without a dot are neither consecutive nor in ratio 2.
        all_given: bool,
    },
    /// XV: X marks neighbours that sum to 10, V neighbours that sum to 5.
    Xv {
        /// Pairs summing to 10.
        x: Vec<(Cell, Cell)>,
        /// Pairs summing to 5.
        v: Vec<(Cell, Cell)>,
        /// All marks are given: neighbours without a mark sum to neither 10 nor 5.
        all_given: bool,
    },
    /// Extra regions: any groups of cells whose digits are distinct.
    ExtraRegions {
        /// The regions.
        regions: Vec<Vec<Cell>>,
    },
}

/// Names [`rule_from_name`] accepts: the rules that need no data.
pub const SWITCHABLE: &[&str] = &["diagonal", "windows", "anti-knight", "anti-king", "non-consecutive"];

/// The rules that need no data, by name (`diagonal`, `windows`, `anti-knight`, `anti-king`,
/// `non-consecutive`; `_` for `-` and a few common aliases accepted), for a side-`n` grid.
/// The error says what is wrong and which names exist.
pub fn rule_from_name(name: &str, n: usize) -> Result<Rule, String> {
    let key = name.trim().to_ascii_lowercase().replace('_', "-");
    let rule = match key.as_str() {
        "diagonal" | "diagonals" | "x" | "x-sudoku" => Rule::Diagonal,
        "windows" | "hyper" | "windoku" => Rule::Windows,
        "anti-knight" | "antiknight" => Rule::AntiKnight,
        "anti-king" | "antiking" => Rule::AntiKing,
        "non-consecutive" | "nonconsecutive" => Rule::NonConsecutive,
        _ => {
            return Err(format!("unknown rule {name:?} (expected one of: {})", SWITCHABLE.join(", ")));
        }
    };
    if rule == Rule::Windows {
        windows::validate(n).map_err(|e| e.message)?;
    }
    Ok(rule)
}

/// A rule that cannot hold in this grid, or data that does not make sense.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("{}: {message}", if path.is_empty() { "rule" } else { path.as_str() })]
pub struct RuleError {
    /// Where inside the rule, in the JSON format's terms (`cages[2].cells[0]`; empty: the whole
    /// rule).
    pub path: String,
    /// What is wrong.
    pub message: String,
}

impl RuleError {
    pub(crate) fn new(path: impl Into<String>, message: impl Into<String>) -> RuleError {
        RuleError { path: path.into(), message: message.into() }
    }

    /// The same error, one level further out (`prefix` + `.` + path).
    pub fn within(self, prefix: &str) -> RuleError {
        let path = match (prefix.is_empty(), self.path.is_empty()) {
            (true, _) => self.path,
            (false, true) => prefix.to_string(),
            (false, false) if self.path.starts_with('[') => format!("{prefix}{}", self.path),
            (false, false) => format!("{prefix}.{}", self.path),
        };
        RuleError { path, ..self }
    }
}

/// Check a puzzle's rules: at most one of each kind, and each one sane for the geometry.
/// Paths start at `rules[i]`.
pub fn validate_rules(geometry: &Geometry, rules: &[Rule]) -> Result<(), RuleError> {
    for (i, rule) in rules.iter().enumerate() {
        if let Some(j) = rules[..i].iter().position(|r| r.name() == rule.name()) {
            return Err(RuleError::new(
                format!("rules[{i}]"),
                format!("a second {:?} rule (the first is rules[{j}]); put all its instances in one rule", rule.name()),
            ));
        }
        rule.validate(geometry).map_err(|e| e.within(&format!("rules[{i}]")))?;
    }
    Ok(())
}

impl Rule {
    /// Short name, as used by `--rules` and the JSON format's `"type"`.
    pub fn name(&self) -> &'static str {
        match self {
            Rule::Windows => "windows",
            Rule::Diagonal => "diagonal",
            Rule::AntiKnight => "anti-knight",
            Rule::AntiKing => "anti-king",
            Rule::NonConsecutive => "non-consecutive",
            Rule::Killer { .. } => "killer",
            Rule::OddEven { .. } => "odd-even",
            Rule::Thermometer { .. } => "thermometer",
            Rule::Arrow { .. } => "arrow",
            Rule::Kropki { .. } => "kropki",
            Rule::Xv { .. } => "xv",
            Rule::ExtraRegions { .. } => "extra-regions",
        }
    }

    /// Emit this rule's rows into the model.
    pub fn emit(&self, builder: &mut ModelBuilder<'_>) {
        let tag = self.tag(builder);
        let b = &mut Emit { b: builder, tag: &tag };
        match self {
            Rule::Windows => windows::emit(b),
            Rule::Diagonal => diagonal::emit(b),
            Rule::AntiKnight => anti_knight::emit(b),
            Rule::AntiKing => anti_king::emit(b),
            Rule::NonConsecutive => non_consecutive::emit(b),
            Rule::Killer { cages, distinct } => killer::emit(b, cages, *distinct),
            Rule::OddEven { odd, even } => odd_even::emit(b, odd, even),
            Rule::Thermometer { thermometers } => thermometer::emit(b, thermometers),
            Rule::Arrow { arrows } => arrow::emit(b, arrows),
            Rule::Kropki { white, black, all_given } => kropki::emit(b, white, black, *all_given),
            Rule::Xv { x, v, all_given } => xv::emit(b, x, v, *all_given),
            Rule::ExtraRegions { regions } => extra_regions::emit(b, regions),
        }
    }

    /// Check a grid against this rule; `partial` grids (with empty cells) only report rules
    /// already broken by the filled cells. Empty cells never count as a break here, even when
    /// `partial` is false: the checker reports them once, as empty cells.
    pub fn check(&self, geometry: &Geometry, grid: &Grid, _partial: bool) -> Vec<Violation> {
        match self {
            Rule::Windows => windows::check(geometry, grid),
            Rule::Diagonal => diagonal::check(geometry, grid),
            Rule::AntiKnight => anti_knight::check(grid),
            Rule::AntiKing => anti_king::check(grid),
            Rule::NonConsecutive => non_consecutive::check(grid),
            Rule::Killer { cages, distinct } => killer::check(grid, cages, *distinct),
            Rule::OddEven { odd, even } => odd_even::check(grid, odd, even),
            Rule::Thermometer { thermometers } => thermometer::check(grid, thermometers),
            Rule::Arrow { arrows } => arrow::check(grid, arrows),
            Rule::Kropki { white, black, all_given } => kropki::check(grid, white, black, *all_given),
            Rule::Xv { x, v, all_given } => xv::check(grid, x, v, *all_given),
            Rule::ExtraRegions { regions } => extra_regions::check(grid, regions),
        }
    }

    /// Whether the rule makes sense in this geometry: cells inside the grid, cages that do not
    /// overlap and whose sums are possible, thermometers and arrows that are connected paths,
    /// dots between neighbours… Paths are relative to the rule (`cages[2].cells[0]`).
    pub fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        let n = geometry.n();
        match self {
            Rule::Windows => windows::validate(n),
            Rule::Diagonal | Rule::AntiKnight | Rule::AntiKing | Rule::NonConsecutive => Ok(()),
            Rule::Killer { cages, distinct } => killer::validate(n, cages, *distinct),
            Rule::OddEven { odd, even } => odd_even::validate(n, odd, even),
            Rule::Thermometer { thermometers } => thermometer::validate(n, thermometers),
            Rule::Arrow { arrows } => arrow::validate(n, arrows),
            Rule::Kropki { white, black, .. } => kropki::validate(n, white, black),
            Rule::Xv { x, v, .. } => xv::validate(n, x, v),
            Rule::ExtraRegions { regions } => extra_regions::validate(n, regions),
        }
    }

    /// Prefix that keeps row names unique when a puzzle (built in code, not validated) holds
    /// two rules of one kind: empty for the first, `"{name}{k}_"` for the k-th.
    fn tag(&self, builder: &ModelBuilder<'_>) -> String {
        let rules = builder.puzzle().rules();
        let Some(me) = rules.iter().position(|r| std::ptr::eq(r, self)) else {
            return String::new();
        };
        let k = rules[..me].iter().filter(|r| r.name() == self.name()).count();
        if k == 0 {
            String::new()
        } else {
            format!("{}{}_", self.name().replace('-', "_"), k + 1)
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Shared by the rule files: the row builder with its name prefix, and cell geometry.

/// The builder as rules see it: every row name gets the rule's tag.
pub(crate) struct Emit<'b, 'a> {
    b: &'b mut ModelBuilder<'a>,
    tag: &'b str,
}

impl Emit<'_, '_> {
    pub(crate) fn n(&self) -> usize {
        self.b.n()
    }

    pub(crate) fn var(&self, cell: Cell, digit: usize) -> u32 {
        self.b.var(cell, digit)
    }

    pub(crate) fn geometry(&self) -> &Geometry {
        self.b.puzzle().geometry()
    }

    /// Add `Σ terms  sense  rhs`, dropping zero coefficients.
    pub(crate) fn row(&mut self, name: impl std::fmt::Display, terms: Vec<(u32, i32)>, sense: Sense, rhs: i32) {
        let terms = terms.into_iter().filter(|&(_, a)| a != 0).collect();
        self.b.add_row(Row { name: format!("{}{name}", self.tag), terms, sense, rhs });
    }

    /// "Each digit exactly once" over `n` cells.
    pub(crate) fn all_different(&mut self, prefix: impl std::fmt::Display, cells: &[Cell]) {
        self.b.add_all_different_region(&format!("{}{prefix}", self.tag), cells);
    }

    /// "Each digit at most once" over fewer cells.
    pub(crate) fn at_most_once(&mut self, prefix: impl std::fmt::Display, cells: &[Cell]) {
        self.b.add_at_most_once(&format!("{}{prefix}", self.tag), cells);
    }

    /// Digit `d` cannot go in `cell`. Fixes the variable to 0 — unless the cell's given is
    /// `d`: givens are fixed to 1 after the rules emit, which would silently override the 0,
    /// so that case gets an explicit (infeasible) row `x <= 0` named `{name}`.
    pub(crate) fn exclude(&mut self, cell: Cell, d: usize, name: impl std::fmt::Display) {
        let var = self.var(cell, d);
        if self.b.puzzle().givens().get(cell) == d {
            self.row(format!("{name}_{cell}_d{d}"), vec![(var, 1)], Sense::Le, 0);
        } else {
            self.b.fix(var, false);
        }
    }

    /// `x[a,d] <= Σ_{e: allowed(d,e)} x[b,e]` for every digit `d`, in both directions: the
    /// digit of one cell of the pair needs a partner digit in the other. A digit with no partner
    /// is excluded outright.
    pub(crate) fn implications(&mut self, name: &str, (a, b): (Cell, Cell), allowed: impl Fn(usize, usize) -> bool) {
        let n = self.n();
        for (side, (p, q)) in [("a", (a, b)), ("b", (b, a))] {
            for d in 1..=n {
                let partners: Vec<usize> = (1..=n).filter(|&e| allowed(d, e)).collect();
                if partners.is_empty() {
                    self.exclude(p, d, name);
                    continue;
                }
                let mut terms = vec![(self.var(p, d), 1)];
                terms.extend(partners.iter().map(|&e| (self.var(q, e), -1)));
                self.row(format!("{name}_{side}_d{d}"), terms, Sense::Le, 0);
            }
        }
    }

    /// `x[a,d] + Σ_{e: forbidden(d,e)} x[b,e] <= 1` for every digit `d`, in both directions:
    /// cliques of the conflict graph (the `x[b,·]` are exclusive by the cell row).
    pub(crate) fn conflicts(&mut self, name: &str, (a, b): (Cell, Cell), forbidden: impl Fn(usize, usize) -> bool) {
        let n = self.n();
        for (side, (p, q)) in [("a", (a, b)), ("b", (b, a))] {
            for d in 1..=n {
                let mut terms = vec![(self.var(p, d), 1)];
                terms.extend((1..=n).filter(|&e| forbidden(d, e)).map(|e| (self.var(q, e), 1)));
                if terms.len() > 1 {
                    self.row(format!("{name}_{side}_d{d}"), terms, Sense::Le, 1);
                }
            }
        }
    }
}

/// The cells of a side-`n` grid, row-major.
pub(crate) fn all_cells(n: usize) -> impl Iterator<Item = Cell> {
    (0..n * n).map(move |k| Cell::from_index(k, n))
}

/// Cells one step apart horizontally or vertically.
pub(crate) fn orthogonal(a: Cell, b: Cell) -> bool {
    a.row.abs_diff(b.row) + a.col.abs_diff(b.col) == 1
}

/// Distinct cells a king's move apart (8-neighbourhood).
pub(crate) fn king_step(a: Cell, b: Cell) -> bool {
    a != b && a.row.abs_diff(b.row) <= 1 && a.col.abs_diff(b.col) <= 1
}

/// Every orthogonally adjacent pair, each once (left/up cell first).
pub(crate) fn orthogonal_pairs(n: usize) -> impl Iterator<Item = (Cell, Cell)> {
    all_cells(n).flat_map(move |a| {
        let right = (a.col as usize + 1 < n).then(|| Cell::new(a.row as usize, a.col as usize + 1));
        let down = (a.row as usize + 1 < n).then(|| Cell::new(a.row as usize + 1, a.col as usize));
        right.into_iter().chain(down).map(move |b| (a, b))
    })
}

/// Whether `cell` lies in a side-`n` grid.
pub(crate) fn inside(cell: Cell, n: usize) -> bool {
    (cell.row as usize) < n && (cell.col as usize) < n
}

/// `Err` naming the first cell outside the grid or repeated in `cells`; `path(i)` names cell `i`.
pub(crate) fn check_cells(n: usize, cells: &[Cell], path: impl Fn(usize) -> String) -> Result<(), RuleError> {
    for (i, &c) in cells.iter().enumerate() {
        if !inside(c, n) {
            return Err(RuleError::new(path(i), format!("{c} is outside the {n}x{n} grid")));
        }
        if let Some(j) = cells[..i].iter().position(|&d| d == c) {
            return Err(RuleError::new(path(i), format!("{c} is listed twice (also at {})", path(j))));
        }
    }
    Ok(())
}

/// Validate a list of dotted pairs: cells inside, orthogonal neighbours, no pair twice.
/// `seen` collects pairs across lists (a pair cannot carry two marks).
pub(crate) fn check_pairs(
    n: usize,
    list: &str,
    pairs: &[(Cell, Cell)],
    seen: &mut Vec<((Cell, Cell), String)>,
) -> Result<(), RuleError> {
    for (i, &(a, b)) in pairs.iter().enumerate() {
        let path = format!("{list}[{i}]");
        check_cells(n, &[a, b], |k| format!("{path}[{k}]"))?;
        if !orthogonal(a, b) {
            return Err(RuleError::new(path, format!("{a} and {b} are not orthogonal neighbours")));
        }
        let key = (a.min(b), a.max(b));
        if let Some((_, other)) = seen.iter().find(|(k, _)| *k == key) {
            return Err(RuleError::new(path, format!("the pair {a}-{b} already has a mark at {other}")));
        }
        seen.push((key, path));
    }
    Ok(())
}

/// The pairs of the `pairs` lists, plus (when `all_given`) every other orthogonal pair of the
/// grid, for checkers and emitters of dot rules.
pub(crate) fn unmarked_pairs(n: usize, marked: &[&[(Cell, Cell)]]) -> Vec<(Cell, Cell)> {
    let is_marked =
        |a: Cell, b: Cell| marked.iter().any(|list| list.iter().any(|&(p, q)| (p, q) == (a, b) || (q, p) == (a, b)));
    orthogonal_pairs(n).filter(|&(a, b)| !is_marked(a, b)).collect()
}

/// A pair's digits as a rule violation, for dot rules.
pub(crate) fn pair_violation(rule: &str, (a, b): (Cell, Cell), grid: &Grid, what: &str) -> Violation {
    Violation::Rule {
        rule: rule.to_string(),
        message: format!("{a} ({}) and {b} ({}) {what}", grid.get(a), grid.get(b)),
        cells: vec![a, b],
    }
}

#[cfg(test)]
pub(crate) mod testing {
    //! Helpers for the rule files' unit tests: small valid grids and a model/checker agreement
    //! assertion.

    use crate::check::verify;
    use crate::geometry::{Cell, Geometry};
    use crate::grid::Grid;
    use crate::model::Model;
    use crate::puzzle::Puzzle;

    use super::Rule;

    /// A valid 4×4 Sudoku.
    pub fn grid4(values: [u8; 16]) -> Grid {
        Grid::from_values(4, values.to_vec()).expect("4x4 values")
    }

    /// Every valid 4×4 Sudoku grid (288 of them): rows are permutations, stacked while the
    /// columns and boxes stay valid.
    pub fn all_grids4() -> &'static [Grid] {
        static GRIDS: std::sync::OnceLock<Vec<Grid>> = std::sync::OnceLock::new();
        GRIDS.get_or_init(|| {
            let perms = permutations(&[1, 2, 3, 4]);
            let blank = Puzzle::blank(Geometry::new(4, None).expect("4x4"));
            let mut out = Vec::new();
            let mut stack: Vec<Vec<u8>> = vec![Vec::new()];
            while let Some(prefix) = stack.pop() {
                if prefix.len() == 16 {
                    out.push(Grid::from_values(4, prefix).expect("4x4"));
                    continue;
                }
                for p in &perms {
                    let mut values = prefix.clone();
                    values.extend(p);
                    let mut padded = values.clone();
                    padded.resize(16, 0);
                    let grid = Grid::from_values(4, padded).expect("4x4");
                    if crate::check::verify_partial(&blank, &grid).is_empty() {
                        stack.push(values);
                    }
                }
            }
            out
        })
    }

    fn permutations(items: &[u8]) -> Vec<Vec<u8>> {
        if items.len() <= 1 {
            return vec![items.to_vec()];
        }
        let mut out = Vec::new();
        for i in 0..items.len() {
            let mut rest = items.to_vec();
            let first = rest.remove(i);
            for mut p in permutations(&rest) {
                p.insert(0, first);
                out.push(p);
            }
        }
        out
    }

    /// Over every valid 4×4 grid: the checker accepts exactly the grids whose 0-1 assignment
    /// satisfies the model. Returns (accepted, rejected) counts so callers can assert both
    /// occur.
    pub fn agreement4(rule: Rule) -> (usize, usize) {
        let puzzle = Puzzle::blank(Geometry::new(4, None).expect("4x4")).with_rule(rule);
        let model = Model::build(&puzzle);
        let (mut yes, mut no) = (0, 0);
        for grid in all_grids4() {
            let checker = verify(&puzzle, grid).is_empty();
            let rows = model.is_feasible(&model.ones_from_grid(grid));
            assert_eq!(checker, rows, "checker and model disagree on {grid}: {:?}", verify(&puzzle, grid));
            if checker {
                yes += 1;
            } else {
                no += 1;
            }
        }
        (yes, no)
    }

    /// `r{row}c{col}` from 1-based numbers.
    pub fn c(row: usize, col: usize) -> Cell {
        Cell::new(row - 1, col - 1)
    }
}

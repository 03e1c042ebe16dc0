//! Sandwich sums: a number beside a row or column is the sum of the digits between its 1 and
//! its `n` (9 on a 9×9), wherever they stand.
//!
//! One auxiliary binary `y_ab` a placement of the two "bread" digits at positions `a < b` of
//! the line, exactly one chosen, tied to the cube by each position (`E_j = x[c_j,1] +
//! x[c_j,n]`, 1 at the two ends); each placement that keeps the sum carries it as two rows:
//!
//! ```text
//!   sandwich{i}_ends   :  Σ_{a<b} y_ab = 1
//!   sandwich{i}_at{j}  :  x[c_j,1] + x[c_j,n] − Σ_{pairs ∋ j} y = 0
//!   sandwich{i}_p{a}_{b}_lo/_hi : if y_ab then Σ_{a<j<b} Σ_d d·x[c_j,d] = sum   (Emit::sum_if)
//! ```
//!
//! A placement whose gap cannot hold the sum (its cells hold distinct digits of 2..n−1: a
//! gap of `g` cells sums to between 2+…+(g+1) and (n−g)+…+(n−1)) gets no binary at all —
//! the setter's "which 1-9 positions allow the sum": a clue of 0 puts the 1 and the 9 side by
//! side, a clue of 35 (on 9×9) puts them at the ends. The exactly-one row over the placements
//! is one the native engine branches on, and a placed 1 or 9 leaves only the placements that
//! use its cell. On sides up to 12, [`combination_rows`] add the digits each gap length can
//! and must hold, tied to the placements.
//!
//! Each clue also declares its line as an automaton (before the bread, between it with the
//! sum so far and, on sides up to 12, the digits used, past it; [`Emit::automaton`]), which the
//! native engine propagates to domain consistency beside the rows. Searches keep the automaton
//! instead of the rows, so the automaton knows the filling's digits differ, as the rows'
//! combinations do: without it, `between-1-and-9-sudoku` took 4 guesses, with the rows 0.

use serde_json::{Map, Value};

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::model::Sense;

use super::outside::{can_sum, clues_json, digits_from, marks, read_clues, validate_clues, OutsideClue};
use super::{Emit, Fields, Mark, RuleError, RuleKind};

/// Sandwich clues.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sandwich {
    /// The clues; the value is the sum between the 1 and the `n` of its line.
    pub clues: Vec<OutsideClue>,
}

impl RuleKind for Sandwich {
    const FPUZZLES_KEYS: &'static [&'static str] = &["sandwichsum"];

    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let clues = super::outside::read_fpuzzles(f, "sandwichsum", "the sum between the 1 and the n")?;
        Ok((!clues.is_empty()).then_some(Sandwich { clues }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        super::outside::write_fpuzzles(f, "sandwichsum", &self.clues);
        Ok(())
    }

    const NAME: &'static str = "sandwich";
    const ALIASES: &'static [&'static str] = &["sandwich-sum", "sandwiches"];
    const SUMMARY: &'static str = "a number outside is the sum of the digits between the 1 and the 9 of its line";

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        Ok(Sandwich { clues: read_clues(f, "sum", "the sum between the 1 and the n")? })
    }

    fn write(&self, out: &mut Map<String, Value>) {
        out.insert("clues".into(), clues_json(&self.clues, "sum"));
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        let n = geometry.n();
        if n < 2 && !self.clues.is_empty() {
            return Err(RuleError::new("", "a sandwich needs a 1 and a different highest digit (a side of 2 or more)"));
        }
        // Every digit but 1 and n between them at most.
        let most = (n * (n + 1) / 2).saturating_sub(1 + n) as u32;
        validate_clues(n, &self.clues, 0..=most, "a sandwich sum")
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        let n = b.n();
        let inner: Vec<usize> = (2..n).collect();
        for (i, clue) in self.clues.iter().enumerate() {
            let name = format!("sandwich{}", i + 1);
            let cells = clue.cells(n);
            b.clue(clue.label("sandwich"), cells.iter().copied());
            let sum = clue.value as usize;
            // The placements (a, b) that can hold the sum, each with its binary.
            let mut ends: Vec<(usize, usize, u32)> = Vec::new();
            let fits: Vec<bool> = (0..n).map(|g| can_sum(&inner, g, sum)).collect();
            for a in 0..n {
                for z in a + 1..n {
                    if fits[z - a - 1] {
                        ends.push((a, z, b.aux(format!("{name}_p{}_{}", a + 1, z + 1))));
                    }
                }
            }
            b.row(format_args!("{name}_ends"), ends.iter().map(|&(_, _, y)| (y, 1)).collect(), Sense::Eq, 1);
            for (j, &c) in cells.iter().enumerate() {
                let mut terms = vec![(b.var(c, 1), 1), (b.var(c, n), 1)];
                terms.extend(ends.iter().filter(|&&(a, z, _)| a == j || z == j).map(|&(_, _, y)| (y, -1)));
                b.row(format_args!("{name}_at{}", j + 1), terms, Sense::Eq, 0);
            }
            for &(a, z, y) in ends.iter().filter(|&&(a, z, _)| z > a + 1) {
                b.sum_if(&format!("{name}_p{}_{}", a + 1, z + 1), y, &cells[a + 1..z], sum);
            }
            if n <= SETTER_ROWS_UP_TO {
                combination_rows(b, &name, &cells, &ends, &inner, sum);
            }
            // It says what every row of the placements says (the line being a house).
            let ys: Vec<u32> = ends.iter().map(|e| e.2).collect();
            let replaces = crate::automaton::Replaces { aux: &ys, rows_from: None };
            b.automaton(&name, &cells, Bread::Before, |&s, d| s.next(d, n, sum), |&s| s == Bread::After, replaces);
        }
    }

    fn check(&self, _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        let n = grid.n();
        let mut out = Vec::new();
        for (i, clue) in self.clues.iter().enumerate() {
            let digits = digits_from(grid, clue.side, clue.index);
            let one = digits.iter().position(|&d| d == 1);
            let top = digits.iter().position(|&d| d == n);
            let (Some(p), Some(q)) = (one, top) else { continue };
            let between = &digits[p.min(q) + 1..p.max(q)];
            // Only a line whose bread and filling are all placed can miss its sum.
            if between.contains(&0) {
                continue;
            }
            let total: usize = between.iter().sum();
            if total != clue.value as usize {
                let cells = clue.cells(n);
                out.push(Violation::Rule {
                    rule: format!("sandwich {}", i + 1),
                    message: format!("the digits between the 1 and the {n} sum to {total}, not {}", clue.value),
                    cells: vec![cells[p], cells[q]],
                });
            }
        }
        out
    }

    fn draw(&self, geometry: &Geometry) -> Vec<Mark> {
        marks(&self.clues, geometry.n())
    }
}

/// Where the automaton of a sandwich line stands: before both ends, between them (opened by
/// `open`, 1 or `n`, the digits so far summing to `sum`, `used` the set of them), or past both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Bread {
    Before,
    Between { open: usize, sum: usize, used: u64 },
    After,
}

/// Largest side whose automaton tracks the filling's digits (the line is a house, so they
/// differ: a clue of 4 in two cells is 1+3, never 2+2): up to `2^(n−2)` sets, within
/// [`super::MAX_AUTOMATON_STATES`] there. Above it the automaton tracks the sum alone.
const DISTINCT_UP_TO: usize = 12;

impl Bread {
    /// The state after digit `d` on a line of `n` digits whose clue is `clue`. A second 1 or
    /// `n` where the line has one already leads nowhere, as does a filling's digit repeated
    /// (the line is a house).
    fn next(self, d: usize, n: usize, clue: usize) -> Option<Bread> {
        let end = d == 1 || d == n;
        match self {
            Bread::Before if end => Some(Bread::Between { open: d, sum: 0, used: 0 }),
            Bread::Before => Some(Bread::Before),
            Bread::Between { open, sum, .. } if end => (d != open && sum == clue).then_some(Bread::After),
            Bread::Between { open, sum, used } => {
                let bit = if n <= DISTINCT_UP_TO { 1u64 << d } else { 0 };
                (sum + d <= clue && used & bit == 0).then_some(Bread::Between { open, sum: sum + d, used: used | bit })
            }
            Bread::After => (!end).then_some(Bread::After),
        }
    }
}

/// Largest side that gets [`combination_rows`]: each gap length's digit sets come from
/// subset-sum tables, a few hundred of them a clue on a 12×12.
const SETTER_ROWS_UP_TO: usize = 12;

/// The digits a gap of `g` cells can hold (`possible`) and must hold (`required`) when its
/// distinct digits of `inner` sum to `sum`, indexed by digit.
fn gap_digits(inner: &[usize], g: usize, sum: usize, n: usize) -> (Vec<bool>, Vec<bool>) {
    let (mut possible, mut required) = (vec![false; n + 1], vec![false; n + 1]);
    if g == 0 || !can_sum(inner, g, sum) {
        return (possible, required);
    }
    for &d in inner {
        let others: Vec<usize> = inner.iter().copied().filter(|&e| e != d).collect();
        possible[d] = d <= sum && can_sum(&others, g - 1, sum - d);
        required[d] = !can_sum(&others, g, sum);
    }
    (possible, required)
}

/// The combinations a setter reads off a sandwich clue, tied to the placements:
///
/// ```text
///   sandwich{i}_c{j}_d{d} :  x[c_j,d] − Σ_{(a,b) allowing it} y_ab <= 0
///   sandwich{i}_p{a}_{b}_needs{d} :  y_ab − Σ_{a<j<b} x[c_j,d] <= 0     (d in every combination)
/// ```
///
/// A placement allows digit `d` in cell `j` when `j` is outside its gap or `d` is in some
/// combination of the gap's length (a clue of 3 on a 9×9: a one-cell gap holding 3, or none
/// — so a 3 far from the 1 and the 9 is outside, and the placements with one cell between
/// need that cell to be the 3). Without these rows the gap's sum only bounds the cells; with
/// them a placed digit strikes the placements it cannot be part of, and a placement kept
/// alone places its required digits, as a setter does.
fn combination_rows(b: &mut Emit<'_, '_>, name: &str, cells: &[Cell], ends: &[(usize, usize, u32)], inner: &[usize], sum: usize) {
    let n = b.n();
    let sets: Vec<(Vec<bool>, Vec<bool>)> = (0..n).map(|g| gap_digits(inner, g, sum, n)).collect();
    for (j, &c) in cells.iter().enumerate() {
        for &d in inner {
            let allowing: Vec<u32> = ends
                .iter()
                .filter(|&&(a, z, _)| !(a < j && j < z) || sets[z - a - 1].0[d])
                .map(|&(_, _, y)| y)
                .collect();
            if allowing.len() == ends.len() {
                continue;
            }
            if allowing.is_empty() {
                b.exclude(c, d, name);
                continue;
            }
            let mut terms = vec![(b.var(c, d), 1)];
            terms.extend(allowing.iter().map(|&y| (y, -1)));
            b.row(format_args!("{name}_c{}_d{d}", j + 1), terms, Sense::Le, 0);
        }
    }
    for &(a, z, y) in ends {
        for &d in inner.iter().filter(|&&d| sets[z - a - 1].1[d]) {
            let mut terms = vec![(y, 1)];
            terms.extend(cells[a + 1..z].iter().map(|&c| (b.var(c, d), -1)));
            b.row(format_args!("{name}_p{}_{}_needs{d}", a + 1, z + 1), terms, Sense::Le, 0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::outside::{clue, Side};
    use crate::rules::testing::{agreement4, grid4};
    use crate::{Model, Puzzle};

    #[test]
    fn the_automaton_accepts_exactly_the_lines_of_distinct_digits_with_the_sum() {
        // Every permutation of 1..=6 (a line of a 6×6 is a house), every clue.
        let geometry = Geometry::new(6, None).expect("6x6");
        let mut perms: Vec<Vec<usize>> = vec![vec![]];
        for _ in 0..6 {
            let mut longer = Vec::new();
            for p in &perms {
                for d in (1..=6).filter(|d| !p.contains(d)) {
                    longer.push([p.clone(), vec![d]].concat());
                }
            }
            perms = longer;
        }
        assert_eq!(perms.len(), 720);
        for sum in 0..=14 {
            let p = Puzzle::blank(geometry.clone()).with_rule(Sandwich { clues: vec![clue(Side::Top, 2, sum)] });
            let m = Model::build(&p);
            let a = &m.automata()[0];
            for digits in &perms {
                let (i, j) = (digits.iter().position(|&d| d == 1).unwrap(), digits.iter().position(|&d| d == 6).unwrap());
                let between: usize = digits[i.min(j) + 1..i.max(j)].iter().sum();
                assert_eq!(a.accepts(digits), between == sum as usize, "{digits:?}, clue {sum}");
            }
        }
    }

    /// The filling's digits differ (the line is a house): a clue of 4 in a two-cell gap is 1+3,
    /// never 2+2, and the automaton says so. Every clue a gap can make keeps its automaton on
    /// the sides that track the digits (within the bound on states) and above.
    #[test]
    fn the_automaton_refuses_a_repeated_digit_in_the_filling_and_stays_within_its_bound() {
        let p = Puzzle::blank(Geometry::new(6, None).expect("6x6")).with_rule(Sandwich { clues: vec![clue(Side::Top, 0, 4)] });
        let m = Model::build(&p);
        let a = &m.automata()[0];
        assert!(a.accepts(&[1, 4, 6, 2, 3, 5]));
        assert!(a.accepts(&[6, 4, 1, 2, 3, 5]));
        assert!(!a.accepts(&[1, 2, 2, 6, 3, 4]), "2+2 in the filling");
        for n in [9, 10, 12, 16] {
            let most = n * (n - 1) / 2 - 1; // 2 + … + (n − 1)
            for sum in 0..=most {
                let p = Puzzle::blank(Geometry::new(n, None).expect("a square grid"))
                    .with_rule(Sandwich { clues: vec![clue(Side::Left, 0, sum as u32)] });
                assert_eq!(Model::build(&p).automata().len(), 1, "{n}x{n}, clue {sum}");
            }
        }
    }

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        let rule = Sandwich { clues: vec![clue(Side::Left, 0, 5), clue(Side::Top, 2, 0), clue(Side::Bottom, 3, 3)] };
        let (yes, no) = agreement4(rule.into());
        assert!(yes > 0 && no > 0, "{yes} {no}");
    }

    #[test]
    fn a_sum_leaves_only_the_placements_that_can_hold_it() {
        // 9×9: a clue of 35 is every digit 2..8, so the 1 and the 9 are at the two ends.
        let p = Puzzle::blank(Geometry::new(9, None).expect("9x9"))
            .with_rule(Sandwich { clues: vec![clue(Side::Left, 0, 35)] });
        let m = Model::build(&p);
        let ends = m.rows().iter().find(|r| r.name == "sandwich1_ends").expect("row");
        assert_eq!(ends.terms.len(), 1, "only (1, 9)");
        // A clue of 0: the two sit side by side, eight placements.
        let p = Puzzle::blank(Geometry::new(9, None).expect("9x9"))
            .with_rule(Sandwich { clues: vec![clue(Side::Left, 0, 0)] });
        let m = Model::build(&p);
        let ends = m.rows().iter().find(|r| r.name == "sandwich1_ends").expect("row");
        assert_eq!(ends.terms.len(), 8);
    }

    #[test]
    fn gap_digits_are_the_combinations_of_each_gap_length() {
        let inner: Vec<usize> = (2..9).collect();
        let digits = |v: &[bool]| (0..v.len()).filter(|&d| v[d]).collect::<Vec<_>>();
        let (possible, required) = gap_digits(&inner, 1, 3, 9);
        assert_eq!((digits(&possible), digits(&required)), (vec![3], vec![3]));
        let (possible, required) = gap_digits(&inner, 2, 12, 9);
        assert_eq!((digits(&possible), digits(&required)), (vec![4, 5, 7, 8], vec![]));
        let (possible, required) = gap_digits(&inner, 7, 35, 9);
        assert_eq!(digits(&possible), inner);
        assert_eq!(digits(&required), inner);
        assert_eq!(gap_digits(&inner, 2, 3, 9), (vec![false; 10], vec![false; 10]), "no two digits of 2..8 sum to 3");
        // A clue of 3: placements with one cell between need it to be the 3; with two or
        // more, nothing fits, so those have no binary at all.
        let p = Puzzle::blank(Geometry::new(9, None).expect("9x9"))
            .with_rule(Sandwich { clues: vec![clue(Side::Left, 0, 3)] });
        let m = Model::build(&p);
        let needs = m.rows().iter().filter(|r| r.name.starts_with("sandwich1_p") && r.name.ends_with("_needs3")).count();
        assert_eq!(needs, 7, "the seven placements with one cell between");
    }

    #[test]
    fn checker_reports_a_missed_sum_and_validation_the_impossible_one() {
        let g = grid4([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
        let geometry = Geometry::new(4, None).expect("4x4");
        // Row 1: 1 2 3 4 -> 5 between.
        assert!(Sandwich { clues: vec![clue(Side::Right, 0, 5)] }.check(&geometry, &g).is_empty());
        let v = Sandwich { clues: vec![clue(Side::Right, 0, 2)] }.check(&geometry, &g);
        assert_eq!(v.len(), 1);
        assert!(v[0].to_string().contains("sum to 5, not 2"), "{}", v[0]);
        let e = Sandwich { clues: vec![clue(Side::Top, 0, 6)] }.validate(&geometry).expect_err("2+3 at most");
        assert_eq!(e.path, "clues[0]");
    }
}

//! X-sums: a number beside a row or column is the sum of the first `X` digits seen from it,
//! where `X` is the first of those digits.
//!
//! No auxiliary variable: the first cell's digit variables are the indicators. For each digit
//! `v` the first cell `c_1` may hold, the `v − 1` cells after it sum to the rest:
//!
//! ```text
//!   xsum{i}_v{v}_lo/_hi :  if x[c_1, v] then Σ_{j=2..v} Σ_d d·x[c_j,d] = sum − v   (Emit::sum_if)
//!   x[c_1, v] = 0        when v − 1 distinct digits other than v cannot make sum − v
//! ```
//!
//! Each clue also declares its line as an automaton over (cells of the first `X` still to
//! come, sum still to make, and on sides up to 9 the digits used so far: the line is a house)
//! ([`Emit::automaton`]), which the native engine propagates to domain consistency beside the
//! rows: a first digit of 3 with a clue of 10 leaves the next two cells only the digits that
//! pair up to 7, and never 3 (3+3+4 repeats the first). Knowing the digits differ took the
//! corpus's `x-sum` from 104 guesses to 6 (ISS 21).
//!
//! The excluded first digits are the setter's opening move (an X-sum of 10 on a 9×9 rules out
//! 1 and every first digit above 4), and a first digit placed turns its pair of rows into the
//! cage-like sum of the next cells.

use serde_json::{Map, Value};

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::Geometry;
use crate::grid::Grid;

use super::outside::{can_sum, clues_json, digits_from, marks, read_clues, validate_clues, OutsideClue};
use super::{Emit, Fields, Mark, RuleError, RuleKind};

/// X-sum clues.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XSum {
    /// The clues; the value is the sum of the first `X` digits of the line.
    pub clues: Vec<OutsideClue>,
}

impl RuleKind for XSum {
    const FPUZZLES_KEYS: &'static [&'static str] = &["xsum"];

    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let clues = super::outside::read_fpuzzles(f, "xsum", "the sum of the first X digits")?;
        Ok((!clues.is_empty()).then_some(XSum { clues }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        super::outside::write_fpuzzles(f, "xsum", &self.clues);
        Ok(())
    }

    const NAME: &'static str = "x-sum";
    const ALIASES: &'static [&'static str] = &["xsum", "x-sums"];
    const SUMMARY: &'static str = "a number outside is the sum of the first X digits of its line, X the first digit";

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        Ok(XSum { clues: read_clues(f, "sum", "the sum of the first X digits")? })
    }

    fn write(&self, out: &mut Map<String, Value>) {
        out.insert("clues".into(), clues_json(&self.clues, "sum"));
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        let n = geometry.n();
        validate_clues(n, &self.clues, 1..=(n * (n + 1) / 2) as u32, "an X-sum")
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        let n = b.n();
        for (i, clue) in self.clues.iter().enumerate() {
            let cells = clue.cells(n);
            b.clue(clue.label("X-sum"), cells.iter().copied());
            let sum = clue.value as usize;
            let fits = |v: usize| {
                let others: Vec<usize> = (1..=n).filter(|&d| d != v).collect();
                sum >= v && can_sum(&others, v - 1, sum - v)
            };
            for v in (1..=n).filter(|&v| !fits(v)) {
                b.exclude(cells[0], v, format!("xsum{}_first", i + 1));
            }
            // The automaton says what these rows say (the line being a house).
            let first = b.rows_len();
            for v in (2..=n).filter(|&v| fits(v)) {
                let y = b.var(cells[0], v);
                b.sum_if(&format!("xsum{}_v{v}", i + 1), y, &cells[1..v], sum - v);
            }
            let replaces = crate::automaton::Replaces { aux: &[], rows_from: Some(first) };
            b.automaton(format!("xsum{}", i + 1), &cells, XState::First, |&s, d| s.next(d, n, sum), |&s| s == XState::Done, replaces);
        }
    }

    fn check(&self, _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        let n = grid.n();
        let mut out = Vec::new();
        for (i, clue) in self.clues.iter().enumerate() {
            let digits = digits_from(grid, clue.side, clue.index);
            let x = digits[0];
            if x == 0 || digits[..x].contains(&0) {
                continue;
            }
            let total: usize = digits[..x].iter().sum();
            if total != clue.value as usize {
                out.push(Violation::Rule {
                    rule: format!("x-sum {}", i + 1),
                    message: format!("the first {x} digits sum to {total}, not {}", clue.value),
                    cells: clue.cells(n)[..x].to_vec(),
                });
            }
        }
        out
    }

    fn draw(&self, geometry: &Geometry) -> Vec<Mark> {
        marks(&self.clues, geometry.n())
    }
}

/// Where the automaton of an X-sum line stands: before the first digit, counting the first
/// `X` cells (`left` cells to go, `rest` of the sum still to make, the digits `used` so far),
/// or past them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum XState {
    First,
    Counting { left: usize, rest: usize, used: u64 },
    Done,
}

/// Largest side whose automaton tracks the digits of the first `X` cells (the line is a
/// house, so they differ: after a first digit of 3, a clue of 9 is 3+2+4 or 3+4+2, never
/// 3+3+3): at most 9 first digits times 2^8 sets, within [`super::MAX_AUTOMATON_STATES`].
/// Above it the automaton tracks the sum alone.
const DISTINCT_UP_TO: usize = 9;

impl XState {
    /// The state after digit `d`, on a line of side `n` whose clue is `sum`.
    fn next(self, d: usize, n: usize, sum: usize) -> Option<XState> {
        let (left, rest, used) = match self {
            XState::Done => return Some(XState::Done),
            // The first digit is X and the first of the X cells.
            XState::First => (d, sum, 0),
            XState::Counting { left, rest, used } => (left, rest, used),
        };
        let bit = if n <= DISTINCT_UP_TO { 1u64 << d } else { 0 };
        if used & bit != 0 {
            return None;
        }
        let rest = rest.checked_sub(d)?;
        match (left.checked_sub(1)?, rest) {
            (0, 0) => Some(XState::Done),
            (0, _) => None,
            (left, rest) => Some(XState::Counting { left, rest, used: used | bit }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::outside::{clue, Side};
    use crate::rules::testing::{agreement4, c, grid4};
    use crate::{Model, Puzzle};

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        // Clues read off 1234 / 3412 / 2143 / 4321, so at least that grid keeps them.
        let rule = XSum { clues: vec![clue(Side::Left, 1, 8), clue(Side::Top, 1, 6), clue(Side::Bottom, 2, 6)] };
        let (yes, no) = agreement4(rule.into());
        assert!(yes > 0 && no > 0, "{yes} {no}");
    }

    #[test]
    fn the_automaton_refuses_a_repeated_digit_in_the_first_x_and_stays_within_its_bound() {
        let p = Puzzle::blank(Geometry::new(6, None).expect("6x6")).with_rule(XSum { clues: vec![clue(Side::Top, 0, 9)] });
        let m = Model::build(&p);
        let a = &m.automata()[0];
        assert!(a.accepts(&[3, 2, 4, 1, 5, 6]));
        assert!(!a.accepts(&[3, 3, 3, 1, 5, 6]), "3+3+3 repeats the first digit");
        assert!(!a.accepts(&[2, 7, 1, 3, 4, 5]), "2+7 is not 9 on a 6x6");
        for n in [9, 10, 16] {
            for sum in 1..=n * (n + 1) / 2 {
                let p = Puzzle::blank(Geometry::new(n, None).expect("a square grid"))
                    .with_rule(XSum { clues: vec![clue(Side::Left, 0, sum as u32)] });
                assert_eq!(Model::build(&p).automata().len(), 1, "{n}x{n}, clue {sum}");
            }
        }
    }

    #[test]
    fn the_automaton_accepts_exactly_the_lines_whose_first_x_digits_make_the_sum() {
        for sum in 1..=21 {
            crate::rules::testing::every_line6(XSum { clues: vec![clue(Side::Left, 0, sum)] }.into(), |digits, yes| {
                let first = &digits[..digits[0]];
                let total: usize = first.iter().sum();
                let distinct = first.iter().enumerate().all(|(i, d)| !first[..i].contains(d));
                assert_eq!(yes, total == sum as usize && distinct, "{digits:?}, clue {sum}");
            });
        }
    }

    #[test]
    fn a_sum_rules_out_the_first_digits_that_cannot_make_it() {
        let p = Puzzle::blank(Geometry::new(9, None).expect("9x9")).with_rule(XSum { clues: vec![clue(Side::Top, 0, 10)] });
        let m = Model::build(&p);
        let open: Vec<usize> = (1..=9).filter(|&d| m.fixed()[m.var(c(1, 1), d) as usize].is_none()).collect();
        // 2+8, 3+(7 in two digits), 4+(6 in three distinct digits: 1+2+3).
        assert_eq!(open, vec![2, 3, 4]);
    }

    #[test]
    fn checker_counts_the_first_digit_cells() {
        let g = grid4([3, 2, 1, 4, 1, 4, 3, 2, 2, 3, 4, 1, 4, 1, 2, 3]);
        let geometry = Geometry::new(4, None).expect("4x4");
        // Row 1 from the left: 3 2 1 -> 6; from the right: 4 1 2 3 -> 10.
        let rule = XSum { clues: vec![clue(Side::Left, 0, 6), clue(Side::Right, 0, 10)] };
        assert!(rule.check(&geometry, &g).is_empty());
        let v = XSum { clues: vec![clue(Side::Left, 0, 7)] }.check(&geometry, &g);
        assert_eq!(v.len(), 1);
        assert!(v[0].to_string().contains("first 3 digits sum to 6, not 7"), "{}", v[0]);
    }
}

//! Kropki dots between orthogonal neighbours: a white dot joins consecutive digits, a black dot
//! digits in ratio 2 (1–2 may carry either). With `all_given`, every pair without a dot is
//! neither consecutive nor in ratio 2 (the "negative constraint").
//!
//! For a dotted pair `{a, b}` with relation `R` (white: `|d−e| = 1`, black: `d = 2e` or
//! `e = 2d`), each digit of one cell needs a partner in the other:
//!
//! ```text
//!   white_{a}_{b}_a_d{d} :  x[a, d] − Σ_{e: R(d,e)} x[b, e] <= 0     (and _b_ the other way)
//!   x[a, d] = 0  when no e has R(d, e)                  (black: 5, 7, 9 on 9×9)
//! ```
//!
//! For an undotted pair under `all_given`, with `F = white ∪ black` the forbidden relation,
//! cliques of the conflict graph:
//!
//! ```text
//!   nodot_{a}_{b}_a_d{d} :  x[a, d] + Σ_{e: F(d,e)} x[b, e] <= 1     (and _b_ the other way)
//! ```

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;

use super::fields::pairs_json;
use super::{check_pairs, pair_violation, pairs_without_mark, unmarked_pairs, Emit, Fields, Mark, RuleError, RuleKind};

/// Kropki dots between orthogonal neighbours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kropki {
    /// White dots: the two digits are consecutive.
    pub white: Vec<(Cell, Cell)>,
    /// Black dots: one digit is twice the other.
    pub black: Vec<(Cell, Cell)>,
    /// All dots are given: neighbours without a dot are neither consecutive nor in ratio 2.
    pub all_given: bool,
}

impl RuleKind for Kropki {
    const NAME: &'static str = "kropki";
    const SUMMARY: &'static str = "a white dot joins consecutive digits, a black dot digits in ratio 2";

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        Ok(Kropki { white: f.pairs("white")?, black: f.pairs("black")?, all_given: f.flag("all_given", false)? })
    }

    fn write(&self, out: &mut serde_json::Map<String, serde_json::Value>) {
        out.insert("white".into(), pairs_json(&self.white));
        out.insert("black".into(), pairs_json(&self.black));
        out.insert("all_given".into(), self.all_given.into());
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        validate(geometry.n(), &self.white, &self.black)
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        emit(b, &self.white, &self.black, self.all_given);
    }

    fn check(&self, _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        check(grid, &self.white, &self.black, self.all_given)
    }

    fn draw(&self, _geometry: &Geometry) -> Vec<Mark> {
        let white = self.white.iter().map(|&between| Mark::Dot { between, filled: false });
        let mut out: Vec<Mark> =
            white.chain(self.black.iter().map(|&between| Mark::Dot { between, filled: true })).collect();
        if self.all_given {
            out.push(Mark::Caption("kropki: all dots are given".into()));
        }
        out
    }
}

/// White-dot relation.
pub fn consecutive(d: usize, e: usize) -> bool {
    d.abs_diff(e) == 1
}

/// Black-dot relation.
pub fn ratio2(d: usize, e: usize) -> bool {
    d == 2 * e || e == 2 * d
}

fn validate(n: usize, white: &[(Cell, Cell)], black: &[(Cell, Cell)]) -> Result<(), RuleError> {
    let mut seen = Vec::new();
    check_pairs(n, "white", white, &mut seen)?;
    check_pairs(n, "black", black, &mut seen)?;
    if n < 2 && !(white.is_empty() && black.is_empty()) {
        return Err(RuleError::new("", format!("a {n}x{n} grid has no pair of digits for a dot")));
    }
    Ok(())
}

fn emit(b: &mut Emit<'_, '_>, white: &[(Cell, Cell)], black: &[(Cell, Cell)], all_given: bool) {
    for &(p, q) in white {
        b.implications(&format!("white_{p}_{q}"), (p, q), consecutive);
    }
    for &(p, q) in black {
        b.implications(&format!("black_{p}_{q}"), (p, q), ratio2);
    }
    if all_given {
        for (p, q) in unmarked_pairs(b.n(), &[white, black]) {
            b.conflicts(&format!("nodot_{p}_{q}"), (p, q), |d, e| consecutive(d, e) || ratio2(d, e));
        }
    }
}

fn check(grid: &Grid, white: &[(Cell, Cell)], black: &[(Cell, Cell)], all_given: bool) -> Vec<Violation> {
    let both = |(p, q): (Cell, Cell)| grid.get(p) != 0 && grid.get(q) != 0;
    let holds = |(p, q): (Cell, Cell), rel: fn(usize, usize) -> bool| rel(grid.get(p), grid.get(q));
    let mut out = Vec::new();
    for &pair in white.iter().filter(|&&p| both(p)) {
        if !holds(pair, consecutive) {
            out.push(pair_violation("white dot", pair, grid, "are not consecutive"));
        }
    }
    for &pair in black.iter().filter(|&&p| both(p)) {
        if !holds(pair, ratio2) {
            out.push(pair_violation("black dot", pair, grid, "are not in ratio 2"));
        }
    }
    if all_given {
        for pair in pairs_without_mark(grid.n(), &[white, black]).into_iter().filter(|&p| both(p)) {
            if holds(pair, consecutive) {
                out.push(pair_violation("kropki (all dots given)", pair, grid, "have no dot but are consecutive"));
            } else if holds(pair, ratio2) {
                out.push(pair_violation("kropki (all dots given)", pair, grid, "have no dot but are in ratio 2"));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::orthogonal_pairs;
    use crate::rules::testing::{agreement4, c, grid4};
    use crate::rules::Rule;

    type Pairs = Vec<(Cell, Cell)>;

    /// The dots of a grid: every consecutive pair white, every other ratio-2 pair black.
    fn dots_of(g: &Grid) -> (Pairs, Pairs) {
        let (mut white, mut black) = (Vec::new(), Vec::new());
        for (p, q) in orthogonal_pairs(g.n()) {
            if consecutive(g.get(p), g.get(q)) {
                white.push((p, q));
            } else if ratio2(g.get(p), g.get(q)) {
                black.push((p, q));
            }
        }
        (white, black)
    }

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        let g = grid4([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
        let (white, black) = dots_of(&g);
        assert!(!white.is_empty() && !black.is_empty());
        for all_given in [false, true] {
            let rule = Rule::Kropki(crate::rules::Kropki { white: white.clone(), black: black.clone(), all_given });
            let (yes, no) = agreement4(rule);
            assert!(yes > 0 && no > 0, "{all_given}: {yes} {no}");
        }
        // A few dots only: weaker, so more grids pass.
        let rule = Rule::Kropki(crate::rules::Kropki {
            white: white[..2].to_vec(),
            black: black[..1].to_vec(),
            all_given: false,
        });
        let (yes, _) = agreement4(rule);
        assert!(yes > 1);
    }

    #[test]
    fn validation() {
        assert!(validate(9, &[(c(1, 1), c(1, 2))], &[(c(2, 1), c(3, 1))]).is_ok());
        let e = validate(9, &[(c(1, 1), c(2, 2))], &[]).expect_err("diagonal");
        assert_eq!(e.to_string(), "white[0]: r1c1 and r2c2 are not orthogonal neighbours");
        let e = validate(9, &[(c(1, 1), c(1, 2))], &[(c(1, 2), c(1, 1))]).expect_err("two dots");
        assert_eq!(e.to_string(), "black[0]: the pair r1c2-r1c1 already has a mark at white[0]");
        assert_eq!(validate(9, &[(c(1, 1), Cell::new(0, 9))], &[]).expect_err("outside").path, "white[0][1]");
    }

    #[test]
    fn fives_cannot_carry_a_black_dot() {
        use crate::geometry::Geometry;
        use crate::{Model, Puzzle};
        let p = Puzzle::blank(Geometry::new(9, None).expect("9x9")).with_rule(Rule::Kropki(crate::rules::Kropki {
            white: vec![],
            black: vec![(c(1, 1), c(1, 2))],
            all_given: false,
        }));
        let m = Model::build(&p);
        for d in [5, 7, 9] {
            assert_eq!(m.fixed()[m.var(c(1, 1), d) as usize], Some(false), "{d}");
            assert_eq!(m.fixed()[m.var(c(1, 2), d) as usize], Some(false), "{d}");
        }
        assert_eq!(m.fixed()[m.var(c(1, 1), 3) as usize], None);
    }
}

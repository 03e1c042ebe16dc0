//! Kropki dots between orthogonal neighbours: a white dot joins consecutive digits, a black dot
//! digits in ratio 2 (1–2 may carry either). The negative constraints, each on its own: with
//! `all_white`, every pair without a dot is not consecutive (f-puzzles `nonconsecutive`); with
//! `all_black`, every pair without a dot is not in ratio 2 (f-puzzles `negative: ["ratio"]`);
//! `all_given` in JSON sets both. A pair with either dot is exempt from both, as f-puzzles and
//! SudokuPad read them (a 1–2 pair may carry a black dot under "all white dots given").
//!
//! For a dotted pair `{a, b}` with relation `R` (white: `|d−e| = 1`, black: `d = 2e` or
//! `e = 2d`), each digit of one cell needs a partner in the other:
//!
//! ```text
//!   white_{a}_{b}_a_d{d} :  x[a, d] − Σ_{e: R(d,e)} x[b, e] <= 0     (and _b_ the other way)
//!   x[a, d] = 0  when no e has R(d, e)                  (black: 5, 7, 9 on 9×9)
//! ```
//!
//! For an undotted pair under a negative constraint, with `F` the forbidden relation
//! (consecutive under `all_white`, ratio 2 under `all_black`, either under both), cliques of
//! the conflict graph:
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
    /// All white dots are given: neighbours without a dot are not consecutive.
    pub all_white: bool,
    /// All black dots are given: neighbours without a dot are not in ratio 2.
    pub all_black: bool,
}

impl RuleKind for Kropki {
    const NAME: &'static str = "kropki";
    const SUMMARY: &'static str = "a white dot joins consecutive digits, a black dot digits in ratio 2";

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        let (white, black) = (f.pairs("white")?, f.pairs("black")?);
        let all = f.flag("all_given", false)?;
        Ok(Kropki { white, black, all_white: f.flag("all_white", all)?, all_black: f.flag("all_black", all)? })
    }

    fn write(&self, out: &mut serde_json::Map<String, serde_json::Value>) {
        out.insert("white".into(), pairs_json(&self.white));
        out.insert("black".into(), pairs_json(&self.black));
        match (self.all_white, self.all_black) {
            (true, false) => out.insert("all_white".into(), true.into()),
            (false, true) => out.insert("all_black".into(), true.into()),
            (both, _) => out.insert("all_given".into(), both.into()),
        };
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        validate(geometry.n(), &self.white, &self.black)
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        emit(b, self);
    }

    fn check(&self, _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        check(grid, self)
    }

    fn draw(&self, _geometry: &Geometry) -> Vec<Mark> {
        let white = self.white.iter().map(|&between| Mark::Dot { between, filled: false });
        let mut out: Vec<Mark> =
            white.chain(self.black.iter().map(|&between| Mark::Dot { between, filled: true })).collect();
        let caption = match (self.all_white, self.all_black) {
            (true, true) => Some("kropki: all dots are given"),
            (true, false) => Some("kropki: all white dots are given"),
            (false, true) => Some("kropki: all black dots are given"),
            (false, false) => None,
        };
        out.extend(caption.map(|c| Mark::Caption(c.into())));
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

/// The relation a pair without a dot may not have under the negative constraints.
fn forbidden(all_white: bool, all_black: bool) -> impl Fn(usize, usize) -> bool {
    move |d, e| (all_white && consecutive(d, e)) || (all_black && ratio2(d, e))
}

fn emit(b: &mut Emit<'_, '_>, k: &Kropki) {
    let (white, black) = (&k.white[..], &k.black[..]);
    for &(p, q) in white {
        b.implications(&format!("white_{p}_{q}"), (p, q), consecutive);
    }
    for &(p, q) in black {
        b.implications(&format!("black_{p}_{q}"), (p, q), ratio2);
    }
    if k.all_white || k.all_black {
        for (p, q) in unmarked_pairs(b.n(), &[white, black]) {
            b.conflicts(&format!("nodot_{p}_{q}"), (p, q), forbidden(k.all_white, k.all_black));
        }
    }
}

fn check(grid: &Grid, k: &Kropki) -> Vec<Violation> {
    let (white, black) = (&k.white[..], &k.black[..]);
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
    if k.all_white || k.all_black {
        for pair in pairs_without_mark(grid.n(), &[white, black]).into_iter().filter(|&p| both(p)) {
            if k.all_white && holds(pair, consecutive) {
                out.push(pair_violation("kropki (all white dots given)", pair, grid, "have no dot but are consecutive"));
            } else if k.all_black && holds(pair, ratio2) {
                out.push(pair_violation("kropki (all black dots given)", pair, grid, "have no dot but are in ratio 2"));
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
        for (all_white, all_black) in [(false, false), (true, true), (true, false), (false, true)] {
            let rule =
                Rule::Kropki(crate::rules::Kropki { white: white.clone(), black: black.clone(), all_white, all_black });
            let (yes, no) = agreement4(rule);
            assert!(yes > 0 && no > 0, "{all_white} {all_black}: {yes} {no}");
        }
        // Each negative constraint alone reports only its own relation.
        let breaks = |all_white, all_black| -> Vec<String> {
            let k = crate::rules::Kropki { white: vec![], black: vec![], all_white, all_black };
            check(&g, &k).iter().map(|v| v.to_string()).collect()
        };
        let (white_only, black_only) = (breaks(true, false), breaks(false, true));
        assert!(!white_only.is_empty() && white_only.iter().all(|m| m.contains("are consecutive")), "{white_only:?}");
        assert!(!black_only.is_empty() && black_only.iter().all(|m| m.contains("in ratio 2")), "{black_only:?}");
        // A few dots only: weaker, so more grids pass.
        let rule = Rule::Kropki(crate::rules::Kropki {
            white: white[..2].to_vec(),
            black: black[..1].to_vec(),
            all_white: false,
            all_black: false,
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
            all_white: false,
            all_black: false,
        }));
        let m = Model::build(&p);
        for d in [5, 7, 9] {
            assert_eq!(m.fixed()[m.var(c(1, 1), d) as usize], Some(false), "{d}");
            assert_eq!(m.fixed()[m.var(c(1, 2), d) as usize], Some(false), "{d}");
        }
        assert_eq!(m.fixed()[m.var(c(1, 1), 3) as usize], None);
    }
}

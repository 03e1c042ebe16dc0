//! Kropki dots between orthogonal neighbours: a white dot joins consecutive digits, a black dot
//! digits in ratio 2 (1–2 may carry either). The negative constraints, each on its own: with
//! `all_white`, every pair without a dot is not consecutive (f-puzzles `nonconsecutive`); with
//! `all_black`, every pair without a dot is not in ratio 2 (f-puzzles `negative: ["ratio"]`);
//! `all_given` in JSON sets both. A pair with either dot is exempt from both, as f-puzzles and
//! SudokuPad read them (a 1–2 pair may carry a black dot under "all white dots given").
//!
//! With dots of other values in the puzzle (the [`super::kropki_values`] rule), the negative
//! constraints read them as dclamage's SudokuSolver does (`SolverFactory.cs`, the f-puzzles
//! import, l.744–816, and `OrthogonalValueConstraint.cs`, where a pair with a marker of either
//! the difference or the ratio constraint, any value, skips the negative links):
//!
//! - a dot of any value, white or black, exempts its pair from both negative constraints;
//! - `all_white` forbids a difference of 1 only, whatever values the white dots show
//!   (R: "f-puzzles only supports negative constraint for difference of 1");
//! - `all_black` forbids every ratio the puzzle's black dots show: 2 for kropki black dots,
//!   `v` for each `kropki-values` black dot of value `v`, and 2 when there is no black dot at
//!   all (R: `neg{v}` for each distinct `ratio` value, `neg2` without any). So black dots of
//!   ratio 3 alone with "all black dots given" forbid ratio 3 elsewhere, not ratio 2.
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
//! (consecutive under `all_white`, a shown ratio under `all_black`, either under both),
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
use super::kropki_values::KropkiValues;
use super::{
    check_pairs, pair_violation, pairs_without_mark, unmarked_pairs, Emit, Fields, Mark, Rule, RuleError, RuleKind,
};

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
    const FPUZZLES_KEYS: &'static [&'static str] = &["difference", "ratio", "nonconsecutive", "negative"];

    /// Dots of the usual values (difference 1, ratio 2), with `nonconsecutive` as "all white
    /// dots given" and `negative: ["ratio"]` as "all black" (dclamage's SudokuSolver's
    /// reading); `nonconsecutive` alone is the `non-consecutive` rule.
    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let dots = Dots::read(f)?;
        let (all_white, all_black) = (f.flag("nonconsecutive")?, f.negative()?.contains(&"ratio"));
        let dotted = dots.any_kropki();
        Ok((dotted || all_black).then_some(Kropki { white: dots.white, black: dots.black, all_white, all_black }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        use super::fpuzzles::rc;
        for &(a, b) in &self.white {
            f.push("difference", serde_json::json!({"cells": [rc(a), rc(b)]}));
        }
        for &(a, b) in &self.black {
            f.push("ratio", serde_json::json!({"cells": [rc(a), rc(b)]}));
        }
        if self.all_white {
            f.flag("nonconsecutive");
        }
        if self.all_black {
            f.negative("ratio");
        }
        Ok(())
    }

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
        check(grid, self, &[])
    }

    fn check_among(&self, rules: &[Rule], _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        check(grid, self, &valued(rules))
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

/// The `kropki-values` rules among a puzzle's rules (one, once validated).
fn valued(rules: &[Rule]) -> Vec<&KropkiValues> {
    rules.iter().filter_map(|r| if let Rule::KropkiValues(v) = r { Some(v) } else { None }).collect()
}

/// The ratios `all_black` forbids on an undotted pair: every value a black dot shows (2 for
/// the kropki rule's own), or 2 when there is no black dot (R: `neg{v}` a distinct value).
pub(crate) fn shown_ratios(k: &Kropki, valued: &[&KropkiValues]) -> Vec<usize> {
    let mut out: Vec<usize> = valued.iter().flat_map(|v| v.ratios.iter().map(|d| d.value)).collect();
    if !k.black.is_empty() || out.is_empty() {
        out.push(2);
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Whether `d` and `e` stand in ratio `v`.
fn in_ratio(v: usize, d: usize, e: usize) -> bool {
    d == v.saturating_mul(e) || e == v.saturating_mul(d)
}

fn emit(b: &mut Emit<'_, '_>, k: &Kropki) {
    let (white, black) = (&k.white[..], &k.black[..]);
    for &(p, q) in white {
        b.clue(format!("the white dot between {p} and {q}"), [p, q]);
        b.implications(&format!("white_{p}_{q}"), (p, q), consecutive);
    }
    for &(p, q) in black {
        b.clue(format!("the black dot between {p} and {q}"), [p, q]);
        b.implications(&format!("black_{p}_{q}"), (p, q), ratio2);
    }
    b.end_clue();
    if k.all_white || k.all_black {
        let valued = valued(b.rules());
        let ratios = shown_ratios(k, &valued);
        let dotted: Vec<(Cell, Cell)> =
            valued.iter().flat_map(|v| v.differences.iter().chain(&v.ratios)).map(|d| d.cells).collect();
        let (all_white, all_black) = (k.all_white, k.all_black);
        let forbidden = |d: usize, e: usize| {
            (all_white && consecutive(d, e)) || (all_black && ratios.iter().any(|&v| in_ratio(v, d, e)))
        };
        for (p, q) in unmarked_pairs(b.n(), &[white, black, &dotted[..]]) {
            b.clue(format!("the neighbours {p} and {q} (no dot between them)"), [p, q]);
            b.conflicts(&format!("nodot_{p}_{q}"), (p, q), forbidden);
        }
    }
}

/// The breaks of `k` in `grid`, with the dots of the puzzle's `kropki-values` rules exempt
/// from the negative constraints.
fn check(grid: &Grid, k: &Kropki, valued: &[&KropkiValues]) -> Vec<Violation> {
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
        let mut marked = vec![white, black];
        let lists: Vec<Vec<(Cell, Cell)>> =
            valued.iter().map(|v| v.differences.iter().chain(&v.ratios).map(|d| d.cells).collect()).collect();
        marked.extend(lists.iter().map(Vec::as_slice));
        let ratios = shown_ratios(k, valued);
        for pair in pairs_without_mark(grid.n(), &marked).into_iter().filter(|&p| both(p)) {
            let (x, y) = (grid.get(pair.0), grid.get(pair.1));
            let ratio = ratios.iter().find(|&&v| x.max(y) == v * x.min(y));
            if k.all_white && x.abs_diff(y) == 1 {
                out.push(pair_violation("kropki (all white dots given)", pair, grid, "have no dot but are consecutive"));
            } else if let Some(v) = ratio.filter(|_| k.all_black) {
                let what = format!("have no dot but are in ratio {v}");
                out.push(pair_violation("kropki (all black dots given)", pair, grid, &what));
            }
        }
    }
    out
}

/// The f-puzzles `difference` and `ratio` dots, split by value: kropki's (difference 1, ratio
/// 2: white and black) and `kropki-values`' (any other value). Read by both rules, and by
/// `non-consecutive`, which `nonconsecutive` is only without Kropki dots.
pub(super) struct Dots {
    pub(super) white: Vec<(Cell, Cell)>,
    pub(super) black: Vec<(Cell, Cell)>,
    pub(super) differences: Vec<super::kropki_values::Dot>,
    pub(super) ratios: Vec<super::kropki_values::Dot>,
}

impl Dots {
    pub(super) fn read(f: &super::FRead<'_>) -> Result<Dots, ParseError> {
        let mut dots = Dots { white: Vec::new(), black: Vec::new(), differences: Vec::new(), ratios: Vec::new() };
        for (key, usual) in [("difference", 1), ("ratio", 2)] {
            for entry in f.entries(key)? {
                let cells = f.pair(&entry)?;
                let value = f.value::<usize>(&entry, "the dot's value")?.unwrap_or(usual);
                let valued = super::kropki_values::Dot { cells, value };
                match (key, value == usual) {
                    ("difference", true) => dots.white.push(cells),
                    (_, true) => dots.black.push(cells),
                    ("difference", false) => dots.differences.push(valued),
                    (_, false) => dots.ratios.push(valued),
                }
            }
        }
        Ok(dots)
    }

    /// Whether there is a white or black dot of kropki's values.
    pub(super) fn any_kropki(&self) -> bool {
        !self.white.is_empty() || !self.black.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::orthogonal_pairs;
    use crate::rules::testing::{agreement4, agreement4_all, c, grid4};
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
            check(&g, &k, &[]).iter().map(|v| v.to_string()).collect()
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

    fn valued(differences: &[((Cell, Cell), usize)], ratios: &[((Cell, Cell), usize)]) -> KropkiValues {
        use crate::rules::kropki_values::Dot;
        let dots = |list: &[((Cell, Cell), usize)]| list.iter().map(|&(cells, value)| Dot { cells, value }).collect();
        KropkiValues { differences: dots(differences), ratios: dots(ratios) }
    }

    #[test]
    fn negative_constraints_with_valued_dots_agree_on_every_4x4_grid() {
        let g = grid4([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
        let (white, black) = dots_of(&g);
        // Every pair of `g` in ratio 3 gets a ratio-3 dot, two of its 2-4 pairs a difference-2
        // dot (besides their kropki black dot, when given).
        let threes: Vec<((Cell, Cell), usize)> =
            orthogonal_pairs(4).filter(|&(p, q)| in_ratio(3, g.get(p), g.get(q))).map(|pair| (pair, 3)).collect();
        assert!(threes.len() > 1);
        let values = valued(&[((c(1, 4), c(2, 4)), 2), ((c(3, 3), c(4, 3)), 2)], &threes);
        for (all_white, all_black) in [(true, false), (false, true), (true, true)] {
            for (w, b) in [(&white[..], &black[..]), (&[][..], &[][..]), (&white[..2], &[][..])] {
                let k = Kropki { white: w.to_vec(), black: b.to_vec(), all_white, all_black };
                let (yes, no) = agreement4_all(vec![k.into(), values.clone().into()]);
                // With every dot of `g` given, `g` passes; without white dots, "all white" on
                // a 4x4 leaves no grid (as non-consecutive does), which both must say.
                let full = w.len() == white.len() && b.len() == black.len();
                assert!(no > 0 && (yes > 0 || !full), "{all_white} {all_black} {}: {yes} {no}", w.len());
                assert!(yes > 0 || !full);
            }
        }
    }

    #[test]
    fn valued_dots_exempt_their_pairs_and_black_dots_set_the_forbidden_ratios() {
        let geometry = crate::geometry::Geometry::new(4, None).expect("4x4");
        let g = grid4([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
        let breaks = |k: Kropki, v: &KropkiValues| -> Vec<String> {
            let rules = [Rule::Kropki(k.clone()), Rule::KropkiValues(v.clone())];
            Rule::Kropki(k).check(&rules, &geometry, &g, false).iter().map(ToString::to_string).collect()
        };
        let none = valued(&[], &[]);
        let black_only = Kropki { white: vec![], black: vec![], all_white: false, all_black: true };
        // No black dot anywhere: ratio 2 is forbidden (every undotted 1-2 and 2-4 pair).
        let v = breaks(black_only.clone(), &none);
        assert!(!v.is_empty() && v.iter().all(|m| m.contains("are in ratio 2")), "{v:?}");
        // Only a ratio-3 dot (on r1c1-r2c1, 1-3): ratio 3 is forbidden elsewhere (r1c3-r2c3 is
        // 3-1), ratio 2 is not.
        let three = valued(&[], &[((c(1, 1), c(2, 1)), 3)]);
        let v = breaks(black_only.clone(), &three);
        assert!(!v.is_empty() && v.iter().all(|m| m.contains("in ratio 3")), "{v:?}");
        assert!(v.iter().any(|m| m.contains("r1c3 (3) and r2c3 (1)")), "{v:?}");
        assert!(!v.iter().any(|m| m.contains("r1c1")), "the dotted pair is exempt: {v:?}");
        // A kropki black dot as well: both 2 and 3.
        let with_two = Kropki { black: vec![(c(1, 2), c(2, 2))], ..black_only.clone() };
        let v = breaks(with_two.clone(), &three);
        assert!(v.iter().any(|m| m.contains("in ratio 2")) && v.iter().any(|m| m.contains("in ratio 3")), "{v:?}");
        assert_eq!(shown_ratios(&with_two, &[&three]), [2, 3]);
        assert_eq!(shown_ratios(&black_only, &[&three]), [3]);
        assert_eq!(shown_ratios(&black_only, &[]), [2]);
        // A difference-2 dot on a 2-4 pair exempts it from "no ratio 2" (r1c4-r2c4 is 4-2).
        let diff = valued(&[((c(1, 4), c(2, 4)), 2)], &[]);
        let exempt = |v: &[String]| !v.iter().any(|m| m.contains("r1c4 (4) and r2c4 (2)"));
        assert!(!exempt(&breaks(black_only.clone(), &none)));
        assert!(exempt(&breaks(black_only, &diff)));
        // "All white" forbids a difference of 1 only, whatever the white dots' values.
        let white_only = Kropki { white: vec![], black: vec![], all_white: true, all_black: false };
        let v = breaks(white_only, &diff);
        assert!(!v.is_empty() && v.iter().all(|m| m.contains("are consecutive")), "{v:?}");
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

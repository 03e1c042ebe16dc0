//! Killer cages: the digits of a cage sum to its total (when it has one) and, by the standard
//! rule, do not repeat within the cage. Seed 004's Gurobi model only constrains the sums; the
//! sum-only reading is kept as `distinct: false` for faithfulness to the seed.
//!
//! For cage `i` with cells `C`, total `s`:
//!
//! ```text
//!   cage{i}_sum  :  Σ_{c ∈ C} Σ_d d·x[c, d] = s                    (when the cage has a sum)
//!   cage{i}_d{d} :  Σ_{c ∈ C} x[c, d] <= 1                          (distinct; |C| > 1)
//!   x[c, d] = 0  for every c ∈ C and every digit d that appears in no way of writing s
//!                as a sum of |C| digits (distinct ones when distinct)
//! ```
//!
//! The fixings are what a solver would find from the combinations (a 3-cell cage of 7 holds
//! only 1, 2 and 4); they cost nothing and prune before the sum row has to.

use crate::check::{duplicates, Unit, Violation};
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::model::Sense;

use super::fields::cells_json;
use super::{check_cells, Emit, Fields, Mark, RuleError, RuleKind};

/// Killer cages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Killer {
    /// The cages, numbered from 1 in the order given.
    pub cages: Vec<Cage>,
    /// Digits in a cage do not repeat (the standard rule; `false` is seed 004's sum-only
    /// formulation).
    pub distinct: bool,
}

impl RuleKind for Killer {
    const FPUZZLES_KEYS: &'static [&'static str] = &["killercage"];

    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let mut cages = Vec::new();
        for entry in f.entries("killercage")? {
            let cells = f.cells_of(&entry, "cells", "the cage's cells")?;
            let sum = f.value::<u32>(&entry, "the cage total")?;
            cages.push(Cage { cells, sum });
        }
        Ok((!cages.is_empty()).then_some(Killer { cages, distinct: true }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        if !self.distinct {
            return Err(super::FPuzzlesWriteError(
                "killer cages whose digits may repeat (\"distinct\": false) have no f-puzzles form".into(),
            ));
        }
        for cage in &self.cages {
            let mut e = serde_json::Map::new();
            e.insert("cells".into(), super::fpuzzles::rcs(&cage.cells));
            if let Some(s) = cage.sum {
                e.insert("value".into(), serde_json::json!(s.to_string()));
            }
            f.push("killercage", serde_json::Value::Object(e));
        }
        Ok(())
    }

    const NAME: &'static str = "killer";
    const ALIASES: &'static [&'static str] = &["cages"];
    const SUMMARY: &'static str = "the digits of a cage sum to its total and do not repeat";

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        let shape = ("a cage", "{\"cells\": [...], \"sum\": 15}");
        let cages = f.objects("cages", "a list of cages", shape, |c| {
            let cells = c.required_cells("cells", "")?;
            let sum = c.uint("sum", "the cage total")?;
            let sum = sum.map(|s| u32::try_from(s).map_err(|_| c.error("sum", "sum too large"))).transpose()?;
            Ok(Cage { cells, sum })
        })?;
        Ok(Killer { cages, distinct: f.flag("distinct", true)? })
    }

    fn write(&self, out: &mut serde_json::Map<String, serde_json::Value>) {
        let list = self
            .cages
            .iter()
            .map(|c| {
                let mut o = serde_json::Map::new();
                o.insert("cells".into(), cells_json(&c.cells));
                if let Some(s) = c.sum {
                    o.insert("sum".into(), s.into());
                }
                serde_json::Value::Object(o)
            })
            .collect();
        out.insert("cages".into(), serde_json::Value::Array(list));
        if !self.distinct {
            out.insert("distinct".into(), false.into());
        }
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        validate(geometry.n(), &self.cages, self.distinct)
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        emit(b, &self.cages, self.distinct);
    }

    fn check(&self, _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        check(grid, &self.cages, self.distinct)
    }

    fn draw(&self, _geometry: &Geometry) -> Vec<Mark> {
        let mut out: Vec<Mark> = self
            .cages
            .iter()
            .map(|c| Mark::Cage { cells: c.cells.clone(), label: c.sum.map(|s| s.to_string()) })
            .collect();
        if !self.distinct {
            out.push(Mark::Caption("killer: digits may repeat in a cage".into()));
        }
        out
    }
}

/// One cage.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    /// The cells, in the order given.
    pub cells: Vec<Cell>,
    /// The total, if the cage has one.
    pub sum: Option<u32>,
}

/// Smallest and largest sum of `k` digits of `1..=n` (distinct ones when `distinct`), or
/// `None` when `k` distinct digits do not exist.
pub fn sum_range(n: usize, k: usize, distinct: bool) -> Option<(u32, u32)> {
    let (n, k) = (n as u32, k as u32);
    if distinct {
        (k <= n).then(|| (k * (k + 1) / 2, k * n - k * (k.saturating_sub(1)) / 2))
    } else {
        Some((k, k * n))
    }
}

/// `possible[d]` for `d` in `1..=n`: digit `d` appears in some way of writing `s` as a sum of
/// `k` digits (distinct when `distinct`). Index 0 is unused.
pub fn possible_digits(n: usize, k: usize, s: u32, distinct: bool) -> Vec<bool> {
    let s = s as usize;
    let mut out = vec![false; n + 1];
    if k == 0 {
        return out;
    }
    if !distinct {
        for (d, slot) in out.iter_mut().enumerate().skip(1) {
            *slot = s >= d && (k - 1) <= s - d && s - d <= (k - 1) * n;
        }
        return out;
    }
    if k > n {
        return out;
    }
    // count[j][t]: j-subsets of 1..=n with sum t. Removing digit d from the counts (undoing its
    // knapsack step) gives the subsets without d; d is possible iff a (k−1)-subset without d
    // sums to s − d. Counts stay below C(64, 32) < 2^61.
    // Flat tables, row j at j·w: one allocation each, whatever n.
    let w = s + 1;
    let mut count = vec![0u64; (k + 1) * w];
    count[0] = 1;
    for d in 1..=n {
        for j in (1..=k).rev() {
            for t in (d..=s).rev() {
                count[j * w + t] += count[(j - 1) * w + t - d];
            }
        }
    }
    let mut without = vec![0u64; k * w];
    for (d, slot) in out.iter_mut().enumerate().skip(1) {
        if d > s {
            continue;
        }
        for j in 0..k {
            for t in 0..=s {
                let with_d = if j >= 1 && t >= d { without[(j - 1) * w + t - d] } else { 0 };
                without[j * w + t] = count[j * w + t] - with_d;
            }
        }
        *slot = without[(k - 1) * w + s - d] > 0;
    }
    out
}

fn validate(n: usize, cages: &[Cage], distinct: bool) -> Result<(), RuleError> {
    let mut owner = vec![usize::MAX; n * n];
    for (i, cage) in cages.iter().enumerate() {
        let path = format!("cages[{i}]");
        if cage.cells.is_empty() {
            return Err(RuleError::new(format!("{path}.cells"), "a cage needs at least one cell"));
        }
        check_cells(n, &cage.cells, |j| format!("{path}.cells[{j}]"))?;
        for (j, &c) in cage.cells.iter().enumerate() {
            let k = c.index(n);
            if owner[k] != usize::MAX {
                return Err(RuleError::new(
                    format!("{path}.cells[{j}]"),
                    format!("{c} is already in cage {} (cages[{}]); cages cannot overlap", owner[k] + 1, owner[k]),
                ));
            }
            owner[k] = i;
        }
        let k = cage.cells.len();
        let Some((lo, hi)) = sum_range(n, k, distinct) else {
            return Err(RuleError::new(
                format!("{path}.cells"),
                format!("a cage of {} cannot hold {k} distinct digits of 1..{n}", crate::plural(k, "cell")),
            ));
        };
        if let Some(s) = cage.sum {
            if s < lo || s > hi {
                let kind = if distinct { "distinct digits" } else { "digits" };
                return Err(RuleError::new(
                    format!("{path}.sum"),
                    format!("a cage of {} with {kind} of 1..{n} sums to {lo}..{hi}, not {s}", crate::plural(k, "cell")),
                ));
            }
        }
    }
    Ok(())
}

fn emit(b: &mut Emit<'_, '_>, cages: &[Cage], distinct: bool) {
    let n = b.n();
    for (i, cage) in cages.iter().enumerate() {
        let name = format!("cage{}", i + 1);
        if distinct && cage.cells.len() > 1 {
            b.at_most_once(&name, &cage.cells);
        }
        let Some(s) = cage.sum else { continue };
        let terms = cage
            .cells
            .iter()
            .flat_map(|&c| (1..=n).map(move |d| (c, d)))
            .map(|(c, d)| (b.var(c, d), d as i32))
            .collect();
        b.row(format_args!("{name}_sum"), terms, Sense::Eq, s as i32);
        let possible = possible_digits(n, cage.cells.len(), s, distinct);
        for &c in &cage.cells {
            for d in (1..=n).filter(|&d| !possible[d]) {
                b.exclude(c, d, &name);
            }
        }
    }
    leftovers(b, cages);
}

/// Cells of a side-`n` grid as a bitset over their row-major indices.
type CellSet = Vec<u64>;

fn cell_set(n: usize) -> CellSet {
    vec![0; (n * n).div_ceil(64)]
}

fn set_cells(set: &CellSet) -> Vec<usize> {
    (0..set.len() * 64).filter(|&k| set[k / 64] >> (k % 64) & 1 == 1).collect()
}

/// Bands of houses whose digits sum to a known total: each house alone, the rows from the top
/// and from the bottom, the columns from each side, the regions in order (none on a Latin
/// square). Each house holds every digit once, so `k` of them sum to `k·n(n+1)/2`.
fn bands(b: &Emit<'_, '_>) -> Vec<Vec<Vec<usize>>> {
    let n = b.n();
    let rows: Vec<Vec<usize>> = (0..n).map(|r| (0..n).map(|c| r * n + c).collect()).collect();
    let cols: Vec<Vec<usize>> = (0..n).map(|c| (0..n).map(|r| r * n + c).collect()).collect();
    let mut regions = b.geometry().regions();
    if regions.iter().any(|r| r.len() != n) {
        regions.clear();
    }
    // Each house alone (a cage inside a box leaves the box its complement), then the bands.
    let mut out: Vec<Vec<Vec<usize>>> = rows.iter().chain(&cols).chain(&regions).map(|h| vec![h.clone()]).collect();
    out.extend([rows.clone(), rows.into_iter().rev().collect(), cols.clone(), cols.into_iter().rev().collect()]);
    if !regions.is_empty() {
        out.push(regions);
    }
    out
}

/// Most cells of a leftover row with both innies and outies (see [`leftovers`]). A longer one
/// (seven cells of a row against the one cell a cage takes outside it) narrows little: its
/// long side can make most sums. Yet it is woken at every node and read by bounds and
/// combinations over both signs' values; on the corpus of `benches/variants/` such rows made
/// `hailstone` 2.5× the instructions (and 1.9× the guesses) and the killers 1.3×. Two and two
/// cells, the classic innies and outies, are kept: with at most three, `killing-with-flowers`
/// takes about 12 times the guesses.
const MAX_TWO_SIDED: usize = 4;

/// Innies and outies, the law of leftovers: the first `k` houses of a band (`k < n`) sum to
/// `k·n(n+1)/2`, and the cages with totals that lie mostly in them (more than half their
/// cells: once taken a cage stays taken for the larger bands) sum to their totals. What the
/// cages leave of the houses (`in`) and what they add outside (`out`) differ by the rest:
///
/// ```text
///   leftover{j} :  Σ_{c ∈ in} Σ_d d·x[c,d] − Σ_{c ∈ out} Σ_d d·x[c,d] = k·n(n+1)/2 − Σ totals
/// ```
///
/// Kept when it is short, as a setter would look for it: `|in| + |out| <= n`, and innies with
/// outies at most [`MAX_TWO_SIDED`] cells together (a cage inside a house gives its
/// complement: `out` empty). Each row is the sum of rows the model has (houses' digits, cages'
/// totals), so it holds in every solution; it gives the native engine's sum reasoning
/// (combinations of a house's leftover cells, exact sums of innies and outies) cells no cage
/// covers. Cages without totals take no part.
fn leftovers(b: &mut Emit<'_, '_>, cages: &[Cage]) {
    let n = b.n();
    let house_sum = (n * (n + 1) / 2) as i64;
    let pieces: Vec<(CellSet, i64, usize)> = cages
        .iter()
        .filter_map(|cage| {
            let s = cage.sum?;
            let mut set = cell_set(n);
            for c in &cage.cells {
                let k = c.index(n);
                set[k / 64] |= 1 << (k % 64);
            }
            Some((set, s as i64, cage.cells.len()))
        })
        .collect();
    if pieces.is_empty() {
        return;
    }
    let mut seen = std::collections::HashSet::new();
    let mut found: Vec<(Vec<usize>, Vec<usize>, i64)> = Vec::new();
    for band in bands(b) {
        let mut area = cell_set(n);
        let mut covered = cell_set(n);
        let mut taken = vec![false; pieces.len()];
        let mut total = 0i64;
        for (k, house) in band.iter().enumerate().take(n - 1) {
            for &c in house {
                area[c / 64] |= 1 << (c % 64);
            }
            for (p, (set, s, len)) in pieces.iter().enumerate() {
                let inside: usize = set.iter().zip(&area).map(|(a, b)| (a & b).count_ones() as usize).sum();
                if !taken[p] && 2 * inside > *len {
                    taken[p] = true;
                    total += s;
                    for (w, x) in covered.iter_mut().zip(set) {
                        *w |= x;
                    }
                }
            }
            if total == 0 {
                continue;
            }
            let inn: CellSet = area.iter().zip(&covered).map(|(a, c)| a & !c).collect();
            let out: CellSet = covered.iter().zip(&area).map(|(c, a)| c & !a).collect();
            let (inn, out) = (set_cells(&inn), set_cells(&out));
            let two_sided_long = !out.is_empty() && inn.len() + out.len() > MAX_TWO_SIDED;
            if inn.is_empty() && out.is_empty() || inn.len() + out.len() > n || two_sided_long {
                continue;
            }
            if seen.insert((inn.clone(), out.clone())) {
                found.push((inn, out, (k as i64 + 1) * house_sum - total));
            }
        }
    }
    // A band from the other side can leave the same cells the other way round (`in` and
    // `out` swapped): the same row times −1, which the engine would only read twice. The
    // later one is kept (the search then blames the rows it blamed with both).
    let mut count = 0;
    for (i, (inn, out, rhs)) in found.iter().enumerate() {
        if found[i + 1..].iter().any(|(a, b, _)| a == out && b == inn) {
            continue;
        }
        let mut terms = Vec::new();
        for (cells, sign) in [(inn, 1), (out, -1)] {
            for &c in cells {
                let cell = Cell::from_index(c, n);
                terms.extend((1..=n).map(|d| (b.var(cell, d), sign * d as i32)));
            }
        }
        count += 1;
        b.implied_row(format!("leftover{count}"), terms, Sense::Eq, *rhs as i32);
    }
}

fn check(grid: &Grid, cages: &[Cage], distinct: bool) -> Vec<Violation> {
    let n = grid.n();
    let mut out = Vec::new();
    for (i, cage) in cages.iter().enumerate() {
        let label = format!("cage {}", i + 1);
        if distinct {
            out.extend(duplicates(&Unit::Named(label.clone()), &cage.cells, grid));
        }
        let Some(s) = cage.sum else { continue };
        let filled: Vec<usize> = cage.cells.iter().map(|&c| grid.get(c)).filter(|&v| v != 0).collect();
        if filled.is_empty() {
            continue;
        }
        let total: usize = filled.iter().sum();
        let empty = cage.cells.len() - filled.len();
        let s = s as usize;
        if total + empty > s || total + empty * n < s {
            let message = if empty == 0 {
                format!("sums to {total}, expected {s}")
            } else {
                let cells = if empty == 1 { "cell" } else { "cells" };
                format!("its filled cells sum to {total}, which {empty} empty {cells} cannot bring to {s}")
            };
            out.push(Violation::Rule { rule: label, message, cells: cage.cells.clone() });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Model;
    use crate::puzzle::Puzzle;
    use crate::rules::testing::{agreement4, c};
    use crate::rules::Rule;

    fn digits(p: &[bool]) -> Vec<usize> {
        (1..p.len()).filter(|&d| p[d]).collect()
    }

    #[test]
    fn combinations_give_the_classic_digit_sets() {
        assert_eq!(digits(&possible_digits(9, 3, 7, true)), vec![1, 2, 4]);
        assert_eq!(digits(&possible_digits(9, 2, 3, true)), vec![1, 2]);
        assert_eq!(digits(&possible_digits(9, 2, 17, true)), vec![8, 9]);
        assert_eq!(digits(&possible_digits(9, 4, 10, true)), vec![1, 2, 3, 4]);
        assert_eq!(digits(&possible_digits(9, 2, 10, true)), vec![1, 2, 3, 4, 6, 7, 8, 9]);
        assert_eq!(digits(&possible_digits(9, 9, 45, true)), (1..=9).collect::<Vec<_>>());
        assert_eq!(digits(&possible_digits(9, 1, 5, true)), vec![5]);
        // Sum-only: 2 cells of 10 may be 5+5, but 2 cells of 3 still can't hold 3.
        assert_eq!(digits(&possible_digits(9, 2, 10, false)), (1..=9).collect::<Vec<_>>());
        assert_eq!(digits(&possible_digits(9, 2, 3, false)), vec![1, 2]);
        // Large sides stay exact (counts near C(64, 32)).
        assert_eq!(digits(&possible_digits(64, 32, 32 * 33 / 2, true)), (1..=32).collect::<Vec<_>>());
    }

    #[test]
    fn sum_ranges() {
        assert_eq!(sum_range(9, 3, true), Some((6, 24)));
        assert_eq!(sum_range(9, 9, true), Some((45, 45)));
        assert_eq!(sum_range(9, 10, true), None);
        assert_eq!(sum_range(9, 10, false), Some((10, 90)));
    }

    #[test]
    fn validation_names_the_place() {
        let cage = |cells: Vec<Cell>, sum| Cage { cells, sum };
        let e = validate(9, &[cage(vec![c(1, 1), c(1, 2)], Some(3)), cage(vec![c(2, 1), c(1, 2)], None)], true)
            .expect_err("overlap");
        assert_eq!(e.path, "cages[1].cells[1]");
        assert!(e.message.contains("already in cage 1"), "{e}");
        let e = validate(9, &[cage(vec![c(1, 1), c(1, 2)], Some(18))], true).expect_err("sum");
        assert_eq!(
            (e.path.as_str(), e.message.as_str()),
            ("cages[0].sum", "a cage of 2 cells with distinct digits of 1..9 sums to 3..17, not 18")
        );
        assert!(validate(9, &[cage(vec![c(1, 1), c(1, 2)], Some(18))], false).is_ok());
        let e = validate(9, &[cage(vec![c(1, 1), Cell::new(9, 0)], None)], true).expect_err("outside");
        assert_eq!(e.path, "cages[0].cells[1]");
        assert!(validate(9, &[cage(vec![], None)], true).is_err());
        assert!(validate(4, &[cage(vec![c(1, 1), c(1, 2), c(2, 1), c(2, 2), c(3, 1)], None)], true).is_err());
    }

    #[test]
    fn partial_sums_report_only_certain_breaks() {
        let cages = [Cage { cells: vec![c(1, 1), c(1, 2), c(1, 3)], sum: Some(6) }];
        let mut g = Grid::empty(9);
        g.set(c(1, 1), 4);
        assert!(check(&g, &cages, true).is_empty(), "4 + 1 + 1 = 6 is still reachable by bounds");
        g.set(c(1, 2), 2);
        let v = check(&g, &cages, true);
        assert_eq!(v.len(), 1);
        assert_eq!(
            v[0].to_string(),
            "cage 1: its filled cells sum to 6, which 1 empty cell cannot bring to 6 (r1c1, r1c2, r1c3)"
        );
        g.set(c(1, 3), 1);
        assert_eq!(check(&g, &cages, true)[0].to_string(), "cage 1: sums to 7, expected 6 (r1c1, r1c2, r1c3)");
    }

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        // Cages covering the grid, with sums of one valid grid, and a repeat-prone cage.
        let cage = |cells: Vec<Cell>, sum| Cage { cells, sum };
        let cages = vec![
            cage(vec![c(1, 1), c(2, 1)], Some(4)),
            cage(vec![c(1, 2), c(1, 3), c(2, 3)], Some(6)),
            cage(vec![c(3, 3), c(4, 4)], None),
            cage(vec![c(4, 1), c(4, 2), c(3, 2)], Some(8)),
        ];
        for distinct in [true, false] {
            let (yes, no) = agreement4(Rule::Killer(crate::rules::Killer { cages: cages.clone(), distinct }));
            assert!(yes > 0 && no > 0, "{distinct}: {yes} {no}");
        }
    }

    /// The leftover rows: a cage of three cells in the top row leaves its fourth cell the
    /// rest of the row's 10; a cage of two in the first column plus one outie below. Each must
    /// hold on every valid grid whose cages hold (the agreement), and say what a setter says.
    #[test]
    fn leftovers_are_the_houses_minus_the_cages() {
        let cages = vec![
            Cage { cells: vec![c(1, 1), c(1, 2), c(1, 3)], sum: Some(6) },
            Cage { cells: vec![c(2, 1), c(3, 1), c(3, 2)], sum: Some(9) },
        ];
        let rule = Rule::Killer(crate::rules::Killer { cages: cages.clone(), distinct: true });
        let (yes, no) = agreement4(rule.clone());
        assert!(yes > 0 && no > 0, "{yes} {no}");
        let puzzle = Puzzle::blank(Geometry::new(4, None).unwrap()).with_rule(rule);
        let model = Model::build(&puzzle);
        let leftovers: Vec<_> = model.rows().iter().filter(|r| r.name.contains("leftover")).collect();
        let sorted = |t: &[(u32, i32)]| {
            let mut t = t.to_vec();
            t.sort_unstable();
            t
        };
        // r1c4 = 10 − 6 = 4: the row over r1c4's digits alone.
        let r1c4: Vec<(u32, i32)> = (1..=4).map(|d| (model.var(c(1, 4), d), d as i32)).collect();
        assert!(
            leftovers.iter().any(|r| sorted(&r.terms) == sorted(&r1c4) && r.sense == Sense::Eq && r.rhs == 4),
            "{:?}",
            leftovers.iter().map(|r| (&r.name, &r.terms, r.rhs)).collect::<Vec<_>>()
        );
        // Column 1 takes the second cage (2 of its 3 cells), whose r3c2 lies outside (an
        // outie), and leaves r1c1 and r4c1 (innies): r1c1 + r4c1 − r3c2 = 10 − 9.
        let col1: Vec<(u32, i32)> = [(c(1, 1), 1), (c(4, 1), 1), (c(3, 2), -1)]
            .iter()
            .flat_map(|&(cell, sign)| (1..=4).map(move |d| (cell, d, sign)))
            .map(|(cell, d, sign)| (model.var(cell, d), sign * d as i32))
            .collect();
        assert!(
            leftovers.iter().any(|r| sorted(&r.terms) == sorted(&col1) && r.rhs == 1),
            "{:?}",
            leftovers.iter().map(|r| (&r.name, &r.terms, r.rhs)).collect::<Vec<_>>()
        );
    }

    #[test]
    fn innies_and_outies_are_kept_only_when_short() {
        // Box 9 of a 9×9: a cage r8c8 r8c9 r9c8 and a cage r9c9. Row 8 takes the first (two
        // of its three cells) and leaves seven innies r8c1..r8c7 against the outie r9c8:
        // eight cells, too long to narrow much, left out. Box 9 holds both cages whole and
        // leaves its five other cells, one-sided: kept.
        let cages = vec![
            Cage { cells: vec![c(8, 8), c(8, 9), c(9, 8)], sum: Some(24) },
            Cage { cells: vec![c(9, 9)], sum: Some(1) },
        ];
        let rule = Rule::Killer(crate::rules::Killer { cages, distinct: true });
        let model = Model::build(&Puzzle::blank(Geometry::new(9, None).unwrap()).with_rule(rule));
        // Each leftover row as its cells' digit-1 variables, with the sign they take.
        let leftovers: Vec<Vec<(u32, i32)>> = model
            .rows()
            .iter()
            .filter(|r| r.name.contains("leftover"))
            .map(|r| {
                let mut cells: Vec<(u32, i32)> = r.terms.iter().filter(|&&(_, a)| a.abs() == 1).copied().collect();
                cells.sort_unstable();
                cells
            })
            .collect();
        for cells in &leftovers {
            let outies = cells.iter().filter(|&&(_, a)| a < 0).count();
            assert!(outies == 0 || cells.len() <= 4, "{cells:?}");
        }
        let mut box9_rest: Vec<(u32, i32)> =
            [(7, 7), (7, 8), (7, 9), (8, 7), (9, 7)].iter().map(|&(r, k)| (model.var(c(r, k), 1), 1)).collect();
        box9_rest.sort_unstable();
        assert!(leftovers.contains(&box9_rest), "{leftovers:?}");
    }

    /// Row 1 from the top leaves r1c4 in and r2c3 out (r1c4 − r2c3 = 3); rows 2–4 from the
    /// bottom leave the same two cells the other way round (r2c3 − r1c4 = −3): one row, kept
    /// once (read twice, it only costs the engine).
    #[test]
    fn a_leftover_row_seen_from_both_sides_is_kept_once() {
        // 1 2 3 4 / 3 4 1 2 / 2 1 4 3 / 4 3 2 1, tiled by six cages with their totals.
        let cage = |cells: &[(usize, usize)], sum| Cage { cells: cells.iter().map(|&(r, k)| c(r, k)).collect(), sum: Some(sum) };
        let cages = vec![
            cage(&[(1, 1), (1, 2), (1, 3), (2, 3)], 7),
            cage(&[(1, 4), (2, 4), (3, 4)], 9),
            cage(&[(2, 1), (2, 2)], 7),
            cage(&[(3, 1), (3, 2), (3, 3)], 7),
            cage(&[(4, 1), (4, 2)], 7),
            cage(&[(4, 3), (4, 4)], 3),
        ];
        let rule = Rule::Killer(crate::rules::Killer { cages, distinct: true });
        let model = Model::build(&Puzzle::blank(Geometry::new(4, None).unwrap()).with_rule(rule));
        let leftovers: Vec<_> = model.rows().iter().filter(|r| r.name.contains("leftover")).collect();
        let sorted = |t: &[(u32, i32)], sign: i32| {
            let mut t: Vec<(u32, i32)> = t.iter().map(|&(v, a)| (v, sign * a)).collect();
            t.sort_unstable();
            t
        };
        let r1c4_minus_r2c3: Vec<(u32, i32)> =
            (1..=4).flat_map(|d| [(model.var(c(1, 4), d), d as i32), (model.var(c(2, 3), d), -(d as i32))]).collect();
        let same = |r: &&&crate::model::Row, sign: i32| sorted(&r.terms, sign) == sorted(&r1c4_minus_r2c3, 1) && r.rhs == sign * 3;
        let found = leftovers.iter().filter(|r| same(r, 1) || same(r, -1)).count();
        assert_eq!(found, 1, "{:?}", leftovers.iter().map(|r| (&r.name, &r.terms, r.rhs)).collect::<Vec<_>>());
        for (i, a) in leftovers.iter().enumerate() {
            for b in &leftovers[..i] {
                assert!(sorted(&a.terms, 1) != sorted(&b.terms, -1) || a.rhs != -b.rhs, "{} is {} negated", a.name, b.name);
            }
        }
    }
}

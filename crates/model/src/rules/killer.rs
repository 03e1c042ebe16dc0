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
        b.row(format!("{name}_sum"), terms, Sense::Eq, s as i32);
        let possible = possible_digits(n, cage.cells.len(), s, distinct);
        for &c in &cage.cells {
            for d in (1..=n).filter(|&d| !possible[d]) {
                b.exclude(c, d, &name);
            }
        }
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
}

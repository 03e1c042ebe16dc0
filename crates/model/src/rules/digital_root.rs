//! Digital-root cages: the digits of a cage do not repeat and their sum has the cage's digital
//! root (repeatedly adding the decimal digits of the sum ends at the root: a cage of root 5
//! sums to 5, 14, 23, …). f-puzzles writes them as a cosmetic `cage` whose value is `DR<n>`.
//!
//! For cage `i` with cells `C` (`k = |C|`) and root `r`, the totals `S` are the sums of `k`
//! distinct digits with digital root `r`; one auxiliary binary `y_s` a total, exactly one
//! chosen:
//!
//! ```text
//!   dr{i}_d{d}   :  Σ_{c ∈ C} x[c, d] <= 1                             (|C| > 1)
//!   dr{i}_total  :  Σ_{s ∈ S} y_s = 1                                  (|S| > 1)
//!   dr{i}_sum    :  Σ_{c ∈ C} Σ_d d·x[c, d] − Σ_{s ∈ S} s·y_s = 0      (= s with one total)
//!   x[c, d] = 0  for every digit d in no way of writing any s ∈ S as k distinct digits
//! ```
//!
//! Why it propagates: the `y_s` form an exactly-one row, so the native engine bounds them as
//! one group of the sum row, like a cell's digits (`linear.rs`): the cells' bounds strike the
//! totals they cannot reach and the live totals bound the cells; branching on the total row
//! turns the cage into a plain killer cage whose sum row then propagates by combinations. The
//! fixings are what a setter reads off the totals at once (root 1 in two cells: 10 only, so
//! no 5 — 5 + 5 repeats).

use serde_json::{Map, Value};

use crate::check::{duplicates, Unit, Violation};
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::model::Sense;

use super::fields::cells_json;
use super::killer::{possible_digits, sum_range};
use super::{check_cells, Emit, Fields, Mark, RuleError, RuleKind};

/// Digital-root cages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DigitalRoot {
    /// The cages, numbered from 1 in the order given.
    pub cages: Vec<RootCage>,
}

/// One digital-root cage.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RootCage {
    /// The cells, in the order given.
    pub cells: Vec<Cell>,
    /// The digital root of the cage's sum, 1 to 9.
    pub root: u32,
}

/// The digital root of a positive whole number: `1 + (s − 1) mod 9`.
fn digital_root_of(s: usize) -> u32 {
    // By the digits, as the rule says it, not by the formula the rows use.
    let mut s = s;
    while s >= 10 {
        let mut t = 0;
        while s > 0 {
            t += s % 10;
            s /= 10;
        }
        s = t;
    }
    s as u32
}

/// The totals a cage of `k` distinct digits of `1..=n` can have with digital root `root`.
fn totals(n: usize, k: usize, root: u32) -> Vec<u32> {
    let Some((lo, hi)) = sum_range(n, k, true) else { return Vec::new() };
    (lo.max(1)..=hi).filter(|s| (s - 1) % 9 + 1 == root).collect()
}

impl RuleKind for DigitalRoot {
    const FPUZZLES_KEYS: &'static [&'static str] = &["cage"];

    /// A `cage` is drawing only, unless its value is `DR<n>`: a digital-root cage.
    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let mut cages = Vec::new();
        for entry in f.entries("cage")? {
            let Some(serde_json::Value::String(s)) = entry.1.get("value") else { continue };
            let t = s.trim();
            let Some(digits) = t.get(..2).filter(|p| p.eq_ignore_ascii_case("DR")).map(|_| &t[2..]) else { continue };
            let root = digits.trim().parse::<u32>().map_err(|_| {
                crate::json_read::err(
                    &format!("{}.value", entry.0),
                    format!("expected a digital root like \"DR5\" (DR and a digit 1 to 9), found {s:?}"),
                )
            })?;
            let cells = f.cells_of(&entry, "cells", "the cage's cells")?;
            cages.push(RootCage { cells, root });
        }
        Ok((!cages.is_empty()).then_some(DigitalRoot { cages }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        for cage in &self.cages {
            let entry = serde_json::json!({"cells": super::fpuzzles::rcs(&cage.cells), "value": format!("DR{}", cage.root)});
            f.push("cage", entry);
        }
        Ok(())
    }

    const NAME: &'static str = "digital-root";
    const ALIASES: &'static [&'static str] = &["digital-root-cage", "digital-root-cages", "dr-cage"];
    const SUMMARY: &'static str =
        "the digits of a cage do not repeat and their sum has the cage's digital root (root 5: 5, 14, 23…)";

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        let shape = ("a cage", "{\"cells\": [...], \"root\": 5}");
        let cages = f.objects("cages", "a list of cages", shape, |c| {
            let cells = c.required_cells("cells", "the cage's cells")?;
            let root = c.uint("root", "the digital root, 1 to 9")?.ok_or_else(|| {
                c.error("root", "expected a \"root\" key (the digital root of the cage's sum, 1 to 9)")
            })?;
            let root = u32::try_from(root).map_err(|_| c.error("root", "root too large"))?;
            Ok(RootCage { cells, root })
        })?;
        Ok(DigitalRoot { cages })
    }

    fn write(&self, out: &mut Map<String, Value>) {
        let list = self
            .cages
            .iter()
            .map(|c| {
                let mut o = Map::new();
                o.insert("cells".into(), cells_json(&c.cells));
                o.insert("root".into(), c.root.into());
                Value::Object(o)
            })
            .collect();
        out.insert("cages".into(), Value::Array(list));
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        let n = geometry.n();
        let mut owner = vec![usize::MAX; n * n];
        for (i, cage) in self.cages.iter().enumerate() {
            let path = format!("cages[{i}]");
            if cage.cells.is_empty() {
                return Err(RuleError::new(format!("{path}.cells"), "a cage needs at least one cell"));
            }
            check_cells(n, &cage.cells, |j| format!("{path}.cells[{j}]"))?;
            for (j, &c) in cage.cells.iter().enumerate() {
                let at = c.index(n);
                if owner[at] != usize::MAX {
                    return Err(RuleError::new(
                        format!("{path}.cells[{j}]"),
                        format!("{c} is already in cage {}; digital-root cages cannot overlap", owner[at] + 1),
                    ));
                }
                owner[at] = i;
            }
            if !(1..=9).contains(&cage.root) {
                return Err(RuleError::new(
                    format!("{path}.root"),
                    format!("a digital root is 1 to 9, not {}", cage.root),
                ));
            }
            let k = cage.cells.len();
            if k > n {
                return Err(RuleError::new(
                    format!("{path}.cells"),
                    format!("a cage of {} cannot hold {k} distinct digits of 1..{n}", crate::plural(k, "cell")),
                ));
            }
            if totals(n, k, cage.root).is_empty() {
                return Err(RuleError::new(
                    format!("{path}.root"),
                    format!("no sum of {k} distinct digits of 1..{n} has digital root {}", cage.root),
                ));
            }
        }
        Ok(())
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        let n = b.n();
        for (i, cage) in self.cages.iter().enumerate() {
            let name = format!("dr{}", i + 1);
            b.clue(format!("the digital root cage {}", super::cells_text(&cage.cells)), cage.cells.iter().copied());
            let k = cage.cells.len();
            if k > 1 {
                b.at_most_once(&name, &cage.cells);
            }
            let sums = totals(n, k, cage.root);
            let mut terms: Vec<(u32, i32)> = cage
                .cells
                .iter()
                .flat_map(|&c| (1..=n).map(move |d| (c, d)))
                .map(|(c, d)| (b.var(c, d), d as i32))
                .collect();
            let mut possible = vec![false; n + 1];
            for &s in &sums {
                for (d, p) in possible_digits(n, k, s, true).into_iter().enumerate() {
                    possible[d] |= p;
                }
            }
            if let [s] = sums[..] {
                b.row(format_args!("{name}_sum"), terms, Sense::Eq, s as i32);
            } else {
                let ys: Vec<(u32, u32)> = sums.iter().map(|&s| (s, b.aux(format!("{name}_s{s}")))).collect();
                b.row(format_args!("{name}_total"), ys.iter().map(|&(_, y)| (y, 1)).collect(), Sense::Eq, 1);
                terms.extend(ys.iter().map(|&(s, y)| (y, -(s as i32))));
                b.row(format_args!("{name}_sum"), terms, Sense::Eq, 0);
            }
            for &c in &cage.cells {
                for d in (1..=n).filter(|&d| !possible[d]) {
                    b.exclude(c, d, &name);
                }
            }
        }
    }

    fn check(&self, _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        let n = grid.n();
        let mut out = Vec::new();
        for (i, cage) in self.cages.iter().enumerate() {
            let label = format!("digital-root cage {}", i + 1);
            out.extend(duplicates(&Unit::Named(label.clone()), &cage.cells, grid));
            let filled: Vec<usize> = cage.cells.iter().map(|&c| grid.get(c)).filter(|&v| v != 0).collect();
            if filled.is_empty() {
                continue;
            }
            let total: usize = filled.iter().sum();
            let empty = cage.cells.len() - filled.len();
            // Some total within reach of the empty cells must have the root.
            let reachable = (total + empty..=total + empty * n).any(|s| digital_root_of(s) == cage.root);
            if !reachable {
                let message = if empty == 0 {
                    format!("sums to {total}, whose digital root is {}, not {}", digital_root_of(total), cage.root)
                } else {
                    format!("its filled cells sum to {total}; no total its {empty} empty cells can bring has digital root {}", cage.root)
                };
                out.push(Violation::Rule { rule: label, message, cells: cage.cells.clone() });
            }
        }
        out
    }

    fn draw(&self, _geometry: &Geometry) -> Vec<Mark> {
        self.cages.iter().map(|c| Mark::Cage { cells: c.cells.clone(), label: Some(format!("DR{}", c.root)) }).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{agreement4, c};
    use crate::{Model, Puzzle};

    #[test]
    fn digital_roots_by_the_digits() {
        assert_eq!([1, 9, 10, 18, 19, 45, 99, 100].map(digital_root_of), [1, 9, 1, 9, 1, 9, 9, 1]);
        for s in 1..500 {
            assert_eq!(digital_root_of(s), (s as u32 - 1) % 9 + 1, "{s}");
        }
        // Two cells of 1..9 sum to 3..17: root 1 is 10 alone, root 3 is 3 and 12.
        assert_eq!(totals(9, 2, 1), vec![10]);
        assert_eq!(totals(9, 2, 3), vec![3, 12]);
        assert_eq!(totals(9, 9, 9), vec![45]);
        assert!(totals(9, 9, 8).is_empty());
    }

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        let cage = |cells: Vec<Cell>, root| RootCage { cells, root };
        for cages in [
            vec![cage(vec![c(1, 1), c(2, 1)], 4), cage(vec![c(1, 2), c(1, 3), c(2, 3)], 8)],
            vec![cage(vec![c(3, 3), c(4, 4)], 7), cage(vec![c(4, 1), c(4, 2), c(3, 2)], 9)],
            vec![cage(vec![c(2, 2)], 3)],
        ] {
            let (yes, no) = agreement4(DigitalRoot { cages }.into());
            assert!(yes > 0 && no > 0, "{yes} {no}");
        }
    }

    #[test]
    fn one_total_is_a_plain_sum_and_several_get_a_binary_each() {
        let nine = Geometry::new(9, None).expect("9x9");
        let build = |cells: Vec<Cell>, root| {
            Model::build(&Puzzle::blank(nine.clone()).with_rule(DigitalRoot { cages: vec![RootCage { cells, root }] }))
        };
        let m = build(vec![c(1, 1), c(1, 2)], 1);
        let sum = m.rows().iter().find(|r| r.name == "dr1_sum").expect("sum row");
        assert_eq!(sum.rhs, 10);
        assert!(m.rows().iter().all(|r| r.name != "dr1_total"));
        // 10 = 1+9, 2+8, 3+7, 4+6: no 5.
        for cell in [c(1, 1), c(1, 2)] {
            assert_eq!(m.fixed()[m.var(cell, 5) as usize], Some(false));
            assert_eq!(m.fixed()[m.var(cell, 4) as usize], None);
        }
        let m = build(vec![c(1, 1), c(1, 2), c(1, 3)], 6);
        let total = m.rows().iter().find(|r| r.name == "dr1_total").expect("total row");
        assert_eq!(total.terms.len(), 3, "6, 15 and 24 from 6..24");
    }

    #[test]
    fn the_checker_and_validation_name_the_cage() {
        let g = Geometry::new(9, None).expect("9x9");
        let rule = DigitalRoot { cages: vec![RootCage { cells: vec![c(1, 1), c(1, 2), c(1, 3)], root: 5 }] };
        let mut grid = Grid::empty(9);
        grid.set(c(1, 1), 9);
        grid.set(c(1, 2), 8);
        assert!(rule.check(&g, &grid).is_empty(), "17 + 6 = 23 is still reachable");
        grid.set(c(1, 3), 7);
        assert_eq!(
            rule.check(&g, &grid)[0].to_string(),
            "digital-root cage 1: sums to 24, whose digital root is 6, not 5 (r1c1, r1c2, r1c3)"
        );
        let bad = |root| DigitalRoot { cages: vec![RootCage { cells: vec![c(1, 1)], root }] }.validate(&g);
        assert_eq!(bad(0).expect_err("0").path, "cages[0].root");
        assert_eq!(bad(10).expect_err("10").to_string(), "cages[0].root: a digital root is 1 to 9, not 10");
        let nine_cells: Vec<Cell> = (1..=9).map(|k| c(1, k)).collect();
        let e = DigitalRoot { cages: vec![RootCage { cells: nine_cells, root: 3 }] }.validate(&g).expect_err("45");
        assert_eq!(e.to_string(), "cages[0].root: no sum of 9 distinct digits of 1..9 has digital root 3");
        let overlap = DigitalRoot {
            cages: vec![
                RootCage { cells: vec![c(1, 1), c(1, 2)], root: 3 },
                RootCage { cells: vec![c(1, 2), c(1, 3)], root: 3 },
            ],
        };
        assert_eq!(overlap.validate(&g).expect_err("overlap").path, "cages[1].cells[0]");
    }
}

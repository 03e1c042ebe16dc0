//! Set logic over several sums at once: the sums the model adds up (`combined_sum` rows, see
//! `sudoku_ip_model`'s `combined.rs`), bounded house by house.
//!
//! Three parallel little killers 22, 28 and 26 say little one by one. Together they cover 24
//! cells: six in each of boxes 1, 5 and 9 and three in each of boxes 4 and 8. Cells of one box
//! hold distinct digits, so each six holds at least 1 + … + 6 = 21 and each three at least 6:
//! 75 in all, against a total of 76. One unit is left, so no cell of box 1's six can be 8 (that
//! six would hold at least 23). A person reads it so; the step says which clues, which houses
//! and the bounds.
//!
//! ```text
//!  set sum over groups G (a house's cells, or one cell), total s
//!  group g:  the placed digits P, the open cells' candidates U (less P), k open cells
//!            lo_g = ΣP + the k smallest of U        hi_g = ΣP + the k largest of U
//!  a candidate d of an open cell of g goes when g with that cell placed at d leaves the
//!  total out of reach: Σ lo − lo_g + lo_g(d) > s, or Σ hi − hi_g + hi_g(d) < s
//!  (or g's other open cells have fewer candidates than cells).
//! ```

use sudoku_ip_model::{Model, RowKind};

use super::arithmetic::CellRow;
use super::logic::House;
use super::step::{cell_list, Step};
use super::{Logic, Technique};

/// A sum the model adds up from several clues, in groups of cells that see each other.
pub(super) struct SetSum {
    /// Cells in groups whose digits differ (a house's cells, or one cell), with the house's
    /// name (empty for a lone cell).
    groups: Vec<(Vec<u32>, String)>,
    rhs: i64,
    /// The clues it adds up, for people.
    label: String,
    /// Its cells as a row, to show the step's pattern.
    row: CellRow,
}

impl Logic {
    /// The model's combined sums, grouped by the houses that hold most of their cells.
    pub(super) fn set_sums_of(model: &Model, houses: &[House]) -> Vec<SetSum> {
        let n = model.n();
        let mut out = Vec::new();
        for row in model.rows().iter().filter(|r| r.kind == RowKind::Implied("combined")) {
            let Some(cells) = row.summed_cells(n) else { continue };
            let cells: Vec<u32> = cells.into_iter().map(|c| c as u32).collect();
            // The clues whose sums lie inside it: what it adds up.
            let inside = |r: &sudoku_ip_model::Row| {
                r.summed_cells(n).is_some_and(|cs| cs.iter().all(|&c| cells.binary_search(&(c as u32)).is_ok()))
            };
            let clues: Vec<&str> = model
                .clues()
                .iter()
                .filter(|c| c.rows.clone().any(|r| inside(&model.rows()[r as usize])))
                .map(|c| c.label.as_str())
                .collect();
            if clues.len() < 2 {
                continue;
            }
            let mut left = cells.clone();
            let mut groups = Vec::new();
            while !left.is_empty() {
                let best = houses
                    .iter()
                    .map(|h| (h.cells.iter().filter(|c| left.binary_search(c).is_ok()).count(), h))
                    .filter(|&(k, _)| k >= 2)
                    .max_by_key(|&(k, h)| (k, std::cmp::Reverse(&h.cells)));
                let Some((_, house)) = best else {
                    groups.extend(left.drain(..).map(|c| (vec![c], String::new())));
                    break;
                };
                let group: Vec<u32> = left.iter().copied().filter(|c| house.cells.contains(c)).collect();
                left.retain(|c| !group.contains(c));
                groups.push((group, house.label.trim_end().to_string()));
            }
            let digit_coefs: Vec<i64> = (1..=n as i64).collect();
            out.push(SetSum {
                groups,
                rhs: row.rhs as i64,
                label: join(&clues),
                row: CellRow {
                    cells: cells.iter().map(|&k| (k, digit_coefs.clone())).collect(),
                    sense: row.sense,
                    rhs: row.rhs as i64,
                    free: (0, 0),
                    aux: Vec::new(),
                    label: String::new(),
                    in_clue: false,
                    paired: false,
                },
            });
        }
        out
    }

    /// The bounds of a group of cells whose digits differ, with cell `at` placed at `digit`
    /// when given; `None` when its open cells have fewer candidates than cells (or `digit` is
    /// placed in it already).
    fn group_bounds(&self, cells: &[u32], at: Option<(u32, u8)>) -> Option<(i64, i64)> {
        let (mut sum, mut placed, mut open, mut union) = (0i64, 0u64, 0u32, 0u64);
        for &c in cells {
            let k = c as usize;
            let d = match at {
                Some((cell, d)) if cell == c => d,
                _ => self.value[k],
            };
            if d != 0 {
                if placed & 1 << (d - 1) != 0 {
                    return None;
                }
                placed |= 1 << (d - 1);
                sum += d as i64;
            } else {
                open += 1;
                union |= self.cand[k];
            }
        }
        union &= !placed;
        if union.count_ones() < open {
            return None;
        }
        let (mut lo, mut hi, mut bits) = (sum, sum, union);
        for _ in 0..open {
            lo += bits.trailing_zeros() as i64 + 1;
            bits &= bits - 1;
        }
        let mut bits = union;
        for _ in 0..open {
            let top = 63 - bits.leading_zeros();
            hi += top as i64 + 1;
            bits &= !(1u64 << top);
        }
        Some((lo, hi))
    }

    /// One combined sum, bounded house by house, rules candidates out.
    pub(super) fn set_sums_step(&mut self) -> Option<Step> {
        for s in 0..self.set_sums.len() {
            let set = &self.set_sums[s];
            let Some(bounds) = set.groups.iter().map(|(g, _)| self.group_bounds(g, None)).collect::<Option<Vec<_>>>()
            else {
                continue; // a contradiction other techniques find and explain
            };
            let (lo, hi) = bounds.iter().fold((0, 0), |(lo, hi), &(l, h)| (lo + l, hi + h));
            let mut removed = Vec::new();
            for ((group, _), &(glo, ghi)) in set.groups.iter().zip(&bounds) {
                for &c in group.iter().filter(|&&c| self.value[c as usize] == 0) {
                    for d in (1..=self.n as u8).filter(|&d| self.cand[c as usize] & 1 << (d - 1) != 0) {
                        let out = match self.group_bounds(group, Some((c, d))) {
                            None => true,
                            Some((l, h)) => lo - glo + l > set.rhs || hi - ghi + h < set.rhs,
                        };
                        if out {
                            removed.push((c as usize, d));
                        }
                    }
                }
            }
            let text = |l: &Self| {
                let set = &l.set_sums[s];
                let houses: Vec<String> = set
                    .groups
                    .iter()
                    .filter(|(g, _)| g.len() >= 2)
                    .map(|(g, name)| format!("{name} ({})", cell_list(g.iter().map(|&k| l.cell(k as usize)))))
                    .collect();
                let lone = set.groups.iter().filter(|(g, _)| g.len() == 1).count();
                format!(
                    "Set sums: {} add up to {} over {} cells, and the digits differ within {}{}: together those \
                     hold between {lo} and {hi}",
                    set.label,
                    set.rhs,
                    set.row.cells.len(),
                    join(&houses.iter().map(String::as_str).collect::<Vec<_>>()),
                    match lone {
                        0 => String::new(),
                        1 => " (and one cell alone)".to_string(),
                        k => format!(" (and {k} cells alone)"),
                    },
                )
            };
            if let Some(step) = self.removal_step(Some(removed), Technique::SetSums, text) {
                return Some(self.row_pattern(step, &self.set_sums[s].row));
            }
        }
        None
    }
}

/// "a", "a and b", "a, b and c".
fn join(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

//! The 45 rule: innies and outies of one or two houses against the cages.

use std::collections::BTreeMap;

use sudoku_ip_model::Sense;

use super::step::{cell_list, Step};
use super::{CellRow, Logic, Technique};

/// Most cells in a row the 45 rule derives.
const MAX_DERIVED: usize = 4;

impl Logic {
    /// The 45 rule's rows. A union of one or two disjoint full houses (`m` of them) holds each
    /// digit `m` times, so its digits sum to `m·n(n+1)/2`. Cages ("Σ digits = s" rows over
    /// disjoint cells) inside it leave the other cells (innies) that sum; when the cages that
    /// meet it cover it, the cells they have outside it (outies) sum to their totals less
    /// that. Only rows of at most [`MAX_DERIVED`] cells are kept: those are the useful ones.
    pub(super) fn derived_rows(&self) -> Vec<CellRow> {
        let n = self.n;
        let cage_rows: Vec<&CellRow> = self
            .rows
            .iter()
            .filter(|r| {
                r.sense == Sense::Eq
                    && r.free == (0, 0)
                    && r.cells.iter().all(|(_, c)| c.iter().zip(1..).all(|(&a, d)| a == d))
            })
            .collect();
        let mut owner = vec![usize::MAX; n * n];
        for (i, row) in cage_rows.iter().enumerate() {
            for &(cell, _) in &row.cells {
                if std::mem::replace(&mut owner[cell as usize], i) != usize::MAX {
                    return Vec::new(); // overlapping sums: not cages
                }
            }
        }
        if cage_rows.is_empty() {
            return Vec::new();
        }
        let full: Vec<(&Vec<u32>, &str)> =
            self.houses.iter().filter(|h| h.full).map(|h| (&h.cells, h.label.as_str())).collect();
        let mut regions: Vec<(Vec<u32>, i64, String)> =
            full.iter().map(|(h, name)| ((*h).clone(), 1, name.to_string())).collect();
        for (i, (a, an)) in full.iter().enumerate() {
            for (b, bn) in &full[i + 1..] {
                if a.iter().all(|k| !b.contains(k)) {
                    let mut both: Vec<u32> = a.iter().chain(b.iter()).copied().collect();
                    both.sort_unstable();
                    regions.push((both, 2, format!("{an} and {bn}")));
                }
            }
        }
        let house_total = (n * (n + 1) / 2) as i64;
        let mut found: BTreeMap<Vec<u32>, (i64, String)> = BTreeMap::new();
        for (region, m, name) in regions {
            let inside = |cell: u32| region.binary_search(&cell).is_ok();
            let mut touching: Vec<usize> =
                region.iter().map(|&k| owner[k as usize]).filter(|&o| o != usize::MAX).collect();
            touching.sort_unstable();
            touching.dedup();
            let (mut inner_sum, mut all_sum) = (0i64, 0i64);
            let mut covered = vec![false; n * n];
            let mut outies: Vec<u32> = Vec::new();
            for &c in &touching {
                let row = cage_rows[c];
                all_sum += row.rhs;
                if row.cells.iter().all(|&(k, _)| inside(k)) {
                    inner_sum += row.rhs;
                    for &(k, _) in &row.cells {
                        covered[k as usize] = true;
                    }
                } else {
                    outies.extend(row.cells.iter().map(|&(k, _)| k).filter(|&k| !inside(k)));
                }
            }
            let total = m * house_total;
            let innies: Vec<u32> = region.iter().copied().filter(|&k| !covered[k as usize]).collect();
            if (1..=MAX_DERIVED).contains(&innies.len()) {
                let why = format!(
                    "{name} {} to {total} and the cages inside {} to {inner_sum}, so the cells left (innies)",
                    if m == 1 { "sums" } else { "sum" },
                    if m == 1 { "it" } else { "them" }
                );
                found.entry(innies).or_insert((total - inner_sum, why));
            }
            outies.sort_unstable();
            let cages_cover = region.iter().all(|&k| owner[k as usize] != usize::MAX);
            if cages_cover && (1..=MAX_DERIVED).contains(&outies.len()) {
                let why = format!(
                    "the cages that cover {name} total {all_sum}, {} more than its {total}, so the cells they have outside (outies)",
                    all_sum - total
                );
                found.entry(outies).or_insert((all_sum - total, why));
            }
        }
        let digit_coefs: Vec<i64> = (1..=n as i64).collect();
        found
            .into_iter()
            .filter(|(cells, _)| {
                !cage_rows
                    .iter()
                    .any(|r| r.cells.len() == cells.len() && r.cells.iter().all(|(k, _)| cells.contains(k)))
            })
            .map(|(cells, (rhs, why))| CellRow {
                in_clue: false,
                paired: false,
                cells: cells.into_iter().map(|k| (k, digit_coefs.clone())).collect(),
                sense: Sense::Eq,
                rhs,
                free: (0, 0),
                aux: Vec::new(),
                label: why,
            })
            .collect()
    }

    /// One row of the 45 rule, by its bounds and, when its cells see each other, its
    /// combinations.
    pub(super) fn innies_outies(&mut self) -> Option<Step> {
        for i in 0..self.derived.len() {
            let (row, sum) = &self.derived[i];
            let removed = match sum {
                None => Some(self.bounds_removals(row, &[])),
                Some(sum) => self.combination_removals(row, sum).map(|mut list| {
                    list.extend(self.bounds_removals(row, &[]));
                    list
                }),
            };
            let text = |s: &Self| {
                let (row, _) = &s.derived[i];
                let cells = row.cells.iter().map(|&(k, _)| s.cell(k as usize));
                let verb = if row.cells.len() == 1 { "is" } else { "sum to" };
                format!("Innies and outies: by the 45 rule, {}, {} {verb} {}", row.label, cell_list(cells), row.rhs)
            };
            if let Some(step) = self.removal_step(removed, Technique::InniesOuties, text) {
                return Some(self.row_pattern(step, &self.derived[i].0));
            }
            if self.broken {
                return None;
            }
        }
        None
    }
}

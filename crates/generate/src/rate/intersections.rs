//! Locked candidates (pointing and claiming), over any two units that meet.

use super::step::{cell_list, Step};
use super::{bit, is_region, Logic, SeRating, Technique};

impl Logic {
    /// An exactly-once unit whose candidates for its digit all lie in another unit: the rest
    /// of that unit loses the digit. Pointing (from a box, SE 2.6) before claiming (2.8).
    pub(super) fn locked_candidates(&mut self) -> Option<Step> {
        let mut cells: Vec<usize> = Vec::new();
        for pointing in [true, false] {
            for u in 0..self.units.len() {
                if self.done[u] || !self.units[u].exact || is_region(&self.units[u].label) != pointing {
                    continue;
                }
                let d = self.units[u].digit;
                if !self.in_scope(d) {
                    continue;
                }
                cells.clear();
                cells.extend(self.units[u].cells.iter().map(|&k| k as usize).filter(|&k| self.cand[k] & bit(d) != 0));
                if cells.len() < 2 {
                    continue;
                }
                let first = self.var(cells[0], d);
                for &h in &self.units_of[first] {
                    let h = h as usize;
                    if h == u || !cells.iter().all(|&k| self.units_of[self.var(k, d)].contains(&(h as u32))) {
                        continue;
                    }
                    let targets: Vec<usize> = self.units[h]
                        .cells
                        .iter()
                        .map(|&k| k as usize)
                        .filter(|k| self.cand[*k] & bit(d) != 0 && !cells.contains(k))
                        .collect();
                    if targets.is_empty() {
                        continue;
                    }
                    let (from, to) = (&self.units[u].label, &self.units[h].label);
                    let text = format!(
                        "Locked candidates ({}): in {from}, {d} lies only in {to} ({}), so {} cannot be {d}",
                        if pointing { "pointing" } else { "claiming" },
                        cell_list(cells.iter().map(|&k| self.cell(k))),
                        cell_list(targets.iter().map(|&k| self.cell(k))),
                    );
                    let mut step = Step::new(Technique::LockedCandidates, text)
                        .with_cells(self.units[u].cells.iter().map(|&k| self.cell(k as usize)))
                        .with_candidates(cells.iter().map(|&k| self.candidate(k, d)));
                    if pointing {
                        step.rating = SeRating(26);
                    }
                    step.eliminations = targets.iter().map(|&k| self.candidate(k, d)).collect();
                    return Some(step);
                }
            }
        }
        None
    }
}

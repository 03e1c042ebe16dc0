//! Locked candidates (pointing and claiming), over any two units that meet.

use sudoku_ip_model::RowKind;

use super::step::{cell_list, Step};
use super::{bit, is_region, Logic, SeRating, Technique};

impl Logic {
    /// An exactly-once unit whose candidates for its digit all lie in another unit: the rest
    /// of that unit loses the digit. Pointing (from a box, SE 2.6) before claiming (2.8).
    pub(super) fn locked_candidates(&mut self) -> Option<Step> {
        self.locked(false)
    }

    /// A locked candidates pattern whose eliminations leave its digit one place in another
    /// unit: that hidden single, placed (SE's direct pointing 1.7 and direct claiming 1.9).
    pub(super) fn direct_locked_candidates(&mut self) -> Option<Step> {
        self.locked(true)
    }

    /// Locked candidates, or with `direct` the hidden single they lead to.
    fn locked(&mut self, direct: bool) -> Option<Step> {
        let mut cells: Vec<usize> = Vec::new();
        for pointing in [true, false] {
            for u in 0..self.units.len() {
                if self.done[u] || !self.units[u].exact || is_region(self.units[u].kind) != pointing {
                    continue;
                }
                let d = self.units[u].digit;
                if !self.in_scope(d) {
                    continue;
                }
                cells.clear();
                cells.extend(self.units[u].cells.iter().map(|&k| k as usize).filter(|&k| self.cand[k] & bit(d) != 0));
                for (h, targets) in self.locked_in(u, &cells) {
                    let (from, to) = (&self.units[u].label, &self.units[h].label);
                    if direct {
                        let Some((single, unit)) = self.single_after(d, &targets, self.units[u].kind) else {
                            continue;
                        };
                        let text = format!(
                            "Direct {}: in {from}, {d} lies only in {to} ({}), so {} cannot be {d}, and {d} fits only in {} in {}",
                            if pointing { "pointing" } else { "claiming" },
                            cell_list(cells.iter().map(|&k| self.cell(k))),
                            cell_list(targets.iter().map(|&k| self.cell(k))),
                            self.cell(single),
                            self.units[unit].label,
                        );
                        let mut step = Step::new(Technique::DirectLockedCandidates, text)
                            .with_cells(self.units[u].cells.iter().map(|&k| self.cell(k as usize)))
                            .with_candidates(cells.iter().map(|&k| self.candidate(k, d)));
                        if pointing {
                            step.rating = SeRating(17);
                        }
                        step.placements = vec![self.candidate(single, d)];
                        return Some(step);
                    }
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

    /// The units `h` other than `u` that hold all of `cells` (the places of `u`'s digit, two or
    /// more) and other places for it: each with those places, which lose the digit.
    pub(super) fn locked_in(&self, u: usize, cells: &[usize]) -> Vec<(usize, Vec<usize>)> {
        let d = self.units[u].digit;
        let Some(&first) = cells.first().filter(|_| cells.len() >= 2) else { return Vec::new() };
        let mut out = Vec::new();
        for &h in &self.units_of[self.var(first, d)] {
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
            if !targets.is_empty() {
                out.push((h, targets));
            }
        }
        out
    }

    /// With `d` removed from `gone`, an exactly-once unit of `d` of the same kind as `like` (a
    /// box after a pointing, a row after a row's claiming, as SE looks) left with one place
    /// for it: the cell and the unit.
    pub(super) fn single_after(&self, d: u8, gone: &[usize], like: RowKind) -> Option<(usize, usize)> {
        for &k in gone {
            for &u in &self.units_of[self.var(k, d)] {
                let u = u as usize;
                let same = std::mem::discriminant(&self.units[u].kind) == std::mem::discriminant(&like);
                if self.done[u] || !self.units[u].exact || !same {
                    continue;
                }
                let mut left = self.units[u]
                    .cells
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| self.cand[c] & bit(d) != 0 && !gone.contains(&c));
                if let (Some(single), None) = (left.next(), left.next()) {
                    return Some((single, u));
                }
            }
        }
        None
    }
}

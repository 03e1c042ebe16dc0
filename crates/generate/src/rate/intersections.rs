//! Locked candidates (pointing and claiming), over any two units that meet.

use super::{bit, Logic, Technique};

impl Logic {
    pub(super) fn locked_candidates(&mut self) -> bool {
        for u in 0..self.units.len() {
            if self.done[u] || !self.units[u].exact {
                continue;
            }
            let d = self.units[u].digit;
            let cells: Vec<usize> =
                self.units[u].cells.iter().map(|&k| k as usize).filter(|&k| self.cand[k] & bit(d) != 0).collect();
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
                if !targets.is_empty() {
                    for k in targets {
                        self.cand[k] &= !bit(d);
                    }
                    self.count(Technique::LockedCandidates);
                    return true;
                }
            }
        }
        false
    }
}

//! Forcing chains, the last logical resort before search: assume a candidate, propagate
//! singles (naked and hidden, over every unit and at-most-one row of the model, so across
//! variants); if that reaches a contradiction, the candidate goes. SE calls this a dynamic
//! forcing chain (contradiction).

use super::step::Step;
use super::{bit, digits, Logic, Technique};

impl Logic {
    /// Singles until nothing changes; `Err` names the contradiction reached.
    fn propagate_singles(&mut self) -> Result<usize, String> {
        let mut placed = 0;
        loop {
            if self.broken {
                return Err("two singles clash".into());
            }
            let mut progress = false;
            for k in 0..self.cand.len() {
                if self.value[k] != 0 {
                    continue;
                }
                let c = self.cand[k];
                if c == 0 {
                    return Err(format!("{} would have no candidate", self.cell(k)));
                }
                if c & (c - 1) == 0 {
                    self.place(k, c.trailing_zeros() as u8 + 1);
                    placed += 1;
                    progress = true;
                }
            }
            for u in 0..self.units.len() {
                if self.done[u] || !self.units[u].exact {
                    continue;
                }
                let d = self.units[u].digit;
                let mut holders =
                    self.units[u].cells.iter().map(|&k| k as usize).filter(|&k| self.cand[k] & bit(d) != 0);
                match (holders.next(), holders.next()) {
                    (None, _) => return Err(format!("{d} would have no place in {}", self.units[u].label)),
                    (Some(k), None) => {
                        self.place(k, d);
                        placed += 1;
                        progress = true;
                    }
                    _ => {}
                }
            }
            if !progress {
                return Ok(placed);
            }
        }
    }

    /// The first candidate (cells with fewest candidates first) whose assumption leads, by
    /// singles, to a contradiction.
    pub(super) fn forcing_chain(&mut self) -> Option<Step> {
        let mut cells: Vec<usize> = (0..self.cand.len()).filter(|&k| self.value[k] == 0).collect();
        cells.sort_by_key(|&k| self.cand[k].count_ones());
        for k in cells {
            for d in digits(self.cand[k]) {
                let saved = self.save();
                self.place(k, d);
                let outcome = self.propagate_singles();
                self.restore(saved);
                if let Err(why) = outcome {
                    let text = |s: &Self| {
                        format!(
                            "Forcing chain: if {} were {d}, singles would lead to a contradiction ({why})",
                            s.cell(k)
                        )
                    };
                    if let Some(step) = self.removal_step(Some(vec![(k, d)]), Technique::ForcingChain, text) {
                        return Some(step.with_cells([self.cell(k)]).with_candidates([self.candidate(k, d)]));
                    }
                }
            }
        }
        None
    }
}

/// Cell nets look at cells with at most this many candidates, unit nets at units whose digit
/// has at most this many places left.
const NET_BRANCHES: u32 = 4;

impl Logic {
    /// Forcing nets, when no single assumption contradicts: every way a cell can be filled
    /// (a cell net), or every place a unit's digit can go (a unit net), is assumed in turn and
    /// propagated by singles; what all branches agree on holds (a cell that ends with the same
    /// digit in every branch takes it, a candidate no branch keeps goes).
    pub(super) fn forcing_net(&mut self) -> Option<Step> {
        let mut cells: Vec<usize> = (0..self.cand.len())
            .filter(|&k| self.value[k] == 0 && (2..=NET_BRANCHES).contains(&self.cand[k].count_ones()))
            .collect();
        cells.sort_by_key(|&k| self.cand[k].count_ones());
        for k in cells {
            let branches: Vec<(usize, u8)> = digits(self.cand[k]).map(|d| (k, d)).collect();
            let what = |s: &Self| format!("whichever of {} {} takes", super::step::digit_set(s.cand[k]), s.cell(k));
            if let Some(step) = self.net(&branches, what) {
                return Some(step);
            }
        }
        for u in 0..self.units.len() {
            if self.done[u] || !self.units[u].exact {
                continue;
            }
            let d = self.units[u].digit;
            let branches: Vec<(usize, u8)> = self.units[u]
                .cells
                .iter()
                .map(|&k| k as usize)
                .filter(|&k| self.value[k] == 0 && self.cand[k] & bit(d) != 0)
                .map(|k| (k, d))
                .collect();
            if branches.len() < 2 || branches.len() > NET_BRANCHES as usize {
                continue;
            }
            let what = |s: &Self| {
                format!(
                    "wherever {d} goes in {} ({})",
                    s.units[u].label,
                    super::step::cell_list(branches.iter().map(|&(k, _)| s.cell(k)))
                )
            };
            if let Some(step) = self.net(&branches, what) {
                return Some(step);
            }
        }
        None
    }

    /// What every branch (a candidate assumed true, then singles) agrees on, as a step: a
    /// placement if some cell ends with one digit in every branch, else the candidates none
    /// keeps. Branches that reach a contradiction cannot happen and are left out.
    fn net(&mut self, branches: &[(usize, u8)], what: impl Fn(&Self) -> String) -> Option<Step> {
        let mut kept = vec![0u64; self.cand.len()];
        let mut possible = 0;
        for &(k, d) in branches {
            let saved = self.save();
            self.place(k, d);
            let outcome = self.propagate_singles();
            if outcome.is_ok() {
                possible += 1;
                for (keep, p) in kept.iter_mut().zip(self.position()) {
                    *keep |= p;
                }
            }
            self.restore(saved);
        }
        if possible == 0 {
            return None;
        }
        let open = |s: &Self, i: usize| s.value[i] == 0 && branches.iter().all(|&(k, _)| k != i);
        let placed = (0..self.cand.len()).find(|&i| open(self, i) && kept[i].count_ones() == 1);
        let pattern: Vec<_> = branches.iter().map(|&(k, d)| self.candidate(k, d)).collect();
        let cells: Vec<_> = branches.iter().map(|&(k, _)| self.cell(k)).collect();
        if let Some(i) = placed {
            let d = kept[i].trailing_zeros() as u8 + 1;
            let text = format!("Forcing net: {}, singles lead to {} = {d}", what(self), self.cell(i));
            let mut step = Step::new(Technique::ForcingNet, text);
            step.placements = vec![self.candidate(i, d)];
            return Some(step.with_cells(cells).with_candidates(pattern));
        }
        let removed: Vec<(usize, u8)> = (0..self.cand.len())
            .filter(|&i| open(self, i))
            .flat_map(|i| digits(self.cand[i] & !kept[i]).map(move |d| (i, d)))
            .collect();
        let text = |s: &Self| format!("Forcing net: {}, singles remove these candidates in every case", what(s));
        let step = self.removal_step(Some(removed), Technique::ForcingNet, text)?;
        Some(step.with_cells(cells).with_candidates(pattern))
    }
}

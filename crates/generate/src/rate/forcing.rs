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

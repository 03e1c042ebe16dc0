//! Hidden and naked singles: the steps that place digits.

use super::{bit, Logic, Technique};

impl Logic {
    pub(super) fn hidden_singles(&mut self) -> bool {
        let mut progress = false;
        for u in 0..self.units.len() {
            if self.done[u] || !self.units[u].exact {
                continue;
            }
            let d = self.units[u].digit;
            let mut only = None;
            let mut seen = 0;
            for &k in &self.units[u].cells {
                if self.cand[k as usize] & bit(d) != 0 {
                    seen += 1;
                    only = Some(k as usize);
                }
            }
            match (seen, only) {
                (1, Some(k)) => {
                    self.place(k, d);
                    self.count(Technique::HiddenSingle);
                    progress = true;
                }
                (0, _) => {
                    self.broken = true;
                    return true;
                }
                _ => {}
            }
        }
        progress
    }

    pub(super) fn naked_singles(&mut self) -> bool {
        let mut progress = false;
        for k in 0..self.cand.len() {
            let c = self.cand[k];
            if self.value[k] == 0 && c != 0 && c & (c - 1) == 0 {
                self.place(k, c.trailing_zeros() as u8 + 1);
                self.count(Technique::NakedSingle);
                progress = true;
            }
        }
        progress
    }
}

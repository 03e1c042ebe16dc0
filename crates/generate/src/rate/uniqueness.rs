//! Uniqueness techniques: sound only because the puzzle has one solution, which the rater has
//! proved, and only without variant rules (a rule could tell the two digits of a rectangle
//! apart). Every such step says so (`uses_uniqueness`).

use super::step::{digit_set, Step};
use super::{is_region, Logic, Technique};

impl Logic {
    /// Unique rectangle type 1: four cells in two rows, two columns and two boxes; three hold
    /// only {x,y}. If the fourth were x or y too, swapping x and y in the four would give a
    /// second solution: the fourth loses x and y.
    pub(super) fn unique_rectangle(&mut self) -> Option<Step> {
        if !self.plain {
            return None;
        }
        let n = self.n;
        let mut region = vec![usize::MAX; n * n];
        for (h, house) in self.houses.iter().enumerate() {
            if is_region(&house.label) {
                for &k in &house.cells {
                    region[k as usize] = h;
                }
            }
        }
        for r1 in 0..n {
            for c1 in 0..n {
                let k11 = r1 * n + c1;
                if self.value[k11] != 0 || self.cand[k11].count_ones() != 2 {
                    continue;
                }
                let pair = self.cand[k11];
                for r2 in r1 + 1..n {
                    for c2 in (0..n).filter(|&c| c != c1) {
                        let corners = [k11, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                        let mut regions: Vec<usize> = corners.iter().map(|&k| region[k]).collect();
                        regions.sort_unstable();
                        regions.dedup();
                        if regions.len() != 2 || regions.contains(&usize::MAX) {
                            continue;
                        }
                        if corners.iter().any(|&k| self.value[k] != 0 || self.cand[k] & pair != pair) {
                            continue;
                        }
                        let extra: Vec<usize> = corners.iter().copied().filter(|&k| self.cand[k] != pair).collect();
                        let [target] = extra[..] else { continue };
                        let removed: Vec<(usize, u8)> = super::digits(pair).map(|d| (target, d)).collect();
                        let text = |s: &Self| {
                            let others: Vec<_> = corners.iter().filter(|&&k| k != target).map(|&k| s.cell(k)).collect();
                            format!(
                                "Unique rectangle type 1 (relies on the puzzle being unique): {} hold only {}; if {} were one of them too, the two digits could swap in the rectangle",
                                super::step::cell_list(others),
                                digit_set(pair),
                                s.cell(target)
                            )
                        };
                        if let Some(mut step) = self.removal_step(Some(removed), Technique::UniqueRectangle, text) {
                            step.uses_uniqueness = true;
                            return Some(self.pattern(step, &corners));
                        }
                    }
                }
            }
        }
        None
    }
}

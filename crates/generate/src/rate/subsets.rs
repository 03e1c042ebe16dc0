//! Naked and hidden subsets (pairs, triples) in houses.

use super::{any_subset, bit, Logic, Technique};

impl Logic {
    pub(super) fn naked_subset(&mut self, size: usize, technique: Technique) -> bool {
        for h in 0..self.houses.len() {
            let open: Vec<usize> =
                self.houses[h].cells.iter().map(|&k| k as usize).filter(|&k| self.value[k] == 0).collect();
            if open.len() <= size {
                continue;
            }
            let small: Vec<usize> =
                open.iter().copied().filter(|&k| (2..=size as u32).contains(&self.cand[k].count_ones())).collect();
            let mut found = None;
            any_subset(small.len(), size, &mut |pick| {
                let union = pick.iter().fold(0u64, |m, &i| m | self.cand[small[i]]);
                if union.count_ones() as usize != size {
                    return false;
                }
                let chosen: Vec<usize> = pick.iter().map(|&i| small[i]).collect();
                let hits = open.iter().any(|k| !chosen.contains(k) && self.cand[*k] & union != 0);
                if hits {
                    found = Some((chosen, union));
                }
                hits
            });
            if let Some((chosen, union)) = found {
                for &k in &open {
                    if !chosen.contains(&k) {
                        self.cand[k] &= !union;
                    }
                }
                self.count(technique);
                return true;
            }
        }
        false
    }

    pub(super) fn hidden_subset(&mut self, size: usize, technique: Technique) -> bool {
        for h in 0..self.houses.len() {
            if !self.houses[h].full {
                continue;
            }
            let cells: Vec<usize> = self.houses[h].cells.iter().map(|&k| k as usize).collect();
            let placed = cells.iter().fold(0u64, |m, &k| if self.value[k] != 0 { m | bit(self.value[k]) } else { m });
            // Where each open digit can go, as a mask over the house's cell positions.
            let spots: Vec<(u8, u64)> = (1..=self.n as u8)
                .filter(|&d| placed & bit(d) == 0)
                .map(|d| {
                    let mask =
                        cells
                            .iter()
                            .enumerate()
                            .fold(0u64, |m, (i, &k)| if self.cand[k] & bit(d) != 0 { m | 1 << i } else { m });
                    (d, mask)
                })
                .collect();
            if spots.len() <= size {
                continue;
            }
            let few: Vec<(u8, u64)> =
                spots.iter().copied().filter(|(_, m)| (2..=size as u32).contains(&m.count_ones())).collect();
            let mut found = None;
            any_subset(few.len(), size, &mut |pick| {
                let union = pick.iter().fold(0u64, |m, &i| m | few[i].1);
                if union.count_ones() as usize != size {
                    return false;
                }
                let keep = pick.iter().fold(0u64, |m, &i| m | bit(few[i].0));
                let hits = (0..cells.len()).any(|i| union >> i & 1 == 1 && self.cand[cells[i]] & !keep != 0);
                if hits {
                    found = Some((union, keep));
                }
                hits
            });
            if let Some((union, keep)) = found {
                for (i, &k) in cells.iter().enumerate() {
                    if union >> i & 1 == 1 {
                        self.cand[k] &= keep;
                    }
                }
                self.count(technique);
                return true;
            }
        }
        false
    }
}

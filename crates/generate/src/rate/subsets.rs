//! Naked and hidden subsets (pairs, triples, quads) in houses.

use super::step::{cell_list, digit_set, Step};
use super::{any_subset, bit, digits, Logic, Technique};

impl Logic {
    /// `size` cells of a house with `size` candidates between them: the rest of the house
    /// loses those digits.
    pub(super) fn naked_subset(&mut self, size: usize, technique: Technique) -> Option<Step> {
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
                let removed: Vec<(usize, u8)> = open
                    .iter()
                    .filter(|k| !chosen.contains(k))
                    .flat_map(|&k| digits(self.cand[k] & union).map(move |d| (k, d)))
                    .collect();
                let text = |s: &Self| {
                    format!(
                        "{}: in {}, {} hold only {}",
                        capitalized(technique.name()),
                        s.houses[h].label,
                        cell_list(chosen.iter().map(|&k| s.cell(k))),
                        digit_set(union)
                    )
                };
                let pattern: Vec<_> = chosen.iter().flat_map(|&k| digits(self.cand[k]).map(move |d| (k, d))).collect();
                let step = self.removal_step(Some(removed), technique, text)?;
                return Some(
                    step.with_cells(chosen.iter().map(|&k| self.cell(k)))
                        .with_candidates(pattern.iter().map(|&(k, d)| self.candidate(k, d))),
                );
            }
        }
        None
    }

    /// `size` digits confined to the same `size` cells of a full house: those cells lose their
    /// other candidates.
    pub(super) fn hidden_subset(&mut self, size: usize, technique: Technique) -> Option<Step> {
        self.hidden(size, technique, false)
    }

    /// A hidden subset whose eliminations leave another digit one place in its house: that
    /// hidden single, placed (SE's direct hidden pair 2.0 and triple 2.5).
    pub(super) fn direct_hidden_subset(&mut self, size: usize, technique: Technique) -> Option<Step> {
        self.hidden(size, technique, true)
    }

    /// Hidden subsets, or with `direct` the hidden single one leads to.
    fn hidden(&mut self, size: usize, technique: Technique, direct: bool) -> Option<Step> {
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
                // Direct: another digit, with two places or more, has one left outside.
                let single = spots
                    .iter()
                    .find(|&&(e, m)| keep & bit(e) == 0 && m.count_ones() > 1 && (m & !union).count_ones() == 1);
                if hits && (!direct || single.is_some()) {
                    found =
                        Some((union, keep, single.map(|&(e, m)| (e, cells[(m & !union).trailing_zeros() as usize]))));
                    return true;
                }
                false
            });
            if let Some((union, keep, single)) = found {
                let chosen: Vec<usize> = (0..cells.len()).filter(|&i| union >> i & 1 == 1).map(|i| cells[i]).collect();
                let removed: Vec<(usize, u8)> =
                    chosen.iter().flat_map(|&k| digits(self.cand[k] & !keep).map(move |d| (k, d))).collect();
                let pattern: Vec<(usize, u8)> =
                    chosen.iter().flat_map(|&k| digits(self.cand[k] & keep).map(move |d| (k, d))).collect();
                let text = |s: &Self| {
                    format!(
                        "{}: in {}, {} fit only in {}",
                        capitalized(technique.name()),
                        s.houses[h].label,
                        digit_set(keep),
                        cell_list(chosen.iter().map(|&k| s.cell(k)))
                    )
                };
                let step = match (direct, single) {
                    (true, Some((e, k))) => {
                        let said = format!("{}, so {e} fits only in {} there", text(self), self.cell(k));
                        let mut step = Step::new(technique, said);
                        step.placements = vec![self.candidate(k, e)];
                        step
                    }
                    _ => self.removal_step(Some(removed), technique, text)?,
                };
                return Some(
                    step.with_cells(chosen.iter().map(|&k| self.cell(k)))
                        .with_candidates(pattern.iter().map(|&(k, d)| self.candidate(k, d))),
                );
            }
        }
        None
    }
}

/// "naked pair" → "Naked pair".
pub(super) fn capitalized(name: &str) -> String {
    let mut chars = name.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

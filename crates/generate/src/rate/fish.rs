//! Basic fish on the grid's rows and columns: X-wing, swordfish, jellyfish.

use super::step::Step;
use super::{any_bit_subset, any_narrow_subset, any_subset, bit, Logic, Technique};

impl Logic {
    /// Per base line (rows, or columns when `transpose`): the positions along it where `d` can
    /// go, as a bit mask (a line where `d` is placed has none).
    fn line_masks(&self, d: u8, transpose: bool) -> impl Iterator<Item = (usize, u64)> + '_ {
        let n = self.n;
        let at = move |line: usize, pos: usize| if transpose { pos * n + line } else { line * n + pos };
        (0..n).map(move |l| {
            let mask = (0..n).fold(0u64, |m, p| if self.cand[at(l, p)] & bit(d) != 0 { m | 1 << p } else { m });
            (l, mask)
        })
    }

    /// X-wing (`size` 2), swordfish (3) and jellyfish (4) on the grid's rows and columns,
    /// which every model has as exactly-once units.
    pub(super) fn fish(&mut self, size: usize, technique: Technique) -> Option<Step> {
        let n = self.n;
        for d in self.digits_in_scope() {
            for transpose in [false, true] {
                let at = |line: usize, pos: usize| if transpose { pos * n + line } else { line * n + pos };
                let lines: Vec<(usize, u64)> = self
                    .line_masks(d, transpose)
                    .filter(|(_, m)| (2..=size as u32).contains(&m.count_ones()))
                    .collect();
                let mut found = None;
                any_subset(lines.len(), size, &mut |pick| {
                    let union = pick.iter().fold(0u64, |m, &i| m | lines[i].1);
                    if union.count_ones() as usize != size {
                        return false;
                    }
                    let base: Vec<usize> = pick.iter().map(|&i| lines[i].0).collect();
                    let hits = (0..n).any(|l| {
                        !base.contains(&l) && (0..n).any(|p| union >> p & 1 == 1 && self.cand[at(l, p)] & bit(d) != 0)
                    });
                    if hits {
                        found = Some((base, union));
                    }
                    hits
                });
                if let Some((base, union)) = found {
                    let cover: Vec<usize> = (0..n).filter(|p| union >> p & 1 == 1).collect();
                    let removed: Vec<(usize, u8)> = (0..n)
                        .filter(|l| !base.contains(l))
                        .flat_map(|l| cover.iter().map(move |&p| (at(l, p), d)))
                        .collect();
                    let pattern: Vec<usize> = base
                        .iter()
                        .flat_map(|&l| cover.iter().map(move |&p| at(l, p)))
                        .filter(|&k| self.cand[k] & bit(d) != 0)
                        .collect();
                    let (bw, cw) = if transpose { ("columns", "rows") } else { ("rows", "columns") };
                    let names = |v: &[usize]| v.iter().map(|x| (x + 1).to_string()).collect::<Vec<_>>().join(", ");
                    let text = |_: &Self| {
                        format!(
                            "{}: {d} in {bw} {} lies only in {cw} {}",
                            super::subsets::capitalized(technique.name()),
                            names(&base),
                            names(&cover)
                        )
                    };
                    let step = self.removal_step(Some(removed), technique, text)?;
                    return Some(
                        step.with_cells(pattern.iter().map(|&k| self.cell(k)))
                            .with_candidates(pattern.iter().map(|&k| self.candidate(k, d))),
                    );
                }
            }
        }
        None
    }
}

impl Logic {
    /// Finned and sashimi X-wing, swordfish and jellyfish on the grid's rows and columns: `size`
    /// base lines whose candidates lie in `size` cover lines except for fins, all in one box.
    /// Either a fin holds the digit, or the fish does: cells of the cover lines inside the fin
    /// box (outside the base lines) see both, so they lose it. Smallest fish first.
    ///
    /// Everything is a mask of positions along the base lines: a line's candidates, and where
    /// each line crosses each box (`crossing`), so a candidate fish costs a few bit operations.
    pub(super) fn finned_fish(&mut self) -> Option<Step> {
        let n = self.n;
        let region = self.box_of_cells()?;
        // Boxes numbered 0.. in the order of their house index (the order they are tried in).
        let mut ids: Vec<usize> = region.clone();
        ids.sort_unstable();
        ids.dedup();
        if ids.len() > 64 {
            return None;
        }
        let box_id: Vec<usize> = region.iter().map(|r| ids.partition_point(|x| x < r)).collect();
        let boxes = ids.len();
        // Per direction (rows, then columns as base lines), what does not depend on the digit:
        // crossing[l * boxes + b], the positions of line l inside box b; the positions each box
        // takes on any line (sorted, once each); the most of them one box takes.
        let geometry: Vec<(Vec<u64>, Vec<u64>, u32)> = [false, true]
            .iter()
            .map(|&transpose| {
                let at = |line: usize, pos: usize| if transpose { pos * n + line } else { line * n + pos };
                let mut crossing = vec![0u64; n * boxes];
                for l in 0..n {
                    for p in 0..n {
                        crossing[l * boxes + box_id[at(l, p)]] |= 1 << p;
                    }
                }
                let mut spans: Vec<u64> =
                    (0..boxes).map(|b| (0..n).fold(0u64, |m, l| m | crossing[l * boxes + b])).collect();
                let widest = spans.iter().map(|m| m.count_ones()).max().unwrap_or(0);
                spans.sort_unstable();
                spans.dedup();
                (crossing, spans, widest)
            })
            .collect();
        // Per direction and digit: each line's candidate positions.
        let line_masks: Vec<Vec<u64>> = [false, true]
            .iter()
            .flat_map(|&transpose| (1..=n as u8).map(move |d| (d, transpose)))
            .map(|(d, transpose)| {
                // Digits out of scope are not searched (see `memo.rs`).
                if self.in_scope(d) {
                    self.line_masks(d, transpose).map(|(_, m)| m).collect()
                } else {
                    Vec::new()
                }
            })
            .collect();
        for size in 2..=4usize.min(n / 2) {
            for d in self.digits_in_scope() {
                for transpose in [false, true] {
                    let at = |line: usize, pos: usize| if transpose { pos * n + line } else { line * n + pos };
                    let (crossing, spans, widest) = &geometry[usize::from(transpose)];
                    let all = &line_masks[usize::from(transpose) * n + d as usize - 1];
                    // The fins lie where one box crosses the lines, so the base lines use at most
                    // `size` positions plus the widest such crossing.
                    let most = size as u32 + widest;
                    let lines: Vec<usize> = (0..n).filter(|&l| all[l] != 0 && all[l].count_ones() <= most).collect();
                    let masks: Vec<u64> = lines.iter().map(|&l| all[l]).collect();
                    let mut found = None;
                    // The fins lie in one box: past `size` positions used outside the positions
                    // of every box (on any line), no line added makes a fish.
                    let hopeless = |union: u64| spans.iter().all(|&m| (union & !m).count_ones() as usize > size);
                    any_narrow_subset(&masks, size, most, &hopeless, &mut |pick| {
                        let touched = pick.iter().fold(0u64, |t, &i| {
                            let l = lines[i];
                            (0..boxes)
                                .fold(t, |t, b| if crossing[l * boxes + b] & all[l] != 0 { t | 1 << b } else { t })
                        });
                        for fin_box in super::digits(touched).map(|b| b as usize - 1) {
                            // Positions used outside the fin box must all be cover lines.
                            let outside = pick
                                .iter()
                                .fold(0u64, |m, &i| m | all[lines[i]] & !crossing[lines[i] * boxes + fin_box]);
                            if outside.count_ones() as usize > size {
                                continue;
                            }
                            // Cover = `outside` plus positions crossing the fin box, to make `size`.
                            let extra = (0..n).fold(0u64, |m, l| m | crossing[l * boxes + fin_box]) & !outside;
                            let need = size - outside.count_ones() as usize;
                            let mut hit = None;
                            any_bit_subset(extra, need, &mut |more| {
                                let cover = outside | more;
                                let fins = pick.iter().any(|&i| all[lines[i]] & !cover != 0);
                                // Every base line keeps a cover cell, and the cover is really used.
                                if !fins || pick.iter().any(|&i| all[lines[i]] & cover == 0) {
                                    return false;
                                }
                                let base = |l: usize| pick.iter().any(|&i| lines[i] == l);
                                let removable =
                                    (0..n).any(|l| !base(l) && all[l] & cover & crossing[l * boxes + fin_box] != 0);
                                if removable {
                                    hit = Some(cover);
                                }
                                removable
                            });
                            if let Some(cover) = hit {
                                found = Some((pick.iter().map(|&i| lines[i]).collect::<Vec<usize>>(), cover, fin_box));
                                return true;
                            }
                        }
                        false
                    });
                    if let Some((base, cover, fin_box)) = found {
                        let ones = |m: u64| (0..n).filter(move |p| m >> p & 1 == 1);
                        let cells: Vec<usize> =
                            base.iter().flat_map(|&l| ones(all[l]).map(move |p| at(l, p))).collect();
                        let fins: Vec<usize> =
                            base.iter().flat_map(|&l| ones(all[l] & !cover).map(move |p| at(l, p))).collect();
                        let removed: Vec<(usize, u8)> = (0..n)
                            .filter(|l| !base.contains(l))
                            .flat_map(|l| {
                                ones(all[l] & cover & crossing[l * boxes + fin_box]).map(move |p| (at(l, p), d))
                            })
                            .collect();
                        let sashimi = base.iter().any(|&l| (all[l] & cover).count_ones() == 1);
                        let fish = ["x-wing", "swordfish", "jellyfish"][size - 2];
                        let (bw, cw) = if transpose { ("columns", "rows") } else { ("rows", "columns") };
                        let names = |v: &[usize]| v.iter().map(|x| (x + 1).to_string()).collect::<Vec<_>>().join(", ");
                        let cover_list: Vec<usize> = ones(cover).collect();
                        let text = |s: &Self| {
                            format!(
                                "{} {fish}: {d} in {bw} {} lies in {cw} {} but for the fin{} {}; either a fin is {d} or the fish holds",
                                if sashimi { "Sashimi" } else { "Finned" },
                                names(&base),
                                names(&cover_list),
                                if fins.len() > 1 { "s" } else { "" },
                                super::step::cell_list(fins.iter().map(|&k| s.cell(k)))
                            )
                        };
                        let step = self.removal_step(Some(removed), Technique::FinnedFish, text)?;
                        return Some(
                            step.with_cells(cells.iter().map(|&k| self.cell(k)))
                                .with_candidates(cells.iter().map(|&k| self.candidate(k, d))),
                        );
                    }
                }
            }
        }
        None
    }

    /// The box (or jigsaw region) of each cell, when every cell has one.
    pub(super) fn box_of_cells(&self) -> Option<Vec<usize>> {
        let mut region = vec![usize::MAX; self.cand.len()];
        for (h, house) in self.houses.iter().enumerate() {
            if super::is_region(house.kind) && house.full {
                for &k in &house.cells {
                    region[k as usize] = h;
                }
            }
        }
        (!region.contains(&usize::MAX)).then_some(region)
    }
}

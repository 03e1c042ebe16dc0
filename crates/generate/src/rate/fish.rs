//! Basic fish on the grid's rows and columns: X-wing, swordfish, jellyfish.

use super::step::Step;
use super::{any_subset, bit, Logic, Technique};

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
        for d in 1..=n as u8 {
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
    pub(super) fn finned_fish(&mut self) -> Option<Step> {
        let n = self.n;
        let region = self.box_of_cells()?;
        for size in 2..=4usize.min(n / 2) {
            for d in 1..=n as u8 {
                for transpose in [false, true] {
                    let at = |line: usize, pos: usize| if transpose { pos * n + line } else { line * n + pos };
                    let lines: Vec<(usize, u64)> =
                        self.line_masks(d, transpose).filter(|(_, m)| m.count_ones() >= 1).collect();
                    let mut found = None;
                    any_subset(lines.len(), size, &mut |pick| {
                        let base: Vec<usize> = pick.iter().map(|&i| lines[i].0).collect();
                        let mut cells: Vec<usize> = Vec::new();
                        for &i in pick {
                            let (l, mask) = lines[i];
                            cells.extend((0..n).filter(|p| mask >> p & 1 == 1).map(|p| at(l, p)));
                        }
                        let boxes: Vec<usize> = {
                            let mut b: Vec<usize> = cells.iter().map(|&k| region[k]).collect();
                            b.sort_unstable();
                            b.dedup();
                            b
                        };
                        for &fin_box in &boxes {
                            // Positions used outside the fin box must all be cover lines.
                            let outside = cells
                                .iter()
                                .filter(|&&k| region[k] != fin_box)
                                .fold(0u64, |m, &k| m | 1 << if transpose { k / n } else { k % n });
                            if outside.count_ones() as usize > size {
                                continue;
                            }
                            // Cover = `outside` plus positions of the fin box's lines, to make `size`.
                            let extra: Vec<usize> = (0..n)
                                .filter(|&p| outside >> p & 1 == 0 && (0..n).any(|l| region[at(l, p)] == fin_box))
                                .collect();
                            let need = size - outside.count_ones() as usize;
                            if need > extra.len() {
                                continue;
                            }
                            let mut hit = None;
                            any_subset(extra.len(), need, &mut |more| {
                                let cover = more.iter().fold(outside, |m, &i| m | 1 << extra[i]);
                                let fins: Vec<usize> = cells
                                    .iter()
                                    .copied()
                                    .filter(|&k| cover >> if transpose { k / n } else { k % n } & 1 == 0)
                                    .collect();
                                if fins.is_empty() || fins.iter().any(|&k| region[k] != fin_box) {
                                    return false;
                                }
                                // Every base line keeps a cover cell, and the cover is really used.
                                let per_line: Vec<u32> = base
                                    .iter()
                                    .map(|&l| {
                                        (0..n)
                                            .filter(|&p| cover >> p & 1 == 1 && self.cand[at(l, p)] & bit(d) != 0)
                                            .count() as u32
                                    })
                                    .collect();
                                if per_line.contains(&0) {
                                    return false;
                                }
                                let removed: Vec<(usize, u8)> = (0..n)
                                    .filter(|l| !base.contains(l))
                                    .flat_map(|l| (0..n).filter(move |&p| cover >> p & 1 == 1).map(move |p| at(l, p)))
                                    .filter(|&k| region[k] == fin_box && self.cand[k] & bit(d) != 0)
                                    .map(|k| (k, d))
                                    .collect();
                                if removed.is_empty() {
                                    return false;
                                }
                                let sashimi = per_line.contains(&1);
                                hit = Some((cover, fins, removed, sashimi));
                                true
                            });
                            if let Some((cover, fins, removed, sashimi)) = hit {
                                found = Some((base.clone(), cover, fins, removed, sashimi, cells.clone()));
                                return true;
                            }
                        }
                        false
                    });
                    if let Some((base, cover, fins, removed, sashimi, cells)) = found {
                        let fish = ["x-wing", "swordfish", "jellyfish"][size - 2];
                        let (bw, cw) = if transpose { ("columns", "rows") } else { ("rows", "columns") };
                        let names = |v: &[usize]| v.iter().map(|x| (x + 1).to_string()).collect::<Vec<_>>().join(", ");
                        let cover_list: Vec<usize> = (0..n).filter(|p| cover >> p & 1 == 1).collect();
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
            if super::is_region(&house.label) && house.full {
                for &k in &house.cells {
                    region[k as usize] = h;
                }
            }
        }
        (!region.contains(&usize::MAX)).then_some(region)
    }
}

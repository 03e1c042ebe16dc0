//! Basic fish on the grid's rows and columns: X-wing, swordfish, jellyfish.

use super::step::Step;
use super::{any_subset, bit, Logic, Technique};

impl Logic {
    /// X-wing (`size` 2), swordfish (3) and jellyfish (4) on the grid's rows and columns,
    /// which every model has as exactly-once units.
    pub(super) fn fish(&mut self, size: usize, technique: Technique) -> Option<Step> {
        let n = self.n;
        for d in 1..=n as u8 {
            for transpose in [false, true] {
                let at = |line: usize, pos: usize| if transpose { pos * n + line } else { line * n + pos };
                // Per base line: the cross lines where `d` can go (lines where `d` is placed have none).
                let lines: Vec<(usize, u64)> = (0..n)
                    .map(|l| {
                        let mask =
                            (0..n).fold(0u64, |m, p| if self.cand[at(l, p)] & bit(d) != 0 { m | 1 << p } else { m });
                        (l, mask)
                    })
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

//! Fish on the grid's rows and columns: X-wing, swordfish.

use super::{any_subset, bit, Logic, Technique};

impl Logic {
    /// X-wing (`size` 2) and swordfish (3) on the grid's rows and columns, which every model
    /// has as exactly-once units.
    pub(super) fn fish(&mut self, size: usize, technique: Technique) -> bool {
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
                    for l in (0..n).filter(|l| !base.contains(l)) {
                        for p in (0..n).filter(|p| union >> p & 1 == 1) {
                            self.cand[at(l, p)] &= !bit(d);
                        }
                    }
                    self.count(technique);
                    return true;
                }
            }
        }
        false
    }
}

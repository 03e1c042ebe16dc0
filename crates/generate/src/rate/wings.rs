//! Wings: XY-wing, XYZ-wing and W-wing. Two candidates of a digit are linked when they share
//! a unit for it (any unit of the model, so the wings work across variants).

use super::step::{digit_set, Step};
use super::{bit, digits, Logic, Technique};

impl Logic {
    fn bivalue_cells(&self) -> Vec<usize> {
        (0..self.cand.len()).filter(|&k| self.value[k] == 0 && self.cand[k].count_ones() == 2).collect()
    }

    /// Candidates `z` outside `except` that see every cell of `ends` for `z`.
    pub(super) fn seen_by_all(&self, ends: &[usize], z: u8, except: &[usize]) -> Vec<(usize, u8)> {
        (0..self.cand.len())
            .filter(|k| !except.contains(k) && self.cand[*k] & bit(z) != 0)
            .filter(|&k| ends.iter().all(|&e| self.sees(k, e, z)))
            .map(|k| (k, z))
            .collect()
    }

    /// Pivot `p` {x,y}, pincers `a` {x,z} and `b` {y,z}, `p` seeing `a` for x and `b` for y:
    /// one pincer is z, so cells that see both for z lose it.
    pub(super) fn xy_wing(&mut self) -> Option<Step> {
        let bivalue = self.bivalue_cells();
        for &p in &bivalue {
            for x in digits(self.cand[p]) {
                let y_mask = self.cand[p] & !bit(x);
                let y = y_mask.trailing_zeros() as u8 + 1;
                for &a in &bivalue {
                    let z_mask = self.cand[a] & !bit(x);
                    if a == p || self.cand[a] & bit(x) == 0 || z_mask & y_mask != 0 || !self.sees(p, a, x) {
                        continue;
                    }
                    let z = z_mask.trailing_zeros() as u8 + 1;
                    for &b in &bivalue {
                        if self.cand[b] != bit(y) | bit(z) || b == a || !self.sees(p, b, y) {
                            continue;
                        }
                        let removed = self.seen_by_all(&[a, b], z, &[p, a, b]);
                        let text = |s: &Self| {
                            format!(
                                "XY-wing: pivot {} {}, pincers {} {} and {} {}: one pincer is {z}",
                                s.cell(p),
                                digit_set(s.cand[p]),
                                s.cell(a),
                                digit_set(s.cand[a]),
                                s.cell(b),
                                digit_set(s.cand[b])
                            )
                        };
                        if let Some(step) = self.removal_step(Some(removed), Technique::XyWing, text) {
                            return Some(self.pattern(step, &[p, a, b]));
                        }
                    }
                }
            }
        }
        None
    }

    /// Pivot `p` {x,y,z}, pincers `a` {x,z} and `b` {y,z}: one of the three is z, so cells
    /// that see all three for z lose it.
    pub(super) fn xyz_wing(&mut self) -> Option<Step> {
        let bivalue = self.bivalue_cells();
        let trivalue: Vec<usize> =
            (0..self.cand.len()).filter(|&k| self.value[k] == 0 && self.cand[k].count_ones() == 3).collect();
        for p in trivalue {
            for z in digits(self.cand[p]) {
                let others: Vec<u8> = digits(self.cand[p] & !bit(z)).collect();
                let (x, y) = (others[0], others[1]);
                let pick = |s: &Self, w: u8| -> Vec<usize> {
                    bivalue.iter().copied().filter(|&q| s.cand[q] == bit(w) | bit(z) && s.sees(p, q, w)).collect()
                };
                for a in pick(self, x) {
                    for b in pick(self, y) {
                        let removed = self.seen_by_all(&[p, a, b], z, &[p, a, b]);
                        let text = |s: &Self| {
                            format!(
                                "XYZ-wing: pivot {} {}, pincers {} {} and {} {}: one of the three is {z}",
                                s.cell(p),
                                digit_set(s.cand[p]),
                                s.cell(a),
                                digit_set(s.cand[a]),
                                s.cell(b),
                                digit_set(s.cand[b])
                            )
                        };
                        if let Some(step) = self.removal_step(Some(removed), Technique::XyzWing, text) {
                            return Some(self.pattern(step, &[p, a, b]));
                        }
                    }
                }
            }
        }
        None
    }

    /// Two cells `a`, `b` holding only {x,y}, and a strong link on y (`c`, `e`: the only two
    /// places of y in an exactly-once unit) with `a` seeing `c` and `b` seeing `e` for y: if
    /// `a` is not x it is y, so `c` is not, so `e` is y, so `b` is x. Cells seeing both lose x.
    pub(super) fn w_wing(&mut self) -> Option<Step> {
        let bivalue = self.bivalue_cells();
        for (i, &a) in bivalue.iter().enumerate() {
            let twins: Vec<usize> =
                bivalue[i + 1..].iter().copied().filter(|&b| self.cand[b] == self.cand[a]).collect();
            for b in twins {
                for y in digits(self.cand[a]) {
                    let x = (self.cand[a] & !bit(y)).trailing_zeros() as u8 + 1;
                    for (c, e, _) in self.strong_links(y) {
                        for (c, e) in [(c, e), (e, c)] {
                            if [c, e].iter().any(|k| *k == a || *k == b) || !self.sees(a, c, y) || !self.sees(b, e, y) {
                                continue;
                            }
                            let removed = self.seen_by_all(&[a, b], x, &[a, b]);
                            let text = |s: &Self| {
                                format!(
                                    "W-wing: {} and {} hold only {}, and {y} must be in {} or {}: one of the two is {x}",
                                    s.cell(a),
                                    s.cell(b),
                                    digit_set(s.cand[a]),
                                    s.cell(c),
                                    s.cell(e)
                                )
                            };
                            if let Some(step) = self.removal_step(Some(removed), Technique::WWing, text) {
                                return Some(self.pattern(step, &[a, b, c, e]));
                            }
                        }
                    }
                }
            }
        }
        None
    }

    /// The pattern cells with all their candidates.
    pub(super) fn pattern(&self, step: Step, cells: &[usize]) -> Step {
        step.with_cells(cells.iter().map(|&k| self.cell(k))).with_candidates(
            cells.iter().flat_map(|&k| digits(self.cand[k]).map(move |d| (k, d))).map(|(k, d)| self.candidate(k, d)),
        )
    }

    /// Strong links of `d`: the two cells of an open exactly-once unit that can still hold it,
    /// with the unit.
    pub(super) fn strong_links(&self, d: u8) -> Vec<(usize, usize, usize)> {
        let mut links = Vec::new();
        for &u in &self.exact_units[d as usize] {
            let (u, unit) = (u as usize, &self.units[u as usize]);
            if self.done[u] {
                continue;
            }
            let mut holders = unit.cells.iter().map(|&k| k as usize).filter(|&k| self.cand[k] & bit(d) != 0);
            if let (Some(a), Some(b), None) = (holders.next(), holders.next(), holders.next()) {
                links.push((a, b, u));
            }
        }
        links
    }
}

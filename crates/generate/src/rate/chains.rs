//! Short single-digit chains: two strong links joined by a weak link (skyscraper, 2-string
//! kite, turbot fish). A strong link is the only two places of a digit in an exactly-once unit;
//! a weak link joins two candidates of the digit that share any unit of the model.

use super::step::Step;
use super::{is_line, is_region, Logic, Technique};

impl Logic {
    /// Strong links `a = b` and `c = e` of digit `d`, `b` seeing `c`: if `a` is not `d`, `b`
    /// is, so `c` is not, so `e` is. Cells that see both `a` and `e` lose `d`. Returns only a
    /// step of the kind `want` (named by the units of the two links).
    pub(super) fn turbot(&mut self, want: Technique) -> Option<Step> {
        for d in 1..=self.n as u8 {
            let links = self.strong_links(d);
            for (i, &(a0, b0, u1)) in links.iter().enumerate() {
                for &(c0, e0, u2) in &links[i + 1..] {
                    if [a0, b0].iter().any(|k| *k == c0 || *k == e0) {
                        continue;
                    }
                    for (a, b) in [(a0, b0), (b0, a0)] {
                        for (c, e) in [(c0, e0), (e0, c0)] {
                            if !self.sees(b, c, d) || self.kind(u1, u2, b, c) != want {
                                continue;
                            }
                            let removed = self.seen_by_all(&[a, e], d, &[a, b, c, e]);
                            let text = |s: &Self| {
                                format!(
                                    "{}: {d} is in {} or {} ({}), and in {} or {} ({}); {} and {} see each other, so {d} is in {} or {}",
                                    super::subsets::capitalized(want.name()),
                                    s.cell(a),
                                    s.cell(b),
                                    s.units[u1].label,
                                    s.cell(c),
                                    s.cell(e),
                                    s.units[u2].label,
                                    s.cell(b),
                                    s.cell(c),
                                    s.cell(a),
                                    s.cell(e)
                                )
                            };
                            if let Some(step) = self.removal_step(Some(removed), want, text) {
                                let cells = [a, b, c, e];
                                return Some(
                                    step.with_cells(cells.iter().map(|&k| self.cell(k)))
                                        .with_candidates(cells.iter().map(|&k| self.candidate(k, d))),
                                );
                            }
                        }
                    }
                }
            }
        }
        None
    }

    /// Skyscraper: both links in rows, or both in columns; 2-string kite: one in a row, one in
    /// a column, joined in a box; turbot fish: anything else.
    fn kind(&self, u1: usize, u2: usize, b: usize, c: usize) -> Technique {
        let (l1, l2) = (&self.units[u1].label, &self.units[u2].label);
        let word = |l: &str| l.split(' ').next().unwrap_or("").to_string();
        if is_line(l1) && is_line(l2) {
            if word(l1) == word(l2) {
                return Technique::Skyscraper;
            }
            let joined_in_region = self.units.iter().enumerate().any(|(u, unit)| {
                is_region(&unit.label)
                    && unit.digit == self.units[u1].digit
                    && unit.cells.contains(&(b as u32))
                    && unit.cells.contains(&(c as u32))
                    && u != u1
            });
            if joined_in_region {
                return Technique::TwoStringKite;
            }
        }
        Technique::TurbotFish
    }
}

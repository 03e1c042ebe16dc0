//! Short single-digit chains: two strong links joined by a weak link (skyscraper, 2-string
//! kite, turbot fish). A strong link is the only two places of a digit in an exactly-once unit;
//! a weak link joins two candidates of the digit that share any unit of the model.

use super::step::Step;
use super::{bit, is_line, is_region, Logic, Technique};

impl Logic {
    /// Strong links `a = b` and `c = e` of digit `d`, `b` seeing `c`: if `a` is not `d`, `b`
    /// is, so `c` is not, so `e` is. Cells that see both `a` and `e` lose `d`. Returns only a
    /// step of the kind `want` (named by the units of the two links).
    pub(super) fn turbot(&mut self, want: Technique) -> Option<Step> {
        for d in self.digits_in_scope() {
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
        let (k1, k2) = (self.units[u1].kind, self.units[u2].kind);
        if is_line(k1) && is_line(k2) {
            if std::mem::discriminant(&k1) == std::mem::discriminant(&k2) {
                return Technique::Skyscraper;
            }
            let joined_in_region = self.units.iter().enumerate().any(|(u, unit)| {
                is_region(unit.kind)
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

    /// Empty rectangle: in a box, digit `d` lies only in row `r` and column `c`. With a strong
    /// link of `d` in another column from (r, c2) to (r3, c2), the cell (r3, c) loses `d`: if it
    /// held it, (r3, c2) would not, so (r, c2) would, and the box would have no place left for
    /// `d` (its row r is seen by (r, c2), its column c by (r3, c)). The same with rows and
    /// columns swapped.
    pub(super) fn empty_rectangle(&mut self) -> Option<Step> {
        let n = self.n;
        let region = self.box_of_cells()?;
        let rc = |k: usize| (k / n, k % n);
        for d in self.digits_in_scope() {
            let links = self.strong_links(d);
            for b in 0..self.houses.len() {
                let cells: Vec<usize> = self.houses[b]
                    .cells
                    .iter()
                    .map(|&k| k as usize)
                    .filter(|&k| self.value[k] == 0 && self.cand[k] & bit(d) != 0)
                    .collect();
                if cells.len() < 2 || !is_region(self.houses[b].kind) {
                    continue;
                }
                let box_id = region[cells[0]];
                let mut rows: Vec<usize> = cells.iter().map(|&k| k / n).collect();
                let mut cols: Vec<usize> = cells.iter().map(|&k| k % n).collect();
                rows.dedup();
                cols.sort_unstable();
                cols.dedup();
                if rows.len() < 2 || cols.len() < 2 {
                    continue; // one line: locked candidates
                }
                for &r in &rows {
                    for &c in &cols {
                        if !cells.iter().all(|&k| k / n == r || k % n == c) {
                            continue;
                        }
                        for &(a0, b0, u) in &links {
                            for (a, e) in [(a0, b0), (b0, a0)] {
                                let ((ra, ca), (re, ce)) = (rc(a), rc(e));
                                // Column link from (r, c2) to (r3, c2): target (r3, c).
                                // Row link from (r2, c) to (r2, c3): target (r, c3).
                                let target = if ca == ce && ra == r && re != r {
                                    re * n + c
                                } else if ra == re && ca == c && ce != c {
                                    r * n + ce
                                } else {
                                    continue;
                                };
                                if region[a] == box_id || region[e] == box_id || region[target] == box_id {
                                    continue;
                                }
                                if target == a || target == e || self.cand[target] & bit(d) == 0 {
                                    continue;
                                }
                                let text = |s: &Self| {
                                    format!(
                                        "Empty rectangle: in {}, {d} lies only in row {} and column {}; {d} is in {} or {} ({}), so if {} were {d} the box would have no place for it",
                                        s.houses[b].label,
                                        r + 1,
                                        c + 1,
                                        s.cell(a),
                                        s.cell(e),
                                        s.units[u].label,
                                        s.cell(target)
                                    )
                                };
                                if let Some(step) =
                                    self.removal_step(Some(vec![(target, d)]), Technique::EmptyRectangle, text)
                                {
                                    let pattern: Vec<usize> = cells.iter().copied().chain([a, e]).collect();
                                    return Some(
                                        step.with_cells(pattern.iter().map(|&k| self.cell(k)))
                                            .with_candidates(pattern.iter().map(|&k| self.candidate(k, d))),
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
        None
    }
}

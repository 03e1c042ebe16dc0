//! Uniqueness techniques: sound only because the puzzle has one solution, which the rater has
//! proved, and only without variant rules (a rule could tell the two digits of a rectangle
//! apart). Every such step says so (`uses_uniqueness`).

use super::step::{digit_set, Step};
use super::{any_subset, bit, Logic, Technique};

/// A naked set found with a virtual cell: its other cells, its digits, what the house's other
/// cells lose.
pub(super) type NakedSet = (Vec<usize>, u64, Vec<(usize, u8)>);

impl Logic {
    /// Unique rectangles: four cells in two rows, two columns and two boxes all hold {x,y}.
    /// If none of them could be anything else, x and y could swap in the four and the puzzle
    /// would have two solutions, so:
    /// - type 1: three corners hold only {x,y}: the fourth loses x and y;
    /// - type 2: two corners hold only {x,y}, the other two {x,y,z}: one of those is z, so
    ///   cells seeing both lose z;
    /// - type 3: the other two (in one row or column) have extra digits that, with k − 1 more
    ///   cells of a unit they share, make a naked set of k: the unit's other cells lose them;
    /// - type 4: the other two share a unit in which x lies only in them: they lose y.
    pub(super) fn unique_rectangle(&mut self) -> Option<Step> {
        if !self.plain {
            return None;
        }
        let n = self.n;
        let region = self.box_of_cells()?;
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
                        if regions.len() != 2 {
                            continue;
                        }
                        if corners.iter().any(|&k| self.value[k] != 0 || self.cand[k] & pair != pair) {
                            continue;
                        }
                        let extra: Vec<usize> = corners.iter().copied().filter(|&k| self.cand[k] != pair).collect();
                        if let Some(step) = self.rectangle_step(&corners, pair, &extra) {
                            return Some(step);
                        }
                    }
                }
            }
        }
        None
    }

    /// The step of the rectangle `corners` on `pair`, whose corners `extra` hold more.
    fn rectangle_step(&mut self, corners: &[usize; 4], pair: u64, extra: &[usize]) -> Option<Step> {
        let xy = digit_set(pair);
        let mut step = match *extra {
            [target] => {
                let removed: Vec<(usize, u8)> = super::digits(pair).map(|d| (target, d)).collect();
                let text = |s: &Self| {
                    let others: Vec<_> = corners.iter().filter(|&&k| k != target).map(|&k| s.cell(k)).collect();
                    format!(
                        "Unique rectangle type 1 (relies on the puzzle being unique): {} hold only {xy}; if {} were one of them too, the two digits could swap in the rectangle",
                        super::step::cell_list(others),
                        s.cell(target)
                    )
                };
                self.removal_step(Some(removed), Technique::UniqueRectangle, text)
            }
            [a, b] => self.deadly_roof(corners, pair, a, b, Technique::UniqueRectangle),
            _ => None,
        }?;
        step.uses_uniqueness = true;
        Some(self.pattern(step, corners))
    }

    /// Types 2, 3 and 4 of a deadly pattern (`technique`: a unique rectangle or loop) whose
    /// cells `corners` all hold `pair`: the roof `a`, `b` holds extra digits.
    pub(super) fn deadly_roof(
        &mut self,
        corners: &[usize],
        pair: u64,
        a: usize,
        b: usize,
        technique: Technique,
    ) -> Option<Step> {
        let xy = digit_set(pair);
        let (title, noun) = deadly_names(technique);
        let (ea, eb) = (self.cand[a] & !pair, self.cand[b] & !pair);
        // Type 2: the same one extra digit z in both: one of them is z.
        if ea == eb && ea.count_ones() == 1 {
            let z = ea.trailing_zeros() as u8 + 1;
            let removed = self.seen_by_all(&[a, b], z, corners);
            let text = |s: &Self| {
                format!(
                    "{title} type 2 (relies on the puzzle being unique): the {noun} {} holds {xy}, and {} and {} add only {z}; one of them is {z}",
                    super::step::cell_list(corners.iter().map(|&k| s.cell(k))),
                    s.cell(a),
                    s.cell(b)
                )
            };
            if let Some(step) = self.removal_step(Some(removed), technique, text) {
                return Some(step);
            }
        }
        let shared = self.full_houses_with(a, b);
        // Type 4: x only in the roof within a shared unit: the roof loses y.
        for &h in &shared {
            for x in super::digits(pair) {
                let y = (pair & !bit(x)).trailing_zeros() as u8 + 1;
                let only_roof = self.houses[h]
                    .cells
                    .iter()
                    .map(|&k| k as usize)
                    .all(|k| k == a || k == b || self.cand[k] & bit(x) == 0 || self.value[k] != 0);
                if !only_roof {
                    continue;
                }
                let text = |s: &Self| {
                    format!(
                        "{title} type 4 (relies on the puzzle being unique): the {noun} {} holds {xy}; in {}, {x} lies only in {} and {}, so neither can be {y}",
                        super::step::cell_list(corners.iter().map(|&k| s.cell(k))),
                        s.houses[h].label,
                        s.cell(a),
                        s.cell(b)
                    )
                };
                if let Some(step) = self.removal_step(Some(vec![(a, y), (b, y)]), technique, text) {
                    return Some(step);
                }
            }
        }
        // Type 3: the extras act as one cell of a naked set within a shared unit.
        let virtual_mask = ea | eb;
        for &h in &shared {
            if let Some((set, mask, removed)) = self.virtual_naked_set(h, a, b, virtual_mask) {
                let text = |s: &Self| {
                    format!(
                        "{title} type 3 (relies on the puzzle being unique): the {noun} {} holds {xy}, so {} or {} holds one of {}; with {} they make a naked set of {} in {}",
                        super::step::cell_list(corners.iter().map(|&k| s.cell(k))),
                        s.cell(a),
                        s.cell(b),
                        digit_set(virtual_mask),
                        super::step::cell_list(set.iter().map(|&k| s.cell(k))),
                        digit_set(mask),
                        s.houses[h].label
                    )
                };
                if let Some(mut step) = self.removal_step(Some(removed), technique, text) {
                    step.rating = super::SeRating(step.rating.0 + set.len() as u16);
                    return Some(step);
                }
            }
        }
        None
    }

    /// The houses where each digit is once (units of every digit) that hold both `a` and `b`.
    pub(super) fn full_houses_with(&self, a: usize, b: usize) -> Vec<usize> {
        (0..self.houses.len())
            .filter(|&h| {
                let cells = &self.houses[h].cells;
                self.houses[h].full && cells.contains(&(a as u32)) && cells.contains(&(b as u32))
            })
            .collect()
    }

    /// Cells of house `h` (not `a` or `b`) that, with one of `a`, `b` holding a digit of
    /// `virtual_mask`, make a naked set: (those cells, the set's digits, what the house's
    /// other cells lose), smallest set first, sets of up to three more cells.
    pub(super) fn virtual_naked_set(&self, h: usize, a: usize, b: usize, virtual_mask: u64) -> Option<NakedSet> {
        let others: Vec<usize> = self.houses[h]
            .cells
            .iter()
            .map(|&k| k as usize)
            .filter(|&k| k != a && k != b && self.value[k] == 0)
            .collect();
        for size in 1..=3usize.min(others.len().saturating_sub(1)) {
            let mut found = None;
            any_subset(others.len(), size, &mut |pick| {
                let mask = pick.iter().fold(virtual_mask, |m, &i| m | self.cand[others[i]]);
                if mask.count_ones() as usize != size + 1 {
                    return false;
                }
                let removed: Vec<(usize, u8)> = others
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| !pick.contains(i))
                    .flat_map(|(_, &k)| super::digits(self.cand[k] & mask).map(move |d| (k, d)))
                    .collect();
                if removed.is_empty() {
                    return false;
                }
                found = Some((pick.iter().map(|&i| others[i]).collect::<Vec<_>>(), mask, removed));
                true
            });
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// BUG+1: every open cell holds two candidates but one, which holds three. Without that
    /// cell's extra digit the grid would be a "bivalue universal grave", which has either no
    /// solution or two; so the cell takes the digit that appears three times in its units.
    pub(super) fn bug_plus_one(&mut self) -> Option<Step> {
        if !self.plain {
            return None;
        }
        let open: Vec<usize> = (0..self.cand.len()).filter(|&k| self.value[k] == 0).collect();
        let mut odd = open.iter().copied().filter(|&k| self.cand[k].count_ones() != 2);
        let (Some(k), None) = (odd.next(), odd.next()) else { return None };
        if self.cand[k].count_ones() != 3 {
            return None;
        }
        let houses: Vec<usize> = (0..self.houses.len())
            .filter(|&h| self.houses[h].full && self.houses[h].cells.contains(&(k as u32)))
            .collect();
        let times = |s: &Self, h: usize, d: u8| {
            s.houses[h].cells.iter().filter(|&&c| s.value[c as usize] == 0 && s.cand[c as usize] & bit(d) != 0).count()
        };
        let mut three = super::digits(self.cand[k]).filter(|&d| houses.iter().all(|&h| times(self, h, d) == 3));
        let (Some(d), None) = (three.next(), three.next()) else { return None };
        let text = format!(
            "BUG+1 (relies on the puzzle being unique): every open cell but {} holds two candidates; {} {} must be {d}, the digit it holds three times in each of its units, or the grid would have no solution or two",
            self.cell(k),
            self.cell(k),
            digit_set(self.cand[k])
        );
        let mut step = Step::new(Technique::BugPlusOne, text);
        step.placements = vec![self.candidate(k, d)];
        step.uses_uniqueness = true;
        Some(self.pattern(step, &[k]))
    }
}

/// How a step of `technique` names itself and its pattern.
fn deadly_names(technique: Technique) -> (&'static str, &'static str) {
    match technique {
        Technique::UniqueLoop => ("Unique loop", "loop"),
        _ => ("Unique rectangle", "rectangle"),
    }
}

//! BUG types 2 and 3 (bivalue universal grave): sound only because the puzzle has one solution
//! (proved by the rater) and only without variant rules.
//!
//! A grave is a position where every open cell holds two candidates and every digit has two
//! places, or none, in each house: it has no solution or at least two (the digits can swap
//! round its cycles). When taking a few *BUG candidates* away would leave a grave, one of them
//! is the solution's:
//! - type 2: they are all one digit `d`: one of their cells is `d`, so cells seeing all of them
//!   lose `d`;
//! - type 3: they lie in two cells of one house: one of the two holds one of their digits,
//!   which act as one cell of a naked set with other cells of the house.
//!
//! A BUG candidate is found as Sudoku Explainer finds it: a digit with neither none nor two
//! places in a house, of which exactly one place is a cell of three candidates or more.
//! Weights (`Bug2Hint`, `Bug3Hint`): type 2 5.7; type 3 5.7 plus 0.1 per digit of its naked
//! set past the first. Type 1, one extra candidate, is BUG+1 (`uniqueness.rs`).

use super::step::{cell_list, Step};
use super::{bit, digits, Logic, SeRating, Technique};

impl Logic {
    /// The BUG candidates of the position, if taking them away leaves a grave.
    fn bug_candidates(&self) -> Option<Vec<(usize, u8)>> {
        let houses: Vec<&super::logic::House> = self.houses.iter().filter(|h| h.full).collect();
        let mut bug: Vec<(usize, u8)> = Vec::new();
        for house in &houses {
            for d in 1..=self.n as u8 {
                let places: Vec<usize> = house
                    .cells
                    .iter()
                    .map(|&k| k as usize)
                    .filter(|&k| self.value[k] == 0 && self.cand[k] & bit(d) != 0)
                    .collect();
                if places.is_empty() || places.len() == 2 {
                    continue;
                }
                let mut wide = places.iter().copied().filter(|&k| self.cand[k].count_ones() >= 3);
                match (wide.next(), wide.next()) {
                    (None, _) => return None,
                    (Some(k), None) => bug.push((k, d)),
                    _ => {}
                }
            }
        }
        bug.sort_unstable();
        bug.dedup();
        let mut cand = self.cand.clone();
        for &(k, d) in &bug {
            cand[k] &= !bit(d);
        }
        let open = |k: usize| self.value[k] == 0;
        if (0..cand.len()).any(|k| open(k) && cand[k].count_ones() != 2) {
            return None;
        }
        for house in &houses {
            for d in 1..=self.n as u8 {
                let places =
                    house.cells.iter().filter(|&&k| open(k as usize) && cand[k as usize] & bit(d) != 0).count();
                if places != 0 && places != 2 {
                    return None;
                }
            }
        }
        (!bug.is_empty()).then_some(bug)
    }

    /// BUG type 2 or 3.
    pub(super) fn bug_types(&mut self) -> Option<Step> {
        if !self.plain {
            return None;
        }
        let bug = self.bug_candidates()?;
        let mut cells: Vec<usize> = bug.iter().map(|&(k, _)| k).collect();
        cells.dedup();
        let listed = |s: &Self| {
            let names: Vec<String> = bug.iter().map(|&(k, d)| format!("{d} in {}", s.cell(k))).collect();
            names.join(", ")
        };
        let grave = "every open cell would hold two candidates and every digit two places in each house, a grave with no solution or two";
        // Type 2: one digit.
        if bug.iter().all(|&(_, d)| d == bug[0].1) && cells.len() >= 2 {
            let d = bug[0].1;
            let removed = self.seen_by_all(&cells, d, &cells);
            let text = |s: &Self| {
                format!(
                    "BUG type 2 (relies on the puzzle being unique): without {}, {grave}; so one of {} is {d}",
                    listed(s),
                    cell_list(cells.iter().map(|&k| s.cell(k)))
                )
            };
            if let Some(step) = self.removal_step(Some(removed), Technique::Bug, text) {
                return Some(self.bug_step(step, &cells));
            }
        }
        // Type 3: two cells of one house.
        let [a, b] = cells[..] else { return None };
        let virtual_mask = bug.iter().fold(0, |m, &(_, d)| m | bit(d));
        for h in self.full_houses_with(a, b) {
            let Some((set, mask, removed)) = self.virtual_naked_set(h, a, b, virtual_mask) else { continue };
            let text = |s: &Self| {
                format!(
                    "BUG type 3 (relies on the puzzle being unique): without {}, {grave}; so {} or {} holds one of {}, and with {} they make a naked set of {} in {}",
                    listed(s),
                    s.cell(a),
                    s.cell(b),
                    super::step::digit_set(virtual_mask),
                    cell_list(set.iter().map(|&k| s.cell(k))),
                    super::step::digit_set(mask),
                    s.houses[h].label
                )
            };
            if let Some(mut step) = self.removal_step(Some(removed), Technique::Bug, text) {
                step.rating = SeRating(step.rating.0 + digits(mask).count() as u16 - 1);
                return Some(self.bug_step(step, &[a, b]));
            }
        }
        None
    }

    fn bug_step(&self, mut step: Step, cells: &[usize]) -> Step {
        step.uses_uniqueness = true;
        self.pattern(step, cells)
    }
}

//! Full houses, hidden and naked singles: the steps that place digits.

use super::step::Step;
use super::{bit, is_region, Logic, SeRating, Technique};

impl Logic {
    /// The last empty cell of a house (each digit exactly once there) takes the digit the house
    /// lacks (SE 1.0: a hidden single whose house has one empty cell).
    pub(super) fn full_house(&mut self) -> Option<Step> {
        for h in 0..self.houses.len() {
            let house = &self.houses[h];
            if !house.full {
                continue;
            }
            let mut open = house.cells.iter().map(|&k| k as usize).filter(|&k| self.value[k] == 0);
            let (Some(k), None) = (open.next(), open.next()) else { continue };
            let placed =
                house.cells.iter().fold(0u64, |m, &c| m | self.value[c as usize].checked_sub(1).map_or(0, |d| 1 << d));
            let missing = !placed & self.cand[k];
            if missing.count_ones() != 1 {
                continue; // a clash: left for the other singles to find
            }
            let d = missing.trailing_zeros() as u8 + 1;
            let cell = self.cell(k);
            let text = format!("Full house: {cell} is the last empty cell of {}, which lacks only {d}", house.label);
            let mut step = Step::new(Technique::FullHouse, text)
                .with_cells(house.cells.iter().map(|&c| self.cell(c as usize)))
                .with_candidates([self.candidate(k, d)]);
            step.placements = vec![self.candidate(k, d)];
            return Some(step);
        }
        None
    }

    /// A digit with one cell left in an exactly-once unit; boxes and regions first (SE weighs
    /// a hidden single there 1.2, in a line 1.5).
    pub(super) fn hidden_single(&mut self) -> Option<Step> {
        for regions_first in [true, false] {
            for u in 0..self.units.len() {
                let unit = &self.units[u];
                if self.done[u] || !unit.exact || is_region(unit.kind) != regions_first {
                    continue;
                }
                let d = unit.digit;
                let mut holders = unit.cells.iter().map(|&k| k as usize).filter(|&k| self.cand[k] & bit(d) != 0);
                match (holders.next(), holders.next()) {
                    (None, _) => {
                        self.broken = true;
                        return None;
                    }
                    (Some(k), None) => {
                        let cell = self.cell(k);
                        let mut step = Step::new(
                            Technique::HiddenSingle,
                            format!("Hidden single: in {}, {d} fits only in {cell}", unit.label),
                        )
                        .with_cells(unit.cells.iter().map(|&c| self.cell(c as usize)))
                        .with_candidates([self.candidate(k, d)]);
                        if regions_first {
                            step.rating = SeRating(12);
                        }
                        step.placements = vec![self.candidate(k, d)];
                        return Some(step);
                    }
                    _ => {}
                }
            }
        }
        None
    }

    /// A cell with one candidate left.
    pub(super) fn naked_single(&mut self) -> Option<Step> {
        let k = (0..self.cand.len()).find(|&k| {
            let c = self.cand[k];
            self.value[k] == 0 && c != 0 && c & (c - 1) == 0
        })?;
        let d = self.cand[k].trailing_zeros() as u8 + 1;
        let cell = self.cell(k);
        let mut step = Step::new(Technique::NakedSingle, format!("Naked single: {cell} can only be {d}"))
            .with_cells([cell])
            .with_candidates([self.candidate(k, d)]);
        step.placements = vec![self.candidate(k, d)];
        Some(step)
    }
}

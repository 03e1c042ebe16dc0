//! Wings of four, five and six cells (Sukaku Explainer's WXYZ-, VWXYZ- and UVWXYZ-wings): an
//! ALS-XZ whose one almost locked set is a single bivalue cell {x,z} and whose other is `m`
//! cells of one house holding `m + 1` digits, x and z among them.
//!
//! If every x of the house's set sees the bivalue cell, at most one of the two holds x. So
//! either the bivalue cell is z, or it is x and the set, without x, is locked on its other
//! digits, z among them: one of the two holds z, and a cell that sees every z of both loses it.
//!
//! Sukaku Explainer's weights (`WXYZWingHint`, `VWXYZWingHint`, `UVWXYZWingHint`): four cells
//! 5.5, or 5.6 when the house's set's fullest cell holds three digits; five cells 6.2 plus
//! 0.1 × (2 − |3 − c|), `c` its fullest cell's count (6.2 to 6.4); six cells 6.6. The
//! technique table tries them at their bases, between the techniques of those weights.

use super::step::{digit_set, Step};
use super::{bit, digits, Logic, SeRating, Technique};

impl Logic {
    /// A wing of `size` cells (4, 5 or 6) as `technique`.
    pub(super) fn als_wing(&mut self, size: usize, technique: Technique) -> Option<Step> {
        let sets = self.als_of_position()?;
        let (pivots, wings): (Vec<_>, Vec<_>) = sets
            .iter()
            .filter(|a| a.bits.count_ones() == 1 || a.bits.count_ones() as usize == size - 1)
            .partition(|a| a.bits.count_ones() == 1);
        for big in &wings {
            for cell in &pivots {
                if big.bits & cell.bits != 0 || cell.cand & big.cand != cell.cand {
                    continue;
                }
                for x in digits(big.restricted(cell)) {
                    let z = (cell.cand & !bit(x)).trailing_zeros() as u8 + 1;
                    let removed = self.either_holds(big, cell, z);
                    let text = |s: &Self| {
                        format!(
                            "{}: {} and {} {} cannot both hold {x} (every {x} of the first sees {}), so one of them holds {z}",
                            technique_title(technique),
                            s.als_text(big),
                            s.cell(cell.cells()[0]),
                            digit_set(cell.cand),
                            s.cell(cell.cells()[0]),
                        )
                    };
                    let Some(mut step) = self.removal_step(Some(removed), technique, text) else { continue };
                    let fullest = big.cells().iter().map(|&k| self.cand[k].count_ones()).max().unwrap_or(0) as i32;
                    step.rating = SeRating(step.rating.0 + wing_bonus(size, fullest));
                    return Some(self.als_step(step, &[big, cell]));
                }
            }
        }
        None
    }
}

/// The step's name.
fn technique_title(technique: Technique) -> &'static str {
    match technique {
        Technique::WxyzWing => "WXYZ-wing",
        Technique::VwxyzWing => "VWXYZ-wing",
        _ => "UVWXYZ-wing",
    }
}

/// Tenths above the row's base for a wing of `size` cells whose house's set's fullest cell
/// holds `fullest` digits (Sukaku Explainer's formula: cells of middling size weigh more).
fn wing_bonus(size: usize, fullest: i32) -> u16 {
    let middle = 3;
    let spread = match size {
        4 => 1,
        5 => 2,
        _ => return 0,
    };
    (spread - (middle - fullest).abs()).max(0) as u16
}

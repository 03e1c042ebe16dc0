//! Extra regions: any groups of cells whose digits are distinct (a region of `n` cells holds
//! every digit once).
//!
//! ```text
//!   extra{i}_d{d} :  Σ_{c ∈ region i} x[c, d] = 1      (|region| = n: exact cover)
//!   extra{i}_d{d} :  Σ_{c ∈ region i} x[c, d] <= 1     (smaller regions)
//! ```

use crate::check::{duplicates, Unit, Violation};
use crate::geometry::Cell;
use crate::grid::Grid;

use super::{check_cells, Emit, RuleError};

pub(crate) fn validate(n: usize, regions: &[Vec<Cell>]) -> Result<(), RuleError> {
    for (i, cells) in regions.iter().enumerate() {
        let path = format!("regions[{i}]");
        check_cells(n, cells, |j| format!("{path}[{j}]"))?;
        if cells.len() < 2 || cells.len() > n {
            return Err(RuleError::new(
                path,
                format!("an extra region has 2 to {n} cells, this one has {}", cells.len()),
            ));
        }
    }
    Ok(())
}

pub(crate) fn emit(b: &mut Emit<'_, '_>, regions: &[Vec<Cell>]) {
    let n = b.n();
    for (i, cells) in regions.iter().enumerate() {
        let name = format!("extra{}", i + 1);
        if cells.len() == n {
            b.all_different(name, cells);
        } else {
            b.at_most_once(name, cells);
        }
    }
}

pub(crate) fn check(grid: &Grid, regions: &[Vec<Cell>]) -> Vec<Violation> {
    let mut out = Vec::new();
    for (i, cells) in regions.iter().enumerate() {
        out.extend(duplicates(&Unit::Named(format!("extra region {}", i + 1)), cells, grid));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{agreement4, c};
    use crate::rules::Rule;

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        let regions = vec![vec![c(1, 1), c(2, 2), c(3, 3), c(4, 4)], vec![c(1, 4), c(4, 1), c(2, 3)]];
        let (yes, no) = agreement4(Rule::ExtraRegions { regions });
        assert!(yes > 0 && no > 0, "{yes} {no}");
    }

    #[test]
    fn sizes_are_checked() {
        assert_eq!(validate(4, &[vec![c(1, 1)]]).expect_err("one cell").path, "regions[0]");
        let five = vec![c(1, 1), c(1, 2), c(1, 3), c(1, 4), c(2, 1)];
        assert!(validate(4, &[five]).is_err());
        assert_eq!(validate(4, &[vec![c(1, 1), c(1, 1)]]).expect_err("twice").path, "regions[0][1]");
    }
}

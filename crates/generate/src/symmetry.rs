//! Symmetries of the clue pattern: clues are removed one orbit at a time, so the cells that are
//! left form a symmetric pattern (the digits in them need not be symmetric).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Which cells must be given together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Symmetry {
    /// Any pattern.
    #[default]
    None,
    /// Half-turn: `r,c` with `n−1−r, n−1−c` (the classic newspaper pattern).
    Rot180,
    /// Quarter-turn: the four rotations of a cell.
    Rot90,
    /// Left–right mirror: `r,c` with `r, n−1−c`.
    Mirror,
    /// Main diagonal: `r,c` with `c,r`.
    Diagonal,
}

impl Symmetry {
    /// Every symmetry, in the order of the command line help.
    pub const ALL: [Symmetry; 5] =
        [Symmetry::None, Symmetry::Rot180, Symmetry::Rot90, Symmetry::Mirror, Symmetry::Diagonal];

    /// Name as on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// The images of cell `(r, c)` of an `n`×`n` grid under the group (the cell included,
    /// possibly repeated).
    fn images(self, n: usize, r: usize, c: usize) -> Vec<(usize, usize)> {
        let m = n - 1;
        match self {
            Symmetry::None => vec![(r, c)],
            Symmetry::Rot180 => vec![(r, c), (m - r, m - c)],
            Symmetry::Rot90 => vec![(r, c), (c, m - r), (m - r, m - c), (m - c, r)],
            Symmetry::Mirror => vec![(r, c), (r, m - c)],
            Symmetry::Diagonal => vec![(r, c), (c, r)],
        }
    }

    /// The orbits of the row-major cells of an `n`×`n` grid, each sorted, ordered by their
    /// first cell.
    pub fn orbits(self, n: usize) -> Vec<Vec<usize>> {
        let mut seen = vec![false; n * n];
        let mut out = Vec::new();
        for k in 0..n * n {
            if seen[k] {
                continue;
            }
            let mut orbit: Vec<usize> = self.images(n, k / n, k % n).into_iter().map(|(r, c)| r * n + c).collect();
            orbit.sort_unstable();
            orbit.dedup();
            for &j in &orbit {
                seen[j] = true;
            }
            out.push(orbit);
        }
        out
    }

    /// Whether the filled cells of a row-major `n`×`n` pattern (0 = empty) are symmetric.
    pub fn holds(self, n: usize, values: &[u8]) -> bool {
        self.orbits(n).iter().all(|o| {
            let filled = values[o[0]] != 0;
            o.iter().all(|&k| (values[k] != 0) == filled)
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        crate::by_name(s, &Symmetry::ALL, Symmetry::name, "symmetry")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_grid_with_the_expected_sizes() {
        for n in [4, 9] {
            for sym in Symmetry::ALL {
                let orbits = sym.orbits(n);
                let mut seen = vec![0; n * n];
                for o in &orbits {
                    for &k in o {
                        seen[k] += 1;
                    }
                }
                assert!(seen.iter().all(|&s| s == 1), "{sym} n={n}");
            }
        }
        // 9×9: 41 half-turn orbits (40 pairs + the centre), 21 quarter-turn orbits (20 + centre),
        // 45 mirror orbits (36 pairs + 9 on the middle column), 45 diagonal orbits.
        let count = |s: Symmetry| s.orbits(9).len();
        assert_eq!([count(Symmetry::None), count(Symmetry::Rot180), count(Symmetry::Rot90)], [81, 41, 21]);
        assert_eq!([count(Symmetry::Mirror), count(Symmetry::Diagonal)], [45, 45]);
        assert_eq!(Symmetry::Rot90.orbits(9)[0], vec![0, 8, 72, 80]);
        // Even side: no fixed centre.
        assert_eq!(Symmetry::Rot90.orbits(4).len(), 4);
    }

    #[test]
    fn holds_detects_a_broken_pattern() {
        let mut v = vec![0u8; 16];
        v[0] = 1;
        v[15] = 2;
        assert!(Symmetry::Rot180.holds(4, &v));
        assert!(!Symmetry::Rot90.holds(4, &v));
        assert!(!Symmetry::Mirror.holds(4, &v));
        assert!(Symmetry::None.holds(4, &v));
    }

    #[test]
    fn names_round_trip() {
        for s in Symmetry::ALL {
            assert_eq!(s.name().parse::<Symmetry>(), Ok(s));
        }
        assert!("rot45".parse::<Symmetry>().is_err());
    }
}

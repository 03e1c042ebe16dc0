//! Exact sums: every value a group of an equality row keeps is part of some way of making the
//! row's total from the other groups' live values.
//!
//! Bounds (`linear.rs`) look at each group against the others' smallest and largest sums, so
//! holes pass: a little killer `a + b + c = 12` with `a, b ∈ {1, 5}` keeps `c = 6` (between
//! 12 − 10 and 12 − 2) though no choice of `a` and `b` makes 6. Sums of distinct values have
//! their combinations (`sums.rs`); for the other equality rows — diagonals that may repeat a
//! digit, arrows (the circle a negative term), innies and outies, killers without the distinct
//! rule — this module reasons over the sums themselves, as a knapsack over bitsets:
//!
//! ```text
//!  group g: its contributions C_g = the live coefficients, and 0 unless the group holds every
//!           live variable of its exactly-one row (then one of them is 1); shifted by
//!           off_g = min(0, least coefficient) so all are >= 0
//!  P_0 = {0},        P_{g+1} = ∪_{a ∈ C_g} (P_g + a)        sums the groups before g + 1 reach
//!  R_m = {rhs'},     R_g     = ∪_{a ∈ C_g} (R_{g+1} − a)    what groups 0..g must leave
//!  a ∈ C_g is kept iff (P_g + a) ∩ R_{g+1} ≠ ∅;   rhs' ∉ P_m is a conflict
//! ```
//!
//! Sound: the values of a solution make a sum in every `P` and `R` along the row. Rows whose
//! sums span more than [`MAX_WORDS`] words are left to bounds.

use sudoku_ip_model::Sense;

/// Most 64-bit words of one row's sum bitsets (sums up to 511 apart).
pub(crate) const MAX_WORDS: usize = 8;

/// Per linear row, the words of its sum bitsets; 0 for rows left to bounds.
#[derive(Debug, Default)]
pub(crate) struct Exact {
    pub words: Vec<u8>,
}

impl Exact {
    /// Equality rows that are not sums of distinct values (`is_sum`) and whose sums span at
    /// most [`MAX_WORDS`] words.
    pub(crate) fn detect(
        lin_terms: &[(u32, i64)],
        lin_groups: &[u32],
        group_start: &[u32],
        lin_sense: &[Sense],
        is_sum: impl Fn(usize) -> bool,
    ) -> Exact {
        let rows = lin_sense.len();
        let mut words = vec![0u8; rows];
        for (l, slot) in words.iter_mut().enumerate() {
            if lin_sense[l] != Sense::Eq || is_sum(l) {
                continue;
            }
            let (g0, g1) = (lin_groups[l] as usize, lin_groups[l + 1] as usize);
            if g1 - g0 < 2 {
                continue;
            }
            let mut span = 0i64;
            for g in g0..g1 {
                let terms = &lin_terms[group_start[g] as usize..group_start[g + 1] as usize];
                let lo = terms.iter().map(|&(_, a)| a).min().unwrap_or(0).min(0);
                let hi = terms.iter().map(|&(_, a)| a).max().unwrap_or(0).max(0);
                span += hi - lo;
            }
            let need = (span as usize + 1).div_ceil(64);
            if need <= MAX_WORDS {
                *slot = need as u8;
            }
        }
        Exact { words }
    }
}

/// `dst |= src << s` over `dst.len()` words (bits shifted past the end are dropped).
#[inline]
pub(crate) fn shl_or(dst: &mut [u64], src: &[u64], s: usize) {
    let (q, b) = (s / 64, s % 64);
    for w in (q..dst.len()).rev() {
        let mut x = src[w - q] << b;
        if b != 0 && w > q {
            x |= src[w - q - 1] >> (64 - b);
        }
        dst[w] |= x;
    }
}

/// `dst |= src >> s`.
#[inline]
pub(crate) fn shr_or(dst: &mut [u64], src: &[u64], s: usize) {
    let (q, b) = (s / 64, s % 64);
    let n = dst.len();
    for w in 0..n.saturating_sub(q) {
        let mut x = src[w + q] >> b;
        if b != 0 && w + q + 1 < n {
            x |= src[w + q + 1] << (64 - b);
        }
        dst[w] |= x;
    }
}

/// Whether `(p << s) & r` has a bit.
#[inline]
pub(crate) fn shl_meets(p: &[u64], s: usize, r: &[u64]) -> bool {
    let (q, b) = (s / 64, s % 64);
    (q..r.len()).any(|w| {
        let mut x = p[w - q] << b;
        if b != 0 && w > q {
            x |= p[w - q - 1] >> (64 - b);
        }
        x & r[w] != 0
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(bits: &[usize], words: usize) -> Vec<u64> {
        let mut out = vec![0; words];
        for &b in bits {
            out[b / 64] |= 1 << (b % 64);
        }
        out
    }

    fn bits(s: &[u64]) -> Vec<usize> {
        (0..s.len() * 64).filter(|&b| s[b / 64] >> (b % 64) & 1 == 1).collect()
    }

    #[test]
    fn shifts_cross_words_both_ways() {
        for s in [0, 1, 5, 63, 64, 65, 100, 130] {
            let src = set(&[0, 3, 62, 63, 64, 70, 127, 150], 3);
            let mut up = vec![0; 3];
            shl_or(&mut up, &src, s);
            let want: Vec<usize> = bits(&src).into_iter().map(|b| b + s).filter(|&b| b < 192).collect();
            assert_eq!(bits(&up), want, "<< {s}");
            let mut down = vec![0; 3];
            shr_or(&mut down, &src, s);
            let want: Vec<usize> = bits(&src).into_iter().filter(|&b| b >= s).map(|b| b - s).collect();
            assert_eq!(bits(&down), want, ">> {s}");
            for r in [set(&[150], 3), set(&[3 + s.min(100)], 3), set(&[191], 3)] {
                let meets = bits(&up).iter().any(|b| bits(&r).contains(b));
                assert_eq!(shl_meets(&src, s, &r), meets, "meets << {s} {:?}", bits(&r));
            }
        }
    }
}

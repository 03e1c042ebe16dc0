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
//!
//! A block of the row (`distinct.rs`: groups that take distinct values, such as an arrow's
//! cells in one box or a little killer's in one box) is one item: its contributions are the
//! sums of the ways its groups take distinct values ([`ways`], at most [`MAX_WAYS`] of them,
//! else its groups are items of their own), and a term is kept iff some way that takes it has
//! a sum that completes the row. ISS's sum handler does this for its exclusion groups of up to
//! three open cells: `a + b = 8` over two cells that see each other loses 4, which the
//! knapsack over groups keeps (4 + 4). Pill arrows: 624 guesses → 137; triple-digits 1,419 →
//! 846; the killers' leftover rows 1,208 → 1,003.

use sudoku_ip_model::Sense;

/// Most 64-bit words of one row's sum bitsets (sums up to 511 apart).
pub(crate) const MAX_WORDS: usize = 8;

/// Per linear row, the words of its sum bitsets; 0 for rows left to bounds.
#[derive(Debug, Default)]
pub(crate) struct Exact {
    pub words: Vec<u8>,
    /// Per group, `off_g`: its least coefficient, or 0 when none is negative.
    pub off: Vec<i64>,
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
        let off = (0..group_start.len() - 1)
            .map(|g| {
                let terms = &lin_terms[group_start[g] as usize..group_start[g + 1] as usize];
                terms.iter().map(|&(_, a)| a).min().unwrap_or(0).min(0)
            })
            .collect();
        Exact { words, off }
    }
}

/// Most ways a block's groups may take distinct values for it to be one item of the knapsack;
/// a block with more is bounded group by group.
pub(crate) const MAX_WAYS: usize = 512;

/// Whether a block of the row being propagated is one item yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Seen {
    No,
    Item,
    /// Too many ways: its groups are items of their own.
    Groups,
}

/// One item of the knapsack: a group, or a block of groups taking distinct values.
#[derive(Clone, Debug)]
pub(crate) struct Item {
    pub block: Option<u32>,
    pub group: u32,
    /// A block's live terms in [`ExactScratch::terms`], the starts of its `groups` groups
    /// from `at` in [`ExactScratch::group_at`] (then the end, `terms.end`).
    pub terms: std::ops::Range<u32>,
    pub at: u32,
    pub groups: u32,
}

/// Scratch of one row's propagation, kept by the engine to reuse its allocations.
#[derive(Debug, Default)]
pub(crate) struct ExactScratch {
    /// The bitsets `P` and `R`, item after item.
    pub p: Vec<u64>,
    pub r: Vec<u64>,
    /// Each item's contributions (a block's: its distinct sums, ascending), from `start[i]`.
    pub vals: Vec<u32>,
    pub start: Vec<u32>,
    pub items: Vec<Item>,
    pub seen: Vec<Seen>,
    /// Blocks' live terms `(term, contribution above the group's offset, value index)`,
    /// group after group from `group_at[j]`.
    pub terms: Vec<(u32, u32, u8)>,
    pub group_at: Vec<u32>,
    /// The path of [`ways`] (one entry a group); a block's sums (then those that complete the row) as a bitset;
    /// which of its terms some completing way takes.
    pub path: Vec<u32>,
    pub sums: Vec<u64>,
    pub held: Vec<bool>,
    /// The live masks of the block being read, and per block of the model the masks its sums
    /// were last computed for, with those sums: a block's sums depend on its masks alone.
    pub sig: Vec<u64>,
    pub cache: Vec<BlockWays>,
    /// Per sum, the block's terms some way of that sum takes (while the ways are walked).
    pub by_sum: Vec<u64>,
}

/// A block's ways, as last computed for its live masks `sig`: their distinct sums, ascending,
/// and, once asked for, with each the block's live terms (bit `i`: its `i`-th, in the order of
/// [`ExactScratch::terms`]) some way of that sum takes. A term is kept iff some way that takes
/// it completes the row, so while the masks stay, the terms kept are those of the completing
/// sums, read here rather than by walking the ways at every call. `terms` is empty until asked
/// for, and always for a block of more than 64 live terms, whose ways are walked each time.
#[derive(Debug, Default)]
pub(crate) struct BlockWays {
    pub sig: Vec<u64>,
    pub sums: Vec<u32>,
    pub terms: Vec<u64>,
}

/// Call `visit(sum, path)` for every way the groups of a block (their terms in `terms` from
/// `group_at[j]` to `group_at[j + 1]`, the last entry the end) from the `j`-th on take terms
/// of distinct value indices outside `used`: the sum of their contributions (plus `sum`) and
/// `path`, the index in `terms` of the term each group takes (from `j` on, written here).
pub(crate) fn ways<F: FnMut(u32, &[u32])>(
    terms: &[(u32, u32, u8)],
    group_at: &[u32],
    path: &mut [u32],
    (j, used, sum): (usize, u64, u32),
    visit: &mut F,
) {
    let last = j + 2 == group_at.len();
    for p in group_at[j]..group_at[j + 1] {
        let (_, a, value) = terms[p as usize];
        if used >> value & 1 == 0 {
            path[j] = p;
            if last {
                visit(sum + a, path);
            } else {
                ways(terms, group_at, path, (j + 1, used | 1 << value, sum + a), visit);
            }
        }
    }
}

/// The positions of the set bits of `bits`, ascending, appended to `out`.
pub(crate) fn push_bits(bits: &[u64], out: &mut Vec<u32>) {
    for (w, &word) in bits.iter().enumerate() {
        let mut word = word;
        while word != 0 {
            out.push(64 * w as u32 + word.trailing_zeros());
            word &= word - 1;
        }
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

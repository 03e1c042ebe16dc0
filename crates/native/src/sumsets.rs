//! Sum rows of few values, to full consistency: the sets of values each prefix of groups can
//! take, as bitsets over the subsets of the row's values.
//!
//! A sum row (`sums.rs`) is `k` groups taking `k` distinct values whose sum satisfies the row;
//! its satisfying value sets are its combinations. With `n` distinct values, a set of values is
//! a number below `2ⁿ`, and a family of sets a bitset of `2ⁿ` bits (8 words at `n = 9`, one
//! word up to `n = 6`). Over groups `g1..gk` with live values `live[i]`:
//!
//! ```text
//!  F₀ = {∅}                  F_{i+1} = { s ∪ {j} : s ∈ F_i, j ∈ live[i], j ∉ s }
//!  G_k = F_k ∩ combinations  G_i     = { s : s ∈ F_i, s ∪ {j} ∈ G_{i+1} for some j ∈ live[i], j ∉ s }
//!  group i keeps j  ⇔  some s ∈ F_i with j ∉ s has s ∪ {j} ∈ G_{i+1}
//! ```
//!
//! `G_i` are the value sets of the first `i` groups that complete to a solution of the row, so
//! a value is kept exactly when some assignment of distinct values to all groups, one each,
//! satisfies the row with it: the row's own consistency, which bounds (`linear.rs`) and the
//! covering test of `sums::fitting` approach from below (three cells of 6 from {1, 2} in two of
//! them and {1, 2, 3} in the third: the third must be 3, which covering cannot see). A value
//! in every set of `G_k` is taken by some group in every solution: the row's required values.
//!
//! Adding `j` to a set without it adds `2ʲ` to its number, so each step is a masked shift: by
//! `2ʲ` bits inside a word for `j < 6`, by whole words above.

/// Most distinct values of a sum row propagated here (16 words a family).
pub(crate) const MAX_VALUES: usize = 10;

/// Per value `j < 6`, the bits of a word whose position holds `j` (the sets with `j`).
const HAS: [u64; 6] = [
    0xAAAA_AAAA_AAAA_AAAA,
    0xCCCC_CCCC_CCCC_CCCC,
    0xF0F0_F0F0_F0F0_F0F0,
    0xFF00_FF00_FF00_FF00,
    0xFFFF_0000_FFFF_0000,
    0xFFFF_FFFF_0000_0000,
];

/// Words of a family of sets over `n` values.
fn words(n: usize) -> usize {
    (1usize << n).div_ceil(64)
}

/// The family of `combos` (sets of value indices below `n ≤ MAX_VALUES`).
fn family(combos: &[u64], n: usize) -> Vec<u64> {
    debug_assert!(n <= MAX_VALUES);
    let mut f = vec![0u64; words(n)];
    for &m in combos {
        f[(m / 64) as usize] |= 1 << (m % 64);
    }
    f
}

/// `dst ∪= { s ∪ {j} : s ∈ src, j ∉ s }`.
#[inline]
fn add_value(src: &[u64], j: usize, dst: &mut [u64]) {
    if j < 6 {
        for (d, &s) in dst.iter_mut().zip(src) {
            *d |= (s & !HAS[j]) << (1 << j);
        }
    } else {
        let stride = 1 << (j - 6);
        for w in (0..src.len()).filter(|w| w & stride == 0) {
            dst[w + stride] |= src[w];
        }
    }
}

/// `dst ∪= { s ∖ {j} : s ∈ src, j ∈ s } ∩ within`; whether it added any set.
#[inline]
fn remove_value(src: &[u64], j: usize, within: &[u64], dst: &mut [u64]) -> bool {
    let mut any = 0;
    if j < 6 {
        for ((d, &s), &w) in dst.iter_mut().zip(src).zip(within) {
            let t = ((s & HAS[j]) >> (1 << j)) & w;
            *d |= t;
            any |= t;
        }
    } else {
        let stride = 1 << (j - 6);
        for w in (0..src.len()).filter(|w| w & stride == 0) {
            let t = src[w + stride] & within[w];
            dst[w] |= t;
            any |= t;
        }
    }
    any != 0
}

/// Whether every set of `f` holds value `j`.
fn all_hold(f: &[u64], j: usize) -> bool {
    if j < 6 {
        f.iter().all(|&w| w & !HAS[j] == 0)
    } else {
        let stride = 1 << (j - 6);
        f.iter().enumerate().all(|(w, &x)| w & stride != 0 || x == 0)
    }
}

/// A sum row of at most [`MAX_VALUES`] values: the family of its combinations.
pub(crate) struct SumSets {
    n: usize,
    family: Vec<u64>,
}

impl SumSets {
    /// The tables of a row of `n` values whose combinations are `combos`; `None` above
    /// [`MAX_VALUES`].
    pub(crate) fn new(n: usize, combos: &[u64]) -> Option<SumSets> {
        (n <= MAX_VALUES).then(|| SumSets { n, family: family(combos, n) })
    }
}

/// The values each group keeps (`keep`, bits of value indices) under the row's own
/// consistency, given each group's live values (`live`); returns the values every solution of
/// the row takes, or `None` when it has none. The families live on the stack, in arrays of
/// the row's words (on the killers, 12% fewer instructions than in vectors kept between calls).
pub(crate) fn consistent(row: &SumSets, live: &[u64], keep: &mut [u64]) -> Option<u64> {
    match words(row.n) {
        1 => consistent_in::<1>(row, live, keep),
        2 => consistent_in::<2>(row, live, keep),
        4 => consistent_in::<4>(row, live, keep),
        8 => consistent_in::<8>(row, live, keep),
        _ => consistent_in::<16>(row, live, keep),
    }
}

/// [`consistent`] over families of `W` words (`W = words(row.n)`).
fn consistent_in<const W: usize>(row: &SumSets, live: &[u64], keep: &mut [u64]) -> Option<u64> {
    debug_assert_eq!(W, words(row.n));
    let k = live.len();
    // At most MAX_VALUES groups: they take distinct values.
    if k > MAX_VALUES {
        return None;
    }
    let mut fwd = [[0u64; W]; MAX_VALUES + 1];
    fwd[0][0] = 1;
    for (i, &l) in live.iter().enumerate() {
        let (done, rest) = fwd.split_at_mut(i + 1);
        let (src, dst) = (&done[i], &mut rest[0]);
        let mut bits = l;
        while bits != 0 {
            add_value(src, bits.trailing_zeros() as usize, dst);
            bits &= bits - 1;
        }
        if dst.iter().all(|&d| d == 0) {
            return None;
        }
    }
    let mut back = [0u64; W];
    for ((b, &f), &s) in back.iter_mut().zip(&fwd[k]).zip(&row.family) {
        *b = f & s;
    }
    if back.iter().all(|&b| b == 0) {
        return None;
    }
    let required = (0..row.n).filter(|&j| all_hold(&back, j)).fold(0u64, |r, j| r | 1 << j);
    for i in (0..k).rev() {
        let mut next = [0u64; W];
        let (mut bits, mut kept) = (live[i], 0u64);
        while bits != 0 {
            let j = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if remove_value(&back, j, &fwd[i], &mut next) {
                kept |= 1 << j;
            }
        }
        keep[i] = kept;
        back = next;
    }
    Some(required)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sums::{bounds, combinations};
    use sudoku_ip_model::Sense;

    /// Brute force: every assignment of distinct live values, one a group, whose sum
    /// (`values[j]` for value `j`) lies in `lo..=hi`.
    fn brute(values: &[i64], live: &[u64], (lo, hi): (i64, i64)) -> Option<(Vec<u64>, u64)> {
        let mut out: Vec<Vec<usize>> = Vec::new();
        let mut pick: Vec<usize> = Vec::new();
        fn go(
            i: usize,
            values: &[i64],
            live: &[u64],
            lh: (i64, i64),
            pick: &mut Vec<usize>,
            out: &mut Vec<Vec<usize>>,
        ) {
            if i == live.len() {
                let sum: i64 = pick.iter().map(|&j| values[j]).sum();
                if (lh.0..=lh.1).contains(&sum) {
                    out.push(pick.clone());
                }
                return;
            }
            for j in 0..values.len() {
                if live[i] >> j & 1 == 1 && !pick.contains(&j) {
                    pick.push(j);
                    go(i + 1, values, live, lh, pick, out);
                    pick.pop();
                }
            }
        }
        go(0, values, live, (lo, hi), &mut pick, &mut out);
        if out.is_empty() {
            return None;
        }
        let mut keep = vec![0u64; live.len()];
        let mut required = u64::MAX;
        for s in &out {
            let mut set = 0u64;
            for (i, &j) in s.iter().enumerate() {
                keep[i] |= 1 << j;
                set |= 1 << j;
            }
            required &= set;
        }
        Some((keep, required))
    }

    #[test]
    fn a_value_the_covering_test_cannot_see_is_placed() {
        // Three cells of 6 over 1..=9 (indices 0..=8): {1, 2, 3}. Two cells hold {1, 2}, the
        // third {1, 2, 3}: the third is 3.
        let values: Vec<i64> = (1..=9).collect();
        let combos = combinations(&values, 3, Sense::Eq, 6).expect("sum row");
        let row = SumSets::new(9, &combos).expect("nine values");
        let mut keep = [0u64; 3];
        let required = consistent(&row, &[0b011, 0b011, 0b111], &mut keep);
        assert_eq!((required, keep), (Some(0b111), [0b011, 0b011, 0b100]));
        assert_eq!(consistent(&row, &[0b011, 0b011, 0b011], &mut keep), None);
    }

    #[test]
    fn rows_of_more_values_are_left_to_the_covering_test() {
        let eleven: Vec<i64> = (1..=11).collect();
        let combos = combinations(&eleven, 2, Sense::Eq, 12).expect("sum row");
        assert!(SumSets::new(11, &combos).is_none());
        let ten: Vec<i64> = (1..=10).collect();
        assert!(SumSets::new(10, &combinations(&ten, 2, Sense::Eq, 12).expect("sum row")).is_some());
    }

    proptest::proptest! {
        /// Over 4 to 10 values, any sense: the answer is brute force's.
        #[test]
        fn the_kept_and_required_values_are_brute_forces(
            n in 4usize..=MAX_VALUES,
            k in 2usize..5,
            rhs in 3i64..40,
            sense in 0u8..3,
            live in proptest::collection::vec(1u64..1024, 5),
        ) {
            let values: Vec<i64> = (1..=n as i64).collect();
            let sense = [Sense::Eq, Sense::Le, Sense::Ge][sense as usize];
            let k = k.min(n);
            let Some(combos) = combinations(&values, k, sense, rhs) else { return Ok(()) };
            let live: Vec<u64> = live[..k].iter().map(|&l| l & ((1 << n) - 1)).collect();
            let row = SumSets::new(n, &combos).expect("few values");
            let mut keep = vec![0u64; k];
            let got = consistent(&row, &live, &mut keep);
            match brute(&values, &live, bounds(sense, rhs)) {
                None => proptest::prop_assert_eq!(got, None),
                Some((want_keep, want_required)) => {
                    proptest::prop_assert_eq!(got, Some(want_required));
                    proptest::prop_assert_eq!(keep, want_keep);
                }
            }
        }
    }
}

//! Bit-parallel solver for plain 9×9 Sudoku, in the spirit of JCZSolve and tdoku.
//!
//! The grid is three bands of 27 cells; each `(band, digit)` pair keeps the cells where the
//! digit may still go as one 27-bit word. A digit's three words are propagated together, with a
//! few table look-ups and no branches on the data:
//!
//! - in each band, the rows→boxes map of the digit is a permutation, so a row segment (three
//!   cells of a row in one box) that lies on no such permutation is cleared: locked candidates
//!   both ways, and hidden singles in rows and boxes;
//! - in each stack, likewise, the bands→columns map is a permutation: pointing and claiming
//!   along columns, and hidden singles in columns (which JCZSolve-style solvers leave to search);
//! - a row left with one cell places the digit there, and the cell leaves the other digits'
//!   words.
//!
//! Naked singles come from bit-sliced counting of candidates per cell across the nine words of
//! a band. At their fixed point come triads (tdoku's reasoning): the three cells where a row or
//! a column crosses a box hold exactly three digits, so where only three may go all three must,
//! and where three must go no other may — naked and hidden triples of those three cells, across
//! all 54 triads at once by bit-sliced counting over the digits.
//!
//! The search branches, as tdoku does, on a digit's configuration: in the band or stack not yet
//! fixed with the fewest configurations left over its nine digits (a configuration: the
//! permutation a digit's rows→boxes or bands→columns map takes), a digit with exactly two, one
//! branch each. When that band or stack has no such digit, or the first one's two branches
//! remove only two of its candidates each (the fewest they can), it branches on a bi-value cell
//! instead: the one whose two branches remove the most candidates from its peers, then the one
//! that sees the most unsolved cells. Guesses a puzzle, counting to two: 8.54 on top1465, 61.25
//! on forum_hardest_1905_11+, 107.72 on forum_hardest_1106 (tdoku's build here: 8.94, 61.67,
//! 110.44; bi-value cells alone took 81 on forum_hardest_1905_11+). It keeps one copy of the
//! 124-byte state (and the 72-byte triad map) per open branch on a stack kept by the thread,
//! instead of undoing moves.
//!
//! Puzzles with many givens (50 open cells or fewer: 31 givens or more) search without triads
//! and branch on the first bi-value cell, a choice made once per puzzle from its givens. On
//! puzzles that have many solutions (`puzzles7_serg_benchmark`: 34 or 35 givens, every puzzle
//! two solutions or more, 44 cells still open after propagating the givens) triads almost never
//! deduce anything and a search dives to a solution with hardly a wrong guess, so a cheaper node
//! wins; the hard sets, where triads pay, have 17–28 givens.
//!
//! Counting to two, the search looks at its first solution for an unavoidable rectangle through
//! a cell it guessed: digits a, b, b, a on four cells of two rows and two columns in exactly two
//! boxes, none given. Swapping a and b gives a second solution with no more search (61% of the
//! serg puzzles), for a few operations per open branch.
//!
//! ```text
//!   word bits (one band):  row r, column c  =  bit 9*r + c      (27 bits)
//!   state.cand[band][digit]
//!   triad maps (per digit, u64): bit 9*band + 3*row + stack        row triads
//!                                bit 32 + 9*stack + 3*band + column  column triads
//! ```

use sudoku_ip_model::Cancel;

/// What a fast-path search found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fast9Outcome {
    /// Up to `keep` solutions, row-major values 1..=9.
    pub solutions: Vec<[u8; 81]>,
    /// Solutions found (stops at `max_solutions`).
    pub count: u64,
    /// Branching decisions made.
    pub guesses: u64,
    /// True when the search space was exhausted (the count is exact).
    pub complete: bool,
    /// True when stopped by the deadline or guess limit before finishing.
    pub stopped: bool,
}

const ALL: u32 = (1 << 27) - 1;
const ROW: [u32; 3] = [0x1FF, 0x1FF << 9, 0x1FF << 18];
/// Column 0 of a band (bits 0, 9, 18); shift by the column.
const COL0: u32 = 1 | 1 << 9 | 1 << 18;
/// Box 0 of a band; shift by 3 * stack.
const BOX0: u32 = 7 | 7 << 9 | 7 << 18;
/// Bits 0..8 of each row of a band word.
const LOW8: u32 = 0xFF | 0xFF << 9 | 0xFF << 18;
/// Bit 8 of each row of a band word.
const HIGH1: u32 = COL0 << 8;
/// How often (in guesses) to read the clock, and to note the progress of a watched job.
const CLOCK_EVERY: u64 = 1024;
/// Puzzles with at most this many open cells (31 givens or more) search without triads and
/// branch on the first bi-value cell (see the module's doc).
const LIGHT_OPEN: u32 = 50;

/// 9-bit row → 3-bit set of the boxes (stacks) it touches.
const SHRINK: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        t[x] = ((x & 7 != 0) as u32) | (((x >> 3) & 7 != 0) as u32) << 1 | (((x >> 6) & 7 != 0) as u32) << 2;
        x += 1;
    }
    t
};

/// The entries of a 3×3 0-1 matrix (bit `3*i + j`) that lie on a permutation (one entry per
/// row and per column) using only set entries; 0 when there is none.
const fn on_permutation(x: usize) -> usize {
    const PERMS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut allowed = 0;
    let mut p = 0;
    while p < 6 {
        let bits = 1 << PERMS[p][0] | 1 << (3 + PERMS[p][1]) | 1 << (6 + PERMS[p][2]);
        if x & bits == bits {
            allowed |= bits;
        }
        p += 1;
    }
    allowed
}

/// 9-bit row×stack occupancy of a band word (bit `3*row + stack`) → the 27-bit mask of the row
/// segments on some row→stack permutation (each row and each box of a band holds a digit
/// once) in the low half, and those entries themselves (bit `3*row + stack`) at bit 32.
const COMPLEX: [u64; 512] = {
    let mut t = [0u64; 512];
    let mut x = 0;
    while x < 512 {
        let allowed = on_permutation(x);
        let mut k = 0;
        while k < 9 {
            if allowed >> k & 1 == 1 {
                t[x] |= 7 << (9 * (k / 3) + 3 * (k % 3));
            }
            k += 1;
        }
        t[x] |= (allowed as u64) << 32;
        x += 1;
    }
    t
};

/// 9-bit band×column occupancy of one stack (bit `3*band + column`) → the pairs on some
/// band→column permutation (each column of a stack holds a digit once, in one band), laid out
/// like a band word with bands as rows (bit `9*band + column`).
const STACKPERM: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let a = on_permutation(x);
        t[x] = ((a & 7) | (a & 0x38) << 6 | (a & 0x1C0) << 12) as u32;
        x += 1;
    }
    t
};

/// The six permutations of a 3×3 matrix (bit `3*i + j`), in a fixed order.
const PERMUTATIONS: [u32; 6] = [0o421, 0o241, 0o412, 0o142, 0o214, 0o124];

/// A 3×3 0-1 matrix → how many of the six permutations lie on its set entries.
const CONFIGS: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 6 {
            if x as u32 & PERMUTATIONS[k] == PERMUTATIONS[k] {
                t[x] += 1;
            }
            k += 1;
        }
        x += 1;
    }
    t
};

/// 9-bit row-triad set of a band (bit `3*row + stack`) → its cells.
const TRIAD_CELLS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 9 {
            if x >> k & 1 == 1 {
                t[x] |= 7 << (9 * (k / 3) + 3 * (k % 3));
            }
            k += 1;
        }
        x += 1;
    }
    t
};

/// Cell (0..27 in its band) → the band's cells that do not see it, plus the cell itself.
const BAND_KEEP: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        t[p] = (ALL & !ROW[p / 9] & !(BOX0 << (3 * ((p % 9) / 3)))) | 1 << p;
        p += 1;
    }
    t
};

/// Columns of a band word where the digit may go (9 bits).
#[inline(always)]
fn fold(w: u32) -> u32 {
    (w | w >> 9 | w >> 18) & 0x1FF
}

/// The 3×3 block at bits 0..3, 9..12, 18..21 of a word, as 9 contiguous bits (shifts rather
/// than a multiply: it lies on the chain of dependent steps of [`State::propagate_digit`], where
/// the multiply's latency showed).
#[inline(always)]
fn gather(w: u32) -> u32 {
    (w & 7) | ((w >> 6) & 0o70) | ((w >> 12) & 0o700)
}

/// The two bands other than `band`.
#[inline(always)]
fn other_bands(band: usize) -> (usize, usize) {
    match band {
        0 => (1, 2),
        1 => (0, 2),
        _ => (0, 1),
    }
}

/// Cells of the row, column and box of cell `p` of `band` (the cell itself excluded) set in
/// the band words `word(b)`.
#[inline(always)]
fn peers_in(band: usize, p: usize, word: impl Fn(usize) -> u32) -> u32 {
    let col = COL0 << (p % 9);
    let (b1, b2) = other_bands(band);
    let near = word(band) & !BAND_KEEP[p];
    let far = (word(b1) & col) | (word(b2) & col) << 1;
    (near as u64 | (far as u64) << 32).count_ones()
}

/// Clear `cells` from the nine digit words of a band; returns the digits whose word changed.
/// Branch-free, so that it costs the same whatever the words hold.
#[inline(always)]
fn clear_cells(words: &mut [u32; 9], cells: u32) -> u32 {
    let mut hit = 0;
    for (d, w) in words.iter_mut().enumerate() {
        // Words have 27 bits: adding 2^27 - 1 reaches bit 27 exactly when something was hit.
        hit |= (((*w & cells) + ALL) >> 27) << d;
        *w &= !cells;
    }
    hit
}

/// Per digit, the triads where it may go and those where it must, at the last fixed point
/// (bits 0..27 the row triads: band b, row r, stack s at bit 9b + 3r + s; bits 32..59 the
/// column triads: stack s, band b, column c of the stack at bit 32 + 9s + 3b + c). Each 9-bit
/// group is a 3×3 matrix (a band's rows × boxes, a stack's bands × columns) on which the digit's
/// configurations, the permutations, lie. Kept beside the search state rather than in it (it
/// would make every propagation step copy it). [`State::propagate_digit`] leaves `possible` of
/// its digit as it goes and marks the digit `stale`: `forced` and `configs`, which follow from
/// `possible`, are brought up to date at the fixed point. An open branch keeps a copy of
/// `possible` beside its state (72 bytes; recomputing the nine maps after each backtrack cost
/// more), so a backtrack restores it.
struct TriadMaps {
    possible: [u64; 9],
    forced: [u64; 9],
    /// Per digit, how many configurations each 3×3 matrix of `possible` holds, one byte a
    /// matrix: bytes 0..3 the bands, 3..6 the stacks (what [`State::choose_config`] compares).
    configs: [u64; 9],
    stale: u32,
}

/// The whole search state. Copied on every guess, so kept small and `Copy`.
#[derive(Clone, Copy)]
struct State {
    /// `cand[band][digit]`: cells of the band where the digit may go.
    cand: [[u32; 9]; 3],
    /// Per band, the cells not yet placed.
    unsolved: [u32; 3],
    /// Bit `digit`: one of the digit's words changed since the digit was last propagated.
    dirty: u32,
}

impl State {
    /// The state after placing the givens (row-major, 0 = empty), before any propagation.
    /// `None` when two givens clash in a unit or a value exceeds 9.
    fn from_givens(givens: &[u8; 81]) -> Option<State> {
        // The given cells (bit = cell), eight at a time: the high bit of each byte of `x` (a
        // value above 9, or any other than 0) gathered into the top byte by the multiply.
        const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let (mut mask, mut above_9) = (u128::from(givens[80] != 0) << 80, givens[80] > 9);
        for (i, chunk) in givens[..80].chunks_exact(8).enumerate() {
            let x = u64::from_le_bytes(chunk.try_into().expect("chunks of 8"));
            above_9 |= (((x & LOW7) + 0x7676_7676_7676_7676) | x) & HIGH != 0;
            let nonzero = (((x & LOW7) + LOW7) | x) & HIGH;
            mask |= u128::from((nonzero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * i);
        }
        if above_9 {
            return None;
        }
        // Per band, the given cells.
        let given: [u32; 3] = std::array::from_fn(|b| (mask >> (27 * b)) as u32 & ALL);
        let mut cand = [[ALL; 9]; 3];
        // placed[band][digit]: cells given that digit.
        let mut placed = [[0u32; 9]; 3];
        // A given whose cell an earlier given of its digit already took away (a peer) clashes.
        let mut clash = 0;
        for (band, &g) in given.iter().enumerate() {
            let mut cells = g;
            while cells != 0 {
                let p = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                let digit = usize::from(givens[27 * band + p]) - 1;
                let bit = 1 << p;
                clash |= !cand[band][digit] & bit;
                for words in &mut cand {
                    words[digit] &= !(COL0 << (p % 9));
                }
                cand[band][digit] &= BAND_KEEP[p];
                placed[band][digit] |= bit;
            }
        }
        if clash != 0 {
            return None;
        }
        for band in 0..3 {
            for digit in 0..9 {
                cand[band][digit] = (cand[band][digit] & !given[band]) | placed[band][digit];
            }
        }
        // Givens are placed already: their cells left the other digits' words above.
        Some(State { cand, unsolved: std::array::from_fn(|b| ALL & !given[b]), dirty: 0x1FF })
    }

    #[inline(always)]
    fn and(&mut self, band: usize, digit: usize, mask: u32) {
        let old = self.cand[band][digit];
        let new = old & mask;
        self.cand[band][digit] = new;
        self.dirty |= ((new != old) as u32) << digit;
    }

    /// Make `digit` the only candidate of a cell; propagation does the rest, as for a naked single.
    #[inline(always)]
    fn assign(&mut self, band: usize, p: usize, digit: usize) {
        let bit = 1u32 << p;
        for d in 0..9 {
            if d != digit {
                self.and(band, d, !bit);
            }
        }
        self.and(band, digit, !(ROW[p / 9] & !bit));
    }

    /// Propagate to a fixed point. False on a contradiction. Unless solved, `maps` holds the
    /// fixed point's triad maps on return; on entry, it must hold those of this state's words
    /// for the digits not marked stale.
    fn propagate<const TRIADS: bool>(&mut self, maps: &mut TriadMaps) -> bool {
        loop {
            while self.dirty != 0 {
                let digit = self.dirty.trailing_zeros() as usize;
                self.dirty &= self.dirty - 1;
                maps.stale |= 1 << digit;
                if !self.propagate_digit::<TRIADS>(digit, &mut maps.possible[digit]) {
                    return false;
                }
            }
            match self.naked_singles() {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            if !TRIADS || self.solved() {
                return true;
            }
            match self.triads(maps) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Everything one digit's three band words imply on their own (rows×boxes in each band,
    /// bands×columns in each stack), then the rows where the digit is now placed free their
    /// cells from the other digits. Unless it fails, `possible` gets the digit's triad map
    /// (see [`TriadMaps`]).
    #[inline(always)]
    fn propagate_digit<const TRIADS: bool>(&mut self, digit: usize, possible: &mut u64) -> bool {
        let mut m = [self.cand[0][digit], self.cand[1][digit], self.cand[2][digit]];
        // Each band's rows×boxes map after the last pass (bit 9*band + 3*row + stack).
        let mut bands;
        loop {
            bands = 0;
            for (b, w) in m.iter_mut().enumerate() {
                let x = *w;
                let shrink = SHRINK[(x & 0x1FF) as usize]
                    | SHRINK[((x >> 9) & 0x1FF) as usize] << 3
                    | SHRINK[((x >> 18) & 0x1FF) as usize] << 6;
                let complex = COMPLEX[(shrink & 0x1FF) as usize];
                *w = x & complex as u32;
                bands |= (complex >> 32) << (9 * b);
            }
            if m[0] == 0 || m[1] == 0 || m[2] == 0 {
                return false;
            }
            // Column occupancy of the three bands, laid out like a band word (band as row).
            let cols = fold(m[0]) | fold(m[1]) << 9 | fold(m[2]) << 18;
            let stacks = [gather(cols), gather(cols >> 3), gather(cols >> 6)];
            let keep =
                STACKPERM[stacks[0] as usize] | STACKPERM[stacks[1] as usize] << 3 | STACKPERM[stacks[2] as usize] << 6;
            if keep == cols {
                if TRIADS {
                    *possible = bands | (stacks[0] as u64) << 32 | (stacks[1] as u64) << 41 | (stacks[2] as u64) << 50;
                }
                break;
            }
            for (b, w) in m.iter_mut().enumerate() {
                *w &= ((keep >> (9 * b)) & 0x1FF) * COL0;
            }
        }
        for (band, &w) in m.iter().enumerate() {
            self.cand[band][digit] = w;
            // Rows with more than one cell left: `t` keeps a row's bits minus its lowest (every
            // row is non-empty here, so subtracting 1 per row never borrows across rows), and
            // the addition moves "any of bits 0..8 of the row" into bit 8 without a carry out.
            let t = w & w.wrapping_sub(COL0);
            let crowded = (((t & LOW8) + LOW8) | t) & HIGH1;
            let placed = w & !((crowded >> 8) * 0x1FF) & self.unsolved[band];
            if placed != 0 {
                self.unsolved[band] &= !placed;
                self.dirty |= clear_cells(&mut self.cand[band], placed) & !(1 << digit);
                self.cand[band][digit] = w;
            }
        }
        true
    }

    /// Find cells with one candidate and assign them. `None` on a cell with no candidate,
    /// otherwise whether anything was assigned.
    #[inline(always)]
    fn naked_singles(&mut self) -> Option<bool> {
        let mut any = false;
        for band in 0..3 {
            let unsolved = self.unsolved[band];
            if unsolved == 0 {
                continue;
            }
            let words = &self.cand[band];
            let (mut r1, mut r2) = (0u32, 0u32);
            for &w in words {
                r2 |= r1 & w;
                r1 |= w;
            }
            if unsolved & !r1 != 0 {
                return None;
            }
            let singles = unsolved & !r2;
            if singles != 0 {
                any = true;
                for digit in 0..9 {
                    let s = self.cand[band][digit] & singles;
                    let mut rest = s;
                    while rest != 0 {
                        let p = rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        self.and(band, digit, !(ROW[p / 9] & !(1 << p)));
                    }
                    // Two of them in one row: each took the other.
                    if self.cand[band][digit] & s != s {
                        return None;
                    }
                }
                // Placed: no other digit's word holds these cells, so that propagating their
                // digits (which find them alone in their rows) has nothing to clear.
                self.unsolved[band] &= !singles;
            }
        }
        Some(any)
    }

    /// Triads (tdoku's name for the three cells where a row or a column crosses a box): each
    /// holds exactly three digits. Where only three digits may go, all three must; where three
    /// must go, no other may. A digit must go in a triad when its band's rows→boxes map (or its
    /// stack's bands→columns map) leaves it no other place in that row or box. `None` on a
    /// triad with fewer than three possible or more than three forced digits, otherwise whether
    /// a candidate was removed. Called at a fixed point of the rest, where every digit's words
    /// lie on permutations.
    ///
    /// The maps of the digits marked stale are recomputed first.
    fn triads(&mut self, maps: &mut TriadMaps) -> Option<bool> {
        // The first cell of each matrix row (a band's row, or a stack's band).
        const ROW_STARTS: u64 = 0o111_111_111 | 0o111_111_111 << 32;
        let TriadMaps { possible, forced, configs, stale } = maps;
        while *stale != 0 {
            let d = stale.trailing_zeros() as usize;
            *stale &= *stale - 1;
            let p = possible[d];
            debug_assert_eq!(p, self.triad_map(d), "digit {d}: the kept map is not the words' map");
            configs[d] = (0..6).fold(0, |c, g| {
                let shift = if g < 3 { 9 * g } else { 32 + 9 * (g - 3) };
                c | (CONFIGS[(p >> shift) as usize & 0x1FF] as u64) << (8 * g)
            });
            // At a fixed point every matrix lies on permutations, so no row is empty (no borrow
            // between rows) and an entry is forced exactly when it is alone in its row.
            let rest = p & p.wrapping_sub(ROW_STARTS);
            let crowded = (rest | rest >> 1 | rest >> 2) & ROW_STARTS;
            forced[d] = p & !(crowded * 7);
        }
        // Bit-sliced counts: pk / fk = triads with at least k possible / forced digits.
        let (mut p1, mut p2, mut p3, mut p4) = (0u64, 0u64, 0u64, 0u64);
        let (mut f1, mut f2, mut f3, mut f4) = (0u64, 0u64, 0u64, 0u64);
        for d in 0..9 {
            let (p, f) = (possible[d], forced[d]);
            p4 |= p3 & p;
            p3 |= p2 & p;
            p2 |= p1 & p;
            p1 |= p;
            f4 |= f3 & f;
            f3 |= f2 & f;
            f2 |= f1 & f;
            f1 |= f;
        }
        const TRIADS: u64 = ALL as u64 | (ALL as u64) << 32;
        if TRIADS & !p3 != 0 || f4 != 0 {
            return None;
        }
        let all_possible_must = p3 & !p4 & !f3;
        let others_cannot = f3 & p4;
        if all_possible_must | others_cannot == 0 {
            return Some(false);
        }
        for d in 0..9 {
            let open = possible[d] & !forced[d];
            let mut must = all_possible_must & open;
            while must != 0 {
                let k = must.trailing_zeros();
                must &= must - 1;
                if k < 32 {
                    // Row triad: the digit leaves the rest of the row and of the box.
                    let (b, r, s) = (k as usize / 9, (k % 9) / 3, k % 3);
                    let triad = 7 << (9 * r + 3 * s);
                    self.and(b, d, !((ROW[r as usize] | BOX0 << (3 * s)) & !triad));
                } else {
                    // Column triad: the digit leaves the rest of the column and of the box.
                    let k = k - 32;
                    let (s, b, c) = (k as usize / 9, (k % 9) / 3, k % 3);
                    let col = COL0 << (3 * s as u32 + c);
                    for other in 0..3 {
                        if other == b as usize {
                            self.and(other, d, !((BOX0 << (3 * s)) & !col));
                        } else {
                            self.and(other, d, !col);
                        }
                    }
                }
            }
            let mut cannot = others_cannot & open;
            while cannot != 0 {
                let k = cannot.trailing_zeros();
                cannot &= cannot - 1;
                if k < 32 {
                    let (b, r, s) = (k as usize / 9, (k % 9) / 3, k % 3);
                    self.and(b, d, !(7 << (9 * r + 3 * s)));
                } else {
                    let k = k - 32;
                    let (s, b, c) = (k / 9, (k % 9) / 3, k % 3);
                    self.and(b as usize, d, !(COL0 << (3 * s + c)));
                }
            }
        }
        Some(self.dirty != 0)
    }

    /// A digit's `possible` triad map (see [`TriadMaps`]) computed afresh from its words; at a
    /// fixed point it is the one [`State::propagate_digit`] left.
    fn triad_map(&self, digit: usize) -> u64 {
        let mut p = 0u64;
        let mut cols = 0u32;
        for b in 0..3 {
            let w = self.cand[b][digit];
            let m = SHRINK[(w & 0x1FF) as usize]
                | SHRINK[((w >> 9) & 0x1FF) as usize] << 3
                | SHRINK[((w >> 18) & 0x1FF) as usize] << 6;
            p |= (m as u64) << (9 * b);
            cols |= fold(w) << (9 * b);
        }
        for s in 0..3 {
            p |= (gather(cols >> (3 * s)) as u64) << (32 + 9 * s);
        }
        p
    }

    /// A digit to branch on by its configuration, tdoku's way: in the band or stack not yet
    /// fixed (some digit has two configurations or more) with the fewest configurations left
    /// over all digits (a configuration: the triads a digit takes in each box of it), a digit
    /// with exactly two. Returns, per band, the masks the digit's words take in the two
    /// branches; `None` when that band or stack has no digit with exactly two (the caller then
    /// branches on a cell: that takes fewer guesses than the tightest band or stack where some
    /// digit has two, 112.4 against 116.9 a puzzle on forum_hardest_1106) or every one is fixed.
    /// The search also branches on a cell when the two branches of the digit found here remove
    /// only two of its candidates each ([`State::removes_two_at_most`]).
    fn choose_config(maps: &TriadMaps) -> Option<(usize, [u32; 3], [u32; 3])> {
        // One byte a matrix (see `TriadMaps::configs`); sums stay below 256 (at most 6 × 9).
        const ONES: u64 = 0x0101_0101_0101;
        const LOW7: u64 = 0x7F * ONES;
        const HIGH: u64 = 0x80 * ONES;
        let (mut total, mut two) = (0u64, 0u64);
        for &c in &maps.configs {
            total += c;
            // The high bit of each byte of `c ^ 2·ONES` that is not zero, without borrows.
            let x = c ^ (2 * ONES);
            two |= !(((x & LOW7) + LOW7) | x) & HIGH;
        }
        // The matrix with the fewest configurations among those not fixed (nine digits, one
        // configuration each, make 9; the first such on a tie: bands, then stacks).
        let mut best: Option<(u64, usize)> = None;
        for g in 0..6 {
            let t = total >> (8 * g) & 0xFF;
            if t >= 10 && best.is_none_or(|(b, _)| t < b) {
                best = Some((t, g));
            }
        }
        let (_, g) = best?;
        if two >> (8 * g + 7) & 1 == 0 {
            return None;
        }
        let d = maps.configs.iter().position(|&c| c >> (8 * g) & 0xFF == 2)?;
        let (vertical, i) = (g >= 3, g % 3);
        let shift = if vertical { 32 + 9 * i } else { 9 * i };
        let m = (maps.possible[d] >> shift) as u32 & 0x1FF;
        let mut which = PERMUTATIONS.iter().filter(|&&p| m & p == p);
        let (first, second) = (*which.next()?, *which.next()?);
        let masks = |perm: u32| -> [u32; 3] {
            if vertical {
                // Stack i: in band b the digit keeps the column the permutation gives it.
                std::array::from_fn(|b| {
                    let c = ((perm >> (3 * b)) & 7).trailing_zeros();
                    !(BOX0 << (3 * i)) | COL0 << (3 * i as u32 + c)
                })
            } else {
                std::array::from_fn(|b| if b == i { TRIAD_CELLS[perm as usize] } else { ALL })
            }
        };
        Some((d, masks(first), masks(second)))
    }

    /// A cell to branch on: among the cells with fewest candidates (two, nearly always), the
    /// one whose branches remove the most candidates from its peers (the peers that hold its
    /// first digit plus those that hold its second), then the one that sees the most unsolved
    /// cells, then the first. With `PEERS` false, the first such cell (the light search).
    /// Returns (band, position in band, first candidate digit); `None` only when no unsolved
    /// cell has a candidate, which a fixed point that is not solved never has.
    ///
    /// Unsolved peers alone halved the guesses on hard puzzles against the first bi-value cell;
    /// the removals first take forum_hardest_1905_11+ from 62.24 to 61.67 guesses a puzzle and
    /// forum_hardest_1106 from 112.36 to 110.97 (with configurations branched on as before; with
    /// the cell taken where a configuration's branches remove two candidates each, unsolved
    /// peers alone give 63.83 and 115.61, the removals 61.25 and 107.72).
    fn choose<const PEERS: bool>(&self) -> Option<(usize, usize, usize)> {
        let mut fewest = [0u32; 3];
        for (band, f) in fewest.iter_mut().enumerate() {
            let (mut r1, mut r2, mut r3) = (0u32, 0u32, 0u32);
            for &w in &self.cand[band] {
                r3 |= r2 & w;
                r2 |= r1 & w;
                r1 |= w;
            }
            *f = self.unsolved[band] & !r3;
        }
        if fewest == [0; 3] {
            fewest = self.fewest_candidates();
        }
        if !PEERS {
            let band = fewest.iter().position(|&f| f != 0)?;
            let p = fewest[band].trailing_zeros() as usize;
            return Some((band, p, self.first_digit(band, p)?));
        }
        // Per cell (27 * band + position), the peers holding one of its candidates.
        let mut removals = [0u32; 81];
        for (band, &f) in fewest.iter().enumerate() {
            for (d, &w) in self.cand[band].iter().enumerate() {
                let mut cells = f & w;
                while cells != 0 {
                    let p = cells.trailing_zeros() as usize;
                    cells &= cells - 1;
                    removals[27 * band + p] += self.peers_with(band, p, d);
                }
            }
        }
        let mut best: Option<(u32, usize, usize)> = None;
        for (band, &f) in fewest.iter().enumerate() {
            let mut cells = f;
            while cells != 0 {
                let p = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                let key = 32 * removals[27 * band + p] + self.unsolved_peers(band, p);
                if best.is_none_or(|(k, ..)| key > k) {
                    best = Some((key, band, p));
                }
            }
        }
        let (_, band, p) = best?;
        Some((band, p, self.first_digit(band, p)?))
    }

    /// Peers of a cell (row, column, box; the cell itself excluded) where `digit` may go.
    #[inline(always)]
    fn peers_with(&self, band: usize, p: usize, digit: usize) -> u32 {
        peers_in(band, p, |b| self.cand[b][digit])
    }

    /// Whether one branch of a configuration guess (`digit` keeps `masks`, per band) removes at
    /// most two of the digit's candidates at once. Bit tricks rather than a count: without a
    /// `popcnt` target feature a count is a dozen instructions a word.
    #[inline(always)]
    fn removes_two_at_most(&self, digit: usize, masks: &[u32; 3]) -> bool {
        let r = (0..3).fold(0u128, |r, b| r | u128::from(self.cand[b][digit] & !masks[b]) << (27 * b));
        let r = r & r.wrapping_sub(1);
        r & r.wrapping_sub(1) == 0
    }

    /// The unsolved cells with the fewest candidates, per band (the rare case with no
    /// bi-value cell, so plain bit-sliced counting is good enough).
    fn fewest_candidates(&self) -> [u32; 3] {
        // at_least[band][k]: cells with at least k candidates.
        let mut at_least = [[0u32; 11]; 3];
        for (band, levels) in at_least.iter_mut().enumerate() {
            levels[0] = ALL;
            for &w in &self.cand[band] {
                for k in (1..10).rev() {
                    levels[k] |= levels[k - 1] & w;
                }
            }
        }
        for k in 2..10 {
            let cells: [u32; 3] = std::array::from_fn(|b| self.unsolved[b] & at_least[b][k] & !at_least[b][k + 1]);
            if cells != [0; 3] {
                return cells;
            }
        }
        [0; 3]
    }

    /// Unsolved cells in the row, column and box of a cell, the cell itself excluded.
    #[inline(always)]
    fn unsolved_peers(&self, band: usize, p: usize) -> u32 {
        peers_in(band, p, |b| self.unsolved[b])
    }

    fn first_digit(&self, band: usize, p: usize) -> Option<usize> {
        (0..9).find(|&d| self.cand[band][d] >> p & 1 == 1)
    }

    /// In a solved state, an unavoidable rectangle through a guessed cell: four cells, none a
    /// given, on two rows and two columns and in exactly two boxes, holding digits a, b, b, a,
    /// so that swapping a and b on them gives a second solution. Returns the cells (0..81): the
    /// guessed one (a), the one of its row and the one of its column that hold b, the fourth
    /// (a).
    ///
    /// Only the open branches' guessed cells are tried, each with the digits left to its other
    /// branch: a second solution that differs from this one on a rectangle lies on the other
    /// side of some guess on the path here (propagation keeps every solution), and that guess
    /// was on one of its four cells, so this finds every such rectangle for a few operations a
    /// guess (the guesses of configurations are not tried).
    fn swappable_rectangle(&self, given: &[u32; 3], stack: &Branches) -> Option<[usize; 4]> {
        // Few data-dependent branches: this runs on every puzzle that counts to two and
        // guessed, and most find nothing.
        for (alt, &cell) in stack.states.iter().zip(&stack.cells).rev() {
            if cell == NOT_A_CELL {
                continue;
            }
            let (band, p) = (usize::from(cell) / 27, usize::from(cell) % 27);
            let (row, x) = (p / 9, p % 9);
            // The cell's digit here (a) and those the branch not taken left it (b among them).
            let (mut here, mut there) = (0u32, 0u32);
            for d in 0..9 {
                here |= (self.cand[band][d] >> p & 1) << d;
                there |= (alt.cand[band][d] >> p & 1) << d;
            }
            let a = here.trailing_zeros() as usize;
            let mut others = there & !here;
            while others != 0 {
                let b = others.trailing_zeros() as usize;
                others &= others - 1;
                // b in the guessed cell's row (column y) and in its column (band2, cell q2).
                let y = ((self.cand[band][b] >> (9 * row)) & 0x1FF).trailing_zeros() as usize;
                let col = COL0 << x;
                let (c0, c1, c2) = (self.cand[0][b] & col, self.cand[1][b] & col, self.cand[2][b] & col);
                let band2 = usize::from(c1 != 0) + 2 * usize::from(c2 != 0);
                let q2 = (c0 | c1 | c2).trailing_zeros() as usize;
                if a >= 9 || y >= 9 || q2 >= 27 || band2 > 2 {
                    // Not a solved state (never, where it is called).
                    continue;
                }
                let q3 = q2 - x + y;
                let free =
                    !given[band] >> p & !given[band] >> (9 * row + y) & !given[band2] >> q2 & !given[band2] >> q3;
                let two_boxes = (band2 == band) != (x / 3 == y / 3);
                if self.cand[band2][a] >> q3 & free & u32::from(two_boxes) & 1 == 1 {
                    return Some([27 * band + p, 27 * band + 9 * row + y, 27 * band2 + q2, 27 * band2 + q3]);
                }
            }
        }
        None
    }

    fn solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    fn grid(&self) -> [u8; 81] {
        let mut g = [0u8; 81];
        for band in 0..3 {
            for digit in 0..9 {
                let mut w = self.cand[band][digit];
                while w != 0 {
                    let p = w.trailing_zeros() as usize;
                    w &= w - 1;
                    g[27 * band + p] = digit as u8 + 1;
                }
            }
        }
        g
    }
}

/// Search a plain 9×9 puzzle (`givens`: row-major, 0 = empty, 1..=9).
///
/// Counts solutions up to `max_solutions` and keeps the first `keep` of them (with a
/// `max_solutions` of 2, the second may be the first with an unavoidable rectangle swapped,
/// found without searching further; `guesses` then counts those made up to the first). Givens that break
/// a rule, or values above 9, make a puzzle with no solution (count 0, `complete`). A
/// `max_solutions` of 0 returns at once, incomplete. `stop` (its flag and deadline) is read at
/// the first guess (a past deadline stops before any) and then every 1024 guesses, about a
/// millisecond.
pub fn search9(
    givens: &[u8; 81],
    max_solutions: u64,
    keep: usize,
    guess_limit: Option<u64>,
    stop: &Cancel,
) -> Fast9Outcome {
    let mut out = Fast9Outcome::default();
    if max_solutions == 0 {
        return out;
    }
    let Some(cur) = State::from_givens(givens) else {
        out.complete = true;
        return out;
    };
    let mut stack = STACK.take();
    stack.states.clear();
    stack.maps.clear();
    stack.cells.clear();
    let open = cur.unsolved.iter().map(|u| u.count_ones()).sum::<u32>();
    if open <= LIGHT_OPEN {
        search_from::<false>(cur, max_solutions, keep, guess_limit, stop, &mut out, &mut stack);
    } else {
        search_from::<true>(cur, max_solutions, keep, guess_limit, stop, &mut out, &mut stack);
    }
    STACK.set(stack);
    out
}

/// The open branches: each one's state and the triad maps (`possible`) of the fixed point it
/// branched from, in two vectors so that each push copies under 128 bytes (inline moves, where
/// the pair made a call to memcpy).
#[derive(Default)]
struct Branches {
    states: Vec<State>,
    maps: Vec<[u64; 9]>,
    /// Per open branch, the cell guessed (`27 * band + position`), [`NOT_A_CELL`] for a
    /// configuration.
    cells: Vec<u8>,
}

/// The guess of an open branch was not on a cell.
const NOT_A_CELL: u8 = u8::MAX;

impl Branches {
    #[inline(always)]
    fn push<const TRIADS: bool>(&mut self, state: State, possible: &[u64; 9], cell: u8) {
        if self.states.capacity() == 0 {
            self.states.reserve_exact(81);
            self.maps.reserve_exact(81);
            self.cells.reserve_exact(81);
        }
        self.states.push(state);
        self.cells.push(cell);
        if TRIADS {
            self.maps.push(*possible);
        }
    }
}

thread_local! {
    /// The branch stack (one entry per guess on the current path, so at most 81), kept between
    /// searches on a thread: a puzzle that guesses does not allocate it again.
    static STACK: std::cell::Cell<Branches> = const {
        std::cell::Cell::new(Branches { states: Vec::new(), maps: Vec::new(), cells: Vec::new() })
    };
}

/// The search of [`search9`] from the state after the givens, into `out`; with `TRIADS`,
/// triads and configuration branching, else the light search (see the module doc).
fn search_from<const TRIADS: bool>(
    mut cur: State,
    max_solutions: u64,
    keep: usize,
    guess_limit: Option<u64>,
    stop: &Cancel,
    out: &mut Fast9Outcome,
    stack: &mut Branches,
) {
    // `cur` holds the givens only, placed: its solved cells are the given ones.
    let given = cur.unsolved.map(|u| ALL & !u);
    let mut maps = TriadMaps { possible: [0; 9], forced: [0; 9], configs: [0; 9], stale: 0x1FF };
    loop {
        if cur.propagate::<TRIADS>(&mut maps) {
            if cur.solved() {
                out.count += 1;
                if out.solutions.len() < keep {
                    out.solutions.push(cur.grid());
                }
                if out.count >= max_solutions {
                    return;
                }
                if max_solutions == 2 {
                    if let Some(cells) = cur.swappable_rectangle(&given, stack) {
                        out.count = 2;
                        if out.solutions.len() < keep {
                            let mut second = cur.grid();
                            let (a, b) = (second[cells[0]], second[cells[1]]);
                            for (k, &cell) in cells.iter().enumerate() {
                                second[cell] = if k == 0 || k == 3 { b } else { a };
                            }
                            out.solutions.push(second);
                        }
                        return;
                    }
                }
            } else {
                if guess_limit.is_some_and(|limit| out.guesses >= limit)
                    || (out.guesses.is_multiple_of(CLOCK_EVERY) && {
                        stop.note_nodes(out.guesses);
                        stop.note_solutions(out.count);
                        stop.should_stop()
                    })
                {
                    out.stopped = true;
                    return;
                }
                // A configuration of the tightest band or stack, unless its two branches remove
                // only two candidates each (the fewest they can: two configurations differ in
                // two triads or more, and each holds one cell of the digit or more); a cell then.
                if let Some((digit, a, b)) = if TRIADS { State::choose_config(&maps) } else { None } {
                    if !(cur.removes_two_at_most(digit, &a) && cur.removes_two_at_most(digit, &b)) {
                        out.guesses += 1;
                        let mut alt = cur;
                        for band in 0..3 {
                            alt.and(band, digit, b[band]);
                            cur.and(band, digit, a[band]);
                        }
                        stack.push::<TRIADS>(alt, &maps.possible, NOT_A_CELL);
                        continue;
                    }
                }
                // Not solved and consistent, so some cell has two candidates or more.
                if let Some((band, p, digit)) = cur.choose::<TRIADS>() {
                    out.guesses += 1;
                    let mut alt = cur;
                    alt.and(band, digit, !(1 << p));
                    stack.push::<TRIADS>(alt, &maps.possible, (27 * band + p) as u8);
                    cur.assign(band, p, digit);
                    continue;
                }
                debug_assert!(false, "an unsolved fixed point with no cell to branch on");
            }
        }
        let Some(state) = stack.states.pop() else {
            out.complete = true;
            return;
        };
        stack.cells.pop();
        cur = state;
        if TRIADS {
            maps.possible = stack.maps.pop().expect("a map beside each open branch");
            maps.stale = 0x1FF;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_ip_model::{check, Geometry, Grid, Puzzle};

    // A few lines of ../shared/data/sudoku9 (17-clue, top1465, forum hardest 1106 and 11+).
    const UNIQUE: [&str; 5] = [
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
        ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
    ];
    // From puzzles7_serg_benchmark: every puzzle there has two or more solutions.
    const MULTI: &str = "8.........95.......76.........426798...571243...893165......916....3.487....1.532";

    /// A small reproducible random sequence (31-bit values) for the tests.
    fn lcg(mut seed: u64) -> impl FnMut() -> usize {
        move || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as usize
        }
    }

    fn parse(line: &str) -> [u8; 81] {
        let mut g = [0u8; 81];
        for (cell, ch) in g.iter_mut().zip(line.bytes()) {
            *cell = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
        }
        g
    }

    fn puzzle(givens: &[u8; 81]) -> Puzzle {
        let geometry = Geometry::new(9, None).expect("9x9 geometry");
        Puzzle::new(geometry, Grid::from_values(9, givens.to_vec()).expect("9x9 givens"))
    }

    fn assert_solves(givens: &[u8; 81], solution: &[u8; 81]) {
        let grid = Grid::from_values(9, solution.to_vec()).expect("values 1..=9");
        let violations = check::verify(&puzzle(givens), &grid);
        assert!(violations.is_empty(), "{}: {violations:?}", grid.to_line());
    }

    /// Independent reference: plain backtracking over row/column/box masks. It branches on the
    /// cell, or the (unit, digit) pair, with the fewest choices; both partitions are exhaustive
    /// and disjoint, so counts are exact. Counts up to `max`; 0 if the givens clash or hold a
    /// value above 9.
    fn reference_count(givens: &[u8; 81], max: u64) -> u64 {
        struct Ref {
            g: [u8; 81],
            used: [[u16; 9]; 3], // rows, columns, boxes
        }
        fn units(cell: usize) -> [usize; 3] {
            [cell / 9, cell % 9, (cell / 27) * 3 + (cell % 9) / 3]
        }
        fn unit_cell(kind: usize, u: usize, k: usize) -> usize {
            match kind {
                0 => u * 9 + k,
                1 => k * 9 + u,
                _ => (u / 3) * 27 + (u % 3) * 3 + (k / 3) * 9 + k % 3,
            }
        }
        impl Ref {
            fn free(&self, cell: usize) -> u16 {
                let [r, c, b] = units(cell);
                !(self.used[0][r] | self.used[1][c] | self.used[2][b]) & 0x1FF
            }
            fn set(&mut self, cell: usize, d: usize, on: bool) {
                for (kind, u) in units(cell).into_iter().enumerate() {
                    self.used[kind][u] ^= 1 << d;
                }
                self.g[cell] = if on { d as u8 + 1 } else { 0 };
            }
            fn count(&mut self, max: u64) -> u64 {
                // Choices: (cell, digit) pairs to try, the shortest list found.
                let mut best: Option<Vec<(usize, usize)>> = None;
                for cell in (0..81).filter(|&c| self.g[c] == 0) {
                    let free = self.free(cell);
                    if best.as_ref().is_none_or(|b| (free.count_ones() as usize) < b.len()) {
                        best = Some((0..9).filter(|d| free >> d & 1 == 1).map(|d| (cell, d)).collect());
                    }
                }
                let Some(mut choices) = best else { return 1 };
                for kind in 0..3 {
                    for u in 0..9 {
                        for d in (0..9).filter(|d| self.used[kind][u] >> d & 1 == 0) {
                            let places: Vec<(usize, usize)> = (0..9)
                                .map(|k| unit_cell(kind, u, k))
                                .filter(|&c| self.g[c] == 0 && self.free(c) >> d & 1 == 1)
                                .map(|c| (c, d))
                                .collect();
                            if places.len() < choices.len() {
                                choices = places;
                            }
                        }
                    }
                }
                let mut total = 0;
                for (cell, d) in choices {
                    if total >= max {
                        break;
                    }
                    self.set(cell, d, true);
                    total += self.count(max - total);
                    self.set(cell, d, false);
                }
                total
            }
        }
        let mut r = Ref { g: [0; 81], used: [[0; 9]; 3] };
        for (cell, &v) in givens.iter().enumerate() {
            if v > 9 {
                return 0;
            }
            if v != 0 {
                if r.free(cell) >> (v - 1) & 1 == 0 {
                    return 0;
                }
                r.set(cell, v as usize - 1, true);
            }
        }
        r.count(max)
    }

    #[test]
    fn solves_and_proves_unique_known_puzzles() {
        for line in UNIQUE {
            let givens = parse(line);
            let out = search9(&givens, 2, 2, None, &Cancel::default());
            assert_eq!((out.count, out.complete, out.stopped), (1, true, false), "{line}");
            assert_eq!(out.solutions.len(), 1);
            assert_solves(&givens, &out.solutions[0]);
        }
    }

    #[test]
    fn hardest_puzzles_need_guesses_and_count_them() {
        let out = search9(&parse(UNIQUE[3]), 2, 0, None, &Cancel::default());
        assert!(out.guesses > 0);
        assert!(out.solutions.is_empty(), "keep 0 keeps nothing");
    }

    #[test]
    fn solved_grid_is_its_own_unique_solution() {
        let out = search9(&parse(UNIQUE[0]), 1, 1, None, &Cancel::default());
        let solution = out.solutions[0];
        let again = search9(&solution, 10, 10, None, &Cancel::default());
        assert_eq!((again.count, again.complete, again.guesses), (1, true, 0));
        assert_eq!(again.solutions, vec![solution]);
    }

    #[test]
    fn stopping_at_one_solution_is_not_complete() {
        let out = search9(&parse(UNIQUE[2]), 1, 5, None, &Cancel::default());
        assert_eq!((out.count, out.complete, out.stopped), (1, false, false));
    }

    #[test]
    fn multi_solution_puzzle_counts_match_reference() {
        let givens = parse(MULTI);
        let exact = reference_count(&givens, u64::MAX);
        assert!(exact >= 2);
        let all = search9(&givens, u64::MAX, usize::MAX, None, &Cancel::default());
        assert_eq!((all.count, all.complete), (exact, true));
        assert_eq!(all.solutions.len() as u64, exact);
        for s in &all.solutions {
            assert_solves(&givens, s);
        }
        let mut distinct = all.solutions.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), all.solutions.len(), "solutions are distinct");
        let two = search9(&givens, 2, 1, None, &Cancel::default());
        assert_eq!((two.count, two.complete, two.solutions.len()), (2, false, 1));
    }

    #[test]
    fn empty_grid_stops_at_max_and_keeps_at_most_keep() {
        let out = search9(&[0; 81], 5, 3, None, &Cancel::default());
        assert_eq!((out.count, out.complete, out.stopped), (5, false, false));
        assert_eq!(out.solutions.len(), 3);
        for s in &out.solutions {
            assert_solves(&[0; 81], s);
        }
        assert_ne!(out.solutions[0], out.solutions[1]);
    }

    #[test]
    fn max_zero_returns_at_once() {
        let out = search9(&parse(UNIQUE[0]), 0, 1, None, &Cancel::default());
        assert_eq!(out, Fast9Outcome::default());
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let mut cases = Vec::new();
        let mut row = [0u8; 81];
        (row[3], row[7]) = (5, 5);
        cases.push(row);
        let mut col = [0u8; 81];
        (col[4], col[76]) = (2, 2);
        cases.push(col);
        let mut col_same_band = [0u8; 81];
        (col_same_band[4], col_same_band[22]) = (2, 2);
        cases.push(col_same_band);
        let mut boxed = [0u8; 81];
        (boxed[30], boxed[50]) = (9, 9);
        cases.push(boxed);
        let mut big = parse(UNIQUE[0]);
        big[0] = 10;
        cases.push(big);
        for givens in cases {
            let out = search9(&givens, 2, 2, None, &Cancel::default());
            assert_eq!((out.count, out.complete, out.stopped, out.guesses), (0, true, false, 0));
            assert_eq!(reference_count(&givens, 2), 0);
        }
    }

    /// The state after the givens, cell by cell: a given keeps its digit only, an empty cell
    /// every digit no given peer holds; `None` exactly when two peers hold the same digit.
    #[test]
    fn state_from_givens_matches_the_rules_cell_by_cell() {
        let peers = |a: usize, b: usize| {
            a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3))
        };
        let mut rng = lcg(99);
        let (mut valid, mut clashing) = (0, 0);
        for round in 0..400 {
            let mut givens = if round % 2 == 0 { [0u8; 81] } else { parse(UNIQUE[round % UNIQUE.len()]) };
            for _ in 0..(round % 25) {
                givens[rng() % 81] = (rng() % 10) as u8;
            }
            let clash = (0..81).any(|a| (0..81).any(|b| givens[a] != 0 && givens[a] == givens[b] && peers(a, b)));
            let Some(state) = State::from_givens(&givens) else {
                assert!(clash, "rejected without a clash: {givens:?}");
                clashing += 1;
                continue;
            };
            assert!(!clash, "a clash let through: {givens:?}");
            valid += 1;
            for cell in 0..81 {
                let (band, p) = (cell / 27, cell % 27);
                assert_eq!(state.unsolved[band] >> p & 1 == 1, givens[cell] == 0, "cell {cell}");
                for digit in 0..9 {
                    let expect = if givens[cell] != 0 {
                        usize::from(givens[cell]) == digit + 1
                    } else {
                        !(0..81).any(|other| usize::from(givens[other]) == digit + 1 && peers(cell, other))
                    };
                    assert_eq!(state.cand[band][digit] >> p & 1 == 1, expect, "cell {cell}, digit {}", digit + 1);
                }
            }
        }
        assert!(valid > 50 && clashing > 50, "{valid} valid, {clashing} clashing");
    }

    #[test]
    fn unsatisfiable_but_clash_free_givens_have_no_solution() {
        // r1c1 sees 1..8 in its row and 9 in its column: no candidate left.
        let mut givens = [0u8; 81];
        for (c, v) in (1..9).zip(1..9u8) {
            givens[c] = v;
        }
        givens[9 * 8] = 9;
        let out = search9(&givens, 2, 2, None, &Cancel::default());
        assert_eq!((out.count, out.complete), (0, true));
        // A valid-looking solved grid with two cells swapped has no solution either.
        let mut grid = search9(&parse(UNIQUE[4]), 1, 1, None, &Cancel::default()).solutions[0];
        grid.swap(0, 1);
        assert_eq!(search9(&grid, 2, 2, None, &Cancel::default()).count, 0);
    }

    #[test]
    fn guess_limit_and_past_deadline_stop_the_search() {
        let hard = parse(UNIQUE[3]);
        let out = search9(&hard, 2, 2, Some(0), &Cancel::default());
        assert_eq!((out.count, out.complete, out.stopped, out.guesses), (0, false, true, 0));
        let out = search9(&hard, 2, 2, Some(3), &Cancel::default());
        assert!(out.stopped && !out.complete && out.guesses == 3);
        let out =
            search9(&[0; 81], u64::MAX, 0, None, &Cancel::default().with_time_limit(Some(std::time::Duration::ZERO)));
        assert!(out.stopped && !out.complete);
        assert!(out.guesses < 2 * CLOCK_EVERY, "deadline read every {CLOCK_EVERY} guesses");
        // A set flag stops it the same way, whatever the deadline.
        let cancel = Cancel::new();
        cancel.cancel();
        let out = search9(&[0; 81], u64::MAX, 0, None, &cancel);
        assert!(out.stopped && !out.complete && out.guesses < 2 * CLOCK_EVERY);
    }

    /// The first few hundred puzzles of one of tdoku's benchmark sets, kept in the repository
    /// (`crates/native/testdata/sudoku9/`, copied from `../shared/data/sudoku9/`) so that the
    /// tests run on a fresh clone.
    fn fixture(name: &str) -> String {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/sudoku9").join(name);
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    /// Cross-check against the reference on puzzles of a benchmark set.
    fn cross_check_file(name: &str, take: usize, max: u64) {
        let text = fixture(name);
        let mut checked = 0;
        for line in text.lines().filter(|l| l.len() >= 81 && !l.starts_with('#')).take(take) {
            let givens = parse(line);
            let out = search9(&givens, max, 1, None, &Cancel::default());
            assert_eq!(out.count, reference_count(&givens, max), "{line}");
            assert_eq!(out.complete, out.count < max, "{line}");
            assert_solves(&givens, &out.solutions[0]);
            checked += 1;
        }
        assert_eq!(checked, take, "{name} has fewer puzzles than expected");
    }

    #[test]
    fn counts_agree_with_reference_on_multi_solution_set() {
        cross_check_file("puzzles7_serg_benchmark", 200, 10);
    }

    #[test]
    fn counts_agree_with_reference_on_17_clue_set() {
        cross_check_file("puzzles2_17_clue", 200, 2);
    }

    /// The hardest puzzles are where configurations are branched on and triads fire most.
    #[test]
    fn counts_agree_with_reference_on_hardest_set() {
        cross_check_file("puzzles6_forum_hardest_1106", 30, 2);
    }

    /// Exhaustive counts of grids with many solutions: a configuration branch that let a
    /// solution into both sides would count it twice, one that lost a side would undercount, a
    /// wrong triad deduction would lose solutions.
    #[test]
    fn full_counts_of_sparse_grids_match_reference() {
        let mut rng = lcg(12345);
        let mut total = 0;
        for (k, line) in UNIQUE.iter().enumerate() {
            let solved = search9(&parse(line), 1, 1, None, &Cancel::default()).solutions[0];
            for keep_cells in [26, 30, 34] {
                let mut givens = [0u8; 81];
                for _ in 0..keep_cells {
                    let cell = rng() % 81;
                    givens[cell] = solved[cell];
                }
                let exact = reference_count(&givens, 5000);
                let all = search9(&givens, 5000, usize::MAX, None, &Cancel::default());
                assert_eq!(all.count, exact, "puzzle {k}, {keep_cells} draws");
                let mut distinct = all.solutions.clone();
                distinct.sort_unstable();
                distinct.dedup();
                assert_eq!(distinct.len() as u64, all.count, "solutions are distinct");
                for s in all.solutions.iter().step_by(97) {
                    assert_solves(&givens, s);
                }
                total += exact;
            }
        }
        assert!(total > 1000, "the grids have many solutions ({total})");
    }

    /// Triads and configuration branching at work: bi-value cells alone took 81 guesses a
    /// puzzle on this set, tdoku takes 65.
    #[test]
    fn hardest_set_needs_fewer_guesses_than_cell_branching() {
        let guesses = guesses_a_puzzle("puzzles5_forum_hardest_1905_11+", 300);
        assert!(guesses < 70.0, "{guesses} guesses a puzzle");
    }

    /// Guesses a puzzle, solving and proving unique the first `take` puzzles of a benchmark set.
    fn guesses_a_puzzle(name: &str, take: usize) -> f64 {
        let text = fixture(name);
        let puzzles: Vec<[u8; 81]> =
            text.lines().filter(|l| l.len() >= 81 && !l.starts_with('#')).take(take).map(parse).collect();
        assert_eq!(puzzles.len(), take, "{name} has fewer puzzles than expected");
        let guesses: u64 = puzzles.iter().map(|g| search9(g, 2, 0, None, &Cancel::default()).guesses).sum();
        guesses as f64 / take as f64
    }

    /// Branching on a cell when the tightest band or stack has no digit with two configurations
    /// (rather than on a looser band or stack that has one): 85.1 guesses a puzzle on the first
    /// 200 of this set, 87.0 the other way (on the whole set 112.4 against 116.9; tdoku 113.1).
    #[test]
    fn tightest_band_or_stack_decides_the_branch() {
        let guesses = guesses_a_puzzle("puzzles6_forum_hardest_1106", 200);
        assert!(guesses < 86.0, "{guesses} guesses a puzzle");
    }

    /// A bi-value cell, the one whose branches remove the most candidates, rather than a
    /// configuration whose two branches remove two candidates each: 83.30 guesses a puzzle on
    /// the first 200 of forum_hardest_1106 and 64.78 on the first 300 of
    /// forum_hardest_1905_11+, against 85.13 and 65.68 with configurations always first and
    /// cells by unsolved peers (on the whole sets 107.72 and 61.25 against 112.36 and 62.24;
    /// tdoku 110.44 and 61.67).
    #[test]
    fn weak_configurations_give_way_to_the_strongest_cell() {
        let hardest = guesses_a_puzzle("puzzles6_forum_hardest_1106", 200);
        let forum = guesses_a_puzzle("puzzles5_forum_hardest_1905_11+", 300);
        assert!(hardest < 84.0 && forum < 65.2, "{hardest} and {forum} guesses a puzzle");
    }

    /// The test for a weak configuration against a count, on random words and masks.
    #[test]
    fn removes_two_at_most_matches_a_count() {
        let mut next = lcg(7);
        let mut rng = move || next() as u32;
        let mut state = State::from_givens(&[0; 81]).expect("the empty grid");
        for round in 0..2000 {
            let digit = round % 9;
            // Sparse words, so that every count from 0 to about 6 occurs.
            for b in 0..3 {
                state.cand[b][digit] = rng() & rng() & rng() & ALL;
            }
            let masks: [u32; 3] = std::array::from_fn(|_| !(rng() & rng()));
            let count: u32 = (0..3).map(|b| (state.cand[b][digit] & !masks[b] & ALL).count_ones()).sum();
            assert_eq!(state.removes_two_at_most(digit, &masks), count <= 2, "round {round}");
        }
    }

    /// The unavoidable rectangles of a solution (brute force): four cells on two rows and two
    /// columns, in exactly two boxes, none a given, holding a, b, b, a.
    fn rectangles(givens: &[u8; 81], s: &[u8; 81]) -> Vec<[usize; 4]> {
        let mut found = Vec::new();
        for (r1, r2, c1, c2) in (0..9).flat_map(|r1| {
            (r1 + 1..9).flat_map(move |r2| (0..9).flat_map(move |c1| (c1 + 1..9).map(move |c2| (r1, r2, c1, c2))))
        }) {
            let cells = [9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2];
            let boxes = (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3);
            if boxes
                && cells.iter().all(|&c| givens[c] == 0)
                && s[cells[0]] == s[cells[3]]
                && s[cells[1]] == s[cells[2]]
            {
                found.push(cells);
            }
        }
        found
    }

    /// Serg's puzzles all have two solutions or more; on those whose first solution holds an
    /// unavoidable rectangle the second comes from swapping it, with no guess after the first
    /// solution, and it must be a solution, not the first one again.
    #[test]
    fn rectangle_gives_a_valid_second_solution_without_more_search() {
        let text = fixture("puzzles7_serg_benchmark");
        let (mut with, mut without) = (0, 0);
        for line in text.lines().filter(|l| l.len() >= 81 && !l.starts_with('#')).take(300) {
            let givens = parse(line);
            let one = search9(&givens, 1, 1, None, &Cancel::default());
            let two = search9(&givens, 2, 2, None, &Cancel::default());
            assert_eq!((two.count, two.complete, two.stopped, two.solutions.len()), (2, false, false, 2), "{line}");
            assert_eq!(two.solutions[0], one.solutions[0], "{line}");
            assert_ne!(two.solutions[0], two.solutions[1], "{line}");
            for s in &two.solutions {
                assert_solves(&givens, s);
            }
            if rectangles(&givens, &one.solutions[0]).is_empty() {
                without += 1;
            } else {
                with += 1;
                assert_eq!(two.guesses, one.guesses, "{line}: guessed after the first solution");
                let differ: Vec<usize> = (0..81).filter(|&c| two.solutions[0][c] != two.solutions[1][c]).collect();
                assert_eq!(differ.len(), 4, "{line}");
            }
        }
        // About 60% of the set have a rectangle; the others need the search.
        assert!(with > 120 && without > 60, "{with} with a rectangle, {without} without");
    }

    /// A solved grid with the four cells of one of its rectangles left open has exactly two
    /// solutions, the grid and the swap; with one corner given, only one.
    #[test]
    fn open_rectangle_counts_two_and_closed_ones_count_one() {
        let solved = search9(&parse(UNIQUE[1]), 1, 1, None, &Cancel::default()).solutions[0];
        let all = rectangles(&[0; 81], &solved);
        assert!(!all.is_empty(), "the grid has a rectangle");
        for cells in all.iter().take(5) {
            let mut givens = solved;
            for &c in cells {
                givens[c] = 0;
            }
            let out = search9(&givens, 2, 2, None, &Cancel::default());
            assert_eq!((out.count, out.complete), (2, false));
            assert_eq!(reference_count(&givens, 10), 2);
            let mut swapped = solved;
            (swapped[cells[0]], swapped[cells[1]], swapped[cells[2]], swapped[cells[3]]) =
                (solved[cells[1]], solved[cells[0]], solved[cells[3]], solved[cells[2]]);
            let mut found = out.solutions.clone();
            found.sort_unstable();
            let mut expect = vec![solved, swapped];
            expect.sort_unstable();
            assert_eq!(found, expect);
            givens[cells[2]] = solved[cells[2]];
            let out = search9(&givens, 2, 2, None, &Cancel::default());
            assert_eq!((out.count, out.complete, out.solutions), (1, true, vec![solved]));
        }
    }

    /// The check itself, on a solved state and one open branch guessed at a cell: a rectangle
    /// through that cell is found only when it lies in two boxes and none of its cells is given.
    #[test]
    fn swappable_rectangle_needs_two_boxes_and_no_given() {
        let solved = search9(&parse(UNIQUE[1]), 1, 1, None, &Cancel::default()).solutions[0];
        let state = State::from_givens(&solved).expect("a solution");
        // The branch not taken at `cell` still had `other` there.
        let guessed_at = |cell: usize, other: u8| {
            let mut alt = state;
            alt.cand[cell / 27][usize::from(other) - 1] |= 1 << (cell % 27);
            Branches { states: vec![alt], maps: Vec::new(), cells: vec![cell as u8] }
        };
        let sorted = |mut cells: [usize; 4]| {
            cells.sort_unstable();
            cells
        };
        let open = [0u32; 3];
        let cells = rectangles(&[0; 81], &solved)[0];
        for (k, &cell) in cells.iter().enumerate() {
            // Corners 0 and 3 hold one digit, 1 and 2 the other.
            let other = if k == 0 || k == 3 { solved[cells[1]] } else { solved[cells[0]] };
            let found = state.swappable_rectangle(&open, &guessed_at(cell, other));
            assert_eq!(found.map(sorted), Some(sorted(cells)), "guessed at {cell}");
            // Another digit in the branch not taken: no rectangle with that one.
            let wrong = (1..=9).find(|&d| d != solved[cell] && d != other).expect("a third digit");
            assert_eq!(state.swappable_rectangle(&open, &guessed_at(cell, wrong)), None);
        }
        for &given in &cells {
            let mut mask = [0u32; 3];
            mask[given / 27] |= 1 << (given % 27);
            let found = state.swappable_rectangle(&mask, &guessed_at(cells[0], solved[cells[1]]));
            assert_eq!(found, None, "cell {given} given");
        }
        let mut config = guessed_at(cells[0], solved[cells[1]]);
        config.cells[0] = NOT_A_CELL;
        assert_eq!(state.swappable_rectangle(&open, &config), None, "a configuration guess");
        // a, b, b, a on two rows in two bands and two columns in two stacks: four boxes.
        let far = (0..81 * 81)
            .map(|k| (k / 81, k % 81))
            .filter(|&(p, q)| p / 27 < q / 27 && p % 9 / 3 < q % 9 / 3)
            .map(|(p, q)| [p, p - p % 9 + q % 9, q - q % 9 + p % 9, q])
            .find(|c| solved[c[0]] == solved[c[3]] && solved[c[1]] == solved[c[2]])
            .expect("a four-box rectangle");
        assert_eq!(state.swappable_rectangle(&open, &guessed_at(far[0], solved[far[1]])), None);
    }
}

//! Almost locked sets and Sue de Coq.
//!
//! An almost locked set (ALS) is `m` open cells of one house (all digits differ there) holding
//! `m + 1` candidates between them: take one digit away and the rest is locked. Two ALS are
//! linked by a *restricted common* digit `x` when every `x` of one sees every `x` of the other:
//! at most one of them holds `x`, so the other one is locked on its remaining digits.
//! - ALS-XZ: ALS A and B with a restricted common `x`; for any other digit `z` of both, one of
//!   them holds `z`, so a cell that sees every `z` of A and of B loses it.
//! - ALS-XY-wing: ALS C linked to A by `x` and to B by `y` (`x ≠ y`): if A lacks `z` it holds
//!   `x`, so C holds `y`, so B lacks `y` and holds `z`; a cell that sees every `z` of A and B
//!   loses it.
//! - Sue de Coq: where two houses cross, cells C holding at least two more digits than cells;
//!   cells A of the first house outside the second and B of the second outside the first,
//!   with no digit in both A and B, such that C, A and B hold exactly as many digits as cells.
//!   Each digit then fits at most once in the pattern (a digit of A only in C ∪ A, all in the
//!   first house; of B only in C ∪ B; others only in C), so each is there exactly once, and a
//!   cell that sees every place of a digit in the pattern loses it.
//!
//! "Sees" is the model's: two candidates of a digit share a unit for it, so the patterns work
//! in any house of a variant (jigsaw regions, diagonals, windows).

use super::step::{cell_list, digit_set, Step};
use super::{bit, digits, Logic, Technique};
use std::rc::Rc;

/// The largest ALS tried (in cells).
const MAX_ALS: usize = 5;
/// The most ALS gathered for one search.
const ALS_BUDGET: usize = 2000;
/// ALS techniques run on grids of at most this many cells (a cell set is one `u128`).
const MAX_CELLS: usize = 128;

/// The ALS of one position (its candidates and placements).
pub(super) struct AlsCache {
    cand: Vec<u64>,
    value: Vec<u8>,
    sets: Rc<Vec<Als>>,
}

/// An almost locked set: its cells (a bit per grid cell), its candidates, its house, and per
/// digit `d` (at `d − 1`) the cells holding it and the cells that see all of those for `d`.
pub(super) struct Als {
    pub(super) bits: u128,
    pub(super) cand: u64,
    house: usize,
    hold: Vec<u128>,
    seen: Vec<u128>,
}

impl Als {
    /// The restricted common digits of two disjoint ALS: every holder of one sees every holder
    /// of the other.
    pub(super) fn restricted(&self, other: &Als) -> u64 {
        let mut rc = 0;
        for d in digits(self.cand & other.cand) {
            let i = d as usize - 1;
            if other.hold[i] & !self.seen[i] == 0 {
                rc |= bit(d);
            }
        }
        rc
    }

    pub(super) fn cells(&self) -> Vec<usize> {
        ones(self.bits).collect()
    }
}

fn ones(mut m: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let k = m.trailing_zeros() as usize;
            m &= m - 1;
            k
        })
    })
}

impl Logic {
    /// Per variable (cell * n + digit − 1): the cells whose same digit it excludes.
    fn peer_bits(&self) -> Vec<u128> {
        let n = self.n;
        let mut peers = vec![0u128; self.cand.len() * n];
        for (v, p) in peers.iter_mut().enumerate() {
            for &u in &self.units_of[v] {
                for &k in &self.units[u as usize].cells {
                    *p |= 1 << k;
                }
            }
            for &c in &self.cliques_of[v] {
                for &w in &self.cliques[c as usize] {
                    if w as usize % n == v % n {
                        *p |= 1 << (w as usize / n);
                    }
                }
            }
            *p &= !(1 << (v / n));
        }
        peers
    }

    /// The cells whose candidate `d` sees candidate `d` of every cell in `holders` (not those
    /// cells themselves).
    fn seen_by_every(&self, peers: &[u128], holders: u128, d: u8) -> u128 {
        ones(holders).fold(!0u128, |all, h| all & peers[self.var(h, d)]) & !holders
    }

    /// Candidates `d` of the cells in `bits`.
    fn candidates_in(&self, bits: u128, d: u8) -> Vec<(usize, u8)> {
        ones(bits).filter(|&k| self.cand[k] & bit(d) != 0).map(|k| (k, d)).collect()
    }

    /// Every ALS of the houses (once each, in house order), up to [`ALS_BUDGET`]; none on grids
    /// of more than [`MAX_CELLS`] cells.
    fn almost_locked_sets(&self, peers: &[u128]) -> Vec<Als> {
        let mut found: Vec<Als> = Vec::new();
        if self.cand.len() > MAX_CELLS {
            return found;
        }
        let mut known = std::collections::HashSet::new();
        for (h, house) in self.houses.iter().enumerate() {
            let open: Vec<usize> = house.cells.iter().map(|&k| k as usize).filter(|&k| self.value[k] == 0).collect();
            let most = MAX_ALS.min(open.len().saturating_sub(1)).max(1);
            let mut sets = Vec::new();
            gather(&open, &self.cand, 0, (0, 0, 0), most, &mut sets);
            for (bits, cand) in sets {
                if found.len() >= ALS_BUDGET {
                    return found;
                }
                if !known.insert(bits) {
                    continue;
                }
                let mut hold = vec![0u128; self.n];
                let mut seen = vec![0u128; self.n];
                for d in digits(cand) {
                    let i = d as usize - 1;
                    hold[i] = ones(bits).filter(|&k| self.cand[k] & bit(d) != 0).fold(0, |m, k| m | 1 << k);
                    seen[i] = self.seen_by_every(peers, hold[i], d);
                }
                found.push(Als { bits, cand, house: h, hold, seen });
            }
        }
        found
    }

    /// The ALS of the current position, built once for it (ALS-XZ and ALS-XY-wing run on the
    /// same position one after the other); `None` on grids of more than [`MAX_CELLS`] cells.
    pub(super) fn als_of_position(&mut self) -> Option<Rc<Vec<Als>>> {
        if self.cand.len() > MAX_CELLS {
            return None;
        }
        if let Some(cache) = &self.als_cache {
            if cache.cand == self.cand && cache.value == self.value {
                return Some(Rc::clone(&cache.sets));
            }
        }
        if self.peers.is_empty() {
            self.peers = self.peer_bits();
        }
        let sets = Rc::new(self.almost_locked_sets(&self.peers));
        self.als_cache = Some(AlsCache { cand: self.cand.clone(), value: self.value.clone(), sets: Rc::clone(&sets) });
        Some(sets)
    }

    pub(super) fn als_text(&self, a: &Als) -> String {
        format!(
            "{} {} ({})",
            cell_list(a.cells().into_iter().map(|k| self.cell(k))),
            digit_set(a.cand),
            self.houses[a.house].label
        )
    }

    /// The removals of `z` by two ALS that cannot both lack it.
    pub(super) fn either_holds(&self, a: &Als, b: &Als, z: u8) -> Vec<(usize, u8)> {
        let i = z as usize - 1;
        self.candidates_in(a.seen[i] & b.seen[i], z)
    }

    pub(super) fn als_step(&self, step: Step, sets: &[&Als]) -> Step {
        let cells: Vec<usize> = sets.iter().flat_map(|a| a.cells()).collect();
        self.pattern(step, &cells)
    }

    /// Two ALS with a restricted common digit `x`: one of them holds each other common digit.
    pub(super) fn als_xz(&mut self) -> Option<Step> {
        let sets = self.als_of_position()?;
        for (i, a) in sets.iter().enumerate() {
            for b in &sets[i + 1..] {
                let common = a.cand & b.cand;
                if common.count_ones() < 2 || a.bits & b.bits != 0 {
                    continue;
                }
                let rc = a.restricted(b);
                for x in digits(rc) {
                    let zs = common & !bit(x);
                    // Cheap test first: some cell sees every z of both.
                    if !digits(zs).any(|z| a.seen[z as usize - 1] & b.seen[z as usize - 1] != 0) {
                        continue;
                    }
                    let removed: Vec<(usize, u8)> = digits(zs).flat_map(|z| self.either_holds(a, b, z)).collect();
                    let text = |s: &Self| {
                        format!(
                            "ALS-XZ: A = {}, B = {} cannot both hold {x} (every {x} of one sees every {x} of the \
                             other), so one of them is locked and holds {}",
                            s.als_text(a),
                            s.als_text(b),
                            digit_set(zs)
                        )
                    };
                    if let Some(step) = self.removal_step(Some(removed), Technique::AlsXz, text) {
                        return Some(self.als_step(step, &[a, b]));
                    }
                }
            }
        }
        None
    }

    /// ALS C linked to A by `x` and to B by `y`: A or B holds each other digit common to both.
    pub(super) fn als_xy_wing(&mut self) -> Option<Step> {
        let sets = self.als_of_position()?;
        // Per ALS: the disjoint ALS it shares a restricted common digit with, and those digits,
        // by index. "Restricted" is symmetric (every x of one sees every x of the other), so
        // each pair is tested once; each list still comes out in index order.
        let mut links: Vec<Vec<(usize, u64)>> = vec![Vec::new(); sets.len()];
        for (i, c) in sets.iter().enumerate() {
            for (j, o) in sets.iter().enumerate().skip(i + 1) {
                if o.cand & c.cand == 0 || o.bits & c.bits != 0 {
                    continue;
                }
                let rc = c.restricted(o);
                if rc != 0 {
                    links[i].push((j, rc));
                    links[j].push((i, rc));
                }
            }
        }
        for (ci, c) in sets.iter().enumerate() {
            for (p, &(ai, rca)) in links[ci].iter().enumerate() {
                for &(bi, rcb) in &links[ci][p + 1..] {
                    let (a, b) = (&sets[ai], &sets[bi]);
                    let common = a.cand & b.cand;
                    if common.count_ones() < 2 || a.bits & b.bits != 0 {
                        continue;
                    }
                    for x in digits(rca) {
                        for y in digits(rcb & !bit(x)) {
                            let zs = common & !bit(x) & !bit(y);
                            if !digits(zs).any(|z| a.seen[z as usize - 1] & b.seen[z as usize - 1] != 0) {
                                continue;
                            }
                            let removed: Vec<(usize, u8)> =
                                digits(zs).flat_map(|z| self.either_holds(a, b, z)).collect();
                            let text = |s: &Self| {
                                format!(
                                    "ALS-XY-wing: A = {}, B = {}, C = {}; C shares {x} with A and {y} with B, \
                                     each restricted (every {x}, resp. {y}, of one sees those of the other): if A \
                                     lacked a digit of {} it would hold {x}, C {y}, and B that digit, so A or B holds it",
                                    s.als_text(a),
                                    s.als_text(b),
                                    s.als_text(c),
                                    digit_set(zs)
                                )
                            };
                            if let Some(step) = self.removal_step(Some(removed), Technique::AlsXyWing, text) {
                                return Some(self.als_step(step, &[c, a, b]));
                            }
                        }
                    }
                }
            }
        }
        None
    }

    /// Sue de Coq on every two houses that share at least two open cells.
    pub(super) fn sue_de_coq(&mut self) -> Option<Step> {
        let largest = if self.n <= 9 { 4 } else { 3 };
        let open: Vec<Vec<usize>> = self
            .houses
            .iter()
            .map(|h| h.cells.iter().map(|&k| k as usize).filter(|&k| self.value[k] == 0).collect())
            .collect();
        // A part outside the crossing that is locked on its own is a naked subset: left out.
        let sides = |cells: &[usize], cand: &[u64]| {
            let mut sets = Vec::new();
            subsets_upto(cells, cand, 0, (0, 0), largest, &mut sets);
            sets.retain(|(v, m)| m.count_ones() > v.count_ones());
            sets
        };
        // A subset (a bit per position in `cells`) as its cells.
        let chosen = |cells: &[usize], pick: u64| -> Vec<usize> {
            cells.iter().enumerate().filter(|(i, _)| pick >> i & 1 == 1).map(|(_, &k)| k).collect()
        };
        // Per house: its open cells as a bit set, to find the houses that cross cheaply.
        let words = self.cand.len().div_ceil(64);
        let open_bits: Vec<Vec<u64>> = open
            .iter()
            .map(|cells| {
                let mut bits = vec![0u64; words];
                for &k in cells {
                    bits[k / 64] |= 1 << (k % 64);
                }
                bits
            })
            .collect();
        // The two parts swap roles between (h1, h2) and (h2, h1): one order is enough.
        for h1 in 0..self.houses.len() {
            for h2 in h1 + 1..self.houses.len() {
                let shared: u32 = open_bits[h1].iter().zip(&open_bits[h2]).map(|(a, b)| (a & b).count_ones()).sum();
                if shared < 2 {
                    continue;
                }
                let (o1, o2) = (&open[h1], &open[h2]);
                let cross: Vec<usize> = o1.iter().copied().filter(|k| o2.contains(k)).collect();
                if cross.len() < 2 {
                    continue;
                }
                let mut middle = Vec::new();
                subsets_upto(&cross, &self.cand, 0, (0, 0), cross.len(), &mut middle);
                middle.retain(|(c, cc)| c.count_ones() >= 2 && cc.count_ones() >= c.count_ones() + 2);
                if middle.is_empty() {
                    continue;
                }
                let line: Vec<usize> = o1.iter().copied().filter(|k| !cross.contains(k)).collect();
                let other: Vec<usize> = o2.iter().copied().filter(|k| !cross.contains(k)).collect();
                let (side1, side2) = (sides(&line, &self.cand), sides(&other, &self.cand));
                for (c, cc) in &middle {
                    // With C and A fixed, `left` = |cand(C ∪ A)| − |C| − |A| digits are still
                    // unplaced, and B must take them all plus its own digits outside C:
                    // |B| − |cand(B) \ cand(C)| = left. B by that key.
                    let mut by_key: Vec<Vec<usize>> = vec![Vec::new(); largest + 1];
                    for (j, (b, cb)) in side2.iter().enumerate() {
                        if cb & cc == 0 {
                            continue;
                        }
                        let key = i64::from(b.count_ones()) - i64::from((cb & !cc).count_ones());
                        if key >= 0 {
                            by_key[key as usize].push(j);
                        }
                    }
                    for (a, ca) in &side1 {
                        if ca & cc == 0 {
                            continue;
                        }
                        let left =
                            i64::from((cc | ca).count_ones()) - i64::from(c.count_ones()) - i64::from(a.count_ones());
                        let Some(bs) = usize::try_from(left).ok().and_then(|l| by_key.get(l)) else { continue };
                        for &j in bs {
                            let (b, cb) = side2[j];
                            let all = cc | ca | cb;
                            if ca & cb != 0 || all.count_ones() != c.count_ones() + a.count_ones() + b.count_ones() {
                                continue;
                            }
                            let (c, a, b) = (chosen(&cross, *c), chosen(&line, *a), chosen(&other, b));
                            let pattern: Vec<usize> = c.iter().chain(&a).chain(&b).copied().collect();
                            let removed: Vec<(usize, u8)> = digits(all)
                                .flat_map(|d| {
                                    let holders: Vec<usize> =
                                        pattern.iter().copied().filter(|&k| self.cand[k] & bit(d) != 0).collect();
                                    self.seen_by_all(&holders, d, &pattern)
                                })
                                .collect();
                            let text = |s: &Self| {
                                let cells = |v: &[usize]| cell_list(v.iter().map(|&k| s.cell(k)));
                                format!(
                                    "Sue de Coq: {} ({} and {}) hold {}; with {} {} in {} and {} {} in {}, these {} \
                                     cells hold {} digits {} and take each once",
                                    cells(&c),
                                    s.houses[h1].label,
                                    s.houses[h2].label,
                                    digit_set(*cc),
                                    cells(&a),
                                    digit_set(*ca),
                                    s.houses[h1].label,
                                    cells(&b),
                                    digit_set(cb),
                                    s.houses[h2].label,
                                    pattern.len(),
                                    pattern.len(),
                                    digit_set(all)
                                )
                            };
                            if let Some(step) = self.removal_step(Some(removed), Technique::SueDeCoq, text) {
                                return Some(self.pattern(step, &pattern));
                            }
                        }
                    }
                }
            }
        }
        None
    }
}

/// The subsets of `cells[start..]` added to `pick` = (cells, candidates, size), at most `most`
/// cells in all, whose candidates number one more than their cells: the ALS among them.
fn gather(
    cells: &[usize],
    cand: &[u64],
    start: usize,
    pick: (u128, u64, usize),
    most: usize,
    out: &mut Vec<(u128, u64)>,
) {
    let (bits, union, size) = pick;
    for i in start..cells.len() {
        let wider = union | cand[cells[i]];
        // Adding cells never shrinks the union: past `most + 1` digits no ALS is left.
        if wider.count_ones() as usize > most + 1 {
            continue;
        }
        let more = (bits | 1 << cells[i], wider, size + 1);
        if wider.count_ones() as usize == size + 2 {
            out.push((more.0, wider));
        }
        if size + 1 < most {
            gather(cells, cand, i + 1, more, most, out);
        }
    }
}

/// Every nonempty subset of `cells[start..]` added to `pick` = (a bit per position in `cells`,
/// candidates), up to `most` cells in all, with its candidates (`cells` has at most 64 cells).
fn subsets_upto(cells: &[usize], cand: &[u64], start: usize, pick: (u64, u64), most: usize, out: &mut Vec<(u64, u64)>) {
    let (bits, union) = pick;
    for (i, &k) in cells.iter().enumerate().skip(start) {
        let more = (bits | 1 << i, union | cand[k]);
        out.push(more);
        if (more.0.count_ones() as usize) < most {
            subsets_upto(cells, cand, i + 1, more, most, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Logic;
    use sudoku_ip_formats as formats;
    use sudoku_ip_model::Model;

    #[test]
    fn restricted_commons_are_symmetric_and_the_als_of_a_position_are_kept() {
        // ALS-XY-wing tests each pair once, relying on "every x of A sees every x of B" being
        // the same as the other way round. top1465 line 1, at every position of its path.
        let line = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let puzzle = formats::parse_puzzle(line, &formats::ParseOptions::default()).expect("puzzle");
        let mut logic = Logic::new(&Model::build(&puzzle), true);
        let mut linked = 0;
        while let Some(step) = logic.next_step() {
            let sets = logic.als_of_position().expect("9x9");
            assert!(std::rc::Rc::ptr_eq(&sets, &logic.als_of_position().expect("9x9")));
            for (i, a) in sets.iter().enumerate().step_by(7) {
                for b in sets[i + 1..].iter().filter(|b| b.bits & a.bits == 0) {
                    assert_eq!(a.restricted(b), b.restricted(a));
                    linked += usize::from(a.restricted(b) != 0);
                }
            }
            logic.take(&step);
            let fresh = logic.almost_locked_sets(&logic.peer_bits());
            let kept = logic.als_of_position().expect("9x9");
            assert_eq!(
                kept.iter().map(|a| (a.bits, a.cand)).collect::<Vec<_>>(),
                fresh.iter().map(|a| (a.bits, a.cand)).collect::<Vec<_>>()
            );
        }
        assert!(linked > 100, "{linked}");
    }
}

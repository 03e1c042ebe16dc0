//! Unique loops: the unique rectangle's deadly pattern on 6, 8, 10 or 12 cells. Sound only
//! because the puzzle has one solution (proved by the rater) and only without variant rules.
//!
//! A loop is a cycle of open cells, each holding the pair {x,y}, each sharing a house with the
//! next, and every house that holds one of its cells holding exactly two. If every cell of the
//! loop held only x or y, the cells would alternate x, y round the cycle (neighbours differ), and
//! swapping x and y in all of them would keep every house whole (each holds one x and one y of
//! the loop): a second solution. So some cell of the loop holds another digit:
//! - type 1: one cell has extra digits: it loses x and y;
//! - type 2: the cells with extras add the same one digit z: one of them is z, so cells seeing
//!   all of them lose z;
//! - types 3 and 4 on two cells with extras that share a house, as for rectangles.
//!
//! Sudoku Explainer's weights (`UniqueLoopHint`, its original rating): 4.6 for six cells, 4.7
//! for eight, 5.0 for ten or more; type 3 adds 0.1 per digit of its naked set past the first.

use super::step::{cell_list, digit_set, Step};
use super::{bit, digits, Logic, SeRating, Technique};

/// The longest loop tried.
const MAX_LOOP: usize = 12;
/// The most cells of a loop that hold more than the pair.
const MAX_EXTRA: usize = 4;
/// The most loops of one pair and length gathered before they are tried.
const MAX_HITS: usize = 64;

/// One loop search: the pair's cells and the houses they lie in.
struct Search<'a> {
    logic: &'a Logic,
    pair: u64,
    /// Per cell: it is open and holds the pair.
    member: &'a [bool],
    /// Per cell: the exactly-once houses that contain it.
    houses_of: &'a [Vec<usize>],
    /// Per house: how many cells of the path lie in it.
    count: Vec<u8>,
    path: Vec<usize>,
    extra: usize,
    length: usize,
}

impl Search<'_> {
    fn shares(&self, a: usize, b: usize) -> bool {
        self.houses_of[a].iter().any(|h| self.houses_of[b].contains(h))
    }

    /// Extends the path to loops of `length` cells, calling `found` on each until it returns
    /// true (then so does this).
    fn extend(&mut self, found: &mut impl FnMut(&[usize]) -> bool) -> bool {
        let Some(&last) = self.path.last() else { return false };
        let start = self.path[0];
        if self.path.len() == self.length {
            let closed = self.shares(last, start) && self.count.iter().all(|&c| c == 0 || c == 2);
            return closed && found(&self.path);
        }
        for &h in &self.houses_of[last] {
            if self.count[h] != 1 {
                continue;
            }
            let logic = self.logic;
            for c in logic.houses[h].cells.iter().map(|&k| k as usize) {
                if c <= start || !self.member[c] || self.path.contains(&c) {
                    continue;
                }
                if self.houses_of[c].iter().any(|&g| self.count[g] >= 2) {
                    continue;
                }
                let extra = usize::from(self.logic.cand[c] != self.pair);
                if self.extra + extra > MAX_EXTRA {
                    continue;
                }
                for &g in &self.houses_of[c] {
                    self.count[g] += 1;
                }
                self.path.push(c);
                self.extra += extra;
                let stop = self.extend(found);
                self.extra -= extra;
                self.path.pop();
                for &g in &self.houses_of[c] {
                    self.count[g] -= 1;
                }
                if stop {
                    return true;
                }
            }
        }
        false
    }
}

impl Logic {
    /// A unique loop of 6 to [`MAX_LOOP`] cells, shortest first.
    pub(super) fn unique_loop(&mut self) -> Option<Step> {
        if !self.plain {
            return None;
        }
        let cells = self.cand.len();
        let mut houses_of: Vec<Vec<usize>> = vec![Vec::new(); cells];
        for (h, house) in self.houses.iter().enumerate() {
            if house.full {
                for &k in &house.cells {
                    houses_of[k as usize].push(h);
                }
            }
        }
        for length in (6..=MAX_LOOP).step_by(2) {
            for x in 1..=self.n as u8 {
                for y in x + 1..=self.n as u8 {
                    let pair = bit(x) | bit(y);
                    let member: Vec<bool> =
                        (0..cells).map(|k| self.value[k] == 0 && self.cand[k] & pair == pair).collect();
                    let bivalue = (0..cells).filter(|&k| member[k] && self.cand[k] == pair).count();
                    if bivalue + MAX_EXTRA < length {
                        continue;
                    }
                    let mut hits = Vec::new();
                    for start in (0..cells).filter(|&k| member[k]) {
                        let mut search = Search {
                            logic: self,
                            pair,
                            member: &member,
                            houses_of: &houses_of,
                            count: vec![0; self.houses.len()],
                            path: vec![start],
                            extra: usize::from(self.cand[start] != pair),
                            length,
                        };
                        for &g in &houses_of[start] {
                            search.count[g] += 1;
                        }
                        // The loops are gathered, then tried (a step borrows the rater mutably).
                        search.extend(&mut |path: &[usize]| {
                            hits.push(path.to_vec());
                            hits.len() >= MAX_HITS
                        });
                        if hits.len() >= MAX_HITS {
                            break;
                        }
                    }
                    for path in hits {
                        if let Some(step) = self.loop_step(&path, pair) {
                            return Some(step);
                        }
                    }
                }
            }
        }
        None
    }

    /// The step of the loop `cells` on `pair`, if its extra digits give one.
    fn loop_step(&mut self, cells: &[usize], pair: u64) -> Option<Step> {
        let xy = digit_set(pair);
        let extra: Vec<usize> = cells.iter().copied().filter(|&k| self.cand[k] != pair).collect();
        let mut step = match *extra.as_slice() {
            [] => None,
            [target] => {
                let removed: Vec<(usize, u8)> = digits(pair).map(|d| (target, d)).collect();
                let text = |s: &Self| {
                    format!(
                        "Unique loop type 1 (relies on the puzzle being unique): in the loop {}, every cell but {} holds only {xy}; if {} held only those too, the two digits could swap round the loop",
                        loop_text(s, cells),
                        s.cell(target),
                        s.cell(target)
                    )
                };
                self.removal_step(Some(removed), Technique::UniqueLoop, text)
            }
            [a, b] => self.deadly_roof(cells, pair, a, b, Technique::UniqueLoop),
            _ => {
                let adds = extra.iter().fold(0, |m, &k| m | self.cand[k]) & !pair;
                if adds.count_ones() != 1 {
                    return None;
                }
                let z = adds.trailing_zeros() as u8 + 1;
                let removed = self.seen_by_all(&extra, z, cells);
                let text = |s: &Self| {
                    format!(
                        "Unique loop type 2 (relies on the puzzle being unique): the loop {} holds {xy}, and {} add only {z}; one of them is {z}",
                        loop_text(s, cells),
                        cell_list(extra.iter().map(|&k| s.cell(k)))
                    )
                };
                self.removal_step(Some(removed), Technique::UniqueLoop, text)
            }
        }?;
        // The table's 4.6 is six cells; eight weigh 4.7, ten or more 5.0.
        step.rating = SeRating(
            step.rating.0
                + match cells.len() {
                    6 => 0,
                    8 => 1,
                    _ => 4,
                },
        );
        step.uses_uniqueness = true;
        Some(self.pattern(step, cells))
    }
}

/// The loop's cells in order round it: "r1c4 – r1c5 – r4c5 – … – r1c4".
fn loop_text(logic: &Logic, cells: &[usize]) -> String {
    let mut names: Vec<String> = cells.iter().map(|&k| logic.cell(k).to_string()).collect();
    names.push(logic.cell(cells[0]).to_string());
    names.join(" – ")
}

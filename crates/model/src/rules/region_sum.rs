//! Region-sum lines: region (box) borders cut a blue line into segments, and every segment of
//! the line has the same sum. A line that enters a region twice has two segments there.
//!
//! A segment of `k` cells lies in one region, so its digits differ and its sum is between
//! `k(k+1)/2` and `k(2n+1−k)/2`; the line's total lies in every segment's range, `lo..=hi`.
//! The total is one-hot in auxiliary binaries `t_s`, and each segment sums to it:
//!
//! ```text
//!   regionsum{i}_total              :  Σ_{s=lo..hi} t_s = 1
//!   regionsum{i}_seg{j}             :  Σ_{c in segment} Σ_d d·x[c,d] − Σ_s s·t_s = 0
//!   regionsum{i}_seg{j}_d{d}        :  x[c,d] − t_d = 0            (a one-cell segment)
//!   regionsum{i}_seg{j}_a_d{d}_s{s} :  x[a,d] + t_s − x[b,s−d] <= 1 (a two-cell segment {a, b};
//!                                                                    no x[b,·] when s−d is no digit)
//! ```
//!
//! A one-cell segment is the total itself, so its candidates and the total's are one; a
//! two-cell segment mirrors its digits once the total is known, both ways. Longer segments
//! propagate through their sum rows' bounds. A line inside one region asks nothing.
//!
//! Each line is also a line automaton ([`Emit::automaton`]) over (the cell reached, the total
//! once the first segment has ended, the digits of the current segment), which the native
//! engine propagates to domain consistency in place of every row after the first segment's
//! sum: the total stays, one-hot and tied to the line by that row, so that the search can
//! still branch on it. On Raw Spaghetti (eight lines of 3–7 cells, 2,351 rows) the rows took
//! 320M instructions and 235 guesses, the automata alone 137M and 578 (ISS: 474), the
//! automata with the totals kept 140M and 461.

use std::collections::HashMap;

use serde_json::{Map, Value};

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::model::Sense;

use super::fields::cell_lists_json;
use super::{check_lines, line_mark, Emit, Fields, Input, Mark, RuleError, RuleKind};

/// Region-sum lines are blue.
const BLUE: &str = "#4aa3df";

/// Region-sum lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionSum {
    /// Each line's cells, in order along the line.
    pub lines: Vec<Vec<Cell>>,
}

/// The segments of a line: its runs of consecutive cells in one region (for the rows).
fn segments(geometry: &Geometry, cells: &[Cell]) -> Vec<Vec<Cell>> {
    let owner = geometry.region_of_cells();
    let n = geometry.n();
    let mut out: Vec<Vec<Cell>> = Vec::new();
    for (j, &c) in cells.iter().enumerate() {
        match out.last_mut() {
            Some(seg) if owner[cells[j - 1].index(n)] == owner[c.index(n)] => seg.push(c),
            _ => out.push(vec![c]),
        }
    }
    out
}

/// The sums a segment of `k` distinct digits of 1..n can have.
fn sum_range(n: usize, k: usize) -> (usize, usize) {
    (k * (k + 1) / 2, k * (2 * n + 1 - k) / 2)
}

/// The totals every segment of the line can reach, when the line has two segments or more.
fn totals(geometry: &Geometry, cells: &[Cell]) -> Option<(usize, usize)> {
    let segs = segments(geometry, cells);
    if segs.len() < 2 {
        return None;
    }
    let ranges = segs.iter().map(|s| sum_range(geometry.n(), s.len()));
    Some(ranges.fold((0, usize::MAX), |(lo, hi), (a, b)| (lo.max(a), hi.min(b))))
}

/// Where the automaton of a region-sum line stands: before cell `at`, with the line's total
/// (`None` until the first segment ends) and the digits of the current segment so far (bit
/// `d`; they differ, the segment lying in one region).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Walk {
    at: usize,
    total: Option<usize>,
    used: u64,
}

impl Walk {
    /// The state after digit `d` in cell `at`, where `ends[at]` says whether a segment ends
    /// there, on a line whose total lies in `lo..=hi`.
    fn next(self, d: usize, ends: &[bool], (lo, hi): (usize, usize)) -> Option<Walk> {
        if self.used >> d & 1 != 0 {
            return None;
        }
        let used = self.used | 1 << d;
        let part: usize = (0..64).filter(|&e| used >> e & 1 != 0).sum();
        if part > self.total.unwrap_or(hi) {
            return None;
        }
        let at = self.at + 1;
        if !ends[self.at] {
            return Some(Walk { at, total: self.total, used });
        }
        match self.total {
            None if part >= lo => Some(Walk { at, total: Some(part), used: 0 }),
            Some(t) if t == part => Some(Walk { at, total: Some(t), used: 0 }),
            _ => None,
        }
    }
}

impl RuleKind for RegionSum {
    const FPUZZLES_KEYS: &'static [&'static str] = &["regionsumline"];

    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let lines = f.all_lines("regionsumline")?;
        Ok((!lines.is_empty()).then_some(RegionSum { lines }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        f.lines("regionsumline", &self.lines);
        Ok(())
    }

    const NAME: &'static str = "region-sum-line";
    const ALIASES: &'static [&'static str] = &["region-sum", "regionsumline", "region-sum-lines"];
    const SUMMARY: &'static str = "region borders cut a blue line into segments that all have the same sum";
    const INPUT: Input = Input::Line { key: "lines", min: 2 };

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        Ok(RegionSum { lines: f.cell_lists("lines", "a list of cell lists, in order along each line")? })
    }

    fn write(&self, out: &mut Map<String, Value>) {
        out.insert("lines".into(), cell_lists_json(&self.lines));
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        check_lines(geometry.n(), &self.lines, 2)?;
        if geometry.is_latin() && !self.lines.is_empty() {
            return Err(RuleError::new("lines", "region-sum lines need regions; this grid has none"));
        }
        for (i, cells) in self.lines.iter().enumerate() {
            if let Some((lo, hi)) = totals(geometry, cells) {
                if lo > hi {
                    return Err(RuleError::new(
                        format!("lines[{i}]"),
                        "the line's segments cannot have one sum (a short one is too small for a long one)",
                    ));
                }
            }
        }
        Ok(())
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        let n = b.n();
        for (i, cells) in self.lines.iter().enumerate() {
            let Some((lo, hi)) = totals(b.geometry(), cells) else { continue };
            let name = format!("regionsum{}", i + 1);
            let segs = segments(b.geometry(), cells);
            b.clue(format!("the region sum line {}", super::path_text(cells)), cells.iter().copied());
            let t: Vec<(usize, u32)> = (lo..=hi).map(|s| (s, b.aux(format!("{name}_t{s}")))).collect();
            b.row(format_args!("{name}_total"), t.iter().map(|&(_, v)| (v, 1)).collect(), Sense::Eq, 1);
            // Where the rows after the first segment's sum begin: the automaton stands for them.
            let mut first_sum = 0;
            for (j, seg) in segs.iter().enumerate() {
                let seg_name = format!("{name}_seg{}", j + 1);
                let mut sum: Vec<(u32, i32)> =
                    seg.iter().flat_map(|&c| (1..=n).map(move |d| (c, d))).map(|(c, d)| (b.var(c, d), d as i32)).collect();
                sum.extend(t.iter().map(|&(s, v)| (v, -(s as i32))));
                b.row(&seg_name, sum, Sense::Eq, 0);
                if j == 0 {
                    first_sum = b.rows_len();
                }
                match seg[..] {
                    [c] => {
                        for d in 1..=n {
                            match t.iter().find(|&&(s, _)| s == d) {
                                Some(&(_, v)) => b.row(format_args!("{seg_name}_d{d}"), vec![(b.var(c, d), 1), (v, -1)], Sense::Eq, 0),
                                None => b.exclude(c, d, &seg_name),
                            }
                        }
                    }
                    [a0, c0] => {
                        for (side, (p, q)) in [("a", (a0, c0)), ("b", (c0, a0))] {
                            for d in 1..=n {
                                for &(s, v) in &t {
                                    let mut terms = vec![(b.var(p, d), 1), (v, 1)];
                                    if let Some(e) = s.checked_sub(d).filter(|e| (1..=n).contains(e)) {
                                        terms.push((b.var(q, e), -1));
                                    }
                                    // Implied by the segment's sum and the one total: for propagation.
                                    b.implied_row(format!("{seg_name}_{side}_d{d}_s{s}"), terms, Sense::Le, 1);
                                }
                            }
                        }
                    }
                    _ => {}
                }
            }
            let ends: Vec<bool> = segs.iter().flat_map(|s| (0..s.len()).map(move |k| k + 1 == s.len())).collect();
            // It says on the cells what every row after the first segment's sum says.
            let replaces = crate::automaton::Replaces { aux: &[], rows_from: Some(first_sum) };
            b.automaton(&name, cells, Walk::default(), |s, d| s.next(d, &ends, (lo, hi)), |s| s.at == ends.len(), replaces);
        }
    }

    fn check(&self, geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        // The region of each cell from the region lists themselves (the rows use the owner
        // table); a segment counts once all its cells are filled.
        let region: HashMap<usize, usize> =
            geometry.regions().iter().enumerate().flat_map(|(r, cells)| cells.iter().map(move |&k| (k, r))).collect();
        let n = geometry.n();
        let mut out = Vec::new();
        for (i, cells) in self.lines.iter().enumerate() {
            let mut first: Option<(usize, Vec<Cell>)> = None;
            let mut start = 0;
            for end in 1..=cells.len() {
                let cut = end == cells.len()
                    || region.get(&cells[end].index(n)) != region.get(&cells[end - 1].index(n));
                if !cut {
                    continue;
                }
                let seg = &cells[start..end];
                start = end;
                if seg.len() == cells.len() || seg.iter().any(|&c| grid.get(c) == 0) {
                    continue;
                }
                let sum: usize = seg.iter().map(|&c| grid.get(c)).sum();
                match &first {
                    None => first = Some((sum, seg.to_vec())),
                    Some((s, by)) if *s != sum => {
                        out.push(Violation::Rule {
                            rule: format!("region-sum line {}", i + 1),
                            message: format!(
                                "the segment from {} sums to {sum}, the one from {} to {s}",
                                seg[0], by[0]
                            ),
                            cells: seg.iter().chain(by).copied().collect(),
                        });
                        break;
                    }
                    Some(_) => {}
                }
            }
        }
        out
    }

    fn draw(&self, _geometry: &Geometry) -> Vec<Mark> {
        self.lines.iter().map(|cells| line_mark(cells, BLUE, 0.22)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{agreement4, c, grid4};

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        for lines in [
            // Segments of 1 and 2 cells, 2 and 2, 1 and 1, and a line back into its first box.
            vec![vec![c(1, 2), c(1, 3), c(1, 4)]],
            vec![vec![c(1, 1), c(2, 2), c(3, 3), c(4, 4)]],
            vec![vec![c(2, 2), c(3, 3)], vec![c(3, 1), c(3, 2), c(2, 2)]],
            vec![vec![c(1, 1), c(1, 2), c(1, 3), c(2, 2)]],
        ] {
            let (yes, no) = agreement4(RegionSum { lines }.into());
            assert!(yes > 0 && no > 0, "{yes} {no}");
        }
    }

    #[test]
    fn the_automaton_accepts_exactly_equal_segments_of_distinct_digits() {
        // Segments r2c2 r2c3 | r3c3 | r3c4 r4c5 | r5c6 of a 6x6 (boxes of 2 rows, 3 columns).
        let line = vec![c(2, 2), c(2, 3), c(3, 3), c(3, 4), c(4, 5), c(5, 6)];
        let (mut yes, mut no) = (0, 0);
        crate::rules::testing::every_line6(RegionSum { lines: vec![line] }.into(), |d, accepted| {
            let sums = [d[0] + d[1], d[2], d[3] + d[4], d[5]];
            let want = sums.iter().all(|&s| s == sums[0]) && d[0] != d[1] && d[3] != d[4];
            assert_eq!(accepted, want, "{d:?}");
            if want {
                yes += 1;
            } else {
                no += 1;
            }
        });
        assert!(yes > 0 && no > 0);
    }

    #[test]
    fn long_lines_have_their_automaton() {
        // Raw Spaghetti's longest lines: seven cells across five boxes.
        let g = Geometry::new(9, None).expect("9x9");
        let line = vec![c(7, 2), c(6, 3), c(5, 4), c(4, 5), c(3, 6), c(2, 7), c(1, 8)];
        let p = crate::puzzle::Puzzle::blank(g).with_rule(RegionSum { lines: vec![line] });
        assert_eq!(crate::model::Model::build(&p).automata().len(), 1);
    }

    #[test]
    fn segments_and_their_totals() {
        let g = Geometry::new(9, None).expect("9x9");
        let line = vec![c(1, 2), c(1, 3), c(1, 4), c(1, 5), c(1, 6), c(1, 7)];
        let segs = segments(&g, &line);
        assert_eq!(segs, vec![vec![c(1, 2), c(1, 3)], vec![c(1, 4), c(1, 5), c(1, 6)], vec![c(1, 7)]]);
        // One cell: 1..9; two: 3..17; three: 6..24.
        assert_eq!(totals(&g, &line), Some((6, 9)));
        assert_eq!(totals(&g, &line[..2]), None, "one segment asks nothing");
        let long = vec![c(1, 3), c(1, 4), c(2, 4), c(3, 4), c(3, 5), c(3, 6), c(2, 6), c(1, 6), c(1, 5)];
        // r1c3 alone (1..9) against eight cells of one box (36..44).
        assert!(RegionSum { lines: vec![long] }.validate(&g).expect_err("no total").path == "lines[0]");
        let latin = Geometry::latin(4).expect("latin");
        assert!(RegionSum { lines: vec![vec![c(1, 1), c(1, 2)]] }.validate(&latin).is_err());
    }

    #[test]
    fn the_checker_compares_complete_segments() {
        let g = Geometry::new(4, None).expect("4x4");
        let grid = grid4([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
        // r1c2 (2) | r1c3 (3): different sums.
        let v = RegionSum { lines: vec![vec![c(1, 2), c(1, 3)]] }.check(&g, &grid);
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].to_string(), "region-sum line 1: the segment from r1c3 sums to 3, the one from r1c2 to 2 (r1c3, r1c2)");
        // r1c1+r2c1 (1+3) | r3c1 (2): a box, then the box below.
        let mut partial = grid.clone();
        partial.set(c(3, 1), 0);
        assert!(RegionSum { lines: vec![vec![c(1, 1), c(2, 1), c(3, 1)]] }.check(&g, &partial).is_empty());
        // r2c2 (4) | r3c1+r3c2... : r1c2 + r2c1? Use r2c1 (3) | r3c1 (2) r3c2 (1): 3 = 3.
        assert!(RegionSum { lines: vec![vec![c(2, 1), c(3, 1), c(3, 2)]] }.check(&g, &grid).is_empty());
    }
}

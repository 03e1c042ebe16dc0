//! Skyscrapers: digits are buildings of that height; a number beside a row or column counts
//! the buildings seen from it (a building hides every lower one behind it).
//!
//! Per cell after the first (the first is always seen), auxiliary binaries `w_jd` "seen,
//! holding d" and `h_j` "hidden", one of them 1; and per cell but the last, the running
//! height `t_{p,e}` "one of the first `p` cells holds `e` or more" (`e` in 2..n):
//!
//! ```text
//!   skyscraper{i}_count          :  Σ_{j>=2} Σ_d w_jd = count − 1
//!   skyscraper{i}_pos{j}         :  Σ_d w_jd + h_j = 1
//!   skyscraper{i}_w{j}_d{d}      :  w_jd − x[c_j,d] <= 0
//!   skyscraper{i}_w{j}_d{d}_front:  w_jd + t_{j−1,d+1} <= 1
//!   skyscraper{i}_w{j}_d{d}_yes  :  w_jd − x[c_j,d] + t_{j−1,d+1} >= 0
//!   skyscraper{i}_t{p}_e{e}_up   :  t_{p,e} − t_{p−1,e} − Σ_{e'>=e} x[c_p,e'] <= 0
//!   skyscraper{i}_t{p}_e{e}_keep :  t_{p,e} − t_{p−1,e} >= 0
//!   skyscraper{i}_t{p}_e{e}_cell :  t_{p,e} − Σ_{e'>=e} x[c_p,e'] >= 0
//! ```
//!
//! The grid decides every auxiliary value: `t` is the running maximum as a ladder, and `w_jd`
//! is 1 exactly when `c_j` holds `d` and the running maximum in front is below `d` (no `_front`
//! or `_yes` row for `d = n`, which nothing hides). The at-most-one rows are what the native
//! engine propagates best (a cell seen as `d` holds the running maximum in front below `d`,
//! which the `keep` and `cell` rows carry back to clear every taller digit from the cells in
//! front; a taller digit placed in front raises the ladder and hides `c_j`'s `d`), the `pos`
//! rows are exactly-one rows it branches on ("is this cell seen, and as what?"), and the count
//! row, bounded over those rows, knows how many cells can still be seen: a count of 1 hides
//! every later cell, so the `n` comes first; a count of `n` shows every cell, so the line
//! climbs 1, 2, …, n.
//!
//! The ladder replaced one row a cell in front (`w_jd + Σ_{e>d} x[c_k,e] <= 1` for each
//! `k < j`, and a `_yes` row over all of them): the same deductions through O(n²) short rows a
//! clue instead of O(n³) long ones, and a running maximum the search can fix once for several
//! cells. On `examples/skyscraper.json` 250 → 195 guesses and about 0.6 of the time (release,
//! interleaved runs). Rows that tie the seen count to the ladder (the seen buildings climb:
//! `S_p <= M_p`; the room above: `count − S_p <= n − M_p`) were tried and left out: 232 and
//! 247 guesses, but slower, their long rows touched on every change.
//!
//! **The automaton.** Each clue also declares its line as an automaton over (cells read,
//! tallest so far, seen so far), a building taller than the tallest seen raising both,
//! accepting when the seen count is the clue ([`Emit::automaton`]); it replaces every
//! auxiliary variable above. It also knows what the house says of the line: the tallest so
//! far does not come again, and `p` cells read hold a digit of `p` or more (on sides up to 16;
//! above, the state is (tallest, seen) alone, within the states' bound). That took the
//! corpus's `skyscraper-all-5` from 161 guesses to 19 (ISS 84), and twelve generated 9×9
//! skyscraper puzzles from 1,791 guesses to 342.
//! The native engine propagates it to domain consistency and its searches leave the rows out;
//! MILP solvers and the export keep the rows. On the corpus (`docs/variants-performance.md`,
//! round 3): `skyscraper-all-5` 38,389 → 161 guesses, `skyscraper-all-6` 1,180 → 5,
//! `skyscraper` 48 → 1.
//!
//! Before the rows, the setter's opening: a cell with `j` cells in front of it, holding `d`,
//! lets at most `j + 1 + (n − d)` buildings be seen, so digits above `n − count + 1 + j` are
//! excluded there outright (a count of `n` leaves only the 1 in front, at most 2 behind it, …;
//! a count of 3 on a 9×9 keeps 8 and 9 out of the first cell).

use serde_json::{Map, Value};

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::model::Sense;

use super::outside::{clues_json, digits_from, marks, read_clues, validate_clues, OutsideClue};
use super::{Emit, Fields, Mark, RuleError, RuleKind};

/// Skyscraper clues.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skyscraper {
    /// The clues; the value is how many buildings the clue sees.
    pub clues: Vec<OutsideClue>,
}

impl RuleKind for Skyscraper {
    const FPUZZLES_KEYS: &'static [&'static str] = &["skyscraper"];

    fn from_fpuzzles(f: &super::FRead<'_>) -> Result<Option<Self>, crate::error::ParseError> {
        let clues = super::outside::read_fpuzzles(f, "skyscraper", "how many buildings are seen")?;
        Ok((!clues.is_empty()).then_some(Skyscraper { clues }))
    }

    fn to_fpuzzles(&self, f: &mut super::FWrite<'_>) -> Result<(), super::FPuzzlesWriteError> {
        super::outside::write_fpuzzles(f, "skyscraper", &self.clues);
        Ok(())
    }

    const NAME: &'static str = "skyscraper";
    const ALIASES: &'static [&'static str] = &["skyscrapers"];
    const SUMMARY: &'static str = "a number outside counts the digits seen from it, taller ones hiding shorter ones";

    fn read(f: &mut Fields<'_>) -> Result<Self, ParseError> {
        Ok(Skyscraper { clues: read_clues(f, "count", "how many buildings are seen")? })
    }

    fn write(&self, out: &mut Map<String, Value>) {
        out.insert("clues".into(), clues_json(&self.clues, "count"));
    }

    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        let n = geometry.n();
        validate_clues(n, &self.clues, 1..=n as u32, "a skyscraper count")
    }

    fn emit(&self, b: &mut Emit<'_, '_>) {
        let n = b.n();
        for (i, clue) in self.clues.iter().enumerate() {
            let name = format!("skyscraper{}", i + 1);
            let cells = clue.cells(n);
            b.clue(clue.label("skyscraper"), cells.iter().copied());
            // A building of height d with j in front of it lets at most j + 1 + (n − d) be
            // seen, so d <= n − count + 1 + j.
            let count = clue.value as usize;
            for (j, &c) in cells.iter().enumerate() {
                for d in (n + 1 + j).saturating_sub(count) + 1..=n {
                    b.exclude(c, d, format!("{name}_tall"));
                }
            }
            let front = prefix_max(b, &name, &cells);
            let mut aux: Vec<u32> = front.iter().flatten().copied().collect();
            let mut count = Vec::new();
            for j in 1..n {
                let seen: Vec<u32> = (1..=n).map(|d| b.aux(format!("{name}_w{}_d{d}", j + 1))).collect();
                let hidden = b.aux(format!("{name}_h{}", j + 1));
                aux.extend(&seen);
                aux.push(hidden);
                let mut one: Vec<(u32, i32)> = seen.iter().map(|&w| (w, 1)).collect();
                one.push((hidden, 1));
                b.row(format_args!("{name}_pos{}", j + 1), one, Sense::Eq, 1);
                count.extend(seen.iter().map(|&w| (w, 1)));
                for (d, &w) in (1..=n).zip(&seen) {
                    let x = b.var(cells[j], d);
                    let tag = format!("{name}_w{}_d{d}", j + 1);
                    b.row(&tag, vec![(w, 1), (x, -1)], Sense::Le, 0);
                    let mut yes = vec![(w, 1), (x, -1)];
                    // t: one of the j cells in front holds d + 1 or more.
                    if let Some(&t) = front[j - 1].get(d - 1) {
                        b.row(format_args!("{tag}_front"), vec![(w, 1), (t, 1)], Sense::Le, 1);
                        yes.push((t, 1));
                    }
                    b.row(format_args!("{tag}_yes"), yes, Sense::Ge, 0);
                }
            }
            b.row(format_args!("{name}_count"), count, Sense::Eq, clue.value as i32 - 1);
            // The same line as an automaton over (cells so far, tallest so far, seen so far),
            // which says all the auxiliary rows say, and what they leave to the house: the
            // tallest so far is not seen again, and `p` cells hold digits up to the tallest.
            let want = clue.value as usize;
            let counted = n <= POSITIONS_UP_TO;
            b.automaton(
                &name,
                &cells,
                (0usize, 0usize, 0usize),
                |&(placed, tallest, seen), d| {
                    let placed = if counted { placed + 1 } else { 0 };
                    let next = match d.cmp(&tallest) {
                        std::cmp::Ordering::Greater => (seen < want).then_some((placed, d, seen + 1))?,
                        std::cmp::Ordering::Equal => return None,
                        std::cmp::Ordering::Less => (placed, tallest, seen),
                    };
                    (next.1 >= placed).then_some(next)
                },
                |&(_, _, seen)| seen == want,
                crate::automaton::Replaces { aux: &aux, rows_from: None },
            );
        }
    }

    fn check(&self, _geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        let mut out = Vec::new();
        for (i, clue) in self.clues.iter().enumerate() {
            let digits = digits_from(grid, clue.side, clue.index);
            // Count the buildings taller than all before them, up to the first empty cell:
            // that many are seen at least; a full line is counted exactly.
            let mut tallest = 0;
            let mut count = 0;
            let mut full = true;
            for &d in &digits {
                if d == 0 {
                    full = false;
                    break;
                }
                if d > tallest {
                    tallest = d;
                    count += 1;
                }
            }
            let want = clue.value as usize;
            if count > want || (full && count != want) {
                out.push(Violation::Rule {
                    rule: format!("skyscraper {}", i + 1),
                    message: format!("{count} buildings are seen{}, not {want}", if full { "" } else { " already" }),
                    cells: clue.cells(grid.n()),
                });
            }
        }
        out
    }

    fn draw(&self, geometry: &Geometry) -> Vec<Mark> {
        marks(&self.clues, geometry.n())
    }
}

/// Largest side whose automaton counts the cells it has read (`n³` states at most, within
/// [`super::MAX_AUTOMATON_STATES`] on 16×16); above it the state is (tallest, seen) alone.
const POSITIONS_UP_TO: usize = 16;

/// `t[p][e − 2]`, `p` in `0..n−1`: "one of the first `p + 1` cells holds `e` or more", for
/// `e` in `2..=n`, decided by the grid through
///
/// ```text
///   {name}_t{p}_e{e}_up   :  t_{p,e} − t_{p−1,e} − Σ_{e'>=e} x[c_p,e'] <= 0
///   {name}_t{p}_e{e}_keep :  t_{p,e} − t_{p−1,e} >= 0
///   {name}_t{p}_e{e}_cell :  t_{p,e} − Σ_{e'>=e} x[c_p,e'] >= 0
/// ```
fn prefix_max(b: &mut Emit<'_, '_>, name: &str, cells: &[crate::geometry::Cell]) -> Vec<Vec<u32>> {
    let n = cells.len();
    let mut out: Vec<Vec<u32>> = Vec::new();
    for (p, &cell) in cells[..n - 1].iter().enumerate() {
        let mut row = Vec::new();
        for e in 2..=n {
            let t = b.aux(format!("{name}_t{}_e{e}", p + 1));
            let reach: Vec<(u32, i32)> = (e..=n).map(|d| (b.var(cell, d), -1)).collect();
            let mut up = vec![(t, 1)];
            up.extend(&reach);
            let mut cell_row = vec![(t, 1)];
            cell_row.extend(&reach);
            if let Some(&prev) = out.last().map(|r: &Vec<u32>| &r[e - 2]) {
                up.push((prev, -1));
                b.row(format_args!("{name}_t{}_e{e}_keep", p + 1), vec![(t, 1), (prev, -1)], Sense::Ge, 0);
            }
            b.row(format_args!("{name}_t{}_e{e}_up", p + 1), up, Sense::Le, 0);
            b.row(format_args!("{name}_t{}_e{e}_cell", p + 1), cell_row, Sense::Ge, 0);
            row.push(t);
        }
        out.push(row);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::outside::{clue, Side};
    use crate::rules::testing::{agreement4, c, grid4};
    use crate::{Model, Puzzle};

    #[test]
    fn model_and_checker_agree_on_every_4x4_grid() {
        // Clues read off 1234 / 3412 / 2143 / 4321, so at least that grid keeps them.
        for clues in [
            vec![clue(Side::Left, 0, 4), clue(Side::Top, 1, 2)],
            vec![clue(Side::Right, 2, 2), clue(Side::Bottom, 0, 1)],
            vec![clue(Side::Left, 1, 2), clue(Side::Top, 0, 3)],
        ] {
            let (yes, no) = agreement4(Skyscraper { clues }.into());
            assert!(yes > 0 && no > 0, "{yes} {no}");
        }
    }

    #[test]
    fn a_count_of_one_puts_the_tallest_first_as_the_search_sees_it() {
        let p = Puzzle::blank(Geometry::new(4, None).expect("4x4")).with_rule(Skyscraper { clues: vec![clue(Side::Left, 0, 1)] });
        let m = Model::build(&p);
        // Every grid the model accepts has the 4 in r1c1.
        for g in crate::rules::testing::all_grids4() {
            if m.is_feasible(&m.ones_from_grid(g)) {
                assert_eq!(g.get(c(1, 1)), 4, "{g}");
            }
        }
    }

    #[test]
    fn tall_buildings_near_a_high_count_are_excluded_before_the_search() {
        let p = Puzzle::blank(Geometry::new(9, None).expect("9x9")).with_rule(Skyscraper { clues: vec![clue(Side::Left, 0, 3)] });
        let m = Model::build(&p);
        let open = |col: usize| -> Vec<usize> {
            (1..=9).filter(|&d| m.fixed()[m.var(c(1, col), d) as usize].is_none()).collect()
        };
        assert_eq!(open(1), (1..=7).collect::<Vec<_>>(), "8 or 9 first would hide all but two");
        assert_eq!(open(2), (1..=8).collect::<Vec<_>>());
        assert_eq!(open(3), (1..=9).collect::<Vec<_>>());
    }

    #[test]
    fn the_automaton_accepts_exactly_the_lines_the_checker_accepts() {
        // Every 6-digit line (repeats included) against the count of buildings, for every
        // count. Of the lines that repeat a digit, the automaton refuses those that repeat the
        // tallest so far or hold p cells below p (the row's digits differ, so no grid has them).
        for count in 1..=6 {
            crate::rules::testing::every_line6(Skyscraper { clues: vec![clue(Side::Left, 0, count)] }.into(), |digits, yes| {
                let (mut tallest, mut seen, mut house) = (0, 0, true);
                for (p, &d) in digits.iter().enumerate() {
                    house &= d != tallest;
                    if d > tallest {
                        (tallest, seen) = (d, seen + 1);
                    }
                    house &= tallest > p;
                }
                assert_eq!(yes, house && seen == count, "{digits:?} seen from a clue of {count}");
            });
            // It replaces every auxiliary variable the clue's rows use.
            let p = Puzzle::blank(Geometry::new(6, None).expect("6x6"))
                .with_rule(Skyscraper { clues: vec![clue(Side::Left, 0, count)] });
            let m = Model::build(&p);
            let mut replaced = m.automata()[0].replaces.clone();
            replaced.sort_unstable();
            assert_eq!(replaced, (m.num_cube_vars() as u32..m.num_vars() as u32).collect::<Vec<_>>());
        }
    }

    #[test]
    fn every_clue_keeps_its_automaton_up_to_the_largest_grids() {
        for n in [9, 16, 18, 25, 36] {
            let counts: Vec<u32> = if n <= 18 { (1..=n as u32).collect() } else { vec![1, 2, n as u32 / 2, n as u32] };
            for count in counts {
                let p = Puzzle::blank(Geometry::new(n, None).expect("a square grid"))
                    .with_rule(Skyscraper { clues: vec![clue(Side::Top, 0, count)] });
                assert_eq!(Model::build(&p).automata().len(), 1, "{n}x{n}, clue {count}");
            }
        }
    }

    #[test]
    fn checker_counts_only_what_is_already_seen() {
        let geometry = Geometry::new(4, None).expect("4x4");
        let g = grid4([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
        let rule = Skyscraper { clues: vec![clue(Side::Left, 0, 4), clue(Side::Right, 0, 1), clue(Side::Top, 0, 3)] };
        assert!(rule.check(&geometry, &g).is_empty());
        let v = Skyscraper { clues: vec![clue(Side::Left, 1, 3)] }.check(&geometry, &g);
        assert!(v[0].to_string().contains("2 buildings are seen, not 3"), "{}", v[0]);
        // Partial: 1 2 _ _ sees two already; a clue of 1 is broken, one of 3 is not yet.
        let mut partial = g.clone();
        partial.set(c(1, 3), 0);
        partial.set(c(1, 4), 0);
        assert_eq!(Skyscraper { clues: vec![clue(Side::Left, 0, 1)] }.check(&geometry, &partial).len(), 1);
        assert!(Skyscraper { clues: vec![clue(Side::Left, 0, 3)] }.check(&geometry, &partial).is_empty());
    }
}

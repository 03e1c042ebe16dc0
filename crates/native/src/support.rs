//! Supports: a variable that conflicts with every live variable of some exactly-one row is 0.
//!
//! Two variables conflict when a clique row holds both: an exactly-one row (a house, a cell)
//! or an at-most-one row (the cliques variants emit: thermometer steps `x[a,d] + Σ_{e≤d}
//! x[b,e] <= 1`, non-consecutive squares, kropki's and whispers' negative pairs, cage digits,
//! anti-knight pairs). If `v` were 1, every variable it conflicts with would be 0; when that is
//! all that is live in an exactly-one row `R`, `R` would be empty, so `v` is 0. For a cell row
//! `R` this is arc consistency of the pair tables the cliques spell (ISS's pair handlers; a
//! thermometer's bounds run along it step by step), for a house-digit row a generalised pointing
//! (a digit of a box confined to a cage's other cells is not in the cage outside the box).
//!
//! ```text
//!  watch[R]  : (v, compat) for each variable v outside R that conflicts with ≥ 2 variables of
//!              R, one at least through an at-most-one row; compat = R's positions v does NOT
//!              conflict with.   Kill v when  live(R) & compat == 0.
//! ```
//!
//! A watch is looked at when its row loses a variable. Conflicts through exactly-one rows alone
//! are left to locked candidates (`engine.rs`), which say the same for houses. Rows of more than
//! 64 variables are not watched.

use crate::compile::{Compiled, SINGLE_WORD};

/// Watches per exactly-one row, as CSR: `start[r]..start[r + 1]` index `groups`, each the
/// watching variables that need the same positions (`compat`), `vars[first..end]`: a cage's
/// cells outside a box, say, all need the box's digit outside the cage, so one test serves
/// them all. Only neighbours in variable order are grouped, which keeps the order of the kills
/// (on `killing-with-flowers`, 3,060 watches in 2,007 groups; `bicycle-race` 1,446 in 924).
#[derive(Debug, Default)]
pub(crate) struct Supports {
    pub start: Vec<u32>,
    pub groups: Vec<Group>,
    pub vars: Vec<u32>,
}

/// Variables `vars[first..end]` of [`Supports`] need a live variable of the watching row at
/// one of the positions `compat`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Group {
    pub compat: u64,
    pub first: u32,
    pub end: u32,
}

/// Variable `v` needs a live variable of the watching row at one of the positions `compat`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Watch {
    pub v: u32,
    pub compat: u64,
}

/// More watches than this a model and none are kept: a 64×64 grid would spend more on them
/// than they save.
const MAX_WATCHES: usize = 1 << 22;

impl Supports {
    /// The watches of `c` (whose exactly-one and at-most-one rows are compiled).
    pub(crate) fn detect(c: &Compiled) -> Supports {
        let rows = c.eo_rows();
        if c.amo_row.is_empty() {
            return Supports { start: vec![0; rows + 1], ..Supports::default() };
        }
        // Per row, stamped with the current variable: `own` marks its own rows; `stamp` the
        // rows an at-most-one row made conflicts in, whose conflicting positions are `hit`.
        let mut own: Vec<u32> = vec![u32::MAX; rows];
        let mut stamp: Vec<u32> = vec![u32::MAX; rows];
        let mut hit: Vec<u64> = vec![0; rows];
        let mut met: Vec<u32> = Vec::new();
        // Watches as (row, watch), in increasing variable order.
        let mut pairs: Vec<(u32, Watch)> = Vec::new();
        for v in 0..c.num_vars as u32 {
            if c.amo_rows_of(v).is_empty() {
                continue; // conflicts through exactly-one rows only: locked candidates' job
            }
            for k in c.incidences(v) {
                own[c.var_eo_row[k] as usize] = v;
            }
            // Only a row an at-most-one row conflicts in can watch `v`: those first.
            met.clear();
            for &a in c.amo_rows_of(v) {
                for &u in c.amo_vars_of(a as usize).iter().filter(|&&u| u != v) {
                    for k in c.incidences(u) {
                        let r = c.var_eo_row[k] as usize;
                        if own[r] == v || c.inc[k].flags & SINGLE_WORD == 0 {
                            continue;
                        }
                        if stamp[r] != v {
                            stamp[r] = v;
                            hit[r] = 0;
                            met.push(r as u32);
                        }
                        hit[r] |= 1 << c.inc[k].bit;
                    }
                }
            }
            if met.is_empty() {
                continue;
            }
            // Then the conflicts through `v`'s own exactly-one rows, in the rows met above.
            for k in c.incidences(v) {
                for &u in c.eo_vars_of(c.var_eo_row[k] as usize).iter().filter(|&&u| u != v) {
                    for k in c.incidences(u) {
                        let r = c.var_eo_row[k] as usize;
                        if stamp[r] == v {
                            hit[r] |= 1 << c.inc[k].bit;
                        }
                    }
                }
            }
            for &r in &met {
                let r = r as usize;
                let len = c.eo_start[r + 1] - c.eo_start[r];
                let full = if len == 64 { u64::MAX } else { (1u64 << len) - 1 };
                if hit[r].count_ones() >= 2 {
                    pairs.push((r as u32, Watch { v, compat: full & !hit[r] }));
                }
            }
            if pairs.len() > MAX_WATCHES {
                return Supports { start: vec![0; rows + 1], ..Supports::default() };
            }
        }
        // By row, each row's watches in variable order (the order they were found in).
        let mut start = vec![0u32; rows + 1];
        for &(r, _) in &pairs {
            start[r as usize + 1] += 1;
        }
        for k in 1..start.len() {
            start[k] += start[k - 1];
        }
        let mut next = start.clone();
        let mut list = vec![Watch { v: 0, compat: 0 }; pairs.len()];
        for (r, w) in pairs {
            list[next[r as usize] as usize] = w;
            next[r as usize] += 1;
        }
        // Each row's watches, in variable order, grouped where neighbours share `compat` (a
        // cage's cells in a row of the grid, say; sorting to group them all cost more than it
        // saved on the anti-knight puzzles of the corpus).
        let mut out = Supports { start: vec![0; rows + 1], groups: Vec::new(), vars: Vec::with_capacity(list.len()) };
        for r in 0..rows {
            let row = &list[start[r] as usize..start[r + 1] as usize];
            let from = out.groups.len();
            for w in row.iter() {
                let open = out.groups.len() > from;
                match out.groups.last_mut() {
                    Some(g) if open && g.compat == w.compat => g.end += 1,
                    _ => {
                        let at = out.vars.len() as u32;
                        out.groups.push(Group { compat: w.compat, first: at, end: at + 1 });
                    }
                }
                out.vars.push(w.v);
            }
            out.start[r + 1] = out.groups.len() as u32;
        }
        out
    }

    /// The watches of exactly-one row `r`, in variable order (read by the engine's
    /// debug-build invariant check and the tests).
    #[cfg(any(test, debug_assertions))]
    pub(crate) fn of(&self, r: usize) -> Vec<Watch> {
        let groups = &self.groups[self.start[r] as usize..self.start[r + 1] as usize];
        let mut out: Vec<Watch> = groups
            .iter()
            .flat_map(|g| self.vars[g.first as usize..g.end as usize].iter().map(|&v| Watch { v, compat: g.compat }))
            .collect();
        out.sort_by_key(|w| w.v);
        out
    }

    /// Whether row `r` has watches.
    #[inline]
    pub(crate) fn watched(&self, r: usize) -> bool {
        self.start[r] != self.start[r + 1]
    }
}

#[cfg(test)]
mod tests {
    use sudoku_ip_model::rules::{AntiKnight, NonConsecutive, Thermometer};
    use sudoku_ip_model::{Cell, Geometry, Model, Puzzle, Rule};

    use super::Watch;
    use crate::compile::Compiled;

    /// The watches straight from the definition in the module's doc, pair by pair: `v` (in
    /// some at-most-one row) is watched by exactly-one row `R` (not its own, of at most 64
    /// variables) when it conflicts with two or more of `R`'s variables, one at least through
    /// an at-most-one row; `compat` is the positions it does not conflict with.
    fn naive(c: &Compiled) -> Vec<Vec<(u32, u64)>> {
        let eo_rows_of = |v: u32| -> Vec<u32> { c.incidences(v).map(|k| c.var_eo_row[k]).collect() };
        let shares_amo = |u: u32, v: u32| c.amo_rows_of(u).iter().any(|a| c.amo_rows_of(v).contains(a));
        let mut out = vec![Vec::new(); c.eo_rows()];
        for v in 0..c.num_vars as u32 {
            if c.amo_rows_of(v).is_empty() {
                continue;
            }
            let own = eo_rows_of(v);
            for (r, watches) in out.iter_mut().enumerate() {
                let vars = c.eo_vars_of(r);
                if own.contains(&(r as u32)) || vars.len() > 64 {
                    continue;
                }
                let (mut hit, mut by_amo) = (0u64, false);
                for (p, &u) in vars.iter().enumerate() {
                    let through_eo = eo_rows_of(u).iter().any(|q| own.contains(q));
                    let through_amo = shares_amo(u, v);
                    if through_eo || through_amo {
                        hit |= 1 << p;
                    }
                    by_amo |= through_amo;
                }
                if by_amo && hit.count_ones() >= 2 {
                    let full = if vars.len() == 64 { u64::MAX } else { (1u64 << vars.len()) - 1 };
                    watches.push((v, full & !hit));
                }
            }
        }
        out
    }

    #[test]
    fn the_watches_are_the_definitions() {
        let cells = |list: &[(usize, usize)]| list.iter().map(|&(r, c)| Cell::new(r, c)).collect::<Vec<_>>();
        let thermo = Thermometer { thermometers: vec![cells(&[(0, 0), (0, 1), (1, 2)]), cells(&[(5, 5), (4, 4)])] };
        let puzzles = [
            vec![Rule::AntiKnight(AntiKnight)],
            vec![Rule::NonConsecutive(NonConsecutive), Rule::Thermometer(thermo.clone())],
            vec![Rule::AntiKnight(AntiKnight), Rule::NonConsecutive(NonConsecutive), Rule::Thermometer(thermo)],
        ];
        for rules in puzzles {
            let puzzle = Puzzle::blank(Geometry::new(6, None).expect("6x6")).with_rules(rules.clone());
            let c = Compiled::new(&Model::build(&puzzle));
            let want = naive(&c);
            assert!(want.iter().any(|w| !w.is_empty()), "{rules:?} has watches");
            for (r, w) in want.iter().enumerate() {
                let got: Vec<(u32, u64)> = c.supports.of(r).iter().map(|&Watch { v, compat }| (v, compat)).collect();
                assert_eq!(&got, w, "{rules:?}: watches of row {r}");
            }
        }
    }
}

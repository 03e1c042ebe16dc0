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

use crate::compile::Compiled;

/// Watches per exactly-one row, as CSR: `start[r]..start[r + 1]` index `list`.
#[derive(Debug, Default)]
pub(crate) struct Supports {
    pub start: Vec<u32>,
    pub list: Vec<Watch>,
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
        let single = |r: usize| c.eo_start[r + 1] - c.eo_start[r] <= 64;
        // Per row met from the current variable: a stamp, the conflicting positions, and
        // whether an at-most-one row made one of them.
        let mut stamp: Vec<u32> = vec![u32::MAX; rows];
        let mut hit: Vec<u64> = vec![0; rows];
        let mut by_amo: Vec<bool> = vec![false; rows];
        let mut met: Vec<u32> = Vec::new();
        let mut pairs: Vec<(u32, Watch)> = Vec::new();
        if c.amo_row.is_empty() {
            return Supports { start: vec![0; rows + 1], list: Vec::new() };
        }
        for v in 0..c.num_vars as u32 {
            if c.amo_rows_of(v).is_empty() {
                continue; // conflicts through exactly-one rows only: locked candidates' job
            }
            met.clear();
            let own: Vec<u32> = c.incidences(v).map(|k| c.var_eo_row[k]).collect();
            let mut note = |u: u32, amo: bool, met: &mut Vec<u32>| {
                if u == v {
                    return;
                }
                for k in c.incidences(u) {
                    let r = c.var_eo_row[k];
                    if own.contains(&r) || !single(r as usize) {
                        continue;
                    }
                    let r = r as usize;
                    if stamp[r] != v {
                        stamp[r] = v;
                        hit[r] = 0;
                        by_amo[r] = false;
                        met.push(r as u32);
                    }
                    hit[r] |= 1 << c.inc[k].bit;
                    by_amo[r] |= amo;
                }
            };
            for &r in &own {
                for &u in c.eo_vars_of(r as usize) {
                    note(u, false, &mut met);
                }
            }
            for &a in c.amo_rows_of(v) {
                for &u in c.amo_vars_of(a as usize) {
                    note(u, true, &mut met);
                }
            }
            for &r in &met {
                let r = r as usize;
                let len = c.eo_start[r + 1] - c.eo_start[r];
                let full = if len == 64 { u64::MAX } else { (1u64 << len) - 1 };
                if by_amo[r] && hit[r].count_ones() >= 2 {
                    pairs.push((r as u32, Watch { v, compat: full & !hit[r] }));
                }
            }
            if pairs.len() > MAX_WATCHES {
                return Supports { start: vec![0; rows + 1], list: Vec::new() };
            }
        }
        pairs.sort_by_key(|&(r, w)| (r, w.v));
        let mut start = vec![0u32; rows + 1];
        for &(r, _) in &pairs {
            start[r as usize + 1] += 1;
        }
        for k in 1..start.len() {
            start[k] += start[k - 1];
        }
        Supports { start, list: pairs.into_iter().map(|(_, w)| w).collect() }
    }

    /// The watches of exactly-one row `r` (read by the engine's debug-build invariant check).
    #[cfg(debug_assertions)]
    pub(crate) fn of(&self, r: usize) -> &[Watch] {
        &self.list[self.start[r] as usize..self.start[r + 1] as usize]
    }

    /// Whether row `r` has watches.
    #[inline]
    pub(crate) fn watched(&self, r: usize) -> bool {
        self.start[r] != self.start[r + 1]
    }
}

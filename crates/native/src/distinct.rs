//! Blocks: groups of a linear row that take pairwise distinct values, bounded together.
//!
//! Group bounds (`linear.rs`) let every cell of a row take its smallest live value at once, so
//! a cage over a whole 9×9 grid may sum to anything from 81 to 729 and a total of 406 is
//! never refuted, although the grid's nine rows each sum to 45. A block is a set of groups
//! (each a whole exactly-one row, so each takes exactly one value: its coefficient at 1) of
//! which no two can take the same value — equal coefficients in two of them always share an
//! exactly-one or an at-most-one row (a house and a digit, a cage's "digits differ" row). The
//! `k` groups of a block then take `k` distinct values among the union `U` of their live
//! values, so
//!
//! ```text
//!   lo_B = max(Σ lo_g, sum of the k smallest of U)     hi_B = min(Σ hi_g, sum of the k largest of U)
//!   |U| < k                                            → no room (pigeonhole): a conflict
//!   fixing v (value a) to 1:  lo_B ≥ (a among the k smallest of U ? that sum : a + the k−1 smallest)
//! ```
//!
//! and the row's bounds add blocks instead of their groups. Blocks are found greedily when the
//! model is compiled, from the rows alone: a row's first ungrouped cell, and the cells that
//! share one exactly-one or at-most-one row with one of its variables and stay exclusive with
//! every member value by value. A row whose blocks cover it and each hold exactly their `k`
//! values in every group has a constant sum: it is implied by the other rows when the constant
//! satisfies it (never propagated), and refuted at the root when not.

use std::collections::HashMap;

use sudoku_ip_model::Sense;

pub(crate) use crate::sums::Layout;

/// The blocks of every linear row.
#[derive(Default)]
pub(crate) struct Blocks {
    /// Per term of a linear row (in `lin_terms` order), the index of its coefficient among the
    /// row's distinct coefficients (`values`), for rows with blocks; 0 elsewhere.
    pub value: Vec<u8>,
    /// Row → first of its distinct coefficients (sorted) in `values`.
    pub values_start: Vec<u32>,
    pub values: Vec<i64>,
    /// Group → its block, if it is in one.
    pub group_block: Vec<Option<u32>>,
    /// Row → first block (blocks are numbered row after row).
    pub row_blocks: Vec<u32>,
    /// Groups in each block.
    pub block_len: Vec<u32>,
    /// Most blocks in one row.
    pub max_blocks: usize,
    /// Rows whose sum their blocks fix to a constant that satisfies them: never propagated.
    pub implied: Vec<bool>,
}

/// Clique rows of each variable: its exactly-one rows, then (offset by the number of those)
/// the at-most-one rows (`Σ x <= 1`, all coefficients 1) of the model it lies in.
struct Cliques<'a> {
    layout: &'a Layout<'a>,
    eo_rows: u32,
}

impl Cliques<'_> {
    /// The sorted clique rows of `v`, into `out`.
    fn of(&self, v: u32, out: &mut Vec<u32>) {
        out.clear();
        let l = self.layout;
        out.extend_from_slice(
            &l.var_eo_row[l.var_eo_start[v as usize] as usize..l.var_eo_start[v as usize + 1] as usize],
        );
        out.extend(l.amo.rows_of(v).iter().map(|&q| self.eo_rows + q));
        out.sort_unstable();
    }

    /// The variables of clique row `q`.
    fn vars(&self, q: u32, eo_vars: &[u32]) -> Vec<u32> {
        let l = self.layout;
        if q < self.eo_rows {
            eo_vars[l.eo_start[q as usize] as usize..l.eo_start[q as usize + 1] as usize].to_vec()
        } else {
            l.amo.vars_of((q - self.eo_rows) as usize).to_vec()
        }
    }
}

/// Find the blocks of every linear row.
pub(crate) fn detect(layout: &Layout, eo_vars: &[u32]) -> Blocks {
    let lin_rows = layout.lin_groups.len() - 1;
    let eo_rows = (layout.eo_start.len() - 1) as u32;
    let cliques = Cliques { layout, eo_rows };
    let groups = layout.group_eo.len();
    let mut b = Blocks {
        value: vec![0; layout.lin_terms.len()],
        values_start: vec![0],
        group_block: vec![None; groups],
        row_blocks: vec![0],
        implied: vec![false; lin_rows],
        ..Blocks::default()
    };
    for l in 0..lin_rows {
        row_blocks(l, layout, &cliques, eo_vars, &mut b);
        b.values_start.push(b.values.len() as u32);
        b.row_blocks.push(b.block_len.len() as u32);
        let blocks = (b.row_blocks[l + 1] - b.row_blocks[l]) as usize;
        b.max_blocks = b.max_blocks.max(blocks);
    }
    b
}

/// The blocks of linear row `l`, appended to `b` (its values too, when it has blocks).
fn row_blocks(l: usize, layout: &Layout, cliques: &Cliques, eo_vars: &[u32], b: &mut Blocks) {
    let groups = layout.lin_groups[l] as usize..layout.lin_groups[l + 1] as usize;
    let terms_of = |g: usize| layout.group_start[g] as usize..layout.group_start[g + 1] as usize;
    // Eligible groups: a whole exactly-one row, no coefficient twice.
    let eligible: Vec<bool> = groups
        .clone()
        .map(|g| {
            let t = terms_of(g);
            if layout.group_eo[g].is_none_or(|r| layout.eo_len(r) != t.len()) {
                return false;
            }
            let mut a: Vec<i64> = layout.lin_terms[t].iter().map(|&(_, a)| a).collect();
            a.sort_unstable();
            a.windows(2).all(|w| w[0] != w[1])
        })
        .collect();
    if eligible.iter().filter(|&&e| e).count() < 2 {
        return;
    }
    let mut values: Vec<i64> = groups
        .clone()
        .filter(|&g| eligible[g - groups.start])
        .flat_map(|g| layout.lin_terms[terms_of(g)].iter().map(|&(_, a)| a))
        .collect();
    values.sort_unstable();
    values.dedup();
    if values.len() > 64 {
        return;
    }
    // Groups outside every block get index 0 (never read: only blocks read values).
    let index = |a: i64| values.binary_search(&a).map_or(0, |i| i as u8);
    let mut group_of: HashMap<u32, usize> = HashMap::new();
    for g in groups.clone().filter(|&g| eligible[g - groups.start]) {
        for &(v, _) in &layout.lin_terms[terms_of(g)] {
            group_of.insert(v, g);
        }
    }
    let mut assigned = vec![false; groups.len()];
    let mut found: Vec<Vec<usize>> = Vec::new();
    // Per value: the clique rows shared by the block's variables of that value.
    let mut rows_by_value: Vec<Option<Vec<u32>>> = vec![None; values.len()];
    let mut buf: Vec<u32> = Vec::new();
    for g in groups.clone() {
        if !eligible[g - groups.start] || assigned[g - groups.start] {
            continue;
        }
        let mut best: Vec<usize> = vec![g];
        let (first, _) = layout.lin_terms[terms_of(g).start];
        let mut candidates = Vec::new();
        cliques.of(first, &mut candidates);
        for &q in &candidates {
            if Some(q) == layout.group_eo[g] {
                continue;
            }
            rows_by_value.iter_mut().for_each(|r| *r = None);
            for &(v, a) in &layout.lin_terms[terms_of(g)] {
                cliques.of(v, &mut buf);
                rows_by_value[index(a) as usize] = Some(buf.clone());
            }
            let mut block = vec![g];
            for u in cliques.vars(q, eo_vars) {
                let Some(&h) = group_of.get(&u) else { continue };
                if assigned[h - groups.start] || block.contains(&h) {
                    continue;
                }
                // A group sharing no value with the block would only loosen its bound (the
                // `k` smallest of a union of disjoint sets are no more than each part's): a
                // pill's tens next to its arrow's cells, which then bound each other apart.
                if !layout.lin_terms[terms_of(h)].iter().any(|&(_, a)| rows_by_value[index(a) as usize].is_some()) {
                    continue;
                }
                // Exclusive with every member: each shared value's variables keep a common
                // clique row.
                let mut next: Vec<(usize, Vec<u32>)> = Vec::new();
                let fits = layout.lin_terms[terms_of(h)].iter().all(|&(w, a)| {
                    let i = index(a) as usize;
                    cliques.of(w, &mut buf);
                    let common = match &rows_by_value[i] {
                        Some(rows) => rows.iter().copied().filter(|r| buf.binary_search(r).is_ok()).collect(),
                        None => buf.clone(),
                    };
                    let ok = !common.is_empty();
                    next.push((i, common));
                    ok
                });
                if fits {
                    for (i, rows) in next {
                        rows_by_value[i] = Some(rows);
                    }
                    block.push(h);
                }
            }
            if block.len() > best.len() {
                best = block;
            }
        }
        if best.len() >= 2 {
            for &h in &best {
                assigned[h - groups.start] = true;
            }
            found.push(best);
        }
    }
    if found.is_empty() {
        return;
    }
    // Values indexed, blocks recorded; then whether the row is implied.
    for g in groups.clone() {
        for i in terms_of(g) {
            b.value[i] = index(layout.lin_terms[i].1);
        }
    }
    b.values.extend_from_slice(&values);
    let mut constant = Some(0i64);
    let covered: usize = found.iter().map(Vec::len).sum();
    if covered < groups.len() {
        constant = None;
    }
    for block in &found {
        let id = b.block_len.len() as u32;
        b.block_len.push(block.len() as u32);
        let mut union: Vec<i64> = Vec::new();
        for &g in block {
            b.group_block[g] = Some(id);
            union.extend(layout.lin_terms[terms_of(g)].iter().map(|&(_, a)| a));
        }
        union.sort_unstable();
        union.dedup();
        // Every group holds exactly the block's k values: the block takes all of them.
        let full = union.len() == block.len() && block.iter().all(|&g| terms_of(g).len() == union.len());
        constant = match constant {
            Some(c) if full => Some(c + union.iter().sum::<i64>()),
            _ => None,
        };
    }
    if let Some(c) = constant {
        let rhs = layout.lin_rhs[l];
        b.implied[l] = match layout.lin_sense[l] {
            Sense::Le => c <= rhs,
            Sense::Eq => c == rhs,
            Sense::Ge => c >= rhs,
        };
    }
}

#[cfg(test)]
mod tests {
    use sudoku_ip_model::{Cell, Geometry, Model, Puzzle, Row, RowKind, Sense};

    use crate::compile::Compiled;

    /// `a + b − c − d = 0` over r1c1..r1c4 (an innie pair against an outie pair): a and b
    /// share no value with c and d (their coefficients differ in sign), so one block of all
    /// four would bound them by the four smallest of ±1..9 (−30..30) instead of two blocks
    /// (3..17 and −17..−3). Named after what broke: the killers' leftover rows, 2,004 guesses
    /// with mixed blocks, 1,208 without.
    #[test]
    fn groups_sharing_no_value_stay_in_blocks_of_their_own() {
        let mut m = Model::build(&Puzzle::blank(Geometry::new(9, None).unwrap()));
        let cells: Vec<Cell> = (0..4).map(|c| Cell::new(0, c)).collect();
        let terms = cells
            .iter()
            .enumerate()
            .flat_map(|(i, &c)| (1..=9).map(move |d| (c, d, if i < 2 { 1 } else { -1 })))
            .map(|(c, d, s)| (m.var(c, d), s * d as i32))
            .collect();
        m.push_row(Row { name: "innies-outies".into(), kind: RowKind::Other, terms, sense: Sense::Eq, rhs: 0 });
        let c = Compiled::new(&m);
        let l = c.lin_rows() - 1;
        let groups: Vec<usize> = (c.lin_groups[l] as usize..c.lin_groups[l + 1] as usize).collect();
        assert_eq!(groups.len(), 4);
        let block_of = |cell: Cell| {
            let g = groups.iter().copied().find(|&g| c.lin_terms[c.group_start[g] as usize].0 == m.var(cell, 1));
            c.blocks.group_block[g.expect("a group a cell")]
        };
        let blocks: Vec<Option<u32>> = cells.iter().map(|&cell| block_of(cell)).collect();
        assert!(blocks.iter().all(Option::is_some), "{blocks:?}");
        assert_eq!(blocks[0], blocks[1]);
        assert_eq!(blocks[2], blocks[3]);
        assert_ne!(blocks[0], blocks[2]);
    }
}

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
//! every member value by value. Cells are taken as starts in the row's order, and again in
//! order of the largest block each could start alone; the second wins when it leaves fewer
//! cells outside blocks, or as many in fewer blocks. A row whose blocks cover it and each hold
//! exactly their `k` values in every group has a constant sum: it is implied by the other rows
//! when the constant satisfies it (never propagated), and refuted at the root when not.

use rustc_hash::FxHashMap as HashMap;

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

impl<'a> Cliques<'a> {
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
    fn vars<'v>(&self, q: u32, eo_vars: &'v [u32]) -> &'v [u32]
    where
        'a: 'v,
    {
        let l = self.layout;
        if q < self.eo_rows {
            &eo_vars[l.eo_start[q as usize] as usize..l.eo_start[q as usize + 1] as usize]
        } else {
            l.amo.vars_of((q - self.eo_rows) as usize)
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
    let mut group_of: HashMap<u32, usize> = HashMap::default();
    for g in groups.clone().filter(|&g| eligible[g - groups.start]) {
        for &(v, _) in &layout.lin_terms[terms_of(g)] {
            group_of.insert(v, g);
        }
    }
    let ctx = RowCtx { l, layout, cliques, eo_vars, values: &values, group_of: &group_of };
    // Starts in the row's order, and starts in order of the largest block each could form
    // alone (at most: the row's groups in one clique row of its first variable); the choice
    // that leaves fewer groups outside blocks (bounded alone), then the one with fewer blocks,
    // the row's order on a tie. Three parallel diagonals added into one row (`combined_sum`
    // rows of the model) take the boxes they cross whole, in sixes, only in the second order;
    // the row's order splits them along the grid's rows into threes.
    let starts: Vec<usize> = groups.clone().filter(|&g| eligible[g - groups.start]).collect();
    let in_order = ctx.blocks(&starts);
    let mut by_size: Vec<(usize, usize)> = starts.iter().map(|&g| (ctx.most_in_one_clique(g), g)).collect();
    let quality = |found: &[Vec<usize>]| (found.iter().map(Vec::len).sum::<usize>(), std::cmp::Reverse(found.len()));
    // The second order can only differ where a group could start a larger block than the
    // one it is in.
    let mut block_len = vec![1; groups.len()];
    for block in &in_order {
        block.iter().for_each(|&h| block_len[h - groups.start] = block.len());
    }
    let larger = by_size.iter().any(|&(most, g)| most > block_len[g - groups.start]);
    by_size.sort_by_key(|&(len, g)| (std::cmp::Reverse(len), g));
    let by_size: Vec<usize> = by_size.into_iter().map(|(_, g)| g).collect();
    let mut found = in_order;
    if larger && by_size != starts {
        let largest_first = ctx.blocks(&by_size);
        if quality(&largest_first) > quality(&found) {
            found = largest_first;
        }
    }
    if found.is_empty() {
        return;
    }
    // Numbered in the row's order, whatever order they were found in.
    found.sort_by_key(|block| block.iter().min().copied());
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

/// What finding one row's blocks reads.
struct RowCtx<'a> {
    l: usize,
    layout: &'a Layout<'a>,
    cliques: &'a Cliques<'a>,
    eo_vars: &'a [u32],
    /// The row's distinct coefficients, sorted.
    values: &'a [i64],
    /// Variable → its group, for the row's eligible groups.
    group_of: &'a HashMap<u32, usize>,
}

impl RowCtx<'_> {
    /// The most variables of the row's groups that one clique row of `g`'s first variable holds
    /// (`g`'s own included): a bound on the block `g` starts (a clique row holds one variable of
    /// a cell), without the value-by-value checks.
    fn most_in_one_clique(&self, g: usize) -> usize {
        let layout = self.layout;
        let (first, _) = layout.lin_terms[layout.group_start[g] as usize];
        let mut candidates = Vec::new();
        self.cliques.of(first, &mut candidates);
        let mut most = 1;
        for &q in candidates.iter().filter(|&&q| Some(q) != layout.group_eo[g]) {
            let held = self.cliques.vars(q, self.eo_vars).iter().filter(|u| self.group_of.contains_key(u)).count();
            most = most.max(held);
        }
        most
    }

    /// Blocks found greedily from `starts` in turn: each start not yet in a block takes its
    /// largest block among the groups left, when that holds two or more.
    fn blocks(&self, starts: &[usize]) -> Vec<Vec<usize>> {
        let g0 = self.layout.lin_groups[self.l] as usize;
        let mut assigned = vec![false; self.layout.lin_groups[self.l + 1] as usize - g0];
        let mut found = Vec::new();
        let mut scratch = Scratch::default();
        for &g in starts {
            if assigned[g - g0] {
                continue;
            }
            let best = self.best_block(g, &assigned, &mut scratch);
            if best.len() >= 2 {
                for &h in &best {
                    assigned[h - g0] = true;
                }
                found.push(best);
            }
        }
        found
    }

    /// The largest block that starts at group `g` and lies in one clique row of its first
    /// variable, among the groups not yet `assigned` (indexed from the row's first group).
    fn best_block(&self, g: usize, assigned: &[bool], s: &mut Scratch) -> Vec<usize> {
        let (layout, cliques, eo_vars, group_of) = (self.layout, self.cliques, self.eo_vars, self.group_of);
        let g0 = layout.lin_groups[self.l] as usize;
        let terms_of = |g: usize| layout.group_start[g] as usize..layout.group_start[g + 1] as usize;
        let index = |a: i64| self.values.binary_search(&a).unwrap_or(0);
        let values = self.values.len();
        // Per value: the clique rows of `g`'s variable of that value, then (`rows`, `has`) those
        // shared by the block's variables of that value.
        s.start.resize_with(values, Vec::new);
        s.rows.resize_with(values, Vec::new);
        s.has.clear();
        s.has.resize(values, false);
        s.start_has.clear();
        s.start_has.resize(values, false);
        for &(v, a) in &layout.lin_terms[terms_of(g)] {
            let i = index(a);
            cliques.of(v, &mut s.start[i]);
            s.start_has[i] = true;
        }
        let mut best: Vec<usize> = vec![g];
        let (first, _) = layout.lin_terms[terms_of(g).start];
        cliques.of(first, &mut s.candidates);
        for qi in 0..s.candidates.len() {
            let q = s.candidates[qi];
            if Some(q) == layout.group_eo[g] {
                continue;
            }
            for i in 0..values {
                s.has[i] = s.start_has[i];
                s.rows[i].clear();
                if s.start_has[i] {
                    let Scratch { start, rows, .. } = &mut *s;
                    rows[i].extend_from_slice(&start[i]);
                }
            }
            let mut block = vec![g];
            for u in cliques.vars(q, eo_vars) {
                let Some(&h) = group_of.get(u) else { continue };
                if assigned[h - g0] || block.contains(&h) {
                    continue;
                }
                // A group sharing no value with the block would only loosen its bound (the
                // `k` smallest of a union of disjoint sets are no more than each part's): a
                // pill's tens next to its arrow's cells, which then bound each other apart.
                if !layout.lin_terms[terms_of(h)].iter().any(|&(_, a)| s.has[index(a)]) {
                    continue;
                }
                // Exclusive with every member: each shared value's variables keep a common
                // clique row. The rows kept, value by value, into `next` until one has none.
                s.next.clear();
                s.next_at.clear();
                let mut fits = true;
                for &(w, a) in &layout.lin_terms[terms_of(h)] {
                    let i = index(a);
                    cliques.of(w, &mut s.buf);
                    let before = s.next.len();
                    if s.has[i] {
                        let Scratch { rows, buf, next, .. } = &mut *s;
                        next.extend(rows[i].iter().copied().filter(|r| buf.binary_search(r).is_ok()));
                    } else {
                        let Scratch { buf, next, .. } = &mut *s;
                        next.extend_from_slice(buf);
                    }
                    s.next_at.push((i, before, s.next.len()));
                    if s.next.len() == before {
                        fits = false;
                        break;
                    }
                }
                if fits {
                    for k in 0..s.next_at.len() {
                        let (i, from, to) = s.next_at[k];
                        let Scratch { rows, next, has, .. } = &mut *s;
                        rows[i].clear();
                        rows[i].extend_from_slice(&next[from..to]);
                        has[i] = true;
                    }
                    block.push(h);
                }
            }
            if block.len() > best.len() {
                best = block;
            }
        }
        best
    }
}

/// Buffers reused while finding blocks.
#[derive(Default)]
struct Scratch {
    /// Per value: the clique rows of the start's variable of that value, if it has one.
    start: Vec<Vec<u32>>,
    start_has: Vec<bool>,
    rows: Vec<Vec<u32>>,
    has: Vec<bool>,
    candidates: Vec<u32>,
    buf: Vec<u32>,
    next: Vec<u32>,
    next_at: Vec<(usize, usize, usize)>,
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

    /// The model adds the three parallel diagonals of `little-killer-sudoku` (22 + 28 + 26) into
    /// one row. Its groups, in the row's order, start r1c1, r2c1, r2c2, r3c1, …, r4c2, r4c3,
    /// r4c4: starting there would take row 4's three and split box 5's six. The blocks are the
    /// boxes the diagonals cross: three sixes, and the two triples between (bounds 75..111
    /// instead of 69..141 for a six and six triples).
    #[test]
    fn a_combined_row_takes_the_boxes_it_crosses_whole() {
        let text = include_str!("../../../benches/variants/puzzles/little-killer-sudoku.json");
        let model = Model::build(&sudoku_ip_formats::parse_puzzle(text, &Default::default()).expect("a corpus puzzle"));
        let c = Compiled::new(&model);
        let l = (0..c.lin_rows())
            .find(|&l| model.rows()[c.lin_row[l] as usize].name.ends_with("combined_sum1"))
            .expect("the combined row");
        let (b0, b1) = (c.blocks.row_blocks[l] as usize, c.blocks.row_blocks[l + 1] as usize);
        let mut sizes = c.blocks.block_len[b0..b1].to_vec();
        sizes.sort_unstable();
        assert_eq!(sizes, [3, 3, 6, 6, 6]);
        // The diagonals alone keep their blocks in the row's order (a box's two or three cells).
        let first =
            (0..c.lin_rows()).find(|&l| model.rows()[c.lin_row[l] as usize].name.ends_with("little_killer1_sum"));
        let l = first.expect("the first diagonal");
        let (b0, b1) = (c.blocks.row_blocks[l] as usize, c.blocks.row_blocks[l + 1] as usize);
        assert_eq!(c.blocks.block_len[b0..b1], [3, 3, 3]);
    }
}

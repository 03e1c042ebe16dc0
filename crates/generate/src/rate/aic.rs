//! The generic chain engine: X-chains, remote pairs, XY-chains and alternating inference
//! chains (AIC, discontinuous nice loops) with grouped nodes.
//!
//! A node is a digit in one cell, or (grouped) a digit in two or more cells that lie in two
//! units at once (a box-line intersection). Links come from the model's rows, so chains work
//! across variants:
//! - weak (`A − B`: A true ⇒ B false): A and B are the same digit in cells that share a unit
//!   for it, two digits of one cell, or two variables of any at-most-one row of the model;
//! - strong (`A = B`: A false ⇒ B true): A and B are all that is left of an exactly-once unit
//!   (a grouped node may be one side), the two digits of a bivalue cell, or the two open
//!   variables of an exactly-one row.
//!
//! To eliminate a candidate X, assume it and follow implications alternately along weak and
//! strong links (X true ⇒ N1 false ⇒ N2 true ⇒ … ⇒ Nk true ⇒ X false). Reaching "X false"
//! proves the chain `N1 = … = Nk`: one of its ends is true, so every candidate that sees both
//! ends goes, X among them. A breadth-first search finds the shortest chain, which SE's length
//! rule rates (base + 0.1 per length step: up to 4 nodes adds nothing, 5–6 add 0.1, 7–8 0.2,
//! 9–12 0.3, 13–16 0.4, …).

use super::step::Step;
use super::{bit, digits, Logic, SeRating, Technique};

/// Tenths a chain with a grouped node weighs more (Sukaku Explainer's grouped strong links).
const GROUPED_BONUS: u16 = 3;

/// Which links a chain may use.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// One digit, strong links from units only.
    X,
    /// Bivalue cells, strong inside the cells, weak between cells on one digit.
    Xy,
    /// Everything, grouped nodes included.
    Any,
}

/// The nodes and links of a chain search, in flat arrays (one is built for every search).
struct Graph {
    /// Per node: its digit.
    digit: Vec<u8>,
    /// Per node: where its cells start in `pool` (one more entry: the end).
    start: Vec<usize>,
    /// The nodes' cells, node after node (more than one: a grouped node).
    pool: Vec<usize>,
    /// Nodes `0..singles` are single candidates, the rest grouped nodes.
    singles: usize,
    weak: Links,
    strong: Links,
}

impl Graph {
    fn len(&self) -> usize {
        self.digit.len()
    }

    fn cells(&self, node: usize) -> &[usize] {
        &self.pool[self.start[node]..self.start[node + 1]]
    }

    fn push(&mut self, d: u8, cells: &[usize]) -> usize {
        self.digit.push(d);
        self.pool.extend_from_slice(cells);
        self.start.push(self.pool.len());
        self.digit.len() - 1
    }
}

/// Links out of each node, sorted, once each.
#[derive(Default)]
struct Links {
    start: Vec<usize>,
    to: Vec<usize>,
}

impl Links {
    /// From `(from, to)` pairs over `nodes` nodes.
    fn new(nodes: usize, edges: &[(usize, usize)]) -> Links {
        let mut start = vec![0usize; nodes + 1];
        for &(a, _) in edges {
            start[a + 1] += 1;
        }
        for i in 0..nodes {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut to = vec![0usize; edges.len()];
        for &(a, b) in edges {
            to[fill[a]] = b;
            fill[a] += 1;
        }
        // Sort and dedup each node's slice, compacting as we go.
        let mut out = 0;
        let mut from = 0;
        for i in 0..nodes {
            let end = start[i + 1];
            let list = &mut to[from..end];
            list.sort_unstable();
            let mut last = usize::MAX;
            let first = out;
            for j in from..end {
                let t = to[j];
                if t != last {
                    to[out] = t;
                    out += 1;
                    last = t;
                }
            }
            start[i] = first;
            from = end;
        }
        start[nodes] = out;
        to.truncate(out);
        Links { start, to }
    }

    /// From a bit matrix over `nodes` nodes: row `a` (`words` words from `a * words`) holds a
    /// bit per node that `a` links to; the lists come out sorted, once each.
    fn from_bits(nodes: usize, words: usize, bits: &[u64]) -> Links {
        let mut start = Vec::with_capacity(nodes + 1);
        let mut to = Vec::with_capacity(bits.iter().map(|w| w.count_ones() as usize).sum());
        start.push(0);
        for row in bits.chunks_exact(words.max(1)).take(nodes) {
            for (w, &word) in row.iter().enumerate() {
                let mut m = word;
                while m != 0 {
                    to.push(w * 64 + m.trailing_zeros() as usize);
                    m &= m - 1;
                }
            }
            start.push(to.len());
        }
        start.resize(nodes + 1, to.len());
        Links { start, to }
    }

    fn of(&self, node: usize) -> &[usize] {
        &self.to[self.start[node]..self.start[node + 1]]
    }
}

/// The most words a link set keeps as a bit matrix (a row of bits per node); larger graphs
/// gather pairs and sort them.
const MATRIX_WORDS: usize = 1 << 18;

/// Links being gathered: a bit matrix (a row of `words` words per node) while that is small,
/// else pairs.
enum LinkSet {
    Bits { words: usize, bits: Vec<u64> },
    Pairs(Vec<(usize, usize)>),
}

impl LinkSet {
    fn new(nodes: usize) -> LinkSet {
        let words = nodes.div_ceil(64);
        if nodes * words <= MATRIX_WORDS {
            LinkSet::Bits { words, bits: vec![0; nodes * words] }
        } else {
            LinkSet::Pairs(Vec::new())
        }
    }

    fn add(&mut self, a: usize, b: usize) {
        match self {
            LinkSet::Bits { words, bits } => bits[a * *words + b / 64] |= 1 << (b % 64),
            LinkSet::Pairs(pairs) => pairs.push((a, b)),
        }
    }

    /// Links between every two of `members` (distinct nodes), both ways; `mask` is scratch.
    fn add_all_pairs(&mut self, members: &[usize], mask: &mut Vec<u64>) {
        match self {
            LinkSet::Bits { words, bits } => {
                let words = *words;
                mask.clear();
                mask.resize(words, 0);
                for &b in members {
                    mask[b / 64] |= 1 << (b % 64);
                }
                for &a in members {
                    for (w, m) in bits[a * words..(a + 1) * words].iter_mut().zip(mask.iter()) {
                        *w |= m;
                    }
                    bits[a * words + a / 64] &= !(1 << (a % 64));
                }
            }
            LinkSet::Pairs(pairs) => {
                for &a in members {
                    pairs.extend(members.iter().filter(|&&b| b != a).map(|&b| (a, b)));
                }
            }
        }
    }

    fn links(self, nodes: usize) -> Links {
        match self {
            LinkSet::Bits { words, bits } => Links::from_bits(nodes, words, &bits),
            LinkSet::Pairs(pairs) => Links::new(nodes, &pairs),
        }
    }
}

/// Sukaku Explainer's weight of a single-digit chain of `links` strong links ("strong links"
/// 3 to 8: 5.4, 5.8, 6.2, 6.6, 7.0, 7.4; then +0.4 a link), in tenths.
pub(super) fn x_chain_rating(links: usize) -> SeRating {
    const BASE: [u16; 6] = [54, 58, 62, 66, 70, 74];
    let extra = links.saturating_sub(8) as u16;
    SeRating(BASE[links.clamp(3, 8) - 3] + 4 * extra)
}

/// SE's length bonus in tenths: 0 up to 4 nodes, then +0.1 past each of 4, 6, 8, 12, 16, 24, …
/// (the thresholds grow by 3/2 and 4/3 in turn).
pub(super) fn length_bonus(length: usize) -> u16 {
    let (mut added, mut ceil, mut odd) = (0u16, 4usize, false);
    while length > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// States of the search: node * 2 + 1 = the node is true, node * 2 = it is false. From a true
/// node the weak links lead to false ones, from a false node the strong links to true ones.
fn successors(graph: &Graph, s: usize) -> impl Iterator<Item = usize> + '_ {
    let (node, on) = (s / 2, s % 2 == 1);
    let targets = if on { graph.weak.of(node) } else { graph.strong.of(node) };
    targets.iter().map(move |&t| t * 2 + usize::from(!on))
}

/// The breadth-first search from single node `x` true: the path of states to `x` false, or
/// `None` when there is none within `levels` levels. The first path found is the one a
/// breadth-first search that visits successors in the graph's order meets first.
fn search_from(graph: &Graph, x: usize, levels: usize) -> Option<Vec<usize>> {
    let (start, goal) = (x * 2 + 1, x * 2);
    let mut parent = vec![usize::MAX; graph.len() * 2];
    parent[start] = start;
    let mut frontier = vec![start];
    for _ in 0..levels {
        let mut next = Vec::new();
        for &s in &frontier {
            for state in successors(graph, s) {
                if parent[state] != usize::MAX {
                    continue;
                }
                parent[state] = s;
                if state == goal {
                    let mut path = vec![goal];
                    let mut at = goal;
                    while at != start {
                        at = parent[at];
                        path.push(at);
                    }
                    path.reverse();
                    return Some(path);
                }
                next.push(state);
            }
        }
        if next.is_empty() {
            return None;
        }
        frontier = next;
    }
    None
}

/// The most bit-set words (8 bytes each) the searches from every start keep together.
const LOCKSTEP_WORDS: usize = 1 << 20;

/// The shortest chain over all single nodes `x` (x true ⇒ … ⇒ x false), the first `x` among
/// those of that length, as its path of states.
///
/// The searches from every `x` advance one level at a time together, so they all stop at the
/// first level where one of them closes its loop, instead of each exploring everything it
/// reaches; the winner's path is then found again by [`search_from`] alone, which meets the
/// same path in the same order.
///
/// The searches together keep, per state, the set of starts that have seen it and of those
/// that reach it at the current level (a bit per start), so a level costs one pass over the
/// links out of the states some start reaches, for all starts at once. On graphs where those
/// sets would pass [`LOCKSTEP_WORDS`] (large grids early on) the starts are searched one after
/// the other, each only as deep as the shortest chain found so far, which finds the same chain.
fn shortest_loop(graph: &Graph) -> Option<Vec<usize>> {
    shortest_loop_within(graph, LOCKSTEP_WORDS)
}

/// [`shortest_loop`] with the searches together allowed at most `budget` words.
fn shortest_loop_within(graph: &Graph, budget: usize) -> Option<Vec<usize>> {
    let singles = graph.singles;
    let states = graph.len() * 2;
    // Words of a set of starts.
    let words = singles.div_ceil(64);
    if 3 * states * words > budget {
        let mut best: Option<Vec<usize>> = None;
        for x in 0..singles {
            // A path of `levels` links has `levels + 1` states; only a shorter one replaces it.
            let levels = best.as_ref().map_or(states, |b| b.len() - 2);
            if let Some(path) = search_from(graph, x, levels) {
                best = Some(path);
            }
        }
        return best;
    }
    // Per state (`words` words from `state * words`): the starts that have reached it
    // (`seen`), that reach it first at this level (`now`), at the next (`next`, gathered).
    let mut seen = vec![0u64; states * words];
    let mut now = vec![0u64; states * words];
    let mut next = vec![0u64; states * words];
    // The states some start reaches at this level, and those reached at the next.
    let mut active: Vec<usize> = (0..singles).map(|x| x * 2 + 1).collect();
    let mut touched: Vec<usize> = Vec::new();
    let mut marked = vec![false; states];
    for x in 0..singles {
        let at = (x * 2 + 1) * words + x / 64;
        seen[at] |= 1 << (x % 64);
        now[at] |= 1 << (x % 64);
    }
    let mut levels = 0;
    while !active.is_empty() {
        levels += 1;
        touched.clear();
        for &s in &active {
            let from = &now[s * words..(s + 1) * words];
            for t in successors(graph, s) {
                if !marked[t] {
                    marked[t] = true;
                    touched.push(t);
                }
                for (n, f) in next[t * words..(t + 1) * words].iter_mut().zip(from) {
                    *n |= f;
                }
            }
        }
        for &s in &active {
            now[s * words..(s + 1) * words].fill(0);
        }
        active.clear();
        // The first start whose loop closes at this level: x true ⇒ N1 false ⇒ … ⇒ x false.
        let mut closed: Option<usize> = None;
        for &t in &touched {
            marked[t] = false;
            let mut any = 0;
            for w in 0..words {
                let i = t * words + w;
                let new = next[i] & !seen[i];
                next[i] = 0;
                seen[i] |= new;
                now[i] = new;
                any |= new;
            }
            if any == 0 {
                continue;
            }
            active.push(t);
            let x = t / 2;
            if t % 2 == 0 && x < singles && now[t * words + x / 64] >> (x % 64) & 1 == 1 {
                closed = Some(closed.map_or(x, |c| c.min(x)));
            }
        }
        if let Some(x) = closed {
            return search_from(graph, x, levels);
        }
    }
    None
}

impl Logic {
    /// The pairs of exactly-once units of one digit that share at least two cells (where
    /// grouped nodes can lie), ordered by the first unit, then the second.
    pub(super) fn unit_crossings(&self) -> Vec<(u32, u32)> {
        let mut pairs = Vec::new();
        let mut shared: Vec<(u32, u32)> = Vec::new();
        for (u1, unit) in self.units.iter().enumerate() {
            if !unit.exact {
                continue;
            }
            shared.clear();
            for &k in &unit.cells {
                for &u2 in &self.units_of[self.var(k as usize, unit.digit)] {
                    if u2 as usize <= u1 || !self.units[u2 as usize].exact {
                        continue;
                    }
                    match shared.iter_mut().find(|(u, _)| *u == u2) {
                        Some((_, count)) => *count += 1,
                        None => shared.push((u2, 1)),
                    }
                }
            }
            shared.sort_unstable();
            pairs.extend(shared.iter().filter(|&&(_, count)| count >= 2).map(|&(u2, _)| (u1 as u32, u2)));
        }
        pairs
    }

    pub(super) fn x_chain(&mut self) -> Option<Step> {
        self.chain(Kind::X, Technique::XChain)
    }

    pub(super) fn xy_chain(&mut self) -> Option<Step> {
        self.chain(Kind::Xy, Technique::XyChain)
    }

    pub(super) fn aic(&mut self) -> Option<Step> {
        self.chain(Kind::Any, Technique::Aic)
    }

    /// True when `a` and `b` (open candidates) cannot both be true.
    fn excludes(&self, (ka, da): (usize, u8), (kb, db): (usize, u8)) -> bool {
        if ka == kb {
            return da != db;
        }
        if da == db && self.sees(ka, kb, da) {
            return true;
        }
        let (va, vb) = (self.var(ka, da) as u32, self.var(kb, db) as u32);
        self.cliques_of[va as usize].iter().any(|q| self.cliques[*q as usize].contains(&vb))
    }

    fn graph(&self, kind: Kind) -> Graph {
        let n = self.n;
        let open = |k: usize, d: u8| self.value[k] == 0 && self.cand[k] & bit(d) != 0;
        let bivalue = |k: usize| self.value[k] == 0 && self.cand[k].count_ones() == 2;
        let candidates: usize = self.cand.iter().map(|c| c.count_ones() as usize).sum();
        let mut start = Vec::with_capacity(candidates + 64);
        start.push(0);
        let mut graph = Graph {
            digit: Vec::with_capacity(candidates + 64),
            start,
            pool: Vec::with_capacity(candidates + 256),
            singles: 0,
            weak: Links::default(),
            strong: Links::default(),
        };
        // Single candidates by variable (cell * n + digit − 1).
        let mut single = vec![usize::MAX; self.cand.len() * n];
        for k in 0..self.cand.len() {
            if self.value[k] != 0 || (kind == Kind::Xy && !bivalue(k)) {
                continue;
            }
            // An X-chain stays on one digit: only those in scope (see `memo.rs`) are searched.
            let searched = if kind == Kind::X { self.scope } else { u64::MAX };
            for d in digits(self.cand[k] & searched) {
                single[self.var(k, d)] = graph.push(d, &[k]);
            }
        }
        let sid = |k: usize, d: u8| Some(single[k * n + d as usize - 1]).filter(|&i| i != usize::MAX);
        let singles = graph.len();
        graph.singles = singles;
        // Grouped nodes: a digit's open cells in the intersection of two exactly-once units.
        let mut groups_of: Vec<Vec<usize>> = vec![Vec::new(); n + 1];
        if kind == Kind::Any {
            let mut common = Vec::new();
            // Pairs in the order of the first unit, then the second (the nodes' numbering).
            for &(u1, u2) in &self.crossings {
                let (u1, u2) = (u1 as usize, u2 as usize);
                if self.done[u1] || self.done[u2] {
                    continue;
                }
                {
                    let d = self.units[u1].digit;
                    let (a, b) = (&self.units[u1].cells, &self.units[u2].cells);
                    // Both cell lists are sorted: merge them.
                    common.clear();
                    let (mut x, mut y) = (0, 0);
                    while x < a.len() && y < b.len() {
                        match a[x].cmp(&b[y]) {
                            std::cmp::Ordering::Less => x += 1,
                            std::cmp::Ordering::Greater => y += 1,
                            std::cmp::Ordering::Equal => {
                                if open(a[x] as usize, d) {
                                    common.push(a[x] as usize);
                                }
                                x += 1;
                                y += 1;
                            }
                        }
                    }
                    let known = groups_of[d as usize].iter().any(|&g| graph.cells(g) == common.as_slice());
                    if common.len() >= 2 && !known {
                        let g = graph.push(d, &common);
                        groups_of[d as usize].push(g);
                    }
                }
            }
        }
        let mut by_digit: Vec<Vec<usize>> = vec![Vec::new(); n + 1];
        for (i, d) in graph.digit.iter().enumerate() {
            by_digit[*d as usize].push(i);
        }
        // The links, gathered in bit matrices on most grids (see `LinkSet`).
        let nodes = graph.len();
        let mut weak = LinkSet::new(nodes);
        let mut strong = LinkSet::new(nodes);
        // Weak links between single candidates: the other digits of its cell and the other
        // variables of its at-most-one rows, ...
        if kind == Kind::Any {
            for a in 0..singles {
                let (da, ka) = (graph.digit[a], graph.pool[a]);
                for b in digits(self.cand[ka] & !bit(da)).filter_map(|d| sid(ka, d)) {
                    weak.add(a, b);
                }
                for &q in &self.cliques_of[self.var(ka, da)] {
                    for &w in &self.cliques[q as usize] {
                        let (k, d) = (w as usize / n, (w as usize % n) as u8 + 1);
                        if let Some(b) = sid(k, d).filter(|_| k != ka || d != da) {
                            weak.add(a, b);
                        }
                    }
                }
            }
        }
        // ... and its digit in the other cells of each unit for it, a unit at a time (a unit
        // whose digit is placed has none left).
        let mut members: Vec<usize> = Vec::new();
        let mut mask = Vec::new();
        for (u, unit) in self.units.iter().enumerate() {
            if self.done[u] {
                continue;
            }
            let d = unit.digit;
            members.clear();
            members.extend(unit.cells.iter().map(|&k| k as usize).filter(|&k| open(k, d)).filter_map(|k| sid(k, d)));
            if members.len() < 2 {
                continue;
            }
            weak.add_all_pairs(&members, &mut mask);
        }
        // Weak links of grouped nodes: to the cells of the digit that see all of the group,
        // and to other groups all of whose cells do.
        let cell_words = self.cand.len().div_ceil(64);
        let mut seen_all = vec![0u64; cell_words];
        let mut peers = vec![0u64; cell_words];
        for g in singles..graph.len() {
            let (d, cells) = (graph.digit[g], graph.cells(g));
            // The cells that see every cell of the group for d.
            seen_all.fill(u64::MAX);
            for &y in cells {
                peers.fill(0);
                for &u in &self.units_of[self.var(y, d)] {
                    for &k in &self.units[u as usize].cells {
                        peers[k as usize / 64] |= 1 << (k % 64);
                    }
                }
                peers[y / 64] &= !(1 << (y % 64));
                for (s, p) in seen_all.iter_mut().zip(&peers) {
                    *s &= p;
                }
            }
            for &other in &by_digit[d as usize] {
                let oc = graph.cells(other);
                if other == g || oc.iter().any(|k| cells.contains(k)) {
                    continue;
                }
                if oc.iter().all(|&x| seen_all[x / 64] >> (x % 64) & 1 == 1) {
                    weak.add(g, other);
                    if other < singles {
                        weak.add(other, g);
                    }
                }
            }
        }
        // Strong links: what is left of an exactly-once unit, split in two nodes.
        if kind != Kind::Xy {
            // The groups inside each unit (all their cells in it), by unit: `inside[at[u]..at[u + 1]]`.
            let mut pairs: Vec<(usize, usize)> = Vec::new();
            for g in singles..nodes {
                let (d, cells) = (graph.digit[g], graph.cells(g));
                let holds = |u: &u32, k: usize| self.units_of[self.var(k, d)].contains(u);
                pairs.extend(
                    self.units_of[self.var(cells[0], d)]
                        .iter()
                        .filter(|u| cells[1..].iter().all(|&k| holds(u, k)))
                        .map(|&u| (u as usize, g)),
                );
            }
            pairs.sort_unstable();
            let mut at = vec![0usize; self.units.len() + 1];
            for &(u, _) in &pairs {
                at[u + 1] += 1;
            }
            for u in 0..self.units.len() {
                at[u + 1] += at[u];
            }
            // The node of the digit in `rest` (cells of unit `u`): single, or a group inside it.
            let node_of = |graph: &Graph, u: usize, d: u8, rest: &[usize]| match rest {
                [] => None,
                [k] => sid(*k, d),
                _ => pairs[at[u]..at[u + 1]].iter().map(|&(_, g)| g).find(|&g| graph.cells(g) == rest),
            };
            let mut left = Vec::new();
            let mut rest = Vec::new();
            for (u, unit) in self.units.iter().enumerate() {
                if !unit.exact || self.done[u] {
                    continue;
                }
                let d = unit.digit;
                left.clear();
                left.extend(unit.cells.iter().map(|&k| k as usize).filter(|&k| open(k, d)));
                if left.len() < 2 {
                    continue;
                }
                // One side a single candidate, or a group inside the unit (whose cells are open
                // cells of the unit: all in `left`).
                let sides =
                    left.iter().filter_map(|&k| sid(k, d)).chain(pairs[at[u]..at[u + 1]].iter().map(|&(_, g)| g));
                for a in sides {
                    let cells = graph.cells(a);
                    rest.clear();
                    rest.extend(left.iter().copied().filter(|k| !cells.contains(k)));
                    if let Some(b) = node_of(&graph, u, d, &rest) {
                        strong.add(a, b);
                    }
                }
            }
        }
        if kind != Kind::X {
            for k in 0..self.cand.len() {
                if !bivalue(k) {
                    continue;
                }
                let mut ds = digits(self.cand[k]);
                if let (Some(a), Some(b)) = (ds.next().and_then(|d| sid(k, d)), ds.next().and_then(|d| sid(k, d))) {
                    strong.add(a, b);
                    strong.add(b, a);
                }
            }
        }
        if kind == Kind::Any {
            for (q, row) in self.cliques.iter().enumerate() {
                if !self.clique_exact[q] {
                    continue;
                }
                let mut left = row
                    .iter()
                    .map(|&w| w as usize)
                    .filter(|&w| open(w / n, (w % n) as u8 + 1))
                    .filter_map(|w| sid(w / n, (w % n) as u8 + 1));
                if let (Some(a), Some(b), None) = (left.next(), left.next(), left.next()) {
                    strong.add(a, b);
                    strong.add(b, a);
                }
            }
        }
        graph.weak = weak.links(nodes);
        graph.strong = strong.links(nodes);
        graph
    }

    /// The shortest chain of `kind` that removes a candidate, as a step.
    fn chain(&mut self, kind: Kind, technique: Technique) -> Option<Step> {
        let graph = self.graph(kind);
        let path = shortest_loop(&graph)?;
        let chain: Vec<usize> = path[1..path.len() - 1].iter().map(|s| s / 2).collect();
        let (first, last) = (chain[0], chain[chain.len() - 1]);
        let in_chain = |k: usize, d: u8| chain.iter().any(|&c| graph.digit[c] == d && graph.cells(c).contains(&k));
        let end_sees = |end: usize, k: usize, d: u8| {
            let de = graph.digit[end];
            graph.cells(end).iter().all(|&c| self.excludes((k, d), (c, de)))
        };
        let mut removed = Vec::new();
        for k in 0..self.cand.len() {
            if self.value[k] != 0 {
                continue;
            }
            for d in digits(self.cand[k]) {
                if !in_chain(k, d) && end_sees(first, k, d) && end_sees(last, k, d) {
                    removed.push((k, d));
                }
            }
        }
        let notation = self.chain_notation(&graph, &chain);
        let kind_name = match technique {
            Technique::XChain => "X-chain",
            Technique::XyChain => "XY-chain",
            _ => "Alternating inference chain",
        };
        let ends = format!("{} or {} is true", self.node_text(&graph, first), self.node_text(&graph, last));
        let text = |_: &Self| format!("{kind_name} {notation} (= strong, − weak link): {ends}");
        let mut step = self.removal_step(Some(removed), technique, text)?;
        step.rating = match technique {
            // Sukaku Explainer weighs single-digit chains by their strong links, not length.
            Technique::XChain => x_chain_rating(chain.len() / 2),
            _ => SeRating(technique.se_rating().0 + length_bonus(chain.len())),
        };
        // Sudoku Explainer's chains have no grouped nodes; Sukaku Explainer weighs a chain of
        // strong links with a grouped one 0.3 more, and so does the rater any chain with one.
        if chain.iter().any(|&c| c >= graph.singles) {
            step.rating = SeRating(step.rating.0 + GROUPED_BONUS);
        }
        let cells: Vec<usize> = chain.iter().flat_map(|&c| graph.cells(c).iter().copied()).collect();
        let graph = &graph;
        let cands: Vec<(usize, u8)> =
            chain.iter().flat_map(|&c| graph.cells(c).iter().map(move |&k| (k, graph.digit[c]))).collect();
        Some(
            step.with_cells(cells.iter().map(|&k| self.cell(k)))
                .with_candidates(cands.iter().map(|&(k, d)| self.candidate(k, d))),
        )
    }

    /// "(5)r1c2" or, for a group, "(5)r1c23" / "(5)r12c3" / "(5){r1c2,r2c3}".
    fn node_text(&self, graph: &Graph, node: usize) -> String {
        let d = graph.digit[node];
        let cs: Vec<_> = graph.cells(node).iter().map(|&k| self.cell(k)).collect();
        let place = if cs.len() == 1 {
            cs[0].to_string()
        } else if cs.iter().all(|c| c.row == cs[0].row) {
            format!("r{}c{}", cs[0].row + 1, cs.iter().map(|c| (c.col + 1).to_string()).collect::<String>())
        } else if cs.iter().all(|c| c.col == cs[0].col) {
            format!("r{}c{}", cs.iter().map(|c| (c.row + 1).to_string()).collect::<String>(), cs[0].col + 1)
        } else {
            format!("{{{}}}", cs.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(","))
        };
        format!("({d}){place}")
    }

    /// "(5)r1c2 = (5)r1c7 − (5)r4c7 = (5)r4c3".
    fn chain_notation(&self, graph: &Graph, chain: &[usize]) -> String {
        let mut out = self.node_text(graph, chain[0]);
        for (i, &c) in chain.iter().enumerate().skip(1) {
            out.push_str(if i % 2 == 1 { " = " } else { " − " });
            out.push_str(&self.node_text(graph, c));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::Logic;
    use super::{length_bonus, shortest_loop_within, Kind};
    use sudoku_ip_formats as formats;
    use sudoku_ip_model::Model;

    #[test]
    fn one_start_at_a_time_finds_the_chain_the_searches_together_find() {
        // top1465 line 1, along its path: at every position the two ways to search give the
        // same shortest chain, a loop from a candidate true back to it false.
        let line = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let puzzle = formats::parse_puzzle(line, &formats::ParseOptions::default()).expect("puzzle");
        let mut logic = Logic::new(&Model::build(&puzzle), true);
        let mut chains = 0;
        while let Some(step) = logic.next_step() {
            let graph = logic.graph(Kind::Any);
            let together = shortest_loop_within(&graph, usize::MAX);
            assert_eq!(together, shortest_loop_within(&graph, 0));
            if let Some(path) = together {
                assert_eq!((path[0], path[path.len() - 1]), (path[0], path[0] - 1));
                chains += 1;
            }
            logic.take(&step);
        }
        assert!(chains > 10, "{chains}");
    }

    #[test]
    fn grouped_nodes_lie_where_a_box_crosses_a_line() {
        // Plain 9x9: per digit, each of 9 rows and 9 columns crosses 3 boxes in 3 cells; rows
        // and columns share one cell, boxes none.
        let puzzle = formats::parse_puzzle(&".".repeat(81), &formats::ParseOptions::default()).expect("puzzle");
        let logic = Logic::new(&Model::build(&puzzle), true);
        let pairs = logic.unit_crossings();
        assert_eq!(pairs.len(), 9 * (9 + 9) * 3);
        for &(a, b) in &pairs {
            let (a, b) = (&logic.units[a as usize], &logic.units[b as usize]);
            assert_eq!(a.digit, b.digit);
            assert_eq!(a.cells.iter().filter(|k| b.cells.contains(k)).count(), 3);
        }
        assert!(pairs.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn length_bonus_follows_se_thresholds() {
        let bonus: Vec<u16> = [4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 24, 25].iter().map(|&l| length_bonus(l)).collect();
        assert_eq!(bonus, [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]);
    }
}

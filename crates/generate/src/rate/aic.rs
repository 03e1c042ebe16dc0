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

use std::collections::HashMap;

use super::step::Step;
use super::{bit, digits, Logic, SeRating, Technique};

/// Which links a chain may use.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// One digit, strong links from units only.
    X,
    /// Bivalue cells with the same two digits, strong inside the cells.
    Remote,
    /// Bivalue cells, strong inside the cells, weak between cells on one digit.
    Xy,
    /// Everything, grouped nodes included.
    Any,
}

struct Graph {
    /// Per node: its digit and cells (more than one: a grouped node).
    nodes: Vec<(u8, Vec<usize>)>,
    weak: Vec<Vec<usize>>,
    strong: Vec<Vec<usize>>,
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

impl Logic {
    pub(super) fn x_chain(&mut self) -> Option<Step> {
        self.chain(Kind::X, Technique::XChain)
    }

    pub(super) fn remote_pair(&mut self) -> Option<Step> {
        self.chain(Kind::Remote, Technique::RemotePair)
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
        let mut nodes: Vec<(u8, Vec<usize>)> = Vec::new();
        // Single candidates by variable (cell * n + digit − 1); groups by digit and cells.
        let mut single = vec![usize::MAX; self.cand.len() * n];
        let mut groups: HashMap<(u8, Vec<usize>), usize> = HashMap::new();
        for k in 0..self.cand.len() {
            if self.value[k] != 0 || (matches!(kind, Kind::Remote | Kind::Xy) && !bivalue(k)) {
                continue;
            }
            for d in digits(self.cand[k]) {
                single[self.var(k, d)] = nodes.len();
                nodes.push((d, vec![k]));
            }
        }
        let sid = |k: usize, d: u8| Some(single[k * n + d as usize - 1]).filter(|&i| i != usize::MAX);
        let singles = nodes.len();
        // Grouped nodes: a digit's open cells in the intersection of two exactly-once units.
        if kind == Kind::Any {
            for (u1, a) in self.units.iter().enumerate() {
                if !a.exact || self.done[u1] {
                    continue;
                }
                for (u2, b) in self.units.iter().enumerate().skip(u1 + 1) {
                    if !b.exact || self.done[u2] || b.digit != a.digit {
                        continue;
                    }
                    let d = a.digit;
                    let common: Vec<usize> = a
                        .cells
                        .iter()
                        .map(|&k| k as usize)
                        .filter(|&k| open(k, d) && b.cells.contains(&(k as u32)))
                        .collect();
                    if common.len() >= 2 && !groups.contains_key(&(d, common.clone())) {
                        groups.insert((d, common.clone()), nodes.len());
                        nodes.push((d, common));
                    }
                }
            }
        }
        // The node of a digit in these cells, single or grouped.
        let node_of = |d: u8, cells: &[usize]| match cells {
            [] => None,
            [k] => sid(*k, d),
            _ => groups.get(&(d, cells.to_vec())).copied(),
        };
        let mut by_digit: Vec<Vec<usize>> = vec![Vec::new(); n + 1];
        for (i, (d, _)) in nodes.iter().enumerate() {
            by_digit[*d as usize].push(i);
        }
        let mut weak = vec![Vec::new(); nodes.len()];
        let mut strong = vec![Vec::new(); nodes.len()];
        // Weak links between single candidates.
        for a in 0..singles {
            let (da, ref ca) = nodes[a];
            let ka = ca[0];
            let mut out = Vec::new();
            if matches!(kind, Kind::Any) {
                for d in digits(self.cand[ka] & !bit(da)) {
                    out.extend(sid(ka, d));
                }
                for &q in &self.cliques_of[self.var(ka, da)] {
                    for &w in &self.cliques[q as usize] {
                        let (k, d) = (w as usize / n, (w as usize % n) as u8 + 1);
                        if k != ka || d != da {
                            out.extend(sid(k, d));
                        }
                    }
                }
            }
            for &u in &self.units_of[self.var(ka, da)] {
                for &k in &self.units[u as usize].cells {
                    let k = k as usize;
                    if k == ka || !open(k, da) {
                        continue;
                    }
                    if kind == Kind::Remote && self.cand[k] != self.cand[ka] {
                        continue;
                    }
                    out.extend(sid(k, da));
                }
            }
            out.sort_unstable();
            out.dedup();
            weak[a] = out;
        }
        // Weak links of grouped nodes: to the cells of the digit that see all of the group,
        // and to other groups all of whose cells do.
        for g in singles..nodes.len() {
            let (d, ref cells) = nodes[g];
            for &other in &by_digit[d as usize] {
                let oc = &nodes[other].1;
                if other == g || oc.iter().any(|k| cells.contains(k)) {
                    continue;
                }
                if oc.iter().all(|&x| cells.iter().all(|&y| self.sees(x, y, d))) {
                    weak[g].push(other);
                    if other < singles {
                        weak[other].push(g);
                    }
                }
            }
        }
        // Strong links: what is left of an exactly-once unit, split in two nodes.
        if kind != Kind::Remote && kind != Kind::Xy {
            for (u, unit) in self.units.iter().enumerate() {
                if !unit.exact || self.done[u] {
                    continue;
                }
                let d = unit.digit;
                let left: Vec<usize> = unit.cells.iter().map(|&k| k as usize).filter(|&k| open(k, d)).collect();
                if left.len() < 2 {
                    continue;
                }
                for &a in &by_digit[d as usize] {
                    let cells = &nodes[a].1;
                    if !cells.iter().all(|k| left.contains(k)) {
                        continue;
                    }
                    let rest: Vec<usize> = left.iter().copied().filter(|k| !cells.contains(k)).collect();
                    if let Some(b) = node_of(d, &rest) {
                        strong[a].push(b);
                    }
                }
            }
        }
        if kind != Kind::X {
            for k in 0..self.cand.len() {
                if !bivalue(k) {
                    continue;
                }
                let ds: Vec<u8> = digits(self.cand[k]).collect();
                if let (Some(a), Some(b)) = (sid(k, ds[0]), sid(k, ds[1])) {
                    strong[a].push(b);
                    strong[b].push(a);
                }
            }
        }
        if kind == Kind::Any {
            for (q, row) in self.cliques.iter().enumerate() {
                if !self.clique_exact[q] {
                    continue;
                }
                let left: Vec<usize> = row
                    .iter()
                    .map(|&w| w as usize)
                    .filter(|&w| open(w / n, (w % n) as u8 + 1))
                    .filter_map(|w| sid(w / n, (w % n) as u8 + 1))
                    .collect();
                if let [a, b] = left[..] {
                    strong[a].push(b);
                    strong[b].push(a);
                }
            }
        }
        for list in weak.iter_mut().chain(strong.iter_mut()) {
            list.sort_unstable();
            list.dedup();
        }
        Graph { nodes, weak, strong }
    }

    /// The shortest chain of `kind` that removes a candidate, as a step.
    fn chain(&mut self, kind: Kind, technique: Technique) -> Option<Step> {
        let graph = self.graph(kind);
        let singles = graph.nodes.iter().take_while(|(_, c)| c.len() == 1).count();
        let states = graph.nodes.len() * 2;
        let mut best: Option<Vec<usize>> = None;
        let mut parent = vec![usize::MAX; states];
        let mut seen = vec![u32::MAX; states];
        // Breadth-first levels, reused from start to start.
        let (mut frontier, mut next) = (Vec::new(), Vec::new());
        for x in 0..singles {
            // States: node * 2 + 1 = node true, node * 2 = node false.
            let start = x * 2 + 1;
            let goal = x * 2;
            let limit = best.as_ref().map_or(usize::MAX, |b| b.len());
            let stamp = x as u32;
            seen[start] = stamp;
            frontier.clear();
            frontier.push(start);
            let mut depth = 0;
            let mut found = false;
            while !frontier.is_empty() && !found && depth + 1 < limit {
                depth += 1;
                next.clear();
                for &s in &frontier {
                    let (node, on) = (s / 2, s % 2 == 1);
                    let targets = if on { &graph.weak[node] } else { &graph.strong[node] };
                    for &t in targets {
                        let state = t * 2 + usize::from(!on);
                        if seen[state] == stamp {
                            continue;
                        }
                        seen[state] = stamp;
                        parent[state] = s;
                        if state == goal {
                            found = true;
                            break;
                        }
                        next.push(state);
                    }
                    if found {
                        break;
                    }
                }
                std::mem::swap(&mut frontier, &mut next);
            }
            if found {
                let mut path = vec![goal];
                let mut s = goal;
                while s != start {
                    s = parent[s];
                    path.push(s);
                }
                path.reverse();
                // X true, N1 false, …, Nk true, X false.
                if path.len() >= 4 && best.as_ref().is_none_or(|b| path.len() < b.len()) {
                    best = Some(path);
                }
            }
        }
        let path = best?;
        let chain: Vec<usize> = path[1..path.len() - 1].iter().map(|s| s / 2).collect();
        let (first, last) = (chain[0], chain[chain.len() - 1]);
        let in_chain = |k: usize, d: u8| chain.iter().any(|&c| graph.nodes[c].0 == d && graph.nodes[c].1.contains(&k));
        let end_sees = |end: usize, k: usize, d: u8| {
            let (de, ref ce) = graph.nodes[end];
            ce.iter().all(|&c| self.excludes((k, d), (c, de)))
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
            Technique::RemotePair => "Remote pair",
            Technique::XyChain => "XY-chain",
            _ => "Alternating inference chain",
        };
        let ends = format!("{} or {} is true", self.node_text(&graph, first), self.node_text(&graph, last));
        let text = |_: &Self| format!("{kind_name} {notation} (= strong, − weak link): {ends}");
        let mut step = self.removal_step(Some(removed), technique, text)?;
        step.rating = SeRating(technique.se_rating().0 + length_bonus(chain.len()));
        let cells: Vec<usize> = chain.iter().flat_map(|&c| graph.nodes[c].1.iter().copied()).collect();
        let nodes = &graph.nodes;
        let cands: Vec<(usize, u8)> =
            chain.iter().flat_map(|&c| nodes[c].1.iter().map(move |&k| (k, nodes[c].0))).collect();
        Some(
            step.with_cells(cells.iter().map(|&k| self.cell(k)))
                .with_candidates(cands.iter().map(|&(k, d)| self.candidate(k, d))),
        )
    }

    /// "(5)r1c2" or, for a group, "(5)r1c23" / "(5)r12c3" / "(5){r1c2,r2c3}".
    fn node_text(&self, graph: &Graph, node: usize) -> String {
        let (d, ref cells) = graph.nodes[node];
        let cs: Vec<_> = cells.iter().map(|&k| self.cell(k)).collect();
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
    use super::length_bonus;

    #[test]
    fn length_bonus_follows_se_thresholds() {
        let bonus: Vec<u16> = [4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 24, 25].iter().map(|&l| length_bonus(l)).collect();
        assert_eq!(bonus, [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]);
    }
}

//! Remote pairs: cells that hold only the same two digits {x,y}, each seeing the next, alternate
//! x and y along their chain, so two of them an odd number of links apart hold different
//! digits of the pair: a cell that sees both holds neither (SE finds them as forcing
//! XY-chains, 6.6).

use super::step::{cell_list, Step};
use super::{bit, digits, Logic, Technique};

/// A remote pair's chain (its cells, end to end) and the candidates it removes.
type Found = (Vec<usize>, Vec<(usize, u8)>);

impl Logic {
    /// The easiest remote pair: the shortest chain (at least four cells) between two cells of
    /// opposite parity that some other cell sees both of.
    pub(super) fn remote_pair(&mut self) -> Option<Step> {
        let cells = self.cand.len();
        let bivalue: Vec<usize> =
            (0..cells).filter(|&k| self.value[k] == 0 && self.cand[k].count_ones() == 2).collect();
        // Every pair of digits with at least four cells holding only it.
        let mut pairs: Vec<u64> = bivalue.iter().map(|&k| self.cand[k]).collect();
        pairs.sort_unstable();
        pairs.dedup();
        // The shortest chain found so far and what it removes.
        let mut best: Option<Found> = None;
        for pair in pairs {
            let members: Vec<usize> = bivalue.iter().copied().filter(|&k| self.cand[k] == pair).collect();
            if members.len() < 4 {
                continue;
            }
            let (x, y) = {
                let mut ds = digits(pair);
                (ds.next()?, ds.next()?)
            };
            // Two members are linked when they see each other for both digits.
            let linked = |a: usize, b: usize| self.sees(a, b, x) && self.sees(a, b, y);
            for (i, &start) in members.iter().enumerate() {
                // Breadth first from `start`: each member's distance and the member before it.
                let mut dist = vec![usize::MAX; members.len()];
                let mut prev = vec![usize::MAX; members.len()];
                dist[i] = 0;
                let mut queue = std::collections::VecDeque::from([i]);
                while let Some(a) = queue.pop_front() {
                    for b in 0..members.len() {
                        if dist[b] == usize::MAX && linked(members[a], members[b]) {
                            dist[b] = dist[a] + 1;
                            prev[b] = a;
                            queue.push_back(b);
                        }
                    }
                }
                for (j, &end) in members.iter().enumerate() {
                    // An odd distance of at least 3 links: four cells or more, ends of opposite
                    // digits (one link is a naked pair).
                    if j <= i || dist[j] == usize::MAX || dist[j] < 3 || dist[j] % 2 == 0 {
                        continue;
                    }
                    let removed: Vec<(usize, u8)> = (0..cells)
                        .filter(|&k| self.value[k] == 0 && k != start && k != end && self.cand[k] & pair != 0)
                        .filter(|&k| [x, y].iter().all(|&d| self.sees(k, start, d) && self.sees(k, end, d)))
                        .flat_map(|k| digits(self.cand[k] & pair).map(move |d| (k, d)))
                        .collect();
                    if removed.is_empty() {
                        continue;
                    }
                    let mut chain = vec![end];
                    let mut at = j;
                    while prev[at] != usize::MAX {
                        at = prev[at];
                        chain.push(members[at]);
                    }
                    chain.reverse();
                    if best.as_ref().is_none_or(|(c, _)| chain.len() < c.len()) {
                        best = Some((chain, removed));
                    }
                }
            }
        }
        let (chain, removed) = best?;
        let pair = self.cand[chain[0]];
        let (start, end) = (chain[0], chain[chain.len() - 1]);
        let text = |s: &Self| {
            let ds: Vec<String> = digits(pair).map(|d| d.to_string()).collect();
            format!(
                "Remote pair: {} hold only {{{}}} and each sees the next, so {} and {} hold different digits of the \
                 pair",
                cell_list(chain.iter().map(|&k| s.cell(k))),
                ds.join(","),
                s.cell(start),
                s.cell(end)
            )
        };
        let step = self.removal_step(Some(removed), Technique::RemotePair, text)?;
        Some(step.with_cells(chain.iter().map(|&k| self.cell(k))).with_candidates(
            chain.iter().flat_map(|&k| digits(pair).map(move |d| (k, d))).map(|(k, d)| {
                debug_assert!(self.cand[k] & bit(d) != 0);
                self.candidate(k, d)
            }),
        ))
    }
}

#[cfg(test)]
mod tests {
    use sudoku_ip_formats as formats;
    use sudoku_ip_model::{Cell, Model};

    use super::super::{Logic, Technique};

    #[test]
    fn a_remote_pair_clears_both_digits_from_cells_seeing_its_two_ends() {
        // r1c1, r1c5, r5c5 and r5c8 hold only {2,3}, each seeing the next: the ends hold
        // different digits, so r1c8 and r5c1, which see both ends, hold neither.
        let puzzle = formats::parse_puzzle(&".".repeat(81), &formats::ParseOptions::default()).expect("puzzle");
        let mut logic = Logic::new(&Model::build(&puzzle), true);
        for c in ["r1c1", "r1c5", "r5c5", "r5c8"] {
            logic.cand[Cell::parse(c, 9).expect("cell").index(9)] = 0b110;
        }
        let step = logic.remote_pair().expect("a remote pair");
        assert_eq!(step.technique, Technique::RemotePair);
        let removed: Vec<String> = step.eliminations.iter().map(|c| format!("{}={}", c.cell, c.digit)).collect();
        assert_eq!(removed, ["r1c8=2", "r1c8=3", "r5c1=2", "r5c1=3"], "{}", step.text);
        assert_eq!(
            step.text,
            "Remote pair: r1c1, r1c5, r5c5 and r5c8 hold only {2,3} and each sees the next, so r1c1 and r5c8 hold \
             different digits of the pair, so r1c8 and r5c1 cannot be 2 or 3"
        );
    }

    #[test]
    fn pairs_of_cells_that_do_not_chain_remove_nothing() {
        // Two naked pairs of {2,3} that see nothing of each other: no chain of four cells.
        let puzzle = formats::parse_puzzle(&".".repeat(81), &formats::ParseOptions::default()).expect("puzzle");
        let mut logic = Logic::new(&Model::build(&puzzle), true);
        for c in ["r1c1", "r1c5", "r6c7", "r6c9"] {
            logic.cand[Cell::parse(c, 9).expect("cell").index(9)] = 0b110;
        }
        assert!(logic.remote_pair().is_none());
    }
}

//! Simple colouring: the strong links of one digit form chains whose cells alternate between
//! two colours, one of which holds the digit. A colour with two cells that see each other is
//! false (colour wrap); a cell that sees both colours cannot hold the digit (colour trap).

use super::step::Step;
use super::{bit, Logic, Technique};

impl Logic {
    /// The clusters of `d`'s strong links, each split in its two colours.
    fn clusters(&self, d: u8) -> Vec<(Vec<usize>, Vec<usize>)> {
        let links = self.strong_links(d);
        // Colour each connected cluster of strong links: 1 and 2; 0 = not coloured yet.
        let mut colour = vec![0u8; self.cand.len()];
        let mut out = Vec::new();
        for &(start, _, _) in &links {
            if colour[start] != 0 {
                continue;
            }
            let mut cluster = vec![start];
            colour[start] = 1;
            let mut i = 0;
            while i < cluster.len() {
                let k = cluster[i];
                i += 1;
                for &(a, b, _) in &links {
                    let other = if a == k {
                        b
                    } else if b == k {
                        a
                    } else {
                        continue;
                    };
                    if colour[other] == 0 {
                        colour[other] = 3 - colour[k];
                        cluster.push(other);
                    }
                }
            }
            let of = |c: u8| -> Vec<usize> { cluster.iter().copied().filter(|&k| colour[k] == c).collect() };
            out.push((of(1), of(2)));
        }
        out
    }

    pub(super) fn simple_colouring(&mut self) -> Option<Step> {
        let cells = self.cand.len();
        for d in self.digits_in_scope() {
            for (one, two) in self.clusters(d) {
                let cluster: Vec<usize> = one.iter().chain(&two).copied().collect();
                let mut colour = vec![0u8; cells];
                for &k in &one {
                    colour[k] = 1;
                }
                for &k in &two {
                    colour[k] = 2;
                }
                if cluster.len() < 4 {
                    continue; // a single link: nothing a turbot fish would not find
                }
                // Colour wrap: a colour that sees itself is false.
                for (same, other) in [(&one, &two), (&two, &one)] {
                    let clash = same
                        .iter()
                        .enumerate()
                        .find_map(|(i, &a)| same[i + 1..].iter().find(|&&b| self.sees(a, b, d)).map(|&b| (a, b)));
                    if let Some((a, b)) = clash {
                        let removed: Vec<(usize, u8)> = same.iter().map(|&k| (k, d)).collect();
                        let text = |s: &Self| {
                            format!(
                                "Simple colouring (colour wrap): the strong links of {d} colour {} cells in two colours; {} and {} have the same colour and see each other, so that colour is false",
                                same.len() + other.len(),
                                s.cell(a),
                                s.cell(b)
                            )
                        };
                        if let Some(step) = self.removal_step(Some(removed), Technique::SimpleColouring, text) {
                            return Some(self.colour_pattern(step, &cluster, d));
                        }
                    }
                }
                // Colour trap: a cell seeing both colours.
                let removed: Vec<(usize, u8)> = (0..cells)
                    .filter(|&k| colour[k] == 0 && self.cand[k] & bit(d) != 0)
                    .filter(|&k| one.iter().any(|&a| self.sees(k, a, d)) && two.iter().any(|&b| self.sees(k, b, d)))
                    .map(|k| (k, d))
                    .collect();
                let text = |_: &Self| {
                    format!(
                        "Simple colouring (colour trap): the strong links of {d} colour {} cells in two colours, one of which holds {d}; a cell that sees both colours cannot",
                        cluster.len()
                    )
                };
                if let Some(step) = self.removal_step(Some(removed), Technique::SimpleColouring, text) {
                    return Some(self.colour_pattern(step, &cluster, d));
                }
            }
        }
        None
    }

    fn colour_pattern(&self, step: Step, cluster: &[usize], d: u8) -> Step {
        step.with_cells(cluster.iter().map(|&k| self.cell(k)))
            .with_candidates(cluster.iter().map(|&k| self.candidate(k, d)))
    }

    /// Multi-colouring: two clusters of `d`'s strong links, colours (a, b) and (c, e). If a
    /// cell of a sees a cell of c, a and c are not both true, so b or e is: a cell seeing both
    /// b and e loses `d` (colour wing). If a sees both c and e, a is false (colour wrap).
    pub(super) fn multi_colouring(&mut self) -> Option<Step> {
        for d in self.digits_in_scope() {
            let clusters = self.clusters(d);
            let sees_any = |s: &Self, x: &[usize], y: &[usize]| x.iter().any(|&a| y.iter().any(|&b| s.sees(a, b, d)));
            for (i, p) in clusters.iter().enumerate() {
                for q in clusters.iter().skip(i + 1) {
                    let colours = [(&p.0, &p.1), (&p.1, &p.0)];
                    for (a, b) in colours {
                        for (c, e) in [(&q.0, &q.1), (&q.1, &q.0)] {
                            if !sees_any(self, a, c) {
                                continue;
                            }
                            let all: Vec<usize> = p.0.iter().chain(&p.1).chain(&q.0).chain(&q.1).copied().collect();
                            let (removed, wrap) = if sees_any(self, a, e) {
                                (a.iter().map(|&k| (k, d)).collect::<Vec<_>>(), true)
                            } else {
                                let removed = (0..self.cand.len())
                                    .filter(|k| !all.contains(k) && self.cand[*k] & bit(d) != 0)
                                    .filter(|&k| sees_any(self, &[k], b) && sees_any(self, &[k], e))
                                    .map(|k| (k, d))
                                    .collect();
                                (removed, false)
                            };
                            let text = |s: &Self| {
                                let name = |v: &[usize]| super::step::cell_list(v.iter().map(|&k| s.cell(k)));
                                if wrap {
                                    format!(
                                        "Multi-colouring (colour wrap): the strong links of {d} colour {{{}}} against {{{}}}, and {{{}}} against {{{}}}; the colour {{{}}} sees both colours of the other cluster, so it is false",
                                        name(a), name(b), name(c), name(e), name(a)
                                    )
                                } else {
                                    format!(
                                        "Multi-colouring (colour wing): the strong links of {d} colour {{{}}} against {{{}}}, and {{{}}} against {{{}}}; {{{}}} and {{{}}} see each other, so {d} is in {{{}}} or {{{}}}",
                                        name(a), name(b), name(c), name(e), name(a), name(c), name(b), name(e)
                                    )
                                }
                            };
                            if let Some(step) = self.removal_step(Some(removed), Technique::MultiColouring, text) {
                                return Some(self.colour_pattern(step, &all, d));
                            }
                        }
                    }
                }
            }
        }
        None
    }
}

//! Simple colouring: the strong links of one digit form chains whose cells alternate between
//! two colours, one of which holds the digit. A colour with two cells that see each other is
//! false (colour wrap); a cell that sees both colours cannot hold the digit (colour trap).

use super::step::Step;
use super::{bit, Logic, Technique};

impl Logic {
    pub(super) fn simple_colouring(&mut self) -> Option<Step> {
        let cells = self.cand.len();
        for d in 1..=self.n as u8 {
            let links = self.strong_links(d);
            // Colour each connected cluster of strong links: 1 and 2; 0 = not coloured yet.
            let mut colour = vec![0u8; cells];
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
                if cluster.len() < 4 {
                    continue; // a single link: nothing a turbot fish would not find
                }
                let of = |c: u8| -> Vec<usize> { cluster.iter().copied().filter(|&k| colour[k] == c).collect() };
                let (one, two) = (of(1), of(2));
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
}

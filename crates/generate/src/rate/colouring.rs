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
                                "Simple colouring (colour wrap): the strong links of {d} colour {{{}}} against {{{}}}; {} and {} have the same colour and see each other, so that colour is false",
                                s.cells_text(same),
                                s.cells_text(other),
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
                let text = |s: &Self| {
                    format!(
                        "Simple colouring (colour trap): the strong links of {d} colour {{{}}} against {{{}}}, one of which holds {d}; a cell that sees both colours cannot",
                        s.cells_text(&one),
                        s.cells_text(&two)
                    )
                };
                if let Some(step) = self.removal_step(Some(removed), Technique::SimpleColouring, text) {
                    return Some(self.colour_pattern(step, &cluster, d));
                }
            }
        }
        None
    }

    /// "r1c1, r7c3 and r9c9", in reading order.
    fn cells_text(&self, cells: &[usize]) -> String {
        let mut sorted = cells.to_vec();
        sorted.sort_unstable();
        super::step::cell_list(sorted.iter().map(|&k| self.cell(k)))
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

#[cfg(test)]
mod tests {
    use sudoku_ip_formats as formats;
    use sudoku_ip_model::{Cell, Model};

    use super::super::{bit, Logic, Technique};

    /// An empty 9x9 grid whose cells hold every digit but `d`, and `d` only in `cells`.
    fn position(d: u8, cells: &[&str]) -> Logic {
        let puzzle = formats::parse_puzzle(&".".repeat(81), &formats::ParseOptions::default()).expect("puzzle");
        let mut logic = Logic::new(&Model::build(&puzzle), true);
        for k in 0..81 {
            logic.cand[k] = 0x1ff & !bit(d);
        }
        for c in cells {
            logic.cand[Cell::parse(c, 9).expect("cell").index(9)] |= bit(d);
        }
        logic
    }

    fn removed(step: &super::super::Step) -> Vec<String> {
        step.eliminations.iter().map(|c| format!("{}={}", c.cell, c.digit)).collect()
    }

    #[test]
    fn a_cell_seeing_both_colours_loses_the_digit() {
        // 1 in box 1 at r1c1 and r2c3 only, in column 3 at r2c3 and r7c3, in row 7 at r7c3
        // and r7c8: one chain, r1c1 and r7c3 against r2c3 and r7c8; r1c8 sees r1c1 and r7c8.
        let mut logic = position(1, &["r1c1", "r2c3", "r7c3", "r7c8", "r1c8", "r1c5", "r4c8"]);
        let step = logic.simple_colouring().expect("a colour trap");
        assert_eq!(step.technique, Technique::SimpleColouring);
        assert_eq!(removed(&step), ["r1c8=1"]);
        assert_eq!(
            step.text,
            "Simple colouring (colour trap): the strong links of 1 colour {r1c1 and r7c3} against {r2c3 and r7c8}, \
             one of which holds 1; a cell that sees both colours cannot, so r1c8 cannot be 1"
        );
    }

    #[test]
    fn a_colour_that_sees_itself_is_false() {
        // Row 1, column 5, row 5 and column 2 link r1c1, r1c5, r5c5, r5c2 and r2c2; box 1 holds
        // a third 1 (r3c3), so r1c1 and r2c2 are not linked, yet see each other.
        let mut logic = position(1, &["r1c1", "r1c5", "r5c5", "r5c2", "r2c2", "r3c3"]);
        let step = logic.simple_colouring().expect("a colour wrap");
        assert_eq!(removed(&step), ["r1c1=1", "r2c2=1", "r5c5=1"]);
        assert_eq!(
            step.text,
            "Simple colouring (colour wrap): the strong links of 1 colour {r1c1, r2c2 and r5c5} against {r1c5 and \
             r5c2}; r1c1 and r2c2 have the same colour and see each other, so that colour is false, so r1c1, r2c2 \
             and r5c5 cannot be 1"
        );
    }

    #[test]
    fn two_clusters_whose_colours_see_each_other_make_a_colour_wing() {
        // Row 1 links r1c1 and r1c5, column 2 links r2c2 and r8c2; r1c1 sees r2c2 (box 1, which
        // holds a third 1 at r3c3), so r1c5 or r8c2 holds 1, and r8c5 sees both.
        let mut logic = position(1, &["r1c1", "r1c5", "r2c2", "r8c2", "r3c3", "r8c5", "r8c9", "r5c5"]);
        assert!(logic.simple_colouring().is_none(), "two links alone are no simple colouring");
        let step = logic.multi_colouring().expect("a colour wing");
        assert_eq!(step.technique, Technique::MultiColouring);
        assert_eq!(removed(&step), ["r8c5=1"]);
        assert_eq!(
            step.text,
            "Multi-colouring (colour wing): the strong links of 1 colour {r1c1} against {r1c5}, and {r2c2} against \
             {r8c2}; {r1c1} and {r2c2} see each other, so 1 is in {r1c5} or {r8c2}, so r8c5 cannot be 1"
        );
    }
}

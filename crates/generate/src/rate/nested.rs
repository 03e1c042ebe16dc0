//! Nested forcing chains, Sudoku Explainer's levels above "dynamic forcing chains plus": a
//! forcing chain or net (an assumption, propagated to a contradiction, or every branch of a
//! cell or a unit's digit agreeing) whose propagation, when singles, the rows and locked
//! candidates stall, applies an inner technique to the position the assumption has reached and
//! goes on with what it removes. SE's chaining rule at nesting level k weighs 8.5 + 0.5 k
//! and uses inside: level 2 (9.5) its static forcing chains, level 3 (10.0) static multiple
//! (cell and region) forcing chains too, level 4 (10.5) dynamic forcing chains, and "plus"
//! ones (SE still weighs those 10.5). The rater's forcing chains and nets are all dynamic
//! (`forcing.rs`: each propagation works on the grid its assumption left), so its rows are
//! weighed by the SE level that uses dynamic chains inside:
//!
//! | row                            | inner technique (inside the assumption)               | SE   |
//! |--------------------------------|-------------------------------------------------------|------|
//! | nested forcing chain           | dynamic forcing chains: a contradiction by singles and rows | 10.0 |
//! | nested multiple forcing chain  | and dynamic forcing nets (cell and unit branches)     | 10.5 |
//! | nested dynamic forcing chain   | chains and nets that also take locked candidates ("plus") | 10.5 |
//!
//! SE's level 2 (9.5, static chains inside) has no row: the rater has no static chains to
//! nest. The inner technique itself never nests (SE's deeper levels, with a dynamic chain
//! inside a dynamic chain inside another, are not tried: a puzzle they would need still needs
//! search).
//!
//! A step's weight is its level's base plus SE's length bonus over every node, the inner
//! chains' nodes included (SE's "nested complexity"). Its text shows the outer chain, every
//! node, and each removal an inner chain or net made, in brackets, with that inner chain's own
//! nodes and the outer nodes it relied on left implicit (they are earlier in the outer chain).
//!
//! Cost: the inner technique runs at every stall of every outer propagation, so a level is
//! tried only when the cheaper ones (and every plain technique) found nothing, only on grids
//! up to 9×9 (see [`MAX_SIZE`]; on a variant's model within a budget of work, [`VARIANT_BUDGET`]), and the
//! cancel token is read at every stall (`--time-limit` stops a long search).

use super::forcing::{InnerProof, Trace};
use super::step::Step;
use super::{bit, digits, Logic, SeRating, Technique};

/// The inner technique of a nested chain (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Inner {
    /// Forcing chains (contradictions by singles and rows).
    Chains,
    /// Forcing chains and nets.
    Nets,
    /// Forcing chains and nets that also take locked candidates.
    PlusNets,
}

impl Inner {
    /// SE's base weight of the nested chains with this inner technique (its row's), in tenths.
    fn base(self) -> u16 {
        self.technique().se_rating().0
    }

    fn technique(self) -> Technique {
        match self {
            Inner::Chains => Technique::NestedForcingChain,
            Inner::Nets => Technique::NestedMultipleChain,
            Inner::PlusNets => Technique::NestedDynamicChain,
        }
    }
}

/// Nested chains run on grids up to 9×9: the inner technique runs at every stall of every
/// outer assumption, and a 16×16 has three times the candidates. With a variant's rows to work
/// out at each (sums, thermometers, non-consecutive pairs) they run within [`VARIANT_BUDGET`]
/// (without one, `examples/non-consecutive.json` did not finish rating in 20 s).
const MAX_SIZE: usize = 16;

/// On a variant's model (rows beyond units and cliques), how much work the inner technique
/// may do to find the next nested step: past it nested chains are given up and the puzzle is
/// left to search. Work is counted, not timed, so a puzzle rates the same on every machine:
/// each assumption the inner technique tests counts 30 plus the rows and cliques its
/// propagation walks (measured: 15–25 µs an assumption on a killer of 17 rows, 1 ms on a
/// skyscraper puzzle of 2,005). A pair clue's rows are not walked: its table reads them (17 µs
/// an assumption on `examples/non-consecutive.json`, whose 1,152 rows counted 2,334 before).
/// The budget is a few seconds of one core.
const VARIANT_BUDGET: u64 = 8_000_000;

/// The same over the whole rating: a puzzle that keeps finding nested steps goes on to five
/// budgets (`triple-digits` in `benches/variants` needs 16 nested steps and about 8 s; with one
/// budget in all it was left to search after 4).
const VARIANT_TOTAL: u64 = 5 * VARIANT_BUDGET;

/// What an inner technique found in a position: candidates whose assumption contradicts, or
/// one net (its branches, what it is, the candidates no branch keeps).
enum Found {
    Chains(Vec<(usize, u8)>),
    Net { branches: Vec<(usize, u8)>, what: String, removed: Vec<(usize, u8)> },
}

impl Logic {
    /// The nested forcing chain or net with inner technique `inner` (its row of the table): an
    /// outer chain first, a net if none, as the plain and "plus" levels do.
    pub(super) fn nested_chain(&mut self, inner: Inner) -> Option<Step> {
        if self.n > MAX_SIZE || self.nested_spent {
            return None;
        }
        let (plus, nested) = (self.plus, self.nested);
        self.inner_root = self.inner_reach(inner);
        self.plus = true;
        self.nested = Some(inner);
        let found = self.forcing_chain().or_else(|| self.forcing_net());
        self.plus = plus;
        self.nested = nested;
        self.inner_root = None;
        if self.stopped.is_some() || self.nested_spent {
            return None;
        }
        let mut step = found?;
        self.nested_mark = self.nested_work;
        step.technique = inner.technique();
        step.rating = SeRating(step.rating.0 - Technique::ForcingChain.se_rating().0 + inner.base());
        // "Nested dynamic forcing chain: if …", "Nested dynamic forcing net: whichever …".
        let name = inner.technique().name();
        for (plain, kind) in [("Forcing chain:", "chain"), ("Forcing net:", "net")] {
            if let Some(rest) = step.text.strip_prefix(plain) {
                let own = name.replace("chain", kind).replacen('n', "N", 1);
                step.text = format!("{own}:{rest}");
            }
        }
        Some(step)
    }

    /// With singles, rows and locked candidates stalled inside a nested chain: the inner
    /// technique on the position reached removes what it can, traced (each removal's proof
    /// kept for the step's text); whether it removed any. The cancel token is read first: once
    /// it says stop, nothing more is inferred and `stopped` says why.
    pub(super) fn propagate_inner(&mut self, trace: &mut Option<&mut Trace>) -> bool {
        let Some(inner) = self.nested else { return false };
        if self.stopped.is_some() {
            return false;
        }
        if self.cancel.should_stop() {
            self.stopped = self.cancel.stop_reason().or(Some("stopped".into()));
            return false;
        }
        if (!self.rows.is_empty() || self.n > 9)
            && (self.nested_work - self.nested_mark > VARIANT_BUDGET || self.nested_work > VARIANT_TOTAL)
        {
            self.nested_spent = true;
            return false;
        }
        // The inner technique is a plain (or "plus") chain: it does not nest.
        self.nested = None;
        let plus = std::mem::replace(&mut self.plus, inner == Inner::PlusNets);
        let found = self.inner_find(inner);
        let removals = match (&found, trace.as_deref_mut()) {
            (None, _) => Vec::new(),
            (Some(found), None) => found.removed().to_vec(),
            (Some(found), Some(t)) => self.inner_proofs(found, t),
        };
        self.plus = plus;
        self.nested = Some(inner);
        for &(k, d) in &removals {
            self.cand[k] &= !bit(d);
        }
        !removals.is_empty()
    }

    /// The inner technique's finding in the current position: every candidate whose
    /// assumption contradicts, or else (nets) the first net that removes something.
    fn inner_find(&mut self, inner: Inner) -> Option<Found> {
        self.with_quick(|l| l.inner_found(inner))
    }

    fn inner_found(&mut self, inner: Inner) -> Option<Found> {
        let open = self.open_candidates();
        self.nested_work += open.len() as u64 * (30 + self.walked_rows) as u64;
        // Candidates whose reach from the nested search's root cannot meet what the outer
        // chain changed are not tried: they do not contradict (`quick::Reach`).
        let root = self.inner_root.take();
        let now = if root.is_some() && self.quick { self.position() } else { Vec::new() };
        let changed = root.as_ref().filter(|_| self.quick).map(|r| r.changes(self, &now));
        // Nor are the digits a candidate tried before placed without a contradiction: they
        // do not contradict either (`Logic::holds_marking`).
        let mut implied = self.no_implied();
        let mut contradicted = Vec::new();
        for (k, d) in open {
            let v = self.var(k, d);
            let apart = root.as_ref().zip(changed.as_ref()).is_some_and(|(r, c)| r.apart(self, v, &now, c));
            if !apart && !self.holds_marking(k, d, &mut implied) {
                contradicted.push((k, d));
            }
        }
        self.inner_root = root;
        if !contradicted.is_empty() {
            return Some(Found::Chains(contradicted));
        }
        if inner == Inner::Chains {
            return None;
        }
        self.inner_net()
    }

    /// The first net of the current position (in the order of the outer nets) that removes a
    /// candidate.
    fn inner_net(&mut self) -> Option<Found> {
        self.nets().into_iter().find_map(|(branches, what)| {
            let removed = self.net_removals(&branches);
            (!removed.is_empty()).then_some(Found::Net { branches, what, removed })
        })
    }

    /// The candidates of open cells outside the branches that no possible branch keeps (none
    /// when no branch is possible: the chains see that contradiction first).
    fn net_removals(&mut self, branches: &[(usize, u8)]) -> Vec<(usize, u8)> {
        let mut kept = vec![0u64; self.cand.len()];
        let mut possible = false;
        for &(k, d) in branches {
            possible |= self.possible(k, d, Some(&mut kept));
        }
        if !possible {
            return Vec::new();
        }
        (0..self.cand.len())
            .filter(|&i| self.value[i] == 0 && branches.iter().all(|&(k, _)| k != i))
            .flat_map(|i| digits(self.cand[i] & !kept[i]).map(move |d| (i, d)))
            .collect()
    }

    /// Each removal of `found` noted in `trace` with its proof (the inner chain or net, run
    /// again traced from the outer chain's events); the removals.
    fn inner_proofs(&mut self, found: &Found, trace: &mut Trace) -> Vec<(usize, u8)> {
        let from = trace.len();
        let mut notes: Vec<(usize, u8, InnerProof, Vec<usize>)> = Vec::new();
        match found {
            Found::Chains(list) => {
                for &(k, d) in list {
                    let mut inner = trace.clone();
                    let Err(why) = self.assume(k, d, &mut inner) else { continue };
                    let all = inner.ancestors(&why.causes);
                    let (outer, events): (Vec<usize>, Vec<usize>) = all.into_iter().partition(|&e| e < from);
                    let chain = self.nodes_text(&inner, &events);
                    let then = if chain.is_empty() { String::new() } else { format!(" {chain}, and") };
                    let text = format!("if {} were {d}, then{then} {}", self.cell(k), why.text);
                    notes.push((k, d, InnerProof { text, nodes: inner.complexity(&events) + 1 }, outer));
                }
            }
            Found::Net { branches, what, removed } => {
                let (shown, nodes, outer) = self.branches_text_from(trace, branches, removed);
                let proof = InnerProof { text: format!("net: {what}: {shown}"), nodes };
                for &(k, d) in removed {
                    notes.push((k, d, proof.clone(), outer.clone()));
                }
            }
        }
        let mut removals = Vec::with_capacity(notes.len());
        let mut last: Option<(String, usize)> = None;
        for (k, d, proof, causes) in notes {
            // A net's removals share one proof.
            let i = match &last {
                Some((text, i)) if *text == proof.text => *i,
                _ => {
                    let text = proof.text.clone();
                    let i = trace.add_proof(proof);
                    last = Some((text, i));
                    i
                }
            };
            trace.note_inner(self.var(k, d), k, d, i, causes);
            removals.push((k, d));
        }
        removals
    }
}

impl Found {
    /// The candidates it removes.
    fn removed(&self) -> &[(usize, u8)] {
        match self {
            Found::Chains(list) => list,
            Found::Net { removed, .. } => removed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Logic, Technique};
    use super::Inner;
    use sudoku_ip_formats as formats;
    use sudoku_ip_model::{Cancel, Model};

    const GOLDEN_NUGGET: &str = "000000039000001005003050800008090006070002000100400000009080050020000600400700000";

    /// The Golden Nugget (SE 11.9) where its path first needs a nested chain.
    fn at_first_nested_step() -> Logic {
        let line = GOLDEN_NUGGET;
        let puzzle = formats::parse_puzzle(line, &formats::ParseOptions::default()).expect("puzzle");
        let mut logic = Logic::new(&Model::build(&puzzle), true);
        while let Some(step) = logic.next_step() {
            if step.technique == Technique::NestedForcingChain {
                return logic;
            }
            logic.take(&step);
        }
        panic!("the path never needed a nested chain");
    }

    #[test]
    fn a_cancelled_token_stops_a_nested_search_from_inside() {
        // next_step reads the token between techniques; a nested search must read it too, as
        // one search can take seconds.
        let mut logic = at_first_nested_step();
        logic.cancel = Cancel::new();
        logic.cancel.cancel();
        assert!(logic.nested_chain(Inner::Chains).is_none());
        assert_eq!(logic.stopped.as_deref(), Some("cancelled"));
        logic.cancel = Cancel::new();
        logic.stopped = None;
        let step = logic.nested_chain(Inner::Chains).expect("a nested step once not cancelled");
        assert!(step.rating >= Technique::NestedForcingChain.se_rating(), "{}", step.rating);
    }

    #[test]
    fn every_level_finds_a_sound_step_where_the_first_is_needed() {
        // The later rows are stronger (their inner technique adds nets, then locked
        // candidates): where the first finds a step they find one too, and it removes no digit of
        // the solution (the `sudoku` crate's, not the rater's engine).
        let solution = sudoku::Sudoku::from_str_line(GOLDEN_NUGGET).expect("a line").solution().expect("solvable");
        let solution = solution.to_bytes().to_vec();
        let mut logic = at_first_nested_step();
        for inner in [Inner::Chains, Inner::Nets, Inner::PlusNets] {
            let step = logic.nested_chain(inner).expect("a step");
            assert_eq!(step.technique, inner.technique());
            assert!(step.rating.0 >= inner.base(), "{} {}", step.rating, step.text);
            assert!(!step.eliminations.is_empty() || !step.placements.is_empty());
            logic.check(&step, &solution).expect("sound");
        }
    }
}

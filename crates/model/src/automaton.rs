//! Line automata: a rule's line read as a word over digits by a deterministic automaton,
//! carried by the [`Model`](crate::Model) beside its rows (Pesant's `regular` constraint).
//!
//! ```text
//!   cells      c_0  c_1  …  c_{L−1}          (the line, in reading order)
//!   states     0 = start, 1 … states−1       next(s, d) ∈ states ∪ {none}
//!   accepts    the digits of the line, read from the start state, end in an accepting state
//! ```
//!
//! An automaton restates what the rule's rows already say about its line: the rows stay in the
//! model for every backend, the LP/MPS export and the checker, and a backend that knows
//! automata (the native engine) propagates it besides them, to domain consistency, by a
//! forward and a backward pass over the states each cell can be reached in. A rule builds
//! one with [`LineAutomaton::from_fn`] from its own state type (skyscrapers: the tallest
//! building so far and how many were seen), through `Emit::automaton`.
//!
//! **Replaced rows.** A rule may name auxiliary variables whose every row the automaton
//! makes redundant (it accepts exactly the lines those rows allow, with some values of those
//! variables), and rows of its own that it makes redundant. A backend that propagates the
//! automaton may then leave out those rows and every row that mentions one of those
//! variables: the grids it finds are the same, and auxiliary values are not part of any
//! answer.

use rustc_hash::FxHashMap;
use std::hash::Hash;

use serde::Serialize;

use crate::geometry::Cell;

/// No transition (the digit kills every path through the state).
pub const NO_STATE: u32 = u32::MAX;

/// A deterministic automaton over the digits `1..=n` of a sequence of cells.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LineAutomaton {
    /// Readable, unique name (`skyscraper3`), for messages.
    pub name: String,
    /// The line, in the order the automaton reads it.
    pub cells: Vec<Cell>,
    /// Digits per cell.
    n: usize,
    /// `next[s·n + d − 1]`: the state after digit `d` from state `s`, or [`NO_STATE`].
    next: Vec<u32>,
    /// Per state: whether a line may end there.
    accepting: Vec<bool>,
    /// Auxiliary variables whose rows the automaton makes redundant (see the module doc).
    pub replaces: Vec<u32>,
    /// Rows (indices into `Model::rows()`) the automaton makes redundant.
    pub replaces_rows: Vec<u32>,
}

/// What an automaton makes redundant, as a rule declares it ([`LineAutomaton::replaces`],
/// [`LineAutomaton::replaces_rows`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Replaces<'a> {
    /// Auxiliary variables all of whose rows it restates.
    pub aux: &'a [u32],
    /// Rows of the rule it restates: those from this index (of the model's rows) on, up to
    /// the automaton's declaration.
    pub rows_from: Option<usize>,
}

impl Replaces<'_> {
    /// Nothing: the automaton only adds propagation.
    pub const NOTHING: Replaces<'static> = Replaces { aux: &[], rows_from: None };
}

impl LineAutomaton {
    /// The automaton over `cells` whose states are the values of `S` reachable from `start`
    /// in at most `cells.len()` digits, `next(s, d)` the state after digit `d` (`None`: no
    /// line goes on that way), `accept(s)` whether a line may end in `s`. `None` when more
    /// than `max_states` states are reachable (too big to be worth propagating).
    pub fn from_fn<S: Clone + Eq + Hash>(
        name: String,
        cells: Vec<Cell>,
        n: usize,
        start: S,
        next: impl Fn(&S, usize) -> Option<S>,
        accept: impl Fn(&S) -> bool,
        max_states: usize,
    ) -> Option<LineAutomaton> {
        let mut index: FxHashMap<S, u32> = FxHashMap::default();
        let mut states = vec![start.clone()];
        index.insert(start, 0);
        let mut table: Vec<u32> = Vec::new();
        // States are numbered in the order they are met, layer by layer, so a state's row of
        // the table is filled when the layer it first appears in is expanded.
        let mut layer = 0..1usize;
        for _ in 0..cells.len() {
            let end = states.len();
            for s in layer.clone() {
                for d in 1..=n {
                    let t = match next(&states[s], d) {
                        None => NO_STATE,
                        Some(t) => match index.get(&t) {
                            Some(&k) => k,
                            None => {
                                if states.len() >= max_states {
                                    return None;
                                }
                                let k = states.len() as u32;
                                index.insert(t.clone(), k);
                                states.push(t);
                                k
                            }
                        },
                    };
                    table.push(t);
                }
            }
            layer = end..states.len();
        }
        // States of the last layer lead nowhere within the line.
        table.resize(states.len() * n, NO_STATE);
        let accepting = states.iter().map(&accept).collect();
        Some(LineAutomaton { name, cells, n, next: table, accepting, replaces: Vec::new(), replaces_rows: Vec::new() })
    }

    /// Digits per cell.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Number of states (state 0 is the start).
    pub fn states(&self) -> usize {
        self.accepting.len()
    }

    /// The state after digit `d` (1-based) from state `s`, or [`NO_STATE`].
    #[inline]
    pub fn next(&self, s: u32, d: usize) -> u32 {
        self.next[s as usize * self.n + d - 1]
    }

    /// Whether a line may end in state `s`.
    pub fn is_accepting(&self, s: u32) -> bool {
        self.accepting[s as usize]
    }

    /// Whether the automaton accepts these digits (1-based, one per cell of the line).
    pub fn accepts(&self, digits: &[usize]) -> bool {
        let mut s = 0u32;
        for &d in digits {
            if !(1..=self.n).contains(&d) {
                return false;
            }
            s = self.next(s, d);
            if s == NO_STATE {
                return false;
            }
        }
        digits.len() == self.cells.len() && self.is_accepting(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "The digits climb": state = last digit.
    fn climbing(len: usize, n: usize) -> LineAutomaton {
        let cells = (0..len).map(|c| Cell::new(0, c)).collect();
        LineAutomaton::from_fn("climb".into(), cells, n, 0usize, |&s, d| (d > s).then_some(d), |_| true, 100)
            .expect("small")
    }

    #[test]
    fn an_automaton_accepts_the_words_its_function_spells() {
        let a = climbing(3, 4);
        assert!(a.accepts(&[1, 2, 4]));
        assert!(a.accepts(&[2, 3, 4]));
        assert!(!a.accepts(&[2, 2, 4]), "not climbing");
        assert!(!a.accepts(&[1, 2]), "too short");
        assert!(!a.accepts(&[1, 2, 5]), "not a digit");
        assert_eq!(a.states(), 5, "start and the digits 1..=4");
    }

    #[test]
    fn too_many_states_give_no_automaton() {
        let cells: Vec<Cell> = (0..4).map(|c| Cell::new(0, c)).collect();
        let sum =
            |max| LineAutomaton::from_fn("sum".into(), cells.clone(), 4, 0usize, |&s, d| Some(s + d), |_| true, max);
        assert!(sum(8).is_none());
        // Sums 0..=16 after at most four digits: 17 states.
        assert_eq!(sum(17).map(|a| a.states()), Some(17));
    }
}

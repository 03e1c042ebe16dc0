//! Nogoods recorded from restarts (Lecoutre, Sais, Tabary, Vidal, "Nogood recording from
//! restarts", IJCAI 2007), for the restarted searches of `search.rs`.
//!
//! When a run is cut off by its budget, its branch is a list of decisions: `x = 1` where the
//! run is still inside that subtree, and `x = 0` where the `x = 1` subtree was searched to the
//! end. For each `x = 0` the positive decisions above it together with `x = 1` hold no
//! solution the search has not already found (a reduced nld-nogood: the negative decisions
//! above it follow from the nogoods of their own refutations), so "not all of them at 1" is a
//! clause every later run may propagate: the restarted search never searches a refuted subtree
//! again. Clauses of one variable are killed at the root of every later run.
//!
//! Counts stay exact because a refuted subtree may only hide grids already found and
//! remembered (`Restarts::seen`): the subtree was searched to the end, and every grid in it was
//! counted then, or dropped as one counted before.
//!
//! ```text
//!  lits  : every clause's variables, back to back    start : where clause c begins (c + 1: ends)
//!  watch : per variable, the clauses watching it     a clause watches its first two variables
//! ```
//!
//! Two watched variables a clause (as in SAT solvers): a clause needs looking at only when one
//! of its two watched variables goes to 1. Then another variable not at 1 takes over the watch;
//! when there is none, the other watched variable must be 0 (or the clause is violated). A
//! variable at 0 satisfies its clause for good on that path, and undoing a path restores the
//! state the watches were chosen in, so backtracking never touches them.

use crate::engine::{Conflict, ConflictKind, Engine};

/// Longest clause recorded: a nogood over many decisions prunes only paths that repeat them
/// all (which random value orders almost never do) and costs memory with every restart.
pub(crate) const MAX_LEN: usize = 64;

/// The clauses, their watches, and the variables at 1 whose watches are still to visit.
#[derive(Debug, Default)]
pub(crate) struct Nogoods {
    lits: Vec<u32>,
    start: Vec<u32>,
    /// Per variable, the clauses that watch it (sized on the first clause).
    watch: Vec<Vec<u32>>,
    /// Clauses of one variable: killed at every root.
    pub(crate) units: Vec<u32>,
    /// Variables set to 1 whose watches are not visited yet.
    pub(crate) queue: Vec<u32>,
    /// Whether there is any clause of two variables or more to watch (`assign` queues nothing
    /// otherwise).
    pub(crate) active: bool,
    /// Variables the clauses killed and conflicts they found, over the search.
    pub(crate) fired: u64,
}

impl Nogoods {
    /// Forget every clause.
    pub(crate) fn clear(&mut self) {
        self.lits.clear();
        self.start.clear();
        self.watch.iter_mut().for_each(Vec::clear);
        self.units.clear();
        self.queue.clear();
        self.active = false;
        self.fired = 0;
    }

    /// Number of clauses of two variables or more.
    pub(crate) fn len(&self) -> usize {
        self.start.len().saturating_sub(1)
    }

    /// The variables of clause `c`.
    #[cfg(debug_assertions)]
    fn clause(&self, c: usize) -> &[u32] {
        &self.lits[self.start[c] as usize..self.start[c + 1] as usize]
    }

    /// Record "not all of `vars` at 1" (distinct variables, none of them fixed in the state
    /// the next run starts from, so any two may be watched: the first two are). Clauses longer
    /// than [`MAX_LEN`] are not recorded.
    pub(crate) fn add(&mut self, vars: &[u32], num_vars: usize) {
        match vars {
            [] => {}
            [v] => self.units.push(*v),
            _ if vars.len() > MAX_LEN => {}
            _ => {
                if self.start.is_empty() {
                    self.start.push(0);
                }
                if self.watch.len() < num_vars {
                    self.watch.resize_with(num_vars, Vec::new);
                }
                let c = self.len() as u32;
                self.lits.extend_from_slice(vars);
                self.start.push(self.lits.len() as u32);
                self.watch[vars[0] as usize].push(c);
                self.watch[vars[1] as usize].push(c);
                self.active = true;
            }
        }
    }
}

impl Engine {
    /// Visit the clauses watching `v`, just set to 1: move each watch to a variable not at 1,
    /// or kill the clause's other watched variable, or fail when that one is at 1 too.
    pub(crate) fn propagate_nogoods(&mut self, v: u32) -> Result<(), Conflict> {
        // Moved out and back so that `kill` can borrow `self`; `kill` never touches watches.
        let mut list = std::mem::take(&mut self.ng.watch[v as usize]);
        let (mut i, mut kept) = (0, 0);
        let mut result = Ok(());
        while i < list.len() {
            let c = list[i] as usize;
            i += 1;
            let (s, e) = (self.ng.start[c] as usize, self.ng.start[c + 1] as usize);
            if self.ng.lits[s] == v {
                self.ng.lits.swap(s, s + 1);
            }
            let other = self.ng.lits[s];
            let replacement = if self.is_live(other) {
                (s + 2..e).find(|&k| !self.is_one(self.ng.lits[k]))
            } else {
                None // satisfied: `other` is 0
            };
            if let Some(k) = replacement {
                self.ng.lits.swap(s + 1, k);
                let u = self.ng.lits[s + 1];
                self.ng.watch[u as usize].push(c as u32);
                continue;
            }
            list[kept] = c as u32;
            kept += 1;
            if !self.is_live(other) {
                continue;
            }
            if self.is_one(other) {
                self.ng.fired += 1;
                result = Err(Conflict { row: None, kind: ConflictKind::Nogood });
                break;
            }
            self.ng.fired += 1;
            if let Err(conflict) = self.kill(other, None) {
                result = Err(conflict);
                break;
            }
        }
        // Keep the clauses not visited after a conflict.
        while i < list.len() {
            list[kept] = list[i];
            kept += 1;
            i += 1;
        }
        list.truncate(kept);
        self.ng.watch[v as usize] = list;
        result
    }

    /// Debug check: no clause is violated, and none has one variable left that is neither at
    /// 1 nor at 0 with all the others at 1 (the state is a fixed point of the clauses).
    #[cfg(debug_assertions)]
    pub(crate) fn debug_check_nogoods(&self) {
        for c in 0..self.ng.len() {
            let vars = self.ng.clause(c);
            let ones = vars.iter().filter(|&&u| self.is_one(u)).count();
            let zero = vars.iter().any(|&u| !self.is_live(u));
            assert!(ones < vars.len(), "nogood {c} violated: {vars:?}");
            assert!(zero || ones + 1 < vars.len(), "nogood {c} not propagated: {vars:?}");
        }
        for &u in &self.ng.units {
            assert!(!self.is_one(u), "unit nogood {u} at 1");
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::Engine;
    use sudoku_ip_model::{Geometry, Grid, Model, Puzzle};

    fn empty4() -> Engine {
        let puzzle =
            Puzzle::new(Geometry::new(4, None).expect("4x4"), Grid::from_values(4, vec![0; 16]).expect("grid"));
        let mut engine = Engine::new(&Model::build(&puzzle));
        assert!(engine.root().is_ok());
        engine
    }

    /// Variable of cell `k` holding digit `d` (1-based) in a 4x4.
    fn x(k: u32, d: u32) -> u32 {
        k * 4 + d - 1
    }

    #[test]
    fn a_clause_kills_its_last_variable_and_undo_restores_it() {
        let mut engine = empty4();
        // Not (cell 0 = 1, cell 5 = 3, cell 10 = 2) — three cells of no common house but the
        // first two's box.
        let clause = [x(0, 1), x(5, 3), x(10, 2)];
        engine.ng.add(&clause, engine.num_vars());
        let mark = engine.trail.len();
        assert!(engine.try_fix(x(10, 2), true));
        assert_eq!(engine.value(x(0, 1)), None);
        let inner = engine.trail.len();
        assert!(engine.try_fix(x(0, 1), true));
        assert_eq!(engine.value(x(5, 3)), Some(false), "the clause's last variable is killed");
        assert!(engine.ng.fired >= 1);
        engine.undo(inner);
        assert_eq!(engine.value(x(5, 3)), None);
        // The other way round: the watches moved, and still see it.
        assert!(engine.try_fix(x(5, 3), true));
        assert_eq!(engine.value(x(0, 1)), Some(false));
        engine.undo(mark);
        for v in clause {
            assert_eq!(engine.value(v), None);
        }
    }

    #[test]
    fn a_clause_fails_when_propagation_sets_all_its_variables() {
        let mut engine = empty4();
        // Cell 0 = 1 and cell 1 = 2 force nothing else in the clause; cell 0 = 1, cell 1 = 2,
        // cell 4 = 3 leave cell 5 = 4 as its box's last: a clause on all four fails there.
        engine.ng.add(&[x(0, 1), x(1, 2), x(4, 3), x(5, 4)], engine.num_vars());
        assert!(engine.try_fix(x(0, 1), true));
        assert!(engine.try_fix(x(1, 2), true));
        assert!(!engine.try_fix(x(4, 3), true), "cell 4 = 3 forces cell 5 = 4: all four at 1");
    }
}

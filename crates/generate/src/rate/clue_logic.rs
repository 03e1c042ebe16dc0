//! Clue logic: one clue of a rule — a thermometer, a renban, between or whispers line, an
//! arrow, a little killer diagonal, a sandwich or skyscraper number — read as a whole. A
//! person fills the clue's cells in their head from their candidates, cells that see each
//! other taking different digits, and keeps only the digits some filling that keeps the clue
//! uses: the thermometer's ranges, the renban's window, the between line's bounds, the
//! sandwich's combinations, the skyscrapers' heights, all in one technique. Each rule says in
//! its own file which rows make up a clue and what people call it (`Emit::clue` in the model
//! crate); this file knows no rule.
//!
//! The fillings are found by a search over the clue's cells alone: its rows bounded as cells
//! are filled, cells that share a house kept apart, an automaton the rule declared for the
//! clue (a skyscraper's or sandwich's line) read along instead of its rows, and the rows'
//! auxiliary variables (a renban's window) decided once the cells are. A candidate of a cell is
//! kept as soon as one filling uses it; one no filling uses goes. The search is bounded
//! ([`NODES`], [`CHAIN_NODES`]): past it only what the clue's parts allow alone goes.
//!
//! Forcing chains propagate clue logic too (`forcing.rs`), so a chain can step along a line.

use std::collections::{HashMap, HashSet};

use sudoku_ip_model::automaton::NO_STATE;
use sudoku_ip_model::{LineAutomaton, Model, RowKind, Sense};

use super::logic::{add_cell_term, House};
use super::step::{cell_list, digit_set, Step};
use super::{bit, digits, Logic, Technique};

/// The most nodes one clue's search may visit for one position when the clue logic
/// technique looks for a step; past it only what its parts alone allow goes
/// ([`Logic::clue_relaxed`]). Work is counted, not timed, so a rating is the same on every
/// machine.
const NODES: u64 = 20_000;

/// The same inside forcing chains, which read every clue at every stall of every assumption:
/// small clues (a thermometer, a dot) are still searched whole, long ones mostly relaxed.
const CHAIN_NODES: u64 = 1_000;

/// Clues of more cells, or more free auxiliary variables, are not searched: only their line's
/// automaton and each of their rows alone narrow them (see [`Logic::clue_relaxed`]).
const MAX_CELLS: usize = 16;
const MAX_AUX: usize = 24;

/// Clues of more rows are not read at all.
const MAX_ROWS: usize = 1_000;

/// Fillings listed in a step's text, at most.
const LISTED: usize = 6;

/// One row of a clue over its own cells (their positions in [`ClueRows::cells`]) and
/// auxiliary variables.
struct LocalRow {
    /// Per cell of the row: its position in the clue and the coefficient of each digit − 1.
    cells: Vec<(u16, Vec<i64>)>,
    /// Free auxiliary variables (positions in the clue's) and their coefficients.
    aux: Vec<(u16, i64)>,
    sense: Sense,
    rhs: i64,
}

impl LocalRow {
    /// Whether some activity between `lo` and `hi` keeps the row (`lo == hi`: that activity).
    fn admits(&self, lo: i64, hi: i64) -> bool {
        match self.sense {
            Sense::Le => lo <= self.rhs,
            Sense::Ge => hi >= self.rhs,
            Sense::Eq => lo <= self.rhs && hi >= self.rhs,
        }
    }
}

/// One row of a clue over the grid's cells (cell indices), before it is read over the clue's
/// own (a [`LocalRow`]).
#[derive(Clone)]
struct GlobalRow {
    cells: Vec<(u32, Vec<i64>)>,
    aux: Vec<(u16, i64)>,
    sense: Sense,
    rhs: i64,
}

/// A clue's rows, over its cells, as the search reads them.
pub(super) struct ClueRows {
    /// "the thermometer r1c1-r1c2-r1c3".
    pub(super) label: String,
    /// Its index among the model's clues.
    pub(super) source: usize,
    /// Small enough to search its fillings; else only [`Logic::clue_relaxed`] reads it.
    searched: bool,
    /// The houses its rows were read with at their totals (see [`take_houses`]), by name.
    houses: Vec<String>,
    /// Its cells (cell indices), in the order the search fills them: an automaton's line
    /// first, in its order; then the clue's own cells in its order, then any others its rows
    /// name.
    pub(super) cells: Vec<u32>,
    /// The clue's own cells (their positions in `cells`) in the order people read them, when
    /// its rows name no others: its fillings are listed so.
    shown: Option<Vec<u16>>,
    rows: Vec<LocalRow>,
    /// Per cell of the clue: the rows it is in.
    rows_of: Vec<Vec<u16>>,
    /// Free auxiliary variables of its rows.
    aux_count: usize,
    /// Groups of them of which exactly one is 1 (a row of theirs alone says so: a renban's
    /// window, a line's total): the search chooses the one first, as if it were a cell.
    choices: Vec<Vec<u16>>,
    /// Per cell of the clue: the earlier cells of the clue it cannot share a digit with, and
    /// the digits (a mask) it cannot share with each.
    differ: Vec<Vec<(u16, u64)>>,
    /// The automaton the clue's line is read by (index into [`Logic::automata`]), over its
    /// first cells.
    automaton: Option<usize>,
    /// A clue of two cells whose rows name only them (a non-consecutive, XV or kropki pair):
    /// per digit `a` − 1 of its first cell, the digits its second may hold beside it. Read
    /// with a few mask operations, exactly ([`Logic::pair_allows`]).
    pub(super) pair: Option<Vec<u64>>,
}

/// What a clue allows in a position.
#[derive(Clone)]
pub(super) enum Allowed {
    /// No filling of its cells keeps it.
    Nothing,
    /// Per cell of the clue: the digits some filling puts there.
    Digits(Vec<u64>),
    /// Its search ran out of nodes: per cell, the digits its line's automaton alone (cells
    /// that see each other may repeat there) allows, or its candidates if it has none.
    Partial(Vec<u64>),
}

/// Known answers of [`Logic::clue_allows`], by clue and its cells' candidates (forcing chains
/// meet the same line in the same state many times).
#[derive(Default)]
pub(super) struct ClueMemo {
    seen: HashMap<(u32, bool, Vec<u64>), Allowed>,
    /// Per clue: its cells' candidates after forcing chains last read it and took what it
    /// removed (empty before).
    read: Vec<Vec<u64>>,
    /// Per clue and effort (a step's, a chain's): the size of the position (log2 of its
    /// fillings' count bound) where its search last ran out of nodes; infinite when it never
    /// did.
    gave_up: Vec<[f64; 2]>,
}

impl ClueMemo {
    const MAX: usize = 200_000;

    pub(super) fn new(clues: usize) -> ClueMemo {
        ClueMemo { seen: HashMap::new(), read: vec![Vec::new(); clues], gave_up: vec![[f64::INFINITY; 2]; clues] }
    }
}

/// The search's state: the candidates it fills from, the digits placed, the rows' bounds.
struct Fill<'a> {
    clue: &'a ClueRows,
    automaton: Option<&'a LineAutomaton>,
    dom: Vec<u64>,
    /// Per position of the automaton's line: the states from which the rest of the line can
    /// still be read to an accepting state (a bitset over states).
    alive: Vec<Vec<u64>>,
    placed: Vec<u8>,
    /// Per row: the lowest and highest activity the cells not yet placed and the auxiliary
    /// variables can still give, plus what the placed cells give.
    lo: Vec<i64>,
    hi: Vec<i64>,
    /// Per row, per cell of the clue: its lowest and highest coefficient over its candidates.
    low: Vec<Vec<(i64, i64)>>,
    /// Per auxiliary variable: its value where the search chose it (a choice), else −1.
    aux_value: Vec<i8>,
    /// Per `=` row without auxiliary variables: per position `p` of the search, the sums its
    /// cells from `p` on can still make, less their lowest (a bitset), so that a partial
    /// filling whose rest cannot make up the total is cut at once.
    rest: Vec<Option<Vec<Vec<u64>>>>,
    nodes: u64,
    /// The most nodes it may visit.
    limit: u64,
    /// Fillings found, when they are wanted (for the text), up to a count.
    found: Vec<Vec<u8>>,
    want: usize,
}

impl Logic {
    /// The model's clues as the search reads them (see the module documentation).
    pub(super) fn clue_rows(model: &Model, n: usize, units_of: &[Vec<u32>], houses: &[House]) -> Vec<ClueRows> {
        let cube = (n * n * n) as u32;
        let fixed = model.fixed();
        let mut out = Vec::new();
        for (source, clue) in model.clues().iter().enumerate() {
            let automaton = model.automata().get(clue.automata.start as usize).filter(|_| !clue.automata.is_empty());
            let mut replaced_rows: Vec<u32> = Vec::new();
            let mut replaced_aux: Vec<u32> = Vec::new();
            if let Some(a) = automaton {
                replaced_rows.extend(&a.replaces_rows);
                replaced_aux.extend(&a.replaces);
            }
            let mut cells: Vec<u32> =
                automaton.map(|a| a.cells.iter().map(|c| c.index(n) as u32).collect()).unwrap_or_default();
            for c in &clue.cells {
                let k = c.index(n) as u32;
                if !cells.contains(&k) {
                    cells.push(k);
                }
            }
            let mut aux: Vec<u32> = Vec::new();
            let mut global: Vec<GlobalRow> = Vec::new();
            let mut too_big = false;
            for r in clue.rows.clone() {
                let row = &model.rows()[r as usize];
                // Rows the others imply (added for solvers' propagation) say nothing new here.
                if matches!(row.kind, RowKind::Implied(_)) {
                    continue;
                }
                if replaced_rows.contains(&r) || row.terms.iter().any(|&(v, _)| replaced_aux.contains(&v)) {
                    continue;
                }
                let mut grid_row =
                    GlobalRow { cells: Vec::new(), aux: Vec::new(), sense: row.sense, rhs: row.rhs as i64 };
                for &(v, a) in &row.terms {
                    if v < cube {
                        add_cell_term(&mut grid_row.cells, v, a as i64, n);
                    } else {
                        match fixed.get(v as usize).copied().flatten() {
                            Some(one) => grid_row.rhs -= if one { a as i64 } else { 0 },
                            None => {
                                let j = match aux.iter().position(|&x| x == v) {
                                    Some(j) => j,
                                    None => {
                                        aux.push(v);
                                        aux.len() - 1
                                    }
                                };
                                grid_row.aux.push((j as u16, a as i64));
                            }
                        }
                    }
                }
                global.push(grid_row);
                if global.len() > MAX_ROWS {
                    too_big = true;
                    break;
                }
            }
            if too_big {
                continue;
            }
            // A clue too long to search whose rows take whole houses (a pill arrow summing the
            // rest of the grid): each house counts its total, and the search fills what is left.
            let mut used = Vec::new();
            let all_cells = |global: &[GlobalRow]| {
                global.iter().flat_map(|r| r.cells.iter().map(|&(k, _)| k)).collect::<HashSet<u32>>()
            };
            if automaton.is_none() && all_cells(&global).len() > MAX_CELLS {
                for row in &mut global {
                    // Greedy, with rows, columns or boxes first when as many cells go: the
                    // shortest of the three.
                    let (taken, shorter) = (0..3)
                        .map(|first| {
                            let mut r = row.clone();
                            (take_houses(&mut r, houses, first), r)
                        })
                        .min_by_key(|(_, r)| r.cells.len())
                        .expect("three orders");
                    *row = shorter;
                    used.extend(taken.into_iter().map(|h| houses[h].label.clone()));
                }
                let mut seen = HashSet::new();
                used.retain(|h| seen.insert(h.clone()));
                let left = all_cells(&global);
                cells.retain(|k| left.contains(k));
            }
            let mut rows = Vec::new();
            for g in global {
                let mut local = LocalRow { cells: Vec::new(), aux: g.aux, sense: g.sense, rhs: g.rhs };
                for (cell, coef) in g.cells {
                    let i = match cells.iter().position(|&k| k == cell) {
                        Some(i) => i,
                        None => {
                            cells.push(cell);
                            cells.len() - 1
                        }
                    };
                    local.cells.push((i as u16, coef));
                }
                rows.push(local);
            }
            if cells.len() < 2 {
                continue;
            }
            let searched = cells.len() <= MAX_CELLS && aux.len() <= MAX_AUX;
            let mut rows_of = vec![Vec::new(); cells.len()];
            for (r, row) in rows.iter().enumerate() {
                for &(i, _) in &row.cells {
                    rows_of[i as usize].push(r as u16);
                }
            }
            let differ: Vec<Vec<(u16, u64)>> = (0..cells.len())
                .map(|i| {
                    (0..i)
                        .filter_map(|j| {
                            let (a, b) = (cells[i] as usize, cells[j] as usize);
                            let mask = (1..=n as u8)
                                .filter(|&d| {
                                    let (ua, ub) =
                                        (&units_of[a * n + d as usize - 1], &units_of[b * n + d as usize - 1]);
                                    ua.iter().any(|u| ub.contains(u))
                                })
                                .fold(0u64, |m, d| m | bit(d));
                            (mask != 0).then_some((j as u16, mask))
                        })
                        .collect()
                })
                .collect();
            let choices = rows
                .iter()
                .filter(|r| {
                    r.cells.is_empty() && r.sense == Sense::Eq && r.rhs == 1 && r.aux.iter().all(|&(_, a)| a == 1)
                })
                .map(|r| r.aux.iter().map(|&(j, _)| j).collect())
                .collect();
            let pair =
                (cells.len() == 2 && aux.is_empty() && automaton.is_none()).then(|| pair_table(&rows, &differ, n));
            let own: Vec<u32> = clue.cells.iter().map(|c| c.index(n) as u32).filter(|k| cells.contains(k)).collect();
            let shown = (cells.len() == own.len())
                .then(|| own.iter().filter_map(|k| cells.iter().position(|x| x == k).map(|p| p as u16)).collect());
            out.push(ClueRows {
                label: clue.label.clone(),
                source,
                searched,
                houses: used,
                shown,
                cells,
                rows,
                rows_of,
                aux_count: aux.len(),
                choices,
                differ,
                automaton: automaton.map(|_| clue.automata.start as usize),
                pair,
            });
        }
        out
    }

    /// Whether clue `c`'s cells hold what they held when [`Logic::clue_read`] last noted them:
    /// reading it again would remove nothing.
    pub(super) fn clue_unchanged(&self, c: usize) -> bool {
        let read = &self.clue_memo.read[c];
        !read.is_empty()
            && self.clues[c].cells.iter().zip(read).all(|(&k, &m)| match self.value[k as usize] {
                0 => self.cand[k as usize] == m,
                d => bit(d) == m,
            })
    }

    /// Note clue `c`'s cells as they are, after its removals were taken.
    pub(super) fn clue_read(&mut self, c: usize) {
        self.clue_memo.read[c] = self.clue_domain(c);
    }

    /// The candidates of clue `c`'s cells (a placed cell: its digit).
    fn clue_domain(&self, c: usize) -> Vec<u64> {
        self.clues[c]
            .cells
            .iter()
            .map(|&k| match self.value[k as usize] {
                0 => self.cand[k as usize],
                d => bit(d),
            })
            .collect()
    }

    /// What clue `c` allows its cells in the current position (remembered by its candidates).
    pub(super) fn clue_allows(&mut self, c: usize, chain: bool) -> Allowed {
        if self.clues[c].pair.is_some() {
            if self.nested.is_some() {
                self.nested_work += 1;
            }
            return match self.pair_allows(c) {
                Some(keep) => Allowed::Digits(keep.to_vec()),
                None => Allowed::Nothing,
            };
        }
        let dom = self.clue_domain(c);
        let key = (c as u32, chain, dom);
        let limit = if chain { CHAIN_NODES } else { NODES };
        // Nested chains count what clues cost in their budget of work (`nested.rs`): a look
        // up as one unit, a search node as a quarter, a step of the relaxed passes as 1/64.
        let nested = self.nested.is_some();
        if nested {
            self.nested_work += 1;
        }
        if let Some(known) = self.clue_memo.seen.get(&key) {
            return known.clone();
        }
        if nested {
            self.nested_work += self.clue_relax_cost(c) / 64;
        }
        if self.clue_memo.seen.len() >= ClueMemo::MAX {
            self.clue_memo.seen.clear();
        }
        // What its parts allow alone first: cheap, and what they rule out goes whatever the
        // rest says.
        let Some(line) = self.clue_relaxed(c, &key.2) else {
            self.clue_memo.seen.insert(key, Allowed::Nothing);
            return Allowed::Nothing;
        };
        // A clue whose search ran out of nodes is tried again only once its cells' fillings
        // (the product of their candidate counts) are at most a quarter of what they were.
        let size: f64 = line.iter().map(|m| f64::from(m.count_ones()).log2()).sum();
        let allowed = if !self.clues[c].searched || size > self.clue_memo.gave_up[c][usize::from(chain)] - 2.0 {
            Allowed::Partial(line)
        } else {
            let (allowed, nodes) = self.clue_search(c, &line, limit);
            if matches!(allowed, Allowed::Partial(_)) {
                self.clue_memo.gave_up[c][usize::from(chain)] = size;
            }
            if nested {
                self.nested_work += nodes / 4 + self.clue_relax_cost(c) / 64;
            }
            allowed
        };
        self.clue_memo.seen.insert(key, allowed.clone());
        allowed
    }

    /// What the pair clue `c` ([`ClueRows::pair`]) allows its two cells: the digits of each
    /// that some digit of the other goes with; `None` when one would have none.
    pub(super) fn pair_allows(&self, c: usize) -> Option<[u64; 2]> {
        let clue = &self.clues[c];
        let table = clue.pair.as_ref()?;
        let dom = |k: u32| match self.value[k as usize] {
            0 => self.cand[k as usize],
            d => bit(d),
        };
        let (p, q) = (dom(clue.cells[0]), dom(clue.cells[1]));
        let (mut keep_p, mut keep_q) = (0u64, 0u64);
        for a in digits(p) {
            let with = table[a as usize - 1] & q;
            if with != 0 {
                keep_p |= bit(a);
                keep_q |= with;
            }
        }
        (keep_p != 0).then_some([keep_p, keep_q])
    }

    /// About how many steps clue `c`'s relaxed passes take (its automaton's states times its
    /// line, its rows' terms), for the nested chains' budget.
    fn clue_relax_cost(&self, c: usize) -> u64 {
        let clue = &self.clues[c];
        let line = clue.automaton.map_or(0, |a| self.automata[a].states() * self.automata[a].cells.len() * 4);
        let rows: usize = clue.rows.iter().map(|r| r.cells.len() * self.n).sum();
        (line + rows) as u64
    }

    /// Clue `c`'s search from the candidates `dom`: what it allows, and the nodes it took.
    fn clue_search(&self, c: usize, dom: &[u64], limit: u64) -> (Allowed, u64) {
        if dom.contains(&0) {
            return (Allowed::Nothing, 0);
        }
        let clue = &self.clues[c];
        let automaton = clue.automaton.map(|a| &self.automata[a]);
        let mut fill = Fill::new(clue, automaton, dom.to_vec(), 0, limit);
        let mut keep = vec![0u64; dom.len()];
        // A filling for each digit no filling found so far uses, that digit tried alone.
        for i in 0..dom.len() {
            for d in digits(dom[i]) {
                if keep[i] & bit(d) != 0 {
                    continue;
                }
                let mut narrowed = dom.to_vec();
                narrowed[i] = bit(d);
                fill.reset(narrowed);
                fill.search_choices(0, &mut keep, false);
                if fill.nodes > limit {
                    return (Allowed::Partial(dom.to_vec()), fill.nodes);
                }
            }
            if keep[i] == 0 {
                return (Allowed::Nothing, fill.nodes);
            }
        }
        (Allowed::Digits(keep), fill.nodes)
    }

    /// Clue `c`'s candidates `dom` narrowed by what its parts allow each on its own, cells
    /// that see each other free to repeat: its automaton's line (each digit on some path from
    /// the start to an accepting state) and each of its rows without auxiliary variables
    /// (each digit on some choice of the others' digits that keeps the row), until nothing
    /// changes. `None` when one of them allows nothing.
    fn clue_relaxed(&self, c: usize, dom: &[u64]) -> Option<Vec<u64>> {
        let clue = &self.clues[c];
        let mut out = dom.to_vec();
        if out.contains(&0) {
            return None;
        }
        if let Some(a) = clue.automaton.map(|a| &self.automata[a]) {
            line_paths(clue, a, &mut out)?;
        }
        for _round in 0..4 {
            let mut changed = false;
            for row in clue.rows.iter().filter(|r| r.aux.is_empty()) {
                changed |= row_sums(row, &mut out)?;
            }
            if !changed {
                break;
            }
        }
        Some(out)
    }

    /// Every filling of clue `c` from the candidates `dom`, when there are at most `most`.
    fn clue_fillings(&self, c: usize, dom: &[u64], most: usize) -> Option<Vec<Vec<u8>>> {
        let clue = &self.clues[c];
        let automaton = clue.automaton.map(|a| &self.automata[a]);
        let mut fill = Fill::new(clue, automaton, dom.to_vec(), most, NODES);
        let mut keep = vec![0u64; dom.len()];
        fill.search_choices(0, &mut keep, true);
        (fill.nodes <= NODES && fill.found.len() <= most).then_some(fill.found)
    }

    /// The candidates no filling of clue `c` uses (`None`: no filling at all), in the current
    /// position; empty when its search gave up.
    pub(super) fn clue_removals(&mut self, c: usize, chain: bool) -> Option<Vec<(usize, u8)>> {
        match self.clue_allows(c, chain) {
            Allowed::Nothing => None,
            Allowed::Digits(keep) | Allowed::Partial(keep) => {
                let cells = &self.clues[c].cells;
                Some(
                    cells
                        .iter()
                        .zip(&keep)
                        .filter(|&(&k, _)| self.value[k as usize] == 0)
                        .flat_map(|(&k, &m)| digits(self.cand[k as usize] & !m).map(move |d| (k as usize, d)))
                        .collect(),
                )
            }
        }
    }

    /// One clue rules out the candidates no filling of its cells uses.
    pub(super) fn clue_logic(&mut self) -> Option<Step> {
        for c in 0..self.clues.len() {
            let removed = self.clue_removals(c, false);
            let text = |l: &Self| l.clue_text(c);
            if let Some(step) = self.removal_step(removed, Technique::ClueLogic, text) {
                let cells: Vec<usize> = self.clues[c].cells.iter().map(|&k| k as usize).collect();
                let step = step.with_cells(cells.iter().map(|&k| self.cell(k))).with_candidates(
                    cells
                        .iter()
                        .flat_map(|&k| digits(self.cand[k]).map(move |d| (k, d)))
                        .map(|(k, d)| self.candidate(k, d)),
                );
                return Some(step);
            }
            if self.broken {
                return None;
            }
        }
        None
    }

    /// Why clue `c` rules candidates out: its fillings, when there are few ("the thermometer
    /// r1c1-r1c2-r1c3 can only be filled as 1-2-3 or 1-2-4 (r1c1, r1c2, r1c3 in turn)"), else
    /// its cells' candidates, none of whose fillings keeps the digits that go.
    fn clue_text(&self, c: usize) -> String {
        let clue = &self.clues[c];
        let dom = self.clue_domain(c);
        let fillings = clue.shown.as_ref().and_then(|shown| {
            let fillings = self.clue_fillings(c, &dom, LISTED).filter(|f| !f.is_empty())?;
            Some((shown, fillings))
        });
        if let Some((shown, fillings)) = fillings {
            let cells = cell_list(shown.iter().map(|&i| self.cell(clue.cells[i as usize] as usize)));
            let listed: Vec<String> = fillings
                .iter()
                .map(|f| shown.iter().map(|&i| f[i as usize].to_string()).collect::<Vec<_>>().join("-"))
                .collect();
            let ways = match listed.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
                _ => listed.join(""),
            };
            return format!(
                "Clue logic: {}{} can only be filled as {ways} ({cells} in turn)",
                clue.label,
                self.houses_text(c)
            );
        }
        let order: Vec<usize> = match &clue.shown {
            Some(shown) => shown.iter().map(|&i| i as usize).collect(),
            None => (0..clue.cells.len()).collect(),
        };
        let candidates: Vec<String> =
            order.iter().map(|&i| format!("{} {}", self.cell(clue.cells[i] as usize), digit_set(dom[i]))).collect();
        format!(
            "Clue logic: no filling of {}{} from its candidates ({}; cells that see each other differ) uses them",
            clue.label,
            self.houses_text(c),
            candidates.join(", ")
        )
    }

    /// ", with rows 1 to 9 at their totals (1 to 9 once each)" when clue `c` was read so (see
    /// [`take_houses`]).
    fn houses_text(&self, c: usize) -> String {
        let names = houses_named(&self.clues[c].houses);
        match names.split_last() {
            None => String::new(),
            Some((last, rest)) => {
                let names = if rest.is_empty() { last.clone() } else { format!("{} and {last}", rest.join(", ")) };
                format!(", with {names} at their totals (1 to {} once each)", self.n)
            }
        }
    }
}

/// Houses by name ("row 2", "row 1", "column 9") for a sentence: those of a kind together and
/// in order, runs of three or more as a range ("rows 1 to 9", "columns 3 and 4", "box 5");
/// names without a number kept as they are.
fn houses_named(houses: &[String]) -> Vec<String> {
    let mut kinds: Vec<(&str, Vec<u32>)> = Vec::new();
    let mut other = Vec::new();
    for h in houses {
        match h.rsplit_once(' ').and_then(|(kind, i)| Some((kind, i.parse::<u32>().ok()?))) {
            Some((kind, i)) => match kinds.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, list)) => list.push(i),
                None => kinds.push((kind, vec![i])),
            },
            None => other.push(h.clone()),
        }
    }
    let mut out = Vec::new();
    for (kind, mut list) in kinds {
        list.sort_unstable();
        list.dedup();
        let mut parts = Vec::new();
        let mut i = 0;
        while i < list.len() {
            let mut j = i;
            while j + 1 < list.len() && list[j + 1] == list[j] + 1 {
                j += 1;
            }
            if j >= i + 2 {
                parts.push(format!("{} to {}", list[i], list[j]));
                i = j + 1;
            } else {
                parts.push(list[i].to_string());
                i += 1;
            }
        }
        let plural = list.len() > 1;
        let numbers = match parts.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => parts.concat(),
        };
        let kind = match (plural, kind) {
            (false, k) => k.to_string(),
            (true, "box") => "boxes".to_string(),
            (true, k) => format!("{k}s"),
        };
        out.push(format!("{kind} {numbers}"));
    }
    out.extend(other);
    out
}

/// Read the houses `row` holds at their totals, as a person does with a long sum (the 45
/// rule): a house whose cells are all in the row with one coefficient per digit `w` adds
/// `w(1) + … + w(n)` whatever its cells hold, so its cells leave the row and the total its
/// right-hand side; a house most of whose cells are in the row that way leaves them for its
/// others, with `−w`. Repeated while the row gets shorter, the house that shortens it most
/// first; of those, rows (`first` 0), columns (1) or boxes (2) first. The houses taken
/// (indices into `houses`), in order.
fn take_houses(row: &mut GlobalRow, houses: &[House], first: u8) -> Vec<usize> {
    let rank = |kind: RowKind| {
        let k = match kind {
            RowKind::Row(_) => 0,
            RowKind::Column(_) => 1,
            RowKind::Box(_) => 2,
            _ => 3,
        };
        if k == first {
            0
        } else {
            1 + k
        }
    };
    let mut taken = Vec::new();
    loop {
        // (house, (cells the row loses, rank), the coefficients taken)
        let mut best: Option<(usize, (usize, u8), Vec<i64>)> = None;
        for (h, house) in houses.iter().enumerate() {
            if !house.full {
                continue;
            }
            let coef = |k: u32| row.cells.iter().find(|(c, _)| *c == k).map(|(_, w)| w);
            // The coefficients most of the house's cells in the row share.
            let Some((w, inside)) = house
                .cells
                .iter()
                .filter_map(|&k| coef(k))
                .map(|w| (w, house.cells.iter().filter(|&&k| coef(k) == Some(w)).count()))
                .max_by_key(|&(_, count)| count)
            else {
                continue;
            };
            let outside_new = house.cells.iter().filter(|&&k| coef(k).is_none()).count();
            // Cells of the house in the row with other coefficients stay, changed.
            let key = (inside.saturating_sub(outside_new), rank(house.kind));
            if inside > outside_new
                && best.as_ref().is_none_or(|(_, (gain, r), _)| key.0 > *gain || (key.0 == *gain && key.1 < *r))
            {
                best = Some((h, key, w.clone()));
            }
        }
        let Some((h, _, w)) = best else { return taken };
        let house = &houses[h];
        row.rhs -= w.iter().sum::<i64>();
        for &k in &house.cells {
            match row.cells.iter().position(|(c, _)| *c == k) {
                Some(i) if row.cells[i].1 == w => {
                    row.cells.remove(i);
                }
                Some(i) => {
                    for (a, b) in row.cells[i].1.iter_mut().zip(&w) {
                        *a -= b;
                    }
                    if row.cells[i].1.iter().all(|&a| a == 0) {
                        row.cells.remove(i);
                    }
                }
                None => row.cells.push((k, w.iter().map(|a| -a).collect())),
            }
        }
        taken.push(h);
    }
}

/// The least and most a row's auxiliary terms add, each variable free (-1), at 1 or at 0.
fn aux_bounds(aux: &[(u16, i64)], value: &[i8]) -> (i64, i64) {
    aux.iter().fold((0, 0), |(lo, hi), &(j, a)| match value[j as usize] {
        -1 => (lo + a.min(0), hi + a.max(0)),
        1 => (lo + a, hi + a),
        _ => (lo, hi),
    })
}

/// Narrow `dom` (the clue's cells) to the digits of the automaton's line that lie on a path
/// from the start to an accepting state; `None` when no path is left.
fn line_paths(clue: &ClueRows, a: &LineAutomaton, dom: &mut [u64]) -> Option<()> {
    let fill = Fill::new(clue, Some(a), dom.to_vec(), 0, 0);
    let alive = &fill.alive;
    let words = a.states().div_ceil(64);
    let mut reach = vec![0u64; words];
    reach[0] = 1;
    for p in 0..a.cells.len() {
        let mut next = vec![0u64; words];
        let mut kept = 0u64;
        let states = reach.iter().enumerate().flat_map(|(w, &bits)| digits(bits).map(move |b| w * 64 + b as usize - 1));
        for s in states {
            for d in digits(dom[p]) {
                let t = a.next(s as u32, d as usize);
                if t != NO_STATE && alive[p + 1][t as usize / 64] >> (t % 64) & 1 == 1 {
                    next[t as usize / 64] |= 1 << (t % 64);
                    kept |= bit(d);
                }
            }
        }
        if kept == 0 {
            return None;
        }
        dom[p] = kept;
        reach = next;
    }
    Some(())
}

/// The pair table of a clue of two cells (positions 0 and 1) and `rows` over them alone: per
/// digit `a` − 1 of the first, the digits `b` of the second with which every row holds (and,
/// where the cells see each other for that digit, `b ≠ a`).
///
/// Row by row, over the classes of digits that give a cell the same coefficient (two classes
/// for most rows: in the row or not), not over all n² pairs of digits: a 64×64
/// non-consecutive grid has 128 rows for each of its 8,064 pairs.
fn pair_table(rows: &[LocalRow], differ: &[Vec<(u16, u64)>], n: usize) -> Vec<u64> {
    let clash = differ[1].iter().find(|&&(j, _)| j == 0).map_or(0, |&(_, mask)| mask);
    let all = (1..=n as u8).fold(0u64, |m, d| m | bit(d));
    let mut table: Vec<u64> = (1..=n as u8).map(|a| all & !(clash & bit(a))).collect();
    let mut coef = [vec![0i64; n], vec![0i64; n]];
    for row in rows {
        coef.iter_mut().for_each(|c| c.fill(0));
        for (i, c) in &row.cells {
            coef[usize::from(*i)].iter_mut().zip(c).for_each(|(sum, x)| *sum += x);
        }
        // Each cell's digits by coefficient, as (coefficient, digits).
        let classes = |c: &[i64]| {
            let mut out: Vec<(i64, u64)> = Vec::new();
            for (d, &x) in (1..=n as u8).zip(c) {
                match out.iter_mut().find(|(y, _)| *y == x) {
                    Some((_, mask)) => *mask |= bit(d),
                    None => out.push((x, bit(d))),
                }
            }
            out
        };
        let (first, second) = (classes(&coef[0]), classes(&coef[1]));
        for &(x, a_mask) in &first {
            let out = second.iter().filter(|&&(y, _)| !row.admits(x + y, x + y)).fold(0u64, |m, &(_, b)| m | b);
            for a in digits(a_mask) {
                table[usize::from(a) - 1] &= !out;
            }
        }
    }
    table
}

/// Narrow `dom` (the clue's cells) to the digits that, with some digits of the row's other
/// cells from their candidates, keep `row` (a knapsack over the sums its cells can reach
/// one after another); whether any went, `None` when none is left somewhere.
fn row_sums(row: &LocalRow, dom: &mut [u64]) -> Option<bool> {
    // Sums as offsets from the lowest the row can reach; a set of sums is a bitset.
    let coef = |i: usize, d: u8| row.cells[i].1[d as usize - 1];
    let (mut low, mut high) = (0i64, 0i64);
    for (i, (cell, _)) in row.cells.iter().enumerate() {
        low += digits(dom[*cell as usize]).map(|d| coef(i, d)).min()?;
        high += digits(dom[*cell as usize]).map(|d| coef(i, d)).max()?;
    }
    let width = (high - low + 1) as usize;
    if width > 1 << 16 {
        return Some(false); // too wide to be worth it: rows' bounds do this part
    }
    let words = width.div_ceil(64);
    let k = row.cells.len();
    // forward[i]: the sums of cells 0..i, as offsets from their lowest (`lows[i]`).
    let mut lows = vec![0i64; k + 1];
    for (i, (cell, _)) in row.cells.iter().enumerate() {
        lows[i + 1] = lows[i] + digits(dom[*cell as usize]).map(|d| coef(i, d)).min()?;
    }
    let mut forward = vec![vec![0u64; words]; k + 1];
    forward[0][0] = 1;
    for (i, (cell, _)) in row.cells.iter().enumerate() {
        let (before, after) = forward.split_at_mut(i + 1);
        for d in digits(dom[*cell as usize]) {
            or_shifted(&mut after[0], &before[i], lows[i] + coef(i, d) - lows[i + 1]);
        }
    }
    // The sums of all cells where the row holds.
    let mut good = vec![0u64; words];
    for x in (0..width).filter(|&x| forward[k][x / 64] >> (x % 64) & 1 == 1) {
        let total = x as i64 + lows[k];
        if row.admits(total, total) {
            good[x / 64] |= 1 << (x % 64);
        }
    }
    // Backwards: `good` becomes the sums of cells 0..i the rest can complete.
    let mut changed = false;
    let mut back = vec![0u64; words];
    for i in (0..k).rev() {
        let cell = row.cells[i].0 as usize;
        let mut kept = 0u64;
        let mut earlier = vec![0u64; words];
        for d in digits(dom[cell]) {
            back.iter_mut().for_each(|w| *w = 0);
            or_shifted(&mut back, &good, lows[i + 1] - lows[i] - coef(i, d));
            let mut any = false;
            for ((e, &b), &f) in earlier.iter_mut().zip(&back).zip(&forward[i]) {
                *e |= b & f;
                any |= b & f != 0;
            }
            if any {
                kept |= bit(d);
            }
        }
        if kept == 0 {
            return None;
        }
        changed |= kept != dom[cell];
        dom[cell] = kept;
        good = earlier;
    }
    Some(changed)
}

/// `dst |= src` shifted by `shift` bits (towards higher bits when positive), bits past the
/// end dropped.
fn or_shifted(dst: &mut [u64], src: &[u64], shift: i64) {
    let words = dst.len() as i64;
    let (w, b) = (shift.div_euclid(64), shift.rem_euclid(64) as u32);
    for (j, &x) in src.iter().enumerate() {
        if x == 0 {
            continue;
        }
        let to = j as i64 + w;
        if (0..words).contains(&to) {
            dst[to as usize] |= x << b;
        }
        if b != 0 && (0..words).contains(&(to + 1)) {
            dst[(to + 1) as usize] |= x >> (64 - b);
        }
    }
}

impl<'a> Fill<'a> {
    fn new(
        clue: &'a ClueRows,
        automaton: Option<&'a LineAutomaton>,
        dom: Vec<u64>,
        want: usize,
        limit: u64,
    ) -> Fill<'a> {
        let mut fill = Fill {
            clue,
            automaton,
            dom: Vec::new(),
            alive: Vec::new(),
            placed: vec![0; clue.cells.len()],
            lo: vec![0; clue.rows.len()],
            hi: vec![0; clue.rows.len()],
            low: vec![Vec::new(); clue.rows.len()],
            aux_value: vec![-1; clue.aux_count],
            rest: Vec::new(),
            nodes: 0,
            limit,
            found: Vec::new(),
            want,
        };
        fill.alive = fill.alive_states(&dom);
        fill.reset(dom);
        fill
    }

    /// Per position of the automaton's line, from candidates `dom`: the states from which the
    /// rest of the line can be read to an accepting state. Narrower candidates later only make
    /// fewer states alive, so these stay a sound filter for them.
    fn alive_states(&self, dom: &[u64]) -> Vec<Vec<u64>> {
        let Some(a) = self.automaton else { return Vec::new() };
        let len = a.cells.len();
        let words = a.states().div_ceil(64);
        let has = |set: &[u64], t: u32| set[t as usize / 64] >> (t % 64) & 1 == 1;
        // Forwards: the states each position can be reached in (a list and a bitset), so that
        // the backward pass looks only at those.
        let mut reach: Vec<Vec<u32>> = vec![vec![0]];
        let mut seen = vec![0u64; words];
        for p in 0..len {
            seen.fill(0);
            let mut next = Vec::new();
            for &s in &reach[p] {
                for d in digits(dom[p]) {
                    let t = a.next(s, d as usize);
                    if t != NO_STATE && !has(&seen, t) {
                        seen[t as usize / 64] |= 1 << (t % 64);
                        next.push(t);
                    }
                }
            }
            reach.push(next);
        }
        let mut alive = vec![vec![0u64; words]; len + 1];
        for &s in &reach[len] {
            if a.is_accepting(s) {
                alive[len][s as usize / 64] |= 1 << (s % 64);
            }
        }
        for p in (0..len).rev() {
            let (now, later) = alive.split_at_mut(p + 1);
            for &s in &reach[p] {
                let ok = digits(dom[p]).any(|d| {
                    let t = a.next(s, d as usize);
                    t != NO_STATE && has(&later[0], t)
                });
                if ok {
                    now[p][s as usize / 64] |= 1 << (s % 64);
                }
            }
        }
        alive
    }

    /// Start again from candidates `dom` (the node count goes on).
    fn reset(&mut self, dom: Vec<u64>) {
        self.dom = dom;
        for (r, row) in self.clue.rows.iter().enumerate() {
            let (mut lo, mut hi) = (0, 0);
            self.low[r].clear();
            for (i, coef) in &row.cells {
                let mut it = digits(self.dom[*i as usize]).map(|d| coef[d as usize - 1]);
                let first = it.next().unwrap_or(0);
                let (a, b) = it.fold((first, first), |(a, b), x| (a.min(x), b.max(x)));
                self.low[r].push((a, b));
                lo += a;
                hi += b;
            }
            let (a, b) = aux_bounds(&row.aux, &self.aux_value);
            lo += a;
            hi += b;
            self.lo[r] = lo;
            self.hi[r] = hi;
        }
        self.rest = (0..self.clue.rows.len()).map(|r| self.rest_sums(r)).collect();
    }

    /// For an `=` row without auxiliary variables, per position of the search, the sums its
    /// cells from there on can make, less their lowest (see [`Fill::rest`]); `None` for other
    /// rows, or when the sums span too wide a range.
    fn rest_sums(&self, r: usize) -> Option<Vec<Vec<u64>>> {
        let row = &self.clue.rows[r];
        if row.sense != Sense::Eq || !row.aux.is_empty() {
            return None;
        }
        let width: i64 = self.low[r].iter().map(|&(a, b)| b - a).sum::<i64>() + 1;
        if width > 4096 {
            return None;
        }
        let words = (width as usize).div_ceil(64);
        let cells = self.clue.cells.len();
        // The row's slot of each position of the search.
        let mut slot = vec![None; cells];
        for (s, &(i, _)) in row.cells.iter().enumerate() {
            slot[i as usize] = Some(s);
        }
        let mut sets = vec![vec![0u64; words]; cells + 1];
        sets[cells][0] = 1;
        for p in (0..cells).rev() {
            let (now, later) = sets.split_at_mut(p + 1);
            match slot[p] {
                None => now[p].copy_from_slice(&later[0]),
                Some(s) => {
                    let (low, coef) = (self.low[r][s].0, &row.cells[s].1);
                    for d in digits(self.dom[p]) {
                        or_shifted(&mut now[p], &later[0], coef[d as usize - 1] - low);
                    }
                }
            }
        }
        Some(sets)
    }

    /// Whether row `r`'s total can still be made by the cells after position `i` (all before
    /// and at it being placed), where [`Fill::rest`] knows.
    fn rest_ok(&self, r: usize, i: usize) -> bool {
        let Some(sets) = &self.rest[r] else { return true };
        let t = self.clue.rows[r].rhs - self.lo[r];
        let set = &sets[i + 1];
        t >= 0 && (t as usize) < set.len() * 64 && set[t as usize / 64] >> (t % 64) & 1 == 1
    }

    /// [`Fill::search`] from the first cell, under each way of making the choices (one
    /// auxiliary variable of each group 1, the rest 0), from choice group `g` on.
    fn search_choices(&mut self, g: usize, keep: &mut [u64], all: bool) -> bool {
        let Some(group) = self.clue.choices.get(g) else {
            let dom = std::mem::take(&mut self.dom);
            self.reset(dom);
            return (0..self.clue.rows.len()).all(|r| self.row_ok(r)) && self.search(0, 0, keep, all);
        };
        if group.iter().any(|&j| self.aux_value[j as usize] != -1) {
            // Overlaps a group chosen before: take it as it stands.
            return self.search_choices(g + 1, keep, all);
        }
        for k in 0..group.len() {
            for (m, &j) in group.iter().enumerate() {
                self.aux_value[j as usize] = i8::from(m == k);
            }
            self.nodes += 1;
            let stop = self.search_choices(g + 1, keep, all) || self.nodes > self.limit;
            if stop {
                for &j in group {
                    self.aux_value[j as usize] = -1;
                }
                return true;
            }
        }
        for &j in group {
            self.aux_value[j as usize] = -1;
        }
        false
    }

    /// Whether row `r` can still hold with its bounds as they are.
    fn row_ok(&self, r: usize) -> bool {
        self.clue.rows[r].admits(self.lo[r], self.hi[r])
    }

    /// The slot of cell `i` in row `r`'s cells.
    fn slot(&self, r: usize, i: usize) -> usize {
        self.clue.rows[r].cells.iter().position(|&(j, _)| j as usize == i).unwrap_or(0)
    }

    /// Fill cells `i..` from automaton state `state`; each filling found adds its digits to
    /// `keep` (and, `all`, to `found`). Whether to stop: at the first filling unless `all`,
    /// else past `want` fillings; or past [`NODES`] nodes.
    fn search(&mut self, i: usize, state: u32, keep: &mut [u64], all: bool) -> bool {
        if i == self.clue.cells.len() {
            if self.aux_value.contains(&-1) && !self.aux_fit() {
                return self.nodes > self.limit;
            }
            for (k, &d) in keep.iter_mut().zip(&self.placed) {
                *k |= bit(d);
            }
            if !all {
                return true;
            }
            self.found.push(self.placed.clone());
            return self.found.len() > self.want;
        }
        for d in digits(self.dom[i]) {
            self.nodes += 1;
            if self.nodes > self.limit {
                return true;
            }
            if self.clue.differ[i].iter().any(|&(j, mask)| self.placed[j as usize] == d && mask & bit(d) != 0) {
                continue;
            }
            let mut next = state;
            if let Some(a) = self.automaton {
                if i < a.cells.len() {
                    next = a.next(state, d as usize);
                    if next == NO_STATE || self.alive[i + 1][next as usize / 64] >> (next % 64) & 1 == 0 {
                        continue;
                    }
                }
            }
            // Fix the cell's coefficient in each of its rows.
            let mut ok = true;
            for &r in &self.clue.rows_of[i] {
                let r = r as usize;
                let s = self.slot(r, i);
                let x = self.clue.rows[r].cells[s].1[d as usize - 1];
                let (a, b) = self.low[r][s];
                self.lo[r] += x - a;
                self.hi[r] += x - b;
                ok &= self.row_ok(r) && self.rest_ok(r, i);
            }
            let mut stop = false;
            if ok {
                self.placed[i] = d;
                stop = self.search(i + 1, next, keep, all);
                self.placed[i] = 0;
            }
            for &r in &self.clue.rows_of[i] {
                let r = r as usize;
                let s = self.slot(r, i);
                let x = self.clue.rows[r].cells[s].1[d as usize - 1];
                let (a, b) = self.low[r][s];
                self.lo[r] -= x - a;
                self.hi[r] -= x - b;
            }
            if stop {
                return true;
            }
        }
        false
    }

    /// With every cell placed: whether the auxiliary variables can take values that keep every
    /// row (a search over them, bounded row by row).
    fn aux_fit(&mut self) -> bool {
        let rows = &self.clue.rows;
        // What the placed cells give each row (its auxiliary part left out).
        let base: Vec<i64> = rows
            .iter()
            .map(|row| row.cells.iter().map(|(i, coef)| coef[self.placed[*i as usize] as usize - 1]).sum())
            .collect();
        let mut value = self.aux_value.clone();
        fn holds(rows: &[LocalRow], base: &[i64], value: &[i8]) -> bool {
            rows.iter().zip(base).all(|(row, &b)| {
                let (lo, hi) = aux_bounds(&row.aux, value);
                row.admits(b + lo, b + hi)
            })
        }
        fn go(rows: &[LocalRow], base: &[i64], value: &mut [i8], j: usize, nodes: &mut u64, limit: u64) -> bool {
            *nodes += 1;
            if !holds(rows, base, value) || *nodes > limit {
                return false;
            }
            // The next variable the choices left free.
            let Some(j) = (j..value.len()).find(|&j| value[j] == -1) else { return true };
            for v in [0, 1] {
                value[j] = v;
                if go(rows, base, value, j + 1, nodes, limit) {
                    return true;
                }
            }
            value[j] = -1;
            false
        }
        go(rows, &base, &mut value, 0, &mut self.nodes, self.limit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_ip_model::{Puzzle, Row};

    #[test]
    fn houses_are_named_together_by_kind_with_runs_as_ranges() {
        let names = |list: &[&str]| houses_named(&list.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(names(&["row 2", "row 3", "row 4", "row 9", "row 1"]), ["rows 1 to 4 and 9"]);
        assert_eq!(names(&["column 9", "row 9", "column 1", "box 5"]), ["columns 1 and 9", "row 9", "box 5"]);
        assert_eq!(names(&["box 1", "box 2", "box 3"]), ["boxes 1 to 3"]);
        assert_eq!(names(&["the cells r1c1 and r1c2"]), ["the cells r1c1 and r1c2"]);
    }

    /// The rows of a 4×4 as houses: cells 4r to 4r + 3.
    fn rows_4x4() -> Vec<House> {
        (0..4u32)
            .map(|r| House {
                cells: (4 * r..4 * r + 4).collect(),
                full: true,
                kind: RowKind::Row(r as u16),
                label: format!("row {}", r + 1),
            })
            .collect()
    }

    #[test]
    fn a_sum_over_whole_houses_counts_their_totals_and_a_mostly_covered_house_its_other_cells() {
        // A 4×4 pill r1c1-r1c2 (10a + b) that sums the other 14 cells: rows 2-4 hold 10 each,
        // r1c3 + r1c4 = 10 - a - b, so 11a + 2b = 40.
        let d: Vec<i64> = (1..=4).collect();
        let mut cells: Vec<(u32, Vec<i64>)> =
            vec![(0, d.iter().map(|x| -10 * x).collect()), (1, d.iter().map(|x| -x).collect())];
        cells.extend((2..16).map(|k| (k, d.clone())));
        let mut row = GlobalRow { cells, aux: Vec::new(), sense: Sense::Eq, rhs: 0 };
        let taken = take_houses(&mut row, &rows_4x4(), 0);
        assert_eq!(taken, vec![1, 2, 3, 0]);
        assert_eq!(row.cells, vec![(0, vec![-11, -22, -33, -44]), (1, vec![-2, -4, -6, -8])]);
        assert_eq!(row.rhs, -40);
        // Half a house or less: trading its cells for the others would not shorten the row.
        let mut row = GlobalRow {
            cells: vec![(0, d.clone()), (1, d.clone()), (4, d.clone())],
            aux: Vec::new(),
            sense: Sense::Le,
            rhs: 7,
        };
        assert!(take_houses(&mut row, &rows_4x4(), 0).is_empty());
        assert_eq!(row.rhs, 7);
    }

    /// What the clue's rows allow its cells, by trying every filling of its cells from `dom`
    /// (cells that see each other differ) and every value of its auxiliary variables: the
    /// model's rows evaluated term by term, nothing of the search's. `None`: no filling.
    fn brute_force(logic: &Logic, model: &Model, c: usize, dom: &[u64]) -> Option<Vec<u64>> {
        let n = logic.n;
        let cube = (n * n * n) as u32;
        let clue = &model.clues()[logic.clues[c].source];
        // A line automaton stands for the rows it replaces (its own tests hold it to them).
        let automaton = model.automata().get(clue.automata.start as usize).filter(|_| !clue.automata.is_empty());
        let replaced = |r: &Row, i: u32| {
            automaton
                .is_some_and(|a| a.replaces_rows.contains(&i) || r.terms.iter().any(|(v, _)| a.replaces.contains(v)))
        };
        let rows: Vec<&Row> = clue
            .rows
            .clone()
            .filter(|&r| !replaced(&model.rows()[r as usize], r))
            .map(|r| &model.rows()[r as usize])
            .collect();
        let cells = &logic.clues[c].cells;
        let mut aux: Vec<u32> = rows
            .iter()
            .flat_map(|r| r.terms.iter().map(|&(v, _)| v))
            .filter(|&v| v >= cube && model.fixed()[v as usize].is_none())
            .collect();
        aux.sort_unstable();
        aux.dedup();
        assert!(aux.len() <= 16, "{} auxiliary variables", aux.len());
        let holds = |digit_of: &dyn Fn(u32) -> u8, one: &dyn Fn(u32) -> bool| {
            rows.iter().all(|row| {
                let lhs: i64 = row
                    .terms
                    .iter()
                    .filter(|&&(v, _)| {
                        if v < cube {
                            digit_of(v / n as u32) == (v % n as u32) as u8 + 1
                        } else {
                            model.fixed()[v as usize].unwrap_or_else(|| one(v))
                        }
                    })
                    .map(|&(_, a)| i64::from(a))
                    .sum();
                match row.sense {
                    Sense::Le => lhs <= i64::from(row.rhs),
                    Sense::Eq => lhs == i64::from(row.rhs),
                    Sense::Ge => lhs >= i64::from(row.rhs),
                }
            })
        };
        let mut keep = vec![0u64; cells.len()];
        let mut placed = vec![0u8; cells.len()];
        fn go(
            i: usize,
            placed: &mut Vec<u8>,
            dom: &[u64],
            f: &mut dyn FnMut(&[u8]),
            differ: &dyn Fn(usize, usize, u8) -> bool,
        ) {
            if i == placed.len() {
                f(placed);
                return;
            }
            for d in digits(dom[i]) {
                if (0..i).any(|j| placed[j] == d && differ(i, j, d)) {
                    continue;
                }
                placed[i] = d;
                go(i + 1, placed, dom, f, differ);
            }
            placed[i] = 0;
        }
        let differ = |i: usize, j: usize, d: u8| logic.sees(cells[i] as usize, cells[j] as usize, d);
        go(
            0,
            &mut placed,
            dom,
            &mut |filling: &[u8]| {
                let digit_of = |cell: u32| cells.iter().position(|&k| k == cell).map_or(0, |p| filling[p]);
                if let Some(a) = automaton {
                    let line: Vec<usize> = a.cells.iter().map(|c| digit_of(c.index(n) as u32) as usize).collect();
                    if !a.accepts(&line) {
                        return;
                    }
                }
                let fits = (0..1u32 << aux.len()).any(|bits| {
                    let one = |v: u32| aux.iter().position(|&x| x == v).is_some_and(|p| bits >> p & 1 == 1);
                    holds(&digit_of, &one)
                });
                if fits {
                    for (k, &d) in keep.iter_mut().zip(filling) {
                        *k |= bit(d);
                    }
                }
            },
            &differ,
        );
        keep.iter().all(|&k| k != 0).then_some(keep)
    }

    fn example(name: &str) -> Puzzle {
        let path = format!("{}/../../examples/{name}.json", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("example");
        sudoku_ip_formats::parse_puzzle(&text, &sudoku_ip_formats::ParseOptions::default()).expect("example parses")
    }

    #[test]
    fn a_clue_keeps_exactly_the_digits_some_filling_of_its_rows_uses() {
        // Every rule with clues, on random positions around the solution (its digit always a
        // candidate, others at random), small enough to try every filling.
        let names = [
            "thermometer",
            "slow-thermometer",
            "renban",
            "whispers",
            "between-line",
            "arrow",
            "double-arrow",
            "pill-arrow",
            "little-killer",
            "sandwich",
            "x-sum",
            "skyscraper",
            "quadruple",
            "palindrome",
            "clone",
            "kropki",
            "kropki-values",
            "xv",
            "zipper-line",
            "region-sum-line",
            "entropic-line",
            "modular-line",
            "nabner",
            "digital-root",
            "min-max",
            "indexer",
            "non-consecutive",
            "kropki-values-all-given",
        ];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let (mut checked, mut paired) = (0, 0);
        for name in names {
            let puzzle = example(name);
            let model = Model::build(&puzzle);
            let solution = super::super::unique_solution(&model, &Default::default()).expect("unique").0;
            let mut logic = Logic::new(&model, false);
            assert!(!logic.clues.is_empty(), "{name}: no clue");
            // What the model's fixings leave each cell (givens and the rules' exclusions).
            let start: Vec<u64> = (0..solution.len())
                .map(|k| match logic.value[k] {
                    0 => logic.cand[k],
                    d => bit(d),
                })
                .collect();
            for _ in 0..12 {
                for (k, &s) in solution.iter().enumerate() {
                    logic.value[k] = 0;
                    logic.cand[k] = (bit(s) | (next() & next())) & start[k];
                }
                for c in 0..logic.clues.len() {
                    let dom = logic.clue_domain(c);
                    let size: f64 = dom.iter().map(|m| f64::from(m.count_ones())).product();
                    if size > 200_000.0 {
                        continue;
                    }
                    let want = brute_force(&logic, &model, c, &dom);
                    // What the parts allow alone holds every filling's digits, within the
                    // candidates.
                    match (logic.clue_relaxed(c, &dom), &want) {
                        (Some(relaxed), Some(w)) => {
                            for ((&r, &w), &d) in relaxed.iter().zip(w).zip(&dom) {
                                assert!(r & w == w && r & !d == 0, "{name}: {} relaxed", logic.clues[c].label);
                            }
                        }
                        (None, Some(_)) => panic!("{name}: {} relaxed to nothing", logic.clues[c].label),
                        (_, None) => {}
                    }
                    let got = logic.clue_search(c, &dom, NODES).0;
                    match (&got, &want) {
                        (Allowed::Digits(keep), Some(w)) => assert_eq!(keep, w, "{name}: {}", logic.clues[c].label),
                        (Allowed::Nothing, None) => {}
                        (Allowed::Partial(_), _) => {
                            panic!("{name}: {} gave up on {size} fillings", logic.clues[c].label)
                        }
                        _ => panic!(
                            "{name}: {} allows {}, brute force {want:?}",
                            logic.clues[c].label,
                            matches!(got, Allowed::Nothing)
                        ),
                    }
                    // The solution's digits fill the clue, so nothing may take them.
                    if let Allowed::Digits(keep) = &got {
                        for (i, &k) in logic.clues[c].cells.iter().enumerate() {
                            assert!(keep[i] & bit(solution[k as usize]) != 0, "{name}: {}", logic.clues[c].label);
                        }
                    }
                    // A pair clue's table (what chains read instead of its rows) agrees.
                    if logic.clues[c].pair.is_some() {
                        let table = logic.pair_allows(c).map(|keep| keep.to_vec());
                        assert_eq!(table, want, "{name}: {} by its table", logic.clues[c].label);
                        paired += 1;
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 500, "only {checked} clue positions checked");
        assert!(paired > 100, "only {paired} pair clue positions checked");
    }
}

//! Where a solver stands and the structure of the model it stands in: candidates and
//! placements; the model's rows read as units ("digit `d` at most / exactly once in these
//! cells"), houses (cell sets where all digits differ), cliques (at most one of these
//! variables) and the other rows (sums, thermometers, dots: [`CellRow`]); what a house is
//! called for people, from the model row's typed kind ([`RowKind`]), never from its name.

use std::collections::HashMap;

use sudoku_ip_model::{Cancel, Cell, Model, RowKind, Sense};

use super::arithmetic::{CellRow, SumRow};
use super::step::{cell_list, removals_text, Candidate, CandidatesError, Position, Step};
use super::{als, clue_logic, memo, nested, Technique};
use crate::GenerateError;

/// What people call the house or row of kind `kind` over `cells` of an `n`×`n` grid: "row 3",
/// "box 5", "the cage r1c1, r1c2 and r2c1", "the diagonal r1c1 to r9c9".
pub(super) fn house_name(kind: RowKind, cells: &[u32], n: usize) -> String {
    let number = |i: u16| usize::from(i) + 1;
    match kind {
        RowKind::Row(i) => format!("row {}", number(i)),
        RowKind::Column(i) => format!("column {}", number(i)),
        RowKind::Box(i) => format!("box {}", number(i)),
        RowKind::Region(i) => format!("region {}", number(i)),
        RowKind::Cell => cell_list(cells.iter().map(|&k| Cell::from_index(k as usize, n))),
        RowKind::Rule(rule) => format!("the {} {}", rule_noun(rule), cells_text(cells, n)),
        _ => format!("the cells {}", cells_text(cells, n)),
    }
}

/// Add `a` times cell-digit variable `v` (of a side-`n` grid) to a row read per cell: each
/// cell with the coefficient of each of its digits (digit `d` at `d − 1`), cells in the order
/// they first come.
pub(super) fn add_cell_term(by_cell: &mut Vec<(u32, Vec<i64>)>, v: u32, a: i64, n: usize) {
    let cell = v / n as u32;
    let slot = match by_cell.iter().position(|(k, _)| *k == cell) {
        Some(i) => i,
        None => {
            by_cell.push((cell, vec![0; n]));
            by_cell.len() - 1
        }
    };
    by_cell[slot].1[(v % n as u32) as usize] += a;
}

/// The cells of a rule's row for people: all of them up to six, else the first and the last.
fn cells_text(cells: &[u32], n: usize) -> String {
    let cell = |k: u32| Cell::from_index(k as usize, n);
    match cells {
        [first, .., last] if cells.len() > 6 => format!("{} to {} ({} cells)", cell(*first), cell(*last), cells.len()),
        _ => cell_list(cells.iter().map(|&k| cell(k))),
    }
}

/// What a rule's rows are called in a sentence ("the cage …"), by the rule's name.
fn rule_noun(rule: &str) -> String {
    match rule {
        "killer" => "cage".into(),
        "windows" => "window".into(),
        "extra-regions" => "extra region".into(),
        "diagonal" | "positive-diagonal" | "negative-diagonal" => "diagonal".into(),
        "anti-knight" => "knight's move".into(),
        "anti-king" => "king's move".into(),
        "disjoint-groups" => "disjoint group".into(),
        "little-killer" => "little killer diagonal".into(),
        "renban" | "german-whispers" | "palindrome" => format!("{} line", rule.replace('-', " ")),
        "non-consecutive" => "non-consecutive pair".into(),
        other => other.replace('-', " "),
    }
}

/// A box or jigsaw region (SE weighs a hidden single there lower than in a line).
pub(super) fn is_region(kind: RowKind) -> bool {
    matches!(kind, RowKind::Box(_) | RowKind::Region(_))
}

/// A row or column of the grid.
pub(super) fn is_line(kind: RowKind) -> bool {
    matches!(kind, RowKind::Row(_) | RowKind::Column(_))
}

/// "Digit `d` at most (`exact`: exactly) once in `cells`".
pub(super) struct Unit {
    pub(super) digit: u8,
    pub(super) cells: Vec<u32>,
    pub(super) exact: bool,
    /// What the model row stands for.
    pub(super) kind: RowKind,
    /// For people: "row 3", "box 5", "the cage r1c1, r1c2 and r2c1".
    pub(super) label: String,
}

/// A cell set in which all digits differ (`full`: each digit exactly once).
pub(super) struct House {
    pub(super) cells: Vec<u32>,
    pub(super) full: bool,
    pub(super) kind: RowKind,
    pub(super) label: String,
}

/// Candidates and placements, and the structure of the model they live in.
#[derive(Clone)]
pub(super) struct State {
    /// Per cell: candidate digits, bit `d − 1` (0 once placed).
    pub(super) cand: Vec<u64>,
    /// Per cell: the placed digit, 0 if none.
    pub(super) value: Vec<u8>,
    /// Per unit: its digit is placed in one of its cells.
    pub(super) done: Vec<bool>,
    pub(super) broken: bool,
}

/// Candidates and placements, and the structure of the model they live in.
pub(super) struct Logic {
    pub(super) n: usize,
    /// Per cell: candidate digits, bit `d − 1` (0 once placed).
    pub(super) cand: Vec<u64>,
    /// Per cell: the placed digit, 0 if none.
    pub(super) value: Vec<u8>,
    pub(super) units: Vec<Unit>,
    /// Per variable: the units that contain it.
    pub(super) units_of: Vec<Vec<u32>>,
    /// Per unit: its digit is placed in one of its cells.
    pub(super) done: Vec<bool>,
    /// Rows "at most one of these variables", over several digits: placements rule out the rest.
    pub(super) cliques: Vec<Vec<u32>>,
    /// Per clique: exactly one (an `=` row), so its last two open variables are a strong link.
    pub(super) clique_exact: Vec<bool>,
    pub(super) cliques_of: Vec<Vec<u32>>,
    pub(super) houses: Vec<House>,
    /// Per unit: the full house whose cells it has (`u32::MAX` if none), for
    /// [`Logic::many_holders`].
    pub(super) unit_house: Vec<u32>,
    /// Per house: the digits of two or more of its cells' candidates, and the pass of chain
    /// propagation they were counted in (see [`Logic::many_holders`]).
    pub(super) house_many: Vec<(u64, u64)>,
    /// Counts passes (and placements within one) of chain propagation.
    pub(super) scan: u64,
    /// Per unit: the most cells it shares with another unit of its digit. A unit whose digit
    /// more of its cells hold than that is locked in no other (chains' locked candidates
    /// skip it).
    pub(super) max_overlap: Vec<usize>,
    /// A buffer for the cells of a unit that hold its digit.
    pub(super) holders: Vec<usize>,
    pub(super) rows: Vec<CellRow>,
    /// Rows of `rows` that are sums of distinct digits.
    pub(super) sums: Vec<(usize, SumRow)>,
    /// Rows the 45 rule derives from houses and cages, each with its combinations when its cells
    /// all see each other.
    pub(super) derived: Vec<(CellRow, Option<SumRow>)>,
    /// The model's combined sums, by house (`set_sums.rs`).
    pub(super) set_sums: Vec<super::set_sums::SetSum>,
    /// No variant rule: swapping two digits in a rectangle keeps a solution a solution, which
    /// the uniqueness techniques rely on.
    pub(super) plain: bool,
    pub(super) broken: bool,
    /// Per variable: the cells whose same digit it excludes (a bit per cell; empty until the
    /// ALS techniques first need it, on grids of at most 128 cells).
    pub(super) peers: Vec<u128>,
    /// The ALS of the last position the ALS techniques looked at.
    pub(super) als_cache: Option<als::AlsCache>,
    /// Exactly-once units of one digit that share two cells or more (see
    /// [`Logic::unit_crossings`]).
    pub(super) crossings: Vec<(u32, u32)>,
    /// Per digit `d` (at `d`): its exactly-once units, in order.
    pub(super) exact_units: Vec<Vec<u32>>,
    /// What the techniques that search digit by digit found nothing in (see `memo.rs`).
    pub(super) memo: memo::Memo,
    /// The digits (bit `d − 1`) such a technique is to search now: all but those [`memo::Memo`]
    /// knows to give nothing.
    pub(super) scope: u64,
    /// Read before each technique: one step of a big grid can take seconds.
    pub(super) cancel: Cancel,
    /// Why the last [`Logic::next_step`] stopped before it found a step, if it did.
    pub(super) stopped: Option<String>,
    /// The model's auxiliary variables (a rule's own binaries, past the cell-digit cube).
    pub(super) aux_count: usize,
    /// The rows of [`Logic::rows`] with auxiliary variables, and per auxiliary variable the
    /// rows it is in.
    pub(super) aux_rows: Vec<u32>,
    pub(super) rows_of_aux: Vec<Vec<u32>>,
    /// Forcing chains and nets propagate locked candidates too, not only singles and rows
    /// (SE's dynamic forcing chains "plus"; `forcing.rs`).
    pub(super) plus: bool,
    /// Inside a nested chain: the inner technique its propagation applies when everything else
    /// stalls (`nested.rs`); `None` outside one.
    pub(super) nested: Option<nested::Inner>,
    /// Assumptions the inner technique of nested chains has tested so far in this rating.
    pub(super) nested_work: u64,
    /// `nested_work` when the last nested step was found (0 before any).
    pub(super) nested_mark: u64,
    /// The rows and cliques a chain's propagation walks, all but those of pair clues (their
    /// tables read them, at about the cost of a single): what an assumption costs beyond its
    /// singles in nested chains' budget.
    pub(super) walked_rows: usize,
    /// Nested chains spent their budget on a variant's model (see `nested.rs`): not tried again.
    pub(super) nested_spent: bool,
    /// The rules' clues, each read as a whole (`clue_logic.rs`).
    pub(super) clues: Vec<clue_logic::ClueRows>,
    /// The model's line automata (a clue's line may be read by one).
    pub(super) automata: Vec<sudoku_ip_model::LineAutomaton>,
    /// What each clue allowed in positions seen before.
    pub(super) clue_memo: clue_logic::ClueMemo,
    /// Inside a propagation: the position after its last pass over the rows (empty before
    /// one), so that the next pass skips rows whose cells have not changed (`forcing.rs`).
    pub(super) rows_seen: Vec<u64>,
    /// Untraced assumptions take the queue of `quick.rs` (set around a loop over one position's
    /// candidates where [`Logic::quick_ready`]).
    pub(super) quick: bool,
    /// The queue's buffers (`quick.rs`).
    pub(super) trail: super::quick::Trail,
    /// Inside a nested search on the queue: what each candidate reaches from its root
    /// (`quick.rs`).
    pub(super) inner_root: Option<super::quick::Reach>,
}

pub(super) fn bit(d: u8) -> u64 {
    1u64 << (d - 1)
}

pub(super) fn digits(mask: u64) -> impl Iterator<Item = u8> {
    let mut m = mask;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let d = m.trailing_zeros() as u8 + 1;
            m &= m - 1;
            d
        })
    })
}

/// Calls `f` on each `k`-subset of `0..len` (as sorted indices) until it returns true.
pub(super) fn any_subset(len: usize, k: usize, f: &mut impl FnMut(&[usize]) -> bool) -> bool {
    fn go(start: usize, len: usize, k: usize, pick: &mut Vec<usize>, f: &mut impl FnMut(&[usize]) -> bool) -> bool {
        if pick.len() == k {
            return f(pick);
        }
        for i in start..len {
            pick.push(i);
            if go(i + 1, len, k, pick, f) {
                return true;
            }
            pick.pop();
        }
        false
    }
    go(0, len, k, &mut Vec::with_capacity(k), f)
}

/// Calls `f` on each `k`-subset of `0..masks.len()` (as sorted indices, in the order of
/// [`any_subset`]) whose masks together have at most `most` bits, until it returns true;
/// a partial subset whose masks' union `hopeless` rejects is not extended (`f` must fail on
/// every subset whose union holds it).
pub(super) fn any_narrow_subset(
    masks: &[u64],
    k: usize,
    most: u32,
    hopeless: &impl Fn(u64) -> bool,
    f: &mut impl FnMut(&[usize]) -> bool,
) -> bool {
    struct Search<'a, H, F> {
        masks: &'a [u64],
        k: usize,
        most: u32,
        hopeless: &'a H,
        f: &'a mut F,
        pick: Vec<usize>,
    }
    impl<H: Fn(u64) -> bool, F: FnMut(&[usize]) -> bool> Search<'_, H, F> {
        fn go(&mut self, start: usize, union: u64) -> bool {
            if self.pick.len() == self.k {
                return (self.f)(&self.pick);
            }
            for i in start..self.masks.len() {
                let wider = union | self.masks[i];
                if wider.count_ones() > self.most {
                    continue;
                }
                self.pick.push(i);
                if !(self.hopeless)(wider) && self.go(i + 1, wider) {
                    return true;
                }
                self.pick.pop();
            }
            false
        }
    }
    Search { masks, k, most, hopeless, f, pick: Vec::with_capacity(k) }.go(0, 0)
}

/// Calls `f` on each `k`-subset of the bits of `mask` (as a mask), in the order [`any_subset`]
/// visits them (lowest bits first), until it returns true.
pub(super) fn any_bit_subset(mask: u64, k: usize, f: &mut impl FnMut(u64) -> bool) -> bool {
    fn go(rest: u64, k: usize, acc: u64, f: &mut impl FnMut(u64) -> bool) -> bool {
        if k == 0 {
            return f(acc);
        }
        let mut m = rest;
        while m.count_ones() as usize >= k {
            let low = m & m.wrapping_neg();
            m &= m - 1;
            if go(m, k - 1, acc | low, f) {
                return true;
            }
        }
        false
    }
    go(mask, k, 0, f)
}

impl Logic {
    pub(super) fn new(model: &Model, plain: bool) -> Logic {
        let n = model.n();
        let cells = n * n;
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut logic = Logic {
            n,
            cand: vec![full; cells],
            value: vec![0; cells],
            units: Vec::new(),
            units_of: vec![Vec::new(); cells * n],
            done: Vec::new(),
            cliques: Vec::new(),
            clique_exact: Vec::new(),
            cliques_of: vec![Vec::new(); cells * n],
            houses: Vec::new(),
            unit_house: Vec::new(),
            house_many: Vec::new(),
            scan: 0,
            max_overlap: Vec::new(),
            holders: Vec::new(),
            rows: Vec::new(),
            sums: Vec::new(),
            derived: Vec::new(),
            set_sums: Vec::new(),
            plain,
            broken: false,
            peers: Vec::new(),
            als_cache: None,
            crossings: Vec::new(),
            exact_units: vec![Vec::new(); n + 1],
            memo: memo::Memo::default(),
            scope: u64::MAX,
            cancel: Cancel::default(),
            stopped: None,
            aux_count: 0,
            aux_rows: Vec::new(),
            rows_of_aux: Vec::new(),
            plus: false,
            nested: None,
            nested_work: 0,
            walked_rows: 0,
            nested_mark: 0,
            nested_spent: false,
            clues: Vec::new(),
            automata: model.automata().to_vec(),
            clue_memo: Default::default(),
            rows_seen: Vec::new(),
            quick: false,
            trail: Default::default(),
            inner_root: None,
        };
        // Cell sets of units → (digits with a unit there, all of them exact, kind).
        let mut sets: HashMap<Vec<u32>, (u64, bool, RowKind)> = HashMap::new();
        let cube = (cells * n) as u32;
        let fixed = model.fixed();
        logic.aux_count = fixed.len().saturating_sub(cube as usize);
        // Rows a rule adds only for propagation (the killer's leftovers): the rater derives its
        // own innies and outies, named by their houses and cages.
        // Per model row: its place in `rows`, if it has one.
        let mut row_of = vec![None; model.rows().len()];
        // Per clique: its place in `rows`.
        let mut clique_rows: Vec<usize> = Vec::new();
        // Rows a clue's automaton restates (a skyscraper's or zipper's auxiliary rows): clue
        // logic reads the line through the automaton, exactly, so they are left out.
        let mut restated = vec![false; model.rows().len()];
        for clue in model.clues() {
            for a in &model.automata()[clue.automata.start as usize..clue.automata.end as usize] {
                for r in clue.rows.clone() {
                    let row = &model.rows()[r as usize];
                    restated[r as usize] |=
                        a.replaces_rows.contains(&r) || row.terms.iter().any(|(v, _)| a.replaces.contains(v));
                }
            }
        }
        for (index, row) in
            model.rows().iter().enumerate().filter(|&(i, r)| !matches!(r.kind, RowKind::Implied(_)) && !restated[i])
        {
            let in_clue = false;
            let cell_of = |v: u32| v / n as u32;
            let digit_of = |v: u32| (v % n as u32) as u8 + 1;
            // A rule's auxiliary variables (past the cube) are unknowns here: a fixed one is a
            // constant, a free one widens the row's bounds by its coefficient.
            let (mut terms, mut aux, mut rhs) = (Vec::with_capacity(row.terms.len()), Vec::new(), row.rhs as i64);
            let mut aux_terms: Vec<(u32, i64)> = Vec::new();
            for &(v, a) in &row.terms {
                match (v < cube, fixed.get(v as usize).copied().flatten()) {
                    (true, _) => terms.push((v, a)),
                    (false, Some(one)) => rhs -= if one { a as i64 } else { 0 },
                    (false, None) => {
                        aux.push(a as i64);
                        aux_terms.push((v - cube, a as i64));
                    }
                }
            }
            if terms.is_empty() && !aux_terms.is_empty() {
                // A row of the rule's own variables alone (a renban's "one window"): it narrows
                // them, and through them the cells ([`Logic::aux_domains`]).
                let label = house_name(row.kind, &[], n).trim_end().to_string();
                let free = aux.iter().fold((0, 0), |(lo, hi), &a| (lo + a.min(0), hi + a.max(0)));
                row_of[index] = Some(logic.rows.len());
                logic.rows.push(CellRow {
                    cells: Vec::new(),
                    sense: row.sense,
                    rhs,
                    free,
                    aux: aux_terms,
                    label,
                    in_clue,
                    paired: false,
                });
                continue;
            }
            let first = terms.first().map(|&(v, _)| v);
            let one_cell = first.is_some_and(|f| terms.iter().all(|&(v, _)| cell_of(v) == cell_of(f)));
            // "At most one of these": dropping free auxiliary terms of positive coefficient keeps
            // it true; "exactly one" only without them.
            let clique =
                rhs == 1 && row.sense != Sense::Ge && terms.iter().all(|&(_, a)| a == 1) && aux.iter().all(|&a| a > 0);
            let exact = row.sense == Sense::Eq && aux.is_empty();
            if terms.is_empty() || (one_cell && clique && terms.len() == n && exact) {
                continue; // nothing on the grid, or a cell row: implicit in the candidates
            }
            let one_digit = first.is_some_and(|f| terms.iter().all(|&(v, _)| digit_of(v) == digit_of(f)));
            if clique && one_digit && !one_cell {
                let id = logic.units.len() as u32;
                let mut unit_cells: Vec<u32> = terms.iter().map(|&(v, _)| cell_of(v)).collect();
                unit_cells.sort_unstable();
                for &(v, _) in &terms {
                    logic.units_of[v as usize].push(id);
                }
                let digit = first.map_or(1, digit_of);
                let entry = sets.entry(unit_cells.clone()).or_insert((0, true, row.kind));
                entry.0 |= bit(digit);
                entry.1 &= exact;
                let label = house_name(row.kind, &unit_cells, n);
                logic.units.push(Unit { digit, cells: unit_cells, exact, kind: row.kind, label });
                if aux.is_empty() {
                    continue;
                }
            }
            if clique {
                let id = logic.cliques.len() as u32;
                for &(v, _) in &terms {
                    logic.cliques_of[v as usize].push(id);
                }
                logic.cliques.push(terms.iter().map(|&(v, _)| v).collect());
                clique_rows.push(logic.rows.len()); // the row pushed below
                logic.clique_exact.push(exact);
            }
            let mut by_cell: Vec<(u32, Vec<i64>)> = Vec::new();
            for &(v, a) in &terms {
                add_cell_term(&mut by_cell, v, a as i64, n);
            }
            let label = house_name(row.kind, &by_cell.iter().map(|&(k, _)| k).collect::<Vec<_>>(), n);
            let (free_low, free_high) = aux.iter().fold((0, 0), |(lo, hi), &a| (lo + a.min(0), hi + a.max(0)));
            row_of[index] = Some(logic.rows.len());
            logic.rows.push(CellRow {
                cells: by_cell,
                sense: row.sense,
                rhs,
                free: (free_low, free_high),
                aux: aux_terms,
                label,
                in_clue,
                paired: false,
            });
        }
        let mut houses: Vec<House> = sets
            .into_iter()
            .filter(|(_, (mask, _, _))| *mask == full)
            .map(|(cells, (_, exact, kind))| {
                let label = house_name(kind, &cells, n);
                House { full: exact && cells.len() == n, cells, kind, label }
            })
            .collect();
        // HashMap order is arbitrary; sort so the rating does not depend on it.
        houses.sort_by(|a, b| a.cells.cmp(&b.cells));
        logic.houses = houses;
        logic.set_sums = Logic::set_sums_of(model, &logic.houses);
        let house_of: HashMap<&[u32], u32> = logic
            .houses
            .iter()
            .enumerate()
            .filter(|(_, h)| h.full)
            .map(|(i, h)| (h.cells.as_slice(), i as u32))
            .collect();
        logic.unit_house =
            logic.units.iter().map(|u| house_of.get(u.cells.as_slice()).copied().unwrap_or(u32::MAX)).collect();
        logic.house_many = vec![(0, 0); logic.houses.len()];
        logic.max_overlap = (0..logic.units.len())
            .map(|u| {
                let d = logic.units[u].digit;
                let mut shared: HashMap<u32, usize> = HashMap::new();
                for &k in &logic.units[u].cells {
                    for &h in &logic.units_of[logic.var(k as usize, d)] {
                        if h as usize != u {
                            *shared.entry(h).or_default() += 1;
                        }
                    }
                }
                shared.values().copied().max().unwrap_or(0)
            })
            .collect();
        logic.done = vec![false; logic.units.len()];
        logic.crossings = logic.unit_crossings();
        for (u, unit) in logic.units.iter().enumerate() {
            if unit.exact {
                logic.exact_units[unit.digit as usize].push(u as u32);
            }
        }
        logic.rows_of_aux = vec![Vec::new(); logic.aux_count];
        for (r, row) in logic.rows.iter().enumerate() {
            if !row.aux.is_empty() {
                logic.aux_rows.push(r as u32);
            }
            for &(j, _) in &row.aux {
                logic.rows_of_aux[j as usize].push(r as u32);
            }
        }
        logic.clues = Logic::clue_rows(model, n, &logic.units_of, &logic.houses);
        // The rows of a clue the rater reads as a whole are explained by it, and named after
        // it in chains ("r3c4 cannot be 9 (the sandwich clue 14 above column 5)").
        for clue in &logic.clues {
            for r in model.clues()[clue.source].rows.clone() {
                if let Some(i) = row_of[r as usize] {
                    if let Some(row) = logic.rows.get_mut(i) {
                        row.in_clue = true;
                        row.paired = clue.pair.is_some();
                        row.label.clone_from(&clue.label);
                    }
                }
            }
        }
        logic.walked_rows = logic.rows.iter().filter(|r| !r.paired).count()
            + clique_rows.iter().filter(|&&r| !logic.rows[r].paired).count();
        logic.clue_memo = clue_logic::ClueMemo::new(logic.clues.len());
        logic.sums = (0..logic.rows.len()).filter_map(|r| Some((r, logic.sum_row(&logic.rows[r])?))).collect();
        logic.derived = logic
            .derived_rows()
            .into_iter()
            .map(|row| {
                let sum = logic.sum_row(&row);
                (row, sum)
            })
            .collect();
        for (v, f) in fixed.iter().enumerate().take(cube as usize) {
            if *f == Some(false) {
                logic.cand[v / n] &= !(1u64 << (v % n));
            }
        }
        for (v, f) in fixed.iter().enumerate().take(cube as usize) {
            if *f == Some(true) && logic.value[v / n] == 0 {
                logic.place(v / n, (v % n) as u8 + 1);
            }
        }
        logic
    }

    /// Whether unit `u`'s digit is a candidate of two or more of its cells, when that is
    /// quick to tell: for a unit that is a full house's, from the house's digits counted once
    /// for all its units (again whenever [`Logic::scan`] moved on: a new pass, a placement).
    /// `false` means "look at the unit's cells".
    pub(super) fn many_holders(&mut self, u: usize) -> bool {
        let h = self.unit_house[u];
        if h == u32::MAX {
            return false;
        }
        let (many, at) = &mut self.house_many[h as usize];
        if *at != self.scan {
            let (mut once, mut twice) = (0u64, 0u64);
            for &k in &self.houses[h as usize].cells {
                let c = self.cand[k as usize];
                twice |= once & c;
                once |= c;
            }
            *many = twice;
            *at = self.scan;
        }
        *many & bit(self.units[u].digit) != 0
    }

    pub(super) fn var(&self, cell: usize, d: u8) -> usize {
        cell * self.n + d as usize - 1
    }

    pub(super) fn cell(&self, k: usize) -> Cell {
        Cell::from_index(k, self.n)
    }

    pub(super) fn candidate(&self, k: usize, d: u8) -> Candidate {
        Candidate { cell: self.cell(k), digit: d }
    }

    /// True when the candidates `d` of cells `a` and `b` exclude each other (they share a unit
    /// for `d`).
    pub(super) fn sees(&self, a: usize, b: usize, d: u8) -> bool {
        a != b && {
            let (ua, ub) = (&self.units_of[self.var(a, d)], &self.units_of[self.var(b, d)]);
            ua.iter().any(|u| ub.contains(u))
        }
    }

    pub(super) fn place(&mut self, cell: usize, d: u8) {
        if self.cand[cell] & bit(d) == 0 && self.value[cell] == 0 {
            self.broken = true;
        }
        self.value[cell] = d;
        self.cand[cell] = 0;
        let v = self.var(cell, d);
        for i in 0..self.units_of[v].len() {
            let u = self.units_of[v][i] as usize;
            self.done[u] = true;
            for j in 0..self.units[u].cells.len() {
                let k = self.units[u].cells[j] as usize;
                self.cand[k] &= !bit(d);
            }
        }
        for i in 0..self.cliques_of[v].len() {
            let q = self.cliques_of[v][i] as usize;
            for j in 0..self.cliques[q].len() {
                let w = self.cliques[q][j] as usize;
                if w != v {
                    self.cand[w / self.n] &= !(1u64 << (w % self.n));
                }
            }
        }
    }

    /// The candidates, a placed cell holding its digit's bit.
    pub(super) fn position(&self) -> Vec<u64> {
        self.cand.iter().zip(&self.value).map(|(&c, &v)| if v == 0 { c } else { bit(v) }).collect()
    }

    /// The candidates of the open cells, cell by cell.
    pub(super) fn open_candidates(&self) -> Vec<(usize, u8)> {
        (0..self.cand.len())
            .filter(|&k| self.value[k] == 0)
            .flat_map(|k| digits(self.cand[k]).map(move |d| (k, d)))
            .collect()
    }

    /// [`Logic::position`] or-ed into `kept`, cell by cell.
    pub(super) fn keep_position(&self, kept: &mut [u64]) {
        for ((keep, &c), &v) in kept.iter_mut().zip(&self.cand).zip(&self.value) {
            *keep |= if v == 0 { c } else { bit(v) };
        }
    }

    /// The candidates and which cells are filled.
    pub(super) fn snapshot(&self) -> Position {
        Position { candidates: self.position(), filled: self.value.iter().map(|&v| v != 0).collect() }
    }

    pub(super) fn save(&self) -> State {
        State { cand: self.cand.clone(), value: self.value.clone(), done: self.done.clone(), broken: self.broken }
    }

    pub(super) fn restore(&mut self, s: State) {
        self.cand = s.cand;
        self.value = s.value;
        self.done = s.done;
        self.broken = s.broken;
    }

    /// Start from a person's position: keep only the candidates of `start`, after checking
    /// that they keep the solution's digits, and fill the cells it says are filled (each must
    /// hold one candidate); an open cell with one candidate stays open, a naked single to find.
    pub(super) fn restrict(&mut self, start: &Position, solution: &[u8]) -> Result<(), GenerateError> {
        let (masks, filled) = (&start.candidates, &start.filled);
        if masks.len() != self.cand.len() || filled.len() != self.cand.len() {
            let found = if masks.len() != self.cand.len() { masks.len() } else { filled.len() };
            return Err(CandidatesError::Length { expected: self.cand.len(), found }.into());
        }
        for (k, &mask) in masks.iter().enumerate() {
            let d = solution[k];
            if mask & bit(d) == 0 {
                return Err(CandidatesError::RemovesSolution { cell: self.cell(k), digit: d }.into());
            }
            if self.value[k] == 0 {
                self.cand[k] &= mask;
            }
        }
        for (k, &mask) in masks.iter().enumerate() {
            if !filled[k] || self.value[k] != 0 {
                continue;
            }
            if mask.count_ones() != 1 {
                return Err(CandidatesError::PlacedNotSingle { cell: self.cell(k), found: mask.count_ones() }.into());
            }
            self.place(k, solution[k]);
        }
        Ok(())
    }

    /// Fails when `step` places a digit that is not the solution's or removes one that is.
    pub(super) fn check(&self, step: &Step, solution: &[u8]) -> Result<(), GenerateError> {
        let n = self.n;
        for c in &step.placements {
            if solution[c.cell.index(n)] != c.digit {
                return Err(GenerateError::InvalidSolution {
                    violation: format!("the rater's {} placed {} in {}", step.technique, c.digit, c.cell),
                });
            }
        }
        for c in &step.eliminations {
            if solution[c.cell.index(n)] == c.digit {
                return Err(GenerateError::InvalidSolution {
                    violation: format!("the rater's {} removed {} from {}", step.technique, c.digit, c.cell),
                });
            }
        }
        Ok(())
    }

    /// Take a step: its placements and eliminations.
    pub(super) fn take(&mut self, step: &Step) {
        let n = self.n;
        for c in &step.eliminations {
            self.cand[c.cell.index(n)] &= !bit(c.digit);
        }
        for c in &step.placements {
            let k = c.cell.index(n);
            if self.value[k] == 0 {
                self.place(k, c.digit);
            }
        }
    }

    /// The easiest step that makes progress, `None` when solved or stuck (or contradictory:
    /// `broken`).
    pub(super) fn next_step(&mut self) -> Option<Step> {
        if self.broken || self.value.iter().all(|&v| v != 0) {
            return None;
        }
        if self.cand.iter().zip(&self.value).any(|(&c, &v)| c == 0 && v == 0) {
            self.broken = true;
            return None;
        }
        for t in Technique::ALL {
            if let Some(reason) = self.cancel.stop_reason() {
                self.stopped = Some(reason);
                return None;
            }
            let step = self.find_remembering(t);
            if self.broken {
                return None;
            }
            if step.is_some() {
                return step;
            }
        }
        None
    }

    /// The technique's easiest step here (its row of the technique table).
    pub(super) fn find(&mut self, t: Technique) -> Option<Step> {
        t.find(self)
    }

    /// A step that removes `removed` (those still candidates), or `None` when none is;
    /// `removed` `None` is a contradiction (`broken`).
    pub(super) fn removal_step(
        &mut self,
        removed: Option<Vec<(usize, u8)>>,
        technique: Technique,
        text: impl FnOnce(&Self) -> String,
    ) -> Option<Step> {
        let Some(mut list) = removed else {
            self.broken = true;
            return None;
        };
        list.retain(|&(k, d)| self.cand[k] & bit(d) != 0);
        list.sort_unstable();
        list.dedup();
        if list.is_empty() {
            return None;
        }
        let eliminations: Vec<Candidate> = list.iter().map(|&(k, d)| self.candidate(k, d)).collect();
        let sentence = format!("{}, so {}", text(self), removals_text(&eliminations));
        let mut step = Step::new(technique, sentence);
        step.eliminations = eliminations;
        Some(step)
    }
}

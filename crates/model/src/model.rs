//! The 0-1 integer program of the seeds: one binary `x[cell, digit]` per cell and digit.
//!
//! ```text
//!   var index  v = (row·n + col)·n + (digit − 1)        name  x_r{row}c{col}_d{digit}
//!
//!   cell_r1c1 :  Σ_d x[r1c1, d]            = 1     (n² rows)
//!   row1_d5   :  Σ_c x[r1c, 5]             = 1     (n² rows)
//!   col2_d5   :  Σ_r x[rc2, 5]             = 1     (n² rows)
//!   box3_d5   :  Σ_{cells of box 3} x[.,5] = 1     (n² rows)
//!   rules     :  Σ a·x  {<=, =, >=}  b             (variants add these)
//!   givens    :  x[cell, given] fixed to 1
//!
//!   var index  n³ + k                          name  as the rule declared it (auxiliary k)
//! ```
//!
//! **Auxiliary variables.** A rule may declare binaries of its own ([`ModelBuilder::aux`]) where
//! the integer program wants them (where a sandwich's 1 and 9 are, which skyscrapers are seen).
//! They follow the `n³` cube variables, take part in rows like any variable, and carry a
//! readable name. They are not the answer: a solution is the grid the cube variables spell
//! ([`Model::grid_from_ones`]), so backends decode grids from the cube alone, count grids rather
//! than auxiliary completions, and the checker never sees auxiliary variables.
//!
//! **Line automata.** Beside its rows a rule may declare a deterministic automaton over the
//! digits of a line of cells ([`crate::automaton`]), which restates what its rows say about
//! the line: MILP backends and the export ignore it, the native engine propagates it.
//!
//! The model is what every backend reads; it knows nothing of any solver.

use serde::Serialize;

use crate::automaton::LineAutomaton;
use crate::geometry::Cell;
use crate::grid::Grid;
use crate::puzzle::Puzzle;

/// Direction of a linear row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Sense {
    /// `Σ a·x <= b`
    Le,
    /// `Σ a·x = b`
    Eq,
    /// `Σ a·x >= b`
    Ge,
}

impl Sense {
    /// The operator as text (`<=`, `=`, `>=`).
    pub fn symbol(self) -> &'static str {
        match self {
            Sense::Le => "<=",
            Sense::Eq => "=",
            Sense::Ge => ">=",
        }
    }
}

/// What a row stands for, for readers that explain a puzzle to people (the rater's steps say
/// "box 5" or "the killer cage r1c1, r1c2"): the grid's own houses by their number, a rule's
/// rows by the rule's name. Backends never read it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub enum RowKind {
    /// A cell holds one digit.
    Cell,
    /// Grid row `i` (0-based): each digit once.
    Row(u16),
    /// Grid column `i` (0-based).
    Column(u16),
    /// Box `i` (0-based, row by row) of a boxed grid.
    Box(u16),
    /// Region `i` (0-based) of a jigsaw or Latin-square grid.
    Region(u16),
    /// A row of a variant rule, by the rule's name (`"killer"`, `"thermometer"`).
    Rule(&'static str),
    /// A row the rule's other rows and the houses already imply, added for propagation (the
    /// killer's innies and outies, "leftover" rows), by the rule's name: a solver may use it,
    /// the rater derives its own steps instead of quoting it.
    Implied(&'static str),
    /// A row built by hand (cuts, tests).
    #[default]
    Other,
}

/// One linear row `Σ coef·x[var]  sense  rhs`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Row {
    /// Readable, unique name (`row3_d5`, `cage2_sum`, …), used in LP/MPS files.
    pub name: String,
    /// What the row stands for (for explanations; see [`RowKind`]).
    #[serde(skip)]
    pub kind: RowKind,
    /// `(variable index, coefficient)`, variables distinct.
    pub terms: Vec<(u32, i32)>,
    /// Direction.
    pub sense: Sense,
    /// Right-hand side.
    pub rhs: i32,
}

impl Row {
    /// The cells (indices, increasing) of a row that is a whole sum of cells' digits, on a grid
    /// of side `n`: for each of its cells, `d·x[c,d]` for every digit `d` and nothing else (a
    /// killer cage's total, a little killer's diagonal, a combined sum). `None` otherwise.
    pub fn summed_cells(&self, n: usize) -> Option<Vec<usize>> {
        // Unit rows (cells, houses, at-most-one) first: most rows are, and they need no sort.
        if self.terms.is_empty() || !self.terms.len().is_multiple_of(n) || self.terms.iter().all(|&(_, a)| a == 1) {
            return None;
        }
        let mut terms = self.terms.clone();
        terms.sort_unstable();
        let mut cells = Vec::with_capacity(terms.len() / n);
        for chunk in terms.chunks(n) {
            let base = chunk[0].0 as usize;
            if !base.is_multiple_of(n) || base >= n * n * n {
                return None;
            }
            if chunk.iter().enumerate().any(|(j, &(v, a))| v as usize != base + j || a as usize != j + 1) {
                return None;
            }
            cells.push(base / n);
        }
        Some(cells)
    }

    /// True for the rows the native engine treats as exact cover: all coefficients 1, `= 1`.
    pub fn is_exactly_one(&self) -> bool {
        self.sense == Sense::Eq && self.rhs == 1 && self.terms.iter().all(|&(_, a)| a == 1)
    }

    /// Row activity for a 0-1 assignment.
    pub fn activity(&self, ones: &[bool]) -> i64 {
        self.terms.iter().filter(|(v, _)| ones[*v as usize]).map(|&(_, a)| a as i64).sum()
    }

    /// Whether a 0-1 assignment satisfies the row.
    pub fn holds(&self, ones: &[bool]) -> bool {
        let lhs = self.activity(ones);
        let rhs = self.rhs as i64;
        match self.sense {
            Sense::Le => lhs <= rhs,
            Sense::Eq => lhs == rhs,
            Sense::Ge => lhs >= rhs,
        }
    }
}

/// Size of a model, as solvers report it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ModelSize {
    /// Binary variables.
    pub variables: usize,
    /// Rows (constraints).
    pub rows: usize,
    /// Nonzero coefficients.
    pub nonzeros: usize,
    /// Variables fixed by bounds (givens, or presolve).
    pub fixed: usize,
}

impl std::fmt::Display for ModelSize {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} variables, {} rows, {} nonzeros, {} fixed", self.variables, self.rows, self.nonzeros, self.fixed)
    }
}

/// What a MILP solver minimises over the 0-1 program.
///
/// Every solution of the model is as good as any other, so the objective only decides what the
/// solver is told; the seeds 000/003 hand `intlinprog` a non-constant one to break ties.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Objective {
    /// No objective: a feasibility problem (the default).
    #[default]
    Zero,
    /// The seeds' `f = (1:N)'`: variable `x(i,j,k)` of MATLAB's column-major `n×n×n` array
    /// costs its 1-based linear index `i + n(j−1) + n²(k−1)`. Auxiliary variables cost 0. It is
    /// constant on the feasible set, and even on the LP relaxation (each cell holds one digit
    /// and each row holds each digit once): 29565 for every 9x9 solution.
    Seed,
}

impl Objective {
    /// The cost of `digit` (1-based) in the cell at row-major index `cell` of an `n`×`n` grid.
    pub fn cell_cost(self, n: usize, cell: usize, digit: usize) -> i64 {
        match self {
            Objective::Zero => 0,
            Objective::Seed => {
                let (n, row, col) = (n as i64, (cell / n) as i64, (cell % n) as i64);
                1 + row + n * col + n * n * (digit as i64 - 1)
            }
        }
    }

    /// The objective's value at a filled grid (auxiliary variables cost 0): what a MILP solver
    /// reports at that solution, and — the objective being constant on the feasible set — the
    /// optimum.
    pub fn grid_value(self, grid: &Grid) -> i64 {
        let n = grid.n();
        grid.values().iter().enumerate().filter(|(_, &d)| d != 0).map(|(k, &d)| self.cell_cost(n, k, d as usize)).sum()
    }

    /// The name on the command line and in the API: `zero`, `seed`.
    pub fn name(self) -> &'static str {
        match self {
            Objective::Zero => "zero",
            Objective::Seed => "seed",
        }
    }

    /// Every objective, in the order the help lists them.
    pub const ALL: [Objective; 2] = [Objective::Zero, Objective::Seed];
}

impl std::str::FromStr for Objective {
    type Err = String;

    /// The objective called `name` (case and surrounding spaces ignored), or an error that
    /// lists the names there are.
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        by_name("objective", Objective::ALL, Objective::name, name)
    }
}

/// The choice of `all` whose `name_of` is `name`, case and surrounding spaces ignored; otherwise
/// `unknown {what} "{name}" (expected a, b or c)`, listing `all` in order. The parser of a
/// library enum with a fixed list of names ([`Objective`], the pipeline's MIP start).
pub fn by_name<T: Copy, const N: usize>(
    what: &str,
    all: [T; N],
    name_of: fn(T) -> &'static str,
    name: &str,
) -> Result<T, String> {
    let key = name.trim().to_ascii_lowercase();
    all.into_iter().find(|&t| name_of(t) == key).ok_or_else(|| {
        let mut expected = all.into_iter().map(name_of).collect::<Vec<_>>().join(", ");
        if let Some(i) = expected.rfind(", ") {
            expected.replace_range(i..i + 2, " or ");
        }
        format!("unknown {what} {name:?} (expected {expected})")
    })
}

/// The 0-1 program of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Model {
    n: usize,
    /// What a solver minimises.
    objective: Objective,
    rows: Vec<Row>,
    /// Per variable (cube, then auxiliary): `Some(true)` fixed to 1, `Some(false)` fixed to 0,
    /// `None` free binary.
    fixed: Vec<Option<bool>>,
    /// Names of the auxiliary variables `n³ + k`, LP-safe and unique ([`Model::add_aux`]).
    aux: Vec<String>,
    /// The auxiliary names in lower case, to keep them unique in constant time: a line of
    /// checks over all names made a model of 2,000 auxiliary variables (skyscrapers) spend
    /// milliseconds on its names alone.
    #[serde(skip)]
    aux_keys: rustc_hash::FxHashSet<String>,
    /// Line automata the rules declared beside their rows (see [`crate::automaton`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    automata: Vec<LineAutomaton>,
    /// The rules' clues and the rows that say what each says (see [`Clue`]).
    #[serde(skip)]
    clues: Vec<Clue>,
}

/// One clue of a rule, as the setter drew or wrote it — a cage, a thermometer, a line, a dot,
/// a number outside the grid — and the rows of the model that say what it says. Rules declare
/// them while they emit ([`crate::rules::Emit::clue`]); solvers never read them. The rater
/// reads a clue's rows together, to tell a person what the clue alone rules out ("the
/// thermometer r1c1-r1c2-r1c3 …").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clue {
    /// What people call it: "the thermometer r1c1-r1c2-r1c3", "the sandwich clue 12 left of
    /// row 3".
    pub label: String,
    /// The rule's name.
    pub rule: &'static str,
    /// Its own cells, in the order people read them (a line from its start). Its rows may
    /// reach further cells (an indexer's targets).
    pub cells: Vec<Cell>,
    /// The rows the rule emitted for it (indices into [`Model::rows`]), in order.
    pub rows: std::ops::Range<u32>,
    /// The line automata the rule declared for it (indices into [`Model::automata`]).
    pub automata: std::ops::Range<u32>,
}

/// Where rules add their rows; handed to [`Rule::emit`](crate::Rule::emit).
pub struct ModelBuilder<'a> {
    model: &'a mut Model,
    puzzle: &'a Puzzle,
    /// Most nonzeros to keep ([`Model::build_within`]); past it rows are counted, not kept.
    budget: usize,
    /// Rows and nonzeros added, kept or not.
    seen: (usize, usize),
    /// Names of the rows kept, to catch a rule that repeats one (debug builds only).
    #[cfg(debug_assertions)]
    names: rustc_hash::FxHashSet<String>,
    /// The clue whose rows are being emitted: its label, rule, first row and first automaton.
    clue: Option<(String, &'static str, Vec<Cell>, usize, usize)>,
}

/// A puzzle whose model is larger than the bound it was built under ([`Model::build_within`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the model of this puzzle is too large: {rows} rows with {nonzeros} nonzero coefficients, \
     above the bound of {max} nonzeros"
)]
pub struct ModelTooLarge {
    /// Rows of the whole model.
    pub rows: usize,
    /// Nonzero coefficients (terms) of the whole model.
    pub nonzeros: usize,
    /// The bound.
    pub max: usize,
}

impl ModelBuilder<'_> {
    /// The puzzle being modelled.
    pub fn puzzle(&self) -> &Puzzle {
        self.puzzle
    }

    /// Side.
    pub fn n(&self) -> usize {
        self.model.n
    }

    /// Variable index of `(cell, digit)`, digit 1-based.
    pub fn var(&self, cell: Cell, digit: usize) -> u32 {
        self.model.var(cell, digit)
    }

    /// Add a row.
    pub fn add_row(&mut self, row: Row) {
        if !self.within_budget(&row) {
            return; // over the bound: counted for the error, not kept
        }
        #[cfg(debug_assertions)]
        assert!(self.names.insert(row.name.clone()), "duplicate row name {}", row.name);
        self.model.rows.push(row);
    }

    /// Count `row`; whether it still fits the bound.
    fn within_budget(&mut self, row: &Row) -> bool {
        self.seen = (self.seen.0 + 1, self.seen.1.saturating_add(row.terms.len()));
        self.seen.1 <= self.budget
    }

    /// Add "each digit exactly once in these `n` cells" (a region), rows named `{prefix}_d{digit}`.
    pub fn add_all_different_region(&mut self, prefix: &str, kind: RowKind, cells: &[Cell]) {
        let n = self.n();
        for d in 1..=n {
            let terms = cells.iter().map(|&c| (self.var(c, d), 1)).collect();
            self.add_row(Row { name: format!("{prefix}_d{d}"), kind, terms, sense: Sense::Eq, rhs: 1 });
        }
    }

    /// Add "each digit at most once in these cells" (fewer than `n` cells: cages, extra regions).
    pub fn add_at_most_once(&mut self, prefix: &str, kind: RowKind, cells: &[Cell]) {
        let n = self.n();
        for d in 1..=n {
            let terms = cells.iter().map(|&c| (self.var(c, d), 1)).collect();
            self.add_row(Row { name: format!("{prefix}_d{d}"), kind, terms, sense: Sense::Le, rhs: 1 });
        }
    }

    /// Fix a variable (`false`: the digit is excluded from the cell).
    pub fn fix(&mut self, var: u32, value: bool) {
        self.model.fixed[var as usize] = Some(value);
    }

    /// Rows kept so far: the index the next row gets.
    pub fn rows_len(&self) -> usize {
        self.model.rows.len()
    }

    /// Add a line automaton beside the rows (see [`crate::automaton`]).
    pub fn add_automaton(&mut self, automaton: LineAutomaton) {
        self.model.automata.push(automaton);
    }

    /// Declare an auxiliary binary variable, e.g. `sandwich3_in_r2c5`, and return its index
    /// (see [`Model::add_aux`] for how the name is kept LP-safe and unique).
    pub fn aux(&mut self, name: &str) -> u32 {
        self.model.add_aux(name)
    }

    /// Start a clue of rule `rule` called `label` over `cells` ([`Clue`]): the rows added from here until the
    /// next clue, or [`ModelBuilder::end_clue`], say what it says. The clue before it ends.
    pub fn begin_clue(&mut self, label: String, rule: &'static str, cells: Vec<Cell>) {
        self.end_clue();
        self.clue = Some((label, rule, cells, self.model.rows.len(), self.model.automata.len()));
    }

    /// End the clue being emitted, if any (a clue with no row is not kept).
    pub fn end_clue(&mut self) {
        if let Some((label, rule, cells, start, first_automaton)) = self.clue.take() {
            let (end, automata) = (self.model.rows.len(), self.model.automata.len());
            if end > start || automata > first_automaton {
                let (rows, automata) = (start as u32..end as u32, first_automaton as u32..automata as u32);
                self.model.clues.push(Clue { label, rule, cells, rows, automata });
            }
        }
    }
}

thread_local! {
    /// The last model [`Model::vet`] kept on this thread, with its puzzle.
    static VETTED: std::cell::RefCell<Option<(Puzzle, Model)>> = const { std::cell::RefCell::new(None) };
}

impl Model {
    /// Build the model of a puzzle: cell, row, column and region rows, each rule's rows, and the
    /// givens as fixed variables.
    ///
    /// The model [`Model::vet`] built last on this thread for an equal puzzle is taken
    /// instead of building it again.
    pub fn build(puzzle: &Puzzle) -> Model {
        if let Some(model) = VETTED.with(|v| v.borrow_mut().take_if(|(p, _)| p == puzzle).map(|(_, m)| m)) {
            return model;
        }
        match Model::build_within(puzzle, usize::MAX) {
            Ok(model) => model,
            // Unreachable: no count reaches `usize::MAX` (it saturates there and is not above).
            Err(_) => Model {
                n: puzzle.n(),
                objective: Objective::Zero,
                rows: Vec::new(),
                fixed: Vec::new(),
                aux: Vec::new(),
                aux_keys: Default::default(),
                automata: Vec::new(),
                clues: Vec::new(),
            },
        }
    }

    /// Whether the model of `puzzle` has at most `max_nonzeros` nonzero coefficients, else its
    /// whole size. A model within the bound is kept for this thread's next [`Model::build`] of
    /// an equal puzzle (the one a reader vets is the one it solves next: building it once
    /// instead of twice takes a tenth to a quarter off a variant's whole process). A thread
    /// keeps one model at most, until its next build or vet, or until it ends (the web server
    /// reads puzzles on blocking threads, which tokio ends after 10 s idle).
    pub fn vet(puzzle: &Puzzle, max_nonzeros: usize) -> Result<(), ModelTooLarge> {
        let model = Model::build_within(puzzle, max_nonzeros)?;
        VETTED.with(|v| *v.borrow_mut() = Some((puzzle.clone(), model)));
        Ok(())
    }

    /// [`Model::build`], unless the model has more than `max_nonzeros` nonzero coefficients:
    /// then an error with its whole size. Rows past the bound are counted and dropped, so the
    /// memory held never exceeds the bound, whatever the rules ask for.
    pub fn build_within(puzzle: &Puzzle, max_nonzeros: usize) -> Result<Model, ModelTooLarge> {
        let geometry = puzzle.geometry();
        let n = geometry.n();
        let mut model = Model {
            n,
            objective: Objective::Zero,
            rows: Vec::with_capacity(4 * n * n),
            fixed: vec![None; n * n * n],
            aux: Vec::new(),
            aux_keys: Default::default(),
            automata: Vec::new(),
            clues: Vec::new(),
        };
        let cell = |r: usize, c: usize| Cell::new(r, c);
        let mut b = ModelBuilder {
            model: &mut model,
            puzzle,
            budget: max_nonzeros,
            seen: (0, 0),
            #[cfg(debug_assertions)]
            names: Default::default(),
            clue: None,
        };
        for r in 0..n {
            for c in 0..n {
                let terms = (1..=n).map(|d| (b.var(cell(r, c), d), 1)).collect();
                let row =
                    Row { name: format!("cell_{}", cell(r, c)), kind: RowKind::Cell, terms, sense: Sense::Eq, rhs: 1 };
                if b.within_budget(&row) {
                    #[cfg(debug_assertions)]
                    b.names.insert(row.name.clone());
                    b.model.rows.push(row);
                }
            }
        }
        for r in 0..n {
            let cells: Vec<Cell> = (0..n).map(|c| cell(r, c)).collect();
            b.add_all_different_region(&format!("row{}", r + 1), RowKind::Row(r as u16), &cells);
        }
        for c in 0..n {
            let cells: Vec<Cell> = (0..n).map(|r| cell(r, c)).collect();
            b.add_all_different_region(&format!("col{}", c + 1), RowKind::Column(c as u16), &cells);
        }
        let word = geometry.region_word();
        for (i, region) in geometry.regions().iter().enumerate() {
            let cells: Vec<Cell> = region.iter().map(|&k| Cell::from_index(k, n)).collect();
            let kind = if geometry.box_shape().is_some() { RowKind::Box(i as u16) } else { RowKind::Region(i as u16) };
            b.add_all_different_region(&format!("{word}{}", i + 1), kind, &cells);
        }
        for rule in puzzle.rules() {
            rule.emit(&mut b);
            b.end_clue();
        }
        for row in crate::combined::combined_sums(n, &b.model.rows) {
            b.add_row(row);
        }
        if geometry.box_shape().is_none() && !geometry.is_latin() {
            for row in crate::jigsaw::jigsaw_leftovers(n, &geometry.regions()) {
                b.add_row(row);
            }
        }
        let (rows, nonzeros) = b.seen;
        if nonzeros > max_nonzeros {
            return Err(ModelTooLarge { rows, nonzeros, max: max_nonzeros });
        }
        for (k, &v) in puzzle.givens().values().iter().enumerate() {
            if v != 0 {
                let var = model.var(Cell::from_index(k, n), v as usize);
                model.fixed[var as usize] = Some(true);
            }
        }
        Ok(model)
    }

    /// Side (= digits per cell).
    pub fn n(&self) -> usize {
        self.n
    }

    /// Number of binary variables: the `n³` cube variables, then the auxiliary ones.
    pub fn num_vars(&self) -> usize {
        self.fixed.len()
    }

    /// Number of cube variables `x[cell, digit]`, `n³`; auxiliary variables start here.
    pub fn num_cube_vars(&self) -> usize {
        self.n * self.n * self.n
    }

    /// Names of the auxiliary variables, in index order (variable `n³ + k` is `aux_names()[k]`).
    pub fn aux_names(&self) -> &[String] {
        &self.aux
    }

    /// Declare an auxiliary binary variable after the existing ones and return its index. The
    /// name is made safe for every LP and MPS reader the way row names are
    /// ([`export::lp_name`](crate::export::lp_name)); names starting `x_` (the cube's) get an
    /// `a_` prefix, and a repeated name a `_2`, `_3`, … suffix, so [`Model::var_name`] is unique.
    pub fn add_aux(&mut self, name: &str) -> u32 {
        let mut safe = crate::export::lp_name(name, "a_");
        if safe.starts_with("x_") || safe.starts_with("X_") {
            safe.insert_str(0, "a_");
        }
        let mut key = safe.to_ascii_lowercase();
        if self.aux_keys.contains(&key) {
            let base = std::mem::take(&mut safe);
            for k in 2.. {
                safe = format!("{base}_{k}");
                key = safe.to_ascii_lowercase();
                if !self.aux_keys.contains(&key) {
                    break;
                }
            }
        }
        let var = self.fixed.len() as u32;
        self.aux_keys.insert(key);
        self.aux.push(safe);
        self.fixed.push(None);
        var
    }

    /// All rows.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// The line automata the rules declared beside their rows (see [`crate::automaton`]):
    /// MILP backends and the export ignore them, the rows saying the same.
    pub fn automata(&self) -> &[LineAutomaton] {
        &self.automata
    }

    /// The rules' clues, each with the rows that say what it says ([`Clue`]), in the order the
    /// rules declared them. A rule that declares none has none here (its rows still hold).
    pub fn clues(&self) -> &[Clue] {
        &self.clues
    }

    /// Append a line automaton (tests, models built by hand).
    pub fn push_automaton(&mut self, automaton: LineAutomaton) {
        self.automata.push(automaton);
    }

    /// Take the line automata out of the model, leaving its rows alone to say what they said
    /// (tests compare the two).
    pub fn take_automata(&mut self) -> Vec<LineAutomaton> {
        std::mem::take(&mut self.automata)
    }

    /// Fixed values per variable.
    pub fn fixed(&self) -> &[Option<bool>] {
        &self.fixed
    }

    /// Fix a variable (used by presolve and by enumeration).
    pub fn set_fixed(&mut self, var: u32, value: Option<bool>) {
        self.fixed[var as usize] = value;
    }

    /// Append a row (used for "not this solution" cuts).
    pub fn push_row(&mut self, row: Row) {
        self.rows.push(row);
    }

    /// Variable index of `(cell, digit)`, digit 1-based.
    pub fn var(&self, cell: Cell, digit: usize) -> u32 {
        debug_assert!((1..=self.n).contains(&digit));
        (cell.index(self.n) * self.n + digit - 1) as u32
    }

    /// The objective a solver is given.
    pub fn objective(&self) -> Objective {
        self.objective
    }

    /// The model with another objective.
    pub fn with_objective(mut self, objective: Objective) -> Model {
        self.objective = objective;
        self
    }

    /// The objective's coefficient of `var` (see [`Objective`]).
    pub fn cost(&self, var: u32) -> i64 {
        self.cell_digit(var).map_or(0, |(cell, digit)| self.objective.cell_cost(self.n, cell, digit))
    }

    /// The objective's value at a 0-1 assignment of every variable.
    pub fn objective_value(&self, ones: &[bool]) -> i64 {
        ones.iter().enumerate().filter(|(_, &one)| one).map(|(v, _)| self.cost(v as u32)).sum()
    }

    /// `(cell index, digit)` of a cube variable (cell index row-major, digit 1-based); `None`
    /// for an auxiliary variable. The one place that maps a variable to its cell.
    #[inline]
    pub fn cell_digit(&self, var: u32) -> Option<(usize, usize)> {
        let v = var as usize;
        (v < self.num_cube_vars()).then(|| (v / self.n, v % self.n + 1))
    }

    /// Readable variable name: `x_r1c2_d5` for the cube, the declared name for an auxiliary.
    pub fn var_name(&self, var: u32) -> String {
        match self.cell_digit(var) {
            Some((k, d)) => format!("x_{}_d{d}", Cell::from_index(k, self.n)),
            None => self.aux[var as usize - self.num_cube_vars()].clone(),
        }
    }

    /// Size of the model.
    pub fn size(&self) -> ModelSize {
        ModelSize {
            variables: self.num_vars(),
            rows: self.rows.len(),
            nonzeros: self.rows.iter().map(|r| r.terms.len()).sum(),
            fixed: self.fixed.iter().filter(|f| f.is_some()).count(),
        }
    }

    /// The grid of a 0-1 assignment (auxiliary variables ignored): `None` unless every cell has
    /// exactly one cube variable at 1.
    pub fn grid_from_ones(&self, ones: &[bool]) -> Option<Grid> {
        let n = self.n;
        if ones.len() != self.num_vars() {
            return None;
        }
        let mut values = vec![0u8; n * n];
        for (k, value) in values.iter_mut().enumerate() {
            let mut found = None;
            for d in 0..n {
                if ones[k * n + d] {
                    if found.is_some() {
                        return None;
                    }
                    found = Some(d + 1);
                }
            }
            *value = found? as u8;
        }
        Grid::from_values(n, values)
    }

    /// The 0-1 assignment of a full grid. Auxiliary variables get values that satisfy every row
    /// and bound when some do (found by a small exhaustive search over them, see
    /// [`Model::complete_aux`]), else 0: so `is_feasible(&ones_from_grid(g))` says whether the
    /// grid `g` solves the model.
    pub fn ones_from_grid(&self, grid: &Grid) -> Vec<bool> {
        let n = self.n;
        let mut ones = vec![false; self.num_vars()];
        for (k, &v) in grid.values().iter().enumerate() {
            if v != 0 {
                ones[k * n + v as usize - 1] = true;
            }
        }
        self.complete_aux(&mut ones);
        ones
    }

    /// Give the auxiliary variables of `ones` (cube part already set) values under which every
    /// row and fixed bound holds; false, with them all 0, when no values do. Depth-first over
    /// the auxiliary variables in index order, pruning on the activity bounds of each row an
    /// assigned variable is in: meant for checks and tests, exponential at worst.
    pub fn complete_aux(&self, ones: &mut [bool]) -> bool {
        let first = self.num_cube_vars();
        if ones.len() != self.num_vars() {
            return false;
        }
        if self.aux.is_empty() {
            return true;
        }
        let mut rows_of: Vec<Vec<usize>> = vec![Vec::new(); self.aux.len()];
        for (i, row) in self.rows.iter().enumerate() {
            for &(v, _) in &row.terms {
                if let Some(k) = (v as usize).checked_sub(first) {
                    rows_of[k].push(i);
                }
            }
        }
        // A row can still hold when aux variables from `next` on are free.
        let can_hold = |row: &Row, ones: &[bool], next: usize| {
            let (mut lo, mut hi) = (0i64, 0i64);
            for &(v, a) in &row.terms {
                let a = a as i64;
                if v as usize >= next {
                    lo += a.min(0);
                    hi += a.max(0);
                } else if ones[v as usize] {
                    lo += a;
                    hi += a;
                }
            }
            let rhs = row.rhs as i64;
            match row.sense {
                Sense::Le => lo <= rhs,
                Sense::Eq => lo <= rhs && rhs <= hi,
                Sense::Ge => hi >= rhs,
            }
        };
        ones[first..].fill(false);
        // Rows of the cube alone do not depend on the search: one that fails, fails every leaf.
        let cube_only = |r: &Row| r.terms.iter().all(|&(v, _)| (v as usize) < first);
        if self.rows.iter().any(|r| cube_only(r) && !r.holds(ones)) {
            return false;
        }
        // `tried[k]`: how many values aux `k` has had (0, 1 or 2), an explicit-stack search.
        let mut tried = vec![0u8; self.aux.len()];
        let mut k = 0usize;
        loop {
            if k == self.aux.len() {
                // With every variable assigned the bounds are exact: every row holds.
                debug_assert!(self.rows.iter().all(|r| r.holds(ones)));
                return true;
            }
            let v = first + k;
            let choices: &[bool] = match self.fixed[v] {
                Some(false) => &[false],
                Some(true) => &[true],
                None => &[false, true],
            };
            if (tried[k] as usize) < choices.len() {
                ones[v] = choices[tried[k] as usize];
                tried[k] += 1;
                if rows_of[k].iter().all(|&r| can_hold(&self.rows[r], ones, v + 1)) {
                    k += 1;
                }
                continue;
            }
            tried[k] = 0;
            ones[v] = false;
            if k == 0 {
                return false;
            }
            k -= 1;
        }
    }

    /// Whether an assignment satisfies every row and every fixed bound.
    pub fn is_feasible(&self, ones: &[bool]) -> bool {
        ones.len() == self.num_vars()
            && self.fixed.iter().zip(ones).all(|(f, &x)| f.is_none_or(|f| f == x))
            && self.rows.iter().all(|r| r.holds(ones))
    }

    /// The "not this solution" cut used to enumerate by integer programming: of the `n²`
    /// variables at 1 in `grid`, at most `n² − 1` may be 1 again.
    pub fn exclusion_cut(&self, grid: &Grid, index: usize) -> Row {
        let n = self.n;
        let terms: Vec<(u32, i32)> =
            grid.values().iter().enumerate().map(|(k, &v)| ((k * n + v as usize - 1) as u32, 1)).collect();
        let rhs = terms.len() as i32 - 1;
        Row { name: format!("cut{index}"), kind: RowKind::Other, terms, sense: Sense::Le, rhs }
    }

    /// The seeds' "solver-based" form, as in MATLAB's `intlinprog(f, intcon, A, b, Aeq, beq,
    /// lb, ub)`: sparse matrices as 0-based `(row, column, value)` triplets, `A·x <= b`
    /// (`>=` rows are negated), `Aeq·x = beq`, and bounds. Variable `v` is `x[cell, digit]`
    /// with `v = (row·n + col)·n + digit − 1` (all 0-based except the digit); auxiliary
    /// variables follow, named in [`SparseModel::aux_names`].
    pub fn sparse(&self) -> SparseModel {
        let mut s = SparseModel {
            num_vars: self.num_vars(),
            aux_names: self.aux.clone(),
            lb: self.fixed.iter().map(|f| if *f == Some(true) { 1.0 } else { 0.0 }).collect(),
            ub: self.fixed.iter().map(|f| if *f == Some(false) { 0.0 } else { 1.0 }).collect(),
            ..SparseModel::default()
        };
        for row in &self.rows {
            let (matrix, rhs, sign) = match row.sense {
                Sense::Eq => (&mut s.aeq, &mut s.beq, 1.0),
                Sense::Le => (&mut s.a, &mut s.b, 1.0),
                Sense::Ge => (&mut s.a, &mut s.b, -1.0),
            };
            let i = rhs.len();
            matrix.extend(row.terms.iter().map(|&(v, a)| (i, v as usize, sign * a as f64)));
            rhs.push(sign * row.rhs as f64);
        }
        s
    }
}

/// The model as sparse matrices and vectors, for users who call their own solver.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SparseModel {
    /// Number of variables (columns): `n³` cube variables, then the auxiliary ones.
    pub num_vars: usize,
    /// Names of the auxiliary variables (columns `num_vars − aux_names.len()` on).
    pub aux_names: Vec<String>,
    /// Inequality matrix `A` (`A·x <= b`) as `(row, col, value)`.
    pub a: Vec<(usize, usize, f64)>,
    /// Right-hand sides of `A`.
    pub b: Vec<f64>,
    /// Equality matrix `Aeq` as `(row, col, value)`.
    pub aeq: Vec<(usize, usize, f64)>,
    /// Right-hand sides of `Aeq`.
    pub beq: Vec<f64>,
    /// Lower bounds (1 for givens).
    pub lb: Vec<f64>,
    /// Upper bounds.
    pub ub: Vec<f64>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Geometry;

    /// The model [`Model::vet`] keeps is the one `build` makes, handed out once and only for
    /// an equal puzzle; a vet that fails keeps none.
    #[test]
    fn a_vetted_model_is_built_once_for_its_own_puzzle_only() {
        let knight = Puzzle::blank(Geometry::new(6, None).unwrap()).with_rule(crate::rules::AntiKnight);
        let plain = Puzzle::blank(Geometry::new(6, None).unwrap());
        let fresh = Model::build_within(&knight, usize::MAX).unwrap();
        assert_eq!(Model::vet(&knight, usize::MAX), Ok(()));
        // Another puzzle gets its own model, and leaves the kept one alone.
        assert_eq!(Model::build(&plain), Model::build_within(&plain, usize::MAX).unwrap());
        assert!(VETTED.with(|v| v.borrow().is_some()));
        assert_eq!(Model::build(&knight), fresh);
        assert!(VETTED.with(|v| v.borrow().is_none()), "taken, not copied");
        assert_eq!(Model::build(&knight), fresh);
        let size = fresh.size();
        let refused = Model::vet(&knight, size.nonzeros - 1).unwrap_err();
        assert_eq!((refused.rows, refused.nonzeros), (size.rows, size.nonzeros));
        assert!(VETTED.with(|v| v.borrow().is_none()));
    }

    #[test]
    fn plain_9x9_has_the_seed_dimensions() {
        // Seed 000: 729 binaries, 4·81 = 324 equality rows, 4 nonzeros per variable.
        let p = Puzzle::blank(Geometry::new(9, None).unwrap());
        let m = Model::build(&p);
        let s = m.size();
        assert_eq!((s.variables, s.rows, s.nonzeros, s.fixed), (729, 324, 2916, 0));
        assert!(m.rows().iter().all(Row::is_exactly_one));
        let sp = m.sparse();
        assert_eq!((sp.aeq.len(), sp.beq.len(), sp.a.len()), (2916, 324, 0));
    }

    #[test]
    fn every_variable_is_in_exactly_four_rows() {
        let p = Puzzle::blank(Geometry::new(6, None).unwrap());
        let m = Model::build(&p);
        let mut count = vec![0; m.num_vars()];
        for r in m.rows() {
            for &(v, _) in &r.terms {
                count[v as usize] += 1;
            }
        }
        assert!(count.iter().all(|&c| c == 4));
    }

    #[test]
    fn objectives_are_read_by_the_names_they_print() {
        for o in Objective::ALL {
            assert_eq!(o.name().parse::<Objective>(), Ok(o));
        }
        assert_eq!(" Seed ".parse::<Objective>(), Ok(Objective::Seed));
        let err = "min".parse::<Objective>().unwrap_err();
        assert!(err.contains("\"min\"") && err.contains("zero or seed"), "{err}");
        assert_eq!(err, "unknown objective \"min\" (expected zero or seed)");
    }

    #[test]
    fn var_names_say_what_they_are() {
        let p = Puzzle::blank(Geometry::new(9, None).unwrap());
        let m = Model::build(&p);
        let v = m.var(Cell::new(0, 1), 5);
        assert_eq!(m.var_name(v), "x_r1c2_d5");
        assert_eq!(m.cell_digit(v), Some((Cell::new(0, 1).index(9), 5)));
    }

    #[test]
    fn auxiliary_names_are_lp_safe_unique_and_apart_from_the_cube() {
        let mut m = Model::build(&Puzzle::blank(Geometry::new(4, None).unwrap()));
        let names: Vec<String> = ["sandwich3_in_r2c5", "x_r1c1_d1", "2nd", "end", "a b", "sandwich3_in_r2c5"]
            .iter()
            .map(|name| {
                let v = m.add_aux(name);
                assert_eq!(m.cell_digit(v), None);
                m.var_name(v)
            })
            .collect();
        assert_eq!(names, ["sandwich3_in_r2c5", "a_x_r1c1_d1", "a_2nd", "a_end", "a_b", "sandwich3_in_r2c5_2"]);
        assert_eq!((m.num_vars(), m.num_cube_vars(), m.aux_names().len()), (70, 64, 6));
        assert_eq!(m.cell_digit(63), Some((15, 4)));
        let sp = m.sparse();
        assert_eq!((sp.num_vars, sp.lb.len(), sp.aux_names.len()), (70, 70, 6));
    }

    #[test]
    fn a_grid_is_completed_with_auxiliary_values_that_fit() {
        let g = Geometry::new(4, None).unwrap();
        let sol = Grid::from_values(4, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).unwrap();
        let mut m = Model::build(&Puzzle::new(g, Grid::empty(4)));
        // y = [r1c1 holds 1], z = not y, w free: y − x = 0, y + z = 1.
        let (y, z, w) = (m.add_aux("y"), m.add_aux("z"), m.add_aux("w"));
        let x = m.var(Cell::new(0, 0), 1);
        m.push_row(Row {
            name: "y_is_x".into(),
            kind: RowKind::Other,
            terms: vec![(y, 1), (x, -1)],
            sense: Sense::Eq,
            rhs: 0,
        });
        m.push_row(Row {
            name: "z_not_y".into(),
            kind: RowKind::Other,
            terms: vec![(y, 1), (z, 1)],
            sense: Sense::Eq,
            rhs: 1,
        });
        let ones = m.ones_from_grid(&sol);
        assert!(m.is_feasible(&ones));
        assert_eq!((ones[y as usize], ones[z as usize], ones[w as usize]), (true, false, false));
        assert_eq!(m.grid_from_ones(&ones), Some(sol.clone()));
        // A fixed bound no grid value fits: no completion, and the grid is not a solution.
        m.set_fixed(z, Some(true));
        let ones = m.ones_from_grid(&sol);
        assert!(!m.is_feasible(&ones));
        assert!(ones[64..].iter().all(|&b| !b));
        // A broken cube row fails whatever the auxiliary values.
        let mut bad = sol.clone();
        bad.set(Cell::new(0, 0), 2);
        m.set_fixed(z, None);
        assert!(!m.is_feasible(&m.ones_from_grid(&bad)));
    }

    #[test]
    fn givens_are_fixed_and_feasibility_is_exact() {
        let g = Geometry::new(4, None).unwrap();
        let sol = Grid::from_values(4, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).unwrap();
        let mut givens = Grid::empty(4);
        givens.set(Cell::new(0, 0), 1);
        let m = Model::build(&Puzzle::new(g, givens));
        assert_eq!(m.fixed()[m.var(Cell::new(0, 0), 1) as usize], Some(true));
        let ones = m.ones_from_grid(&sol);
        assert!(m.is_feasible(&ones));
        assert_eq!(m.grid_from_ones(&ones), Some(sol.clone()));
        // Swap two digits in a row: cell rows still hold, column rows break.
        let mut bad = sol.clone();
        bad.set(Cell::new(0, 0), 2);
        bad.set(Cell::new(0, 1), 1);
        assert!(!m.is_feasible(&m.ones_from_grid(&bad)));
        // The exclusion cut removes exactly this solution.
        let cut = m.exclusion_cut(&sol, 0);
        assert!(!cut.holds(&ones));
    }
}

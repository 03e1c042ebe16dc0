//! Variant rules. Each rule lives in its own file: its data, JSON shape, validation, rows of
//! the one [`Model`](crate::Model), its own checker and its drawing, behind the [`RuleKind`]
//! trait. The [`registry!`] below lists them, one line a rule; from it come the [`Rule`] enum,
//! the JSON reader and writer, the names `--rules` and the web page accept ([`REGISTRY`],
//! [`rule_from_name`]), and `--help`'s list.
//!
//! Adding a variant: a file here with a type that implements [`RuleKind`], one line in
//! [`registry!`], and an example puzzle.
//!
//! Every rule adds rows (and fixes variables to 0) on top of the plain cell, row, column and
//! region rows, and may declare auxiliary binaries ([`Emit::aux`]), so every backend handles
//! every rule. The formulations prefer what propagates: small "at most one" cliques and
//! implications `x[a,d] <= Σ x[b,e]` rather than big sums. Each file's doc gives its rows.
//!
//! A rule's checker must not share with its rows the code that decides which cells are
//! constrained: where both need the same geometry (the windows, the knight's moves), that
//! helper is tested against a brute-force definition in its file.
//!
//! Jigsaw (irregular regions) is not a rule: the regions replace the boxes in the
//! [`Geometry`] ([`Geometry::with_regions`]), and the JSON format reads them.
//!
//! A puzzle holds at most one rule of each kind; a kind with many instances (cages,
//! thermometers, arrows, dots) holds them all, numbered from 1 in row names and messages
//! (`cage3_sum`, "cage 3"). [`validate_rules`] enforces this and each rule's own sanity checks.

pub mod draw;
pub mod fields;
pub mod fpuzzles;
mod input;
pub mod outside;

use std::collections::HashMap;
use std::fmt::Debug;

use serde_json::{Map, Value};
use thiserror::Error;

use crate::check::Violation;
use crate::error::ParseError;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::model::{ModelBuilder, Row, RowKind, Sense};

pub use anti_king::AntiKing;
pub use anti_knight::AntiKnight;
pub use arrow::{Arrow, Arrows};
pub use candidates::Candidates;
pub use diagonal::Diagonal;
pub use diagonal_negative::NegativeDiagonal;
pub use diagonal_positive::PositiveDiagonal;
pub use draw::Mark;
pub use extra_regions::ExtraRegions;
pub use fields::Fields;
pub use fpuzzles::{FPuzzlesWriteError, FRead, FWrite};
pub use input::Input;
pub use killer::{Cage, Killer};
pub use kropki::Kropki;
pub use non_consecutive::NonConsecutive;
pub use odd_even::OddEven;
pub use thermometer::Thermometer;
pub use windows::Windows;
pub use xv::Xv;

/// What a rule file defines. The consts and `read`/`write` give the JSON shape
/// (`{"type": NAME, …fields}`), `validate` the sanity checks with paths relative to the rule,
/// `emit` the rows, `check` an independent checker of a grid, `draw` the picture.
pub trait RuleKind: Clone + Debug + PartialEq + Eq + Into<Rule> + Send + Sync + 'static {
    /// The name: JSON `"type"`, `--rules`, row tags, messages (`anti-knight`).
    const NAME: &'static str;
    /// Other names accepted on input (`hyper` for `windows`), compared after lower-casing and
    /// turning `_` into `-`.
    const ALIASES: &'static [&'static str] = &[];
    /// One line saying what the rule asks, for `--help`, the web page and captions.
    const SUMMARY: &'static str;
    /// How the page's editor draws its data ([`Input`]): none by default.
    const INPUT: Input = Input::None;

    /// The rule without data, for rules that need none (`--rules diagonal`); `None` for rules
    /// with data (cages, dots…), which come from a JSON puzzle.
    fn switch() -> Option<Self> {
        None
    }

    /// Read the rule's JSON fields (every key but `"type"`). Unknown keys are refused after.
    fn read(fields: &mut Fields<'_>) -> Result<Self, ParseError> {
        let _ = fields;
        Self::switch().ok_or_else(|| ParseError::Json {
            path: String::new(),
            message: format!("the {} rule has no JSON reader", Self::NAME),
        })
    }

    /// Write the rule's JSON fields (the `"type"` is written for it); [`RuleKind::read`]
    /// reads them back to an equal rule.
    fn write(&self, out: &mut Map<String, Value>) {
        let _ = out;
    }

    /// Whether the rule makes sense in this geometry: cells inside, shapes connected, sums
    /// possible. Paths are relative to the rule (`cages[2].cells[0]`).
    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        let _ = geometry;
        Ok(())
    }

    /// Add the rule's rows (and auxiliary variables) to the model.
    fn emit(&self, b: &mut Emit<'_, '_>);

    /// The rule's breaks in a grid, found without the rows. Empty cells never count as a
    /// break: only what the filled cells already break is reported.
    fn check(&self, geometry: &Geometry, grid: &Grid) -> Vec<Violation>;

    /// The rule's breaks in a puzzle that holds `rules` (this one among them): by default
    /// [`RuleKind::check`]. A rule whose meaning depends on another's overrides it: kropki's
    /// negative constraints exempt the pairs `kropki-values` dots mark and forbid the ratios
    /// its black dots show.
    fn check_among(&self, rules: &[Rule], geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        let _ = rules;
        self.check(geometry, grid)
    }

    /// The top-level keys of an f-puzzles / SudokuPad puzzle that [`RuleKind::from_fpuzzles`]
    /// reads (`&[]` for a rule f-puzzles cannot say). The link reader refuses every key no
    /// rule lists, so a rule f-puzzles has is never silently dropped.
    const FPUZZLES_KEYS: &'static [&'static str];

    /// The rule read from a decoded f-puzzles puzzle (its [`FPUZZLES_KEYS`](RuleKind::FPUZZLES_KEYS)),
    /// or `None` when the puzzle has none of it. Errors name the JSON path (`$.killercage[2]`).
    fn from_fpuzzles(f: &FRead<'_>) -> Result<Option<Self>, ParseError>;

    /// The rule written into an f-puzzles object, which [`RuleKind::from_fpuzzles`] reads back
    /// to an equal rule; or why f-puzzles cannot say it ([`FPuzzlesWriteError::no_form`]).
    fn to_fpuzzles(&self, f: &mut FWrite<'_>) -> Result<(), FPuzzlesWriteError>;

    /// How the rule is drawn ([`Mark`]s in grid coordinates); by default a caption with the
    /// rule's name and summary, so no rule is ever left out of a picture.
    fn draw(&self, geometry: &Geometry) -> Vec<Mark> {
        let _ = geometry;
        vec![Mark::Caption(format!("{}: {}", Self::NAME, Self::SUMMARY))]
    }
}

/// The registry: one line a rule, `Variant(module::Type)`. Declares the rule's module (its
/// file), and generates [`Rule`], its dispatch to the rule files and [`REGISTRY`].
macro_rules! registry {
    ($($(#[$doc:meta])* $variant:ident($module:ident::$kind:ident),)*) => {
        $(pub mod $module;)*

        /// A rule beyond the plain rows, columns and regions: one variant a rule file.
        #[derive(Clone, Debug, PartialEq, Eq)]
        #[non_exhaustive]
        pub enum Rule {
            $(
                $(#[$doc])*
                #[doc = concat!("\n\nThe rule of [`", stringify!($module), "`].")]
                $variant($module::$kind),
            )*
        }

        $(impl From<$module::$kind> for Rule {
            fn from(rule: $module::$kind) -> Rule {
                Rule::$variant(rule)
            }
        })*

        /// Every rule the model knows, in the order `--help` and the web page list them.
        pub static REGISTRY: &[Entry] = &[$(Entry::of::<$module::$kind>(),)*];

        /// The variants' positions in [`REGISTRY`], which lists them in the same order.
        #[allow(clippy::enum_variant_names)]
        enum Position {
            $($variant,)*
        }

        impl Rule {
            fn kind(&self) -> &dyn DynRule {
                match self {
                    $(Rule::$variant(rule) => rule,)*
                }
            }

            /// The registry entry of this rule's kind.
            pub fn entry(&self) -> &'static Entry {
                let position = match self {
                    $(Rule::$variant(_) => Position::$variant,)*
                };
                &REGISTRY[position as usize]
            }
        }
    };
}

registry! {
    /// Hyper Sudoku / Windoku: extra `k`×`k` windows (9×9: rows and columns 2–4 and 6–8).
    Windows(windows::Windows),
    /// X-Sudoku: both main diagonals hold each digit once.
    Diagonal(diagonal::Diagonal),
    /// No two cells a chess knight's move apart hold the same digit.
    AntiKnight(anti_knight::AntiKnight),
    /// No two cells a chess king's move apart (diagonally touching) hold the same digit.
    AntiKing(anti_king::AntiKing),
    /// Orthogonally adjacent cells never hold consecutive digits.
    NonConsecutive(non_consecutive::NonConsecutive),
    /// Killer cages.
    Killer(killer::Killer),
    /// Cells that hold an odd or an even digit.
    OddEven(odd_even::OddEven),
    /// Thermometers: digits strictly increase from the bulb along the path.
    Thermometer(thermometer::Thermometer),
    /// Arrows: the digit in the circle is the sum of the digits on its arrow.
    Arrow(arrow::Arrows),
    /// Kropki dots between orthogonal neighbours.
    Kropki(kropki::Kropki),
    /// XV: X marks neighbours that sum to 10, V neighbours that sum to 5.
    Xv(xv::Xv),
    /// Extra regions: any groups of cells whose digits are distinct.
    ExtraRegions(extra_regions::ExtraRegions),
    /// One diagonal, bottom-left to top-right, holds each digit once (f-puzzles `diagonal+`).
    PositiveDiagonal(diagonal_positive::PositiveDiagonal),
    /// One diagonal, top-left to bottom-right, holds each digit once (f-puzzles `diagonal-`).
    NegativeDiagonal(diagonal_negative::NegativeDiagonal),
    /// Given candidates: a cell with pencil marks from the setter holds one of them.
    Candidates(candidates::Candidates),
    Whispers(whispers::Whispers),
    LowBeforeHigh(low_before_high::LowBeforeHigh),
    Renban(renban::Renban),
    Palindrome(palindrome::Palindrome),
    Between(between::Between),
    LittleKiller(little_killer::LittleKiller),
    Quadruple(quadruple::Quadruple),
    Sandwich(sandwich::Sandwich),
    XSum(x_sum::XSum),
    Skyscraper(skyscraper::Skyscraper),
    DisjointGroups(disjoint_groups::DisjointGroups),
    MinMax(min_max::MinMax),
    Clones(clone::Clones),
    Zipper(zipper::Zipper),
    RegionSum(region_sum::RegionSum),
    Entropic(entropic::Entropic),
    Modular(modular::Modular),
    SlowThermometer(slow_thermometer::SlowThermometer),
    KropkiValues(kropki_values::KropkiValues),
    DigitalRoot(digital_root::DigitalRoot),
    Indexer(indexer::Indexer),
    DoubleArrow(double_arrow::DoubleArrow),
    PillArrow(pill_arrow::PillArrows),
    Nabner(nabner::Nabner),
}

/// One rule kind in the [`REGISTRY`]: its names and how to make one.
pub struct Entry {
    /// [`RuleKind::NAME`].
    pub name: &'static str,
    /// [`RuleKind::ALIASES`].
    pub aliases: &'static [&'static str],
    /// [`RuleKind::SUMMARY`].
    pub summary: &'static str,
    /// [`RuleKind::FPUZZLES_KEYS`].
    pub fpuzzles_keys: &'static [&'static str],
    /// [`RuleKind::INPUT`].
    pub input: Input,
    read: fn(&mut Fields<'_>) -> Result<Rule, ParseError>,
    switch: fn() -> Option<Rule>,
    from_fpuzzles: fn(&FRead<'_>) -> Result<Option<Rule>, ParseError>,
}

impl Entry {
    const fn of<K: RuleKind>() -> Entry {
        Entry {
            name: K::NAME,
            aliases: K::ALIASES,
            summary: K::SUMMARY,
            fpuzzles_keys: K::FPUZZLES_KEYS,
            input: K::INPUT,
            read: read_as::<K>,
            switch: switch_as::<K>,
            from_fpuzzles: from_fpuzzles_as::<K>,
        }
    }

    /// Whether the rule needs no data, so a name alone turns it on (`--rules diagonal`).
    pub fn switchable(&self) -> bool {
        (self.switch)().is_some()
    }

    /// The rule read from its JSON fields.
    pub fn read(&self, fields: &mut Fields<'_>) -> Result<Rule, ParseError> {
        (self.read)(fields)
    }

    /// The rule of this kind in a decoded f-puzzles puzzle, if it has one.
    pub fn from_fpuzzles(&self, f: &FRead<'_>) -> Result<Option<Rule>, ParseError> {
        (self.from_fpuzzles)(f)
    }

    /// Whether `name` (any case, `_` or `-`) names this rule or one of its aliases.
    fn answers_to(&self, key: &str) -> bool {
        self.name == key || self.aliases.contains(&key)
    }
}

fn read_as<K: RuleKind>(fields: &mut Fields<'_>) -> Result<Rule, ParseError> {
    K::read(fields).map(Into::into)
}

fn switch_as<K: RuleKind>() -> Option<Rule> {
    K::switch().map(Into::into)
}

fn from_fpuzzles_as<K: RuleKind>(f: &FRead<'_>) -> Result<Option<Rule>, ParseError> {
    K::from_fpuzzles(f).map(|rule| rule.map(Into::into))
}

/// The [`RuleKind`] methods a [`Rule`] dispatches to, object-safe.
trait DynRule {
    fn name(&self) -> &'static str;
    fn emit(&self, b: &mut Emit<'_, '_>);
    fn check_among(&self, rules: &[Rule], geometry: &Geometry, grid: &Grid) -> Vec<Violation>;
    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError>;
    fn write(&self, out: &mut Map<String, Value>);
    fn to_fpuzzles(&self, f: &mut FWrite<'_>) -> Result<(), FPuzzlesWriteError>;
    fn draw(&self, geometry: &Geometry) -> Vec<Mark>;
}

impl<K: RuleKind> DynRule for K {
    fn name(&self) -> &'static str {
        K::NAME
    }
    fn emit(&self, b: &mut Emit<'_, '_>) {
        RuleKind::emit(self, b);
    }
    fn check_among(&self, rules: &[Rule], geometry: &Geometry, grid: &Grid) -> Vec<Violation> {
        RuleKind::check_among(self, rules, geometry, grid)
    }
    fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        RuleKind::validate(self, geometry)
    }
    fn write(&self, out: &mut Map<String, Value>) {
        RuleKind::write(self, out);
    }
    fn to_fpuzzles(&self, f: &mut FWrite<'_>) -> Result<(), FPuzzlesWriteError> {
        RuleKind::to_fpuzzles(self, f)
    }
    fn draw(&self, geometry: &Geometry) -> Vec<Mark> {
        RuleKind::draw(self, geometry)
    }
}

/// A name as the registry compares it: trimmed, lower case, `_` as `-`.
fn normalise(name: &str) -> String {
    name.trim().to_ascii_lowercase().replace('_', "-")
}

/// The registry entry named `name` or one of its aliases (`hyper`, `anti_knight`, `Thermo`).
pub fn entry(name: &str) -> Option<&'static Entry> {
    let key = normalise(name);
    REGISTRY.iter().find(|e| e.answers_to(&key))
}

/// The names of the rules that need no data, in registry order.
pub fn switchable_names() -> Vec<&'static str> {
    REGISTRY.iter().filter(|e| e.switchable()).map(|e| e.name).collect()
}

/// Every rule's name, in registry order.
pub fn rule_names() -> Vec<&'static str> {
    REGISTRY.iter().map(|e| e.name).collect()
}

/// The rules that need no data, by name or alias, for a side-`n` grid. The error says what is
/// wrong and which names exist.
pub fn rule_from_name(name: &str, n: usize) -> Result<Rule, String> {
    let switchable = || switchable_names().join(", ");
    let Some(e) = entry(name) else {
        return Err(format!("unknown rule {name:?} (expected one of: {})", switchable()));
    };
    let Some(rule) = (e.switch)() else {
        return Err(format!(
            "the {} rule needs data ({}): give it in a JSON puzzle; rules that need none: {}",
            e.name,
            e.summary,
            switchable()
        ));
    };
    let geometry = Geometry::new(n, Some((1, n))).map_err(|e| e.to_string())?;
    rule.validate(&geometry).map_err(|e| e.message)?;
    Ok(rule)
}

/// A rule that cannot hold in this grid, or data that does not make sense.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("{}: {message}", if path.is_empty() { "rule" } else { path.as_str() })]
pub struct RuleError {
    /// Where inside the rule, in the JSON format's terms (`cages[2].cells[0]`; empty: the whole
    /// rule).
    pub path: String,
    /// What is wrong.
    pub message: String,
}

impl RuleError {
    /// An error at `path` (relative to the rule).
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> RuleError {
        RuleError { path: path.into(), message: message.into() }
    }

    /// The same error, one level further out (`prefix` + `.` + path).
    pub fn within(self, prefix: &str) -> RuleError {
        let path = match (prefix.is_empty(), self.path.is_empty()) {
            (true, _) => self.path,
            (false, true) => prefix.to_string(),
            (false, false) if self.path.starts_with('[') => format!("{prefix}{}", self.path),
            (false, false) => format!("{prefix}.{}", self.path),
        };
        RuleError { path, ..self }
    }
}

/// Check a puzzle's rules: at most one of each kind, and each one sane for the geometry.
/// Paths start at `rules[i]`.
pub fn validate_rules(geometry: &Geometry, rules: &[Rule]) -> Result<(), RuleError> {
    for (i, rule) in rules.iter().enumerate() {
        if let Some(j) = rules[..i].iter().position(|r| r.name() == rule.name()) {
            return Err(RuleError::new(
                format!("rules[{i}]"),
                format!("a second {:?} rule (the first is rules[{j}]); put all its instances in one rule", rule.name()),
            ));
        }
        rule.validate(geometry).map_err(|e| e.within(&format!("rules[{i}]")))?;
    }
    Ok(())
}

impl Rule {
    /// Short name, as used by `--rules` and the JSON format's `"type"`.
    pub fn name(&self) -> &'static str {
        self.kind().name()
    }

    /// Emit this rule's rows into the model.
    pub fn emit(&self, builder: &mut ModelBuilder<'_>) {
        let tag = self.tag(builder);
        let b = &mut Emit { b: builder, tag: &tag, kind: RowKind::Rule(self.name()) };
        self.kind().emit(b);
    }

    /// Check a grid against this rule of a puzzle that holds `rules` (this one among them:
    /// kropki's negative constraints read the `kropki-values` dots); `partial` grids (with
    /// empty cells) only report rules already broken by the filled cells. Empty cells never
    /// count as a break here, even when `partial` is false: the checker reports them once, as
    /// empty cells.
    pub fn check(&self, rules: &[Rule], geometry: &Geometry, grid: &Grid, _partial: bool) -> Vec<Violation> {
        self.kind().check_among(rules, geometry, grid)
    }

    /// Whether the rule makes sense in this geometry: cells inside the grid, cages that do not
    /// overlap and whose sums are possible, thermometers and arrows that are connected paths,
    /// dots between neighbours… Paths are relative to the rule (`cages[2].cells[0]`).
    pub fn validate(&self, geometry: &Geometry) -> Result<(), RuleError> {
        self.kind().validate(geometry)
    }

    /// Write the rule into an f-puzzles object ([`RuleKind::to_fpuzzles`]).
    pub fn to_fpuzzles(&self, f: &mut FWrite<'_>) -> Result<(), FPuzzlesWriteError> {
        self.kind().to_fpuzzles(f)
    }

    /// The rule in the JSON format: `{"type": name, …}`.
    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("type".into(), Value::String(self.name().to_string()));
        self.kind().write(&mut m);
        Value::Object(m)
    }

    /// How the rule is drawn.
    pub fn draw(&self, geometry: &Geometry) -> Vec<Mark> {
        self.kind().draw(geometry)
    }

    /// Prefix that keeps row names unique when a puzzle (built in code, not validated) holds
    /// two rules of one kind: empty for the first, `"{name}{k}_"` for the k-th.
    fn tag(&self, builder: &ModelBuilder<'_>) -> String {
        let rules = builder.puzzle().rules();
        let Some(me) = rules.iter().position(|r| std::ptr::eq(r, self)) else {
            return String::new();
        };
        let k = rules[..me].iter().filter(|r| r.name() == self.name()).count();
        if k == 0 {
            String::new()
        } else {
            format!("{}{}_", self.name().replace('-', "_"), k + 1)
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Shared by the rule files: the row builder with its name prefix, and cell geometry.

/// The most states a line automaton may reach ([`Emit::automaton`]); past it the rule's
/// rows alone stand for the line.
pub const MAX_AUTOMATON_STATES: usize = 4096;

/// The model builder as rules see it: every row and auxiliary variable name gets the rule's tag.
pub struct Emit<'b, 'a> {
    b: &'b mut ModelBuilder<'a>,
    tag: &'b str,
    /// The rule's rows' kind: its name.
    kind: RowKind,
}

impl Emit<'_, '_> {
    /// Side of the grid.
    pub fn n(&self) -> usize {
        self.b.n()
    }

    /// Variable of `(cell, digit)`, digit 1-based.
    pub fn var(&self, cell: Cell, digit: usize) -> u32 {
        self.b.var(cell, digit)
    }

    /// The puzzle's geometry.
    pub fn geometry(&self) -> &Geometry {
        self.b.puzzle().geometry()
    }

    /// The puzzle's givens.
    pub fn givens(&self) -> &Grid {
        self.b.puzzle().givens()
    }

    /// The puzzle's rules (this one among them), for rows that depend on another rule's data:
    /// kropki's negative constraints exempt the pairs `kropki-values` dots mark.
    pub fn rules(&self) -> &[Rule] {
        self.b.puzzle().rules()
    }

    /// Begin a clue of this rule ([`crate::model::Clue`]): one thing the setter drew or wrote,
    /// called `label` for people ("the thermometer r1c1-r1c2-r1c3"); the rows emitted from
    /// here to the next clue or the rule's end are its rows. The rater reads them together to
    /// say what the clue alone rules out; backends never look.
    ///
    /// `cells` are the clue's own cells in the order people read them (a line from its start,
    /// an arrow from its circle): the rater lists a clue's fillings in that order.
    pub fn clue(&mut self, label: impl Into<String>, cells: impl IntoIterator<Item = Cell>) {
        let RowKind::Rule(rule) = self.kind else { return };
        self.b.begin_clue(label.into(), rule, cells.into_iter().collect());
    }

    /// End the clue begun last ([`Emit::clue`]): the rows that follow belong to none (a
    /// rule's rows over the whole grid, after its clues).
    pub fn end_clue(&mut self) {
        self.b.end_clue();
    }

    /// `name` after the rule's tag, written once into room for most names (a model names
    /// thousands of rows; growing each name as it is written cost more than the rest of the
    /// row).
    fn tagged(&self, name: impl std::fmt::Display) -> String {
        use std::fmt::Write as _;
        let mut out = String::with_capacity(self.tag.len() + 40);
        // Writing into a String cannot fail.
        let _ = write!(out, "{}{name}", self.tag);
        out
    }

    /// A new auxiliary binary variable named `name` (with the rule's tag), after the cube.
    pub fn aux(&mut self, name: impl std::fmt::Display) -> u32 {
        self.b.aux(&self.tagged(name))
    }

    /// Add `Σ terms  sense  rhs`, dropping zero coefficients.
    pub fn row(&mut self, name: impl std::fmt::Display, terms: Vec<(u32, i32)>, sense: Sense, rhs: i32) {
        let terms = terms.into_iter().filter(|&(_, a)| a != 0).collect();
        self.b.add_row(Row { name: self.tagged(name), kind: self.kind, terms, sense, rhs });
    }

    /// A row the rule's other rows and the houses already imply ([`RowKind::Implied`]), added
    /// only to help propagation.
    pub fn implied_row(&mut self, name: impl std::fmt::Display, terms: Vec<(u32, i32)>, sense: Sense, rhs: i32) {
        let kind = match self.kind {
            RowKind::Rule(rule) => RowKind::Implied(rule),
            other => other,
        };
        let terms = terms.into_iter().filter(|&(_, a)| a != 0).collect();
        self.b.add_row(Row { name: self.tagged(name), kind, terms, sense, rhs });
    }

    /// Declare a line automaton beside the rule's rows ([`crate::automaton`]): the line
    /// `cells` read digit by digit from state `start` through `next` (`None`: no line goes on
    /// that way) must end in a state `accept` takes. It restates the rows, which stay;
    /// `replaces` names what it makes redundant (auxiliary variables, every row of which, and
    /// rows of the rule from [`Emit::rows_len`] on), so that a backend propagating it may leave
    /// those rows out. Left out (the rows alone remain) when more than
    /// [`MAX_AUTOMATON_STATES`] states are reachable.
    pub fn automaton<S: Clone + Eq + std::hash::Hash>(
        &mut self,
        name: impl std::fmt::Display,
        cells: &[Cell],
        start: S,
        next: impl Fn(&S, usize) -> Option<S>,
        accept: impl Fn(&S) -> bool,
        replaces: crate::automaton::Replaces<'_>,
    ) {
        let name = self.tagged(name);
        let n = self.n();
        if let Some(mut a) =
            crate::automaton::LineAutomaton::from_fn(name, cells.to_vec(), n, start, next, accept, MAX_AUTOMATON_STATES)
        {
            a.replaces = replaces.aux.to_vec();
            if let Some(first) = replaces.rows_from {
                a.replaces_rows = (first as u32..self.b.rows_len() as u32).collect();
            }
            self.b.add_automaton(a);
        }
    }

    /// Rows of the model so far: where the next row goes (for [`Emit::automaton`]'s
    /// replaced rows).
    pub fn rows_len(&self) -> usize {
        self.b.rows_len()
    }

    /// "Each digit exactly once" over `n` cells.
    pub fn all_different(&mut self, prefix: impl std::fmt::Display, cells: &[Cell]) {
        self.b.add_all_different_region(&format!("{}{prefix}", self.tag), self.kind, cells);
    }

    /// "Each digit at most once" over fewer cells.
    pub fn at_most_once(&mut self, prefix: impl std::fmt::Display, cells: &[Cell]) {
        self.b.add_at_most_once(&format!("{}{prefix}", self.tag), self.kind, cells);
    }

    /// Digit `d` cannot go in `cell`. Fixes the variable to 0 — unless the cell's given is
    /// `d`: givens are fixed to 1 after the rules emit, which would silently override the 0,
    /// so that case gets an explicit (infeasible) row `x <= 0` named `{name}`.
    pub fn exclude(&mut self, cell: Cell, d: usize, name: impl std::fmt::Display) {
        let var = self.var(cell, d);
        if self.b.puzzle().givens().get(cell) == d {
            self.row(format_args!("{name}_{cell}_d{d}"), vec![(var, 1)], Sense::Le, 0);
        } else {
            self.b.fix(var, false);
        }
    }

    /// The terms `weight·d·x[c,d]` of a sum row over `cells`, every digit of each cell; the
    /// digits `keep(d)` refuses are out of the row's reach and excluded (named `name`). Whole
    /// cells, excluded digits too: the native engine bounds cells of a row that see each other
    /// together (`distinct.rs`), and only cells the row holds whole.
    pub fn digit_terms(
        &mut self,
        name: &str,
        cells: &[Cell],
        weight: i32,
        keep: impl Fn(usize) -> bool,
    ) -> Vec<(u32, i32)> {
        let n = self.n();
        let mut terms = Vec::new();
        for &c in cells {
            for d in 1..=n {
                terms.push((self.var(c, d), weight * d as i32));
                if !keep(d) {
                    self.exclude(c, d, name);
                }
            }
        }
        terms
    }

    /// "If `y` is 1, the digits of `cells` sum to `total`", as two rows named `{name}_lo` and
    /// `{name}_hi` (each cell holds 1 to `n`, so the rows are loose while `y` is 0):
    ///
    /// ```text
    ///   Σ_c Σ_d d·x[c,d] − (total − k)·y   >= k        k = |cells|
    ///   Σ_c Σ_d d·x[c,d] + (k·n − total)·y <= k·n
    /// ```
    pub fn sum_if(&mut self, name: &str, y: u32, cells: &[Cell], total: usize) {
        let n = self.n();
        let k = cells.len();
        let mut terms: Vec<(u32, i32)> =
            cells.iter().flat_map(|&c| (1..=n).map(move |d| (c, d))).map(|(c, d)| (self.var(c, d), d as i32)).collect();
        let (lo, hi) = (k as i32, (k * n) as i32);
        let total = total as i32;
        terms.push((y, -(total - lo)));
        self.row(format_args!("{name}_lo"), terms.clone(), Sense::Ge, lo);
        if let Some(last) = terms.last_mut() {
            *last = (y, hi - total);
        }
        self.row(format_args!("{name}_hi"), terms, Sense::Le, hi);
    }

    /// `x[a,d] <= Σ_{e: allowed(d,e)} x[b,e]` for every digit `d`, in both directions: the
    /// digit of one cell of the pair needs a partner digit in the other. A digit with no partner
    /// is excluded outright.
    pub fn implications(&mut self, name: &str, (a, b): (Cell, Cell), allowed: impl Fn(usize, usize) -> bool) {
        let n = self.n();
        for (side, (p, q)) in [("a", (a, b)), ("b", (b, a))] {
            for d in 1..=n {
                let partners: Vec<usize> = (1..=n).filter(|&e| allowed(d, e)).collect();
                if partners.is_empty() {
                    self.exclude(p, d, name);
                    continue;
                }
                let mut terms = vec![(self.var(p, d), 1)];
                terms.extend(partners.iter().map(|&e| (self.var(q, e), -1)));
                self.row(format_args!("{name}_{side}_d{d}"), terms, Sense::Le, 0);
            }
        }
    }

    /// `x[a,d] + Σ_{e: forbidden(d,e)} x[b,e] <= 1` for every digit `d`, in both directions:
    /// cliques of the conflict graph (the `x[b,·]` are exclusive by the cell row).
    pub fn conflicts(&mut self, name: &str, (a, b): (Cell, Cell), forbidden: impl Fn(usize, usize) -> bool) {
        let n = self.n();
        for (side, (p, q)) in [("a", (a, b)), ("b", (b, a))] {
            for d in 1..=n {
                let mut terms = vec![(self.var(p, d), 1)];
                terms.extend((1..=n).filter(|&e| forbidden(d, e)).map(|e| (self.var(q, e), 1)));
                if terms.len() > 1 {
                    self.row(format_args!("{name}_{side}_d{d}"), terms, Sense::Le, 1);
                }
            }
        }
    }
}

/// A line's cells for people, in its order: "r1c1-r1c2-r2c3".
/// Past 12 cells, the first two, the last and the count: "r1c4-r1c5-…-r9c9 (78 cells)".
pub(crate) fn path_text(cells: &[Cell]) -> String {
    match cells {
        [a, b, .., last] if cells.len() > 12 => format!("{a}-{b}-…-{last} ({} cells)", cells.len()),
        _ => cells.iter().map(|c| c.to_string()).collect::<Vec<_>>().join("-"),
    }
}

/// A set of cells for people: "r1c1, r1c2 and r2c1".
pub(crate) fn cells_text(cells: &[Cell]) -> String {
    let names: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// The cells of a side-`n` grid, row-major.
pub(crate) fn all_cells(n: usize) -> impl Iterator<Item = Cell> {
    (0..n * n).map(move |k| Cell::from_index(k, n))
}

/// Cells one step apart horizontally or vertically.
pub(crate) fn orthogonal(a: Cell, b: Cell) -> bool {
    a.row.abs_diff(b.row) + a.col.abs_diff(b.col) == 1
}

/// Distinct cells a king's move apart (8-neighbourhood).
pub(crate) fn king_step(a: Cell, b: Cell) -> bool {
    a != b && a.row.abs_diff(b.row) <= 1 && a.col.abs_diff(b.col) <= 1
}

/// Every orthogonally adjacent pair, each once (left/up cell first).
pub(crate) fn orthogonal_pairs(n: usize) -> impl Iterator<Item = (Cell, Cell)> {
    all_cells(n).flat_map(move |a| {
        let right = (a.col as usize + 1 < n).then(|| Cell::new(a.row as usize, a.col as usize + 1));
        let down = (a.row as usize + 1 < n).then(|| Cell::new(a.row as usize + 1, a.col as usize));
        right.into_iter().chain(down).map(move |b| (a, b))
    })
}

/// Whether `cell` lies in a side-`n` grid.
pub(crate) fn inside(cell: Cell, n: usize) -> bool {
    (cell.row as usize) < n && (cell.col as usize) < n
}

/// `Err` naming the first cell outside the grid or repeated in `cells`; `path(i)` names cell `i`.
/// Linear in the cells: a cage over a whole 64×64 grid has 4,096 of them.
pub(crate) fn check_cells(n: usize, cells: &[Cell], path: impl Fn(usize) -> String) -> Result<(), RuleError> {
    let mut first: HashMap<Cell, usize> = HashMap::with_capacity(cells.len());
    for (i, &c) in cells.iter().enumerate() {
        if !inside(c, n) {
            return Err(RuleError::new(path(i), format!("{c} is outside the {n}x{n} grid")));
        }
        if let Some(&j) = first.get(&c) {
            return Err(RuleError::new(path(i), format!("{c} is listed twice (also at {})", path(j))));
        }
        first.insert(c, i);
    }
    Ok(())
}

/// Validate the lines of a line rule (renban, palindrome, between lines): each a path of at
/// least `min` distinct cells inside the grid, every cell touching the one before (diagonally
/// too). Paths are `lines[i][j]`.
pub(crate) fn check_lines(n: usize, lines: &[Vec<Cell>], min: usize) -> Result<(), RuleError> {
    check_line_cells(n, lines, min, true)
}

/// Validate the lines of a rule that only relates neighbours along a line (whispers): as
/// [`check_lines`], but a line may come back to a cell it passed, as setters draw loops and
/// figures of eight (never in the next step: a step goes to a touching cell, not the same one).
pub(crate) fn check_walks(n: usize, lines: &[Vec<Cell>], min: usize) -> Result<(), RuleError> {
    check_line_cells(n, lines, min, false)
}

fn check_line_cells(n: usize, lines: &[Vec<Cell>], min: usize, distinct: bool) -> Result<(), RuleError> {
    for (i, cells) in lines.iter().enumerate() {
        let path = format!("lines[{i}]");
        if cells.len() < min {
            return Err(RuleError::new(path, format!("a line needs at least {min} cells, found {}", cells.len())));
        }
        if distinct {
            check_cells(n, cells, |j| format!("{path}[{j}]"))?;
        } else if let Some(j) = cells.iter().position(|&c| !inside(c, n)) {
            return Err(RuleError::new(format!("{path}[{j}]"), format!("{} is outside the {n}x{n} grid", cells[j])));
        }
        if let Some(j) = (1..cells.len()).find(|&j| !king_step(cells[j - 1], cells[j])) {
            return Err(RuleError::new(
                format!("{path}[{j}]"),
                format!("{} does not touch {}: a line is a path of touching cells", cells[j], cells[j - 1]),
            ));
        }
    }
    Ok(())
}

/// A line through the centres of `cells`, `width` a share of a cell, for line rules' pictures.
pub(crate) fn line_mark(cells: &[Cell], colour: &'static str, width: f64) -> Mark {
    let centre = |c: &Cell| (f64::from(c.row) + 0.5, f64::from(c.col) + 0.5);
    Mark::Line { points: cells.iter().map(centre).collect(), colour, width: draw::Width::Cells(width) }
}

/// Validate a list of dotted pairs: cells inside, orthogonal neighbours, no pair twice.
/// `seen` collects pairs across lists (a pair cannot carry two marks).
pub(crate) fn check_pairs(
    n: usize,
    list: &str,
    pairs: &[(Cell, Cell)],
    seen: &mut Vec<((Cell, Cell), String)>,
) -> Result<(), RuleError> {
    for (i, &(a, b)) in pairs.iter().enumerate() {
        let path = format!("{list}[{i}]");
        check_cells(n, &[a, b], |k| format!("{path}[{k}]"))?;
        if !orthogonal(a, b) {
            return Err(RuleError::new(path, format!("{a} and {b} are not orthogonal neighbours")));
        }
        let key = (a.min(b), a.max(b));
        if let Some((_, other)) = seen.iter().find(|(k, _)| *k == key) {
            return Err(RuleError::new(path, format!("the pair {a}-{b} already has a mark at {other}")));
        }
        seen.push((key, path));
    }
    Ok(())
}

/// The pairs of the `pairs` lists, plus (when `all_given`) every other orthogonal pair of the
/// grid, for checkers and emitters of dot rules.
pub(crate) fn unmarked_pairs(n: usize, marked: &[&[(Cell, Cell)]]) -> Vec<(Cell, Cell)> {
    let is_marked =
        |a: Cell, b: Cell| marked.iter().any(|list| list.iter().any(|&(p, q)| (p, q) == (a, b) || (q, p) == (a, b)));
    orthogonal_pairs(n).filter(|&(a, b)| !is_marked(a, b)).collect()
}

/// For checkers of "all marks given": every pair of orthogonal neighbours without a mark in
/// `marked`, found by looking right and down from every cell (the rows use
/// [`unmarked_pairs`], which the tests hold to the same definition).
pub(crate) fn pairs_without_mark(n: usize, marked: &[&[(Cell, Cell)]]) -> Vec<(Cell, Cell)> {
    let marks: std::collections::HashSet<(Cell, Cell)> =
        marked.iter().flat_map(|list| list.iter()).map(|&(a, b)| (a.min(b), a.max(b))).collect();
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let a = Cell::new(r, c);
            for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                let b = Cell::new(r2, c2);
                if r2 < n && c2 < n && !marks.contains(&(a, b)) {
                    out.push((a, b));
                }
            }
        }
    }
    out
}

/// A pair's digits as a rule violation, for dot rules.
pub(crate) fn pair_violation(rule: &str, (a, b): (Cell, Cell), grid: &Grid, what: &str) -> Violation {
    Violation::Rule {
        rule: rule.to_string(),
        message: format!("{a} ({}) and {b} ({}) {what}", grid.get(a), grid.get(b)),
        cells: vec![a, b],
    }
}

#[cfg(test)]
pub(crate) mod testing {
    //! Helpers for the rule files' unit tests: small valid grids and a model/checker agreement
    //! assertion.

    use crate::check::verify;
    use crate::geometry::{Cell, Geometry};
    use crate::grid::Grid;
    use crate::model::Model;
    use crate::puzzle::Puzzle;

    use super::Rule;

    /// The one line automaton `rule` declares on a blank 6×6, and every line of six digits
    /// (repeats included), each handed to `check` with whether the automaton accepts it.
    pub fn every_line6(rule: Rule, mut check: impl FnMut(&[usize], bool)) {
        let m = Model::build(&Puzzle::blank(Geometry::new(6, None).expect("6x6")).with_rule(rule));
        assert_eq!(m.automata().len(), 1, "one clue, one automaton");
        let a = &m.automata()[0];
        for word in 0..6usize.pow(6) {
            let digits: Vec<usize> = (0..6).map(|i| 1 + word / 6usize.pow(i) % 6).collect();
            check(&digits, a.accepts(&digits));
        }
    }

    /// A valid 4×4 Sudoku.
    pub fn grid4(values: [u8; 16]) -> Grid {
        Grid::from_values(4, values.to_vec()).expect("4x4 values")
    }

    /// Every valid 4×4 Sudoku grid (288 of them): rows are permutations, stacked while the
    /// columns and boxes stay valid.
    pub fn all_grids4() -> &'static [Grid] {
        static GRIDS: std::sync::OnceLock<Vec<Grid>> = std::sync::OnceLock::new();
        GRIDS.get_or_init(|| {
            let perms = permutations(&[1, 2, 3, 4]);
            let blank = Puzzle::blank(Geometry::new(4, None).expect("4x4"));
            let mut out = Vec::new();
            let mut stack: Vec<Vec<u8>> = vec![Vec::new()];
            while let Some(prefix) = stack.pop() {
                if prefix.len() == 16 {
                    out.push(Grid::from_values(4, prefix).expect("4x4"));
                    continue;
                }
                for p in &perms {
                    let mut values = prefix.clone();
                    values.extend(p);
                    let mut padded = values.clone();
                    padded.resize(16, 0);
                    let grid = Grid::from_values(4, padded).expect("4x4");
                    if crate::check::verify_partial(&blank, &grid).is_empty() {
                        stack.push(values);
                    }
                }
            }
            out
        })
    }

    fn permutations(items: &[u8]) -> Vec<Vec<u8>> {
        if items.len() <= 1 {
            return vec![items.to_vec()];
        }
        let mut out = Vec::new();
        for i in 0..items.len() {
            let mut rest = items.to_vec();
            let first = rest.remove(i);
            for mut p in permutations(&rest) {
                p.insert(0, first);
                out.push(p);
            }
        }
        out
    }

    /// Over every valid 4×4 grid: the checker accepts exactly the grids whose 0-1 assignment
    /// satisfies the model. Returns (accepted, rejected) counts so callers can assert both
    /// occur.
    pub fn agreement4(rule: Rule) -> (usize, usize) {
        agreement4_all(vec![rule])
    }

    /// [`agreement4`] for a puzzle holding several rules, whose meanings may depend on each
    /// other (kropki's negative constraints and `kropki-values`).
    pub fn agreement4_all(rules: Vec<Rule>) -> (usize, usize) {
        let puzzle = rules.into_iter().fold(Puzzle::blank(Geometry::new(4, None).expect("4x4")), Puzzle::with_rule);
        let model = Model::build(&puzzle);
        let (mut yes, mut no) = (0, 0);
        for grid in all_grids4() {
            let checker = verify(&puzzle, grid).is_empty();
            let rows = model.is_feasible(&model.ones_from_grid(grid));
            assert_eq!(checker, rows, "checker and model disagree on {grid}: {:?}", verify(&puzzle, grid));
            if checker {
                yes += 1;
            } else {
                no += 1;
            }
        }
        (yes, no)
    }

    /// `r{row}c{col}` from 1-based numbers.
    pub fn c(row: usize, col: usize) -> Cell {
        Cell::new(row - 1, col - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every unordered pair of distinct cells at distance 1, minus the marked ones.
    fn brute_unmarked(n: usize, marked: &[(Cell, Cell)]) -> Vec<(Cell, Cell)> {
        let mut out = Vec::new();
        for a in all_cells(n) {
            for b in all_cells(n) {
                let near = a.row.abs_diff(b.row) + a.col.abs_diff(b.col) == 1;
                if a < b && near && !marked.iter().any(|&(p, q)| (p, q) == (a, b) || (q, p) == (a, b)) {
                    out.push((a, b));
                }
            }
        }
        out.sort();
        out
    }

    #[test]
    fn unmarked_pairs_of_rows_and_checkers_are_the_brute_force_ones() {
        for n in [1, 2, 4, 6, 9] {
            let marked: Vec<(Cell, Cell)> =
                brute_unmarked(n, &[]).into_iter().enumerate().filter(|(i, _)| i % 3 == 0).map(|(_, p)| p).collect();
            // Marks may be given either way round.
            let flipped: Vec<(Cell, Cell)> = marked.iter().map(|&(a, b)| (b, a)).collect();
            let expected = brute_unmarked(n, &marked);
            for list in [&marked, &flipped] {
                let mut rows = unmarked_pairs(n, &[list]);
                rows.sort();
                let mut checker = pairs_without_mark(n, &[list]);
                checker.sort();
                assert_eq!(rows, expected, "rows {n}");
                assert_eq!(checker, expected, "checker {n}");
            }
        }
    }

    #[test]
    fn every_name_and_alias_finds_one_entry() {
        let mut seen = Vec::new();
        for e in REGISTRY {
            for name in std::iter::once(&e.name).chain(e.aliases) {
                assert_eq!(entry(name).map(|x| x.name), Some(e.name), "{name}");
                assert_eq!(entry(&name.to_uppercase().replace('-', "_")).map(|x| x.name), Some(e.name));
                assert!(!seen.contains(name), "{name} twice");
                seen.push(*name);
            }
        }
        assert!(entry("sandwich-of-doom").is_none());
    }
}

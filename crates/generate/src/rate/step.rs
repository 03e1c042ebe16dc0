//! What a step is, for people and for programs: the technique, a sentence, the cells and
//! candidates it involves, what it places and what it removes. A `hint` shows one, `explain`
//! the whole path; both can start from a person's candidates ([`parse_candidates`]).

use serde::{Serialize, Serializer};
use sudoku_ip_model::Cell;

use super::{digits, SeRating, Technique};

/// Digit `digit` in `cell`; serialized as `{"cell": "r5c6", "digit": 7}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Candidate {
    /// The cell.
    #[serde(serialize_with = "cell_name")]
    pub cell: Cell,
    /// The digit, `1..=n`.
    pub digit: u8,
}

fn cell_name<S: Serializer>(cell: &Cell, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(cell)
}

fn cell_names<S: Serializer>(cells: &[Cell], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(cells.iter().map(|c| c.to_string()))
}

/// One logical step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// What a person reads: "Hidden single: in box 5, 7 fits only in r5c6".
    pub text: String,
    /// The step's weight on the Sudoku Explainer scale.
    pub rating: SeRating,
    /// The cells of the pattern (to highlight), as `"r5c6"`.
    #[serde(serialize_with = "cell_names")]
    pub cells: Vec<Cell>,
    /// The candidates of the pattern that make the deduction.
    pub candidates: Vec<Candidate>,
    /// Digits placed.
    pub placements: Vec<Candidate>,
    /// Candidates removed.
    pub eliminations: Vec<Candidate>,
    /// The deduction holds only because the puzzle has one solution (unique rectangles).
    pub uses_uniqueness: bool,
}

impl Step {
    pub(super) fn new(technique: Technique, text: String) -> Step {
        Step {
            technique,
            text,
            rating: technique.se_rating(),
            cells: Vec::new(),
            candidates: Vec::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            uses_uniqueness: false,
        }
    }

    /// Set the pattern's cells (sorted, once each).
    pub(super) fn with_cells(mut self, cells: impl IntoIterator<Item = Cell>) -> Step {
        self.cells = cells.into_iter().collect();
        self.cells.sort_unstable();
        self.cells.dedup();
        self
    }

    /// Set the pattern's candidates (sorted, once each).
    pub(super) fn with_candidates(mut self, candidates: impl IntoIterator<Item = Candidate>) -> Step {
        self.candidates = candidates.into_iter().collect();
        self.candidates.sort_unstable();
        self.candidates.dedup();
        self
    }
}

/// A whole path: the steps in order, and where it stopped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Explanation {
    /// The steps, each checked against the solution.
    pub steps: Vec<Step>,
    /// Empty cells when no technique applied any more (0: solved).
    pub stuck_empty: usize,
    /// Branching decisions of the native engine to solve the puzzle and prove it unique.
    pub guesses: u64,
}

/// A person's candidates that do not fit the puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CandidatesError {
    /// Not one character per cell and digit.
    #[error("a candidate string has n³ = {expected} characters (n per cell, row by row); found {found}")]
    Length {
        /// n³.
        expected: usize,
        /// Characters found (whitespace ignored).
        found: usize,
    },
    /// A character that is neither the digit of its position nor a blank.
    #[error("character {position} ({cell}, place {place}) is {found:?}; expected {expected} or '.' / '0'")]
    Character {
        /// 1-based position among the non-blank characters.
        position: usize,
        /// Its cell.
        cell: Cell,
        /// 1-based place within the cell's characters.
        place: usize,
        /// The character.
        found: char,
        /// The digit that may stand there.
        expected: char,
    },
    /// The candidates no longer allow the solution.
    #[error("the candidates remove {digit} from {cell}, which the solution needs there")]
    RemovesSolution {
        /// The cell.
        cell: Cell,
        /// The solution's digit.
        digit: u8,
    },
    /// A cell said to be filled that does not hold exactly one candidate.
    #[error("{cell} is placed but holds {found} candidates; a placed cell holds its digit alone")]
    PlacedNotSingle {
        /// The cell.
        cell: Cell,
        /// Its number of candidates.
        found: u32,
    },
}

/// Where a solver stands: the candidates of each cell and which cells are filled (a given, a
/// digit placed by a step, or one a person has filled in). A filled cell holds its digit's bit
/// alone; an open cell may hold one candidate too (a naked single not yet taken), which is why
/// the masks alone cannot say which cells are filled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// One mask per cell, bit `d − 1` for digit `d`.
    pub candidates: Vec<u64>,
    /// Per cell: filled.
    pub filled: Vec<bool>,
}

impl Position {
    /// Candidates as a candidate string holds them (HoDoKu's convention): a cell with one
    /// candidate is filled.
    pub fn from_candidates(candidates: Vec<u64>) -> Position {
        let filled = candidates.iter().map(|m| m.count_ones() == 1).collect();
        Position { candidates, filled }
    }

    /// The filled cells of an `n`×`n` grid that are not given in `givens` (one value a cell,
    /// 0 for empty): what the steps (or the person) placed.
    pub fn placed(&self, givens: &[u8], n: usize) -> Vec<Cell> {
        (0..self.filled.len())
            .filter(|&k| self.filled[k] && givens.get(k).is_none_or(|&v| v == 0))
            .map(|k| Cell::from_index(k, n))
            .collect()
    }
}

/// Read a candidate string: n characters per cell, cells row by row (729 for a 9×9); the
/// character at place `d` of a cell is the digit `d` (or, beyond 9, its letter A, B, …) when
/// `d` is a candidate there, `.` or `0` when it is not. Whitespace is ignored. Returns one
/// mask per cell (bit `d − 1`).
pub fn parse_candidates(text: &str, n: usize) -> Result<Vec<u64>, CandidatesError> {
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    if chars.len() != n * n * n {
        return Err(CandidatesError::Length { expected: n * n * n, found: chars.len() });
    }
    let mut masks = vec![0u64; n * n];
    for (i, &c) in chars.iter().enumerate() {
        let (k, d) = (i / n, i % n + 1);
        let expected = symbol(d);
        if c.eq_ignore_ascii_case(&expected) {
            masks[k] |= 1 << (d - 1);
        } else if c != '.' && c != '0' {
            return Err(CandidatesError::Character {
                position: i + 1,
                cell: Cell::from_index(k, n),
                place: d,
                found: c,
                expected,
            });
        }
    }
    Ok(masks)
}

/// Write candidate masks (one per cell of an `n`×`n` grid) as [`parse_candidates`] reads them.
pub fn format_candidates(masks: &[u64], n: usize) -> String {
    let mut out = String::with_capacity(masks.len() * n);
    for &mask in masks {
        for d in 1..=n {
            out.push(if mask >> (d - 1) & 1 == 1 { symbol(d) } else { '.' });
        }
    }
    out
}

/// The character of digit `d` in a candidate string: 1–9, then A, B, ….
fn symbol(d: usize) -> char {
    if d <= 9 {
        char::from(b'0' + d as u8)
    } else {
        char::from(b'A' + (d - 10) as u8)
    }
}

/// "r1c1, r1c5 and r2c3".
pub(super) fn cell_list(cells: impl IntoIterator<Item = Cell>) -> String {
    let names: Vec<String> = cells.into_iter().map(|c| c.to_string()).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// "{2,7}".
pub(super) fn digit_set(mask: u64) -> String {
    let ds: Vec<String> = digits(mask).map(|d| d.to_string()).collect();
    format!("{{{}}}", ds.join(","))
}

/// "r2c5 and r2c7 cannot be 4 or 6; r3c1 cannot be 6": grouped by digit, and digits that
/// leave the same cells said together (an innies step that pins a cell removes its seven other
/// digits in one clause, not seven).
pub(super) fn removals_text(list: &[Candidate]) -> String {
    if let Some(first) = list.first() {
        if list.len() > 1 && list.iter().all(|c| c.cell == first.cell) {
            let ds: Vec<String> = list.iter().map(|c| c.digit.to_string()).collect();
            let (last, rest) = ds.split_last().unwrap_or((&ds[0], &[]));
            return format!("{} cannot be {} or {last}", first.cell, rest.join(", "));
        }
    }
    let mut by_digit: Vec<(u8, Vec<Cell>)> = Vec::new();
    for c in list {
        match by_digit.iter_mut().find(|(d, _)| *d == c.digit) {
            Some((_, cells)) => cells.push(c.cell),
            None => by_digit.push((c.digit, vec![c.cell])),
        }
    }
    by_digit.sort_by_key(|(d, _)| *d);
    let mut groups: Vec<(Vec<u8>, Vec<Cell>)> = Vec::new();
    for (d, cells) in by_digit {
        match groups.iter_mut().find(|(_, c)| *c == cells) {
            Some((ds, _)) => ds.push(d),
            None => groups.push((vec![d], cells)),
        }
    }
    let parts: Vec<String> = groups
        .into_iter()
        .map(|(ds, cells)| {
            let ds: Vec<String> = ds.iter().map(u8::to_string).collect();
            let digits = match ds.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
                _ => ds.join(""),
            };
            format!("{} cannot be {digits}", cell_list(cells))
        })
        .collect();
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidates(list: &[(usize, usize, u8)]) -> Vec<Candidate> {
        list.iter().map(|&(r, c, digit)| Candidate { cell: Cell::new(r, c), digit }).collect()
    }

    #[test]
    fn removals_say_each_cell_set_once_with_all_its_digits() {
        // killer-hard.json's innies and outies step 5: r6c3 is 8, so it loses 1–7, and its
        // houses lose 8 (three of them here).
        let mut list: Vec<(usize, usize, u8)> = (1..=7).map(|d| (5, 2, d)).collect();
        list.extend([(0, 2, 8), (5, 0, 8), (8, 2, 8)]);
        assert_eq!(
            removals_text(&candidates(&list)),
            "r6c3 cannot be 1, 2, 3, 4, 5, 6 or 7; r1c3, r6c1 and r9c3 cannot be 8"
        );
        // A unique rectangle's naked set: two cells lose the same two digits.
        assert_eq!(
            removals_text(&candidates(&[(0, 8, 4), (0, 8, 8), (1, 8, 4), (1, 8, 8)])),
            "r1c9 and r2c9 cannot be 4 or 8"
        );
        // Digits that leave different cells stay apart, in digit order.
        assert_eq!(
            removals_text(&candidates(&[(8, 7, 1), (8, 7, 2), (8, 8, 2)])),
            "r9c8 cannot be 1; r9c8 and r9c9 cannot be 2"
        );
        assert_eq!(removals_text(&candidates(&[(2, 3, 5)])), "r3c4 cannot be 5");
        // One cell only: its digits in one clause.
        assert_eq!(removals_text(&candidates(&[(3, 3, 4), (3, 3, 6)])), "r4c4 cannot be 4 or 6");
    }
}

//! Techniques that look at one digit at a time skip, at a later position of the same path,
//! the digits whose candidates have not changed since they last found nothing.
//!
//! Fish (basic and finned), the single-digit patterns (skyscraper, 2-string kite, turbot fish,
//! empty rectangle), simple and multi-colouring, X-chains and locked candidates each search
//! every digit in turn, and what they find for digit `d` depends only on where `d` can still
//! go (the grid's units are fixed). When one of them finds nothing, the position is kept for
//! it; next time it is asked, a digit whose candidates are exactly as they were then has
//! nothing to give again, and only the others are searched. A technique that finds a step
//! stops at the first one in its own order, which skipping digits that have none does not
//! change, so the path is the same, only cheaper (the rater's tests and the byte-identical
//! output of `rate` and `explain` on top1465 check it).

use super::step::Step;
use super::{Logic, Technique};

/// Per technique that searches digit by digit: the candidates at the last position where it
/// found nothing (`None`: not yet, or not such a technique).
#[derive(Default)]
pub(super) struct Memo {
    empty_at: Vec<Option<Vec<u64>>>,
}

/// Whether `t` searches digit by digit, each digit on its candidates alone (its row of the
/// technique table says).
fn per_digit(t: Technique) -> bool {
    t.per_digit()
}

impl Logic {
    /// [`Logic::find`], searching only the digits that [`Memo`] does not know to give nothing.
    pub(super) fn find_remembering(&mut self, t: Technique) -> Option<Step> {
        if !per_digit(t) {
            return self.find(t);
        }
        let i = t as usize;
        if self.memo.empty_at.len() <= i {
            self.memo.empty_at.resize(i + 1, None);
        }
        self.scope = match &self.memo.empty_at[i] {
            Some(then) => then.iter().zip(&self.cand).fold(0, |m, (a, b)| m | (a ^ b)),
            None => u64::MAX,
        };
        let step = if self.scope == 0 { None } else { self.find(t) };
        self.scope = u64::MAX;
        match &step {
            Some(_) => {}
            None => match &mut self.memo.empty_at[i] {
                Some(then) => then.copy_from_slice(&self.cand),
                slot => *slot = Some(self.cand.clone()),
            },
        }
        step
    }

    /// True when the technique being tried is to search digit `d` (see [`Memo`]).
    pub(super) fn in_scope(&self, d: u8) -> bool {
        self.scope & super::bit(d) != 0
    }

    /// The digits the technique being tried is to search, in order (see [`Memo`]).
    pub(super) fn digits_in_scope(&self) -> impl Iterator<Item = u8> {
        let scope = self.scope;
        (1..=self.n as u8).filter(move |&d| scope & super::bit(d) != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Logic, Technique};
    use super::per_digit;
    use sudoku_ip_formats as formats;
    use sudoku_ip_model::{Model, Puzzle};

    /// Along the path of `puzzle`, at every position, each technique that searches digit by
    /// digit finds with its memo exactly what a full search finds; returns how often the memo
    /// left digits out.
    fn remembered_equals_full(puzzle: &Puzzle, plain: bool) -> usize {
        let model = Model::build(puzzle);
        let (mut logic, mut full) = (Logic::new(&model, plain), Logic::new(&model, plain));
        let mut narrowed = 0;
        loop {
            for t in Technique::ALL.into_iter().filter(|&t| per_digit(t)) {
                let then = logic.memo.empty_at.get(t as usize).cloned().flatten();
                let changed = then.map_or(u64::MAX, |c| c.iter().zip(&logic.cand).fold(0, |m, (a, b)| m | (a ^ b)));
                let open = logic.cand.iter().fold(0, |m, c| m | c);
                narrowed += usize::from(open & !changed != 0);
                assert_eq!(logic.find_remembering(t), full.find(t), "{t:?}");
            }
            let Some(step) = logic.next_step() else { break };
            logic.take(&step);
            full.take(&step);
        }
        narrowed
    }

    #[test]
    fn remembered_digits_give_what_a_full_search_gives() {
        // top1465 line 1 (plain, chains and fish) and an X-wing puzzle (it needs basic fish).
        for line in [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "..61....837........5..2..1..4....5....5.4692.6.2.......3.2.7....2..6...4...9..8..",
        ] {
            let puzzle = formats::parse_puzzle(line, &formats::ParseOptions::default()).expect("puzzle");
            let narrowed = remembered_equals_full(&puzzle, true);
            assert!(narrowed > 20, "{narrowed}");
        }
    }

    #[test]
    fn remembered_digits_give_what_a_full_search_gives_on_variants() {
        // A diagonal puzzle (chains through its diagonals) and a hard killer (cages as units).
        let diagonal = r#"{"size": 9, "givens": ["54....8..", "..7..8...", "..2..36..", "..6..2..9",
            "7........", ".........", "3..9...75", "...3.1...", ".1.....6."], "rules": [{"type": "diagonal"}]}"#;
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/killer-hard.json");
        let killer = std::fs::read_to_string(&path).expect("examples/killer-hard.json");
        for text in [diagonal, &killer] {
            let puzzle = formats::parse_puzzle(text, &formats::ParseOptions::default()).expect("puzzle");
            let narrowed = remembered_equals_full(&puzzle, false);
            assert!(narrowed > 10, "{narrowed}");
        }
    }
}

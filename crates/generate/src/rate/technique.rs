//! The technique table: every technique's name, grade, Sudoku Explainer weight, whether it
//! searches digit by digit, and the function that finds its step, in the order the rater tries
//! them. A technique is one file of `rate/` (its `impl Logic` block), one variant of
//! [`Technique`] and one row here.
//!
//! The weights are those Sudoku Explainer publishes for its techniques ("Difficulty ratings in
//! Sudoku Explainer v1.2.1"): last empty cell of a house (full house) 1.0, hidden single 1.2 in a
//! box and 1.5 in a line, naked single 2.3, pointing 2.6, claiming 2.8, naked pair 3.0, X-wing
//! 3.2, hidden pair 3.4, naked triple 3.6, swordfish 3.8, hidden triple 4.0, XY-wing 4.2,
//! XYZ-wing 4.4, unique rectangle 4.5 (type 3: + the size of its naked set), naked quad 5.0,
//! jellyfish 5.2, hidden quad 5.4, BUG+1 5.6, forcing X- and Y-chains 6.6, forcing chains (AIC)
//! 7.0, dynamic forcing chains 8.5 and up, "plus" (with locked candidates) 9.0 and up, nested
//! ones up to 11+. A step may weigh a little less
//! than its row (a hidden single in a box, a pointing) or more (a chain's length bonus: +0.1
//! past each of 4, 6, 8, 12, 16, 24, … nodes).
//!
//! SE has no variant steps: rule arithmetic and cage combinations weigh as a naked single,
//! innies and outies as claiming. Sukaku Explainer weighs skyscraper 4.0, 2-string kite 4.1,
//! turbot fish 4.2 and empty rectangle 4.3, and single-digit chains by their strong links
//! (three 5.4, four 5.8, … eight 7.4): our X-chains weigh so. W-wings, colourings, finned fish,
//! remote pairs, XY-chains and Sue de Coq weigh 6.6 (SE finds them as forcing X/Y-chains), AIC
//! 7.0 plus the length bonus; ALS-XZ 7.0, ALS-XY-wing 7.2 (HoDoKu's order). Nested forcing
//! chains weigh 8.5 + 0.5 × SE's nesting level (10.0, 10.5, 10.5; see `nested.rs`). Forcing chains (a
//! contradiction by singles from one assumption) and forcing nets (every branch of a cell or
//! a unit's digit agrees) are SE's dynamic forcing chains: 8.5 plus the length bonus over
//! their nodes.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize, Serializer};

use super::logic::Logic;
use super::nested::Inner;
use super::step::Step;

/// How hard a puzzle is for a person.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Grade {
    /// Singles, and SE's direct techniques (a locked set that ends in a hidden single).
    Easy,
    /// Locked candidates, pairs.
    Medium,
    /// Triples and quads, X-wing to jellyfish, XY- and XYZ-wings, unique rectangles.
    Hard,
    /// Chains, forcing chains, or search beyond them.
    Expert,
}

impl Grade {
    /// Every grade, easiest first.
    pub const ALL: [Grade; 4] = [Grade::Easy, Grade::Medium, Grade::Hard, Grade::Expert];

    /// Name as on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Grade::Easy => "easy",
            Grade::Medium => "medium",
            Grade::Hard => "hard",
            Grade::Expert => "expert",
        }
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Grade {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        crate::by_name(s, &Grade::ALL, Grade::name, "difficulty")
    }
}

/// A difficulty on the Sudoku Explainer scale, in tenths (`SeRating(23)` is 2.3); written and
/// serialized as the decimal number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SeRating(pub u16);

impl SeRating {
    /// The rating as a number (2.3).
    pub fn value(self) -> f64 {
        f64::from(self.0) / 10.0
    }
}

impl fmt::Display for SeRating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

impl Serialize for SeRating {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.value())
    }
}

/// A solving technique; [`Technique::ALL`] lists them in the order they are tried. Each is
/// one file of `rate/` and one row of the technique table (`technique.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Technique {
    /// The last empty cell of a house takes the one digit the house lacks.
    FullHouse,
    /// The only cell of a unit that can hold a digit.
    HiddenSingle,
    /// Locked candidates whose eliminations leave the digit one place in another unit: that
    /// hidden single.
    DirectLockedCandidates,
    /// A hidden pair whose eliminations leave another digit one place in the house: that
    /// hidden single.
    DirectHiddenPair,
    /// A cell with one candidate left.
    NakedSingle,
    /// A variant row (sum, thermometer, dot…) rules a candidate out on its own.
    RuleArithmetic,
    /// A sum of distinct digits (a killer cage) keeps the digits of its fitting combinations.
    CageCombinations,
    /// A hidden triple whose eliminations leave another digit one place in the house: that
    /// hidden single.
    DirectHiddenTriple,
    /// One clue of a rule (a thermometer, a line, an arrow, an outside number) read as a whole:
    /// the digits no filling of its cells uses go.
    ClueLogic,
    /// A unit's candidates for a digit all lie in another unit (pointing, claiming).
    LockedCandidates,
    /// The "45 rule": a house's digits sum to n(n+1)/2, so the cells its inside cages leave
    /// (innies), or the cells its crossing cages add (outies), have a known sum.
    InniesOuties,
    /// Several sums read as one (three parallel little killers): cells of one house hold
    /// distinct digits, so the whole has bounds no single clue gives (`set_sums.rs`).
    SetSums,
    /// Two cells of a unit with the same two candidates.
    NakedPair,
    /// A digit confined to the same two columns in two rows (or the transpose).
    XWing,
    /// Two digits confined to the same two cells of a unit.
    HiddenPair,
    /// Three cells of a unit with three candidates between them.
    NakedTriple,
    /// A digit confined to the same three columns in three rows (or the transpose).
    Swordfish,
    /// Three digits confined to the same three cells of a unit.
    HiddenTriple,
    /// Two strong links of a digit in parallel lines whose ends share a line.
    Skyscraper,
    /// Two strong links of a digit, in a row and a column, whose ends share a box.
    TwoStringKite,
    /// A bivalue pivot {x,y} sees pincers {x,z} and {y,z}: cells seeing both pincers lose z.
    XyWing,
    /// Two strong links of a digit joined by a weak link (any other units).
    TurbotFish,
    /// A box whose candidates of a digit lie in one row and one column, and a strong link of
    /// the digit that starts in that row (or column).
    EmptyRectangle,
    /// A pivot {x,y,z} sees pincers {x,z} and {y,z}: cells seeing all three lose z.
    XyzWing,
    /// Unique rectangle types 1–4: four cells in two rows, columns and boxes hold {x,y} and
    /// must not be left with only those (relies on the puzzle being unique).
    UniqueRectangle,
    /// Unique loops: the rectangle's deadly pattern on 6 to 12 cells (relies on the puzzle
    /// being unique).
    UniqueLoop,
    /// Four cells of a unit with four candidates between them.
    NakedQuad,
    /// A digit confined to the same four columns in four rows (or the transpose).
    Jellyfish,
    /// Four digits confined to the same four cells of a unit.
    HiddenQuad,
    /// An alternating chain of strong and weak links on one digit.
    XChain,
    /// A bivalue cell and three cells of a house with four digits, linked by a restricted
    /// common digit (Sukaku Explainer's WXYZ-wing).
    WxyzWing,
    /// Bivalue universal grave + 1: every open cell holds two candidates but one, which holds
    /// three; that cell takes the digit that appears three times in its units (relies on the
    /// puzzle being unique).
    BugPlusOne,
    /// BUG types 2 and 3: taking a few candidates away would leave a bivalue universal grave,
    /// so one of them is true (relies on the puzzle being unique).
    Bug,
    /// A bivalue cell and four cells of a house with five digits (VWXYZ-wing).
    VwxyzWing,
    /// Two bivalue cells {x,y} joined by a strong link on y: cells seeing both lose x.
    WWing,
    /// The strong links of a digit, coloured in two alternating colours: a colour that sees
    /// itself is false, a cell that sees both colours loses the digit.
    SimpleColouring,
    /// Two clusters of a digit's strong links: when a colour of one sees a colour of the other,
    /// one of the two opposite colours holds the digit.
    MultiColouring,
    /// A fish whose base lines have extra candidates (fins) in one box: cells of the cover lines
    /// in that box lose the digit (sashimi: a base line is left with one cover cell).
    FinnedFish,
    /// An XY-chain of bivalue cells that all hold the same two digits.
    RemotePair,
    /// A chain of bivalue cells, each linked to the next on a shared digit.
    XyChain,
    /// Cells where two houses cross, with cells of each house outside the other, hold as many
    /// digits as cells (no digit in both outer parts): each digit is there once.
    SueDeCoq,
    /// A bivalue cell and five cells of a house with six digits (UVWXYZ-wing).
    UvwxyzWing,
    /// An alternating inference chain over any links of the model (digits, cells, grouped
    /// nodes, variant rows): one of its ends is true.
    Aic,
    /// Two almost locked sets (m cells, m + 1 digits, in one house) with a restricted common
    /// digit: one of them holds each other digit they share.
    AlsXz,
    /// An almost locked set linked to two others by two restricted common digits: one of those
    /// two holds each other digit they share.
    AlsXyWing,
    /// Assuming a candidate leads, by singles, to a contradiction: it goes.
    ForcingChain,
    /// Every candidate of a cell, or every place of a unit's digit, assumed in turn: what all
    /// of them lead to by singles holds.
    ForcingNet,
    /// A forcing chain or net whose propagation also takes locked candidates (SE's dynamic
    /// forcing chains "plus").
    ForcingPlus,
    /// A "plus" forcing chain or net whose propagation, when it stalls, also applies (dynamic)
    /// forcing chains inside the assumption (weighed as SE's nested level 3, 10.0).
    NestedForcingChain,
    /// A nested chain or net whose inner technique is dynamic forcing chains and nets (SE's
    /// level 4, 10.5: multiple dynamic forcing chains inside).
    NestedMultipleChain,
    /// A nested chain or net whose inner technique is "plus" forcing chains and nets (SE's
    /// level 4 with "plus" chains inside, which SE still weighs 10.5).
    NestedDynamicChain,
}

/// The technique table: one row per technique, in the order they are tried (the order of
/// [`Technique`]'s variants, which a test holds it to): by Sudoku Explainer weight, as SE
/// takes the easiest hint at every step.
const TABLE: &[Entry] = &[
    Entry {
        technique: Technique::FullHouse,
        name: "full house",
        grade: Grade::Easy,
        se: SeRating(10),
        per_digit: false,
        find: |l| l.full_house(),
    },
    Entry {
        technique: Technique::HiddenSingle,
        name: "hidden single",
        grade: Grade::Easy,
        se: SeRating(15),
        per_digit: false,
        find: |l| l.hidden_single(),
    },
    Entry {
        technique: Technique::DirectLockedCandidates,
        name: "direct locked candidates",
        grade: Grade::Easy,
        se: SeRating(19),
        per_digit: true,
        find: |l| l.direct_locked_candidates(),
    },
    Entry {
        technique: Technique::DirectHiddenPair,
        name: "direct hidden pair",
        grade: Grade::Easy,
        se: SeRating(20),
        per_digit: false,
        find: |l| l.direct_hidden_subset(2, Technique::DirectHiddenPair),
    },
    Entry {
        technique: Technique::NakedSingle,
        name: "naked single",
        grade: Grade::Easy,
        se: SeRating(23),
        per_digit: false,
        find: |l| l.naked_single(),
    },
    Entry {
        technique: Technique::RuleArithmetic,
        name: "rule arithmetic",
        grade: Grade::Easy,
        se: SeRating(23),
        per_digit: false,
        find: |l| l.rule_arithmetic(),
    },
    Entry {
        technique: Technique::CageCombinations,
        name: "cage combinations",
        grade: Grade::Easy,
        se: SeRating(23),
        per_digit: false,
        find: |l| l.cage_combinations(),
    },
    Entry {
        technique: Technique::DirectHiddenTriple,
        name: "direct hidden triple",
        grade: Grade::Easy,
        se: SeRating(25),
        per_digit: false,
        find: |l| l.direct_hidden_subset(3, Technique::DirectHiddenTriple),
    },
    Entry {
        technique: Technique::ClueLogic,
        name: "clue logic",
        grade: Grade::Medium,
        se: SeRating(25),
        per_digit: false,
        find: |l| l.clue_logic(),
    },
    Entry {
        technique: Technique::LockedCandidates,
        name: "locked candidates",
        grade: Grade::Medium,
        se: SeRating(28),
        per_digit: true,
        find: |l| l.locked_candidates(),
    },
    Entry {
        technique: Technique::InniesOuties,
        name: "innies and outies",
        grade: Grade::Medium,
        se: SeRating(28),
        per_digit: false,
        find: |l| l.innies_outies(),
    },
    Entry {
        technique: Technique::SetSums,
        name: "set sums",
        grade: Grade::Medium,
        se: SeRating(28),
        per_digit: false,
        find: |l| l.set_sums_step(),
    },
    Entry {
        technique: Technique::NakedPair,
        name: "naked pair",
        grade: Grade::Medium,
        se: SeRating(30),
        per_digit: false,
        find: |l| l.naked_subset(2, Technique::NakedPair),
    },
    Entry {
        technique: Technique::XWing,
        name: "x-wing",
        grade: Grade::Hard,
        se: SeRating(32),
        per_digit: true,
        find: |l| l.fish(2, Technique::XWing),
    },
    Entry {
        technique: Technique::HiddenPair,
        name: "hidden pair",
        grade: Grade::Medium,
        se: SeRating(34),
        per_digit: false,
        find: |l| l.hidden_subset(2, Technique::HiddenPair),
    },
    Entry {
        technique: Technique::NakedTriple,
        name: "naked triple",
        grade: Grade::Hard,
        se: SeRating(36),
        per_digit: false,
        find: |l| l.naked_subset(3, Technique::NakedTriple),
    },
    Entry {
        technique: Technique::Swordfish,
        name: "swordfish",
        grade: Grade::Hard,
        se: SeRating(38),
        per_digit: true,
        find: |l| l.fish(3, Technique::Swordfish),
    },
    Entry {
        technique: Technique::HiddenTriple,
        name: "hidden triple",
        grade: Grade::Hard,
        se: SeRating(40),
        per_digit: false,
        find: |l| l.hidden_subset(3, Technique::HiddenTriple),
    },
    Entry {
        technique: Technique::Skyscraper,
        name: "skyscraper",
        grade: Grade::Hard,
        se: SeRating(40),
        per_digit: true,
        find: |l| l.turbot(Technique::Skyscraper),
    },
    Entry {
        technique: Technique::TwoStringKite,
        name: "2-string kite",
        grade: Grade::Hard,
        se: SeRating(41),
        per_digit: true,
        find: |l| l.turbot(Technique::TwoStringKite),
    },
    Entry {
        technique: Technique::XyWing,
        name: "xy-wing",
        grade: Grade::Hard,
        se: SeRating(42),
        per_digit: false,
        find: |l| l.xy_wing(),
    },
    Entry {
        technique: Technique::TurbotFish,
        name: "turbot fish",
        grade: Grade::Hard,
        se: SeRating(42),
        per_digit: true,
        find: |l| l.turbot(Technique::TurbotFish),
    },
    Entry {
        technique: Technique::EmptyRectangle,
        name: "empty rectangle",
        grade: Grade::Hard,
        se: SeRating(43),
        per_digit: true,
        find: |l| l.empty_rectangle(),
    },
    Entry {
        technique: Technique::XyzWing,
        name: "xyz-wing",
        grade: Grade::Hard,
        se: SeRating(44),
        per_digit: false,
        find: |l| l.xyz_wing(),
    },
    Entry {
        technique: Technique::UniqueRectangle,
        name: "unique rectangle",
        grade: Grade::Hard,
        se: SeRating(45),
        per_digit: false,
        find: |l| l.unique_rectangle(),
    },
    Entry {
        technique: Technique::UniqueLoop,
        name: "unique loop",
        grade: Grade::Hard,
        se: SeRating(46),
        per_digit: false,
        find: |l| l.unique_loop(),
    },
    Entry {
        technique: Technique::NakedQuad,
        name: "naked quad",
        grade: Grade::Hard,
        se: SeRating(50),
        per_digit: false,
        find: |l| l.naked_subset(4, Technique::NakedQuad),
    },
    Entry {
        technique: Technique::Jellyfish,
        name: "jellyfish",
        grade: Grade::Hard,
        se: SeRating(52),
        per_digit: true,
        find: |l| l.fish(4, Technique::Jellyfish),
    },
    Entry {
        technique: Technique::HiddenQuad,
        name: "hidden quad",
        grade: Grade::Hard,
        se: SeRating(54),
        per_digit: false,
        find: |l| l.hidden_subset(4, Technique::HiddenQuad),
    },
    Entry {
        technique: Technique::XChain,
        name: "x-chain",
        grade: Grade::Expert,
        se: SeRating(54),
        per_digit: true,
        find: |l| l.x_chain(),
    },
    Entry {
        technique: Technique::WxyzWing,
        name: "wxyz-wing",
        grade: Grade::Hard,
        se: SeRating(55),
        per_digit: false,
        find: |l| l.als_wing(4, Technique::WxyzWing),
    },
    Entry {
        technique: Technique::BugPlusOne,
        name: "bug+1",
        grade: Grade::Hard,
        se: SeRating(56),
        per_digit: false,
        find: |l| l.bug_plus_one(),
    },
    Entry {
        technique: Technique::Bug,
        name: "bug type 2 or 3",
        grade: Grade::Hard,
        se: SeRating(57),
        per_digit: false,
        find: |l| l.bug_types(),
    },
    Entry {
        technique: Technique::VwxyzWing,
        name: "vwxyz-wing",
        grade: Grade::Expert,
        se: SeRating(62),
        per_digit: false,
        find: |l| l.als_wing(5, Technique::VwxyzWing),
    },
    Entry {
        technique: Technique::WWing,
        name: "w-wing",
        grade: Grade::Expert,
        se: SeRating(66),
        per_digit: false,
        find: |l| l.w_wing(),
    },
    Entry {
        technique: Technique::SimpleColouring,
        name: "simple colouring",
        grade: Grade::Expert,
        se: SeRating(66),
        per_digit: true,
        find: |l| l.simple_colouring(),
    },
    Entry {
        technique: Technique::MultiColouring,
        name: "multi-colouring",
        grade: Grade::Expert,
        se: SeRating(66),
        per_digit: true,
        find: |l| l.multi_colouring(),
    },
    Entry {
        technique: Technique::FinnedFish,
        name: "finned fish",
        grade: Grade::Expert,
        se: SeRating(66),
        per_digit: true,
        find: |l| l.finned_fish(),
    },
    Entry {
        technique: Technique::RemotePair,
        name: "remote pair",
        grade: Grade::Expert,
        se: SeRating(66),
        per_digit: false,
        find: |l| l.remote_pair(),
    },
    Entry {
        technique: Technique::XyChain,
        name: "xy-chain",
        grade: Grade::Expert,
        se: SeRating(66),
        per_digit: false,
        find: |l| l.xy_chain(),
    },
    Entry {
        technique: Technique::SueDeCoq,
        name: "sue de coq",
        grade: Grade::Expert,
        se: SeRating(66),
        per_digit: false,
        find: |l| l.sue_de_coq(),
    },
    Entry {
        technique: Technique::UvwxyzWing,
        name: "uvwxyz-wing",
        grade: Grade::Expert,
        se: SeRating(66),
        per_digit: false,
        find: |l| l.als_wing(6, Technique::UvwxyzWing),
    },
    Entry {
        technique: Technique::Aic,
        name: "alternating inference chain",
        grade: Grade::Expert,
        se: SeRating(70),
        per_digit: false,
        find: |l| l.aic(),
    },
    Entry {
        technique: Technique::AlsXz,
        name: "als-xz",
        grade: Grade::Expert,
        se: SeRating(70),
        per_digit: false,
        find: |l| l.als_xz(),
    },
    Entry {
        technique: Technique::AlsXyWing,
        name: "als-xy-wing",
        grade: Grade::Expert,
        se: SeRating(72),
        per_digit: false,
        find: |l| l.als_xy_wing(),
    },
    Entry {
        technique: Technique::ForcingChain,
        name: "forcing chain",
        grade: Grade::Expert,
        se: SeRating(85),
        per_digit: false,
        find: |l| l.forcing_chain(),
    },
    Entry {
        technique: Technique::ForcingNet,
        name: "forcing net",
        grade: Grade::Expert,
        se: SeRating(85),
        per_digit: false,
        find: |l| l.forcing_net(),
    },
    Entry {
        technique: Technique::ForcingPlus,
        name: "forcing chain plus",
        grade: Grade::Expert,
        se: SeRating(90),
        per_digit: false,
        find: |l| l.forcing_plus(),
    },
    Entry {
        technique: Technique::NestedForcingChain,
        name: "nested forcing chain",
        grade: Grade::Expert,
        se: SeRating(100),
        per_digit: false,
        find: |l| l.nested_chain(Inner::Chains),
    },
    Entry {
        technique: Technique::NestedMultipleChain,
        name: "nested multiple forcing chain",
        grade: Grade::Expert,
        se: SeRating(105),
        per_digit: false,
        find: |l| l.nested_chain(Inner::Nets),
    },
    Entry {
        technique: Technique::NestedDynamicChain,
        name: "nested dynamic forcing chain",
        grade: Grade::Expert,
        se: SeRating(105),
        per_digit: false,
        find: |l| l.nested_chain(Inner::PlusNets),
    },
];

/// One row of the technique table.
struct Entry {
    technique: Technique,
    /// Name for people.
    name: &'static str,
    /// The grade of a puzzle whose hardest technique this is.
    grade: Grade,
    /// Weight on the Sudoku Explainer scale (the base: a step may weigh a little more or less).
    se: SeRating,
    /// What it finds for a digit depends only on where that digit can go (see `memo.rs`).
    per_digit: bool,
    /// The easiest step of this technique in the position, if any.
    find: fn(&mut Logic) -> Option<Step>,
}

impl Technique {
    /// Every technique, in the order they are tried.
    pub const ALL: [Technique; TABLE.len()] = {
        let mut all = [Technique::FullHouse; TABLE.len()];
        let mut i = 0;
        while i < TABLE.len() {
            all[i] = TABLE[i].technique;
            i += 1;
        }
        all
    };

    fn entry(self) -> &'static Entry {
        &TABLE[self as usize]
    }

    /// Name for people.
    pub fn name(self) -> &'static str {
        self.entry().name
    }

    /// The grade of a puzzle whose hardest technique this is.
    pub fn grade(self) -> Grade {
        self.entry().grade
    }

    /// The technique's weight on the Sudoku Explainer scale (its base weight; a step may weigh
    /// a little less, as a hidden single in a box (1.2) or a pointing (2.6), or more, as a long
    /// chain). See the module documentation for where each weight comes from.
    pub fn se_rating(self) -> SeRating {
        self.entry().se
    }

    /// Whether the technique searches digit by digit, each digit on its candidates alone.
    pub(super) fn per_digit(self) -> bool {
        self.entry().per_digit
    }

    /// The technique's easiest step in `logic`'s position.
    pub(super) fn find(self, logic: &mut Logic) -> Option<Step> {
        (self.entry().find)(logic)
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_lists_every_technique_once_in_the_order_of_the_enum() {
        for (i, entry) in TABLE.iter().enumerate() {
            assert_eq!(entry.technique as usize, i, "{:?} is row {i} of the table", entry.technique);
        }
        let mut names: Vec<&str> = TABLE.iter().map(|e| e.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), TABLE.len(), "names are unique");
    }

    #[test]
    fn weights_never_fall_along_the_table() {
        // SE takes the easiest hint first: the rater tries the techniques by weight.
        for w in TABLE.windows(2) {
            assert!(w[0].se <= w[1].se, "{:?} ({}) before {:?} ({})", w[0].technique, w[0].se, w[1].technique, w[1].se);
        }
    }
}

//! How a person draws a rule's data in the web page's editor, declared by the rule
//! ([`RuleKind::INPUT`](super::RuleKind::INPUT)): the page builds a tool for each shape from
//! the registry (`/api/health`'s `rule_kinds`), so a rule of a known shape gets its tool with
//! no change to the page's script.

/// The shape of one item of a rule's data, and where it goes in the rule's JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Input {
    /// No tool from the registry (the rule needs no data, or the page has a tool of its own).
    None,
    /// A line of cells dragged through neighbours (orthogonal or diagonal), in order: each
    /// line a list of cell names appended to the rule's list `key`.
    Line {
        /// The rule's JSON list of lines (`"lines"`).
        key: &'static str,
        /// The fewest cells a line has.
        min: usize,
    },
}

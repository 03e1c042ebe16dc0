//! Helpers more than one of the web crate's test binaries use.

use sudoku_ip_model::rules::Mark;
use sudoku_ip_model::Puzzle;

/// The colour of the first line `puzzle`'s first rule draws (a renban's, as renban.rs draws
/// it): what the server's marks and the page must show.
pub fn first_line_colour(puzzle: &Puzzle) -> &'static str {
    puzzle.rules()[0]
        .draw(puzzle.geometry())
        .into_iter()
        .find_map(|m| match m {
            Mark::Line { colour, .. } => Some(colour),
            _ => None,
        })
        .expect("the rule draws a line")
}

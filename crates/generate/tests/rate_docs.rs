//! `docs/rating.md`'s technique table is the rater's technique table: same techniques, in the
//! order they are tried, with the same grade and Sudoku Explainer weight.

use sudoku_ip_generate::Technique;

/// The table rows as the docs write them.
fn expected() -> Vec<String> {
    Technique::ALL.iter().map(|t| format!("| {} | {} | {} |", t.name(), t.grade(), t.se_rating())).collect()
}

#[test]
fn the_docs_technique_table_is_the_raters() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/rating.md");
    let text = std::fs::read_to_string(&path).expect("docs/rating.md");
    let start = text.find("<!-- techniques -->").expect("the table's start marker");
    let end = text.find("<!-- /techniques -->").expect("the table's end marker");
    let rows: Vec<String> = text[start..end]
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| technique"))
        .map(str::to_string)
        .collect();
    let want = expected();
    assert_eq!(rows, want, "docs/rating.md's table should read:\n{}", want.join("\n"));
}

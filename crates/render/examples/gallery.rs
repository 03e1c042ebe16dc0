//! Write a picture of every sample puzzle (one per rule, plus plain, 16×16 and jigsaw) as SVG
//! and PNG, and an A4 sheet as SVG and PDF, into a folder:
//! `cargo run -p sudoku-ip-render --example gallery -- OUT_DIR`.

#[path = "../tests/common/mod.rs"]
mod common;

use std::path::PathBuf;

use sudoku_ip_render::{pdf, png, sheets, svg, svg_to_png, RenderOptions};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "gallery".into()));
    std::fs::create_dir_all(&dir)?;
    let opts = RenderOptions { size: 600, ..Default::default() };
    let mut all = vec![
        ("plain".to_string(), common::classic(), None),
        ("solved".to_string(), common::classic(), Some(common::solution())),
        ("sixteen".to_string(), common::sixteen(), None),
        ("jigsaw".to_string(), common::jigsaw(), None),
    ];
    // The variant samples hold for the classic solution, except the five that need no data.
    let switched = ["windows", "diagonal", "anti_knight", "anti_king", "non_consecutive"];
    all.extend(common::rule_samples().into_iter().map(|(name, p)| {
        let solution = (!switched.contains(&name)).then(common::solution);
        (name.to_string(), p, solution)
    }));
    for (name, puzzle, solution) in &all {
        std::fs::write(dir.join(format!("{name}.svg")), svg(puzzle, solution.as_ref(), &opts))?;
        std::fs::write(dir.join(format!("{name}.png")), png(puzzle, solution.as_ref(), &opts)?)?;
    }
    let pairs: Vec<_> = all.into_iter().map(|(_, p, s)| (p, s)).collect();
    let pages = sheets(&pairs, 6, &opts);
    std::fs::write(dir.join("sheet.svg"), &pages[0])?;
    std::fs::write(dir.join("sheet.png"), svg_to_png(&pages[0], 1240)?)?;
    std::fs::write(dir.join("sheets.pdf"), pdf(&pages)?)?;
    println!("wrote {}", dir.display());
    Ok(())
}

//! Pictures: the `render` subcommand, and the `-o FILE.svg|png|pdf` picture of `solve` (and of
//! any command that flattens [`PictureArgs`]). The format comes from the file's extension.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, Context};
use clap::Args;
use sudoku_ip::formats::Document;
use sudoku_ip::render::{self, ImageFormat, RenderOptions};
use sudoku_ip::{Grid, Options, Outcome, Puzzle, Report};

use super::args::InputArgs;
use super::commands::read_document;
use super::{Failure, Status};

/// `render FILE -o out.svg|png|pdf`. The input options are every command's ([`InputArgs`]:
/// `--size` is the grid side of triplets, as for `solve`); the picture's width in pixels is
/// `--picture-size`, as for `solve -o`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Picture to write: .svg, .png or .pdf (chosen by the extension).
    #[arg(long, short = 'o', value_name = "OUT")]
    pub out: PathBuf,
    /// Solve the puzzle (default solver) and draw the solution: givens black, solved digits blue.
    #[arg(long)]
    pub solution: bool,
    /// Width of the picture in pixels (PNG size; SVG nominal size; sheets: the PNG's width).
    #[arg(long, value_name = "PX", default_value_t = 900, value_parser = clap::value_parser!(u32).range(16..=8192))]
    pub picture_size: u32,
    /// Printable A4 sheets of every puzzle in FILE. A PDF holds all pages; SVG and PNG write
    /// OUT-1, OUT-2, ... when there is more than one page.
    #[arg(long)]
    pub sheet: bool,
    /// With --sheet: puzzles a page.
    #[arg(long, value_name = "K", default_value_t = 6, requires = "sheet", value_parser = clap::value_parser!(u64).range(1..=64))]
    pub per_page: u64,
}

/// `-o FILE.svg|png|pdf` on commands that produce a grid.
#[derive(Debug, Args, Clone)]
pub struct PictureArgs {
    /// Also draw the puzzle and its solution to this picture (.svg, .png or .pdf).
    #[arg(long = "picture", short = 'o', value_name = "FILE")]
    pub picture: Option<PathBuf>,
    /// Width of that picture in pixels.
    #[arg(long, value_name = "PX", default_value_t = 900, value_parser = clap::value_parser!(u32).range(16..=8192))]
    pub picture_size: u32,
}

fn format_of(path: &Path) -> Result<ImageFormat, Failure> {
    ImageFormat::from_path(path)
        .ok_or_else(|| Failure::bad_input(anyhow!("{}: the picture must end in .svg, .png or .pdf", path.display())))
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

/// One puzzle's picture in the format of `path`.
fn write_picture(path: &Path, puzzle: &Puzzle, solution: Option<&Grid>, size: u32) -> Result<(), Failure> {
    let opts = RenderOptions { size, ..Default::default() };
    let bytes = match format_of(path)? {
        ImageFormat::Svg => render::svg(puzzle, solution, &opts).into_bytes(),
        ImageFormat::Png => render::png(puzzle, solution, &opts).map_err(Failure::bad_input)?,
        ImageFormat::Pdf => render::pdf_picture(puzzle, solution, &opts).map_err(Failure::bad_input)?,
    };
    write(path, &bytes)
}

/// `OUT` for page 1 of 1, `OUT-k` before the extension otherwise.
fn page_path(out: &Path, page: usize, pages: usize) -> PathBuf {
    if pages == 1 {
        return out.to_path_buf();
    }
    let stem = out.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let ext = out.extension().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    out.with_file_name(format!("{stem}-{page}.{ext}"))
}

/// The solution, or `None` with the reason on stderr.
fn solve_for_picture(puzzle: &Puzzle, what: &str) -> Result<Option<Grid>, Failure> {
    let report = sudoku_ip::solve(puzzle, &Options::default()).map_err(Failure::solver)?;
    Ok(match &report.outcome {
        Outcome::Solved => report.into_solution(),
        Outcome::Infeasible { reason } => {
            eprintln!("{what}: no solution ({reason}); drawing the puzzle alone");
            None
        }
        Outcome::Unknown { reason } => {
            eprintln!("{what}: unknown ({reason}); drawing the puzzle alone");
            None
        }
    })
}

/// `render`: exit 0 when every picture was written (with every solution asked for), 1 when a
/// puzzle has no solution (its picture shows the puzzle alone), 2 on bad input.
pub fn run(a: RenderArgs) -> Result<Status, Failure> {
    format_of(&a.out)?;
    let (doc, name) = read_document(&a.input)?;
    let puzzles: Vec<(usize, Puzzle)> = match doc {
        Document::Single(p) => vec![(1, p)],
        Document::Batch(items) => items
            .into_iter()
            .map(|(line, p)| p.map(|p| (line, p)).map_err(|e| Failure::bad_input(anyhow!("{name}: {e}"))))
            .collect::<Result<_, _>>()?,
    };
    if puzzles.is_empty() {
        return Err(Failure::bad_input(anyhow!("{name}: no puzzle to draw")));
    }
    if !a.sheet && puzzles.len() > 1 {
        return Err(Failure::bad_input(anyhow!(
            "{name}: {} puzzles; draw one, or use --sheet to put them all on printable pages",
            puzzles.len()
        )));
    }
    let mut status = Status::Ok;
    let mut drawn = Vec::with_capacity(puzzles.len());
    for (line, puzzle) in puzzles {
        let solution = if a.solution {
            let what = if a.sheet { format!("{name}:{line}") } else { name.clone() };
            let s = solve_for_picture(&puzzle, &what)?;
            if s.is_none() {
                status = Status::NoSolution;
            }
            s
        } else {
            None
        };
        drawn.push((puzzle, solution));
    }
    if !a.sheet {
        let (puzzle, solution) = &drawn[0];
        write_picture(&a.out, puzzle, solution.as_ref(), a.picture_size)?;
        return Ok(status);
    }
    write_sheets(&a.out, &drawn, usize::try_from(a.per_page).unwrap_or(6), a.picture_size)?;
    Ok(status)
}

/// Every drawn puzzle on printable A4 pages, in the format of `out`: a PDF holds all pages, SVG
/// and PNG write `OUT-1`, `OUT-2`, ... when there is more than one page.
fn write_sheets(out: &Path, drawn: &[(Puzzle, Option<Grid>)], per_page: usize, size: u32) -> Result<(), Failure> {
    let opts = RenderOptions { size, ..Default::default() };
    write_pages(out, &render::sheets(drawn, per_page, &opts), size)
}

/// A4 pages in the format of `out`: a PDF holds all pages, SVG and PNG write `OUT-1`, `OUT-2`,
/// ... when there is more than one page.
fn write_pages(out: &Path, pages: &[String], size: u32) -> Result<(), Failure> {
    let format = format_of(out)?;
    match format {
        ImageFormat::Pdf => write(out, &render::pdf(pages).map_err(Failure::bad_input)?)?,
        ImageFormat::Svg | ImageFormat::Png => {
            for (i, page) in pages.iter().enumerate() {
                let path = page_path(out, i + 1, pages.len());
                if format == ImageFormat::Svg {
                    write(&path, page.as_bytes())?;
                } else {
                    write(&path, &render::svg_to_png(page, size).map_err(Failure::bad_input)?)?;
                }
            }
            if pages.len() > 1 {
                eprintln!(
                    "wrote {} pages: {} ... {}",
                    pages.len(),
                    page_path(out, 1, 2).display(),
                    page_path(out, pages.len(), 2).display()
                );
            }
        }
    }
    Ok(())
}

/// Refuse a picture path whose extension names no format, before any work is done.
pub fn check_picture(args: &PictureArgs) -> Result<(), Failure> {
    args.picture.as_deref().map_or(Ok(()), |path| format_of(path).map(|_| ()))
}

/// `generate -o`: one puzzle as a picture, several on printable sheets (six a page).
pub fn puzzles_picture(args: &PictureArgs, drawn: &[(Puzzle, Option<Grid>)]) -> Result<(), Failure> {
    let Some(path) = &args.picture else { return Ok(()) };
    match drawn {
        [] => Ok(()),
        [(puzzle, solution)] => write_picture(path, puzzle, solution.as_ref(), args.picture_size),
        _ => write_sheets(path, drawn, 6, args.picture_size),
    }
}

/// `solve -o`: draw the puzzle with the report's solution (the puzzle alone, with a note on
/// stderr, when there is none).
pub fn solution_picture(args: &PictureArgs, puzzle: &Puzzle, report: &Report) -> Result<(), Failure> {
    let Some(path) = &args.picture else { return Ok(()) };
    let solution = match report.solution() {
        Some(grid) => Some(grid),
        None => {
            eprintln!("{}: no solution to draw; the picture shows the puzzle alone", path.display());
            None
        }
    };
    write_picture(path, puzzle, solution, args.picture_size)
}

/// `hint -o`, `candidates -o`: one position with its notes (pencil marks, highlights, caption).
pub fn notes_picture(args: &PictureArgs, puzzle: &Puzzle, filled: &Grid, notes: &render::Notes) -> Result<(), Failure> {
    let Some(path) = &args.picture else { return Ok(()) };
    let opts = RenderOptions { size: args.picture_size, ..Default::default() };
    let svg = render::svg_with_notes(puzzle, Some(filled), notes, &opts);
    let bytes = match format_of(path)? {
        ImageFormat::Svg => svg.into_bytes(),
        ImageFormat::Png => render::svg_to_png(&svg, args.picture_size).map_err(Failure::bad_input)?,
        ImageFormat::Pdf => render::pdf(&[svg]).map_err(Failure::bad_input)?,
    };
    write(path, &bytes)
}

/// `explain -o`: one small grid a step (the position before it, its pattern, what it places
/// and removes, its sentence), six to an A4 page; a PDF holds every page, SVG and PNG write
/// `OUT-1`, `OUT-2`, … when there is more than one.
pub fn steps_picture(args: &PictureArgs, puzzle: &Puzzle, path: &sudoku_ip::Path) -> Result<(), Failure> {
    let Some(out) = &args.picture else { return Ok(()) };
    let steps = &path.explanation.steps;
    let positions = path.positions.as_deref().unwrap_or(&[]);
    let placed = path.placed.as_deref().unwrap_or(&[]);
    let mut drawn = Vec::with_capacity(steps.len() + 1);
    for (i, (position, placed)) in positions.iter().zip(placed).enumerate() {
        let position = sudoku_ip::read_position(puzzle, position, placed).map_err(|e| anyhow!("{e}"))?;
        let step = steps.get(i);
        let (filled, notes) = sudoku_ip::position_picture(puzzle, &position, step);
        let label = match step {
            Some(s) => format!("{}. {} ({})", i + 1, s.technique, s.rating),
            None if path.status == sudoku_ip::PathStatus::Solved => format!("Solved by logic in {} steps", steps.len()),
            None => format!("Stuck after {} steps: search is needed", steps.len()),
        };
        drawn.push((filled, notes, label));
    }
    let tiles: Vec<render::Tile<'_>> = drawn
        .iter()
        .map(|(filled, notes, label)| render::Tile { puzzle, filled: Some(filled), notes: Some(notes), label })
        .collect();
    let opts = RenderOptions { size: args.picture_size, ..Default::default() };
    write_pages(out, &render::tile_sheets(&tiles, 6, &opts), args.picture_size)
}

/// Commands that take one puzzle refuse `-o` for a batch file.
pub fn refuse_batch(args: &PictureArgs) -> Result<(), Failure> {
    match &args.picture {
        Some(path) => Err(Failure::bad_input(anyhow!(
            "{}: -o draws one puzzle; for a file of puzzles use `render --sheet --solution`",
            path.display()
        ))),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_get_numbered_file_names() {
        assert_eq!(page_path(Path::new("out/s.svg"), 1, 1), PathBuf::from("out/s.svg"));
        assert_eq!(page_path(Path::new("out/s.svg"), 2, 3), PathBuf::from("out/s-2.svg"));
    }

    #[test]
    fn unknown_extensions_are_bad_input() {
        let e = format_of(Path::new("a.jpg")).expect_err("refused");
        assert_eq!(e.status, Status::BadInput);
        assert!(format_of(Path::new("a.PNG")).is_ok());
    }
}

//! Reading a puzzle file as it goes: a batch (one puzzle a line, text or JSON) is parsed line by
//! line while it is solved and printed, so a file of a million puzzles needs the memory of one
//! chunk, not of the whole file.
//!
//! The format is decided on the file's first [`PREFIX_LINES`] lines by the same detector as
//! everything else ([`formats::parse_document`]). A file that ends within them is read exactly
//! as the detector reads it. A longer one that the detector calls a batch goes on one line at a
//! time; anything else is read whole and parsed as one text.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader};
use std::path::Path;

use anyhow::{anyhow, Context};
use sudoku_ip::formats::{self, BatchLines, Document, ParseOptions};
use sudoku_ip::model::ParseError;
use sudoku_ip::Puzzle;

use super::commands::{inline_puzzle, ARGUMENT};
use super::Failure;

/// Lines read before the format is decided (the batch's headers must be within them).
pub const PREFIX_LINES: usize = formats::BATCH_START_LINES;

/// A batch line: its number (1-based) and the puzzle or why it is not one.
pub type Item = (usize, Result<Puzzle, ParseError>);

/// What a file holds.
pub enum Stream {
    /// One puzzle.
    Single(Puzzle),
    /// Puzzles one a line, read as they are needed.
    Batch(Lines),
}

/// The puzzles of a batch, in file order.
pub struct Lines {
    /// Items parsed with the prefix, not yet handed out.
    ready: VecDeque<Item>,
    /// The rest of the file, when it is longer than the prefix.
    rest: Option<Box<dyn BufRead>>,
    /// Number of the next line `rest` gives.
    next_line: usize,
    /// How the rest is read: the format and the headers (`# box:`, `# rules:`) of the prefix.
    reader: Option<BatchLines>,
    /// The line being read, kept from line to line.
    buf: String,
}

impl Iterator for Lines {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        if let Some(item) = self.ready.pop_front() {
            return Some(item);
        }
        let reader = self.rest.as_mut()?;
        let buf = &mut self.buf;
        loop {
            buf.clear();
            match reader.read_line(buf) {
                Ok(0) => {
                    self.rest = None;
                    return None;
                }
                Ok(_) => {
                    let line = self.next_line;
                    self.next_line += 1;
                    match self.reader.as_ref()?.line(buf, line) {
                        Some(item) => return Some((line, item)),
                        None => continue,
                    }
                }
                Err(e) => {
                    // Not text (or the read failed): the last item says so, and the batch ends.
                    self.rest = None;
                    let line = self.next_line;
                    return Some((line, Err(ParseError::shape(line, format!("cannot read this line: {e}")))));
                }
            }
        }
    }
}

/// Open a file (or standard input for `-` / nothing) and decide what it holds.
pub fn open(path: Option<&Path>, opts: &ParseOptions) -> Result<(Stream, String), Failure> {
    let inline = path.filter(|p| *p != Path::new("-")).and_then(inline_puzzle);
    let (reader, name): (Box<dyn BufRead>, String) = match (path, inline) {
        (_, Some(text)) => (Box::new(std::io::Cursor::new(text.into_bytes())), ARGUMENT.to_string()),
        (Some(p), None) if p != Path::new("-") => {
            let file = std::fs::File::open(p).with_context(|| format!("cannot read {}", p.display()))?;
            (Box::new(BufReader::with_capacity(1 << 16, file)), p.display().to_string())
        }
        _ => (Box::new(std::io::stdin().lock()), "<stdin>".to_string()),
    };
    let at = |e: ParseError| Failure::bad_input(anyhow!("{name}: {e}"));
    let (prefix, rest) = read_prefix(reader, &name)?;
    let Some(rest) = rest else {
        // The whole file is in the prefix: read exactly as every other command reads it.
        return match formats::parse_document(&prefix, opts).map_err(at)? {
            Document::Single(p) => Ok((Stream::Single(p), name)),
            Document::Batch(items) => Ok((Stream::Batch(Lines::ready(items)), name)),
        };
    };
    match formats::parse_document(&prefix, opts) {
        Ok(Document::Batch(items)) => {
            let next_line = prefix.lines().count() + 1;
            let reader = BatchLines::new(&prefix, opts).map_err(at)?;
            let lines =
                Lines { ready: items.into(), rest: Some(rest), next_line, reader: Some(reader), buf: String::new() };
            Ok((Stream::Batch(lines), name))
        }
        // Not a batch (or not readable from its start alone): the whole text, as one input.
        _ => {
            let mut text = prefix;
            let mut rest = rest;
            rest.read_to_string(&mut text).with_context(|| format!("cannot read {name}"))?;
            match formats::parse_document(&text, opts).map_err(at)? {
                Document::Single(p) => Ok((Stream::Single(p), name)),
                Document::Batch(items) => Ok((Stream::Batch(Lines::ready(items)), name)),
            }
        }
    }
}

impl Lines {
    fn ready(items: Vec<Item>) -> Lines {
        Lines { ready: items.into(), rest: None, next_line: 0, reader: None, buf: String::new() }
    }
}

/// The first [`PREFIX_LINES`] lines, and the reader positioned after them (`None` at the end).
fn read_prefix(mut reader: Box<dyn BufRead>, name: &str) -> Result<(String, Option<Box<dyn BufRead>>), Failure> {
    let mut prefix = String::new();
    for _ in 0..PREFIX_LINES {
        let read = reader.read_line(&mut prefix).with_context(|| format!("cannot read {name}"))?;
        if read == 0 {
            return Ok((prefix, None));
        }
    }
    // At the end exactly when nothing is left to read.
    let at_end = reader.fill_buf().with_context(|| format!("cannot read {name}"))?.is_empty();
    Ok((prefix, (!at_end).then_some(reader)))
}

//! Seed 004's Killer layout as the seed prints it, in Python — a grid of cage ids and a map of
//! cage sums:
//!
//! ```text
//! # 9x9 demo
//! grid = [[ 1,  1,  2,  2,  2,  3,  4,  5,  6],
//!         [ 7,  7,  8,  8,  3,  3,  4,  5,  6],
//!         ...
//!         [19, 25, 26, 23, 28, 28, 28, 29, 29]]
//! grid_sum = {1: 3, 2: 15, 3: 22, ...,
//!             16: 13, ...}
//! ```
//!
//! The text is a list of assignments `name = value`: one value is a list of `n` lists of `n`
//! integer cage ids (0 = no cage), the other a map `{id: sum}` (keys may be quoted). Values may
//! span lines; trailing commas are allowed; `#` comments, blank lines and `import`/`from` lines
//! are skipped. As in Python, a later assignment to a name replaces the earlier one. Every cage
//! id in the grid needs a sum and every sum a cage — the seed's program requires both.
//!
//! The result is a blank `n`×`n` puzzle (boxes as usual) with the `killer` rule built exactly as
//! the JSON `killer_layout` builds it ([`super::json::parse_killer_layout`]), so also with its
//! default `distinct` ([`super::json::LAYOUT_DISTINCT`]). Errors give the line and column.

use std::collections::BTreeMap;

use super::{excerpt, geometry, meaningful_lines, ParseOptions};
use sudoku_ip_model::error::{ParseError, Position};
use sudoku_ip_model::geometry::{Cell, MAX_SIDE};
use sudoku_ip_model::json::{killer_from_layout, LAYOUT_DISTINCT};
use sudoku_ip_model::puzzle::Puzzle;

type Res<T> = Result<T, ParseError>;

/// What an assignment must look like, for error messages.
const STATEMENT: &str = "an assignment: `grid = [[...], ...]` (cage ids) or `grid_sum = {id: sum, ...}` (cage sums)";

fn at(p: Position, message: impl Into<String>) -> ParseError {
    ParseError::Shape { at: p, message: message.into() }
}

fn unexpected(p: Position, found: impl Into<String>, expected: impl Into<String>) -> ParseError {
    ParseError::Unexpected { at: p, found: found.into(), expected: expected.into() }
}

/// Whether `text` looks like the Python layout: a line `name = {` or `name = [[` (the second
/// `[` may start the next line). MATLAB matrices (`B = [1,2,2; ...]`) and the other text
/// formats have neither.
pub(super) fn looks_like(text: &str) -> bool {
    let code: Vec<&str> = meaningful_lines(text).iter().map(|l| l.text.trim()).collect();
    code.iter().enumerate().any(|(i, line)| {
        let Some((name, value)) = line.split_once('=') else { return false };
        let value = value.trim_start();
        let nested = value.strip_prefix('[').is_some_and(|rest| {
            let rest = rest.trim_start();
            let next = if rest.is_empty() { code.get(i + 1).copied().unwrap_or("") } else { rest };
            next.starts_with('[')
        });
        is_name(name.trim()) && (value.starts_with('{') || nested)
    })
}

fn is_name(s: &str) -> bool {
    s.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && s.chars().all(|c| c.is_alphanumeric() || c == '_')
}

// ---------------------------------------------------------------------------------------------
// Tokens and values.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok<'a> {
    /// A name or a number (anything between punctuation and spaces).
    Word(&'a str),
    /// A quoted string, without its quotes.
    Str(&'a str),
    Punct(char),
}

#[derive(Clone, Copy, Debug)]
struct Token<'a> {
    at: Position,
    tok: Tok<'a>,
}

fn shown(tok: Tok<'_>) -> String {
    match tok {
        Tok::Word(w) => excerpt(w),
        Tok::Str(s) => format!("'{}'", excerpt(s)),
        Tok::Punct(c) => c.to_string(),
    }
}

const PUNCT: &str = "=[]{}:,()";

fn tokens(text: &str) -> Res<Vec<Token<'_>>> {
    let mut out = Vec::new();
    for line in meaningful_lines(text) {
        let chars: Vec<(usize, char)> = line.text.char_indices().collect();
        let mut k = 0;
        while k < chars.len() {
            let (start, ch) = chars[k];
            let here = Position { line: line.no, column: k + 1 };
            if ch.is_whitespace() || ch == '\u{feff}' {
                k += 1;
            } else if PUNCT.contains(ch) {
                out.push(Token { at: here, tok: Tok::Punct(ch) });
                k += 1;
            } else if ch == '\'' || ch == '"' {
                let close = chars[k + 1..].iter().position(|&(_, c)| c == ch).ok_or_else(|| {
                    unexpected(here, excerpt(&line.text[start..]), format!("a closing {ch} on the same line"))
                })?;
                let end = chars[k + 1 + close].0;
                out.push(Token { at: here, tok: Tok::Str(&line.text[start + 1..end]) });
                k += close + 2;
            } else {
                let len = chars[k..]
                    .iter()
                    .position(|&(_, c)| c.is_whitespace() || PUNCT.contains(c) || c == '\'' || c == '"')
                    .unwrap_or(chars.len() - k);
                let end = chars.get(k + len).map_or(line.text.len(), |&(i, _)| i);
                out.push(Token { at: here, tok: Tok::Word(&line.text[start..end]) });
                k += len;
            }
        }
    }
    Ok(out)
}

#[derive(Clone, Debug)]
enum Kind<'a> {
    Word(&'a str),
    Str(&'a str),
    List(Vec<Val<'a>>),
    Dict(Vec<(Val<'a>, Val<'a>)>),
}

#[derive(Clone, Debug)]
struct Val<'a> {
    at: Position,
    kind: Kind<'a>,
}

impl Val<'_> {
    fn shown(&self) -> String {
        match &self.kind {
            Kind::Word(w) => excerpt(w),
            Kind::Str(s) => format!("'{}'", excerpt(s)),
            Kind::List(_) => "a list".into(),
            Kind::Dict(_) => "a {...} map".into(),
        }
    }
}

/// How deep lists and maps may nest. The layout needs two levels (`[[...]]`); the limit keeps
/// the recursive descent (and the drop of what it built) far from the end of any thread's
/// stack: `grid = [[[[…` with 16,000 brackets once aborted the process.
pub const MAX_DEPTH: usize = 16;

struct Parser<'a> {
    toks: Vec<Token<'a>>,
    next: usize,
    /// Lists and maps open around the value being read.
    depth: usize,
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<Token<'a>> {
        self.toks.get(self.next).copied()
    }

    /// The next token, or an error at the last one saying what the input ends without.
    fn take(&mut self, expected: &str) -> Res<Token<'a>> {
        let t = self.peek().ok_or_else(|| {
            let last = self.toks.last().map_or(Position { line: 1, column: 0 }, |t| t.at);
            at(last, format!("the input ends here; expected {expected}"))
        })?;
        self.next += 1;
        Ok(t)
    }

    fn value(&mut self) -> Res<Val<'a>> {
        let t = self.take("a value: [...], {...} or a number")?;
        if matches!(t.tok, Tok::Punct('[' | '{')) && self.depth >= MAX_DEPTH {
            return Err(at(
                t.at,
                format!(
                    "lists and maps nested deeper than {MAX_DEPTH} levels (the limit); \
                     a Killer layout needs two: [[cage ids], ...] and {{id: sum}}"
                ),
            ));
        }
        self.depth += 1;
        let kind = self.compound(t);
        self.depth -= 1;
        Ok(Val { at: t.at, kind: kind? })
    }

    /// The value a token starts (a list or map up to its closing bracket).
    fn compound(&mut self, t: Token<'a>) -> Res<Kind<'a>> {
        Ok(match t.tok {
            Tok::Word(w) => Kind::Word(w),
            Tok::Str(s) => Kind::Str(s),
            Tok::Punct('[') => Kind::List(self.items(t, ']', |p| p.value())?),
            Tok::Punct('{') => Kind::Dict(self.items(t, '}', |p| {
                let key = p.value()?;
                p.expect(':', "':' between a cage id and its sum")?;
                Ok((key, p.value()?))
            })?),
            Tok::Punct(_) => return Err(unexpected(t.at, shown(t.tok), "a value: [...], {...} or a number")),
        })
    }

    /// Comma-separated items up to `close` (a trailing comma allowed), after `open`.
    fn items<T>(&mut self, open: Token<'a>, close: char, mut item: impl FnMut(&mut Self) -> Res<T>) -> Res<Vec<T>> {
        let unclosed = || at(open.at, format!("this {} is never closed by {close}", shown(open.tok)));
        let mut out = Vec::new();
        loop {
            match self.peek() {
                None => return Err(unclosed()),
                Some(t) if t.tok == Tok::Punct(close) => {
                    self.next += 1;
                    return Ok(out);
                }
                Some(_) => out.push(item(self)?),
            }
            let t = self.take("").map_err(|_| unclosed())?;
            match t.tok {
                Tok::Punct(',') => {}
                Tok::Punct(c) if c == close => return Ok(out),
                _ => {
                    let expected = format!("',' or {close} to close the {} at {}", shown(open.tok), open.at);
                    return Err(unexpected(t.at, shown(t.tok), expected));
                }
            }
        }
    }

    fn expect(&mut self, punct: char, expected: &str) -> Res<()> {
        let t = self.take(expected)?;
        if t.tok == Tok::Punct(punct) {
            Ok(())
        } else {
            Err(unexpected(t.at, shown(t.tok), expected))
        }
    }

    /// Every assignment `name = value`, in order; `import`/`from` lines skipped.
    fn assignments(&mut self) -> Res<Vec<(&'a str, Position, Val<'a>)>> {
        let mut out = Vec::new();
        let mut last_line = 0;
        while let Some(t) = self.peek() {
            if t.at.line == last_line {
                return Err(unexpected(t.at, shown(t.tok), "the end of the line after a value"));
            }
            match t.tok {
                Tok::Word("import" | "from") => {
                    while self.peek().is_some_and(|u| u.at.line == t.at.line) {
                        self.next += 1;
                    }
                }
                Tok::Word(name) if is_name(name) => {
                    self.next += 1;
                    self.expect('=', "'=' after the name")?;
                    out.push((name, t.at, self.value()?));
                }
                _ => return Err(unexpected(t.at, shown(t.tok), STATEMENT)),
            }
            last_line = self.toks[self.next - 1].at.line;
        }
        Ok(out)
    }
}

// ---------------------------------------------------------------------------------------------
// The layout.

fn integer(v: &Val<'_>, expected: &str) -> Res<u64> {
    let text = match v.kind {
        Kind::Word(w) => w,
        _ => "",
    };
    text.parse().map_err(|_| unexpected(v.at, v.shown(), expected))
}

type Var<'a> = (&'a str, Position, Val<'a>);

/// The one variable holding a value of a kind, if any; two are an error naming both.
fn only<'v, 'a>(vars: &'v [Var<'a>], is: fn(&Kind<'a>) -> bool, what: &str) -> Res<Option<&'v Var<'a>>> {
    let mut found = vars.iter().filter(|(_, _, v)| is(&v.kind));
    let first = found.next();
    if let (Some((a, pa, _)), Some((b, pb, _))) = (first, found.next()) {
        return Err(at(*pb, format!("a second {what}, {b} (the first is {a}, {pa}); comment one of them out")));
    }
    Ok(first)
}

/// Seed 004's Python layout (see the module docs) as a blank puzzle with the killer rule.
/// `opts.size` must match the grid when given; `opts.box_shape` sets the boxes.
pub fn parse_killer_text(text: &str, opts: &ParseOptions) -> Result<Puzzle, ParseError> {
    let mut parser = Parser { toks: tokens(text)?, next: 0, depth: 0 };
    if parser.toks.is_empty() {
        return Err(ParseError::Empty);
    }
    // As in Python, the last assignment to a name is the one that counts.
    let mut vars: Vec<Var<'_>> = Vec::new();
    for (name, pos, val) in parser.assignments()? {
        vars.retain(|(n, _, _)| *n != name);
        vars.push((name, pos, val));
    }
    if vars.is_empty() {
        return Err(at(parser.toks[0].at, format!("nothing assigned; expected {STATEMENT}")));
    }
    let grid = only(&vars, |k| matches!(k, Kind::List(_)), "grid of cage ids")?;
    let sums = only(&vars, |k| matches!(k, Kind::Dict(_)), "map of cage sums")?;
    if let Some((name, pos, val)) = vars.iter().find(|(_, _, v)| !matches!(v.kind, Kind::List(_) | Kind::Dict(_))) {
        return Err(unexpected(
            val.at,
            val.shown(),
            format!("{name} (at {pos}) to be [[...]] cage ids or a {{id: sum}} map"),
        ));
    }
    let (Some(&(grid_name, grid_pos, ref grid)), Some(&(sums_name, sums_pos, ref sums))) = (grid, sums) else {
        let (p, missing) = match (grid, sums) {
            (None, Some((_, p, _))) => (*p, "no grid of cage ids `grid = [[...], ...]`"),
            (Some((_, p, _)), _) => (*p, "no map of cage sums `grid_sum = {id: sum, ...}`"),
            (None, None) => (vars[0].1, "no grid of cage ids `grid = [[...], ...]`"),
        };
        return Err(at(p, format!("{missing}; seed 004's Killer layout needs both")));
    };

    // The grid: n rows of n cage ids.
    let Kind::List(rows) = &grid.kind else { unreachable!("picked as a list") };
    let n = rows.len();
    let expected_n = opts.size.unwrap_or(n);
    if n != expected_n || !(1..=MAX_SIDE).contains(&n) {
        return Err(at(grid.at, format!("{grid_name} has {n} rows; expected {expected_n} (1 to {MAX_SIDE})")));
    }
    let mut by_id: BTreeMap<u64, Vec<Cell>> = BTreeMap::new();
    let mut first_at: BTreeMap<u64, Position> = BTreeMap::new();
    for (r, row) in rows.iter().enumerate() {
        let Kind::List(ids) = &row.kind else {
            return Err(unexpected(
                row.at,
                row.shown(),
                format!("row {} of {grid_name}: a list [..] of cage ids", r + 1),
            ));
        };
        if ids.len() != n {
            return Err(at(
                row.at,
                format!("row {} of {grid_name} has {} cage ids, expected {n} ({n} rows of {n})", r + 1, ids.len()),
            ));
        }
        for (c, id) in ids.iter().enumerate() {
            let v = integer(id, "a cage id: an integer, 0 for no cage")?;
            if v != 0 {
                by_id.entry(v).or_default().push(Cell::new(r, c));
                first_at.entry(v).or_insert(id.at);
            }
        }
    }

    // The sums: one per cage, none for a cage that is not in the grid.
    let Kind::Dict(entries) = &sums.kind else { unreachable!("picked as a map") };
    let mut sum_of: BTreeMap<u64, u32> = BTreeMap::new();
    let mut key_at: BTreeMap<u64, Position> = BTreeMap::new();
    for (key, value) in entries {
        let id = match key.kind {
            Kind::Str(s) => s.trim().parse().map_err(|_| unexpected(key.at, key.shown(), "a cage id"))?,
            _ => integer(key, "a cage id")?,
        };
        if let Some(first) = key_at.get(&id) {
            return Err(at(key.at, format!("cage {id}'s sum is given twice in {sums_name} (first at {first})")));
        }
        if !by_id.contains_key(&id) {
            return Err(at(
                key.at,
                format!("{sums_name} gives a sum for cage {id}, but no cell of {grid_name} is in cage {id}"),
            ));
        }
        let sum = integer(value, "the cage's sum, an integer")?;
        let sum = u32::try_from(sum).map_err(|_| at(value.at, "sum too large"))?;
        sum_of.insert(id, sum);
        key_at.insert(id, key.at);
    }
    if let Some((&id, cells)) = by_id.iter().find(|(id, _)| !sum_of.contains_key(id)) {
        return Err(at(
            first_at[&id],
            format!("cage {id} (first cell {}) has no sum in {sums_name} ({sums_pos})", cells[0]),
        ));
    }

    let rule = killer_from_layout(by_id, &sum_of, LAYOUT_DISTINCT, n).map_err(|e| {
        let place = match e.id {
            Some(id) if e.on_sum => key_at.get(&id).copied(),
            Some(id) => first_at.get(&id).copied(),
            None => None,
        };
        at(place.unwrap_or(grid_pos), e.message)
    })?;
    Ok(Puzzle::blank(geometry(n, opts)?).with_rule(rule))
}

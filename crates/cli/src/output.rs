//! How results are written: grid, line or JSON on stdout; stats on stderr.

use serde_json::{json, Value};
use sudoku_ip::{formats, Grid, GridJson, Outcome, Puzzle, Report, SearchEnd, StartUse};

use super::args::OutputFormat;

/// A solution in the chosen format (no trailing newline for `line`/`json`); the grid format is
/// coloured when stdout is a terminal and NO_COLOR is unset ([`use_color`]).
pub fn grid_text(grid: &Grid, puzzle: &Puzzle, format: OutputFormat) -> String {
    grid_text_styled(grid, puzzle, format, format == OutputFormat::Grid && use_color())
}

/// [`grid_text`] with colour chosen by the caller: with `color`, the grid format shows givens in
/// bold and solved digits in cyan (ANSI escapes); without, plain text that parses back.
pub fn grid_text_styled(grid: &Grid, puzzle: &Puzzle, format: OutputFormat, color: bool) -> String {
    match format {
        OutputFormat::Grid if color => grid.to_pretty_with(puzzle.geometry(), |cell, text| {
            if grid.get(cell) == 0 {
                text.to_string()
            } else if puzzle.givens().get(cell) != 0 {
                format!("\x1b[1m{text}\x1b[0m")
            } else {
                format!("\x1b[36m{text}\x1b[0m")
            }
        }),
        OutputFormat::Grid => formats::to_grid_text(grid, puzzle.geometry()),
        OutputFormat::Line => format!("{}\n", grid.to_line()),
        OutputFormat::Json => format!("{}\n", grid_json(grid)),
    }
}

/// Colour on stdout: it is a terminal and NO_COLOR is unset or empty (no-color.org).
pub fn use_color() -> bool {
    use std::io::IsTerminal;
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// Messages for stderr, each written whole. On a terminal each goes out at once, in one write,
/// after stdout's pending text (so the two streams read in order); otherwise they are kept
/// and written together at [`Notes::flush`] or when 64 KiB have gathered: a batch of puzzles
/// with many solutions says so on every line, and a write per line would cost more than the
/// puzzles' search (`puzzles7_serg_benchmark`: 10,000 such lines).
pub struct Notes {
    text: String,
    terminal: bool,
}

impl Notes {
    const KEEP: usize = 1 << 16;

    /// Notes for this process's stderr.
    pub fn new() -> Notes {
        use std::io::IsTerminal;
        Notes { text: String::new(), terminal: std::io::stderr().is_terminal() }
    }

    /// Add one line (a newline is appended); `stdout` is flushed first when the line goes out
    /// at once.
    pub fn say(&mut self, line: std::fmt::Arguments<'_>, stdout: &mut impl std::io::Write) -> std::io::Result<()> {
        use std::fmt::Write as _;
        let _ = writeln!(self.text, "{line}");
        if self.terminal {
            stdout.flush()?;
        }
        if self.terminal || self.text.len() >= Self::KEEP {
            self.flush()?;
        }
        Ok(())
    }

    /// Write what is kept, in one write.
    pub fn flush(&mut self) -> std::io::Result<()> {
        use std::io::Write as _;
        if !self.text.is_empty() {
            std::io::stderr().lock().write_all(self.text.as_bytes())?;
            self.text.clear();
        }
        Ok(())
    }
}

impl Drop for Notes {
    /// A batch ended by an error still says what it had to say.
    fn drop(&mut self) {
        let _ = self.flush();
    }
}

/// A grid as JSON: the line form and the rows of integers.
pub fn grid_json(grid: &Grid) -> Value {
    json!(GridJson::from(grid))
}

/// One JSON value on one line (no newline), for any serializable answer.
pub fn json_line(value: &impl serde::Serialize) -> Result<String, serde_json::Error> {
    serde_json::to_string(value)
}

/// `exactly 1`, `at least 2`, `at least 5 (stopped: time limit of 1s reached)`.
pub fn count_text(report: &Report) -> String {
    match &report.end {
        SearchEnd::Exhausted => format!("{}", report.count),
        SearchEnd::ReachedMax => format!("at least {}", report.count),
        SearchEnd::Stopped { reason } => format!("at least {} (unknown: {reason})", report.count),
    }
}

/// The stats of a report, one line, for stderr.
pub fn stats_line(report: &Report) -> String {
    let s = &report.stats;
    let status = match &report.outcome {
        Outcome::Solved => "solved".to_string(),
        Outcome::Infeasible { .. } => "infeasible".to_string(),
        // A count keeps no grid; its solutions were found, not lost.
        Outcome::Unknown { .. } if report.count > 0 && !matches!(report.end, SearchEnd::Stopped { .. }) => {
            "counted".to_string()
        }
        Outcome::Unknown { reason } => format!("unknown ({reason})"),
    };
    let mut parts = vec![format!("solver {}", s.backend), format!("status {status}"), format!("model {}", s.model)];
    match (report.presolve, &s.presolved) {
        (Some(level), Some(p)) => parts.push(format!("presolve {level}, the solver got {p}")),
        (Some(level), None) => parts.push(format!("presolve {level}")),
        (None, Some(p)) => parts.push(format!("after presolve {p}")),
        (None, None) => {}
    }
    parts.push(format!(
        "time {} (build {}, {}search {})",
        ms(report.total_time),
        ms(report.build_time),
        report.presolve_time.map(|t| format!("presolve {}, ", ms(t))).unwrap_or_default(),
        ms(s.elapsed)
    ));
    if let Some(n) = s.nodes {
        parts.push(format!("nodes {n}"));
    }
    if let Some(g) = s.guesses {
        parts.push(format!("guesses {g}"));
    }
    if let Some(c) = s.solver_calls {
        parts.push(format!("solver calls {c}"));
    }
    if let Some(i) = s.lp_iterations {
        parts.push(format!("LP iterations {i}"));
    }
    if let Some(why) = report.solver_not_called() {
        parts.push(why);
    }
    // As intlinprog reports them: the objective value and the relative gap at the stop.
    if let Some(v) = s.objective {
        parts.push(format!("objective {v}"));
    }
    if let Some(g) = s.mip_gap {
        parts.push(format!("MIP gap {g}"));
    }
    if let Some(k) = report.objective_reduced {
        parts.push(if report.solver_not_called().is_some() {
            format!("objective proved constant ({k}) by presolve")
        } else {
            format!("objective proved constant ({k}) by presolve, the solver given the zero objective")
        });
    }
    if let Some(t) = report.start_time {
        let what = match s.start {
            Some(StartUse::Kept) => "the answer is that grid, certified by the solver",
            Some(StartUse::Replaced) => "the solver answered with another grid",
            Some(StartUse::NoAnswer) => "the solver stopped without an answer",
            Some(StartUse::Rejected) => "not a solution of the model, not passed",
            // Presolve decided every variable: there was nothing to start from, nor to solve.
            None if s.solver_calls == Some(0) => {
                "not needed, presolve decided every variable and the solver was not called"
            }
            None => "none found, the solver searched on its own",
        };
        parts.push(format!("MIP start from the native engine ({}): {what}", ms(t)));
    }
    parts.push(format!("solutions {}", count_text(report)));
    format!("stats: {}", parts.join("; "))
}

/// What to say about the solution a puzzle carries (f-puzzles `solution`, JSON `solution`)
/// next to ours: `None` when it carries none. A carried solution that breaks our checker says
/// which rule it breaks: the setter and sudoku-ip read the puzzle differently.
pub fn solution_note(puzzle: &Puzzle, report: &Report) -> Option<String> {
    let meta = puzzle.meta();
    let theirs = meta.solution.as_ref().filter(|s| s.n() == puzzle.n())?;
    let broken = if theirs.filled() == puzzle.n() * puzzle.n() {
        sudoku_ip::check::verify(puzzle, theirs).into_iter().next()
    } else {
        None
    };
    let cells = |list: &[(sudoku_ip::Cell, usize, usize)]| {
        let shown: Vec<String> = list.iter().take(5).map(|(c, a, b)| format!("{c} ({a}, ours {b})")).collect();
        let more = if list.len() > 5 { format!(" and {} more", list.len() - 5) } else { String::new() };
        format!("{}{more}", shown.join(", "))
    };
    let note = match (report.solution(), broken) {
        (_, Some(v)) => format!("warning: the puzzle's own solution breaks a rule as sudoku-ip reads it: {v}"),
        (Some(ours), None) => match meta.disagreements(ours) {
            Some(d) if d.is_empty() => "the puzzle's own solution agrees with ours".to_string(),
            Some(d) => format!(
                "warning: the puzzle's own solution differs from ours in {} cell(s): {}{}",
                d.len(),
                cells(&d),
                if report.is_unique() { "" } else { " (the puzzle has more than one solution)" }
            ),
            None => return None,
        },
        (_, None) if theirs.filled() == puzzle.n() * puzzle.n() => {
            "warning: the puzzle's own solution passes the checker, but the solver found none".to_string()
        }
        (_, None) => "note: the puzzle carries a partial solution; the solver found none".to_string(),
    };
    Some(note)
}

fn ms(d: std::time::Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classic() -> (Puzzle, Grid) {
        let parse = |line: &str| formats::parse_puzzle(line, &Default::default()).expect("parses");
        let puzzle = parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
        let solution =
            parse("534678912672195348198342567859761423426853791713924856961537284287419635345286179").givens().clone();
        (puzzle, solution)
    }

    #[test]
    fn plain_grid_text_has_no_escapes_and_parses_back() {
        let (puzzle, solution) = classic();
        let text = grid_text_styled(&solution, &puzzle, OutputFormat::Grid, false);
        assert!(!text.contains('\x1b'));
        assert_eq!(text, formats::to_grid_text(&solution, puzzle.geometry()));
        let back = formats::parse_puzzle(&text, &Default::default()).expect("parses back");
        assert_eq!(back.givens(), &solution);
    }

    #[test]
    fn coloured_grid_text_marks_givens_bold_and_solved_digits_cyan() {
        let (puzzle, solution) = classic();
        let text = grid_text_styled(&solution, &puzzle, OutputFormat::Grid, true);
        // Row 1 is 5 3 4 | 6 7 8 | 9 1 2 with 5, 3 and 7 given.
        let first = text.lines().next().expect("a line");
        assert!(first.starts_with("\x1b[1m5\x1b[0m \x1b[1m3\x1b[0m \x1b[36m4\x1b[0m |"), "{first:?}");
        assert_eq!(text.matches("\x1b[1m").count(), puzzle.givens().filled());
        assert_eq!(text.matches("\x1b[36m").count(), 81 - puzzle.givens().filled());
        // Without the escapes it is the plain grid.
        let stripped = text.replace("\x1b[1m", "").replace("\x1b[36m", "").replace("\x1b[0m", "");
        assert_eq!(stripped, formats::to_grid_text(&solution, puzzle.geometry()));
        // Other formats never carry colour.
        assert!(!grid_text_styled(&solution, &puzzle, OutputFormat::Line, true).contains('\x1b'));
    }
}

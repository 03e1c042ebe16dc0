//! LP and MPS export of the [`Model`]: the same 0-1 program, written for any solver (HiGHS, CBC,
//! GLPK, Gurobi, CPLEX, MATLAB `mpsread` + `intlinprog`).
//!
//! Choices, each made for the pickiest reader:
//! - **Objective: the model's** ([`Model::objective`]). Zero by default: a feasibility
//!   problem, every feasible point optimal; LP writes `obj: 0 x_r1c1_d1` (some readers reject
//!   an empty objective), MPS declares an `N obj` row with no entries. The seeds' `(1:N)'`
//!   ([`crate::Objective::Seed`]) writes each variable's cost (`obj: 1 x_r1c1_d1 + 82 x_r1c1_d2
//!   + …` in LP, `obj` entries in the MPS columns).
//! - **Integrality and bounds.** Free variables are binary. Fixed variables (givens, presolve)
//!   are general integers with both bounds equal, `x = 1` or `x = 0`. They are *not* listed in
//!   the LP `Binary` section: GLPK and CPLEX reset a binary's bounds to `[0, 1]`, which would
//!   silently drop the fixing. MPS: every column sits between one `INTORG`/`INTEND` marker
//!   pair with an explicit `UP 1` (readers disagree on a marker integer's default upper bound:
//!   1 or +inf) or an `FX` bound.
//! - **Names.** Variables `x_r1c2_d5`, then the auxiliary variables rules declared, by their
//!   names ([`Model::var_name`]); rows keep [`Row::name`] with any
//!   character outside `[A-Za-z0-9_.]` replaced by `_`, an `r_` prefix when the name does not
//!   start with a letter, starts with `e`/`E` (read as an exponent by some LP readers) or is
//!   an LP keyword, and a `_2`, `_3`, … suffix for duplicates.
//! - **Fixed MPS** puts fields in columns 2, 5, 15, 25, 40 and 50 and allows 8-character
//!   names, too short for ours: columns are `C1`, `C2`, … (model order) and rows `R1`, … ;
//!   the readable names follow in `*` comment lines. Free MPS uses the readable names.
//! - **LP lines are wrapped** near 80 characters (CPLEX and older Gurobi limit line length).
//!
//! ```
//! use sudoku_ip_model::{export, Geometry, Model, Puzzle};
//!
//! let model = Model::build(&Puzzle::blank(Geometry::new(4, None).unwrap()));
//! let lp = export::to_lp(&model);
//! assert!(lp.contains("cell_r1c1: x_r1c1_d1 + x_r1c1_d2 + x_r1c1_d3 + x_r1c1_d4 = 1"));
//! let mps = export::to_mps(&model, export::MpsFormat::Free);
//! assert!(mps.contains(" E  row1_d1"));
//! ```

use std::collections::HashSet;
use std::fmt::Write as _;
use std::io;

use crate::model::{Model, Objective, Row, Sense};

/// Which MPS dialect to write.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MpsFormat {
    /// Whitespace-separated fields, readable names (HiGHS, CBC, Gurobi, CPLEX, `glpsol --freemps`,
    /// MATLAB `mpsread`).
    #[default]
    Free,
    /// Fields in fixed columns, names `C1`…/`R1`… of at most 8 characters (`glpsol --mps` and
    /// other strict fixed-format readers).
    Fixed,
}

/// Name of the objective row (LP and MPS).
const OBJECTIVE: &str = "obj";

/// Words an LP reader may take for a section header or a special value.
const LP_KEYWORDS: &[&str] = &[
    "min",
    "minimize",
    "minimise",
    "minimum",
    "max",
    "maximize",
    "maximise",
    "maximum",
    "st",
    "s.t.",
    "st.",
    "subject",
    "such",
    "bound",
    "bounds",
    "bin",
    "binary",
    "binaries",
    "gen",
    "general",
    "generals",
    "int",
    "integer",
    "integers",
    "semi",
    "semis",
    "semi-continuous",
    "sos",
    "end",
    "free",
    "inf",
    "infinity",
    "obj",
];

/// `raw` as a name every LP and free-MPS reader accepts: characters outside `[A-Za-z0-9_.]`
/// become `_`, and `prefix` goes in front when the name does not start with a letter, starts
/// with `e`/`E` (an exponent to some LP readers) or is an LP keyword. Not made unique.
pub fn lp_name(raw: &str, prefix: &str) -> String {
    let mut name = String::with_capacity(prefix.len() + raw.len());
    name.extend(raw.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' || c == '.' { c } else { '_' }));
    let first = name.chars().next();
    let needs_prefix = !first.is_some_and(|c| c.is_ascii_alphabetic())
        || matches!(first, Some('e' | 'E'))
        || LP_KEYWORDS.iter().any(|k| k.eq_ignore_ascii_case(&name));
    if needs_prefix {
        name.insert_str(0, prefix);
    }
    name
}

/// Readable, unique row names that every LP and free-MPS reader accepts, in row order.
pub fn row_names(model: &Model) -> Vec<String> {
    let mut seen: HashSet<String> = HashSet::from([OBJECTIVE.to_string()]);
    model
        .rows()
        .iter()
        .map(|row| {
            let mut name = lp_name(&row.name, "r_");
            let base = name.clone();
            let mut k = 2;
            while !seen.insert(name.to_ascii_lowercase()) {
                name = format!("{base}_{k}");
                k += 1;
            }
            name
        })
        .collect()
}

/// The model as CPLEX-LP text.
pub fn to_lp(model: &Model) -> String {
    let mut out = String::new();
    write_lp_text(model, &mut out);
    out
}

/// Write the model as CPLEX-LP.
pub fn write_lp(model: &Model, mut w: impl io::Write) -> io::Result<()> {
    w.write_all(to_lp(model).as_bytes())
}

/// The model as MPS text.
pub fn to_mps(model: &Model, format: MpsFormat) -> String {
    let mut out = String::new();
    write_mps_text(model, format, &mut out);
    out
}

/// Write the model as MPS.
pub fn write_mps(model: &Model, format: MpsFormat, mut w: impl io::Write) -> io::Result<()> {
    w.write_all(to_mps(model, format).as_bytes())
}

fn header(model: &Model, comment: &str, out: &mut String) {
    let s = model.size();
    let n = model.n();
    // Writing to a String cannot fail; the results are ignored throughout.
    // Short lines: fixed MPS readers reject records longer than 80 characters.
    let _ = writeln!(out, "{comment} sudoku-ip model of a {n}x{n} puzzle");
    let _ = writeln!(out, "{comment} {s}");
    let _ = writeln!(out, "{comment} x_rRcC_dD = 1 when cell rRcC holds digit D.");
    if !model.aux_names().is_empty() {
        let _ =
            writeln!(out, "{comment} {} auxiliary binaries (named by their rules) follow.", model.aux_names().len());
    }
    let _ = match model.objective() {
        Objective::Zero => writeln!(out, "{comment} Zero objective: any feasible point is a solution."),
        Objective::Seed => writeln!(
            out,
            "{comment} Objective (1:N)' over x(i,j,k) in MATLAB order, as in seeds 000/003: the same for every solution."
        ),
    };
}

fn write_lp_text(model: &Model, out: &mut String) {
    header(model, "\\", out);
    let names = row_names(model);
    out.push_str("Minimize\n");
    let costs: Vec<(u32, i64)> =
        (0..model.num_vars() as u32).map(|v| (v, model.cost(v))).filter(|&(_, c)| c != 0).collect();
    if costs.is_empty() {
        let _ = writeln!(out, " {OBJECTIVE}: 0 {}", model.var_name(0));
    } else {
        let mut line = format!(" {OBJECTIVE}:");
        for (k, (v, c)) in costs.iter().enumerate() {
            let _ = write!(line, " {}{c} {}", if k == 0 { "" } else { "+ " }, model.var_name(*v));
            if line.len() > 72 {
                let _ = writeln!(out, "{line}");
                line.clear();
            }
        }
        if !line.is_empty() {
            let _ = writeln!(out, "{line}");
        }
    }
    out.push_str("Subject To\n");
    for (row, name) in model.rows().iter().zip(&names) {
        write_lp_row(model, row, name, out);
    }
    let fixed = model.fixed();
    if fixed.iter().any(Option::is_some) {
        out.push_str("Bounds\n");
        for (v, f) in fixed.iter().enumerate() {
            if let Some(value) = f {
                let _ = writeln!(out, " {} = {}", model.var_name(v as u32), u8::from(*value));
            }
        }
    }
    // Fixed variables are general integers, not binaries: see the module doc.
    let list = |want_fixed: bool| (0..fixed.len()).filter(move |&v| fixed[v].is_some() == want_fixed);
    for (section, want_fixed) in [("General", true), ("Binary", false)] {
        let mut vars = list(want_fixed).peekable();
        if vars.peek().is_none() {
            continue;
        }
        let _ = writeln!(out, "{section}");
        let mut line = String::new();
        for v in vars {
            let _ = write!(line, " {}", model.var_name(v as u32));
            if line.len() > 72 {
                let _ = writeln!(out, "{line}");
                line.clear();
            }
        }
        if !line.is_empty() {
            let _ = writeln!(out, "{line}");
        }
    }
    out.push_str("End\n");
}

fn write_lp_row(model: &Model, row: &Row, name: &str, out: &mut String) {
    let mut line = format!(" {name}:");
    let mut first = true;
    for &(v, a) in row.terms.iter().filter(|&&(_, a)| a != 0) {
        let sign = if a < 0 { "-" } else { "+" };
        let magnitude = a.unsigned_abs();
        let var = model.var_name(v);
        let term = match (first, magnitude) {
            (true, 1) if a > 0 => format!(" {var}"),
            (true, _) if a > 0 => format!(" {magnitude} {var}"),
            (_, 1) => format!(" {sign} {var}"),
            _ => format!(" {sign} {magnitude} {var}"),
        };
        // Continuation lines start with a sign, so no reader can take them for a new row.
        if line.len() + term.len() > 80 && !first {
            let _ = writeln!(out, "{line}");
            line = "  ".to_string();
        }
        line.push_str(&term);
        first = false;
    }
    if first {
        // An empty row still says something (0 = 1 is infeasible): keep it, with a zero term.
        let _ = write!(line, " 0 {}", model.var_name(0));
    }
    let _ = writeln!(out, "{line} {} {}", row.sense.symbol(), row.rhs);
}

fn sense_letter(sense: Sense) -> char {
    match sense {
        Sense::Le => 'L',
        Sense::Eq => 'E',
        Sense::Ge => 'G',
    }
}

/// One MPS data line: an optional code (row type, bound type) and up to five fields.
fn mps_line(format: MpsFormat, code: &str, fields: &[&str], out: &mut String) {
    match format {
        MpsFormat::Free => {
            let _ = write!(out, " {code:<2}");
            for f in fields {
                let _ = write!(out, " {f}");
            }
        }
        MpsFormat::Fixed => {
            // Columns 2-3, 5-12, 15-22, 25-36, 40-47, 50-61.
            let _ = write!(out, " {code:<2}");
            let widths = [(1, 8), (2, 8), (2, 12), (3, 8), (2, 12)];
            for (f, (gap, width)) in fields.iter().zip(widths) {
                let _ = write!(out, "{:gap$}{f:<width$}", "");
            }
        }
    }
    let trimmed = out.trim_end_matches(' ').len();
    out.truncate(trimmed);
    out.push('\n');
}

fn write_mps_text(model: &Model, format: MpsFormat, out: &mut String) {
    header(model, "*", out);
    let readable = row_names(model);
    let (cols, rows): (Vec<String>, Vec<String>) = match format {
        MpsFormat::Free => ((0..model.num_vars()).map(|v| model.var_name(v as u32)).collect(), readable),
        MpsFormat::Fixed => {
            let cols: Vec<String> = (1..=model.num_vars()).map(|k| format!("C{k}")).collect();
            let rows: Vec<String> = (1..=model.rows().len()).map(|k| format!("R{k}")).collect();
            for (k, c) in cols.iter().enumerate() {
                let _ = writeln!(out, "* {c} = {}", model.var_name(k as u32));
            }
            for (r, name) in rows.iter().zip(&readable) {
                let _ = writeln!(out, "* {r} = {name}");
            }
            (cols, rows)
        }
    };
    let n = model.n();
    let _ = writeln!(out, "NAME          SUDOKU{n}");
    out.push_str("ROWS\n");
    mps_line(format, "N", &[OBJECTIVE], out);
    for (row, name) in model.rows().iter().zip(&rows) {
        mps_line(format, &sense_letter(row.sense).to_string(), &[name], out);
    }

    // Column-major entries; rows are stored row-major, so gather them per column first.
    let mut by_col: Vec<Vec<(usize, i32)>> = vec![Vec::new(); model.num_vars()];
    for (i, row) in model.rows().iter().enumerate() {
        for &(v, a) in row.terms.iter().filter(|&&(_, a)| a != 0) {
            by_col[v as usize].push((i, a));
        }
    }
    out.push_str("COLUMNS\n");
    mps_line(format, "", &["MARKER", "'MARKER'", "", "'INTORG'"], out);
    for (v, (col, entries)) in cols.iter().zip(&by_col).enumerate() {
        let cost = model.cost(v as u32);
        if cost != 0 {
            mps_line(format, "", &[col, OBJECTIVE, &cost.to_string()], out);
        } else if entries.is_empty() {
            // A column in no row must still appear to exist.
            mps_line(format, "", &[col, OBJECTIVE, "0"], out);
        }
        for pair in entries.chunks(2) {
            let values: Vec<String> = pair.iter().map(|&(_, a)| a.to_string()).collect();
            let mut fields: Vec<&str> = vec![col];
            for ((i, _), value) in pair.iter().zip(&values) {
                fields.push(&rows[*i]);
                fields.push(value);
            }
            mps_line(format, "", &fields, out);
        }
    }
    mps_line(format, "", &["MARKER", "'MARKER'", "", "'INTEND'"], out);

    out.push_str("RHS\n");
    let nonzero: Vec<(usize, String)> =
        model.rows().iter().enumerate().filter(|(_, r)| r.rhs != 0).map(|(i, r)| (i, r.rhs.to_string())).collect();
    for pair in nonzero.chunks(2) {
        let mut fields: Vec<&str> = vec!["RHS"];
        for (i, value) in pair {
            fields.push(&rows[*i]);
            fields.push(value);
        }
        mps_line(format, "", &fields, out);
    }

    out.push_str("BOUNDS\n");
    for (col, f) in cols.iter().zip(model.fixed()) {
        match f {
            None => mps_line(format, "UP", &["BND", col, "1"], out),
            Some(value) => mps_line(format, "FX", &["BND", col, if *value { "1" } else { "0" }], out),
        }
    }
    out.push_str("ENDATA\n");
}

// The readers of the tests, shared with the fuzz round trip (`tests/fuzzing`).
#[cfg(test)]
#[path = "../tests/support/readback.rs"]
mod readback;

#[cfg(test)]
mod tests {
    //! The tests read the text back with small readers written from the format descriptions
    //! (`tests/support/readback.rs`), and compare what they read with the model.

    use super::*;
    use crate::geometry::{Cell, Geometry};
    use crate::grid::Grid;
    use crate::puzzle::Puzzle;

    use super::readback::{expected, read_lp, read_mps};

    /// A 4x4 with a given, a digit excluded by presolve, and a general row whose name needs
    /// cleaning and clashes with another.
    fn sample() -> Model {
        let mut givens = Grid::empty(4);
        givens.set(Cell::new(0, 0), 1);
        let mut m = Model::build(&Puzzle::new(Geometry::new(4, None).expect("4x4"), givens));
        m.set_fixed(m.var(Cell::new(1, 1), 2), Some(false));
        let v = |r, c, d| m.var(Cell::new(r, c), d);
        let terms = vec![(v(0, 1, 2), 3), (v(0, 2, 3), -2), (v(3, 3, 4), 1)];
        m.push_row(Row {
            name: "cage 1 [sum]".into(),
            kind: crate::model::RowKind::Other,
            terms: terms.clone(),
            sense: Sense::Ge,
            rhs: -1,
        });
        m.push_row(Row {
            name: "cage_1__sum_".into(),
            kind: crate::model::RowKind::Other,
            terms,
            sense: Sense::Le,
            rhs: 4,
        });
        m.push_row(Row {
            name: "end".into(),
            kind: crate::model::RowKind::Other,
            terms: vec![],
            sense: Sense::Le,
            rhs: 0,
        });
        m
    }

    fn var_names(m: &Model) -> Vec<String> {
        (0..m.num_vars()).map(|v| m.var_name(v as u32)).collect()
    }

    #[test]
    fn row_names_are_clean_and_unique() {
        let m = sample();
        let names = row_names(&m);
        let k = names.len();
        assert_eq!(names[..3], ["cell_r1c1", "cell_r1c2", "cell_r1c3"]);
        assert_eq!(names[k - 3..], ["cage_1__sum_", "cage_1__sum__2", "r_end"]);
        assert_eq!(names.iter().collect::<HashSet<_>>().len(), k);
    }

    #[test]
    fn lp_reads_back_as_the_model() {
        let m = sample();
        let text = to_lp(&m);
        assert_eq!(read_lp(&text), expected(&m, &row_names(&m), &var_names(&m)));
        // Counts by section: 64 variables, 2 fixed (General), 62 binary.
        let general = text.split("General\n").nth(1).and_then(|s| s.split("Binary\n").next()).unwrap_or("");
        assert_eq!(general.split_whitespace().collect::<Vec<_>>(), ["x_r1c1_d1", "x_r2c2_d2"]);
        assert!(text.contains(" x_r1c1_d1 = 1\n") && text.contains(" x_r2c2_d2 = 0\n"));
        assert!(text.contains(" cage_1__sum_: 3 x_r1c2_d2 - 2 x_r1c3_d3 + x_r4c4_d4 >= -1\n"));
        assert!(text.contains(" r_end: 0 x_r1c1_d1 <= 0\n"));
        assert!(text.ends_with("End\n"));
    }

    #[test]
    fn long_lp_rows_are_wrapped_and_still_read_back() {
        let m = Model::build(&Puzzle::blank(Geometry::new(16, None).expect("16x16")));
        let text = to_lp(&m);
        assert!(text.lines().all(|l| l.len() <= 100));
        assert!(text.lines().any(|l| l.starts_with("   + x_")));
        let back = read_lp(&text);
        assert_eq!(back.rows.len(), 4 * 256);
        assert_eq!(back, expected(&m, &row_names(&m), &var_names(&m)));
    }

    #[test]
    fn free_mps_reads_back_as_the_model() {
        let m = sample();
        let text = to_mps(&m, MpsFormat::Free);
        assert_eq!(read_mps(&text, MpsFormat::Free), expected(&m, &row_names(&m), &var_names(&m)));
        assert_eq!(text.matches("'INTORG'").count(), 1);
        assert_eq!(text.lines().filter(|l| l.starts_with(" UP BND ")).count(), 62);
        assert!(text.contains(" FX BND x_r1c1_d1 1\n") && text.contains(" FX BND x_r2c2_d2 0\n"));
        assert!(text.ends_with("ENDATA\n"));
    }

    #[test]
    fn fixed_mps_reads_back_by_column_with_short_names() {
        let m = sample();
        let text = to_mps(&m, MpsFormat::Fixed);
        let cols: Vec<String> = (1..=m.num_vars()).map(|k| format!("C{k}")).collect();
        let rows: Vec<String> = (1..=m.rows().len()).map(|k| format!("R{k}")).collect();
        assert_eq!(read_mps(&text, MpsFormat::Fixed), expected(&m, &rows, &cols));
        // The exact layout of well-known readers' fixed files.
        assert!(text.contains("\n    MARKER    'MARKER'                 'INTORG'\n"));
        assert!(text.contains("\n FX BND       C1        1\n"));
        assert!(text.contains("\n    C2        R1        1              R18       1\n"));
        assert!(text.contains("\n* C2 = x_r1c1_d2\n") && text.contains("\n* R1 = cell_r1c1\n"));
    }

    #[test]
    fn seed_size_model_has_the_seed_counts() {
        let m = Model::build(&Puzzle::blank(Geometry::new(9, None).expect("9x9")));
        let mps = to_mps(&m, MpsFormat::Free);
        let section = |name: &str| -> usize {
            let body = mps.split(&format!("\n{name}\n")).nth(1).unwrap_or("");
            body.lines().take_while(|l| l.starts_with(' ')).count()
        };
        assert_eq!(section("ROWS"), 1 + 324);
        // 729 columns x 4 entries, 2 a line, plus two markers.
        assert_eq!(section("COLUMNS"), 729 * 2 + 2);
        assert_eq!(section("RHS"), 324 / 2);
        assert_eq!(section("BOUNDS"), 729);
        let lp = to_lp(&m);
        assert_eq!(lp.matches(" = 1\n").count(), 324);
        assert!(!lp.contains("General"));
    }

    #[test]
    fn auxiliary_variables_are_written_named_bounded_and_binary() {
        let mut m = sample();
        let free = m.add_aux("sandwich3_in_r2c5");
        let fixed = m.add_aux("1st window"); // made LP-safe
        let x = m.var(Cell::new(1, 1), 1);
        m.push_row(Row {
            name: "link".into(),
            kind: crate::model::RowKind::Other,
            terms: vec![(free, 2), (fixed, -1), (x, 1)],
            sense: Sense::Le,
            rhs: 2,
        });
        m.set_fixed(fixed, Some(true));
        assert_eq!((m.var_name(free), m.var_name(fixed)), ("sandwich3_in_r2c5".into(), "a_1st_window".into()));
        let lp = to_lp(&m);
        assert_eq!(read_lp(&lp), expected(&m, &row_names(&m), &var_names(&m)));
        assert!(lp.contains(" link: 2 sandwich3_in_r2c5 - a_1st_window + x_r2c2_d1 <= 2\n"));
        assert!(lp.contains(" a_1st_window = 1\n"));
        let binary = lp
            .split(
                "Binary
",
            )
            .nth(1)
            .unwrap_or("");
        assert!(binary.contains(" sandwich3_in_r2c5") && !binary.contains("a_1st_window"));
        let mps = to_mps(&m, MpsFormat::Free);
        assert_eq!(read_mps(&mps, MpsFormat::Free), expected(&m, &row_names(&m), &var_names(&m)));
        assert!(mps.contains(" UP BND sandwich3_in_r2c5 1\n") && mps.contains(" FX BND a_1st_window 1\n"));
        let fixed_mps = to_mps(&m, MpsFormat::Fixed);
        let cols: Vec<String> = (1..=m.num_vars()).map(|k| format!("C{k}")).collect();
        let rows: Vec<String> = (1..=m.rows().len()).map(|k| format!("R{k}")).collect();
        assert_eq!(read_mps(&fixed_mps, MpsFormat::Fixed), expected(&m, &rows, &cols));
        assert!(fixed_mps.contains("\n* C65 = sandwich3_in_r2c5\n") && fixed_mps.contains("\n* C66 = a_1st_window\n"));
    }

    #[test]
    fn writers_match_strings() {
        let m = sample();
        let mut buf = Vec::new();
        write_lp(&m, &mut buf).expect("write to memory");
        assert_eq!(String::from_utf8(buf).expect("utf8"), to_lp(&m));
        let mut buf = Vec::new();
        write_mps(&m, MpsFormat::Fixed, &mut buf).expect("write to memory");
        assert_eq!(String::from_utf8(buf).expect("utf8"), to_mps(&m, MpsFormat::Fixed));
    }
}

//! The README's and the `docs/` book's command examples, run against the built binary: every
//! `sudoku-ip …` line of a `sh` block must be a valid command on files that exist (exit 0 or 1,
//! never 2 or a crash), and every `$ …` example of a `text` block must print exactly what the
//! page shows (times aside, and runs of spaces).
//!
//! Commands run in a scratch directory that sees the repository's `examples/` and
//! `../shared/data/`, with the binary first on `PATH`; lines with placeholders (`FILE`,
//! `PUZZLE`), `serve`, and HiGHS lines in a build without HiGHS are left out. A command that
//! reads `../shared` (the benchmark sets beside the repository, which a fresh clone has not) is
//! run where `../shared` exists and otherwise counted and reported as skipped.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The pages whose examples are run: the README and every page of `docs/`.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![repo().join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(repo().join("docs"))
        .expect("docs/")
        .map(|e| e.expect("docs entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

/// Every page's fenced blocks: (page, language, lines).
fn blocks() -> Vec<(String, String, Vec<String>)> {
    let mut out = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap_or_else(|e| panic!("{}: {e}", page.display()));
        let name = page.strip_prefix(repo()).unwrap_or(&page).display().to_string();
        let mut current: Option<(String, Vec<String>)> = None;
        for line in text.lines() {
            match (&mut current, line.strip_prefix("```")) {
                (None, Some(lang)) => current = Some((lang.trim().to_string(), Vec::new())),
                (Some(_), Some(_)) => {
                    let (lang, lines) = current.take().unwrap_or_default();
                    out.push((name.clone(), lang, lines));
                }
                (Some((_, lines)), None) => lines.push(line.to_string()),
                (None, None) => {}
            }
        }
    }
    out
}

/// Whether the benchmark sets beside the repository are there (CI has them; a clone has not).
fn have_shared() -> bool {
    repo().join("../shared/data").is_dir()
}

/// A scratch directory with `examples/` and `../shared` reachable as from the repository root.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoku-ip-readme-{}-{test}", std::process::id()));
    let work = dir.join("work");
    std::fs::create_dir_all(&work).expect("scratch dir");
    let link = |from: PathBuf, to: PathBuf| {
        if !to.exists() {
            std::os::unix::fs::symlink(from, to).expect("symlink");
        }
    };
    link(repo().join("examples"), work.join("examples"));
    link(repo().join("../shared"), dir.join("shared"));
    work
}

fn shell(line: &str, dir: &Path) -> std::process::Output {
    let bin = Path::new(env!("CARGO_BIN_EXE_sudoku-ip")).parent().expect("bin dir").to_path_buf();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    Command::new("sh").arg("-c").arg(line).current_dir(dir).env("PATH", path).output().expect("sh runs")
}

fn runnable(command: &str) -> bool {
    let placeholder = ["FILE", "PUZZLE", "SOLUTION", "N "].iter().any(|p| command.contains(p));
    let highs = command.contains("highs") && !cfg!(feature = "highs");
    command.starts_with("sudoku-ip ") && !placeholder && !highs && !command.contains(" serve")
}

/// What must match: the text with runs of spaces made one, and times masked (a number with a
/// unit of time after it: `42.457 ms`, `0.06s`, `12 µs`), since those change from run to run.
fn skeleton(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        out.push_str(&words.join(" "));
        out.push('\n');
    }
    mask_times(&out).trim().to_string()
}

fn mask_times(text: &str) -> String {
    const UNITS: [&str; 5] = ["ms", "µs", "us", "ns", "s"];
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let starts_number = chars[i].is_ascii_digit() && (i == 0 || !chars[i - 1].is_alphanumeric());
        if starts_number {
            let mut j = i;
            while j < chars.len() && (chars[j].is_ascii_digit() || chars[j] == '.' || chars[j] == ',') {
                j += 1;
            }
            let mut k = j;
            while k < chars.len() && chars[k] == ' ' {
                k += 1;
            }
            let rest: String = chars[k..(k + 3).min(chars.len())].iter().collect();
            let unit = UNITS
                .iter()
                .find(|u| rest.starts_with(**u) && !rest[u.len()..].chars().next().is_some_and(char::is_alphanumeric));
            if unit.is_some() {
                out.push('#');
                i = j;
                continue;
            }
            out.extend(&chars[i..j]);
            i = j;
            continue;
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

/// Whether `printed` is what `shown` shows, word by word, where a `#` in a shown word stands for
/// a number that changes from run to run (a time in a table: `0.059`), and matches any number.
fn matches(printed: &str, shown: &str) -> bool {
    let (p, s): (Vec<&str>, Vec<&str>) = (printed.split_whitespace().collect(), shown.split_whitespace().collect());
    let lines_agree = printed.lines().count() == shown.lines().count();
    lines_agree && p.len() == s.len() && p.iter().zip(&s).all(|(p, s)| word_matches(p, s))
}

fn word_matches(printed: &str, shown: &str) -> bool {
    let number = |c: char| c.is_ascii_digit() || c == '.' || c == ',';
    let (mut p, mut s) = (printed, shown);
    loop {
        match s.chars().next() {
            None => return p.is_empty(),
            // A time masked on both sides, or any number.
            Some('#') if p.starts_with('#') => (p, s) = (&p[1..], &s[1..]),
            Some('#') => {
                if !p.starts_with(|c: char| c.is_ascii_digit()) {
                    return false;
                }
                let digits = p.len() - p.trim_start_matches(number).len();
                (p, s) = (&p[digits..], &s[1..]);
            }
            Some(c) => match p.strip_prefix(c) {
                Some(rest) => (p, s) = (rest, &s[c.len_utf8()..]),
                None => return false,
            },
        }
    }
}

#[test]
fn a_hash_in_a_shown_word_stands_for_any_number() {
    assert!(matches("native 1 0 0.059 0.059 1", "native 1 0 # # 1"));
    assert!(!matches("native 1 0 0.059 0.059 2", "native 1 0 # # 1"));
    assert!(matches("time # ms, 12/s", "time # ms, #/s"));
    assert!(!matches("a b", "a\nb"));
}

#[test]
fn times_are_masked_and_other_numbers_are_not() {
    assert_eq!(skeleton("time 42.457 ms (build 0.98ms), nodes 9"), "time # ms (build #ms), nodes 9");
    assert_ne!(skeleton("guesses 42"), skeleton("guesses 43"));
    assert_eq!(skeleton("a   b \n"), "a b");
}

#[test]
fn every_command_line_of_the_docs_runs() {
    let dir = scratch("commands");
    let (mut ran, mut skipped) = (0, 0);
    for (page, _, lines) in blocks().iter().filter(|(_, lang, _)| lang == "sh") {
        for line in lines {
            // The comment after the command, not a `#` inside quotes.
            let command = match line.find("  #") {
                Some(k) => line[..k].trim(),
                None => line.trim(),
            };
            if !runnable(command) {
                continue;
            }
            if command.contains("../shared") && !have_shared() {
                skipped += 1;
                continue;
            }
            let out = shell(command, &dir);
            let code = out.status.code();
            assert!(
                matches!(code, Some(0) | Some(1)),
                "{page}: command `{command}` exited {code:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            ran += 1;
        }
    }
    if skipped > 0 {
        eprintln!("skipped {skipped} commands that read ../shared (not beside this repository)");
    }
    assert!(ran >= 40, "only {ran} commands found in the README and docs/");
}

#[test]
fn every_shown_example_prints_what_the_docs_say() {
    let dir = scratch("examples");
    let (mut compared, mut skipped) = (0, 0);
    let mut failed = Vec::new();
    for (page, _, lines) in blocks().iter().filter(|(_, lang, _)| lang == "text") {
        let mut k = 0;
        while k < lines.len() {
            let Some(command) = lines[k].strip_prefix("$ ") else {
                k += 1;
                continue;
            };
            let shown: Vec<&str> =
                lines[k + 1..].iter().take_while(|l| !l.starts_with("$ ")).map(String::as_str).collect();
            k += 1 + shown.len();
            if !command.contains("sudoku-ip") || command.starts_with("curl") {
                continue;
            }
            if command.contains("../shared") && !have_shared() {
                skipped += 1;
                continue;
            }
            let out = shell(command, &dir);
            let printed = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
            // The pages show the default build; HiGHS adds its own row to `compare`.
            let printed: String =
                printed.lines().filter(|l| !l.starts_with("highs ")).map(|l| format!("{l}\n")).collect();
            let (printed, shown) = (skeleton(&printed), skeleton(&shown.join("\n")));
            if !matches(&printed, &shown) {
                failed.push(format!("{page}: example `{command}`\nprinted:\n{printed}\nshown:\n{shown}\n"));
            }
            compared += 1;
        }
    }
    assert!(failed.is_empty(), "{} of {compared} examples print something else:\n{}", failed.len(), failed.join("\n"));
    if skipped > 0 {
        eprintln!("skipped {skipped} examples that read ../shared (not beside this repository)");
    }
    assert!(compared >= 5, "only {compared} examples with output found in the README and docs/");
}

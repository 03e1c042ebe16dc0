//! The README's command examples, run against the built binary: every `sudoku-ip …` line of a
//! `sh` block must be a valid command on files that exist (exit 0 or 1, never 2 or a crash),
//! and every `$ …` example of a `text` block must print what the README shows (numbers and
//! spacing aside, since times differ from run to run).
//!
//! Commands run in a scratch directory that sees the repository's `examples/` and
//! `../shared/data/`, with the binary first on `PATH`; lines with placeholders (`FILE`,
//! `PUZZLE`), `serve`, and HiGHS lines in a build without HiGHS are left out.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The README's fenced blocks: (language, lines).
fn blocks() -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string(repo().join("README.md")).expect("README.md");
    let mut out = Vec::new();
    let mut current: Option<(String, Vec<String>)> = None;
    for line in text.lines() {
        match (&mut current, line.strip_prefix("```")) {
            (None, Some(lang)) => current = Some((lang.trim().to_string(), Vec::new())),
            (Some(_), Some(_)) => out.extend(current.take()),
            (Some((_, lines)), None) => lines.push(line.to_string()),
            (None, None) => {}
        }
    }
    out
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

/// Numbers and runs of spaces do not count: times and widths change from run to run.
fn skeleton(text: &str) -> String {
    let mut out = String::new();
    let mut last = ' ';
    for ch in text.chars() {
        let ch = if ch.is_ascii_digit() || ch == '.' { '#' } else { ch };
        if !(ch == last && (ch == ' ' || ch == '#')) {
            out.push(ch);
        }
        last = ch;
    }
    out.lines().map(str::trim_end).collect::<Vec<_>>().join("\n").trim().to_string()
}

#[test]
fn every_command_line_of_the_readme_runs() {
    let dir = scratch("commands");
    let mut ran = 0;
    for (lang, lines) in blocks().iter().filter(|(lang, _)| lang == "sh") {
        assert_eq!(lang, "sh");
        for line in lines {
            // The comment after the command, not a `#` inside quotes.
            let command = match line.find("  #") {
                Some(k) => line[..k].trim(),
                None => line.trim(),
            };
            if !runnable(command) {
                continue;
            }
            let out = shell(command, &dir);
            let code = out.status.code();
            assert!(
                matches!(code, Some(0) | Some(1)),
                "README command `{command}` exited {code:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            ran += 1;
        }
    }
    assert!(ran >= 25, "only {ran} README commands found");
}

#[test]
fn every_shown_example_prints_what_the_readme_says() {
    let dir = scratch("examples");
    let mut compared = 0;
    for (_, lines) in blocks().iter().filter(|(lang, _)| lang == "text") {
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
            let out = shell(command, &dir);
            let printed = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
            // The README shows the default build; HiGHS adds its own row to `compare`.
            let printed: String =
                printed.lines().filter(|l| !l.starts_with("highs ")).map(|l| format!("{l}\n")).collect();
            assert_eq!(skeleton(&printed), skeleton(&shown.join("\n")), "README example `{command}`");
            compared += 1;
        }
    }
    assert!(compared >= 3, "only {compared} README examples with output found");
}

//! The real binary under arbitrary input and argument vectors: it never panics or aborts, its
//! exit code is always 0, 1 or 2, and a refusal (exit 2) is a message on stderr, not a
//! backtrace.
//!
//! Inputs are puzzles the binary reads (valid, mutated, or arbitrary text); argument vectors mix
//! every subcommand but `serve` (which runs until stopped) with flags of every command, each
//! with good and hostile values (huge, negative, not numbers), and random words. The puzzles are
//! small, so every run is short: a run that has not ended after [`WATCHDOG`] is killed and
//! reported as a hang.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

/// Longer than any run of these small inputs takes on a loaded machine, by far.
const WATCHDOG: Duration = Duration::from_secs(120);

/// Seed 004's puzzle (29 givens: with a few changed it still has few solutions, so `--all`
/// ends quickly) and its solution.
const SEED004: &str = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";
const SOLUTION: &str = "145327698839654127672918543496185372218473956753296481367542819984761235521839764";

/// Puzzles in every format, to start from.
const PUZZLES: &[&str] = &[
    SEED004,
    "1...\n..2.\n.3..\n...4\n",
    "# box: 3x2\n1.....2.....3.....4.....5.....6.....\n",
    "# size: 4\n1,1,1\n2,3,4\n",
    "[1,2,2; 1,5,3; 1,8,4; 2,1,6; 2,9,3; 3,3,4; 3,7,5; 4,4,8; 4,6,6; 5,1,8; 5,5,1; 5,9,6; 6,4,7; 6,6,5; 7,3,7; 7,7,6; 8,1,4; 8,9,8; 9,2,3; 9,5,4; 9,8,2]\n",
    "# rules: diagonal\n1 0 0 0\n0 0 2 0\n0 3 0 0\n0 0 0 4\n",
    "{\"size\": 4, \"givens\": [\"1...\", \"....\", \"....\", \"...2\"], \"rules\": [{\"type\": \"diagonal\"}]}\n",
    "{\"size\": 4, \"givens\": \"1..............2\", \"rules\": [{\"type\": \"killer\", \"cages\": [{\"sum\": 3, \"cells\": [\"r1c2\", \"r1c3\"]}]}]}\n",
    "grid = [[1, 1, 2, 2], [3, 3, 4, 4], [5, 5, 6, 6], [7, 7, 8, 8]]\ngrid_sum = {1: 3, 2: 7, 3: 7, 4: 3, 5: 4, 6: 6, 7: 6, 8: 4}\n",
    "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..\n.2..3..4.6.......3..4...5.....8.6...8...1...6...7.5.....7...6..4.......8.3..4..2.\n",
];

/// Input flags of every command that reads a puzzle.
const INPUT: &[&str] = &["--format", "--size", "--box", "--rules"];
/// Solver flags.
const SOLVER: &[&str] = &["--solver", "--time-limit", "--node-limit", "--presolve", "--no-presolve"];

/// Subcommands (`serve` left out: it runs until stopped) with their own flags; a vector mostly
/// uses its command's flags, so most runs get past the argument parser.
const SUBCOMMANDS: &[(&str, &[&[&str]])] = &[
    ("solve", &[INPUT, SOLVER, &["-O", "--stats", "--all", "--unique", "--max", "--jobs", "--picture"]]),
    ("count", &[INPUT, SOLVER, &["--max", "--json", "--stats"]]),
    ("check", &[&["--format", "--box", "--json"]]),
    ("export", &[INPUT, &["--lp", "--mps", "--fixed", "-o"]]),
    ("render", &[INPUT, &["-o", "--solution", "--picture-size", "--sheet", "--per-page"]]),
    ("rate", &[INPUT, &["--json"]]),
    ("minimize", &[INPUT, &["-O"]]),
    ("reduce", &[INPUT, &["-O"]]),
    ("hint", &[INPUT, &["--candidates", "-O"]]),
    ("explain", &[INPUT, &["--candidates", "-O"]]),
    ("candidates", &[INPUT, &["--max", "--time-limit", "-O"]]),
    ("compare", &[INPUT, &["--time-limit", "--json"]]),
    ("bench", &[SOLVER, &["--limit", "--json"]]),
    (
        "generate",
        &[&[
            "--size",
            "--box",
            "--like",
            "--rules",
            "--killer",
            "--clues",
            "--minimal",
            "--symmetry",
            "--seed",
            "--count",
            "--solution",
            "-O",
            "--stats",
            "--jobs",
            "--picture",
        ]],
    ),
    ("help", &[]),
    ("--help", &[]),
    ("--version", &[]),
    ("sove", &[]),
    ("", &[]),
];

/// Flags with the values they are tried with: values that fit, then hostile ones (a switch has
/// none).
const FLAGS: &[(&str, &[&str], &[&str])] = &[
    ("--format", &["auto", "triplets", "grid", "line", "json", "killer", "matrix"], &["xml", ""]),
    ("--size", &["4", "9", "6", "200"], &["16", "0", "1", "65", "-1", "18446744073709551616", "x"]),
    ("--box", &["2x2", "3x3", "2x3", "1x4"], &["0x0", "125x147573952589676413", "3*3", "x"]),
    // No anti-knight: on a nearly empty 9x9 (three triplets) finding any grid takes the
    // engine minutes, and rate, minimize and hint have no time limit yet (issue 13 §5, §10).
    ("--rules", &["diagonal", "windows", "diagonal,windows"], &["killer", "nope", ""]),
    // Not "highs": compiled in under --all-features, where it would be a real (slow) solver.
    ("--solver", &["native", "microlp"], &["cplex"]),
    ("--time-limit", &["0", "0.5", "2"], &["1e30", "-1", "NaN", "inf", "x"]),
    ("--node-limit", &["0", "1", "1000"], &["-5"]),
    // Not "all": `solve --all --max all` on a nearly empty grid prints grids until stopped.
    ("--max", &["1", "2", "50"], &["0", "x"]),
    ("--unique", &[], &[]),
    ("--all", &[], &[]),
    ("--stats", &[], &[]),
    ("--json", &[], &[]),
    ("-O", &["grid", "line", "json", "text"], &["x"]),
    ("--lp", &[], &[]),
    ("--mps", &[], &[]),
    ("--fixed", &[], &[]),
    ("-o", &["out.svg", "out.png", "out.pdf"], &["out.txt", "missing-dir/out.svg", ""]),
    ("--solution", &[], &[]),
    ("--sheet", &[], &[]),
    ("--per-page", &["1", "4"], &["0", "65"]),
    ("--side", &["4", "9"], &["0"]),
    ("--jobs", &["1", "2"], &["0", "100000"]),
    ("--count", &["1", "2"], &["0"]),
    ("--seed", &["1", "7"], &["-1"]),
    ("--clues", &["30"], &["10", "0", "1000"]),
    ("--symmetry", &["none", "rotational"], &["x"]),
    ("--minimal", &[], &[]),
    ("--killer", &[], &[]),
    ("--limit", &["1"], &["0"]),
    ("--candidates", &["in.txt"], &["nope.txt"]),
    ("--like", &["in.txt"], &["nope.txt"]),
    ("--presolve", &["none", "light", "probe"], &["deep", ""]),
    ("--no-presolve", &[], &[]),
    ("--picture", &["pic.svg"], &["pic.x"]),
    ("--picture-size", &["320", "16"], &["15", "8193", "-1", "x"]),
];

/// One flag and, unless it is a switch, one of its values: one that fits three times in four.
fn flag(name: &'static str, hostile: bool, pick: prop::sample::Index) -> Vec<String> {
    let (good, bad) = FLAGS.iter().find(|(f, _, _)| *f == name).map_or((&[][..], &[][..]), |(_, g, b)| (*g, *b));
    let values = if hostile && !bad.is_empty() { bad } else { good };
    let mut out = vec![name.to_string()];
    if !values.is_empty() {
        out.push(values[pick.index(values.len())].to_string());
    }
    out
}

/// What a command needs besides its flags: `check` two files, `render` an output, `export` a
/// format, `generate` nothing, the others a file.
fn required(command: &str) -> &'static [&'static str] {
    match command {
        "check" => &["in.txt", "sol.txt"],
        "render" => &["in.txt", "-o", "out.svg"],
        "export" => &["in.txt", "--lp"],
        "generate" | "help" | "--help" | "--version" => &[],
        _ => &["in.txt"],
    }
}

/// One argument vector, as strings.
fn args() -> impl Strategy<Value = Vec<String>> {
    // Each part: 0–7 a flag of the command, 8 a flag of any command, 9 a random word; the
    // flag's value is hostile in one case in four.
    let part = (0u8..10, any::<prop::sample::Index>(), prop::bool::weighted(0.25), any::<prop::sample::Index>());
    let word = "[-a-z0-9.,=]{0,10}";
    // The files: the usual ones (or standard input), or an odd list.
    let odd_files = prop::collection::vec(prop_oneof![Just("in.txt"), Just("-"), Just("nope.txt")], 0..3);
    let file_choice = prop_oneof![6 => Just(None), 2 => Just(Some(vec!["-"])), 2 => odd_files.prop_map(Some)];
    // The real commands come first in SUBCOMMANDS; the last five (help, typos) are rarer.
    let command = prop_oneof![9 => 0..SUBCOMMANDS.len() - 5, 1 => SUBCOMMANDS.len() - 5..SUBCOMMANDS.len()];
    (command, file_choice, prop::collection::vec((part, word), 0..5)).prop_map(|(s, odd, parts)| {
        let (command, groups) = SUBCOMMANDS[s];
        let own: Vec<&'static str> = groups.iter().flat_map(|g| g.iter().copied()).collect();
        let mut args = vec![command.to_string()];
        args.extend(odd.unwrap_or_else(|| required(command).to_vec()).into_iter().map(String::from));
        for ((kind, which, hostile, value), word) in parts {
            let name = match kind {
                0..=7 if !own.is_empty() => own[which.index(own.len())],
                9 => {
                    args.push(word);
                    continue;
                }
                _ => FLAGS[which.index(FLAGS.len())].0,
            };
            // A flag given twice is a usage error before anything runs: once is enough.
            if !args.iter().any(|a| a == name) {
                args.extend(flag(name, hostile, value));
            }
        }
        // `--all` alone means every solution: at most 50 here.
        if args.iter().any(|a| a == "--all") && !args.iter().any(|a| a == "--max") {
            args.extend(["--max".into(), "50".into()]);
        }
        // microlp counting a nearly empty grid to `count`'s default of 1,000 solutions takes
        // minutes in a debug build (each solution a MILP solve): give it a time limit unless
        // the vector has one, so the watchdog sees a run that keeps its limit, not a hang.
        if args.iter().any(|a| a == "microlp") && !args.iter().any(|a| a == "--time-limit") {
            args.extend(["--time-limit".into(), "30".into()]);
        }
        // `generate` makes its own puzzles: keep them small so every run is short (a 16x16
        // anti-knight can take minutes, issue 13 §4).
        if command == "generate" {
            for a in args.iter_mut().filter(|a| a.as_str() == "16" || a.as_str() == "200") {
                *a = "6".into();
            }
        }
        args
    })
}

/// The puzzle text: one of [`PUZZLES`], one with a few characters changed, or arbitrary text.
fn input() -> impl Strategy<Value = String> {
    let puzzle = (0..PUZZLES.len()).prop_map(|i| PUZZLES[i].to_string());
    let edits = prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, "[\\PC\n]"), 1..4);
    let mutated = ((0..PUZZLES.len()), edits).prop_map(|(i, edits)| {
        let mut chars: Vec<char> = PUZZLES[i].chars().collect();
        for (at, kind, text) in edits {
            let k = at.index(chars.len().max(1)).min(chars.len());
            match kind {
                0 if k < chars.len() => {
                    chars.remove(k);
                }
                1 if k < chars.len() => drop(chars.splice(k..=k, text.chars())),
                _ => drop(chars.splice(k..k, text.chars())),
            }
        }
        chars.into_iter().collect()
    });
    let arbitrary = prop_oneof!["[\\PC\n]{0,120}", "[0-9.,;:#|+\\-\\[\\]{}\"a-z \n]{0,200}"];
    prop_oneof![5 => puzzle, 3 => mutated, 2 => arbitrary]
}

/// Run the binary in `dir` with `args` and `stdin`; `None` when it hangs (killed after
/// [`WATCHDOG`]).
fn run_in(dir: &Path, args: &[String], stdin: &str) -> Option<std::process::Output> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-ip"))
        .args(args)
        .current_dir(dir)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    let mut pipe = child.stdin.take().expect("stdin");
    let stdin = stdin.to_string();
    // The binary may exit without reading its input: a broken pipe here is fine.
    let writer = std::thread::spawn(move || drop(pipe.write_all(stdin.as_bytes())));
    // Its output is drained while it runs: an answer larger than a pipe's buffer (an MPS
    // export of a 25x25) would otherwise block the binary until the watchdog, a false hang.
    let drain = |mut from: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = from.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = drain(Box::new(child.stdout.take().expect("stdout")));
    let stderr = drain(Box::new(child.stderr.take().expect("stderr")));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if started.elapsed() > WATCHDOG {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let _ = writer.join();
    let stdout = stdout.join().expect("stdout reader");
    let stderr = stderr.join().expect("stderr reader");
    Some(std::process::Output { status, stdout, stderr })
}

fn case_dir() -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let k = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("never_panics").join(k.to_string());
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("case directory");
    dir
}

proptest! {
    // Each case starts the binary once (a few milliseconds to a second): 256 cases stay well
    // under a minute.
    #![proptest_config(ProptestConfig {
        cases: 256,
        max_shrink_iters: 64,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("proptest-regressions"))),
        ..ProptestConfig::default()
    })]

    #[test]
    fn the_binary_never_panics_and_exits_0_1_or_2(args in args(), text in input()) {
        let dir = case_dir();
        std::fs::write(dir.join("in.txt"), &text).expect("input file");
        std::fs::write(dir.join("sol.txt"), SOLUTION).expect("solution file");
        // The same text in `in.txt` and on standard input (`-`, or no file).
        let out = run_in(&dir, &args, &text);
        let out = out.unwrap_or_else(|| panic!("no end after {WATCHDOG:?}: sudoku-ip {args:?} on {text:?}"));
        let stderr = String::from_utf8_lossy(&out.stderr);
        let code = out.status.code();
        prop_assert!(matches!(code, Some(0..=2)), "exit {:?} (a signal if None): sudoku-ip {:?} on {:?}\n{}", code, args, text, stderr);
        prop_assert!(!stderr.contains("panicked") && !stderr.contains("stack backtrace"), "sudoku-ip {:?}: {}", args, stderr);
        // A refusal says why, in words: `error: …` for one puzzle, `line N: …` per bad line of
        // a batch, clap's usage; never nothing, never a backtrace.
        if code == Some(2) {
            let first = stderr.lines().next().unwrap_or("");
            prop_assert!(!first.trim().is_empty(), "exit 2 without a message: sudoku-ip {:?} on {:?}: {:?}", args, text, stderr);
        }
        prop_assert!(!stderr.lines().any(|l| l.trim_start().starts_with("0: ")), "a backtrace: {}", stderr);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

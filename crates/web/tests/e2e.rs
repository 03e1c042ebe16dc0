//! End to end in a real headless Chromium, driven through chromedriver (WebDriver): a person's
//! path through the page — type a puzzle cell by cell, undo, move with the arrows, Solve, read
//! the solved grid off the page and check it; Generate and check the new puzzle is shown and
//! unique; share a link and open it.
//!
//! Runs when `SUDOKU_IP_E2E=1` (then a missing browser is a failure: CI installs Debian's
//! `chromium` and `chromium-driver`) or when `/usr/bin/chromedriver` exists; otherwise each test
//! skips with a message. `SUDOKU_IP_E2E=0` skips them. `SUDOKU_IP_CHROMEDRIVER` and
//! `SUDOKU_IP_CHROMIUM` override the paths.

#![cfg(unix)]

use std::net::{SocketAddr, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use sudoku_ip_formats::{self as formats, ParseOptions};
use sudoku_ip_model::{check, Backend, Model, Puzzle, SearchEnd, SearchRequest};
use sudoku_ip_web::{serve_on, AppConfig};
use tokio::sync::oneshot;

mod common;

const HARD_LINE: &str = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";

/// Why the browser tests cannot run here, or the driver and browser to run them with.
fn browser() -> Result<(PathBuf, PathBuf), String> {
    let flag = std::env::var("SUDOKU_IP_E2E").unwrap_or_default();
    if flag == "0" {
        return Err("SUDOKU_IP_E2E=0".into());
    }
    let path = |var: &str, default: &str| PathBuf::from(std::env::var(var).unwrap_or_else(|_| default.to_string()));
    let driver = path("SUDOKU_IP_CHROMEDRIVER", "/usr/bin/chromedriver");
    let chromium = path("SUDOKU_IP_CHROMIUM", "/usr/bin/chromium");
    let missing: Vec<String> =
        [&driver, &chromium].iter().filter(|p| !p.exists()).map(|p| p.display().to_string()).collect();
    match (missing.is_empty(), flag == "1") {
        (true, _) => Ok((driver, chromium)),
        (false, true) => panic!(
            "SUDOKU_IP_E2E=1 but {} missing (apt-get install -y chromium chromium-driver)",
            missing.join(" and ")
        ),
        (false, false) => Err(format!("{} not installed", missing.join(" and "))),
    }
}

/// chromedriver, in a process group of its own with the browser it starts, and the browser's
/// throwaway profile. Dropping it — also when a test panics before closing the session — ends
/// the whole group, waits for it to go, then removes the profile, so nothing is left behind.
struct Browser {
    driver: Child,
    profile: PathBuf,
}

impl Browser {
    fn group_alive(&self) -> bool {
        let group = format!("-{}", self.driver.id());
        Command::new("kill").args(["-0", "--", &group]).stderr(Stdio::null()).status().is_ok_and(|s| s.success())
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let group = format!("-{}", self.driver.id());
        let _ = Command::new("kill").args(["-TERM", "--", &group]).status();
        let _ = self.driver.wait();
        let deadline = Instant::now() + Duration::from_secs(10);
        while self.group_alive() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = Command::new("kill").args(["-KILL", "--", &group]).stderr(Stdio::null()).status();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// The server, chromedriver and a browser session, torn down in reverse order.
struct Session {
    client: Client,
    url: String,
    stop_server: Option<oneshot::Sender<()>>,
    browser: Browser,
}

impl Session {
    async fn start(test: &str) -> Option<Session> {
        let (driver_path, chromium) = match browser() {
            Ok(paths) => paths,
            Err(why) => {
                eprintln!("skipping the browser test {test}: {why} (set SUDOKU_IP_E2E=1 to require it)");
                return None;
            }
        };
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind the server");
        let addr: SocketAddr = listener.local_addr().expect("server address");
        let (stop, stopped) = oneshot::channel::<()>();
        tokio::spawn(serve_on(listener, AppConfig::default(), async {
            let _ = stopped.await;
        }));
        let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("free port").port();
        let profile = std::env::temp_dir().join(format!("sudoku-ip-e2e-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&profile);
        std::fs::create_dir_all(&profile).expect("a profile directory");
        // The browser's config and cache go into the profile too, not the user's home.
        let driver = Command::new(&driver_path)
            .arg(format!("--port={port}"))
            .env("XDG_CONFIG_HOME", &profile)
            .env("XDG_CACHE_HOME", &profile)
            .process_group(0)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", driver_path.display()));
        let browser = Browser { driver, profile: profile.clone() };
        let deadline = Instant::now() + Duration::from_secs(20);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not listen on port {port} within 20 s");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-breakpad",
            "--disable-crash-reporter",
            "--disable-dev-shm-usage",
            "--window-size=1280,1024",
            &format!("--user-data-dir={}", profile.join("user-data").display()),
        ];
        // Downloads go into the throwaway profile, not the user's Downloads folder.
        let prefs = json!({
            "download.default_directory": profile.display().to_string(),
            "download.prompt_for_download": false,
        });
        let caps = json!({
            "goog:chromeOptions": { "binary": chromium.display().to_string(), "args": args, "prefs": prefs }
        });
        let Value::Object(caps) = caps else { unreachable!("a JSON object") };
        // chromedriver can reset the first connection while it starts (seen once: "Connection
        // reset by peer" right after its port answered): a new session is asked for again, three
        // times at most, half a second apart.
        let mut tries = 0;
        let client = loop {
            let asked = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
                .capabilities(caps.clone())
                .connect(&format!("http://127.0.0.1:{port}"))
                .await;
            match asked {
                Ok(client) => break client,
                Err(e) if tries < 3 => {
                    tries += 1;
                    eprintln!("{test}: no chromium session yet ({e:?}); asking again");
                    tokio::time::sleep(Duration::from_millis(500)).await;
                }
                Err(e) => panic!("a chromium session: {e:?}"),
            }
        };
        let session = Session { client, url: format!("http://{addr}/"), stop_server: Some(stop), browser };
        session.open(&session.url.clone()).await;
        Some(session)
    }

    async fn open(&self, url: &str) {
        self.client.goto(url).await.expect("open the page");
        self.wait_until(
            "document.body.dataset.ready === '1' && document.getElementById('status').dataset.state !== 'busy'",
            "the page to load",
        )
        .await;
    }

    async fn js(&self, script: &str) -> Value {
        self.client.execute(script, vec![]).await.unwrap_or_else(|e| panic!("script {script:?} failed: {e}"))
    }

    /// Poll a JavaScript condition (bounded: 30 s) — the page answers asynchronously.
    async fn wait_until(&self, condition: &str, what: &str) {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if self.js(&format!("return !!({condition});")).await == json!(true) {
                return;
            }
            assert!(Instant::now() < deadline, "timed out waiting for {what}; status: {}", self.status().await.1);
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Runs `script` once the server's marks of the rules the page holds are drawn (marks.js).
    async fn drawn(&self, script: &str) -> Value {
        self.wait_until("document.getElementById('underlay').dataset.marks === 'drawn'", "the server's marks").await;
        self.js(script).await
    }

    async fn click(&self, css: &str) {
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no {css}: {e}"))
            .click()
            .await
            .expect("click");
    }

    async fn keys(&self, text: &str) {
        let board = self.client.find(Locator::Css("#board")).await.expect("the board");
        board.send_keys(text).await.expect("send keys");
    }

    async fn cell(&self, row: usize, col: usize) -> (String, Value) {
        let v = self
            .js(&format!(
                "const c = document.querySelector('[data-cell=\"r{row}c{col}\"]'); \
                 return [c.textContent, c.dataset.given, c.dataset.solved, c.className];"
            ))
            .await;
        (v[0].as_str().unwrap_or("").to_string(), v)
    }

    /// The grid as shown: one character per cell, `.` for an empty one.
    async fn shown_line(&self) -> String {
        let cells = self
            .js("return Array.from(document.querySelectorAll('[data-cell]')).map(c => c.textContent || '.');")
            .await;
        cells.as_array().expect("cells").iter().map(|c| c.as_str().unwrap_or("?").to_string()).collect()
    }

    async fn given_flags(&self) -> Vec<bool> {
        let flags = self
            .js("return Array.from(document.querySelectorAll('[data-cell]')).map(c => c.dataset.given === '1');")
            .await;
        flags.as_array().expect("flags").iter().map(|f| f == &json!(true)).collect()
    }

    async fn status(&self) -> (String, String) {
        let v = self.js("const s = document.getElementById('status'); return [s.dataset.state, s.textContent];").await;
        (v[0].as_str().unwrap_or("").to_string(), v[1].as_str().unwrap_or("").to_string())
    }

    /// Click a button and wait for the page to finish the request it sends.
    async fn press(&self, css: &str) -> (String, String) {
        self.js("document.getElementById('status').dataset.state = 'clicked';").await;
        self.click(css).await;
        self.wait_until(
            "['ok', 'error', 'idle'].includes(document.getElementById('status').dataset.state)",
            &format!("{css} to finish"),
        )
        .await;
        self.status().await
    }

    async fn close(mut self) {
        let _ = self.client.clone().close().await;
        if let Some(stop) = self.stop_server.take() {
            let _ = stop.send(());
        }
    }
}

fn puzzle_of(line: &str) -> Puzzle {
    formats::parse_puzzle(line, &ParseOptions::default()).expect("a puzzle")
}

/// Solutions of a puzzle counted by the native engine (up to 2).
fn count_up_to_two(puzzle: &Puzzle) -> (u64, SearchEnd) {
    let result =
        sudoku_ip_native::Native.search(&Model::build(puzzle), &SearchRequest::count(2, 0)).expect("native search");
    (result.count, result.end)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn typing_a_puzzle_and_solving_it_shows_a_checked_grid() {
    let Some(s) = Session::start("solve").await else { return };
    // Type the givens: click each cell, press its digit.
    for (i, ch) in HARD_LINE.chars().enumerate().filter(|(_, c)| *c != '.') {
        s.click(&format!("[data-cell=\"r{}c{}\"]", i / 9 + 1, i % 9 + 1)).await;
        s.keys(&ch.to_string()).await;
    }
    assert_eq!(s.shown_line().await, HARD_LINE, "the typed givens");
    // A wrong digit, undone with Ctrl+Z; Delete clears; arrows move the cursor.
    s.click("[data-cell=\"r1c1\"]").await;
    s.keys("4").await;
    assert_eq!(s.cell(1, 1).await.0, "4");
    s.keys(&format!("{}z{}", char::from(Key::Control), char::from(Key::Null))).await;
    assert_eq!(s.cell(1, 1).await.0, "", "Ctrl+Z undoes the last digit");
    s.keys(&format!("{}{}", char::from(Key::Right), char::from(Key::Down))).await;
    s.keys("9").await;
    assert_eq!(s.cell(2, 2).await.0, "9", "the arrows moved to r2c2");
    s.keys(&char::from(Key::Delete).to_string()).await;
    assert_eq!(s.cell(2, 2).await.0, "");
    assert_eq!(s.shown_line().await, HARD_LINE);

    let (state, text) = s.press("#solve").await;
    assert_eq!((state.as_str(), text.as_str()), ("ok", "Solved"));
    let shown = s.shown_line().await;
    assert!(!shown.contains('.'), "the solved grid has empty cells: {shown}");
    let puzzle = puzzle_of(HARD_LINE);
    let grid = puzzle_of(&shown).givens().clone();
    assert!(check::verify(&puzzle, &grid).is_empty(), "the page shows a wrong solution: {shown}");
    // Givens stay marked as givens; the rest are marked as solved digits.
    let flags = s.given_flags().await;
    let expected: Vec<bool> = HARD_LINE.chars().map(|c| c != '.').collect();
    assert_eq!(flags, expected, "givens must stay distinct from the solution");
    assert!(s.cell(1, 1).await.1[2] == json!("1"), "r1c1 is a solved digit");
    let report = s.js("return document.getElementById('report').textContent;").await;
    let report = report.as_str().unwrap_or("");
    assert!(report.contains("729 variables") && report.contains("native"), "the report: {report}");

    // Uniqueness, then a share link that reopens the same puzzle in a fresh page.
    let (state, text) = s.press("#unique").await;
    assert_eq!((state.as_str(), text.as_str()), ("ok", "Solved: the solution is unique"));
    s.click("#share").await;
    let link = s.js("return document.getElementById('share-link').value;").await;
    let link = link.as_str().expect("a link").to_string();
    assert!(link.contains("#p="), "{link}");
    s.client.goto("about:blank").await.expect("leave the page");
    s.open(&link).await;
    assert_eq!(s.shown_line().await, HARD_LINE, "the shared link reopens the puzzle");

    // A 2 in r1c1 repeats no given in its row, column or box, but the unique solution has a 1
    // there: the page says there is no solution, in words.
    s.click("[data-cell=\"r1c1\"]").await;
    s.keys("2").await;
    let (state, text) = s.press("#solve").await;
    assert_eq!(state, "error", "{text}");
    assert!(text.starts_with("No solution: ") && text.len() > "No solution: ".len(), "{text}");
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_milp_solver_takes_the_seeds_objective_and_the_report_shows_its_value() {
    let Some(s) = Session::start("objective").await else { return };
    s.js(RECORD_ERRORS).await;
    let disabled = "return document.getElementById('objective').disabled;";
    assert_eq!(s.js(disabled).await, json!(true), "the native engine has no objective");
    let (state, text) = s.import(HARD_LINE).await;
    assert_eq!(state, "ok", "{text}");
    s.choose("#solver", "microlp").await;
    assert_eq!(s.js(disabled).await, json!(false), "microlp has an objective");
    s.choose("#objective", "seed").await;
    let (state, text) = s.press("#solve").await;
    assert_eq!((state.as_str(), text.as_str()), ("ok", "Solved"));
    let puzzle = puzzle_of(HARD_LINE);
    let grid = puzzle_of(&s.shown_line().await).givens().clone();
    assert!(check::verify(&puzzle, &grid).is_empty(), "the page shows a wrong solution");
    // The seeds' f = (1:N)' at the grid shown, computed here: x(i,j,k) costs i + 9(j-1) + 81(k-1).
    let f: usize =
        grid.values().iter().enumerate().map(|(k, &d)| 1 + k / 9 + 9 * (k % 9) + 81 * (d as usize - 1)).sum();
    let (_, report) = s.report().await;
    assert!(report.contains("microlp") && report.contains(&format!("Objective{f}")), "{report}");
    assert!(report.contains("MIP gap0"), "{report}");
    // The seeds' objective is constant on the solutions, and presolve proves it so.
    assert!(report.contains(&format!("Objective reducedproved constant ({f}) by presolve")), "{report}");
    s.shot("objective-seed-microlp").await;
    // Back to the native engine: the menu goes off and no objective is sent or shown.
    s.choose("#solver", "native").await;
    assert_eq!(s.js(disabled).await, json!(true));
    let (state, _) = s.press("#solve").await;
    assert_eq!(state, "ok");
    let (_, report) = s.report().await;
    assert!(!report.contains("Objective"), "{report}");
    assert!(s.script_errors().await.is_empty(), "{:?}", s.script_errors().await);
    s.close().await;
}

/// Seed 000 (MATLAB's sudokuEngine puzzle): root propagation leaves a MILP solver work, probing
/// decides it outright.
const SEED000_LINE: &str = ".2..3..4.6.......3..4...5.....8.6...8...1...6...7.5.....7...6..4.......8.3..4..2.";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_presolve_menu_sets_what_a_milp_solver_gets_and_the_report_says_whether_it_was_called() {
    let Some(s) = Session::start("presolve").await else { return };
    s.js(RECORD_ERRORS).await;
    let disabled = "return document.getElementById('presolve').disabled;";
    assert_eq!(s.js(disabled).await, json!(true), "the native engine has no presolve level");
    let (state, text) = s.import(SEED000_LINE).await;
    assert_eq!(state, "ok", "{text}");
    s.choose("#solver", "microlp").await;
    assert_eq!(s.js(disabled).await, json!(false), "microlp takes a presolve level");
    let level = "return document.getElementById('presolve').value;";
    assert_eq!(s.js(level).await, json!("light"), "light is the default for a MILP solver");
    let puzzle = puzzle_of(SEED000_LINE);
    let solve = |want: &'static str| {
        let s = &s;
        let puzzle = &puzzle;
        async move {
            s.choose("#presolve", want).await;
            let (state, text) = s.press("#solve").await;
            assert_eq!((state.as_str(), text.as_str()), ("ok", "Solved"), "presolve {want}");
            let grid = puzzle_of(&s.shown_line().await).givens().clone();
            assert!(check::verify(puzzle, &grid).is_empty(), "presolve {want}: the page shows a wrong solution");
            let (_, report) = s.report().await;
            assert!(report.contains(&format!("Presolve{want}")), "presolve {want}: {report}");
            report
        }
    };
    // light: the givens and root propagation leave microlp 76 variables, and it is called.
    let report = solve("light").await;
    assert!(report.contains("After presolve76 variables") && report.contains("Solver calls1"), "{report}");
    assert!(report.contains("LP iterations") && !report.contains("not called"), "{report}");
    // probe: probing decides seed 000, and the report says in words that microlp never ran.
    let report = solve("probe").await;
    assert!(report.contains("Solver calls0"), "{report}");
    assert!(
        report.contains("Solver not calleddecided by presolve (probe")
            && report.contains("the MILP solver was not called"),
        "{report}"
    );
    assert!(!report.contains("LP iterations") && !report.contains("MIP gap"), "{report}");
    s.js("window.scrollTo(0, 0);").await;
    s.shot("presolve-probe-desktop").await;
    // On a phone the menu sits with the solver's, and nothing scrolls sideways.
    s.resize(420, 900).await;
    let menu = s.js("const b = document.getElementById('presolve').getBoundingClientRect(); return [b.left, b.right, window.innerWidth, document.documentElement.scrollWidth];").await;
    let at = |i: usize| menu[i].as_f64().unwrap_or(f64::NAN);
    assert!(at(0) >= 0.0 && at(1) <= at(2) && at(3) <= at(2), "the presolve menu on a phone: {menu}");
    s.shot("presolve-probe-phone").await;
    s.resize(1400, 1000).await;
    // none: the seed's model as written, 729 - 21 free variables and all 324 rows.
    let report = solve("none").await;
    assert!(report.contains("After presolve708 variables, 324 rows") && !report.contains("not called"), "{report}");
    // Back to the native engine: the menu goes off and no level is sent or shown.
    s.choose("#solver", "native").await;
    assert_eq!(s.js(disabled).await, json!(true));
    let (state, _) = s.press("#solve").await;
    assert_eq!(state, "ok");
    let (_, report) = s.report().await;
    assert!(!report.contains("Presolve"), "{report}");
    assert!(s.script_errors().await.is_empty(), "{:?}", s.script_errors().await);
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn generate_shows_a_new_unique_puzzle() {
    let Some(s) = Session::start("generate").await else { return };
    let before = s.shown_line().await;
    assert_eq!(before, ".".repeat(81));
    let (state, text) = s.press("#generate").await;
    assert_eq!(state, "ok", "{text}");
    let shown = s.shown_line().await;
    let givens = shown.chars().filter(|&c| c != '.').count();
    assert!((17..81).contains(&givens), "a 9x9 puzzle with {givens} givens: {shown}");
    let flags = s.given_flags().await;
    assert_eq!(flags.iter().filter(|&&f| f).count(), givens, "every shown digit is a given");
    let puzzle = puzzle_of(&shown);
    assert_eq!(count_up_to_two(&puzzle), (1, SearchEnd::Exhausted), "the generated puzzle is unique");
    // Each line of the report once (it said Givens twice).
    let terms = s.js("return Array.from(document.querySelectorAll('#report dt')).map((d) => d.textContent);").await;
    let terms: Vec<&str> = terms.as_array().expect("terms").iter().filter_map(Value::as_str).collect();
    assert_eq!(terms.iter().filter(|&&t| t == "Givens").count(), 1, "{terms:?}");
    let unique: std::collections::BTreeSet<&&str> = terms.iter().collect();
    assert_eq!(unique.len(), terms.len(), "a line said twice: {terms:?}");
    let (state, text) = s.press("#solve").await;
    assert_eq!((state.as_str(), text.as_str()), ("ok", "Solved"));
    let solved = puzzle_of(&s.shown_line().await).givens().clone();
    assert!(check::verify(&puzzle, &solved).is_empty());
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_and_cages_drawn_on_the_page_reach_the_solver() {
    let Some(s) = Session::start("draw").await else { return };
    // A 4x4 with a diagonal rule and one killer cage r1c1+r1c2 = 3 (so {1,2}).
    s.client.find(Locator::Css("#size")).await.expect("size").select_by_value("4").await.expect("4x4");
    s.wait_until("document.querySelectorAll('[data-cell]').length === 16", "a 4x4 board").await;
    s.click("[data-rule=\"diagonal\"]").await;
    s.click("[data-tool=\"cage\"]").await;
    s.click("[data-cell=\"r1c1\"]").await;
    let second = s.client.find(Locator::Css("[data-cell=\"r1c2\"]")).await.expect("r1c2");
    s.client
        .execute(
            "arguments[0].dispatchEvent(new MouseEvent('mousedown', {bubbles: true, shiftKey: true}));",
            vec![serde_json::to_value(&second).expect("element ref")],
        )
        .await
        .expect("shift-click");
    s.client.find(Locator::Css("#cage-sum")).await.expect("sum").send_keys("3").await.expect("type the sum");
    s.click("#add-shape").await;
    s.click("#export-json").await;
    let exported = s.js("return document.getElementById('io').value;").await;
    let exported: Value = serde_json::from_str(exported.as_str().unwrap_or("")).expect("exported JSON");
    let rules = exported["rules"].as_array().expect("rules");
    assert!(rules.iter().any(|r| r["type"] == "diagonal"), "{exported}");
    let cage = rules.iter().find(|r| r["type"] == "killer").expect("a killer rule");
    assert_eq!(cage["cages"][0], json!({"cells": ["r1c1", "r1c2"], "sum": 3}));
    let (state, text) = s.press("#solve").await;
    assert_eq!((state.as_str(), text.as_str()), ("ok", "Solved"));
    let shown = s.shown_line().await;
    let puzzle = sudoku_ip_formats::json::parse_value(&exported).expect("the exported JSON reads back");
    let grid = puzzle_of(&shown).givens().clone();
    assert!(check::verify(&puzzle, &grid).is_empty(), "{shown}");
    let first_two: Vec<char> = shown.chars().take(2).collect();
    assert!(first_two.iter().all(|c| *c == '1' || *c == '2'), "the cage sums to 3: {shown}");
    // The picture of the puzzle with its solution, from the render endpoint.
    for format in ["svg", "png"] {
        let (state, text) = s.press(&format!("#download-{format}")).await;
        assert_eq!((state.as_str(), text), ("ok", format!("Downloaded sudoku.{format}")));
    }
    s.close().await;
}

/// Records the page's uncaught script errors from now on; [`Session::script_errors`] reads them.
const RECORD_ERRORS: &str = "window.__errors = []; \
    window.addEventListener('error', (e) => window.__errors.push(e.message)); \
    window.addEventListener('unhandledrejection', (e) => window.__errors.push(String(e.reason)));";

impl Session {
    async fn script_errors(&self) -> Vec<String> {
        let v = self.js("return window.__errors || [];").await;
        v.as_array().expect("errors").iter().map(|e| e.as_str().unwrap_or("?").to_string()).collect()
    }

    /// Picks the option of value `value` in the menu at `css`.
    async fn choose(&self, css: &str, value: &str) {
        let menu = self.client.find(Locator::Css(css)).await.unwrap_or_else(|e| panic!("{css}: {e}"));
        menu.select_by_value(value).await.unwrap_or_else(|e| panic!("{css} = {value}: {e}"));
    }

    async fn select_size(&self, n: usize) {
        self.choose("#size", &n.to_string()).await;
        self.wait_until(
            &format!("document.querySelectorAll('[data-cell]').length === {}", n * n),
            &format!("a {n}x{n} board"),
        )
        .await;
    }

    async fn text_of(&self, css: &str) -> String {
        let v = self.js(&format!("return document.querySelector('{css}').textContent;")).await;
        v.as_str().unwrap_or("").to_string()
    }

    /// Draws a shape with the tool `tool` over `cells` (in order), with a cage sum if given.
    async fn add_shape(&self, tool: &str, cells: &[&str], sum: Option<u32>) {
        self.click(&format!("[data-tool=\"{tool}\"]")).await;
        self.shift_select(cells).await;
        if let Some(sum) = sum {
            let input = self.client.find(Locator::Css("#cage-sum")).await.expect("sum");
            input.clear().await.expect("clear the sum");
            input.send_keys(&sum.to_string()).await.expect("type the sum");
        }
        self.click("#add-shape").await;
        self.click("[data-tool=\"digits\"]").await;
    }

    /// Selects `cells` in this order: a click on the first, Shift+click on the others.
    async fn shift_select(&self, cells: &[&str]) {
        self.click(&format!("[data-cell=\"{}\"]", cells[0])).await;
        for cell in &cells[1..] {
            let el = self.client.find(Locator::Css(&format!("[data-cell=\"{cell}\"]"))).await.expect("a cell");
            self.client
                .execute(
                    "arguments[0].dispatchEvent(new MouseEvent('mousedown', {bubbles: true, shiftKey: true}));",
                    vec![serde_json::to_value(&el).expect("element ref")],
                )
                .await
                .expect("shift-click");
        }
    }

    async fn aria_label(&self, cell: &str) -> Value {
        self.js(&format!("return document.querySelector('[data-cell=\"{cell}\"]').getAttribute('aria-label');")).await
    }

    /// The report panel's state and text.
    async fn report(&self) -> (Value, String) {
        (self.js("return document.getElementById('report').dataset.state;").await, self.text_of("#report").await)
    }

    /// Types `text` into a cell.
    async fn type_in(&self, cell: &str, text: &str) {
        self.click(&format!("[data-cell=\"{cell}\"]")).await;
        self.keys(text).await;
    }
}

/// The box shape the page picks for a size: the squarest rows x columns with rows <= columns.
fn natural_box(n: usize) -> (usize, usize) {
    (2..=n).take_while(|r| r * r <= n).filter(|r| n.is_multiple_of(*r)).last().map_or((1, n), |r| (r, n / r))
}

/// The symbol of digit `v`: 1-9, then A for 10, B for 11, …
fn symbol(v: usize) -> String {
    if v <= 9 {
        v.to_string()
    } else {
        char::from(b'A' + (v - 10) as u8).to_string()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_size_in_the_menu_builds_its_board_up_and_down_and_takes_a_digit_in_the_last_cell() {
    let Some(s) = Session::start("sizes").await else { return };
    s.js(RECORD_ERRORS).await;
    let menu = s.js("return Array.from(document.querySelectorAll('#size option')).map(o => +o.value);").await;
    let menu: Vec<usize> =
        menu.as_array().expect("sizes").iter().filter_map(Value::as_u64).map(|v| v as usize).collect();
    assert_eq!(menu, (4..=25).collect::<Vec<_>>(), "the size menu");
    // Up through every size from 9 (9 -> 10 -> … -> 25), then down through all (-> 4), back to 9.
    let mut order: Vec<usize> = menu.iter().copied().filter(|&n| n > 9).collect();
    order.extend(menu.iter().rev().copied().filter(|&n| n < 25));
    order.extend(menu.iter().copied().filter(|&n| n > 4 && n <= 9));
    for n in order {
        s.select_size(n).await;
        let (r, c) = natural_box(n);
        let shown = s
            .js("return [document.getElementById('box').value, document.querySelectorAll('.cell.br').length, \
                  document.querySelectorAll('.cell.bb').length, document.getElementById('board').dataset.size];")
            .await;
        assert_eq!(
            shown,
            json!([format!("{r}x{c}"), n * (n / c - 1), n * (n / r - 1), n.to_string()]),
            "{n}x{n}: box menu, box borders (right, bottom) and board size"
        );
        let last = format!("r{n}c{n}");
        s.type_in(&last, &symbol(n)).await;
        let (text, cell) = s.cell(n, n).await;
        assert_eq!(text, symbol(n), "{n}x{n}: digit {n} typed into {last}: {cell}");
        assert_eq!(s.aria_label(&last).await, json!(format!("{last}, {}, given", symbol(n))));
        let errors = s.script_errors().await;
        assert!(errors.is_empty(), "{n}x{n}: script errors {errors:?}");
    }
    // A larger grid after the switch solves: 16x16 with one given.
    s.select_size(16).await;
    s.type_in("r16c16", "G").await;
    let (state, text) = s.press("#solve").await;
    assert_eq!((state.as_str(), text.as_str()), ("ok", "Solved"));
    let cells = s.js("return Array.from(document.querySelectorAll('[data-cell]')).map(c => +c.dataset.value);").await;
    let values: Vec<u8> = cells.as_array().expect("cells").iter().map(|v| v.as_u64().unwrap_or(0) as u8).collect();
    assert_eq!(values[255], 16, "the given stays");
    let text: String = values.iter().map(|v| format!("{v} ")).collect();
    let grid = puzzle_of(&text).givens().clone();
    let puzzle = puzzle_of(&format!("{}16", "0 ".repeat(255)));
    assert!(check::verify(&puzzle, &grid).is_empty(), "the page's 16x16 solution: {text}");
    s.shot("sizes-16x16-solved").await;
    assert!(s.script_errors().await.is_empty());
    s.close().await;
}

/// For each cell given, `[hit, sum]`: `hit` is the `data-cell` of what the browser finds on top
/// at the cell's centre when every shape of both SVG layers takes the pointer (so a shape drawn
/// over the digit is found instead of the cell); `sum` is whether the cell's cage sum (if any:
/// the server's killer total, a `[data-text]` in `#overlay`) stays clear of its digit's ink (the glyph's box from canvas text metrics, placed where the
/// cell's text sits).
const UNDER_AND_CLEAR: &str = "
    for (const el of document.querySelectorAll('#underlay *, #overlay *')) el.style.pointerEvents = 'visiblePainted';
    const out = {};
    for (const name of arguments[0]) {
        const cell = document.querySelector(`[data-cell=\"${name}\"]`);
        const box = cell.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        const range = document.createRange();
        range.selectNodeContents(cell);
        const line = range.getBoundingClientRect();
        const ctx = document.createElement('canvas').getContext('2d');
        const style = getComputedStyle(cell);
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const m = ctx.measureText(cell.textContent);
        const base = line.top + m.fontBoundingBoxAscent;
        const ink = { left: line.left - m.actualBoundingBoxLeft, right: line.left + m.actualBoundingBoxRight,
                      top: base - m.actualBoundingBoxAscent, bottom: base + m.actualBoundingBoxDescent };
        let clear = null;
        for (const t of document.querySelectorAll('#overlay [data-rule=\"killer\"] [data-text]')) {
            const s = t.getBoundingClientRect();
            if (s.left < box.left || s.left > box.right || s.top < box.top || s.top > box.bottom) continue;
            clear = s.right <= ink.left || s.left >= ink.right || s.bottom <= ink.top || s.top >= ink.bottom;
        }
        out[name] = [top && top.closest('[data-cell]') ? top.closest('[data-cell]').dataset.cell : (top ? top.tagName : null), clear, cell.textContent];
    }
    for (const el of document.querySelectorAll('#underlay *, #overlay *')) el.style.pointerEvents = '';
    return out;";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rule_shapes_lie_under_the_digits_and_cage_sums_keep_clear_of_them() {
    let Some(s) = Session::start("layers").await else { return };
    s.js(RECORD_ERRORS).await;
    s.add_shape("thermo", &["r1c1", "r1c2", "r1c3"], None).await;
    s.add_shape("arrow", &["r2c1", "r2c2", "r2c3"], None).await;
    s.add_shape("odd", &["r3c1"], None).await;
    s.add_shape("even", &["r3c2"], None).await;
    s.add_shape("cage", &["r4c1", "r4c2", "r4c3", "r4c4", "r4c5", "r4c6", "r4c7", "r4c8", "r4c9"], Some(45)).await;
    // A cage whose sum sits where the diagonal runs (its first cell r6c6 is on it).
    s.add_shape("cage", &["r6c6", "r7c6"], Some(9)).await;
    s.click("[data-rule=\"windows\"]").await;
    s.click("[data-rule=\"diagonal\"]").await;
    let shapes = s.drawn("return document.querySelectorAll('#shapes li').length;").await;
    assert_eq!(shapes, json!(6), "thermometer, arrow, odd, even, two cages");
    // The diagonal passes under the sum: at a point of the line inside the sum's corner, a
    // patch of paper lies between the sum and the line (the elements there, top first).
    let crossing = s
        .js("for (const el of document.querySelectorAll('#underlay *, #overlay *')) el.style.pointerEvents = 'visiblePainted'; \
             const b = document.querySelector('[data-cell=\"r6c6\"]').getBoundingClientRect(); \
             const all = document.elementsFromPoint(b.left + 0.1 * b.width, b.top + 0.1 * b.height); \
             for (const el of document.querySelectorAll('#underlay *, #overlay *')) el.style.pointerEvents = ''; \
             return [all.findIndex((e) => e.matches('#overlay [data-rule=\"killer\"] rect[fill=\"#ffffff\"]')), \
                     all.findIndex((e) => e.matches('#underlay [data-rule=\"diagonal\"] path')), \
                     all.findIndex((e) => e.matches('#overlay [data-rule=\"killer\"] [data-text] *'))];")
        .await;
    let at = |i: usize| crossing[i].as_i64().unwrap_or(-1);
    assert!(at(1) >= 0, "the diagonal runs through r6c6's corner: {crossing}");
    assert!(at(0) >= 0 && at(0) < at(1), "the diagonal crosses the cage sum of r6c6: {crossing}");
    // The windows' shading (the server's, a square a cell) covers the four windows and stands
    // out from the paper: the blended colour has a contrast of at least 1.3 against white (the
    // old 15% pale blue had 1.1, barely visible).
    let shaded = s
        .js("return Array.from(document.querySelectorAll('#underlay [data-rule=\"windows\"] rect')).map((r) => \
             `r${Math.round(r.getAttribute('y') / 100) + 1}c${Math.round(r.getAttribute('x') / 100) + 1}`).sort();")
        .await;
    let mut windows: Vec<String> = [1, 5]
        .iter()
        .flat_map(|&r0| [1, 5].map(move |c0| (r0, c0)))
        .flat_map(|(r0, c0)| {
            (0..3).flat_map(move |dr| (0..3).map(move |dc| format!("r{}c{}", r0 + dr + 1, c0 + dc + 1)))
        })
        .collect();
    windows.sort();
    assert_eq!(shaded, json!(windows), "the four windows' cells shaded");
    let contrast = s
        .js("const w = document.querySelector('#underlay [data-rule=\"windows\"] rect'); \
             const [r, g, b] = getComputedStyle(w).fill.match(/\\d+/g).map(Number); \
             const a = +(w.getAttribute('fill-opacity') || 1); \
             const lin = (c) => { c = (a * c + (1 - a) * 255) / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; }; \
             const l = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b); \
             return [document.querySelectorAll('#underlay [data-rule=\"windows\"] rect').length, 1.05 / (l + 0.05)];")
        .await;
    assert_eq!(contrast[0], json!(36), "four windows of nine cells");
    assert!(contrast[1].as_f64().is_some_and(|c| c >= 1.3), "the windows' shading is barely visible: {contrast}");
    let cells = ["r1c1", "r1c2", "r1c3", "r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r4c1", "r2c2", "r5c5"];
    for digit in 1..=9 {
        for cell in cells {
            s.type_in(cell, &digit.to_string()).await;
        }
        let seen = s.client.execute(UNDER_AND_CLEAR, vec![json!(cells)]).await.expect("hit test");
        for cell in cells {
            assert_eq!(seen[cell][0], json!(cell), "digit {digit}: a shape is drawn over the digit of {cell}: {seen}");
            assert_eq!(seen[cell][2], json!(digit.to_string()));
        }
        assert_eq!(seen["r4c1"][1], json!(true), "digit {digit}: the cage sum 45 touches the digit in r4c1: {seen}");
    }
    s.js("window.scrollTo(0, 0);").await;
    s.shot("layers-9x9").await;
    // 16x16, a three-digit sum over a whole row, letters as digits.
    s.select_size(16).await;
    let row: Vec<String> = (1..=16).map(|c| format!("r1c{c}")).collect();
    let row: Vec<&str> = row.iter().map(String::as_str).collect();
    s.add_shape("cage", &row, Some(136)).await;
    s.drawn("return 0;").await;
    for digit in ["1", "8", "A", "D", "G"] {
        s.type_in("r1c1", digit).await;
        let seen = s.client.execute(UNDER_AND_CLEAR, vec![json!(["r1c1"])]).await.expect("hit test");
        assert_eq!(seen["r1c1"][2], json!(digit));
        assert_eq!(seen["r1c1"][1], json!(true), "16x16 digit {digit}: the cage sum 136 touches it: {seen}");
    }
    assert!(s.script_errors().await.is_empty(), "{:?}", s.script_errors().await);
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn errors_show_in_the_report_panel_replacing_stale_results_and_cages_are_checked_when_added() {
    let Some(s) = Session::start("errors").await else { return };
    let (state, text) = s.press("#solve").await;
    assert_eq!((state.as_str(), text.as_str()), ("ok", "Solved"));
    let (panel, shown) = s.report().await;
    assert_eq!(panel, json!("ok"));
    assert!(shown.contains("solved"), "{shown}");
    // An edit makes the result stale: the panel no longer claims "solved".
    s.type_in("r1c1", "5").await;
    assert_eq!(s.report().await, (json!("empty"), String::new()), "a stale result stays after an edit");
    // Two cells cannot sum to 50: refused when the cage is added, in the panel.
    s.add_shape("cage", &["r9c8", "r9c9"], Some(50)).await;
    let (panel, shown) = s.report().await;
    assert_eq!(panel, json!("error"), "{shown}");
    assert!(shown.contains("3–17") && shown.contains("50"), "{shown}");
    assert_eq!(s.status().await.0, "error");
    assert_eq!(s.js("return document.querySelectorAll('#shapes li').length;").await, json!(0), "the cage was added");
    s.shot("errors-cage-refused").await;
    // An error from the server names its field once, in the panel, and clears the last result.
    let (state, _) = s.press("#solve").await;
    assert_eq!(state, "ok");
    let bad = json!({"size": 9, "box": "3x3", "givens": [".........", ".........", ".........", ".........", ".........",
        ".........", ".........", ".........", "........."],
        "rules": [{"type": "killer", "cages": [{"cells": ["r1c1", "r1c2"], "sum": 50}]}]});
    s.js(&format!("document.getElementById('io').value = {};", json!(bad.to_string()))).await;
    let (state, status) = s.press("#import").await;
    assert_eq!(state, "error", "{status}");
    let (panel, shown) = s.report().await;
    assert_eq!(panel, json!("error"));
    assert_eq!(shown, status, "the panel shows the status's error");
    assert!(shown.contains("puzzle.rules[0].cages[0]"), "{shown}");
    assert_eq!(shown.matches("rules[0]").count(), 1, "the path is repeated: {shown}");
    assert!(!shown.contains("Solved") && !shown.contains("solved"), "{shown}");
    s.shot("errors-import").await;
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_is_a_labelled_grid_that_announces_the_selection_and_marks_conflicts_beyond_colour() {
    let Some(s) = Session::start("a11y").await else { return };
    let roles = s
        .js("const b = document.getElementById('board'); \
             const cells = Array.from(document.querySelectorAll('[data-cell]')); \
             return [b.getAttribute('role'), document.querySelectorAll('#board > [role=row]').length, \
                     cells.every(c => c.getAttribute('role') === 'gridcell' && c.parentElement.getAttribute('role') === 'row'), \
                     cells.length];")
        .await;
    assert_eq!(roles, json!(["grid", 9, true, 81]));
    s.type_in("r3c5", "7").await;
    assert_eq!(s.aria_label("r3c5").await, json!("r3c5, 7, given"));
    assert_eq!(s.aria_label("r3c6").await, json!("r3c6, empty"));
    assert_eq!(s.text_of("#announce").await, "r3c5, 7, given", "the live region speaks the cell");
    let live = s.js("return document.getElementById('announce').getAttribute('aria-live');").await;
    assert_eq!(live, json!("polite"));
    s.keys(&char::from(Key::Right).to_string()).await;
    assert_eq!(s.text_of("#announce").await, "r3c6, empty");
    let active = s.js("return document.getElementById('board').getAttribute('aria-activedescendant');").await;
    assert_eq!(active, json!("cell-r3c6"));
    s.keys(&format!("{}{}", char::from(Key::Shift), char::from(Key::Right))).await;
    assert_eq!(s.text_of("#announce").await, "r3c7, empty, 2 cells selected");
    // A second 7 in the row: both cells say so, and the mark is not colour alone.
    s.type_in("r3c9", "7").await;
    assert_eq!(s.aria_label("r3c9").await, json!("r3c9, 7, given, conflict"));
    assert_eq!(s.aria_label("r3c5").await, json!("r3c5, 7, given, conflict"));
    let marks = s
        .js("const st = getComputedStyle(document.querySelector('[data-cell=\"r3c5\"]')); \
             const plain = getComputedStyle(document.querySelector('[data-cell=\"r3c6\"]')); \
             return [st.textDecorationLine, st.boxShadow !== plain.boxShadow];")
        .await;
    assert_eq!(marks, json!(["underline", true]), "conflicts are underlined and framed");
    s.shot("a11y-conflict").await;
    // A long report line wraps inside the board's column instead of widening it.
    let widths = s
        .js("const r = document.getElementById('report'); \
             const before = document.getElementById('controls').getBoundingClientRect().width; \
             r.textContent = 'Techniques ' + 'naked single ×40, '.repeat(40) + 'x'.repeat(300); \
             const panel = document.getElementById('board-panel').getBoundingClientRect().width; \
             const board = document.getElementById('board-wrap').getBoundingClientRect().width; \
             return [panel <= board + 2, document.getElementById('controls').getBoundingClientRect().width >= before - 1];")
        .await;
    assert_eq!(widths, json!([true, true]), "a long report line widens the board's column");
    // The real thing: Rate on a hard puzzle writes a long Techniques line (examples/top100.txt,
    // puzzle 38: 17 techniques, 258 characters).
    let hard = "5..6.3....2....98.......1...1..9.......3....67.......4....8.25.4..7..............";
    s.open(&format!("{}#line={hard}", s.url)).await;
    let before = s.js("return document.getElementById('controls').getBoundingClientRect().width;").await;
    let (state, status) = s.press("#rate").await;
    assert_eq!(state, "ok", "{status}");
    let rated = s
        .js("const r = document.getElementById('report'); \
             const techniques = Array.from(r.querySelectorAll('dt')).find((d) => d.textContent === 'Techniques'); \
             return [techniques ? techniques.nextElementSibling.textContent : '', \
                     document.getElementById('board-panel').getBoundingClientRect().width, \
                     document.getElementById('board-wrap').getBoundingClientRect().width, \
                     r.scrollWidth <= r.clientWidth, \
                     document.getElementById('controls').getBoundingClientRect().width];")
        .await;
    let line = rated[0].as_str().unwrap_or("");
    assert!(line.matches('×').count() >= 12 && line.chars().count() > 200, "a long Techniques line: {line:?}");
    let (panel, board) = (rated[1].as_f64().unwrap_or(0.0), rated[2].as_f64().unwrap_or(f64::MAX));
    assert!(panel <= board + 2.0, "the Techniques line widens the board's column: {rated}");
    assert_eq!(rated[3], json!(true), "the report overflows: {rated}");
    assert!(
        rated[4].as_f64().unwrap_or(0.0) >= before.as_f64().unwrap_or(0.0) - 1.0,
        "the controls are squeezed: {rated}"
    );
    s.shot("a11y-rate-techniques").await;
    s.close().await;
}

// ---------------------------------------------------------------------------------------------
// Insight (issue 16): Hint, Apply, Show candidates, the step-through. Each compares what the
// page draws with the facade's own answer, so a page that drew a wrong candidate, applied a
// step wrongly or showed another step than the path's would fail.

/// A puzzle that needs locked candidates (the rater's tests use it too).
const MEDIUM_LINE: &str = ".1..7...6...8.5...3.4......625.8..7......68..83...4..9..7............5.1....6.28.";
/// `MEDIUM_LINE` with the 25 singles of its path filled in: its path starts with locked
/// candidates.
const LOCKED_LINE: &str = "218.7..56..68.5..23546.27.8625.8..7...9..68.5831754629.67..8....82..7561..3.6.287";

impl Session {
    /// The `#notes` layer: `[kind, cell, digit]` for each pattern cell, disc, pencil or placed digit.
    async fn notes(&self) -> Vec<(String, String, u64)> {
        let v = self
            .js("return Array.from(document.querySelectorAll('#notes [data-note-cell]')).map(e => \
                 [e.getAttribute('class'), e.dataset.noteCell, +(e.dataset.digit || e.textContent || 0)]);")
            .await;
        v.as_array()
            .expect("notes")
            .iter()
            .map(|e| {
                (e[0].as_str().unwrap_or("").into(), e[1].as_str().unwrap_or("").into(), e[2].as_u64().unwrap_or(0))
            })
            .collect()
    }

    /// The candidate masks the page draws (pencil marks and placed digits), per cell.
    async fn drawn_masks(&self, n: usize) -> Vec<u64> {
        let mut masks = vec![0u64; n * n];
        for (kind, cell, digit) in self.notes().await {
            if kind == "pencil" || kind == "placed" {
                let cell = sudoku_ip_model::Cell::parse(&cell, n).expect("a cell name");
                masks[cell.index(n)] |= 1 << (digit - 1);
            }
        }
        masks
    }

    /// The cells drawn as placed digits (not pencil marks), by name, sorted.
    async fn drawn_placed(&self) -> Vec<String> {
        let mut cells: Vec<String> = self.notes().await.into_iter().filter(|n| n.0 == "placed").map(|n| n.1).collect();
        cells.sort();
        cells
    }

    /// A screenshot for a person to look at, when `SUDOKU_IP_E2E_SHOTS` names a folder.
    async fn shot(&self, name: &str) {
        if let Ok(dir) = std::env::var("SUDOKU_IP_E2E_SHOTS") {
            let png = self.client.screenshot().await.expect("a screenshot");
            std::fs::write(std::path::Path::new(&dir).join(format!("{name}.png")), png).expect("write the screenshot");
        }
    }
}

/// The names of `cells`, sorted.
fn sorted_names(cells: &[sudoku_ip_model::Cell]) -> Vec<String> {
    let mut names: Vec<String> = cells.iter().map(ToString::to_string).collect();
    names.sort();
    names
}

/// `masks` with the cells that show a given digit left out (the page draws nothing there).
fn open_cells(masks: &[u64], line: &str) -> Vec<u64> {
    masks.iter().zip(line.chars()).map(|(&m, c)| if c == '.' { m } else { 0 }).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hints_applied_one_after_another_follow_the_explained_path_and_draw_its_highlights() {
    let Some(s) = Session::start("hint").await else { return };
    s.js(RECORD_ERRORS).await;
    s.open(&format!("{}#line={LOCKED_LINE}", s.url)).await;
    assert_eq!(s.shown_line().await, LOCKED_LINE);
    let puzzle = puzzle_of(LOCKED_LINE);
    // Eight hints, each applied. The page keeps the person's candidates; each hint must be the
    // facade's hint from the candidates that applying the earlier ones by hand gives (a wrong
    // Apply sends other candidates and gets another position, step or an error).
    let mut pencil: Option<sudoku_ip::generate::Position> = None;
    let mut techniques = Vec::new();
    for i in 0..8 {
        let want = sudoku_ip::hint(&puzzle, pencil.as_ref()).expect("unique");
        let step = want.step.expect("a step");
        techniques.push(step.technique);
        let (state, status) = s.press("#hint").await;
        assert_eq!(state, "ok", "hint {i}: {status}");
        let report = s.text_of("#report").await;
        assert!(report.contains(&step.text), "hint {i}: the report {report:?} lacks {:?}", step.text);
        let notes = s.notes().await;
        let cells: Vec<String> = notes.iter().filter(|n| n.0 == "pattern-cell").map(|n| n.1.clone()).collect();
        let want_cells: Vec<String> = step.cells.iter().map(|c| c.to_string()).collect();
        assert_eq!(cells, want_cells, "hint {i}: highlighted cells");
        let mut removed: Vec<(String, u64)> =
            notes.iter().filter(|n| n.0 == "removed").map(|n| (n.1.clone(), n.2)).collect();
        let mut want_removed: Vec<(String, u64)> =
            step.eliminations.iter().map(|c| (c.cell.to_string(), u64::from(c.digit))).collect();
        removed.sort();
        want_removed.sort();
        assert_eq!(removed, want_removed, "hint {i}: candidates drawn red");
        for p in &step.placements {
            assert!(
                notes.iter().any(|n| n.0 == "pattern" && n.1 == p.cell.to_string() && n.2 == u64::from(p.digit)),
                "hint {i}: the placement {p:?} is not drawn green: {notes:?}"
            );
        }
        // The pencil marks are the position the step starts from.
        let mut at = sudoku_ip::read_position(&puzzle, &want.position, &want.placed).expect("a candidate string");
        assert_eq!(s.drawn_masks(9).await, open_cells(&at.candidates, LOCKED_LINE), "hint {i}: pencil marks");
        assert_eq!(s.drawn_placed().await, sorted_names(&want.placed), "hint {i}: the placed digits");
        if i == 0 {
            s.shot("hint").await;
        }
        s.click("#apply-hint").await;
        let hidden = s.js("return document.getElementById('apply-hint').hidden;").await;
        assert_eq!(hidden, json!(true), "Apply hides itself once the step is taken");
        for c in &step.eliminations {
            at.candidates[c.cell.index(9)] &= !(1 << (c.digit - 1));
        }
        for c in &step.placements {
            at.candidates[c.cell.index(9)] = 1 << (c.digit - 1);
            at.filled[c.cell.index(9)] = true;
        }
        assert_eq!(s.drawn_masks(9).await, open_cells(&at.candidates, LOCKED_LINE), "hint {i}: after Apply");
        assert_eq!(
            s.drawn_placed().await,
            sorted_names(&at.placed(puzzle.givens().values(), 9)),
            "hint {i}: after Apply"
        );
        pencil = Some(at);
    }
    assert_eq!(techniques[0], sudoku_ip::generate::Technique::LockedCandidates, "{techniques:?}");
    // Editing the puzzle drops the marks: they belonged to the old one.
    s.type_in("r1c4", "9").await;
    assert_eq!(s.cell(1, 4).await.0, "9");
    assert!(s.notes().await.is_empty(), "marks stay after an edit");
    assert!(s.script_errors().await.is_empty(), "{:?}", s.script_errors().await);
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn show_candidates_draws_the_true_candidates_coloured_by_their_solution_counts() {
    let Some(s) = Session::start("candidates").await else { return };
    s.js(RECORD_ERRORS).await;
    // The classic with its first row emptied: several solutions.
    let line = classic_without_its_first_row();
    s.open(&format!("{}#line={line}", s.url)).await;
    let (state, status) = s.press("#show-candidates").await;
    assert_eq!(state, "ok", "{status}");
    let puzzle = puzzle_of(&line);
    let limits = sudoku_ip::Limits { time: None, nodes: None, ..sudoku_ip::Limits::default() };
    let found = sudoku_ip::candidates(&puzzle, 10, limits).expect("true candidates");
    assert_eq!(s.drawn_masks(9).await, open_cells(&found.masks(), &line), "the drawn candidates");
    // Colours follow the counts: one solution green, a few orange, the cap grey.
    let inks = s
        .js("return Array.from(document.querySelectorAll('#notes text.pencil')).map(e => [e.dataset.noteCell, +e.dataset.digit, e.getAttribute('fill')]);")
        .await;
    let inks = inks.as_array().expect("inks");
    assert!(!inks.is_empty());
    for ink in inks {
        let cell = sudoku_ip_model::Cell::parse(ink[0].as_str().expect("cell"), 9).expect("cell");
        let count = found.counts[cell.index(9)][ink[1].as_u64().expect("digit") as usize - 1];
        let want = match count {
            1 => "#1e7a3a",
            k if k < found.max => "#b86e00",
            _ => "#5b6470",
        };
        assert_eq!(ink[2], json!(want), "{ink}: count {count}");
    }
    let report = s.text_of("#report").await;
    let total = found.counts.iter().flatten().filter(|&&k| k > 0).count();
    assert!(report.contains(&format!("{total} true candidates")), "{report}");
    s.shot("candidates").await;
    s.click("#clear-insight").await;
    assert!(s.notes().await.is_empty(), "Clear marks leaves marks");
    assert!(s.script_errors().await.is_empty(), "{:?}", s.script_errors().await);
    s.close().await;
}

/// The classic of the seeds (Wikipedia's Sudoku), unique.
const CLASSIC: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// [`CLASSIC`] with its first row emptied: several solutions.
fn classic_without_its_first_row() -> String {
    format!("{}{}", ".".repeat(9), &CLASSIC[9..])
}

/// A session showing Explain's step-through of `MEDIUM_LINE`, with the puzzle, the facade's
/// path (and positions) and the status line the page wrote.
async fn explained_medium(test: &str) -> Option<(Session, Puzzle, sudoku_ip::Path, String)> {
    let s = Session::start(test).await?;
    s.js(RECORD_ERRORS).await;
    s.open(&format!("{}#line={MEDIUM_LINE}", s.url)).await;
    let (state, status) = s.press("#explain").await;
    assert_eq!(state, "ok", "{status}");
    let puzzle = puzzle_of(MEDIUM_LINE);
    let path = sudoku_ip::explain_positions(&puzzle, None).expect("unique");
    Some((s, puzzle, path, status))
}

/// Issue 16: a cell that eliminations left with one candidate, which no step has placed yet,
/// was drawn as a placed digit (the candidate masks alone cannot tell the two apart). Each
/// position of the step-through must draw exactly the cells the path placed as digits, and a
/// lone candidate as a pencil digit.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lone_candidate_no_step_has_placed_is_drawn_as_a_pencil_digit_not_a_placed_one() {
    let Some((s, puzzle, path, _)) = explained_medium("lone").await else { return };
    let (positions, placed) = (path.positions.as_ref().expect("positions"), path.placed.as_ref().expect("placed"));
    let mut lone_seen = 0;
    for (k, (position, placed)) in positions.iter().zip(placed).enumerate() {
        let at = sudoku_ip::read_position(&puzzle, position, placed).expect("a position");
        let lone: Vec<String> = (0..81)
            .filter(|&c| !at.filled[c] && at.candidates[c].count_ones() == 1)
            .map(|c| sudoku_ip_model::Cell::from_index(c, 9).to_string())
            .collect();
        // Positions with a lone open candidate, and every tenth to see the rest stays right.
        if !lone.is_empty() || k % 10 == 0 {
            assert_eq!(s.drawn_placed().await, sorted_names(placed), "position {k}: the placed digits");
            assert_eq!(s.drawn_masks(9).await, open_cells(&at.candidates, MEDIUM_LINE), "position {k}");
            let notes = s.notes().await;
            for cell in &lone {
                assert!(
                    notes.iter().any(|n| n.0 == "pencil" && &n.1 == cell),
                    "position {k}: {cell}'s lone candidate: {notes:?}"
                );
            }
            if !lone.is_empty() && lone_seen == 0 {
                s.shot("lone-candidate").await;
                // The cells' labels say it too (the marks layer is hidden from screen readers):
                // the lone candidate is a candidate, a placed digit is placed.
                let first = sudoku_ip_model::Cell::parse(&lone[0], 9).expect("a cell").index(9);
                let want = format!("{}, candidate {}", lone[0], at.candidates[first].trailing_zeros() + 1);
                assert_eq!(s.aria_label(&lone[0]).await, json!(want));
                s.click(&format!("[data-cell=\"{}\"]", lone[0])).await;
                assert_eq!(s.text_of("#announce").await, want, "the cursor's cell is announced with its marks");
            }
            lone_seen += lone.len();
        }
        // The cells' labels: placed digits say so, each elimination of the step is named.
        let labels = s
            .js("return Array.from(document.querySelectorAll('[data-cell]')).map(c => c.getAttribute('aria-label'));")
            .await;
        let label = |c: usize| labels[c].as_str().unwrap_or("").to_string();
        for c in placed {
            let want = format!("{c}, {}, placed", at.candidates[c.index(9)].trailing_zeros() + 1);
            assert_eq!(label(c.index(9)), want, "position {k}");
        }
        for c in lone.iter().map(|name| sudoku_ip_model::Cell::parse(name, 9).expect("a cell").index(9)) {
            assert!(
                label(c).contains(&format!(", candidate {}", at.candidates[c].trailing_zeros() + 1)),
                "{}",
                label(c)
            );
        }
        if let Some(step) = path.explanation.steps.get(k) {
            for c in &step.eliminations {
                let l = label(c.cell.index(9));
                assert!(l.contains(&format!("removes {}", c.digit)), "step {k}: {l}");
            }
        }
        if k + 1 < positions.len() {
            s.click("#step-next").await;
        }
    }
    assert!(lone_seen > 0, "the path never leaves a lone candidate open: the test shows nothing");
    // Clear marks: the labels say "empty" again.
    s.click("#clear-insight").await;
    assert_eq!(s.aria_label("r6c3").await, json!("r6c3, empty"));
    assert!(s.script_errors().await.is_empty(), "{:?}", s.script_errors().await);
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn explain_steps_through_the_path_showing_each_position_and_step() {
    let Some((s, _, path, status)) = explained_medium("explain").await else { return };
    let steps = &path.explanation.steps;
    let positions = path.positions.as_ref().expect("positions");
    assert!(status.contains(&format!("in {} steps", steps.len())), "{status}");
    let counter = s.text_of("#step-counter").await;
    assert_eq!(counter, format!("Step 1 of {}", steps.len()));
    let masks = |k: usize| sudoku_ip::generate::parse_candidates(&positions[k], 9).expect("a candidate string");
    for (k, step) in steps.iter().enumerate().take(4) {
        assert!(s.text_of("#report").await.contains(&step.text), "step {k}");
        assert_eq!(s.drawn_masks(9).await, open_cells(&masks(k), MEDIUM_LINE), "the position before step {k}");
        s.click("#step-next").await;
    }
    // The first locked-candidates step, shown with its red eliminations.
    let locked = steps.iter().position(|st| !st.eliminations.is_empty()).expect("a step that removes candidates");
    s.click("#step-prev").await;
    assert_eq!(s.text_of("#step-counter").await, format!("Step 4 of {}", steps.len()), "Previous goes back one");
    s.click("#step-first").await;
    for _ in 0..locked {
        s.click("#step-next").await;
    }
    assert_eq!(s.text_of("#step-counter").await, format!("Step {} of {}", locked + 1, steps.len()));
    let red = s.notes().await.into_iter().filter(|n| n.0 == "removed").count();
    assert_eq!(red, steps[locked].eliminations.len(), "the step's eliminations drawn red");
    s.shot("explain").await;
    s.click("#step-last").await;
    assert_eq!(s.text_of("#step-counter").await, format!("End ({} steps)", steps.len()));
    assert!(s.text_of("#report").await.contains("Solved by logic"), "{}", s.text_of("#report").await);
    assert_eq!(s.js("return document.getElementById('step-next').disabled;").await, json!(true));
    assert!(s.script_errors().await.is_empty(), "{:?}", s.script_errors().await);
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_boxes_from_the_menu_or_an_import_draws_no_box_borders_and_solves_as_a_latin_square() {
    // Issue 14 §13: the Boxes menu's "none" and a JSON puzzle with "box": "none".
    let Some(s) = Session::start("noboxes").await else { return };
    s.js(RECORD_ERRORS).await;
    s.select_size(4).await;
    s.client.find(Locator::Css("#box")).await.expect("box").select_by_value("none").await.expect("none");
    s.wait_until("document.querySelectorAll('.cell.br, .cell.bb').length === 0", "the box borders to go").await;
    // Two 1s in what would be one 2x2 box are no conflict without boxes; in one row they are.
    s.type_in("r1c1", "1").await;
    s.type_in("r2c2", "1").await;
    assert_eq!(s.js("return document.querySelectorAll('.cell.conflict').length;").await, json!(0));
    s.type_in("r1c3", "1").await;
    assert_eq!(s.js("return document.querySelectorAll('.cell.conflict').length;").await, json!(2));
    s.type_in("r1c3", "2").await;
    s.click("#export-json").await;
    let exported: Value =
        serde_json::from_str(s.js("return document.getElementById('io').value;").await.as_str().expect("io"))
            .expect("exported JSON");
    assert_eq!(exported["box"], "none", "{exported}");
    let (state, text) = s.press("#solve").await;
    assert_eq!((state.as_str(), text.as_str()), ("ok", "Solved"));
    // Seed 004's Killer as its model states it: imported, drawn without boxes, solved.
    let killer = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/seed004-killer.json"))
        .expect("the example");
    s.js(&format!("document.getElementById('io').value = {};", json!(killer))).await;
    let (state, status) = s.press("#import").await;
    assert_eq!(state, "ok", "{status}");
    let shown = s
        .js("return [document.getElementById('box').value, document.querySelectorAll('.cell.br, .cell.bb').length, \
              document.querySelectorAll('[data-cell]').length];")
        .await;
    assert_eq!(shown, json!(["none", 0, 81]));
    let (state, text) = s.press("#solve").await;
    assert_eq!((state.as_str(), text.as_str()), ("ok", "Solved"));
    assert_eq!(
        s.shown_line().await,
        "215647398368952174794381652586274931142593867973816425821739546659428713437165289",
        "the seed's printed solution"
    );
    s.shot("no-boxes-seed004-killer").await;
    assert!(s.script_errors().await.is_empty(), "{:?}", s.script_errors().await);
    s.close().await;
}

impl Session {
    /// Puts `text` in the import box and presses Import.
    async fn import(&self, text: &str) -> (String, String) {
        self.js(&format!("document.getElementById('io').value = {};", json!(text))).await;
        self.press("#import").await
    }

    /// The puzzle the page would send (Export JSON).
    async fn exported_json(&self) -> Value {
        self.click("#export-json").await;
        let text = self.js("return document.getElementById('io').value;").await;
        serde_json::from_str(text.as_str().unwrap_or("")).expect("exported JSON")
    }

    /// The puzzle the page would send, read by the model crate's JSON reader.
    async fn exported_puzzle(&self) -> (Value, Puzzle) {
        let value = self.exported_json().await;
        let puzzle = sudoku_ip_formats::json::parse_value(&value).expect("the exported JSON reads back");
        (value, puzzle)
    }

    /// The text of a file the page downloaded into the browser's profile (bounded wait: 30 s).
    async fn downloaded(&self, name: &str) -> String {
        let path = self.browser.profile.join(name);
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Ok(text) = std::fs::read_to_string(&path) {
                if !text.is_empty() {
                    return text;
                }
            }
            assert!(Instant::now() < deadline, "{} was not downloaded within 30 s", path.display());
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

fn example_text(name: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples").join(name))
        .expect("the example")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sudokupad_link_imports_with_its_title_and_rules_solves_and_goes_back_out_as_the_same_links() {
    // Issue 15: a setter's link pasted into the import box, through the server's one reader.
    use sudoku_ip_formats::fpuzzles::{self, LinkKind};
    let Some(s) = Session::start("links").await else { return };
    s.js(RECORD_ERRORS).await;
    let example = example_text("renban.json");
    let puzzle = formats::parse_puzzle(&example, &ParseOptions::default()).expect("the example");
    let title = puzzle.meta().title.clone().expect("a title");
    let link = fpuzzles::to_link(&puzzle, LinkKind::SudokuPad).expect("a link");
    // As a chat app hands it on: `+` turned into spaces.
    let (state, status) = s.import(&link.replace('+', " ")).await;
    assert_eq!((state.as_str(), status.as_str()), ("ok", "Imported"));
    let meta = s.js("return [document.getElementById('puzzle-meta').hidden, document.getElementById('puzzle-title').textContent];").await;
    assert_eq!(meta, json!([false, title]), "the title is shown above the board");
    // The renban lines are drawn, listed one by one (to edit like drawn ones) and kept.
    let drawn = s.drawn("return document.querySelectorAll('#underlay [data-rule=\"renban\"] path').length;").await;
    assert_eq!(drawn, json!(6), "one purple line a renban line, drawn by the server");
    let listed = s.shapes().await;
    assert_eq!(listed.iter().filter(|l| l.starts_with("Renban: ")).count(), 6, "{listed:?}");
    assert!(listed.contains(&"Renban: r2c1 → r1c1 → r1c2 → r1c3".to_string()), "{listed:?}");
    let (value, read) = s.exported_puzzle().await;
    assert_eq!(read, puzzle, "the page holds the linked puzzle, every rule kept: {value}");
    assert_eq!(value["title"], json!(title));
    let (state, text) = s.press("#solve").await;
    assert_eq!((state.as_str(), text.as_str()), ("ok", "Solved"));
    let shown = s.shown_line().await;
    let solution: String = serde_json::from_str::<Value>(&example).expect("json")["solution"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| r.as_str().expect("row"))
        .collect();
    assert_eq!(shown, solution, "the renban puzzle's own solution (without its lines it is not unique)");
    assert!(check::verify(&puzzle, &puzzle_of(&shown).givens().clone()).is_empty());
    s.js("window.scrollTo(0, 0);").await;
    s.shot("link-imported-renban").await;

    // Out again: the same bytes `sudoku-ip export --link` writes, and an "Open in" link.
    for (button, kind, site) in
        [("#copy-sudokupad", LinkKind::SudokuPad, "SudokuPad"), ("#copy-fpuzzles", LinkKind::FPuzzles, "f-puzzles")]
    {
        let (state, status) = s.press(button).await;
        assert_eq!(state, "ok", "{status}");
        assert!(status.starts_with(&format!("{site} link")), "{status}");
        let written = s.js("return document.getElementById('share-link').value;").await;
        assert_eq!(written, json!(fpuzzles::to_link(&puzzle, kind).expect("link")), "{button}");
        let open =
            s.js("const a = document.getElementById('open-link'); return [a.hidden, a.href, a.textContent];").await;
        assert_eq!(open, json!([false, written, format!("Open in {site} ↗")]), "{button}");
    }
    s.js("document.getElementById('controls').lastElementChild.scrollIntoView();").await;
    s.shot("link-copied").await;
    // f-puzzles JSON in the box, and both files downloaded.
    let (state, status) = s.press("#export-fpuzzles").await;
    assert_eq!(state, "ok", "{status}");
    let boxed = s.js("return document.getElementById('io').value;").await;
    let boxed = boxed.as_str().expect("text");
    assert!(boxed.starts_with("{\"grid\":"), "{boxed}");
    assert_eq!(fpuzzles::parse_fpuzzles(boxed).expect("f-puzzles JSON"), puzzle);
    let name = "renban-generated-sudoku-ip-generate-like-seed-9";
    for (button, file) in
        [("#download-json", format!("{name}.json")), ("#download-fpuzzles", format!("{name}.fpuzzles.json"))]
    {
        let (state, status) = s.press(button).await;
        assert_eq!((state.as_str(), status), ("ok", format!("Downloaded {file}")));
        let text = s.downloaded(&file).await;
        let back = formats::parse_puzzle(&text, &ParseOptions::default()).expect("the file reads back");
        assert_eq!(back, puzzle, "{file}");
        assert_eq!(back.meta().title.as_deref(), Some(title.as_str()), "{file}");
    }
    // An edit makes the written link stale: it goes.
    s.type_in("r1c1", "5").await;
    let open = s
        .js("return [document.getElementById('open-link').hidden, document.getElementById('share-link').value];")
        .await;
    assert_eq!(open, json!([true, ""]));
    // Other rules are drawn from their links too: a little killer's sums in the margin where
    // their diagonals enter, a quadruple's digits on its vertex.
    for (name, drawn, count) in [
        ("little-killer.json", "#margin [data-rule=\"little-killer\"] [data-text]", 6),
        ("quadruple.json", "#overlay [data-rule=\"quadruple\"] circle", 6),
    ] {
        let p = formats::parse_puzzle(&example_text(name), &ParseOptions::default()).expect("the example");
        let (state, status) = s.import(&fpuzzles::to_link(&p, LinkKind::FPuzzles).expect("a link")).await;
        assert_eq!(state, "ok", "{name}: {status}");
        let found = s.drawn(&format!("return document.querySelectorAll('{drawn}').length;")).await;
        assert_eq!(found, json!(count), "{name}");
        assert_eq!(s.exported_puzzle().await.1, p, "{name}: kept");
        s.js("window.scrollTo(0, 0);").await;
        s.shot(&format!("link-imported-{}", name.trim_end_matches(".json"))).await;
    }
    let sums = s.drawn("return Array.from(document.querySelectorAll('#overlay [data-rule=\"quadruple\"] [data-text]')).map(t => t.dataset.text).join(' ');").await;
    let quads: Value = serde_json::from_str(&example_text("quadruple.json")).expect("json");
    let digits: Vec<String> = quads["rules"]
        .as_array()
        .expect("rules")
        .iter()
        .flat_map(|r| r["quads"].as_array().cloned().unwrap_or_default())
        .map(|q| q["digits"].as_array().expect("digits").iter().map(|d| d.to_string()).collect())
        .collect();
    assert_eq!(sums, json!(digits.join(" ")), "each quadruple's digits on its vertex");
    assert!(s.script_errors().await.is_empty(), "{:?}", s.script_errors().await);
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_links_and_rules_f_puzzles_cannot_say_are_errors_in_the_report_and_leave_the_puzzle() {
    let Some(s) = Session::start("badlinks").await else { return };
    s.js(RECORD_ERRORS).await;
    let (state, _) = s.import(HARD_LINE).await;
    assert_eq!(state, "ok");
    let payload_of = |v: &Value| sudoku_ip_formats::fpuzzles::encode_payload(&v.to_string());
    let unsupported =
        json!({"size": 9, "grid": vec![vec![json!({}); 9]; 9], "lockoutline": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]});
    let cases = [
        ("https://sudokupad.app/abc12", "Error in text: this link is a server id", "copy f-puzzles link"),
        ("https://www.f-puzzles.com/?id=2x9kq", "Error in text: this link is a server id", "copy f-puzzles link"),
        (
            &*format!("https://sudokupad.app/fpuzzles{}", payload_of(&unsupported)),
            "Error in text.lockoutline",
            "not supported",
        ),
        (&*unsupported.to_string(), "Error in puzzle.lockoutline", "not supported"),
    ];
    for (pasted, starts, mentions) in cases {
        let (state, status) = s.import(pasted).await;
        assert_eq!(state, "error", "{pasted}: {status}");
        let (panel, shown) = s.report().await;
        assert_eq!((panel, shown.as_str()), (json!("error"), status.as_str()), "the report panel shows it");
        assert!(shown.starts_with(starts) && shown.contains(mentions), "{pasted}: {shown}");
        assert_eq!(s.shown_line().await, HARD_LINE, "a bad import leaves the puzzle");
    }
    // A rule f-puzzles has no key for is refused by name, not left out of the link.
    let (state, _) = s.import(&example_text("low-before-high.json")).await;
    assert_eq!(state, "ok");
    let listed = s.text_of("#shapes").await;
    assert!(listed.contains("Low before high: rows 1 5 9"), "{listed}");
    let (state, status) = s.press("#copy-sudokupad").await;
    assert_eq!(state, "error", "{status}");
    assert!(status.contains("low-before-high"), "{status}");
    assert_eq!(s.js("return document.getElementById('share-link').value;").await, json!(""));
    s.shot("link-refused").await;
    assert!(s.script_errors().await.is_empty(), "{:?}", s.script_errors().await);
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killer_whose_digits_may_repeat_keeps_distinct_false_through_import_drawing_solve_and_export() {
    // Issue 14: the page dropped a killer's "distinct": false. The cage r3c3 r3c4 r4c4 = 4 is
    // only possible with a repeated digit (1 + 2 + 1: r3c3 and r4c4 share no row, column or box).
    let Some(s) = Session::start("repeats").await else { return };
    s.js(RECORD_ERRORS).await;
    let puzzle = json!({"size": 9, "title": "Sum-only cages",
        "rules": [{"type": "killer", "distinct": false, "cages": [{"cells": ["r3c3", "r3c4", "r4c4"], "sum": 4}]}]});
    let (state, status) = s.import(&puzzle.to_string()).await;
    assert_eq!(state, "ok", "{status}");
    assert_eq!(s.js("return document.getElementById('cages-repeat').checked;").await, json!(true));
    let (value, read) = s.exported_puzzle().await;
    assert_eq!(value["rules"][0]["distinct"], json!(false), "{value}");
    let shown = s.solve_checked(&read).await;
    let v = |r: usize, c: usize| shown.values()[r * 9 + c];
    assert_eq!((v(2, 2), v(3, 3)), (1, 1), "the cage repeats its 1");
    // Out through the server too: the JSON file keeps it.
    let (state, _) = s.press("#download-json").await;
    assert_eq!(state, "ok");
    let file: Value = serde_json::from_str(&s.downloaded("sum-only-cages.json").await).expect("JSON");
    assert_eq!(file["rules"][0]["distinct"], json!(false), "{file}");
    // A new cage drawn on the page may repeat too (5 over three cells is 2 + 1 + 2 only) ...
    s.add_shape("cage", &["r6c6", "r6c7", "r7c7"], Some(5)).await;
    assert_eq!(
        s.js("return document.querySelectorAll('#shapes li').length;").await,
        json!(2),
        "{}",
        s.status().await.1
    );
    // ... and unticking "may repeat" makes the cages distinct again: then the sums are refused.
    s.click("#cages-repeat").await;
    let value = s.exported_json().await;
    assert!(value["rules"][0].get("distinct").is_none(), "distinct is the default: {value}");
    let (state, status) = s.press("#solve").await;
    assert_eq!(state, "error");
    assert!(status.contains("distinct digits"), "{status}");
    s.click("#cages-repeat").await;
    let (value, read) = s.exported_puzzle().await;
    assert_eq!(value["rules"][0]["distinct"], json!(false), "{value}");
    let shown = s.solve_checked(&read).await;
    assert_eq!(shown.values()[5 * 9 + 5], shown.values()[6 * 9 + 6], "the new cage repeats its 2");
    s.finish("killer-repeats").await;
}

impl Session {
    /// Presses Solve, expects "Solved", and returns the grid shown after the rules' own checker
    /// passed it against `puzzle`.
    async fn solve_checked(&self, puzzle: &Puzzle) -> sudoku_ip_model::Grid {
        let (state, text) = self.press("#solve").await;
        assert_eq!((state.as_str(), text.as_str()), ("ok", "Solved"));
        let shown = puzzle_of(&self.shown_line().await).givens().clone();
        assert!(check::verify(puzzle, &shown).is_empty(), "{:?}", check::verify(puzzle, &shown));
        shown
    }

    /// A screenshot from the top of the page, then no script error may have happened; closes.
    async fn finish(self, shot: &str) {
        self.js("window.scrollTo(0, 0);").await;
        self.shot(shot).await;
        assert!(self.script_errors().await.is_empty(), "{:?}", self.script_errors().await);
        self.close().await;
    }

    /// Presses the mouse on the first cell, moves through the others in order and lets go, as a
    /// person drags. `jump` moves to each next cell in one step (no pointer moves between them).
    async fn drag(&self, cells: &[&str], jump: bool) {
        let mut mouse = MouseActions::new("mouse".into());
        for (k, cell) in cells.iter().enumerate() {
            let element = self.client.find(Locator::Css(&format!("[data-cell=\"{cell}\"]"))).await.expect("a cell");
            let duration = if jump { None } else { Some(Duration::from_millis(60)) };
            mouse = mouse.then(PointerAction::MoveToElement { element, duration, x: 0, y: 0 });
            if k == 0 {
                mouse = mouse.then(PointerAction::Down { button: MOUSE_BUTTON_LEFT });
            }
        }
        mouse = mouse.then(PointerAction::Up { button: MOUSE_BUTTON_LEFT });
        self.client.perform_actions(mouse).await.expect("a drag");
    }

    /// The texts of the Draw panel's list of shapes.
    async fn shapes(&self) -> Vec<String> {
        let v =
            self.js("return Array.from(document.querySelectorAll('#shapes li span')).map((s) => s.textContent);").await;
        v.as_array().expect("shapes").iter().map(|s| s.as_str().unwrap_or("").to_string()).collect()
    }
}

/// The lines of the exported puzzle's rule of `kind` (whispers: with this `difference`).
fn lines_of(puzzle: &Value, kind: &str, difference: Option<u64>) -> Vec<Vec<String>> {
    let rules = puzzle["rules"].as_array().expect("rules");
    let rule = rules
        .iter()
        .find(|r| r["type"] == kind && r.get("difference").and_then(Value::as_u64) == difference)
        .unwrap_or_else(|| panic!("no {kind} rule ({difference:?}) in {puzzle}"));
    serde_json::from_value(rule["lines"].clone()).expect("lines of cell names")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lines_dragged_through_cells_become_their_rules_and_the_solution_keeps_them() {
    // Issue 15: the editor draws each line rule by dragging through cells.
    let Some(s) = Session::start("lines").await else { return };
    s.js(RECORD_ERRORS).await;
    s.click("[data-tool=\"renban\"]").await;
    s.drag(&["r1c1", "r1c2", "r1c3", "r2c3"], false).await;
    s.click("[data-tool=\"whispers\"]").await;
    s.drag(&["r3c1", "r4c2", "r5c3", "r5c4"], false).await;
    s.click("[data-tool=\"palindrome\"]").await;
    // A quick drag that jumps r5c5 -> r9c9 still takes every cell in between.
    s.drag(&["r5c5", "r9c9"], true).await;
    s.click("[data-tool=\"between-line\"]").await;
    // Dragging back over r2c7 takes r2c8 off again; the line goes on down from r2c7.
    s.drag(&["r2c5", "r2c6", "r2c7", "r2c8", "r2c7", "r3c7"], false).await;
    let (value, read) = s.exported_puzzle().await;
    let names = |cells: &[&str]| vec![cells.iter().map(|c| c.to_string()).collect::<Vec<_>>()];
    assert_eq!(lines_of(&value, "renban", None), names(&["r1c1", "r1c2", "r1c3", "r2c3"]));
    assert_eq!(lines_of(&value, "german-whispers", None), names(&["r3c1", "r4c2", "r5c3", "r5c4"]));
    assert_eq!(lines_of(&value, "palindrome", None), names(&["r5c5", "r6c6", "r7c7", "r8c8", "r9c9"]));
    assert_eq!(lines_of(&value, "between-line", None), names(&["r2c5", "r2c6", "r2c7", "r3c7"]));
    assert_eq!(
        s.shapes().await,
        [
            "Renban: r1c1 → r1c2 → r1c3 → r2c3",
            "German whispers (gap 5): r3c1 → r4c2 → r5c3 → r5c4",
            "Palindrome: r5c5 → r6c6 → r7c7 → r8c8 → r9c9",
            "Between line: r2c5 → r2c6 → r2c7 → r3c7",
        ]
    );
    // Each line is drawn beneath the digits, in its rule's colour as the pictures draw it.
    let strokes = s
        .drawn("return Array.from(document.querySelectorAll('#underlay .marks [data-rule] path')).map((p) => p.getAttribute('stroke'));")
        .await;
    assert_eq!(strokes, json!(["#c78ef0", "#7cc47f", "#b4b4b4", "#a8a8a8"]));
    assert_eq!(
        s.js("return document.querySelectorAll('#underlay [data-rule=\"between-line\"] circle').length;").await,
        json!(2)
    );
    // A second renban joins the first rule; its remove button takes it off alone.
    s.click("[data-tool=\"renban\"]").await;
    s.drag(&["r6c8", "r6c9"], false).await;
    assert_eq!(lines_of(&s.exported_json().await, "renban", None).len(), 2);
    s.click("#shapes li:nth-child(2) button").await;
    assert_eq!(lines_of(&s.exported_json().await, "renban", None), names(&["r1c1", "r1c2", "r1c3", "r2c3"]));
    // A click on one cell draws nothing; a between line of two cells is refused with a reason.
    s.click("[data-tool=\"between-line\"]").await;
    s.click("[data-cell=\"r8c8\"]").await;
    s.drag(&["r8c8", "r8c9"], false).await;
    let (state, status) = s.status().await;
    assert_eq!((state.as_str(), status.as_str()), ("error", "Between line: a line needs at least 3 cells"));
    assert_eq!(s.shapes().await.len(), 4);
    // The solver gets every line: the grid it shows passes the rules' own checker.
    let shown = s.solve_checked(&read).await;
    let v = |cell: &str| {
        let c = sudoku_ip_model::Cell::parse(cell, 9).expect("a cell");
        i64::from(shown.values()[c.index(9)])
    };
    let mut renban: Vec<i64> = ["r1c1", "r1c2", "r1c3", "r2c3"].iter().map(|c| v(c)).collect();
    renban.sort_unstable();
    assert!(renban.windows(2).all(|w| w[1] == w[0] + 1), "renban {renban:?}");
    let german = ["r3c1", "r4c2", "r5c3", "r5c4"].map(v);
    assert!(german.windows(2).all(|w| (w[0] - w[1]).abs() >= 5), "German whispers {german:?}");
    assert_eq!((v("r5c5"), v("r6c6")), (v("r9c9"), v("r8c8")), "palindrome");
    let (lo, hi) = (v("r2c5").min(v("r3c7")), v("r2c5").max(v("r3c7")));
    assert!(["r2c6", "r2c7"].iter().all(|c| lo < v(c) && v(c) < hi), "between line");
    s.js("window.scrollTo(0, 0);").await;
    s.shot("lines-drawn").await;
    // One puzzle holds one whispers rule: Dutch lines beside German ones are refused; with the
    // German line gone they are drawn, green as every whispers line, and solved with their gap of 4.
    s.click("[data-tool=\"dutch\"]").await;
    s.drag(&["r7c1", "r7c2", "r7c3"], false).await;
    let (state, status) = s.status().await;
    assert_eq!(state, "error", "{status}");
    assert!(status.contains("German whispers"), "{status}");
    s.click("#shapes li:nth-child(2) button").await;
    s.drag(&["r7c1", "r7c2", "r7c3"], false).await;
    let (value, read) = s.exported_puzzle().await;
    assert_eq!(lines_of(&value, "german-whispers", Some(4)), names(&["r7c1", "r7c2", "r7c3"]));
    assert!(
        s.shapes().await.contains(&"Dutch whispers (gap 4): r7c1 → r7c2 → r7c3".to_string()),
        "{:?}",
        s.shapes().await
    );
    let strokes = s.drawn("return Array.from(document.querySelectorAll('#underlay [data-rule=\"german-whispers\"] path')).map((p) => p.getAttribute('stroke'));").await;
    assert_eq!(strokes, json!(["#7cc47f"]));
    let shown = s.solve_checked(&read).await;
    let dutch = ["r7c1", "r7c2", "r7c3"]
        .map(|cell| i64::from(shown.values()[sudoku_ip_model::Cell::parse(cell, 9).expect("a cell").index(9)]));
    assert!(dutch.windows(2).all(|w| (w[0] - w[1]).abs() >= 4), "Dutch whispers {dutch:?}");
    s.shot("lines-dutch").await;
    // Ctrl+Z undoes the last edit: the Dutch line goes.
    s.click("[data-tool=\"digits\"]").await;
    s.click("[data-cell=\"r1c9\"]").await;
    s.keys(&format!("{}z{}", char::from(Key::Control), char::from(Key::Null))).await;
    assert!(!s.exported_json().await["rules"]
        .as_array()
        .expect("rules")
        .iter()
        .any(|r| r["type"] == "german-whispers"));
    // Whispers with any gap: typed into the Gap box, within the model's 1..n-1; the gap is on
    // the list entry, goes out in an f-puzzles link and comes back in.
    s.click("[data-tool=\"whispers\"]").await;
    assert_eq!(s.js("return document.getElementById('whisper-gap').value;").await, json!("5"));
    s.fill("#whisper-gap", "9").await;
    s.drag(&["r7c1", "r7c2", "r7c3"], false).await;
    let (state, status) = s.status().await;
    assert_eq!(
        (state.as_str(), status.as_str()),
        ("error", "Type the whispers gap: neighbours differ by at least it, 1 to 8 on a 9x9 grid, not 9")
    );
    s.fill("#whisper-gap", "3").await;
    s.drag(&["r7c1", "r7c2", "r7c3"], false).await;
    let (value, read) = s.exported_puzzle().await;
    assert_eq!(lines_of(&value, "german-whispers", Some(3)), names(&["r7c1", "r7c2", "r7c3"]));
    s.through_fpuzzles_link(&read).await;
    assert!(s.shapes().await.contains(&"Whispers (gap 3): r7c1 → r7c2 → r7c3".to_string()), "{:?}", s.shapes().await);
    // A line of another gap is refused while the puzzle holds these.
    s.click("[data-tool=\"dutch\"]").await;
    s.drag(&["r9c1", "r9c2"], false).await;
    let (state, status) = s.status().await;
    assert_eq!(
        (state.as_str(), status.as_str()),
        (
            "error",
            "This puzzle's whispers are Whispers (gap 3): a puzzle holds one gap for all its whispers (type 3, or remove those lines first)"
        )
    );
    let shown = s.solve_checked(&read).await;
    let gap3 = ["r7c1", "r7c2", "r7c3"]
        .map(|cell| i64::from(shown.values()[sudoku_ip_model::Cell::parse(cell, 9).expect("a cell").index(9)]));
    assert!(gap3.windows(2).all(|w| (w[0] - w[1]).abs() >= 3), "whispers with gap 3 {gap3:?}");
    s.shot("lines-gap").await;
    // Every line, thermometer, arrow and odd/even mark in the colours and widths the pictures
    // use (each rule file's `draw`).
    let every = json!({"size": 9, "box": "3x3", "givens": vec![".".repeat(9); 9], "rules": [
        {"type": "renban", "lines": [["r1c1", "r1c2", "r1c3"]]},
        {"type": "german-whispers", "lines": [["r2c1", "r2c2", "r2c3"]], "difference": 4},
        {"type": "palindrome", "lines": [["r3c1", "r3c2", "r3c3"]]},
        {"type": "between-line", "lines": [["r4c1", "r4c2", "r4c3"]]},
        {"type": "zipper-line", "lines": [["r5c1", "r5c2", "r5c3"]]},
        {"type": "region-sum-line", "lines": [["r6c3", "r6c4"]]},
        {"type": "entropic-line", "lines": [["r7c1", "r7c2", "r7c3"]]},
        {"type": "modular-line", "lines": [["r8c1", "r8c2", "r8c3"]]},
        {"type": "double-arrow", "lines": [["r9c1", "r9c2", "r9c3"]]},
        {"type": "slow-thermometer", "thermometers": [["r1c5", "r2c5", "r3c5"]]},
        {"type": "thermometer", "thermometers": [["r1c7", "r2c7", "r3c7"]]},
        {"type": "arrow", "arrows": [{"circle": "r5c5", "cells": ["r5c6", "r5c7"]}]},
        {"type": "pill-arrow", "arrows": [{"pill": ["r7c5", "r7c6"], "cells": ["r8c7", "r9c8"]}]},
        {"type": "odd-even", "odd": ["r9c5"], "even": ["r9c6"]},
        {"type": "positive-diagonal"},
        {"type": "negative-diagonal"}
    ]});
    let (state, status) = s.import(&every.to_string()).await;
    assert_eq!(state, "ok", "{status}");
    let puzzle = sudoku_ip_formats::json::parse_value(&every).expect("the puzzle");
    s.assert_drawn_as_pictured(&puzzle).await;
    // A single diagonal is drawn alone, where the pictures draw it (positive: from the bottom
    // left corner up to the top right), each its rule's group (sorted: the server draws in
    // the rules' order).
    let diagonals = s
        .drawn(
            "return Array.from(document.querySelectorAll('#underlay [data-rule$=\"diagonal\"] path')).map((l) => \
             [l.closest('[data-rule]').dataset.rule, ...l.getAttribute('d').match(/-?[\\d.]+/g).map((v) => v / 100)]).sort();",
        )
        .await;
    assert_eq!(diagonals, json!([["negative-diagonal", 0, 0, 9, 9], ["positive-diagonal", 0, 9, 9, 0]]));
    s.finish("lines-coloured").await;
}

impl Session {
    /// Asserts that each rule of `puzzle` is drawn on the page in the colours and line widths
    /// its pictures use: the set of colours (white left out) and of line widths of the page's
    /// shapes marked with the rule's type equals those of the rule's marks in the model.
    async fn assert_drawn_as_pictured(&self, puzzle: &Puzzle) {
        use std::collections::BTreeSet;
        use sudoku_ip_model::rules::draw::Width;
        use sudoku_ip_model::rules::Mark;
        let page = self
            .drawn("const out = {}; \
                 for (const el of document.querySelectorAll('#underlay [data-rule], #underlay [data-rule] *, #overlay [data-rule], #overlay [data-rule] *')) { \
                   if (el.closest('[data-text]') || el.tagName === 'g') continue; \
                   const rule = el.closest('[data-rule]').dataset.rule; \
                   const o = out[rule] || (out[rule] = { colours: [], widths: [] }); \
                   for (const a of ['stroke', 'fill']) { const v = el.getAttribute(a); if (v && v !== 'none') o.colours.push(v.toLowerCase()); } \
                   const unit = el.closest('.marks') ? 100 : 1; \
                   const round = el.tagName === 'path' && el.getAttribute('stroke-linecap') === 'round'; \
                   if (el.tagName === 'polyline' || round) o.widths.push(Number(el.getAttribute('stroke-width')) / unit); \
                 } return out;")
            .await;
        let width = |w: f64| format!("{w:.2}");
        for rule in puzzle.rules() {
            let (mut colours, mut widths) = (BTreeSet::new(), BTreeSet::new());
            for mark in rule.draw(puzzle.geometry()) {
                match mark {
                    Mark::Line { colour, width: Width::Cells(k), .. } => {
                        colours.insert(colour.to_string());
                        widths.insert(width(k));
                    }
                    // Thin lines as the grid's (the diagonals): the colour only.
                    Mark::Line { colour, width: Width::Lines(_), .. } => {
                        colours.insert(colour.to_string());
                    }
                    // The pictures' thermometers are 0.28 of a cell wide, arrows 0.05.
                    Mark::Thermometer { colour, .. } => {
                        colours.insert(colour.to_string());
                        widths.insert(width(0.28));
                    }
                    Mark::Arrow { colour, .. } => {
                        colours.insert(colour.to_string());
                        widths.insert(width(0.05));
                    }
                    Mark::Circle { fill, stroke, .. } => {
                        colours.extend([fill.to_string(), stroke.to_string()]);
                    }
                    Mark::Disc { colour, .. } | Mark::Square { colour, .. } => {
                        colours.insert(colour.to_string());
                    }
                    _ => {}
                }
            }
            colours.remove("#ffffff");
            let drawn = &page[rule.name()];
            let strings = |key: &str| -> BTreeSet<String> {
                drawn[key]
                    .as_array()
                    .map(|a| a.iter().filter_map(Value::as_str).map(str::to_string).collect())
                    .unwrap_or_default()
            };
            let mut page_colours = strings("colours");
            page_colours.remove("#ffffff");
            let page_widths: BTreeSet<String> = drawn["widths"]
                .as_array()
                .map(|a| a.iter().filter_map(Value::as_f64).map(width).collect())
                .unwrap_or_default();
            assert_eq!((page_colours, page_widths), (colours, widths), "{} drawn unlike its picture", rule.name());
        }
    }
}

impl Session {
    /// Picks the little killer direction `value` ("1,1" is down right) from the Direction menu.
    async fn direction(&self, value: &str) {
        let menu = self.client.find(Locator::Css("#clue-direction")).await.expect("the Direction menu");
        menu.select_by_value(value).await.expect("a direction");
    }

    /// Types `clue` (empty: none) into the Clue box and clicks the margin cell at `place`
    /// ("row,col" from 0; -1 and n are the margin).
    async fn clue_at(&self, clue: &str, place: &str) {
        let input = self.client.find(Locator::Css("#clue-value")).await.expect("the Clue box");
        input.clear().await.expect("clear the clue");
        if !clue.is_empty() {
            input.send_keys(clue).await.expect("type the clue");
        }
        // The pointer pressed at the margin cell's middle (chromedriver's element click
        // misplaces SVG shapes sitting outside the page's first screen).
        let middle = self
            .js(&format!(
                "const el = document.querySelector('[data-outside=\"{place}\"]'); el.scrollIntoView({{block: 'center'}}); \
                 const r = el.getBoundingClientRect(); return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)];"
            ))
            .await;
        let (x, y) = (middle[0].as_i64().expect("x"), middle[1].as_i64().expect("y"));
        let mouse = MouseActions::new("mouse".into())
            .then(PointerAction::MoveTo { duration: None, x, y })
            .then(PointerAction::Down { button: MOUSE_BUTTON_LEFT })
            .then(PointerAction::Up { button: MOUSE_BUTTON_LEFT });
        self.client.perform_actions(mouse).await.expect("a click on the margin");
    }

    /// The texts of the clues standing in the margin.
    async fn margin_texts(&self) -> Value {
        self.drawn("return Array.from(document.querySelectorAll('#margin [data-text]')).map((t) => t.dataset.text);")
            .await
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn outside_clues_are_set_by_clicking_the_margin_and_reach_the_solver() {
    // Issue 15: the editor places outside clues by clicking a margin around the grid.
    let Some(s) = Session::start("margin").await else { return };
    s.js(RECORD_ERRORS).await;
    // An outside-clue tool shows only when the server has its rule.
    let tools = s
        .js("return Array.from(document.querySelectorAll('#tools [data-needs]')).map((l) => [l.dataset.needs, l.hidden]);")
        .await;
    let health: Value = s.js("return fetch('/api/health').then((r) => r.json());").await;
    let known: Vec<&str> =
        health["data_rules"].as_array().expect("data_rules").iter().filter_map(Value::as_str).collect();
    for tool in tools.as_array().expect("tools") {
        let name = tool[0].as_str().expect("a rule name");
        assert_eq!(tool[1], json!(!known.contains(&name)), "{name} shown iff the server has it");
    }
    let margin_display = "return getComputedStyle(document.getElementById('margin')).display;";
    assert_eq!(s.js(margin_display).await, json!("none"), "no margin on a plain puzzle");
    s.click("[data-tool=\"littlekiller\"]").await;
    assert_eq!(s.js(margin_display).await, json!("block"));
    assert_eq!(
        s.js("return document.querySelectorAll('#margin rect.outside').length;").await,
        json!(40),
        "the ring of a 9x9"
    );
    s.direction("1,1").await;
    s.clue_at("40", "-1,0").await;
    s.direction("1,-1").await;
    s.clue_at("20", "4,9").await;
    s.direction("-1,-1").await;
    s.clue_at("45", "9,9").await;
    let clues = |v: &Value| {
        v["rules"].as_array().expect("rules").iter().find(|r| r["type"] == "little-killer").map(|r| r["clues"].clone())
    };
    let diagonal = |cells: &[(usize, usize)]| cells.iter().map(|(r, c)| format!("r{r}c{c}")).collect::<Vec<_>>();
    let down_right = diagonal(&[(1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7), (7, 8), (8, 9)]);
    let down_left = diagonal(&[(6, 9), (7, 8), (8, 7), (9, 6)]);
    let up_left: Vec<String> = (1..=9).rev().map(|k| format!("r{k}c{k}")).collect();
    assert_eq!(
        clues(&s.exported_json().await),
        Some(json!([{"cells": down_right, "sum": 40}, {"cells": down_left, "sum": 20}, {"cells": up_left, "sum": 45}]))
    );
    assert_eq!(s.margin_texts().await, json!(["40", "20", "45"]));
    // Refused with the reason, the puzzle left as it was: a diagonal that leaves at once, and a
    // sum eight digits cannot reach.
    s.direction("1,1").await;
    s.clue_at("5", "-1,8").await;
    let (state, status) = s.status().await;
    assert_eq!(state, "error", "{status}");
    assert!(status.contains("No diagonal of two cells or more runs ↘ from there"), "{status}");
    s.clue_at("73", "-1,0").await;
    let (state, status) = s.status().await;
    assert_eq!((state.as_str(), status.as_str()), ("error", "8 digits of 1..9 sum to 8–72; 73 cannot be reached"));
    // The same place again replaces its clue; with no clue typed the click takes it off.
    s.clue_at("41", "-1,0").await;
    s.direction("-1,-1").await;
    s.clue_at("", "9,9").await;
    let (value, read) = s.exported_puzzle().await;
    assert_eq!(clues(&value), Some(json!([{"cells": down_right, "sum": 41}, {"cells": down_left, "sum": 20}])));
    assert_eq!(s.shapes().await, ["Little killer: 41 ↘ from r1c2", "Little killer: 20 ↙ from r6c9"]);
    // The solver gets them: the grid passes the rule's checker, and the sums add up by hand.
    let shown = s.solve_checked(&read).await;
    let sum = |cells: &[String]| -> u32 {
        cells
            .iter()
            .map(|c| u32::from(shown.values()[sudoku_ip_model::Cell::parse(c, 9).expect("a cell").index(9)]))
            .sum()
    };
    assert_eq!((sum(&down_right), sum(&down_left)), (41, 20));
    // Back on the digits tool the clues keep their margin, which no longer takes clicks.
    s.click("[data-tool=\"digits\"]").await;
    assert_eq!(s.js(margin_display).await, json!("block"));
    assert_eq!(s.js("return document.getElementById('margin').classList.contains('picking');").await, json!(false));
    s.js("window.scrollTo(0, 0);").await;
    s.shot("margin-little-killer").await;
    // With the last clue removed from the list the margin goes.
    s.click("#shapes li:nth-child(1) button").await;
    s.click("#shapes li:nth-child(1) button").await;
    assert_eq!(s.js(margin_display).await, json!("none"));
    assert_eq!(s.margin_texts().await, json!([]));
    assert!(s.script_errors().await.is_empty(), "{:?}", s.script_errors().await);
    s.close().await;
}

impl Session {
    /// Drags over `cells` with the Quadruple tool picked, types `digits` and presses Add: the
    /// status after.
    async fn quad(&self, cells: &[&str], digits: &str) -> (String, String) {
        self.drag(cells, false).await;
        let input = self.client.find(Locator::Css("#quad-digits")).await.expect("the Digits box");
        input.clear().await.expect("clear");
        input.send_keys(digits).await.expect("type the digits");
        self.click("#add-shape").await;
        self.status().await
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quadruple_is_drawn_from_a_selected_2x2_with_its_digits_and_reaches_the_solver() {
    let Some(s) = Session::start("quadruple").await else { return };
    s.js(RECORD_ERRORS).await;
    s.click("[data-tool=\"quadruple\"]").await;
    assert_eq!(s.quad(&["r6c6", "r6c7", "r7c7", "r7c6"], "19").await.0, "ok");
    // 1 twice: r3c3 and r4c4 share no row, column or box.
    assert_eq!(s.quad(&["r3c3", "r3c4", "r4c4", "r4c3"], "1 1 2").await.0, "ok");
    // Refused with the reason: not a 2x2, a digit the grid lacks, too many digits.
    let (state, status) = s.quad(&["r7c1", "r7c2", "r7c3", "r7c4"], "1").await;
    assert_eq!(
        (state.as_str(), status.as_str()),
        ("error", "Select the four cells of a 2x2 block (the circle goes on the vertex they share)")
    );
    let (state, status) = s.quad(&["r7c1", "r7c2", "r8c2", "r8c1"], "0").await;
    assert_eq!((state.as_str(), status.as_str()), ("error", "0 is not a digit of this 9x9 grid"));
    let (state, status) = s.quad(&["r7c1", "r7c2", "r8c2", "r8c1"], "12345").await;
    assert_eq!((state.as_str(), status.as_str()), ("error", "Type 1 to 4 digits for the circle, not 5"));
    // The same four cells again replace their digits.
    assert_eq!(s.quad(&["r7c7", "r6c6", "r6c7", "r7c6"], "5").await.0, "ok");
    let (value, read) = s.exported_puzzle().await;
    let quads =
        value["rules"].as_array().expect("rules").iter().find(|r| r["type"] == "quadruple").expect("a quadruple rule");
    assert_eq!(
        quads["quads"],
        json!([{"cells": ["r6c6", "r6c7", "r7c6", "r7c7"], "digits": [5]}, {"cells": ["r3c3", "r3c4", "r4c3", "r4c4"], "digits": [1, 1, 2]}])
    );
    assert_eq!(s.shapes().await, ["Quadruple 5: r6c6 r6c7 r7c6 r7c7", "Quadruple 1 1 2: r3c3 r3c4 r4c3 r4c4"]);
    assert_eq!(
        s.drawn("return document.querySelectorAll('#overlay [data-rule=\"quadruple\"] circle').length;").await,
        json!(2)
    );
    let shown = s.solve_checked(&read).await;
    let block = |r: usize, c: usize| -> Vec<u8> {
        let v = shown.values();
        let mut d = vec![v[r * 9 + c], v[r * 9 + c + 1], v[(r + 1) * 9 + c], v[(r + 1) * 9 + c + 1]];
        d.sort_unstable();
        d
    };
    assert!(block(5, 5).contains(&5), "{:?}", block(5, 5));
    let top = block(2, 2);
    assert_eq!((top.iter().filter(|&&d| d == 1).count(), top.contains(&2)), (2, true), "{top:?}");
    s.finish("quadruple-drawn").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_example_with_a_link_form_pasted_as_a_link_keeps_its_rules_and_solves_checked_on_the_page() {
    // Issue 15: a link pasted from SudokuPad for each supported rule solves from the web page.
    use sudoku_ip_formats::fpuzzles::{self, LinkKind};
    let Some(s) = Session::start("every-link").await else { return };
    s.js(RECORD_ERRORS).await;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("examples")
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    let mut solved = Vec::new();
    for name in &names {
        let text = example_text(name);
        let example = formats::parse_puzzle(&text, &ParseOptions::default()).expect("the example");
        let Ok(link) = fpuzzles::to_link(&example, LinkKind::SudokuPad) else { continue };
        let linked = formats::parse_puzzle(&link, &ParseOptions::default()).expect("the link reads back");
        let (state, status) = s.import(&link).await;
        assert_eq!((state.as_str(), status.as_str()), ("ok", "Imported"), "{name}");
        let (value, read) = s.exported_puzzle().await;
        assert_eq!(read, linked, "{name}: the page keeps every rule of the link: {value}");
        let (state, text_shown) = s.press("#solve").await;
        assert_eq!((state.as_str(), text_shown.as_str()), ("ok", "Solved"), "{name}");
        let shown = s.shown_line().await;
        let grid = puzzle_of(&shown).givens().clone();
        assert!(check::verify(&linked, &grid).is_empty(), "{name}: {:?}", check::verify(&linked, &grid));
        if let Some(rows) = serde_json::from_str::<Value>(&text).expect("json")["solution"].as_array() {
            let solution: String = rows.iter().map(|r| r.as_str().expect("a row")).collect();
            assert_eq!(shown, solution, "{name}: the setter's solution");
        }
        if name == "clone.json" {
            // Each shape and its copy shaded: 4 + 4 and 3 + 3 cells; listed a pair a line.
            let shaded =
                s.drawn("return document.querySelectorAll('#underlay [data-rule=\"clone\"] rect').length;").await;
            assert_eq!(shaded, json!(14));
            let listed = s.shapes().await;
            assert_eq!(
                listed.iter().filter(|l| l.starts_with("Clone: ") && l.contains(" = ")).count(),
                2,
                "{listed:?}"
            );
            s.js("window.scrollTo(0, 0);").await;
            s.shot("link-imported-clone").await;
        }
        solved.push(name.trim_end_matches(".json").to_string());
    }
    // Every rule with an f-puzzles form has its example here.
    for rule in [
        "renban",
        "whispers",
        "palindrome",
        "between-line",
        "little-killer",
        "quadruple",
        "killer",
        "thermometer",
        "arrow",
        "kropki",
        "xv",
        "sandwich",
        "x-sum",
        "skyscraper",
        "min-max",
        "clone",
        "disjoint-groups",
    ] {
        assert!(solved.iter().any(|n| n == rule), "{rule} not among {solved:?}");
    }
    assert!(s.script_errors().await.is_empty(), "{:?}", s.script_errors().await);
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sandwich_x_sum_and_skyscraper_clues_in_the_margin_and_min_max_cells_reach_the_solver() {
    // Issue 15: the editor draws each rule; outside clues by clicking the margin.
    let Some(s) = Session::start("outside-rules").await else { return };
    s.js(RECORD_ERRORS).await;
    s.click("[data-tool=\"sandwich\"]").await;
    s.clue_at("15", "-1,0").await;
    // A corner has no row or column.
    s.clue_at("15", "-1,-1").await;
    let (state, status) = s.status().await;
    assert_eq!(
        (state.as_str(), status.as_str()),
        ("error", "A sandwich clue stands beside a row or a column, not in a corner")
    );
    s.click("[data-tool=\"xsum\"]").await;
    s.clue_at("15", "1,-1").await;
    s.click("[data-tool=\"skyscraper\"]").await;
    s.clue_at("10", "4,9").await;
    let (state, status) = s.status().await;
    assert_eq!((state.as_str(), status.as_str()), ("error", "A skyscraper clue sees 1 to 9 digits"));
    s.clue_at("3", "4,9").await;
    s.add_shape("minimum", &["r5c5"], None).await;
    s.add_shape("maximum", &["r8c2"], None).await;
    let (value, read) = s.exported_puzzle().await;
    let rule = |kind: &str| {
        value["rules"].as_array().expect("rules").iter().find(|r| r["type"] == kind).cloned().unwrap_or(Value::Null)
    };
    assert_eq!(rule("sandwich")["clues"], json!([{"side": "top", "index": 1, "sum": 15}]), "{value}");
    assert_eq!(rule("x-sum")["clues"], json!([{"side": "left", "index": 2, "sum": 15}]), "{value}");
    assert_eq!(rule("skyscraper")["clues"], json!([{"side": "right", "index": 5, "count": 3}]), "{value}");
    assert_eq!(
        (rule("min-max")["minimum"].clone(), rule("min-max")["maximum"].clone()),
        (json!(["r5c5"]), json!(["r8c2"]))
    );
    assert_eq!(
        s.shapes().await,
        [
            "Sandwich: 15 above column 1",
            "X-sum: 15 left of row 2",
            "Skyscraper: 3 right of row 5",
            "Minimum: r5c5",
            "Maximum: r8c2"
        ]
    );
    assert_eq!(s.margin_texts().await, json!(["15", "15", "3"]));
    let shown = s.solve_checked(&read).await;
    // By hand: column 1 between its 1 and 9, row 2's first X digits, row 5 seen from the right.
    let v = |r: usize, c: usize| u32::from(shown.values()[r * 9 + c]);
    let column: Vec<u32> = (0..9).map(|r| v(r, 0)).collect();
    let (a, b) = (column.iter().position(|&d| d == 1).expect("a 1"), column.iter().position(|&d| d == 9).expect("a 9"));
    assert_eq!(column[a.min(b) + 1..a.max(b)].iter().sum::<u32>(), 15, "sandwich {column:?}");
    let row: Vec<u32> = (0..9).map(|c| v(1, c)).collect();
    assert_eq!(row[..row[0] as usize].iter().sum::<u32>(), 15, "x-sum {row:?}");
    let seen = (0..9).rev().map(|c| v(4, c)).fold((0, 0), |(top, k), d| if d > top { (d, k + 1) } else { (top, k) }).1;
    assert_eq!(seen, 3, "skyscraper");
    assert!([(3, 4), (5, 4), (4, 3), (4, 5)].iter().all(|&(r, c)| v(4, 4) < v(r, c)), "minimum");
    assert!([(6, 1), (7, 0), (7, 2), (8, 1)].iter().all(|&(r, c)| v(7, 1) > v(r, c)), "maximum");
    s.finish("margin-outside-rules").await;
}

impl Session {
    /// Clears the input `css` and types `text` into it.
    async fn fill(&self, css: &str, text: &str) {
        let input = self.client.find(Locator::Css(css)).await.unwrap_or_else(|e| panic!("no {css}: {e}"));
        input.clear().await.expect("clear");
        if !text.is_empty() {
            input.send_keys(text).await.expect("type");
        }
    }

    /// Selects `cells` by dragging over them, types `value` into the input `css` (if any) and
    /// presses Add; the status after it.
    async fn drag_and_add(&self, cells: &[&str], input: Option<(&str, &str)>) -> (String, String) {
        self.drag(cells, false).await;
        if let Some((css, value)) = input {
            self.fill(css, value).await;
        }
        self.click("#add-shape").await;
        self.status().await
    }

    /// The rule of type `kind` in the puzzle's JSON, or null.
    fn rule_of(puzzle: &Value, kind: &str) -> Value {
        puzzle["rules"].as_array().expect("rules").iter().find(|r| r["type"] == kind).cloned().unwrap_or(Value::Null)
    }

    /// Presses the remove button of the one listed shape whose text starts with `prefix`.
    async fn remove_shape(&self, prefix: &str) {
        let script = format!(
            "const hits = Array.from(document.querySelectorAll('#shapes li')).filter((li) => li.textContent.startsWith({})); \
             if (hits.length === 1) hits[0].querySelector('button').click(); return hits.length;",
            json!(prefix)
        );
        assert_eq!(
            self.js(&script).await,
            json!(1),
            "one listed shape starts with {prefix:?}: {:?}",
            self.shapes().await
        );
    }

    /// Copies the f-puzzles link, then imports it on a new grid, and asserts the page then
    /// holds `puzzle` (its rules in any order: the reader puts them in registry order).
    async fn through_fpuzzles_link(&self, puzzle: &Puzzle) {
        let (state, status) = self.press("#copy-fpuzzles").await;
        assert_eq!(state, "ok", "{status}");
        let link = self.js("return document.getElementById('share-link').value;").await;
        self.click("#new-grid").await;
        assert_eq!(self.shapes().await, Vec::<String>::new(), "a new grid holds no shape");
        let (state, status) = self.import(link.as_str().expect("a link")).await;
        assert_eq!((state.as_str(), status.as_str()), ("ok", "Imported"));
        let back = self.exported_puzzle().await.1;
        assert_eq!((back.geometry(), back.givens()), (puzzle.geometry(), puzzle.givens()));
        assert_eq!(back.rules().len(), puzzle.rules().len(), "{back:?}");
        assert!(puzzle.rules().iter().all(|r| back.rules().contains(r)), "{back:?} holds {puzzle:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn zipper_region_sum_entropic_modular_nabner_lines_and_slow_thermometers_are_dragged_and_solved() {
    // Issue 15: the editor draws each line rule by dragging through cells. Every tool here
    // comes from the registry (each rule file's `INPUT`), named after its rule: nabner.rs,
    // a rule added after the page, has its tool with no line of the page's script naming it.
    let Some(s) = Session::start("more-lines").await else { return };
    s.js(RECORD_ERRORS).await;
    let lines: [(&str, &[&str]); 6] = [
        ("zipper-line", &["r1c1", "r1c2", "r1c3"]),
        ("region-sum-line", &["r4c2", "r4c3", "r4c4", "r4c5"]),
        ("entropic-line", &["r7c1", "r7c2", "r7c3", "r8c3"]),
        ("modular-line", &["r9c5", "r9c6", "r9c7", "r9c8"]),
        // r6c5 and r7c6 see each other in no row, column or box: they may be equal.
        ("slow-thermometer", &["r6c5", "r7c6", "r8c7"]),
        ("nabner", &["r2c7", "r2c8", "r3c9"]),
    ];
    assert_eq!(
        s.js("return ['nabner', 'zipper-line'].map((t) => document.querySelector(`[data-tool=\"${t}\"]`).parentElement.textContent.trim());")
            .await,
        json!(["Nabner", "Zipper line"])
    );
    // The registry's tool: a line tool with the rule's summary for its hint.
    s.click("[data-tool=\"modular-line\"]").await;
    let label = s
        .js("const r = document.querySelector('[data-tool=\"modular-line\"]'); \
                      return [r.parentElement.textContent.trim(), document.getElementById('tool-hint').textContent];")
        .await;
    let summary = sudoku_ip_model::rules::REGISTRY.iter().find(|e| e.name == "modular-line").expect("modular").summary;
    assert_eq!(label[0], json!("Modular line"));
    assert!(
        label[1].as_str().is_some_and(|h| h.starts_with(&format!("Drag through the cells of the line: {summary}."))),
        "{label}"
    );
    for (tool, cells) in &lines {
        s.click(&format!("[data-tool=\"{tool}\"]")).await;
        s.drag(cells, false).await;
    }
    let (value, read) = s.exported_puzzle().await;
    for (kind, cells) in &lines {
        let key = if *kind == "slow-thermometer" { "thermometers" } else { "lines" };
        assert_eq!(Session::rule_of(&value, kind)[key], json!([cells]), "{kind}: {value}");
    }
    assert_eq!(
        s.shapes().await,
        [
            "Zipper line: r1c1 → r1c2 → r1c3",
            "Region sum line: r4c2 → r4c3 → r4c4 → r4c5",
            "Entropic line: r7c1 → r7c2 → r7c3 → r8c3",
            "Modular line: r9c5 → r9c6 → r9c7 → r9c8",
            "Slow thermometer: r6c5 → r7c6 → r8c7",
            "Nabner: r2c7 → r2c8 → r3c9",
        ]
    );
    // Drawn beneath the digits in the pictures' colours; the slow thermometer with its bulb.
    let strokes = s
        .drawn("return Array.from(document.querySelectorAll('#underlay .marks [data-rule] path')).map((p) => p.getAttribute('stroke'));")
        .await;
    assert_eq!(strokes, json!(["#e6a8e0", "#4aa3df", "#f3a64a", "#45b8a8", "#a9b8cc", "#c9a227"]));
    assert_eq!(
        s.js("return document.querySelectorAll('#underlay [data-rule=\"slow-thermometer\"] circle').length;").await,
        json!(1)
    );
    let shown = s.solve_checked(&read).await;
    let v = |cell: &str| i64::from(shown.values()[sudoku_ip_model::Cell::parse(cell, 9).expect("a cell").index(9)]);
    assert_eq!(v("r1c1") + v("r1c3"), v("r1c2"), "zipper");
    assert_eq!(v("r4c2") + v("r4c3"), v("r4c4") + v("r4c5"), "region-sum line: one segment a box");
    let third = |c: &str| (v(c) - 1) / 3;
    for run in [["r7c1", "r7c2", "r7c3"], ["r7c2", "r7c3", "r8c3"]] {
        let mut thirds = run.map(third);
        thirds.sort_unstable();
        assert_eq!(thirds, [0, 1, 2], "entropic {run:?}");
    }
    for run in [["r9c5", "r9c6", "r9c7"], ["r9c6", "r9c7", "r9c8"]] {
        let mut rests = run.map(|c| v(c) % 3);
        rests.sort_unstable();
        assert_eq!(rests, [0, 1, 2], "modular {run:?}");
    }
    assert!(v("r6c5") <= v("r7c6") && v("r7c6") <= v("r8c7"), "slow thermometer");
    let nabner = ["r2c7", "r2c8", "r3c9"].map(v);
    for (i, a) in nabner.iter().enumerate() {
        assert!(nabner[i + 1..].iter().all(|b| (a - b).abs() > 1), "nabner {nabner:?}");
    }
    s.js("window.scrollTo(0, 0);").await;
    s.shot("lines-more").await;
    // Each line has its own remove button.
    s.click("#shapes li:nth-child(1) button").await;
    assert_eq!(Session::rule_of(&s.exported_json().await, "zipper-line"), Value::Null);
    // Refused with the server's reason (the rule file's validation): entropic lines on a side
    // without thirds, region-sum lines without regions; the refused line goes again.
    s.select_size(8).await;
    let refused = "document.getElementById('status').dataset.state === 'error'";
    s.click("[data-tool=\"entropic-line\"]").await;
    s.js("document.getElementById('status').dataset.state = 'clicked';").await;
    s.drag(&["r1c1", "r1c2", "r1c3"], false).await;
    s.wait_until(refused, "the entropic line refused").await;
    let (_, status) = s.status().await;
    assert_eq!(
        status,
        "Entropic line: entropic lines need a grid side divisible by 3 (low, middle, high thirds); this one is 8"
    );
    assert_eq!(s.shapes().await, Vec::<String>::new());
    let menu = s.client.find(Locator::Css("#box")).await.expect("the Boxes menu");
    menu.select_by_value("none").await.expect("no boxes");
    s.click("[data-tool=\"region-sum-line\"]").await;
    s.js("document.getElementById('status').dataset.state = 'clicked';").await;
    s.drag(&["r1c1", "r1c2", "r1c3"], false).await;
    s.wait_until(refused, "the region-sum line refused").await;
    let (_, status) = s.status().await;
    assert_eq!(status, "Region sum line: region-sum lines need regions; this grid has none");
    assert_eq!(s.shapes().await, Vec::<String>::new());
    s.finish("lines-more-refused").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clones_dots_with_values_and_given_pencil_marks_go_through_a_link_and_reach_the_solver() {
    // Issue 15: clone, kropki with any value and given pencil marks drawn on the page, kept
    // through an f-puzzles link and solved.
    let Some(s) = Session::start("clone-dots-marks").await else { return };
    s.js(RECORD_ERRORS).await;
    s.click("[data-tool=\"clone\"]").await;
    let (state, status) = s.drag_and_add(&["r1c1", "r1c2", "r2c2"], None).await;
    assert_eq!(
        (state.as_str(), status.as_str()),
        (
            "ok",
            "Area of 3 cells kept: now select its copy, cell for cell in the same order (the area's cells are numbered), and Add"
        )
    );
    assert_eq!(s.js("return document.querySelectorAll('#overlay rect.pending-area').length;").await, json!(3));
    let order =
        "return Array.from(document.querySelectorAll('#overlay text.pending-order')).map((t) => t.textContent);";
    assert_eq!(s.js(order).await, json!(["1", "2", "3"]));
    s.shot("clone-pending").await;
    let (state, status) = s.drag_and_add(&["r5c5", "r5c6"], None).await;
    assert_eq!(
        (state.as_str(), status.as_str()),
        ("error", "The copy needs 3 cells, as many as its area; 2 are selected")
    );
    // A mirrored copy: its cells selected in the matching order pair up in that order (r1c1
    // with r5c6, r1c2 with r5c5, r2c2 with r6c5), not in reading order.
    assert_eq!(s.drag_and_add(&["r5c6", "r5c5", "r6c5"], None).await, ("ok".to_string(), "Added".to_string()));
    // A copy that is no turn or mirror of its area in that order is added with a note.
    let (state, status) = s.drag_and_add(&["r7c1", "r7c2", "r7c3"], None).await;
    assert_eq!(state, "ok", "{status}");
    let (state, status) = s.drag_and_add(&["r9c4", "r9c5", "r8c5"], None).await;
    assert_eq!(
        (state.as_str(), status.as_str()),
        (
            "error",
            "Added; note: in this order the copy is not the area shifted, turned or mirrored (r7c1 = r9c4, r7c2 = r9c5, …): check the pairs in the list"
        )
    );
    s.remove_shape("Clone: r7c1").await;
    s.click("[data-tool=\"diffdot\"]").await;
    assert_eq!(s.drag_and_add(&["r2c7", "r2c8"], Some(("#dot-value", "3"))).await.0, "ok");
    let (state, status) = s.drag_and_add(&["r3c7", "r3c8"], Some(("#dot-value", "9"))).await;
    assert_eq!((state.as_str(), status.as_str()), ("error", "No two different digits of 1..9 differ by 9"));
    // A difference of 1 is the kropki rule's white dot.
    assert_eq!(s.drag_and_add(&["r8c8", "r8c9"], Some(("#dot-value", "1"))).await.0, "ok");
    s.click("[data-tool=\"ratiodot\"]").await;
    assert_eq!(s.drag_and_add(&["r3c4", "r4c4"], Some(("#dot-value", "3"))).await.0, "ok");
    let (state, status) = s.drag_and_add(&["r3c4", "r4c4"], Some(("#dot-value", "4"))).await;
    assert_eq!((state.as_str(), status.as_str()), ("error", "That pair already has a mark"));
    s.click("[data-tool=\"pencil\"]").await;
    assert_eq!(s.drag_and_add(&["r9c1", "r9c2"], Some(("#quad-digits", "138"))).await.0, "ok");
    let (state, status) = s.drag_and_add(&["r9c3"], Some(("#quad-digits", "0"))).await;
    assert_eq!((state.as_str(), status.as_str()), ("error", "0 is not a digit of this 9x9 grid"));
    // The same cell again replaces its marks.
    assert_eq!(s.drag_and_add(&["r9c2"], Some(("#quad-digits", "2 4"))).await.0, "ok");
    let (value, read) = s.exported_puzzle().await;
    assert_eq!(
        Session::rule_of(&value, "clone")["clones"],
        json!([{"cells": ["r1c1", "r1c2", "r2c2"], "copy": ["r5c6", "r5c5", "r6c5"]}])
    );
    let dots = Session::rule_of(&value, "kropki-values");
    assert_eq!(
        (dots["differences"].clone(), dots["ratios"].clone()),
        (json!([{"cells": ["r2c7", "r2c8"], "value": 3}]), json!([{"cells": ["r3c4", "r4c4"], "value": 3}]))
    );
    assert_eq!(Session::rule_of(&value, "kropki")["white"], json!([["r8c8", "r8c9"]]));
    assert_eq!(
        Session::rule_of(&value, "candidates")["cells"],
        json!([{"cell": "r9c1", "digits": [1, 3, 8]}, {"cell": "r9c2", "digits": [2, 4]}])
    );
    assert_eq!(
        s.shapes().await,
        [
            "Kropki white: r8c8–r8c9",
            "Clone: r1c1 r1c2 r2c2 = r5c6 r5c5 r6c5",
            "Difference dot 3: r2c7–r2c8",
            "Ratio dot 3: r3c4–r4c4",
            "Pencil marks 1 3 8: r9c1",
            "Pencil marks 2 4: r9c2",
        ]
    );
    // Drawn: the value dots white and grey with their values, the clone shaded.
    let dots = s.drawn("return Array.from(document.querySelectorAll('#overlay [data-rule=\"kropki-values\"] circle')).map((c) => c.getAttribute('fill'));").await;
    assert_eq!(dots, json!(["#ffffff", "#9a9a9a"]));
    let values = s.js("return Array.from(document.querySelectorAll('#overlay [data-rule=\"kropki-values\"] [data-text]')).map((t) => t.dataset.text);").await;
    assert_eq!(values, json!(["3", "3"]));
    assert_eq!(
        s.js("return document.querySelectorAll('#underlay [data-rule=\"clone\"] rect').length;").await,
        json!(6)
    );
    s.js("window.scrollTo(0, 0);").await;
    s.shot("clone-dots-marks").await;
    // Out as an f-puzzles link and back in: the same puzzle.
    s.through_fpuzzles_link(&read).await;
    let shown = s.solve_checked(&read).await;
    let v = |cell: &str| i64::from(shown.values()[sudoku_ip_model::Cell::parse(cell, 9).expect("a cell").index(9)]);
    assert_eq!(["r1c1", "r1c2", "r2c2"].map(v), ["r5c6", "r5c5", "r6c5"].map(v), "clone");
    assert_eq!((v("r2c7") - v("r2c8")).abs(), 3, "difference dot");
    let (a, b) = (v("r3c4").min(v("r4c4")), v("r3c4").max(v("r4c4")));
    assert_eq!(b, 3 * a, "ratio dot");
    assert_eq!((v("r8c8") - v("r8c9")).abs(), 1, "white dot");
    assert!([1, 3, 8].contains(&v("r9c1")) && [2, 4].contains(&v("r9c2")), "pencil marks");
    // Add with no digits takes the cell's marks off; the list's button takes a clone off.
    assert_eq!(s.drag_and_add(&["r9c1"], Some(("#quad-digits", ""))).await.0, "ok");
    s.remove_shape("Clone: ").await;
    let value = s.exported_json().await;
    assert_eq!(Session::rule_of(&value, "clone"), Value::Null);
    assert_eq!(Session::rule_of(&value, "candidates")["cells"], json!([{"cell": "r9c2", "digits": [2, 4]}]));
    s.finish("clone-dots-marks-removed").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn all_white_and_all_black_dots_given_are_toggles_of_their_own_kept_through_a_link() {
    // Issue 15: the kropki negative constraints separately (f-puzzles `nonconsecutive`,
    // `negative: ["ratio"]`), and XV's on its own.
    let Some(s) = Session::start("negative").await else { return };
    s.js(RECORD_ERRORS).await;
    s.add_shape("white", &["r5c5", "r5c6"], None).await;
    let notes = "return Array.from(document.querySelectorAll('#board-notes li')).map((li) => li.textContent);";
    assert_eq!(s.js(notes).await, json!([]));
    s.click("#kropki-black-all").await;
    // Under the board, as the picture's caption says it.
    assert_eq!(s.js(notes).await, json!(["kropki: all black dots are given"]));
    let (value, read) = s.exported_puzzle().await;
    let kropki = Session::rule_of(&value, "kropki");
    assert_eq!(
        (kropki["all_black"].clone(), kropki.get("all_white"), kropki.get("all_given")),
        (json!(true), None, None)
    );
    // Through a link and back, the black one alone (the page once read only `all_given`).
    s.through_fpuzzles_link(&read).await;
    let boxes =
        "return ['#kropki-white-all', '#kropki-black-all', '#xv-all'].map((b) => document.querySelector(b).checked);";
    assert_eq!(s.js(boxes).await, json!([false, true, false]));
    let shown = s.solve_checked(&read).await;
    let v = |r: usize, c: usize| u32::from(shown.values()[r * 9 + c]);
    assert_eq!(v(4, 4).abs_diff(v(4, 5)), 1, "the white dot");
    // The dot exempts its own pair (a 1-2 under the white dot is as good as any consecutive
    // pair: "all black dots given" speaks of the pairs without a dot). Which solution the
    // engine shows is its business; this held only by luck until the search's order changed.
    for r in 0..9 {
        for c in 0..9 {
            for (r2, c2) in [(r + 1, c), (r, c + 1)] {
                if r2 < 9 && c2 < 9 && (r, c, r2, c2) != (4, 4, 4, 5) {
                    let (a, b) = (v(r, c), v(r2, c2));
                    assert!(
                        a != 2 * b && b != 2 * a,
                        "r{}c{} and r{}c{} in ratio 2 without a dot",
                        r + 1,
                        c + 1,
                        r2 + 1,
                        c2 + 1
                    );
                }
            }
        }
    }
    // The white one alone, then both (all_given), then XV's on its own.
    s.click("#kropki-black-all").await;
    s.click("#kropki-white-all").await;
    let (value, read) = s.exported_puzzle().await;
    assert_eq!(Session::rule_of(&value, "kropki")["all_white"], json!(true));
    s.through_fpuzzles_link(&read).await;
    assert_eq!(s.js(boxes).await, json!([true, false, false]));
    s.click("#kropki-black-all").await;
    s.click("#xv-all").await;
    let (value, read) = s.exported_puzzle().await;
    assert_eq!(Session::rule_of(&value, "kropki")["all_given"], json!(true));
    assert_eq!(Session::rule_of(&value, "xv")["all_given"], json!(true));
    s.through_fpuzzles_link(&read).await;
    assert_eq!(s.js(boxes).await, json!([true, true, true]));
    assert_eq!(s.js(notes).await, json!(["kropki: all dots are given", "XV: all X and V are given"]));
    s.js("window.scrollTo(0, 0);").await;
    s.shot("negative-constraints").await;
    // A dot with a value beside "All black dots given" (read as dclamage's SudokuSolver reads
    // f-puzzles' `negative`): the dot exempts its pair, and no other pair may show its ratio, 3
    // (the ratios the black dots show are forbidden; 2 only when it is one of them, or when there
    // is no black dot). It goes out in an f-puzzles link and back, and is solved so.
    s.click("#new-grid").await;
    assert_eq!(s.js(boxes).await, json!([false, false, false]));
    s.click("[data-tool=\"ratiodot\"]").await;
    assert_eq!(
        s.drag_and_add(&["r2c2", "r2c3"], Some(("#dot-value", "3"))).await,
        ("ok".to_string(), "Added".to_string())
    );
    assert_eq!(s.js(notes).await, json!([]));
    s.click("#kropki-black-all").await;
    assert_eq!(s.status().await, ("ok".to_string(), "All black dots given: on".to_string()));
    assert_eq!(s.js(notes).await, json!(["kropki: all black dots are given (no other neighbours are in ratio 3)"]));
    let (value, read) = s.exported_puzzle().await;
    assert_eq!(Session::rule_of(&value, "kropki")["all_black"], json!(true));
    assert_eq!(Session::rule_of(&value, "kropki-values")["ratios"], json!([{"cells": ["r2c2", "r2c3"], "value": 3}]));
    s.through_fpuzzles_link(&read).await;
    let shown = s.solve_checked(&read).await;
    let v = |r: usize, c: usize| u32::from(shown.values()[r * 9 + c]);
    s.js("window.scrollTo(0, 0);").await;
    s.shot("negative-valued-dots-solved").await;
    let (a, b) = (v(1, 1).min(v(1, 2)), v(1, 1).max(v(1, 2)));
    assert_eq!(b, 3 * a, "the ratio dot");
    for r in 0..9 {
        for c in 0..9 {
            for (r2, c2) in [(r + 1, c), (r, c + 1)] {
                if r2 < 9 && c2 < 9 && (r, c, r2, c2) != (1, 1, 1, 2) {
                    let (a, b) = (v(r, c).min(v(r2, c2)), v(r, c).max(v(r2, c2)));
                    assert!(b != 3 * a, "r{}c{} and r{}c{} in ratio 3 without a dot", r + 1, c + 1, r2 + 1, c2 + 1);
                }
            }
        }
    }
    s.click("#kropki-black-all").await;
    assert_eq!(s.js(notes).await, json!([]));
    assert_eq!(s.status().await, ("ok".to_string(), "All black dots given: off".to_string()));
    s.finish("negative-valued-dots").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn digital_root_cages_indexers_double_and_pill_arrows_are_drawn_kept_through_a_link_and_solved() {
    // Issue 15: the editor draws each rule, these four too.
    let Some(s) = Session::start("root-index-arrows").await else { return };
    s.js(RECORD_ERRORS).await;
    s.click("[data-tool=\"drcage\"]").await;
    let (state, status) = s.drag_and_add(&["r1c1", "r1c2", "r1c3"], Some(("#dr-root", "0"))).await;
    assert_eq!((state.as_str(), status.as_str()), ("error", "Type the digital root, 1 to 9"));
    assert_eq!(s.drag_and_add(&["r1c1", "r1c2", "r1c3"], Some(("#dr-root", "5"))).await.0, "ok");
    let (state, status) = s.drag_and_add(&["r1c3", "r1c4"], Some(("#dr-root", "2"))).await;
    assert_eq!((state.as_str(), status.as_str()), ("error", "r1c3 is already in a digital-root cage"));
    s.add_shape("rowindexer", &["r2c1"], None).await;
    // A cell may be a row and a column indexer at once (the model reads each list alone).
    s.add_shape("colindexer", &["r3c5", "r2c1"], None).await;
    s.add_shape("boxindexer", &["r4c4", "r5c5"], None).await;
    // Add again unmarks.
    s.add_shape("boxindexer", &["r4c4"], None).await;
    s.click("[data-tool=\"double-arrow\"]").await;
    s.drag(&["r7c1", "r7c2", "r7c3", "r7c4"], false).await;
    s.click("[data-tool=\"pill\"]").await;
    let (state, status) = s.drag_and_add(&["r9c1", "r8c2"], None).await;
    assert_eq!((state.as_str(), status.as_str()), ("error", "A pill is 2 or more touching cells in one row or column"));
    // The pill's cells out of order along it are refused; selected from the right, it reads
    // from the right.
    s.shift_select(&["r9c5", "r9c7", "r9c6"]).await;
    s.click("#add-shape").await;
    let (state, status) = s.status().await;
    assert_eq!(
        (state.as_str(), status.as_str()),
        ("error", "Select the pill's cells one after another from the end its number starts at (r9c5 or r9c7)")
    );
    let (state, status) = s.drag_and_add(&["r9c6", "r9c5"], None).await;
    assert_eq!(
        (state.as_str(), status.as_str()),
        ("ok", "Pill r9c6 r9c5 kept (read in that order): now drag its arrow from a cell touching it and Add")
    );
    let (state, status) = s.drag_and_add(&["r7c7", "r6c8"], None).await;
    assert_eq!(
        (state.as_str(), status.as_str()),
        ("error", "The arrow starts next to the pill; r7c7 does not touch it")
    );
    assert_eq!(s.drag_and_add(&["r8c6", "r7c7", "r6c8"], None).await.0, "ok");
    let (value, read) = s.exported_puzzle().await;
    assert_eq!(
        Session::rule_of(&value, "digital-root")["cages"],
        json!([{"cells": ["r1c1", "r1c2", "r1c3"], "root": 5}])
    );
    let indexer = Session::rule_of(&value, "indexer");
    assert_eq!(
        [indexer["rows"].clone(), indexer["columns"].clone(), indexer["boxes"].clone()],
        [json!(["r2c1"]), json!(["r3c5", "r2c1"]), json!(["r5c5"])]
    );
    assert_eq!(Session::rule_of(&value, "double-arrow")["lines"], json!([["r7c1", "r7c2", "r7c3", "r7c4"]]));
    assert_eq!(
        Session::rule_of(&value, "pill-arrow")["arrows"],
        json!([{"pill": ["r9c6", "r9c5"], "cells": ["r8c6", "r7c7", "r6c8"]}])
    );
    assert_eq!(
        s.shapes().await,
        [
            "Digital-root cage DR5: r1c1 r1c2 r1c3",
            "Row indexer: r2c1",
            "Column indexer: r3c5 r2c1",
            "Box indexer: r5c5",
            "Double arrow: r7c1 → r7c2 → r7c3 → r7c4",
            "Pill arrow: (r9c6 r9c5) r8c6 → r7c7 → r6c8",
        ]
    );
    // Drawn as the pictures draw them: the cage's label, the indexers shaded (r2c1 half red,
    // half blue), a thin line with a circle at each end, the pill a band.
    // (The server's layers count 100 units a cell.)
    let drawn = s
        .drawn("const indexer = '#underlay [data-rule=\"indexer\"] rect'; \
             return [Array.from(document.querySelectorAll('#overlay [data-rule=\"digital-root\"] [data-text]')).map((t) => t.dataset.text), \
             ['#f4c7c3', '#c3d7f4', '#c8ecc8'].map((fill) => document.querySelectorAll(`${indexer}[fill=\"${fill}\"]`).length), \
             Array.from(document.querySelectorAll(indexer)).filter((r) => r.getAttribute('y') === '100' && +r.getAttribute('x') < 100) \
               .map((r) => [r.getAttribute('fill'), +r.getAttribute('x'), +r.getAttribute('width')]), \
             document.querySelectorAll('#underlay [data-rule=\"double-arrow\"] circle').length, \
             document.querySelectorAll('#underlay [data-rule=\"pill-arrow\"] path').length];")
        .await;
    assert_eq!(drawn, json!([["DR5"], [1, 2, 1], [["#f4c7c3", 0, 50], ["#c3d7f4", 50, 50]], 2, 4]));
    s.js("window.scrollTo(0, 0);").await;
    s.shot("root-index-arrows").await;
    s.through_fpuzzles_link(&read).await;
    let shown = s.solve_checked(&read).await;
    let v = |r: usize, c: usize| u32::from(shown.values()[(r - 1) * 9 + c - 1]);
    let cage = [v(1, 1), v(1, 2), v(1, 3)];
    assert_eq!((cage.iter().sum::<u32>() - 1) % 9 + 1, 5, "digital root {cage:?}");
    assert!(cage[0] != cage[1] && cage[1] != cage[2] && cage[0] != cage[2], "{cage:?}");
    assert_eq!(v(v(2, 1) as usize, 1), 2, "row indexer: row v of column 1 holds 2");
    assert_eq!(v(2, v(2, 1) as usize), 1, "column indexer r2c1: column v of row 2 holds 1");
    assert_eq!(v(3, v(3, 5) as usize), 5, "column indexer: column v of row 3 holds 5");
    let p = v(5, 5) as usize;
    assert_eq!(v(4 + (p - 1) / 3, 4 + (p - 1) % 3), 5, "box indexer: position v of box 5 holds 5");
    assert_eq!(v(7, 1) + v(7, 4), v(7, 2) + v(7, 3), "double arrow");
    assert_eq!(10 * v(9, 6) + v(9, 5), v(8, 6) + v(7, 7) + v(6, 8), "pill arrow, read from the right");
    s.finish("root-index-arrows-solved").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn low_before_high_rows_are_marked_from_the_selection_and_reach_the_solver() {
    let Some(s) = Session::start("low-before-high").await else { return };
    s.js(RECORD_ERRORS).await;
    s.add_shape("lowhigh", &["r1c4", "r9c9", "r5c2"], None).await;
    // Add again on a row unmarks it.
    s.add_shape("lowhigh", &["r5c7"], None).await;
    let (value, read) = s.exported_puzzle().await;
    assert_eq!(Session::rule_of(&value, "low-before-high")["rows"], json!([1, 9]));
    assert_eq!(s.shapes().await, ["Low before high: rows 1 9"]);
    // It has no shape: its caption, as the pictures', under the board.
    let caption = s.drawn("return document.getElementById('mark-captions').textContent;").await;
    assert_eq!(caption, json!("low before high: in rows 1, 9 the 1 stands left of the highest digit"));
    let shown = s.solve_checked(&read).await;
    for r in [0, 8] {
        let row = &shown.values()[r * 9..r * 9 + 9];
        let at = |d: u8| row.iter().position(|&v| v == d).expect("a digit");
        assert!(at(1) < at(9), "row {}: {row:?}", r + 1);
    }
    s.finish("low-before-high").await;
}

// ---------------------------------------------------------------------------------------------
// The page as a newcomer found it (issue 30, item 5): candidates over a solution, killer
// sums and pencil marks on top of each other, a board that broke when the window narrowed, a
// report that said Givens twice, a size Generate refused, a time limit silently replaced.

/// For the `#notes` marks (pencil digits and the discs behind them) and the killer totals the
/// server draws, the pairs that overlap, as "what ~ what" strings, with the mark's client box
/// against every side of every cage outline (each side of the server's path a box of its
/// stroke's width), every total and every patch of paper under a total; and each total that
/// does not lie on its patch (the patch hides the outline where it runs through the total):
/// empty when candidates, outlines and totals keep clear of one another. Also how many marks,
/// totals and outline sides it looked at.
const CAGE_CLASHES: &str = "
    const box = (e) => e.getBoundingClientRect();
    const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const inside = (a, b) => a.left >= b.left && a.right <= b.right && a.top >= b.top && a.bottom <= b.bottom;
    const name = (e) => e.side || `${e.tagName}.${e.getAttribute('class')}${e.dataset.noteCell ? ' ' + e.dataset.noteCell + ':' + e.dataset.digit : ''}`;
    const lines = [];
    for (const p of document.querySelectorAll('#underlay [data-rule=\"killer\"] path')) {
        const m = p.getScreenCTM();
        const w = +p.getAttribute('stroke-width') / 2;
        const at = (x, y) => new DOMPoint(x, y).matrixTransform(m);
        let start = null, last = null;
        for (const t of p.getAttribute('d').split(/(?=[MLZ])/)) {
            const [x, y] = t.slice(1).trim().split(/[ ,]+/).map(Number);
            const to = t[0] === 'Z' ? start : [x, y];
            if (t[0] === 'M') start = to;
            else if (last) {
                const a = at(Math.min(last[0], to[0]) - w, Math.min(last[1], to[1]) - w);
                const b = at(Math.max(last[0], to[0]) + w, Math.max(last[1], to[1]) + w);
                const r = { left: Math.min(a.x, b.x), right: Math.max(a.x, b.x), top: Math.min(a.y, b.y), bottom: Math.max(a.y, b.y) };
                lines.push({ side: `cage side ${last} to ${to}`, getBoundingClientRect: () => r });
            }
            last = to;
        }
    }
    const totals = Array.from(document.querySelectorAll('#overlay [data-rule=\"killer\"] [data-text]'));
    const patches = Array.from(document.querySelectorAll('#overlay [data-rule=\"killer\"] rect'));
    const marks = Array.from(document.querySelectorAll('#notes text.pencil, #notes circle'));
    const out = [];
    for (const m of marks) for (const o of [...lines, ...totals, ...patches]) if (hit(box(m), box(o))) out.push(`${name(m)} ~ ${name(o)}`);
    for (const t of totals) {
        const on = patches.some((p) => inside(box(t), box(p)) && getComputedStyle(p).fill === 'rgb(255, 255, 255)');
        if (!on) out.push(`total ${t.dataset.text} off its patch of paper`);
    }
    return [out.slice(0, 12), marks.length, totals.length, lines.length];";

/// How the board sits in the window: whether every cell is square (to half a pixel), the last
/// row's bottom and the board's frame's bottom, each thermometer bulb's centre against its
/// first cell's centre (the largest gap, px, and how many bulbs the server drew), and the page's scroll width against the
/// window's, with the right edge of Clear digits.
const BOARD_FIT: &str = "
    const cells = Array.from(document.querySelectorAll('[data-cell]')).map((c) => c.getBoundingClientRect());
    const square = cells.every((b) => Math.abs(b.width - b.height) <= 0.5);
    const frame = document.getElementById('board').getBoundingClientRect();
    const last = cells[cells.length - 1];
    let gap = 0;
    const bulbs = document.querySelectorAll('#underlay [data-rule=\"thermometer\"] circle');
    for (const bulb of bulbs) {
        const b = bulb.getBoundingClientRect();
        const c = cells[0];
        gap = Math.max(gap, Math.hypot(b.left + b.width / 2 - (c.left + c.width / 2), b.top + b.height / 2 - (c.top + c.height / 2)));
    }
    return { square, width: cells[0].width, height: cells[0].height, last_bottom: last.bottom, frame_bottom: frame.bottom,
             bulb_gap: gap, bulbs: bulbs.length, scroll: document.documentElement.scrollWidth, inner: window.innerWidth,
             clear_right: document.getElementById('clear-digits').getBoundingClientRect().right };";

impl Session {
    /// Resizes the window and waits for the page to lay out at the new width.
    async fn resize(&self, width: u32, height: u32) {
        self.client.set_window_size(width, height).await.expect("resize the window");
        self.wait_until(&format!("Math.abs(window.innerWidth - {width}) < 40"), &format!("a window {width} px wide"))
            .await;
        self.js("return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));").await;
    }

    /// Asserts the board fits the window as [`BOARD_FIT`] measures it; `what` says where.
    async fn assert_board_fits(&self, what: &str) -> Value {
        let fit = self.drawn(BOARD_FIT).await;
        assert_eq!(fit["square"], json!(true), "{what}: cells are not square: {fit}");
        let f = |k: &str| fit[k].as_f64().unwrap_or(f64::NAN);
        assert!(f("last_bottom") <= f("frame_bottom") + 0.5, "{what}: the last row spills below the frame: {fit}");
        assert!(f("bulb_gap") <= 1.0, "{what}: the thermometer's bulb is off its cell: {fit}");
        assert!(f("scroll") <= f("inner"), "{what}: the page scrolls sideways: {fit}");
        assert!(f("clear_right") <= f("inner"), "{what}: Clear digits is cut off: {fit}");
        fit
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn show_candidates_with_a_solution_shown_hides_the_solution_and_draws_the_candidates() {
    let Some(s) = Session::start("candidates-over-solution").await else { return };
    s.js(RECORD_ERRORS).await;
    let line = classic_without_its_first_row();
    s.open(&format!("{}#line={line}", s.url)).await;
    s.press("#solve").await;
    assert!(!s.shown_line().await.contains('.'), "a solution is shown");
    let (state, status) = s.press("#show-candidates").await;
    assert_eq!(state, "ok", "{status}");
    assert_eq!(s.shown_line().await, line, "the solution is hidden, the givens stay");
    let limits = sudoku_ip::Limits { time: None, nodes: None, ..sudoku_ip::Limits::default() };
    let found = sudoku_ip::candidates(&puzzle_of(&line), 10, limits).expect("true candidates");
    assert_eq!(s.drawn_masks(9).await, open_cells(&found.masks(), &line), "the drawn candidates");
    assert!(s.script_errors().await.is_empty(), "{:?}", s.script_errors().await);
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killer_totals_sit_in_a_notch_of_the_outline_and_candidates_keep_clear_of_both() {
    let Some(s) = Session::start("killer-notch").await else { return };
    s.js(RECORD_ERRORS).await;
    let (state, status) = s.import(&example_text("killer.json")).await;
    assert_eq!(state, "ok", "{status}");
    // The plain board: no outline runs through a total.
    let plain = s.drawn(CAGE_CLASHES).await;
    assert_eq!(plain[0], json!([]), "outlines through totals: {plain}");
    assert!(plain[2].as_u64().unwrap_or(0) >= 20, "the totals: {plain}");
    assert!(plain[3].as_u64().unwrap_or(0) >= 80, "the outlines' sides: {plain}");
    // A hint draws every open cell's candidates with discs behind some: none touches an outline
    // or a total.
    let (state, status) = s.press("#hint").await;
    assert_eq!(state, "ok", "{status}");
    let hinted = s.drawn(CAGE_CLASHES).await;
    assert!(hinted[1].as_u64().unwrap_or(0) >= 81, "the candidates: {hinted}");
    assert_eq!(hinted[0], json!([]), "candidates over outlines or totals: {hinted}");
    // The same on a phone, and the pictures of the page docs/img holds (page-desktop.png,
    // page-phone.png: SUDOKU_IP_E2E_SHOTS=docs/img and this test's name).
    s.resize(1400, 1000).await;
    s.js("window.scrollTo(0, 0);").await;
    s.shot("page-desktop").await;
    s.resize(390, 844).await;
    let phone = s.drawn(CAGE_CLASHES).await;
    assert_eq!(phone[0], json!([]), "390 px: candidates over outlines or totals: {phone}");
    s.assert_board_fits("390 px, killer with candidates").await;
    s.js("window.scrollTo(0, 0);").await;
    s.shot("page-phone").await;
    s.resize(1280, 1024).await;
    // The true candidates too, after a solution was shown.
    s.press("#solve").await;
    let (state, status) = s.press("#show-candidates").await;
    assert_eq!(state, "ok", "{status}");
    let shown = s.drawn(CAGE_CLASHES).await;
    assert!(shown[1].as_u64().unwrap_or(0) >= 81, "the true candidates: {shown}");
    assert_eq!(shown[0], json!([]), "true candidates over outlines or totals: {shown}");
    assert!(s.script_errors().await.is_empty(), "{:?}", s.script_errors().await);
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_follows_the_window_from_1400_to_420_px_and_a_phone_has_no_sideways_scroll() {
    let Some(s) = Session::start("resize").await else { return };
    s.js(RECORD_ERRORS).await;
    s.resize(1400, 1000).await;
    s.add_shape("thermo", &["r1c1", "r2c2", "r3c3", "r4c4"], None).await;
    s.type_in("r9c9", "5").await;
    let wide = s.assert_board_fits("1400 px").await;
    assert_eq!(wide["bulbs"], json!(1), "the thermometer's bulb, drawn by the server: {wide}");
    // Narrowed after loading, as a person drags the window's edge.
    s.resize(420, 1000).await;
    let narrow = s.assert_board_fits("420 px").await;
    assert!(
        narrow["width"].as_f64().unwrap_or(0.0) < wide["width"].as_f64().unwrap_or(0.0) - 10.0,
        "the board did not narrow with the window: {wide} then {narrow}"
    );
    s.resize(390, 844).await;
    s.assert_board_fits("390 px").await;
    // Outside clues add a ring of one cell: the board and its ring still fit.
    s.click("[data-tool=\"sandwich\"]").await;
    let ring = s
        .js("const m = document.getElementById('margin').getBoundingClientRect(); \
             return [m.left, m.right, window.innerWidth, document.documentElement.scrollWidth];")
        .await;
    let at = |k: usize| ring[k].as_f64().unwrap_or(f64::NAN);
    assert!(at(0) >= 0.0 && at(1) <= at(2) && at(3) <= at(2), "the margin ring leaves the window: {ring}");
    s.assert_board_fits("390 px with the margin").await;
    s.click("[data-tool=\"digits\"]").await;
    s.resize(1400, 1000).await;
    s.assert_board_fits("back at 1400 px").await;
    assert!(s.script_errors().await.is_empty(), "{:?}", s.script_errors().await);
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn generate_is_off_above_the_servers_size_and_a_negative_time_limit_is_refused_aloud() {
    let Some(s) = Session::start("limits").await else { return };
    s.js(RECORD_ERRORS).await;
    let side = s.js("return fetch('/api/health').then((r) => r.json()).then((h) => h.limits.generate_side);").await;
    let side = side.as_u64().expect("generate_side") as usize;
    s.select_size(side + 1).await;
    let off = s.js("return [document.getElementById('generate').disabled, document.getElementById('generate-limit').hidden, document.getElementById('generate-limit').textContent];").await;
    assert_eq!(off[0], json!(true), "Generate on at {}x{}: {off}", side + 1, side + 1);
    assert_eq!(off[1], json!(false), "no word why: {off}");
    assert!(off[2].as_str().unwrap_or("").contains(&format!("up to {side}x{side}")), "{off}");
    s.select_size(9).await;
    let on = s
        .js("return [document.getElementById('generate').disabled, document.getElementById('generate-limit').hidden];")
        .await;
    assert_eq!(on, json!([false, true]), "Generate at 9x9");
    // A time limit of -3 is refused where the person looks, and nothing is solved.
    s.js("const t = document.getElementById('time-limit'); t.value = '-3'; t.dispatchEvent(new Event('change'));")
        .await;
    let (state, text) = s.status().await;
    assert_eq!(state, "error", "{text}");
    assert!(text.contains("-3 s is not a time limit"), "{text}");
    assert_eq!(s.js("return document.getElementById('time-limit').getAttribute('aria-invalid');").await, json!("true"));
    let (state, text) = s.press("#solve").await;
    assert_eq!(state, "error", "{text}");
    assert!(text.contains("-3 s is not a time limit"), "{text}");
    let (report_state, report) = s.report().await;
    assert_eq!(report_state, json!("error"), "{report}");
    assert_eq!(s.shown_line().await, ".".repeat(81), "solved with a refused time limit");
    assert_eq!(s.js("return document.getElementById('time-limit').value;").await, json!("-3"), "the box was rewritten");
    s.js("const t = document.getElementById('time-limit'); t.value = '2'; t.dispatchEvent(new Event('change'));").await;
    let (state, text) = s.press("#solve").await;
    assert_eq!((state.as_str(), text.as_str()), ("ok", "Solved"));
    assert_eq!(
        s.js("return document.getElementById('time-limit').getAttribute('aria-invalid');").await,
        json!("false")
    );
    assert!(s.script_errors().await.is_empty(), "{:?}", s.script_errors().await);
    s.close().await;
}

// ---------------------------------------------------------------------------------------------
// Uniqueness as you draw (issue 36, goal 4).

impl Session {
    /// The uniqueness line once it has settled (not "checking…"): its state and text.
    async fn uniqueness(&self) -> (String, String) {
        self.wait_until(
            "document.getElementById('uniqueness').dataset.state !== 'checking'",
            "the uniqueness check to answer",
        )
        .await;
        let v =
            self.js("const u = document.getElementById('uniqueness'); return [u.dataset.state, u.textContent];").await;
        (v[0].as_str().unwrap_or("").to_string(), v[1].as_str().unwrap_or("").to_string())
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_edit_checks_uniqueness_and_the_next_edit_cancels_the_check_in_flight() {
    let Some(s) = Session::start("unique-as-you-draw").await else { return };
    s.js(RECORD_ERRORS).await;
    // Every check the page starts, and those it aborts, counted in the page.
    s.js("window.__checks = 0; window.__aborted = 0; const f = window.fetch; \
          window.fetch = (url, o) => { if (String(url).endsWith('/api/count') && o && o.signal) { window.__checks++; \
            o.signal.addEventListener('abort', () => window.__aborted++); } return f(url, o); };")
        .await;
    // The empty grid has many solutions.
    s.type_in("r1c1", "5").await;
    assert_eq!(s.uniqueness().await, ("many".into(), "2+ solutions".into()));
    // The classic with its first row emptied: still 2+; its first row typed back: unique.
    let classic = CLASSIC;
    let line = classic_without_its_first_row();
    s.open(&format!("{}#line={line}", s.url)).await;
    assert_eq!(s.uniqueness().await.0, "many");
    for (c, digit) in classic[..9].chars().enumerate() {
        if digit != '.' {
            s.type_in(&format!("r1c{}", c + 1), &digit.to_string()).await;
        }
    }
    assert_eq!(s.uniqueness().await, ("unique".into(), "unique".into()));
    let (count, _) = count_up_to_two(&puzzle_of(classic));
    assert_eq!(count, 1, "the page said unique of a puzzle the engine does not find unique");
    // A second 5 in the row: no solution.
    s.type_in("r1c9", "5").await;
    assert_eq!(s.uniqueness().await, ("none".into(), "no solution".into()));
    // Undo: unique again, from a fresh check of the puzzle as it now is.
    s.keys(&format!("{}z{}", char::from(Key::Control), char::from(Key::Null))).await;
    assert_eq!(s.uniqueness().await.0, "unique");
    // A burst of edits, each starting a check while the one before may still run: whatever the
    // timing, the line ends speaking of the last puzzle, not of one in between (r5c5 holds 5 in
    // the classic's solution, so 1, 2, 3, 6, 7, 8 and 9 there have no solution).
    let before = s.js("return [window.__checks, window.__aborted];").await;
    for digit in ["1", "2", "3", "6", "7", "8", "9"] {
        s.type_in("r5c5", digit).await;
    }
    s.keys(&char::from(Key::Delete).to_string()).await;
    let (state, _) = s.uniqueness().await;
    assert_eq!(state, "unique", "r5c5 cleared again: the last puzzle is the unique one");
    let after = s.js("return [window.__checks, window.__aborted];").await;
    let checks = after[0].as_u64().unwrap_or(0) - before[0].as_u64().unwrap_or(0);
    assert!(checks >= 1, "no check after the burst: {before} {after}");
    // Nothing is left running: the line is settled and no check is in flight (the page's own
    // count of fetches started minus aborted minus answered is not observable, so check that a
    // new edit still gets its own answer).
    s.type_in("r5c5", "9").await;
    assert_eq!(s.uniqueness().await.0, "none");
    assert!(s.script_errors().await.is_empty(), "{:?}", s.script_errors().await);
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_held_as_json_are_drawn_from_the_servers_marks_under_the_digits() {
    // Issue 31: the page draws what each rule file's `draw` says, drawn by the render crate
    // (POST /api/marks); the script holds no rule's drawing or colour.
    let Some(s) = Session::start("server-marks").await else { return };
    s.js(RECORD_ERRORS).await;
    let renban = json!({"type": "renban", "lines": [["r1c6", "r1c7", "r1c8", "r2c8"]]});
    let puzzle = json!({"size": 9, "box": "3x3",
    "givens": [".........", ".........", ".........", ".........", ".........", "...2.....", ".........", ".........", "........."],
    "rules": [
        {"type": "thermometer", "thermometers": [["r1c1", "r2c2", "r3c3", "r4c4"]]},
        {"type": "killer", "cages": [{"cells": ["r5c1", "r5c2", "r6c1"], "sum": 15}, {"cells": ["r8c8", "r8c9", "r9c9"], "sum": 10}]},
        {"type": "kropki", "white": [["r7c3", "r7c4"]], "black": [["r3c6", "r4c6"]]},
        renban,
        {"type": "little-killer", "clues": [{"cells": ["r1c2", "r2c3", "r3c4", "r4c5", "r5c6", "r6c7", "r7c8", "r8c9"], "sum": 40}]},
        {"type": "between-line", "lines": [["r6c4", "r6c5", "r6c6", "r7c6"]]}
    ]});
    let (state, status) = s.import(&puzzle.to_string()).await;
    assert_eq!(state, "ok", "{status}");
    // The renban line in renban.rs's colour, along the path the render crate draws.
    let model = sudoku_ip::formats::json::parse_value(&json!({"size": 9, "rules": [renban]})).expect("a renban");
    let colour = common::first_line_colour(&model);
    let layers = sudoku_ip::render::rule_layers(&model);
    let d = layers.under.split(" d=\"").nth(1).and_then(|t| t.split('"').next()).expect("the line's path");
    let drawn = s
        .drawn("return Array.from(document.querySelectorAll('#underlay [data-rule=\"renban\"] path')).map((p) => [p.getAttribute('stroke'), p.getAttribute('d')]);")
        .await;
    assert_eq!(drawn, json!([[colour, d]]));
    // The little killer's clue stands in the margin, the between line's circles under the
    // digits: the given 2 and a typed digit on its ends are on top.
    let margin = s.js("return [document.getElementById('board-wrap').classList.contains('with-margin'), \
                       Array.from(document.querySelectorAll('#margin [data-rule=\"little-killer\"] [data-text]')).map((t) => t.dataset.text)];").await;
    assert_eq!(margin, json!([true, ["40"]]));
    s.type_in("r7c6", "7").await;
    for (cell, digit) in [("r6c4", "2"), ("r7c6", "7")] {
        s.js(&format!("document.querySelector('[data-cell=\"{cell}\"]').scrollIntoView({{block: 'center'}});")).await;
        let seen = s.client.execute(UNDER_AND_CLEAR, vec![json!([cell])]).await.expect("hit test");
        assert_eq!((&seen[cell][0], &seen[cell][2]), (&json!(cell), &json!(digit)), "{seen}");
    }
    // An edit asks again, and only the last answer is drawn: a second renban line, then its
    // removal from the list.
    s.click("[data-tool=\"renban\"]").await;
    s.drag(&["r9c1", "r9c2", "r9c3"], false).await;
    let count = "return document.querySelectorAll('#underlay [data-rule=\"renban\"] path').length;";
    assert_eq!(s.drawn(count).await, json!(2));
    s.click("[data-tool=\"digits\"]").await;
    s.click("[data-cell=\"r1c9\"]").await;
    s.keys(&format!("{}z{}", char::from(Key::Control), char::from(Key::Null))).await;
    assert_eq!(s.drawn(count).await, json!(1));
    // Pictures for a person: desktop and phone width.
    s.resize(1400, 1000).await;
    s.js("window.scrollTo(0, 0);").await;
    s.drawn("return 0;").await;
    s.shot("server-marks-desktop").await;
    s.resize(390, 844).await;
    s.assert_board_fits("390 px, rules drawn by the server").await;
    s.js("window.scrollTo(0, 0);").await;
    s.shot("server-marks-phone").await;
    s.resize(1280, 1024).await;
    s.finish("server-marks").await;
}

/// Every rule the page edits itself (thermometers, arrows, killer cages, kropki, X/V, odd/even,
/// diagonals, windows, extra regions) is drawn by the server, one `g[data-rule]` each, and
/// none by the page: it holds no shape or colour of a rule (issue 31, goal 1).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_rule_the_page_edits_is_drawn_from_the_servers_marks() {
    let Some(s) = Session::start("page-rules-by-server").await else { return };
    s.js(RECORD_ERRORS).await;
    let every = json!({"size": 9, "box": "3x3", "givens": vec![".".repeat(9); 9], "rules": [
        {"type": "diagonal"},
        {"type": "windows"},
        {"type": "killer", "cages": [{"cells": ["r1c3", "r1c4"], "sum": 3}, {"cells": ["r9c8", "r9c9", "r8c9"], "sum": 24}]},
        {"type": "odd-even", "odd": ["r3c1"], "even": ["r3c2"]},
        {"type": "thermometer", "thermometers": [["r1c1", "r2c1", "r2c2"]]},
        {"type": "arrow", "arrows": [{"circle": "r7c1", "cells": ["r7c2", "r7c3"]}]},
        {"type": "kropki", "white": [["r1c5", "r1c6"]], "black": [["r2c5", "r2c6"]]},
        {"type": "xv", "x": [["r5c8", "r5c9"]], "v": [["r6c8", "r6c9"]]},
        {"type": "extra-regions", "regions": [["r9c1", "r9c2", "r9c3", "r8c1"]]}
    ]});
    let (state, status) = s.import(&every.to_string()).await;
    assert_eq!(state, "ok", "{status}");
    let groups = s
        .drawn(
            "return Array.from(document.querySelectorAll('#underlay [data-rule], #overlay [data-rule]')).map((g) => \
             `${g.closest('svg').id} ${g.dataset.rule}`).sort();",
        )
        .await;
    let want = [
        "overlay killer",
        "overlay kropki",
        "overlay xv",
        "underlay arrow",
        "underlay diagonal",
        "underlay extra-regions",
        "underlay killer",
        "underlay odd-even",
        "underlay thermometer",
        "underlay windows",
    ];
    assert_eq!(groups, json!(want), "each rule drawn by the server where it belongs");
    // Nothing of a rule outside the server's layers: the page's own shapes are the grid's.
    let own =
        s.js("return document.querySelectorAll('#underlay > :not(.marks), #overlay > :not(.marks)').length;").await;
    assert_eq!(own, json!(0), "the page draws a rule itself");
    let totals = s.js("return Array.from(document.querySelectorAll('#overlay [data-rule=\"killer\"] [data-text]')).map((t) => t.dataset.text);").await;
    assert_eq!(totals, json!(["3", "24"]));
    s.resize(1400, 1000).await;
    s.js("window.scrollTo(0, 0);").await;
    s.drawn("return 0;").await;
    s.shot("step2-desktop").await;
    s.resize(390, 844).await;
    s.assert_board_fits("390 px, every page rule drawn by the server").await;
    s.js("window.scrollTo(0, 0);").await;
    s.shot("step2-phone").await;
    s.resize(1280, 1024).await;
    s.finish("page-rules-by-server").await;
}

/// Issue 32 goal 4: Explain on a killer and on a thermometer puzzle steps through the rule's
/// own steps with their text, the rule's cells highlighted and the candidates they remove
/// drawn red; screenshots of both (desktop and phone) for a person to look at.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn explain_steps_through_a_killer_and_a_thermometer_with_their_rules_steps() {
    let Some(s) = Session::start("explain-variants").await else { return };
    s.js(RECORD_ERRORS).await;
    for (example, technique, shot) in [
        ("killer.json", sudoku_ip::generate::Technique::CageCombinations, "explain-killer"),
        ("thermometer.json", sudoku_ip::generate::Technique::ClueLogic, "explain-thermometer"),
    ] {
        let text = example_text(example);
        let (state, status) = s.import(&text).await;
        assert_eq!(state, "ok", "{example}: {status}");
        let (state, status) = s.press("#explain").await;
        assert_eq!(state, "ok", "{example}: {status}");
        let puzzle = formats::parse_puzzle(&text, &ParseOptions::default()).expect("the example reads");
        let path = sudoku_ip::explain_positions(&puzzle, None).expect("unique");
        let steps = &path.explanation.steps;
        assert!(status.contains(&format!("in {} steps", steps.len())), "{example}: {status}");
        let at = steps.iter().position(|st| st.technique == technique).expect("the rule's step is on the path");
        s.click("#step-first").await;
        for _ in 0..at {
            s.click("#step-next").await;
        }
        let step = &steps[at];
        assert_eq!(s.text_of("#step-counter").await, format!("Step {} of {}", at + 1, steps.len()), "{example}");
        let report = s.text_of("#report").await;
        assert!(report.contains(&step.text), "{example}: the report {report:?} lacks {:?}", step.text);
        // A person can follow it: cells named, no internal ids.
        assert!(
            step.text.contains("r") && !step.text.contains("thermo1") && !step.text.contains("cage1"),
            "{}",
            step.text
        );
        let notes = s.notes().await;
        let cells: Vec<String> = notes.iter().filter(|n| n.0 == "pattern-cell").map(|n| n.1.clone()).collect();
        let want: Vec<String> = step.cells.iter().map(|c| c.to_string()).collect();
        assert_eq!(cells, want, "{example}: the rule's cells highlighted");
        let red = notes.iter().filter(|n| n.0 == "removed").count();
        assert_eq!(red, step.eliminations.len(), "{example}: the step's eliminations drawn red");
        s.resize(1400, 1000).await;
        s.js("window.scrollTo(0, 0);").await;
        s.shot(shot).await;
        s.resize(390, 844).await;
        // (BOARD_FIT's bulb check measures one thermometer from r1c1: not these.)
        let fit = s.drawn(BOARD_FIT).await;
        let f = |k: &str| fit[k].as_f64().unwrap_or(f64::NAN);
        assert_eq!(fit["square"], json!(true), "{example} on a phone: {fit}");
        assert!(
            f("last_bottom") <= f("frame_bottom") + 0.5 && f("scroll") <= f("inner"),
            "{example} on a phone: {fit}"
        );
        s.js("window.scrollTo(0, 0);").await;
        s.shot(&format!("{shot}-phone")).await;
        s.resize(1280, 1024).await;
    }
    assert!(s.script_errors().await.is_empty(), "{:?}", s.script_errors().await);
    s.close().await;
}

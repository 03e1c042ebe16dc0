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

use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use sudoku_ip_model::formats::{self, ParseOptions};
use sudoku_ip_model::{check, Backend, Model, Puzzle, SearchEnd, SearchRequest};
use sudoku_ip_web::{serve_on, AppConfig};
use tokio::sync::oneshot;

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
    _browser: Browser,
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
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
            .expect("a chromium session");
        let session = Session { client, url: format!("http://{addr}/"), stop_server: Some(stop), _browser: browser };
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
    assert_eq!(state, "ok", "{text}");
    assert!(text.contains("unique"), "{text}");
    s.click("#share").await;
    let link = s.js("return document.getElementById('share-link').value;").await;
    let link = link.as_str().expect("a link").to_string();
    assert!(link.contains("#p="), "{link}");
    s.client.goto("about:blank").await.expect("leave the page");
    s.open(&link).await;
    assert_eq!(s.shown_line().await, HARD_LINE, "the shared link reopens the puzzle");
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
    let puzzle = sudoku_ip_model::formats::json::parse_value(&exported).expect("the exported JSON reads back");
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

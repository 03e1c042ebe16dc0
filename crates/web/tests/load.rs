//! A bounded load test on loopback: many concurrent clients send solve requests to a real
//! server socket for a few seconds, then a burst of 2000 requests arrives at once. Every
//! request must succeed (HTTP 200 with a solved, checked grid); the test prints requests/s.
//!
//! Ignored by default (it saturates the machine for ~10 s): run it with
//! `cargo test --release -p sudoku-ip-web --test load -- --ignored --nocapture`.
//! Traffic goes only to 127.0.0.1, and every loop is bounded in count and time.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use serde_json::{json, Value};
use sudoku_ip_web::{serve_on, AppConfig, ServerLimits};

/// Puzzles of varied difficulty (a few lines, not a data set).
const PUZZLES: &[&str] = &[
    "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
    ".....6....59.....82....8....45........3........6..3.54...325..6..................",
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
];

struct Tally {
    ok: AtomicU64,
    failed: AtomicU64,
}

type HttpClient = Client<hyper_util::client::legacy::connect::HttpConnector, Full<Bytes>>;

/// One solve request; true when it came back 200 with a solved grid.
async fn solve_once(client: &HttpClient, url: &str, line: &str) -> Result<(), String> {
    let body = json!({ "line": line }).to_string();
    let request = hyper::Request::post(url)
        .header("content-type", "application/json")
        .body(Full::new(Bytes::from(body)))
        .map_err(|e| e.to_string())?;
    let response = client.request(request).await.map_err(|e| format!("request: {e}"))?;
    let status = response.status();
    let bytes = response.into_body().collect().await.map_err(|e| format!("body: {e}"))?.to_bytes();
    let answer: Value = serde_json::from_slice(&bytes).map_err(|e| format!("not JSON: {e}"))?;
    let solved = answer["solution"]["line"].as_str().is_some_and(|s| s.len() == 81 && !s.contains('.'));
    if status == 200 && answer["status"] == "solved" && solved {
        Ok(())
    } else {
        Err(format!("{status}: {answer}"))
    }
}

async fn record(tally: &Tally, result: Result<(), String>) {
    match result {
        Ok(()) => tally.ok.fetch_add(1, Ordering::Relaxed),
        Err(e) => {
            if tally.failed.fetch_add(1, Ordering::Relaxed) < 5 {
                eprintln!("failed request: {e}");
            }
            0
        }
    };
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "load test: saturates the machine for ~10 s; run with --ignored --nocapture (release)"]
async fn many_concurrent_solves_all_succeed() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("address");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    // The burst queues 2000 solves at once on a 2-core machine: the last one waits over a
    // second for a slot, close to the default 2 s after which the server answers 503 by design.
    // A longer wait here measures throughput without that deliberate shedding.
    let limits = ServerLimits { queue_wait: Duration::from_secs(10), ..ServerLimits::default() };
    let server = tokio::spawn(serve_on(listener, AppConfig { limits }, async {
        let _ = stopped.await;
    }));
    let url = format!("http://{addr}/api/solve");
    let client: HttpClient = Client::builder(TokioExecutor::new()).build_http();

    // Phase 1: 200 clients, each looping until 3 s are up or it has sent 500 requests.
    let clients = 200;
    let tally = Arc::new(Tally { ok: AtomicU64::new(0), failed: AtomicU64::new(0) });
    let start = Instant::now();
    let deadline = start + Duration::from_secs(3);
    let mut tasks = Vec::new();
    for c in 0..clients {
        let (client, url, tally) = (client.clone(), url.clone(), tally.clone());
        tasks.push(tokio::spawn(async move {
            for k in 0..500 {
                if Instant::now() >= deadline {
                    break;
                }
                let line = PUZZLES[(c + k) % PUZZLES.len()];
                record(&tally, solve_once(&client, &url, line).await).await;
            }
        }));
    }
    for t in tasks {
        t.await.expect("client task");
    }
    let elapsed = start.elapsed();
    let (ok, failed) = (tally.ok.load(Ordering::Relaxed), tally.failed.load(Ordering::Relaxed));
    println!(
        "sustained: {clients} clients, {} requests in {:.2} s = {:.0} requests/s, {failed} failed",
        ok + failed,
        elapsed.as_secs_f64(),
        (ok + failed) as f64 / elapsed.as_secs_f64()
    );
    assert_eq!(failed, 0, "failed requests under sustained load");
    assert!(ok > 0);

    // Phase 2: a burst of 2000 requests sent at once.
    let burst = 2000;
    let tally = Arc::new(Tally { ok: AtomicU64::new(0), failed: AtomicU64::new(0) });
    let start = Instant::now();
    let tasks: Vec<_> = (0..burst)
        .map(|k| {
            let (client, url, tally) = (client.clone(), url.clone(), tally.clone());
            tokio::spawn(
                async move { record(&tally, solve_once(&client, &url, PUZZLES[k % PUZZLES.len()]).await).await },
            )
        })
        .collect();
    for t in tasks {
        t.await.expect("burst task");
    }
    let elapsed = start.elapsed();
    let (ok, failed) = (tally.ok.load(Ordering::Relaxed), tally.failed.load(Ordering::Relaxed));
    println!(
        "burst: {burst} concurrent requests in {:.2} s = {:.0} requests/s, {failed} failed",
        elapsed.as_secs_f64(),
        burst as f64 / elapsed.as_secs_f64()
    );
    assert_eq!((ok, failed), (burst as u64, 0), "failed requests in the burst");

    let _ = stop.send(());
    server.await.expect("server task").expect("server ran");
}

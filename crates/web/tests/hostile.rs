//! Hostile clients against a real server socket on loopback: slow-loris headers, floods of idle
//! connections, an oversized declared body, bodies not sent as JSON. Every loop is bounded in
//! count and time, and traffic goes only to 127.0.0.1.

use std::time::{Duration, Instant};

use sudoku_ip_web::{serve_on, AppConfig, ServerLimits};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

const LINE: &str = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";

/// A server with `limits` on 127.0.0.1; its address. It stops with the test's runtime.
async fn server(limits: ServerLimits) -> std::net::SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind loopback");
    let addr = listener.local_addr().expect("address");
    tokio::spawn(serve_on(listener, AppConfig { limits }, std::future::pending()));
    addr
}

/// Send `request` raw and read the answer until the server closes or `within` passes.
async fn exchange(addr: std::net::SocketAddr, request: &[u8], within: Duration) -> String {
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    stream.write_all(request).await.expect("send");
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(within, stream.read_to_end(&mut answer)).await;
    String::from_utf8_lossy(&answer).into_owned()
}

fn post(path: &str, content_type: &str, body: &str) -> Vec<u8> {
    format!(
        "POST {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// True when the server closed `stream` (EOF or reset) within `within`.
async fn closed_within(stream: &mut TcpStream, within: Duration) -> bool {
    let mut buf = [0u8; 256];
    loop {
        match tokio::time::timeout(within, stream.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => continue, // an error response before the close is fine
            Err(_) => return false,
        }
    }
}

#[tokio::test]
async fn slow_loris_headers_are_cut_off_at_the_header_timeout() {
    let limits = ServerLimits { header_timeout: Duration::from_millis(300), ..ServerLimits::default() };
    let addr = server(limits).await;
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    let start = Instant::now();
    stream.write_all(b"POST /api/solve HTTP/1.1\r\nHost: x\r\n").await.expect("first bytes");
    // One more header byte now and then, never the blank line.
    for _ in 0..3 {
        tokio::time::sleep(Duration::from_millis(50)).await;
        let _ = stream.write_all(b"X").await;
    }
    assert!(closed_within(&mut stream, Duration::from_secs(5)).await, "a never-finished request stays open");
    assert!(start.elapsed() < Duration::from_secs(5));
    // A silent connection (no byte at all) is closed too.
    let mut silent = TcpStream::connect(addr).await.expect("connect");
    assert!(closed_within(&mut silent, Duration::from_secs(5)).await, "an idle connection stays open");
}

/// Issue 33: 520 idle sockets, each reopened when closed, kept every health probe out (0 of
/// 19), because a connection beyond the cap was refused whoever it was. Now a new connection
/// at the cap evicts the one idle the longest: the flood only evicts itself, and a client that
/// sends a request gets through every time.
#[tokio::test(flavor = "multi_thread")]
async fn idle_sockets_holding_the_cap_cannot_lock_out_a_request() {
    let limits = ServerLimits { max_connections: 4, ..ServerLimits::default() };
    let addr = server(limits).await;
    let mut idle = Vec::new();
    for _ in 0..4 {
        idle.push(TcpStream::connect(addr).await.expect("connect"));
    }
    for round in 0..5 {
        // The flood reopens: each new idle socket evicts the oldest idle one.
        for _ in 0..4 {
            idle.push(TcpStream::connect(addr).await.expect("connect"));
        }
        let answer = exchange(
            addr,
            b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
            Duration::from_secs(10),
        )
        .await;
        assert!(answer.starts_with("HTTP/1.1 200"), "round {round}: {answer}");
    }
    // The first idle sockets were evicted (closed by the server), not kept to the end.
    let mut first = idle.remove(0);
    assert!(closed_within(&mut first, Duration::from_secs(2)).await, "the oldest idle socket is still open");
}

#[tokio::test]
async fn idle_connections_are_closed_at_the_header_timeout_and_the_server_answers() {
    let limits =
        ServerLimits { max_connections: 4, header_timeout: Duration::from_millis(400), ..ServerLimits::default() };
    let addr = server(limits).await;
    let mut idle = Vec::new();
    for _ in 0..4 {
        idle.push(TcpStream::connect(addr).await.expect("connect"));
    }
    for stream in &mut idle {
        assert!(closed_within(stream, Duration::from_secs(5)).await, "an idle connection outlived the header timeout");
    }
    let answer = exchange(
        addr,
        &post("/api/solve", "application/json", &format!("{{\"line\": \"{LINE}\"}}")),
        Duration::from_secs(10),
    )
    .await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"status\":\"solved\""), "{answer}");
}

/// Issue 33: a request that declares a chunked body and sends none waited 17 s for the whole
/// request's timeout (504); the body now has the header timeout to arrive.
#[tokio::test]
async fn a_chunked_body_that_never_comes_gets_408_at_the_header_timeout() {
    let limits = ServerLimits { header_timeout: Duration::from_millis(300), ..ServerLimits::default() };
    let addr = server(limits).await;
    let head =
        "POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n";
    let start = Instant::now();
    let answer = exchange(addr, head.as_bytes(), Duration::from_secs(10)).await;
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("did not arrive within"), "{answer}");
    assert!(start.elapsed() < Duration::from_secs(10), "{:?}", start.elapsed());
    // A keep-alive connection after an answer is reaped at the header timeout too.
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    stream.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n").await.expect("send");
    assert!(closed_within(&mut stream, Duration::from_secs(5)).await, "a kept-alive idle connection stays open");
}

#[tokio::test]
async fn a_declared_body_above_the_limit_is_refused_before_it_is_sent() {
    let addr = server(ServerLimits::default()).await;
    let start = Instant::now();
    let head = "POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000000000\r\nExpect: 100-continue\r\n\r\n";
    let answer = exchange(addr, head.as_bytes(), Duration::from_secs(3)).await;
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(!answer.contains("100 Continue"), "asked for the body first: {answer}");
    assert!(answer.contains("larger than this server accepts"), "{answer}");
    assert!(start.elapsed() < Duration::from_secs(3));
}

#[tokio::test]
async fn bodies_not_sent_as_json_are_refused_with_415() {
    let addr = server(ServerLimits::default()).await;
    let body = format!("{{\"line\": \"{LINE}\"}}");
    for content_type in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"] {
        let answer = exchange(addr, &post("/api/solve", content_type, &body), Duration::from_secs(5)).await;
        assert!(answer.starts_with("HTTP/1.1 415"), "{content_type}: {answer}");
        assert!(answer.contains("application/json"), "{answer}");
    }
    let answer =
        exchange(addr, &post("/api/solve", "application/json; charset=utf-8", &body), Duration::from_secs(10)).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

/// A JSON POST on its own connection: the status code and the answer.
async fn post_json(addr: std::net::SocketAddr, path: &str, body: serde_json::Value) -> (u16, serde_json::Value) {
    let raw = exchange(addr, &post(path, "application/json", &body.to_string()), Duration::from_secs(30)).await;
    let status = raw.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let json = raw.split_once("\r\n\r\n").and_then(|(_, b)| serde_json::from_str(b).ok()).unwrap_or_default();
    (status, json)
}

/// The server's count of blocking jobs still running (`/api/health`).
async fn jobs_running(addr: std::net::SocketAddr) -> u64 {
    let raw =
        exchange(addr, b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", Duration::from_secs(5))
            .await;
    let health: serde_json::Value =
        raw.split_once("\r\n\r\n").and_then(|(_, b)| serde_json::from_str(b).ok()).expect("health answer");
    health["jobs_running"].as_u64().expect("jobs_running in /api/health")
}

/// Whether the running-job count falls to zero within `within` (polled every 50 ms).
async fn jobs_end_within(addr: std::net::SocketAddr, within: Duration) -> bool {
    let start = Instant::now();
    while start.elapsed() < within {
        if jobs_running(addr).await == 0 {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    false
}

/// Issue 13's starvation: two jobs that cannot finish in their time (a 16x16 anti-knight to
/// generate, an empty 25x25 anti-knight to rate) once held both slots for minutes after their
/// answers, and every solve got 503. Now their answers free the slots, and the jobs stop: a job
/// that ignored its stop flag and deadline would keep the running count above zero.
#[tokio::test(flavor = "multi_thread")]
async fn long_jobs_stop_at_their_time_limit_and_free_their_slots() {
    let limits = ServerLimits {
        concurrent_solves: 2,
        max_time: Duration::from_secs(1),
        queue_wait: Duration::from_millis(200),
        ..ServerLimits::default()
    };
    let addr = server(limits).await;
    let generate = serde_json::json!({ "size": 16, "rules": ["anti-knight"], "seed": 1, "time_limit": 0.5 });
    let rate = serde_json::json!({ "puzzle": { "size": 25, "rules": [{ "type": "anti-knight" }] }, "time_limit": 0.5 });
    let start = Instant::now();
    let (generated, rated) =
        tokio::join!(post_json(addr, "/api/generate", generate), post_json(addr, "/api/rate", rate));
    assert_eq!(generated.0, 200, "{}", generated.1);
    assert_eq!(rated.0, 200, "{}", rated.1);
    assert_eq!(rated.1["status"], "unknown", "{}", rated.1);
    assert!(start.elapsed() < Duration::from_secs(3), "answers took {:?}", start.elapsed());
    let (status, answer) = post_json(addr, "/api/solve", serde_json::json!({ "line": LINE })).await;
    assert_eq!((status, answer["status"].as_str()), (200, Some("solved")), "{answer}");
    assert!(jobs_end_within(addr, Duration::from_secs(3)).await, "jobs still running 3 s after their 0.5 s limit");
}

/// Issue 13: a client that hangs up before its answer frees its slot and stops its job. The
/// one slot is held by a rate of an empty 25x25 anti-knight under a 60 s limit (a solve gets
/// 503 meanwhile); once the client closes its socket, the connection ends, its handler is
/// dropped and the job's stop flag set, long before the limit: the job count falls to zero and
/// a solve gets the slot.
#[tokio::test(flavor = "multi_thread")]
async fn a_client_that_hangs_up_stops_its_job_and_frees_its_slot() {
    let limits = ServerLimits {
        concurrent_solves: 1,
        max_time: Duration::from_secs(60),
        queue_wait: Duration::from_millis(200),
        ..ServerLimits::default()
    };
    let addr = server(limits).await;
    let rate = serde_json::json!({ "puzzle": { "size": 25, "rules": [{ "type": "anti-knight" }] }, "time_limit": 60 });
    let mut client = TcpStream::connect(addr).await.expect("connect");
    client.write_all(&post("/api/rate", "application/json", &rate.to_string())).await.expect("send");
    let start = Instant::now();
    while jobs_running(addr).await == 0 {
        assert!(start.elapsed() < Duration::from_secs(10), "the rate job never started");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let (status, answer) = post_json(addr, "/api/solve", serde_json::json!({ "line": LINE })).await;
    assert_eq!(status, 503, "the only slot is the rate's: {answer}");
    drop(client);
    assert!(jobs_end_within(addr, Duration::from_secs(10)).await, "the job ran on after its client left");
    let (status, answer) = post_json(addr, "/api/solve", serde_json::json!({ "line": LINE })).await;
    assert_eq!((status, answer["status"].as_str()), (200, Some("solved")), "{answer}");
}

/// A kept link bomb (`crates/formats/tests/fuzz-corpus/format_fpuzzles/`, written by the formats
/// crate's bomb writer).
fn bomb(name: &str) -> String {
    let path = format!("{}/../formats/tests/fuzz-corpus/format_fpuzzles/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Issue 33: one `/api/parse` of a 64 KB link took the server to 2.5 GB for 15 s (two: 5.7 GB,
/// and `/api/health` timed out), outside the solver slots. The link is now refused at the
/// decompressed cap, inside a slot and its deadline, and the server answers meanwhile.
#[tokio::test(flavor = "multi_thread")]
async fn link_bombs_are_refused_in_a_slot_and_the_server_answers_meanwhile() {
    let limits = ServerLimits { concurrent_solves: 2, ..ServerLimits::default() };
    let addr = server(limits).await;
    let title = serde_json::json!({ "text": bomb("bomb-title-64k") });
    let runs = serde_json::json!({ "text": bomb("bomb-slash-runs") });
    let health =
        exchange(addr, b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", Duration::from_secs(10));
    let (a, b, c, health) = tokio::join!(
        post_json(addr, "/api/parse", title.clone()),
        post_json(addr, "/api/solve", title),
        post_json(addr, "/api/parse", runs),
        health
    );
    for (status, answer) in [&a, &b] {
        assert_eq!(*status, 400, "{answer}");
        assert!(answer["error"].as_str().is_some_and(|e| e.contains("decompresses to more than 1048576")), "{answer}");
    }
    assert_eq!(c.0, 400, "{}", c.1);
    assert!(c.1["error"].as_str().is_some_and(|e| e.contains("does not decode")), "{}", c.1);
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
    assert!(jobs_end_within(addr, Duration::from_secs(3)).await);
}

/// Issue 33: `/api/hint` and `/api/explain` ignored the stop flag and the deadline (a 1 s
/// limit answered after 3 s, the job ran on after the answer), and four clients looping hint
/// pushed `jobs_running` to 21 with 2 slots. Each job now reads the request's one token, and
/// holds its slot until it returns: the jobs running never outnumber the slots.
#[tokio::test(flavor = "multi_thread")]
async fn hint_and_explain_stop_at_their_limit_and_never_outnumber_the_slots() {
    let limits = ServerLimits {
        concurrent_solves: 2,
        max_time: Duration::from_secs(1),
        queue_wait: Duration::from_millis(300),
        ..ServerLimits::default()
    };
    let addr = server(limits).await;
    // An empty 25x25 anti-knight: its uniqueness (which hint and explain need) is never proved
    // in time.
    let body = serde_json::json!({ "puzzle": { "size": 25, "rules": [{ "type": "anti-knight" }] }, "time_limit": 0.3 });
    let watching = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let seen = {
        let watching = std::sync::Arc::clone(&watching);
        tokio::spawn(async move {
            let mut most = 0;
            while watching.load(std::sync::atomic::Ordering::SeqCst) {
                most = most.max(jobs_running(addr).await);
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            most
        })
    };
    for _round in 0..3 {
        let mut calls = Vec::new();
        for path in ["/api/hint", "/api/explain", "/api/hint", "/api/explain"] {
            calls.push(tokio::spawn(post_json(addr, path, body.clone())));
        }
        for call in calls {
            let (status, answer) = call.await.expect("request task");
            match status {
                200 => assert_eq!(answer["status"], "unknown", "{answer}"),
                503 => {}
                other => panic!("{other}: {answer}"),
            }
        }
    }
    watching.store(false, std::sync::atomic::Ordering::SeqCst);
    let most = seen.await.expect("watcher");
    assert!(most <= 2, "{most} jobs running with 2 slots");
    assert!(jobs_end_within(addr, Duration::from_secs(3)).await, "hint or explain ran on after its answer");
}

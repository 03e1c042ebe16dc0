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

#[tokio::test]
async fn idle_connections_beyond_the_cap_do_not_lock_the_server_out() {
    let limits =
        ServerLimits { max_connections: 4, header_timeout: Duration::from_millis(400), ..ServerLimits::default() };
    let addr = server(limits).await;
    let mut idle = Vec::new();
    for _ in 0..4 {
        idle.push(TcpStream::connect(addr).await.expect("connect"));
    }
    // The cap is reached: a fifth connection is closed at once, without an answer.
    let mut extra = TcpStream::connect(addr).await.expect("the kernel still accepts");
    assert!(closed_within(&mut extra, Duration::from_millis(300)).await, "a connection beyond the cap was served");
    // The idle ones time out, and the server answers again.
    tokio::time::sleep(Duration::from_millis(700)).await;
    let answer = exchange(
        addr,
        &post("/api/solve", "application/json", &format!("{{\"line\": \"{LINE}\"}}")),
        Duration::from_secs(10),
    )
    .await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"status\":\"solved\""), "{answer}");
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

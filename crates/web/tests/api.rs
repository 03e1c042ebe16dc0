//! The JSON API without a socket: each test sends requests through `app(config).oneshot(..)`
//! and checks the answers — solutions against the independent checker, errors by status and
//! by the field they name.

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use sudoku_ip_formats::{self as formats, json::parse_value, ParseOptions};
use sudoku_ip_model::{check, Grid, Puzzle};
use sudoku_ip_web::{app, AppConfig, ServerLimits};
use tower::ServiceExt;

mod common;

/// Seed 000's clue triplets (MATLAB's sudokuEngine example).
const SEED_TRIPLETS: &str = "1,2,2\n1,5,3\n1,8,4\n2,1,6\n2,9,3\n3,3,4\n3,7,5\n4,4,8\n4,6,6\n5,1,8\n5,5,1\n\
                             5,9,6\n6,4,7\n6,6,5\n7,3,7\n7,7,6\n8,1,4\n8,9,8\n9,2,3\n9,5,4\n9,8,2\n";

const HARD_LINE: &str = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";

fn server() -> Router {
    app(AppConfig::default())
}

async fn send(app: Router, method: &str, path: &str, body: Body) -> (StatusCode, Vec<(String, String)>, Vec<u8>) {
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(body)
        .expect("request");
    let response = app.oneshot(request).await.expect("the service never fails");
    let status = response.status();
    let headers =
        response.headers().iter().map(|(k, v)| (k.to_string(), v.to_str().unwrap_or("").to_string())).collect();
    let bytes = response.into_body().collect().await.expect("body").to_bytes().to_vec();
    (status, headers, bytes)
}

async fn post(app: Router, path: &str, body: &Value) -> (StatusCode, Value) {
    post_raw(app, path, body.to_string()).await
}

async fn post_raw(app: Router, path: &str, body: String) -> (StatusCode, Value) {
    let (status, _, bytes) = send(app, "POST", path, Body::from(body)).await;
    let value = serde_json::from_slice(&bytes).unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {bytes:?}"));
    (status, value)
}

fn puzzle_of(text: &str) -> Puzzle {
    formats::parse_puzzle(text, &ParseOptions::default()).expect("test puzzle parses")
}

/// The solution of a response, checked against the puzzle by the model crate's checker.
fn checked_solution(puzzle: &Puzzle, answer: &Value) -> Grid {
    let line = answer["solution"]["line"].as_str().unwrap_or_else(|| panic!("no solution line in {answer}"));
    let n = puzzle.n();
    let opts = ParseOptions { size: Some(n), box_shape: puzzle.geometry().boxes(), ..Default::default() };
    let grid = formats::parse_puzzle(line, &opts).expect("solution line parses").givens().clone();
    assert!(grid.is_full(), "solution has empty cells: {line}");
    let rows: Vec<u8> = answer["solution"]["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .flat_map(|r| r.as_array().expect("row").iter().map(|v| v.as_u64().expect("int") as u8))
        .collect();
    assert_eq!(rows, grid.values(), "rows and line disagree");
    let violations = check::verify(puzzle, &grid);
    assert!(violations.is_empty(), "the server sent a wrong solution: {violations:?}");
    grid
}

fn field(answer: &Value) -> &str {
    answer["field"].as_str().unwrap_or("")
}

#[tokio::test]
async fn the_seed_puzzle_is_solved_and_the_grid_checks() {
    let puzzle = puzzle_of(SEED_TRIPLETS);
    let (status, answer) = post(server(), "/api/solve", &json!({ "text": SEED_TRIPLETS })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["status"], "solved");
    checked_solution(&puzzle, &answer);
    let stats = &answer["stats"];
    assert_eq!(stats["solver"], "native");
    assert_eq!(stats["model"]["variables"], 729);
    assert_eq!(stats["model"]["rows"], 324);
    assert_eq!(stats["model"]["fixed"], 21);
    assert!(stats["time_ms"].as_f64().is_some_and(|t| t >= 0.0), "{stats}");
    assert!(answer.get("unique").is_none(), "uniqueness was not asked");
}

#[tokio::test]
async fn a_json_puzzle_with_rules_is_solved_by_every_compiled_in_solver() {
    // An X-Sudoku made here: a diagonal grid from the native engine with every third cell blanked.
    let blank = json!({"size": 9, "rules": [{"type": "diagonal"}]});
    let (_, full) = post(server(), "/api/solve", &json!({ "puzzle": blank })).await;
    checked_solution(&parse_value(&blank).expect("valid"), &full);
    let line: String = full["solution"]["line"]
        .as_str()
        .expect("line")
        .chars()
        .enumerate()
        .map(|(i, c)| if i % 3 == 0 { '.' } else { c })
        .collect();
    let json_puzzle = json!({"size": 9, "box": "3x3", "givens": line, "rules": [{"type": "diagonal"}]});
    let puzzle = parse_value(&json_puzzle).expect("valid JSON puzzle");
    for solver in ["native", "microlp"] {
        let body = json!({ "puzzle": json_puzzle, "solver": solver, "unique": true });
        let (status, answer) = post(server(), "/api/solve", &body).await;
        assert_eq!(status, StatusCode::OK, "{solver}: {answer}");
        assert_eq!(answer["status"], "solved", "{solver}: {answer}");
        assert_eq!(answer["stats"]["solver"], solver);
        assert!(answer["unique"].is_boolean(), "{solver}: uniqueness was asked: {answer}");
        let grid = checked_solution(&puzzle, &answer);
        let diag: Vec<usize> = (0..9).map(|i| grid.values()[i * 9 + i] as usize).collect();
        let mut sorted = diag.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (1..=9).collect::<Vec<_>>(), "{solver}: the diagonal rule was ignored: {diag:?}");
    }
}

#[tokio::test]
async fn a_milp_objective_and_its_start_are_request_options() {
    // A blank 4x4: presolve leaves it open, so microlp is called (with the native start).
    let blank = json!({ "size": 4 });
    let puzzle = parse_value(&blank).expect("blank 4x4");
    // The seeds' f = (1:N)': x(i,j,k) costs i + n(j-1) + n^2(k-1), 1-based.
    let seed_value = |g: &Grid| -> i64 {
        (0..16).map(|k| 1 + (k / 4) as i64 + 4 * (k % 4) as i64 + 16 * (g.values()[k] as i64 - 1)).sum()
    };
    let body = json!({ "puzzle": blank, "solver": "microlp", "objective": "seed" });
    let (status, seed) = post(server(), "/api/solve", &body).await;
    assert_eq!((status, seed["status"].as_str()), (StatusCode::OK, Some("solved")), "{seed}");
    let grid = checked_solution(&puzzle, &seed);
    assert_eq!(seed["stats"]["objective"], seed_value(&grid), "{seed}");
    assert_eq!((seed["stats"]["mip_start"].as_str(), seed["stats"]["mip_gap"].as_f64()), (Some("kept"), Some(0.0)));
    let body = json!({ "puzzle": blank, "solver": "microlp", "objective": "seed", "mip_start": "off" });
    let (_, off) = post(server(), "/api/solve", &body).await;
    assert_eq!(off["stats"]["objective"], seed_value(&checked_solution(&puzzle, &off)), "{off}");
    assert!(off["stats"].get("mip_start").is_none(), "{off}");
    let body = json!({ "puzzle": blank, "solver": "microlp", "mip_start": "native" });
    let (_, forced) = post(server(), "/api/solve", &body).await;
    assert_eq!(forced["stats"]["mip_start"], "kept", "{forced}");
    // Native presolve runs by default (light: its time is reported) and not when turned off;
    // `true` / `false` are the older form of `light` / `none`.
    let levels = [
        (None, true, "light"),
        (Some(json!(false)), false, "none"),
        (Some(json!(true)), true, "light"),
        (Some(json!("none")), false, "none"),
        (Some(json!("probe")), true, "probe"),
    ];
    for (presolve, reported, level) in levels {
        let mut body = json!({ "line": "12..34..21..43..", "solver": "microlp" });
        if let Some(p) = presolve {
            body["presolve"] = p;
        }
        let (_, answer) = post(server(), "/api/solve", &body).await;
        assert_eq!(answer["status"], "solved", "{answer}");
        assert_eq!(answer["stats"]["presolve_ms"].is_number(), reported, "{answer}");
        assert_eq!(answer["stats"]["presolve"], level, "{answer}");
    }
}

#[tokio::test]
async fn uniqueness_is_proved_or_refuted() {
    let (_, unique) = post(server(), "/api/solve", &json!({ "line": HARD_LINE, "unique": true })).await;
    assert_eq!((unique["status"].as_str(), unique["unique"].as_bool()), (Some("solved"), Some(true)), "{unique}");
    assert_eq!(unique["count"], 1);
    assert_eq!(unique["count_exact"], true);
    // Remove givens until it is not unique: a 9x9 with 5 givens has many solutions.
    let sparse = format!("12345{}", ".".repeat(76));
    let (_, many) = post(server(), "/api/solve", &json!({ "line": sparse, "unique": true })).await;
    assert_eq!(many["unique"], false, "{many}");
    let puzzle = puzzle_of(&sparse);
    checked_solution(&puzzle, &many);
    let other = many["other_solution"]["line"].as_str().expect("a second solution");
    assert_ne!(Some(other), many["solution"]["line"].as_str());
    let (_, counted) = post(server(), "/api/count", &json!({ "line": sparse, "max": 50 })).await;
    assert_eq!(counted["status"], "counted");
    assert_eq!(counted["count"], 50);
    assert_eq!(counted["count_exact"], false);
}

#[tokio::test]
async fn counting_all_4x4_grids_is_exact() {
    let (status, answer) = post(server(), "/api/count", &json!({ "puzzle": {"size": 4}, "max": 1000 })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!((answer["count"].as_u64(), answer["count_exact"].as_bool()), (Some(288), Some(true)), "{answer}");
}

#[tokio::test]
async fn an_infeasible_puzzle_says_why() {
    // Clashing givens: two 5s in row 1.
    let clash = format!("5...5{}", ".".repeat(76));
    let (status, answer) = post(server(), "/api/solve", &json!({ "line": clash })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["status"], "infeasible");
    let reason = answer["reason"].as_str().expect("reason");
    assert!(reason.contains("row 1") && reason.contains("r1c1") && reason.contains("r1c5"), "{reason}");
    assert!(answer.get("solution").is_none());
    // No clash among the givens, but r1c9 needs a 9 that column 9 already has.
    let stuck = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    for solver in ["native", "microlp"] {
        let (_, answer) = post(server(), "/api/solve", &json!({ "line": stuck, "solver": solver })).await;
        assert_eq!(answer["status"], "infeasible", "{solver}: {answer}");
        assert!(answer["reason"].as_str().is_some_and(|r| !r.is_empty()), "{answer}");
        let (_, counted) = post(server(), "/api/count", &json!({ "line": stuck, "solver": solver })).await;
        assert_eq!((counted["status"].as_str(), counted["count"].as_u64()), (Some("infeasible"), Some(0)), "{counted}");
    }
}

#[tokio::test]
async fn bad_json_is_a_400_naming_the_field() {
    let cases: Vec<(Value, &str, &str)> = vec![
        (json!({ "line": 5 }), "line", "string"),
        (json!({ "line": HARD_LINE, "time_limit": "fast" }), "time_limit", "f64"),
        (json!({ "line": HARD_LINE, "time_limt": 1 }), "time_limt", "unknown field"),
        (json!({ "line": HARD_LINE, "unique": "yes" }), "unique", "boolean"),
        (json!({ "line": HARD_LINE, "time_limit": -1 }), "time_limit", "> 0"),
        (json!({ "line": HARD_LINE, "solver": "cplex" }), "solver", "native"),
        (json!({ "line": HARD_LINE, "objective": "max" }), "objective", "zero or seed"),
        (json!({ "line": HARD_LINE, "mip_start": "always" }), "mip_start", "auto, native or off"),
        (json!({ "line": HARD_LINE, "presolve": "no" }), "presolve", "none, light or probe"),
        (json!({ "line": HARD_LINE, "presolve": 3 }), "presolve", "none, light or probe"),
        (json!({ "line": HARD_LINE, "rules": ["diagonal", "sandwich"] }), "rules[1]", "sandwich"),
        (json!({ "line": "123" }), "line", "n²"),
        (json!({ "puzzle": {"size": 4, "givens": ["1...", ".5..", "....", "...."]} }), "puzzle.givens[1]", "5"),
        (
            json!({ "puzzle": {"size": 9, "rules": [{"type": "killer", "cages": [{"sum": 2, "cells": ["r1c1", "r1c2"]}]}]} }),
            "puzzle.rules[0].cages[0].sum",
            "3..17",
        ),
        (json!({ "puzzle": {"size": 9, "box": "3x3"}, "box": "3x3" }), "box", "text input"),
        (json!({ "puzzle": 7 }), "puzzle", "object"),
        (json!({}), "puzzle", "no puzzle"),
        (json!({ "line": HARD_LINE, "text": HARD_LINE }), "text", "only one"),
    ];
    for (body, want_field, want_text) in cases {
        let (status, answer) = post(server(), "/api/solve", &body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        assert_eq!(answer["status"], "error");
        assert_eq!(answer["code"], 400);
        assert_eq!(field(&answer), want_field, "{body}: {answer}");
        let message = answer["error"].as_str().expect("message");
        assert!(message.contains(want_text), "{body}: {message:?} should mention {want_text:?}");
    }
    for raw in ["{\"line\": ", "not json", "[1, 2]", ""] {
        let (status, answer) = post_raw(server(), "/api/solve", raw.to_string()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{raw:?}: {answer}");
        assert!(answer["error"].as_str().is_some_and(|m| m.contains("JSON")), "{raw:?}: {answer}");
    }
    let (status, answer) = post(server(), "/api/count", &json!({ "line": HARD_LINE, "max": 0 })).await;
    assert_eq!((status, field(&answer)), (StatusCode::BAD_REQUEST, "max"), "{answer}");
}

#[tokio::test]
async fn long_keys_and_values_are_quoted_not_echoed() {
    // Fuzzing (api_parse): an unknown 100 KB field, a 100 KB string where a number goes, and a
    // 100 KB key inside the puzzle came back whole, in the message and in `field`.
    let long = "w".repeat(100_000);
    let cases = [
        (json!({ long.clone(): 1 }), "unknown field \"www"),
        (json!({ "line": HARD_LINE, "time_limit": long }), "expected f64"),
        (json!({ "puzzle": { "size": 4, long.clone(): 1 } }), "unknown key \"www"),
    ];
    for (body, want_text) in cases {
        let (status, answer) = post(server(), "/api/solve", &body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        let message = answer["error"].as_str().expect("message");
        assert!(message.len() < 1_000 && message.contains(want_text), "{} bytes: {message:.300}", message.len());
        assert!(field(&answer).len() < 200, "field of {} bytes", field(&answer).len());
    }
}

#[tokio::test]
async fn oversized_grids_and_bodies_are_refused() {
    let (status, answer) = post(server(), "/api/solve", &json!({ "puzzle": {"size": 36} })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert!(answer["error"].as_str().is_some_and(|m| m.contains("36x36") && m.contains("25x25")), "{answer}");
    let (status, answer) = post(server(), "/api/generate", &json!({ "size": 25 })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    let huge = json!({ "text": "#".repeat(300 * 1024) }).to_string();
    let (status, answer) = post_raw(server(), "/api/solve", huge).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{answer}");
    assert!(answer["error"].as_str().is_some_and(|m| m.contains("262144")), "{answer}");
}

#[tokio::test]
async fn the_time_limit_gives_unknown_not_a_hang() {
    // Counting every 9x9 grid cannot finish in a fifth of a second.
    let body = json!({ "puzzle": {"size": 9}, "max": 1_000_000_000_000u64, "time_limit": 0.2 });
    let (status, answer) = post(server(), "/api/count", &body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["status"], "unknown", "{answer}");
    assert!(answer["reason"].as_str().is_some_and(|r| r.contains("time limit")), "{answer}");
    assert_eq!(answer["count_exact"], false);
    assert_eq!(answer["stats"]["time_limit_s"], 0.2);
    // A request cannot raise the limit past the server's maximum.
    let limits = ServerLimits { max_time: std::time::Duration::from_millis(300), ..ServerLimits::default() };
    let body = json!({ "puzzle": {"size": 9}, "max": 1_000_000_000_000u64, "time_limit": 3600 });
    let (_, answer) = post(app(AppConfig { limits }), "/api/count", &body).await;
    assert_eq!((answer["status"].as_str(), answer["stats"]["time_limit_s"].as_f64()), (Some("unknown"), Some(0.3)));
}

/// A server of one solver slot that waits 50 ms for it, with that slot taken by a count of
/// the empty grid that runs for 2 s (the handle ends with it).
async fn full_server() -> (Router, tokio::task::JoinHandle<(StatusCode, Value)>) {
    let limits = ServerLimits {
        concurrent_solves: 1,
        queue_wait: std::time::Duration::from_millis(50),
        max_time: std::time::Duration::from_secs(3),
        ..ServerLimits::default()
    };
    let app = app(AppConfig { limits });
    let long = json!({ "puzzle": {"size": 9}, "max": 1_000_000_000_000u64, "time_limit": 2 });
    let first = tokio::spawn(post_raw(app.clone(), "/api/count", long.to_string()));
    // Give the first request time to take the only slot (it needs well under a millisecond).
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    (app, first)
}

#[tokio::test]
async fn a_full_server_answers_503_after_a_short_wait() {
    let (app, first) = full_server().await;
    let (status, headers, bytes) =
        send(app.clone(), "POST", "/api/solve", Body::from(json!({"line": HARD_LINE}).to_string())).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{}", String::from_utf8_lossy(&bytes));
    assert!(headers.iter().any(|(k, v)| k == "retry-after" && v == "1"), "{headers:?}");
    let answer: Value = serde_json::from_slice(&bytes).expect("JSON");
    assert!(answer["error"].as_str().is_some_and(|m| m.contains("busy")), "{answer}");
    let (_, first) = first.await.expect("first request");
    assert_eq!(first["status"], "unknown", "{first}");
    // The slot is free again.
    let (status, answer) = post(app, "/api/solve", &json!({"line": HARD_LINE})).await;
    assert_eq!((status, answer["status"].as_str()), (StatusCode::OK, Some("solved")), "{answer}");
}

#[tokio::test]
async fn health_lists_the_compiled_in_solvers() {
    let (status, _, bytes) = send(server(), "GET", "/api/health", Body::empty()).await;
    assert_eq!(status, StatusCode::OK);
    let health: Value = serde_json::from_slice(&bytes).expect("JSON");
    let solvers: Vec<&str> = health["solvers"].as_array().expect("list").iter().filter_map(Value::as_str).collect();
    assert_eq!(solvers.first(), Some(&"native"));
    assert_eq!(solvers.contains(&"microlp"), cfg!(feature = "microlp"), "{solvers:?}");
    assert_eq!(solvers.contains(&"highs"), cfg!(feature = "highs"), "{solvers:?}");
    assert_eq!(health["limits"]["solve_side"], 25);
    assert_eq!(health["limits"]["body_bytes"], 256 * 1024);
    assert!(health["rules"].as_array().is_some_and(|r| r.iter().any(|x| x == "anti-knight")));
}

#[tokio::test]
async fn a_missing_solver_is_named_with_what_is_available() {
    if cfg!(feature = "highs") {
        return;
    }
    let (status, answer) = post(server(), "/api/solve", &json!({ "line": HARD_LINE, "solver": "highs" })).await;
    assert_eq!((status, field(&answer)), (StatusCode::BAD_REQUEST, "solver"));
    assert!(answer["error"].as_str().is_some_and(|m| m.contains("not compiled")), "{answer}");
}

#[tokio::test]
async fn import_gives_the_canonical_json_puzzle() {
    let (status, answer) = post(server(), "/api/parse", &json!({ "text": SEED_TRIPLETS, "rules": ["windows"] })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let puzzle = parse_value(&answer["puzzle"]).expect("canonical JSON reads back");
    assert_eq!(puzzle.givens().filled(), 21);
    assert_eq!(puzzle.rules().len(), 1);
    assert_eq!(answer["puzzle"]["box"], "3x3");
}

/// Issue 19: a big grid written as whitespace-separated integers, half of them 0, is one grid —
/// through the API's `text` field (the page's import box) as on the command line.
#[tokio::test]
async fn a_half_empty_integer_grid_in_text_is_one_grid_not_a_batch() {
    let n = 25;
    let rows: Vec<String> = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    // A Latin square (r*5 + r/5 + c) mod 25, every other cell emptied.
                    let v = (r * 5 + r / 5 + c) % n + 1;
                    if (r + c) % 2 == 0 {
                        v.to_string()
                    } else {
                        "0".to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let (status, answer) = post(server(), "/api/parse", &json!({ "text": rows.join("\n") })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let puzzle = parse_value(&answer["puzzle"]).expect("canonical JSON reads back");
    assert_eq!(puzzle.n(), n);
    assert_eq!(puzzle.givens().filled(), (n * n).div_ceil(2));
}

#[tokio::test]
async fn unknown_routes_are_json_404s_and_the_page_is_served() {
    let (status, _, bytes) = send(server(), "POST", "/api/nope", Body::empty()).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let answer: Value = serde_json::from_slice(&bytes).expect("JSON");
    assert!(answer["error"].as_str().is_some_and(|m| m.contains("/api/nope")), "{answer}");
    let (status, headers, bytes) = send(server(), "GET", "/", Body::empty()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(headers.iter().any(|(k, v)| k == "content-type" && v.starts_with("text/html")));
    let page = String::from_utf8(bytes).expect("UTF-8");
    for id in ["id=\"board\"", "id=\"solve\"", "id=\"generate\"", "id=\"status\"", "src=\"/js/main.js\""] {
        assert!(page.contains(id), "the page lacks {id}");
    }
    let (status, _, script) = send(server(), "GET", "/js/board.js", Body::empty()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        String::from_utf8_lossy(&script).contains("data-cell")
            || String::from_utf8_lossy(&script).contains("dataset.cell")
    );
}

#[tokio::test]
async fn generate_gives_a_unique_puzzle_that_solves() {
    let body = json!({ "size": 6, "rules": ["diagonal"], "symmetry": "rot180", "seed": 7 });
    let (status, made) = post(server(), "/api/generate", &body).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    assert_eq!(made["status"], "generated", "{made}");
    let puzzle = parse_value(&made["puzzle"]).expect("the generated puzzle is valid JSON puzzle format");
    assert_eq!((puzzle.n(), puzzle.rules().len()), (6, 1));
    assert_eq!(made["seed"], 7);
    // Rot180: a given's mirror cell is given too.
    let v = puzzle.givens().values();
    assert!((0..36).all(|k| (v[k] == 0) == (v[35 - k] == 0)), "not symmetric: {}", puzzle.givens());
    checked_solution(&puzzle, &made);
    // Our own count agrees, with the native engine and with MILP: exactly one solution.
    for solver in ["native", "microlp"] {
        let (_, counted) = post(server(), "/api/count", &json!({ "puzzle": made["puzzle"], "solver": solver })).await;
        assert_eq!((counted["count"].as_u64(), counted["count_exact"].as_bool()), (Some(1), Some(true)), "{counted}");
    }
    // The same seed gives the same puzzle.
    let (_, again) = post(server(), "/api/generate", &body).await;
    assert_eq!(again["line"], made["line"]);
    let (status, answer) = post(server(), "/api/generate", &json!({ "symmetry": "spiral" })).await;
    assert_eq!((status, field(&answer)), (StatusCode::BAD_REQUEST, "symmetry"), "{answer}");
    let (status, answer) = post(server(), "/api/generate", &json!({ "difficulty": "impossible" })).await;
    assert_eq!((status, field(&answer)), (StatusCode::BAD_REQUEST, "difficulty"), "{answer}");
}

#[tokio::test]
async fn generate_keeps_drawn_jigsaw_regions() {
    // Rows of region labels, as the page sends them: six irregular regions of a 6x6.
    let labels = [
        [1, 1, 1, 2, 2, 2],
        [1, 1, 3, 3, 2, 2],
        [1, 3, 3, 3, 3, 2],
        [5, 5, 6, 4, 4, 4],
        [5, 5, 6, 6, 4, 4],
        [5, 5, 6, 6, 6, 4],
    ];
    let wanted = sudoku_ip_model::Geometry::with_regions(6, {
        let mut cells = vec![Vec::new(); 6];
        for (k, label) in labels.iter().flatten().enumerate() {
            cells[label - 1].push(k);
        }
        cells
    })
    .expect("six regions of six");
    let body = json!({ "size": 6, "regions": labels, "seed": 3 });
    let (status, made) = post(server(), "/api/generate", &body).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let puzzle = parse_value(&made["puzzle"]).expect("valid puzzle");
    // The same partition of the cells (region numbers may differ).
    let (got, want) = (puzzle.geometry().region_of_cells(), wanted.region_of_cells());
    assert!((0..36).all(|i| (0..36).all(|j| (got[i] == got[j]) == (want[i] == want[j]))), "{made}");
    checked_solution(&puzzle, &made);
    for solver in ["native", "microlp"] {
        let (_, counted) = post(server(), "/api/count", &json!({ "puzzle": made["puzzle"], "solver": solver })).await;
        assert_eq!((counted["count"].as_u64(), counted["count_exact"].as_bool()), (Some(1), Some(true)), "{counted}");
    }
    // Regions of the wrong size are refused, naming the field.
    let bad = json!({ "size": 6, "regions": [[1, 1, 1, 1, 1, 1, 1]] });
    let (status, answer) = post(server(), "/api/generate", &bad).await;
    assert_eq!((status, field(&answer)), (StatusCode::BAD_REQUEST, "regions"), "{answer}");
}

#[tokio::test]
async fn rate_grades_unique_puzzles_and_refuses_others() {
    let (status, rated) = post(
        server(),
        "/api/rate",
        &json!({ "line": "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.." }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{rated}");
    assert_eq!(rated["status"], "rated");
    assert!(["easy", "medium", "hard", "expert"].contains(&rated["grade"].as_str().unwrap_or("")), "{rated}");
    assert_eq!(rated["givens"], 23);
    let (status, answer) = post(server(), "/api/rate", &json!({ "puzzle": {"size": 4} })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert!(answer["error"].as_str().is_some_and(|m| m.contains("not unique")), "{answer}");
}

#[tokio::test]
async fn render_draws_svg_and_png() {
    let body = json!({ "line": HARD_LINE, "solve": true });
    let (status, headers, bytes) = send(server(), "POST", "/api/render", Body::from(body.to_string())).await;
    assert_eq!(status, StatusCode::OK, "{}", String::from_utf8_lossy(&bytes));
    assert!(headers.iter().any(|(k, v)| k == "content-type" && v == "image/svg+xml"), "{headers:?}");
    let svg = String::from_utf8(bytes).expect("SVG is text");
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{}", &svg[..svg.len().min(200)]);
    let bare = json!({ "line": HARD_LINE });
    let (_, _, plain) = send(server(), "POST", "/api/render", Body::from(bare.to_string())).await;
    assert!(svg.len() > plain.len(), "the solved picture draws more digits than the bare one");
    let body = json!({ "line": HARD_LINE, "format": "png", "pixels": 120 });
    let (status, headers, png) = send(server(), "POST", "/api/render", Body::from(body.to_string())).await;
    assert_eq!(status, StatusCode::OK);
    assert!(headers.iter().any(|(k, v)| k == "content-type" && v == "image/png"), "{headers:?}");
    assert_eq!(&png[1..4], b"PNG");
    let width = u32::from_be_bytes([png[16], png[17], png[18], png[19]]);
    assert_eq!(width, 120);
    for (body, want) in [
        (json!({ "line": HARD_LINE, "format": "gif" }), "format"),
        (json!({ "line": HARD_LINE, "pixels": 100000 }), "pixels"),
        (json!({ "line": HARD_LINE, "solution": "12" }), "solution"),
    ] {
        let (status, answer) = post(server(), "/api/render", &body).await;
        assert_eq!((status, field(&answer)), (StatusCode::BAD_REQUEST, want), "{answer}");
    }
}

const CLASSIC: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

#[tokio::test]
async fn hint_gives_the_facades_step_and_its_placement_is_the_solutions_digit() {
    let (status, hint) = post(server(), "/api/hint", &json!({ "line": CLASSIC })).await;
    assert_eq!(status, StatusCode::OK, "{hint}");
    let puzzle = puzzle_of(CLASSIC);
    let same = serde_json::to_value(sudoku_ip::hint(&puzzle, None).expect("unique")).expect("json");
    assert_eq!(hint, same, "the API answers the facade's JSON, as `hint -O json` does");
    assert_eq!(hint["status"], "step");
    let (_, solved) = post(server(), "/api/solve", &json!({ "line": CLASSIC })).await;
    let solution = checked_solution(&puzzle, &solved);
    let placed = &hint["step"]["placements"][0];
    let cell = sudoku_ip_model::Cell::parse(placed["cell"].as_str().expect("cell"), 9).expect("r?c?");
    assert_eq!(placed["digit"].as_u64(), Some(solution.get(cell) as u64), "{hint}");
    assert!(hint["step"]["text"].as_str().is_some_and(|t| t.contains(placed["cell"].as_str().unwrap_or("?"))));
}

#[tokio::test]
async fn hint_and_explain_refuse_bad_candidates_naming_the_field() {
    for path in ["/api/hint", "/api/explain"] {
        let (status, answer) = post(server(), path, &json!({ "line": CLASSIC, "candidates": "123" })).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert_eq!(field(&answer), "candidates", "{answer}");
    }
    // Candidates that remove a solution digit: the puzzle is fine, the candidates are not.
    let (status, answer) =
        post(server(), "/api/hint", &json!({ "line": CLASSIC, "candidates": ".".repeat(729) })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
}

#[tokio::test]
async fn explain_path_replays_into_the_checked_solution() {
    // Needs locked candidates (a generated puzzle of the rater's tests).
    let medium = ".1..7...6...8.5...3.4......625.8..7......68..83...4..9..7............5.1....6.28.";
    let (status, path) = post(server(), "/api/explain", &json!({ "line": medium })).await;
    assert_eq!(status, StatusCode::OK, "{path}");
    let puzzle = puzzle_of(medium);
    let same = serde_json::to_value(sudoku_ip::explain(&puzzle, None).expect("unique")).expect("json");
    assert_eq!(path, same);
    assert_eq!(path["status"], "solved", "{path}");
    let (_, solved) = post(server(), "/api/solve", &json!({ "line": medium })).await;
    let solution = checked_solution(&puzzle, &solved);
    let mut grid = puzzle.givens().clone();
    for step in path["steps"].as_array().expect("steps") {
        for p in step["placements"].as_array().expect("placements") {
            let cell = sudoku_ip_model::Cell::parse(p["cell"].as_str().expect("cell"), 9).expect("r?c?");
            grid.set(cell, p["digit"].as_u64().expect("digit") as usize);
        }
    }
    assert_eq!(grid, solution, "the placements of the path fill the grid with the solution");
    let top = path["steps"].as_array().into_iter().flatten().filter_map(|s| s["rating"].as_f64()).fold(1.0, f64::max);
    assert_eq!(path["rating"].as_f64(), Some(top));
}

/// The cells named in a JSON list (`placed`).
fn cell_names(list: &Value) -> Vec<String> {
    list.as_array().expect("a list of cells").iter().map(|c| c.as_str().expect("a cell name").to_string()).collect()
}

#[tokio::test]
async fn explain_positions_say_which_cells_are_placed_and_a_lone_candidate_is_not() {
    let medium = ".1..7...6...8.5...3.4......625.8..7......68..83...4..9..7............5.1....6.28.";
    let (status, path) = post(server(), "/api/explain", &json!({ "line": medium, "positions": true })).await;
    assert_eq!(status, StatusCode::OK, "{path}");
    let puzzle = puzzle_of(medium);
    let same = serde_json::to_value(sudoku_ip::explain_positions(&puzzle, None).expect("unique")).expect("json");
    assert_eq!(path, same, "the API answers the facade's JSON");
    let steps = path["steps"].as_array().expect("steps");
    let positions = path["positions"].as_array().expect("positions");
    let placed = path["placed"].as_array().expect("placed beside positions");
    assert_eq!((positions.len(), placed.len()), (steps.len() + 1, steps.len() + 1));
    // Each position's placed cells are those the steps before it placed, no more.
    let mut by_steps: Vec<String> = Vec::new();
    let mut lone_open = None;
    for (i, (position, placed)) in positions.iter().zip(placed).enumerate() {
        let mut got = cell_names(placed);
        let mut want = by_steps.clone();
        got.sort();
        want.sort();
        assert_eq!(got, want, "placed in position {i}");
        let masks = sudoku_ip::generate::parse_candidates(position.as_str().expect("a string"), 9).expect("candidates");
        for (k, m) in masks.iter().enumerate() {
            let name = sudoku_ip_model::Cell::from_index(k, 9).to_string();
            if lone_open.is_none() && m.count_ones() == 1 && puzzle.givens().values()[k] == 0 && !want.contains(&name) {
                lone_open = Some((i, name));
            }
        }
        if let Some(step) = steps.get(i) {
            by_steps.extend(
                step["placements"]
                    .as_array()
                    .expect("placements")
                    .iter()
                    .map(|c| c["cell"].as_str().expect("cell").to_string()),
            );
        }
    }
    // The path has a cell left with one candidate before a step places it: not placed there.
    let (i, cell) = lone_open.expect("a lone candidate not yet placed somewhere on the path");
    // A hint from that position (its candidates and placed cells) goes on with the path's step;
    // the hint's position says the same: the cell is open.
    let body = json!({ "line": medium, "candidates": positions[i], "placed": placed[i] });
    let (status, hint) = post(server(), "/api/hint", &body).await;
    assert_eq!(status, StatusCode::OK, "{hint}");
    assert_eq!(hint["step"], steps[i], "the hint from position {i} is the path's step {i}");
    assert_eq!(hint["position"], positions[i]);
    assert!(!cell_names(&hint["placed"]).contains(&cell), "{cell} is open: {hint}");
    // Without `placed`, a candidate string holds a filled cell as its digit alone (HoDoKu).
    let (_, filled) = post(server(), "/api/hint", &json!({ "line": medium, "candidates": positions[i] })).await;
    assert!(cell_names(&filled["placed"]).contains(&cell), "{filled}");
}

#[tokio::test]
async fn placed_cells_must_be_cells_holding_one_candidate_and_come_with_candidates() {
    let (_, hint) = post(server(), "/api/hint", &json!({ "line": CLASSIC })).await;
    let position = hint["position"].clone();
    assert_eq!(hint["placed"], json!([]), "nothing placed yet: {hint}");
    for (body, want, words) in [
        (json!({ "line": CLASSIC, "placed": ["r1c3"] }), "placed", "goes with candidates"),
        (json!({ "line": CLASSIC, "candidates": position, "placed": ["r1c1", "r10c1"] }), "placed[1]", "r10c1"),
        (
            json!({ "line": CLASSIC, "candidates": position, "placed": ["r1c3"] }),
            "placed[0]",
            "r1c3 is placed but holds",
        ),
    ] {
        for path in ["/api/hint", "/api/explain"] {
            let (status, answer) = post(server(), path, &body).await;
            assert_eq!((status, field(&answer)), (StatusCode::BAD_REQUEST, want), "{path}: {answer}");
            assert!(answer["error"].as_str().is_some_and(|e| e.contains(words)), "{path}: {answer}");
        }
    }
}

#[tokio::test]
async fn candidates_counts_add_up_to_the_solution_count() {
    // A 4x4 with few givens: with a cap above the number of solutions, each cell's counts add
    // up to the solution count that /api/count gives.
    let line = "1...........3..2";
    let (status, found) = post(server(), "/api/candidates", &json!({ "line": line, "max": 1000 })).await;
    assert_eq!(status, StatusCode::OK, "{found}");
    assert_eq!(found["status"], "found");
    let (_, counted) = post(server(), "/api/count", &json!({ "line": line, "max": 1000 })).await;
    let solutions = counted["count"].as_u64().expect("count");
    assert!(solutions > 2, "{counted}");
    for cell in found["counts"].as_array().expect("counts") {
        let sum: u64 = cell.as_array().expect("per digit").iter().filter_map(Value::as_u64).sum();
        assert_eq!(sum, solutions, "{found}");
    }
    let same = sudoku_ip::candidates(&puzzle_of(line), 1000, Default::default()).expect("runs");
    assert_eq!(found["counts"], json!(same.counts));
    assert_eq!(found["candidates"], json!(same.candidates));
}

#[tokio::test]
async fn candidates_of_an_infeasible_puzzle_are_none_and_bad_caps_are_refused() {
    let (status, found) = post(server(), "/api/candidates", &json!({ "line": "11.............." })).await;
    assert_eq!(status, StatusCode::OK, "{found}");
    assert_eq!(found["status"], "infeasible");
    for max in [0, 1001] {
        let (status, answer) = post(server(), "/api/candidates", &json!({ "line": CLASSIC, "max": max })).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert_eq!(field(&answer), "max", "{answer}");
    }
}

#[tokio::test]
async fn a_killer_cage_whose_cells_do_not_touch_is_answered_with_a_warning_and_no_boxes_are_accepted() {
    // Issue 14 §10: the CLI warned about it on stderr; the API answered silently.
    let puzzle = json!({"size": 4, "box": "none", "givens": "12342143341240..",
        "rules": [{"type": "killer", "cages": [{"sum": 6, "cells": ["r2c1", "r3c2"]}]}]});
    let expected = "killer cage 1 (r2c1 r3c2) is 2 pieces whose cells do not touch; read as one cage";
    for path in ["/api/parse", "/api/solve", "/api/count", "/api/rate", "/api/hint", "/api/explain", "/api/candidates"]
    {
        let (status, answer) = post(server(), path, &json!({ "puzzle": puzzle })).await;
        assert_eq!(status, StatusCode::OK, "{path}: {answer}");
        assert_eq!(answer["warnings"], json!([expected]), "{path}: {answer}");
    }
    let (_, answer) = post(server(), "/api/parse", &json!({ "puzzle": puzzle })).await;
    assert_eq!(answer["puzzle"]["box"], "none", "no boxes come back as none: {answer}");
    // A puzzle without one has no "warnings" key at all.
    let (_, answer) = post(
        server(),
        "/api/solve",
        &json!({ "line": "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.." }),
    )
    .await;
    assert!(answer.get("warnings").is_none(), "{answer}");
    // Text with the API's "box": "none" is a Latin square; generate takes it too.
    let (status, answer) =
        post(server(), "/api/solve", &json!({ "text": "1234\n2143\n3412\n4...\n", "box": "none" })).await;
    assert_eq!((status, answer["status"].as_str()), (StatusCode::OK, Some("solved")), "{answer}");
    let (status, answer) = post(server(), "/api/generate", &json!({ "size": 5, "box": "none", "seed": 1 })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["puzzle"]["box"], "none", "{answer}");
    let (status, answer) =
        post(server(), "/api/solve", &json!({ "text": "1234\n2143\n3412\n4...\n", "box": "nine" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(answer["error"].as_str().is_some_and(|e| e.contains("or none")), "{answer}");
}

fn example_text(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[tokio::test]
async fn export_writes_json_fpuzzles_and_links_that_read_back_as_the_same_puzzle_with_its_title() {
    use sudoku_ip_formats::fpuzzles::{self, LinkKind, FPUZZLES_URL, SUDOKUPAD_URL};
    let text = example_text("renban.json");
    let puzzle = puzzle_of(&text);
    let title = puzzle.meta().title.clone().expect("the example has a title");
    let cases = [
        (json!({"format": "link"}), SUDOKUPAD_URL),
        (json!({"format": "link", "link": "sudokupad"}), SUDOKUPAD_URL),
        (json!({"format": "link", "link": "fpuzzles"}), FPUZZLES_URL),
        (json!({"format": "fpuzzles"}), "{\"grid\":[["),
        (json!({"format": "json"}), "{\n  \"box\": \"3x3\",\n"),
        (json!({}), "{\n  \"box\": \"3x3\",\n"),
    ];
    for (options, prefix) in cases {
        let mut body = options.clone();
        body["text"] = json!(text);
        let (status, answer) = post(server(), "/api/export", &body).await;
        assert_eq!(status, StatusCode::OK, "{options}: {answer}");
        assert_eq!(answer["status"], "exported");
        let written = answer["text"].as_str().expect("text");
        assert!(written.starts_with(prefix), "{options}: {written}");
        let back = puzzle_of(written);
        assert_eq!(back, puzzle, "{options}: the written puzzle reads back as the same puzzle");
        assert_eq!(back.meta().title.as_deref(), Some(title.as_str()), "{options}: the title travels");
        // The page imports what it exported through /api/parse, the same reader.
        let (status, parsed) = post(server(), "/api/parse", &json!({ "text": written })).await;
        assert_eq!(status, StatusCode::OK, "{options}: {parsed}");
        assert_eq!(parsed["puzzle"]["title"], json!(title), "{options}: {parsed}");
        assert_eq!(parse_value(&parsed["puzzle"]).expect("canonical JSON"), puzzle, "{options}");
    }
    // f-puzzles JSON as the `puzzle` object is told apart from the JSON puzzle format.
    let written = fpuzzles::to_fpuzzles(&puzzle).expect("f-puzzles JSON");
    let (status, parsed) = post(server(), "/api/parse", &json!({ "puzzle": written })).await;
    assert_eq!(status, StatusCode::OK, "{parsed}");
    assert_eq!(parse_value(&parsed["puzzle"]).expect("canonical JSON"), puzzle);
    // The links are the bytes `sudoku-ip export --link` writes.
    for (site, kind) in [("sudokupad", LinkKind::SudokuPad), ("fpuzzles", LinkKind::FPuzzles)] {
        let (_, answer) = post(server(), "/api/export", &json!({"text": text, "format": "link", "link": site})).await;
        assert_eq!(answer["text"], json!(fpuzzles::to_link(&puzzle, kind).expect("link")), "{site}");
    }
}

#[tokio::test]
async fn export_refuses_what_f_puzzles_cannot_say_and_names_bad_options() {
    let text = example_text("low-before-high.json");
    let (status, answer) = post(server(), "/api/export", &json!({"text": text, "format": "link"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert!(answer["error"].as_str().is_some_and(|e| e.contains("low-before-high")), "{answer}");
    // The JSON format says every rule.
    let (status, answer) = post(server(), "/api/export", &json!({"text": text})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(puzzle_of(answer["text"].as_str().expect("text")), puzzle_of(&text));
    for (body, at) in [
        (json!({"line": HARD_LINE, "format": "xml"}), "format"),
        (json!({"line": HARD_LINE, "format": "link", "link": "github"}), "link"),
        (json!({"line": HARD_LINE, "link": "fpuzzles"}), "link"),
        (json!({"line": HARD_LINE, "formats": "json"}), "formats"),
    ] {
        let (status, answer) = post(server(), "/api/export", &body).await;
        assert_eq!((status, field(&answer)), (StatusCode::BAD_REQUEST, at), "{body}: {answer}");
    }
    // A link that only names a puzzle on a server says what to do instead.
    let (status, answer) = post(server(), "/api/parse", &json!({"text": "https://sudokupad.app/abc12"})).await;
    assert_eq!((status, field(&answer)), (StatusCode::BAD_REQUEST, "text"), "{answer}");
    assert!(answer["error"].as_str().is_some_and(|e| e.contains("copy f-puzzles link")), "{answer}");
}

#[tokio::test]
async fn marks_are_the_rules_drawn_by_the_pictures_own_code_in_the_pages_layers() {
    let puzzle = json!({"size": 9, "rules": [
        {"type": "renban", "lines": [["r1c1", "r1c2", "r1c3"]]},
        {"type": "killer", "cages": [{"cells": ["r5c5", "r5c6"], "sum": 12}]},
        {"type": "little-killer", "clues": [{"cells": ["r1c2", "r2c1"], "sum": 7}]},
        {"type": "anti-knight"}]});
    let (status, answer) = post(server(), "/api/marks", &json!({ "puzzle": puzzle })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        (answer["status"].as_str(), answer["size"].as_u64(), answer["unit"].as_u64()),
        (Some("drawn"), Some(9), Some(100))
    );
    let layer = |key: &str| answer[key].as_str().unwrap_or_else(|| panic!("{key}: {answer}")).to_string();
    // The renban line in renban.rs's colour: the model's own mark, drawn by the render crate.
    let model = parse_value(&puzzle).expect("the puzzle");
    let colour = common::first_line_colour(&model);
    let under = layer("under");
    let renban = under.split("<g data-rule=\"renban\">").nth(1).expect("a renban group under the digits");
    assert!(renban.split("</g>").next().is_some_and(|g| g.contains(&format!("stroke=\"{colour}\""))), "{under}");
    assert!(under.contains("<g data-rule=\"killer\">"), "the cage outline: {under}");
    // The cage total over the cells, the little killer's clue outside the grid, each text
    // saying what it reads; the glyphs they use once, in `defs`.
    assert!(layer("over").contains("data-text=\"12\""), "{answer}");
    assert!(
        layer("outside").contains("<g data-rule=\"little-killer\">") && layer("outside").contains("data-text=\"7\"")
    );
    assert!(["1", "2", "7"].iter().all(|d| layer("defs").contains(&format!("<path id=\"g{:x}\"", d.as_bytes()[0]))));
    assert_eq!(answer["cages"], json!([{"cells": ["r5c5", "r5c6"], "labelled": true}]));
    assert_eq!(answer["captions"].as_array().map(Vec::len), Some(1), "anti-knight has no shape: {answer}");

    // Bad input is named by its JSON path, as on every route; unknown fields are refused.
    let bad = json!({"puzzle": {"size": 9, "rules": [{"type": "renban", "lines": [["r1c1", "r1c10"]]}]}});
    let (status, answer) = post(server(), "/api/marks", &bad).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(field(&answer).starts_with("puzzle.rules[0].lines[0]"), "{answer}");
    let (status, answer) = post(server(), "/api/marks", &json!({"puzzle": {"size": 4}, "pixels": 10})).await;
    assert_eq!((status, field(&answer)), (StatusCode::BAD_REQUEST, "pixels"), "{answer}");
}

#[tokio::test]
async fn marks_wait_for_a_solver_slot_like_every_route() {
    let (app, first) = full_server().await;
    let (status, answer) = post(app.clone(), "/api/marks", &json!({"puzzle": {"size": 9}})).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{answer}");
    first.await.expect("first request");
    let (status, answer) = post(app, "/api/marks", &json!({"puzzle": {"size": 9}})).await;
    assert_eq!((status, answer["under"].as_str()), (StatusCode::OK, Some("")), "{answer}");
}

#[tokio::test]
async fn health_says_how_the_page_draws_each_rules_data() {
    // A rule's `INPUT` (its Rust file): the page builds a tool for each shape from it.
    let (status, _, bytes) = send(server(), "GET", "/api/health", Body::empty()).await;
    assert_eq!(status, StatusCode::OK);
    let health: Value = serde_json::from_slice(&bytes).expect("JSON");
    let kinds = health["rule_kinds"].as_array().expect("rule kinds");
    let input = |name: &str| kinds.iter().find(|k| k["name"] == name).map(|k| k["input"].clone());
    assert_eq!(input("modular-line"), Some(json!({"shape": "line", "key": "lines", "min": 2})));
    assert_eq!(input("nabner"), Some(json!({"shape": "line", "key": "lines", "min": 2})));
    assert_eq!(input("between-line"), Some(json!({"shape": "line", "key": "lines", "min": 3})));
    assert_eq!(input("slow-thermometer"), Some(json!({"shape": "line", "key": "thermometers", "min": 2})));
    assert_eq!(input("diagonal"), Some(Value::Null), "no tool from the registry");
    assert!(kinds.iter().all(|k| k.get("input").is_some()), "{health}");
}

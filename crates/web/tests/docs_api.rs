//! The API examples of `docs/api.md`, sent through the router as `curl` would send them: each
//! `$ curl -s [-i] localhost:8080/api/ROUTE --json 'BODY'` line of a `text` block is followed by
//! the answer the page shows, which must be part of the real answer — every key shown with its
//! value (times, keys ending in `_ms`, aside), arrays whole — and, with `-i`, its status line.

use axum::body::Body;
use axum::http::{header, Request};
use http_body_util::BodyExt;
use serde_json::Value;
use sudoku_ip_web::{app, AppConfig};
use tower::ServiceExt;

/// One example: the route, the body sent, the status line shown (with `-i`), the answer shown.
struct Example {
    route: String,
    body: String,
    status: Option<String>,
    shown: String,
}

fn examples() -> Vec<Example> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/api.md");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = Vec::new();
    let mut in_text = false;
    let mut current: Option<Example> = None;
    for line in text.lines() {
        if let Some(lang) = line.strip_prefix("```") {
            out.extend(current.take());
            in_text = !in_text && lang.trim() == "text";
            continue;
        }
        if !in_text {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            out.extend(current.take());
            current = parse_curl(command);
        } else if let Some(ex) = current.as_mut() {
            if ex.status.is_none() && ex.shown.is_empty() && line.starts_with("HTTP/") {
                ex.status = Some(line.trim().to_string());
            } else {
                ex.shown.push_str(line.trim());
            }
        }
    }
    out.extend(current);
    out
}

/// `curl -s [-i] localhost:8080/api/ROUTE --json 'BODY'` (nothing else is an API example).
fn parse_curl(command: &str) -> Option<Example> {
    let rest = command.strip_prefix("curl -s ")?;
    let rest = rest.strip_prefix("-i ").unwrap_or(rest);
    let (url, rest) = rest.split_once(' ')?;
    let route = url.strip_prefix("localhost:8080")?.to_string();
    let body = rest.strip_prefix("--json '")?.strip_suffix('\'')?.to_string();
    Some(Example { route, body, status: None, shown: String::new() })
}

/// Whether `shown` is part of `actual`: objects by the keys shown, arrays whole, `_ms` times
/// whatever they are.
fn part_of(shown: &Value, actual: &Value, at: &str) -> Result<(), String> {
    match (shown, actual) {
        (Value::Object(s), Value::Object(a)) => {
            for (key, value) in s {
                if key.ends_with("_ms") {
                    continue;
                }
                let got = a.get(key).ok_or_else(|| format!("{at}.{key}: not in the answer"))?;
                part_of(value, got, &format!("{at}.{key}"))?;
            }
            Ok(())
        }
        (Value::Array(s), Value::Array(a)) if s.len() == a.len() => {
            s.iter().zip(a).enumerate().try_for_each(|(i, (s, a))| part_of(s, a, &format!("{at}[{i}]")))
        }
        _ if shown == actual => Ok(()),
        _ => Err(format!("{at}: shown {shown}, answered {actual}")),
    }
}

#[tokio::test]
async fn every_api_example_of_the_docs_answers_what_it_shows() {
    let examples = examples();
    assert!(examples.len() >= 6, "only {} API examples in docs/api.md", examples.len());
    for ex in examples {
        let request = Request::builder()
            .method("POST")
            .uri(&ex.route)
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(ex.body.clone()))
            .expect("request");
        let response = app(AppConfig::default()).oneshot(request).await.expect("the service never fails");
        let status = response.status();
        let bytes = response.into_body().collect().await.expect("body").to_bytes();
        let actual: Value = serde_json::from_slice(&bytes).unwrap_or_else(|e| panic!("{}: not JSON: {e}", ex.route));
        if let Some(line) = &ex.status {
            let code = line.split_whitespace().nth(1).unwrap_or_default();
            assert_eq!(code, status.as_str(), "{} {}: status", ex.route, ex.body);
        }
        let shown: Value = serde_json::from_str(&ex.shown).unwrap_or_else(|e| {
            panic!("docs/api.md: the answer shown for {} is not JSON ({e}): {}", ex.route, ex.shown)
        });
        if let Err(e) = part_of(&shown, &actual, "$") {
            panic!("docs/api.md: {} {}: {e}\nanswered: {actual}", ex.route, ex.body);
        }
    }
}

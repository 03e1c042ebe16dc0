//! The page and its script and style, compiled into the binary with `include_str!`: serving
//! it needs no files, no CDN and no JavaScript build step.

use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

use crate::AppState;

const INDEX: &str = include_str!("../assets/index.html");
const SCRIPT: &str = include_str!("../assets/app.js");
const STYLE: &str = include_str!("../assets/app.css");

/// `/`, `/app.js`, `/app.css`.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(|| asset("text/html; charset=utf-8", INDEX)))
        .route("/app.js", get(|| asset("text/javascript; charset=utf-8", SCRIPT)))
        .route("/app.css", get(|| asset("text/css; charset=utf-8", STYLE)))
        .route("/favicon.ico", get(|| async { StatusCode::NO_CONTENT }))
}

async fn asset(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body)
}

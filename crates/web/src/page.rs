//! The page and its script and style, compiled into the binary with `include_str!`: serving
//! it needs no files, no CDN and no JavaScript build step.

use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

use crate::AppState;

const INDEX: &str = include_str!("../assets/index.html");
/// Where the page gets its rule checkboxes.
const SWITCHES_SLOT: &str =
    "<!-- rule switches: one a rule that needs no data, from the rule registry (src/page.rs) -->";

/// The page, with a checkbox for every rule of the registry that needs no data.
fn index() -> &'static str {
    static PAGE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    PAGE.get_or_init(|| {
        let boxes: Vec<String> = sudoku_ip::model::rules::REGISTRY
            .iter()
            .filter(|e| e.switchable())
            .map(|e| {
                let mut label = e.name.to_string();
                label[..1].make_ascii_uppercase();
                format!(
                    r#"<label title="{}"><input type="checkbox" data-rule="{}"> {label}</label>"#,
                    e.summary, e.name
                )
            })
            .collect();
        INDEX.replace(SWITCHES_SLOT, &boxes.join("\n        "))
    })
}
const SCRIPT: &str = include_str!("../assets/app.js");
const STYLE: &str = include_str!("../assets/app.css");
/// Hint, Show candidates and the step-through (issue 16), apart from the editor's script.
const INSIGHT: &str = include_str!("../assets/insight.js");

/// `/`, `/app.js`, `/insight.js`, `/app.css`.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(|| asset("text/html; charset=utf-8", index())))
        .route("/app.js", get(|| asset("text/javascript; charset=utf-8", SCRIPT)))
        .route("/insight.js", get(|| asset("text/javascript; charset=utf-8", INSIGHT)))
        .route("/app.css", get(|| asset("text/css; charset=utf-8", STYLE)))
        .route("/favicon.ico", get(|| async { StatusCode::NO_CONTENT }))
}

async fn asset(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_has_a_checkbox_for_every_rule_without_data_and_no_other() {
        let page = index();
        assert!(!page.contains(SWITCHES_SLOT));
        for e in sudoku_ip::model::rules::REGISTRY {
            let box_ = format!(r#"data-rule="{}""#, e.name);
            assert_eq!(page.contains(&box_), e.switchable(), "{}", e.name);
        }
    }
}

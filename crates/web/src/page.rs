//! The page, its script and its style, compiled into the binary with `include_str!`: serving
//! it needs no files, no CDN and no JavaScript build step. The script is native ES modules
//! (`assets/js`, one concern a file; `main.js` starts the page and lists them), served under
//! `/js/`.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
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
const STYLE: &str = include_str!("../assets/app.css");

/// The page's modules by file name: `index.html` loads `main.js`, which imports the others.
const MODULES: &[(&str, &str)] = &[
    ("main.js", include_str!("../assets/js/main.js")),
    ("dom.js", include_str!("../assets/js/dom.js")),
    ("state.js", include_str!("../assets/js/state.js")),
    ("kinds.js", include_str!("../assets/js/kinds.js")),
    ("board.js", include_str!("../assets/js/board.js")),
    ("draw.js", include_str!("../assets/js/draw.js")),
    ("marks.js", include_str!("../assets/js/marks.js")),
    ("tools.js", include_str!("../assets/js/tools.js")),
    ("shapes.js", include_str!("../assets/js/shapes.js")),
    ("list.js", include_str!("../assets/js/list.js")),
    ("input.js", include_str!("../assets/js/input.js")),
    ("api.js", include_str!("../assets/js/api.js")),
    ("solve.js", include_str!("../assets/js/solve.js")),
    ("links.js", include_str!("../assets/js/links.js")),
    ("insight.js", include_str!("../assets/js/insight.js")),
    ("unique.js", include_str!("../assets/js/unique.js")),
];

/// `/`, `/js/<module>.js`, `/app.css`.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(|| asset("text/html; charset=utf-8", index())))
        .route("/js/{name}", get(module))
        .route("/app.css", get(|| asset("text/css; charset=utf-8", STYLE)))
        .route("/favicon.ico", get(|| async { StatusCode::NO_CONTENT }))
}

async fn module(Path(name): Path<String>) -> Response {
    match MODULES.iter().find(|(file, _)| *file == name) {
        Some((_, text)) => asset("text/javascript; charset=utf-8", text).await.into_response(),
        None => (StatusCode::NOT_FOUND, format!("no module {name}")).into_response(),
    }
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

    /// Every module a module imports is served, every served one is imported by some module
    /// (none is left over), the page loads main.js as a module, and no module talks to another
    /// through a window global or grows past about 400 lines.
    #[test]
    fn every_imported_module_is_served_and_modules_stay_small_and_global_free() {
        assert!(index().contains(r#"<script type="module" src="/js/main.js"></script>"#));
        let served: Vec<&str> = MODULES.iter().map(|(name, _)| *name).collect();
        let mut imported = vec!["main.js"];
        for (name, text) in MODULES {
            for line in text.lines().filter(|l| l.starts_with("import ")) {
                let target = line.rsplit("'./").next().and_then(|t| t.split('\'').next()).unwrap_or("");
                assert!(served.contains(&target), "{name} imports {target}, which is not served: {line}");
                imported.push(target);
            }
            assert!(!text.contains("window.sudoku"), "{name} talks through a window global");
            assert!(text.lines().count() <= 420, "{name} has {} lines", text.lines().count());
        }
        for name in &served {
            assert!(imported.contains(name), "{name} is served but no module imports it");
        }
    }
}

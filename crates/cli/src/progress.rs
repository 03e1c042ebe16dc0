//! Progress on stderr for long work (indicatif), shown only when stderr is a terminal: piped
//! or redirected output stays clean.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar for `total` items (`None`: a counter with a spinner, for streams of unknown length).
pub fn bar(total: Option<u64>, what: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::stderr());
    let template = match total {
        Some(_) => format!("{{bar:40}} {{pos}}/{{len}} {what}  {{per_sec}}  eta {{eta}}"),
        None => format!("{{spinner}} {{pos}} {what}  {{per_sec}}  {{elapsed}}"),
    };
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    bar
}

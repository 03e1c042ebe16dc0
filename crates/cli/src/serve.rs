//! `sudoku-ip serve`: the web page and JSON API (crate `sudoku-ip-web`) on a local address,
//! until Ctrl-C. This file only builds the async runtime and the limits; the app is the web
//! crate's.

use std::net::SocketAddr;
use std::time::Duration;

use anyhow::Context;
use clap::Args;
use sudoku_ip_web::{AppConfig, ServerLimits};

use super::{Failure, Status};

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on (use 0.0.0.0:PORT to accept other machines).
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Time limit of every solve, in seconds: the default and the most a request may ask for.
    #[arg(long, value_name = "SECONDS", default_value = "5", value_parser = super::args::parse_seconds, allow_negative_numbers = true)]
    pub time_limit: Duration,
    /// Solves running at once; more requests wait briefly, then get 503 (default: the cores).
    #[arg(long, short = 'j', value_name = "N", value_parser = super::args::parse_jobs)]
    pub jobs: Option<usize>,
}

/// Logs on stderr: one line a request at `info` (method, path, status, latency) and errors
/// with their cause; `RUST_LOG` (e.g. `RUST_LOG=warn`, `RUST_LOG=tower_http=debug`) overrides.
fn init_logging() {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    // A second call (tests) finds a subscriber installed and keeps it.
    let _ = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).with_ansi(ansi).try_init();
}

pub fn run(a: ServeArgs) -> Result<Status, Failure> {
    init_logging();
    let defaults = ServerLimits::default();
    let time = if a.time_limit.is_zero() { defaults.max_time } else { a.time_limit };
    let limits = ServerLimits {
        default_time: time,
        max_time: time,
        concurrent_solves: a.jobs.unwrap_or(defaults.concurrent_solves).max(1),
        ..defaults
    };
    let runtime =
        tokio::runtime::Builder::new_multi_thread().enable_all().build().context("cannot start the async runtime")?;
    runtime.block_on(async {
        let listener =
            tokio::net::TcpListener::bind(a.addr).await.with_context(|| format!("cannot listen on {}", a.addr))?;
        let local = listener.local_addr().context("no local address")?;
        eprintln!("sudoku-ip: serving the page on http://{local}/ and the API on http://{local}/api/ (Ctrl-C stops)");
        let stop = async {
            // If the handler cannot be installed, run until the process is killed.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        };
        sudoku_ip_web::serve_on(listener, AppConfig { limits }, stop).await.context("the server stopped")
    })?;
    Ok(Status::Ok)
}

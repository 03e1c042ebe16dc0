//! # sudoku-ip-web
//!
//! The local web face of sudoku-ip: one page (a visual editor and solver, embedded in the
//! binary: no CDN, no build step) and a JSON API, served by axum. `sudoku-ip serve` runs it.
//!
//! | route              | what                                                                |
//! |--------------------|---------------------------------------------------------------------|
//! | `GET /`            | the page                                                            |
//! | `GET /api/health`  | version, compiled-in solvers, rules, limits                         |
//! | `POST /api/solve`  | solve (optionally prove uniqueness)                                 |
//! | `POST /api/count`  | count solutions up to `max`                                         |
//! | `POST /api/generate` | a new puzzle with a unique solution                               |
//! | `POST /api/rate`   | the logical difficulty of a puzzle                                  |
//! | `POST /api/hint`   | the next logical step, from the givens or given `candidates` (and `placed`): the position and its `placed` cells |
//! | `POST /api/explain` | the whole logical path, each step checked against the solution     |
//! | `POST /api/candidates` | true candidates with solution counts up to `max`                |
//! | `POST /api/render` | the picture of a puzzle (SVG or PNG)                                |
//! | `POST /api/marks`  | the rules' marks as SVG layers (the page draws its rules from them) |
//! | `POST /api/parse`  | any puzzle text in the canonical JSON puzzle format                 |
//! | `POST /api/export` | the puzzle as JSON, f-puzzles JSON or a SudokuPad / f-puzzles link  |
//!
//! Requests take the command line's puzzle formats: `puzzle` (the JSON puzzle object), `line`
//! or `text`. The server protects itself with [`ServerLimits`]: body size, grid side, a time
//! limit on every solve (passed to the solver, which runs on a blocking thread, and enforced
//! again around it), and a cap on concurrent solves (a request waits briefly for a slot, then
//! gets `503`). A request's slot is free once it is answered: its job is then told to stop
//! (a [`Cancel`](sudoku_ip::Cancel) flag, also set when the client goes away) and ends at its
//! next check; `/api/health` counts the jobs still running (`jobs_running`).
//!
//! Every solve, count and uniqueness proof goes through the `sudoku-ip` facade's one checked
//! pipeline (the same the CLI and Python call), so no grid leaves this crate unless the
//! independent checker accepted it against the puzzle.
#![forbid(unsafe_code)]

mod adapters;
mod api;
mod error;
mod extract;
mod input;
mod page;

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderValue, StatusCode};
use axum::routing::{get, post};
use axum::Router;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::{DefaultMakeSpan, DefaultOnFailure, DefaultOnResponse, TraceLayer};
use tracing::Level;

pub use error::AppError;
pub use sudoku_ip::Solver;

/// What the server accepts and how much work it takes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ServerLimits {
    /// Largest request body, in bytes.
    pub body_bytes: usize,
    /// Largest grid side for solve, count, rate and render.
    pub solve_side: usize,
    /// Largest grid side for generate.
    pub generate_side: usize,
    /// Most nonzero coefficients the model of a request's puzzle may have (a larger one is a
    /// `422` naming its size and this bound): what bounds the memory one request can take.
    pub model_nonzeros: usize,
    /// Time limit of a request that gives none.
    pub default_time: Duration,
    /// Largest time limit a request may ask for (larger ones are lowered to this).
    pub max_time: Duration,
    /// Solves (and generations) running at once; more wait for a slot.
    pub concurrent_solves: usize,
    /// How long a request waits for a slot before it gets `503`.
    pub queue_wait: Duration,
    /// Connections open at once. At the cap, a new connection evicts the one idle the
    /// longest (no request in progress); it is refused only when every open one is busy.
    pub max_connections: usize,
    /// Time a client has to send a request's headers, and the longest a connection may stay
    /// idle waiting for its next request (slow or silent clients are cut off); also the time
    /// it has to send a request's body once its headers are in (`408` after it).
    pub header_timeout: Duration,
}

impl Default for ServerLimits {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        ServerLimits {
            body_bytes: 256 * 1024,
            solve_side: 25,
            generate_side: 16,
            // Ten times a 25x25 anti-knight's model (about 180,000), a few MB of rows.
            model_nonzeros: 2_000_000,
            default_time: Duration::from_secs(5),
            max_time: Duration::from_secs(5),
            concurrent_solves: cores.max(2),
            queue_wait: Duration::from_secs(2),
            // Well below the default open-file limit (1024): the server stays reachable.
            max_connections: 512,
            header_timeout: Duration::from_secs(5),
        }
    }
}

/// How to run the app.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AppConfig {
    /// Limits that keep the server responsive.
    pub limits: ServerLimits,
}

/// Shared by every request: the configuration, the solver slots, and the count of blocking
/// jobs still running.
#[derive(Clone)]
pub struct AppState {
    config: Arc<AppConfig>,
    slots: Arc<Semaphore>,
    running: Arc<AtomicUsize>,
}

impl AppState {
    fn new(config: AppConfig) -> AppState {
        let slots = Arc::new(Semaphore::new(config.limits.concurrent_solves.max(1)));
        AppState { config: Arc::new(config), slots, running: Arc::new(AtomicUsize::new(0)) }
    }

    /// Count a blocking job until the guard is dropped (when the job returns, whether or not
    /// anybody still waits for it).
    fn job_started(&self) -> RunningJob {
        self.running.fetch_add(1, Ordering::SeqCst);
        RunningJob(Arc::clone(&self.running))
    }

    /// Blocking jobs running now (`/api/health` shows it): a job told to stop that is still
    /// running shows here, so a test can see it ends.
    fn jobs_running(&self) -> usize {
        self.running.load(Ordering::SeqCst)
    }
}

/// One running blocking job (see [`AppState::job_started`]).
struct RunningJob(Arc<AtomicUsize>);

impl Drop for RunningJob {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The whole app: the page, its assets and the API, with the limits of `config`.
pub fn app(config: AppConfig) -> Router {
    let limits = config.limits;
    // A last line of defence above the per-solve limits: the slot wait, the solve, a margin.
    let overall = limits.queue_wait + limits.max_time + Duration::from_secs(10);
    let state = AppState::new(config);
    let api = Router::new()
        .route("/health", get(api::health))
        .route("/parse", post(api::parse))
        .route("/export", post(api::export))
        .route("/solve", post(api::solve))
        .route("/count", post(api::count))
        .route("/generate", post(api::generate))
        .route("/rate", post(api::rate))
        .route("/hint", post(api::hint))
        .route("/explain", post(api::explain))
        .route("/candidates", post(api::candidates))
        .route("/render", post(api::render))
        .route("/marks", post(api::marks))
        .fallback(api::not_found)
        .layer(SetResponseHeaderLayer::overriding(header::CACHE_CONTROL, HeaderValue::from_static("no-store")));
    Router::new()
        .nest("/api", api)
        .merge(page::routes())
        .layer(DefaultBodyLimit::max(limits.body_bytes))
        .layer(TimeoutLayer::with_status_code(StatusCode::GATEWAY_TIMEOUT, overall))
        .layer(CatchPanicLayer::new())
        // One line a request (method, path, status, latency) at `info`; `RUST_LOG` filters.
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(DefaultMakeSpan::new().level(Level::INFO))
                .on_response(DefaultOnResponse::new().level(Level::INFO))
                .on_failure(DefaultOnFailure::new().level(Level::ERROR)),
        )
        .with_state(state)
}

/// What `POST /api/parse` answers to a request body (once its headers are accepted), without
/// a server: the body read as the route reads it (a JSON object of known fields), its puzzle
/// (`puzzle`, `line` or `text` with `box`, `size`, `rules`) within `limits`, in the canonical
/// JSON puzzle format. The fuzz target of the request parser and its replay test call this.
pub fn parse_request(body: &[u8], limits: &ServerLimits) -> Result<serde_json::Value, AppError> {
    let req = extract::WithPuzzle::<api::NoOptions>::from_body(body)?;
    api::parsed(&req.input, limits)
}

/// Serve the app on `addr` until Ctrl-C.
pub async fn serve(addr: SocketAddr, config: AppConfig) -> std::io::Result<()> {
    let listener = TcpListener::bind(addr).await?;
    serve_on(listener, config, shutdown_signal()).await
}

/// Serve the app on a bound listener until `shutdown` completes (tests bind `127.0.0.1:0`).
///
/// Each connection is HTTP/1.1 with a header-read timeout that also bounds idle keep-alive
/// waits ([`ServerLimits::header_timeout`]), and at most [`ServerLimits::max_connections`] are
/// open at once: a slow-loris client that never finishes its headers is cut off, and a flood of
/// idle sockets cannot use up the process's file descriptors. At the cap a new connection
/// evicts the connection idle the longest ([`Connections`]): idle sockets, however many and
/// however often reopened, cannot lock out a client that sends a request.
pub async fn serve_on(
    listener: TcpListener,
    config: AppConfig,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let limits = config.limits;
    let app = app(config);
    let open = Arc::new(Connections::default());
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    // Out of file descriptors and the like: wait a little rather than spin.
                    tracing::warn!(error = %e, "cannot accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Some(conn) = open.admit(limits.max_connections.max(1)) else {
            tracing::warn!(open = limits.max_connections, "connection refused: every open connection is busy");
            continue;
        };
        let app = app.clone();
        let tracked = Arc::clone(&conn);
        let service = hyper::service::service_fn(move |req: hyper::Request<hyper::body::Incoming>| {
            let busy = Busy::start(&tracked);
            let app = app.clone();
            async move {
                let response = tower::ServiceExt::oneshot(app, req).await;
                drop(busy);
                response
            }
        });
        let mut builder = hyper::server::conn::http1::Builder::new();
        builder.timer(hyper_util::rt::TokioTimer::new()).header_read_timeout(limits.header_timeout);
        let connection = graceful.watch(builder.serve_connection(hyper_util::rt::TokioIo::new(stream), service));
        let open = Arc::clone(&open);
        tokio::spawn(async move {
            tokio::select! {
                ended = connection => {
                    if let Err(e) = ended {
                        tracing::debug!(error = %e, "connection ended with an error");
                    }
                }
                () = conn.evict.notified() => tracing::debug!("idle connection evicted for a new one"),
            }
            open.close(conn.id);
        });
    }
    // Let requests in flight finish, but not for longer than one could take.
    let longest = limits.queue_wait + limits.max_time + api::GRACE;
    let _ = tokio::time::timeout(longest, graceful.shutdown()).await;
    Ok(())
}

/// The open connections. Each is busy while it serves a request (from its headers to its
/// answer) and idle otherwise: connected but silent, sending its headers slowly, or kept alive
/// between requests. At the cap a new connection evicts the connection idle the longest, so a
/// flood of idle sockets (each reopened as soon as it is closed) only ever evicts itself; a
/// new connection is refused only when every open one is busy.
#[derive(Default)]
struct Connections {
    open: std::sync::Mutex<Vec<Arc<Conn>>>,
    next_id: std::sync::atomic::AtomicU64,
}

/// One open connection ([`Connections`]).
struct Conn {
    id: u64,
    /// Requests in progress.
    busy: AtomicUsize,
    /// When it last became idle.
    idle_since: std::sync::Mutex<std::time::Instant>,
    /// Told when it is evicted: its task drops it, closing the socket.
    evict: tokio::sync::Notify,
}

impl Connections {
    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Arc<Conn>>> {
        self.open.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Room for a new connection: at `cap`, the longest-idle one is evicted; `None` when every
    /// open connection is busy.
    fn admit(&self, cap: usize) -> Option<Arc<Conn>> {
        let mut open = self.lock();
        if open.len() >= cap {
            let oldest = open
                .iter()
                .enumerate()
                .filter(|(_, c)| c.busy.load(Ordering::SeqCst) == 0)
                .min_by_key(|(_, c)| *c.idle_since.lock().unwrap_or_else(std::sync::PoisonError::into_inner))
                .map(|(i, _)| i)?;
            open.swap_remove(oldest).evict.notify_one();
        }
        let conn = Arc::new(Conn {
            id: self.next_id.fetch_add(1, Ordering::SeqCst),
            busy: AtomicUsize::new(0),
            idle_since: std::sync::Mutex::new(std::time::Instant::now()),
            evict: tokio::sync::Notify::new(),
        });
        open.push(Arc::clone(&conn));
        Some(conn)
    }

    fn close(&self, id: u64) {
        self.lock().retain(|c| c.id != id);
    }
}

/// A request in progress on a connection: it is busy until this is dropped.
struct Busy(Arc<Conn>);

impl Busy {
    fn start(conn: &Arc<Conn>) -> Busy {
        conn.busy.fetch_add(1, Ordering::SeqCst);
        Busy(Arc::clone(conn))
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        if self.0.busy.fetch_sub(1, Ordering::SeqCst) == 1 {
            *self.0.idle_since.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = std::time::Instant::now();
        }
    }
}

async fn shutdown_signal() {
    // If the handler cannot be installed, run until killed rather than stop at once.
    if tokio::signal::ctrl_c().await.is_err() {
        std::future::pending::<()>().await;
    }
}

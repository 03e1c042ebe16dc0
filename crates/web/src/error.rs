//! The one error type of the API and how each case maps to an HTTP status.
//!
//! Every error leaves as the same JSON shape, so the page (and `curl`) can show it without
//! knowing which endpoint failed:
//!
//! ```json
//! {"status": "error", "code": 400, "field": "puzzle.givens[1]", "error": "found 8 entries, expected 9"}
//! ```
//!
//! `field` names the request field (a JSON path below the request object) when one is to blame.

use std::time::Duration;

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;
use thiserror::Error;

/// Everything an API request can fail with. "No solution" and "time limit reached" are answers,
/// not errors: they come back as `200` with `status` `infeasible` / `unknown`.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum AppError {
    /// The body is not JSON, or a field has the wrong type or an unknown name (400).
    #[error("{message}")]
    BadRequest {
        /// The request field at fault (`time_limit`, `puzzle.givens[2]`), empty for the whole body.
        field: String,
        /// What is wrong and what was expected.
        message: String,
    },
    /// The body is larger than the server accepts (413).
    #[error("the request body is larger than this server accepts ({limit} bytes)")]
    BodyTooLarge {
        /// The limit in bytes.
        limit: usize,
    },
    /// The body did not arrive in time after its headers (408; the connection is closed).
    #[error("the request body did not arrive within {within:?} of its headers")]
    BodyTimeout {
        /// How long the server waited.
        within: Duration,
    },
    /// The body is not declared as JSON (415).
    #[error("the request body must be sent as JSON (Content-Type: application/json), found {}", .found.as_deref().map_or("no Content-Type".to_string(), |t| format!("{t:?}")))]
    UnsupportedMediaType {
        /// The `Content-Type` sent, if any.
        found: Option<String>,
    },
    /// The grid is larger than this server solves or generates (422).
    #[error("a {n}x{n} grid is larger than this server accepts for {action} (at most {max}x{max})")]
    GridTooLarge {
        /// The side asked for.
        n: usize,
        /// The largest side accepted.
        max: usize,
        /// What was asked (`solve`, `generate`…).
        action: &'static str,
    },
    /// The request is well-formed but has no answer here: rating a puzzle that is not unique,
    /// generating with rules no grid satisfies, a difficulty not reached (422).
    #[error("{0}")]
    Unprocessable(String),
    /// Every solver slot stayed busy for the whole wait (503, with `Retry-After`).
    #[error("the server is busy ({slots} solves running and none finished within {waited:?}); try again shortly")]
    Busy {
        /// Concurrent solves allowed.
        slots: usize,
        /// How long the request waited for a slot.
        waited: Duration,
    },
    /// A feature this build or this server does not offer (501).
    #[error("{0}")]
    Unavailable(String),
    /// The solver failed, or returned a grid the checker rejected (500). Never shown as a
    /// solution.
    #[error("{0}")]
    Internal(String),
    /// No such API route (404).
    #[error("no API endpoint {method} {path} (see GET /api/health for the list)")]
    NotFound {
        /// HTTP method.
        method: String,
        /// Request path.
        path: String,
    },
}

impl AppError {
    /// A 400 naming the field at fault.
    pub fn bad(field: impl Into<String>, message: impl Into<String>) -> AppError {
        AppError::BadRequest { field: field.into(), message: message.into() }
    }

    /// The HTTP status of this error.
    pub fn status(&self) -> StatusCode {
        match self {
            AppError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            AppError::BodyTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::BodyTimeout { .. } => StatusCode::REQUEST_TIMEOUT,
            AppError::UnsupportedMediaType { .. } => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            AppError::GridTooLarge { .. } | AppError::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            AppError::Busy { .. } => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Unavailable(_) => StatusCode::NOT_IMPLEMENTED,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            AppError::NotFound { .. } => StatusCode::NOT_FOUND,
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status();
        // The request line is logged by the trace layer; the cause goes here, with its level.
        if status.is_server_error() {
            tracing::error!(status = status.as_u16(), error = %self, "request failed");
        } else {
            tracing::info!(status = status.as_u16(), error = %self, "request refused");
        }
        let mut body = json!({ "status": "error", "code": status.as_u16(), "error": self.to_string() });
        if let AppError::BadRequest { field, .. } = &self {
            if !field.is_empty() {
                body["field"] = json!(field);
            }
        }
        let mut response = (status, Json(body)).into_response();
        match self {
            AppError::Busy { .. } => {
                response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            }
            // The rest of the body may still come: the connection cannot carry another request.
            AppError::BodyTimeout { .. } => {
                response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
            }
            _ => {}
        }
        response
    }
}

//! The JSON body extractor: like axum's `Json`, but every failure is an [`AppError`] naming the
//! field at fault, and unknown fields are refused (a typo such as `time_limt` must not be
//! silently ignored).

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{FromRequest, Request};
use axum::http::{header, HeaderMap, StatusCode};
use serde::de::DeserializeOwned;
use serde_json::Value;
use sudoku_ip::formats::{elide, excerpt};

use crate::error::AppError;
use crate::input::PuzzleInput;
use crate::AppState;

/// A request type's accepted top-level fields.
pub trait Fields {
    /// Field names, as in the JSON.
    const FIELDS: &'static [&'static str];
}

/// A JSON request body decoded into `T`.
pub struct ApiJson<T>(pub T);

/// A request body holding a puzzle ([`PuzzleInput`] fields) and the endpoint's options `T`,
/// side by side in one JSON object.
pub struct WithPuzzle<T> {
    /// Where the puzzle is.
    pub input: PuzzleInput,
    /// The endpoint's own fields.
    pub options: T,
}

impl<T: DeserializeOwned + Fields> FromRequest<AppState> for ApiJson<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        let bytes = read_body(req, state).await?;
        decode(parse_object(&bytes, &[T::FIELDS])?).map(ApiJson)
    }
}

impl<T: DeserializeOwned + Fields> FromRequest<AppState> for WithPuzzle<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        let bytes = read_body(req, state).await?;
        WithPuzzle::from_body(&bytes)
    }
}

impl<T: DeserializeOwned + Fields> WithPuzzle<T> {
    /// The request read from its body: a JSON object of puzzle fields and `T`'s fields.
    pub fn from_body(bytes: &[u8]) -> Result<Self, AppError> {
        let value = parse_object(bytes, &[PuzzleInput::FIELDS, T::FIELDS])?;
        Ok(WithPuzzle { input: decode(value.clone())?, options: decode(value)? })
    }
}

/// The body, within the header timeout of its headers: a client that declares a body (a
/// length, or `chunked`) and sends none gets `408` in seconds, not the whole request timeout.
async fn read_body(req: Request, state: &AppState) -> Result<Bytes, AppError> {
    check_headers(req.headers(), state.config.limits.body_bytes)?;
    let within = state.config.limits.header_timeout;
    match tokio::time::timeout(within, Bytes::from_request(req, state)).await {
        Ok(read) => read.map_err(|e| body_error(e, state)),
        Err(_) => Err(AppError::BodyTimeout { within }),
    }
}

/// Refuse before reading the body: a declared `Content-Length` above the limit (413 at once,
/// instead of `100 Continue` and a read), and any body that is not declared JSON (415: a
/// cross-origin page can send `text/plain` without asking, never `application/json`).
fn check_headers(headers: &HeaderMap, limit: usize) -> Result<(), AppError> {
    let declared = headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.trim().parse::<u64>().ok());
    if declared.is_some_and(|len| len > limit as u64) {
        return Err(AppError::BodyTooLarge { limit });
    }
    let content_type = headers.get(header::CONTENT_TYPE).map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned());
    let essence = content_type.as_deref().and_then(|t| t.split(';').next()).map(|t| t.trim().to_ascii_lowercase());
    if essence.as_deref() != Some("application/json") {
        return Err(AppError::UnsupportedMediaType { found: content_type });
    }
    Ok(())
}

fn body_error(e: BytesRejection, state: &AppState) -> AppError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        AppError::BodyTooLarge { limit: state.config.limits.body_bytes }
    } else {
        AppError::bad("", format!("cannot read the request body: {}", e.body_text()))
    }
}

/// A body that is valid JSON, an object, and has only fields from `fields`.
pub fn parse_object(bytes: &[u8], fields: &[&[&str]]) -> Result<Value, AppError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(AppError::bad(
            "",
            "the request body is empty (expected a JSON object such as {\"line\": \"...\"})",
        ));
    }
    let value: Value = serde_json::from_slice(bytes)
        .map_err(|e| AppError::bad("", format!("the request body is not valid JSON: {e}")))?;
    let Value::Object(map) = &value else {
        return Err(AppError::bad("", "the request body must be a JSON object"));
    };
    let known = |k: &str| fields.iter().any(|f| f.contains(&k));
    if let Some(key) = map.keys().find(|k| !known(k)) {
        let all: Vec<&str> = fields.iter().flat_map(|f| f.iter().copied()).collect();
        let key = excerpt(key);
        let message = format!("unknown field {key:?} (expected one of: {})", all.join(", "));
        return Err(AppError::bad(key, message));
    }
    Ok(value)
}

/// Decode `value` into `T`; a field of the wrong type is a 400 naming its path.
pub fn decode<T: DeserializeOwned>(value: Value) -> Result<T, AppError> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        let field = e.path().to_string();
        let field = if field == "." { String::new() } else { elide(&field, 120) };
        // serde quotes the value it could not take (`invalid type: string "<1 MB>"`).
        let message = elide(&e.inner().to_string(), 400);
        let message = if field.is_empty() { message } else { format!("{field}: {message}") };
        AppError::bad(field, message)
    })
}

//! A deadline on every request, so a client that trickles its body (or a
//! table that cannot answer) never holds a connection and a task forever.
//!
//! The deadline covers producing the response's head. A stream's head is
//! sent at once, so the WebSocket and NDJSON streams are not cut by it;
//! their own idle limit governs them.

use crate::error::ApiError;
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::time::Duration;

pub async fn deadline(State(limit): State<Duration>, request: Request, next: Next) -> Response {
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            "timeout",
            format!(
                "the request was not answered within {} s; if it carried an action, send \
                 it again with the same idempotency key to learn whether it was taken",
                limit.as_secs_f64()
            ),
        )
        .into_response(),
    }
}

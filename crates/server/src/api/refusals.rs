//! The last word on every refusal: whatever produced it (a handler, one of
//! axum's extractors, a layer), it leaves as the JSON `{error, message}`
//! the API documents, and a refusal after which the connection cannot be
//! trusted says so with `Connection: close`.

use crate::error::ApiError;
use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The most of a plain-text refusal kept as its message.
const MESSAGE_LIMIT: usize = 2048;

pub async fn as_json(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let mut response = if is_json(&response) {
        response
    } else {
        rewrite(response).await
    };
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        // The rest of the oversized body is still on its way and will not
        // be read: the connection cannot carry another request.
        response
            .headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    response
}

fn is_json(response: &Response) -> bool {
    response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"))
}

/// A refusal written as plain text (axum's extractors write their own):
/// the same status, its text as the message.
async fn rewrite(response: Response) -> Response {
    let (parts, body) = response.into_parts();
    let text = match axum::body::to_bytes(body, MESSAGE_LIMIT).await {
        Ok(bytes) => String::from_utf8_lossy(&bytes).trim().to_string(),
        Err(_) => String::new(),
    };
    let status = parts.status;
    let message = if text.is_empty() {
        status
            .canonical_reason()
            .unwrap_or("the request was refused")
            .to_string()
    } else {
        text
    };
    let mut json = ApiError::new(status, code(status), message).into_response();
    for (name, value) in &parts.headers {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            json.headers_mut().insert(name, value.clone());
        }
    }
    json
}

/// The error code for a refusal that came without one.
fn code(status: StatusCode) -> &'static str {
    match status {
        StatusCode::NOT_FOUND => "not_found",
        StatusCode::REQUEST_TIMEOUT => "timeout",
        StatusCode::PAYLOAD_TOO_LARGE => "too_large",
        StatusCode::TOO_MANY_REQUESTS => "rate_limited",
        s if s.is_server_error() => "unavailable",
        _ => "bad_request",
    }
}

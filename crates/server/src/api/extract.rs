//! Request parts, read so that every mistake becomes a JSON error naming
//! what is wrong: the body, the query, the token.

use crate::error::ApiError;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;

/// A JSON body, refused in JSON.
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(value)) => Ok(Body(value)),
            Err(rejection) => Err(body_error(rejection)),
        }
    }
}

fn body_error(rejection: JsonRejection) -> ApiError {
    match rejection {
        JsonRejection::JsonSyntaxError(e) => ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad_json",
            format!("the body is not JSON: {}", e.body_text()),
        ),
        JsonRejection::JsonDataError(e) => {
            ApiError::new(StatusCode::BAD_REQUEST, "bad_request", e.body_text())
        }
        JsonRejection::MissingJsonContentType(_) => ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "bad_request",
            "send the body as JSON, with `Content-Type: application/json`",
        ),
        JsonRejection::BytesRejection(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "too_large",
                "the body is larger than this server accepts",
            )
        }
        other => ApiError::new(other.status(), "bad_request", other.body_text()),
    }
}

/// A query string, refused in JSON.
pub struct Query<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for Query<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(Query(value)),
            Err(QueryRejection::FailedToDeserializeQueryString(e)) => {
                Err(ApiError::bad_request(e.body_text()))
            }
            Err(other) => Err(ApiError::bad_request(other.body_text())),
        }
    }
}

/// The seat token of a request, from `Authorization: Bearer …`. A
/// `?token=` is refused before any handler runs ([`no_token_in_query`]).
pub struct Token(pub Option<String>);

impl<S: Send + Sync> FromRequestParts<S> for Token {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        Ok(Token(bearer(parts)?))
    }
}

/// Refuses a token in the query string everywhere but the streams, rather
/// than ignore it: ignoring it would quietly show a seat's player the
/// spectator's view. Only the streams read the query, because a browser
/// cannot set headers on a WebSocket, and URLs end up in logs. Names are
/// compared decoded and in any case, as a client's library might send them.
pub async fn no_token_in_query(request: Request, next: Next) -> Response {
    let path = request.uri().path();
    let is_stream =
        path.starts_with("/api/tables/") && (path.ends_with("/ws") || path.ends_with("/stream"));
    if !is_stream && query_names_token(request.uri().query()) {
        return ApiError::bad_request(
            "send the token as `Authorization: Bearer <token>`; only the streams (`/ws`, `/stream`) read `?token=`",
        )
        .into_response();
    }
    next.run(request).await
}

/// The seat token of a stream: the header, else the `token` of the
/// stream's own query parameters.
pub struct StreamToken(pub Option<String>);

impl<S: Send + Sync> FromRequestParts<S> for StreamToken {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        Ok(StreamToken(bearer(parts)?))
    }
}

fn bearer(parts: &Parts) -> Result<Option<String>, ApiError> {
    let Some(header) = parts.headers.get(axum::http::header::AUTHORIZATION) else {
        return Ok(None);
    };
    let text = header.to_str().unwrap_or_default();
    match text.strip_prefix("Bearer ") {
        Some(token) if !token.trim().is_empty() => Ok(Some(token.trim().to_string())),
        _ => Err(ApiError::unauthorized(
            "the Authorization header must be `Bearer <token>`",
        )),
    }
}

fn query_names_token(query: Option<&str>) -> bool {
    let Some(query) = query else {
        return false;
    };
    // Decoding never fails: bad escapes are kept as they are.
    let pairs: Vec<(String, String)> = serde_urlencoded::from_str(query).unwrap_or_default();
    pairs
        .iter()
        .any(|(name, _)| name.trim().eq_ignore_ascii_case("token"))
}

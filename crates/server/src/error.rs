//! Every refusal the API gives: a status, a short code a program can match,
//! and a sentence a person can read. Nothing else ever leaves the server on
//! failure: no backtraces, no empty 500s.

use crate::protocol::ErrorBody;
use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use tourney_store::StoreError;

/// A refusal on its way to the client, as an [`ErrorBody`] with its status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status of the answer.
    pub status: StatusCode,
    /// The short code a program matches (`stale`, `seat_taken`).
    pub code: &'static str,
    /// The sentence for people.
    pub message: String,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
        }
    }

    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    pub fn no_table(id: &str) -> ApiError {
        ApiError::not_found(format!("there is no table `{id}`"))
    }

    pub fn unauthorized(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, "unauthorized", message)
    }

    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, "forbidden", message)
    }

    pub fn conflict(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, code, message)
    }

    pub fn unprocessable(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
    }

    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "unavailable", message)
    }

    pub fn body(&self) -> ErrorBody {
        ErrorBody {
            error: self.code.to_string(),
            message: self.message.clone(),
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} ({}): {}",
            self.status.as_u16(),
            self.code,
            self.message
        )
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(self.body())).into_response()
    }
}

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> ApiError {
        // The database's own words may name files or hosts; the log keeps
        // them, the client hears that the server could not keep its promise.
        tracing::error!("store: {error}");
        match error {
            StoreError::Closed => ApiError::unavailable("the server is shutting down"),
            StoreError::Conflict { .. } => ApiError::conflict(
                "stale",
                "another server wrote this step first; fetch the table and try again",
            ),
            _ => ApiError::unavailable("the server could not save this; try again shortly"),
        }
    }
}

/// What a handler or a table answers: the value, or a refusal.
pub type ApiResult<T> = Result<T, ApiError>;

//! What is not a table: health, metrics, the API's own description, the
//! list of games, and the answers for a wrong path or method.

use super::AppState;
use crate::error::ApiError;
use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use serde_json::{Value, json};
use utoipa::OpenApi;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Tourney",
        description = "Tables of Card Joust, Ritter, Glory and Medieval Mastery: create, join, act, watch. Every error is `{error, message}`."
    ),
    paths(
        super::tables::create,
        super::tables::lobby,
        super::tables::state,
        super::tables::join,
        super::tables::act,
        super::tables::record,
        super::tables::rematch,
        super::review::replay,
        super::review::verify,
        super::stream::websocket,
        super::stream::ndjson,
        healthz,
        metrics,
        games,
    ),
    components(schemas(
        crate::protocol::SeatSpec,
        crate::protocol::CreateTable,
        crate::protocol::Created,
        crate::protocol::SeatToken,
        crate::protocol::Invite,
        crate::protocol::Join,
        crate::protocol::Act,
        crate::protocol::Acted,
        crate::protocol::ActionChoice,
        crate::protocol::Turn,
        crate::protocol::LogEntry,
        crate::protocol::SeatInfo,
        crate::protocol::TableSummary,
        crate::protocol::LobbyPage,
        crate::protocol::TableState,
        crate::protocol::StreamMessage,
        crate::protocol::StepsMessage,
        crate::protocol::StepTold,
        crate::protocol::ClientMessage,
        crate::protocol::ClientKind,
        crate::protocol::ErrorBody,
        super::review::ReplayFrame,
        super::review::DiceCheck,
    ))
)]
pub struct ApiDoc;

/// Whether the server is up and its database answers.
#[utoipa::path(get, path = "/healthz", responses((status = 200, body = Object), (status = 503, body = crate::protocol::ErrorBody)))]
pub async fn healthz(State(app): State<AppState>) -> Result<Json<Value>, ApiError> {
    if app.hub.is_closing() {
        return Err(ApiError::unavailable("shutting down"));
    }
    app.hub
        .store
        .lobby(tourney_store::Status::Open, 1, 0)
        .await?;
    Ok(Json(json!({"status": "ok", "tables_live": app.hub.live()})))
}

/// Counters and the move-latency histogram, in the Prometheus text format.
#[utoipa::path(get, path = "/metrics", responses((status = 200, body = String, content_type = "text/plain")))]
pub async fn metrics(State(app): State<AppState>) -> impl IntoResponse {
    let text = app.hub.metrics.render(app.hub.store.writer_stats());
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], text)
}

pub async fn openapi() -> impl IntoResponse {
    Json(ApiDoc::openapi())
}

/// The games, their player counts, options and defaults, and the bot levels.
#[utoipa::path(get, path = "/api/games", responses((status = 200, body = Object)))]
pub async fn games() -> Json<Value> {
    let games: Vec<Value> = tourney_table::catalog::all()
        .iter()
        .map(|kit| {
            let info = kit.entry.info;
            json!({
                "name": info.name,
                "title": info.title,
                "min_seats": info.min_seats,
                "max_seats": info.max_seats,
                "defaults": (kit.entry.default_config)(),
                "options": info.options.iter().map(|o| json!({
                    "key": o.key, "default": o.default, "help": o.help,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    let levels: Vec<Value> = tourney_table::Level::ALL
        .iter()
        .map(|l| json!({"name": l.name(), "bot": l.spec_text()}))
        .collect();
    Json(json!({"games": games, "levels": levels}))
}

pub async fn no_route() -> ApiError {
    ApiError::not_found("no such endpoint; see /api/openapi.json")
}

pub async fn wrong_method() -> ApiError {
    ApiError::new(
        axum::http::StatusCode::METHOD_NOT_ALLOWED,
        "bad_request",
        "this endpoint does not take that method; see /api/openapi.json",
    )
}

//! What is not a table: health, metrics, the API's own description, the
//! list of games, and the answers for a wrong path or method.

use super::AppState;
use crate::error::ApiError;
use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use std::sync::OnceLock;
use tourney_core::GameEntry;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi, ToResponse};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Tourney",
        description = "Tables of Card Joust, Ritter, Glory and Medieval Mastery: create, join, act, watch. Every error is `{error, message}`."
    ),
    modifiers(&BearerToken),
    paths(
        super::tables::create,
        super::tables::lobby,
        super::tables::state,
        super::tables::join,
        super::tables::act,
        super::tables::leave,
        super::tables::back,
        super::tables::record,
        super::tables::rematch,
        super::review::replay,
        super::review::verify,
        super::stream::websocket,
        super::stream::ndjson,
        healthz,
        metrics,
        openapi,
        games,
        components,
    ),
    components(responses(BadRequest, Timeout, TooLarge, NotJson, Unavailable), schemas(
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
        crate::protocol::ClockPlan,
        crate::protocol::ClockMode,
        crate::protocol::OnTimeout,
        crate::protocol::ClockView,
        crate::protocol::SeatClock,
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

/// The seat token, as the `bearer` security scheme: `Authorization: Bearer
/// <token>`, the token a table's creation, a join or a rematch gave.
struct BearerToken;

impl Modify for BearerToken {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some(
                        "`Authorization: Bearer <token>`: a seat's token, as a table's creation, \
                         a join or a rematch gave it. Without it the caller is a spectator, where \
                         an operation allows one.",
                    ))
                    .build(),
            ),
        );
    }
}

// The refusals any route may give, whatever its handler does: the layers
// around every route give them (the query check, the deadline, the body
// limit) or the extractors do. Each is `components/responses/<Name>`, its
// doc comment the description. The types are never built: they only name
// a response for the document, hence `allow(dead_code)`.

/// A request this operation cannot read: a body that is not JSON or not the
/// operation's shape, a query parameter that is unknown, malformed or out of
/// range, or a `?token=` anywhere but the streams (send `Authorization:
/// Bearer <token>`).
#[derive(ToResponse)]
#[allow(dead_code)]
pub struct BadRequest(crate::protocol::ErrorBody);

/// Not answered within the server's request deadline. An action may still
/// have been taken: send it again with the same idempotency key to learn.
#[derive(ToResponse)]
#[allow(dead_code)]
pub struct Timeout(crate::protocol::ErrorBody);

/// The body is larger than the server accepts; the connection is closed
/// after this answer.
#[derive(ToResponse)]
#[response(headers(("Connection" = String, description = "`close`: the rest of the body is not read")))]
#[allow(dead_code)]
pub struct TooLarge(crate::protocol::ErrorBody);

/// A body sent without `Content-Type: application/json`.
#[derive(ToResponse)]
#[allow(dead_code)]
pub struct NotJson(crate::protocol::ErrorBody);

/// The server is shutting down, or its database or the table did not
/// answer in time; try again shortly.
#[derive(ToResponse)]
#[allow(dead_code)]
pub struct Unavailable(crate::protocol::ErrorBody);

/// Whether the server is up and its database answers.
#[utoipa::path(get, path = "/healthz",
    responses((status = 200, body = Object, description = "`{status: \"ok\", tables_live}`: up, and the database answers"),
        (status = 400, response = BadRequest), (status = 408, response = Timeout),
        (status = 503, response = Unavailable)))]
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
#[utoipa::path(get, path = "/metrics",
    responses((status = 200, body = String, content_type = "text/plain", description = "The metrics, in the Prometheus text format (version 0.0.4)"),
        (status = 400, response = BadRequest), (status = 408, response = Timeout)))]
pub async fn metrics(State(app): State<AppState>) -> impl IntoResponse {
    let text = app.hub.metrics.render(app.hub.store.writer_stats());
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], text)
}

/// This document: the operations, and every shape they and the games
/// send and take.
#[utoipa::path(get, path = "/api/openapi.json",
    responses((status = 200, body = Object, description = "The OpenAPI document"),
        (status = 400, response = BadRequest), (status = 408, response = Timeout)))]
pub async fn openapi() -> impl IntoResponse {
    Json(document().clone())
}

/// The OpenAPI document: the routes and protocol shapes utoipa derives,
/// plus every game's view, action, event, config and components from the
/// games' own schemas. Built once; it changes only with the binary.
fn document() -> &'static Value {
    static DOCUMENT: OnceLock<Value> = OnceLock::new();
    DOCUMENT.get_or_init(|| {
        let mut document = serde_json::to_value(ApiDoc::openapi()).unwrap_or_default();
        if let Some(schemas) = document
            .pointer_mut("/components/schemas")
            .and_then(Value::as_object_mut)
        {
            for kit in tourney_table::catalog::all() {
                add_game_schemas(schemas, &kit.entry);
            }
        }
        document
    })
}

/// Adds one game's types as `<game>.<Type>`, and its five roles as
/// `<Game><Role>` (`GloryView`, `MasteryAction`): what a client decodes.
fn add_game_schemas(schemas: &mut serde_json::Map<String, Value>, entry: &GameEntry) {
    let name = entry.info.name;
    let game = (entry.schemas)().with_refs_under(&format!("#/components/schemas/{name}."));
    for (type_name, schema) in game.definitions {
        schemas.insert(format!("{name}.{type_name}"), schema);
    }
    for (role, schema) in game.roles {
        schemas.insert(format!("{}{role}", title_case(name)), schema);
    }
}

fn title_case(name: &str) -> String {
    let mut chars = name.chars();
    chars
        .next()
        .map(|first| first.to_ascii_uppercase().to_string() + chars.as_str())
        .unwrap_or_default()
}

/// `?v=<components version>`: the address the game list hands out.
#[derive(Debug, serde::Deserialize)]
pub struct VersionQuery {
    v: Option<String>,
}

/// A game's components — cards, tiles, knights, ladies, spaces, with their
/// names, numbers and effects — as its data files state them. The answer
/// is named by a hash of its text (the ETag, and the `?v=` of the address
/// the game list hands out), so a client caches it and never keeps an old
/// text.
#[utoipa::path(get, path = "/api/games/{game}/components", params(("game" = String, Path), ("v" = Option<String>, Query, description = "the components' version, as `/api/games` gives it; names an address whose answer never changes")),
    responses((status = 200, body = Object, description = "`{game, rules_version, components}`; the components are the game's `<Game>Components` schema"),
        (status = 304, description = "the copy the client holds is current"),
        (status = 400, response = BadRequest),
        (status = 404, body = crate::protocol::ErrorBody, description = "no such game"),
        (status = 408, response = Timeout)))]
pub async fn components(
    State(app): State<AppState>,
    Path(game): Path<String>,
    Query(query): Query<VersionQuery>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let kit =
        tourney_table::catalog::find(&game).map_err(|e| ApiError::not_found(e.to_string()))?;
    let served = app
        .components
        .get(kit.entry.info.name)
        .ok_or_else(|| ApiError::not_found(format!("unknown game `{game}`")))?;
    let etag = format!("\"{}-{}\"", kit.entry.info.name, served.version);
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .is_some_and(|v| v.as_bytes() == etag.as_bytes());
    let mut response = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        (
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            )],
            served.body.clone(),
        )
            .into_response()
    };
    let h = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, value);
    }
    // The address that names this version never changes its answer (new
    // texts are a new address), so it is kept a day; without it the client
    // revalidates by the ETag each time, at the cost of a 304.
    let cache = if query.v.as_deref() == Some(served.version.as_str()) {
        "public, max-age=86400, immutable"
    } else {
        "no-cache"
    };
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    Ok(response)
}

/// The games, their player counts, options and defaults, and the bot levels.
#[utoipa::path(get, path = "/api/games",
    responses((status = 200, body = Object, description = "`{games, levels}`: each game's name, title, seats, rules version, components address, defaults and options; the bot levels"),
        (status = 400, response = BadRequest), (status = 408, response = Timeout)))]
pub async fn games(State(app): State<AppState>) -> Json<Value> {
    let games: Vec<Value> = tourney_table::catalog::all()
        .iter()
        .map(|kit| {
            let info = kit.entry.info;
            json!({
                "name": info.name,
                "title": info.title,
                "min_seats": info.min_seats,
                "max_seats": info.max_seats,
                "rules_version": info.rules_version,
                "components": format!(
                    "/api/games/{}/components?v={}",
                    info.name,
                    app.components.get(info.name).map_or("", |s| s.version.as_str())
                ),
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

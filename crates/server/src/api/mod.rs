//! The HTTP routes: one file per concern, all answering JSON, every
//! refusal an [`ApiError`](crate::error::ApiError).

mod extract;
mod meta;
mod refusals;
mod review;
mod stream;
mod tables;
mod timeout;
mod web;

use crate::hub::Hub;
use crate::settings::Bucket;
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use std::collections::{BTreeMap, HashMap};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use tokio::sync::watch;

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    /// The live tables and the store behind them.
    pub hub: Arc<Hub>,
    /// Turns true when the server begins to shut down: streams close.
    pub shutdown: watch::Receiver<bool>,
    /// Table creation, rate-limited per client address.
    pub create_buckets: Arc<Mutex<HashMap<IpAddr, Bucket>>>,
    /// Held while a rematch is looked for and made, so two players who
    /// ask at once find one rematch between them.
    pub rematches: Arc<tokio::sync::Mutex<()>>,
    /// Every game's components as served, made once at start.
    pub components: Arc<BTreeMap<&'static str, crate::component_data::Served>>,
}

/// Every route of the API, with the body limit and the request deadline.
pub fn router(state: AppState) -> Router {
    let body_limit = state.hub.settings.body_limit;
    let request_timeout = state.hub.settings.request_timeout;
    Router::new()
        .route("/", get(web::page))
        .route("/t/{id}", get(web::page))
        .route("/web/{*path}", get(web::asset))
        .route("/healthz", get(meta::healthz))
        .route("/metrics", get(meta::metrics))
        .route("/api/openapi.json", get(meta::openapi))
        .route("/api/games", get(meta::games))
        .route("/api/games/{game}/components", get(meta::components))
        .route("/api/tables", post(tables::create).get(tables::lobby))
        .route("/api/tables/{id}", get(tables::state))
        .route("/api/tables/{id}/join", post(tables::join))
        .route("/api/tables/{id}/actions", post(tables::act))
        .route("/api/tables/{id}/leave", post(tables::leave))
        .route("/api/tables/{id}/back", post(tables::back))
        .route("/api/tables/{id}/record", get(tables::record))
        .route("/api/tables/{id}/replay", get(review::replay))
        .route("/api/tables/{id}/verify", get(review::verify))
        .route("/api/tables/{id}/rematch", post(tables::rematch))
        .route("/api/tables/{id}/ws", get(stream::websocket))
        .route("/api/tables/{id}/stream", get(stream::ndjson))
        .fallback(meta::no_route)
        .method_not_allowed_fallback(meta::wrong_method)
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(axum::middleware::from_fn(extract::no_token_in_query))
        .layer(axum::middleware::from_fn_with_state(
            request_timeout,
            timeout::deadline,
        ))
        // Outermost, so that every refusal, the layers' own included,
        // leaves in the documented shape.
        .layer(axum::middleware::from_fn(refusals::as_json))
        .with_state(state)
}

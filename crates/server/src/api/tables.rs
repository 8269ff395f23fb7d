//! Tables: create, list, look at, join, act, the record and the rematch.

use super::AppState;
use super::extract::{Body, Query, Token};
use super::meta::{BadRequest, NotJson, Timeout, TooLarge, Unavailable};
use crate::auth;
use crate::error::{ApiError, ApiResult};
use crate::protocol::{
    Act, Acted, CreateTable, Created, Invite, Join, LobbyPage, SeatSpec, SeatToken, TableState,
    TableSummary,
};
use crate::seats::{SeatPlan, StoredSeat, check_name};
use crate::table::{Command, now_ms};
use axum::Json;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::Instant;
use tourney_core::{DiceSeed, GameRecord};
use tourney_store::{NewTable, Status};
use utoipa::IntoParams;

fn unavailable(e: impl std::fmt::Display) -> ApiError {
    ApiError::unavailable(format!("no randomness: {e}"))
}

/// Create a table.
#[utoipa::path(post, path = "/api/tables", request_body = CreateTable,
    responses((status = 201, body = Created, description = "The table: its id, the tokens of the seats named at creation, the invites of the open ones"),
        (status = 400, response = BadRequest), (status = 408, response = Timeout),
        (status = 413, response = TooLarge), (status = 415, response = NotJson),
        (status = 422, body = crate::protocol::ErrorBody, description = "No such game (`bad_game`), a seat count it does not play (`bad_seats`), a bad seat, name, clock or option (`bad_name`, `bad_clock`, `bad_config`)"),
        (status = 429, body = crate::protocol::ErrorBody, description = "Too many tables created from this address (`rate_limited`)"),
        (status = 503, response = Unavailable)))]
pub async fn create(
    State(app): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Body(request): Body<CreateTable>,
) -> ApiResult<(StatusCode, Json<Created>)> {
    check_create_rate(&app, peer)?;
    let created = create_table(&app, &request, None, Vec::new()).await?;
    Ok((StatusCode::CREATED, Json(created)))
}

fn check_create_rate(app: &AppState, peer: SocketAddr) -> ApiResult<()> {
    let rate = app.hub.settings.create_rate;
    let allowed = app
        .create_buckets
        .lock()
        .map(|mut buckets| {
            buckets
                .entry(peer.ip())
                .or_insert_with(|| crate::settings::Bucket::new(rate))
                .take(rate)
        })
        .unwrap_or(true);
    if allowed {
        Ok(())
    } else {
        app.hub.metrics.refused("rate_limited");
        Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            "too many tables created from this address; wait a little",
        ))
    }
}

/// Person seats held for someone: at a rematch, each player's seat waits
/// for them, its invite being the token they held at the first table
/// (stored as its hash, as every token is). `None` for a plain table.
type Reserved = Vec<Option<String>>;

async fn create_table(
    app: &AppState,
    request: &CreateTable,
    rematch_of: Option<String>,
    reserved: Reserved,
) -> ApiResult<Created> {
    if app.hub.is_closing() {
        return Err(ApiError::unavailable("the server is shutting down"));
    }
    let kit = tourney_table::catalog::find(&request.game)
        .map_err(|e| ApiError::unprocessable("bad_game", e.to_string()))?;
    tourney_table::seats::check_count(kit.entry.info, request.seats.len())
        .map_err(|e| ApiError::unprocessable("bad_seats", e.to_string()))?;
    let plan = SeatPlan::from_request(&request.seats, request.private, request.clock)?;
    let config = tourney_table::config::with_defaults(
        &kit.entry,
        request.config.clone().unwrap_or_else(|| json!({})),
        request.seats.len(),
    )
    .map_err(|e| ApiError::unprocessable("bad_config", e.to_string()))?;
    let seed = match &app.hub.settings.fixed_dice {
        Some(fixed) => fixed.next_seed(),
        None => {
            let mut seed = [0u8; 32];
            getrandom::fill(&mut seed).map_err(unavailable)?;
            seed
        }
    };
    let dice = DiceSeed::from_bytes(seed);
    let id = auth::new_table_id().map_err(unavailable)?;
    let mut invites = Vec::new();
    let mut invite_hashes = Vec::new();
    let mut claims = Vec::new();
    for (i, spec) in request.seats.iter().enumerate() {
        match spec {
            SeatSpec::Person { name: Some(name) } => {
                claims.push((
                    i as u8,
                    check_name(name)?,
                    auth::new_token().map_err(unavailable)?,
                ));
                invite_hashes.push(None);
            }
            SeatSpec::Person { name: None } if reserved.get(i).is_some_and(Option::is_some) => {
                invite_hashes.push(reserved.get(i).cloned().flatten());
            }
            SeatSpec::Person { name: None } => {
                let secret = auth::random_hex(16).map_err(unavailable)?;
                invite_hashes.push(Some(auth::hash(&secret)));
                invites.push(Invite {
                    seat: i as u8,
                    url: format!("/t/{id}?seat={i}&invite={secret}"),
                    invite: secret,
                });
            }
            SeatSpec::Bot { .. } => invite_hashes.push(None),
        }
    }
    let seats_json =
        serde_json::to_string(&plan).map_err(|e| ApiError::unavailable(format!("seats: {e}")))?;
    let now = now_ms();
    app.hub
        .store
        .create_table(&NewTable {
            id: id.clone(),
            game: kit.name().to_string(),
            config: config.to_string(),
            seats_json,
            seat_count: request.seats.len(),
            dice_seed: dice.to_hex(),
            dice_commitment: dice.commitment(),
            status: Status::Open,
            rematch_of,
            unlisted: plan.private,
            rules_version: kit.entry.info.rules_version.to_string(),
            invite_hashes,
            claimed: claims
                .iter()
                .map(|(seat, name, token)| (u32::from(*seat), name.clone(), auth::hash(token)))
                .collect(),
            now_ms: now,
        })
        .await?;
    let tokens = claims
        .into_iter()
        .map(|(seat, _, token)| SeatToken { seat, token })
        .collect();
    app.hub
        .metrics
        .tables_created
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    // Loading the table starts it when every seat is already taken (a game
    // against bots), so the first dice are rolled before anyone asks.
    app.hub.table(&id).await?;
    Ok(Created {
        url: format!("/t/{id}"),
        dice_commitment: dice.commitment(),
        id,
        tokens,
        invites,
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct LobbyQuery {
    /// `open` (the default), `playing` or `finished`.
    #[serde(default)]
    status: Option<String>,
    /// How many tables: 1 to 100; 20 by default.
    #[serde(default)]
    #[param(minimum = 1, maximum = 100)]
    limit: Option<u32>,
    /// How many of the newest tables to pass over; 0 by default.
    #[serde(default)]
    offset: Option<u32>,
}

/// The lobby: tables by status, newest first. Private tables are in no
/// list (nor in a `total`): only their links lead to them.
#[utoipa::path(get, path = "/api/tables", params(LobbyQuery),
    responses((status = 200, body = LobbyPage, description = "A page of the tables with that status"),
        (status = 400, response = BadRequest), (status = 408, response = Timeout),
        (status = 503, response = Unavailable)))]
pub async fn lobby(
    State(app): State<AppState>,
    Query(query): Query<LobbyQuery>,
) -> ApiResult<Json<LobbyPage>> {
    let status_text = query.status.as_deref().unwrap_or("open");
    let status = Status::parse(status_text).ok_or_else(|| {
        ApiError::bad_request(format!(
            "status `{status_text}`: expected open, playing or finished"
        ))
    })?;
    let limit = query.limit.unwrap_or(20);
    if !(1..=100).contains(&limit) {
        return Err(ApiError::bad_request("limit is 1 to 100"));
    }
    let offset = query.offset.unwrap_or(0);
    let (rows, total) = app.hub.store.lobby(status, limit, offset).await?;
    let mut tables = Vec::with_capacity(rows.len());
    for row in rows {
        let seats = app.hub.store.seats(&row.id).await?;
        let seating = crate::seats::Seating::from_stored(&row.seats_json, seats)
            .map_err(ApiError::unavailable)?;
        let title = tourney_table::catalog::find(&row.game)
            .map(|k| k.entry.info.title.to_string())
            .unwrap_or_else(|_| row.game.clone());
        tables.push(TableSummary {
            id: row.id,
            game: row.game,
            title,
            status: row.status.as_str().to_string(),
            seats: seating.infos(),
            steps: row.steps.max(0) as u64,
            created_at: row.created_at,
            updated_at: row.updated_at,
        });
    }
    Ok(Json(LobbyPage {
        status: status.as_str().to_string(),
        tables,
        total,
        offset,
        limit,
    }))
}

/// A table as the caller sees it: a seat with its token, or a spectator.
#[utoipa::path(get, path = "/api/tables/{id}", params(("id" = String, Path)),
    security((), ("bearer" = [])),
    responses((status = 200, body = TableState, description = "The table as the caller sees it; `you` is the token's seat"),
        (status = 400, response = BadRequest),
        (status = 401, body = crate::protocol::ErrorBody, description = "An `Authorization` header that is not `Bearer <token>`, or a token that holds no seat here"),
        (status = 404, body = crate::protocol::ErrorBody, description = "No such table"),
        (status = 408, response = Timeout),
        (status = 409, body = crate::protocol::ErrorBody, description = "The table was played under rules this server does not play (`rules_version`)"),
        (status = 503, response = Unavailable)))]
pub async fn state(
    State(app): State<AppState>,
    Path(id): Path<String>,
    Token(token): Token,
) -> ApiResult<Json<TableState>> {
    let state = app
        .hub
        .ask(&id, |reply| Command::State {
            token: token.clone(),
            reply,
        })
        .await?;
    Ok(Json(state))
}

/// Take a seat with a display name; the answer holds the seat's token.
#[utoipa::path(post, path = "/api/tables/{id}/join", params(("id" = String, Path)), request_body = Join,
    responses((status = 200, body = SeatToken, description = "The seat taken, and its token"),
        (status = 400, response = BadRequest),
        (status = 403, body = crate::protocol::ErrorBody, description = "A private table or a held seat, and no invite or a wrong one"),
        (status = 404, body = crate::protocol::ErrorBody, description = "No such table"),
        (status = 408, response = Timeout),
        (status = 409, body = crate::protocol::ErrorBody, description = "The seat, or every seat, is taken (`seat_taken`), or the table cannot be played here (`rules_version`)"),
        (status = 413, response = TooLarge), (status = 415, response = NotJson),
        (status = 422, body = crate::protocol::ErrorBody, description = "A display name that is not 1 to 40 characters or holds control characters (`bad_name`), or a seat the table does not have (`bad_seat`)"),
        (status = 503, response = Unavailable)))]
pub async fn join(
    State(app): State<AppState>,
    Path(id): Path<String>,
    Body(join): Body<Join>,
) -> ApiResult<Json<SeatToken>> {
    if app.hub.is_closing() {
        return Err(ApiError::unavailable("the server is shutting down"));
    }
    let token = app
        .hub
        .ask(&id, |reply| Command::Join {
            join: join.clone(),
            reply,
        })
        .await?;
    Ok(Json(token))
}

/// Leave the table for now: a stand-in bot plays for your seat until you
/// come back (`POST …/back`, or any move of yours). The answer is the table
/// as you see it.
#[utoipa::path(post, path = "/api/tables/{id}/leave", params(("id" = String, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = TableState, description = "The table as the seat now sees it, a stand-in bot playing for it"),
        (status = 400, response = BadRequest),
        (status = 401, body = crate::protocol::ErrorBody, description = "No seat token, an `Authorization` header that is not `Bearer <token>`, or a token that holds no seat here"),
        (status = 404, body = crate::protocol::ErrorBody, description = "No such table"),
        (status = 408, response = Timeout),
        (status = 409, body = crate::protocol::ErrorBody, description = "The game is not being played (`not_playing`), or the table cannot be played here"),
        (status = 503, response = Unavailable)))]
pub async fn leave(
    State(app): State<AppState>,
    Path(id): Path<String>,
    Token(token): Token,
) -> ApiResult<Json<TableState>> {
    away(&app, &id, token, true).await
}

/// Take your seat back from the stand-in bot that played for you.
#[utoipa::path(post, path = "/api/tables/{id}/back", params(("id" = String, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = TableState, description = "The table as the seat now sees it, played by its person again"),
        (status = 400, response = BadRequest),
        (status = 401, body = crate::protocol::ErrorBody, description = "No seat token, an `Authorization` header that is not `Bearer <token>`, or a token that holds no seat here"),
        (status = 404, body = crate::protocol::ErrorBody, description = "No such table"),
        (status = 408, response = Timeout),
        (status = 409, body = crate::protocol::ErrorBody, description = "The game is not being played (`not_playing`), or the table cannot be played here"),
        (status = 503, response = Unavailable)))]
pub async fn back(
    State(app): State<AppState>,
    Path(id): Path<String>,
    Token(token): Token,
) -> ApiResult<Json<TableState>> {
    away(&app, &id, token, false).await
}

async fn away(
    app: &AppState,
    id: &str,
    token: Option<String>,
    away: bool,
) -> ApiResult<Json<TableState>> {
    if app.hub.is_closing() {
        return Err(ApiError::unavailable("the server is shutting down"));
    }
    let state = app
        .hub
        .ask(id, |reply| Command::Away {
            token: token.clone(),
            away,
            reply,
        })
        .await?;
    Ok(Json(state))
}

/// Act for a seat: the game's JSON or the index of a listed action, with
/// the sequence number it answers.
#[utoipa::path(post, path = "/api/tables/{id}/actions", params(("id" = String, Path)), request_body = Act,
    security(("bearer" = [])),
    responses((status = 200, body = Acted, description = "The action was taken"),
        (status = 400, response = BadRequest),
        (status = 401, body = crate::protocol::ErrorBody, description = "No seat token, an `Authorization` header that is not `Bearer <token>`, or a token that holds no seat here"),
        (status = 403, body = crate::protocol::ErrorBody, description = "The token's seat may not act for the seat named"),
        (status = 404, body = crate::protocol::ErrorBody, description = "No such table"),
        (status = 408, response = Timeout),
        (status = 409, body = crate::protocol::ErrorBody, description = "The action answers an older state (`stale`), the game has not started (`not_started`) or is over (`game_over`), or the table cannot be played here"),
        (status = 413, response = TooLarge), (status = 415, response = NotJson),
        (status = 422, body = crate::protocol::ErrorBody, description = "Neither or both of `action` and `index` (`bad_action`), or an action the game does not allow now (`illegal_action`)"),
        (status = 429, body = crate::protocol::ErrorBody, description = "Too many moves at once from this seat (`rate_limited`)"),
        (status = 503, response = Unavailable)))]
pub async fn act(
    State(app): State<AppState>,
    Path(id): Path<String>,
    Token(token): Token,
    Body(act): Body<Act>,
) -> ApiResult<Json<Acted>> {
    submit(&app, &id, token, act).await.map(Json)
}

/// An action from HTTP or a WebSocket, to its table.
pub async fn submit(app: &AppState, id: &str, token: Option<String>, act: Act) -> ApiResult<Acted> {
    if app.hub.is_closing() {
        return Err(ApiError::unavailable("the server is shutting down"));
    }
    let arrived = Instant::now();
    app.hub
        .ask(id, |reply| Command::Act {
            token: token.clone(),
            act: act.clone(),
            arrived,
            reply,
        })
        .await
}

/// A finished table's record, dice seed included: what `tourney replay
/// --verify` checks.
#[utoipa::path(get, path = "/api/tables/{id}/record", params(("id" = String, Path)),
    responses((status = 200, body = Object, description = "The game's record: its game, config, seats, dice seed and every step"),
        (status = 400, response = BadRequest),
        (status = 404, body = crate::protocol::ErrorBody, description = "No such table"),
        (status = 408, response = Timeout),
        (status = 409, body = crate::protocol::ErrorBody, description = "The game is not over (`not_finished`), or the table cannot be played here"),
        (status = 503, response = Unavailable)))]
pub async fn record(
    State(app): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<GameRecord>> {
    let record = app.hub.ask(&id, |reply| Command::Record { reply }).await?;
    Ok(Json(record))
}

/// The table's rematch: one per table. The first player to ask makes it
/// (same game, options, bots and order) and sits in their seat; every
/// other person's seat waits for them, and the players still at the first
/// table hear of it at once (a `rematch` stream message). Asked again, by
/// another player, it seats that player in their place at the same new
/// table.
#[utoipa::path(post, path = "/api/tables/{id}/rematch", params(("id" = String, Path)),
    security(("bearer" = [])),
    responses((status = 201, body = Created, description = "the rematch was made"),
        (status = 200, body = Created, description = "the rematch already existed: the caller now sits at it"),
        (status = 400, response = BadRequest),
        (status = 401, body = crate::protocol::ErrorBody, description = "No seat token (a rematch is asked for by a player), or an `Authorization` header that is not `Bearer <token>`, or a token that holds no seat here"),
        (status = 403, body = crate::protocol::ErrorBody, description = "The token is not a player's of this table"),
        (status = 404, body = crate::protocol::ErrorBody, description = "No such table"),
        (status = 408, response = Timeout),
        (status = 409, body = crate::protocol::ErrorBody, description = "The game is not over (`not_finished`), the caller already sits at the rematch (`seat_taken`), or the table cannot be played here"),
        (status = 429, body = crate::protocol::ErrorBody, description = "Too many tables created from this address (`rate_limited`)"),
        (status = 503, response = Unavailable)))]
pub async fn rematch(
    State(app): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    Token(token): Token,
) -> ApiResult<(StatusCode, Json<Created>)> {
    let Some(token) = token else {
        return Err(ApiError::unauthorized(
            "a rematch is asked for by a player: send your seat's token",
        ));
    };
    let state = app
        .hub
        .ask(&id, |reply| Command::State {
            token: Some(token.clone()),
            reply,
        })
        .await?;
    let Some(you) = state.you else {
        return Err(ApiError::forbidden(
            "only a player of this table can ask for its rematch",
        ));
    };
    if state.summary.status != Status::Finished.as_str() {
        return Err(ApiError::conflict(
            "not_finished",
            "a rematch is offered when the game is over",
        ));
    }
    let name = state
        .summary
        .seats
        .get(usize::from(you))
        .and_then(|s| s.name.clone())
        .unwrap_or_else(|| format!("Seat {}", you + 1));
    // One at a time on this server, so two players who click together
    // find one rematch between them.
    let _one = app.rematches.lock().await;
    if let Some(made) = app.hub.store.rematch_of(&id).await? {
        let seat = app
            .hub
            .ask(&made, |reply| Command::Join {
                join: Join {
                    name: name.clone(),
                    seat: Some(you),
                    invite: Some(token.clone()),
                    idempotency_key: None,
                },
                reply,
            })
            .await
            .map_err(|e| match e.code {
                "seat_taken" => ApiError::conflict(
                    "seat_taken",
                    format!("you already sit at this table's rematch, /t/{made}"),
                ),
                _ => e,
            })?;
        let joined = app
            .hub
            .ask(&made, |reply| Command::State { token: None, reply })
            .await?;
        return Ok((
            StatusCode::OK,
            Json(Created {
                url: format!("/t/{made}"),
                dice_commitment: joined.dice_commitment,
                id: made,
                tokens: vec![seat],
                invites: Vec::new(),
            }),
        ));
    }
    check_create_rate(&app, peer)?;
    let (_, plan) = app.hub.ask(&id, |reply| Command::Summary { reply }).await?;
    let row = app
        .hub
        .store
        .table(&id)
        .await?
        .ok_or_else(|| ApiError::no_table(&id))?;
    let config: Value = serde_json::from_str(&row.config)
        .map_err(|e| ApiError::unavailable(format!("config: {e}")))?;
    let held = app.hub.store.seats(&id).await?;
    let mut reserved = Vec::with_capacity(plan.seats.len());
    let seats = plan
        .seats
        .iter()
        .enumerate()
        .map(|(i, stored)| match stored {
            StoredSeat::Bot { bot } => {
                reserved.push(None);
                SeatSpec::Bot { bot: bot.clone() }
            }
            StoredSeat::Person if i == usize::from(you) => {
                reserved.push(None);
                SeatSpec::Person {
                    name: Some(name.clone()),
                }
            }
            StoredSeat::Person => {
                reserved.push(held.get(i).and_then(|s| s.token_hash.clone()));
                SeatSpec::Person { name: None }
            }
        })
        .collect();
    // Held seats are joined only with their holders' old tokens: the new
    // table is private, so nobody else can take them.
    let holds = reserved.iter().any(Option::is_some);
    let request = CreateTable {
        game: row.game,
        config: Some(config),
        seats,
        private: plan.private || holds,
        clock: plan.clock,
    };
    let created = create_table(&app, &request, Some(id.clone()), reserved).await?;
    let made = created.id.clone();
    // The first table may have left memory; it learns of its rematch from
    // the database when it loads again.
    let _ = app
        .hub
        .ask(&id, |reply| Command::RematchMade {
            id: made.clone(),
            reply,
        })
        .await;
    Ok((StatusCode::CREATED, Json(created)))
}

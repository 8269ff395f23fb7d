//! A finished game looked back on: the table at any step (for a replay in
//! the browser), and the check of its dice against the revealed seed. Both
//! are built from the game's record, which is given out only once the game
//! is over, so neither can show what a player could not yet see.

use super::AppState;
use super::extract::Query;
use super::meta::{BadRequest, Timeout, Unavailable};
use crate::error::{ApiError, ApiResult};
use crate::protocol::Turn;
use crate::table::Command;
use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use tourney_core::{DynGame, GameRecord, RecordStep};
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct ReplayQuery {
    /// How many steps to play from the start: 0 (before the first step) to
    /// the record's length.
    at: usize,
}

/// The table of a finished game after its first `at` steps, as a
/// spectator saw it then.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReplayFrame {
    /// The steps played.
    pub at: usize,
    /// The steps in the whole record.
    pub total: usize,
    /// Who was to move after those steps.
    pub turn: Turn,
    /// The spectator's view at that point (face-up only).
    #[schema(value_type = Object)]
    pub view: serde_json::Value,
    /// The same view in the terminal's drawing.
    pub text: String,
    /// What step `at` itself was, in words (none at 0).
    pub step: Option<String>,
}

/// The result of checking a finished table's dice.
#[derive(Debug, Serialize, ToSchema)]
pub struct DiceCheck {
    /// Whether the seed matches its commitment and gave every die and card.
    pub verified: bool,
    /// The dice and cards checked (chance steps).
    pub dice: usize,
    /// The steps replayed.
    pub steps: usize,
    /// The commitment published when the table was made.
    pub commitment: String,
    /// The result in words: what was checked, or what did not match.
    pub message: String,
}

/// A finished game's table after `at` steps, for a replay.
#[utoipa::path(get, path = "/api/tables/{id}/replay", params(("id" = String, Path), ReplayQuery),
    responses((status = 200, body = ReplayFrame, description = "The table after `at` steps"),
        (status = 400, response = BadRequest),
        (status = 404, body = crate::protocol::ErrorBody, description = "No such table"),
        (status = 408, response = Timeout),
        (status = 409, body = crate::protocol::ErrorBody, description = "The game is not over (`not_finished`), or the table cannot be played here"),
        (status = 503, response = Unavailable)))]
pub async fn replay(
    State(app): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<ReplayQuery>,
) -> ApiResult<Json<ReplayFrame>> {
    let record = app.hub.ask(&id, |reply| Command::Record { reply }).await?;
    if query.at > record.steps.len() {
        return Err(ApiError::bad_request(format!(
            "at {}: the record has {} steps",
            query.at,
            record.steps.len()
        )));
    }
    // Replaying is pure computation over the rules; keep it off the
    // threads that serve the network.
    let frame = tokio::task::spawn_blocking(move || frame_at(&record, query.at))
        .await
        .map_err(|_| ApiError::unavailable("the replay did not finish"))??;
    Ok(Json(frame))
}

/// Checks every die and card of a finished game against its revealed seed,
/// as `tourney replay --verify` does.
#[utoipa::path(get, path = "/api/tables/{id}/verify", params(("id" = String, Path)),
    responses((status = 200, body = DiceCheck, description = "What was checked, and whether every die and card matched the seed"),
        (status = 400, response = BadRequest),
        (status = 404, body = crate::protocol::ErrorBody, description = "No such table"),
        (status = 408, response = Timeout),
        (status = 409, body = crate::protocol::ErrorBody, description = "The game is not over (`not_finished`), or the table cannot be played here"),
        (status = 503, response = Unavailable)))]
pub async fn verify(
    State(app): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<DiceCheck>> {
    let record = app.hub.ask(&id, |reply| Command::Record { reply }).await?;
    let check = tokio::task::spawn_blocking(move || check_dice(&record))
        .await
        .map_err(|_| ApiError::unavailable("the check did not finish"))??;
    Ok(Json(check))
}

fn entry_of(record: &GameRecord) -> ApiResult<tourney_core::GameEntry> {
    tourney_table::catalog::find(&record.game)
        .map(|kit| kit.entry)
        .map_err(|e| ApiError::unavailable(e.to_string()))
}

fn frame_at(record: &GameRecord, at: usize) -> ApiResult<ReplayFrame> {
    let entry = entry_of(record)?;
    let broken = |e: String| ApiError::unavailable(format!("the stored game does not replay: {e}"));
    let mut game = (entry.create)(&record.config, record.seats.clone(), record.seed)
        .map_err(|e| broken(e.to_string()))?;
    let mut step = None;
    for (i, recorded) in record.steps[..at].iter().enumerate() {
        let last = i + 1 == at;
        step = Some(apply(game.as_mut(), recorded, last).map_err(broken)?);
    }
    Ok(ReplayFrame {
        at,
        total: record.steps.len(),
        turn: Turn::of(game.to_move()),
        view: game.view_json(None),
        text: game.render(None),
        step: step.flatten(),
    })
}

/// Applies one recorded step; for the last one, also says what it was.
/// The game is over, so hidden choices may be told now.
fn apply(game: &mut dyn DynGame, step: &RecordStep, tell: bool) -> Result<Option<String>, String> {
    match step {
        RecordStep::Action { seat, action } => {
            let applied = game.apply_json(*seat, action).map_err(|e| e.to_string())?;
            Ok(tell.then(|| format!("Seat {} {}", seat.0 + 1, applied.told)))
        }
        RecordStep::Chance { outcome } => {
            let text = tell
                .then(|| {
                    let what = game.chance_step_label();
                    game.describe_chance_json(outcome)
                        .map(|o| format!("{what}: {o}"))
                })
                .transpose()
                .map_err(|e| e.to_string())?;
            game.apply_chance_json(outcome).map_err(|e| e.to_string())?;
            Ok(text)
        }
    }
}

fn check_dice(record: &GameRecord) -> ApiResult<DiceCheck> {
    let entry = entry_of(record)?;
    let commitment = record
        .dice
        .as_ref()
        .map(|seal| seal.commitment.clone())
        .unwrap_or_default();
    Ok(match tourney_core::verify_dice(&entry, record) {
        Ok(audit) => DiceCheck {
            verified: true,
            dice: audit.chance_steps,
            steps: audit.steps,
            message: match audit.chance_steps {
                0 => "the game had no dice or cards; the seed matches its commitment".into(),
                1 => "the one die or card came from the seed committed at the start".into(),
                n => format!("all {n} dice and cards came from the seed committed at the start"),
            },
            commitment,
        },
        Err(e) => DiceCheck {
            verified: false,
            dice: 0,
            steps: record.steps.len(),
            message: e.to_string(),
            commitment,
        },
    })
}

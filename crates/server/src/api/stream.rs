//! A table's stream, for one viewer: every step as it becomes durable.
//! Over a WebSocket (which also takes the seat's actions) or as
//! newline-delimited JSON over plain HTTP, for programs.
//!
//! `?after=N` resumes after step N: the steps since then come first, each
//! exactly once, then the live ones. Without it the first message is the
//! whole table (`"type": "state"`).

use super::AppState;
use super::extract::{Query, StreamToken};
use super::meta::{BadRequest, Timeout, Unavailable};
use crate::error::ApiResult;
use crate::protocol::{ClientMessage, StreamMessage};
use crate::table::{Command, Subscription, encode};
use axum::body::Body;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use futures_util::SinkExt;
use serde::Deserialize;
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;
use utoipa::IntoParams;

/// A blank line (NDJSON) or a ping (WebSocket) this often keeps proxies
/// and clients from taking a quiet table for a dead connection.
const HEARTBEAT: Duration = Duration::from_secs(25);

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct StreamQuery {
    /// Resume after this step (at most the table's last): the steps since
    /// come first. Without it the first message is the whole table.
    #[serde(default)]
    after: Option<u64>,
    /// The seat's token (browsers cannot set headers on a WebSocket); an
    /// `Authorization: Bearer` header is read first.
    #[serde(default)]
    token: Option<String>,
}

impl StreamQuery {
    /// The viewer's token: the header's, else the query's.
    fn token_or(&self, header: Option<String>) -> Option<String> {
        header.or_else(|| self.token.clone().filter(|t| !t.is_empty()))
    }
}

async fn subscribe(
    app: &AppState,
    id: &str,
    token: Option<String>,
    after: Option<u64>,
) -> ApiResult<Subscription> {
    app.hub
        .ask(id, |reply| Command::Subscribe {
            token: token.clone(),
            after,
            reply,
        })
        .await
}

/// The table's stream as newline-delimited JSON.
#[utoipa::path(get, path = "/api/tables/{id}/stream", params(("id" = String, Path), StreamQuery),
    security((), ("bearer" = [])),
    responses((status = 200, description = "Newline-delimited JSON: one `StreamMessage` per line, and a blank line now and then while the table is quiet; it never ends by itself",
            body = StreamMessage, content_type = "application/x-ndjson"),
        (status = 400, response = BadRequest),
        (status = 401, body = crate::protocol::ErrorBody, description = "An `Authorization` header that is not `Bearer <token>`, or a token that holds no seat here"),
        (status = 404, body = crate::protocol::ErrorBody, description = "No such table"),
        (status = 408, response = Timeout),
        (status = 409, body = crate::protocol::ErrorBody, description = "The table was played under rules this server does not play (`rules_version`)"),
        (status = 503, response = Unavailable)))]
pub async fn ndjson(
    State(app): State<AppState>,
    Path(id): Path<String>,
    StreamToken(token): StreamToken,
    Query(query): Query<StreamQuery>,
) -> ApiResult<Response> {
    let token = query.token_or(token);
    let sub = subscribe(&app, &id, token, query.after).await?;
    let metrics = app.hub.metrics.clone();
    metrics.subscribers.fetch_add(1, Relaxed);
    let mut shutdown = app.shutdown.clone();
    let stream = async_stream(
        sub,
        move || {
            metrics.subscribers.fetch_sub(1, Relaxed);
        },
        async move {
            let _ = shutdown.wait_for(|closing| *closing).await;
        },
    );
    Ok((
        [(header::CONTENT_TYPE, "application/x-ndjson")],
        Body::from_stream(stream),
    )
        .into_response())
}

/// Lines for the NDJSON body: the backlog, then live messages with
/// heartbeats, until the table drops the watcher or the server stops.
fn async_stream(
    sub: Subscription,
    on_end: impl FnOnce() + Send + 'static,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> impl futures_util::Stream<Item = Result<String, std::io::Error>> + Send {
    struct Guard<F: FnOnce()>(Option<F>);
    impl<F: FnOnce()> Drop for Guard<F> {
        fn drop(&mut self) {
            if let Some(f) = self.0.take() {
                f();
            }
        }
    }
    let Subscription { backlog, live, .. } = sub;
    let state = (
        backlog.into_iter(),
        live,
        Box::pin(shutdown),
        Guard(Some(on_end)),
    );
    futures_util::stream::unfold(
        state,
        |(mut backlog, mut live, mut shutdown, guard)| async move {
            if let Some(line) = backlog.next() {
                return Some((Ok(format!("{line}\n")), (backlog, live, shutdown, guard)));
            }
            tokio::select! {
                message = live.recv() => {
                    let line = message?;
                    Some((Ok(format!("{line}\n")), (backlog, live, shutdown, guard)))
                }
                () = tokio::time::sleep(HEARTBEAT) => {
                    Some((Ok("\n".to_string()), (backlog, live, shutdown, guard)))
                }
                () = &mut shutdown => None,
            }
        },
    )
}

/// The table's stream over a WebSocket; a seat's token lets it act too:
/// `{"type": "act", "id": "7", "seq": 12, "index": 0}` is answered with
/// `ack` or `error` carrying the same `id`.
#[utoipa::path(get, path = "/api/tables/{id}/ws", params(("id" = String, Path), StreamQuery),
    security((), ("bearer" = [])),
    responses((status = 101, description = "Switching to the WebSocket protocol"),
        (status = 400, body = crate::protocol::ErrorBody, description = "Not a WebSocket handshake (no `Connection: upgrade`, `Upgrade: websocket`, `Sec-WebSocket-Version: 13` or `Sec-WebSocket-Key`), or a query parameter that is unknown, malformed or out of range"),
        (status = 401, body = crate::protocol::ErrorBody, description = "An `Authorization` header that is not `Bearer <token>`, or a token that holds no seat here"),
        (status = 404, body = crate::protocol::ErrorBody, description = "No such table"),
        (status = 408, response = Timeout),
        (status = 409, body = crate::protocol::ErrorBody, description = "The table was played under rules this server does not play (`rules_version`)"),
        (status = 503, response = Unavailable)))]
pub async fn websocket(
    State(app): State<AppState>,
    Path(id): Path<String>,
    StreamToken(token): StreamToken,
    Query(query): Query<StreamQuery>,
    upgrade: WebSocketUpgrade,
) -> ApiResult<Response> {
    let token = query.token_or(token);
    // Subscribing before the upgrade lets a bad token or table be refused
    // with a plain HTTP error, and no step falls between subscribing and
    // the first frame.
    let sub = subscribe(&app, &id, token.clone(), query.after).await?;
    let limit = app.hub.settings.ws_message_limit;
    Ok(upgrade
        // tungstenite zeroes its read buffer (128 KiB by default) as it
        // reads; client messages are small, so a small buffer saves that.
        .read_buffer_size(8 * 1024)
        .max_message_size(limit)
        .max_frame_size(limit)
        .on_upgrade(move |socket| {
            // Tracked, so a shutdown waits for the close frame to go out.
            let tasks = app.hub.tasks.clone();
            tasks.track_future(serve_socket(socket, app, id, token, sub))
        })
        .into_response())
}

async fn serve_socket(
    mut socket: WebSocket,
    app: AppState,
    id: String,
    token: Option<String>,
    sub: Subscription,
) {
    let metrics = app.hub.metrics.clone();
    metrics.subscribers.fetch_add(1, Relaxed);
    let Subscription {
        backlog, mut live, ..
    } = sub;
    let mut shutdown = app.shutdown.clone();
    let stopping = async move {
        let _ = shutdown.wait_for(|closing| *closing).await;
    };
    tokio::pin!(stopping);
    let idle_limit = app.hub.settings.idle_connection;
    let mut last_heard = Instant::now();
    let mut heartbeat = tokio::time::interval(HEARTBEAT);
    let close = |reason: &'static str| {
        Message::Close(Some(CloseFrame {
            code: axum::extract::ws::close_code::AWAY,
            reason: reason.into(),
        }))
    };
    for line in backlog {
        if socket
            .send(Message::Text(line.as_ref().into()))
            .await
            .is_err()
        {
            metrics.subscribers.fetch_sub(1, Relaxed);
            return;
        }
    }
    loop {
        tokio::select! {
            message = live.recv() => match message {
                Some(line) => {
                    if send_all(&mut socket, text(&line), &mut live).await.is_err() {
                        break;
                    }
                }
                None => {
                    let _ = socket.send(close("the table stopped streaming; reconnect with ?after=")).await;
                    break;
                }
            },
            incoming = socket.recv() => {
                last_heard = Instant::now();
                match incoming {
                    Some(Ok(Message::Text(text))) => {
                        let answer = answer(&app, &id, token.clone(), text.as_str()).await;
                        if send_all(&mut socket, self::text(&answer), &mut live).await.is_err() {
                            break;
                        }
                    }
                    Some(Ok(Message::Binary(_))) => {
                        let answer = error_message(None, &crate::error::ApiError::bad_request("send text frames of JSON"));
                        if socket.send(Message::Text(answer.as_ref().into())).await.is_err() {
                            break;
                        }
                    }
                    Some(Err(e)) => {
                        // A protocol violation is answered with its close
                        // code before the connection goes, as RFC 6455
                        // asks; a connection that simply broke is not.
                        if let Some(frame) = violation(e) {
                            let _ = socket.send(Message::Close(Some(frame))).await;
                        }
                        break;
                    }
                    Some(Ok(Message::Close(_))) | None => break,
                    Some(Ok(_)) => {}
                }
            }
            _ = heartbeat.tick() => {
                if last_heard.elapsed() > idle_limit {
                    let _ = socket.send(close("idle for too long")).await;
                    break;
                }
                if socket.send(Message::Ping(Vec::new().into())).await.is_err() {
                    break;
                }
            }
            () = &mut stopping => {
                let _ = socket.send(close("the server is restarting; reconnect with ?after=")).await;
                break;
            }
        }
    }
    metrics.subscribers.fetch_sub(1, Relaxed);
}

/// The close frame for a client that broke the WebSocket protocol: 1009
/// for a message over the limit, 1007 for text that is not UTF-8, 1002 for
/// any other violation; `None` when the connection itself failed.
fn violation(error: axum::Error) -> Option<CloseFrame> {
    use axum::extract::ws::close_code::{INVALID, PROTOCOL, SIZE};
    let inner = error.into_inner();
    let (code, reason) = match inner.downcast_ref::<tungstenite::Error>()? {
        tungstenite::Error::Capacity(_) => (SIZE, "message too large"),
        tungstenite::Error::Utf8(_) => (INVALID, "text frames must be UTF-8"),
        tungstenite::Error::Protocol(_) => (PROTOCOL, "protocol violation"),
        _ => return None,
    };
    Some(CloseFrame {
        code,
        reason: reason.into(),
    })
}

fn text(line: &str) -> Message {
    Message::Text(line.into())
}

/// Sends `first` and every step message already waiting behind it, then
/// flushes once. An ack and the steps it caused leave in one write rather
/// than one write (and one wake-up of the reader) each.
async fn send_all(
    socket: &mut WebSocket,
    first: Message,
    live: &mut mpsc::Receiver<Arc<str>>,
) -> Result<(), axum::Error> {
    socket.feed(first).await?;
    while let Ok(line) = live.try_recv() {
        socket.feed(text(&line)).await?;
    }
    socket.flush().await
}

async fn answer(app: &AppState, id: &str, token: Option<String>, text: &str) -> Arc<str> {
    let message: ClientMessage = match serde_json::from_str(text) {
        Ok(message) => message,
        Err(e) => {
            return error_message(
                None,
                &crate::error::ApiError::bad_request(format!("not a message: {e}")),
            );
        }
    };
    let (request_id, act) = message.into_act();
    match super::tables::submit(app, id, token, act).await {
        Ok(acted) => encode(&StreamMessage::Ack {
            id: request_id,
            acted,
        }),
        Err(e) => error_message(request_id, &e),
    }
}

fn error_message(id: Option<String>, error: &crate::error::ApiError) -> Arc<str> {
    encode(&StreamMessage::Error {
        id,
        status: error.status.as_u16(),
        error: error.code.to_string(),
        message: error.message.clone(),
    })
}

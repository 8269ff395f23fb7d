//! Following the other nodes (PostgreSQL only). Every change a node
//! commits is announced on the database's notification channel (see
//! `tourney_store::ChangeFeed`); this task hands each announcement to the
//! table it names, if this node has it in memory, and the table catches up
//! from the log. A notification sent while the feed's connection was down
//! is lost for good, so from the moment the feed breaks until a new one
//! listens and every table in memory has caught up, the hub refuses to
//! answer from memory (503): it cannot prove its copies current.

use crate::hub::Hub;
use std::sync::Arc;
use std::time::Duration;
use tourney_store::ChangeFeed;

/// The first wait before listening again; it doubles up to [`MOST_WAIT`].
const FIRST_WAIT: Duration = Duration::from_millis(50);
const MOST_WAIT: Duration = Duration::from_secs(2);

/// Runs until the server closes. `feed` is already listening: the server
/// opens it before it resumes any table, so no change slips in between.
pub(crate) async fn follow(hub: Arc<Hub>, mut feed: ChangeFeed) {
    loop {
        let lost = loop {
            match feed.next().await {
                Ok(changes) => changes.iter().for_each(|change| hub.changed(change)),
                Err(e) => break e,
            }
        };
        hub.set_in_sync(false);
        if hub.is_closing() {
            return;
        }
        tracing::warn!("{lost}; answering 503 until this node has caught up");
        let Some(again) = listen_again(&hub).await else {
            return;
        };
        feed = again;
        hub.catch_up_all().await;
        hub.set_in_sync(true);
        tracing::info!("listening to the other nodes again; every table caught up");
    }
}

/// Opens a new feed, waiting longer after each failure; `None` once the
/// server is closing.
async fn listen_again(hub: &Hub) -> Option<ChangeFeed> {
    let mut wait = FIRST_WAIT;
    loop {
        tokio::time::sleep(wait).await;
        if hub.is_closing() {
            return None;
        }
        match hub.store.change_feed().await {
            Ok(Some(feed)) => return Some(feed),
            Ok(None) => return None,
            Err(e) => tracing::warn!("listening to the other nodes: {e}"),
        }
        wait = (wait * 2).min(MOST_WAIT);
    }
}

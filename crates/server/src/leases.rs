//! Bots on one node at a time. With several nodes on one PostgreSQL
//! database a table may be in the memory of more than one; only the node
//! holding the table's lease (a row of `bot_leases`) lets its bots think.
//! A node renews its leases every [`TICK`]; a lease not renewed for
//! [`LEASE_FOR`] (its node died or lost the database) is taken over by
//! another node, which loads the table and starts its bots, seeded from the
//! table's seed as the first ones were. On SQLite there is one node, and
//! every lease is this node's without asking.

use crate::hub::Hub;
use crate::table::now_ms;
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tourney_store::Store;

/// How often a node renews its leases and looks for lapsed ones.
pub const TICK: Duration = Duration::from_secs(1);
/// How long a lease lasts unrenewed: a node that misses a few renewals
/// (a slow database) keeps its tables; a dead one loses them this soon.
pub const LEASE_FOR: Duration = Duration::from_secs(4);
/// Lapsed leases taken over per tick, so a node's death does not make
/// another load thousands of tables in one go.
const TAKEOVERS_PER_TICK: u32 = 64;

/// This node's leases.
pub struct Leases {
    /// This process's name in `bot_leases`: random, new at every start.
    node: String,
    /// Whether leases are asked of the database (PostgreSQL).
    shared: bool,
    held: Mutex<HashSet<String>>,
}

impl Leases {
    pub fn new(shared: bool) -> Leases {
        let node = crate::auth::random_hex(8).unwrap_or_else(|_| format!("{:x}", now_ms()));
        Leases {
            node,
            shared,
            held: Mutex::new(HashSet::new()),
        }
    }

    /// Whether this node may move table `id`'s bots now.
    pub fn holds(&self, id: &str) -> bool {
        !self.shared || self.held.lock().is_ok_and(|held| held.contains(id))
    }

    /// Asks for table `id`'s lease; `true` if this node holds it now.
    pub async fn take(&self, store: &Store, id: &str) -> bool {
        if !self.shared {
            return true;
        }
        let now = now_ms();
        let until = now + LEASE_FOR.as_millis() as i64;
        match store.take_lease(id, &self.node, now, until).await {
            Ok(true) => {
                if let Ok(mut held) = self.held.lock() {
                    held.insert(id.to_string());
                }
                true
            }
            Ok(false) => false,
            Err(e) => {
                tracing::warn!("table {id}: taking the bot lease: {e}");
                false
            }
        }
    }

    /// Lets table `id`'s lease go as it leaves memory: released for
    /// another node to take over at once (it loads the table, and keeps
    /// the lease only if a bot has to move), or deleted if the game is
    /// over.
    pub async fn give_up(&self, store: &Store, id: &str, finished: bool) {
        if !self.shared {
            return;
        }
        if let Ok(mut held) = self.held.lock() {
            held.remove(id);
        }
        let given_up = match finished {
            true => store.drop_lease(id, &self.node, now_ms()).await,
            false => store.release_lease(id, &self.node).await,
        };
        if let Err(e) = given_up {
            tracing::warn!("table {id}: giving up the bot lease: {e}");
        }
    }

    /// No bot of table `id` needs moving: its lease, if this node holds
    /// it or it lapsed, is deleted, so no node keeps loading the table for
    /// a takeover nobody needs.
    pub async fn not_needed(&self, store: &Store, id: &str) {
        if !self.shared {
            return;
        }
        if let Ok(mut held) = self.held.lock() {
            held.remove(id);
        }
        if let Err(e) = store.drop_lease(id, &self.node, now_ms()).await {
            tracing::warn!("table {id}: dropping an unneeded bot lease: {e}");
        }
    }

    /// Renews every lease this node holds; forgets those another node
    /// took over meanwhile.
    async fn renew(&self, store: &Store) {
        let until = now_ms() + LEASE_FOR.as_millis() as i64;
        match store.renew_leases(&self.node, until).await {
            Ok(tables) => {
                if let Ok(mut held) = self.held.lock() {
                    *held = tables.into_iter().collect();
                }
            }
            // Not renewed: the leases lapse unless the next tick manages.
            // Meanwhile this node keeps moving the bots it holds; a move
            // that races another node's is settled by the log.
            Err(e) => tracing::warn!("renewing bot leases: {e}"),
        }
    }
}

/// Renews this node's leases and takes over lapsed ones, every [`TICK`],
/// until the server closes. PostgreSQL only.
pub(crate) async fn keep(hub: Arc<Hub>) {
    let mut tick = tokio::time::interval(TICK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if hub.is_closing() {
            return;
        }
        hub.leases.renew(&hub.store).await;
        let lapsed = match hub.store.lapsed_leases(now_ms(), TAKEOVERS_PER_TICK).await {
            Ok(lapsed) => lapsed,
            Err(e) => {
                tracing::warn!("looking for lapsed bot leases: {e}");
                continue;
            }
        };
        for id in lapsed {
            // Loading (or waking) the table sets its bots thinking, which
            // asks for the lease first.
            hub.wake(&id).await;
        }
    }
}

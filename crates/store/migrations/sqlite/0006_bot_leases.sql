-- Which node moves a table's bots. A node holds a table's lease while the
-- table is in its memory and renews it every second; a lease not renewed
-- for a few seconds (the node died, or lost the database) may be taken by
-- any other node. Times are the nodes' own clocks in Unix ms, so nodes
-- must keep their clocks within a second or so of each other (NTP).
CREATE TABLE bot_leases (
    table_id TEXT PRIMARY KEY NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    node TEXT NOT NULL,
    expires_at INTEGER NOT NULL
) STRICT;

CREATE INDEX bot_leases_expiry ON bot_leases (expires_at);

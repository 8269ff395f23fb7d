-- The store's schema on SQLite. STRICT tables make SQLite refuse values of
-- the wrong type, as PostgreSQL does; INTEGER is 64-bit here.

CREATE TABLE tables (
    id TEXT PRIMARY KEY NOT NULL,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    seats TEXT NOT NULL,
    dice_seed TEXT NOT NULL,
    dice_commitment TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('open', 'playing', 'finished')),
    outcome TEXT,
    rematch_of TEXT,
    steps INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
) STRICT;

-- The lobby lists tables in a status, newest first.
CREATE INDEX tables_status_updated ON tables (status, updated_at DESC, id DESC);

CREATE TABLE seats (
    table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL CHECK (seat >= 0),
    name TEXT,
    token_hash TEXT,
    invite_hash TEXT,
    joined_at INTEGER,
    PRIMARY KEY (table_id, seat)
) STRICT;

CREATE TABLE steps (
    table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL CHECK (seq >= 1),
    kind TEXT NOT NULL CHECK (kind IN ('action', 'chance')),
    seat INTEGER CHECK (seat >= 0),
    payload TEXT NOT NULL,
    idem_key TEXT,
    at INTEGER NOT NULL,
    PRIMARY KEY (table_id, seq)
) STRICT;

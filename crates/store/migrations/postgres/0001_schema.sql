-- The store's schema on PostgreSQL: the same shape as on SQLite. The primary
-- key (table_id, seq) of steps is what keeps two server nodes from both
-- writing step n of a table.

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
    steps BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- The lobby lists tables in a status, newest first.
CREATE INDEX tables_status_updated ON tables (status, updated_at DESC, id DESC);

CREATE TABLE seats (
    table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL CHECK (seat >= 0),
    name TEXT,
    token_hash TEXT,
    invite_hash TEXT,
    joined_at BIGINT,
    PRIMARY KEY (table_id, seat)
);

CREATE TABLE steps (
    table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seq BIGINT NOT NULL CHECK (seq >= 1),
    kind TEXT NOT NULL CHECK (kind IN ('action', 'chance')),
    seat INTEGER CHECK (seat >= 0),
    payload TEXT NOT NULL,
    idem_key TEXT,
    at BIGINT NOT NULL,
    PRIMARY KEY (table_id, seq)
);

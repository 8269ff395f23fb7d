-- The hash of the idempotency key a seat was joined with. A join repeated
-- with the same key (its answer was lost: a crash, a dropped connection)
-- finds the seat it already claimed and is handed a fresh token for it,
-- since only the token's hash is kept. Seats claimed before this column,
-- or without a key, have none.
ALTER TABLE seats ADD COLUMN join_key_hash TEXT;
-- One seat per key and table, enforced by the database: two nodes that
-- both miss the other's claim cannot seat one join twice.
CREATE UNIQUE INDEX seats_join_key ON seats (table_id, join_key_hash);

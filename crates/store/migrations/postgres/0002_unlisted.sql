-- A private table is left out of the lobby's open tables. The flag was only
-- inside the seats JSON, so the lobby filtered after paging and a page could
-- come back short; as a column the database filters before it pages.
ALTER TABLE tables ADD COLUMN unlisted BIGINT NOT NULL DEFAULT 0 CHECK (unlisted IN (0, 1));
UPDATE tables SET unlisted = 1 WHERE (seats::jsonb ->> 'private') = 'true';

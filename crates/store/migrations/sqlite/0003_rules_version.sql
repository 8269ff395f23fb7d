-- The rules version a table is played under, from the game's catalog entry
-- when the table is made. A server whose rules for that game have moved on
-- refuses to load the table rather than replay its steps under other rules.
-- Every table made before this column was made under version 1 of its game.
ALTER TABLE tables ADD COLUMN rules_version TEXT NOT NULL DEFAULT '1';

-- Turn clocks and leavers. `made_by` says who made an action its seat's
-- person did not: `clock` (the seat's time ran out and a stand-in bot moved
-- for it) or `stand_in` (the seat was away and the stand-in moved again).
-- NULL: the seat's own player (a person or the seat's bot).
ALTER TABLE steps ADD COLUMN made_by TEXT CHECK (made_by IN ('clock', 'stand_in'));
-- A seat whose person is away (timed out, or left on purpose): a stand-in
-- bot plays for it until the person comes back.
ALTER TABLE seats ADD COLUMN away BIGINT NOT NULL DEFAULT 0 CHECK (away IN (0, 1));

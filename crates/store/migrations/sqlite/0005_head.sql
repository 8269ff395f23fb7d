-- A stamp of the last append to a table, changed by every append. An
-- append must name the stamp it expects, as well as the step count: a node
-- whose step n lost the race to another node's step n has its step n + 1
-- refused too, though the count alone would let it through onto a step it
-- never saw. Tables made before this column start at 0.
ALTER TABLE tables ADD COLUMN head INTEGER NOT NULL DEFAULT 0;

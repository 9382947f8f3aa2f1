-- A player's private board in a fog game goes by DM; when the member takes no DMs it is held
-- for them (held_for = their id) and handed over, privately, with the answer to their next
-- command. Held messages are not due: the scheduler leaves them alone.
ALTER TABLE outbox ADD COLUMN held_for INTEGER;

CREATE INDEX outbox_held ON outbox (held_for) WHERE held_for IS NOT NULL;

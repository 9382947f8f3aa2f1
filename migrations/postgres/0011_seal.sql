-- The key that seals the ids of the bot's buttons (bot/src/core/seal.rs): an id the bot
-- didn't make can't be guessed or rewritten. Made once, with the schema; one row.
CREATE TABLE seal_keys (
    id   INTEGER  PRIMARY KEY CHECK (id = 1),
    key  TEXT     NOT NULL
);

-- 244 bits from PostgreSQL's strong random source (two version-4 UUIDs).
INSERT INTO seal_keys (id, key)
VALUES (1, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));

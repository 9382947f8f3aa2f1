-- Quotas and game threads: the PostgreSQL form of migrations/sqlite/0008_quotas.sql, with the
-- same tables, columns and meanings.
CREATE TABLE quota_locks (
    scope      TEXT   PRIMARY KEY,
    locked_at  BIGINT NOT NULL
);

CREATE INDEX challenges_challenger ON challenges (challenger_id, status);
CREATE INDEX games_computer_active ON games (guild_id) WHERE computer_color IS NOT NULL AND status = 'active';
CREATE INDEX tournaments_creator ON tournaments (creator_id, status);

-- The thread the bot opened for a game (NULL: played in a channel or a member's thread), which
-- it archives when the game ends, so a server's active threads are its games in progress; and
-- the channel it opened it under, whose viewers see the game in listings.
ALTER TABLE games ADD COLUMN thread_id BIGINT;
ALTER TABLE games ADD COLUMN thread_parent BIGINT;

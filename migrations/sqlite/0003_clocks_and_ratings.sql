-- Clocks, rated games and ratings per server.

-- The game's time control as written ('15m+10s', '3d'); NULL for none.
ALTER TABLE games ADD COLUMN time_control TEXT;
-- engine::Clock as JSON while the game runs with a clock.
ALTER TABLE games ADD COLUMN clock TEXT;
-- When the side to move loses on time, and when it is next reminded (correspondence): the
-- scheduler's deadlines, read back after a restart.
ALTER TABLE games ADD COLUMN deadline_at INTEGER;
ALTER TABLE games ADD COLUMN remind_at INTEGER;
-- 1: the result changes both players' ratings in the server.
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;

CREATE INDEX games_deadline ON games (deadline_at) WHERE status = 'active';
CREATE INDEX games_remind ON games (remind_at) WHERE status = 'active';

ALTER TABLE challenges ADD COLUMN time_control TEXT;
ALTER TABLE challenges ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;

-- A member's Glicko-2 rating in a server, with counts.
CREATE TABLE ratings (
    guild_id        INTEGER NOT NULL,
    user_id         INTEGER NOT NULL,
    name            TEXT    NOT NULL,
    rating          REAL    NOT NULL,
    deviation       REAL    NOT NULL,
    volatility      REAL    NOT NULL,
    games           INTEGER NOT NULL DEFAULT 0,
    wins            INTEGER NOT NULL DEFAULT 0,
    draws           INTEGER NOT NULL DEFAULT 0,
    losses          INTEGER NOT NULL DEFAULT 0,
    last_played_at  INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);

-- One row per player of every finished game: profiles, W/D/L by ruleset, rating history.
CREATE TABLE results (
    game_id        INTEGER NOT NULL REFERENCES games (id),
    -- 'white' or 'black'.
    colour         TEXT    NOT NULL,
    guild_id       INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    opponent_id    INTEGER NOT NULL,
    opponent_name  TEXT    NOT NULL,
    ruleset        TEXT    NOT NULL,
    -- 'win', 'draw' or 'loss'.
    score          TEXT    NOT NULL,
    -- How it ended: engine::EndReason's Termination word.
    reason         TEXT    NOT NULL,
    rated          INTEGER NOT NULL,
    -- The rating after the game (rated games only).
    rating         REAL,
    deviation      REAL,
    ended_at       INTEGER NOT NULL,
    PRIMARY KEY (game_id, colour)
);

CREATE INDEX results_member ON results (guild_id, user_id, ended_at);

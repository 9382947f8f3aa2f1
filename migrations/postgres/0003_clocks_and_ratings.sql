-- Clocks, rated games and ratings per server: the PostgreSQL form of
-- migrations/sqlite/0003_clocks_and_ratings.sql, with the same tables, columns and meanings.

ALTER TABLE games ADD COLUMN time_control TEXT;
ALTER TABLE games ADD COLUMN clock TEXT;
ALTER TABLE games ADD COLUMN deadline_at BIGINT;
ALTER TABLE games ADD COLUMN remind_at BIGINT;
ALTER TABLE games ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;

CREATE INDEX games_deadline ON games (deadline_at) WHERE status = 'active';
CREATE INDEX games_remind ON games (remind_at) WHERE status = 'active';

ALTER TABLE challenges ADD COLUMN time_control TEXT;
ALTER TABLE challenges ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;

CREATE TABLE ratings (
    guild_id        BIGINT  NOT NULL,
    user_id         BIGINT  NOT NULL,
    name            TEXT    NOT NULL,
    rating          DOUBLE PRECISION NOT NULL,
    deviation       DOUBLE PRECISION NOT NULL,
    volatility      DOUBLE PRECISION NOT NULL,
    games           BIGINT  NOT NULL DEFAULT 0,
    wins            BIGINT  NOT NULL DEFAULT 0,
    draws           BIGINT  NOT NULL DEFAULT 0,
    losses          BIGINT  NOT NULL DEFAULT 0,
    last_played_at  BIGINT  NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);

CREATE TABLE results (
    game_id        BIGINT  NOT NULL REFERENCES games (id),
    colour         TEXT    NOT NULL,
    guild_id       BIGINT  NOT NULL,
    user_id        BIGINT  NOT NULL,
    opponent_id    BIGINT  NOT NULL,
    opponent_name  TEXT    NOT NULL,
    ruleset        TEXT    NOT NULL,
    score          TEXT    NOT NULL,
    reason         TEXT    NOT NULL,
    rated          BIGINT  NOT NULL,
    rating         DOUBLE PRECISION,
    deviation      DOUBLE PRECISION,
    ended_at       BIGINT  NOT NULL,
    PRIMARY KEY (game_id, colour)
);

CREATE INDEX results_member ON results (guild_id, user_id, ended_at);

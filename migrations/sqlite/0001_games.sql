-- Games, their turns, open challenges and proposals (estimate bidding).
-- Discord ids are stored as INTEGER (snowflakes fit in 63 bits).

CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    white_id    INTEGER NOT NULL,
    white_name  TEXT    NOT NULL,
    black_id    INTEGER NOT NULL,
    black_name  TEXT    NOT NULL,
    -- engine::Game as JSON: rules, start and current positions, turns, result.
    state       TEXT    NOT NULL,
    -- Bumped by every change; writers check it (optimistic concurrency).
    version     INTEGER NOT NULL DEFAULT 0,
    -- The side that offered a draw, 'white' or 'black', until the next turn.
    draw_offer  TEXT,
    -- 'active', 'finished' or 'aborted'. Finished and aborted games are kept.
    status      TEXT    NOT NULL DEFAULT 'active',
    result      TEXT,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
);

-- One active game per channel (threads are channels).
CREATE UNIQUE INDEX games_active_channel ON games (guild_id, channel_id) WHERE status = 'active';
CREATE INDEX games_channel ON games (guild_id, channel_id, id);

CREATE TABLE turns (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    ply        INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    notation   TEXT    NOT NULL,
    -- The position string after the turn.
    position   TEXT    NOT NULL,
    played_at  INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
);

CREATE TABLE challenges (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    challenger_id    INTEGER NOT NULL,
    challenger_name  TEXT    NOT NULL,
    opponent_id      INTEGER NOT NULL,
    opponent_name    TEXT    NOT NULL,
    -- engine::Rules as JSON.
    rules            TEXT    NOT NULL,
    -- 'white', 'black' or 'random': the challenger's colour.
    colour           TEXT    NOT NULL,
    -- 'open', 'accepted', 'declined' or 'expired'.
    status           TEXT    NOT NULL DEFAULT 'open',
    created_at       INTEGER NOT NULL,
    expires_at       INTEGER NOT NULL
);

CREATE INDEX challenges_channel ON challenges (guild_id, channel_id, status);

CREATE TABLE proposals (
    id              INTEGER PRIMARY KEY,
    game_id         INTEGER NOT NULL REFERENCES games (id),
    -- 'atom' or 'modifier'.
    kind            TEXT    NOT NULL,
    name            TEXT    NOT NULL,
    -- The atom's notation (such as Z or nN) or the modifier's word (runner, lame).
    notation        TEXT    NOT NULL,
    proposer        TEXT    NOT NULL,
    -- Sealed estimates as exact decimals; shown to nobody until both are in.
    white_estimate  TEXT,
    black_estimate  TEXT,
    -- 'open', 'agreed' or 'void' (the game ended first, or the agreement was refused).
    status          TEXT    NOT NULL DEFAULT 'open',
    agreed          TEXT,
    created_at      INTEGER NOT NULL
);

CREATE INDEX proposals_game ON proposals (game_id, status);

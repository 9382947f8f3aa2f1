-- Announcements owed to Discord, deadlines read back on start, open challenges, per-server and
-- per-member settings.

-- A message the bot owes a channel (or a member's DMs): written in the same transaction as the
-- change it announces, so a committed turn is never left unannounced, and delivered with
-- retries until Discord takes it, by this process or after a restart. Delivered rows are
-- deleted.
CREATE TABLE outbox (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    -- Where it goes, as JSON: a channel, a message to edit, or a member's DMs.
    target      TEXT    NOT NULL,
    -- The message (core::Reply) as JSON.
    message     TEXT    NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    -- When the scheduler may next try to deliver it.
    due_at      INTEGER NOT NULL,
    created_at  INTEGER NOT NULL
);

CREATE INDEX outbox_due ON outbox (due_at);

-- Where the challenge's message was posted, so its expiry can edit it (also after a restart).
ALTER TABLE challenges ADD COLUMN message_channel INTEGER;
ALTER TABLE challenges ADD COLUMN message_id INTEGER;
-- opponent_id 0 (with an empty name) is an open challenge: anyone may accept it.

CREATE INDEX challenges_open_expiry ON challenges (expires_at) WHERE status = 'open';

-- Per-server settings, changed with /settings by members with Manage Server.
CREATE TABLE guild_settings (
    guild_id  INTEGER PRIMARY KEY,
    -- engine::Rules as JSON: /challenge's default ruleset and options.
    rules     TEXT    NOT NULL,
    -- 1: each accepted challenge opens a thread of its own for the game.
    threads   INTEGER NOT NULL DEFAULT 1
);

-- The channels of a server where games may start; none listed means every channel.
CREATE TABLE game_channels (
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    PRIMARY KEY (guild_id, channel_id)
);

-- Members who asked (/notify on) for a direct message when it is their turn.
CREATE TABLE member_settings (
    user_id  INTEGER PRIMARY KEY,
    notify   INTEGER NOT NULL DEFAULT 0
);

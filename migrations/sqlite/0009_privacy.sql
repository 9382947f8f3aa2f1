-- Members' data deleted on request, and servers the bot has left.

-- One row each time a member is forgotten: its id is their anonymous number, "deleted member
-- #4", which also stands for them in every game, result and tournament that named them. The
-- member's own id is never written here.
CREATE TABLE forgotten_members (
    id            INTEGER PRIMARY KEY,
    forgotten_at  INTEGER NOT NULL
);

-- Servers that removed the bot, and when: their data is deleted after the grace period
-- (`forget_left_servers_after`) unless the bot is added back before.
CREATE TABLE departed_guilds (
    guild_id  INTEGER PRIMARY KEY,
    left_at   INTEGER NOT NULL
);

CREATE INDEX outbox_created ON outbox (created_at);

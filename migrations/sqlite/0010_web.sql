-- Web pages (bot/src/web/): a server opts in with /settings web:true, and its pages are
-- reached by random links, never by ids.

ALTER TABLE guild_settings ADD COLUMN web INTEGER NOT NULL DEFAULT 0;

-- One unguessable token (128 random bits, as 32 hex digits) for each game, tournament and
-- server that has a page. `object_id` is the game's or tournament's id, or the guild's own.
CREATE TABLE web_links (
    token      TEXT     PRIMARY KEY,
    guild_id   INTEGER  NOT NULL,
    kind       TEXT     NOT NULL,
    object_id  INTEGER  NOT NULL,
    UNIQUE (kind, object_id)
);

CREATE INDEX web_links_guild ON web_links (guild_id);

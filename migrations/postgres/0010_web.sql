-- Web pages: the PostgreSQL form of migrations/sqlite/0010_web.sql, with the same tables,
-- columns and meanings.
ALTER TABLE guild_settings ADD COLUMN web BIGINT NOT NULL DEFAULT 0;

CREATE TABLE web_links (
    token      TEXT    PRIMARY KEY,
    guild_id   BIGINT  NOT NULL,
    kind       TEXT    NOT NULL,
    object_id  BIGINT  NOT NULL,
    UNIQUE (kind, object_id)
);

CREATE INDEX web_links_guild ON web_links (guild_id);

-- A server's name: the PostgreSQL form of migrations/sqlite/0012_guild_names.sql, with the
-- same table, columns and meaning.
CREATE TABLE guild_names (
    guild_id  BIGINT  PRIMARY KEY,
    name      TEXT    NOT NULL
);

-- Web sign-in: the PostgreSQL form of migrations/sqlite/0013_web_sessions.sql, with the same
-- tables, columns and meanings.

CREATE TABLE web_signins (
    state       TEXT     PRIMARY KEY,
    verifier    TEXT     NOT NULL,
    next        TEXT     NOT NULL,
    expires_at  BIGINT   NOT NULL
);

CREATE TABLE web_sessions (
    token_hash  TEXT     PRIMARY KEY,
    member_id   BIGINT   NOT NULL,
    name        TEXT     NOT NULL,
    created_at  BIGINT   NOT NULL,
    expires_at  BIGINT   NOT NULL
);

CREATE INDEX web_sessions_member ON web_sessions (member_id);

CREATE TABLE web_signin_links (
    token_hash  TEXT     PRIMARY KEY,
    member_id   BIGINT   NOT NULL,
    name        TEXT     NOT NULL,
    game_id     BIGINT   NOT NULL,
    expires_at  BIGINT   NOT NULL
);

CREATE INDEX web_signin_links_member ON web_signin_links (member_id);

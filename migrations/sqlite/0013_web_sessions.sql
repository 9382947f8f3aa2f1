-- Members signed in to the web pages (bot/src/web/signin.rs) with Discord. Every token is
-- kept as the SHA-256 of what the browser holds, so a copy of the database opens nothing.

-- A sign-in under way: Discord's answer must bring back `state`; `verifier` is its PKCE
-- secret; `next` the page to return to. Taken once.
CREATE TABLE web_signins (
    state       TEXT     PRIMARY KEY,
    verifier    TEXT     NOT NULL,
    next        TEXT     NOT NULL,
    expires_at  INTEGER  NOT NULL
);

-- A browser signed in as a member, by its cookie's hash.
CREATE TABLE web_sessions (
    token_hash  TEXT     PRIMARY KEY,
    member_id   INTEGER  NOT NULL,
    name        TEXT     NOT NULL,
    created_at  INTEGER  NOT NULL,
    expires_at  INTEGER  NOT NULL
);

CREATE INDEX web_sessions_member ON web_sessions (member_id);

-- A one-time sign-in link the bot sent a member privately, to one of their games.
CREATE TABLE web_signin_links (
    token_hash  TEXT     PRIMARY KEY,
    member_id   INTEGER  NOT NULL,
    name        TEXT     NOT NULL,
    game_id     INTEGER  NOT NULL,
    expires_at  INTEGER  NOT NULL
);

CREATE INDEX web_signin_links_member ON web_signin_links (member_id);

-- Game families: csipgs, and FIDE chess with Gilman's modest variants ('csipgs' or
-- 'fide'). Everything before this migration is csipgs. A game's state, a challenge's and a
-- tournament's rules are read by their family: csipgs keeps engine::Rules as JSON, a FIDE
-- game engine::fide::FideGame as JSON and its rules as the variants' list
-- ('warhead,stungun', 'none').

ALTER TABLE games ADD COLUMN family TEXT NOT NULL DEFAULT 'csipgs';
ALTER TABLE challenges ADD COLUMN family TEXT NOT NULL DEFAULT 'csipgs';
ALTER TABLE tournaments ADD COLUMN family TEXT NOT NULL DEFAULT 'csipgs';
ALTER TABLE results ADD COLUMN family TEXT NOT NULL DEFAULT 'csipgs';

-- Each family has its own rating pool, so the family joins the key. SQLite can't change a
-- primary key in place: the table is rebuilt.
CREATE TABLE ratings_by_family (
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
    -- Last, where PostgreSQL's ALTER TABLE puts it: both schemas list the same columns.
    family          TEXT    NOT NULL DEFAULT 'csipgs',
    PRIMARY KEY (guild_id, user_id, family)
);

INSERT INTO ratings_by_family (guild_id, user_id, name, rating, deviation, volatility,
                               games, wins, draws, losses, last_played_at)
    SELECT guild_id, user_id, name, rating, deviation, volatility,
           games, wins, draws, losses, last_played_at
    FROM ratings;

DROP TABLE ratings;
ALTER TABLE ratings_by_family RENAME TO ratings;

DROP INDEX results_member;
CREATE INDEX results_member ON results (guild_id, user_id, family, ended_at);

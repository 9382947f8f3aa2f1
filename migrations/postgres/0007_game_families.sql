-- Game families: the PostgreSQL form of migrations/sqlite/0007_game_families.sql, with the
-- same columns and meanings.

ALTER TABLE games ADD COLUMN family TEXT NOT NULL DEFAULT 'csipgs';
ALTER TABLE challenges ADD COLUMN family TEXT NOT NULL DEFAULT 'csipgs';
ALTER TABLE tournaments ADD COLUMN family TEXT NOT NULL DEFAULT 'csipgs';
ALTER TABLE results ADD COLUMN family TEXT NOT NULL DEFAULT 'csipgs';

-- Each family has its own rating pool, so the family joins the key.
ALTER TABLE ratings ADD COLUMN family TEXT NOT NULL DEFAULT 'csipgs';
ALTER TABLE ratings DROP CONSTRAINT ratings_pkey;
ALTER TABLE ratings ADD PRIMARY KEY (guild_id, user_id, family);

DROP INDEX results_member;
CREATE INDEX results_member ON results (guild_id, user_id, family, ended_at);

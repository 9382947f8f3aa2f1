-- Games against the computer: the PostgreSQL form of migrations/sqlite/0006_computer.sql,
-- with the same columns and meanings.

ALTER TABLE games ADD COLUMN computer_color TEXT;
ALTER TABLE games ADD COLUMN computer_level BIGINT;
ALTER TABLE games ADD COLUMN computer_at BIGINT;

CREATE INDEX games_computer ON games (computer_at) WHERE computer_at IS NOT NULL;

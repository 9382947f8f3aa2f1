-- Games against the computer: its side and level, and while it is to move the moment its
-- turn began (NULL otherwise), so a stopped bot finds the turns it owes when it starts again.

ALTER TABLE games ADD COLUMN computer_color TEXT;
ALTER TABLE games ADD COLUMN computer_level INTEGER;
ALTER TABLE games ADD COLUMN computer_at INTEGER;

CREATE INDEX games_computer ON games (computer_at) WHERE computer_at IS NOT NULL;

-- Quotas and game threads.
--
-- A quota (open challenges per member, computer games per member and per server, unfinished
-- tournaments per organiser and per server) is counted in the transaction that would add one,
-- after writing its scope's row here: that write is the lock that makes two commands at the
-- same moment count one after the other (PostgreSQL locks the row, SQLite takes its single
-- writer lock), so neither can pass the last place twice.
CREATE TABLE quota_locks (
    -- Such as 'challenges:member:123' or 'computer:server:456'.
    scope      TEXT    PRIMARY KEY,
    locked_at  INTEGER NOT NULL
);

-- The counts behind the quotas.
CREATE INDEX challenges_challenger ON challenges (challenger_id, status);
CREATE INDEX games_computer_active ON games (guild_id) WHERE computer_color IS NOT NULL AND status = 'active';
CREATE INDEX tournaments_creator ON tournaments (creator_id, status);

-- The thread the bot opened for a game (NULL: played in a channel or a member's thread), which
-- it archives when the game ends, so a server's active threads are its games in progress; and
-- the channel it opened it under, whose viewers see the game in listings.
ALTER TABLE games ADD COLUMN thread_id INTEGER;
ALTER TABLE games ADD COLUMN thread_parent INTEGER;

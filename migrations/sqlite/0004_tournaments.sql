-- Tournaments (round robin and Swiss), run by the bot from sign-up to final standings.

CREATE TABLE tournaments (
    id             INTEGER PRIMARY KEY,
    guild_id       INTEGER NOT NULL,
    -- Where it is announced; its games get threads under it.
    channel_id     INTEGER NOT NULL,
    name           TEXT    NOT NULL,
    creator_id     INTEGER NOT NULL,
    -- 'round-robin', 'double-round-robin' or 'swiss'.
    format         TEXT    NOT NULL,
    -- Swiss: as asked; round robins: set at the start from the field.
    rounds         INTEGER NOT NULL,
    -- engine::Rules as JSON.
    rules          TEXT    NOT NULL,
    -- As written ('3d', '15m+10s'); NULL for none.
    time_control   TEXT,
    rated          INTEGER NOT NULL,
    max_players    INTEGER NOT NULL,
    -- 1: a round robin starts every game of its schedule at once.
    all_at_once    INTEGER NOT NULL,
    -- Tie-break acronyms in order, comma separated ('BH-C1,BH,SB,WIN').
    tiebreaks      TEXT    NOT NULL,
    -- When the scheduler starts it; NULL: an organiser starts it.
    starts_at      INTEGER,
    -- 'signup', 'running', 'finished' or 'cancelled'.
    status         TEXT    NOT NULL,
    -- The last round paired (0 before the first), and the last whose pairings were posted.
    round          INTEGER NOT NULL DEFAULT 0,
    announced      INTEGER NOT NULL DEFAULT 0,
    -- The colour of the first-ranked player in round 1, drawn at the start.
    first_colour   TEXT    NOT NULL DEFAULT 'white',
    -- When the scheduler next looks at it (a start, a game ended, a round to pair); a
    -- look claims it by moving it forward, and clears it when nothing is left to do.
    due_at         INTEGER,
    created_at     INTEGER NOT NULL,
    started_at     INTEGER,
    ended_at       INTEGER
);

CREATE INDEX tournaments_channel ON tournaments (guild_id, channel_id, id);
CREATE INDEX tournaments_due ON tournaments (due_at) WHERE due_at IS NOT NULL;

CREATE TABLE tournament_players (
    tournament_id    INTEGER NOT NULL REFERENCES tournaments (id),
    user_id          INTEGER NOT NULL,
    name             TEXT    NOT NULL,
    -- The pairing number, from 1: given at the start (late entrants get the next one).
    number           INTEGER,
    -- The server rating pairing ranks by (0: none).
    rating           INTEGER NOT NULL,
    -- From this round on the player is not paired again; NULL: plays on.
    withdrawn_round  INTEGER,
    -- Games lost on time in this tournament: the second withdraws the player.
    time_losses      INTEGER NOT NULL DEFAULT 0,
    joined_at        INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
);

-- One row per board of every round.
CREATE TABLE tournament_games (
    id             INTEGER PRIMARY KEY,
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id),
    round          INTEGER NOT NULL,
    board          INTEGER NOT NULL,
    white_id       INTEGER NOT NULL,
    black_id       INTEGER NOT NULL,
    -- The game once started (NULL for a forfeit decided at pairing).
    game_id        INTEGER REFERENCES games (id),
    -- '1-0', '0-1', '1/2-1/2', or forfeits '+-', '-+', '--'; NULL while it is played.
    result         TEXT,
    UNIQUE (tournament_id, round, board)
);

CREATE UNIQUE INDEX tournament_games_game ON tournament_games (game_id);

-- Rounds a player has without an opponent: 'U' (pairing-allocated), 'H' (a late entrant's
-- first missed round), 'Z' (other missed rounds; a round robin's phantom game).
CREATE TABLE tournament_byes (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id),
    round          INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    kind           TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, round, user_id)
);

//! Tournaments: the tournament itself, who plays, every board of every round and the byes.
//!
//! Every step a tournament takes is claimed by a conditional update, so it happens once
//! however many commands and schedulers race for it: a round is paired only by moving
//! `round` from the one before, a board's game is started only where it has none, a round's
//! pairings are posted only by moving `announced` on, and it finishes only from `running`.

use super::ending::{mark_due, BoardResult};
use super::games::{
    control_of, control_word, insert_game, update_game, GameRow, GameThread, NewGame, Terms,
};
use super::health::commit;
use super::outbox::owe_in;
use super::quotas::{self, Quota};
use super::{
    bind_owned, id, owned_by, rules_of, rules_text, words, Channel, Owed, Player, Store,
    StoreError, TournamentStatus, Tx, Word,
};
use crate::family::GameRules;
use crate::shards::Shards;
use engine::{Clock, Color, TimeControl};
use league::model::Bye;
use league::tiebreak::TieBreak;
use sqlx::any::AnyRow;
use sqlx::Row;

/// How a tournament is paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentFormat {
    RoundRobin,
    DoubleRoundRobin,
    Swiss,
}

words!(TournamentFormat, "tournament format", TournamentFormat::RoundRobin => "round-robin", TournamentFormat::DoubleRoundRobin => "double-round-robin", TournamentFormat::Swiss => "swiss");

words!(Bye, "bye", Bye::Pairing => "U", Bye::Full => "F", Bye::Half => "H", Bye::Zero => "Z");

/// A tournament's settings and progress.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentRow {
    pub id: i64,
    /// Where it is announced; its games' threads open under it.
    pub channel: Channel,
    pub name: String,
    pub creator: u64,
    pub format: TournamentFormat,
    /// Swiss: as asked; round robins: known from the start.
    pub rounds: u16,
    pub rules: GameRules,
    pub time_control: TimeControl,
    pub rated: bool,
    pub max_players: u16,
    /// A round robin whose games all start at once.
    pub all_at_once: bool,
    pub tiebreaks: Vec<TieBreak>,
    /// When the scheduler starts it; None: an organiser does.
    pub starts_at: Option<i64>,
    pub status: TournamentStatus,
    /// The last round paired (0 before the first).
    pub round: u16,
    /// The last round whose pairings were posted.
    pub announced: u16,
    /// The first-ranked player's colour in round 1.
    pub first_colour: Color,
    pub created_at: i64,
}

/// A player of a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    pub player: Player,
    /// The pairing number, once the tournament has started.
    pub number: Option<u16>,
    pub rating: u16,
    /// Not paired from this round on.
    pub withdrawn_round: Option<u16>,
    pub time_losses: u32,
    pub joined_at: i64,
}

/// One board of one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub id: i64,
    pub round: u16,
    pub board: u16,
    pub white: u64,
    pub black: u64,
    /// The game once started.
    pub game: Option<i64>,
    pub result: Option<BoardResult>,
}

/// A round without an opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ByeRow {
    pub round: u16,
    pub user: u64,
    pub kind: Bye,
}

/// A tournament with everything that has happened in it.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentState {
    pub row: TournamentRow,
    /// In the order they joined.
    pub players: Vec<Entrant>,
    /// By round, then board.
    pub boards: Vec<Board>,
    pub byes: Vec<ByeRow>,
}

/// A board paired but not written yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewBoard {
    pub round: u16,
    pub board: u16,
    pub white: u64,
    pub black: u64,
    /// Set for a forfeit decided at pairing (a withdrawn player's scheduled game).
    pub result: Option<BoardResult>,
}

/// A board forfeited by a player an organiser removed: its result, and its game (ended
/// without a result of its own) if one was being played.
#[derive(Clone, Debug)]
pub struct Forfeit {
    pub board: i64,
    pub result: BoardResult,
    pub game: Option<GameRow>,
}

/// How long one scheduler's look at a tournament is its own; after a crash another looks
/// again once it has passed.
const LEASE: i64 = 60;

const TOURNAMENT_COLUMNS: &str = "id, guild_id, channel_id, name, creator_id, format, rounds, \
     rules, time_control, rated, max_players, all_at_once, tiebreaks, starts_at, status, round, \
     announced, first_colour, created_at, family";

fn u16_of(row: &AnyRow, column: &str) -> Result<u16, StoreError> {
    let value: i64 = row.try_get(column)?;
    u16::try_from(value).map_err(|_| StoreError::Corrupt(format!("{column} {value}")))
}

fn tournament_row(row: AnyRow) -> Result<TournamentRow, StoreError> {
    let time_control: Option<String> = row.try_get("time_control")?;
    let tiebreaks: String = row.try_get("tiebreaks")?;
    Ok(TournamentRow {
        id: row.try_get("id")?,
        channel: Channel {
            guild: row.try_get::<i64, _>("guild_id")? as u64,
            channel: row.try_get::<i64, _>("channel_id")? as u64,
        },
        name: row.try_get("name")?,
        creator: row.try_get::<i64, _>("creator_id")? as u64,
        format: TournamentFormat::from_word(&row.try_get::<String, _>("format")?)?,
        rounds: u16_of(&row, "rounds")?,
        rules: rules_of(&row)?,
        time_control: control_of(time_control)?,
        rated: row.try_get::<i64, _>("rated")? != 0,
        max_players: u16_of(&row, "max_players")?,
        all_at_once: row.try_get::<i64, _>("all_at_once")? != 0,
        tiebreaks: tiebreaks
            .split(',')
            .filter(|t| !t.is_empty())
            .map(|t| {
                t.parse()
                    .map_err(|e| StoreError::Corrupt(format!("tie-break: {e}")))
            })
            .collect::<Result<_, _>>()?,
        starts_at: row.try_get("starts_at")?,
        status: TournamentStatus::from_word(&row.try_get::<String, _>("status")?)?,
        round: u16_of(&row, "round")?,
        announced: u16_of(&row, "announced")?,
        first_colour: Color::from_word(&row.try_get::<String, _>("first_colour")?)?,
        created_at: row.try_get("created_at")?,
    })
}

fn entrant(row: AnyRow) -> Result<Entrant, StoreError> {
    let number: Option<i64> = row.try_get("number")?;
    let withdrawn: Option<i64> = row.try_get("withdrawn_round")?;
    Ok(Entrant {
        player: Player {
            id: row.try_get::<i64, _>("user_id")? as u64,
            name: row.try_get("name")?,
        },
        number: number.map(|n| n as u16),
        rating: u16_of(&row, "rating")?,
        withdrawn_round: withdrawn.map(|r| r as u16),
        time_losses: row.try_get::<i64, _>("time_losses")? as u32,
        joined_at: row.try_get("joined_at")?,
    })
}

fn board(row: AnyRow) -> Result<Board, StoreError> {
    let result: Option<String> = row.try_get("result")?;
    Ok(Board {
        id: row.try_get("id")?,
        round: u16_of(&row, "round")?,
        board: u16_of(&row, "board")?,
        white: row.try_get::<i64, _>("white_id")? as u64,
        black: row.try_get::<i64, _>("black_id")? as u64,
        game: row.try_get("game_id")?,
        result: result.as_deref().map(BoardResult::from_word).transpose()?,
    })
}

fn bye(row: AnyRow) -> Result<ByeRow, StoreError> {
    Ok(ByeRow {
        round: u16_of(&row, "round")?,
        user: row.try_get::<i64, _>("user_id")? as u64,
        kind: Bye::from_word(&row.try_get::<String, _>("kind")?)?,
    })
}

fn tiebreak_codes(tiebreaks: &[TieBreak]) -> String {
    tiebreaks
        .iter()
        .map(|t| t.code())
        .collect::<Vec<_>>()
        .join(",")
}

/// Fail with `Conflict` unless a conditional update changed exactly one row.
fn one_row(done: sqlx::any::AnyQueryResult) -> Result<(), StoreError> {
    match done.rows_affected() {
        1 => Ok(()),
        _ => Err(StoreError::Conflict),
    }
}

impl Store {
    /// Store a new tournament (its `id` is ignored) with the messages it owes (made from its
    /// id); returns its id. `OverQuota` if one of `quotas` is full.
    pub async fn create_tournament(
        &self,
        t: &TournamentRow,
        quotas: &[Quota],
        owed: impl FnOnce(i64) -> Result<Vec<Owed>, StoreError>,
        now: i64,
    ) -> Result<(i64, Vec<i64>), StoreError> {
        let mut tx = self.pool.begin().await?;
        quotas::within(&mut tx, quotas, now).await?;
        let tournament: i64 = sqlx::query(
            "INSERT INTO tournaments (guild_id, channel_id, name, creator_id, format, rounds, \
             rules, time_control, rated, max_players, all_at_once, tiebreaks, starts_at, \
             status, first_colour, due_at, created_at, family) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $13, \
             $16, $17) RETURNING id",
        )
        .bind(id(t.channel.guild))
        .bind(id(t.channel.channel))
        .bind(&t.name)
        .bind(id(t.creator))
        .bind(t.format.word())
        .bind(i64::from(t.rounds))
        .bind(rules_text(&t.rules)?)
        .bind(control_word(t.time_control))
        .bind(i64::from(t.rated))
        .bind(i64::from(t.max_players))
        .bind(i64::from(t.all_at_once))
        .bind(tiebreak_codes(&t.tiebreaks))
        .bind(t.starts_at)
        .bind(TournamentStatus::Signup.word())
        .bind(t.first_colour.word())
        .bind(now)
        .bind(t.rules.family().word())
        .fetch_one(&mut *tx)
        .await?
        .try_get("id")?;
        let ids = owe_in(&mut tx, &owed(tournament)?, now).await?;
        commit(tx).await?;
        self.wrote();
        Ok((tournament, ids))
    }

    /// A tournament with its players, boards and byes.
    pub async fn tournament(&self, tournament: i64) -> Result<Option<TournamentState>, StoreError> {
        let sql = format!("SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = $1");
        let Some(row) = sqlx::query(&sql)
            .bind(tournament)
            .fetch_optional(&self.pool)
            .await?
        else {
            return Ok(None);
        };
        let row = tournament_row(row)?;
        let players = self
            .rows_of(
                "SELECT * FROM tournament_players WHERE tournament_id = $1 \
                 ORDER BY joined_at, user_id",
                tournament,
                entrant,
            )
            .await?;
        let boards = self
            .rows_of(
                "SELECT * FROM tournament_games WHERE tournament_id = $1 ORDER BY round, board",
                tournament,
                board,
            )
            .await?;
        let byes = self
            .rows_of(
                "SELECT * FROM tournament_byes WHERE tournament_id = $1 ORDER BY round, user_id",
                tournament,
                bye,
            )
            .await?;
        Ok(Some(TournamentState {
            row,
            players,
            boards,
            byes,
        }))
    }

    /// A tournament's rows of one table, each read by `read`.
    async fn rows_of<T>(
        &self,
        sql: &str,
        tournament: i64,
        read: fn(AnyRow) -> Result<T, StoreError>,
    ) -> Result<Vec<T>, StoreError> {
        sqlx::query(sql)
            .bind(tournament)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(read)
            .collect()
    }

    /// The server's tournaments, newest first: those taking sign-ups or running, then up to
    /// `ended` finished or cancelled ones.
    pub async fn guild_tournaments(
        &self,
        guild: u64,
        ended: i64,
    ) -> Result<Vec<TournamentRow>, StoreError> {
        let sql = format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE guild_id = $1 \
             AND status IN ($2, $3) ORDER BY id DESC"
        );
        let mut rows: Vec<TournamentRow> = sqlx::query(&sql)
            .bind(id(guild))
            .bind(TournamentStatus::Signup.word())
            .bind(TournamentStatus::Running.word())
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(tournament_row)
            .collect::<Result<_, _>>()?;
        let sql = format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE guild_id = $1 \
             AND status IN ($2, $3) ORDER BY id DESC LIMIT $4"
        );
        let done = sqlx::query(&sql)
            .bind(id(guild))
            .bind(TournamentStatus::Finished.word())
            .bind(TournamentStatus::Cancelled.word())
            .bind(ended)
            .fetch_all(&self.pool)
            .await?;
        for row in done {
            rows.push(tournament_row(row)?);
        }
        Ok(rows)
    }

    /// The tournament a channel is about: its newest one taking sign-ups or running, else its
    /// newest one.
    pub async fn channel_tournament(&self, channel: Channel) -> Result<Option<i64>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT id FROM tournaments WHERE guild_id = $1 AND channel_id = $2 \
             ORDER BY status IN ($3, $4) DESC, id DESC LIMIT 1",
        )
        .bind(id(channel.guild))
        .bind(id(channel.channel))
        .bind(TournamentStatus::Signup.word())
        .bind(TournamentStatus::Running.word())
        .fetch_optional(&self.pool)
        .await?)
    }

    /// The tournament and board a game is played for, if any.
    pub async fn board_of_game(&self, game: i64) -> Result<Option<(i64, Board)>, StoreError> {
        let row = sqlx::query("SELECT * FROM tournament_games WHERE game_id = $1")
            .bind(game)
            .fetch_optional(&self.pool)
            .await?;
        match row {
            Some(row) => {
                let tournament: i64 = row.try_get("tournament_id")?;
                Ok(Some((tournament, board(row)?)))
            }
            None => Ok(None),
        }
    }

    /// Sign a member up, while the tournament still is at `round` with room for them, with
    /// the byes of the rounds they missed (late entrants) and, once it has started, their
    /// pairing number. `Conflict` if they are in already or the tournament moved on.
    #[allow(clippy::too_many_arguments)]
    pub async fn join_tournament(
        &self,
        tournament: i64,
        entrant: &Entrant,
        round: u16,
        byes: &[ByeRow],
        owed: &[Owed],
        now: i64,
    ) -> Result<Vec<i64>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(
            "INSERT INTO tournament_players (tournament_id, user_id, name, number, rating, \
             joined_at) \
             SELECT $1, $2, $3, $4, $5, $6 WHERE \
             (SELECT COUNT(*) FROM tournament_players WHERE tournament_id = $1) < \
             (SELECT max_players FROM tournaments WHERE id = $1) \
             AND EXISTS (SELECT 1 FROM tournaments WHERE id = $1 AND round = $7 \
             AND status IN ($8, $9)) \
             AND NOT EXISTS (SELECT 1 FROM tournament_players WHERE tournament_id = $1 \
             AND user_id = $2)",
        )
        .bind(tournament)
        .bind(id(entrant.player.id))
        .bind(&entrant.player.name)
        .bind(entrant.number.map(i64::from))
        .bind(i64::from(entrant.rating))
        .bind(now)
        .bind(i64::from(round))
        .bind(TournamentStatus::Signup.word())
        .bind(TournamentStatus::Running.word())
        .execute(&mut *tx)
        .await?;
        one_row(done)?;
        for b in byes {
            insert_bye(&mut tx, tournament, b).await?;
        }
        let ids = owe_in(&mut tx, owed, now).await?;
        commit(tx).await?;
        self.wrote();
        Ok(ids)
    }

    /// Take a member off a tournament that has not started.
    pub async fn leave_tournament(
        &self,
        tournament: i64,
        user: u64,
        owed: &[Owed],
        now: i64,
    ) -> Result<Vec<i64>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(
            "DELETE FROM tournament_players WHERE tournament_id = $1 AND user_id = $2 \
             AND EXISTS (SELECT 1 FROM tournaments WHERE id = $1 AND status = $3)",
        )
        .bind(tournament)
        .bind(id(user))
        .bind(TournamentStatus::Signup.word())
        .execute(&mut *tx)
        .await?;
        commit_claimed(tx, done, owed, now).await
    }

    /// Withdraw a player from round `from` on (their unfinished games are resigned by the
    /// scheduler, which this wakes).
    pub async fn withdraw(
        &self,
        tournament: i64,
        user: u64,
        from: u16,
        owed: &[Owed],
        now: i64,
    ) -> Result<Vec<i64>, StoreError> {
        let mut tx = self.pool.begin().await?;
        withdraw_in(&mut tx, tournament, user, from).await?;
        mark_due(&mut tx, tournament, now).await?;
        let ids = owe_in(&mut tx, owed, now).await?;
        commit(tx).await?;
        self.wrote();
        Ok(ids)
    }

    /// An organiser removes a player from a running tournament: withdrawn from round `from`
    /// on, with each of their unfinished boards forfeited (its game, still being played,
    /// ended without a result of its own: aborted, so nobody's rating changes), in one
    /// transaction. `Conflict` if they were withdrawn already, a board got its result or a
    /// game changed meanwhile.
    pub async fn remove_player(
        &self,
        tournament: i64,
        user: u64,
        from: u16,
        forfeits: &[Forfeit],
        owed: &[Owed],
        now: i64,
    ) -> Result<Vec<i64>, StoreError> {
        let mut tx = self.pool.begin().await?;
        withdraw_in(&mut tx, tournament, user, from).await?;
        for forfeit in forfeits {
            if let Some(game) = &forfeit.game {
                update_game(&mut tx, game, now).await?;
            }
            let done = sqlx::query(
                "UPDATE tournament_games SET result = $2 WHERE id = $1 AND result IS NULL",
            )
            .bind(forfeit.board)
            .bind(forfeit.result.word())
            .execute(&mut *tx)
            .await?;
            one_row(done)?;
        }
        mark_due(&mut tx, tournament, now).await?;
        let ids = owe_in(&mut tx, owed, now).await?;
        commit(tx).await?;
        self.wrote();
        Ok(ids)
    }

    /// Start a tournament taking sign-ups: its rounds, the first colour, and every player's
    /// pairing number and rating (in `players`). The scheduler pairs round 1 (this wakes it).
    pub async fn start_tournament(
        &self,
        tournament: i64,
        rounds: u16,
        first_colour: Color,
        players: &[Entrant],
        owed: &[Owed],
        now: i64,
    ) -> Result<Vec<i64>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(
            "UPDATE tournaments SET status = $2, rounds = $3, first_colour = $4, \
             started_at = $5, due_at = $5 WHERE id = $1 AND status = $6",
        )
        .bind(tournament)
        .bind(TournamentStatus::Running.word())
        .bind(i64::from(rounds))
        .bind(first_colour.word())
        .bind(now)
        .bind(TournamentStatus::Signup.word())
        .execute(&mut *tx)
        .await?;
        one_row(done)?;
        for p in players {
            sqlx::query(
                "UPDATE tournament_players SET number = $3, rating = $4 \
                 WHERE tournament_id = $1 AND user_id = $2",
            )
            .bind(tournament)
            .bind(id(p.player.id))
            .bind(p.number.map(i64::from))
            .bind(i64::from(p.rating))
            .execute(&mut *tx)
            .await?;
        }
        let ids = owe_in(&mut tx, owed, now).await?;
        commit(tx).await?;
        self.wrote();
        Ok(ids)
    }

    /// Write rounds `from + 1 ..= to` (paired now) if the last round paired is still `from`;
    /// `Conflict` if someone paired it first.
    pub async fn pair_rounds(
        &self,
        tournament: i64,
        from: u16,
        to: u16,
        boards: &[NewBoard],
        byes: &[ByeRow],
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(
            "UPDATE tournaments SET round = $3 WHERE id = $1 AND round = $2 AND status = $4",
        )
        .bind(tournament)
        .bind(i64::from(from))
        .bind(i64::from(to))
        .bind(TournamentStatus::Running.word())
        .execute(&mut *tx)
        .await?;
        one_row(done)?;
        for b in boards {
            sqlx::query(
                "INSERT INTO tournament_games (tournament_id, round, board, white_id, \
                 black_id, result) VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(tournament)
            .bind(i64::from(b.round))
            .bind(i64::from(b.board))
            .bind(id(b.white))
            .bind(id(b.black))
            .bind(b.result.map(Word::word))
            .execute(&mut *tx)
            .await?;
        }
        for b in byes {
            insert_bye(&mut tx, tournament, b).await?;
        }
        commit(tx).await?;
        self.wrote();
        Ok(())
    }

    /// Start a board's game in `channel`, its thread, opened under `parent`, with the
    /// messages it owes; `Conflict` if the board has its game already.
    pub async fn start_board(
        &self,
        board: i64,
        (channel, parent): (Channel, u64),
        new: &NewGame,
        clock: (TimeControl, Option<Clock>, bool),
        owed: &[Owed],
        now: i64,
    ) -> Result<Vec<i64>, StoreError> {
        let (control, clock, rated) = clock;
        let terms = Terms {
            control,
            clock,
            rated,
            computer: None,
            // Every tournament game has a thread of its own.
            thread: Some(GameThread {
                id: channel.channel,
                parent,
            }),
        };
        let mut tx = self.pool.begin().await?;
        let game = insert_game(&mut tx, channel, new, &terms, now).await?;
        let done = sqlx::query(
            "UPDATE tournament_games SET game_id = $2 WHERE id = $1 AND game_id IS NULL \
             AND result IS NULL",
        )
        .bind(board)
        .bind(game)
        .execute(&mut *tx)
        .await?;
        commit_claimed(tx, done, owed, now).await
    }

    /// Post a round's pairings once: `Conflict` if they were posted already.
    pub async fn announce_round(
        &self,
        tournament: i64,
        round: u16,
        owed: &[Owed],
        now: i64,
    ) -> Result<Vec<i64>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let done =
            sqlx::query("UPDATE tournaments SET announced = $2 WHERE id = $1 AND announced < $2")
                .bind(tournament)
                .bind(i64::from(round))
                .execute(&mut *tx)
                .await?;
        commit_claimed(tx, done, owed, now).await
    }

    /// End a tournament that is `from` (taking sign-ups or running) as `to` (finished or
    /// cancelled), with its announcement; `Conflict` if it had ended already.
    pub async fn end_tournament(
        &self,
        tournament: i64,
        from: TournamentStatus,
        to: TournamentStatus,
        owed: &[Owed],
        now: i64,
    ) -> Result<Vec<i64>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(
            "UPDATE tournaments SET status = $2, ended_at = $3, due_at = NULL \
             WHERE id = $1 AND status = $4",
        )
        .bind(tournament)
        .bind(to.word())
        .bind(now)
        .bind(from.word())
        .execute(&mut *tx)
        .await?;
        commit_claimed(tx, done, owed, now).await
    }

    /// An organiser's result for a board. With `game` (its game, still being played), the
    /// game is ended without a result of its own (aborted) in the same transaction.
    pub async fn set_board_result(
        &self,
        tournament: i64,
        board: i64,
        result: BoardResult,
        game: Option<&GameRow>,
        owed: &[Owed],
        now: i64,
    ) -> Result<Vec<i64>, StoreError> {
        let mut tx = self.pool.begin().await?;
        if let Some(game) = game {
            update_game(&mut tx, game, now).await?;
        }
        sqlx::query("UPDATE tournament_games SET result = $2 WHERE id = $1")
            .bind(board)
            .bind(result.word())
            .execute(&mut *tx)
            .await?;
        mark_due(&mut tx, tournament, now).await?;
        let ids = owe_in(&mut tx, owed, now).await?;
        commit(tx).await?;
        self.wrote();
        Ok(ids)
    }

    /// Tournaments in the servers of `shards` the scheduler should look at by `now`, with
    /// the due time to claim them by.
    pub async fn due_tournaments(
        &self,
        now: i64,
        shards: &Shards,
    ) -> Result<Vec<(i64, i64)>, StoreError> {
        let sql = format!(
            "SELECT id, due_at FROM tournaments WHERE due_at <= $1 AND {} ORDER BY due_at, id",
            owned_by(2)
        );
        bind_owned(sqlx::query(&sql).bind(now), shards)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|row| Ok((row.try_get("id")?, row.try_get("due_at")?)))
            .collect()
    }

    /// Claim a look at a due tournament until `now + LEASE`; None if someone else claimed
    /// it first. The lease is what `release_tournament` clears.
    pub async fn claim_tournament(
        &self,
        tournament: i64,
        due: i64,
        now: i64,
    ) -> Result<Option<i64>, StoreError> {
        let lease = now + LEASE;
        let done = sqlx::query("UPDATE tournaments SET due_at = $3 WHERE id = $1 AND due_at = $2")
            .bind(tournament)
            .bind(due)
            .bind(lease)
            .execute(&self.pool)
            .await?;
        Ok((done.rows_affected() == 1).then_some(lease))
    }

    /// After a look: nothing is due any more (unless something made it due meanwhile), or
    /// it is due again at `again`.
    pub async fn release_tournament(
        &self,
        tournament: i64,
        lease: i64,
        again: Option<i64>,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE tournaments SET due_at = $3 WHERE id = $1 AND due_at = $2")
            .bind(tournament)
            .bind(lease)
            .bind(again)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Make a tournament due now (its state changed outside the scheduler).
    pub async fn tournament_due(&self, tournament: i64, now: i64) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        mark_due(&mut tx, tournament, now).await?;
        commit(tx).await?;
        self.wrote();
        Ok(())
    }
}

/// Commit a claimed change with the messages it owes; `Conflict`, and nothing written,
/// unless the claim changed exactly one row.
async fn commit_claimed(
    mut tx: Tx<'_>,
    done: sqlx::any::AnyQueryResult,
    owed: &[Owed],
    now: i64,
) -> Result<Vec<i64>, StoreError> {
    one_row(done)?;
    let ids = owe_in(&mut tx, owed, now).await?;
    commit(tx).await?;
    Ok(ids)
}

async fn insert_bye(tx: &mut Tx<'_>, tournament: i64, b: &ByeRow) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO tournament_byes (tournament_id, round, user_id, kind) VALUES ($1, $2, $3, $4)",
    )
    .bind(tournament)
    .bind(i64::from(b.round))
    .bind(id(b.user))
    .bind(b.kind.word())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Make a running tournament due at `now` (sooner if it was due later).
/// Withdraw a player from round `from` on; `Conflict` if they were withdrawn already.
async fn withdraw_in(
    tx: &mut Tx<'_>,
    tournament: i64,
    user: u64,
    from: u16,
) -> Result<(), StoreError> {
    let done = sqlx::query(
        "UPDATE tournament_players SET withdrawn_round = $3 \
         WHERE tournament_id = $1 AND user_id = $2 AND withdrawn_round IS NULL",
    )
    .bind(tournament)
    .bind(id(user))
    .bind(i64::from(from))
    .execute(&mut **tx)
    .await?;
    one_row(done)
}

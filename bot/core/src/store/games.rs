//! Games and their turns.

use super::ending::{write_ended, Ended};
use super::health::commit;
use super::outbox::owe_in;
use super::quotas::{self, Quota};
use super::web::{link_in, LinkKind, Token};
use super::{
    bind_owned, id, json, owned_by, unjson, words, Channel, Owed, Player, Store, StoreError, Tx,
    Word,
};
use crate::family::{Family, GameState, Refused};
use crate::shards::Shards;
use engine::computer::Level;
use engine::{Clock, Color, Outcome, TimeControl};
use sqlx::any::AnyRow;
use sqlx::Row;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Active,
    Finished,
    Aborted,
}

words!(Status, "game status", Status::Active => "active", Status::Finished => "finished", Status::Aborted => "aborted");

/// A stored game as loaded, with the version it was loaded at.
#[derive(Clone, Debug)]
pub struct GameRow {
    pub id: i64,
    /// The server it belongs to.
    pub guild: u64,
    /// White first.
    pub players: [Player; 2],
    pub game: GameState,
    pub version: i64,
    pub draw_offer: Option<Color>,
    pub status: Status,
    pub time_control: TimeControl,
    /// The clock while the game runs with a time control.
    pub clock: Option<Clock>,
    /// Whether the result changes the players' ratings.
    pub rated: bool,
    /// The side the computer plays, if it plays one.
    pub computer: Option<Computer>,
    /// When it started, in seconds since 1970.
    pub started_at: i64,
    /// The thread the bot opened for it (None: played in a channel, or in a thread a
    /// member opened).
    pub thread: Option<GameThread>,
}

/// A thread the bot opened for a game: the game's channel. It is archived when the game
/// ends, and members see it as they see the channel it was opened under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameThread {
    pub id: u64,
    pub parent: u64,
}

/// The computer as a player of a game: its side and how well it plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Computer {
    pub color: Color,
    pub level: Level,
}

/// A turn the computer owes, with what decides when it is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComputerDue {
    pub game: i64,
    pub guild: u64,
    /// The member playing the computer.
    pub member: u64,
    /// When the computer's clock runs out, if the game has one.
    pub deadline: Option<i64>,
    /// When the turn became owed.
    pub since: i64,
}

/// How a game in progress ends with a result, other than by the turn that ends it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The player of this colour resigns.
    Resign(Color),
    /// Both players agreed to a draw.
    Draw,
    /// The player of this colour ran out of time.
    Timeout(Color),
}

impl GameRow {
    /// End the game with a result: the result, the status, and no draw offer left
    /// standing. What follows from it (ratings, a tournament board, the announcements) is
    /// written with the row by the core's `save_game`.
    /// End the game at `now` without a turn: the clock stops there, charging the side to
    /// move for the time it spent.
    pub fn end(&mut self, end: End, now: i64) -> Result<Outcome, Refused> {
        let mover = self.game.to_move();
        let outcome = match end {
            End::Resign(color) => self.game.resign(color)?,
            End::Draw => self.game.agree_draw()?,
            End::Timeout(color) => self.game.lose_on_time(color)?,
        };
        self.stop_clock(mover, now);
        self.status = Status::Finished;
        self.draw_offer = None;
        Ok(outcome)
    }

    fn stop_clock(&mut self, mover: Color, now: i64) {
        if self.status == Status::Active {
            self.clock = self.clock.map(|c| c.stopped(mover, now));
        }
    }

    /// End the game without a result: aborted, or its tournament board's result set by a
    /// director instead.
    pub fn abort(&mut self, now: i64) {
        self.stop_clock(self.game.to_move(), now);
        self.status = Status::Aborted;
        self.draw_offer = None;
    }

    /// After a turn: playing on declines a standing draw offer, and a turn that ends the
    /// game finishes it.
    pub fn after_turn(&mut self) {
        self.draw_offer = None;
        if self.game.is_over() {
            self.status = Status::Finished;
        }
    }

    pub fn player(&self, color: Color) -> &Player {
        &self.players[color.index()]
    }

    /// When the side to move loses on time, if the game runs with a clock.
    pub fn deadline(&self) -> Option<i64> {
        let mover = self.game.to_move();
        self.clock
            .filter(|_| self.status == Status::Active)
            .map(|c| c.deadline(mover))
    }

    /// When the side to move is next reminded of its deadline, after `now`.
    fn remind_at(&self, now: i64) -> Option<i64> {
        let mover = self.game.to_move();
        self.clock
            .filter(|_| self.status == Status::Active)
            .and_then(|c| c.next_reminder(mover, now))
    }

    /// A game just inserted on its terms.
    pub(super) fn started(
        id: i64,
        channel: Channel,
        players: [Player; 2],
        game: GameState,
        terms: &Terms,
        now: i64,
    ) -> GameRow {
        GameRow {
            id,
            guild: channel.guild,
            players,
            game,
            version: 0,
            draw_offer: None,
            status: Status::Active,
            time_control: terms.control,
            clock: terms.clock,
            rated: terms.rated,
            computer: terms.computer,
            started_at: now,
            thread: terms.thread,
        }
    }

    /// Whether the game runs and the computer is to move.
    pub fn computer_to_move(&self) -> bool {
        self.status == Status::Active
            && self
                .computer
                .is_some_and(|c| c.color == self.game.to_move())
    }

    /// When the computer's turn began (stored so a restarted bot finds it), if it is to move.
    fn computer_at(&self, now: i64) -> Option<i64> {
        self.computer_to_move().then_some(now)
    }

    /// The colour this member plays, if they play.
    pub fn color_of(&self, user: u64) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|&c| self.players[c.index()].id == user)
    }
}

const GAME_COLUMNS: &str = "id, guild_id, channel_id, white_id, white_name, black_id, \
     black_name, state, version, draw_offer, status, time_control, clock, rated, \
     computer_color, computer_level, family, created_at, thread_id, thread_parent";

fn game_row(row: AnyRow) -> Result<GameRow, StoreError> {
    let state: String = row.try_get("state")?;
    let family = Family::from_word(&row.try_get::<String, _>("family")?)?;
    let offer: Option<String> = row.try_get("draw_offer")?;
    let status: String = row.try_get("status")?;
    let time_control: Option<String> = row.try_get("time_control")?;
    let clock: Option<String> = row.try_get("clock")?;
    let computer_color: Option<String> = row.try_get("computer_color")?;
    let computer_level: Option<i64> = row.try_get("computer_level")?;
    let computer = match (computer_color, computer_level) {
        (Some(color), Some(level)) => Some(Computer {
            color: Color::from_word(&color)?,
            level: u8::try_from(level)
                .ok()
                .and_then(|n| Level::new(n).ok())
                .ok_or_else(|| StoreError::Corrupt(format!("computer level {level}")))?,
        }),
        _ => None,
    };
    Ok(GameRow {
        id: row.try_get("id")?,
        guild: row.try_get::<i64, _>("guild_id")? as u64,
        players: [
            Player {
                id: row.try_get::<i64, _>("white_id")? as u64,
                name: row.try_get("white_name")?,
            },
            Player {
                id: row.try_get::<i64, _>("black_id")? as u64,
                name: row.try_get("black_name")?,
            },
        ],
        game: GameState::from_stored(family, &state)
            .map_err(|e| StoreError::Corrupt(format!("{family} game: {e}")))?,
        version: row.try_get("version")?,
        draw_offer: offer.as_deref().map(Color::from_word).transpose()?,
        status: Status::from_word(&status)?,
        time_control: control_of(time_control)?,
        clock: clock.as_deref().map(unjson).transpose()?,
        rated: row.try_get::<i64, _>("rated")? != 0,
        computer,
        started_at: row.try_get("created_at")?,
        thread: match (
            row.try_get::<Option<i64>, _>("thread_id")?,
            row.try_get::<Option<i64>, _>("thread_parent")?,
        ) {
            (Some(id), Some(parent)) => Some(GameThread {
                id: id as u64,
                parent: parent as u64,
            }),
            _ => None,
        },
    })
}

/// A game row and the channel it is played in.
fn with_channel(row: AnyRow) -> Result<(GameRow, u64), StoreError> {
    let channel = row.try_get::<i64, _>("channel_id")? as u64;
    Ok((game_row(row)?, channel))
}

/// A stored time control: none is NULL.
pub(super) fn control_word(control: TimeControl) -> Option<String> {
    control.is_timed().then(|| control.to_string())
}

/// A time control as stored by `control_word`.
pub(super) fn control_of(word: Option<String>) -> Result<TimeControl, StoreError> {
    match word {
        Some(text) => text
            .parse()
            .map_err(|e| StoreError::Corrupt(format!("time control: {e}"))),
        None => Ok(TimeControl::Unlimited),
    }
}

impl Store {
    /// The channel's active game (there is at most one: a unique index says so).
    pub async fn active_game(&self, channel: Channel) -> Result<Option<GameRow>, StoreError> {
        Ok(self
            .latest_game(channel)
            .await?
            .filter(|g| g.status == Status::Active))
    }

    /// The channel's active game, or else its most recent one.
    pub async fn latest_game(&self, channel: Channel) -> Result<Option<GameRow>, StoreError> {
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE guild_id = $1 AND channel_id = $2 \
             ORDER BY status = $3 DESC, id DESC LIMIT 1"
        );
        sqlx::query(&sql)
            .bind(id(channel.guild))
            .bind(id(channel.channel))
            .bind(Status::Active.word())
            .fetch_optional(&self.pool)
            .await?
            .map(game_row)
            .transpose()
    }

    /// A game by its id, whatever its status, with its channel.
    pub async fn game_with_channel(&self, game: i64) -> Result<Option<(GameRow, u64)>, StoreError> {
        let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1");
        sqlx::query(&sql)
            .bind(game)
            .fetch_optional(&self.pool)
            .await?
            .map(with_channel)
            .transpose()
    }

    /// The server's active games, oldest first, with their channels.
    pub async fn active_games(&self, guild: u64) -> Result<Vec<(GameRow, u64)>, StoreError> {
        self.active_games_where("guild_id = $1", guild).await
    }

    /// A server's last `limit` finished games, the last to end first.
    pub async fn finished_games(&self, guild: u64, limit: i64) -> Result<Vec<GameRow>, StoreError> {
        // Every finished game has its results, written as it ended; its start stands in, should
        // one have none.
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE guild_id = $1 AND status = $2 \
             ORDER BY COALESCE((SELECT MAX(r.ended_at) FROM results r \
             WHERE r.game_id = games.id), created_at) DESC, id DESC LIMIT $3"
        );
        sqlx::query(&sql)
            .bind(id(guild))
            .bind(Status::Finished.word())
            .bind(limit)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(game_row)
            .collect()
    }

    /// The name a member last played under in a server, if they have played there.
    pub async fn player_name(&self, guild: u64, user: u64) -> Result<Option<String>, StoreError> {
        sqlx::query(
            "SELECT CASE WHEN white_id = $2 THEN white_name ELSE black_name END AS name \
             FROM games WHERE guild_id = $1 AND (white_id = $2 OR black_id = $2) \
             ORDER BY id DESC LIMIT 1",
        )
        .bind(id(guild))
        .bind(id(user))
        .fetch_optional(&self.pool)
        .await?
        .map(|row| row.try_get("name").map_err(StoreError::from))
        .transpose()
    }

    /// A member's active games in every server, oldest first, with their channels.
    pub async fn member_active_games(&self, user: u64) -> Result<Vec<(GameRow, u64)>, StoreError> {
        self.active_games_where("(white_id = $1 OR black_id = $1)", user)
            .await
    }

    /// Active games where `condition` holds of the id bound as `$1`.
    async fn active_games_where(
        &self,
        condition: &str,
        value: u64,
    ) -> Result<Vec<(GameRow, u64)>, StoreError> {
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE {condition} AND status = $2 ORDER BY id"
        );
        sqlx::query(&sql)
            .bind(id(value))
            .bind(Status::Active.word())
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(with_channel)
            .collect()
    }

    /// Active games in the servers of `shards` whose side to move is out of time by `now`.
    pub async fn overdue_games(&self, now: i64, shards: &Shards) -> Result<Vec<i64>, StoreError> {
        let due = self.games_due("deadline_at", now, shards).await?;
        Ok(due.into_iter().map(|(game, _)| game).collect())
    }

    /// Active games in the servers of `shards` whose player to move is due a reminder, with
    /// the reminder's time as stored (to claim it by).
    pub async fn reminders_due(
        &self,
        now: i64,
        shards: &Shards,
    ) -> Result<Vec<(i64, i64)>, StoreError> {
        self.games_due("remind_at", now, shards).await
    }

    /// (game, due time) of active games whose `column` time is past.
    async fn games_due(
        &self,
        column: &str,
        now: i64,
        shards: &Shards,
    ) -> Result<Vec<(i64, i64)>, StoreError> {
        let sql = format!(
            "SELECT id, {column} AS due FROM games WHERE status = $1 AND {column} <= $2 AND {} \
             ORDER BY {column}",
            owned_by(3)
        );
        let query = sqlx::query(&sql).bind(Status::Active.word()).bind(now);
        bind_owned(query, shards)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|row| Ok((row.try_get("id")?, row.try_get("due")?)))
            .collect()
    }

    /// Claim a reminder: move the game's next reminder from `due` to the one after `now`,
    /// and owe the message, in one transaction; returns the owed messages' ids, none if
    /// someone else claimed it first.
    pub async fn claim_reminder(
        &self,
        row: &GameRow,
        due: i64,
        owed: &[Owed],
        now: i64,
    ) -> Result<Vec<i64>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query("UPDATE games SET remind_at = $1 WHERE id = $2 AND remind_at = $3")
            .bind(row.remind_at(now.max(due)))
            .bind(row.id)
            .bind(due)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() != 1 {
            return Ok(Vec::new());
        }
        let ids = owe_in(&mut tx, owed, now).await?;
        commit(tx).await?;
        Ok(ids)
    }

    /// Owe messages about a game without changing it (news of a refused attempt), only while
    /// it is as `row` was loaded: news of a board that has changed since is `Conflict`, like
    /// any change that lost a race.
    pub async fn owe_unchanged(
        &self,
        row: &GameRow,
        owed: &[Owed],
        now: i64,
    ) -> Result<Vec<i64>, StoreError> {
        let mut tx = self.pool.begin().await?;
        // Writing the version back as it is checks it and takes the write lock at once.
        let same = sqlx::query("UPDATE games SET version = version WHERE id = $1 AND version = $2")
            .bind(row.id)
            .bind(row.version)
            .execute(&mut *tx)
            .await?;
        if same.rows_affected() != 1 {
            return Err(StoreError::Conflict);
        }
        let ids = owe_in(&mut tx, owed, now).await?;
        commit(tx).await?;
        self.wrote_game(row.id);
        Ok(ids)
    }

    /// Active games in the servers of `shards` where the computer is to move, longest
    /// waiting first.
    pub async fn computer_turns_due(
        &self,
        shards: &Shards,
    ) -> Result<Vec<ComputerDue>, StoreError> {
        let sql = format!(
            "SELECT id, guild_id, white_id, black_id, computer_color, deadline_at, computer_at \
             FROM games WHERE status = $1 AND computer_at IS NOT NULL AND {} ORDER BY computer_at",
            owned_by(2)
        );
        let query = sqlx::query(&sql).bind(Status::Active.word());
        bind_owned(query, shards)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|row| {
                let computer: Option<String> = row.try_get("computer_color")?;
                // The member plays the side the computer doesn't.
                let member = match computer.as_deref().map(Color::from_word).transpose()? {
                    Some(Color::White) => "black_id",
                    _ => "white_id",
                };
                Ok(ComputerDue {
                    game: row.try_get("id")?,
                    guild: row.try_get::<i64, _>("guild_id")? as u64,
                    member: row.try_get::<i64, _>(member)? as u64,
                    deadline: row.try_get("deadline_at")?,
                    since: row.try_get("computer_at")?,
                })
            })
            .collect()
    }

    /// Start a game against the computer in `channel` (a thread the bot opened for it under
    /// `parent`, if any) with the messages it owes; no challenge comes first. `ChannelBusy` if the
    /// channel has an active game, `OverQuota` if one of `quotas` is full.
    #[allow(clippy::too_many_arguments)]
    pub async fn start_computer_game(
        &self,
        (channel, parent): (Channel, Option<u64>),
        quotas: &[Quota],
        new: NewGame,
        control: TimeControl,
        computer: Computer,
        owed: &[Owed],
        now: i64,
    ) -> Result<(GameRow, Vec<i64>), StoreError> {
        let terms = Terms {
            control,
            clock: Clock::start(control, now),
            // Ratings measure members against members.
            rated: false,
            computer: Some(computer),
            thread: parent.map(|parent| GameThread {
                id: channel.channel,
                parent,
            }),
        };
        let mut tx = self.pool.begin().await?;
        quotas::within(&mut tx, quotas, now).await?;
        let game_id = insert_game(&mut tx, channel, &new, &terms, now).await?;
        let ids = owe_in(&mut tx, owed, now).await?;
        commit(tx).await?;
        Ok((
            GameRow::started(game_id, channel, new.players, new.game, &terms, now),
            ids,
        ))
    }

    pub async fn active_game_count(&self) -> Result<i64, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT COUNT(*) FROM games WHERE status = $1")
                .bind(Status::Active.word())
                .fetch_one(&self.pool)
                .await?,
        )
    }

    /// The position string after a game's turn `ply`, as stored when it was played.
    pub async fn position_after(&self, game: i64, ply: u32) -> Result<Option<String>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT position FROM turns WHERE game_id = $1 AND ply = $2")
                .bind(game)
                .bind(i64::from(ply))
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// Write a changed game, with the messages it owes and, if it just ended, its results
    /// and rating changes, in one transaction; fails with `Conflict` if anything else changed
    /// the game (or those ratings) since it was loaded. `turn_by` is the member whose turn was
    /// just played, stored with it. Returns the owed messages' ids.
    pub async fn save_game(
        &self,
        row: &GameRow,
        turn_by: Option<u64>,
        owed: &[Owed],
        ended: Option<&Ended>,
        now: i64,
    ) -> Result<Vec<i64>, StoreError> {
        let mut tx = self.pool.begin().await?;
        update_game(&mut tx, row, now).await?;
        if let Some(ended) = ended {
            write_ended(&mut tx, row.guild, row.game.family(), ended, now).await?;
        }
        if let (Some(user), Some((ply, notation))) = (turn_by, row.game.last_turn()) {
            sqlx::query(
                "INSERT INTO turns (game_id, ply, user_id, notation, position, played_at) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(row.id)
            .bind(i64::from(ply))
            .bind(id(user))
            .bind(notation)
            .bind(row.game.position_text())
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        let ids = owe_in(&mut tx, owed, now).await?;
        commit(tx).await?;
        self.wrote_game(row.id);
        Ok(ids)
    }
}

/// How a new game is played: its time control and clock, whether it is rated, the side
/// the computer plays, if any, and the thread the bot opened for it, if it did.
pub(super) struct Terms {
    pub control: TimeControl,
    pub clock: Option<Clock>,
    pub rated: bool,
    pub computer: Option<Computer>,
    pub thread: Option<GameThread>,
}

/// A game about to start.
pub struct NewGame {
    /// White first.
    pub players: [Player; 2],
    pub game: GameState,
    /// Its page's token, when its server shows its pages: made before the game, so its
    /// first board can carry the link, and stored with it.
    pub watch: Option<Token>,
}

/// Insert a new game (and its page's token) in a transaction on its terms; `ChannelBusy` if
/// the channel has an active one.
pub(super) async fn insert_game(
    tx: &mut Tx<'_>,
    channel: Channel,
    new: &NewGame,
    terms: &Terms,
    now: i64,
) -> Result<i64, StoreError> {
    let NewGame {
        players,
        game,
        watch,
    } = new;
    let Terms {
        control,
        clock,
        rated,
        computer,
        thread,
    } = *terms;
    let mover = game.to_move();
    let row = sqlx::query(
        "INSERT INTO games (guild_id, channel_id, white_id, white_name, black_id, \
         black_name, state, status, created_at, updated_at, time_control, clock, rated, \
         deadline_at, remind_at, computer_color, computer_level, computer_at, family, \
         thread_id, thread_parent) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, \
         $18, $19, $20, $21) RETURNING id",
    )
    .bind(id(channel.guild))
    .bind(id(channel.channel))
    .bind(id(players[0].id))
    .bind(&players[0].name)
    .bind(id(players[1].id))
    .bind(&players[1].name)
    .bind(stored(game)?)
    .bind(Status::Active.word())
    .bind(now)
    .bind(now)
    .bind(control_word(control))
    .bind(clock.as_ref().map(json).transpose()?)
    .bind(i64::from(rated))
    .bind(clock.map(|c| c.deadline(mover)))
    .bind(clock.and_then(|c| c.next_reminder(mover, now)))
    .bind(computer.map(|c| c.color.word()))
    .bind(computer.map(|c| i64::from(c.level.number())))
    .bind(computer.filter(|c| c.color == mover).map(|_| now))
    .bind(game.family().word())
    .bind(thread.map(|t| id(t.id)))
    .bind(thread.map(|t| id(t.parent)))
    .fetch_one(&mut **tx)
    .await
    .map_err(|e| match &e {
        // The unique index on active games per channel.
        sqlx::Error::Database(d) if d.is_unique_violation() => StoreError::ChannelBusy,
        _ => StoreError::Database(e),
    })?;
    let game_id = row.try_get("id")?;
    if let Some(token) = *watch {
        link_in(tx, token, channel.guild, LinkKind::Game, game_id).await?;
    }
    Ok(game_id)
}

/// The version-checked write every game change goes through.
pub(super) async fn update_game(
    tx: &mut Tx<'_>,
    row: &GameRow,
    now: i64,
) -> Result<(), StoreError> {
    let result = match row.status {
        Status::Active => None,
        Status::Finished => row.game.result().map(|o| o.score().to_string()),
        Status::Aborted => Some("aborted".to_string()),
    };
    let done = sqlx::query(
        "UPDATE games SET state = $1, version = version + 1, draw_offer = $2, status = $3, \
         result = $4, updated_at = $5, clock = $8, deadline_at = $9, remind_at = $10, \
         computer_at = $11 WHERE id = $6 AND version = $7",
    )
    .bind(stored(&row.game)?)
    .bind(row.draw_offer.map(Word::word))
    .bind(row.status.word())
    .bind(result)
    .bind(now)
    .bind(row.id)
    .bind(row.version)
    .bind(row.clock.as_ref().map(json).transpose()?)
    .bind(row.deadline())
    .bind(row.remind_at(now))
    .bind(row.computer_at(now))
    .execute(&mut **tx)
    .await?;
    if done.rows_affected() != 1 {
        return Err(StoreError::Conflict);
    }
    Ok(())
}

/// A game's state column.
fn stored(game: &GameState) -> Result<String, StoreError> {
    game.stored()
        .map_err(|e| StoreError::Corrupt(e.to_string()))
}

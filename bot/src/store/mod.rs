//! Games, challenges and proposals in SQLite. Every change to a game checks and bumps its
//! version in one transaction, so of two simultaneous commands exactly one applies.

use engine::{Color, Game, Rules};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteRow,
    SqliteSynchronous,
};
use sqlx::{Row, Sqlite, Transaction};
use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

/// A channel in a server: where a game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Channel {
    pub guild: u64,
    pub channel: u64,
}

/// A member taking part, as named in the game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub id: u64,
    pub name: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Active,
    Finished,
    Aborted,
}

/// A stored game as loaded, with the version it was loaded at.
#[derive(Clone, Debug)]
pub struct GameRow {
    pub id: i64,
    /// White first.
    pub players: [Player; 2],
    pub game: Game,
    pub version: i64,
    pub draw_offer: Option<Color>,
    pub status: Status,
}

impl GameRow {
    pub fn player(&self, color: Color) -> &Player {
        &self.players[color.index()]
    }

    /// The colour this member plays, if they play.
    pub fn color_of(&self, user: u64) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|&c| self.players[c.index()].id == user)
    }
}

/// The challenger's colour choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourChoice {
    White,
    Black,
    Random,
}

#[derive(Clone, Debug)]
pub struct ChallengeRow {
    pub id: i64,
    pub channel: Channel,
    pub challenger: Player,
    pub opponent: Player,
    pub rules: Rules,
    pub colour: ColourChoice,
    pub expires_at: i64,
}

/// What a proposal prices: a new atom (its notation) or a modifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProposalKind {
    Atom,
    Modifier,
}

#[derive(Clone, Debug)]
pub struct ProposalRow {
    pub id: i64,
    pub kind: ProposalKind,
    pub name: String,
    pub notation: String,
    pub proposer: Color,
    /// Sealed estimates, White's first, as exact decimals.
    pub estimates: [Option<rust_decimal::Decimal>; 2],
}

/// A value stored as a word in a TEXT column.
pub trait Word: Sized {
    fn word(self) -> &'static str;
    fn from_word(word: &str) -> Result<Self, StoreError>;
}

macro_rules! words {
    ($type:ty, $what:literal, $($value:path => $word:literal),+) => {
        impl Word for $type {
            fn word(self) -> &'static str {
                match self {
                    $($value => $word),+
                }
            }

            fn from_word(word: &str) -> Result<Self, StoreError> {
                match word {
                    $($word => Ok($value),)+
                    other => Err(StoreError::Corrupt(format!(concat!($what, " '{}'"), other))),
                }
            }
        }
    };
}

words!(Status, "game status", Status::Active => "active", Status::Finished => "finished", Status::Aborted => "aborted");
words!(ColourChoice, "colour choice", ColourChoice::White => "white", ColourChoice::Black => "black", ColourChoice::Random => "random");
words!(ProposalKind, "proposal kind", ProposalKind::Atom => "atom", ProposalKind::Modifier => "modifier");
words!(Color, "colour", Color::White => "white", Color::Black => "black");

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("the game changed at the same moment")]
    Conflict,
    #[error("there is an active game in this channel already")]
    ChannelBusy,
    #[error("the database failed: {0}")]
    Database(#[from] sqlx::Error),
    #[error("the database schema could not be applied: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("stored data is unreadable: {0}")]
    Corrupt(String),
}

#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
}

fn id(v: u64) -> i64 {
    v as i64
}

fn json<T: serde::Serialize>(value: &T) -> Result<String, StoreError> {
    serde_json::to_string(value).map_err(|e| StoreError::Corrupt(e.to_string()))
}

fn unjson<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Corrupt(e.to_string()))
}

fn decimal(text: Option<String>) -> Result<Option<rust_decimal::Decimal>, StoreError> {
    text.map(|t| {
        rust_decimal::Decimal::from_str(&t).map_err(|e| StoreError::Corrupt(e.to_string()))
    })
    .transpose()
}

const GAME_COLUMNS: &str = "id, white_id, white_name, black_id, \
     black_name, state, version, draw_offer, status";

fn game_row(row: SqliteRow) -> Result<GameRow, StoreError> {
    let state: String = row.try_get("state")?;
    let offer: Option<String> = row.try_get("draw_offer")?;
    let status: String = row.try_get("status")?;
    Ok(GameRow {
        id: row.try_get("id")?,
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
        game: unjson(&state)?,
        version: row.try_get("version")?,
        draw_offer: offer.as_deref().map(Color::from_word).transpose()?,
        status: Status::from_word(&status)?,
    })
}

fn challenge_row(row: SqliteRow) -> Result<ChallengeRow, StoreError> {
    let rules: String = row.try_get("rules")?;
    let colour: String = row.try_get("colour")?;
    let channel = Channel {
        guild: row.try_get::<i64, _>("guild_id")? as u64,
        channel: row.try_get::<i64, _>("channel_id")? as u64,
    };
    Ok(ChallengeRow {
        id: row.try_get("id")?,
        channel,
        challenger: Player {
            id: row.try_get::<i64, _>("challenger_id")? as u64,
            name: row.try_get("challenger_name")?,
        },
        opponent: Player {
            id: row.try_get::<i64, _>("opponent_id")? as u64,
            name: row.try_get("opponent_name")?,
        },
        rules: unjson(&rules)?,
        colour: ColourChoice::from_word(&colour)?,
        expires_at: row.try_get("expires_at")?,
    })
}

fn proposal_row(row: SqliteRow) -> Result<ProposalRow, StoreError> {
    let kind: String = row.try_get("kind")?;
    let proposer: String = row.try_get("proposer")?;
    Ok(ProposalRow {
        id: row.try_get("id")?,
        kind: ProposalKind::from_word(&kind)?,
        name: row.try_get("name")?,
        notation: row.try_get("notation")?,
        proposer: Color::from_word(&proposer)?,
        estimates: [
            decimal(row.try_get("white_estimate")?)?,
            decimal(row.try_get("black_estimate")?)?,
        ],
    })
}

/// A unique-index violation: the channel got an active game meanwhile.
fn busy_or(e: sqlx::Error) -> StoreError {
    match &e {
        sqlx::Error::Database(d) if d.is_unique_violation() => StoreError::ChannelBusy,
        _ => StoreError::Database(e),
    }
}

impl Store {
    /// Open (creating if needed) the database file and apply the migrations.
    pub async fn open(path: &Path) -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // With WAL, NORMAL loses nothing committed when the process dies.
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(Duration::from_secs(10))
            .foreign_keys(true);
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options)
            .await?;
        Store::migrated(pool).await
    }

    /// A private database in memory: the terminal game and tests.
    pub async fn memory() -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::from_str("sqlite::memory:")?.foreign_keys(true);
        // One connection that never closes: each in-memory connection is its own database.
        let pool = SqlitePoolOptions::new()
            .max_connections(1)
            .min_connections(1)
            .idle_timeout(None)
            .max_lifetime(None)
            .connect_with(options)
            .await?;
        Store::migrated(pool).await
    }

    async fn migrated(pool: SqlitePool) -> Result<Store, StoreError> {
        sqlx::migrate!("../migrations").run(&pool).await?;
        Ok(Store { pool })
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }

    pub async fn active_game(&self, channel: Channel) -> Result<Option<GameRow>, StoreError> {
        self.channel_game(channel, "AND status = 'active'").await
    }

    /// The channel's active game, or else its most recent one.
    pub async fn latest_game(&self, channel: Channel) -> Result<Option<GameRow>, StoreError> {
        self.channel_game(channel, "ORDER BY status = 'active' DESC, id DESC LIMIT 1")
            .await
    }

    /// The first of a channel's games that `rest` (more conditions, an order) selects.
    async fn channel_game(
        &self,
        channel: Channel,
        rest: &str,
    ) -> Result<Option<GameRow>, StoreError> {
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ? AND channel_id = ? {rest}"
        );
        sqlx::query(&sql)
            .bind(id(channel.guild))
            .bind(id(channel.channel))
            .fetch_optional(&self.pool)
            .await?
            .map(game_row)
            .transpose()
    }

    pub async fn active_game_count(&self) -> Result<i64, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT COUNT(*) FROM games WHERE status = 'active'")
                .fetch_one(&self.pool)
                .await?,
        )
    }

    /// Write a changed game; fails with `Conflict` if anything else changed it since it was
    /// loaded. `turn` is the turn just played, by whom, stored in the same transaction.
    pub async fn save_game(
        &self,
        row: &GameRow,
        turn: Option<u64>,
        now: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        update_game(&mut tx, row, now).await?;
        if let (Some(user), Some(played)) = (turn, row.game.last_turn()) {
            sqlx::query(
                "INSERT INTO turns (game_id, ply, user_id, notation, position, played_at) \
                 VALUES (?, ?, ?, ?, ?, ?)",
            )
            .bind(row.id)
            .bind(played.ply as i64)
            .bind(id(user))
            .bind(&played.notation)
            .bind(row.game.position().to_string())
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    pub async fn challenge(&self, challenge: i64) -> Result<Option<ChallengeRow>, StoreError> {
        sqlx::query("SELECT * FROM challenges WHERE id = ? AND status = 'open'")
            .bind(challenge)
            .fetch_optional(&self.pool)
            .await?
            .map(challenge_row)
            .transpose()
    }

    /// Store a new challenge (its `id` is ignored) and return its id.
    pub async fn insert_challenge(
        &self,
        challenge: &ChallengeRow,
        now: i64,
    ) -> Result<i64, StoreError> {
        let (channel, challenger, opponent) = (
            challenge.channel,
            &challenge.challenger,
            &challenge.opponent,
        );
        let mut tx = self.pool.begin().await?;
        // A newer challenge replaces an unanswered one in the same channel.
        sqlx::query(
            "UPDATE challenges SET status = 'expired' \
             WHERE guild_id = ? AND channel_id = ? AND status = 'open'",
        )
        .bind(id(channel.guild))
        .bind(id(channel.channel))
        .execute(&mut *tx)
        .await?;
        let result = sqlx::query(
            "INSERT INTO challenges (guild_id, channel_id, challenger_id, challenger_name, \
             opponent_id, opponent_name, rules, colour, created_at, expires_at) \
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(id(channel.guild))
        .bind(id(channel.channel))
        .bind(id(challenger.id))
        .bind(&challenger.name)
        .bind(id(opponent.id))
        .bind(&opponent.name)
        .bind(json(&challenge.rules)?)
        .bind(challenge.colour.word())
        .bind(now)
        .bind(challenge.expires_at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(result.last_insert_rowid())
    }

    /// Close an open challenge as declined or expired; false if it was not open any more.
    pub async fn close_challenge(&self, challenge: i64, expired: bool) -> Result<bool, StoreError> {
        let status = if expired { "expired" } else { "declined" };
        let done = sqlx::query("UPDATE challenges SET status = ? WHERE id = ? AND status = 'open'")
            .bind(status)
            .bind(challenge)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Accept an open challenge: the game starts in the same transaction. `Conflict` if the
    /// challenge was answered meanwhile, `ChannelBusy` if the channel has an active game.
    pub async fn accept_challenge(
        &self,
        challenge: &ChallengeRow,
        players: [Player; 2],
        game: Game,
        now: i64,
    ) -> Result<GameRow, StoreError> {
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(
            "UPDATE challenges SET status = 'accepted' WHERE id = ? AND status = 'open'",
        )
        .bind(challenge.id)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Conflict);
        }
        let result = sqlx::query(
            "INSERT INTO games (guild_id, channel_id, white_id, white_name, black_id, \
             black_name, state, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(id(challenge.channel.guild))
        .bind(id(challenge.channel.channel))
        .bind(id(players[0].id))
        .bind(&players[0].name)
        .bind(id(players[1].id))
        .bind(&players[1].name)
        .bind(json(&game)?)
        .bind(now)
        .bind(now)
        .execute(&mut *tx)
        .await
        .map_err(busy_or)?;
        tx.commit().await?;
        Ok(GameRow {
            id: result.last_insert_rowid(),
            players,
            game,
            version: 0,
            draw_offer: None,
            status: Status::Active,
        })
    }

    /// Store a new proposal (its `id` is ignored) with the proposer's sealed estimate.
    pub async fn insert_proposal(
        &self,
        game_id: i64,
        proposal: &ProposalRow,
        now: i64,
    ) -> Result<i64, StoreError> {
        let result = sqlx::query(
            "INSERT INTO proposals (game_id, kind, name, notation, proposer, white_estimate, \
             black_estimate, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(game_id)
        .bind(proposal.kind.word())
        .bind(&proposal.name)
        .bind(&proposal.notation)
        .bind(proposal.proposer.word())
        .bind(proposal.estimates[0].map(|d| d.to_string()))
        .bind(proposal.estimates[1].map(|d| d.to_string()))
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(result.last_insert_rowid())
    }

    pub async fn open_proposals(&self, game_id: i64) -> Result<Vec<ProposalRow>, StoreError> {
        sqlx::query("SELECT * FROM proposals WHERE game_id = ? AND status = 'open' ORDER BY id")
            .bind(game_id)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(proposal_row)
            .collect()
    }

    /// Close a proposal with both estimates in: `agreed` is the price it got, or None when
    /// the game refused it (it is void). The game's new rules are saved in the same
    /// transaction, with the version check.
    pub async fn settle_proposal(
        &self,
        row: &GameRow,
        proposal: &ProposalRow,
        agreed: Option<rust_decimal::Decimal>,
        now: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        update_game(&mut tx, row, now).await?;
        let done = sqlx::query(
            "UPDATE proposals SET white_estimate = ?, black_estimate = ?, status = ?, \
             agreed = ? WHERE id = ? AND status = 'open'",
        )
        .bind(proposal.estimates[0].map(|d| d.to_string()))
        .bind(proposal.estimates[1].map(|d| d.to_string()))
        .bind(if agreed.is_some() { "agreed" } else { "void" })
        .bind(agreed.map(|d| d.to_string()))
        .bind(proposal.id)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Conflict);
        }
        tx.commit().await?;
        Ok(())
    }
}

/// The version-checked write every game change goes through.
async fn update_game(
    tx: &mut Transaction<'_, Sqlite>,
    row: &GameRow,
    now: i64,
) -> Result<(), StoreError> {
    let result = match row.status {
        Status::Active => None,
        Status::Finished => row.game.result().map(|o| o.score().to_string()),
        Status::Aborted => Some("aborted".to_string()),
    };
    let done = sqlx::query(
        "UPDATE games SET state = ?, version = version + 1, draw_offer = ?, status = ?, \
         result = ?, updated_at = ? WHERE id = ? AND version = ?",
    )
    .bind(json(&row.game)?)
    .bind(row.draw_offer.map(Word::word))
    .bind(row.status.word())
    .bind(result)
    .bind(now)
    .bind(row.id)
    .bind(row.version)
    .execute(&mut **tx)
    .await?;
    if done.rows_affected() != 1 {
        return Err(StoreError::Conflict);
    }
    Ok(())
}

//! Everything the bot keeps, in SQLite: one cheap-clone handle, one file per table.
//!
//! Every change to a game checks and bumps its version in one transaction, so of two
//! simultaneous commands exactly one applies; the messages a change owes its channel are
//! written to the outbox in that same transaction, so a committed change is always announced.

mod challenges;
mod games;
mod outbox;
mod proposals;
mod settings;

pub use challenges::{ChallengeRow, ChallengeStatus, ColourChoice};
pub use games::{GameRow, Status};
pub use outbox::{Owed, OwedRow};
pub use proposals::{ProposalKind, ProposalRow};
pub use settings::GuildSettings;

use engine::Color;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
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

/// A value stored as a word in a TEXT column.
pub trait Word: Sized {
    fn word(self) -> &'static str;
    fn from_word(word: &str) -> Result<Self, StoreError>;
}

macro_rules! words {
    ($type:ty, $what:literal, $($value:path => $word:literal),+) => {
        impl crate::store::Word for $type {
            fn word(self) -> &'static str {
                match self {
                    $($value => $word),+
                }
            }

            fn from_word(word: &str) -> Result<Self, crate::store::StoreError> {
                match word {
                    $($word => Ok($value),)+
                    other => Err(crate::store::StoreError::Corrupt(format!(concat!($what, " '{}'"), other))),
                }
            }
        }
    };
}
use words;

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

/// A Discord id as SQLite stores it (snowflakes fit in 63 bits).
fn id(v: u64) -> i64 {
    v as i64
}

fn json<T: serde::Serialize>(value: &T) -> Result<String, StoreError> {
    serde_json::to_string(value).map_err(|e| StoreError::Corrupt(e.to_string()))
}

fn unjson<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Corrupt(e.to_string()))
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

    /// The earliest moment anything stored falls due: a challenge's expiry or an owed
    /// message's next delivery.
    pub async fn next_due(&self) -> Result<Option<i64>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT MIN(due) FROM ( \
                 SELECT MIN(expires_at) AS due FROM challenges WHERE status = 'open' \
                 UNION ALL SELECT MIN(due_at) FROM outbox)",
        )
        .fetch_one(&self.pool)
        .await?)
    }
}

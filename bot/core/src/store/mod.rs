//! Everything the bot keeps, in SQLite or PostgreSQL: one cheap-clone handle, one file per
//! table.
//!
//! Both databases go through sqlx's `Any` driver with one set of portable SQL (numbered
//! parameters, `RETURNING`, `ON CONFLICT`), so every query is written once and tested on both;
//! only the schemas differ, in their types, one migration directory each.
//!
//! Every change to a game checks and bumps its version in one transaction, so of two
//! simultaneous commands exactly one applies; the messages a change owes its channel are
//! written to the outbox in that same transaction, so a committed change is always announced.

mod backup;
mod challenges;
mod copy;
mod ending;
mod games;
mod health;
mod outbox;
mod owner;
mod privacy;
mod proposals;
mod quotas;
mod ratings;
mod sessions;
mod settings;
mod tournaments;
mod url;
mod web;

pub use backup::{BackedUp, BackupError};
pub use challenges::{ChallengeRow, ChallengeStatus, ColourChoice};
#[cfg(test)]
pub use copy::TABLES;
pub use copy::{copy_database, CopyError};
pub use ending::{BoardEnd, BoardResult, Ended};
pub use games::{Computer, ComputerDue, End, GameRow, NewGame, Status};
pub use health::Outage;
pub use outbox::{Nonce, Owed, OwedRow};
pub use privacy::{anonymous_number, Forgotten};
pub use proposals::{ProposalKind, ProposalRow};
pub use quotas::{Counted, Quota};
pub use ratings::{RatingRow, ResultRow};
pub use sessions::{Session, SigninState};
pub use settings::GuildSettings;
pub use tournaments::{
    ByeRow, Entrant, Forfeit, NewBoard, TournamentFormat, TournamentRow, TournamentState,
};
pub use url::{redacted, DatabaseUrl, DatabaseUrlError};
pub use web::{Changed, Link, LinkKind, Token};

use crate::family::{Family, GameRules};
use crate::shards::Shards;
use engine::Color;
use sqlx::any::AnyArguments;
use sqlx::pool::PoolOptions;
use sqlx::query::Query;
use sqlx::{Any, AnyConnection, AnyPool, Connection, Executor, Row, Transaction};
use std::sync::Arc;

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

/// How a tournament stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentStatus {
    /// Taking sign-ups.
    Signup,
    Running,
    Finished,
    Cancelled,
}

words!(TournamentStatus, "tournament status", TournamentStatus::Signup => "signup", TournamentStatus::Running => "running", TournamentStatus::Finished => "finished", TournamentStatus::Cancelled => "cancelled");
words!(Family, "game family", Family::Csipgs => "csipgs", Family::Fide => "fide");

/// Rules as their family stores them (see `GameRules::stored`).
fn rules_text(rules: &GameRules) -> Result<String, StoreError> {
    rules
        .stored()
        .map_err(|e| StoreError::Corrupt(e.to_string()))
}

/// Rules stored by `rules_text`, read by the family in the row's `family` column.
fn rules_of(row: &sqlx::any::AnyRow) -> Result<GameRules, StoreError> {
    let family = Family::from_word(&row.try_get::<String, _>("family")?)?;
    let text: String = row.try_get("rules")?;
    GameRules::from_stored(family, &text)
        .map_err(|e| StoreError::Corrupt(format!("{family} rules: {e}")))
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("the game changed at the same moment")]
    Conflict,
    #[error("there is an active game in this channel already")]
    ChannelBusy,
    /// Adding one more would pass this quota; nothing was changed.
    #[error("the quota of {} ({:?}) is reached", .0.limit, .0.counted)]
    OverQuota(Quota),
    #[error("the database failed: {0}")]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Url(#[from] DatabaseUrlError),
    #[error("the database schema could not be applied: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("stored data is unreadable: {0}")]
    Corrupt(String),
    /// The file exists but is not a SQLite database (a text file, a picture...).
    #[error("{0} is not a SQLite database: give a new file name, or a database csipgs made")]
    NotSqlite(String),
    /// A database csipgs didn't make: it is left untouched.
    #[error("{database} is not a csipgs database ({why}), so csipgs leaves it untouched: give a new file name (csipgs makes it) or a database csipgs made")]
    Foreign {
        database: String,
        why: owner::Foreign,
    },
    /// The first connection failed: refused, unknown host, wrong password, no answer.
    #[error("can't reach the database: {0}")]
    Unreachable(String),
    /// The connection was lost as a change was committed: PostgreSQL may have committed it
    /// before its answer was lost, so whether it was made can't be told until it is read.
    #[error("the database was lost as a change was saved, which may or may not have been: {0}")]
    Unconfirmed(#[source] sqlx::Error),
}

/// Which database a store is kept in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    /// What changed in this process, so that web pages watching it hear at once (other
    /// processes' changes are polled).
    changes: Arc<web::Changes>,
    /// The key sealing the bot's button ids, made with the schema and read once.
    seal_key: Arc<str>,
}

/// A transaction on either database.
type Tx<'c> = Transaction<'c, Any>;

/// A query on either database.
type AnyQuery<'q> = Query<'q, Any, AnyArguments<'q>>;

/// With WAL, NORMAL loses nothing committed when the process dies; a writer waits up to
/// 10 s for another's lock rather than failing at once; deleted rows are overwritten with
/// zeros, so a forgotten member's bytes don't stay in free pages.
const SQLITE_PRAGMAS: &str = "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
     PRAGMA busy_timeout = 10000; PRAGMA foreign_keys = ON; PRAGMA secure_delete = ON;";

/// A Discord id as both databases store it (snowflakes fit in 63 bits).
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
    /// Connect (creating a SQLite file if needed) and apply the migrations.
    /// `NotSqlite`, `Foreign` (nothing written) or `Unreachable` within [`CONNECT_TIMEOUT`]
    /// when it can't be used.
    pub async fn open(url: &DatabaseUrl) -> Result<Store, StoreError> {
        if let DatabaseUrl::Sqlite(path) = url {
            owner::check_sqlite_file(path).await?;
        }
        let connect_url = url.connect_url()?;
        // One connection first: a pool retries a refused or misconfigured server until its
        // timeout and then says only that it timed out; this says why.
        sqlx::any::install_default_drivers();
        match tokio::time::timeout(CONNECT_TIMEOUT, AnyConnection::connect(&connect_url)).await {
            Err(_) => {
                return Err(StoreError::Unreachable(format!(
                    "no answer within {} seconds",
                    CONNECT_TIMEOUT.as_secs()
                )))
            }
            Ok(Err(e)) => return Err(StoreError::Unreachable(e.to_string())),
            Ok(Ok(connection)) => {
                let _ = connection.close().await;
            }
        }
        let (backend, connections) = match url {
            // WAL lets readers run beside the one writer: the pages' reads (a player's page,
            // the live hub) queued behind four connections under 200 games (the play bench:
            // p99 263 ms to the channel with 4, 152 ms with 8, worse again with 16).
            DatabaseUrl::Sqlite(_) => (Backend::Sqlite, 8),
            // Several processes share the server's connections: a few each is plenty, since a
            // command holds one for a transaction of milliseconds.
            DatabaseUrl::Postgres(_) => (Backend::Postgres, 8),
        };
        let pool = pool_options(backend)
            .max_connections(connections)
            .acquire_timeout(ACQUIRE_TIMEOUT)
            .connect(&connect_url)
            .await?;
        if backend == Backend::Postgres {
            if let Err(e) = owner::check_postgres(&pool, &url.to_string()).await {
                pool.close().await;
                return Err(e);
            }
        }
        Store::migrated(pool, backend).await
    }

    /// A private SQLite database in memory: the terminal game and tests.
    pub async fn memory() -> Result<Store, StoreError> {
        // One connection that never closes: each in-memory connection is its own database.
        let pool = pool_options(Backend::Sqlite)
            .max_connections(1)
            .min_connections(1)
            .idle_timeout(None)
            .max_lifetime(None)
            .connect("sqlite::memory:")
            .await?;
        Store::migrated(pool, Backend::Sqlite).await
    }

    async fn migrated(pool: AnyPool, backend: Backend) -> Result<Store, StoreError> {
        // Marked first, so a new file is csipgs's from its first write on.
        if backend == Backend::Sqlite {
            owner::mark(&pool).await?;
        }
        match backend {
            Backend::Sqlite => owner::migrator(backend).run(&pool).await?,
            Backend::Postgres => {
                // A migration may take long on a big database: on a connection of its own,
                // without the statement timeout, closed after.
                let mut connection = pool.acquire().await?.detach();
                connection.execute("SET statement_timeout = 0").await?;
                owner::migrator(backend).run(&mut connection).await?;
                let _ = connection.close().await;
            }
        }
        let seal_key: String = sqlx::query_scalar("SELECT key FROM seal_keys WHERE id = 1")
            .fetch_one(&pool)
            .await?;
        Ok(Store {
            pool,
            backend,
            changes: Arc::default(),
            seal_key: seal_key.into(),
        })
    }

    /// The key sealing the bot's button ids (the same in every process sharing the database).
    pub fn seal_key(&self) -> &str {
        &self.seal_key
    }

    /// Close every connection, first copying SQLite's write-ahead log into the file: when
    /// the pool's connections close at once each may see another still open, and then none
    /// folds the log in.
    pub async fn close(&self) {
        if self.backend == Backend::Sqlite {
            let _ = sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
                .execute(&self.pool)
                .await;
        }
        self.pool.close().await;
    }

    /// The earliest moment anything stored for the servers of `shards` falls due: a
    /// challenge's expiry or an owed message's next delivery.
    pub async fn next_due(&self, shards: &Shards) -> Result<Option<i64>, StoreError> {
        let sql = format!(
            "SELECT MIN(due) AS due FROM ( \
                 SELECT MIN(expires_at) AS due FROM challenges WHERE status = $1 AND {owned} \
                 UNION ALL SELECT MIN(due_at) AS due FROM outbox WHERE held_for IS NULL AND {owned} \
                 UNION ALL SELECT MIN(deadline_at) AS due FROM games \
                     WHERE status = $5 AND {owned} \
                 UNION ALL SELECT MIN(remind_at) AS due FROM games \
                     WHERE status = $5 AND {owned} \
                 UNION ALL SELECT MIN(due_at) AS due FROM tournaments WHERE {owned}) AS soonest",
            owned = owned_by(2),
        );
        let query = sqlx::query(&sql).bind(ChallengeStatus::Open.word());
        let query = bind_owned(query, shards).bind(Status::Active.word());
        let row = query.fetch_one(&self.pool).await?;
        Ok(row.try_get("due")?)
    }
}

/// How long a command waits for a connection: past it, a database that is out (a server
/// stopped or restarting) is reported as such while Discord still waits for the answer,
/// instead of after sqlx's default of 30 s.
const ACQUIRE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(2);

/// A statement of the bot's takes milliseconds: one still running after 5 s waits on a lock
/// or a sick server, and is cancelled so its command can say so (SQLite's bound is its busy
/// timeout). Migrations run without it (see `migrated`).
const POSTGRES_SETTINGS: &str = "SET statement_timeout = 5000";

/// How long opening a database may take before it is reported unreachable.
const CONNECT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

fn pool_options(backend: Backend) -> PoolOptions<Any> {
    sqlx::any::install_default_drivers();
    let options = PoolOptions::<Any>::new();
    match backend {
        Backend::Sqlite => options.after_connect(|connection, _| {
            Box::pin(async move {
                connection.execute(SQLITE_PRAGMAS).await?;
                Ok(())
            })
        }),
        Backend::Postgres => options.after_connect(|connection, _| {
            Box::pin(async move {
                connection.execute(POSTGRES_SETTINGS).await?;
                Ok(())
            })
        }),
    }
}

/// A condition true of rows whose `guild_id` is on the shards `bind_owned` binds as
/// parameters `$n` (the total), `$n+1` (first) and `$n+2` (last).
fn owned_by(n: usize) -> String {
    format!(
        "(guild_id >> 22) % ${} BETWEEN ${} AND ${}",
        n,
        n + 1,
        n + 2
    )
}

/// Bind the shard range for `owned_by`.
fn bind_owned<'q>(query: AnyQuery<'q>, shards: &Shards) -> AnyQuery<'q> {
    query
        .bind(i64::from(shards.total()))
        .bind(i64::from(shards.first()))
        .bind(i64::from(shards.last()))
}

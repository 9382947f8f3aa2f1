//! What the health check and the metrics read: whether the database answers, how its pool
//! is used, and the few counts an operator watches. Each is one cheap query.

use super::{bind_owned, owned_by, Status, Store, StoreError, Tx, Word};
use crate::family::Family;
use crate::shards::Shards;
use sqlx::Row;

/// The connection pool at one moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolUse {
    /// Connections open, idle or lent out.
    pub size: u32,
    /// Open connections nobody holds.
    pub idle: usize,
}

/// The messages owed to this process's servers and not held for a member.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backlog {
    pub owed: i64,
    /// When the oldest of them was first owed (seconds since 1970).
    pub oldest: Option<i64>,
}

impl Store {
    /// Whether the database answers a query at all.
    pub async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    pub fn pool_use(&self) -> PoolUse {
        PoolUse {
            size: self.pool.size(),
            idle: self.pool.num_idle(),
        }
    }

    /// Games in progress in this process's servers, by family; every family is listed.
    pub async fn games_in_progress(
        &self,
        shards: &Shards,
    ) -> Result<Vec<(Family, i64)>, StoreError> {
        let sql = format!(
            "SELECT family, COUNT(*) AS games FROM games WHERE status = $1 AND {} GROUP BY family",
            owned_by(2)
        );
        let query = bind_owned(sqlx::query(&sql).bind(Status::Active.word()), shards);
        let rows = query.fetch_all(&self.pool).await?;
        let mut counts: Vec<(Family, i64)> = Family::ALL.iter().map(|&f| (f, 0)).collect();
        for row in rows {
            let family = Family::from_word(&row.try_get::<String, _>("family")?)?;
            if let Some(count) = counts.iter_mut().find(|(f, _)| *f == family) {
                count.1 = row.try_get("games")?;
            }
        }
        Ok(counts)
    }

    /// The outbox's backlog for this process's servers.
    pub async fn backlog(&self, shards: &Shards) -> Result<Backlog, StoreError> {
        let sql = format!(
            "SELECT COUNT(*) AS owed, MIN(created_at) AS oldest FROM outbox \
             WHERE held_for IS NULL AND {}",
            owned_by(1)
        );
        let row = bind_owned(sqlx::query(&sql), shards)
            .fetch_one(&self.pool)
            .await?;
        Ok(Backlog {
            owed: row.try_get("owed")?,
            oldest: row.try_get("oldest")?,
        })
    }
}

/// Why the database can't serve a change for now: what a member is told, and `/healthz`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Outage {
    /// No connection: the server is stopped, restarting or out of reach.
    #[error("the bot can't reach its database")]
    Unreachable,
    /// Another writer held the database past the wait allowed.
    #[error("the bot's database is busy")]
    Busy,
    /// No room left on its disk.
    #[error("the bot's database is full")]
    Full,
}

/// SQLite's primary result codes (the low byte of an extended one).
const SQLITE_BUSY: i64 = 5;
const SQLITE_LOCKED: i64 = 6;
const SQLITE_FULL: i64 = 13;

/// Commit `tx`. A connection lost as it commits leaves the outcome unknown (the server may
/// have committed before its answer was lost): that is `Unconfirmed`, never "nothing changed".
pub(super) async fn commit(tx: Tx<'_>) -> Result<(), StoreError> {
    tx.commit().await.map_err(|error| match outage_of(&error) {
        Some(Outage::Unreachable) => StoreError::Unconfirmed(error),
        _ => StoreError::Database(error),
    })
}

impl StoreError {
    /// The outage behind a failure, if it is one (it passes by itself, or by the operator's
    /// hand), rather than a fault in the bot or its data.
    pub fn outage(&self) -> Option<Outage> {
        match self {
            StoreError::Database(error) => outage_of(error),
            StoreError::Unreachable(_) | StoreError::Unconfirmed(_) => Some(Outage::Unreachable),
            _ => None,
        }
    }
}

/// The outage a database error reports, if it is one.
fn outage_of(error: &sqlx::Error) -> Option<Outage> {
    match error {
        sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::Protocol(_)
        | sqlx::Error::WorkerCrashed => Some(Outage::Unreachable),
        sqlx::Error::Database(e) => {
            let code = e.code()?;
            match code.parse::<i64>() {
                // SQLite: a number, perhaps extended.
                Ok(code) => match code & 0xff {
                    SQLITE_BUSY | SQLITE_LOCKED => Some(Outage::Busy),
                    SQLITE_FULL => Some(Outage::Full),
                    _ => None,
                },
                // PostgreSQL: a SQLSTATE.
                Err(_) => postgres_outage(&code),
            }
        }
        _ => None,
    }
}

/// The outage a PostgreSQL SQLSTATE reports: a lost connection (class 08), a server shutting
/// down or starting (57P01-57P03), a full disk (53100), a lock or statement waited out
/// (55P03, 57014).
fn postgres_outage(state: &str) -> Option<Outage> {
    match state {
        "53100" => Some(Outage::Full),
        "55P03" | "57014" => Some(Outage::Busy),
        "57P01" | "57P02" | "57P03" => Some(Outage::Unreachable),
        _ if state.starts_with("08") => Some(Outage::Unreachable),
        _ => None,
    }
}

#[cfg(test)]
impl Store {
    /// Let the database grow by `pages` more pages at the most (None: no limit), as a full
    /// disk would: for a store of one connection (`memory`), where a pragma holds for all.
    pub(crate) async fn cap_pages(&self, pages: Option<i64>) {
        let now: i64 = sqlx::query_scalar("PRAGMA page_count")
            .fetch_one(&self.pool)
            .await
            .unwrap();
        let cap = pages.map_or(i64::from(u32::MAX - 1), |p| now + p);
        sqlx::query(&format!("PRAGMA max_page_count = {cap}"))
            .execute(&self.pool)
            .await
            .unwrap();
    }

    /// How many turns of a game are stored.
    pub(crate) async fn turns_stored(&self, game: i64) -> i64 {
        sqlx::query_scalar("SELECT COUNT(*) FROM turns WHERE game_id = $1")
            .bind(game)
            .fetch_one(&self.pool)
            .await
            .unwrap()
    }
}

//! What the health check and the metrics read: whether the database answers, how its pool
//! is used, and the few counts an operator watches. Each is one cheap query.

use super::{bind_owned, owned_by, Status, Store, StoreError, Word};
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

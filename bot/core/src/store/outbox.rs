//! The outbox: messages owed to Discord. A change writes what it owes in its own transaction;
//! whoever delivers one marks it done, and the scheduler retries the rest with backoff. A
//! delivery is claimed by moving its due time forward only if nobody else moved it, so two
//! schedulers (or processes) never send the same attempt twice.

use super::{bind_owned, id, json, owned_by, unjson, Store, StoreError, Tx};
use crate::shards::Shards;
use serde::de::DeserializeOwned;
use serde::Serialize;
use sha2::{Digest, Sha256};
use sqlx::any::AnyRow;
use sqlx::Row;

/// A message to owe, encoded for storage.
#[derive(Clone, Debug)]
pub struct Owed {
    guild: u64,
    target: String,
    message: String,
    due_at: i64,
}

impl Owed {
    /// `target` says where it goes, `message` what it says; the scheduler first tries it at
    /// `due_at` unless it is marked delivered before.
    pub fn new<T: Serialize, M: Serialize>(
        guild: u64,
        target: &T,
        message: &M,
        due_at: i64,
    ) -> Result<Owed, StoreError> {
        Ok(Owed {
            guild,
            target: json(target)?,
            message: json(message)?,
            due_at,
        })
    }

    /// When the scheduler first tries it.
    pub fn due_at(&self) -> i64 {
        self.due_at
    }
}

/// An owed message as stored.
#[derive(Clone, Debug)]
pub struct OwedRow {
    pub id: i64,
    guild: i64,
    target: String,
    message: String,
    pub attempts: i64,
    pub due_at: i64,
    pub created_at: i64,
}

impl OwedRow {
    /// Where it goes and what it says.
    pub fn decode<T: DeserializeOwned, M: DeserializeOwned>(&self) -> Result<(T, M), StoreError> {
        Ok((unjson(&self.target)?, unjson(&self.message)?))
    }

    /// The nonce every try of this message carries: from its server, where it goes and what
    /// it says (not when or how often it was tried), so a try after a retry, a crash or a
    /// step taken again is the same message to Discord.
    pub fn nonce(&self) -> Nonce {
        Nonce::of(&[
            &self.guild.to_be_bytes(),
            self.target.as_bytes(),
            self.message.as_bytes(),
        ])
    }
}

/// A message's nonce, sent with `enforce_nonce`: Discord answers a create that repeats a
/// nonce in the same channel within minutes with the first message instead of posting again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nonce(String);

impl Nonce {
    /// Hex digits kept of the hash: Discord takes 25 characters at most.
    const LEN: usize = 24;

    /// The nonce of these parts, each length-prefixed so no two lists of parts meet.
    fn of(parts: &[&[u8]]) -> Nonce {
        let mut hash = Sha256::new();
        for part in parts {
            hash.update((part.len() as u64).to_be_bytes());
            hash.update(part);
        }
        let digest = hash.finalize();
        let mut text: String = digest.iter().map(|b| format!("{b:02x}")).collect();
        text.truncate(Nonce::LEN);
        Nonce(text)
    }

    /// The nonce of the `n`th further message a long text is split into.
    pub fn part(&self, n: usize) -> Nonce {
        Nonce::of(&[self.0.as_bytes(), &(n as u64).to_be_bytes()])
    }

    /// As Discord is sent it.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

fn owed_row(row: AnyRow) -> Result<OwedRow, StoreError> {
    Ok(OwedRow {
        id: row.try_get("id")?,
        guild: row.try_get("guild_id")?,
        target: row.try_get("target")?,
        message: row.try_get("message")?,
        attempts: row.try_get("attempts")?,
        due_at: row.try_get("due_at")?,
        created_at: row.try_get("created_at")?,
    })
}

/// Owe messages as part of a larger change; returns their ids in order.
pub(super) async fn owe_in(
    tx: &mut Tx<'_>,
    owed: &[Owed],
    now: i64,
) -> Result<Vec<i64>, StoreError> {
    let mut ids = Vec::with_capacity(owed.len());
    for o in owed {
        let row = sqlx::query(
            "INSERT INTO outbox (guild_id, target, message, due_at, created_at) \
             VALUES ($1, $2, $3, $4, $5) RETURNING id",
        )
        .bind(id(o.guild))
        .bind(&o.target)
        .bind(&o.message)
        .bind(o.due_at)
        .bind(now)
        .fetch_one(&mut **tx)
        .await?;
        ids.push(row.try_get("id")?);
    }
    Ok(ids)
}

impl Store {
    /// Owed messages for the servers of `shards` due by `now`, oldest first.
    pub async fn due_owed(
        &self,
        now: i64,
        limit: i64,
        shards: &Shards,
    ) -> Result<Vec<OwedRow>, StoreError> {
        let sql = format!(
            "SELECT id, guild_id, target, message, attempts, due_at, created_at FROM outbox \
             WHERE due_at <= $1 AND held_for IS NULL AND {} ORDER BY due_at, id LIMIT $2",
            owned_by(3)
        );
        let query = sqlx::query(&sql).bind(now).bind(limit);
        bind_owned(query, shards)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(owed_row)
            .collect()
    }

    /// An owed message by its id, unless it was delivered (or is held for a member).
    pub async fn owed(&self, owed: i64) -> Result<Option<OwedRow>, StoreError> {
        sqlx::query(
            "SELECT id, guild_id, target, message, attempts, due_at, created_at FROM outbox \
             WHERE id = $1 AND held_for IS NULL",
        )
        .bind(owed)
        .fetch_optional(&self.pool)
        .await?
        .map(owed_row)
        .transpose()
    }

    /// Claim one delivery attempt: the next one falls due at `retry_at` (None: never, the
    /// message is given up and forgotten). False if someone else claimed or delivered it
    /// meanwhile.
    pub async fn claim_owed(
        &self,
        row: &OwedRow,
        retry_at: Option<i64>,
    ) -> Result<bool, StoreError> {
        let done = match retry_at {
            Some(retry_at) => {
                sqlx::query(
                    "UPDATE outbox SET attempts = attempts + 1, due_at = $1 \
                     WHERE id = $2 AND due_at = $3",
                )
                .bind(retry_at)
                .bind(row.id)
                .bind(row.due_at)
                .execute(&self.pool)
                .await?
            }
            None => {
                sqlx::query("DELETE FROM outbox WHERE id = $1 AND due_at = $2")
                    .bind(row.id)
                    .bind(row.due_at)
                    .execute(&self.pool)
                    .await?
            }
        };
        Ok(done.rows_affected() == 1)
    }

    /// The message reached Discord (or never can): it is owed no more, and forgotten.
    pub async fn delivered(&self, owed: i64) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM outbox WHERE id = $1")
            .bind(owed)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Many messages delivered: one statement forgets them all.
    pub async fn delivered_all(&self, owed: &[i64]) -> Result<(), StoreError> {
        for chunk in owed.chunks(500) {
            let marks: Vec<String> = (1..=chunk.len()).map(|i| format!("${i}")).collect();
            let marks = marks.join(", ");
            let sql = format!("DELETE FROM outbox WHERE id IN ({marks})");
            let mut query = sqlx::query(&sql);
            for id in chunk {
                query = query.bind(id);
            }
            query.execute(&self.pool).await?;
        }
        Ok(())
    }

    /// Delivering it the quick way failed: let the scheduler try at once.
    pub async fn retry_owed_now(&self, owed: i64, now: i64) -> Result<(), StoreError> {
        sqlx::query("UPDATE outbox SET due_at = $1 WHERE id = $2")
            .bind(now)
            .bind(owed)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// A direct message the member takes none of: keep it for their next command instead.
    pub async fn hold_owed(&self, owed: i64, user: u64) -> Result<(), StoreError> {
        sqlx::query("UPDATE outbox SET held_for = $1 WHERE id = $2")
            .bind(id(user))
            .bind(owed)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Claim the messages held for a member, to hand over with the answer to their command:
    /// each is claimed by one command only, and falls due again at `due_at` (by DM, and
    /// held once more if that still fails) unless its delivery is marked before.
    pub async fn take_held(&self, user: u64, due_at: i64) -> Result<Vec<OwedRow>, StoreError> {
        let held = sqlx::query(
            "SELECT id, guild_id, target, message, attempts, due_at, created_at FROM outbox \
             WHERE held_for = $1 ORDER BY id",
        )
        .bind(id(user))
        .fetch_all(&self.pool)
        .await?;
        let mut taken = Vec::with_capacity(held.len());
        for row in held {
            let row = owed_row(row)?;
            let claimed = sqlx::query(
                "UPDATE outbox SET held_for = NULL, due_at = $1 WHERE id = $2 AND held_for = $3",
            )
            .bind(due_at)
            .bind(row.id)
            .bind(id(user))
            .execute(&self.pool)
            .await?;
            if claimed.rows_affected() == 1 {
                taken.push(OwedRow { due_at, ..row });
            }
        }
        Ok(taken)
    }

    /// How many messages are still owed.
    pub async fn owed_count(&self) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM outbox")
            .fetch_one(&self.pool)
            .await?)
    }
}

//! Everything that happens later, driven by what the database says is due: challenges
//! expire, clocks run out, tournaments take their next step, owed messages are delivered
//! (with backoff). One task sleeps until the earliest
//! due moment and is woken when something sooner arrives; every piece of work is claimed
//! with a conditional update, so it is done once however many schedulers run.

use super::owe::PAID_EVERY;
use super::{Core, CoreError, Reply, Target};
use crate::store::{ChallengeRow, ChallengeStatus, OwedRow, StoreError};
use std::collections::HashSet;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tokio::sync::watch;

/// Why a delivery failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Undelivered {
    /// Worth trying again later: a server error, a rate limit, a timeout.
    #[error("{0}")]
    Retry(String),
    /// Never deliverable: the channel or message is gone.
    #[error("{0}")]
    Gone(String),
    /// A direct message to a member who takes none from the bot.
    #[error("{0}")]
    NoDms(String),
}

/// The longest wait between two tries of one message, in seconds.
const MAX_BACKOFF: i64 = 300;
/// An owed message still undelivered after this many seconds is given up.
const GIVE_UP_AFTER: i64 = 24 * 3600;
/// How many owed messages one pass delivers before looking at the clock again.
const BATCH: i64 = 50;

fn backoff(attempts: i64) -> i64 {
    1i64.checked_shl(attempts.clamp(0, 16) as u32)
        .unwrap_or(MAX_BACKOFF)
        .min(MAX_BACKOFF)
}

impl Core {
    /// Run until `stop` turns true: do what is due, sleep until the next due moment. While it
    /// runs, delivery marks are written in batches, every `PAID_EVERY` even while a pass
    /// runs: a mark held in memory through a long pass is lost if the process is killed,
    /// and its message posted again by the next one.
    pub async fn run_scheduler(&self, stop: watch::Receiver<bool>) {
        self.paid.batching.store(true, Ordering::SeqCst);
        tokio::join!(self.run_passes(stop.clone()), self.write_marks(stop));
        self.write_paid().await;
        self.paid.batching.store(false, Ordering::SeqCst);
    }

    /// Write the batched delivery marks every `PAID_EVERY` until `stop`.
    async fn write_marks(&self, mut stop: watch::Receiver<bool>) {
        let mut marks = tokio::time::interval(PAID_EVERY);
        while !*stop.borrow() {
            tokio::select! {
                _ = marks.tick() => self.write_paid().await,
                changed = stop.changed() => {
                    if changed.is_err() {
                        return;
                    }
                }
            }
        }
    }

    /// The scheduler's passes, until `stop`.
    async fn run_passes(&self, mut stop: watch::Receiver<bool>) {
        loop {
            if *stop.borrow() {
                return;
            }
            if let Err(e) = self.run_due(self.now()).await {
                tracing::error!(error = %e, "scheduled work failed; trying again shortly");
            }
            let wait = match self.store.next_due(&self.shards).await {
                Ok(Some(due)) => (due - self.now()).clamp(0, 60),
                Ok(None) => 60,
                Err(_) => 5,
            };
            tokio::select! {
                _ = tokio::time::sleep(Duration::from_secs(wait as u64)) => {}
                _ = self.wake.notified() => {}
                _ = stop.changed() => {}
            }
        }
    }

    /// Do everything due by `now`: expire challenges, end games lost on time, remind players,
    /// move tournaments on, then deliver owed messages. Returns how many messages were delivered.
    pub async fn run_due(&self, now: i64) -> Result<usize, CoreError> {
        for challenge in self.store.expired_challenges(now, &self.shards).await? {
            self.expire(&challenge).await?;
        }
        self.settle_overdue(now).await?;
        self.send_reminders(now).await?;
        self.run_tournaments(now).await?;
        Ok(self.deliver_due(now).await?)
    }

    /// Deliver the owed messages due by `now`; returns how many were delivered.
    async fn deliver_due(&self, now: i64) -> Result<usize, StoreError> {
        let mut delivered = 0;
        loop {
            let due = self.store.due_owed(now, BATCH, &self.shards).await?;
            if due.is_empty() {
                return Ok(delivered);
            }
            for row in &due {
                delivered += usize::from(self.deliver_owed(row).await?);
            }
            if (due.len() as i64) < BATCH {
                return Ok(delivered);
            }
        }
    }

    /// Deliver everything still owed to this process's servers, due or not, within `limit`:
    /// the last thing a stopping bot does. False if some was left.
    pub async fn flush(&self, limit: Duration) -> bool {
        // The scheduler may have been stopped mid-pass, still batching: from here on every
        // delivery is marked at once, or the loop below would post it again.
        self.paid.batching.store(false, Ordering::SeqCst);
        self.write_paid().await;
        let flush = async {
            // Each message is tried once: one that fails now waits for the restart.
            let mut tried = HashSet::new();
            loop {
                // Only messages: challenges and clocks keep their own times.
                let Ok(due) = self.store.due_owed(i64::MAX, BATCH, &self.shards).await else {
                    return;
                };
                let fresh: Vec<&OwedRow> = due.iter().filter(|r| tried.insert(r.id)).collect();
                if fresh.is_empty() {
                    return;
                }
                for row in fresh {
                    if self.deliver_owed(row).await.is_err() {
                        return;
                    }
                }
            }
        };
        let _ = tokio::time::timeout(limit, flush).await;
        matches!(self.store.due_owed(i64::MAX, 1, &self.shards).await, Ok(left) if left.is_empty())
    }

    /// Claim one try of an owed message and make it; true if it was delivered.
    async fn deliver_owed(&self, row: &OwedRow) -> Result<bool, StoreError> {
        let now = self.now();
        let retry_at = (now - row.created_at < GIVE_UP_AFTER).then(|| now + backoff(row.attempts));
        if !self.store.claim_owed(row, retry_at).await? {
            return Ok(false);
        }
        let Some(retry_at) = retry_at else {
            tracing::error!(
                owed = row.id,
                "gave up delivering a message after a day of tries"
            );
            return Ok(false);
        };
        let (target, reply): (Target, Reply) = row.decode()?;
        // Who a message waits for when they take no DMs.
        let holder = match target {
            Target::Direct { user } if reply.held_if_no_dms => Some(user),
            _ => None,
        };
        match (
            self.platform
                .deliver(target, reply.clone(), row.nonce())
                .await,
            holder,
        ) {
            (Ok(posted), _) => {
                self.anchor(&reply, posted).await;
                // Marked before the next message is tried, never batched: a delivery known
                // only in memory is posted again by the next process if this one is killed.
                if let Err(e) = self.store.delivered(row.id).await {
                    tracing::warn!(error = %e, owed = row.id, "can't mark a message delivered; its nonce keeps a second try from posting it twice");
                }
                Ok(true)
            }
            (Err(Undelivered::NoDms(_)), Some(user)) => {
                self.store.hold_owed(row.id, user).await?;
                Ok(false)
            }
            (Err(Undelivered::Gone(why) | Undelivered::NoDms(why)), _) => {
                tracing::warn!(
                    owed = row.id,
                    why,
                    "the message can't be delivered; dropping it"
                );
                self.store.delivered(row.id).await?;
                Ok(false)
            }
            (Err(Undelivered::Retry(why)), _) => {
                tracing::warn!(owed = row.id, why, retry_at, "delivery failed; will retry");
                Ok(false)
            }
        }
    }

    /// Close a challenge whose time is up and owe the news, replacing its message (and its
    /// buttons) where that is known.
    async fn expire(&self, challenge: &ChallengeRow) -> Result<(), CoreError> {
        let target = super::present::message_of(challenge);
        let mut notice = vec![super::present::expired(challenge.challenger.id).to(target)];
        let now = self.now();
        let guild = challenge.channel.guild;
        self.write_owed(guild, target, &mut notice, |owed| async move {
            let expired = ChallengeStatus::Expired;
            let closed = self
                .store
                .close_challenge(challenge.id, expired, &owed, now);
            // Answered meanwhile: nothing is owed.
            Ok::<_, StoreError>(closed.await?.unwrap_or_default())
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::backoff;

    #[test]
    fn backoff_doubles_up_to_five_minutes() {
        assert_eq!(
            (0..10).map(backoff).collect::<Vec<_>>(),
            [1, 2, 4, 8, 16, 32, 64, 128, 256, 300]
        );
        assert_eq!(backoff(1000), 300);
    }
}

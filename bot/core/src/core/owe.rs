//! Announcements are owed: a change writes the public messages it makes into the outbox in
//! its own transaction. The adapter that answers the command marks them delivered; what it
//! could not deliver (or what goes elsewhere, such as a thread or a DM) the scheduler sends.

use super::{text, Anchor, Core, CoreError, Posted, Reply, Target, Undelivered, Who};
use crate::store::{Owed, StoreError};
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// Delivery marks waiting to be written, while the scheduler batches them.
#[derive(Default)]
pub(super) struct Paid {
    pub(super) batching: AtomicBool,
    ids: Mutex<Vec<i64>>,
}

/// What a write of owed messages returns: their ids, alone or after what else it wrote.
pub(super) trait Written {
    type Rest;
    fn split(self) -> (Self::Rest, Vec<i64>);
}

impl Written for Vec<i64> {
    type Rest = ();
    fn split(self) -> ((), Vec<i64>) {
        ((), self)
    }
}

impl<T> Written for (T, Vec<i64>) {
    type Rest = T;
    fn split(self) -> (T, Vec<i64>) {
        self
    }
}

/// Replies being made inside a write (see `Core::write_owing`).
pub(super) struct Owing<'a> {
    core: &'a Core,
    guild: u64,
    default: Target,
    replies: Vec<Reply>,
}

impl Owing<'_> {
    /// Keep the replies, and give their owed messages to the write.
    pub(super) fn owe(&mut self, replies: Vec<Reply>) -> Result<Vec<Owed>, StoreError> {
        let owed = self
            .core
            .owed_messages(self.guild, self.default, &replies)?;
        self.replies = replies;
        Ok(owed)
    }
}

/// How often batched delivery marks are written.
pub(super) const PAID_EVERY: std::time::Duration = std::time::Duration::from_millis(250);

/// Seconds the answer to an interaction has to reach Discord before the scheduler sends it
/// itself: longer than the adapter's own tries take.
pub(super) const ANSWER_GRACE: i64 = 30;

impl Core {
    /// What a change owes: each public reply, to `default` (the command's channel, or the
    /// message a button press replaces) unless the reply goes elsewhere.
    fn owed_messages(
        &self,
        guild: u64,
        default: Target,
        replies: &[Reply],
    ) -> Result<Vec<Owed>, StoreError> {
        let now = self.now();
        replies
            .iter()
            .filter(|r| !r.ephemeral)
            .map(|r| {
                let (target, due) = match r.elsewhere {
                    Some(target) => (target, now),
                    None => (default, now + ANSWER_GRACE),
                };
                Owed::new(guild, &target, &text::clean(r.clone()), due)
            })
            .collect()
    }

    /// Write a change with the public replies that announce it: `write` stores the change
    /// and the owed messages (see `owed_messages`) in one transaction and returns their ids,
    /// alone or after what else it wrote, which the replies then carry (see `tie_owed`). A
    /// change that lost the race to another command is `CoreError::Conflict`.
    pub(super) async fn write_owed<W: Written, E, F>(
        &self,
        guild: u64,
        default: Target,
        replies: &mut [Reply],
        write: impl FnOnce(Vec<Owed>) -> F,
    ) -> Result<W::Rest, CoreError>
    where
        F: Future<Output = Result<W, E>>,
        CoreError: From<E>,
    {
        let owed = self.owed_messages(guild, default, replies)?;
        let (rest, ids) = write(owed).await?.split();
        self.tie_owed(replies, ids);
        Ok(rest)
    }

    /// `write_owed` for replies that can only be made inside the write, from what it read
    /// (a new row's id, the rows it replaced): `write` hands them to `Owing::owe`, which
    /// gives it their owed messages for the same transaction.
    pub(super) async fn write_owing<W: Written, E>(
        &self,
        guild: u64,
        default: Target,
        write: impl AsyncFnOnce(&mut Owing<'_>) -> Result<W, E>,
    ) -> Result<(W::Rest, Vec<Reply>), CoreError>
    where
        CoreError: From<E>,
    {
        let mut owing = Owing {
            core: self,
            guild,
            default,
            replies: Vec::new(),
        };
        let (rest, ids) = write(&mut owing).await?.split();
        let mut replies = owing.replies;
        self.tie_owed(&mut replies, ids);
        Ok((rest, replies))
    }

    /// Tie the public replies to the ids their owed messages got, in order, and wake the
    /// scheduler for those it sends itself.
    fn tie_owed(&self, replies: &mut [Reply], ids: Vec<i64>) {
        let public = replies.iter_mut().filter(|r| !r.ephemeral);
        for (reply, id) in public.zip(ids) {
            reply.owed = Some(id);
        }
        if replies.iter().any(|r| r.elsewhere.is_some()) {
            self.wake.notify_one();
        }
    }

    /// A reply reached its channel: the owed message is paid, and an anchored one remembers
    /// where it landed.
    pub async fn delivered(&self, reply: &Reply, posted: Option<Posted>) {
        self.anchor(reply, posted).await;
        let Some(owed) = reply.owed else { return };
        // With a scheduler running, marks are written in batches: one write per turn is what
        // SQLite's single writer can afford under load (the answer grace is far longer).
        if self.paid.batching.load(Ordering::SeqCst) {
            self.paid
                .ids
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(owed);
            return;
        }
        if let Err(e) = self.store.delivered(owed).await {
            tracing::warn!(error = %e, owed, "can't mark a message delivered; it may be sent twice");
        }
    }

    /// An anchored reply remembers where it landed.
    pub(super) async fn anchor(&self, reply: &Reply, posted: Option<Posted>) {
        if let (Some(Anchor::Challenge(challenge)), Some(at)) = (reply.anchor, posted) {
            if let Err(e) = self
                .store
                .set_challenge_message(challenge, at.channel, at.message)
                .await
            {
                tracing::warn!(error = %e, "can't remember where the challenge was posted");
            }
        }
    }

    /// Write the batched delivery marks.
    pub(super) async fn write_paid(&self) {
        let ids = std::mem::take(&mut *self.paid.ids.lock().unwrap_or_else(|e| e.into_inner()));
        if ids.is_empty() {
            return;
        }
        if let Err(e) = self.store.delivered_all(&ids).await {
            tracing::warn!(error = %e, "can't mark messages delivered; trying again shortly");
            self.paid
                .ids
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .extend(ids);
        }
    }

    /// A reply no adapter posts (the answer to a turn sent from a web page): delivered now,
    /// by the request's own task, as an adapter delivers its answers: with the message's
    /// nonce (so a later try by the scheduler can't post it twice), marked delivered as they
    /// are, and left to the scheduler only when it can't be delivered now. The scheduler
    /// leaves it alone meanwhile: a new message falls due only after the answer grace.
    pub async fn deliver_now(&self, reply: &Reply) {
        let Some(owed) = reply.owed else { return };
        let row = match self.store.owed(owed).await {
            // Delivered already, or held for its member.
            Ok(None) => return,
            Ok(Some(row)) => row,
            Err(e) => {
                tracing::warn!(error = %e, owed, "can't read a message to deliver; the scheduler will");
                return self.undelivered(reply).await;
            }
        };
        let decoded = row.decode::<Target, Reply>();
        let delivered = match decoded {
            Ok((target, stored)) => self.platform.deliver(target, stored, row.nonce()).await,
            Err(e) => Err(Undelivered::Retry(e.to_string())),
        };
        match delivered {
            Ok(posted) => self.delivered(reply, posted).await,
            Err(_) => self.undelivered(reply).await,
        }
    }

    /// The adapter could not deliver a reply: the scheduler tries now, then with backoff.
    pub async fn undelivered(&self, reply: &Reply) {
        if let Some(owed) = reply.owed {
            match self.store.retry_owed_now(owed, self.now()).await {
                Ok(()) => self.wake.notify_one(),
                Err(e) => tracing::error!(error = %e, owed, "can't reschedule an owed message"),
            }
        }
    }
}

impl Core {
    /// The messages held for a member who takes no DMs, handed over privately with the
    /// answer to their command. They stay owed until the adapter marks them delivered: one
    /// that doesn't reach the member goes by DM again, and is held again if it must.
    pub(super) async fn held_messages(&self, who: &Who) -> Vec<Reply> {
        let taken = match self
            .store
            .take_held(who.id, self.now() + ANSWER_GRACE)
            .await
        {
            Ok(taken) => taken,
            Err(e) => {
                tracing::warn!(error = %e, "can't look for messages held for a member");
                return Vec::new();
            }
        };
        taken
            .into_iter()
            .filter_map(|row| match row.decode::<Target, Reply>() {
                Ok((_, reply)) => Some(Reply {
                    ephemeral: true,
                    owed: Some(row.id),
                    ..reply
                }),
                Err(e) => {
                    tracing::error!(error = %e, owed = row.id, "a held message is unreadable");
                    None
                }
            })
            .collect()
    }
}

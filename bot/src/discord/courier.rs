//! The core's platform on Discord: threads for new games, and delivery of what the outbox
//! owes (channel messages, edits of the bot's own messages, direct messages, and the
//! archiving of a finished game's thread).

use super::message::{once, Outgoing};
use crate::core::{BoxFuture, Platform, Posted, Reply, Target, Undelivered};
use crate::picture::Painters;
use crate::store::{Channel, Nonce};
use poise::serenity_prelude as serenity;
use std::sync::{Arc, OnceLock};

/// Discord's JSON error codes that mean a message can never be delivered.
const UNKNOWN_CHANNEL: isize = 10003;
const UNKNOWN_MESSAGE: isize = 10008;
const UNKNOWN_USER: isize = 10013;
const MISSING_ACCESS: isize = 50001;
const CANNOT_DM: isize = 50007;
/// A post in an archived thread that is also locked (an unlocked one reopens by itself).
const THREAD_ARCHIVED: isize = 50083;

/// The Discord client's HTTP side, known once the client is built, and the picture pool the
/// messages it delivers are drawn on.
pub struct Courier {
    http: OnceLock<Arc<serenity::Http>>,
    painters: Painters,
}

impl Courier {
    pub fn new(painters: Painters) -> Courier {
        Courier {
            http: OnceLock::new(),
            painters,
        }
    }

    pub fn connect(&self, http: Arc<serenity::Http>) {
        let _ = self.http.set(http);
    }

    fn http(&self) -> Result<&serenity::Http, Undelivered> {
        self.http
            .get()
            .map(|h| h.as_ref())
            .ok_or_else(|| Undelivered::Retry("not connected to Discord yet".to_string()))
    }

    async fn send(
        &self,
        target: Target,
        reply: Reply,
        nonce: Nonce,
    ) -> Result<Option<Posted>, Undelivered> {
        let http = self.http()?;
        let out = Outgoing::prepare(reply, &self.painters).await;
        let channel = match target {
            Target::Archive { thread } => return archive(http, thread).await.map(|()| None),
            Target::Channel { channel } => serenity::ChannelId::new(channel),
            Target::Edit { channel, message } => {
                let channel = serenity::ChannelId::new(channel);
                let message = channel
                    .edit_message(http, serenity::MessageId::new(message), out.edit_message())
                    .await
                    .map_err(undelivered)?;
                self.overflow(http, channel, &out, &nonce).await;
                return Ok(Some(posted(&message)));
            }
            Target::Direct { user } => {
                serenity::UserId::new(user)
                    .create_dm_channel(http)
                    .await
                    .map_err(undelivered)?
                    .id
            }
        };
        let message = match channel.send_message(http, out.message(&nonce)).await {
            Err(e) if code(&e) == Some(THREAD_ARCHIVED) => {
                // Discord archived and locked the game's thread: reopen it and post once more.
                let reopen = serenity::EditThread::new().archived(false);
                channel
                    .edit_thread(http, reopen)
                    .await
                    .map_err(undelivered)?;
                channel.send_message(http, out.message(&nonce)).await
            }
            sent => sent,
        }
        .map_err(undelivered)?;
        self.overflow(http, channel, &out, &nonce).await;
        Ok(Some(posted(&message)))
    }

    /// The parts of a long text that did not fit the first message.
    async fn overflow(
        &self,
        http: &serenity::Http,
        channel: serenity::ChannelId,
        out: &Outgoing,
        nonce: &Nonce,
    ) {
        for (n, more) in out.overflow().enumerate() {
            let part = once(serenity::CreateMessage::new(), &nonce.part(n + 1))
                .content(more)
                .allowed_mentions(out.mentions());
            if let Err(e) = channel.send_message(http, part).await {
                tracing::warn!(error = %e, "can't send the rest of a long message");
            }
        }
    }
}

impl Platform for Courier {
    fn has_threads(&self) -> bool {
        true
    }

    fn open_thread(
        &self,
        parent: Channel,
        name: String,
    ) -> BoxFuture<'_, Result<Option<u64>, String>> {
        Box::pin(async move {
            let http = self.http().map_err(|e| e.to_string())?;
            let thread = serenity::CreateThread::new(thread_name(name))
                .kind(serenity::ChannelType::PublicThread)
                .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
            serenity::ChannelId::new(parent.channel)
                .create_thread(http, thread)
                .await
                .map(|t| Some(t.id.get()))
                .map_err(|e| e.to_string())
        })
    }

    fn deliver(
        &self,
        target: Target,
        reply: Reply,
        nonce: Nonce,
    ) -> BoxFuture<'_, Result<Option<Posted>, Undelivered>> {
        Box::pin(self.send(target, reply, nonce))
    }
}

/// Archive a finished game's thread now, and again an hour after anyone reopens it by
/// posting there.
async fn archive(http: &serenity::Http, thread: u64) -> Result<(), Undelivered> {
    let archive = serenity::EditThread::new()
        .archived(true)
        .auto_archive_duration(serenity::AutoArchiveDuration::OneHour);
    serenity::ChannelId::new(thread)
        .edit_thread(http, archive)
        .await
        .map(drop)
        .map_err(undelivered)
}

fn posted(message: &serenity::Message) -> Posted {
    Posted {
        channel: message.channel_id.get(),
        message: message.id.get(),
    }
}

/// Whether a failed request is worth trying again: not when Discord said the channel,
/// message or member is gone or out of reach, or refused the message itself.
pub fn transient(error: &serenity::Error) -> bool {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
            let status = response.status_code.as_u16();
            status == 429 || status >= 500
        }
        _ => true,
    }
}

/// Discord's JSON error code of a refused request.
fn code(error: &serenity::Error) -> Option<isize> {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
            Some(response.error.code)
        }
        _ => None,
    }
}

fn undelivered(error: serenity::Error) -> Undelivered {
    if code(&error) == Some(CANNOT_DM) {
        return Undelivered::NoDms(error.to_string());
    }
    let gone = match &error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
            matches!(
                response.error.code,
                UNKNOWN_CHANNEL | UNKNOWN_MESSAGE | UNKNOWN_USER | MISSING_ACCESS
            ) || matches!(response.status_code.as_u16(), 403 | 404)
        }
        _ => false,
    };
    match gone || !transient(&error) {
        true => Undelivered::Gone(error.to_string()),
        false => Undelivered::Retry(error.to_string()),
    }
}
/// A thread's name as Discord takes it: clipped to its limit with an ellipsis.
fn thread_name(name: String) -> String {
    if name.chars().count() <= THREAD_NAME_MAX {
        return name;
    }
    name.chars()
        .take(THREAD_NAME_MAX - 1)
        .chain(['…'])
        .collect()
}

/// Discord's limit on a thread's name.
const THREAD_NAME_MAX: usize = 100;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_thread_name_is_clipped_to_discords_limit() {
        assert_eq!(thread_name("alice vs bob".to_string()), "alice vs bob");
        let long = thread_name(format!("{} vs bob", "a".repeat(120)));
        assert_eq!(long.chars().count(), THREAD_NAME_MAX);
        assert!(long.ends_with('…'), "{long}");
    }
}

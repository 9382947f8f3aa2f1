//! Answering an interaction within Discord's three seconds, whatever the core takes: the
//! command runs on its own task; if its answer is not ready within `ACK_BUDGET` the
//! interaction is deferred and the answer edited in when it is. The first answer (the
//! callback) has until `CALLBACK_DEADLINE` after the interaction was received: a callback
//! Discord stalls on is given up inside its window, not after it. An answer that can't be
//! delivered is handed back to the core's outbox at once, which posts it in the channel.

use super::message::Outgoing;
use crate::core::{command_span, millis_now, Core, Place, Posted, Reply, Request, Who, RESTARTING};
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;
use tracing::Instrument;

/// How long the command may take before the interaction is deferred: Discord wants the
/// first answer within 3 s, and the answer itself needs time on the wire.
const ACK_BUDGET: Duration = Duration::from_millis(1500);
/// How long after the interaction was received its callback may still be sent: inside
/// Discord's 3 s, with room for the answer to travel. Past it the callback is useless, so
/// the fallback (the outbox) takes over at once.
const CALLBACK_DEADLINE: Duration = Duration::from_millis(2500);
/// How long an interaction may have waited before reaching `answer` (by Discord's stamp on
/// it) that is counted against its deadline: a clock that differs from Discord's by more
/// must not eat the whole window.
const QUEUED_MAX: Duration = Duration::from_millis(1000);
/// How long one request answering an interaction may take.
const REQUEST_LIMIT: Duration = Duration::from_secs(5);
/// Tries of an edit or follow-up before the outbox takes over.
const TRIES: u32 = 3;

/// The interaction being answered: a slash command (or context menu), a button press or
/// menu pick, or a submitted form.
#[derive(Clone, Copy)]
pub enum Asked<'a> {
    Command(&'a serenity::CommandInteraction),
    Button(&'a serenity::ComponentInteraction),
    Form(&'a serenity::ModalInteraction),
}

impl Asked<'_> {
    async fn respond(
        self,
        http: &serenity::Http,
        response: serenity::CreateInteractionResponse,
    ) -> serenity::Result<()> {
        match self {
            Asked::Command(i) => i.create_response(http, response).await,
            Asked::Button(i) => i.create_response(http, response).await,
            Asked::Form(i) => i.create_response(http, response).await,
        }
    }

    async fn edit(
        self,
        http: &serenity::Http,
        edit: serenity::EditInteractionResponse,
    ) -> serenity::Result<serenity::Message> {
        match self {
            Asked::Command(i) => i.edit_response(http, edit).await,
            Asked::Button(i) => i.edit_response(http, edit).await,
            Asked::Form(i) => i.edit_response(http, edit).await,
        }
    }

    async fn followup(
        self,
        http: &serenity::Http,
        followup: serenity::CreateInteractionResponseFollowup,
    ) -> serenity::Result<serenity::Message> {
        match self {
            Asked::Command(i) => i.create_followup(http, followup).await,
            Asked::Button(i) => i.create_followup(http, followup).await,
            Asked::Form(i) => i.create_followup(http, followup).await,
        }
    }

    async fn delete(self, http: &serenity::Http) -> serenity::Result<()> {
        match self {
            Asked::Command(i) => i.delete_response(http).await,
            Asked::Button(i) => i.delete_response(http).await,
            Asked::Form(i) => i.delete_response(http).await,
        }
    }

    async fn original(self, http: &serenity::Http) -> serenity::Result<serenity::Message> {
        match self {
            Asked::Command(i) => i.get_response(http).await,
            Asked::Button(i) => i.get_response(http).await,
            Asked::Form(i) => i.get_response(http).await,
        }
    }

    /// Answer with a message only the asker sees.
    pub async fn private(self, http: &serenity::Http, text: String) -> serenity::Result<()> {
        let message = serenity::CreateInteractionResponseMessage::new()
            .content(text)
            .ephemeral(true);
        self.respond(http, serenity::CreateInteractionResponse::Message(message))
            .await
    }

    fn is_button(self) -> bool {
        matches!(self, Asked::Button(_))
    }

    /// When the member sent it, in milliseconds since 1970: Discord stamps every id (a
    /// snowflake) with its creation time, so a command queued behind others still counts
    /// as sent when it was, not when its turn came.
    fn sent_at(self) -> u64 {
        /// The first millisecond of 2015, where Discord's ids count from.
        const DISCORD_EPOCH: u64 = 1_420_070_400_000;
        let id = match self {
            Asked::Command(i) => i.id.get(),
            Asked::Button(i) => i.id.get(),
            Asked::Form(i) => i.id.get(),
        };
        (id >> 22) + DISCORD_EPOCH
    }
}

/// Carry out a request for an interaction and answer it, however long the core takes.
pub async fn answer(
    http: &serenity::Http,
    core: &Arc<Core>,
    asked: Asked<'_>,
    who: Who,
    place: Place,
    request: Request,
) {
    let span = command_span(place, &request);
    respond(http, core, asked, who, place, request)
        .instrument(span)
        .await
}

async fn respond(
    http: &serenity::Http,
    core: &Arc<Core>,
    asked: Asked<'_>,
    who: Who,
    place: Place,
    request: Request,
) {
    let queued = Duration::from_millis(millis_now().saturating_sub(asked.sent_at()));
    let now = Instant::now();
    let received = now.checked_sub(queued.min(QUEUED_MAX)).unwrap_or(now);
    let deadline = received + CALLBACK_DEADLINE;
    let Some(pass) = core.enter(Some(asked.sent_at())) else {
        let refusal = Outgoing::prepare(Reply::private(RESTARTING), core.painters()).await;
        let response = serenity::CreateInteractionResponse::Message(refusal.response());
        if let Err(e) = by(deadline, asked.respond(http, response)).await {
            tracing::warn!(error = %e, "can't tell a member the bot is restarting");
        }
        return;
    };
    let work = {
        let core = core.clone();
        tokio::spawn(
            async move {
                let mut ready = Vec::new();
                for reply in core.handle(&who, place, request).await {
                    ready.push(Outgoing::prepare(reply, core.painters()).await);
                }
                ready
            }
            .in_current_span(),
        )
    };
    tokio::pin!(work);
    // Whether the interaction can't be answered any more: its deferral failed by the deadline.
    let mut lost = false;
    let (ready, deferred) = match tokio::time::timeout_at(received + ACK_BUDGET, &mut work).await {
        Ok(ready) => (ready, false),
        Err(_) => {
            // A button's message stays as it is until the answer replaces it.
            let defer = match asked {
                Asked::Command(_) | Asked::Form(_) => serenity::CreateInteractionResponse::Defer(
                    serenity::CreateInteractionResponseMessage::new(),
                ),
                Asked::Button(_) => serenity::CreateInteractionResponse::Acknowledge,
            };
            if let Err(e) = by(deadline, asked.respond(http, defer)).await {
                tracing::warn!(error = %e, "can't defer an interaction; the outbox will post its answer");
                lost = true;
            }
            (work.await, true)
        }
    };
    let ready = match ready {
        Ok(ready) => ready,
        Err(e) => {
            tracing::error!(error = %e, "a command's task failed");
            return;
        }
    };
    let mut first = true;
    for out in ready {
        // Messages for elsewhere (a game's thread, a DM) are the outbox's to deliver.
        if out.reply.elsewhere.is_some() {
            continue;
        }
        if lost {
            core.undelivered(&out.reply).await;
            continue;
        }
        let sent = match first {
            true => send_first(http, asked, &out, deferred, deadline).await,
            false => send_followup(http, asked, &out.followup()).await,
        };
        first = false;
        match sent {
            Ok(posted) => {
                let posted = match (posted, out.reply.anchor) {
                    (None, Some(_)) => limited(asked.original(http)).await.ok().map(posted_at),
                    (posted, _) => posted,
                };
                for more in out.overflow() {
                    let part = serenity::CreateInteractionResponseFollowup::new()
                        .content(more)
                        .ephemeral(out.reply.ephemeral)
                        .allowed_mentions(out.mentions());
                    if let Err(e) = send_followup(http, asked, &part).await {
                        tracing::warn!(error = %e, "can't send the rest of a long answer");
                    }
                }
                core.delivered(&out.reply, posted).await;
            }
            Err(e) => {
                tracing::warn!(error = %e, owed = ?out.reply.owed, "can't answer an interaction; the outbox will post it");
                core.undelivered(&out.reply).await;
            }
        }
    }
    if first && !deferred {
        // Everything went elsewhere: the interaction still wants its answer.
        let done = match asked {
            Asked::Command(_) | Asked::Form(_) => serenity::CreateInteractionResponse::Message(
                serenity::CreateInteractionResponseMessage::new()
                    .content("Done.")
                    .ephemeral(true),
            ),
            Asked::Button(_) => serenity::CreateInteractionResponse::Acknowledge,
        };
        if let Err(e) = by(deadline, asked.respond(http, done)).await {
            tracing::warn!(error = %e, "can't acknowledge an interaction");
        }
    }
    drop(pass);
}

/// The first answer: the interaction's response, or what replaces a deferred one.
async fn send_first(
    http: &serenity::Http,
    asked: Asked<'_>,
    out: &Outgoing,
    deferred: bool,
    deadline: Instant,
) -> serenity::Result<Option<Posted>> {
    let replaces = asked.is_button() && out.reply.replaces;
    if !deferred {
        let message = out.response();
        // A form opens only as the first answer (a deferred one shows its text instead).
        let response = match (&out.reply.form, asked) {
            (Some(form), Asked::Button(_)) => {
                serenity::CreateInteractionResponse::Modal(super::message::modal(form))
            }
            _ if replaces => serenity::CreateInteractionResponse::UpdateMessage(message),
            _ => serenity::CreateInteractionResponse::Message(message),
        };
        by(deadline, asked.respond(http, response)).await?;
        return Ok(None);
    }
    match (asked, out.reply.ephemeral) {
        // A deferred command shows a public "thinking" message: a private answer replaces
        // it with nothing and comes as a follow-up only the asker sees.
        (Asked::Command(_) | Asked::Form(_), true) => {
            if let Err(e) = limited(asked.delete(http)).await {
                tracing::warn!(error = %e, "can't remove a deferred answer");
            }
            send_followup(http, asked, &out.followup()).await
        }
        (Asked::Command(_) | Asked::Form(_), false) => {
            retried(|| asked.edit(http, out.edit())).await
        }
        (Asked::Button(_), _) if replaces => retried(|| asked.edit(http, out.edit())).await,
        (Asked::Button(_), _) => send_followup(http, asked, &out.followup()).await,
    }
}

async fn send_followup(
    http: &serenity::Http,
    asked: Asked<'_>,
    followup: &serenity::CreateInteractionResponseFollowup,
) -> serenity::Result<Option<Posted>> {
    retried(|| asked.followup(http, followup.clone())).await
}

/// An edit or follow-up, tried again after a server error or a timeout (the interaction's
/// token lives 15 minutes, so a second try still reaches the member).
async fn retried<F, Fut>(mut send: F) -> serenity::Result<Option<Posted>>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = serenity::Result<serenity::Message>>,
{
    let mut wait = Duration::from_millis(250);
    let mut tries = 1;
    loop {
        match limited(send()).await {
            Ok(message) => return Ok(Some(posted_at(message))),
            Err(e) if tries < TRIES && super::courier::transient(&e) => {
                tokio::time::sleep(wait).await;
                wait *= 2;
                tries += 1;
            }
            Err(e) => return Err(e),
        }
    }
}

fn posted_at(message: serenity::Message) -> Posted {
    Posted {
        channel: message.channel_id.get(),
        message: message.id.get(),
    }
}

/// A request that gives up after `REQUEST_LIMIT`, as if Discord had failed.
async fn limited<T>(
    request: impl std::future::Future<Output = serenity::Result<T>>,
) -> serenity::Result<T> {
    by(Instant::now() + REQUEST_LIMIT, request).await
}

/// A request given up at `deadline` (for a callback, see `CALLBACK_DEADLINE`), as if
/// Discord had failed.
async fn by<T>(
    deadline: Instant,
    request: impl std::future::Future<Output = serenity::Result<T>>,
) -> serenity::Result<T> {
    match tokio::time::timeout_at(deadline, request).await {
        Ok(result) => result,
        Err(_) => Err(serenity::Error::Other("Discord did not answer in time")),
    }
}

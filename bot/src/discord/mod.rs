//! `csipgs serve`: the core on Discord, through poise slash commands and buttons.

mod commands;

use crate::config::{Config, ConfigError};
use crate::core::{
    system_clock, Choice, CommandHelp, Core, Field, Place, Reply, Request, Who, CHALLENGE_SECONDS,
};
use crate::picture;
use crate::store::{Channel, Store, StoreError};
use poise::serenity_prelude as serenity;
use std::sync::Arc;

pub type Error = Box<dyn std::error::Error + Send + Sync>;
type Ctx<'a> = poise::Context<'a, Data, Error>;

pub struct Data {
    core: Arc<Core>,
}

#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error("can't open the database: {0}")]
    Store(#[from] StoreError),
    #[error("the Discord client failed: {0}")]
    Discord(#[from] serenity::Error),
}

/// Every slash command.
fn commands() -> Vec<poise::Command<Data, Error>> {
    vec![
        commands::challenge(),
        commands::move_piece(),
        commands::transfer(),
        commands::buy(),
        commands::turn(),
        commands::propose(),
        commands::estimate(),
        commands::price(),
        commands::board(),
        commands::game(),
        commands::history(),
        commands::resign(),
        commands::draw(),
        commands::abort(),
        commands::help(),
        commands::rules(),
    ]
}

/// The commands as /help lists them, from their definitions.
pub fn command_help() -> Vec<CommandHelp> {
    commands()
        .iter()
        .map(|c| CommandHelp {
            name: c.name.to_string(),
            options: c
                .parameters
                .iter()
                .map(|p| match p.required {
                    true => p.name.to_string(),
                    false => format!("[{}]", p.name),
                })
                .collect(),
            description: c.description.as_deref().unwrap_or_default().to_string(),
        })
        .collect()
}

/// Run the bot until SIGTERM or ctrl-c.
pub async fn serve(config: Config) -> Result<(), ServeError> {
    let token = config.token()?.clone();
    let store = Store::open(&config.database).await?;
    tracing::info!(
        database = %config.database.display(),
        active_games = store.active_game_count().await?,
        "database ready"
    );
    let core = Arc::new(Core::new(store.clone(), system_clock(), command_help()));
    let dev_guild = config.dev_guild;
    let options = poise::FrameworkOptions {
        commands: commands(),
        event_handler: |framework, event| Box::pin(on_event(framework, event)),
        on_error: |error| Box::pin(on_error(error)),
        // No owner-only commands, so no need to look the owners up.
        initialize_owners: false,
        ..Default::default()
    };
    let framework = poise::Framework::builder()
        .options(options)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                let commands = &framework.options().commands;
                match dev_guild {
                    Some(guild) => {
                        poise::builtins::register_in_guild(
                            ctx,
                            commands,
                            serenity::GuildId::new(guild),
                        )
                        .await?
                    }
                    None => poise::builtins::register_globally(ctx, commands).await?,
                }
                tracing::info!(bot = %ready.user.name, "connected and commands registered");
                Ok(Data { core })
            })
        })
        .build();
    let http = match &config.api_base {
        // Tests: a fake Discord. The rate limiter would bypass the proxy, so it is off.
        Some(base) => serenity::HttpBuilder::new(token.expose())
            .proxy(base.as_str())
            .ratelimiter_disabled(true)
            .build(),
        None => serenity::Http::new(token.expose()),
    };
    let mut client = serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::GUILDS)
        .framework(framework)
        .await?;
    let shards = client.shard_manager.clone();
    tokio::spawn(async move {
        shutdown_signal().await;
        tracing::info!("shutting down");
        shards.shutdown_all().await;
    });
    client.start().await?;
    store.close().await;
    tracing::info!("stopped");
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(term) => term,
                Err(e) => {
                    tracing::warn!(error = %e, "can't listen for SIGTERM");
                    let _ = ctrl_c.await;
                    return;
                }
            };
        tokio::select! {
            _ = ctrl_c => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    let _ = ctrl_c.await;
}

/// The asker and where they asked, from an interaction's fields.
fn caller(
    user: &serenity::User,
    member: Option<&serenity::Member>,
    guild: Option<serenity::GuildId>,
    channel: serenity::ChannelId,
) -> (Who, Place) {
    let who = Who {
        id: user.id.get(),
        name: member
            .map_or(user.display_name(), |m| m.display_name())
            .to_string(),
        moderator: member
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_messages()),
    };
    let place = match guild {
        Some(guild) => Place::Channel(Channel {
            guild: guild.get(),
            channel: channel.get(),
        }),
        None => Place::Direct,
    };
    (who, place)
}

fn context_caller(ctx: Ctx<'_>) -> (Who, Place) {
    let member = match ctx {
        poise::Context::Application(a) => a.interaction.member.as_deref(),
        poise::Context::Prefix(_) => None,
    };
    caller(ctx.author(), member, ctx.guild_id(), ctx.channel_id())
}

/// Carry out a slash command and send the replies: the first answers, the rest follow.
async fn run(ctx: Ctx<'_>, request: Request) -> Result<(), Error> {
    let (who, place) = context_caller(ctx);
    let replies = ctx.data().core.handle(&who, place, request).await;
    for reply in replies {
        let challenge = Request::challenge_of(&reply);
        ctx.send(message(reply).await?).await?;
        if let (Some(challenge), poise::Context::Application(a)) = (challenge, ctx) {
            expire_later(
                ctx.data().core.clone(),
                ctx.serenity_context().http.clone(),
                a.interaction.clone(),
                challenge,
            );
        }
    }
    Ok(())
}

/// When a challenge's time is up, replace its message (and buttons) with the news.
fn expire_later(
    core: Arc<Core>,
    http: Arc<serenity::Http>,
    interaction: serenity::CommandInteraction,
    challenge: i64,
) {
    tokio::spawn(async move {
        tokio::time::sleep(std::time::Duration::from_secs(CHALLENGE_SECONDS as u64 + 1)).await;
        if let Some(reply) = core.expire(challenge).await {
            let edit = serenity::EditInteractionResponse::new()
                .content(reply.text)
                .components(Vec::new());
            if let Err(e) = interaction.edit_response(&http, edit).await {
                tracing::warn!(error = %e, "can't mark the challenge expired");
            }
        }
    });
}

async fn complete(ctx: Ctx<'_>, field: Field, typed: &str) -> serenity::CreateAutocompleteResponse {
    let (who, place) = context_caller(ctx);
    let choices = ctx.data().core.complete(&who, place, field, typed).await;
    serenity::CreateAutocompleteResponse::new().set_choices(
        choices
            .into_iter()
            .map(|Choice { label, value }| {
                // Integer options need numbers.
                match value.parse::<i64>() {
                    Ok(n) if field == Field::Proposal => {
                        serenity::AutocompleteChoice::new(label, n)
                    }
                    _ => serenity::AutocompleteChoice::new(label, value),
                }
            })
            .collect(),
    )
}

/// A reply as a Discord message, its picture drawn as a PNG attachment.
async fn message(reply: Reply) -> Result<poise::CreateReply, Error> {
    let mut out = poise::CreateReply::default()
        .content(reply.text)
        .ephemeral(reply.ephemeral)
        .allowed_mentions(
            serenity::CreateAllowedMentions::new()
                .users(reply.pings.into_iter().map(serenity::UserId::new)),
        );
    if let Some(picture) = reply.picture {
        let name = picture::file_name(&picture);
        let png = tokio::task::spawn_blocking(move || picture::png(&picture)).await?;
        out = out.attachment(serenity::CreateAttachment::bytes(png, name));
    }
    for file in reply.files {
        out = out.attachment(serenity::CreateAttachment::bytes(file.bytes, file.name));
    }
    if !reply.buttons.is_empty() {
        let buttons = reply
            .buttons
            .into_iter()
            .map(|b| {
                serenity::CreateButton::new(b.id)
                    .label(b.label)
                    .style(match b.style {
                        crate::core::ButtonStyle::Accept => serenity::ButtonStyle::Success,
                        crate::core::ButtonStyle::Decline => serenity::ButtonStyle::Danger,
                    })
            })
            .collect();
        out = out.components(vec![serenity::CreateActionRow::Buttons(buttons)]);
    }
    Ok(out)
}

async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    if let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(press),
    } = event
    {
        press_button(framework.serenity_context, press, framework.user_data).await?;
    }
    Ok(())
}

/// A button press: a public answer replaces the challenge message (and its buttons); an
/// error goes only to the presser.
async fn press_button(
    ctx: &serenity::Context,
    press: &serenity::ComponentInteraction,
    data: &Data,
) -> Result<(), Error> {
    let Some(request) = Request::from_button(&press.data.custom_id) else {
        return Ok(());
    };
    let (who, place) = caller(
        &press.user,
        press.member.as_ref(),
        press.guild_id,
        press.channel_id,
    );
    let replies = data.core.handle(&who, place, request).await;
    for (i, reply) in replies.into_iter().enumerate() {
        let ephemeral = reply.ephemeral;
        let out = message(reply).await?;
        if i == 0 {
            let msg =
                out.to_slash_initial_response(serenity::CreateInteractionResponseMessage::new());
            let response = if ephemeral {
                serenity::CreateInteractionResponse::Message(msg)
            } else {
                serenity::CreateInteractionResponse::UpdateMessage(msg.components(Vec::new()))
            };
            press.create_response(&ctx.http, response).await?;
        } else {
            press
                .create_followup(
                    &ctx.http,
                    out.to_slash_followup_response(
                        serenity::CreateInteractionResponseFollowup::new(),
                    ),
                )
                .await?;
        }
    }
    Ok(())
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().name, error = %error, "command failed");
            let reply = poise::CreateReply::default()
                .content("Something went wrong on the bot's side while answering: look at /board or /game before trying again.")
                .ephemeral(true);
            let _ = ctx.send(reply).await;
        }
        poise::FrameworkError::EventHandler { error, .. } => {
            tracing::error!(error = %error, "event handling failed");
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(error = %e, "error while handling an error");
            }
        }
    }
}

//! The core on Discord, through poise slash commands and buttons.
//!
//! Layout: `commands` (the slash commands, one plain function each), `answer` (answering an
//! interaction within Discord's window), `message` (a reply as Discord message parts),
//! `courier` (threads and the outbox's deliveries), and here the client: built from the
//! command table, connected, shut down (`serve.rs` starts it beside the rest).

mod answer;
mod commands;
mod courier;
// The web pages show the same words for what depends on the adapter (`message::local`).
pub(crate) mod message;

use crate::config::{Config, Token};
use crate::core::{
    system_clock, Choice, ComponentError, Core, CoreError, Field, ParseError, Pick, Place, Request,
    Sight, Who, LAUNCH,
};
use crate::ops::http::Gateway;
use crate::shards::{ShardPlan, Shards};
use crate::store::{Channel, Store};
use answer::{answer, Asked};
pub use courier::Courier;
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Duration;

pub type Error = Box<dyn std::error::Error + Send + Sync>;
type Ctx<'a> = poise::Context<'a, Data, Error>;

pub struct Data {
    core: Arc<Core>,
    /// The application's Activity is on: a Play button opens it.
    activity: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum DiscordError {
    #[error("the Discord client failed: {0}")]
    Discord(#[from] serenity::Error),
    #[error("can't set up HTTP: {0}")]
    Http(#[from] reqwest::Error),
}

/// Every HTTP request to Discord gives up after this long.
const HTTP_TIMEOUT: Duration = Duration::from_secs(10);

/// The commands as registered with Discord: poise's definitions with the table's bounds
/// (lengths and ranges), so every bound Discord enforces is one the core checks; and, with
/// the Activity on, its entry point, which Discord refuses the whole list without.
fn registration(
    commands: &[poise::Command<Data, Error>],
    activity: bool,
) -> Result<Vec<serde_json::Value>, serde_json::Error> {
    let mut registered = poise::builtins::create_application_commands(commands)
        .into_iter()
        .map(|command| {
            let mut json = serde_json::to_value(command)?;
            let path = json["name"].as_str().unwrap_or_default().to_string();
            bound(&mut json, &path);
            Ok(json)
        })
        .collect::<Result<Vec<_>, serde_json::Error>>()?;
    if activity {
        registered.push(entry_point());
    }
    Ok(registered)
}

/// The app launcher's command (type 4, `PRIMARY_ENTRY_POINT`), which Discord answers itself
/// by opening the Activity (handler 2): the board of the game in that channel, or the
/// member's games.
fn entry_point() -> serde_json::Value {
    serde_json::json!({
        "name": "launch",
        "description": "Open your csipgs board inside Discord",
        "type": 4,
        "handler": 2,
        "integration_types": [0, 1],
        "contexts": [0, 1, 2],
    })
}

/// Give a registered command's options (and its subcommands') the bounds of the table's
/// entry at `path`.
fn bound(json: &mut serde_json::Value, path: &str) {
    let Some(spec) = crate::core::catalogue::command(path) else {
        return;
    };
    let Some(options) = json.get_mut("options").and_then(|o| o.as_array_mut()) else {
        return;
    };
    for option in options {
        let name = option["name"].as_str().unwrap_or_default().to_string();
        // A subcommand (Discord's option type 1) has options of its own.
        if option["type"] == 1 {
            bound(option, &format!("{path} {name}"));
            continue;
        }
        let Some(opt) = spec.options.iter().find(|o| o.name == name) else {
            continue;
        };
        if let Some(max) = opt.max_length() {
            option["max_length"] = max.into();
        }
        if let Some((min, max)) = opt.range() {
            option["min_value"] = min.into();
            option["max_value"] = max.into();
        }
    }
}

/// The Discord client, built and not yet connected: its commands answered by the core, its
/// deliveries made by the courier.
pub struct Discord {
    client: serenity::Client,
    gateway: Gateway,
}

impl Discord {
    pub async fn new(
        config: &Config,
        token: &Token,
        core: Arc<Core>,
        courier: &Courier,
    ) -> Result<Discord, DiscordError> {
        let dev_guild = config.dev_guild;
        let activity = config.activity;
        // Commands are the application's, not a shard's: among several processes, the one
        // running shard 0 registers them.
        let registers = config.shards.owned().first() == 0;
        let options = poise::FrameworkOptions {
            commands: commands::all(),
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
                    let commands = registration(&framework.options().commands, activity)?;
                    match dev_guild {
                        _ if !registers => {}
                        Some(guild) => {
                            let guild = serenity::GuildId::new(guild);
                            ctx.http.create_guild_commands(guild, &commands).await?;
                        }
                        None => {
                            ctx.http.create_global_commands(&commands).await?;
                        }
                    }
                    tracing::info!(bot = %ready.user.name, registered = registers, "connected");
                    Ok(Data { core, activity })
                })
            })
            .build();
        let client = reqwest::Client::builder()
            .use_rustls_tls()
            .timeout(HTTP_TIMEOUT)
            .connect_timeout(Duration::from_secs(5))
            .build()?;
        let http = serenity::HttpBuilder::new(token.expose())
            .client(client)
            .default_allowed_mentions(serenity::CreateAllowedMentions::new());
        let http = match &config.api_base {
            // Tests: a fake Discord on loopback (the config allows no other). The rate limiter
            // would bypass the proxy, so it is off.
            Some(base) => http.proxy(base.as_str()).ratelimiter_disabled(true),
            None => http,
        };
        let client =
            serenity::ClientBuilder::new_with_http(http.build(), serenity::GatewayIntents::GUILDS)
                .framework(framework)
                .await?;
        courier.connect(client.http.clone());
        let gateway = Gateway::new(client.shard_manager.clone());
        Ok(Discord { client, gateway })
    }

    /// Its shards as the health check sees them.
    pub fn gateway(&self) -> Gateway {
        self.gateway.clone()
    }

    /// Connect the shards `plan` names; returns when the connection ends.
    pub async fn run(&mut self, plan: ShardPlan) -> Result<(), DiscordError> {
        match plan {
            // What `start_autosharded` does, with the count kept for the health check.
            ShardPlan::Auto => {
                let total = self.client.http.get_bot_gateway().await?.shards;
                self.gateway.expect(0, total);
                self.client.start_shards(total).await?;
            }
            // serenity's range end is included, whatever `Range` usually means.
            ShardPlan::Range(range) => {
                self.gateway
                    .expect(range.first(), range.last() - range.first() + 1);
                self.client
                    .start_shard_range(range.first()..range.last(), range.total())
                    .await?;
            }
        }
        Ok(())
    }

    /// Close the shards' connections, within half a second.
    pub async fn shutdown(&self) {
        let shards = self.client.shard_manager.shutdown_all();
        let _ = tokio::time::timeout(Duration::from_millis(500), shards).await;
    }
}

/// The asker and where they asked, from an interaction's fields.
fn caller(
    user: &serenity::User,
    member: Option<&serenity::Member>,
    guild: Option<serenity::GuildId>,
    channel: serenity::ChannelId,
    partial: Option<&serenity::PartialChannel>,
) -> (Who, Place) {
    let permissions = member.and_then(|m| m.permissions);
    let who = Who {
        id: user.id.get(),
        name: member
            .map_or(user.display_name(), |m| m.display_name())
            .to_string(),
        moderator: permissions.is_some_and(|p| p.manage_messages()),
        manager: permissions.is_some_and(|p| p.manage_guild()),
    };
    let place = match guild {
        Some(guild) => {
            let channel = Channel {
                guild: guild.get(),
                channel: channel.get(),
            };
            match partial {
                Some(
                    thread @ serenity::PartialChannel {
                        kind:
                            serenity::ChannelType::PublicThread
                            | serenity::ChannelType::PrivateThread
                            | serenity::ChannelType::NewsThread,
                        ..
                    },
                ) => Place::Thread {
                    thread: channel,
                    parent: thread.parent_id.map(|p| p.get()),
                },
                _ => Place::Channel(channel),
            }
        }
        None => Place::Direct,
    };
    (who, place)
}

/// The channels the asker can view, for a listing: from the cached server (its channels,
/// roles and overwrites, with the member's roles from the interaction), public threads
/// following their parent. Without the server in the cache, only where they asked: a
/// listing then says too little rather than too much.
fn sight(ctx: Ctx<'_>) -> Sight {
    let poise::Context::Application(app) = ctx else {
        return Sight::Channels(Default::default());
    };
    let ix = app.interaction;
    let mut seen: std::collections::BTreeSet<u64> = [ix.channel_id.get()].into();
    seen.extend(
        ix.channel
            .as_ref()
            .and_then(|c| c.parent_id)
            .map(|p| p.get()),
    );
    let (Some(guild), Some(member)) = (ix.guild_id, ix.member.as_deref()) else {
        return Sight::Channels(seen);
    };
    let Some(guild) = ctx.serenity_context().cache.guild(guild) else {
        return Sight::Channels(seen);
    };
    for channel in guild.channels.values() {
        if guild.user_permissions_in(channel, member).view_channel() {
            seen.insert(channel.id.get());
        }
    }
    for thread in &guild.threads {
        let public = thread.kind != serenity::ChannelType::PrivateThread;
        if public && thread.parent_id.is_some_and(|p| seen.contains(&p.get())) {
            seen.insert(thread.id.get());
        }
    }
    Sight::Channels(seen)
}

fn command_caller(interaction: &serenity::CommandInteraction) -> (Who, Place) {
    caller(
        &interaction.user,
        interaction.member.as_deref(),
        interaction.guild_id,
        interaction.channel_id,
        interaction.channel.as_ref(),
    )
}

/// Carry out a slash command and answer it.
async fn run(ctx: Ctx<'_>, request: Request) -> Result<(), Error> {
    let poise::Context::Application(app) = ctx else {
        return Ok(());
    };
    let (who, place) = command_caller(app.interaction);
    let http = &ctx.serenity_context().http;
    answer(
        http,
        &ctx.data().core,
        Asked::Command(app.interaction),
        who,
        place,
        request,
    )
    .await;
    Ok(())
}

/// Suggestions for an option being typed; `numbers`: the option takes whole numbers.
async fn complete(
    ctx: Ctx<'_>,
    field: Field,
    typed: &str,
    numbers: bool,
) -> serenity::CreateAutocompleteResponse {
    let choices = match ctx {
        poise::Context::Application(app) => {
            let (who, place) = command_caller(app.interaction);
            ctx.data().core.complete(&who, place, field, typed).await
        }
        poise::Context::Prefix(_) => Vec::new(),
    };
    serenity::CreateAutocompleteResponse::new().set_choices(
        choices
            .into_iter()
            .map(|Choice { label, value }| {
                // Integer options need numbers.
                match value.parse::<i64>() {
                    Ok(n) if numbers => serenity::AutocompleteChoice::new(label, n),
                    _ => serenity::AutocompleteChoice::new(label, value),
                }
            })
            .collect(),
    )
}

async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    let store = framework.user_data.core.store();
    match event {
        serenity::FullEvent::Ready { data_about_bot } => {
            departures_while_away(store, data_about_bot).await;
        }
        serenity::FullEvent::GuildCreate { guild, .. } => {
            let back = store.guild_present(guild.id.get(), &guild.name).await?;
            if back {
                tracing::info!(
                    guild = guild.id.get(),
                    "added back to a server: its data is kept"
                );
            }
        }
        serenity::FullEvent::GuildUpdate { new_data, .. } => {
            store.guild_named(new_data.id.get(), &new_data.name).await?;
        }
        // An outage makes a server unavailable for a while: only a removal counts.
        serenity::FullEvent::GuildDelete { incomplete, .. } if !incomplete.unavailable => {
            store.guild_left(incomplete.id.get(), now_seconds()).await?;
            tracing::info!(
                guild = incomplete.id.get(),
                "removed from a server: its data is deleted after the grace period"
            );
        }
        _ => {}
    }
    if let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Modal(form),
    } = event
    {
        let field = |id: &str| {
            form.data
                .components
                .iter()
                .flat_map(|row| &row.components)
                .find_map(|c| match c {
                    serenity::ActionRowComponent::InputText(t) if t.custom_id == id => {
                        t.value.clone()
                    }
                    _ => None,
                })
                .unwrap_or_default()
        };
        let Some(pick) = Pick::submitted(&form.data.custom_id, &field("what"), &field("slot"))
        else {
            let asked = Asked::Form(form);
            return refuse(
                &framework.serenity_context.http,
                asked,
                ComponentError::Unknown,
            )
            .await;
        };
        let (who, place) = caller(
            &form.user,
            form.member.as_ref(),
            form.guild_id,
            form.channel_id,
            form.channel.as_ref(),
        );
        let http = &framework.serenity_context.http;
        let core = &framework.user_data.core;
        let request = Request::Builder(pick);
        answer(http, core, Asked::Form(form), who, place, request).await;
    }
    if let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(press),
    } = event
    {
        if press.data.custom_id == LAUNCH {
            return launch(framework, press).await;
        }
        let value = match &press.data.kind {
            serenity::ComponentInteractionDataKind::StringSelect { values } => values.first(),
            _ => None,
        };
        let request = match Request::of_component(&press.data.custom_id, value.map(String::as_str))
        {
            Ok(request) => request,
            Err(e) => {
                let asked = Asked::Button(press);
                return refuse(&framework.serenity_context.http, asked, e).await;
            }
        };
        let (who, place) = caller(
            &press.user,
            press.member.as_ref(),
            press.guild_id,
            press.channel_id,
            press.channel.as_ref(),
        );
        let http = &framework.serenity_context.http;
        answer(
            http,
            &framework.user_data.core,
            Asked::Button(press),
            who,
            place,
            request,
        )
        .await;
    }
    Ok(())
}

/// A game's Play button: Discord opens the board inside itself (callback 12,
/// `LAUNCH_ACTIVITY`); the page finds the game from the channel. With the Activity turned
/// off since the message was sent, the member is told where to play instead.
async fn launch(
    framework: poise::FrameworkContext<'_, Data, Error>,
    press: &serenity::ComponentInteraction,
) -> Result<(), Error> {
    let http = &framework.serenity_context.http;
    if !framework.user_data.activity {
        let text = "The board inside Discord is turned off on this bot now. Use /game: it gives you a link to play in your browser.";
        Asked::Button(press).private(http, text.to_string()).await?;
        return Ok(());
    }
    press
        .create_response(http, serenity::CreateInteractionResponse::LaunchActivity)
        .await?;
    Ok(())
}

/// Answer a command whose options the parser refused, privately, changing nothing.
async fn refuse_command(
    ctx: poise::ApplicationContext<'_, Data, Error>,
    refused: ParseError,
) -> Result<(), Error> {
    let http = &ctx.serenity_context().http;
    let text = message::markdown(&CoreError::from(refused).sentence());
    Asked::Command(ctx.interaction).private(http, text).await?;
    Ok(())
}

/// Answer a press or form whose id or value the bot never made, privately, changing nothing.
async fn refuse(
    http: &serenity::Http,
    asked: answer::Asked<'_>,
    error: ComponentError,
) -> Result<(), Error> {
    tracing::info!("refused a component id the bot never made");
    let text = message::markdown(&CoreError::from(error).sentence());
    asked.private(http, text).await?;
    Ok(())
}

/// A server removed the bot while it was stopped sends no event: any server with data here
/// that is on this shard but not among the servers Ready lists has been left.
async fn departures_while_away(store: &Store, ready: &serenity::Ready) {
    let Some(shard) = ready.shard else {
        return;
    };
    let Ok(this) = Shards::new(shard.id.0, shard.id.0, shard.total) else {
        return;
    };
    let present: std::collections::HashSet<u64> = ready.guilds.iter().map(|g| g.id.get()).collect();
    let known = match store.known_guilds(&this).await {
        Ok(known) => known,
        Err(e) => {
            tracing::warn!(error = %e, "can't compare the servers with the database");
            return;
        }
    };
    for guild in known.into_iter().filter(|g| !present.contains(g)) {
        match store.guild_left(guild, now_seconds()).await {
            Ok(()) => tracing::info!(
                guild,
                "not in a server that has data here: it is deleted after the grace period"
            ),
            Err(e) => tracing::warn!(guild, error = %e, "can't note a server left"),
        }
    }
}

fn now_seconds() -> i64 {
    (system_clock())()
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
        // Discord hides these commands in DMs; a client that still sends one hears why.
        poise::FrameworkError::GuildOnly { ctx, .. } => {
            let reply = poise::CreateReply::default()
                .content(message::markdown(
                    &crate::core::CoreError::NotInServer.sentence(),
                ))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::catalogue::{Kind, Scope, COMMANDS};
    use crate::family::Family;
    use engine::Ruleset;

    #[test]
    fn every_command_is_in_the_table_and_the_table_is_registered() {
        let all_defined = commands::all();
        // The context menus: each is the table's, offered where its entry says.
        let (menus, defined): (Vec<_>, Vec<_>) = all_defined
            .into_iter()
            .partition(|c| c.context_menu_name.is_some());
        let names: Vec<&str> = menus
            .iter()
            .filter_map(|m| m.context_menu_name.as_deref())
            .collect();
        let table: Vec<&str> = crate::core::catalogue::MENUS
            .iter()
            .map(|m| m.name)
            .collect();
        assert_eq!(names, table);
        for menu in &menus {
            let name = menu.context_menu_name.as_deref().unwrap_or_default();
            let spec = crate::core::catalogue::menu(name).unwrap();
            assert_eq!(
                menu.install_context.clone(),
                Some(commands::where_offered(spec.scope).0),
                "{name}"
            );
        }
        assert_eq!(defined.len(), COMMANDS.len());
        for command in &defined {
            let spec = crate::core::catalogue::command(&command.name).expect("in the table");
            let subs: Vec<&str> = command
                .subcommands
                .iter()
                .map(|s| s.name.as_ref())
                .collect();
            let table: Vec<&str> = spec.subcommands.iter().map(|s| s.name).collect();
            assert_eq!(subs, table, "/{}", command.name);
        }
        // What Discord is sent: every option's requirement, length, range and choices are
        // the table's.
        let registered = registration(&defined, false).expect("the commands serialise");
        // With the Activity on, its entry point is registered last, the rest unchanged.
        let with_entry = registration(&defined, true).expect("the commands serialise");
        assert_eq!(with_entry[..registered.len()], registered[..]);
        let entry = &with_entry[registered.len()];
        assert_eq!((&entry["type"], &entry["handler"]), (&4.into(), &2.into()));
        let mut all: Vec<(String, &serde_json::Value)> = Vec::new();
        for command in &registered {
            let name = command["name"].as_str().unwrap().to_string();
            let options = command["options"].as_array().cloned().unwrap_or_default();
            if options.iter().any(|o| o["type"] == 1) {
                for sub in command["options"].as_array().unwrap() {
                    all.push((format!("{name} {}", sub["name"].as_str().unwrap()), sub));
                }
            } else {
                all.push((name, command));
            }
        }
        for (path, command) in all {
            let spec = crate::core::catalogue::command(&path)
                .unwrap_or_else(|| panic!("/{path} is not in the command table"));
            let options = command["options"].as_array().cloned().unwrap_or_default();
            let names: Vec<&str> = options
                .iter()
                .map(|o| o["name"].as_str().unwrap())
                .collect();
            let table: Vec<&str> = spec.options.iter().map(|o| o.name).collect();
            assert_eq!(names, table, "/{path}");
            for (json, o) in options.iter().zip(spec.options) {
                let at = format!("/{path} {}", o.name);
                assert_eq!(json["description"], o.description, "{at}");
                assert_eq!(
                    json["required"].as_bool().unwrap_or(false),
                    o.required,
                    "{at}"
                );
                let max = json["max_length"].as_u64().map(|m| m as u16);
                assert_eq!(max, o.max_length(), "{at}");
                let range = json["min_value"].as_i64().zip(json["max_value"].as_i64());
                assert_eq!(range, o.range(), "{at}");
                // Discord's option types: text 3, whole number 4 (a choice is picked by its
                // place), true or false 5, member 6, channel 7.
                let kind = match o.kind {
                    Kind::Text { .. } => 3,
                    Kind::Number { .. } | Kind::Word(_) => 4,
                    Kind::Flag => 5,
                    Kind::Member => 6,
                    Kind::Channel => 7,
                };
                assert_eq!(json["type"], kind, "{at}");
                assert_eq!(json["autocomplete"] == true, o.complete.is_some(), "{at}");
                let choices: Vec<&str> = json["choices"]
                    .as_array()
                    .map(|c| c.iter().map(|c| c["name"].as_str().unwrap()).collect())
                    .unwrap_or_default();
                assert_eq!(choices, o.choices(), "{at}");
            }
        }
        for command in &defined {
            let spec = crate::core::catalogue::command(&command.name).unwrap();
            assert_eq!(
                command.guild_only,
                matches!(spec.scope, Scope::Server | Scope::Managers),
                "/{}",
                command.name
            );
        }
    }

    #[test]
    fn the_tables_words_are_the_cores() {
        let words = |path: &str, option: &str| {
            let spec = crate::core::catalogue::command(path).unwrap();
            spec.options
                .iter()
                .find(|o| o.name == option)
                .unwrap()
                .choices()
        };
        let rulesets: Vec<Ruleset> = words("challenge", "ruleset")
            .iter()
            .map(|w| w.parse().expect("a ruleset"))
            .collect();
        assert_eq!(rulesets, Ruleset::ALL);
        let families: Vec<Family> = words("challenge", "game")
            .iter()
            .map(|w| w.parse().expect("a game"))
            .collect();
        assert_eq!(families, Family::ALL);
        // /challenge lists the csipgs options as the engine names them, in its order.
        let table: Vec<&str> = crate::core::catalogue::command("challenge")
            .unwrap()
            .options
            .iter()
            .map(|o| o.name)
            .filter(|n| engine::Options::NAMES.contains(n))
            .collect();
        assert_eq!(table, engine::Options::NAMES);
    }
}

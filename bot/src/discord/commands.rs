//! The slash commands and context menus, built from the core's command table: names,
//! descriptions, options (their kinds, choices and suggestions) and where Discord offers
//! each come from `catalogue`. One action serves every slash command: it hands the options
//! Discord resolved, as (name, value) pairs, to the core's parser, as the terminal and the
//! web pages do. A new command needs nothing here.

use super::{complete, run, Data, Error};
use crate::core::catalogue::{self, Kind, Menu, MenuTarget, Opt, Scope, COMMANDS, MENUS};
use crate::core::{parse, Given, Named, Request};
use crate::store::Player;
use poise::serenity_prelude as serenity;
use std::borrow::Cow;

type Command = poise::Command<Data, Error>;
type AppCtx<'a> = poise::ApplicationContext<'a, Data, Error>;
type Done<'a> = poise::BoxFuture<'a, Result<(), poise::FrameworkError<'a, Data, Error>>>;

/// Every slash command of the table, in its order, then its context menus.
pub fn all() -> Vec<Command> {
    let mut commands: Vec<Command> = COMMANDS
        .iter()
        .map(|entry| slash(entry, entry.name))
        .collect();
    commands.extend(MENUS.iter().map(menu));
    commands
}

/// A command (or a group, with its subcommands) as its table entry at `path` describes it.
fn slash(entry: &'static catalogue::Command, path: &str) -> Command {
    let subcommands = entry
        .subcommands
        .iter()
        .map(|sub| slash(sub, &format!("{path} {}", sub.name)))
        .collect::<Vec<_>>();
    let mut command = Command {
        name: entry.name.into(),
        qualified_name: path.to_string().into(),
        identifying_name: path.to_string().into(),
        source_code_name: path.to_string().into(),
        description: Some(entry.description.into()),
        slash_action: Some(act),
        subcommand_required: !subcommands.is_empty(),
        subcommands,
        parameters: entry.options.iter().map(parameter).collect(),
        ..Default::default()
    };
    // Where Discord offers a command: only top-level commands carry it.
    if !path.contains(' ') {
        let (installs, contexts) = where_offered(entry.scope);
        command.install_context = Some(installs);
        command.interaction_context = Some(contexts);
    }
    match entry.scope {
        Scope::Everywhere | Scope::Anywhere => {}
        Scope::Server => command.guild_only = true,
        Scope::Managers => {
            command.guild_only = true;
            command.default_member_permissions = serenity::Permissions::MANAGE_GUILD;
        }
    }
    command
}

/// An option as Discord shows it. Lengths and ranges are added to the registration (see
/// `registration`): poise's parameters carry only a kind.
fn parameter(opt: &'static Opt) -> poise::CommandParameter<Data, Error> {
    let choices = opt
        .choices()
        .iter()
        .map(|word| poise::CommandParameterChoice {
            name: Cow::Borrowed(*word),
            localizations: Cow::Borrowed(&[]),
            __non_exhaustive: (),
        })
        .collect::<Vec<_>>();
    let kind: fn(serenity::CreateCommandOption) -> serenity::CreateCommandOption = match opt.kind {
        Kind::Text { .. } => |b| b.kind(serenity::CommandOptionType::String),
        // A choice is picked by its place in the list, as poise registers choices.
        Kind::Number { .. } | Kind::Word(_) => |b| b.kind(serenity::CommandOptionType::Integer),
        Kind::Flag => |b| b.kind(serenity::CommandOptionType::Boolean),
        Kind::Member => |b| b.kind(serenity::CommandOptionType::User),
        Kind::Channel => |b| b.kind(serenity::CommandOptionType::Channel),
    };
    poise::CommandParameter {
        name: opt.name.into(),
        name_localizations: Cow::Borrowed(&[]),
        description: Some(opt.description.into()),
        description_localizations: Cow::Borrowed(&[]),
        required: opt.required,
        channel_types: matches!(opt.kind, Kind::Channel)
            .then(|| Cow::Borrowed(&[serenity::ChannelType::Text][..])),
        choices: Cow::Owned(choices),
        type_setter: Some(kind),
        autocomplete_callback: opt.complete.map(|_| suggest as _),
        __non_exhaustive: (),
    }
}

/// The installs under which Discord offers a command of `scope`, and the channels it
/// offers it in. A member's own install reaches only the commands that need no server.
pub(super) fn where_offered(
    scope: Scope,
) -> (
    Vec<serenity::InstallationContext>,
    Vec<serenity::InteractionContext>,
) {
    use serenity::InstallationContext as Install;
    use serenity::InteractionContext as In;
    match scope {
        Scope::Everywhere => (
            vec![Install::Guild, Install::User],
            vec![In::Guild, In::BotDm, In::PrivateChannel],
        ),
        Scope::Anywhere => (vec![Install::Guild], vec![In::Guild, In::BotDm]),
        Scope::Server | Scope::Managers => (vec![Install::Guild], vec![In::Guild]),
    }
}

/// The table path of the command invoked (`tournament create`).
fn path_of(ctx: AppCtx<'_>) -> String {
    let names: Vec<&str> = ctx.command_tree.iter().map(|c| c.name.as_ref()).collect();
    names.join(" ")
}

/// Every slash command: its options, read by the core's parser, become the request run.
fn act(ctx: AppCtx<'_>) -> Done<'_> {
    Box::pin(async move {
        let path = path_of(ctx);
        let result = match parse(&path, &given(ctx, &path)) {
            Ok(mut request) => {
                if let Some(listing) = request.listing_mut() {
                    listing.sight = super::sight(poise::Context::Application(ctx));
                }
                run(poise::Context::Application(ctx), request).await
            }
            Err(refused) => super::refuse_command(ctx, refused).await,
        };
        result.map_err(|error| poise::FrameworkError::new_command(ctx.into(), error))
    })
}

/// The options as Discord resolved them, by name.
fn given<'a>(ctx: AppCtx<'a>, path: &str) -> Vec<(&'a str, Given<'a>)> {
    let me = ctx.framework.bot_id();
    let entry = catalogue::command(path);
    let picked = |name: &str| {
        entry
            .and_then(|c| c.option(name))
            .is_some_and(|o| matches!(o.kind, Kind::Word(_)))
    };
    ctx.args
        .iter()
        .map(|option| {
            let value = match &option.value {
                serenity::ResolvedValue::String(text) => Given::Text(text),
                serenity::ResolvedValue::Integer(n) if picked(option.name) => {
                    Given::Choice(usize::try_from(*n).unwrap_or(usize::MAX))
                }
                serenity::ResolvedValue::Integer(n) => Given::Number(*n),
                serenity::ResolvedValue::Boolean(on) => Given::Flag(*on),
                serenity::ResolvedValue::User(user, _) => Given::Member(named(user, me)),
                serenity::ResolvedValue::Channel(channel) => Given::Channel(channel.id.get()),
                _ => Given::Other,
            };
            (option.name, value)
        })
        .collect()
}

/// A member as the core knows them, and whether they are this bot.
fn named(user: &serenity::User, me: serenity::UserId) -> Named {
    Named {
        player: Player {
            id: user.id.get(),
            name: user.display_name().to_string(),
        },
        bot: user.bot,
        this_bot: user.id == me,
    }
}

/// Suggestions for the option being typed: which one, and what it suggests, is the table's.
fn suggest<'a>(
    ctx: AppCtx<'a>,
    typed: &'a str,
) -> poise::BoxFuture<'a, serenity::CreateAutocompleteResponse> {
    Box::pin(async move {
        let path = path_of(ctx);
        let focused = ctx.args.iter().find_map(|o| match o.value {
            serenity::ResolvedValue::Autocomplete { .. } => Some(o.name),
            _ => None,
        });
        let opt = focused.and_then(|name| catalogue::command(&path)?.option(name));
        match opt.and_then(|o| Some((o.complete?, o))) {
            Some((field, opt)) => {
                let numbers = matches!(opt.kind, Kind::Number { .. });
                complete(poise::Context::Application(ctx), field, typed, numbers).await
            }
            None => serenity::CreateAutocompleteResponse::new(),
        }
    })
}

/// A context menu of the table: right-click a member or a message, then Apps.
fn menu(entry: &'static Menu) -> Command {
    let action = match entry.target {
        MenuTarget::Member => poise::ContextMenuCommandAction::User(challenge_member),
        MenuTarget::Message => poise::ContextMenuCommandAction::Message(price_message),
    };
    let (installs, contexts) = where_offered(entry.scope);
    Command {
        name: entry.name.into(),
        qualified_name: entry.name.into(),
        identifying_name: entry.name.into(),
        source_code_name: entry.name.into(),
        context_menu_name: Some(entry.name.into()),
        context_menu_action: Some(action),
        install_context: Some(installs),
        interaction_context: Some(contexts),
        guild_only: matches!(entry.scope, Scope::Server | Scope::Managers),
        ..Default::default()
    }
}

/// "Challenge to csipgs": /challenge naming that member, with the server's usual terms.
fn challenge_member(ctx: AppCtx<'_>, member: serenity::User) -> Done<'_> {
    Box::pin(async move {
        let opponent = Given::Member(named(&member, ctx.framework.bot_id()));
        let result = match parse("challenge", &[("opponent", opponent)]) {
            Ok(request) => run(poise::Context::Application(ctx), request).await,
            Err(refused) => super::refuse_command(ctx, refused).await,
        };
        result.map_err(|error| poise::FrameworkError::new_command(ctx.into(), error))
    })
}

/// "Price this design": prices the design the message names.
fn price_message(ctx: AppCtx<'_>, message: serenity::Message) -> Done<'_> {
    Box::pin(async move {
        let request = Request::PriceIn {
            text: message.content,
        };
        run(poise::Context::Application(ctx), request)
            .await
            .map_err(|error| poise::FrameworkError::new_command(ctx.into(), error))
    })
}

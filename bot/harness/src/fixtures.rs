//! Gateway payloads as Discord sends them. Every one is read back with serenity's own types
//! first: a payload serenity can't read would be dropped silently and the test would only
//! time out.

use super::objects::{self, user_object};
use super::{message_object, APP_ID, BOT_ID, GUILD_ID};
use poise::serenity_prelude as serenity;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicU64, Ordering};

/// A member (or a bot account, for `Opt::BotUser`).
#[derive(Clone, Copy, Debug)]
pub struct User {
    pub id: u64,
    pub name: &'static str,
    /// Has Manage Messages in the channel.
    pub moderator: bool,
}

pub const ALICE: User = User {
    id: 101,
    name: "alice",
    moderator: false,
};
pub const BOB: User = User {
    id: 102,
    name: "bob",
    moderator: false,
};
pub const CAROL: User = User {
    id: 103,
    name: "carol",
    moderator: false,
};
pub const DAVE: User = User {
    id: 104,
    name: "dave",
    moderator: false,
};
pub const ERIN: User = User {
    id: 105,
    name: "erin",
    moderator: false,
};
/// The bot itself, as a USER option may name it (`Opt::BotUser`).
pub const CSIPGS: User = User {
    id: BOT_ID,
    name: "csipgs",
    moderator: false,
};
/// Another bot in the guild (`Opt::BotUser`).
pub const ROBOT: User = User {
    id: 150,
    name: "robot",
    moderator: false,
};

/// Where an interaction happens.
#[derive(Clone, Copy, Debug)]
pub enum Place {
    Guild {
        guild: u64,
        channel: u64,
    },
    Direct {
        channel: u64,
    },
    /// A public thread (channel type 11) under a guild text channel.
    Thread {
        guild: u64,
        parent: u64,
        thread: u64,
    },
}

impl Place {
    /// The channel the interaction comes from (the thread itself for a thread).
    pub fn channel_id(&self) -> u64 {
        match *self {
            Place::Guild { channel, .. } | Place::Direct { channel } => channel,
            Place::Thread { thread, .. } => thread,
        }
    }
}

/// The text channel `n` in the fixtures' guild (`GUILD_ID`, on shard 0).
pub fn channel(n: u64) -> Place {
    channel_in(GUILD_ID, n)
}

/// The text channel `n` in `guild` (e.g. `SHARD1_GUILD`). Channel ids are global on Discord:
/// give channels of different guilds different numbers.
pub fn channel_in(guild: u64, n: u64) -> Place {
    Place::Guild { guild, channel: n }
}

/// The public thread `thread` under the text channel `parent`, in the fixtures' guild.
pub fn thread(parent: u64, thread: u64) -> Place {
    Place::Thread {
        guild: GUILD_ID,
        parent,
        thread,
    }
}

/// A DM channel with the bot (no guild; the interaction carries `user`, not `member`).
pub fn dm(channel: u64) -> Place {
    Place::Direct { channel }
}

/// A slash command option.
pub enum Opt {
    Str(&'static str, String),
    Int(&'static str, i64),
    Bool(&'static str, bool),
    User(&'static str, User),
    /// A USER option naming a bot account (resolved with `"bot": true`).
    BotUser(&'static str, User),
    /// A CHANNEL option naming a text channel of the fixtures' guild.
    Channel(&'static str, u64),
}

/// A string option.
pub fn s(name: &'static str, value: impl Into<String>) -> Opt {
    Opt::Str(name, value.into())
}

/// The longest value Discord lets a member type into a string option.
pub const MAX_OPTION_CHARS: usize = 6000;

/// Text of exactly `chars` characters (mixing 1- to 4-byte UTF-8), for long options.
pub fn long_text(chars: usize) -> String {
    "a\u{e9}\u{265e}\u{1f40e}"
        .chars()
        .cycle()
        .take(chars)
        .collect()
}

/// Strings a member may type to break the bot: mass mentions, markdown and code fences that
/// would swallow the reply, control and direction characters, SQL and format strings,
/// blanks, the longest option Discord allows. Each is a valid string option value.
pub fn hostile_strings() -> Vec<String> {
    let mut strings: Vec<String> = [
        "@everyone",
        "@here <@&600> <@101> <#4>",
        "```\n}}} **bold** __u__ ~~s~~ ||spoiler|| > quote",
        "`",
        "Kd2\u{202e}2dK\u{200b}\u{feff}",
        "\u{0}\u{7}\u{1b}[31mred\r\n",
        "'); DROP TABLE games; --",
        "{} {0} %s %n {{name}}",
        "   ",
        "\u{1f40e}\u{fe0f}\u{200d}\u{2642}",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    strings.push(long_text(MAX_OPTION_CHARS));
    strings
}

fn user_json(user: &User) -> Value {
    user_object(user.id, user.name, false)
}

fn options_json(options: &[Opt], focused: Option<&str>) -> (Vec<Value>, Value) {
    let mut users = serde_json::Map::new();
    let mut channels = serde_json::Map::new();
    let list = options
        .iter()
        .map(|o| {
            let (name, kind, value) = match o {
                Opt::Str(n, v) => (*n, 3, json!(v)),
                Opt::Int(n, v) => (*n, 4, json!(v)),
                Opt::Bool(n, v) => (*n, 5, json!(v)),
                Opt::User(n, u) | Opt::BotUser(n, u) => {
                    let bot = matches!(o, Opt::BotUser(..));
                    users.insert(u.id.to_string(), user_object(u.id, u.name, bot));
                    (*n, 6, json!(u.id.to_string()))
                }
                Opt::Channel(n, c) => {
                    channels.insert(
                        c.to_string(),
                        json!({"id": c.to_string(), "type": 0, "name": format!("channel-{c}"),
                            "permissions": "0"}),
                    );
                    (*n, 7, json!(c.to_string()))
                }
            };
            let mut option = json!({"name": name, "type": kind, "value": value});
            if focused == Some(name) {
                // What is being typed arrives as text, whatever the option's type.
                option["focused"] = json!(true);
                option["value"] = match value {
                    Value::String(text) => json!(text),
                    other => json!(other.to_string()),
                };
            }
            option
        })
        .collect();
    (list, json!({"users": users, "channels": channels}))
}

static NEXT: AtomicU64 = AtomicU64::new(1000);

/// A fresh interaction id as Discord makes them: a snowflake whose top bits are the
/// milliseconds since 2015 at its creation (the bot reads when a command was sent from it),
/// with a counter below them.
fn snowflake_now() -> u64 {
    const DISCORD_EPOCH: u64 = 1_420_070_400_000;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64;
    ((now - DISCORD_EPOCH) << 22) | (NEXT.fetch_add(1, Ordering::SeqCst) & 0x3F_FFFF)
}

fn base(kind: u8, place: Place, user: &User) -> Value {
    let id = snowflake_now();
    let mut ix = json!({
        "type": kind, "id": id.to_string(), "application_id": APP_ID.to_string(),
        "token": format!("tok{id}"), "version": 1, "locale": "en-US", "entitlements": [],
        "attachment_size_limit": 26214400
    });
    // Discord sends the channel as a partial object too: its type tells threads apart.
    let (guild, channel, partial) = match place {
        Place::Guild { guild, channel } => (
            Some(guild),
            channel,
            json!({"id": channel.to_string(), "type": 0, "name": format!("channel-{channel}")}),
        ),
        Place::Direct { channel } => (None, channel, json!({"id": channel.to_string(), "type": 1})),
        Place::Thread {
            guild,
            parent,
            thread,
        } => (
            Some(guild),
            thread,
            json!({"id": thread.to_string(), "type": 11, "name": format!("thread-{thread}"),
                "parent_id": parent.to_string(),
                "thread_metadata": {"archived": false, "auto_archive_duration": 1440,
                    "archive_timestamp": objects::TIMESTAMP, "locked": false}}),
        ),
    };
    ix["channel_id"] = json!(channel.to_string());
    ix["channel"] = partial;
    match guild {
        Some(guild) => {
            let permissions = if user.moderator {
                serenity::Permissions::MANAGE_MESSAGES
            } else {
                serenity::Permissions::empty()
            };
            ix["guild_id"] = json!(guild.to_string());
            ix["member"] = json!({"user": user_json(user), "roles": [], "deaf": false,
                "mute": false, "flags": 0, "permissions": permissions.bits().to_string()});
        }
        None => ix["user"] = user_json(user),
    }
    ix
}

/// The interaction as sent by a member with exactly these permissions in the channel
/// (Discord's `member.permissions`), e.g. `Permissions::MANAGE_GUILD`. Panics on a DM
/// interaction, which has no member.
pub fn with_permissions(mut ix: Value, permissions: serenity::Permissions) -> Value {
    assert!(ix["member"].is_object(), "a guild interaction has a member");
    ix["member"]["permissions"] = json!(permissions.bits().to_string());
    ix
}

/// The interaction with the bot's own permissions in the channel (`app_permissions`, which
/// Discord sends with every interaction), e.g. lacking `CREATE_PUBLIC_THREADS`.
pub fn with_app_permissions(mut ix: Value, permissions: serenity::Permissions) -> Value {
    ix["app_permissions"] = json!(permissions.bits().to_string());
    ix
}

/// The interaction as Discord sends it for a member who installed the app to their own
/// account (user install): from a group DM (channel type 3, interaction context 2) the bot
/// is not in, authorised by the member rather than a server.
pub fn by_user_install(mut ix: Value, user: &User) -> Value {
    assert!(ix["guild_id"].is_null(), "a group DM has no server");
    ix["channel"]["type"] = json!(3);
    ix["context"] = json!(2);
    ix["authorizing_integration_owners"] = json!({"1": user.id.to_string()});
    ix
}

/// A slash command.
pub fn slash(place: Place, user: &User, command: &str, options: Vec<Opt>) -> Value {
    let mut ix = base(2, place, user);
    let (options, resolved) = options_json(&options, None);
    ix["data"] =
        json!({"id": "600", "name": command, "type": 1, "options": options, "resolved": resolved});
    ix
}

/// A subcommand of a command group, such as `/tournament create name:...`: Discord sends it
/// as the command's one option (type 1) carrying the subcommand's options; users named in
/// them are resolved at the top, as for a plain command.
pub fn subcommand(
    place: Place,
    user: &User,
    command: &str,
    subcommand: &str,
    options: Vec<Opt>,
) -> Value {
    let mut ix = base(2, place, user);
    let (options, resolved) = options_json(&options, None);
    let sub = json!({"name": subcommand, "type": 1, "options": options});
    ix["data"] =
        json!({"id": "600", "name": command, "type": 1, "options": [sub], "resolved": resolved});
    ix
}

/// Typing into `focused` of a slash command: an autocomplete request.
pub fn autocomplete(
    place: Place,
    user: &User,
    command: &str,
    options: Vec<Opt>,
    focused: &str,
) -> Value {
    let mut ix = base(4, place, user);
    let (options, _) = options_json(&options, Some(focused));
    ix["data"] = json!({"id": "600", "name": command, "type": 1, "options": options});
    ix
}

/// A user command (right-click a member, Apps): Discord sends the member as `target_id`,
/// resolved.
pub fn on_member(place: Place, user: &User, command: &str, target: &User) -> Value {
    let mut ix = base(2, place, user);
    let id = target.id.to_string();
    let mut resolved = json!({"users": {&id: user_json(target)}});
    if ix["guild_id"].is_string() {
        resolved["members"] = json!({&id: {"roles": [], "deaf": false, "mute": false,
            "flags": 0, "permissions": "0"}});
    }
    ix["data"] = json!({"id": "601", "name": command, "type": 2, "target_id": id,
        "resolved": resolved});
    ix
}

/// A message command (right-click a message, Apps) on a member's message with this text.
pub fn on_message(place: Place, user: &User, command: &str, author: &User, text: &str) -> Value {
    let mut ix = base(2, place, user);
    let channel = ix["channel_id"].as_str().unwrap().to_string();
    let mut message = message_object(&channel, text);
    message["id"] = json!("777");
    message["author"] = user_json(author);
    ix["data"] = json!({"id": "602", "name": command, "type": 3, "target_id": "777",
        "resolved": {"messages": {"777": message}}});
    ix
}

/// A choice in a string select menu (`custom_id`) on the message `message` (as the bot
/// left it: `fake.message_json(id)`).
pub fn select(place: Place, user: &User, custom_id: &str, value: &str, message: Value) -> Value {
    let mut ix = base(3, place, user);
    ix["data"] = json!({"custom_id": custom_id, "component_type": 3, "values": [value]});
    ix["message"] = message;
    ix
}

/// A submitted form (Discord's modal) `custom_id`, with (box id, text) pairs.
pub fn form(place: Place, user: &User, custom_id: &str, fields: &[(&str, &str)]) -> Value {
    let mut ix = base(5, place, user);
    let rows: Vec<Value> = fields
        .iter()
        .map(|(id, value)| {
            json!({"type": 1, "components": [{"type": 4, "custom_id": id, "value": value}]})
        })
        .collect();
    ix["data"] = json!({"custom_id": custom_id, "components": rows});
    ix
}

/// A press of a button on one of the bot's messages.
pub fn button(place: Place, user: &User, custom_id: &str) -> Value {
    let mut ix = base(3, place, user);
    let channel = ix["channel_id"].as_str().unwrap().to_string();
    ix["data"] = json!({"custom_id": custom_id, "component_type": 2});
    ix["message"] = message_object(&channel, "a challenge");
    ix
}

/// A press of the button `custom_id` on the message `message_id` (e.g. a `Sent`'s
/// `message_id`); the message carries that button. For the message exactly as the bot left
/// it, set `ix["message"] = fake.message_json(id).unwrap()`.
pub fn button_on(place: Place, user: &User, custom_id: &str, message_id: u64) -> Value {
    let mut ix = button(place, user, custom_id);
    let channel = ix["channel_id"].as_str().unwrap().parse().unwrap_or(0);
    let fields = json!({"content": "", "components": [{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "Press", "custom_id": custom_id}]}]});
    ix["message"] = objects::message_object(message_id, channel, &fields, &[]);
    ix
}

/// The READY dispatch's data for a session of `shard` ([id, total]).
pub fn ready(port: u16, session_id: &str, shard: [u32; 2]) -> Value {
    let ready = json!({
        "v": 10, "user": {"id": BOT_ID.to_string(), "username": "csipgs", "bot": true},
        "guilds": [], "session_id": session_id, "shard": shard,
        "resume_gateway_url": format!("ws://127.0.0.1:{port}"),
        "application": {"id": APP_ID.to_string(), "flags": 0}
    });
    serenity::Ready::deserialize(&ready).expect("serenity reads READY");
    ready
}

/// Panics unless serenity reads `ix` as an Interaction.
pub fn check_interaction(ix: &Value) {
    // Read from the borrowed JSON: no copy of every interaction dispatched.
    if let Err(e) = serenity::Interaction::deserialize(ix) {
        panic!("serenity can't read this interaction ({e}): {ix}");
    }
}

/// Every fixture kind, read back by serenity with the fields the bot relies on checked; and
/// every response object (`objects::check_all`).
pub fn check_all() {
    let place = channel(1);
    check_interaction(&slash(
        place,
        &ALICE,
        "challenge",
        vec![
            Opt::User("opponent", BOB),
            Opt::Int("ruleset", 0),
            Opt::Bool("power", true),
        ],
    ));
    check_interaction(&slash(
        Place::Direct { channel: 9 },
        &ALICE,
        "price",
        vec![s("design", "WD")],
    ));
    check_interaction(&autocomplete(
        place,
        &ALICE,
        "move",
        vec![s("move", "K")],
        "move",
    ));
    check_interaction(&button(place, &BOB, "challenge:accept:1"));
    let ready = serenity::Ready::deserialize(ready(1, "s", [1, 2])).unwrap();
    let shard = ready.shard.expect("READY names the shard");
    assert_eq!(
        (shard.id.0, shard.total, ready.session_id.as_str()),
        (1, 2, "s")
    );
    serde_json::from_value::<serenity::Message>(message_object("1", "x"))
        .expect("serenity reads the message");
    check_hardening_fixtures();
    check_subcommands();
    objects::check_all();
}

fn read(ix: &Value) -> serenity::Interaction {
    check_interaction(ix);
    serde_json::from_value(ix.clone()).unwrap()
}

fn read_command(ix: &Value) -> serenity::CommandInteraction {
    match read(ix) {
        serenity::Interaction::Command(command) => command,
        other => panic!("not a slash command: {other:?}"),
    }
}

/// Subcommands arrive as serenity's `SubCommand` option with each option's type and value,
/// and a user option's user resolved.
fn check_subcommands() {
    use serenity::{CommandDataOptionValue as V, ResolvedValue};
    let create = read_command(&subcommand(
        channel(1),
        &CAROL,
        "tournament",
        "create",
        vec![
            s("name", "Cup"),
            Opt::Int("format", 1),
            Opt::Int("rounds", 3),
            Opt::Bool("rated", false),
        ],
    ));
    assert_eq!(create.data.name, "tournament");
    let [group] = &create.data.options[..] else {
        panic!("one subcommand: {:?}", create.data.options)
    };
    assert_eq!(group.name, "create");
    let V::SubCommand(options) = &group.value else {
        panic!("not a subcommand: {group:?}")
    };
    let values: Vec<(&str, &V)> = options
        .iter()
        .map(|o| (o.name.as_str(), &o.value))
        .collect();
    assert_eq!(
        values,
        [
            ("name", &V::String("Cup".into())),
            ("format", &V::Integer(1)),
            ("rounds", &V::Integer(3)),
            ("rated", &V::Boolean(false)),
        ]
    );
    let remove = read_command(&subcommand(
        channel(1),
        &CAROL,
        "td",
        "remove",
        vec![Opt::User("member", DAVE)],
    ));
    let resolved = remove.data.options();
    let [group] = &resolved[..] else {
        panic!("one subcommand: {resolved:?}")
    };
    let ResolvedValue::SubCommand(options) = &group.value else {
        panic!("not a subcommand: {group:?}")
    };
    match &options[..] {
        [option] if option.name == "member" => match option.value {
            ResolvedValue::User(user, _) => assert_eq!(user.name, DAVE.name),
            ref other => panic!("the member isn't resolved: {other:?}"),
        },
        other => panic!("one member option: {other:?}"),
    }
}

/// The fixtures for hardening tests: permissions, threads, DMs, buttons on a given message,
/// bot users, hostile strings.
fn check_hardening_fixtures() {
    use serenity::Permissions;
    let place = channel(1);
    let moderator = with_permissions(
        slash(place, &ALICE, "settings", vec![]),
        Permissions::MANAGE_GUILD | Permissions::MANAGE_MESSAGES,
    );
    let moderator = read_command(&with_app_permissions(
        moderator,
        Permissions::SEND_MESSAGES | Permissions::CREATE_PUBLIC_THREADS,
    ));
    let member = moderator.member.as_ref().expect("a member");
    let permissions = member.permissions.expect("member permissions");
    assert!(permissions.manage_guild() && permissions.manage_messages());
    assert!(!permissions.administrator());
    let app = moderator.app_permissions.expect("app permissions");
    assert!(app.create_public_threads() && !app.attach_files());
    let plain = read_command(&slash(place, &BOB, "move", vec![s("move", "Kd2")]));
    assert_eq!(
        plain.member.unwrap().permissions,
        Some(Permissions::empty())
    );
    let text = read_command(&slash(place, &CAROL, "game", vec![]));
    assert_eq!(
        text.channel.expect("the partial channel").kind,
        serenity::ChannelType::Text
    );

    let in_thread = read_command(&slash(
        thread(4, 40),
        &ALICE,
        "move",
        vec![s("move", "Kd2")],
    ));
    assert_eq!(in_thread.channel_id.get(), 40);
    let partial = in_thread.channel.expect("the thread");
    assert_eq!(partial.kind, serenity::ChannelType::PublicThread);
    assert_eq!(partial.parent_id.map(|p| p.get()), Some(4));
    assert_eq!(in_thread.guild_id.map(|g| g.get()), Some(GUILD_ID));

    let in_dm = read_command(&slash(dm(77), &CAROL, "price", vec![s("design", "WD")]));
    assert!(in_dm.guild_id.is_none() && in_dm.member.is_none());
    assert_eq!(in_dm.user.id.get(), CAROL.id);
    assert_eq!(
        in_dm.channel.map(|c| c.kind),
        Some(serenity::ChannelType::Private)
    );
    // Thread and DM places work for every interaction kind.
    for place in [thread(4, 40), dm(77)] {
        check_interaction(&button(place, &BOB, "x"));
        check_interaction(&autocomplete(
            place,
            &BOB,
            "move",
            vec![s("move", "K")],
            "move",
        ));
    }

    let serenity::Interaction::Component(pressed) =
        read(&button_on(place, &BOB, "challenge:accept:7", 12_345))
    else {
        panic!("not a button press")
    };
    assert_eq!(pressed.message.id.get(), 12_345);
    assert_eq!(pressed.data.custom_id, "challenge:accept:7");
    assert_eq!(pressed.message.components.len(), 1);

    for (who, bot) in [(CSIPGS, true), (ROBOT, true), (BOB, false)] {
        let option = if bot {
            Opt::BotUser("opponent", who)
        } else {
            Opt::User("opponent", who)
        };
        let ix = read_command(&slash(place, &ALICE, "challenge", vec![option]));
        let user = &ix.data.resolved.users[&serenity::UserId::new(who.id)];
        assert_eq!(user.bot, bot, "{} resolves with bot = {bot}", who.name);
    }

    for text in hostile_strings() {
        let ix = read_command(&slash(
            place,
            &ALICE,
            "propose",
            vec![s("name", text.clone())],
        ));
        match &ix.data.options[0].value {
            serenity::CommandDataOptionValue::String(read) => assert_eq!(read, &text),
            other => panic!("not a string: {other:?}"),
        }
    }
    assert_eq!(
        long_text(MAX_OPTION_CHARS).chars().count(),
        MAX_OPTION_CHARS
    );
}

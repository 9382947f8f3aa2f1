//! Gateway payloads as Discord sends them. Every one is read back with serenity's own types
//! first: a payload serenity can't read would be dropped silently and the test would only
//! time out.

use super::{message_object, APP_ID, BOT_ID};
use poise::serenity_prelude as serenity;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicU64, Ordering};

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

/// Where an interaction happens.
#[derive(Clone, Copy, Debug)]
pub enum Place {
    Guild { guild: u64, channel: u64 },
    Direct { channel: u64 },
}

pub fn channel(n: u64) -> Place {
    Place::Guild {
        guild: 500,
        channel: n,
    }
}

/// A slash command option.
pub enum Opt {
    Str(&'static str, String),
    Int(&'static str, i64),
    Bool(&'static str, bool),
    User(&'static str, User),
}

pub fn s(name: &'static str, value: impl Into<String>) -> Opt {
    Opt::Str(name, value.into())
}

fn user_json(user: &User) -> Value {
    json!({"id": user.id.to_string(), "username": user.name, "discriminator": "0", "global_name": null, "avatar": null})
}

fn options_json(options: &[Opt], focused: Option<&str>) -> (Vec<Value>, Value) {
    let mut users = serde_json::Map::new();
    let list = options
        .iter()
        .map(|o| {
            let (name, kind, value) = match o {
                Opt::Str(n, v) => (*n, 3, json!(v)),
                Opt::Int(n, v) => (*n, 4, json!(v)),
                Opt::Bool(n, v) => (*n, 5, json!(v)),
                Opt::User(n, u) => {
                    users.insert(u.id.to_string(), user_json(u));
                    (*n, 6, json!(u.id.to_string()))
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
    (list, json!({"users": users}))
}

static NEXT: AtomicU64 = AtomicU64::new(1000);

fn base(kind: u8, place: Place, user: &User) -> Value {
    let id = NEXT.fetch_add(1, Ordering::SeqCst);
    let mut ix = json!({
        "type": kind, "id": id.to_string(), "application_id": APP_ID.to_string(),
        "token": format!("tok{id}"), "version": 1, "locale": "en-US", "entitlements": [],
        "attachment_size_limit": 26214400
    });
    match place {
        Place::Guild { guild, channel } => {
            let permissions = if user.moderator { "8192" } else { "0" };
            ix["guild_id"] = json!(guild.to_string());
            ix["channel_id"] = json!(channel.to_string());
            ix["member"] = json!({"user": user_json(user), "roles": [], "deaf": false,
                "mute": false, "flags": 0, "permissions": permissions});
        }
        Place::Direct { channel } => {
            ix["channel_id"] = json!(channel.to_string());
            ix["user"] = user_json(user);
        }
    }
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

/// A press of a button on one of the bot's messages.
pub fn button(place: Place, user: &User, custom_id: &str) -> Value {
    let mut ix = base(3, place, user);
    let channel = ix["channel_id"].as_str().unwrap().to_string();
    ix["data"] = json!({"custom_id": custom_id, "component_type": 2});
    ix["message"] = message_object(&channel, "a challenge");
    ix
}

/// The READY dispatch's data.
pub fn ready(port: u16) -> Value {
    let ready = json!({
        "v": 10, "user": {"id": BOT_ID.to_string(), "username": "csipgs", "bot": true},
        "guilds": [], "session_id": "session", "resume_gateway_url": format!("ws://127.0.0.1:{port}"),
        "application": {"id": APP_ID.to_string(), "flags": 0}
    });
    serde_json::from_value::<serenity::Ready>(ready.clone()).expect("serenity reads READY");
    ready
}

pub fn check_interaction(ix: &Value) {
    if let Err(e) = serde_json::from_value::<serenity::Interaction>(ix.clone()) {
        panic!("serenity can't read this interaction ({e}): {ix}");
    }
}

/// Every fixture kind, read back by serenity.
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
    ready(1);
    serde_json::from_value::<serenity::Message>(message_object("1", "x"))
        .expect("serenity reads the message");
}

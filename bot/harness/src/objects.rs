//! The objects the fake answers with (Message, Channel, error bodies), built as Discord sends
//! them, and `check_*` functions that read each back with serenity's own types: an object
//! serenity can't read makes the bot's request fail, which a test would blame on the bot.

use super::faults::{error_body, invalid_form_body};
use super::{ChannelKind, Upload, BOT_ID};
use poise::serenity_prelude as serenity;
use serde::de::DeserializeOwned;
use serde_json::{json, Value};

/// The timestamp every object carries (the fake has no clock of its own).
pub const TIMESTAMP: &str = "2024-01-01T00:00:00+00:00";

/// A user as Discord shows one in messages, channels and interactions.
pub fn user_object(id: u64, name: &str, bot: bool) -> Value {
    let mut user = json!({"id": id.to_string(), "username": name, "discriminator": "0",
        "global_name": null, "avatar": null});
    if bot {
        user["bot"] = json!(true);
    }
    user
}

/// A message by the bot: `fields` are what it sent (content, components, embeds, flags);
/// `files` become attachments. Components and embeds serenity can't read are left out, so a
/// builder quirk can't make the bot's own request fail.
pub fn message_object(id: u64, channel: u64, fields: &Value, files: &[Upload]) -> Value {
    let attachments: Vec<Value> = files
        .iter()
        .enumerate()
        .map(|(i, file)| {
            let url = format!(
                "https://cdn.discordapp.com/attachments/{channel}/{id}{i}/{}",
                file.name
            );
            json!({"id": format!("{id}{i}"), "filename": file.name, "size": file.bytes.len(),
                "url": url, "proxy_url": url, "description": file.description})
        })
        .collect();
    let mut message = json!({
        "id": id.to_string(), "channel_id": channel.to_string(),
        "author": user_object(BOT_ID, "csipgs", true),
        "content": fields["content"].as_str().unwrap_or(""), "timestamp": TIMESTAMP,
        "edited_timestamp": null, "tts": false, "mention_everyone": false, "mentions": [],
        "mention_roles": [], "attachments": attachments, "embeds": [], "pinned": false,
        "type": 0, "flags": fields["flags"].as_u64().unwrap_or(0), "components": []
    });
    for (key, kind) in [("embeds", "embeds"), ("components", "components")] {
        let value = &fields[key];
        let readable = match kind {
            "embeds" => reads::<Vec<serenity::Embed>>(value),
            _ => reads::<Vec<serenity::ActionRow>>(value),
        };
        if readable {
            message[key] = value.clone();
        }
    }
    message
}

fn reads<T: DeserializeOwned>(value: &Value) -> bool {
    value.is_array() && T::deserialize(value).is_ok()
}

/// A channel, thread or DM channel as `GET /channels/{id}` answers it.
pub fn channel_object(id: u64, kind: &ChannelKind, name: &str) -> Value {
    match kind {
        ChannelKind::Text { guild } => json!({
            "id": id.to_string(), "type": 0, "guild_id": guild.to_string(), "name": name,
            "position": 0, "permission_overwrites": [], "parent_id": null, "topic": null,
            "nsfw": false, "last_message_id": null, "rate_limit_per_user": 0, "flags": 0
        }),
        ChannelKind::Dm { recipient } => json!({
            "id": id.to_string(), "type": 1, "last_message_id": null, "flags": 0,
            "recipients": [user_object(*recipient, &format!("user{recipient}"), false)]
        }),
        ChannelKind::Thread {
            guild,
            parent,
            private,
            archived,
            locked,
            auto_archive_minutes,
        } => json!({
            "id": id.to_string(), "type": if *private { 12 } else { 11 },
            "guild_id": guild.to_string(), "parent_id": parent.to_string(), "name": name,
            "owner_id": BOT_ID.to_string(), "last_message_id": null, "message_count": 0,
            "member_count": 1, "rate_limit_per_user": 0, "flags": 0, "total_message_sent": 0,
            "thread_metadata": {"archived": archived, "auto_archive_duration": auto_archive_minutes,
                "archive_timestamp": TIMESTAMP, "locked": locked, "create_timestamp": TIMESTAMP}
        }),
    }
}

/// A server as GUILD_CREATE sends it: its `@everyone` role (whose id is the server's) may
/// view, write and use commands; each of `channels` is a text channel, one whose flag is
/// true hidden from `@everyone` by an overwrite denying View Channel.
pub fn guild_object(guild: u64, channels: &[(u64, bool)]) -> Value {
    const EVERYONE: serenity::Permissions = serenity::Permissions::VIEW_CHANNEL
        .union(serenity::Permissions::SEND_MESSAGES)
        .union(serenity::Permissions::USE_APPLICATION_COMMANDS);
    let channels: Vec<Value> = channels
        .iter()
        .map(|&(id, hidden)| {
            let mut channel =
                channel_object(id, &ChannelKind::Text { guild }, &format!("channel-{id}"));
            if hidden {
                let deny = serenity::Permissions::VIEW_CHANNEL.bits().to_string();
                channel["permission_overwrites"] =
                    json!([{"id": guild.to_string(), "type": 0, "allow": "0", "deny": deny}]);
            }
            channel
        })
        .collect();
    json!({
        "id": guild.to_string(), "name": "server", "icon": null, "icon_hash": null,
        "splash": null, "discovery_splash": null, "owner_id": "1",
        "verification_level": 0, "default_message_notifications": 0,
        "explicit_content_filter": 0, "features": [], "mfa_level": 0,
        "application_id": null, "system_channel_id": null, "system_channel_flags": 0,
        "rules_channel_id": null, "vanity_url_code": null, "description": null,
        "banner": null, "premium_tier": 0, "preferred_locale": "en-US",
        "public_updates_channel_id": null, "nsfw_level": 0, "stickers": [], "emojis": [],
        "premium_progress_bar_enabled": false,
        "roles": [{"id": guild.to_string(), "name": "@everyone", "color": 0,
            "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
            "hoist": false, "managed": false, "mentionable": false,
            "permissions": EVERYONE.bits().to_string(), "position": 0, "icon": null,
            "unicode_emoji": null, "flags": 0}],
        "joined_at": TIMESTAMP, "large": false, "unavailable": false, "member_count": 5,
        "voice_states": [], "members": [], "channels": channels, "threads": [],
        "presences": [], "stage_instances": [], "guild_scheduled_events": []
    })
}

/// serenity reads `guild` as a Guild (as GUILD_CREATE carries it).
pub fn check_guild(guild: &Value) -> serenity::Guild {
    check("guild", guild)
}

/// serenity reads `guild` as a PartialGuild (as GUILD_UPDATE carries it).
pub fn check_partial_guild(guild: &Value) -> serenity::PartialGuild {
    check("changed guild", guild)
}

/// Panics unless serenity reads `value` as a `T`.
fn check<T: DeserializeOwned>(what: &str, value: &Value) -> T {
    match T::deserialize(value) {
        Ok(read) => read,
        Err(e) => panic!("serenity can't read this {what} ({e}): {value}"),
    }
}

/// serenity reads `message` as a Message.
pub fn check_message(message: &Value) -> serenity::Message {
    check("message", message)
}

/// serenity reads `channel` as a Channel (guild channel, thread or DM).
pub fn check_channel(channel: &Value) -> serenity::Channel {
    check("channel", channel)
}

/// serenity reads `body` as a Discord JSON error.
pub fn check_error(body: &Value) -> serenity::DiscordJsonError {
    check("error body", body)
}

/// Every response object kind, read back by serenity, with the fields the bot relies on.
pub fn check_all() {
    let files = [Upload {
        name: "board.png".into(),
        bytes: vec![1, 2, 3],
        description: Some("White to move.".into()),
    }];
    let fields = json!({"content": "hi", "flags": 64, "components": [{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "Accept", "custom_id": "challenge:accept:1"}]}],
        "embeds": [{"title": "t", "description": "d", "fields": [{"name": "n", "value": "v", "inline": false}]}]});
    let message = check_message(&message_object(7, 3, &fields, &files));
    assert_eq!(
        (message.id.get(), message.channel_id.get()),
        (7, 3),
        "message ids"
    );
    assert_eq!(message.attachments[0].filename, "board.png");
    assert_eq!(message.components.len(), 1, "components kept");
    assert_eq!(message.embeds.len(), 1, "embeds kept");
    // Fields serenity can't read are dropped, not echoed.
    let odd = json!({"content": "x", "components": [{"type": 1, "components": [{"type": 2}]}],
        "embeds": "not a list"});
    check_message(&message_object(8, 3, &odd, &[]));

    let text = check_channel(&channel_object(
        4,
        &ChannelKind::Text { guild: 500 },
        "chess",
    ));
    let serenity::Channel::Guild(text) = text else {
        panic!("a guild channel")
    };
    assert_eq!(text.kind, serenity::ChannelType::Text);
    let dm = check_channel(&channel_object(5, &ChannelKind::Dm { recipient: 101 }, ""));
    let serenity::Channel::Private(dm) = dm else {
        panic!("a DM channel")
    };
    assert_eq!(dm.recipient.id.get(), 101);
    for private in [false, true] {
        let kind = ChannelKind::Thread {
            guild: 500,
            parent: 4,
            private,
            archived: true,
            locked: false,
            auto_archive_minutes: 1440,
        };
        let serenity::Channel::Guild(thread) = check_channel(&channel_object(6, &kind, "game"))
        else {
            panic!("a thread")
        };
        let expected = if private {
            serenity::ChannelType::PrivateThread
        } else {
            serenity::ChannelType::PublicThread
        };
        assert_eq!(thread.kind, expected);
        assert_eq!(thread.parent_id.map(|p| p.get()), Some(4));
        assert_eq!(thread.guild_id.get(), 500);
        assert!(thread.thread_metadata.expect("thread metadata").archived);
    }

    for (code, message) in [
        (10062, "Unknown interaction"),
        (10015, "Unknown Webhook"),
        (40060, "Interaction has already been acknowledged."),
        (0, "500: Internal Server Error"),
    ] {
        let error = check_error(&error_body(code, message));
        assert_eq!(error.code, code as isize);
    }
    let form = check_error(&invalid_form_body(
        "data.content",
        "BASE_TYPE_MAX_LENGTH",
        "Must be 2000 or fewer in length.",
    ));
    assert_eq!(form.code, 50035);
    assert_eq!(form.errors[0].path, "data.content", "{form:?}");
}

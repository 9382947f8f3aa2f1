//! The fake's REST API: which kind of request each is, the faults armed for it, Discord's
//! rules, and the state each request changes (interactions, messages, channels).

use super::faults::{self, Failed, Fault, Route, Rule, Violation};
use super::http::{self, Delivery};
use super::objects::{channel_object, message_object};
use super::{
    channel_key, ChannelKind, ChannelRecord, Interaction, Record, State, StoredMessage, Upload,
    APP_ID, BOT_ID, GUILD_ID,
};
use serde_json::{json, Value};
use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Notify;

/// The kind of request a method and path (split after `/api/v10/`) make.
fn classify(method: &str, parts: &[&str]) -> Route {
    let webhook_message = |target: &str, original: Route, followup: Route| {
        if target == "@original" {
            original
        } else {
            followup
        }
    };
    match (method, parts) {
        ("GET", ["gateway"] | ["gateway", "bot"]) => Route::Gateway,
        ("GET", ["oauth2", "applications", "@me"]) => Route::Application,
        ("PUT", ["applications", _, "commands"] | ["applications", _, "guilds", _, "commands"]) => {
            Route::RegisterCommands
        }
        ("POST", ["interactions", _, _, "callback"]) => Route::Callback,
        ("POST", ["webhooks", _, _]) => Route::Followup,
        ("GET", ["webhooks", _, _, "messages", m]) => {
            webhook_message(m, Route::GetOriginal, Route::GetFollowup)
        }
        ("PATCH", ["webhooks", _, _, "messages", m]) => {
            webhook_message(m, Route::EditOriginal, Route::EditFollowup)
        }
        ("DELETE", ["webhooks", _, _, "messages", m]) => {
            webhook_message(m, Route::DeleteOriginal, Route::DeleteFollowup)
        }
        ("POST", ["channels", _, "messages"]) => Route::ChannelMessage,
        ("GET", ["channels", _, "messages", _]) => Route::GetMessage,
        ("PATCH", ["channels", _, "messages", _]) => Route::EditMessage,
        ("DELETE", ["channels", _, "messages", _]) => Route::DeleteMessage,
        ("POST", ["channels", _, "threads"] | ["channels", _, "messages", _, "threads"]) => {
            Route::CreateThread
        }
        ("PUT", ["channels", _, "thread-members", _]) => Route::ThreadMember,
        ("GET", ["channels", _]) => Route::GetChannel,
        ("PATCH", ["channels", _]) => Route::EditChannel,
        ("POST", ["users", "@me", "channels"]) => Route::CreateDm,
        _ => Route::Unknown,
    }
}

/// What a request concerns, for faults aimed at one token, channel or user.
fn key_of(route: Route, parts: &[&str], body: &Value) -> Option<String> {
    match route {
        _ if route.uses_token() => parts.get(2).map(|t| t.to_string()),
        Route::CreateDm => body["recipient_id"]
            .as_str()
            .map(str::to_string)
            .or_else(|| body["recipient_id"].as_u64().map(|id| id.to_string())),
        _ if route.concerns_channel() => parts.get(1).map(|c| c.to_string()),
        _ => None,
    }
}

fn snowflake(text: &str) -> u64 {
    text.parse().unwrap_or(0)
}

/// Why the fake didn't serve a request.
enum Refused {
    /// The bot broke a rule; the `&str` is where the message sits in the body ("data." in a
    /// callback), for the error's field path.
    Rule(Rule, &'static str),
    /// Discord's state refuses it (deleted message, closed DMs): recorded as failed.
    Fault(Fault),
}

type Served = Result<http::Response, Refused>;

/// One request being served.
struct Call<'a> {
    route: Route,
    /// The path after `/api/v10/`, split at `/`.
    parts: &'a [&'a str],
    body: &'a Value,
    files: &'a Arc<Vec<Upload>>,
    at: Instant,
}

impl Call<'_> {
    /// The snowflake at `parts[i]` (0 if none).
    fn id(&self, i: usize) -> u64 {
        snowflake(self.parts.get(i).copied().unwrap_or(""))
    }

    /// This request as `sent` keeps it.
    fn record(&self, kind: &'static str, message: Option<u64>, channel: Option<u64>) -> Record {
        Record {
            kind,
            body: self.body.clone(),
            files: self.files.clone(),
            at: self.at,
            route: self.route,
            message_id: message,
            channel_id: channel,
        }
    }

    /// Discord's limits on the message this request carries (at `prefix` in the body).
    fn check_message(
        &self,
        message: &Value,
        new: bool,
        prefix: &'static str,
    ) -> Result<(), Refused> {
        match faults::check_message(message, self.files, new) {
            Some(rule) => Err(Refused::Rule(rule, prefix)),
            None => Ok(()),
        }
    }
}

/// How long Discord remembers a nonce it enforced ("the past few minutes").
const NONCE_WINDOW: Duration = Duration::from_secs(5 * 60);

/// A new message's nonce (as text, a number's too), if it asks Discord to enforce it.
fn enforced_nonce(body: &Value) -> Option<String> {
    if body["enforce_nonce"].as_bool() != Some(true) {
        return None;
    }
    match &body["nonce"] {
        Value::String(nonce) => Some(nonce.clone()),
        Value::Number(nonce) => Some(nonce.to_string()),
        _ => None,
    }
}

/// Answer one REST request, recording what the bot sent.
pub(super) fn answer(
    state: &Mutex<State>,
    changed: &Notify,
    gateway_port: u16,
    request: http::Request,
) -> http::Response {
    if let Some(response) = super::oauth::serve(state, &request) {
        changed.notify_waiters();
        return response;
    }
    let path = request.path.split('?').next().unwrap_or("").to_string();
    let parts: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
    let (body, files) = request.payload();
    let call = Call {
        route: classify(&request.method, &parts),
        parts: &parts,
        body: &body,
        files: &Arc::new(files),
        at: Instant::now(),
    };
    let route = call.route;
    let key = key_of(route, &parts, &body);
    let mut s = state
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    for file in call.files.iter() {
        if file.description.as_deref().is_none_or(str::is_empty) {
            s.undescribed
                .push(format!("{} {}: {}", request.method, path, file.name));
        }
    }
    if route == Route::Callback {
        // Discord's 3 s window counts the first attempt, whatever becomes of it.
        if let Some(ix) = s.interactions.get_mut(parts[2]) {
            ix.first_callback.get_or_insert(call.at);
        }
    }
    let fail = |s: &mut State, fault: Fault| {
        s.failed.push(Failed {
            route,
            request: format!("{} {}", request.method, request.path),
            key: key.clone(),
            fault: fault.clone(),
            body: body.clone(),
            files: call.files.to_vec(),
            at: call.at,
        });
        fault.response(route)
    };
    let expired = route.uses_token() && s.interactions.get(parts[2]).is_some_and(|ix| ix.expired);
    let deleted = route.concerns_channel()
        && key
            .as_deref()
            .is_some_and(|c| s.deleted_channels.contains(&snowflake(c)));
    let response = match s.take_fault(route, key.as_deref()) {
        Some(fault) if !fault.takes_effect() => fail(&mut s, fault),
        _ if expired => fail(&mut s, Fault::TokenExpired),
        _ if deleted => fail(&mut s, Fault::unknown_channel()),
        armed => {
            let response = match s.serve(&call, gateway_port) {
                Ok(response) => response,
                Err(Refused::Fault(fault)) => fail(&mut s, fault),
                Err(Refused::Rule(rule, prefix)) => {
                    let response = rule.response(route, prefix);
                    s.violations.push(Violation {
                        route,
                        rule,
                        key: key.clone(),
                        body: body.clone(),
                        at: call.at,
                    });
                    response
                }
            };
            match armed {
                Some(Fault::Slow(delay)) => response.deliver(Delivery::After(delay)),
                _ => response,
            }
        }
    };
    if route == Route::Unknown {
        s.unexpected
            .push(format!("{} {}", request.method, request.path));
    }
    drop(s);
    changed.notify_waiters();
    response
}

/// Fields of `edit` replace the message's; files follow Discord's rule: an `attachments` list
/// names the old files kept, and new files are added.
fn apply_edit(message: &mut StoredMessage, id: u64, edit: &Value, files: &[Upload]) {
    if let (Some(fields), Some(edit)) = (message.fields.as_object_mut(), edit.as_object()) {
        for (key, value) in edit {
            fields.insert(key.clone(), value.clone());
        }
    }
    let kept = edit["attachments"].as_array();
    if kept.is_none() && files.is_empty() {
        return;
    }
    let kept: Option<Vec<String>> = kept.map(|kept| {
        kept.iter()
            .filter_map(|a| a["id"].as_str().map(str::to_string))
            .collect()
    });
    let mut now: Vec<Upload> = message
        .files
        .iter()
        .enumerate()
        .filter(|(i, _)| {
            kept.as_ref()
                .is_none_or(|k| k.contains(&format!("{id}{i}")))
        })
        .map(|(_, file)| file.clone())
        .collect();
    now.extend(files.iter().cloned());
    message.files = Arc::new(now);
}

/// A channel, guessed to be a text channel of the fixtures' guild if the fake hasn't met it.
fn learn_channel(channels: &mut HashMap<u64, ChannelRecord>, id: u64) -> &mut ChannelRecord {
    channels.entry(id).or_insert_with(|| {
        let text = ChannelKind::Text { guild: GUILD_ID };
        let mut guess = ChannelRecord::new(text, format!("channel-{id}"));
        guess.guessed = true;
        guess
    })
}

impl StoredMessage {
    fn new(channel: u64, route: Route, fields: Value, files: Arc<Vec<Upload>>) -> StoredMessage {
        StoredMessage {
            channel,
            route,
            fields: if fields.is_object() {
                fields
            } else {
                json!({})
            },
            files,
            at: Instant::now(),
            deleted: false,
        }
    }
}

impl State {
    /// Learn an interaction, and the channel it came from, as it is dispatched.
    pub(super) fn register_interaction(&mut self, ix: &Value) {
        let token = ix["token"].as_str().expect("a token").to_string();
        let channel = snowflake(ix["channel_id"].as_str().unwrap_or("0"));
        let user = ix["member"]["user"]["id"]
            .as_str()
            .or(ix["user"]["id"].as_str())
            .map_or(0, snowflake);
        let now = Instant::now();
        self.interactions.insert(
            token,
            Interaction {
                channel,
                message: ix["message"]["id"].as_str().map(snowflake),
                dispatched: now,
                first_callback: None,
                acknowledged: false,
                original: None,
                expired: false,
            },
        );
        let guild = ix["guild_id"].as_str().map(snowflake);
        let partial = &ix["channel"];
        let metadata = |flag: &str| partial["thread_metadata"][flag].as_bool().unwrap_or(false);
        let kind = match (guild, partial["type"].as_u64()) {
            (None, _) => {
                self.dms.entry(user).or_insert(channel);
                ChannelKind::Dm { recipient: user }
            }
            (Some(guild), Some(t @ (11 | 12))) => ChannelKind::Thread {
                guild,
                parent: partial["parent_id"].as_str().map_or(0, snowflake),
                private: t == 12,
                archived: metadata("archived"),
                locked: metadata("locked"),
                auto_archive_minutes: 1440,
            },
            (Some(guild), _) => ChannelKind::Text { guild },
        };
        let name = partial["name"].as_str().unwrap_or("").to_string();
        match self.channels.entry(channel) {
            Entry::Vacant(new) => {
                new.insert(ChannelRecord::new(kind, name));
            }
            Entry::Occupied(mut guessed) if guessed.get().guessed => {
                let record = guessed.get_mut();
                (record.kind, record.name, record.guessed) = (kind, name, false);
            }
            Entry::Occupied(_) => {}
        }
    }

    /// The first armed fault for this request, used up by one.
    fn take_fault(&mut self, route: Route, key: Option<&str>) -> Option<Fault> {
        let armed = self
            .armed
            .iter_mut()
            .find(|a| a.route.matches(route) && (a.key.is_none() || a.key.as_deref() == key))?;
        armed.left -= 1;
        let fault = armed.fault.clone();
        self.armed.retain(|a| a.left > 0);
        Some(fault)
    }

    fn record(&mut self, key: String, sent: Record) {
        self.sent.entry(key).or_default().push(sent);
    }

    /// A new message by the bot.
    fn create_message(&mut self, channel: u64, call: &Call, fields: &Value) -> u64 {
        let id = self.next_id();
        let message = StoredMessage::new(channel, call.route, fields.clone(), call.files.clone());
        self.store_message(id, message);
        id
    }

    /// With `enforce_nonce`, the message this channel got with the same nonce in the last
    /// few minutes, as Discord returns it instead of creating another.
    fn same_nonce(&mut self, channel: u64, call: &Call) -> Option<u64> {
        let nonce = enforced_nonce(call.body)?;
        let &(first, at) = self.nonces.get(&(channel, nonce))?;
        if call.at.duration_since(at) > NONCE_WINDOW {
            return None;
        }
        self.repeated_nonces += 1;
        Some(first)
    }

    /// The message as a Discord Message object.
    fn message_response(&self, id: u64) -> http::Response {
        let m = &self.messages[&id];
        http::Response::json(200, message_object(id, m.channel, &m.fields, &m.files))
    }

    /// A live message of the bot's, or 404 10008 if deleted or unknown.
    fn live_message(&self, id: Option<u64>) -> Result<u64, Refused> {
        match id {
            Some(id) if self.messages.get(&id).is_some_and(|m| !m.deleted) => Ok(id),
            _ => Err(Refused::Fault(Fault::unknown_message())),
        }
    }

    /// A message the fake hasn't met (from before it started: a fixture's, say) is taken as
    /// the bot's, empty.
    fn known_message(&mut self, id: u64, channel: u64, route: Route) -> &mut StoredMessage {
        let empty = StoredMessage::new(channel, route, json!({}), Arc::default());
        self.store_message(id, empty)
    }

    fn channel(&mut self, id: u64) -> &mut ChannelRecord {
        learn_channel(&mut self.channels, id)
    }

    fn channel_response(&mut self, id: u64) -> http::Response {
        let record = self.channel(id);
        http::Response::json(200, channel_object(id, &record.kind, &record.name))
    }

    /// Serve one request that no fault stopped.
    fn serve(&mut self, call: &Call, gateway_port: u16) -> Served {
        let body = call.body;
        match call.route {
            Route::Gateway => {
                let mut gateway = json!({"url": format!("ws://127.0.0.1:{gateway_port}")});
                // `/gateway/bot` also recommends a shard count (`set_recommended_shards`).
                if call.parts.get(1) == Some(&"bot") {
                    gateway["shards"] = json!(self.recommended_shards.unwrap_or(1));
                    gateway["session_start_limit"] = json!({"total": 1000, "remaining": 1000,
                        "reset_after": 0, "max_concurrency": 1});
                }
                Ok(http::Response::json(200, gateway))
            }
            Route::Application => Ok(http::Response::json(
                200,
                json!({"id": APP_ID.to_string(), "name": "csipgs", "description": "", "bot_public": true,
                    "bot_require_code_grant": false, "verify_key": "0000000000000000000000000000000000000000000000000000000000000000"}),
            )),
            Route::RegisterCommands => {
                let commands = body.as_array().map(Vec::as_slice).unwrap_or_default();
                let entry = commands.iter().find(|c| c["type"] == 4);
                match entry {
                    None if self.activities => {
                        return Err(Refused::Rule(Rule::NoEntryPoint, ""));
                    }
                    Some(entry) if !self.activities || entry["handler"].is_null() => {
                        return Err(Refused::Rule(Rule::EntryPointWithoutActivity, ""));
                    }
                    _ => {}
                }
                self.registered.push(body.clone());
                Ok(http::Response::json(200, json!([])))
            }
            Route::Callback => self.callback(call),
            Route::Followup
            | Route::GetOriginal
            | Route::EditOriginal
            | Route::DeleteOriginal
            | Route::GetFollowup
            | Route::EditFollowup
            | Route::DeleteFollowup => self.webhook(call),
            Route::ChannelMessage => {
                let channel = call.id(1);
                self.post_to_channel(channel, call)?;
                if let Some(first) = self.same_nonce(channel, call) {
                    return Ok(self.message_response(first));
                }
                let id = self.create_message(channel, call, body);
                if let Some(nonce) = enforced_nonce(body) {
                    self.nonces.insert((channel, nonce), (id, call.at));
                }
                let record = call.record("message", Some(id), Some(channel));
                self.record(channel_key(channel), record);
                Ok(self.message_response(id))
            }
            Route::GetMessage | Route::EditMessage | Route::DeleteMessage => {
                let (channel, id) = (call.id(1), call.id(3));
                self.known_message(id, channel, Route::ChannelMessage);
                let id = self.live_message(Some(id))?;
                let kinds = ["message_edit", "message_delete"];
                self.change_message(call, id, channel_key(channel), kinds)
            }
            Route::CreateThread => {
                let message = call.parts.get(3).map(|_| call.id(3));
                self.create_thread(call.id(1), message, body)
            }
            Route::ThreadMember => {
                let user = match call.parts[3] {
                    "@me" => BOT_ID,
                    user => snowflake(user),
                };
                let thread = self.channel(call.id(1));
                if !thread.members.contains(&user) {
                    thread.members.push(user);
                }
                Ok(http::Response::empty(204))
            }
            Route::GetChannel => Ok(self.channel_response(call.id(1))),
            Route::EditChannel => {
                let id = call.id(1);
                let record = self.channel(id);
                record.edits.push(body.clone());
                if let Some(name) = body["name"].as_str() {
                    record.name = name.to_string();
                }
                if let ChannelKind::Thread {
                    archived,
                    locked,
                    auto_archive_minutes,
                    ..
                } = &mut record.kind
                {
                    *archived = body["archived"].as_bool().unwrap_or(*archived);
                    *locked = body["locked"].as_bool().unwrap_or(*locked);
                    *auto_archive_minutes = body["auto_archive_duration"]
                        .as_u64()
                        .unwrap_or(*auto_archive_minutes);
                }
                Ok(self.channel_response(id))
            }
            Route::CreateDm => {
                let user = key_of(call.route, call.parts, body).map_or(0, |u| snowflake(&u));
                let channel = match self.dms.get(&user) {
                    Some(&channel) => channel,
                    None => {
                        let channel = self.next_id();
                        self.dms.insert(user, channel);
                        channel
                    }
                };
                let kind = ChannelKind::Dm { recipient: user };
                self.channels
                    .entry(channel)
                    .or_insert_with(|| ChannelRecord::new(kind, String::new()));
                Ok(self.channel_response(channel))
            }
            Route::Any | Route::Unknown => Ok(http::Response::json(
                404,
                json!({"message": "404: Not Found", "code": 0}),
            )),
        }
    }

    /// Read, edit or delete one of the bot's messages, recording an edit or a delete under
    /// `key` as `kinds[0]` or `kinds[1]`.
    fn change_message(
        &mut self,
        call: &Call,
        id: u64,
        key: String,
        kinds: [&'static str; 2],
    ) -> Served {
        let channel = self.messages[&id].channel;
        match call.route {
            Route::EditOriginal | Route::EditFollowup | Route::EditMessage => {
                call.check_message(call.body, false, "")?;
                apply_edit(
                    self.messages.get_mut(&id).unwrap(),
                    id,
                    call.body,
                    call.files,
                );
                self.record(key, call.record(kinds[0], Some(id), Some(channel)));
            }
            Route::DeleteOriginal | Route::DeleteFollowup | Route::DeleteMessage => {
                self.messages.get_mut(&id).unwrap().deleted = true;
                self.record(key, call.record(kinds[1], Some(id), Some(channel)));
                return Ok(http::Response::empty(204));
            }
            _ => {}
        }
        Ok(self.message_response(id))
    }

    /// `POST /interactions/{id}/{token}/callback`.
    fn callback(&mut self, call: &Call) -> Served {
        let token = call.parts[2];
        let window = self.callback_window;
        let Some(ix) = self.interactions.get(token) else {
            return Err(Refused::Rule(Rule::UnknownInteraction, ""));
        };
        if ix.acknowledged {
            return Err(Refused::Rule(Rule::AlreadyAcknowledged, ""));
        }
        let after = call.at.duration_since(ix.dispatched);
        if window.is_some_and(|window| after > window) {
            return Err(Refused::Rule(Rule::LateCallback { after }, ""));
        }
        let (channel, component_message) = (ix.channel, ix.message);
        let data = &call.body["data"];
        let kind = call.body["type"].as_u64().unwrap_or(0);
        if kind == 12 && !self.activities {
            return Err(Refused::Rule(Rule::LaunchWithoutActivity, ""));
        }
        match kind {
            4 => call.check_message(data, true, "data.")?,
            7 => call.check_message(data, false, "data.")?,
            8 => {
                if let Some(rule) = faults::check_choices(data) {
                    return Err(Refused::Rule(rule, "data."));
                }
            }
            _ => {}
        }
        let message = match kind {
            // A reply, or a defer's "thinking..." message that edits fill in later.
            4 => Some(self.create_message(channel, call, data)),
            5 => {
                let thinking = json!({"content": "", "flags": data["flags"]});
                Some(self.create_message(channel, call, &thinking))
            }
            // An update of the message the component is on.
            7 => component_message.inspect(|&id| {
                let message = self.known_message(id, channel, Route::Callback);
                apply_edit(message, id, data, call.files);
            }),
            _ => None,
        };
        let ix = self.interactions.get_mut(token).unwrap();
        ix.acknowledged = true;
        if matches!(kind, 4 | 5) {
            ix.original = message;
        }
        let record = call.record("callback", message, message.map(|_| channel));
        self.record(token.to_string(), record);
        Ok(http::Response::empty(204))
    }

    /// Follow-ups, and the original response or a follow-up read, edited or deleted.
    fn webhook(&mut self, call: &Call) -> Served {
        let token = call.parts[2];
        let Some(ix) = self.interactions.get(token) else {
            return Err(Refused::Rule(Rule::UnknownInteraction, ""));
        };
        if call.route == Route::Followup {
            let channel = ix.channel;
            call.check_message(call.body, true, "")?;
            let id = self.create_message(channel, call, call.body);
            let record = call.record("followup", Some(id), Some(channel));
            self.record(token.to_string(), record);
            return Ok(self.message_response(id));
        }
        let target = match call.parts[4] {
            "@original" => ix.original,
            id => Some(snowflake(id)),
        };
        let id = self.live_message(target)?;
        self.change_message(call, id, token.to_string(), ["edit", "delete"])
    }

    /// Discord's checks before a post in a channel: closed DMs, locked threads (an archived
    /// thread that isn't locked is unarchived by the post), the message's limits.
    fn post_to_channel(&mut self, channel: u64, call: &Call) -> Result<(), Refused> {
        match &mut learn_channel(&mut self.channels, channel).kind {
            ChannelKind::Dm { recipient } if self.closed_dms.contains(recipient) => {
                return Err(Refused::Fault(Fault::cannot_dm()));
            }
            ChannelKind::Thread {
                archived: true,
                locked: true,
                ..
            } => return Err(Refused::Rule(Rule::ThreadLocked, "")),
            ChannelKind::Thread { archived, .. } => *archived = false,
            _ => {}
        }
        call.check_message(call.body, true, "")
    }

    /// `POST /channels/{parent}/threads`, or `.../messages/{message}/threads` (public, with
    /// the message's id, as on Discord).
    fn create_thread(&mut self, parent: u64, message: Option<u64>, body: &Value) -> Served {
        let ChannelKind::Text { guild } = self.channel(parent).kind else {
            return Err(Refused::Rule(Rule::WrongChannelType, ""));
        };
        let id = match message {
            Some(id) if self.channels.contains_key(&id) => {
                return Err(Refused::Rule(Rule::ThreadExists, ""));
            }
            Some(id) => id,
            None => self.next_id(),
        };
        // Without a message, Discord makes a private thread unless told otherwise.
        let private = message.is_none() && body["type"].as_u64() != Some(11);
        let kind = ChannelKind::Thread {
            guild,
            parent,
            private,
            archived: false,
            locked: false,
            auto_archive_minutes: body["auto_archive_duration"].as_u64().unwrap_or(1440),
        };
        let name = body["name"].as_str().unwrap_or("").to_string();
        let mut record = ChannelRecord::new(kind, name);
        record.from_message = message;
        record.created_by_bot = true;
        record.created = self.next_id();
        self.channels.insert(id, record);
        Ok(self.channel_response(id))
    }
}

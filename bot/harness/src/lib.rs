//! A fake Discord on 127.0.0.1 (REST and gateway) that drives the real `csipgs serve`, and
//! the fixtures it sends, each checked against serenity's own types. See
//! shared/notes/discord-e2e.md.
//!
//! Beyond answering, the fake keeps Discord's rules and state: interactions answered once,
//! message limits, messages with ids per channel, threads, DM channels. Faults can be armed
//! per request kind (`fail_next`), and what failed or broke a rule is recorded apart from what
//! was sent (`failed`, `violations`). A hardening test reads like:
//!
//! ```text
//! fake.fail_next(Route::Callback, Fault::Status(500), 1);
//! fake.dispatch(&slash(channel(4), &ALICE, "move", vec![s("move", "Kd2")]));
//! let failed = fake.failure(1).await;            // the callback Discord refused
//! let shown = fake.channel_message(4, 1).await;  // what the bot did about it
//! assert!(fake.violations().is_empty());
//! assert!(fake.missed_callback_window(Duration::from_secs(3)).is_empty());
//! ```
//!
//! `self_check()` drives every route, rule and fault through serenity's own client.

mod faults;
pub mod fixtures;
pub mod games;
mod gateway;
mod http;
mod oauth;
pub mod objects;
mod process;
mod proxy;
mod rest;
mod selfcheck;

pub use csipgs_core::core::testing::postgres;
pub use faults::{Failed, Fault, Route, Rule, Violation};
pub use oauth::{exchange_holds, hidden, CLIENT_SECRET};
pub use process::{
    count, departed_guilds, free_port, http_get, lock_database, memory_kib, scratch_dir, Bot,
    DbLock, Launch, UNLIMITED_WEB,
};
pub use proxy::DbProxy;
pub use selfcheck::self_check;

use faults::Armed;
use serde_json::{json, Value};
use std::collections::btree_map::Entry;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::process::Command;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tokio::sync::{watch, Notify};

pub const APP_ID: u64 = 1;
pub const BOT_ID: u64 = 2;
pub const TOKEN: &str = "fake-token-b5d2e4a1c9";
/// The guild of `fixtures::channel(n)`; on shard 0 of 2 (and of any count below 500).
pub const GUILD_ID: u64 = 500;
/// A guild on shard 1 of 2 (`fixtures::channel_in(SHARD1_GUILD, n)`): a guild's shard is
/// `(guild_id >> 22) % shards`.
pub const SHARD1_GUILD: u64 = 1 << 22;

/// The shard of `shards` that Discord sends a guild's events to.
pub fn shard_of(guild: u64, shards: u32) -> u32 {
    let shard = (guild >> 22) % u64::from(shards);
    u32::try_from(shard).expect("below the shard count")
}

/// A file sent with a reply.
#[derive(Clone, Debug)]
pub struct Upload {
    pub name: String,
    pub bytes: Vec<u8>,
    /// Its description (alt text), from the payload's `attachments` entry of its name.
    pub description: Option<String>,
}

/// What the bot sent for one interaction: the callback or a follow-up; or a message in a
/// channel (see `channel_messages`).
#[derive(Clone, Debug)]
pub struct Sent {
    /// "callback", "followup", "edit" (of the original or a follow-up), "delete" (of the
    /// original or a follow-up), "message" (posted to a channel, or a message as it stands
    /// now), "message_edit" or "message_delete" (of a channel message).
    pub kind: &'static str,
    pub body: Value,
    pub files: Vec<Upload>,
    pub at: Instant,
    /// The request's kind, or for a message as it stands the request that created it.
    pub route: Route,
    /// The message this made, changed or deleted (none for a defer-less callback such as an
    /// autocomplete answer).
    pub message_id: Option<u64>,
    /// Where the message is.
    pub channel_id: Option<u64>,
}

impl Sent {
    /// The callback's type: 4 reply, 5 defer, 7 update the message, 8 autocomplete.
    pub fn callback_type(&self) -> u64 {
        self.body["type"].as_u64().unwrap_or(0)
    }

    /// The message part: a callback's `data`, or a follow-up's body.
    pub fn message(&self) -> &Value {
        match self.kind {
            "callback" => &self.body["data"],
            _ => &self.body,
        }
    }

    /// The message's text ("" if none).
    pub fn content(&self) -> &str {
        self.message()["content"].as_str().unwrap_or("")
    }

    /// Whether only the member who asked sees the message (flag 64).
    pub fn ephemeral(&self) -> bool {
        self.message()["flags"].as_u64().unwrap_or(0) & 64 != 0
    }

    /// The message's components (buttons, select menus), row after row.
    pub fn components(&self) -> Vec<Value> {
        let rows = self.message()["components"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        rows.iter()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .collect()
    }

    /// The custom ids of the message's buttons (and menus).
    pub fn buttons(&self) -> Vec<String> {
        self.components()
            .iter()
            .filter_map(|b| b["custom_id"].as_str().map(str::to_string))
            .collect()
    }

    /// An autocomplete answer's (name, value) pairs.
    pub fn choices(&self) -> Vec<(String, Value)> {
        self.body["data"]["choices"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .map(|c| {
                (
                    c["name"].as_str().unwrap_or("").to_string(),
                    c["value"].clone(),
                )
            })
            .collect()
    }

    /// Every PNG attached, decoded: (width, height).
    pub fn pngs(&self) -> Vec<(u32, u32)> {
        self.files
            .iter()
            .filter(|f| f.name.ends_with(".png"))
            .map(|f| {
                let decoder = png::Decoder::new(std::io::Cursor::new(&f.bytes[..]));
                let mut reader = decoder.read_info().expect("a PNG");
                let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
                let info = reader.next_frame(&mut pixels).expect("PNG pixels decode");
                assert!(
                    pixels.iter().any(|&p| p != pixels[0]),
                    "{} is blank",
                    f.name
                );
                (info.width, info.height)
            })
            .collect()
    }
}

/// What `State::sent` keeps: a `Sent` whose files are shared with the message they made
/// (a load test sends thousands of pictures; each is kept once). Accessors clone records
/// under the state's lock and copy the files into a `Sent` after releasing it.
#[derive(Clone)]
struct Record {
    kind: &'static str,
    body: Value,
    files: Arc<Vec<Upload>>,
    at: Instant,
    route: Route,
    message_id: Option<u64>,
    channel_id: Option<u64>,
}

impl Record {
    fn into_sent(self) -> Sent {
        Sent {
            kind: self.kind,
            body: self.body,
            files: self.files.to_vec(),
            at: self.at,
            route: self.route,
            message_id: self.message_id,
            channel_id: self.channel_id,
        }
    }
}

/// What a channel id stands for.
#[derive(Clone, Debug, PartialEq)]
pub enum ChannelKind {
    /// A guild text channel (type 0).
    Text { guild: u64 },
    /// A DM channel (type 1) with one member.
    Dm { recipient: u64 },
    /// A thread (type 11 public, 12 private) in a text channel.
    Thread {
        guild: u64,
        parent: u64,
        private: bool,
        archived: bool,
        locked: bool,
        auto_archive_minutes: u64,
    },
}

/// A thread as the fake knows it (created by the bot, or where an interaction came from).
#[derive(Clone, Debug, PartialEq)]
pub struct Thread {
    pub id: u64,
    pub guild_id: u64,
    pub parent_id: u64,
    pub name: String,
    pub private: bool,
    pub archived: bool,
    pub locked: bool,
    /// The message it was started from (its id is the thread's id, as on Discord).
    pub from_message: Option<u64>,
    /// Whether the bot created it.
    pub created_by_bot: bool,
    /// Members the bot added (`@me` is recorded as `BOT_ID`).
    pub members: Vec<u64>,
}

struct ChannelRecord {
    kind: ChannelKind,
    name: String,
    /// When the bot created it, as a count (0: learned from an interaction or a request).
    created: u64,
    from_message: Option<u64>,
    created_by_bot: bool,
    members: Vec<u64>,
    /// Bodies of `PATCH /channels/{id}`, in order.
    edits: Vec<Value>,
    /// Made up when a request named a channel the fake hadn't met (as a text channel of the
    /// fixtures' guild): the first interaction from it tells what it is.
    guessed: bool,
}

impl ChannelRecord {
    fn new(kind: ChannelKind, name: String) -> ChannelRecord {
        ChannelRecord {
            kind,
            name,
            created: 0,
            from_message: None,
            created_by_bot: false,
            members: Vec::new(),
            edits: Vec::new(),
            guessed: false,
        }
    }

    fn thread(&self, id: u64) -> Option<Thread> {
        let ChannelKind::Thread {
            guild,
            parent,
            private,
            archived,
            locked,
            ..
        } = self.kind
        else {
            return None;
        };
        Some(Thread {
            id,
            guild_id: guild,
            parent_id: parent,
            name: self.name.clone(),
            private,
            archived,
            locked,
            from_message: self.from_message,
            created_by_bot: self.created_by_bot,
            members: self.members.clone(),
        })
    }
}

/// One dispatched interaction, by token.
struct Interaction {
    channel: u64,
    /// The message a component interaction came from.
    message: Option<u64>,
    dispatched: Instant,
    /// When the first callback request arrived, whatever became of it.
    first_callback: Option<Instant>,
    acknowledged: bool,
    /// The original response's message (callback type 4 or 5).
    original: Option<u64>,
    expired: bool,
}

/// A message the bot made, as it stands now.
struct StoredMessage {
    channel: u64,
    /// How it was made: Callback, Followup or ChannelMessage.
    route: Route,
    /// The message's fields as sent, with edits applied.
    fields: Value,
    files: Arc<Vec<Upload>>,
    at: Instant,
    deleted: bool,
}

impl StoredMessage {
    fn ephemeral(&self) -> bool {
        self.fields["flags"].as_u64().unwrap_or(0) & 64 != 0
    }
}

#[derive(Default)]
struct State {
    /// What the bot sent, by interaction token (or `channel_key` for channel messages).
    sent: HashMap<String, Vec<Record>>,
    interactions: HashMap<String, Interaction>,
    /// Bodies of command registrations.
    registered: Vec<Value>,
    /// The application has Activities on (`set_activities`): its command registrations must
    /// carry the entry point, and it may answer with `LAUNCH_ACTIVITY`.
    activities: bool,
    /// Signing in with Discord (`oauth`).
    oauth: oauth::OAuth,
    /// Requests the fake had no answer for.
    unexpected: Vec<String>,
    /// Tokens the bot identified with.
    identified: Vec<String>,
    /// The shard ([id, total]) of each IDENTIFY, in order.
    identified_shards: Vec<[u32; 2]>,
    /// The shard of each RESUME that found its session, in order.
    resumed: Vec<u32>,
    /// The newest gateway session of each shard, by shard id.
    sessions: BTreeMap<u32, gateway::Session>,
    /// The shard count `GET /gateway/bot` recommends (None: 1).
    recommended_shards: Option<u32>,
    /// IDENTIFY and RESUME wait while set (`hold_gateway`).
    gateway_held: bool,
    /// HELLO's heartbeat interval, if not Discord's 41.25 s (`set_heartbeat_interval`).
    heartbeat_interval: Option<Duration>,
    armed: Vec<Armed>,
    failed: Vec<Failed>,
    violations: Vec<Violation>,
    /// Files sent without a description (alt text): Discord takes them, the project's rule
    /// is that none is sent (every test's fake checks it when dropped).
    undescribed: Vec<String>,
    /// Refuse callbacks later than this after dispatch, as Discord does after 3 s.
    callback_window: Option<Duration>,
    /// The last snowflake handed out, for messages and channels.
    last_id: u64,
    messages: BTreeMap<u64, StoredMessage>,
    /// The ids in `messages` by channel, so a channel's messages are found without looking
    /// at every message the bot ever made.
    by_channel: HashMap<u64, BTreeSet<u64>>,
    channels: HashMap<u64, ChannelRecord>,
    /// DM channel by recipient.
    dms: HashMap<u64, u64>,
    /// Users who don't accept DMs from the bot.
    closed_dms: HashSet<u64>,
    /// Channels and threads deleted (`delete_channel`).
    deleted_channels: HashSet<u64>,
    /// Enforced nonces by channel: the message each made, and when.
    nonces: HashMap<(u64, String), (u64, Instant)>,
    /// Creates answered with an earlier message because they repeated its nonce.
    repeated_nonces: usize,
}

impl State {
    /// A fresh snowflake. Far above the fixtures' ids so they never meet.
    fn next_id(&mut self) -> u64 {
        self.last_id = self.last_id.max(10_000_000) + 1;
        self.last_id
    }

    /// A message as it stands, as a record of kind "message".
    fn stored_record(&self, id: u64) -> Option<Record> {
        let m = self.messages.get(&id)?;
        Some(Record {
            kind: "message",
            body: m.fields.clone(),
            files: m.files.clone(),
            at: m.at,
            route: m.route,
            message_id: Some(id),
            channel_id: Some(m.channel),
        })
    }

    /// Keep a message the fake hasn't met, filed under its channel; one it has met stays as
    /// it is.
    fn store_message(&mut self, id: u64, message: StoredMessage) -> &mut StoredMessage {
        match self.messages.entry(id) {
            Entry::Occupied(known) => known.into_mut(),
            Entry::Vacant(new) => {
                let channel = self.by_channel.entry(message.channel).or_default();
                channel.insert(id);
                new.insert(message)
            }
        }
    }

    /// The messages in a channel that aren't deleted, oldest first.
    fn live_in(&self, channel: u64) -> impl DoubleEndedIterator<Item = (u64, &StoredMessage)> {
        let ids = self.by_channel.get(&channel).into_iter().flatten();
        ids.map(|id| (*id, &self.messages[id]))
            .filter(|(_, m)| !m.deleted)
    }

    /// The ids of the messages in a channel everyone there sees, oldest first.
    fn visible_in(&self, channel: u64) -> impl Iterator<Item = u64> + '_ {
        self.live_in(channel)
            .filter(|(_, m)| !m.ephemeral())
            .map(|(id, _)| id)
    }

    fn channel_messages(&self, channel: u64) -> Vec<Record> {
        let ids = self.visible_in(channel);
        ids.filter_map(|id| self.stored_record(id)).collect()
    }

    /// The `n`th (1-based) of `channel_messages`, cloning only that one.
    fn channel_message(&self, channel: u64, n: usize) -> Option<Record> {
        let id = self.visible_in(channel).nth(n.checked_sub(1)?)?;
        self.stored_record(id)
    }

    fn describe_trouble(&self) -> String {
        format!(
            "unexpected requests: {:?}; rules broken: {:?}; failed: {:?}",
            self.unexpected,
            self.violations
                .iter()
                .map(|v| (v.route, &v.rule))
                .collect::<Vec<_>>(),
            self.failed
                .iter()
                .map(|f| (&f.request, &f.fault))
                .collect::<Vec<_>>()
        )
    }
}

/// Send each write at once, as Discord's servers do. With Nagle's algorithm on, a gateway
/// frame written while the previous one is unacknowledged waits for the bot's delayed ACK (up
/// to 40 ms on Linux): with 200 games dispatching, that alone made the median interaction take
/// 30 ms instead of 5.
fn no_delay(stream: &tokio::net::TcpStream) {
    // Only fails on something that isn't a connected TCP socket.
    let _ = stream.set_nodelay(true);
}

/// The key under which `sent` files what the bot posted to a channel.
pub fn channel_key(channel: u64) -> String {
    format!("channel:{channel}")
}

/// Discord's REST API and gateway on two loopback ports, with the state and rules of the
/// parts the bot uses. Stops (closing every connection) on `stop` or when dropped.
pub struct FakeDiscord {
    state: Arc<Mutex<State>>,
    changed: Arc<Notify>,
    rest_port: u16,
    gateway_port: u16,
    tasks: Vec<tokio::task::JoinHandle<()>>,
    /// Set when the fake stops: ends open connections, stalled ones included.
    stop: watch::Sender<bool>,
}

impl FakeDiscord {
    /// Listen on 127.0.0.1 (ports chosen by the system).
    pub async fn start() -> FakeDiscord {
        let rest = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let gateway = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let rest_port = rest.local_addr().unwrap().port();
        let gateway_port = gateway.local_addr().unwrap().port();
        let state = Arc::new(Mutex::new(State::default()));
        let changed = Arc::new(Notify::new());
        let (stop, stopped) = watch::channel(false);
        let mut tasks = Vec::new();
        {
            let (state, changed) = (state.clone(), changed.clone());
            tasks.push(tokio::spawn(async move {
                while let Ok((stream, _)) = rest.accept().await {
                    no_delay(&stream);
                    let (state, changed) = (state.clone(), changed.clone());
                    tokio::spawn(http::serve(stream, stopped.clone(), move |request| {
                        rest::answer(&state, &changed, gateway_port, request)
                    }));
                }
            }));
        }
        {
            let (state, changed) = (state.clone(), changed.clone());
            tasks.push(tokio::spawn(async move {
                while let Ok((stream, _)) = gateway.accept().await {
                    no_delay(&stream);
                    tokio::spawn(gateway::session(
                        stream,
                        state.clone(),
                        changed.clone(),
                        gateway_port,
                    ));
                }
            }));
        }
        FakeDiscord {
            state,
            changed,
            rest_port,
            gateway_port,
            tasks,
            stop,
        }
    }

    /// What the bot takes as `CSIPGS_API_BASE`.
    pub fn api_base(&self) -> String {
        format!("http://127.0.0.1:{}", self.rest_port)
    }

    /// The state, even after a panic elsewhere poisoned the lock (a failed test still stops
    /// the fake cleanly when dropped).
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Wait until `check` holds, re-checking whenever the bot sends something.
    async fn until<T>(
        &self,
        what: &str,
        timeout: Duration,
        check: impl Fn(&State) -> Option<T>,
    ) -> T {
        self.eventually(what, timeout, || check(&self.lock())).await
    }

    /// Wait until `check` (which may call the fake's accessors) returns something, re-checking
    /// whenever the bot sends something; panics after `timeout`.
    pub async fn eventually<T>(
        &self,
        what: &str,
        timeout: Duration,
        check: impl Fn() -> Option<T>,
    ) -> T {
        let deadline = Instant::now() + timeout;
        loop {
            let notified = self.changed.notified();
            if let Some(found) = check() {
                return found;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                // Not holding the lock while panicking keeps it unpoisoned.
                let trouble = self.lock().describe_trouble();
                panic!("timed out waiting for {what}; {trouble}");
            }
            let _ = tokio::time::timeout(left.min(Duration::from_millis(200)), notified).await;
        }
    }

    /// Wait for the bot's `n`th login (IDENTIFY, its shard's session live) and its command
    /// registration.
    pub async fn wait_logged_in(&self, n: usize) {
        self.until(
            "the bot to log in and register its commands",
            Duration::from_secs(60),
            |s| (s.registered.len() >= n && s.identify_live(n)).then_some(()),
        )
        .await;
    }

    /// The token of each IDENTIFY, in order.
    pub fn identified_tokens(&self) -> Vec<String> {
        self.lock().identified.clone()
    }

    /// The bodies of the bot's command registrations, in order.
    pub fn registered(&self) -> Vec<Value> {
        self.lock().registered.clone()
    }

    /// Turn the application's Activities on or off, as its developer portal does.
    pub fn set_activities(&self, on: bool) {
        self.lock().activities = on;
    }

    /// Who agrees on the fake's OAuth2 consent page (nobody until this is called).
    pub fn consent_as(&self, user: fixtures::User) {
        self.lock().oauth.consenting = Some(user);
    }

    /// A code as Discord's client gives an Activity that `authorize`s for `user`.
    pub fn activity_code(&self, user: fixtures::User) -> String {
        self.lock().oauth.code("", user)
    }

    /// The token exchanges the fake refused, with why.
    pub fn oauth_refused(&self) -> Vec<String> {
        self.lock().oauth.refused.clone()
    }

    /// Requests the fake doesn't serve ("METHOD /path"), answered 404.
    pub fn unexpected(&self) -> Vec<String> {
        self.lock().unexpected.clone()
    }

    /// Wait for the `n`th thing (1-based) the bot sent for an interaction (or for
    /// `channel_key(id)`).
    pub async fn sent(&self, token: &str, n: usize) -> Sent {
        self.until(
            &format!("reply {n} to interaction {token}"),
            Duration::from_secs(20),
            |s| s.sent.get(token)?.get(n - 1).cloned(),
        )
        .await
        .into_sent()
    }

    /// Everything the bot sent for an interaction so far (refused and failed requests not
    /// included), oldest first.
    pub fn sent_for(&self, token: &str) -> Vec<Sent> {
        let records = self.lock().sent.get(token).cloned().unwrap_or_default();
        records.into_iter().map(Record::into_sent).collect()
    }

    /// Dispatch an interaction and wait for its callback.
    pub async fn ask(&self, interaction: &Value) -> Sent {
        self.dispatch(interaction);
        self.sent(interaction["token"].as_str().unwrap(), 1).await
    }

    /// `who` presses a challenge's first button (Accept, or a rematch's): the game starts,
    /// and the answer says so.
    pub async fn accept(
        &self,
        place: fixtures::Place,
        who: &fixtures::User,
        challenge: &Sent,
    ) -> Sent {
        let press = fixtures::button(place, who, &challenge.buttons()[0]);
        let started = self.ask(&press).await;
        assert!(
            started.content().starts_with("Game on!"),
            "{}",
            started.content()
        );
        started
    }

    /// Dispatch an interaction and wait for its answer with content, past a deferral.
    pub async fn answer(&self, interaction: &Value) -> Sent {
        let token = interaction["token"].as_str().unwrap().to_string();
        self.dispatch(interaction);
        self.eventually("an answer with content", Duration::from_secs(20), || {
            self.sent_for(&token)
                .into_iter()
                .find(|m| !m.content().is_empty())
        })
        .await
    }

    /// A manager (Carol) sets `place`'s server to play games in their channels, not threads.
    pub async fn games_in_channels(&self, place: fixtures::Place) {
        use fixtures::{slash, with_permissions, Opt, CAROL};
        let settings = slash(place, &CAROL, "settings", vec![Opt::Bool("threads", false)]);
        let settings =
            with_permissions(settings, poise::serenity_prelude::Permissions::MANAGE_GUILD);
        let saved = self.ask(&settings).await;
        assert!(saved.content().starts_with("Saved."), "{}", saved.content());
    }

    /// A manager (Carol) turns the web pages on in `place`'s server.
    pub async fn show_pages(&self, place: fixtures::Place) {
        use fixtures::{slash, with_permissions, Opt, CAROL};
        let on = slash(place, &CAROL, "settings", vec![Opt::Bool("web", true)]);
        let on = with_permissions(on, poise::serenity_prelude::Permissions::MANAGE_GUILD);
        let saved = self.ask(&on).await;
        assert!(saved.content().starts_with("Saved."), "{}", saved.content());
    }

    /// Time from dispatching an interaction to its callback (the first one Discord took).
    pub fn latency(&self, token: &str) -> Option<Duration> {
        let state = self.lock();
        let start = state.interactions.get(token)?.dispatched;
        let first = state.sent.get(token)?.first()?;
        Some(first.at.duration_since(start))
    }

    /// Time from dispatching an interaction to the first callback request, even one that
    /// failed or was refused: what Discord's 3 s window measures.
    pub fn callback_delay(&self, token: &str) -> Option<Duration> {
        let state = self.lock();
        let ix = state.interactions.get(token)?;
        Some(ix.first_callback?.duration_since(ix.dispatched))
    }

    /// Tokens of the interactions whose first callback came later than `window` after
    /// dispatch, or hasn't come and `window` has passed: each a member who saw "The
    /// application did not respond". Assert it empty with `window` = 3 s.
    pub fn missed_callback_window(&self, window: Duration) -> Vec<String> {
        let state = self.lock();
        let mut missed: Vec<String> = state
            .interactions
            .iter()
            .filter(|(_, ix)| match ix.first_callback {
                Some(at) => at.duration_since(ix.dispatched) > window,
                None => ix.dispatched.elapsed() > window,
            })
            .map(|(token, _)| token.clone())
            .collect();
        missed.sort();
        missed
    }

    /// Refuse callbacks later than `window` after dispatch with 404 10062, recording a
    /// `Rule::LateCallback`, as Discord does after 3 s. Off (None) unless set, since a loaded
    /// machine may be slow.
    pub fn enforce_callback_window(&self, window: Option<Duration>) {
        self.lock().callback_window = window;
    }

    /// How many things the bot sent for an interaction so far.
    pub fn sent_count(&self, token: &str) -> usize {
        self.state
            .lock()
            .unwrap()
            .sent
            .get(token)
            .map_or(0, Vec::len)
    }

    /// Make the next `times` requests of kind `route` fail with `fault` (`Route::Any`: every
    /// kind; `usize::MAX`: until `clear_faults`). Faults armed earlier are used first.
    pub fn fail_next(&self, route: Route, fault: Fault, times: usize) {
        self.arm(route, None, fault, times);
    }

    /// Like `fail_next`, for requests concerning `key` only: an interaction token (callback,
    /// follow-ups, edits), a channel or thread id (channel routes; a thread's parent for
    /// thread creation), or a user id (DM channel creation).
    pub fn fail_next_for(&self, route: Route, key: impl ToString, fault: Fault, times: usize) {
        self.arm(route, Some(key.to_string()), fault, times);
    }

    fn arm(&self, route: Route, key: Option<String>, fault: Fault, left: usize) {
        // An armed fault always has a use left: `take_fault` counts down and drops it at 0.
        if left == 0 {
            return;
        }
        let mut state = self.lock();
        state.armed.push(Armed {
            route,
            key,
            fault,
            left,
        });
    }

    /// Disarm every fault not yet used.
    pub fn clear_faults(&self) {
        self.lock().armed.clear();
    }

    /// Requests that did not take effect because of a fault, oldest first.
    pub fn failed(&self) -> Vec<Failed> {
        self.lock().failed.clone()
    }

    /// Wait for the `n`th (1-based) failed request.
    pub async fn failure(&self, n: usize) -> Failed {
        self.until(
            &format!("failed request {n}"),
            Duration::from_secs(20),
            |s| s.failed.get(n - 1).cloned(),
        )
        .await
    }

    /// Requests Discord refused because the bot broke a rule, oldest first.
    pub fn violations(&self) -> Vec<Violation> {
        self.lock().violations.clone()
    }

    /// How many new messages repeated an enforced nonce and got the first message back
    /// instead of a second one.
    pub fn repeated_nonces(&self) -> usize {
        self.lock().repeated_nonces
    }

    /// Let an interaction's token expire, as after 15 minutes: from now on its callback gets
    /// 404 10062 and its follow-ups and edits 404 10015 (recorded in `failed`, as
    /// `Fault::TokenExpired`). Only `POST /channels/{id}/messages` still reaches the channel.
    pub fn expire(&self, token: &str) {
        let mut state = self.lock();
        let ix = state
            .interactions
            .get_mut(token)
            .expect("a dispatched interaction");
        ix.expired = true;
    }

    /// The messages the bot made in a channel, thread or DM channel that everyone there sees
    /// (interaction replies and follow-ups, its own posts; not ephemeral or deleted ones), as
    /// they stand now (edits applied), oldest first. Each has kind "message" and its `route`
    /// says how it was made.
    pub fn channel_messages(&self, channel: u64) -> Vec<Sent> {
        let records = self.lock().channel_messages(channel);
        records.into_iter().map(Record::into_sent).collect()
    }

    /// Wait for the `n`th (1-based) message the bot made in a channel.
    pub async fn channel_message(&self, channel: u64, n: usize) -> Sent {
        self.until(
            &format!("message {n} in channel {channel}"),
            Duration::from_secs(20),
            |s| s.channel_message(channel, n),
        )
        .await
        .into_sent()
    }

    /// A message the bot made, as it stands now (None if unknown or deleted).
    pub fn message(&self, id: u64) -> Option<Sent> {
        let record = {
            let state = self.lock();
            state.messages.get(&id).filter(|m| !m.deleted)?;
            state.stored_record(id)?
        };
        Some(record.into_sent())
    }

    /// A message the bot made as a Discord Message object, e.g. for a button press on it:
    /// `ix["message"] = fake.message_json(id).unwrap()`.
    pub fn message_json(&self, id: u64) -> Option<Value> {
        let state = self.lock();
        let m = state.messages.get(&id).filter(|m| !m.deleted)?;
        Some(objects::message_object(id, m.channel, &m.fields, &m.files))
    }

    /// A press of the button `custom_id` on the newest message of the bot's in `place` that
    /// carries it, with that message as it stands (as Discord sends it, so a type 7 update
    /// changes that very message). Panics if no message there has the button.
    pub fn press(&self, place: fixtures::Place, user: &fixtures::User, custom_id: &str) -> Value {
        let state = self.lock();
        let has_button = |m: &StoredMessage| {
            let rows = m.fields["components"].as_array().into_iter().flatten();
            rows.flat_map(|row| row["components"].as_array().into_iter().flatten())
                .any(|b| b["custom_id"] == custom_id)
        };
        let (id, message) = state
            .live_in(place.channel_id())
            .rev()
            .find(|(_, m)| has_button(m))
            .unwrap_or_else(|| panic!("no message in {place:?} has the button {custom_id}"));
        let mut ix = fixtures::button(place, user, custom_id);
        ix["message"] =
            objects::message_object(id, message.channel, &message.fields, &message.files);
        ix
    }

    /// A moderator deletes a message: the bot's later edits of it get 404 10008.
    pub fn delete_message(&self, id: u64) {
        let mut state = self.lock();
        if let Some(m) = state.messages.get_mut(&id) {
            m.deleted = true;
        }
    }

    /// The DM channel with a user (opened by the bot, or where the user used a command).
    pub fn dm_channel(&self, user: u64) -> Option<u64> {
        self.lock().dms.get(&user).copied()
    }

    /// The messages the bot sent a user in DMs, as `channel_messages` shows them.
    pub fn dms_to(&self, user: u64) -> Vec<Sent> {
        match self.dm_channel(user) {
            Some(channel) => self.channel_messages(channel),
            None => Vec::new(),
        }
    }

    /// Wait for the `n`th (1-based) DM the bot sent a user.
    pub async fn dm(&self, user: u64, n: usize) -> Sent {
        self.until(
            &format!("DM {n} to user {user}"),
            Duration::from_secs(20),
            |s| {
                let channel = s.dms.get(&user)?;
                s.channel_message(*channel, n)
            },
        )
        .await
        .into_sent()
    }

    /// The user doesn't accept DMs from the bot: opening the DM channel works, posting in it
    /// gets 403 50007 (recorded in `failed`).
    pub fn close_dms(&self, user: u64) {
        self.lock().closed_dms.insert(user);
    }

    /// The threads the bot created, in creation order.
    pub fn threads(&self) -> Vec<Thread> {
        let state = self.lock();
        let mut threads: Vec<Thread> = state
            .channels
            .iter()
            .filter(|(_, c)| c.created_by_bot)
            .filter_map(|(id, c)| c.thread(*id))
            .collect();
        threads.sort_by_key(|t| state.channels[&t.id].created);
        threads
    }

    /// The threads the bot created under one text channel, in creation order.
    pub fn threads_under(&self, parent: u64) -> Vec<Thread> {
        let mut threads = self.threads();
        threads.retain(|t| t.parent_id == parent);
        threads
    }

    /// Any thread the fake knows (created by the bot or where an interaction came from).
    pub fn thread(&self, id: u64) -> Option<Thread> {
        let state = self.lock();
        state.channels.get(&id)?.thread(id)
    }

    /// Discord archives a thread (after its auto-archive time, or a moderator does). A post in
    /// an archived thread unarchives it, unless it is `locked`: then it gets 400 50083 until
    /// the bot unarchives it (`PATCH /channels/{id}` with `{"archived": false}`).
    pub fn archive_thread(&self, id: u64, locked: bool) {
        let mut state = self.lock();
        let record = state.channels.get_mut(&id).expect("a known thread");
        if let ChannelKind::Thread {
            archived,
            locked: is_locked,
            ..
        } = &mut record.kind
        {
            *archived = true;
            *is_locked = locked;
        }
    }

    /// Bodies of the bot's `PATCH /channels/{id}` for a channel or thread, in order.
    pub fn channel_edits(&self, channel: u64) -> Vec<Value> {
        let state = self.lock();
        state
            .channels
            .get(&channel)
            .map(|c| c.edits.clone())
            .unwrap_or_default()
    }

    /// The channel (or thread) is deleted: every request about it gets 404 10003 (recorded
    /// in `failed`).
    pub fn delete_channel(&self, id: u64) {
        self.lock().deleted_channels.insert(id);
    }

    /// Close the gateway sessions and stop listening; open connections end too.
    pub fn stop(&self) {
        self.lock().close_sessions(None, None);
        self.stop.send_replace(true);
        for task in &self.tasks {
            task.abort();
        }
    }
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        self.stop();
        let undescribed = std::mem::take(&mut self.lock().undescribed);
        if !std::thread::panicking() {
            assert!(
                undescribed.is_empty(),
                "files sent without a description (alt text): {undescribed:?}"
            );
        }
    }
}

/// A message object as the old fake answered (id 900), for fixtures of messages the bot
/// made before the test.
fn message_object(channel: &str, content: &str) -> Value {
    objects::message_object(
        900,
        channel.parse().unwrap_or(0),
        &json!({ "content": content }),
        &[],
    )
}

/// Whether this process can reach nothing but loopback (its network namespace has only `lo`).
pub fn isolated() -> bool {
    let Ok(devices) = std::fs::read_to_string("/proc/self/net/dev") else {
        return false;
    };
    devices
        .lines()
        .skip(2)
        .filter_map(|l| l.split(':').next())
        .all(|name| name.trim() == "lo")
}

/// Run this same test binary again inside `unshare -rn` (a network namespace with only
/// loopback), so nothing can ever reach the real Discord. Panics if that fails. One run at a
/// time: each starts real bots, and on a two-core machine their timing checks need the cores.
pub fn rerun_isolated(args: &[String]) {
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    // A failed run poisons the lock; the next still runs by itself.
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let exe = std::env::current_exe().unwrap();
    let status = Command::new("unshare")
        .args(["-rn", "sh", "-c", "ip link set lo up && exec \"$0\" \"$@\""])
        .arg(exe)
        .args(args)
        .env("CSIPGS_ISOLATED", "1")
        .status()
        .expect(
            "the end-to-end tests run inside `unshare -rn` (util-linux) so they can't reach the \
             real Discord; install it (and iproute2 for `ip`), or run as a user allowed to make \
             user namespaces",
        );
    assert!(status.success(), "the isolated run failed: {status}");
}

/// True when this process should run the tests itself; otherwise they were run isolated.
pub fn ensure_isolated(args: &[String]) -> bool {
    if isolated() {
        return true;
    }
    assert!(
        std::env::var_os("CSIPGS_ISOLATED").is_none(),
        "unshare -rn left the network reachable; refusing to run"
    );
    rerun_isolated(args);
    false
}

/// A bench's runtime (two workers, as CI's machines have cores), once this process runs
/// isolated; None after running itself again isolated (see `ensure_isolated`).
pub fn bench_runtime() -> Option<tokio::runtime::Runtime> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if !ensure_isolated(&args) {
        return None;
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    Some(runtime)
}

/// Run an end-to-end test's scenarios isolated (see `ensure_isolated`) on a two-thread
/// runtime; `name` is the test's path in its binary (`module::function`), so the isolated
/// re-run runs only it.
pub fn run_isolated<F: std::future::Future<Output = ()>>(
    name: &str,
    scenarios: impl FnOnce() -> F,
) {
    let args: Vec<String> = [name, "--exact", "--nocapture", "--test-threads=1"]
        .map(String::from)
        .to_vec();
    if !ensure_isolated(&args) {
        return;
    }
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
        .block_on(scenarios());
}

//! The fake gateway: HELLO, READY on IDENTIFY, RESUMED on RESUME (after replaying the
//! dispatches the bot missed, as Discord does), heartbeat ACKs, interactions the test
//! dispatches; and what Discord does to a session: reconnect requests, invalid sessions, closes.
//!
//! As on Discord, each shard has a session of its own (session id, sequence numbers, history):
//! a guild's interactions go to the shard `shard_of(guild, shards)`, DMs to shard 0, and a
//! RESUME replays only what its own session missed.

use super::{fixtures, shard_of, FakeDiscord, State};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::borrow::Cow;
use std::collections::BTreeSet;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;
use tokio::sync::{mpsc, Notify};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::Message as WsMessage;

type Outbox = mpsc::UnboundedSender<WsMessage>;

/// One shard's gateway session, as Discord keeps it: it outlives its connection, so a RESUME
/// on a new connection picks it up again.
pub(super) struct Session {
    id: String,
    /// The shard count it identified with.
    total: u32,
    /// The live connection's outbox; None once that connection closed or was closed.
    outbox: Option<Outbox>,
    seq: u64,
    /// Every dispatch after READY with its sequence number, for replay on RESUME.
    history: Vec<(u64, String)>,
}

impl Session {
    fn live(&self) -> bool {
        self.outbox.is_some()
    }

    /// Send on the live connection (false without one).
    fn send(&self, message: WsMessage) -> bool {
        self.outbox
            .as_ref()
            .is_some_and(|outbox| outbox.send(message).is_ok())
    }

    /// The next dispatch frame of this session.
    fn frame(&mut self, event: &str, d: &Value) -> String {
        self.seq += 1;
        json!({"op": 0, "s": self.seq, "t": event, "d": d}).to_string()
    }

    /// Send a dispatch if the session is live, keeping it for a RESUME either way; returns
    /// whether it was sent.
    fn dispatch(&mut self, event: &str, d: &Value) -> bool {
        let frame = self.frame(event, d);
        self.history.push((self.seq, frame.clone()));
        self.send(WsMessage::Text(frame))
    }
}

impl State {
    /// The shard count of the sessions: the live ones', or every one's if none is live (1
    /// before any IDENTIFY). One test's sessions share one count; Err says how they don't.
    fn shard_count(&self) -> Result<u32, String> {
        let any_live = self.sessions.values().any(Session::live);
        let counted: Vec<[u32; 2]> = self
            .sessions
            .iter()
            .filter(|(_, session)| session.live() || !any_live)
            .map(|(&id, session)| [id, session.total])
            .collect();
        let mut totals: BTreeSet<u32> = counted.iter().map(|&[_, total]| total).collect();
        if totals.len() > 1 {
            return Err(format!(
                "the gateway sessions disagree on the shard count ([id, total]: {counted:?}): \
                 start every bot process of a test with the same total"
            ));
        }
        Ok(totals.pop_first().unwrap_or(1))
    }

    /// The shard Discord sends an interaction to: its guild's, or 0 for a DM.
    fn shard_for(&self, interaction: &Value) -> Result<u32, String> {
        let Some(guild) = interaction["guild_id"].as_str() else {
            return Ok(0);
        };
        let guild = guild.parse().expect("a guild id is a snowflake string");
        Ok(shard_of(guild, self.shard_count()?))
    }

    fn shard_live(&self, shard: u32) -> bool {
        self.sessions.get(&shard).is_some_and(Session::live)
    }

    /// Whether the shard of the `n`th (1-based) IDENTIFY has a live session.
    pub(super) fn identify_live(&self, n: usize) -> bool {
        let nth = n.checked_sub(1).and_then(|i| self.identified_shards.get(i));
        nth.is_some_and(|&[shard, _]| self.shard_live(shard))
    }

    /// Close the live sessions (`shard`'s only, if given) with `frame`; they stay resumable.
    /// Returns whether any was live.
    pub(super) fn close_sessions(
        &mut self,
        shard: Option<u32>,
        frame: Option<CloseFrame<'static>>,
    ) -> bool {
        let mut closed = false;
        for (id, session) in &mut self.sessions {
            if shard.is_some_and(|only| only != *id) {
                continue;
            }
            if let Some(outbox) = session.outbox.take() {
                closed |= outbox.send(WsMessage::Close(frame.clone())).is_ok();
            }
        }
        closed
    }
}

fn close_frame(code: u16, reason: &'static str) -> CloseFrame<'static> {
    CloseFrame {
        code: CloseCode::from(code),
        reason: Cow::Borrowed(reason),
    }
}

impl FakeDiscord {
    /// Send an INTERACTION_CREATE, after checking serenity reads it. Panics without a live
    /// gateway session on the interaction's shard.
    pub fn dispatch(&self, interaction: &Value) {
        assert!(
            self.try_dispatch(interaction),
            "no live gateway session on the interaction's shard to dispatch into"
        );
    }

    /// Send an INTERACTION_CREATE to the shard Discord would (its guild's, `shard_of`; 0 for
    /// a DM) if that shard's session is live; returns whether it was delivered. One that
    /// wasn't is replayed if that session resumes, and lost if it identifies anew (the member
    /// sees "The application did not respond"). Panics if the sessions disagree on the shard
    /// count.
    pub fn try_dispatch(&self, interaction: &Value) -> bool {
        fixtures::check_interaction(interaction);
        let mut state = self.lock();
        state.register_interaction(interaction);
        let shard = match state.shard_for(interaction) {
            Ok(shard) => shard,
            Err(bug) => {
                // Not holding the lock while panicking keeps it unpoisoned.
                drop(state);
                panic!("{bug}");
            }
        };
        let session = state.sessions.get_mut(&shard);
        session.is_some_and(|session| session.dispatch("INTERACTION_CREATE", interaction))
    }

    /// Send an INTERACTION_CREATE to `shard`'s session whatever its guild: what a process
    /// sees while Discord moves servers between shards (or two processes wrongly share a
    /// range), so that two processes can be sent commands on one game at the same moment.
    pub fn dispatch_to_shard(&self, shard: u32, interaction: &Value) -> bool {
        fixtures::check_interaction(interaction);
        let mut state = self.lock();
        state.register_interaction(interaction);
        let session = state.sessions.get_mut(&shard);
        session.is_some_and(|session| session.dispatch("INTERACTION_CREATE", interaction))
    }

    /// Send a GUILD_CREATE (see `objects::guild_object`) on every live session, after
    /// checking serenity reads it: the bot then knows the server's channels and roles.
    pub fn guild_create(&self, guild: &Value) {
        super::objects::check_guild(guild);
        self.guild_event("GUILD_CREATE", guild);
    }

    /// Send a GUILD_UPDATE on every live session, after checking serenity reads `guild` as
    /// the changed server (a rename, say).
    pub fn guild_update(&self, guild: &Value) {
        super::objects::check_partial_guild(guild);
        self.guild_event("GUILD_UPDATE", guild);
    }

    fn guild_event(&self, event: &str, guild: &Value) {
        let mut state = self.lock();
        let sent = state
            .sessions
            .values_mut()
            .fold(false, |sent, session| session.dispatch(event, guild) | sent);
        assert!(sent, "no live gateway session to send the server to");
    }

    /// Send a GUILD_DELETE on every live session: the bot was removed from the server
    /// (`unavailable` false), or the server is out for a while (true).
    pub fn guild_delete(&self, guild: u64, unavailable: bool) {
        let data = serde_json::json!({"id": guild.to_string(), "unavailable": unavailable});
        let mut state = self.lock();
        let sent = state.sessions.values_mut().fold(false, |sent, session| {
            session.dispatch("GUILD_DELETE", &data) | sent
        });
        assert!(sent, "no live gateway session to send the removal to");
    }

    /// Send `payload` on every live session; returns whether any took it.
    fn gateway_send(&self, payload: WsMessage) -> bool {
        let state = self.lock();
        let mut sent = false;
        for session in state.sessions.values() {
            sent |= session.send(payload.clone());
        }
        sent
    }

    /// Op 7 RECONNECT on every live session: the bot should reconnect and RESUME.
    pub fn gateway_reconnect(&self) -> bool {
        self.gateway_send(WsMessage::Text(json!({"op": 7, "d": null}).to_string()))
    }

    /// Op 9 INVALID SESSION on every live session: `resumable` true lets the bot RESUME,
    /// false makes it IDENTIFY anew (dispatches it missed are then lost).
    pub fn gateway_invalid_session(&self, resumable: bool) -> bool {
        self.gateway_send(WsMessage::Text(
            json!({"op": 9, "d": resumable}).to_string(),
        ))
    }

    /// Close every live session with a close code: 4000 (unknown error) and most 4xxx let the
    /// bot resume; 4004 (authentication failed) and 4014 (disallowed intents) are fatal.
    /// Returns whether any was live.
    pub fn gateway_close(&self, code: u16) -> bool {
        self.lock()
            .close_sessions(None, Some(close_frame(code, "")))
    }

    /// Like `gateway_close`, for one shard's session only: the other shards stay live.
    pub fn gateway_close_shard(&self, shard: u32, code: u16) -> bool {
        self.lock()
            .close_sessions(Some(shard), Some(close_frame(code, "")))
    }

    /// Wait for the bot's `n`th IDENTIFY, with that shard's session live (a re-identify
    /// after an invalid session registers no commands, unlike a new process: see
    /// `wait_logged_in`).
    pub async fn wait_identified(&self, n: usize) {
        self.until(&format!("identify {n}"), Duration::from_secs(30), |s| {
            s.identify_live(n).then_some(())
        })
        .await;
    }

    /// Wait until `shard` has a live session (identified or resumed).
    pub async fn wait_shard_identified(&self, shard: u32) {
        let what = format!("a live session on shard {shard}");
        self.until(&what, Duration::from_secs(30), |s| {
            s.shard_live(shard).then_some(())
        })
        .await;
    }

    /// The shards with a live session, in order.
    pub fn live_shards(&self) -> Vec<u32> {
        let state = self.lock();
        let live = state.sessions.iter().filter(|(_, s)| s.live());
        live.map(|(&shard, _)| shard).collect()
    }

    /// The shard ([id, total]; [0, 1] when the bot named none) of each IDENTIFY, in order.
    pub fn identified_shards(&self) -> Vec<[u32; 2]> {
        self.lock().identified_shards.clone()
    }

    /// The shard count `GET /gateway/bot` recommends (1 unless set), which
    /// `start_autosharded` starts.
    pub fn set_recommended_shards(&self, shards: u32) {
        assert!(shards >= 1, "Discord recommends at least one shard");
        self.lock().recommended_shards = Some(shards);
    }

    /// While `held`, IDENTIFY and RESUME get no answer (Discord slow to take the bot back):
    /// with `gateway_close`, the window in which `try_dispatch` can't deliver. Answered in
    /// order once released.
    pub fn hold_gateway(&self, held: bool) {
        self.lock().gateway_held = held;
        self.changed.notify_waiters();
    }

    /// The heartbeat interval HELLO asks for on connections from now on. serenity tells its
    /// shard manager of a stage change only between two events, and a heartbeat's ACK is one:
    /// a short interval lets a test see a resume in progress as it is.
    pub fn set_heartbeat_interval(&self, interval: Duration) {
        self.lock().heartbeat_interval = Some(interval);
    }

    /// How many times the bot resumed a session, over all shards.
    pub fn resumes(&self) -> usize {
        self.lock().resumed.len()
    }

    /// Wait for the bot's `n`th RESUME over all shards (answered with the missed dispatches
    /// and RESUMED), with that shard's session live.
    pub async fn wait_resumed(&self, n: usize) {
        self.until(&format!("resume {n}"), Duration::from_secs(30), |s| {
            let nth = n.checked_sub(1).and_then(|i| s.resumed.get(i));
            nth.is_some_and(|&shard| s.shard_live(shard)).then_some(())
        })
        .await;
    }
}

/// The state, even after a panic elsewhere poisoned the lock.
fn lock(state: &Mutex<State>) -> MutexGuard<'_, State> {
    state.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Wait until the gateway isn't held.
async fn released(state: &Mutex<State>, changed: &Notify) {
    loop {
        let notified = changed.notified();
        if !lock(state).gateway_held {
            return;
        }
        notified.await;
    }
}

/// IDENTIFY: a new session for the shard it names (none: [0, 1]), replacing that shard's old
/// one, answered with READY. A shard outside its count is closed with 4010, as Discord does.
fn identify(state: &Mutex<State>, outbox: &Outbox, d: &Value, port: u16) {
    let [shard, total] = serde_json::from_value(d["shard"].clone()).unwrap_or([0, 1]);
    let mut s = lock(state);
    s.identified
        .push(d["token"].as_str().unwrap_or("").to_string());
    s.identified_shards.push([shard, total]);
    if shard >= total {
        let _ = outbox.send(WsMessage::Close(Some(close_frame(4010, "Invalid shard"))));
        return;
    }
    let mut session = Session {
        id: format!("session-{shard}-{}", s.identified.len()),
        total,
        outbox: Some(outbox.clone()),
        seq: 0,
        history: Vec::new(),
    };
    let ready = fixtures::ready(port, &session.id, [shard, total]);
    let frame = session.frame("READY", &ready);
    session.send(WsMessage::Text(frame));
    s.sessions.insert(shard, session);
}

/// RESUME: the session it names goes on on this connection, after the dispatches it missed
/// (those after the bot's last sequence number), then RESUMED. An unknown session gets op 9
/// (not resumable), as from Discord.
fn resume(state: &Mutex<State>, outbox: &Outbox, d: &Value) {
    let mut guard = lock(state);
    let s = &mut *guard;
    let wanted = d["session_id"].as_str().unwrap_or("");
    let found = s
        .sessions
        .iter_mut()
        .find(|(_, session)| session.id == wanted);
    let Some((&shard, session)) = found else {
        let _ = outbox.send(WsMessage::Text(json!({"op": 9, "d": false}).to_string()));
        return;
    };
    session.outbox = Some(outbox.clone());
    let last_seen = d["seq"].as_u64().unwrap_or(0);
    for (_, missed) in session.history.iter().filter(|(seq, _)| *seq > last_seen) {
        session.send(WsMessage::Text(missed.clone()));
    }
    let resumed = session.frame("RESUMED", &json!({}));
    session.send(WsMessage::Text(resumed));
    s.resumed.push(shard);
}

/// One gateway connection: HELLO, then READY or RESUMED, heartbeat ACKs, and whatever the
/// test dispatches to its session.
pub(super) async fn session(
    stream: tokio::net::TcpStream,
    state: Arc<Mutex<State>>,
    changed: Arc<Notify>,
    port: u16,
) {
    let Ok(ws) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let (mut sink, mut source) = ws.split();
    let (outbox, mut queue) = mpsc::unbounded_channel::<WsMessage>();
    let writer = tokio::spawn(async move {
        while let Some(message) = queue.recv().await {
            let close = matches!(message, WsMessage::Close(_));
            if sink.send(message).await.is_err() || close {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let interval = lock(&state)
        .heartbeat_interval
        .map_or(41250, |i| i.as_millis() as u64);
    let hello = json!({"op": 10, "d": {"heartbeat_interval": interval}});
    let _ = outbox.send(WsMessage::Text(hello.to_string()));
    // IDENTIFY and RESUME are answered in order by a task of their own, so a held one
    // (`hold_gateway`) leaves heartbeats answered, as Discord does.
    let (logins, mut login_queue) = mpsc::unbounded_channel::<(u64, Value)>();
    let login_task = {
        let (state, changed, outbox) = (state.clone(), changed.clone(), outbox.clone());
        tokio::spawn(async move {
            while let Some((op, data)) = login_queue.recv().await {
                released(&state, &changed).await;
                if op == 2 {
                    identify(&state, &outbox, &data, port);
                } else {
                    resume(&state, &outbox, &data);
                }
                changed.notify_waiters();
            }
        })
    };
    while let Some(Ok(message)) = source.next().await {
        let text = match message {
            WsMessage::Text(t) => t,
            WsMessage::Close(_) => {
                // Answer the close handshake as Discord does: serenity waits 5 s for it
                // when it shuts a shard down.
                let _ = outbox.send(WsMessage::Close(None));
                break;
            }
            _ => continue,
        };
        let frame: Value = serde_json::from_str(&text).unwrap_or_default();
        match frame["op"].as_u64() {
            Some(1) => {
                let _ = outbox.send(WsMessage::Text(json!({"op": 11}).to_string()));
            }
            Some(op @ (2 | 6)) => {
                let _ = logins.send((op, frame["d"].clone()));
            }
            _ => {}
        }
    }
    // A login still held when the connection ends is never answered.
    login_task.abort();
    // This connection is over: its session (if any) gets nothing more until resumed.
    for session in lock(&state).sessions.values_mut() {
        if session
            .outbox
            .as_ref()
            .is_some_and(|live| live.same_channel(&outbox))
        {
            session.outbox = None;
        }
    }
    changed.notify_waiters();
    drop(outbox);
    let _ = writer.await;
}

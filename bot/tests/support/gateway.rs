//! The fake gateway: HELLO, READY on IDENTIFY, RESUMED on RESUME (after replaying the
//! dispatches the bot missed, as Discord does), heartbeat ACKs, interactions the test
//! dispatches; and what Discord does to a session: reconnect requests, invalid sessions, closes.

use super::{fixtures, FakeDiscord, State};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::borrow::Cow;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, Notify};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::Message as WsMessage;

impl FakeDiscord {
    /// Send an INTERACTION_CREATE, after checking serenity reads it. Panics without a live
    /// gateway session.
    pub fn dispatch(&self, interaction: &Value) {
        assert!(
            self.try_dispatch(interaction),
            "no live gateway session to dispatch into"
        );
    }

    /// Send an INTERACTION_CREATE if a gateway session is live; returns whether it was
    /// delivered. One that wasn't is replayed if the bot resumes, and lost if it identifies
    /// anew (the member sees "The application did not respond").
    pub fn try_dispatch(&self, interaction: &Value) -> bool {
        fixtures::check_interaction(interaction);
        let mut state = self.lock();
        state.register_interaction(interaction);
        state.seq += 1;
        let frame = json!({"op": 0, "s": state.seq, "t": "INTERACTION_CREATE", "d": interaction})
            .to_string();
        let seq = state.seq;
        state.history.push((seq, frame.clone()));
        match &state.session {
            Some(session) => session.send(WsMessage::Text(frame)).is_ok(),
            None => false,
        }
    }

    /// Send `payload` on the live session (false without one).
    fn gateway_send(&self, payload: WsMessage) -> bool {
        let state = self.lock();
        state
            .session
            .as_ref()
            .is_some_and(|session| session.send(payload).is_ok())
    }

    /// Op 7 RECONNECT: the bot should reconnect and RESUME.
    pub fn gateway_reconnect(&self) -> bool {
        self.gateway_send(WsMessage::Text(json!({"op": 7, "d": null}).to_string()))
    }

    /// Op 9 INVALID SESSION: `resumable` true lets the bot RESUME, false makes it IDENTIFY
    /// anew (dispatches it missed are then lost).
    pub fn gateway_invalid_session(&self, resumable: bool) -> bool {
        self.gateway_send(WsMessage::Text(
            json!({"op": 9, "d": resumable}).to_string(),
        ))
    }

    /// Close the live session with a close code: 4000 (unknown error) and most 4xxx let the
    /// bot resume; 4004 (authentication failed) and 4014 (disallowed intents) are fatal.
    pub fn gateway_close(&self, code: u16) -> bool {
        let Some(session) = self.lock().session.take() else {
            return false;
        };
        let frame = CloseFrame {
            code: CloseCode::from(code),
            reason: Cow::Borrowed(""),
        };
        session.send(WsMessage::Close(Some(frame))).is_ok()
    }

    /// Wait for the bot's `n`th IDENTIFY with a live session (a re-identify after an invalid
    /// session registers no commands, unlike a new process: see `wait_logged_in`).
    pub async fn wait_identified(&self, n: usize) {
        self.until(&format!("identify {n}"), Duration::from_secs(30), |s| {
            (s.identified.len() >= n && s.session.is_some()).then_some(())
        })
        .await;
    }

    /// While `held`, IDENTIFY and RESUME get no answer (Discord slow to take the bot back):
    /// with `gateway_close`, the window in which `try_dispatch` can't deliver. Answered in
    /// order once released.
    pub fn hold_gateway(&self, held: bool) {
        self.lock().gateway_held = held;
        self.changed.notify_waiters();
    }

    /// How many times the bot resumed a session.
    pub fn resumes(&self) -> usize {
        self.lock().resumed
    }

    /// Wait for the bot's `n`th RESUME (answered with the missed dispatches and RESUMED).
    pub async fn wait_resumed(&self, n: usize) {
        self.until(&format!("resume {n}"), Duration::from_secs(30), |s| {
            (s.resumed >= n && s.session.is_some()).then_some(())
        })
        .await;
    }
}

/// Wait until the gateway isn't held.
async fn released(state: &Mutex<State>, changed: &Notify) {
    loop {
        let notified = changed.notified();
        if !state.lock().unwrap().gateway_held {
            return;
        }
        notified.await;
    }
}

/// One gateway connection: HELLO, then READY or RESUMED, heartbeat ACKs, and whatever the
/// test dispatches.
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
    let send = |frame: Value| {
        let _ = outbox.send(WsMessage::Text(frame.to_string()));
    };
    send(json!({"op": 10, "d": {"heartbeat_interval": 41250}}));
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
        if matches!(frame["op"].as_u64(), Some(2 | 6)) {
            released(&state, &changed).await;
        }
        match frame["op"].as_u64() {
            Some(1) => send(json!({"op": 11})),
            Some(2) => {
                let ready = fixtures::ready(port);
                let mut s = state.lock().unwrap();
                s.identified
                    .push(frame["d"]["token"].as_str().unwrap_or("").to_string());
                s.seq += 1;
                send(json!({"op": 0, "s": s.seq, "t": "READY", "d": ready}));
                s.session = Some(outbox.clone());
                drop(s);
                changed.notify_waiters();
            }
            Some(6) => {
                let mut s = state.lock().unwrap();
                // Replay what the bot missed, in order, then RESUMED.
                let last_seen = frame["d"]["seq"].as_u64().unwrap_or(0);
                for (_, missed) in s.history.iter().filter(|(seq, _)| *seq > last_seen) {
                    let _ = outbox.send(WsMessage::Text(missed.clone()));
                }
                s.resumed += 1;
                s.seq += 1;
                send(json!({"op": 0, "s": s.seq, "t": "RESUMED", "d": {}}));
                s.session = Some(outbox.clone());
                drop(s);
                changed.notify_waiters();
            }
            _ => {}
        }
    }
    // This session is over: nothing more is dispatched into it.
    {
        let mut s = state.lock().unwrap();
        if s.session
            .as_ref()
            .is_some_and(|live| live.same_channel(&outbox))
        {
            s.session = None;
        }
    }
    drop(outbox);
    let _ = writer.await;
}

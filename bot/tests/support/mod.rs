//! A fake Discord on 127.0.0.1 (REST and gateway) that drives the real `csipgs serve`, and
//! the fixtures it sends, each checked against serenity's own types. See
//! shared/notes/discord-e2e.md.

#![allow(dead_code)]

pub mod fixtures;
mod http;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tokio::sync::{mpsc, Notify};
use tokio_tungstenite::tungstenite::Message as WsMessage;

pub const APP_ID: u64 = 1;
pub const BOT_ID: u64 = 2;
pub const TOKEN: &str = "fake-token-b5d2e4a1c9";

/// A file sent with a reply.
#[derive(Clone, Debug)]
pub struct Upload {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// What the bot sent for one interaction: the callback or a follow-up.
#[derive(Clone, Debug)]
pub struct Sent {
    /// "callback", "followup", "edit" or "message".
    pub kind: &'static str,
    pub body: Value,
    pub files: Vec<Upload>,
    pub at: Instant,
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

    pub fn content(&self) -> &str {
        self.message()["content"].as_str().unwrap_or("")
    }

    pub fn ephemeral(&self) -> bool {
        self.message()["flags"].as_u64().unwrap_or(0) & 64 != 0
    }

    /// The custom ids of the message's buttons.
    pub fn buttons(&self) -> Vec<String> {
        let rows = self.message()["components"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        rows.iter()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
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

#[derive(Default)]
struct State {
    /// What the bot sent, by interaction token.
    sent: HashMap<String, Vec<Sent>>,
    /// When each interaction was dispatched, by token.
    dispatched: HashMap<String, Instant>,
    /// Bodies of command registrations.
    registered: Vec<Value>,
    /// Requests the fake had no answer for.
    unexpected: Vec<String>,
    /// Tokens the bot identified with.
    identified: Vec<String>,
    resumed: usize,
    /// The live gateway session's outbox.
    session: Option<mpsc::UnboundedSender<WsMessage>>,
    seq: u64,
}

pub struct FakeDiscord {
    state: Arc<Mutex<State>>,
    changed: Arc<Notify>,
    rest_port: u16,
    gateway_port: u16,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl FakeDiscord {
    pub async fn start() -> FakeDiscord {
        let rest = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let gateway = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let rest_port = rest.local_addr().unwrap().port();
        let gateway_port = gateway.local_addr().unwrap().port();
        let state = Arc::new(Mutex::new(State::default()));
        let changed = Arc::new(Notify::new());
        let mut tasks = Vec::new();
        {
            let (state, changed) = (state.clone(), changed.clone());
            tasks.push(tokio::spawn(async move {
                while let Ok((stream, _)) = rest.accept().await {
                    let (state, changed) = (state.clone(), changed.clone());
                    tokio::spawn(http::serve(stream, move |request| {
                        rest_answer(&state, &changed, gateway_port, request)
                    }));
                }
            }));
        }
        {
            let (state, changed) = (state.clone(), changed.clone());
            tasks.push(tokio::spawn(async move {
                while let Ok((stream, _)) = gateway.accept().await {
                    tokio::spawn(gateway_session(
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
        }
    }

    pub fn api_base(&self) -> String {
        format!("http://127.0.0.1:{}", self.rest_port)
    }

    /// Wait until `check` holds, re-checking whenever the bot sends something.
    async fn until<T>(
        &self,
        what: &str,
        timeout: Duration,
        check: impl Fn(&State) -> Option<T>,
    ) -> T {
        let deadline = Instant::now() + timeout;
        loop {
            let notified = self.changed.notified();
            if let Some(found) = check(&self.state.lock().unwrap()) {
                return found;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                let state = self.state.lock().unwrap();
                panic!(
                    "timed out waiting for {what}; unexpected requests: {:?}",
                    state.unexpected
                );
            }
            let _ = tokio::time::timeout(left.min(Duration::from_millis(200)), notified).await;
        }
    }

    /// Wait for the bot's `n`th login (IDENTIFY) and its command registration.
    pub async fn wait_logged_in(&self, n: usize) {
        self.until(
            "the bot to log in and register its commands",
            Duration::from_secs(60),
            |s| {
                (s.identified.len() >= n && s.registered.len() >= n && s.session.is_some())
                    .then_some(())
            },
        )
        .await;
    }

    pub fn identified_tokens(&self) -> Vec<String> {
        self.state.lock().unwrap().identified.clone()
    }

    pub fn registered(&self) -> Vec<Value> {
        self.state.lock().unwrap().registered.clone()
    }

    pub fn unexpected(&self) -> Vec<String> {
        self.state.lock().unwrap().unexpected.clone()
    }

    /// Send an INTERACTION_CREATE, after checking serenity reads it.
    pub fn dispatch(&self, interaction: &Value) {
        let token = interaction["token"].as_str().expect("a token").to_string();
        fixtures::check_interaction(interaction);
        let mut state = self.state.lock().unwrap();
        state.seq += 1;
        let frame = json!({"op": 0, "s": state.seq, "t": "INTERACTION_CREATE", "d": interaction});
        state.dispatched.insert(token, Instant::now());
        let session = state.session.as_ref().expect("a gateway session");
        session
            .send(WsMessage::Text(frame.to_string()))
            .expect("the session is open");
    }

    /// Wait for the `n`th thing (1-based) the bot sent for an interaction.
    pub async fn sent(&self, token: &str, n: usize) -> Sent {
        self.until(
            &format!("reply {n} to interaction {token}"),
            Duration::from_secs(20),
            |s| s.sent.get(token).and_then(|v| v.get(n - 1)).cloned(),
        )
        .await
    }

    /// Dispatch an interaction and wait for its callback.
    pub async fn ask(&self, interaction: &Value) -> Sent {
        self.dispatch(interaction);
        self.sent(interaction["token"].as_str().unwrap(), 1).await
    }

    /// Time from dispatching an interaction to its callback.
    pub fn latency(&self, token: &str) -> Option<Duration> {
        let state = self.state.lock().unwrap();
        let start = state.dispatched.get(token)?;
        let first = state.sent.get(token)?.first()?;
        Some(first.at.duration_since(*start))
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

    /// Close the gateway session and stop listening.
    pub fn stop(&self) {
        if let Some(session) = self.state.lock().unwrap().session.take() {
            let _ = session.send(WsMessage::Close(None));
        }
        for task in &self.tasks {
            task.abort();
        }
    }
}

fn message_object(channel: &str, content: &str) -> Value {
    json!({
        "id": "900", "channel_id": channel, "author": {"id": BOT_ID.to_string(), "username": "csipgs", "bot": true},
        "content": content, "timestamp": "2024-01-01T00:00:00+00:00", "tts": false,
        "mention_everyone": false, "mentions": [], "mention_roles": [], "attachments": [],
        "embeds": [], "pinned": false, "type": 0
    })
}

/// Answer one REST request, recording what the bot sent.
fn rest_answer(
    state: &Mutex<State>,
    changed: &Notify,
    gateway_port: u16,
    request: http::Request,
) -> http::Response {
    let path = request.path.split('?').next().unwrap_or("").to_string();
    let parts: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
    let (body, files) = request.payload();
    let record = |token: &str, kind: &'static str| {
        let mut s = state.lock().unwrap();
        s.sent.entry(token.to_string()).or_default().push(Sent {
            kind,
            body: body.clone(),
            files: files.clone(),
            at: Instant::now(),
        });
        drop(s);
        changed.notify_waiters();
    };
    let content = body["content"].as_str().unwrap_or("").to_string();
    let answer = match (request.method.as_str(), &parts[..]) {
        ("GET", ["gateway"]) | ("GET", ["gateway", "bot"]) => http::Response::json(
            200,
            json!({"url": format!("ws://127.0.0.1:{gateway_port}"), "shards": 1,
                "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}}),
        ),
        ("GET", ["oauth2", "applications", "@me"]) => http::Response::json(
            200,
            json!({"id": APP_ID.to_string(), "name": "csipgs", "description": "", "bot_public": true,
                "bot_require_code_grant": false, "verify_key": "0000000000000000000000000000000000000000000000000000000000000000"}),
        ),
        ("PUT", ["applications", _, "commands"])
        | ("PUT", ["applications", _, "guilds", _, "commands"]) => {
            state.lock().unwrap().registered.push(body.clone());
            changed.notify_waiters();
            http::Response::json(200, json!([]))
        }
        ("POST", ["interactions", _, token, "callback"]) => {
            record(token, "callback");
            http::Response::empty(204)
        }
        ("POST", ["webhooks", _, token]) => {
            record(token, "followup");
            http::Response::json(200, message_object("0", &content))
        }
        ("PATCH", ["webhooks", _, token, "messages", _]) => {
            record(token, "edit");
            http::Response::json(200, message_object("0", &content))
        }
        ("GET", ["webhooks", _, _, "messages", _]) => {
            http::Response::json(200, message_object("0", ""))
        }
        ("POST", ["channels", channel, "messages"]) => {
            record(&format!("channel:{channel}"), "message");
            http::Response::json(200, message_object(channel, &content))
        }
        _ => {
            state
                .lock()
                .unwrap()
                .unexpected
                .push(format!("{} {}", request.method, request.path));
            changed.notify_waiters();
            http::Response::json(404, json!({"message": "Unknown route", "code": 0}))
        }
    };
    answer
}

/// One gateway connection: HELLO, then READY or RESUMED, heartbeat ACKs, and whatever the
/// test dispatches.
async fn gateway_session(
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
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 41250}});
    let _ = outbox.send(WsMessage::Text(hello.to_string()));
    while let Some(Ok(message)) = source.next().await {
        let text = match message {
            WsMessage::Text(t) => t,
            WsMessage::Close(_) => break,
            _ => continue,
        };
        let frame: Value = serde_json::from_str(&text).unwrap_or_default();
        match frame["op"].as_u64() {
            Some(1) => {
                let _ = outbox.send(WsMessage::Text(json!({"op": 11}).to_string()));
            }
            Some(2) => {
                let ready = fixtures::ready(port);
                let mut s = state.lock().unwrap();
                s.identified
                    .push(frame["d"]["token"].as_str().unwrap_or("").to_string());
                s.seq += 1;
                let frame = json!({"op": 0, "s": s.seq, "t": "READY", "d": ready});
                let _ = outbox.send(WsMessage::Text(frame.to_string()));
                s.session = Some(outbox.clone());
                drop(s);
                changed.notify_waiters();
            }
            Some(6) => {
                let mut s = state.lock().unwrap();
                s.resumed += 1;
                s.seq += 1;
                let frame = json!({"op": 0, "s": s.seq, "t": "RESUMED", "d": {}});
                let _ = outbox.send(WsMessage::Text(frame.to_string()));
                s.session = Some(outbox.clone());
                drop(s);
                changed.notify_waiters();
            }
            _ => {}
        }
    }
    drop(outbox);
    let _ = writer.await;
}

/// `csipgs serve` as a child process, pointed at the fake.
pub struct Bot {
    child: Child,
    log: Arc<Mutex<String>>,
}

impl Bot {
    pub fn start(api_base: &str, dir: &Path, log: &str) -> Bot {
        let config = dir.join("config.toml");
        std::fs::write(&config, "# settings come from the environment\n").unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_csipgs"))
            .arg("serve")
            .arg("--config")
            .arg(&config)
            .env("CSIPGS_TOKEN", TOKEN)
            .env("CSIPGS_API_BASE", api_base)
            .env("CSIPGS_DATABASE", dir.join("csipgs.db"))
            .env("CSIPGS_LOG", log)
            // Scripted members type faster than people; flood control has unit tests.
            .env("CSIPGS_FLOOD_BURST", "100000")
            .env_remove("CSIPGS_DEV_GUILD")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the csipgs binary starts");
        let log_text = Arc::new(Mutex::new(String::new()));
        let stderr = child.stderr.take().unwrap();
        let sink = log_text.clone();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stderr)
                .lines()
                .map_while(Result::ok)
            {
                let mut text = sink.lock().unwrap();
                text.push_str(&line);
                text.push('\n');
            }
        });
        Bot {
            child,
            log: log_text,
        }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn log(&self) -> String {
        self.log.lock().unwrap().clone()
    }

    /// Kill it at once, as a crash would.
    pub fn crash(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// SIGTERM, then wait for it to exit; returns whether it exited cleanly.
    pub fn terminate(mut self) -> (bool, String) {
        let _ = Command::new("kill")
            .arg("-TERM")
            .arg(self.child.id().to_string())
            .status();
        let deadline = Instant::now() + Duration::from_secs(20);
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break Some(status);
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                break None;
            }
            std::thread::sleep(Duration::from_millis(50));
        };
        std::thread::sleep(Duration::from_millis(100));
        (status.is_some_and(|s| s.success()), self.log())
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Peak and current resident memory of a process, in KiB.
pub fn memory_kib(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    (field("VmHWM:"), field("VmRSS:"))
}

/// A fresh directory for one run's database.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("csipgs-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
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
/// loopback), so nothing can ever reach the real Discord. Panics if that fails.
pub fn rerun_isolated(args: &[String]) {
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

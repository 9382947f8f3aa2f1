//! Forged component presses through the fake Discord and the real `csipgs serve`: Discord
//! checks a component's id and values today, but never promised to, so the bot checks them
//! itself. A challenge's Accept pressed from another server, or with a guessed or rewritten
//! id, is refused privately and starts nothing; a design builder menu given values it never
//! offered gets an error, never a panic, and every log line stays one JSON object. And
//! 1,100 connections that send nothing, against a bot allowed 1,024 descriptors, neither stop
//! the pages answering another visitor nor stay open.

use crate::support;

use serde_json::Value;
use std::time::{Duration, Instant};
use support::fixtures::{button, channel, channel_in, s, select, slash, Opt, ALICE, BOB};
use support::{FakeDiscord, Launch, Sent, GUILD_ID};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

#[test]
fn forged_presses_are_refused() {
    support::run_isolated("doors::forged_presses_are_refused", scenario);
}

#[test]
fn idle_connections_are_closed() {
    support::run_isolated("doors::idle_connections_are_closed", idle_scenario);
}

/// Another server, on the bot's one shard, where Bob is too.
const ELSEWHERE: u64 = 600;

fn refused(sent: &Sent, why: &str) {
    assert!(sent.ephemeral(), "{}", sent.content());
    assert!(sent.content().contains(why), "{}", sent.content());
}

/// Alice challenges Bob in channel 1. Bob presses Accept in another server's channel: as
/// posted, with its id rewritten to name that channel, and with guessed ids (1, 2, 3, as
/// challenge numbers go). Each is refused, privately; no game starts anywhere; the real
/// press in channel 1 then starts it.
async fn a_press_from_another_server_starts_nothing(fake: &FakeDiscord) {
    let here = channel(1);
    let there = channel_in(ELSEWHERE, 71);
    let challenge = fake
        .ask(&slash(
            here,
            &ALICE,
            "challenge",
            vec![Opt::User("opponent", BOB)],
        ))
        .await;
    let accept = challenge.buttons()[0].clone();
    let forged = accept.replace(&format!(":{GUILD_ID}-1"), &format!(":{ELSEWHERE}-71"));
    assert_ne!(forged, accept, "the id names where it was posted");
    let sent = fake.answer(&button(there, &BOB, &accept)).await;
    refused(&sent, "another channel or server");
    // Rewritten to name the other channel, or guessed (old style, or the new shape with
    // this button's seal): the seal holds only for the id the bot made.
    let tag = accept.rsplit_once(':').expect("a sealed id").1;
    let mut forgeries = vec![forged];
    for n in 1..=3 {
        forgeries.push(format!("challenge:accept:{n}"));
        forgeries.push(format!("challenge:accept:{n}:{ELSEWHERE}-71:{tag}"));
    }
    for id in &forgeries {
        let sent = fake.answer(&button(there, &BOB, id)).await;
        refused(&sent, "not one this bot made");
    }
    for place in [here, there] {
        let status = fake.answer(&slash(place, &BOB, "game", vec![])).await;
        assert!(status.content().contains("no game"), "{}", status.content());
    }
    fake.accept(here, &BOB, &challenge).await;
}

/// Builder menu values the bot never offered: a part number starting with a character of
/// two bytes, an empty one, and one holding a newline and a JSON line. Each gets a private
/// error; the bot keeps answering.
async fn forged_builder_values_get_an_error(fake: &FakeDiscord) {
    let place = channel(2);
    let opened = fake
        .ask(&slash(place, &ALICE, "design", vec![s("design", "WN")]))
        .await;
    let shown: Value = opened
        .message_id
        .and_then(|id| fake.message_json(id))
        .expect("the builder's message");
    let menu = opened
        .components()
        .iter()
        .find_map(|c| {
            c["custom_id"]
                .as_str()
                .filter(|id| id.starts_with("design:"))
        })
        .map(str::to_string)
        .expect("a builder menu");
    let parts = format!(
        "design:p:{}",
        menu.split_once(':').unwrap().1.split_once(':').unwrap().1
    );
    let forged_line = "c0\n{\"level\":\"ERROR\",\"fields\":{\"message\":\"forged\"}}";
    for (id, value) in [
        (&parts, "é1"),
        (&parts, ""),
        (&parts, forged_line),
        (&menu, forged_line),
    ] {
        let sent = fake
            .answer(&select(place, &ALICE, id, value, shown.clone()))
            .await;
        refused(&sent, "not one this bot made");
    }
    let help = fake.answer(&slash(place, &ALICE, "help", vec![])).await;
    assert!(help.ephemeral(), "{}", help.content());
}

async fn scenario() {
    let fake = FakeDiscord::start().await;
    let dir = support::scratch_dir("doors");
    let launch = Launch::new(&fake.api_base(), &dir, "info").env("CSIPGS_LOG_FORMAT", "json");
    let bot = launch.start();
    fake.wait_logged_in(1).await;

    a_press_from_another_server_starts_nothing(&fake).await;
    forged_builder_values_get_an_error(&fake).await;

    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    let (clean, log) = bot.terminate();
    assert!(clean, "{log}");
    for line in log.lines() {
        let parsed: Result<Value, _> = serde_json::from_str(line);
        assert!(
            parsed.is_ok(),
            "a log line that is not one JSON object: {line}"
        );
    }
    assert!(!log.contains("\"forged\""), "{log}");
    fake.stop();
    let _ = std::fs::remove_dir_all(&dir);
}

/// The bot's descriptor limit in the idle-connection scenario, and the connections that
/// send nothing.
const DESCRIPTORS: u64 = 1024;
const IDLE: usize = 1100;

/// A port free on loopback now.
fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

/// Descriptors the process holds open.
fn open_descriptors(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd")).map_or(0, |d| d.count())
}

/// GET /price from 127.0.0.2, another visitor than the idle connections' 127.0.0.1: the
/// status line, and how long it took.
async fn a_page_from_elsewhere(port: u16) -> (String, Duration) {
    let began = Instant::now();
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind("127.0.0.2:0".parse().unwrap()).unwrap();
    let mut stream = socket
        .connect(format!("127.0.0.1:{port}").parse().unwrap())
        .await
        .unwrap();
    stream
        .write_all(b"GET /price HTTP/1.1\r\nHost: csipgs.example\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut head = vec![0; 64];
    let n = stream.read(&mut head).await.unwrap();
    let status = String::from_utf8_lossy(&head[..n])
        .lines()
        .next()
        .unwrap_or("")
        .to_string();
    (status, began.elapsed())
}

/// A log without its colours (the bot's terminal escapes between a field's name and value).
fn plain(log: &str) -> String {
    let mut out = String::with_capacity(log.len());
    let mut escaped = false;
    for c in log.chars() {
        match (escaped, c) {
            (false, '\x1b') => escaped = true,
            (false, c) => out.push(c),
            (true, 'm') => escaped = false,
            (true, _) => {}
        }
    }
    out
}

/// Whether the server closed the connection (end of stream, or reset).
async fn closed(mut stream: TcpStream) -> bool {
    let mut byte = [0; 1];
    matches!(stream.read(&mut byte).await, Ok(0) | Err(_))
}

async fn idle_scenario() {
    let fake = FakeDiscord::start().await;
    let dir = support::scratch_dir("doors-idle");
    let port = free_port();
    let launch = Launch::new(&fake.api_base(), &dir, "info")
        .env("CSIPGS_WEB", &format!("127.0.0.1:{port}"))
        .env("CSIPGS_PUBLIC_URL", "https://csipgs.example")
        .descriptor_limit(DESCRIPTORS);
    let bot = launch.start();
    fake.wait_logged_in(1).await;
    assert!(
        bot.wait_log("the web pages' limits in force", Duration::from_secs(20))
            .await,
        "{}",
        bot.log()
    );
    assert!(
        plain(&bot.log()).contains("descriptors=1024"),
        "{}",
        bot.log()
    );

    let mut idle = Vec::with_capacity(IDLE);
    for _ in 0..IDLE {
        idle.push(TcpStream::connect(("127.0.0.1", port)).await.unwrap());
    }
    let opened = Instant::now();
    let held = open_descriptors(bot.pid());
    let (status, took) = a_page_from_elsewhere(port).await;
    println!(
        "{IDLE} idle connections: the bot holds {held} descriptors; another visitor's page in {} ms",
        took.as_millis()
    );
    assert!(status.starts_with("HTTP/1.1 200"), "{status}");
    assert!(took < Duration::from_secs(1), "{took:?}");
    assert!((held as u64) < DESCRIPTORS, "{held}");

    let all_closed = futures_util::future::join_all(idle.into_iter().map(closed));
    let closed = tokio::time::timeout(Duration::from_secs(30), all_closed)
        .await
        .expect("every idle connection closed within 30 s");
    assert!(closed.iter().all(|&c| c));
    println!(
        "every idle connection closed {} ms after they opened; the bot holds {} descriptors",
        opened.elapsed().as_millis(),
        open_descriptors(bot.pid())
    );
    let (status, _) = a_page_from_elsewhere(port).await;
    assert!(status.starts_with("HTTP/1.1 200"), "{status}");

    let (clean, log) = bot.terminate();
    assert!(clean, "{log}");
    fake.stop();
    let _ = std::fs::remove_dir_all(&dir);
}

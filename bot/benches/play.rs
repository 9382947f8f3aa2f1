//! Playing by clicking, under load: the real `csipgs serve` with 200 games of Alice and Bob
//! played at once through the fake Discord (each player thinking 0.5 to 1.5 s a turn, as the
//! load bench's steady games do), Alice playing every one of them from her board (signed in
//! as the Activity does, her session a bearer) and Bob answering by `/move` in Discord. For each of Alice's turns: how long from her page sending it until the turn is
//! announced in the game's Discord channel (the fake's arrival time of the message), until
//! her open page hears of it (the game's stream), and until both.
//!
//! Runs inside `unshare -rn` like the end-to-end tests: `cargo bench -p bot --bench play`.

use harness as support;

use std::sync::Arc;
use std::time::{Duration, Instant};
use support::fixtures::{channel, ALICE};
use support::games::{report, shuffle, start_shown_games, think, turn, GAMES};
use support::{hidden, FakeDiscord, APP_ID, CLIENT_SECRET, GUILD_ID};

/// Alice's turns in each game.
const TURNS: usize = 5;

/// How long one of Alice's turns took to arrive where it shows.
struct Arrived {
    channel: Duration,
    page: Duration,
}

fn main() {
    let Some(runtime) = support::bench_runtime() else {
        return;
    };
    let dir = support::scratch_dir("play-bench");
    let fake = Arc::new(runtime.block_on(FakeDiscord::start()));
    let port = support::free_port();
    let public = format!("http://127.0.0.1:{port}");
    let bot = support::Launch::new(&fake.api_base(), &dir, "warn")
        .config(support::UNLIMITED_WEB)
        .serving_pages(port)
        .env("CSIPGS_CLIENT_ID", &APP_ID.to_string())
        .env("CSIPGS_CLIENT_SECRET", CLIENT_SECRET)
        .start();
    runtime.block_on(fake.wait_logged_in(1));
    runtime.block_on(start_shown_games(&fake));

    let client = reqwest::Client::new();
    let (bearer, paths) = runtime.block_on(sign_in(&fake, &client, &public));
    assert_eq!(paths.len(), GAMES as usize);
    let games: Vec<_> = paths
        .into_iter()
        .enumerate()
        .map(|(g, path)| {
            let (fake, client, bearer) = (fake.clone(), client.clone(), bearer.clone());
            let url = format!("{public}{path}");
            runtime.spawn(async move { play_game(&fake, &client, &bearer, &url, g as u64).await })
        })
        .collect();
    let arrived: Vec<Arrived> = runtime.block_on(async {
        let mut all = Vec::new();
        for game in games {
            all.extend(game.await.unwrap());
        }
        all
    });
    let mut channel: Vec<Duration> = arrived.iter().map(|a| a.channel).collect();
    let mut page: Vec<Duration> = arrived.iter().map(|a| a.page).collect();
    let mut both: Vec<Duration> = arrived.iter().map(|a| a.channel.max(a.page)).collect();
    for times in [&mut channel, &mut page, &mut both] {
        times.sort();
    }
    report(
        "a page's turn reaching the game's Discord channel",
        &channel,
    );
    report("a page's turn reaching the player's open page", &page);
    report("a page's turn reaching both", &both);
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    let (clean, log) = bot.terminate();
    fake.stop();
    assert!(clean, "{log}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Alice signs in as the Activity does: her bearer, and her games' play pages, oldest
/// (channel 1000) first.
async fn sign_in(
    fake: &FakeDiscord,
    client: &reqwest::Client,
    public: &str,
) -> (String, Vec<String>) {
    let code = fake.activity_code(ALICE);
    let granted = client
        .post(format!("{public}/activity/token"))
        .header("content-type", "application/json")
        .body(serde_json::json!({ "code": code }).to_string())
        .send()
        .await
        .unwrap();
    let granted: serde_json::Value = serde_json::from_str(&granted.text().await.unwrap()).unwrap();
    let bearer = format!("Bearer {}", granted["session"].as_str().unwrap());
    let games = client
        .get(format!("{public}/activity/games?guild={GUILD_ID}"))
        .header("authorization", &bearer)
        .send()
        .await
        .unwrap();
    let games: serde_json::Value = serde_json::from_str(&games.text().await.unwrap()).unwrap();
    let paths = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["path"].as_str().unwrap().to_string())
        .collect();
    (bearer, paths)
}

/// Alice's `TURNS` turns in game `g` from her page at `url`, each answered by Bob in Discord.
async fn play_game(
    fake: &FakeDiscord,
    client: &reqwest::Client,
    bearer: &str,
    url: &str,
    g: u64,
) -> Vec<Arrived> {
    let place = channel(1000 + g).channel_id();
    // Her open page's stream: each `game` event carries the turns played.
    let (played_tx, mut played_rx) = tokio::sync::mpsc::unbounded_channel();
    let events = url.trim_end_matches("/play").to_string() + "/events";
    let stream = tokio::spawn(async move {
        let mut answer = reqwest::Client::new().get(&events).send().await.unwrap();
        let mut seen = String::new();
        while let Ok(Some(chunk)) = answer.chunk().await {
            seen.push_str(&String::from_utf8_lossy(&chunk));
            while let Some(at) = seen.find("\n\n") {
                let event: String = seen.drain(..at + 2).collect();
                if let Some(data) = event.strip_prefix("event: game\ndata: ") {
                    let update: serde_json::Value = serde_json::from_str(data.trim()).unwrap();
                    let _ = played_tx.send((update["played"].as_u64().unwrap(), Instant::now()));
                }
            }
        }
    });
    let heard = async |rx: &mut tokio::sync::mpsc::UnboundedReceiver<(u64, Instant)>, n: u64| loop {
        let (played, at) = rx.recv().await.expect("the stream");
        if played == n {
            return at;
        }
    };
    heard(&mut played_rx, 0).await;
    let mut arrived = Vec::new();
    for t in 0..TURNS {
        let ply = 2 * t;
        let page = client
            .get(url)
            .header("authorization", bearer)
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        let form = hidden(&page, "form");
        think(g, ply).await;
        let before = fake.channel_messages(place).len();
        let sent = Instant::now();
        let answer = client
            .post(url)
            .header("authorization", bearer)
            .form(&[
                ("form", form.as_str()),
                ("act", "command"),
                ("command", "turn"),
                ("text", shuffle(ply)),
            ])
            .send()
            .await
            .unwrap();
        assert!(answer.status().is_success());
        let page_at = heard(&mut played_rx, ply as u64 + 1).await;
        let message = fake.channel_message(place, before + 1).await;
        assert!(
            message.content().contains(&format!("**{}**", shuffle(ply))),
            "{}",
            message.content()
        );
        arrived.push(Arrived {
            channel: message.at - sent,
            page: page_at - sent,
        });
        think(g, ply + 1).await;
        turn(fake, g, ply + 1).await;
        heard(&mut played_rx, ply as u64 + 2).await;
    }
    stream.abort();
    arrived
}

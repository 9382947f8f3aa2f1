//! What a member's data and a server's pages show, through the fake Discord and the real
//! `csipgs serve` with its web pages on: an export during a fog game holds none of the hidden
//! board; after a forget no kept picture (web boards, the web replay, `/replay`) still shows
//! the member; `/settings web_links:new` closes the old links; a server that removes the bot
//! closes its pages at once. Runs inside `unshare -rn` like the other e2e suites.

use crate::support;

use poise::serenity_prelude::Permissions;
use std::time::Duration;
use support::fixtures::{
    button, channel, dm, s, slash, subcommand, with_permissions, Opt, Place, User,
};
use support::fixtures::{ALICE, BOB, CAROL, DAVE};
use support::{FakeDiscord, Launch, Sent, GUILD_ID};

#[test]
fn pages_and_exports_show_only_what_they_may() {
    support::run_isolated(
        "privacy::pages_and_exports_show_only_what_they_may",
        scenario,
    );
}

/// A page of the bot's web server: its status and bytes.
async fn fetch(port: u16, path: &str) -> (u16, Vec<u8>) {
    let response = reqwest::get(format!("http://127.0.0.1:{port}{path}"))
        .await
        .unwrap_or_else(|e| panic!("GET {path}: {e}"));
    let status = response.status().as_u16();
    (status, response.bytes().await.unwrap().to_vec())
}

/// The path of the "Watch" link button on a message.
fn watch_path(sent: &Sent, public: &str) -> String {
    let url = sent
        .components()
        .iter()
        .find_map(|b| b["url"].as_str().map(str::to_string))
        .unwrap_or_else(|| panic!("no Watch button: {}", sent.message()));
    url.strip_prefix(public)
        .expect("the public address")
        .to_string()
}

/// The server page's path in a /settings answer.
fn server_path(text: &str, public: &str) -> String {
    let url = text
        .split_whitespace()
        .find(|w| w.starts_with(&format!("{public}/s/")))
        .unwrap_or_else(|| panic!("no server page in {text}"));
    url.strip_prefix(public).unwrap().to_string()
}

/// /settings as Carol, who has Manage Server.
async fn settings(fake: &FakeDiscord, options: Vec<Opt>) -> Sent {
    let ix = slash(channel(1), &CAROL, "settings", options);
    fake.ask(&with_permissions(ix, Permissions::MANAGE_GUILD))
        .await
}

/// `who`'s /privacy export, read.
async fn export(fake: &FakeDiscord, who: &User) -> serde_json::Value {
    let sent = fake
        .answer(&subcommand(dm(who.id), who, "privacy", "export", vec![]))
        .await;
    let file = sent
        .files
        .iter()
        .find(|f| f.name.ends_with(".json"))
        .expect("a JSON file");
    serde_json::from_slice(&file.bytes).unwrap()
}

/// The GIF /replay sends for the game in `place`.
async fn replay(fake: &FakeDiscord, place: Place) -> Vec<u8> {
    let ask = slash(place, &CAROL, "replay", vec![]);
    let token = ask["token"].as_str().unwrap().to_string();
    fake.dispatch(&ask);
    fake.eventually("the replay's GIF", Duration::from_secs(60), || {
        fake.sent_for(&token).into_iter().find_map(|m| {
            m.files
                .iter()
                .find(|f| f.name.ends_with(".gif"))
                .map(|f| f.bytes.clone())
        })
    })
    .await
}

/// Alice's export while her fog game with Bob is played: no state, no position.
async fn a_fog_export_hides_the_board(fake: &FakeDiscord) {
    let place = channel(71);
    fake.games_in_channels(place).await;
    let options = vec![
        Opt::User("opponent", BOB),
        Opt::Int("colour", 0),
        Opt::Bool("fog", true),
    ];
    let challenge = fake.ask(&slash(place, &ALICE, "challenge", options)).await;
    fake.accept(place, &BOB, &challenge).await;
    fake.answer(&slash(place, &ALICE, "move", vec![s("move", "Kd2")]))
        .await;
    let file = export(fake, &ALICE).await;
    let games = file["tables"]["games"].as_array().expect("her game");
    assert!(games.iter().all(|g| g["state"].is_null()), "{file:#}");
    let turns = file["tables"]["turns"].as_array().expect("her turn");
    assert!(turns.iter().all(|t| t["position"].is_null()), "{file:#}");
    assert!(file["withheld"].is_string(), "{file:#}");
}

/// Dave's finished game with Bob, watched on the web, then Dave forgotten: the earlier
/// board, the web replay and /replay are drawn again. Returns the game's page.
async fn a_forget_redraws_the_pictures(fake: &FakeDiscord, port: u16, public: &str) -> String {
    let place = channel(72);
    fake.games_in_channels(place).await;
    let options = vec![Opt::User("opponent", BOB), Opt::Int("colour", 0)];
    let challenge = fake.ask(&slash(place, &DAVE, "challenge", options)).await;
    fake.accept(place, &BOB, &challenge).await;
    let moved = fake
        .ask(&slash(place, &DAVE, "move", vec![s("move", "Kd2")]))
        .await;
    let game = watch_path(&moved, public);
    fake.ask(&slash(place, &BOB, "move", vec![s("move", "Ke7")]))
        .await;
    let ask = fake.ask(&slash(place, &DAVE, "resign", vec![])).await;
    fake.ask(&button(place, &DAVE, &ask.buttons()[0])).await;
    // What names the players: a turn's panels and the replay (the board alone names nobody).
    let kept = [format!("{game}/ply/1"), format!("{game}/replay.gif")];
    let mut before = Vec::new();
    for path in &kept {
        let (status, bytes) = fetch(port, path).await;
        assert_eq!(status, 200, "{path}");
        before.push(bytes);
    }
    let replayed = replay(fake, place).await;

    let ask = fake
        .answer(&subcommand(dm(DAVE.id), &DAVE, "privacy", "forget", vec![]))
        .await;
    let done = fake
        .answer(&button(dm(DAVE.id), &DAVE, &ask.buttons()[0]))
        .await;
    assert!(
        done.content().contains("deleted member #1"),
        "{}",
        done.content()
    );
    for (path, old) in kept.iter().zip(before) {
        let (status, bytes) = fetch(port, path).await;
        assert_eq!(status, 200, "{path}");
        assert_ne!(bytes, old, "{path} was drawn before the forget");
    }
    assert_ne!(replay(fake, place).await, replayed, "/replay's GIF");
    let (_, page) = fetch(port, &game).await;
    let page = String::from_utf8_lossy(&page);
    assert!(
        page.contains("deleted member #1") && !page.contains("dave"),
        "{page}"
    );
    game
}

/// web_links:new closes the old game and server links; members without Manage Server are
/// not shown the server page. Returns the new server page.
async fn links_are_replaced(fake: &FakeDiscord, port: u16, public: &str, game: &str) -> String {
    let first = server_path(settings(fake, vec![]).await.content(), public);
    let shown = fake
        .ask(&slash(channel(1), &ALICE, "settings", vec![]))
        .await;
    assert!(!shown.content().contains("/s/"), "{}", shown.content());
    let renewed = settings(fake, vec![Opt::Int("web_links", 0)]).await;
    assert!(
        renewed.content().contains("new link"),
        "{}",
        renewed.content()
    );
    let second = server_path(renewed.content(), public);
    assert_ne!(second, first);
    for old in [game, first.as_str()] {
        assert_eq!(fetch(port, old).await.0, 404, "{old} after web_links:new");
    }
    assert_eq!(fetch(port, &second).await.0, 200);
    second
}

async fn scenario() {
    let fake = FakeDiscord::start().await;
    let dir = support::scratch_dir("privacy");
    let port = support::free_port();
    let public = format!("http://127.0.0.1:{port}");
    let bot = Launch::new(&fake.api_base(), &dir, "warn")
        .env("CSIPGS_WEB", &port.to_string())
        .env("CSIPGS_PUBLIC_URL", &public)
        .start();
    fake.wait_logged_in(1).await;
    let on = settings(&fake, vec![Opt::Bool("web", true)]).await;
    assert!(on.content().contains("/s/"), "{}", on.content());

    a_fog_export_hides_the_board(&fake).await;
    let game = a_forget_redraws_the_pictures(&fake, port, &public).await;
    let server = links_are_replaced(&fake, port, &public, &game).await;

    // The bot removed from the server: its pages close at once.
    fake.guild_delete(GUILD_ID, false);
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while fetch(port, &server).await.0 != 404 {
        assert!(
            std::time::Instant::now() < deadline,
            "the server page stayed open after the bot was removed"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    let (clean, log) = bot.terminate();
    assert!(clean, "{log}");
    fake.stop();
    let _ = std::fs::remove_dir_all(&dir);
}

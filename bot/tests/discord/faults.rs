//! The real bot against a fake Discord that fails: a database held locked, answers that get
//! HTTP 500, 429 or no answer at all, and SIGTERM with 40 games in flight. A turn that is saved
//! is announced exactly once; a stop loses nothing. Runs inside `unshare -rn` like the other
//! end-to-end suite.

use crate::support;

use std::time::{Duration, Instant};
use support::fixtures::{
    button, channel, s, slash, with_permissions, Opt, Place, ALICE, BOB, CAROL,
};
use support::{lock_database, FakeDiscord, Fault, Launch, Route};

const RESTARTING: &str = "The bot is restarting";

fn mv(text: &str) -> Vec<Opt> {
    vec![s("move", text)]
}

fn token(ix: &serde_json::Value) -> String {
    ix["token"].as_str().unwrap().to_string()
}

/// Alice (White) and Bob start a game in `place`.
async fn start_game(fake: &FakeDiscord, place: Place) {
    let options = vec![Opt::User("opponent", BOB), Opt::Int("colour", 0)];
    let challenge = fake.ask(&slash(place, &ALICE, "challenge", options)).await;
    let buttons = challenge.buttons();
    assert!(!buttons.is_empty(), "{}", challenge.content());
    let started = fake.ask(&button(place, &BOB, &buttons[0])).await;
    assert!(
        started.content().starts_with("Game on!"),
        "{}",
        started.content()
    );
}

/// How many messages in the channel announce Alice's Kd2: answers and posts alike, as
/// members see them (edits applied, private answers left out).
fn announcements(fake: &FakeDiscord, place: Place) -> usize {
    fake.channel_messages(place.channel_id())
        .iter()
        .filter(|m| m.content().contains("played **Kd2**"))
        .count()
}

/// The database is held locked for 5 s while a turn comes in: Discord hears from the bot
/// within its 3 s, and the turn is announced when it lands.
async fn a_locked_database_defers_then_announces(fake: &FakeDiscord, launch: &Launch) {
    let place = channel(11);
    start_game(fake, place).await;
    let lock = lock_database(&launch.database(), Duration::from_secs(5)).await;
    let ix = slash(place, &ALICE, "move", mv("Kd2"));
    fake.dispatch(&ix);
    let first = fake.sent(&token(&ix), 1).await;
    assert_eq!(
        first.callback_type(),
        5,
        "a deferred answer: {:?}",
        first.body
    );
    let delay = fake.callback_delay(&token(&ix)).unwrap();
    assert!(delay < Duration::from_secs(3), "{delay:?}");
    let answer = fake
        .eventually(
            "the deferred turn's answer",
            Duration::from_secs(30),
            || {
                fake.sent_for(&token(&ix))
                    .into_iter()
                    .find(|m| m.kind == "edit")
            },
        )
        .await;
    assert!(
        answer.content().contains("played **Kd2**"),
        "{}",
        answer.content()
    );
    assert_eq!(answer.pngs().len(), 1);
    lock.release().await;
    assert_eq!(announcements(fake, place), 1);
}

/// The answer to a turn fails (a server error, a rate limit, no answer at all): the turn is
/// saved, and announced in the channel once, within a few seconds: a callback Discord
/// stalls on is given up inside its 3 s window and the outbox posts the answer at once.
async fn failed_answers_are_posted(fake: &FakeDiscord) {
    let faults = [
        Fault::Status(500),
        Fault::RateLimited {
            retry_after_secs: 0.5,
            global: false,
        },
        Fault::Hang,
    ];
    for (i, fault) in faults.into_iter().enumerate() {
        let place = channel(20 + i as u64);
        start_game(fake, place).await;
        let ix = slash(place, &ALICE, "move", mv("Kd2"));
        fake.fail_next_for(Route::Callback, token(&ix), fault.clone(), 1);
        let dispatched = Instant::now();
        fake.dispatch(&ix);
        fake.eventually(
            &format!("the turn posted after {fault:?}"),
            Duration::from_secs(40),
            || (announcements(fake, place) > 0).then_some(()),
        )
        .await;
        let took = dispatched.elapsed();
        assert!(
            took < Duration::from_secs(4),
            "{fault:?}: posted after {took:?}"
        );

        // The channel shows the board with it, and nothing twice.
        let post = fake
            .channel_messages(place.channel_id())
            .into_iter()
            .find(|m| m.content().contains("played **Kd2**"))
            .unwrap();
        assert_eq!(post.pngs().len(), 1, "{fault:?}");
        tokio::time::sleep(Duration::from_secs(2)).await;
        assert_eq!(
            announcements(fake, place),
            1,
            "{fault:?}: {:?} | {:?}",
            fake.sent_for(&token(&ix))
                .iter()
                .map(|m| (m.kind, m.content().to_string()))
                .collect::<Vec<_>>(),
            fake.channel_messages(place.channel_id())
                .iter()
                .map(|m| (m.kind, m.content().to_string()))
                .collect::<Vec<_>>()
        );
        let status = fake.ask(&slash(place, &CAROL, "game", vec![])).await;
        assert!(
            status.content().contains("Black to move"),
            "{}",
            status.content()
        );
    }

    // A 500 on the Accept button: the game starts, and the challenge's message says so.
    let place = channel(30);
    let options = vec![Opt::User("opponent", BOB), Opt::Int("colour", 0)];
    let challenge = fake.ask(&slash(place, &ALICE, "challenge", options)).await;
    let press = fake.press(place, &BOB, &challenge.buttons()[0]);
    fake.fail_next_for(Route::Callback, token(&press), Fault::Status(500), 1);
    fake.dispatch(&press);
    fake.eventually(
        "the game announced after a failed accept",
        Duration::from_secs(40),
        || {
            fake.channel_messages(place.channel_id())
                .iter()
                .any(|m| m.content().starts_with("Game on!"))
                .then_some(())
        },
    )
    .await;
}

/// SIGTERM while 40 turns are in flight (waiting on a locked database) and 40 more arrive:
/// every turn sent before the SIGTERM is saved and announced once, every command sent after
/// it hears the restart message, and the bot is gone within 5 s.
async fn sigterm_loses_nothing(fake: &FakeDiscord, launch: &Launch, bot: support::Bot) {
    const GAMES: u64 = 40;
    let places: Vec<Place> = (0..GAMES).map(|g| channel(200 + g)).collect();
    for &place in &places {
        start_game(fake, place).await;
    }
    let lock = lock_database(&launch.database(), Duration::from_millis(1500)).await;
    let first: Vec<serde_json::Value> = places
        .iter()
        .map(|&place| slash(place, &ALICE, "move", mv("Kd2")))
        .collect();
    for ix in &first {
        fake.dispatch(ix);
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    bot.sigterm();
    let stopping = Instant::now();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let second: Vec<serde_json::Value> = places
        .iter()
        .map(|&place| slash(place, &BOB, "move", mv("Kd7")))
        .collect();
    for ix in &second {
        fake.try_dispatch(ix);
    }
    let (took, clean, log) = bot.wait_exit(Duration::from_secs(15)).await;
    assert!(clean, "{log}");
    assert!(took < Duration::from_secs(5), "{took:?}");
    assert!(stopping.elapsed() < Duration::from_secs(6));
    drop(lock);
    for ix in &second {
        let replies = fake.sent_for(&token(ix));
        assert!(
            replies
                .iter()
                .all(|r| r.ephemeral() && r.content().starts_with(RESTARTING)),
            "{:?}",
            replies.iter().map(|r| r.content()).collect::<Vec<_>>()
        );
    }
    // After the restart: every turn that was saved was announced, exactly once.
    let bot = launch.start();
    fake.wait_identified(2).await;
    let mut saved = 0;
    for (&place, ix) in places.iter().zip(&first) {
        let status = fake.ask(&slash(place, &CAROL, "game", vec![])).await;
        let moved = status.content().contains("Black to move");
        let told = announcements(fake, place);
        if moved {
            saved += 1;
            assert_eq!(told, 1, "{}", status.content());
            let replies = fake.sent_for(&token(ix));
            assert!(
                !replies.iter().any(|r| r.content().starts_with(RESTARTING)),
                "sent before the stop, answered as usual: {:?}",
                replies.iter().map(|r| r.content()).collect::<Vec<_>>()
            );
        } else {
            // Not saved: never announced, and its member heard only the restart message.
            assert_eq!(told, 0, "{}", status.content());
            let replies = fake.sent_for(&token(ix));
            assert!(
                replies.iter().all(|r| r.content().starts_with(RESTARTING)),
                "{:?}",
                replies.iter().map(|r| r.content()).collect::<Vec<_>>()
            );
        }
    }
    assert_eq!(saved, GAMES, "every turn sent before the stop is finished");
    let (clean, log) = bot.terminate();
    assert!(clean, "{log}");
}

/// A bot that can't get through to Discord (its login goes unanswered) still stops on
/// SIGTERM, within 5 s.
async fn sigterm_while_discord_is_unreachable() {
    let dir = support::scratch_dir("unreachable");
    let fake = FakeDiscord::start().await;
    fake.hold_gateway(true);
    let bot = Launch::new(&fake.api_base(), &dir, "info").start();
    assert!(
        bot.wait_log("database ready", Duration::from_secs(30))
            .await,
        "{}",
        bot.log()
    );
    tokio::time::sleep(Duration::from_millis(500)).await;
    bot.sigterm();
    let (took, clean, log) = bot.wait_exit(Duration::from_secs(15)).await;
    assert!(took < Duration::from_secs(5), "{took:?}\n{log}");
    assert!(clean, "{log}");
    fake.stop();
    let _ = std::fs::remove_dir_all(&dir);
}

/// What a metric reads in `/metrics`' text (0 while it has no sample).
fn metric(text: &str, series: &str) -> f64 {
    text.lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
        .map_or(0.0, |value| value.trim().parse().unwrap())
}

/// Poll `GET path` until `want` accepts the answer.
async fn until_http(port: u16, path: &str, want: impl Fn(u16, &str) -> bool) -> (u16, String) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let answer = support::http_get(port, path).await;
        if let Some((status, body)) = &answer {
            if want(*status, body) {
                return (*status, body.clone());
            }
        }
        assert!(Instant::now() < deadline, "GET {path}: {answer:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// `/healthz` and `/metrics` on loopback: healthy once connected, a turn moves the commands
/// counter, unhealthy while the gateway is cut and healthy again after RESUME. The logs are
/// JSON lines carrying the command's fields, with no interaction token in them.
/// `web` on: a server that shows its pages gets a "Watch" link button on each board, and the
/// link opens that game's page on the real `csipgs serve`.
async fn the_watch_button_opens_the_game() {
    let dir = support::scratch_dir("watch");
    let fake = FakeDiscord::start().await;
    let port = support::free_port();
    let public = format!("http://127.0.0.1:{port}");
    let bot = Launch::new(&fake.api_base(), &dir, "info")
        .env("CSIPGS_WEB", &port.to_string())
        .env("CSIPGS_PUBLIC_URL", &public)
        .start();
    fake.wait_logged_in(1).await;
    let place = channel(60);
    fake.games_in_channels(place).await;
    let on = with_permissions(
        slash(place, &CAROL, "settings", vec![Opt::Bool("web", true)]),
        poise::serenity_prelude::Permissions::MANAGE_GUILD,
    );
    let saved = fake.ask(&on).await;
    assert!(
        saved.content().contains(&format!("{public}/s/")),
        "{}",
        saved.content()
    );
    start_game(&fake, place).await;
    let played = fake.ask(&slash(place, &ALICE, "move", mv("Kd2"))).await;
    let links: Vec<(u64, String)> = played.message()["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|b| Some((b["style"].as_u64()?, b["url"].as_str()?.to_string())))
        .collect();
    assert_eq!(links.len(), 1, "{}", played.message());
    let (style, url) = &links[0];
    assert_eq!(*style, 5, "a link button");
    let path = url.strip_prefix(&public).expect("the public address");
    assert!(path.starts_with("/g/") && path.len() == 35, "{url}");
    let (status, page) = support::http_get(port, path).await.expect("the page");
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("alice vs bob"), "{page}");
    assert!(page.contains(">Kd2<"), "{page}");
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    let (clean, log) = bot.terminate();
    assert!(clean, "{log}");
    fake.stop();
    let _ = std::fs::remove_dir_all(&dir);
}

async fn health_and_metrics() {
    let dir = support::scratch_dir("health");
    let fake = FakeDiscord::start().await;
    fake.set_heartbeat_interval(Duration::from_secs(1));
    let port = support::free_port();
    let bot = Launch::new(&fake.api_base(), &dir, "info")
        .env("CSIPGS_HTTP", &port.to_string())
        .env("CSIPGS_LOG_FORMAT", "json")
        .start();
    fake.wait_logged_in(1).await;
    let (_, body) = until_http(port, "/healthz", |status, _| status == 200).await;
    assert_eq!(body, r#"{"status":"ok"}"#);

    let place = channel(40);
    fake.games_in_channels(place).await;
    start_game(&fake, place).await;
    let moves = r#"csipgs_commands_total{command="move",outcome="done"}"#;
    let (_, before) = until_http(port, "/metrics", |status, _| status == 200).await;
    assert!(
        before.contains("# TYPE csipgs_command_seconds histogram"),
        "{before}"
    );
    assert_eq!(metric(&before, "csipgs_shards_connected"), 1.0, "{before}");
    assert_eq!(metric(&before, "csipgs_shards"), 1.0, "{before}");
    let played = fake.ask(&slash(place, &ALICE, "move", mv("Kd2"))).await;
    assert!(
        played.content().contains("played **Kd2**"),
        "{}",
        played.content()
    );
    let (_, after) = support::http_get(port, "/metrics").await.unwrap();
    assert_eq!(
        metric(&after, moves),
        metric(&before, moves) + 1.0,
        "{after}"
    );
    assert!(
        metric(&after, r#"csipgs_pictures_total{kind="board"}"#) >= 1.0,
        "{after}"
    );
    for gauge in [
        "csipgs_outbox_owed",
        "csipgs_scheduler_lag_seconds",
        "csipgs_db_pool_connections",
        "csipgs_process_resident_memory_bytes",
        r#"csipgs_games_in_progress{family="csipgs"}"#,
    ] {
        assert!(after.contains(&format!("{gauge} ")), "{gauge}: {after}");
    }

    // An answer Discord never takes: logged (with the command's fields), token blanked.
    let mut ix = slash(place, &BOB, "move", mv("Kd7"));
    // As long as Discord's own (the fixtures' are short).
    ix["token"] = format!("{}{}", token(&ix), "aW50ZXJhY3Rpb246MTIzNDU2Nzg".repeat(6)).into();
    fake.fail_next_for(
        Route::Callback,
        token(&ix),
        Fault::Stall(Duration::from_millis(200)),
        1,
    );
    fake.dispatch(&ix);
    fake.eventually("Bob's turn posted", Duration::from_secs(30), || {
        fake.channel_messages(place.channel_id())
            .iter()
            .any(|m| m.content().contains("played **Kd7**"))
            .then_some(())
    })
    .await;

    // The gateway cut, and Discord slow to take the bot back: unhealthy until it resumes.
    fake.hold_gateway(true);
    assert!(fake.gateway_close(4000));
    let (_, body) = until_http(port, "/healthz", |status, _| status == 503).await;
    let reason: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(reason["status"], "unhealthy", "{body}");
    assert!(
        reason["reason"].as_str().unwrap().starts_with("shard 0 "),
        "{body}"
    );
    fake.hold_gateway(false);
    fake.wait_resumed(1).await;
    until_http(port, "/healthz", |status, _| status == 200).await;
    assert_eq!(
        support::http_get(port, "/nothing")
            .await
            .map(|(status, _)| status),
        Some(404)
    );

    let (clean, log) = bot.terminate();
    assert!(clean, "{log}");
    let lines: Vec<serde_json::Value> = log
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect();
    let unanswered = lines
        .iter()
        .find(|l| {
            l["fields"]["message"]
                .as_str()
                .is_some_and(|m| m.starts_with("can't answer an interaction"))
        })
        .unwrap_or_else(|| panic!("{log}"));
    let span = &unanswered["span"];
    assert_eq!(span["command"], "move", "{unanswered}");
    // Ids as text: JSON readers that hold numbers as doubles would round a snowflake.
    assert_eq!(
        span["channel"],
        place.channel_id().to_string(),
        "{unanswered}"
    );
    assert!(span["guild"].is_string(), "{unanswered}");
    assert_eq!(span["game"], 1, "{unanswered}");
    assert!(!log.contains(&token(&ix)), "{log}");
    fake.stop();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn discord_faults() {
    support::run_isolated("faults::discord_faults", scenarios);
}

async fn scenarios() {
    // The fake's own faults and rules, through serenity's HTTP client, first.
    support::self_check().await;
    let dir = support::scratch_dir("faults");
    let fake = FakeDiscord::start().await;
    let launch = Launch::new(&fake.api_base(), &dir, "info");
    let bot = launch.start();
    fake.wait_logged_in(1).await;
    fake.games_in_channels(channel(1)).await;
    a_locked_database_defers_then_announces(&fake, &launch).await;
    failed_answers_are_posted(&fake).await;
    sigterm_loses_nothing(&fake, &launch, bot).await;
    assert!(
        fake.missed_callback_window(Duration::from_secs(3)).len() <= 3,
        "{:?}",
        fake.missed_callback_window(Duration::from_secs(3))
    );
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    fake.stop();
    let _ = std::fs::remove_dir_all(&dir);
    sigterm_while_discord_is_unreachable().await;
    health_and_metrics().await;
    the_watch_button_opens_the_game().await;
}

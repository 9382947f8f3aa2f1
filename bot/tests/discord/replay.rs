//! `/replay` of a 2,000-ply game through the fake Discord and the real `csipgs serve`: the GIF
//! arrives within Discord's follow-up window and under the 10 MB a bot may upload, showing
//! every n-th turn as the reply says. The game is put in the bot's database directly (a game
//! played by hand to its first turn, then its state replaced), since 2,000 `/move`s would
//! only test the moves. Runs inside `unshare -rn` like the other e2e suites.

use crate::support;

use render::testing::long_game;

use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection};
use sqlx::Connection;
use std::path::Path;
use std::time::Duration;
use support::fixtures::{channel, s, slash, Opt};
use support::fixtures::{ALICE, BOB, CAROL};
use support::{FakeDiscord, Launch};

/// What Discord takes from a bot in one upload.
const DISCORD_UPLOAD_LIMIT: usize = 10 << 20;
/// How long an interaction's token takes follow-ups and edits.
const FOLLOW_UP_WINDOW: Duration = Duration::from_secs(15 * 60);

#[test]
fn a_2000_ply_replay_arrives_under_10_mb() {
    support::run_isolated("replay::a_2000_ply_replay_arrives_under_10_mb", scenario);
}

/// Replace the state of the game in `channel` with `state` (JSON as the bot stores it), as a
/// new version.
async fn put_game(database: &Path, channel: u64, state: &str) {
    let options = SqliteConnectOptions::new()
        .filename(database)
        .busy_timeout(Duration::from_secs(10));
    let mut db = SqliteConnection::connect_with(&options).await.unwrap();
    let changed = sqlx::query(
        "UPDATE games SET state = ?, version = version + 1 WHERE channel_id = ? AND status = 'active'",
    )
    .bind(state)
    .bind(channel as i64)
    .execute(&mut db)
    .await
    .unwrap()
    .rows_affected();
    assert_eq!(changed, 1);
    db.close().await.unwrap();
}

async fn scenario() {
    let fake = FakeDiscord::start().await;
    let dir = support::scratch_dir("replay");
    let launch = Launch::new(&fake.api_base(), &dir, "warn");
    let bot = launch.start();
    fake.wait_logged_in(1).await;
    let place = channel(601);
    fake.games_in_channels(place).await;

    let options = vec![Opt::User("opponent", BOB), Opt::Int("colour", 0)];
    let challenge = fake.ask(&slash(place, &ALICE, "challenge", options)).await;
    fake.accept(place, &BOB, &challenge).await;
    fake.answer(&slash(place, &ALICE, "move", vec![s("move", "Kd2")]))
        .await;

    let game = long_game::long_game(2000);
    let state = serde_json::to_string(&game).unwrap();
    put_game(&launch.database(), place.channel_id(), &state).await;

    let ask = slash(place, &CAROL, "replay", vec![]);
    let token = ask["token"].as_str().unwrap().to_string();
    fake.dispatch(&ask);
    let replay = fake
        .eventually("the replay's GIF", FOLLOW_UP_WINDOW, || {
            fake.sent_for(&token)
                .into_iter()
                .find(|m| m.files.iter().any(|f| f.name.ends_with(".gif")))
        })
        .await;
    let gif = replay
        .files
        .iter()
        .find(|f| f.name.ends_with(".gif"))
        .unwrap();
    println!(
        "2,000-ply replay: {} bytes ({:.2} MB); {}",
        gif.bytes.len(),
        gif.bytes.len() as f64 / (1 << 20) as f64,
        replay.content()
    );
    assert!(
        gif.bytes.len() < DISCORD_UPLOAD_LIMIT,
        "{} bytes",
        gif.bytes.len()
    );
    assert!(
        replay
            .content()
            .contains("2000 turn(s), still being played.")
            && replay.content().contains("Too long to show whole: every"),
        "{}",
        replay.content()
    );
    assert!(!replay.ephemeral());

    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    let (clean, log) = bot.terminate();
    assert!(clean, "{log}");
    fake.stop();
    let _ = std::fs::remove_dir_all(&dir);
}

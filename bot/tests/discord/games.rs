//! Games that end, through the fake Discord and the real `csipgs serve`: a game lost on time
//! with a one-minute clock, a game whose clock ran out while the bot was stopped (settled at
//! once on start), ratings shown at the end, /leaderboard's table, /replay's animated GIF and
//! /rematch. Runs inside `unshare -rn` like the other e2e suites; about a minute and a half,
//! most of it the clocks running.

use crate::support;

use std::time::Duration;
use support::fixtures::{channel, s, slash, Opt, Place, User};
use support::fixtures::{ALICE, BOB, CAROL};
use support::{FakeDiscord, Launch, Sent};

#[test]
fn games_end_and_leave_something_to_show() {
    support::run_isolated("games::games_end_and_leave_something_to_show", scenario);
}

/// Alice (White) and Bob start a rated game with a one-minute clock; Alice plays Kd2, so
/// Bob's minute runs.
async fn one_minute_game(fake: &FakeDiscord, place: Place) {
    let options = vec![
        Opt::User("opponent", BOB),
        Opt::Int("colour", 0),
        s("time", "1m+0s"),
    ];
    let challenge = fake.ask(&slash(place, &ALICE, "challenge", options)).await;
    assert!(
        challenge.content().contains("1m+0s clock, rated"),
        "{}",
        challenge.content()
    );
    fake.accept(place, &BOB, &challenge).await;
    play(fake, place, &ALICE, "Kd2").await;
}

async fn play(fake: &FakeDiscord, place: Place, who: &User, text: &str) -> Sent {
    let reply = fake
        .ask(&slash(place, who, "move", vec![s("move", text)]))
        .await;
    assert!(!reply.ephemeral(), "{text}: {}", reply.content());
    reply
}

/// The messages in the channel announcing that Bob lost on time.
fn flags(fake: &FakeDiscord, place: Place) -> Vec<Sent> {
    fake.channel_messages(place.channel_id())
        .into_iter()
        .filter(|m| m.content().contains("ran out of time"))
        .collect()
}

async fn flagged(fake: &FakeDiscord, place: Place, within: Duration) -> Sent {
    fake.eventually("a loss on time", within, || flags(fake, place).pop())
        .await
}

fn gif_frames(bytes: &[u8]) -> usize {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(bytes).expect("a GIF");
    let mut frames = 0;
    while decoder.read_next_frame().expect("a frame").is_some() {
        frames += 1;
    }
    frames
}

async fn scenario() {
    let fake = FakeDiscord::start().await;
    let dir = support::scratch_dir("games");
    let launch = Launch::new(&fake.api_base(), &dir, "warn");
    let bot = launch.start();
    fake.wait_logged_in(1).await;
    fake.games_in_channels(channel(1)).await;

    // Game A's clock runs out while the bot watches; game B's, 20 s later, while it is down.
    let a = channel(301);
    let b = channel(302);
    one_minute_game(&fake, a).await;
    tokio::time::sleep(Duration::from_secs(20)).await;
    one_minute_game(&fake, b).await;
    let lost = flagged(&fake, a, Duration::from_secs(75)).await;
    assert!(
        lost.content().contains("1-0, White wins by time"),
        "{}",
        lost.content()
    );
    assert!(
        lost.content().contains("Ratings: alice 1500? -> "),
        "{}",
        lost.content()
    );
    assert!(lost.pngs().len() == 1, "the final board");
    let (clean, log) = bot.terminate();
    assert!(clean, "{log}");
    let early = flags(&fake, b);
    assert!(
        early.is_empty(),
        "{:?}",
        early.iter().map(|m| m.content()).collect::<Vec<_>>()
    );
    tokio::time::sleep(Duration::from_secs(25)).await;
    let bot = launch.start();
    fake.wait_logged_in(2).await;
    flagged(&fake, b, Duration::from_secs(10)).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(flags(&fake, a).len(), 1);
    assert_eq!(flags(&fake, b).len(), 1);

    // Two rated wins for Alice: the leaderboard lists both (provisional, marked ?).
    let board = fake.answer(&slash(a, &CAROL, "leaderboard", vec![])).await;
    assert!(board.content().contains("<@101>"), "{}", board.content());
    let pngs = board.pngs();
    assert_eq!(pngs.len(), 1, "{}", board.content());
    assert!(pngs[0].0 > 200 && pngs[0].1 > 100, "{pngs:?}");

    // The replay of game A: the start and one turn.
    let replay = fake.answer(&slash(a, &CAROL, "replay", vec![])).await;
    let gif = replay
        .files
        .iter()
        .find(|f| f.name.ends_with(".gif"))
        .expect("a GIF attached");
    assert_eq!(gif_frames(&gif.bytes), 2);

    // A rematch: Bob now White, the same one-minute clock.
    let rematch = fake.answer(&slash(a, &BOB, "rematch", vec![])).await;
    assert!(
        rematch.content().contains("<@102> plays White"),
        "{}",
        rematch.content()
    );
    assert!(
        rematch.content().contains("1m+0s clock, rated"),
        "{}",
        rematch.content()
    );
    fake.accept(a, &ALICE, &rematch).await;
    play(&fake, a, &BOB, "Kd2").await;

    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    let (clean, log) = bot.terminate();
    assert!(clean, "{log}");
    fake.stop();
}

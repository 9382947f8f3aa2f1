//! Two `csipgs serve` processes, running shards 0-0 and 1-1 of 2, against one PostgreSQL
//! database and a fake Discord that routes each server's events to its shard as Discord
//! does. Games in servers of both shards; moves on one game sent to both processes at the same
//! instant apply once; a due challenge expires exactly once, by its own shard's process, even
//! across a crash and restart of either. Runs inside `unshare -rn` like the other e2e suites.

use crate::support;

use std::time::Duration;
use support::fixtures::{button, channel_in, s, slash, Opt, Place, ALICE, BOB};
use support::{channel_key, postgres, FakeDiscord, Launch, GUILD_ID, SHARD1_GUILD};

const EXPIRED: &str = "This challenge expired";

#[test]
fn two_processes_share_one_postgres() {
    support::run_isolated("shards::two_processes_share_one_postgres", scenario);
}

/// Shard `shard` of 2, on the shared database.
fn launch(fake: &FakeDiscord, url: &str, shard: u32) -> Launch {
    let dir = support::scratch_dir(&format!("shard{shard}"));
    Launch::new(&fake.api_base(), &dir, "warn")
        .env("CSIPGS_DATABASE", url)
        .env("CSIPGS_SHARD_RANGE", &format!("{shard}-{shard}"))
        .env("CSIPGS_SHARD_TOTAL", "2")
}

async fn challenge(fake: &FakeDiscord, place: Place) -> Vec<String> {
    let options = vec![Opt::User("opponent", BOB), Opt::Int("colour", 0)];
    let challenge = fake.ask(&slash(place, &ALICE, "challenge", options)).await;
    let buttons = challenge.buttons();
    assert!(!buttons.is_empty(), "{}", challenge.content());
    buttons
}

/// Alice (White) and Bob start a game in `place`.
async fn start_game(fake: &FakeDiscord, place: Place) {
    let buttons = challenge(fake, place).await;
    let started = fake.ask(&button(place, &BOB, &buttons[0])).await;
    let text = started.content();
    assert!(text.starts_with("Game on!"), "{text}");
}

async fn play(fake: &FakeDiscord, place: Place, who: &support::fixtures::User, text: &str) {
    let reply = fake
        .ask(&slash(place, who, "move", vec![s("move", text)]))
        .await;
    assert!(!reply.ephemeral(), "{text}: {}", reply.content());
}

/// How many times the bot said, anywhere in the channel, that a challenge expired: posts and
/// edits alike, so an expiry done twice shows as 2 even if it edited one message twice.
fn expiries(fake: &FakeDiscord, place: Place) -> usize {
    fake.sent_for(&channel_key(place.channel_id()))
        .iter()
        .filter(|m| m.content().contains(EXPIRED))
        .count()
}

async fn scenario() {
    let url = postgres::fresh_database();
    let fake = FakeDiscord::start().await;
    let first = launch(&fake, &url, 0);
    let second = launch(&fake, &url, 1);
    let bot0 = first.start();
    let mut bot1 = second.start();
    fake.wait_shard_identified(0).await;
    fake.wait_shard_identified(1).await;
    let mut shards = fake.identified_shards();
    shards.sort();
    assert_eq!(shards, [[0, 2], [1, 2]]);
    // The commands are the application's: only shard 0's process registers them.
    fake.wait_logged_in(1).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(fake.registered().len(), 1);

    // A game in a server of each shard.
    let here = channel_in(GUILD_ID, 10);
    let there = channel_in(SHARD1_GUILD, 20);
    for place in [here, there] {
        fake.games_in_channels(place).await;
        start_game(&fake, place).await;
        play(&fake, place, &ALICE, "Kd2").await;
    }

    // Bob's two different moves reach both processes at the same instant: one applies.
    let moves = [("Kd7", 0), ("Kf7", 1)].map(|(text, shard)| {
        let ix = slash(here, &BOB, "move", vec![s("move", text)]);
        (ix, shard)
    });
    for (ix, shard) in &moves {
        assert!(fake.dispatch_to_shard(*shard, ix));
    }
    let mut public = 0;
    for (ix, _) in &moves {
        let answer = fake.sent(ix["token"].as_str().unwrap(), 1).await;
        let text = answer.content().to_string();
        let answer = if answer.callback_type() == 5 {
            fake.eventually("the deferred answer", Duration::from_secs(20), || {
                fake.sent_for(ix["token"].as_str().unwrap())
                    .into_iter()
                    .find(|m| !m.content().is_empty())
            })
            .await
        } else {
            answer
        };
        if !answer.ephemeral() {
            public += 1;
        }
        assert!(!text.contains("went wrong"), "{text}");
    }
    assert_eq!(public, 1, "exactly one of the two moves applies");
    let announced = fake
        .channel_messages(here.channel_id())
        .iter()
        .filter(|m| {
            m.content().contains("played **Kd7**") || m.content().contains("played **Kf7**")
        })
        .count();
    assert_eq!(announced, 1);

    // A challenge in shard 1's server falls due while its process is down.
    let pending = channel_in(SHARD1_GUILD, 21);
    challenge(&fake, pending).await;
    bot1.crash();
    let changed = postgres::cluster().psql(
        &url,
        "UPDATE challenges SET expires_at = 0 WHERE status = 'open' RETURNING id",
    );
    assert_eq!(changed.lines().count(), 1, "{changed}");
    // Shard 0's process carries on, and even restarted (its scheduler looks at everything
    // due) it leaves shard 1's challenge alone.
    play(&fake, here, &ALICE, "Ke3").await;
    let (clean, log) = bot0.terminate();
    assert!(clean, "{log}");
    let bot0 = first.start();
    fake.wait_shard_identified(0).await;
    play(&fake, here, &BOB, "Ke7").await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(expiries(&fake, pending), 0);
    // A command in shard 1's server while it is down is not delivered anywhere.
    let unheard = slash(there, &BOB, "move", vec![s("move", "Kd7")]);
    assert!(!fake.try_dispatch(&unheard));

    // Shard 1's process comes back: the challenge expires once, and its game goes on.
    bot1 = second.start();
    fake.wait_shard_identified(1).await;
    fake.eventually("the expiry", Duration::from_secs(20), || {
        (expiries(&fake, pending) > 0).then_some(())
    })
    .await;
    play(&fake, there, &BOB, "Kf7").await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(expiries(&fake, pending), 1);
    let open = postgres::cluster().psql(
        &url,
        "SELECT COUNT(*) FROM challenges WHERE status = 'open'",
    );
    assert_eq!(open, "0");
    let turns = postgres::cluster().psql(&url, "SELECT COUNT(*) FROM turns");
    assert_eq!(turns, "6", "Kd2 twice, Kd7 or Kf7, Ke3, Ke7, Kf7");

    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    for bot in [bot0, bot1] {
        let (clean, log) = bot.terminate();
        assert!(clean, "{log}");
    }
    fake.stop();
}

//! The database going away under the real bot: PostgreSQL out for 30 s while games are played
//! (every open connection closed, new ones refused, as a stopped server does), and SQLite held
//! locked past its busy timeout. Every command is answered, quickly, with the turn or with
//! "try again in a moment" (or, when the connection went as the turn was committed, with
//! "can't tell yet whether it was saved": then it is announced if it was); no turn is lost
//! or played twice; `/healthz` says 503 with the reason while it lasts and 200 after; the bot
//! carries on by itself. Runs inside `unshare -rn` like the other end-to-end suites.

use crate::support;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::fixtures::{button, channel, s, slash, Opt, Place, ALICE, BOB, CAROL};
use support::{lock_database, postgres, DbProxy, FakeDiscord, Launch, Sent};

/// Games played at once through the outage; `CSIPGS_OUTAGE_GAMES` sets another number (200,
/// as many as the load bench plays, for the figures).
fn games() -> u64 {
    std::env::var("CSIPGS_OUTAGE_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(20)
}
/// How long PostgreSQL is out.
const OUTAGE: Duration = Duration::from_secs(30);
/// What a member hears when the database can't take their turn.
const TRY_AGAIN: &str = "so nothing changed: try again in a moment";
/// What a member hears when the connection went as their turn was committed.
const UNCONFIRMED: &str = "can't tell yet whether it was saved: look with /game";

/// The kings shuffle forever: White e1-e2-e1, Black e8-e7-e8.
fn shuffle(ply: usize) -> &'static str {
    ["Ke2", "Ke7", "Ke1", "Ke8"][ply % 4]
}

fn place_of(game: u64) -> Place {
    channel(3000 + game)
}

/// Alice (White) and Bob start a game in `place`.
async fn start_game(fake: &FakeDiscord, place: Place) {
    let options = vec![Opt::User("opponent", BOB), Opt::Int("colour", 0)];
    let challenge = fake.ask(&slash(place, &ALICE, "challenge", options)).await;
    let buttons = challenge.buttons();
    assert!(!buttons.is_empty(), "{}", challenge.content());
    let started = fake.answer(&button(place, &BOB, &buttons[0])).await;
    assert!(
        started.content().starts_with("Game on!"),
        "{}",
        started.content()
    );
}

/// What became of one command.
#[derive(Debug)]
enum Answered {
    Played,
    /// Told the database can't take it now.
    TryAgain,
    /// Told the bot can't tell whether it was saved.
    Unconfirmed,
    /// Anything else: a turn refused as out of turn would mean one was saved twice.
    Other(String),
}

fn answered(reply: &Sent) -> Answered {
    let text = reply.content().to_string();
    if !reply.ephemeral() && text.contains(" played **") {
        Answered::Played
    } else if reply.ephemeral() && text.contains(TRY_AGAIN) {
        Answered::TryAgain
    } else if reply.ephemeral() && text.contains(UNCONFIRMED) {
        Answered::Unconfirmed
    } else {
        Answered::Other(text)
    }
}

/// One game's players: a turn about every half second until `stop`, a turn the bot could
/// not take tried again, and one it can't tell was saved looked up (in the database, as
/// /game would show it once the bot reaches it). Returns how long each answer took, with
/// what it said, and how many turns were played.
async fn play(
    fake: Arc<FakeDiscord>,
    game: u64,
    url: String,
    stop: Arc<AtomicBool>,
) -> (Vec<(Duration, Answered)>, usize) {
    let mut answers = Vec::new();
    let mut ply = 0;
    while !stop.load(Ordering::SeqCst) {
        let think = 300 + (game * 7919 + ply as u64 * 104_729) % 400;
        tokio::time::sleep(Duration::from_millis(think)).await;
        let who = [&ALICE, &BOB][ply % 2];
        let ix = slash(place_of(game), who, "move", vec![s("move", shuffle(ply))]);
        let asked = Instant::now();
        let reply = fake.answer(&ix).await;
        let what = answered(&reply);
        match what {
            Answered::Played => ply += 1,
            Answered::Unconfirmed => ply = turns_stored(&url, game).await,
            _ => {}
        }
        answers.push((asked.elapsed(), what));
    }
    (answers, ply)
}

/// The turns stored for game `game`, read from the cluster itself (not through the proxy).
async fn turns_stored(url: &str, game: u64) -> usize {
    let sql = format!(
        "SELECT COUNT(*) FROM turns t JOIN games g ON g.id = t.game_id WHERE g.channel_id = {}",
        place_of(game).channel_id()
    );
    let url = url.to_string();
    let count = tokio::task::spawn_blocking(move || postgres::cluster().psql(&url, &sql));
    count.await.unwrap().trim().parse().unwrap()
}

/// `/healthz` every 100 ms until `stop`: when, and what it said.
async fn watch_health(port: u16, stop: Arc<AtomicBool>) -> Vec<(Instant, u16, String)> {
    let mut seen = Vec::new();
    while !stop.load(Ordering::SeqCst) {
        if let Some((status, body)) = support::http_get(port, "/healthz").await {
            seen.push((Instant::now(), status, body));
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    seen
}

/// PostgreSQL goes away for 30 s while 20 games play (a turn every half second in each) and
/// comes back. Every command is answered promptly (the slowest, printed), with its turn or
/// with "try again in a moment" (how many, printed); the turns in the database are exactly
/// those announced; `/healthz` is 503, naming the database, during the outage, and 200 again
/// soon after (how soon, printed).
async fn postgres_goes_away_for_30_s() {
    let url = postgres::fresh_database();
    let dir = support::scratch_dir("outage-pg");
    let mut proxy = DbProxy::start(&url, &dir.join("socket"));
    let fake = Arc::new(FakeDiscord::start().await);
    let port = support::free_port();
    let bot = Launch::new(&fake.api_base(), &dir, "warn")
        .env("CSIPGS_DATABASE", &proxy.url())
        .env("CSIPGS_HTTP", &port.to_string())
        .start();
    fake.wait_logged_in(1).await;
    fake.games_in_channels(channel(1)).await;
    let games = games();
    for game in 0..games {
        start_game(&fake, place_of(game)).await;
    }

    let stop = Arc::new(AtomicBool::new(false));
    let health = tokio::spawn(watch_health(port, stop.clone()));
    let players: Vec<_> = (0..games)
        .map(|game| tokio::spawn(play(fake.clone(), game, url.clone(), stop.clone())))
        .collect();
    tokio::time::sleep(Duration::from_secs(5)).await;
    proxy.down();
    let down = Instant::now();
    tokio::time::sleep(OUTAGE).await;
    proxy.up();
    let up = Instant::now();
    tokio::time::sleep(Duration::from_secs(15)).await;
    stop.store(true, Ordering::SeqCst);

    let mut slowest = Duration::ZERO;
    let (mut played, mut told_to_retry, mut unconfirmed, mut others) = (0, 0, 0, Vec::new());
    let mut plies = Vec::new();
    for players in players {
        let (answers, ply) = players.await.unwrap();
        plies.push(ply);
        for (took, what) in answers {
            slowest = slowest.max(took);
            match what {
                Answered::Played => played += 1,
                Answered::TryAgain => told_to_retry += 1,
                Answered::Unconfirmed => unconfirmed += 1,
                Answered::Other(text) => others.push(text),
            }
        }
    }
    let health = health.await.unwrap();
    let unhealthy: Vec<&(Instant, u16, String)> = health
        .iter()
        .filter(|(at, status, _)| *at > down && *at < up && *status == 503)
        .collect();
    let healthy_again = health
        .iter()
        .find(|(at, status, _)| *at > up && *status == 200)
        .map(|(at, _, _)| at.duration_since(up));
    println!(
        "postgres out for {} s under {games} games: {played} turns played, {told_to_retry} commands told to try again, {unconfirmed} told it can't be told yet whether they were saved, slowest answer {:.2} s, healthy again {:.1} s after it came back",
        OUTAGE.as_secs(),
        slowest.as_secs_f64(),
        healthy_again.map_or(f64::NAN, |d| d.as_secs_f64()),
    );
    assert!(others.is_empty(), "{others:?}");
    assert!(told_to_retry > 0, "the outage was felt");
    // Within Discord's 3 s when the machine isn't crowded (the figure printed above); the
    // bound here is generous, for noisy machines.
    assert!(slowest < Duration::from_secs(10), "{slowest:?}");
    assert!(
        !unhealthy.is_empty()
            && unhealthy
                .iter()
                .all(|(_, _, body)| body.contains("can't reach its database")),
        "{:?}",
        &health.iter().map(|(_, s, b)| (s, b)).collect::<Vec<_>>()
    );
    let healthy_again = healthy_again.expect("healthy again after the outage");
    assert!(healthy_again < Duration::from_secs(15), "{healthy_again:?}");

    // Every turn announced is in the database, once; none more.
    for (game, ply) in plies.iter().enumerate() {
        assert_eq!(turns_stored(&url, game as u64).await, *ply, "game {game}");
    }
    // And the game goes on, for Carol who watches.
    let status = fake
        .answer(&slash(place_of(0), &CAROL, "game", vec![]))
        .await;
    assert!(!status.ephemeral(), "{}", status.content());
    drop(proxy);
    let (clean, log) = bot.terminate();
    assert!(clean, "{log}");
    fake.stop();
    let _ = std::fs::remove_dir_all(&dir);
}

/// The connection goes as a turn is committed, after PostgreSQL has it: the member is told
/// the bot can't tell yet whether it was saved (not "nothing changed", which would have them
/// play it twice). It was: /game shows it, and the channel hears the turn announced (by the
/// scheduler, once the answer to the command is past due) exactly once.
async fn a_commit_whose_answer_is_lost() {
    let url = postgres::fresh_database();
    let dir = support::scratch_dir("outage-commit");
    let proxy = DbProxy::start(&url, &dir.join("socket"));
    let fake = FakeDiscord::start().await;
    let bot = Launch::new(&fake.api_base(), &dir, "warn")
        .env("CSIPGS_DATABASE", &proxy.url())
        .start();
    fake.wait_logged_in(1).await;
    let place = place_of(0);
    fake.games_in_channels(place).await;
    start_game(&fake, place).await;
    // The game's start delivered and marked: the next commit is the turn's.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let before = fake.channel_messages(place.channel_id()).len();

    proxy.cut_after_next_commit();
    let reply = fake
        .answer(&slash(place, &ALICE, "move", vec![s("move", "Ke2")]))
        .await;
    assert!(reply.ephemeral(), "{}", reply.content());
    assert!(reply.content().contains(UNCONFIRMED), "{}", reply.content());
    assert!(
        !reply.content().contains("nothing changed"),
        "{}",
        reply.content()
    );
    assert_eq!(turns_stored(&url, 0).await, 1);

    let status = fake.answer(&slash(place, &CAROL, "game", vec![])).await;
    assert!(
        status.content().contains("Black to move"),
        "{}",
        status.content()
    );
    let announced = fake
        .eventually("the turn announced", Duration::from_secs(60), || {
            let messages = fake.channel_messages(place.channel_id());
            messages[before..]
                .iter()
                .find(|m| m.content().contains("played **Ke2**"))
                .map(|m| m.content().to_string())
        })
        .await;
    assert!(
        announced.contains(&format!("<@{}>", ALICE.id)),
        "{announced}"
    );
    tokio::time::sleep(Duration::from_secs(1)).await;
    let times = fake.channel_messages(place.channel_id())[before..]
        .iter()
        .filter(|m| m.content().contains("played **Ke2**"))
        .count();
    assert_eq!(times, 1, "announced once");
    let (clean, log) = bot.terminate();
    assert!(clean, "{log}");
    fake.stop();
    drop(proxy);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn postgres_commit_unconfirmed() {
    support::run_isolated(
        "outage::postgres_commit_unconfirmed",
        a_commit_whose_answer_is_lost,
    );
}

#[test]
fn postgres_outage() {
    support::run_isolated("outage::postgres_outage", postgres_goes_away_for_30_s);
}

/// SQLite held locked (another writer) for 15 s, past the bot's 10 s busy timeout, while a
/// turn comes in: Discord hears from the bot within its 3 s, the member is told the database
/// is busy and to try again, nothing changed; once the lock is gone the same turn is played.
async fn sqlite_busy_past_its_timeout() {
    let dir = support::scratch_dir("outage-sqlite");
    let fake = FakeDiscord::start().await;
    let launch = Launch::new(&fake.api_base(), &dir, "warn");
    let bot = launch.start();
    fake.wait_logged_in(1).await;
    fake.games_in_channels(channel(1)).await;
    let place = place_of(0);
    start_game(&fake, place).await;
    let lock = lock_database(&launch.database(), Duration::from_secs(15)).await;
    let ix = slash(place, &ALICE, "move", vec![s("move", "Kd2")]);
    let token = ix["token"].as_str().unwrap().to_string();
    let reply = fake.answer(&ix).await;
    let delay = fake.callback_delay(&token).unwrap();
    assert!(delay < Duration::from_secs(3), "{delay:?}");
    assert!(reply.ephemeral(), "{}", reply.content());
    assert!(
        reply
            .content()
            .contains("database is busy, so nothing changed"),
        "{}",
        reply.content()
    );
    lock.release().await;
    let status = fake.answer(&slash(place, &CAROL, "game", vec![])).await;
    assert!(
        status.content().contains("White to move"),
        "{}",
        status.content()
    );
    let played = fake
        .answer(&slash(place, &ALICE, "move", vec![s("move", "Kd2")]))
        .await;
    assert!(
        played.content().contains("played **Kd2**"),
        "{}",
        played.content()
    );
    let (clean, log) = bot.terminate();
    assert!(clean, "{log}");
    fake.stop();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sqlite_busy() {
    support::run_isolated("outage::sqlite_busy", sqlite_busy_past_its_timeout);
}

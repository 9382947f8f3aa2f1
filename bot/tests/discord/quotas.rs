//! Quotas, one pending challenge per pair, game threads archived when their games end, and
//! /td remove, through the fake Discord and the real `csipgs serve` with small quotas from
//! config.toml: each quota refused with its message and nothing changed (in the database
//! and on Discord), a replaced challenge's message edited to say it was withdrawn, a finished
//! game's thread archived with `PATCH /channels/{id}`, and /td remove mid-game ending the
//! removed player's games as forfeits with every rating as it was. Runs inside `unshare -rn`
//! like the other e2e suites; about 40 s, most of it the half minute an ended game's answer
//! is given before its thread is archived.

use crate::support;

use std::path::Path;
use std::time::{Duration, Instant};
use support::fixtures::{button, channel, s, slash, subcommand, thread, Opt, Place, User};
use support::fixtures::{ALICE, BOB, CAROL, CSIPGS, DAVE};
use support::{count, FakeDiscord, Launch, Sent};

const QUOTAS: &str = "[quotas]
challenges_per_member = 1
computer_games_per_member = 1
computer_games_per_server = 2
tournaments_per_organiser = 1
tournaments_per_server = 2
";

/// Long enough for the answer's grace (30 s) before an ended game's thread is archived.
const ARCHIVE_WAIT: Duration = Duration::from_secs(60);

#[test]
fn quotas_replacements_archives_and_removals() {
    support::run_isolated(
        "quotas::quotas_replacements_archives_and_removals",
        scenario,
    );
}

/// What a refused command must leave as it was: open challenges, games, tournaments, the
/// threads the bot opened and the messages it posted in channels.
async fn footprint(fake: &FakeDiscord, db: &Path, channels: &[u64]) -> Vec<i64> {
    let mut seen = vec![
        count(db, "SELECT COUNT(*) FROM challenges WHERE status = 'open'").await,
        count(db, "SELECT COUNT(*) FROM games").await,
        count(db, "SELECT COUNT(*) FROM tournaments").await,
        fake.threads().len() as i64,
    ];
    seen.extend(
        channels
            .iter()
            .map(|&c| fake.channel_messages(c).len() as i64),
    );
    seen
}

/// `ix` is refused, privately, with `expected`, and changes nothing.
async fn over_quota(fake: &FakeDiscord, db: &Path, ix: &serde_json::Value, expected: &str) {
    let place = ix["channel_id"].as_str().unwrap().parse().unwrap();
    let before = footprint(fake, db, &[place]).await;
    let reply = fake.answer(ix).await;
    assert!(reply.ephemeral(), "public: {}", reply.content());
    assert!(reply.content().contains(expected), "{}", reply.content());
    // Anything the refusal wrongly started would have been written before its answer.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(footprint(fake, db, &[place]).await, before, "{expected}");
}

fn challenge(place: Place, who: &User, opponent: User) -> serde_json::Value {
    let option = match opponent.id == CSIPGS.id {
        true => Opt::BotUser("opponent", opponent),
        false => Opt::User("opponent", opponent),
    };
    slash(place, who, "challenge", vec![option])
}

async fn public(fake: &FakeDiscord, ix: &serde_json::Value) -> Sent {
    let reply = fake.answer(ix).await;
    assert!(!reply.ephemeral(), "{}", reply.content());
    reply
}

/// The thread the bot opened under `parent` whose id the text names as `<#id>`.
async fn named_thread(fake: &FakeDiscord, parent: u64, text: &str) -> u64 {
    fake.eventually("the game's thread", Duration::from_secs(20), || {
        fake.threads_under(parent)
            .into_iter()
            .find(|t| text.contains(&format!("<#{}>", t.id)))
    })
    .await
    .id
}

/// The bot archived the thread: `PATCH /channels/{id}` with `archived: true`.
async fn archived(fake: &FakeDiscord, thread: u64) {
    fake.eventually("the thread archived", ARCHIVE_WAIT, || {
        fake.channel_edits(thread)
            .into_iter()
            .find(|edit| edit["archived"] == true)
    })
    .await;
    assert!(fake.thread(thread).unwrap().archived);
}

/// Open challenges per member; a new challenge to the same member replaces the old one,
/// whose message says so; the game it starts has its thread archived when it ends.
async fn challenges(fake: &FakeDiscord, db: &Path) {
    let first = public(fake, &challenge(channel(701), &ALICE, BOB)).await;
    over_quota(
        fake,
        db,
        &challenge(channel(702), &ALICE, CAROL),
        "You have as many open challenges as one member may (1): wait for an answer, or withdraw one",
    )
    .await;

    let second = public(fake, &challenge(channel(702), &ALICE, BOB)).await;
    assert!(
        second.content().contains("challenges you"),
        "{}",
        second.content()
    );
    let pinged = second.message()["allowed_mentions"]["users"].clone();
    assert!(
        pinged.as_array().is_none_or(|users| users.is_empty()),
        "bob is not pinged again: {pinged}"
    );
    let old = first.message_id.expect("the first challenge's message");
    fake.eventually(
        "the old challenge withdrawn",
        Duration::from_secs(20),
        || {
            fake.message(old)
                .filter(|m| m.content().contains("<@101> withdrew this challenge"))
        },
    )
    .await;
    let stale = fake
        .answer(&button(channel(701), &BOB, &first.buttons()[0]))
        .await;
    assert!(stale.ephemeral(), "{}", stale.content());
    assert!(stale.content().contains("replaced"), "{}", stale.content());

    let started = fake
        .answer(&button(channel(702), &BOB, &second.buttons()[0]))
        .await;
    assert!(
        started.content().starts_with("Game on!"),
        "{}",
        started.content()
    );
    let game = named_thread(fake, 702, started.content()).await;
    assert!(!fake.thread(game).unwrap().archived);
    let place = thread(702, game);
    let ask = fake.answer(&slash(place, &ALICE, "resign", vec![])).await;
    let ended = fake.answer(&button(place, &ALICE, &ask.buttons()[0])).await;
    assert!(ended.content().contains("resign"), "{}", ended.content());
    archived(fake, game).await;
}

/// Games against the computer, per member and per server.
async fn computer_games(fake: &FakeDiscord, db: &Path) {
    let started = public(fake, &challenge(channel(710), &ALICE, CSIPGS)).await;
    assert!(
        started.content().starts_with("Game on!"),
        "{}",
        started.content()
    );
    over_quota(
        fake,
        db,
        &challenge(channel(711), &ALICE, CSIPGS),
        "You are playing as many games against the computer as one member may at once (1)",
    )
    .await;
    let started = public(fake, &challenge(channel(712), &BOB, CSIPGS)).await;
    assert!(
        started.content().starts_with("Game on!"),
        "{}",
        started.content()
    );
    over_quota(
        fake,
        db,
        &challenge(channel(713), &CAROL, CSIPGS),
        "This server has as many games against the computer in progress as the bot plays in one server at once (2)",
    )
    .await;
    assert!(fake.threads_under(711).is_empty() && fake.threads_under(713).is_empty());
}

fn create(place: Place, who: &User, name: &str) -> serde_json::Value {
    let options = vec![s("name", name), Opt::Int("format", 1)];
    subcommand(place, who, "tournament", "create", options)
}

/// Unfinished tournaments per organiser and per server; then /td remove mid-game in the
/// first: the removed player's games end as forfeits, unrated, and their threads are
/// archived, while the game without them plays on.
async fn tournaments(fake: &FakeDiscord, db: &Path) {
    let cup = channel(720);
    let created = public(fake, &create(cup, &ALICE, "Quota Cup")).await;
    let join = created.buttons()[0].clone();
    over_quota(
        fake,
        db,
        &create(channel(721), &ALICE, "Second Cup"),
        "You organise as many unfinished tournaments as one member may (1)",
    )
    .await;
    public(fake, &create(channel(722), &BOB, "Bob's Cup")).await;
    over_quota(
        fake,
        db,
        &create(channel(723), &CAROL, "Third Cup"),
        "This server has as many unfinished tournaments as the bot runs in one server (2)",
    )
    .await;

    for who in [ALICE, CAROL, DAVE] {
        public(fake, &fake.press(cup, &who, &join)).await;
    }
    // Correspondence games by default: a round robin's games all start at once.
    public(fake, &subcommand(cup, &ALICE, "td", "start", vec![])).await;
    let threads = fake
        .eventually("three games", Duration::from_secs(20), || {
            let threads = fake.threads_under(720);
            (threads.len() == 3).then_some(threads)
        })
        .await;
    // A board's thread opens before its game is saved: the third may be a moment behind.
    let boards = "SELECT COUNT(*) FROM games WHERE status = 'active' AND thread_parent = 720";
    let started = Instant::now();
    while count(db, boards).await < 3 {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "three games saved"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Alice and Bob's rated game above counted already.
    let rated = "SELECT COALESCE(SUM(games), 0) FROM ratings";
    let (rated_before, results_before) = (
        count(db, rated).await,
        count(db, "SELECT COUNT(*) FROM results").await,
    );

    let removed = public(
        fake,
        &subcommand(cup, &ALICE, "td", "remove", vec![Opt::User("member", DAVE)]),
    )
    .await;
    assert!(
        removed.content().contains("lost by forfeit (unrated"),
        "{}",
        removed.content()
    );
    assert_eq!(count(db, rated).await, rated_before, "no rating moved");
    assert_eq!(
        count(db, "SELECT COUNT(*) FROM results").await,
        results_before,
        "no game counted"
    );
    assert_eq!(
        count(
            db,
            "SELECT COUNT(*) FROM tournament_games WHERE result IN ('+-', '-+')"
        )
        .await,
        2,
        "dave's two boards are forfeits"
    );
    for t in &threads {
        if t.name.contains("dave") {
            archived(fake, t.id).await;
        }
    }
    let playing = threads.iter().find(|t| !t.name.contains("dave")).unwrap();
    assert!(
        !fake.thread(playing.id).unwrap().archived,
        "alice and carol play on"
    );
}

async fn scenario() {
    let fake = FakeDiscord::start().await;
    let dir = support::scratch_dir("quotas");
    let launch = Launch::new(&fake.api_base(), &dir, "info").config(QUOTAS);
    let db = launch.database();
    let bot = launch.start();
    fake.wait_logged_in(1).await;

    challenges(&fake, &db).await;
    computer_games(&fake, &db).await;
    tournaments(&fake, &db).await;

    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
    let (clean, log) = bot.terminate();
    fake.stop();
    assert!(clean, "SIGTERM stops the bot cleanly:\n{log}");
    let _ = std::fs::remove_dir_all(&dir);
}

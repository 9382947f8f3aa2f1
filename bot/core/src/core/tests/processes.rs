//! Several processes on one database, as a sharded deployment runs: two cores, each with its
//! own connection pool, sharing the database and the clock. And `migrate-db`'s copy.

use super::*;
use crate::shards::Shards;
use crate::store::{copy_database, ChallengeRow, CopyError, GuildSettings, TABLES};
use std::collections::BTreeSet;

/// Two processes on `url`, running `shards[0]` and `shards[1]`, sharing one clock.
async fn two_processes(url: &DatabaseUrl, shards: [Shards; 2]) -> [Fixture; 2] {
    let now = Arc::new(AtomicI64::new(1_000_000));
    let mut fixtures = Vec::new();
    for owned in shards {
        let mut f = fixture_with(Store::open(url).await.unwrap()).await;
        let clock_now = now.clone();
        f.core = Arc::new(
            Core::new(
                f.core.store().clone(),
                Arc::new(move || clock_now.load(Ordering::SeqCst)),
                f.platform.clone(),
            )
            .with_shards(owned),
        );
        f.core_mut().limiter = None;
        f.core_mut().quotas = ROOMY;
        f.now = now.clone();
        fixtures.push(f);
    }
    fixtures.try_into().ok().unwrap()
}

/// A channel in a server on shard `shard` of 2.
fn place_on(shard: u64, n: u64) -> Place {
    Place::Channel(Channel {
        guild: ((2 * n + shard) << 22) | 77,
        channel: 5000 + n,
    })
}

fn challenge() -> Request {
    Request::Challenge(ChallengeRequest {
        opponent: Some(bob().player()),
        ..ChallengeRequest::default()
    })
}

/// The texts a process's platform delivered that contain `word`.
fn delivered_with(f: &Fixture, word: &str) -> usize {
    let delivered = f.platform.delivered.lock().unwrap();
    delivered
        .iter()
        .filter(|(_, r)| r.text.shown().contains(word))
        .count()
}

/// Each process expires the challenges of its own shards' servers, and together they expire
/// every challenge exactly once.
async fn each_process_does_its_own_shards_work(backend: Backend) {
    let url = backend.fresh();
    let [a, b] = two_processes(
        &url,
        [Shards::new(0, 0, 2).unwrap(), Shards::new(1, 1, 2).unwrap()],
    )
    .await;
    for n in 0..4 {
        for shard in 0..2 {
            let place = place_on(shard, n);
            let replies = a.say(&alice(), place, challenge()).await;
            assert!(!replies[0].ephemeral, "{:?}", replies[0]);
        }
    }
    a.now.fetch_add(3600, Ordering::SeqCst);
    let t = a.now.load(Ordering::SeqCst);
    let (one, two) = tokio::join!(a.core.run_due(t), b.core.run_due(t));
    one.unwrap();
    two.unwrap();
    assert_eq!(delivered_with(&a, "expired"), 4);
    assert_eq!(delivered_with(&b, "expired"), 4);
    // Nothing is left to do, by either.
    a.core.run_due(t + 3600).await.unwrap();
    b.core.run_due(t + 3600).await.unwrap();
    assert_eq!(
        delivered_with(&a, "expired") + delivered_with(&b, "expired"),
        8
    );
    assert_eq!(a.core.store().owed_count().await.unwrap(), 0);
}

/// Two processes that both (wrongly) think they own every server still expire each challenge
/// and deliver each owed message once: every piece of work is claimed conditionally.
async fn overlapping_processes_still_do_each_thing_once(backend: Backend) {
    let url = backend.fresh();
    let [a, b] = two_processes(&url, [Shards::ALL, Shards::ALL]).await;
    for n in 0..6 {
        let place = place_on(n % 2, n);
        a.say(&alice(), place, challenge()).await;
    }
    // Moves whose answers never reached Discord: owed, for the schedulers to deliver.
    a.start(Ruleset::Classic, Options::default()).await;
    a.raw(&alice(), HERE, mv("Kd2")).await;
    b.raw(&bob(), HERE, mv("Kd7")).await;
    a.now.fetch_add(3600, Ordering::SeqCst);
    let t = a.now.load(Ordering::SeqCst);
    for _ in 0..3 {
        let (one, two) = tokio::join!(a.core.run_due(t), b.core.run_due(t));
        one.unwrap();
        two.unwrap();
    }
    let expired = delivered_with(&a, "expired") + delivered_with(&b, "expired");
    assert_eq!(expired, 6);
    let played = delivered_with(&a, "played **K") + delivered_with(&b, "played **K");
    assert_eq!(played, 2);
    assert_eq!(a.core.store().owed_count().await.unwrap(), 0);
}

/// Moves on one game sent at the same instant to two processes: exactly one applies.
async fn two_processes_one_game_apply_exactly_once(backend: Backend) {
    let url = backend.fresh();
    let [a, b] = two_processes(&url, [Shards::ALL, Shards::ALL]).await;
    a.start(Ruleset::Classic, Options::default()).await;
    for (ply, (first, second)) in [("Kd2", "Kf2"), ("Kd7", "Kf7"), ("Ke3", "Kc3")]
        .into_iter()
        .enumerate()
    {
        let who = if ply % 2 == 0 { alice() } else { bob() };
        let (one, two) = tokio::join!(
            a.core.handle(&who, HERE, mv(first)),
            b.core.handle(&who, HERE, mv(second))
        );
        let public = [&one[0], &two[0]].iter().filter(|r| !r.ephemeral).count();
        assert_eq!(public, 1, "{one:?} {two:?}");
        let row = b.row().await;
        assert_eq!(row.game.turns(), ply + 1);
        assert_eq!(row.version as usize, ply + 1);
    }
}

/// The store's SQL picks a process's servers as Discord's formula does.
async fn the_shard_filter_is_discords_formula(backend: Backend) {
    let store = backend.store().await;
    let mut guilds = Vec::new();
    for n in 0..40u64 {
        let guild = (n.wrapping_mul(0x9E37_79B9) << 22) | n;
        guilds.push(guild);
        let row = ChallengeRow {
            id: 0,
            channel: Channel { guild, channel: n },
            challenger: alice().player(),
            opponent: None,
            rules: crate::family::GameRules::Csipgs(engine::Rules::default()),
            colour: ColourChoice::White,
            expires_at: 10,
            message: None,
            time_control: engine::TimeControl::Unlimited,
            rated: false,
        };
        store
            .insert_challenge(
                &row,
                crate::store::Quota {
                    counted: crate::store::Counted::MemberChallenges(alice().id),
                    limit: u32::MAX,
                },
                |_, _| Ok(Vec::new()),
                0,
            )
            .await
            .unwrap();
    }
    for shards in [
        Shards::ALL,
        Shards::new(0, 0, 3).unwrap(),
        Shards::new(1, 2, 3).unwrap(),
        Shards::new(3, 6, 7).unwrap(),
    ] {
        let found: BTreeSet<u64> = store
            .expired_challenges(100, &shards)
            .await
            .unwrap()
            .iter()
            .map(|c| c.channel.guild)
            .collect();
        let expected: BTreeSet<u64> = guilds.iter().copied().filter(|&g| shards.owns(g)).collect();
        assert_eq!(found, expected, "{shards}");
        let due = store.next_due(&shards).await.unwrap();
        assert_eq!(due, (!expected.is_empty()).then_some(10), "{shards}");
    }
}

/// The schemas of both databases have the same tables and columns, and migrate-db knows
/// every table.
async fn both_schemas_match_and_every_table_is_copied(backend: Backend) {
    let store = backend.store().await;
    let other = match backend {
        Backend::Sqlite => Backend::Postgres,
        Backend::Postgres => Backend::Sqlite,
    }
    .store()
    .await;
    let mut known: Vec<&str> = TABLES.to_vec();
    known.sort();
    assert_eq!(store.table_names().await.unwrap(), known);
    for table in TABLES {
        let mine = store.columns(table).await.unwrap();
        let theirs = other.columns(table).await.unwrap();
        let mine: Vec<&str> = mine.iter().map(|c| c.name.as_str()).collect();
        let theirs: Vec<&str> = theirs.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(mine, theirs, "{table}");
    }
}

/// Everything in one database copies into the other kind, and the copy carries on: the game
/// resumes, new rows get new ids. A second copy into it is refused.
async fn a_database_copies_whole_into_the_other_kind(backend: Backend) {
    let source = fixture(backend).await;
    source.start(Ruleset::Classic, Options::default()).await;
    source.play(&alice(), "Kd2").await;
    source.play(&bob(), "Kd7").await;
    // An open challenge, an owed message, settings.
    source.say(&carol(), ELSEWHERE, challenge()).await;
    source.raw(&alice(), HERE, mv("Ke3")).await;
    let store = source.core.store();
    // A tournament under way: its players, a board whose game is played in a thread, a bye.
    let organiser = fixture_on(
        store.clone(),
        Recorder {
            threads: true,
            ..Recorder::default()
        },
    )
    .await;
    let lobby = Place::Channel(Channel {
        guild: 10,
        channel: 30,
    });
    let spec = TournamentSpec {
        name: "Copied Cup".into(),
        rounds: Some(2),
        ..TournamentSpec::default()
    };
    organiser
        .say(
            &alice(),
            lobby,
            Request::Tournament(TournamentRequest::Create(spec)),
        )
        .await;
    for who in [alice(), bob(), carol()] {
        let join = TournamentRequest::Join { tournament: None };
        organiser.say(&who, lobby, Request::Tournament(join)).await;
    }
    let start = DirectorRequest::Start {
        tournament: None,
        rounds: None,
    };
    organiser
        .say(&alice(), lobby, Request::Director(start))
        .await;
    organiser.core.run_due(1_000_000).await.unwrap();
    let settings = GuildSettings {
        threads: false,
        channels: vec![20, 21],
        ..GuildSettings::default()
    };
    store.set_guild_settings(10, &settings).await.unwrap();
    store.set_notify(2, true).await.unwrap();
    store
        .web_token(crate::store::LinkKind::Server, 10, 10)
        .await
        .unwrap();
    store.guild_named(10, "Chess club").await.unwrap();

    let other = match backend {
        Backend::Sqlite => Backend::Postgres,
        Backend::Postgres => Backend::Sqlite,
    };
    let url = other.fresh();
    let target = Store::open(&url).await.unwrap();
    let copied = copy_database(store, &target).await.unwrap();
    let rows: Vec<(&str, i64)> = copied.tables.clone();
    assert_eq!(
        rows,
        [
            ("games", 2),
            ("turns", 3),
            ("challenges", 2),
            ("proposals", 0),
            ("outbox", 1),
            ("guild_settings", 1),
            ("game_channels", 2),
            ("member_settings", 1),
            ("ratings", 0),
            ("results", 0),
            ("tournaments", 1),
            ("tournament_players", 3),
            ("tournament_games", 1),
            ("tournament_byes", 1),
            ("quota_locks", 4),
            ("forgotten_members", 0),
            ("departed_guilds", 0),
            ("web_links", 1),
            ("guild_names", 1),
            ("web_signins", 0),
            ("web_sessions", 0),
            ("web_signin_links", 0),
            ("seal_keys", 1),
        ]
    );
    // The source's key replaced the target's, so buttons posted before the copy still work.
    let reopened = Store::open(&url).await.unwrap();
    assert_eq!(reopened.seal_key(), store.seal_key());
    assert_ne!(target.seal_key(), store.seal_key());
    reopened.close().await;
    let again = copy_database(store, &target).await.unwrap_err();
    assert!(
        matches!(
            again,
            CopyError::NotEmpty {
                table: "games",
                rows: 2
            }
        ),
        "{again}"
    );
    assert!(again.to_string().contains("empty database only"));

    let copy = fixture_with(target).await;
    let (copied, original) = (copy.row().await.game, source.row().await.game);
    assert_eq!(copied.position_text(), original.position_text());
    assert_eq!(copied.turns(), original.turns());
    assert_eq!(
        copy.core.store().guild_settings(10).await.unwrap(),
        settings
    );
    assert!(copy.core.store().notify(2).await.unwrap());
    copy.play(&bob(), "Ke7").await;
    assert_eq!(
        copy.core
            .store()
            .position_after(copy.row().await.id, 1)
            .await
            .unwrap(),
        store
            .position_after(source.row().await.id, 1)
            .await
            .unwrap()
    );
    // New games and messages get ids after the copied ones.
    let place = place_on(1, 9);
    copy.say(&alice(), place, challenge()).await;
    assert_eq!(copy.core.store().owed_count().await.unwrap(), 1);
    let tournament = copy.core.store().channel_tournament(Channel {
        guild: 10,
        channel: 30,
    });
    let tournament = tournament.await.unwrap().expect("the copied tournament");
    let state = copy
        .core
        .store()
        .tournament(tournament)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(state.row.round, 1);
    assert!(state.boards[0].game.is_some());
}

on_both!(
    each_process_does_its_own_shards_work,
    overlapping_processes_still_do_each_thing_once,
    two_processes_one_game_apply_exactly_once,
    the_shard_filter_is_discords_formula,
    both_schemas_match_and_every_table_is_copied,
    a_database_copies_whole_into_the_other_kind,
);

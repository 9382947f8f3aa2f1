//! Quotas, one pending challenge per pair, and game threads archived when their games end:
//! each quota refused with its message and nothing changed, two commands at once never both
//! passing a limit of one, a replaced challenge's message edited, on both databases.

use super::*;
use crate::store::TournamentFormat;

/// The bot itself, as Discord names it in /challenge's opponent.
fn me() -> Who {
    member(99, "csipgs")
}

fn dave() -> Who {
    member(5, "dave")
}

fn in_channel(channel: u64) -> Place {
    Place::Channel(Channel { guild: 10, channel })
}

fn challenge_to(opponent: &Who) -> Request {
    Request::Challenge(ChallengeRequest {
        opponent: Some(opponent.player()),
        ..ChallengeRequest::default()
    })
}

fn computer_game() -> Request {
    Request::Challenge(ChallengeRequest {
        opponent: Some(me().player()),
        opponent_is_bot: true,
        computer: true,
        colour: Some(ColourChoice::White),
        ..ChallengeRequest::default()
    })
}

fn tournament(name: &str) -> Request {
    Request::Tournament(TournamentRequest::Create(TournamentSpec {
        name: name.to_string(),
        format: Some(TournamentFormat::RoundRobin),
        ..TournamentSpec::default()
    }))
}

const SMALL: Quotas = Quotas {
    challenges_per_member: 2,
    computer_games_per_member: 1,
    computer_games_per_server: 2,
    tournaments_per_organiser: 1,
    tournaments_per_server: 2,
};

/// Threads where games ask for them; quotas small enough to reach.
async fn quota_fixture(backend: Backend) -> Fixture {
    let platform = Recorder {
        threads: true,
        ..Recorder::default()
    };
    let mut f = fixture_on(backend.store().await, platform).await;
    f.core_mut().quotas = SMALL;
    f
}

impl Fixture {
    /// What a refused command must leave as it was: games, owed messages, threads opened.
    async fn footprint(&self) -> (i64, i64, usize) {
        let store = self.core.store();
        (
            store.active_game_count().await.unwrap(),
            store.owed_count().await.unwrap(),
            self.platform.opened.lock().unwrap().len(),
        )
    }

    /// A command that must be refused with `words`, changing nothing.
    async fn over_quota(&self, who: &Who, place: Place, request: Request, words: &str) {
        let before = self.footprint().await;
        let text = self.refused(who, place, request).await;
        assert!(text.contains(words), "{text}");
        assert_eq!(self.footprint().await, before, "{text}");
    }
}

async fn each_quota_refuses_with_its_message_and_changes_nothing(backend: Backend) {
    let f = quota_fixture(backend).await;

    // Open challenges per member: two, then a third is refused.
    f.say(&alice(), in_channel(30), challenge_to(&bob())).await;
    f.say(&alice(), in_channel(31), challenge_to(&carol()))
        .await;
    f.over_quota(
        &alice(),
        in_channel(32),
        challenge_to(&dave()),
        "You have as many open challenges as one member may (2): wait for an answer, or withdraw one",
    )
    .await;
    // A replacement is not one more; nor is a challenge past its time.
    let again = f.say(&alice(), in_channel(30), challenge_to(&bob())).await;
    assert!(!again[0].ephemeral, "{}", again[0].text.shown());
    f.now
        .fetch_add(challenge::CHALLENGE_SECONDS + 1, Ordering::SeqCst);
    let later = f.say(&alice(), in_channel(32), challenge_to(&dave())).await;
    assert!(!later[0].ephemeral, "{}", later[0].text.shown());

    // Computer games per member, then per server.
    let first = f.say(&alice(), in_channel(40), computer_game()).await;
    assert!(
        first[0].text.shown().starts_with("Game on!"),
        "{}",
        first[0].text.shown()
    );
    f.over_quota(
        &alice(),
        in_channel(41),
        computer_game(),
        "You are playing as many games against the computer as one member may at once (1): finish one, or /resign it",
    )
    .await;
    let second = f.say(&bob(), in_channel(42), computer_game()).await;
    assert!(
        second[0].text.shown().starts_with("Game on!"),
        "{}",
        second[0].text.shown()
    );
    f.over_quota(
        &carol(),
        in_channel(43),
        computer_game(),
        "This server has as many games against the computer in progress as the bot plays in one server at once (2)",
    )
    .await;
    // Another server has room of its own.
    let elsewhere = Place::Channel(Channel {
        guild: 11,
        channel: 44,
    });
    // (Dave's: Carol's member quota would count a game of hers there too.)
    let other = f.say(&dave(), elsewhere, computer_game()).await;
    assert!(
        other[0].text.shown().starts_with("Game on!"),
        "{}",
        other[0].text.shown()
    );
    // An ended game frees its place.
    let thread = |n: u64| Place::Thread {
        thread: Channel {
            guild: 10,
            channel: n,
        },
        parent: None,
    };
    let ask = f.say(&alice(), thread(901), Request::Resign).await;
    f.say(&alice(), thread(901), press(&ask[0].buttons[0].id))
        .await;
    let again = f.say(&carol(), in_channel(43), computer_game()).await;
    assert!(
        again[0].text.shown().starts_with("Game on!"),
        "{}",
        again[0].text.shown()
    );

    // Unfinished tournaments per organiser, then per server.
    let created = f.say(&alice(), in_channel(50), tournament("One")).await;
    assert!(!created[0].ephemeral, "{}", created[0].text.shown());
    f.over_quota(
        &alice(),
        in_channel(51),
        tournament("Two"),
        "You organise as many unfinished tournaments as one member may (1): finish one, or end it with /td cancel",
    )
    .await;
    let created = f.say(&bob(), in_channel(52), tournament("Three")).await;
    assert!(!created[0].ephemeral, "{}", created[0].text.shown());
    f.over_quota(
        &carol(),
        in_channel(53),
        tournament("Four"),
        "This server has as many unfinished tournaments as the bot runs in one server (2)",
    )
    .await;
    let store = f.core.store();
    for channel in [51, 53] {
        let found = store.channel_tournament(Channel { guild: 10, channel });
        assert_eq!(found.await.unwrap(), None);
    }
}

async fn a_quota_of_zero_turns_the_thing_off(backend: Backend) {
    let mut f = quota_fixture(backend).await;
    f.core_mut().quotas.computer_games_per_member = 0;
    f.over_quota(
        &alice(),
        HERE,
        computer_game(),
        "This bot takes no games against the computer",
    )
    .await;
}

/// Two commands at the same moment can't both take the last place.
async fn two_at_once_never_both_pass_a_limit_of_one(backend: Backend) {
    let mut f = quota_fixture(backend).await;
    f.core_mut().quotas = Quotas {
        challenges_per_member: 1,
        computer_games_per_member: 1,
        ..SMALL
    };
    let (alice, dave) = (alice(), dave());
    let (a, b) = tokio::join!(
        f.raw(&alice, in_channel(30), challenge_to(&bob())),
        f.raw(&alice, in_channel(31), challenge_to(&carol())),
    );
    let made = [&a, &b].iter().filter(|r| !r[0].ephemeral).count();
    assert_eq!(made, 1, "{a:?} {b:?}");
    let (a, b) = tokio::join!(
        f.raw(&dave, in_channel(40), computer_game()),
        f.raw(&dave, in_channel(41), computer_game()),
    );
    let started = [&a, &b]
        .iter()
        .filter(|r| r[0].text.shown().starts_with("Game on!"))
        .count();
    assert_eq!(started, 1, "{a:?} {b:?}");
    assert_eq!(f.core.store().active_game_count().await.unwrap(), 1);
}

/// One pending challenge per pair: a new one replaces the old, whose message is edited to
/// say so, and the member is not pinged twice for it.
async fn a_new_challenge_to_the_same_member_replaces_the_old(backend: Backend) {
    let f = fixture(backend).await;
    let old = f.raw(&alice(), HERE, challenge_to(&bob())).await.remove(0);
    assert_eq!(old.pings, [2]);
    let posted = Posted {
        channel: 20,
        message: 555,
    };
    f.core.delivered(&old, Some(posted)).await;

    let new = f.say(&alice(), ELSEWHERE, challenge_to(&bob())).await;
    assert_eq!(new.len(), 2, "{new:?}");
    assert!(
        new[0].text.shown().contains("challenges you"),
        "{}",
        new[0].text.shown()
    );
    assert!(new[0].pings.is_empty(), "bob was pinged by the old one");
    let edit = Target::Edit {
        channel: 20,
        message: 555,
    };
    assert_eq!(new[1].elsewhere, Some(edit));
    f.core.run_due(f.now.load(Ordering::SeqCst)).await.unwrap();
    let delivered = f.platform.delivered.lock().unwrap().clone();
    let withdrawn: Vec<_> = delivered.iter().filter(|(t, _)| *t == edit).collect();
    assert_eq!(withdrawn.len(), 1, "{delivered:?}");
    assert!(
        withdrawn[0]
            .1
            .text
            .shown()
            .contains("<@1> withdrew this challenge"),
        "{}",
        withdrawn[0].1.text.shown()
    );
    let stale = f.refused(&bob(), HERE, press(&old.buttons[0].id)).await;
    assert!(stale.contains("replaced"), "{stale}");

    // Another member in the same channel: the same channel's challenge is replaced too, and
    // carol is pinged (bob's unanswered message says it was withdrawn, where it was posted).
    let to_carol = f.say(&alice(), ELSEWHERE, challenge_to(&carol())).await;
    assert_eq!(to_carol[0].pings, [3]);
    assert_eq!(
        to_carol[1].elsewhere,
        Some(Target::Channel { channel: 21 }),
        "its message was never posted, so the notice is"
    );
    let accepted = f
        .say(&carol(), ELSEWHERE, press(&to_carol[0].buttons[0].id))
        .await;
    assert!(
        accepted[0].text.shown().starts_with("Game on!"),
        "{}",
        accepted[0].text.shown()
    );
}

/// A thread the bot opened for a game is archived once the game's end is announced; a game
/// played in a member's own thread leaves it alone.
async fn a_games_thread_is_archived_when_it_ends(backend: Backend) {
    let f = quota_fixture(backend).await;
    let challenge = f.say(&alice(), HERE, challenge_to(&bob())).await;
    let accepted = f
        .say(&bob(), HERE, press(&challenge[0].buttons[0].id))
        .await;
    assert!(
        accepted[0].text.shown().contains("in <#901>"),
        "{}",
        accepted[0].text.shown()
    );
    // Whoever sees the channel sees the game in the thread opened under it.
    let seeing = |channel: u64| {
        Request::Games(Listing {
            page: None,
            sight: Sight::Channels([channel].into()),
        })
    };
    let listed = f.one(&carol(), seeing(20)).await;
    assert!(
        listed.text.shown().contains("<#901>"),
        "{}",
        listed.text.shown()
    );
    let listed = f.one(&carol(), seeing(21)).await;
    assert!(
        listed.text.shown().starts_with("No games"),
        "{}",
        listed.text.shown()
    );
    let archived = |f: &Fixture| {
        let delivered = f.platform.delivered.lock().unwrap();
        delivered
            .iter()
            .filter(|(t, _)| matches!(t, Target::Archive { .. }))
            .count()
    };
    let now = f.now.load(Ordering::SeqCst);
    f.core.run_due(now + 3600).await.unwrap();
    assert_eq!(archived(&f), 0, "not while the game goes on");

    let thread = Place::Thread {
        thread: Channel {
            guild: 10,
            channel: 901,
        },
        parent: None,
    };
    let ask = f.say(&bob(), thread, Request::Resign).await;
    let done = f.say(&bob(), thread, press(&ask[0].buttons[0].id)).await;
    assert!(
        done[0].text.shown().contains("resigns"),
        "{}",
        done[0].text.shown()
    );
    // Not before the answer in the thread could be posted.
    f.core.run_due(now).await.unwrap();
    assert_eq!(archived(&f), 0);
    f.core.run_due(now + owe::ANSWER_GRACE).await.unwrap();
    let delivered = f.platform.delivered.lock().unwrap().clone();
    let last = delivered.last().expect("the archive");
    assert_eq!(last.0, Target::Archive { thread: 901 });
    f.core.run_due(now + 3600).await.unwrap();
    assert_eq!(archived(&f), 1, "once");

    // A game started in a member's own thread stays there, and the thread stays open.
    let theirs = Place::Thread {
        thread: Channel {
            guild: 10,
            channel: 77,
        },
        parent: None,
    };
    let challenge = f.say(&alice(), theirs, challenge_to(&bob())).await;
    f.say(&bob(), theirs, press(&challenge[0].buttons[0].id))
        .await;
    let ask = f.say(&bob(), theirs, Request::Resign).await;
    f.say(&bob(), theirs, press(&ask[0].buttons[0].id)).await;
    f.core.run_due(now + 7200).await.unwrap();
    assert_eq!(archived(&f), 1);
}

on_both!(
    each_quota_refuses_with_its_message_and_changes_nothing,
    a_quota_of_zero_turns_the_thing_off,
    two_at_once_never_both_pass_a_limit_of_one,
    a_new_challenge_to_the_same_member_replaces_the_old,
    a_games_thread_is_archived_when_it_ends,
);

//! Games against the computer: started at once, answered by the computer's own turns (owed
//! to the channel, played once, found again after a restart), within its clock, and the
//! options it refuses.

use super::*;
use crate::family::{Family, GameState};
use crate::store::Computer;
use engine::computer::Level;
use tokio::sync::watch;

/// The bot itself, as Discord names it in /challenge's opponent.
fn me() -> Who {
    member(99, "csipgs")
}

fn against_computer(colour: ColourChoice, level: Option<u8>) -> ChallengeRequest {
    ChallengeRequest {
        opponent: Some(me().player()),
        opponent_is_bot: true,
        computer: true,
        level,
        colour: Some(colour),
        ..ChallengeRequest::default()
    }
}

/// The computer, Black, played one turn.
fn assert_black_answered_once(answers: &[String]) {
    assert_eq!(answers.len(), 1, "{answers:?}");
    assert!(
        answers[0].starts_with("<@99> (Black) played **"),
        "{}",
        answers[0]
    );
}

impl Fixture {
    /// Alice challenges the computer; returns the announcement.
    async fn start_computer(&self, request: ChallengeRequest) -> Reply {
        let reply = self
            .say(&alice(), HERE, Request::Challenge(request))
            .await
            .remove(0);
        assert!(
            reply.text.shown().starts_with("Game on!"),
            "{}",
            reply.text.shown()
        );
        reply
    }

    /// The computer's owed turns, played now; returns their texts.
    async fn computer_plays(&self) -> Vec<String> {
        let replies = self
            .core
            .computer_turns()
            .await
            .expect("the computer plays");
        for reply in &replies {
            assert!(
                matches!(
                    reply.elsewhere,
                    Some(Target::Channel { channel: 20 } | Target::Direct { user: 1 })
                ),
                "{reply:?}"
            );
        }
        replies.into_iter().map(|r| r.text.shown()).collect()
    }
}

async fn the_computer_answers_each_turn_once(backend: Backend) {
    let f = fixture(backend).await;
    let started = f
        .start_computer(against_computer(ColourChoice::White, Some(2)))
        .await;
    assert!(
        started
            .text
            .shown()
            .contains("<@1> (White) vs <@99> (Black)"),
        "{}",
        started.text.shown()
    );
    assert!(
        started.text.shown().contains("unrated, level 2"),
        "{}",
        started.text.shown()
    );
    assert!(started.buttons.is_empty(), "nothing to accept");
    let row = f.row().await;
    assert_eq!(
        row.computer,
        Some(Computer {
            color: Color::Black,
            level: Level::new(2).unwrap()
        })
    );
    assert!(!row.rated);
    assert_eq!(row.players[1].name, "csipgs (level 2)");
    // Nothing is owed before Alice moves.
    assert!(f.computer_plays().await.is_empty());
    f.play(&alice(), "Kd2").await;
    let text = f
        .refused(&alice(), HERE, Request::Turn { text: "Ke3".into() })
        .await;
    assert!(text.contains("wait for <@99>"), "{text}");
    let answers = f.computer_plays().await;
    assert_black_answered_once(&answers);
    assert!(
        answers[0].ends_with("White to move: <@1>."),
        "{}",
        answers[0]
    );
    // Played once: asking again plays nothing, and the scheduler delivers it once.
    assert!(f.computer_plays().await.is_empty());
    let row = f.row().await;
    assert_eq!(row.game.turns(), 2);
    assert_eq!(
        row.game.csipgs().unwrap().position().to_move(),
        Color::White
    );
    f.core.run_due(f.now.load(Ordering::SeqCst)).await.unwrap();
    let delivered = f.platform.delivered.lock().unwrap().clone();
    let computer_turns: Vec<_> = delivered
        .iter()
        .filter(|(_, r)| r.text.shown().starts_with("<@99> (Black) played"))
        .collect();
    assert_eq!(computer_turns.len(), 1, "{delivered:?}");
    assert!(matches!(
        computer_turns[0].1.picture,
        Some(Picture::Board(_))
    ));
    // Alice plays on.
    f.play(&alice(), "Ke3").await;
    assert_eq!(f.computer_plays().await.len(), 1);
}

async fn the_computer_opens_as_white_and_a_rematch_swaps(backend: Backend) {
    let f = fixture(backend).await;
    let started = f
        .start_computer(against_computer(ColourChoice::Black, Some(1)))
        .await;
    assert!(
        started.text.shown().contains("The computer opens"),
        "{}",
        started.text.shown()
    );
    let answers = f.computer_plays().await;
    assert_eq!(answers.len(), 1, "{answers:?}");
    assert!(
        answers[0].starts_with("<@99> (White) played"),
        "{}",
        answers[0]
    );
    f.play(&alice(), "Kd7").await;
    f.computer_plays().await;
    let resign = f.say(&alice(), HERE, Request::Resign).await;
    f.say(&alice(), HERE, press(&resign[0].buttons[0].id)).await;
    assert_eq!(f.row().await.status, Status::Finished);
    // The rematch is against the computer again, at its level, colours swapped.
    let rematch = f.one(&alice(), Request::Rematch).await;
    assert!(
        rematch.text.shown().starts_with("Game on!"),
        "{}",
        rematch.text.shown()
    );
    let row = f.row().await;
    assert_eq!(
        row.computer,
        Some(Computer {
            color: Color::Black,
            level: Level::new(1).unwrap()
        })
    );
    assert_eq!(row.player(Color::White).id, 1);
}

async fn what_the_computer_refuses(backend: Backend) {
    let f = fixture(backend).await;
    let asker = alice();
    let refused = |request: ChallengeRequest| f.refused(&asker, HERE, Request::Challenge(request));
    let text = refused(ChallengeRequest {
        game: GameSpec {
            rated: Some(true),
            ..against_computer(ColourChoice::White, None).game
        },
        ..against_computer(ColourChoice::White, None)
    })
    .await;
    assert!(text.contains("never rated"), "{text}");
    let text = refused(ChallengeRequest {
        game: GameSpec {
            options: options(&[("proposals", Some(true))]),
            ..against_computer(ColourChoice::White, None).game
        },
        ..against_computer(ColourChoice::White, None)
    })
    .await;
    assert!(text.contains("doesn't bid on proposals"), "{text}");
    for bad in [0, 7] {
        let text = refused(against_computer(ColourChoice::White, Some(bad))).await;
        assert!(text.contains("from 1 (easiest) to 6"), "{text}");
    }
    let text = refused(ChallengeRequest {
        opponent: Some(bob().player()),
        level: Some(3),
        ..ChallengeRequest::default()
    })
    .await;
    assert!(
        text.contains("Level is for games against the computer"),
        "{text}"
    );
    // None of that started anything.
    assert!(f
        .core
        .store()
        .latest_game(Core::channel(HERE).unwrap())
        .await
        .unwrap()
        .is_none());
    f.start_computer(against_computer(ColourChoice::White, Some(1)))
        .await;
    let text = f.refused(&alice(), HERE, Request::Draw).await;
    assert!(text.contains("plays every game to its end"), "{text}");
    // A proposal is refused whatever the rules (kurnia allows them): the computer never bids.
    let propose = Request::Propose {
        kind: ProposalKind::Atom,
        name: "zebra".into(),
        notation: "Z".into(),
        estimate: "3".into(),
    };
    let text = f.refused(&alice(), HERE, propose).await;
    assert!(text.contains("doesn't bid on proposals"), "{text}");
    assert_eq!(f.row().await.draw_offer, None);
}

/// A bot stopped while the computer owed a turn plays it when it starts again.
async fn an_owed_turn_is_played_after_a_restart(backend: Backend) {
    let url = backend.fresh();
    {
        let f = fixture_with(Store::open(&url).await.unwrap()).await;
        f.start_computer(against_computer(ColourChoice::White, Some(1)))
            .await;
        f.play(&alice(), "Kd2").await;
        f.core.store().close().await;
    }
    let f = fixture_with(Store::open(&url).await.unwrap()).await;
    let answers = f.computer_plays().await;
    assert_eq!(answers.len(), 1, "{answers:?}");
    assert_eq!(f.row().await.game.turns(), 2);
    if let DatabaseUrl::Sqlite(path) = url {
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }
}

/// The running task answers by itself, and stops when told.
async fn the_computer_task_answers_without_being_asked(backend: Backend) {
    let f = fixture(backend).await;
    f.start_computer(against_computer(ColourChoice::White, Some(3)))
        .await;
    let (halt, halted) = watch::channel(false);
    let play = async {
        f.play(&alice(), "Kd2").await;
        for _ in 0..200 {
            if f.row().await.game.turns() == 2 {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        halt.send(true).unwrap();
    };
    tokio::join!(f.core.run_computer(halted), play);
    assert_eq!(f.row().await.game.turns(), 2);
}

/// With a clock the computer's turn spends its time like anyone's; a clock that ran out
/// while the bot was stopped loses on time.
async fn the_computer_keeps_its_clock(backend: Backend) {
    let f = fixture(backend).await;
    f.start_computer(ChallengeRequest {
        game: GameSpec {
            time: Some("1m+2s".into()),
            ..against_computer(ColourChoice::White, Some(1)).game
        },
        ..against_computer(ColourChoice::White, Some(1))
    })
    .await;
    f.play(&alice(), "Kd2").await;
    f.computer_plays().await;
    let row = f.row().await;
    let clock = row.clock.expect("a clock");
    // The test clock stands still: no second passed, and the increment was added.
    assert_eq!(clock.left, [62, 62]);
    f.play(&alice(), "Ke3").await;
    f.now.fetch_add(63, Ordering::SeqCst);
    let answers = f.computer_plays().await;
    assert_eq!(answers.len(), 1, "{answers:?}");
    assert!(
        answers[0].contains("<@99> ran out of time"),
        "{}",
        answers[0]
    );
    assert_eq!(f.row().await.status, Status::Finished);
}

/// In a fog game the computer's board goes nowhere; the member's comes by DM.
async fn a_fog_game_against_the_computer(backend: Backend) {
    let f = fixture(backend).await;
    f.start_computer(ChallengeRequest {
        game: GameSpec {
            options: options(&[("fog", Some(true))]),
            ..against_computer(ColourChoice::White, Some(1)).game
        },
        ..against_computer(ColourChoice::White, Some(1))
    })
    .await;
    f.say(&alice(), HERE, Request::Turn { text: "Kd2".into() })
        .await;
    let answers = f.computer_plays().await;
    assert_eq!(answers.len(), 2, "{answers:?}");
    assert!(answers[0].starts_with("<@99> (Black) "), "{}", answers[0]);
    f.core.run_due(f.now.load(Ordering::SeqCst)).await.unwrap();
    let delivered = f.platform.delivered.lock().unwrap().clone();
    assert!(
        delivered
            .iter()
            .all(|(target, _)| *target != Target::Direct { user: 99 }),
        "{delivered:?}"
    );
    assert!(delivered
        .iter()
        .any(|(target, _)| *target == Target::Direct { user: 1 }));
}

/// `who` starts a game against the computer in channel `channel` of the test server, the
/// computer opening (so its first turn is owed at once), with the time control given.
async fn computer_opens(f: &Fixture, who: &Who, channel: u64, time: Option<&str>) {
    let request = against_computer(ColourChoice::Black, Some(1));
    let request = ChallengeRequest {
        game: GameSpec {
            time: time.map(str::to_string),
            ..request.game
        },
        ..request
    };
    let place = Place::Channel(Channel { guild: 10, channel });
    let started = f.say(who, place, Request::Challenge(request)).await;
    assert!(
        started[0].text.shown().starts_with("Game on!"),
        "{}",
        started[0].text.shown()
    );
}

/// The channels whose games the computer answered, in the order it answered them.
async fn answered_in(f: &Fixture) -> Vec<u64> {
    let replies = f.core.computer_turns().await.expect("the computer plays");
    let mut channels = Vec::new();
    for reply in replies
        .iter()
        .filter(|r| r.text.shown().starts_with("<@99>"))
    {
        let Some(Target::Channel { channel }) = reply.elsewhere else {
            panic!("{reply:?}");
        };
        assert!(
            !reply.text.shown().contains("ran out of time"),
            "{}",
            reply.text.shown()
        );
        channels.push(channel);
    }
    channels
}

/// Alice owes the computer many turns; Bob's one is answered second, not after hers.
async fn one_members_many_games_do_not_delay_anothers_one(backend: Backend) {
    let f = fixture(backend).await;
    for channel in 30..38 {
        computer_opens(&f, &alice(), channel, None).await;
    }
    computer_opens(&f, &bob(), 50, None).await;
    let order = answered_in(&f).await;
    assert_eq!(order.len(), 9, "{order:?}");
    assert_eq!(order[..2], [30, 50], "{order:?}");
    assert_eq!(order[2..], (31..38).collect::<Vec<_>>()[..]);
}

/// A live clock about to run out is answered before every other owed turn, and in time.
async fn a_clock_near_its_deadline_is_served_first(backend: Backend) {
    let f = fixture(backend).await;
    for channel in 30..33 {
        computer_opens(&f, &alice(), channel, None).await;
    }
    computer_opens(&f, &bob(), 50, Some("1d")).await;
    computer_opens(&f, &carol(), 60, Some("1m")).await;
    // Three seconds are left on the computer's one-minute clock.
    f.now.fetch_add(57, Ordering::SeqCst);
    let order = answered_in(&f).await;
    // Then equal shares, the earlier deadline first: Bob's correspondence clock, then Alice.
    assert_eq!(order, [60, 50, 30, 31, 32]);
}

/// The channels of the computer's answers waiting in the outbox, in the order they were saved.
async fn saved_answers(f: &Fixture) -> Result<Vec<u64>, StoreError> {
    let owed = f
        .core
        .store()
        .due_owed(i64::MAX, 1000, &Shards::ALL)
        .await?;
    Ok(owed
        .iter()
        .map(|row| row.decode::<Target, Reply>().unwrap())
        .filter(|(_, reply)| reply.text.shown().starts_with("<@99>"))
        .filter_map(|(target, _)| match target {
            Target::Channel { channel } => Some(channel),
            _ => None,
        })
        .collect())
}

/// The running task with a single search slot answers every owed turn, Bob's among the
/// first though Alice's six were owed before it.
async fn the_task_shares_its_one_slot(backend: Backend) {
    let mut f = fixture(backend).await;
    f.core_mut().thinking = crate::core::computer::Thinking::new(1);
    for channel in 30..36 {
        computer_opens(&f, &alice(), channel, None).await;
    }
    computer_opens(&f, &bob(), 50, None).await;
    let (halt, halted) = watch::channel(false);
    let watch = async {
        for _ in 0..2400 {
            if saved_answers(&f).await.is_ok_and(|saved| saved.len() == 7) {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(25)).await;
        }
        halt.send(true).unwrap();
    };
    tokio::join!(f.core.run_computer(halted), watch);
    let order = saved_answers(&f).await.unwrap();
    assert_eq!(order.len(), 7, "{order:?}");
    // Second to leave the queue. (Saves run beside the next search and may pass one
    // another on a busy machine, so the order of claims is what shows it.)
    let bobs = Channel {
        guild: 10,
        channel: 50,
    };
    let bobs = f.core.store().active_game(bobs).await.unwrap().unwrap();
    let claimed = f.core.thinking.claimed.lock().unwrap().clone();
    assert_eq!(claimed.len(), 7, "{claimed:?}");
    assert_eq!(claimed[1], bobs.id, "{claimed:?} (saved in {order:?})");
}

/// A game of FIDE chess with variants against the computer: it answers in SAN, under the
/// variants (no FIDE double step under Warhead), to the end of the game.
async fn a_fide_game_with_variants_against_the_computer(backend: Backend) {
    let f = fixture(backend).await;
    let request = ChallengeRequest {
        game: GameSpec {
            family: Some(Family::Fide),
            variants: Some("warhead,stungun".into()),
            ..GameSpec::default()
        },
        ..against_computer(ColourChoice::White, Some(1))
    };
    let started = f.start_computer(request).await;
    let text = started.text.shown();
    assert!(text.contains("FIDE chess with warhead, stungun"), "{text}");
    assert!(text.contains("Move with /move in SAN"), "{text}");
    f.play(&alice(), "Nf3").await;
    let answers = f.computer_plays().await;
    assert_black_answered_once(&answers);
    let row = f.row().await;
    assert_eq!(row.game.turns(), 2);
    let GameState::Fide(game) = &row.game else {
        panic!("a FIDE game");
    };
    assert_eq!(game.variants().to_string(), "warhead,stungun");
    assert_eq!(game.position().turn(), Color::White);
    f.play(&alice(), "Ng1").await;
    assert_eq!(f.computer_plays().await.len(), 1);
    assert_eq!(f.row().await.game.turns(), 4);
}

on_both!(
    a_fide_game_with_variants_against_the_computer,
    the_task_shares_its_one_slot,
    one_members_many_games_do_not_delay_anothers_one,
    a_clock_near_its_deadline_is_served_first,
    the_computer_answers_each_turn_once,
    the_computer_opens_as_white_and_a_rematch_swaps,
    what_the_computer_refuses,
    an_owed_turn_is_played_after_a_restart,
    the_computer_task_answers_without_being_asked,
    the_computer_keeps_its_clock,
    a_fog_game_against_the_computer,
);

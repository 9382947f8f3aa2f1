//! The core's edges: hostile text, owed announcements, the scheduler, shutdown, flood
//! control, and the everyday comforts (buttons, open challenges, threads, settings, DMs).

use super::*;
use std::time::Duration;

fn turn(text: &str) -> Request {
    Request::Turn { text: text.into() }
}

/// Every way a 5000-character text is typed: refused by the parser before the core acts,
/// the answer short, the game unchanged.
async fn five_thousand_characters_are_refused_briefly(backend: Backend) {
    let f = fixture(backend).await;
    f.start(Ruleset::Classic, Options::default()).await;
    let long = "W".repeat(5000);
    let name = "z".repeat(2400);
    let text = Given::Text;
    let typed: [(&str, Vec<(&str, Given)>); 6] = [
        ("turn", vec![("text", text(&long))]),
        (
            "move",
            vec![("move", text("Kd2")), ("redesign", text(&long))],
        ),
        ("buy", vec![("design", text(&long))]),
        (
            "transfer",
            vec![("piece", text(&long)), ("square", text("e2"))],
        ),
        ("price", vec![("design", text(&long))]),
        (
            "propose",
            vec![
                ("kind", text("atom")),
                ("name", text(&name)),
                ("notation", text("Z")),
                ("estimate", text("3")),
            ],
        ),
    ];
    for (command, options) in typed {
        let refusal = CoreError::from(parse(command, &options).unwrap_err())
            .sentence()
            .shown();
        assert!(
            refusal.contains("5000 characters long") || refusal.contains("2400"),
            "{refusal}"
        );
        assert!(refusal.len() < 200, "{refusal}");
    }
    assert_eq!(f.row().await.version, 0);
}

/// Text within the bounds but long: what the engine quotes back is clipped.
async fn echoes_are_clipped(backend: Backend) {
    let f = fixture(backend).await;
    f.start(Ruleset::Classic, Options::default()).await;
    let text = f
        .refused(&alice(), HERE, turn(&format!("Buy {}", "Wz".repeat(400))))
        .await;
    assert!(text.chars().count() < 400, "{text}");
    assert!(text.contains('…'), "{text}");
    let text = f
        .refused(
            &alice(),
            HERE,
            Request::Price {
                design: format!("{}x", "W".repeat(190)),
                ruleset: None,
            },
        )
        .await;
    assert!(text.split(' ').all(|w| w.chars().count() <= 80), "{text}");
}

async fn control_and_bidi_characters_are_neutralised(backend: Backend) {
    let f = fixture(backend).await;
    f.start(Ruleset::Kurnia, Options::default()).await;
    let hostile = "K\u{202E}d2\u{200B}\u{0007}";
    let text = f.refused(&alice(), HERE, turn(hostile)).await;
    assert!(
        !text.contains('\u{202E}') && !text.contains('\u{200B}'),
        "{text:?}"
    );
    assert!(!text.contains('\u{0007}'), "{text:?}");
    assert!(text.contains('\u{FFFD}'), "{text:?}");
    // A proposal's name is echoed in public: neutral there too.
    let replies = f
        .say(
            &alice(),
            HERE,
            Request::Propose {
                kind: ProposalKind::Atom,
                name: "zeb\u{202E}ra".into(),
                notation: "Z".into(),
                estimate: "3".into(),
            },
        )
        .await;
    for reply in &replies {
        assert!(
            !reply.text.shown().contains('\u{202E}'),
            "{:?}",
            reply.text.shown()
        );
    }
    assert!(replies
        .iter()
        .any(|r| r.text.shown().contains("zeb\u{FFFD}ra")));
}

async fn errors_quote_the_design_as_typed(backend: Backend) {
    let f = fixture(backend).await;
    let text = f
        .refused(
            &alice(),
            Place::Direct,
            Request::Price {
                design: "WcnN".into(),
                ruleset: None,
            },
        )
        .await;
    assert!(text.contains("cnN"), "{text}");
    assert!(!text.contains("CnN"), "{text}");
    let text = f.refused(&alice(), HERE, turn("e4")).await;
    assert!(!text.starts_with("E4"), "{text}");
}

async fn a_single_letter_is_the_fide_piece_in_price(backend: Backend) {
    let f = fixture(backend).await;
    let reply = f
        .one(
            &alice(),
            Request::Price {
                design: "P".into(),
                ruleset: None,
            },
        )
        .await;
    assert!(!reply.ephemeral, "{}", reply.text.shown());
}

async fn after_the_game_the_channel_says_how_it_ended(backend: Backend) {
    let f = fixture(backend).await;
    f.start(Ruleset::Classic, Options::default()).await;
    let ask = f.one(&bob(), Request::Resign).await;
    f.one(&bob(), press(&ask.buttons[0].id)).await;
    let text = f.refused(&alice(), HERE, mv("Kd2")).await;
    assert!(
        text.starts_with("The game<Here> is over (1-0, White wins by resignation)"),
        "{text}"
    );
    // What to do next is the adapter's words (Discord's name /challenge).
    assert!(text.contains("<AfterEnd>"), "{text}");
    // /board shows the last game, with its result.
    let board = f.one(&alice(), Request::Board { ply: None }).await;
    assert!(
        board.text.shown().contains("The last game here"),
        "{}",
        board.text.shown()
    );
    assert!(board.picture.is_some());
}

async fn the_board_after_any_turn(backend: Backend) {
    let f = fixture(backend).await;
    f.start(Ruleset::Classic, Options::default()).await;
    f.play(&alice(), "Kd2").await;
    f.play(&bob(), "Kd7").await;
    f.play(&alice(), "Kc3").await;
    let reply = f.one(&carol(), Request::Board { ply: Some(1) }).await;
    assert!(
        reply.text.shown().contains("after turn 1 of 3"),
        "{}",
        reply.text.shown()
    );
    match &reply.picture {
        Some(Picture::Board(view)) => {
            let kings: Vec<String> = csipgs_view(view)
                .pieces
                .iter()
                .map(|(sq, _, _)| sq.name())
                .collect();
            assert!(
                kings.contains(&"d2".to_string()) && kings.contains(&"e8".to_string()),
                "{kings:?}"
            );
        }
        other => panic!("a board, not {other:?}"),
    }
    let start = f.one(&carol(), Request::Board { ply: Some(0) }).await;
    assert!(start.text.shown().contains("after turn 0"));
    let text = f
        .refused(&carol(), HERE, Request::Board { ply: Some(9) })
        .await;
    assert!(text.contains("from 0 (the start) to 3"), "{text}");
}

async fn a_turn_is_owed_until_delivered(backend: Backend) {
    let f = fixture(backend).await;
    f.start(Ruleset::Classic, Options::default()).await;
    let store = f.core.store();
    let before = store.owed_count().await.unwrap();
    let reply = f.raw(&alice(), HERE, mv("Kd2")).await.remove(0);
    assert!(reply.owed.is_some());
    assert_eq!(store.owed_count().await.unwrap(), before + 1);
    // The adapter could not deliver it: the scheduler posts it in the channel.
    f.core.undelivered(&reply).await;
    assert!(f.core.run_due(f.now.load(Ordering::SeqCst)).await.unwrap() >= 1);
    let delivered = f.platform.delivered.lock().unwrap().clone();
    let (target, message) = delivered.last().unwrap();
    assert_eq!(*target, Target::Channel { channel: 20 });
    assert!(
        message.text.shown().contains("played **Kd2**"),
        "{}",
        message.text.shown()
    );
    assert!(matches!(message.picture, Some(Picture::Board(_))));
    assert_eq!(store.owed_count().await.unwrap(), 0);
    // A delivered reply is never sent again.
    let reply = f.play(&bob(), "Kd7").await;
    f.core.delivered(&reply, None).await;
    let later = f.now.load(Ordering::SeqCst) + 3600;
    f.core.run_due(later).await.unwrap();
    assert_eq!(f.platform.delivered.lock().unwrap().len(), delivered.len());
}

/// A message owed when the process stopped is delivered after the restart.
async fn owed_messages_survive_a_restart(backend: Backend) {
    let url = backend.fresh();
    {
        let f = fixture_with(Store::open(&url).await.unwrap()).await;
        f.start(Ruleset::Classic, Options::default()).await;
        // The process dies before the answer reaches Discord.
        f.raw(&alice(), HERE, mv("Kd2")).await;
        f.core.store().close().await;
    }
    let f = fixture_with(Store::open(&url).await.unwrap()).await;
    let later = f.now.load(Ordering::SeqCst) + 60;
    f.core.run_due(later).await.unwrap();
    let delivered = f.platform.delivered.lock().unwrap().clone();
    assert!(
        delivered
            .iter()
            .any(|(_, r)| r.text.shown().contains("played **Kd2**")),
        "{delivered:?}"
    );
    assert_eq!(f.core.store().owed_count().await.unwrap(), 0);
    if let DatabaseUrl::Sqlite(path) = url {
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }
}

async fn deliveries_back_off_and_are_claimed_once(backend: Backend) {
    struct Failing(std::sync::atomic::AtomicUsize);
    impl Platform for Failing {
        fn deliver(
            &self,
            _: Target,
            _: Reply,
            _: Nonce,
        ) -> BoxFuture<'_, Result<Option<Posted>, Undelivered>> {
            self.0.fetch_add(1, Ordering::SeqCst);
            Box::pin(async { Err(Undelivered::Retry("HTTP 500".into())) })
        }
    }
    let platform = Arc::new(Failing(Default::default()));
    let now = Arc::new(AtomicI64::new(1_000_000));
    let clock = now.clone();
    let core = Core::new(
        backend.store().await,
        Arc::new(move || clock.load(Ordering::SeqCst)),
        platform.clone(),
    );
    let f = Fixture {
        core: Arc::new(core),
        now: now.clone(),
        platform: Arc::new(Recorder::default()),
    };
    f.start(Ruleset::Classic, Options::default()).await;
    let reply = f.raw(&alice(), HERE, mv("Kd2")).await.remove(0);
    f.core.undelivered(&reply).await;
    let t = now.load(Ordering::SeqCst);
    f.core.run_due(t).await.unwrap();
    let tries = platform.0.load(Ordering::SeqCst);
    assert!(tries >= 1);
    // Not again at once: the next try waits (1 s, then 2, 4...).
    f.core.run_due(t).await.unwrap();
    assert_eq!(platform.0.load(Ordering::SeqCst), tries);
    f.core.run_due(t + 1).await.unwrap();
    assert!(platform.0.load(Ordering::SeqCst) > tries);
    assert!(f.core.store().owed_count().await.unwrap() >= 1);
}

async fn the_gate_turns_commands_away_and_waits_for_those_inside(backend: Backend) {
    let f = fixture(backend).await;
    let inside = f.core.enter(None).expect("open");
    f.core.close_gate(1_000_000);
    assert!(f.core.enter(None).is_none());
    assert!(f.core.enter(Some(1_000_000)).is_none(), "sent as it closed");
    // Sent before the close but reaching the gate after it: let in, and waited for.
    let late = f.core.enter(Some(999_999)).expect("sent before the close");
    f.core.close_gate(2_000_000);
    assert!(
        f.core.enter(Some(1_500_000)).is_none(),
        "the first close holds"
    );
    assert!(!f.core.drain(Duration::from_millis(50)).await);
    drop(inside);
    assert!(!f.core.drain(Duration::from_millis(50)).await);
    drop(late);
    assert!(f.core.drain(Duration::from_millis(50)).await);
}

async fn a_flood_is_slowed_politely(backend: Backend) {
    let mut f = fixture(backend).await;
    f.core_mut().limiter = Some(limits::Limiter::default());
    let mut slowed = 0;
    for _ in 0..30 {
        let replies = f.say(&carol(), HERE, Request::Rules).await;
        if replies[0].text.shown() == text::SLOW_DOWN {
            slowed += 1;
        }
    }
    assert!(slowed >= 15, "{slowed}");
    // Others are not slowed, and a second later the member may go on.
    assert_ne!(
        f.say(&alice(), HERE, Request::Rules).await[0].text.shown(),
        text::SLOW_DOWN
    );
    f.now.fetch_add(2, Ordering::SeqCst);
    assert_ne!(
        f.say(&carol(), HERE, Request::Rules).await[0].text.shown(),
        text::SLOW_DOWN
    );
}

async fn keystrokes_past_their_bucket_get_no_suggestions(backend: Backend) {
    let mut f = fixture(backend).await;
    f.core_mut().keystrokes = limits::Limiter::new(3, 1);
    f.start(Ruleset::Classic, Options::default()).await;
    for _ in 0..3 {
        assert!(!f
            .core
            .complete(&alice(), HERE, Field::Move, "")
            .await
            .is_empty());
    }
    // Turned away quietly: no suggestions, no message.
    assert!(f
        .core
        .complete(&alice(), HERE, Field::Move, "")
        .await
        .is_empty());
    // Typing does not slow commands, nor another member's typing.
    f.play(&alice(), "Kd2").await;
    assert!(!f
        .core
        .complete(&bob(), HERE, Field::Move, "")
        .await
        .is_empty());
    f.now.fetch_add(1, Ordering::SeqCst);
    assert!(!f
        .core
        .complete(&alice(), HERE, Field::Redesign, "")
        .await
        .is_empty());
}

async fn draw_offers_are_answered_with_buttons(backend: Backend) {
    let f = fixture(backend).await;
    f.start(Ruleset::Classic, Options::default()).await;
    let offer = f.one(&alice(), Request::Draw).await;
    let labels: Vec<&str> = offer.buttons.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(labels, ["Accept draw", "Decline"]);
    let text = f.refused(&alice(), HERE, press(&offer.buttons[0].id)).await;
    assert_eq!(text, "Only <@2> can answer this draw offer.");
    let declined = f.one(&bob(), press(&offer.buttons[1].id)).await;
    assert!(declined.replaces && declined.text.shown().contains("declines the draw"));
    assert_eq!(f.row().await.draw_offer, None);
    let text = f.refused(&bob(), HERE, press(&offer.buttons[0].id)).await;
    assert!(text.contains("no draw offer"), "{text}");
    let offer = f.one(&alice(), Request::Draw).await;
    let accepted = f.one(&bob(), press(&offer.buttons[0].id)).await;
    assert!(
        accepted.text.shown().contains("drawn by agreement"),
        "{}",
        accepted.text.shown()
    );
    assert_eq!(f.row().await.status, Status::Finished);
}

async fn the_challenger_can_cancel_and_anyone_can_take_an_open_challenge(backend: Backend) {
    let f = fixture(backend).await;
    let named = f.challenge(Ruleset::Classic, Options::default()).await;
    let cancel = press(&named.buttons[2].id);
    let text = f.refused(&bob(), HERE, cancel.clone()).await;
    assert_eq!(text, "Only <@1>, who made this challenge, can cancel it.");
    let reply = f.one(&alice(), cancel).await;
    assert_eq!(reply.text.shown(), "<@1> withdrew the challenge.");

    let open = f
        .one(
            &alice(),
            Request::Challenge(ChallengeRequest {
                colour: Some(ColourChoice::White),
                ..ChallengeRequest::default()
            }),
        )
        .await;
    assert!(
        open.text.shown().contains("challenges anyone here"),
        "{}",
        open.text.shown()
    );
    assert!(open.pings.is_empty());
    let labels: Vec<&str> = open.buttons.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(labels, ["Accept", "Cancel"]);
    let text = f.refused(&alice(), HERE, press(&open.buttons[0].id)).await;
    assert!(text.contains("your own challenge"), "{text}");
    let started = f.one(&carol(), press(&open.buttons[0].id)).await;
    assert!(
        started
            .text
            .shown()
            .contains("<@1> (White) vs <@3> (Black)"),
        "{}",
        started.text.shown()
    );
}

async fn games_get_threads_of_their_own(backend: Backend) {
    let platform = Recorder {
        threads: true,
        ..Recorder::default()
    };
    let f = fixture_on(backend.store().await, platform).await;
    let challenge = f.challenge(Ruleset::Classic, Options::default()).await;
    let replies = f.say(&bob(), HERE, press(&challenge.buttons[0].id)).await;
    assert_eq!(replies.len(), 2, "{replies:?}");
    assert!(
        replies[0].text.shown().contains("in <#901>"),
        "{}",
        replies[0].text.shown()
    );
    assert!(replies[0].replaces);
    assert_eq!(replies[1].elsewhere, Some(Target::Channel { channel: 901 }));
    assert!(replies[1].picture.is_some());
    assert_eq!(*f.platform.opened.lock().unwrap(), ["alice vs bob"]);
    // The thread's board goes out through the outbox.
    f.core.run_due(f.now.load(Ordering::SeqCst)).await.unwrap();
    let delivered = f.platform.delivered.lock().unwrap().clone();
    assert!(delivered
        .iter()
        .any(|(t, _)| *t == Target::Channel { channel: 901 }));
    // The game lives in the thread; the channel stays free for more challenges.
    let thread = Place::Thread {
        thread: Channel {
            guild: 10,
            channel: 901,
        },
        parent: None,
    };
    let reply = f.say(&alice(), thread, mv("Kd2")).await;
    assert!(!reply[0].ephemeral, "{}", reply[0].text.shown());
    let again = f.challenge(Ruleset::Classic, Options::default()).await;
    assert!(!again.ephemeral, "{}", again.text.shown());
}

async fn settings_are_for_managers_and_set_the_defaults(backend: Backend) {
    let f = fixture(backend).await;
    let change = SettingsChange {
        ruleset: Some(Ruleset::Kurnia),
        allow: Some(20),
        ..SettingsChange::default()
    };
    let text = f
        .refused(&alice(), HERE, Request::Settings(change.clone()))
        .await;
    assert!(text.contains("Manage Server"), "{text}");
    let shown = f
        .refused(&alice(), HERE, Request::Settings(SettingsChange::default()))
        .await;
    assert!(shown.contains("classic rules"), "{shown}");
    let manager = Who {
        manager: true,
        ..carol()
    };
    let saved = f.refused(&manager, HERE, Request::Settings(change)).await;
    assert!(
        saved.contains("kurnia rules") && saved.contains("<#20>"),
        "{saved}"
    );
    let text = f
        .refused(
            &alice(),
            ELSEWHERE,
            Request::Challenge(ChallengeRequest {
                opponent: Some(bob().player()),
                ..ChallengeRequest::default()
            }),
        )
        .await;
    assert!(
        text.contains("games can't start in this channel") || text.contains("Games can't start"),
        "{text}"
    );
    // A thread follows its parent: refused under another channel or an unnamed one, taken
    // under the allowed one.
    let thread = |parent| Place::Thread {
        thread: Channel {
            guild: 10,
            channel: 930,
        },
        parent,
    };
    let challenge = || {
        Request::Challenge(ChallengeRequest {
            opponent: Some(bob().player()),
            ..ChallengeRequest::default()
        })
    };
    for parent in [Some(21), None] {
        let text = f.refused(&alice(), thread(parent), challenge()).await;
        assert!(text.contains("can't start in this channel"), "{text}");
    }
    let taken = f.say(&alice(), thread(Some(20)), challenge()).await;
    assert!(!taken[0].ephemeral, "{}", taken[0].text.shown());
    // The same pair again: it replaces the challenge in the thread (whose message is edited).
    let replies = f
        .say(
            &alice(),
            HERE,
            Request::Challenge(ChallengeRequest {
                opponent: Some(bob().player()),
                ..ChallengeRequest::default()
            }),
        )
        .await;
    let challenge = &replies[0];
    assert!(
        challenge.text.shown().contains("kurnia rules"),
        "{}",
        challenge.text.shown()
    );
}

async fn the_player_to_move_is_told_by_dm_when_they_ask(backend: Backend) {
    let f = fixture(backend).await;
    f.start(Ruleset::Classic, Options::default()).await;
    let on = f
        .refused(&bob(), Place::Direct, Request::Notify { on: Some(true) })
        .await;
    assert!(on.contains("direct message when it is your turn"), "{on}");
    let replies = f.say(&alice(), HERE, mv("Kd2")).await;
    assert_eq!(replies.len(), 2);
    assert_eq!(replies[1].elsewhere, Some(Target::Direct { user: 2 }));
    f.core.run_due(f.now.load(Ordering::SeqCst)).await.unwrap();
    let delivered = f.platform.delivered.lock().unwrap().clone();
    assert!(delivered
        .iter()
        .any(|(t, r)| *t == Target::Direct { user: 2 }
            && r.text.shown().contains("Your turn in <#20>")));
    // Alice did not ask: no DM for her.
    let replies = f.say(&bob(), HERE, mv("Kd7")).await;
    assert_eq!(replies.len(), 1);
}

/// With the scheduler running, delivery marks are written in batches, soon after.
async fn delivery_marks_are_batched_while_the_scheduler_runs(backend: Backend) {
    let f = Arc::new(fixture(backend).await);
    f.start(Ruleset::Classic, Options::default()).await;
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let scheduler = {
        let f = f.clone();
        tokio::spawn(async move { f.core.run_scheduler(stopped).await })
    };
    tokio::time::sleep(Duration::from_millis(50)).await;
    f.play(&alice(), "Kd2").await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert_eq!(f.core.store().owed_count().await.unwrap(), 0);
    let _ = stop.send(true);
    scheduler.await.unwrap();
    // Stopped: marks are written at once again.
    f.play(&bob(), "Kd7").await;
    assert_eq!(f.core.store().owed_count().await.unwrap(), 0);
}

/// /games lists a page of the games in channels the asker can see, says how many more and
/// how to see them, and answers the asker alone.
async fn listings_show_a_page_of_what_the_asker_sees(backend: Backend) {
    let f = fixture(backend).await;
    for channel in 30..42 {
        let place = Place::Channel(Channel { guild: 10, channel });
        let challenge = Request::Challenge(ChallengeRequest {
            opponent: Some(bob().player()),
            ..ChallengeRequest::default()
        });
        let open = f.say(&alice(), place, challenge).await;
        let started = f.say(&bob(), place, press(&open[0].buttons[0].id)).await;
        assert!(
            started[0].text.shown().starts_with("Game on!"),
            "{}",
            started[0].text.shown()
        );
        // Past the flood limit's burst.
        f.now.fetch_add(10, Ordering::SeqCst);
    }
    let seen: std::collections::BTreeSet<u64> = (30..42).filter(|&c| c != 35).collect();
    let games = |page| {
        Request::Games(Listing {
            page,
            sight: Sight::Channels(seen.clone()),
        })
    };
    let first = f.one(&carol(), games(None)).await;
    assert!(first.ephemeral);
    assert!(
        first.text.shown().starts_with("**11 game(s) in progress**"),
        "{}",
        first.text.shown()
    );
    assert_eq!(
        first.text.shown().matches("(White) vs").count(),
        10,
        "{}",
        first.text.shown()
    );
    assert!(
        !first.text.shown().contains("<#35>"),
        "{}",
        first.text.shown()
    );
    assert!(
        first
            .text
            .shown()
            .ends_with("Page 1 of 2, and 1 more: `/games page:2`."),
        "{}",
        first.text.shown()
    );
    let second = f.one(&carol(), games(Some(2))).await;
    assert_eq!(
        second.text.shown().matches("(White) vs").count(),
        1,
        "{}",
        second.text.shown()
    );
    assert!(
        second.text.shown().contains("<#41>"),
        "{}",
        second.text.shown()
    );
    let beyond = f.refused(&carol(), HERE, games(Some(3))).await;
    assert!(beyond.contains("only 2 pages"), "{beyond}");
    let everything = Request::Games(Listing {
        page: Some(2),
        sight: Sight::Everything,
    });
    let all = f.one(&carol(), everything).await;
    assert!(
        all.text.shown().contains("<#35>") || all.text.shown().contains("<#41>"),
        "{}",
        all.text.shown()
    );
    assert!(
        all.text.shown().starts_with("**12 game(s)"),
        "{}",
        all.text.shown()
    );
}

on_both!(
    five_thousand_characters_are_refused_briefly,
    echoes_are_clipped,
    control_and_bidi_characters_are_neutralised,
    errors_quote_the_design_as_typed,
    a_single_letter_is_the_fide_piece_in_price,
    after_the_game_the_channel_says_how_it_ended,
    the_board_after_any_turn,
    a_turn_is_owed_until_delivered,
    owed_messages_survive_a_restart,
    deliveries_back_off_and_are_claimed_once,
    the_gate_turns_commands_away_and_waits_for_those_inside,
    a_flood_is_slowed_politely,
    keystrokes_past_their_bucket_get_no_suggestions,
    draw_offers_are_answered_with_buttons,
    the_challenger_can_cancel_and_anyone_can_take_an_open_challenge,
    games_get_threads_of_their_own,
    settings_are_for_managers_and_set_the_defaults,
    the_player_to_move_is_told_by_dm_when_they_ask,
    delivery_marks_are_batched_while_the_scheduler_runs,
    listings_show_a_page_of_what_the_asker_sees,
);

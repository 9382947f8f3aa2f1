//! The core's commands, error paths and permission rules, each run on SQLite and on
//! PostgreSQL (a throwaway cluster of the test process's own): the store's test suite.

use super::testing::member;
use super::testing::*;
use super::*;
use crate::store::{ColourChoice, DatabaseUrl, ProposalKind, Status, StoreError};
use engine::{Options, Ruleset};
use std::sync::atomic::{AtomicI64, Ordering};

async fn a_challenge_has_buttons_for_the_challenged_member(backend: Backend) {
    let f = fixture(backend).await;
    let reply = f.challenge(Ruleset::Classic, Options::default()).await;
    assert!(!reply.ephemeral);
    assert_eq!(reply.pings, vec![2]);
    assert!(
        reply.text.shown().contains("<@2>: <@1> challenges you"),
        "{}",
        reply.text.shown()
    );
    assert!(reply.text.shown().contains("10 minutes"));
    let labels: Vec<&str> = reply.buttons.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(labels, ["Accept", "Decline", "Cancel"]);
    assert_eq!(reply.buttons[1].style, ButtonStyle::Decline);

    let accept = press(&reply.buttons[0].id);
    let text = f.refused(&carol(), HERE, accept.clone()).await;
    assert_eq!(text, "Only <@2> can answer this challenge.");
    let text = f.refused(&alice(), HERE, accept.clone()).await;
    assert!(text.contains("your own challenge"), "{text}");

    let started = f.one(&bob(), accept.clone()).await;
    assert!(!started.ephemeral);
    assert_eq!(started.pings, vec![1]);
    assert!(started
        .text
        .shown()
        .contains("<@1> (White) vs <@2> (Black), classic rules"));
    match &started.picture {
        Some(Picture::Board(view)) => assert_eq!(view.orientation(), Color::White),
        other => panic!("a board, not {other:?}"),
    }
    let text = f.refused(&bob(), HERE, accept).await;
    assert!(text.contains("answered or replaced already"), "{text}");
}

async fn challenges_that_cannot_be_made(backend: Backend) {
    let f = fixture(backend).await;
    let challenge = |opponent: Who, bot: bool| {
        Request::Challenge(ChallengeRequest {
            opponent: Some(opponent.player()),
            opponent_is_bot: bot,
            ..ChallengeRequest::default()
        })
    };
    let text = f.refused(&alice(), HERE, challenge(alice(), false)).await;
    assert!(text.contains("can't challenge yourself"));
    let text = f.refused(&alice(), HERE, challenge(bob(), true)).await;
    assert!(text.contains("Other bots don't play"), "{text}");
    let text = f
        .refused(&alice(), Place::Direct, challenge(bob(), false))
        .await;
    assert!(text.contains("server channels"));

    f.start(Ruleset::Classic, Options::default()).await;
    let text = f
        .refused(&carol(), HERE, challenge(moderator(), false))
        .await;
    assert!(text.contains("game in progress (<@1> vs <@2>)"), "{text}");
    // Another channel (or thread) is free.
    let replies = f
        .say(&carol(), ELSEWHERE, challenge(moderator(), false))
        .await;
    assert!(!replies[0].ephemeral);
}

async fn declined_expired_and_replaced_challenges(backend: Backend) {
    let f = fixture(backend).await;
    let first = f.challenge(Ruleset::Classic, Options::default()).await;
    let decline = press(&first.buttons[1].id);
    let reply = f.one(&bob(), decline.clone()).await;
    assert!(!reply.ephemeral);
    assert_eq!(reply.text.shown(), "<@2> declined the challenge of <@1>.");
    assert!(f.refused(&bob(), HERE, decline).await.contains("answered"));

    let second = f.challenge(Ruleset::Classic, Options::default()).await;
    f.now.fetch_add(601, Ordering::SeqCst);
    let accept = press(&second.buttons[0].id);
    let reply = f.one(&bob(), accept.clone()).await;
    assert!(!reply.ephemeral);
    assert!(reply.text.shown().starts_with("This challenge expired."));
    assert!(f.refused(&bob(), HERE, accept).await.contains("answered"));

    // Time runs out without a press: the scheduler closes it and edits its message.
    let timed = f.challenge(Ruleset::Classic, Options::default()).await;
    f.core
        .delivered(
            &timed,
            Some(Posted {
                channel: 20,
                message: 77,
            }),
        )
        .await;
    let later = f.now.fetch_add(601, Ordering::SeqCst) + 601;
    f.core.run_due(later).await.unwrap();
    let delivered = f.platform.delivered.lock().unwrap().clone();
    assert_eq!(delivered.len(), 1, "{delivered:?}");
    assert_eq!(
        delivered[0].0,
        Target::Edit {
            channel: 20,
            message: 77
        }
    );
    assert!(delivered[0]
        .1
        .text
        .shown()
        .starts_with("This challenge expired."));
    assert_eq!(f.core.run_due(later + 1000).await.unwrap(), 0);
    assert_eq!(f.platform.delivered.lock().unwrap().len(), 1);

    // A new challenge replaces an unanswered one.
    let third = f.challenge(Ruleset::Classic, Options::default()).await;
    let fourth = f.challenge(Ruleset::Kurnia, Options::default()).await;
    let stale = press(&third.buttons[0].id);
    assert!(f.refused(&bob(), HERE, stale).await.contains("replaced"));
    let fresh = press(&fourth.buttons[0].id);
    assert!(f
        .one(&bob(), fresh)
        .await
        .text
        .shown()
        .contains("kurnia rules"));
}

async fn a_random_colour_gives_each_player_one_side(backend: Backend) {
    let f = fixture(backend).await;
    let reply = f
        .one(
            &alice(),
            Request::Challenge(ChallengeRequest {
                opponent: Some(bob().player()),
                colour: Some(ColourChoice::Random),
                ..ChallengeRequest::default()
            }),
        )
        .await;
    assert!(reply.text.shown().contains("a colour drawn at random"));
    f.one(&bob(), press(&reply.buttons[0].id)).await;
    let row = f.row().await;
    let mut ids = [row.players[0].id, row.players[1].id];
    ids.sort();
    assert_eq!(ids, [1, 2]);
}

async fn turns_are_announced_with_the_board_and_the_next_player(backend: Backend) {
    let f = fixture(backend).await;
    f.start(Ruleset::Classic, Options::default()).await;
    let reply = f.one(&alice(), mv("Kd2")).await;
    assert!(!reply.ephemeral);
    assert_eq!(
        reply.text.shown(),
        "<@1> (White) played **Kd2**. Black to move: <@2>."
    );
    assert_eq!(reply.pings, vec![2]);
    match &reply.picture {
        Some(Picture::Board(view)) => {
            let view = csipgs_view(view);
            assert_eq!(view.orientation, Color::Black);
            assert_eq!(view.last_action.len(), 2);
            assert_eq!(view.players[0].name, "alice");
        }
        other => panic!("a board, not {other:?}"),
    }
}

async fn the_sample_opening_through_every_action_command(backend: Backend) {
    let f = fixture(backend).await;
    f.start(Ruleset::Classic, Options::default()).await;
    let redesign = |s: &str| Some(s.to_string());
    let steps: Vec<(Who, Request)> = vec![
        (
            alice(),
            Request::Move {
                text: "Kd2".into(),
                redesign: redesign("B=WD"),
            },
        ),
        (bob(), mv("Kd7")),
        (alice(), mv("Kd3")),
        (
            bob(),
            Request::Move {
                text: "Kd6".into(),
                redesign: redesign("B=fbDbcA"),
            },
        ),
        (
            alice(),
            Request::Buy {
                design: "WD".into(),
                redesign: None,
            },
        ),
        (
            bob(),
            Request::Buy {
                design: "fbDbcA".into(),
                redesign: None,
            },
        ),
        (
            alice(),
            Request::Transfer {
                piece: "(WD)".into(),
                square: "d4".into(),
                redesign: None,
            },
        ),
    ];
    for (who, request) in steps {
        let reply = f.one(&who, request).await;
        assert!(!reply.ephemeral, "{}", reply.text.shown());
    }
    let row = f.row().await;
    assert_eq!(row.game.last_turn().unwrap().1, "(WD)@d4+");
    let check = f.one(&bob(), mv("Ke6")).await;
    assert!(check.text.shown().contains("played **Ke6**"));
    let row = f.row().await;
    assert_eq!(
        row.game.csipgs().unwrap().position().to_string(),
        "8/8/4k3/8/3(WD)4/3K4/8/8 w 1/2 -/fbDbcA P,N,WD,R,Q,K/P,N,fbDbcA,R,Q,K 9"
    );
}

/// White walks up, buys a rook, drops it and mates on h8 while Black shuffles.
pub(crate) const MATING_GAME: [&str; 17] = [
    "Ke2", "Kd8", "Ke3", "Ke8", "Ke4", "Kd8", "Ke5", "Ke8", "Ke6", "Kd8", "Buy R", "Ke8", "R@f5",
    "Kd8", "Rh5", "Ke8", "Rh8#",
];

async fn checkmate_ends_the_game_and_frees_the_channel(backend: Backend) {
    let f = fixture(backend).await;
    f.start(Ruleset::Classic, Options::default()).await;
    let players = [alice(), bob()];
    let mut last = Reply::default();
    for (i, turn) in MATING_GAME.iter().enumerate() {
        last = f.play(&players[i % 2], turn).await;
    }
    assert!(
        last.text
            .shown()
            .contains("**Game over: 1-0, White wins by checkmate.**"),
        "{}",
        last.text.shown()
    );
    assert!(last.pings.is_empty());
    // The mate is shown from the winner's side, not from the side that would move next.
    match &last.picture {
        Some(Picture::Board(view)) => assert_eq!(view.orientation(), Color::White),
        other => panic!("a board, not {other:?}"),
    }
    let row = f.row().await;
    assert_eq!(row.status, Status::Finished);
    let text = f.refused(&bob(), HERE, mv("Kd8")).await;
    assert!(text.contains("The game<Here> is over"), "{text}");
    // The finished game's record is still there.
    let history = f.one(&carol(), Request::History).await;
    assert!(history
        .text
        .shown()
        .contains("17 turns, 1-0, White wins by checkmate"));
    let record = String::from_utf8(history.files[0].bytes.clone()).unwrap();
    assert!(record.contains("[White \"alice\"]"));
    assert!(record.contains("17.Rh8# 1-0"), "{record}");
    let replay = engine::Game::replay(&record).unwrap();
    assert_eq!(replay.game.result(), row.game.result());
    // And a new game can start.
    f.start(Ruleset::Classic, Options::default()).await;
}

async fn only_players_act_and_only_on_their_turn(backend: Backend) {
    let f = fixture(backend).await;
    f.start(Ruleset::Classic, Options::default()).await;
    let text = f.refused(&carol(), HERE, mv("Kd2")).await;
    assert!(
        text.starts_with("Only <@1> and <@2> play in this game"),
        "{text}"
    );
    let text = f.refused(&bob(), HERE, mv("Kd7")).await;
    assert_eq!(text, "It is White's turn: wait for <@1> to move.");
    f.play(&alice(), "Kd2").await;
    let text = f.refused(&alice(), HERE, mv("Kd3")).await;
    assert_eq!(text, "It is Black's turn: wait for <@2> to move.");
    for request in [Request::Resign, Request::Draw] {
        assert!(f
            .refused(&carol(), HERE, request)
            .await
            .starts_with("Only <@1>"));
    }
}

async fn illegal_turns_explain_and_change_nothing(backend: Backend) {
    let f = fixture(backend).await;
    f.start(Ruleset::Classic, Options::default()).await;
    let cases = [
        (mv("Ke3"), "K can't reach e3 from e1"),
        (mv("Qd1"), "You have no Q on the board"),
        (
            Request::Buy {
                design: "N".into(),
                redesign: None,
            },
            "N costs 3, you have 1",
        ),
        (
            Request::Transfer {
                piece: "WD".into(),
                square: "e2".into(),
                redesign: None,
            },
            "You have no (WD) in reserve",
        ),
        (
            Request::Move {
                text: "Kd2".into(),
                redesign: Some("Z=WD".into()),
            },
            "You have no Z design to replace",
        ),
        (
            Request::Move {
                text: "Kd2".into(),
                redesign: Some("B=Z".into()),
            },
            "Z can't be designed",
        ),
        (
            Request::Turn {
                text: "hello".into(),
            },
            "'lo' is not a square",
        ),
    ];
    for (request, expected) in cases {
        let text = f.refused(&alice(), HERE, request).await;
        assert!(text.contains(expected), "{text}");
        assert!(text.ends_with('.'), "{text}");
    }
    assert_eq!(f.row().await.game.turns(), 0);
    assert_eq!(f.row().await.version, 0);
}

async fn game_commands_need_a_game_in_a_server_channel(backend: Backend) {
    let f = fixture(backend).await;
    for request in [
        mv("Kd2"),
        Request::Board { ply: None },
        Request::Game,
        Request::History,
        Request::Resign,
        Request::Draw,
        Request::Abort,
    ] {
        let text = f.refused(&alice(), HERE, request.clone()).await;
        assert_eq!(text, "There is no game<NoGame>.");
        let text = f.refused(&alice(), Place::Direct, request).await;
        assert!(text.starts_with("Games are played in server channels"));
    }
}

async fn resigning_ends_the_game(backend: Backend) {
    let f = fixture(backend).await;
    f.start(Ruleset::Classic, Options::default()).await;
    // Any time, not only on one's turn; after a confirmation only the asker sees.
    let ask = f.one(&bob(), Request::Resign).await;
    assert!(ask.ephemeral);
    let labels: Vec<&str> = ask.buttons.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(labels, ["Resign", "Keep playing"]);
    let keep = f.one(&bob(), press(&ask.buttons[1].id)).await;
    assert!(keep.ephemeral);
    assert_eq!(f.row().await.status, Status::Active);
    let text = f.refused(&carol(), HERE, press(&ask.buttons[0].id)).await;
    assert!(text.starts_with("Only <@1> and <@2> play"), "{text}");
    let reply = f.one(&bob(), press(&ask.buttons[0].id)).await;
    assert!(!reply.ephemeral);
    assert!(reply
        .text
        .shown()
        .contains("<@2> resigns. **Game over: 1-0, White wins by resignation.**"));
    assert!(reply.picture.is_some());
    assert_eq!(f.row().await.status, Status::Finished);
}

async fn draws_are_offered_then_accepted_in_classic_only(backend: Backend) {
    let f = fixture(backend).await;
    f.start(Ruleset::Classic, Options::default()).await;
    let offer = f.one(&alice(), Request::Draw).await;
    assert!(!offer.ephemeral);
    assert_eq!(offer.pings, vec![2]);
    assert!(offer.text.shown().contains("<@1> offers a draw"));
    let text = f.refused(&alice(), HERE, Request::Draw).await;
    assert!(text.contains("You offered a draw already"));
    let status = f.one(&carol(), Request::Game).await;
    assert!(
        status.text.shown().contains("White offers a draw"),
        "{}",
        status.text.shown()
    );
    // A turn declines it.
    f.play(&alice(), "Kd2").await;
    assert_eq!(f.row().await.draw_offer, None);
    f.one(&bob(), Request::Draw).await;
    let accepted = f.one(&alice(), Request::Draw).await;
    assert!(accepted
        .text
        .shown()
        .contains("1/2-1/2, drawn by agreement"));
    assert_eq!(f.row().await.status, Status::Finished);

    f.start(Ruleset::Kurnia, Options::default()).await;
    let text = f.refused(&alice(), HERE, Request::Draw).await;
    assert_eq!(text, "Agreeing to a draw is illegal in this ruleset.");
}

async fn who_may_abort(backend: Backend) {
    let f = fixture(backend).await;
    f.start(Ruleset::Classic, Options::default()).await;
    let text = f.refused(&carol(), HERE, Request::Abort).await;
    assert!(text.contains("Manage Messages"));
    f.play(&alice(), "Kd2").await;
    // Black has not moved yet: still abortable by a player.
    let reply = f.one(&bob(), Request::Abort).await;
    assert!(reply.text.shown().contains("aborted the game"));
    assert_eq!(f.row().await.status, Status::Aborted);

    f.start(Ruleset::Classic, Options::default()).await;
    f.play(&alice(), "Kd2").await;
    f.play(&bob(), "Kd7").await;
    let text = f.refused(&alice(), HERE, Request::Abort).await;
    assert!(text.starts_with("Players can abort only before each has moved"));
    let reply = f.one(&moderator(), Request::Abort).await;
    assert!(!reply.ephemeral);
    let history = f.one(&alice(), Request::History).await;
    assert!(
        history.text.shown().contains("aborted"),
        "{}",
        history.text.shown()
    );
}

async fn estimate_bidding_prices_a_new_atom(backend: Backend) {
    let f = fixture(backend).await;
    f.start(Ruleset::Classic, Options::default()).await;
    let propose = |estimate: &str| Request::Propose {
        kind: ProposalKind::Atom,
        name: "zebra".into(),
        notation: "Z".into(),
        estimate: estimate.into(),
    };
    let text = f.refused(&alice(), HERE, propose("3")).await;
    assert!(text.starts_with("Proposals are off"), "{text}");
    f.one(&moderator(), Request::Abort).await;

    f.start(Ruleset::Kurnia, Options::default()).await;
    for (estimate, expected) in [("lots", "not an estimate"), ("0", "more than 0")] {
        let text = f.refused(&alice(), HERE, propose(estimate)).await;
        assert!(text.contains(expected), "{text}");
    }
    let text = f
        .refused(
            &alice(),
            HERE,
            Request::Propose {
                kind: ProposalKind::Atom,
                name: "wazir".into(),
                notation: "W".into(),
                estimate: "1".into(),
            },
        )
        .await;
    assert!(text.contains("already has a price"), "{text}");

    let replies = f.say(&alice(), HERE, propose("3")).await;
    assert_eq!(replies.len(), 2);
    assert!(replies[0].ephemeral);
    assert!(replies[0].text.shown().contains("is 3"));
    assert!(!replies[1].ephemeral);
    assert!(
        !replies[1].text.shown().contains(" 3"),
        "{}",
        replies[1].text.shown()
    );
    assert_eq!(replies[1].pings, vec![2]);
    let text = f.refused(&bob(), HERE, propose("2")).await;
    assert!(text.contains("being bid on already"), "{text}");

    let status = f.one(&carol(), Request::Game).await;
    assert!(status
        .text
        .shown()
        .contains("Open proposal #1: atom zebra (Z), waiting for Black's estimate"));
    let estimate = |who_value: &str, id: i64| Request::Estimate {
        proposal: id,
        value: who_value.into(),
    };
    let text = f.refused(&alice(), HERE, estimate("5", 1)).await;
    assert!(text.contains("gave your estimate for this proposal already"));
    let text = f.refused(&bob(), HERE, estimate("5", 9)).await;
    assert!(text.contains("no open proposal #9"));
    let text = f.refused(&carol(), HERE, estimate("5", 1)).await;
    assert!(text.starts_with("Only <@1>"));

    let done = f.one(&bob(), estimate("4.5", 1)).await;
    assert!(!done.ephemeral);
    assert!(
        done.text
            .shown()
            .contains("<@1> (White) 3, <@2> (Black) 4.5"),
        "{}",
        done.text.shown()
    );
    assert!(done.text.shown().contains("Z costs 4.5"));
    // The zebra now has a price in this game, and only here.
    let price = f
        .one(
            &carol(),
            Request::Price {
                design: "Z".into(),
                ruleset: None,
            },
        )
        .await;
    assert!(
        price.text.shown().contains("Z costs 5 zorkmids"),
        "{}",
        price.text.shown()
    );
    let elsewhere = f
        .refused(
            &carol(),
            Place::Direct,
            Request::Price {
                design: "Z".into(),
                ruleset: None,
            },
        )
        .await;
    assert!(elsewhere.contains("has no price"));
    let status = f.one(&carol(), Request::Game).await;
    assert!(status
        .text
        .shown()
        .contains("Proposed atom zebra (Z) costs 4.5"));

    // A modifier.
    let replies = f
        .say(
            &bob(),
            HERE,
            Request::Propose {
                kind: ProposalKind::Modifier,
                name: "runner".into(),
                notation: "runner".into(),
                estimate: "5".into(),
            },
        )
        .await;
    assert_eq!(replies.len(), 2);
    let done = f.one(&alice(), estimate("4", 2)).await;
    assert!(
        done.text
            .shown()
            .contains("the runner modifier multiplies by 5"),
        "{}",
        done.text.shown()
    );
    let text = f
        .refused(
            &bob(),
            HERE,
            Request::Propose {
                kind: ProposalKind::Modifier,
                name: "x".into(),
                notation: "flying".into(),
                estimate: "5".into(),
            },
        )
        .await;
    assert!(text.starts_with("Unknown modifier"), "{text}");
}

async fn prices_anywhere_with_a_diagram(backend: Backend) {
    let f = fixture(backend).await;
    let price = |design: &str, ruleset| Request::Price {
        design: design.into(),
        ruleset,
    };
    let replies = f
        .say(&carol(), Place::Direct, price("WbRbmHfB", None))
        .await;
    assert!(!replies[0].ephemeral);
    assert!(matches!(replies[0].picture, Some(Picture::Design { .. })));
    let reply = f
        .say(
            &carol(),
            Place::Direct,
            price("fcFfmW", Some(Ruleset::Progressive)),
        )
        .await;
    assert!(
        reply[0].text.shown().contains("costs 1 zorkmid"),
        "{}",
        reply[0].text.shown()
    );
    let text = f.refused(&carol(), Place::Direct, price("Wx", None)).await;
    assert!(text.starts_with("'Wx' is not a design"), "{text}");
    // In a progressive game's channel, its table applies.
    f.start(Ruleset::Progressive, Options::default()).await;
    let reply = f.one(&carol(), price("fcFfmW", None)).await;
    assert!(
        reply.text.shown().contains("costs 1 zorkmid"),
        "{}",
        reply.text.shown()
    );
    let reply = f
        .one(&carol(), price("fcFfmW", Some(Ruleset::Classic)))
        .await;
    assert!(
        reply.text.shown().contains("costs 2 zorkmids"),
        "{}",
        reply.text.shown()
    );
}

async fn board_game_history_help_and_rules(backend: Backend) {
    let f = fixture(backend).await;
    f.start(
        Ruleset::Classic,
        Options {
            power: true,
            ..Options::default()
        },
    )
    .await;
    f.play(&alice(), "Kd2").await;
    for (who, side) in [
        (bob(), Color::Black),
        (alice(), Color::White),
        (carol(), Color::White),
    ] {
        let reply = f.one(&who, Request::Board { ply: None }).await;
        assert!(!reply.ephemeral);
        assert!(
            reply
                .text
                .shown()
                .contains("turn 2: Black to move. Last: 1.Kd2"),
            "{}",
            reply.text.shown()
        );
        match reply.picture {
            Some(Picture::Board(view)) => assert_eq!(view.orientation(), side),
            other => panic!("a board, not {other:?}"),
        }
    }
    let status = f.one(&carol(), Request::Game).await;
    assert!(
        status.text.shown().contains("classic rules with power"),
        "{}",
        status.text.shown()
    );
    assert!(status.text.shown().contains("Turn 2: Black to move (<@2>)"));
    assert!(status
        .text
        .shown()
        .contains("White: 1 zorkmid; reserve empty; designs P 2, N 3, B 3, R 5, Q 9, K 12."));
    assert!(status.pings.is_empty());
    let history = f.one(&carol(), Request::History).await;
    assert!(history.text.shown().contains("1 turns, in progress"));
    assert_eq!(history.files[0].name, "csipgs-game-1.txt");
    let help = f.one(&carol(), Request::Help).await;
    assert!(help.ephemeral);
    assert!(help
        .text
        .shown()
        .contains("`/move move [redesign]`: Move a piece on the board, such as Kd2 or (WD)xe5"));
    let rules = f.one(&carol(), Request::Rules).await;
    assert!(rules.text.shown().contains("zorkmid"));
}

async fn two_simultaneous_turns_apply_exactly_once(backend: Backend) {
    let f = fixture(backend).await;
    f.start(Ruleset::Classic, Options::default()).await;
    let a = alice();
    let (one, two) = tokio::join!(
        f.core.handle(&a, HERE, mv("Kd2")),
        f.core.handle(&a, HERE, mv("Kf2"))
    );
    let public = [&one[0], &two[0]].iter().filter(|r| !r.ephemeral).count();
    assert_eq!(public, 1, "{one:?} {two:?}");
    let row = f.row().await;
    assert_eq!(row.game.turns(), 1);
    assert_eq!(row.version, 1);
}

async fn a_stale_save_is_refused(backend: Backend) {
    let f = fixture(backend).await;
    f.start(Ruleset::Classic, Options::default()).await;
    let mut first = f.row().await;
    let mut second = first.clone();
    first.game.play_text("Kd2").unwrap();
    second.game.play_text("Kf2").unwrap();
    f.core
        .store()
        .save_game(&first, Some(1), &[], None, 5)
        .await
        .unwrap();
    let stale = f
        .core
        .store()
        .save_game(&second, Some(1), &[], None, 5)
        .await;
    assert!(matches!(stale, Err(StoreError::Conflict)), "{stale:?}");
    assert_eq!(f.row().await.game.last_turn().unwrap().1, "Kd2");
}

async fn a_reopened_database_resumes_the_game(backend: Backend) {
    let url = backend.fresh();
    {
        let f = fixture_with(Store::open(&url).await.unwrap()).await;
        f.start(Ruleset::Classic, Options::default()).await;
        f.play(&alice(), "Kd2; B=WD").await;
        f.core.store().close().await;
    }
    let f = fixture_with(Store::open(&url).await.unwrap()).await;
    let row = f.row().await;
    assert_eq!(row.game.turns(), 1);
    assert_eq!(row.status, Status::Active);
    f.play(&bob(), "Kd7").await;
    assert_eq!(
        f.row().await.game.csipgs().unwrap().position().to_string(),
        "8/3k4/8/8/8/8/3K4/8 w 1/1 -/- P,N,WD,R,Q,K/P,N,B,R,Q,K 3"
    );
    f.core.store().close().await;
    if let DatabaseUrl::Sqlite(path) = url {
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }
}

async fn autocomplete_suggests_what_is_legal(backend: Backend) {
    let f = fixture(backend).await;
    let none = f.core.complete(&alice(), HERE, Field::Move, "").await;
    assert!(none.is_empty());
    f.start(Ruleset::Classic, Options::default()).await;
    let values =
        |choices: Vec<Choice>| -> Vec<String> { choices.into_iter().map(|c| c.value).collect() };
    let moves = values(f.core.complete(&alice(), HERE, Field::Move, "").await);
    assert_eq!(moves, ["Kd1", "Kd2", "Ke2", "Kf1", "Kf2"]);
    let moves = values(f.core.complete(&alice(), HERE, Field::Move, "f").await);
    assert_eq!(moves, ["Kf1", "Kf2"]);
    let slots = values(f.core.complete(&alice(), HERE, Field::Redesign, "").await);
    assert_eq!(
        slots,
        [
            "open the design builder",
            "P=",
            "N=",
            "B=",
            "R=",
            "Q=",
            "K="
        ]
    );
    let slot = values(f.core.complete(&alice(), HERE, Field::Redesign, "Q=").await);
    assert_eq!(slot[0], "Q=open the design builder");
    // Outside a game too: /design and /price suggest named pieces with their prices.
    let named = f
        .core
        .complete(&alice(), Place::Direct, Field::Design, "chanc")
        .await;
    assert_eq!(named[0].value, "RN");
    assert!(
        named
            .iter()
            .any(|c| c.value == "RN" && c.label.starts_with("RN: the chancellor, costs")),
        "{named:?}"
    );
    let priced = f
        .core
        .complete(&alice(), HERE, Field::Redesign, "B=WD")
        .await;
    assert_eq!(priced[0].value, "B=WD");
    assert!(
        priced[0].label.contains("WD would cost 3"),
        "{}",
        priced[0].label
    );
    // Named pieces, by name, with their notation and price under the game's ruleset.
    let named = f
        .core
        .complete(&alice(), HERE, Field::Redesign, "N=amaz")
        .await;
    let amazon = named
        .iter()
        .find(|c| c.value == "N=QN")
        .expect("the amazon");
    let cost = engine::price(
        &engine::Design::parse("QN").unwrap(),
        Ruleset::Classic.price_table(),
        &Default::default(),
    )
    .unwrap()
    .cost;
    assert_eq!(amazon.label, format!("N=QN: the amazon, would cost {cost}"));
    let all = values(f.core.complete(&alice(), HERE, Field::Redesign, "N=").await);
    assert!(all.contains(&"N=BN".to_string()), "{all:?}");
    let bad = f
        .core
        .complete(&alice(), HERE, Field::Redesign, "B=Wx")
        .await;
    assert!(
        bad[0].label.contains("not part of the notation"),
        "{}",
        bad[0].label
    );

    let players = [alice(), bob()];
    for (i, turn) in ["Kd2", "Kd7", "Kd3", "Kd6"].iter().enumerate() {
        f.play(&players[i % 2], turn).await;
    }
    let buys = f.core.complete(&alice(), HERE, Field::Buy, "").await;
    assert_eq!(values(buys.clone()), ["P", "N", "B"]);
    assert_eq!(buys[1].label, "N: 3 zorkmids (you will have 3)");
    f.play(&alice(), "Buy N").await;
    f.play(&bob(), "Kd7").await;
    let pieces = f
        .core
        .complete(&alice(), HERE, Field::TransferPiece, "")
        .await;
    assert_eq!(pieces[0].value, "N");
    assert_eq!(pieces[0].label, "N (1 in reserve)");
    let squares = values(
        f.core
            .complete(&alice(), HERE, Field::TransferSquare, "c")
            .await,
    );
    assert_eq!(squares, ["c2", "c3", "c4"]);

    f.one(&moderator(), Request::Abort).await;
    f.start(Ruleset::Kurnia, Options::default()).await;
    f.say(
        &alice(),
        HERE,
        Request::Propose {
            kind: ProposalKind::Atom,
            name: "zebra".into(),
            notation: "Z".into(),
            estimate: "3".into(),
        },
    )
    .await;
    let open = f.core.complete(&bob(), HERE, Field::Proposal, "").await;
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].label, format!("#{} zebra (atom Z)", open[0].value));
    assert!(f
        .core
        .complete(&alice(), HERE, Field::Proposal, "")
        .await
        .is_empty());
}

/// A csipgs board's own view, or a panic naming the family it showed.
fn csipgs_view(view: &render::BoardView) -> &render::CsipgsBoardView {
    match view {
        render::BoardView::Csipgs(view) => view,
        other => panic!("a csipgs board, not {other:?}"),
    }
}

/// A FIDE-family board's own view, or a panic naming the family it showed.
fn fide_view(view: &render::BoardView) -> &render::FideBoardView {
    match view {
        render::BoardView::Fide(view) => view,
        other => panic!("a fide board, not {other:?}"),
    }
}

mod hardening;

on_both!(
    a_challenge_has_buttons_for_the_challenged_member,
    challenges_that_cannot_be_made,
    declined_expired_and_replaced_challenges,
    a_random_colour_gives_each_player_one_side,
    turns_are_announced_with_the_board_and_the_next_player,
    the_sample_opening_through_every_action_command,
    checkmate_ends_the_game_and_frees_the_channel,
    only_players_act_and_only_on_their_turn,
    illegal_turns_explain_and_change_nothing,
    game_commands_need_a_game_in_a_server_channel,
    resigning_ends_the_game,
    draws_are_offered_then_accepted_in_classic_only,
    who_may_abort,
    estimate_bidding_prices_a_new_atom,
    prices_anywhere_with_a_diagram,
    board_game_history_help_and_rules,
    two_simultaneous_turns_apply_exactly_once,
    a_stale_save_is_refused,
    a_reopened_database_resumes_the_game,
    autocomplete_suggests_what_is_legal,
);

mod processes;

mod clocks;

mod computer;

mod fide;

mod fog;

mod tournaments;

mod health;
mod ids;
mod outage;
mod play_page;
mod privacy;
mod quotas;

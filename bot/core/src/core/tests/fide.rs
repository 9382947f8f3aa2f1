//! FIDE-family games through the same core: a challenge with variants, moves in SAN, a
//! refused move that changes nothing, mate, agreed draws, flag falls, a rating pool of its
//! own, a tournament round and the PGN record, on both databases.

use super::*;
use crate::family::{Family, GameState};
use crate::store::{TournamentFormat, TournamentStatus};
use engine::EndReason;

/// Checkmate in three moves under warhead and stungun: the queen's approach stuns the king,
/// which can't take it back.
const MATE: [&str; 5] = ["e3", "a6", "Qh5", "a5", "Qxf7#"];

fn fide(variants: Option<&str>) -> ChallengeRequest {
    ChallengeRequest {
        opponent: Some(bob().player()),
        colour: Some(ColourChoice::White),
        game: GameSpec {
            family: Some(Family::Fide),
            variants: variants.map(str::to_string),
            ..GameSpec::default()
        },
        ..ChallengeRequest::default()
    }
}

impl Fixture {
    /// Alice (White) and Bob start a fide game under `variants`, with `time` if given.
    async fn start_fide(&self, variants: &str, time: Option<&str>) {
        let challenge = self
            .one(
                &alice(),
                Request::Challenge(ChallengeRequest {
                    game: GameSpec {
                        time: time.map(str::to_string),
                        ..fide(Some(variants)).game
                    },
                    ..fide(Some(variants))
                }),
            )
            .await;
        assert!(!challenge.ephemeral, "{}", challenge.text.shown());
        let reply = self.one(&bob(), press(&challenge.buttons[0].id)).await;
        assert!(
            reply.text.shown().starts_with("Game on!"),
            "{}",
            reply.text.shown()
        );
        assert!(
            matches!(&reply.picture, Some(Picture::Board(view)) if fide_view(view).fullmove > 0),
            "{:?}",
            reply.picture
        );
    }

    /// Play moves in turn as /move, Alice White and Bob Black.
    async fn moves(&self, moves: &[&str]) -> Reply {
        let mut last = None;
        for text in moves {
            let who = match self.row().await.game.to_move() {
                Color::White => alice(),
                Color::Black => bob(),
            };
            let reply = self.one(&who, mv(text)).await;
            assert!(!reply.ephemeral, "{text}: {}", reply.text.shown());
            last = Some(reply);
        }
        last.expect("a move")
    }
}

async fn a_fide_game_with_variants_is_played_to_mate(backend: Backend) {
    let f = fixture(backend).await;
    let challenge = f
        .one(&alice(), Request::Challenge(fide(Some("warhead, stungun"))))
        .await;
    assert!(
        challenge
            .text
            .shown()
            .contains("challenges you to a game of chess, FIDE chess with warhead, stungun"),
        "{}",
        challenge.text.shown()
    );
    let started = f.one(&bob(), press(&challenge.buttons[0].id)).await;
    assert!(
        started.text.shown().contains("/move in SAN"),
        "{}",
        started.text.shown()
    );

    let first = f.one(&alice(), mv("e3")).await;
    assert!(
        first
            .text
            .shown()
            .contains("<@1> (White) played **e3**. Black to move: <@2>."),
        "{}",
        first.text.shown()
    );
    match &first.picture {
        Some(Picture::Board(view)) => {
            let view = fide_view(view);
            assert_eq!(view.orientation, Color::Black);
            assert!(
                view.variants.iter().any(|v| v.contains("warhead")),
                "{view:?}"
            );
        }
        other => panic!("a fide board, not {other:?}"),
    }

    // A move the position doesn't allow is refused, and nothing changes.
    let before = f.row().await;
    let text = f.refused(&bob(), HERE, mv("Qh4")).await;
    assert!(
        text.starts_with("Qh4 is not a legal move in this position; "),
        "{text}"
    );
    let text = f.refused(&bob(), HERE, mv("e5")).await;
    assert!(text.contains("not a legal move"), "{text}");
    let text = f
        .refused(
            &bob(),
            HERE,
            Request::Buy {
                design: "N".into(),
                redesign: None,
            },
        )
        .await;
    assert!(text.contains("/buy is a csipgs command"), "{text}");
    let after = f.row().await;
    assert_eq!(
        (
            after.version,
            after.game.turns(),
            after.game.position_text()
        ),
        (
            before.version,
            before.game.turns(),
            before.game.position_text()
        )
    );

    let mate = f.moves(&MATE[1..]).await;
    assert!(
        mate.text.shown().contains("played **Qxf7#**")
            && mate.text.shown().contains("1-0, White wins by checkmate"),
        "{}",
        mate.text.shown()
    );
    let row = f.row().await;
    assert_eq!(row.status, Status::Finished);
    assert_eq!(row.game.family(), Family::Fide);
    let outcome = row.game.result().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::White), EndReason::Checkmate)
    );

    // The record is PGN with the players, the date, the event and the variants.
    let history = f.one(&carol(), Request::History).await;
    let file = &history.files[0];
    assert!(file.name.ends_with(".pgn"), "{}", file.name);
    let pgn = String::from_utf8(file.bytes.clone()).unwrap();
    for tag in [
        "[Event \"Rated game\"]",
        "[Date \"1970.01.12\"]",
        "[White \"alice\"]",
        "[Black \"bob\"]",
        "[Result \"1-0\"]",
        "[Variant \"warhead,stungun\"]",
    ] {
        assert!(pgn.contains(tag), "{tag} in {pgn}");
    }
    assert!(pgn.contains("1. e3 a6 2. Qh5 a5 3. Qxf7# 1-0"), "{pgn}");

    let replay = f.one(&carol(), Request::Replay).await;
    assert!(matches!(replay.picture, Some(Picture::Animation { .. })));
    let board = f.one(&carol(), Request::Board { ply: Some(2) }).await;
    assert!(matches!(&board.picture, Some(Picture::Board(view)) if fide_view(view).fullmove > 0));
}

async fn options_of_the_other_game_are_refused(backend: Backend) {
    let f = fixture(backend).await;
    let refusals = [
        (
            ChallengeRequest {
                game: GameSpec {
                    options: options(&[("fog", Some(true))]),
                    ..fide(None).game
                },
                ..fide(None)
            },
            "Fog is an option of csipgs games",
        ),
        (
            ChallengeRequest {
                game: GameSpec {
                    family: None,
                    ..fide(Some("warhead")).game
                },
                ..fide(Some("warhead"))
            },
            "Variants are for fide games",
        ),
        (
            fide(Some("warhead,trident")),
            "Warhead and trident are alternatives",
        ),
        (
            fide(Some("wurhead")),
            "There is no modest variant called 'wurhead'",
        ),
    ];
    for (request, words) in refusals {
        let text = f.refused(&alice(), HERE, Request::Challenge(request)).await;
        assert!(text.starts_with(words), "{text}");
    }
    // Nothing was stored.
    assert!(f
        .core
        .store()
        .latest_game(CHANNEL_HERE)
        .await
        .unwrap()
        .is_none());
}

const CHANNEL_HERE: Channel = Channel {
    guild: 10,
    channel: 20,
};

async fn draws_flags_and_rating_pools(backend: Backend) {
    let f = fixture(backend).await;
    f.start_fide("none", None).await;
    f.moves(&["e4", "e5"]).await;
    let offer = f.one(&alice(), Request::Draw).await;
    assert!(
        offer.text.shown().contains("offers a draw"),
        "{}",
        offer.text.shown()
    );
    let done = f.one(&bob(), Request::Draw).await;
    assert!(
        done.text.shown().contains("1/2-1/2, drawn by agreement"),
        "{}",
        done.text.shown()
    );
    assert!(
        done.text.shown().contains("Ratings:"),
        "{}",
        done.text.shown()
    );
    let row = f.row().await;
    assert_eq!(row.game.result().unwrap().reason, EndReason::DrawAgreed);

    // The draw moved the fide pool only.
    let store = f.core.store();
    let fide_rating = store.rating(10, 1, Family::Fide).await.unwrap().unwrap();
    assert_eq!((fide_rating.games, fide_rating.draws), (1, 1));
    assert!(store.rating(10, 1, Family::Csipgs).await.unwrap().is_none());

    // A flag falls in the next game; a csipgs game then rates the other pool.
    f.start_fide("warhead,stungun", Some("1m+0s")).await;
    f.moves(&["e3"]).await;
    let t = f.now.fetch_add(61, Ordering::SeqCst) + 61;
    f.core.run_due(t).await.unwrap();
    let row = f.row().await;
    assert_eq!(row.status, Status::Finished);
    let outcome = row.game.result().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::White), EndReason::Timeout)
    );
    let fide_rating = store.rating(10, 1, Family::Fide).await.unwrap().unwrap();
    assert_eq!((fide_rating.games, fide_rating.wins), (2, 1));

    f.start(Ruleset::Classic, Options::default()).await;
    let resign = f.one(&bob(), Request::Resign).await;
    f.one(&bob(), press(&resign.buttons[0].id)).await;
    let csipgs = store.rating(10, 1, Family::Csipgs).await.unwrap().unwrap();
    assert_eq!((csipgs.games, csipgs.wins), (1, 1));
    let fide_again = store.rating(10, 1, Family::Fide).await.unwrap().unwrap();
    assert_eq!(fide_again, fide_rating);

    let both = f
        .one(
            &carol(),
            Request::Rating {
                member: Some(alice().player()),
                game: None,
            },
        )
        .await;
    assert!(
        both.text.shown().contains("fide chess: "),
        "{}",
        both.text.shown()
    );
    let board = f
        .one(
            &carol(),
            Request::Leaderboard {
                game: Some(Family::Fide),
            },
        )
        .await;
    assert!(
        board.text.shown().contains("Leaderboard (fide)"),
        "{}",
        board.text.shown()
    );
    let text = f
        .refused(
            &carol(),
            HERE,
            Request::Rating {
                member: None,
                game: Some(Family::Fide),
            },
        )
        .await;
    assert!(text.contains("no rated fide game"), "{text}");
}

async fn a_fide_tournament_round(backend: Backend) {
    let f = fixture_on(
        backend.store().await,
        Recorder {
            threads: true,
            ..Recorder::default()
        },
    )
    .await;
    let reply = f
        .one(
            &alice(),
            Request::Tournament(TournamentRequest::Create(TournamentSpec {
                game: GameSpec {
                    family: Some(Family::Fide),
                    variants: Some("stungun".into()),
                    ..GameSpec::default()
                },
                name: "Modest Cup".into(),
                format: Some(TournamentFormat::RoundRobin),
                ..TournamentSpec::default()
            })),
        )
        .await;
    assert!(
        reply.text.shown().contains("FIDE chess with stungun"),
        "{}",
        reply.text.shown()
    );
    let members = [alice(), bob(), carol()];
    for m in &members {
        let joined = f
            .one(
                m,
                Request::Tournament(TournamentRequest::Join { tournament: None }),
            )
            .await;
        assert!(!joined.ephemeral, "{}", joined.text.shown());
    }
    let started = f
        .one(
            &alice(),
            Request::Director(DirectorRequest::Start {
                tournament: None,
                rounds: None,
            }),
        )
        .await;
    assert!(!started.ephemeral, "{}", started.text.shown());
    let now = f.now.load(Ordering::SeqCst);
    for _ in 0..3 {
        f.core.run_due(now).await.unwrap();
    }
    let id = f
        .core
        .store()
        .channel_tournament(CHANNEL_HERE)
        .await
        .unwrap()
        .unwrap();
    let state = f.core.store().tournament(id).await.unwrap().unwrap();
    assert_eq!(state.row.status, TournamentStatus::Running);
    let board = &state.boards[0];
    let (row, thread) = f
        .core
        .store()
        .game_with_channel(board.game.unwrap())
        .await
        .unwrap()
        .unwrap();
    assert!(
        matches!(&row.game, GameState::Fide(g) if g.variants().to_string() == "stungun"),
        "{:?}",
        row.game
    );
    let place = Place::Thread {
        thread: Channel {
            guild: 10,
            channel: thread,
        },
        parent: None,
    };
    let who = |id: u64| members.iter().find(|m| m.id == id).unwrap().clone();
    let (white, black) = (who(board.white), who(board.black));
    let played = f.say(&white, place, mv("Nf3")).await;
    assert!(
        played[0].text.shown().contains("played **Nf3**"),
        "{}",
        played[0].text.shown()
    );
    let ask = f.say(&black, place, Request::Resign).await;
    f.say(&black, place, press(&ask[0].buttons[0].id)).await;
    let state = f.core.store().tournament(id).await.unwrap().unwrap();
    assert!(state.boards[0].result.is_some(), "{:?}", state.boards[0]);
    // Its rating is the fide pool's.
    let rated = f
        .core
        .store()
        .rating(10, white.id, Family::Fide)
        .await
        .unwrap();
    assert!(rated.is_some());
}

/// A finished game's public pictures show the winner's side at the bottom, whoever asks:
/// here Black mates, so White (the loser) sees it from Black's side too.
async fn a_mate_is_drawn_from_the_winners_side(backend: Backend) {
    let f = fixture(backend).await;
    f.start_fide("none", None).await;
    let mate = f.moves(&["f3", "e5", "g4", "Qh4#"]).await;
    assert!(
        mate.text.shown().contains("0-1, Black wins by checkmate"),
        "{}",
        mate.text.shown()
    );
    let side = |reply: &Reply| match &reply.picture {
        Some(Picture::Board(view)) => fide_view(view).orientation,
        other => panic!("a fide board, not {other:?}"),
    };
    assert_eq!(side(&mate), Color::Black);
    for who in [alice(), bob(), carol()] {
        let board = f.one(&who, Request::Board { ply: None }).await;
        assert_eq!(side(&board), Color::Black, "{}", board.text.shown());
    }
    // An earlier position is not the result: it stays the asker's way up.
    let early = f.one(&alice(), Request::Board { ply: Some(2) }).await;
    assert_eq!(side(&early), Color::White);
}

on_both!(
    a_mate_is_drawn_from_the_winners_side,
    a_fide_game_with_variants_is_played_to_mate,
    options_of_the_other_game_are_refused,
    draws_flags_and_rating_pools,
    a_fide_tournament_round,
);

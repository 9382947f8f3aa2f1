//! Tournaments from sign-up to final standings, on the fake clock and both databases: round
//! robins and a Swiss played out in their threads (resignations, draws, losses on time,
//! organisers' results), a restart between a round's end and the next pairing, the TRF
//! export paired again as the bot paired, and bad input refused without changing anything.

use super::*;
use crate::store::{BoardResult, TournamentFormat, TournamentState, TournamentStatus};
use league::model::{Pairings, PlayerNo};
use league::{dutch, trf};

const HOUR: i64 = 3600;
const DAY: i64 = 24 * HOUR;

fn erin() -> Who {
    member(6, "erin")
}

fn frank() -> Who {
    member(7, "frank")
}

fn manager() -> Who {
    Who {
        manager: true,
        ..member(8, "owner")
    }
}

async fn tournament_fixture(backend: Backend) -> Fixture {
    fixture_on(backend.store().await, threads()).await
}

impl Fixture {
    /// A round's pairings as the bot stored them, in pairing numbers.
    fn pairings(state: &TournamentState, round: u16) -> Pairings {
        let number = |user: u64| {
            let p = state.players.iter().find(|p| p.player.id == user).unwrap();
            PlayerNo(p.number.unwrap())
        };
        Pairings {
            games: state
                .boards
                .iter()
                .filter(|b| b.round == round)
                .map(|b| (number(b.white), number(b.black)))
                .collect(),
            bye: state
                .byes
                .iter()
                .find(|b| b.round == round && b.kind == league::model::Bye::Pairing)
                .map(|b| number(b.user)),
        }
    }

    /// What `csipgs pair` makes of the tournament's TRF export: the next round's pairings.
    async fn pair_export(&self, id: i64) -> Pairings {
        let reply = self
            .one(
                &carol(),
                Request::Tournament(TournamentRequest::Export {
                    tournament: Some(id),
                }),
            )
            .await;
        let text = String::from_utf8(reply.files[0].bytes.clone()).unwrap();
        let exported = trf::read(&text).unwrap().tournament().unwrap();
        dutch::pair(&exported, dutch::next_round(&exported)).unwrap()
    }
}

/// Four players, round by round on a live clock: Berger pairings, a thread per game, every
/// round's pairings posted once, the final standings with the winner.
async fn a_round_robin_is_played_to_the_end(backend: Backend) {
    let f = tournament_fixture(backend).await;
    let members = [alice(), bob(), carol(), dave()];
    let id = f
        .create(TournamentSpec {
            game: GameSpec {
                time: Some("15m+10s".into()),
                ..spec("Spring Cup", TournamentFormat::RoundRobin).game
            },
            ..spec("Spring Cup", TournamentFormat::RoundRobin)
        })
        .await;
    f.join_all(&members).await;
    let started = f
        .one(
            &alice(),
            td(DirectorRequest::Start {
                tournament: None,
                rounds: None,
            }),
        )
        .await;
    assert!(
        started.text.shown().contains("4 players, 3 round(s)"),
        "{}",
        started.text.shown()
    );
    f.tick().await;
    let state = f.state(id).await;
    assert_eq!(state.row.status, TournamentStatus::Running);
    assert_eq!((state.row.round, state.row.rounds), (1, 3));
    assert_eq!(state.boards.len(), 2, "round by round");
    let opened = f.platform.opened.lock().unwrap().clone();
    assert_eq!(opened.len(), 2);
    assert!(opened.iter().all(|n| n.starts_with("R1 · ")), "{opened:?}");
    let posted = f.posted(20, ", round 1:\n");
    assert_eq!(posted.len(), 1);
    assert!(
        posted[0].text.shown().contains("Board 1: <@"),
        "{}",
        posted[0].text.shown()
    );
    assert!(
        posted[0].text.shown().contains(" in <#"),
        "{}",
        posted[0].text.shown()
    );
    // The first board of each game is posted in its thread, pinging both players.
    let state = f.state(id).await;
    for b in &state.boards {
        let Place::Thread { thread, .. } = f.thread_of(b.game.unwrap()).await else {
            unreachable!()
        };
        let firsts = f.posted(thread.channel, "round 1, board");
        assert_eq!(firsts.len(), 1);
        assert!(firsts[0].pings.contains(&b.white) && firsts[0].pings.contains(&b.black));
        assert!(firsts[0].picture.is_some());
    }

    // Berger round 1 of 4: 4-1, 2-3 in pairing numbers; the lower member id wins on board
    // 1, board 2 is drawn, every round.
    for round in 1..=3 {
        let state = f.state(id).await;
        let expected = league::round_robin::RoundRobin::new(4, league::round_robin::Cycles::Single)
            .unwrap()
            .round(round)
            .unwrap();
        assert_eq!(Fixture::pairings(&state, round), expected, "round {round}");
        let b1 = state
            .boards
            .iter()
            .find(|b| b.round == round && b.board == 1)
            .unwrap();
        f.end_game(id, round, 1, End::Loses(b1.white.max(b1.black)), &members)
            .await;
        f.end_game(id, round, 2, End::Draw, &members).await;
        f.tick().await;
    }
    let state = f.state(id).await;
    assert_eq!(state.row.status, TournamentStatus::Finished);
    assert!(state.boards.iter().all(|b| b.result.is_some()));
    for round in 1..=3 {
        assert_eq!(
            f.posted(20, &format!(", round {round}:\n")).len(),
            1,
            "round {round}"
        );
    }
    let over = f.posted(20, "is over");
    assert_eq!(over.len(), 1);
    assert!(
        over[0].text.shown().contains("Winner"),
        "{}",
        over[0].text.shown()
    );
    match &over[0].picture {
        Some(Picture::Table(table)) => {
            assert_eq!(table.rows.len(), 4);
            let headers: Vec<&str> = table.columns.iter().map(|c| c.header.as_str()).collect();
            assert_eq!(headers, ["#", "Player", "Pts", "SB", "DE", "WIN"]);
        }
        other => panic!("a standings table, not {other:?}"),
    }
    // More ticks change nothing.
    f.tick().await;
    assert_eq!(f.posted(20, "is over").len(), 1);
    let standings = f
        .one(
            &bob(),
            Request::Tournament(TournamentRequest::Standings { tournament: None }),
        )
        .await;
    assert!(
        standings.text.shown().starts_with("**Standings, #"),
        "{}",
        standings.text.shown()
    );
    let suggested = f.core.complete(&bob(), HERE, Field::Tournament, "").await;
    assert_eq!(suggested.len(), 1);
    assert_eq!(suggested[0].value, id.to_string());
    assert!(
        suggested[0].label.contains("Spring Cup (round robin)"),
        "{suggested:?}"
    );
}

/// Five players and three rounds: a late entrant, a withdrawal, a restart between a round's
/// end and the next pairing, and the TRF export paired again exactly as the bot paired.
async fn a_swiss_survives_restarts_and_exports_what_it_pairs(backend: Backend) {
    let url = backend.fresh();
    let members = [alice(), bob(), carol(), dave(), erin(), frank()];
    let id;
    {
        let f = fixture_on(Store::open(&url).await.unwrap(), threads()).await;
        id = f
            .create(TournamentSpec {
                game: GameSpec {
                    time: Some("1d".into()),
                    ..spec("Autumn Swiss", TournamentFormat::Swiss).game
                },
                rounds: Some(3),
                ..spec("Autumn Swiss", TournamentFormat::Swiss)
            })
            .await;
        f.join_all(&members[..5]).await;
        f.one(
            &alice(),
            td(DirectorRequest::Start {
                tournament: None,
                rounds: None,
            }),
        )
        .await;
        f.tick().await;
        let state = f.state(id).await;
        assert_eq!(state.boards.len(), 2);
        assert_eq!(state.byes.len(), 1, "five players: a bye");
        // Frank joins late: half a point for round 1, paired from round 2.
        let late = f.one(&frank(), join()).await;
        assert!(
            late.text.shown().contains("half a point for round 1"),
            "{}",
            late.text.shown()
        );
        for board in 1..=2 {
            let state = f.state(id).await;
            let b = state
                .boards
                .iter()
                .find(|b| b.round == 1 && b.board == board)
                .unwrap();
            f.end_game(id, 1, board, End::Loses(b.black), &members)
                .await;
        }
        // The process stops before the scheduler pairs round 2.
    }
    let f = fixture_on(Store::open(&url).await.unwrap(), threads()).await;
    let exported = f.pair_export(id).await;
    f.tick().await;
    f.tick().await;
    let state = f.state(id).await;
    assert_eq!(state.row.round, 2, "paired once after the restart");
    assert_eq!(Fixture::pairings(&state, 2), exported);
    assert_eq!(state.boards.iter().filter(|b| b.round == 2).count(), 3);
    assert_eq!(f.posted(20, ", round 2:\n").len(), 1);

    // Round 2: carol withdraws (her game counts as resigned); the rest are drawn.
    let withdrawn = f
        .one(
            &carol(),
            Request::Tournament(TournamentRequest::Withdraw { tournament: None }),
        )
        .await;
    assert!(
        withdrawn.text.shown().contains("withdrew"),
        "{}",
        withdrawn.text.shown()
    );
    f.tick().await;
    let state = f.state(id).await;
    let carols = state
        .boards
        .iter()
        .find(|b| b.round == 2 && (b.white == 3 || b.black == 3))
        .unwrap();
    let expected = if carols.white == 3 {
        BoardResult::BlackWins
    } else {
        BoardResult::WhiteWins
    };
    assert_eq!(carols.result, Some(expected));
    for b in state
        .boards
        .iter()
        .filter(|b| b.round == 2 && b.result.is_none())
    {
        f.end_game(id, 2, b.board, End::Draw, &members).await;
    }
    // The scheduler pairs round 3 at once; the export made just before agrees with it.
    let exported = {
        let state = f.state(id).await;
        assert_eq!(state.row.round, 2);
        f.pair_export(id).await
    };
    f.tick().await;
    let state = f.state(id).await;
    assert_eq!(state.row.round, 3);
    assert_eq!(Fixture::pairings(&state, 3), exported);
    assert!(
        state
            .boards
            .iter()
            .filter(|b| b.round == 3)
            .all(|b| b.white != 3 && b.black != 3),
        "a withdrawn player is not paired"
    );
    assert_eq!(
        state.byes.iter().filter(|b| b.round == 3).count(),
        1,
        "five left: a bye"
    );
    for b in state.boards.clone().iter().filter(|b| b.round == 3) {
        f.end_game(id, 3, b.board, End::Loses(b.black), &members)
            .await;
    }
    f.tick().await;
    let state = f.state(id).await;
    assert_eq!(state.row.status, TournamentStatus::Finished);
    assert_eq!(f.posted(20, "is over").len(), 1);
    // Since the restart (round 1 was posted before it).
    for round in 2..=3 {
        assert_eq!(
            f.posted(20, &format!(", round {round}:\n")).len(),
            1,
            "round {round}"
        );
    }
}

/// Every game of an all-at-once round robin starts together; two losses on time withdraw a
/// player, whose open games are resigned and whose later games are forfeits.
async fn all_at_once_and_losses_on_time(backend: Backend) {
    let f = tournament_fixture(backend).await;
    let members = [alice(), bob(), carol(), dave()];
    let id = f
        .create(TournamentSpec {
            game: GameSpec {
                time: Some("1d".into()),
                ..spec("Marathon", TournamentFormat::RoundRobin).game
            },
            all_at_once: Some(true),
            ..spec("Marathon", TournamentFormat::RoundRobin)
        })
        .await;
    f.join_all(&members).await;
    f.one(
        &manager(),
        td(DirectorRequest::Start {
            tournament: None,
            rounds: None,
        }),
    )
    .await;
    f.tick().await;
    let state = f.state(id).await;
    assert_eq!(state.row.round, 3);
    assert_eq!(state.boards.len(), 6);
    assert!(state.boards.iter().all(|b| b.game.is_some()), "all started");
    assert_eq!(f.posted(20, ", round 3:\n").len(), 1);
    assert_eq!(
        f.posted(20, ", round 1:\n").len(),
        1,
        "one message for all rounds"
    );

    // Nobody moves: every White runs out of time a day later; the Whites who lost twice are
    // withdrawn and their remaining games resigned.
    f.now.fetch_add(DAY + 1, Ordering::SeqCst);
    f.tick().await;
    let state = f.state(id).await;
    assert_eq!(
        state.row.status,
        TournamentStatus::Finished,
        "{:?}",
        state.boards
    );
    let twice: Vec<u64> = state
        .players
        .iter()
        .filter(|p| p.time_losses >= 2)
        .map(|p| p.player.id)
        .collect();
    assert!(!twice.is_empty());
    for p in &state.players {
        assert_eq!(p.withdrawn_round.is_some(), p.time_losses >= 2, "{p:?}");
    }
    assert_eq!(f.posted(20, "is over").len(), 1);
}

/// A start time starts a tournament with players, and cancels one without enough.
async fn start_times(backend: Backend) {
    let f = tournament_fixture(backend).await;
    let id = f
        .create(TournamentSpec {
            start: Some("2h".into()),
            ..spec("Timed", TournamentFormat::Swiss)
        })
        .await;
    f.join_all(&[alice(), bob(), carol()]).await;
    f.tick().await;
    assert_eq!(f.state(id).await.row.status, TournamentStatus::Signup);
    f.now.fetch_add(2 * HOUR, Ordering::SeqCst);
    f.tick().await;
    let state = f.state(id).await;
    assert_eq!(state.row.status, TournamentStatus::Running);
    assert_eq!(state.row.rounds, 2, "three players: two rounds");
    assert_eq!(state.row.round, 1);

    let lonely = f
        .one(
            &alice(),
            create(TournamentSpec {
                start: Some("1h".into()),
                ..spec("Lonely", TournamentFormat::RoundRobin)
            }),
        )
        .await;
    assert!(!lonely.ephemeral, "{}", lonely.text.shown());
    f.now.fetch_add(HOUR, Ordering::SeqCst);
    f.tick().await;
    let cancelled = f.posted(20, "could not start");
    assert_eq!(cancelled.len(), 1);
    assert!(
        cancelled[0].text.shown().contains("needs at least 3"),
        "{}",
        cancelled[0].text.shown()
    );
}

/// Bad input is refused with a message saying what to do, and changes nothing.
async fn bad_input_is_refused(backend: Backend) {
    let f = tournament_fixture(backend).await;
    let thread = Place::Thread {
        thread: Channel {
            guild: 10,
            channel: 77,
        },
        parent: None,
    };
    let text = f
        .refused(&alice(), thread, create(spec("x", TournamentFormat::Swiss)))
        .await;
    assert!(text.contains("not in a thread"), "{text}");
    let text = f
        .refused(
            &alice(),
            HERE,
            create(TournamentSpec {
                game: GameSpec {
                    time: Some("none".into()),
                    ..spec("x", TournamentFormat::Swiss).game
                },
                ..spec("x", TournamentFormat::Swiss)
            }),
        )
        .await;
    assert!(
        text.starts_with("Time: tournament games need a clock"),
        "{text}"
    );
    let text = f.refused(&alice(), HERE, join()).await;
    assert!(text.contains("no tournament in this channel"), "{text}");
    let elsewhere = crate::store::GuildSettings {
        channels: vec![21],
        ..crate::store::GuildSettings::default()
    };
    let store = f.core.store();
    store.set_guild_settings(10, &elsewhere).await.unwrap();
    let text = f
        .refused(&alice(), HERE, create(spec("x", TournamentFormat::Swiss)))
        .await;
    assert!(text.contains("games start in <#21>"), "{text}");
    let everywhere = crate::store::GuildSettings::default();
    store.set_guild_settings(10, &everywhere).await.unwrap();

    let id = f
        .create(TournamentSpec {
            rounds: Some(5),
            ..spec("Cup", TournamentFormat::Swiss)
        })
        .await;
    f.join_all(&[alice(), bob()]).await;
    let before = f.state(id).await;
    let text = f.refused(&bob(), HERE, join()).await;
    assert!(text.contains("signed up for #"), "{text}");
    let start = td(DirectorRequest::Start {
        tournament: None,
        rounds: None,
    });
    let text = f.refused(&carol(), HERE, start.clone()).await;
    assert!(text.contains("Only <@1>, who created #"), "{text}");
    let text = f.refused(&alice(), HERE, start.clone()).await;
    assert!(text.contains("at most 1 rounds"), "{text}");
    let text = f
        .refused(
            &alice(),
            HERE,
            Request::Tournament(TournamentRequest::Withdraw { tournament: None }),
        )
        .await;
    assert!(text.contains("/tournament leave"), "{text}");
    let text = f
        .refused(
            &alice(),
            HERE,
            Request::Tournament(TournamentRequest::Standings { tournament: None }),
        )
        .await;
    assert!(text.contains("not started"), "{text}");
    let text = f
        .refused(
            &alice(),
            HERE,
            Request::Tournament(TournamentRequest::Join {
                tournament: Some(999),
            }),
        )
        .await;
    assert!(text.contains("no tournament #999"), "{text}");
    assert_eq!(f.state(id).await, before, "nothing changed");

    // A round robin of two can't start; once started, nobody joins or leaves.
    let rr = f.create(spec("Pair", TournamentFormat::RoundRobin)).await;
    f.join_all(&[alice(), bob()]).await;
    let text = f.refused(&alice(), HERE, start.clone()).await;
    assert!(text.contains("needs at least 3 to start"), "{text}");
    f.join_all(&[carol()]).await;
    f.one(&alice(), start.clone()).await;
    f.tick().await;
    let text = f.refused(&dave(), HERE, join()).await;
    assert!(text.contains("schedule is fixed"), "{text}");
    let text = f
        .refused(
            &bob(),
            HERE,
            Request::Tournament(TournamentRequest::Leave { tournament: None }),
        )
        .await;
    assert!(text.contains("/tournament withdraw"), "{text}");
    let text = f
        .refused(
            &alice(),
            HERE,
            td(DirectorRequest::Result {
                tournament: None,
                round: 9,
                board: 1,
                result: BoardResult::WhiteWins,
            }),
        )
        .await;
    assert!(text.contains("Round 9 has no board 1"), "{text}");
    let state = f.state(rr).await;
    let game = state.boards[0].game.unwrap();
    let place = f.thread_of(game).await;
    let text = f.refused(&moderator(), place, Request::Abort).await;
    assert!(text.contains("tournament game"), "{text}");
    // An organiser's result ends the game there, without changing ratings.
    let set = f
        .say(
            &alice(),
            HERE,
            td(DirectorRequest::Result {
                tournament: None,
                round: 1,
                board: 1,
                result: BoardResult::Draw,
            }),
        )
        .await;
    assert!(
        set[0].text.shown().contains("is 1/2-1/2"),
        "{}",
        set[0].text.shown()
    );
    let (row, _) = f
        .core
        .store()
        .game_with_channel(game)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.status, Status::Aborted);
    let text = f
        .refused(
            &alice(),
            HERE,
            td(DirectorRequest::Pair {
                tournament: Some(id),
            }),
        )
        .await;
    assert!(text.contains("start it with /td start"), "{text}");
}

/// A fog tournament: each game's thread gets no board, each player their own by DM; a game
/// lost on time shows the true board and the record in its thread.
async fn a_fog_tournament_keeps_boards_private(backend: Backend) {
    let f = tournament_fixture(backend).await;
    let id = f
        .create(TournamentSpec {
            game: GameSpec {
                time: Some("15m+10s".into()),
                options: options(&[("fog", Some(true))]),
                ..spec("Fog Cup", TournamentFormat::RoundRobin).game
            },
            ..spec("Fog Cup", TournamentFormat::RoundRobin)
        })
        .await;
    f.join_all(&[alice(), bob(), carol(), dave()]).await;
    let started = f
        .one(
            &alice(),
            td(DirectorRequest::Start {
                tournament: None,
                rounds: None,
            }),
        )
        .await;
    assert!(!started.ephemeral, "{}", started.text.shown());
    f.tick().await;
    let state = f.state(id).await;
    let board = &state.boards[0];
    let game = board.game.expect("a game");
    let Place::Thread { thread, .. } = f.thread_of(game).await else {
        unreachable!()
    };
    let first = f.posted(thread.channel, "round 1, board");
    assert_eq!(first.len(), 1);
    assert!(first[0].picture.is_none(), "no board in the thread");
    assert!(
        first[0].text.shown().contains("with fog"),
        "{}",
        first[0].text.shown()
    );
    let row = f.row_of(game).await;
    assert_eq!(row.game.csipgs().unwrap().position().terrain().count(), 6);
    // A tournament's game is never aborted, so its players' pages don't offer it.
    let store = f.core.store();
    let shown = crate::store::GuildSettings {
        web: true,
        ..crate::store::GuildSettings::default()
    };
    store.set_guild_settings(row.guild, &shown).await.unwrap();
    let token = store
        .web_token(crate::store::LinkKind::Game, game, row.guild)
        .await
        .unwrap();
    let link = store.open_link(token).await.unwrap().unwrap();
    let page = f.core.play_page(link, row.player(Color::White).id).await;
    let page = page.unwrap();
    assert!(page.drawable && !page.abortable);
    let delivered = f.platform.delivered.lock().unwrap().clone();
    for (user, color) in [(board.white, Color::White), (board.black, Color::Black)] {
        let dms: Vec<&Reply> = delivered
            .iter()
            .filter(|(t, _)| *t == Target::Direct { user })
            .map(|(_, r)| r)
            .collect();
        assert_eq!(dms.len(), 1, "{user}");
        match &dms[0].picture {
            Some(Picture::Board(view)) => {
                let view = csipgs_view(view);
                assert_eq!(view.orientation, color);
                assert!(!view.hidden.is_empty());
            }
            other => panic!("a board, not {other:?}"),
        }
    }
    // White's clock runs out: the thread gets everything.
    f.now.fetch_add(16 * 60, Ordering::SeqCst);
    f.tick().await;
    let lost = f.posted(thread.channel, "ran out of time");
    assert_eq!(lost.len(), 1);
    match &lost[0].picture {
        Some(Picture::Board(view)) => {
            let view = csipgs_view(view);
            assert!(view.hidden.is_empty() && view.terrain.len() == 6)
        }
        other => panic!("the true board, not {other:?}"),
    }
    assert_eq!(lost[0].files.len(), 1, "the record");
}

/// /td remove mid-game: an organiser who plays removes their opponent. The game ends there
/// without a result of its own (nobody's rating changes), the board is a forfeit in the
/// standings and the TRF, the removed player is not paired again, and the thread is archived.
async fn removing_a_player_mid_game_forfeits_unrated(backend: Backend) {
    let f = tournament_fixture(backend).await;
    let members = [alice(), bob(), carol(), dave()];
    let id = f
        .create(TournamentSpec {
            game: GameSpec {
                rated: Some(true),
                ..GameSpec::default()
            },
            ..spec("Rated Cup", TournamentFormat::RoundRobin)
        })
        .await;
    f.join_all(&members).await;
    f.begin().await;
    let state = f.state(id).await;
    let board = state
        .boards
        .iter()
        .find(|b| b.white == alice().id || b.black == alice().id)
        .unwrap()
        .clone();
    let opponent = members
        .iter()
        .find(|m| m.id != alice().id && (m.id == board.white || m.id == board.black))
        .unwrap();
    let game = board.game.expect("a game under way");
    let place = f.thread_of(game).await;
    let Place::Thread { thread, .. } = place else {
        unreachable!()
    };
    let white = f.row_of(game).await.player(engine::Color::White).id;
    let mover = members.iter().find(|m| m.id == white).unwrap();
    f.say(mover, place, Request::Turn { text: "Kd2".into() })
        .await;

    let removed = f
        .say(
            &alice(),
            HERE,
            td(DirectorRequest::Remove {
                tournament: None,
                member: opponent.player(),
            }),
        )
        .await;
    assert!(
        removed[0].text.shown().contains("lost by forfeit (unrated"),
        "{}",
        removed[0].text.shown()
    );
    let notice = removed
        .iter()
        .find(|r| {
            r.elsewhere
                == Some(Target::Channel {
                    channel: thread.channel,
                })
        })
        .expect("a notice in the game's thread");
    assert!(
        notice.text.shown().contains("by forfeit"),
        "{}",
        notice.text.shown()
    );
    assert_eq!(f.row_of(game).await.status, Status::Aborted);
    let state = f.state(id).await;
    let forfeited = state.boards.iter().find(|b| b.id == board.id).unwrap();
    let expected = match board.white == alice().id {
        true => BoardResult::WhiteByForfeit,
        false => BoardResult::BlackByForfeit,
    };
    assert_eq!(forfeited.result, Some(expected));
    let entrant = state.players.iter().find(|p| p.player.id == opponent.id);
    assert!(entrant.unwrap().withdrawn_round.is_some());
    for m in &members {
        assert_eq!(f.csipgs_rating(m.id).await, None, "no rating moved");
    }
    // A second removal is refused.
    let again = f
        .refused(
            &alice(),
            HERE,
            td(DirectorRequest::Remove {
                tournament: None,
                member: opponent.player(),
            }),
        )
        .await;
    assert!(again.contains("withdrawn"), "{again}");

    // The TRF has the forfeit: + for alice, - for the removed player.
    let export = f
        .one(
            &carol(),
            Request::Tournament(TournamentRequest::Export {
                tournament: Some(id),
            }),
        )
        .await;
    let text = String::from_utf8(export.files[0].bytes.clone()).unwrap();
    let exported = trf::read(&text).unwrap().tournament().unwrap();
    let round_one = |name: &str| {
        let player = exported.players.iter().find(|p| p.name == name).unwrap();
        match player.rounds[0] {
            league::model::Round::Game { result, .. } => result,
            other => panic!("{other:?}"),
        }
    };
    use league::model::GameResult;
    assert_eq!(round_one("alice"), Some(GameResult::ForfeitWin), "{text}");
    assert_eq!(
        round_one(&opponent.name),
        Some(GameResult::ForfeitLoss),
        "{text}"
    );

    // Its thread is archived once the news is out.
    let now = f.now.load(Ordering::SeqCst);
    f.core
        .run_due(now + crate::core::owe::ANSWER_GRACE)
        .await
        .unwrap();
    let delivered = f.platform.delivered.lock().unwrap().clone();
    assert!(
        delivered.iter().any(|(t, _)| *t
            == Target::Archive {
                thread: thread.channel
            }),
        "{delivered:?}"
    );
}

on_both!(
    removing_a_player_mid_game_forfeits_unrated,
    a_fog_tournament_keeps_boards_private,
    a_round_robin_is_played_to_the_end,
    a_swiss_survives_restarts_and_exports_what_it_pairs,
    all_at_once_and_losses_on_time,
    start_times,
    bad_input_is_refused,
);

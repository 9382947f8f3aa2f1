//! Fog games (RULES.md section 8): the channel hears public facts only, each player gets their
//! own board privately (held for their next command when they take no DMs), the record and
//! the true board wait for the end; and what a player receives depends on their view alone.
//! Also plunder's debts and double moves in messages.

use super::*;
use crate::store::GameRow;
use engine::{Action, Game, Position};
use std::sync::atomic::AtomicU64;

fn fog() -> Options {
    Options {
        fog: true,
        ..Options::default()
    }
}

/// Numbers from a fixed seed (SplitMix64), for the terrain and for random play.
fn seeded(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed;
    move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The core's dice, from a fixed seed.
fn dice(seed: u64) -> Dice {
    let state = Arc::new(AtomicU64::new(seed));
    Arc::new(move || {
        let n = state.fetch_add(1, Ordering::SeqCst);
        seeded(n)()
    })
}

async fn fog_fixture(backend: Backend, platform: Recorder, seed: u64) -> Fixture {
    let mut f = fixture_on(backend.store().await, platform).await;
    f.core_mut().dice = dice(seed);
    f
}

/// The direct messages among replies, by member.
fn dms_to(replies: &[Reply], user: u64) -> Vec<&Reply> {
    replies
        .iter()
        .filter(|r| r.elsewhere == Some(Target::Direct { user }))
        .collect()
}

/// What the channel shows of replies: public, and not sent elsewhere.
fn in_channel(replies: &[Reply]) -> Vec<&Reply> {
    replies
        .iter()
        .filter(|r| !r.ephemeral && r.elsewhere.is_none())
        .collect()
}

fn board_view(reply: &Reply) -> &render::CsipgsBoardView {
    match &reply.picture {
        Some(Picture::Board(view)) => match &**view {
            render::BoardView::Csipgs(view) => view,
            other => panic!("a csipgs board, not {other:?}: {}", reply.text.shown()),
        },
        other => panic!("a board, not {other:?}: {}", reply.text.shown()),
    }
}

fn has(view: &render::CsipgsBoardView, square: &str) -> bool {
    view.piece_at(square.parse().unwrap()).is_some()
}

impl Fixture {
    /// Alice (White) and Bob (Black) start a game with these options; the replies to the
    /// acceptance.
    async fn start_with(&self, options: Options) -> Vec<Reply> {
        let challenge = self.challenge(Ruleset::Classic, options).await;
        let replies = self
            .say(&bob(), HERE, press(&challenge.buttons[0].id))
            .await;
        assert!(
            replies[0].text.shown().starts_with("Game on!"),
            "{replies:?}"
        );
        replies
    }

    /// A turn; all its replies.
    async fn turn(&self, who: &Who, text: &str) -> Vec<Reply> {
        let replies = self
            .say(who, HERE, Request::Turn { text: text.into() })
            .await;
        assert!(!replies[0].ephemeral, "{text}: {}", replies[0].text.shown());
        replies
    }

    /// Replace the channel's game by one from this position (with its terrain).
    async fn set_position(&self, position: &str) {
        let mut row = self.row().await;
        let position =
            Position::parse(position, row.game.csipgs().unwrap().rules().clone()).unwrap();
        row.game = crate::family::GameState::Csipgs(Game::from_position(position));
        let now = self.now.load(Ordering::SeqCst);
        self.core
            .store()
            .save_game(&row, None, &[], None, now)
            .await
            .unwrap();
    }
}

async fn fog_turns_keep_the_board_private(backend: Backend) {
    let f = fog_fixture(backend, Recorder::default(), 7).await;
    let started = f.start_with(fog()).await;
    let row = f.row().await;
    assert_eq!(row.game.csipgs().unwrap().position().terrain().count(), 6);
    assert!(started[0].text.shown().contains("classic rules with fog"));
    assert!(started[0].text.shown().contains("each of you <OwnView>."));
    assert!(started[0].picture.is_none(), "no board in public");
    for (user, color, enemy_king) in [(1, Color::White, "e8"), (2, Color::Black, "e1")] {
        let dm = dms_to(&started, user);
        assert_eq!(dm.len(), 1);
        assert!(dm[0].held_if_no_dms);
        let view = board_view(dm[0]);
        assert_eq!(view.orientation, color);
        assert!(!has(view, enemy_king), "the enemy king is out of sight");
        assert_eq!(view.pieces.len(), 1);
        assert!(view.hidden.contains(&enemy_king.parse().unwrap()));
        assert!(view.terrain.len() < 6, "only the terrain seen so far");
    }

    let replies = f.turn(&alice(), "Kd2").await;
    let public = in_channel(&replies);
    assert_eq!(public.len(), 1);
    assert_eq!(
        public[0].text.shown(),
        "<@1> (White) made a move. Black to move: <@2>."
    );
    assert!(public[0].picture.is_none());
    assert_eq!(public[0].pings, vec![2]);
    let mine: Vec<&Reply> = replies.iter().filter(|r| r.ephemeral).collect();
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0].text.shown(), "You played **Kd2**.");
    assert!(has(board_view(mine[0]), "d2"));
    let theirs = dms_to(&replies, 2);
    assert_eq!(theirs.len(), 1);
    assert!(theirs[0]
        .text
        .shown()
        .contains("Your turn in <#20> (Black, turn 2)"));
    assert!(!theirs[0].text.shown().contains("Kd2"));
    let view = board_view(theirs[0]);
    assert_eq!(view.orientation, Color::Black);
    assert!(!has(view, "d2"));
    assert!(dms_to(&replies, 1).is_empty());

    f.turn(&bob(), "Kd7").await;
    let replies = f.turn(&alice(), "Ke3; B=WD").await;
    assert_eq!(
        in_channel(&replies)[0].text.shown(),
        "<@1> (White) made a move and redesigned B=WD. Black to move: <@2>."
    );
    let replies = f.turn(&bob(), "Buy P").await;
    assert_eq!(
        in_channel(&replies)[0].text.shown(),
        "<@2> (Black) bought a piece (P). White to move: <@1>."
    );

    // /board: a player's own view, privately; nothing for others; nothing of the past.
    let mine = f.say(&alice(), HERE, Request::Board { ply: None }).await;
    assert_eq!(mine.len(), 1);
    assert!(mine[0].ephemeral);
    assert!(
        mine[0]
            .text
            .shown()
            .starts_with("Your board against <@2>, turn 5"),
        "{}",
        mine[0].text.shown()
    );
    assert_eq!(board_view(&mine[0]).orientation, Color::White);
    let text = f
        .refused(&carol(), HERE, Request::Board { ply: None })
        .await;
    assert!(text.contains("only <@1> and <@2> see its board"), "{text}");
    let text = f
        .refused(&alice(), HERE, Request::Board { ply: Some(1) })
        .await;
    assert!(text.contains("earlier positions can't be seen until it ends"));
    for request in [Request::History, Request::Replay] {
        let text = f.refused(&alice(), HERE, request).await;
        assert!(text.contains("can't be seen until it ends"), "{text}");
    }
    // What is public stays public.
    let status = f.one(&carol(), Request::Game).await;
    assert!(
        status.text.shown().contains("Black: 0 zorkmids; reserve P"),
        "{}",
        status.text.shown()
    );

    // Suggestions only for the side to move, and only what it may know.
    let moves = f.core.complete(&alice(), HERE, Field::Move, "").await;
    assert!(!moves.is_empty());
    assert!(f
        .core
        .complete(&bob(), HERE, Field::Move, "")
        .await
        .is_empty());
    assert!(f
        .core
        .complete(&carol(), HERE, Field::Move, "")
        .await
        .is_empty());
    let row = f.row().await;
    let mut offered: Vec<String> = row
        .game
        .csipgs()
        .unwrap()
        .offered_moves()
        .map(|(_, text)| text)
        .collect();
    offered.sort();
    let mut suggested: Vec<String> = moves.into_iter().map(|c| c.value).collect();
    suggested.sort();
    assert_eq!(suggested, offered);

    // The end shows everything: the true board with both kings, and the record.
    let resign = f.say(&bob(), HERE, Request::Resign).await;
    let ended = f.say(&bob(), HERE, press(&resign[0].buttons[0].id)).await;
    let view = board_view(&ended[0]);
    assert!(has(view, "e3") && has(view, "d7"), "{:?}", view.pieces);
    assert_eq!(view.terrain.len(), 6);
    assert!(view.hidden.is_empty());
    assert_eq!(ended[0].files.len(), 1);
    let record = String::from_utf8(ended[0].files[0].bytes.clone()).unwrap();
    assert!(record.contains("[Options \"fog\"]"), "{record}");
    assert!(record.contains("[Terrain "), "{record}");
    assert!(
        record.contains("1.Kd2 2.Kd7 3.Ke3; B=WD 4.Buy P"),
        "{record}"
    );
    let history = f.one(&carol(), Request::History).await;
    assert_eq!(history.files[0].bytes, ended[0].files[0].bytes);
    let board = f.one(&carol(), Request::Board { ply: Some(1) }).await;
    assert!(has(board_view(&board), "d2"));
}

async fn the_last_royal_captured_ends_a_fog_game(backend: Backend) {
    let f = fog_fixture(backend, Recorder::default(), 3).await;
    f.start_with(Options {
        plunder: true,
        ..fog()
    })
    .await;
    f.set_position("4k3/8/8/8/8/8/4R3/4K3 w 0/2 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 9 b3,c4,f3,c6,f5,g6")
        .await;
    let replies = f.turn(&alice(), "Rxe8").await;
    let public = in_channel(&replies);
    assert_eq!(public.len(), 1);
    assert!(
        public[0].text.shown().starts_with(
            "<@1> (White) made a move. **Game over: 1-0, White wins by capturing the last royal piece.**"
        ),
        "{}",
        public[0].text.shown()
    );
    assert!(
        public[0].text.shown().contains("Ratings: alice"),
        "{}",
        public[0].text.shown()
    );
    let view = board_view(public[0]);
    assert!(has(view, "e8"));
    // Plunder: the king cost Black half its price, 6, out of 2.
    assert_eq!(view.player(Color::Black).treasury.to_string(), "-4");
    assert_eq!(public[0].files.len(), 1);
    assert!(
        dms_to(&replies, 2).is_empty(),
        "no board DM once it is over"
    );
    let profile = f.one(&alice(), own_profile()).await;
    assert!(
        profile
            .text
            .shown()
            .contains("win by capturing the last royal piece"),
        "{}",
        profile.text.shown()
    );
}

async fn closed_dms_wait_for_the_next_command(backend: Backend) {
    let url = backend.fresh();
    let platform = Recorder {
        no_dms: vec![2],
        ..Recorder::default()
    };
    let mut f = fixture_on(Store::open(&url).await.unwrap(), platform).await;
    f.core_mut().dice = dice(11);
    f.start_with(fog()).await;
    f.core.run_due(f.now.load(Ordering::SeqCst)).await.unwrap();
    {
        let delivered = f.platform.delivered.lock().unwrap();
        let to_alice = delivered
            .iter()
            .filter(|(t, _)| *t == Target::Direct { user: 1 })
            .count();
        assert_eq!(to_alice, 1);
        assert!(delivered
            .iter()
            .all(|(t, _)| *t != Target::Direct { user: 2 }));
    }
    // Bob's board waits for him: his next command, whatever it is, brings it.
    let replies = f.say(&bob(), HERE, Request::Game).await;
    assert_eq!(replies.len(), 2, "{replies:?}");
    assert!(replies[1].ephemeral);
    assert!(replies[1]
        .text
        .shown()
        .starts_with("Your board in the fog game"));
    assert_eq!(board_view(&replies[1]).orientation, Color::Black);
    // Once.
    assert_eq!(f.say(&bob(), HERE, Request::Game).await.len(), 1);
    assert_eq!(f.say(&alice(), HERE, Request::Game).await.len(), 1);

    // A held board whose answer never reached Bob goes by DM again, and is held again.
    f.turn(&alice(), "Kd2").await;
    f.core.run_due(f.now.load(Ordering::SeqCst)).await.unwrap();
    let replies = f.raw(&bob(), HERE, Request::Help).await;
    assert_eq!(replies.len(), 2);
    f.core.undelivered(&replies[1]).await;
    f.core.run_due(f.now.load(Ordering::SeqCst)).await.unwrap();

    // And it survives a restart.
    f.core.store().close().await;
    let mut f = fixture_on(Store::open(&url).await.unwrap(), Recorder::default()).await;
    f.core_mut().dice = dice(12);
    let replies = f.say(&bob(), Place::Direct, Request::Rules).await;
    assert_eq!(replies.len(), 2, "{replies:?}");
    assert!(
        replies[1]
            .text
            .shown()
            .contains("Your turn in <#20> (Black, turn 2)"),
        "{}",
        replies[1].text.shown()
    );
    assert_eq!(f.say(&bob(), HERE, Request::Rules).await.len(), 1);
    assert_eq!(f.core.store().owed_count().await.unwrap(), 0);
}

async fn debts_and_double_moves_in_messages(backend: Backend) {
    let f = fixture(backend).await;
    f.start_with(Options {
        plunder: true,
        unofficial: true,
        ..Options::default()
    })
    .await;
    f.set_position("k7/8/5n2/4n3/3(doublemove-WF)4/8/8/4K3 w 0/1 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 9")
        .await;
    let doubles: Vec<String> = f
        .core
        .complete(&alice(), HERE, Field::Move, "xe5-")
        .await
        .into_iter()
        .map(|c| c.value)
        .collect();
    assert!(
        doubles
            .iter()
            .any(|d| d.starts_with("(doublemove-WF)xe5-xf6")),
        "{doubles:?}"
    );
    let replies = f.turn(&alice(), "(doublemove-WF)xe5-xf6").await;
    assert!(
        replies[0]
            .text
            .shown()
            .starts_with("<@1> (White) played **(doublemove-WF)xe5-xf6"),
        "{}",
        replies[0].text.shown()
    );
    // Two knights plundered, 1.5 each, from Black's 1.
    let status = f.one(&carol(), Request::Game).await;
    assert!(
        status.text.shown().contains("Black: -2 zorkmids"),
        "{}",
        status.text.shown()
    );
    let view = board_view(&replies[0]);
    assert_eq!(view.player(Color::Black).treasury.to_string(), "-2");
}

/// Everything one member receives from a list of replies to a command `by` sent: what the
/// channel shows, their DMs, and, for their own command, the private answers. Each as its
/// text, its picture's bytes and its files.
fn received(replies: &[Reply], by: u64, member: u64) -> Vec<(String, Vec<u8>, Vec<File>)> {
    replies
        .iter()
        .filter(|r| match r.elsewhere {
            Some(Target::Direct { user }) => user == member,
            _ => !r.ephemeral || by == member,
        })
        .map(|r| {
            let picture = r.picture.as_ref().map(crate::picture::encode);
            (r.text.shown(), picture.unwrap_or_default(), r.files.clone())
        })
        .collect()
}

/// Two lists of received messages are the same, byte for byte; the failure names the texts.
fn same(a: &[(String, Vec<u8>, Vec<File>)], b: &[(String, Vec<u8>, Vec<File>)]) {
    let texts =
        |r: &[(String, Vec<u8>, Vec<File>)]| r.iter().map(|m| m.0.clone()).collect::<Vec<_>>();
    assert!(a == b, "{:?}\nvs\n{:?}", texts(a), texts(b));
}

/// A square in a start position string's first field: rank 8's `4k3` with a piece on a8, or
/// rank 1's `4K3` with one on h1.
fn with_hidden_piece(position: &str, viewer: Color) -> String {
    match viewer {
        Color::White => position.replacen("4k3/", "n3k3/", 1),
        Color::Black => position.replacen("/4K3 ", "/4K2N ", 1),
    }
}

async fn what_a_player_receives_depends_on_their_view_alone(backend: Backend) {
    let players = [alice(), bob()];
    // Turns compared before the difference came into sight, over all games: enough that the
    // games were not cut short at once.
    let mut total = 0;
    for seed in 1..=6 {
        let viewer = Color::ALL[seed as usize % 2];
        let a = fog_fixture(backend, Recorder::default(), seed).await;
        let b = fog_fixture(backend, Recorder::default(), seed).await;
        a.start_with(Options {
            plunder: true,
            ..fog()
        })
        .await;
        b.start_with(Options {
            plunder: true,
            ..fog()
        })
        .await;
        // Game B has one more enemy piece, where the viewer can't see it.
        let start = a.row().await.game.csipgs().unwrap().position().to_string();
        b.set_position(&with_hidden_piece(&start, viewer)).await;
        let member = players[viewer.index()].id;
        let mut rng = seeded(seed * 1000);
        let mut compared = 0;
        for _ in 0..40 {
            let (ra, rb) = (a.row().await, b.row().await);
            if ra.game.is_over()
                || rb.game.is_over()
                || ra.game.csipgs().unwrap().view(viewer) != rb.game.csipgs().unwrap().view(viewer)
            {
                break;
            }
            let mover = ra.game.csipgs().unwrap().position().to_move();
            let who = &players[mover.index()];
            if mover == viewer {
                let values = |f: Vec<Choice>| f.into_iter().map(|c| c.value).collect::<Vec<_>>();
                for field in [Field::Move, Field::TransferSquare, Field::Buy] {
                    assert_eq!(
                        values(a.core.complete(who, HERE, field, "").await),
                        values(b.core.complete(who, HERE, field, "").await)
                    );
                }
            }
            let both: Vec<Action> = rb.game.csipgs().unwrap().legal_actions();
            let choices: Vec<Action> = ra
                .game
                .csipgs()
                .unwrap()
                .legal_actions()
                .into_iter()
                .filter(|action| both.contains(action))
                .collect();
            if choices.is_empty() {
                break;
            }
            let action = &choices[(rng() % choices.len() as u64) as usize];
            let (ta, tb) = (
                ra.game.csipgs().unwrap().notate(action),
                rb.game.csipgs().unwrap().notate(action),
            );
            let got_a = a.say(who, HERE, Request::Turn { text: ta }).await;
            let got_b = b.say(who, HERE, Request::Turn { text: tb }).await;
            // Once the difference comes into sight, the messages may differ.
            let (ra, rb) = (a.row().await, b.row().await);
            if ra.game.is_over()
                || rb.game.is_over()
                || ra.game.csipgs().unwrap().view(viewer) != rb.game.csipgs().unwrap().view(viewer)
            {
                break;
            }
            same(
                &received(&got_a, who.id, member),
                &received(&got_b, who.id, member),
            );
            let asker = &players[viewer.index()];
            let board_a = a.say(asker, HERE, Request::Board { ply: None }).await;
            let board_b = b.say(asker, HERE, Request::Board { ply: None }).await;
            same(
                &received(&board_a, member, member),
                &received(&board_b, member, member),
            );
            compared += 1;
        }
        total += compared;
    }
    assert!(total >= 150, "only {total} turns compared");
}

/// Fog with the unofficial prefixes, for doublemove pieces.
fn unofficial_fog() -> Options {
    Options {
        unofficial: true,
        ..fog()
    }
}

/// White's doublemove rook on a1 sees the a-file up to the impassable a6 and the first rank;
/// the black pawn on d4 and the impassable c3 are out of its sight.
const ROOK_PROBE: &str =
    "4k3/8/8/8/3p4/8/8/(doublemove-R)3K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 5 c3,b6,h3,a6,g3,f6";

/// The mover's fixed answer to a turn the hidden board refuses (RULES.md section 8).
const NOT_ON_THE_BOARD: &str = "That turn is not possible on the board as it stands.";

impl Fixture {
    /// A turn the hidden board refuses, its answers not yet delivered: the fixed sentence to
    /// the mover, the attempt to the channel (owed), and the game as it was.
    async fn probe(&self, who: &Who, text: &str) -> Vec<Reply> {
        let before = self.row().await;
        let replies = self
            .raw(who, HERE, Request::Turn { text: text.into() })
            .await;
        assert_eq!(replies.len(), 2, "{text}: {replies:?}");
        assert!(replies[0].ephemeral);
        assert_eq!(replies[0].text.shown(), NOT_ON_THE_BOARD, "{text}");
        let public = in_channel(&replies);
        assert_eq!(public.len(), 1);
        assert!(public[0].picture.is_none() && public[0].pings.is_empty());
        let after = self.row().await;
        assert_eq!(after.version, before.version, "nothing saved changes");
        assert_eq!(after.game.position_text(), before.game.position_text());
        replies
    }
}

async fn a_probe_of_the_hidden_board_gets_one_sentence_and_is_announced(backend: Backend) {
    let f = fog_fixture(backend, Recorder::default(), 7).await;
    f.start_with(unofficial_fog()).await;
    f.set_position(ROOK_PROBE).await;
    // Offered as the mover knows the board.
    let offered: Vec<String> = f
        .core
        .complete(&alice(), HERE, Field::Move, "(doublemove-R)a4-h")
        .await
        .into_iter()
        .map(|c| c.value)
        .collect();
    assert!(
        offered.contains(&"(doublemove-R)a4-h4".to_string()),
        "{offered:?}"
    );

    // The second step would pass the hidden pawn on d4.
    let owed = f.core.store().owed_count().await.unwrap();
    let replies = f.probe(&alice(), "(doublemove-R)a4-h4").await;
    let told = "<@1> (White) tried a turn the board does not allow.";
    assert_eq!(in_channel(&replies)[0].text.shown(), told);
    // The news is owed until delivered: the scheduler sends it when the answer never came.
    assert_eq!(f.core.store().owed_count().await.unwrap(), owed + 1);
    let later = f.now.load(Ordering::SeqCst) + 60;
    f.core.run_due(later).await.unwrap();
    let delivered = f.platform.delivered.lock().unwrap().clone();
    let news: Vec<&(Target, Reply)> = delivered
        .iter()
        .filter(|(_, r)| r.text.shown() == told)
        .collect();
    assert_eq!(news.len(), 1, "{delivered:?}");
    assert_eq!(news[0].0, Target::Channel { channel: 20 });
    assert_eq!(f.core.store().owed_count().await.unwrap(), 0);

    // Through the hidden impassable c3: the same words, whatever the cause.
    let replies = f.probe(&alice(), "(doublemove-R)a3-d3").await;
    assert_eq!(in_channel(&replies)[0].text.shown(), told);

    // White keeps the turn: a turn the board allows is played.
    let replies = f.turn(&alice(), "(doublemove-R)a4-xd4").await;
    assert_eq!(
        in_channel(&replies)[0].text.shown(),
        "<@1> (White) made a move. Black to move: <@2>."
    );
}

async fn a_notation_ambiguous_only_through_hidden_pieces_gets_the_one_sentence(backend: Backend) {
    let f = fog_fixture(backend, Recorder::default(), 7).await;
    f.start_with(unofficial_fog()).await;
    // Two doublemove pieces that step without capturing (mW) and capture only by alfil leaps
    // (cA): from d3 both could take the pawn on f5, which White doesn't see.
    let twins = "k7/8/8/5p2/8/2(doublemove-mWcA)1(doublemove-mWcA)3/8/7K w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 5 a4,b4,h4,h5,g5,a5";
    f.set_position(twins).await;
    let replies = f.probe(&alice(), "(doublemove-mWcA)d3-xf5").await;
    assert_eq!(
        in_channel(&replies)[0].text.shown(),
        "<@1> (White) tried a turn the board does not allow."
    );
    // Said which, it is played.
    f.turn(&alice(), "(doublemove-mWcA)cd3-xf5").await;
}

async fn a_refusal_the_mover_can_see_keeps_its_words_and_no_news(backend: Backend) {
    let f = fog_fixture(backend, Recorder::default(), 7).await;
    f.start_with(unofficial_fog()).await;
    f.set_position(ROOK_PROBE).await;
    let turn = |text: &str| Request::Turn { text: text.into() };
    let owed = f.core.store().owed_count().await.unwrap();
    // a6 is impassable, and the rook sees it.
    let text = f.refused(&alice(), HERE, turn("(doublemove-R)a7-a8")).await;
    assert_eq!(text, "Your (doublemove-R) can't move to a7 and then to a8.");
    let text = f.refused(&alice(), HERE, turn("Buy Q")).await;
    assert_eq!(text, "A Q costs 9, you have 1.");
    let text = f.refused(&alice(), HERE, turn("(doublemove-R)a4-")).await;
    assert!(text.contains("is not a square"), "{text}");
    assert_eq!(f.core.store().owed_count().await.unwrap(), owed, "no news");

    // Ambiguous on what White sees (a hidden pawn on d4 stops both, which White can't
    // know): refused as ambiguous, naming only what White sees.
    let twins = "k7/8/8/8/3p4/2(doublemove-mWcA)1(doublemove-mWcA)3/8/7K w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 5 a4,b4,h4,h5,g5,a5";
    f.set_position(twins).await;
    let text = f
        .refused(&alice(), HERE, turn("(doublemove-mWcA)d3-d4"))
        .await;
    assert!(
        text.starts_with("More than one (doublemove-mWcA) can reach d3"),
        "{text}"
    );

    // A buy beside an attacked royal names it, as a moderator would (the pawn on d3 is
    // hidden from White).
    f.set_position("8/8/3p4/8/8/4k3/4K3/8 w 5/0 N/- P,N,B,R,Q,K/P,N,B,R,Q,K 9 a3,b3,c3,f6,g6,h6")
        .await;
    let text = f.refused(&alice(), HERE, turn("Buy P")).await;
    assert_eq!(text, "You can't buy: your king on e2 is attacked.");
    assert_eq!(f.core.store().owed_count().await.unwrap(), owed, "no news");
}

on_both!(
    a_probe_of_the_hidden_board_gets_one_sentence_and_is_announced,
    a_notation_ambiguous_only_through_hidden_pieces_gets_the_one_sentence,
    a_refusal_the_mover_can_see_keeps_its_words_and_no_news,
);

on_both!(
    fog_turns_keep_the_board_private,
    the_last_royal_captured_ends_a_fog_game,
    closed_dms_wait_for_the_next_command,
    debts_and_double_moves_in_messages,
    what_a_player_receives_depends_on_their_view_alone,
);

/// The rows of a fog game are kept with their terrain: a stored game plays on as it was.
#[tokio::test]
async fn a_stored_fog_game_keeps_its_terrain() {
    let f = fog_fixture(Backend::Sqlite, Recorder::default(), 5).await;
    f.start_with(fog()).await;
    let row: GameRow = f.row().await;
    let terrain = row.game.csipgs().unwrap().position().terrain();
    f.turn(&alice(), "Kd2").await;
    assert_eq!(
        f.row().await.game.csipgs().unwrap().position().terrain(),
        terrain
    );
    assert_eq!(
        f.row().await.game.csipgs().unwrap().start().terrain(),
        terrain
    );
}

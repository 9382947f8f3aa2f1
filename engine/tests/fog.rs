//! Moderated (fog) games (RULES.md section 8): terrain, no check, the moderator's refusals,
//! what each player sees, and a whole fog game replayed.

use engine::{
    mirror, Bitboard, Color, EndReason, Game, Options, Players, Position, Rules, Ruleset, Square,
    TurnError,
};

fn rules(options: &str) -> Rules {
    Rules::new(Ruleset::Classic, options.parse::<Options>().unwrap())
}

fn fog(text: &str) -> Game {
    Game::from_position(Position::parse(text, rules("fog")).unwrap())
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn squares(bb: Bitboard) -> Vec<String> {
    bb.map(|s| s.name()).collect()
}

#[test]
fn terrain_is_three_squares_on_ranks_three_and_four_and_their_mirror_images() {
    let mut layouts = std::collections::HashSet::new();
    for seed in 0..200u64 {
        let mut start = Position::start(rules("fog"));
        start.place_terrain(seed);
        let terrain = start.terrain();
        assert_eq!(terrain.count(), 6, "seed {seed}");
        let low: Vec<Square> = terrain.filter(|s| s.rank() < 4).collect();
        assert_eq!(low.len(), 3);
        for s in low {
            assert!((2..4).contains(&s.rank()));
            assert!(terrain.contains(mirror(s)));
        }
        // The same seed, the same layout.
        let mut again = Position::start(rules("fog"));
        again.place_terrain(seed);
        assert_eq!(again.terrain(), terrain);
        layouts.insert(terrain);
    }
    assert!(layouts.len() > 150, "seeds should spread the layouts");
    assert_eq!(mirror(sq("a3")), sq("h6"));
}

#[test]
fn terrain_is_never_on_or_next_to_a_king() {
    // Kings on d3 and e6 (mirror images): every square next to either is kept clear.
    for seed in 0..100u64 {
        let mut pos = Position::parse(
            "8/8/4k3/8/8/3K4/8/8 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1",
            rules("fog"),
        )
        .unwrap();
        pos.place_terrain(seed);
        for s in pos.terrain() {
            for king in [sq("d3"), sq("e6")] {
                let dx = (s.file() as i8 - king.file() as i8).abs();
                let dy = (s.rank() as i8 - king.rank() as i8).abs();
                assert!(dx > 1 || dy > 1, "seed {seed}: {s} next to {king}");
            }
        }
    }
}

#[test]
fn the_position_string_carries_terrain_only_in_fog_games() {
    let text = "4k3/8/8/8/8/8/8/4K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1 b3,c4,g4,b5,f5,g6";
    let pos = Position::parse(text, rules("fog")).unwrap();
    assert_eq!(
        pos.to_string(),
        "4k3/8/8/8/8/8/8/4K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1 b3,c4,g4,b5,f5,g6"
    );
    assert_eq!(squares(pos.terrain()), ["b3", "c4", "g4", "b5", "f5", "g6"]);
    let err = Position::parse(text, rules("")).unwrap_err().to_string();
    assert!(err.contains("only fog games have them"), "{err}");
    let err = Position::parse(
        "4k3/8/8/8/8/1N6/8/4K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1 b3",
        rules("fog"),
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("b3 is impassable but holds a piece"), "{err}");
    let err = Position::parse(
        "4k3/8/8/8/8/8/8/4K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1 b3,z9",
        rules("fog"),
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.contains("'b3,z9' is not a list of impassable squares"),
        "{err}"
    );
}

#[test]
fn riders_stop_before_terrain_leapers_jump_it_and_lame_leapers_are_blocked() {
    // The rook on a1 stops before a3; the knight on b1 jumps to c3 and d2 but can't land on
    // a3; the Chinese knight on g1 reaches e2 (f1 is clear), not f3 or h3 (g2 blocks).
    let g = fog("4k3/8/8/8/8/8/8/R(N)4(nN)K w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1 c1,a3,g2,f6,h8,b7");
    let mut all: Vec<String> = g.legal_actions().iter().map(|a| g.notate(a)).collect();
    all.sort();
    let rook: Vec<&String> = all.iter().filter(|m| m.starts_with('R')).collect();
    assert_eq!(rook, ["Ra2"]);
    assert!(all.contains(&"Nc3".to_string()));
    assert!(all.contains(&"Nd2".to_string()));
    assert!(!all.contains(&"Na3".to_string()));
    assert!(all.contains(&"(nN)e2".to_string()));
    assert!(!all.iter().any(|m| m == "(nN)f3" || m == "(nN)h3"));
}

#[test]
fn fog_has_no_check_and_taking_the_last_royal_wins() {
    let mut g = fog("8/8/8/3k4/8/4K3/8/8 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 9 a3,b3,c3,f6,g6,h6");
    // The white king may step next to the black one; no check is shown.
    let played = g.play_text("Ke4").unwrap();
    assert!(played.check.is_empty());
    assert_eq!(played.notation, "Ke4");
    let played = g.play_text("Kxe4").unwrap();
    assert_eq!(played.notation, "Kxe4");
    let outcome = played.outcome.unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::Black), EndReason::RoyalCaptured)
    );
}

#[test]
fn the_moderator_refuses_buys_and_drops_beside_an_attacked_royal_and_says_which() {
    let mut g = fog("8/8/3p4/8/8/4k3/4K3/8 w 5/0 N/- P,N,B,R,Q,K/P,N,B,R,Q,K 9 a3,b3,c3,f6,g6,h6");
    let err = g.play_text("Buy P").unwrap_err();
    assert_eq!(
        err.to_string(),
        "you can't buy: your king on e2 is attacked"
    );
    let err = g.play_text("N@d2").unwrap_err();
    assert_eq!(
        err.to_string(),
        "you can't transfer next to your king on e2: it is attacked"
    );
    // Both are still offered, so the offer list gives nothing away.
    let offered: Vec<String> = g.offered_actions().iter().map(|a| g.notate(a)).collect();
    assert!(offered.contains(&"Buy P".to_string()));
    assert!(offered.contains(&"N@d2".to_string()));
    // A drop far away is refused for being far away, not for what (unseen) stands there.
    let err = g.play_text("N@d6").unwrap_err();
    assert_eq!(
        err.to_string(),
        "d6 is not next to any of your royal pieces: transfer onto a square next to one"
    );
    // Naming an enemy piece's square as a starting square says only that it is not yours.
    let err = g.play_text("Ke3d4").unwrap_err();
    assert_eq!(err.to_string(), "you have no piece on e3");
}

#[test]
fn a_player_sees_their_pieces_their_moves_and_around_their_royals() {
    let g = fog("4k3/8/8/3p4/8/8/8/R3K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 5 c3,b6,h3,a6,g3,f6");
    let white = g.view(Color::White);
    // a1's rook: up the a-file to a6 (impassable, seen: it stops the ride), along rank 1 to
    // e1; the king's neighbours. The pawn on d5 is not seen.
    assert_eq!(
        squares(white.seen),
        ["a1", "b1", "c1", "d1", "e1", "f1", "a2", "d2", "e2", "f2", "a3", "a4", "a5", "a6"]
    );
    assert_eq!(squares(white.terrain), ["a6"]);
    assert_eq!(white.pieces.len(), 2);
    let black = g.view(Color::Black);
    assert!(black.seen.contains(sq("d4")) && !black.seen.contains(sq("e1")));
    assert!(black.pieces.iter().all(|(s, _, _)| *s != sq("a1")));
}

#[test]
fn terrain_once_seen_stays_remembered() {
    let mut g = fog("4k3/8/8/3p4/8/8/8/R3K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 5 c3,b6,h3,a6,g3,f6");
    g.play_text("Rb1").unwrap();
    let white = g.view(Color::White);
    assert!(!white.seen.contains(sq("a6")));
    assert!(white.terrain.contains(sq("a6")), "a6 was seen from a1");
    // And it survives storing the game.
    let stored: Game = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
    assert_eq!(stored.view(Color::White), white);
}

#[test]
fn a_whole_fog_game_replays_with_its_terrain() {
    let text = include_str!("fixtures/records/fog_game.txt");
    let replay = Game::replay(text).unwrap();
    let g = &replay.game;
    assert_eq!(
        squares(g.position().terrain()),
        ["b3", "c4", "g4", "b5", "f5", "g6"]
    );
    // 10.Kd5 walks into the white king's reach: legal in fog, and 11.Kxd5 ends it.
    let outcome = g.result().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::White), EndReason::RoyalCaptured)
    );
    let written = g.record_text(&Players {
        white: "Alice".into(),
        black: "Bob".into(),
    });
    assert!(
        written.contains("[Terrain \"b3,c4,g4,b5,f5,g6\"]"),
        "{written}"
    );
    assert!(!written.contains("[Start"), "{written}");
    let again = Game::replay(&written).unwrap().game;
    assert_eq!(again.position().to_string(), g.position().to_string());
}

#[test]
fn offered_moves_depend_only_on_what_the_mover_sees() {
    // White's doublemove rook sees the a-file and the first rank; a black pawn on h4 is
    // hidden. Its second step could reach h4, but the offer must not say whether it captures.
    let rules = rules("fog,unofficial");
    let with_pawn =
        "4k3/8/8/8/7p/8/8/(doublemove-R)3K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 5 c3,b6,h3,a6,g3,f6";
    let without =
        "4k3/8/8/8/8/8/8/(doublemove-R)3K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 5 c3,b6,h3,a6,g3,f6";
    let offers = |text: &str| {
        let g = Game::from_position(Position::parse(text, rules.clone()).unwrap());
        let mut notes: Vec<String> = g.offered_moves().map(|(_, n)| n).collect();
        notes.sort();
        (g, notes)
    };
    let (g, hidden) = offers(with_pawn);
    let (_, empty) = offers(without);
    assert_eq!(hidden, empty);
    assert!(hidden.contains(&"(doublemove-R)a4-h4".to_string()));
    // The moderator still knows: played as offered, it captures. The mover reads the turn
    // back as they know the board (no capture mark, no warning that would tell of the
    // pawn); the record keeps the truth.
    let mut g = g;
    let played = g.play_text("(doublemove-R)a4-h4").unwrap();
    assert_eq!(played.notation, "(doublemove-R)a4-h4");
    assert!(played.warnings.is_empty(), "{:?}", played.warnings);
    assert_eq!(g.turns()[0].notation, "(doublemove-R)a4-xh4");
}

fn unofficial_fog(text: &str) -> Game {
    Game::from_position(Position::parse(text, rules("fog,unofficial")).unwrap())
}

#[test]
fn a_refusal_with_a_hidden_cause_is_one_sentence_that_names_nothing() {
    assert_eq!(
        TurnError::HiddenBoard.to_string(),
        "that turn is not possible on the board as it stands"
    );
    // White's doublemove rook on a1 sees the a-file up to the impassable a6 and the first
    // rank. The black pawn on d4 and the impassable c3 are out of its sight.
    let mut g = unofficial_fog(
        "4k3/8/8/8/3p4/8/8/(doublemove-R)3K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 5 c3,b6,h3,a6,g3,f6",
    );
    let before = g.position().to_string();
    // A second step through the hidden pawn, and one through the hidden impassable square.
    for probe in ["(doublemove-R)a4-h4", "(doublemove-R)a3-d3"] {
        assert_eq!(
            g.play_text(probe).unwrap_err(),
            TurnError::HiddenBoard,
            "{probe}"
        );
        assert_eq!(
            g.parse_turn(probe).unwrap_err(),
            TurnError::HiddenBoard,
            "{probe}"
        );
    }
    // What the rook sees is refused as everywhere: a6 stops it, and it was seen.
    assert_eq!(
        g.play_text("(doublemove-R)a7-a8").unwrap_err().to_string(),
        "your (doublemove-R) can't move to a7 and then to a8"
    );
    assert_eq!(
        g.play_text("Kd3").unwrap_err().to_string(),
        "K can't reach d3 from e1"
    );
    // Refused attempts change nothing; a turn the true board allows is played.
    assert_eq!(g.position().to_string(), before);
    assert!(g.turns().is_empty());
    let played = g.play_text("(doublemove-R)a4-d4").unwrap();
    assert_eq!(played.notation, "(doublemove-R)a4-d4");
    assert_eq!(g.turns()[0].notation, "(doublemove-R)a4-xd4");
}

#[test]
fn a_lame_leap_over_a_hidden_piece_is_refused_in_the_one_sentence() {
    // The Chinese knight on g1 would pass g2, which nothing white sees.
    let mut g =
        fog("4k3/8/8/8/8/8/6p1/4K1(nN)1 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 5 c3,b6,h3,a6,g3,f6");
    assert!(!g.view(Color::White).seen.contains(sq("g2")));
    assert_eq!(g.play_text("(nN)f3").unwrap_err(), TurnError::HiddenBoard);
    assert!(g.play_text("(nN)e2").is_ok());
}

#[test]
fn a_notation_ambiguous_only_through_hidden_pieces_is_refused_in_the_one_sentence() {
    // Two doublemove pieces that step without capturing (mW) and capture only by alfil
    // leaps (cA): both can step to d3 and take the hidden pawn on f5 from there.
    let twins = "k7/8/8/5p2/8/2(doublemove-mWcA)1(doublemove-mWcA)3/8/7K w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 5 a4,b4,h4,h5,g5,a5";
    let mut g = unofficial_fog(twins);
    assert!(!g.view(Color::White).seen.contains(sq("f5")));
    for probe in ["(doublemove-mWcA)d3-xf5", "(doublemove-mWcA)d3-f5"] {
        assert_eq!(
            g.play_text(probe).unwrap_err(),
            TurnError::HiddenBoard,
            "{probe}"
        );
    }
    // Said which, it is played.
    assert!(g.play_text("(doublemove-mWcA)cd3-xf5").is_ok());

    // Ambiguous on what the mover sees: refused as ambiguous, named from that board alone,
    // whatever the hidden board says.
    // Here a hidden pawn on d4 stops both, which the mover can't know.
    let mut g = unofficial_fog(&twins.replace("5p2/8", "8/3p4"));
    assert!(!g.view(Color::White).seen.contains(sq("d4")));
    let err = g.play_text("(doublemove-mWcA)d3-d4").unwrap_err();
    assert!(matches!(err, TurnError::Ambiguous { .. }), "{err}");
}

#[test]
fn a_turn_is_read_back_without_telling_of_hidden_twins() {
    // Two identical doublemove pieces can both step to d3; the pawn on f5 that the turn
    // takes is hidden. The mover reads the turn back as the known board writes it: no
    // capture mark tells of the pawn.
    let twins = "k7/8/8/5p2/8/2(doublemove-mWcA)1(doublemove-mWcA)3/8/7K w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 5 a4,b4,h4,h5,g5,a5";
    let mut g = unofficial_fog(twins);
    let played = g.play_text("(doublemove-mWcA)cd3-xf5").unwrap();
    assert!(!played.notation.contains('x'), "{}", played.notation);
    assert!(
        g.turns()[0].notation.contains("xf5"),
        "{}",
        g.turns()[0].notation
    );
}

#[test]
fn a_stored_fog_game_keeps_what_each_side_remembers() {
    let text = include_str!("fixtures/records/fog_game.txt");
    // Unfinished, so there are views to compare: the game without its last turn.
    let last = Game::replay(text).unwrap().game.turns().len() - 1;
    let stored = serde_json::to_string(&walk_back(text, last)).unwrap();
    assert!(stored.contains("\"remembered\""), "{stored}");
    let loaded: Game = serde_json::from_str(&stored).unwrap();
    // Without the field (an older row), the turns are replayed to learn the same.
    let mut value: serde_json::Value = serde_json::from_str(&stored).unwrap();
    value.as_object_mut().unwrap().remove("remembered");
    let older: Game = serde_json::from_value(value).unwrap();
    let original = walk_back(text, last);
    for color in [Color::White, Color::Black] {
        assert_eq!(loaded.view(color), original.view(color));
        assert_eq!(older.view(color), original.view(color));
    }
}

/// The recorded fog game as it stood before its turn `plies` (0-based).
fn walk_back(text: &str, plies: usize) -> Game {
    let record = Game::replay(text).unwrap().game;
    let mut walk = Game::from_position(record.start().clone());
    for played in &record.turns()[..plies] {
        walk.play(played.turn.clone()).unwrap();
    }
    walk
}

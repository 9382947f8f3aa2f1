//! The unofficial prefixes (RULES.md section 5.1) and plunder (5.2) in play: what each
//! prefix does, how it is written, and a whole game using all three, replayed.

use engine::{
    Action, Color, EndReason, Game, Options, Players, Position, Rules, Ruleset, TurnError, Zorkmids,
};

const FIDE: &str = "P,N,B,R,Q,K/P,N,B,R,Q,K";

fn rules(options: &str) -> Rules {
    Rules::new(Ruleset::Classic, options.parse::<Options>().unwrap())
}

fn game(board: &str, rest: &str, options: &str) -> Game {
    let text = format!("{board} {rest} {FIDE} 1");
    Game::from_position(Position::parse(&text, rules(options)).unwrap())
}

fn moves(game: &Game) -> Vec<String> {
    let mut all: Vec<String> = game
        .legal_actions()
        .iter()
        .map(|a| game.notate(a))
        .collect();
    all.sort();
    all
}

#[test]
fn a_shooter_captures_without_moving() {
    let mut g = game(
        "4k3/8/8/3p4/8/8/8/(shooting-R)3K3",
        "w 0/0 -/-",
        "unofficial",
    );
    // It shoots along its lines up to the first piece: nothing on the a-file or rank 1 to hit,
    // so its moves are ordinary ones (a8 checks along the eighth rank).
    assert!(moves(&g).contains(&"(shooting-R)a8+".to_string()));
    g.play_text("(shooting-R)d1").unwrap();
    g.play_text("Kf8").unwrap();
    let played = g.play_text("(shooting-R)xd5").unwrap();
    assert_eq!(played.notation, "(shooting-R)xd5");
    assert_eq!(
        g.position().to_string(),
        "5k2/8/8/8/8/8/8/3(shooting-R)K3 b 2/1 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 4"
    );
}

#[test]
fn a_relay_piece_lends_its_moves_to_the_pieces_it_protects_and_no_further() {
    // The relay rook on d3 protects the knight on d2: the knight also moves as a rook, along
    // rank 2 and down to d1 (d3 holds its own piece).
    let g = game(
        "4k3/8/8/3p4/8/3(relay-R)4/3N4/4K3",
        "w 0/0 -/-",
        "unofficial",
    );
    let knight: Vec<String> = moves(&g)
        .into_iter()
        .filter(|m| m.starts_with('N'))
        .collect();
    assert_eq!(
        knight,
        [
            "Na2", "Nb1", "Nb2", "Nb3", "Nc2", "Nc4", "Nd1", "Ne2", "Ne4", "Nf1", "Nf2", "Nf3",
            "Ng2", "Nh2"
        ]
    );
    // Powers pass one step only: the relay knight on d2, protected by the relay rook, moves
    // as a rook too; the wazir on f1, protected by the knight alone, gets the knight's moves
    // but never the rook's that were relayed to the knight. The rook gets nothing: no relay
    // piece protects d3.
    let g = game(
        "4k3/8/8/8/8/3(relay-R)4/3(relay-N)4/4K(W)2",
        "w 0/0 -/-",
        "unofficial",
    );
    let of = |piece: &str| -> Vec<String> {
        moves(&g)
            .into_iter()
            .filter(|m| m.starts_with(piece))
            .collect()
    };
    // (On e3 the relay rook protects the wazir, which then checks up the e-file.)
    assert_eq!(of("(W)"), ["(W)e3+", "(W)f2", "(W)g1", "(W)g3", "(W)h2"]);
    assert!(of("(relay-N)").contains(&"(relay-N)a2".to_string()));
    assert_eq!(
        of("(relay-R)"),
        [
            "(relay-R)a3",
            "(relay-R)b3",
            "(relay-R)c3",
            "(relay-R)d4",
            "(relay-R)d5",
            "(relay-R)d6",
            "(relay-R)d7",
            "(relay-R)d8+",
            "(relay-R)e3+",
            "(relay-R)f3",
            "(relay-R)g3",
            "(relay-R)h3"
        ]
    );
}

#[test]
fn a_doublemove_piece_moves_twice_and_is_written_with_both_targets() {
    let mut g = game(
        "4k3/8/8/4p3/3(doublemove-WF)4/8/8/4K3",
        "w 0/0 -/-",
        "unofficial",
    );
    let all = moves(&g);
    // One per (from, first target, second target), and the single steps: 8 + 8 x 8.
    assert_eq!(
        all.iter()
            .filter(|m| m.starts_with("(doublemove-WF)"))
            .count(),
        72
    );
    for written in [
        "(doublemove-WF)xe5-f6",
        "(doublemove-WF)e4-xe5",
        "(doublemove-WF)d5-d4",
    ] {
        let unmarked = |m: &String| m.trim_end_matches(['+', '#']) == written;
        assert!(all.iter().any(unmarked), "{written}");
    }
    // Two steps away, it attacks the king: after xe5-e6 the black king is in check.
    let played = g.play_text("(doublemove-WF)xe5-e6").unwrap();
    assert_eq!(played.notation, "(doublemove-WF)xe5-e6#");
    assert_eq!(played.outcome.map(|o| o.reason), Some(EndReason::Checkmate));
}

#[test]
fn a_doublemove_action_that_is_not_possible_is_refused_with_both_targets_named() {
    let mut g = game(
        "4k3/8/8/4p3/3(doublemove-WF)4/8/8/4K3",
        "w 0/0 -/-",
        "unofficial",
    );
    let before = g.position().to_string();
    let err = g.play_text("(doublemove-WF)d5-d7").unwrap_err();
    assert_eq!(
        err.to_string(),
        "your (doublemove-WF) can't move to d5 and then to d7"
    );
    assert_eq!(g.position().to_string(), before);
}

#[test]
fn plunder_takes_half_the_price_and_debt_stops_buying() {
    // White's knight takes Black's queen (9): Black pays 4.5 from 2, into debt.
    let mut g = game("4k3/8/8/3q4/8/4N3/8/4K3", "w 0/2 -/-", "plunder");
    g.play_text("Nxd5").unwrap();
    assert_eq!(
        g.position().treasury(Color::Black),
        "-2.5".parse::<Zorkmids>().unwrap()
    );
    assert!(g.position().to_string().contains(" b 1/-2.5 "));
    // In debt Black still earns, but can buy nothing: -1.5 covers no price.
    assert!(g
        .legal_actions()
        .iter()
        .all(|a| !matches!(a, Action::Buy(_))));
    assert!(matches!(
        g.play_text("Buy P"),
        Err(TurnError::CantAfford { .. })
    ));
    // The position string keeps the debt, and reads back only with plunder on.
    let text = g.position().to_string();
    assert!(Position::parse(&text, rules("plunder")).is_ok());
    let err = Position::parse(&text, rules("")).unwrap_err().to_string();
    assert!(err.contains("only the plunder option"), "{err}");
}

#[test]
fn a_game_with_all_three_prefixes_replays_to_its_recorded_end() {
    let text = include_str!("fixtures/records/all_prefixes.txt");
    let replay = Game::replay(text).unwrap();
    let g = &replay.game;
    assert!(replay.warnings.is_empty(), "{:?}", replay.warnings);
    // 12.Kf7 is the king's relayed knight move (the relay knight on e8 protects d6);
    // 13 shoots the relay knight (plunder 3: 40 -> 37); 19 takes both black kings.
    let notes: Vec<&str> = g.turns().iter().map(|t| t.notation.as_str()).collect();
    assert_eq!(notes[11], "Kf7");
    assert_eq!(notes[12], "(shooting-R)xe8");
    assert_eq!(notes[18], "(doublemove-WF)xf6-xg7");
    assert_eq!(
        g.turns()[12].treasuries,
        ["14".parse().unwrap(), "37".parse().unwrap()]
    );
    let outcome = g.result().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::White), EndReason::RoyalCaptured)
    );
    assert_eq!(
        g.position().to_string(),
        "8/6(doublemove-WF)1/8/8/8/8/1K2(shooting-R)3/8 b 17/16 -/- P,N,doublemove-WF,shooting-R,Q,K/P,relay-N,B,R,Q,K 20"
    );
    // Written out and read back, it is the same game.
    let written = g.record_text(&Players {
        white: "Alice".into(),
        black: "Bob".into(),
    });
    assert!(
        written.contains("[Termination \"royal captured\"]"),
        "{written}"
    );
    let again = Game::replay(&written).unwrap().game;
    assert_eq!(again.position().to_string(), g.position().to_string());
    assert_eq!(again.result(), g.result());
}

#[test]
fn prefixes_are_refused_without_the_unofficial_option() {
    let mut g = game("4k3/8/8/8/8/8/8/4K3", "w 0/0 -/-", "");
    let err = g.play_text("Kd2; R=shooting-R").unwrap_err();
    assert_eq!(
        err.to_string(),
        "shooting- is unofficial: this game was started without the unofficial option"
    );
}

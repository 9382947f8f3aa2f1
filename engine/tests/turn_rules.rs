//! One test per rule of RULES.md sections 2 (a turn) and 3 (check and royal pieces), each
//! played from a position string. Every refused turn must leave the game exactly as it was.

use engine::{Color, EndReason, Game, Options, Outcome, Position, Rules, Ruleset};

const FIDE: &str = "P,N,B,R,Q,K/P,N,B,R,Q,K";

fn game_with(rules: Rules, position: &str) -> Game {
    Game::from_position(Position::parse(position, rules).unwrap_or_else(|e| panic!("{e}")))
}

fn game(position: &str) -> Game {
    game_with(Ruleset::Classic.into(), position)
}

fn json(game: &Game) -> String {
    serde_json::to_string(game).expect("games serialise")
}

/// Play a turn that must be legal; returns its notation.
fn play(game: &mut Game, text: &str) -> String {
    match game.play_text(text) {
        Ok(played) => played.notation,
        Err(e) => panic!("{text} was refused: {e}"),
    }
}

/// Play a turn that must be refused, check nothing changed, and return the reason.
fn refused(game: &mut Game, text: &str) -> String {
    let before = json(game);
    let err = game
        .play_text(text)
        .map(|p| p.notation)
        .expect_err("the turn should be refused");
    assert_eq!(json(game), before, "refusing {text} changed the game");
    err.to_string()
}

fn position(game: &Game) -> String {
    game.position().to_string()
}

// Section 2: a turn.

#[test]
fn credit_comes_before_the_action() {
    // 2 zorkmids + 1 credit = 3: a knight is affordable, and the treasury ends at 0.
    let mut g = game(&format!("4k3/8/8/8/8/8/8/4K3 w 2/0 -/- {FIDE} 1"));
    play(&mut g, "Buy N");
    assert_eq!(
        position(&g),
        format!("4k3/8/8/8/8/8/8/4K3 b 0/0 N/- {FIDE} 2")
    );
    // A move credits too: Black's treasury goes 0 -> 1.
    play(&mut g, "Kd7");
    assert_eq!(g.position().treasury(Color::Black).to_string(), "1");
}

#[test]
fn price_is_compared_with_the_treasury_after_credit() {
    let mut g = game("4k3/8/8/8/8/8/8/4K3 w 1/0 -/- P,N,WD,R,Q,K/P,N,B,R,Q,K 1");
    assert_eq!(refused(&mut g, "Buy WD"), "a WD costs 3, you have 2");
    assert_eq!(refused(&mut g, "Buy N"), "an N costs 3, you have 2");
    assert_eq!(refused(&mut g, "Buy Q"), "a Q costs 9, you have 2");
    play(&mut g, "Buy P");
}

#[test]
fn exactly_one_action() {
    let mut g = game(&format!("4k3/8/8/8/8/8/8/4K3 w 9/0 N/- {FIDE} 1"));
    assert!(refused(&mut g, "Kd2 Kd3").contains("is not an action"));
    assert_eq!(
        refused(&mut g, "Buy N, B"),
        "only one piece can be bought per turn in classic; several buys are a progressive rule"
    );
    assert_eq!(
        refused(&mut g, "Kd2; Buy N"),
        "buying in the design phase needs the power option; this game was started without it"
    );
    assert!(refused(&mut g, "Kd2; N@d1").contains("is not a redesign"));
    assert!(refused(&mut g, "").contains("the turn is empty"));
}

#[test]
fn transfer_goes_to_an_empty_square_next_to_a_royal() {
    let mut g = game(&format!("4k3/8/8/8/8/8/3P4/4K3 w 0/0 N/- {FIDE} 1"));
    assert_eq!(
        refused(&mut g, "N@e3"),
        "e3 is not next to any of your royal pieces: transfer onto a square next to one"
    );
    assert_eq!(
        refused(&mut g, "N@d2"),
        "d2 is occupied: transfer onto an empty square"
    );
    assert_eq!(refused(&mut g, "B@d1"), "you have no B in reserve");
    assert_eq!(play(&mut g, "N@f2"), "N@f2");
    assert_eq!(
        position(&g),
        format!("4k3/8/8/8/8/8/3P1N2/4K3 b 1/0 -/- {FIDE} 2")
    );
}

#[test]
fn no_transfer_next_to_a_royal_in_check() {
    let mut g = game(&format!("4r2k/8/8/8/8/8/8/4K3 w 0/0 N/- {FIDE} 1"));
    assert_eq!(
        refused(&mut g, "N@e2"),
        "you can't transfer next to your king on e1: it is in check"
    );
    assert_eq!(
        refused(&mut g, "N@f1"),
        "you can't transfer next to your king on e1: it is in check"
    );
}

#[test]
fn no_buying_in_check() {
    let mut g = game(&format!("4r2k/8/8/8/8/8/8/4K3 w 10/0 -/- {FIDE} 1"));
    assert_eq!(
        refused(&mut g, "Buy N"),
        "you can't buy while your king on e1 is in check"
    );
}

#[test]
fn sixteen_pieces_at_most_counting_reserve_and_royals() {
    // The king, 8 pawns on the board and 7 in reserve: 16.
    let full = format!("4k3/8/8/8/8/8/PPPPPPPP/4K3 w 20/0 P,P,P,P,P,P,P/- {FIDE} 1");
    let mut g = game(&full);
    assert_eq!(
        refused(&mut g, "Buy N"),
        "you have 16 pieces already (board and reserve); the limit is 16"
    );
    // With 6 in reserve (15 pieces) one more fits.
    let mut g = game(&full.replace("P,P,P,P,P,P,P/", "P,P,P,P,P,P/"));
    play(&mut g, "Buy N");
    assert_eq!(g.position().piece_count(Color::White), 16);
}

#[test]
fn progressive_buys_several_within_the_limit() {
    let rules: Rules = Ruleset::Progressive.into();
    // 14 pieces: two more fit, three don't.
    let text = format!("4k3/8/8/8/8/8/PPPPPPPP/4K3 w 20/0 P,P,P,P,P/- {FIDE} 1");
    let mut g = game_with(rules.clone(), &text);
    assert_eq!(
        refused(&mut g, "Buy N, N, N"),
        "you have 14 pieces already (board and reserve); the limit is 16"
    );
    play(&mut g, "Buy N, N");
    // Bodlaender prices: 6 for two knights, and the first ply's income is 1.
    assert_eq!(g.position().treasury(Color::White).to_string(), "15");
    let mut g = game_with(rules, &text.replace(" 20/0 ", " 4/0 "));
    assert_eq!(
        refused(&mut g, "Buy N, B"),
        "buying N, B costs 6, you have 5"
    );
}

#[test]
fn buy_only_current_designs() {
    let mut g = game(&format!("4k3/8/8/8/8/8/8/4K3 w 9/0 -/- {FIDE} 1"));
    assert_eq!(
        refused(&mut g, "Buy WD"),
        "WD is not one of your designs; your designs are P, N, B, R, Q, K"
    );
}

#[test]
fn redesign_replaces_one_slot_with_a_new_priced_design() {
    let mut g = game(&format!("4k3/8/8/8/8/8/8/4K3 w 0/0 -/- {FIDE} 1"));
    assert_eq!(
        refused(&mut g, "Kd2; B=N"),
        "your designs already include N; each slot must hold a different design"
    );
    // Equal by meaning: RB is the queen.
    assert_eq!(
        refused(&mut g, "Kd2; B=RB"),
        "your designs already include Q; each slot must hold a different design"
    );
    assert!(refused(&mut g, "Kd2; B=Z").starts_with("Z can't be designed: "));
    assert_eq!(
        refused(&mut g, "Kd2; WD=WF"),
        "you have no WD design to replace; your designs are P, N, B, R, Q, K"
    );
    assert_eq!(
        refused(&mut g, "Kd2; B=relay-WF"),
        "relay- is unofficial: this game was started without the unofficial option"
    );
    assert_eq!(play(&mut g, "Kd2; B=WD"), "Kd2; B=WD");
    assert_eq!(
        position(&g),
        "4k3/8/8/8/8/8/3K4/8 b 1/0 -/- P,N,WD,R,Q,K/P,N,B,R,Q,K 2"
    );
}

#[test]
fn unofficial_prefixes_need_the_option() {
    let rules = Rules::new(
        Ruleset::Classic,
        Options {
            unofficial: true,
            ..Options::default()
        },
    );
    let mut g = game_with(rules, &format!("4k3/8/8/8/8/8/8/4K3 w 0/0 -/- {FIDE} 1"));
    play(&mut g, "Kd2; B=relay-WF");
    assert_eq!(g.position().slots(Color::White)[2].to_string(), "relay-WF");
}

#[test]
fn bought_pieces_keep_their_design() {
    let mut g = game(&format!("4k3/8/8/8/8/8/8/3NK3 w 0/0 N/- {FIDE} 1"));
    play(&mut g, "Kf2; N=WD");
    play(&mut g, "Kd7");
    // The reserve knight and the board knight are still knights.
    assert_eq!(play(&mut g, "N@e2"), "N@e2");
    play(&mut g, "Kd6");
    assert_eq!(play(&mut g, "Nb2"), "Nb2");
    assert_eq!(
        position(&g),
        "8/8/3k4/8/8/8/1N2NK2/8 b 3/2 -/- P,WD,B,R,Q,K/P,N,B,R,Q,K 6"
    );
}

// Section 3: check and royal pieces.

#[test]
fn one_royal_must_not_be_left_in_check() {
    let mut g = game(&format!("4r2k/8/8/8/8/8/3N4/4K3 w 0/0 -/- {FIDE} 1"));
    assert_eq!(
        refused(&mut g, "Ke2"),
        "your king on e1 is in check: move it, capture the checking piece or block the check"
    );
    assert_eq!(
        refused(&mut g, "Nb3"),
        "your king on e1 is in check: move it, capture the checking piece or block the check"
    );
    play(&mut g, "Ne4");
    play(&mut g, "Kg7");
    // The knight is pinned now.
    assert_eq!(
        refused(&mut g, "Nc5"),
        "that move would leave your king on e1 in check"
    );
}

#[test]
fn checkmate_ends_the_game() {
    // Black: Kg8, 0 zorkmids (no buy). White mates with Ra8.
    let mut g = game(&format!("6k1/8/6K1/8/8/8/8/R7 w 0/0 -/- {FIDE} 1"));
    let played = g.play_text("Ra8").expect("legal");
    assert_eq!(played.notation, "Ra8#");
    assert_eq!(
        played.outcome,
        Some(Outcome {
            winner: Some(Color::White),
            reason: EndReason::Checkmate
        })
    );
    assert_eq!(
        refused(&mut g, "Kf8"),
        "the game is over (1-0, White wins by checkmate)"
    );
    assert!(g.legal_actions().is_empty());
}

#[test]
fn mate_stands_whatever_money_or_reserve_the_mated_side_has() {
    // Buying and transferring are both illegal next to a checked lone royal.
    for black in ["0/5 -/-", "0/0 -/N"] {
        let mut g = game(&format!("6k1/8/6K1/8/8/8/8/R7 w {black} {FIDE} 1"));
        assert_eq!(play(&mut g, "Ra8"), "Ra8#");
        assert_eq!(g.result().map(|o| o.reason), Some(EndReason::Checkmate));
    }
}

#[test]
fn no_legal_action_loses() {
    // Stalemate: White Ka1 has no move, no reserve and 0 + 1 zorkmids (a pawn costs 2).
    let g = game(&format!("7k/8/8/8/8/1q6/8/K7 w 0/0 -/- {FIDE} 1"));
    assert_eq!(
        g.result(),
        Some(&Outcome {
            winner: Some(Color::Black),
            reason: EndReason::NoLegalAction
        })
    );
    assert_eq!(
        g.result().unwrap().to_string(),
        "0-1, Black wins by no legal action"
    );
    // With 1 zorkmid saved a pawn can be bought: not lost.
    let mut g = game(&format!("7k/8/8/8/8/1q6/8/K7 w 1/0 -/- {FIDE} 1"));
    assert!(!g.is_over());
    assert_eq!(g.legal_actions().len(), 1);
    play(&mut g, "Buy P");
}

#[test]
fn two_royals_may_ignore_check_and_be_captured() {
    let mut g = game(&format!("r3k3/8/8/8/8/8/8/K3K3 w 0/0 -/- {FIDE} 1"));
    // Ka1 is in check and stays there while the other king moves.
    assert_eq!(play(&mut g, "Kd2"), "Kd2");
    assert_eq!(play(&mut g, "Rxa1"), "Rxa1");
    assert_eq!(g.position().royals(Color::White).count(), 1);
    // The last royal is under normal rules: rank 1 is the rook's.
    assert_eq!(
        refused(&mut g, "Kd1"),
        "that move would leave your king on d2 in check"
    );
    play(&mut g, "Ke3");
}

#[test]
fn two_royals_may_move_into_check() {
    let mut g = game(&format!("4k3/8/8/8/8/8/r7/K3K3 w 0/0 -/- {FIDE} 1"));
    assert_eq!(play(&mut g, "Ke2"), "Ke2");
    // The rook on a2 attacks a1 and, along rank 2, e2: both royals are in check.
    assert_eq!(g.position().royals_in_check(Color::White).len(), 2);
}

#[test]
fn two_royals_no_buy_while_either_is_checked() {
    let mut g = game(&format!("4r2k/8/8/8/8/8/8/K3K3 w 10/0 N/- {FIDE} 1"));
    assert_eq!(
        refused(&mut g, "Buy N"),
        "you can't buy while your king on e1 is in check"
    );
    assert_eq!(
        refused(&mut g, "N@e2"),
        "you can't transfer next to your king on e1: it is in check"
    );
    assert_eq!(play(&mut g, "N@b2"), "N@b2");
}

#[test]
fn a_royal_without_escape_is_not_mate_while_another_remains() {
    // Black has kings on a8 and h8. Ra1 leaves the a8 king no square (Kc7 guards b7 b8),
    // but Black has another royal: play goes on, and Black may ignore the check.
    let mut g = game(&format!("k6k/2K5/8/8/8/8/8/1R6 w 0/0 -/- {FIDE} 1"));
    assert_eq!(play(&mut g, "Ra1"), "Ra1+");
    assert!(!g.is_over());
    play(&mut g, "Kg8");
    // Taking a royal; the last one, on g8, is in check along rank 8 under normal rules now.
    assert_eq!(play(&mut g, "Rxa8"), "Rxa8+");
    assert_eq!(
        refused(&mut g, "Kh8"),
        "your king on g8 is in check: move it, capture the checking piece or block the check"
    );
    play(&mut g, "Kg7");
}

#[test]
fn a_royal_in_reserve_is_an_ordinary_piece() {
    // The king in reserve doesn't count: Ke1 is the only royal, so check must be answered.
    let mut g = game(&format!("4r2k/8/8/8/8/8/8/R3K3 w 0/0 K/- {FIDE} 1"));
    assert_eq!(
        refused(&mut g, "Ra2"),
        "your king on e1 is in check: move it, capture the checking piece or block the check"
    );
    assert_eq!(
        refused(&mut g, "K@d2"),
        "you can't transfer next to your king on e1: it is in check"
    );
    play(&mut g, "Kd2");
    play(&mut g, "Kg8");
    // Once placed it is royal: two royals now.
    play(&mut g, "K@c2");
    assert_eq!(g.position().royals(Color::White).count(), 2);
}

#[test]
fn no_castling() {
    let mut g = game(&format!("4k3/8/8/8/8/8/8/4K2R w 0/0 -/- {FIDE} 1"));
    assert_eq!(refused(&mut g, "Kg1"), "K can't reach g1 from e1");
    assert!(refused(&mut g, "O-O").starts_with("'O' is not a design"));
}

#[test]
fn no_double_step() {
    let mut g = game(&format!("4k3/3p4/8/4P3/8/8/4P3/4K3 w 0/0 -/- {FIDE} 1"));
    assert_eq!(refused(&mut g, "e4"), "none of your P pieces can reach e4");
    assert_eq!(refused(&mut g, "e2e4"), "P can't reach e4 from e2");
    play(&mut g, "e3");
    assert_eq!(refused(&mut g, "d5"), "P can't reach d5 from d7");
}

#[test]
fn no_en_passant() {
    // The black pawn steps d6-d5 next to the white one on e5; exd6 would be en passant.
    let mut g = game(&format!("4k3/8/3p4/4P3/8/8/8/4K3 b 0/0 -/- {FIDE} 2"));
    play(&mut g, "d5");
    assert_eq!(refused(&mut g, "exd6"), "P can't reach d6 from e5");
}

#[test]
fn a_pawn_on_the_last_rank_stays_a_pawn() {
    let mut g = game(&format!("k7/4P3/8/8/8/8/8/4K3 w 0/0 -/- {FIDE} 1"));
    // Pawn moves are written with their letter.
    assert_eq!(play(&mut g, "e8"), "Pe8");
    assert_eq!(
        position(&g),
        format!("k3P3/8/8/8/8/8/8/4K3 b 1/0 -/- {FIDE} 2")
    );
    play(&mut g, "Kb7");
    assert_eq!(
        refused(&mut g, "e9").split(':').next(),
        Some("'e9' is not a square")
    );
    assert_eq!(
        g.legal_actions()
            .iter()
            .filter(|a| matches!(a, engine::Action::Move { from, .. } if from.to_string() == "e8"))
            .count(),
        0
    );
}

#[test]
fn a_piece_cannot_capture_its_own_side() {
    let mut g = game(&format!("4k3/8/8/8/8/8/8/3QK3 w 0/0 -/- {FIDE} 1"));
    assert_eq!(
        refused(&mut g, "Qxe1"),
        "e1 holds your own K; a piece can't capture its own side"
    );
}

#[test]
fn unreachable_squares_are_explained() {
    let mut g = game(&format!("4k3/8/8/8/3(WD)4/8/8/4K3 w 0/0 -/- {FIDE} 1"));
    assert_eq!(refused(&mut g, "(WD)e6"), "(WD) can't reach e6 from d4");
    // Designs compare by meaning: (DW) names the (WD).
    assert_eq!(refused(&mut g, "(DW)e5"), "(DW) can't reach e5 from d4");
    assert_eq!(refused(&mut g, "Ne4"), "you have no N on the board");
    assert_eq!(refused(&mut g, "(WD)d4"), "your (WD) is on d4 already");
}

#[test]
fn draws_only_in_classic() {
    let start = format!("4k3/8/8/8/8/8/8/4K3 w 0/0 -/- {FIDE} 1");
    let mut g = game(&start);
    let draw = g.agree_draw().expect("classic allows draws");
    assert_eq!(draw.to_string(), "1/2-1/2, drawn by agreement");
    for ruleset in [Ruleset::Kurnia, Ruleset::Progressive] {
        let mut g = game_with(ruleset.into(), &start);
        let before = json(&g);
        assert_eq!(
            g.agree_draw().unwrap_err().to_string(),
            "agreeing to a draw is illegal in this ruleset"
        );
        assert_eq!(json(&g), before);
    }
}

#[test]
fn power_buys_in_the_design_phase() {
    let rules = Rules::new(
        Ruleset::Classic,
        Options {
            power: true,
            ..Options::default()
        },
    );
    let mut g = game_with(rules, &format!("4k3/8/8/8/8/8/8/4K3 w 2/0 -/- {FIDE} 1"));
    assert_eq!(
        refused(&mut g, "Buy N"),
        "with the power option, buying happens in the design phase: write it after the action, as in 'Kd2; Buy N'"
    );
    // Buys are not actions under power.
    assert!(g
        .legal_actions()
        .iter()
        .all(|a| !matches!(a, engine::Action::Buy(_))));
    assert_eq!(play(&mut g, "Kd2; Buy N"), "Kd2; Buy N");
    assert_eq!(
        position(&g),
        format!("4k3/8/8/8/8/8/3K4/8 b 0/0 N/- {FIDE} 2")
    );
}

#[test]
fn power_buy_obeys_the_buy_rules() {
    let rules = Rules::new(
        Ruleset::Classic,
        Options {
            power: true,
            ..Options::default()
        },
    );
    let mut g = game_with(rules, &format!("4k3/8/8/8/8/8/8/4K3 w 1/0 -/- {FIDE} 1"));
    assert_eq!(refused(&mut g, "Kd2; Buy N"), "an N costs 3, you have 2");
    // Two royals, Ke1 checked by the rook: the move is legal, the buy after it is not.
    let mut g = game_with(
        g.rules().clone(),
        &format!("4r2k/8/8/8/8/8/8/K3K3 w 5/0 -/- {FIDE} 1"),
    );
    assert_eq!(
        refused(&mut g, "Kb2; Buy N"),
        "you can't buy while your king on e1 is in check"
    );
}

#[test]
fn refused_turns_leave_everything_untouched() {
    // Every kind of refusal from one position; `refused` compares the JSON each time.
    let mut g = game(&format!("4r2k/8/8/8/8/8/3N4/4K3 w 10/0 N/- {FIDE} 1"));
    for text in [
        "Buy N",
        "N@d1",
        "Nb3",
        "Kxe8",
        "Ra1",
        "h4",
        "Buy Z",
        "Kf1; B=N",
        "Kf1; B=Z",
        "Kf1; Buy N",
        "Z@d1",
        "xyz",
    ] {
        refused(&mut g, text);
    }
    assert_eq!(g.turns().len(), 0);
}

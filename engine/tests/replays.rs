//! Records replayed (RULES.md sections 6 and 9): short games that end in checkmate, in a
//! no-legal-action loss, and a two-royal game with a royal captured; export then import
//! gives the same game; check marks are written; wrong marks are warnings; the Termination
//! tag says how a finished game ended.

use engine::{Color, EndReason, Game, Players, ReplayError, Ruleset, TurnError};

const FIDE: &str = "P,N,B,R,Q,K/P,N,B,R,Q,K";

fn json(game: &Game) -> String {
    serde_json::to_string(game).expect("games serialise")
}

fn replay(text: &str) -> engine::Replay {
    Game::replay(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Export, import, and compare everything the game stores.
fn round_trip(game: &Game) -> String {
    let players = Players {
        white: "Ann".into(),
        black: "Bo".into(),
    };
    let text = game.record_text(&players);
    let again = replay(&text);
    assert!(again.warnings.is_empty(), "{:?}", again.warnings);
    assert_eq!(again.players, players);
    assert_eq!(json(&again.game), json(game), "{text}");
    text
}

fn notations(game: &Game) -> Vec<&str> {
    game.turns().iter().map(|t| t.notation.as_str()).collect()
}

#[test]
fn checkmate_with_a_bought_queen() {
    // 8 + 1 buys the queen; Black's king goes to g8; the queen drops next to Kf6 on g7,
    // guarded by the king: mate (Black can't buy or transfer while in check).
    let text = format!(
        "[Ruleset \"classic\"]\n[Start \"7k/8/5K2/8/8/8/8/8 w 8/0 -/- {FIDE} 1\"]\n\n\
         1.Buy Q 2.Kg8 3.Q@g7#\n"
    );
    let r = replay(&text);
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    let outcome = r.game.result().expect("mate ends the game");
    assert_eq!(outcome.winner, Some(Color::White));
    assert_eq!(outcome.reason, EndReason::Checkmate);
    assert_eq!(notations(&r.game), ["Buy Q", "Kg8", "Q@g7#"]);
    assert_eq!(
        r.game.position().to_string(),
        format!("6k1/6Q1/5K2/8/8/8/8/8 b 1/1 -/- {FIDE} 4")
    );
    let exported = round_trip(&r.game);
    assert!(exported.contains("3.Q@g7# 1-0"), "{exported}");
    assert!(exported.contains("[Result \"1-0\"]"), "{exported}");
}

#[test]
fn no_legal_action_loses() {
    // Black's designs all cost 5 or more, so 3 zorkmids buy nothing; after Qg6 the king on
    // h8 has no move and is not in check: Black loses.
    let text = "[Start \"7k/8/8/6Q1/8/8/8/K7 w 0/0 -/- P,N,B,R,Q,K/R,Q,K,NN,RN,BN 1\"]\n\n\
         1.Kb2 2.Kh7 3.Kc3 4.Kh8 5.Qg6 1-0\n";
    let r = replay(text);
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    let outcome = r.game.result().expect("no legal action ends the game");
    assert_eq!(outcome.winner, Some(Color::White));
    assert_eq!(outcome.reason, EndReason::NoLegalAction);
    assert_eq!(outcome.to_string(), "1-0, White wins by no legal action");
    round_trip(&r.game);
}

#[test]
fn two_royals_one_captured() {
    // White has kings on a1 and e1. Black's rook checks a1; White ignores it (legal with two
    // royals), the rook takes the king, and the last white king is under normal rules: it
    // may not step onto the rook's rank.
    let start = format!("r3k3/8/8/8/8/8/8/K3K3 w 0/0 -/- {FIDE} 1");
    let text = format!("[Start \"{start}\"]\n\n1.Kd2 2.Rxa1 3.Ke3 4.Ra3+ 5.Kd4\n");
    let r = replay(&text);
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    assert_eq!(notations(&r.game), ["Kd2", "Rxa1", "Ke3", "Ra3+", "Kd4"]);
    assert_eq!(r.game.position().royals(Color::White).count(), 1);
    assert!(!r.game.is_over());
    round_trip(&r.game);

    let bad = format!("[Start \"{start}\"]\n\n1.Kd2 2.Rxa1 3.Kd1\n");
    let err = Game::replay(&bad).expect_err("Kd1 steps onto the rook's rank");
    assert_eq!(
        err.to_string(),
        "illegal at turn 3 (line 3, column 14): that move would leave your king on d2 in check"
    );
    match err {
        ReplayError::Illegal {
            turn,
            at,
            reason,
            before,
        } => {
            assert_eq!(turn, 3);
            assert_eq!(at, (3, 14));
            assert_eq!(reason, TurnError::LeavesCheck("king on d2".into()));
            assert_eq!(before.turns().len(), 2);
        }
        other => panic!("expected an illegal turn, got {other:?}"),
    }
}

#[test]
fn a_bracketed_k_is_the_non_royal_wf() {
    // In position strings and records a design in brackets is Betza's notation: (K) = WF,
    // written back as (WF) so no reader can take it for the king.
    let text =
        format!("[Start \"4k3/4[K]3/8/8/8/8/3(K)4/4K3 w 0/0 -/- {FIDE} 1\"]\n\n1.(K)d3 2.(K)e6\n");
    let r = replay(&text);
    assert_eq!(r.game.start().royals(Color::White).count(), 1);
    assert_eq!(r.game.start().royals(Color::Black).count(), 1);
    assert_eq!(notations(&r.game), ["(WF)d3", "(WF)e6"]);
    round_trip(&r.game);
}

#[test]
fn a_buy_can_leave_a_check_standing() {
    // Black has two kings and ignores the check on a8; White's buy then leaves Black in
    // check, and the record says so: the mark belongs to whatever action came before it.
    let text =
        format!("[Start \"k3k3/8/8/8/8/8/8/1R2K3 w 2/0 -/- {FIDE} 1\"]\n\n1.Ra1+ 2.Kd7 3.Buy P+\n");
    let r = replay(&text);
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    assert_eq!(notations(&r.game), ["Ra1+", "Kd7", "Buy P+"]);
    round_trip(&r.game);
    let unmarked = replay(&text.replace("3.Buy P+", "3.Buy P"));
    assert_eq!(json(&unmarked.game), json(&r.game));
}

#[test]
fn progressive_multi_buy() {
    // Income: plies 1-7 give 1, 8-14 give 2. White's turns 1 3 5 7 9 11 13 bring
    // 1+1+1+1+2+2+2 = 10; WD and N cost 3 each on Bodlaender's table: 9 for the three.
    // Black's turns 2 4 6 8 10 12 14 bring 1+1+1+2+2+2+2 = 11.
    let text = "[Ruleset \"progressive\"]\n\n\
        1.Kd2; B=WD 2.Kd7 3.Kd3 4.Kd6 5.Kc3 6.Kc6 7.Kd3 8.Kd6 9.Kc3 10.Kc6 11.Kd3 12.Kd6 \
        13.Buy WD, N, N 14.Kc6\n";
    let r = replay(text);
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    assert_eq!(r.game.turns()[12].notation, "Buy WD, N, N");
    assert_eq!(r.game.turns()[12].treasuries[0].to_string(), "1");
    assert_eq!(
        r.game.position().to_string(),
        "8/8/2k5/8/8/3K4/8/8 w 1/11 WD,N,N/- P,N,WD,R,Q,K/P,N,B,R,Q,K 15"
    );
    let exported = round_trip(&r.game);
    assert!(exported.contains("13.Buy WD, N, N"), "{exported}");
    // The same buy in classic is refused.
    let classic = text.replace("progressive", "classic");
    match Game::replay(&classic) {
        Err(ReplayError::Illegal { turn, reason, .. }) => {
            assert_eq!(turn, 13);
            assert!(matches!(reason, TurnError::MultiBuy(_)), "{reason}");
        }
        other => panic!("expected an illegal turn, got {other:?}"),
    }
}

#[test]
fn check_marks_are_written_on_export() {
    // The sample game of RULES.md section 9: (WD)@d4 gives check.
    let text = "[Ruleset \"classic\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n\n\
        1.Kd2; B=WD 2.Kd7 3.Kd3 4.Kd6; B=fbDbcA 5.Buy WD 6.Buy fbDbcA 7.(WD)@d4 8.Ke6\n";
    let r = replay(text);
    assert_eq!(
        r.game.position().to_string(),
        "8/8/4k3/8/3(WD)4/3K4/8/8 w 1/2 -/fbDbcA P,N,WD,R,Q,K/P,N,fbDbcA,R,Q,K 9"
    );
    let exported = round_trip(&r.game);
    assert!(exported.contains("7.(WD)@d4+ 8.Ke6"), "{exported}");
}

#[test]
fn wrong_marks_are_warnings() {
    let text = "1.Kd2+ 2.Kd7 3.Kd3 4.Kd6 5.Buy P 6.Kd7 7.P@c3# 8.Kd6 9.Kxe2\n";
    let r = replay(text);
    let warnings: Vec<(u32, String)> = r
        .warnings
        .iter()
        .map(|(turn, w)| (*turn, w.to_string()))
        .collect();
    assert_eq!(
        warnings,
        [
            (1, "'+' marks the move, but it gives no check".to_string()),
            (
                7,
                "'#' marks the transfer, but it gives no check".to_string()
            ),
            (9, "'x' marks a capture, but e2 is empty".to_string()),
        ]
    );
    // The game is the same as with the right marks.
    let clean =
        Game::replay("1.Kd2 2.Kd7 3.Kd3 4.Kd6 5.Buy P 6.Kd7 7.P@c3 8.Kd6 9.Ke2\n").expect("legal");
    assert_eq!(json(&r.game), json(&clean.game));
}

#[test]
fn missing_and_wrong_numbers_and_results() {
    // Numbers that don't match the ply are warnings; a result that contradicts the board too.
    let text = format!(
        "[Start \"6k1/8/6K1/8/8/8/8/R7 w 0/0 -/- {FIDE} 1\"]\n[Result \"0-1\"]\n\n2.Ra8#\n"
    );
    let r = replay(&text);
    let warnings: Vec<String> = r.warnings.iter().map(|(_, w)| w.to_string()).collect();
    assert_eq!(
        warnings,
        [
            "numbered 2, but it is turn 1",
            "the record says 0-1, but the board says 1-0"
        ]
    );
    assert_eq!(r.game.result().map(|o| o.winner), Some(Some(Color::White)));
}

#[test]
fn turns_after_the_end_are_refused() {
    let text = format!("[Start \"6k1/8/6K1/8/8/8/8/R7 w 0/0 -/- {FIDE} 1\"]\n\n1.Ra8# 2.Kf8\n");
    match Game::replay(&text) {
        Err(e @ ReplayError::AfterEnd { .. }) => assert_eq!(
            e.to_string(),
            "turn 2 is written after the game ended (1-0, White wins by checkmate)"
        ),
        other => panic!("expected AfterEnd, got {other:?}"),
    }
}

#[test]
fn resignation_recorded_in_the_result() {
    let r = replay("1.Kd2 2.Kd7 0-1\n");
    let outcome = r.game.result().expect("the result tag ends it");
    assert_eq!(outcome.winner, Some(Color::Black));
    assert_eq!(outcome.reason, EndReason::Recorded);
}

/// A replay's warnings as text.
fn warnings(r: &engine::Replay) -> Vec<String> {
    r.warnings.iter().map(|(_, w)| w.to_string()).collect()
}

#[test]
fn the_termination_tag_is_written_and_read_back() {
    let finish = |end: fn(&mut Game)| {
        let mut game = Game::new(Ruleset::Classic.into());
        game.play_text("Kd2").unwrap();
        end(&mut game);
        game
    };
    for (game, word, reason) in [
        (
            finish(|g| {
                g.resign(Color::Black).unwrap();
            }),
            "resignation",
            EndReason::Resignation,
        ),
        (
            finish(|g| {
                g.lose_on_time(Color::Black).unwrap();
            }),
            "time forfeit",
            EndReason::Timeout,
        ),
        (
            finish(|g| {
                g.agree_draw().unwrap();
            }),
            "agreement",
            EndReason::DrawAgreed,
        ),
    ] {
        assert_eq!(game.result().map(|o| o.reason), Some(reason));
        let text = round_trip(&game);
        assert!(
            text.contains(&format!("[Termination \"{word}\"]")),
            "{text}"
        );
        assert_eq!(EndReason::from_termination(word), Some(reason));
    }
    // A game still going has none; nor has a result read without a reason.
    let game = finish(|_| {});
    assert!(!round_trip(&game).contains("Termination"));
    let recorded = replay("1.Kd2 2.Kd7 0-1\n");
    assert!(!recorded
        .game
        .record_text(&Players::default())
        .contains("Termination"));
    // Checkmate, from the board.
    let mate = replay(&format!(
        "[Start \"7k/8/5K2/8/8/8/8/8 w 8/0 -/- {FIDE} 1\"]\n\n1.Buy Q 2.Kg8 3.Q@g7#\n"
    ));
    assert!(round_trip(&mate.game).contains("[Termination \"checkmate\"]"));
    assert_eq!(
        EndReason::termination_words().collect::<Vec<_>>(),
        [
            "checkmate",
            "no legal action",
            "royal captured",
            "resignation",
            "time forfeit",
            "agreement",
            "abandoned"
        ]
    );
}

#[test]
fn a_termination_that_does_not_fit_is_a_warning() {
    // Read as it says.
    let r = replay("[Result \"1-0\"]\n[Termination \"abandoned\"]\n\n1.Kd2 2.Kd7\n");
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    assert_eq!(
        r.game.result().map(|o| o.reason),
        Some(EndReason::Abandoned)
    );
    // Unknown words, board ends the board doesn't show, and words that contradict the
    // result leave the result standing without a reason.
    for (tags, warning) in [
        (
            "[Result \"1-0\"]\n[Termination \"normal\"]",
            "unknown Termination 'normal': the words are checkmate, no legal action, royal captured, resignation, time forfeit, agreement, abandoned; the result stands without it",
        ),
        (
            "[Result \"1-0\"]\n[Termination \"checkmate\"]",
            "the record says checkmate, but the board shows no end; the result stands without it",
        ),
        (
            "[Result \"1-0\"]\n[Termination \"agreement\"]",
            "the record says agreement with the result 1-0, which don't go together; the result stands without it",
        ),
        (
            "[Termination \"resignation\"]",
            "the Termination tag says 'resignation', but there is no result; it is ignored",
        ),
    ] {
        let r = replay(&format!("{tags}\n\n1.Kd2 2.Kd7\n"));
        assert_eq!(warnings(&r), [warning], "{tags}");
        if tags.contains("1-0") {
            assert_eq!(r.game.result().map(|o| o.reason), Some(EndReason::Recorded));
        }
    }
    // The board's own end stands over the tag.
    let r = replay(&format!(
        "[Start \"6k1/8/6K1/8/8/8/8/R7 w 0/0 -/- {FIDE} 1\"]\n[Result \"1-0\"]\n[Termination \"resignation\"]\n\n1.Ra8#\n"
    ));
    assert_eq!(
        warnings(&r),
        ["the record says the game ended by resignation, but the board says by checkmate"]
    );
    assert_eq!(
        r.game.result().map(|o| o.reason),
        Some(EndReason::Checkmate)
    );
}

#[test]
fn a_record_can_not_draw_where_the_ruleset_forbids_draws() {
    for ruleset in ["kurnia", "progressive"] {
        let text = format!("[Ruleset \"{ruleset}\"]\n[Result \"1/2-1/2\"]\n\n1.Kd2 2.Kd7\n");
        let err = Game::replay(&text).expect_err("draws are illegal");
        assert_eq!(
            err.to_string(),
            "the result 1/2-1/2 can't stand: agreeing to a draw is illegal in this ruleset"
        );
    }
    let classic = replay("[Result \"1/2-1/2\"]\n\n1.Kd2 2.Kd7\n");
    assert_eq!(classic.game.result().map(|o| o.winner), Some(None));
}

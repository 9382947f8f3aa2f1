//! Names that must read back as the same design, and counts that must match the lists.

use engine::{
    Action, Design, DesignPhase, Fide, Game, Players, Position, Ruleset, Turn, TurnError,
};

#[test]
fn a_wf_written_k_is_not_named_as_the_royal_king() {
    // In a design, K is Betza's WF; standing alone in a record it is the royal king.
    let wf = Design::parse("K").unwrap();
    assert_eq!(wf.piece_name(), "WF");
    assert_eq!(Design::parse_piece(&wf.piece_name()).unwrap(), wf);
    // A redesign to that WF (as the API or a stored game gives it) is recorded as WF, and the
    // slot, the position string and the replayed record all keep it a WF.
    let mut game = Game::new(Ruleset::Classic.into());
    let turn = Turn {
        action: Action::Move {
            from: "e1".parse().unwrap(),
            to: "d2".parse().unwrap(),
        },
        design: Some(DesignPhase::Redesign {
            slot: Fide::Queen.design(),
            design: wf,
        }),
    };
    let played = game.play(turn).unwrap();
    assert_eq!(played.notation, "Kd2; Q=WF");
    assert!(game.position().to_string().contains("P,N,B,R,WF,K/"));
    let replayed = Game::replay(&game.record_text(&Players::default())).unwrap();
    assert_eq!(
        replayed.game.position().to_string(),
        game.position().to_string()
    );
}

#[test]
fn progressive_buys_are_counted_as_listed() {
    // 40 zorkmids, 14 pieces of room, six designs from 1 to 12: thousands of collections.
    let pos = Position::parse(
        "4k3/8/8/8/8/8/8/4K3 w 40/0 -/- WD,N,fF,R,Q,K/P,N,B,R,Q,K 30",
        Ruleset::Progressive.into(),
    )
    .unwrap();
    let listed = pos.legal_actions().len() as u64;
    assert!(listed > 1000, "{listed}");
    assert_eq!(pos.count_legal_actions(), listed);
}

/// The "ambiguous" hint for `typed` in `position`, which must list exactly `hints`, each of
/// them then accepted as the move the writer names it.
fn hints(position: &str, typed: &str, hints: &[&str]) {
    let game = Game::from_position(Position::parse(position, Ruleset::Classic.into()).unwrap());
    let err = game.parse_turn(typed).expect_err("the move is ambiguous");
    match &err {
        TurnError::Ambiguous { examples, .. } => assert_eq!(examples, hints, "{typed}"),
        other => panic!("{typed}: expected ambiguous, got {other}"),
    }
    for hint in hints {
        let mut g = game.clone();
        let played = g
            .play_text(hint)
            .unwrap_or_else(|e| panic!("the hint {hint} is refused: {e}"));
        assert_eq!(played.notation, *hint);
    }
}

#[test]
fn ambiguous_moves_are_hinted_as_the_record_writes_them() {
    const FIDE: &str = "P,N,B,R,Q,K/P,N,B,R,Q,K";
    // Rooks on a1 and a5 share the file: the rank tells them apart. `Raa3` was once the
    // hint, and `Raa3` is as ambiguous as `Ra3`.
    let rooks = format!("4k3/8/8/R7/8/8/8/R3K3 w 0/0 -/- {FIDE} 1");
    hints(&rooks, "Ra3", &["R1a3", "R5a3"]);
    hints(&rooks, "Raa3", &["R1a3", "R5a3"]);
    let err = Game::from_position(Position::parse(&rooks, Ruleset::Classic.into()).unwrap())
        .parse_turn("Ra3")
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "more than one R can reach a3: say which, as in R1a3 or R5a3"
    );
    // Rooks on a1 and c1 share the rank: the file tells them apart.
    hints(
        &format!("4k3/8/8/8/8/8/8/R1R1K3 w 0/0 -/- {FIDE} 1"),
        "Rb1",
        &["Rab1", "Rcb1"],
    );
    // Queens on a1, c1 and a3 reach b2: a1 shares a file with a3 and a rank with c1, so
    // only its square names it.
    hints(
        &format!("4k3/8/8/8/8/Q7/8/Q1Q1K3 w 0/0 -/- {FIDE} 1"),
        "Qb2",
        &["Qa1b2", "Qcb2", "Q3b2"],
    );
    // A capture is hinted with its x, as the writer writes it.
    hints(
        &format!("k7/8/8/8/4p3/2N3N1/8/7K w 0/0 -/- {FIDE} 1"),
        "Nxe4",
        &["Ncxe4", "Ngxe4"],
    );
}

#[test]
fn a_lone_letter_in_a_price_lookup_is_the_fide_piece_but_k_is_wf() {
    for (typed, design) in [
        ("P", "fcFfmW"),
        ("N", "N"),
        ("B", "B"),
        ("R", "R"),
        ("Q", "BR"),
        ("K", "WF"),
        (" P ", "fcFfmW"),
        ("WD", "WD"),
    ] {
        assert_eq!(
            Design::parse_lookup(typed).unwrap(),
            Design::parse(design).unwrap(),
            "{typed}"
        );
    }
    assert!(!Design::parse_lookup("K").unwrap().is_royal());
    assert!(Design::parse_lookup("X").is_err());
    assert!(Design::parse_lookup("").is_err());
}

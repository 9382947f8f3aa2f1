//! Names that must read back as the same design, and counts that must match the lists.

use engine::{Action, Design, DesignPhase, Fide, Game, Players, Position, Ruleset, Turn};

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

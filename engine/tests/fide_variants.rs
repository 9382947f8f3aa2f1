//! Each modest variant's twist in a position checked by hand. Every count below was worked
//! out on a diagram from the seed's rules (and the decisions written in the engine's docs)
//! before the test was run; the comments give the working.

use engine::fide::{perft, san, FideGame, Position, Variants, START};
use engine::{Color, EndReason};

fn pos(fen: &str, variants: &str) -> Position {
    let v: Variants = variants.parse().unwrap();
    Position::from_fen(fen, v).unwrap()
}

/// The legal moves of the piece on `from`, in SAN without check marks, sorted.
fn moves_of(p: &Position, from: &str) -> Vec<String> {
    let from = from.parse().unwrap();
    let mut list: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from == from)
        .map(|m| san::write(p, m).trim_end_matches(['+', '#']).to_string())
        .collect();
    list.sort();
    list
}

fn after(p: &Position, text: &str) -> Position {
    let m = san::parse(p, text).unwrap();
    p.play(&m).unwrap()
}

#[test]
fn double_steps_from_the_start() {
    // No enemy stands in reach at the start, so only orthogonal double steps exist.
    // Warhead and Helmsman have none of them: 8 single steps and 4 knight moves.
    for (variant, want) in [
        ("", 20),
        ("warhead", 12),
        ("trident", 20),
        ("helmsman", 12),
        ("eurofighter", 20),
    ] {
        assert_eq!(perft(&pos(START, variant), 1), want, "{variant}");
    }
}

#[test]
fn eurofighter_pawn_reaches_d4_through_each_cell() {
    // "a Eurofighter d2 Pawn can reach d4 three ways if c3 and e3 contain enemies but d3 is
    // empty". With d4 empty it goes d2-d3-d4 (two steps); with an enemy on d4 it takes c3 or
    // e3 and then d4 (two captures). The third cell and the other two never serve at once:
    // a step cannot take and a capture needs a victim. The other double steps: xc3 then c4,
    // xe3 then e4 (a capture, then a step).
    let empty = pos("4k3/8/8/8/8/2n1n3/3P4/K7 w - - 0 1", "eurofighter");
    assert_eq!(
        moves_of(&empty, "d2"),
        ["d2-d3-d4", "d2xc3-c4", "d2xe3-e4", "d3", "dxc3", "dxe3"]
    );
    let taken = pos("4k3/8/8/8/3r4/2n1n3/3P4/K7 w - - 0 1", "eurofighter");
    assert_eq!(
        moves_of(&taken, "d2"),
        ["d2xc3-c4", "d2xc3xd4", "d2xe3-e4", "d2xe3xd4", "d3", "dxc3", "dxe3"]
    );
    // Warhead allows only the two captures; Helmsman only the mixed ones.
    let warhead = pos("4k3/8/8/8/3r4/2n1n3/3P4/K7 w - - 0 1", "warhead");
    assert_eq!(
        moves_of(&warhead, "d2"),
        ["d2xc3xd4", "d2xe3xd4", "d3", "dxc3", "dxe3"]
    );
    let helmsman = pos("4k3/8/8/8/3r4/2n1n3/3P4/K7 w - - 0 1", "helmsman");
    assert_eq!(
        moves_of(&helmsman, "d2"),
        ["d2xc3-c4", "d2xe3-e4", "d3", "dxc3", "dxe3"]
    );
}

#[test]
fn warhead_en_passant_does_not_recover_the_captured() {
    // d2xc3xd4 passes c3; the black pawn on b4 "could have been captured by the second move"
    // and may take en passant on c3, removing the pawn now on d4. The knight taken on c3
    // stays taken.
    let p = pos("4k3/8/8/8/1p1r4/2n5/3P4/K7 w - - 0 1", "warhead");
    let p = after(&p, "d2xc3xd4");
    assert_eq!(p.board().by_color(Color::Black).count(), 2);
    let ep = after(&p, "bxc3");
    assert_eq!(ep.fen().split(' ').next(), Some("4k3/8/8/8/8/2p5/8/K7"));
}

#[test]
fn camp_follower_moves_twice() {
    // From the start, only knights can leave the first rank: b1 goes to a3 or c3 and then
    // on (a3: b5, c4; c3: a4, b5, d5, e4; never back to b1), 6 two-stage moves per knight.
    for variant in ["camp-follower-1", "camp-follower-2", "camp-follower-3"] {
        assert_eq!(perft(&pos(START, variant), 1), 32, "{variant}");
    }
    let p = pos(START, "camp-follower-1");
    assert_eq!(
        moves_of(&p, "b1"),
        [
            "Na3",
            "Nb1-a3-b5",
            "Nb1-a3-c4",
            "Nb1-c3-a4",
            "Nb1-c3-b5",
            "Nb1-c3-d5",
            "Nb1-c3-e4",
            "Nc3"
        ]
    );
    // A rook on b1 is not on a rook's array square: under zone 1 it moves once (b2-b8,
    // a1, c1, d1: 10 moves); under zone 2 (any first-rank square) it moves twice too.
    let rook = "4k3/8/8/8/8/8/8/1R2K3 w - - 0 1";
    let once = moves_of(&pos(rook, "camp-follower-1"), "b1").len();
    let twice = moves_of(&pos(rook, "camp-follower-2"), "b1").len();
    assert_eq!(once, 10);
    assert!(twice > once);
    // A king may not pass next to the enemy king: e1-e2-e3 is barred with the black king on
    // d4 (e3 is next to it anyway), but e1-f2-g3 is fine.
    let kings = pos("8/8/8/8/3k4/8/8/4K3 w - - 0 1", "camp-follower-1");
    let k = moves_of(&kings, "e1");
    assert!(k.contains(&"Ke1-f2-g3".to_string()));
    assert!(!k.iter().any(|m| m.contains("-e3-") || m.contains("-d3-")));
}

#[test]
fn camp_follower_en_passant_by_the_same_kind() {
    // Nb1-c3-d5 passes c3; a black knight attacking c3 (on a4... here b5) may take it en
    // passant, landing on c3 and removing the knight on d5. A black bishop attacking c3 may
    // not.
    let p = pos("4k3/8/8/1n6/8/8/8/1N2K3 w - - 0 1", "camp-follower-1");
    let p = after(&p, "Nb1-c3-d5");
    let ep = after(&p, "Nxc3");
    assert_eq!(ep.fen().split(' ').next(), Some("4k3/8/8/8/8/2n5/8/4K3"));
}

#[test]
fn familiarity_shortens_lines_forward() {
    // A white rook on a8 stands on Black's first rank: one cell (b8, a7). On a1 it has
    // the whole file and rank. A rook on a8 does not check a king on e8.
    let p = pos("R3k3/8/8/8/8/8/8/4K3 w - - 0 1", "familiarity");
    assert_eq!(moves_of(&p, "a8"), ["Ra7", "Rb8"]);
    let black = pos("R3k3/8/8/8/8/8/8/4K3 b - - 0 1", "familiarity");
    assert!(!black.in_check());
    // On rank 4 (Black's 5th) it goes five cells: a5-a8 is 4 up, a3-a1 3 down, b4-f4.
    let p = pos("4k3/8/8/8/R7/8/8/4K3 w - - 0 1", "familiarity");
    assert_eq!(moves_of(&p, "a4").len(), 4 + 3 + 5);
}

#[test]
fn train_pulled_by_a_rook() {
    // Rd4-d6 pulls the black knight on d3 and the white pawn on d2 two cells: knight to d5,
    // pawn to d4. Nothing on d1, so the train ends there.
    let p = pos("4k3/8/8/8/3R4/3n4/3P4/4K3 w - - 0 1", "train");
    let p = after(&p, "Rd6");
    assert_eq!(p.fen().split(' ').next(), Some("4k3/8/3R4/3n4/3P4/8/8/4K3"));
    // Nothing is pulled in castling.
    let c = pos("4k3/8/8/8/8/8/8/3NK2R w K - 0 1", "train");
    let c = after(&c, "O-O");
    assert_eq!(c.fen().split(' ').next(), Some("4k3/8/8/8/8/8/8/3N1RK1"));
}

#[test]
fn push_pull_train_pushes() {
    // Rook d1, black knight d3 and bishop d4, d5-d8 empty: the rook may push the pair up
    // by 1 to 6 cells (the last two push the bishop, then both, off the board: enemies, so
    // allowed), besides Rd2 and Rxd3. (It may also push its own king along rank 1.)
    let open = pos("4k3/8/8/8/3b4/3n4/8/3RK3 w - - 0 1", "push-pull-train");
    let pushes = |p: &Position| {
        moves_of(p, "d1")
            .iter()
            .filter(|m| m.starts_with("R>d"))
            .count()
    };
    assert_eq!(pushes(&open), 6);
    // A white pawn on d7: the block stops at the last empty cell (d5, d6): 2 pushes.
    let own = pos("k7/3P4/8/8/3b4/3n4/8/3RK3 w - - 0 1", "push-pull-train");
    assert_eq!(pushes(&own), 2);
    // A black pawn on d7: 2 pushes into the gap, and a third where the bishop takes it.
    let enemy = pos("k7/3p4/8/8/3b4/3n4/8/3RK3 w - - 0 1", "push-pull-train");
    assert_eq!(pushes(&enemy), 3);
    let p = after(&enemy, "R>d5");
    assert_eq!(p.fen().split(' ').next(), Some("k7/3b4/3n4/3R4/8/8/8/4K3"));
}

#[test]
fn castle_anytime_and_cathedral() {
    // King e4, rook e1 (3 below), queen a4 (4 left), bishop h7 (3 up-right).
    let fen = "2k5/7B/8/8/Q3K3/8/8/4R3 w - - 0 1";
    let castles = |p: &Position| {
        let mut c: Vec<String> = moves_of(p, "e4")
            .into_iter()
            .filter(|m| m.starts_with("O-"))
            .collect();
        c.sort();
        c
    };
    assert_eq!(castles(&pos(fen, "castle-anytime")), ["O-a4", "O-e1"]);
    assert_eq!(
        castles(&pos(fen, "castle-and-cathedral")),
        ["O-a4", "O-e1", "O-h7"]
    );
    let p = after(&pos(fen, "castle-and-cathedral"), "O-h7");
    assert_eq!(p.fen().split(' ').next(), Some("2k5/8/6K1/5B2/Q7/8/8/4R3"));
    // Not out of check, and not through it: a black rook on f8 covers f5.
    let through = pos(
        "2k2r2/7B/8/8/Q3K3/8/8/4R3 w - - 0 1",
        "castle-and-cathedral",
    );
    assert_eq!(castles(&through), ["O-a4", "O-e1"]);
}

#[test]
fn movewise_extinction_ends_the_game() {
    // Black's only knight is taken: Black keeps king, rook and bishop, but no knight-mover.
    let mut game = FideGame::from_position(pos(
        "4k2r/8/8/3n4/8/8/1b6/1N1QK3 w - - 0 1",
        "movewise-extinction",
    ));
    game.play_text("Qxd5").unwrap();
    let result = game.result().unwrap();
    assert_eq!(result.winner, Some(Color::White));
    assert_eq!(result.reason, EndReason::Extinction);
}

#[test]
fn stungun_freezes() {
    // Ra1-a5 moves toward the queen on a8 with a6, a7 empty: the queen cannot move.
    let p = after(&pos("q3k3/8/8/8/8/8/8/R3K3 w - - 0 1", "stungun"), "Ra5");
    assert!(moves_of(&p, "a8").is_empty());
    assert!(!moves_of(&p, "e8").is_empty());
    // Nb1-c3 is halfway to d5: the rook there is frozen; the one on h5 is not.
    let p = after(&pos("4k3/8/8/3r3r/8/8/8/1N2K3 w - - 0 1", "stungun"), "Nc3");
    assert!(moves_of(&p, "d5").is_empty());
    assert!(!moves_of(&p, "h5").is_empty());
    // Bxd6 checks the king on f8 with e7 empty between: frozen in check, mated. Plain
    // chess lets the king step away.
    let fen = "5k2/8/3n4/8/8/B7/8/K7 w - - 0 1";
    assert_eq!(
        san::write(
            &pos(fen, "stungun"),
            &san::parse(&pos(fen, "stungun"), "Bxd6").unwrap()
        ),
        "Bxd6#"
    );
    assert_eq!(
        san::write(&pos(fen, ""), &san::parse(&pos(fen, ""), "Bxd6").unwrap()),
        "Bxd6+"
    );
}

#[test]
fn battle_fatigue() {
    // The rook takes on a5; next move it may not take on a8 (level 1: its 13 quiet moves
    // a1-a4, a6, a7, b5-h5 remain), may not move at all (level 2).
    let fen = "r3k3/8/8/p7/8/8/8/R3K3 w - - 0 1";
    for (variant, rook_moves_after) in [("battle-fatigue-1", 13), ("battle-fatigue-2", 0)] {
        let p = after(&after(&pos(fen, variant), "Rxa5"), "Kd8");
        let moves = moves_of(&p, "a5");
        assert_eq!(moves.len(), rook_moves_after, "{variant}: {moves:?}");
        assert!(!moves.contains(&"Rxa8".to_string()));
    }
    // Level 3: no capture on the second move either, after a quiet first.
    let p = after(&after(&pos(fen, "battle-fatigue-3"), "Ra4"), "Kd8");
    assert!(!moves_of(&p, "a4").contains(&"Rxa5".to_string()));
    // Level 4: never the same piece twice, but a king in check may always move.
    let p = after(
        &after(
            &pos("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "battle-fatigue-4"),
            "Kd1",
        ),
        "Rd2+",
    );
    assert!(p.in_check());
    assert!(!moves_of(&p, "d1").is_empty());
}

#[test]
fn travel_fatigue() {
    // Ra1-a6 goes five cells: at level 2 the rook may not move next; Ra1-a2 is one cell.
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    let long = after(&after(&pos(fen, "travel-fatigue-2"), "Ra6"), "Kd7");
    assert!(moves_of(&long, "a6").is_empty());
    let short = after(&after(&pos(fen, "travel-fatigue-2"), "Ra2"), "Kd7");
    assert!(!moves_of(&short, "a2").is_empty());
    // Level 1 bars only a long move after a long move.
    let p = after(&after(&pos(fen, "travel-fatigue-1"), "Ra6"), "Kd8");
    assert!(moves_of(&p, "a6").iter().all(|m| {
        let to: engine::Square = m[m.len() - 2..].parse().unwrap();
        to.file().abs_diff(0).max(to.rank().abs_diff(5)) < 3
    }));
}

#[test]
fn knight_at_the_hoppera() {
    // "White could make the move g1-c3 before e2-e4 but not after": g1-c3 leaps over e2,
    // and b1-f3 over d2. 22 moves from the start.
    let start = pos(START, "knight-at-the-hoppera");
    assert_eq!(perft(&start, 1), 22);
    assert!(moves_of(&start, "g1").contains(&"Ngc3".to_string()));
    let p = after(&after(&start, "e4"), "e5");
    assert!(!moves_of(&p, "g1").contains(&"Ngc3".to_string()));
}

#[test]
fn promoting_and_demoting_king() {
    // Kg1-f1 comes next to the pawn on e2 from a cell not next to it: the pawn may become a
    // knight (one step along P N B R Q); Kg1-h1 changes nothing.
    let p = pos("4k3/8/8/8/8/8/4P3/6K1 w - - 0 1", "promoting-king");
    let k = moves_of(&p, "g1");
    assert!(k.contains(&"Kf1/e2=N".to_string()));
    assert!(k.contains(&"Kf2/e2=N".to_string()));
    assert!(!k.iter().any(|m| m.starts_with("Kh") && m.contains('/')));
    // Demoting: Kd1-e2 next to the black queen on f3 (which attacks e2) is legal only with
    // the demotion to a rook, which does not attack e2.
    let p = pos("4k3/8/8/8/8/5q2/8/3K4 w - - 0 1", "demoting-king");
    let k = moves_of(&p, "d1");
    assert!(k.contains(&"Ke2/f3=R".to_string()));
    assert!(!k.contains(&"Ke2".to_string()));
}

#[test]
fn shortcut_lines_and_routes() {
    // A rook on a1 also uses the long diagonal; a bishop on c1 the c-file; the knight on b1
    // the route b1-c4-f5-g8.
    let p = pos("4k3/8/8/8/8/8/8/R1B1K3 w - - 0 1", "shortcut");
    assert!(moves_of(&p, "a1").contains(&"Rh8".to_string()));
    assert!(moves_of(&p, "c1").contains(&"Bc8+".to_string().trim_end_matches('+').to_string()));
    let n = pos("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", "shortcut");
    let knight = moves_of(&n, "b1");
    for route in ["Nc4", "Nf5", "Ng8"] {
        assert!(knight.contains(&route.to_string()), "{route} in {knight:?}");
    }
}

#[test]
fn pawned_and_yeomanned() {
    // The rook on d4 takes the pawn on e5 (diagonal) but not the one on d6 (orthogonal);
    // the knight on b1 takes on c4 (a camel leap) but not on c3 (a knight's).
    let p = pos(
        "4k3/8/3p4/4p3/3R4/2p5/8/1N2K3 w - - 0 1",
        "pawned-and-yeomanned",
    );
    let rook = moves_of(&p, "d4");
    assert!(rook.contains(&"Rxe5".to_string()));
    assert!(!rook.contains(&"Rxd6".to_string()));
    assert!(rook.contains(&"Rd5".to_string()));
    let knight = moves_of(&p, "b1");
    assert!(!knight.contains(&"Nxc3".to_string()));
}

#[test]
fn one_out_all_out() {
    // Taking one black knight takes the other with it; pawns are not affected.
    let p = pos("4k3/1n4n1/8/8/8/8/8/1R2K3 w - - 0 1", "one-out-all-out");
    let p = after(&p, "Rxb7");
    assert_eq!(p.board().by_color(Color::Black).count(), 1);
    assert_eq!(p.lost(Color::Black, engine::Fide::Knight), 2);
}

#[test]
fn an_illegal_move_names_what_that_kind_of_piece_can_play() {
    // Under warhead a pawn's double step is two diagonal captures: e4 is refused, and the
    // answer says which pawn moves there are.
    let start = pos(START, "warhead");
    let e = san::parse(&start, "e4").unwrap_err().to_string();
    assert_eq!(
        e,
        "e4 is not a legal move in this position; pawn moves: a3, b3, c3, d3, e3, f3, g3, h3"
    );
    let e = san::parse(&start, "Qd3").unwrap_err().to_string();
    assert!(e.ends_with("; no queen can move"), "{e}");
    let e = san::parse(&start, "Nc4").unwrap_err().to_string();
    assert!(e.ends_with("; knight moves: Na3, Nc3, Nf3, Nh3"), "{e}");
}

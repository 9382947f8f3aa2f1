//! Perft counts checked by hand (RULES.md section 9) for the unofficial prefixes (5.1),
//! plunder (5.2) and fog (8): each position tests one rule, alone or stacked, and the
//! comment beside it lists the actions counted. Every count is asserted for the fast
//! generator and for the slow reference alike. Slots are the six FIDE designs; with 0 + 1
//! zorkmid nobody can buy (a pawn costs 2) unless the comment says otherwise.

use engine::{perft, Options, Position, Rules, Ruleset};

const FIDE: &str = "P,N,B,R,Q,K/P,N,B,R,Q,K";

fn counts(options: &str, position: &str, expected: &[u64]) {
    let options: Options = options.parse().expect("known options");
    let rules = Rules::new(Ruleset::Classic, options);
    let pos = Position::parse(position, rules).unwrap_or_else(|e| panic!("{position}: {e}"));
    for (depth, &want) in (1..).zip(expected) {
        assert_eq!(perft(&pos, depth), want, "{position} at depth {depth}");
        assert_eq!(
            pos.perft_by_trial(depth),
            want,
            "reference: {position} at depth {depth}"
        );
    }
}

/// Shooting: White Ka1, (shooting-R)d4; Black Kh8, Nd7.
/// Depth 1: Ka1 a2 b1 b2 (3); the rook d5 d6, xd7 (a shot: the rook stays on d4), d3 d2 d1,
/// c4 b4 a4, e4 f4 g4 h4 (13): 16.
/// Depth 2: Black has Kg8 Kg7 Kh7 (3) and the knight's b8 b6 c5 e5 f6 f8 (6), 9 after each
/// of the 3 king moves and the rook's d5 d6 d3 d2 d1 c4 b4 a4 e4 f4 (13 x 9 = 117). After
/// Rg4 the g-file is attacked: Kh7 + 6 = 7. After Rh4+ the king has g8 g7, the knight can't
/// block h5-h7: 2. After the shot the rook is still on d4 (a displacing capture would put it
/// on d7, covering g7 and h7): Kg8 Kg7 Kh7 = 3. Total 117 + 7 + 2 + 3 = 129.
#[test]
fn shooting_captures_without_moving() {
    counts(
        "unofficial",
        &format!("7k/3n4/8/8/3(shooting-R)4/8/8/K7 w 0/0 -/- {FIDE} 1"),
        &[16, 129],
    );
}

/// Relay, passed on one step only: White Ka1, (relay-N)c2, (relay-W)e1, (F)e2; Black Kh8.
/// The knight protects a1 and e1, the relay-W protects d1, f1 and e2.
/// Depth 1: Ka1 a2 b1 b2, and Kb3 with the knight's move relayed (c2 is its own) = 4.
/// (relay-N)c2 a3 b4 d4 e3 (a1, e1 own) = 4. (relay-W)e1 d1 f1 and, relayed from the
/// knight, d3 f3 g2 = 5. (F)e2 d1 f1 d3 f3 and, relayed from e1, e3 d2 f2 = 7; not the
/// knight's moves that e1 holds only by relay. Total 20.
/// Depth 2: nothing reaches Black's g8 g7 h7: 3 replies each, 60.
#[test]
fn relay_passes_its_own_moves_one_step() {
    counts(
        "unofficial",
        &format!("7k/8/8/8/8/8/2(relay-N)1(F)3/K3(relay-W)3 w 0/0 -/- {FIDE} 1"),
        &[20, 60],
    );
}

/// Relay from two pieces to a shooter: White Ka1, (relay-W)c3, (relay-F)e2, (shooting-D)d3;
/// Black Kh8, Nd4. c3 protects b3 d3 c2 c4; e2 protects d1 f1 d3 f3: d3 gets W and F.
/// Depth 1: Ka1 a2 b1 b2 (3); (relay-W)c3 c4 c2 b3 (3); (relay-F)e2 d1 f1 f3 (3); the
/// shooter d5 (over the knight) d1 b3 f3, by relayed W xd4 (a shot) d2 e3, by relayed F c4
/// e4 c2 (10): 19.
/// Depth 2: Black Kg8 Kg7 Kh7 and the knight c2 xe2 b3 f3 b5 f5 c6 e6 (8): 11 after each
/// action but the shot, after which only the king's 3 remain: 18 x 11 + 3 = 201.
#[test]
fn relayed_moves_unite_and_the_receiver_shoots() {
    counts(
        "unofficial",
        &format!("7k/8/8/8/3n4/2(relay-W)(shooting-D)4/4(relay-F)3/K7 w 0/0 -/- {FIDE} 1"),
        &[19, 201],
    );
}

/// A relay-doublemove piece protects what its second move could capture: White Ka1,
/// (relay-doublemove-W)e4, (F)g4; Black Kh8. e4 reaches g4 by f4 then g4, so the F also
/// moves as a W.
/// Depth 1: Ka1 a2 b1 b2 (3). (F)g4 f5 h5 f3 h3 and relayed g5 g3 h4 f4 (8). The
/// doublemove W: single moves e5 e3 d4 f4 (4), and second moves from e5 e6 d5 f5 e4, from e3
/// e2 d3 f3 e4, from d4 d5 d3 c4 e4 (returning to e4 counts), from f4 f5 f3 e4 (g4 is own)
/// (15): 3 + 8 + 19 = 30.
/// Depth 2: no white piece can reach g8 g7 or h7 within one action: 30 x 3 = 90.
#[test]
fn relay_doublemove_protects_with_its_second_move() {
    counts(
        "unofficial",
        &format!("7k/8/8/8/4(relay-doublemove-W)1(F)1/8/8/K7 w 0/0 -/- {FIDE} 1"),
        &[30, 90],
    );
}

/// A doublemove-shooting rider next to its royal, pinned: White Ke1,
/// (doublemove-shooting-DD)e2; Black Kh7 (out of the rider's reach), Re8. Only the position
/// after the whole action must not be in check.
/// Ke1 d1 d2 f1 f2 (4). Single moves that keep the e-file shut: e4, e6, xe8 (a shot) (3).
/// Double moves by first target: e4 then e6, xe8 or back to e2 (3; c4 a4 g4 open the file);
/// e6 then xe8, e4, e2 (3); xe8 then e4 e6 e8 c2 a2 g2 (6, the pinner is gone); c2, a2 and
/// g2 then back to e2 only (3). Total 4 + 3 + 15 = 22.
#[test]
fn doublemove_shooting_rider_beside_its_royal() {
    counts(
        "unofficial",
        &format!("4r3/7k/8/8/8/8/4(doublemove-shooting-DD)3/4K3 w 0/0 -/- {FIDE} 1"),
        &[22],
    );
}

/// Taking the opponent's last royal is legal whatever it leaves: White Ka1 is in check from
/// Ra8; Black's two royal kings e5 and f4 stand next to White's (doublemove-shooting-W)e4.
/// Ka1 b1 b2 (a2 stays on the file) (2). No single move of the shooter answers the check,
/// nor any double move but the two that shoot both kings from e4, whichever first: xe5-xf4
/// and xf4-xe5 (2). Total 4.
#[test]
fn taking_the_last_royal_is_always_legal() {
    counts(
        "unofficial",
        &format!("r7/8/8/4k3/4(doublemove-shooting-W)k2/8/8/K7 w 0/0 -/- {FIDE} 1"),
        &[4],
    );
}

/// Drops are tested for check like moves: White Ke1 (a knight in reserve); Black Ke8 and
/// [doublemove-cW]c1, which captures only, so it threatens e1 only through a first capture
/// on d1. Depth 1: Ke1 d2 e2 f1 f2 (4; d1 can be taken); N@d2 e2 f1 f2 (4; N@d1 would be
/// taken first and the king second). Total 8.
/// Depth 2: Black's king d8 d7 e7 f7 f8, and nothing W-adjacent to c1 to capture: 8 x 5 = 40.
#[test]
fn drops_are_tested_for_check_like_moves() {
    counts(
        "unofficial",
        &format!("4k3/8/8/8/8/8/8/2[doublemove-cW]1K3 w 0/0 N/- {FIDE} 1"),
        &[8, 40],
    );
}

/// A first move that takes the last royal ends the action (fog, so Black may stand in
/// check): White Ka1, (doublemove-W)d4; Black Kd5.
/// Depth 1: Ka1 a2 b1 b2 (3); single moves xd5 d3 c4 e4 (4); second moves after d3 (d2 d4
/// c3 e3), c4 (c5 c3 b4 d4), e4 (e5 e3 f4 d4): 12; none after xd5. Total 19.
/// Depth 2: after xd5 Black has no royal and no action (0); otherwise the king has its 8
/// neighbours, a white piece there being captured (fog: no check): 18 x 8 = 144.
#[test]
fn taking_the_last_royal_ends_a_double_move() {
    counts(
        "unofficial,fog",
        &format!("8/8/8/3k4/3(doublemove-W)4/8/8/K7 w 0/0 -/- {FIDE} 1"),
        &[19, 144],
    );
}

/// Plunder: White Ka1, Nc3; Black Kh6, Nd5, 1 zorkmid.
/// Depth 1: Ka1 a2 b1 b2 (3), the knight a2 a4 b1 b5 d1 e2 e4 xd5 (8): 11.
/// Depth 2: Black has 1 + 1 = 2 and buys a pawn, besides the king's g5 g6 g7 h5 h7 and the
/// knight's b4 b6 c7 e7 f6 f4 e3 c3/xc3 (5 + 8 + 1 = 14), after the king moves and the
/// knight's a2 a4 b1 b5 d1 e2 (9 x 14 = 126); after Ne4 g5 is covered (13). After Nxd5
/// Black pays half the knight's 3: 1 - 1.5 = -0.5, and -0.5 + 1 buys nothing: the king's 5.
/// Total 126 + 13 + 5 = 144.
#[test]
fn plunder_puts_the_loser_in_debt_and_refuses_its_buy() {
    counts(
        "plunder",
        &format!("8/8/7k/3n4/8/2N5/8/K7 w 0/1 -/- {FIDE} 1"),
        &[11, 144],
    );
}

/// In debt with no move: White Ka1 is stalemated by Qc2 (a2 b1 b2 covered, a1 not).
/// With -1.5 + 1 White has no action: 0. With 1 + 1 it buys a pawn: 1. With a knight in
/// reserve it may drop it on a2 b1 b2 (the king is not in check): 3.
#[test]
fn debt_and_no_move_is_no_action() {
    counts(
        "plunder",
        &format!("7k/8/8/8/8/8/2q5/K7 w -1.5/0 -/- {FIDE} 1"),
        &[0],
    );
    counts(
        "plunder",
        &format!("7k/8/8/8/8/8/2q5/K7 w 1/0 -/- {FIDE} 1"),
        &[1],
    );
    counts(
        "plunder",
        &format!("7k/8/8/8/8/8/2q5/K7 w -1.5/0 N/- {FIDE} 1"),
        &[3],
    );
}

/// Fog terrain b2 d5 e3, no check rules: White Ka1 (a knight in reserve), (nN)d4, (N)g4,
/// (shooting-R)e1; Black Kh8, Ng1, Nc3 (which covers a2 and b1).
/// Depth 1: Ka1 a2 b1, both covered, b2 impassable (2); the lame knight c2 e2 b5 b3 f5 f3,
/// c6 and e6 blocked by d5 on its leg (6); the knight h6 f6 e5 f2 h2, jumping the terrain
/// but not landing on e3 (5); the shooting rook e2 (stopped by e3), d1 c1 b1, f1 and xg1
/// (a shot, it stays on e1) (6); N@a2 N@b1 (2). Total 21.
/// Depth 2: Black's king g8 g7 h7, Ng1 e2 f3 h3, Nc3 b1 a2 a4 b5 e4 e2 d1 (d5 impassable),
/// a white piece on any of them being captured, the white king too: 13 after every action
/// but the shot at g1, after which 10. 20 x 13 + 10 = 270.
#[test]
fn fog_terrain_blocks_rides_legs_and_landings() {
    counts(
        "unofficial,fog",
        &format!("7k/8/8/8/3(nN)2(N)1/2n5/8/K3(shooting-R)1n1 w 0/0 N/- {FIDE} 1 b2,d5,e3"),
        &[21, 270],
    );
}

/// Fog terrain d5 e6 f3: White Ka1, (NN)b1, (shooting-B)h1; Black Kh8, Re4 (behind f3).
/// Depth 1: Ka1 a2 b2 (2); the knightrider c3 (stops before d5), d2 (stops before f3), a3
/// (3); the bishop g2, stopped by f3, so it can't shoot e4 (1). Total 6.
/// Depth 2: Black Kg8 Kg7 Kh7 and the rook e5 (e6 impassable), e3 e2 e1, d4 c4 b4 a4,
/// f4 g4 h4: 3 + 11 = 14 after each: 84.
#[test]
fn fog_terrain_stops_leaper_riders_and_shots() {
    counts(
        "unofficial,fog",
        &format!("7k/8/8/8/4r3/8/8/K(NN)5(shooting-B) w 0/0 -/- {FIDE} 1 d5,e6,f3"),
        &[6, 84],
    );
}

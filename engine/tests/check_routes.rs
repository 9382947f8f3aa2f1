//! A piece that checks along two routes at once must be blocked on both.

use engine::{Position, Ruleset};

#[test]
fn a_block_must_stop_every_checking_route() {
    // The [RDD] on e8 checks e2 as a rook (through e3-e7) and as a dabbaba rider (via e6, e4):
    // only e4 and e6 stop both, so Ra4-e4 blocks and Ra3-e3 doesn't.
    let pos = Position::parse(
        "4[RDD]k2/8/8/8/R7/R7/4K3/8 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1",
        Ruleset::Classic.into(),
    )
    .unwrap();
    let mut moves: Vec<String> = pos.legal_actions().iter().map(|a| pos.notate(a)).collect();
    moves.sort();
    assert_eq!(moves, ["Kd1", "Kd2", "Kd3", "Kf1", "Kf2", "Kf3", "Re4"]);
}

use engine::{perft, Position, Ruleset};
#[test]
fn reference() {
    let p = Position::parse("r1bqk2r/pp1[BL]1ppp/2[NN]1pn2/2p[WD]4/3P1(WD)2/2N1P(NN)2/PP(BL)2PPP/R1BQK2R w 0/0 -/- R,NbR,Q,K,WbRbmHfB,RbcBbN/R,NbR,Q,K,WbRbmHfB,RbcBbN 1", Ruleset::Classic.into()).unwrap();
    println!("{p}");
    for (d, n) in [
        (1, 46u64),
        (2, 1722),
        (3, 78427),
        (4, 3010264),
        (5, 135682914),
    ] {
        let t = std::time::Instant::now();
        let got = perft(&p, d);
        println!("depth {d}: {got} in {:?}", t.elapsed());
        assert_eq!(got, n, "depth {d}");
    }
}

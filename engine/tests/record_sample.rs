use engine::{Game, Players};
#[test]
fn sample() {
    let text = "[Ruleset \"classic\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n\n1.Kd2; B=WD 2.Kd7 3.Kd3 4.Kd6; B=fbDbcA 5.Buy WD 6.Buy fbDbcA 7.(WD)@d4+ 8.Ke6\n";
    let r = Game::replay(text).unwrap();
    assert_eq!(
        r.game.position().to_string(),
        "8/8/4k3/8/3(WD)4/3K4/8/8 w 1/2 -/fbDbcA P,N,WD,R,Q,K/P,N,fbDbcA,R,Q,K 9"
    );
    println!("{:?}", r.warnings);
    let out = r.game.record_text(&Players {
        white: "Alice".into(),
        black: "Bob".into(),
    });
    println!("{out}");
    let again = Game::replay(&out).unwrap();
    assert_eq!(
        again.game.position().to_string(),
        r.game.position().to_string()
    );
    let json = serde_json::to_string(&r.game).unwrap();
    println!("{json}");
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back.position().to_string(), r.game.position().to_string());
    let mut g = r.game.clone();
    for t in [
        "Bxe5",
        "(WD)e6",
        "Buy Q",
        "Buy WD, N",
        "Kd3",
        "(WD)@a1",
        "Buy Z",
        "Kd3; P=Z",
        "Kd4; P=N",
        "Kd4; Q=royal-relay-WF",
        "Ke4; P=fbDbcA",
    ] {
        println!(
            "{t}: {:?}",
            g.play_text(t)
                .map(|p| p.notation)
                .map_err(|e| e.to_string())
        );
    }
}

/// Records saved by Windows editors: a byte-order mark and CRLF line ends read as any other.
#[test]
fn a_byte_order_mark_and_crlf_are_read() {
    let text = "[Ruleset \"classic\"]\n[White \"Alice\"]\n\n1.Kd2; B=WD 2.Kd7 3.Kd3\n";
    let plain = Game::replay(text).unwrap();
    for windows in [
        format!("\u{feff}{}", text.replace('\n', "\r\n")),
        "\u{feff}1.Kd2; B=WD 2.Kd7 3.Kd3\r\n".to_string(),
    ] {
        let read = Game::replay(&windows).unwrap();
        assert_eq!(
            read.game.position().to_string(),
            plain.game.position().to_string()
        );
    }
}

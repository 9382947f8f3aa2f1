//! FIDE-family games: SAN and PGN round trips of real games, every written move read back
//! in random games of each variant, the drawing rules, and the stored form.

use engine::fide::{san, FideGame, Pgn, Position, Variant, Variants};
use engine::{Color, EndReason};

const OPERA: &str = r#"[Event "A Night at the Opera"]
[Site "Paris FRA"]
[Date "1858.??.??"]
[Round "?"]
[White "Paul Morphy"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7
8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7
14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0
"#;

const IMMORTAL: &str = r#"[Event "London"]
[Site "London ENG"]
[Date "1851.06.21"]
[Round "?"]
[White "Adolf Anderssen"]
[Black "Lionel Kieseritzky"]
[Result "1-0"]

1.e4 e5 2.f4 exf4 3.Bc4 Qh4+ 4.Kf1 b5 5.Bxb5 Nf6 6.Nf3 Qh6 7.d3 Nh5 8.Nh4 Qg5
9.Nf5 c6 10.g4 Nf6 11.Rg1 cxb5 12.h4 Qg6 13.h5 Qg5 14.Qf3 Ng8 15.Bxf4 Qf6
16.Nc3 Bc5 17.Nd5 Qxb2 18.Bd6 Bxg1 {a famous sacrifice} 19.e5 Qxa1+ 20.Ke2 Na6
21.Nxg7+ Kd8 22.Qf6+ Nxf6 23.Be7# 1-0
"#;

#[test]
fn real_games_round_trip() {
    for text in [OPERA, IMMORTAL] {
        let pgn = Pgn::read(text).unwrap();
        let result = pgn.game.result().unwrap();
        assert_eq!(result.winner, Some(Color::White));
        assert_eq!(result.reason, EndReason::Checkmate);
        let written = pgn.text();
        assert!(written.contains("[Variant \"Standard\"]"));
        assert!(written.contains("[Termination \"checkmate\"]"));
        let again = Pgn::read(&written).unwrap();
        assert_eq!(again.game.sans(), pgn.game.sans());
        assert_eq!(again.text(), written);
    }
    let opera = Pgn::read(OPERA).unwrap();
    assert!(opera.text().contains("12. O-O-O Rd8"));
    assert!(opera.text().contains("11. Bxb5+ Nbd7"));
    assert!(opera.text().ends_with("17. Rd8# 1-0\n"));
}

#[test]
fn pgn_with_variants_and_a_start_position() {
    let start = Position::from_fen(
        "4k3/8/8/8/3r4/2n1n3/3P4/K7 w - - 0 1",
        "eurofighter,stungun".parse().unwrap(),
    )
    .unwrap();
    let mut game = FideGame::from_position(start);
    game.play_text("d2xc3xd4").unwrap();
    game.play_text("Kd7").unwrap();
    let text = Pgn::new(game.clone()).tag("White", "ann").text();
    assert!(text.contains("[Variant \"eurofighter,stungun\"]"));
    assert!(text.contains("[SetUp \"1\"]"));
    assert!(text.contains("1. d2xc3xd4 Kd7 *"));
    let read = Pgn::read(&text).unwrap();
    assert_eq!(read.game.sans(), game.sans());
    assert_eq!(read.game.variants(), game.variants());
    assert!(Pgn::read("[Variant \"gilman\"]\n\n1. e4 *").is_err());
    let err = Pgn::read("1. e4 e5 2. Ke3 *").unwrap_err();
    assert_eq!(
        err.to_string(),
        "move 2 (Ke3, line 1, column 13): Ke3 is not a legal move in this position; king moves: Ke2"
    );
    // Lines and columns count through tags, comments and indentation.
    let err = Pgn::read("[Event \"x\"]\n\n1. e4 {a\ncomment} e5 ; more\n  2.Ke3 *").unwrap_err();
    match err {
        engine::fide::PgnError::Move { number, at, .. } => assert_eq!((number, at), (2, (5, 5))),
        other => panic!("{other:?}"),
    }
}

/// A small deterministic generator, so the random games are the same on every run.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

#[test]
fn every_written_move_reads_back_in_random_games() {
    let mut sets: Vec<Variants> = engine::fide::variant::ALL
        .iter()
        .map(|&v| Variants::new([v]).unwrap())
        .collect();
    sets.push(Variants::NONE);
    sets.push(
        "eurofighter,camp-follower-3,push-pull-train,castle-and-cathedral"
            .parse()
            .unwrap(),
    );
    sets.push(
        "warhead,stungun,battle-fatigue-2,shortcut,pawned-and-yeomanned"
            .parse()
            .unwrap(),
    );
    sets.push(
        "familiarity,train,promoting-king,demoting-king,one-out-all-out,knight-at-the-hoppera"
            .parse()
            .unwrap(),
    );
    let mut rng = Lcg(7);
    for variants in sets {
        for _ in 0..2 {
            let mut game = FideGame::new(variants);
            for _ in 0..50 {
                if game.is_over() {
                    break;
                }
                let pos = *game.position();
                let legal = pos.legal_moves();
                for m in &legal {
                    let written = san::write(&pos, m);
                    assert_eq!(
                        san::parse(&pos, &written).as_ref(),
                        Ok(m),
                        "{variants}: {written} in {}",
                        pos.fen()
                    );
                }
                let m = legal[rng.next(legal.len())];
                game.play(m).unwrap();
            }
            let text = Pgn::new(game.clone()).text();
            let read = Pgn::read(&text).unwrap_or_else(|e| panic!("{variants}: {e}\n{text}"));
            assert_eq!(read.game.sans(), game.sans(), "{variants}");
            let json = serde_json::to_string(&game).unwrap();
            let back: FideGame = serde_json::from_str(&json).unwrap();
            assert_eq!(back.moves(), game.moves());
            assert_eq!(back.result(), game.result());
        }
    }
}

#[test]
fn draws() {
    // Threefold repetition: the knights go out and back twice.
    let mut game = FideGame::new(Variants::NONE);
    for m in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
        game.play_text(m).unwrap();
        assert!(!game.is_over());
    }
    game.play_text("Ng8").unwrap();
    assert_eq!(game.result().unwrap().reason, EndReason::Repetition);
    assert_eq!(game.result().unwrap().winner, None);

    // The fiftieth move without a capture or a pawn move.
    let start = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", Variants::NONE).unwrap();
    let mut game = FideGame::from_position(start);
    game.play_text("Ra2").unwrap();
    assert_eq!(game.result().unwrap().reason, EndReason::FiftyMoves);

    // Stalemate is a draw.
    let start = Position::from_fen("7k/8/6Q1/8/8/8/8/K7 w - - 0 1", Variants::NONE).unwrap();
    let mut game = FideGame::from_position(start);
    game.play_text("Qf7").unwrap();
    assert_eq!(game.result().unwrap().reason, EndReason::Stalemate);

    // King and bishop against king.
    let start = Position::from_fen("4k3/8/8/8/8/8/3r4/3BK3 w - - 0 1", Variants::NONE).unwrap();
    let mut game = FideGame::from_position(start);
    game.play_text("Kxd2").unwrap();
    assert_eq!(
        game.result().unwrap().reason,
        EndReason::InsufficientMaterial
    );
    // ... but not where a bishop can stun a king into mate.
    let start = Position::from_fen(
        "4k3/8/8/8/8/8/3r4/3BK3 w - - 0 1",
        "stungun".parse().unwrap(),
    )
    .unwrap();
    let mut game = FideGame::from_position(start);
    game.play_text("Kxd2").unwrap();
    assert!(!game.is_over());

    // A flag against a bare king is a draw; against a queen, a loss.
    let start = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1", Variants::NONE).unwrap();
    let mut game = FideGame::from_position(start);
    assert_eq!(
        game.clone().lose_on_time(Color::White).unwrap().winner,
        None
    );
    assert_eq!(
        game.lose_on_time(Color::Black).unwrap().winner,
        Some(Color::White)
    );
    assert!(game.play_text("Kd7").is_err());
}

#[test]
fn variant_names_and_alternatives() {
    assert_eq!(Variant::PushPullTrain.to_string(), "push-pull-train");
    assert!("eurofighter,familiarity".parse::<Variants>().is_ok());
    assert!("warhead,familiarity".parse::<Variants>().is_err());
}

proptest::proptest! {
    /// Whatever a player types, reading it as a move, a position or a record never panics.
    #[test]
    fn any_text_is_refused_or_read(text in "\\PC{0,24}", pick in 0usize..4) {
        let pos = Position::start(Variants::NONE);
        let _ = san::parse(&pos, &text);
        let _ = Position::from_fen(&text, Variants::NONE);
        let _ = Pgn::read(&text);
        let _ = text.parse::<Variants>();
        let moves = ["e4", "O-", "Kd2/", "d2-d3-"];
        let _ = san::parse(&pos, &format!("{}{text}", moves[pick]));
    }
}

/// Files saved by Windows editors: a byte-order mark and CRLF line ends read as any other.
#[test]
fn a_byte_order_mark_and_crlf_are_read() {
    let windows = format!("\u{feff}{}", IMMORTAL.replace('\n', "\r\n"));
    let pgn = Pgn::read(&windows).unwrap();
    assert_eq!(pgn.game.sans(), Pgn::read(IMMORTAL).unwrap().game.sans());
    assert!(pgn.tags.iter().any(|(n, v)| n == "Event" && v == "London"));
}

/// A comment left open would hide every move after it: refused, naming its line.
#[test]
fn an_unterminated_comment_is_an_error_with_its_line() {
    let open = IMMORTAL.replace("{a famous sacrifice}", "{a famous sacrifice");
    assert_eq!(
        Pgn::read(&open).unwrap_err().to_string(),
        "line 11: a comment opened with { is never closed with }"
    );
    let crlf = open.replace('\n', "\r\n");
    assert_eq!(
        Pgn::read(&crlf).unwrap_err(),
        engine::fide::PgnError::Comment(11)
    );
}

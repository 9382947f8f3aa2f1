//! `csipgs perft`, `moves` and `replay` with `--game fide`: FIDE chess positions as FEN and
//! records as PGN, under Gilman's modest variants named by `--variants`; and the mistakes of
//! mixing the two games' options, refused with status 2.

use crate::cli;

use cli::{run, Record};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A white pawn on d2 that, under Warhead, may take c3 and then b4 in one move.
const WARHEAD_PAWN: &str = "4k3/8/8/8/1p6/2p5/3P4/4K3 w - - 0 1";

#[test]
fn perft_of_the_start_is_the_known_count_with_or_without_the_fen() {
    let (code, out, err) = run(&["perft", "--game", "fide", "3"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.trim(), "8902");
    let (code, out, err) = run(&["perft", START, "3", "--game", "fide"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.trim(), "8902");
    // Kiwipete, the usual test of castling, en passant and promotion.
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let (_, out, _) = run(&["perft", kiwipete, "2", "--game", "fide"]);
    assert_eq!(out.trim(), "2039");
}

#[test]
fn perft_under_warhead_has_no_plain_double_step() {
    // Eight single steps and four knight moves a side: 12 x 12.
    let (code, out, err) = run(&["perft", "--game", "fide", "--variants", "warhead", "2"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.trim(), "144");
    let (_, plain, _) = run(&["perft", "--game", "fide", "2"]);
    assert_eq!(plain.trim(), "400");
}

#[test]
fn moves_are_san_sorted_one_per_line() {
    let (code, out, err) = run(&["moves", "--game", "fide", WARHEAD_PAWN]);
    assert_eq!(code, Some(0), "{err}");
    let plain: Vec<&str> = out.lines().collect();
    assert_eq!(plain, ["Kd1", "Ke2", "Kf1", "Kf2", "d3", "d4", "dxc3"]);
    let (code, out, err) = run(&[
        "moves",
        "--game",
        "fide",
        "--variants",
        "warhead",
        WARHEAD_PAWN,
    ]);
    assert_eq!(code, Some(0), "{err}");
    let warhead: Vec<&str> = out.lines().collect();
    assert_eq!(
        warhead,
        ["Kd1", "Ke2", "Kf1", "Kf2", "d2xc3xb4", "d3", "dxc3"]
    );
}

#[test]
fn replay_of_a_pgn_under_its_variant_tag() {
    let record = Record::new(
        "fide-warhead",
        &format!(
            "[White \"Ann\"]\n[Black \"Bo\"]\n[Variant \"warhead\"]\n[SetUp \"1\"]\n\
             [FEN \"{WARHEAD_PAWN}\"]\n\n1. d2xc3xb4 Kd7 2. b5 Kc7 *\n"
        ),
    );
    let (code, out, err) = run(&["replay", "--game", "fide", record.path()]);
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "   1. d2xc3xb4    Kd7",
            "   2. b5          Kc7",
            "8/2k5/8/1P6/8/8/8/4K3 w - - 1 3",
            "*",
        ]
    );
    // Without the tag the double capture is no move at all.
    let untagged = Record::new(
        "fide-untagged",
        &format!("[SetUp \"1\"]\n[FEN \"{WARHEAD_PAWN}\"]\n\n1. d2xc3xb4 Kd7 *\n"),
    );
    let (code, out, _) = run(&["replay", "--game", "fide", untagged.path()]);
    assert_eq!(code, Some(1));
    assert!(
        out.starts_with("illegal at move 1 (d2xc3xb4, line "),
        "{out}"
    );
    // --variants gives the variants of a record without a tag, and must agree with a tag.
    let (code, out, err) = run(&[
        "replay",
        "--game",
        "fide",
        "--variants",
        "warhead",
        untagged.path(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("   1. d2xc3xb4    Kd7\n"), "{out}");
    let (code, _, err) = run(&[
        "replay",
        "--game",
        "fide",
        "--variants",
        "stungun",
        record.path(),
    ]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("the record's Variant tag says warhead, but --variants says stungun"),
        "{err}"
    );
}

#[test]
fn replay_of_a_finished_game_ends_with_its_result_and_draws_a_gif() {
    let record = Record::new(
        "fide-mate",
        "[White \"Ann\"]\n[Black \"Bo\"]\n[Variant \"Standard\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
    );
    let gif = std::env::temp_dir().join(format!("csipgs-cli-{}-mate.gif", std::process::id()));
    let gif_path = gif.to_str().expect("temporary paths are UTF-8");
    let (code, out, err) = run(&["replay", "--game", "fide", record.path(), "--gif", gif_path]);
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[1], "   2. g4          Qh4#");
    assert_eq!(lines[3], "0-1, Black wins by checkmate");
    assert!(err.contains("(5 frames)"), "{err}");
    let bytes = std::fs::read(&gif).expect("the GIF was written");
    let _ = std::fs::remove_file(&gif);
    assert_eq!(&bytes[..6], b"GIF89a");
}

#[test]
fn options_of_the_other_game_and_unknown_variants_are_usage_errors() {
    let pgn = Record::new("fide-any", "1. e4 *\n");
    let cases: Vec<(Vec<&str>, &str)> =
        vec![
        (
            vec!["perft", "--game", "fide", "--variants", "gilman", "1"],
            "--variants: there is no modest variant called 'gilman'; the variants are: warhead,",
        ),
        (
            vec!["moves", "--game", "fide", "--variants", "warhead,trident", START],
            "warhead and trident are alternatives (pawn double step): choose one",
        ),
        (
            vec!["perft", "--variants", "warhead", "1"],
            "--variants names Gilman's modest variants of FIDE chess: add --game fide",
        ),
        (
            vec!["moves", "--variants", "gilman", START],
            "--variants names Gilman's modest variants of FIDE chess: add --game fide",
        ),
        (
            vec!["moves", "--game", "fide", "--rules", "classic", START],
            "--rules is for csipgs chess, not FIDE chess",
        ),
        (
            vec!["perft", "--game", "fide", "--options", "fog", "1"],
            "--options is for csipgs chess, not FIDE chess",
        ),
        (
            vec!["replay", "--game", "fide", "--options", "power", pgn.path()],
            "--options is for csipgs chess, not FIDE chess",
        ),
        (
            vec!["moves", "--game", "fide", "rnbqkbnr/pppppppp/8/8 w KQkq - 0 1"],
            "the board 'rnbqkbnr/pppppppp/8/8' should be eight ranks",
        ),
        (
            vec!["moves", "--game", "chess", START],
            "there is no game called 'chess': choose csipgs or fide",
        ),
    ];
    for (args, expected) in cases {
        let (code, out, err) = run(&args);
        assert_eq!(code, Some(2), "{args:?}: {out}{err}");
        assert!(err.contains(expected), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
    }
}

/// Issue 41, item 10: what `replay` prints, every other command reads. Each record ends
/// where plain FEN can't say the position: a bishop's two moves leave an en passant chance
/// for a bishop (`g5xf6`), and `h6` freezes the queen that gives check (`stunned:h5`).
#[test]
fn what_replay_prints_moves_perft_and_render_read() {
    use engine::fide::{san, Pgn};
    for (variants, moves, expected) in [
        (
            "helmsman,camp-follower-2,push-pull-train,movewise-extinction",
            "1. Q>d3 f6 2. Bc1-g5xf6",
            "rnbqkbnr/ppppp1pp/5B2/8/3P4/3Q4/PPP1PPPP/RN2KBNR b KQkq g5xf6 0 2",
        ),
        (
            "warhead,stungun",
            "1. e3 f6 2. Qh5+ h6",
            "rnbqkbnr/ppppp1p1/5p1p/7Q/8/4P3/PPPP1PPP/RNB1KBNR w KQkq - 0 3 stunned:h5",
        ),
    ] {
        let text = format!("[Variant \"{variants}\"]\n\n{moves} *\n");
        let record = Record::new("fide-extended", &text);
        let (code, out, err) = run(&["replay", "--game", "fide", record.path()]);
        assert_eq!(code, Some(0), "{err}");
        let lines: Vec<&str> = out.lines().collect();
        let fen = lines[lines.len() - 2];
        assert_eq!(fen, expected);

        let game = Pgn::read(&text).expect("the record reads").game;
        let pos = game.position();
        let mut legal: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|m| san::write(pos, m))
            .collect();
        legal.sort();
        let fide = ["--game", "fide", "--variants", variants];
        let (code, out, err) = run(&[&["moves", fen][..], &fide].concat());
        assert_eq!(code, Some(0), "{variants}: {err}");
        assert_eq!(out.lines().collect::<Vec<_>>(), legal, "{variants}");

        let (code, out, err) = run(&[&["perft", fen, "2"][..], &fide].concat());
        assert_eq!(code, Some(0), "{variants}: {err}");
        let count = engine::fide::perft(pos, 2);
        assert_eq!(out.trim(), count.to_string(), "{variants}");

        let png = std::env::temp_dir().join(format!(
            "csipgs-cli-{}-extended-fen.png",
            std::process::id()
        ));
        let png_path = png.to_str().expect("temporary paths are UTF-8");
        let (code, _, err) = run(&[&["render", fen, "-o", png_path][..], &fide].concat());
        let bytes = std::fs::read(&png).unwrap_or_default();
        let _ = std::fs::remove_file(&png);
        assert_eq!(code, Some(0), "{variants}: {err}");
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{variants}");

        // The variants' state is refused without the variants that keep it, saying which.
        let (code, _, err) = run(&["moves", "--game", "fide", fen]);
        assert_eq!(code, Some(2), "{variants}");
        assert!(err.contains("add it to the variants"), "{err}");
        // Read as a csipgs position, it is still told to be a FEN.
        let (code, _, err) = run(&["moves", fen]);
        assert_eq!(code, Some(2), "{variants}");
        assert!(err.contains("add --game fide"), "{err}");
    }
}

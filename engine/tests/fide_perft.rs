//! Perft of FIDE chess: the start and the usual tricky positions, with the published counts
//! (chessprogramming.org's "Perft Results" page; the same counts Stockfish's `go perft`
//! prints), and counts under variants that pin the general generator.

use engine::fide::{perft, Position, Variants, START};

fn count(fen: &str, depth: u32) -> u64 {
    perft(&Position::from_fen(fen, Variants::NONE).unwrap(), depth)
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn start_to_depth_6() {
    let counts = [20, 400, 8_902, 197_281, 4_865_609, 119_060_324];
    for (depth, want) in (1..).zip(counts) {
        assert_eq!(count(START, depth), want, "depth {depth}");
    }
}

#[test]
fn kiwipete_to_depth_5() {
    let counts = [48, 2_039, 97_862, 4_085_603, 193_690_690];
    for (depth, want) in (1..).zip(counts) {
        assert_eq!(count(KIWIPETE, depth), want, "depth {depth}");
    }
}

#[test]
fn tricky_positions() {
    // Position 3 (en passant and rook endings), 4 (promotions, castling through check),
    // 5 (a bug catcher) and 6 (a quiet middlegame).
    let cases = [
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674_624),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 11_030_083),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            4,
            422_333,
        ),
        (
            "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
            4,
            422_333,
        ),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            4,
            2_103_487,
        ),
        (
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            4,
            3_894_594,
        ),
    ];
    for (fen, depth, want) in cases {
        assert_eq!(count(fen, depth), want, "{fen} to depth {depth}");
    }
}

#[test]
fn variant_counts_stay_the_same() {
    // Counted by the general generator when every check test still played out each reply
    // (double steps, pushes): the faster tests since must find the same checks.
    const ENDING: &str = "8/2k5/3p4/2P5/1K1R4/8/4p3/7B b - - 0 1";
    let cases = [
        ("push-pull-train", KIWIPETE, 226_923),
        ("push-pull-train", ENDING, 2_027),
        ("warhead,stungun", KIWIPETE, 85_119),
        ("warhead,stungun", ENDING, 2_068),
        ("train,familiarity", KIWIPETE, 109_317),
        ("train,familiarity", ENDING, 2_239),
        (
            "eurofighter,camp-follower-3,push-pull-train,castle-and-cathedral",
            ENDING,
            30_564,
        ),
        (
            "shortcut,pawned-and-yeomanned,helmsman,push-pull-train",
            KIWIPETE,
            235_072,
        ),
        ("familiarity,push-pull-train,stungun", KIWIPETE, 244_613),
        ("familiarity,push-pull-train,stungun", ENDING, 1_755),
    ];
    for (variants, fen, want) in cases {
        let variants: Variants = variants.parse().unwrap();
        let pos = Position::from_fen(fen, variants).unwrap();
        assert_eq!(perft(&pos, 3), want, "{variants}: {fen} to depth 3");
    }
}

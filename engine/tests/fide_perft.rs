//! Perft of FIDE chess: the start and the usual tricky positions, with the published counts
//! (chessprogramming.org's "Perft Results" page; the same counts Stockfish's `go perft`
//! prints).

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

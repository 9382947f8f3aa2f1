//! The fast path against the general generator, which plays every pseudo-legal move: the
//! same moves in the same order, the same position after each, the same perft counts, on
//! random games and on random positions (checks, pins, castling and en passant included).

use super::*;
use crate::fide::{legal, perft as general_perft, Variant, Variants, START};
use crate::Color;

/// A small deterministic generator (xorshift64*), so a failure names its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn coin(&mut self) -> bool {
        self.next() & 1 == 1
    }
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Compares everything the fast path does in one position with the general generator, and
/// returns the legal moves.
fn same_as_general(pos: &Position, why: &str) -> Vec<Move> {
    let general = legal::general(pos);
    let fast = legal_moves(pos).expect("a plain position takes the fast path");
    assert_eq!(fast, general, "legal moves of {why}");
    let node = Node::new(pos).expect("a plain position has a node");
    let mut steps = Steps(ArrayVec::new());
    gen::generate(&node, &mut steps);
    let mut count = Count(0);
    gen::generate(&node, &mut count);
    assert_eq!(count.0, general.len() as u64, "leaf count of {why}");
    for step in steps.0 {
        let m = Move::from(step);
        let after = pos.play(&m).expect("a legal move plays");
        assert_eq!(
            Node::new(&after),
            Some(node.after(step)),
            "{m:?} made in {why}"
        );
    }
    general
}

/// Perft by both paths.
fn same_perft(pos: &Position, depth: u32, why: &str) {
    assert_eq!(
        perft(pos, depth),
        Some(general_perft::general(pos, depth)),
        "perft {depth} of {why}"
    );
}

/// A random position: both kings, up to 14 more pieces a side, castling rights where king
/// and rook stand at home, sometimes an en passant chance. `None` when FEN rejects it (the
/// side not to move in check).
fn random_position(rng: &mut Rng, variants: Variants) -> Option<Position> {
    let mut board: [Option<(Color, char)>; 64] = [None; 64];
    let mut put = |rng: &mut Rng, color: Color, role: char| loop {
        let sq = rng.below(64);
        let edge = !(8..56).contains(&sq);
        if board[sq].is_none() && !(role == 'p' && edge) {
            board[sq] = Some((color, role));
            return;
        }
    };
    for color in Color::ALL {
        put(rng, color, 'k');
    }
    for color in Color::ALL {
        for _ in 0..rng.below(15) {
            let role = ['p', 'p', 'p', 'n', 'b', 'r', 'q'][rng.below(7)];
            put(rng, color, role);
        }
    }
    let is = |sq: usize, color: Color, role: char| board[sq] == Some((color, role));
    let mut castling = String::new();
    for (color, base, letters) in [
        (Color::White, 0, ['K', 'Q']),
        (Color::Black, 56, ['k', 'q']),
    ] {
        if is(base + 4, color, 'k') {
            for (corner, letter) in [(base + 7, letters[0]), (base, letters[1])] {
                if is(corner, color, 'r') && rng.coin() {
                    castling.push(letter);
                }
            }
        }
    }
    let turn = if rng.coin() {
        Color::White
    } else {
        Color::Black
    };
    // A pawn of the side that just moved, just arrived by a double step.
    let (landing, step) = match turn {
        Color::White => (32, 8),
        Color::Black => (24, -8i32),
    };
    let passed: Vec<usize> = (landing..landing + 8)
        .filter(|&sq| is(sq, !turn, 'p'))
        .map(|sq| (sq as i32 + step) as usize)
        .filter(|&cell| board[cell].is_none() && board[(cell as i32 + step) as usize].is_none())
        .collect();
    let ep = match passed.len() {
        0 => "-".to_string(),
        n if rng.coin() => Square::from_index(passed[rng.below(n)]).name(),
        _ => "-".to_string(),
    };
    let ranks: Vec<String> = (0..8)
        .rev()
        .map(|rank| {
            let mut text = String::new();
            let mut empty = 0;
            for file in 0..8 {
                match board[rank * 8 + file] {
                    None => empty += 1,
                    Some((color, role)) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push(match color {
                            Color::White => role.to_ascii_uppercase(),
                            Color::Black => role,
                        });
                    }
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect();
    let side = match turn {
        Color::White => "w",
        Color::Black => "b",
    };
    let castling = if castling.is_empty() {
        "-".to_string()
    } else {
        castling
    };
    let fen = format!("{} {side} {castling} {ep} 0 1", ranks.join("/"));
    Position::from_fen(&fen, variants).ok()
}

fn extinction() -> Variants {
    Variants::new([Variant::MovewiseExtinction]).unwrap()
}

#[test]
fn random_games_match_the_general_generator() {
    for (seed, start) in (1..=120u64).zip([START, KIWIPETE].into_iter().cycle()) {
        let mut rng = Rng(seed);
        let mut pos = Position::from_fen(start, Variants::NONE).unwrap();
        for ply in 0..200 {
            let why = format!("game {seed} ply {ply}: {}", pos.fen());
            let moves = same_as_general(&pos, &why);
            if ply % 16 == 0 {
                same_perft(&pos, 2, &why);
            }
            let Some(&m) = moves.get(rng.below(moves.len().max(1))) else {
                break;
            };
            pos = pos.play(&m).unwrap();
        }
    }
}

#[test]
fn random_positions_match_the_general_generator() {
    let mut rng = Rng(0x5eed);
    let mut tried = 0;
    while tried < 3000 {
        let variants = if tried % 4 == 0 {
            extinction()
        } else {
            Variants::NONE
        };
        let Some(mut pos) = random_position(&mut rng, variants) else {
            continue;
        };
        tried += 1;
        let fen = pos.fen();
        same_perft(&pos, if tried % 10 == 0 { 3 } else { 2 }, &fen);
        for ply in 0..12 {
            let moves = same_as_general(&pos, &format!("{fen} after {ply} plies"));
            let Some(&m) = moves.get(rng.below(moves.len().max(1))) else {
                break;
            };
            pos = pos.play(&m).unwrap();
        }
    }
}

#[test]
fn en_passant_and_castling_edges() {
    let cases = [
        // The capture would empty the rank between the king and a rook.
        "8/8/8/KPp4r/8/8/8/7k w - c6 0 1",
        "7K/8/8/8/R4pPk/8/8/8 b - g3 0 1",
        // The capture takes a pawn that gives check.
        "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
        // Pinned on a diagonal, the capturer may take along it only.
        "8/8/1k6/8/3pP3/8/6B1/7K b - e3 0 1",
        "7k/8/8/2b5/3pP3/8/8/K7 b - e3 0 1",
        // Castling through, out of and into check; a rook under attack may castle.
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K1rR w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/Rr2K2R w KQkq - 0 1",
        "r3k2r/8/8/8/4r3/8/8/R3K2R w KQkq - 0 1",
        "1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1",
        // Promotions, with and without captures, in and out of check.
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "4k3/1P6/8/8/8/8/8/4K2r w - - 0 1",
    ];
    for fen in cases {
        let pos = Position::from_fen(fen, Variants::NONE).unwrap();
        same_as_general(&pos, fen);
        same_perft(&pos, 4, fen);
    }
}

#[test]
fn extinction_ends_the_game_on_both_paths() {
    // White has no knight: the game is over, so there is nothing to count.
    let pos = Position::from_fen("rn2k3/8/8/8/8/8/8/R3K1B1 w Qq - 0 1", extinction()).unwrap();
    assert!(pos.legal_moves().is_empty());
    same_perft(&pos, 1, "no white knight");
    // Taking Black's last knight ends it one ply early.
    let pos = Position::from_fen("r3k1b1/8/8/8/3Q4/8/1n6/RB2K2N w - - 0 1", extinction()).unwrap();
    same_as_general(&pos, "a knight to take");
    same_perft(&pos, 3, "a knight to take");
}

//! Attack tables for the FIDE family, built at compile time: leaps by table lookup, lines by
//! ray up to the first blocker.

use crate::{Bitboard, Color, Square};

/// The eight directions as (file, rank) steps: orthogonals first, then diagonals.
pub const ORTHOGONAL: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The four diagonal directions.
pub const DIAGONAL: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
/// The knight's eight leaps.
pub const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// The camel's eight leaps (Pawned and yeomanned knights capture with them).
pub const CAMEL: [(i8, i8); 8] = [
    (1, 3),
    (3, 1),
    (3, -1),
    (1, -3),
    (-1, -3),
    (-3, -1),
    (-3, 1),
    (-1, 3),
];

const fn leap_table(leaps: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut i = 0;
        while i < leaps.len() {
            let (nf, nr) = (f + leaps[i].0, r + leaps[i].1);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                table[sq] |= 1 << (nr * 8 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];
const KNIGHT_TABLE: [u64; 64] = leap_table(&KNIGHT);
const CAMEL_TABLE: [u64; 64] = leap_table(&CAMEL);
const KING_TABLE: [u64; 64] = leap_table(&KING_STEPS);
const WHITE_PAWN_TABLE: [u64; 64] = leap_table(&[(1, 1), (-1, 1)]);
const BLACK_PAWN_TABLE: [u64; 64] = leap_table(&[(1, -1), (-1, -1)]);

/// Rays from each square in each of the eight directions (orthogonals, then diagonals).
const RAYS: [[u64; 64]; 8] = {
    let dirs = [
        (1i8, 0i8),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (-1, 1),
        (1, -1),
        (-1, -1),
    ];
    let mut rays = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let (mut f, mut r) = ((sq % 8) as i8, (sq / 8) as i8);
            loop {
                f += dirs[d].0;
                r += dirs[d].1;
                if f < 0 || f > 7 || r < 0 || r > 7 {
                    break;
                }
                rays[d][sq] |= 1 << (r * 8 + f);
            }
            sq += 1;
        }
        d += 1;
    }
    rays
};

/// Whether direction `d` runs towards higher square indices.
const fn positive(d: usize) -> bool {
    matches!(d, 0 | 2 | 4 | 5)
}

fn ray(d: usize, sq: Square, occupied: Bitboard) -> Bitboard {
    let ray = RAYS[d][sq.index()];
    let blockers = ray & occupied.0;
    if blockers == 0 {
        return Bitboard(ray);
    }
    let first = if positive(d) {
        blockers.trailing_zeros()
    } else {
        63 - blockers.leading_zeros()
    };
    Bitboard(ray & !RAYS[d][first as usize])
}

/// The index (into [`ORTHOGONAL`] then [`DIAGONAL`]) of a direction.
pub fn direction_index(d: (i8, i8)) -> usize {
    match d {
        (1, 0) => 0,
        (-1, 0) => 1,
        (0, 1) => 2,
        (0, -1) => 3,
        (1, 1) => 4,
        (-1, 1) => 5,
        (1, -1) => 6,
        _ => 7,
    }
}

/// The squares seen from `sq` in one direction, up to and including the first occupied one.
pub fn ray_attacks(d: (i8, i8), sq: Square, occupied: Bitboard) -> Bitboard {
    ray(direction_index(d), sq, occupied)
}

/// The squares strictly between two squares on a line; empty if they share none.
pub fn between(a: Square, b: Square) -> Bitboard {
    RAYS.iter()
        .find(|ray| ray[a.index()] & (1 << b.index()) != 0)
        .map_or(Bitboard::EMPTY, |ray| {
            Bitboard(ray[a.index()] & !ray[b.index()] & !(1 << b.index()))
        })
}

/// Rook lines from a square.
pub fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
    ray(0, sq, occupied) | ray(1, sq, occupied) | ray(2, sq, occupied) | ray(3, sq, occupied)
}

/// Bishop lines from a square.
pub fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
    ray(4, sq, occupied) | ray(5, sq, occupied) | ray(6, sq, occupied) | ray(7, sq, occupied)
}

/// Knight leaps from a square.
pub fn knight(sq: Square) -> Bitboard {
    Bitboard(KNIGHT_TABLE[sq.index()])
}

/// Camel leaps from a square.
pub fn camel(sq: Square) -> Bitboard {
    Bitboard(CAMEL_TABLE[sq.index()])
}

/// King steps from a square.
pub fn king(sq: Square) -> Bitboard {
    Bitboard(KING_TABLE[sq.index()])
}

/// The squares a pawn of this colour captures on.
pub fn pawn(color: Color, sq: Square) -> Bitboard {
    match color {
        Color::White => Bitboard(WHITE_PAWN_TABLE[sq.index()]),
        Color::Black => Bitboard(BLACK_PAWN_TABLE[sq.index()]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn tables() {
        assert_eq!(knight(sq("a1")).count(), 2);
        assert_eq!(king(sq("e4")).count(), 8);
        assert_eq!(camel(sq("a1")).count(), 2);
        assert_eq!(rook(sq("a1"), Bitboard::EMPTY).count(), 14);
        let blocked = Bitboard::from_square(sq("a4"));
        assert_eq!(rook(sq("a1"), blocked).count(), 10);
        assert_eq!(bishop(sq("d4"), Bitboard::EMPTY).count(), 13);
        assert_eq!(between(sq("a1"), sq("a4")).count(), 2);
        assert_eq!(between(sq("h8"), sq("a1")).count(), 6);
        assert!(between(sq("a1"), sq("b3")).is_empty());
        assert_eq!(pawn(Color::Black, sq("e5")).count(), 2);
    }
}

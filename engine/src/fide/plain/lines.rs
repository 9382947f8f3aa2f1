//! Line tables of plain chess, built at compile time: the bishop's and rook's reach by
//! obstruction difference, and the squares between and along two squares (for checks and
//! pins).
//!
//! Obstruction difference needs two masks per line and square (4 KiB in all), built by the
//! compiler. Magic bitboards (800 KiB of occupancy tables, filled at start-up) were tried on
//! this generator: perft ran as many instructions within 4% either way and took the same
//! time within the noise, so the small tables stayed.

/// One line through a square (rank, file, diagonal or anti-diagonal), split at the square:
/// the squares with lower indices and those with higher.
#[derive(Clone, Copy)]
struct Halves {
    below: u64,
    above: u64,
}

/// The four lines through each square: rank, file, diagonal, anti-diagonal.
static LINES: [[Halves; 4]; 64] = lines_table();

/// The squares strictly between two squares on a common line; empty when they share none.
static BETWEEN: [[u64; 64]; 64] = between_table();

/// The whole line through two squares, both included; empty when they share none.
static THROUGH: [[u64; 64]; 64] = through_table();

/// Each line's step towards higher indices, as (file, rank).
const STEPS: [(i8, i8); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];

const fn walk(sq: usize, (df, dr): (i8, i8)) -> u64 {
    let (mut f, mut r) = ((sq % 8) as i8, (sq / 8) as i8);
    let mut set = 0;
    loop {
        f += df;
        r += dr;
        if f < 0 || f > 7 || r < 0 || r > 7 {
            return set;
        }
        set |= 1 << (r * 8 + f);
    }
}

const fn lines_table() -> [[Halves; 4]; 64] {
    let mut table = [[Halves { below: 0, above: 0 }; 4]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut l = 0;
        while l < 4 {
            let (df, dr) = STEPS[l];
            table[sq][l] = Halves {
                below: walk(sq, (-df, -dr)),
                above: walk(sq, (df, dr)),
            };
            l += 1;
        }
        sq += 1;
    }
    table
}

/// The line (as [`LINES`] numbers them) that holds both squares.
const fn common_line(a: usize, b: usize) -> Option<usize> {
    let mut l = 0;
    while l < 4 {
        if (walk(a, STEPS[l]) | walk(a, (-STEPS[l].0, -STEPS[l].1))) & (1 << b) != 0 {
            return Some(l);
        }
        l += 1;
    }
    None
}

const fn between_table() -> [[u64; 64]; 64] {
    let mut table = [[0; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = a + 1;
        while b < 64 {
            if let Some(l) = common_line(a, b) {
                let set = walk(a, STEPS[l]) & walk(b, (-STEPS[l].0, -STEPS[l].1));
                table[a][b] = set;
                table[b][a] = set;
            }
            b += 1;
        }
        a += 1;
    }
    table
}

const fn through_table() -> [[u64; 64]; 64] {
    let mut table = [[0; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            if a != b {
                if let Some(l) = common_line(a, b) {
                    let (df, dr) = STEPS[l];
                    table[a][b] = walk(a, (df, dr)) | walk(a, (-df, -dr)) | 1 << a;
                }
            }
            b += 1;
        }
        a += 1;
    }
    table
}

/// What a slider on the line sees: every square up to and including the first occupied one
/// each way. The nearest blocker below is isolated by its leading zeros; subtracting it from
/// the blockers above flips exactly the squares from it up to the nearest blocker above.
#[inline]
fn slide(line: Halves, occupied: u64) -> u64 {
    let below = occupied & line.below;
    let above = occupied & line.above;
    let nearest_below = 0x8000_0000_0000_0000u64 >> (below | 1).leading_zeros();
    (above ^ above.wrapping_sub(nearest_below)) & (line.below | line.above)
}

/// The squares a rook on `sq` attacks.
#[inline]
pub(super) fn rook(sq: usize, occupied: u64) -> u64 {
    let [rank, file, _, _] = LINES[sq];
    slide(rank, occupied) | slide(file, occupied)
}

/// The squares a bishop on `sq` attacks.
#[inline]
pub(super) fn bishop(sq: usize, occupied: u64) -> u64 {
    let [_, _, diagonal, anti] = LINES[sq];
    slide(diagonal, occupied) | slide(anti, occupied)
}

/// The rook's lines from `sq` on an empty board.
#[inline]
pub(super) fn rook_rays(sq: usize) -> u64 {
    let [rank, file, _, _] = LINES[sq];
    rank.below | rank.above | file.below | file.above
}

/// The bishop's lines from `sq` on an empty board.
#[inline]
pub(super) fn bishop_rays(sq: usize) -> u64 {
    let [_, _, diagonal, anti] = LINES[sq];
    diagonal.below | diagonal.above | anti.below | anti.above
}

/// The squares strictly between `a` and `b`, if they share a line.
#[inline]
pub(super) fn between(a: usize, b: usize) -> u64 {
    BETWEEN[a][b]
}

/// The line through `a` and `b`, both included, if they share one.
#[inline]
pub(super) fn through(a: usize, b: usize) -> u64 {
    THROUGH[a][b]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fide::attacks;
    use crate::{Bitboard, Square};

    /// A few thousand occupancies against the ray walker of the general generator.
    #[test]
    fn sliders_match_the_ray_walker() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..4000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occupied = x & x.rotate_left(23);
            for sq in 0..64 {
                let s = Square::from_index(sq);
                let occ = Bitboard(occupied);
                assert_eq!(rook(sq, occupied), attacks::rook(s, occ).0);
                assert_eq!(bishop(sq, occupied), attacks::bishop(s, occ).0);
            }
        }
    }

    #[test]
    fn between_and_through() {
        for a in 0..64 {
            for b in 0..64 {
                let (sa, sb) = (Square::from_index(a), Square::from_index(b));
                assert_eq!(between(a, b), attacks::between(sa, sb).0);
                let on_line = a != b && (rook_rays(a) | bishop_rays(a)) & (1 << b) != 0;
                assert_eq!(through(a, b) != 0, on_line);
                if on_line {
                    assert!(through(a, b) & between(a, b) == between(a, b));
                    assert!(through(a, b) & (1 << a | 1 << b) == (1 << a | 1 << b));
                }
            }
        }
    }
}

//! Where each piece moves and captures, with the variants that change pieces' powers:
//! Familiarity (shorter lines further forward), Shortcut (extra lines and routes), Pawned
//! and yeomanned (other capturing directions), A knight at the hoppera (a double leap).

use super::attacks::{self, DIAGONAL, ORTHOGONAL};
use super::position::Board;
use super::variant::{Variant, Variants};
use crate::{Bitboard, Color, Fide, Square};

/// Where a piece goes: `quiet` if the square is empty, `capture` if an enemy stands there.
/// `capture` holds every square the piece attacks, empty or not, so it answers "could it
/// capture a piece there" (en passant and check use that).
#[derive(Clone, Copy, Debug, Default)]
pub struct Reach {
    /// Squares it may move to when they are empty.
    pub quiet: Bitboard,
    /// Squares it attacks.
    pub capture: Bitboard,
}

/// Shortcut's knight routes: "b1-c4-f5-g8 and g1-f4-c5-b8".
const ROUTES: [[u8; 4]; 2] = [[1, 26, 37, 62], [6, 29, 34, 57]];

/// Whether a role moves along lines (a "linepiece", "long-range piece").
pub fn is_line(role: Fide) -> bool {
    matches!(role, Fide::Bishop | Fide::Rook | Fide::Queen)
}

/// The direction a pawn of this colour moves.
pub fn forward(color: Color) -> i8 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// Familiarity: "They can move (and check) a distance of n cells starting from the enemy's
/// nth rank". White on rank 8 is on Black's 1st rank and goes one cell; on rank 1, eight.
pub fn familiar_range(color: Color, from: Square) -> u8 {
    match color {
        Color::White => 8 - from.rank(),
        Color::Black => from.rank() + 1,
    }
}

pub(super) fn within(from: Square, range: u8) -> Bitboard {
    Bitboard(WITHIN[usize::from(range.min(8))][from.index()])
}

/// The squares at most `range` king steps from each square, by range 0 to 8.
static WITHIN: [[u64; 64]; 9] = within_table();

const fn within_table() -> [[u64; 64]; 9] {
    let mut table = [[0; 64]; 9];
    let mut range: usize = 0;
    while range < 9 {
        let mut from: usize = 0;
        while from < 64 {
            let mut s: usize = 0;
            while s < 64 {
                let df = (s % 8).abs_diff(from % 8);
                let dr = (s / 8).abs_diff(from / 8);
                if df <= range && dr <= range {
                    table[range][from] |= 1 << s;
                }
                s += 1;
            }
            from += 1;
        }
        range += 1;
    }
    table
}

/// The knight route `from` stands on, and its place along it.
pub fn route_of(from: Square) -> Option<(usize, usize)> {
    ROUTES.iter().enumerate().find_map(|(r, cells)| {
        cells
            .iter()
            .position(|&c| c as usize == from.index())
            .map(|i| (r, i))
    })
}

/// Where a piece on `from` moves and captures on this board.
pub fn reach(board: &Board, v: Variants, from: Square, color: Color, role: Fide) -> Reach {
    let occupied = board.occupied();
    match role {
        Fide::Pawn => {
            let quiet = from
                .offset(0, forward(color))
                .map_or(Bitboard::EMPTY, Bitboard::from_square);
            Reach {
                quiet,
                capture: attacks::pawn(color, from),
            }
        }
        Fide::King => {
            let steps = attacks::king(from);
            Reach {
                quiet: steps,
                capture: steps,
            }
        }
        Fide::Knight if plain_knights(v) => {
            let leaps = attacks::knight(from);
            Reach {
                quiet: leaps,
                capture: leaps,
            }
        }
        Fide::Knight => knight(board, v, from),
        _ if fide_lines(v) => {
            let mut seen = match role {
                Fide::Rook => attacks::rook(from, occupied),
                Fide::Bishop => attacks::bishop(from, occupied),
                _ => attacks::rook(from, occupied) | attacks::bishop(from, occupied),
            };
            if v.has(Variant::Familiarity) {
                seen &= within(from, familiar_range(color, from));
            }
            Reach {
                quiet: seen & !occupied,
                capture: seen,
            }
        }
        _ => lines(v, from, color, role, occupied),
    }
}

/// Whether every piece moves and attacks as in FIDE chess under these variants.
pub fn plain_pieces(v: Variants) -> bool {
    plain_knights(v) && plain_lines(v)
}

/// Whether every piece moves as in FIDE chess under these variants, save that Familiarity
/// may cut a line short.
pub fn fide_pieces_but_range(v: Variants) -> bool {
    plain_knights(v) && fide_lines(v)
}

/// Whether knights move as in FIDE chess under these variants.
fn plain_knights(v: Variants) -> bool {
    !(v.has(Variant::PawnedAndYeomanned)
        || v.has(Variant::KnightAtTheHoppera)
        || v.has(Variant::Shortcut))
}

/// Whether bishops, rooks and queens move as in FIDE chess under these variants.
fn plain_lines(v: Variants) -> bool {
    fide_lines(v) && !v.has(Variant::Familiarity)
}

/// Whether bishops, rooks and queens move along FIDE chess's lines, perhaps cut short by
/// Familiarity.
fn fide_lines(v: Variants) -> bool {
    !(v.has(Variant::PawnedAndYeomanned) || v.has(Variant::Shortcut))
}

fn knight(board: &Board, v: Variants, from: Square) -> Reach {
    let pawned = v.has(Variant::PawnedAndYeomanned);
    let leaps = attacks::knight(from);
    let mut reach = Reach {
        quiet: leaps,
        capture: if pawned { attacks::camel(from) } else { leaps },
    };
    if v.has(Variant::KnightAtTheHoppera) {
        // "a leap twice the length of their normal one as long as the halfway point is
        // occupied". Under Pawned and yeomanned it is a knight move, so it does not capture.
        for (dx, dy) in attacks::KNIGHT {
            let Some(mid) = from.offset(dx, dy) else {
                continue;
            };
            let Some(to) = from.offset(2 * dx, 2 * dy) else {
                continue;
            };
            if board.occupied().contains(mid) {
                reach.quiet.set(to);
                if !pawned {
                    reach.capture.set(to);
                }
            }
        }
    }
    if v.has(Variant::Shortcut) {
        if let Some((r, i)) = route_of(from) {
            // Along the route like a line piece: each route cell passed must be empty.
            for step in [1isize, -1] {
                let mut j = i as isize + step;
                while (0..4).contains(&j) {
                    let cell = Square::from_index(ROUTES[r][j as usize] as usize);
                    reach.quiet.set(cell);
                    reach.capture.set(cell);
                    if board.occupied().contains(cell) {
                        break;
                    }
                    j += step;
                }
            }
        }
    }
    reach
}

/// The directions a line piece moves in and captures in.
fn line_directions(v: Variants, from: Square, role: Fide) -> [(bool, bool); 8] {
    let pawned = v.has(Variant::PawnedAndYeomanned);
    let mut dirs = [(false, false); 8];
    let (orth, diag) = match role {
        Fide::Rook => (true, false),
        Fide::Bishop => (false, true),
        _ => (true, true),
    };
    for i in 0..4 {
        // Pawned and yeomanned: "Rooks capture diagonally, Bishops orthogonally".
        let (orth_capture, diag_capture) = match (pawned, role) {
            (true, Fide::Rook) => (false, true),
            (true, Fide::Bishop) => (true, false),
            _ => (orth, diag),
        };
        dirs[i] = (orth, orth_capture);
        dirs[4 + i] = (diag, diag_capture);
    }
    if v.has(Variant::Shortcut) {
        // "Rooks can move along the long diagonal, Bishops along files c and f": moving
        // and capturing along them, whatever Pawned and yeomanned does to the usual lines.
        let (f, r) = (from.file(), from.rank());
        if role == Fide::Rook && f == r {
            for d in [(1, 1), (-1, -1)] {
                dirs[attacks::direction_index(d)] = (true, true);
            }
        }
        if role == Fide::Rook && f + r == 7 {
            for d in [(-1, 1), (1, -1)] {
                dirs[attacks::direction_index(d)] = (true, true);
            }
        }
        if role == Fide::Bishop && (f == 2 || f == 5) {
            for d in [(0, 1), (0, -1)] {
                dirs[attacks::direction_index(d)] = (true, true);
            }
        }
    }
    dirs
}

/// The eight directions in table order (orthogonals, then diagonals).
pub fn directions() -> [(i8, i8); 8] {
    [
        ORTHOGONAL[0],
        ORTHOGONAL[1],
        ORTHOGONAL[2],
        ORTHOGONAL[3],
        DIAGONAL[0],
        DIAGONAL[1],
        DIAGONAL[2],
        DIAGONAL[3],
    ]
}

/// The directions a line piece on `from` moves in (pushes and pulls follow them).
pub fn move_directions(v: Variants, from: Square, role: Fide) -> impl Iterator<Item = (i8, i8)> {
    let dirs = line_directions(v, from, role);
    directions()
        .into_iter()
        .zip(dirs)
        .filter(|(_, (moves, _))| *moves)
        .map(|(d, _)| d)
}

fn lines(v: Variants, from: Square, color: Color, role: Fide, occupied: Bitboard) -> Reach {
    let mut reach = Reach::default();
    for (d, (moves, captures)) in directions().into_iter().zip(line_directions(v, from, role)) {
        if !moves && !captures {
            continue;
        }
        let ray = attacks::ray_attacks(d, from, occupied);
        if moves {
            reach.quiet |= ray & !occupied;
        }
        if captures {
            reach.capture |= ray;
        }
    }
    if v.has(Variant::Familiarity) {
        let near = within(from, familiar_range(color, from));
        reach.quiet &= near;
        reach.capture &= near;
    }
    reach
}

/// How far a line piece on `from` may go this move (Familiarity), in cells.
pub fn line_range(v: Variants, color: Color, from: Square) -> u8 {
    if v.has(Variant::Familiarity) {
        familiar_range(color, from)
    } else {
        8
    }
}

/// A role's worth in centipawns: FIDE's scale, changed where a variant changes the piece.
/// A Hoppera knight's double leap and Shortcut's routes and lines add range; under Pawned
/// and yeomanned a rook captures only diagonally (as a bishop does) and a bishop
/// orthogonally (as a rook), and a knight's camel captures keep to one colour.
pub fn worth(v: Variants, role: Fide) -> i32 {
    let mut worth = match role {
        Fide::Pawn => 100,
        Fide::Knight => 320,
        Fide::Bishop => 330,
        Fide::Rook => 500,
        Fide::Queen => 900,
        Fide::King => 0,
    };
    if v.has(Variant::KnightAtTheHoppera) && role == Fide::Knight {
        worth += 45;
    }
    if v.has(Variant::Shortcut) {
        worth += match role {
            Fide::Knight => 20,
            Fide::Bishop | Fide::Rook => 25,
            _ => 0,
        };
    }
    if v.has(Variant::PawnedAndYeomanned) {
        worth += match role {
            Fide::Knight => -40,
            Fide::Bishop => 60,
            Fide::Rook => -60,
            _ => 0,
        };
    }
    worth
}

/// Familiarity's term: a line piece far forward moves only a few cells, so it is worth
/// less there than at home (the mobility count sees the board; this sees the rule).
pub fn value(board: &Board, v: Variants, color: Color) -> i32 {
    if !v.has(Variant::Familiarity) {
        return 0;
    }
    let lines = [Fide::Bishop, Fide::Rook, Fide::Queen]
        .into_iter()
        .map(|r| board.pieces(color, r))
        .fold(Bitboard::EMPTY, |a, b| a | b);
    lines
        .into_iter()
        .map(|s| -6 * (8 - i32::from(familiar_range(color, s))))
        .sum()
}

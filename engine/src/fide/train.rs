//! Train and Push-pull train.
//!
//! Train: "When a long-range piece moves, any piece adjacent in the opposite direction,
//! friend or foe, follows it at the same rate. Any third piece one step beyond that does the
//! same, and so on until there is an empty cell." Long-range pieces are bishops, rooks and
//! queens. Decisions: only one-stage moves pull (not castling, not a Camp-follower's two
//! stages), and a train may not carry a pawn onto the first or last rank (the move is
//! illegal), since a pawn there could neither stand nor promote.
//!
//! Push-pull train: the motor may also push the pieces ahead of it. A push is a move of its
//! own (written with `>`), beside the capture of the first piece ahead: "If no pieces are
//! being pushed the motor piece captures as normal." Of the block of adjacent pieces pushed:
//! 1. with a gap and then a piece of the motor's side beyond, the block stops at the last
//!    empty cell;
//! 2. with a gap and then an enemy, the front piece may also capture it by displacement;
//! 3. with no gap, or a gap and nothing beyond, the pieces pushed off the board are
//!    captured, and must all be enemies of the motor.

use super::effects::Effects;
use super::eval::relative_rank;
use super::moves::{Move, Special};
use super::pieces::{forward, is_line, line_range, move_directions};
use super::position::Board;
use super::position::Position;
use crate::{Color, Fide, Square};

/// The direction and distance of a straight move, if it is one.
pub(super) fn line(from: Square, to: Square) -> Option<((i8, i8), i8)> {
    let dx = to.file() as i8 - from.file() as i8;
    let dy = to.rank() as i8 - from.rank() as i8;
    let n = dx.abs().max(dy.abs());
    if n == 0 || (dx != 0 && dy != 0 && dx.abs() != dy.abs()) {
        return None;
    }
    Some(((dx.signum(), dy.signum()), n))
}

/// Moves the pieces behind a motor that went from `from` to `to` (on the board before the
/// motor left) by the same distance.
pub(super) fn pull(board: &mut Board, from: Square, to: Square, fx: &mut Effects) {
    let Some(((dx, dy), n)) = line(from, to) else {
        return;
    };
    let mut i = 1;
    while let Some(s) = from.offset(-i * dx, -i * dy) {
        let Some(dest) = s.offset(n * dx, n * dy) else {
            break;
        };
        let Some((color, role)) = board.take(s) else {
            break;
        };
        board.put(dest, color, role);
        fx.relocate(s, dest);
        i += 1;
    }
}

/// The block ahead of a motor on `from` in direction `d`: its distance, its length, and what
/// lies beyond it (the gap before the next piece, and that piece's colour).
struct Ahead {
    first: i8,
    length: i8,
    gap: i8,
    beyond: Option<Color>,
}

fn ahead(board: &Board, from: Square, (dx, dy): (i8, i8)) -> Option<Ahead> {
    let at = |i: i8| from.offset(i * dx, i * dy);
    let mut i = 1;
    while at(i).is_some_and(|s| board.get(s).is_none()) {
        i += 1;
    }
    at(i)?;
    let first = i;
    while at(i).is_some_and(|s| board.get(s).is_some()) {
        i += 1;
    }
    let length = i - first;
    let mut gap = 0;
    while at(i).is_some_and(|s| board.get(s).is_none()) {
        gap += 1;
        i += 1;
    }
    let beyond = at(i).and_then(|s| board.get(s)).map(|(c, _)| c);
    Some(Ahead {
        first,
        length,
        gap,
        beyond,
    })
}

/// The push moves of the line piece on `from`.
pub(super) fn pushes(pos: &Position, from: Square, role: Fide, out: &mut Vec<Move>) {
    let us = pos.turn;
    let range = line_range(pos.variants, us, from) as i8;
    for (dx, dy) in move_directions(pos.variants, from, role) {
        let Some(a) = ahead(&pos.board, from, (dx, dy)) else {
            continue;
        };
        let max_shift = match a.beyond {
            Some(c) if c == us => a.gap,
            Some(_) => a.gap + 1,
            None => 8,
        };
        for k in 1..=max_shift {
            let n = a.first + k - 1;
            let Some(to) = from.offset(n * dx, n * dy) else {
                break;
            };
            if n > range {
                break;
            }
            if a.beyond.is_none() && !off_board_are_enemies(&pos.board, from, (dx, dy), &a, k, us) {
                break;
            }
            out.push(Move {
                special: Special::Push,
                ..Move::new(from, to)
            });
        }
    }
}

/// Whether every piece a shift of `k` pushes off the board is an enemy of `us`.
fn off_board_are_enemies(
    board: &Board,
    from: Square,
    (dx, dy): (i8, i8),
    a: &Ahead,
    k: i8,
    us: Color,
) -> bool {
    (0..a.length).all(|j| {
        let i = a.first + j;
        let stays = from.offset((i + k) * dx, (i + k) * dy).is_some();
        let piece = from.offset(i * dx, i * dy).and_then(|s| board.get(s));
        stays || piece.is_some_and(|(c, _)| c != us)
    })
}

/// Plays a push: the block ahead moves on, front first, then the motor, then the pieces it
/// pulls.
pub(super) fn push(board: &mut Board, from: Square, to: Square, fx: &mut Effects) {
    let Some(((dx, dy), n)) = line(from, to) else {
        return;
    };
    let Some(a) = ahead(board, from, (dx, dy)) else {
        return;
    };
    let k = n - a.first + 1;
    for j in (0..a.length).rev() {
        let i = a.first + j;
        let Some(s) = from.offset(i * dx, i * dy) else {
            continue;
        };
        let Some(piece) = board.take(s) else {
            continue;
        };
        match s.offset(k * dx, k * dy) {
            None => fx.capture(s, piece),
            Some(dest) => {
                if let Some(victim) = board.take(dest) {
                    fx.capture(dest, victim);
                }
                board.put(dest, piece.0, piece.1);
                fx.relocate(s, dest);
            }
        }
    }
    if let Some((color, role)) = board.take(from) {
        board.put(to, color, role);
    }
    pull(board, from, to, fx);
}

/// The trains' term: a rook or queen standing just ahead of its own pawn on the pawn's file
/// tows it forward whenever it advances, a pawn's slow march done at a line piece's pace
/// (short of the last rank, which a train may not reach), so the further the pawn has come,
/// the more the pair is worth.
pub(super) fn value(pos: &Position, color: Color) -> i32 {
    if !pos.variants.trains() {
        return 0;
    }
    let board = &pos.board;
    board
        .pieces(color, Fide::Pawn)
        .into_iter()
        .filter(|&pawn| {
            pawn.offset(0, forward(color)).is_some_and(|ahead| {
                board
                    .get(ahead)
                    .is_some_and(|(c, role)| c == color && is_line(role) && role != Fide::Bishop)
            })
        })
        .map(|pawn| 10 + 6 * i32::from(relative_rank(color, pawn)))
        .sum()
}

//! Stungun: "When piece A moves toward, but does not reach, enemy piece B (possibly
//! capturing another enemy in the process) piece B cannot immediately move if: 1: piece A
//! is a Bishop, Rook, or Queen and the cells between its destination and piece B are empty;
//! or 2: piece A is a King, Knight, and Pawn and moves exactly halfway to piece B."
//!
//! Decisions: "toward" is the direction of the move's last stage (a double step or a
//! Camp-follower move is judged by its second stage, whose start is the intermediate cell);
//! castling stuns nothing; a frozen piece cannot move, so it cannot take a king either, and
//! a frozen king in check with nothing else to answer is mated.

use super::eval::{stuck, Worths};
use super::moves::{Move, Special};
use super::pieces::is_line;
use super::position::Position;
use super::train::line;
use super::variant::Variant;
use crate::{Bitboard, Color, Fide};

/// The enemy pieces a move freezes, on the position after it.
pub(super) fn stunned(after: &Position, m: &Move, role: Fide, mover: Color) -> Bitboard {
    if let Special::Castle { .. } = m.special {
        return Bitboard::EMPTY;
    }
    let start = m.via.unwrap_or(m.from);
    let board = &after.board;
    let enemy = |s| board.get(s).is_some_and(|(c, _)| c != mover);
    if is_line(role) {
        let Some(((dx, dy), _)) = line(start, m.to) else {
            return Bitboard::EMPTY;
        };
        let mut s = m.to;
        while let Some(next) = s.offset(dx, dy) {
            if board.get(next).is_some() {
                return if enemy(next) {
                    Bitboard::from_square(next)
                } else {
                    Bitboard::EMPTY
                };
            }
            s = next;
        }
        return Bitboard::EMPTY;
    }
    let dx = m.to.file() as i8 - start.file() as i8;
    let dy = m.to.rank() as i8 - start.rank() as i8;
    match m.to.offset(dx, dy) {
        Some(b) if enemy(b) => Bitboard::from_square(b),
        _ => Bitboard::EMPTY,
    }
}

/// Stungun's term: a frozen piece the enemy attacks can't run this turn.
pub(super) fn value(pos: &Position, w: &Worths, color: Color) -> i32 {
    if !pos.variants.has(Variant::Stungun) {
        return 0;
    }
    stuck(pos, w, color, pos.stunned)
}

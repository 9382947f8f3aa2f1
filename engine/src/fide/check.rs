//! Check: whether a king could be taken by the next move.
//!
//! Legality is "the mover's king cannot be captured by the reply", judged on the position
//! after the move with everything the reply is bound by: a piece the move froze (Stungun)
//! cannot take the king, and a king pushed off the board (Push-pull train) or captured in a
//! double step's first stage is taken. Fatigue does not hold a checking piece back (see
//! `fatigue`). Plain chess asks the attack tables; variants that change pieces ask each
//! piece; moves that capture in ways no attack table shows (double steps, pushes) are
//! played out, for the pieces that could make them.

use super::attacks;
use super::movegen::two_stage_takes;
use super::moves::{Move, Special};
use super::pieces::{familiar_range, fide_pieces_but_range, is_line, reach, within};
use super::position::{Board, Position};
use super::train;
use super::variant::Variant;
use crate::{Bitboard, Color, Fide, Square};

/// Whether a square is attacked by `by`'s pieces under plain FIDE rules.
pub(super) fn attacked(board: &Board, s: Square, by: Color) -> bool {
    attackers(board, s, by).nonempty()
}

/// `by`'s pieces that attack a square under plain FIDE rules.
fn attackers(board: &Board, s: Square, by: Color) -> Bitboard {
    let occupied = board.occupied();
    let theirs = board.by_color(by);
    let line = |a: Fide, b: Fide| board.by_role(a) | board.by_role(b);
    ((attacks::knight(s) & board.by_role(Fide::Knight))
        | (attacks::king(s) & board.by_role(Fide::King))
        | (attacks::pawn(!by, s) & board.by_role(Fide::Pawn))
        | (attacks::rook(s, occupied) & line(Fide::Rook, Fide::Queen))
        | (attacks::bishop(s, occupied) & line(Fide::Bishop, Fide::Queen)))
        & theirs
}

/// Whether the side to move can capture the other side's king: by a piece's capture, by
/// a double step's stages, or by a push.
pub(super) fn king_capturable(pos: &Position) -> bool {
    let us = pos.turn;
    let Some(king) = pos.board.king(!us) else {
        return false;
    };
    let v = pos.variants;
    // A frozen piece still blocks lines, so Stungun only leaves the frozen out.
    let direct = if fide_pieces_but_range(v) {
        (attackers(&pos.board, king, us) & !pos.stunned)
            .into_iter()
            .any(|from| {
                !v.has(Variant::Familiarity)
                    || !pos.board.role(from).is_some_and(is_line)
                    || within(from, familiar_range(us, from)).contains(king)
            })
    } else {
        (pos.board.by_color(us) & !pos.stunned)
            .into_iter()
            .any(|from| {
                pos.board
                    .role(from)
                    .is_some_and(|role| reach(&pos.board, v, from, us, role).capture.contains(king))
            })
    };
    direct
        || two_stage_takes(pos, king)
        || (v.has(Variant::PushPullTrain) && pushes_take(pos, king))
}

/// Whether a push (or the pull behind it) takes the piece on `target`. Both happen along
/// the motor's lines, so only a line piece in line with `target` is played out.
fn pushes_take(pos: &Position, target: Square) -> bool {
    let mut moves = Vec::new();
    (pos.board.by_color(pos.turn) & !pos.stunned)
        .into_iter()
        .any(|from| {
            let Some(role) = pos.board.role(from).filter(|&r| is_line(r)) else {
                return false;
            };
            if train::line(from, target).is_none() {
                return false;
            }
            moves.clear();
            train::pushes(pos, from, role, &mut moves);
            moves.iter().any(|m| takes(pos, m, target))
        })
}

/// Whether a move takes the piece on `target`.
fn takes(pos: &Position, m: &Move, target: Square) -> bool {
    match m.special {
        Special::Push => pos
            .play(m)
            .is_some_and(|after| after.board.get(target) != pos.board.get(target)),
        Special::Castle { .. } | Special::EnPassant => false,
        Special::Plain => m.to == target || m.via == Some(target),
    }
}

/// Whether the side to move's king would be in check standing on `s` (its own square, or
/// one it passes while castling): the enemy as it would move next, with nothing frozen.
pub(super) fn king_attacked_on(pos: &Position, s: Square) -> bool {
    let us = pos.turn;
    let mut q = *pos;
    if let Some(king) = q.board.king(us) {
        if king != s {
            q.board.take(king);
            q.board.put(s, us, Fide::King);
        }
    }
    q.turn = !us;
    q.stunned = Bitboard::EMPTY;
    q.ep = None;
    king_capturable(&q)
}

impl Position {
    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.board
            .king(self.turn)
            .is_some_and(|k| king_attacked_on(self, k))
    }
}

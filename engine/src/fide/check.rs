//! Check: whether a king could be taken by the next move.
//!
//! Legality is "the mover's king cannot be captured by the reply", judged on the position
//! after the move with everything the reply is bound by: a piece the move froze (Stungun)
//! cannot take the king, and a king pushed off the board (Push-pull train) or captured in a
//! double step's first stage is taken. Fatigue does not hold a checking piece back (see
//! `fatigue`). Plain chess asks the attack tables; variants that change pieces ask each
//! piece; variants with moves that capture in ways no attack table shows (double steps,
//! pushes) play the replies out.

use super::attacks;
use super::movegen::captures;
use super::moves::{Move, Special};
use super::pieces::reach;
use super::position::{Board, Position};
use super::variant::Variant;
use crate::{Bitboard, Color, Fide, Square};

/// Whether a square is attacked by `by`'s pieces under plain FIDE rules.
pub(super) fn attacked(board: &Board, s: Square, by: Color) -> bool {
    let occupied = board.occupied();
    let theirs = board.by_color(by);
    let line = |a: Fide, b: Fide| (board.by_role(a) | board.by_role(b)) & theirs;
    (attacks::knight(s) & board.by_role(Fide::Knight) & theirs).nonempty()
        || (attacks::king(s) & board.by_role(Fide::King) & theirs).nonempty()
        || (attacks::pawn(!by, s) & board.by_role(Fide::Pawn) & theirs).nonempty()
        || (attacks::rook(s, occupied) & line(Fide::Rook, Fide::Queen)).nonempty()
        || (attacks::bishop(s, occupied) & line(Fide::Bishop, Fide::Queen)).nonempty()
}

/// Whether the side to move can capture the other side's king.
pub(super) fn king_capturable(pos: &Position) -> bool {
    let us = pos.turn;
    let Some(king) = pos.board.king(!us) else {
        return false;
    };
    let v = pos.variants;
    let generic = v.double_step().is_some() || v.has(Variant::PushPullTrain);
    if generic {
        let mut moves = Vec::with_capacity(64);
        captures(pos, &mut moves);
        return moves.iter().any(|m| takes(pos, m, king));
    }
    let plain = !(v.has(Variant::PawnedAndYeomanned)
        || v.has(Variant::Familiarity)
        || v.has(Variant::Shortcut)
        || v.has(Variant::KnightAtTheHoppera)
        || v.has(Variant::Stungun));
    if plain {
        return attacked(&pos.board, king, us);
    }
    (pos.board.by_color(us) & !pos.stunned)
        .into_iter()
        .any(|from| {
            pos.board
                .role(from)
                .is_some_and(|role| reach(&pos.board, v, from, us, role).capture.contains(king))
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

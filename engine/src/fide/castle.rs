//! Castling: FIDE's, and Castle anytime / Castle and cathedral.
//!
//! Castle anytime: "anytime when the King and an allied Rook - or Queen - are 3 or 4 cells
//! apart in any orthogonal direction and no part of the King's move is in check. The King
//! and Rook need not even be back on their own cells, let alone unmoved." The king moves two
//! cells towards its partner and the partner lands on the cell the king passed over, as in
//! FIDE castling; the cells between them must be empty (decided: castling never jumps).
//! Castle and cathedral adds the diagonal, with a bishop or queen.

use super::attacks::{DIAGONAL, ORTHOGONAL};
use super::check;
use super::moves::{Move, Special};
use super::position::Position;
use super::variant::Variant;
use crate::{Color, Fide, Square};

/// Castling moves of the king on `king`, into `out`.
pub(super) fn castles(pos: &Position, king: Square, out: &mut Vec<Move>) {
    let v = pos.variants;
    if v.has(Variant::CastleAnytime) || v.has(Variant::CastleAndCathedral) {
        anytime(pos, king, v.has(Variant::CastleAndCathedral), out);
    } else {
        fide(pos, king, out);
    }
}

fn fide(pos: &Position, king: Square, out: &mut Vec<Move>) {
    let us = pos.turn;
    let home_rank = if us == Color::White { 0 } else { 7 };
    if king.file() != 4 || king.rank() != home_rank {
        return;
    }
    for rook in pos.castling & pos.board.pieces(us, Fide::Rook) {
        if rook.rank() != home_rank {
            continue;
        }
        let dir: i8 = if rook.file() > king.file() { 1 } else { -1 };
        let between = super::attacks::between(king, rook);
        if (between & pos.board.occupied()).nonempty() {
            continue;
        }
        let (Some(over), Some(to)) = (king.offset(dir, 0), king.offset(2 * dir, 0)) else {
            continue;
        };
        try_castle(pos, king, over, to, rook, out);
    }
}

fn anytime(pos: &Position, king: Square, cathedral: bool, out: &mut Vec<Move>) {
    let us = pos.turn;
    let mut lines: Vec<((i8, i8), [Fide; 2])> = ORTHOGONAL
        .into_iter()
        .map(|d| (d, [Fide::Rook, Fide::Queen]))
        .collect();
    if cathedral {
        lines.extend(
            DIAGONAL
                .into_iter()
                .map(|d| (d, [Fide::Bishop, Fide::Queen])),
        );
    }
    for ((dx, dy), partners) in lines {
        let cell = |n: i8| king.offset(n * dx, n * dy);
        let (Some(over), Some(to)) = (cell(1), cell(2)) else {
            continue;
        };
        for distance in [3, 4] {
            let Some(partner) = cell(distance) else {
                continue;
            };
            let empty = (1..distance)
                .filter_map(cell)
                .all(|s| pos.board.get(s).is_none());
            let ours = pos
                .board
                .get(partner)
                .is_some_and(|(c, r)| c == us && partners.contains(&r));
            if empty && ours {
                try_castle(pos, king, over, to, partner, out);
            }
        }
    }
}

/// Adds the castling if the king is not in check on its square or the one it passes; the
/// square it lands on is checked with every other move.
fn try_castle(
    pos: &Position,
    king: Square,
    over: Square,
    to: Square,
    partner: Square,
    out: &mut Vec<Move>,
) {
    if check::king_attacked_on(pos, king) || check::king_attacked_on(pos, over) {
        return;
    }
    out.push(Move {
        special: Special::Castle { partner },
        ..Move::new(king, to)
    });
}

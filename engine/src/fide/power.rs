//! Promoting-king and Demoting-king: "The King has special powers when moving to a cell
//! adjacent to a capturable piece from one not adjacent to that piece. In PK Chess the piece
//! is an ally and is promoted, in DK Chess the piece is an enemy and is demoted, with the
//! further restriction that the King should not be in check from the resulting piece,
//! although it may from the original one. In each case promotion/demotion may be either one
//! step along a prescribed sequence, e.g. PNBRQ, or to any appropriate previously captured
//! piece but no other."
//!
//! Decisions: the sequence is P N B R Q; a king's power is optional and changes one piece
//! per move; it comes with ordinary king moves (not castling, not a Camp-follower's two
//! stages); "previously captured" pieces are those the changed piece's own side has lost,
//! above it for a promotion and below it for a demotion; a piece is never demoted to a pawn
//! on the first or last rank. The check restriction is the ordinary one: the move is legal
//! only if the king is safe after it, with the demoted piece.

use super::attacks;
use super::moves::{Move, Special};
use super::position::Position;
use super::variant::Variant;
use crate::{Bitboard, Fide};

const SEQUENCE: [Fide; 5] = [
    Fide::Pawn,
    Fide::Knight,
    Fide::Bishop,
    Fide::Rook,
    Fide::Queen,
];

fn rank_of(role: Fide) -> Option<usize> {
    SEQUENCE.iter().position(|&r| r == role)
}

/// The king moves in `out[start..]` again with each power they may use.
pub(super) fn powers(pos: &Position, start: usize, out: &mut Vec<Move>) {
    let v = pos.variants;
    let (pk, dk) = (v.has(Variant::PromotingKing), v.has(Variant::DemotingKing));
    if !pk && !dk {
        return;
    }
    let us = pos.turn;
    let end = out.len();
    for i in start..end {
        let m = out[i];
        if m.via.is_some() || m.special != Special::Plain {
            continue;
        }
        let new = attacks::king(m.to) & !attacks::king(m.from) & !Bitboard::from_square(m.from);
        for at in new {
            let Some((color, role)) = pos.board.get(at) else {
                continue;
            };
            let Some(level) = rank_of(role) else {
                continue;
            };
            let lost = |r: Fide| pos.lost(color, r) > 0;
            let choices: Vec<Fide> = if color == us && pk {
                SEQUENCE
                    .iter()
                    .enumerate()
                    .filter(|&(j, &r)| j == level + 1 || (j > level && lost(r)))
                    .map(|(_, &r)| r)
                    .collect()
            } else if color != us && dk {
                let edge = at.rank() == 0 || at.rank() == 7;
                SEQUENCE
                    .iter()
                    .enumerate()
                    .filter(|&(j, &r)| {
                        (j + 1 == level || (j < level && lost(r))) && !(edge && r == Fide::Pawn)
                    })
                    .map(|(_, &r)| r)
                    .collect()
            } else {
                Vec::new()
            };
            for new_role in choices {
                out.push(Move {
                    power: Some((at, new_role)),
                    ..m
                });
            }
        }
    }
}

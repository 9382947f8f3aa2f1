//! Pseudo-legal moves: every piece's moves under the variants in force, before the king's
//! safety (`legal` adds castling, powers and fatigue, and drops moves that leave the king
//! capturable; `check` asks these moves whether a king can be taken).
//!
//! Two-stage moves (the pawn double step, and Camp-follower moves of other pieces) share one
//! generator: each stage is a quiet move or a capture, and the variant in force says which
//! pairs are allowed.

use super::eval::Worths;
use super::moves::{Move, Special};
use super::pieces::{self, reach, within};
use super::position::Position;
use super::train;
use super::variant::Variant;
use crate::{Bitboard, Color, Fide, Square};

/// A stage of a two-stage move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Quiet,
    Capture,
}

/// The pairs of stages a two-stage move may be, by the double step in force.
fn stage_pairs(double_step: Option<Variant>) -> &'static [(Stage, Stage)] {
    use Stage::*;
    match double_step {
        None => &[(Quiet, Quiet)],
        // "The initial double-step Pawn move comprises two diagonal captures."
        Some(Variant::Warhead) => &[(Capture, Capture)],
        // "two orthogonal noncapturing steps or two diagonal captures but not a mixture"
        Some(Variant::Trident) => &[(Quiet, Quiet), (Capture, Capture)],
        // "an orthogonal noncapturing step and a diagonal capture, in either order"
        Some(Variant::Helmsman) => &[(Quiet, Capture), (Capture, Quiet)],
        _ => &[
            (Quiet, Quiet),
            (Capture, Capture),
            (Quiet, Capture),
            (Capture, Quiet),
        ],
    }
}

/// The squares of the side's first rank, first two ranks, or a role's array squares.
fn camp(zone: u8, color: Color, role: Fide) -> Bitboard {
    let rank = |r: u8| -> Bitboard {
        let r = if color == Color::White { r } else { 7 - r };
        Bitboard(0xff << (8 * r as u64))
    };
    match zone {
        1 => {
            let files: &[u8] = match role {
                Fide::Pawn => &[0, 1, 2, 3, 4, 5, 6, 7],
                Fide::Knight => &[1, 6],
                Fide::Bishop => &[2, 5],
                Fide::Rook => &[0, 7],
                Fide::Queen => &[3],
                Fide::King => &[4],
            };
            let r = if role == Fide::Pawn { 1 } else { 0 };
            files
                .iter()
                .filter_map(|&f| Square::new(f, if color == Color::White { r } else { 7 - r }))
                .collect()
        }
        2 => rank(0),
        _ => rank(0) | rank(1),
    }
}

/// Whether a two-stage move may start on `from`: pawns from their second rank, other
/// pieces from the Camp-follower zone.
#[inline]
fn two_stage_start(pos: &Position, from: Square, role: Fide) -> bool {
    let color = pos.turn;
    if role == Fide::Pawn {
        return from.rank() == if color == Color::White { 1 } else { 6 };
    }
    pos.variants
        .camp_follower()
        .is_some_and(|zone| camp(zone, color, role).contains(from))
}

/// Whether a two-stage move of the side to move takes the piece on `target` in either
/// stage (the king-capture test). Only a double step's stages capture, and only a piece
/// that may start one makes it.
pub(super) fn two_stage_takes(pos: &Position, target: Square) -> bool {
    if pos.variants.double_step().is_none() {
        return false;
    }
    let mut moves = Vec::new();
    (pos.board.by_color(pos.turn) & !pos.stunned)
        .into_iter()
        .any(|from| {
            let Some(role) = pos.board.role(from) else {
                return false;
            };
            // A pawn's two steps end at most two cells away.
            let near = role != Fide::Pawn || within(from, 2).contains(target);
            if !near || !two_stage_start(pos, from, role) {
                return false;
            }
            moves.clear();
            two_stage(pos, from, role, &mut moves);
            moves
                .iter()
                .any(|m| m.to == target || m.via == Some(target))
        })
}

/// Every move of the side to move that the pieces' powers allow, before the king's safety.
/// After a king's own moves, which start at index `start` of `out`, `king_extras(king,
/// start, out)` may add more (castling and powers, which need the check test above this
/// file); a generic, so each caller gets its own copy of this hot loop.
#[inline]
pub(super) fn pieces_moves<F>(pos: &Position, out: &mut Vec<Move>, mut king_extras: F)
where
    F: FnMut(Square, usize, &mut Vec<Move>),
{
    let us = pos.turn;
    let board = &pos.board;
    let ours = board.by_color(us);
    let theirs = board.by_color(!us);
    let occupied = board.occupied();
    let v = pos.variants;
    for from in ours & !pos.stunned {
        let Some(role) = board.role(from) else {
            continue;
        };
        let r = reach(board, v, from, us, role);
        let start = out.len();
        let targets = (r.quiet & !occupied) | (r.capture & theirs);
        for to in targets {
            if role == Fide::Pawn && (to.rank() == 0 || to.rank() == 7) {
                for promotion in [Fide::Queen, Fide::Rook, Fide::Bishop, Fide::Knight] {
                    out.push(Move {
                        promotion: Some(promotion),
                        ..Move::new(from, to)
                    });
                }
            } else {
                out.push(Move::new(from, to));
            }
        }
        if let Some(ep) = pos.ep {
            if ep.capturer == role && r.capture.contains(ep.square) {
                out.push(Move {
                    special: Special::EnPassant,
                    ..Move::new(from, ep.square)
                });
            }
        }
        if two_stage_start(pos, from, role) {
            two_stage(pos, from, role, out);
        }
        if pieces::is_line(role) && v.has(Variant::PushPullTrain) {
            train::pushes(pos, from, role, out);
        }
        if role == Fide::King {
            king_extras(from, start, out);
        }
    }
}

/// Two-stage moves from `from`: the double step for pawns, Camp-follower moves for others.
fn two_stage(pos: &Position, from: Square, role: Fide, out: &mut Vec<Move>) {
    let us = pos.turn;
    let v = pos.variants;
    let pairs = stage_pairs(v.double_step());
    let enemy_king = pos.board.king(!us);
    let first = reach(&pos.board, v, from, us, role);
    for &(one, two) in pairs {
        let vias = match one {
            Stage::Quiet => first.quiet & !pos.board.occupied(),
            Stage::Capture => first.capture & pos.board.by_color(!us),
        };
        for via in vias {
            // "Kings may not pass through squares adjacent to the enemy King."
            if role == Fide::King
                && enemy_king.is_some_and(|k| super::attacks::king(k).contains(via))
            {
                continue;
            }
            let mut board = pos.board;
            board.take(via);
            board.take(from);
            board.put(via, us, role);
            let second = reach(&board, v, via, us, role);
            let tos = match two {
                Stage::Quiet => second.quiet & !board.occupied(),
                Stage::Capture => second.capture & board.by_color(!us),
            };
            for to in tos {
                // A move must move: a camp-follower that comes back has not.
                if to == from || (role == Fide::Pawn && (to.rank() == 0 || to.rank() == 7)) {
                    continue;
                }
                out.push(Move {
                    via: Some(via),
                    ..Move::new(from, to)
                });
            }
        }
    }
}

/// The double steps' term (Warhead, Trident, Helmsman, Eurofighter): a pawn still on its
/// second rank whose double step captures threatens a blast two cells away, through or
/// onto pieces no FIDE pawn attack shows, and under Warhead two pieces at once. Worth a
/// share of the most it could take: a third if the side is to move (the blast is its to
/// play), an eighth if the other side may first step aside.
pub(super) fn value(pos: &Position, w: &Worths, color: Color) -> i32 {
    if pos.variants.double_step().is_none() {
        return 0;
    }
    let mut as_mover = *pos;
    as_mover.turn = color;
    as_mover.stunned = Bitboard::EMPTY;
    let second = Bitboard(0xff << if color == Color::White { 8 } else { 48 });
    let mut blasts = Vec::new();
    for from in pos.board.pieces(color, Fide::Pawn) & second {
        two_stage(&as_mover, from, Fide::Pawn, &mut blasts);
    }
    let theirs = pos.board.by_color(!color);
    let taken = |s: Square| {
        pos.board
            .role(s)
            .filter(|_| theirs.contains(s))
            .map_or(0, |role| w.of(role).min(w.of(Fide::Queen)))
    };
    let best = blasts
        .iter()
        .map(|m| m.via.map_or(0, taken) + taken(m.to))
        .max()
        .unwrap_or(0);
    if pos.turn == color {
        best / 3
    } else {
        best / 8
    }
}

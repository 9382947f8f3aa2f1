//! Perft: the number of move sequences of a given length, the usual check of a generator.

use super::attacks;
use super::check::{attacked, king_capturable};
use super::legal::pseudo;
use super::moves::{Move, Special};
use super::pieces::directions;
use super::position::Position;
use super::variant::Variant;
use crate::{Bitboard, Fide, Square};

/// Leaf nodes `depth` moves deep. Depth 0 is 1.
///
/// ```
/// use engine::fide::{perft, Position, Variants};
/// assert_eq!(perft(&Position::start(Variants::NONE), 3), 8_902);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut lists: Vec<Vec<_>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
    count(pos, depth, &mut lists)
}

/// Counts by playing each generated move once: the position a legal move leads to is the
/// one the next ply starts from.
fn count(pos: &Position, depth: u32, lists: &mut [Vec<Move>]) -> u64 {
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    list.clear();
    if pos.variants().has(Variant::MovewiseExtinction) && pos.extinct().is_some() {
        return 0;
    }
    pseudo(pos, list);
    if depth == 1 && pos.variants().is_empty() && !pos.in_check() {
        return leaves(pos, list);
    }
    let mut total = 0;
    for m in list.iter() {
        let Some(next) = pos.play(m) else {
            continue;
        };
        if king_capturable(&next) {
            continue;
        }
        total += if depth == 1 {
            1
        } else {
            count(&next, depth - 1, rest)
        };
    }
    total
}

/// The legal moves among `list` in plain chess when the side to move is not in check,
/// counted without playing them: a pinned piece must stay on its line, a king must not
/// step onto an attacked square, and only en passant (which may uncover a rank) is played.
fn leaves(pos: &Position, list: &[Move]) -> u64 {
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king(us) else {
        return 0;
    };
    let pinned = pinned(pos, king);
    let mut without_king = *board;
    without_king.take(king);
    list.iter()
        .filter(|m| match m.special {
            Special::EnPassant => pos.play(m).is_some_and(|next| !king_capturable(&next)),
            _ if m.from == king => !attacked(&without_king, m.to, !us),
            _ if pinned.contains(m.from) => aligned(king, m.from, m.to),
            _ => true,
        })
        .count() as u64
}

/// Our pieces that stand alone between our king and an enemy line piece aimed at it.
fn pinned(pos: &Position, king: Square) -> Bitboard {
    let board = pos.board();
    let occupied = board.occupied();
    let ours = board.by_color(pos.turn());
    let theirs = board.by_color(!pos.turn());
    let mut pinned = Bitboard::EMPTY;
    for (i, d) in directions().into_iter().enumerate() {
        let along = if i < 4 { Fide::Rook } else { Fide::Bishop };
        let snipers = (board.by_role(along) | board.by_role(Fide::Queen)) & theirs;
        let Some(first) = (attacks::ray_attacks(d, king, occupied) & occupied).first() else {
            continue;
        };
        if !ours.contains(first) {
            continue;
        }
        let beyond = attacks::ray_attacks(d, first, occupied) & occupied;
        if (beyond & snipers).nonempty() {
            pinned.set(first);
        }
    }
    pinned
}

/// Whether `to` lies on the line from the king through `from`.
fn aligned(king: Square, from: Square, to: Square) -> bool {
    directions().into_iter().any(|d| {
        let ray = attacks::ray_attacks(d, king, Bitboard::EMPTY);
        ray.contains(from) && ray.contains(to)
    })
}

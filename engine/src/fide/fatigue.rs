//! Battle fatigue and Travel fatigue: "the player cannot move the same piece on two
//! successive moves: 1: if both moves would be capturing; 2: if the first move is
//! capturing; 3: if the first move is capturing or the second would be; 4: ever." Travel
//! fatigue reads "moves of three or more steps" for "capturing" (see `steps`).
//! "A King in Check is always free to move" (Battle fatigue only: "The issue of Kings in
//! Check does not arise" for Travel fatigue).
//!
//! Decisions: the seed's "applied to specific pieces or piece types" is not offered (every
//! piece tires); a piece carried by a train stays the tired one; a tired piece still gives
//! check (check is the FIDE attack: the seed frees a king in check "to avoid making
//! Checkmate too easy", which only matters if the piece that just moved can check).

use super::eval::{stuck, Worths};
use super::moves::{Move, Special};
use super::pieces::route_of;
use super::position::Position;
use super::variant::Variants;
use crate::{Bitboard, Color, Fide, Square};

/// Whether a fatigue rule is in force.
#[inline]
pub(super) fn active(v: Variants) -> bool {
    v.battle_fatigue().is_some() || v.travel_fatigue().is_some()
}

fn allowed(level: u8, first: bool, second: bool) -> bool {
    match level {
        1 => !(first && second),
        2 => !first,
        3 => !(first || second),
        _ => false,
    }
}

/// Whether a move takes anything.
pub(super) fn captures(pos: &Position, m: &Move) -> bool {
    let theirs = pos.board.by_color(!pos.turn);
    match m.special {
        Special::EnPassant => true,
        Special::Castle { .. } => false,
        Special::Plain => theirs.contains(m.to) || m.via.is_some_and(|v| theirs.contains(v)),
        Special::Push => pos
            .play(m)
            .is_some_and(|after| after.board.by_color(!pos.turn).count() < theirs.count()),
    }
}

/// Drops the moves fatigue forbids.
pub(super) fn filter(pos: &Position, out: &mut Vec<Move>) {
    let v = pos.variants;
    let Some(last) = pos.last[pos.turn.index()] else {
        return;
    };
    let Some(role) = pos.board.role(last.square) else {
        return;
    };
    let king = role == Fide::King;
    let king_free = king && pos.in_check();
    out.retain(|m| {
        if m.from != last.square {
            return true;
        }
        let battle = v
            .battle_fatigue()
            .is_none_or(|n| king_free || allowed(n, last.captured, captures(pos, m)));
        let travel = v
            .travel_fatigue()
            .is_none_or(|n| allowed(n, last.long, steps(m, role) >= 3));
        battle && travel
    });
}

/// How many steps a move goes, for Travel fatigue ("moves of three or more steps"): cells
/// for a line or a step, one per leap for a knight (two for the Hoppera's double leap, one
/// per route cell on a Shortcut route), two for castling.
pub(super) fn steps(m: &Move, role: Fide) -> u8 {
    if let Special::Castle { .. } = m.special {
        return 2;
    }
    m.stages().map(|(a, b)| stage_steps(role, a, b)).sum()
}

fn stage_steps(role: Fide, a: Square, b: Square) -> u8 {
    let dx = a.file().abs_diff(b.file());
    let dy = a.rank().abs_diff(b.rank());
    if role != Fide::Knight {
        return dx.max(dy);
    }
    match (route_of(a), route_of(b)) {
        (Some((r, i)), Some((s, j))) if r == s => i.abs_diff(j) as u8,
        _ if (dx, dy) == (2, 4) || (dx, dy) == (4, 2) => 2,
        _ => 1,
    }
}

/// Fatigue's term: the piece that moved last may not move at all this turn (its move
/// captured, or went far, and the level forbids any move after that; or level 4), so if
/// the enemy attacks it, it can't run.
pub(super) fn value(pos: &Position, w: &Worths, color: Color) -> i32 {
    let v = pos.variants;
    let Some(last) = pos.last[color.index()] else {
        return 0;
    };
    let tired = |level: Option<u8>, first: bool| match level {
        Some(4) => true,
        Some(2 | 3) => first,
        _ => false,
    };
    if tired(v.battle_fatigue(), last.captured) || tired(v.travel_fatigue(), last.long) {
        stuck(pos, w, color, Bitboard::from_square(last.square))
    } else {
        0
    }
}

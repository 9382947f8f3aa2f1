//! Perft: the number of move sequences of a given length, the usual check of a generator.

use super::check::king_capturable;
use super::legal::pseudo;
use super::moves::Move;
use super::plain;
use super::position::Position;
use super::variant::Variant;

/// Leaf nodes `depth` moves deep. Depth 0 is 1. Positions that move as FIDE chess take
/// the fast path (`plain`); the others play every move with all the variants' hooks.
///
/// ```
/// use engine::fide::{perft, Position, Variants};
/// assert_eq!(perft(&Position::start(Variants::NONE), 3), 8_902);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    plain::perft(pos, depth).unwrap_or_else(|| general(pos, depth))
}

/// Perft `depth >= 1` plies deep by the general generator.
pub(super) fn general(pos: &Position, depth: u32) -> u64 {
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

//! Perft: the number of move sequences of a given length, the usual check of a generator.

use super::check::king_capturable;
use super::movegen::{pseudo, Scope};
use super::variant::Variant;
use super::position::Position;

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
fn count(pos: &Position, depth: u32, lists: &mut [Vec<super::Move>]) -> u64 {
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    list.clear();
    if pos.variants().has(Variant::MovewiseExtinction) && pos.extinct().is_some() {
        return 0;
    }
    pseudo(pos, Scope::All, list);
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

/// Perft split by first move, in long algebraic form, as engines print it.
pub fn divide(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    let depth = depth.max(1);
    super::movegen::legal(pos)
        .into_iter()
        .filter_map(|m| {
            let next = pos.play(&m)?;
            Some((super::san::long(&m), perft(&next, depth - 1)))
        })
        .collect()
}

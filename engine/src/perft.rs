//! Perft (RULES.md section 9): action sequences of a given depth, the design phase always
//! "no change", counted in bulk at the last ply.

use crate::moves::{Buys, Move};
use crate::position::Position;

/// The number of action sequences of `depth` plies from `position`.
///
/// ```
/// use engine::{perft, Position, Ruleset};
///
/// let start = Position::start(Ruleset::Classic.into());
/// assert_eq!(perft(&start, 1), 5); // the king's five moves; nothing is affordable yet
/// ```
pub fn perft(position: &Position, depth: u32) -> u64 {
    let mut pos = position.clone();
    // One move list per ply, reused across the whole count.
    let mut lists = vec![Vec::with_capacity(64); depth as usize];
    perft_inner(&mut pos, depth, &mut lists)
}

fn perft_inner(pos: &mut Position, depth: u32, lists: &mut [Vec<Move>]) -> u64 {
    match depth {
        0 => return 1,
        1 => return pos.count_legal_actions(),
        _ => {}
    }
    let (list, deeper) = lists.split_first_mut().expect("a list per ply");
    pos.generate(Buys::All, list);
    let mut nodes = 0;
    for &mv in list.iter() {
        if pos.makes_in_place(mv) {
            let undo = pos.make(mv);
            nodes += perft_inner(pos, depth - 1, deeper);
            pos.unmake(undo);
        } else {
            let mut next = pos.clone();
            next.play_move(mv);
            nodes += perft_inner(&mut next, depth - 1, deeper);
        }
    }
    nodes
}

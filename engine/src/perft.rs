//! Perft (RULES.md section 9): action sequences of a given depth, the design phase always
//! "no change", counted in bulk at the last ply.

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
    perft_inner(&mut pos, depth)
}

fn perft_inner(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => return 1,
        1 => return pos.count_legal_actions(),
        _ => {}
    }
    let mut nodes = 0;
    if pos.is_general() {
        for action in pos.legal_actions() {
            let mut next = pos.clone();
            next.apply_action(&action);
            nodes += perft_inner(&mut next, depth - 1);
        }
        return nodes;
    }
    for (from, targets) in pos.legal_move_targets() {
        for to in targets {
            let undo = pos.make_move(from, to);
            nodes += perft_inner(pos, depth - 1);
            pos.unmake_move(undo);
        }
    }
    for action in pos.transfers_and_buys() {
        let mut next = pos.clone();
        next.apply_action(&action);
        nodes += perft_inner(&mut next, depth - 1);
    }
    nodes
}

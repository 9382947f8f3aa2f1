//! Zobrist keys for the transposition table: pieces by square, reserves by count, design
//! slots, treasuries, the side to move, and in `progressive` the income step. Kind ids are
//! only meaningful within one kind table, which one search never changes, so the table is
//! made afresh for every search.

use crate::kinds::MAX_KINDS;
use crate::position::{Position, MAX_PIECES};
use crate::ruleset::Ruleset;
use crate::square::Square;

const PIECES: usize = 2 * MAX_KINDS * 64;
const RESERVES: usize = 2 * MAX_KINDS * (MAX_PIECES as usize + 1);
const SLOTS: usize = 2 * 6 * MAX_KINDS;

/// The random numbers, made at compile time from a fixed seed so keys are the same in every
/// run (a search is deterministic given its seed).
struct Keys {
    pieces: [u64; PIECES],
    reserves: [u64; RESERVES],
    slots: [u64; SLOTS],
    black: u64,
}

pub(crate) const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

pub(crate) const fn fill<const N: usize>(mut state: u64) -> ([u64; N], u64) {
    let mut out = [0; N];
    let mut i = 0;
    while i < N {
        let (next, value) = splitmix(state);
        state = next;
        out[i] = value;
        i += 1;
    }
    (out, state)
}

static KEYS: Keys = {
    let (pieces, state) = fill::<PIECES>(0x6373_6970_6773);
    let (reserves, state) = fill::<RESERVES>(state);
    let (slots, state) = fill::<SLOTS>(state);
    let (_, black) = splitmix(state);
    Keys {
        pieces,
        reserves,
        slots,
        black,
    }
};

/// A mixing step for values with no table of their own (treasuries, the income step).
fn mix(value: u64) -> u64 {
    splitmix(value).1
}

/// The key of a position: equal positions (for the search) have equal keys.
pub(crate) fn key(pos: &Position) -> u64 {
    let mut key = 0;
    for color in 0..2 {
        for sq in pos.occupied[color] {
            key ^= piece_key(pos, sq);
        }
        for &(kind, count) in &pos.reserves[color] {
            let count = count.min(MAX_PIECES) as usize;
            key ^= KEYS.reserves
                [(color * MAX_KINDS + kind as usize) * (MAX_PIECES as usize + 1) + count];
        }
        for (slot, &kind) in pos.slots[color].iter().enumerate() {
            key ^= KEYS.slots[(color * 6 + slot) * MAX_KINDS + kind as usize];
        }
        let treasury = pos.treasuries[color].0;
        let bits = u128::from_le_bytes(treasury.serialize());
        key ^= mix((bits as u64) ^ ((bits >> 64) as u64).rotate_left(17) ^ color as u64);
    }
    if pos.to_move.index() == 1 {
        key ^= KEYS.black;
    }
    if pos.rules.ruleset == Ruleset::Progressive {
        key ^= mix(u64::from(pos.rules.ruleset.income(pos.ply).0.mantissa() as u32) << 8);
    }
    key
}

fn piece_key(pos: &Position, sq: Square) -> u64 {
    let code = pos.board[sq.index()] as usize;
    KEYS.pieces[(code - 1) * 64 + sq.index()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::moves::Buys;
    use crate::ruleset::{Options, Rules};

    /// Random playouts: every move made in place and unmade leaves the position exactly as
    /// it was, and playing it in place or on a copy gives the same position and key.
    #[test]
    fn make_then_unmake_restores_the_position() {
        let power = Rules::new(
            Ruleset::Classic,
            Options {
                power: true,
                ..Options::default()
            },
        );
        let mut state = 11;
        let mut list = Vec::new();
        for rules in [Ruleset::Classic.into(), Ruleset::Progressive.into(), power] {
            let mut game = Game::new(rules);
            for _ in 0..80 {
                if game.is_over() {
                    break;
                }
                let mut pos = game.position().clone();
                pos.generate(Buys::Uniform, &mut list);
                for &mv in &list {
                    let mut copy = pos.clone();
                    copy.play_move(mv);
                    if pos.makes_in_place(mv) {
                        let before = (pos.to_string(), key(&pos));
                        let undo = pos.make(mv);
                        assert_eq!(pos.to_string(), copy.to_string(), "{mv:?}");
                        assert_eq!(key(&pos), key(&copy), "{mv:?}");
                        pos.unmake(undo);
                        assert_eq!((pos.to_string(), key(&pos)), before, "{mv:?}");
                    }
                }
                let actions = game.legal_actions();
                let pick = (crate::fog::splitmix64(&mut state) % actions.len() as u64) as usize;
                game.play(actions[pick].clone().into()).expect("legal");
            }
        }
    }
}

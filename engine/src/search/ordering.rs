//! Move ordering: the stored best move, then captures by the victim's worth (most valuable
//! victim, least valuable attacker), then the killer moves of this ply, then the quiet
//! moves as the game orders them (csipgs: buys, drops) and by their history of cut-offs.
//! Good ordering is most of alpha-beta's gain.

use super::node::{Node, QuietOrder};
use super::Searcher;

const TT_MOVE: i32 = 4_000_000;
const CAPTURE: i32 = 3_000_000;
const KILLER: i32 = 2_000_000;

impl<N: Node> Searcher<'_, N> {
    /// A sort key for each move of `moves` into `keys`: larger first.
    pub(super) fn order(
        &self,
        pos: &N,
        moves: &[N::Move],
        tt_move: Option<N::Move>,
        ply: usize,
        keys: &mut Vec<i32>,
    ) {
        keys.clear();
        keys.extend(moves.iter().map(|&mv| {
            let tie = if ply == 0 { self.tie_break(mv) } else { 0 };
            self.key_of(pos, mv, tt_move, ply) + tie
        }));
    }

    fn key_of(&self, pos: &N, mv: N::Move, tt_move: Option<N::Move>, ply: usize) -> i32 {
        if Some(mv) == tt_move {
            return TT_MOVE;
        }
        if let Some(victim) = pos.victim(mv, &self.values) {
            return CAPTURE + victim * 8 - pos.attacker(mv, &self.values) / 16;
        }
        if self.killers[ply].contains(&Some(mv)) {
            return KILLER;
        }
        match pos.quiet_order(mv, &self.values) {
            QuietOrder::Key(key) => key,
            QuietOrder::Step(from, to) => self.history[from][to],
        }
    }

    /// A small seeded number per root move, so equal moves are tried (and chosen) in an
    /// order the seed decides, the same every run.
    fn tie_break(&self, mv: N::Move) -> i32 {
        let code = N::move_code(mv);
        let mut h = self.seed ^ 0x9E37_79B9_7F4A_7C15;
        for byte in (0..5).rev().map(|i| (code >> (8 * i)) & 0xff) {
            h = (h ^ byte).wrapping_mul(0x0100_0000_01B3);
        }
        (h >> 59) as i32
    }
}

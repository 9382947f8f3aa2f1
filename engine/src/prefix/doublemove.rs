//! Doublemove (RULES.md section 5.1): one move, then if the owner wants a second from where
//! the first left the piece, with powers (relayed ones too) computed afresh for it.

use crate::action::Action;
use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::square::Square;

impl Position {
    /// Every two-move action of the doublemove piece on `from`, check not yet judged. A
    /// first move that takes the opponent's last royal ends the action, so has no second.
    pub(crate) fn double_moves(&self, from: Square, out: &mut Vec<Action>) {
        let them = !self.piece(from).expect("a piece stands there").color;
        for via in self.single_targets(from) {
            let mut after = self.clone();
            let at = after.shift(from, via);
            if self.royals(them).contains(via) && after.royals(them).is_empty() {
                continue;
            }
            out.extend(
                after
                    .single_targets(at)
                    .map(|to| Action::DoubleMove { from, via, to }),
            );
        }
    }

    /// What the doublemove piece on `from` could capture with its second move, after any
    /// first move it could make.
    pub(crate) fn second_reach(&self, from: Square) -> Bitboard {
        let mut reach = Bitboard::EMPTY;
        for via in self.single_targets(from) {
            let mut after = self.clone();
            let at = after.shift(from, via);
            reach |= after.single_reach(at);
        }
        reach
    }
}

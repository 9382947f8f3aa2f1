//! The general move generator: positions the fast one in `movegen` can't judge, because a
//! piece shoots, relays or moves twice (RULES.md section 5.1), the board has impassable
//! squares, or check rules are off (fog, section 8). It builds each piece's moves from the
//! same kind tables, then judges check by playing every action on a copy.
//!
//! Layout: this file holds one move of one piece and legality; `relay` which relayed powers
//! a piece holds; `doublemove` the second move and what a doublemove piece attacks.

mod doublemove;
mod relay;

use crate::action::Action;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::kinds::MoveTables;
use crate::position::{Position, MAX_PIECES};
use crate::square::Square;
use arrayvec::ArrayVec;

/// The move tables a piece moves by: its own, and at most one relayed design from each
/// other piece of its side. Kept on the stack: the general generator asks for them for every
/// piece of every position it looks at.
pub(crate) type Powers<'a> = ArrayVec<&'a MoveTables, { MAX_PIECES as usize }>;

impl Position {
    /// What stops a ride or a lame leap: every piece and every impassable square.
    pub(crate) fn blockers(&self) -> Bitboard {
        self.occupied[0] | self.occupied[1] | self.terrain
    }

    /// The move tables the piece on `from` moves by now: its own, then those relayed to it.
    pub(crate) fn powers(&self, from: Square) -> Powers<'_> {
        let piece = self.piece(from).expect("a piece stands there");
        let mut powers = self.relayed_to(from);
        powers.insert(0, self.tables(piece));
        powers
    }

    /// Where one move of the piece on `from` may go: empty squares by its move powers, enemy
    /// pieces by its capture powers, relayed powers included, never an impassable square.
    pub(crate) fn single_targets(&self, from: Square) -> Bitboard {
        let us = self.piece(from).expect("a piece stands there").color;
        let own = self.occupied(us) | self.terrain;
        let enemy = self.occupied(!us);
        self.powers(from).iter().fold(Bitboard::EMPTY, |t, tables| {
            t | tables.targets(from, own, enemy)
        })
    }

    /// Squares the piece on `from` could capture on with one move, whoever stands there.
    pub(crate) fn single_reach(&self, from: Square) -> Bitboard {
        let blockers = self.blockers();
        self.powers(from).iter().fold(Bitboard::EMPTY, |a, tables| {
            a | tables.attacks(from, blockers)
        }) & !self.terrain
    }

    /// Whether some piece of `by` could capture on `target`, by the general rules.
    pub(crate) fn attacked_generally(&self, target: Square, by: Color) -> bool {
        let pieces = self.occupied(by);
        pieces
            .clone()
            .any(|from| self.single_reach(from).contains(target))
            || pieces
                .filter(|&from| {
                    self.kind(self.piece(from).expect("occupied").kind)
                        .doublemove
                })
                .any(|from| self.second_reach(from).contains(target))
    }

    /// Every legal move and double move of the side to move, by the general rules.
    pub(crate) fn general_moves(&self) -> Vec<Action> {
        let mut out = Vec::new();
        if self.has_lost() {
            return out;
        }
        for from in self.occupied(self.to_move) {
            for to in self.single_targets(from) {
                out.push(Action::Move { from, to });
            }
            if self
                .kind(self.piece(from).expect("occupied").kind)
                .doublemove
            {
                self.double_moves(from, &mut out);
            }
        }
        out.retain(|action| self.keeps_royal_safe(action));
        out
    }

    /// Whether an action leaves the mover's only royal unattacked, where check rules apply
    /// (one royal, no fog). An action that takes the opponent's last royal is always legal.
    /// A royal piece dropped by the action is not judged: it is not the one the rule guards.
    pub(crate) fn keeps_royal_safe(&self, action: &Action) -> bool {
        let us = self.to_move;
        if self.rules.options.fog || self.royals(us).count() != 1 {
            return true;
        }
        let mut after = self.clone();
        after.act(action);
        if after.royals(!us).is_empty() {
            return true;
        }
        // The rule guards the royal the mover had; a royal piece just dropped is a second
        // one, and which of the two comes first on the board must not decide.
        let dropped = match action {
            Action::Transfer { to, .. } => Some(*to),
            _ => None,
        };
        let royal = after
            .royals(us)
            .find(|&r| Some(r) != dropped)
            .expect("one royal, not captured by its side");
        !after.attacked_generally(royal, !us)
    }
}

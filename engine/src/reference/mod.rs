//! A slow, obviously-correct move generator used to test the fast one: walk every step of
//! every design square by square, play each action on a copy, and keep it unless it leaves
//! the lone royal piece capturable.
//!
//! Layout: this file walks single steps and keeps the classic attack maps; `powers` is what
//! one move of a piece can do (its own steps, relayed steps, shooting, plunder); `actions`
//! builds whole actions from those (double moves, transfers, buys), judges check by trying
//! the opponent's replies, and plays actions for a reference perft.

mod actions;
mod powers;

use crate::atom::Leap;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::design::Step;
use crate::position::Position;
use crate::square::Square;

impl Position {
    /// Every legal one-move action as (from, to), found by trial; sorted. Slow: for tests only.
    pub fn legal_moves_by_trial(&self) -> Vec<(Square, Square)> {
        let mut moves: Vec<(Square, Square)> = self
            .legal_piece_moves_by_trial()
            .into_iter()
            .filter_map(|action| match action {
                crate::Action::Move { from, to } => Some((from, to)),
                _ => None,
            })
            .collect();
        moves.sort();
        moves
    }

    /// Whether any piece of `by` could capture on `target` with its own steps, found by
    /// walking them: the classic attack map, for positions without unofficial prefixes.
    pub fn attacked_by_walking(&self, target: Square, by: Color) -> bool {
        self.attacked_squares_by_walking(by).contains(target)
    }

    /// Every square some piece of `by` could capture on with its own steps, whoever stands
    /// there: the classic attack map, for positions without unofficial prefixes.
    pub fn attacked_squares_by_walking(&self, by: Color) -> Bitboard {
        let mut attacked = Bitboard::EMPTY;
        for from in self.occupied(by) {
            let (_, design) = self.piece_at(from).expect("occupied");
            for step in design.steps(by).filter(|s| s.mode.can_capture()) {
                for sq in self.walk(from, step) {
                    attacked.set(sq);
                }
            }
        }
        attacked
    }

    /// Whether a square stops a ride or a lame leap's leg: a piece or an impassable square.
    fn stops(&self, sq: Square) -> bool {
        self.piece_at(sq).is_some() || self.terrain.contains(sq)
    }

    /// The squares one step reaches from `from`: a leap's target, or a rider's squares up to
    /// and including the first occupied one; a lame step stops where its path is blocked.
    /// Impassable squares (RULES.md section 8) are never reached: a ride stops before one,
    /// a leap can't land on one, and a lame leg crossing one is blocked.
    fn walk(&self, from: Square, step: Step) -> Vec<Square> {
        let path = if step.lame {
            Leap::lame_path(step.dx, step.dy)
        } else {
            Vec::new()
        };
        let mut reached = Vec::new();
        let mut at = from;
        loop {
            let blocked = path
                .iter()
                .any(|&(x, y)| at.offset(x, y).is_none_or(|sq| self.stops(sq)));
            let Some(next) = at
                .offset(step.dx, step.dy)
                .filter(|&sq| !blocked && !self.terrain.contains(sq))
            else {
                break;
            };
            reached.push(next);
            if !step.rider || self.piece_at(next).is_some() {
                break;
            }
            at = next;
        }
        reached
    }
}

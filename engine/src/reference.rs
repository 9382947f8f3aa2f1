//! A slow, obviously-correct move generator used to test the fast one: walk every step of
//! every design square by square, play each move on a copy, and keep it unless it leaves the
//! lone royal piece attacked.

use crate::atom::Leap;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::design::Step;
use crate::position::Position;
use crate::square::Square;

impl Position {
    /// Every legal move as (from, to), found by trial; sorted. Slow: for tests only.
    pub fn legal_moves_by_trial(&self) -> Vec<(Square, Square)> {
        let us = self.to_move();
        let royals: Vec<Square> = self.royals(us).collect();
        let mut moves: Vec<(Square, Square)> = self
            .pseudo_moves_by_walking(us)
            .into_iter()
            .filter(|&(from, to)| {
                let [royal] = royals[..] else {
                    // With no royal, or several, check may be ignored.
                    return true;
                };
                let mut after = self.clone();
                let piece = after.remove(from).expect("a piece moves");
                after.remove(to);
                after.put(to, piece);
                let royal = if from == royal { to } else { royal };
                !after.attacked_by_walking(royal, !us)
            })
            .collect();
        moves.sort();
        moves
    }

    /// Whether any piece of `by` could capture on `target`, found by walking its steps.
    pub fn attacked_by_walking(&self, target: Square, by: Color) -> bool {
        self.attacked_squares_by_walking(by).contains(target)
    }

    /// Every square some piece of `by` could capture on, whoever stands there.
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

    /// Moves ignoring check: empty squares by move powers, enemy pieces by capture powers.
    fn pseudo_moves_by_walking(&self, us: Color) -> Vec<(Square, Square)> {
        let mut out = Vec::new();
        for from in self.occupied(us) {
            let (_, design) = self.piece_at(from).expect("occupied");
            for step in design.steps(us) {
                for to in self.walk(from, step) {
                    let allowed = match self.piece_at(to) {
                        None => step.mode.can_move(),
                        Some((owner, _)) => owner != us && step.mode.can_capture(),
                    };
                    if allowed && !out.contains(&(from, to)) {
                        out.push((from, to));
                    }
                }
            }
        }
        out
    }

    /// The squares one step reaches from `from`: a leap's target, or a rider's squares up to
    /// and including the first occupied one; a lame step stops where its path is blocked.
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
                .any(|&(x, y)| at.offset(x, y).is_none_or(|sq| self.piece_at(sq).is_some()));
            let Some(next) = at.offset(step.dx, step.dy).filter(|_| !blocked) else {
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

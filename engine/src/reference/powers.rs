//! What one move of a piece can do, read from RULES.md section 5.1 and walked square by
//! square: its own steps and the steps relay pieces lend it, a shooter's capture that leaves
//! it in place, and plunder taken for the captured piece.

use crate::design::{Prefix, Step};
use crate::money::Zorkmids;
use crate::position::{Piece, Position};
use crate::square::Square;
use rust_decimal::Decimal;

impl Position {
    /// The squares one move of the piece on `from` may go to or capture on: empty squares by
    /// move powers, enemy pieces by capture powers, with its own steps and relayed ones.
    pub(super) fn one_move_targets(&self, from: Square) -> Vec<Square> {
        let (color, design) = self.piece_at(from).expect("a piece moves");
        let mut steps: Vec<Step> = design.steps(color).collect();
        steps.extend(self.relayed_steps(from));
        self.targets_with(from, &steps)
    }

    /// The squares these steps of the piece on `from` may go to or capture on.
    fn targets_with(&self, from: Square, steps: &[Step]) -> Vec<Square> {
        let (color, _) = self.piece_at(from).expect("a piece moves");
        let mut targets = Vec::new();
        for &step in steps {
            for to in self.walk(from, step) {
                let allowed = match self.piece_at(to) {
                    None => step.mode.can_move(),
                    Some((owner, _)) => owner != color && step.mode.can_capture(),
                };
                if allowed && !targets.contains(&to) {
                    targets.push(to);
                }
            }
        }
        targets
    }

    /// The steps relay pieces lend the piece on `to`: every step of every other friendly
    /// relay piece that protects it, in the owner's directions. Only the relay piece's own
    /// design passes on, never what was relayed to it.
    fn relayed_steps(&self, to: Square) -> Vec<Step> {
        let (color, _) = self.piece_at(to).expect("a piece receives");
        let mut steps = Vec::new();
        for relay in self.occupied(color) {
            let (_, design) = self.piece_at(relay).expect("occupied");
            if relay != to && design.has_prefix(Prefix::Relay) && self.protects(relay, to) {
                steps.extend(design.steps(color));
            }
        }
        steps
    }

    /// Whether the piece on `by` could capture on `target` if an enemy stood there, with
    /// its own design alone; a doublemove piece also with a second move after any first.
    fn protects(&self, by: Square, target: Square) -> bool {
        if self.captures_with_own_steps(by, target) {
            return true;
        }
        let (color, design) = self.piece_at(by).expect("a piece protects");
        if !design.has_prefix(Prefix::DoubleMove) {
            return false;
        }
        let own: Vec<Step> = design.steps(color).collect();
        let firsts = self.targets_with(by, &own);
        firsts.into_iter().any(|first| {
            let (after, at) = self.shift_by_trial(by, first);
            after.continues_after_first_move(color) && after.captures_with_own_steps(at, target)
        })
    }

    /// Whether one of the own capturing steps of the piece on `by` reaches `target`.
    fn captures_with_own_steps(&self, by: Square, target: Square) -> bool {
        let (color, design) = self.piece_at(by).expect("a piece captures");
        design
            .steps(color)
            .filter(|s| s.mode.can_capture())
            .any(|s| self.walk(by, s).contains(&target))
    }

    /// Whether a doublemove action of `mover` may go on to a second move: not when the first
    /// took the opponent's last royal piece, which ends the action (RULES.md 5.1).
    pub(super) fn continues_after_first_move(&self, mover: crate::color::Color) -> bool {
        self.royals(!mover).nonempty()
    }

    /// One move of the piece on `from` to `to`, on a copy: a move to an empty square, or a
    /// capture with plunder taken, after which a shooter stays where it stood. Returns the
    /// copy and the square the piece ends on.
    pub(super) fn shift_by_trial(&self, from: Square, to: Square) -> (Position, Square) {
        let mut after = self.clone();
        let piece = after.remove(from).expect("a piece moves");
        let mut end = to;
        if let Some(lost) = after.remove(to) {
            after.take_plunder_by_trial(lost);
            if self.kind(piece.kind).design.has_prefix(Prefix::Shooting) {
                end = from;
            }
        }
        after.put(end, piece);
        (after, end)
    }

    /// With plunder on, the captured piece's owner pays half its design's price (RULES.md
    /// 5.2), unrounded and into debt if need be; a design with no price costs nothing.
    fn take_plunder_by_trial(&mut self, lost: Piece) {
        if !self.rules.options.plunder {
            return;
        }
        let design = self.kind(lost.kind).design.clone();
        if let Some(price) = self.cost(&design) {
            self.treasuries[lost.color.index()] -= Zorkmids(price.0 / Decimal::from(2));
        }
    }
}

//! Whole actions by trial (RULES.md sections 2, 3, 5.1, 5.2 and 8): every move and double
//! move played on a copy, check judged by trying every reply of the opponent, transfers and
//! buys by the rule's own words, and a perft that plays actions with the reference's own
//! primitives.

use crate::action::Action;
use crate::color::Color;
use crate::design::{Design, Prefix};
use crate::money::Zorkmids;
use crate::position::{Piece, Position, MAX_PIECES};
use crate::square::Square;

impl Position {
    /// Every legal action of the side to move, found by trial: moves, double moves (one per
    /// (from, first target, second target)), transfers (one per reserve design and square)
    /// and buys. Slow: for tests only.
    pub fn legal_actions_by_trial(&self) -> Vec<Action> {
        let us = self.to_move;
        let royals = self.royals(us);
        // A side with no royal piece on the board has lost (RULES.md 5.1): nothing to play.
        if royals.is_empty() {
            return Vec::new();
        }
        let mut actions = self.legal_piece_moves_by_trial();
        let attacked: Vec<Square> = royals
            .filter(|&r| self.capturable_by_trial(r, !us))
            .collect();
        let mut squares: Vec<Square> = royals
            .filter(|r| !attacked.contains(r))
            .flat_map(Square::neighbours)
            .filter(|&sq| !self.stops(sq))
            .collect();
        squares.sort();
        squares.dedup();
        for (design, _) in self.reserve(us) {
            for &to in &squares {
                let after = self.dropped(&design, to);
                if self.leaves_royal_safe(&after, Some(to)) {
                    actions.push(Action::Transfer {
                        design: design.clone(),
                        to,
                    });
                }
            }
        }

        let may_buy =
            !self.rules.options.power && attacked.is_empty() && self.piece_count(us) < MAX_PIECES;
        if may_buy {
            let funds = self.treasury(us) + self.rules.ruleset.income(self.ply);
            let room = if self.rules.ruleset.allows_multi_buy() {
                MAX_PIECES - self.piece_count(us)
            } else {
                1
            };
            let slots: Vec<(Design, Zorkmids)> = self
                .slots(us)
                .into_iter()
                .map(|d| (d.clone(), self.cost(d).expect("slots are priced")))
                .collect();
            for buy in buys(&slots, funds, room) {
                actions.push(Action::Buy(buy));
            }
        }
        actions
    }

    /// The legal actions of the side to move that move a piece: moves and double moves.
    pub(super) fn legal_piece_moves_by_trial(&self) -> Vec<Action> {
        self.moves_by_trial(self.to_move)
            .into_iter()
            .filter(|(_, after)| self.leaves_royal_safe(after, None))
            .map(|(action, _)| action)
            .collect()
    }

    /// Whether the position `after` an action of the side to move obeys check (RULES.md
    /// sections 3, 5.1 and 8): with one royal piece, outside fog, the action must not leave
    /// that piece capturable, unless it took the opponent's last royal piece. A royal piece
    /// just dropped on `dropped` is not that piece.
    fn leaves_royal_safe(&self, after: &Position, dropped: Option<Square>) -> bool {
        let us = self.to_move;
        self.royals(us).count() != 1
            || self.rules.options.fog
            || after.royals(!us).is_empty()
            || after
                .royals(us)
                .filter(|&r| Some(r) != dropped)
                .all(|r| !after.capturable_by_trial(r, !us))
    }

    /// Every action of `us` that moves a piece, ignoring check, with the board after it:
    /// one move of any piece, and for a doublemove piece each second move after it, from
    /// where the first left it, with relayed steps found afresh.
    fn moves_by_trial(&self, us: Color) -> Vec<(Action, Position)> {
        let mut out = Vec::new();
        for from in self.occupied(us) {
            let (_, design) = self.piece_at(from).expect("occupied");
            let twice = design.has_prefix(Prefix::DoubleMove);
            for via in self.one_move_targets(from) {
                let (after, at) = self.shift_by_trial(from, via);
                if twice && after.continues_after_first_move(us) {
                    for to in after.one_move_targets(at) {
                        let (end, _) = after.shift_by_trial(at, to);
                        out.push((Action::DoubleMove { from, via, to }, end));
                    }
                }
                out.push((Action::Move { from, to: via }, after));
            }
        }
        out
    }

    /// Whether `by` could take the piece on `target` (an enemy of `by`) in its next action:
    /// with one move of any piece, or with a doublemove piece's second move after any first.
    /// This is RULES.md section 3's check, found by trying the replies.
    pub fn capturable_by_trial(&self, target: Square, by: Color) -> bool {
        if !self.occupied(!by).contains(target) {
            return false;
        }
        self.occupied(by).any(|from| {
            let firsts = self.one_move_targets(from);
            if firsts.contains(&target) {
                return true;
            }
            let (_, design) = self.piece_at(from).expect("occupied");
            design.has_prefix(Prefix::DoubleMove)
                && firsts.into_iter().any(|via| {
                    let (after, at) = self.shift_by_trial(from, via);
                    after.continues_after_first_move(by)
                        && after.one_move_targets(at).contains(&target)
                })
        })
    }

    /// A copy with one reserve piece of `design` of the side to move dropped on `to`.
    fn dropped(&self, design: &Design, to: Square) -> Position {
        let us = self.to_move;
        let kind = self.kinds.find(design).expect("reserve designs are known");
        let mut after = self.clone();
        assert!(after.take_from_reserve(us, kind), "the reserve holds it");
        after.put(to, Piece { color: us, kind });
        after
    }

    /// The position after a legal action, played on a copy with the reference's own steps:
    /// the credit, the action (plunder taken per captured piece), the turn passed.
    pub fn play_by_trial(&self, action: &Action) -> Position {
        let us = self.to_move;
        let mut after = match action {
            Action::Move { from, to } => self.shift_by_trial(*from, *to).0,
            Action::DoubleMove { from, via, to } => {
                let (first, at) = self.shift_by_trial(*from, *via);
                first.shift_by_trial(at, *to).0
            }
            Action::Transfer { design, to } => self.dropped(design, *to),
            Action::Buy(designs) => {
                let mut after = self.clone();
                for design in designs {
                    let kind = self.kinds.find(design).expect("slot designs are known");
                    after.treasuries[us.index()] -= self.cost(design).expect("slots are priced");
                    after.add_to_reserve(us, kind);
                }
                after
            }
        };
        after.treasuries[us.index()] += self.rules.ruleset.income(self.ply);
        after.to_move = !us;
        after.ply = self.ply.saturating_add(1);
        after
    }

    /// Perft (RULES.md section 9) from [`Position::legal_actions_by_trial`] and
    /// [`Position::play_by_trial`]. Slow: for tests only.
    pub fn perft_by_trial(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.legal_actions_by_trial().len() as u64,
            _ => self
                .legal_actions_by_trial()
                .iter()
                .map(|action| self.play_by_trial(action).perft_by_trial(depth - 1))
                .sum(),
        }
    }
}

/// Every collection of one to `room` slot designs (repeats allowed, in slot order) whose
/// prices add up to at most `funds`.
fn buys(slots: &[(Design, Zorkmids)], funds: Zorkmids, room: u32) -> Vec<Vec<Design>> {
    let mut out = Vec::new();
    if room == 0 {
        return out;
    }
    for (i, (design, cost)) in slots.iter().enumerate() {
        if *cost > funds {
            continue;
        }
        out.push(vec![design.clone()]);
        for mut more in buys(&slots[i..], funds - *cost, room - 1) {
            more.insert(0, design.clone());
            out.push(more);
        }
    }
    out
}

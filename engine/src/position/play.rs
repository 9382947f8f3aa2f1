//! How a turn changes a position: the credit phase, an action known to be legal, and
//! passing the turn; moves also unmade, for perft and search.

use super::state::{Piece, Position};
use crate::action::Action;
use crate::design::Design;
use crate::kinds::KindId;
use crate::money::Zorkmids;
use crate::square::Square;

/// What `make_move` changed, so `unmake_move` can put it back.
pub(crate) struct StepUndo {
    from: Square,
    to: Square,
    moved: Piece,
    captured: Option<Piece>,
    /// Both treasuries: plunder takes from the side that lost a piece.
    treasuries: [Zorkmids; 2],
    /// The ply before: kept, not recomputed, because the ply saturates at its maximum.
    ply: u32,
}

impl Position {
    /// Credit, then move a piece (legality already known), then pass the turn.
    pub(crate) fn make_move(&mut self, from: Square, to: Square) -> StepUndo {
        let treasuries = self.treasuries;
        let ply = self.ply;
        self.credit();
        let moved = self.remove(from).expect("a piece moves");
        let captured = self.remove(to);
        if let Some(lost) = captured {
            self.plunder(lost);
        }
        self.put(to, moved);
        self.pass_turn();
        StepUndo {
            from,
            to,
            moved,
            captured,
            treasuries,
            ply,
        }
    }

    /// Take back a move made by `make_move`.
    pub(crate) fn unmake_move(&mut self, undo: StepUndo) {
        self.ply = undo.ply;
        self.to_move = !self.to_move;
        self.remove(undo.to);
        if let Some(captured) = undo.captured {
            self.put(undo.to, captured);
        }
        self.put(undo.from, undo.moved);
        self.treasuries = undo.treasuries;
    }

    /// Credit, then an action known to be legal, then pass the turn.
    pub(crate) fn apply_action(&mut self, action: &Action) {
        if let (Action::Move { from, to }, false) = (action, self.is_general()) {
            self.make_move(*from, *to);
            return;
        }
        self.credit();
        self.act(action);
        self.pass_turn();
    }

    /// The credit phase: add this turn's income to the mover's treasury.
    pub(crate) fn credit(&mut self) {
        let us = self.to_move.index();
        self.treasuries[us] += self.rules.ruleset.income(self.ply);
    }

    /// Carry out an action known to be legal, for the side to move, without passing the turn.
    pub(crate) fn act(&mut self, action: &Action) {
        match action {
            Action::Buy(designs) => self.buy(designs),
            Action::Move { from, to } => {
                self.shift(*from, *to);
            }
            Action::DoubleMove { from, via, to } => self.double_move(*from, *via, *to),
            Action::Transfer { design, to } => {
                let kind = self.kinds.find(design).expect("reserve designs are known");
                self.drop_piece(kind, *to);
            }
        }
    }

    /// Both moves of a doublemove piece, known to be possible.
    #[inline]
    pub(crate) fn double_move(&mut self, from: Square, via: Square, to: Square) {
        let took_royal = self.royals(!self.to_move).contains(via);
        let at = self.shift(from, via);
        // A first move that took the last royal ends the action (RULES.md 5.1).
        if !(took_royal && self.royals(!self.to_move).is_empty()) {
            self.shift(at, to);
        }
    }

    /// Put a piece of the mover's reserve on `to`, known to be empty.
    #[inline]
    pub(crate) fn drop_piece(&mut self, kind: KindId, to: Square) {
        let us = self.to_move;
        self.take_from_reserve(us, kind);
        self.put(to, Piece { color: us, kind });
    }

    /// One move of the piece on `from` to `to`, known to be possible: a capture by
    /// displacement, or for a shooter a shot that leaves it where it stands. Plunder is
    /// taken per captured piece. Returns where the piece is afterwards.
    pub(crate) fn shift(&mut self, from: Square, to: Square) -> Square {
        let moved = self.piece(from).expect("a piece moves");
        let Some(lost) = self.remove(to) else {
            self.remove(from);
            self.put(to, moved);
            return to;
        };
        self.plunder(lost);
        if self.kind(moved.kind).shooting {
            return from;
        }
        self.remove(from);
        self.put(to, moved);
        to
    }

    /// Pay for designs known to be buyable and put the pieces in the reserve.
    pub(crate) fn buy(&mut self, designs: &[Design]) {
        for design in designs {
            self.stock(self.kinds.find(design).expect("slot designs are known"));
        }
    }

    /// Pay for one piece of a priced kind and put it in the mover's reserve.
    pub(crate) fn stock(&mut self, kind: KindId) {
        let cost = self.kind(kind).cost.expect("slot designs have prices");
        self.treasuries[self.to_move.index()] -= cost;
        self.add_to_reserve(self.to_move, kind);
    }

    /// Hand the turn to the other side. The ply stops at its maximum rather than wrap, so a
    /// position string with a huge ply plays on.
    pub(crate) fn pass_turn(&mut self) {
        self.to_move = !self.to_move;
        self.ply = self.ply.saturating_add(1);
    }
}

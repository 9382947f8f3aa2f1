//! Perft (RULES.md section 9): action sequences of a given depth, the design phase always
//! "no change", counted in bulk at the last ply.

use crate::action::Action;
use crate::money::Zorkmids;
use crate::position::{Piece, Position};
use crate::square::Square;

/// What `make_move` changed, so `unmake_move` can put it back.
pub(crate) struct Undo {
    from: Square,
    to: Square,
    moved: Piece,
    captured: Option<Piece>,
    treasury: Zorkmids,
}

impl Position {
    /// Credit, then move a piece (legality already known), then pass the turn.
    pub(crate) fn make_move(&mut self, from: Square, to: Square) -> Undo {
        let us = self.to_move;
        let treasury = self.treasuries[us.index()];
        self.treasuries[us.index()] += self.rules.ruleset.income(self.ply);
        let moved = self.remove(from).expect("a piece moves");
        let captured = self.remove(to);
        self.put(to, moved);
        self.to_move = !us;
        self.ply += 1;
        Undo {
            from,
            to,
            moved,
            captured,
            treasury,
        }
    }

    pub(crate) fn unmake_move(&mut self, undo: Undo) {
        self.ply -= 1;
        self.to_move = !self.to_move;
        self.remove(undo.to);
        if let Some(captured) = undo.captured {
            self.put(undo.to, captured);
        }
        self.put(undo.from, undo.moved);
        self.treasuries[self.to_move.index()] = undo.treasury;
    }

    /// Credit, then an action known to be legal, then pass the turn.
    pub(crate) fn apply_action(&mut self, action: &Action) {
        if let Action::Move { from, to } = action {
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
        let us = self.to_move;
        match action {
            Action::Move { from, to } => {
                let moved = self.remove(*from).expect("a piece moves");
                self.remove(*to);
                self.put(*to, moved);
            }
            Action::Transfer { design, to } => {
                let kind = self.kinds.find(design).expect("reserve designs are known");
                self.take_from_reserve(us, kind);
                self.put(*to, Piece { color: us, kind });
            }
            Action::Buy(designs) => self.buy(designs),
        }
    }

    /// Pay for designs known to be buyable and put the pieces in the reserve.
    pub(crate) fn buy(&mut self, designs: &[crate::design::Design]) {
        let us = self.to_move;
        for design in designs {
            let kind = self.kinds.find(design).expect("slot designs are known");
            let cost = self.kind(kind).cost.expect("slot designs have prices");
            self.treasuries[us.index()] -= cost;
            self.add_to_reserve(us, kind);
        }
    }

    pub(crate) fn pass_turn(&mut self) {
        self.to_move = !self.to_move;
        self.ply += 1;
    }
}

/// The number of action sequences of `depth` plies from `position`.
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

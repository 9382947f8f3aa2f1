//! csipgs positions as search nodes: moves, drops and buys (under `power`, buys as each
//! action's design phase), made in place where they can be; a lost royal or no action loses.

use super::node::{Ending, Node, QuietOrder};
use super::zobrist;
use crate::eval::{evaluate, Values};
use crate::moves::{Act, Buys, Move};
use crate::position::{Piece, Position};
use crate::square::Square;

/// Worth of a royal piece for ordering captures: taking one is taking the game.
const ROYAL_WORTH: i32 = 5_000;

impl Node for Position {
    type Move = Move;
    type Values = Values;

    const REPETITION_DRAWS: bool = false;

    fn values(&self) -> Values {
        Values::new(self)
    }

    fn key(&self) -> u64 {
        zobrist::key(self)
    }

    fn generate(&self, out: &mut Vec<Move>) {
        self.generate(Buys::Uniform, out);
    }

    /// No legal action (or no royal left) loses (RULES.md sections 2 and 5.1).
    fn ending(&self) -> Ending {
        Ending::Lost
    }

    /// Whether the side to move's only royal is attacked (check rules apply).
    fn in_check(&self) -> bool {
        let us = self.to_move();
        let royals = self.royals(us);
        royals.count() == 1
            && !self.rules().options.fog
            && royals.first().is_some_and(|r| self.attacked_by(r, !us))
    }

    /// Whether a step or drop attacks the opponent's only royal from where it lands: direct
    /// checks, found from the kind tables without playing the move (discovered checks are
    /// left to the main search). None in the general generator's positions, nor for buys.
    fn gives_check(&self, mv: Move) -> bool {
        let them = !self.to_move();
        let royals = self.royals(them);
        if royals.count() != 1 || self.is_general() || !mv.buy.is_empty() {
            return false;
        }
        let royal = royals.first().expect("one royal");
        let mut occupied = self.occupied(them) | self.occupied(!them);
        let (piece, to) = match mv.act {
            Act::Step { from, to } => {
                occupied.clear(from);
                (self.piece(from).expect("a piece moves"), to)
            }
            Act::Drop { kind, to } => (Piece { color: !them, kind }, to),
            _ => return false,
        };
        occupied.set(to);
        self.tables(piece).attacks(to, occupied).contains(royal)
    }

    /// The worth of the piece on its target (or, for a double move, on both).
    fn victim(&self, mv: Move, values: &Values) -> Option<i32> {
        let us = self.to_move();
        let taken = |sq| {
            self.piece(sq)
                .filter(|p| p.color != us)
                .map(|_| worth_at(self, values, sq))
        };
        match mv.act {
            Act::Step { to, .. } => taken(to),
            Act::Double { via, to, .. } => match (taken(via), taken(to)) {
                (None, None) => None,
                (a, b) => Some(a.unwrap_or(0) + b.unwrap_or(0)),
            },
            _ => None,
        }
    }

    fn attacker(&self, mv: Move, values: &Values) -> i32 {
        match mv.act {
            Act::Step { from, .. } | Act::Double { from, .. } => worth_at(self, values, from),
            _ => 0,
        }
    }

    /// Buys by what they buy, then drops by the piece dropped, then steps by history.
    fn quiet_order(&self, mv: Move, values: &Values) -> QuietOrder {
        const BUY: i32 = 1_500_000;
        const DROP: i32 = 1_000_000;
        match mv.act {
            Act::Buy => {
                let slots = &self.slots[self.to_move().index()];
                let basket: i32 = mv
                    .buy
                    .slots()
                    .map(|slot| values.piece[slots[slot] as usize])
                    .sum();
                QuietOrder::Key(BUY + basket / 8)
            }
            Act::Drop { kind, .. } => QuietOrder::Key(DROP + values.piece[kind as usize] / 8),
            Act::Step { from, to } | Act::Double { from, to, .. } => {
                QuietOrder::Step(from.index(), to.index())
            }
        }
    }

    fn reducible(&self, mv: Move) -> bool {
        mv.act != Act::Buy
    }

    fn move_code(mv: Move) -> u64 {
        let (a, b, c, d) = match mv.act {
            Act::Step { from, to } => (0, from.index(), to.index(), 0),
            Act::Double { from, via, to } => (1, from.index(), via.index(), to.index()),
            Act::Drop { kind, to } => (2, kind as usize, to.index(), 0),
            Act::Buy => (3, 0, 0, 0),
        };
        let buy = mv.buy.slots().fold(0u64, |acc, s| {
            acc.wrapping_mul(7).wrapping_add(s as u64 + 1)
        });
        [a, b as u64, c as u64, d as u64, buy]
            .into_iter()
            .fold(0, |acc, x| (acc << 8) | (x & 0xff))
    }

    fn with_child<R>(&mut self, mv: Move, then: impl FnOnce(&mut Self) -> R) -> R {
        if self.makes_in_place(mv) {
            let undo = self.make(mv);
            let value = then(self);
            self.unmake(undo);
            value
        } else {
            let mut next = self.clone();
            next.play_move(mv);
            then(&mut next)
        }
    }

    fn evaluate(&self, values: &Values) -> i32 {
        evaluate(self, values)
    }
}

/// The worth of the piece on a square; a royal piece counts as the most valuable.
fn worth_at(pos: &Position, values: &Values, sq: Square) -> i32 {
    let piece = pos.piece(sq).expect("a piece stands there");
    if pos.kind(piece.kind).royal {
        ROYAL_WORTH
    } else {
        values.piece[piece.kind as usize]
    }
}

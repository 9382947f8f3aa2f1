//! Moves as the search sees them: a turn's action, and under `power` its design-phase buy,
//! packed into eight bytes that are `Copy`, generated into a list the caller reuses, and
//! played without building an [`Action`] (whose designs live on the heap). [`Turn`], with its
//! designs, stays the record and interface type; [`Position::turn_of`] and
//! [`Position::move_of`] convert at the edge.

use crate::action::{Action, DesignPhase, Turn};
use crate::kinds::KindId;
use crate::position::{Position, Reserve};
use crate::square::Square;

/// How many pieces of each of the mover's six slots one buy takes, four bits a slot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Basket(u32);

impl Basket {
    /// Nothing bought.
    pub const EMPTY: Basket = Basket(0);

    /// One piece of the design in `slot`.
    pub fn single(slot: usize) -> Basket {
        Basket::EMPTY.with(slot)
    }

    /// This basket with one more piece of the design in `slot`.
    pub fn with(self, slot: usize) -> Basket {
        Basket(self.0 + (1 << (4 * slot)))
    }

    /// How many pieces of the design in `slot` it takes.
    pub fn count(self, slot: usize) -> u32 {
        (self.0 >> (4 * slot)) & 0xF
    }

    /// How many pieces in all.
    pub fn total(self) -> u32 {
        (0..6).map(|slot| self.count(slot)).sum()
    }

    /// Whether it takes nothing.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The slots it buys from, each as often as it buys that design.
    pub fn slots(self) -> impl Iterator<Item = usize> {
        (0..6).flat_map(move |slot| std::iter::repeat_n(slot, self.count(slot) as usize))
    }
}

/// The action phase of a [`Move`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Act {
    /// A piece moves (or a shooter shoots) from one square to another.
    Step {
        /// Where the piece stands.
        from: Square,
        /// Its target.
        to: Square,
    },
    /// A doublemove piece's two moves (RULES.md section 5.1).
    Double {
        /// Where the piece stands.
        from: Square,
        /// The first move's target.
        via: Square,
        /// The second move's target.
        to: Square,
    },
    /// A reserve piece of this kind dropped on `to`.
    Drop {
        /// The piece's kind in the position's kind table.
        kind: KindId,
        /// The empty square next to a royal piece.
        to: Square,
    },
    /// The move's basket is bought as the action.
    Buy,
}

/// A whole turn for the search: an action, and a basket bought in the design phase under
/// `power` (as the action when [`Act::Buy`]). Eight bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The action phase.
    pub act: Act,
    /// What is bought: the action's buy, or under `power` the design phase's.
    pub buy: Basket,
}

impl Move {
    /// A move with no design phase.
    pub fn plain(act: Act) -> Move {
        Move {
            act,
            buy: Basket::EMPTY,
        }
    }
}

/// Which buys [`Position::generate`] lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Buys {
    /// The legal actions exactly, design phase left alone (perft): every affordable
    /// collection, and in `progressive` there can be tens of thousands.
    All,
    /// What a search looks at: one design at a time, as many as affordable of it (1, 2, ...),
    /// since mixed collections multiply the tree and rarely beat buying one design twice;
    /// under `power` these baskets come as each action's design phase instead.
    Uniform,
}

/// What [`Position::make`] changed, so [`Position::unmake`] can put it back.
pub(crate) enum Undo {
    /// A piece moved: the fast path, nothing else touched but the treasuries (plunder).
    Step(crate::position::StepUndo),
    /// A drop or a buy: the mover's reserve and the treasuries as they were.
    Stock {
        reserve: Reserve,
        treasuries: [crate::money::Zorkmids; 2],
        ply: u32,
        dropped: Option<Square>,
    },
}

impl Position {
    /// Every legal move of the side to move into `out` (cleared first). Under `power` each
    /// action also comes with each basket the mover may then buy.
    pub fn generate(&self, buys: Buys, out: &mut Vec<Move>) {
        out.clear();
        if self.has_lost() {
            return;
        }
        if self.is_general() {
            for action in self.move_actions() {
                out.push(Move::plain(self.act_of(&action)));
            }
            for action in self.transfers() {
                if self.keeps_royal_safe(&action) {
                    out.push(Move::plain(self.act_of(&action)));
                }
            }
        } else {
            for (from, targets) in self.legal_move_targets() {
                out.extend(targets.map(|to| Move::plain(Act::Step { from, to })));
            }
            let squares = self.transfer_squares();
            for &(kind, _) in &self.reserves[self.to_move.index()] {
                out.extend(squares.map(|to| Move::plain(Act::Drop { kind, to })));
            }
        }
        if self.rules.options.power {
            if buys == Buys::Uniform {
                self.add_power_buys(buys, out);
            }
        } else if self.may_buy() {
            for basket in self.baskets(buys) {
                out.push(Move {
                    act: Act::Buy,
                    buy: basket,
                });
            }
        }
    }

    /// Under `power`: beside each action, the action followed by each basket the mover may
    /// buy once it is played (no royal in check then).
    fn add_power_buys(&self, buys: Buys, out: &mut Vec<Move>) {
        let baskets = self.baskets(buys);
        if baskets.is_empty() {
            return;
        }
        let plain = out.len();
        for i in 0..plain {
            let mv = out[i];
            let mut after = self.clone();
            after.credit();
            after.act_move(mv.act);
            if after.royals_in_check(self.to_move).is_empty() {
                out.extend(baskets.iter().map(|&buy| Move { act: mv.act, buy }));
            }
        }
    }

    /// The baskets the mover can pay for within the piece limit, ignoring check.
    fn baskets(&self, buys: Buys) -> Vec<Basket> {
        let slots = &self.slots[self.to_move.index()];
        let slot_of = |kind: KindId| slots.iter().position(|&k| k == kind).expect("a slot");
        match buys {
            Buys::All => self
                .collections_within_funds()
                .iter()
                .map(|c| c.iter().fold(Basket::EMPTY, |b, &k| b.with(slot_of(k))))
                .collect(),
            Buys::Uniform => {
                let funds = self.funds();
                let mut out = Vec::new();
                for (slot, &kind) in slots.iter().enumerate() {
                    let Some(cost) = self.kind(kind).cost else {
                        continue;
                    };
                    let mut basket = Basket::EMPTY;
                    let mut spent = cost;
                    while basket.total() < self.buy_limit() && spent <= funds {
                        basket = basket.with(slot);
                        out.push(basket);
                        spent += cost;
                    }
                }
                out
            }
        }
    }

    /// The action phase of a move, for the side to move, without passing the turn.
    pub(crate) fn act_move(&mut self, act: Act) {
        match act {
            Act::Step { from, to } => {
                self.shift(from, to);
            }
            Act::Double { from, via, to } => self.double_move(from, via, to),
            Act::Drop { kind, to } => self.drop_piece(kind, to),
            Act::Buy => {}
        }
    }

    /// The action as the engine's Copy form.
    pub(crate) fn act_of(&self, action: &Action) -> Act {
        match action {
            Action::Move { from, to } => Act::Step {
                from: *from,
                to: *to,
            },
            Action::DoubleMove { from, via, to } => Act::Double {
                from: *from,
                via: *via,
                to: *to,
            },
            Action::Transfer { design, to } => Act::Drop {
                kind: self.kinds.find(design).expect("reserve designs are known"),
                to: *to,
            },
            Action::Buy(_) => Act::Buy,
        }
    }

    /// The turn a move stands for, with its designs, as records and the bot take it.
    pub fn turn_of(&self, mv: Move) -> Turn {
        let designs = |basket: Basket| {
            basket
                .slots()
                .map(|slot| {
                    let kind = self.slots[self.to_move.index()][slot];
                    self.kind(kind).design.clone()
                })
                .collect::<Vec<_>>()
        };
        let action = match mv.act {
            Act::Step { from, to } => Action::Move { from, to },
            Act::Double { from, via, to } => Action::DoubleMove { from, via, to },
            Act::Drop { kind, to } => Action::Transfer {
                design: self.kind(kind).design.clone(),
                to,
            },
            Act::Buy => Action::Buy(designs(mv.buy)),
        };
        let design = match mv.act {
            Act::Buy => None,
            _ if mv.buy.is_empty() => None,
            _ => Some(DesignPhase::Buy(designs(mv.buy))),
        };
        Turn { action, design }
    }

    /// The move a turn without a redesign stands for, if its designs are in this position.
    pub fn move_of(&self, turn: &Turn) -> Option<Move> {
        let slots = &self.slots[self.to_move.index()];
        let basket = |designs: &[crate::design::Design]| {
            designs.iter().try_fold(Basket::EMPTY, |b, d| {
                let kind = self.kinds.find(d)?;
                Some(b.with(slots.iter().position(|&k| k == kind)?))
            })
        };
        let buy = match (&turn.action, &turn.design) {
            (Action::Buy(designs), None) => basket(designs)?,
            (Action::Buy(_), Some(_)) => return None,
            (_, None) => Basket::EMPTY,
            (_, Some(DesignPhase::Buy(designs))) => basket(designs)?,
            (_, Some(DesignPhase::Redesign { .. })) => return None,
        };
        if let Action::Transfer { design, .. } = &turn.action {
            self.kinds.find(design)?;
        }
        Some(Move {
            act: self.act_of(&turn.action),
            buy,
        })
    }

    /// Play a legal move: credit, action, design-phase buy, pass the turn.
    pub fn play_move(&mut self, mv: Move) {
        self.credit();
        self.act_move(mv.act);
        self.buy_basket(mv.buy);
        self.pass_turn();
    }

    /// Pay for a basket of slot designs and put the pieces in the reserve.
    fn buy_basket(&mut self, basket: Basket) {
        for slot in basket.slots() {
            self.stock(self.slots[self.to_move.index()][slot]);
        }
    }

    /// Whether [`Position::make`] can play this move in place: anything but a move in the
    /// general generator's positions or a move with a design-phase buy, which are played on
    /// a copy instead.
    pub(crate) fn makes_in_place(&self, mv: Move) -> bool {
        !self.is_general()
            && (mv.buy.is_empty() || mv.act == Act::Buy || matches!(mv.act, Act::Drop { .. }))
    }

    /// Play a legal move in place, keeping what [`Position::unmake`] needs to take it back.
    /// Only where [`Position::makes_in_place`] holds.
    pub(crate) fn make(&mut self, mv: Move) -> Undo {
        if let (Act::Step { from, to }, true) = (mv.act, mv.buy.is_empty()) {
            return Undo::Step(self.make_move(from, to));
        }
        let undo = Undo::Stock {
            reserve: self.reserves[self.to_move.index()].clone(),
            treasuries: self.treasuries,
            ply: self.ply,
            dropped: match mv.act {
                Act::Drop { to, .. } => Some(to),
                _ => None,
            },
        };
        self.play_move(mv);
        undo
    }

    /// Take back a move played by [`Position::make`].
    pub(crate) fn unmake(&mut self, undo: Undo) {
        match undo {
            Undo::Step(step) => self.unmake_move(step),
            Undo::Stock {
                reserve,
                treasuries,
                ply,
                dropped,
            } => {
                self.to_move = !self.to_move;
                if let Some(sq) = dropped {
                    self.remove(sq);
                }
                self.reserves[self.to_move.index()] = reserve;
                self.treasuries = treasuries;
                self.ply = ply;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_basket_counts_each_slot() {
        let basket = Basket::single(4).with(4).with(0);
        assert_eq!(basket.count(4), 2);
        assert_eq!(basket.total(), 3);
        assert_eq!(basket.slots().collect::<Vec<_>>(), [0, 4, 4]);
        assert_eq!(std::mem::size_of::<Move>(), 8);
    }
}

//! The fast path of plain FIDE chess: a legal move generator (checkers, pins, evasions,
//! castling, en passant) over a lean copy of the position, for perft and for
//! `Position::legal_moves` whenever the variants in force move pieces and make moves as FIDE
//! chess does (none, or only Movewise extinction, which ends games but moves nothing).
//! Every other position keeps the general generator, which plays each pseudo-legal move
//! through all the variants' hooks.
//!
//! Layout: `lines` (slider, between and line tables), `node` (the position and making a
//! move), `gen` (the legal moves, handed out in batches); this file turns the batches into
//! counts or into steps to make, and steps into the general generator's [`Move`]s, in its
//! order.

mod gen;
mod lines;
mod node;
#[cfg(test)]
mod tests;

use super::moves::{Move, Special};
use super::position::Position;
use crate::{Fide, Square};
use arrayvec::ArrayVec;
use gen::{generate, PawnMove, Visit};
use node::{Kind, Node, Step};

/// The most legal moves a chess position has is 218.
const MAX_MOVES: usize = 256;

/// Promotions in the order the general generator lists them.
const PROMOTIONS: [Fide; 4] = [Fide::Queen, Fide::Rook, Fide::Bishop, Fide::Knight];

/// The legal moves of a position the fast path handles, in the general generator's order;
/// none when it does not handle it.
pub(super) fn legal_moves(pos: &Position) -> Option<Vec<Move>> {
    let node = Node::new(pos)?;
    let mut steps = Steps(ArrayVec::new());
    generate(&node, &mut steps);
    // Each key is found once and sorted as a plain integer, the step's index in its low
    // byte (MAX_MOVES is 256): sorting the steps by a key found at each comparison took
    // twice as long.
    let mut order: ArrayVec<u32, MAX_MOVES> = steps
        .0
        .iter()
        .enumerate()
        .map(|(i, step)| general_order(step) << 8 | i as u32)
        .collect();
    order.sort_unstable();
    Some(
        order
            .iter()
            .map(|key| Move::from(steps.0[(key & 0xff) as usize]))
            .collect(),
    )
}

/// Perft `depth >= 1` plies deep from a position the fast path handles; none when it does
/// not handle it.
pub(super) fn perft(pos: &Position, depth: u32) -> Option<u64> {
    Node::new(pos).map(|node| count(&node, depth))
}

/// Leaf nodes `depth >= 1` plies deep: every move above the last ply is made; the last
/// ply's moves are counted from the generator's batches.
fn count(node: &Node, depth: u32) -> u64 {
    if node.extinct() {
        return 0;
    }
    if depth == 1 {
        let mut leaves = Count(0);
        generate(node, &mut leaves);
        return leaves.0;
    }
    let mut steps = Steps(ArrayVec::new());
    generate(node, &mut steps);
    steps
        .0
        .iter()
        .map(|&step| count(&node.after(step), depth - 1))
        .sum()
}

/// Where the general generator puts a move: by its piece's square, then plain moves and
/// promotions (by target, promotions queen first), en passant, double steps, castling.
fn general_order(step: &Step) -> u32 {
    let (stage, promotion) = match step.kind {
        Kind::Plain(_) => (0, 0),
        Kind::Promotion(role) => {
            let place = PROMOTIONS.iter().position(|&p| p == role).unwrap_or(0);
            (0, place as u32)
        }
        Kind::EnPassant => (1, 0),
        Kind::Double => (2, 0),
        Kind::Castle(_) => (3, 0),
    };
    (step.from.index() as u32) << 12 | stage << 9 | (step.to.index() as u32) << 2 | promotion
}

/// The square `offset` behind `to`, where a pawn batch's move starts.
fn behind(to: Square, offset: i8) -> Square {
    Square::from_index((to.index() as isize - offset as isize) as usize)
}

/// Counts the moves.
struct Count(u64);

impl Visit for Count {
    #[inline]
    fn piece(&mut self, _: Fide, _: Square, to: u64) {
        self.0 += u64::from(to.count_ones());
    }

    #[inline]
    fn pawns(&mut self, kind: PawnMove, _: i8, to: u64) {
        let each = match kind {
            PawnMove::Promotion => PROMOTIONS.len() as u64,
            _ => 1,
        };
        self.0 += each * u64::from(to.count_ones());
    }

    #[inline]
    fn en_passant(&mut self, _: Square, _: Square) {
        self.0 += 1;
    }

    #[inline]
    fn castle(&mut self, _: Square, _: Square, _: Square) {
        self.0 += 1;
    }
}

/// Lists the moves as steps for the node to make.
struct Steps(ArrayVec<Step, MAX_MOVES>);

impl Visit for Steps {
    #[inline]
    fn piece(&mut self, role: Fide, from: Square, to: u64) {
        for to in crate::Bitboard(to) {
            self.0.push(Step {
                from,
                to,
                kind: Kind::Plain(role),
            });
        }
    }

    #[inline]
    fn pawns(&mut self, kind: PawnMove, offset: i8, to: u64) {
        for to in crate::Bitboard(to) {
            let from = behind(to, offset);
            match kind {
                PawnMove::Single => self.0.push(Step {
                    from,
                    to,
                    kind: Kind::Plain(Fide::Pawn),
                }),
                PawnMove::Double => self.0.push(Step {
                    from,
                    to,
                    kind: Kind::Double,
                }),
                PawnMove::Promotion => {
                    for role in PROMOTIONS {
                        self.0.push(Step {
                            from,
                            to,
                            kind: Kind::Promotion(role),
                        });
                    }
                }
            }
        }
    }

    #[inline]
    fn en_passant(&mut self, from: Square, to: Square) {
        self.0.push(Step {
            from,
            to,
            kind: Kind::EnPassant,
        });
    }

    #[inline]
    fn castle(&mut self, from: Square, to: Square, rook: Square) {
        self.0.push(Step {
            from,
            to,
            kind: Kind::Castle(rook),
        });
    }
}

impl From<Step> for Move {
    /// The move as the general generator writes it.
    fn from(step: Step) -> Move {
        let plain = Move::new(step.from, step.to);
        match step.kind {
            Kind::Plain(_) => plain,
            Kind::Double => Move {
                via: Some(Square::from_index(
                    (step.from.index() + step.to.index()) / 2,
                )),
                ..plain
            },
            Kind::Promotion(role) => Move {
                promotion: Some(role),
                ..plain
            },
            Kind::EnPassant => Move {
                special: Special::EnPassant,
                ..plain
            },
            Kind::Castle(rook) => Move {
                special: Special::Castle { partner: rook },
                ..plain
            },
        }
    }
}

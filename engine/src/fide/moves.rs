//! A move of the FIDE family: small and `Copy`, naming only what the position cannot tell.

use crate::{Fide, Square};

/// What kind of move, beyond going from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Special {
    /// An ordinary move or capture (trains follow it where they run).
    Plain,
    /// An en passant capture: the piece that passed is taken from where it stands.
    EnPassant,
    /// Castling (or cathedralling) with the piece on this square, which lands on the cell
    /// the king passed over.
    Castle {
        /// Where the rook, bishop or queen stands.
        partner: Square,
    },
    /// Push-pull train: the move pushes the pieces ahead instead of capturing.
    Push,
}

/// A move: the piece on `from` goes to `to`, through `via` when it moves twice (a double
/// step or a camp-follower move), promoting on arrival or raising/lowering a neighbour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the moving piece stands.
    pub from: Square,
    /// Where it lands.
    pub to: Square,
    /// The cell between the two stages of a two-stage move.
    pub via: Option<Square>,
    /// A pawn's promotion.
    pub promotion: Option<Fide>,
    /// What is special about it.
    pub special: Special,
    /// Promoting-king or Demoting-king: the neighbour changed and its new role.
    pub power: Option<(Square, Fide)>,
}

impl Move {
    /// A plain move from one square to another.
    pub fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            via: None,
            promotion: None,
            special: Special::Plain,
            power: None,
        }
    }

    /// The stages of the move as (from, to) pairs: one, or two through `via`.
    pub fn stages(&self) -> impl Iterator<Item = (Square, Square)> {
        let first = (self.from, self.via.unwrap_or(self.to));
        let second = self.via.map(|v| (v, self.to));
        std::iter::once(first).chain(second)
    }
}

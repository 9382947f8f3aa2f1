//! A plain-chess position as the fast generator sees it: the pieces as bitboards, the side
//! to move, castling and en passant, and nothing a variant needs. Moves are made by copying
//! it and changing the copy (ten words), so nothing is ever unmade.

use super::lines;
use crate::fide::attacks;
use crate::fide::pieces::forward;
use crate::fide::position::Position;
use crate::{Color, Fide, Square};

const PAWN: usize = Fide::Pawn as usize;
const KNIGHT: usize = Fide::Knight as usize;
const BISHOP: usize = Fide::Bishop as usize;
const ROOK: usize = Fide::Rook as usize;
const QUEEN: usize = Fide::Queen as usize;
const KING: usize = Fide::King as usize;

/// What each square does to the castling rights when a move starts or ends on it: a rook's
/// corner loses its own right, a king's home both rights of its rank (as `Position::play`
/// clears a right whose rook or king square a move touched).
static KEEP: [u64; 64] = {
    let mut keep = [!0u64; 64];
    let (a1, h1, a8, h8) = (1u64, 1u64 << 7, 1u64 << 56, 1u64 << 63);
    keep[0] = !a1;
    keep[7] = !h1;
    keep[4] = !(a1 | h1);
    keep[56] = !a8;
    keep[63] = !h8;
    keep[60] = !(a8 | h8);
    keep
};

/// A plain-chess position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Node {
    /// Both sides' pieces of each role, by `Fide as usize`.
    roles: [u64; 6],
    /// Each side's pieces, by `Color::index`.
    colors: [u64; 2],
    turn: Color,
    /// The rook corners that keep their castling right.
    castling: u64,
    /// The square a pawn just passed over in a double step.
    ep: Option<Square>,
    /// Movewise extinction is in force: a side that lost its last rook-, bishop- or
    /// knight-mover has lost, and the position has no moves.
    extinction: bool,
}

/// A legal move as the node plays it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Step {
    pub(super) from: Square,
    pub(super) to: Square,
    pub(super) kind: Kind,
}

/// What a [`Step`] does besides moving its piece and taking what stands on its target.
#[derive(Clone, Copy, Debug)]
pub(super) enum Kind {
    /// A piece of this role moves.
    Plain(Fide),
    /// A pawn steps two squares and leaves an en passant chance.
    Double,
    /// A pawn reaches the last rank and becomes this role.
    Promotion(Fide),
    /// A pawn takes the one that just passed its target.
    EnPassant,
    /// The king castles with the rook on this corner, which lands on the square the king
    /// passed over.
    Castle(Square),
}

/// The side to move's view of a node: its pieces, the enemy's, and where its king stands.
#[derive(Clone, Copy)]
pub(super) struct Sides {
    pub(super) us: Color,
    pub(super) ours: u64,
    pub(super) theirs: u64,
    pub(super) king: usize,
}

impl Node {
    /// The node of a position whose moves and their making are FIDE's, with its side to
    /// move's one king and, if any, FIDE's own en passant chance; none otherwise.
    pub(super) fn new(pos: &Position) -> Option<Node> {
        if !pos.variants.moves_as_fide() || pos.board.pieces(pos.turn, Fide::King).count() != 1 {
            return None;
        }
        let ep = match pos.ep {
            None => None,
            Some(ep)
                if ep.capturer == Fide::Pawn
                    && ep.square.offset(0, forward(!pos.turn)) == Some(ep.victim) =>
            {
                Some(ep.square)
            }
            Some(_) => return None,
        };
        Some(Node {
            roles: Fide::ALL.map(|r| pos.board.by_role(r).0),
            colors: Color::ALL.map(|c| pos.board.by_color(c).0),
            turn: pos.turn,
            castling: pos.castling.0,
            ep,
            extinction: pos.variants.has(crate::fide::Variant::MovewiseExtinction),
        })
    }

    /// The side to move's pieces, the enemy's and its king.
    #[inline]
    pub(super) fn sides(&self) -> Sides {
        let us = self.turn;
        let ours = self.colors[us.index()];
        Sides {
            us,
            ours,
            theirs: self.colors[(!us).index()],
            king: (self.roles[KING] & ours).trailing_zeros() as usize,
        }
    }

    /// The pieces of a role that belong to `side`.
    #[inline]
    pub(super) fn pieces(&self, side: u64, role: Fide) -> u64 {
        self.roles[role as usize] & side
    }

    /// The side's pieces that move along rook lines (rooks and queens).
    #[inline]
    pub(super) fn rook_movers(&self, side: u64) -> u64 {
        (self.roles[ROOK] | self.roles[QUEEN]) & side
    }

    /// The side's pieces that move along bishop lines (bishops and queens).
    #[inline]
    pub(super) fn bishop_movers(&self, side: u64) -> u64 {
        (self.roles[BISHOP] | self.roles[QUEEN]) & side
    }

    /// The castling corners still holding their right.
    #[inline]
    pub(super) fn castling(&self) -> u64 {
        self.castling
    }

    /// The en passant square, if the last move was a double step.
    #[inline]
    pub(super) fn ep(&self) -> Option<Square> {
        self.ep
    }

    /// The enemy pieces (of `sides.theirs`) that attack `sq` when `occupied` is occupied.
    #[inline]
    pub(super) fn attackers(&self, sides: &Sides, sq: usize, occupied: u64) -> u64 {
        let s = Square::from_index(sq);
        let theirs = sides.theirs;
        let leapers = (attacks::knight(s).0 & self.roles[KNIGHT])
            | (attacks::king(s).0 & self.roles[KING])
            | (attacks::pawn(sides.us, s).0 & self.roles[PAWN]);
        let lines = (lines::rook(sq, occupied) & (self.roles[ROOK] | self.roles[QUEEN]))
            | (lines::bishop(sq, occupied) & (self.roles[BISHOP] | self.roles[QUEEN]));
        (leapers | lines) & theirs
    }

    /// Whether movewise extinction has ended the game here.
    #[inline]
    pub(super) fn extinct(&self) -> bool {
        self.extinction
            && self.colors.iter().any(|&side| {
                let has = |roles: u64| roles & side != 0;
                !has(self.roles[ROOK] | self.roles[QUEEN])
                    || !has(self.roles[BISHOP] | self.roles[QUEEN])
                    || !has(self.roles[KNIGHT])
            })
    }

    /// The node after a legal step.
    #[inline]
    pub(super) fn after(&self, step: Step) -> Node {
        let us = self.turn.index();
        let them = 1 - us;
        let (from, to) = (step.from.index(), step.to.index());
        let (from_bit, to_bit) = (1u64 << from, 1u64 << to);
        let mut n = *self;
        n.turn = !self.turn;
        n.ep = None;
        let taken = to_bit & self.colors[them];
        if taken != 0 {
            for role in &mut n.roles {
                *role &= !taken;
            }
            n.colors[them] ^= taken;
        }
        n.colors[us] ^= from_bit | to_bit;
        match step.kind {
            Kind::Plain(role) => n.roles[role as usize] ^= from_bit | to_bit,
            Kind::Double => {
                n.roles[PAWN] ^= from_bit | to_bit;
                n.ep = Some(Square::from_index((from + to) / 2));
            }
            Kind::Promotion(role) => {
                n.roles[PAWN] ^= from_bit;
                n.roles[role as usize] |= to_bit;
            }
            Kind::EnPassant => {
                n.roles[PAWN] ^= from_bit | to_bit;
                // The pawn that passed stands beside the capturer, on the target's file.
                let victim = 1u64 << (from - from % 8 + to % 8);
                n.roles[PAWN] ^= victim;
                n.colors[them] ^= victim;
            }
            Kind::Castle(rook) => {
                n.roles[KING] ^= from_bit | to_bit;
                let rook_bits = 1u64 << rook.index() | 1u64 << ((from + to) / 2);
                n.roles[ROOK] ^= rook_bits;
                n.colors[us] ^= rook_bits;
            }
        }
        n.castling &= KEEP[from] & KEEP[to];
        n
    }
}

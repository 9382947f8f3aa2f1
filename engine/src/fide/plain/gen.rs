//! Legal moves of plain chess straight from the board: the checkers and the pinned pieces
//! are found once, then each piece's targets are cut to what leaves its king safe, so no
//! move is played to be tested (only en passant, which can uncover a rank, is tried out on
//! the occupancy).
//!
//! Moves go to a [`Visit`] in batches that share a piece or a pawn direction: perft's last
//! ply counts a batch with one popcount, the other plies and `legal_moves` spell it out.

use super::lines;
use super::node::{Node, Sides};
use crate::fide::attacks;
use crate::{Color, Fide, Square};

/// What a batch of pawn moves is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PawnMove {
    /// One step forward or a capture, short of the last rank.
    Single,
    /// Two steps forward from the pawn's second rank.
    Double,
    /// A step or a capture onto the last rank: four moves, one per promotion.
    Promotion,
}

/// Where the generator hands its legal moves.
pub(super) trait Visit {
    /// The piece of `role` on `from` may go to each square of `to`.
    fn piece(&mut self, role: Fide, from: Square, to: u64);
    /// A pawn may go to each square of `to` from the square `offset` behind it.
    fn pawns(&mut self, kind: PawnMove, offset: i8, to: u64);
    /// The pawn on `from` may take en passant on `to`.
    fn en_passant(&mut self, from: Square, to: Square);
    /// The king may castle from `from` to `to` with the rook on `rook`.
    fn castle(&mut self, from: Square, to: Square, rook: Square);
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// Whether a set holds two squares or more (an empty set holds none).
fn several(set: u64) -> bool {
    set & set.wrapping_sub(1) != 0
}
const RANK_1: u64 = 0xff;
const RANK_3: u64 = RANK_1 << 16;
const RANK_6: u64 = RANK_1 << 40;
const RANK_8: u64 = RANK_1 << 56;

/// A set moved `offset` squares up the board (down when negative).
#[inline]
fn shift(set: u64, offset: i8) -> u64 {
    if offset >= 0 {
        set << offset
    } else {
        set >> -offset
    }
}

/// How a side's pawns move: forward, and the two captures with the file they cannot start
/// from.
struct PawnGeometry {
    forward: i8,
    captures: [(i8, u64); 2],
    /// Where a single step from the second rank lands.
    double_via: u64,
    last: u64,
}

const WHITE_PAWNS: PawnGeometry = PawnGeometry {
    forward: 8,
    captures: [(7, FILE_A), (9, FILE_H)],
    double_via: RANK_3,
    last: RANK_8,
};
const BLACK_PAWNS: PawnGeometry = PawnGeometry {
    forward: -8,
    captures: [(-9, FILE_A), (-7, FILE_H)],
    double_via: RANK_6,
    last: RANK_1,
};

/// What the enemy does to the side to move, found once per node.
struct Threats {
    /// The enemy pieces giving check.
    checkers: u64,
    /// The side to move's pieces that alone shield its king from an enemy line piece.
    pinned: u64,
    /// The squares enemy pawns, knights and the king attack.
    leaps: u64,
}

/// Finds the checkers, the pins and the leapers' attacks. Line pieces are looked along
/// from the king once: an enemy line piece on one of its empty-board rays checks with
/// nothing between, and pins a lone piece of ours between.
#[inline]
fn threats(node: &Node, sides: &Sides, enemy: &PawnGeometry, occupied: u64) -> Threats {
    let Sides {
        us,
        ours,
        theirs,
        king,
    } = *sides;
    let enemy_pawns = node.pieces(theirs, Fide::Pawn);
    let knights = node.pieces(theirs, Fide::Knight);
    let mut leaps = enemy.captures.iter().fold(0, |map, &(offset, edge)| {
        map | shift(enemy_pawns & !edge, offset)
    });
    for knight in Bits(knights) {
        leaps |= attacks::knight(sq(knight)).0;
    }
    for enemy_king in Bits(node.pieces(theirs, Fide::King)) {
        leaps |= attacks::king(sq(enemy_king)).0;
    }
    let mut checkers =
        (attacks::knight(sq(king)).0 & knights) | (attacks::pawn(us, sq(king)).0 & enemy_pawns);
    let mut pinned = 0;
    let snipers = (lines::rook_rays(king) & node.rook_movers(theirs))
        | (lines::bishop_rays(king) & node.bishop_movers(theirs));
    for sniper in Bits(snipers) {
        let between = lines::between(king, sniper) & occupied;
        if between == 0 {
            checkers |= 1 << sniper;
        } else if !several(between) {
            pinned |= between & ours;
        }
    }
    Threats {
        checkers,
        pinned,
        leaps,
    }
}

/// Whether an enemy line piece attacks `to` when `occupied` is occupied; the lines are
/// walked only from a square on some enemy line piece's empty-board ray.
#[inline]
fn lines_attack(node: &Node, sides: &Sides, to: usize, occupied: u64) -> bool {
    let rook_movers = node.rook_movers(sides.theirs);
    let bishop_movers = node.bishop_movers(sides.theirs);
    (lines::rook_rays(to) & rook_movers != 0 && lines::rook(to, occupied) & rook_movers != 0)
        || (lines::bishop_rays(to) & bishop_movers != 0
            && lines::bishop(to, occupied) & bishop_movers != 0)
}

/// Hands every legal move of the node's side to move to `out`.
#[inline]
pub(super) fn generate<V: Visit>(node: &Node, out: &mut V) {
    let sides = node.sides();
    let Sides {
        us,
        ours,
        theirs,
        king,
    } = sides;
    let occupied = ours | theirs;
    let (geometry, enemy_geometry) = match us {
        Color::White => (&WHITE_PAWNS, &BLACK_PAWNS),
        Color::Black => (&BLACK_PAWNS, &WHITE_PAWNS),
    };
    let Threats {
        checkers,
        pinned,
        leaps,
    } = threats(node, &sides, enemy_geometry, occupied);
    // The king may not hide behind itself from a line piece: look past its own square.
    let without_king = occupied ^ 1 << king;
    let mut steps = attacks::king(sq(king)).0 & !ours & !leaps;
    for to in Bits(steps) {
        if lines_attack(node, &sides, to, without_king) {
            steps ^= 1 << to;
        }
    }
    out.piece(Fide::King, sq(king), steps);
    if several(checkers) {
        return;
    }
    // Out of check anywhere; in check only by taking the checker or standing in its way.
    let target = match checkers {
        0 => !ours,
        _ => checkers | lines::between(king, checkers.trailing_zeros() as usize),
    };
    let free = !pinned;
    for from in Bits(node.pieces(ours & free, Fide::Knight)) {
        out.piece(Fide::Knight, sq(from), attacks::knight(sq(from)).0 & target);
    }
    for (role, reach) in [
        (Fide::Bishop, lines::bishop as fn(usize, u64) -> u64),
        (Fide::Rook, lines::rook),
        (Fide::Queen, |s, o| lines::rook(s, o) | lines::bishop(s, o)),
    ] {
        for from in Bits(node.pieces(ours, role)) {
            let mut to = reach(from, occupied) & target;
            if pinned & 1 << from != 0 {
                to &= lines::through(king, from);
            }
            out.piece(role, sq(from), to);
        }
    }
    let pawns = node.pieces(ours, Fide::Pawn);
    let board = (occupied, theirs, target);
    pawn_moves(geometry, pawns & free, board, out);
    for from in Bits(pawns & pinned) {
        let on_line = (occupied, theirs, target & lines::through(king, from));
        pawn_moves(geometry, 1 << from, on_line, out);
    }
    if let Some(ep) = node.ep() {
        en_passant(node, &sides, occupied, ep, out);
    }
    if checkers == 0 {
        castles(node, &sides, occupied, leaps, out);
    }
}

/// The moves of `pawns`, landing only on the `target` of `(occupied, theirs, target)`.
#[inline]
fn pawn_moves<V: Visit>(g: &PawnGeometry, pawns: u64, board: (u64, u64, u64), out: &mut V) {
    let (occupied, theirs, target) = board;
    let one = shift(pawns, g.forward) & !occupied;
    let two = shift(one & g.double_via, g.forward) & !occupied & target;
    let one = one & target;
    out.pawns(PawnMove::Single, g.forward, one & !g.last);
    out.pawns(PawnMove::Promotion, g.forward, one & g.last);
    out.pawns(PawnMove::Double, 2 * g.forward, two);
    for (offset, edge) in g.captures {
        let hits = shift(pawns & !edge, offset) & theirs & target;
        out.pawns(PawnMove::Single, offset, hits & !g.last);
        out.pawns(PawnMove::Promotion, offset, hits & g.last);
    }
}

/// En passant captures onto `ep`, each tried on the occupancy: the capture empties two
/// squares of one rank, which may uncover the king, and may or may not answer a check.
#[inline]
fn en_passant<V: Visit>(node: &Node, sides: &Sides, occupied: u64, ep: Square, out: &mut V) {
    let capturers = attacks::pawn(!sides.us, ep).0 & node.pieces(sides.ours, Fide::Pawn);
    for from in Bits(capturers) {
        let victim = 1u64 << (from - from % 8 + ep.file() as usize);
        let after = (occupied ^ 1 << from ^ victim) | 1 << ep.index();
        if node.attackers(sides, sides.king, after) & !victim == 0 {
            out.en_passant(sq(from), ep);
        }
    }
}

/// FIDE castling, as `castle::fide` allows it: the king on its home square and out of
/// check, a rook on a corner with its right, the squares between empty, and the king safe on
/// the square it passes and the one it lands on (`leaps`: the squares enemy leapers attack).
#[inline]
fn castles<V: Visit>(node: &Node, sides: &Sides, occupied: u64, leaps: u64, out: &mut V) {
    let king = sides.king;
    let home_rank = match sides.us {
        Color::White => 0,
        Color::Black => 56,
    };
    if king != home_rank + 4 {
        return;
    }
    let rooks = node.castling() & node.pieces(sides.ours, Fide::Rook) & 0xff << home_rank;
    for rook in Bits(rooks) {
        if lines::between(king, rook) & occupied != 0 {
            continue;
        }
        let (over, to) = if rook > king {
            (king + 1, king + 2)
        } else {
            (king - 1, king - 2)
        };
        let without_king = occupied ^ 1 << king;
        let after = (without_king ^ 1 << rook) | 1 << over | 1 << to;
        let safe = |square: usize, occupied: u64| {
            leaps & 1 << square == 0 && !lines_attack(node, sides, square, occupied)
        };
        if safe(over, without_king) && safe(to, after) {
            out.castle(sq(king), sq(to), sq(rook));
        }
    }
}

/// The square of an index the generator took from a set, so below 64.
#[inline]
fn sq(index: usize) -> Square {
    Square::from_index(index)
}

/// The indices of a set's squares, lowest first.
struct Bits(u64);

impl Iterator for Bits {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(index)
    }
}

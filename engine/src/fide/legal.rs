//! Legal moves: the pieces' moves, castling and the kings' powers, less what fatigue
//! forbids, then only those that leave the mover's king safe.

use super::eval::Worths;
use super::movegen::pieces_moves;
use super::moves::Move;
use super::pieces::reach;
use super::position::{EnPassant, Position, RepetitionKey};
use super::variant::Variant;
use super::{castle, check, fatigue, plain, power};
use crate::{Color, Fide};

/// Every move of the side to move, before the king's safety.
pub(super) fn pseudo(pos: &Position, out: &mut Vec<Move>) {
    pieces_moves(pos, out, |king, start, out| {
        castle::castles(pos, king, out);
        power::powers(pos, start, out);
    });
    if fatigue::active(pos.variants) {
        fatigue::filter(pos, out);
    }
}

/// The legal moves of the side to move; none once the game is decided on the board by
/// Movewise extinction. Positions that move as FIDE chess take the fast path.
fn legal(pos: &Position) -> Vec<Move> {
    if pos.variants.has(Variant::MovewiseExtinction) && pos.extinct().is_some() {
        return Vec::new();
    }
    plain::legal_moves(pos).unwrap_or_else(|| general(pos))
}

/// The legal moves by the general generator: each pseudo-legal move played, with every
/// variant's hooks, and kept if it leaves the mover's king safe.
pub(super) fn general(pos: &Position) -> Vec<Move> {
    let mut out = Vec::with_capacity(64);
    pseudo(pos, &mut out);
    out.retain(|m| {
        pos.play(m)
            .is_some_and(|after| !check::king_capturable(&after))
    });
    out
}

/// Whether some enemy piece could take this en passant chance now.
fn en_passant_possible(pos: &Position, ep: &EnPassant) -> bool {
    let us = pos.turn;
    pos.board.pieces(us, ep.capturer).into_iter().any(|from| {
        reach(&pos.board, pos.variants, from, us, ep.capturer)
            .capture
            .contains(ep.square)
    })
}

impl Position {
    /// The legal moves.
    pub fn legal_moves(&self) -> Vec<Move> {
        legal(self)
    }

    /// The side that has lost a rook-mover, a bishop-mover or a knight-mover (Movewise
    /// extinction: "Requires retaining a King and at least one piece with each of the Rook,
    /// Bishop, and Knight moves"). A queen has both line moves.
    pub fn extinct(&self) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| {
            let has = |r: Fide| self.board.pieces(c, r).nonempty();
            !(has(Fide::Rook) || has(Fide::Queen))
                || !(has(Fide::Bishop) || has(Fide::Queen))
                || !has(Fide::Knight)
        })
    }

    /// What repeats in a threefold repetition: everything that decides the moves available.
    pub fn repetition_key(&self) -> RepetitionKey {
        let ep = self.ep.filter(|ep| en_passant_possible(self, ep));
        (
            self.board,
            self.turn,
            self.castling,
            ep,
            self.stunned,
            self.last,
        )
    }
}

/// Movewise extinction's term: a side down to its last rook-mover, bishop-mover or
/// knight-mover is one capture from losing, so each such last piece weighs on it (a queen
/// counts for both lines); and a side already extinct has lost.
pub(super) fn value(pos: &Position, w: &Worths, color: Color) -> i32 {
    if !pos.variants.has(Variant::MovewiseExtinction) {
        return 0;
    }
    let count = |roles: &[Fide]| {
        roles
            .iter()
            .map(|&r| pos.board.pieces(color, r).count())
            .sum::<u32>()
    };
    let classes = [
        count(&[Fide::Rook, Fide::Queen]),
        count(&[Fide::Bishop, Fide::Queen]),
        count(&[Fide::Knight]),
    ];
    classes
        .into_iter()
        .map(|n| match n {
            0 => -10 * w.of(Fide::Queen),
            1 => -LAST_OF_ITS_MOVE,
            _ => 0,
        })
        .sum()
}

/// What being down to the last piece of a move costs under Movewise extinction.
const LAST_OF_ITS_MOVE: i32 = 150;

//! What a move does besides moving its piece, gathered while it is played: trains carry
//! and take pieces, and the counters and rights afterwards follow from it.

use crate::{Bitboard, Color, Fide, Square};
use arrayvec::ArrayVec;

/// What a move did besides moving its piece: pieces taken and pieces carried along.
#[derive(Default)]
pub(super) struct Effects {
    pub(super) lost: ArrayVec<(Color, Fide), 32>,
    pub(super) moved: ArrayVec<(Square, Square), 16>,
    pub(super) touched: Bitboard,
}

impl Effects {
    /// A piece taken from `at`.
    #[inline]
    pub(super) fn capture(&mut self, at: Square, piece: (Color, Fide)) {
        let _ = self.lost.try_push(piece);
        self.touched.set(at);
    }

    /// A piece carried from one square to another.
    #[inline]
    pub(super) fn relocate(&mut self, from: Square, to: Square) {
        let _ = self.moved.try_push((from, to));
        self.touched.set(from);
        self.touched.set(to);
    }
}

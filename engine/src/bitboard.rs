//! Sets of squares as 64-bit masks, iterated lowest square first.

use crate::square::Square;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares, one bit per square (a1 = bit 0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every square.
    pub const FULL: Bitboard = Bitboard(!0);

    /// The set of one square.
    pub fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    /// Whether the square is in the set.
    pub fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }

    /// Add a square.
    pub fn set(&mut self, sq: Square) {
        self.0 |= 1 << sq.index();
    }

    /// Remove a square.
    pub fn clear(&mut self, sq: Square) {
        self.0 &= !(1 << sq.index());
    }

    /// Whether the set has no square.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has a square.
    pub fn nonempty(self) -> bool {
        self.0 != 0
    }

    /// How many squares the set has.
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest square in the set.
    pub fn first(self) -> Option<Square> {
        (self.0 != 0).then(|| Square::from_index(self.0.trailing_zeros() as usize))
    }

    /// The highest square in the set.
    pub fn last(self) -> Option<Square> {
        (self.0 != 0).then(|| Square::from_index(63 - self.0.leading_zeros() as usize))
    }
}

impl Iterator for Bitboard {
    type Item = Square;
    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(squares: I) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for sq in squares {
            bb.set(sq);
        }
        bb
    }
}

macro_rules! bit_ops {
    ($($t:ident $f:ident $ta:ident $fa:ident $op:tt),*) => {$(
        impl $t for Bitboard {
            type Output = Bitboard;
            fn $f(self, rhs: Bitboard) -> Bitboard { Bitboard(self.0 $op rhs.0) }
        }
        impl $ta for Bitboard {
            fn $fa(&mut self, rhs: Bitboard) { self.0 = self.0 $op rhs.0; }
        }
    )*};
}
bit_ops!(BitAnd bitand BitAndAssign bitand_assign &, BitOr bitor BitOrAssign bitor_assign |, BitXor bitxor BitXorAssign bitxor_assign ^);

impl Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

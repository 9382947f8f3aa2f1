//! Plunder (RULES.md section 5.2): a capture takes half the captured piece's price from the
//! treasury of the side that lost it, into debt if need be.

use crate::money::Zorkmids;
use crate::position::{Piece, Position};
use rust_decimal::Decimal;

impl Position {
    /// Take the plunder for a piece just captured, when the game plays with plunder. A piece
    /// of a design with no price (one set up by hand) is worth nothing to take.
    pub(crate) fn plunder(&mut self, lost: Piece) {
        if !self.rules.options.plunder {
            return;
        }
        if let Some(cost) = self.kind(lost.kind).cost {
            self.treasuries[lost.color.index()] -= half(cost);
        }
    }
}

/// Half a price, exactly: a knight's 3 is 1.5, never rounded.
pub(crate) fn half(cost: Zorkmids) -> Zorkmids {
    Zorkmids(cost.0 / Decimal::TWO)
}

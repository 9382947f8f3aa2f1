//! What pieces and money are worth, for any design: a piece's value blends what it does on
//! an open board (its mobility: csipgs boards stay sparse, so riders are at their best) with
//! its price, which the rules' formula already makes a fair guess. Money is worth what the
//! best design on sale turns it into, less the two turns it takes to buy and drop.

use crate::bitboard::Bitboard;
use crate::kinds::{Kind, KindId, MAX_KINDS};
use crate::position::Position;
use crate::square::Square;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

/// Centipawns per square a piece reaches on an empty board, on average over the squares.
/// Calibrated so the mobility half of the FIDE values comes out near 200 (N), 350 (B),
/// 560 (R), 910 (Q).
const CP_PER_SQUARE: i32 = 40;

/// Centipawns per zorkmid of price: the price half of the value (a rook costs 5).
const CP_PER_ZORKMID: i32 = 100;

/// A reserve piece is worth this share (per mille) of the same piece on the board: it is one
/// turn from play and can only enter next to a royal piece.
pub(crate) const RESERVE_PERMILLE: i32 = 900;

/// Money is worth this share (per mille) of what the best-value design turns it into: it is
/// two turns (buy, drop) from play.
const MONEY_PERMILLE: i32 = 800;

/// A royal piece beyond the first: a second base to drop beside, and a life to spare.
pub(crate) const EXTRA_ROYAL: i32 = 350;

/// Per-kind values of one position's kind table, worked out once per search.
pub struct Values {
    /// Each kind's worth on the board, in centipawns.
    pub(crate) piece: [i32; MAX_KINDS],
    /// Centipawns per zorkmid for each side: what its best slot design pays.
    pub(crate) money: [i32; 2],
}

impl Values {
    pub(crate) fn new(pos: &Position) -> Values {
        let mut piece = [0; MAX_KINDS];
        for (id, value) in piece.iter_mut().enumerate().take(pos.kinds.len()) {
            *value = kind_value(pos.kind(id as KindId));
        }
        let money = [0, 1].map(|color| {
            pos.slots[color]
                .iter()
                .map(|&k| pos.kind(k))
                .filter(|kind| !kind.royal)
                .filter_map(|kind| {
                    let cost = kind.cost?.0;
                    let worth = Decimal::from(kind_value(kind) * MONEY_PERMILLE);
                    (cost > Decimal::ZERO).then(|| worth / (cost * Decimal::from(1000)))
                })
                .max()
                .and_then(|per| per.round().to_i32())
                .unwrap_or(0)
        });
        Values { piece, money }
    }
}

/// A design's worth: half its open-board mobility, half its price.
pub(crate) fn kind_value(kind: &Kind) -> i32 {
    let mobility = mobility_value(kind);
    let price = kind
        .cost
        .and_then(|c| (c.0 * Decimal::from(CP_PER_ZORKMID)).round().to_i32())
        .unwrap_or(0);
    (mobility + price) / 2
}

/// Open-board mobility in centipawns: move and capture squares averaged over the board.
fn mobility_value(kind: &Kind) -> i32 {
    let tables = &kind.tables[0];
    let total: u32 = Square::all()
        .map(|sq| {
            let moves = tables.targets(sq, Bitboard::EMPTY, Bitboard::EMPTY).count();
            let captures = tables.attacks(sq, Bitboard::EMPTY).count();
            moves + captures
        })
        .sum();
    (total as i32 * CP_PER_SQUARE) / (2 * 64)
}

//! The static evaluation: material valued by what each design does (`material`), the
//! economy (reserve and treasury as material one or two turns away), mobility, and royal
//! safety (`safety`). Scores are centipawns from the side to move's point of view.

mod material;
mod safety;

pub(crate) use material::{kind_value, Values};

use crate::color::Color;
use crate::position::Position;
use material::{EXTRA_ROYAL, RESERVE_PERMILLE};
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

/// Centipawns per square a piece attacks in the position (beyond its open-board value).
const MOBILITY: i32 = 3;

/// The side to move's edge: it acts first.
const TEMPO: i32 = 10;

/// The position's worth to the side to move.
pub(crate) fn evaluate(pos: &Position, values: &Values) -> i32 {
    let us = pos.to_move();
    side(pos, values, us) - side(pos, values, !us) + TEMPO
}

/// One side's material, economy, mobility and attack on the enemy's royal.
fn side(pos: &Position, values: &Values, color: Color) -> i32 {
    let occupied = pos.occupied(Color::White) | pos.occupied(Color::Black);
    let zone = safety::royal_zone(pos, !color);
    let mut score = 0;
    let mut attackers = 0;
    for sq in pos.occupied(color) {
        let piece = pos.piece(sq).expect("occupied");
        if pos.kind(piece.kind).royal {
            continue;
        }
        score += values.piece[piece.kind as usize];
        let attacks = pos.tables(piece).attacks(sq, occupied);
        score += MOBILITY * attacks.count() as i32;
        let near = (attacks & zone).count() as i32;
        if near > 0 {
            attackers += 1;
            score += safety::ZONE_ATTACK * near;
        }
    }
    score += safety::attack_bonus(attackers);
    score += EXTRA_ROYAL * (pos.royals(color).count() as i32 - 1).max(0);
    let reserve: i32 = pos.reserves[color.index()]
        .iter()
        .map(|&(kind, n)| values.piece[kind as usize] * n as i32)
        .sum();
    score += reserve * RESERVE_PERMILLE / 1000;
    score += safety::drop_threat(pos, color);
    score += safety::shelter(pos, color);
    let money = pos.treasury(color).0 * Decimal::from(values.money[color.index()]);
    score + money.round().to_i32().unwrap_or(0)
}

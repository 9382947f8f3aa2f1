//! Royal safety: a lone royal piece is the game; attacks on the squares around it, enemy
//! pieces that can be dropped near it, and friendly pieces guarding it.

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::position::Position;

/// Per attacked square around the enemy's lone royal.
pub(crate) const ZONE_ATTACK: i32 = 8;

/// Per friendly piece next to a lone royal: a guard against drops and checks.
const SHELTER: i32 = 12;

/// Per reserve piece that can be dropped within two squares of the enemy's lone royal.
const DROP_THREAT: i32 = 25;

/// The squares next to `color`'s royal piece and its own, if it has only one: with two or
/// more, none of them is the whole game.
pub(crate) fn royal_zone(pos: &Position, color: Color) -> Bitboard {
    let royals = pos.royals(color);
    if royals.count() != 1 {
        return Bitboard::EMPTY;
    }
    let royal = royals.first().expect("one royal");
    royal.neighbours().chain([royal]).collect()
}

/// Several pieces attacking together are worth more than each alone.
pub(crate) fn attack_bonus(attackers: i32) -> i32 {
    match attackers {
        0 | 1 => 0,
        2 => 20,
        3 => 60,
        _ => 120,
    }
}

/// Reserve pieces `color` can drop next to one of its royals that stands within two squares
/// of the enemy's lone royal: mates in csipgs often come from a drop.
pub(crate) fn drop_threat(pos: &Position, color: Color) -> i32 {
    let enemy = pos.royals(!color);
    if enemy.count() != 1 || pos.reserves[color.index()].is_empty() {
        return 0;
    }
    let target = enemy.first().expect("one royal");
    let close = pos.royals(color).any(|r| distance(r, target) <= 2);
    if !close {
        return 0;
    }
    DROP_THREAT * pos.reserve_count(color).min(3) as i32
}

/// Friendly pieces next to `color`'s lone royal.
pub(crate) fn shelter(pos: &Position, color: Color) -> i32 {
    let zone = royal_zone(pos, color);
    SHELTER * ((zone & pos.occupied(color)).count() as i32 - 1).max(0)
}

fn distance(a: crate::square::Square, b: crate::square::Square) -> u8 {
    a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()))
}

//! Move ordering: the stored best move, then captures by the victim's worth (most valuable
//! victim, least valuable attacker), then the killer moves of this ply, buys, drops, and
//! quiet moves by their history of cut-offs. Good ordering is most of alpha-beta's gain.

use super::Searcher;
use crate::moves::{Act, Move};
use crate::position::Position;

const TT_MOVE: i32 = 4_000_000;
const CAPTURE: i32 = 3_000_000;
const KILLER: i32 = 2_000_000;
const BUY: i32 = 1_500_000;
const DROP: i32 = 1_000_000;

impl Searcher<'_> {
    /// A sort key for each move of `moves` into `keys`: larger first.
    pub(super) fn order(
        &self,
        pos: &Position,
        moves: &[Move],
        tt_move: Option<Move>,
        ply: usize,
        keys: &mut Vec<i32>,
    ) {
        keys.clear();
        keys.extend(moves.iter().map(|&mv| {
            let tie = if ply == 0 { self.tie_break(mv) } else { 0 };
            self.key_of(pos, mv, tt_move, ply) + tie
        }));
    }

    fn key_of(&self, pos: &Position, mv: Move, tt_move: Option<Move>, ply: usize) -> i32 {
        if Some(mv) == tt_move {
            return TT_MOVE;
        }
        if let Some(victim) = self.victim(pos, mv) {
            let attacker = match mv.act {
                Act::Step { from, .. } | Act::Double { from, .. } => self.worth_at(pos, from),
                _ => 0,
            };
            return CAPTURE + victim * 8 - attacker / 16;
        }
        if self.killers[ply].contains(&Some(mv)) {
            return KILLER;
        }
        match mv.act {
            Act::Buy => BUY + self.basket_worth(pos, mv) / 8,
            Act::Drop { kind, .. } => DROP + self.values.piece[kind as usize] / 8,
            Act::Step { from, to } | Act::Double { from, to, .. } => {
                self.history[from.index()][to.index()]
            }
        }
    }

    /// What a move captures: the worth of the piece on its target (or first target).
    pub(super) fn victim(&self, pos: &Position, mv: Move) -> Option<i32> {
        let us = pos.to_move();
        let taken = |sq| {
            pos.piece(sq)
                .filter(|p| p.color != us)
                .map(|_| self.worth_at(pos, sq))
        };
        match mv.act {
            Act::Step { to, .. } => taken(to),
            Act::Double { via, to, .. } => match (taken(via), taken(to)) {
                (None, None) => None,
                (a, b) => Some(a.unwrap_or(0) + b.unwrap_or(0)),
            },
            _ => None,
        }
    }

    /// The worth of the piece on a square; a royal piece counts as the most valuable.
    pub(super) fn worth_at(&self, pos: &Position, sq: crate::square::Square) -> i32 {
        let piece = pos.piece(sq).expect("a piece stands there");
        if pos.kind(piece.kind).royal {
            ROYAL_WORTH
        } else {
            self.values.piece[piece.kind as usize]
        }
    }

    pub(super) fn basket_worth(&self, pos: &Position, mv: Move) -> i32 {
        let slots = &pos.slots[pos.to_move().index()];
        mv.buy
            .slots()
            .map(|slot| self.values.piece[slots[slot] as usize])
            .sum()
    }

    /// A small seeded number per root move, so equal moves are tried (and chosen) in an
    /// order the seed decides, the same every run.
    fn tie_break(&self, mv: Move) -> i32 {
        let mut h = self.seed ^ 0x9E37_79B9_7F4A_7C15;
        for byte in format_move(mv) {
            h = (h ^ u64::from(byte)).wrapping_mul(0x0100_0000_01B3);
        }
        (h >> 59) as i32
    }
}

/// Worth of a royal piece for ordering captures: taking one is taking the game.
const ROYAL_WORTH: i32 = 5_000;

fn format_move(mv: Move) -> [u8; 5] {
    let (a, b, c, d) = match mv.act {
        Act::Step { from, to } => (0, from.index(), to.index(), 0),
        Act::Double { from, via, to } => (1, from.index(), via.index(), to.index()),
        Act::Drop { kind, to } => (2, kind as usize, to.index(), 0),
        Act::Buy => (3, 0, 0, 0),
    };
    let buy = mv
        .buy
        .slots()
        .fold(0u8, |acc, s| acc.wrapping_mul(7).wrapping_add(s as u8 + 1));
    [a, b as u8, c as u8, d as u8, buy]
}

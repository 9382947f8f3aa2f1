//! FIDE-family positions as search nodes: the legal moves under the variants, each played
//! on a copy (a position is small and `Copy`), Zobrist keys over everything the variants
//! carry between moves, and the evaluation in `eval`.

use super::eval::{evaluate, Worths};
use super::moves::{Move, Special};
use super::position::Position;
use super::variant::Variant;
use crate::search::zobrist::{fill, splitmix};
use crate::search::{Ending, Node, QuietOrder};
use crate::{Bitboard, Color, Fide, Square};

/// The random numbers, made at compile time from a fixed seed so a search is the same in
/// every run.
struct Keys {
    /// By colour, role and square.
    pieces: [u64; 2 * 6 * 64],
    /// A castling right by its rook's square.
    castling: [u64; 64],
    /// An en passant cell.
    en_passant: [u64; 64],
    /// A piece frozen by Stungun.
    stunned: [u64; 64],
    /// Fatigue's last move of each side, by square.
    last: [u64; 2 * 64],
    black: u64,
}

static KEYS: Keys = {
    let (pieces, state) = fill::<{ 2 * 6 * 64 }>(0x6669_6465);
    let (castling, state) = fill::<64>(state);
    let (en_passant, state) = fill::<64>(state);
    let (stunned, state) = fill::<64>(state);
    let (last, state) = fill::<{ 2 * 64 }>(state);
    let (_, black) = splitmix(state);
    Keys {
        pieces,
        castling,
        en_passant,
        stunned,
        last,
        black,
    }
};

/// The worth of a king as a capture's victim, for ordering: taking one ends the game.
const KING_WORTH: i32 = 5_000;

impl Node for Position {
    type Move = Move;
    type Values = Worths;

    const REPETITION_DRAWS: bool = true;

    fn values(&self) -> Worths {
        Worths::new(self.variants)
    }

    fn key(&self) -> u64 {
        let mut key = 0;
        for color in Color::ALL {
            for role in Fide::ALL {
                let base = (color.index() * 6 + role as usize) * 64;
                for s in self.board.pieces(color, role) {
                    key ^= KEYS.pieces[base + s.index()];
                }
            }
            if let Some(last) = self.last[color.index()] {
                let bits = u64::from(last.captured) | u64::from(last.long) << 1;
                key ^= KEYS.last[color.index() * 64 + last.square.index()] ^ bits << 7;
            }
        }
        key ^= squares_key(self.castling, &KEYS.castling);
        key ^= squares_key(self.stunned, &KEYS.stunned);
        if let Some(ep) = self.ep {
            key ^= KEYS.en_passant[ep.square.index()];
        }
        if self.turn == Color::Black {
            key ^= KEYS.black;
        }
        if self.variants.has(Variant::PromotingKing) || self.variants.has(Variant::DemotingKing) {
            // The kings' powers may only restore pieces already lost.
            let lost = self.lost.iter().flatten().fold(0u64, |acc, &n| {
                acc.wrapping_mul(31).wrapping_add(u64::from(n))
            });
            key ^= splitmix(lost).1;
        }
        key
    }

    fn generate(&self, out: &mut Vec<Move>) {
        out.clear();
        out.extend(self.legal_moves());
    }

    fn ending(&self) -> Ending {
        match self.extinct() {
            Some(c) if self.variants.has(Variant::MovewiseExtinction) => {
                if c == self.turn {
                    Ending::Lost
                } else {
                    Ending::Won
                }
            }
            _ if self.in_check() => Ending::Lost,
            _ => Ending::Drawn,
        }
    }

    fn in_check(&self) -> bool {
        Position::in_check(self)
    }

    fn gives_check(&self, mv: Move) -> bool {
        self.play(&mv).is_some_and(|after| after.in_check())
    }

    /// What the move captures (under One out all out, with every other piece of that kind),
    /// plus what a promotion adds. A push captures what it knocks off the board or displaces
    /// at the far end of the block, seen by playing it.
    fn victim(&self, mv: Move, w: &Worths) -> Option<i32> {
        let them = !self.turn;
        let theirs = self.board.by_color(them);
        let worth = |s: Square| -> i32 {
            match self.board.role(s) {
                Some(Fide::King) => KING_WORTH,
                Some(role) if self.variants.has(Variant::OneOutAllOut) && role != Fide::Pawn => {
                    w.of(role) * self.board.pieces(them, role).count() as i32
                }
                Some(role) => w.of(role),
                None => 0,
            }
        };
        let taken = match mv.special {
            // Under Camp-follower the piece taken in passing may be of any kind.
            Special::EnPassant => self.ep.map_or(0, |ep| worth(ep.victim)),
            Special::Plain => [Some(mv.to), mv.via]
                .into_iter()
                .flatten()
                .filter(|&s| theirs.contains(s))
                .map(worth)
                .sum(),
            Special::Push => self.play(&mv).map_or(0, |after| {
                Fide::ALL
                    .into_iter()
                    .map(|role| {
                        let before = self.board.pieces(them, role).count();
                        let gone = before.saturating_sub(after.board.pieces(them, role).count());
                        let each = if role == Fide::King {
                            KING_WORTH
                        } else {
                            w.of(role)
                        };
                        gone as i32 * each
                    })
                    .sum()
            }),
            Special::Castle { .. } => 0,
        };
        let promoted = mv.promotion.map_or(0, |role| w.of(role) - w.of(Fide::Pawn));
        (taken > 0 || promoted > 0).then_some(taken + promoted)
    }

    fn attacker(&self, mv: Move, w: &Worths) -> i32 {
        self.board.role(mv.from).map_or(0, |role| match role {
            Fide::King => KING_WORTH / 8,
            role => w.of(role),
        })
    }

    fn quiet_order(&self, mv: Move, _: &Worths) -> QuietOrder {
        QuietOrder::Step(mv.from.index(), mv.to.index())
    }

    fn reducible(&self, mv: Move) -> bool {
        mv.promotion.is_none()
    }

    /// from 6 bits, to 6, via 7, promotion 3, special 2 with a partner 6, power 10: 40.
    fn move_code(mv: Move) -> u64 {
        let square = |s: Option<Square>| s.map_or(0, |s| s.index() as u64 + 1);
        let role = |r: Option<Fide>| r.map_or(0, |r| r as u64 + 1);
        let (special, partner) = match mv.special {
            Special::Plain => (0, None),
            Special::EnPassant => (1, None),
            Special::Castle { partner } => (2, Some(partner)),
            Special::Push => (3, None),
        };
        let (power_at, power_role) = mv.power.map_or((None, None), |(s, r)| (Some(s), Some(r)));
        [
            (mv.from.index() as u64, 6),
            (mv.to.index() as u64, 6),
            (square(mv.via), 7),
            (role(mv.promotion), 3),
            (special, 2),
            (partner.map_or(0, |s| s.index() as u64), 6),
            (square(power_at) ^ role(power_role) << 7, 10),
        ]
        .into_iter()
        .fold(0, |acc, (bits, width)| (acc << width) | bits)
    }

    fn with_child<R>(&mut self, mv: Move, then: impl FnOnce(&mut Self) -> R) -> R {
        let mut next = self.play(&mv).expect("the generator's legal moves play");
        then(&mut next)
    }

    fn evaluate(&self, w: &Worths) -> i32 {
        evaluate(self, w)
    }

    /// A pass where the side to move keeps a piece besides pawns and king (with only pawns,
    /// zugzwang is the rule rather than the exception).
    fn pass(&self) -> Option<Position> {
        let us = self.turn;
        let pieces = self.board.by_color(us)
            & !(self.board.by_role(Fide::Pawn) | self.board.by_role(Fide::King));
        if pieces.is_empty() {
            return None;
        }
        let mut passed = *self;
        passed.turn = !us;
        passed.ep = None;
        passed.stunned = Bitboard::EMPTY;
        Some(passed)
    }
}

fn squares_key(squares: Bitboard, keys: &[u64; 64]) -> u64 {
    squares.into_iter().fold(0, |key, s| key ^ keys[s.index()])
}

//! Playing a move: the board, then what the variants add (trains, powers, one out all out,
//! frozen pieces, fatigue), then the counters.

use super::effects::Effects;
use super::fatigue::{self, steps};
use super::moves::{Move, Special};
use super::pieces::is_line;
use super::position::{EnPassant, LastMove, Position};
use super::variant::Variant;
use super::{stungun, train};
use crate::{Bitboard, Color, Fide, Square};
use arrayvec::ArrayVec;

const EDGE_RANKS: Bitboard = Bitboard(0xff00_0000_0000_00ff);
/// e1 and e8, where a king must stand to castle as in FIDE chess.
const KING_HOMES: Bitboard = Bitboard((1 << 4) | (1 << 60));

impl Position {
    /// The position after a move the generator produced, or none if the variants forbid
    /// its result (a train carrying a pawn onto the first or last rank). The mover's king
    /// may be left capturable: the generator filters that.
    pub fn play(&self, m: &Move) -> Option<Position> {
        let us = self.turn;
        let them = !us;
        let v = self.variants;
        let mut p = *self;
        let (owner, role) = p.board.get(m.from)?;
        if owner != us {
            return None;
        }
        let mut fx = Effects::default();
        fx.touched.set(m.from);
        fx.touched.set(m.to);
        match m.special {
            Special::Castle { partner } => {
                let (_, partner_role) = p.board.take(partner)?;
                p.board.take(m.from);
                let dx = (m.to.file() as i8 - m.from.file() as i8).signum();
                let dy = (m.to.rank() as i8 - m.from.rank() as i8).signum();
                let over = m.from.offset(dx, dy)?;
                p.board.put(m.to, us, Fide::King);
                p.board.put(over, us, partner_role);
                fx.touched.set(partner);
            }
            Special::EnPassant => {
                let ep = self.ep?;
                let victim = p.board.take(ep.victim)?;
                fx.capture(ep.victim, victim);
                p.board.take(m.from);
                p.board.put(m.to, us, role);
            }
            Special::Push => train::push(&mut p.board, m.from, m.to, &mut fx),
            Special::Plain => {
                for (a, b) in m.stages() {
                    if let Some(victim) = p.board.take(b) {
                        fx.capture(b, victim);
                    }
                    p.board.take(a);
                    p.board.put(b, us, role);
                }
                if m.via.is_none() && v.trains() && is_line(role) {
                    train::pull(&mut p.board, m.from, m.to, &mut fx);
                }
            }
        }
        if let Some(promotion) = m.promotion {
            p.board.take(m.to);
            p.board.put(m.to, us, promotion);
        }
        if let Some((at, new_role)) = m.power {
            let (color, _) = p.board.take(at)?;
            p.board.put(at, color, new_role);
        }
        if v.trains() && (p.board.by_role(Fide::Pawn) & EDGE_RANKS).nonempty() {
            return None;
        }
        if v.has(Variant::OneOutAllOut) {
            one_out_all_out(&mut p, &mut fx);
        }
        for &(color, lost_role) in &fx.lost {
            p.lost[color.index()][lost_role as usize] += 1;
        }
        if (fx.touched & (p.castling | KING_HOMES)).nonempty() {
            for right in p.castling {
                let home = Square::new(4, right.rank())?;
                if fx.touched.contains(right) || fx.touched.contains(home) {
                    p.castling.clear(right);
                }
            }
        }
        p.ep = match m.via {
            Some(via) if role != Fide::King => Some(EnPassant {
                square: via,
                victim: m.to,
                capturer: role,
            }),
            _ => None,
        };
        let captured = !fx.lost.is_empty();
        p.halfmoves = if role == Fide::Pawn || captured {
            0
        } else {
            self.halfmoves + 1
        };
        if us == Color::Black {
            p.fullmoves += 1;
        }
        p.turn = them;
        p.stunned = if v.has(Variant::Stungun) {
            stungun::stunned(&p, m, role, us)
        } else {
            Bitboard::EMPTY
        };
        if fatigue::active(v) {
            p.last[us.index()] = Some(LastMove {
                square: m.to,
                captured,
                long: steps(m, role) >= 3,
            });
            p.last[them.index()] = self.last[them.index()].and_then(|mut last| {
                if let Some(&(_, to)) = fx.moved.iter().find(|(from, _)| *from == last.square) {
                    last.square = to;
                }
                p.board
                    .get(last.square)
                    .is_some_and(|(c, _)| c == them)
                    .then_some(last)
            });
        }
        Some(p)
    }
}

/// "If a piece is captured, all the player's other pieces of that kind disappear." Decided:
/// pieces, not pawns ("Should Pawns survive long enough to be promoted" speaks of pawns
/// surviving), and never the king.
fn one_out_all_out(p: &mut Position, fx: &mut Effects) {
    let taken: ArrayVec<(Color, Fide), 32> = fx.lost.clone();
    for (color, role) in taken {
        if matches!(role, Fide::Pawn | Fide::King) {
            continue;
        }
        for s in p.board.pieces(color, role) {
            if let Some(piece) = p.board.take(s) {
                fx.capture(s, piece);
            }
        }
    }
}

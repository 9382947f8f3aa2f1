//! Negamax alpha-beta with principal-variation windows, late-move reductions, check
//! extensions and mate scores adjusted by ply; quiescence on captures, and at its first ply
//! on moves and drops that give check (a drop next to a royal is csipgs's sharpest threat).

use super::tt::Bound;
use super::types::{MATE, MAX_PLY};
use super::{zobrist, Searcher};
use crate::eval::evaluate;
use crate::moves::{Act, Buys, Move};
use crate::position::Position;

/// Quiet moves after this many in a node are searched one ply shallower first.
const LATE_MOVE: usize = 4;

/// Depth from which late moves are reduced.
const REDUCE_FROM: u32 = 3;

/// A capture that can't bring the score within this of alpha is skipped in quiescence.
const DELTA_MARGIN: i32 = 200;

impl Searcher<'_> {
    /// The value of `pos` searched `depth` plies deep, `ply` plies from the root.
    pub(super) fn negamax(
        &mut self,
        pos: &mut Position,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.pv[ply].clear();
        if ply > 0 && self.should_stop() {
            return 0;
        }
        self.nodes += 1;
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
        }
        let in_check = in_check(pos);
        let depth = depth + u32::from(in_check);
        if depth == 0 {
            return self.quiescence(pos, alpha, beta, ply, 0);
        }
        let key = zobrist::key(pos);
        let mut tt_move = None;
        if let Some((entry, value)) = self.tt.probe(key, ply) {
            tt_move = entry.best;
            if ply > 0 && u32::from(entry.depth) >= depth {
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => value >= beta,
                    Bound::Upper => value <= alpha,
                };
                if cut {
                    return value;
                }
            }
        }
        let Some((mut moves, mut keys)) = self.moves_at(pos, ply) else {
            // No legal action (or no royal left) loses (RULES.md sections 2 and 5.1).
            return -(MATE - ply as i32);
        };
        self.order(pos, &moves, tt_move, ply, &mut keys);
        let original_alpha = alpha;
        let mut best = None;
        let mut best_value = -MATE;
        for i in 0..moves.len() {
            let mv = pick(&mut moves, &mut keys, i);
            let quiet = self.victim(pos, mv).is_none() && mv.act != Act::Buy;
            let reduce = if depth >= REDUCE_FROM && i >= LATE_MOVE && quiet && !in_check {
                1
            } else {
                0
            };
            let value = self.child(pos, mv, |s, next| {
                if i == 0 {
                    return -s.negamax(next, depth - 1, -beta, -alpha, ply + 1);
                }
                let mut v = -s.negamax(next, depth - 1 - reduce, -alpha - 1, -alpha, ply + 1);
                if v > alpha && reduce > 0 {
                    v = -s.negamax(next, depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if v > alpha && v < beta {
                    v = -s.negamax(next, depth - 1, -beta, -alpha, ply + 1);
                }
                v
            });
            if self.stopped {
                break;
            }
            if value > best_value {
                best_value = value;
                best = Some(mv);
            }
            if value > alpha {
                alpha = value;
                self.set_pv(ply, mv);
            }
            if alpha >= beta {
                if quiet {
                    self.reward(mv, ply, depth);
                }
                break;
            }
        }
        self.put_back(ply, moves, keys);
        if !self.stopped {
            let bound = if best_value >= beta {
                Bound::Lower
            } else if best_value > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt.store(key, ply, depth, best_value, bound, best);
        }
        best_value
    }

    /// Search only what changes the material (and, at the first quiescence ply, checks)
    /// until the position is quiet, standing pat on the evaluation unless in check.
    fn quiescence(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
    ) -> i32 {
        self.pv[ply].clear();
        if self.should_stop() {
            return 0;
        }
        self.nodes += 1;
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
        }
        let in_check = in_check(pos);
        let Some((mut moves, mut keys)) = self.moves_at(pos, ply) else {
            return -(MATE - ply as i32);
        };
        let stand_pat = self.evaluate(pos);
        if !in_check {
            if stand_pat >= beta {
                self.put_back(ply, moves, keys);
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            // Keep captures that might matter, and at the first ply checks.
            let checks = qply == 0;
            moves.retain(|&mv| match self.victim(pos, mv) {
                Some(victim) => stand_pat + victim + DELTA_MARGIN > alpha,
                None => checks && mv.buy.is_empty() && gives_check(pos, mv),
            });
        }
        self.order(pos, &moves, None, ply, &mut keys);
        let mut best_value = if in_check { -MATE } else { stand_pat };
        for i in 0..moves.len() {
            let mv = pick(&mut moves, &mut keys, i);
            let value = self.child(pos, mv, |s, next| {
                -s.quiescence(next, -beta, -alpha, ply + 1, qply + 1)
            });
            if self.stopped {
                break;
            }
            best_value = best_value.max(value);
            if value > alpha {
                alpha = value;
                self.set_pv(ply, mv);
            }
            if alpha >= beta {
                break;
            }
        }
        self.put_back(ply, moves, keys);
        best_value
    }

    /// The legal moves at `ply`, in that ply's reused lists (moves and their sort keys);
    /// None, lists put back, when there are none: the side to move has lost.
    fn moves_at(&mut self, pos: &Position, ply: usize) -> Option<(Vec<Move>, Vec<i32>)> {
        let mut moves = std::mem::take(&mut self.lists[ply]);
        pos.generate(Buys::Uniform, &mut moves);
        if moves.is_empty() {
            self.lists[ply] = moves;
            return None;
        }
        Some((moves, std::mem::take(&mut self.keys[ply])))
    }

    fn put_back(&mut self, ply: usize, moves: Vec<Move>, keys: Vec<i32>) {
        self.lists[ply] = moves;
        self.keys[ply] = keys;
    }

    /// Play `mv`, run `then` on the position after it, take it back.
    fn child(
        &mut self,
        pos: &mut Position,
        mv: Move,
        then: impl FnOnce(&mut Self, &mut Position) -> i32,
    ) -> i32 {
        if pos.makes_in_place(mv) {
            let undo = pos.make(mv);
            let value = then(self, pos);
            pos.unmake(undo);
            value
        } else {
            let mut next = pos.clone();
            next.play_move(mv);
            then(self, &mut next)
        }
    }

    /// The evaluation, blurred by the level's seeded noise.
    fn evaluate(&self, pos: &Position) -> i32 {
        let value = evaluate(pos, &self.values);
        if self.noise == 0 {
            return value;
        }
        let h = zobrist::key(pos) ^ self.seed;
        let h = h.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33;
        value + (h % (2 * self.noise as u64 + 1)) as i32 - self.noise
    }

    fn set_pv(&mut self, ply: usize, mv: Move) {
        let (here, below) = self.pv.split_at_mut(ply + 1);
        let line = &mut here[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&below[0]);
    }

    /// A quiet move caused a cut-off: remember it for this ply and in the history.
    fn reward(&mut self, mv: Move, ply: usize, depth: u32) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        if let Act::Step { from, to } | Act::Double { from, to, .. } = mv.act {
            let h = &mut self.history[from.index()][to.index()];
            *h = (*h + (depth * depth) as i32).min(KILLER_CEILING);
        }
    }
}

/// History scores stay below the killers' and drops' keys.
const KILLER_CEILING: i32 = 900_000;

/// The move with the largest key among `moves[i..]`, swapped into place `i`: a selection
/// sort done lazily, since a cut-off often comes after the first few.
fn pick(moves: &mut [Move], keys: &mut [i32], i: usize) -> Move {
    let best = (i..moves.len())
        .max_by_key(|&j| (keys[j], std::cmp::Reverse(j)))
        .expect("i is in range");
    moves.swap(i, best);
    keys.swap(i, best);
    moves[i]
}

/// Whether the side to move's only royal is attacked (check rules apply).
fn in_check(pos: &Position) -> bool {
    let us = pos.to_move();
    let royals = pos.royals(us);
    royals.count() == 1
        && !pos.rules().options.fog
        && royals.first().is_some_and(|r| pos.attacked_by(r, !us))
}

/// Whether a step or drop attacks the opponent's only royal from where it lands: direct
/// checks, found from the kind tables without playing the move (discovered checks are left
/// to the main search). None in the general generator's positions.
fn gives_check(pos: &Position, mv: Move) -> bool {
    let them = !pos.to_move();
    let royals = pos.royals(them);
    if royals.count() != 1 || pos.is_general() {
        return false;
    }
    let royal = royals.first().expect("one royal");
    let mut occupied = pos.occupied(them) | pos.occupied(!them);
    let (piece, to) = match mv.act {
        Act::Step { from, to } => {
            occupied.clear(from);
            (pos.piece(from).expect("a piece moves"), to)
        }
        Act::Drop { kind, to } => (crate::position::Piece { color: !them, kind }, to),
        _ => return false,
    };
    occupied.set(to);
    pos.tables(piece).attacks(to, occupied).contains(royal)
}

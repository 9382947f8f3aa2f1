//! Negamax alpha-beta with principal-variation windows, null moves where the game allows a
//! pass, late-move reductions, check extensions and mate scores adjusted by ply; a position
//! that repeats one on the path is a draw where the game says so; quiescence on captures,
//! and at its first ply on moves and drops that give check (a drop next to a royal is
//! csipgs's sharpest threat).

use super::node::{Ending, Node};
use super::tt::Bound;
use super::types::{is_mate, MATE, MAX_PLY};
use super::Searcher;

/// Quiet moves after this many in a node are searched one ply shallower first.
const LATE_MOVE: usize = 4;

/// Depth from which late moves are reduced.
const REDUCE_FROM: u32 = 3;

/// Depth from which a pass is tried: if passing still holds beta, so will a move.
const NULL_FROM: u32 = 3;

/// A capture that can't bring the score within this of alpha is skipped in quiescence.
const DELTA_MARGIN: i32 = 200;

impl<N: Node> Searcher<'_, N> {
    /// The value of `pos` searched `depth` plies deep, `ply` plies from the root.
    pub(super) fn negamax(
        &mut self,
        pos: &mut N,
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
        let key = pos.key();
        if N::REPETITION_DRAWS && ply > 0 && self.path.contains(&key) {
            return 0;
        }
        let in_check = pos.in_check();
        let depth = depth + u32::from(in_check);
        if depth == 0 {
            return self.quiescence(pos, alpha, beta, ply, 0);
        }
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
        if ply > 0 && depth >= NULL_FROM && !in_check && !is_mate(beta) {
            if let Some(mut passed) = pos.pass() {
                if self.evaluate(pos) >= beta {
                    let reduced = depth - 1 - (2 + depth / 6).min(depth - 1);
                    self.path.push(key);
                    let value = -self.negamax(&mut passed, reduced, -beta, -beta + 1, ply + 1);
                    self.path.pop();
                    if self.stopped {
                        return 0;
                    }
                    if value >= beta {
                        return beta;
                    }
                }
            }
        }
        let Some((mut moves, mut keys)) = self.moves_at(pos, ply) else {
            return self.no_moves(pos, ply);
        };
        self.order(pos, &moves, tt_move, ply, &mut keys);
        self.path.push(key);
        let original_alpha = alpha;
        let mut best = None;
        let mut best_value = -MATE;
        for i in 0..moves.len() {
            let mv = pick(&mut moves, &mut keys, i);
            let quiet = pos.victim(mv, &self.values).is_none() && pos.reducible(mv);
            let reduce = if depth >= REDUCE_FROM && i >= LATE_MOVE && quiet && !in_check {
                1
            } else {
                0
            };
            let value = pos.with_child(mv, |next| {
                if i == 0 {
                    return -self.negamax(next, depth - 1, -beta, -alpha, ply + 1);
                }
                let mut v = -self.negamax(next, depth - 1 - reduce, -alpha - 1, -alpha, ply + 1);
                if v > alpha && reduce > 0 {
                    v = -self.negamax(next, depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if v > alpha && v < beta {
                    v = -self.negamax(next, depth - 1, -beta, -alpha, ply + 1);
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
                    self.reward(pos, mv, ply, depth);
                }
                break;
            }
        }
        self.path.pop();
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
    fn quiescence(&mut self, pos: &mut N, mut alpha: i32, beta: i32, ply: usize, qply: u32) -> i32 {
        self.pv[ply].clear();
        if self.should_stop() {
            return 0;
        }
        self.nodes += 1;
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
        }
        let in_check = pos.in_check();
        let Some((mut moves, mut keys)) = self.moves_at(pos, ply) else {
            return self.no_moves(pos, ply);
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
            let values = &self.values;
            moves.retain(|&mv| match pos.victim(mv, values) {
                Some(victim) => stand_pat + victim + DELTA_MARGIN > alpha,
                None => checks && pos.gives_check(mv),
            });
        }
        self.order(pos, &moves, None, ply, &mut keys);
        let mut best_value = if in_check { -MATE } else { stand_pat };
        for i in 0..moves.len() {
            let mv = pick(&mut moves, &mut keys, i);
            let value = pos.with_child(mv, |next| {
                -self.quiescence(next, -beta, -alpha, ply + 1, qply + 1)
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

    /// The value of a position without a legal move: lost (mated `ply` plies from the
    /// root) or drawn, as the game says.
    fn no_moves(&self, pos: &N, ply: usize) -> i32 {
        match pos.ending() {
            Ending::Lost => -(MATE - ply as i32),
            Ending::Drawn => 0,
            Ending::Won => MATE - ply as i32,
        }
    }

    /// The legal moves at `ply`, in that ply's reused lists (moves and their sort keys);
    /// None, lists put back, when there are none.
    fn moves_at(&mut self, pos: &N, ply: usize) -> Option<(Vec<N::Move>, Vec<i32>)> {
        let mut moves = std::mem::take(&mut self.lists[ply]);
        pos.generate(&mut moves);
        if moves.is_empty() {
            self.lists[ply] = moves;
            return None;
        }
        Some((moves, std::mem::take(&mut self.keys[ply])))
    }

    fn put_back(&mut self, ply: usize, moves: Vec<N::Move>, keys: Vec<i32>) {
        self.lists[ply] = moves;
        self.keys[ply] = keys;
    }

    /// The evaluation, blurred by the level's seeded noise.
    fn evaluate(&self, pos: &N) -> i32 {
        let value = pos.evaluate(&self.values);
        if self.noise == 0 {
            return value;
        }
        let h = pos.key() ^ self.seed;
        let h = h.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33;
        value + (h % (2 * self.noise as u64 + 1)) as i32 - self.noise
    }

    fn set_pv(&mut self, ply: usize, mv: N::Move) {
        let (here, below) = self.pv.split_at_mut(ply + 1);
        let line = &mut here[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&below[0]);
    }

    /// A quiet move caused a cut-off: remember it for this ply and in the history.
    fn reward(&mut self, pos: &N, mv: N::Move, ply: usize, depth: u32) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        if let super::QuietOrder::Step(from, to) = pos.quiet_order(mv, &self.values) {
            let h = &mut self.history[from][to];
            *h = (*h + (depth * depth) as i32).min(KILLER_CEILING);
        }
    }
}

/// History scores stay below the killers' and drops' keys.
const KILLER_CEILING: i32 = 900_000;

/// The move with the largest key among `moves[i..]`, swapped into place `i`: a selection
/// sort done lazily, since a cut-off often comes after the first few.
fn pick<M: Copy>(moves: &mut [M], keys: &mut [i32], i: usize) -> M {
    let best = (i..moves.len())
        .max_by_key(|&j| (keys[j], std::cmp::Reverse(j)))
        .expect("i is in range");
    moves.swap(i, best);
    keys.swap(i, best);
    moves[i]
}

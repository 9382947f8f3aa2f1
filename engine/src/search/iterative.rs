//! Iterative deepening: search depth 1, 2, 3, ... and keep the result of each completed
//! iteration; an iteration the limits interrupt is dropped. The first iteration owes a
//! move, so no node limit stops it, and until its first root move is searched it may run
//! to four times the time limit; stopped after that, its best move so far stands. A new
//! iteration is not begun once half the time is gone, since it would take longer than all
//! before it.

use super::node::Node;
use super::types::{Report, Score, MATE, MAX_PLY};
use super::Searcher;
use std::time::Instant;

/// Deepest iteration when no depth limit is given.
const MAX_DEPTH: u32 = 64;

impl<N: Node> Searcher<'_, N> {
    pub(super) fn iterate(&mut self, position: &N) -> Report<N::Move> {
        self.started = Instant::now();
        let mut pos = position.clone();
        let max_depth = self
            .limits
            .depth
            .unwrap_or(MAX_DEPTH)
            .clamp(1, MAX_PLY as u32 / 2);
        let mut report = Report {
            best: None,
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
            time: self.started.elapsed(),
            pv: Vec::new(),
        };
        for depth in 1..=max_depth {
            let first = depth == 1;
            // The time limit is stretched for a first move, not lifted: a budget is at most
            // a fifth of the clock (see `time`), so even four budgets never lose on time.
            self.first_iteration = first;
            let value = self.negamax(&mut pos, depth, -MATE, MATE, 0);
            if self.stopped && (!first || self.pv[0].is_empty()) {
                break;
            }
            report = Report {
                best: self.pv[0].first().copied().or(report.best),
                score: Score::from_value(value),
                depth,
                nodes: self.nodes,
                time: self.started.elapsed(),
                pv: self.pv[0].clone(),
            };
            if report.best.is_none()
                || matches!(report.score, Score::Mate(n) if n > 0 && (2 * n - 1) as u32 <= depth)
            {
                // No move at all, or a mate found within the full-width depth: deeper
                // iterations can't improve on it.
                break;
            }
            let half_gone = self
                .limits
                .time
                .is_some_and(|t| self.started.elapsed() * 2 >= t);
            let nodes_gone = self.limits.nodes.is_some_and(|n| self.nodes * 2 >= n);
            if half_gone || nodes_gone || self.stopped {
                break;
            }
        }
        report.nodes = self.nodes;
        report.time = self.started.elapsed();
        report
    }
}

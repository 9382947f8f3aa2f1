//! The search's inputs and outputs: [`Limits`], [`Report`], and [`Score`] with its mate
//! encoding.

use std::fmt;
use std::time::Duration;

/// A mate on the board: the score of a side that has just been mated, negated. Scores within
/// [`MAX_PLY`] of it are mates found that many plies from the root.
pub(crate) const MATE: i32 = 30_000;

/// Deepest ply the search goes, extensions and quiescence included.
pub(crate) const MAX_PLY: usize = 96;

/// Scores at or beyond this (either sign) are mates.
const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

/// When a search stops: the first limit reached ends it, and the stop flag always can.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Most positions visited.
    pub nodes: Option<u64>,
    /// Longest time spent.
    pub time: Option<Duration>,
}

/// A search score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Score {
    /// An evaluation in centipawns (a FIDE pawn is about 100).
    Cp(i32),
    /// A forced mate: `Mate(n)` with n > 0 mates with the side to move's n-th turn from now,
    /// n < 0 is mated by the opponent's |n|-th turn (UCI's convention).
    Mate(i32),
}

impl Score {
    /// The score of the search's internal value.
    pub(crate) fn from_value(value: i32) -> Score {
        if value >= MATE_BOUND {
            Score::Mate((MATE - value + 1) / 2)
        } else if value <= -MATE_BOUND {
            Score::Mate(-(MATE + value) / 2)
        } else {
            Score::Cp(value)
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

/// What a search found: the best move of the deepest completed iteration, its score and
/// principal variation, and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report<M = crate::moves::Move> {
    /// The best move; none when the side to move has no legal move.
    pub best: Option<M>,
    /// Its score.
    pub score: Score,
    /// The deepest completed iteration.
    pub depth: u32,
    /// Positions visited, quiescence included.
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
    /// The expected line, best move first.
    pub pv: Vec<M>,
}

/// Whether a value is a mate score (either side).
pub(crate) fn is_mate(value: i32) -> bool {
    value.abs() >= MATE_BOUND
}

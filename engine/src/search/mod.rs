//! The computer's search: iterative deepening (`iterative`) over an alpha-beta negamax
//! with principal-variation windows, a transposition table (`tt`), move ordering
//! (`ordering`), quiescence on captures and checks, check extensions, null moves and mate
//! scores (`alpha_beta`). It walks any [`Node`]: csipgs positions (`csipgs`: moves, drops
//! and buys; redesigns are the caller's, at the root) and the FIDE family's. Synchronous
//! and free of I/O: the caller runs it where it may block and stops it with the flag or
//! the limits.
//!
//! ```
//! use engine::search::{search, Limits};
//! use engine::{Position, Ruleset};
//! use std::sync::atomic::AtomicBool;
//!
//! let start = Position::start(Ruleset::Classic.into());
//! let limits = Limits { depth: Some(3), ..Limits::default() };
//! let report = search(&start, &limits, 1, &AtomicBool::new(false));
//! assert_eq!(report.depth, 3);
//! assert!(report.best.is_some());
//! ```

mod alpha_beta;
mod csipgs;
mod iterative;
mod node;
mod ordering;
pub mod time;
mod tt;
mod types;
pub(crate) mod zobrist;

pub use node::{Ending, Node, QuietOrder};
pub use types::{Limits, Report, Score};

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;
use types::MAX_PLY;

/// How many nodes pass between looks at the clock and the stop flag.
const CHECKPOINT: u64 = 1024;

/// How many times the time limit the first iteration may take while it has no move yet.
const FIRST_ITERATION_STRETCH: u32 = 4;

/// Search `position` within `limits` until done or `stop` is set. `seed` decides between
/// equally good moves (the same seed, limits and position give the same move, unless a time
/// limit cuts an iteration short) and, with `noise`, how much the evaluation is blurred.
pub fn search<N: Node>(
    position: &N,
    limits: &Limits,
    seed: u64,
    stop: &AtomicBool,
) -> Report<N::Move> {
    search_with_noise(position, limits, seed, 0, &[], stop)
}

/// [`search`] with up to `noise` centipawns of seeded blur on every evaluation (the weaker
/// levels' way of missing things), after a game whose earlier positions had the keys
/// `history` (oldest first): where repetition draws, returning to one of them is a draw.
pub fn search_with_noise<N: Node>(
    position: &N,
    limits: &Limits,
    seed: u64,
    noise: i32,
    history: &[u64],
    stop: &AtomicBool,
) -> Report<N::Move> {
    let mut searcher = Searcher::new(position, limits, seed, noise, stop);
    searcher.path.extend_from_slice(history);
    searcher.iterate(position)
}

/// Everything one search keeps between nodes.
pub(crate) struct Searcher<'a, N: Node> {
    values: N::Values,
    tt: tt::Table<N::Move>,
    killers: Vec<[Option<N::Move>; 2]>,
    history: Box<[[i32; 64]; 64]>,
    /// A move list and its sort keys per ply, reused so nodes allocate nothing.
    lists: Vec<Vec<N::Move>>,
    keys: Vec<Vec<i32>>,
    /// The principal variation found below each ply (a triangular table).
    pv: Vec<Vec<N::Move>>,
    /// The keys of the game's positions and of the search's path to this node.
    path: Vec<u64>,
    nodes: u64,
    seed: u64,
    noise: i32,
    started: Instant,
    limits: Limits,
    /// Whether the first iteration is running: no node limit stops it, and until it has a
    /// move only [`FIRST_ITERATION_STRETCH`] times the time limit (or the flag) does.
    first_iteration: bool,
    stop: &'a AtomicBool,
    stopped: bool,
}

impl<'a, N: Node> Searcher<'a, N> {
    fn new(
        position: &N,
        limits: &Limits,
        seed: u64,
        noise: i32,
        stop: &'a AtomicBool,
    ) -> Searcher<'a, N> {
        Searcher {
            values: position.values(),
            tt: tt::Table::new(),
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: Box::new([[0; 64]; 64]),
            lists: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            keys: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            pv: (0..=MAX_PLY).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            path: Vec::with_capacity(MAX_PLY * 2),
            nodes: 0,
            seed,
            noise,
            started: Instant::now(),
            limits: *limits,
            first_iteration: true,
            stop,
            stopped: false,
        }
    }

    /// Whether to stop now: the flag, the node limit or the time limit; looked at every
    /// [`CHECKPOINT`] nodes, and once true stays true.
    fn should_stop(&mut self) -> bool {
        if !self.stopped && self.nodes.is_multiple_of(CHECKPOINT) {
            // The first iteration is never cut by nodes, so a node-bound level's first
            // move is its whole depth 1 on any machine.
            let owed = self.first_iteration && self.pv[0].is_empty();
            let out_of_nodes =
                !self.first_iteration && self.limits.nodes.is_some_and(|n| self.nodes >= n);
            let stretch = if owed { FIRST_ITERATION_STRETCH } else { 1 };
            let out_of_time = self
                .limits
                .time
                .is_some_and(|t| self.started.elapsed() >= t * stretch);
            self.stopped = out_of_nodes || out_of_time || self.stop.load(Ordering::Relaxed);
        }
        self.stopped
    }
}

//! Gilman's modest variants: FIDE chess and its small twists, on the same squares and
//! bitboards as csipgs.
//!
//! # Layout
//!
//! - The game's options: [`variant`] (each variant, and which combine).
//! - The board: `attacks` (tables), [`position`] (the board and what carries between
//!   moves), [`fen`].
//! - Moves, each file importing only those before it: [`moves`] (a `Copy` move), `pieces`
//!   (where each piece goes under the variants), `effects` (what a move does besides moving
//!   its piece), `train`, `stungun`, `fatigue`, `play` (making a move), `movegen` (every
//!   piece's moves; two-stage moves for double steps and Camp-follower), `check`, `castle`,
//!   `power` (Promoting- and Demoting-king), `legal` (legal moves), [`perft`](fn@perft).
//! - The computer: `eval` (the static evaluation; each variant's own terms sit beside its
//!   rules) and `node` (the position as the search walks it).
//! - Records: [`san`] (moves as written), [`pgn`], [`game`] (a game with its draws and
//!   results).
//! - The fast path: `plain`, a legal generator of its own for positions whose variants
//!   move as FIDE chess does, which `legal` and `perft` take whenever it applies.

mod attacks;
mod castle;
mod check;
mod effects;
mod eval;
mod fatigue;
pub mod fen;
pub mod game;
mod legal;
mod movegen;
pub mod moves;
mod node;
mod perft;
pub mod pgn;
mod pieces;
mod plain;
mod play;
pub mod position;
mod power;
pub mod san;
mod stungun;
mod train;
pub mod variant;

pub use eval::Worths;
pub use fen::{FenError, START};
pub use game::{FideGame, FideTurnError};
pub use moves::{Move, Special};
pub use perft::perft;
pub use pgn::{Pgn, PgnError};
pub use position::{Board, Position};
pub use san::SanError;
pub use variant::{Variant, VariantError, Variants};

#[cfg(test)]
mod tests;
#[cfg(test)]
mod value_tests;

//! A position: board, reserves, treasuries, design slots, side to move and ply.
//!
//! Layout: `state` holds the representation and its accessors; `setup` the unchecked
//! [`Setup`], the one door into a `Position`, and the position string; `play` how a turn
//! changes a position. Both import `state`; this file only gathers what the others export.

mod play;
mod setup;
mod state;

pub(crate) use play::StepUndo;
pub(crate) use setup::{read_terrain, square_list};
pub use setup::{Illegal, PositionError, Setup, TREASURY_LIMIT};
pub(crate) use state::{Piece, Reserve};
pub use state::{Position, MAX_PIECES};

//! A game: a position with its history and result, and turns validated with reasons a
//! player understands.
//!
//! # Layout
//!
//! - `outcome`: how a game ended ([`Outcome`], [`EndReason`]); `error`: why a turn was
//!   refused ([`TurnError`]).
//! - `turns`: the [`Game`] itself, its turns ([`PlayedTurn`]) and what each side remembers
//!   of a fog game's terrain.
//! - `read`: a turn written in record notation matched against the legal ones; `check`: a
//!   turn checked before it changes anything; `play`: a turn played ([`Played`]).
//! - `end`: how a game ends, by the position or from outside the board; `proposals`:
//!   proposals agreed during a game; `store`: the stored form ([`GAME_FORMAT`]).
//!
//! What a fog game's players may know of it ([`View`](crate::View), the moderator) is in
//! [`fog`](crate::fog), above this module.

mod check;
mod end;
mod error;
mod outcome;
mod play;
mod proposals;
mod read;
mod store;
mod turns;

pub use error::TurnError;
pub use outcome::{EndReason, Outcome};
pub use play::Played;
pub(crate) use read::CheckedTurn;
pub use store::GAME_FORMAT;
pub use turns::{Game, PlayedTurn};

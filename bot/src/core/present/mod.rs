//! Everything that turns state into words and pictures for a member: command files import
//! this module (with the store and the engine), never each other.
//!
//! Layout: `pictures` (boards and clocks), `announce` (a game's announcements, a challenge's
//! terms and news), `fog` (what a fog game shows, and to whom).

mod announce;
mod fog;
mod pictures;

pub(crate) use announce::*;
pub(crate) use fog::*;
pub(crate) use pictures::*;

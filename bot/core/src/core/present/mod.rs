//! Everything that turns state into words and pictures for a member: command files import
//! this module (with the store and the engine), never each other.
//!
//! Layout: `pictures` (boards and clocks), `announce` (a game's announcements, a challenge's
//! terms and news), `fog` (what a fog game shows, and to whom), `listing` (a page of a
//! long list).

mod announce;
mod fog;
mod listing;
mod pictures;

pub(crate) use announce::*;
pub(crate) use fog::*;
pub(crate) use listing::*;
pub(crate) use pictures::*;

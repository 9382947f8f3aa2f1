//! What a chess community keeps besides its games: ratings, and tournaments from pairing
//! to final standings. Pure logic: no I/O, no async, no database. The bot builds a
//! [`model::Tournament`] from its tables (or [`trf`] reads one from a file), calls these
//! and stores what they return. Being a crate of its own makes that a fact the compiler
//! checks: it depends on `engine` for colours and on no runtime, database or Discord crate.
//!
//! # Layout
//!
//! After bbpPairings' split by concern:
//!
//! - The model: [`model`] (players by pairing number, what each round was for each of
//!   them, points in half points).
//! - Files: [`trf`], FIDE's Tournament Report File, read in two phases (typed lines, then
//!   the lines checked against one another into a tournament) and written back.
//! - Pairing: [`round_robin`] (the FIDE Berger tables), [`dutch`] (the FIDE Dutch Swiss
//!   system) over [`matching`] (maximum-weight matching, knowing nothing of chess), and
//!   [`checker`], which judges any Swiss round's pairings against the absolute rules
//!   without knowing how they were made.
//! - Results: [`tiebreak`] and [`standings`] (FIDE C.07), [`ratings`] (Glicko-2 as lichess
//!   keeps it).
//!
//! # Example
//!
//! ```
//! use engine::Color;
//! use league::model::{Player, PlayerNo, Tournament};
//! use league::{checker, dutch, trf};
//!
//! // Four players, ranked by rating, before round 1 of 3.
//! let players = (1..=4)
//!     .map(|n| Player {
//!         number: PlayerNo(n),
//!         name: format!("Player {n}"),
//!         rating: 2000 - n,
//!         rounds: vec![],
//!         withdrawn: false,
//!     })
//!     .collect();
//! let t = Tournament {
//!     name: "Club Swiss".into(),
//!     rounds: 3,
//!     first_colour: Color::White,
//!     players,
//!     planned: vec![],
//! };
//!
//! // Pair the next round by the Dutch rules, have the checker judge it, print it as the
//! // FIDE-endorsed pairing programs do: the top half meets the bottom half.
//! let round = dutch::next_round(&t);
//! let pairings = dutch::pair(&t, round)?;
//! checker::check(&t, round, &pairings)?;
//! assert_eq!(trf::write_pairings(&pairings), "2\n1 3\n4 2\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod checker;
#[cfg(test)]
mod dice;
pub mod dutch;
pub mod matching;
pub mod model;
pub mod ratings;
pub mod round_robin;
pub mod standings;
pub mod tiebreak;
pub mod trf;

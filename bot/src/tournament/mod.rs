//! Tournaments as pure logic: no I/O, no async, no database. The command core builds a
//! [`model::Tournament`] from its tables, calls these and stores what they return.
//!
//! Layout, after bbpPairings' split by concern: `model` (players, rounds, results, byes),
//! `trf` (the FIDE TRF file format only), `round_robin` (Berger tables), `dutch` (the FIDE
//! Dutch Swiss system), `matching` (weighted matching, knowing nothing of chess), `checker`
//! (any round's pairings against the absolute rules), `tiebreak` and `standings` (FIDE
//! C.07).

pub mod checker;
pub mod dutch;
pub mod matching;
pub mod model;
pub mod round_robin;
pub mod standings;
pub mod tiebreak;
pub mod trf;

//! The rules of csipgs chess (Ralph Betza, 1996): piece designs in Betza's funny notation,
//! their prices, and the game played with them; and of FIDE chess with Gilman's modest
//! variants beside it. No I/O. `RULES.md` is the specification;
//! section numbers in these docs point into it.
//!
//! # Layout
//!
//! - Designs: [`atom`] and [`directions`] (leaps and direction sets), [`notation`] (reading
//!   Betza's notation), [`design`] (a design compared by meaning), [`price`](mod@price) and
//!   [`proposal`] (what a design costs), [`reach`] (where it goes on an empty board).
//! - The board: [`square`], [`bitboard`], [`color`], [`money`].
//! - Play: [`position`] (a [`Setup`] checked into a [`Position`], and how a turn changes
//!   it), legal actions generated on `Position` (a fast generator, and a general one for
//!   the unofficial prefixes, terrain and fog, in `prefix`), plunder, [`fog`] (terrain and
//!   each player's [`View`]), [`action`] (what a turn does), [`ruleset`] (rulesets and
//!   options), [`perft`].
//! - Games: [`movetext`] (turns as written), [`game`] (turns checked with reasons, results,
//!   the stored form), [`record`] (game record files), [`clock`] (time controls, deadlines).
//! - FIDE chess and Gilman's modest variants: [`fide`], a game family of its own on the
//!   same squares and bitboards (FEN, SAN, PGN, perft, draws, each variant an option).
//! - The computer: [`moves`] (turns as 8-byte `Copy` values, generated into reused lists and
//!   made and unmade in place), [`search`] (iterative alpha-beta), an evaluation that knows
//!   the economy (in `eval`), [`computer`] (levels, the design phase, fog, whole games).
//!
//! # Example
//!
//! ```
//! use engine::{price, Design, Game, PriceTable, Proposals, Ruleset};
//!
//! // Start a classic game and play a turn written in record notation.
//! let mut game = Game::new(Ruleset::Classic.into());
//! let played = game.play_text("Kd2")?;
//! assert_eq!(played.notation, "Kd2");
//! assert_eq!(
//!     game.position().to_string(),
//!     "4k3/8/8/8/8/8/3K4/8 b 1/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 2",
//! );
//!
//! // Price a design: W (1.5) + D (1.5) = 3 zorkmids.
//! let wd = Design::parse("WD")?;
//! let p = price(&wd, PriceTable::Classic, &Proposals::default())?;
//! assert_eq!(p.cost.to_string(), "3");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod action;
pub mod atom;
pub mod bitboard;
pub mod clock;
pub mod color;
pub mod computer;
pub mod design;
pub mod directions;
mod eval;
pub mod fide;
pub mod fog;
pub mod game;
mod kinds;
pub mod money;
mod movegen;
pub mod moves;
pub mod movetext;
pub mod named;
pub mod notation;
mod perft;
mod plunder;
pub mod position;
mod prefix;
pub mod price;
pub mod proposal;
pub mod reach;
pub mod record;
mod reference;
pub mod ruleset;
pub mod search;
pub mod square;
pub mod words;

pub use action::{Action, DesignPhase, Turn};
pub use atom::{Atom, Leap, LeapClass};
pub use bitboard::Bitboard;
pub use clock::{Clock, TimeControl, TimeControlError};
pub use color::{Color, UnknownColor};
pub use design::{Design, Fide, Mode, Part, Prefix, Step};
pub use directions::DirSet;
pub use fog::{mirror, View, TERRAIN_PAIRS};
pub use game::{EndReason, Game, Outcome, Played, PlayedTurn, TurnError, GAME_FORMAT};
pub use money::{zorkmids, Zorkmids};
pub use moves::{Act, Basket, Buys, Move};
pub use notation::NotationError;
pub use perft::perft;
pub use position::{Illegal, Position, PositionError, Setup, MAX_PIECES};
pub use price::{price, Price, PriceError, PriceTable};
pub use proposal::{Modifier, Proposals};
pub use reach::{targets_on_empty_board, Target};
pub use record::{At, Players, Replay, ReplayError};
pub use ruleset::{Options, Rules, Ruleset, UnknownOption, UnknownRuleset};
pub use square::Square;

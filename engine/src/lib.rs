//! The rules of csipgs chess (Ralph Betza, 1996): piece designs in Betza's funny notation,
//! their prices, and the game played with them. No I/O.

pub mod atom;
pub mod color;
pub mod design;
pub mod directions;
pub mod money;
pub mod notation;

pub use atom::{Atom, Leap, LeapClass};
pub use color::Color;
pub use design::{Design, Fide, Mode, Part, Prefix, Step};
pub use directions::DirSet;
pub use money::Zorkmids;
pub use notation::NotationError;
pub mod price;
pub mod proposal;
pub mod reach;

pub use price::{price, Price, PriceError, PriceTable};
pub use proposal::{Modifier, Proposals};
pub use reach::{targets_on_empty_board, Target};
pub mod bitboard;
pub mod square;

pub use bitboard::Bitboard;
pub use square::Square;
pub mod action;
pub mod kinds;
pub mod movegen;
pub mod position;
pub mod ruleset;

pub use action::{Action, DesignPhase, Turn};
pub use position::{Position, PositionError};
pub use ruleset::{Options, Rules, Ruleset};
pub mod perft;

pub use perft::perft;
pub mod game;
pub mod movetext;

pub use game::{EndReason, Game, Outcome, Played, PlayedTurn, TurnError};
pub mod record;
pub mod reference;

pub use record::{Players, Replay, ReplayError};

//! How a game ended: the reason and the winner, and the words records use for them.

use crate::color::Color;
use serde::{Deserialize, Serialize};
use std::fmt;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The loser's last royal piece was in check and it had no legal action.
    Checkmate,
    /// The loser had no legal action (stalemate is a loss).
    NoLegalAction,
    /// The loser's last royal piece was captured (possible in fog games and with
    /// doublemove pieces, RULES.md sections 5.1 and 8).
    RoyalCaptured,
    /// The loser resigned.
    Resignation,
    /// The loser's clock ran out.
    Timeout,
    /// Both players agreed to a draw (only in `classic`).
    DrawAgreed,
    /// The loser left the game; only read from records, whose tools may say so.
    Abandoned,
    /// A result read from a record without the reason.
    Recorded,
    /// FIDE family: the side to move had no legal move and was not in check (a draw).
    Stalemate,
    /// FIDE family: fifty moves by each side without a capture or a pawn move (a draw).
    FiftyMoves,
    /// FIDE family: the same position for the third time (a draw).
    Repetition,
    /// FIDE family: neither side can mate (a draw).
    InsufficientMaterial,
    /// Movewise extinction: the loser lost its last rook-, bishop- or knight-mover.
    Extinction,
}

impl EndReason {
    /// The words of a record's Termination tag (RULES.md section 9 writes "time forfeit";
    /// the others follow it: lower case, as PGN's own Termination values are).
    const TERMINATIONS: [(EndReason, &'static str); 12] = [
        (EndReason::Checkmate, "checkmate"),
        (EndReason::NoLegalAction, "no legal action"),
        (EndReason::RoyalCaptured, "royal captured"),
        (EndReason::Resignation, "resignation"),
        (EndReason::Timeout, "time forfeit"),
        (EndReason::DrawAgreed, "agreement"),
        (EndReason::Abandoned, "abandoned"),
        // The FIDE family's own ends, after csipgs's seven.
        (EndReason::Stalemate, "stalemate"),
        (EndReason::FiftyMoves, "fifty moves"),
        (EndReason::Repetition, "repetition"),
        (EndReason::InsufficientMaterial, "insufficient material"),
        (EndReason::Extinction, "extinction"),
    ];

    /// The Termination words a csipgs record can carry, in a fixed order (the FIDE family's
    /// draws and extinction cannot end a csipgs game, so a csipgs record is not told of them).
    pub fn termination_words() -> impl Iterator<Item = &'static str> {
        EndReason::TERMINATIONS[..7].iter().map(|(_, word)| *word)
    }

    /// The record's Termination word for this reason; none for [`EndReason::Recorded`].
    pub fn termination(self) -> Option<&'static str> {
        EndReason::TERMINATIONS
            .iter()
            .find(|(reason, _)| *reason == self)
            .map(|(_, word)| *word)
    }

    /// The reason a Termination word names, ignoring case.
    pub fn from_termination(word: &str) -> Option<EndReason> {
        EndReason::TERMINATIONS
            .iter()
            .find(|(_, w)| w.eq_ignore_ascii_case(word.trim()))
            .map(|(reason, _)| *reason)
    }

    /// Whether the board itself decides this end, so only the board can say it happened.
    pub fn is_on_the_board(self) -> bool {
        matches!(
            self,
            EndReason::Checkmate
                | EndReason::NoLegalAction
                | EndReason::RoyalCaptured
                | EndReason::Stalemate
                | EndReason::FiftyMoves
                | EndReason::Repetition
                | EndReason::InsufficientMaterial
                | EndReason::Extinction
        )
    }

    /// Whether this end can go with this result: an agreement is a draw, every other named
    /// end a win.
    pub fn fits(self, winner: Option<Color>) -> bool {
        match self {
            EndReason::Recorded => true,
            EndReason::DrawAgreed
            | EndReason::Stalemate
            | EndReason::FiftyMoves
            | EndReason::Repetition
            | EndReason::InsufficientMaterial => winner.is_none(),
            _ => winner.is_some(),
        }
    }
}

/// A finished game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The side that won; none for a draw.
    pub winner: Option<Color>,
    /// How the game ended.
    pub reason: EndReason,
}

impl Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn score(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let how = match self.reason {
            EndReason::Checkmate => "checkmate",
            EndReason::NoLegalAction => "no legal action",
            EndReason::RoyalCaptured => "capturing the last royal piece",
            EndReason::Resignation => "resignation",
            EndReason::Timeout => "time",
            EndReason::DrawAgreed => "agreement",
            EndReason::Abandoned => "abandonment",
            EndReason::Recorded => "record",
            EndReason::Stalemate => "stalemate",
            EndReason::FiftyMoves => "the fifty-move rule",
            EndReason::Repetition => "threefold repetition",
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::Extinction => "extinction",
        };
        match self.winner {
            Some(w) => write!(f, "{}, {w} wins by {how}", self.score()),
            None => write!(f, "{}, drawn by {how}", self.score()),
        }
    }
}

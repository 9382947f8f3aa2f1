//! A position of either family as typed (a csipgs position string, a FEN), for the
//! commands that take one: its legal moves, a perft count and its board picture.

use super::GameRules;
use engine::fide::{self, FenError, Variants};
use engine::{Position, PositionError};
use render::{BoardView, CsipgsBoardView, FideBoardView};

/// A position under a family's rules.
// One position per command: boxing the larger would only add an allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum FamilyPosition {
    Csipgs(Position),
    Fide(fide::Position),
}

/// A position that doesn't read under the rules asked for.
#[derive(Debug, thiserror::Error)]
pub enum PositionTextError {
    /// Not a csipgs position; `fen` when it reads as a FIDE one (a FEN), the likely mistake.
    #[error("{error}")]
    Csipgs { error: PositionError, fen: bool },
    #[error("{0}")]
    Fide(#[from] FenError),
}

/// Every legal action in record notation.
pub(super) fn csipgs_turns(pos: &Position) -> Vec<String> {
    pos.legal_actions().iter().map(|a| pos.notate(a)).collect()
}

/// Every legal move in SAN.
pub(super) fn fide_turns(pos: &fide::Position) -> Vec<String> {
    pos.legal_moves()
        .iter()
        .map(|m| fide::san::write(pos, m))
        .collect()
}

impl PositionTextError {
    /// `text` is no csipgs position, for this reason.
    pub fn csipgs(text: &str, error: PositionError) -> PositionTextError {
        // A FEN carrying a variant's state (`stunned:h5`) is still a FEN: only the variants
        // that keep such state are missing.
        let fen = matches!(
            fide::Position::from_fen(text, Variants::NONE),
            Ok(_) | Err(FenError::NotInForce { .. })
        );
        PositionTextError::Csipgs { error, fen }
    }
}

impl GameRules {
    /// The position `text` writes under these rules, or the start when there is none.
    pub fn position(&self, text: Option<&str>) -> Result<FamilyPosition, PositionTextError> {
        Ok(match self {
            GameRules::Csipgs(rules) => FamilyPosition::Csipgs(match text {
                Some(text) => Position::parse(text, rules.clone())
                    .map_err(|error| PositionTextError::csipgs(text, error))?,
                None => Position::start(rules.clone()),
            }),
            GameRules::Fide(variants) => FamilyPosition::Fide(fide::Position::from_fen(
                text.unwrap_or(fide::START),
                *variants,
            )?),
        })
    }
}

impl FamilyPosition {
    /// Every legal turn, as its family writes one (record notation, SAN), unsorted.
    pub fn legal_turns(&self) -> Vec<String> {
        match self {
            FamilyPosition::Csipgs(pos) => csipgs_turns(pos),
            FamilyPosition::Fide(pos) => fide_turns(pos),
        }
    }

    /// How many positions `depth` plies lead to.
    pub fn perft(&self, depth: u32) -> u64 {
        match self {
            FamilyPosition::Csipgs(pos) => engine::perft(pos, depth),
            FamilyPosition::Fide(pos) => fide::perft(pos, depth),
        }
    }

    /// The whole board from White's side, with the players' names (White's first).
    pub fn board_view(&self, names: [&str; 2]) -> BoardView {
        match self {
            FamilyPosition::Csipgs(pos) => CsipgsBoardView::from_position(pos, names).into(),
            FamilyPosition::Fide(pos) => FideBoardView::from_position(pos, names).into(),
        }
    }
}

//! A game's stored form: versioned, and checked when read back.

use super::end::check_outcome;
use super::error::TurnError;
use super::outcome::Outcome;
use super::turns::{Game, PlayedTurn};
use crate::bitboard::Bitboard;
use crate::position::{Position, PositionError};
use crate::proposal::ProposalError;
use crate::ruleset::Rules;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The format [`Game`]'s serde form is written in, as its `"format"` field. Format 0 had no
/// such field; format 1 is format 0 with it. A stored game is read back in any format up to
/// this one, through [`Position::from_setup`]; a newer one is refused, never guessed at.
pub const GAME_FORMAT: u32 = 1;

/// What is stored: the format, rules, start and current positions as position strings, the
/// turns and the result.
#[derive(Serialize, Deserialize)]
struct GameData {
    /// Absent in format 0.
    #[serde(default)]
    format: u32,
    rules: Rules,
    start: String,
    position: String,
    turns: Vec<PlayedTurn>,
    outcome: Option<Outcome>,
    /// A fog game's impassable squares each side has seen (White's, Black's), so loading
    /// needn't replay every turn to learn them. Absent in older rows and in games without
    /// terrain: then they are worked out from the turns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    remembered: Option<[u64; 2]>,
}

/// Why stored game data can't be loaded.
#[derive(Debug, thiserror::Error)]
enum LoadError {
    #[error("this game is stored in format {0}, newer than this csipgs reads (up to format {GAME_FORMAT}): update csipgs to load it")]
    NewerFormat(u32),
    #[error("the stored {which} position is not legal: {error}")]
    Position {
        which: &'static str,
        error: PositionError,
    },
    #[error("the stored game has {turns} turns, but its positions are at plies {start} and {now}")]
    TurnCount { turns: usize, start: u32, now: u32 },
    #[error("the stored result can't stand: {0}")]
    Outcome(TurnError),
    #[error("a stored proposal can't stand: {0}")]
    Proposal(ProposalError),
}

impl GameData {
    fn into_game(self) -> Result<Game, LoadError> {
        if self.format > GAME_FORMAT {
            return Err(LoadError::NewerFormat(self.format));
        }
        // Agreed values passed the same check when they were bid; one edited since could
        // price a design past what decimal arithmetic holds.
        self.rules
            .proposals
            .check_values()
            .map_err(LoadError::Proposal)?;
        let parse = |which, text: &str| {
            Position::parse(text, self.rules.clone())
                .map_err(|error| LoadError::Position { which, error })
        };
        let start = parse("start", &self.start)?;
        let position = parse("current", &self.position)?;
        // Every turn adds a ply, until the ply saturates at its maximum.
        let turns = self.turns.len() as u64;
        let consistent = match position.ply().checked_sub(start.ply()).map(u64::from) {
            Some(apart) => apart == turns || (position.ply() == u32::MAX && apart <= turns),
            None => false,
        };
        if !consistent {
            return Err(LoadError::TurnCount {
                turns: self.turns.len(),
                start: start.ply(),
                now: position.ply(),
            });
        }
        if let Some(outcome) = &self.outcome {
            check_outcome(position.rules(), outcome).map_err(LoadError::Outcome)?;
        }
        let mut game = Game {
            start,
            position,
            turns: self.turns,
            outcome: self.outcome,
            remembered: [Bitboard::EMPTY; 2],
        };
        match self.remembered {
            Some([white, black]) => {
                game.remembered = [Bitboard(white), Bitboard(black)];
                game.remember();
            }
            None => game.recall(),
        }
        Ok(game)
    }
}

impl Serialize for Game {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        GameData {
            format: GAME_FORMAT,
            rules: self.rules().clone(),
            start: self.start.to_string(),
            position: self.position.to_string(),
            turns: self.turns.clone(),
            outcome: self.outcome,
            remembered: (!self.position.terrain().is_empty()).then(|| self.remembered.map(|b| b.0)),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        GameData::deserialize(d)?
            .into_game()
            .map_err(serde::de::Error::custom)
    }
}

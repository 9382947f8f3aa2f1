//! A game of either family, with what the bot's commands ask of any game: whose turn, a
//! turn played from text, the ways a game ends, and its stored form.

use super::{Family, GameRules};
use engine::fide::{FideGame, FideTurnError};
use engine::{Color, Game, Outcome, Played, TurnError};

/// A game as the bot keeps it.
// A csipgs game is the larger, but a row holds one game, loaded once per command: boxing it
// would only add an allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum GameState {
    Csipgs(Game),
    Fide(FideGame),
}

/// Why a turn or an ending was refused, in the game's own words; the game is unchanged.
#[derive(Debug, thiserror::Error)]
pub enum Refused {
    #[error("{0}")]
    Csipgs(#[from] TurnError),
    #[error("{0}")]
    Fide(#[from] FideTurnError),
}

impl GameState {
    pub fn family(&self) -> Family {
        match self {
            GameState::Csipgs(_) => Family::Csipgs,
            GameState::Fide(_) => Family::Fide,
        }
    }

    pub fn rules(&self) -> GameRules {
        match self {
            GameState::Csipgs(game) => GameRules::Csipgs(game.rules().clone()),
            GameState::Fide(game) => GameRules::Fide(game.variants()),
        }
    }

    /// The csipgs game, for what only csipgs has (economies, fog, proposals, the computer).
    pub fn csipgs(&self) -> Option<&Game> {
        match self {
            GameState::Csipgs(game) => Some(game),
            GameState::Fide(_) => None,
        }
    }

    /// The csipgs game, to change what only csipgs has.
    pub fn csipgs_mut(&mut self) -> Option<&mut Game> {
        match self {
            GameState::Csipgs(game) => Some(game),
            GameState::Fide(_) => None,
        }
    }

    /// Whether this is a fog game.
    pub fn fog(&self) -> bool {
        self.csipgs().is_some_and(|g| g.rules().options.fog)
    }

    /// Whether the players may agree a draw (some csipgs rulesets forbid it).
    pub fn draws_allowed(&self) -> Result<(), TurnError> {
        match self {
            GameState::Csipgs(game) if !game.rules().ruleset.allows_draws() => {
                Err(TurnError::DrawsIllegal)
            }
            _ => Ok(()),
        }
    }

    pub fn to_move(&self) -> Color {
        match self {
            GameState::Csipgs(game) => game.position().to_move(),
            GameState::Fide(game) => game.position().turn(),
        }
    }

    /// How many turns (plies) have been played.
    pub fn turns(&self) -> usize {
        match self {
            GameState::Csipgs(game) => game.turns().len(),
            GameState::Fide(game) => game.sans().len(),
        }
    }

    /// The ply of the turn about to be played (1 = White's first).
    pub fn ply(&self) -> u32 {
        u32::try_from(self.turns()).map_or(u32::MAX, |n| n.saturating_add(1))
    }

    /// The last turn as written, with its ply.
    pub fn last_turn(&self) -> Option<(u32, &str)> {
        match self {
            GameState::Csipgs(game) => game.last_turn().map(|t| (t.ply, t.notation.as_str())),
            GameState::Fide(game) => game
                .sans()
                .last()
                .map(|san| (self.ply().saturating_sub(1), san.as_str())),
        }
    }

    /// Every turn played, as written (csipgs turn notation, SAN), first to last.
    pub fn turn_list(&self) -> Vec<String> {
        match self {
            GameState::Csipgs(game) => game.turns().iter().map(|t| t.notation.clone()).collect(),
            GameState::Fide(game) => game.sans().to_vec(),
        }
    }

    /// Every legal turn now, as its family writes one (record notation, SAN), unsorted.
    pub fn legal_turns(&self) -> Vec<String> {
        match self {
            GameState::Csipgs(game) => super::position::csipgs_turns(game.position()),
            GameState::Fide(game) => super::position::fide_turns(game.position()),
        }
    }

    /// The position now as its family writes one (a csipgs position string, a FEN).
    pub fn position_text(&self) -> String {
        match self {
            GameState::Csipgs(game) => game.position().to_string(),
            GameState::Fide(game) => game.position().fen(),
        }
    }

    pub fn result(&self) -> Option<&Outcome> {
        match self {
            GameState::Csipgs(game) => game.result(),
            GameState::Fide(game) => game.result(),
        }
    }

    pub fn is_over(&self) -> bool {
        self.result().is_some()
    }

    /// Play a turn as typed: csipgs turn notation, or a move in SAN (or the variants'
    /// two-stage notation).
    pub fn play_text(&mut self, text: &str) -> Result<Played, Refused> {
        match self {
            GameState::Csipgs(game) => Ok(game.play_text(text)?),
            GameState::Fide(game) => {
                let color = game.position().turn();
                let ply = u32::try_from(game.sans().len() + 1).unwrap_or(u32::MAX);
                let notation = game.play_text(text)?;
                let position = game.position();
                let check = match position.in_check() {
                    true => position.board().king(position.turn()).into_iter().collect(),
                    false => Vec::new(),
                };
                Ok(Played {
                    ply,
                    color,
                    notation,
                    check,
                    outcome: game.result().copied(),
                    warnings: Vec::new(),
                })
            }
        }
    }

    pub fn resign(&mut self, color: Color) -> Result<Outcome, Refused> {
        match self {
            GameState::Csipgs(game) => Ok(game.resign(color)?),
            GameState::Fide(game) => Ok(game.resign(color)?),
        }
    }

    /// The side's time ran out (in FIDE chess a draw when the other side cannot mate).
    pub fn lose_on_time(&mut self, color: Color) -> Result<Outcome, Refused> {
        match self {
            GameState::Csipgs(game) => Ok(game.lose_on_time(color)?),
            GameState::Fide(game) => Ok(game.lose_on_time(color)?),
        }
    }

    pub fn agree_draw(&mut self) -> Result<Outcome, Refused> {
        match self {
            GameState::Csipgs(game) => Ok(game.agree_draw()?),
            GameState::Fide(game) => Ok(game.agree_draw()?),
        }
    }

    /// The game as stored in its row's state column.
    pub fn stored(&self) -> Result<String, serde_json::Error> {
        match self {
            GameState::Csipgs(game) => serde_json::to_string(game),
            GameState::Fide(game) => serde_json::to_string(game),
        }
    }

    /// A game as `stored` wrote it for `family`.
    pub fn from_stored(family: Family, text: &str) -> Result<GameState, serde_json::Error> {
        Ok(match family {
            Family::Csipgs => GameState::Csipgs(serde_json::from_str(text)?),
            Family::Fide => GameState::Fide(serde_json::from_str(text)?),
        })
    }
}

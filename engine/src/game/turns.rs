//! A game: the position it started from, the position now, the turns played and the result,
//! and what each side of a fog game remembers of the terrain.

use super::outcome::Outcome;
use crate::action::{Action, Turn};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::money::Zorkmids;
use crate::position::Position;
use crate::ruleset::Rules;
use crate::square::Square;
use serde::{Deserialize, Serialize};

/// One turn as played, with both treasuries after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedTurn {
    /// The turn's ply (1 = White's first turn).
    pub ply: u32,
    /// The side that played it.
    pub color: Color,
    /// What was played.
    pub turn: Turn,
    /// The turn in record notation, with its check mark.
    pub notation: String,
    /// Both treasuries after the turn, by [`Color::index`].
    pub treasuries: [Zorkmids; 2],
}

/// A game: the position it started from, the position now, every turn played and the
/// result. Turns are checked before they change anything: a refused turn leaves the game
/// as it was. Its serde form is versioned by [`GAME_FORMAT`](super::GAME_FORMAT).
#[derive(Clone, Debug)]
pub struct Game {
    pub(super) start: Position,
    pub(super) position: Position,
    pub(super) turns: Vec<PlayedTurn>,
    pub(super) outcome: Option<Outcome>,
    /// In a fog game, the impassable squares each side has seen so far.
    pub(super) remembered: [Bitboard; 2],
}

impl Game {
    /// A new game from the start position of these rules.
    pub fn new(rules: Rules) -> Game {
        Game::from_position(Position::start(rules))
    }

    /// A game from any legal position; already over if the side to move has no action.
    pub fn from_position(position: Position) -> Game {
        let mut game = Game {
            start: position.clone(),
            position,
            turns: Vec::new(),
            outcome: None,
            remembered: [Bitboard::EMPTY; 2],
        };
        game.remember();
        game.outcome = game.forced_outcome();
        game
    }

    /// Rebuild what each side remembers of the terrain by walking the stored turns again
    /// (they were checked when played); a turn that no longer plays ends the walk.
    pub(super) fn recall(&mut self) {
        if self.position.terrain().is_empty() {
            return;
        }
        // Under today's rules, so a design agreed by proposal later in the game plays too.
        let start = Position::from_setup(self.start.to_setup(), self.rules().clone())
            .unwrap_or_else(|_| self.start.clone());
        let mut walk = Game::from_position(start);
        for played in &self.turns {
            if walk.play(played.turn.clone()).is_err() {
                break;
            }
        }
        self.remembered = walk.remembered;
        self.remember();
    }

    /// Add the impassable squares each side sees now to what it remembers.
    pub(super) fn remember(&mut self) {
        let terrain = self.position.terrain();
        if terrain.is_empty() {
            return;
        }
        for color in Color::ALL {
            self.remembered[color.index()] |= self.position.seen(color) & terrain;
        }
    }

    /// In a fog game, the impassable squares `color` has seen so far.
    pub(crate) fn remembered(&self, color: Color) -> Bitboard {
        self.remembered[color.index()]
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The game's rules, with the proposals agreed so far.
    pub fn rules(&self) -> &Rules {
        self.position.rules()
    }

    /// Every turn played, first first.
    pub fn turns(&self) -> &[PlayedTurn] {
        &self.turns
    }

    /// The latest turn, if any.
    pub fn last_turn(&self) -> Option<&PlayedTurn> {
        self.turns.last()
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Whether the game has a result.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Every legal action of the side to move (none once the game is over).
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.is_over() {
            return Vec::new();
        }
        self.position.legal_actions()
    }

    /// An action of the side to move in record notation.
    pub fn notate(&self, action: &Action) -> String {
        self.position.notate(action)
    }

    /// The squares the last action touched: from and to, or the drop square.
    pub fn last_action_squares(&self) -> Vec<Square> {
        self.turns
            .last()
            .map(|t| t.turn.action.squares())
            .unwrap_or_default()
    }
}

//! Playing a turn: checked first, then recorded with its notation, and the result the
//! position forces worked out.

use super::error::TurnError;
use super::outcome::Outcome;
use super::read::CheckedTurn;
use super::turns::{Game, PlayedTurn};
use crate::action::Turn;
use crate::color::Color;
use crate::movetext::Warning;
use crate::position::Position;
use crate::square::Square;

/// What playing a turn did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The turn's ply.
    pub ply: u32,
    /// The side that played it.
    pub color: Color,
    /// The turn in record notation, with its check mark.
    pub notation: String,
    /// Royal pieces of the side now to move that are in check.
    pub check: Vec<Square>,
    /// The result, if the turn ended the game.
    pub outcome: Option<Outcome>,
    /// Marks in the written turn that didn't match what it did.
    pub warnings: Vec<Warning>,
}

impl Game {
    /// Play a turn: credit, action, optional design phase. Refused turns change nothing.
    pub fn play(&mut self, turn: Turn) -> Result<Played, TurnError> {
        self.ensure_running()?;
        let next = self.check_turn(&turn)?;
        Ok(self.commit(turn, next))
    }

    /// Play a turn the side to move wrote in record notation. In a fog game it is read as
    /// the mover knows the board, and a refusal with a hidden cause names nothing (see
    /// [`Game::moderate`]).
    pub fn play_text(&mut self, text: &str) -> Result<Played, TurnError> {
        let checked = self.read_turn(text)?;
        let known =
            (self.rules().options.fog && !self.is_over()).then(|| self.notate_known(&checked.0));
        let mut played = self.commit_checked(checked);
        // The mover reads their turn back as they know the board; the record keeps the truth.
        if let Some(notation) = known {
            played.notation = notation;
        }
        Ok(played)
    }

    /// Play a turn of a record, read on the true board: the record was written by the
    /// moderator, who sees everything.
    pub(crate) fn play_recorded(&mut self, text: &str) -> Result<Played, TurnError> {
        let checked = self.read_on_board(text)?;
        Ok(self.commit_checked(checked))
    }

    fn commit_checked(&mut self, (turn, next, warnings): CheckedTurn) -> Played {
        let mut played = self.commit(turn, next);
        played.warnings = warnings;
        played
    }

    /// Record a checked turn and move to the position after it.
    fn commit(&mut self, turn: Turn, next: Position) -> Played {
        let color = self.position.to_move();
        let ply = self.position.ply();
        let notation = self.position.notate_turn(&turn, &next);
        self.turns.push(PlayedTurn {
            ply,
            color,
            turn,
            notation: notation.clone(),
            treasuries: [next.treasury(Color::White), next.treasury(Color::Black)],
        });
        self.position = next;
        self.remember();
        self.outcome = self.forced_outcome();
        Played {
            ply,
            color,
            notation,
            check: self.position.checks_shown(),
            outcome: self.outcome,
            warnings: Vec::new(),
        }
    }
}

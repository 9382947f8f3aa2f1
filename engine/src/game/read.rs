//! Reading a turn written in record notation: the written move matched against the legal
//! ones (with the reason when none or several match), then checked, with warnings for marks
//! that don't match what it does.

use super::error::TurnError;
use super::turns::Game;
use crate::action::{Action, Turn};
use crate::bitboard::Bitboard;
use crate::movetext::{read_turn, Warning, WrittenAction, WrittenMove};
use crate::position::Position;
use crate::square::Square;

/// A turn read and checked: the turn, the position after it and the record's warnings.
pub(crate) type CheckedTurn = (Turn, Position, Vec<Warning>);

impl Game {
    /// Read and check a turn in record notation without playing it.
    pub fn parse_turn(&self, text: &str) -> Result<(Turn, Vec<Warning>), TurnError> {
        let (turn, _, warnings) = self.read_turn(text)?;
        Ok((turn, warnings))
    }

    /// Read a turn, check it, and return the position after it with the record's warnings.
    /// In a fog game the moderator answers (see [`Game::moderate`]).
    pub(super) fn read_turn(&self, text: &str) -> Result<CheckedTurn, TurnError> {
        let truth = self.read_on_board(text);
        if self.rules().options.fog && !self.is_over() {
            return self.moderate(text, truth);
        }
        truth
    }

    /// A game going on from `position`, to read turns on: no history, no result worked out.
    pub(crate) fn reading(position: Position) -> Game {
        Game {
            start: position.clone(),
            position,
            turns: Vec::new(),
            outcome: None,
            remembered: [Bitboard::EMPTY; 2],
        }
    }

    /// Read a turn and check it on the true board.
    pub(crate) fn read_on_board(&self, text: &str) -> Result<CheckedTurn, TurnError> {
        self.ensure_running()?;
        let written = read_turn(text)?;
        let mut warnings = Vec::new();
        let action = match written.action {
            WrittenAction::Move(m) => self.resolve_move(&m, &mut warnings)?,
            WrittenAction::Transfer { design, to } => Action::Transfer { design, to },
            WrittenAction::Buy(designs) => Action::Buy(designs),
        };
        let turn = Turn {
            action,
            design: written.design,
        };
        let next = self.check_turn(&turn)?;
        check_mark_warning(&turn.action, written.check_mark, &next, &mut warnings);
        Ok((turn, next, warnings))
    }

    /// Match a written move against the legal moves, explaining any mismatch.
    fn resolve_move(
        &self,
        m: &WrittenMove,
        warnings: &mut Vec<Warning>,
    ) -> Result<Action, TurnError> {
        let pos = &self.position;
        let us = pos.to_move();
        let label = Position::piece_label(&m.piece);
        let candidates: Vec<Square> = pos
            .occupied(us)
            .filter(|&sq| pos.piece_at(sq).map(|p| p.1) == Some(&m.piece))
            .filter(|sq| m.from_file.is_none_or(|f| f == sq.file()))
            .filter(|sq| m.from_rank.is_none_or(|r| r == sq.rank()))
            .collect();
        if let (Some(f), Some(r)) = (m.from_file, m.from_rank) {
            let from = Square::new(f, r).expect("file and rank are in range");
            if *self.own_piece(from)? != m.piece {
                return Err(TurnError::NoSuchPiece(format!("{label} on {from}")));
            }
        }
        if candidates.is_empty() {
            return Err(TurnError::NoSuchPiece(label));
        }
        if let Some((then, then_mark)) = m.then {
            return self.resolve_double_move(m, &candidates, then, then_mark, warnings);
        }
        let legal = pos.legal_moves();
        let reaching: Vec<Square> = candidates
            .iter()
            .copied()
            .filter(|&from| legal.contains(&(from, m.to)))
            .collect();
        let from = match reaching[..] {
            [from] => from,
            [] => return Err(self.why_not(&candidates, m.to, &label)),
            _ => {
                return Err(TurnError::Ambiguous {
                    piece: label,
                    to: m.to,
                    examples: reaching
                        .iter()
                        .map(|&from| pos.notate(&Action::Move { from, to: m.to }))
                        .collect(),
                })
            }
        };
        let action = Action::Move { from, to: m.to };
        let captures = pos.piece_at(m.to).is_some();
        if m.capture_mark && !captures {
            warnings.push(Warning(format!(
                "'x' marks a capture, but {} is empty",
                m.to
            )));
        }
        Ok(action)
    }

    /// Match a written double move (`d4xe5-f6`) against the legal ones.
    fn resolve_double_move(
        &self,
        m: &WrittenMove,
        candidates: &[Square],
        then: Square,
        then_mark: bool,
        warnings: &mut Vec<Warning>,
    ) -> Result<Action, TurnError> {
        let pos = &self.position;
        let label = Position::piece_label(&m.piece);
        let legal = pos.legal_double_moves();
        let reaching: Vec<Action> = candidates
            .iter()
            .filter(|&&from| legal.contains(&(from, m.to, then)))
            .map(|&from| Action::DoubleMove {
                from,
                via: m.to,
                to: then,
            })
            .collect();
        let action = match &reaching[..] {
            [one] => one.clone(),
            [] => return Err(self.why_not_double(candidates, m.to, then, &label)),
            several => {
                return Err(TurnError::Ambiguous {
                    piece: label,
                    to: m.to,
                    examples: several.iter().map(|a| pos.notate(a)).collect(),
                })
            }
        };
        let Action::DoubleMove { from, .. } = action else {
            unreachable!("only double moves were collected")
        };
        let mut after = pos.clone();
        let first_captures = after.piece_at(m.to).is_some();
        after.shift(from, m.to);
        let second_captures = after
            .piece_at(then)
            .is_some_and(|(c, _)| c != pos.to_move());
        for (marked, captures, sq) in [
            (m.capture_mark, first_captures, m.to),
            (then_mark, second_captures, then),
        ] {
            if marked && !captures {
                warnings.push(Warning(format!("'x' marks a capture, but {sq} is empty")));
            }
        }
        Ok(action)
    }
}

/// A warning when a written `+` or `#` doesn't match what the turn does; `after` is the position
/// after it (a redesign after the action changes no piece, so the mark is the action's).
fn check_mark_warning(
    action: &Action,
    mark: Option<char>,
    after: &Position,
    warnings: &mut Vec<Warning>,
) {
    let Some(mark) = mark else {
        return;
    };
    let actual = after.check_mark();
    if !actual.ends_with(mark) {
        let what = match actual {
            "+" => "it gives check, not mate",
            "#" => "it mates",
            _ => "it gives no check",
        };
        let noun = match action {
            Action::Move { .. } | Action::DoubleMove { .. } => "move",
            Action::Transfer { .. } => "transfer",
            Action::Buy(_) => "buy",
        };
        warnings.push(Warning(format!("'{mark}' marks the {noun}, but {what}")));
    }
}

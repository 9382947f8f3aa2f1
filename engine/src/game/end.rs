//! How a game ends: by the position (no legal action, a royal captured), or from outside the
//! board (resignation, a flag, a draw agreed, a record's result), under the draw rule.

use super::error::TurnError;
use super::outcome::{EndReason, Outcome};
use super::turns::Game;
use crate::color::Color;
use crate::ruleset::Rules;

impl Game {
    /// The result the position itself forces: the side to move has no legal action.
    pub(super) fn forced_outcome(&self) -> Option<Outcome> {
        let pos = &self.position;
        let us = pos.to_move();
        if pos.royals(us).is_empty() {
            return Some(Outcome {
                winner: Some(!us),
                reason: EndReason::RoyalCaptured,
            });
        }
        if pos.count_legal_actions() > 0 {
            return None;
        }
        let mated = pos.royals(us).count() == 1 && !pos.checks_shown().is_empty();
        Some(Outcome {
            winner: Some(!us),
            reason: if mated {
                EndReason::Checkmate
            } else {
                EndReason::NoLegalAction
            },
        })
    }

    /// `color` resigns: the other side wins.
    pub fn resign(&mut self, color: Color) -> Result<Outcome, TurnError> {
        self.finish(Outcome {
            winner: Some(!color),
            reason: EndReason::Resignation,
        })
    }

    /// `color`'s clock ran out: the other side wins.
    pub fn lose_on_time(&mut self, color: Color) -> Result<Outcome, TurnError> {
        self.finish(Outcome {
            winner: Some(!color),
            reason: EndReason::Timeout,
        })
    }

    /// Both players agreed to a draw: only where the ruleset allows draws.
    pub fn agree_draw(&mut self) -> Result<Outcome, TurnError> {
        self.finish(Outcome {
            winner: None,
            reason: EndReason::DrawAgreed,
        })
    }

    /// End a running game with a result from outside the board: a resignation, a flag, an
    /// agreement, or a record's result tag.
    pub(crate) fn finish(&mut self, outcome: Outcome) -> Result<Outcome, TurnError> {
        self.ensure_running()?;
        check_outcome(self.rules(), &outcome)?;
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    pub(super) fn ensure_running(&self) -> Result<(), TurnError> {
        match self.outcome {
            Some(o) => Err(TurnError::GameOver(o)),
            None => Ok(()),
        }
    }
}

/// Whether a game under these rules may end this way. Every draw is by agreement (RULES.md
/// section 3), so this is where the draw rule is applied, for play, records and stored games.
pub(super) fn check_outcome(rules: &Rules, outcome: &Outcome) -> Result<(), TurnError> {
    if outcome.winner.is_none() && !rules.ruleset.allows_draws() {
        return Err(TurnError::DrawsIllegal);
    }
    Ok(())
}

//! Turns, resignation, draws and aborting.

use super::{Core, CoreError, Picture, Place, Reply, Who};
use crate::store::{GameRow, Status};
use engine::{Color, Outcome, Played};
use render::BoardView;

impl Core {
    pub(super) async fn take_turn(
        &self,
        who: &Who,
        place: Place,
        text: String,
    ) -> Result<Vec<Reply>, CoreError> {
        let mut row = self.active(place).await?;
        let color = Core::color(&row, who)?;
        let to_move = row.game.position().to_move();
        if color != to_move {
            return Err(CoreError::NotYourTurn {
                color: to_move,
                player: row.player(to_move).id,
            });
        }
        let played = row.game.play_text(&text)?;
        // Playing on declines a draw offer.
        row.draw_offer = None;
        if row.game.is_over() {
            row.status = Status::Finished;
        }
        self.save(&row, Some(who.id)).await?;
        Ok(vec![turn_reply(&row, &played)])
    }

    pub(super) async fn resign(&self, who: &Who, place: Place) -> Result<Vec<Reply>, CoreError> {
        let mut row = self.active(place).await?;
        let color = Core::color(&row, who)?;
        let outcome = row.game.resign(color)?;
        row.status = Status::Finished;
        self.save(&row, None).await?;
        let text = format!("<@{}> resigns. {}", who.id, game_over(&row, &outcome));
        Ok(vec![Reply::public(text).with_picture(board(&row, !color))])
    }

    /// Offer a draw, or accept the opponent's offer.
    pub(super) async fn draw(&self, who: &Who, place: Place) -> Result<Vec<Reply>, CoreError> {
        let mut row = self.active(place).await?;
        let color = Core::color(&row, who)?;
        if !row.game.rules().ruleset.allows_draws() {
            return Err(engine::TurnError::DrawsIllegal.into());
        }
        let opponent = row.player(!color).id;
        match row.draw_offer {
            Some(offerer) if offerer == color => Err(CoreError::DrawOffered(opponent)),
            Some(_) => {
                let outcome = row.game.agree_draw()?;
                row.status = Status::Finished;
                row.draw_offer = None;
                self.save(&row, None).await?;
                let text = format!(
                    "<@{}> accepts the draw. {}",
                    who.id,
                    game_over(&row, &outcome)
                );
                Ok(vec![Reply::public(text)])
            }
            None => {
                row.draw_offer = Some(color);
                self.save(&row, None).await?;
                let text = format!(
                    "<@{}> offers a draw. <@{opponent}>: accept with /draw, or play on (a turn declines it).",
                    who.id
                );
                Ok(vec![Reply::public(text).pinging(opponent)])
            }
        }
    }

    /// End the game without a result: the players before each has moved, or a moderator.
    pub(super) async fn abort(&self, who: &Who, place: Place) -> Result<Vec<Reply>, CoreError> {
        let mut row = self.active(place).await?;
        let player = row.color_of(who.id).is_some();
        let early = row.game.turns().len() < 2;
        if !who.moderator {
            match (player, early) {
                (false, _) => return Err(CoreError::AbortNotAllowed),
                (true, false) => return Err(CoreError::AbortTooLate),
                (true, true) => {}
            }
        }
        row.status = Status::Aborted;
        self.save(&row, None).await?;
        Ok(vec![Reply::public(format!(
            "<@{}> aborted the game between <@{}> and <@{}>; it has no result. The channel is free for a new /challenge.",
            who.id,
            row.player(Color::White).id,
            row.player(Color::Black).id
        ))])
    }
}

/// The board as the given side sees it, with the last action, any check and the result.
pub(super) fn board(row: &GameRow, side: Color) -> Picture {
    let names = [
        row.player(Color::White).name.as_str(),
        row.player(Color::Black).name.as_str(),
    ];
    Picture::Board(Box::new(
        BoardView::from_game(&row.game, names).seen_by(side),
    ))
}

/// The result line, with both players named.
pub(super) fn game_over(row: &GameRow, outcome: &Outcome) -> String {
    format!(
        "**Game over: {outcome}.** Good game, <@{}> and <@{}>!",
        row.player(Color::White).id,
        row.player(Color::Black).id
    )
}

/// Who did what, check, and whose turn it is (that player is pinged), with the board.
fn turn_reply(row: &GameRow, played: &Played) -> Reply {
    let mover = row.player(played.color);
    let mut text = format!(
        "<@{}> ({}) played **{}**.",
        mover.id, played.color, played.notation
    );
    for warning in &played.warnings {
        text.push_str(&format!(" (Note: {warning}.)"));
    }
    let next = !played.color;
    let reply = match &played.outcome {
        Some(outcome) => {
            text.push(' ');
            text.push_str(&game_over(row, outcome));
            Reply::public(text)
        }
        None => {
            if !played.check.is_empty() {
                text.push_str(" Check!");
            }
            let player = row.player(next).id;
            text.push_str(&format!(" {next} to move: <@{player}>."));
            Reply::public(text).pinging(player)
        }
    };
    reply.with_picture(board(row, next))
}

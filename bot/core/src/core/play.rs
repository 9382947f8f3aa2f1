//! Turns, resignation (confirmed by a button), draw offers (answered by buttons) and aborting.

use super::present::{board, game_over, hidden_refusal};
use super::{
    member, Button, ButtonStyle, Core, CoreError, Local, Place, Press, Reply, Span, Target, Who,
};
use crate::family::Refused;
use crate::store::{End, GameRow};
use crate::words;
use engine::{Color, TurnError};

impl Core {
    pub(super) async fn take_turn(
        &self,
        who: &Who,
        place: Place,
        text: String,
    ) -> Result<Vec<Reply>, CoreError> {
        let mut row = self.active(place).await?;
        let color = Core::color(&row, who)?;
        let to_move = row.game.to_move();
        if color != to_move {
            return Err(CoreError::NotYourTurn {
                color: to_move,
                player: row.player(to_move).id,
            });
        }
        let now = self.now();
        // A turn after the deadline is too late: the game is lost on time, now.
        let channel = Core::channel(place)?.channel;
        if let Some(flagged) = self.flag_if_overdue(&row, channel, now, false).await? {
            return Ok(vec![flagged]);
        }
        let played = match row.game.play_text(&text) {
            Err(Refused::Csipgs(TurnError::HiddenBoard)) => {
                return self.hidden_refusal(&row, color, place).await;
            }
            played => played?,
        };
        let mut replies = self.turn_played(&mut row, &played, place, now).await?;
        self.save(place, &row, Some(who.id), &mut replies).await?;
        Ok(replies)
    }

    /// A fog turn the hidden board refused: the mover keeps the turn and the game is not
    /// changed, but the attempt is news for the channel, owed like any other.
    async fn hidden_refusal(
        &self,
        row: &GameRow,
        color: Color,
        place: Place,
    ) -> Result<Vec<Reply>, CoreError> {
        let refusal = CoreError::from(TurnError::HiddenBoard).sentence();
        let mut replies = hidden_refusal(row, color, refusal);
        let here = Target::Channel {
            channel: Core::channel(place)?.channel,
        };
        let now = self.now();
        self.write_owed(row.guild, here, &mut replies, |owed| async move {
            self.store.owe_unchanged(row, &owed, now).await
        })
        .await?;
        Ok(replies)
    }

    /// /resign: ask first, with buttons only the asker sees.
    pub(super) async fn ask_resign(
        &self,
        who: &Who,
        place: Place,
    ) -> Result<Vec<Reply>, CoreError> {
        let row = self.active(place).await?;
        let color = Core::color(&row, who)?;
        let id = |confirm| {
            Press::Resign {
                game: row.id,
                confirm,
            }
            .id(Core::posted_in(place), &self.seal)
        };
        Ok(vec![Reply::private(words![
            "Resign your game against ",
            member(row.player(!color).id),
            "? It counts as a loss.",
        ])
        .with_buttons(vec![
            Button::new(id(true), "Resign", ButtonStyle::Decline),
            Button::new(id(false), "Keep playing", ButtonStyle::Neutral),
        ])])
    }

    /// The answer to /resign's question.
    pub(super) async fn resign(
        &self,
        who: &Who,
        place: Place,
        game: i64,
        confirm: bool,
    ) -> Result<Vec<Reply>, CoreError> {
        if !confirm {
            return Ok(vec![Reply::private("You play on.").replacing()]);
        }
        let mut row = self.active(place).await?;
        if row.id != game {
            return Err(CoreError::GameGone);
        }
        let color = Core::color(&row, who)?;
        let outcome = row.end(End::Resign(color), self.now())?;
        let text = words![member(who.id), " resigns. ", game_over(&row, &outcome)];
        let mut replies = vec![Reply::public(text).with_picture(board(&row, !color, self.now()))];
        self.save(place, &row, None, &mut replies).await?;
        Ok(replies)
    }

    /// Offer a draw (with buttons for the opponent), or accept the opponent's offer.
    pub(super) async fn draw(&self, who: &Who, place: Place) -> Result<Vec<Reply>, CoreError> {
        let mut row = self.active(place).await?;
        let color = Core::color(&row, who)?;
        if row.computer.is_some() {
            return Err(CoreError::ComputerDraw);
        }
        row.game.draws_allowed()?;
        let opponent = row.player(!color).id;
        match row.draw_offer {
            Some(offerer) if offerer == color => Err(CoreError::DrawOffered(opponent)),
            Some(_) => self.settle_draw(who, place, row, true, false).await,
            None => {
                row.draw_offer = Some(color);
                let id = |accept| {
                    Press::Draw {
                        game: row.id,
                        accept,
                    }
                    .id(Core::posted_in(place), &self.seal)
                };
                let text = words![
                    member(who.id),
                    " offers a draw. ",
                    member(opponent),
                    ": accept or decline with the buttons, or play on (a turn declines it).",
                ];
                let mut replies = vec![Reply::public(text).pinging(opponent).with_buttons(vec![
                    Button::new(id(true), "Accept draw", ButtonStyle::Accept),
                    Button::new(id(false), "Decline", ButtonStyle::Decline),
                ])];
                self.save(place, &row, None, &mut replies).await?;
                Ok(replies)
            }
        }
    }

    /// A press of a draw offer's Accept or Decline button.
    pub(super) async fn answer_draw(
        &self,
        who: &Who,
        place: Place,
        game: i64,
        accept: bool,
    ) -> Result<Vec<Reply>, CoreError> {
        let row = self.active(place).await?;
        if row.id != game {
            return Err(CoreError::GameGone);
        }
        let color = Core::color(&row, who)?;
        match row.draw_offer {
            None => Err(CoreError::NoDrawOffer),
            Some(offerer) if offerer == color => Err(CoreError::NotOffered(row.player(!color).id)),
            Some(_) => self.settle_draw(who, place, row, accept, true).await,
        }
    }

    /// Accept or decline the standing offer; by button, the answer replaces the offer.
    async fn settle_draw(
        &self,
        who: &Who,
        place: Place,
        mut row: GameRow,
        accept: bool,
        by_button: bool,
    ) -> Result<Vec<Reply>, CoreError> {
        let mut reply = if accept {
            let outcome = row.end(End::Draw, self.now())?;
            Reply::public(words![
                member(who.id),
                " accepts the draw. ",
                game_over(&row, &outcome)
            ])
        } else {
            row.draw_offer = None;
            Reply::public(words![member(who.id), " declines the draw: play on."])
        };
        reply.replaces = by_button;
        let mut replies = vec![reply];
        self.save(place, &row, None, &mut replies).await?;
        Ok(replies)
    }

    /// End the game without a result: the players before each has moved, or a moderator.
    pub(super) async fn abort(&self, who: &Who, place: Place) -> Result<Vec<Reply>, CoreError> {
        let mut row = self.active(place).await?;
        if self.store.board_of_game(row.id).await?.is_some() {
            return Err(CoreError::TournamentGame);
        }
        let player = row.color_of(who.id).is_some();
        let early = row.game.turns() < 2;
        if !who.moderator {
            match (player, early) {
                (false, _) => return Err(CoreError::AbortNotAllowed),
                (true, false) => return Err(CoreError::AbortTooLate),
                (true, true) => {}
            }
        }
        row.abort(self.now());
        let mut replies = vec![Reply::public(words![
            member(who.id),
            " aborted the game between ",
            member(row.player(Color::White).id),
            " and ",
            member(row.player(Color::Black).id),
            "; it has no result. ",
            Span::Local(Local::AfterAbort),
        ])];
        self.save(place, &row, None, &mut replies).await?;
        Ok(replies)
    }
}

//! /replay: a game as an animated picture, a frame per position with its last action.

use super::present::names;
use super::{Core, CoreError, Picture, Place, Reply};
use crate::family::GameState;
use engine::Color;
use render::{FideReplayView, ReplayView};

impl Core {
    /// The channel's game (running, or its last one) as an animated GIF.
    pub(super) async fn replay(&self, place: Place) -> Result<Vec<Reply>, CoreError> {
        let row = self
            .store
            .latest_game(Core::channel(place)?)
            .await?
            .ok_or(CoreError::NothingToReplay)?;
        if super::present::secret(&row).is_some() {
            return Err(CoreError::FogSecret("replay"));
        }
        let names = names(&row.players);
        let picture = match &row.game {
            GameState::Csipgs(game) => {
                Picture::Replay(Box::new(ReplayView::from_game(game, names)))
            }
            GameState::Fide(game) => {
                Picture::FideReplay(Box::new(FideReplayView::from_game(game, names)))
            }
        };
        let text = format!(
            "<@{}> (White) vs <@{}> (Black): {} turn(s){}.",
            row.player(Color::White).id,
            row.player(Color::Black).id,
            row.game.turns(),
            row.game
                .result()
                .map_or(String::from(", still being played"), |o| format!(", {o}"))
        );
        Ok(vec![Reply::public(text).with_picture(picture)])
    }
}

//! /replay: a game as an animated picture, a frame per position with its last action.

use super::{Core, CoreError, Picture, Place, Reply};
use engine::Color;
use render::ReplayView;

impl Core {
    /// The channel's game (running, or its last one) as an animated GIF.
    pub(super) async fn replay(&self, place: Place) -> Result<Vec<Reply>, CoreError> {
        let row = self
            .store
            .latest_game(Core::channel(place)?)
            .await?
            .ok_or(CoreError::NothingToReplay)?;
        if super::fog::secret(&row) {
            return Err(CoreError::FogSecret("replay"));
        }
        let names = [row.players[0].name.as_str(), row.players[1].name.as_str()];
        let view = ReplayView::from_game(&row.game, names);
        let text = format!(
            "<@{}> (White) vs <@{}> (Black): {} turn(s){}.",
            row.player(Color::White).id,
            row.player(Color::Black).id,
            row.game.turns().len(),
            row.game
                .result()
                .map_or(String::from(", still being played"), |o| format!(", {o}"))
        );
        Ok(vec![
            Reply::public(text).with_picture(Picture::Replay(Box::new(view)))
        ])
    }
}

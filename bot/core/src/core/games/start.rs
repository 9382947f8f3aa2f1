//! Starting a game: its first position and the thread it is played in.

use crate::core::{Core, CoreError};
use crate::family::{GameRules, GameState};
use crate::store::{Channel, Player};

impl Core {
    /// A thread for a new game, named after its players; None (play in the channel) if the
    /// platform has no threads or Discord refused one.
    pub(in crate::core) async fn open_thread(
        &self,
        parent: Channel,
        players: &[Player; 2],
    ) -> Option<u64> {
        let name = format!("{} vs {}", players[0].name, players[1].name);
        match self.platform.open_thread(parent, name).await {
            Ok(thread) => thread,
            Err(e) => {
                tracing::warn!(error = %e, "can't open a thread for a game; playing in the channel");
                None
            }
        }
    }

    /// A new game under `rules`; a fog game's start gets its impassable squares from a
    /// fresh random seed.
    pub(in crate::core) fn new_game(&self, rules: &GameRules) -> GameState {
        rules.new_game(|| self.roll())
    }

    /// The error for a new game's channel that the store found busy: the game that holds
    /// it, by its players, or `gone` if that game ended meanwhile.
    pub(in crate::core) async fn channel_busy(
        &self,
        channel: Channel,
        gone: CoreError,
    ) -> CoreError {
        match self.store.active_game(channel).await {
            Ok(Some(game)) => CoreError::busy(&game.players),
            Ok(None) => gone,
            Err(e) => e.into(),
        }
    }
}

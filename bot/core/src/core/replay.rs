//! /replay: a game as an animated picture, a frame per position with its last action.
//!
//! A replay is made on the replays' lane within `picture::REPLAY_BUDGET` (a long game shows
//! every n-th turn, and the reply says so), once per game at a time: a second request waits
//! for the first and gets the same GIF. The last few are kept, each until its game changes.

use super::present::{names, replay_caption};
use super::{Core, CoreError, Place, Reply};
use crate::picture::{Picture, REPLAY_BUDGET};
use crate::store::GameRow;
use render::Style;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

/// Replays kept for reuse: each is at most `REPLAY_BUDGET.bytes`, so this bounds the memory.
const KEPT: usize = 4;

/// A replay as made for one version of a game.
pub(super) struct Made {
    version: i64,
    pub gif: Arc<Vec<u8>>,
    /// What it shows, in words (its alt text).
    pub words: String,
    /// 1 when every position is shown, else the gap between those shown.
    every: usize,
    /// How many positions it shows, and how many the game has.
    shown: usize,
    positions: usize,
}

/// One game's replay: held while it is being made, so a second request waits for it.
type Slot = Arc<tokio::sync::Mutex<Option<Arc<Made>>>>;

/// The recent games' replays, most recently asked first.
#[derive(Default)]
pub(super) struct Replays {
    games: Mutex<VecDeque<(i64, Slot)>>,
}

impl Replays {
    /// The game's slot, made the most recent; the least recent beyond `KEPT` that nobody is
    /// making or waiting for are forgotten.
    fn slot(&self, game: i64) -> Slot {
        let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        let slot = match games.iter().position(|(id, _)| *id == game) {
            Some(at) => games.remove(at).map(|(_, slot)| slot).unwrap_or_default(),
            None => Slot::default(),
        };
        games.push_front((game, slot.clone()));
        while games.len() > KEPT {
            let Some(idle) = games.iter().rposition(|(_, s)| Arc::strong_count(s) == 1) else {
                break;
            };
            games.remove(idle);
        }
        slot
    }
}

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
        let made = self.made_replay(&row).await?;
        let caption = replay_caption(&row, made.every, made.shown, made.positions);
        Ok(vec![Reply::public(caption).with_picture(
            Picture::Animation {
                gif: made.gif.clone(),
                words: made.words.clone(),
            },
        )])
    }

    /// The replay of this version of the game: the one kept, or made now (waiting first for
    /// one being made).
    pub(super) async fn made_replay(&self, row: &GameRow) -> Result<Arc<Made>, CoreError> {
        let slot = self.replays.slot(row.id);
        let mut kept = slot.lock().await;
        if let Some(made) = kept.as_ref().filter(|m| m.version == row.version) {
            return Ok(made.clone());
        }
        let (game, players) = (row.game.clone(), row.players.clone());
        let version = row.version;
        let made = self
            .painters
            .run_replay(move || {
                let style = Style::default();
                let names = names(&players);
                let began = std::time::Instant::now();
                let view = game.replay_view(names);
                let replay = render::replay_within(&view, &style, REPLAY_BUDGET);
                let words = render::replay_words(&view, replay.shown);
                let positions = view.len();
                crate::measure::picture(game.family().replay_metric(), began.elapsed());
                Made {
                    version,
                    gif: Arc::new(replay.gif),
                    words,
                    every: replay.every,
                    shown: replay.shown,
                    positions,
                }
            })
            .await
            .map_err(CoreError::Picture)?;
        let made = Arc::new(made);
        *kept = Some(made.clone());
        Ok(made)
    }
}

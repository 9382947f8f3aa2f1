//! Board pictures kept per game, ply and side: a page's readers, and every watcher of a
//! live page after a turn, ask for the same picture, which is drawn once. A turn's board
//! never changes once played (the pages' board shows no clock and no name), so a picture
//! is kept until it is crowded out.

use crate::core::{Core, CoreError};
use crate::store::Link;
use engine::Color;
use lru::LruCache;
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex};
use tokio::sync::OnceCell;

/// Pictures kept: a board is about 30 KB, so this is a few MB at most.
const KEPT: usize = 256;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Key {
    game: i64,
    ply: u32,
    side: Color,
}

type Drawn = Arc<OnceCell<Arc<Vec<u8>>>>;

pub(super) struct Boards {
    // A std mutex: held only to find or insert an entry, never across an await.
    kept: Mutex<LruCache<Key, Drawn>>,
}

impl Default for Boards {
    fn default() -> Boards {
        Boards {
            kept: Mutex::new(LruCache::new(
                NonZeroUsize::new(KEPT).unwrap_or(NonZeroUsize::MIN),
            )),
        }
    }
}

impl Boards {
    /// The PNG of a game's board after turn `ply` from `side`, drawn once however many ask
    /// at once. A turn not played yet is refused and nothing is kept for it.
    pub(super) async fn board(
        &self,
        core: &Core,
        link: Link,
        ply: u32,
        side: Color,
    ) -> Result<Arc<Vec<u8>>, CoreError> {
        let key = Key {
            game: link.object,
            ply,
            side,
        };
        let cell = {
            let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
            kept.get_or_insert(key, Drawn::default).clone()
        };
        let drawn = cell
            .get_or_try_init(|| async {
                Ok::<_, CoreError>(Arc::new(core.game_board(link, ply, side).await?))
            })
            .await;
        if drawn.is_err() {
            let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
            if kept.peek(&key).is_some_and(|c| c.get().is_none()) {
                kept.pop(&key);
            }
        }
        Ok(drawn?.clone())
    }
}

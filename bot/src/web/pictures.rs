//! Board pictures kept per game and ply: a page's readers, and every watcher of a live page
//! after a turn, ask for the same picture, which is drawn once.

use crate::core::{Core, CoreError};
use crate::store::Link;
use lru::LruCache;
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex};
use tokio::sync::OnceCell;

/// Pictures kept: a board is about 30 KB, so this is a few MB at most.
const KEPT: usize = 256;

/// A picture of one game at one ply; the last ply's also at one version of the game (its
/// clocks and result change without a turn). A forget changes the names on every ply's
/// picture, so pictures are kept under the count of members forgotten (`Link::forgotten`)
/// too: those drawn before a forget are never served after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Key {
    game: i64,
    ply: u32,
    version: i64,
    forgotten: i64,
}

/// A picture and the version of the game it shows (see `Core::game_board`).
type Drawn = Arc<OnceCell<(Arc<Vec<u8>>, i64)>>;

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
    /// The PNG of a game's board after turn `ply`, drawn once however many ask at once.
    /// `version` is the one the asker expects (the game's when the ply is its last, else
    /// 0); a picture kept under any other is dropped once drawn and kept under its own, so
    /// made-up versions cost their asker a draw each but never crowd out the pictures kept.
    pub(super) async fn board(
        &self,
        core: &Core,
        link: Link,
        ply: u32,
        version: i64,
    ) -> Result<Arc<Vec<u8>>, CoreError> {
        let key = Key {
            game: link.object,
            ply,
            version,
            forgotten: link.forgotten,
        };
        let cell = {
            let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
            kept.get_or_insert(key, Drawn::default).clone()
        };
        let (png, shown) = cell
            .get_or_try_init(|| async {
                let (png, version) = core.game_board(link, ply).await?;
                Ok::<_, CoreError>((Arc::new(png), version))
            })
            .await?
            .clone();
        if shown != version {
            let own = Key {
                version: shown,
                ..key
            };
            let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
            kept.pop(&key);
            if !kept.contains(&own) {
                kept.put(
                    own,
                    Arc::new(OnceCell::new_with(Some((png.clone(), shown)))),
                );
            }
        }
        Ok(png)
    }
}

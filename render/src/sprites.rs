//! Piece pictures prepared once per design, side, orientation and size, and reused by every
//! picture after.

use crate::{artwork, token};
use engine::{Color, Design};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use tiny_skia::Pixmap;

#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    design: Design,
    color: Color,
    flip: bool,
    size: u32,
}

/// Far more than one game's designs at a few sizes; cleared when full so a long-running bot
/// can't grow without bound.
const SPRITE_CACHE_LIMIT: usize = 4096;

/// The picture of a piece, `size` pixels square. FIDE designs stand upright whatever the
/// orientation; a token's move diagram turns round with the board (`flip`).
pub(crate) fn sprite(design: &Design, color: Color, flip: bool, size: u32) -> Arc<Pixmap> {
    static CACHE: OnceLock<Mutex<HashMap<Key, Arc<Pixmap>>>> = OnceLock::new();
    let fide = design.fide();
    let key = Key {
        design: design.clone(),
        color,
        flip: flip && fide.is_none(),
        size,
    };
    let cache = CACHE.get_or_init(Default::default);
    if let Some(s) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Arc::clone(s);
    }
    let mut pix = Pixmap::new(size.max(1), size.max(1)).expect("sprite sizes are positive");
    let s = size as f32;
    match fide {
        Some(f) => artwork::draw(&mut pix, f, color, 0.0, 0.0, s),
        None => token::draw(&mut pix, design, color, key.flip, 0.0, 0.0, s),
    }
    let pix = Arc::new(pix);
    let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
    if cache.len() >= SPRITE_CACHE_LIMIT {
        cache.clear();
    }
    cache.insert(key, Arc::clone(&pix));
    pix
}

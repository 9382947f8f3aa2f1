//! Piece pictures prepared once per design, side, orientation and size, and reused by every
//! picture after.

use crate::style::Rgb;
use crate::{artwork, emblems, token};
use engine::{Color, Design, Prefix};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use tiny_skia::{Pixmap, PixmapPaint, Transform};

#[derive(Clone, PartialEq, Eq, Hash)]
enum Key {
    Piece {
        design: Design,
        color: Color,
        flip: bool,
        size: u32,
    },
    Emblem(Emblem, u32),
}

/// Small pictures the panels and highlights use, besides pieces.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Emblem {
    /// The red glow under a royal piece in check, a square's size.
    Check,
    /// A disc in a side's colour, naming the side.
    Side(Color),
    /// A zorkmid coin.
    Coin,
    /// A clock face drawn in one colour.
    Clock(Rgb),
    /// A prefix's badge (the crown for `royal-`).
    Badge(Prefix),
    /// An impassable square, a square's size; `fogged` when the viewer can't see it now.
    Rock { fogged: bool },
}

fn cache() -> &'static Mutex<HashMap<Key, Arc<Pixmap>>> {
    static CACHE: OnceLock<Mutex<HashMap<Key, Arc<Pixmap>>>> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

fn cached(key: Key, draw: impl FnOnce(&mut Pixmap)) -> Arc<Pixmap> {
    if let Some(s) = cache().lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Arc::clone(s);
    }
    let size = match key {
        Key::Piece { size, .. } | Key::Emblem(_, size) => size.max(1),
    };
    let mut pix = Pixmap::new(size, size).expect("sprite sizes are positive");
    draw(&mut pix);
    let pix = Arc::new(pix);
    let mut cache = cache().lock().unwrap_or_else(|e| e.into_inner());
    if cache.len() >= SPRITE_CACHE_LIMIT {
        cache.clear();
    }
    cache.insert(key, Arc::clone(&pix));
    pix
}

/// An emblem `size` pixels square.
pub(crate) fn emblem(emblem: Emblem, size: u32) -> Arc<Pixmap> {
    cached(Key::Emblem(emblem, size), |pix| {
        let s = size as f32;
        match emblem {
            Emblem::Check => emblems::check_glow(pix, s),
            Emblem::Side(color) => emblems::side_disc(pix, color, s),
            Emblem::Coin => emblems::coin(pix, s),
            Emblem::Clock(ink) => emblems::clock(pix, s, ink),
            Emblem::Badge(prefix) => emblems::badge(pix, prefix, s),
            Emblem::Rock { fogged } => emblems::rock(pix, s, fogged),
        }
    })
}

/// Far more than one game's designs at a few sizes; cleared when full so a long-running bot
/// can't grow without bound.
const SPRITE_CACHE_LIMIT: usize = 4096;

/// The picture of a piece, `size` pixels square. FIDE designs stand upright whatever the
/// orientation; a token's move diagram turns round with the board (`flip`), its prefix
/// badges stay put.
pub(crate) fn sprite(design: &Design, color: Color, flip: bool, size: u32) -> Arc<Pixmap> {
    let fide = design.fide();
    let flip = flip && fide.is_none();
    let key = Key::Piece {
        design: design.clone(),
        color,
        flip,
        size,
    };
    cached(key, |pix| {
        let s = size as f32;
        match fide {
            Some(f) => artwork::draw(pix, f, color, 0.0, 0.0, s),
            None => {
                token::draw(pix, design, color, flip, 0.0, 0.0, s);
                for &prefix in design.prefixes() {
                    let (x, y, side) = token::badge_place(prefix, size);
                    let badge = emblem(Emblem::Badge(prefix), side);
                    let paint = PixmapPaint::default();
                    pix.draw_pixmap(
                        x,
                        y,
                        badge.as_ref().as_ref(),
                        &paint,
                        Transform::identity(),
                        None,
                    );
                }
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn differing_pixels(a: &Pixmap, b: &Pixmap) -> usize {
        a.pixels()
            .iter()
            .zip(b.pixels())
            .filter(|(x, y)| x != y)
            .count()
    }

    #[test]
    fn different_fairy_designs_look_different() {
        let designs = [
            "WD", "FA", "WbRbmHfB", "fbDbcA", "NN", "nN", "mRcB", "sWbmD",
        ];
        let sprites: Vec<_> = designs
            .iter()
            .map(|d| sprite(&Design::parse(d).unwrap(), Color::White, false, 90))
            .collect();
        for i in 0..sprites.len() {
            for j in i + 1..sprites.len() {
                let n = differing_pixels(&sprites[i], &sprites[j]);
                assert!(
                    n > 60,
                    "{} and {} differ in only {n} pixels",
                    designs[i],
                    designs[j]
                );
            }
        }
    }

    #[test]
    fn a_token_turns_round_with_the_board_but_a_fide_piece_does_not() {
        let d = Design::parse("fmWbcF").unwrap();
        assert!(
            differing_pixels(
                &sprite(&d, Color::White, false, 60),
                &sprite(&d, Color::White, true, 60)
            ) > 20
        );
        let k = Design::parse_piece("K").unwrap();
        assert!(Arc::ptr_eq(
            &sprite(&k, Color::White, false, 60),
            &sprite(&k, Color::White, true, 60)
        ));
    }
}

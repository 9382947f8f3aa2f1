//! The replay's one fixed palette, chosen once for our style: every colour the board picture
//! paints, and the shades antialiasing makes between the colours that meet (an outline on a
//! square, text on a card). A 32x32x32 table maps any RGB pixel to its nearest entry, so a
//! frame is indexed by one lookup a pixel, as lila-gif's sprites are drawn straight from its
//! theme's colour table.

use crate::style::{mix, palette as p, Rgb};
use std::sync::LazyLock;

/// The index that leaves the pixel of the frame before: unchanged pixels of a frame's
/// rectangle. No colour maps to it.
pub(crate) const TRANSPARENT: u8 = 255;

/// Bits kept of each channel to look a colour up.
const BITS: u32 = 5;
const LEVELS: usize = 1 << BITS;

pub(crate) struct Palette {
    colours: Vec<Rgb>,
    /// Index of the nearest colour for each cell of the RGB cube, red major.
    table: Vec<u8>,
}

/// The palette, built on first use (a few milliseconds) and kept for the process.
pub(crate) fn palette() -> &'static Palette {
    static PALETTE: LazyLock<Palette> = LazyLock::new(Palette::new);
    &PALETTE
}

/// Colours that appear as themselves over large areas: they map exactly.
fn key_colours() -> Vec<Rgb> {
    let on_light = mix(p::LIGHT, p::LAST_MOVE, p::LAST_MOVE_ALPHA);
    let on_dark = mix(p::DARK, p::LAST_MOVE, p::LAST_MOVE_ALPHA);
    vec![
        p::LIGHT,
        p::DARK,
        on_light,
        on_dark,
        p::FRAME,
        p::LABEL,
        p::CHECK,
        p::PANEL,
        p::CARD,
        p::CARD_ACTIVE,
        p::CELL,
        p::ACTIVE,
        p::TEXT,
        p::MUTED,
        p::GOLD,
        p::PRICE,
        p::NEGATIVE,
        p::RESULT,
        p::CLOCK_RUNNING,
        p::WHITE_BODY,
        p::WHITE_LINE,
        p::BLACK_BODY,
        p::BLACK_LINE,
        p::BLACK_DETAIL,
        p::MARK_BOTH,
        p::MARK_MOVE,
        p::MARK_CAPTURE,
        p::MARK_BOTH_ON_BLACK,
        p::MARK_MOVE_ON_BLACK,
        p::MARK_CAPTURE_ON_BLACK,
        p::COIN_RIM,
        p::COIN_MARK,
        p::CROWN_LINE,
        p::TOKEN_RING,
        // A token's centre dot: its ink at 55 % over the face.
        mix(p::WHITE_BODY, p::WHITE_LINE, 0.55),
        mix(p::BLACK_BODY, p::BLACK_DETAIL, 0.55),
        p::SHOOTING,
        p::RELAY,
        p::DOUBLEMOVE,
        p::ROCK,
        p::ROCK_LINE,
        p::FOG,
        p::FOG_ROCK_LINE,
        p::fogged(p::LIGHT),
        p::fogged(p::DARK),
    ]
}

/// Colours that meet at edges, and how many shades between them.
fn ramps() -> Vec<(Rgb, Rgb, u32)> {
    let squares = [
        p::LIGHT,
        p::DARK,
        mix(p::LIGHT, p::LAST_MOVE, p::LAST_MOVE_ALPHA),
        mix(p::DARK, p::LAST_MOVE, p::LAST_MOVE_ALPHA),
    ];
    let cards = [p::CARD, p::CARD_ACTIVE, p::CELL];
    let mut ramps = Vec::new();
    for sq in squares {
        // Piece outlines, crowns and coins on every square.
        ramps.push((p::WHITE_LINE, sq, 4));
        ramps.push((p::CROWN_LINE, sq, 1));
    }
    // The check glow fades from red to the square.
    ramps.push((p::CHECK, p::LIGHT, 8));
    ramps.push((p::CHECK, p::DARK, 8));
    ramps.push((p::LABEL, p::FRAME, 4));
    // Inside pieces and tokens.
    ramps.push((p::WHITE_LINE, p::WHITE_BODY, 6));
    ramps.push((p::BLACK_LINE, p::BLACK_BODY, 2));
    ramps.push((p::BLACK_DETAIL, p::BLACK_BODY, 4));
    ramps.push((p::TOKEN_RING, p::BLACK_BODY, 1));
    ramps.push((p::TOKEN_RING, p::BLACK_LINE, 1));
    ramps.push((p::GOLD, p::WHITE_BODY, 2));
    ramps.push((p::GOLD, p::BLACK_BODY, 2));
    ramps.push((p::GOLD, p::CROWN_LINE, 2));
    // Prefix badges: the sign and the rim on each chip; rock's hatching.
    for chip in [p::SHOOTING, p::RELAY, p::DOUBLEMOVE] {
        ramps.push((chip, p::BADGE_SIGN, 3));
        ramps.push((chip, p::BADGE_RIM, 1));
    }
    ramps.push((p::ROCK, p::ROCK_LINE, 2));
    ramps.push((p::FOG, p::FOG_ROCK_LINE, 2));
    for mark in [p::MARK_BOTH, p::MARK_MOVE, p::MARK_CAPTURE] {
        ramps.push((mark, p::WHITE_BODY, 3));
    }
    for mark in [
        p::MARK_BOTH_ON_BLACK,
        p::MARK_MOVE_ON_BLACK,
        p::MARK_CAPTURE_ON_BLACK,
    ] {
        ramps.push((mark, p::BLACK_BODY, 3));
    }
    // The panels: text, pieces, coins and clocks on cards and cells.
    for card in cards {
        ramps.push((p::TEXT, card, 6));
        ramps.push((p::MUTED, card, 3));
        ramps.push((p::NEGATIVE, card, 3));
        ramps.push((p::WHITE_LINE, card, 3));
        ramps.push((p::COIN_RIM, card, 2));
    }
    ramps.push((p::TEXT, p::RESULT, 6));
    ramps.push((p::MUTED, p::PANEL, 3));
    ramps.push((p::PRICE, p::CELL, 4));
    ramps.push((p::COIN_RIM, p::GOLD, 1));
    ramps.push((p::COIN_MARK, p::GOLD, 2));
    ramps.push((p::CARD, p::CLOCK_RUNNING, 5));
    ramps.push((p::CARD, p::NEGATIVE, 4));
    ramps
}

impl Palette {
    fn new() -> Palette {
        let keys = key_colours();
        let mut colours: Vec<Rgb> = Vec::with_capacity(TRANSPARENT as usize);
        let mut add = |c: Rgb| {
            if !colours.iter().any(|&o| distance(o, c) < 12) {
                colours.push(c);
            }
        };
        for &c in &keys {
            add(c);
        }
        for (a, b, steps) in ramps() {
            for k in 1..=steps {
                add(mix(a, b, k as f32 / (steps + 1) as f32));
            }
        }
        // Whatever is left: a coarse grey ramp, for anything the lists above missed.
        for k in 0..16u32 {
            add([(k * 17) as u8; 3]);
        }
        assert!(
            colours.len() <= TRANSPARENT as usize,
            "{} colours leave no transparent index",
            colours.len()
        );
        let step = 256 / LEVELS;
        let mut table = vec![0u8; LEVELS * LEVELS * LEVELS];
        for (cell, entry) in table.iter_mut().enumerate() {
            let centre = [cell >> (2 * BITS), cell >> BITS, cell]
                .map(|v| ((v % LEVELS) * step + step / 2) as u8);
            *entry = nearest(&colours, centre);
        }
        // Flat areas come out exactly: a key colour's own cell is its own.
        for &c in &keys {
            let i = colours
                .iter()
                .position(|&o| o == c)
                .expect("keys added first");
            table[cell(c)] = i as u8;
        }
        Palette { colours, table }
    }

    /// The palette index of a pixel.
    #[inline]
    pub(crate) fn index(&self, rgb: &[u8]) -> u8 {
        let i =
            ((rgb[0] as usize >> 3) << 10) | ((rgb[1] as usize >> 3) << 5) | (rgb[2] as usize >> 3);
        self.table[i]
    }

    /// The GIF colour table: 256 RGB triples, the transparent index last.
    pub(crate) fn table_bytes(&self) -> Vec<u8> {
        let mut bytes: Vec<u8> = self.colours.iter().flatten().copied().collect();
        bytes.resize(256 * 3, 0);
        bytes
    }

    #[cfg(test)]
    pub(crate) fn colour(&self, index: u8) -> Rgb {
        self.colours[index as usize]
    }

    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.colours.len()
    }
}

fn cell(c: Rgb) -> usize {
    ((c[0] as usize >> 3) << 10) | ((c[1] as usize >> 3) << 5) | (c[2] as usize >> 3)
}

/// Squared distance, weighted as the eye weighs the channels.
fn distance(a: Rgb, b: Rgb) -> u32 {
    let d = |c: usize| (a[c] as i32 - b[c] as i32).unsigned_abs();
    3 * d(0) * d(0) + 4 * d(1) * d(1) + 2 * d(2) * d(2)
}

fn nearest(colours: &[Rgb], c: Rgb) -> u8 {
    colours
        .iter()
        .enumerate()
        .min_by_key(|(_, &o)| distance(o, c))
        .map(|(i, _)| i as u8)
        .expect("a palette has colours")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_palette_fits_a_gif_with_a_transparent_index_to_spare() {
        let pal = palette();
        assert!(pal.len() < 256, "{} colours", pal.len());
        assert!(pal.len() > 150, "only {} colours", pal.len());
        assert_eq!(pal.table_bytes().len(), 768);
        assert!(pal.table.iter().all(|&i| i != TRANSPARENT));
    }

    #[test]
    fn key_colours_map_to_themselves() {
        let pal = palette();
        for c in key_colours() {
            assert_eq!(pal.colour(pal.index(&c)), c);
        }
    }

    #[test]
    fn any_colour_maps_near() {
        let pal = palette();
        // Shades between the style's colours come out close; the worst of all colours still
        // lands on some entry.
        let (text, card) = (p::TEXT, p::CARD);
        for t in 0..=20 {
            let c = mix(text, card, t as f32 / 20.0);
            let got = pal.colour(pal.index(&c));
            let err = (0..3).map(|i| got[i].abs_diff(c[i])).max().unwrap();
            assert!(err <= 20, "{c:?} became {got:?}");
        }
    }
}

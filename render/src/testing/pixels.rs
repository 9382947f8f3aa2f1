//! Reading a picture back: its pixels, and the colours the style paints.

use crate::engine::{Color, Square};
use crate::Rect;

/// A decoded PNG: the pictures are always 8-bit RGB.
pub struct Picture {
    /// Its width in pixels.
    pub width: u32,
    /// Its height in pixels.
    pub height: u32,
    /// Its pixels, row by row, three bytes each.
    pub rgb: Vec<u8>,
}

impl Picture {
    /// Decode a PNG the renderer wrote.
    pub fn decode(png_bytes: &[u8]) -> Picture {
        let image =
            image::load_from_memory_with_format(png_bytes, image::ImageFormat::Png).expect("a PNG");
        assert_eq!(image.color(), image::ColorType::Rgb8);
        let rgb = image.into_rgb8();
        Picture {
            width: rgb.width(),
            height: rgb.height(),
            rgb: rgb.into_raw(),
        }
    }

    /// The colour at a pixel.
    pub fn at(&self, x: u32, y: u32) -> [u8; 3] {
        let i = ((y * self.width + x) * 3) as usize;
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }

    /// How many pixels of a rectangle are within `tol` of a colour.
    pub fn count(&self, x: u32, y: u32, w: u32, h: u32, rgb: [u8; 3], tol: u8) -> usize {
        (y..y + h)
            .flat_map(|yy| (x..x + w).map(move |xx| (xx, yy)))
            .filter(|&(xx, yy)| close(self.at(xx, yy), rgb, tol))
            .count()
    }
}

/// A white piece's body, as the style paints it.
pub const WHITE_BODY: [u8; 3] = [250, 250, 247];
/// A black piece's body.
pub const BLACK_BODY: [u8; 3] = [42, 42, 42];
/// A light square.
pub const LIGHT: [u8; 3] = [240, 217, 181];
/// A dark square.
pub const DARK: [u8; 3] = [181, 136, 99];
/// The side to move's stripe.
pub const ACTIVE: [u8; 3] = [98, 153, 36];
/// The result's band.
pub const RESULT: [u8; 3] = [250, 214, 90];
/// A running clock.
pub const CLOCK_RUNNING: [u8; 3] = [49, 46, 43];

/// A colour laid over another at `alpha`.
pub fn blend(base: [u8; 3], over: [u8; 3], alpha: f32) -> [u8; 3] {
    [0, 1, 2].map(|c| (over[c] as f32 * alpha + base[c] as f32 * (1.0 - alpha)).round() as u8)
}

/// A square's colour.
pub fn square_colour(sq: Square) -> [u8; 3] {
    if sq.is_light() {
        LIGHT
    } else {
        DARK
    }
}

/// A colour under the tint of the last move or action.
pub fn tinted(base: [u8; 3]) -> [u8; 3] {
    blend(base, [155, 199, 0], 0.41)
}

/// Check one square of a board picture: its colour `base` (the square's, or tinted) shows
/// round any piece unless it glows for check (a token with all its badges covers under four
/// fifths of its square), and the piece on it shows its body in its side's colour, or an
/// empty square its colour at the centre.
pub fn check_square(
    pic: &Picture,
    r: Rect,
    sq: Square,
    base: [u8; 3],
    glows: bool,
    piece: Option<Color>,
) {
    if !glows {
        let n = pic.count(r.x, r.y, r.w, r.h, base, 3);
        assert!(
            n * 5 > (r.w * r.h) as usize,
            "{sq}: only {n} px of {base:?}"
        );
    }
    let (cx, cy) = r.centre();
    match piece {
        None => assert!(close(pic.at(cx, cy), base, 3), "{sq} should be empty"),
        Some(color) => {
            let body = if color == Color::White {
                WHITE_BODY
            } else {
                BLACK_BODY
            };
            let n = pic.count(r.x, r.y, r.w, r.h, body, 6);
            assert!(
                n * 16 > (r.w * r.h) as usize,
                "{sq}: too little {color} piece drawn ({n} px)"
            );
        }
    }
}

/// Whether two colours differ by at most `tol` in each channel.
pub fn close(a: [u8; 3], b: [u8; 3], tol: u8) -> bool {
    a.iter().zip(b.iter()).all(|(x, y)| x.abs_diff(*y) <= tol)
}

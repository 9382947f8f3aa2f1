//! An opaque RGB canvas (an `image` buffer) for composing pictures from prepared sprites and
//! text, with fast PNG encoding; and the tiny-skia helpers that draw those sprites.

use crate::style::Rgb;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder, RgbImage};
use tiny_skia::{LineCap, LineJoin, Paint, Pixmap, Stroke, StrokeDash};

pub(crate) fn paint(rgb: Rgb, alpha: f32) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color_rgba8(
        rgb[0],
        rgb[1],
        rgb[2],
        (alpha.clamp(0.0, 1.0) * 255.0).round() as u8,
    );
    p.anti_alias = true;
    p
}

pub(crate) fn stroke(width: f32) -> Stroke {
    Stroke {
        width,
        line_cap: LineCap::Round,
        line_join: LineJoin::Round,
        ..Stroke::default()
    }
}

pub(crate) fn dashed(width: f32, dash: f32, gap: f32) -> Stroke {
    Stroke {
        width,
        line_cap: LineCap::Butt,
        line_join: LineJoin::Round,
        dash: StrokeDash::new(vec![dash, gap], 0.0),
        ..Stroke::default()
    }
}

/// RGB, three bytes a pixel, in an `image` buffer: what the PNG holds, so encoding needs no
/// conversion, and what the replay maps to its palette.
#[derive(Clone)]
pub(crate) struct Canvas {
    image: RgbImage,
}

impl Canvas {
    pub(crate) fn new(width: u32, height: u32, background: Rgb) -> Canvas {
        Canvas {
            image: RgbImage::from_pixel(width.max(1), height.max(1), image::Rgb(background)),
        }
    }

    /// An opaque pixmap as a canvas.
    pub(crate) fn from_pixmap(pix: &Pixmap) -> Canvas {
        let mut data = Vec::with_capacity((pix.width() * pix.height() * 3) as usize);
        for p in pix.data().chunks_exact(4) {
            data.extend_from_slice(&p[..3]);
        }
        Canvas {
            image: RgbImage::from_raw(pix.width(), pix.height(), data).expect("3 bytes a pixel"),
        }
    }

    pub(crate) fn width(&self) -> u32 {
        self.image.width()
    }

    pub(crate) fn height(&self) -> u32 {
        self.image.height()
    }

    /// The pixels, row by row, three bytes each.
    pub(crate) fn rgb(&self) -> &[u8] {
        self.image.as_raw()
    }

    /// Blend a colour over a rectangle (clipped to the canvas).
    pub(crate) fn fill_rect(&mut self, x: i32, y: i32, w: u32, h: u32, rgb: Rgb, alpha: f32) {
        let (cw, ch) = (self.width() as i32, self.height() as i32);
        let (x0, y0) = (x.max(0), y.max(0));
        let (x1, y1) = (
            (x as i64 + w as i64).min(cw as i64) as i32,
            (y as i64 + h as i64).min(ch as i64) as i32,
        );
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        let a = (alpha.clamp(0.0, 1.0) * 256.0) as u32;
        let data: &mut [u8] = &mut self.image;
        for row in y0..y1 {
            let start = ((row * cw + x0) * 3) as usize;
            let end = ((row * cw + x1) * 3) as usize;
            let line = &mut data[start..end];
            if a >= 256 {
                for px in line.chunks_exact_mut(3) {
                    px.copy_from_slice(&rgb);
                }
                continue;
            }
            for px in line.chunks_exact_mut(3) {
                for c in 0..3 {
                    px[c] = ((rgb[c] as u32 * a + px[c] as u32 * (256 - a)) >> 8) as u8;
                }
            }
        }
    }

    /// Blend one pixel with a coverage from 0 to 255.
    #[inline]
    pub(crate) fn blend_pixel(&mut self, x: i32, y: i32, rgb: Rgb, coverage: u32) {
        let (w, h) = (self.width(), self.height());
        if x < 0 || y < 0 || x >= w as i32 || y >= h as i32 {
            return;
        }
        let i = ((y as u32 * w + x as u32) * 3) as usize;
        let px = &mut (*self.image)[i..i + 3];
        let a = coverage + (coverage >> 7);
        for c in 0..3 {
            px[c] = ((rgb[c] as u32 * a + px[c] as u32 * (256 - a)) >> 8) as u8;
        }
    }

    /// Draw a prepared sprite (premultiplied RGBA) with its top left corner at (x, y).
    pub(crate) fn blit(&mut self, sprite: &Pixmap, x: i32, y: i32) {
        let (cw, ch) = (self.width() as i32, self.height() as i32);
        let (sw, sh) = (sprite.width() as i32, sprite.height() as i32);
        let (sx0, sy0) = ((-x).max(0), (-y).max(0));
        let (sx1, sy1) = (sw.min(cw - x), sh.min(ch - y));
        if sx0 >= sx1 || sy0 >= sy1 {
            return;
        }
        let src = sprite.data();
        let data: &mut [u8] = &mut self.image;
        for sy in sy0..sy1 {
            let s_row = &src[((sy * sw + sx0) * 4) as usize..((sy * sw + sx1) * 4) as usize];
            let d_start = (((y + sy) * cw + x + sx0) * 3) as usize;
            let d_row = &mut data[d_start..d_start + s_row.len() / 4 * 3];
            for (d, s) in d_row.chunks_exact_mut(3).zip(s_row.chunks_exact(4)) {
                match s[3] {
                    0 => {}
                    255 => d.copy_from_slice(&s[..3]),
                    a => {
                        let inv = 255 - a as u32;
                        for c in 0..3 {
                            d[c] = (s[c] as u32 + (d[c] as u32 * inv + 127) / 255) as u8;
                        }
                    }
                }
            }
        }
    }

    /// The canvas's left part, `width` wide (the board without its panels).
    pub(crate) fn left(&self, width: u32) -> Canvas {
        let width = width.clamp(1, self.width());
        Canvas {
            image: image::imageops::crop_imm(&self.image, 0, 0, width, self.height()).to_image(),
        }
    }

    /// The picture as PNG through image's encoder, with fast compression and one cheap
    /// filter for every row.
    pub(crate) fn png(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.image.len() / 12);
        PngEncoder::new_with_quality(&mut out, CompressionType::Fast, FilterType::Up)
            .write_image(
                self.image.as_raw(),
                self.width(),
                self.height(),
                ExtendedColorType::Rgb8,
            )
            .expect("PNG into memory");
        out
    }
}

//! An opaque RGBA canvas with the few drawing operations the pictures need, and fast PNG
//! encoding.

use crate::style::Rgb;
use tiny_skia::{
    FillRule, LineCap, LineJoin, Paint, Path, Pixmap, Stroke, StrokeDash, Transform,
};

pub(crate) struct Canvas {
    pub(crate) pix: Pixmap,
}

pub(crate) fn paint(rgb: Rgb, alpha: f32) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color_rgba8(rgb[0], rgb[1], rgb[2], (alpha.clamp(0.0, 1.0) * 255.0).round() as u8);
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

impl Canvas {
    pub(crate) fn new(width: u32, height: u32, background: Rgb) -> Canvas {
        let mut pix = Pixmap::new(width.max(1), height.max(1)).expect("picture sizes are clamped");
        pix.fill(tiny_skia::Color::from_rgba8(background[0], background[1], background[2], 255));
        Canvas { pix }
    }

    pub(crate) fn from_pixmap(pix: Pixmap) -> Canvas {
        Canvas { pix }
    }

    pub(crate) fn width(&self) -> u32 {
        self.pix.width()
    }

    pub(crate) fn height(&self) -> u32 {
        self.pix.height()
    }

    /// Blend a colour over a rectangle (clipped to the canvas).
    pub(crate) fn fill_rect(&mut self, x: i32, y: i32, w: u32, h: u32, rgb: Rgb, alpha: f32) {
        let (cw, ch) = (self.width() as i32, self.height() as i32);
        let (x0, y0) = (x.max(0), y.max(0));
        let (x1, y1) = ((x + w as i32).min(cw), (y + h as i32).min(ch));
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        let a = (alpha.clamp(0.0, 1.0) * 256.0) as u32;
        let data = self.pix.data_mut();
        for row in y0..y1 {
            let start = ((row * cw + x0) * 4) as usize;
            let end = ((row * cw + x1) * 4) as usize;
            for px in data[start..end].chunks_exact_mut(4) {
                for c in 0..3 {
                    px[c] = ((rgb[c] as u32 * a + px[c] as u32 * (256 - a)) >> 8) as u8;
                }
            }
        }
    }

    /// Blend one pixel with a coverage from 0 to 255.
    #[inline]
    pub(crate) fn blend_pixel(&mut self, x: i32, y: i32, rgb: Rgb, coverage: u32) {
        if x < 0 || y < 0 || x >= self.width() as i32 || y >= self.height() as i32 {
            return;
        }
        let i = ((y as u32 * self.width() + x as u32) * 4) as usize;
        let px = &mut self.pix.data_mut()[i..i + 3];
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
        let dst = self.pix.data_mut();
        for sy in sy0..sy1 {
            let s_row = &src[((sy * sw + sx0) * 4) as usize..((sy * sw + sx1) * 4) as usize];
            let d_start = (((y + sy) * cw + x + sx0) * 4) as usize;
            let d_row = &mut dst[d_start..d_start + s_row.len()];
            for (d, s) in d_row.chunks_exact_mut(4).zip(s_row.chunks_exact(4)) {
                let a = s[3] as u32;
                if a == 0 {
                    continue;
                }
                if a == 255 {
                    d[..3].copy_from_slice(&s[..3]);
                    continue;
                }
                let inv = 255 - a;
                for c in 0..3 {
                    d[c] = (s[c] as u32 + (d[c] as u32 * inv + 127) / 255) as u8;
                }
            }
        }
    }

    pub(crate) fn fill_path(&mut self, path: &Path, rgb: Rgb, alpha: f32, t: Transform) {
        self.pix
            .fill_path(path, &paint(rgb, alpha), FillRule::Winding, t, None);
    }

    pub(crate) fn stroke_path(&mut self, path: &Path, rgb: Rgb, stroke: &Stroke, t: Transform) {
        self.pix.stroke_path(path, &paint(rgb, 1.0), stroke, t, None);
    }

    /// The picture as PNG: RGB, fast compression, one cheap filter for every row.
    pub(crate) fn png(&self) -> Vec<u8> {
        let (w, h) = (self.width(), self.height());
        let rgb: Vec<u8> = self
            .pix
            .data()
            .chunks_exact(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect();
        let mut out = Vec::with_capacity(rgb.len() / 8);
        let mut encoder = png::Encoder::new(&mut out, w, h);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_compression(png::Compression::Fast);
        encoder.set_filter(png::Filter::Sub);
        let mut writer = encoder.write_header().expect("PNG header into memory");
        writer
            .write_image_data(&rgb)
            .expect("PNG data into memory");
        writer.finish().expect("PNG end into memory");
        out
    }
}

//! Text in the DejaVu fonts that ship inside the `dejavu` crate (nothing needs installing),
//! with glyph coverage cached per face, size and quarter-pixel offset.

use crate::canvas::Canvas;
use crate::style::Rgb;
use ab_glyph::{point, Font, FontRef, GlyphId, PxScale, ScaleFont};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Face {
    Regular,
    Bold,
    /// Notation: a monospaced bold face keeps every letter of a design distinct.
    Mono,
}

fn font(face: Face) -> &'static FontRef<'static> {
    static FONTS: OnceLock<[FontRef<'static>; 3]> = OnceLock::new();
    let fonts = FONTS.get_or_init(|| {
        let load = |bytes: &'static [u8]| FontRef::try_from_slice(bytes).expect("DejaVu loads");
        [
            load(dejavu::sans::regular()),
            load(dejavu::sans::bold()),
            load(dejavu::sans_mono::bold()),
        ]
    });
    &fonts[face as usize]
}

/// One rasterised glyph: coverage bytes and where they sit relative to the pen on the
/// baseline.
struct Glyph {
    left: i32,
    top: i32,
    width: usize,
    coverage: Vec<u8>,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct GlyphKey {
    face: Face,
    id: u16,
    quarter_px: u32,
    quarter_offset: u8,
}

/// Enough for every glyph of every size the pictures use; cleared when full so a long-running
/// bot can't grow without bound.
const GLYPH_CACHE_LIMIT: usize = 20_000;

fn glyph_cache() -> &'static Mutex<HashMap<GlyphKey, Arc<Glyph>>> {
    static CACHE: OnceLock<Mutex<HashMap<GlyphKey, Arc<Glyph>>>> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

fn rasterise(key: GlyphKey) -> Glyph {
    let px = key.quarter_px as f32 / 4.0;
    let glyph = GlyphId(key.id).with_scale_and_position(
        PxScale::from(px),
        point(key.quarter_offset as f32 / 4.0, 0.0),
    );
    let Some(outline) = font(key.face).outline_glyph(glyph) else {
        return Glyph {
            left: 0,
            top: 0,
            width: 0,
            coverage: Vec::new(),
        };
    };
    let b = outline.px_bounds();
    let (w, h) = (b.width() as usize, b.height() as usize);
    let mut coverage = vec![0u8; w * h];
    outline.draw(|x, y, c| {
        if let Some(v) = coverage.get_mut(y as usize * w + x as usize) {
            *v = (c.clamp(0.0, 1.0) * 255.0).round() as u8;
        }
    });
    Glyph {
        left: b.min.x as i32,
        top: b.min.y as i32,
        width: w,
        coverage,
    }
}

fn quarter(px: f32) -> u32 {
    (px * 4.0).round().max(4.0) as u32
}

/// Advance width of a text.
pub(crate) fn width(face: Face, px: f32, text: &str) -> f32 {
    let scaled = font(face).as_scaled(PxScale::from(quarter(px) as f32 / 4.0));
    let mut w = 0.0;
    let mut prev = None;
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        if let Some(p) = prev {
            w += scaled.kern(p, id);
        }
        w += scaled.h_advance(id);
        prev = Some(id);
    }
    w
}

/// Height above the baseline of capital letters, for centring text vertically.
pub(crate) fn cap_height(px: f32) -> f32 {
    // DejaVu's capitals are 0.729 em tall.
    px * 0.729
}

/// Draw a text with its pen starting at (x, baseline); returns the advance.
pub(crate) fn draw(
    canvas: &mut Canvas,
    face: Face,
    px: f32,
    x: f32,
    baseline: f32,
    rgb: Rgb,
    text: &str,
) -> f32 {
    let qpx = quarter(px);
    let scaled = font(face).as_scaled(PxScale::from(qpx as f32 / 4.0));
    let baseline = baseline.round() as i32;
    let mut pen = x;
    let mut prev = None;
    let mut glyphs = Vec::with_capacity(text.len());
    {
        let mut cache = glyph_cache().lock().unwrap_or_else(|e| e.into_inner());
        if cache.len() > GLYPH_CACHE_LIMIT {
            cache.clear();
        }
        for c in text.chars() {
            let id = scaled.glyph_id(c);
            if let Some(p) = prev {
                pen += scaled.kern(p, id);
            }
            let whole = pen.floor();
            let key = GlyphKey {
                face,
                id: id.0,
                quarter_px: qpx,
                quarter_offset: ((pen - whole) * 4.0) as u8,
            };
            let glyph = cache
                .entry(key)
                .or_insert_with(|| Arc::new(rasterise(key)))
                .clone();
            glyphs.push((whole as i32, glyph));
            pen += scaled.h_advance(id);
            prev = Some(id);
        }
    }
    for (gx, g) in glyphs {
        if g.width == 0 {
            continue;
        }
        for (row, line) in g.coverage.chunks_exact(g.width).enumerate() {
            let y = baseline + g.top + row as i32;
            for (col, &c) in line.iter().enumerate() {
                if c != 0 {
                    canvas.blend_pixel(gx + g.left + col as i32, y, rgb, c as u32);
                }
            }
        }
    }
    pen - x
}

/// Draw a text centred on x.
pub(crate) fn draw_centred(
    canvas: &mut Canvas,
    face: Face,
    px: f32,
    cx: f32,
    baseline: f32,
    rgb: Rgb,
    text: &str,
) {
    let w = width(face, px, text);
    draw(canvas, face, px, cx - w / 2.0, baseline, rgb, text);
}

/// Draw a text ending at x.
pub(crate) fn draw_right(
    canvas: &mut Canvas,
    face: Face,
    px: f32,
    right: f32,
    baseline: f32,
    rgb: Rgb,
    text: &str,
) {
    let w = width(face, px, text);
    draw(canvas, face, px, right - w, baseline, rgb, text);
}

/// A text cut short with an ellipsis so it fits `max_width` at `px` (unchanged if it fits).
pub(crate) fn ellipsize(face: Face, px: f32, text: &str, max_width: f32) -> String {
    if width(face, px, text) <= max_width {
        return text.to_string();
    }
    // No letter is narrower than a fifth of the size: cut what can't fit before measuring.
    let most = (max_width / (px * 0.2)).max(0.0) as usize + 1;
    let mut short: String = text.chars().take(most).collect();
    while !short.is_empty() && width(face, px, &format!("{short}…")) > max_width {
        short.pop();
    }
    format!("{short}…")
}

/// Wrap prose at spaces into lines no wider than `max_width` (a word wider than a line gets
/// a line of its own).
pub(crate) fn wrap_words(face: Face, px: f32, text: &str, max_width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let joined = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if line.is_empty() || width(face, px, &joined) <= max_width {
            line = joined;
        } else {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        }
    }
    lines.push(line);
    lines
}

/// Pieces of a design's notation that read well on their own line: a break may come before
/// a run of modifiers or a group, after a prefix's hyphen, or between two different atoms
/// (never inside a doubled rider such as `NN`).
fn notation_tokens(text: &str) -> Vec<&str> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut tokens = Vec::new();
    let mut start = 0;
    let mut depth = 0i32;
    for w in chars.windows(2) {
        let ((_, a), (i, b)) = (w[0], w[1]);
        depth += (a == '(') as i32 - (a == ')') as i32;
        let atom_end = a.is_ascii_uppercase() || a == ')';
        let breaks = depth <= 0
            && (a == '-'
                || (atom_end && (b.is_ascii_lowercase() || b == '('))
                || (a.is_ascii_uppercase() && b.is_ascii_uppercase() && a != b));
        if breaks {
            tokens.push(&text[start..i]);
            start = i;
        }
    }
    tokens.push(&text[start..]);
    tokens
}

/// Wrap a design's notation into lines no wider than `max_width` at `px`.
pub(crate) fn wrap_notation(face: Face, px: f32, text: &str, max_width: f32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for token in notation_tokens(text) {
        let joined = format!("{line}{token}");
        if line.is_empty() || width(face, px, &joined) <= max_width {
            line = joined;
        } else {
            lines.push(std::mem::take(&mut line));
            line = token.to_string();
        }
        // A single token wider than the line is split between letters.
        while width(face, px, &line) > max_width && line.chars().count() > 1 {
            let mut cut = line.len();
            while cut > 0 && width(face, px, &line[..cut]) > max_width {
                cut = line[..cut].char_indices().last().map_or(0, |(i, _)| i);
            }
            let cut = cut.max(line.chars().next().map_or(1, char::len_utf8));
            let rest = line.split_off(cut);
            lines.push(std::mem::replace(&mut line, rest));
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The largest size from `max_px` down at which a notation wraps into a box, with its lines.
/// Text never gets cut off: past the smallest comfortable size it keeps shrinking until it fits.
pub(crate) fn fit_notation(text: &str, max_px: f32, box_w: f32, box_h: f32) -> (f32, Vec<String>) {
    let mut px = max_px;
    loop {
        let lines = wrap_notation(Face::Mono, px, text, box_w);
        if lines.len() as f32 * line_height(px) <= box_h + 0.5 || px <= 4.0 {
            return (px, lines);
        }
        px -= 0.5;
    }
}

pub(crate) fn line_height(px: f32) -> f32 {
    (px * 1.18).ceil()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_breaks_between_parts_only() {
        assert_eq!(
            notation_tokens("Wfc(DNFA)scDsHbmH"),
            ["W", "fc(DNFA)", "scD", "sH", "bmH"]
        );
        assert_eq!(notation_tokens("royal-WF"), ["royal-", "W", "F"]);
        assert_eq!(notation_tokens("NNbR"), ["NN", "bR"]);
    }

    #[test]
    fn long_notation_wraps_and_keeps_every_letter() {
        let text = "Wfc(DNFA)scDsHbmH";
        let lines = wrap_notation(Face::Mono, 16.0, text, 90.0);
        assert!(lines.len() > 1);
        assert_eq!(lines.concat(), text);
        for l in &lines {
            assert!(width(Face::Mono, 16.0, l) <= 90.0, "{l} too wide");
        }
    }

    #[test]
    fn long_text_ends_in_an_ellipsis_within_the_width() {
        assert_eq!(ellipsize(Face::Regular, 15.0, "Bob", 100.0), "Bob");
        let long = "Hieronymus Bartholomew Featherstonehaugh".repeat(500);
        let short = ellipsize(Face::Regular, 15.0, &long, 120.0);
        assert!(short.ends_with('…') && short.len() > 5, "{short}");
        assert!(width(Face::Regular, 15.0, &short) <= 120.0);
        assert_eq!(ellipsize(Face::Bold, 15.0, "Bob", 1.0), "…");
    }

    #[test]
    fn fitting_shrinks_until_the_box_holds_it() {
        let (px, lines) = fit_notation("WfcDNFAscDsHbmHWfcDNFAscDsHbmH", 16.0, 100.0, 30.0);
        assert!(px < 16.0);
        assert!(lines.len() as f32 * line_height(px) <= 30.5);
    }
}

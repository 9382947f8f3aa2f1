//! The token of a design that is not one of the six FIDE designs: a disc in its side's
//! colour whose face is a small diagram of its moves, leaps as dots and rides as lines, and
//! where its prefixes' badges go (a crown for royal pieces).

use crate::canvas::{dashed, paint, stroke};
use crate::marks::{draw_mark, motions, Reach};
use crate::style::{palette, Rgb};
use engine::{Color, Design, Leap, Prefix};
use tiny_skia::{FillRule, PathBuilder, Pixmap, Transform};

/// Draw a token filling a `size` box at (x, y).
pub(crate) fn draw(
    pix: &mut Pixmap,
    design: &Design,
    color: Color,
    flip: bool,
    x: f32,
    y: f32,
    size: f32,
) {
    let (cx, cy) = (x + size / 2.0, y + size / 2.0);
    let r = size * 0.43;
    let on_dark = color == Color::Black;
    let (face, rim): (Rgb, Rgb) = match color {
        Color::White => (palette::WHITE_BODY, palette::WHITE_LINE),
        Color::Black => (palette::BLACK_BODY, palette::BLACK_LINE),
    };
    let t = Transform::identity();
    let disc = PathBuilder::from_circle(cx, cy, r).expect("positive radius");
    pix.fill_path(&disc, &paint(face, 1.0), FillRule::Winding, t, None);
    let rim_w = (size * 0.035).max(1.0);
    pix.stroke_path(&disc, &paint(rim, 1.0), &stroke(rim_w), t, None);
    if on_dark {
        // A light inner ring keeps the black disc's edge visible on dark squares.
        let inner = PathBuilder::from_circle(cx, cy, r - rim_w * 1.3).expect("positive radius");
        pix.stroke_path(
            &inner,
            &paint(palette::TOKEN_RING, 1.0),
            &stroke((rim_w * 0.5).max(0.8)),
            t,
            None,
        );
    }
    if design.is_royal() {
        let ring = PathBuilder::from_circle(cx, cy, r - rim_w * 1.6).expect("positive radius");
        pix.stroke_path(
            &ring,
            &paint(palette::GOLD, 1.0),
            &stroke(rim_w * 1.1),
            t,
            None,
        );
    }

    // Leaps of up to 3 squares fit inside the face at one scale for every token, so a D dot
    // always sits twice as far out as a W dot.
    let unit = r * 0.84 / 3.0;
    let dot = (unit * 0.38).max(1.3);
    let line_w = (unit * 0.26).max(1.0);
    let centre = PathBuilder::from_circle(cx, cy, dot * 0.7).expect("positive radius");
    let ink: Rgb = if on_dark {
        palette::BLACK_DETAIL
    } else {
        palette::WHITE_LINE
    };
    pix.fill_path(&centre, &paint(ink, 0.55), FillRule::Winding, t, None);

    let moves = motions(design, color, flip);
    // Rides first, so leap dots sit on top of lines.
    for m in moves.iter().filter(|m| m.rider) {
        let (dx, dy) = (m.dx as f32, m.dy as f32);
        let len = (dx * dx + dy * dy).sqrt();
        let reach = r * 0.86;
        let (ex, ey) = (cx + dx / len * reach, cy + dy / len * reach);
        let mut pb = PathBuilder::new();
        pb.move_to(cx + dx / len * dot, cy + dy / len * dot);
        pb.line_to(ex, ey);
        let p = pb.finish().expect("a line");
        let rgb = m.reach.rgb(on_dark);
        let s = match m.reach {
            Reach::MoveOnly => dashed(line_w, line_w * 1.6, line_w * 1.2),
            _ => stroke(line_w),
        };
        pix.stroke_path(&p, &paint(rgb, 1.0), &s, t, None);
        // A rider of a longer leap (NN, DD) shows where its steps land along the line.
        if (m.dx.abs().max(m.dy.abs())) > 1 {
            let mut k = 1.0;
            while (k * len * unit) < reach - dot {
                let p =
                    PathBuilder::from_circle(cx + dx * k * unit, cy + dy * k * unit, dot * 0.75)
                        .expect("positive radius");
                pix.fill_path(&p, &paint(rgb, 1.0), FillRule::Winding, t, None);
                k += 1.0;
            }
        }
        if m.reach == Reach::CaptureOnly {
            draw_mark(pix, Reach::CaptureOnly, ex, ey, dot * 1.1, rgb, None);
        }
    }
    for m in moves.iter().filter(|m| !m.rider) {
        let rgb = m.reach.rgb(on_dark);
        if m.lame {
            // The squares a lame leap passes, as a thin dotted path: it can be blocked.
            let (bx, by) = (m.dx, m.dy);
            let mut pb = PathBuilder::new();
            pb.move_to(cx, cy);
            for (px, py) in Leap::lame_path(bx, by) {
                pb.line_to(cx + px as f32 * unit, cy + py as f32 * unit);
            }
            pb.line_to(cx + bx as f32 * unit, cy + by as f32 * unit);
            let p = pb.finish().expect("a path");
            pix.stroke_path(
                &p,
                &paint(rgb, 0.8),
                &dashed(line_w * 0.7, line_w, line_w),
                t,
                None,
            );
        }
        let (mx, my) = (cx + m.dx as f32 * unit, cy + m.dy as f32 * unit);
        draw_mark(pix, m.reach, mx, my, dot, rgb, None);
    }
}

/// A badge's side, as a share of the token's.
const BADGE: f32 = 0.28;

/// Where a prefix's badge goes on a `size` token: its top left corner and side, in whole
/// pixels so the badge drawn once can be copied. Each prefix has a corner of its own (the
/// crown top right, as it always was), so stacked prefixes never cover each other.
pub(crate) fn badge_place(prefix: Prefix, size: u32) -> (i32, i32, u32) {
    let (fx, fy) = match prefix {
        Prefix::Royal => (0.70, 0.02),
        Prefix::Shooting => (0.02, 0.02),
        Prefix::Relay => (0.02, 0.70),
        Prefix::DoubleMove => (0.70, 0.70),
    };
    let s = size as f32;
    (
        (s * fx).round() as i32,
        (s * fy).round() as i32,
        ((s * BADGE).round() as u32).max(1),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn badges_never_overlap_and_stay_on_the_token() {
        for size in [24, 40, 52, 60, 90, 256] {
            let boxes: Vec<_> = Prefix::ALL.map(|p| badge_place(p, size)).into();
            for (i, &(x, y, w)) in boxes.iter().enumerate() {
                assert!(
                    x >= 0 && y >= 0 && x + w as i32 <= size as i32,
                    "{size}: {i}"
                );
                assert!(y + w as i32 <= size as i32, "{size}: {i}");
                for &(x2, y2, w2) in &boxes[i + 1..] {
                    let apart = x + w as i32 <= x2
                        || x2 + w2 as i32 <= x
                        || y + w as i32 <= y2
                        || y2 + w2 as i32 <= y;
                    assert!(apart, "{size}: badges overlap");
                }
            }
        }
    }
}

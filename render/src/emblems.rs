//! The small pictures besides pieces: the check glow, the side discs, the zorkmid coin, the
//! clock face, the prefix badges, and the impassable squares of a fog game.

use crate::canvas::{paint, stroke};
use crate::path::parse;
use crate::style::{palette, Rgb};
use engine::{Color, Prefix};
use tiny_skia::{
    Color as SkColor, FillRule, GradientStop, Paint, PathBuilder, Pixmap, Point, RadialGradient,
    Rect, SpreadMode, Transform,
};

/// A red glow, strongest in the middle, as lichess shows a king in check.
pub(crate) fn check_glow(pix: &mut Pixmap, s: f32) {
    let c = s / 2.0;
    let red = |a: f32| {
        let [r, g, b] = palette::CHECK;
        SkColor::from_rgba8(r, g, b, (a * 255.0) as u8)
    };
    let shader = RadialGradient::new(
        Point::from_xy(c, c),
        0.0,
        Point::from_xy(c, c),
        s * 0.72,
        vec![
            GradientStop::new(0.0, red(1.0)),
            GradientStop::new(0.3, red(0.9)),
            GradientStop::new(1.0, red(0.0)),
        ],
        SpreadMode::Pad,
        Transform::identity(),
    )
    .expect("a valid gradient");
    let paint = Paint {
        shader,
        anti_alias: true,
        ..Paint::default()
    };
    let rect = Rect::from_xywh(0.0, 0.0, s, s).expect("a square");
    pix.fill_rect(rect, &paint, Transform::identity(), None);
}

/// A disc in a side's colour with a dark rim.
pub(crate) fn side_disc(pix: &mut Pixmap, color: Color, s: f32) {
    let fill = match color {
        Color::White => palette::WHITE_BODY,
        Color::Black => palette::BLACK_BODY,
    };
    let w = (s * 0.09).max(1.0);
    let p = PathBuilder::from_circle(s / 2.0, s / 2.0, s / 2.0 - w).expect("positive radius");
    pix.fill_path(
        &p,
        &paint(fill, 1.0),
        FillRule::Winding,
        Transform::identity(),
        None,
    );
    pix.stroke_path(
        &p,
        &paint(palette::WHITE_LINE, 1.0),
        &stroke(w),
        Transform::identity(),
        None,
    );
}

/// A gold coin stamped with a z.
pub(crate) fn coin(pix: &mut Pixmap, s: f32) {
    let w = (s * 0.08).max(1.0);
    let p = PathBuilder::from_circle(s / 2.0, s / 2.0, s / 2.0 - w).expect("positive radius");
    let t = Transform::identity();
    pix.fill_path(&p, &paint(palette::GOLD, 1.0), FillRule::Winding, t, None);
    pix.stroke_path(&p, &paint(palette::COIN_RIM, 1.0), &stroke(w), t, None);
    let z = parse("M34 34 L66 34 L34 66 L66 66");
    let t = Transform::from_scale(s / 100.0, s / 100.0);
    pix.stroke_path(
        &z,
        &paint(palette::COIN_MARK, 1.0),
        &stroke((11.0f32).max(100.0 / s)),
        t,
        None,
    );
}

/// A clock face: a ring and two hands.
pub(crate) fn clock(pix: &mut Pixmap, s: f32, ink: Rgb) {
    let w = (s * 0.11).max(1.0);
    let c = s / 2.0;
    let t = Transform::identity();
    let ring = PathBuilder::from_circle(c, c, c - w / 2.0 - 0.5).expect("positive radius");
    pix.stroke_path(&ring, &paint(ink, 1.0), &stroke(w), t, None);
    let mut hands = PathBuilder::new();
    hands.move_to(c, c - s * 0.28);
    hands.line_to(c, c);
    hands.line_to(c + s * 0.2, c + s * 0.08);
    let hands = hands.finish().expect("two lines");
    pix.stroke_path(&hands, &paint(ink, 1.0), &stroke(w), t, None);
}

/// A prefix's badge: the crown for `royal-`, else a chip in the prefix's colour with its sign:
/// a target reticle (`shooting-`), a chain link (`relay-`), a double chevron (`doublemove-`).
pub(crate) fn badge(pix: &mut Pixmap, prefix: Prefix, s: f32) {
    let (chip, sign) = match prefix {
        Prefix::Royal => return crown(pix, s),
        Prefix::Shooting => {
            let mut pb = PathBuilder::new();
            pb.push_circle(50.0, 50.0, 21.0);
            let cross = parse("M50 12 L50 36 M50 64 L50 88 M12 50 L36 50 M64 50 L88 50");
            pb.push_path(&cross);
            (palette::SHOOTING, pb.finish().expect("a reticle"))
        }
        Prefix::Relay => {
            // Two links on a slant, threaded through each other.
            let link =
                parse("M-12 -10 L12 -10 C25 -10 25 10 12 10 L-12 10 C-25 10 -25 -10 -12 -10 Z");
            let mut pb = PathBuilder::new();
            for (x, y) in [(38.0, 62.0), (62.0, 38.0)] {
                let placed = link
                    .clone()
                    .transform(Transform::from_rotate(-45.0).post_translate(x, y))
                    .expect("a finite transform");
                pb.push_path(&placed);
            }
            (palette::RELAY, pb.finish().expect("two links"))
        }
        Prefix::DoubleMove => (
            palette::DOUBLEMOVE,
            parse("M24 28 L46 50 L24 72 M50 28 L72 50 L50 72"),
        ),
    };
    let t = Transform::from_scale(s / 100.0, s / 100.0);
    let disc = PathBuilder::from_circle(50.0, 50.0, 44.0).expect("positive radius");
    pix.fill_path(&disc, &paint(chip, 1.0), FillRule::Winding, t, None);
    // Lines at least a pixel wide, however small the badge.
    let min = 100.0 / s;
    pix.stroke_path(
        &disc,
        &paint(palette::BADGE_RIM, 1.0),
        &stroke((6.0f32).max(min)),
        t,
        None,
    );
    pix.stroke_path(
        &sign,
        &paint(palette::BADGE_SIGN, 1.0),
        &stroke((9.0f32).max(min)),
        t,
        None,
    );
}

/// A small gold crown.
fn crown(pix: &mut Pixmap, s: f32) {
    let p = parse("M10 80 L4 25 L28 50 L50 12 L72 50 L96 25 L90 80 Z");
    let t = Transform::from_scale(s / 100.0, s / 100.0);
    pix.fill_path(&p, &paint(palette::GOLD, 1.0), FillRule::Winding, t, None);
    pix.stroke_path(
        &p,
        &paint(palette::CROWN_LINE, 1.0),
        &stroke((7.0f32).max(100.0 / s)),
        t,
        None,
    );
}

/// An impassable square: dark rock, hatched; under fog (`fogged`) the fog's grey with the same
/// hatching, so a remembered rock reads both as unseen and as rock.
pub(crate) fn rock(pix: &mut Pixmap, s: f32, fogged: bool) {
    let (ground, line) = if fogged {
        (palette::FOG, palette::FOG_ROCK_LINE)
    } else {
        (palette::ROCK, palette::ROCK_LINE)
    };
    let [r, g, b] = ground;
    pix.fill(SkColor::from_rgba8(r, g, b, 255));
    let mut hatch = PathBuilder::new();
    for k in (-80..=180).step_by(20) {
        hatch.move_to(k as f32, 100.0);
        hatch.line_to(k as f32 + 100.0, 0.0);
    }
    let hatch = hatch.finish().expect("lines");
    pix.stroke_path(
        &hatch,
        &paint(line, 1.0),
        &stroke((7.0f32).max(100.0 / s)),
        Transform::from_scale(s / 100.0, s / 100.0),
        None,
    );
}

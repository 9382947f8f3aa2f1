//! The small pictures besides pieces: the check glow, the side discs, the zorkmid coin and
//! the clock face.

use crate::canvas::{paint, stroke};
use crate::path::parse;
use crate::style::{palette, Rgb};
use engine::Color;
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

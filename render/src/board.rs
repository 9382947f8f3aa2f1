//! The board picture: frame and labels, squares, highlights and pieces; the panels beside it.

use crate::canvas::Canvas;
use crate::panel;
use crate::sprites::sprite;
use crate::style::{palette, Style};
use crate::text::{self, Face};
use crate::view::BoardView;
use engine::{Color, Square};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use tiny_skia::{Color as SkColor, GradientStop, Paint, Point, RadialGradient, Rect, SpreadMode, Transform};

pub(crate) fn draw(view: &BoardView, style: &Style) -> Canvas {
    let mut canvas = Canvas::from_pixmap(background(style, view.orientation));
    let s = style.s();
    for &sq in &view.last_action {
        let r = style.square_rect(sq, view.orientation);
        canvas.fill_rect(r.x as i32, r.y as i32, r.w, r.h, palette::LAST_MOVE, palette::LAST_MOVE_ALPHA);
    }
    for &sq in &view.check {
        check_glow(&mut canvas, style, sq, view.orientation);
    }
    let flip = view.orientation == Color::Black;
    for (sq, color, design) in &view.pieces {
        let r = style.square_rect(*sq, view.orientation);
        canvas.blit(&sprite(design, *color, flip, s), r.x as i32, r.y as i32);
    }
    panel::draw(&mut canvas, view, style);
    canvas
}

/// A red glow under a royal piece in check, as lichess shows it.
fn check_glow(canvas: &mut Canvas, style: &Style, sq: Square, orientation: Color) {
    let r = style.square_rect(sq, orientation);
    let (cx, cy) = (r.x as f32 + r.w as f32 / 2.0, r.y as f32 + r.h as f32 / 2.0);
    let red = |a: f32| SkColor::from_rgba8(palette::CHECK[0], palette::CHECK[1], palette::CHECK[2], (a * 255.0) as u8);
    let shader = RadialGradient::new(
        Point::from_xy(cx, cy),
        0.0,
        Point::from_xy(cx, cy),
        r.w as f32 * 0.72,
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
    let rect = Rect::from_xywh(r.x as f32, r.y as f32, r.w as f32, r.h as f32).expect("a square");
    canvas.pix.fill_rect(rect, &paint, Transform::identity(), None);
}

/// The frame, squares and labels, prepared once per size and orientation.
fn background(style: &Style, orientation: Color) -> tiny_skia::Pixmap {
    static CACHE: OnceLock<Mutex<HashMap<(Style, Color), tiny_skia::Pixmap>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
    if cache.len() > 64 {
        cache.clear();
    }
    cache
        .entry((*style, orientation))
        .or_insert_with(|| paint_background(style, orientation).pix)
        .clone()
}

fn paint_background(style: &Style, orientation: Color) -> Canvas {
    let (w, h) = style.board_image_size();
    let mut canvas = Canvas::new(w, h, palette::FRAME);
    for sq in Square::all() {
        let r = style.square_rect(sq, orientation);
        let rgb = if sq.is_light() { palette::LIGHT } else { palette::DARK };
        canvas.fill_rect(r.x as i32, r.y as i32, r.w, r.h, rgb, 1.0);
    }
    let m = style.margin() as f32;
    let px = 15.0 * style.u();
    for i in 0..8u8 {
        let file = Square::new(i, 0).expect("on the board");
        let fr = style.square_rect(file, orientation);
        let name = ((b'a' + i) as char).to_string();
        let baseline = (8 * style.s()) as f32 + m + (m + text::cap_height(px)) / 2.0;
        text::draw_centred(&mut canvas, Face::Bold, px, fr.x as f32 + fr.w as f32 / 2.0, baseline, palette::LABEL, &name);
        let rank = Square::new(0, i).expect("on the board");
        let rr = style.square_rect(rank, orientation);
        let baseline = rr.y as f32 + (rr.h as f32 + text::cap_height(px)) / 2.0;
        text::draw_centred(&mut canvas, Face::Bold, px, m / 2.0, baseline, palette::LABEL, &(i + 1).to_string());
    }
    panel::paint_background(&mut canvas, style);
    canvas
}

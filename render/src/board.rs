//! The board picture: frame and labels, squares, highlights and pieces; the panels beside it.

use crate::canvas::Canvas;
use crate::panel;
use crate::sprites::{emblem, sprite, Emblem};
use crate::style::{palette, Style};
use crate::text::{self, Face};
use crate::view::CsipgsBoardView;
use engine::{Color, Design, Square};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

pub(crate) fn draw(view: &CsipgsBoardView, style: &Style) -> Canvas {
    let mut canvas = squares(view, style);
    panel::draw(&mut canvas, view, style);
    canvas
}

/// The board without its panels: frame and labels, fog, rock, highlights and pieces.
pub(crate) fn squares(view: &CsipgsBoardView, style: &Style) -> Canvas {
    let mut canvas = background(style, view.orientation);
    let s = style.s();
    for &sq in &view.hidden {
        let r = style.square_rect(sq, view.orientation);
        let square = if sq.is_light() {
            palette::LIGHT
        } else {
            palette::DARK
        };
        let fog = palette::fogged(square);
        canvas.fill_rect(r.x as i32, r.y as i32, r.w, r.h, fog, 1.0);
    }
    // Rock covers its whole square, fogged or not.
    for &sq in &view.terrain {
        let r = style.square_rect(sq, view.orientation);
        let fogged = view.hidden.contains(&sq);
        canvas.blit(&emblem(Emblem::Rock { fogged }, s), r.x as i32, r.y as i32);
    }
    squares_and_pieces(
        &mut canvas,
        style,
        view.orientation,
        &view.last_action,
        &view.check,
        &view.pieces,
    );
    canvas
}

/// The last move's tint, the check glow and the pieces, over the squares: what every board
/// picture draws, csipgs or FIDE.
pub(crate) fn squares_and_pieces(
    canvas: &mut Canvas,
    style: &Style,
    orientation: Color,
    last: &[Square],
    check: &[Square],
    pieces: &[(Square, Color, Design)],
) {
    let s = style.s();
    for &sq in last {
        let r = style.square_rect(sq, orientation);
        canvas.fill_rect(
            r.x as i32,
            r.y as i32,
            r.w,
            r.h,
            palette::LAST_MOVE,
            palette::LAST_MOVE_ALPHA,
        );
    }
    let glow = emblem(Emblem::Check, s);
    for &sq in check {
        let r = style.square_rect(sq, orientation);
        canvas.blit(&glow, r.x as i32, r.y as i32);
    }
    let flip = orientation == Color::Black;
    for (sq, color, design) in pieces {
        let r = style.square_rect(*sq, orientation);
        canvas.blit(&sprite(design, *color, flip, s), r.x as i32, r.y as i32);
    }
}

/// The bare board and empty panels, for a replay with no positions.
pub(crate) fn empty(style: &Style) -> Canvas {
    background(style, Color::White)
}

/// The frame, squares and labels, prepared once per size and orientation.
pub(crate) fn background(style: &Style, orientation: Color) -> Canvas {
    static CACHE: OnceLock<Mutex<HashMap<(Style, Color), Canvas>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
    if cache.len() > 64 {
        cache.clear();
    }
    cache
        .entry((*style, orientation))
        .or_insert_with(|| paint_background(style, orientation))
        .clone()
}

fn paint_background(style: &Style, orientation: Color) -> Canvas {
    let (w, h) = style.board_image_size();
    let mut canvas = Canvas::new(w, h, palette::FRAME);
    for sq in Square::all() {
        let r = style.square_rect(sq, orientation);
        let rgb = if sq.is_light() {
            palette::LIGHT
        } else {
            palette::DARK
        };
        canvas.fill_rect(r.x as i32, r.y as i32, r.w, r.h, rgb, 1.0);
    }
    let m = style.margin() as f32;
    let px = 15.0 * style.u();
    for i in 0..8u8 {
        let file = Square::new(i, 0).expect("on the board");
        let fr = style.square_rect(file, orientation);
        let name = ((b'a' + i) as char).to_string();
        let baseline = (8 * style.s()) as f32 + m + (m + text::cap_height(px)) / 2.0;
        text::draw_centred(
            &mut canvas,
            Face::Bold,
            px,
            fr.x as f32 + fr.w as f32 / 2.0,
            baseline,
            palette::LABEL,
            &name,
        );
        let rank = Square::new(0, i).expect("on the board");
        let rr = style.square_rect(rank, orientation);
        let baseline = rr.y as f32 + (rr.h as f32 + text::cap_height(px)) / 2.0;
        text::draw_centred(
            &mut canvas,
            Face::Bold,
            px,
            m / 2.0,
            baseline,
            palette::LABEL,
            &(i + 1).to_string(),
        );
    }
    panel::paint_background(&mut canvas, style);
    canvas
}

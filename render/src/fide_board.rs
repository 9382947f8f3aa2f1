//! The FIDE board picture: the csipgs board's squares, highlights and pieces, and beside it
//! a card for each player (name, clock, what they have captured), whose turn it is or the
//! result, and the variants in force. There is no treasury, reserve or design to show.

use crate::board;
use crate::canvas::Canvas;
use crate::clock;
use crate::fide_view::FideBoardView;
use crate::panel::{self, Area, PieceRow, CARD_INSET, HEADER_ROW};
use crate::style::{palette, Style};
use crate::text::{self, Face};
use engine::fide::Variant;
use engine::Color;

/// The height of a captured-pieces row with its label, in design units.
const CAPTURED_ROW: f32 = 62.0;
/// The type of the variants' names, at its largest and smallest, in design units.
const VARIANT_PX: f32 = 16.0;
const VARIANT_MIN_PX: f32 = 9.0;
/// The type of a variant's summary under its name, in design units.
const SUMMARY_PX: f32 = 13.0;

pub(crate) fn draw(view: &FideBoardView, style: &Style) -> Canvas {
    let mut canvas = board::background(style, view.orientation);
    board::squares_and_pieces(
        &mut canvas,
        style,
        view.orientation,
        &view.last_move,
        &view.check,
        &view.pieces,
    );
    panel(&mut canvas, view, style);
    canvas
}

/// The cards beside the board: the player at the top of the board first, then whose turn it
/// is, the variants, and the player at the bottom, at the panel's foot.
fn panel(canvas: &mut Canvas, view: &FideBoardView, style: &Style) {
    let p = style.panel_rect();
    let u = style.u();
    let pad = 10.0 * u;
    let gap = 6.0 * u;
    let status_h = 64.0 * u;
    let x = p.x as f32 + pad * 0.2;
    let w = p.w as f32 - pad * 1.2;
    let clock_h = if view.clocks.is_some() {
        clock::ROW
    } else {
        0.0
    };
    let card_h = (2.0 * CARD_INSET + HEADER_ROW + clock_h + CAPTURED_ROW) * u;
    let top = !view.orientation;
    let area = |y: f32, h: f32| Area { x, y, w, h };
    player(canvas, view, top, &area(pad, card_h), u);
    let details = format!("Move {}  ·  chess", view.fullmove);
    panel::status_line(
        canvas,
        view.to_move,
        view.result.as_deref(),
        &details,
        &area(pad + card_h, status_h),
        u,
    );
    let variants_y = pad + card_h + status_h;
    let bottom_y = p.h as f32 - pad - card_h;
    variants(
        canvas,
        &view.variants,
        &area(variants_y, bottom_y - gap - variants_y),
        u,
    );
    player(canvas, view, !top, &area(bottom_y, card_h), u);
}

/// A player's card: side and name, clock, and the pieces they have captured, drawn in the
/// colour of the side that lost them.
fn player(canvas: &mut Canvas, view: &FideBoardView, color: Color, a: &Area, u: f32) {
    let active = view.result.is_none() && view.to_move == color;
    let (x, right) = panel::card(canvas, a, active, u);
    let mut y = a.y + CARD_INSET * u;
    panel::header(canvas, color, &view.names[color.index()], x, right, y, u);
    y += HEADER_ROW * u;
    if let Some(clocks) = &view.clocks {
        clock::draw(canvas, clocks[color.index()], x, y, u);
        y += clock::ROW * u;
    }
    let captured = PieceRow {
        label: "Captured",
        empty: "nothing yet",
        pieces: &view.captured[color.index()],
        color: !color,
    };
    panel::piece_row(canvas, &captured, view.orientation, x, right, y, u);
}

/// The variants in force: each name with its summary under it when they all fit, otherwise
/// one name a line, in two columns and smaller type when there are many; "Standard" when
/// there are none.
fn variants(canvas: &mut Canvas, names: &[String], a: &Area, u: f32) {
    let (x, right) = panel::card(canvas, a, false, u);
    let inset = CARD_INSET * u;
    let y = a.y + inset;
    panel::label(canvas, x, y, u, "Variants");
    let top = y + 16.0 * u + 4.0 * u;
    let bottom = a.y + a.h - inset;
    if names.is_empty() {
        let px = VARIANT_PX * u;
        let baseline = top + text::cap_height(px);
        text::draw(
            canvas,
            Face::Bold,
            px,
            x,
            baseline,
            palette::TEXT,
            "Standard",
        );
        return;
    }
    let room = Area {
        x,
        y: top,
        w: right - x,
        h: bottom - top,
    };
    if !explained(canvas, names, &room, u) {
        listed(canvas, names, &room, u);
    }
}

/// Each variant's name and its summary, wrapped; false, drawing nothing, if they don't all
/// fit the room.
fn explained(canvas: &mut Canvas, names: &[String], room: &Area, u: f32) -> bool {
    let (x, top) = (room.x, room.y);
    let (name_px, summary_px) = (VARIANT_PX * u, SUMMARY_PX * u);
    let entries: Vec<(&str, Vec<String>)> = names
        .iter()
        .map(|name| {
            let summary = name.parse::<Variant>().map_or("", Variant::summary);
            let lines = match summary {
                "" => Vec::new(),
                s => text::wrap_words(Face::Regular, summary_px, s, room.w),
            };
            (name.as_str(), lines)
        })
        .collect();
    let entry_gap = 6.0 * u;
    let height: f32 = entries
        .iter()
        .map(|(_, lines)| {
            text::line_height(name_px)
                + lines.len() as f32 * text::line_height(summary_px)
                + entry_gap
        })
        .sum();
    if height - entry_gap > room.h {
        return false;
    }
    // Each line's box starts at `y`; text sits on a baseline a capital's height below.
    let mut y = top;
    for (name, lines) in entries {
        let baseline = y + text::cap_height(name_px);
        let name = text::ellipsize(Face::Bold, name_px, name, room.w);
        text::draw(
            canvas,
            Face::Bold,
            name_px,
            x,
            baseline,
            palette::TEXT,
            &name,
        );
        y += text::line_height(name_px);
        for line in lines {
            let baseline = y + text::cap_height(summary_px);
            text::draw(
                canvas,
                Face::Regular,
                summary_px,
                x,
                baseline,
                palette::MUTED,
                &line,
            );
            y += text::line_height(summary_px);
        }
        y += entry_gap;
    }
    true
}

/// The names alone, one a line, in two columns and smaller type when there are many.
fn listed(canvas: &mut Canvas, names: &[String], room: &Area, u: f32) {
    let (x, top, bottom) = (room.x, room.y, room.y + room.h);
    let lines_at = |px: f32| (room.h / text::line_height(px)).floor().max(1.0) as usize;
    let mut px = VARIANT_PX * u;
    let columns = if names.len() <= lines_at(px) { 1 } else { 2 };
    let per_column = names.len().div_ceil(columns);
    while px > VARIANT_MIN_PX * u && per_column > lines_at(px) {
        px -= 0.5;
    }
    let gap = 8.0 * u;
    let column_w = (room.w - gap * (columns - 1) as f32) / columns as f32;
    for (i, name) in names.iter().enumerate() {
        let (column, line) = (i / per_column, i % per_column);
        let baseline = top + text::cap_height(px) + line as f32 * text::line_height(px);
        if baseline > bottom {
            continue;
        }
        let name = text::ellipsize(Face::Regular, px, name, column_w);
        let left = x + column as f32 * (column_w + gap);
        text::draw(
            canvas,
            Face::Regular,
            px,
            left,
            baseline,
            palette::TEXT,
            &name,
        );
    }
}

//! The FIDE board picture: the csipgs board's squares, highlights and pieces, and beside it
//! a card for each player (name, clock, what they have captured), whose turn it is or the
//! result, the last moves as a score sheet, and the variants in force. There is no
//! treasury, reserve or design to show.

use crate::board;
use crate::canvas::Canvas;
use crate::clock;
use crate::fide_view::{score_lines, FideBoardView};
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
/// The type of a variant's summary under its name, and the gap after it, in design units.
const SUMMARY_PX: f32 = 13.0;
const ENTRY_GAP: f32 = 6.0;
/// The type of the score sheet's moves, and the width of each side's column, in design
/// units.
const MOVE_PX: f32 = 15.0;
const MOVE_COLUMN: f32 = 100.0;
/// The share of the room between the status and the bottom card the variants may take at
/// most: the rest is the moves'.
const VARIANTS_SHARE: f32 = 0.45;
/// A card's insets and its label above the text, in design units.
const VARIANTS_HEAD: f32 = 2.0 * CARD_INSET + 20.0;

pub(crate) fn draw(view: &FideBoardView, style: &Style) -> Canvas {
    let mut canvas = squares(view, style);
    panel(&mut canvas, view, style);
    canvas
}

/// The board without its cards: frame and labels, highlights and pieces.
pub(crate) fn squares(view: &FideBoardView, style: &Style) -> Canvas {
    let mut canvas = board::background(style, view.orientation);
    board::squares_and_pieces(
        &mut canvas,
        style,
        view.orientation,
        &view.last_move,
        &view.check,
        &view.pieces,
    );
    canvas
}

/// The cards beside the board: the player at the top of the board first, then whose turn it
/// is, the last moves, the variants, and the player at the bottom, at the panel's foot.
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
    let moves_y = pad + card_h + status_h;
    let bottom_y = p.h as f32 - pad - card_h;
    // The variants take the room their text needs (up to a share of it), just above the
    // bottom card; the moves fill the rest, so the panel has no empty band.
    let room = bottom_y - gap - moves_y;
    let inner_w = w - 2.0 * CARD_INSET * u;
    let variants_h = VARIANTS_HEAD * u
        + variants_height(
            &view.variants,
            inner_w,
            room * VARIANTS_SHARE - VARIANTS_HEAD * u,
            u,
        );
    let variants_y = bottom_y - gap - variants_h;
    moves(canvas, view, &area(moves_y, variants_y - gap - moves_y), u);
    variants(canvas, &view.variants, &area(variants_y, variants_h), u);
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
        // The card's height is fixed; six kinds of piece fit one line.
        max_lines: 1,
    };
    panel::piece_row(canvas, &captured, view.orientation, x, right, y, u);
}

/// The last moves as a score sheet, newest at the foot, as many lines as the card holds
/// (the latest move in bold); "no moves yet" at the start.
fn moves(canvas: &mut Canvas, view: &FideBoardView, a: &Area, u: f32) {
    let px = MOVE_PX * u;
    let line_h = text::line_height(px);
    let inset = CARD_INSET * u;
    let (x, right) = panel::card(canvas, a, false, u);
    panel::label(canvas, x, a.y + inset, u, "Moves");
    let top = a.y + inset + 20.0 * u;
    let lines = score_lines(&view.moves);
    let fit = ((a.y + a.h - inset - top) / line_h).floor().max(0.0) as usize;
    let shown = &lines[lines.len().saturating_sub(fit)..];
    if lines.is_empty() {
        let baseline = top + text::cap_height(px);
        text::draw(
            canvas,
            Face::Regular,
            px,
            x,
            baseline,
            palette::MUTED,
            "no moves yet",
        );
        return;
    }
    // Numbers end at one edge, and each side's moves start at their own, as on a sheet.
    let number_w = text::width(Face::Regular, px, "999.");
    let white_x = x + number_w + 8.0 * u;
    let column_w = ((right - white_x) / 2.0).min(MOVE_COLUMN * u);
    let black_x = white_x + column_w;
    for (i, &(number, white, black)) in shown.iter().enumerate() {
        let baseline = top + i as f32 * line_h + text::cap_height(px);
        text::draw_right(
            canvas,
            Face::Regular,
            px,
            x + number_w,
            baseline,
            palette::MUTED,
            &format!("{number}."),
        );
        // A list that starts at Black's move holds White's place with an ellipsis, as a
        // score sheet does; the latest move is Black's when the line has it, else White's.
        let last = i + 1 == shown.len();
        let sides = [
            (white.or(Some("…")), white_x, last && black.is_none()),
            (black, black_x, last),
        ];
        for (san, left, latest) in sides {
            let Some(san) = san else { continue };
            let face = if latest { Face::Bold } else { Face::Regular };
            let san = text::ellipsize(face, px, san, column_w - 4.0 * u);
            text::draw(canvas, face, px, left, baseline, palette::TEXT, &san);
        }
    }
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

/// Each variant's name with its summary wrapped to `w`, and the height they all take.
fn explanations(names: &[String], w: f32, u: f32) -> (Vec<(&str, Vec<String>)>, f32) {
    let (name_px, summary_px) = (VARIANT_PX * u, SUMMARY_PX * u);
    let entries: Vec<(&str, Vec<String>)> = names
        .iter()
        .map(|name| {
            let summary = name.parse::<Variant>().map_or("", Variant::summary);
            let lines = match summary {
                "" => Vec::new(),
                s => text::wrap_words(Face::Regular, summary_px, s, w),
            };
            (name.as_str(), lines)
        })
        .collect();
    let height = entries
        .iter()
        .map(|(_, lines)| {
            text::line_height(name_px)
                + lines.len() as f32 * text::line_height(summary_px)
                + ENTRY_GAP * u
        })
        .sum::<f32>()
        - ENTRY_GAP * u;
    (entries, height)
}

/// The height the variants' text takes in width `w`, at most `max_h`: explained when that
/// fits, otherwise listed by name (in two columns and smaller type when there are many).
fn variants_height(names: &[String], w: f32, max_h: f32, u: f32) -> f32 {
    let line = text::line_height(VARIANT_PX * u);
    if names.is_empty() {
        return line;
    }
    let (_, explained) = explanations(names, w, u);
    if explained <= max_h {
        return explained;
    }
    // One column, or two as `listed` makes them, with a rounding pixel more so that it
    // finds room for every line at the largest type; past that it shrinks the type.
    let one = names.len() as f32 * line + 1.0;
    let two = names.len().div_ceil(2) as f32 * line + 1.0;
    let fits = if one <= max_h { one } else { two };
    fits.min(max_h.max(line))
}

/// Each variant's name and its summary, wrapped; false, drawing nothing, if they don't all
/// fit the room.
fn explained(canvas: &mut Canvas, names: &[String], room: &Area, u: f32) -> bool {
    let (x, top) = (room.x, room.y);
    let (name_px, summary_px) = (VARIANT_PX * u, SUMMARY_PX * u);
    let (entries, height) = explanations(names, room.w, u);
    if height > room.h {
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
        y += ENTRY_GAP * u;
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

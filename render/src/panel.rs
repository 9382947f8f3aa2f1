//! The players' panels beside the board: name, treasury, clock, reserve and the six design
//! slots for each side, and between them whose turn it is, the ply and the ruleset, or the
//! result.

use crate::canvas::Canvas;
use crate::clock;
use crate::sprites::{emblem, sprite, Emblem};
use crate::style::{palette, Style};
use crate::text::{self, Face};
use crate::view::{BoardView, PlayerView, Slot};
use engine::position::MAX_PIECES;
use engine::Design;
use engine::{Color, Fide};

pub(crate) fn paint_background(canvas: &mut Canvas, style: &Style) {
    let p = style.panel_rect();
    canvas.fill_rect(p.x as i32, p.y as i32, p.w, p.h, palette::PANEL, 1.0);
}

/// Panel boxes, in pixels.
pub(crate) struct Area {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

pub(crate) fn draw(canvas: &mut Canvas, view: &BoardView, style: &Style) {
    let p = style.panel_rect();
    let u = style.u();
    let pad = 10.0 * u;
    let status_h = 64.0 * u;
    let x = p.x as f32 + pad * 0.2;
    let w = p.w as f32 - pad * 1.2;
    let block_h = (p.h as f32 - status_h - 2.0 * pad) / 2.0;
    let top = !view.orientation;
    let first = Area {
        x,
        y: pad,
        w,
        h: block_h,
    };
    let status = Area {
        x,
        y: pad + block_h,
        w,
        h: status_h,
    };
    let second = Area {
        x,
        y: pad + block_h + status_h,
        w,
        h: block_h,
    };
    player(canvas, view, top, &first, style);
    let details = format!("Ply {}  ·  {}", view.ply, view.ruleset);
    status_line(
        canvas,
        view.to_move,
        view.result.as_deref(),
        &details,
        &status,
        u,
    );
    player(canvas, view, !top, &second, style);
}

/// Whose turn it is, or the result on a gold band; a muted line of details under it.
pub(crate) fn status_line(
    canvas: &mut Canvas,
    to_move: Color,
    result: Option<&str>,
    details: &str,
    a: &Area,
    u: f32,
) {
    let mid = a.y + a.h / 2.0;
    match result {
        Some(result) => {
            canvas.fill_rect(
                a.x as i32,
                (a.y + 6.0 * u) as i32,
                a.w as u32,
                (a.h - 12.0 * u) as u32,
                palette::RESULT,
                1.0,
            );
            let (px, line) = fit_line(Face::Bold, 21.0 * u, 10.0 * u, result, a.w - 8.0 * u);
            text::draw_centred(
                canvas,
                Face::Bold,
                px,
                a.x + a.w / 2.0,
                mid - 2.0 * u,
                palette::TEXT,
                &line,
            );
        }
        None => {
            let label = format!("{to_move} to move");
            let px = 20.0 * u;
            let tw = text::width(Face::Bold, px, &label);
            let r = 8.0 * u;
            let left = a.x + (a.w - tw - 3.0 * r) / 2.0;
            side_disc(
                canvas,
                to_move,
                left + r,
                mid - 2.0 * u - text::cap_height(px) / 2.0,
                r,
            );
            text::draw(
                canvas,
                Face::Bold,
                px,
                left + 3.0 * r,
                mid - 2.0 * u,
                palette::TEXT,
                &label,
            );
        }
    }
    text::draw_centred(
        canvas,
        Face::Regular,
        14.0 * u,
        a.x + a.w / 2.0,
        mid + 20.0 * u,
        palette::MUTED,
        details,
    );
}

/// A small disc in a side's colour, so each panel says which side it is.
fn side_disc(canvas: &mut Canvas, color: Color, cx: f32, cy: f32, r: f32) {
    let size = (2.0 * r).round() as u32;
    let half = size as f32 / 2.0;
    canvas.blit(
        &emblem(Emblem::Side(color), size),
        (cx - half).round() as i32,
        (cy - half).round() as i32,
    );
}

fn coin(canvas: &mut Canvas, cx: f32, cy: f32, r: f32) {
    let size = (2.0 * r).round() as u32;
    let half = size as f32 / 2.0;
    canvas.blit(
        &emblem(Emblem::Coin, size),
        (cx - half).round() as i32,
        (cy - half).round() as i32,
    );
}

/// The largest size up to `max_px` at which one line fits `w`; past `min_px` the text is
/// shortened with an ellipsis (names only: notation always wraps instead).
fn fit_line(face: Face, max_px: f32, min_px: f32, text: &str, w: f32) -> (f32, String) {
    let mut px = max_px;
    while px > min_px && text::width(face, px, text) > w {
        px -= 0.5;
    }
    (px, text::ellipsize(face, px, text, w))
}

/// A player's card: its fill, with a green stripe while it is this side's turn. Returns the
/// left and right edges of what the card holds.
pub(crate) fn card(canvas: &mut Canvas, a: &Area, active: bool, u: f32) -> (f32, f32) {
    let fill = if active {
        palette::CARD_ACTIVE
    } else {
        palette::CARD
    };
    canvas.fill_rect(a.x as i32, a.y as i32, a.w as u32, a.h as u32, fill, 1.0);
    if active {
        canvas.fill_rect(
            a.x as i32,
            a.y as i32,
            (5.0 * u) as u32,
            a.h as u32,
            palette::ACTIVE,
            1.0,
        );
    }
    let inner = CARD_INSET * u;
    let x = a.x + inner + if active { 3.0 * u } else { 0.0 };
    (x, a.x + a.w - inner)
}

/// The space inside a card's edges, in design units.
pub(crate) const CARD_INSET: f32 = 10.0;

/// The height of a card's first row (side and name), in design units.
pub(crate) const HEADER_ROW: f32 = 36.0;

/// Where a card's first row, starting at `y`, has its middle and its baseline, and the size
/// of its type.
fn header_line(y: f32, u: f32) -> (f32, f32, f32) {
    let px = 19.0 * u;
    let mid = y + 15.0 * u;
    (mid, mid + text::cap_height(px) / 2.0, px)
}

/// A card's first row: the side's disc and the player's name, shortened with an ellipsis
/// to end by `name_right`.
pub(crate) fn header(
    canvas: &mut Canvas,
    color: Color,
    name: &str,
    x: f32,
    name_right: f32,
    y: f32,
    u: f32,
) {
    let (mid, baseline, head_px) = header_line(y, u);
    side_disc(canvas, color, x + 10.0 * u, mid, 10.0 * u);
    let name_x = x + 28.0 * u;
    let (px, name) = fit_line(Face::Bold, head_px, 11.0 * u, name, name_right - name_x);
    text::draw(
        canvas,
        Face::Bold,
        px,
        name_x,
        baseline,
        palette::TEXT,
        &name,
    );
}

fn player(canvas: &mut Canvas, view: &BoardView, color: Color, a: &Area, style: &Style) {
    let u = style.u();
    let p = view.player(color);
    let active = view.result.is_none() && view.to_move == color;
    let (x, right) = card(canvas, a, active, u);
    let mut y = a.y + CARD_INSET * u;

    // Header: side, name, treasury.
    let (mid, baseline, head_px) = header_line(y, u);
    let money = p.treasury.to_string();
    let money_rgb = if p.treasury.is_negative() {
        palette::NEGATIVE
    } else {
        palette::TEXT
    };
    let money_w = text::width(Face::Bold, head_px, &money);
    text::draw_right(
        canvas,
        Face::Bold,
        head_px,
        right,
        baseline,
        money_rgb,
        &money,
    );
    let coin_r = 9.0 * u;
    coin(canvas, right - money_w - 6.0 * u - coin_r, mid, coin_r);
    let name_right = right - money_w - 2.0 * coin_r - 20.0 * u;
    header(canvas, color, &p.name, x, name_right, y, u);
    y += HEADER_ROW * u;

    if let Some(clocks) = &view.clocks {
        clock::draw(canvas, clocks[color.index()], x, y, u);
        y += clock::ROW * u;
    }

    // Buying stops at 16 pieces, board and reserve together. Under fog the opponent's
    // pieces on squares the viewer can't see are not in the view: their count is unknown.
    let owned = if view.hidden.is_empty() || color == view.orientation {
        let n = view.pieces.iter().filter(|(_, c, _)| *c == color).count() as u32
            + p.reserve.iter().map(|(_, n)| n).sum::<u32>();
        n.to_string()
    } else {
        "?".to_string()
    };
    let owned = format!("{owned} of {MAX_PIECES} pieces");
    text::draw_right(
        canvas,
        Face::Regular,
        12.0 * u,
        right,
        y + 11.0 * u,
        palette::MUTED,
        &owned,
    );
    let reserve = PieceRow {
        label: "Reserve",
        empty: "empty",
        pieces: &p.reserve,
        color,
    };
    y = piece_row(canvas, &reserve, view.orientation, x, right, y, u);
    slots(
        canvas,
        p,
        color,
        view.orientation,
        &Area {
            x,
            y,
            w: right - x,
            h: a.y + a.h - CARD_INSET * u - y,
        },
        u,
    );
}

/// A small muted heading, its top at y.
pub(crate) fn label(canvas: &mut Canvas, x: f32, y: f32, u: f32, text_: &str) {
    text::draw(
        canvas,
        Face::Regular,
        12.0 * u,
        x,
        y + 11.0 * u,
        palette::MUTED,
        text_,
    );
}

/// A labelled row of pieces with how many of each: a side's reserve, or what a player has
/// captured.
pub(crate) struct PieceRow<'a> {
    /// The small heading above the row.
    pub label: &'a str,
    /// What the row says when it has no pieces.
    pub empty: &'a str,
    /// The pieces, each with its count.
    pub pieces: &'a [(Design, u32)],
    /// The side the pieces are drawn as.
    pub color: Color,
}

/// A row of piece icons with counts under its label, shrinking to two rows when there are
/// many. Returns the y below it.
pub(crate) fn piece_row(
    canvas: &mut Canvas,
    row: &PieceRow,
    orientation: Color,
    x: f32,
    right: f32,
    y: f32,
    u: f32,
) -> f32 {
    label(canvas, x, y, u, row.label);
    let y = y + 16.0 * u;
    let row_h = 42.0 * u;
    if row.pieces.is_empty() {
        text::draw(
            canvas,
            Face::Regular,
            14.0 * u,
            x,
            y + row_h / 2.0 + 5.0 * u,
            palette::MUTED,
            row.empty,
        );
        return y + row_h + 4.0 * u;
    }
    let count_px = 15.0 * u;
    let count_w = text::width(Face::Bold, count_px, "×99") + 6.0 * u;
    let n = row.pieces.len() as f32;
    let rows = if (40.0 * u + count_w) * n <= right - x {
        1.0
    } else {
        2.0
    };
    let per_row = (n / rows).ceil();
    let icon = ((right - x) / per_row - count_w)
        .min(40.0 * u)
        .min(row_h / rows);
    let step = icon + count_w;
    for (i, (design, count)) in row.pieces.iter().enumerate() {
        let (col, line) = (i as f32 % per_row, (i as f32 / per_row).floor());
        let ix = x + col * step;
        let iy = y + line * (row_h / rows) + (row_h / rows - icon) / 2.0;
        let s = sprite(
            design,
            row.color,
            orientation == Color::Black,
            icon.round() as u32,
        );
        canvas.blit(&s, ix.round() as i32, iy.round() as i32);
        let px = count_px.min(icon * 0.6);
        text::draw(
            canvas,
            Face::Bold,
            px,
            ix + icon + 2.0 * u,
            iy + icon / 2.0 + text::cap_height(px) / 2.0,
            palette::TEXT,
            &format!("×{count}"),
        );
    }
    y + row_h + 4.0 * u
}

/// The six design slots, two columns of three: icon, notation (wrapped or shrunk, never cut
/// off) and price.
fn slots(canvas: &mut Canvas, p: &PlayerView, color: Color, orientation: Color, a: &Area, u: f32) {
    label(canvas, a.x, a.y, u, "Designs");
    let y0 = a.y + 16.0 * u;
    let gap = 6.0 * u;
    let cell_w = (a.w - gap) / 2.0;
    let cell_h = (a.y + a.h - y0 - 2.0 * gap) / 3.0;
    for (i, slot) in p.slots.iter().enumerate() {
        let cx = a.x + (i % 2) as f32 * (cell_w + gap);
        let cy = y0 + (i / 2) as f32 * (cell_h + gap);
        slot_cell(
            canvas,
            slot,
            color,
            orientation,
            &Area {
                x: cx,
                y: cy,
                w: cell_w,
                h: cell_h,
            },
            u,
        );
    }
}

fn slot_cell(canvas: &mut Canvas, slot: &Slot, color: Color, orientation: Color, a: &Area, u: f32) {
    canvas.fill_rect(
        a.x as i32,
        a.y as i32,
        a.w as u32,
        a.h as u32,
        palette::CELL,
        1.0,
    );
    let pad = 4.0 * u;
    let icon = (a.h - 2.0 * pad).min(52.0 * u);
    let s = sprite(
        &slot.design,
        color,
        orientation == Color::Black,
        icon.round() as u32,
    );
    canvas.blit(
        &s,
        (a.x + pad).round() as i32,
        (a.y + (a.h - icon) / 2.0).round() as i32,
    );

    let tx = a.x + pad + icon + 5.0 * u;
    let tw = a.x + a.w - pad - tx;
    let price_px = 15.0 * u;
    let price_line = price_px + 4.0 * u;
    let (px, lines) = text::fit_notation(
        &slot.design.piece_name(),
        16.0 * u,
        tw,
        a.h - 2.0 * pad - price_line,
    );
    let mut baseline = a.y + pad + text::cap_height(px) + 1.0 * u;
    for line in &lines {
        let w = text::draw(canvas, Face::Mono, px, tx, baseline, palette::TEXT, line);
        if let Some(fide) = slot.design.fide() {
            text::draw(
                canvas,
                Face::Regular,
                13.0 * u,
                tx + w + 6.0 * u,
                baseline,
                palette::MUTED,
                fide_name(fide),
            );
        }
        baseline += text::line_height(px);
    }
    let price_base = a.y + a.h - pad - 2.0 * u;
    match slot.cost {
        Some(cost) => {
            let r = 6.5 * u;
            let w = text::width(Face::Bold, price_px, &cost.to_string());
            coin(
                canvas,
                a.x + a.w - pad - w - 4.0 * u - r,
                price_base - text::cap_height(price_px) / 2.0,
                r,
            );
            text::draw_right(
                canvas,
                Face::Bold,
                price_px,
                a.x + a.w - pad,
                price_base,
                palette::PRICE,
                &cost.to_string(),
            );
        }
        None => {
            text::draw_right(
                canvas,
                Face::Regular,
                12.0 * u,
                a.x + a.w - pad,
                price_base,
                palette::MUTED,
                "no price",
            );
        }
    }
}

fn fide_name(fide: Fide) -> &'static str {
    match fide {
        Fide::Pawn => "pawn",
        Fide::Knight => "knight",
        Fide::Bishop => "bishop",
        Fide::Rook => "rook",
        Fide::Queen => "queen",
        Fide::King => "king",
    }
}

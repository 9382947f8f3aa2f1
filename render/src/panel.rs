//! The players' panels beside the board: name, treasury, clock, reserve and the six design
//! slots for each side, and between them whose turn it is, the ply and the ruleset, or the
//! result.

use crate::canvas::Canvas;
use crate::clock;
use crate::sprites::{emblem, sprite, Emblem};
use crate::style::{palette, Style};
use crate::text::{self, Face};
use crate::view::{CsipgsBoardView, PlayerView, Slot};
use engine::position::MAX_PIECES;
use engine::Color;
use engine::Design;

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

pub(crate) fn draw(canvas: &mut Canvas, view: &CsipgsBoardView, style: &Style) {
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
    let details = details(view);
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

/// The line under whose turn it is: the ply, the ruleset and the options the game was agreed
/// with, so a fog or plunder game says so on its picture.
fn details(view: &CsipgsBoardView) -> String {
    let mut details = format!("Ply {}  ·  {}", view.ply, view.ruleset);
    let options = view.options.enabled_names();
    if !options.is_empty() {
        details.push_str(&format!("  ·  {}", options.join(", ")));
    }
    details
}

/// Whose turn it is, or the result on a gold band; a muted line of details under it, in
/// smaller type when it is long.
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
    let (px, details) = fit_line(Face::Regular, 14.0 * u, 10.0 * u, details, a.w - 8.0 * u);
    text::draw_centred(
        canvas,
        Face::Regular,
        px,
        a.x + a.w / 2.0,
        mid + 20.0 * u,
        palette::MUTED,
        &details,
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

fn player(canvas: &mut Canvas, view: &CsipgsBoardView, color: Color, a: &Area, style: &Style) {
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
        max_lines: RESERVE_LINES,
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

/// The lines of icons a reserve may take before it lists its pieces by name: two keep the
/// design slots below it large enough to read.
const RESERVE_LINES: usize = 2;

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
    /// How many lines of icons the row may wrap to before it lists the pieces by name.
    pub max_lines: usize,
}

/// A piece icon's side in a row at its largest, and the smallest still read as its design
/// (a token's move dots merge below it), in design units.
const ICON: f32 = 40.0;
const MIN_ICON: f32 = 30.0;
/// A single line of icons: its height, in design units.
const ICON_LINE: f32 = 42.0;
/// The type of the counts beside the icons, and of the names when the pieces are listed.
const COUNT_PX: f32 = 15.0;
const NAME_PX: f32 = 13.0;

/// How a row of `n` pieces is laid out in `width` pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Layout {
    /// Icons of side `icon`, `per_line` to a line, on `lines` lines.
    Icons {
        icon: f32,
        per_line: usize,
        lines: usize,
    },
    /// Too many to draw at a readable size: each piece's name and count, as text.
    Names,
}

/// The fewest lines (up to `max_lines`) on which every icon, followed by its count
/// (`count_w` wide), is at least [`MIN_ICON`]: one line while they fit, as big as
/// [`ICON`]; otherwise the names.
fn layout(n: usize, count_w: f32, width: f32, max_lines: usize, u: f32) -> Layout {
    (1..=max_lines)
        .map(|lines| {
            let per_line = n.div_ceil(lines).max(1);
            let icon = (width / per_line as f32 - count_w).min(ICON * u);
            (icon, per_line, lines)
        })
        .find(|&(icon, _, _)| icon >= MIN_ICON * u)
        .map_or(Layout::Names, |(icon, per_line, lines)| Layout::Icons {
            icon,
            per_line,
            lines,
        })
}

impl Layout {
    /// The height the row's pieces take.
    fn height(self, max_lines: usize, u: f32) -> f32 {
        match self {
            Layout::Icons { icon, lines, .. } => lines as f32 * icon_line(icon, lines, u),
            // As much room as the tallest layout of icons would take.
            Layout::Names => match max_lines {
                0 | 1 => ICON_LINE * u,
                lines => lines as f32 * icon_line(MIN_ICON * u, lines, u),
            },
        }
    }
}

/// The height of each of `lines` lines of `icon`-sized icons: a single line is as tall as it
/// always was, so a short row keeps its place; wrapped lines are packed to the icons' size.
fn icon_line(icon: f32, lines: usize, u: f32) -> f32 {
    if lines == 1 {
        ICON_LINE * u
    } else {
        icon + 2.0 * u
    }
}

/// A row of piece icons with counts under its label, wrapped onto more lines when there
/// are many, or listed by name when even that would make them too small to read. Returns
/// the y below it.
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
    if row.pieces.is_empty() {
        text::draw(
            canvas,
            Face::Regular,
            14.0 * u,
            x,
            y + ICON_LINE * u / 2.0 + 5.0 * u,
            palette::MUTED,
            row.empty,
        );
        return y + ICON_LINE * u + 4.0 * u;
    }
    let count_px = COUNT_PX * u;
    let counts: Vec<String> = row.pieces.iter().map(|(_, n)| format!("×{n}")).collect();
    let count_w = counts
        .iter()
        .map(|c| text::width(Face::Bold, count_px, c))
        .fold(0.0, f32::max)
        + 6.0 * u;
    let shape = layout(row.pieces.len(), count_w, right - x, row.max_lines, u);
    let height = shape.height(row.max_lines, u);
    let Layout::Icons {
        icon,
        per_line,
        lines,
    } = shape
    else {
        names(canvas, row, x, right, y, height, u);
        return y + height + 4.0 * u;
    };
    let line_h = icon_line(icon, lines, u);
    let step = icon + count_w;
    for (i, ((design, _), count)) in row.pieces.iter().zip(&counts).enumerate() {
        let (col, line) = ((i % per_line) as f32, (i / per_line) as f32);
        let ix = x + col * step;
        let iy = y + line * line_h + (line_h - icon) / 2.0;
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
            count,
        );
    }
    y + height + 4.0 * u
}

/// The pieces of a row by name with their counts (`N ×3`), as many lines as `height`
/// holds; should they still not fit, the last line ends by saying how many more there are.
fn names(canvas: &mut Canvas, row: &PieceRow, x: f32, right: f32, y: f32, height: f32, u: f32) {
    let px = NAME_PX * u;
    let line_h = text::line_height(px);
    let max_lines = ((height / line_h).floor() as usize).max(1);
    let gap = 12.0 * u;
    let entries: Vec<String> = row
        .pieces
        .iter()
        .map(|(design, n)| format!("{} ×{n}", design.piece_name()))
        .collect();
    let widths: Vec<f32> = entries
        .iter()
        .map(|e| text::width(Face::Mono, px, e).min(right - x))
        .collect();
    // Each entry is placed whole, so a name is never parted from its count.
    let mut placed: Vec<(usize, f32, f32)> = Vec::new();
    let (mut line, mut used) = (0, 0.0);
    for &w in &widths {
        if used > 0.0 && used + w > right - x {
            line += 1;
            used = 0.0;
        }
        placed.push((line, x + used, w));
        used += w + gap;
    }
    // A list too long for the room ends its last line with how many more there are.
    let more_w = text::width(Face::Mono, px, "+999 more") + gap;
    if placed.last().is_some_and(|&(line, _, _)| line >= max_lines) {
        placed.retain(|&(line, left, w)| {
            line + 1 < max_lines || (line + 1 == max_lines && left + w <= right - more_w)
        });
    }
    for (entry, &(line, left, _)) in entries.iter().zip(&placed) {
        let baseline = y + line as f32 * line_h + text::cap_height(px) + 2.0 * u;
        let entry = text::ellipsize(Face::Mono, px, entry, right - left);
        text::draw(
            canvas,
            Face::Mono,
            px,
            left,
            baseline,
            palette::TEXT,
            &entry,
        );
    }
    let left_out = entries.len() - placed.len();
    if left_out > 0 {
        let line = max_lines - 1;
        let baseline = y + line as f32 * line_h + text::cap_height(px) + 2.0 * u;
        text::draw_right(
            canvas,
            Face::Mono,
            px,
            right,
            baseline,
            palette::MUTED,
            &format!("+{left_out} more"),
        );
    }
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
                fide.name(),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The room a reserve row has at the default size: a card's inside, less the active
    /// side's stripe.
    const WIDTH: f32 = 370.0;

    /// The counts' width for one-digit counts at the default size.
    fn count_w() -> f32 {
        text::width(Face::Bold, COUNT_PX, "×3") + 6.0
    }

    #[test]
    fn a_reserve_of_many_designs_wraps_and_never_shrinks_below_the_minimum() {
        let icons = |n| match layout(n, count_w(), WIDTH, RESERVE_LINES, 1.0) {
            Layout::Icons {
                icon,
                per_line,
                lines,
            } => (icon, per_line, lines),
            Layout::Names => panic!("{n} designs listed by name"),
        };
        // Five still fit one line at full size; eight and twelve wrap onto two lines.
        assert_eq!(icons(5), (ICON, 5, 1));
        assert_eq!(icons(8), (ICON, 4, 2));
        let (icon, per_line, lines) = icons(12);
        assert!(icon >= MIN_ICON, "{icon}");
        assert_eq!((per_line, lines), (6, 2));
        for n in 1..=12 {
            let (icon, per_line, lines) = icons(n);
            assert!(icon >= MIN_ICON && per_line * lines >= n, "{n}");
        }
        // Past what two lines hold at a readable size, the pieces are named instead.
        assert_eq!(
            layout(20, count_w(), WIDTH, RESERVE_LINES, 1.0),
            Layout::Names
        );
    }

    #[test]
    fn a_row_of_captured_pieces_keeps_one_line() {
        for n in 1..=6 {
            let shape = layout(n, count_w(), WIDTH, 1, 1.0);
            assert!(matches!(shape, Layout::Icons { lines: 1, .. }), "{n}");
            assert_eq!(shape.height(1, 1.0), ICON_LINE);
        }
        // Named pieces take no more room than a line of icons would.
        assert_eq!(Layout::Names.height(1, 1.0), ICON_LINE);
        assert_eq!(
            Layout::Names.height(RESERVE_LINES, 1.0),
            RESERVE_LINES as f32 * (MIN_ICON + 2.0)
        );
    }

    #[test]
    fn the_details_name_the_options() {
        let view = |options: &str| CsipgsBoardView {
            options: options.parse().unwrap(),
            ..crate::CsipgsBoardView::from_position(
                &engine::Position::start(engine::Ruleset::Classic.into()),
                ["A", "B"],
            )
        };
        assert_eq!(details(&view("")), "Ply 1  ·  classic");
        assert_eq!(
            details(&view("fog,plunder")),
            "Ply 1  ·  classic  ·  plunder, fog"
        );
        assert_eq!(
            details(&view("unofficial")),
            "Ply 1  ·  classic  ·  unofficial"
        );
    }

    #[test]
    fn no_room_at_all_lists_the_names() {
        assert_eq!(layout(3, count_w(), 0.0, 2, 1.0), Layout::Names);
        assert_eq!(layout(3, count_w(), -5.0, 0, 1.0), Layout::Names);
    }
}

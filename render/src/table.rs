//! The table picture, for leaderboards: a title, a dark header row, zebra rows, columns as
//! wide as their text up to a limit, longer cells cut short with an ellipsis.

use crate::canvas::Canvas;
use crate::style::{palette, Rgb, Style};
use crate::text::{self, Face};
use crate::view::{Align, TableView};

/// Rows drawn at most; a line below says how many more there were.
const MAX_ROWS: usize = 50;
/// Columns drawn at most.
const MAX_COLUMNS: usize = 12;
/// The widest a column's text gets, in design units (about 30 letters).
const MAX_CELL: f32 = 260.0;

pub(crate) fn draw(view: &TableView, style: &Style) -> Canvas {
    let u = style.u();
    let pad = 16.0 * u;
    let cell_pad = 12.0 * u;
    let px = 15.0 * u;
    let head_px = 14.0 * u;
    let title_px = 22.0 * u;
    let title_h = 44.0 * u;
    let row_h = 28.0 * u;

    let columns = &view.columns[..view.columns.len().min(MAX_COLUMNS)];
    let shown = view.rows.len().min(MAX_ROWS);
    let rows = &view.rows[..shown];
    let cell = |row: &Vec<String>, c: usize| row.get(c).map_or("", String::as_str).to_string();
    let widths: Vec<f32> = columns
        .iter()
        .enumerate()
        .map(|(c, col)| {
            let header = text::width(Face::Bold, head_px, &col.header);
            let cells = rows
                .iter()
                .map(|r| text::width(Face::Regular, px, &cell(r, c)))
                .fold(0.0, f32::max);
            header.max(cells).min(MAX_CELL * u).ceil()
        })
        .collect();
    let table_w: f32 = widths.iter().map(|w| w + 2.0 * cell_pad).sum();
    let title_w = text::width(Face::Bold, title_px, &view.title).min(900.0 * u);
    let width = table_w.max(title_w).max(280.0 * u) + 2.0 * pad;
    let extra_rows = usize::from(rows.is_empty() || view.rows.len() > shown);
    let height = title_h + row_h * (1 + rows.len() + extra_rows) as f32 + pad;
    let mut canvas = Canvas::new(width.ceil() as u32, height.ceil() as u32, palette::CARD);

    let title = text::ellipsize(Face::Bold, title_px, &view.title, width - 2.0 * pad);
    text::draw(
        &mut canvas,
        Face::Bold,
        title_px,
        pad,
        pad + text::cap_height(title_px),
        palette::TEXT,
        &title,
    );

    // Where each column's text starts and ends.
    let mut spans = Vec::with_capacity(columns.len());
    let mut x = pad;
    for w in &widths {
        spans.push((x + cell_pad, x + cell_pad + w));
        x += w + 2.0 * cell_pad;
    }
    let line = |canvas: &mut Canvas,
                y: f32,
                face: Face,
                size: f32,
                rgb: Rgb,
                texts: &mut dyn Iterator<Item = String>| {
        let baseline = y + (row_h + text::cap_height(size)) / 2.0;
        for ((left, right), (col, t)) in spans.iter().zip(columns.iter().zip(texts)) {
            let t = text::ellipsize(face, size, &t, right - left);
            match col.align {
                Align::Left => {
                    text::draw(canvas, face, size, *left, baseline, rgb, &t);
                }
                Align::Right => text::draw_right(canvas, face, size, *right, baseline, rgb, &t),
            }
        }
    };

    let mut y = title_h;
    let table_w = table_w.max(width - 2.0 * pad);
    canvas.fill_rect(
        pad as i32,
        y as i32,
        table_w as u32,
        row_h as u32,
        palette::CLOCK_RUNNING,
        1.0,
    );
    line(
        &mut canvas,
        y,
        Face::Bold,
        head_px,
        palette::CARD,
        &mut columns.iter().map(|c| c.header.clone()),
    );
    y += row_h;
    for (i, row) in rows.iter().enumerate() {
        if i % 2 == 1 {
            canvas.fill_rect(
                pad as i32,
                y.round() as i32,
                table_w as u32,
                row_h.round() as u32,
                palette::CELL,
                1.0,
            );
        }
        line(
            &mut canvas,
            y,
            Face::Regular,
            px,
            palette::TEXT,
            &mut (0..columns.len()).map(|c| cell(row, c)),
        );
        y += row_h;
    }
    let note = if rows.is_empty() {
        Some("no rows yet".to_string())
    } else if view.rows.len() > shown {
        Some(format!("… and {} more", view.rows.len() - shown))
    } else {
        None
    };
    if let Some(note) = note {
        text::draw(
            &mut canvas,
            Face::Regular,
            px,
            pad + cell_pad,
            y + (row_h + text::cap_height(px)) / 2.0,
            palette::MUTED,
            &note,
        );
    }
    canvas
}

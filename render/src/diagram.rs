//! The design picture: the piece in the middle of a board big enough for its longest leap,
//! every square it can reach marked, and a legend with its notation, price and breakdown.

use crate::canvas::{dashed, paint, stroke, Canvas};
use crate::marks::{draw_mark, motions, Reach};
use crate::sprites::{emblem, sprite, Emblem};
use crate::style::{palette, Rgb, Style};
use crate::text::{self, Face};
use engine::{Color, Design, Leap, Prefix, Price, PriceError};
use tiny_skia::{FillRule, PathBuilder, Pixmap, Transform};

/// What the diagram shows on one square.
#[derive(Clone, Copy, Default)]
struct Cell {
    reach: Option<Reach>,
    /// Only lame leaps reach it.
    lame_only: bool,
    /// A lame leap passes here: a piece here blocks it.
    blocks: bool,
}

struct Ray {
    from: (i32, i32),
    to: (i32, i32),
    reach: Reach,
}

/// The squares of an n x n board (n odd, the piece in the middle), and the ride lines.
struct Plan {
    n: i32,
    cells: Vec<Cell>,
    rays: Vec<Ray>,
    lame_paths: Vec<(Vec<(i32, i32)>, Reach)>,
}

fn plan(design: &Design) -> Plan {
    let n = (2 * design.reach() as i32 + 1).max(9) | 1;
    let c = n / 2;
    let mut cells = vec![Cell::default(); (n * n) as usize];
    let on = |x: i32, y: i32| (0..n).contains(&x) && (0..n).contains(&y);
    let mut rays = Vec::new();
    let mut lame_paths = Vec::new();
    let mark = |cells: &mut Vec<Cell>, x: i32, y: i32, reach: Reach, lame: bool| {
        let cell = &mut cells[(y * n + x) as usize];
        cell.lame_only = match cell.reach {
            None => lame,
            Some(_) => cell.lame_only && lame,
        };
        cell.reach = Some(cell.reach.map_or(reach, |r| r.merge(reach)));
    };
    for m in motions(design, Color::White, false) {
        let (dx, dy) = (m.dx as i32, m.dy as i32);
        if m.rider {
            let mut k = 1;
            while on(c + k * dx, c + k * dy) {
                mark(&mut cells, c + k * dx, c + k * dy, m.reach, false);
                k += 1;
            }
            if k > 1 {
                rays.push(Ray {
                    from: (c, c),
                    to: (c + (k - 1) * dx, c + (k - 1) * dy),
                    reach: m.reach,
                });
            }
        } else if on(c + dx, c + dy) {
            mark(&mut cells, c + dx, c + dy, m.reach, m.lame);
            if m.lame {
                let path: Vec<(i32, i32)> = Leap::lame_path(m.dx, m.dy)
                    .into_iter()
                    .map(|(x, y)| (c + x as i32, c + y as i32))
                    .collect();
                for &(x, y) in &path {
                    cells[(y * n + x) as usize].blocks = true;
                }
                let mut full = vec![(c, c)];
                full.extend(path);
                full.push((c + dx, c + dy));
                lame_paths.push((full, m.reach));
            }
        }
    }
    Plan {
        n,
        cells,
        rays,
        lame_paths,
    }
}

/// One line of the legend.
struct Line {
    face: Face,
    px: f32,
    rgb: Rgb,
    text: String,
    gap_before: f32,
}

fn legend_lines(
    design: &Design,
    price: &Result<Price, PriceError>,
    width: f32,
    u: f32,
) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut push = |face: Face, px: f32, rgb: Rgb, text: &str, gap: f32, notation: bool| {
        let wrapped = if notation {
            text::wrap_notation(face, px, text, width)
        } else {
            text::wrap_words(face, px, text, width)
        };
        for (i, t) in wrapped.into_iter().enumerate() {
            lines.push(Line {
                face,
                px,
                rgb,
                text: t,
                gap_before: if i == 0 { gap } else { 0.0 },
            });
        }
    };
    let (title_px, _) = text::fit_notation(
        &design.canonical(),
        30.0 * u,
        width,
        3.0 * text::line_height(30.0 * u),
    );
    push(
        Face::Mono,
        title_px,
        palette::TEXT,
        &design.canonical(),
        0.0,
        true,
    );
    if design.written() != design.canonical() {
        push(
            Face::Regular,
            14.0 * u,
            palette::MUTED,
            &format!("written {}", design.written()),
            2.0 * u,
            false,
        );
    }
    match price {
        Ok(p) => {
            let cost = format!("Price {}", engine::zorkmids(p.cost));
            push(Face::Bold, 22.0 * u, palette::PRICE, &cost, 12.0 * u, false);
            push(
                Face::Regular,
                13.0 * u,
                palette::MUTED,
                &format!("{} price table", p.table),
                2.0 * u,
                false,
            );
            let mut first = true;
            for part in &p.parts {
                let mut s = format!("{}: {} {}", part.part, part.base_label, part.base);
                for f in &part.factors {
                    s.push_str(&format!(" × {} {}", f.value.normalize(), f.label));
                }
                if !part.factors.is_empty() {
                    s.push_str(&format!(" = {}", part.subtotal));
                }
                push(
                    Face::Regular,
                    15.0 * u,
                    palette::TEXT,
                    &s,
                    if first { 12.0 * u } else { 4.0 * u },
                    false,
                );
                first = false;
            }
            let mut s = format!("sum {}", p.sum);
            for f in &p.whole {
                s.push_str(&format!(" × {} {}", f.value.normalize(), f.label));
            }
            if !p.whole.is_empty() {
                s.push_str(&format!(" = {}", p.raw));
            }
            if p.raw != p.cost.0 {
                s.push_str(&format!(", rounded up to {}", p.cost));
            }
            push(Face::Bold, 15.0 * u, palette::TEXT, &s, 6.0 * u, false);
        }
        Err(e) => {
            push(
                Face::Bold,
                22.0 * u,
                palette::NEGATIVE,
                "No price",
                12.0 * u,
                false,
            );
            push(
                Face::Regular,
                15.0 * u,
                palette::TEXT,
                &e.to_string(),
                4.0 * u,
                false,
            );
        }
    }
    lines
}

/// The key to the marks: which ones this diagram uses, and a line for each prefix.
fn key_entries(plan: &Plan, design: &Design) -> Vec<(KeyMark, &'static str)> {
    let has = |r: Reach| plan.cells.iter().any(|c| c.reach == Some(r));
    let mut out = Vec::new();
    if has(Reach::Both) {
        out.push((KeyMark::Reach(Reach::Both), "moves or captures"));
    }
    if has(Reach::MoveOnly) {
        out.push((
            KeyMark::Reach(Reach::MoveOnly),
            "moves only, never captures",
        ));
    }
    if has(Reach::CaptureOnly) {
        out.push((KeyMark::Reach(Reach::CaptureOnly), "captures only"));
    }
    if !plan.rays.is_empty() {
        out.push((KeyMark::Ray, "rides on to the edge until blocked"));
    }
    if plan.cells.iter().any(|c| c.blocks) {
        out.push((KeyMark::Block, "a piece here blocks the lame leap"));
    }
    for &prefix in design.prefixes() {
        let meaning = match prefix {
            Prefix::Royal => "royal: it can be checked and checkmated",
            Prefix::Shooting => "shooting: captures without moving",
            Prefix::Relay => "relay: gives its moves to friendly pieces it protects",
            Prefix::DoubleMove => "doublemove: moves twice in one action",
        };
        out.push((KeyMark::Badge(prefix), meaning));
    }
    out
}

#[derive(Clone, Copy)]
enum KeyMark {
    Reach(Reach),
    Ray,
    Block,
    Badge(Prefix),
}

/// One entry of the key, its words wrapped to the legend, and where it starts.
struct Key {
    mark: KeyMark,
    lines: Vec<String>,
    top: f32,
}

fn rect(pix: &mut Pixmap, x: f32, y: f32, w: f32, h: f32, rgb: Rgb, alpha: f32) {
    let r = tiny_skia::Rect::from_xywh(x, y, w, h).expect("a positive rectangle");
    pix.fill_rect(r, &paint(rgb, alpha), Transform::identity(), None);
}

fn stroke_path(pix: &mut Pixmap, p: &tiny_skia::Path, rgb: Rgb, s: &tiny_skia::Stroke) {
    pix.stroke_path(p, &paint(rgb, 1.0), s, Transform::identity(), None);
}

/// Where everything on a diagram goes, and its size: computed before anything is drawn.
struct Layout {
    u: f32,
    cell: f32,
    plan: Plan,
    margin: f32,
    grid: f32,
    legend_x: f32,
    lines: Vec<Line>,
    key_row: f32,
    key_px: f32,
    keys: Vec<Key>,
    text_h: f32,
    width: f32,
    height: f32,
}

fn layout(design: &Design, price: &Result<Price, PriceError>, style: &Style) -> Layout {
    let u = style.u();
    let cell = (style.s() as f32 * 2.0 / 3.0).round();
    let plan = plan(design);
    let margin = (20.0 * u).round();
    let grid = cell * plan.n as f32;
    let legend_x = grid + 2.0 * margin;
    let legend_w = 420.0 * u;
    let lines = legend_lines(design, price, legend_w, u);
    let key_row = 28.0 * u;
    let key_px = 15.0 * u;
    let mut keys_h = 0.0;
    let keys: Vec<Key> = key_entries(&plan, design)
        .into_iter()
        .map(|(mark, words)| {
            let lines = text::wrap_words(Face::Regular, key_px, words, legend_w - 32.0 * u);
            let top = keys_h;
            keys_h += key_row + (lines.len() - 1) as f32 * text::line_height(key_px);
            Key { mark, lines, top }
        })
        .collect();
    let text_h: f32 = lines
        .iter()
        .map(|l| l.gap_before + text::line_height(l.px))
        .sum::<f32>();
    let width = (legend_x + legend_w + margin).ceil();
    let height = (grid + 2.0 * margin)
        .max(text_h + 20.0 * u + keys_h + 2.0 * margin)
        .ceil();

    Layout {
        u,
        cell,
        plan,
        margin,
        grid,
        legend_x,
        lines,
        key_row,
        key_px,
        keys,
        text_h,
        width,
        height,
    }
}

/// The diagram's width and height in pixels, without drawing it.
pub(crate) fn size(
    design: &Design,
    price: &Result<Price, PriceError>,
    style: &Style,
) -> (u32, u32) {
    let layout = layout(design, price, style);
    (layout.width as u32, layout.height as u32)
}

pub(crate) fn draw(design: &Design, price: &Result<Price, PriceError>, style: &Style) -> Canvas {
    let Layout {
        u,
        cell,
        plan,
        margin,
        grid,
        legend_x,
        lines,
        key_row,
        key_px,
        keys,
        text_h,
        width,
        height,
    } = layout(design, price, style);
    // Shapes first, with tiny-skia on a pixmap; then text on the canvas made from it.
    let mut pix = Pixmap::new(width as u32, height as u32).expect("diagram sizes are positive");
    pix.fill(tiny_skia::Color::from_rgba8(
        palette::CARD[0],
        palette::CARD[1],
        palette::CARD[2],
        255,
    ));
    let ox = margin;
    let oy = ((height - grid) / 2.0).round();
    let centre_of =
        |(x, y): (i32, i32)| (ox + (x as f32 + 0.5) * cell, oy + (y as f32 + 0.5) * cell);
    let mid = plan.n / 2;
    for y in 0..plan.n {
        for x in 0..plan.n {
            let light = (x + y) % 2 == 0;
            let rgb = if light { palette::LIGHT } else { palette::DARK };
            let (px, py) = (ox + x as f32 * cell, oy + y as f32 * cell);
            rect(&mut pix, px, py, cell, cell, rgb, 1.0);
            if plan.cells[(y * plan.n + x) as usize].blocks {
                blocker(&mut pix, px + cell / 2.0, py + cell / 2.0, cell * 0.38, u);
            }
        }
    }
    let (px, py) = (ox + mid as f32 * cell, oy + mid as f32 * cell);
    rect(
        &mut pix,
        px,
        py,
        cell,
        cell,
        palette::LAST_MOVE,
        palette::LAST_MOVE_ALPHA,
    );
    for (path, reach) in &plan.lame_paths {
        let mut pb = PathBuilder::new();
        for (i, &sq) in path.iter().enumerate() {
            let (x, y) = centre_of(sq);
            if i == 0 {
                pb.move_to(x, y);
            } else {
                pb.line_to(x, y);
            }
        }
        let p = pb.finish().expect("a path");
        stroke_path(
            &mut pix,
            &p,
            reach.rgb(false),
            &dashed(2.5 * u, 5.0 * u, 4.0 * u),
        );
    }
    for ray in &plan.rays {
        ride_line(
            &mut pix,
            centre_of(ray.from),
            centre_of(ray.to),
            ray.reach,
            cell,
            u,
        );
    }
    for y in 0..plan.n {
        for x in 0..plan.n {
            let c = plan.cells[(y * plan.n + x) as usize];
            if let Some(reach) = c.reach {
                let (cx, cy) = centre_of((x, y));
                let r = if c.lame_only { cell * 0.17 } else { cell * 0.2 };
                draw_mark(
                    &mut pix,
                    reach,
                    cx,
                    cy,
                    r,
                    reach.rgb(false),
                    Some(palette::CARD),
                );
            }
        }
    }
    let key_top = margin + text_h + 20.0 * u;
    let mut badges = Vec::new();
    for key in &keys {
        let (mx, my) = (legend_x + 12.0 * u, key_top + key.top + key_row / 2.0);
        match key.mark {
            KeyMark::Reach(r) => draw_mark(&mut pix, r, mx, my, 8.0 * u, r.rgb(false), None),
            KeyMark::Ray => ride_line(
                &mut pix,
                (mx - 12.0 * u, my),
                (mx + 4.0 * u, my),
                Reach::Both,
                24.0 * u,
                u,
            ),
            KeyMark::Block => blocker(&mut pix, mx, my, 9.0 * u, u),
            // Badges are sprites, copied onto the canvas below.
            KeyMark::Badge(prefix) => badges.push((prefix, mx, my)),
        }
    }

    let mut canvas = Canvas::from_pixmap(&pix);
    canvas.blit(
        &sprite(design, Color::White, false, cell as u32),
        px as i32,
        py as i32,
    );
    text::draw(
        &mut canvas,
        Face::Regular,
        12.0 * u,
        ox,
        oy - 6.0 * u,
        palette::MUTED,
        "forward ↑",
    );
    let mut y = margin;
    for l in &lines {
        y += l.gap_before + text::line_height(l.px);
        text::draw(
            &mut canvas,
            l.face,
            l.px,
            legend_x,
            y - (text::line_height(l.px) - text::cap_height(l.px)) / 2.0,
            l.rgb,
            &l.text,
        );
    }
    let side = (22.0 * u).round() as u32;
    for (prefix, mx, my) in badges {
        let half = side as f32 / 2.0;
        canvas.blit(
            &emblem(Emblem::Badge(prefix), side),
            (mx - half).round() as i32,
            (my - half).round() as i32,
        );
    }
    for key in &keys {
        let mut baseline = key_top + key.top + key_row / 2.0 + text::cap_height(key_px) / 2.0;
        for line in &key.lines {
            text::draw(
                &mut canvas,
                Face::Regular,
                key_px,
                legend_x + 32.0 * u,
                baseline,
                palette::TEXT,
                line,
            );
            baseline += text::line_height(key_px);
        }
    }
    canvas
}

/// A dashed square: a piece standing here blocks a lame leap.
fn blocker(pix: &mut Pixmap, cx: f32, cy: f32, half: f32, u: f32) {
    let r =
        tiny_skia::Rect::from_xywh(cx - half, cy - half, 2.0 * half, 2.0 * half).expect("a square");
    let dash = half / 4.0;
    stroke_path(
        pix,
        &PathBuilder::from_rect(r),
        palette::LAME,
        &dashed(2.5 * u, dash * 1.4, dash),
    );
}

/// A ride: a line from the piece through its squares, with an arrowhead past the last one
/// to say it goes on.
fn ride_line(pix: &mut Pixmap, from: (f32, f32), to: (f32, f32), reach: Reach, cell: f32, u: f32) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    // The arrow's tip is where the ray leaves the last square, at the board's edge.
    let out = cell * 0.5 / ux.abs().max(uy.abs());
    let tip = (to.0 + ux * out, to.1 + uy * out);
    let rgb = reach.rgb(false);
    let mut pb = PathBuilder::new();
    pb.move_to(from.0, from.1);
    pb.line_to(tip.0 - ux * 6.0 * u, tip.1 - uy * 6.0 * u);
    let line = pb.finish().expect("a line");
    let s = match reach {
        Reach::MoveOnly => dashed(3.0 * u, 7.0 * u, 4.0 * u),
        _ => stroke(3.0 * u),
    };
    stroke_path(pix, &line, rgb, &s);
    let (w, l) = (6.0 * u, 11.0 * u);
    let mut pb = PathBuilder::new();
    pb.move_to(tip.0, tip.1);
    pb.line_to(tip.0 - ux * l - uy * w, tip.1 - uy * l + ux * w);
    pb.line_to(tip.0 - ux * l + uy * w, tip.1 - uy * l - ux * w);
    pb.close();
    let head = pb.finish().expect("a triangle");
    pix.fill_path(
        &head,
        &paint(rgb, 1.0),
        FillRule::Winding,
        Transform::identity(),
        None,
    );
}

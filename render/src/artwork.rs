//! Our own vector artwork for the six FIDE designs, drawn in a 100x100 box: a body filled in
//! the side's colour with a dark outline, and detail lines that stay visible on both colours.

use crate::canvas::{paint, stroke};
use crate::path::parse;
use crate::style::{palette, Rgb};
use engine::{Color, Fide};
use std::sync::OnceLock;
use tiny_skia::{FillRule, Path, Pixmap, Transform};

/// One layer of a piece, drawn in order, back to front.
enum Layer {
    /// Filled with the body colour, outlined.
    Body(Path),
    /// A line in the detail colour.
    Detail(Path),
    /// Filled with the detail colour (eyes, nostrils).
    Spot(Path),
}

fn body(d: &str) -> Layer {
    Layer::Body(parse(d))
}

fn detail(d: &str) -> Layer {
    Layer::Detail(parse(d))
}

fn circle(cx: f32, cy: f32, r: f32) -> Path {
    tiny_skia::PathBuilder::from_circle(cx, cy, r).expect("positive radius")
}

/// The flared foot every piece stands on.
const FOOT: &str = "M22 87 C22 81 27 78 34 77 L66 77 C73 78 78 81 78 87 Z";

fn pawn() -> Vec<Layer> {
    vec![
        body("M39 50 C39 61 30 68 28 78 L72 78 C70 68 61 61 61 50 Z"),
        body("M35 46 C35 42 65 42 65 46 C65 50 35 50 35 46 Z"),
        Layer::Body(circle(50.0, 31.0, 12.5)),
        body(FOOT),
    ]
}

fn rook() -> Vec<Layer> {
    vec![
        body("M33 38 L67 38 L65 71 L35 71 Z"),
        body("M29 71 L71 71 L73 78 L27 78 Z"),
        body("M26 17 L35 17 L35 24 L45 24 L45 17 L55 17 L55 24 L65 24 L65 17 L74 17 L74 31 L68 38 L32 38 L26 31 Z"),
        body(FOOT),
        detail("M29 31 L71 31"),
    ]
}

fn bishop() -> Vec<Layer> {
    vec![
        body("M40 66 L60 66 C63 72 66 75 70 78 L30 78 C34 75 37 72 40 66 Z"),
        body("M50 19 C63 28 69 41 65 53 C63 59 60 61 60 66 L40 66 C40 61 37 59 35 53 C31 41 37 28 50 19 Z"),
        body("M37 63 C37 60 63 60 63 63 C63 67 37 67 37 63 Z"),
        Layer::Body(circle(50.0, 15.0, 5.0)),
        body(FOOT),
        detail("M58 30 L45 46"),
    ]
}

fn queen() -> Vec<Layer> {
    vec![
        body("M27 72 L16 33 L33 55 L35 24 L45 53 L50 19 L55 53 L65 24 L67 55 L84 33 L73 72 Z"),
        Layer::Body(circle(16.0, 31.0, 5.0)),
        Layer::Body(circle(35.0, 21.0, 5.0)),
        Layer::Body(circle(50.0, 16.0, 5.0)),
        Layer::Body(circle(65.0, 21.0, 5.0)),
        Layer::Body(circle(84.0, 31.0, 5.0)),
        body("M27 72 C40 67 60 67 73 72 L72 78 L28 78 Z"),
        body(FOOT),
        detail("M30 73 C43 70 57 70 70 73"),
    ]
}

fn king() -> Vec<Layer> {
    vec![
        body("M47 8 L53 8 L53 14 L59 14 L59 20 L53 20 L53 28 L47 28 L47 20 L41 20 L41 14 L47 14 Z"),
        body("M50 58 C44 46 43 35 50 28 C57 35 56 46 50 58 Z"),
        body(
            "M27 72 C13 60 17 40 33 41 C42 42 47 50 50 58 C53 50 58 42 67 41 C83 40 87 60 73 72 Z",
        ),
        body("M27 72 C40 67 60 67 73 72 L72 78 L28 78 Z"),
        body(FOOT),
        detail("M30 73 C43 70 57 70 70 73"),
        detail("M50 58 L50 69"),
    ]
}

fn knight() -> Vec<Layer> {
    vec![
        body("M28 78 C27 66 33 58 44 52 C38 52 33 55 28 61 C24 65 17 63 16 57 C15 52 19 46 24 41 C29 35 33 27 36 23 L35 13 L42 20 L46 12 L50 20 C66 22 76 38 76 56 C76 65 74 72 73 78 Z"),
        body(FOOT),
        Layer::Spot(circle(38.0, 33.0, 2.8)),
        Layer::Spot(circle(22.0, 55.0, 1.8)),
        detail("M52 24 C64 30 70 44 70 60 C70 66 69 72 68 76"),
    ]
}

fn layers(fide: Fide) -> &'static [Layer] {
    static ART: OnceLock<[Vec<Layer>; 6]> = OnceLock::new();
    let art = ART.get_or_init(|| [pawn(), knight(), bishop(), rook(), queen(), king()]);
    &art[Fide::ALL
        .iter()
        .position(|&f| f == fide)
        .expect("six FIDE designs")]
}

/// Draw a FIDE piece filling a `size` box with its top left corner at (x, y).
pub(crate) fn draw(pix: &mut Pixmap, fide: Fide, color: Color, x: f32, y: f32, size: f32) {
    let (fill, line, detail_rgb): (Rgb, Rgb, Rgb) = match color {
        Color::White => (
            palette::WHITE_BODY,
            palette::WHITE_LINE,
            palette::WHITE_LINE,
        ),
        Color::Black => (
            palette::BLACK_BODY,
            palette::BLACK_LINE,
            palette::BLACK_DETAIL,
        ),
    };
    let t = Transform::from_row(size / 100.0, 0.0, 0.0, size / 100.0, x, y);
    // Outlines are at least a pixel wide so small icons keep their shape.
    let outline = stroke((3.2f32).max(100.0 / size));
    let thin = stroke((2.6f32).max(90.0 / size));
    for layer in layers(fide) {
        match layer {
            Layer::Body(p) => {
                pix.fill_path(p, &paint(fill, 1.0), FillRule::Winding, t, None);
                pix.stroke_path(p, &paint(line, 1.0), &outline, t, None);
            }
            Layer::Detail(p) => pix.stroke_path(p, &paint(detail_rgb, 1.0), &thin, t, None),
            Layer::Spot(p) => pix.fill_path(p, &paint(detail_rgb, 1.0), FillRule::Winding, t, None),
        }
    }
}

//! Decode every picture and check its size and key pixels: squares, pieces, highlights,
//! panels, the result, and the marks of a design diagram.

mod common;

use render::engine::{price, Color, Design, PriceTable, Proposals, Square};
use render::{BoardView, ClockView, Style};

use common::{close, Picture};

const LIGHT: [u8; 3] = [240, 217, 181];
const DARK: [u8; 3] = [181, 136, 99];
const WHITE_BODY: [u8; 3] = [250, 250, 247];
const BLACK_BODY: [u8; 3] = [42, 42, 42];
const ACTIVE: [u8; 3] = [98, 153, 36];
const RESULT: [u8; 3] = [250, 214, 90];
const CLOCK_RUNNING: [u8; 3] = [49, 46, 43];
const NEGATIVE: [u8; 3] = [200, 40, 30];

fn blend(base: [u8; 3], over: [u8; 3], alpha: f32) -> [u8; 3] {
    [0, 1, 2].map(|c| (over[c] as f32 * alpha + base[c] as f32 * (1.0 - alpha)).round() as u8)
}

fn square_colour(sq: Square) -> [u8; 3] {
    if sq.is_light() {
        LIGHT
    } else {
        DARK
    }
}

/// Check one board picture against its view.
fn check_board(view: &BoardView, style: &Style) {
    let pic = Picture::decode(&render::board(view, style));
    assert_eq!((pic.width, pic.height), style.board_image_size());
    for sq in Square::all() {
        let r = style.square_rect(sq, view.orientation);
        let base = if view.last_action.contains(&sq) {
            blend(square_colour(sq), [155, 199, 0], 0.41)
        } else {
            square_colour(sq)
        };
        // A corner of the square shows its colour (or the last action's tint) under any piece.
        if !view.check.contains(&sq) {
            assert!(
                close(pic.at(r.x + 2, r.y + 2), base, 3),
                "{sq} corner is {:?}, not {base:?}",
                pic.at(r.x + 2, r.y + 2)
            );
        }
        let (cx, cy) = r.centre();
        match view.piece_at(sq) {
            None => assert!(close(pic.at(cx, cy), base, 3), "{sq} should be empty"),
            Some((color, _)) => {
                let body = if color == Color::White {
                    WHITE_BODY
                } else {
                    BLACK_BODY
                };
                let n = pic.count(r.x, r.y, r.w, r.h, body, 6);
                assert!(
                    n * 16 > (r.w * r.h) as usize,
                    "{sq}: too little {color} piece drawn ({n} px)"
                );
            }
        }
    }
    for &sq in &view.check {
        let r = style.square_rect(sq, view.orientation);
        let [red, green, _] = pic.at(r.x + r.w / 16, r.y + r.h / 2);
        assert!(
            red as i32 > green as i32 + 60,
            "{sq} should glow red for check"
        );
    }
    // Panels: the side to move's card carries the green stripe, and a result shows.
    let p = style.panel_rect();
    // Pixel counts below are for 90 px squares; scale them with the area.
    let area = |n: usize| n * (style.square * style.square) as usize / (90 * 90);
    let top = pic.count(p.x, 0, p.w, p.h / 2, ACTIVE, 2);
    let bottom = pic.count(p.x, p.h / 2, p.w, p.h / 2, ACTIVE, 2);
    let results = pic.count(p.x, 0, p.w, p.h, RESULT, 2);
    match &view.result {
        Some(_) => {
            assert_eq!((top, bottom), (0, 0), "a finished game has nobody to move");
            assert!(results > area(1000), "the result should show");
        }
        None => {
            let top_to_move = view.to_move != view.orientation;
            assert_eq!(
                top > area(1000),
                top_to_move,
                "stripe on the wrong card: top {top}, bottom {bottom}"
            );
            assert_eq!(
                bottom > area(1000),
                !top_to_move,
                "stripe on the wrong card: top {top}, bottom {bottom}"
            );
            assert_eq!(results, 0);
        }
    }
    // Both cards hold text: dark pixels of names and notation.
    for half in [0, p.h / 2] {
        let ink = pic.count(p.x, half, p.w, p.h / 2, [34, 32, 29], 40);
        assert!(
            ink > area(1500),
            "a panel half has too little text ({ink} px)"
        );
    }
}

#[test]
fn every_golden_view_draws_squares_pieces_highlights_and_panels() {
    for (name, view) in common::golden_views() {
        eprintln!("checking {name}");
        check_board(&view, &Style::default());
    }
}

#[test]
fn each_view_from_the_other_side_too() {
    for (_, view) in common::golden_views() {
        let other = !view.orientation;
        check_board(&view.seen_by(other), &Style::default());
    }
}

#[test]
fn small_and_large_boards() {
    for px in [240, 400, 1200] {
        check_board(&common::fairy(), &Style::board_px(px));
    }
}

#[test]
fn a_crowded_reserve_and_huge_notation_still_fit() {
    let mut view = common::fairy();
    let many = ["WD", "FA", "N", "B", "R", "fN", "sW", "bmD", "fcF"];
    view.players[0].reserve = many.iter().map(|d| (common::design(d), 1)).collect();
    view.players[1].slots[0].design = common::design("Wfc(DNFA)scDsHbmHWfc(DNFA)scDsHbmHsNbbNffL");
    check_board(&view, &Style::default());
}

fn with_clocks(view: BoardView, white: (u64, bool), black: (u64, bool)) -> BoardView {
    let clock = |(remaining, running)| ClockView { remaining, running };
    BoardView {
        clocks: Some([clock(white), clock(black)]),
        ..view
    }
}

/// Pixels of a colour in the top and bottom halves of the panels.
fn panel_halves(view: &BoardView, style: &Style, rgb: [u8; 3]) -> (usize, usize) {
    let pic = Picture::decode(&render::board(view, style));
    let p = style.panel_rect();
    (
        pic.count(p.x, 0, p.w, p.h / 2, rgb, 2),
        pic.count(p.x, p.h / 2, p.w, p.h / 2, rgb, 2),
    )
}

#[test]
fn every_view_with_clocks_still_fits_its_panels() {
    for (name, view) in common::golden_views() {
        eprintln!("checking {name} with clocks");
        let running = view.to_move;
        let view = with_clocks(
            view,
            (86_400 * 3, running == Color::White),
            (754, running == Color::Black),
        );
        check_board(&view, &Style::default());
        check_board(&view, &Style::board_px(240));
    }
    let mut crowded = common::fairy();
    let many = ["WD", "FA", "N", "B", "R", "fN", "sW", "bmD", "fcF"];
    crowded.players[0].reserve = many.iter().map(|d| (common::design(d), 1)).collect();
    check_board(
        &with_clocks(crowded, (5, true), (0, false)),
        &Style::default(),
    );
}

#[test]
fn the_running_clock_is_dark_and_a_low_one_red() {
    let style = Style::default();
    // Black (top, seen from White) to move, its clock running.
    let view = with_clocks(common::middlegame(), (3600, false), (245, true));
    let (top, bottom) = panel_halves(&view, &style, CLOCK_RUNNING);
    assert!(top > 2000, "the running clock's box: {top} px");
    assert!(bottom < 100, "the waiting clock is light: {bottom} px");
    let (top, bottom) = panel_halves(&view, &style, NEGATIVE);
    assert_eq!((top, bottom), (0, 0), "no clock is low");

    let low = with_clocks(common::middlegame(), (0, false), (42, true));
    let (top, bottom) = panel_halves(&low, &style, NEGATIVE);
    assert!(top > 2000, "a low running clock is a red box: {top} px");
    assert!(
        bottom > 30,
        "a flagged waiting clock has red digits: {bottom} px"
    );
    let (top, _) = panel_halves(&low, &style, CLOCK_RUNNING);
    assert!(top < 100, "red instead of dark: {top} px");
}

#[test]
fn the_knight_diagram_marks_its_eight_squares() {
    let style = Style::default();
    let design = Design::parse("N").unwrap();
    let priced = price(&design, PriceTable::Classic, &Proposals::default());
    let pic = Picture::decode(&render::design(&design, &priced, &style));
    let cell = 60;
    let grid = 9 * cell;
    assert!(pic.width > grid + 300 && pic.height >= grid);
    let (ox, oy) = (20, (pic.height - grid) / 2);
    let centre = |x: i32, y: i32| {
        (
            ox + (x as u32) * cell + cell / 2,
            oy + (y as u32) * cell + cell / 2,
        )
    };
    let knight = [
        (1, 2),
        (2, 1),
        (-1, 2),
        (-2, 1),
        (1, -2),
        (2, -1),
        (-1, -2),
        (-2, -1),
    ];
    for y in 0..9 {
        for x in 0..9 {
            let (px, py) = centre(x, y);
            let (dx, dy) = (x - 4, y - 4);
            let colour = pic.at(px, py);
            if knight.contains(&(dx, dy)) {
                assert!(
                    close(colour, [30, 120, 60], 4),
                    "({dx},{dy}) should be marked, is {colour:?}"
                );
            } else if (dx, dy) != (0, 0) {
                let plain = if (x + y) % 2 == 0 { LIGHT } else { DARK };
                assert!(
                    close(colour, plain, 3),
                    "({dx},{dy}) should be plain, is {colour:?}"
                );
            }
        }
    }
    // The knight itself stands in the middle.
    let (px, py) = centre(4, 4);
    assert!(pic.count(px - 30, py - 30, 60, 60, WHITE_BODY, 6) > 400);
}

#[test]
fn unpriced_and_royal_designs_still_get_a_diagram() {
    for text in ["nN", "royal-WbmDfcA", "Wfc(DNFA)scDsHbmH", "NNmRcB", "ZZ"] {
        let design = Design::parse(text).unwrap();
        let priced = price(&design, PriceTable::Classic, &Proposals::default());
        let pic = Picture::decode(&render::design(&design, &priced, &Style::default()));
        assert!(
            pic.width > 600 && pic.height >= 540,
            "{text}: {}x{}",
            pic.width,
            pic.height
        );
    }
}

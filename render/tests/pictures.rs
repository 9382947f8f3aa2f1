//! Decode every picture and check its size and key pixels: squares, pieces, highlights,
//! panels, the result, prefix badges, fog and rock, and the marks of a design diagram.

use render::testing;

use render::engine::{price, Color, Design, Prefix, PriceTable, Proposals, Square};
use render::{ClockView, CsipgsBoardView, Style};
use std::str::FromStr;

use testing::{
    blend, check_square, close, square_colour, tinted, Picture, ACTIVE, CLOCK_RUNNING, DARK, LIGHT,
    RESULT, WHITE_BODY,
};

const NEGATIVE: [u8; 3] = [200, 40, 30];
const ROCK: [u8; 3] = [72, 64, 57];
const ROCK_LINE: [u8; 3] = [118, 106, 94];
const FOG: [u8; 3] = [138, 141, 148];
const FOG_ROCK_LINE: [u8; 3] = [88, 90, 96];
const SHOOTING: [u8; 3] = [222, 60, 40];
const RELAY: [u8; 3] = [20, 125, 135];
const DOUBLEMOVE: [u8; 3] = [120, 65, 175];

/// A square the viewer can't see: its colour under 80 % fog.
fn fogged(sq: Square) -> [u8; 3] {
    blend(square_colour(sq), FOG, 0.8)
}

/// Check one board picture against its view.
fn check_board(view: &CsipgsBoardView, style: &Style) {
    let pic = Picture::decode(&render::board(
        &render::BoardView::from(view.clone()),
        style,
    ));
    assert_eq!((pic.width, pic.height), style.board_image_size());
    for sq in Square::all() {
        let r = style.square_rect(sq, view.orientation);
        let hidden = view.hidden.contains(&sq);
        if view.terrain.contains(&sq) {
            // Rock, hatched: in the fog's grey with darker lines when unseen.
            let (ground, line) = if hidden {
                (FOG, FOG_ROCK_LINE)
            } else {
                (ROCK, ROCK_LINE)
            };
            let area = (r.w * r.h) as usize;
            let g = pic.count(r.x, r.y, r.w, r.h, ground, 3);
            let l = pic.count(r.x, r.y, r.w, r.h, line, 3);
            assert!(
                g * 3 > area && l * 10 > area,
                "{sq}: rock {g} px, lines {l} px"
            );
            assert!(view.piece_at(sq).is_none(), "{sq}: a piece on rock");
            continue;
        }
        let square = if hidden {
            fogged(sq)
        } else {
            square_colour(sq)
        };
        let base = if view.last_action.contains(&sq) {
            tinted(square)
        } else {
            square
        };
        let glows = view.check.contains(&sq);
        let piece = view.piece_at(sq).map(|(color, _)| color);
        check_square(&pic, r, sq, base, glows, piece);
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
    for (name, view) in testing::golden_views() {
        eprintln!("checking {name}");
        check_board(&view, &Style::default());
    }
}

#[test]
fn each_view_from_the_other_side_too() {
    for (_, view) in testing::golden_views() {
        let other = !view.orientation;
        check_board(&view.seen_by(other), &Style::default());
    }
}

#[test]
fn small_and_large_boards() {
    for px in [240, 400, 1200] {
        check_board(&testing::fairy(), &Style::board_px(px));
    }
}

#[test]
fn a_crowded_reserve_and_huge_notation_still_fit() {
    let mut view = testing::fairy();
    let many = ["WD", "FA", "N", "B", "R", "fN", "sW", "bmD", "fcF"];
    view.players[0].reserve = many.iter().map(|d| (testing::design(d), 1)).collect();
    view.players[1].slots[0].design = testing::design("Wfc(DNFA)scDsHbmHWfc(DNFA)scDsHbmHsNbbNffL");
    check_board(&view, &Style::default());
}

#[test]
fn reserves_of_five_eight_twelve_and_fourteen_designs_fit() {
    for n in [5, 8, 12, 14] {
        let mut view = testing::fairy();
        view.players[0].reserve = testing::reserve_of(n);
        view.players[1].reserve = testing::reserve_of(n);
        for style in [
            Style::default(),
            Style::board_px(240),
            Style::board_px(1200),
        ] {
            eprintln!("{n} designs, {} px squares", style.square);
            check_board(&view, &style);
            check_board(&view.clone().seen_by(Color::Black), &style);
        }
    }
}

fn with_clocks(view: CsipgsBoardView, white: (u64, bool), black: (u64, bool)) -> CsipgsBoardView {
    let clock = |(remaining, running)| ClockView { remaining, running };
    CsipgsBoardView {
        clocks: Some([clock(white), clock(black)]),
        ..view
    }
}

/// Pixels of a colour in the top and bottom halves of the panels.
fn panel_halves(view: &CsipgsBoardView, style: &Style, rgb: [u8; 3]) -> (usize, usize) {
    let pic = Picture::decode(&render::board(
        &render::BoardView::from(view.clone()),
        style,
    ));
    let p = style.panel_rect();
    (
        pic.count(p.x, 0, p.w, p.h / 2, rgb, 2),
        pic.count(p.x, p.h / 2, p.w, p.h / 2, rgb, 2),
    )
}

#[test]
fn every_view_with_clocks_still_fits_its_panels() {
    for (name, view) in testing::golden_views() {
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
    let mut crowded = testing::fairy();
    let many = ["WD", "FA", "N", "B", "R", "fN", "sW", "bmD", "fcF"];
    crowded.players[0].reserve = many.iter().map(|d| (testing::design(d), 1)).collect();
    check_board(
        &with_clocks(crowded, (5, true), (0, false)),
        &Style::default(),
    );
}

#[test]
fn the_running_clock_is_dark_and_a_low_one_red() {
    let style = Style::default();
    // Black (top, seen from White) to move, its clock running.
    let view = with_clocks(testing::middlegame(), (3600, false), (245, true));
    let (top, bottom) = panel_halves(&view, &style, CLOCK_RUNNING);
    assert!(top > 2000, "the running clock's box: {top} px");
    assert!(bottom < 100, "the waiting clock is light: {bottom} px");
    let (top, bottom) = panel_halves(&view, &style, NEGATIVE);
    assert_eq!((top, bottom), (0, 0), "no clock is low");

    let low = with_clocks(testing::middlegame(), (0, false), (42, true));
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

#[test]
fn a_debt_shows_in_red_and_credit_does_not() {
    let style = Style::default();
    let mut view = testing::middlegame();
    let (top, bottom) = panel_halves(&view, &style, NEGATIVE);
    assert_eq!((top, bottom), (0, 0), "nobody is in debt");
    view.players[Color::White.index()].treasury = "-2.5".parse().unwrap();
    let (top, bottom) = panel_halves(&view, &style, NEGATIVE);
    assert_eq!(top, 0, "Black has 4.5");
    assert!(bottom > 60, "White's debt is red: {bottom} px");
}

/// Pixels of a colour in one quarter of a square: 0 top left, 1 top right, 2 bottom left,
/// 3 bottom right.
fn in_quarter(pic: &Picture, style: &Style, sq: Square, quarter: u32, rgb: [u8; 3]) -> usize {
    let r = style.square_rect(sq, Color::White);
    let (w, h) = (r.w / 2, r.h / 2);
    pic.count(r.x + quarter % 2 * w, r.y + quarter / 2 * h, w, h, rgb, 4)
}

#[test]
fn each_prefix_has_its_badge_in_its_own_corner() {
    let style = Style::default();
    let view = testing::prefixes();
    let pic = Picture::decode(&render::board(
        &render::BoardView::from(view.clone()),
        &style,
    ));
    let badges = [(SHOOTING, 0), (RELAY, 2), (DOUBLEMOVE, 3)];
    for (sq, design) in view.pieces.iter().map(|(sq, _, d)| (*sq, d)) {
        for (rgb, quarter) in badges {
            let n = in_quarter(&pic, &style, sq, quarter, rgb);
            let prefix = match quarter {
                0 => Prefix::Shooting,
                2 => Prefix::Relay,
                _ => Prefix::DoubleMove,
            };
            if design.has_prefix(prefix) {
                assert!(n > 40, "{sq} {}: {prefix:?} badge {n} px", design.written());
            } else {
                assert_eq!(n, 0, "{sq} {}: no {prefix:?} badge", design.written());
            }
        }
    }
    // The royal doublemove piece keeps its crown, top right, beside its chevrons.
    let g7 = Square::from_str("g7").unwrap();
    assert!(in_quarter(&pic, &style, g7, 1, [232, 182, 50]) > 40);
    assert!(in_quarter(&pic, &style, g7, 1, DOUBLEMOVE) == 0);
    // The panels show badges on reserve and slot tokens too.
    let p = style.panel_rect();
    for rgb in [SHOOTING, RELAY, DOUBLEMOVE] {
        assert!(pic.count(p.x, p.h / 2, p.w, p.h / 2, rgb, 4) > 40);
    }
}

#[test]
fn the_diagram_of_a_prefixed_design_explains_each_prefix() {
    let style = Style::default();
    let plain = Design::parse("FfR").unwrap();
    let prefixed = Design::parse("relay-doublemove-shooting-FfR").unwrap();
    let draw = |d: &Design| {
        let priced = price(d, PriceTable::Classic, &Proposals::default());
        Picture::decode(&render::design(d, &priced, &style))
    };
    let (plain, prefixed) = (draw(&plain), draw(&prefixed));
    // Three more key lines make the picture taller, unless the board already sets its height.
    assert!(prefixed.height >= plain.height);
    let legend_x = 9 * 60 + 40;
    for rgb in [SHOOTING, RELAY, DOUBLEMOVE] {
        let count =
            |pic: &Picture| pic.count(legend_x, 0, pic.width - legend_x, pic.height, rgb, 4);
        assert_eq!(count(&plain), 0);
        assert!(count(&prefixed) > 100, "a key badge in {rgb:?}");
    }
}

#[test]
fn fog_and_rock_read_apart_from_each_other_and_from_plain_squares() {
    let style = Style::default();
    let view = testing::fog();
    let pic = Picture::decode(&render::board(
        &render::BoardView::from(view.clone()),
        &style,
    ));
    let centre = |name: &str| {
        let r = style.square_rect(Square::from_str(name).unwrap(), Color::White);
        pic.at(r.x + r.w / 2, r.y + r.h / 2)
    };
    // h8 and a8 are both light: unseen and seen.
    let (unseen, seen) = (centre("h8"), centre("a8"));
    assert!(!close(unseen, seen, 40), "fog {unseen:?} against {seen:?}");
    assert!(!close(unseen, ROCK, 40) && !close(seen, ROCK, 40));
    // g6 is rock the viewer has never seen: plain fog, no hatching.
    let g6 = style.square_rect(Square::from_str("g6").unwrap(), Color::White);
    assert_eq!(pic.count(g6.x, g6.y, g6.w, g6.h, FOG_ROCK_LINE, 8), 0);
}

/// The web pages' board is the board picture's left part, pixel for pixel, for every sample
/// of both families and both sides.
#[test]
fn the_board_alone_is_the_board_pictures_left_part() {
    let style = Style::default();
    let mut views: Vec<render::BoardView> = testing::golden_views()
        .into_iter()
        .map(|(_, v)| render::BoardView::from(v))
        .collect();
    views.push(render::BoardView::Fide(testing::fide_middlegame()));
    for view in views {
        for side in [Color::White, Color::Black] {
            let view = view.clone().seen_by(side);
            let whole = Picture::decode(&render::board(&view, &style));
            let alone = Picture::decode(&render::board_alone(&view, &style));
            assert_eq!((alone.width, alone.height), style.board_alone_size());
            let (w, ww) = (alone.width as usize * 3, whole.width as usize * 3);
            for y in 0..alone.height as usize {
                let row = &whole.rgb[y * ww..y * ww + w];
                assert!(
                    alone.rgb[y * w..(y + 1) * w] == *row,
                    "row {y} from {side:?}"
                );
            }
        }
    }
}

/// A diagram's size is known without drawing it, for pages that give a picture its size.
#[test]
fn a_diagrams_size_is_its_pictures() {
    let style = Style::default();
    for text in ["WbRbmHfB", "fc(DNFA)", "Q", "NN", "K", "royal-WF"] {
        let design = testing::design(text);
        let price = price(&design, PriceTable::Classic, &Proposals::default());
        let pic = Picture::decode(&render::design(&design, &price, &style));
        assert_eq!(
            render::design_size(&design, &price, &style),
            (pic.width, pic.height),
            "{text}"
        );
    }
}

//! The FIDE-family pictures: decode the board PNG and the replay GIF and check their sizes,
//! squares, pieces, highlights, and what the cards beside the board show: names, clocks,
//! captured pieces, the last moves and the variants in force.

use render::testing;

use image::codecs::gif::GifDecoder;
use image::AnimationDecoder;
use render::engine::fide::{FideGame, Variants};
use render::engine::{Color, Square};
use render::{FideBoardView, FideReplayView, Style};

use testing::{
    check_square, square_colour, tinted, Picture, ACTIVE, BLACK_BODY, CLOCK_RUNNING, RESULT,
    WHITE_BODY,
};

const TEXT: [u8; 3] = [34, 32, 29];

fn draw(view: &FideBoardView, style: &Style) -> Picture {
    Picture::decode(&render::board(
        &render::BoardView::from(view.clone()),
        style,
    ))
}

/// Check the board half of a picture against its view: every square's colour (tinted for
/// the last move), a piece's body where one stands, the red glow under a king in check.
fn check_board(view: &FideBoardView, style: &Style) {
    let pic = draw(view, style);
    assert_eq!((pic.width, pic.height), style.board_image_size());
    for sq in Square::all() {
        let r = style.square_rect(sq, view.orientation);
        let base = if view.last_move.contains(&sq) {
            tinted(square_colour(sq))
        } else {
            square_colour(sq)
        };
        let glows = view.check.contains(&sq);
        if glows {
            let [red, green, _] = pic.at(r.x + r.w / 16, r.y + r.h / 2);
            assert!(red as i32 > green as i32 + 60, "{sq} should glow red");
        }
        let piece = view.piece_at(sq).map(|(color, _)| color);
        check_square(&pic, r, sq, base, glows, piece);
    }
}

/// Pixels of a colour in the top and bottom cards of the panel (two ninths of its height
/// each: a card with a clock, and nothing of the status line or the variants between).
fn cards(pic: &Picture, style: &Style, rgb: [u8; 3], tol: u8) -> (usize, usize) {
    let p = style.panel_rect();
    let h = p.h * 2 / 9;
    (
        pic.count(p.x, 0, p.w, h, rgb, tol),
        pic.count(p.x, p.h - h, p.w, h, rgb, tol),
    )
}

/// How many pixels of a rectangle differ between two pictures.
fn differing(a: &Picture, b: &Picture, x: u32, y: u32, w: u32, h: u32) -> usize {
    (y..y + h)
        .flat_map(|yy| (x..x + w).map(move |xx| (xx, yy)))
        .filter(|&(xx, yy)| a.at(xx, yy) != b.at(xx, yy))
        .count()
}

#[test]
fn the_start_and_a_middlegame_draw_squares_pieces_and_the_last_move() {
    let start = FideBoardView::from_game(&FideGame::new(Variants::NONE), ["A", "B"]);
    assert_eq!(start.pieces.len(), 32);
    for view in [start, testing::fide_middlegame()] {
        check_board(&view, &Style::default());
        check_board(&view.clone().seen_by(Color::Black), &Style::default());
    }
}

#[test]
fn small_and_large_boards() {
    for px in [240, 400, 1200] {
        check_board(&testing::fide_middlegame(), &Style::board_px(px));
    }
}

#[test]
fn the_king_in_check_glows_and_the_result_shows_with_nobody_to_move() {
    let style = Style::default();
    let view = testing::fide_mate();
    assert_eq!(view.check, ["e1".parse::<Square>().unwrap()]);
    check_board(&view, &style);
    let pic = draw(&view, &style);
    let p = style.panel_rect();
    assert!(
        pic.count(p.x, 0, p.w, p.h, RESULT, 2) > 1000,
        "the result band"
    );
    assert_eq!(pic.count(p.x, 0, p.w, p.h, ACTIVE, 2), 0, "nobody to move");
}

#[test]
fn the_side_to_move_has_the_stripe_and_the_running_clock() {
    let style = Style::default();
    // Black to move, seen from White's side: Black's card is on top.
    let view = testing::fide_middlegame();
    assert_eq!(view.to_move, Color::Black);
    let pic = draw(&view, &style);
    let (top, bottom) = cards(&pic, &style, ACTIVE, 2);
    assert!(
        top > 500 && bottom == 0,
        "stripe: top {top}, bottom {bottom}"
    );
    let (top, bottom) = cards(&pic, &style, CLOCK_RUNNING, 2);
    assert!(
        top > 1500 && bottom < 100,
        "running clock: top {top}, bottom {bottom}"
    );
    // From Black's side the cards swap.
    let pic = draw(&view.seen_by(Color::Black), &style);
    let (top, bottom) = cards(&pic, &style, ACTIVE, 2);
    assert!(
        top == 0 && bottom > 500,
        "stripe: top {top}, bottom {bottom}"
    );
}

#[test]
fn captured_pieces_show_on_the_capturers_card_in_the_losers_colour() {
    let style = Style::default();
    let view = testing::fide_middlegame();
    let names = |v: &[(render::engine::Design, u32)]| -> Vec<String> {
        v.iter()
            .map(|(d, n)| format!("{}{n}", d.piece_name()))
            .collect()
    };
    assert_eq!(names(&view.captured[0]), ["P1", "N1", "Q1"]);
    assert_eq!(names(&view.captured[1]), ["P1", "B1", "Q1"]);
    let none = FideBoardView {
        captured: [vec![], vec![]],
        ..view.clone()
    };
    let (with, without) = (draw(&view, &style), draw(&none, &style));
    // White sits at the bottom: its card holds black pieces, Black's card white ones (whose
    // outlines are dark too, but far thinner than a black piece's body).
    let gain = |rgb| {
        let (top, bottom) = cards(&with, &style, rgb, 2);
        let (top0, bottom0) = cards(&without, &style, rgb, 2);
        (top - top0, bottom - bottom0)
    };
    let (top, bottom) = gain(BLACK_BODY);
    assert!(
        bottom > 300 && bottom > 4 * top,
        "black bodies: top +{top}, bottom +{bottom}"
    );
    let (top, bottom) = gain(WHITE_BODY);
    assert!(
        top > 300 && top > 4 * bottom,
        "white bodies: top +{top}, bottom +{bottom}"
    );
    // The board itself is the same.
    let b = style.panel_rect().x;
    assert_eq!(differing(&with, &without, 0, 0, b, with.height), 0);
}

#[test]
fn the_variants_in_force_are_listed_and_standard_chess_says_so() {
    let style = Style::default();
    let view = testing::fide_middlegame();
    assert_eq!(view.variants, ["castle-anytime", "movewise-extinction"]);
    let standard = FideBoardView {
        variants: vec![],
        ..view.clone()
    };
    let other = FideBoardView {
        variants: vec!["stungun".into()],
        ..view.clone()
    };
    let p = style.panel_rect();
    // The variants box lies between the cards, in the middle three fifths of the panel.
    let (y, h) = (p.h / 5, p.h * 3 / 5);
    let (a, b, c) = (
        draw(&view, &style),
        draw(&standard, &style),
        draw(&other, &style),
    );
    assert!(differing(&a, &b, p.x, y, p.w, h) > 300);
    assert!(differing(&a, &c, p.x, y, p.w, h) > 300);
    assert!(differing(&b, &c, p.x, y, p.w, h) > 300);
    // Names are text: the one name draws less ink than the two.
    let ink = |pic: &Picture| pic.count(p.x, y, p.w, h, TEXT, 40);
    assert!(ink(&a) > ink(&c), "{} vs {}", ink(&a), ink(&c));
    // Nothing outside the box changes.
    assert_eq!(differing(&a, &b, 0, 0, p.x, p.h), 0);
    assert_eq!(differing(&a, &b, p.x, p.h - p.h / 5, p.w, p.h / 5), 0);
}

#[test]
fn many_variants_and_long_names_still_fit() {
    let style = Style::board_px(400);
    let all = "warhead,camp-follower-3,train,castle-and-cathedral,movewise-extinction,stungun,\
               battle-fatigue-2,travel-fatigue-4,knight-at-the-hoppera,promoting-king,\
               demoting-king,shortcut,pawned-and-yeomanned,one-out-all-out";
    let variants: Variants = all.parse().unwrap();
    let mut view = FideBoardView::from_game(&FideGame::new(variants), ["A", "B"]);
    assert_eq!(view.variants.len(), 14);
    view.variants
        .extend((0..20).map(|i| format!("an-imagined-variant-with-a-long-name-{i}")));
    view.names = [
        "Hieronymus Bartholomew Featherstonehaugh".repeat(50),
        "B".into(),
    ];
    check_board(&view, &style);
    view.variants.truncate(5);
    check_board(&view, &Style::default());
}

#[test]
fn the_last_moves_fill_the_middle_of_the_panel() {
    let style = Style::default();
    let view = testing::fide_middlegame();
    assert_eq!(view.moves.len(), 21);
    let none = FideBoardView {
        moves: vec![],
        ..view.clone()
    };
    let p = style.panel_rect();
    // The moves card lies under the status, in the middle three fifths of the panel.
    let (y, h) = (p.h / 5, p.h * 3 / 5);
    let ink = |view: &FideBoardView| draw(view, &style).count(p.x, y, p.w, h, TEXT, 40);
    // Eleven lines of moves draw far more ink than "no moves yet" (the status and the
    // variants share the region).
    assert!(
        ink(&view) > ink(&none) + 600,
        "{} vs {}",
        ink(&view),
        ink(&none)
    );
    assert_eq!(
        differing(&draw(&view, &style), &draw(&none, &style), 0, 0, p.x, p.h),
        0
    );
    // A game far longer than the card still shows its last moves, within the card.
    let mut long = view.clone();
    long.moves = (0..FideBoardView::MOVES_KEPT)
        .map(|i| render::ListedMove {
            number: 500 + i as u32 / 2,
            color: if i % 2 == 0 {
                Color::White
            } else {
                Color::Black
            },
            san: "Qxd1+".repeat(1 + i % 3),
        })
        .collect();
    check_board(&long, &style);
    check_board(&long, &Style::board_px(240));
}

#[test]
fn a_stored_view_reads_back_and_one_without_clocks_too() {
    let view = testing::fide_middlegame();
    let text = serde_json::to_string(&view).unwrap();
    let back: FideBoardView = serde_json::from_str(&text).unwrap();
    assert_eq!(back, view);
    let mut json: serde_json::Value = serde_json::to_value(&view).unwrap();
    json.as_object_mut().unwrap().remove("clocks");
    json.as_object_mut().unwrap().remove("moves");
    let back: FideBoardView = serde_json::from_value(json).unwrap();
    assert_eq!(back.clocks, None);
    assert!(back.moves.is_empty());
}

#[test]
fn the_replay_has_a_frame_per_position_each_its_board_picture() {
    let style = Style::board_px(400);
    let game = testing::fide_game();
    let view = FideReplayView::from_game(&game, ["Alice", "Bob"]);
    assert_eq!(view.frames.len(), game.moves().len() + 1);
    let bytes = render::replay(&render::ReplayView::from(view.clone()), &style);
    assert_eq!(&bytes[..6], b"GIF89a");
    let frames = GifDecoder::new(std::io::Cursor::new(&bytes))
        .expect("a GIF")
        .into_frames()
        .collect_frames()
        .expect("frames decode");
    assert_eq!(frames.len(), view.frames.len());
    for i in [0, 1, 7, view.frames.len() - 1] {
        let shown = frames[i].buffer();
        assert_eq!(shown.dimensions(), style.board_image_size());
        let png = Picture::decode(&render::board(
            &render::BoardView::from(view.frames[i].clone()),
            &style,
        ));
        let far = shown
            .as_raw()
            .chunks_exact(4)
            .zip(png.rgb.chunks_exact(3))
            .filter(|(a, b)| (0..3).any(|c| a[c].abs_diff(b[c]) > 40))
            .count();
        assert!(far * 500 < png.rgb.len() / 3, "frame {i}: {far} px far off");
    }
    let empty = render::replay(
        &render::ReplayView::from(FideReplayView { frames: vec![] }),
        &style,
    );
    assert_eq!(&empty[..6], b"GIF89a");
}

//! The text boards, exactly as the terminal prints them, from either side: a grid labelled
//! on every edge, letters for FIDE pieces, numbers for other designs (the grid widening
//! past nine), then the panels.

use render::testing;

use render::engine::Color;
use render::FideBoardView;

#[test]
fn a_board_from_whites_side() {
    let expected = [
        "    a  b  c  d  e  f  g  h ",
        " 8  r  .  .  q  .  r  k  .  8",
        " 7  p  p  p  .  b  p  p  p  7",
        " 6  .  .  n  p  .  n  .  .  6",
        " 5  .  .  .  .  p  .  .  .  5",
        " 4  .  .  B  .  P  .  .  .  4",
        " 3  .  .  N  P  .  N  .  .  3",
        " 2  P  P  .  .  .  P  P  P  2",
        " 1  R  .  .  Q  .  R  K  .  1",
        "    a  b  c  d  e  f  g  h ",
        "White (Alice): 3 zorkmids, reserve P x2, N x1, designs P 2, N 3, B 3, R 5, Q 9, K 12",
        "Black (Bob): 4.5 zorkmids, reserve B x1, designs P 2, N 3, B 3, R 5, Q 9, K 12",
        "Turn 58: Black to move.",
    ];
    assert_eq!(
        render::text_board(&render::BoardView::from(testing::middlegame())),
        expected.join("\n")
    );
}

#[test]
fn a_board_from_blacks_side_is_turned_round() {
    let expected = [
        "    h  g  f  e  d  c  b  a ",
        " 1  .  K  R  .  Q  .  .  R  1",
        " 2  P  P  P  .  .  .  P  P  2",
        " 3  .  .  N  .  P  N  .  .  3",
        " 4  .  .  .  P  .  B  .  .  4",
        " 5  .  .  .  p  .  .  .  .  5",
        " 6  .  .  n  .  p  n  .  .  6",
        " 7  p  p  p  b  .  p  p  p  7",
        " 8  .  k  r  .  q  .  .  r  8",
        "    h  g  f  e  d  c  b  a ",
        "White (Alice): 3 zorkmids, reserve P x2, N x1, designs P 2, N 3, B 3, R 5, Q 9, K 12",
        "Black (Bob): 4.5 zorkmids, reserve B x1, designs P 2, N 3, B 3, R 5, Q 9, K 12",
        "Turn 58: Black to move.",
    ];
    let view = testing::middlegame().seen_by(Color::Black);
    assert_eq!(
        render::text_board(&render::BoardView::from(view.clone())),
        expected.join("\n")
    );
}

#[test]
fn other_designs_are_numbered_in_reading_order_with_a_legend() {
    let white = render::text_board(&render::BoardView::from(
        testing::fairy().seen_by(Color::White),
    ));
    let lines: Vec<&str> = white.lines().collect();
    // Thirteen designs: every cell is five characters wide, so two-digit numbers line up.
    assert_eq!(lines[0], "     a    b    c    d    e    f    g    h  ");
    assert_eq!(lines[1], " 8   .    .    .    .    k    .    .   [1]  8");
    // The same design is the same number, whichever side it belongs to.
    assert_eq!(lines[4], " 5   .    .    .    .   [7]   .    .    .   5");
    assert_eq!(lines[5], " 4   .   (7)   .    .    .   (8)   .    .   4");
    assert_eq!(lines[8], " 1  (13)  .    .    .    K    .    .    .   1");
    assert_eq!(
        lines[10..12],
        [
            "   1 = royal-N, 2 = nN, 3 = sWbmD, 4 = BL, 5 = NN, 6 = FfR, 7 = WD, 8 = fbDbcA,",
            "   9 = Wfc(DNFA)scDsHbmH, 10 = fN, 11 = WbRbmHfB, 12 = royal-WD, 13 = mRcB",
        ]
    );
    // Seen from Black's side the reading order, and so the numbering, starts at h1.
    let black = render::text_board(&render::BoardView::from(
        testing::fairy().seen_by(Color::Black),
    ));
    let lines: Vec<&str> = black.lines().collect();
    assert_eq!(lines[1], " 1   .    .    .    K    .    .    .   (1)  1");
    assert!(lines[10].starts_with("   1 = mRcB, "), "{black}");
}

#[test]
fn a_fog_view_shows_what_is_out_of_sight_and_impassable() {
    let text = render::text_board(&render::BoardView::from(testing::fog()));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[1..=9],
        [
            " 8  .  ~  ~  ~  ~  ~  ~  ~  8",
            " 7  .  ~  ~  ~  ~  ~  ~  ~  7",
            " 6  .  .  #  p  .  ~  ~  ~  6",
            " 5  . [1] .  .  p  #  .  .  5",
            " 4  .  .  # (2) .  . (3) .  4",
            " 3  .  #  N  .  .  #  .  .  3",
            " 2  .  .  .  .  P  .  .  .  2",
            " 1  R  .  .  .  K  .  .  .  1",
            "    a  b  c  d  e  f  g  h ",
        ]
    );
    assert_eq!(lines[10], "   # = impassable, ~ = out of sight");
    assert_eq!(lines[11], "   1 = NN, 2 = WD, 3 = fbDbcA");
}

#[test]
fn a_fide_board_shows_captures_and_the_result() {
    let expected = [
        "    a  b  c  d  e  f  g  h ",
        " 8  r  n  b  .  k  b  n  r  8",
        " 7  p  p  p  p  .  p  p  p  7",
        " 6  .  .  .  .  .  .  .  .  6",
        " 5  .  .  .  .  p  .  .  .  5",
        " 4  .  .  .  .  .  .  P  q  4",
        " 3  .  .  .  .  .  P  .  .  3",
        " 2  P  P  P  P  P  .  .  P  2",
        " 1  R  N  B  Q  K  B  N  R  1",
        "    a  b  c  d  e  f  g  h ",
        "White (Alice): captured nothing",
        "Black (Bob): captured nothing",
        "Last moves: 1. f3 e5 2. g4 Qh4#",
        "0-1, Black wins by checkmate",
    ];
    assert_eq!(
        render::text_board(&render::BoardView::from(testing::fide_mate())),
        expected.join("\n")
    );
}

#[test]
fn a_fide_board_from_blacks_side_lists_the_variants() {
    let view = FideBoardView {
        orientation: Color::Black,
        ..testing::fide_middlegame()
    };
    let text = render::text_board(&render::BoardView::from(view.clone()));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "    h  g  f  e  d  c  b  a ");
    assert_eq!(lines[1], " 1  .  K  .  .  R  B  .  R  1");
    assert_eq!(lines[8], " 8  r  n  b  k  .  .  .  r  8");
    assert_eq!(
        lines[10..],
        [
            "White (Alice): captured P x1, N x1, Q x1",
            "Black (Bob): captured P x1, B x1, Q x1",
            // The last five lines of the score sheet.
            "Last moves: 7. Nxd4 c5 8. Nb3 Qxd1 9. Rxd1 Bg4 10. f3 Be6 11. Nc3",
            "Variants: castle-anytime, movewise-extinction",
            // Both clocks, as the picture shows them.
            "Clocks: White 4:48, Black 4:11 (running)",
            "Move 11: Black to move.",
        ]
    );
}

#[test]
fn thirty_designs_keep_every_column_in_line() {
    let extra = [
        "W", "F", "D", "A", "H", "C", "Z", "G", "mW", "cW", "mF", "cF", "mN", "cN", "fD", "bD",
    ];
    let names: Vec<&str> = testing::MANY_DESIGNS.iter().copied().chain(extra).collect();
    let mut view = testing::start();
    for (i, name) in names.iter().enumerate() {
        // White on its second and third ranks, Black on its sixth and seventh.
        let square = render::engine::Square::from_index(8 + i + if i >= 16 { 16 } else { 0 });
        let color = if i < 16 { Color::White } else { Color::Black };
        view.pieces.push((square, color, testing::design(name)));
    }
    let text = render::text_board(&render::BoardView::from(view.clone()));
    let lines: Vec<&str> = text.lines().collect();
    // Every rank is one width, and each of its cells is five characters holding one mark
    // under its file's letter.
    let ranks = &lines[1..9];
    assert!(ranks.iter().all(|l| l.len() == ranks[0].len()), "{text}");
    assert_eq!(lines[0], "     a    b    c    d    e    f    g    h  ");
    assert_eq!(lines[9], lines[0]);
    for line in ranks {
        let cells = &line[3..3 + 8 * 5];
        for cell in cells.as_bytes().chunks(5) {
            let mark = std::str::from_utf8(cell).unwrap().trim();
            assert!(!mark.is_empty() && !mark.contains(' '), "{line}");
        }
    }
    // Numbered in reading order: Black's seventh rank first, White's second last.
    assert_eq!(lines[2], " 7  [1]  [2]  [3]  [4]  [5]  [6]   .    .   7");
    assert_eq!(lines[7], " 2  (23) (24) (25) (26) (27) (28) (29) (30) 2");
    assert_eq!(lines[8], " 1   .    .    .    .    K    .    .    .   1");
    // The legend names all thirty, wrapped to the terminal's width.
    let legend: Vec<&str> = lines[10..]
        .iter()
        .take_while(|l| l.starts_with("   "))
        .copied()
        .collect();
    assert!(
        legend.len() > 1 && legend.iter().all(|l| l.len() <= 80),
        "{text}"
    );
    let entries = legend.join(" ").matches(" = ").count();
    assert_eq!(entries, 30, "{text}");
}

//! What render's tests, golden images and benchmarks draw, built directly as view data, and
//! what they check pictures with; the bot's tests draw the long game too. Built for tests
//! and for the `testing` feature only.

pub mod long_game;
mod pixels;

pub use pixels::{
    blend, check_square, close, square_colour, tinted, Picture, ACTIVE, BLACK_BODY, CLOCK_RUNNING,
    DARK, LIGHT, RESULT, WHITE_BODY,
};

use crate::engine::fide::{FideGame, Variants};
use crate::engine::Game;
use crate::engine::{Color, Design, Options, Square, Zorkmids};
use crate::{
    ChartView, ClockView, Column, CsipgsBoardView, CsipgsReplayView, FideBoardView, PlayerView,
    Slot, TableView,
};

/// A design as written; the samples are all valid.
pub fn design(text: &str) -> Design {
    Design::parse_piece(text).unwrap()
}

/// A square by its name, `"e4"`.
pub fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn money(text: &str) -> Zorkmids {
    text.parse().unwrap()
}

/// White pieces in upper case, Black in lower case (FIDE letters), or any design after `w:`
/// or `b:`, each followed by its square: `"K e1"`, `"b:WD d4"`.
pub fn pieces(list: &[&str]) -> Vec<(Square, Color, Design)> {
    list.iter()
        .map(|entry| {
            let (piece, square) = entry.split_once(' ').unwrap();
            let (color, name) = match piece.split_once(':') {
                Some(("w", d)) => (Color::White, d.to_string()),
                Some(("b", d)) => (Color::Black, d.to_string()),
                _ if piece.chars().all(|c| c.is_ascii_lowercase()) => {
                    (Color::Black, piece.to_ascii_uppercase())
                }
                _ => (Color::White, piece.to_string()),
            };
            (sq(square), color, design(&name))
        })
        .collect()
}

fn slot(text: &str, cost: Option<u32>) -> Slot {
    Slot {
        design: design(text),
        cost: cost.map(Zorkmids::whole),
    }
}

/// The six FIDE designs at their classic prices.
pub fn fide_slots() -> Vec<Slot> {
    [("P", 2), ("N", 3), ("B", 3), ("R", 5), ("Q", 9), ("K", 12)]
        .into_iter()
        .map(|(d, c)| slot(d, Some(c)))
        .collect()
}

fn player(name: &str, treasury: &str, reserve: &[(&str, u32)], slots: Vec<Slot>) -> PlayerView {
    PlayerView {
        name: name.to_string(),
        treasury: money(treasury),
        reserve: reserve.iter().map(|&(d, n)| (design(d), n)).collect(),
        slots,
    }
}

/// The start: two kings, White to move.
pub fn start() -> CsipgsBoardView {
    CsipgsBoardView {
        pieces: pieces(&["K e1", "k e8"]),
        players: [
            player("White", "0", &[], fide_slots()),
            player("Black", "0", &[], fide_slots()),
        ],
        to_move: Color::White,
        ply: 1,
        ruleset: "classic".into(),
        options: Options::default(),
        last_action: vec![],
        check: vec![],
        result: None,
        orientation: Color::White,
        clocks: None,
        terrain: vec![],
        hidden: vec![],
    }
}

/// An Italian middlegame of FIDE pieces, Black to move, reserves on both sides.
pub fn middlegame() -> CsipgsBoardView {
    CsipgsBoardView {
        pieces: pieces(&[
            "K g1", "Q d1", "R f1", "R a1", "B c4", "N f3", "N c3", "P a2", "P b2", "P f2", "P g2",
            "P h2", "P e4", "P d3", "k g8", "q d8", "r f8", "r a8", "b e7", "n f6", "n c6", "p a7",
            "p b7", "p c7", "p f7", "p g7", "p h7", "p e5", "p d6",
        ]),
        players: [
            player("Alice", "3", &[("P", 2), ("N", 1)], fide_slots()),
            player("Bob", "4.5", &[("B", 1)], fide_slots()),
        ],
        to_move: Color::Black,
        ply: 58,
        ruleset: "classic".into(),
        options: Options::default(),
        last_action: vec![sq("b1"), sq("c3")],
        check: vec![],
        result: None,
        orientation: Color::White,
        clocks: None,
        terrain: vec![],
        hidden: vec![],
    }
}

/// Fairy designs everywhere, long notations in the slots, seen from Black's side.
pub fn fairy() -> CsipgsBoardView {
    let white_slots = vec![
        slot("P", Some(2)),
        slot("Wfc(DNFA)scDsHbmH", Some(9)),
        slot("WbRbmHfB", Some(6)),
        slot("fbDbcA", Some(2)),
        slot("royal-WD", Some(12)),
        slot("K", Some(12)),
    ];
    let black_slots = vec![
        slot("NN", Some(6)),
        slot("sWbmD", Some(1)),
        slot("FfR", Some(4)),
        slot("nN", None),
        slot("BL", Some(6)),
        slot("K", Some(12)),
    ];
    CsipgsBoardView {
        pieces: pieces(&[
            "K e1",
            "w:Wfc(DNFA)scDsHbmH d3",
            "w:WbRbmHfB c2",
            "w:fbDbcA f4",
            "w:royal-WD g2",
            "w:WD b4",
            "w:fN h3",
            "P e3",
            "w:mRcB a1",
            "k e8",
            "b:NN c6",
            "b:sWbmD d7",
            "b:FfR f6",
            "b:nN b7",
            "b:BL g7",
            "b:royal-N h8",
            "b:WD e5",
            "p a6",
        ]),
        players: [
            player(
                "Ralph Betza",
                "7.5",
                &[("Wfc(DNFA)scDsHbmH", 1), ("fbDbcA", 2)],
                white_slots,
            ),
            player(
                "Hans Bodlaender",
                "2",
                &[("NN", 1), ("FfR", 1), ("sWbmD", 3)],
                black_slots,
            ),
        ],
        to_move: Color::White,
        ply: 41,
        ruleset: "kurnia".into(),
        options: Options::default(),
        last_action: vec![sq("e5")],
        check: vec![],
        result: None,
        orientation: Color::Black,
        clocks: None,
        terrain: vec![],
        hidden: vec![],
    }
}

/// Black in check after Re1, fairy pieces on the board.
pub fn check() -> CsipgsBoardView {
    CsipgsBoardView {
        pieces: pieces(&[
            "K g1", "R e1", "P f2", "P g2", "P h2", "w:WD d4", "k e8", "q d8", "p d7", "p f7",
            "b:NN b6",
        ]),
        players: [
            player("Alice", "1", &[], fide_slots()),
            player("Bob", "6", &[("Q", 1)], fide_slots()),
        ],
        to_move: Color::Black,
        ply: 24,
        ruleset: "classic".into(),
        options: Options::default(),
        last_action: vec![sq("a1"), sq("e1")],
        check: vec![sq("e8")],
        result: None,
        orientation: Color::White,
        clocks: None,
        terrain: vec![],
        hidden: vec![],
    }
}

/// A progressive game White has lost, the result shown.
pub fn finished() -> CsipgsBoardView {
    CsipgsBoardView {
        pieces: pieces(&[
            "K g1", "P f2", "P g2", "P h2", "q e1", "k g8", "p f7", "p g7", "r a8",
        ]),
        players: [
            player("Alice", "0.5", &[("N", 1)], fide_slots()),
            player("Bob", "-1.5", &[], fide_slots()),
        ],
        to_move: Color::White,
        ply: 61,
        ruleset: "progressive".into(),
        options: Options::default(),
        last_action: vec![sq("e8"), sq("e1")],
        check: vec![sq("g1")],
        result: Some("0-1, Black wins by checkmate".into()),
        orientation: Color::White,
        clocks: None,
        terrain: vec![],
        hidden: vec![],
    }
}

/// The middlegame in a correspondence game: White has days left, Black's clock runs.
pub fn clocks() -> CsipgsBoardView {
    CsipgsBoardView {
        clocks: Some([
            ClockView {
                remaining: 2 * 86_400 + 3 * 3600 + 125,
                running: false,
            },
            ClockView {
                remaining: 245,
                running: true,
            },
        ]),
        ..middlegame()
    }
}

/// The unofficial prefixes alone and stacked, on the board, in a reserve and in the slots,
/// and White in debt under plunder.
pub fn prefixes() -> CsipgsBoardView {
    let white_slots = vec![
        slot("P", Some(2)),
        slot("shooting-R", Some(15)),
        slot("relay-N", Some(6)),
        slot("doublemove-WF", Some(30)),
        slot("relay-doublemove-shooting-W", Some(54)),
        slot("K", Some(12)),
    ];
    let black_slots = vec![
        slot("P", Some(2)),
        slot("N", Some(3)),
        slot("shooting-B", Some(9)),
        slot("R", Some(5)),
        slot("royal-doublemove-WF", Some(72)),
        slot("K", Some(12)),
    ];
    CsipgsBoardView {
        pieces: pieces(&[
            "K e1",
            "w:shooting-R a1",
            "w:relay-N c3",
            "w:doublemove-WF e3",
            "w:relay-doublemove-shooting-W d4",
            "P f2",
            "k e8",
            "b:shooting-B c8",
            "b:royal-doublemove-WF g7",
            "b:relay-shooting-FD f6",
            "p d6",
        ]),
        players: [
            player(
                "Ralph Betza",
                "-4.5",
                &[("relay-doublemove-shooting-W", 1), ("shooting-R", 2)],
                white_slots,
            ),
            player("Hans Bodlaender", "12", &[("shooting-B", 1)], black_slots),
        ],
        to_move: Color::White,
        ply: 37,
        ruleset: "classic".into(),
        options: "unofficial,plunder".parse().unwrap(),
        last_action: vec![sq("d5"), sq("d4")],
        check: vec![],
        result: None,
        orientation: Color::White,
        clocks: None,
        terrain: vec![],
        hidden: vec![],
    }
}

/// White's view of a fog game: six impassable squares (b3 c4 f3 and their mirror images
/// g6 f5 c6), of which White has seen five and sees four now; most of Black's half unseen.
pub fn fog() -> CsipgsBoardView {
    let seen = [
        "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2", "g2",
        "h2", "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4", "c4", "d4", "e4", "f4",
        "g4", "h4", "a5", "b5", "c5", "d5", "e5", "f5", "a6", "b6", "d6", "e6", "a7", "a8", "g5",
        "h5",
    ];
    let seen: Vec<Square> = seen.iter().map(|s| sq(s)).collect();
    CsipgsBoardView {
        pieces: pieces(&[
            "K e1",
            "w:WD d4",
            "N c3",
            "P e2",
            "R a1",
            "w:fbDbcA g4",
            "p d6",
            "b:NN b5",
            "p e5",
        ]),
        players: [
            player("Alice", "2", &[("N", 1)], fide_slots()),
            player("Bob", "3.5", &[("WD", 1)], fide_slots()),
        ],
        to_move: Color::Black,
        ply: 22,
        ruleset: "classic".into(),
        options: "fog".parse().unwrap(),
        last_action: vec![sq("e4"), sq("d4")],
        check: vec![],
        result: None,
        orientation: Color::White,
        clocks: None,
        terrain: ["b3", "c4", "f3", "f5", "c6"].map(sq).to_vec(),
        hidden: Square::all().filter(|s| !seen.contains(s)).collect(),
    }
}

/// Fourteen fairy designs, none alike, to crowd a reserve or a text board.
pub const MANY_DESIGNS: [&str; 14] = [
    "WD", "FA", "fN", "sW", "bmD", "fcF", "NN", "mRcB", "WbRbmHfB", "fbDbcA", "BL", "nN", "FfR",
    "sWbmD",
];

/// A reserve of the first `n` of [`MANY_DESIGNS`], one of each.
pub fn reserve_of(n: usize) -> Vec<(Design, u32)> {
    MANY_DESIGNS[..n.min(MANY_DESIGNS.len())]
        .iter()
        .map(|d| (design(d), 1))
        .collect()
}

/// Crowded reserves: White has bought twelve designs (two lines of icons), Black fourteen
/// (too many to draw at a readable size: named, with counts).
pub fn reserves() -> CsipgsBoardView {
    let mut white = reserve_of(12);
    white[0].1 = 2;
    white[5].1 = 2;
    CsipgsBoardView {
        pieces: pieces(&["K e1", "k e8"]),
        players: [
            PlayerView {
                reserve: white,
                ..player("Ralph Betza", "1.5", &[], fide_slots())
            },
            PlayerView {
                reserve: reserve_of(14),
                ..player("Hans Bodlaender", "0", &[], fide_slots())
            },
        ],
        ply: 57,
        ..start()
    }
}

/// The golden views, by file name.
pub fn golden_views() -> Vec<(&'static str, CsipgsBoardView)> {
    vec![
        ("start", start()),
        ("middlegame", middlegame()),
        ("fairy", fairy()),
        ("check", check()),
        ("finished", finished()),
        ("clocks", clocks()),
        ("prefixes", prefixes()),
        ("fog", fog()),
        ("reserves", reserves()),
    ]
}

/// A leaderboard of 25 members, one with a name far too long for its column.
pub fn leaderboard() -> TableView {
    TableView {
        title: "Leaderboard".into(),
        columns: vec![
            Column::right("#"),
            Column::left("Player"),
            Column::right("Rating"),
            Column::right("Games"),
            Column::right("W/D/L"),
        ],
        rows: (1..=25)
            .map(|i| {
                let name = match i {
                    3 => "Hieronymus Bartholomew Featherstonehaugh-Cholmondeley".to_string(),
                    _ => format!("player{i}"),
                };
                vec![
                    i.to_string(),
                    name,
                    (1900 - 13 * i).to_string(),
                    (7 * i).to_string(),
                    format!("{}/{}/{}", 4 * i, i % 3, 3 * i - i % 3),
                ]
            })
            .collect(),
    }
}

/// A Swiss's final standings with its tie-breaks, a shared place and a withdrawn player:
/// the picture the README shows.
pub fn standings() -> TableView {
    let rows = [
        ["1", "alice", "4.5", "13.5", "15", "13.75", "4"],
        ["2", "bob", "4", "14", "16", "12.5", "4"],
        ["3", "carol", "3.5", "12.5", "14", "9.25", "3"],
        ["4-5", "dave", "3", "11", "12.5", "7.5", "3"],
        ["4-5", "erin", "3", "11", "12.5", "7.5", "3"],
        ["6", "frank", "2", "10.5", "11.5", "4", "2"],
        ["7", "grace (withdrawn)", "1", "9", "10", "1.5", "1"],
        ["8", "heidi", "0.5", "8.5", "9", "0.75", "0"],
    ];
    let mut columns = vec![Column::right("#"), Column::left("Player")];
    columns.extend(["Pts", "BH-C1", "BH", "SB", "WIN"].map(Column::right));
    TableView {
        title: "Winter Swiss: Final standings after round 5".into(),
        columns,
        rows: rows
            .iter()
            .map(|row| row.iter().map(|cell| cell.to_string()).collect())
            .collect(),
    }
}

/// Forty rated games over seven months, rising with ups and downs.
pub fn rating_history() -> ChartView {
    ChartView {
        title: "Alice: rating".into(),
        points: (0..40i64)
            .map(|i| {
                let t = 1_700_000_000 + i * 3 * 86_400 + i * i * 5_000;
                (t, 1440 + (i * 37 % 120) as i32 + 4 * i as i32)
            })
            .collect(),
    }
}

/// The 48-turn sample game (buys, drops, redesigns, captures, fairy pieces), as a record.
pub const SAMPLE48: &str = include_str!("../../../engine/tests/fixtures/games/sample48.txt");

/// The sample game's 49 positions.
pub fn sample48() -> CsipgsReplayView {
    let game = Game::replay(SAMPLE48)
        .expect("the sample game replays")
        .game;
    CsipgsReplayView::from_game(&game, ["Alice", "Bob"])
}

/// Every position of a 2,000-ply game ([`long_game::long_game`]).
pub fn long2000() -> CsipgsReplayView {
    CsipgsReplayView::from_game(&long_game::long_game(2000), ["Alice", "Bob"])
}

/// An Exchange Ruy Lopez under two modest variants that leave its moves as they are:
/// White has taken a knight, a pawn and the queen, Black a bishop, a pawn and the queen.
pub fn fide_game() -> FideGame {
    let variants: Variants = "castle-anytime,movewise-extinction".parse().unwrap();
    let mut game = FideGame::new(variants);
    for m in [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O", "f6", "d4", "exd4", "Nxd4",
        "c5", "Nb3", "Qxd1", "Rxd1", "Bg4", "f3", "Be6", "Nc3",
    ] {
        game.play_text(m).unwrap();
    }
    game
}

/// The Exchange Ruy Lopez, Black to move, with clocks.
pub fn fide_middlegame() -> FideBoardView {
    FideBoardView {
        clocks: Some([
            ClockView {
                remaining: 288,
                running: false,
            },
            ClockView {
                remaining: 251,
                running: true,
            },
        ]),
        ..FideBoardView::from_game(&fide_game(), ["Alice", "Bob"])
    }
}

/// Fool's mate in standard chess: White mated, the king in check, the result shown.
pub fn fide_mate() -> FideBoardView {
    let mut game = FideGame::new(Variants::NONE);
    for m in ["f3", "e5", "g4", "Qh4#"] {
        game.play_text(m).unwrap();
    }
    FideBoardView::from_game(&game, ["Alice", "Bob"])
}

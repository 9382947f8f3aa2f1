//! `Setup` -> `Position` (RULES.md sections 1-3): what `Position::from_setup` refuses, each
//! with a message that says what to write, and what it lets through. Position strings, a
//! record's Start tag and stored games all come through it.

use engine::{
    perft, Color, Design, Game, Illegal, Options, Position, PositionError, Rules, Ruleset, Setup,
    Zorkmids,
};

const FIDE: &str = "P,N,B,R,Q,K/P,N,B,R,Q,K";
const KINGS: &str = "4k3/8/8/8/8/8/8/4K3";

fn classic() -> Rules {
    Ruleset::Classic.into()
}

/// The problems a position string has under classic rules.
fn problems(text: &str) -> Vec<Illegal> {
    match Position::parse(text, classic()) {
        Err(PositionError::Illegal(problems)) => problems,
        other => panic!("{text}: expected problems, got {other:?}"),
    }
}

fn message(text: &str) -> String {
    Position::parse(text, classic())
        .expect_err("the position is refused")
        .to_string()
}

#[test]
fn at_most_sixteen_pieces_a_side_counting_the_reserve() {
    // The king, 8 pawns and 7 reserve pawns are 16; one more reserve pawn is 17.
    let sixteen = format!("4k3/8/8/8/8/8/PPPPPPPP/4K3 w 0/0 P,P,P,P,P,P,P/- {FIDE} 1");
    assert!(Position::parse(&sixteen, classic()).is_ok());
    let seventeen = sixteen.replace(" P,P,P,P,P,P,P/", " P,P,P,P,P,P,P,P/");
    assert_eq!(
        message(&seventeen),
        "White has 17 pieces on the board and in reserve; a side owns at most 16, royal pieces included: remove some"
    );
}

#[test]
fn reserve_counts_never_wrap() {
    // 257 knights once became 1 in a u8 count.
    let knights = vec!["N"; 257].join(",");
    let text = format!("{KINGS} w 0/0 {knights}/- {FIDE} 1");
    assert_eq!(
        problems(&text),
        [Illegal::TooManyPieces {
            color: Color::White,
            count: 258
        }]
    );
    // The same through a record's Start tag.
    let record = format!("[Start \"{text}\"]\n\n1.Kd2\n");
    let err = Game::replay(&record).expect_err("the Start tag is refused");
    assert!(err.to_string().contains("White has 258 pieces"), "{err}");
    // Counts as large as a u32 holds, built in code: refused, not overflowed.
    let mut setup: Setup = format!("{KINGS} w 0/0 -/- {FIDE} 1").parse().unwrap();
    setup.reserves[0] = vec![
        (Design::parse("N").unwrap(), u32::MAX),
        (Design::parse("WD").unwrap(), u32::MAX),
    ];
    match Position::from_setup(setup, classic()) {
        Err(PositionError::Illegal(p)) => assert_eq!(
            p,
            [Illegal::TooManyPieces {
                color: Color::White,
                count: 2 * u64::from(u32::MAX) + 1
            }]
        ),
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_ply_starts_at_one_and_saturates_at_its_maximum() {
    assert_eq!(
        message(&format!("{KINGS} w 0/0 -/- {FIDE} 0")),
        "the ply is 0: White's first turn is ply 1"
    );
    assert_eq!(
        message(&format!("{KINGS} w 0/0 -/- {FIDE} 4294967296")),
        "'4294967296' is not a ply: write a whole number from 1"
    );
    let last = format!("{KINGS} w 0/0 -/- {FIDE} 4294967295");
    // Perft makes and unmakes moves at the top ply: the same count as at the start.
    assert_eq!(perft(&Position::parse(&last, classic()).unwrap(), 3), 195);
    // Progressive income grows with the ply: some 600 million zorkmids a turn up here.
    let pos = Position::parse(&last, Ruleset::Progressive.into()).unwrap();
    let mut game = Game::from_position(pos);
    game.play_text("Kd2").unwrap();
    game.play_text("Kd7").unwrap();
    assert_eq!(game.position().ply(), u32::MAX);
    // The stored game still loads: its turns outnumber the plies it could count.
    let again: Game = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
    assert_eq!(again.position().to_string(), game.position().to_string());
}

#[test]
fn both_sides_have_six_different_priced_designs() {
    assert_eq!(
        message(&format!("{KINGS} w 0/0 -/- P,N,B,R,Q/P,N,B,R,Q,K,WD 1")),
        "White has 5 designs; each side has exactly 6; Black has 7 designs; each side has exactly 6"
    );
    assert_eq!(
        message(&format!("{KINGS} w 0/0 -/- P,N,B,R,Q,K/P,WD,DW,R,Q,K 1")),
        "Black's design DW appears more than once; the six slots must all differ"
    );
    // Six of one design is one mistake, said once.
    assert_eq!(
        message(&format!("{KINGS} w 0/0 -/- P,P,P,P,P,P/P,N,B,R,Q,K 1")),
        "White's design P appears more than once; the six slots must all differ"
    );
    assert_eq!(
        problems(&format!("{KINGS} w 0/0 -/- P,N,B,R,Q,K/P,Z,B,R,Q,K 1")).len(),
        1
    );
}

#[test]
fn each_side_has_a_royal_piece_on_the_board() {
    // A royal in the reserve is an ordinary piece until placed (RULES.md section 3).
    assert_eq!(
        message(&format!("4k3/8/8/8/8/8/8/Q7 w 0/0 K/- {FIDE} 1")),
        "White has no royal piece on the board: put its king there (K for White, k for Black)"
    );
    assert_eq!(
        problems(&format!("8/8/8/8/8/8/8/8 w 0/0 -/- {FIDE} 1")),
        [
            Illegal::NoRoyal(Color::White),
            Illegal::NoRoyal(Color::Black)
        ]
    );
    // Any royal design counts.
    assert!(Position::parse(
        &format!("4[royal-N]3/8/8/8/8/8/8/4K3 w 0/0 -/- {FIDE} 1"),
        classic()
    )
    .is_ok());
}

#[test]
fn the_side_not_to_move_is_not_left_in_check() {
    // Black's king on e8 faces White's rook, and it is White's turn.
    assert_eq!(
        message(&format!("4k3/8/8/8/8/8/8/4RK2 w 0/0 -/- {FIDE} 1")),
        "Black's king on e8 is in check while it is White's turn: with one royal piece a turn can't end in check; change the board or the side to move"
    );
    // Black to move: the check is Black's to answer.
    assert!(Position::parse(
        &format!("4k3/8/8/8/8/8/8/4RK2 b 0/0 -/- {FIDE} 2"),
        classic()
    )
    .is_ok());
    // With two royals check may be ignored, so it may also be left standing.
    assert!(Position::parse(
        &format!("k3k3/8/8/8/8/8/8/4RK2 w 0/0 -/- {FIDE} 1"),
        classic()
    )
    .is_ok());
}

#[test]
fn treasuries_are_in_range_and_negative_only_with_plunder() {
    let negative = format!("{KINGS} w -2.5/3 -/- {FIDE} 1");
    assert_eq!(
        message(&negative),
        "White's treasury is -2.5: only the plunder option makes a treasury negative; write 0 or more"
    );
    let plunder = Rules::new(Ruleset::Classic, "plunder".parse::<Options>().unwrap());
    assert!(Position::parse(&negative, plunder).is_ok());
    assert_eq!(
        message(&format!("{KINGS} w 0/99999999999999999999999 -/- {FIDE} 1")),
        "Black's treasury 99999999999999999999999 is out of range: write less than 1000000000000000 either way"
    );
    let mut setup: Setup = format!("{KINGS} w 0/0 -/- {FIDE} 1").parse().unwrap();
    setup.treasuries[0] = Zorkmids(rust_decimal::Decimal::MAX);
    assert!(Position::from_setup(setup, classic()).is_err());
}

#[test]
fn every_problem_is_reported_at_once() {
    let all = problems("4k3/8/8/8/8/8/8/4RK2 w -1/0 -/- P,N,B,R,Q,K/P,N,N,R,Q,K 1");
    assert_eq!(all.len(), 3, "{all:?}");
    assert!(matches!(all[0], Illegal::NegativeTreasury { .. }));
    assert!(matches!(all[1], Illegal::RepeatedSlot { .. }));
    assert!(matches!(all[2], Illegal::WaitingInCheck { .. }));
}

#[test]
fn a_position_round_trips_through_its_setup() {
    let text = format!("r3k3/8/8/8/3(WD)4/8/8/K3K3 w 3/0.5 N,N,WD/P {FIDE} 9");
    let pos = Position::parse(&text, classic()).unwrap();
    let setup = pos.to_setup();
    assert_eq!(setup.reserves[0].len(), 2);
    assert_eq!(setup, text.parse::<Setup>().unwrap());
    let again = Position::from_setup(setup, classic()).unwrap();
    assert_eq!(again.to_string(), text);
}

#[test]
fn reserve_entries_of_none_add_nothing() {
    // 99 different designs (every set of these atoms), none of them held: no piece, and no
    // room taken in the 64-design kind table.
    const ATOMS: [&str; 7] = ["W", "F", "D", "A", "H", "G", "N"];
    let design = |n: usize| -> String {
        (0..7)
            .filter(|b| n >> b & 1 == 1)
            .map(|b| ATOMS[b])
            .collect()
    };
    let mut setup: Setup = format!("{KINGS} w 0/0 -/- {FIDE} 1").parse().unwrap();
    setup.reserves[1] = (1..100)
        .map(|n| (Design::parse(&design(n)).unwrap(), 0))
        .collect();
    let pos = Position::from_setup(setup, classic()).unwrap();
    assert!(pos.reserve(Color::Black).is_empty());
    assert_eq!(pos.to_string(), format!("{KINGS} w 0/0 -/- {FIDE} 1"));
}

#[test]
fn unofficial_designs_need_the_unofficial_option() {
    // On the board, in a reserve and in a slot: each design once, as a game refuses it as a
    // redesign.
    let text = format!(
        "4k3/8/8/8/8/8/8/(doublemove-WF)3K3 w 0/0 shooting-R,doublemove-WF/- P,N,B,R,Q,relay-N/{} 1",
        "P,N,B,R,Q,K"
    );
    assert_eq!(
        problems(&text),
        [
            Illegal::Unofficial {
                design: "doublemove-WF".into(),
                prefix: "doublemove"
            },
            Illegal::Unofficial {
                design: "shooting-R".into(),
                prefix: "shooting"
            },
            Illegal::Unofficial {
                design: "relay-N".into(),
                prefix: "relay"
            },
        ]
    );
    assert!(
        message(&text).contains("add the unofficial option"),
        "{}",
        message(&text)
    );
    let unofficial = Rules::new(
        Ruleset::Classic,
        Options {
            unofficial: true,
            ..Options::default()
        },
    );
    assert!(Position::parse(&text, unofficial).is_ok());
    // royal- is official.
    assert!(Position::parse(
        &format!("{KINGS} w 0/0 royal-WF/- P,N,B,R,Q,K/{} 1", "P,N,B,R,Q,K"),
        classic()
    )
    .is_ok());
}

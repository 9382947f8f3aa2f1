//! Writing a whole list of moves (`Position::notated_moves`, for autocomplete) against
//! writing each move alone (`Position::notate`, for a played turn): the same strings, byte
//! for byte, in the same order, on random positions full of identical twins (FIDE pieces on
//! the fast generator, prefixed pieces on the general one) and along random playouts from
//! them. Fog is left out: its list is written on the board the mover knows. Every check
//! mark asks whether the opponent can act, so the early-stopping test for that is held to
//! the full count here too.

mod common;

use common::{board_text, parse_unless_waiting_in_check, place, Board, Rng};
use engine::{Action, Color, Game, Options, Position, Rules, Ruleset, Square, Turn};
use std::collections::HashMap;

/// Designs that come in twins: FIDE ones, and prefixed ones only the general generator
/// moves.
const TWINS: &[&str] = &[
    "R",
    "N",
    "B",
    "BR",
    "fcFfmW",
    "WD",
    "doublemove-W",
    "doublemove-N",
    "shooting-R",
    "relay-N",
    "doublemove-shooting-F",
];

/// A random position string: one or two royals a side, two to four pieces of one design and
/// a few others for each side, sometimes a reserve and money.
fn random_position(rng: &mut Rng) -> String {
    let mut board: Board = std::array::from_fn(|_| None);
    for color in Color::ALL {
        let royals = 1 + usize::from(rng.below(4) == 0);
        for _ in 0..royals {
            place(rng, &mut board, color, "royal-WF");
        }
        let twin = *rng.pick(TWINS);
        for _ in 0..2 + rng.below(3) {
            place(rng, &mut board, color, twin);
        }
        for _ in 0..rng.below(3) {
            let other = *rng.pick(TWINS);
            place(rng, &mut board, color, other);
        }
    }
    let reserve = |rng: &mut Rng| ["-", "N", "doublemove-W"][rng.below(3)];
    format!(
        "{} {} {}/{} {}/{} P,N,B,R,Q,K/P,N,B,R,Q,K {}",
        board_text(&board),
        if rng.below(2) == 0 { "w" } else { "b" },
        rng.below(12),
        rng.below(12),
        reserve(rng),
        reserve(rng),
        1 + rng.below(40)
    )
}

/// Each move written alone, in the legal list's order.
fn one_by_one(pos: &Position) -> Vec<(Action, String)> {
    pos.legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::Move { .. } | Action::DoubleMove { .. }))
        .map(|a| {
            let text = pos.notate(&a);
            (a, text)
        })
        .collect()
}

fn compare(pos: &Position) -> usize {
    let listed: Vec<(Action, String)> = pos.notated_moves().collect();
    assert_eq!(listed, one_by_one(pos), "in {pos}");
    assert_eq!(
        pos.has_legal_action(),
        pos.count_legal_actions() > 0,
        "whether {pos} has an action"
    );
    // How many moves another piece of the same design could also make.
    let mut makers: HashMap<(Option<Square>, Square, String), usize> = HashMap::new();
    let key = |action: &Action| match *action {
        Action::Move { from, to } => (None, to, from),
        Action::DoubleMove { from, via, to } => (Some(via), to, from),
        _ => unreachable!("only moves are listed"),
    };
    for (action, _) in &listed {
        let (via, to, from) = key(action);
        let design = pos.piece_at(from).unwrap().1.canonical();
        *makers.entry((via, to, design)).or_default() += 1;
    }
    makers.values().filter(|&&n| n > 1).sum()
}

#[test]
fn a_list_is_written_as_each_move_alone() {
    let mut rng = Rng(0x7_4717);
    let mut positions = 0;
    let mut told_apart = 0;
    while positions < 50 {
        let text = random_position(&mut rng);
        let options = Options {
            unofficial: true,
            ..Options::default()
        };
        let rules = Rules::new(*rng.pick(&Ruleset::ALL), options);
        let Some(pos) = parse_unless_waiting_in_check(&text, rules) else {
            continue;
        };
        positions += 1;
        let mut game = Game::from_position(pos);
        for _ in 0..6 {
            told_apart += compare(game.position());
            let actions = game.legal_actions();
            if actions.is_empty() {
                break;
            }
            let action = rng.pick(&actions).clone();
            game.play(Turn::from(action))
                .expect("a legal action is accepted");
        }
    }
    // The positions must have exercised disambiguation, or the test proves little.
    assert!(told_apart > 200, "only {told_apart} moves told apart");
}

/// The position of the benchmark: fifteen identical doublemove queens.
#[test]
fn fifteen_twins_are_told_apart() {
    let q = "(doublemove-Q)";
    let text = format!(
        "3kk3/8/8/8/8/8/{}/{q}{q}{q}{q}K{q}{q}{q} w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1",
        q.repeat(8)
    );
    let options = Options {
        unofficial: true,
        ..Options::default()
    };
    let pos = Position::parse(&text, Rules::new(Ruleset::Classic, options)).unwrap();
    let listed: Vec<String> = pos.notated_moves().map(|(_, text)| text).collect();
    assert_eq!(listed.len(), 2110);
    assert_eq!(pos.notated_moves().collect::<Vec<_>>(), one_by_one(&pos));
    // a2-a3 also from b2; b2-b3 from a2, c2 and, by file, nothing else on b: the file.
    assert!(listed.contains(&"(doublemove-Q)aa3+".to_string()));
    assert!(listed.contains(&"(doublemove-Q)bb3+".to_string()));
}

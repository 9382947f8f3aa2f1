//! The fast move generator (attack maps, checkers, generalised pins) against a slow
//! reference (engine::reference: walk every step, play every move on a copy, test the lone
//! royal) on random positions with fairy designs, followed along random playouts.

mod common;

use common::{board_text, parse_unless_waiting_in_check, place, Board, Rng};
use engine::{perft, Action, Color, Game, Position, Ruleset, Square, Turn};

/// Riders, lame leapers, direction subsets, move-only and capture-only parts.
const PIECES: &[&str] = &[
    "R", "B", "BR", "N", "fcFfmW", "NN", "DD", "nN", "WD", "BL", "mRcB", "cRmB", "nA", "AA", "WnA",
    "fR", "NbR", "RbcBbN", "WbRbmHfB", "sWbmD", "Z", "cNmW", "nDD", "fmNcK", "nNN", "RDD", "vRsN",
];

/// Royal designs, FIDE king first.
const ROYALS: &[&str] = &[
    "royal-WF",
    "royal-WF",
    "royal-N",
    "royal-nN",
    "royal-WD",
    "royal-BR",
    "royal-fmWcF",
];

/// A random position string: royals (usually one a side, sometimes two), fairy pieces,
/// reserves, money and ply. The side not to move may be left in check: callers skip those.
fn random_position(rng: &mut Rng) -> String {
    let mut board: Board = std::array::from_fn(|_| None);
    for color in Color::ALL {
        let royals = match rng.below(10) {
            0..=2 => 2,
            _ => 1,
        };
        let others = rng.below(9);
        for i in 0..royals + others {
            let design = if i < royals {
                rng.pick(ROYALS)
            } else {
                rng.pick(PIECES)
            };
            place(rng, &mut board, color, design);
        }
    }
    let reserve = |rng: &mut Rng| match rng.below(3) {
        0 => "-".to_string(),
        _ => (0..1 + rng.below(3))
            .map(|_| *rng.pick(&["N", "P", "WD", "K", "nN", "R"]))
            .collect::<Vec<_>>()
            .join(","),
    };
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

/// Transfer squares by the rule itself: empty, next to a royal the enemy doesn't attack.
fn transfer_squares_by_rule(pos: &Position) -> Vec<Square> {
    let us = pos.to_move();
    let mut squares: Vec<Square> = pos
        .royals(us)
        .filter(|&r| !pos.attacked_by_walking(r, !us))
        .flat_map(|r| r.neighbours())
        .filter(|&sq| pos.piece_at(sq).is_none())
        .collect();
    squares.sort();
    squares.dedup();
    squares
}

/// How many buy actions the rules allow: one per affordable design, or in `progressive`
/// one per affordable multiset within the piece limit.
fn buys_by_rule(pos: &Position) -> usize {
    let us = pos.to_move();
    if pos.rules().options.power
        || pos.royals(us).any(|r| pos.attacked_by_walking(r, !us))
        || pos.piece_count(us) >= 16
    {
        return 0;
    }
    let funds = pos.treasury(us) + pos.rules().ruleset.income(pos.ply());
    let costs: Vec<_> = pos
        .slots(us)
        .iter()
        .map(|d| pos.cost(d).expect("slots are priced"))
        .collect();
    let room = if pos.rules().ruleset == Ruleset::Progressive {
        16 - pos.piece_count(us) as usize
    } else {
        1
    };
    // Count multisets as non-decreasing index sequences of length 1..=room.
    fn count(
        costs: &[engine::Zorkmids],
        start: usize,
        left: engine::Zorkmids,
        room: usize,
    ) -> usize {
        if room == 0 {
            return 0;
        }
        (start..costs.len())
            .filter(|&i| costs[i] <= left)
            .map(|i| 1 + count(costs, i, left - costs[i], room - 1))
            .sum()
    }
    count(&costs, 0, funds, room)
}

fn compare(pos: &Position, checked: &mut usize) {
    let text = pos.to_string();
    let mut fast = pos.legal_moves();
    fast.sort();
    let slow = pos.legal_moves_by_trial();
    assert_eq!(fast, slow, "legal moves differ in {text}");

    for color in Color::ALL {
        let walked = pos.attacked_squares_by_walking(color);
        for sq in Square::all() {
            assert_eq!(
                pos.attacked_by(sq, color),
                walked.contains(sq),
                "attack on {sq} by {color} differs in {text}"
            );
        }
    }

    let actions = pos.legal_actions();
    assert_eq!(pos.count_legal_actions(), actions.len() as u64, "{text}");
    let mut transfers: Vec<Square> = actions
        .iter()
        .filter_map(|a| match a {
            Action::Transfer { to, .. } => Some(*to),
            _ => None,
        })
        .collect();
    transfers.sort();
    transfers.dedup();
    let reserve_empty = pos.reserve(pos.to_move()).is_empty();
    let expected = if reserve_empty {
        Vec::new()
    } else {
        transfer_squares_by_rule(pos)
    };
    assert_eq!(transfers, expected, "transfer squares differ in {text}");
    let buys = actions
        .iter()
        .filter(|a| matches!(a, Action::Buy(_)))
        .count();
    assert_eq!(buys, buys_by_rule(pos), "buys differ in {text}");
    *checked += 1;
}

/// Perft at depth 2 (make/unmake and bulk counting) against playing every action through
/// Game::play and counting the legal actions after it.
fn compare_perft(pos: &Position) {
    let game = Game::from_position(pos.clone());
    let slow: u64 = pos
        .legal_actions()
        .into_iter()
        .map(|a| {
            let mut g = game.clone();
            g.play(Turn::from(a.clone()))
                .unwrap_or_else(|e| panic!("legal action {a:?} refused: {e} in {pos}"));
            g.position().legal_actions().len() as u64
        })
        .sum();
    assert_eq!(perft(pos, 2), slow, "perft 2 differs in {pos}");
}

#[test]
fn fast_legal_moves_match_the_slow_reference() {
    let mut rng = Rng(0x00C5_1B65);
    let mut checked = 0;
    let mut positions = 0;
    while checked < 6000 {
        let ruleset = *rng.pick(&Ruleset::ALL);
        let text = random_position(&mut rng);
        let Some(pos) = parse_unless_waiting_in_check(&text, ruleset.into()) else {
            continue;
        };
        let shown = pos.to_string();
        let again = Position::parse(&shown, ruleset.into()).expect("shown positions parse");
        assert_eq!(again.to_string(), shown, "position strings round-trip");
        positions += 1;
        let mut game = Game::from_position(pos);
        for ply in 0..40 {
            let pos = game.position().clone();
            compare(&pos, &mut checked);
            // Progressive multi-buys can make thousands of actions: keep those out.
            if ply % 8 == 0 && pos.count_legal_actions() <= 150 {
                compare_perft(&pos);
            }
            let actions = game.legal_actions();
            if actions.is_empty() {
                break;
            }
            // Prefer moves, so pieces meet; transfers and buys keep the reserves moving.
            let moves: Vec<&Action> = actions
                .iter()
                .filter(|a| matches!(a, Action::Move { .. }))
                .collect();
            let action = if !moves.is_empty() && rng.below(4) != 0 {
                (*rng.pick(&moves)).clone()
            } else {
                rng.pick(&actions).clone()
            };
            game.play(Turn::from(action))
                .unwrap_or_else(|e| panic!("legal action refused: {e}"));
        }
    }
    assert!(positions > 50);
}

/// Positions built to stress the cases the fast path handles specially.
#[test]
fn hand_built_pin_and_check_positions() {
    let fide = "P,N,B,R,Q,K/P,N,B,R,Q,K";
    let mut checked = 0;
    for board in [
        // Lame knight checking over an empty leg; blocking its leg answers the check.
        "4k3/8/8/8/8/3[nN]4/8/2RK4 w",
        // Double check by a rider and a lame leaper.
        "3rk3/8/8/8/8/4[nN]3/8/3K4 w",
        // A piece pinned by a knightrider along an oblique line.
        "4k3/8/8/8/[NN]7/8/2N5/4K3 w",
        // A lame rider (nDD) gives check: only trial can judge.
        "4k3/8/8/8/8/8/8/[nDD]3K3 w",
        // A dabbaba rider jumps over a piece on its line: no pin, and the check is real.
        "4k3/8/8/4[DD]3/8/4N3/8/4K3 w",
        // Royal knight: attacked squares for a leaper royal.
        "4k3/8/8/8/8/2r5/8/3(royal-N)4 w",
        // Two royals a side: no pins at all.
        "k3k3/8/8/8/8/8/4R3/r3K2K b",
        // Move-only and capture-only rider parts.
        "4k3/8/8/8/8/8/8/[mRcB]3K3 w",
        "4k3/8/8/8/8/8/8/[cRmB]3K3 w",
    ] {
        let text = format!("{board} 0/0 -/- {fide} 3");
        let pos = Position::parse(&text, Ruleset::Classic.into())
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        compare(&pos, &mut checked);
        compare_perft(&pos);
    }
}

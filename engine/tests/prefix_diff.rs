//! The general generator (unofficial prefixes, plunder, fog terrain) against the slow
//! reference (engine::reference: every move walked square by square and played on a copy,
//! check judged by trying every reply) on random positions full of shooting, relay and
//! doublemove pieces, followed along random playouts: the same actions, the same count, the
//! same check, the same position after each played action, and the same perft.

mod common;

use common::{board_text, parse_unless_waiting_in_check, place, Board, Rng};
use engine::{perft, Action, Color, Game, Options, Position, Rules, Ruleset, Turn};

/// Bodies: leapers, riders, lame leapers and riders, direction subsets, move-only and
/// capture-only parts.
const BODIES: &[&str] = &[
    "W", "F", "N", "WF", "R", "B", "nN", "NN", "DD", "fmWcF", "cRmB", "WD", "fR", "nA", "AA",
    "sWbmD", "cNmW", "nDD", "Z", "fcFfmW", "vRsN",
];

/// Unofficial prefixes alone and stacked, and none, in the order designs write them.
const PREFIXES: &[&str] = &[
    "",
    "shooting-",
    "relay-",
    "relay-",
    "doublemove-",
    "relay-shooting-",
    "doublemove-shooting-",
    "relay-doublemove-",
    "relay-doublemove-shooting-",
];

/// Royal designs, some with unofficial prefixes.
const ROYALS: &[&str] = &[
    "royal-WF",
    "royal-WF",
    "royal-N",
    "royal-nN",
    "royal-shooting-WF",
    "royal-relay-WF",
    "royal-doublemove-W",
    "royal-doublemove-shooting-F",
];

/// Reserve designs: FIDE ones, a royal king, and prefixed ones.
const RESERVE: &[&str] = &["N", "P", "K", "R", "shooting-W", "doublemove-F", "relay-WF"];

/// Slot sets, each six different priced designs: FIDE ones, and prefixed ones.
const SLOTS: &[&str] = &["P,N,B,R,Q,K", "shooting-W,N,doublemove-F,relay-WF,Q,K"];

/// A random position string under random options (unofficial always): one or two royals a
/// side, up to five prefixed pieces, reserves, money (in debt with plunder), and in fog
/// games some impassable squares. The side not to move may be left in check: callers skip
/// those.
fn random_position(rng: &mut Rng) -> (String, Options) {
    let mut options = Options {
        unofficial: true,
        ..Options::default()
    };
    options.plunder = rng.below(2) == 0;
    options.fog = rng.below(3) == 0;
    options.power = rng.below(6) == 0;
    let mut board: Board = std::array::from_fn(|_| None);
    for color in Color::ALL {
        let royals = 1 + usize::from(rng.below(4) == 0);
        for _ in 0..royals {
            let design = *rng.pick(ROYALS);
            place(rng, &mut board, color, design);
        }
        for _ in 0..rng.below(6) {
            let design = format!("{}{}", rng.pick(PREFIXES), rng.pick(BODIES));
            place(rng, &mut board, color, &design);
        }
    }
    let reserve = |rng: &mut Rng| match rng.below(3) {
        0 => "-".to_string(),
        _ => (0..1 + rng.below(2))
            .map(|_| *rng.pick(RESERVE))
            .collect::<Vec<_>>()
            .join(","),
    };
    let treasury = |rng: &mut Rng| {
        let halves = rng.below(24) as i64 - if options.plunder { 8 } else { 0 };
        format!("{}", halves as f64 / 2.0)
    };
    let mut text = format!(
        "{} {} {}/{} {}/{} {}/{} {}",
        board_text(&board),
        if rng.below(2) == 0 { "w" } else { "b" },
        treasury(rng),
        treasury(rng),
        reserve(rng),
        reserve(rng),
        rng.pick(SLOTS),
        rng.pick(SLOTS),
        1 + rng.below(40)
    );
    if options.fog && rng.below(4) != 0 {
        let mut terrain = Vec::new();
        for _ in 0..1 + rng.below(6) {
            let sq = place(rng, &mut board, Color::White, "terrain");
            terrain.push(engine::Square::from_index(sq).name());
        }
        text = format!("{text} {}", terrain.join(","));
    }
    (text, options)
}

/// An action as text that is the same for equal actions: designs by their canonical form,
/// a buy's designs sorted.
fn key(action: &Action) -> String {
    match action {
        Action::Move { from, to } => format!("{from}-{to}"),
        Action::DoubleMove { from, via, to } => format!("{from}-{via}-{to}"),
        Action::Transfer { design, to } => format!("{}@{to}", design.canonical()),
        Action::Buy(designs) => {
            let mut names: Vec<String> = designs.iter().map(|d| d.canonical()).collect();
            names.sort();
            format!("Buy {}", names.join(","))
        }
    }
}

fn keys(actions: &[Action]) -> Vec<String> {
    let mut keys: Vec<String> = actions.iter().map(key).collect();
    keys.sort();
    keys
}

/// The fast side against the reference in one position: actions, their count, and which
/// royal pieces the opponent could capture.
fn compare(pos: &Position) {
    let fast = keys(&pos.legal_actions());
    let slow = keys(&pos.legal_actions_by_trial());
    if fast != slow {
        let only_fast: Vec<&String> = fast.iter().filter(|k| !slow.contains(k)).collect();
        let only_slow: Vec<&String> = slow.iter().filter(|k| !fast.contains(k)).collect();
        panic!(
            "actions differ in {pos} ({}): only fast {only_fast:?}, only reference {only_slow:?} ({} vs {})",
            pos.rules().options,
            fast.len(),
            slow.len()
        );
    }
    assert_eq!(
        pos.count_legal_actions(),
        fast.len() as u64,
        "count in {pos}"
    );
    for color in Color::ALL {
        for royal in pos.royals(color) {
            assert_eq!(
                pos.attacked_by(royal, !color),
                pos.capturable_by_trial(royal, !color),
                "check of {royal} in {pos}"
            );
        }
    }
}

/// Perft at depth 2 against the reference's; when they differ, the first action after which
/// the two sides disagree is compared in detail, so the failure names the culprit.
fn compare_perft(pos: &Position) {
    if perft(pos, 2) == pos.perft_by_trial(2) {
        return;
    }
    for action in pos.legal_actions() {
        let mut game = Game::from_position(pos.clone());
        game.play(Turn::from(action.clone()))
            .unwrap_or_else(|e| panic!("legal action {action:?} refused in {pos}: {e}"));
        let expected = pos.play_by_trial(&action);
        assert_eq!(
            game.position().to_string(),
            expected.to_string(),
            "after {action:?} in {pos}"
        );
        compare(game.position());
    }
    panic!("perft 2 differs in {pos}, yet every action's successor matches");
}

#[test]
fn general_generator_matches_the_reference_on_prefixed_pieces() {
    let mut rng = Rng(0x0013_5EED);
    let mut positions = 0;
    let mut double_moves = 0;
    let mut perfts = 0;
    while positions < 150 {
        let (text, options) = random_position(&mut rng);
        let ruleset = *rng.pick(&Ruleset::ALL);
        let rules = Rules::new(ruleset, options);
        let Some(pos) = parse_unless_waiting_in_check(&text, rules) else {
            continue;
        };
        positions += 1;
        let mut game = Game::from_position(pos);
        for ply in 0..12 {
            let pos = game.position().clone();
            compare(&pos);
            let actions = game.legal_actions();
            double_moves += actions
                .iter()
                .filter(|a| matches!(a, Action::DoubleMove { .. }))
                .count();
            if ply % 4 == 0 && actions.len() <= 60 {
                compare_perft(&pos);
                perfts += 1;
            }
            if actions.is_empty() {
                break;
            }
            // Prefer moves, so pieces meet; transfers and buys keep the reserves moving.
            let moves: Vec<&Action> = actions
                .iter()
                .filter(|a| matches!(a, Action::Move { .. } | Action::DoubleMove { .. }))
                .collect();
            let action = if !moves.is_empty() && rng.below(4) != 0 {
                (*rng.pick(&moves)).clone()
            } else {
                rng.pick(&actions).clone()
            };
            let expected = pos.play_by_trial(&action);
            game.play(Turn::from(action.clone()))
                .unwrap_or_else(|e| panic!("legal action {action:?} refused in {pos}: {e}"));
            assert_eq!(
                game.position().to_string(),
                expected.to_string(),
                "after {action:?} in {pos}"
            );
        }
    }
    assert!(
        double_moves > 1000 && perfts > 50,
        "{double_moves} {perfts}"
    );
}
